/* hardsix rank — every opener scored by its first split of all answers (entropy, expected answers
 * left, largest part, parts), sorted by one of them; --with-sweep adds the greedy result and the
 * prover's verdict for the top K. */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Rows a terminal shows when --top is not given, and the K --with-sweep takes then. */
#define TERMINAL_TOP 20
#define SWEEP_TOP 10

static struct {
  char *by;
  gint top;
  gboolean with_sweep;
  HsSplitBy by_value;
} opt;

static const GOptionEntry options[] = {
  { "by", 0, 0, G_OPTION_ARG_STRING, &opt.by, "Sort by entropy (default), expected, maxbucket or buckets", "SCORE" },
  { "top", 0, 0, G_OPTION_ARG_INT, &opt.top, "Only the K best (terminal: 20 unless given)", "K" },
  { "with-sweep", 0, 0, G_OPTION_ARG_NONE, &opt.with_sweep,
    "For the top K (10 unless --top): the greedy result under the policy options and the prove verdict", NULL },
  HS_CLI_OPENERS_OPTION("The openers ranked: all (default), answers, guesses, or a FILE of words"),
  HS_CLI_OUTPUT_OPTION("Write the rows to FILE (atomically)", "FILE"),
  HS_CLI_FORMAT_OPTION("tsv (default) or json; a terminal gets a table unless --format is given"),
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* What --with-sweep adds to row i (i < k). */
typedef struct {
  HsSweepRow *greedy;
  HsProveAllRow *proof;
  guint k;
} Extra;

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const char *format = ctx->opt.format;
  if (argc != 1)
    return hs_cli_usage_error(error, "unexpected argument '%s'", argv[1]);
  if (!hs_split_by_parse(opt.by ? opt.by : "entropy", &opt.by_value, error))
    return hs_cli_bad_value(error, "--by");
  /* --pool means one thing in every command: the guesses greedy considers (--with-sweep here). */
  if (g_strcmp0(ctx->opt.pool, "answers") == 0)
    return hs_cli_usage_error(error, "--pool chooses the guesses greedy considers (legal or candidates), as in every "
                                     "command; to rank only the answers use --openers answers");
  if (opt.top < 0)
    return hs_cli_usage_error(error, "--top: %d is not a positive number", opt.top);
  if (format && strcmp(format, "tsv") != 0 && strcmp(format, "json") != 0)
    return hs_cli_usage_error(error, "--format: '%s' is not tsv or json", format);
  return TRUE;
}

/* Greedy (every tree finished, so worst and average are exact) and prove for the first K openers. */
static gboolean
run_sweeps(HsCliContext *ctx, const HsSplit *rows, Extra *x, GError **error)
{
  g_autofree guint32 *top = g_new(guint32, MAX(x->k, 1u));
  for (guint i = 0; i < x->k; i++)
    top[i] = rows[i].word;
  x->greedy = g_new0(HsSweepRow, MAX(x->k, 1u));
  x->proof = g_new0(HsProveAllRow, MAX(x->k, 1u));
  HsSweepOptions so = { TRUE, TRUE, NULL, NULL, NULL };
  if (!hs_sweep_run(ctx->table, &ctx->policy, top, x->k, &so, x->greedy, NULL, error))
    return FALSE;
  HsProveAllOptions po = { ctx->policy.max_guesses, HS_PROVE_ORDER_FAST, NULL, NULL, NULL, 0 };
  return hs_prove_all(ctx->table, ctx->policy.rules, top, x->k, &po, x->proof, error);
}

static void
append_tsv_extra(GString *out, const HsWords *w, const Extra *x, guint i)
{
  const HsSweepRow *g = &x->greedy[i];
  g_string_append_printf(out, "\t%s\t%u\t", g->pass ? "ok" : "fail", g->worst);
  hs_average_append(out, g->total, w->n_answers);
  g_string_append_printf(out, "\t%s", x->proof[i].proven ? "proven" : "impossible");
}

static char *
render_tsv(const HsWords *w, const HsSplit *rows, guint n, const Extra *x)
{
  GString *out = g_string_new("rank\topener\tentropy\texpected\tmaxbucket\tbuckets");
  g_string_append(out, x->greedy ? "\tgreedy\tworst\taverage\tprove\n" : "\n");
  for (guint i = 0; i < n; i++) {
    const HsSplit *r = &rows[i];
    g_string_append_printf(out, "%u\t%s\t%.6f\t%.4f\t%u\t%u", i + 1, w->text[r->word], hs_split_entropy(r),
                           hs_split_expected(r), r->max_part, r->n_parts);
    if (x->greedy)
      append_tsv_extra(out, w, x, i);
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

static char *
render_json(const HsCliContext *ctx, const HsSplit *rows, guint n, const Extra *x)
{
  const HsWords *w = ctx->words;
  GString *out = g_string_new("{\n  \"format\": \"hardsix-rank\",\n  \"version\": 1,\n");
  g_string_append_printf(out, "  \"lists\": \"%s\",\n  \"by\": \"%s\",\n  \"pool\": \"%s\",\n  \"answers\": %u,\n",
                         w->name, hs_split_by_name(opt.by_value), hs_pool_name(ctx->policy.pool), w->n_answers);
  if (x->greedy) {
    g_autofree char *pol = g_strescape(ctx->policy_string, NULL);
    g_string_append_printf(out, "  \"policy\": \"%s\",\n  \"max_guesses\": %u,\n", pol, ctx->policy.max_guesses);
  }
  g_string_append(out, "  \"openers\": [\n");
  for (guint i = 0; i < n; i++) {
    const HsSplit *r = &rows[i];
    g_string_append_printf(out,
                           "    {\"rank\": %u, \"opener\": \"%s\", \"entropy\": %.6f, \"expected\": %.4f, "
                           "\"maxbucket\": %u, \"buckets\": %u",
                           i + 1, w->text[r->word], hs_split_entropy(r), hs_split_expected(r), r->max_part, r->n_parts);
    if (x->greedy) {
      const HsSweepRow *g = &x->greedy[i];
      g_string_append_printf(out, ", \"greedy\": \"%s\", \"worst\": %u, \"average\": ", g->pass ? "ok" : "fail",
                             g->worst);
      hs_average_append(out, g->total, w->n_answers);
      g_string_append_printf(out, ", \"prove\": \"%s\"", x->proof[i].proven ? "proven" : "impossible");
    }
    g_string_append_printf(out, "}%s\n", i + 1 < n ? "," : "");
  }
  g_string_append(out, "  ]\n}\n");
  return g_string_free(out, FALSE);
}

/* The table a terminal gets: aligned columns, the chosen score marked, and how many rows are left out. */
static char *
render_table(const HsCliContext *ctx, const HsSplit *rows, guint n, guint total, const Extra *x)
{
  const HsWords *w = ctx->words;
  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "%u openers (%s) scored on %u answers, by %s:\n\n", total,
                         ctx->opt.openers ? ctx->opt.openers : "every allowed word", w->n_answers,
                         hs_split_by_name(opt.by_value));
  g_string_append(out, " rank  opener  entropy (bits)  expected left  largest part  parts");
  g_string_append(out, x->greedy ? "  greedy  worst  average  prove\n" : "\n");
  for (guint i = 0; i < n; i++) {
    const HsSplit *r = &rows[i];
    g_string_append_printf(out, "%5u  %-6s  %14.6f  %13.4f  %12u  %5u", i + 1, w->text[r->word], hs_split_entropy(r),
                           hs_split_expected(r), r->max_part, r->n_parts);
    if (x->greedy) {
      const HsSweepRow *g = &x->greedy[i];
      g_autoptr(GString) avg = g_string_new(NULL);
      hs_average_append(avg, g->total, w->n_answers);
      g_string_append_printf(out, "  %-6s  %5u  %7s  %s", g->pass ? "ok" : "fail", g->worst, avg->str,
                             x->proof[i].proven ? "proven" : "impossible");
    }
    g_string_append_c(out, '\n');
  }
  if (n < total)
    g_string_append_printf(out, "... %u more (--top K shows more; a pipe or -o gets every row as TSV)\n", total - n);
  if (x->greedy)
    g_string_append_printf(out, "\ngreedy and prove: %s, within %u guesses\n", ctx->policy_string,
                           ctx->policy.max_guesses);
  return g_string_free(out, FALSE);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  guint n = ctx->n_openers;
  if (n == 0)
    return hs_cli_fail(error, "no openers to rank");
  g_autofree HsSplit *rows = g_new(HsSplit, n);
  hs_split_rank(ctx->table, ctx->openers, n, opt.by_value, rows);

  gboolean table = ctx->opt.format == NULL && ctx->opt.output == NULL && isatty(STDOUT_FILENO);
  guint shown = opt.top > 0 ? (guint)opt.top : table ? TERMINAL_TOP : n;
  shown = MIN(shown, n);
  Extra x = { NULL, NULL, 0 };
  if (opt.with_sweep) {
    if (opt.top == 0)
      shown = MIN(shown, (guint)SWEEP_TOP);
    x.k = shown;
  }
  gboolean ok = !opt.with_sweep || run_sweeps(ctx, rows, &x, error);
  if (ok) {
    g_autofree char *text = table                                     ? render_table(ctx, rows, shown, n, &x)
                            : g_strcmp0(ctx->opt.format, "json") == 0 ? render_json(ctx, rows, shown, &x)
                                                                      : render_tsv(ctx->words, rows, shown, &x);
    ok = hs_cli_write_output(ctx->opt.output, NULL, text, error);
  }
  g_free(x.greedy);
  g_free(x.proof);
  return ok;
}

const HsCliCommand hs_cli_rank = {
  .name = "rank",
  .summary = "Rank openers by their first split of the answers (entropy, expected, largest part, parts)",
  .parameters = "",
  .help = "Scores every opener (every allowed word, or the set --openers names: answers, guesses, a FILE) by how its\n"
          "feedback splits all answers: the entropy of the pattern in bits (-sum p log2 p over the non-empty\n"
          "parts), the expected number of answers left (sum n^2 / N), the largest part and the number of parts.\n"
          "Rows are sorted by --by (entropy and parts: more first; expected and largest part: fewer first),\n"
          "ties in canonical order:\n"
          "  rank opener entropy expected maxbucket buckets\n"
          "A terminal gets a table of the top 20 instead. --with-sweep adds, for the top K, the greedy\n"
          "strategy's result under the policy options (greedy ok/fail, worst, average) and the prover's verdict\n"
          "within --max-guesses under --rules:\n"
          "  ... greedy worst average prove\n"
          "--pool means what it means in every command: the guesses greedy considers (legal or candidates),\n"
          "so it matters only with --with-sweep; the openers ranked are chosen with --openers.\n\n"
          "Exit status: 0 when the ranking was written, 1 on errors, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_PROVER_TABLE,
  .check = check,
  .run = run,
};
