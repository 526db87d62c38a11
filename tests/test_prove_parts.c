/* Tests for prove-parts.c, the prover as another engine's feasibility test: on small random lists rich
 * in clusters (test-clusters.h), at random nodes (a legal history, a set, the guesses left), every
 * legal guess's parts are asked about, and whether all of them can be solved within the guesses left
 * must be what the plain brute force says. One prover is reused from node to node, so what its memo
 * keeps from earlier calls must never change a verdict; both verdicts must occur often. With budgets of
 * a few nodes, whose searches are stopped over and over, the verdicts must be the same, and every
 * failing part the prover's levels keep (a core) must be one the brute force cannot solve. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "engine/prove-parts.h"
#include "engine/prove-private.h"
#include "engine/search.h"
#include "test-state.h"
#include "test-brute.h"
#include "test-clusters.h"

#define N_LISTS 12
#define NODES_PER_LIST 25
#define MAX_SET 40

typedef struct {
  guint guesses, refuted, solvable, cores, known; /* known: refuted by the memo alone beforehand */
} Counts;

/* The parts of guess G at the node (S16[0..n), ST) as hs_prove_parts_solvable takes them: split into
 * PT (whose buf must hold n answers), their states (ST plus G's pattern) in CHILD and their patterns
 * in PARTS. Returns the number of parts (the answer G itself, solved, is none). */
static guint
split_parts(const HsWords *w, const HsSearchCore *core, HsRules rules, const guint16 *S16, guint n, const HsState *st,
            guint g, HsPartition *pt, HsState *child, HsPat *parts)
{
  HsPat pats[MAX_SET];
  for (guint i = 0; i < n; i++)
    pats[i] = hs_verify_feedback(w->text[g], w->text[S16[i]]);
  guint n_parts = 0, used = 0;
  for (guint p = hs_test_next_pattern(pats, n, -1); p != G_MAXUINT; p = hs_test_next_pattern(pats, n, p)) {
    if (p == w->all_green)
      continue;
    pt->start[p] = (guint16)used;
    pt->size[p] = 0;
    for (guint i = 0; i < n; i++)
      if (pats[i] == p)
        pt->buf[used + pt->size[p]++] = S16[i];
    hs_set_hash(core, pt->buf + used, pt->size[p], &pt->h1[p], &pt->h2[p]);
    child[p] = *st;
    hs_test_state_add(&child[p], core, rules, core->let[g], (HsPat)p);
    used += pt->size[p];
    parts[n_parts++] = (HsPat)p;
  }
  return n_parts;
}

/* Can S (n answers) be solved within R guesses under the state ST? The plain brute force, reading the
 * legal guesses off the state (hs_state_allows), as a core of the prover is kept. */
static gboolean
brute_state(const HsWords *w, const HsSearchCore *core, HsRules rules, const guint16 *S, guint n, const HsState *st,
            guint r)
{
  if (n == 0)
    return TRUE;
  if (r == 0)
    return FALSE;
  for (guint g = 0; g < w->n_words; g++) {
    if (!hs_state_allows(core, st, g))
      continue;
    HsPat pats[MAX_SET];
    for (guint i = 0; i < n; i++)
      pats[i] = hs_verify_feedback(w->text[g], w->text[S[i]]);
    gboolean all = TRUE;
    for (guint p = hs_test_next_pattern(pats, n, -1); p != G_MAXUINT && all; p = hs_test_next_pattern(pats, n, p)) {
      if (p == w->all_green)
        continue;
      guint16 part[MAX_SET];
      guint m = 0;
      for (guint i = 0; i < n; i++)
        if (pats[i] == p)
          part[m++] = S[i];
      HsState child = *st;
      hs_test_state_add(&child, core, rules, core->let[g], (HsPat)p);
      all = brute_state(w, core, rules, part, m, &child, r - 1);
    }
    if (all)
      return TRUE;
  }
  return FALSE;
}

/* Every core the prover's levels hold (a part remembered as unsolvable, so that any superset under a
 * state at least as strict is refuted at once) is unsolvable by the brute force: a search stopped by
 * its budget must not leave its part behind as a core. Cores of three guesses are checked (deeper ones
 * cost the brute force too much); returns how many. */
static guint
check_cores(const HsWords *w, const HsSearchCore *core, HsRules rules, const HsProver *P, GHashTable *checked)
{
  guint n_checked = 0;
  for (guint l = 0; l < MAX_LEVELS; l++) {
    const Level *L = P->lv[l];
    if (L == NULL)
      continue;
    for (guint k = 0; k < L->n_cores; k++) {
      const Core *c = &L->cores[k];
      if (c->r > 3 || c->n > MAX_SET)
        continue;
      const guint16 *T = L->core_words + (gsize)k * CORE_WORDS;
      g_autoptr(GString) key = g_string_new(NULL);
      g_string_append_printf(key, "%u:", c->r);
      for (guint i = 0; i < c->n; i++)
        g_string_append_printf(key, "%u,", T[i]);
      const guint8 *sb = (const guint8 *)&c->st; /* the state, as hex: its bytes may be 0 */
      for (gsize i = 0; i < sizeof c->st; i++)
        g_string_append_printf(key, "%02x", sb[i]);
      if (g_hash_table_contains(checked, key->str))
        continue;
      if (brute_state(w, core, rules, T, c->n, &c->st, c->r))
        fail_msg("%s rules: a core of %u answers (first %s) with %u guesses left, kept at level %u, is solvable",
                 hs_rules_name(rules), c->n, w->text[T[0]], c->r, l);
      g_hash_table_add(checked, g_strdup(key->str));
      n_checked++;
    }
  }
  return n_checked;
}

/* At a random node of the lists (R guesses left, or 3 to 4 at random when R is 0), every legal guess's
 * parts are asked about, and the prover's verdict must be the brute force's; with CHECKED, every core
 * the prover keeps is checked too (check_cores). */
static void
check_node(GRand *rng, const HsWords *w, const HsSearchCore *core, HsProver *P, HsRules rules, Counts *cnt,
           guint r_fixed, GHashTable *checked)
{
  Brute b = { w, rules, { 0 }, { 0 }, 0 };
  HsState st;
  guint S[MAX_SET];
  guint16 S16[MAX_SET];
  const guint n = random_node(rng, w, core, rules, TRUE, &b, &st, S, S16, MAX_SET);
  if (n < 3)
    return;
  const guint r = r_fixed ? r_fixed : (guint)g_rand_int_range(rng, 3, 5);
  guint16 buf[MAX_SET];
  HsPartition *pt = g_new0(HsPartition, 1);
  HsState *child = g_new(HsState, HS_PATTERNS);
  pt->buf = buf;
  for (guint g = 0; g < w->n_words; g++) {
    if (!hs_rules_legal(rules, w, b.g, b.p, b.depth, g))
      continue;
    HsPat parts[MAX_SET];
    const guint n_parts = split_parts(w, core, rules, S16, n, &st, g, pt, child, parts);
    gboolean ok = FALSE;
    /* What the memo already refutes (hs_prove_parts_refuted, no search) must be unsolvable. */
    const gboolean known = hs_prove_parts_refuted(P, pt, child, parts, n_parts, r - 1);
    assert_true(hs_prove_parts_solvable(P, pt, child, parts, n_parts, r - 1, &ok, NULL));
    const gboolean want = brute_guess(&b, S, n, g, r);
    if (known && want)
      fail_msg("%s rules: guess %s at a set of %u (first %s) with %u left: refuted by the memo, solvable",
               hs_rules_name(rules), w->text[g], n, w->text[S[0]], r);
    cnt->known += known;
    if (ok != want)
      fail_msg("%s rules: guess %s at a set of %u (first %s) with %u left: prover %s, brute force %s",
               hs_rules_name(rules), w->text[g], n, w->text[S[0]], r, ok ? "solvable" : "refuted",
               want ? "solvable" : "not");
    cnt->guesses++;
    cnt->refuted += !ok;
    cnt->solvable += ok;
    if (checked != NULL)
      cnt->cores += check_cores(w, core, rules, P, checked);
  }
  g_free(child);
  g_free(pt);
}

static void
test_parts_against_brute(void **state)
{
  (void)state;
  Counts cnt = { 0 };
  for (guint seed = 1; seed <= N_LISTS; seed++) {
    GRand *rng = g_rand_new_with_seed(7000 + seed);
    g_autoptr(HsWords) w = random_lists(rng);
    g_autoptr(HsTable) t = hs_table_new(w, TRUE);
    for (guint rl = 0; rl < 3; rl++) {
      const HsRules rules = rl == 0 ? HS_RULES_NYT : rl == 1 ? HS_RULES_STRICT : HS_RULES_NONE;
      HsSearchCore *core = hs_search_core_new(t, rules);
      g_autoptr(HsProver) P = hs_prover_new(t, rules, seed % 2 ? HS_PROVE_ORDER_FAST : HS_PROVE_ORDER_GREEDY);
      for (guint c = 0; c < NODES_PER_LIST; c++)
        check_node(rng, w, core, P, rules, &cnt, 0, NULL);
      hs_search_core_free(core);
    }
    g_rand_free(rng);
  }
  print_message("prove-parts: %u guesses, %u refuted (%u by the memo alone), %u solvable\n", cnt.guesses, cnt.refuted,
                cnt.known, cnt.solvable);
  assert_true(cnt.refuted >= 50);
  assert_true(cnt.known >= 10);
  assert_true(cnt.solvable >= 50);
}

/* With budgets of 1 to 34 nodes, the parts of every guess are searched in rounds whose searches are
 * stopped over and over, at every point of a search (some provers never probe, so that their searches
 * are stopped by the rounds' budgets alone); the verdicts must still be the brute force's (five guesses
 * left at the node, so that the searches below keep cores of three), and every core kept must be
 * unsolvable: a search stopped midway must not leave its part behind as a core (prove-search.c). */
static void
test_stopped_searches_keep_no_core(void **state)
{
  (void)state;
  /* Lists where sets with three guesses left often cannot be solved, so that the searches keep cores:
   * two clusters of 8 to 12 members, two to four other answers, three to five other guesses. */
  static const ListShape hard = { { 2, 3 }, { 8, 13 }, { 2, 5 }, { 3, 6 } };
  Counts cnt = { 0 };
  for (guint seed = 1; seed <= 24; seed++) {
    GRand *rng = g_rand_new_with_seed(7100 + seed);
    g_autoptr(HsWords) w = seed % 3 == 0 ? random_lists_shaped(rng, &hard) : random_lists(rng);
    g_autoptr(HsTable) t = hs_table_new(w, TRUE);
    for (guint rl = 0; rl < 2; rl++) {
      const HsRules rules = rl == 0 ? HS_RULES_NYT : HS_RULES_NONE;
      HsSearchCore *core = hs_search_core_new(t, rules);
      g_autoptr(HsProver) P = hs_prover_new(t, rules, seed % 2 ? HS_PROVE_ORDER_FAST : HS_PROVE_ORDER_GREEDY);
      HsProveTuning tune;
      hs_prove_tuning_init(&tune);
      static const guint budgets[] = { 1, 2, 3, 5, 8, 13, 21, 34 };
      tune.part_budget = budgets[seed % G_N_ELEMENTS(budgets)];
      tune.probe_budget = 1 + seed % 3;
      tune.probe_min_r = seed % 3 == 1 ? 0 : tune.probe_min_r; /* some never probe */
      hs_prover_set_tuning(P, &tune);
      g_autoptr(GHashTable) checked = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
      for (guint c = 0; c < 6; c++)
        check_node(rng, w, core, P, rules, &cnt, 5, checked);
      hs_search_core_free(core);
    }
    g_rand_free(rng);
  }
  print_message("stopped searches: %u guesses, %u refuted, %u cores checked\n", cnt.guesses, cnt.refuted, cnt.cores);
  assert_true(cnt.guesses >= 100);
  assert_true(cnt.cores >= 20);
}

/* A cancelled prover refutes nothing and says so. */
static void
test_cancelled(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_tiny();
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  HsSearchCore *core = hs_search_core_new(t, HS_RULES_NYT);
  g_autoptr(HsProver) P = hs_prover_new(t, HS_RULES_NYT, HS_PROVE_ORDER_FAST);
  volatile gint cancel = 1;
  hs_prover_set_cancel(P, &cancel);
  guint16 all[MAX_SET];
  const guint n = MIN(w->n_answers, (guint)MAX_SET);
  for (guint a = 0; a < n; a++)
    all[a] = (guint16)a;
  guint64 h1, h2;
  hs_set_hash(core, all, n, &h1, &h2);
  HsState st;
  hs_state_init(&st);
  HsPartition *pt = g_new0(HsPartition, 1);
  pt->buf = all;
  pt->size[0] = (guint16)n;
  pt->h1[0] = h1;
  pt->h2[0] = h2;
  const HsPat parts[] = { 0 };
  gboolean ok = FALSE;
  /* Tiny lists: the first node may answer before it reads the flag, but never with a refutation. */
  for (guint r = 1; r <= 4; r++)
    if (!hs_prove_parts_solvable(P, pt, &st, parts, 1, r, &ok, NULL))
      assert_true(ok);
  g_free(pt);
  hs_search_core_free(core);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parts_against_brute),
    cmocka_unit_test(test_cancelled),
    cmocka_unit_test(test_stopped_searches_keep_no_core),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
