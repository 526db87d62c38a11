/* hardsix — probing a partition's parts in rounds: an opener's, or another engine's (prove-parts.h). */
#include <string.h>

#include "prove-parts.h"
#include "prove-private.h"

/* Orders OPEN[0..n_open) hardest first (hs_prove_hardness, stable: then as they were). */
static void
sort_by_hardness(HsProver *P, const HsPartition *pt, const HsState *child, HsPat *open, guint n_open, guint r)
{
  guint hard[HS_PATTERNS];
  for (guint k = 0; k < n_open; k++)
    hard[open[k]] = hs_prove_hardness(P, pt->buf + pt->start[open[k]], pt->size[open[k]], &child[open[k]], r);
  for (guint i = 1; i < n_open; i++) {
    HsPat v = open[i];
    guint j = i;
    for (; j > 0 && hard[open[j - 1]] < hard[v]; j--)
      open[j] = open[j - 1];
    open[j] = v;
  }
}

gboolean
hs_prove_probe_parts(HsProver *P, const HsPartition *pt, const HsState *child, HsPat *open, guint n_open, guint r,
                     guint lvl, gboolean rounds, HsPat *failed)
{
  /* Without rounds: one round, no budget, the parts as given. */
  guint64 budget = rounds ? P->tuning.part_budget : 0;
  gboolean by_hardness = !rounds;
  while (n_open > 0) {
    if (!by_hardness && (budget == 0 || budget >= HARDNESS_FROM)) {
      /* The parts are expensive: those most likely to fail first. */
      sort_by_hardness(P, pt, child, open, n_open, r);
      by_hardness = TRUE;
    }
    guint still = 0;
    for (guint k = 0; k < n_open; k++) {
      const guint p = open[k];
      guint32 g;
      /* The search reads the flag every CANCEL_EVERY nodes; a part refuted in fewer must not miss it. */
      if (P->cancel != NULL && *P->cancel) {
        P->cancelled = TRUE;
        return FALSE;
      }
      P->deadline = budget ? MAX(1u, P->stats.nodes + budget) : 0;
      const gboolean ok =
        hs_prove_solve(P, pt->buf + pt->start[p], pt->size[p], pt->h1[p], pt->h2[p], &child[p], r, lvl, &g);
      P->deadline = 0;
      if (P->cancelled)
        return FALSE;
      if (P->aborted) {
        P->aborted = FALSE;
        if (P->limit != 0 && P->stats.nodes >= P->limit) {
          P->undecided = TRUE;
          return FALSE;
        }
        open[still++] = (HsPat)p;
      } else if (!ok) {
        *failed = (HsPat)p;
        return FALSE;
      }
    }
    n_open = still;
    /* No last round without a budget while several parts are open: an expensive part that works must
     * not hold up a cheaper one that fails. A part left alone is searched to the end at once: a
     * budget only makes it start again. */
    budget = budget > G_MAXUINT64 / PROBE_GROWTH || n_open == 1 ? 0 : budget * PROBE_GROWTH;
  }
  return TRUE;
}

/* Before the prover answers another engine: every order and cluster test the escalation of an opener
 * would reach, from the start (the sets asked about lie near the boundary of the cap, where they pay),
 * and no limit. Level 0 is free: this prover decides no opener. */
static void
begin_answer(HsProver *P)
{
  P->order = P->first_order;
  P->clusters = TRUE;
  P->limit = 0;
  P->undecided = FALSE;
}

gboolean
hs_prove_parts_solvable(HsProver *P, const HsPartition *pt, const HsState *child, const HsPat *parts, guint n, guint r,
                        gboolean *solvable, HsPat *failed)
{
  *solvable = TRUE;
  if (P->cancelled)
    return FALSE;
  HsPat open[HS_PATTERNS];
  const guint n_open = MIN(n, (guint)HS_PATTERNS);
  memcpy(open, parts, n_open * sizeof *open);
  begin_answer(P);
  HsPat bad;
  if (hs_prove_probe_parts(P, pt, child, open, n_open, r, 0, TRUE, &bad))
    return TRUE;
  if (P->cancelled)
    return FALSE;
  *solvable = FALSE;
  if (failed != NULL)
    *failed = bad;
  return TRUE;
}

guint64
hs_prove_nodes(const HsProver *P)
{
  return P->stats.nodes;
}

gboolean
hs_prove_set_solvable(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r, guint64 budget,
                      gboolean *solvable, guint64 *spent)
{
  *solvable = TRUE;
  if (P->cancelled)
    return FALSE;
  begin_answer(P);
  guint64 h1, h2;
  hs_set_hash(P->core, S, n, &h1, &h2);
  const guint64 before = P->stats.nodes;
  P->deadline = budget ? MAX(1u, P->stats.nodes + budget) : 0;
  guint32 g;
  const gboolean ok = hs_prove_solve(P, S, n, h1, h2, st, r, 0, &g);
  P->deadline = 0;
  *spent += P->stats.nodes - before;
  if (P->cancelled)
    return FALSE;
  if (P->aborted) {
    P->aborted = FALSE;
    return FALSE;
  }
  *solvable = ok;
  return TRUE;
}

gboolean
hs_prove_parts_refuted(const HsProver *P, const HsPartition *pt, const HsState *child, const HsPat *parts, guint n,
                       guint r)
{
  if (P->memo.count == 0)
    return FALSE;
  guint64 k1[HS_PATTERNS], k2[HS_PATTERNS];
  n = MIN(n, (guint)HS_PATTERNS);
  /* Every slot is a cache miss: all are asked for before the first is read. */
  for (guint k = 0; k < n; k++) {
    const HsPat p = parts[k];
    hs_search_key(pt->h1[p], pt->h2[p], &child[p], pt->size[p], r, &k1[k], &k2[k]);
    hs_memo_prefetch(&P->memo, k1[k]);
  }
  for (guint k = 0; k < n; k++) {
    const HsMemoEntry *e = hs_memo_find(&P->memo, k1[k], k2[k]);
    if (e != NULL && e->val == MEMO_FAIL)
      return TRUE;
  }
  return FALSE;
}

HsMemo *
hs_prover_memo(HsProver *P)
{
  return &P->memo;
}
