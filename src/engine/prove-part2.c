/* hardsix — the prover's last two levels: a set with two guesses left must be split into singletons by
 * one legal guess (solve2), and a part of a node with three guesses left is answered from that node's
 * sub-table (part2), with a filter of the words that could split it. */
#include "prove-private.h"

#include <string.h>

/* Builds L->lbits for the pool L->legal[0..n_legal). */
static void
build_lbits(HsProver *P, Level *L)
{
  const guint nb = (L->n_legal + 63) / 64, stride = hs_prove_lbits_stride(P);
  for (guint c = 0; c < HS_CODES; c++)
    memset(L->lbits + (gsize)c * stride, 0, nb * sizeof(guint64));
  for (guint j = 0; j < L->n_legal; j++)
    for (HsLetters x = P->core->has[L->legal[j]][0]; !hs_l_empty(x); x = hs_l_drop_first(x))
      L->lbits[(gsize)hs_l_first(x) * stride + j / 64] |= G_GUINT64_CONSTANT(1) << (j % 64);
  L->lbits_ok = TRUE;
}

/* The pool positions of level L whose word may split T (K answers) into singletons, into L->cand;
 * FALSE when there are none. Two answers get the same feedback from every word that holds none of
 * the letters at the positions where they differ (bound.h shows it for one position; the argument is
 * the same for several), so a word that splits T holds, for every cluster of T, all variants but one
 * at most, and for every pair of neighbours of T, a letter where they differ. Only words that cannot
 * split T are left out: the first word that does is the same as without the filter. */
static gboolean
part2_candidates(HsProver *P, Level *L, const guint16 *T, guint k)
{
  if (!L->lbits_ok)
    build_lbits(P, L);
  const guint nb = (L->n_legal + 63) / 64, stride = hs_prove_lbits_stride(P);
  const guint64 *lb = L->lbits;
  guint64 *cand = L->cand;
  for (guint b = 0; b < nb; b++)
    cand[b] = G_MAXUINT64;
  if (L->n_legal % 64)
    cand[nb - 1] = (G_GUINT64_CONSTANT(1) << (L->n_legal % 64)) - 1;
  HsCluster cl[PART2_CLUSTERS];
  const guint m = hs_bound_find(P->bound, T, k, 2, cl, PART2_CLUSTERS);
  for (guint q = 0; q < m; q++) {
    guint64 any = 0;
    for (guint b = 0; b < nb; b++) {
      guint64 m1 = 0, m2 = 0; /* positions missing at least one, at least two variants */
      for (HsLetters x = cl[q].v; !hs_l_empty(x); x = hs_l_drop_first(x)) {
        guint64 miss = ~lb[(gsize)hs_l_first(x) * stride + b];
        m2 |= m1 & miss;
        m1 |= miss;
      }
      cand[b] &= ~m2;
      any |= cand[b];
    }
    if (any == 0)
      return FALSE;
  }
  const guint8(*let)[HS_MAX_LEN] = P->let;
  for (guint i = 0; i + 1 < k; i++) {
    HsLetters diff = hs_l_none();
    guint nd = 0;
    for (guint j = 0; j < HS_MAX_LEN; j++)
      if (let[T[i]][j] != let[T[i + 1]][j]) {
        diff = hs_l_or(diff, hs_l_or(hs_l_bit(let[T[i]][j]), hs_l_bit(let[T[i + 1]][j])));
        nd++;
      }
    if (nd > PART2_PAIR_DIFF)
      continue;
    guint64 any = 0;
    for (guint b = 0; b < nb; b++) {
      guint64 hold = 0;
      for (HsLetters x = diff; !hs_l_empty(x); x = hs_l_drop_first(x))
        hold |= lb[(gsize)hs_l_first(x) * stride + b];
      cand[b] &= hold;
      any |= cand[b];
    }
    if (any == 0)
      return FALSE;
  }
  return TRUE;
}

/* part2's test of pool position J of level L: TRUE (remembered under CHILD) when its word splits T
 * into singletons and CHILD allows it; the first word that splits T is remembered under the parent's
 * state (*PARENT_OK). */
static inline gboolean
part2_row(HsProver *P, Level *L, const guint16 *T, const guint16 *tl, guint k, guint j, gboolean *parent_ok,
          guint64 pk1, guint64 pk2, const HsState *child, guint64 ck1, guint64 ck2)
{
  /* The node's row of the word, or its row of the feedback table. */
  const HsPat *row = L->sub_all ? L->sub + (gsize)j * L->sub_n : P->rows[L->legal[j]];
  if (!hs_set_injective(row, L->sub_all ? tl : T, k))
    return FALSE;
  const guint w = L->legal[j];
  if (!*parent_ok) {
    hs_memo_put_weighted(&P->memo, pk1, pk2, w, hs_memo_weight(2, k));
    *parent_ok = TRUE;
  }
  if (!hs_state_allows(P->core, child, w))
    return FALSE;
  hs_memo_put_weighted(&P->memo, ck1, ck2, w, hs_memo_weight(2, k));
  return TRUE;
}

/* A part T (K answers, hashes H1/H2) of a node with three guesses left, after its guess: can one guess
 * legal under CHILD split T into singletons? Answered from the node's sub-table (rows of its legal
 * words, restricted to its set) instead of the feedback table. The same question under the node's own
 * (weaker) state PARENT is answered on the way and memoised too: many guesses of the node leave the
 * same part, and when T fails under PARENT it fails under every stronger state. Order: candidates of
 * T, then legal words in canonical order, as in solve2. */
gboolean
hs_prove_part2(HsProver *P, Level *L, const guint16 *T, guint k, guint64 pk1, guint64 pk2, gboolean parent_ok,
               const HsState *child, guint64 ck1, guint64 ck2)
{
  P->stats.nodes++;
  /* With the node's parts per word (L->dist), only words that make at least k parts of its set can
   * split T: the first that does is the same as without the filter. */
  const gboolean by_parts = L->sub_all && L->dist_ok;
  for (guint i = 0; i < k; i++) {
    if (by_parts && L->dist[L->ppos[T[i]]] < k)
      continue;
    if (hs_set_injective(P->rows[T[i]], T, k)) {
      hs_memo_put_weighted(&P->memo, ck1, ck2, T[i], hs_memo_weight(2, k));
      if (!parent_ok)
        hs_memo_put_weighted(&P->memo, pk1, pk2, T[i], hs_memo_weight(2, k));
      return TRUE;
    }
  }
  guint16 tl[HS_PATTERNS];
  for (guint i = 0; i < k; i++)
    tl[i] = L->loc[T[i]];
  if (by_parts && L->n_ge[k] <= BY_PARTS_MAX) {
    /* Few words make k parts: those, in canonical order. */
    guint32 few[BY_PARTS_MAX];
    const guint nf = L->n_ge[k];
    memcpy(few, L->by_parts, nf * sizeof *few);
    for (guint a = 1; a < nf; a++) {
      const guint32 v = few[a];
      guint b = a;
      for (; b > 0 && few[b - 1] > v; b--)
        few[b] = few[b - 1];
      few[b] = v;
    }
    for (guint q = 0; q < nf; q++)
      if (part2_row(P, L, T, tl, k, few[q], &parent_ok, pk1, pk2, child, ck1, ck2))
        return TRUE;
  } else {
    /* The first block of the pool unfiltered (a part that some word splits usually meets one there),
     * then the words part2_candidates leaves. */
    const guint first = MIN(L->n_legal, 64u);
    for (guint j = 0; j < first; j++)
      if (!(by_parts && L->dist[j] < k) && part2_row(P, L, T, tl, k, j, &parent_ok, pk1, pk2, child, ck1, ck2))
        return TRUE;
    if (L->n_legal > first && part2_candidates(P, L, T, k)) {
      const guint nb = (L->n_legal + 63) / 64;
      for (guint b = 1; b < nb; b++)
        for (guint64 bits = L->cand[b]; bits; bits &= bits - 1) {
          const guint j = b * 64 + (guint)__builtin_ctzll(bits);
          if (!(by_parts && L->dist[j] < k) && part2_row(P, L, T, tl, k, j, &parent_ok, pk1, pk2, child, ck1, ck2))
            return TRUE;
        }
    }
  }
  if (!parent_ok)
    hs_memo_put_weighted(&P->memo, pk1, pk2, MEMO_FAIL, hs_memo_weight(2, k));
  hs_memo_put_weighted(&P->memo, ck1, ck2, MEMO_FAIL, hs_memo_weight(2, k));
  return FALSE;
}

/* Two guesses left: some legal guess must give every candidate its own pattern. Candidates first (in
 * canonical order), then the other legal words in canonical order. */
gboolean
hs_prove_solve2(HsProver *P, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 *guess)
{
  for (guint i = 0; i < n; i++)
    if (hs_set_injective(P->rows[S[i]], S, n)) {
      *guess = S[i];
      return TRUE;
    }
  Level *L = hs_prove_level(P, lvl);
  guint n_legal = hs_state_legal(P->core, st, P->acc, L->legal);
  L->lbits_ok = FALSE;
  for (guint j = 0; j < n_legal; j++) {
    guint w = L->legal[j];
    if (hs_set_injective(P->rows[w], S, n)) {
      *guess = w;
      return TRUE;
    }
  }
  return FALSE;
}
