/* hardsix solve — build the greedy strategy for one opener, verify it independently, write it. */
#include "output.h"

#include <stdio.h>
#include <string.h>

static int
solve_opener(HsCliOptions *o, HsCliSetup *setup, guint opener, const char *outdir, const char *format_name,
             HsFormat format, gboolean timing)
{
  GError *error = NULL;
  gint64 t_build = g_get_monotonic_time();
  g_autoptr(HsStrategy) s = hs_greedy_build(setup->table, opener, &setup->policy, &error);
  if (s == NULL)
    return hs_cli_fail(error);
  hs_strategy_set_policy(s, setup->policy_string);
  gint64 t_built = g_get_monotonic_time();
  if (!hs_cli_check_overrides_used(o, setup, s))
    return HS_EXIT_FAIL;
  double verify_ms = 0, write_ms = 0;
  int rc = hs_cli_emit_strategy(setup, s, outdir, format_name, format, &verify_ms, &write_ms);
  if (timing)
    fprintf(stderr, "timing: table %.1f ms, build %.1f ms, verify %.1f ms, write %.1f ms\n", setup->table_ms,
            (t_built - t_build) / 1e3, verify_ms, write_ms);
  return rc;
}

int
hs_cmd_solve(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *outdir = NULL, *format_name = NULL;
  gboolean timing = FALSE;
  GOptionEntry entries[] = {
    { "timing", 0, 0, G_OPTION_ARG_NONE, &timing, "Print the time of each phase on stderr", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &outdir,
      "Write DIR/OPENER.by-pattern.txt, .per-word.txt, .tree.txt and .json", "DIR" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      "Write one format to stdout: by-pattern, per-word, tree or json", "FORMAT" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER");
  g_option_context_set_summary(
    ctx, "Builds the greedy hard-mode strategy that starts with OPENER (minimax max-bucket by default),\n"
         "verifies it with the independent verifier and prints a summary on stderr.\n\n"
         "Exit status: 0 when every answer is solved within the cap and the strategy is verified;\n"
         "1 when some answer is over the cap (listed with its path) or verification fails; 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_policy_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "solve", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  HsCliSetup setup = { 0 };
  HsFormat format = HS_FORMAT_BY_PATTERN;
  GError *error = NULL;
  if (argc != 2) {
    rc = hs_cli_usage("solve", "expected one OPENER");
    goto out;
  }
  if (outdir && format_name) {
    rc = hs_cli_usage("solve", "-o and --format cannot be combined");
    goto out;
  }
  if (format_name && !hs_format_parse(format_name, &format, &error)) {
    rc = hs_cli_usage("solve", "--format: %s", error->message);
    g_clear_error(&error);
    goto out;
  }
  if ((rc = hs_cli_setup(&o, "solve", &setup)) != HS_EXIT_OK)
    goto out;
  guint opener;
  if ((rc = hs_cli_opener(&setup, "solve", argv[1], &opener)) != HS_EXIT_OK)
    goto out;
  if (outdir && !hs_cli_prepare_dir(outdir, &error)) {
    rc = hs_cli_fail(error);
    goto out;
  }

  rc = solve_opener(&o, &setup, opener, outdir, format_name, format, timing);

out:
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
