/* Tests for the verifier's JSON reader and parser (src/verify/read-json.c, src/verify/json.c): the
 * strategy of tests/data/verify/good.json accepted, rejected for each kind of problem with file:line,
 * parse errors, and objects of 200,000 keys handled in well under a second. Run from the repository
 * root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "verify-helpers.h"

static void
test_accept_json(void **state)
{
  (void)state;
  HsVerifyReport *r = run(good_js, HS_RULES_NYT, 6, JS);
  assert_good_stats(r, HS_STRATEGY_FILE_JSON);
  hs_verify_report_free(r);
  r = run(good_js, HS_RULES_STRICT, 4, JS);
  assert_good_stats(r, HS_STRATEGY_FILE_JSON);
  hs_verify_report_free(r);
}

/* ---- JSON ---- */

static void
test_json_hard_mode(void **state)
{
  (void)state;
  g_autofree char *t =
    variant(good_js, "{\"pattern\": \"11000\", \"guess\": \"shake\", \"candidates\": [\"shake\"], \"children\": []}",
            "{\"pattern\": \"11000\", \"guess\": \"howls\", \"candidates\": [\"shake\"], \"children\": [\n"
            "      {\"pattern\": \"10001\", \"guess\": \"shake\", \"candidates\": [\"shake\"]}]}");
  assert_rejected(
    t, HS_RULES_NYT, 6, JS,
    (const char *const[]){ JS ":8: the histogram says 2 guesses: 8, but the strategy gives 7",
                           JS ":8: the histogram says 3 guesses: 8, but the strategy gives 9",
                           JS ":10: \"total_guesses\" is 56, but the strategy gives 57",
                           JS ":11: the average is 2.8000, but the strategy gives 2.8500",
                           JS ":37: 'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'",
                           NULL });
}

static void
test_json_tree_problems(void **state)
{
  (void)state;
  /* A missing child: crane is not solved, and the node's candidates no longer match. */
  g_autofree char *t = variant(
    good_js, "      {\"pattern\": \"00202\", \"guess\": \"crane\", \"candidates\": [\"crane\"], \"children\": []},\n",
    "");
  HsVerifyReport *r = run(t, HS_RULES_NYT, 6, JS);
  assert_has_problem(r, JS ":13: 'crane' is not solved: 'shade' has no child with the pattern \"00202\"");
  hs_verify_report_free(r);
  /* Candidates that do not match. */
  g_autofree char *c = variant(good_js, "\"guess\": \"grate\", \"candidates\": [\"grate\", \"irate\"]",
                               "\"guess\": \"grate\", \"candidates\": [\"grate\"]");
  assert_rejected(
    c, HS_RULES_NYT, 6, JS,
    (const char *const[]){
      JS ":28: the candidates are not the 2 answers that reach this node: reaching it but not listed: irate", NULL });
  /* An empty histogram is a stated histogram too. */
  g_autofree char *h = variant(good_js, "\"histogram\": {\"2\": 8, \"3\": 8, \"4\": 4}", "\"histogram\": {}");
  assert_rejected(h, HS_RULES_NYT, 6, JS,
                  (const char *const[]){ JS ":8: the histogram has no figure for 2 guesses (the strategy gives 8)",
                                         JS ":8: the histogram has no figure for 3 guesses (the strategy gives 8)",
                                         JS ":8: the histogram has no figure for 4 guesses (the strategy gives 4)",
                                         NULL });
  /* Two children with the same pattern name both lines. */
  g_autofree char *d =
    variant(good_js, "{\"pattern\": \"11001\", \"guess\": \"skate\", \"candidates\": [\"skate\"], \"children\": []}",
            "{\"pattern\": \"11001\", \"guess\": \"skate\", \"candidates\": [\"skate\"], \"children\": []},\n"
            "    {\"pattern\": \"11001\", \"guess\": \"skate\", \"candidates\": [\"skate\"], \"children\": []}");
  assert_rejected(
    d, HS_RULES_NYT, 6, JS,
    (const char *const[]){ JS ":39: a second child with the pattern path 11001 (first on line 38)", NULL });
}

static void
test_json_parse_errors(void **state)
{
  (void)state;
  /* Truncated anywhere inside the document: a parse error at the last line. */
  const char *at = strstr(good_js, "\"guess\": \"plate\"");
  assert_non_null(at);
  assert_parse_error(good_js, (gsize)(at - good_js) + 4, JS, 34, "unterminated string");
  assert_parse_error(good_js, (gsize)(at - good_js), JS, 34, "unexpected end of file");
  /* A missing comma, a bad literal, a duplicate key, text after the value. */
  g_autofree char *comma = variant(good_js, "\"version\": 1,", "\"version\": 1");
  assert_parse_error(comma, strlen(comma), JS, 4, "expected ',' or '}', found '\"'");
  g_autofree char *lit = variant(good_js, "\"version\": 1,", "\"version\": tru,");
  assert_parse_error(lit, strlen(lit), JS, 3, "expected a JSON value, found 't'");
  g_autofree char *dup = variant(good_js, "\"version\": 1,", "\"version\": 1, \"rules\": \"strict\",");
  assert_parse_error(dup, strlen(dup), JS, 6, "duplicate key \"rules\" (first on line 3)");
  g_autofree char *after = g_strconcat(good_js, "{}", NULL);
  assert_parse_error(after, strlen(after), JS, 41, "after the JSON value");
  /* Well-formed JSON that is no strategy. */
  assert_parse_error("{\"format\": \"hardsix-strategy\"}", 30, "x.json", 1, "no \"tree\"");
  assert_parse_error("[1, 2]", 6, "x.json", 1, "not a strategy file");
  g_autofree char *ng = variant(good_js, "\"guess\": \"spare\"", "\"guesss\": \"spare\"");
  assert_parse_error(ng, strlen(ng), JS, 33, "needs a \"guess\" string");
  /* Escapes are decoded: "sh\u0061de" is shade. */
  g_autofree char *esc = variant(good_js, "{\"pattern\": \"01000\", \"guess\": \"shade\"",
                                 "{\"pattern\": \"01000\", \"guess\": \"sh\\u0061de\"");
  HsVerifyReport *r = run(esc, HS_RULES_NYT, 6, JS);
  assert_true(r->ok);
  hs_verify_report_free(r);
}

/* ---- input size: no quadratic duplicate-key check ---- */

/* TEXT with COUNT members "kI": I inserted right after MARK (its first occurrence); with DUP the last
 * one repeats the key "k0". All on the line of MARK. */
static char *
with_many_keys(const char *text, const char *mark, guint count, gboolean dup)
{
  const char *at = strstr(text, mark);
  assert_non_null(at);
  at += strlen(mark);
  GString *s = g_string_new_len(text, at - text);
  for (guint i = 0; i < count; i++)
    g_string_append_printf(s, "\"k%u\": %u, ", dup && i + 1 == count ? 0 : i, i);
  g_string_append(s, at);
  return g_string_free(s, FALSE);
}

/* MANY unknown keys in one object (the top level, then the tree's root) are ignored, so the strategy
 * verifies; with the last key repeating the first it is rejected at the duplicate. Each in well under
 * a second (a quadratic duplicate-key check took minutes). */
static void
test_json_many_keys(void **state)
{
  (void)state;
  const char *marks[] = { "{", "\"tree\": {" };
  for (guint i = 0; i < G_N_ELEMENTS(marks); i++) {
    g_autofree char *t = with_many_keys(good_js, marks[i], MANY, FALSE);
    gint64 t0 = cpu_now();
    HsVerifyReport *r = run(t, HS_RULES_NYT, 6, JS);
    double sec = seconds_since(t0);
    print_message("  %u keys after '%s': verified in %.3f s\n", MANY, marks[i], sec);
    assert_good_stats(r, HS_STRATEGY_FILE_JSON);
    hs_verify_report_free(r);
    assert_true(sec < FAST_SECONDS);
  }
  g_autofree char *dup = with_many_keys(good_js, "{", MANY, TRUE);
  gint64 t0 = cpu_now();
  assert_parse_error(dup, strlen(dup), JS, 1, "duplicate key \"k0\" (first on line 1)");
  double sec = seconds_since(t0);
  print_message("  %u keys, the last a duplicate: rejected in %.3f s\n", MANY, sec);
  assert_true(sec < FAST_SECONDS);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_accept_json),        cmocka_unit_test(test_json_hard_mode),
    cmocka_unit_test(test_json_tree_problems), cmocka_unit_test(test_json_parse_errors),
    cmocka_unit_test(test_json_many_keys),
  };
  int failures = cmocka_run_group_tests(tests, verify_setup, verify_teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
