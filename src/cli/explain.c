/* hardsix explain — the path one answer takes through the strategy of an opener. */
#include "cli.h"

#include <stdio.h>

static int
explain(const HsCliSetup *setup, guint opener, guint answer)
{
  GError *error = NULL;
  g_autoptr(HsStrategy) s = hs_greedy_build(setup->table, opener, &setup->policy, &error);
  if (s == NULL)
    return hs_cli_fail(error);
  const HsWords *w = setup->words;
  const HsNode *n = &s->nodes[0];
  char buf[HS_PATTERN_BUFLEN];
  guint step = 0;
  while (n != NULL) {
    step++;
    guint8 p = hs_feedback(w->text[n->guess], w->text[answer]);
    printf("%u. %s %s  (%u candidate%s before this guess)\n", step, w->text[n->guess],
           hs_pattern_format(p, HS_PATTERN_EMOJI, buf), n->n_cands, n->n_cands == 1 ? "" : "s");
    if (n->guess == answer)
      break;
    n = hs_strategy_child(s, n, p);
  }
  if (n == NULL) {
    fprintf(stderr, "hardsix: the strategy does not reach %s\n", w->text[answer]);
    return HS_EXIT_FAIL;
  }
  gboolean over = step > s->max_guesses;
  printf("%s: solved with %u guess%s%s\n", w->text[answer], step, step == 1 ? "" : "es", over ? " (over the cap)" : "");
  return over ? HS_EXIT_FAIL : HS_EXIT_OK;
}

int
hs_cmd_explain(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER ANSWER");
  g_option_context_set_summary(
    ctx, "Builds the greedy strategy for OPENER (same policy options as 'solve') and prints the guesses\n"
         "and patterns on the way to ANSWER.\n\n"
         "Exit status: 0 when ANSWER is solved within the cap, 1 otherwise, 2 usage error.");
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_policy_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "explain", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  HsCliSetup setup = { 0 };
  int rc;
  guint opener, answer;
  if (argc != 3)
    rc = hs_cli_usage("explain", "expected OPENER ANSWER");
  else if ((rc = hs_cli_setup(&o, "explain", &setup)) == HS_EXIT_OK &&
           (rc = hs_cli_opener(&setup, "explain", argv[1], &opener)) == HS_EXIT_OK) {
    GError *error = NULL;
    if (!hs_words_find(setup.words, argv[2], &answer, &error)) {
      rc = hs_cli_usage("explain", "answer %s", error->message);
      g_error_free(error);
    } else if (!hs_words_is_answer(setup.words, answer)) {
      rc = hs_cli_usage("explain", "'%s' is not an answer", argv[2]);
    } else {
      rc = explain(&setup, opener, answer);
    }
  }
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
