/* Tests for sweep.c: every row equals the greedy construction of its opener; rows never depend on
 * fail-first, the thread count or the shard split; the letters split (and words.c's letter groups);
 * failure counts; cancellation. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

static HsWords *tiny;
static HsTable *table;
static guint32 *openers;

static int
setup(void **state)
{
  (void)state;
  tiny = hs_test_tiny();
  table = hs_table_new(tiny, TRUE);
  openers = hs_test_every_word(tiny);
  return 0;
}

static int
teardown(void **state)
{
  (void)state;
  g_free(openers);
  hs_table_free(table);
  hs_words_free(tiny);
  return 0;
}

static HsSweepRow *
sweep(const HsPolicy *p, gboolean full, gboolean fail_first, guint *fail_counts)
{
  HsSweepOptions o = { 0 };
  o.full = full;
  o.fail_first = fail_first;
  HsSweepRow *rows = g_new0(HsSweepRow, tiny->n_words);
  GError *e = NULL;
  if (!hs_sweep_run(table, p, openers, tiny->n_words, &o, rows, fail_counts, &e))
    fail_msg("%s", e->message);
  return rows;
}

/* With --full every row is exactly the greedy tree of its opener; the failure counts are exact. */
static void
test_rows_equal_greedy(void **state)
{
  (void)state;
  HsPolicy p = hs_test_policy(5); /* 14 of the 40 openers pass */
  g_autofree guint *fails = g_new0(guint, tiny->n_answers);
  g_autofree HsSweepRow *rows = sweep(&p, TRUE, TRUE, fails);
  g_autofree guint *want_fails = g_new0(guint, tiny->n_answers);
  guint n_pass = 0;
  for (guint i = 0; i < tiny->n_words; i++) {
    GError *e = NULL;
    g_autoptr(HsStrategy) s = hs_greedy_build(table, openers[i], &p, &e);
    assert_non_null(s);
    const HsSweepRow *r = &rows[i];
    assert_int_equal(r->opener, openers[i]);
    assert_true(r->exact);
    assert_int_equal(r->pass, s->n_over == 0 && s->complete);
    assert_true(hs_histogram_equal(&r->hist, &s->hist));
    assert_int_equal(r->total, hs_histogram_total(&s->hist));
    assert_int_equal(r->worst, hs_histogram_worst(&s->hist));
    assert_int_equal(r->n_over, s->n_over);
    guint32 first = HS_NONE;
    for (guint k = 0; k < s->n_over_answers; k++) {
      first = MIN(first, s->over_answers[k]);
      want_fails[s->over_answers[k]]++;
    }
    assert_int_equal(r->first_over, first);
    n_pass += r->pass;
  }
  assert_memory_equal(fails, want_fails, tiny->n_answers * sizeof(guint));
  /* The cap makes a real mix of verdicts on the tiny lists. */
  assert_int_equal(n_pass, 14);
}

/* Verdicts never depend on fail-first or on how far failing trees are built. */
static void
test_fail_first_changes_nothing(void **state)
{
  (void)state;
  HsPolicy p = hs_test_policy(4);
  g_autofree HsSweepRow *full = sweep(&p, TRUE, FALSE, NULL);
  g_autofree HsSweepRow *ff = sweep(&p, FALSE, TRUE, NULL);
  g_autofree HsSweepRow *plain = sweep(&p, FALSE, FALSE, NULL);
  for (guint i = 0; i < tiny->n_words; i++) {
    assert_int_equal(ff[i].pass, full[i].pass);
    assert_int_equal(plain[i].pass, full[i].pass);
    assert_int_equal(ff[i].exact, full[i].pass);
    if (ff[i].pass) {
      assert_true(hs_histogram_equal(&ff[i].hist, &full[i].hist));
      assert_memory_equal(&ff[i], &plain[i], sizeof ff[i]);
    }
  }
}

static void
test_threads_change_nothing(void **state)
{
  (void)state;
#ifdef _OPENMP
  HsPolicy p = hs_test_policy(4);
  int before = hs_test_set_threads(1);
  g_autofree HsSweepRow *one = sweep(&p, TRUE, TRUE, NULL);
  hs_test_set_threads(2);
  g_autofree HsSweepRow *two = sweep(&p, TRUE, TRUE, NULL);
  hs_test_set_threads(before);
  assert_memory_equal(one, two, tiny->n_words * sizeof *one);
#else
  print_message("skip: built without OpenMP: one thread only\n");
  skip();
#endif
}

/* Shards are disjoint, interleaved, and together hold every opener once. */
static void
test_shards(void **state)
{
  (void)state;
  const guint n = 10;
  guint32 in[10], out[10], seen[10] = { 0 };
  for (guint i = 0; i < n; i++)
    in[i] = 100 + i;
  guint total = 0;
  for (guint k = 1; k <= 3; k++) {
    guint m = hs_sweep_shard(in, n, k, 3, out);
    assert_int_equal(m, k == 1 ? 4 : 3);
    for (guint j = 0; j < m; j++) {
      assert_int_equal(out[j], in[k - 1 + 3 * j]);
      seen[out[j] - 100]++;
    }
    total += m;
  }
  assert_int_equal(total, n);
  for (guint i = 0; i < n; i++)
    assert_int_equal(seen[i], 1);
  assert_int_equal(hs_sweep_shard(in, n, 11, 11, out), 0);
}

/* The set of letters of an ASCII word, as a bit mask (the brute-force reference). */
static guint32
ascii_letters(const char *w)
{
  guint32 m = 0;
  for (; *w; w++)
    m |= 1u << (*w - 'a');
  return m;
}

/* The letters of a word as a string: its distinct letters in alphabetical order. */
static void
sorted_letters(const char *w, char *out)
{
  guint m = 0;
  for (char c = 'a'; c <= 'z'; c++)
    if (strchr(w, c) != NULL)
      out[m++] = c;
  out[m] = '\0';
}

/* Units of like letters over the 12,972 original words: the openers in the order of their letters
 * (as strings, a prefix first, ties by position), a group of openers with the same letters always in
 * one unit, units numbered along that order, at most the cap (128 here) openers each (a larger group
 * alone), and each unit full: its next group would not have fitted. The cap keeps 64 units at least. */
static void
test_letter_units(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", NULL);
  assert_non_null(w);
  const guint n = w->n_words;
  g_autofree guint32 *list = hs_test_every_word(w);
  for (guint i = 0; i < n; i++) /* a list not in canonical order */
    list[i] = (guint32)((i * 7919u) % n);
  g_autofree guint *order = g_new(guint, n), *unit = g_new(guint, n), *size = g_new0(guint, n + 1);
  hs_words_letter_order(w, list, n, order);
  const guint n_units = hs_words_letter_units(w, list, n, unit);
  char a[8], b[8];
  guint groups = 0;
  for (guint t = 0; t < n; t++) {
    size[unit[order[t]]]++;
    if (t == 0) {
      assert_int_equal(unit[order[0]], 0);
      continue;
    }
    sorted_letters(w->text[list[order[t - 1]]], a);
    sorted_letters(w->text[list[order[t]]], b);
    const int c = strcmp(a, b);
    assert_true(c < 0 || (c == 0 && order[t - 1] < order[t]));
    const guint du = unit[order[t]] - unit[order[t - 1]];
    assert_true(du <= 1);
    if (c == 0)
      assert_int_equal(du, 0);
    groups += c != 0;
  }
  const guint cap = hs_words_unit_cap(n);
  assert_int_equal(cap, 128);
  assert_int_equal(hs_words_unit_cap(0), 1);
  assert_int_equal(hs_words_unit_cap(64 * 5 + 63), 5);
  assert_int_equal(hs_words_unit_cap(1000000), 128);
  assert_true(n_units > n / cap && n_units < groups);
  for (guint t = 1; t < n; t++) {
    const guint u = unit[order[t]];
    /* The first opener of a unit starts a group that did not fit in the unit before. */
    if (u != unit[order[t - 1]]) {
      guint g = 1;
      sorted_letters(w->text[list[order[t]]], a);
      for (guint e = t + 1; e < n && (sorted_letters(w->text[list[order[e]]], b), strcmp(a, b) == 0); e++)
        g++;
      assert_true(size[u - 1] + g > cap);
    }
  }
  for (guint u = 0; u < n_units; u++)
    assert_true(size[u] >= 1 && size[u] <= cap);
}

typedef guint (*ShardFn)(const HsWords *, const guint32 *, guint, guint, guint, guint32 *);

/* Deals the tiny openers into OF shards with FN: SHARD_OF[word] gets each opener's shard (1-based); each
 * opener is dealt once, each shard keeps the given (canonical) order. Returns the empty shards. */
static guint
deal_shards(ShardFn fn, guint of, guint *shard_of)
{
  const guint n = tiny->n_words;
  g_autofree guint32 *out = g_new(guint32, n);
  memset(shard_of, 0, n * sizeof *shard_of);
  guint total = 0, empty = 0;
  for (guint k = 1; k <= of; k++) {
    const guint m = fn(tiny, openers, n, k, of, out);
    empty += m == 0;
    for (guint j = 0; j < m; j++) {
      assert_int_equal(shard_of[out[j]], 0);
      shard_of[out[j]] = k;
      assert_true(j == 0 || out[j - 1] < out[j]);
    }
    total += m;
  }
  assert_int_equal(total, n);
  return empty;
}

/* Letter groups: two words share a group exactly when they hold the same letters, groups numbered in
 * the order of their first word. The letters split keeps each unit of like letters
 * (hs_words_letter_units) in one shard, every N-th unit to a shard, and together the shards hold every
 * opener once, in the given order; the groups split likewise deals out the groups. */
static void
test_shards_by_letters(void **state)
{
  (void)state;
  const guint n = tiny->n_words;
  g_autofree guint *group = g_new(guint, n);
  const guint n_groups = hs_words_letter_groups(tiny, openers, n, group);
  guint next = 0, pairs = 0;
  for (guint i = 0; i < n; i++) {
    if (group[i] == next)
      next++;
    assert_true(group[i] < next); /* numbered in order of first appearance */
    for (guint j = 0; j < i; j++) {
      const gboolean same = ascii_letters(tiny->text[openers[i]]) == ascii_letters(tiny->text[openers[j]]);
      assert_int_equal(group[i] == group[j], same);
      pairs += same;
    }
  }
  assert_int_equal(next, n_groups);
  assert_true(pairs > 0); /* the tiny lists hold anagrams (crate, trace) */
  g_autofree guint *shard_of = g_new0(guint, tiny->n_words);
  assert_int_equal(deal_shards(hs_sweep_shard_by_letters, 3, shard_of), 0);
  g_autofree guint *unit = g_new(guint, n);
  hs_words_letter_units(tiny, openers, n, unit);
  for (guint i = 0; i < n; i++)
    assert_int_equal(shard_of[openers[i]], unit[i] % 3 + 1);
  /* The groups split: every N-th group to a shard; with as many shards as openers, each group alone. */
  for (guint of = 3; of <= n; of += n - 3) {
    const guint empty = deal_shards(hs_sweep_shard_by_groups, of, shard_of);
    for (guint i = 0; i < n; i++)
      assert_int_equal(shard_of[openers[i]], group[i] % of + 1);
    if (of == n)
      assert_int_equal(empty, n - n_groups);
  }
}

static void
test_cancel(void **state)
{
  (void)state;
  HsPolicy p = hs_test_policy(6);
  volatile gint cancel = 1;
  HsSweepOptions o = { 0 };
  o.cancel = &cancel;
  g_autofree HsSweepRow *rows = g_new0(HsSweepRow, tiny->n_words);
  GError *e = NULL;
  assert_false(hs_sweep_run(table, &p, openers, tiny->n_words, &o, rows, NULL, &e));
  assert_true(g_error_matches(e, HS_SWEEP_ERROR, HS_SWEEP_ERROR_CANCELLED));
  g_error_free(e);
}

/* Failing answers, most failures first, ties in canonical order; answers that never failed left out. */
static void
test_rank_failures(void **state)
{
  (void)state;
  const guint fails[] = { 0, 3, 1, 3, 0, 2, 1 };
  const guint want[] = { 1, 3, 5, 2, 6 };
  guint out[G_N_ELEMENTS(fails)];
  assert_int_equal(hs_sweep_rank_failures(fails, G_N_ELEMENTS(fails), out), G_N_ELEMENTS(want));
  assert_memory_equal(out, want, sizeof want);
  assert_int_equal(hs_sweep_rank_failures(fails, 1, out), 0);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_rows_equal_greedy),
    cmocka_unit_test(test_fail_first_changes_nothing),
    cmocka_unit_test(test_threads_change_nothing),
    cmocka_unit_test(test_shards),
    cmocka_unit_test(test_shards_by_letters),

    cmocka_unit_test(test_cancel),
    cmocka_unit_test(test_rank_failures),
    cmocka_unit_test(test_letter_units),
  };
  return cmocka_run_group_tests_name("sweep", tests, setup, teardown) == 0 ? 0 : 1;
}
