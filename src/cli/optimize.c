/* hardsix optimize — the exact optimiser on the command line: the strategy with the fewest guesses in
 * total for one opener (verified and written like solve's), or a TSV of optima for every opener (--all),
 * or the K best openers proven with a shared cut-off (--best K). */
#include "cli.h"

#include <glib/gstdio.h>
#include <unistd.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
  gboolean all, timing, explain;
  gint best;
  HsFormat format;
  char *checkpoint;
  double checkpoint_every; /* seconds; < 0: not given */
  gint64 step_cache_mb;    /* --step-cache; 0: not given */
} opt = { .checkpoint_every = -1 };

static gboolean
on_step_cache(const char *name, const char *value, gpointer data, GError **error)
{
  (void)data;
  gint64 v = 0;
  if (!g_ascii_string_to_signed(value, 10, 1, 1 << 20, &v, NULL)) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: '%s' is not a number of MB from 1 to 1048576",
                name, value);
    return FALSE;
  }
  opt.step_cache_mb = v;
  return TRUE;
}

static gboolean
on_checkpoint_every(const char *name, const char *value, gpointer data, GError **error)
{
  (void)data;
  char *end = NULL;
  const double v = g_ascii_strtod(value, &end);
  if (end == value || *end != '\0' || !(v >= 0 && v <= 1e7)) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: '%s' is not a number of seconds from 0 up", name,
                value);
    return FALSE;
  }
  opt.checkpoint_every = v;
  return TRUE;
}

static gboolean
on_best(const char *name, const char *value, gpointer data, GError **error)
{
  (void)data;
  gint64 v = 0;
  if (!g_ascii_string_to_signed(value, 10, 1, G_MAXINT, &v, NULL)) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "%s: '%s' is not a number from 1 up", name, value);
    return FALSE;
  }
  opt.best = (gint)v;
  return TRUE;
}

static const GOptionEntry options[] = {
  { "all", 0, 0, G_OPTION_ARG_NONE, &opt.all, "Optimise every opener (or --openers) and write a TSV", NULL },
  { "best", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)on_best,
    "With --all: prove which K openers are best; the others are only shown to be worse", "K" },
  HS_CLI_OUTPUT_OPTION("One opener: write DIR/OPENER.* in every format; --all: write the TSV to FILE (atomically)",
                       "DIR|FILE"),
  HS_CLI_FORMAT_OPTION("One opener: write one format to stdout: by-pattern, per-word, tree, json, selby or selby-bare"),
  HS_CLI_OPENERS_OPTION("--all: all (default), answers, guesses, or a FILE of words"),
  HS_CLI_FORCE_OPTION,
  HS_CLI_SHARD_OPTION("--all: only the K-th of N interleaved slices (1-based); K/N:groups slices groups of anagrams, "
                      "K/N:letters units of openers with like letters (both keep anagrams together)"),
  { "timing", 0, 0, G_OPTION_ARG_NONE, &opt.timing,
    "One opener: print the time of each phase; --all: add a 'seconds' column (CPU time)", NULL },
  { "checkpoint", 0, 0, G_OPTION_ARG_FILENAME, &opt.checkpoint,
    "One opener: save what the search has settled to FILE now and then and on Ctrl-C or a kill (SIGTERM), "
    "and resume from FILE when it exists; removed when the search ends",
    "FILE" },
  { "checkpoint-every", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)on_checkpoint_every,
    "With --checkpoint: save every SECONDS of wall time (default 600; 0: only when stopped)", "SECONDS" },
  { "step-cache", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)on_step_cache,
    "With --all: MB for the part steps kept from opener to opener, all threads together (default 1024; "
    "each thread at least 8)",
    "MB" },
  { "explain", 0, 0, G_OPTION_ARG_NONE, &opt.explain,
    "One opener that cannot meet the cap: also search how many guesses its failing part needs (as 'prove "
    "--explain')",
    NULL },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const HsCliOptions *o = &ctx->opt;
  opt.format = HS_FORMAT_BY_PATTERN;
  if (!hs_cli_check_opener_or_all(ctx, opt.all, argc, error))
    return FALSE;
  if (!opt.all && (o->openers || o->shard || opt.best || opt.step_cache_mb))
    return hs_cli_usage_error(error, "--openers, --shard, --best and --step-cache go with --all");
  if (opt.all && opt.explain)
    return hs_cli_usage_error(error, "--explain goes with one opener");
  if (opt.all && opt.checkpoint)
    return hs_cli_usage_error(error, "--checkpoint goes with one opener");
  if (opt.checkpoint_every >= 0 && !opt.checkpoint)
    return hs_cli_usage_error(error, "--checkpoint-every goes with --checkpoint");
  /* One opener is one sequential search: a second thread would only build the feedback table a few
   * milliseconds sooner, and idle OpenMP threads spin (about a tenth of acred's CPU time). */
  if (!opt.all && o->threads == 0)
    ctx->opt.threads = 1;
  return hs_cli_plan_opener_or_all(ctx, opt.all, opt.all ? NULL : argv[1], &opt.format, error);
}

/* ---- one opener ---- */

static void
print_search(const HsOptimizeStats *st, double secs)
{
  fprintf(stderr,
          "search: %" G_GUINT64_FORMAT " node%s, %" G_GUINT64_FORMAT " memo hit%s, %" G_GUINT64_FORMAT
          " MB of memo, %.2f s\n",
          st->nodes, st->nodes == 1 ? "" : "s", st->memo_hits, st->memo_hits == 1 ? "" : "s", st->memo_bytes >> 20,
          secs);
  if (st->infeasible > 0)
    fprintf(stderr, "search: %" G_GUINT64_FORMAT " guess%s ruled out by the prover (a part of each cannot be solved)\n",
            st->infeasible, st->infeasible == 1 ? "" : "es");
  if (st->cored > 0)
    fprintf(stderr,
            "search: %" G_GUINT64_FORMAT " guess%s ruled out by a core (a part holds answers the prover refuted "
            "before; %" G_GUINT64_FORMAT " core%s cut down with %" G_GUINT64_FORMAT " prover nodes)\n",
            st->cored, st->cored == 1 ? "" : "es", st->cores, st->cores == 1 ? "" : "s", st->core_nodes);
  hs_cli_note_memo_thinned(st->memo_flushes);
}

/* The prover decides (it refutes much faster than an exhaustive optimum search) and says why, as
 * 'prove' and --all do: fast order, the same escalation. It is O's own, so that the search's tests
 * find what it settled. TRUE when there is a strategy; FALSE with ERROR set on errors, or with the
 * impossibility reported (HS_CLI_ERROR_REPORTED, the verdict). */
static gboolean
decide(HsCliContext *ctx, HsOptimizer *O, volatile gint *interrupted, gint64 t0, GError **error)
{
  const guint opener = ctx->opener;
  HsProver *P = hs_optimizer_prover(O);
  hs_prover_set_cancel(P, interrupted);
  HsCliSearchMeter meter = { .what = "optimize: deciding", .opener = ctx->words->text[opener], .start = t0 };
  hs_cli_watch_prover(P, &meter);
  HsProveStats pst = { 0 };
  HsProveFailure why;
  memset(&why, 0, sizeof why);
  gboolean feasible = FALSE;
  gboolean decided = hs_prover_decide(P, opener, ctx->policy.max_guesses, &feasible, &pst, error) &&
                     (feasible || hs_prover_why(P, opt.explain, &why, error));
  hs_prover_set_progress(P, NULL, NULL); /* METER ends here; the optimiser's search sets its own */
  hs_cli_progress_end();
  if (!decided)
    return FALSE;
  return feasible || hs_cli_report_impossible(ctx, opener, &why, pst.nodes, (g_get_monotonic_time() - t0) / 1e6, error);
}

/* --checkpoint: resumes from the file when it exists (the decision was made by the run that wrote
 * it: the optimiser's search decides as well, and an impossible opener is decided again below); the
 * search then saves it now and then, and when Ctrl-C or a kill stops it. *RESUMED: it was read. */
static gboolean
start_checkpoint(HsCliContext *ctx, HsOptimizer *O, volatile gint *interrupted, gboolean *resumed, GError **error)
{
  *resumed = FALSE;
  if (g_file_test(opt.checkpoint, G_FILE_TEST_EXISTS)) {
    if (!g_file_test(opt.checkpoint, G_FILE_TEST_IS_REGULAR))
      return hs_cli_fail(error, "%s: not a checkpoint file (a folder or a device)", opt.checkpoint);
    guint64 entries = 0;
    if (!hs_optimizer_load(O, ctx->opener, ctx->policy.max_guesses, opt.checkpoint, &entries, error))
      return FALSE;
    fprintf(stderr, "optimize: resuming from %s (%" G_GUINT64_FORMAT " settled entries)\n", opt.checkpoint, entries);
    *resumed = TRUE;
  } else {
    /* Found out now, not at the first save. */
    g_autofree char *dir = g_path_get_dirname(opt.checkpoint);
    if (g_file_test(opt.checkpoint, G_FILE_TEST_IS_SYMLINK) || g_access(dir, W_OK) != 0)
      return hs_cli_fail(error, "%s: cannot write a checkpoint there (%s)", opt.checkpoint,
                         g_file_test(opt.checkpoint, G_FILE_TEST_IS_SYMLINK) ? "a dangling link"
                                                                             : "its folder is missing or not writable");
  }
  /* The search stops itself at a point where its memo can be saved: no cancel flag. */
  hs_optimizer_set_cancel(O, NULL);
  hs_optimizer_set_checkpoint(O, opt.checkpoint, opt.checkpoint_every < 0 ? 600 : opt.checkpoint_every, interrupted);
  return TRUE;
}

static gboolean
optimize_one(HsCliContext *ctx, GError **error)
{
  const guint opener = ctx->opener;
  const guint cap = ctx->policy.max_guesses;
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  const gint64 t0 = g_get_monotonic_time();
  g_autoptr(HsOptimizer) O = hs_optimizer_new(ctx->table, ctx->policy.rules);
  hs_optimizer_set_cancel(O, &interrupted);
  gboolean resumed = FALSE;
  if (opt.checkpoint != NULL && !start_checkpoint(ctx, O, &interrupted, &resumed, error))
    return FALSE;
  if (!resumed && !decide(ctx, O, &interrupted, t0, error))
    return FALSE;
  HsCliSearchMeter search_meter = {
    .what = "optimize: searching", .opener = ctx->words->text[opener], .start = t0, .checkpoint = opt.checkpoint
  };
  hs_cli_watch_optimizer(O, &search_meter);
  HsOptimizeStats st = { 0 };
  g_autoptr(HsStrategy) s = hs_optimizer_strategy(O, opener, cap, &st, error);
  hs_cli_progress_end();
  double secs = (g_get_monotonic_time() - t0) / 1e6;
  if (s == NULL && *error == NULL && resumed && !decide(ctx, O, &interrupted, t0, error)) {
    /* No strategy: the prover has said why. */
    (void)g_remove(opt.checkpoint);
    return FALSE;
  }
  if (s == NULL && opt.checkpoint != NULL && g_error_matches(*error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED) &&
      hs_optimizer_checkpoints(O) > 0) {
    char *m = g_strdup_printf("%s: %s (the same command resumes it)", ctx->words->text[opener], (*error)->message);
    g_free((*error)->message);
    (*error)->message = m;
  }
  if (s == NULL)
    return *error != NULL ? FALSE
                          : hs_cli_fail(error, "internal error: the prover found a strategy, the optimiser none");
  double verify_ms = 0, write_ms = 0;
  gboolean verified = FALSE;
  if (!hs_cli_publish_strategy(ctx, s, opt.format, &verified, &verify_ms, &write_ms, error))
    return FALSE;
  /* Only once the strategy is written: a failed write leaves the checkpoint for another try. */
  if (opt.checkpoint != NULL) {
    if (g_remove(opt.checkpoint) == 0 || !g_file_test(opt.checkpoint, G_FILE_TEST_EXISTS))
      fprintf(stderr, "optimize: the search is complete: checkpoint %s removed\n", opt.checkpoint);
  }
  char avg[HS_AVERAGE_BUFLEN];
  guint64 total = hs_histogram_total(&s->hist);
  fprintf(stderr, "%s: %s: %" G_GUINT64_FORMAT " guesses in total (average %s) is the fewest within %u (%s)\n",
          ctx->words->text[opener], verified ? "optimal" : "optimal but NOT verified", total,
          hs_average_format(total, s->n_solved, avg), cap, hs_report_rules_words(ctx->policy.rules));
  print_search(&st, secs);
  if (opt.timing)
    hs_cli_print_timing(ctx, "search and tree", secs * 1e3, verify_ms, write_ms);
  return verified || hs_cli_reported(error);
}

/* ---- every opener ---- */

static char *
render_rows(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r)
{
  return hs_report_optimize_rows(w, rows, n, r);
}

static char *
summarize_rows(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r)
{
  return hs_report_optimize_summary(w, rows, n, r);
}

static gboolean
optimize_all(HsCliContext *ctx, GError **error)
{
  guint n = ctx->n_openers;
  g_autofree HsOptimizeRow *rows = g_new0(HsOptimizeRow, MAX(n, 1u));
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  HsCliMeter meter = { "optimize", "openers", NULL, 2, g_get_monotonic_time() };
  HsOptimizeAllOptions oo = { 0 };
  oo.max_guesses = ctx->policy.max_guesses;
  oo.best = (guint)opt.best;
  oo.step_cache = (guint64)opt.step_cache_mb << 20;
  oo.progress = hs_cli_meter_update_plain;
  oo.progress_user = &meter;
  oo.cancel = &interrupted;
  gboolean ok = hs_optimize_all(ctx->table, ctx->policy.rules, ctx->openers, n, &oo, rows, error);
  HsAllReport report = { .rules = ctx->policy.rules,
                         .max_guesses = ctx->policy.max_guesses,
                         .timing = opt.timing,
                         .best = (guint)opt.best,
                         .step_bound = ctx->opt.shard != NULL };
  /* The shard line records --best K, which merge settles the K best of all the shards with. */
  g_autofree char *made_with = opt.best ? g_strdup_printf("--best %d%s", opt.best, opt.timing ? " --timing" : "")
                                        : g_strdup(opt.timing ? "--timing" : NULL);
  HsCliAllRows all = {
    rows, n, sizeof *rows, G_STRUCT_OFFSET(HsOptimizeRow, opener), render_rows, summarize_rows, made_with,
  };
  return hs_cli_finish_all(ctx, &meter, ok, &interrupted, &report, &all, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  return opt.all ? optimize_all(ctx, error) : optimize_one(ctx, error);
}

const HsCliCommand hs_cli_optimize = {
  .name = "optimize",
  .summary = "Find the strategy with the fewest guesses in total for an opener (or rank every opener)",
  .parameters = "OPENER | --all",
  .help = "Finds, among the strategies that start with OPENER, obey --rules (default nyt) and solve every answer\n"
          "within --max-guesses (default 6), one with the fewest guesses summed over all answers (the lowest\n"
          "average), by an exact branch-and-bound search that proves no strategy does better. Among equally\n"
          "good guesses the first in the guess ranking is played (smallest largest part, then a candidate,\n"
          "then canonical order), so the strategy is the same on every run. It is verified by the\n"
          "independent verifier and written like 'solve' (-o DIR or --format); stderr gets the histogram,\n"
          "the total, the search nodes and the time. When no strategy meets the cap, stderr says why, as\n"
          "'prove' does (--explain as there). One opener is one sequential search and runs on one thread\n"
          "unless --threads is given.\n\n"
          "With --all every opener (or --openers) is optimised, in parallel (--threads), and a TSV is written\n"
          "(stdout or -o FILE), one row per opener sorted by opener:\n"
          "  opener  verdict (optimal|impossible)  total  average\n"
          "The rows are the same for any thread count and shard split ('hardsix merge' joins shards). Openers\n"
          "with the same letters run one after another in a thread (the second finds their common all-grey\n"
          "part in the memo); --shard K/N:groups keeps them in one shard, which makes a sharded table\n"
          "faster than the interleaved K/N, and deals out the groups themselves, so N may be in the\n"
          "thousands (shards of minutes; K/N:letters deals out units of up to 128 openers). A thread also\n"
          "keeps the part steps of the openers before (up to 1 GiB for all threads, --step-cache MB), so\n"
          "that an opener costs less in a long run than alone. With\n"
          "--best K only the K best openers are optimised exactly (least total, ties to canonical order): the\n"
          "others are searched with the K-th best total so far as a cut-off, and the prover decides the rest;\n"
          "far cheaper than every row. The rows then have a fifth column:\n"
          "  opener  verdict (optimal|worse|impossible)  total  average  lower_bound\n"
          "a 'worse' row has a strategy but no total ('-'), only a proven lower bound of its total (at least\n"
          "the K-th best total); an 'impossible' row has no strategy within the cap; an 'optimal' row has no\n"
          "bound ('-'). --best K with --shard: each shard finds the K best of its own openers (the cut-off is\n"
          "not shared, so the shards together do more work than one run) and adds a column, step_bound, each\n"
          "opener's one-step bound; 'hardsix merge' settles the K best of all the shards from them and prints\n"
          "exactly the rows of one unsharded run.\n\n"
          "Exit status: one opener: 0 optimal and verified, 1 impossible or not verified; --all: 0 when every\n"
          "opener was decided; 1 on errors; 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_THREADS | HS_CMD_PROVER_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
