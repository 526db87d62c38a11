/* Tests for bigmem.c: large blocks on huge pages, small ones from g_malloc, all freed with g_free. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "hardsix/hardsix.h"

/* The sizes tried: small, just below the huge-page size, at it, and past it by an odd amount. */
static const gsize sizes[] = { 0, 1, 4095, 4096, (2u << 20) - 1, 2u << 20, (3u << 20) + 7, 20u << 20 };

/* Every byte of a zeroed block is zero and every byte of any block can be written and read back. */
static void
test_blocks(void **state)
{
  (void)state;
  for (gsize i = 0; i < G_N_ELEMENTS(sizes); i++) {
    const gsize n = sizes[i];
    guint8 *z = hs_big_new0(n);
    assert_non_null(z);
    for (gsize b = 0; b < n; b++)
      if (z[b] != 0)
        fail_msg("byte %zu of a zeroed block of %zu is %u", (size_t)b, (size_t)n, z[b]);
    guint8 *u = hs_big_new(n);
    guint8 *t = hs_big_try_new(n);
    assert_non_null(u);
    assert_non_null(t);
    for (gsize b = 0; b < n; b++)
      u[b] = t[b] = (guint8)(b * 131 + 7);
    for (gsize b = 0; b < n; b++)
      assert_int_equal(u[b], t[b]);
    /* From HS_BIG_MIN on a block starts on a huge page. */
    if (n >= HS_BIG_MIN) {
      assert_int_equal((guintptr)z % HS_BIG_MIN, 0);
      assert_int_equal((guintptr)u % HS_BIG_MIN, 0);
      assert_int_equal((guintptr)t % HS_BIG_MIN, 0);
    }
    g_free(z);
    g_free(u);
    g_free(t);
  }
}

/* A size that cannot be had: NULL from the try form, never a crash or a short block. */
static void
test_too_large(void **state)
{
  (void)state;
  assert_null(hs_big_try_new(G_MAXSIZE));
  assert_null(hs_big_try_new(G_MAXSIZE - 4096));
  /* Half the address space reaches posix_memalign, which fails; AddressSanitizer aborts on such a
   * request instead of returning NULL (allocator_may_return_null is off), so not under it. */
#if !defined(__SANITIZE_ADDRESS__)
  assert_null(hs_big_try_new(G_MAXSIZE / 2));
#endif
}

/* The kernel's flags of the mapping that holds ADDR (/proc/self/smaps "VmFlags:"), or NULL when
 * /proc does not say. */
static char *
vm_flags(gconstpointer addr)
{
  FILE *f = fopen("/proc/self/smaps", "r");
  if (f == NULL)
    return NULL;
  char line[512];
  gboolean inside = FALSE;
  char *flags = NULL;
  while (flags == NULL && fgets(line, sizeof line, f) != NULL) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
      inside = (guintptr)addr >= lo && (guintptr)addr < hi;
    else if (inside && g_str_has_prefix(line, "VmFlags:"))
      flags = g_strdup(line + strlen("VmFlags:"));
  }
  fclose(f);
  return flags;
}

/* A large block is advised as one for huge pages (the mapping's flag "hg"), where the kernel has
 * transparent huge pages at all. */
static void
test_advised(void **state)
{
  (void)state;
  g_autofree char *thp = NULL;
  if (!g_file_get_contents("/sys/kernel/mm/transparent_hugepage/enabled", &thp, NULL, NULL) ||
      strstr(thp, "[never]") != NULL) {
    skip(); /* no transparent huge pages here: nothing to advise */
    return;
  }
  guint8 *big = hs_big_new(20u << 20);
  memset(big, 1, 20u << 20);
  g_autofree char *flags = vm_flags(big + (10u << 20));
  if (flags == NULL) {
    g_free(big);
    skip(); /* /proc/self/smaps is not readable here */
    return;
  }
  g_auto(GStrv) words = g_strsplit_set(g_strstrip(flags), " ", -1);
  assert_true(g_strv_contains((const char *const *)words, "hg"));
  g_free(big);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_blocks),
    cmocka_unit_test(test_too_large),
    cmocka_unit_test(test_advised),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
