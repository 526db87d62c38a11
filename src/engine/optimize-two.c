/* hardsix — the optimiser with two guesses left (see optimize-private.h for the method): a set costs
 * 2n when a legal word splits it into singletons and cannot be solved otherwise, whatever the budget;
 * the answers are kept in a direct-mapped cache of their own rather than in the memo. */
#include "optimize-private.h"

/* The scored node of level L's pool positions that make at least three parts of its set, most parts
 * first, into L->kidx (a word's k is at most the set's size). */
static void
build_kidx(Level *L)
{
  guint32 *count = L->kcount;
  memset(count, 0, ((gsize)L->n + 2) * sizeof *count);
  for (guint j = 0; j < L->m; j++)
    if (L->k[j] >= 3)
      count[L->n - L->k[j] + 1]++;
  for (guint c = 1; c <= L->n; c++)
    count[c] += count[c - 1];
  L->kidx_n = count[L->n];
  for (guint j = 0; j < L->m; j++)
    if (L->k[j] >= 3)
      L->kidx[count[L->n - L->k[j]]++] = j;
  L->kidx_ok = TRUE;
}

/* Two guesses left and no candidate splits S into singletons: the first other legal word that does
 * costs 2n; without one, S cannot be solved. A word that makes fewer than n parts of the parent's set
 * cannot separate this subset of it, so its row is not even read. */
guint32
hs_opt_solve_two(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 *guess)
{
  if (n > OPATS(O))
    return INF;
  Level *L = hs_opt_level(O, lvl);
  Level *PL = lvl > 0 && O->lv[lvl - 1]->scored ? O->lv[lvl - 1] : NULL;
  L->scored = FALSE;
  for (guint i = 0; i < n; i++)
    L->loc[S[i]] = (guint16)i;
  if (PL == NULL) {
    const guint m = hs_opt_gather_pool(O, L, NULL, S, n, st, 2);
    for (guint j = 0; j < m; j++)
      if (!is_cand(O, L, S, n, L->pool[j]) && hs_set_injective(O->core->rows[L->pool[j]], S, n)) {
        *guess = L->pool[j];
        return 2 * n;
      }
    return INF;
  }
  /* Below a scored node: its pool, in canonical order, holds every word legal here; a word that
   * makes fewer than n parts of the parent's set cannot separate S, so most are dropped unread, and
   * legality is checked last, for the few that separate S. */
  guint16 *cols = L->cols;
  for (guint i = 0; i < n; i++)
    cols[i] = PL->loc[S[i]];
  /* Only the words making at least n parts (most first); the first of them in canonical order that
   * works is the guess. */
  if (!PL->kidx_ok)
    build_kidx(PL);
  guint found = G_MAXUINT;
  for (guint t = 0; t < PL->kidx_n; t++) {
    const guint j = PL->kidx[t];
    if (PL->k[j] < n)
      break;
    const guint32 w = PL->pool[j];
    if (j >= found || is_cand(O, L, S, n, w))
      continue;
    const HsPat *src = PL->has_row[j] ? PL->sub + (gsize)j * PL->n : NULL;
    const HsPat *row = O->core->rows[w];
#if defined(HS_WIDE) && HS_WIDE
    /* 6561 bits: only the words the set touches are cleared first. */
    guint64 seen[(HS_PATTERNS + 63) / 64];
    for (guint i = 0; i < n; i++)
      seen[(src ? src[cols[i]] : row[S[i]]) >> 6] = 0;
#else
    guint64 seen[4] = { 0, 0, 0, 0 };
#endif
    guint i = 0;
    for (; i < n; i++) {
      guint p = src ? src[cols[i]] : row[S[i]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      if (seen[p >> 6] & bit)
        break;
      seen[p >> 6] |= bit;
    }
    if (i == n && hs_state_allows(O->core, st, w))
      found = j;
  }
  if (found == G_MAXUINT)
    return INF;
  *guess = PL->pool[found];
  return 2 * n;
}

/* hs_opt_solve_two through the optimiser's cache of sets with two guesses left (key K1, K2): its value
 * is 2n or INF whatever the budget, so a slot keeps only the guess. */
guint32
hs_opt_solve_two_cached(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint64 k1, guint64 k2,
                        guint32 *guess)
{
  TwoSlot *slot = &O->two[k1 & (TWO_SLOTS - 1)];
  guint32 g;
  if (slot->k2 == k2 && slot->k1hi == (guint32)(k1 >> 32) && k2 != 0) {
    O->stats.memo_hits++;
    g = slot->guess;
  } else {
    if (!hs_opt_new_node(O))
      return INF;
    g = HS_NONE;
    hs_opt_solve_two(O, S, n, st, lvl, &g);
    slot->k2 = k2;
    slot->k1hi = (guint32)(k1 >> 32);
    slot->guess = g;
  }
  if (g == HS_NONE)
    return INF;
  *guess = g;
  return 2 * n;
}
