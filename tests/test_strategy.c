/* Tests for strategy.c: the node layout of greedy trees (checked against feedback recomputed from the
 * words), paths, child lookup, histogram summaries, and building a tree back from its paths. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/strategy.h"
#include "hardsix/engine/greedy.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(tiny, tiny_table, hs_test_tiny())

static HsStrategy *
build(const HsTable *t, const char *opener, const HsPolicy *p)
{
  const HsWords *w = hs_table_words(t);
  GError *e = NULL;
  guint o = hs_words_lookup(w, opener);
  assert_int_not_equal(o, HS_NONE);
  HsStrategy *s = hs_greedy_build(t, o, p, &e);
  if (s == NULL)
    fail_msg("%s", e->message);
  return s;
}

/* The history (guesses and patterns) that leads to NODE; returns its length. */
static guint
history(const HsStrategy *s, const HsNode *node, guint32 *g, HsPat *p)
{
  guint d = node->depth;
  const HsNode *n = node;
  for (guint k = d; k > 0; k--) {
    const HsNode *parent = &s->nodes[n->parent];
    g[k - 1] = parent->guess;
    p[k - 1] = n->pattern;
    n = parent;
  }
  assert_ptr_equal(n, &s->nodes[0]);
  return d;
}

/* Every structural promise of strategy.h for a complete tree, recomputed from the words. */
static void
check_tree(const HsStrategy *s)
{
  const HsWords *w = s->words;
  assert_true(s->n_nodes >= 1);
  const HsNode *root = &s->nodes[0];
  assert_int_equal(root->parent, HS_NONE);
  assert_int_equal(root->depth, 0);
  assert_int_equal(root->pattern, 0);
  assert_int_equal(root->n_cands, w->n_answers);
  for (guint k = 0; k < root->n_cands; k++)
    assert_int_equal(s->cands[root->cand_off + k], k);

  g_autofree guint *solved_at = g_new0(guint, w->n_answers); /* guess number, 0 = not yet */
  guint hist[HS_DEPTH_LIMIT + 1] = { 0 };
  guint children_total = 0;
  g_autofree guint32 *part = g_new(guint32, w->n_answers);
  for (guint i = 0; i < s->n_nodes; i++) {
    const HsNode *n = &s->nodes[i];
    assert_true(n->guess < w->n_words);
    assert_true(n->depth < HS_DEPTH_LIMIT);
    assert_true(n->n_cands >= 1);
    assert_true((guint64)n->cand_off + n->n_cands <= s->n_cands_total);
    const guint32 *c = s->cands + n->cand_off;
    /* Candidates: answers, in canonical (increasing index) order, no repeats. */
    gboolean has_guess = FALSE;
    for (guint k = 0; k < n->n_cands; k++) {
      assert_true(c[k] < w->n_answers);
      if (k > 0)
        assert_true(c[k - 1] < c[k]);
      has_guess = has_guess || c[k] == n->guess;
    }
    assert_int_equal(hs_strategy_node_solves(s, n), has_guess);
    if (has_guess) {
      if (solved_at[n->guess] != 0)
        fail_msg("'%s' solved twice", w->text[n->guess]);
      solved_at[n->guess] = n->depth + 1u;
      hist[n->depth + 1]++;
    }
    /* The guess is legal under the strategy's rules after the history. */
    guint32 hg[HS_DEPTH_LIMIT];
    HsPat hp[HS_DEPTH_LIMIT];
    guint hl = history(s, n, hg, hp);
    assert_true(hs_rules_legal(s->rules, w, hg, hp, hl, n->guess));
    /* Children: one per non-empty part other than {guess}, contiguous, after the node, sorted by
     * pattern; each holds exactly the parent's candidates with that feedback, in canonical order. */
    children_total += n->n_children;
    if (n->n_children > 0)
      assert_true(n->first_child > i && (guint64)n->first_child + n->n_children <= s->n_nodes);
    guint ci = 0;
    for (guint pat = 0; pat < HS_PATTERNS; pat++) {
      guint np = 0;
      for (guint k = 0; k < n->n_cands; k++)
        if (c[k] != n->guess && hs_feedback(w->text[n->guess], w->text[c[k]]) == pat)
          part[np++] = c[k];
      const HsNode *child = hs_strategy_child(s, n, (HsPat)pat);
      if (np == 0) {
        assert_null(child);
        continue;
      }
      assert_true(pat != HS_ALL_GREEN);
      assert_true(ci < n->n_children);
      const HsNode *expect = &s->nodes[n->first_child + ci];
      assert_ptr_equal(child, expect);
      assert_int_equal(child->pattern, pat);
      assert_int_equal(child->parent, i);
      assert_int_equal(child->depth, n->depth + 1);
      assert_int_equal(child->n_cands, np);
      assert_memory_equal(s->cands + child->cand_off, part, np * sizeof *part);
      ci++;
    }
    assert_int_equal(ci, n->n_children);
    /* A leaf is a solved single answer. */
    if (n->n_children == 0) {
      assert_int_equal(n->n_cands, 1);
      assert_true(has_guess);
    }
  }
  assert_int_equal(children_total, s->n_nodes - 1);

  /* Every answer solved exactly once; the histogram is the count by guess number. */
  guint n_solved = 0, worst = 0;
  guint64 total = 0;
  for (guint a = 0; a < w->n_answers; a++) {
    if (solved_at[a] == 0)
      fail_msg("'%s' is never solved", w->text[a]);
    n_solved++;
    total += solved_at[a];
    worst = MAX(worst, solved_at[a]);
  }
  assert_int_equal(s->n_solved, n_solved);
  assert_true(s->complete);
  assert_memory_equal(s->hist.count, hist, sizeof hist);
  guint sum = 0;
  for (guint d = 0; d <= HS_DEPTH_LIMIT; d++)
    sum += s->hist.count[d];
  assert_int_equal(sum, w->n_answers);
  assert_int_equal(s->hist.count[0], 0);
  assert_int_equal(hs_histogram_worst(&s->hist), worst);
  assert_int_equal(hs_histogram_total(&s->hist), total);

  /* Paths: the guesses the tree plays for each answer, ending with it. */
  for (guint a = 0; a < w->n_answers; a++) {
    guint32 path[HS_DEPTH_LIMIT];
    guint len = hs_strategy_path(s, a, path);
    assert_int_equal(len, solved_at[a]);
    assert_int_equal(path[0], root->guess);
    assert_int_equal(path[len - 1], a);
    const HsNode *n = root;
    for (guint k = 0; k + 1 < len; k++) {
      assert_int_not_equal(path[k], a);
      n = hs_strategy_child(s, n, hs_feedback(w->text[path[k]], w->text[a]));
      assert_non_null(n);
      assert_int_equal(n->guess, path[k + 1]);
    }
  }
}

static void
expect_hist_string(const HsStrategy *s)
{
  GString *want = g_string_new(NULL), *want_sp = g_string_new(NULL);
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (s->hist.count[d]) {
      g_string_append_printf(want, "%s%u:%u", want->len ? "," : "", d, s->hist.count[d]);
      g_string_append_printf(want_sp, "%s%u:%u", want_sp->len ? " " : "", d, s->hist.count[d]);
    }
  g_autofree char *got = hs_histogram_text(&s->hist, ",");
  g_autofree char *got_sp = hs_histogram_text(&s->hist, " ");
  assert_string_equal(got, want->str);
  assert_string_equal(got_sp, want_sp->str);
  g_string_free(want, TRUE);
  g_string_free(want_sp, TRUE);
}

/* Every opener, rules, pool and metric on the tiny lists gives a well-formed tree. */
static void
test_tiny_invariants(void **state)
{
  (void)state;
  g_autoptr(HsTable) t = hs_table_new_full(tiny, TRUE, TRUE);
  guint trees = 0;
  for (guint o = 0; o < tiny->n_words; o++)
    for (int r = 0; r < 2; r++)
      for (int pool = 0; pool < 2; pool++)
        for (int m = 0; m < 4; m++) {
          if (o % 3 != 0 && (pool != 0 || m != 0)) /* every opener once, a third with every policy */
            continue;
          HsPolicy p;
          hs_policy_init(&p);
          p.rules = (HsRules)r;
          p.pool = (HsPool)pool;
          p.metric = (HsMetric)m;
          g_autoptr(HsStrategy) s = build(t, tiny->text[o], &p);
          assert_ptr_equal(s->words, tiny);
          assert_int_equal(s->rules, p.rules);
          assert_int_equal(s->max_guesses, 6);
          check_tree(s);
          expect_hist_string(s);
          trees++;
        }
  assert_true(trees > 100);
}

/* An opener that is an answer solves it at the root with one guess. */
static void
test_opener_is_answer(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  g_autoptr(HsStrategy) s = build(tiny_table, "shade", &p);
  check_tree(s);
  assert_int_equal(s->hist.count[1], 1);
  assert_true(hs_strategy_node_solves(s, &s->nodes[0]));
  guint32 path[HS_DEPTH_LIMIT];
  assert_int_equal(hs_strategy_path(s, hs_words_lookup(tiny, "shade"), path), 1);
  assert_null(hs_strategy_child(s, &s->nodes[0], HS_ALL_GREEN));
  g_autofree char *h = hs_histogram_text(&s->hist, ",");
  assert_true(g_str_has_prefix(h, "1:1,"));

  g_autoptr(HsStrategy) g = build(tiny_table, "salet", &p);
  assert_int_equal(g->hist.count[1], 0);
  assert_false(hs_strategy_node_solves(g, &g->nodes[0]));
}

/* A hand-checked corner of the tiny tree with opener share and a candidates pool. */
static void
test_tiny_hand_checked(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  p.pool = HS_POOL_CANDIDATES;
  g_autoptr(HsStrategy) s = build(tiny_table, "share", &p);
  check_tree(s);
  const HsNode *root = &s->nodes[0];
  HsPat ha_e, s_are;
  assert_true(hs_test_parse("GGGBG", -1, &ha_e, NULL));
  /* shade, shake, shame, shape, shave: s h a _ e -> 🟩🟩🟩⬜🟩 against share. */
  const HsNode *c = hs_strategy_child(s, root, ha_e);
  assert_non_null(c);
  assert_int_equal(c->n_cands, 5);
  const char *want[] = { "shade", "shake", "shame", "shape", "shave" };
  for (guint k = 0; k < 5; k++)
    assert_string_equal(tiny->text[s->cands[c->cand_off + k]], want[k]);
  /* stare, scare, spare, snare: s _ a r e -> 🟩⬜🟩🟩🟩. */
  assert_true(hs_test_parse("GBGGG", -1, &s_are, NULL));
  c = hs_strategy_child(s, root, s_are);
  assert_non_null(c);
  assert_int_equal(c->n_cands, 4);
  /* With a candidates pool the five -ha?e words take 1 + 2 + 3 + 4 + 5 more guesses at worst:
   * no candidate separates them, so the last needs guess number 6. */
  guint32 path[HS_DEPTH_LIMIT];
  guint worst_ha = 0;
  for (guint k = 0; k < 5; k++)
    worst_ha = MAX(worst_ha, hs_strategy_path(s, hs_words_lookup(tiny, want[k]), path));
  assert_int_equal(worst_ha, 6);
  assert_int_equal(hs_histogram_worst(&s->hist), 6);
}

/* A cap changes what is reported, not the tree. */
static void
test_cap(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  p.pool = HS_POOL_CANDIDATES;
  g_autoptr(HsStrategy) full = build(tiny_table, "salet", &p);
  p.max_guesses = 3;
  g_autoptr(HsStrategy) capped = build(tiny_table, "salet", &p);
  assert_int_equal(capped->max_guesses, 3);
  assert_int_equal(capped->n_nodes, full->n_nodes);
  assert_memory_equal(capped->nodes, full->nodes, full->n_nodes * sizeof *full->nodes);
  assert_true(hs_histogram_equal(&capped->hist, &full->hist));
  check_tree(capped);
  guint over = 0;
  guint32 path[HS_DEPTH_LIMIT];
  for (guint a = 0; a < tiny->n_answers; a++)
    if (hs_strategy_path(capped, a, path) > 3) {
      gboolean listed = FALSE;
      for (guint k = 0; k < capped->n_over_answers; k++)
        listed = listed || capped->over_answers[k] == a;
      if (!listed)
        fail_msg("'%s' is over the cap but not listed", tiny->text[a]);
      over++;
    }
  assert_true(over > 0);
  assert_int_equal(capped->n_over, over);
  assert_int_equal(capped->n_over_answers, over);
  assert_int_equal(full->n_over, 0);
}

static void
test_empty_strategy(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = hs_strategy_new(tiny, HS_RULES_STRICT, 4);
  assert_int_equal(s->n_nodes, 0);
  assert_int_equal(s->rules, HS_RULES_STRICT);
  assert_int_equal(s->max_guesses, 4);
  guint32 path[HS_DEPTH_LIMIT];
  assert_int_equal(hs_strategy_path(s, 0, path), 0);
  assert_int_equal(hs_histogram_worst(&s->hist), 0);
  assert_int_equal(hs_histogram_total(&s->hist), 0);
  g_autofree char *h = hs_histogram_text(&s->hist, ",");
  assert_string_equal(h, "");
  hs_strategy_free(NULL);
}

/* Two trees play the same game: same guess at the root, same children (by pattern) recursively. */
static void
assert_same_game(const HsStrategy *a, const HsNode *x, const HsStrategy *b, const HsNode *y)
{
  assert_int_equal(x->guess, y->guess);
  assert_int_equal(x->depth, y->depth);
  assert_int_equal(x->pattern, y->pattern);
  assert_int_equal(x->n_cands, y->n_cands);
  assert_memory_equal(a->cands + x->cand_off, b->cands + y->cand_off, x->n_cands * sizeof *a->cands);
  assert_int_equal(x->n_children, y->n_children);
  for (guint k = 0; k < x->n_children; k++)
    assert_same_game(a, &a->nodes[x->first_child + k], b, &b->nodes[y->first_child + k]);
}

static void
path_free(gpointer p)
{
  if (p != NULL)
    g_array_unref(p);
}

static GPtrArray *
paths_of(const HsStrategy *s)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func(path_free);
  for (guint a = 0; a < s->words->n_answers; a++) {
    guint32 path[HS_DEPTH_LIMIT];
    guint len = hs_strategy_path(s, a, path);
    GArray *p = g_array_new(FALSE, FALSE, sizeof(guint32));
    g_array_append_vals(p, path, len);
    g_ptr_array_add(paths, p);
  }
  return paths;
}

static void
test_from_paths(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  const char *openers[] = { "salet", "shade", "crane", "vozhd" };
  for (guint i = 0; i < G_N_ELEMENTS(openers); i++) {
    g_autoptr(HsStrategy) s = build(tiny_table, openers[i], &p);
    g_autoptr(GPtrArray) paths = paths_of(s);
    GError *e = NULL;
    g_autoptr(HsStrategy) r = hs_strategy_from_paths(tiny, p.rules, 4, paths, &e);
    if (r == NULL)
      fail_msg("%s", e->message);
    check_tree(r);
    assert_same_game(s, &s->nodes[0], r, &r->nodes[0]);
    assert_int_equal(r->n_nodes, s->n_nodes);
    assert_true(hs_histogram_equal(&r->hist, &s->hist));
    assert_int_equal(r->max_guesses, 4);
    guint over = 0;
    for (guint d = 5; d <= HS_DEPTH_LIMIT; d++)
      over += s->hist.count[d];
    assert_int_equal(r->n_over, over);
    assert_int_equal(r->n_over_answers, over);
  }
}

static GArray *
path_words(const HsWords *w, const char *spec)
{
  g_auto(GStrv) v = g_strsplit(spec, " ", -1);
  GArray *p = g_array_new(FALSE, FALSE, sizeof(guint32));
  for (guint i = 0; v[i]; i++) {
    guint32 x = hs_words_lookup(w, v[i]);
    assert_int_not_equal(x, HS_NONE);
    g_array_append_val(p, x);
  }
  return p;
}

/* Paths for some answers only; bad sets of paths are refused. */
static void
test_from_paths_partial_and_errors(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(path_free);
  g_ptr_array_set_size(paths, tiny->n_answers);
  g_autoptr(HsStrategy) none = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  assert_null(none);
  assert_true(g_error_matches(e, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT));
  g_clear_error(&e);

  guint shade = hs_words_lookup(tiny, "shade"), shake = hs_words_lookup(tiny, "shake"),
        crane = hs_words_lookup(tiny, "crane");
  paths->pdata[shade] = path_words(tiny, "salet shade");
  paths->pdata[shake] = path_words(tiny, "salet shade shake");
  paths->pdata[crane] = path_words(tiny, "salet crane");
  g_autoptr(HsStrategy) s = hs_strategy_from_paths(tiny, HS_RULES_NYT, 2, paths, &e);
  if (s == NULL)
    fail_msg("%s", e->message);
  assert_false(s->complete);
  assert_int_equal(s->n_solved, 3);
  assert_int_equal(s->hist.count[2], 2);
  assert_int_equal(s->hist.count[3], 1);
  assert_int_equal(s->n_over, 1);
  assert_int_equal(s->over_answers[0], shake);
  assert_int_equal(s->nodes[0].n_cands, 3);
  guint32 path[HS_DEPTH_LIMIT];
  assert_int_equal(hs_strategy_path(s, shake, path), 3);
  assert_int_equal(hs_strategy_path(s, hs_words_lookup(tiny, "shame"), path), 0); /* not in the tree */
  g_autofree char *h = hs_histogram_text(&s->hist, " ");
  assert_string_equal(h, "2:2 3:1");

  /* shame shows the same pattern as shade and shake against salet, but plays another guess. */
  paths->pdata[hs_words_lookup(tiny, "shame")] = path_words(tiny, "salet shake shame");
  g_autoptr(HsStrategy) conflict = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  assert_null(conflict);
  assert_true(g_error_matches(e, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT));
  assert_non_null(strstr(e->message, "shame"));
  g_clear_error(&e);
  g_array_unref(paths->pdata[hs_words_lookup(tiny, "shame")]);
  paths->pdata[hs_words_lookup(tiny, "shame")] = NULL;

  /* Another opener. */
  g_array_unref(paths->pdata[crane]);
  paths->pdata[crane] = path_words(tiny, "crane");
  g_autoptr(HsStrategy) two_roots = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  assert_null(two_roots);
  g_clear_error(&e);

  /* A path that does not end with its answer. */
  g_array_unref(paths->pdata[crane]);
  paths->pdata[crane] = path_words(tiny, "salet shade");
  g_autoptr(HsStrategy) wrong_end = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  assert_null(wrong_end);
  assert_non_null(strstr(e->message, "crane"));
  g_clear_error(&e);
}

/* Long paths: the summaries are not limited to six or so guesses; HS_DEPTH_LIMIT guesses fit, one more
 * does not. */
static void
test_long_paths(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func(path_free);
  g_ptr_array_set_size(paths, tiny->n_answers);
  guint shave = hs_words_lookup(tiny, "shave"), shade = hs_words_lookup(tiny, "shade"),
        crane = hs_words_lookup(tiny, "crane");
  paths->pdata[shave] = path_words(tiny, "salet crane crate grate irate plate slate skate sauce state trace shave");
  paths->pdata[crane] = path_words(tiny, "salet crane");
  g_autoptr(HsStrategy) s = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  if (s == NULL)
    fail_msg("%s", e->message);
  assert_int_equal(hs_histogram_worst(&s->hist), 12);
  assert_int_equal(hs_histogram_total(&s->hist), 14);
  g_autofree char *h = hs_histogram_text(&s->hist, ",");
  assert_string_equal(h, "2:1,12:1");
  guint32 path[HS_DEPTH_LIMIT];
  assert_int_equal(hs_strategy_path(s, shave, path), 12);
  assert_int_equal(path[11], shave);
  assert_int_equal(s->n_over, 1);

  /* HS_DEPTH_LIMIT guesses: salet played again and again, then shade. */
  GArray *p = g_array_new(FALSE, FALSE, sizeof(guint32));
  guint32 salet = hs_words_lookup(tiny, "salet");
  for (guint i = 0; i + 1 < HS_DEPTH_LIMIT; i++)
    g_array_append_val(p, salet);
  g_array_append_val(p, shade);
  paths->pdata[shade] = p;
  path_free(paths->pdata[shave]);
  paths->pdata[shave] = NULL;
  path_free(paths->pdata[crane]);
  paths->pdata[crane] = NULL;
  g_autoptr(HsStrategy) deep = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  if (deep == NULL)
    fail_msg("%s", e->message);
  assert_int_equal(hs_histogram_worst(&deep->hist), HS_DEPTH_LIMIT);
  assert_int_equal(hs_strategy_path(deep, shade, path), HS_DEPTH_LIMIT);
  assert_int_equal(path[HS_DEPTH_LIMIT - 1], shade);
  g_autofree char *hd = hs_histogram_text(&deep->hist, ",");
  g_autofree char *want = g_strdup_printf("%d:1", HS_DEPTH_LIMIT);
  assert_string_equal(hd, want);
  g_array_insert_val(p, 0, salet);
  g_autoptr(HsStrategy) too_deep = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &e);
  assert_null(too_deep);
  assert_true(g_error_matches(e, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT));
  g_clear_error(&e);
}

/* A large tree: the 2022 preset on the original lists without the shark override (the histogram is
 * the one `hardsix solve howls --preset tkihira2022` reports, shave the one answer over the cap). */
static void
test_original_invariants(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  if (w == NULL)
    fail_msg("%s", e->message);
  g_autoptr(HsTable) t = hs_table_new_full(w, FALSE, TRUE);
  HsPolicy p;
  hs_policy_init(&p);
  p.rules = HS_RULES_STRICT;
  p.pool = HS_POOL_CANDIDATES;
  p.metric = HS_METRIC_MAXBUCKET_SWAPPED;
  g_autoptr(HsStrategy) s = build(t, "howls", &p);
  check_tree(s);
  g_autofree char *h = hs_histogram_text(&s->hist, " ");
  assert_string_equal(h, "2:80 3:719 4:1124 5:364 6:27 7:1");
  g_autoptr(GPtrArray) paths = paths_of(s);
  g_autoptr(HsStrategy) r = hs_strategy_from_paths(w, p.rules, 6, paths, &e);
  if (r == NULL)
    fail_msg("%s", e->message);
  assert_same_game(s, &s->nodes[0], r, &r->nodes[0]);
  assert_int_equal(r->n_over, 1);
  assert_string_equal(w->text[r->over_answers[0]], "shave");
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_tiny_invariants),
    cmocka_unit_test(test_opener_is_answer),
    cmocka_unit_test(test_tiny_hand_checked),
    cmocka_unit_test(test_cap),
    cmocka_unit_test(test_empty_strategy),
    cmocka_unit_test(test_from_paths),
    cmocka_unit_test(test_from_paths_partial_and_errors),
    cmocka_unit_test(test_long_paths),
    cmocka_unit_test(test_original_invariants),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
