/* hardsix — the prover's refutations that need no search of their own: a set refuted by its clusters
 * (bound.h), a node with three guesses left refuted from the feedback table, and how hard a set
 * looks (which orders the driver's work). */
#include "prove-private.h"

/* hs_bound_measure of CL[0..m) on the legal pool P->acc under BS; in normal mode (no state, every
 * word legal) the measures B remembers per variant set. */
static void
measure(HsProver *P, const HsBoundState *bs, HsCluster *cl, guint m)
{
  if (P->rules == HS_RULES_NONE)
    hs_bound_measure_free(P->bound, cl, m);
  else
    hs_bound_measure(P->bound, P->acc, bs, cl, m);
}

/* The clusters of S under ST (bound.h): TRUE when one shows that S cannot be solved within R guesses.
 * Otherwise level LVL keeps the tight ones (they need all R guesses), with which try_guess rejects the
 * guesses that test too few of their variants. */
gboolean
hs_prove_refuted_by_clusters(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r, guint lvl)
{
  Level *L = hs_prove_level(P, lvl);
  L->n_clus = hs_bound_find(P->bound, S, n, r, L->clus, CLUSTER_MAX);
  if (L->n_clus == 0)
    return FALSE;
  hs_state_bits(P->core, st, P->acc);
  hs_bound_state(P->bound, st, &L->bst);
  measure(P, &L->bst, L->clus, L->n_clus);
  if (hs_bound_refutes(L->clus, L->n_clus, r)) {
    L->n_clus = 0;
    return TRUE;
  }
  /* When the clusters reject every legal word, no first guess works. */
  for (guint blk = 0; blk < P->core->n_blocks; blk++)
    for (guint64 x = P->acc[blk]; x; x &= x - 1)
      if (!hs_bound_rejects(P->bound, L->clus, L->n_clus, blk * 64 + (guint)__builtin_ctzll(x), r, &L->bst))
        return FALSE;
  L->n_clus = 0;
  return TRUE;
}

guint
hs_prove_hardness(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r)
{
  HsCluster cl[CLUSTER_MAX];
  const guint m = hs_bound_find(P->bound, S, n, 2, cl, CLUSTER_MAX);
  if (m == 0)
    return 0;
  hs_state_bits(P->core, st, P->acc);
  HsBoundState bs;
  hs_bound_state(P->bound, st, &bs);
  measure(P, &bs, cl, m);
  guint legal = 0, rejected = 0;
  for (guint blk = 0; blk < P->core->n_blocks; blk++)
    for (guint64 x = P->acc[blk]; x; x &= x - 1) {
      legal++;
      rejected += hs_bound_rejects(P->bound, cl, m, blk * 64 + (guint)__builtin_ctzll(x), r, &bs);
    }
  return legal ? (guint)((guint64)rejected * 1000 / legal) : 0;
}

/* A quick refutation of a node with three guesses left (its pool gathered, its clusters in L->clus),
 * tried when the clusters reject all but QUICK_MAX legal words: TRUE when every legal word is rejected by the clusters or leaves a part that no word legal after it
 * splits into singletons (part2, reading the feedback table: nothing is scored). FALSE as soon as a
 * word passes; the node is then searched as usual, with what part2 remembered. */
gboolean
hs_prove_refuted_at_three(HsProver *P, Level *L, const guint16 *S, guint n, const HsState *st, guint r)
{
  /* Worth it only when the clusters leave few words: else the node is searched as usual. */
  guint n_left = 0;
  for (guint j = 0; j < L->n_legal; j++)
    if (!hs_bound_rejects(P->bound, L->clus, L->n_clus, L->legal[j], r, &L->bst)) {
      if (n_left == QUICK_MAX)
        return FALSE;
      L->unknown[n_left++] = j; /* free until the search proper */
    }
  guint64 sa, sb;
  hs_state_hash(st, &sa, &sb);
  L->sub_ok = L->sub_all = FALSE;
  for (guint q = 0; q < n_left; q++) {
    const guint w = L->legal[L->unknown[q]];
    if (!hs_partition_make(&L->part, P->core, S, n, P->rows[w], NULL, PATS(P)))
      continue;
    /* Largest part first. */
    guint order[HS_PATTERNS], n_parts = 0;
    for (guint k = 0; k < L->part.n_pats; k++) {
      const guint p = L->part.pats[k];
      if (p == P->all_green || L->part.size[p] <= 2)
        continue;
      guint i = n_parts++;
      for (; i > 0 && L->part.size[order[i - 1]] < L->part.size[p]; i--)
        order[i] = order[i - 1];
      order[i] = p;
    }
    gboolean fails = FALSE;
    for (guint k = 0; k < n_parts && !fails; k++) {
      const guint p = order[k], size = L->part.size[p];
      const guint16 *T = L->part.buf + L->part.start[p];
      guint64 pk1, pk2, ck1, ck2;
      hs_search_key_with_state(L->part.h1[p], L->part.h2[p], sa, sb, size, 2, &pk1, &pk2);
      HsState child = *st;
      hs_state_add(&child, P->core, P->let[w], (HsPat)p);
      const HsMemoEntry *e = hs_memo_find(&P->memo, pk1, pk2);
      if (e != NULL && e->val == MEMO_FAIL) {
        fails = TRUE;
        continue;
      }
      if (e != NULL && hs_state_allows(P->core, &child, (guint)e->val))
        continue;
      const gboolean parent_ok = e != NULL;
      hs_search_key(L->part.h1[p], L->part.h2[p], &child, size, 2, &ck1, &ck2);
      e = hs_memo_find(&P->memo, ck1, ck2);
      if (e != NULL)
        fails = e->val == MEMO_FAIL;
      else
        fails = !hs_prove_part2(P, L, T, size, pk1, pk2, parent_ok, &child, ck1, ck2);
    }
    if (!fails)
      return FALSE;
  }
  return TRUE;
}
