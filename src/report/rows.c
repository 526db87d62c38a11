/* hardsix — the rows and summaries of the runs over openers (sweep, rank, prove --all, optimize
 * --all). */
#include "hardsix/report/rows.h"
#include "hardsix/report/report.h"
#include "hardsix/core/histogram.h"

#include <stdlib.h>
#include <string.h>

/* Best openers and most failing answers a summary names. */
#define SUMMARY_TOP 10

static const char *
plural(guint n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

/* ---- sweep ---- */

char *
hs_report_sweep_tsv(const HsWords *w, const HsSweepRow *rows, guint n)
{
  GString *out = g_string_new("opener\tverdict\tworst\tover_cap\tfirst_over\thistogram\ttotal\taverage\n");
  for (guint i = 0; i < n; i++) {
    const HsSweepRow *r = &rows[i];
    g_string_append_printf(out, "%s\t%s\t", w->text[r->opener], r->pass ? "ok" : "fail");
    if (!r->exact) {
      g_string_append(out, "-\t-\t-\t-\t-\t-\n");
      continue;
    }
    g_autofree char *h = hs_histogram_text(&r->hist, ",");
    g_string_append_printf(out, "%u\t%u\t%s\t%s\t%" G_GUINT64_FORMAT "\t", r->worst, r->n_over,
                           r->first_over == HS_NONE ? "-" : w->text[r->first_over], h, r->total);
    hs_average_append(out, r->total, w->n_answers);
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

/* The exact details of a sweep row as JSON members (after the verdict). */
static void
append_sweep_details(GString *out, const HsWords *w, const HsSweepRow *r)
{
  g_string_append_printf(out, ", \"worst\": %u, \"over_cap\": %u, \"first_over\": ", r->worst, r->n_over);
  hs_report_json_string(out, r->first_over == HS_NONE ? NULL : w->text[r->first_over]);
  g_string_append(out, ", \"histogram\": {");
  gboolean first = TRUE;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (r->hist.count[d]) {
      g_string_append_printf(out, "%s\"%u\": %u", first ? "" : ", ", d, r->hist.count[d]);
      first = FALSE;
    }
  g_string_append_printf(out, "}, \"total\": %" G_GUINT64_FORMAT ", \"average\": ", r->total);
  hs_average_append(out, r->total, w->n_answers);
}

char *
hs_report_sweep_json(const HsWords *w, const HsSweepRow *rows, guint n, const char *policy)
{
  GString *out = g_string_new("{\n  \"format\": \"hardsix-sweep\",\n  \"version\": 1,\n  \"lists\": ");
  hs_report_json_string(out, w->name);
  g_string_append(out, ",\n  \"policy\": ");
  hs_report_json_string(out, policy);
  g_string_append(out, ",\n  \"openers\": [\n");
  for (guint i = 0; i < n; i++) {
    const HsSweepRow *r = &rows[i];
    g_string_append(out, "    {\"opener\": ");
    hs_report_json_string(out, w->text[r->opener]);
    g_string_append_printf(out, ", \"verdict\": \"%s\"", r->pass ? "ok" : "fail");
    if (r->exact)
      append_sweep_details(out, w, r);
    g_string_append_printf(out, "}%s\n", i + 1 < n ? "," : "");
  }
  g_string_append(out, "  ]\n}\n");
  return g_string_free(out, FALSE);
}

static gint
cmp_sweep_by_total(gconstpointer a, gconstpointer b)
{
  const HsSweepRow *x = *(HsSweepRow *const *)a, *y = *(HsSweepRow *const *)b;
  if (x->total != y->total)
    return x->total < y->total ? -1 : 1;
  return x->opener < y->opener ? -1 : x->opener > y->opener;
}

char *
hs_report_sweep_summary(const HsWords *w, const HsSweepRow *rows, guint n, const guint *fails, gboolean full,
                        guint max_guesses, double secs)
{
  GString *out = g_string_new(NULL);
  g_autoptr(GPtrArray) pass = g_ptr_array_new();
  for (guint i = 0; i < n; i++)
    if (rows[i].pass)
      g_ptr_array_add(pass, (gpointer)&rows[i]);
  g_string_append_printf(out, "sweep: %u openers, %u pass (every answer within %u %s), %.1f s, %.0f openers/s\n", n,
                         pass->len, max_guesses, hs_guesses_word(max_guesses), secs, secs > 0 ? n / secs : 0.0);
  g_ptr_array_sort(pass, cmp_sweep_by_total);
  if (pass->len)
    g_string_append(out, "best passing openers by average:\n");
  for (guint i = 0; i < MIN(pass->len, (guint)SUMMARY_TOP); i++) {
    const HsSweepRow *r = pass->pdata[i];
    g_autofree char *h = hs_histogram_text(&r->hist, ",");
    g_string_append_printf(out, "  %s ", w->text[r->opener]);
    hs_average_append(out, r->total, w->n_answers);
    g_string_append_printf(out, " (%s)\n", h);
  }
  /* Answers ranked by failures (ties: canonical order). */
  g_autofree guint *idx = g_new(guint, MAX(w->n_answers, 1u));
  guint m = hs_sweep_rank_failures(fails, w->n_answers, idx);
  if (m)
    g_string_append_printf(out, "answers that most often fail%s:\n",
                           full ? " (openers over the cap)"
                                : " (failures found before stopping; --full for exact counts)");
  for (guint i = 0; i < MIN(m, (guint)SUMMARY_TOP); i++)
    g_string_append_printf(out, "  %s %u\n", w->text[idx[i]], fails[idx[i]]);
  return g_string_free(out, FALSE);
}

/* ---- rank ---- */

char *
hs_report_rank_tsv(const HsWords *w, const HsSplit *rows, guint n, const HsRankReport *r)
{
  GString *out = g_string_new("rank\topener\tentropy\texpected\tmaxbucket\tbuckets");
  g_string_append(out, r->greedy ? "\tgreedy\tworst\taverage\tprove\n" : "\n");
  for (guint i = 0; i < n; i++) {
    const HsSplit *s = &rows[i];
    g_string_append_printf(out, "%u\t%s\t%.6f\t%.4f\t%u\t%u", i + 1, w->text[s->word], hs_split_entropy(s),
                           hs_split_expected(s), s->max_part, s->n_parts);
    if (r->greedy) {
      const HsSweepRow *g = &r->greedy[i];
      g_string_append_printf(out, "\t%s\t%u\t", g->pass ? "ok" : "fail", g->worst);
      hs_average_append(out, g->total, w->n_answers);
      g_string_append_printf(out, "\t%s", r->proved[i].proven ? "proven" : "impossible");
    }
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

/* One rank row as a JSON object (no separator). */
static void
append_rank_json_row(GString *out, const HsWords *w, const HsSplit *s, guint i, const HsRankReport *r)
{
  g_string_append_printf(out, "    {\"rank\": %u, \"opener\": ", i + 1);
  hs_report_json_string(out, w->text[s->word]);
  g_string_append_printf(out, ", \"entropy\": %.6f, \"expected\": %.4f, \"maxbucket\": %u, \"buckets\": %u",
                         hs_split_entropy(s), hs_split_expected(s), s->max_part, s->n_parts);
  if (r->greedy) {
    const HsSweepRow *g = &r->greedy[i];
    g_string_append_printf(out, ", \"greedy\": \"%s\", \"worst\": %u, \"average\": ", g->pass ? "ok" : "fail",
                           g->worst);
    hs_average_append(out, g->total, w->n_answers);
    g_string_append_printf(out, ", \"prove\": \"%s\"", r->proved[i].proven ? "proven" : "impossible");
  }
  g_string_append_c(out, '}');
}

char *
hs_report_rank_json(const HsWords *w, const HsSplit *rows, guint n, const HsRankReport *r)
{
  GString *out = g_string_new("{\n  \"format\": \"hardsix-rank\",\n  \"version\": 1,\n  \"lists\": ");
  hs_report_json_string(out, w->name);
  g_string_append_printf(out, ",\n  \"by\": \"%s\",\n  \"pool\": \"%s\",\n  \"answers\": %u,\n",
                         hs_split_by_name(r->by), r->answers_only ? "answers" : "legal", w->n_answers);
  if (r->greedy) {
    g_string_append(out, "  \"policy\": ");
    hs_report_json_string(out, r->policy);
    g_string_append_printf(out, ",\n  \"max_guesses\": %u,\n", r->max_guesses);
  }
  g_string_append(out, "  \"openers\": [\n");
  for (guint i = 0; i < n; i++) {
    append_rank_json_row(out, w, &rows[i], i, r);
    g_string_append(out, i + 1 < n ? ",\n" : "\n");
  }
  g_string_append(out, "  ]\n}\n");
  return g_string_free(out, FALSE);
}

char *
hs_report_rank_table(const HsWords *w, const HsSplit *rows, guint n, guint total, const HsRankReport *r)
{
  GString *out = g_string_new(NULL);
  g_string_append_printf(out, "%u openers (%s) scored on %u answers, by %s:\n\n", total,
                         r->answers_only ? "answers" : "every allowed word", w->n_answers, hs_split_by_name(r->by));
  g_string_append(out, " rank  opener  entropy (bits)  expected left  largest part  parts");
  g_string_append(out, r->greedy ? "  greedy  worst  average  prove\n" : "\n");
  for (guint i = 0; i < n; i++) {
    const HsSplit *s = &rows[i];
    g_string_append_printf(out, "%5u  %-6s  %14.6f  %13.4f  %12u  %5u", i + 1, w->text[s->word], hs_split_entropy(s),
                           hs_split_expected(s), s->max_part, s->n_parts);
    if (r->greedy) {
      const HsSweepRow *g = &r->greedy[i];
      g_autoptr(GString) avg = g_string_new(NULL);
      hs_average_append(avg, g->total, w->n_answers);
      g_string_append_printf(out, "  %-6s  %5u  %7s  %s", g->pass ? "ok" : "fail", g->worst, avg->str,
                             r->proved[i].proven ? "proven" : "impossible");
    }
    g_string_append_c(out, '\n');
  }
  if (n < total)
    g_string_append_printf(out, "... %u more (--top K shows more; a pipe or -o gets every row as TSV)\n", total - n);
  if (r->greedy)
    g_string_append_printf(out, "\ngreedy and prove: %s, within %u %s\n", r->policy, r->max_guesses,
                           hs_guesses_word(r->max_guesses));
  return g_string_free(out, FALSE);
}

/* ---- prove --all ---- */

char *
hs_report_prove_rows(const HsWords *w, const HsProveAllRow *rows, guint n, const HsAllReport *r)
{
  GString *out = g_string_new(r->timing ? "opener\tverdict\tnodes\tseconds\n" : "opener\tverdict\tnodes\n");
  for (guint i = 0; i < n; i++) {
    const char *verdict = rows[i].undecided ? "undecided" : rows[i].proven ? "proven" : "impossible";
    g_string_append_printf(out, "%s\t%s\t%" G_GUINT64_FORMAT, w->text[rows[i].opener], verdict, rows[i].nodes);
    if (r->timing)
      hs_report_append_seconds(out, rows[i].seconds);
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

static gint
cmp_double(gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* The median of T[0..n) (sorted in place), 0 for none. */
static double
median(double *t, guint n)
{
  if (n == 0)
    return 0;
  qsort(t, n, sizeof *t, cmp_double);
  return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

char *
hs_report_prove_summary(const HsWords *w, const HsProveAllRow *rows, guint n, const HsAllReport *r)
{
  GString *out = g_string_new(NULL);
  g_autofree double *t = g_new(double, MAX(n, 1u));
  guint slowest = 0, proven = 0, undecided = 0, other = 0;
  double cpu = 0;
  for (guint i = 0; i < n; i++) {
    t[i] = rows[i].seconds;
    cpu += rows[i].seconds;
    proven += rows[i].proven;
    undecided += rows[i].undecided;
    other += rows[i].other_order && !rows[i].undecided;
    if (rows[i].seconds > rows[slowest].seconds)
      slowest = i;
  }
  g_autofree char *open =
    undecided ? g_strdup_printf(", %u undecided (node limit %" G_GUINT64_FORMAT ")", undecided, r->max_nodes)
              : g_strdup("");
  g_string_append_printf(out,
                         "prove: %u %s, %u proven within %u %s, %u impossible%s (%s, %s lists), %.1f s "
                         "(%.1f s of search CPU time)\n",
                         n, plural(n, "opener", "openers"), proven, r->max_guesses, hs_guesses_word(r->max_guesses),
                         n - proven - undecided, open, hs_report_rules_words(r->rules), w->name, r->secs, cpu);
  if (other > 0)
    g_string_append_printf(out, "%u %s decided in the %s order, the escalation's second (the %s order first)\n", other,
                           plural(other, "opener", "openers"), hs_prove_order_name(hs_prove_order_other(r->order)),
                           hs_prove_order_name(r->order));
  if (n > 0)
    g_string_append_printf(out, "per opener (CPU time): median %.4f s, max %.3f s (%s)\n", median(t, n),
                           rows[slowest].seconds, w->text[rows[slowest].opener]);
  return g_string_free(out, FALSE);
}

/* ---- optimize --all ---- */

/* With --best the rows get a lower_bound column: a WORSE row has no total (its optimum is not known),
 * only a proven lower bound of it, so that no program reads a bound as a total. A shard of --best
 * also gets step_bound: every row's one-step bound ('-' when there is no strategy). */
char *
hs_report_optimize_rows(const HsWords *w, const HsOptimizeRow *rows, guint n, const HsAllReport *r)
{
  GString *out = g_string_new("opener\tverdict\ttotal\taverage");
  g_string_append(out, r->best ? "\tlower_bound" : "");
  g_string_append(out, r->best && r->step_bound ? "\tstep_bound" : "");
  g_string_append(out, r->timing ? "\tseconds\n" : "\n");
  for (guint i = 0; i < n; i++) {
    const HsOptimizeRow *o = &rows[i];
    g_string_append_printf(out, "%s\t%s\t", w->text[o->opener], hs_optimize_verdict_name(o->verdict));
    if (o->verdict == HS_OPTIMIZE_ROW_OPTIMAL) {
      g_string_append_printf(out, "%" G_GUINT64_FORMAT "\t", o->total);
      hs_average_append(out, o->total, w->n_answers);
    } else {
      g_string_append(out, "-\t-");
    }
    if (r->best && o->verdict == HS_OPTIMIZE_ROW_WORSE)
      g_string_append_printf(out, "\t%" G_GUINT64_FORMAT, o->total);
    else if (r->best)
      g_string_append(out, "\t-");
    if (r->best && r->step_bound && o->verdict != HS_OPTIMIZE_ROW_IMPOSSIBLE)
      g_string_append_printf(out, "\t%" G_GUINT64_FORMAT, o->bound);
    else if (r->best && r->step_bound)
      g_string_append(out, "\t-");
    if (r->timing)
      hs_report_append_seconds(out, o->seconds);
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

static gint
cmp_optimize_by_total(gconstpointer a, gconstpointer b)
{
  const HsOptimizeRow *x = *(const HsOptimizeRow *const *)a, *y = *(const HsOptimizeRow *const *)b;
  if (x->total != y->total)
    return x->total < y->total ? -1 : 1;
  return x->opener < y->opener ? -1 : x->opener > y->opener;
}

/* "best: salet 8099 (3.5076), ..." for the optimal rows, best first (nothing when there is none). */
static void
append_best(GString *out, const HsWords *w, const HsOptimizeRow *rows, guint n)
{
  g_autoptr(GPtrArray) best = g_ptr_array_new();
  for (guint i = 0; i < n; i++)
    if (rows[i].verdict == HS_OPTIMIZE_ROW_OPTIMAL)
      g_ptr_array_add(best, (gpointer)&rows[i]);
  if (best->len == 0)
    return;
  g_ptr_array_sort(best, cmp_optimize_by_total);
  g_string_append(out, "best:");
  for (guint i = 0; i < MIN(best->len, (guint)SUMMARY_TOP); i++) {
    const HsOptimizeRow *o = best->pdata[i];
    g_string_append_printf(out, "%s %s %" G_GUINT64_FORMAT " (", i ? "," : "", w->text[o->opener], o->total);
    hs_average_append(out, o->total, w->n_answers);
    g_string_append_c(out, ')');
  }
  g_string_append_c(out, '\n');
}

char *
hs_report_optimize_summary(const HsWords *w, const HsOptimizeRow *rows, guint n, const HsAllReport *r)
{
  GString *out = g_string_new(NULL);
  guint count[3] = { 0, 0, 0 }, slowest = 0;
  double cpu = 0;
  for (guint i = 0; i < n; i++) {
    count[rows[i].verdict]++;
    cpu += rows[i].seconds;
    if (rows[i].seconds > rows[slowest].seconds)
      slowest = i;
  }
  g_string_append_printf(out, "optimize: %u openers: %u optimal, %u impossible", n, count[HS_OPTIMIZE_ROW_OPTIMAL],
                         count[HS_OPTIMIZE_ROW_IMPOSSIBLE]);
  if (r->best)
    g_string_append_printf(out, ", %u worse than the best %u", count[HS_OPTIMIZE_ROW_WORSE], r->best);
  g_string_append_printf(out, " (within %u %s, %s, %s lists), %.1f s (%.1f s of CPU time)\n", r->max_guesses,
                         hs_guesses_word(r->max_guesses), hs_report_rules_words(r->rules), w->name, r->secs, cpu);
  append_best(out, w, rows, n);
  if (n > 0)
    g_string_append_printf(out, "slowest opener: %s, %.2f s of CPU time\n", w->text[rows[slowest].opener],
                           rows[slowest].seconds);
  return g_string_free(out, FALSE);
}
