/* hardsix CLI — errors that become exit codes, and small helpers several commands share: words typed
 * on the command line, unused overrides, progress lines. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

G_DEFINE_QUARK(hs - cli - error - quark, hs_cli_error)

const char *hs_cli_argv0;

gboolean
hs_cli_error_set(GError **error, HsCliError code, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error_literal(error, HS_CLI_ERROR, code, msg);
  return FALSE;
}

void
hs_cli_print(FILE *out, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *text = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_autofree char *shown = hs_escape_message(text);
  fputs(shown, out);
}

gboolean
hs_cli_reported(GError **error)
{
  g_set_error_literal(error, HS_CLI_ERROR, HS_CLI_ERROR_REPORTED, "failed (already reported)");
  return FALSE;
}

gboolean
hs_cli_bad_value(GError **error, const char *option)
{
  g_return_val_if_fail(error != NULL && *error != NULL, FALSE);
  GError *e = *error;
  *error = NULL;
  if (option != NULL)
    hs_cli_usage_error(error, "%s: %s", option, e->message);
  else
    hs_cli_usage_error(error, "%s", e->message);
  g_error_free(e);
  return FALSE;
}

gboolean
hs_cli_find_word(const HsCliContext *ctx, const char *what, const char *text, guint *out, GError **error)
{
  if (!hs_words_find(ctx->words, text, out, error)) {
    g_prefix_error(error, "%s ", what);
    return hs_cli_bad_value(error, NULL);
  }
  return TRUE;
}

gboolean
hs_cli_check_overrides_used(const HsCliContext *ctx, const HsStrategy *s, GError **error)
{
  if (ctx->overrides == NULL)
    return TRUE;
  gboolean strict = ctx->opt.strict_overrides;
  gboolean ok = TRUE;
  for (guint i = 0; i < ctx->overrides->rules->len; i++) {
    if (s->override_used[i])
      continue;
    const HsOverride *r = ctx->overrides->rules->pdata[i];
    hs_cli_print(stderr, "hardsix: %s%s:%u: rule never used (its history does not occur in this tree)\n",
                 strict ? "" : "warning: ", ctx->overrides->path, r->line);
    if (strict)
      ok = FALSE;
  }
  return ok || hs_cli_reported(error);
}

static gint64 progress_last;
static gboolean progress_drawn;

void
hs_cli_progress(gboolean force, const char *fmt, ...)
{
  if (!isatty(STDERR_FILENO))
    return;
  gint64 now = g_get_monotonic_time();
  if (!force && now - progress_last < G_USEC_PER_SEC / 10)
    return;
  progress_last = now;
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "\r%s\033[K", msg);
  progress_drawn = TRUE;
}

void
hs_cli_progress_end(void)
{
  if (progress_drawn)
    fputc('\n', stderr);
  progress_drawn = FALSE;
}

static double
meter_seconds(const HsCliMeter *m)
{
  return (g_get_monotonic_time() - m->start) / 1e6;
}

void
hs_cli_meter_update(guint done, guint total, guint count, gpointer meter)
{
  const HsCliMeter *m = meter;
  double secs = meter_seconds(m);
  double rate = secs > 0 ? done / secs : 0;
  double eta = rate > 0 ? (total - done) / rate : 0;
  if (m->counted != NULL)
    hs_cli_progress(done == total, "%s: %u/%u %s, %u %s, %.*f %s/s, ETA %.0f s", m->what, done, total, m->items, count,
                    m->counted, m->digits, rate, m->items, eta);
  else
    hs_cli_progress(done == total, "%s: %u/%u %s, %.*f %s/s, ETA %.0f s", m->what, done, total, m->items, m->digits,
                    rate, m->items, eta);
}

void
hs_cli_meter_update_plain(guint done, guint total, gpointer meter)
{
  hs_cli_meter_update(done, total, 0, meter);
}

gboolean
hs_cli_meter_finish(const HsCliMeter *m, gboolean ok, const volatile gint *interrupted, double *secs, GError **error)
{
  hs_cli_progress_end();
  *secs = meter_seconds(m);
  if (!ok && interrupted != NULL && *interrupted) {
    g_clear_error(error);
    return hs_cli_fail(error, "%s interrupted; nothing written", m->what);
  }
  return ok;
}
