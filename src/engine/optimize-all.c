/* hardsix — the optimiser over many openers: every opener exactly, or the K best with a shared
 * cut-off, in parallel with rows that never depend on the thread count. */
#include "hardsix/engine/optimize.h"
#include "hardsix/engine/prove.h"
#include "util/parallel.h"

#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

const char *
hs_optimize_verdict_name(HsOptimizeVerdict v)
{
  static const char *const names[] = { "optimal", "impossible", "worse" };
  return names[v];
}

/* One worker's tools: a prover for feasibility and an optimiser, reused from opener to opener; the
 * optimiser's cache of steps gets its share of the run's (THREADS workers). */
typedef struct {
  HsProver *prover;
  HsOptimizer *optimizer;
} Worker;

static void
worker_init(Worker *w, const HsTable *table, HsRules rules, const HsOptimizeAllOptions *o, guint threads)
{
  w->prover = hs_prover_new(table, rules, HS_PROVE_ORDER_FAST);
  w->optimizer = hs_optimizer_new(table, rules);
  hs_prover_set_cancel(w->prover, o->cancel);
  hs_optimizer_set_cancel(w->optimizer, o->cancel);
  hs_optimizer_share_prover(w->optimizer, w->prover);
  if (o->memo_limit)
    hs_optimizer_set_memo_limit(w->optimizer, o->memo_limit);
  hs_optimizer_set_step_cache(w->optimizer, (o->step_cache ? o->step_cache : HS_OPTIMIZE_ALL_STEP_CACHE) / threads);
}

static void
worker_clear(Worker *w)
{
  hs_prover_free(w->prover);
  hs_optimizer_free(w->optimizer);
}

/* Fills ROW for its opener: impossible (the prover says so), or the optimum, or with BOUND > 0 a
 * lower bound >= BOUND (verdict WORSE) when the optimum is not below it. With KEEP the prover decides
 * with what it settled for the openers before (hs_prover_decide_next: an anagram's all-grey part). */
static gboolean
run_one(Worker *w, guint cap, guint64 bound, gboolean keep, HsOptimizeRow *row, GError **error)
{
  double t0 = hs_parallel_thread_seconds();
  gboolean feasible = FALSE;
  if (!(keep ? hs_prover_decide_next : hs_prover_decide)(w->prover, row->opener, cap, &feasible, NULL, error))
    return FALSE;
  row->verdict = HS_OPTIMIZE_ROW_IMPOSSIBLE;
  row->total = 0;
  row->nodes = 0;
  if (feasible) {
    HsOptimizeStats st;
    gboolean exact;
    if (!hs_optimizer_value(w->optimizer, row->opener, cap, bound, &row->total, &exact, &st, error))
      return FALSE;
    row->verdict = exact ? HS_OPTIMIZE_ROW_OPTIMAL : HS_OPTIMIZE_ROW_WORSE;
    row->nodes = st.nodes;
  }
  row->seconds = hs_parallel_thread_seconds() - t0;
  return TRUE;
}

/* The K best totals so far, ascending (K <= n); the cut-off is the largest once K are known. */
typedef struct {
  guint64 *top;
  guint k, filled;
} Best;

static guint64
best_cutoff(const Best *b)
{
  return b->filled < b->k ? HS_OPTIMIZE_IMPOSSIBLE : b->top[b->k - 1];
}

static void
best_add(Best *b, guint64 total)
{
  guint i;
  if (b->filled < b->k) {
    i = b->filled++;
  } else {
    i = b->k - 1;
    if (total >= b->top[i])
      return;
  }
  b->top[i] = total;
  for (; i > 0 && b->top[i - 1] > b->top[i]; i--) {
    guint64 t = b->top[i - 1];
    b->top[i - 1] = b->top[i];
    b->top[i] = t;
  }
}

/* Orders row positions by a value per row, ties to the canonically earlier opener. */
typedef struct {
  const guint64 *value;
  const guint32 *openers;
} ByValue;

static gint
cmp_by_value(gconstpointer a, gconstpointer b, gpointer data)
{
  const ByValue *by = data;
  guint x = *(const guint *)a, y = *(const guint *)b;
  if (by->value[x] != by->value[y])
    return by->value[x] < by->value[y] ? -1 : 1;
  return by->openers[x] < by->openers[y] ? -1 : by->openers[x] > by->openers[y];
}

void
hs_optimize_settle_best(HsOptimizeRow *rows, guint n, guint k)
{
  g_autofree guint *idx = g_new(guint, MAX(1u, n));
  g_autofree guint64 *tot = g_new(guint64, MAX(1u, n));
  g_autofree guint32 *openers = g_new(guint32, MAX(1u, n));
  guint m = 0;
  for (guint i = 0; i < n; i++) {
    tot[i] = rows[i].total;
    openers[i] = rows[i].opener;
    if (rows[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL)
      idx[m++] = i;
  }
  ByValue by = { tot, openers };
  g_qsort_with_data(idx, (gint)m, sizeof *idx, cmp_by_value, &by);
  const guint64 kth = m >= k && k > 0 ? rows[idx[k - 1]].total : 0;
  for (guint t = k; t < m; t++)
    rows[idx[t]].verdict = HS_OPTIMIZE_ROW_WORSE;
  for (guint i = 0; i < n; i++)
    if (rows[i].verdict == HS_OPTIMIZE_ROW_WORSE) {
      rows[i].total = MAX(rows[i].bound, kth);
      rows[i].nodes = 0;
    }
}

/* One-step lower bounds of every opener (hs_optimizer_bound, memo-free so the same on every run), in
 * parallel: the first third of the progress; the search and the decisions of the openers it skipped
 * follow. */
static void
bound_every(const HsTable *table, HsRules rules, const guint32 *openers, const HsOptimizeAllOptions *o, guint64 *bound,
            guint n, GError **errors)
{
  guint done = 0;
  const gint64 n_signed = n;
#pragma omp parallel
  {
    HsOptimizer *opt = hs_optimizer_new(table, rules);
    hs_optimizer_set_cancel(opt, o->cancel);
#pragma omp for schedule(dynamic, 8)
    for (gint64 i = 0; i < n_signed; i++) {
      if (hs_parallel_cancelled(o->cancel))
        continue;
      if (!hs_optimizer_bound(opt, openers[i], o->max_guesses, &bound[i], &errors[i]))
        bound[i] = 0;
#pragma omp critical(hs_optimize_progress)
      {
        done++;
        if (o->progress && done % 64 == 0)
          o->progress(done / 3, n, o->progress_user);
      }
    }
    hs_optimizer_free(opt);
  }
}

/* TRUE when an opener whose one-step bound is BOUND may still be among the K best: it is not impossible,
 * and not above CUTOFF (HS_OPTIMIZE_IMPOSSIBLE while fewer than K are known). */
static gboolean
can_reach(guint64 bound, guint64 cutoff)
{
  return bound != HS_OPTIMIZE_IMPOSSIBLE && (cutoff == HS_OPTIMIZE_IMPOSSIBLE || bound <= cutoff);
}

/* Reports DONE of the N openers searched: each one, or in the K-best run (THIRD: 1 for its search, 2
 * for the decisions that follow; the bounds were the first third) every 16th and the last. */
static void
report_searched(const HsOptimizeAllOptions *o, guint done, guint n, guint third)
{
  if (o->progress == NULL)
    return;
  if (third == 0)
    o->progress(done, n, o->progress_user);
  else if (done % 16 == 0 || done == n)
    o->progress((guint)(((guint64)third * n + done) / 3), n, o->progress_user);
}

/* Orders the openers' positions so that openers with the same letters come together (groups in the
 * order of their first opener): their parts with every tile grey are the same set under the same
 * (empty) state, and that part's search dominates, so in one thread the second is answered by the
 * memo. ORDER gets the positions, GROUP[0..n_groups] where each group starts; returns n_groups. */
static guint
group_by_letters(const HsTable *table, const guint32 *openers, guint n, guint *order, guint *group)
{
  g_autofree guint *key = g_new(guint, MAX(1u, n));
  const guint n_groups = hs_words_letter_groups(hs_table_words(table), openers, n, key);
  /* Counting sort by group (stable: positions in order within a group; groups in the order of their
   * first opener). */
  g_autofree guint *count = g_new0(guint, (gsize)n_groups + 1);
  for (guint i = 0; i < n; i++)
    count[key[i] + 1]++;
  for (guint g = 0; g < n_groups; g++)
    count[g + 1] += count[g];
  for (guint g = 0; g <= n_groups; g++)
    group[g] = count[g];
  for (guint i = 0; i < n; i++)
    order[count[key[i]]++] = i;
  return n_groups;
}

/* Searches opener I of ROWS for search_openers; FALSE when it was skipped (cancelled, or with BEST
 * its one-step BOUND shows that it is impossible or cannot reach the cut-off). ROWS[I].nodes counts
 * the search; a searched opener was decided by the prover (with BEST: SEARCHED[I] set), with KEEP
 * from what it settled for the openers before (run_one). */
static gboolean
search_one(Worker *w, const HsOptimizeAllOptions *o, guint i, gboolean keep, const guint64 *bound, Best *best,
           HsOptimizeRow *rows, guint8 *searched, GError **errors)
{
  guint64 cutoff = HS_OPTIMIZE_IMPOSSIBLE;
  if (best != NULL) {
#pragma omp critical(hs_optimize_best)
    cutoff = best_cutoff(best);
  }
  if (hs_parallel_cancelled(o->cancel) || (best != NULL && !can_reach(bound[i], cutoff)))
    return FALSE;
  if (searched != NULL)
    searched[i] = 1;
  if (run_one(w, o->max_guesses, cutoff == HS_OPTIMIZE_IMPOSSIBLE ? 0 : cutoff + 1, keep, &rows[i], &errors[i]) &&
      best != NULL && rows[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL) {
#pragma omp critical(hs_optimize_best)
    best_add(best, rows[i].total);
  }
  return TRUE;
}

/* Searches the openers of ROWS in parallel, one worker per thread, in ORDER (NULL: as they stand);
 * with GROUP (N_UNITS groups, group u is ORDER[GROUP[u] .. GROUP[u + 1])) a thread takes a whole
 * group at a time, else each opener is a unit of its own (N_UNITS = N). Without BEST each opener is
 * optimised exactly. With BEST (the K-best run) each is searched with the K-th best total so far plus
 * one as its cut-off (none until K are known) and its optimal total joins BEST. */
static void
search_openers(const HsTable *table, HsRules rules, const HsOptimizeAllOptions *o, const guint *order,
               const guint *group, guint n_units, const guint64 *bound, Best *best, HsOptimizeRow *rows,
               guint8 *searched, guint n, GError **errors)
{
  guint done = 0;
  const gint64 n_signed = n_units;
#pragma omp parallel
  {
    Worker w;
#ifdef _OPENMP
    const guint threads = (guint)omp_get_num_threads();
#else
    const guint threads = 1;
#endif
    worker_init(&w, table, rules, o, threads);
#pragma omp for schedule(dynamic, 1)
    for (gint64 u = 0; u < n_signed; u++) {
      const guint lo = group != NULL ? group[u] : (guint)u, hi = group != NULL ? group[u + 1] : (guint)u + 1;
      for (guint t = lo; t < hi; t++) {
        if (!search_one(&w, o, order != NULL ? order[t] : t, t > lo, bound, best, rows, searched, errors))
          continue;
#pragma omp critical(hs_optimize_progress)
        report_searched(o, ++done, n, best != NULL ? 1 : 0);
      }
    }
    worker_clear(&w);
  }
}

/* Every opener exactly; a thread takes a group of openers with the same letters at a time, and within
 * a group the optimiser's memo and the prover's decisions carry over (their all-grey part is one). */
static void
optimize_every(const HsTable *table, HsRules rules, const guint32 *openers, const HsOptimizeAllOptions *o,
               HsOptimizeRow *rows, guint n, GError **errors)
{
  g_autofree guint *order = g_new(guint, MAX(1u, n));
  g_autofree guint *group = g_new(guint, (gsize)n + 1);
  const guint n_groups = group_by_letters(table, openers, n, order, group);
  search_openers(table, rules, o, order, group, n_groups, NULL, NULL, rows, NULL, n, errors);
}

/* The openers the K-best search skipped (their bound passed the cut-off; the bound itself saw no
 * strategy for none of them) are decided by the prover, in parallel, so that every opener with no
 * strategy within the cap says IMPOSSIBLE, whichever openers the search reached on this run: the
 * last third of the progress. */
static void
decide_skipped(const HsTable *table, HsRules rules, const HsOptimizeAllOptions *o, const guint8 *searched,
               const guint64 *bound, HsOptimizeRow *rows, guint n, GError **errors)
{
  guint done = 0;
  const gint64 n_signed = n;
#pragma omp parallel
  {
    HsProver *prover = hs_prover_new(table, rules, HS_PROVE_ORDER_FAST);
    hs_prover_set_cancel(prover, o->cancel);
#pragma omp for schedule(dynamic, 1)
    for (gint64 i = 0; i < n_signed; i++) {
      if (searched[i] || bound[i] == HS_OPTIMIZE_IMPOSSIBLE || hs_parallel_cancelled(o->cancel))
        continue;
      const double t0 = hs_parallel_thread_seconds();
      gboolean feasible = TRUE;
      if (hs_prover_decide(prover, rows[i].opener, o->max_guesses, &feasible, NULL, &errors[i]) && !feasible) {
        rows[i].verdict = HS_OPTIMIZE_ROW_IMPOSSIBLE;
        rows[i].total = 0;
      }
      rows[i].seconds += hs_parallel_thread_seconds() - t0;
#pragma omp critical(hs_optimize_progress)
      report_searched(o, ++done, n, 2);
    }
    hs_prover_free(prover);
  }
}

/* The K best: every opener's one-step bound first; then openers in order of that bound, each searched
 * with the K-th best total so far (plus one, so that ties are settled exactly) as its cut-off, and the
 * rest dropped as soon as their bound passes it. */
static void
optimize_best(const HsTable *table, HsRules rules, const guint32 *openers, const HsOptimizeAllOptions *o,
              HsOptimizeRow *rows, guint n, GError **errors)
{
  g_autofree guint64 *bound = g_new(guint64, n);
  g_autofree guint *order = g_new(guint, n);
  bound_every(table, rules, openers, o, bound, n, errors);
  for (guint i = 0; i < n; i++) {
    order[i] = i;
    rows[i].verdict = bound[i] == HS_OPTIMIZE_IMPOSSIBLE ? HS_OPTIMIZE_ROW_IMPOSSIBLE : HS_OPTIMIZE_ROW_WORSE;
    rows[i].total = bound[i] == HS_OPTIMIZE_IMPOSSIBLE ? 0 : bound[i];
    rows[i].bound = rows[i].total;
  }
  ByValue by = { bound, openers };
  g_qsort_with_data(order, (gint)n, sizeof *order, cmp_by_value, &by);
  Best best = { g_new(guint64, MAX(1u, o->best)), MIN(o->best, n), 0 };
  g_autofree guint8 *searched = g_new0(guint8, MAX(1u, n));
  search_openers(table, rules, o, order, NULL, n, bound, &best, rows, searched, n, errors);
  g_free(best.top);
  decide_skipped(table, rules, o, searched, bound, rows, n, errors);
  for (guint i = 0; i < n; i++)
    if (rows[i].verdict == HS_OPTIMIZE_ROW_IMPOSSIBLE)
      rows[i].bound = 0;
  hs_optimize_settle_best(rows, n, MIN(o->best, n));
}

gboolean
hs_optimize_all(const HsTable *table, HsRules rules, const guint32 *openers, guint n,
                const HsOptimizeAllOptions *options, HsOptimizeRow *rows, GError **error)
{
  for (guint i = 0; i < n; i++) {
    memset(&rows[i], 0, sizeof rows[i]);
    rows[i].opener = openers[i];
  }
  g_autofree GError **errors = g_new0(GError *, MAX(1u, n));
  if (options->best)
    optimize_best(table, rules, openers, options, rows, n, errors);
  else
    optimize_every(table, rules, openers, options, rows, n, errors);
  return hs_parallel_verdict(errors, n, options->cancel, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED, error);
}
