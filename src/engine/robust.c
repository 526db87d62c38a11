/* hardsix — robustness: does an opener's guarantee survive other tie-breaks? Rebuilds the greedy tree
 * under seeded random answer orders, other metrics and the other list set (the reports are written by
 * robust-report.c). */
#include "hardsix/engine/robust.h"
#include "hardsix/core/feedback.h"
#include "util/parallel.h"

#include <string.h>

G_DEFINE_QUARK(hs_robust_error_quark, hs_robust_error)

static void
row_free(gpointer p)
{
  HsRobustRow *r = p;
  if (r == NULL)
    return;
  g_free(r->lists);
  g_free(r->note);
  g_strfreev(r->over);
  g_free(r);
}

void
hs_robust_report_free(HsRobustReport *r)
{
  if (r == NULL)
    return;
  if (r->rows != NULL)
    g_ptr_array_unref(r->rows);
  g_free(r->fail_counts);
  g_free(r);
}

void
hs_robust_shuffle(guint64 seed, guint index, guint n, guint *order)
{
  /* Every shuffle gets its own generator, seeded from (seed, index) only: no shared state, so the
   * result cannot depend on which thread runs which shuffle. */
  const guint32 key[4] = { (guint32)seed, (guint32)(seed >> 32), index, 0x68736978u /* "hsix" */ };
  GRand *rand = g_rand_new_with_seed_array(key, G_N_ELEMENTS(key));
  for (guint i = 0; i < n; i++)
    order[i] = i;
  for (guint i = n; i > 1; i--) {
    guint j = (guint)g_rand_int_range(rand, 0, (gint32)i);
    guint t = order[i - 1];
    order[i - 1] = order[j];
    order[j] = t;
  }
  g_rand_free(rand);
}

/* OVERRIDES (resolved against FROM) resolved again, word by word, against TO. NULL with *MISSING set to
 * the first word TO lacks. */
static HsOverrides *
remap_overrides(const HsOverrides *o, const HsWords *from, const HsWords *to, const char **missing)
{
  HsOverrides *out = hs_overrides_new(o->path);
  for (guint i = 0; i < o->rules->len; i++) {
    const HsOverride *r = o->rules->pdata[i];
    g_autofree guint32 *g = g_new(guint32, r->n_steps + 1);
    for (guint k = 0; k <= r->n_steps; k++) {
      guint32 w = k < r->n_steps ? r->guesses[k] : r->forced;
      g[k] = hs_words_lookup(to, from->text[w]);
      if (g[k] == HS_NONE) {
        *missing = from->text[w];
        hs_overrides_free(out);
        return NULL;
      }
    }
    hs_overrides_add(out, r->n_steps, g, r->patterns, g[r->n_steps], r->comment);
    ((HsOverride *)out->rules->pdata[out->rules->len - 1])->line = r->line;
  }
  return out;
}

static int
cmp_uint(gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *)a, y = *(const guint *)b;
  return x < y ? -1 : x > y;
}

/* Fills ROW from S. BASE_OF maps the strategy's answer indices to the base words' (NULL: identity);
 * OVER_BASE receives the base indices of the answers over the cap (sorted). */
static void
fill_row(HsRobustRow *row, const HsStrategy *s, const guint *base_of, const HsWords *names, GArray *over_base)
{
  const HsWords *w = s->words;
  row->pass = s->complete && s->n_over == 0;
  row->n_answers = w->n_answers;
  row->worst = hs_histogram_worst(&s->hist);
  row->n_over = s->n_over;
  row->total = hs_histogram_total(&s->hist);
  row->hist = s->hist;
  for (guint i = 0; i < s->n_over_answers; i++) {
    guint a = s->over_answers[i];
    guint b = base_of != NULL ? base_of[a] : a;
    g_array_append_val(over_base, b);
  }
  g_array_sort(over_base, cmp_uint);
  row->over = g_new0(char *, over_base->len + 1);
  for (guint i = 0; i < over_base->len; i++)
    row->over[i] = g_strdup(names->text[g_array_index(over_base, guint, i)]);
}

/* One unit of work. */
typedef struct {
  HsRobustKind kind;
  HsMetric metric;
  guint shuffle;
} Task;

typedef struct {
  const HsTable *table;
  const HsWords *words;
  guint opener;
  const HsPolicy *policy;
  const HsRobustOptions *options;
} Run;

static void
skip_row(HsRobustRow *row, char *note)
{
  row->skipped = TRUE;
  row->note = note;
  row->over = g_new0(char *, 1);
}

static gboolean
run_lists(const Run *run, HsRobustRow *row, GError **error)
{
  const HsWords *w = run->words;
  const char *other = g_strcmp0(w->name, "original") == 0  ? "nyt2022"
                      : g_strcmp0(w->name, "nyt2022") == 0 ? "original"
                                                           : NULL;
  row->metric = run->policy->metric;
  if (other == NULL) {
    row->lists = g_strdup(w->name);
    skip_row(row, g_strdup("custom lists: there is no other list set to try"));
    return TRUE;
  }
  row->lists = g_strdup(other);
  GError *load_error = NULL;
  g_autoptr(HsWords) ow = hs_words_load_set(other, &load_error);
  if (ow == NULL) {
    skip_row(row, g_strdup_printf("cannot load the %s lists: %s", other, load_error->message));
    g_error_free(load_error);
    return TRUE;
  }
  guint opener = hs_words_lookup(ow, w->text[run->opener]);
  if (opener == HS_NONE) {
    skip_row(row, g_strdup_printf("the opener '%s' is not in the %s lists", w->text[run->opener], other));
    return TRUE;
  }
  HsPolicy p = *run->policy;
  p.stop_at_first_fail = FALSE;
  p.priority = NULL;
  g_autoptr(HsOverrides) o = NULL;
  if (run->policy->overrides != NULL) {
    const char *missing = NULL;
    o = remap_overrides(run->policy->overrides, w, ow, &missing);
    if (o == NULL) {
      skip_row(row, g_strdup_printf("the override word '%s' is not in the %s lists", missing, other));
      return TRUE;
    }
    p.overrides = o;
  }
  g_autoptr(HsTable) t = hs_table_new_full(ow, p.pool == HS_POOL_LEGAL, p.metric == HS_METRIC_MAXBUCKET_SWAPPED);
  g_autoptr(HsStrategy) s = hs_greedy_build(t, opener, &p, error);
  if (s == NULL)
    return FALSE;
  g_autoptr(GArray) over = g_array_new(FALSE, FALSE, sizeof(guint));
  fill_row(row, s, NULL, ow, over);
  if (w->order_path != NULL)
    row->note = g_strdup_printf("the %s lists in their own order (--order applies to the base lists only)", other);
  return TRUE;
}

static gboolean
run_task(const Run *run, const Task *task, HsRobustRow *row, GArray *over_base, GError **error)
{
  const HsWords *w = run->words;
  row->kind = task->kind;
  row->shuffle = task->shuffle;
  if (task->kind == HS_ROBUST_LISTS)
    return run_lists(run, row, error);
  HsPolicy p = *run->policy;
  p.stop_at_first_fail = FALSE;
  p.priority = NULL;
  p.metric = task->metric;
  row->metric = task->metric;
  row->lists = g_strdup(w->name);
  if (task->kind != HS_ROBUST_SHUFFLE) {
    g_autoptr(HsStrategy) s = hs_greedy_build(run->table, run->opener, &p, error);
    if (s == NULL)
      return FALSE;
    fill_row(row, s, NULL, w, over_base);
    return TRUE;
  }
  /* A shuffle: the same words with the answers in a random order, so every tie-break changes. */
  g_autofree guint *order = g_new(guint, w->n_answers);
  hs_robust_shuffle(run->options->seed, task->shuffle, w->n_answers, order);
  g_autoptr(HsWords) pw = hs_words_copy(w);
  if (!hs_words_apply_permutation(pw, order, error))
    return FALSE;
  g_autoptr(HsTable) t = hs_table_new_permuted(run->table, pw, order, p.metric == HS_METRIC_MAXBUCKET_SWAPPED);
  g_autoptr(HsOverrides) o = NULL;
  if (p.overrides != NULL) {
    const char *missing = NULL;
    o = remap_overrides(p.overrides, w, pw, &missing);
    g_assert(o != NULL); /* the same words */
    p.overrides = o;
  }
  guint opener = run->opener < w->n_answers ? hs_words_lookup(pw, w->text[run->opener]) : run->opener;
  g_autoptr(HsStrategy) s = hs_greedy_build(t, opener, &p, error);
  if (s == NULL)
    return FALSE;
  /* order[i] is the base index of the permuted answer i. */
  fill_row(row, s, order, w, over_base);
  return TRUE;
}

/* The rows to build, in report order: canonical, the other metrics and the other list set (with
 * variants), then the shuffles 1..n. */
static GArray *
make_tasks(const HsPolicy *policy, const HsRobustOptions *options)
{
  GArray *tasks = g_array_new(FALSE, FALSE, sizeof(Task));
  Task t = { HS_ROBUST_CANONICAL, policy->metric, 0 };
  g_array_append_val(tasks, t);
  if (options->variants) {
    for (guint m = HS_METRIC_MAXBUCKET; m <= HS_METRIC_EXPECTED; m++) {
      if ((HsMetric)m == policy->metric)
        continue;
      Task tm = { HS_ROBUST_METRIC, (HsMetric)m, 0 };
      g_array_append_val(tasks, tm);
    }
    Task tl = { HS_ROBUST_LISTS, policy->metric, 0 };
    g_array_append_val(tasks, tl);
  }
  for (guint k = 1; k <= options->shuffles; k++) {
    Task ts = { HS_ROBUST_SHUFFLE, policy->metric, k };
    g_array_append_val(tasks, ts);
  }
  return tasks;
}

/* Builds every task's row in parallel; each task writes only its own slots. */
static void
run_tasks(const Run *run, const GArray *tasks, HsRobustRow **rows, GArray **overs, GError **errors)
{
  const HsRobustOptions *options = run->options;
  guint n = tasks->len, done = 0, passing = 0;
  gint64 n_signed = n;
#pragma omp parallel for schedule(dynamic, 1)
  for (gint64 i = 0; i < n_signed; i++) {
    if (hs_parallel_cancelled(options->cancel))
      continue;
    rows[i] = g_new0(HsRobustRow, 1);
    overs[i] = g_array_new(FALSE, FALSE, sizeof(guint));
    gboolean ok = run_task(run, &g_array_index(tasks, Task, i), rows[i], overs[i], &errors[i]);
#pragma omp critical(hs_robust_progress)
    {
      done++;
      passing += ok && rows[i]->pass;
      if (options->progress != NULL)
        options->progress(done, n, passing, options->progress_user);
    }
  }
}

/* Moves the rows into R in task order, counting the results of the shuffles that did not fail. */
static void
collect_rows(HsRobustReport *r, guint n, HsRobustRow **rows, GArray **overs, GError *const *errors)
{
  for (guint i = 0; i < n; i++) {
    if (rows[i] != NULL) { /* NULL: not run (cancelled) */
      HsRobustRow *row = rows[i];
      if (row->kind == HS_ROBUST_SHUFFLE && errors[i] == NULL) {
        r->n_shuffles++;
        r->n_pass += row->pass;
        r->worst_counts[MIN(row->worst, (guint)HS_DEPTH_LIMIT)]++;
        for (guint k = 0; k < overs[i]->len; k++)
          r->fail_counts[g_array_index(overs[i], guint, k)]++;
      }
      g_ptr_array_add(r->rows, row);
    }
    if (overs[i] != NULL)
      g_array_unref(overs[i]);
  }
}

HsRobustReport *
hs_robust_run(const HsTable *table, guint opener, const HsPolicy *policy, const HsRobustOptions *options,
              GError **error)
{
  const HsWords *w = hs_table_words(table);
  g_autoptr(GArray) tasks = make_tasks(policy, options);
  guint n = tasks->len;
  g_autofree HsRobustRow **rows = g_new0(HsRobustRow *, n);
  g_autofree GError **errors = g_new0(GError *, n);
  g_autofree GArray **overs = g_new0(GArray *, n);
  Run run = { table, w, opener, policy, options };
  run_tasks(&run, tasks, rows, overs, errors);

  g_autoptr(HsRobustReport) r = g_new0(HsRobustReport, 1);
  r->words = w;
  r->opener = opener;
  r->max_guesses = policy->max_guesses;
  r->seed = options->seed;
  r->rows = g_ptr_array_new_with_free_func(row_free);
  r->fail_counts = g_new0(guint, w->n_answers);
  collect_rows(r, n, rows, overs, errors);
  if (!hs_parallel_verdict(errors, n, options->cancel, HS_ROBUST_ERROR, HS_ROBUST_ERROR_CANCELLED, error))
    return NULL;
  return g_steal_pointer(&r);
}
