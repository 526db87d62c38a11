/* hardsix explain — the path one answer takes through the strategy of an opener (greedy), or through
 * a verified strategy file (--strategy). */
#include "cli.h"

#include <stdio.h>

static struct {
  char *strategy;
} opt;

static const GOptionEntry options[] = {
  { "strategy", 0, 0, G_OPTION_ARG_FILENAME, &opt.strategy,
    "Follow the strategy in FILE (any format; it must verify) instead of building one: "
    "'explain --strategy FILE ANSWER...'",
    "FILE" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argv;
  if (opt.strategy != NULL)
    return (argc >= 2 || hs_cli_usage_error(error, "expected ANSWER... with --strategy")) &&
           hs_cli_read_strategy_file(ctx, opt.strategy, error);
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
    HsPat p = hs_feedback_words(w, n->guess, answer);
    printf("%u. %s %s  (%u candidate%s before this guess)\n", step, w->text[n->guess],
           hs_pattern_format_for(w, n->guess, p, HS_PATTERN_EMOJI, buf), n->n_cands, n->n_cands == 1 ? "" : "s");
    if (n->guess == answer)
      break;
    n = hs_strategy_child(s, n, p);
  }
  *steps = step;
  return n != NULL || hs_cli_fail(error, "the strategy does not reach %s", w->text[answer]);
}

/* Prints the path of every answer of ARGV[FIRST..ARGC) through S. */
static gboolean
explain_answers(const HsCliContext *ctx, const HsStrategy *s, int first, int argc, char **argv, GError **error)
{
  gboolean over = FALSE;
  for (int i = first; i < argc; i++) {
    guint answer, steps;
    if (!hs_cli_find_word(ctx, "answer", argv[i], &answer, error))
      return FALSE;
    if (!hs_words_is_answer(ctx->words, answer))
      return hs_cli_usage_error(error, "'%s' is not an answer", argv[i]);
    if (!print_path(s, answer, &steps, error))
      return FALSE;
    printf("%s: solved with %u guess%s%s\n", ctx->words->text[answer], steps, steps == 1 ? "" : "es",
           steps > s->max_guesses ? " (over the cap)" : "");
    over = over || steps > s->max_guesses;
  }
  return !over || hs_cli_reported(error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  if (opt.strategy != NULL) {
    g_autoptr(HsPublished) pub = hs_cli_verified_strategy(ctx, "explanation", error);
    return pub != NULL && explain_answers(ctx, hs_published_strategy(pub), 1, argc, argv, error);
  }
  if (!hs_cli_find_word(ctx, "opener", argv[1], &ctx->opener, error))
    return FALSE;
  g_autoptr(HsStrategy) s = hs_greedy_build(ctx->table, ctx->opener, &ctx->policy, error);
  return s != NULL && explain_answers(ctx, s, 2, argc, argv, error);
}

const HsCliCommand hs_cli_explain = {
  .name = "explain",
  .summary = "Show the path a strategy takes to one answer",
  .parameters = "OPENER ANSWER | --strategy FILE ANSWER...",
  .help = "Builds the greedy strategy for OPENER (same policy options as 'solve') and prints the guesses\n"
          "and patterns on the way to ANSWER. With --strategy FILE, follows the strategy in FILE instead\n"
          "(any strategy format; it must pass the independent verifier; its '# lists:' and '# rules:' lines\n"
          "apply unless given), for each ANSWER.\n\n"
          "Exit status: 0 when every ANSWER is solved within the cap, 1 otherwise, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE,
  .check = check,
  .run = run,
};
