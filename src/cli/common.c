/* hardsix CLI — errors that become exit codes, and small helpers several commands share: words typed
 * on the command line, unused overrides, --openers and --shard, progress lines, interrupts. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>

G_DEFINE_QUARK(hs - cli - error - quark, hs_cli_error)

gboolean
hs_cli_usage_error(GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error_literal(error, HS_CLI_ERROR, HS_CLI_ERROR_USAGE, msg);
  return FALSE;
}

gboolean
hs_cli_fail(GError **error, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error_literal(error, HS_CLI_ERROR, HS_CLI_ERROR_FAILED, msg);
  return FALSE;
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
    fprintf(stderr, "hardsix: %s%s:%u: rule never used (its history does not occur in this tree)\n",
            strict ? "" : "warning: ", ctx->overrides->path, r->line);
    if (strict)
      ok = FALSE;
  }
  return ok || hs_cli_reported(error);
}

typedef struct {
  const HsWords *words;
  const char *path;
  GArray *out;
  GHashTable *seen;
} OpenerFile;

static gboolean
opener_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  OpenerFile *f = user;
  g_autofree char *t = g_strndup(line, len);
  g_strstrip(t);
  if (*t == '\0' || *t == '#')
    return TRUE;
  guint i;
  GError *werr = NULL;
  if (!hs_words_find(f->words, t, &i, &werr)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: %s", f->path, lineno, werr->message);
    g_error_free(werr);
    return FALSE;
  }
  if (g_hash_table_contains(f->seen, GUINT_TO_POINTER(i + 1))) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: '%s' listed twice", f->path, lineno, t);
    return FALSE;
  }
  g_hash_table_add(f->seen, GUINT_TO_POINTER(i + 1));
  guint32 v = i;
  g_array_append_val(f->out, v);
  return TRUE;
}

gboolean
hs_cli_select_openers(const HsWords *words, const char *spec, GArray **out, GError **error)
{
  GArray *a = g_array_new(FALSE, FALSE, sizeof(guint32));
  if (spec == NULL || strcmp(spec, "all") == 0 || strcmp(spec, "answers") == 0 || strcmp(spec, "guesses") == 0) {
    guint lo = spec && strcmp(spec, "guesses") == 0 ? words->n_answers : 0;
    guint hi = spec && strcmp(spec, "answers") == 0 ? words->n_answers : words->n_words;
    for (guint32 i = lo; i < hi; i++)
      g_array_append_val(a, i);
  } else {
    g_autofree char *text = NULL;
    gsize len;
    if (!hs_file_read(spec, &text, &len, error)) {
      g_array_unref(a);
      return FALSE;
    }
    OpenerFile f = { words, spec, a, g_hash_table_new(NULL, NULL) };
    gboolean ok = hs_file_foreach_line(text, len, opener_line, &f, error);
    g_hash_table_destroy(f.seen);
    if (ok && a->len == 0) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:1: no openers in file", spec);
      ok = FALSE;
    }
    if (!ok) {
      g_array_unref(a);
      return FALSE;
    }
  }
  *out = a;
  return TRUE;
}

gboolean
hs_cli_parse_shard(const char *text, guint *k, guint *n, GError **error)
{
  guint64 a = 0, b = 0;
  g_auto(GStrv) parts = g_strsplit(text, "/", -1);
  if (g_strv_length(parts) != 2 || !g_ascii_string_to_unsigned(parts[0], 10, 1, 1000000, &a, NULL) ||
      !g_ascii_string_to_unsigned(parts[1], 10, 1, 1000000, &b, NULL) || a > b) {
    return hs_cli_usage_error(error, "--shard: '%s' is not K/N with 1 <= K <= N", text);
  }
  *k = (guint)a;
  *n = (guint)b;
  return TRUE;
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

static volatile gint *interrupt_flag;

static void
on_interrupt(int sig)
{
  (void)sig;
  if (interrupt_flag)
    *interrupt_flag = 1;
}

void
hs_cli_catch_interrupts(volatile gint *flag)
{
  interrupt_flag = flag;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}
