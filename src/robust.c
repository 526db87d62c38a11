/* hardsix — robustness: does an opener's guarantee survive other tie-breaks? Rebuilds the greedy tree
 * under seeded random answer orders, other metrics and the other list set; reports TSV, text, HTML+SVG. */
#include "hardsix/robust.h"
#include "hardsix/feedback.h"

#include <string.h>

G_DEFINE_QUARK(hs_robust_error_quark, hs_robust_error)

/* Bars in the histogram of averages (at most). */
#define CHART_BINS 30

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

HsRobustReport *
hs_robust_run(const HsTable *table, guint opener, const HsPolicy *policy, const HsRobustOptions *options,
              GError **error)
{
  const HsWords *w = hs_table_words(table);
  g_autoptr(GArray) tasks = g_array_new(FALSE, FALSE, sizeof(Task));
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

  guint n = tasks->len;
  HsRobustRow **rows = g_new0(HsRobustRow *, n);
  GError **errors = g_new0(GError *, n);
  GArray **overs = g_new0(GArray *, n);
  Run run = { table, w, opener, policy, options };
  guint done = 0, passing = 0;
  gint64 n_signed = n;

#pragma omp parallel for schedule(dynamic, 1)
  for (gint64 i = 0; i < n_signed; i++) {
    if (options->cancel != NULL && g_atomic_int_get(options->cancel))
      continue;
    rows[i] = g_new0(HsRobustRow, 1);
    overs[i] = g_array_new(FALSE, FALSE, sizeof(guint));
    gboolean ok = run_task(&run, &g_array_index(tasks, Task, i), rows[i], overs[i], &errors[i]);
#pragma omp critical(hs_robust_progress)
    {
      done++;
      passing += ok && rows[i]->pass;
      if (options->progress != NULL)
        options->progress(done, n, passing, options->progress_user);
    }
  }

  HsRobustReport *r = g_new0(HsRobustReport, 1);
  r->words = w;
  r->opener = opener;
  r->max_guesses = policy->max_guesses;
  r->seed = options->seed;
  r->rows = g_ptr_array_new_with_free_func(row_free);
  r->fail_counts = g_new0(guint, w->n_answers);
  gboolean ok = TRUE;
  for (guint i = 0; i < n; i++) {
    if (errors[i] != NULL) {
      if (ok)
        g_propagate_error(error, errors[i]);
      else
        g_error_free(errors[i]);
      ok = FALSE;
    }
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
  g_free(rows);
  g_free(errors);
  g_free(overs);
  if (ok && options->cancel != NULL && g_atomic_int_get(options->cancel)) {
    g_set_error(error, HS_ROBUST_ERROR, HS_ROBUST_ERROR_CANCELLED, "interrupted");
    ok = FALSE;
  }
  if (!ok) {
    hs_robust_report_free(r);
    return NULL;
  }
  return r;
}

/* ---- writers ---- */

/* PART/WHOLE as a percentage with one decimal ("98.7%"). */
static void
append_percent(GString *out, guint part, guint whole)
{
  guint64 tenths = whole ? ((guint64)part * 2000 + whole) / (2 * (guint64)whole) : 0;
  g_string_append_printf(out, "%" G_GUINT64_FORMAT ".%u%%", tenths / 10, (guint)(tenths % 10));
}

static const char *
kind_name(HsRobustKind k)
{
  static const char *const names[] = { "canonical", "metric", "lists", "shuffle" };
  return names[k];
}

static void
append_histogram(GString *out, const HsRobustRow *row)
{
  if (hs_histogram_answers(&row->hist) == 0)
    g_string_append_c(out, '-');
  else
    hs_histogram_append(out, &row->hist, ",");
}

/* The row's id: "-", the metric, the lists or the shuffle number. */
static void
append_id(GString *out, const HsRobustRow *row)
{
  switch (row->kind) {
    case HS_ROBUST_CANONICAL: g_string_append_c(out, '-'); break;
    case HS_ROBUST_METRIC: g_string_append(out, hs_metric_name(row->metric)); break;
    case HS_ROBUST_LISTS: g_string_append(out, row->lists); break;
    case HS_ROBUST_SHUFFLE: g_string_append_printf(out, "%u", row->shuffle); break;
  }
}

/* A TSV cell: tabs and line breaks would break the row. */
static void
append_cell(GString *out, const char *v)
{
  for (const char *p = v; *p; p++)
    g_string_append_c(out, (guchar)*p < 0x20 ? ' ' : *p);
}

char *
hs_robust_tsv(const HsRobustReport *r)
{
  GString *out = g_string_new("variant\tid\tmetric\tlists\tverdict\tworst\tover_cap\thistogram\ttotal\taverage\t"
                              "failing\tnote\n");
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    g_string_append_printf(out, "%s\t", kind_name(row->kind));
    append_id(out, row);
    g_string_append_printf(out, "\t%s\t%s\t", hs_metric_name(row->metric), row->lists);
    if (row->skipped) {
      g_string_append(out, "skip\t-\t-\t-\t-\t-\t-\t");
    } else {
      g_string_append_printf(out, "%s\t%u\t%u\t", row->pass ? "ok" : "fail", row->worst, row->n_over);
      append_histogram(out, row);
      g_string_append_printf(out, "\t%" G_GUINT64_FORMAT "\t", row->total);
      hs_average_append(out, row->total, row->n_answers);
      g_string_append_c(out, '\t');
      if (row->over[0] == NULL)
        g_string_append_c(out, '-');
      for (guint k = 0; row->over[k]; k++)
        g_string_append_printf(out, "%s%s", k ? "," : "", row->over[k]);
      g_string_append_c(out, '\t');
    }
    if (row->note != NULL)
      append_cell(out, row->note);
    else
      g_string_append_c(out, '-');
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

/* Base answers by how often they failed (most first, then canonical order). */
static GArray *
top_failures(const HsRobustReport *r, guint top)
{
  GArray *idx = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint a = 0; a < r->words->n_answers; a++)
    if (r->fail_counts[a] > 0)
      g_array_append_val(idx, a);
  /* Insertion into a sorted prefix would do; a stable sort keeps canonical order among equals. */
  guint *v = (guint *)(void *)idx->data;
  for (guint i = 1; i < idx->len; i++) {
    guint x = v[i], j = i;
    while (j > 0 && r->fail_counts[v[j - 1]] < r->fail_counts[x]) {
      v[j] = v[j - 1];
      j--;
    }
    v[j] = x;
  }
  if (idx->len > top)
    g_array_set_size(idx, top);
  return idx;
}

/* Shuffle totals sorted (for min, median, max). */
static GArray *
shuffle_totals(const HsRobustReport *r)
{
  GArray *t = g_array_new(FALSE, FALSE, sizeof(guint64));
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_SHUFFLE && !row->skipped)
      g_array_append_val(t, row->total);
  }
  guint64 *v = (guint64 *)(void *)t->data;
  for (guint i = 1; i < t->len; i++) {
    guint64 x = v[i];
    guint j = i;
    while (j > 0 && v[j - 1] > x) {
      v[j] = v[j - 1];
      j--;
    }
    v[j] = x;
  }
  return t;
}

/* "ok, worst 6, average 3.8026" / "fail: 3 over 6 (graze, tatty, tight)" / "skipped: note". */
static void
append_row_verdict(GString *out, const HsRobustRow *row, guint cap)
{
  if (row->skipped) {
    g_string_append_printf(out, "skipped: %s", row->note);
    return;
  }
  if (row->pass) {
    g_string_append_printf(out, "ok, worst %u, average ", row->worst);
    hs_average_append(out, row->total, row->n_answers);
  } else {
    g_string_append_printf(out, "fail, %u over %u (", row->n_over, cap);
    for (guint k = 0; row->over[k] && k < 10; k++)
      g_string_append_printf(out, "%s%s", k ? ", " : "", row->over[k]);
    if (row->n_over > 10)
      g_string_append_printf(out, ", and %u more", row->n_over - 10);
    g_string_append(out, "), average ");
    hs_average_append(out, row->total, row->n_answers);
  }
  if (row->note != NULL && !row->skipped)
    g_string_append_printf(out, " (%s)", row->note);
}

static void
append_variant_label(GString *out, const HsRobustRow *row)
{
  switch (row->kind) {
    case HS_ROBUST_CANONICAL:
      g_string_append_printf(out, "canonical order, metric %s", hs_metric_name(row->metric));
      break;
    case HS_ROBUST_METRIC: g_string_append_printf(out, "metric %s", hs_metric_name(row->metric)); break;
    case HS_ROBUST_LISTS: g_string_append_printf(out, "lists %s", row->lists); break;
    case HS_ROBUST_SHUFFLE: g_string_append_printf(out, "shuffle %u", row->shuffle); break;
  }
}

char *
hs_robust_summary(const HsRobustReport *r, guint top)
{
  GString *out = g_string_new(NULL);
  const HsWords *w = r->words;
  g_string_append_printf(out, "robust: %s, %u shuffle%s (seed %" G_GUINT64_FORMAT ")", w->text[r->opener],
                         r->n_shuffles, r->n_shuffles == 1 ? "" : "s", r->seed);
  if (r->n_shuffles > 0) {
    g_string_append_printf(out, ": %u pass (", r->n_pass);
    append_percent(out, r->n_pass, r->n_shuffles);
    g_string_append_printf(out, "), %u fail\n", r->n_shuffles - r->n_pass);
    g_autoptr(GArray) f = top_failures(r, top);
    g_string_append(out, "failing most often:");
    if (f->len == 0)
      g_string_append(out, " none");
    for (guint i = 0; i < f->len; i++) {
      guint a = g_array_index(f, guint, i);
      g_string_append_printf(out, "%s %s %u", i ? "," : "", w->text[a], r->fail_counts[a]);
    }
    g_string_append(out, "\nworst guesses over shuffles:");
    gboolean first = TRUE;
    for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
      if (r->worst_counts[d]) {
        g_string_append_printf(out, "%s %u: %u", first ? "" : ",", d, r->worst_counts[d]);
        first = FALSE;
      }
    g_autoptr(GArray) t = shuffle_totals(r);
    guint n = w->n_answers;
    g_string_append(out, "\naverage guesses over shuffles: min ");
    hs_average_append(out, g_array_index(t, guint64, 0), n);
    g_string_append(out, ", median ");
    hs_average_append(out, g_array_index(t, guint64, t->len / 2), n);
    g_string_append(out, ", max ");
    hs_average_append(out, g_array_index(t, guint64, t->len - 1), n);
    g_string_append_c(out, '\n');
  } else {
    g_string_append_c(out, '\n');
  }
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_SHUFFLE)
      continue;
    append_variant_label(out, row);
    g_string_append(out, ": ");
    append_row_verdict(out, row, r->max_guesses);
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

/* ---- HTML ---- */

static void
append_html(GString *out, const char *text)
{
  for (const char *p = text; *p; p++) {
    switch (*p) {
      case '&': g_string_append(out, "&amp;"); break;
      case '<': g_string_append(out, "&lt;"); break;
      case '>': g_string_append(out, "&gt;"); break;
      case '"': g_string_append(out, "&quot;"); break;
      default: g_string_append_c(out, *p);
    }
  }
}

/* Integer-only coordinates keep the SVG identical on every machine. */
static void
append_chart(GString *out, const HsRobustReport *r)
{
  guint n_answers = r->words->n_answers;
  guint64 lo = G_MAXUINT64, hi = 0;
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind != HS_ROBUST_SHUFFLE || row->skipped)
      continue;
    lo = MIN(lo, row->total);
    hi = MAX(hi, row->total);
  }
  if (lo > hi)
    return;
  /* Bins over the total number of guesses (the average times the number of answers). */
  guint64 span = hi - lo + 1;
  guint64 width = (span + CHART_BINS - 1) / CHART_BINS;
  guint bins = (guint)((span + width - 1) / width);
  guint pass[CHART_BINS] = { 0 }, fail[CHART_BINS] = { 0 }, top = 1;
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind != HS_ROBUST_SHUFFLE || row->skipped)
      continue;
    guint b = (guint)((row->total - lo) / width);
    if (row->pass)
      pass[b]++;
    else
      fail[b]++;
    top = MAX(top, pass[b] + fail[b]);
  }
  /* A round top for the y axis. */
  /* A round step (1, 2, 5, 10, 20, 50, ...) giving at most five grid lines. */
  guint step = 1;
  for (guint e = 1, k = 0; (top + step - 1) / step > 5; k++) {
    static const guint mult[3] = { 1, 2, 5 };
    if (k == 3) {
      k = 0;
      e *= 10;
    }
    step = mult[k] * e;
  }
  guint ymax = (top + step - 1) / step * step;
  const guint W = 720, H = 310, L = 56, R = 16, T = 26, B = 56;
  const guint pw = W - L - R, ph = H - T - B;
  guint bw = pw / bins;
  g_string_append_printf(out,
                         "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %u %u\" width=\"%u\" "
                         "height=\"%u\" role=\"img\" aria-label=\"Histogram of the average number of "
                         "guesses across shuffles\">\n",
                         W, H, W, H);
  g_string_append(out,
                  "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                  "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e4572e\"/>"
                  "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#fff\" stroke-width=\"2\"/></pattern></defs>\n");
  /* Grid and y labels. */
  for (guint y = 0; y <= ymax; y += step) {
    guint py = T + ph - (guint)((guint64)y * ph / ymax);
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#ddd\"/>"
                           "<text x=\"%u\" y=\"%u\" text-anchor=\"end\" font-size=\"12\">%u</text>\n",
                           L, py, L + bins * bw, py, L - 6, py + 4, y);
  }
  for (guint b = 0; b < bins; b++) {
    guint x = L + b * bw + 1;
    guint hp = (guint)((guint64)pass[b] * ph / ymax), hf = (guint)((guint64)fail[b] * ph / ymax);
    if (pass[b])
      g_string_append_printf(out,
                             "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#2e7d32\">"
                             "<title>%u pass</title></rect>\n",
                             x, T + ph - hp, bw - 2, hp, pass[b]);
    if (fail[b])
      g_string_append_printf(out,
                             "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#hatch)\" "
                             "stroke=\"#b23a1b\"><title>%u fail</title></rect>\n",
                             x, T + ph - hp - hf, bw - 2, hf, fail[b]);
  }
  /* X labels: the average at the left edge of every few bins. */
  guint every = (bins + 5) / 6;
  for (guint b = 0; b <= bins; b += every) {
    guint x = L + b * bw;
    g_autoptr(GString) label = g_string_new(NULL);
    hs_average_append(label, lo + b * width, n_answers);
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#333\"/>"
                           "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"12\">%s</text>\n",
                           x, T + ph, x, T + ph + 5, x, T + ph + 20, label->str);
  }
  g_string_append_printf(out, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#333\"/>\n", L, T + ph,
                         L + bins * bw, T + ph);
  /* Where the canonical order falls. */
  const HsRobustRow *canon = r->rows->len > 0 ? r->rows->pdata[0] : NULL;
  if (canon != NULL && canon->kind == HS_ROBUST_CANONICAL && !canon->skipped && canon->total >= lo &&
      canon->total < lo + (guint64)bins * width) {
    guint x = L + (guint)((canon->total - lo) * bw / width) + bw / (2 * (guint)width);
    g_autoptr(GString) label = g_string_new(NULL);
    hs_average_append(label, canon->total, n_answers);
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#000\" "
                           "stroke-dasharray=\"4 3\"/><text x=\"%u\" y=\"%u\" text-anchor=\"%s\" "
                           "font-size=\"12\">canonical order %s</text>\n",
                           x, T - 4, x, T + ph, x + (x > L + pw / 2 ? 4 : -4), T - 9, x > L + pw / 2 ? "end" : "start",
                           label->str);
  }
  g_string_append_printf(out,
                         "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"13\">average guesses "
                         "per answer (bins of %" G_GUINT64_FORMAT " guess%s in total)</text>\n",
                         L + pw / 2, H - 10, width, width == 1 ? "" : "es");
  g_string_append_printf(out,
                         "<text x=\"14\" y=\"%u\" text-anchor=\"middle\" font-size=\"13\" "
                         "transform=\"rotate(-90 14 %u)\">shuffles</text>\n",
                         T + ph / 2, T + ph / 2);
  g_string_append(out, "</svg>\n");
}

char *
hs_robust_html(const HsRobustReport *r, const char *policy)
{
  const HsWords *w = r->words;
  GString *out = g_string_new(NULL);
  g_string_append_printf(out,
                         "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<title>hardsix robust: %s</title>\n",
                         w->text[r->opener]);
  g_string_append(
    out, "<style>\n"
         "body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;color:#111;"
         "max-width:760px;margin:24px auto;padding:0 16px}\n"
         "h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:24px 0 8px}\n"
         ".meta{color:#555;margin:0 0 16px}\n"
         "table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:left}"
         "th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}\n"
         ".ok{color:#1b5e20;font-weight:600}.fail{color:#b23a1b;font-weight:600}.skip{color:#777}\n"
         ".big{font-size:20px;font-weight:700}\n"
         ".key span{display:inline-block;width:12px;height:12px;margin:0 4px 0 12px;vertical-align:-1px}\n"
         "svg{max-width:100%;height:auto}\n"
         "@media print{body{margin:0;max-width:none}h2,table,svg{break-inside:avoid}"
         "*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}\n"
         "</style>\n</head>\n<body>\n");
  g_string_append_printf(out, "<h1>Does %s's guarantee survive other tie-breaks?</h1>\n", w->text[r->opener]);
  g_string_append(out, "<p class=\"meta\">");
  if (policy != NULL) {
    append_html(out, policy);
    g_string_append(out, "; ");
  }
  g_string_append_printf(
    out, "lists %s (%u answers); cap %u guesses; %u shuffles of the answer order, seed %" G_GUINT64_FORMAT ".</p>\n",
    w->name, w->n_answers, r->max_guesses, r->n_shuffles, r->seed);
  if (r->n_shuffles > 0) {
    g_string_append(out, "<p><span class=\"big\">");
    append_percent(out, r->n_pass, r->n_shuffles);
    g_string_append_printf(out, "</span> of the shuffles pass (%u of %u solve every answer within %u guesses).</p>\n",
                           r->n_pass, r->n_shuffles, r->max_guesses);
    g_string_append(out, "<h2>Average guesses across shuffles</h2>\n<p class=\"key\">"
                         "<span style=\"background:#2e7d32\"></span>pass"
                         "<span style=\"background:#e4572e\"></span>fail (hatched)</p>\n");
    append_chart(out, r);
    g_string_append(out, "<h2>Worst number of guesses</h2>\n<table><tr><th>guesses</th><th>shuffles</th></tr>\n");
    for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
      if (r->worst_counts[d])
        g_string_append_printf(out, "<tr><td class=\"n\">%u%s</td><td class=\"n\">%u</td></tr>\n", d,
                               d > r->max_guesses ? " (over the cap)" : "", r->worst_counts[d]);
    g_string_append(out, "</table>\n");
    g_autoptr(GArray) f = top_failures(r, 20);
    g_string_append(out, "<h2>Answers that fail most often</h2>\n");
    if (f->len == 0) {
      g_string_append(out, "<p>None: every shuffle solves every answer within the cap.</p>\n");
    } else {
      g_string_append(out, "<table><tr><th>answer</th><th>shuffles in which it is over the cap</th></tr>\n");
      for (guint i = 0; i < f->len; i++) {
        guint a = g_array_index(f, guint, i);
        g_string_append_printf(out, "<tr><td>%s</td><td class=\"n\">%u</td></tr>\n", w->text[a], r->fail_counts[a]);
      }
      g_string_append(out, "</table>\n");
    }
  }
  g_string_append(out, "<h2>Variants</h2>\n<table><tr><th>variant</th><th>verdict</th></tr>\n");
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_SHUFFLE)
      continue;
    g_autoptr(GString) label = g_string_new(NULL), verdict = g_string_new(NULL);
    append_variant_label(label, row);
    append_row_verdict(verdict, row, r->max_guesses);
    g_string_append(out, "<tr><td>");
    append_html(out, label->str);
    g_string_append_printf(out, "</td><td class=\"%s\">", row->skipped ? "skip" : row->pass ? "ok" : "fail");
    append_html(out, verdict->str);
    g_string_append(out, "</td></tr>\n");
  }
  g_string_append(out, "</table>\n<p class=\"meta\">Each shuffle rebuilds the greedy strategy with the answers in "
                       "a random order, which changes every tie-break. Shuffle <i>k</i> draws its order from its "
                       "own generator seeded with (seed, <i>k</i>), so the results are the same for any number of "
                       "threads.</p>\n</body>\n</html>\n");
  return g_string_free(out, FALSE);
}
