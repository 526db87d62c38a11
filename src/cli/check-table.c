/* hardsix check-table — a table of runs over openers (sweep, prove --all, optimize --all; merged, a
 * shard, or a committed table) checked row by row (rows.c) and then decided again: K random rows (or
 * all) are run once more with the same command and options, and every row that comes out otherwise is
 * reported. What merge cannot check (that a 'proven' row is proven) is checked here. */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

#define SAMPLE_ALL G_MININT64 /* --sample not given: every row is decided again */
#define NOT_GIVEN (-G_MAXDOUBLE)

static struct {
  gint64 sample, max_nodes;
  double max_seconds; /* NOT_GIVEN: every row may be sampled */
  char *seed_text;
  guint64 seed;
  /* What check reads from the file */
  GStrv lines;
  guint first_row; /* index in lines of the first row */
  HsCliShard shard;
  gboolean sharded;
  HsCliTableShape shape;
  char *search;  /* prove: --search of the run that made the table */
  gboolean full; /* sweep: made with --full */
} opt = { .sample = SAMPLE_ALL, .max_seconds = NOT_GIVEN };

static const GOptionEntry options[] = {
  { "sample", 0, 0, G_OPTION_ARG_INT64, &opt.sample,
    "Decide K random rows again (0: none, the rows are only checked; default: every row)", "K" },
  { "seed", 0, 0, G_OPTION_ARG_STRING, &opt.seed_text, "Seed of the random sample (default 1)", "S" },
  { "max-nodes", 0, 0, G_OPTION_ARG_INT64, &opt.max_nodes,
    "prove tables: give up on a row after N search nodes in all (it is then counted as not decided "
    "again, not as differing); also lets 'undecided' rows be sampled",
    "N" },
  { "max-seconds", 0, 0, G_OPTION_ARG_DOUBLE, &opt.max_seconds,
    "Sample only rows whose openers with the same letters took at most S seconds together (the seconds "
    "column of a table made with --timing): a cheap check of a big table",
    "S" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static void
state_clear(void)
{
  g_clear_pointer(&opt.lines, g_strfreev);
  hs_cli_shard_clear(&opt.shard);
  g_clear_pointer(&opt.search, g_free);
}

/* The value after WORD in the shard line's options ("--search fast --timing"), or NULL. */
static char *
shard_option(const char *word)
{
  g_auto(GStrv) parts = g_strsplit(hs_cli_shard_part(&opt.shard, "options"), " ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    if (strcmp(parts[i], word) == 0)
      return g_strdup(parts[i + 1] != NULL ? parts[i + 1] : "");
  return NULL;
}

/* "preset P, rules R, pool P, metric M, ..., order F, overrides F": the value of KEY, or NULL. */
static char *
policy_value(const char *policy, const char *key)
{
  g_auto(GStrv) items = g_strsplit(policy, ", ", -1);
  gsize n = strlen(key);
  for (guint i = 0; items[i] != NULL; i++)
    if (strncmp(items[i], key, n) == 0 && items[i][n] == ' ')
      return g_strdup(items[i] + n + 1);
  return NULL;
}

/* Options the shard line names fill in those not given (the lists by name; files must be given). */
static gboolean
fill_in_from_shard(HsCliContext *ctx, GError **error)
{
  HsCliOptions *o = &ctx->opt;
  const HsCliShard *sh = &opt.shard;
  const char *lists = hs_cli_shard_part(sh, "lists");
  if (o->lists == NULL && o->answers == NULL && o->guesses == NULL) {
    if (!hs_words_is_set_name(lists))
      return hs_cli_usage_error(error, "the table was made with the lists '%s': give the same --answers and --guesses",
                                "custom");
    o->lists = g_strdup(lists);
  }
  if (o->rules == NULL)
    o->rules = g_strdup(hs_cli_shard_part(sh, "rules"));
  guint64 cap = 0;
  if (o->max_guesses == 0 &&
      g_ascii_string_to_unsigned(hs_cli_shard_part(sh, "max-guesses"), 10, 1, HS_DEPTH_LIMIT - 1, &cap, NULL))
    o->max_guesses = (gint)cap;
  const char *policy = hs_cli_shard_part(sh, "policy");
  char **slots[] = { &o->preset, &o->pool, &o->metric, &o->ties };
  const char *keys[] = { "preset", "pool", "metric", "ties" };
  for (guint i = 0; i < G_N_ELEMENTS(keys); i++)
    if (*slots[i] == NULL)
      *slots[i] = policy_value(policy, keys[i]);
  g_autofree char *order = policy_value(policy, "order"), *overrides = policy_value(policy, "overrides");
  if (order != NULL && o->order == NULL) {
    if (!hs_words_is_order_name(order))
      return hs_cli_usage_error(error, "the table was made with --order %s: give the same --order FILE", order);
    o->order = g_steal_pointer(&order);
  }
  if (overrides != NULL && o->overrides == NULL)
    return hs_cli_usage_error(error, "the table was made with --overrides %s: give the same --overrides FILE",
                              overrides);
  opt.full = strstr(hs_cli_shard_part(sh, "options"), "--full") != NULL;
  opt.search = shard_option("--search");
  g_autofree char *limit = shard_option("--max-nodes");
  if (limit != NULL && opt.max_nodes == 0)
    opt.max_nodes = g_ascii_strtoll(limit, NULL, 10);
  return TRUE;
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  if (argc != 2)
    return hs_cli_usage_error(error, "expected one table FILE");
  if ((opt.sample < 0 && opt.sample != SAMPLE_ALL) || opt.max_nodes < 0)
    return hs_cli_usage_error(error, "--sample and --max-nodes take a number >= 0");
  if (opt.max_seconds < 0 && opt.max_seconds != NOT_GIVEN)
    return hs_cli_usage_error(error, "--max-seconds takes a number >= 0");
  opt.seed = 1;
  if (opt.seed_text && !g_ascii_string_to_unsigned(opt.seed_text, 10, 0, G_MAXUINT64, &opt.seed, NULL))
    return hs_cli_usage_error(error, "--seed: '%s' is not a number", opt.seed_text);
  const char *file = argv[1];
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!hs_file_read(file, &text, &len, error) || (opt.lines = hs_cli_table_lines(file, text, len, error)) == NULL)
    return FALSE;
  opt.sharded = g_str_has_prefix(opt.lines[0], "# hardsix shard ");
  if (opt.sharded && !hs_cli_shard_parse(file, opt.lines[0], &opt.shard, error))
    return FALSE;
  guint header = opt.sharded ? 1 : 0;
  if (opt.lines[header] == NULL)
    return hs_cli_fail(error, "%s:%u: no column header", file, header + 1);
  opt.first_row = header + 1;
  if (!hs_cli_table_shape(file, header + 1, opt.lines[header], &opt.shape, error))
    return FALSE;
  if (opt.max_seconds != NOT_GIVEN && !opt.shape.seconds)
    return hs_cli_fail(error, "%s:%u: --max-seconds: the table has no seconds column (made without --timing)", file,
                       header + 1);
  if (opt.sharded && strcmp(hs_cli_shard_part(&opt.shard, "command"), opt.shape.command) != 0)
    return hs_cli_fail(error, "%s:1: the shard line's command is not the table's (%s)", file, opt.shape.command);
  return !opt.sharded || fill_in_from_shard(ctx, error);
}

/* A shard's line must describe what was loaded: the lists (checksums), rules, cap and policy. */
static gboolean
same_making(const HsCliContext *ctx, const char *file, GError **error)
{
  const HsWords *w = ctx->words;
  const HsCliShard *sh = &opt.shard;
  g_autofree char *a = hs_cli_words_checksum(w, 0, w->n_answers);
  g_autofree char *answers = g_strdup_printf("%u sha256:%s", w->n_answers, a);
  g_autofree char *cap = g_strdup_printf("%u", ctx->policy.max_guesses);
  const char *policy = hs_cli_shard_part(sh, "policy");
  if (strcmp(hs_cli_shard_part(sh, "answers"), answers) != 0)
    return hs_cli_fail(error, "%s:1: made with other lists or another --order than those given", file);
  if (strcmp(hs_cli_shard_part(sh, "rules"), hs_rules_name(ctx->policy.rules)) != 0 ||
      strcmp(hs_cli_shard_part(sh, "max-guesses"), cap) != 0 ||
      (strcmp(policy, "-") != 0 && g_strcmp0(policy, ctx->policy_string) != 0))
    return hs_cli_fail(error, "%s:1: made with other rules, cap or policy than those given (%s, max-guesses %s)", file,
                       ctx->policy_string, cap);
  return TRUE;
}

/* Checks every row (rows.c), unique and in opener order; *FULL_SEEN: a failing sweep row with details. */
static gboolean
check_rows(const HsCliContext *ctx, const char *file, GError **error)
{
  HsCliTableCheck c = { &opt.shape, ctx->words, ctx->policy.max_guesses };
  const char *prev = NULL;
  for (guint k = opt.first_row; opt.lines[k] != NULL; k++) {
    g_auto(GStrv) f = g_strsplit(opt.lines[k], "\t", -1);
    if (!hs_cli_table_check_row(&c, f, file, k + 1, error))
      return FALSE;
    if (prev != NULL && strncmp(prev, opt.lines[k], strcspn(prev, "\t") + 1) >= 0)
      return hs_cli_fail(error, "%s:%u: opener '%s' out of order or twice (rows are sorted by opener)", file, k + 1,
                         f[0]);
    prev = opt.lines[k];
    if (opt.shape.kind == HS_CLI_TABLE_SWEEP && !opt.sharded && strcmp(f[1], "fail") == 0 && strcmp(f[2], "-") != 0)
      opt.full = TRUE;
  }
  return TRUE;
}

/* The seconds column of row LINE (its last; the table's shape says it has one, and check_rows has
 * checked the rows). */
static double
row_seconds(const char *line)
{
  const char *last = strrchr(line, '\t');
  return last != NULL ? g_ascii_strtod(last + 1, NULL) : 0;
}

/* CHEAP[i] for row first_row + i of N: whether it may be sampled under --max-seconds (always, without
 * the option). A --all run decides the openers with the same letters one after another, each with what
 * the ones before it settled (their common all-grey part), so an anagram's row can be made in a second
 * where deciding it alone takes a minute: the bound applies to the seconds of the row's whole group. */
static gboolean *
cheap_rows(const HsWords *words, guint n)
{
  gboolean *cheap = g_new(gboolean, MAX(n, 1u));
  for (guint i = 0; i < n; i++)
    cheap[i] = TRUE;
  if (opt.max_seconds == NOT_GIVEN)
    return cheap;
  g_autofree guint32 *openers = g_new(guint32, MAX(n, 1u));
  g_autofree guint *group = g_new(guint, MAX(n, 1u));
  for (guint i = 0; i < n; i++) {
    const char *line = opt.lines[opt.first_row + i];
    g_autofree char *word = g_strndup(line, strcspn(line, "\t"));
    openers[i] = hs_words_lookup(words, word); /* check_rows found every opener */
  }
  const guint n_groups = hs_words_letter_groups(words, openers, n, group);
  g_autofree double *seconds = g_new0(double, MAX(n_groups, 1u));
  for (guint i = 0; i < n; i++)
    seconds[group[i]] += row_seconds(opt.lines[opt.first_row + i]);
  for (guint i = 0; i < n; i++)
    cheap[i] = seconds[group[i]] <= opt.max_seconds;
  return cheap;
}

/* The rows to decide again (indices into opt.lines, in file order): K at random with the seed, or all;
 * 'undecided' prove rows only under a node limit; with --max-seconds only rows whose group of openers
 * with the same letters was made that fast. */
static GArray *
pick_sample(const HsWords *words, guint *n_rows)
{
  GArray *all = g_array_new(FALSE, FALSE, sizeof(guint));
  guint n = 0;
  while (opt.lines[opt.first_row + n] != NULL)
    n++;
  *n_rows = n;
  g_autofree gboolean *cheap = cheap_rows(words, n);
  for (guint k = opt.first_row; opt.lines[k] != NULL; k++)
    if ((opt.max_nodes > 0 || strstr(opt.lines[k], "\tundecided\t") == NULL) && cheap[k - opt.first_row])
      g_array_append_val(all, k);
  guint want = opt.sample != SAMPLE_ALL && (guint64)opt.sample < all->len ? (guint)opt.sample : all->len;
  g_autoptr(GRand) rng = g_rand_new_with_seed_array((const guint32 *)&opt.seed, 2);
  guint *v = (guint *)(void *)all->data;
  for (guint i = 0; i < want; i++) { /* the first WANT of a Fisher-Yates shuffle */
    guint j = i + (guint)g_rand_int_range(rng, 0, (gint32)(all->len - i));
    guint t = v[i];
    v[i] = v[j];
    v[j] = t;
  }
  g_array_set_size(all, want);
  return all;
}

static gint
cmp_guint(gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

/* This program, to run the table's command again. */
static char *
self_path(void)
{
  char *p = g_file_read_link("/proc/self/exe", NULL);
  return p != NULL ? p : g_strdup(hs_cli_argv0 != NULL ? hs_cli_argv0 : "hardsix");
}

/* The command line that decides the openers of OPENERS_FILE again into ROWS_FILE. */
static GPtrArray *
command_line(const HsCliContext *ctx, const char *openers_file, const char *rows_file)
{
  const HsCliOptions *o = &ctx->opt;
  const HsPolicy *p = &ctx->policy;
  GPtrArray *a = g_ptr_array_new_with_free_func(g_free);
  g_ptr_array_add(a, self_path());
  g_ptr_array_add(a, g_strdup(opt.shape.command));
  if (opt.shape.kind != HS_CLI_TABLE_SWEEP)
    g_ptr_array_add(a, g_strdup("--all"));
  const char *pairs[][2] = { { "--openers", openers_file },
                             { "-o", rows_file },
                             { "--rules", hs_rules_name(p->rules) },
                             { "--lists", o->answers ? NULL
                                          : o->lists ? o->lists
                                                     : "original" },
                             { "--answers", o->answers },
                             { "--guesses", o->guesses },
                             { "--order", o->order },
                             { "--search", opt.shape.kind == HS_CLI_TABLE_PROVE ? opt.search : NULL } };
  for (guint i = 0; i < G_N_ELEMENTS(pairs); i++)
    if (pairs[i][1] != NULL) {
      g_ptr_array_add(a, g_strdup(pairs[i][0]));
      g_ptr_array_add(a, g_strdup(pairs[i][1]));
    }
  g_ptr_array_add(a, g_strdup_printf("--max-guesses=%u", p->max_guesses));
  if (o->threads > 0)
    g_ptr_array_add(a, g_strdup_printf("--threads=%d", o->threads));
  if (opt.shape.kind == HS_CLI_TABLE_PROVE && opt.max_nodes > 0)
    g_ptr_array_add(a, g_strdup_printf("--max-nodes=%" G_GINT64_FORMAT, opt.max_nodes));
  if (opt.shape.kind == HS_CLI_TABLE_SWEEP) {
    const char *policy[][2] = { { "--preset", o->preset },
                                { "--pool", hs_pool_name(p->pool) },
                                { "--metric", hs_metric_name(p->metric) },
                                { "--ties", hs_ties_name(p->ties) },
                                { "--overrides", o->overrides } };
    for (guint i = 0; i < G_N_ELEMENTS(policy); i++)
      if (policy[i][1] != NULL)
        g_ptr_array_add(a, g_strdup_printf("%s=%s", policy[i][0], policy[i][1]));
    if (opt.full)
      g_ptr_array_add(a, g_strdup("--full"));
  }
  g_ptr_array_add(a, NULL);
  return a;
}

/* Runs the command for the openers of rows SAMPLE; returns its rows by opener (NULL on failure). */
static GHashTable *
decide_again(const HsCliContext *ctx, const GArray *sample, GError **error)
{
  g_autofree char *dir = g_dir_make_tmp("hardsix-check-XXXXXX", error);
  if (dir == NULL)
    return NULL;
  g_autofree char *openers = g_build_filename(dir, "openers.txt", NULL);
  g_autofree char *rows = g_build_filename(dir, "rows.tsv", NULL);
  g_autoptr(GString) list = g_string_new(NULL);
  for (guint i = 0; i < sample->len; i++) {
    const char *line = opt.lines[g_array_index(sample, guint, i)];
    g_string_append_len(list, line, (gssize)strcspn(line, "\t"));
    g_string_append_c(list, '\n');
  }
  g_autoptr(GPtrArray) argv = command_line(ctx, openers, rows);
  g_autofree char *err = NULL, *text = NULL;
  gint status = 0;
  gsize len = 0;
  gboolean ok =
    g_file_set_contents(openers, list->str, (gssize)list->len, error) &&
    g_spawn_sync(NULL, (char **)argv->pdata, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL, NULL, NULL, &err, &status, error);
  if (ok && !g_spawn_check_wait_status(status, NULL)) {
    g_autofree char *shown = hs_escape_message(err ? err : "");
    ok = hs_cli_fail(error, "deciding the rows again failed (%s ...):\n%s", opt.shape.command, shown);
  }
  ok = ok && g_file_get_contents(rows, &text, &len, error);
  g_unlink(openers);
  g_unlink(rows);
  g_rmdir(dir);
  if (!ok)
    return NULL;
  GHashTable *by_opener = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, (GDestroyNotify)g_strfreev);
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  for (guint k = 1; lines[k] != NULL && lines[k][0] != '\0'; k++) {
    GStrv f = g_strsplit(lines[k], "\t", -1);
    g_hash_table_insert(by_opener, g_strdup(f[0]), f);
  }
  return by_opener;
}

/* How the row TABLE compares with AGAIN (decided again): 0 the same, 1 differs, 2 not decided again
 * (a prove row still open under --max-nodes). The columns compared: sweep every one; prove the
 * verdict (nodes depend on the prover's version and order); optimize verdict, total and average, and
 * for a 'worse' row an optimum no smaller than its bound. */
static int
compare(char **table, char **again)
{
  switch (opt.shape.kind) {
    case HS_CLI_TABLE_SWEEP:
      for (guint c = 1; c < 8; c++)
        if (strcmp(table[c], again[c]) != 0)
          return 1;
      return 0;
    case HS_CLI_TABLE_PROVE:
      if (strcmp(again[1], "undecided") == 0 && strcmp(table[1], "undecided") != 0)
        return 2;
      return strcmp(table[1], again[1]) != 0;
    default:
      /* --best with a lower_bound column: a worse opener has a strategy whose optimum reaches its bound.
       * Tables of --best before that column had the bound as the total and said worse for an impossible
       * opener too. */
      if (strcmp(table[1], "worse") == 0 && opt.shape.lower_bound)
        return strcmp(again[1], "optimal") != 0 ||
               g_ascii_strtoull(again[2], NULL, 10) < g_ascii_strtoull(table[4], NULL, 10);
      if (strcmp(table[1], "worse") == 0)
        return strcmp(again[1], "impossible") != 0 &&
               g_ascii_strtoull(again[2], NULL, 10) < g_ascii_strtoull(table[2], NULL, 10);
      return strcmp(table[1], again[1]) != 0 || strcmp(table[2], again[2]) != 0 || strcmp(table[3], again[3]) != 0;
  }
}

/* The compared columns of a row, for messages ("proven", "optimal 8122 3.5084"). */
static char *
claim(char **f)
{
  guint n = opt.shape.kind == HS_CLI_TABLE_PROVE      ? 1
            : opt.shape.kind == HS_CLI_TABLE_OPTIMIZE ? (opt.shape.lower_bound ? 4 : 3)
                                                      : 7;
  g_autoptr(GString) s = g_string_new(NULL);
  for (guint c = 1; c <= n && f[c] != NULL; c++)
    g_string_append_printf(s, "%s%s", c > 1 ? " " : "", f[c]);
  return g_string_free(g_steal_pointer(&s), FALSE);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc;
  const char *file = argv[1];
  gint64 t0 = g_get_monotonic_time();
  gboolean ok = (!opt.sharded || same_making(ctx, file, error)) && check_rows(ctx, file, error);
  guint n_rows = 0;
  g_autoptr(GArray) sample = ok ? pick_sample(ctx->words, &n_rows) : NULL;
  if (sample != NULL)
    g_array_sort(sample, cmp_guint);
  g_autoptr(GHashTable) again = ok && sample->len > 0 ? decide_again(ctx, sample, error) : NULL;
  ok = ok && (sample->len == 0 || again != NULL);
  guint differ = 0, open = 0;
  for (guint i = 0; ok && i < sample->len; i++) {
    guint k = g_array_index(sample, guint, i);
    g_auto(GStrv) f = g_strsplit(opt.lines[k], "\t", -1);
    char **g = g_hash_table_lookup(again, f[0]);
    int cmp = g == NULL ? 1 : compare(f, g);
    open += cmp == 2;
    differ += cmp == 1;
    if (cmp == 1) {
      g_autofree char *was = claim(f), *now = g ? claim(g) : g_strdup("(no row)");
      hs_cli_print(stderr, "%s:%u: %s: the table says '%s', decided again: '%s'\n", file, k + 1, f[0], was, now);
    }
  }
  if (ok) {
    g_autofree char *limit =
      open ? g_strdup_printf(", %u not decided within %" G_GINT64_FORMAT " nodes", open, opt.max_nodes) : g_strdup("");
    char fast[96] = "";
    if (opt.max_seconds != NOT_GIVEN)
      g_snprintf(fast, sizeof fast, ", among rows whose openers with the same letters took <= %g s", opt.max_seconds);
    hs_cli_print(stderr,
                 "check-table: %s: %u rows checked, %u of them decided again (%s%s%s, seed %" G_GUINT64_FORMAT
                 "%s): %u differ%s, %.1f s\n",
                 file, n_rows, sample->len, opt.shape.command, opt.shape.kind == HS_CLI_TABLE_SWEEP ? "" : " --all",
                 opt.sharded ? " from the shard line" : "", opt.seed, fast, differ, limit,
                 (g_get_monotonic_time() - t0) / 1e6);
  }
  state_clear();
  return ok && (differ == 0 || hs_cli_reported(error));
}

const HsCliCommand hs_cli_check_table = {
  .name = "check-table",
  .summary = "Check a sweep / prove --all / optimize --all table by deciding rows again",
  .parameters = "FILE",
  .help = "Checks a table written by 'sweep', 'prove --all' or 'optimize --all' (merged, a shard, or a\n"
          "committed table such as output/prove-within-5/original.tsv): every row as 'merge' checks it (an\n"
          "opener of the lists, numbers in range, columns that agree with each other, sorted and unique),\n"
          "then K random rows (--sample K, with --seed S; --sample 0: none) or every row are decided again\n"
          "by running the same command with the same options, and each row that comes out otherwise is\n"
          "reported as 'FILE:LINE: OPENER: the table says ..., decided again: ...'.\n\n"
          "The command is read from the column header. A shard's line names the lists, rules, cap, policy\n"
          "and options; for other tables give them as for the command that made the table (--lists,\n"
          "--max-guesses, --rules, and for sweep the policy options). Compared: every column of a sweep row;\n"
          "the verdict of a prove row (its node count depends on the prover's version and search order);\n"
          "verdict, total and average of an optimize row (a 'worse' row of --best: an optimum no smaller\n"
          "than its bound). The seconds column is never compared; --max-seconds S samples only rows whose\n"
          "openers with the same letters took at most S seconds together (a bounded check of a table made\n"
          "with --timing: --all decides such openers one after another, and one settles the all-grey part\n"
          "it shares with the ones after it, so an anagram's row alone can take far longer than it did).",
  .description = "Example:\n"
                 "  hardsix check-table output/prove-within-5/original.tsv --max-guesses 5 --sample 20\n\n"
                 "Exit status: 0 every row checked agrees; 1 a row differs, or the table is malformed; 2 usage "
                 "error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS,
  .check = check,
  .run = run,
};
