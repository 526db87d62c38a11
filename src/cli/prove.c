/* hardsix prove — the exact prover on the command line: one opener (a verified strategy, or why none
 * exists), or every opener (--all: a TSV of verdicts, decided in parallel by hs_prove_all, sharded
 * like sweep). */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
  gboolean all, timing, explain;
  gint64 max_nodes;
  char *search;
  HsFormat format;
  HsProveOrder order;
} opt;

static const GOptionEntry options[] = {
  { "all", 0, 0, G_OPTION_ARG_NONE, &opt.all, "Decide every opener (or --openers) and write a TSV of verdicts", NULL },
  HS_CLI_OUTPUT_OPTION("One opener: write DIR/OPENER.by-pattern.txt, .per-word.txt, .tree.txt and .json; --all: write "
                       "the TSV to FILE (atomically)",
                       "DIR|FILE"),
  HS_CLI_FORMAT_OPTION("One opener: write one format to stdout: by-pattern, per-word, tree, json, selby or selby-bare"),
  HS_CLI_OPENERS_OPTION("--all: all (default), answers, guesses, or a FILE of words"),
  HS_CLI_FORCE_OPTION,
  HS_CLI_SHARD_OPTION("--all: only the K-th of N interleaved slices (1-based); K/N:letters slices units of openers "
                      "with like letters; K/N:groups slices groups of anagrams (cuts units)"),
  { "search", 0, 0, G_OPTION_ARG_STRING, &opt.search,
    "Search order to start with: fast (default) or greedy; an opener it does not decide soon goes on in the "
    "other order, then in the first again, with growing budgets",
    "ORDER" },
  { "max-nodes", 0, 0, G_OPTION_ARG_INT64, &opt.max_nodes,
    "Give up on an opener after N search nodes in all: --all writes the row as 'undecided', one opener exits 1 "
    "(default: no limit, every opener is decided)",
    "N" },
  { "explain", 0, 0, G_OPTION_ARG_NONE, &opt.explain,
    "One impossible opener: also search how many guesses its failing part needs (can take far longer than the "
    "verdict)",
    NULL },
  { "timing", 0, 0, G_OPTION_ARG_NONE, &opt.timing,
    "One opener: print the time of each phase; --all: add a 'seconds' column (CPU time)", NULL },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const HsCliOptions *o = &ctx->opt;
  opt.order = HS_PROVE_ORDER_FAST;
  opt.format = HS_FORMAT_BY_PATTERN;
  if (!hs_cli_check_opener_or_all(ctx, opt.all, argc, error))
    return FALSE;
  if (!opt.all && (o->openers || o->shard))
    return hs_cli_usage_error(error, "--openers and --shard go with --all");
  if (opt.all && opt.explain)
    return hs_cli_usage_error(error, "--explain goes with one opener");
  /* One opener is one sequential search (as for optimize): idle OpenMP threads would only spin. */
  if (!opt.all && o->threads == 0)
    ctx->opt.threads = 1;
  if (!hs_cli_plan_opener_or_all(ctx, opt.all, opt.all ? NULL : argv[1], &opt.format, error))
    return FALSE;
  /* hs_prove_order_parse reports a bad name in G_OPTION_ERROR or its own domain: either is a usage
   * error here. */
  if (opt.search && !hs_prove_order_parse(opt.search, &opt.order, error))
    return hs_cli_bad_value(error, "--search");
  if (opt.max_nodes < 0)
    return hs_cli_usage_error(error, "--max-nodes must be a positive number of nodes, not %" G_GINT64_FORMAT,
                              opt.max_nodes);
  return TRUE;
}

/* How many words of a failing part are named. */
#define PART_SHOWN 12

/* The order that decided: opt.order, or the other one when the escalation switched to it (ST). */
static HsProveOrder
deciding_order(const HsProveStats *st)
{
  return st->other_order ? hs_prove_order_other(opt.order) : opt.order;
}

static char *
policy_string(const HsCliContext *ctx, const HsProveStats *st)
{
  return g_strdup_printf("exact proof, rules %s, search %s", hs_rules_name(ctx->policy.rules),
                         hs_prove_order_name(deciding_order(st)));
}

/* Says when the escalation switched to the other order and that one decided, and when the memo reached
 * its bound and was thinned. */
static void
print_search_notes(const HsProveStats *st)
{
  if (st->other_order)
    fprintf(stderr, "search: the %s order decided, the escalation's second (the %s order first)\n",
            hs_prove_order_name(deciding_order(st)), hs_prove_order_name(opt.order));
  hs_cli_note_memo_thinned(st->memo_flushes);
}

/* Lists the words of the opener's part PATTERN (canonical order), at most PART_SHOWN. */
static void
append_part(GString *out, const HsWords *w, const HsTable *table, guint opener, HsPat pattern)
{
  const HsPat *row = hs_table_row(table, opener, NULL);
  guint shown = 0, total = 0;
  for (guint a = 0; a < w->n_answers; a++) {
    if (row[a] != pattern)
      continue;
    if (shown < PART_SHOWN) {
      g_string_append_printf(out, "%s%s", shown ? ", " : "", w->text[a]);
      shown++;
    }
    total++;
  }
  if (total > shown)
    g_string_append(out, ", ...");
}

/* "search: N nodes, S s" on stderr. */
static void
print_search(guint64 nodes, double secs)
{
  fprintf(stderr, "search: %" G_GUINT64_FORMAT " node%s, %.2f s\n", nodes, nodes == 1 ? "" : "s", secs);
}

gboolean
hs_cli_report_impossible(const HsCliContext *ctx, guint opener, const HsProveFailure *why, guint64 nodes, double secs,
                         GError **error)
{
  const HsWords *w = ctx->words;
  const char *o = w->text[opener];
  const guint cap = ctx->policy.max_guesses;
  char pat[HS_PATTERN_BUFLEN];
  g_autoptr(GString) part = g_string_new(NULL);
  append_part(part, w, ctx->table, opener, why->pattern);
  fprintf(stderr, "%s: impossible: no strategy solves every answer within %u %s (%s)\n", o, cap, hs_guesses_word(cap),
          hs_report_rules_words(ctx->policy.rules));
  fprintf(stderr, "  after %s %s: %u candidate%s (%s) cannot be solved within %u more guess%s", o,
          hs_pattern_format_for(w, opener, why->pattern, HS_PATTERN_EMOJI, pat), why->n_cands,
          why->n_cands == 1 ? "" : "s", part->str, cap - 1, cap - 1 == 1 ? "" : "es");
  if (why->explained && why->best)
    fprintf(stderr, "; the best is %u more (%u in all)\n", why->best, why->best + 1);
  else if (why->explained)
    fprintf(stderr, "; no strategy solves it within %u guesses in all\n", HS_DEPTH_LIMIT - 1);
  else
    fprintf(stderr, "\n");
  print_search(nodes, secs);
  return hs_cli_reported(error);
}

/* The strategy found for OPENER, verified and written like solve's, and the verdict on stderr. */
static gboolean
emit_proof(HsCliContext *ctx, HsStrategy *s, double secs, const HsProveStats *st, GError **error)
{
  g_autofree char *policy = policy_string(ctx, st);
  hs_strategy_set_policy(s, policy);
  double verify_ms = 0, write_ms = 0;
  gboolean verified = FALSE;
  if (!hs_cli_publish_strategy(ctx, s, opt.format, &verified, &verify_ms, &write_ms, error))
    return FALSE;
  fprintf(stderr, "%s: %s: some strategy solves every answer within %u %s (%s)\n", ctx->words->text[s->nodes[0].guess],
          verified ? "proven" : "found but NOT verified", ctx->policy.max_guesses,
          hs_guesses_word(ctx->policy.max_guesses), hs_report_rules_words(ctx->policy.rules));
  print_search(st->nodes, secs);
  if (opt.timing)
    hs_cli_print_timing(ctx, "search and tree", secs * 1e3, verify_ms, write_ms);
  return verified || hs_cli_reported(error);
}

/* The progress line of one opener's search (hs_prover_set_progress). */
static void
show_search(guint64 nodes, gpointer user)
{
  const HsCliSearchMeter *m = user;
  hs_cli_progress(FALSE, "%s %s: %" G_GUINT64_FORMAT " nodes, %.0f s", m->what, m->opener, nodes,
                  (g_get_monotonic_time() - m->start) / 1e6);
}

void
hs_cli_watch_prover(HsProver *P, HsCliSearchMeter *m)
{
  if (isatty(STDERR_FILENO))
    hs_prover_set_progress(P, show_search, m);
}

/* show_search, after a line for each checkpoint saved since the last call. */
static void
show_search_saves(guint64 nodes, gpointer user)
{
  HsCliSearchMeter *m = user;
  const guint64 saves = hs_optimizer_checkpoints(m->optimizer);
  if (saves != m->saves) {
    m->saves = saves;
    hs_cli_progress_end();
    fprintf(stderr, "%s %s: checkpoint saved to %s (%.0f s, %" G_GUINT64_FORMAT " nodes)\n", m->what, m->opener,
            m->checkpoint, (g_get_monotonic_time() - m->start) / 1e6, nodes);
  }
  show_search(nodes, user);
}

void
hs_cli_watch_optimizer(HsOptimizer *O, HsCliSearchMeter *m)
{
  m->optimizer = O;
  if (m->checkpoint != NULL)
    hs_optimizer_set_progress(O, show_search_saves, m);
  else if (isatty(STDERR_FILENO))
    hs_optimizer_set_progress(O, show_search, m);
}

void
hs_cli_note_memo_thinned(guint64 flushes)
{
  if (flushes > 0)
    fprintf(stderr,
            "search: the memo reached its bound and was thinned %" G_GUINT64_FORMAT
            " time%s (memory stays bounded, some work is repeated)\n",
            flushes, flushes == 1 ? "" : "s");
}

static gboolean
prove_one(HsCliContext *ctx, GError **error)
{
  const guint opener = ctx->opener;
  g_autoptr(HsProver) prover = hs_prover_new(ctx->table, ctx->policy.rules, opt.order);
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  hs_prover_set_cancel(prover, &interrupted);
  hs_prover_set_node_limit(prover, (guint64)opt.max_nodes);
  HsCliSearchMeter meter = { .what = "prove", .opener = ctx->words->text[opener], .start = g_get_monotonic_time() };
  hs_cli_watch_prover(prover, &meter);
  HsProveStats st = { 0 };
  HsProveFailure why;
  memset(&why, 0, sizeof why);
  g_autoptr(HsStrategy) s = hs_prover_prove(prover, opener, ctx->policy.max_guesses, &st, &why, error);
  if (s == NULL && *error == NULL && opt.explain)
    hs_prover_why(prover, TRUE, &why, error);
  double secs = (g_get_monotonic_time() - meter.start) / 1e6;
  hs_cli_progress_end();
  if (*error != NULL)
    return FALSE;
  print_search_notes(&st);
  if (s != NULL)
    return emit_proof(ctx, s, secs, &st, error);
  return hs_cli_report_impossible(ctx, opener, &why, st.nodes, secs, error);
}

/* ---- --all ---- */

static char *
render_rows(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r)
{
  return hs_report_prove_rows(w, rows, n, r);
}

static char *
summarize_rows(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r)
{
  return hs_report_prove_summary(w, rows, n, r);
}

static gboolean
prove_all(HsCliContext *ctx, GError **error)
{
  guint n = ctx->n_openers;
  g_autofree HsProveAllRow *rows = g_new0(HsProveAllRow, MAX(n, 1u));
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  HsCliMeter meter = { "prove", "openers", "proven", 1, g_get_monotonic_time() };
  HsProveAllOptions po = { ctx->policy.max_guesses, opt.order,        hs_cli_meter_update, &meter, &interrupted,
                           (guint64)opt.max_nodes,  ctx->opener_units };
  gboolean ok = hs_prove_all(ctx->table, ctx->policy.rules, ctx->openers, n, &po, rows, error);
  g_autofree char *limit =
    opt.max_nodes ? g_strdup_printf(" --max-nodes %" G_GINT64_FORMAT, opt.max_nodes) : g_strdup("");
  g_autofree char *made_with =
    g_strdup_printf("--search %s%s%s", hs_prove_order_name(opt.order), opt.timing ? " --timing" : "", limit);
  HsAllReport report = { .rules = ctx->policy.rules,
                         .max_guesses = ctx->policy.max_guesses,
                         .timing = opt.timing,
                         .order = opt.order,
                         .max_nodes = (guint64)opt.max_nodes };
  HsCliAllRows all = { rows,           n,        sizeof *rows, G_STRUCT_OFFSET(HsProveAllRow, opener), render_rows,
                       summarize_rows, made_with };
  return hs_cli_finish_all(ctx, &meter, ok, &interrupted, &report, &all, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  return opt.all ? prove_all(ctx, error) : prove_one(ctx, error);
}

const HsCliCommand hs_cli_prove = {
  .name = "prove",
  .summary = "Decide exactly whether an opener (or every opener) can guarantee the cap",
  .parameters = "OPENER | --all",
  .help =
    "Decides exactly whether some strategy that starts with OPENER solves every answer within\n"
    "--max-guesses guesses (default 6), searching every allowed word legal under --rules (default nyt; none: all).\n"
    "When it does, the strategy found is verified by the independent verifier and written like 'solve'\n"
    "(-o DIR or --format); a summary goes to stderr. When it does not, stderr names the opener pattern\n"
    "whose part the search refuted (it cannot be solved in the guesses left) and its size; --explain also\n"
    "searches the fewest guesses that part needs, which can take far longer than the verdict. A long\n"
    "search shows its nodes and time on stderr when that is a terminal.\n\n"
    "With --all every opener (or --openers) is decided, in parallel (--threads), and a TSV is written\n"
    "(stdout or -o FILE), one row per opener sorted by opener:\n"
    "  opener  verdict (proven|impossible|undecided)  nodes (search nodes expanded)\n"
    "The openers are decided in units of openers with like letters (whole groups of anagrams, taken in\n"
    "the order of their letters, up to 128 openers and a 64th of the list): a unit is one run on one\n"
    "thread, each opener reusing what the ones before it settled, so the nodes of a row count its own\n"
    "search after theirs (they depend on the whole opener list, not on the threads). The rows are the\n"
    "same for any thread count and for shards split by letters (--shard K/N:letters, which keeps units\n"
    "whole; 'hardsix merge' joins shards); an interleaved K/N split or one by groups (K/N:groups) cuts\n"
    "units, which changes the nodes column and never a verdict. Timing varies from run to run, so the\n"
    "'seconds' column (CPU time spent on the opener) is only added with --timing. A summary (counts,\n"
    "total time, per-opener median and maximum) goes to stderr; progress too when it is a terminal.\n\n"
    "One opener and --all search alike: the fast order first (--search greedy starts with the greedy\n"
    "order, whose strategies look like greedy ones); an opener it has not decided within 100,000 nodes\n"
    "goes on in the other order, then in the first again, and so on, each order's budget doubling every\n"
    "time it comes back, what was settled kept (normal mode: 400,000 nodes, budgets growing eightfold,\n"
    "for its parts are games almost as large as the opener's). Near the boundary the fast order refutes\n"
    "sooner and the greedy order proves sooner. Every opener is decided; both orders give the same\n"
    "verdicts, they differ in speed, in the nodes column and in the strategy found.\n"
    "--max-nodes N stops an opener after N search nodes in all: its row says 'undecided' (one opener:\n"
    "exit 1). Every opener is then decided alone (no units). The search is deterministic and its\n"
    "schedule does not depend on N, so the same rows come back on every run and from every shard, and a\n"
    "row decided within N is the same under any larger N (and has the same verdict without one).\n\n"
    "Exit status: one opener: 0 proven and verified, 1 impossible, undecided or not verified; --all: 0\n"
    "when every opener has a row (whatever the verdicts, undecided included); 1 on errors; 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_THREADS | HS_CMD_PROVER_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
