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
  (void)argv;
  if (argc < 2)
    return hs_cli_usage_error(error, "expected at least one FILE");
  return ctx->opt.output == NULL || hs_cli_plan_file(ctx, "-o", ctx->opt.output, error);
}

/* One shard file: its header line split at "; " (the first part "# hardsix shard K/N"). */
typedef struct {
  const char *path;
  guint k, n;
  GStrv parts;
} Shard;

static void
shard_clear(Shard *sh)
{
  g_strfreev(sh->parts);
}

/* The value of part NAME ("NAME VALUE") of SH, or NULL. */
static const char *
shard_part(const Shard *sh, const char *name)
{
  gsize len = strlen(name);
  for (guint i = 1; sh->parts[i] != NULL; i++)
    if (strncmp(sh->parts[i], name, len) == 0 && sh->parts[i][len] == ' ')
      return sh->parts[i] + len + 1;
  return NULL;
}

/* Reads the shard line of FILE (LINE, line 1). */
static gboolean
parse_shard_line(const char *file, const char *line, Shard *sh, GError **error)
{
  static const char prefix[] = "# hardsix shard ";
  if (strncmp(line, prefix, sizeof prefix - 1) != 0)
    return hs_cli_fail(
      error, "%s:1: not a shard file (the first line of a --shard K/N run is '# hardsix shard K/N; ...')", file);
  sh->path = file;
  sh->parts = g_strsplit(line, "; ", -1);
  const char *kn = sh->parts[0] + sizeof prefix - 1;
  g_auto(GStrv) two = g_strsplit(kn, "/", -1);
  guint64 k = 0, n = 0;
  if (g_strv_length(two) != 2 || !g_ascii_string_to_unsigned(two[0], 10, 1, 1000000, &k, NULL) ||
      !g_ascii_string_to_unsigned(two[1], 10, 1, 1000000, &n, NULL) || k > n)
    return hs_cli_fail(error, "%s:1: malformed shard number '%s' (expected K/N)", file, kn);
  sh->k = (guint)k;
  sh->n = (guint)n;
  if (shard_part(sh, "command") == NULL || shard_part(sh, "openers") == NULL)
    return hs_cli_fail(error, "%s:1: malformed shard line (no command or openers)", file);
  return TRUE;
}

/* SH was made like FIRST: same N and every other part the same. */
static gboolean
same_making(const Shard *first, const Shard *sh, GError **error)
{
  if (sh->n != first->n)
    return hs_cli_fail(error, "%s:1: shard %u/%u, but %s is shard %u/%u (different splits)", sh->path, sh->k, sh->n,
                       first->path, first->k, first->n);
  for (guint i = 1; first->parts[i] != NULL || sh->parts[i] != NULL; i++) {
    const char *a = first->parts[i], *b = sh->parts[i];
    if (a == NULL || b == NULL || strcmp(a, b) != 0)
      return hs_cli_fail(error, "%s:1: made with other options or lists than %s: '%s' vs '%s'", sh->path, first->path,
                         b ? b : "(nothing)", a ? a : "(nothing)");
  }
  return TRUE;
}

static gboolean
is_word(const char *s)
{
  if (strlen(s) != 5)
    return FALSE;
  for (int i = 0; i < 5; i++)
    if (s[i] < 'a' || s[i] > 'z')
      return FALSE;
  return TRUE;
}

static gboolean
is_count(const char *s)
{
  if (*s == '\0')
    return FALSE;
  for (; *s; s++)
    if (!g_ascii_isdigit(*s))
      return FALSE;
  return TRUE;
}

/* DIGITS.DIGITS or DIGITS */
static gboolean
is_decimal(const char *s)
{
  const char *dot = strchr(s, '.');
  if (dot == NULL)
    return is_count(s);
  g_autofree char *whole = g_strndup(s, (gsize)(dot - s));
  return is_count(whole) && is_count(dot + 1);
}

/* "1:1,2:8,..." */
static gboolean
is_histogram(const char *s)
{
  g_auto(GStrv) items = g_strsplit(s, ",", -1);
  if (items[0] == NULL)
    return FALSE;
  for (guint i = 0; items[i] != NULL; i++) {
    g_auto(GStrv) kv = g_strsplit(items[i], ":", -1);
    if (g_strv_length(kv) != 2 || !is_count(kv[0]) || !is_count(kv[1]))
      return FALSE;
  }
  return TRUE;
}

/* Whether VALUE may stand in column NAME of a COMMAND row ("-" stands for "not computed" where a
 * column may lack a value). */
static gboolean
valid_field(const char *command, const char *name, const char *value)
{
  gboolean dash = strcmp(value, "-") == 0;
  if (strcmp(name, "opener") == 0)
    return is_word(value);
  if (strcmp(name, "verdict") == 0) {
    const char *sweep[] = { "ok", "fail", NULL }, *prove[] = { "proven", "impossible", "undecided", NULL },
               *optimize[] = { "optimal", "impossible", "worse", NULL };
    const char *const *ok = strcmp(command, "sweep") == 0 ? sweep : strcmp(command, "prove") == 0 ? prove : optimize;
    return g_strv_contains(ok, value);
  }
  if (strcmp(name, "first_over") == 0)
    return dash || is_word(value);
  if (strcmp(name, "histogram") == 0)
    return dash || is_histogram(value);
  if (strcmp(name, "average") == 0 || strcmp(name, "seconds") == 0)
    return dash || is_decimal(value);
  /* worst, over_cap, total, nodes */
  return dash || is_count(value);
}

/* Adds the rows of FILE (TEXT, whole) to ROWS. Line 1 is its shard line (parsed into SH), line 2 the
 * column header, which must be *HEADER (set by the first file, FIRST); every row is checked. */
static gboolean
read_rows(const char *file, char *text, gsize len, const Shard *first, Shard *sh, char **header, GPtrArray *rows,
          GError **error)
{
  if (len == 0 || text[len - 1] != '\n')
    return hs_cli_fail(error, "%s: %s", file, len == 0 ? "empty file" : "truncated (no final newline)");
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  if (!parse_shard_line(file, lines[0], sh, error) || (first != NULL && !same_making(first, sh, error)))
    return FALSE;
  if (lines[1] == NULL || lines[2] == NULL)
    return hs_cli_fail(error, "%s:2: no column header", file);
  if (strncmp(lines[1], "opener\t", 7) != 0)
    return hs_cli_fail(error, "%s:2: not a sweep, prove or optimize TSV (the header must start with 'opener')", file);
  if (*header == NULL)
    *header = g_strdup(lines[1]);
  else if (strcmp(*header, lines[1]) != 0)
    return hs_cli_fail(error, "%s:2: column header differs from %s", file, first->path);
  g_auto(GStrv) columns = g_strsplit(lines[1], "\t", -1);
  guint n_columns = g_strv_length(columns);
  const char *command = shard_part(sh, "command");
  for (guint k = 2; lines[k] && lines[k + 1]; k++) { /* the last element is the empty tail */
    g_auto(GStrv) fields = g_strsplit(lines[k], "\t", -1);
    guint n_fields = g_strv_length(fields);
    if (n_fields != n_columns)
      return hs_cli_fail(error, "%s:%u: malformed row: %u tab-separated fields, expected %u", file, k + 1, n_fields,
                         n_columns);
    for (guint c = 0; c < n_columns; c++)
      if (!valid_field(command, columns[c], fields[c])) {
        g_autofree char *shown = hs_escape(fields[c], -1, -1);
        return hs_cli_fail(error, "%s:%u: malformed row: '%s' is not a valid %s", file, k + 1, shown, columns[c]);
      }
    Row *r = g_new0(Row, 1);
    r->key = g_strdup(fields[0]);
    r->line = g_strconcat(lines[k], "\n", NULL);
    r->file = file;
    r->lineno = k + 1;
    g_ptr_array_add(rows, r);
  }
  return TRUE;
}

/* Every shard K of N once. */
static gboolean
check_shards(const Shard *shards, guint n_files, GError **error)
{
  guint n = shards[0].n;
  g_autofree const Shard **seen = g_new0(const Shard *, n + 1);
  for (guint i = 0; i < n_files; i++) {
    const Shard *sh = &shards[i];
    if (seen[sh->k] != NULL)
      return hs_cli_fail(error, "%s: shard %u/%u again (also %s)", sh->path, sh->k, n, seen[sh->k]->path);
    seen[sh->k] = sh;
  }
  g_autoptr(GString) missing = g_string_new(NULL);
  guint n_missing = 0;
  for (guint k = 1; k <= n; k++)
    if (seen[k] == NULL) {
      if (n_missing < 10)
        g_string_append_printf(missing, "%s%u/%u", n_missing ? ", " : "", k, n);
      n_missing++;
    }
  if (n_missing > 0)
    return hs_cli_fail(error, "missing shard%s %s%s (%u of %u given)", n_missing > 1 ? "s" : "", missing->str,
                       n_missing > 10 ? ", ..." : "", n_files, n);
  return TRUE;
}

/* The column header, then the rows sorted by opener; an opener found twice is an error, and the rows
 * must be as many as the openers the shards were made for. */
static char *
merge_rows(const char *header, GPtrArray *rows, const Shard *first, GError **error)
{
  g_ptr_array_sort(rows, cmp_row);
  guint64 expected = 0;
  g_auto(GStrv) openers = g_strsplit(shard_part(first, "openers"), " ", -1);
  guint n_words = g_strv_length(openers);
  if (n_words < 2 || !g_ascii_string_to_unsigned(openers[n_words - 2], 10, 0, G_MAXUINT, &expected, NULL)) {
    hs_cli_fail(error, "%s:1: malformed shard line (openers)", first->path);
    return NULL;
  }
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
  if (rows->len != expected) {
    hs_cli_fail(error, "the shards hold %u rows, but were made for %" G_GUINT64_FORMAT " openers", rows->len, expected);
    return NULL;
  }
  return g_string_free(g_steal_pointer(&out), FALSE);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  g_autofree char *header = NULL;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(row_free);
  guint n_files = (guint)argc - 1;
  Shard *shards = g_new0(Shard, n_files);
  gboolean ok = TRUE;
  for (guint i = 0; ok && i < n_files; i++) {
    const char *file = argv[i + 1];
    g_autofree char *text = NULL;
    gsize len = 0;
    ok = hs_file_read(file, &text, &len, error) &&
         read_rows(file, text, len, i > 0 ? &shards[0] : NULL, &shards[i], &header, rows, error);
  }
  g_autofree char *out = NULL;
  if (ok)
    ok = check_shards(shards, n_files, error) && (out = merge_rows(header, rows, &shards[0], error)) != NULL;
  for (guint i = 0; i < n_files; i++)
    shard_clear(&shards[i]);
  g_free(shards);
  return ok && hs_cli_write_output(ctx->opt.output, NULL, out, error);
}

const HsCliCommand hs_cli_merge = {
  .name = "merge",
  .summary = "Combine the TSV outputs of sharded sweep / prove --all runs",
  .parameters = "FILE...",
  .help = "Combines the TSV outputs of 'sweep --shard K/N', 'prove --all --shard K/N' or 'optimize --all\n"
          "--shard K/N' runs into exactly the bytes an unsharded run prints. Each shard starts with a line\n"
          "'# hardsix shard K/N; ...' naming the command, the lists (with checksums), the rules, the cap, the\n"
          "policy, the options and the openers. merge refuses a missing, duplicated or differently made\n"
          "shard, a malformed row (named file:line), an opener found twice, and rows that do not add up to\n"
          "the openers.\n\nExit status: 0 merged, 1 bad input, 2 usage error.",
  .options = options,
  .check = check,
  .run = run,
};
