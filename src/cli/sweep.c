/* hardsix sweep — the greedy construction for every opener (or a chosen set), fail-first, in
 * parallel; TSV or JSON rows sorted by opener, a summary on stderr. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static struct {
  gboolean full, no_fail_first;
} opt;

static const GOptionEntry options[] = {
  HS_CLI_OPENERS_OPTION("all (default), answers, guesses, or a FILE of words"),
  { "full", 0, 0, G_OPTION_ARG_NONE, &opt.full, "Finish failing trees too (exact counts for every opener)", NULL },
  HS_CLI_SHARD_OPTION(
    "Only the K-th of N interleaved slices (1-based); K/N:letters slices units of openers with like letters, "
    "K/N:groups groups of anagrams"),
  { "no-fail-first", 0, 0, G_OPTION_ARG_NONE, &opt.no_fail_first, "Explore parts in pattern order", NULL },
  HS_CLI_OUTPUT_OPTION("Write the rows to FILE (atomically)", "FILE"),
  HS_CLI_FORMAT_OPTION("tsv (default) or json"),
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const char *format = ctx->opt.format;
  if (argc != 1)
    return hs_cli_usage_error(error, "unexpected argument '%s'", argv[1]);
  if (format && strcmp(format, "tsv") != 0 && strcmp(format, "json") != 0)
    return hs_cli_usage_error(error, "--format: '%s' is not tsv or json", format);
  /* Before the long run, not after it. */
  return ctx->opt.output == NULL || hs_cli_plan_file(ctx, "-o", ctx->opt.output, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  const HsWords *w = ctx->words;
  guint n = ctx->n_openers;
  g_autofree HsSweepRow *rows = g_new0(HsSweepRow, MAX(n, 1u));
  g_autofree guint *fails = g_new0(guint, w->n_answers);
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  HsCliMeter meter = { "sweep", "openers", "passing", 0, g_get_monotonic_time() };
  HsSweepOptions so = { opt.full, !opt.no_fail_first, hs_cli_meter_update, &meter, &interrupted };
  gboolean ok = hs_sweep_run(ctx->table, &ctx->policy, ctx->openers, n, &so, rows, fails, error);
  double secs;
  if (!hs_cli_meter_finish(&meter, ok, &interrupted, &secs, error))
    return FALSE;
  hs_cli_sort_rows(ctx, rows, n, sizeof *rows, G_STRUCT_OFFSET(HsSweepRow, opener));
  gboolean json = g_strcmp0(ctx->opt.format, "json") == 0;
  g_autofree char *rows_text =
    json ? hs_report_sweep_json(w, rows, n, ctx->policy_string) : hs_report_sweep_tsv(w, rows, n);
  /* JSON has no comment lines; merge reads TSV shards. */
  ok = json ? hs_cli_write_output(ctx->opt.output, NULL, rows_text, error)
            : hs_cli_write_rows(ctx, opt.full ? "--full" : NULL, rows_text, error);
  g_autofree char *summary = hs_report_sweep_summary(w, rows, n, fails, opt.full, ctx->policy.max_guesses, secs);
  fputs(summary, stderr);
  return ok;
}

const HsCliCommand hs_cli_sweep = {
  .name = "sweep",
  .summary = "Build the greedy strategy for every opener and report which pass",
  .parameters = "",
  .help = "Builds the greedy strategy (same policy options as 'solve') for every opener and reports which\n"
          "solve every answer within the cap. Rows are sorted by opener:\n"
          "  opener verdict worst over_cap first_over histogram total average\n"
          "A failing opener stops at its first answer over the cap (its details are '-'); --full finishes\n"
          "it. Results are the same for any thread count, shard split and fail-first setting.\n\n"
          "Exit status: 0 when the sweep ran (whatever the verdicts), 1 on errors, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE,
  .check = check,
  .run = run,
};
