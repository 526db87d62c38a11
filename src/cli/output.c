/* hardsix CLI — writing results: whole files or stdout (hs_cli_write_output, the one way commands
 * write data), output directories and files checked before long runs, and the last step of solve,
 * prove and repair: verify a built strategy independently, write it, print its summary. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

gboolean
hs_cli_flush_stdout(GError **error)
{
  if (fflush(stdout) != 0 || ferror(stdout)) {
    g_set_error_literal(error, G_FILE_ERROR, G_FILE_ERROR_IO, "cannot write to stdout");
    return FALSE;
  }
  return TRUE;
}

gboolean
hs_cli_write_output(const char *target, const char *name, const char *text, GError **error)
{
  gsize len = strlen(text);
  if (target == NULL) {
    fwrite(text, 1, len, stdout);
    return hs_cli_flush_stdout(error);
  }
  if (name == NULL)
    return hs_file_write_atomic(target, text, len, error);
  g_autofree char *path = g_build_filename(target, name, NULL);
  return hs_file_write_atomic(path, text, len, error);
}

gboolean
hs_cli_prepare_dir(const char *dir, GError **error)
{
  if (g_file_test(dir, G_FILE_TEST_IS_DIR)) {
    if (access(dir, W_OK) != 0) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ACCES, "%s: output directory is not writable", dir);
      return FALSE;
    }
    return TRUE;
  }
  g_autofree char *parent = g_path_get_dirname(dir);
  if (g_file_test(dir, G_FILE_TEST_EXISTS)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, "%s: exists and is not a directory", dir);
    return FALSE;
  }
  if (!g_file_test(parent, G_FILE_TEST_IS_DIR)) {
    gboolean exists = g_file_test(parent, G_FILE_TEST_EXISTS);
    g_set_error(error, G_FILE_ERROR, exists ? G_FILE_ERROR_NOTDIR : G_FILE_ERROR_NOENT, "%s: parent %s%s %s", dir,
                exists ? "" : "directory ", parent, exists ? "is not a directory" : "does not exist");
    return FALSE;
  }
  if (g_mkdir(dir, 0755) != 0) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: cannot create directory: %s", dir, g_strerror(e));
    return FALSE;
  }
  return TRUE;
}

gboolean
hs_cli_check_output_file(const char *path, GError **error)
{
  if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory (expected a file name)", path);
    return FALSE;
  }
  g_autofree char *dir = g_path_get_dirname(path);
  if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
    gboolean exists = g_file_test(dir, G_FILE_TEST_EXISTS);
    g_set_error(error, G_FILE_ERROR, exists ? G_FILE_ERROR_NOTDIR : G_FILE_ERROR_NOENT, "%s: %s %s", path, dir,
                exists ? "is not a directory" : "does not exist");
    return FALSE;
  }
  /* Create and remove the temporary file the final write will use: this catches read-only
   * directories and file systems even for root, for whom permission bits do not count. */
  g_autofree char *probe = g_strdup_printf("%s.tmp.XXXXXX", path);
  int fd = g_mkstemp(probe);
  if (fd < 0) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: cannot write in %s: %s", path, dir,
                g_strerror(e));
    return FALSE;
  }
  close(fd);
  g_unlink(probe);
  return TRUE;
}

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

gboolean
hs_cli_strategy_format(const HsCliContext *ctx, HsFormat *format, GError **error)
{
  *format = HS_FORMAT_BY_PATTERN;
  if (ctx->opt.output != NULL && ctx->opt.format != NULL)
    return hs_cli_usage_error(error, "-o and --format cannot be combined");
  if (ctx->opt.format != NULL && !hs_format_parse(ctx->opt.format, format, error))
    return hs_cli_bad_value(error, "--format");
  return TRUE;
}

/* Verifies what would be written: the per-word listing, and the builder's histogram against the
 * verifier's. */
static gboolean
verify_strategy(const HsStrategy *s, const HsFormatInfo *info, HsVerifyReport **report)
{
  g_autofree char *pw = hs_format_write(s, HS_FORMAT_PER_WORD, info);
  gboolean verified = verify_text(s, pw, "per-word", report);
  for (guint d = 1; verified && d <= HS_DEPTH_LIMIT; d++)
    if ((*report)->hist[d] != s->hist.count[d]) {
      fprintf(stderr, "hardsix: internal error: verifier and builder disagree on %u-guess answers\n", d);
      verified = FALSE;
    }
  return verified && s->complete && s->n_over == 0;
}

/* Renders FORMATS[0..n) of S. Each parseable output of a verified strategy is verified too; when one
 * is not, everything is rendered again marked not verified. */
static GPtrArray *
render_formats(const HsStrategy *s, HsFormatInfo *info, const HsFormat *formats, guint n)
{
  GPtrArray *texts = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < n; i++) {
    char *text = hs_format_write(s, formats[i], info);
    /* The verifier reads every format hardsix writes. */
    if (info->verified && !verify_text(s, text, hs_format_name(formats[i]), NULL)) {
      fprintf(stderr, "hardsix: internal error: the %s output does not verify\n", hs_format_name(formats[i]));
      g_free(text);
      info->verified = FALSE;
      g_ptr_array_set_size(texts, 0);
      i = (guint)-1; /* write everything again, marked not verified */
      continue;
    }
    g_ptr_array_add(texts, text);
  }
  return texts;
}

gboolean
hs_cli_emit_strategy(const HsCliContext *ctx, HsStrategy *s, HsFormat format, gboolean *verified, double *verify_ms,
                     double *write_ms, GError **error)
{
  const char *outdir = ctx->opt.output;
  const char *opener = s->words->text[s->nodes[0].guess];
  gint64 t_verify = g_get_monotonic_time();
  HsFormatInfo info = { FALSE, ctx->words->name, s->policy };
  g_autoptr(HsVerifyReport) report = NULL;
  info.verified = verify_strategy(s, &info, &report);

  const HsFormat *formats = outdir ? hs_format_all : &format;
  guint n_formats = outdir ? hs_format_n_all : (ctx->opt.format ? 1 : 0);
  g_autoptr(GPtrArray) texts = render_formats(s, &info, formats, n_formats);
  gint64 t_write = g_get_monotonic_time();
  for (guint i = 0; i < n_formats; i++) {
    g_autofree char *name = outdir ? g_strdup_printf("%s.%s", opener, hs_format_extension(formats[i])) : NULL;
    if (!hs_cli_write_output(outdir, name, texts->pdata[i], error))
      return FALSE;
  }
  gint64 t_end = g_get_monotonic_time();
  print_summary(s, opener, report, info.verified);
  if (verify_ms)
    *verify_ms = (t_write - t_verify) / 1e3;
  if (write_ms)
    *write_ms = (t_end - t_write) / 1e3;
  if (outdir) {
    g_autofree char *exts = hs_format_all_extensions();
    fprintf(stderr, "wrote %s/%s.{%s}\n", outdir, opener, exts);
  }
  *verified = info.verified;
  return TRUE;
}
