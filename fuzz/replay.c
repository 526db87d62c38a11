/* hardsix fuzz replay — runs a fuzz target's LLVMFuzzerTestOneInput on saved inputs, without libFuzzer.
 * Usage: replay_NAME FILE|DIR...   (every regular file of a DIR, in name order). Prints one line per
 * input and "replayed N inputs"; a failing property aborts, as under the fuzzer. */
#include "fuzz-common.h"

static int
replay_file(const char *path)
{
  gchar *data = NULL;
  gsize len = 0;
  GError *e = NULL;
  if (!g_file_get_contents(path, &data, &len, &e)) {
    fprintf(stderr, "replay: %s\n", e->message);
    g_error_free(e);
    return 1;
  }
  printf("input %s (%zu bytes)\n", path, (size_t)len);
  fflush(stdout);
  /* A copy of exactly LEN bytes, so that ASan sees any read past the input. */
  uint8_t *copy = g_malloc(len ? len : 1);
  memcpy(copy, data, len);
  g_free(data);
  LLVMFuzzerTestOneInput(copy, len);
  g_free(copy);
  return 0;
}

static gint
cmp_names(gconstpointer a, gconstpointer b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int
main(int argc, char **argv)
{
  guint n = 0;
  int bad = 0;
  for (int i = 1; i < argc; i++) {
    if (!g_file_test(argv[i], G_FILE_TEST_IS_DIR)) {
      bad |= replay_file(argv[i]);
      n++;
      continue;
    }
    GDir *d = g_dir_open(argv[i], 0, NULL);
    if (d == NULL)
      continue;
    GPtrArray *names = g_ptr_array_new_with_free_func(g_free);
    const char *name;
    while ((name = g_dir_read_name(d)) != NULL)
      g_ptr_array_add(names, g_build_filename(argv[i], name, NULL));
    g_dir_close(d);
    g_ptr_array_sort(names, cmp_names);
    for (guint k = 0; k < names->len; k++)
      if (g_file_test(names->pdata[k], G_FILE_TEST_IS_REGULAR)) {
        bad |= replay_file(names->pdata[k]);
        n++;
      }
    g_ptr_array_unref(names);
  }
  printf("replayed %u inputs\n", n);
  return bad;
}
