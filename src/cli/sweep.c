/* hardsix sweep — the greedy construction for every opener (or a chosen set), fail-first, in
 * parallel; TSV or JSON rows sorted by opener, a summary on stderr. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static struct {
  gboolean full, no_fail_first;
} opt;

static const GOptionEntry options[] = {
  HS_CLI_OPENERS_OPTION("all (default), answers, guesses, or a FILE of words"),
  { "full", 0, 0, G_OPTION_ARG_NONE, &opt.full, "Finish failing trees too (exact counts for every opener)", NULL },
  HS_CLI_SHARD_OPTION("Only the K-th of N interleaved slices (1-based)"),
  { "no-fail-first", 0, 0, G_OPTION_ARG_NONE, &opt.no_fail_first, "Explore parts in pattern order", NULL },
  HS_CLI_OUTPUT_OPTION("Write the rows to FILE (atomically)", "FILE"),
  HS_CLI_FORMAT_OPTION("tsv (default) or json"),
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static char *
render_tsv(const HsWords *w, const HsSweepRow *rows, guint n)
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

static char *
render_json(const HsWords *w, const HsSweepRow *rows, guint n, const char *policy)
{
  GString *out = g_string_new("{\n  \"format\": \"hardsix-sweep\",\n  \"version\": 1,\n");
  g_autofree char *pol = g_strescape(policy, NULL);
  g_string_append_printf(out, "  \"lists\": \"%s\",\n  \"policy\": \"%s\",\n  \"openers\": [\n", w->name, pol);
  for (guint i = 0; i < n; i++) {
    const HsSweepRow *r = &rows[i];
    g_string_append_printf(out, "    {\"opener\": \"%s\", \"verdict\": \"%s\"", w->text[r->opener],
                           r->pass ? "ok" : "fail");
    if (r->exact) {
      g_string_append_printf(out, ", \"worst\": %u, \"over_cap\": %u, \"first_over\": ", r->worst, r->n_over);
      if (r->first_over == HS_NONE)
        g_string_append(out, "null");
      else
        g_string_append_printf(out, "\"%s\"", w->text[r->first_over]);
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
    g_string_append_printf(out, "}%s\n", i + 1 < n ? "," : "");
  }
  g_string_append(out, "  ]\n}\n");
  return g_string_free(out, FALSE);
}

static gint
cmp_by_average(gconstpointer a, gconstpointer b)
{
  const HsSweepRow *x = *(HsSweepRow *const *)a, *y = *(HsSweepRow *const *)b;
  if (x->total != y->total)
    return x->total < y->total ? -1 : 1;
  return x->opener < y->opener ? -1 : x->opener > y->opener;
}

static void
print_summary(const HsWords *w, const HsSweepRow *rows, guint n, const guint *fails, gboolean full, guint max_guesses,
              double secs)
{
  g_autoptr(GPtrArray) pass = g_ptr_array_new();
  for (guint i = 0; i < n; i++)
    if (rows[i].pass)
      g_ptr_array_add(pass, (gpointer)&rows[i]);
  fprintf(stderr, "sweep: %u openers, %u pass (every answer within %u %s), %.1f s, %.0f openers/s\n", n, pass->len,
          max_guesses, hs_guesses_word(max_guesses), secs, secs > 0 ? n / secs : 0.0);
  g_ptr_array_sort(pass, cmp_by_average);
  if (pass->len)
    fprintf(stderr, "best passing openers by average:\n");
  for (guint i = 0; i < MIN(pass->len, 10u); i++) {
    const HsSweepRow *r = pass->pdata[i];
    g_autofree char *h = hs_histogram_text(&r->hist, ",");
    g_autoptr(GString) avg = g_string_new(NULL);
    hs_average_append(avg, r->total, w->n_answers);
    fprintf(stderr, "  %s %s (%s)\n", w->text[r->opener], avg->str, h);
  }
  /* Answers ranked by failures (ties: canonical order). */
  g_autofree guint *idx = g_new(guint, w->n_answers);
  guint m = hs_sweep_rank_failures(fails, w->n_answers, idx);
  if (m) {
    fprintf(stderr, "answers that most often fail%s:\n",
            full ? " (openers over the cap)" : " (failures found before stopping; --full for exact counts)");
    for (guint i = 0; i < MIN(m, 10u); i++)
      fprintf(stderr, "  %s %u\n", w->text[idx[i]], fails[idx[i]]);
  }
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const char *format = ctx->opt.format;
  if (argc != 1)
    return hs_cli_usage_error(error, "unexpected argument '%s'", argv[1]);
  if (format && strcmp(format, "tsv") != 0 && strcmp(format, "json") != 0)
    return hs_cli_usage_error(error, "--format: '%s' is not tsv or json", format);
  /* Before the long run, not after it. */
  return ctx->opt.output == NULL || hs_cli_plan_file(ctx, "-o", ctx->opt.output, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  const HsWords *w = ctx->words;
  guint n = ctx->n_openers;
  g_autofree HsSweepRow *rows = g_new0(HsSweepRow, MAX(n, 1u));
  g_autofree guint *fails = g_new0(guint, w->n_answers);
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  HsCliMeter meter = { "sweep", "openers", "passing", 0, g_get_monotonic_time() };
  HsSweepOptions so = { opt.full, !opt.no_fail_first, hs_cli_meter_update, &meter, &interrupted };
  gboolean ok = hs_sweep_run(ctx->table, &ctx->policy, ctx->openers, n, &so, rows, fails, error);
  double secs;
  if (!hs_cli_meter_finish(&meter, ok, &interrupted, &secs, error))
    return FALSE;
  hs_cli_sort_rows(ctx, rows, n, sizeof *rows, G_STRUCT_OFFSET(HsSweepRow, opener));
  gboolean json = g_strcmp0(ctx->opt.format, "json") == 0;
  g_autofree char *rows_text = json ? render_json(w, rows, n, ctx->policy_string) : render_tsv(w, rows, n);
  /* JSON has no comment lines; merge reads TSV shards. */
  ok = json ? hs_cli_write_output(ctx->opt.output, NULL, rows_text, error)
            : hs_cli_write_rows(ctx, opt.full ? "--full" : NULL, rows_text, error);
  print_summary(w, rows, n, fails, opt.full, ctx->policy.max_guesses, secs);
  return ok;
}

const HsCliCommand hs_cli_sweep = {
  .name = "sweep",
  .summary = "Build the greedy strategy for every opener and report which pass",
  .parameters = "",
  .help = "Builds the greedy strategy (same policy options as 'solve') for every opener and reports which\n"
          "solve every answer within the cap. Rows are sorted by opener:\n"
          "  opener verdict worst over_cap first_over histogram total average\n"
          "A failing opener stops at its first answer over the cap (its details are '-'); --full finishes\n"
          "it. Results are the same for any thread count, shard split and fail-first setting.\n\n"
          "Exit status: 0 when the sweep ran (whatever the verdicts), 1 on errors, 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES | HS_CMD_POLICY | HS_CMD_THREADS | HS_CMD_TABLE,
  .check = check,
  .run = run,
};
