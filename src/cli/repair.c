/* hardsix repair — keep the greedy strategy of an opener, let the exact prover choose where greedy
 * provably fails, and write the resulting overrides and the verified strategy. */
#include "cli.h"

#include <stdio.h>

static struct {
  char *save;
  HsFormat format;
} opt;

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write the strategy files and OPENER.overrides.txt into DIR", "DIR"),
  HS_CLI_FORMAT_OPTION("Write the strategy in one format to stdout"),
  { "save-overrides", 0, 0, G_OPTION_ARG_FILENAME, &opt.save, "Write the repaired overrides to FILE", "FILE" },
  HS_CLI_FORCE_OPTION,
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  g_autofree char *name = argc == 2 ? g_strdup_printf("%s.overrides.txt", argv[1]) : NULL;
  const char *const extra[] = { name, NULL };
  return hs_cli_check_opener(ctx, argc, argv, extra, &opt.format, error) &&
         (opt.save == NULL || hs_cli_plan_file(ctx, "--save-overrides", opt.save, error));
}

/* The overrides file: a comment saying where it comes from, then the rules. */
static char *
overrides_text(const HsCliContext *ctx, guint opener, const HsOverrides *fixed)
{
  g_autofree char *rules = hs_overrides_to_text(fixed, ctx->words);
  return g_strdup_printf("# Overrides for opener %s, found by 'hardsix repair' (%s).\n"
                         "# With them the greedy strategy solves every answer within %u %s.\n%s",
                         ctx->words->text[opener], ctx->policy_string, ctx->policy.max_guesses,
                         hs_guesses_word(ctx->policy.max_guesses), rules);
}

/* The greedy strategy of OPENER under the policy with FIXED as its overrides. */
static HsStrategy *
rebuild(const HsCliContext *ctx, guint opener, HsOverrides *fixed, GError **error)
{
  HsPolicy p = ctx->policy;
  p.overrides = fixed;
  HsStrategy *s = hs_greedy_build(ctx->table, opener, &p, error);
  if (s == NULL)
    return NULL;
  g_autofree char *policy = g_strdup_printf("%s, repaired with %u override%s", ctx->policy_string, fixed->rules->len,
                                            fixed->rules->len == 1 ? "" : "s");
  hs_strategy_set_policy(s, policy);
  return s;
}

/* The overrides join the files of the run (-o DIR, --save-overrides FILE), or go to stdout when the
 * strategy is not written. */
static gboolean
queue_overrides(HsCliContext *ctx, guint opener, const char *text, GError **error)
{
  const char *outdir = ctx->opt.output;
  g_autofree char *name = g_strdup_printf("%s.overrides.txt", ctx->words->text[opener]);
  if (outdir)
    hs_cli_output_add(ctx, outdir, name, text);
  if (opt.save)
    hs_cli_output_add(ctx, NULL, opt.save, text);
  if (!outdir && !opt.save && !ctx->opt.format)
    return hs_cli_write_output(NULL, NULL, text, error);
  return TRUE;
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  const guint opener = ctx->opener;
  g_autoptr(HsProver) prover = hs_prover_new(ctx->table, ctx->policy.rules, HS_PROVE_ORDER_GREEDY);
  /* The prover's searches can be long (every word an answer): Ctrl-C stops the one under way, and a
   * terminal shows its nodes and the time so far. */
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  hs_prover_set_cancel(prover, &interrupted);
  HsCliSearchMeter meter = { .what = "repair", .opener = ctx->words->text[opener], .start = g_get_monotonic_time() };
  hs_cli_watch_prover(prover, &meter);
  HsRepairStats st = { 0 };
  g_autoptr(HsOverrides) fixed = hs_repair(ctx->table, &ctx->policy, opener, prover, &st, error);
  hs_cli_progress_end();
  hs_cli_catch_interrupts(NULL);
  if (fixed == NULL)
    return FALSE;
  double secs = (g_get_monotonic_time() - meter.start) / 1e6;
  g_autoptr(HsStrategy) s = rebuild(ctx, opener, fixed, error);
  gboolean verified = FALSE;
  if (s == NULL || !hs_cli_emit_strategy(ctx, s, opt.format, &verified, NULL, error))
    return FALSE;
  fprintf(stderr, "repair: %u rule%s added (%u replaced) in %u greedy rounds, %.2f s\n", st.added,
          st.added == 1 ? "" : "s", st.replaced, st.rounds, secs);
  if (!verified) {
    if (!hs_cli_output_commit(ctx, TRUE, error))
      return FALSE;
    return hs_cli_fail(error, "the repaired strategy did not verify; overrides not written");
  }
  g_autofree char *text = overrides_text(ctx, opener, fixed);
  return queue_overrides(ctx, opener, text, error) && hs_cli_output_commit(ctx, FALSE, error);
}

const HsCliCommand hs_cli_repair = {
  .name = "repair",
  .summary = "Fix a failing greedy strategy with overrides found by the exact prover",
  .parameters = "OPENER",
  .help = "Builds the greedy strategy for OPENER (same policy options as 'solve', --overrides gives the\n"
          "starting rules). Where an answer is over the cap, walks down its path to the highest node whose\n"
          "greedy guess is provably wrong and overrides it with the first guess, in greedy order, that the\n"
          "exact prover shows to work; repeats until every answer is within the cap. Writes the overrides\n"
          "(one rule per line, each with a comment naming the answers it rescues) and the verified strategy.\n"
          "Without -o, --format or --save-overrides the overrides go to stdout. A long search of the prover\n"
          "shows its nodes and time on stderr when that is a terminal; Ctrl-C stops it.\n\n"
          "Exit status: 0 repaired and verified, 1 impossible for this opener or not verified, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_PROVER_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
