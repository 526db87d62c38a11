/* hardsix robust — does an opener's guarantee survive other tie-breaks? Rebuilds its greedy strategy
 * under seeded random answer orders, other metrics and the other list set; TSV rows, a summary, HTML. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static struct {
  gint shuffles;
  char *seed_text, *html_path;
  gboolean no_variants;
  guint64 seed;
} opt = { .shuffles = 100 };

static const GOptionEntry options[] = {
  { "shuffles", 0, 0, G_OPTION_ARG_INT, &opt.shuffles, "Random answer orders to try (default 100)", "N" },
  { "seed", 0, 0, G_OPTION_ARG_STRING, &opt.seed_text, "Seed of the random orders (default 1)", "S" },
  { "no-variants", 0, 0, G_OPTION_ARG_NONE, &opt.no_variants, "Only the shuffles (no other metrics or lists)", NULL },
  HS_CLI_OUTPUT_OPTION("Write the TSV rows to FILE instead of stdout", "FILE"),
  { "html", 0, 0, G_OPTION_ARG_FILENAME, &opt.html_path, "Write an HTML report with an SVG chart to FILE", "FILE" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argv;
  opt.seed = 1;
  if (argc != 2)
    return hs_cli_usage_error(error, "expected one OPENER");
  if (opt.shuffles < 0 || opt.shuffles > 1000000)
    return hs_cli_usage_error(error, "--shuffles: %d is not between 0 and 1000000", opt.shuffles);
  if (opt.seed_text != NULL && !g_ascii_string_to_unsigned(opt.seed_text, 10, 0, G_MAXUINT64, &opt.seed, NULL))
    return hs_cli_usage_error(error, "--seed: '%s' is not a non-negative integer", opt.seed_text);
  /* Both files are checked, and told apart, before the long run. */
  const char *out = ctx->opt.output;
  return (out == NULL || strcmp(out, "-") == 0 || hs_cli_plan_file(ctx, "-o", out, error)) &&
         (opt.html_path == NULL || hs_cli_plan_file(ctx, "--html", opt.html_path, error));
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  /* "-o -" is stdout, as no -o. */
  const char *out_path = g_strcmp0(ctx->opt.output, "-") == 0 ? NULL : ctx->opt.output;
  const guint opener = ctx->opener;
  /* Static: the handler stays installed after this function returns (a signal during the write). */
  static volatile gint cancel;
  cancel = 0;
  hs_cli_catch_interrupts(&cancel);
  HsCliMeter meter = { "robust", "builds", "passing", 1, g_get_monotonic_time() };
  HsRobustOptions ro = { (guint)opt.shuffles, opt.seed, !opt.no_variants, hs_cli_meter_update, &meter, &cancel };
  g_autoptr(HsRobustReport) report = hs_robust_run(ctx->table, opener, &ctx->policy, &ro, error);
  hs_cli_progress_end();
  if (report == NULL)
    return FALSE;
  g_autofree char *tsv = hs_robust_tsv(report);
  if (out_path == NULL && !hs_cli_write_output(NULL, NULL, tsv, error))
    return FALSE;
  if (out_path != NULL)
    hs_cli_output_add(ctx, NULL, out_path, tsv);
  if (opt.html_path != NULL) {
    g_autofree char *html = hs_robust_html(report, ctx->policy_string);
    hs_cli_output_add(ctx, NULL, opt.html_path, html);
  }
  if (!hs_cli_output_commit(ctx, FALSE, error))
    return FALSE;
  g_autofree char *summary = hs_robust_summary(report, 10);
  fputs(summary, stderr);
  fprintf(stderr, "%.1f s\n", (g_get_monotonic_time() - meter.start) / 1e6);
  return TRUE;
}

const HsCliCommand hs_cli_robust = {
  .name = "robust",
  .summary = "Check whether an opener still passes under other tie-breaks",
  .parameters = "OPENER",
  .help = "Does OPENER's guarantee survive other tie-breaks? Rebuilds the greedy strategy (same policy options\n"
          "as 'solve'; --overrides are matched by word text) under N random orders of the answers, which\n"
          "changes every tie-break, and, unless --no-variants, under each other metric and on the other list\n"
          "set (original <-> nyt2022; skipped with a note when the opener or an override word is not in it).\n"
          "Shuffle k is drawn from its own generator seeded with (S, k): the same seed gives the same bytes\n"
          "for any --threads.",
  .description = "Output: TSV rows on stdout (or -o FILE): variant, id, metric, lists, verdict (ok/fail/skip), worst,\n"
                 "over_cap, histogram, total, average, failing answers, note. A summary on stderr: the pass rate, the\n"
                 "answers that fail most often, the worst-depth distribution and the variants. --html FILE writes the\n"
                 "same as a self-contained page with a histogram of the average guesses across shuffles.\n\n"
                 "Exit status: 0 when the report is written (whatever the pass rate); 1 on an error (illegal\n"
                 "override, unwritable file, interrupted); 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
