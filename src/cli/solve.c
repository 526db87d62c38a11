/* hardsix solve — build the greedy strategy for one opener, verify it independently, write it. */
#include "cli.h"

static struct {
  gboolean timing;
  HsFormat format;
} opt;

static const GOptionEntry options[] = {
  { "timing", 0, 0, G_OPTION_ARG_NONE, &opt.timing, "Print the time of each phase on stderr", NULL },
  HS_CLI_OUTPUT_OPTION("Write DIR/OPENER.by-pattern.txt, .per-word.txt, .tree.txt and .json", "DIR"),
  HS_CLI_FORMAT_OPTION("Write one format to stdout: by-pattern, per-word, tree, json, selby or selby-bare"),
  HS_CLI_FORCE_OPTION,
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  return hs_cli_check_opener(ctx, argc, argv, NULL, &opt.format, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  gint64 t_build = g_get_monotonic_time();
  g_autoptr(HsStrategy) s = hs_greedy_build(ctx->table, ctx->opener, &ctx->policy, error);
  if (s == NULL)
    return FALSE;
  hs_strategy_set_policy(s, ctx->policy_string);
  gint64 t_built = g_get_monotonic_time();
  if (!hs_cli_check_overrides_used(ctx, s, error))
    return FALSE;
  double verify_ms = 0, write_ms = 0;
  gboolean verified = FALSE;
  if (!hs_cli_publish_strategy(ctx, s, opt.format, &verified, &verify_ms, &write_ms, error))
    return FALSE;
  if (opt.timing)
    hs_cli_print_timing(ctx, "build", (t_built - t_build) / 1e3, verify_ms, write_ms);
  if (!verified && s->n_over > 0)
    hs_cli_print(stderr,
                 "hint: 'hardsix repair %s' (with the same options) keeps this strategy and finds overrides where it\n"
                 "      fails; 'hardsix prove %s --max-guesses %u' decides whether any strategy meets the cap\n",
                 ctx->words->text[ctx->opener], ctx->words->text[ctx->opener], ctx->policy.max_guesses);
  return verified || hs_cli_reported(error);
}

const HsCliCommand hs_cli_solve = {
  .name = "solve",
  .summary = "Build the greedy strategy (hard or normal mode) for an opener and verify it",
  .parameters = "OPENER",
  .help = "Builds the greedy strategy that starts with OPENER (minimax max-bucket by default) under --rules\n"
          "(nyt hard mode by default; none is normal mode), verifies it with the independent verifier and\n"
          "prints a summary on stderr. --preset entropy2022 is the 2022 normal-mode entropy solver.\n\n"
          "Exit status: 0 when every answer is solved within the cap and the strategy is verified;\n"
          "1 when some answer is over the cap (listed with its path, and a hint: 'repair' fixes the strategy\n"
          "with overrides, 'prove' decides whether any strategy can meet the cap) or verification fails;\n"
          "2 usage error.\n"
          "A run that fails does not replace existing files of -o DIR (unless --force); the files of a set\n"
          "are written together: all new, or all as they were.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
