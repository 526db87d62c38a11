/* Tests for bound.c, the refutations the prover makes without a search: on small random lists rich in
 * clusters (answers equal at four positions), under random hard-mode states and sets, every set a
 * bound refutes and every guess a bound rejects is checked against a plain brute-force search, which
 * must agree that it cannot be solved; the slot count is checked against every legal word. Each bound
 * must also fire often enough for the comparison to mean something. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "engine/bound.h"
#include "engine/search.h"
#include "test-state.h"
#include "test-brute.h"
#include "test-clusters.h"
#include "test-common.h"

/* Random lists and, per list, random (state, set, guesses left) cases. */
#define N_LISTS 24
#define CASES_PER_LIST 60
#define MAX_SET 64
/* Random lists on which the whole prover is compared with the brute force. */
#define PROVER_LISTS 8

/* How often each bound fired, over all cases. */
typedef struct {
  guint cases, refuted, rejected, rejected_by_state, slot_checks;
} Counts;

/* One case: a random legal history (0 to 2 guesses, each pattern that of a random answer), a random
 * set of answers, R guesses left. Checks every bound against the brute force. */
static void
check_case(GRand *rng, const HsWords *w, const HsSearchCore *core, HsBound *bound, HsRules rules, Counts *cnt)
{
  Brute b = { w, rules, { 0 }, { 0 }, 0 };
  HsState st;
  guint S[MAX_SET];
  guint16 S16[MAX_SET];
  const guint n = random_node(rng, w, core, rules, FALSE, &b, &st, S, S16, MAX_SET);
  const guint r = (guint)g_rand_int_range(rng, 2, n <= 12 ? 5 : 4);
  cnt->cases++;

  g_autofree guint64 *pool = g_new0(guint64, core->n_blocks);
  hs_state_bits(core, &st, pool);
  HsCluster cl[16];
  guint m = hs_bound_find(bound, S16, n, 2, cl, G_N_ELEMENTS(cl));
  HsBoundState bst;
  hs_bound_state(bound, &st, &bst);
  hs_bound_measure(bound, pool, g_rand_boolean(rng) ? &bst : NULL, cl, m);
  /* Measured on a list of the legal words, one per class of words alike on the set's letters (as the
   * optimiser's pool keeps them): the same t. */
  {
    HsCluster cl2[16];
    memcpy(cl2, cl, sizeof cl);
    g_autofree guint32 *list = g_new(guint32, w->n_words);
    HsAlike alike;
    hs_alike_init(&alike, w->n_words);
    hs_alike_begin(&alike, hs_set_letters(core, S16, n), w->n_words);
    guint n_list = 0;
    for (guint x = 0; x < w->n_words; x++)
      if (((pool[x / 64] >> (x % 64)) & 1u) && !hs_alike_seen(&alike, core, x))
        list[n_list++] = x;
    hs_alike_clear(&alike);
    hs_bound_measure_words(bound, list, n_list, &bst, cl2, m);
    for (guint k = 0; k < m; k++)
      assert_int_equal(cl2[k].t, cl[k].t);
  }
  for (guint k = 0; k < m; k++) {
    /* The clusters are what they claim: K members of S, equal but at POS, variants V. */
    assert_true(cl[k].k >= 2 && cl[k].k <= HS_CLUSTER_MAX);
    assert_int_equal((guint)__builtin_popcount(cl[k].v), cl[k].k);
    for (guint i = 0; i < cl[k].k; i++) {
      const guint a = cl[k].mem[i];
      assert_true(a < w->n_answers);
      assert_true((cl[k].v >> core->let[a][cl[k].pos]) & 1u);
      for (guint j = 0; j < HS_WORD_LEN; j++)
        if (j != cl[k].pos)
          assert_int_equal(core->let[a][j], core->let[cl[k].mem[0]][j]);
      if (i > 0)
        assert_true(core->let[a][cl[k].pos] > core->let[cl[k].mem[i - 1]][cl[k].pos]);
    }
    /* T is the most variants a legal word holds. */
    guint t = 0;
    for (guint x = 0; x < w->n_words; x++)
      if (hs_rules_legal(rules, w, b.g, b.p, b.depth, x))
        t = MAX(t, (guint)__builtin_popcount(core->has[x][0] & cl[k].v));
    assert_int_equal(cl[k].t, MIN(t, (guint)HS_WORD_LEN));
    /* Slots: no legal word holds more variants than the state leaves room for. */
    assert_true(t <= hs_bound_slots(&st, cl[k].v, 5));
    cnt->slot_checks++;
  }

  if (hs_bound_refutes(cl, m, r)) {
    cnt->refuted++;
    if (brute_solvable(&b, S, n, r))
      fail_msg("%s rules: a set of %u refuted within %u, brute force solves it", hs_rules_name(rules), n, r);
  }
  for (guint x = 0; x < w->n_words; x++) {
    if (!hs_rules_legal(rules, w, b.g, b.p, b.depth, x))
      continue;
    const gboolean plain = hs_bound_rejects(bound, cl, m, x, r, NULL);
    const gboolean with_state = hs_bound_rejects(bound, cl, m, x, r, &bst);
    /* The state only adds rejections. */
    assert_true(with_state || !plain);
    if (!with_state)
      continue;
    cnt->rejected++;
    cnt->rejected_by_state += !plain;
    if (brute_guess(&b, S, n, x, r))
      fail_msg("%s rules: guess %s rejected for a set of %u within %u, brute force solves it", hs_rules_name(rules),
               w->text[x], n, r);
  }
}

static void
test_bounds_against_brute(void **state)
{
  (void)state;
  Counts cnt = { 0 };
  for (guint seed = 1; seed <= N_LISTS; seed++) {
    GRand *rng = g_rand_new_with_seed(seed);
    g_autoptr(HsWords) w = random_lists(rng);
    g_autoptr(HsTable) t = hs_table_new(w, TRUE);
    for (guint rl = 0; rl < 2; rl++) {
      const HsRules rules = rl ? HS_RULES_STRICT : HS_RULES_NYT;
      HsSearchCore *core = hs_search_core_new(t, rules);
      HsBound *bound = hs_bound_new(core);
      for (guint c = 0; c < CASES_PER_LIST; c++)
        check_case(rng, w, core, bound, rules, &cnt);
      hs_bound_free(bound);
      hs_search_core_free(core);
    }
    g_rand_free(rng);
  }
  print_message("bound: %u cases, %u sets refuted, %u guesses rejected (%u only with the state), %u slot checks\n",
                cnt.cases, cnt.refuted, cnt.rejected, cnt.rejected_by_state, cnt.slot_checks);
  /* Each bound must have fired, or the comparison proves nothing. */
  assert_true(cnt.refuted >= 10);
  assert_true(cnt.rejected >= 10);
  assert_true(cnt.rejected_by_state >= 5);
}

/* The whole prover, whose searches use every bound, against the brute force on cluster-rich lists:
 * every opener, caps 2 to 4, both orders, both rules, with and without the within-five machinery. */
static void
test_prover_on_cluster_lists(void **state)
{
  (void)state;
  guint verdicts[2] = { 0, 0 };
  for (guint seed = 100; seed < 100 + PROVER_LISTS; seed++) {
    GRand *rng = g_rand_new_with_seed(seed);
    g_autoptr(HsWords) w = random_lists(rng);
    g_rand_free(rng);
    g_autoptr(HsTable) t = hs_table_new(w, TRUE);
    for (guint rl = 0; rl < 2; rl++) {
      const HsRules rules = rl ? HS_RULES_STRICT : HS_RULES_NYT;
      g_autoptr(HsProver) fast = hs_prover_new(t, rules, HS_PROVE_ORDER_FAST);
      g_autoptr(HsProver) greedy = hs_prover_new(t, rules, HS_PROVE_ORDER_GREEDY);
      /* The path of caps above refute_max_guesses: no part rounds, no cluster refutation. */
      g_autoptr(HsProver) plain = hs_prover_new(t, rules, HS_PROVE_ORDER_FAST);
      HsProveTuning tu;
      hs_prove_tuning_init(&tu);
      tu.refute_max_guesses = 0;
      hs_prover_set_tuning(plain, &tu);
      HsProver *provers[3] = { fast, greedy, plain };
      static const char *const names[3] = { "fast", "greedy", "plain" };
      Brute b = { w, rules, { 0 }, { 0 }, 0 };
      for (guint cap = 2; cap <= 4; cap++)
        for (guint o = 0; o < w->n_words; o++) {
          guint all[MAX_SET];
          const guint n = MIN(w->n_answers, (guint)MAX_SET);
          for (guint a = 0; a < n; a++)
            all[a] = a;
          b.depth = 0;
          const gboolean want = brute_guess(&b, all, n, o, cap);
          verdicts[want]++;
          for (guint k = 0; k < 3; k++) {
            gboolean got = !want;
            GError *e = NULL;
            assert_true(hs_prover_decide(provers[k], o, cap, &got, NULL, &e));
            if (got != want)
              fail_msg("%s rules, cap %u, opener %s, %s prover: brute force says %s", hs_rules_name(rules), cap,
                       w->text[o], names[k], want ? "proven" : "impossible");
          }
        }
    }
  }
  print_message("prover: %u openers proven, %u impossible, as the brute force says\n", verdicts[1], verdicts[0]);
  assert_true(verdicts[0] > 0 && verdicts[1] > 0);
}

/* The original lists and their table, for the tests of the slot counts. */
typedef struct {
  HsWords *w;
  HsTable *t;
} Original;

static int
original_setup(void **state)
{
  Original *o = g_new0(Original, 1);
  o->w = hs_test_load_set("original");
  o->t = hs_table_new(o->w, TRUE);
  *state = o;
  return 0;
}

static int
original_teardown(void **state)
{
  Original *o = *state;
  hs_table_free(o->t);
  hs_words_free(o->w);
  g_free(o);
  return 0;
}

/* Slots against every word of the original lists, for states after random two-guess histories. */
static void
test_slots_original(void **state)
{
  const Original *o = *state;
  const HsWords *w = o->w;
  const HsTable *t = o->t;
  for (guint rl = 0; rl < 2; rl++) {
    const HsRules rules = rl ? HS_RULES_STRICT : HS_RULES_NYT;
    HsSearchCore *core = hs_search_core_new(t, rules);
    GRand *rng = g_rand_new_with_seed(7 + rl);
    g_autofree guint64 *pool = g_new0(guint64, core->n_blocks);
    guint tight = 0;
    for (guint c = 0; c < 200; c++) {
      HsState st;
      hs_state_init(&st);
      for (guint d = (guint)g_rand_int_range(rng, 1, 4); d > 0; d--) {
        const guint g = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
        const guint a = (guint)g_rand_int_range(rng, 0, (gint)w->n_answers);
        hs_test_state_add(&st, core, rules, core->let[g], hs_verify_feedback(w->text[g], w->text[a]));
      }
      hs_state_bits(core, &st, pool);
      const guint32 v = (guint32)g_rand_int_range(rng, 1, 1 << 26);
      const guint slots = hs_bound_slots(&st, v, 5);
      guint most = 0, any = 0;
      for (guint x = 0; x < w->n_words; x++)
        if ((pool[x / 64] >> (x % 64)) & 1u) {
          most = MAX(most, (guint)__builtin_popcount(core->has[x][0] & v));
          any++;
        }
      assert_true(most <= slots);
      tight += any > 0 && slots < MIN((guint)HS_WORD_LEN, (guint)__builtin_popcount(v));
    }
    /* The count must be below the trivial bound sometimes. */
    assert_true(tight > 0);
    g_rand_free(rng);
    hs_search_core_free(core);
  }
}

/* hs_bound_slots_after against the child state made by hand (the row added, then hs_bound_slots), for
 * random states after random histories, any guess, any answer and any letters V the guess does not
 * hold (what hs_bound_rejects asks), under both rules. */
static void
test_slots_after(void **state)
{
  const Original *o = *state;
  const HsWords *w = o->w;
  for (guint rl = 0; rl < 2; rl++) {
    const HsRules rules = rl ? HS_RULES_STRICT : HS_RULES_NYT;
    HsSearchCore *core = hs_search_core_new(o->t, rules);
    HsBound *bound = hs_bound_new(core);
    GRand *rng = g_rand_new_with_seed(11 + rl);
    guint checks = 0, below = 0;
    for (guint c = 0; c < 300; c++) {
      HsState st;
      hs_state_init(&st);
      const guint a = (guint)g_rand_int_range(rng, 0, (gint)w->n_answers);
      for (guint d = (guint)g_rand_int_range(rng, 0, 4); d > 0; d--) {
        const guint g = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
        hs_test_state_add(&st, core, rules, core->let[g], hs_verify_feedback(w->text[g], w->text[a]));
      }
      HsBoundState bst;
      hs_bound_state(bound, &st, &bst);
      /* Every other answer fits the history (A, the members a cluster test asks about), the others are
       * random ones (the count must be right for any state). */
      for (guint q = 0; q < 40; q++) {
        const guint g = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
        const guint x = q % 2 ? a : (guint)g_rand_int_range(rng, 0, (gint)w->n_answers);
        const guint32 v = (guint32)g_rand_int_range(rng, 1, 1 << 26) & ~core->has[g][0];
        HsState child = st;
        hs_test_state_add(&child, core, rules, core->let[g], hs_verify_feedback(w->text[g], w->text[x]));
        const guint want = hs_bound_slots(&child, v, 5);
        assert_int_equal(hs_bound_slots_after(bound, &bst, g, x, v), want);
        checks++;
        below += want < hs_bound_slots(&st, v, 5);
      }
    }
    /* The row must lower the count often, or the comparison says little. */
    assert_true(below > checks / 20);
    g_rand_free(rng);
    hs_bound_free(bound);
    hs_search_core_free(core);
  }
}

/* Normal mode keeps no state and every word is legal: hs_bound_measure_free, remembered per variant
 * set, gives the t of hs_bound_measure over every word, and that of the brute force (the most variants
 * one word holds, at most one per position). Also with a table of 64 slots, which forgets what it
 * measured many times over. */
static void
test_measure_free(void **state)
{
  (void)state;
  guint checked = 0, again = 0, forgot = 0;
  for (guint seed = 1; seed <= N_LISTS; seed++) {
    GRand *rng = g_rand_new_with_seed(100 + seed);
    g_autoptr(HsWords) w = random_lists(rng);
    g_autoptr(HsTable) t = hs_table_new(w, TRUE);
    HsSearchCore *core = hs_search_core_new(t, HS_RULES_NONE);
    HsBound *bound = hs_bound_new(core);
    if (seed % 2)
      hs_bound_free_slots(bound, 6);
    HsState st;
    hs_state_init(&st);
    HsBoundState bst;
    hs_bound_state(bound, &st, &bst);
    g_autofree guint64 *pool = g_new0(guint64, core->n_blocks);
    hs_state_bits(core, &st, pool);
    for (guint c = 0; c < 4 * CASES_PER_LIST; c++) {
      Brute b = { w, HS_RULES_NONE, { 0 }, { 0 }, 0 };
      HsState ignored;
      guint S[MAX_SET];
      guint16 S16[MAX_SET];
      const guint n = random_node(rng, w, core, HS_RULES_NONE, FALSE, &b, &ignored, S, S16, MAX_SET);
      HsCluster cl[16], cl2[16];
      const guint m = hs_bound_find(bound, S16, n, 2, cl, G_N_ELEMENTS(cl));
      memcpy(cl2, cl, sizeof cl);
      hs_bound_measure(bound, pool, &bst, cl, m);
      /* Twice: measured, then remembered (unless forgotten in between). */
      for (guint twice = 0; twice < 2; twice++) {
        for (guint k = 0; k < m; k++)
          cl2[k].t = 0;
        hs_bound_measure_free(bound, cl2, m);
        for (guint k = 0; k < m; k++) {
          assert_int_equal(cl2[k].t, cl[k].t);
          guint most = 0;
          for (guint x = 0; x < w->n_words; x++)
            most = MAX(most, (guint)__builtin_popcount(core->has[x][0] & cl[k].v));
          assert_int_equal(cl2[k].t, MIN(most, (guint)HS_WORD_LEN));
          checked++;
          again += twice;
        }
      }
    }
    forgot += hs_bound_free_forgot(bound);
    g_rand_free(rng);
    hs_bound_free(bound);
    hs_search_core_free(core);
  }
  print_message("measure_free: %u clusters checked (%u measured again), table forgotten %u times\n", checked, again,
                forgot);
  assert_true(again >= 500);
  assert_true(forgot >= 5);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_bounds_against_brute),
    cmocka_unit_test(test_prover_on_cluster_lists),
    cmocka_unit_test(test_measure_free),
    cmocka_unit_test_setup_teardown(test_slots_original, original_setup, original_teardown),
    cmocka_unit_test_setup_teardown(test_slots_after, original_setup, original_teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
