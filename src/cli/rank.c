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
  HsProveAllOptions po = { ctx->policy.max_guesses, HS_PROVE_ORDER_FAST, NULL, NULL, NULL, 0, NULL };
  return hs_prove_all(ctx->table, ctx->policy.rules, top, x->k, &po, x->proof, error);
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
    const HsWords *w = ctx->words;
    gboolean answers_only = g_strcmp0(ctx->opt.openers, "answers") == 0;
    HsRankReport r = { opt.by_value, answers_only, ctx->policy_string, ctx->policy.max_guesses, x.greedy, x.proof };
    g_autofree char *text = table                                     ? hs_report_rank_table(w, rows, shown, n, &r)
                            : g_strcmp0(ctx->opt.format, "json") == 0 ? hs_report_rank_json(w, rows, shown, &r)
                                                                      : hs_report_rank_tsv(w, rows, shown, &r);
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
