/* hardsix merge — combine the TSV outputs of sharded runs (sweep, prove --all, optimize --all) into the
 * bytes of one unsharded run: the common column header, then every row sorted by opener. Nothing in a
 * shard is taken on trust: its shard line must match the lists and openers merge loads, each row must
 * belong to its shard's slice of the openers and be consistent in itself (rows.c). */
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

/* One shard file, read by check (before the lists are loaded) and checked row by row by run. */
typedef struct {
  const char *path;
  GStrv lines; /* line 1 the shard line, line 2 the column header, then the rows */
  HsCliShard sh;
} ShardFile;

static struct {
  ShardFile *files;
  guint n_files;
  HsCliTableShape shape;
} merge;

static void
merge_clear(void)
{
  for (guint i = 0; i < merge.n_files; i++) {
    g_strfreev(merge.files[i].lines);
    hs_cli_shard_clear(&merge.files[i].sh);
  }
  g_clear_pointer(&merge.files, g_free);
  merge.n_files = 0;
}

/* K of "--best K[ ...]" (the options part of an optimize --best shard line). */
static gboolean
parse_best(const char *text, guint64 *k)
{
  g_autofree char *digits = g_strndup(text, strcspn(text, " "));
  return g_ascii_string_to_unsigned(digits, 10, 1, G_MAXINT, k, NULL);
}

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write to FILE (atomically) instead of stdout", "FILE"),
  HS_CLI_OPENERS_OPTION("The FILE of openers the shards were made with (when their shard line names one)"),
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* SH was made like FIRST: same N and every other part the same. */
static gboolean
same_making(const HsCliShard *first, const HsCliShard *sh, GError **error)
{
  if (sh->n != first->n || sh->split != first->split)
    return hs_cli_fail(error, "%s:1: shard %u/%u%s, but %s is shard %u/%u%s (different splits)", sh->path, sh->k, sh->n,
                       hs_cli_split_suffix(sh->split), first->path, first->k, first->n,
                       hs_cli_split_suffix(first->split));
  for (guint i = 1; first->parts[i] != NULL || sh->parts[i] != NULL; i++) {
    const char *a = first->parts[i], *b = sh->parts[i];
    if (a == NULL || b == NULL || strcmp(a, b) != 0) {
      g_autofree char *sa = hs_escape(a ? a : "(nothing)", -1, 80), *sb = hs_escape(b ? b : "(nothing)", -1, 80);
      return hs_cli_fail(error, "%s:1: made with other options or lists than %s: '%s' vs '%s'", sh->path, first->path,
                         sb, sa);
    }
  }
  return TRUE;
}

/* Every shard K of N once. */
static gboolean
check_shards(GError **error)
{
  guint n = merge.files[0].sh.n;
  g_autofree const HsCliShard **seen = g_new0(const HsCliShard *, n + 1);
  for (guint i = 0; i < merge.n_files; i++) {
    const HsCliShard *sh = &merge.files[i].sh;
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
                       n_missing > 10 ? ", ..." : "", merge.n_files, n);
  return TRUE;
}

/* Reads FILE into F: its lines, its shard line, its column header (the same in every file). */
static gboolean
read_shard(const char *file, ShardFile *f, GError **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  f->path = file;
  if (!hs_file_read(file, &text, &len, error) || (f->lines = hs_cli_table_lines(file, text, len, error)) == NULL ||
      !hs_cli_shard_parse(file, f->lines[0], &f->sh, error))
    return FALSE;
  if (f->lines[1] == NULL)
    return hs_cli_fail(error, "%s:2: no column header", file);
  const ShardFile *first = &merge.files[0];
  if (f == first)
    return hs_cli_table_shape(file, 2, f->lines[1], &merge.shape, error);
  if (strcmp(f->lines[1], first->lines[1]) != 0)
    return hs_cli_fail(error, "%s:2: column header differs from %s", file, first->path);
  return same_making(&first->sh, &f->sh, error);
}

/* The lists, order and openers the shard line names fill in what the options leave open; what it
 * names but cannot be loaded from its name (custom lists, files) must be given. */
static gboolean
fill_in_from_shard(HsCliContext *ctx, const HsCliShard *sh, GError **error)
{
  HsCliOptions *o = &ctx->opt;
  const char *lists = hs_cli_shard_part(sh, "lists");
  if (o->lists == NULL && o->answers == NULL && o->guesses == NULL) {
    if (!hs_words_is_set_name(lists)) {
      g_autofree char *shown = hs_escape(lists, -1, 40);
      return hs_cli_usage_error(error, "%s was made with the lists '%s': give merge the same --answers and --guesses",
                                sh->path, shown);
    }
    o->lists = g_strdup(lists);
  }
  const char *policy = hs_cli_shard_part(sh, "policy"), *order = policy ? strstr(policy, "order ") : NULL;
  if (order != NULL && o->order == NULL) {
    g_autofree char *name = g_strndup(order + 6, strcspn(order + 6, ","));
    if (!hs_words_is_order_name(name)) {
      g_autofree char *shown = hs_escape(name, -1, 40);
      return hs_cli_usage_error(error, "%s was made with --order %s: give merge the same --order FILE", sh->path,
                                shown);
    }
    o->order = g_strdup(name);
  }
  g_auto(GStrv) openers = g_strsplit(hs_cli_shard_part(sh, "openers"), " ", -1);
  if (o->openers == NULL) {
    const char *sets[] = { "all", "answers", "guesses", NULL };
    if (!g_strv_contains(sets, openers[0])) {
      g_autofree char *shown = hs_escape(openers[0], -1, 40);
      return hs_cli_usage_error(error, "%s was made with --openers %s: give merge the same --openers FILE", sh->path,
                                shown);
    }
    o->openers = g_strdup(openers[0]);
  }
  return TRUE;
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  if (argc < 2)
    return hs_cli_usage_error(error, "expected at least one FILE");
  if (ctx->opt.output != NULL && !hs_cli_plan_file(ctx, "-o", ctx->opt.output, error))
    return FALSE;
  merge.n_files = (guint)argc - 1;
  merge.files = g_new0(ShardFile, merge.n_files);
  for (guint i = 0; i < merge.n_files; i++)
    if (!read_shard(argv[i + 1], &merge.files[i], error))
      return FALSE;
  return check_shards(error) && fill_in_from_shard(ctx, &merge.files[0].sh, error);
}

/* The shard line's lists and openers are the ones loaded (their counts and checksums). */
static gboolean
same_lists_and_openers(const HsCliContext *ctx, const HsCliShard *sh, GError **error)
{
  const HsWords *w = ctx->words;
  g_autofree char *a = hs_cli_words_checksum(w, 0, w->n_answers);
  g_autofree char *g = hs_cli_words_checksum(w, w->n_answers, w->n_words);
  g_autofree char *answers = g_strdup_printf("%u sha256:%s", w->n_answers, a);
  g_autofree char *guesses = g_strdup_printf("%u sha256:%s", w->n_words - w->n_answers, g);
  if (strcmp(hs_cli_shard_part(sh, "answers"), answers) != 0 || strcmp(hs_cli_shard_part(sh, "guesses"), guesses) != 0)
    return hs_cli_fail(error,
                       "%s:1: made with other lists than those loaded (answers %s, guesses %s here): give merge the "
                       "lists and --order the shards were made with",
                       sh->path, answers, guesses);
  g_autofree char *base = g_path_get_basename(ctx->opt.openers);
  g_autofree char *openers = g_strdup_printf("%s %u sha256:%s", base, ctx->n_openers_all, ctx->openers_checksum);
  if (strcmp(hs_cli_shard_part(sh, "openers"), openers) != 0) {
    g_autofree char *shown = hs_escape(hs_cli_shard_part(sh, "openers"), -1, 80);
    return hs_cli_fail(error, "%s:1: made for the openers '%s', not these ('%s')", sh->path, shown, openers);
  }
  return TRUE;
}

/* Checks the rows of F (each consistent, each an opener of F's slice, each slice opener once) and
 * adds them to ROWS. OWNER[word] is 0, or the shard whose slice holds the word in this file's pass. */
static gboolean
take_rows(const HsCliContext *ctx, const ShardFile *f, guint8 *seen, GPtrArray *rows, GError **error)
{
  const HsWords *w = ctx->words;
  g_autofree guint32 *slice = g_new(guint32, MAX(ctx->n_openers, 1u));
  guint n_slice = hs_cli_shard_slice(w, ctx->openers, ctx->n_openers, f->sh.k, f->sh.n, f->sh.split, slice);
  g_autofree guint8 *in_slice = g_new0(guint8, w->n_words);
  for (guint i = 0; i < n_slice; i++)
    in_slice[slice[i]] = 1;
  guint64 cap = 0;
  g_ascii_string_to_unsigned(hs_cli_shard_part(&f->sh, "max-guesses"), 10, 1, HS_DEPTH_LIMIT, &cap, NULL);
  HsCliTableCheck c = { &merge.shape, w, (guint)cap };
  guint n_rows = 0;
  for (guint k = 2; f->lines[k] != NULL; k++, n_rows++) {
    g_auto(GStrv) fields = g_strsplit(f->lines[k], "\t", -1);
    if (!hs_cli_table_check_row(&c, fields, f->path, k + 1, error))
      return FALSE;
    guint o = hs_words_lookup(w, fields[0]);
    if (!in_slice[o])
      return hs_cli_fail(error, "%s:%u: opener '%s' is not in the slice of shard %u/%u%s%s", f->path, k + 1, fields[0],
                         f->sh.k, f->sh.n, hs_cli_split_suffix(f->sh.split),
                         seen[o] ? " (and already in another shard)" : "");
    if (seen[o]++)
      return hs_cli_fail(error, "%s:%u: opener '%s' twice", f->path, k + 1, fields[0]);
    Row *r = g_new0(Row, 1);
    r->key = g_strdup(fields[0]);
    r->line = g_strconcat(f->lines[k], "\n", NULL);
    r->file = f->path;
    r->lineno = k + 1;
    g_ptr_array_add(rows, r);
  }
  if (n_rows != n_slice) {
    guint32 first_missing = 0;
    for (guint i = n_slice; i-- > 0;)
      if (!seen[slice[i]])
        first_missing = slice[i];
    return hs_cli_fail(error, "%s: shard %u/%u holds %u rows, but its slice has %u openers (missing: '%s')", f->path,
                       f->sh.k, f->sh.n, n_rows, n_slice, w->text[first_missing]);
  }
  return TRUE;
}

/* Shards of optimize --all --best K (a step_bound column): each shard's rows hold the K best of its own
 * openers and every opener's one-step bound, from which the library settles the K best of all
 * (hs_optimize_settle_best); the rows are then printed as one unsharded run prints them. */
static char *
settle_best(HsCliContext *ctx, const GPtrArray *rows, GError **error)
{
  const char *made = hs_cli_shard_part(&merge.files[0].sh, "options");
  guint64 k = 0;
  static const char prefix[] = "--best ";
  if (!g_str_has_prefix(made, prefix) || !parse_best(made + strlen(prefix), &k)) {
    hs_cli_fail(error, "%s:1: a table with a step_bound column, but its shard line names no --best K",
                merge.files[0].path);
    return NULL;
  }
  g_autofree HsOptimizeRow *best = g_new0(HsOptimizeRow, MAX(1u, rows->len));
  for (guint i = 0; i < rows->len; i++) {
    const Row *r = rows->pdata[i];
    g_auto(GStrv) f = g_strsplit(r->line, "\t", -1);
    HsOptimizeRow *o = &best[i];
    o->opener = hs_words_lookup(ctx->words, f[0]);
    for (o->verdict = HS_OPTIMIZE_ROW_OPTIMAL; strcmp(hs_optimize_verdict_name(o->verdict), f[1]) != 0;)
      o->verdict++; /* checked by take_rows: one of the names */
    o->total = o->verdict == HS_OPTIMIZE_ROW_OPTIMAL ? g_ascii_strtoull(f[2], NULL, 10) : 0;
    o->bound = o->verdict == HS_OPTIMIZE_ROW_IMPOSSIBLE ? 0 : g_ascii_strtoull(f[5], NULL, 10);
    o->seconds = merge.shape.seconds ? g_ascii_strtod(f[6], NULL) : 0;
  }
  hs_optimize_settle_best(best, rows->len, MIN((guint)k, rows->len));
  hs_cli_sort_rows(ctx, best, rows->len, sizeof *best, G_STRUCT_OFFSET(HsOptimizeRow, opener));
  HsAllReport report = { .timing = merge.shape.seconds, .best = (guint)k };
  return hs_report_optimize_rows(ctx->words, best, rows->len, &report);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  g_autoptr(GPtrArray) rows = g_ptr_array_new_with_free_func(row_free);
  g_autofree guint8 *seen = g_new0(guint8, ctx->words->n_words);
  gboolean ok = same_lists_and_openers(ctx, &merge.files[0].sh, error);
  for (guint i = 0; ok && i < merge.n_files; i++)
    ok = take_rows(ctx, &merge.files[i], seen, rows, error);
  g_autoptr(GString) out = g_string_new(NULL);
  if (ok && merge.shape.step_bound) {
    g_autofree char *text = settle_best(ctx, rows, error);
    ok = text != NULL;
    g_string_append(out, ok ? text : "");
  } else if (ok) {
    g_ptr_array_sort(rows, cmp_row);
    g_string_append_printf(out, "%s\n", merge.files[0].lines[1]);
    for (guint i = 0; i < rows->len; i++)
      g_string_append(out, ((const Row *)rows->pdata[i])->line);
  }
  merge_clear();
  return ok && hs_cli_write_output(ctx->opt.output, NULL, out->str, error);
}

const HsCliCommand hs_cli_merge = {
  .name = "merge",
  .summary = "Combine the TSV outputs of sharded sweep / prove --all / optimize --all runs",
  .parameters = "FILE...",
  .help = "Combines the TSV outputs of 'sweep --shard K/N', 'prove --all --shard K/N' or 'optimize --all\n"
          "--shard K/N' runs (or K/N:letters, K/N:groups) into exactly the bytes an unsharded run prints\n"
          "(for prove, the nodes column only when split by letters: see 'hardsix prove --help'). Each shard\n"
          "starts with a line '# hardsix shard K/N; ...' naming the split, the command, the lists (with\n"
          "checksums), the rules, the cap, the policy, the options and the openers. merge loads the lists and\n"
          "openers that line names (built-in lists and orders by name; give --answers/--guesses, --order or\n"
          "--openers FILE when the shards were made with files) and refuses a missing, duplicated or\n"
          "differently made shard, a shard whose lists or openers are not these, a row of an opener outside\n"
          "its shard's slice (or not a word at all), an opener found twice or missing, and a malformed or\n"
          "inconsistent row (named file:line): a number out of range, a histogram that does not count every\n"
          "answer once, or a verdict, worst guess, total or average that does not follow from the row's own\n"
          "histogram or total. A byte-order mark and CRLF line ends are accepted.\n\n"
          "Shards of 'optimize --all --best K' carry each opener's one-step bound (a step_bound column): merge\n"
          "keeps the K best of all the shards' optimal rows and makes every other opener with a strategy\n"
          "'worse', with the larger of its bound and the K-th best total, as one unsharded run does.\n\n"
          "What merge cannot check is the verdicts themselves (that an opener marked 'proven' is one):\n"
          "'hardsix check-table FILE --sample K' decides K rows again and reports any that differ.\n\n"
          "Exit status: 0 merged, 1 bad input, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS,
  .check = check,
  .run = run,
};
