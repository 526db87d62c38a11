/* hardsix CLI — the last step shared by solve, prove and repair: verify a built strategy with the
 * independent verifier, write it (-o DIR or one --format to stdout), print the summary. */
#include "output.h"

#include <stdio.h>
#include <string.h>

static const HsFormat all_formats[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON };

/* Verifies TEXT (a parseable format) independently; FALSE when it is not verified. */
static gboolean
verify_text(const HsStrategy *s, const char *text, const char *name, HsVerifyReport **report_out)
{
  GError *error = NULL;
  HsVerifyReport *r = NULL;
  if (!hs_verify_text(s->words, s->rules, s->max_guesses, text, strlen(text), name, &r, &error)) {
    fprintf(stderr, "hardsix: internal error: the written %s does not parse: %s\n", name, error->message);
    g_error_free(error);
    return FALSE;
  }
  gboolean ok = r->ok;
  if (report_out)
    *report_out = r;
  else
    hs_verify_report_free(r);
  return ok;
}

static void
print_summary(const HsStrategy *s, const char *opener, const HsVerifyReport *r, gboolean verified)
{
  const HsWords *w = s->words;
  guint worst = hs_histogram_worst(&s->hist);
  guint first = 1;
  while (first <= worst && s->hist.count[first] == 0)
    first++;
  fprintf(stderr, "%s: %u answers, %s\n", opener, w->n_answers, verified ? "verified" : "NOT verified");
  for (guint d = first; d <= worst; d++)
    fprintf(stderr, "%u guesses: %u\n", d, s->hist.count[d]);
  guint64 total = hs_histogram_total(&s->hist);
  if (s->n_solved > 0) {
    char avg[HS_AVERAGE_BUFLEN];
    hs_average_format(total, s->n_solved, avg);
    fprintf(stderr, "average: %s (%" G_GUINT64_FORMAT "/%u)\n", avg, total, s->n_solved);
  }
  if (s->n_over > 0) {
    fprintf(stderr, "over %u guesses: %u answer%s\n", s->max_guesses, s->n_over, s->n_over == 1 ? "" : "s");
    guint32 path[HS_DEPTH_LIMIT];
    for (guint a = 0; a < w->n_answers; a++) {
      guint len = hs_strategy_path(s, a, path);
      if (len <= s->max_guesses)
        continue;
      fprintf(stderr, "  %s (%u):", w->text[a], len);
      for (guint i = 0; i < len; i++)
        fprintf(stderr, " %s", w->text[path[i]]);
      fputc('\n', stderr);
    }
  }
  if (s->n_solved < w->n_answers)
    fprintf(stderr, "unsolved: %u answers are not reached by the tree\n", w->n_answers - s->n_solved);
  if (r != NULL && !r->ok) {
    guint shown = MIN(r->problems->len, 20u);
    for (guint i = 0; i < shown; i++)
      fprintf(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
    if (r->problems->len > shown)
      fprintf(stderr, "  ... and %u more problems\n", r->problems->len - shown);
  }
}

int
hs_cli_emit_strategy(const HsCliSetup *setup, HsStrategy *s, const char *outdir, const char *format_name,
                     HsFormat format, double *verify_ms, double *write_ms)
{
  GError *error = NULL;
  gint64 t_verify = g_get_monotonic_time();
  /* Verify what would be written: the per-word listing first, then every parseable output. */
  HsFormatInfo info = { FALSE, setup->words->name, s->policy };
  g_autofree char *pw = hs_format_write(s, HS_FORMAT_PER_WORD, &info);
  g_autoptr(HsVerifyReport) report = NULL;
  gboolean verified = verify_text(s, pw, "per-word", &report);
  /* The verifier's histogram must agree with the builder's. */
  for (guint d = 1; verified && d <= HS_DEPTH_LIMIT; d++)
    if (report->hist[d] != s->hist.count[d]) {
      fprintf(stderr, "hardsix: internal error: verifier and builder disagree on %u-guess answers\n", d);
      verified = FALSE;
    }
  verified = verified && s->complete && s->n_over == 0;
  info.verified = verified;

  const HsFormat *formats = outdir ? all_formats : &format;
  guint n_formats = outdir ? G_N_ELEMENTS(all_formats) : (format_name ? 1 : 0);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < n_formats; i++) {
    char *text = hs_format_write(s, formats[i], &info);
    if (formats[i] != HS_FORMAT_TREE && verified && !verify_text(s, text, hs_format_name(formats[i]), NULL)) {
      fprintf(stderr, "hardsix: internal error: the %s output does not verify\n", hs_format_name(formats[i]));
      g_free(text);
      verified = FALSE;
      info.verified = FALSE;
      g_ptr_array_set_size(texts, 0);
      i = (guint)-1; /* write everything again, marked not verified */
      continue;
    }
    g_ptr_array_add(texts, text);
  }

  gint64 t_write = g_get_monotonic_time();
  if (outdir) {
    for (guint i = 0; i < n_formats; i++) {
      g_autofree char *name =
        g_strdup_printf("%s.%s", s->words->text[s->nodes[0].guess], hs_format_extension(formats[i]));
      g_autofree char *path = g_build_filename(outdir, name, NULL);
      const char *text = texts->pdata[i];
      if (!hs_file_write_atomic(path, text, strlen(text), &error)) {
        return hs_cli_fail(error);
      }
    }
  } else if (format_name) {
    fputs(texts->pdata[0], stdout);
    if (fflush(stdout) != 0) {
      fprintf(stderr, "hardsix: cannot write to stdout\n");
      return HS_EXIT_FAIL;
    }
  }
  gint64 t_end = g_get_monotonic_time();
  print_summary(s, s->words->text[s->nodes[0].guess], report, verified);
  if (verify_ms)
    *verify_ms = (t_write - t_verify) / 1e3;
  if (write_ms)
    *write_ms = (t_end - t_write) / 1e3;
  if (outdir)
    fprintf(stderr, "wrote %s/%s.{by-pattern.txt,per-word.txt,tree.txt,json}\n", outdir,
            s->words->text[s->nodes[0].guess]);
  return verified ? HS_EXIT_OK : HS_EXIT_FAIL;
}
