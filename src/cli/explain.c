/* hardsix explain — the path one answer takes through the strategy of an opener. */
#include "cli.h"

#include <stdio.h>

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx, (void)argv;
  return argc == 3 || hs_cli_usage_error(error, "expected OPENER ANSWER");
}

/* Prints the steps to ANSWER; FALSE when the strategy does not reach it. *STEPS: guesses used. */
static gboolean
print_path(const HsStrategy *s, guint answer, guint *steps, GError **error)
{
  const HsWords *w = s->words;
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
  *steps = step;
  return n != NULL || hs_cli_fail(error, "the strategy does not reach %s", w->text[answer]);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc;
  guint answer, steps;
  if (!hs_cli_find_word(ctx, "answer", argv[2], &answer, error))
    return FALSE;
  if (!hs_words_is_answer(ctx->words, answer))
    return hs_cli_usage_error(error, "'%s' is not an answer", argv[2]);
  g_autoptr(HsStrategy) s = hs_greedy_build(ctx->table, ctx->opener, &ctx->policy, error);
  if (s == NULL || !print_path(s, answer, &steps, error))
    return FALSE;
  gboolean over = steps > s->max_guesses;
  printf("%s: solved with %u guess%s%s\n", ctx->words->text[answer], steps, steps == 1 ? "" : "es",
         over ? " (over the cap)" : "");
  return !over || hs_cli_reported(error);
}

const HsCliCommand hs_cli_explain = {
  .name = "explain",
  .summary = "Show the path a strategy takes to one answer",
  .parameters = "OPENER ANSWER",
  .help = "Builds the greedy strategy for OPENER (same policy options as 'solve') and prints the guesses\n"
          "and patterns on the way to ANSWER.\n\n"
          "Exit status: 0 when ANSWER is solved within the cap, 1 otherwise, 2 usage error.",
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE | HS_CMD_OPENER,
  .check = check,
  .run = run,
};
