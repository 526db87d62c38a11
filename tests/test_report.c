/* Tests for the report layer's shared text helpers (src/report/report.c) and the rows and summaries
 * of the runs over openers (src/report/rows.c): the one JSON escaper against awkward text, every JSON
 * writer read back by the verifier's strict parser, and the rows against hand-written expectations. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "hardsix/hardsix.h"
#include "verify/verify-private.h" /* hs_verify_json_parse: a strict parser */
#include "test-common.h"

HS_TEST_GROUP_WORDS(words, hs_test_tiny())

/* Text no JSON writer may break: quotes, backslashes, every control byte, DEL, non-ASCII, bad UTF-8. */
static const char *const awkward[] = {
  "plain",
  "quote \" and backslash \\ and slash /",
  "tab\tnewline\ncr\rbell\x07 esc\x1b[31m",
  "\x01\x02\x03\x1f\x7f",
  "caf\xc3\xa9 \xe3\x83\xa9\xe3\x83\xb3\xe3\x82\xaf\xe3\x83\xab\xe3\x82\xb9",
  "bad \xff\xfe utf-8 \xc3",
  "overrides/it's \"mine\".txt",
  "",
};

/* TEXT parses as JSON with the verifier's strict parser and is valid UTF-8; returns the parsed value. */
static JVal *
parse_strict(const char *text)
{
  assert_true(g_utf8_validate(text, -1, NULL));
  GError *e = NULL;
  JVal *v = hs_verify_json_parse(text, strlen(text), "test", &e);
  if (v == NULL)
    fail_msg("not JSON: %s\n%s", e->message, text);
  return v;
}

static void
test_json_string(void **state)
{
  (void)state;
  for (guint i = 0; i < G_N_ELEMENTS(awkward); i++) {
    g_autoptr(GString) out = g_string_new("{\"k\": ");
    hs_report_json_string(out, awkward[i]);
    g_string_append(out, "}");
    JVal *v = parse_strict(out->str);
    /* Valid UTF-8 comes back unchanged. */
    if (g_utf8_validate(awkward[i], -1, NULL))
      assert_string_equal(hs_verify_json_string(v, "k"), awkward[i]);
    hs_verify_json_free(v);
  }
  g_autoptr(GString) out = g_string_new(NULL);
  hs_report_json_string(out, "a\"b\\c\n\x01");
  assert_string_equal(out->str, "\"a\\\"b\\\\c\\n\\u0001\"");
  g_string_truncate(out, 0);
  hs_report_json_string(out, NULL);
  assert_string_equal(out->str, "null");
  g_string_truncate(out, 0);
  hs_report_append_seconds(out, 1.23456);
  assert_string_equal(out->str, "\t1.2346");
  assert_string_equal(hs_report_rules_words(HS_RULES_NONE), "normal mode");
}

/* Two sweep rows of the tiny lists: one passing with its histogram, one failing early. */
static void
sweep_rows(HsSweepRow *rows)
{
  memset(rows, 0, 2 * sizeof *rows);
  rows[0] = (HsSweepRow){ .opener = 0, .pass = TRUE, .exact = TRUE, .worst = 3, .first_over = HS_NONE, .total = 45 };
  rows[0].hist.count[1] = 1;
  rows[0].hist.count[2] = 13;
  rows[0].hist.count[3] = 6;
  rows[1] = (HsSweepRow){ .opener = 1, .pass = FALSE, .exact = FALSE, .first_over = HS_NONE };
}

static void
test_sweep_rows(void **state)
{
  (void)state;
  HsSweepRow rows[2];
  sweep_rows(rows);
  g_autofree char *tsv = hs_report_sweep_tsv(words, rows, 2);
  assert_string_equal(tsv, "opener\tverdict\tworst\tover_cap\tfirst_over\thistogram\ttotal\taverage\n"
                           "shade\tok\t3\t0\t-\t1:1,2:13,3:6\t45\t2.2500\n"
                           "shake\tfail\t-\t-\t-\t-\t-\t-\n");
  for (guint i = 0; i < G_N_ELEMENTS(awkward); i++) {
    g_autofree char *json = hs_report_sweep_json(words, rows, 2, awkward[i]);
    JVal *v = parse_strict(json);
    assert_string_equal(hs_verify_json_string(v, "format"), "hardsix-sweep");
    hs_verify_json_free(v);
  }
  guint fails[40] = { 0 };
  fails[5] = 2;
  g_autofree char *summary = hs_report_sweep_summary(words, rows, 2, fails, FALSE, 6, 2.0);
  assert_non_null(strstr(summary, "sweep: 2 openers, 1 pass (every answer within 6 guesses), 2.0 s, 1 openers/s\n"));
  assert_non_null(strstr(summary, "  shade 2.2500 (1:1,2:13,3:6)\n"));
  assert_non_null(strstr(summary, "answers that most often fail (failures found before stopping"));
}

static void
test_rank_json(void **state)
{
  (void)state;
  HsSplit rows[2];
  memset(rows, 0, sizeof rows);
  rows[0].word = 3;
  rows[0].max_part = 4;
  rows[0].n_parts = 9;
  rows[1].word = 7;
  rows[1].max_part = 5;
  rows[1].n_parts = 8;
  HsSweepRow greedy[2];
  sweep_rows(greedy);
  HsProveAllRow proved[2] = { { .opener = 3, .proven = TRUE }, { .opener = 7 } };
  for (guint i = 0; i < G_N_ELEMENTS(awkward); i++) {
    HsRankReport r = { HS_SPLIT_BY_ENTROPY, FALSE, awkward[i], 6, greedy, proved };
    g_autofree char *json = hs_report_rank_json(words, rows, 2, &r);
    JVal *v = parse_strict(json);
    assert_string_equal(hs_verify_json_string(v, "format"), "hardsix-rank");
    hs_verify_json_free(v);
    g_autofree char *tsv = hs_report_rank_tsv(words, rows, 2, &r);
    assert_non_null(strstr(tsv, "\tgreedy\tworst\taverage\tprove\n"));
    assert_non_null(strstr(tsv, "\tfail\t0\t0.0000\timpossible\n"));
  }
  HsRankReport bare = { HS_SPLIT_BY_ENTROPY, TRUE, NULL, 6, NULL, NULL };
  g_autofree char *json = hs_report_rank_json(words, rows, 1, &bare);
  JVal *v = parse_strict(json);
  assert_string_equal(hs_verify_json_string(v, "pool"), "answers");
  hs_verify_json_free(v);
}

static void
test_prove_rows(void **state)
{
  (void)state;
  HsProveAllRow rows[3] = { { .opener = 0, .proven = TRUE, .nodes = 12, .seconds = 0.5 },
                            { .opener = 1, .nodes = 7, .seconds = 0.25, .other_order = TRUE },
                            { .opener = 2, .undecided = TRUE, .nodes = 100, .seconds = 2 } };
  HsAllReport r = {
    .rules = HS_RULES_NYT, .max_guesses = 5, .timing = TRUE, .secs = 1.5, .order = HS_PROVE_ORDER_FAST, .max_nodes = 100
  };
  g_autofree char *tsv = hs_report_prove_rows(words, rows, 3, &r);
  assert_string_equal(tsv, "opener\tverdict\tnodes\tseconds\nshade\tproven\t12\t0.5000\nshake\timpossible\t7\t0.2500\n"
                           "shame\tundecided\t100\t2.0000\n");
  g_autofree char *sum = hs_report_prove_summary(words, rows, 3, &r);
  assert_non_null(strstr(sum, "prove: 3 openers, 1 proven within 5 guesses, 1 impossible, 1 undecided (node limit "
                              "100) (nyt rules, custom lists), 1.5 s (2.8 s of search CPU time)\n"));
  assert_non_null(
    strstr(sum, "1 opener decided in the greedy order, the escalation's second (the fast order first)\n"));
  assert_non_null(strstr(sum, "per opener (CPU time): median 0.5000 s, max 2.000 s (shame)\n"));
}

static void
test_optimize_rows(void **state)
{
  (void)state;
  HsOptimizeRow rows[3] = { { .opener = 0, .verdict = HS_OPTIMIZE_ROW_OPTIMAL, .total = 50, .seconds = 1 },
                            { .opener = 1, .verdict = HS_OPTIMIZE_ROW_IMPOSSIBLE, .seconds = 3 },
                            { .opener = 2, .verdict = HS_OPTIMIZE_ROW_OPTIMAL, .total = 45, .seconds = 2 } };
  HsAllReport r = { .rules = HS_RULES_NONE, .max_guesses = 6, .secs = 4 };
  g_autofree char *tsv = hs_report_optimize_rows(words, rows, 3, &r);
  assert_string_equal(tsv, "opener\tverdict\ttotal\taverage\nshade\toptimal\t50\t2.5000\nshake\timpossible\t-\t-\n"
                           "shame\toptimal\t45\t2.2500\n");
  g_autofree char *sum = hs_report_optimize_summary(words, rows, 3, &r);
  assert_string_equal(sum, "optimize: 3 openers: 2 optimal, 1 impossible (within 6 guesses, normal mode, custom "
                           "lists), 4.0 s (6.0 s of CPU time)\nbest: shame 45 (2.2500), shade 50 (2.5000)\n"
                           "slowest opener: shake, 3.00 s of CPU time\n");
  /* --best: a worse row has no total, only its lower bound; an impossible row has neither. */
  rows[2].verdict = HS_OPTIMIZE_ROW_WORSE;
  r.best = 1;
  r.timing = TRUE;
  g_autofree char *best = hs_report_optimize_rows(words, rows, 3, &r);
  assert_string_equal(best, "opener\tverdict\ttotal\taverage\tlower_bound\tseconds\n"
                            "shade\toptimal\t50\t2.5000\t-\t1.0000\nshake\timpossible\t-\t-\t-\t3.0000\n"
                            "shame\tworse\t-\t-\t45\t2.0000\n");
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_json_string), cmocka_unit_test(test_sweep_rows),    cmocka_unit_test(test_rank_json),
    cmocka_unit_test(test_prove_rows),  cmocka_unit_test(test_optimize_rows),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
