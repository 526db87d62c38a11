/* hardsix — override files: parsing, validation against the rules, and matching histories. */
#include "hardsix/engine/overrides.h"
#include "hardsix/core/feedback.h"
#include "hardsix/util/fileutil.h"

#include <string.h>

static void
override_free(gpointer p)
{
  HsOverride *o = p;
  g_free(o->guesses);
  g_free(o->patterns);
  g_free(o->comment);
  g_free(o);
}

HsOverrides *
hs_overrides_new(const char *path)
{
  HsOverrides *o = g_new0(HsOverrides, 1);
  o->path = g_strdup(path ? path : "<memory>");
  o->rules = g_ptr_array_new_with_free_func(override_free);
  return o;
}

void
hs_overrides_add(HsOverrides *o, guint n_steps, const guint32 *guesses, const HsPat *patterns, guint32 forced,
                 const char *comment)
{
  HsOverride *r = g_new0(HsOverride, 1);
  r->n_steps = n_steps;
  r->guesses = g_memdup2(guesses, n_steps * sizeof *guesses);
  r->patterns = g_memdup2(patterns, n_steps * sizeof *patterns);
  r->forced = forced;
  r->comment = g_strdup(comment);
  g_ptr_array_add(o->rules, r);
}

void
hs_overrides_free(HsOverrides *o)
{
  if (o == NULL)
    return;
  g_ptr_array_unref(o->rules);
  g_free(o->path);
  g_free(o);
}

gint
hs_overrides_match(const HsOverrides *o, guint n_steps, const guint32 *guesses, const HsPat *patterns)
{
  for (guint i = 0; i < o->rules->len; i++) {
    const HsOverride *r = o->rules->pdata[i];
    if (r->n_steps == n_steps && memcmp(r->guesses, guesses, n_steps * sizeof *guesses) == 0 &&
        memcmp(r->patterns, patterns, n_steps * sizeof *patterns) == 0)
      return (gint)i;
  }
  return -1;
}

typedef struct {
  HsOverrides *o;
  const HsWords *words;
  HsRules rules;
  GString *pending_comment;
} ParseState;

static gboolean fail_at(GError **error, const ParseState *st, guint lineno, const char *fmt, ...) G_GNUC_PRINTF(4, 5);

static gboolean
fail_at(GError **error, const ParseState *st, guint lineno, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: %s", st->o->path, lineno, msg);
  return FALSE;
}

static gboolean
history_possible(const HsWords *w, guint n, const guint32 *g, const HsPat *p)
{
  for (guint a = 0; a < w->n_answers; a++) {
    guint i = 0;
    while (i < n && hs_feedback_words(w, g[i], a) == p[i])
      i++;
    if (i == n)
      return TRUE;
  }
  return FALSE;
}

/* Reads the fields of a rule: N_STEPS (guess, pattern) pairs into G and P, then the forced guess
 * into G[N_STEPS]. */
static gboolean
parse_fields(ParseState *st, char **tv, guint nt, guint lineno, guint32 *g, HsPat *p, GError **error)
{
  const guint n_steps = (nt - 1) / 2;
  for (guint i = 0; i < nt; i++) {
    GError *e = NULL;
    guint idx = 0;
    /* A pattern has the tiles of the guess before it (a short guess shows fewer). */
    gboolean ok = i % 2 == 0 ? hs_words_find(st->words, tv[i], &idx, &e)
                             : hs_pattern_parse_for(st->words, g[i / 2], tv[i], -1, &p[i / 2], &e);
    if (!ok) {
      fail_at(error, st, lineno, "%s", e->message);
      g_error_free(e);
      return FALSE;
    }
    if (i % 2 == 0)
      g[MIN(i / 2, n_steps)] = idx;
  }
  return TRUE;
}

/* Checks a parsed rule: the history obeys the rules, is unsolved and possible; the forced guess is
 * legal after it; no earlier rule has the same history. */
static gboolean
check_rule(ParseState *st, guint n_steps, const guint32 *g, const HsPat *p, guint lineno, GError **error)
{
  const HsWords *w = st->words;
  guint32 forced = g[n_steps];
  for (guint i = 1; i < n_steps; i++)
    if (!hs_rules_legal(st->rules, w, g, p, i, g[i]))
      return fail_at(error, st, lineno, "history guess '%s' breaks the %s hard-mode rules", w->text[g[i]],
                     hs_rules_name(st->rules));
  for (guint i = 0; i < n_steps; i++)
    if (p[i] == w->all_green)
      return fail_at(error, st, lineno, "the history is already solved at '%s'", w->text[g[i]]);
  if (!history_possible(w, n_steps, g, p))
    return fail_at(error, st, lineno, "this history never occurs: no answer gives these patterns");
  if (!hs_rules_legal(st->rules, w, g, p, n_steps, forced))
    return fail_at(error, st, lineno, "forced guess '%s' breaks the %s hard-mode rules after this history",
                   w->text[forced], hs_rules_name(st->rules));
  gint dup = hs_overrides_match(st->o, n_steps, g, p);
  if (dup >= 0) {
    const HsOverride *d = st->o->rules->pdata[dup];
    return fail_at(error, st, lineno, "a rule for the same history is on line %u", d->line);
  }
  return TRUE;
}

/* Appends COMMENT (may be NULL) to the comment block waiting for the next rule. */
static void
pend_comment(ParseState *st, const char *comment)
{
  if (comment == NULL || *comment == '\0')
    return;
  if (st->pending_comment->len)
    g_string_append_c(st->pending_comment, '\n');
  g_string_append(st->pending_comment, comment);
}

static gboolean
parse_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  ParseState *st = user;
  g_autofree char *text = g_strndup(line, len);
  char *hash = strchr(text, '#');
  g_autofree char *comment = NULL;
  if (hash != NULL) {
    comment = g_strstrip(g_strdup(hash + 1));
    *hash = '\0';
  }
  g_strstrip(text);
  if (*text == '\0') {
    if (comment == NULL)
      g_string_truncate(st->pending_comment, 0); /* a blank line ends a comment block */
    pend_comment(st, comment);
    return TRUE;
  }
  if (!g_utf8_validate(text, -1, NULL))
    return fail_at(error, st, lineno, "not valid UTF-8");
  g_auto(GStrv) tok = g_strsplit_set(text, " \t", -1);
  GPtrArray *t = g_ptr_array_new();
  for (guint i = 0; tok[i]; i++)
    if (*tok[i])
      g_ptr_array_add(t, tok[i]);
  guint nt = t->len;
  g_autofree char **tv = (char **)g_ptr_array_free(t, FALSE);
  if (nt < 3 || nt % 2 == 0)
    return fail_at(error, st, lineno, "expected 'GUESS PATTERN [GUESS PATTERN]... FORCED', got %u field%s", nt,
                   nt == 1 ? "" : "s");
  guint n_steps = (nt - 1) / 2;
  if (n_steps >= 64)
    return fail_at(error, st, lineno, "history of %u guesses is too long", n_steps);
  guint32 g[64];
  HsPat p[64];
  if (!parse_fields(st, tv, nt, lineno, g, p, error) || !check_rule(st, n_steps, g, p, lineno, error))
    return FALSE;
  /* Keep both a comment block above the rule and a trailing comment: to_text writes them back as one
   * block above the rule, so neither is lost on a round trip. */
  pend_comment(st, comment);
  const char *c = st->pending_comment->len ? st->pending_comment->str : NULL;
  hs_overrides_add(st->o, n_steps, g, p, g[n_steps], c);
  ((HsOverride *)st->o->rules->pdata[st->o->rules->len - 1])->line = lineno;
  g_string_truncate(st->pending_comment, 0);
  return TRUE;
}

HsOverrides *
hs_overrides_parse(const char *text, const char *path, const HsWords *words, HsRules rules, GError **error)
{
  ParseState st = { hs_overrides_new(path), words, rules, g_string_new(NULL) };
  gboolean ok = hs_file_foreach_line(text, strlen(text), parse_line, &st, error);
  g_string_free(st.pending_comment, TRUE);
  /* A file of comments only says "no rules" on purpose; an empty one (blank, or only a byte-order
   * mark) is more likely a failed write. */
  const char *body = g_str_has_prefix(text, "\xEF\xBB\xBF") ? text + 3 : text;
  if (ok && st.o->rules->len == 0 && body[strspn(body, " \t\r\n")] == '\0')
    ok = fail_at(error, &st, 1, "empty file (no override rules; leave out --overrides for none)");
  if (!ok) {
    hs_overrides_free(st.o);
    return NULL;
  }
  return st.o;
}

HsOverrides *
hs_overrides_load(const char *path, const HsWords *words, HsRules rules, GError **error)
{
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!hs_file_read(path, &text, &len, error))
    return NULL;
  return hs_overrides_parse(text, path, words, rules, error);
}

char *
hs_overrides_to_text(const HsOverrides *o, const HsWords *words)
{
  GString *out = g_string_new(NULL);
  char buf[HS_PATTERN_BUFLEN];
  /* Not an empty file, which reads back as an error (an empty file is more likely a failed write). */
  if (o->rules->len == 0)
    g_string_append(out, "# no override rules\n");
  for (guint i = 0; i < o->rules->len; i++) {
    const HsOverride *r = o->rules->pdata[i];
    if (r->comment != NULL) {
      g_auto(GStrv) lines = g_strsplit(r->comment, "\n", -1);
      for (guint k = 0; lines[k]; k++)
        g_string_append_printf(out, "# %s\n", lines[k]);
    }
    for (guint k = 0; k < r->n_steps; k++)
      g_string_append_printf(out, "%s %s ", words->text[r->guesses[k]],
                             hs_pattern_format_for(words, r->guesses[k], r->patterns[k], HS_PATTERN_EMOJI, buf));
    g_string_append_printf(out, "%s\n", words->text[r->forced]);
  }
  return g_string_free(out, FALSE);
}
