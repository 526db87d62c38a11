/* hardsix CLI — writing results: whole files or stdout (hs_cli_write_output, the one way commands
 * write data), the rows of runs over openers, output directories and files checked before long runs,
 * and the last step of solve, prove, optimize and repair: verify a built strategy independently,
 * write it, print its summary. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <glib/gstdio.h>

/* The errno of the first failed write to stdout seen by hs_cli_write_output (0: none). */
static int stdout_errno;

gboolean
hs_cli_flush_stdout(GError **error)
{
  errno = 0;
  if (fflush(stdout) != 0 || ferror(stdout)) {
    int e = errno != 0 ? errno : stdout_errno;
    if (e != 0)
      g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "cannot write to stdout: %s", g_strerror(e));
    else
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
    errno = 0;
    if (fwrite(text, 1, len, stdout) != len && stdout_errno == 0)
      stdout_errno = errno;
    return hs_cli_flush_stdout(error);
  }
  if (name == NULL)
    return hs_file_write_atomic(target, text, len, error);
  g_autofree char *path = g_build_filename(target, name, NULL);
  return hs_file_write_atomic(path, text, len, error);
}

gboolean
hs_cli_write_rows(const HsCliContext *ctx, const char *options, const char *rows, GError **error)
{
  g_autofree char *header = hs_cli_shard_header(ctx, options);
  g_autofree char *text = g_strconcat(header, rows, NULL);
  return hs_cli_write_output(ctx->opt.output, NULL, text, error);
}

typedef struct {
  const HsWords *words;
  gsize offset;
} ByOpener;

static gint
cmp_by_opener(gconstpointer a, gconstpointer b, gpointer data)
{
  const ByOpener *by = data;
  guint32 x, y;
  memcpy(&x, (const char *)a + by->offset, sizeof x);
  memcpy(&y, (const char *)b + by->offset, sizeof y);
  return strcmp(by->words->text[x], by->words->text[y]);
}

void
hs_cli_sort_rows(const HsCliContext *ctx, gpointer rows, guint n, gsize size, gsize offset)
{
  ByOpener by = { ctx->words, offset };
  g_qsort_with_data(rows, (gint)n, size, cmp_by_opener, &by);
}

gboolean
hs_cli_finish_all(HsCliContext *ctx, const HsCliMeter *meter, gboolean ok, const volatile gint *interrupted,
                  HsAllReport *report, const HsCliAllRows *rows, GError **error)
{
  if (!hs_cli_meter_finish(meter, ok, interrupted, &report->secs, error))
    return FALSE;
  hs_cli_sort_rows(ctx, rows->rows, rows->n, rows->row_size, rows->opener_offset);
  g_autofree char *text = rows->render(ctx->words, rows->rows, rows->n, report);
  ok = hs_cli_write_rows(ctx, rows->made_with, text, error);
  g_autofree char *summary = rows->summarize(ctx->words, rows->rows, rows->n, report);
  fputs(summary, stderr);
  return ok;
}

/* ---- planning ---- */

static void
planned_free(gpointer p)
{
  HsCliPlanned *o = p;
  g_free(o->option);
  g_free(o->path);
  g_free(o);
}

/* A file can be made in DIR (made and removed at once): this catches read-only directories and file
 * systems even for root, for whom permission bits do not count. PATH names the output in messages. */
static gboolean
probe_dir(const char *dir, const char *path, GError **error)
{
  g_autofree char *probe = g_build_filename(dir, ".hardsix-probe.XXXXXX", NULL);
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

/* The directory of PATH exists and is a directory (else an error naming PATH and DIR). */
static gboolean
check_parent(const char *path, const char *dir, GError **error)
{
  if (g_file_test(dir, G_FILE_TEST_IS_DIR))
    return TRUE;
  gboolean exists = g_file_test(dir, G_FILE_TEST_EXISTS);
  g_set_error(error, G_FILE_ERROR, exists ? G_FILE_ERROR_NOTDIR : G_FILE_ERROR_NOENT, "%s: %s %s", path, dir,
              exists ? "is not a directory" : "does not exist");
  return FALSE;
}

/* Adds PATH (named by OPTION) to the plan, unless another planned output is the same file. */
static gboolean
plan_add(HsCliContext *ctx, const char *option, const char *path, GError **error)
{
  if (ctx->planned == NULL)
    ctx->planned = g_ptr_array_new_with_free_func(planned_free);
  for (guint i = 0; i < ctx->planned->len; i++) {
    const HsCliPlanned *o = ctx->planned->pdata[i];
    if (hs_file_same_target(o->path, path)) {
      if (strcmp(o->path, path) == 0)
        return hs_cli_usage_error(error, "%s and %s both write %s", o->option, option, path);
      return hs_cli_usage_error(error, "%s and %s write the same file (%s, %s)", o->option, option, o->path, path);
    }
  }
  HsCliPlanned *o = g_new0(HsCliPlanned, 1);
  o->option = g_strdup(option);
  o->path = g_strdup(path);
  g_ptr_array_add(ctx->planned, o);
  return TRUE;
}

gboolean
hs_cli_plan_file(HsCliContext *ctx, const char *option, const char *path, GError **error)
{
  HsFileTarget kind;
  g_autofree char *real = NULL;
  if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory (expected a file name)", path);
    return FALSE;
  }
  g_autofree char *given_dir = g_path_get_dirname(path);
  if (!check_parent(path, given_dir, error) || !hs_file_target_kind(path, &kind, &real, error))
    return FALSE;
  if (kind != HS_FILE_TARGET_SPECIAL) {
    /* Where the file goes: beside PATH, or beside the file a symbolic link leads to. */
    g_autofree char *dir = g_path_get_dirname(real);
    if (!check_parent(path, dir, error) || !probe_dir(dir, path, error))
      return FALSE;
  }
  return plan_add(ctx, option, path, error);
}

gboolean
hs_cli_plan_dir(HsCliContext *ctx, const char *option, const char *dir, const char *const *names, GError **error)
{
  if (g_file_test(dir, G_FILE_TEST_IS_DIR)) {
    if (!probe_dir(dir, dir, error))
      return FALSE;
  } else {
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
    if (!probe_dir(parent, dir, error))
      return FALSE;
  }
  for (guint i = 0; names != NULL && names[i] != NULL; i++) {
    g_autofree char *path = g_build_filename(dir, names[i], NULL);
    HsFileTarget kind;
    if (!hs_file_target_kind(path, &kind, NULL, error) || !plan_add(ctx, option, path, error))
      return FALSE;
  }
  return TRUE;
}

/* ---- queued files ---- */

void
hs_cli_output_add(HsCliContext *ctx, const char *dir, const char *name, const char *text)
{
  if (ctx->outputs == NULL)
    ctx->outputs = hs_file_set_new();
  if (dir == NULL) {
    hs_file_set_add(ctx->outputs, name, text, strlen(text));
    return;
  }
  g_autofree char *path = g_build_filename(dir, name, NULL);
  hs_file_set_add_dir(ctx->outputs, dir);
  hs_file_set_add(ctx->outputs, path, text, strlen(text));
}

/* The queued files that exist, for the refusal of a failed run. */
static GPtrArray *
existing_outputs(const HsFileSet *set)
{
  GPtrArray *found = g_ptr_array_new();
  for (guint i = 0; i < hs_file_set_size(set); i++)
    if (g_file_test(hs_file_set_path(set, i), G_FILE_TEST_EXISTS))
      g_ptr_array_add(found, (gpointer)hs_file_set_path(set, i));
  return found;
}

gboolean
hs_cli_output_commit(HsCliContext *ctx, gboolean failed, GError **error)
{
  g_autofree char *note = g_steal_pointer(&ctx->outputs_note);
  g_autoptr(HsFileSet) set = g_steal_pointer(&ctx->outputs);
  if (set == NULL || hs_file_set_size(set) == 0)
    return TRUE;
  if (failed && !ctx->opt.force) {
    g_autoptr(GPtrArray) found = existing_outputs(set);
    if (found->len > 0) {
      g_autofree char *others = found->len > 1
                                  ? g_strdup_printf(" and %u other file%s", found->len - 1, found->len > 2 ? "s" : "")
                                  : g_strdup("");
      hs_cli_print(
        stderr, "hardsix: nothing written: the run failed and would have replaced %s%s%s%s%s; --force writes anyway\n",
        (const char *)found->pdata[0], others, note ? " (its output: " : "", note ? note : "", note ? ")" : "");
      return TRUE;
    }
  }
  if (!hs_file_set_commit(set, error))
    return FALSE;
  if (note != NULL)
    hs_cli_print(stderr, "wrote %s\n", note);
  return TRUE;
}

GStrv
hs_cli_strategy_names(const HsCliContext *ctx, const char *opener)
{
  /* Before the lists are loaded (a command's check), every name a run could write is planned. */
  HsFormat f[8];
  guint n = ctx->words != NULL ? hs_format_for_words(ctx->words, f) : hs_format_n_all;
  if (ctx->words == NULL)
    memcpy(f, hs_format_all, n * sizeof *f);
  GStrv names = g_new0(char *, n + 1);
  for (guint i = 0; i < n; i++)
    names[i] = g_strdup_printf("%s.%s", opener, hs_format_extension(f[i]));
  return names;
}

/* Answers over the cap listed with their paths, at most (like the verifier's problems). */
#define OVER_LISTED 20u

static void
print_summary(const HsStrategy *s, const char *opener, const HsVerifyReport *r, gboolean verified)
{
  const HsWords *w = s->words;
  g_autoptr(GString) lines = g_string_new(NULL);
  hs_histogram_append_lines(lines, &s->hist);
  fprintf(stderr, "%s: %u answers, %s\n%s", opener, w->n_answers, verified ? "verified" : "NOT verified", lines->str);
  guint64 total = hs_histogram_total(&s->hist);
  if (s->n_solved > 0) {
    char avg[HS_AVERAGE_BUFLEN];
    hs_average_format(total, s->n_solved, avg);
    fprintf(stderr, "average: %s (%" G_GUINT64_FORMAT "/%u)\n", avg, total, s->n_solved);
  }
  if (s->n_over > 0) {
    fprintf(stderr, "over %u %s: %u answer%s\n", s->max_guesses, hs_guesses_word(s->max_guesses), s->n_over,
            s->n_over == 1 ? "" : "s");
    guint32 path[HS_DEPTH_LIMIT];
    guint listed = 0;
    for (guint a = 0; a < w->n_answers; a++) {
      guint len = hs_strategy_path(s, a, path);
      if (len <= s->max_guesses)
        continue;
      if (listed++ == OVER_LISTED) {
        fprintf(stderr, "  ... and %u more\n", s->n_over - OVER_LISTED);
        break;
      }
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
      hs_cli_print(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
    if (r->problems->len > shown)
      fprintf(stderr, "  ... and %u more problems\n", r->problems->len - shown);
  }
}

gboolean
hs_cli_strategy_format(HsCliContext *ctx, const char *opener, const char *const *extra, HsFormat *format,
                       GError **error)
{
  *format = HS_FORMAT_BY_PATTERN;
  if (ctx->opt.output != NULL && ctx->opt.format != NULL)
    return hs_cli_usage_error(error, "-o and --format cannot be combined");
  if (ctx->opt.format != NULL && !hs_format_parse(ctx->opt.format, format, error))
    return hs_cli_bad_value(error, "--format");
  if (ctx->opt.output == NULL)
    return TRUE;
  g_auto(GStrv) names = hs_cli_strategy_names(ctx, opener);
  if (!hs_cli_plan_dir(ctx, "-o", ctx->opt.output, (const char *const *)names, error))
    return FALSE;
  return extra == NULL || hs_cli_plan_dir(ctx, "-o", ctx->opt.output, extra, error);
}

gboolean
hs_cli_check_opener(HsCliContext *ctx, int argc, char **argv, const char *const *extra, HsFormat *format,
                    GError **error)
{
  if (argc != 2)
    return hs_cli_usage_error(error, "expected one OPENER");
  return hs_cli_strategy_format(ctx, argv[1], extra, format, error);
}

gboolean
hs_cli_check_opener_or_all(const HsCliContext *ctx, gboolean all, int argc, GError **error)
{
  if (all && argc != 1)
    return hs_cli_usage_error(error, "--all takes no OPENER");
  if (!all && argc != 2)
    return hs_cli_usage_error(error, "expected one OPENER (or --all)");
  if (all && ctx->opt.format)
    return hs_cli_usage_error(error, "--format is for one opener; --all writes TSV");
  return TRUE;
}

gboolean
hs_cli_plan_opener_or_all(HsCliContext *ctx, gboolean all, const char *opener, HsFormat *format, GError **error)
{
  if (all)
    return ctx->opt.output == NULL || hs_cli_plan_file(ctx, "-o", ctx->opt.output, error);
  return hs_cli_strategy_format(ctx, opener, NULL, format, error);
}

gboolean
hs_cli_emit_strategy(HsCliContext *ctx, HsStrategy *s, HsFormat format, gboolean *verified, double *verify_ms,
                     GError **error)
{
  const char *outdir = ctx->opt.output;
  const char *opener = s->words->text[s->nodes[0].guess];
  gint64 t_verify = g_get_monotonic_time();
  HsFormatInfo info = { ctx->words->name, s->policy };
  HsFormat all[8];
  const guint n_all = hs_format_for_words(ctx->words, all);
  const HsFormat *formats = outdir ? all : &format;
  guint n_formats = outdir ? n_all : (ctx->opt.format ? 1 : 0);
  g_autoptr(HsPublished) pub = hs_publish(s, &info, formats, n_formats);
  if (hs_published_problem(pub) != NULL)
    fprintf(stderr, "hardsix: %s\n", hs_published_problem(pub));
  if (verify_ms)
    *verify_ms = (g_get_monotonic_time() - t_verify) / 1e3;
  if (outdir) {
    g_auto(GStrv) names = hs_cli_strategy_names(ctx, opener);
    for (guint i = 0; i < n_formats; i++)
      hs_cli_output_add(ctx, outdir, names[i], hs_published_text(pub, i));
    g_autofree char *exts = hs_format_extensions_for(ctx->words);
    g_free(ctx->outputs_note);
    ctx->outputs_note = g_strdup_printf("%s/%s.{%s}", outdir, opener, exts);
  } else if (n_formats == 1 && !hs_cli_write_output(NULL, NULL, hs_published_text(pub, 0), error)) {
    return FALSE;
  }
  *verified = hs_published_verified(pub);
  print_summary(s, opener, hs_published_report(pub), *verified);
  return TRUE;
}

gboolean
hs_cli_publish_strategy(HsCliContext *ctx, HsStrategy *s, HsFormat format, gboolean *verified, double *verify_ms,
                        double *write_ms, GError **error)
{
  if (!hs_cli_emit_strategy(ctx, s, format, verified, verify_ms, error))
    return FALSE;
  gint64 t_write = g_get_monotonic_time();
  if (!hs_cli_output_commit(ctx, !*verified, error))
    return FALSE;
  if (write_ms)
    *write_ms = (g_get_monotonic_time() - t_write) / 1e3;
  return TRUE;
}

void
hs_cli_print_timing(const HsCliContext *ctx, const char *phase, double phase_ms, double verify_ms, double write_ms)
{
  fprintf(stderr, "timing: table %.1f ms, %s %.1f ms, verify %.1f ms, write %.1f ms\n", ctx->table_ms, phase, phase_ms,
          verify_ms, write_ms);
}
