/* Tests for prove-all.c: every opener of the small lists (tests/data/prove-*.txt) decided in parallel
 * gives, row by row, hs_prover_decide's verdict and node count, the same rows for 1 and 2 threads and
 * for any order of the openers, a progress call per opener, the first error in opener order, and
 * cancellation. Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(words, table, hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt"))

/* Every allowed word, in canonical order. */
static guint32 *
every_opener(guint *n)
{
  *n = words->n_words;
  return hs_test_every_word(words);
}

/* hs_prove_all on OPENERS with THREADS threads; fails the test on an error. */
static HsProveAllRow *
prove_all(const guint32 *openers, guint n, HsRules rules, guint cap, HsProveOrder order, int threads)
{
  hs_test_set_threads(threads);
  HsProveAllRow *rows = g_new0(HsProveAllRow, n);
  HsProveAllOptions opt = { cap, order, NULL, NULL, NULL, 0, NULL };
  GError *e = NULL;
  if (!hs_prove_all(table, rules, openers, n, &opt, rows, &e))
    fail_msg("hs_prove_all: %s", e->message);
  return rows;
}

/* Rows agree on everything but the CPU time. */
static void
assert_same_rows(const HsProveAllRow *a, const HsProveAllRow *b, guint n)
{
  for (guint i = 0; i < n; i++) {
    assert_int_equal(a[i].opener, b[i].opener);
    assert_int_equal(a[i].proven, b[i].proven);
    assert_int_equal(a[i].nodes, b[i].nodes);
    assert_true(a[i].seconds >= 0);
  }
}

/* Each row is what hs_prover_decide says about its opener, for both rules, both orders, caps 3 to 5,
 * and the rows are the same for 1 and 2 threads. */
static void
test_rows_match_decide(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  guint n_proven[2] = { 0, 0 };
  for (guint r = 0; r < 2; r++)
    for (guint o = 0; o < 2; o++)
      for (guint cap = 3; cap <= 5; cap++) {
        g_autofree HsProveAllRow *one = prove_all(openers, n, (HsRules)r, cap, (HsProveOrder)o, 1);
        g_autofree HsProveAllRow *two = prove_all(openers, n, (HsRules)r, cap, (HsProveOrder)o, 2);
        assert_same_rows(one, two, n);
        g_autoptr(HsProver) P = hs_prover_new(table, (HsRules)r, (HsProveOrder)o);
        for (guint i = 0; i < n; i++) {
          gboolean proven = FALSE;
          HsProveStats st = { 0 };
          assert_true(hs_prover_decide(P, openers[i], cap, &proven, &st, NULL));
          assert_int_equal(one[i].opener, openers[i]);
          assert_int_equal(one[i].proven, proven);
          assert_int_equal(one[i].nodes, st.nodes);
          if (cap == 5)
            n_proven[r] += proven;
        }
      }
  /* The small lists have both verdicts at cap 5 (prove.sh: 18 of 27 proven under nyt). */
  assert_int_equal(n_proven[HS_RULES_NYT], 2 * 18);
  assert_true(n_proven[HS_RULES_STRICT] > 0);
}

/* Row i belongs to OPENERS[i], whatever their order. */
static void
test_any_order(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  g_autofree guint32 *reversed = g_new(guint32, n);
  for (guint i = 0; i < n; i++)
    reversed[i] = openers[n - 1 - i];
  g_autofree HsProveAllRow *a = prove_all(openers, n, HS_RULES_NYT, 4, HS_PROVE_ORDER_FAST, 2);
  g_autofree HsProveAllRow *b = prove_all(reversed, n, HS_RULES_NYT, 4, HS_PROVE_ORDER_FAST, 2);
  for (guint i = 0; i < n; i++) {
    assert_int_equal(b[n - 1 - i].opener, a[i].opener);
    assert_int_equal(b[n - 1 - i].proven, a[i].proven);
    assert_int_equal(b[n - 1 - i].nodes, a[i].nodes);
  }
  /* No openers: nothing to do, and no error. */
  HsProveAllOptions opt = { 4, HS_PROVE_ORDER_FAST, NULL, NULL, NULL, 0, NULL };
  assert_true(hs_prove_all(table, HS_RULES_NYT, openers, 0, &opt, NULL, NULL));
}

/* With units (hs_words_letter_units, or every opener in one unit, or three of every third opener) each
 * row has hs_prover_decide's verdict, its nodes are those of the unit's openers decided
 * in letter order one after another (hs_prover_decide, then hs_prover_decide_next), the first opener
 * of a unit counts what it counts alone, the rows are the same for 1 and 2 threads and for the openers
 * in reverse order, and a unit saves nodes; under a node limit every opener is decided alone. */
static void
check_units(guint32 *openers, guint n, const guint *units, guint n_units, HsRules rules, guint cap, guint64 *alone,
            guint64 *shared)
{
  HsProveAllOptions opt = { cap, HS_PROVE_ORDER_FAST, NULL, NULL, NULL, 0, units };
  g_autofree HsProveAllRow *a = g_new0(HsProveAllRow, n), *b = g_new0(HsProveAllRow, n);
  g_autofree HsProveAllRow *c = g_new0(HsProveAllRow, n);
  hs_test_set_threads(1);
  assert_true(hs_prove_all(table, rules, openers, n, &opt, a, NULL));
  hs_test_set_threads(2);
  assert_true(hs_prove_all(table, rules, openers, n, &opt, b, NULL));
  assert_same_rows(a, b, n);
  g_autofree guint32 *rev = g_new(guint32, n);
  g_autofree guint *rev_units = g_new(guint, n), *order = g_new(guint, n);
  for (guint i = 0; i < n; i++) {
    rev[i] = openers[n - 1 - i];
    rev_units[i] = units[n - 1 - i];
  }
  opt.units = rev_units;
  assert_true(hs_prove_all(table, rules, rev, n, &opt, c, NULL));
  for (guint i = 0; i < n; i++) {
    assert_int_equal(c[n - 1 - i].proven, a[i].proven);
    assert_int_equal(c[n - 1 - i].nodes, a[i].nodes);
  }
  /* Under a node limit the units are ignored: every row as its opener alone. */
  g_autofree HsProveAllRow *d = g_new0(HsProveAllRow, n);
  opt.units = units;
  opt.max_nodes = G_GUINT64_CONSTANT(1) << 40;
  assert_true(hs_prove_all(table, rules, openers, n, &opt, d, NULL));
  g_autoptr(HsProver) R = hs_prover_new(table, rules, HS_PROVE_ORDER_FAST);
  for (guint i = 0; i < n; i++) {
    gboolean proven = FALSE;
    HsProveStats st = { 0 };
    assert_true(hs_prover_decide(R, openers[i], cap, &proven, &st, NULL));
    assert_int_equal(d[i].proven, proven);
    assert_int_equal(d[i].nodes, st.nodes);
  }
  /* The same decisions by hand, unit by unit in letter order. */
  hs_words_letter_order(words, openers, n, order);
  g_autoptr(HsProver) P = hs_prover_new(table, rules, HS_PROVE_ORDER_FAST);
  g_autoptr(HsProver) Q = hs_prover_new(table, rules, HS_PROVE_ORDER_FAST);
  for (guint u = 0; u < n_units; u++) {
    gboolean first = TRUE;
    for (guint t = 0; t < n; t++) {
      const guint i = order[t];
      if (units[i] != u)
        continue;
      gboolean proven = FALSE, alone_proven = FALSE;
      HsProveStats st = { 0 }, st1 = { 0 };
      assert_true(first ? hs_prover_decide(P, openers[i], cap, &proven, &st, NULL)
                        : hs_prover_decide_next(P, openers[i], cap, &proven, &st, NULL));
      assert_int_equal(a[i].proven, proven);
      assert_int_equal(a[i].nodes, st.nodes);
      assert_true(hs_prover_decide(Q, openers[i], cap, &alone_proven, &st1, NULL));
      assert_int_equal(proven, alone_proven);
      if (first)
        assert_int_equal(st.nodes, st1.nodes);
      *alone += st1.nodes;
      *shared += st.nodes;
      first = FALSE;
    }
  }
}

static void
test_units(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  /* The small lists' 27 words hold no anagrams: a unit of like letters per word (a short list keeps
   * 64 units at least); units of any numbering work alike. */
  g_autofree guint *unit = g_new(guint, n), *third = g_new(guint, n), *one = g_new0(guint, n);
  const guint n_units = hs_words_letter_units(words, openers, n, unit);
  assert_int_equal(n_units, n);
  for (guint i = 0; i < n; i++)
    third[i] = i % 3;
  guint64 alone = 0, shared = 0;
  for (guint r = 0; r < 2; r++)
    for (guint cap = 3; cap <= 5; cap++) {
      check_units(openers, n, unit, n_units, (HsRules)r, cap, &alone, &shared);
      check_units(openers, n, third, 3, (HsRules)r, cap, &alone, &shared);
      guint64 all_alone = 0, all_shared = 0;
      check_units(openers, n, one, 1, (HsRules)r, cap, &all_alone, &all_shared);
      assert_true(all_shared <= all_alone);
      alone += all_alone;
      shared += all_shared;
    }
  assert_true(shared < alone);
}

/* hs_prover_decide_next keeps what the decision before it left only while that fills at most half the
 * memo's bound: for each pair of openers where the second shares (fewer or other nodes after the first
 * than alone), a bound of one more entry than the first leaves makes the second count what it counts
 * alone. */
static void
test_next_half_memo(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  g_autoptr(HsProver) P = hs_prover_new(table, HS_RULES_NYT, HS_PROVE_ORDER_FAST);
  guint checked = 0;
  for (guint i = 0; i < n; i++)
    for (guint j = 0; j < n; j++) {
      gboolean proven;
      HsProveStats a = { 0 }, b = { 0 }, c = { 0 };
      HsProveTuning t;
      hs_prove_tuning_init(&t);
      hs_prover_set_tuning(P, &t);
      assert_true(hs_prover_decide(P, openers[i], 5, &proven, &a, NULL));
      assert_true(hs_prover_decide_next(P, openers[j], 5, &proven, &b, NULL));
      assert_true(hs_prover_decide(P, openers[j], 5, &proven, &c, NULL));
      if (b.nodes == c.nodes || a.memo_entries < 2)
        continue;
      t.memo_max_entries = a.memo_entries + 1;
      hs_prover_set_tuning(P, &t);
      assert_true(hs_prover_decide(P, openers[i], 5, &proven, &a, NULL));
      assert_true(hs_prover_decide_next(P, openers[j], 5, &proven, &b, NULL));
      assert_true(hs_prover_decide(P, openers[j], 5, &proven, &c, NULL));
      assert_int_equal(b.nodes, c.nodes);
      checked++;
    }
  assert_true(checked > 0);
}

typedef struct {
  guint calls, last_done, last_total, last_proven;
  gboolean increasing;
} Progress;

static void
on_progress(guint done, guint total, guint proven, gpointer user)
{
  Progress *p = user;
  p->increasing = p->increasing && done == p->last_done + 1 && proven >= p->last_proven && proven <= done;
  p->calls++;
  p->last_done = done;
  p->last_total = total;
  p->last_proven = proven;
}

static void
test_progress(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  g_autofree HsProveAllRow *rows = g_new0(HsProveAllRow, n);
  Progress p = { 0, 0, 0, 0, TRUE };
  HsProveAllOptions opt = { 5, HS_PROVE_ORDER_FAST, on_progress, &p, NULL, 0, NULL };
  hs_test_set_threads(2);
  assert_true(hs_prove_all(table, HS_RULES_NYT, openers, n, &opt, rows, NULL));
  guint proven = 0;
  for (guint i = 0; i < n; i++)
    proven += rows[i].proven;
  assert_int_equal(p.calls, n);
  assert_true(p.increasing);
  assert_int_equal(p.last_done, n);
  assert_int_equal(p.last_total, n);
  assert_int_equal(p.last_proven, proven);
}

/* The error reported is the first failing opener's in OPENERS order, for any thread count; a table
 * without the guess rows fails; a set cancel flag fails with HS_PROVE_ERROR_CANCELLED. */
static void
test_errors(void **state)
{
  (void)state;
  guint n;
  g_autofree guint32 *openers = every_opener(&n);
  openers[5] = 100000;
  openers[n - 2] = 200000;
  g_autofree HsProveAllRow *rows = g_new0(HsProveAllRow, n);
  HsProveAllOptions opt = { 5, HS_PROVE_ORDER_FAST, NULL, NULL, NULL, 0, NULL };
  for (int threads = 1; threads <= 2; threads++) {
    hs_test_set_threads(threads);
    g_autoptr(GError) e = NULL;
    assert_false(hs_prove_all(table, HS_RULES_NYT, openers, n, &opt, rows, &e));
    assert_true(g_error_matches(e, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID));
    assert_non_null(strstr(e->message, "100000"));
  }
  g_autoptr(HsTable) answers_only = hs_table_new(words, FALSE);
  g_autoptr(GError) e = NULL;
  assert_false(hs_prove_all(answers_only, HS_RULES_NYT, openers, 3, &opt, rows, &e));
  assert_true(g_error_matches(e, HS_PROVE_ERROR, HS_PROVE_ERROR_TABLE));
  g_clear_error(&e);
  volatile gint cancel = 1;
  opt.cancel = &cancel;
  assert_false(hs_prove_all(table, HS_RULES_NYT, openers, 3, &opt, rows, &e));
  assert_true(g_error_matches(e, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rows_match_decide), cmocka_unit_test(test_any_order), cmocka_unit_test(test_units),
    cmocka_unit_test(test_progress),          cmocka_unit_test(test_errors),    cmocka_unit_test(test_next_half_memo),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
