/* hardsix verifier — the per-word format: one line per answer,
 * "ANSWER: [G1] => P1 / [G2] => P2 / … /", after "# key: value" header lines. */
#include "verify-private.h"

gboolean
hs_verify_looks_per_word(const char *s, gsize len)
{
  gsize i = 0;
  while (i < len && word_byte(s[i]))
    i++;
  if (i == 0)
    return FALSE;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, ":"))
    return FALSE;
  i = skip_blanks(s, len, i);
  return i == len || s[i] == '[';
}

static const char expected[] = "expected 'ANSWER: [GUESS] => PATTERN / [GUESS] => PATTERN / …'";

/* One "[GUESS] => PATTERN" step at S[*I] (after blanks), appended to STEPS. */
static gboolean
parse_step(Verifier *v, const char *s, gsize len, gsize *i, guint lineno, GArray *steps, GError **error)
{
  if (!take(s, len, i, "["))
    return hs_verify_parse_fail(v, error, lineno, "%s (a step starts with '[')", expected);
  gsize g0 = *i;
  while (*i < len && s[*i] != ']' && s[*i] != '[')
    (*i)++;
  if (*i == len || s[*i] != ']')
    return hs_verify_parse_fail(v, error, lineno, "%s (a '[' without its ']')", expected);
  const char *g = s + g0;
  gsize gl = *i - g0;
  trim(&g, &gl);
  if (gl == 0)
    return hs_verify_parse_fail(v, error, lineno, "%s (an empty '[]')", expected);
  *i = skip_blanks(s, len, *i + 1);
  if (!take(s, len, i, "=>"))
    return hs_verify_parse_fail(v, error, lineno, "%s ('=>' after a guess)", expected);
  *i = skip_blanks(s, len, *i);
  gsize p0 = *i;
  while (*i < len && !is_blank(s[*i]) && s[*i] != '/')
    (*i)++;
  guint code;
  if (!hs_verify_read_pattern(s + p0, *i - p0, v->length, v->short_ok, &code)) {
    g_autofree char *bad = hs_escape(s + p0, (gssize)(*i - p0), TOKEN_SHOWN);
    if (*i == p0)
      return hs_verify_parse_fail(v, error, lineno, "a pattern is missing after '=>'");
    return hs_verify_parse_fail(v, error, lineno, "'%s' is not a pattern of %u tiles", bad, v->length);
  }
  const char *gt = hs_verify_keep(v, g, gl);
  Step st = { lookup(v, gt), gt, lineno, code };
  g_array_append_val(steps, st);
  return TRUE;
}

/* Parses "ANSWER: [G1] => P1 / [G2] => P2 / … /" (the last '/' may be left out). */
static gboolean
parse_word_line(Verifier *v, const char *s, gsize len, guint lineno, AnswerLine *out, GError **error)
{
  gsize i = 0;
  while (i < len && word_byte(s[i]))
    i++;
  if (i == 0 || i > 64)
    return hs_verify_parse_fail(v, error, lineno, "%s", expected);
  out->line = lineno;
  out->answer = hs_verify_keep(v, s, i);
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, ":"))
    return hs_verify_parse_fail(v, error, lineno, "%s", expected);
  out->steps = g_array_new(FALSE, FALSE, sizeof(Step));
  for (;;) {
    i = skip_blanks(s, len, i);
    if (i == len)
      break;
    if (!parse_step(v, s, len, &i, lineno, out->steps, error))
      return FALSE;
    i = skip_blanks(s, len, i);
    if (i == len)
      break;
    if (!take(s, len, &i, "/"))
      return hs_verify_parse_fail(v, error, lineno, "%s ('/' after a pattern)", expected);
  }
  return TRUE;
}

/* The header's opener counts as the first guess of an earlier path. */
static void
use_header_opener(Verifier *v, const Header *h)
{
  if (h->opener == NULL)
    return;
  guint w = lookup(v, h->opener);
  if (w == HS_NONE) {
    hs_verify_problem(v, h->opener_line, "'%s' is not an allowed word%s", hs_verify_shown(v, h->opener),
                      hs_verify_case_note(h->opener));
    return;
  }
  Choice *c = g_new(Choice, 1);
  c->word = w;
  c->line = h->opener_line;
  g_hash_table_insert(v->after, g_strdup(""), c);
}

gboolean
hs_verify_read_per_word(Verifier *v, const char *text, gsize len, GError **error)
{
  Header h;
  hs_verify_take_header(v, text, len, &h);
  use_header_opener(v, &h);

  GArray *lines = g_array_new(FALSE, TRUE, sizeof(AnswerLine));
  gboolean ok = TRUE;
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (ok && hs_verify_next_entry(&it, &line, &l)) {
    trim(&line, &l);
    AnswerLine al = { 0, NULL, NULL };
    ok = parse_word_line(v, line, l, it.lineno, &al, error);
    if (al.steps != NULL)
      g_array_append_val(lines, al);
  }
  if (ok) {
    hs_verify_check_answer_lines(v, lines);
    if (v->r->opener == NULL && h.opener != NULL)
      v->r->opener = g_strdup(h.opener);
  }
  hs_verify_answer_lines_free(lines);
  hs_verify_header_clear(&h);
  return ok;
}
