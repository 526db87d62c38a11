/* Tests for src/engine/robust.c and the pieces it relies on: seeded shuffles, in-memory answer permutations,
 * permuted feedback tables, and that every robust row equals a direct greedy build on the same order.
 * Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

#define DATA HS_TEST_DATA

HS_TEST_GROUP_WORDS(tiny, hs_test_tiny())

static gboolean
is_permutation(const guint *order, guint n)
{
  g_autofree guint8 *seen = g_new0(guint8, n);
  for (guint i = 0; i < n; i++) {
    if (order[i] >= n || seen[order[i]])
      return FALSE;
    seen[order[i]] = 1;
  }
  return TRUE;
}

static void
test_shuffle(void **state)
{
  (void)state;
  const guint n = 500;
  g_autofree guint *a = g_new(guint, n), *b = g_new(guint, n), *c = g_new(guint, n), *d = g_new(guint, n);
  hs_robust_shuffle(7, 3, n, a);
  hs_robust_shuffle(7, 3, n, b);
  hs_robust_shuffle(7, 4, n, c);
  hs_robust_shuffle(8, 3, n, d);
  assert_true(is_permutation(a, n));
  assert_true(is_permutation(c, n));
  assert_memory_equal(a, b, n * sizeof *a);     /* reproducible */
  assert_memory_not_equal(a, c, n * sizeof *a); /* each shuffle its own order */
  assert_memory_not_equal(a, d, n * sizeof *a); /* and each seed */
  guint fixed = 0;
  for (guint i = 0; i < n; i++)
    fixed += a[i] == i;
  assert_true(fixed < 20); /* a random permutation has about one fixed point */
  guint one = 9;
  hs_robust_shuffle(1, 1, 1, &one);
  assert_int_equal(one, 0);
}

static void
test_words_permutation(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_words_copy(tiny);
  assert_int_equal(w->n_words, tiny->n_words);
  guint n = w->n_answers;
  g_autofree guint *order = g_new(guint, n);
  for (guint i = 0; i < n; i++)
    order[i] = n - 1 - i;
  GError *error = NULL;
  assert_true(hs_words_apply_permutation(w, order, &error));
  for (guint i = 0; i < n; i++) {
    assert_string_equal(w->text[i], tiny->text[n - 1 - i]);
    assert_int_equal(hs_words_lookup(w, w->text[i]), i);
  }
  /* Guess-only words keep their place; the original is untouched. */
  assert_string_equal(w->text[n], tiny->text[n]);
  assert_int_equal(hs_words_lookup(tiny, "shade"), 0);
  /* Not a permutation: refused, nothing changed. */
  order[1] = order[0];
  assert_false(hs_words_apply_permutation(w, order, &error));
  assert_non_null(error);
  g_clear_error(&error);
  assert_string_equal(w->text[0], tiny->text[n - 1]);
}

static void
test_table_permuted(void **state)
{
  (void)state;
  guint n = tiny->n_answers;
  g_autofree guint *order = g_new(guint, n);
  hs_robust_shuffle(42, 1, n, order);
  g_autoptr(HsWords) pw = hs_words_copy(tiny);
  assert_true(hs_words_apply_permutation(pw, order, NULL));
  g_autoptr(HsTable) base = hs_table_new_full(tiny, TRUE, TRUE);
  g_autoptr(HsTable) moved = hs_table_new_permuted(base, pw, order, TRUE);
  g_autoptr(HsTable) fresh = hs_table_new_full(pw, TRUE, TRUE);
  for (guint g = 0; g < pw->n_words; g++)
    assert_memory_equal(hs_table_row(moved, g, NULL), hs_table_row(fresh, g, NULL), n * sizeof(HsPat));
  for (guint a = 0; a < n; a++)
    assert_memory_equal(hs_table_column(moved, a), hs_table_column(fresh, a), n * sizeof(HsPat));
  g_autoptr(HsTable) no_columns = hs_table_new_permuted(base, pw, order, FALSE);
  assert_null(hs_table_column(no_columns, 0));
}

/* The names of the answers S puts over the cap, sorted as the row lists them (by the base order). */
static char *
over_names(const HsStrategy *s, const HsWords *base)
{
  g_autoptr(GArray) idx = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < s->n_over_answers; i++) {
    guint b = hs_words_lookup(base, s->words->text[s->over_answers[i]]);
    g_array_append_val(idx, b);
  }
  for (guint i = 1; i < idx->len; i++)
    for (guint j = i; j > 0 && g_array_index(idx, guint, j - 1) > g_array_index(idx, guint, j); j--) {
      guint t = g_array_index(idx, guint, j);
      g_array_index(idx, guint, j) = g_array_index(idx, guint, j - 1);
      g_array_index(idx, guint, j - 1) = t;
    }
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < idx->len; i++)
    g_string_append_printf(out, "%s%s", i ? "," : "", base->text[g_array_index(idx, guint, i)]);
  return g_string_free(out, FALSE);
}

static char *
row_over(const HsRobustRow *row)
{
  return g_strjoinv(",", row->over);
}

/* Every row of a run equals a greedy build made directly: the canonical order, each metric, and each
 * shuffle (fresh words, fresh table, overrides parsed again against the shuffled words). */
static void
check_against_direct(const HsPolicy *policy, const char *opener_text, const char *overrides_text, guint shuffles)
{
  g_autoptr(HsTable) table = hs_table_new_full(tiny, policy->pool == HS_POOL_LEGAL, TRUE);
  HsPolicy p = *policy;
  g_autoptr(HsOverrides) o = NULL;
  if (overrides_text != NULL) {
    o = hs_overrides_parse(overrides_text, "test-overrides", tiny, p.rules, NULL);
    assert_non_null(o);
    p.overrides = o;
  }
  guint opener = hs_words_lookup(tiny, opener_text);
  HsRobustOptions opt = { shuffles, 11, TRUE, NULL, NULL, NULL };
  GError *error = NULL;
  g_autoptr(HsRobustReport) r = hs_robust_run(table, opener, &p, &opt, &error);
  assert_non_null(r);
  assert_int_equal(r->rows->len, 1 + 3 + 1 + shuffles);
  assert_int_equal(r->n_shuffles, shuffles);
  guint pass = 0;
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_LISTS) {
      assert_true(row->skipped); /* custom lists have no other set */
      continue;
    }
    HsPolicy q = p;
    q.metric = row->metric;
    g_autoptr(HsStrategy) s = NULL;
    g_autoptr(HsWords) pw = NULL;
    g_autoptr(HsTable) pt = NULL;
    g_autoptr(HsOverrides) po = NULL;
    if (row->kind == HS_ROBUST_SHUFFLE) {
      g_autofree guint *order = g_new(guint, tiny->n_answers);
      hs_robust_shuffle(11, row->shuffle, tiny->n_answers, order);
      pw = hs_words_copy(tiny);
      assert_true(hs_words_apply_permutation(pw, order, NULL));
      pt = hs_table_new_full(pw, q.pool == HS_POOL_LEGAL, TRUE);
      if (overrides_text != NULL) {
        po = hs_overrides_parse(overrides_text, "test-overrides", pw, q.rules, NULL);
        q.overrides = po;
      }
      s = hs_greedy_build(pt, hs_words_lookup(pw, opener_text), &q, NULL);
      pass += row->pass;
    } else {
      s = hs_greedy_build(table, opener, &q, NULL);
    }
    assert_non_null(s);
    assert_true(hs_histogram_equal(&row->hist, &s->hist));
    assert_int_equal(row->n_over, s->n_over);
    assert_int_equal(row->worst, hs_histogram_worst(&s->hist));
    assert_int_equal(row->pass, s->complete && s->n_over == 0);
    g_autofree char *want = over_names(s, tiny), *got = row_over(row);
    assert_string_equal(got, want);
  }
  assert_int_equal(r->n_pass, pass);
}

static void
test_rows_match_direct_builds(void **state)
{
  (void)state;
  HsPolicy p = hs_test_policy(4);
  check_against_direct(&p, "crane", NULL, 12);
  p.rules = HS_RULES_STRICT;
  p.pool = HS_POOL_CANDIDATES;
  p.metric = HS_METRIC_MAXBUCKET_SWAPPED;
  check_against_direct(&p, "salet", NULL, 12);
}

static void
test_overrides_follow_words(void **state)
{
  (void)state;
  HsPolicy p = hs_test_policy(4);
  /* After crane ⬜⬜🟩⬜🟩 force slate; the rule must follow slate and crane to their shuffled indices. */
  check_against_direct(&p, "crane", "crane BBGBG slate\n", 12);
}

static char *
run_tsv(const HsTable *table, guint opener, const HsPolicy *p, guint shuffles, guint64 seed, char **html)
{
  HsRobustOptions opt = { shuffles, seed, TRUE, NULL, NULL, NULL };
  g_autoptr(HsRobustReport) r = hs_robust_run(table, opener, p, &opt, NULL);
  assert_non_null(r);
  if (html != NULL)
    *html = hs_robust_html(r, "test policy");
  return hs_robust_tsv(r);
}

static void
test_threads_and_seeds(void **state)
{
  (void)state;
  g_autoptr(HsTable) table = hs_table_new_full(tiny, TRUE, FALSE);
  HsPolicy p = hs_test_policy(4);
  guint opener = hs_words_lookup(tiny, "howls");
  int before = hs_test_set_threads(1);
  g_autofree char *h1 = NULL, *h2 = NULL;
  g_autofree char *one = run_tsv(table, opener, &p, 40, 5, &h1);
  hs_test_set_threads(2);
  g_autofree char *two = run_tsv(table, opener, &p, 40, 5, &h2);
  hs_test_set_threads(before);
  assert_string_equal(one, two);
  assert_string_equal(h1, h2);
  g_autofree char *other = run_tsv(table, opener, &p, 40, 6, NULL);
  assert_string_not_equal(one, other);
}

static void
test_writers(void **state)
{
  (void)state;
  g_autoptr(HsTable) table = hs_table_new_full(tiny, TRUE, FALSE);
  HsPolicy p = hs_test_policy(4);
  HsRobustOptions opt = { 30, 1, TRUE, NULL, NULL, NULL };
  g_autoptr(HsRobustReport) r = hs_robust_run(table, hs_words_lookup(tiny, "crane"), &p, &opt, NULL);
  assert_non_null(r);
  g_autofree char *tsv = hs_robust_tsv(r);
  g_auto(GStrv) lines = g_strsplit(tsv, "\n", -1);
  assert_int_equal(g_strv_length(lines), 1 + 1 + 3 + 1 + 30 + 1); /* header, rows, "" after the last \n */
  assert_string_equal(lines[0], "variant\tid\tmetric\tlists\tverdict\tworst\tover_cap\thistogram\ttotal\taverage\t"
                                "failing\tnote");
  assert_true(g_str_has_prefix(lines[1], "canonical\t-\tmaxbucket\tcustom\t"));
  assert_true(g_str_has_prefix(lines[5], "lists\tcustom\tmaxbucket\tcustom\tskip\t"));
  assert_true(g_str_has_prefix(lines[6], "shuffle\t1\t"));
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++) {
    g_auto(GStrv) cells = g_strsplit(lines[i], "\t", -1);
    assert_int_equal(g_strv_length(cells), 12);
  }
  g_autofree char *summary = hs_robust_summary(r, 5);
  assert_non_null(strstr(summary, "robust: crane, 30 shuffles (seed 1): "));
  assert_non_null(strstr(summary, "failing most often: "));
  assert_non_null(strstr(summary, "lists custom: skipped: custom lists"));
  /* Failure counts add up to the failing answers of the shuffle rows. */
  guint total = 0, listed = 0;
  for (guint a = 0; a < tiny->n_answers; a++)
    total += r->fail_counts[a];
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_SHUFFLE)
      listed += row->n_over;
  }
  assert_int_equal(total, listed);
  g_autofree char *html = hs_robust_html(r, "rules nyt & friends");
  assert_non_null(strstr(html, "<svg "));
  assert_non_null(strstr(html, "rules nyt &amp; friends"));
  assert_null(strstr(html, "<script"));
  assert_null(strstr(html, "<link"));
  assert_null(strstr(html, "src=\"http"));
}

/* On the real lists: the other list set, and the notes when a word is missing there. */
static void
test_other_lists(void **state)
{
  (void)state;
  GError *error = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &error);
  if (w == NULL) {
    g_error_free(error);
    print_message("skip: data/original is not there\n");
    skip();
  }
  g_autoptr(HsTable) table = hs_table_new_full(w, FALSE, TRUE);
  HsPolicy p;
  hs_policy_init(&p);
  p.rules = HS_RULES_STRICT;
  p.pool = HS_POOL_CANDIDATES;
  p.metric = HS_METRIC_MAXBUCKET_SWAPPED;
  HsRobustOptions opt = { 0, 1, TRUE, NULL, NULL, NULL };
  g_autoptr(HsRobustReport) r = hs_robust_run(table, hs_words_lookup(w, "howls"), &p, &opt, &error);
  assert_non_null(r);
  const HsRobustRow *canon = r->rows->pdata[0], *lists = r->rows->pdata[4];
  /* The published figure with alphabetical ties: shave needs seven guesses without the override. */
  assert_int_equal(canon->kind, HS_ROBUST_CANONICAL);
  assert_false(canon->pass);
  assert_string_equal(canon->over[0], "shave");
  assert_int_equal(lists->kind, HS_ROBUST_LISTS);
  assert_string_equal(lists->lists, "nyt2022");
  assert_false(lists->skipped);
  assert_int_equal(lists->n_answers, 2309);
  /* An opener the nyt2022 lists lack skips that row with a note. */
  g_autoptr(HsWords) nyt = hs_words_load_set("nyt2022", NULL);
  assert_non_null(nyt);
  const char *missing = NULL;
  for (guint k = w->n_answers; k < w->n_words && missing == NULL; k++)
    if (hs_words_lookup(nyt, w->text[k]) == HS_NONE)
      missing = w->text[k];
  assert_non_null(missing);
  g_autoptr(HsRobustReport) r2 = hs_robust_run(table, hs_words_lookup(w, missing), &p, &opt, &error);
  assert_non_null(r2);
  const HsRobustRow *skipped = r2->rows->pdata[4];
  assert_true(skipped->skipped);
  assert_non_null(strstr(skipped->note, "is not in the nyt2022 lists"));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_shuffle),
    cmocka_unit_test(test_words_permutation),
    cmocka_unit_test(test_table_permuted),
    cmocka_unit_test(test_rows_match_direct_builds),
    cmocka_unit_test(test_overrides_follow_words),
    cmocka_unit_test(test_threads_and_seeds),
    cmocka_unit_test(test_writers),
    cmocka_unit_test(test_other_lists),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
