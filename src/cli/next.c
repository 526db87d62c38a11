/* hardsix next — the next guess of a verified strategy after a history of (guess, pattern) pairs, and
 * the candidates left; with no history and a terminal on stdin, plays a whole game interactively. */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Candidates are listed by name when there are at most this many. */
#define WORDS_SHOWN 20

/* Appends "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜" for the path from the root to NODE. */
static void
append_history(GString *out, const HsStrategy *s, const HsNode *node)
{
  const HsNode *chain[HS_DEPTH_LIMIT + 1];
  guint n = 0;
  for (const HsNode *x = node; x->parent != HS_NONE && n < G_N_ELEMENTS(chain); x = &s->nodes[x->parent])
    chain[n++] = x;
  char buf[HS_PATTERN_BUFLEN];
  for (guint i = n; i > 0; i--) {
    const HsNode *c = chain[i - 1];
    const guint32 g = s->nodes[c->parent].guess;
    g_string_append_printf(out, "%s%s %s", out->len ? " " : "", s->words->text[g],
                           hs_pattern_format_for(s->words, g, c->pattern, HS_PATTERN_EMOJI, buf));
  }
}

/* "after howls 🟨⬜⬜⬜🟨" or "at the start". */
static char *
where(const HsStrategy *s, const HsNode *node)
{
  g_autoptr(GString) h = g_string_new(NULL);
  append_history(h, s, node);
  return h->len ? g_strdup_printf("after %s", h->str) : g_strdup("at the start");
}

/* Follows GUESS/PATTERN from *NODE. Sets *NODE to the child, or to NULL when PATTERN solves the game.
 * Fails with HS_CLI_ERROR_FAILED for a guess the strategy does not play there or a pattern no
 * candidate gives, with the parser's error for a malformed word or pattern. */
static gboolean
step(const HsStrategy *s, const HsNode **node, const char *guess_text, const char *pattern_text, GError **error)
{
  const HsWords *w = s->words;
  const HsNode *n = *node;
  guint g;
  if (!hs_words_find(w, guess_text, &g, error))
    return FALSE;
  if (g != n->guess) {
    g_autofree char *at = where(s, n);
    return hs_cli_fail(error, "the strategy never reaches this history: %s it plays '%s', not '%s'", at,
                       w->text[n->guess], w->text[g]);
  }
  HsPat p;
  if (!hs_pattern_parse_for(w, g, pattern_text, -1, &p, error))
    return FALSE;
  if (p == w->all_green && hs_strategy_node_solves(s, n)) {
    *node = NULL;
    return TRUE;
  }
  const HsNode *c = p == w->all_green ? NULL : hs_strategy_child(s, n, p);
  if (c == NULL) {
    char buf[HS_PATTERN_BUFLEN];
    g_autofree char *at = where(s, n);
    /* Say whether the pattern is impossible for this guess at all, or only given the history. */
    gboolean any = FALSE;
    for (guint a = 0; a < w->n_answers && !any; a++)
      any = hs_feedback_words(w, g, a) == p;
    return hs_cli_fail(
      error, "impossible pattern: '%s' cannot show %s %s (%s)", w->text[g],
      hs_pattern_format_for(w, g, p, HS_PATTERN_EMOJI, buf), at,
      any ? (n->n_cands == 1 ? "the only answer left is the guess itself" : "none of the answers left gives it")
          : "no answer gives that pattern for this guess");
  }
  *node = c;
  return TRUE;
}

static void
print_solved(const HsStrategy *s, const HsNode *n)
{
  hs_cli_print(stdout, "solved: %s in %u guess%s\n", s->words->text[n->guess], n->depth + 1u,
               n->depth == 0 ? "" : "es");
}

static void
print_node(const HsStrategy *s, const HsNode *n)
{
  const HsWords *w = s->words;
  hs_cli_print(stdout, "next guess: %s (guess %u)\n", w->text[n->guess], n->depth + 1u);
  hs_cli_print(stdout, "candidates left: %u\n", n->n_cands);
  if (n->n_cands <= WORDS_SHOWN) {
    hs_cli_print(stdout, "words:");
    for (guint k = 0; k < n->n_cands; k++)
      hs_cli_print(stdout, "%s %s", k ? "," : "", w->text[s->cands[n->cand_off + k]]);
    putchar('\n');
  }
}

static void
interactive(const HsStrategy *s)
{
  const HsWords *w = s->words;
  const HsNode *n = &s->nodes[0];
  hs_cli_print(stdout,
               "%s: %u answers, at most %u %s. After each guess type the colours you see:\n"
               "G/Y/B (or 2/1/0, or 🟩🟨⬜), e.g. BYBBG. An empty line or Ctrl-D quits.\n",
               w->text[n->guess], s->n_solved, hs_histogram_worst(&s->hist),
               hs_guesses_word(hs_histogram_worst(&s->hist)));
  char line[256];
  for (;;) {
    g_autofree char *upper = g_ascii_strup(w->text[n->guess], -1);
    hs_cli_print(stdout, "\nguess %u: %s   (%u candidate%s", n->depth + 1u, upper, n->n_cands,
                 n->n_cands == 1 ? "" : "s");
    if (n->n_cands <= 8) {
      hs_cli_print(stdout, ":");
      for (guint k = 0; k < n->n_cands; k++)
        hs_cli_print(stdout, " %s", w->text[s->cands[n->cand_off + k]]);
    }
    hs_cli_print(stdout, ")\n");
    for (;;) {
      hs_cli_print(stdout, "pattern> ");
      fflush(stdout);
      if (fgets(line, sizeof line, stdin) == NULL) {
        putchar('\n');
        return;
      }
      g_strstrip(line);
      if (line[0] == '\0')
        return;
      const HsNode *next = n;
      GError *error = NULL;
      if (!step(s, &next, w->text[n->guess], line, &error)) {
        hs_cli_print(stdout, "  %s\n", error->message);
        g_error_free(error);
        continue;
      }
      if (next == NULL) {
        print_solved(s, n);
        return;
      }
      n = next;
      break;
    }
  }
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx;
  if (argc < 2)
    return hs_cli_usage_error(error, "expected a STRATEGY file");
  if ((argc - 2) % 2 != 0)
    return hs_cli_usage_error(error, "the history must be GUESS PATTERN pairs ('%s' has no pattern)", argv[argc - 1]);
  return TRUE;
}

/* Follows the history ARGV[0..argc) (GUESS PATTERN pairs) from the root; *NODE is where it ends, NULL
 * when it solves the game. A malformed word or pattern is a usage error. */
static gboolean
follow(const HsStrategy *s, int argc, char **argv, const HsNode **node, GError **error)
{
  const HsNode *n = &s->nodes[0];
  for (int i = 0; i < argc; i += 2) {
    if (n == NULL)
      return hs_cli_usage_error(error, "the game is already solved before '%s %s'", argv[i], argv[i + 1]);
    const HsNode *before = n;
    if (!step(s, &n, argv[i], argv[i + 1], error)) {
      if (!g_error_matches(*error, HS_CLI_ERROR, HS_CLI_ERROR_FAILED))
        hs_cli_bad_value(error, NULL); /* a malformed word or pattern */
      return FALSE;
    }
    if (n == NULL)
      print_solved(s, before);
  }
  *node = n;
  return TRUE;
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  g_autoptr(HsPublished) pub = hs_cli_verified_strategy(ctx, "lookup", error);
  if (pub == NULL)
    return FALSE;
  const HsStrategy *s = hs_published_strategy(pub);
  if (argc == 2 && isatty(STDIN_FILENO) && strcmp(argv[1], "-") != 0) {
    interactive(s);
    return TRUE;
  }
  const HsNode *n = NULL;
  if (!follow(s, argc - 2, argv + 2, &n, error))
    return FALSE;
  if (n != NULL)
    print_node(s, n);
  return TRUE;
}

const HsCliCommand hs_cli_next = {
  .name = "next",
  .summary = "Print the next guess of a strategy after a history (or play interactively)",
  .parameters = "STRATEGY [GUESS PATTERN]...",
  .help = "Prints the guess the strategy in the file STRATEGY (any strategy format; it must pass the\n"
          "independent verifier) plays after the given history, and the candidates left (the words when at\n"
          "most 20). Patterns in any form: 🟩🟨⬜, G/Y/B (any case, '-' or '.' for grey) or 2/1/0; put '--'\n"
          "before a history whose patterns start with '-'.\n\n"
          "With no history and a terminal on stdin it plays interactively: it shows each guess, reads the\n"
          "pattern you see, and repeats until the game is solved.\n\n"
          "Lists and rules come from the file's '# lists:' and '# rules:' lines unless given.",
  .description = "Example:\n"
                 "  hardsix next output/howls-tkihira2022/howls.per-word.txt howls YBBBY shark GGGBB\n\n"
                 "Exit status: 0 success; 1 when the file is not verified, the strategy never reaches the history\n"
                 "(another guess was played) or a pattern is impossible for its guess there; 2 usage error (also an\n"
                 "unknown word or a malformed pattern).",
  .flags = HS_CMD_STRATEGY_FILE | HS_CMD_LISTS | HS_CMD_RULES,
  .check = check,
  .run = run,
};
