/* Tests for split.c: the numbers of a split against hand-worked values (tests/data/rank/README.md)
 * and a plain floating-point reference on the tiny and original lists; equal multisets of part sizes
 * tie exactly; the ranking's order and direction per score; thread-count independence; names. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

static HsWords *
hand_words(void)
{
  return hs_test_load(HS_TEST_DATA "rank/hand-answers.txt", HS_TEST_DATA "rank/hand-guesses.txt");
}

static void
split_of(const HsTable *t, guint word, HsSplit *out)
{
  const HsWords *w = hs_table_words(t);
  guint16 counts[HS_PATTERNS] = { 0 };
  g_autofree HsPat *scratch = g_new(HsPat, w->n_answers);
  hs_split_score(word, hs_table_row(t, word, scratch), NULL, w->n_answers, counts, out);
  for (guint p = 0; p < HS_PATTERNS; p++)
    assert_int_equal(counts[p], 0); /* scratch left zero */
}

/* The hand-worked table: crate grate irate slate / clogs money tacit. */
static void
test_hand_values(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hand_words();
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const struct {
    const char *word;
    double entropy, expected;
    guint max_part, n_parts;
  } want[] = {
    { "clogs", 2.0, 1.0, 1, 4 }, { "crate", 1.5, 1.5, 2, 3 }, { "grate", 1.5, 1.5, 2, 3 },
    { "irate", 1.5, 1.5, 2, 3 }, { "tacit", 1.5, 1.5, 2, 3 }, { "slate", 0.75 * log2(4.0 / 3.0) + 0.5, 2.5, 3, 2 },
    { "money", 0.0, 4.0, 4, 1 },
  };
  for (guint i = 0; i < G_N_ELEMENTS(want); i++) {
    HsSplit s;
    guint word = hs_words_lookup(w, want[i].word);
    split_of(t, word, &s);
    assert_int_equal(s.word, word);
    assert_int_equal(s.n, 4);
    assert_true(fabs(hs_split_entropy(&s) - want[i].entropy) < 1e-9);
    assert_true(fabs(hs_split_expected(&s) - want[i].expected) < 1e-12);
    assert_int_equal(s.max_part, want[i].max_part);
    assert_int_equal(s.n_parts, want[i].n_parts);
  }
  /* The ranking: every score gives the table's order (the four at 1.5 bits in canonical order). */
  g_autofree guint32 *openers = g_new(guint32, w->n_words);
  for (guint i = 0; i < w->n_words; i++)
    openers[i] = w->n_words - 1 - i; /* reversed: the order given must not matter */
  for (HsSplitBy by = HS_SPLIT_BY_ENTROPY; by <= HS_SPLIT_BY_BUCKETS; by++) {
    HsSplit rows[7];
    hs_split_rank(t, openers, w->n_words, by, rows);
    for (guint i = 0; i < G_N_ELEMENTS(want); i++)
      assert_string_equal(w->text[rows[i].word], want[i].word);
  }
}

/* A subset S and a row: only S's answers are split. */
static void
test_subset(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hand_words();
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  HsPat scratch[4];
  const guint32 S[2] = { hs_words_lookup(w, "grate"), hs_words_lookup(w, "slate") };
  guint16 counts[HS_PATTERNS] = { 0 };
  HsSplit s;
  guint crate = hs_words_lookup(w, "crate");
  hs_split_score(crate, hs_table_row(t, crate, scratch), S, 2, counts, &s);
  assert_int_equal(s.n, 2);
  assert_int_equal(s.n_parts, 2); /* -GGGG and --GGG */
  assert_int_equal(s.max_part, 1);
  assert_true(fabs(hs_split_entropy(&s) - 1.0) < 1e-12);
  hs_split_score(hs_words_lookup(w, "money"), hs_table_row(t, hs_words_lookup(w, "money"), scratch), S, 2, counts, &s);
  assert_int_equal(s.n_parts, 1);
  assert_true(hs_split_entropy(&s) == 0.0);
  hs_split_score(crate, hs_table_row(t, crate, scratch), S, 0, counts, &s);
  assert_int_equal(s.n, 0);
  assert_true(hs_split_entropy(&s) == 0.0 && hs_split_expected(&s) == 0.0);
}

/* n log2 n: 0 for 0 and 1, exact for powers of two, close to the real value elsewhere; the table
 * matches the function. */
static void
test_nlogn(void **state)
{
  (void)state;
  assert_true(hs_split_nlogn(0) == 0 && hs_split_nlogn(1) == 0);
  for (guint k = 1; k < 16; k++)
    assert_true(hs_split_nlogn(1u << k) == (guint64)k * (1u << k) * (guint64)HS_SPLIT_ONE);
  g_autofree guint64 *tab = hs_split_nlogn_table(3000);
  for (guint n = 0; n <= 3000; n++) {
    assert_true(tab[n] == hs_split_nlogn(n));
    if (n > 1)
      assert_true(fabs((double)tab[n] / HS_SPLIT_ONE - n * log2((double)n)) < 1e-6);
  }
}

/* Every opener on the tiny and the original lists: the numbers equal a plain double computation from
 * part counts (entropy within 1e-9 bits), and the entropy order agrees with the plain order wherever
 * the plain values differ by more than 1e-9. */
static void
check_against_plain(const HsWords *w)
{
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint n = w->n_words;
  g_autofree guint32 *openers = hs_test_every_word(w);
  g_autofree HsSplit *rows = g_new(HsSplit, n);
  hs_split_rank(t, openers, n, HS_SPLIT_BY_ENTROPY, rows);
  g_autofree double *plain = g_new(double, n);
  g_autofree guint *count = g_new0(guint, HS_PATTERNS);
  for (guint g = 0; g < n; g++) {
    memset(count, 0, HS_PATTERNS * sizeof *count);
    for (guint a = 0; a < w->n_answers; a++)
      count[hs_verify_feedback(w->text[g], w->text[a])]++;
    double h = 0;
    for (guint p = 0; p < HS_PATTERNS; p++)
      if (count[p]) {
        double q = (double)count[p] / w->n_answers;
        h -= q * log2(q);
      }
    plain[g] = h;
  }
  for (guint i = 0; i < n; i++) {
    assert_true(fabs(hs_split_entropy(&rows[i]) - plain[rows[i].word]) < 1e-9);
    if (i > 0) {
      double prev = plain[rows[i - 1].word], cur = plain[rows[i].word];
      assert_true(prev > cur - 1e-9);
    }
  }
}

static void
test_plain_tiny(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_tiny();
  check_against_plain(w);
}

/* The original lists: the acceptance figures (soare 5.885960 first, then roate, raise; among
 * the answers raise, slate, crate, irate, trace, arise; qajaq last), as numbers from the library. */
static void
test_original(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("original");
  check_against_plain(w);
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autofree guint32 *openers = hs_test_every_word(w);
  g_autofree HsSplit *rows = g_new(HsSplit, w->n_words);
  hs_split_rank(t, openers, w->n_words, HS_SPLIT_BY_ENTROPY, rows);
  assert_string_equal(w->text[rows[0].word], "soare");
  assert_true(fabs(hs_split_entropy(&rows[0]) - 5.885960) < 5e-7);
  assert_string_equal(w->text[rows[1].word], "roate");
  assert_string_equal(w->text[rows[2].word], "raise");
  assert_string_equal(w->text[rows[w->n_words - 1].word], "qajaq");
  hs_split_rank(t, openers, w->n_answers, HS_SPLIT_BY_ENTROPY, rows); /* answers are 0 .. n_answers - 1 */
  const char *top[] = { "raise", "slate", "crate", "irate", "trace", "arise" };
  for (guint i = 0; i < G_N_ELEMENTS(top); i++)
    assert_string_equal(w->text[rows[i].word], top[i]);
}

/* Equal multisets of part sizes tie exactly whatever the order of their parts, so canonical order
 * decides; and the direction of each score. */
static void
test_compare(void **state)
{
  (void)state;
  /* 12 answers in parts {6, 1, 1, 1, 1, 1, 1} and {3, 3, 2, 2, 2}: 6 log2 6 = 2 (3 log2 3) + 3 (2 log2 2),
   * the same entropy (and, here, the same other scores). */
  HsSplit a = { 5, 12, 6, 7, 36 + 6, 0 }, b = a;
  a.sum_nlogn = hs_split_nlogn(6) + 6 * hs_split_nlogn(1);
  b.word = 9;
  b.sum_nlogn = 2 * hs_split_nlogn(3) + 3 * hs_split_nlogn(2);
  assert_true(a.sum_nlogn == b.sum_nlogn);
  assert_true(hs_split_nlogn(12) == 2 * hs_split_nlogn(6) + 12 * hs_split_nlogn(2) / 2);
  assert_true(hs_split_nlogn(9) == 6 * hs_split_nlogn(3));
  for (HsSplitBy by = HS_SPLIT_BY_ENTROPY; by <= HS_SPLIT_BY_BUCKETS; by++) {
    assert_true(hs_split_compare(&a, &b, by) < 0); /* tie: the earlier word */
    assert_true(hs_split_compare(&b, &a, by) > 0);
    assert_true(hs_split_compare(&a, &a, by) == 0);
  }
  HsSplit c = a;
  c.word = 99;
  c.sum_nlogn = a.sum_nlogn - 1; /* more entropy */
  c.sum_sq = a.sum_sq - 1;       /* fewer expected */
  c.max_part = a.max_part - 1;   /* smaller largest part */
  c.n_parts = a.n_parts + 1;     /* more parts */
  for (HsSplitBy by = HS_SPLIT_BY_ENTROPY; by <= HS_SPLIT_BY_BUCKETS; by++)
    assert_true(hs_split_compare(&c, &a, by) < 0);
}

/* The same ranking for one thread and for two. */
static void
test_threads(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_tiny();
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autofree guint32 *openers = hs_test_every_word(w);
  g_autofree HsSplit *one = g_new(HsSplit, w->n_words), *two = g_new(HsSplit, w->n_words);
  int before = hs_test_set_threads(1);
  hs_split_rank(t, openers, w->n_words, HS_SPLIT_BY_EXPECTED, one);
  hs_test_set_threads(2);
  hs_split_rank(t, openers, w->n_words, HS_SPLIT_BY_EXPECTED, two);
  hs_test_set_threads(before);
  assert_memory_equal(one, two, w->n_words * sizeof *one);
}

static void
test_names(void **state)
{
  (void)state;
  const char *names[] = { "entropy", "expected", "maxbucket", "buckets" };
  for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
    HsSplitBy by;
    assert_true(hs_split_by_parse(names[i], &by, NULL));
    assert_string_equal(hs_split_by_name(by), names[i]);
  }
  HsSplitBy by;
  GError *e = NULL;
  assert_false(hs_split_by_parse("Entropy", &by, &e));
  assert_true(g_error_matches(e, HS_SPLIT_ERROR, HS_SPLIT_ERROR_UNKNOWN_NAME));
  assert_non_null(strstr(e->message, "'Entropy'"));
  g_clear_error(&e);
  assert_false(hs_split_by_parse(NULL, &by, &e));
  g_clear_error(&e);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_hand_values), cmocka_unit_test(test_subset),   cmocka_unit_test(test_nlogn),
    cmocka_unit_test(test_plain_tiny),  cmocka_unit_test(test_original), cmocka_unit_test(test_compare),
    cmocka_unit_test(test_threads),     cmocka_unit_test(test_names),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
