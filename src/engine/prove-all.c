/* hardsix — proving many openers in parallel (prove --all). Each opener is decided by one thread from
 * an empty memo and writes only its own row, so rows never depend on the schedule. */
#include "hardsix/engine/prove.h"
#include "util/parallel.h"

#include <string.h>

/* *P = MIN(*P, V), atomically. */
static void
atomic_min(gint *p, gint v)
{
  gint old;
  while ((old = g_atomic_int_get(p)) > v && !g_atomic_int_compare_and_exchange(p, old, v))
    ;
}

gboolean
hs_prove_all(const HsTable *table, HsRules rules, const guint32 *openers, guint n, const HsProveAllOptions *options,
             HsProveAllRow *rows, GError **error)
{
  GError **errors = g_new0(GError *, n);
  gint first_failed = G_MAXINT; /* index of the first opener that failed so far */
  guint done = 0, proven = 0;
  gint64 n_signed = n;

#pragma omp parallel
  {
    HsProver *prover = hs_prover_new(table, rules, options->order);
    hs_prover_set_cancel(prover, options->cancel);
    hs_prover_set_node_limit(prover, options->max_nodes);
    /* After a failure only the openers before it are still decided, so that the error reported is
     * always that of the first failing opener. */
#pragma omp for schedule(dynamic, 1)
    for (gint64 i = 0; i < n_signed; i++) {
      if (i > g_atomic_int_get(&first_failed) || hs_parallel_cancelled(options->cancel))
        continue;
      HsProveAllRow *row = &rows[i];
      memset(row, 0, sizeof *row);
      row->opener = openers[i];
      HsProveStats st = { 0 };
      double t0 = hs_parallel_thread_seconds();
      if (!hs_prover_decide(prover, openers[i], options->max_guesses, &row->proven, &st, &errors[i])) {
        if (!g_error_matches(errors[i], HS_PROVE_ERROR, HS_PROVE_ERROR_UNDECIDED)) {
          atomic_min(&first_failed, (gint)i);
          continue;
        }
        g_clear_error(&errors[i]);
        row->proven = FALSE;
        row->undecided = TRUE;
      }
      row->nodes = st.nodes;
      row->other_order = st.other_order;
      row->seconds = hs_parallel_thread_seconds() - t0;
#pragma omp critical(hs_prove_all_progress)
      {
        done++;
        proven += row->proven;
        if (options->progress)
          options->progress(done, n, proven, options->progress_user);
      }
    }
    hs_prover_free(prover);
  }

  gboolean ok = hs_parallel_verdict(errors, n, options->cancel, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, error);
  g_free(errors);
  return ok;
}
