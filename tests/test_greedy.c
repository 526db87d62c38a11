/* Tests for greedy.c: published histograms, tie-breaks, metrics, overrides, fail-first invariance. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <math.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

/* The 2022 solver's answer order, read as a file (the built-in order is the same file). */
#define ORDER_FILE "data/orders/tkihira2022.txt"

HS_TEST_GROUP_TABLE(tiny, tiny_table, hs_test_tiny())

static HsWords *
load(const char *order)
{
  GError *e = NULL;
  HsWords *w = hs_test_load_set("original");
  if (order && !hs_words_apply_order(w, order, &e))
    fail_msg("%s", e->message);
  return w;
}

static void
preset(HsPolicy *p)
{
  hs_policy_init(p);
  p->rules = HS_RULES_STRICT;
  p->pool = HS_POOL_CANDIDATES;
  p->metric = HS_METRIC_MAXBUCKET_SWAPPED;
}

/* The 2022 solver's setting (DESIGN.md): the original lists in ORDER (NULL: alphabetical), a table with
 * the swapped rows its metric needs, and the preset. */
typedef struct {
  HsWords *w;
  HsTable *t;
  HsPolicy p;
} Setting2022;

static Setting2022
setting_2022(const char *order)
{
  Setting2022 k;
  k.w = load(order);
  k.t = hs_table_new_full(k.w, FALSE, TRUE);
  preset(&k.p);
  return k;
}

static void
setting_2022_clear(Setting2022 *k)
{
  hs_table_free(k->t);
  hs_words_free(k->w);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(Setting2022, setting_2022_clear)

static HsStrategy *
build(const HsWords *w, const HsTable *t, const char *opener, HsPolicy *p, const char *overrides)
{
  GError *e = NULL;
  g_autoptr(HsOverrides) o = NULL;
  if (overrides) {
    o = hs_overrides_parse(overrides, "test", w, p->rules, &e);
    if (!o)
      fail_msg("%s", e->message);
    p->overrides = o;
  }
  HsStrategy *s = hs_greedy_build(t, hs_words_lookup(w, opener), p, &e);
  if (!s)
    fail_msg("%s", e->message);
  p->overrides = NULL;
  return s;
}

static void
assert_hist(const HsStrategy *s, const char *want)
{
  g_autofree char *h = hs_histogram_text(&s->hist, " ");
  assert_string_equal(h, want);
}

static GPtrArray *
over_cap(const HsStrategy *s)
{
  GPtrArray *out = g_ptr_array_new();
  guint32 path[HS_DEPTH_LIMIT];
  for (guint a = 0; a < s->words->n_answers; a++)
    if (hs_strategy_path(s, a, path) > s->max_guesses)
      g_ptr_array_add(out, (gpointer)s->words->text[a]);
  return out;
}

static void
test_tkihira_alphabetical(void **state)
{
  (void)state;
  g_auto(Setting2022) k = setting_2022(NULL);
  g_autoptr(HsStrategy) s = build(k.w, k.t, "howls", &k.p, "howls 🟨⬜⬜⬜🟨 shark\n");
  assert_hist(s, "2:80 3:715 4:1129 5:364 6:27");
  assert_true(s->complete);
  assert_int_equal(s->n_over, 0);
  assert_int_equal(s->override_used[0], 1);
}

static void
test_tkihira_published_order(void **state)
{
  (void)state;
  if (!g_file_test(ORDER_FILE, G_FILE_TEST_EXISTS)) {
    print_message("skip: data/orders/tkihira2022.txt is not there\n");
    skip();
  }
  g_auto(Setting2022) k = setting_2022(ORDER_FILE);
  g_autoptr(HsStrategy) s = build(k.w, k.t, "howls", &k.p, "howls YBBBY shark\n");
  assert_hist(s, "2:80 3:706 4:1160 5:338 6:31");
  assert_int_equal(hs_histogram_total(&s->hist), 8794); /* average 3.7987 */

  g_autoptr(HsStrategy) plain = build(k.w, k.t, "howls", &k.p, NULL);
  g_autoptr(GPtrArray) over = over_cap(plain);
  assert_int_equal(over->len, 1);
  assert_string_equal(over->pdata[0], "shave");
  guint32 path[HS_DEPTH_LIMIT];
  guint len = hs_strategy_path(plain, hs_words_lookup(k.w, "shave"), path);
  const char *want[] = { "howls", "share", "shade", "shame", "shape", "shake", "shave" };
  assert_int_equal(len, G_N_ELEMENTS(want));
  for (guint i = 0; i < len; i++)
    assert_string_equal(k.w->text[path[i]], want[i]);

  g_autoptr(HsStrategy) raise = build(k.w, k.t, "raise", &k.p, NULL);
  assert_hist(raise, "1:1 2:131 3:883 4:975 5:258 6:52 7:12 8:3");
  g_autoptr(HsStrategy) ralph = build(k.w, k.t, "ralph", &k.p, NULL);
  assert_hist(ralph, "1:1 2:102 3:813 4:1080 5:290 6:29");
}

/* The true (unswapped) metric with the same override: three answers over the cap. With the published
 * answer order they are graze, tight and catty (as DESIGN.md says); with the alphabetical order the
 * -atty group is tie-broken differently (batty first), so tatty is the one left over. */
static void
true_metric_over(const char *order, const char *want)
{
  g_autoptr(HsWords) w = load(order);
  g_autoptr(HsTable) t = hs_table_new(w, FALSE);
  HsPolicy p;
  preset(&p);
  p.metric = HS_METRIC_MAXBUCKET;
  g_autoptr(HsStrategy) s = build(w, t, "howls", &p, "howls 10001 shark\n");
  g_autoptr(GPtrArray) over = over_cap(s);
  g_autoptr(GString) names = g_string_new(NULL);
  for (guint i = 0; i < over->len; i++)
    g_string_append_printf(names, "%s%s", i ? " " : "", (const char *)over->pdata[i]);
  assert_string_equal(names->str, want);
}

static void
test_true_metric_fails(void **state)
{
  (void)state;
  true_metric_over(NULL, "graze tatty tight");
  if (!g_file_test(ORDER_FILE, G_FILE_TEST_EXISTS)) {
    print_message("skip: data/orders/tkihira2022.txt is not there\n");
    skip();
  }
  true_metric_over(ORDER_FILE, "graze tight catty");
}

static guint
max_bucket(const HsWords *w, guint guess, const guint *S, guint n)
{
  guint cnt[HS_PATTERNS] = { 0 }, mx = 0;
  for (guint k = 0; k < n; k++) {
    guint c = ++cnt[hs_feedback(w->text[guess], w->text[S[k]])];
    mx = MAX(mx, c);
  }
  return mx;
}

/* Ties: a candidate beats a non-candidate with the same score; then the earlier word wins. */
static void
test_tie_breaks(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  guint legal[64], n_legal = 0;
  for (guint i = 0; i < tiny->n_words; i++)
    legal[n_legal++] = i;
  /* Random subsets: the choice equals a brute-force reading of the rule (smallest max bucket; ties to
   * a candidate, then to the canonically earlier word). */
  GRand *rng = g_rand_new_with_seed(7);
  for (guint round = 0; round < 300; round++) {
    guint Sr[20], n = 0;
    for (guint a = 0; a < tiny->n_answers; a++)
      if (g_rand_int_range(rng, 0, 3) == 0)
        Sr[n++] = a;
    if (n < 3)
      continue;
    guint best = G_MAXUINT, want = HS_NONE;
    for (guint k = 0; k < n; k++)
      if (max_bucket(tiny, Sr[k], Sr, n) < best)
        best = max_bucket(tiny, Sr[k], Sr, n), want = Sr[k];
    HsPolicy pc = p;
    pc.pool = HS_POOL_CANDIDATES;
    assert_int_equal(hs_greedy_choose(tiny_table, &pc, Sr, n, NULL, 0), want);
    for (guint i = 0; i < tiny->n_words; i++)
      if (max_bucket(tiny, i, Sr, n) < best) /* candidates cannot pass: they already tied or lost */
        best = max_bucket(tiny, i, Sr, n), want = i;
    assert_int_equal(hs_greedy_choose(tiny_table, &p, Sr, n, legal, n_legal), want);
  }
  g_rand_free(rng);
  guint S5[] = { hs_words_lookup(tiny, "shade"), hs_words_lookup(tiny, "shake"), hs_words_lookup(tiny, "shame"),
                 hs_words_lookup(tiny, "shape"), hs_words_lookup(tiny, "shave") };
  /* No candidate separates the -ha?e words, a guess-only word does (kempt: 4 singletons + 1 pair). */
  guint g = hs_greedy_choose(tiny_table, &p, S5, 5, legal, n_legal);
  assert_true(g >= tiny->n_answers);
  assert_int_equal(max_bucket(tiny, g, S5, 5), 2);
  /* With a candidates pool, the best candidate. */
  p.pool = HS_POOL_CANDIDATES;
  assert_int_equal(hs_greedy_choose(tiny_table, &p, S5, 5, NULL, 0), S5[0]);
}

/* Every metric and pool builds a complete tree that solves every tiny answer exactly once. */
static void
test_metrics_complete(void **state)
{
  (void)state;
  g_autoptr(HsTable) t = hs_table_new_full(tiny, TRUE, TRUE);
  for (int m = 0; m < 4; m++)
    for (int pool = 0; pool < 2; pool++)
      for (int r = 0; r < 2; r++) {
        HsPolicy p;
        hs_policy_init(&p);
        p.metric = (HsMetric)m;
        p.pool = (HsPool)pool;
        p.rules = (HsRules)r;
        g_autoptr(HsStrategy) s = build(tiny, t, "salet", &p, NULL);
        assert_true(s->complete);
        assert_int_equal(s->n_solved, tiny->n_answers);
        guint32 path[HS_DEPTH_LIMIT];
        for (guint a = 0; a < tiny->n_answers; a++) {
          guint len = hs_strategy_path(s, a, path);
          assert_true(len > 0);
          /* Every guess on the path is legal under the rules. */
          HsPat pats[HS_DEPTH_LIMIT];
          for (guint i = 0; i < len; i++) {
            guint32 gs[HS_DEPTH_LIMIT];
            for (guint k = 0; k < i; k++)
              gs[k] = path[k];
            assert_true(hs_rules_legal(p.rules, tiny, gs, pats, i, path[i]));
            pats[i] = hs_feedback(tiny->text[path[i]], tiny->text[a]);
          }
        }
      }
}

/* stop_at_first_fail and a fail-first priority change the work, not the verdict. */
static void
test_fail_first_invariance(void **state)
{
  (void)state;
  g_auto(Setting2022) k = setting_2022(NULL);
  const char *openers[] = { "howls", "ralph", "raise", "crane", "zymic" };
  g_autofree guint *prio = g_new0(guint, k.w->n_answers);
  prio[hs_words_lookup(k.w, "shave")] = 5;
  prio[hs_words_lookup(k.w, "wight")] = 3;
  for (guint i = 0; i < G_N_ELEMENTS(openers); i++) {
    HsPolicy full = k.p;
    g_autoptr(HsStrategy) s = build(k.w, k.t, openers[i], &full, NULL);
    HsPolicy fast = k.p;
    fast.stop_at_first_fail = TRUE;
    fast.priority = prio;
    g_autoptr(HsStrategy) f = build(k.w, k.t, openers[i], &fast, NULL);
    assert_int_equal(s->n_over == 0, f->n_over == 0);
    if (s->n_over == 0) {
      assert_true(hs_histogram_equal(&s->hist, &f->hist));
      assert_true(f->complete);
    } else {
      assert_false(f->complete);
    }
  }
}

/* An override that forces an illegal guess is refused with its file:line. */
static void
test_override_illegal(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = load(NULL);
  GError *e = NULL;
  /* Strict: after howls 🟨⬜⬜⬜🟨 the word 'cigar' is not consistent. */
  g_autoptr(HsOverrides) o = hs_overrides_parse("# c\nhowls YBBBY cigar\n", "ov.txt", w, HS_RULES_STRICT, &e);
  assert_null(o);
  assert_non_null(strstr(e->message, "ov.txt:2:"));
  assert_non_null(strstr(e->message, "cigar"));
  g_clear_error(&e);
}

/* Pool and metric names round-trip; an unknown name is HS_GREEDY_ERROR_UNKNOWN_NAME, naming it. */
static void
test_parse_names(void **state)
{
  (void)state;
  for (guint i = 0; i < 2; i++) {
    HsPool p = (HsPool)(1 - i);
    assert_true(hs_pool_parse(hs_pool_name((HsPool)i), &p, NULL));
    assert_int_equal(p, i);
  }
  for (guint i = 0; i < 4; i++) {
    HsMetric m = (HsMetric)((i + 1) % 4);
    assert_true(hs_metric_parse(hs_metric_name((HsMetric)i), &m, NULL));
    assert_int_equal(m, i);
  }
  HsPool p;
  HsMetric m;
  g_autoptr(GError) e = NULL;
  assert_false(hs_pool_parse("all", &p, &e));
  assert_true(g_error_matches(e, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME));
  assert_non_null(strstr(e->message, "'all'"));
  g_clear_error(&e);
  assert_false(hs_metric_parse("best", &m, &e));
  assert_true(g_error_matches(e, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME));
  assert_non_null(strstr(e->message, "'best'"));
  g_clear_error(&e);
  assert_false(hs_metric_parse(NULL, &m, &e));
}

/* Verifies S (per-word text) under RULES with the independent verifier; returns the verdict. */
static gboolean
verifies(const HsStrategy *s, HsRules rules)
{
  HsTestInfo info = { FALSE, "test", NULL };
  g_autofree char *text = hs_test_write(s, HS_FORMAT_PER_WORD, &info);
  g_autoptr(HsVerifyReport) r = NULL;
  GError *e = NULL;
  if (!hs_verify_text(s->words, rules, 6, text, strlen(text), "test", &r, &e))
    fail_msg("%s", e->message);
  return r->ok;
}

/* The 2022 normal-mode entropy solver: the figure for soare (alphabetical ties), verified as
 * normal mode and refused as hard mode; canonical ties give another tree. */
static void
test_entropy2022_soare(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = load(NULL);
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  HsPolicy p;
  hs_policy_init(&p);
  hs_policy_entropy2022(&p);
  assert_int_equal(p.rules, HS_RULES_NONE);
  assert_int_equal(p.pool, HS_POOL_LEGAL);
  assert_int_equal(p.metric, HS_METRIC_ENTROPY);
  assert_int_equal(p.ties, HS_TIES_ALPHABETICAL);
  assert_true(p.candidate_margin == 0.001);
  g_autoptr(HsStrategy) s = build(w, t, "soare", &p, NULL);
  assert_hist(s, "2:44 3:1217 4:990 5:63 6:1");
  assert_int_equal(hs_histogram_total(&s->hist), 8020);
  assert_true(verifies(s, HS_RULES_NONE));
  assert_false(verifies(s, HS_RULES_NYT));
  p.ties = HS_TIES_CANONICAL;
  g_autoptr(HsStrategy) c = build(w, t, "soare", &p, NULL);
  assert_int_equal(hs_histogram_total(&c->hist), 8018);
  assert_true(verifies(c, HS_RULES_NONE));
}

/* The candidate margin at the root of the original lists: soare (not an answer) has 5.885960 bits,
 * the best answer raise 5.877910, 0.00805 less. */
static void
test_candidate_margin(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = load(NULL);
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autofree guint *all = hs_test_every_word(w);
  HsPolicy p;
  hs_policy_init(&p);
  hs_policy_entropy2022(&p);
  const struct {
    double margin;
    const char *want;
  } cases[] = { { 0, "soare" }, { 0.001, "soare" }, { 0.008, "soare" }, { 0.0081, "raise" }, { 0.01, "raise" } };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    p.candidate_margin = cases[i].margin;
    guint g = hs_greedy_choose(t, &p, all, w->n_answers, all, w->n_words);
    assert_string_equal(w->text[g], cases[i].want);
  }
}

/* The entropy2022 choice against a plain reading of its rule, on subsets of the tiny lists: the best
 * candidate by entropy (ties: alphabetical), unless the best word of the whole list (same ties) has
 * more than 0.001 bits more; a set of one or two answers plays its first. */
static double
plain_entropy(const HsWords *w, guint g, const guint *S, guint n)
{
  guint count[HS_PATTERNS] = { 0 };
  for (guint i = 0; i < n; i++)
    count[hs_verify_feedback(w->text[g], w->text[S[i]])]++;
  double h = 0;
  for (guint p = 0; p < HS_PATTERNS; p++)
    if (count[p]) {
      double q = (double)count[p] / n;
      h -= q * log2(q);
    }
  return h;
}

static void
test_entropy2022_choice(void **state)
{
  (void)state;
  g_autofree guint *all = hs_test_every_word(tiny);
  HsPolicy p;
  hs_policy_init(&p);
  hs_policy_entropy2022(&p);
  g_autoptr(GRand) rng = g_rand_new_with_seed(10);
  guint checked = 0, noncand = 0;
  for (guint trial = 0; trial < 400; trial++) {
    guint S[20], n = 0;
    guint32 mask = g_rand_int(rng) & g_rand_int(rng);
    for (guint a = 0; a < tiny->n_answers; a++)
      if (mask >> a & 1)
        S[n++] = a;
    if (n < 3)
      continue;
    gint bc = -1, bw = -1;
    double hc = -1, hw = -1;
    for (guint g = 0; g < tiny->n_words; g++) {
      double h = plain_entropy(tiny, g, S, n);
      gboolean cand = FALSE;
      for (guint i = 0; i < n; i++)
        cand |= S[i] == g;
      /* Strictly more (by 1e-9), or equal and alphabetically first. */
      gboolean better_w =
        bw < 0 || h > hw + 1e-9 || (fabs(h - hw) <= 1e-9 && strcmp(tiny->text[g], tiny->text[bw]) < 0);
      if (better_w)
        bw = (gint)g, hw = h;
      gboolean better_c =
        bc < 0 || h > hc + 1e-9 || (fabs(h - hc) <= 1e-9 && strcmp(tiny->text[g], tiny->text[bc]) < 0);
      if (cand && better_c)
        bc = (gint)g, hc = h;
    }
    guint want = hw > hc + 0.001 ? (guint)bw : (guint)bc;
    guint got = hs_greedy_choose(tiny_table, &p, S, n, all, tiny->n_words);
    if (got != want)
      fail_msg("set of %u (first %s): chose %s, plain rule %s", n, tiny->text[S[0]], tiny->text[got], tiny->text[want]);
    checked++;
    noncand += want == (guint)bw && want != (guint)bc;
  }
  assert_true(checked > 100);
  assert_true(noncand > 0); /* both kinds of choice were exercised */
}

static void
test_parse_ties(void **state)
{
  (void)state;
  for (guint i = 0; i < 2; i++) {
    HsTies t = (HsTies)(1 - i);
    assert_true(hs_ties_parse(hs_ties_name((HsTies)i), &t, NULL));
    assert_int_equal(t, i);
  }
  HsTies t;
  g_autoptr(GError) e = NULL;
  assert_false(hs_ties_parse("random", &t, &e));
  assert_true(g_error_matches(e, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_tkihira_alphabetical), cmocka_unit_test(test_tkihira_published_order),
    cmocka_unit_test(test_true_metric_fails),    cmocka_unit_test(test_tie_breaks),
    cmocka_unit_test(test_metrics_complete),     cmocka_unit_test(test_fail_first_invariance),
    cmocka_unit_test(test_override_illegal),     cmocka_unit_test(test_parse_names),
    cmocka_unit_test(test_entropy2022_soare),    cmocka_unit_test(test_candidate_margin),
    cmocka_unit_test(test_entropy2022_choice),   cmocka_unit_test(test_parse_ties),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
