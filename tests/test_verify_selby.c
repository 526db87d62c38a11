/* Tests for the verifier's reader of Selby's outline (src/verify/read-selby.c). The three trees
 * published with his solver are read from their copies in data/reference/selby/ (MIT, with their
 * provenance; the tests skip when that directory or data/original is absent): the two hard-mode trees
 * verify under their own rules, the normal-mode one is rejected at its first illegal guess, and
 * corrupted copies, each made here by one edit, are rejected with the right file:line. A small tree on
 * the tiny lists (tests/data/verify/good.selby.tree) covers the rest. Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "verify-helpers.h"

#define SELBY "data/reference/selby/"
#define HARD "salet.hard.origwordlist.tree"
#define G5 "palet.hard.origwordlist.g5.tree"
#define EASY "salet.easy.origwords.tree"

static HsWords *orig;
static char *hard, *g5, *easy; /* NULL when data/reference or data/original is absent */

static int
setup(void **state)
{
  if (verify_setup(state) != 0)
    return -1;
  orig = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", NULL);
  if (orig != NULL && g_file_test(SELBY, G_FILE_TEST_IS_DIR)) {
    hard = slurp(SELBY HARD);
    g5 = slurp(SELBY G5);
    easy = slurp(SELBY EASY);
  }
  return 0;
}

static int
teardown(void **state)
{
  hs_words_free(orig);
  g_free(hard);
  g_free(g5);
  g_free(easy);
  return verify_teardown(state);
}

/* ---- one-edit corruptions ---- */

/* The byte range of line N (1-based) of TEXT, without its newline. */
static void
line_range(const char *text, guint n, gsize *start, gsize *end)
{
  const char *p = text;
  for (guint i = 1; i < n; i++) {
    p = strchr(p, '\n');
    if (p == NULL)
      fail_msg("no line %u", n);
    p++;
  }
  const char *nl = strchr(p, '\n');
  *start = (gsize)(p - text);
  *end = nl != NULL ? (gsize)(nl - text) : strlen(text);
}

/* TEXT with line N replaced by LINE (NULL: deleted). */
static char *
set_line(const char *text, guint n, const char *line)
{
  gsize start, end;
  line_range(text, n, &start, &end);
  GString *s = g_string_new_len(text, (gssize)start);
  if (line != NULL)
    g_string_append(s, line);
  g_string_append(s, text + end + (line == NULL && text[end] == '\n' ? 1 : 0));
  return g_string_free(s, FALSE);
}

/* TEXT with the first OLD in line N replaced by NEW. */
static char *
edit_line(const char *text, guint n, const char *old, const char *new_text)
{
  gsize start, end;
  line_range(text, n, &start, &end);
  g_autofree char *line = g_strndup(text + start, end - start);
  g_autofree char *edited = variant(line, old, new_text);
  return set_line(text, n, edited);
}

/* TEXT with LINE inserted after line N (0: at the top). */
static char *
insert_line(const char *text, guint n, const char *line)
{
  gsize start = 0, end = 0;
  if (n > 0)
    line_range(text, n, &start, &end);
  gsize at = n > 0 ? end + 1 : 0;
  GString *s = g_string_new_len(text, (gssize)at);
  g_string_append(s, line);
  g_string_append_c(s, '\n');
  g_string_append(s, text + at);
  return g_string_free(s, FALSE);
}

/* TEXT with line N twice. */
static char *
duplicate_line(const char *text, guint n)
{
  gsize start, end;
  line_range(text, n, &start, &end);
  g_autofree char *line = g_strndup(text + start, end - start);
  return insert_line(text, n, line);
}

/* ---- the tiny tree ---- */

static void
test_accept_tiny(void **state)
{
  (void)state;
  for (int rules = HS_RULES_NYT; rules <= HS_RULES_STRICT; rules++) {
    HsVerifyReport *r = run(good_sb, (HsRules)rules, rules == HS_RULES_NYT ? 6 : 4, SB);
    assert_kempt_stats(r, HS_STRATEGY_FILE_SELBY);
    assert_null(r->lists_hint);
    /* crane's path, read from line 1 */
    const GArray *p = r->paths->pdata[hs_words_lookup(tiny, "crane")];
    assert_non_null(p);
    assert_int_equal(p->len, 3);
    assert_string_equal(tiny->text[g_array_index(p, guint32, 1)], "shade");
    hs_verify_report_free(r);
  }
  /* A line may restate the whole path from column 0. */
  g_autofree char *restated = set_line(good_sb, 15, "kempt BYBGB1 shape GGGGG2");
  HsVerifyReport *r = run(restated, HS_RULES_NYT, 6, SB);
  assert_true(r->ok);
  hs_verify_report_free(r);
}

static void
test_tiny_problems(void **state)
{
  (void)state;
  /* A different first guess, restated from column 0 (on the last line, so that no line continues it). */
  g_autofree char *opener = set_line(good_sb, 20, "slate GBGGG1 skate GGGGG2");
  assert_rejected(opener, HS_RULES_NYT, 6, SB,
                  (const char *const[]){ SB ":20: the first guess is 'slate' here but 'kempt' on line 1", NULL });
  /* The same with a wrong pattern: letters in the message, as in the file. */
  g_autofree char *wrong = set_line(good_sb, 20, "slate BBBBB1 skate GGGGG2");
  assert_rejected(wrong, HS_RULES_NYT, 6, SB,
                  (const char *const[]){ SB ":20: 'slate' against 'skate' gives GBGGG, not BBBBB",
                                         SB ":20: the first guess is 'slate' here but 'kempt' on line 1", NULL });
  /* Strict rules name the pattern in letters too. */
  g_autofree char *strict = edit_line(good_sb, 15, "shape GGGGG2", "skate BYBBB2 shape GGGGG3");
  HsVerifyReport *r = run(strict, HS_RULES_STRICT, 6, SB);
  assert_has_problem(r,
                     SB ":15: 'skate' breaks hard mode (strict) after kempt BYBGB: it could not be the answer (if it "
                        "were, that row would show YYBBY)");
  hs_verify_report_free(r);
}

static void
test_tiny_parse_errors(void **state)
{
  (void)state;
  g_autofree char *first = set_line(good_sb, 1, " kempt BYBBB1 shade BBGBG2 crane GGGGG3");
  assert_parse_error_words(tiny, first, strlen(first), SB, 1, "bad indentation: the first line is indented (1 spaces)");
  g_autofree char *tab = edit_line(good_sb, 2, "                   ", "\t");
  assert_parse_error_words(tiny, tab, strlen(tab), SB, 2, "bad indentation: a tab");
  g_autofree char *more = edit_line(good_sb, 15, "GGGGG2", "GGGGG2 shape GGGGG3");
  assert_parse_error_words(tiny, more, strlen(more), SB, 15, "nothing may follow GGGGG2");
  g_autofree char *open = edit_line(good_sb, 15, "GGGGG2", "BYBGB2");
  assert_parse_error_words(tiny, open, strlen(open), SB, 15, "the line ends with a pattern that is not GGGGG");
  g_autofree char *number = edit_line(good_sb, 15, "BYBGB1", "BYBGB1x");
  assert_parse_error_words(tiny, number, strlen(number), SB, 15, "'BYBGB1x' has a malformed guess number");
  g_autofree char *none = edit_line(good_sb, 15, "BYBGB1", "BYBGB");
  assert_parse_error_words(tiny, none, strlen(none), SB, 15, "'BYBGB' has no guess number after the pattern");
  /* 65 guesses: over the verifier's limit. */
  GString *s = g_string_new("kempt YYBBB1");
  for (guint k = 2; k <= 65; k++)
    g_string_append_printf(s, " kempt YYBBB%u", k);
  g_autofree char *long_line = g_string_free(s, FALSE);
  g_autofree char *deep = set_line(good_sb, 19, long_line);
  assert_parse_error_words(tiny, deep, strlen(deep), SB, 19,
                           "the line has more than 64 guesses (the verifier's limit)");
}

/* ---- the published trees ---- */

/* The first problem of TEXT verified against the original lists (a parse error or the first problem
 * of the report), newly allocated; NULL when it verifies. */
static char *
first_error(const char *text, HsRules rules, guint max, const char *name)
{
  HsVerifyReport *r = NULL;
  GError *error = NULL;
  if (!hs_verify_text(orig, rules, max, text, strlen(text), name, &r, &error)) {
    char *msg = g_strdup(error->message);
    g_error_free(error);
    return msg;
  }
  char *msg = r->ok ? NULL : g_strdup(r->problems->pdata[0]);
  hs_verify_report_free(r);
  return msg;
}

static void
assert_first_error(const char *text, guint max, const char *expected)
{
  g_autofree char *got = first_error(text, HS_RULES_NYT, max, HARD);
  if (got == NULL)
    fail_msg("verified; expected '%s'", expected);
  if (strcmp(got, expected) != 0)
    fail_msg("first error '%s', expected '%s'", got, expected);
}

static void
test_published_hard_trees(void **state)
{
  (void)state;
  if (hard == NULL || g5 == NULL)
    skip();
  HsStrategyFileKind kind;
  assert_true(hs_verify_detect(hard, strlen(hard), &kind, HARD, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_SELBY);
  HsVerifyReport *r = run_words(orig, hard, HS_RULES_NYT, 6, HARD);
  if (!r->ok)
    dump(r);
  assert_true(r->ok);
  assert_string_equal(r->opener, "salet");
  assert_int_equal(r->n_answers, 2315);
  assert_int_equal(r->total, 8122);
  assert_int_equal(r->worst, 6);
  const guint hist[] = { 0, 0, 131, 1062, 952, 154, 16 };
  for (guint d = 1; d < G_N_ELEMENTS(hist); d++)
    assert_int_equal(r->hist[d], hist[d]);
  char avg[G_ASCII_DTOSTR_BUF_SIZE];
  assert_string_equal(g_ascii_formatd(avg, sizeof avg, "%.4f", (double)r->total / r->n_answers), "3.5084");
  hs_verify_report_free(r);

  r = run_words(orig, g5, HS_RULES_NYT, 5, G5);
  if (!r->ok)
    dump(r);
  assert_true(r->ok);
  assert_string_equal(r->opener, "palet");
  assert_int_equal(r->n_answers, 2315);
  assert_true(r->worst <= 5);
  hs_verify_report_free(r);
}

/* The normal-mode tree breaks hard mode: rejected at its first illegal guess. */
static void
test_published_easy_tree(void **state)
{
  (void)state;
  if (easy == NULL)
    skip();
  g_autofree char *nyt = first_error(easy, HS_RULES_NYT, 6, EASY);
  assert_string_equal(nyt, EASY ":23: 'baggy' breaks hard mode (nyt) after courd BBBYB: it must contain 'r'");
  g_autofree char *strict = first_error(easy, HS_RULES_STRICT, 6, EASY);
  assert_non_null(strict);
  assert_true(g_str_has_prefix(strict, EASY ":"));
  assert_non_null(strstr(strict, "breaks hard mode (strict)"));
}

/* Ten kinds of corruption of the salet tree, each one edit, each rejected at the right file:line. */
static void
test_published_corrupted(void **state)
{
  (void)state;
  if (hard == NULL)
    skip();
  /* 1. a pattern letter changed */
  g_autofree char *letter = edit_line(hard, 1, "BBGBB3", "BBGBY3");
  assert_first_error(letter, 6, HARD ":1: 'doing' against 'whiff' gives BBGBB, not BBGBY");
  /* 2. a guess replaced: piing gives vivid the same pattern as biddy, but drops the yellow d */
  g_autofree char *guess = edit_line(hard, 30, "biddy", "piing");
  HsVerifyReport *r = run_words(orig, guess, HS_RULES_NYT, 6, HARD);
  assert_problems(
    r, (const char *const[]){ HARD ":30: 'piing' breaks hard mode (nyt) after doing YBYBB: it must contain 'd'",
                              HARD ":31: 'piing' is not an answer", HARD ": 'biddy' is missing", NULL });
  hs_verify_report_free(r);
  /* 3. a missing line */
  g_autofree char *missing = set_line(hard, 2, NULL);
  assert_first_error(missing, 6, HARD ": 'whiny' is missing");
  /* 4. an indentation shift, off any token, and onto a guess's column */
  g_autofree char *shift = edit_line(hard, 2, "BBGGB3", " BBGGB3");
  assert_first_error(shift, 6,
                     HARD ":2: bad indentation: 33 spaces, but no token of line 1 starts there (its tokens start "
                          "after 0, 6, 13, 19, 26, 32, 39, 45 spaces)");
  g_autofree char *onto = edit_line(hard, 2, "      BBGGB3", "BBGGB3");
  assert_first_error(onto, 6, HARD ":2: expected a guess after 26 spaces, found the pattern 'BBGGB3'");
  /* 5. a duplicated line */
  g_autofree char *dup = duplicate_line(hard, 2);
  assert_first_error(dup, 6, HARD ":3: 'whiny' is listed twice (first on line 2)");
  /* 6. a wrong guess number */
  g_autofree char *number = edit_line(hard, 2, "BBGGB3", "BBGGB4");
  assert_first_error(
    number, 6, HARD ":2: 'BBGGB4' says guess 4, but it is the pattern of guess 3 (the numbers count the guesses)");
  /* 7. a word not in the lists */
  g_autofree char *unknown = edit_line(hard, 2, "whiny", "whinx");
  r = run_words(orig, unknown, HS_RULES_NYT, 6, HARD);
  assert_problems(
    r, (const char *const[]){ HARD ":2: 'whinx' is not an allowed word", HARD ": 'whiny' is missing", NULL });
  hs_verify_report_free(r);
  /* 8. an extra answer line: bidon is a legal guess there, but no answer */
  g_autofree char *extra = insert_line(hard, 1, "                                YYYYB3 bidon GGGGG4");
  r = run_words(orig, extra, HS_RULES_NYT, 6, HARD);
  assert_problems(r, (const char *const[]){ HARD ":2: 'bidon' is not an answer", NULL });
  hs_verify_report_free(r);
  /* 9. a truncated last line, inside its last token and inside its answer */
  gsize len = strlen(hard);
  g_autofree char *cut = g_strndup(hard, len - 4);
  assert_first_error(cut, 6, HARD ":2315: 'GGG' is not a pattern (five letters B, Y or G, then the guess number)");
  g_autofree char *cut_word = g_strndup(hard, len - 10);
  assert_first_error(cut_word, 6,
                     HARD ":2315: the line ends with a guess without its pattern (a path ends with the answer and "
                          "GGGGGn)");
  /* 10. a branch over the cap: 16 answers need 6 guesses */
  r = run_words(orig, hard, HS_RULES_NYT, 5, HARD);
  assert_int_equal(r->problems->len, 16);
  assert_string_equal(r->problems->pdata[0], HARD ":261: 'kitty' needs 6 guesses (more than 5)");
  hs_verify_report_free(r);
  /* 11. a malformed pattern token */
  g_autofree char *token = edit_line(hard, 1, "BBBBB1", "BBBXB1");
  assert_first_error(token, 6, HARD ":1: 'BBBXB1' is not a pattern (five letters B, Y or G, then the guess number)");
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_accept_tiny),         cmocka_unit_test(test_tiny_problems),
    cmocka_unit_test(test_tiny_parse_errors),   cmocka_unit_test(test_published_hard_trees),
    cmocka_unit_test(test_published_easy_tree), cmocka_unit_test(test_published_corrupted),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
