/* hardsix repair — keep the greedy strategy of an opener, let the exact prover choose where greedy
 * provably fails, and write the resulting overrides and the verified strategy. */
#include "output.h"

#include <stdio.h>
#include <string.h>

static int
repair(HsCliOptions *o, HsCliSetup *setup, guint opener, const char *outdir, const char *format_name, HsFormat format,
       const char *save)
{
  GError *error = NULL;
  const HsWords *w = setup->words;
  g_autoptr(HsProver) prover = hs_prover_new(setup->table, setup->policy.rules, HS_PROVE_ORDER_GREEDY);
  HsRepairStats st = { 0 };
  gint64 t0 = g_get_monotonic_time();
  g_autoptr(HsOverrides) fixed = hs_repair(setup->table, &setup->policy, opener, prover, &st, &error);
  if (fixed == NULL)
    return hs_cli_fail(error);
  double secs = (g_get_monotonic_time() - t0) / 1e6;

  HsPolicy p = setup->policy;
  p.overrides = fixed;
  g_autoptr(HsStrategy) s = hs_greedy_build(setup->table, opener, &p, &error);
  if (s == NULL)
    return hs_cli_fail(error);
  g_autofree char *added = g_strdup_printf("%s, repaired with %u override%s", setup->policy_string, fixed->rules->len,
                                           fixed->rules->len == 1 ? "" : "s");
  hs_strategy_set_policy(s, added);

  g_autofree char *rules = hs_overrides_to_text(fixed, w);
  g_autofree char *text = g_strdup_printf("# Overrides for opener %s, found by 'hardsix repair' (%s).\n"
                                          "# With them the greedy strategy solves every answer within %u guesses.\n%s",
                                          w->text[opener], setup->policy_string, setup->policy.max_guesses, rules);

  int rc = hs_cli_emit_strategy(setup, s, outdir, format_name, format, NULL, NULL);
  fprintf(stderr, "repair: %u rule%s added (%u replaced) in %u greedy rounds, %.2f s\n", st.added,
          st.added == 1 ? "" : "s", st.replaced, st.rounds, secs);
  if (rc != HS_EXIT_OK) {
    fprintf(stderr, "hardsix: the repaired strategy did not verify; overrides not written\n");
    return rc;
  }
  if (outdir) {
    g_autofree char *name = g_strdup_printf("%s.overrides.txt", w->text[opener]);
    g_autofree char *path = g_build_filename(outdir, name, NULL);
    if (!hs_file_write_atomic(path, text, strlen(text), &error))
      return hs_cli_fail(error);
  }
  if (save && !hs_file_write_atomic(save, text, strlen(text), &error))
    return hs_cli_fail(error);
  if (!outdir && !save && !format_name)
    fputs(text, stdout);
  (void)o;
  return HS_EXIT_OK;
}

int
hs_cmd_repair(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *outdir = NULL, *format_name = NULL, *save = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &outdir, "Write the strategy files and OPENER.overrides.txt into DIR",
      "DIR" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, "Write the strategy in one format to stdout", "FORMAT" },
    { "save-overrides", 0, 0, G_OPTION_ARG_FILENAME, &save, "Write the repaired overrides to FILE", "FILE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER");
  g_option_context_set_summary(
    ctx, "Builds the greedy strategy for OPENER (same policy options as 'solve', --overrides gives the\n"
         "starting rules). Where an answer is over the cap, walks down its path to the highest node whose\n"
         "greedy guess is provably wrong and overrides it with the first guess, in greedy order, that the\n"
         "exact prover shows to work; repeats until every answer is within the cap. Writes the overrides\n"
         "(one rule per line, each with a comment naming the answers it rescues) and the verified strategy.\n"
         "Without -o, --format or --save-overrides the overrides go to stdout.\n\n"
         "Exit status: 0 repaired and verified, 1 impossible for this opener or not verified, 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_policy_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "repair", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  HsCliSetup setup = { 0 };
  HsFormat format = HS_FORMAT_BY_PATTERN;
  GError *error = NULL;
  guint opener = 0;
  if (argc != 2)
    rc = hs_cli_usage("repair", "expected one OPENER");
  else if (outdir && format_name)
    rc = hs_cli_usage("repair", "-o and --format cannot be combined");
  else if (format_name && !hs_format_parse(format_name, &format, &error)) {
    rc = hs_cli_usage("repair", "--format: %s", error->message);
    g_clear_error(&error);
  } else if ((rc = hs_cli_setup(&o, "repair", &setup)) == HS_EXIT_OK &&
             (rc = hs_cli_opener(&setup, "repair", argv[1], &opener)) == HS_EXIT_OK) {
    if (!hs_table_has_row(setup.table, setup.words->n_words - 1)) {
      /* The prover needs every guess row. */
      hs_table_free(setup.table);
      setup.table = hs_table_new_full(setup.words, TRUE, setup.policy.metric == HS_METRIC_MAXBUCKET_SWAPPED);
    }
    if (outdir && !hs_cli_prepare_dir(outdir, &error))
      rc = hs_cli_fail(error);
    else
      rc = repair(&o, &setup, opener, outdir, format_name, format, save);
  }
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
