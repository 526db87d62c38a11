/* hardsix — robustness reports: the rows as TSV, a plain-text summary, and a self-contained HTML page
 * with an SVG histogram of the averages across shuffles. */
#include "hardsix/report/robust-report.h"
#include "hardsix/engine/sweep.h"

#include <string.h>

/* Bars in the histogram of averages (at most). */
#define CHART_BINS 30

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

/* Base answers by how often they failed (most first, then canonical order), at most TOP. */
static GArray *
top_failures(const HsRobustReport *r, guint top)
{
  guint n = r->words->n_answers;
  GArray *idx = g_array_sized_new(FALSE, FALSE, sizeof(guint), n);
  g_array_set_size(idx, n);
  guint m = hs_sweep_rank_failures(r->fail_counts, n, (guint *)(void *)idx->data);
  g_array_set_size(idx, MIN(m, top));
  return idx;
}

static gint
cmp_guint64(gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
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
  g_array_sort(t, cmp_guint64);
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
/* The histogram of shuffle totals: bins of WIDTH guesses from LO, pass/fail counts, and the geometry. */
typedef struct {
  guint64 lo, width;
  guint bins, ymax, step;
  guint pass[CHART_BINS], fail[CHART_BINS];
  guint W, H, L, R, T, B, pw, ph, bw; /* size, margins, plot size, bar width */
} Chart;

/* Bins the shuffles' totals; FALSE when there is no shuffle to draw. */
static gboolean
chart_bin(Chart *c, const HsRobustReport *r)
{
  guint64 lo = G_MAXUINT64, hi = 0;
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind == HS_ROBUST_SHUFFLE && !row->skipped) {
      lo = MIN(lo, row->total);
      hi = MAX(hi, row->total);
    }
  }
  if (lo > hi)
    return FALSE;
  /* Bins over the total number of guesses (the average times the number of answers). */
  guint64 span = hi - lo + 1;
  c->lo = lo;
  c->width = (span + CHART_BINS - 1) / CHART_BINS;
  c->bins = (guint)((span + c->width - 1) / c->width);
  guint top = 1;
  for (guint i = 0; i < r->rows->len; i++) {
    const HsRobustRow *row = r->rows->pdata[i];
    if (row->kind != HS_ROBUST_SHUFFLE || row->skipped)
      continue;
    guint b = (guint)((row->total - lo) / c->width);
    if (row->pass)
      c->pass[b]++;
    else
      c->fail[b]++;
    top = MAX(top, c->pass[b] + c->fail[b]);
  }
  /* A round step (1, 2, 5, 10, 20, 50, ...) giving at most five grid lines, and a round top. */
  c->step = 1;
  for (guint e = 1, k = 0; (top + c->step - 1) / c->step > 5; k++) {
    static const guint mult[3] = { 1, 2, 5 };
    if (k == 3) {
      k = 0;
      e *= 10;
    }
    c->step = mult[k] * e;
  }
  c->ymax = (top + c->step - 1) / c->step * c->step;
  c->W = 720, c->H = 310, c->L = 56, c->R = 16, c->T = 26, c->B = 56;
  c->pw = c->W - c->L - c->R, c->ph = c->H - c->T - c->B;
  c->bw = c->pw / c->bins;
  return TRUE;
}

/* The frame, the horizontal grid with its labels, and the bars (passing solid, failing hatched). */
static void
chart_bars(GString *out, const Chart *c)
{
  g_string_append_printf(out,
                         "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %u %u\" width=\"%u\" "
                         "height=\"%u\" role=\"img\" aria-label=\"Histogram of the average number of "
                         "guesses across shuffles\">\n",
                         c->W, c->H, c->W, c->H);
  g_string_append(out,
                  "<defs><pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                  "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#e4572e\"/>"
                  "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#fff\" stroke-width=\"2\"/></pattern></defs>\n");
  for (guint y = 0; y <= c->ymax; y += c->step) {
    guint py = c->T + c->ph - (guint)((guint64)y * c->ph / c->ymax);
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#ddd\"/>"
                           "<text x=\"%u\" y=\"%u\" text-anchor=\"end\" font-size=\"12\">%u</text>\n",
                           c->L, py, c->L + c->bins * c->bw, py, c->L - 6, py + 4, y);
  }
  for (guint b = 0; b < c->bins; b++) {
    guint x = c->L + b * c->bw + 1;
    guint hp = (guint)((guint64)c->pass[b] * c->ph / c->ymax), hf = (guint)((guint64)c->fail[b] * c->ph / c->ymax);
    if (c->pass[b])
      g_string_append_printf(out,
                             "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#2e7d32\">"
                             "<title>%u pass</title></rect>\n",
                             x, c->T + c->ph - hp, c->bw - 2, hp, c->pass[b]);
    if (c->fail[b])
      g_string_append_printf(out,
                             "<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"url(#hatch)\" "
                             "stroke=\"#b23a1b\"><title>%u fail</title></rect>\n",
                             x, c->T + c->ph - hp - hf, c->bw - 2, hf, c->fail[b]);
  }
}

/* The x axis: the average at the left edge of every few bins. */
static void
chart_x_axis(GString *out, const Chart *c, guint n_answers)
{
  guint every = (c->bins + 5) / 6;
  for (guint b = 0; b <= c->bins; b += every) {
    guint x = c->L + b * c->bw;
    g_autoptr(GString) label = g_string_new(NULL);
    hs_average_append(label, c->lo + b * c->width, n_answers);
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#333\"/>"
                           "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"12\">%s</text>\n",
                           x, c->T + c->ph, x, c->T + c->ph + 5, x, c->T + c->ph + 20, label->str);
  }
  g_string_append_printf(out, "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#333\"/>\n", c->L, c->T + c->ph,
                         c->L + c->bins * c->bw, c->T + c->ph);
}

/* A dashed marker where the canonical order falls, and the axis titles. */
static void
chart_marker_and_titles(GString *out, const Chart *c, const HsRobustReport *r)
{
  const HsRobustRow *canon = r->rows->len > 0 ? r->rows->pdata[0] : NULL;
  if (canon != NULL && canon->kind == HS_ROBUST_CANONICAL && !canon->skipped && canon->total >= c->lo &&
      canon->total < c->lo + (guint64)c->bins * c->width) {
    guint x = c->L + (guint)((canon->total - c->lo) * c->bw / c->width) + c->bw / (2 * (guint)c->width);
    g_autoptr(GString) label = g_string_new(NULL);
    hs_average_append(label, canon->total, r->words->n_answers);
    gboolean right = x > c->L + c->pw / 2;
    g_string_append_printf(out,
                           "<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#000\" "
                           "stroke-dasharray=\"4 3\"/><text x=\"%u\" y=\"%u\" text-anchor=\"%s\" "
                           "font-size=\"12\">canonical order %s</text>\n",
                           x, c->T - 4, x, c->T + c->ph, x + (right ? 4 : -4), c->T - 9, right ? "end" : "start",
                           label->str);
  }
  g_string_append_printf(out,
                         "<text x=\"%u\" y=\"%u\" text-anchor=\"middle\" font-size=\"13\">average guesses "
                         "per answer (bins of %" G_GUINT64_FORMAT " guess%s in total)</text>\n",
                         c->L + c->pw / 2, c->H - 10, c->width, c->width == 1 ? "" : "es");
  g_string_append_printf(out,
                         "<text x=\"14\" y=\"%u\" text-anchor=\"middle\" font-size=\"13\" "
                         "transform=\"rotate(-90 14 %u)\">shuffles</text>\n",
                         c->T + c->ph / 2, c->T + c->ph / 2);
}

/* The SVG histogram of the average number of guesses across shuffles (nothing without shuffles). */
static void
append_chart(GString *out, const HsRobustReport *r)
{
  Chart c = { 0 };
  if (!chart_bin(&c, r))
    return;
  chart_bars(out, &c);
  chart_x_axis(out, &c, r->words->n_answers);
  chart_marker_and_titles(out, &c, r);
  g_string_append(out, "</svg>\n");
}

/* The page head, the title and the line that says what was run. */
static void
append_html_top(GString *out, const HsRobustReport *r, const char *policy)
{
  const HsWords *w = r->words;
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
    out, "lists %s (%u answers); cap %u %s; %u shuffles of the answer order, seed %" G_GUINT64_FORMAT ".</p>\n",
    w->name, w->n_answers, r->max_guesses, hs_guesses_word(r->max_guesses), r->n_shuffles, r->seed);
}

/* The pass rate, the chart of averages, the worst-depth table and the answers that fail most often. */
static void
append_html_shuffles(GString *out, const HsRobustReport *r)
{
  const HsWords *w = r->words;
  g_string_append(out, "<p><span class=\"big\">");
  append_percent(out, r->n_pass, r->n_shuffles);
  g_string_append_printf(out, "</span> of the shuffles pass (%u of %u solve every answer within %u %s).</p>\n",
                         r->n_pass, r->n_shuffles, r->max_guesses, hs_guesses_word(r->max_guesses));
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

/* One row per variant (the canonical order, other metrics, the other lists). */
static void
append_html_variants(GString *out, const HsRobustReport *r)
{
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
}

char *
hs_robust_html(const HsRobustReport *r, const char *policy)
{
  GString *out = g_string_new(NULL);
  append_html_top(out, r, policy);
  if (r->n_shuffles > 0)
    append_html_shuffles(out, r);
  append_html_variants(out, r);
  g_string_append(out, "</table>\n<p class=\"meta\">Each shuffle rebuilds the greedy strategy with the answers in "
                       "a random order, which changes every tie-break. Shuffle <i>k</i> draws its order from its "
                       "own generator seeded with (seed, <i>k</i>), so the results are the same for any number of "
                       "threads.</p>\n</body>\n</html>\n");
  return g_string_free(out, FALSE);
}
