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

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write to FILE (atomically) instead of stdout", "FILE"),
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx, (void)argv;
  return argc >= 2 || hs_cli_usage_error(error, "expected at least one FILE");
}

/* Adds the rows of FILE (TEXT, whole) to ROWS; its header must be *HEADER (set by the first file,
 * named FIRST). */
static gboolean
read_rows(const char *file, char *text, gsize len, const char *first, char **header, GPtrArray *rows, GError **error)
{
  if (len == 0 || text[len - 1] != '\n')
    return hs_cli_fail(error, "%s: %s", file, len == 0 ? "empty file" : "truncated (no final newline)");
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (guint k = 0; lines[k] && lines[k + 1]; k++) { /* the last element is the empty tail */
    if (k == 0) {
      if (*header == NULL)
        *header = g_strdup(lines[0]);
      else if (strcmp(*header, lines[0]) != 0)
        return hs_cli_fail(error, "%s:1: header differs from %s", file, first);
      if (strchr(lines[0], '\t') == NULL || strncmp(lines[0], "opener\t", 7) != 0)
        return hs_cli_fail(error, "%s:1: not a sweep or prove TSV (header must start with 'opener')", file);
      continue;
    }
    const char *tab = strchr(lines[k], '\t');
    if (tab == NULL || tab == lines[k])
      return hs_cli_fail(error, "%s:%u: malformed row", file, k + 1);
    Row *r = g_new0(Row, 1);
    r->key = g_strndup(lines[k], (gsize)(tab - lines[k]));
    r->line = g_strconcat(lines[k], "\n", NULL);
    r->file = file;
    r->lineno = k + 1;
    g_ptr_array_add(rows, r);
  }
  return TRUE;
}

/* The header, then the rows sorted by opener; an opener found twice is an error. */
static char *
merge_rows(const char *header, GPtrArray *rows, GError **error)
{
  g_ptr_array_sort(rows, cmp_row);
  g_autoptr(GString) out = g_string_new(header);
  g_string_append_c(out, '\n');
  for (guint i = 0; i < rows->len; i++) {
    const Row *r = rows->pdata[i];
    const Row *p = i > 0 ? rows->pdata[i - 1] : NULL;
    if (p != NULL && strcmp(r->key, p->key) == 0) {
      hs_cli_fail(error, "%s:%u: opener '%s' also in %s:%u", r->file, r->lineno, r->key, p->file, p->lineno);
      return NULL;
    }
    g_string_append(out, r->line);
  }
  return g_string_free(g_steal_pointer(&out), FALSE);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  g_autofree char *header = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(row_free);
  for (int i = 1; i < argc; i++) {
    g_autofree char *text = NULL;
    gsize len = 0;
    if (!hs_file_read(argv[i], &text, &len, error) || !read_rows(argv[i], text, len, argv[1], &header, rows, error))
      return FALSE;
  }
  g_autofree char *out = merge_rows(header, rows, error);
  return out != NULL && hs_cli_write_output(ctx->opt.output, NULL, out, error);
}

const HsCliCommand hs_cli_merge = {
  .name = "merge",
  .summary = "Combine the TSV outputs of sharded sweep / prove --all runs",
  .parameters = "FILE...",
  .help = "Combines the TSV outputs of 'sweep --shard K/N' or 'prove --all --shard K/N' runs into exactly the\n"
          "bytes an unsharded run prints. Every file must have the same header line; an opener found twice is\n"
          "an error.\n\nExit status: 0 merged, 1 bad input, 2 usage error.",
  .options = options,
  .check = check,
  .run = run,
};
