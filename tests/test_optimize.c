/* Tests for optimize.c: the optimum and the whole tree (ties to the guess ranking at every node) equal
 * a plain brute force on lists small enough to enumerate; every bound the search prunes with is
 * checked against it; bounded searches, memo reuse and the published optima. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include <glib/gstdio.h>

#include "hardsix/hardsix.h"
#include "hardsix/engine/optimize.h"
#include "engine/optimize-private.h" /* hs_opt_test_step */
#include "engine/prove-parts.h"      /* hs_prove_set_solvable */
#include "test-state.h"
#include "test-common.h"

#define BRUTE_INF G_MAXUINT32

/* ---- brute force: every legal guess at every node, legality from rules.c on the explicit history,
 * feedback from the verifier's own function; memoised on (set, legal words, guesses left) ---- */

typedef struct {
  const HsWords *w;
  HsRules rules;
  guint g[HS_DEPTH_LIMIT];
  HsPat p[HS_DEPTH_LIMIT];
  guint depth;
  GHashTable *memo; /* key string -> guint64 (value << 32 | guess) */
} Brute;

static void
brute_init(Brute *b, const HsWords *w, HsRules rules)
{
  memset(b, 0, sizeof *b);
  b->w = w;
  b->rules = rules;
  b->memo = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
}

static guint32 brute_value(Brute *b, const guint *S, guint n, guint r, guint32 *best_guess);

/* The total after guess G on S (R guesses left including G), BRUTE_INF when some part fails; *MB its
 * max bucket. */
static guint32
brute_after(Brute *b, const guint *S, guint n, guint g, guint r, guint *mb)
{
  HsPat pats[64];
  guint part[64];
  g_assert(n <= G_N_ELEMENTS(pats));
  *mb = 0;
  for (guint i = 0; i < n; i++)
    pats[i] = hs_verify_feedback(b->w->text[g], b->w->text[S[i]]);
  guint32 total = n;
  for (guint p = hs_test_next_pattern(pats, n, -1); p != G_MAXUINT; p = hs_test_next_pattern(pats, n, p)) {
    guint c = 0;
    for (guint i = 0; i < n; i++)
      c += pats[i] == p;
    *mb = MAX(*mb, c);
  }
  for (guint p = hs_test_next_pattern(pats, n, -1); p != G_MAXUINT; p = hs_test_next_pattern(pats, n, p)) {
    if (p == b->w->all_green)
      continue;
    if (r <= 1)
      return BRUTE_INF;
    guint m = 0;
    for (guint i = 0; i < n; i++)
      if (pats[i] == p)
        part[m++] = S[i];
    b->g[b->depth] = g;
    b->p[b->depth] = (HsPat)p;
    b->depth++;
    guint32 gg, v = brute_value(b, part, m, r - 1, &gg);
    b->depth--;
    if (v == BRUTE_INF)
      return BRUTE_INF;
    total += v;
  }
  return total;
}

static gboolean
is_in(const guint *S, guint n, guint x)
{
  for (guint i = 0; i < n; i++)
    if (S[i] == x)
      return TRUE;
  return FALSE;
}

/* The optimum of S with R guesses left after the current history, and its first guess by the ranking. */
static guint32
brute_value(Brute *b, const guint *S, guint n, guint r, guint32 *best_guess)
{
  *best_guess = HS_NONE;
  if (n == 0)
    return 0;
  if (r == 0)
    return BRUTE_INF;
  GString *key = g_string_new(NULL);
  g_string_append_printf(key, "%u:", r);
  for (guint i = 0; i < n; i++)
    g_string_append_printf(key, "%u,", S[i]);
  g_string_append_c(key, ':');
  for (guint g = 0; g < b->w->n_words; g++)
    g_string_append_c(key, hs_rules_legal(b->rules, b->w, b->g, b->p, b->depth, g) ? '1' : '0');
  guint64 *hit = g_hash_table_lookup(b->memo, key->str);
  if (hit != NULL) {
    g_string_free(key, TRUE);
    *best_guess = (guint32)*hit;
    return (guint32)(*hit >> 32);
  }
  guint32 best = BRUTE_INF;
  guint64 best_key = G_MAXUINT64;
  for (guint g = 0; g < b->w->n_words; g++) {
    if (!hs_rules_legal(b->rules, b->w, b->g, b->p, b->depth, g))
      continue;
    guint mb;
    guint32 v = brute_after(b, S, n, g, r, &mb);
    guint64 k = hs_rank_key(mb, is_in(S, n, g), g);
    if (v < best || (v == best && v != BRUTE_INF && k < best_key)) {
      best = v;
      best_key = k;
      *best_guess = g;
    }
  }
  guint64 *val = g_new(guint64, 1);
  *val = ((guint64)best << 32) | *best_guess;
  g_hash_table_insert(b->memo, g_string_free(key, FALSE), val);
  return best;
}

/* Checks every node of S below its root against the brute force: the guess it plays is the brute
 * force's first best guess for that node, with the history that leads there. */
static void
check_tree(Brute *b, const HsStrategy *s, const HsNode *node, guint cap)
{
  const guint32 *c = s->cands + node->cand_off;
  g_autofree guint *S = g_new(guint, node->n_cands);
  for (guint i = 0; i < node->n_cands; i++)
    S[i] = c[i];
  if (node->depth > 0) {
    guint32 g;
    guint32 v = brute_value(b, S, node->n_cands, cap - node->depth, &g);
    assert_true(v != BRUTE_INF);
    if (g != node->guess) {
      guint mb1, mb2;
      guint32 v1 = brute_after(b, S, node->n_cands, node->guess, cap - node->depth, &mb1);
      guint32 v2 = brute_after(b, S, node->n_cands, g, cap - node->depth, &mb2);
      fail_msg("depth %u, %u candidates (first %s), %u left: tree plays %s (%u, mb %u), brute force %s (%u, mb %u), "
               "node value %u",
               node->depth, node->n_cands, b->w->text[S[0]], cap - node->depth, b->w->text[node->guess], v1, mb1,
               b->w->text[g], v2, mb2, v);
    }
  }
  b->g[b->depth] = node->guess;
  for (guint k = 0; k < node->n_children; k++) {
    const HsNode *child = &s->nodes[node->first_child + k];
    b->p[b->depth] = child->pattern;
    b->depth++;
    check_tree(b, s, child, cap);
    b->depth--;
  }
}

/* compare_with_brute_memo's PROBE_SHARE: the optimiser's default. */
#define PROBE_DEFAULT G_MAXUINT

/* Every opener of the lists, every cap from 2 to MAX_CAP, every rules (both hard modes and normal mode): the optimiser's value,
 * exactness and tree against the brute force; one optimiser per rules is reused for every opener (its
 * memo carries over), so the results cannot depend on what it searched before. With MEMO_MAX > 0 its
 * memo is bounded to that many entries (thinned again and again): the answers must not change. */
static void
compare_with_brute_memo(const HsWords *w, guint max_cap, guint64 memo_max, guint feas_from, guint probe_share,
                        guint64 *most_entries, guint64 *flushes_out, guint64 *refuted_out, guint64 *infeasible_out,
                        guint64 *probed_out, guint64 *cored_out)
{
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const HsRules rules[] = { HS_RULES_NYT, HS_RULES_STRICT, HS_RULES_NONE };
  g_autofree guint *all = g_new(guint, w->n_answers);
  for (guint a = 0; a < w->n_answers; a++)
    all[a] = a;
  guint feasible = 0, impossible = 0;
  guint64 flushes = 0;
  for (guint ri = 0; ri < G_N_ELEMENTS(rules); ri++) {
    /* With the prover asked from three left it is lent, as optimize --all lends the prover that
     * decides each opener first; the optimiser never frees it. */
    g_autoptr(HsProver) P = feas_from == 3 ? hs_prover_new(t, rules[ri], HS_PROVE_ORDER_FAST) : NULL;
    g_autoptr(HsOptimizer) O = hs_optimizer_new(t, rules[ri]);
    hs_optimizer_set_memo_max_entries(O, memo_max);
    hs_optimizer_set_feasibility(O, feas_from);
    if (probe_share != PROBE_DEFAULT)
      hs_optimizer_set_probe_share(O, probe_share);
    if (P != NULL) {
      hs_optimizer_share_prover(O, P);
      hs_optimizer_set_bounded_test(O, HS_OPTIMIZE_TEST_ALWAYS);
    }
    Brute b;
    brute_init(&b, w, rules[ri]);
    for (guint cap = 2; cap <= max_cap; cap++)
      for (guint o = 0; o < w->n_words; o++) {
        guint mb;
        guint32 want = brute_after(&b, all, w->n_answers, o, cap, &mb);
        guint64 total;
        gboolean exact;
        GError *e = NULL;
        HsOptimizeStats st;
        if (P != NULL) {
          gboolean decided_feasible = FALSE;
          assert_true(hs_prover_decide(P, o, cap, &decided_feasible, NULL, &e));
          assert_int_equal(decided_feasible, want != BRUTE_INF);
        }
        assert_true(hs_optimizer_value(O, o, cap, 0, &total, &exact, &st, &e));
        assert_true(exact);
        *infeasible_out += st.infeasible;
        *cored_out += st.cored;
        *probed_out += st.probed;
        flushes += st.memo_flushes;
        *refuted_out += st.refuted;
        *most_entries = MAX(*most_entries, st.memo_entries);
        if (want == BRUTE_INF) {
          if (total != HS_OPTIMIZE_IMPOSSIBLE)
            fail_msg("%s rules, cap %u, opener %s: optimiser %" G_GUINT64_FORMAT ", brute force impossible",
                     hs_rules_name(rules[ri]), cap, w->text[o], total);
          impossible++;
          continue;
        }
        if (total != want)
          fail_msg("%s rules, cap %u, opener %s: optimiser %" G_GUINT64_FORMAT ", brute force %u",
                   hs_rules_name(rules[ri]), cap, w->text[o], total, want);
        feasible++;
        /* The bounds used to rank openers never pass the optimum. */
        guint64 step;
        assert_true(hs_optimizer_bound(O, o, cap, &step, &e));
        assert_true(step <= want);
        assert_true(hs_optimize_opener_bound(t, o) <= step);
        g_autoptr(HsStrategy) s = hs_optimizer_strategy(O, o, cap, &st, &e);
        flushes += st.memo_flushes;
        *probed_out += st.probed;
        assert_non_null(s);
        assert_true(s->complete);
        assert_int_equal(hs_histogram_total(&s->hist), want);
        assert_true(hs_histogram_worst(&s->hist) <= cap);
        check_tree(&b, s, &s->nodes[0], cap);
        /* Bounded searches: exact below the bound, a lower bound that reaches it otherwise. */
        assert_true(hs_optimizer_value(O, o, cap, want + 1, &total, &exact, NULL, &e));
        assert_true(exact && total == want);
        assert_true(hs_optimizer_value(O, o, cap, want, &total, &exact, &st, &e));
        assert_true(!exact && total >= want);
        *probed_out += st.probed;
        if (want > w->n_answers + 1) {
          assert_true(hs_optimizer_value(O, o, cap, want - 1, &total, &exact, &st, &e));
          assert_true(!exact && total >= want - 1 && total <= want);
          *probed_out += st.probed;
        }
      }
    g_hash_table_unref(b.memo);
  }
  assert_true(feasible > 0);
  *flushes_out = flushes;
  (void)impossible;
}

/* compare_with_brute_memo twice: with the default memo bound, and with three entries, the second time
 * with the optimiser's prover testing the guesses of every node with three or more guesses left
 * (hs_optimizer_set_feasibility; by default only from five, which these caps seldom reach), bounded
 * or not (hs_optimizer_set_bounded_test), a
 * prover lent to it that decides each opener first (its verdicts checked against the brute force),
 * and parts probed with a quarter of their share of a guess's gap instead of the default six
 * (hs_optimizer_set_probe_share).
 * Returns how many sets and guesses the clusters refuted (bound.h) in the first pass; adds to
 * *LENT_RULED_OUT (when not NULL) the guesses the lent prover ruled out in the second, and to
 * *CORED_OUT those a core of a part it refuted before ruled out there (optimize-private.h). */
static guint64
compare_with_brute(const HsWords *w, guint max_cap, guint64 *lent_ruled_out, guint64 *cored_out)
{
  guint64 most = 0, flushes = 0, most_small = 0, flushes_small = 0, refuted = 0, refuted_small = 0;
  guint64 infeasible = 0, infeasible_small = 0, probed = 0, probed_small = 0, cored = 0, cored_small = 0;
  compare_with_brute_memo(w, max_cap, G_GUINT64_CONSTANT(1) << 22, 5, PROBE_DEFAULT, &most, &flushes, &refuted,
                          &infeasible, &probed, &cored);
  assert_int_equal(flushes, 0);
  compare_with_brute_memo(w, max_cap, 3, 3, 1, &most_small, &flushes_small, &refuted_small, &infeasible_small,
                          &probed_small, &cored_small);
  if (cored_out != NULL)
    *cored_out += cored_small;
  /* Parts of these lists seldom leave a guess for probing to drop: test_brute_probed asserts it. */
  (void)probed;
  (void)probed_small;
  if (lent_ruled_out != NULL)
    *lent_ruled_out += infeasible_small;
  /* Where the memo held more than three entries, the small bound was reached (and tested). */
  assert_true(most_small <= 3);
  if (most > 3)
    assert_true(flushes_small > 0);
  return refuted;
}

static void
test_brute_tiny_lists(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_tiny();
  /* Clusters of answers refuted sets and guesses there: that path is compared with the brute force. */
  guint64 lent = 0, cored = 0;
  assert_true(compare_with_brute(w, 5, &lent, &cored) > 0);
  /* So did the lent prover (58 guesses), and the cores of the parts it refuted. */
  assert_true(lent > 0);
  assert_true(cored > 0);
}

static void
test_brute_prove_lists(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt");
  /* Clusters of answers refuted sets and guesses there: that path is compared with the brute force. */
  assert_true(compare_with_brute(w, 5, NULL, NULL) > 0);
}

/* Every allowed word an answer (no other guesses): the 27 words of the prove lists. */
static void
test_brute_all_words(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "all-words.txt", NULL);
  assert_int_equal(w->n_answers, w->n_words);
  /* Clusters of answers refuted sets and guesses there: that path is compared with the brute force. */
  assert_true(compare_with_brute(w, 5, NULL, NULL) > 0);
}

/* The same tree node for node. */
static void
same_tree(const HsStrategy *a, const HsStrategy *b)
{
  assert_int_equal(a->n_nodes, b->n_nodes);
  for (guint k = 0; k < a->n_nodes; k++) {
    assert_int_equal(a->nodes[k].guess, b->nodes[k].guess);
    assert_int_equal(a->nodes[k].n_cands, b->nodes[k].n_cands);
  }
}

/* A real opener near the boundary of the cap (trans on the 2023 lists, whose parts leave many second
 * guesses with a part that cannot be solved): the optimiser's prover must rule guesses out, and the
 * tree must be node for node the one found without it, with the total of the committed table. Pass 0:
 * the default; pass 1: the prover asked from four guesses left; pass 2: no prover; pass 3: no probing
 * of parts (hs_optimizer_set_probe_share), which must drop guesses in the other passes; passes 4 and
 * 5: the prover asked of every guess under a bound too, and of none (hs_optimizer_set_bounded_test),
 * where the first must rule out more guesses; pass 6: the opener decided first with the optimiser's
 * own prover (hs_optimizer_prover, as the CLI does) under a cancel flag raised once it has decided:
 * the search sets the prover's own flag again, and its tests go on. */
static void
test_feasibility_real_lists(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("nyt2023");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint opener = hs_words_lookup(w, "trans");
  assert_true(opener != HS_NONE);
  enum { PASSES = 7 };
  HsStrategy *tree[PASSES];
  guint64 infeasible[PASSES];
  for (guint pass = 0; pass < PASSES; pass++) {
    g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
    if (pass == 1 || pass == 2)
      hs_optimizer_set_feasibility(O, pass == 1 ? 4 : 0);
    if (pass == 3)
      hs_optimizer_set_probe_share(O, 0);
    if (pass == 4 || pass == 5)
      hs_optimizer_set_bounded_test(O, pass == 4 ? HS_OPTIMIZE_TEST_ALWAYS : HS_OPTIMIZE_TEST_NEVER);
    HsOptimizeStats st;
    GError *e = NULL;
    if (pass == 6) {
      HsProver *P = hs_optimizer_prover(O);
      assert_ptr_equal(P, hs_optimizer_prover(O));
      volatile gint stop = 0;
      hs_prover_set_cancel(P, &stop);
      gboolean feasible = FALSE;
      assert_true(hs_prover_decide(P, opener, 6, &feasible, NULL, &e));
      assert_true(feasible);
      stop = 1;
    }
    tree[pass] = hs_optimizer_strategy(O, opener, 6, &st, &e);
    assert_non_null(tree[pass]);
    assert_int_equal(hs_histogram_total(&tree[pass]->hist), 11696);
    infeasible[pass] = st.infeasible;
    if (pass != 2)
      assert_true(st.infeasible > 0);
    else
      assert_int_equal(st.infeasible, 0);
    if (pass != 3)
      assert_true(st.probed > 0);
    else
      assert_int_equal(st.probed, 0);
  }
  assert_true(infeasible[4] > infeasible[5]);
  for (guint pass = 0; pass < PASSES; pass++)
    if (pass != 2)
      same_tree(tree[pass], tree[2]);
  for (guint pass = 0; pass < PASSES; pass++)
    hs_strategy_free(tree[pass]);
}

/* The cores the optimiser keeps (optimize-private.h), after trans on the 2023 lists: each is a set that
 * a fresh prover, unbounded, cannot solve within its guesses under its state (with a budget of one node
 * it decides nothing), and so is each with more answers under a stricter state (one more row), which is
 * what a core refutes a part by. The search drops guesses by them and finds the same optimum. (The
 * prover's answer holds for sets whose answers their state allows, as a part's do: its shortcuts play
 * candidates without asking.) */
static void
test_cores(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("nyt2023");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
  HsOptimizeStats st;
  GError *e = NULL;
  guint64 total;
  gboolean exact;
  assert_true(hs_optimizer_value(O, hs_words_lookup(w, "trans"), 6, 0, &total, &exact, &st, &e));
  assert_true(exact);
  assert_int_equal(total, 11696);
  assert_true(st.cored > 0);
  assert_non_null(O->cores);
  assert_true(O->cores->len > 0 && O->cores->len <= st.infeasible);
  /* Each core's cutting took no more prover nodes than the test that refuted its part (the
   * optimiser's own prover made both, and nothing else), give or take the node its last search may
   * pass its budget by and the one a test the memo settled is granted. */
  const guint64 prover_nodes = hs_prove_nodes(O->feas);
  print_message("trans: %" G_GUINT64_FORMAT " prover nodes, %" G_GUINT64_FORMAT " of them cutting %" G_GUINT64_FORMAT
                " cores\n",
                prover_nodes, st.core_nodes, (guint64)O->cores->len);
  assert_true(st.core_nodes > 0 && st.core_nodes <= prover_nodes - st.core_nodes + 2 * (guint64)O->cores->len);
  g_autoptr(HsProver) P = hs_prover_new(t, HS_RULES_NYT, HS_PROVE_ORDER_FAST);
  g_autoptr(GRand) rng = g_rand_new_with_seed(7);
  g_autofree guint16 *more = g_new(guint16, w->n_answers);
  g_autofree guint8 *in = g_new0(guint8, w->n_answers);
  const guint16 *ans = (const guint16 *)(gpointer)O->core_answers->data;
  guint undecided = 0, supersets = 0;
  for (guint c = 0; c < O->cores->len; c++) {
    const Core *k = &g_array_index(O->cores, Core, c);
    const guint16 *K = ans + k->start;
    gboolean ok = TRUE;
    guint64 spent = 0;
    if (c == 0) {
      /* A budget of one node decides nothing here (the prover's memo is empty). */
      undecided += !hs_prove_set_solvable(P, K, k->n, &k->st, k->r, 1, &ok, &spent);
      assert_true(ok);
    }
    assert_true(hs_prove_set_solvable(P, K, k->n, &k->st, k->r, 0, &ok, &spent));
    assert_false(ok);
    if (c % 4 != 0)
      continue;
    /* A stricter state: the row of a random word that gives every answer of the core the same
     * pattern (its answers stay legal, as the answers of a part are); then three more answers that
     * state allows (a set whose answers the state does not allow is no part of any game). */
    HsState stricter = k->st;
    for (guint tries = 0; tries < 1000; tries++) {
      const guint g = (guint)g_rand_int_range(rng, 0, (gint32)w->n_words);
      const HsPat p = O->core->rows[g][K[0]];
      guint x = 1;
      while (x < k->n && O->core->rows[g][K[x]] == p)
        x++;
      if (x == k->n && p != w->all_green) {
        hs_state_add(&stricter, O->core, O->core->let[g], p);
        break;
      }
    }
    assert_true(hs_state_within(&k->st, &stricter));
    for (guint x = 0; x < k->n; x++) {
      assert_true(hs_state_allows(O->core, &stricter, K[x]));
      in[K[x]] = 1;
    }
    for (guint added = 0, tries = 0; added < 3 && tries < 100000; tries++) {
      const guint a = (guint)g_rand_int_range(rng, 0, (gint32)w->n_answers);
      if (!in[a] && hs_state_allows(O->core, &stricter, a)) {
        in[a] = 1;
        added++;
      }
    }
    guint m = 0;
    for (guint a = 0; a < w->n_answers; a++)
      if (in[a]) {
        more[m++] = (guint16)a;
        in[a] = 0;
      }
    supersets += m > k->n;
    assert_true(hs_prove_set_solvable(P, more, m, &stricter, k->r, 0, &ok, &spent));
    assert_false(ok);
  }
  assert_true(supersets > 0);
  assert_int_equal(undecided, 1);
}

/* ROUNDS guesses of a node whose tests take 50 ms and refute every guess and whose searches take 100 s,
 * each tested or searched as hs_opt_choose_test says, up to the first search when FIRST: the searches
 * made (and in *DONE the guesses). */
static guint
choose_and_learn(const HsOptimizer *O, TestCosts *c, guint rounds, gboolean first, guint *done)
{
  const TestTry refute = { .reached = TRUE, .tested = TRUE, .refuted = TRUE, .test_us = 50000 };
  const TestTry search = { .reached = TRUE };
  guint searched = 0, i = 0;
  for (; i < rounds && !(first && searched > 0); i++) {
    if (hs_opt_choose_test(O, c)) {
      hs_opt_learn_costs(c, &refute, 50000, TRUE);
    } else {
      searched++;
      hs_opt_learn_costs(c, &search, 100000000, TRUE);
    }
  }
  *done = i;
  return searched;
}

/* The choice between the prover's test and the search alone under a bound (hs_opt_choose_test): by
 * the mode; CHEAPER searches until both costs are known, then tests while the tests cost less than
 * the share of the searches they spare (every 16th guess searched without one, within a share of the
 * tests' time) and searches otherwise (every 256th guess tested); the costs follow the latest
 * samples. */
static void
test_choose_test(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_tiny();
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
  TestCosts c = { 0 };
  hs_optimizer_set_bounded_test(O, HS_OPTIMIZE_TEST_ALWAYS);
  assert_true(hs_opt_choose_test(O, &c));
  hs_optimizer_set_bounded_test(O, HS_OPTIMIZE_TEST_NEVER);
  assert_false(hs_opt_choose_test(O, &c));
  hs_optimizer_set_bounded_test(O, HS_OPTIMIZE_TEST_CHEAPER);
  assert_false(hs_opt_choose_test(O, &c)); /* nothing known */
  /* Tests of 100 us that refute three guesses in four, where nothing bounds the node. */
  for (guint i = 0; i < 8; i++) {
    TestTry tt = { .reached = TRUE, .tested = TRUE, .refuted = i % 4 != 0, .test_us = 100 };
    hs_opt_learn_costs(&c, &tt, 100, FALSE);
  }
  assert_int_equal(c.n_tests, 8);
  assert_false(hs_opt_choose_test(O, &c)); /* no search measured yet */
  /* A guess that did not pass its bounds tells nothing; nor does a search where nothing bounds. */
  TestTry none = { 0 };
  hs_opt_learn_costs(&c, &none, 5000, TRUE);
  TestTry search = { .reached = TRUE };
  hs_opt_learn_costs(&c, &search, 5000, FALSE);
  assert_int_equal(c.n_searches, 0);
  /* Searches of 1,000 us under a bound: a test (100 us) spares about 0.7 of one. */
  hs_opt_learn_costs(&c, &search, 1000, TRUE);
  assert_int_equal(c.n_searches, 1);
  guint tests = 0;
  for (guint i = 0; i < 16; i++)
    tests += hs_opt_choose_test(O, &c);
  assert_int_equal(tests, 16); /* the tests so far (800 us) less than EXPLORE_SHARE searches */
  for (guint i = 0; i < 24; i++) {
    TestTry tt = { .reached = TRUE, .tested = TRUE, .refuted = i % 4 != 0, .test_us = 100 };
    hs_opt_learn_costs(&c, &tt, 100, TRUE);
  }
  tests = 0;
  for (guint i = 0; i < 64; i++)
    tests += hs_opt_choose_test(O, &c);
  assert_int_equal(tests, 60); /* all but every 16th */
  /* Searches that became cheap (10 us): the search wins after a few samples. */
  for (guint i = 0; i < 40; i++)
    hs_opt_learn_costs(&c, &search, 10, TRUE);
  tests = 0;
  for (guint i = 0; i < 512; i++)
    tests += hs_opt_choose_test(O, &c);
  assert_int_equal(tests, 2); /* every 256th */
  /* Tests that refute nothing never win. */
  for (guint i = 0; i < 40; i++) {
    TestTry tt = { .reached = TRUE, .tested = TRUE, .refuted = FALSE, .test_us = 1 };
    hs_opt_learn_costs(&c, &tt, 1, TRUE);
  }
  hs_opt_learn_costs(&c, &search, 100000, TRUE);
  tests = 0;
  for (guint i = 0; i < 256; i++)
    tests += hs_opt_choose_test(O, &c);
  assert_int_equal(tests, 1);

  /* Searches that cost thousands of tests (tests of 50 ms that refute every guess, a search of 100 s,
   * as at tupik's all-grey part): while the tests win, a 16th guess is searched only when the searches
   * so made, with the next at the average, stay within 1/EXPLORE_SHARE of the tests' time. */
  TestCosts d = { 0 };
  TestTry refute = { .reached = TRUE, .tested = TRUE, .refuted = TRUE, .test_us = 50000 };
  for (guint i = 0; i < 8; i++)
    hs_opt_learn_costs(&d, &refute, 50000, FALSE);
  assert_false(hs_opt_choose_test(O, &d)); /* the first search under the bound, to measure it */
  hs_opt_learn_costs(&d, &search, 100000000, TRUE);
  guint i = 0;
  assert_int_equal(choose_and_learn(O, &d, 4096, TRUE, &i), 1);
  /* The first 16th guess once the tests reach EXPLORE_SHARE times the search's average (100 s). */
  const guint need = (100000000u * EXPLORE_SHARE + 50000 - 1) / 50000 - 8;
  assert_true(i >= need && i < need + 16 + 1);
  assert_int_equal(d.explored_us, 100000000u);
  /* The next one waits until the tests reach EXPLORE_SHARE times both searches. */
  assert_int_equal(choose_and_learn(O, &d, need, FALSE, &i), 0);
}

/* Random small lists drawn from the original lists (several letters families, so that hard mode and
 * the cap bite). */
static void
test_brute_random_lists(void **state)
{
  (void)state;
  g_autoptr(HsWords) orig = hs_test_load_set("original");
  g_autoptr(GRand) rng = g_rand_new_with_seed(2022);
  for (guint trial = 0; trial < 4; trial++) {
    g_autoptr(HsWords) w = hs_test_random_lists(orig, rng, 18, 14);
    compare_with_brute(w, 4, NULL, NULL);
  }
}

#if HS_MAX_LEN >= 7
static void
brute_cap4(HsWords *w)
{
  compare_with_brute(w, 4, NULL, NULL);
}

/* Words of six and seven letters (the wide build) against the brute force. */
static void
test_brute_long_games(void **state)
{
  (void)state;
  hs_test_long_games(7676, 14, 12, brute_cap4);
}
#endif

/* Other games against the brute force: kana with shorter guesses (some answers of 4 letters, guesses of
 * 1 to 4), and a four-letter game of letters from several scripts. */
static void
test_brute_games(void **state)
{
  (void)state;
  static const gunichar kana[] = { 0x30A2, 0x30AB, 0x30FC, 0x30F3, 0x30C3, 0x30EB, 0x30B9 };
  static const gunichar mixed[] = { 'a', 0xF1, 0xDF, 'o', 0xE4, 'e' };
  g_autoptr(GRand) rng = g_rand_new_with_seed(232);
  for (guint trial = 0; trial < 3; trial++) {
    g_autoptr(HsWords) k = hs_test_random_game(rng, kana, 5 + trial, 4, 14, 12, TRUE);
    compare_with_brute(k, 4, NULL, NULL);
    g_autoptr(HsWords) m = hs_test_random_game(rng, mixed, 6, 4, 14, 12, FALSE);
    compare_with_brute(m, 4, NULL, NULL);
  }
}

/* Probing a guess's parts before they are searched for their values (probe_parts in
 * optimize-search.c) drops a guess only where its parts are large and far above their bounds, which
 * the other lists seldom reach: 60 answers of the original lists with A second (every third of them)
 * and two more guesses, caps up to five, parts probed with a quarter of their share of the gap. The
 * values and trees must be the brute force's, and probing must have dropped guesses. */
static void
test_brute_probed(void **state)
{
  (void)state;
  g_autoptr(HsWords) orig = hs_test_load_set("original");
  g_autoptr(GString) ans = g_string_new(NULL);
  for (guint a = 0, n = 0; a < orig->n_answers && n < 60; a++)
    if (orig->text[a][1] == 'a' && a % 3 == 0) {
      g_string_append_printf(ans, "%s\n", orig->text[a]);
      n++;
    }
  g_autoptr(HsWords) w = hs_test_parse_lists(ans->str, "crane\nsloth\n");
  guint64 most = 0, flushes = 0, refuted = 0, infeasible = 0, probed = 0, cored = 0;
  compare_with_brute_memo(w, 5, G_GUINT64_CONSTANT(1) << 22, 5, 1, &most, &flushes, &refuted, &infeasible, &probed,
                          &cored);
  assert_true(probed > 0);
}

/* ---- one step of search in a part (the bound eval_guess adds before searching a part) ---- */

/* What one step of search adds to 2s for the part T (S answers) after the history in B, computed
 * plainly: the least, over the words legal after that history, of the answers of T that share their
 * pattern with an earlier one, less one for a word of T. */
static guint32
plain_step_extra(const Brute *b, const guint *T, guint s)
{
  gint best = G_MAXINT;
  for (guint w = 0; w < b->w->n_words; w++) {
    if (!hs_rules_legal(b->rules, b->w, b->g, b->p, b->depth, w))
      continue;
    guint8 seen[HS_PATTERNS] = { 0 };
    gint coll = is_in(T, s, w) ? -1 : 0;
    for (guint x = 0; x < s; x++) {
      HsPat p = hs_verify_feedback(b->w->text[w], b->w->text[T[x]]);
      coll += seen[p];
      seen[p] = 1;
    }
    best = MIN(best, coll);
  }
  g_assert(best >= 0);
  return (guint32)best;
}

/* The parts of S[0..n) (canonical order) under guess G: PART[i] gets the pattern of S[i]. */
static void
split_by(const HsWords *w, const guint16 *S, guint n, guint g, HsPat *part)
{
  for (guint i = 0; i < n; i++)
    part[i] = hs_verify_feedback(w->text[g], w->text[S[i]]);
}

/* The answers of S with pattern P under the split PART, into T (guint and guint16 copies). */
static guint
part_of(const guint16 *S, guint n, const HsPat *part, guint p, guint *T, guint16 *T16)
{
  guint s = 0;
  for (guint i = 0; i < n; i++)
    if (part[i] == p) {
      T16[s] = S[i];
      T[s++] = S[i];
    }
  return s;
}

/* Checks hs_opt_test_step on the node S[0..n) (state ST, level LVL, history in B) split by G: every
 * part it reports equals the plain computation (at most CAP), and with BRUTE_R > 0 the bound 2s plus
 * it never passes the brute-force optimum of the part with 1 .. BRUTE_R guesses left. */
static void
check_steps(HsOptimizer *O, Brute *b, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 beta, guint g,
            guint cap, guint brute_r, guint *checked)
{
  guint32 extra[HS_PATTERNS];
  /* A first ask with another cap leaves an exact value or a lower bound in the node's cache. */
  const guint cap_first = (n + g + lvl) % 3 == 0 ? G_MAXUINT : 1 + (n * 7 + g) % MAX(n, 1u);
  hs_opt_test_step(O, S, n, st, lvl, beta, g, cap_first, cap, extra);
  g_autofree HsPat *part = g_new(HsPat, n);
  g_autofree guint *T = g_new(guint, n);
  g_autofree guint16 *T16 = g_new(guint16, n);
  split_by(b->w, S, n, g, part);
  b->g[b->depth] = g;
  for (guint p = 0; p < HS_ALL_GREEN; p++) {
    if (extra[p] == G_MAXUINT32)
      continue;
    guint s = part_of(S, n, part, p, T, T16);
    assert_true(s >= 3);
    b->p[b->depth] = (HsPat)p;
    b->depth++;
    guint32 want = MIN(plain_step_extra(b, T, s), cap);
    if (extra[p] != want)
      fail_msg("%s rules, level %u, %u answers, guess %s, part %u of %u: step adds %u, plainly %u (cap %u)",
               hs_rules_name(b->rules), lvl, n, b->w->text[g], p, s, extra[p], want, cap);
    for (guint r = 1; r <= brute_r; r++) {
      guint32 gg, v = brute_value(b, T, s, r, &gg);
      assert_true(v == BRUTE_INF || 2 * s + extra[p] <= v);
    }
    b->depth--;
    (*checked)++;
  }
}

/* Every opener's parts of three answers or more (level 1, every row scored), split by up to
 * SECONDS legal words; below each, the parts of three or more (level 2, scored with a random budget)
 * split by a legal word with a random cap. */
static guint
step_cases(const HsWords *w, HsRules rules, GRand *rng, guint seconds, guint brute_r)
{
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, rules);
  Brute b;
  brute_init(&b, w, rules);
  g_autofree guint16 *all = g_new(guint16, w->n_answers);
  for (guint a = 0; a < w->n_answers; a++)
    all[a] = (guint16)a;
  g_autofree HsPat *p1 = g_new(HsPat, w->n_answers), *p2 = g_new(HsPat, w->n_answers);
  g_autofree guint *T = g_new(guint, w->n_answers);
  g_autofree guint16 *S1 = g_new(guint16, w->n_answers), *S2 = g_new(guint16, w->n_answers);
  guint checked = 0;
  for (guint o = 0; o < w->n_words; o++) {
    split_by(w, all, w->n_answers, o, p1);
    for (guint q1 = 0; q1 < HS_ALL_GREEN; q1++) {
      guint n1 = part_of(all, w->n_answers, p1, q1, T, S1);
      if (n1 < 3)
        continue;
      HsState st1;
      hs_state_init(&st1);
      hs_test_state_add(&st1, O->core, rules, O->core->let[o], (HsPat)q1);
      b.g[0] = o;
      b.p[0] = (HsPat)q1;
      b.depth = 1;
      for (guint tries = 0; tries < seconds; tries++) {
        guint g1 = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
        if (!hs_rules_legal(rules, w, b.g, b.p, 1, g1))
          continue;
        check_steps(O, &b, S1, n1, &st1, 1, INF, g1, G_MAXUINT, brute_r, &checked);
        /* One part of g1 a level down, under a random budget and cap. */
        split_by(w, S1, n1, g1, p2);
        guint q2 = p2[g_rand_int_range(rng, 0, (gint)n1)];
        guint n2 = part_of(S1, n1, p2, q2, T, S2);
        HsState st2 = st1;
        hs_test_state_add(&st2, O->core, rules, O->core->let[g1], (HsPat)q2);
        guint g2 = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
        b.g[1] = g1;
        b.p[1] = (HsPat)q2;
        if (n2 >= 3 && q2 != HS_ALL_GREEN && hs_rules_legal(rules, w, b.g, b.p, 2, g2)) {
          /* Level 1 scored again (the level-2 node reads its rows there), then level 2. */
          check_steps(O, &b, S1, n1, &st1, 1, INF, g1, G_MAXUINT, 0, &checked);
          b.g[1] = g1;
          b.p[1] = (HsPat)q2;
          b.depth = 2;
          guint32 beta = g_rand_boolean(rng) ? INF : (guint32)g_rand_int_range(rng, (gint)(2 * n2), (gint)(3 * n2 + 2));
          guint cap = g_rand_boolean(rng) ? G_MAXUINT : (guint)g_rand_int_range(rng, 1, (gint)n2);
          check_steps(O, &b, S2, n2, &st2, 2, beta, g2, cap, brute_r > 1 ? brute_r - 1 : 0, &checked);
        }
        b.depth = 1;
      }
    }
  }
  g_hash_table_unref(b.memo);
  return checked;
}

static void
test_step_bound(void **state)
{
  (void)state;
  g_autoptr(GRand) rng = g_rand_new_with_seed(9);
  const HsRules rules[] = { HS_RULES_NYT, HS_RULES_STRICT, HS_RULES_NONE };
  g_autoptr(HsWords) tiny = hs_test_tiny();
  g_autoptr(HsWords) prove = hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt");
  g_autoptr(HsWords) orig = hs_test_load_set("original");
  guint checked = 0;
  for (guint ri = 0; ri < G_N_ELEMENTS(rules); ri++) {
    checked += step_cases(tiny, rules[ri], rng, 6, 4);
    checked += step_cases(prove, rules[ri], rng, 6, 4);
  }
  /* Larger random lists: bigger parts, rows skipped under a budget; against the plain computation. */
  for (guint trial = 0; trial < 2; trial++) {
    g_autoptr(HsWords) w = hs_test_random_lists(orig, rng, 150, 60);
    checked += step_cases(w, rules[trial % 2], rng, 3, 0);
  }
  assert_true(checked > 1000);
}

/* The limit on the parts a word makes of a set, from the tiles the set allows at each position, is
 * never below the parts it makes: random sets of the original answers (small ones and sets sharing a
 * letter pattern, where the limit bites), every word, repeated letters included; nor is the sharper
 * one from the answers' counts at each position (words of distinct letters), which is below the
 * tiles' limit for many words. */
static void
test_parts_limit(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("original");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
  g_autoptr(GRand) rng = g_rand_new_with_seed(5);
  g_autofree guint16 *T = g_new(guint16, w->n_answers);
  guint tight = 0, sharper = 0;
  for (guint trial = 0; trial < 24; trial++) {
    /* Answers with one random guess's pattern: they share letters, as the parts of a search do. */
    const guint g = (guint)g_rand_int_range(rng, 0, (gint)w->n_words);
    const HsPat want = hs_verify_feedback(w->text[g], w->text[g_rand_int_range(rng, 0, (gint)w->n_answers)]);
    guint s = 0;
    for (guint a = 0; a < w->n_answers; a++)
      if (hs_verify_feedback(w->text[g], w->text[a]) == want && (trial % 3 != 0 || g_rand_int_range(rng, 0, 4) == 0))
        T[s++] = (guint16)a;
    for (guint x = 0; x < w->n_words; x += 1 + (trial % 4)) {
      guint8 seen[HS_PATTERNS] = { 0 };
      guint k = 0;
      for (guint i = 0; i < s; i++) {
        HsPat p = hs_verify_feedback(w->text[x], w->text[T[i]]);
        k += !seen[p];
        seen[p] = 1;
      }
      const guint lim = hs_opt_test_parts_limit(O, T, s, x);
      if (lim < k)
        fail_msg("%s on %u answers (first %s): %u parts, limit %u", w->text[x], s, s ? w->text[T[0]] : "-", k, lim);
      tight += lim < s;
      /* The answers' counts at each position: never below the parts either, never above the tiles'. */
      if (hs_l_empty(O->core->has[x][1])) {
        const guint clim = hs_opt_test_counts_limit(O, T, s, x);
        if (clim < k || clim > lim)
          fail_msg("%s on %u answers (first %s): %u parts, tiles %u, counts %u", w->text[x], s, s ? w->text[T[0]] : "-",
                   k, lim, clim);
        sharper += clim < lim;
      }
    }
  }
  assert_true(tight > 1000);
  assert_true(sharper > 1000);
}

/* hs_optimize_all: every row equals the single-opener optimum; the same rows for 1 and 2 threads;
 * --best K keeps exactly the K least totals (ties to canonical order), proves the rest reach the K-th,
 * and says IMPOSSIBLE exactly for the openers with no strategy (never WORSE). */
static void
test_all_and_best(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint n = w->n_words, cap = 4;
  g_autofree guint32 *openers = hs_test_every_word(w);
  HsOptimizeAllOptions o = { 0 };
  o.max_guesses = cap;
  g_autofree HsOptimizeRow *rows = g_new(HsOptimizeRow, n);
  g_autofree HsOptimizeRow *again = g_new(HsOptimizeRow, n);
  GError *e = NULL;
  assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, rows, &e));
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
  guint n_optimal = 0;
  for (guint i = 0; i < n; i++) {
    guint64 total;
    gboolean exact;
    assert_true(hs_optimizer_value(O, i, cap, 0, &total, &exact, NULL, &e));
    assert_int_equal(rows[i].opener, i);
    if (total == HS_OPTIMIZE_IMPOSSIBLE) {
      assert_int_equal(rows[i].verdict, HS_OPTIMIZE_ROW_IMPOSSIBLE);
    } else {
      assert_int_equal(rows[i].verdict, HS_OPTIMIZE_ROW_OPTIMAL);
      assert_int_equal(rows[i].total, total);
      n_optimal++;
    }
  }
  assert_true(n_optimal >= 6);
  const int before = hs_test_set_threads(1);
  assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, again, &e));
  for (guint i = 0; i < n; i++)
    assert_true(again[i].verdict == rows[i].verdict && again[i].total == rows[i].total);
  /* The caches of steps at their least (one byte: the optimiser's default slots) and at 1 GiB for the
   * one thread: the same rows. */
  const guint64 cache_bytes[] = { 1, G_GUINT64_CONSTANT(1) << 30 };
  for (guint c = 0; c < G_N_ELEMENTS(cache_bytes); c++) {
    HsOptimizeAllOptions oc = o;
    oc.step_cache = cache_bytes[c];
    assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &oc, again, &e));
    for (guint i = 0; i < n; i++)
      assert_true(again[i].verdict == rows[i].verdict && again[i].total == rows[i].total);
  }
  hs_test_set_threads(before);
  /* The K best: the K least exact totals, ties to the earlier opener. */
  for (guint k = 1; k <= 5; k += 2) {
    HsOptimizeAllOptions ob = o;
    ob.best = k;
    g_autofree HsOptimizeRow *best = g_new(HsOptimizeRow, n);
    assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &ob, best, &e));
    guint64 kth = 0;
    guint chosen = 0;
    for (guint i = 0; i < n; i++)
      if (best[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL) {
        chosen++;
        assert_int_equal(best[i].total, rows[i].total);
        kth = MAX(kth, best[i].total);
      }
    assert_int_equal(chosen, k);
    for (guint i = 0; i < n; i++) {
      /* An opener with no strategy says so, never WORSE; one with a strategy is never IMPOSSIBLE. */
      assert_int_equal(best[i].verdict == HS_OPTIMIZE_ROW_IMPOSSIBLE, rows[i].verdict == HS_OPTIMIZE_ROW_IMPOSSIBLE);
      if (best[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL)
        continue;
      /* Not better than the K-th (or after it in canonical order on a tie), and the bound holds. */
      if (rows[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL) {
        assert_true(rows[i].total >= kth);
        assert_true(best[i].total <= rows[i].total);
        if (best[i].verdict == HS_OPTIMIZE_ROW_WORSE)
          assert_true(best[i].total >= kth);
      }
    }
  }
}

/* hs_optimize_all on lists with anagrams (crate, trace): a thread takes a group of openers with the
 * same letters at a time and the later ones start from what the optimiser and the prover settled for
 * the earlier (their all-grey part is the same); every row must still equal the single-opener value
 * from a fresh optimiser, with 1 and 2 threads, under caps where the group is impossible (4) and optimal (6). */
static void
test_all_anagrams(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "tiny-answers.txt", HS_TEST_DATA "tiny-guesses.txt");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint n = w->n_words;
  g_autofree guint32 *openers = hs_test_every_word(w);
  g_autofree guint *group = g_new(guint, n);
  const guint n_groups = hs_words_letter_groups(w, openers, n, group);
  assert_true(n_groups < n); /* at least one group of two: the case under test */
  g_autofree HsOptimizeRow *rows = g_new(HsOptimizeRow, n);
  g_autofree guint64 *want = g_new(guint64, n);
  guint verdicts[2] = { 0, 0 };
  for (guint cap = 4; cap <= 6; cap += 2) {
    GError *e = NULL;
    for (guint i = 0; i < n; i++) {
      g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
      gboolean exact;
      assert_true(hs_optimizer_value(O, i, cap, 0, &want[i], &exact, NULL, &e));
      /* The anagrams' verdicts, under both caps together. */
      for (guint k = 0; k < n; k++)
        if (k != i && group[k] == group[i]) {
          verdicts[want[i] == HS_OPTIMIZE_IMPOSSIBLE]++;
          break;
        }
    }
    for (int threads = 1; threads <= 2; threads++) {
      const int before = hs_test_set_threads(threads);
      HsOptimizeAllOptions o = { 0 };
      o.max_guesses = cap;
      assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, rows, &e));
      hs_test_set_threads(before);
      for (guint i = 0; i < n; i++) {
        const gboolean impossible = want[i] == HS_OPTIMIZE_IMPOSSIBLE;
        assert_int_equal(rows[i].verdict, impossible ? HS_OPTIMIZE_ROW_IMPOSSIBLE : HS_OPTIMIZE_ROW_OPTIMAL);
        if (!impossible)
          assert_int_equal(rows[i].total, want[i]);
      }
    }
  }
  assert_true(verdicts[0] > 0 && verdicts[1] > 0);
}

/* --best K in shards: each shard settled with its own K (hs_optimize_all on its openers), the shards'
 * rows settled again together (as merge does) give the rows of one run over every opener; on the
 * small lists with real searches, and on many random rows (totals, ties and bounds) against the
 * settling of all the rows at once. */
static void
test_best_shards(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint n = w->n_words;
  g_autofree guint32 *openers = hs_test_every_word(w);
  GError *e = NULL;
  guint demoted = 0;
  for (guint k = 1; k <= 5; k++) {
    HsOptimizeAllOptions o = { 0 };
    o.max_guesses = 4;
    o.best = k;
    g_autofree HsOptimizeRow *whole = g_new(HsOptimizeRow, n);
    assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, whole, &e));
    for (guint shards = 2; shards <= 4; shards++) {
      g_autofree HsOptimizeRow *joined = g_new(HsOptimizeRow, n);
      for (guint s = 0; s < shards; s++) {
        g_autofree guint32 *slice = g_new(guint32, n);
        guint m = 0;
        for (guint i = s; i < n; i += shards)
          slice[m++] = openers[i];
        g_autofree HsOptimizeRow *part = g_new(HsOptimizeRow, m);
        assert_true(hs_optimize_all(t, HS_RULES_NYT, slice, m, &o, part, &e));
        for (guint j = 0; j < m; j++) {
          joined[part[j].opener] = part[j];
          demoted +=
            part[j].verdict == HS_OPTIMIZE_ROW_OPTIMAL && whole[part[j].opener].verdict != HS_OPTIMIZE_ROW_OPTIMAL;
        }
      }
      hs_optimize_settle_best(joined, n, k);
      for (guint i = 0; i < n; i++) {
        assert_int_equal(joined[i].verdict, whole[i].verdict);
        assert_int_equal(joined[i].total, whole[i].total);
        assert_int_equal(joined[i].bound, whole[i].bound);
      }
    }
  }
  assert_true(demoted > 0); /* some shard's best were not among the best of all */

  GRand *rng = g_rand_new_with_seed(7);
  for (guint round = 0; round < 2000; round++) {
    const guint m = 1 + (guint)g_rand_int_range(rng, 0, 40), k = 1 + (guint)g_rand_int_range(rng, 0, 8);
    const guint shards = 1 + (guint)g_rand_int_range(rng, 0, 5);
    g_autofree HsOptimizeRow *exact = g_new0(HsOptimizeRow, m);
    g_autofree guint *shard_of = g_new(guint, m);
    for (guint i = 0; i < m; i++) {
      exact[i].opener = i;
      shard_of[i] = (guint)g_rand_int_range(rng, 0, (gint32)shards);
      if (g_rand_int_range(rng, 0, 5) == 0) {
        exact[i].verdict = HS_OPTIMIZE_ROW_IMPOSSIBLE;
        continue;
      }
      exact[i].total = 100 + (guint64)g_rand_int_range(rng, 0, 12); /* many ties */
      exact[i].bound = exact[i].total - (guint64)g_rand_int_range(rng, 0, 6);
    }
    /* One run: every row exact, then settled. */
    g_autofree HsOptimizeRow *whole = g_memdup2(exact, m * sizeof *exact);
    hs_optimize_settle_best(whole, m, MIN(k, m));
    /* Shards: each settled on its own (rows in canonical order within it), then all together. */
    g_autofree HsOptimizeRow *joined = g_new(HsOptimizeRow, m);
    for (guint s = 0; s < shards; s++) {
      g_autofree HsOptimizeRow *part = g_new(HsOptimizeRow, m);
      guint c = 0;
      for (guint i = 0; i < m; i++)
        if (shard_of[i] == s)
          part[c++] = exact[i];
      hs_optimize_settle_best(part, c, MIN(k, c));
      for (guint j = 0; j < c; j++)
        joined[part[j].opener] = part[j];
    }
    hs_optimize_settle_best(joined, m, MIN(k, m));
    for (guint i = 0; i < m; i++) {
      assert_int_equal(joined[i].verdict, whole[i].verdict);
      assert_int_equal(joined[i].total, whole[i].total);
    }
  }
  g_rand_free(rng);
}

typedef struct {
  guint calls, last_done, last_total;
  gboolean in_order; /* each call one more than the one before */
  gboolean rising;   /* no call less than the one before */
} Progress;

static void
on_progress(guint done, guint total, gpointer user)
{
  Progress *p = user;
  p->in_order = p->in_order && done == p->last_done + 1;
  p->rising = p->rising && done >= p->last_done && done <= total;
  p->calls++;
  p->last_done = done;
  p->last_total = total;
}

/* hs_optimize_all's progress: every opener once, in order, without --best; never backwards with it.
 * A cancelled run fails with HS_OPTIMIZE_ERROR_CANCELLED ("interrupted"). */
static void
test_all_progress_and_cancel(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(HS_TEST_DATA "prove-answers.txt", HS_TEST_DATA "prove-guesses.txt");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint n = w->n_words;
  g_autofree guint32 *openers = hs_test_every_word(w);
  g_autofree HsOptimizeRow *rows = g_new(HsOptimizeRow, n);
  Progress p = { 0, 0, 0, TRUE, TRUE };
  HsOptimizeAllOptions o = { 0 };
  o.max_guesses = 4;
  o.progress = on_progress;
  o.progress_user = &p;
  assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, rows, NULL));
  assert_int_equal(p.calls, n);
  assert_true(p.in_order);
  assert_int_equal(p.last_total, n);
  Progress pb = { 0, 0, 0, TRUE, TRUE };
  o.best = 2;
  o.progress_user = &pb;
  assert_true(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, rows, NULL));
  assert_true(pb.rising);
  volatile gint cancel = 1;
  GError *e = NULL;
  o.cancel = &cancel;
  for (guint best = 0; best <= 2; best += 2) {
    o.best = best;
    assert_false(hs_optimize_all(t, HS_RULES_NYT, openers, n, &o, rows, &e));
    assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED));
    assert_string_equal(e->message, "interrupted");
    g_clear_error(&e);
  }
}

/* Checkpoints (hs_optimizer_save, hs_optimizer_load, hs_optimizer_set_checkpoint): a search stopped
 * halfway through saves what it settled; another optimiser that reads it back finds the same tree
 * as a search from scratch with fewer nodes; a file of another search, cut short or altered is
 * refused; saves every few microseconds leave the tree as it was; a save that fails stops the search
 * with its error. */
typedef struct {
  volatile gint *stop;
  guint64 at;
} StopAt;

static void
stop_at(guint64 nodes, gpointer user)
{
  StopAt *s = user;
  if (nodes >= s->at)
    *s->stop = 1;
}

static void
test_checkpoint(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("nyt2023");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint opener = hs_words_lookup(w, "acros"); /* about 6,000 nodes */
  g_autofree char *dir = g_dir_make_tmp("hs-checkpoint-XXXXXX", NULL);
  assert_non_null(dir);
  g_autofree char *path = g_build_filename(dir, "acros.ckpt", NULL);
  HsOptimizeStats st0, st;
  GError *e = NULL;
  g_autoptr(HsOptimizer) O0 = hs_optimizer_new(t, HS_RULES_NYT);
  g_autoptr(HsStrategy) fresh = hs_optimizer_strategy(O0, opener, 6, &st0, &e);
  assert_non_null(fresh);
  assert_true(st0.nodes > 4 * 1024);
  /* Stopped halfway: one save, then HS_OPTIMIZE_ERROR_CANCELLED. */
  volatile gint stop = 0;
  StopAt at = { &stop, st0.nodes / 2 };
  g_autoptr(HsOptimizer) O1 = hs_optimizer_new(t, HS_RULES_NYT);
  hs_optimizer_set_checkpoint(O1, path, 0, &stop);
  hs_optimizer_set_progress(O1, stop_at, &at);
  assert_null(hs_optimizer_strategy(O1, opener, 6, NULL, &e));
  assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED));
  g_clear_error(&e);
  assert_int_equal(hs_optimizer_checkpoints(O1), 1);
  /* Resumed: the same tree, fewer nodes. */
  g_autoptr(HsOptimizer) O2 = hs_optimizer_new(t, HS_RULES_NYT);
  guint64 entries = 0;
  assert_true(hs_optimizer_load(O2, opener, 6, path, &entries, &e));
  assert_true(entries > 0);
  /* The caches come back slot for slot: saved again at once, the file ends with the same words. */
  g_autofree char *again = g_build_filename(dir, "again.ckpt", NULL);
  assert_true(hs_optimizer_save(O2, opener, 6, again, &e));
  {
    g_autofree char *a = NULL, *b = NULL;
    gsize la = 0, lb = 0;
    assert_true(g_file_get_contents(path, &a, &la, NULL));
    assert_true(g_file_get_contents(again, &b, &lb, NULL));
    const gsize tail = 8 * ((gsize)STEP_SLOTS * 3 + (gsize)TWO_SLOTS * 2 + (gsize)PROFILE_SLOTS * 3);
    assert_int_equal(la, lb);
    assert_true(la > tail + 8);
    assert_memory_equal(a + la - 8 - tail, b + lb - 8 - tail, tail);
    assert_int_equal(g_remove(again), 0);
  }
  /* Read into a larger cache of steps (an --all worker's): every step the file holds is at its key's
   * place there, and the search resumed from it finds the same tree. */
  {
    g_autoptr(HsOptimizer) O9 = hs_optimizer_new(t, HS_RULES_NYT);
    hs_optimizer_set_step_cache(O9, (gsize)STEP_SLOTS * sizeof(StepSlot) * 8);
    assert_int_equal(O9->step_mask + 1, (guint64)STEP_SLOTS * 8);
    assert_true(hs_optimizer_load(O9, opener, 6, path, NULL, &e));
    guint live = 0;
    for (guint i = 0; i < STEP_SLOTS; i++) {
      const StepSlot *a = &O2->steps[i];
      if (a->k1 == 0 && a->w == 0)
        continue;
      const StepSlot *b = &O9->steps[a->k1 & O9->step_mask];
      assert_true(b->k1 == a->k1 && b->w == a->w);
      live++;
    }
    assert_true(live > 100);
    HsOptimizeStats st9;
    g_autoptr(HsStrategy) big = hs_optimizer_strategy(O9, opener, 6, &st9, &e);
    assert_non_null(big);
    same_tree(big, fresh);
    assert_true(st9.nodes < st0.nodes * 3 / 4);
  }
  g_autoptr(HsStrategy) resumed = hs_optimizer_strategy(O2, opener, 6, &st, &e);
  assert_non_null(resumed);
  same_tree(resumed, fresh);
  assert_true(st.nodes < st0.nodes * 3 / 4);
  /* Thinned (hs_checkpoint_thin): only the entries about sets with at least R guesses left, and the
   * caches empty (as a new optimiser's); resumed from it, the same tree (how much work it keeps is
   * measured in docs/RESULTS.md §2: the node counts here depend on the timing of the prover's tests).
   * The summary counts what the file holds. */
  HsCheckpointSummary all, kept, again_sum;
  assert_true(hs_checkpoint_summary(path, &all, &e));
  guint64 n_all = 0;
  guint lo = 16, hi = 0;
  for (guint m = 0; m < 2; m++)
    for (guint left = 0; left < 16; left++) {
      n_all += all.entries[m][left];
      if (all.entries[m][left] > 0) {
        lo = MIN(lo, left);
        hi = MAX(hi, left);
      }
    }
  assert_int_equal(n_all, entries);
  assert_int_equal(all.total[0] + all.total[1], n_all);
  assert_true(lo < hi);
  g_autofree char *thin = g_build_filename(dir, "thin.ckpt", NULL);
  g_autofree char *empty = g_build_filename(dir, "empty.ckpt", NULL);
  {
    g_autoptr(HsOptimizer) On = hs_optimizer_new(t, HS_RULES_NYT);
    assert_true(hs_optimizer_save(On, opener, 6, empty, &e));
  }
  const guint at_hi[2] = { hi, hi };
  assert_true(hs_checkpoint_thin(path, thin, at_hi, &kept, &e));
  guint64 n_kept = 0;
  for (guint m = 0; m < 2; m++)
    for (guint left = 0; left < 16; left++) {
      assert_int_equal(kept.entries[m][left], left >= hi ? all.entries[m][left] : 0);
      n_kept += kept.entries[m][left];
    }
  assert_int_equal(kept.total[0] + kept.total[1], n_kept);
  assert_true(n_kept > 0 && n_kept < n_all);
  assert_true(hs_checkpoint_summary(thin, &again_sum, &e));
  assert_memory_equal(&again_sum, &kept, sizeof kept);
  {
    g_autofree char *a = NULL, *b = NULL;
    gsize la = 0, lb = 0;
    assert_true(g_file_get_contents(thin, &a, &la, NULL));
    assert_true(g_file_get_contents(empty, &b, &lb, NULL));
    assert_int_equal(la, kept.bytes);
    const gsize tail = 8 * ((gsize)STEP_SLOTS * 3 + (gsize)TWO_SLOTS * 2 + (gsize)PROFILE_SLOTS * 3);
    assert_memory_equal(a + la - 8 - tail, b + lb - 8 - tail, tail);
  }
  {
    g_autoptr(HsOptimizer) O7 = hs_optimizer_new(t, HS_RULES_NYT);
    guint64 n_loaded = 0;
    assert_true(hs_optimizer_load(O7, opener, 6, thin, &n_loaded, &e));
    assert_int_equal(n_loaded, n_kept);
    g_autoptr(HsStrategy) from_thin = hs_optimizer_strategy(O7, opener, 6, NULL, &e);
    assert_non_null(from_thin);
    same_tree(from_thin, fresh);
  }
  /* A threshold per memo: every entry of the optimiser's, none of the prover's. */
  const guint opt_only[2] = { 0, 16 };
  assert_true(hs_checkpoint_thin(path, thin, opt_only, &kept, &e));
  for (guint left = 0; left < 16; left++) {
    assert_int_equal(kept.entries[0][left], all.entries[0][left]);
    assert_int_equal(kept.entries[1][left], 0);
  }
  /* In place, and with R above every entry: none left, still a checkpoint of the same search. */
  const guint at_15[2] = { 15, 15 };
  assert_true(hs_checkpoint_thin(thin, thin, at_15, &kept, &e));
  assert_int_equal(kept.entries[0][hi] + kept.entries[1][hi], 0);
  {
    g_autoptr(HsOptimizer) O8 = hs_optimizer_new(t, HS_RULES_NYT);
    guint64 n_loaded = 1;
    assert_true(hs_optimizer_load(O8, opener, 6, thin, &n_loaded, &e));
    assert_int_equal(n_loaded, 0);
  }
  /* A damaged file is refused and nothing is written. */
  g_autofree char *nothing = g_build_filename(dir, "nothing.ckpt", NULL);
  assert_true(g_file_set_contents(empty, "HSCKPT02", 8, NULL));
  const guint at_3[2] = { 3, 3 };
  assert_false(hs_checkpoint_thin(empty, nothing, at_3, &kept, &e));
  assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT));
  assert_non_null(strstr(e->message, "cut short"));
  g_clear_error(&e);
  assert_false(g_file_test(nothing, G_FILE_TEST_EXISTS));
  assert_false(hs_checkpoint_summary(empty, &kept, &e));
  g_clear_error(&e);
  assert_int_equal(g_remove(thin), 0);
  assert_int_equal(g_remove(empty), 0);
  /* Refused: another opener, cap or rules; a file cut short, altered, or not a checkpoint. */
  g_autoptr(HsOptimizer) O3 = hs_optimizer_new(t, HS_RULES_NYT);
  g_autoptr(HsOptimizer) O4 = hs_optimizer_new(t, HS_RULES_NONE);
  assert_false(hs_optimizer_load(O3, hs_words_lookup(w, "salet"), 6, path, NULL, &e));
  assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT));
  assert_non_null(strstr(e->message, "another search"));
  g_clear_error(&e);
  assert_false(hs_optimizer_load(O3, opener, 7, path, NULL, &e));
  g_clear_error(&e);
  assert_false(hs_optimizer_load(O4, opener, 6, path, NULL, &e));
  g_clear_error(&e);
  g_autofree char *data = NULL;
  gsize len = 0;
  assert_true(g_file_get_contents(path, &data, &len, NULL));
  g_autofree char *bad = g_build_filename(dir, "bad.ckpt", NULL);
  static const struct {
    gsize cut, flip;
    const char *says;
  } damage[] = { { 8, 0, "cut short" },
                 { 48, 0, "cut short" },
                 { 0, 40, "checksum" },
                 { 0, 9, "checksum" },
                 { 0, 1, "not a hardsix checkpoint" } };
  for (guint d = 0; d < G_N_ELEMENTS(damage); d++) {
    g_autofree char *copy = g_memdup2(data, len);
    gsize n = len - damage[d].cut;
    if (damage[d].flip)
      copy[damage[d].flip] ^= 0x10;
    assert_true(g_file_set_contents(bad, copy, (gssize)n, NULL));
    assert_false(hs_optimizer_load(O3, opener, 6, bad, NULL, &e));
    assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT));
    assert_non_null(strstr(e->message, damage[d].says));
    assert_non_null(strstr(e->message, bad));
    g_clear_error(&e);
  }
  /* A save every microsecond: many saves, the same tree. */
  g_autoptr(HsOptimizer) O5 = hs_optimizer_new(t, HS_RULES_NYT);
  hs_optimizer_set_checkpoint(O5, path, 1e-6, NULL);
  g_autoptr(HsStrategy) saved = hs_optimizer_strategy(O5, opener, 6, NULL, &e);
  assert_non_null(saved);
  same_tree(saved, fresh);
  assert_true(hs_optimizer_checkpoints(O5) > 1);
  /* A save that fails stops the search with its error. */
  g_autofree char *nowhere = g_build_filename(dir, "missing", "x.ckpt", NULL);
  g_autoptr(HsOptimizer) O6 = hs_optimizer_new(t, HS_RULES_NYT);
  hs_optimizer_set_checkpoint(O6, nowhere, 1e-6, NULL);
  assert_null(hs_optimizer_strategy(O6, opener, 6, NULL, &e));
  assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT));
  g_clear_error(&e);
  assert_int_equal(g_remove(path), 0);
  assert_int_equal(g_remove(bad), 0);
  assert_int_equal(g_rmdir(dir), 0);
}

/* A stop is seen within a test of the optimiser's prover, which may run for minutes: thump on every
 * word of the 2022 lists within seven asks its prover about its first node's first guesses before
 * that node ends, long before the optimiser's own first tick (1,024 nodes). Asked to stop from the
 * start, the search saves within the prover (the prover's entries, none of the optimiser's) and
 * stops. A watchdog cancels the search after a minute (without a save), so that a stop not seen
 * within the prover fails the test instead of hanging it. */
typedef struct {
  volatile gint cancel, done;
} Watchdog;

static gpointer
watchdog_run(gpointer data)
{
  Watchdog *wd = data;
  for (guint i = 0; i < 600 && !g_atomic_int_get(&wd->done); i++)
    g_usleep(G_USEC_PER_SEC / 10);
  g_atomic_int_set(&wd->cancel, 1);
  return NULL;
}

static void
test_checkpoint_in_prover(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load_set("nyt2022-all");
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const guint opener = hs_words_lookup(w, "thump");
  g_autofree char *dir = g_dir_make_tmp("hs-checkpoint-XXXXXX", NULL);
  assert_non_null(dir);
  g_autofree char *path = g_build_filename(dir, "thump.ckpt", NULL);
  GError *e = NULL;
  g_autoptr(HsOptimizer) O = hs_optimizer_new(t, HS_RULES_NYT);
  volatile gint now = 1;
  hs_optimizer_set_checkpoint(O, path, 0, &now);
  Watchdog wd = { 0, 0 };
  hs_optimizer_set_cancel(O, &wd.cancel);
  GThread *th = g_thread_new("watchdog", watchdog_run, &wd);
  HsStrategy *none = hs_optimizer_strategy(O, opener, 7, NULL, &e);
  g_atomic_int_set(&wd.done, 1);
  g_thread_join(th);
  assert_null(none);
  assert_true(g_error_matches(e, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED));
  assert_non_null(strstr(e->message, "saved in"));
  g_clear_error(&e);
  assert_int_equal(hs_optimizer_checkpoints(O), 1);
  HsCheckpointSummary sum;
  assert_true(hs_checkpoint_summary(path, &sum, &e));
  assert_int_equal(sum.total[0], 0);
  assert_true(sum.total[1] > 0);
  /* Resumed, the prover's entries come back. */
  g_autoptr(HsOptimizer) O2 = hs_optimizer_new(t, HS_RULES_NYT);
  guint64 entries = 0;
  assert_true(hs_optimizer_load(O2, opener, 7, path, &entries, &e));
  assert_int_equal(entries, sum.total[1]);
  assert_int_equal(g_remove(path), 0);
  assert_int_equal(g_rmdir(dir), 0);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_brute_tiny_lists),
    cmocka_unit_test(test_brute_prove_lists),
    cmocka_unit_test(test_brute_all_words),
    cmocka_unit_test(test_brute_random_lists),
    cmocka_unit_test(test_feasibility_real_lists),
    cmocka_unit_test(test_cores),
    cmocka_unit_test(test_choose_test),
    cmocka_unit_test(test_brute_games),
    cmocka_unit_test(test_brute_probed),
#if HS_MAX_LEN >= 7
    cmocka_unit_test(test_brute_long_games),
#endif
    cmocka_unit_test(test_step_bound),
    cmocka_unit_test(test_parts_limit),
    cmocka_unit_test(test_all_and_best),
    cmocka_unit_test(test_all_anagrams),
    cmocka_unit_test(test_best_shards),
    cmocka_unit_test(test_all_progress_and_cancel),
    cmocka_unit_test(test_checkpoint),
    cmocka_unit_test(test_checkpoint_in_prover),
  };
  return cmocka_run_group_tests_name("optimize", tests, NULL, NULL) == 0 ? 0 : 1;
}
