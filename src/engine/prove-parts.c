/* hardsix — the prover as another engine's feasibility test (prove-parts.h). */
#include "prove-parts.h"
#include "prove-private.h"

gboolean
hs_prove_parts_solvable(HsProver *P, guint n, const guint16 *const *sets, const guint *sizes, const guint64 *h1,
                        const guint64 *h2, const HsState *const *states, guint r, gboolean *solvable)
{
  *solvable = TRUE;
  if (P->cancelled)
    return FALSE;
  guint open[HS_PATTERNS];
  guint n_open = MIN(n, (guint)HS_PATTERNS);
  for (guint k = 0; k < n_open; k++)
    open[k] = k;
  /* Every order and cluster test the escalation of an opener would reach, from the start: the parts
   * asked about lie near the boundary of the cap, where they pay. */
  P->order = P->first_order;
  P->clusters = TRUE;
  P->limit = 0;
  guint64 budget = P->tuning.part_budget;
  while (n_open > 0) {
    /* A part left alone is searched to the end at once: a budget would only make it start again. */
    if (n_open == 1)
      budget = 0;
    guint still = 0;
    for (guint i = 0; i < n_open; i++) {
      const guint k = open[i];
      guint32 g;
      P->deadline = budget ? MAX(1u, P->stats.nodes + budget) : 0;
      const gboolean ok = hs_prove_solve(P, sets[k], sizes[k], h1[k], h2[k], states[k], r, 0, &g);
      P->deadline = 0;
      if (P->cancelled)
        return FALSE;
      if (P->aborted) {
        P->aborted = FALSE;
        open[still++] = k;
      } else if (!ok) {
        *solvable = FALSE;
        return TRUE;
      }
    }
    n_open = still;
    budget = budget > G_MAXUINT64 / PROBE_GROWTH ? 0 : budget * PROBE_GROWTH;
  }
  return TRUE;
}
