/* Tests for the input and output guards every command relies on: bounded reads (size cap, NUL bytes),
 * line splitting (CRLF, byte-order mark), atomic writes (nothing left behind, signal dispositions
 * restored), pattern text errors, and lists written on Windows. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

static char *tmpdir;

static int
setup(void **state)
{
  (void)state;
  tmpdir = g_dir_make_tmp("hardening-XXXXXX", NULL);
  return tmpdir == NULL;
}

static int
teardown(void **state)
{
  (void)state;
  /* Every test removes what it made; the directory must be empty again (no temporary files). */
  int rc = g_rmdir(tmpdir);
  g_free(tmpdir);
  return rc;
}

static char *
path_in(const char *name)
{
  return g_build_filename(tmpdir, name, NULL);
}

static guint
entries_in(const char *dir)
{
  GDir *d = g_dir_open(dir, 0, NULL);
  guint n = 0;
  while (d != NULL && g_dir_read_name(d) != NULL)
    n++;
  if (d != NULL)
    g_dir_close(d);
  return n;
}

/* A 100 MB file is refused by its size, before it is read. */
static void
test_read_too_large(void **state)
{
  (void)state;
  g_autofree char *p = path_in("big.txt");
  int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  assert_true(fd >= 0);
  assert_int_equal(ftruncate(fd, 100 * 1000 * 1000), 0); /* sparse: no disk used */
  close(fd);
  char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  gint64 t0 = g_get_monotonic_time();
  assert_false(hs_file_read(p, &text, &len, &e));
  assert_true(g_get_monotonic_time() - t0 < G_USEC_PER_SEC);
  g_autofree char *want = g_strdup_printf("%s: file is larger than 64 MiB", p);
  assert_string_equal(e->message, want);
  assert_null(text);
  g_error_free(e);
  g_unlink(p);
}

/* A stream with no size (a device, a pipe) stops at the cap too. */
static void
test_read_stream_cap(void **state)
{
  (void)state;
  if (!g_file_test("/dev/zero", G_FILE_TEST_EXISTS)) {
    print_message("skip: no /dev/zero on this system\n");
    skip();
  }
  char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_false(hs_file_read("/dev/zero", &text, &len, &e));
  assert_string_equal(e->message, "/dev/zero: file is larger than 64 MiB");
  g_error_free(e);
}

/* A NUL byte makes a file binary: the error names the line it is on. */
static void
test_read_nul(void **state)
{
  (void)state;
  g_autofree char *p = path_in("nul.txt");
  assert_true(g_file_set_contents(p, "shade\nshake\nsh\0me\n", 18, NULL));
  char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_false(hs_file_read(p, &text, &len, &e));
  g_autofree char *want = g_strdup_printf("%s:3: binary file (holds a NUL byte)", p);
  assert_string_equal(e->message, want);
  g_clear_error(&e);
  assert_false(hs_file_read(tmpdir, &text, &len, &e));
  assert_true(g_str_has_suffix(e->message, ": is a directory"));
  g_error_free(e);
  g_unlink(p);
}

typedef struct {
  GString *seen;
} Lines;

static gboolean
collect(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  (void)error;
  Lines *l = user;
  g_string_append_printf(l->seen, "%u[%.*s]", lineno, (int)len, line);
  return TRUE;
}

static void
test_lines(void **state)
{
  (void)state;
  static const struct {
    const char *text, *want;
  } cases[] = {
    { "", "" },
    { "a\nb", "1[a]2[b]" },
    { "a\r\nb\r\n", "1[a]2[b]" },
    { "\xEF\xBB\xBF"
      "a\r\n\r\nc\n",
      "1[a]2[]3[c]" },       /* byte-order mark, CRLF, a blank line */
    { "a\rb\n", "1[a\rb]" }, /* a lone CR is not a line break */
    { "\r\n", "1[]" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    Lines l = { g_string_new(NULL) };
    assert_true(hs_file_foreach_line(cases[i].text, strlen(cases[i].text), collect, &l, NULL));
    assert_string_equal(l.seen->str, cases[i].want);
    g_string_free(l.seen, TRUE);
  }
}

static volatile sig_atomic_t caught;

static void
on_sigint(int sig)
{
  (void)sig;
  caught++;
}

/* Writes replace the file whole, leave no temporary file, and give the signals back as they were. */
static void
test_write_atomic(void **state)
{
  (void)state;
  g_autofree char *p = path_in("out.tsv");
  struct sigaction sa, now;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  struct sigaction before;
  sigaction(SIGINT, &sa, &before);

  GError *e = NULL;
  assert_true(hs_file_write_atomic(p, "old\n", 4, &e));
  assert_true(hs_file_write_atomic(p, "new\n", 4, &e));
  g_autofree char *got = NULL;
  assert_true(g_file_get_contents(p, &got, NULL, NULL));
  assert_string_equal(got, "new\n");
  GStatBuf st;
  assert_int_equal(g_stat(p, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0644);
  assert_int_equal(entries_in(tmpdir), 1);
  sigaction(SIGINT, NULL, &now);
  assert_ptr_equal((void *)now.sa_handler, (void *)on_sigint);
  /* A signal raised now reaches the handler at once (nothing is held outside a write). */
  raise(SIGINT);
  assert_int_equal(caught, 1);
  sigaction(SIGINT, &before, NULL);
  g_unlink(p);
}

/* A missing directory, or a file where the directory should be, fails with nothing left behind. */
static void
test_write_fails_cleanly(void **state)
{
  (void)state;
  g_autofree char *file = path_in("file");
  assert_true(g_file_set_contents(file, "x", 1, NULL));
  g_autofree char *missing = path_in("nodir/out.tsv");
  g_autofree char *under_file = path_in("file/out.tsv");
  const char *paths[] = { missing, under_file };
  for (guint i = 0; i < G_N_ELEMENTS(paths); i++) {
    GError *e = NULL;
    assert_false(hs_file_write_atomic(paths[i], "data\n", 5, &e));
    assert_true(g_str_has_prefix(e->message, paths[i]));
    g_error_free(e);
  }
  assert_int_equal(entries_in(tmpdir), 1);
  g_unlink(file);
}

/* Typed patterns: the message says what is wrong. */
static void
test_pattern_errors(void **state)
{
  (void)state;
  static const struct {
    const char *text, *message;
  } bad[] = {
    { "GYBB", "'GYBB' is not a pattern: 4 tiles, expected 5" },
    { "GYBXB", "'GYBXB' is not a pattern: unexpected symbol at byte 4 (use 🟩🟨⬜, GYB or 210)" },
    { "GYBBBB", "'GYBBBB' is not a pattern: more than 5 tiles" },
    { "🟩🟩🟩🟩", "'🟩🟩🟩🟩' is not a pattern: 4 tiles, expected 5" },
    { "", "'' is not a pattern: 0 tiles, expected 5" },
    { "GY BBB", "'GY BBB' is not a pattern: unexpected symbol at byte 3 (use 🟩🟨⬜, GYB or 210)" },
    { "\xff\xfe"
      "BBB",
      "'\\xff\\xfeBBB' is not a pattern: unexpected symbol at byte 1 (use 🟩🟨⬜, GYB or 210)" },
    /* Control bytes are shown escaped (escape.h), never raw. */
    { "\033]0;x\007", "'\\e]0;x\\a' is not a pattern: unexpected symbol at byte 1 (use 🟩🟨⬜, GYB or 210)" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    HsPat p;
    GError *e = NULL;
    assert_false(hs_test_parse(bad[i].text, -1, &p, &e));
    assert_string_equal(e->message, bad[i].message);
    g_error_free(e);
  }
  HsPat p = 0;
  assert_true(hs_test_parse("g1⬛️.Y", -1, &p, NULL));
  assert_int_equal(p, 2 * 81 + 1 * 27 + 0 + 0 + 1);
}

/* Lists saved on Windows (byte-order mark, CRLF) read as the plain ones; upper case is refused. */
static void
test_windows_lists(void **state)
{
  (void)state;
  const char *a = "\xEF\xBB\xBF# answers\r\nshade\r\nshake\r\n";
  const char *g = "howls\r\n\r\nsalet";
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_parse(a, strlen(a), "a.txt", g, strlen(g), "g.txt", &e);
  assert_non_null(w);
  assert_int_equal(w->n_answers, 2);
  assert_int_equal(w->n_words, 4);
  assert_string_equal(w->text[0], "shade");
  assert_string_equal(w->text[3], "salet");
  const char *up = "shade\r\nShake\r\n";
  assert_null(hs_words_parse(up, strlen(up), "a.txt", g, strlen(g), "g.txt", &e));
  assert_string_equal(e->message, "a.txt:2: 'Shake' is not a word: upper-case letters are not accepted");
  g_error_free(e);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_read_too_large), cmocka_unit_test(test_read_stream_cap),
    cmocka_unit_test(test_read_nul),       cmocka_unit_test(test_lines),
    cmocka_unit_test(test_write_atomic),   cmocka_unit_test(test_write_fails_cleanly),
    cmocka_unit_test(test_pattern_errors), cmocka_unit_test(test_windows_lists),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
