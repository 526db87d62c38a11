/* hardsix robust — does an opener's guarantee survive other tie-breaks? Rebuilds its greedy strategy
 * under seeded random answer orders, other metrics and the other list set; TSV rows, a summary, HTML. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

typedef struct {
  gint64 start;
} Progress;

static void
on_progress(guint done, guint total, guint passing, gpointer user)
{
  Progress *p = user;
  double secs = (g_get_monotonic_time() - p->start) / 1e6;
  double rate = secs > 0 ? done / secs : 0;
  hs_cli_progress(done == total, "robust: %u/%u builds, %u passing, %.1f builds/s, ETA %.0f s", done, total, passing,
                  rate, rate > 0 ? (total - done) / rate : 0.0);
}

static gboolean
write_out(const char *path, const char *text, GError **error)
{
  if (path == NULL || strcmp(path, "-") == 0) {
    fputs(text, stdout);
    if (fflush(stdout) != 0) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write to stdout");
      return FALSE;
    }
    return TRUE;
  }
  return hs_file_write_atomic(path, text, strlen(text), error);
}

static int
run(const HsCliSetup *setup, guint opener, guint shuffles, guint64 seed, gboolean variants, const char *out_path,
    const char *html_path)
{
  GError *error = NULL;
  volatile gint cancel = 0;
  hs_cli_catch_interrupts(&cancel);
  Progress progress = { g_get_monotonic_time() };
  HsRobustOptions ro = { shuffles, seed, variants, on_progress, &progress, &cancel };
  g_autoptr(HsRobustReport) report = hs_robust_run(setup->table, opener, &setup->policy, &ro, &error);
  hs_cli_progress_end();
  if (report == NULL)
    return hs_cli_fail(error);
  g_autofree char *tsv = hs_robust_tsv(report);
  if (!write_out(out_path, tsv, &error))
    return hs_cli_fail(error);
  if (html_path != NULL) {
    g_autofree char *html = hs_robust_html(report, setup->policy_string);
    if (!hs_file_write_atomic(html_path, html, strlen(html), &error))
      return hs_cli_fail(error);
  }
  g_autofree char *summary = hs_robust_summary(report, 10);
  fputs(summary, stderr);
  fprintf(stderr, "%.1f s\n", (g_get_monotonic_time() - progress.start) / 1e6);
  return HS_EXIT_OK;
}

int
hs_cmd_robust(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *out_path = NULL, *html_path = NULL, *seed_text = NULL;
  gint shuffles = 100;
  gboolean no_variants = FALSE;
  GOptionEntry entries[] = {
    { "shuffles", 0, 0, G_OPTION_ARG_INT, &shuffles, "Random answer orders to try (default 100)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_STRING, &seed_text, "Seed of the random orders (default 1)", "S" },
    { "no-variants", 0, 0, G_OPTION_ARG_NONE, &no_variants, "Only the shuffles (no other metrics or lists)", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &out_path, "Write the TSV rows to FILE instead of stdout", "FILE" },
    { "html", 0, 0, G_OPTION_ARG_FILENAME, &html_path, "Write an HTML report with an SVG chart to FILE", "FILE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER");
  g_option_context_set_summary(
    ctx, "Does OPENER's guarantee survive other tie-breaks? Rebuilds the greedy strategy (same policy options\n"
         "as 'solve'; --overrides are matched by word text) under N random orders of the answers, which\n"
         "changes every tie-break, and, unless --no-variants, under each other metric and on the other list\n"
         "set (original <-> nyt2022; skipped with a note when the opener or an override word is not in it).\n"
         "Shuffle k is drawn from its own generator seeded with (S, k): the same seed gives the same bytes\n"
         "for any --threads.");
  g_option_context_set_description(
    ctx, "Output: TSV rows on stdout (or -o FILE): variant, id, metric, lists, verdict (ok/fail/skip), worst,\n"
         "over_cap, histogram, total, average, failing answers, note. A summary on stderr: the pass rate, the\n"
         "answers that fail most often, the worst-depth distribution and the variants. --html FILE writes the\n"
         "same as a self-contained page with a histogram of the average guesses across shuffles.\n\n"
         "Exit status: 0 when the report is written (whatever the pass rate); 1 on an error (illegal\n"
         "override, unwritable file, interrupted); 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_policy_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "robust", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  HsCliSetup setup = { 0 };
  GError *error = NULL;
  guint64 seed = 1;
  guint opener;
  if (argc != 2) {
    rc = hs_cli_usage("robust", "expected one OPENER");
    goto out;
  }
  if (shuffles < 0 || shuffles > 1000000) {
    rc = hs_cli_usage("robust", "--shuffles: %d is not between 0 and 1000000", shuffles);
    goto out;
  }
  if (seed_text != NULL && !g_ascii_string_to_unsigned(seed_text, 10, 0, G_MAXUINT64, &seed, NULL)) {
    rc = hs_cli_usage("robust", "--seed: '%s' is not a non-negative integer", seed_text);
    goto out;
  }
  if ((rc = hs_cli_setup(&o, "robust", &setup)) != HS_EXIT_OK)
    goto out;
  if ((rc = hs_cli_opener(&setup, "robust", argv[1], &opener)) != HS_EXIT_OK)
    goto out;

  if ((out_path != NULL && strcmp(out_path, "-") != 0 && !hs_cli_check_output_file(out_path, &error)) ||
      (html_path != NULL && !hs_cli_check_output_file(html_path, &error))) {
    rc = hs_cli_fail(error);
    goto out;
  }
  rc = run(&setup, opener, (guint)shuffles, seed, !no_variants, out_path, html_path);

out:
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
