/* hardsix — proving many openers in parallel (prove --all). A unit of openers (openers with like
 * letters) is decided by one thread from an empty memo, one opener after another, each writing only its
 * own row, so rows never depend on the schedule. */
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

static gint
cmp_by_unit(gconstpointer a, gconstpointer b, gpointer user)
{
  const guint *const *u = user; /* u[0]: units, u[1]: rank in letter order */
  const guint x = *(const guint *)a, y = *(const guint *)b;
  if (u[0][x] != u[0][y])
    return u[0][x] < u[0][y] ? -1 : 1;
  return u[1][x] < u[1][y] ? -1 : u[1][x] > u[1][y];
}

/* ORDER gets the positions of OPENERS unit after unit (units in increasing number, a unit's openers in
 * letter order), START[u] where the u-th unit starts (START[n_units] = N); returns n_units. Without
 * UNITS every opener is a unit of its own, in OPENERS order. */
static guint
order_units(const HsWords *words, const guint32 *openers, guint n, const guint *units, guint *order, guint *start)
{
  if (units == NULL) {
    for (guint i = 0; i <= n; i++) {
      if (i < n)
        order[i] = i;
      start[i] = i;
    }
    return n;
  }
  /* An opener out of range is ordered as word 0 here; its decision reports the error. */
  g_autofree guint *rank = g_new(guint, MAX(1u, n));
  g_autofree guint32 *valid = g_new(guint32, MAX(1u, n));
  for (guint i = 0; i < n; i++)
    valid[i] = openers[i] < words->n_words ? openers[i] : 0;
  hs_words_letter_order(words, valid, n, order);
  for (guint t = 0; t < n; t++)
    rank[order[t]] = t;
  const guint *by[2] = { units, rank };
  g_qsort_with_data(order, (gint)n, sizeof *order, cmp_by_unit, by);
  guint n_units = 0;
  for (guint t = 0; t < n; t++)
    if (t == 0 || units[order[t]] != units[order[t - 1]])
      start[n_units++] = t;
  start[n_units] = n;
  return n_units;
}

/* Decides opener I into ROWS[I] (NEXT: with what the decisions before it in its unit settled); FALSE
 * when it failed with an error other than the node limit. */
static gboolean
decide_row(HsProver *prover, const guint32 *openers, guint i, gboolean next, guint max_guesses, HsProveAllRow *row,
           GError **error)
{
  memset(row, 0, sizeof *row);
  row->opener = openers[i];
  HsProveStats st = { 0 };
  double t0 = hs_parallel_thread_seconds();
  gboolean ok = next ? hs_prover_decide_next(prover, openers[i], max_guesses, &row->proven, &st, error)
                     : hs_prover_decide(prover, openers[i], max_guesses, &row->proven, &st, error);
  if (!ok) {
    if (!g_error_matches(*error, HS_PROVE_ERROR, HS_PROVE_ERROR_UNDECIDED))
      return FALSE;
    g_clear_error(error);
    row->proven = FALSE;
    row->undecided = TRUE;
  }
  row->nodes = st.nodes;
  row->other_order = st.other_order;
  row->seconds = hs_parallel_thread_seconds() - t0;
  return TRUE;
}

gboolean
hs_prove_all(const HsTable *table, HsRules rules, const guint32 *openers, guint n, const HsProveAllOptions *options,
             HsProveAllRow *rows, GError **error)
{
  GError **errors = g_new0(GError *, n);
  gint first_failed = G_MAXINT; /* index of the first opener that failed so far */
  guint done = 0, proven = 0;
  g_autofree guint *order = g_new(guint, MAX(1u, n));
  g_autofree guint *start = g_new(guint, (gsize)n + 1);
  /* Under a node limit every opener is decided alone: what a predecessor left in the memo would
   * depend on the limit, and a row decided within a limit must be the same under any larger one. */
  const guint *units = options->max_nodes == 0 ? options->units : NULL;
  const gint64 n_units = order_units(hs_table_words(table), openers, n, units, order, start);

#pragma omp parallel
  {
    HsProver *prover = hs_prover_new(table, rules, options->order);
    hs_prover_set_cancel(prover, options->cancel);
    hs_prover_set_node_limit(prover, options->max_nodes);
    /* After a failure only the openers before it are still decided, so that the error reported is
     * always that of the first failing opener. */
#pragma omp for schedule(dynamic, 1)
    for (gint64 u = 0; u < n_units; u++) {
      for (guint t = start[u]; t < start[u + 1]; t++) {
        const guint i = order[t];
        if ((gint)i > g_atomic_int_get(&first_failed) || hs_parallel_cancelled(options->cancel))
          continue;
        if (!decide_row(prover, openers, i, t > start[u], options->max_guesses, &rows[i], &errors[i])) {
          atomic_min(&first_failed, (gint)i);
          continue;
        }
#pragma omp critical(hs_prove_all_progress)
        {
          done++;
          proven += rows[i].proven;
          if (options->progress)
            options->progress(done, n, proven, options->progress_user);
        }
      }
    }
    hs_prover_free(prover);
  }

  gboolean ok = hs_parallel_verdict(errors, n, options->cancel, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, error);
  g_free(errors);
  return ok;
}
