/* hardsix merge — combine the TSV outputs of sharded runs (sweep, prove --all) into the bytes of one
 * unsharded run: the common header line, then every row sorted by its first field. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  char *key;  /* first field (the opener) */
  char *line; /* whole line with its newline */
  const char *file;
  guint lineno;
} Row;

static gint
cmp_row(gconstpointer a, gconstpointer b)
{
  const Row *x = *(Row *const *)a, *y = *(Row *const *)b;
  return strcmp(x->key, y->key);
}

static void
row_free(gpointer p)
{
  Row *r = p;
  g_free(r->key);
  g_free(r->line);
  g_free(r);
}

int
hs_cmd_merge(int argc, char **argv)
{
  g_autofree char *output = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write to FILE (atomically) instead of stdout", "FILE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("FILE...");
  g_option_context_set_summary(
    ctx, "Combines the TSV outputs of 'sweep --shard K/N' or 'prove --all --shard K/N' runs into exactly the\n"
         "bytes an unsharded run prints. Every file must have the same header line; an opener found twice is\n"
         "an error.\n\nExit status: 0 merged, 1 bad input, 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  if (!hs_cli_parse(ctx, "merge", &argc, &argv))
    return HS_EXIT_USAGE;
  if (argc < 2)
    return hs_cli_usage("merge", "expected at least one FILE");

  g_autofree char *header = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(row_free);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
  GError *error = NULL;
  for (int i = 1; i < argc; i++) {
    char *text = NULL;
    gsize len = 0;
    if (!hs_file_read(argv[i], &text, &len, &error))
      return hs_cli_fail(error);
    g_ptr_array_add(texts, text);
    if (len == 0 || text[len - 1] != '\n') {
      fprintf(stderr, "hardsix: %s: %s\n", argv[i], len == 0 ? "empty file" : "truncated (no final newline)");
      return HS_EXIT_FAIL;
    }
    g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
    for (guint k = 0; lines[k] && lines[k + 1]; k++) { /* the last element is the empty tail */
      if (k == 0) {
        if (header == NULL)
          header = g_strdup(lines[0]);
        else if (strcmp(header, lines[0]) != 0) {
          fprintf(stderr, "hardsix: %s:1: header differs from %s\n", argv[i], argv[1]);
          return HS_EXIT_FAIL;
        }
        if (strchr(lines[0], '\t') == NULL || strncmp(lines[0], "opener\t", 7) != 0) {
          fprintf(stderr, "hardsix: %s:1: not a sweep or prove TSV (header must start with 'opener')\n", argv[i]);
          return HS_EXIT_FAIL;
        }
        continue;
      }
      const char *tab = strchr(lines[k], '\t');
      if (tab == NULL || tab == lines[k]) {
        fprintf(stderr, "hardsix: %s:%u: malformed row\n", argv[i], k + 1);
        return HS_EXIT_FAIL;
      }
      Row *r = g_new0(Row, 1);
      r->key = g_strndup(lines[k], (gsize)(tab - lines[k]));
      r->line = g_strconcat(lines[k], "\n", NULL);
      r->file = argv[i];
      r->lineno = k + 1;
      g_ptr_array_add(rows, r);
    }
  }
  g_ptr_array_sort(rows, cmp_row);
  GString *out = g_string_new(header);
  g_string_append_c(out, '\n');
  for (guint i = 0; i < rows->len; i++) {
    const Row *r = rows->pdata[i];
    if (i > 0 && strcmp(r->key, ((Row *)rows->pdata[i - 1])->key) == 0) {
      const Row *p = rows->pdata[i - 1];
      fprintf(stderr, "hardsix: %s:%u: opener '%s' also in %s:%u\n", r->file, r->lineno, r->key, p->file, p->lineno);
      g_string_free(out, TRUE);
      return HS_EXIT_FAIL;
    }
    g_string_append(out, r->line);
  }
  int rc = HS_EXIT_OK;
  if (output) {
    if (!hs_file_write_atomic(output, out->str, out->len, &error))
      rc = hs_cli_fail(error);
  } else {
    fwrite(out->str, 1, out->len, stdout);
    if (fflush(stdout) != 0)
      rc = HS_EXIT_FAIL;
  }
  g_string_free(out, TRUE);
  return rc;
}
