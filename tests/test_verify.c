/* Tests for the independent verifier (src/verify/): its feedback and rules, the per-word and
 * by-pattern formats, detection, truncation and input size for every format, and one test per kind of
 * rejection, each checking the problem text. The strategies are the files in tests/data/verify/
 * (opener kempt on the tiny lists) and variants of them made in memory. The JSON, tree outline and
 * selby readers have their own files (test_verify_json.c, test_verify_tree.c, test_verify_selby.c).
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <glib/gstdio.h>

#include "verify-helpers.h"

/* ---- feedback ---- */

static void
test_feedback_examples(void **state)
{
  (void)state;
  /* DESIGN.md: answer slosh, guess drill -> ⬜⬜⬜🟨⬜ (00010 = 3); guess asset -> ⬜🟨🟨⬜⬜ (01100 = 36). */
  assert_int_equal(hs_verify_feedback("drill", "slosh"), 3);
  assert_int_equal(hs_verify_feedback("asset", "slosh"), 36);
  assert_int_equal(hs_verify_feedback("slosh", "slosh"), 242);
  assert_int_equal(hs_verify_feedback("vozhd", "crane"), 0);
  /* Repeated letters: a green consumes its letter before any yellow (abbey/kebab: 11210 = 129). */
  assert_int_equal(hs_verify_feedback("abbey", "kebab"), 129);
  /* Only as many yellows as unconsumed copies, left to right (speed/abide: 00101 = 10). */
  assert_int_equal(hs_verify_feedback("speed", "abide"), 10);
  /* eerie/crepe: the last e is green; of the other two, only the first finds a copy (10102 = 92). */
  assert_int_equal(hs_verify_feedback("eerie", "crepe"), 92);
  /* Five copies against two: greens only (lllll/hello: 00220 = 24), and the same the other way round. */
  assert_int_equal(hs_verify_feedback("lllll", "hello"), 24);
  assert_int_equal(hs_verify_feedback("hello", "lllll"), 24);
  /* Roles are not symmetric in general: stare/trace 01212 = 50, trace/stare 11202 = 128. */
  assert_int_equal(hs_verify_feedback("stare", "trace"), 50);
  assert_int_equal(hs_verify_feedback("trace", "stare"), 128);
  assert_int_equal(hs_verify_feedback("tatty", "taunt"), 2 * 81 + 2 * 27 + 1 * 9);
}

/* The verifier's feedback agrees with the engine's on every pair of tiny words and on a large sample of
 * the original lists (when they are present). */
static void
test_feedback_matches_engine(void **state)
{
  (void)state;
  for (guint g = 0; g < tiny->n_words; g++)
    for (guint a = 0; a < tiny->n_words; a++)
      assert_int_equal(hs_verify_feedback(tiny->text[g], tiny->text[a]), hs_feedback(tiny->text[g], tiny->text[a]));
  GError *error = NULL;
  HsWords *w = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", &error);
  if (w == NULL) {
    g_error_free(error);
    print_message("skip: data/original is not there\n");
    skip();
  }
  guint bad = 0;
  for (guint g = 0; g < w->n_words; g++)
    for (guint a = g % 7; a < w->n_answers; a += 7)
      bad += hs_verify_feedback(w->text[g], w->text[a]) != hs_feedback(w->text[g], w->text[a]);
  hs_words_free(w);
  assert_int_equal(bad, 0);
}

/* ---- accepting ---- */

static void
test_accept_per_word(void **state)
{
  (void)state;
  HsVerifyReport *r = run(good_pw, HS_RULES_NYT, 6, PW);
  assert_good_stats(r, HS_STRATEGY_FILE_PER_WORD);
  hs_verify_report_free(r);
  /* Every guess is a candidate, so the strategy is strict as well; a cap of 4 is enough. */
  r = run(good_pw, HS_RULES_STRICT, 4, PW);
  assert_good_stats(r, HS_STRATEGY_FILE_PER_WORD);
  hs_verify_report_free(r);
}

static void
test_accept_by_pattern(void **state)
{
  (void)state;
  HsVerifyReport *r = run(good_bp, HS_RULES_NYT, 6, BP);
  assert_good_stats(r, HS_STRATEGY_FILE_BY_PATTERN);
  hs_verify_report_free(r);
  r = run(good_bp, HS_RULES_STRICT, 4, BP);
  assert_good_stats(r, HS_STRATEGY_FILE_BY_PATTERN);
  hs_verify_report_free(r);
}

/* Every pattern text form is read, mixed within a line, and CRLF line ends too. */
static void
test_accept_pattern_forms(void **state)
{
  (void)state;
  g_autofree char *a = variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => 🟩🟩🟩🟩🟩 /",
                               "shade: [kempt] => bYb-. / [shade] => 22222 /");
  g_autofree char *b = variant(a, "shake: [kempt] => 🟨🟨⬜⬜⬜",
                               "shake: [kempt] => 🟨\xEF\xB8\x8F🟨\xEF\xB8\x8F⬛⬛\xEF\xB8\x8F⬜");
  g_autofree char *c = variant(b, "[shame] => 🟩🟩🟩🟩🟩 /", "[shame] => gGg22");
  g_autofree char *crlf = NULL;
  {
    g_auto(GStrv) lines = g_strsplit(c, "\n", -1);
    crlf = g_strjoinv("\r\n", lines);
  }
  HsVerifyReport *r = run(crlf, HS_RULES_NYT, 6, PW);
  assert_good_stats(r, HS_STRATEGY_FILE_PER_WORD);
  hs_verify_report_free(r);
  /* Six tiles, or a letter that is no tile, is a parse error naming the line. */
  g_autofree char *six =
    variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ /", "shade: [kempt] => ⬜🟨⬜⬜⬜⬜ /");
  assert_parse_error(six, strlen(six), PW, 6, "is not a pattern of 5 tiles");
  g_autofree char *bad = variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ /", "shade: [kempt] => BYBBX /");
  assert_parse_error(bad, strlen(bad), PW, 6, "'BYBBX' is not a pattern of 5 tiles");
}

/* The NYT rule lets a guess reuse grey letters and repeat a yellow where it was yellow; strict does
 * not. Letters revealed twice must appear twice. */
static void
test_nyt_rule_details(void **state)
{
  (void)state;
  g_autofree char *dir = g_dir_make_tmp("hs-verify-XXXXXX", NULL);
  assert_non_null(dir);
  g_autofree char *ap = g_build_filename(dir, "answers.txt", NULL);
  g_autofree char *gp = g_build_filename(dir, "guesses.txt", NULL);
  assert_true(g_file_set_contents(ap, "taunt\ntatty\n", -1, NULL));
  assert_true(g_file_set_contents(gp, "tabor\ntacit\n", -1, NULL));
  HsWords *w = hs_words_load(ap, gp, NULL);
  assert_non_null(w);
  g_unlink(ap);
  g_unlink(gp);
  g_rmdir(dir);

  /* tatty against taunt: 🟩🟩🟨⬜⬜ reveals 't' twice. Playing tatty again is NYT-legal (yellow t kept
   * in place, grey y reused) but could not be the answer. */
  const char *again =
    "taunt: [tatty] => 🟩🟩🟨⬜⬜ / [tatty] => 🟩🟩🟨⬜⬜ / [taunt] => 🟩🟩🟩🟩🟩 /\n"
    "tatty: [tatty] => 🟩🟩🟩🟩🟩 /\n";
  HsVerifyReport *r = run_words(w, again, HS_RULES_NYT, 6, "again");
  if (!r->ok)
    dump(r);
  assert_true(r->ok);
  assert_int_equal(r->hist[1], 1);
  assert_int_equal(r->hist[3], 1);
  hs_verify_report_free(r);
  r = run_words(w, again, HS_RULES_STRICT, 6, "again");
  assert_problems(
    r, (const char *const[]){ "again:1: 'tatty' breaks hard mode (strict) after tatty 🟩🟩🟨⬜⬜: it "
                              "could not be the answer (if it were, "
                              "that row would show 🟩🟩🟩🟩🟩)",
                              NULL });
  hs_verify_report_free(r);

  /* tacit keeps both t's and the green a: legal under both rules. */
  const char *tacit =
    "taunt: [tatty] => 🟩🟩🟨⬜⬜ / [tacit] => 🟩🟩⬜⬜🟩 / [taunt] => 🟩🟩🟩🟩🟩 /\n"
    "tatty: [tatty] => 🟩🟩🟩🟩🟩 /\n";
  for (int rules = HS_RULES_NYT; rules <= HS_RULES_STRICT; rules++) {
    r = run_words(w, tacit, (HsRules)rules, 6, "tacit");
    assert_true(r->ok);
    hs_verify_report_free(r);
  }
  /* tabor has a single t. */
  const char *tabor =
    "taunt: [tatty] => 🟩🟩🟨⬜⬜ / [tabor] => 🟩🟩⬜⬜⬜ / [taunt] => 🟩🟩🟩🟩🟩 /\n"
    "tatty: [tatty] => 🟩🟩🟩🟩🟩 /\n";
  r = run_words(w, tabor, HS_RULES_NYT, 6, "tabor");
  assert_problems(
    r, (const char *const[]){
         "tabor:1: 'tabor' breaks hard mode (nyt) after tatty 🟩🟩🟨⬜⬜: it must contain 't' at least 2 times",
         NULL });
  hs_verify_report_free(r);
  hs_words_free(w);
}

/* A rules value the verifier has no oracle for is refused at every guess after the first, never
 * waved through (adding a rules value to HsRules needs its row in src/verify/oracle.c). */
static void
test_unknown_rules_refused(void **state)
{
  (void)state;
  HsVerifyReport *r = run(good_pw, (HsRules)99, 6, PW);
  assert_has_problem(r, PW
                     ":6: 'shade' breaks hard mode (unknown) after kempt ⬜🟨⬜⬜⬜: the verifier has no oracle "
                     "for rules value 99");
  assert_int_equal(r->problems->len, 56 - 20); /* every guess but the first of each path */
  hs_verify_report_free(r);
}

/* ---- per-word rejections ---- */

static void
test_reject_wrong_pattern(void **state)
{
  (void)state;
  g_autofree char *t = variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜", "shade: [kempt] => ⬜🟨⬜⬜🟨");
  assert_rejected(
    t, HS_RULES_NYT, 6, PW,
    (const char *const[]){ PW ":6: 'kempt' against 'shade' gives ⬜🟨⬜⬜⬜, not ⬜🟨⬜⬜🟨", NULL });
}

static void
test_reject_hard_mode_nyt(void **state)
{
  (void)state;
  /* howls drops the yellow k and e. */
  g_autofree char *t = variant(good_pw, "shake: [kempt] => 🟨🟨⬜⬜⬜ / [shake]",
                               "shake: [kempt] => 🟨🟨⬜⬜⬜ / [howls] => 🟨⬜⬜⬜🟨 / [shake]");
  assert_rejected(t, HS_RULES_NYT, 6, PW,
                  (const char *const[]){
                    PW ":7: 'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'", NULL });
  assert_rejected(t, HS_RULES_STRICT, 6, PW,
                  (const char *const[]){ PW ":7: 'howls' breaks hard mode (strict) after kempt 🟨🟨⬜⬜⬜: it "
                                            "could not be the answer (if it were, that "
                                            "row would show ⬜⬜⬜⬜⬜)",
                                         NULL });
  /* spare moves the green p of position 4. */
  g_autofree char *g = variant(good_pw, "shape: [kempt] => ⬜🟨⬜🟩⬜ / [shape]",
                               "shape: [kempt] => ⬜🟨⬜🟩⬜ / [spare] => 🟩🟨🟩⬜🟩 / [shape]");
  assert_rejected(
    g, HS_RULES_NYT, 6, PW,
    (const char *const[]){ PW ":9: 'spare' breaks hard mode (nyt) after kempt ⬜🟨⬜🟩⬜: letter 4 must be 'p'",
                           NULL });
}

static void
test_reject_hard_mode_strict(void **state)
{
  (void)state;
  /* skate keeps k and e (NYT-legal) but would have shown a yellow t. */
  g_autofree char *t = variant(good_pw, "shake: [kempt] => 🟨🟨⬜⬜⬜ / [shake]",
                               "shake: [kempt] => 🟨🟨⬜⬜⬜ / [skate] => 🟩🟨🟩⬜🟩 / [shake]");
  HsVerifyReport *r = run(t, HS_RULES_NYT, 6, PW);
  assert_true(r->ok);
  assert_int_equal(r->hist[3], 9);
  hs_verify_report_free(r);
  assert_rejected(t, HS_RULES_STRICT, 6, PW,
                  (const char *const[]){ PW ":7: 'skate' breaks hard mode (strict) after kempt 🟨🟨⬜⬜⬜: it "
                                            "could not be the answer (if it were, that "
                                            "row would show 🟨🟨⬜⬜🟨)",
                                         NULL });
}

static void
test_reject_two_guesses_same_history(void **state)
{
  (void)state;
  g_autofree char *t = variant(good_pw, "crane: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => ⬜⬜🟩⬜🟩 / [crane]",
                               "crane: [kempt] => ⬜🟨⬜⬜⬜ / [crane]");
  assert_rejected(t, HS_RULES_NYT, 6, PW,
                  (const char *const[]){
                    PW ":16: after kempt ⬜🟨⬜⬜⬜ the guess is 'crane' here but 'shade' on line 6", NULL });
  /* The header's opener counts as the first guess. */
  g_autofree char *o = variant(good_pw, "# opener: kempt", "# opener: salet");
  HsVerifyReport *r = run(o, HS_RULES_NYT, 6, PW);
  assert_int_equal(r->problems->len, 20);
  assert_string_equal(r->problems->pdata[0], PW ":6: the first guess is 'kempt' here but 'salet' on line 2");
  hs_verify_report_free(r);
}

static void
test_reject_missing_answer(void **state)
{
  (void)state;
  const char *line =
    "state: [kempt] => ⬜🟨⬜⬜🟨 / [crate] => ⬜⬜🟩🟩🟩 / [slate] => 🟩⬜🟩🟩🟩 / "
    "[state] => 🟩🟩🟩🟩🟩 /\n";
  g_autofree char *t = variant(good_pw, line, "");
  HsVerifyReport *r = run(t, HS_RULES_NYT, 6, PW);
  assert_problems(r, (const char *const[]){ PW ": 'state' is missing", NULL });
  assert_int_equal(r->n_answers, 19);
  hs_verify_report_free(r);
}

static void
test_reject_listed_twice(void **state)
{
  (void)state;
  g_autofree char *t =
    g_strconcat(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => 🟩🟩🟩🟩🟩 /\n", NULL);
  assert_rejected(t, HS_RULES_NYT, 6, PW,
                  (const char *const[]){ PW ":26: 'shade' is listed twice (first on line 6)", NULL });
}

static void
test_reject_over_cap(void **state)
{
  (void)state;
  HsVerifyReport *r = run(good_pw, HS_RULES_NYT, 3, PW);
  assert_problems(r, (const char *const[]){ PW ":11: 'share' needs 4 guesses (more than 3)",
                                            PW ":15: 'snare' needs 4 guesses (more than 3)",
                                            PW ":19: 'irate' needs 4 guesses (more than 3)",
                                            PW ":24: 'state' needs 4 guesses (more than 3)", NULL });
  /* The statistics still describe the paths. */
  assert_int_equal(r->hist[4], 4);
  assert_int_equal(r->worst, 4);
  hs_verify_report_free(r);
}

static void
test_reject_unknown_word(void **state)
{
  (void)state;
  g_autofree char *t = variant(good_pw, "shade: [kempt]", "shade: [kempx]");
  assert_rejected(t, HS_RULES_NYT, 6, PW, (const char *const[]){ PW ":6: 'kempx' is not an allowed word", NULL });
  /* An unknown answer, and an allowed word that is not an answer. */
  g_autofree char *a = variant(good_pw, "plate: [kempt]", "plata: [kempt]");
  g_autofree char *b = variant(a, "skate: [kempt]", "howls: [kempt]");
  assert_rejected(b, HS_RULES_NYT, 6, PW,
                  (const char *const[]){ PW ":20: 'plata' is not an allowed word", PW ":22: 'howls' is not an answer",
                                         PW ": 'plate' is missing", PW ": 'skate' is missing", NULL });
}

/* shake's line played N-1 times kempt, then shake (NYT-legal, since kempt keeps its own letters). */
static char *
long_variant(guint n)
{
  GString *s = g_string_new("shake:");
  for (guint i = 0; i + 1 < n; i++)
    g_string_append(s, " [kempt] => 🟨🟨⬜⬜⬜ /");
  g_string_append(s, " [shake] => 🟩🟩🟩🟩🟩 /");
  g_autofree char *line = g_string_free(s, FALSE);
  return variant(good_pw, "shake: [kempt] => 🟨🟨⬜⬜⬜ / [shake] => 🟩🟩🟩🟩🟩 /", line);
}

static void
test_reject_40_guesses(void **state)
{
  (void)state;
  g_autofree char *t = long_variant(40);
  HsVerifyReport *r = run(t, HS_RULES_NYT, 6, PW);
  assert_problems(r, (const char *const[]){ PW ":7: 'shake' needs 40 guesses (more than 6)", NULL });
  assert_int_equal(r->hist[40], 1);
  assert_int_equal(r->worst, 40);
  hs_verify_report_free(r);
  /* Under strict, repeating kempt is illegal: said once, not 38 times. */
  r = run(t, HS_RULES_STRICT, 6, PW);
  assert_problems(r,
                  (const char *const[]){ PW ":7: 'kempt' breaks hard mode (strict) after kempt 🟨🟨⬜⬜⬜: it "
                                            "could not be the answer (if it were, that "
                                            "row would show 🟩🟩🟩🟩🟩)",
                                         PW ":7: 'shake' needs 40 guesses (more than 6)", NULL });
  hs_verify_report_free(r);
}

static void
test_reject_path_over_limit(void **state)
{
  (void)state;
  g_autofree char *t = long_variant(100);
  HsVerifyReport *r = run(t, HS_RULES_NYT, 6, PW);
  assert_problems(r, (const char *const[]){ PW ":7: 'shake' takes more than 64 guesses (the verifier's limit)", NULL });
  assert_int_equal(r->n_answers, 19);
  hs_verify_report_free(r);
  /* 64 is still counted. */
  g_autofree char *t64 = long_variant(64);
  r = run(t64, HS_RULES_NYT, 0, PW);
  assert_true(r->ok);
  assert_int_equal(r->hist[64], 1);
  hs_verify_report_free(r);
}

static void
test_reject_not_solved(void **state)
{
  (void)state;
  g_autofree char *t = variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => 🟩🟩🟩🟩🟩 /",
                               "shade: [kempt] => ⬜🟨⬜⬜⬜ /");
  assert_rejected(
    t, HS_RULES_NYT, 6, PW,
    (const char *const[]){ PW ":6: 'shade' is not solved: the path ends with 'kempt', not the answer", NULL });
  /* Solved, then more guesses. */
  g_autofree char *more =
    variant(good_pw, "shade: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => 🟩🟩🟩🟩🟩 /",
            "shade: [kempt] => ⬜🟨⬜⬜⬜ / [shade] => 🟩🟩🟩🟩🟩 / [shade] => 🟩🟩🟩🟩🟩 /");
  assert_rejected(
    more, HS_RULES_NYT, 6, PW,
    (const char *const[]){ PW ":6: 'shade' is solved by guess 2, but the path goes on to 3 guesses", NULL });
}

static void
test_reject_truncated_per_word(void **state)
{
  (void)state;
  /* Cut inside line 12's second pattern (in the middle of an emoji): a parse error naming the line. */
  const char *at = strstr(good_pw, "stare: [kempt] => ⬜🟨⬜⬜🟨 / [crate] => ⬜");
  assert_non_null(at);
  gsize len = (gsize)(at - good_pw) + strlen("stare: [kempt] => ⬜🟨⬜⬜🟨 / [crate] => ⬜") - 1;
  assert_parse_error(good_pw, len, PW, 12, "is not a pattern");
  /* Cut at the start of a line: the answers after it are missing. */
  len = (gsize)(at - good_pw);
  HsVerifyReport *r = NULL;
  assert_true(hs_verify_text(tiny, HS_RULES_NYT, 6, good_pw, len, PW, &r, NULL));
  assert_false(r->ok);
  assert_int_equal(r->problems->len, 14);
  assert_string_equal(r->problems->pdata[0], PW ": 'stare' is missing");
  hs_verify_report_free(r);
}

/* Every prefix of every good file either fails to parse with a file:line error or gives a report; only
 * a cut in the final line's trailing " /" or newline may still verify. */
static void
test_every_truncation(void **state)
{
  (void)state;
  const char *texts[] = { good_pw, good_bp, good_js, good_tr, good_sb };
  const char *names[] = { PW, BP, JS, TR, SB };
  for (guint k = 0; k < G_N_ELEMENTS(texts); k++) {
    gsize full = strlen(texts[k]);
    g_autofree char *prefix_re = g_strdup_printf("^%s:[0-9]+: ", names[k]);
    g_autoptr(GRegex) re = g_regex_new(prefix_re, 0, 0, NULL);
    for (gsize len = 0; len < full; len++) {
      HsVerifyReport *r = NULL;
      GError *error = NULL;
      gboolean ok = hs_verify_text(tiny, HS_RULES_NYT, 6, texts[k], len, names[k], &r, &error);
      if (!ok) {
        assert_null(r);
        if (!g_regex_match(re, error->message, 0, NULL))
          fail_msg("len %zu: error '%s' does not name %s:LINE", len, error->message, names[k]);
        g_error_free(error);
        continue;
      }
      assert_null(error);
      if (r->ok && len + 3 < full)
        fail_msg("%s cut to %zu of %zu bytes still verifies", names[k], len, full);
      hs_verify_report_free(r);
    }
  }
}

static void
test_reject_garbage(void **state)
{
  (void)state;
  assert_parse_error("", 0, "empty.txt", 1, "empty file");
  assert_parse_error("  \n\n", 4, "blank.txt", 1, "empty file");
  const char *g = "# a comment\nhello world\n";
  assert_parse_error(g, strlen(g), "garbage.txt", 2, "not a strategy file");
  const char *c = "# only comments\n# here\n";
  assert_parse_error(c, strlen(c), "comments.txt", 2, "no strategy lines");
  /* A malformed line in the middle of a per-word file. */
  g_autofree char *m = variant(good_pw, "shave: [kempt] =>", "shave [kempt] =>");
  assert_parse_error(m, strlen(m), PW, 10, "expected 'ANSWER: [GUESS] => PATTERN");
}

/* ---- by-pattern ---- */

static void
test_by_pattern_wrong_candidates(void **state)
{
  (void)state;
  g_autofree char *t = variant(good_bp, "snare, crane, sauce]", "snare, crane, slate]");
  assert_rejected(
    t, HS_RULES_NYT, 6, BP,
    (const char *const[]){
      BP ":12: the candidates are not the 7 answers that reach this line: listed but not reaching it: slate; "
         "reaching it but not listed: sauce",
      NULL });
  g_autofree char *n = variant(good_bp, "next {shade} / candidates (7)", "next {shade} / candidates (6)");
  assert_rejected(n, HS_RULES_NYT, 6, BP, (const char *const[]){ BP ":12: says 6 candidates but lists 7", NULL });
}

static void
test_by_pattern_missing_line(void **state)
{
  (void)state;
  g_autofree char *t =
    variant(good_bp, "⬜🟨⬜⬜⬜=>⬜⬜🟩⬜🟩: next {crane} / candidates (1) [crane]\n", "");
  assert_rejected(t, HS_RULES_NYT, 6, BP,
                  (const char *const[]){ BP ":8: the summary says 3 guesses: 8, but the strategy gives 7",
                                         BP ":10: the average is 2.8000, but the strategy gives 2.7895",
                                         BP
                                         ":12: 'crane' is not solved: no line for ⬜🟨⬜⬜⬜=>⬜⬜🟩⬜🟩",
                                         BP ":35: no answer reaches this line", NULL });
}

static void
test_by_pattern_hard_mode(void **state)
{
  (void)state;
  /* Play howls before shake: one line changed, one added, the solved leaf moved down. */
  g_autofree char *a = variant(good_bp, "🟨🟨⬜⬜⬜: next {shake}", "🟨🟨⬜⬜⬜: next {howls}");
  g_autofree char *b =
    variant(a, "🟨🟨⬜⬜⬜=>🟩🟩🟩🟩🟩: = SOLVED = / candidates (1) [shake]",
            "🟨🟨⬜⬜⬜=>🟨⬜⬜⬜🟨: next {shake} / candidates (1) [shake]\n"
            "🟨🟨⬜⬜⬜=>🟨⬜⬜⬜🟨=>🟩🟩🟩🟩🟩: = SOLVED = / candidates (1) [shake]");
  HsVerifyReport *r = run(b, HS_RULES_NYT, 6, BP);
  assert_has_problem(r, BP ":18: 'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'");
  assert_int_equal(r->hist[3], 9);
  hs_verify_report_free(r);
}

static void
test_by_pattern_structure(void **state)
{
  (void)state;
  /* A duplicated line names both lines. */
  g_autofree char *d = g_strconcat(good_bp, "⬜🟨⬜🟨⬜: next {spare} / candidates (1) [spare]\n", NULL);
  assert_rejected(d, HS_RULES_NYT, 6, BP,
                  (const char *const[]){ BP ":52: a second line for ⬜🟨⬜🟨⬜ (first on line 14)", NULL });
  /* A solved answer without its '= SOLVED =' line. */
  g_autofree char *s =
    variant(good_bp, "🟨🟨⬜⬜⬜=>🟩🟩🟩🟩🟩: = SOLVED = / candidates (1) [shake]\n", "");
  assert_rejected(
    s, HS_RULES_NYT, 6, BP,
    (const char *const[]){
      BP ":18: 'shake' is solved here but there is no '= SOLVED =' line for 🟨🟨⬜⬜⬜=>🟩🟩🟩🟩🟩",
      NULL });
  /* A wrong summary. */
  g_autofree char *h = variant(good_bp, "2 guesses: 8", "2 guesses: 9");
  assert_rejected(h, HS_RULES_NYT, 6, BP,
                  (const char *const[]){ BP ":7: the summary says 2 guesses: 9, but the strategy gives 8", NULL });
  /* An unknown next guess is said once; the lines below it are not compared. */
  g_autofree char *u = variant(good_bp, "next {crate}", "next {cratx}");
  HsVerifyReport *r = run(u, HS_RULES_NYT, 6, BP);
  assert_has_problem(r, BP ":13: 'cratx' is not an allowed word");
  for (guint i = 0; i < r->problems->len; i++)
    assert_null(strstr(r->problems->pdata[i], "reach"));
  hs_verify_report_free(r);
}

static void
test_by_pattern_parse_errors(void **state)
{
  (void)state;
  g_autofree char *o = variant(good_bp, "# opener: kempt\n", "");
  assert_parse_error(o, strlen(o), BP, 1, "'# opener: WORD'");
  const char *at = strstr(good_bp, "⬜🟨⬜⬜🟨: next {crate}");
  assert_non_null(at);
  assert_parse_error(good_bp, (gsize)(at - good_bp) + strlen("⬜🟨⬜⬜🟨: next {cra"), BP, 13, "expected 'KEY:");
  g_autofree char *k = variant(good_bp, "⬜🟨⬜🟨⬜: next {spare}", "⬜🟨⬜🟨: next {spare}");
  assert_parse_error(k, strlen(k), BP, 14, "is not a pattern of 5 tiles (in the key)");
}

/* ---- input size: every reader runs in O(n log n) (JSON: test_verify_json.c) ---- */

/* Verifies TEXT (which must parse) and checks that it took well under a second; returns the report. */
static HsVerifyReport *
run_timed(const char *text, const char *name, const char *what)
{
  gint64 t0 = cpu_now();
  HsVerifyReport *r = run(text, HS_RULES_NYT, 6, name);
  double sec = seconds_since(t0);
  print_message("  %s: %.3f s, %u problems\n", what, sec, r->problems->len);
  assert_true(sec < FAST_SECONDS);
  return r;
}

/* TEXT with LINE (a format string taking the copy number) repeated MANY times before MARK. */
static char *
with_many_lines(const char *text, const char *mark, const char *line)
{
  const char *at = strstr(text, mark);
  assert_non_null(at);
  GString *s = g_string_new_len(text, at - text);
  for (guint i = 0; i < MANY; i++)
    g_string_append_printf(s, line, i);
  g_string_append(s, at);
  return g_string_free(s, FALSE);
}

/* The by-pattern file with MANY lines of distinct keys five patterns deep ("00000=>…", digits)
 * that no answer reaches. */
static char *
with_many_keys_deep(void)
{
  const char *at = strstr(good_bp, "⬜🟨⬜⬜⬜=>⬜⬜🟩⬜🟩: next");
  assert_non_null(at);
  GString *s = g_string_new_len(good_bp, at - good_bp);
  for (guint i = 0; i < MANY; i++) {
    char tiles[20]; /* I in base 2, so that no pattern is 22222 */
    for (guint k = 0, x = i; k < 20; k++, x /= 2)
      tiles[19 - k] = (char)('0' + x % 2);
    g_string_append_printf(s, "00000=>%.5s=>%.5s=>%.5s=>%.5s: next {kempt} / candidates (0) []\n", tiles, tiles + 5,
                           tiles + 10, tiles + 15);
  }
  g_string_append(s, at);
  return g_string_free(s, FALSE);
}

/* The other readers on inputs of MANY steps, candidates or lines. */
static void
test_large_inputs(void **state)
{
  (void)state;
  g_autofree char *steps = long_variant(MANY);
  HsVerifyReport *r = run_timed(steps, PW, "per-word, one line of 200000 steps");
  assert_problems(r, (const char *const[]){ PW ":7: 'shake' takes more than 64 guesses (the verifier's limit)", NULL });
  hs_verify_report_free(r);

  g_autofree char *cands = with_many_lines(good_bp, "crane, sauce]", "w%06u, ");
  r = run_timed(cands, BP, "by-pattern, one line of 200000 candidates");
  assert_int_equal(r->problems->len, MANY + 1);
  hs_verify_report_free(r);

  g_autofree char *keys = with_many_keys_deep();
  r = run_timed(keys, BP, "by-pattern, 200000 lines");
  assert_int_equal(r->problems->len, MANY);
  hs_verify_report_free(r);

  g_autofree char *tree =
    with_many_lines(good_tr, "├─ ⬜🟨⬜🟨🟨 plate ✓", "├─ ⬜🟨⬜🟨⬜ spare ✓\n");
  r = run_timed(tree, TR, "tree outline, 200000 lines");
  assert_int_equal(r->problems->len, MANY);
  hs_verify_report_free(r);

  g_autofree char *selby = with_many_lines(good_sb, "      YYBBY1 skate", "kempt YYBBY1 skate GGGGG2\n");
  r = run_timed(selby, SB, "selby, 200000 lines");
  assert_int_equal(r->problems->len, MANY);
  hs_verify_report_free(r);
}

/* ---- detection and headers ---- */

static void
test_detect_and_peek(void **state)
{
  (void)state;
  HsStrategyFileKind kind;
  assert_true(hs_verify_detect(good_pw, strlen(good_pw), &kind, PW, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_PER_WORD);
  assert_true(hs_verify_detect(good_bp, strlen(good_bp), &kind, BP, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_BY_PATTERN);
  assert_true(hs_verify_detect(good_js, strlen(good_js), &kind, JS, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_JSON);
  assert_true(hs_verify_detect(good_tr, strlen(good_tr), &kind, TR, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_TREE);
  assert_true(hs_verify_detect(good_sb, strlen(good_sb), &kind, SB, NULL));
  assert_int_equal(kind, HS_STRATEGY_FILE_SELBY);
  GError *error = NULL;
  assert_false(hs_verify_detect("nonsense\n", 9, &kind, "n.txt", &error));
  assert_true(g_str_has_prefix(error->message, "n.txt:1: "));
  g_error_free(error);

  const char *texts[] = { good_pw, good_bp, good_js };
  for (guint i = 0; i < G_N_ELEMENTS(texts); i++) {
    char *lists = NULL, *rules = NULL;
    hs_verify_peek_header(texts[i], strlen(texts[i]), &lists, &rules);
    assert_string_equal(lists, "tiny");
    assert_string_equal(rules, "nyt");
    g_free(lists);
    g_free(rules);
  }
  /* The outlines have no header. */
  const char *outlines[] = { good_tr, good_sb };
  for (guint i = 0; i < G_N_ELEMENTS(outlines); i++) {
    char *lists = NULL, *rules = NULL;
    hs_verify_peek_header(outlines[i], strlen(outlines[i]), &lists, &rules);
    assert_null(lists);
    assert_null(rules);
  }
  char *rules = NULL;
  hs_verify_peek_header("hello\n", 6, NULL, &rules);
  assert_null(rules);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_feedback_examples),
    cmocka_unit_test(test_feedback_matches_engine),
    cmocka_unit_test(test_accept_per_word),
    cmocka_unit_test(test_accept_by_pattern),
    cmocka_unit_test(test_accept_pattern_forms),
    cmocka_unit_test(test_nyt_rule_details),
    cmocka_unit_test(test_unknown_rules_refused),
    cmocka_unit_test(test_reject_wrong_pattern),
    cmocka_unit_test(test_reject_hard_mode_nyt),
    cmocka_unit_test(test_reject_hard_mode_strict),
    cmocka_unit_test(test_reject_two_guesses_same_history),
    cmocka_unit_test(test_reject_missing_answer),
    cmocka_unit_test(test_reject_listed_twice),
    cmocka_unit_test(test_reject_over_cap),
    cmocka_unit_test(test_reject_unknown_word),
    cmocka_unit_test(test_reject_40_guesses),
    cmocka_unit_test(test_reject_path_over_limit),
    cmocka_unit_test(test_reject_not_solved),
    cmocka_unit_test(test_reject_truncated_per_word),
    cmocka_unit_test(test_every_truncation),
    cmocka_unit_test(test_reject_garbage),
    cmocka_unit_test(test_by_pattern_wrong_candidates),
    cmocka_unit_test(test_by_pattern_missing_line),
    cmocka_unit_test(test_by_pattern_hard_mode),
    cmocka_unit_test(test_by_pattern_structure),
    cmocka_unit_test(test_by_pattern_parse_errors),
    cmocka_unit_test(test_large_inputs),
    cmocka_unit_test(test_detect_and_peek),
  };
  int failures = cmocka_run_group_tests(tests, verify_setup, verify_teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
