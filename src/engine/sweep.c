/* hardsix — sweep: the greedy construction for many openers, fail-first and in parallel. Each opener
 * writes only its own row; the shared problem list steers the order of work, never a result. */
#include "hardsix/engine/sweep.h"
#include "util/parallel.h"

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

G_DEFINE_QUARK(hs_sweep_error_quark, hs_sweep_error)

guint
hs_sweep_shard(const guint32 *openers, guint n, guint k, guint of, guint32 *out)
{
  guint m = 0;
  for (guint i = k - 1; i < n; i += of)
    out[m++] = openers[i];
  return m;
}

/* The openers whose KEY (a unit or group number) is K - 1 modulo OF, in their order. */
static guint
shard_by_key(const guint32 *openers, const guint *key, guint n, guint k, guint of, guint32 *out)
{
  guint m = 0;
  for (guint i = 0; i < n; i++)
    if (key[i] % of == k - 1)
      out[m++] = openers[i];
  return m;
}

guint
hs_sweep_shard_by_letters(const HsWords *words, const guint32 *openers, guint n, guint k, guint of, guint32 *out)
{
  g_autofree guint *unit = g_new(guint, MAX(1u, n));
  hs_words_letter_units(words, openers, n, unit);
  return shard_by_key(openers, unit, n, k, of, out);
}

guint
hs_sweep_shard_by_groups(const HsWords *words, const guint32 *openers, guint n, guint k, guint of, guint32 *out)
{
  g_autofree guint *group = g_new(guint, MAX(1u, n));
  hs_words_letter_groups(words, openers, n, group);
  return shard_by_key(openers, group, n, k, of, out);
}

static void
fill_row(HsSweepRow *row, const HsStrategy *s, gboolean exact)
{
  row->pass = s->n_over == 0 && s->complete;
  row->exact = exact || row->pass;
  if (!row->exact)
    return;
  row->hist = s->hist;
  row->worst = hs_histogram_worst(&s->hist);
  row->n_over = s->n_over;
  row->total = hs_histogram_total(&s->hist);
  row->first_over = HS_NONE;
  for (guint i = 0; i < s->n_over_answers; i++)
    row->first_over = MIN(row->first_over, s->over_answers[i]);
}

static gint
cmp_failures(gconstpointer a, gconstpointer b, gpointer fail_counts)
{
  const guint *f = fail_counts;
  guint x = *(const guint *)a, y = *(const guint *)b;
  if (f[x] != f[y])
    return f[x] > f[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

guint
hs_sweep_rank_failures(const guint *fail_counts, guint n_answers, guint *out)
{
  guint m = 0;
  for (guint a = 0; a < n_answers; a++)
    if (fail_counts[a] > 0)
      out[m++] = a;
  g_qsort_with_data(out, (gint)m, sizeof *out, cmp_failures, (gpointer)fail_counts);
  return m;
}

gboolean
hs_sweep_run(const HsTable *table, const HsPolicy *policy, const guint32 *openers, guint n,
             const HsSweepOptions *options, HsSweepRow *rows, guint *fail_counts, GError **error)
{
  const HsWords *w = hs_table_words(table);
  /* Shared problem list: failures found so far, per answer. Read and written only inside the
   * critical sections below; each task works from its own snapshot. */
  g_autofree guint *shared = g_new0(guint, w->n_answers);
  GError **errors = g_new0(GError *, n);
  guint done = 0, passing = 0;
  gint64 n_signed = n;

#pragma omp parallel
  {
    guint *snapshot = options->fail_first ? g_new0(guint, w->n_answers) : NULL;
#pragma omp for schedule(dynamic, 1)
    for (gint64 i = 0; i < n_signed; i++) {
      if (hs_parallel_cancelled(options->cancel))
        continue;
      HsPolicy p = *policy;
      p.stop_at_first_fail = !options->full;
      if (snapshot != NULL) {
#pragma omp critical(hs_sweep_problems)
        memcpy(snapshot, shared, w->n_answers * sizeof *shared);
        p.priority = snapshot;
      } else {
        p.priority = NULL;
      }
      HsSweepRow *row = &rows[i];
      memset(row, 0, sizeof *row);
      row->opener = openers[i];
      HsStrategy *s = hs_greedy_build(table, openers[i], &p, &errors[i]);
      if (s != NULL) {
        fill_row(row, s, options->full);
#pragma omp critical(hs_sweep_problems)
        {
          for (guint k = 0; k < s->n_over_answers; k++)
            shared[s->over_answers[k]]++;
          done++;
          passing += row->pass;
          if (options->progress)
            options->progress(done, n, passing, options->progress_user);
        }
        hs_strategy_free(s);
      }
    }
    g_free(snapshot);
  }

  gboolean ok = hs_parallel_verdict(errors, n, options->cancel, HS_SWEEP_ERROR, HS_SWEEP_ERROR_CANCELLED, error);
  g_free(errors);
  if (fail_counts != NULL)
    memcpy(fail_counts, shared, w->n_answers * sizeof *shared);
  return ok;
}
