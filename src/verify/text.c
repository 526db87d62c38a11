/* hardsix verifier — its error domain, and reading text formats: lines (LF or CRLF) and the
 * "# key: value" header lines that name the lists, rules and opener. */
#include "verify-private.h"

G_DEFINE_QUARK(hs_verify_error_quark, hs_verify_error)

gboolean
hs_verify_next_line(Lines *it, const char **line, gsize *len)
{
  if (it->pos >= it->len)
    return FALSE;
  const char *start = it->text + it->pos;
  const char *nl = memchr(start, '\n', it->len - it->pos);
  gsize l = nl != NULL ? (gsize)(nl - start) : it->len - it->pos;
  it->pos += l + (nl != NULL ? 1 : 0);
  it->lineno++;
  if (l > 0 && start[l - 1] == '\r')
    l--;
  *line = start;
  *len = l;
  return TRUE;
}

gboolean
hs_verify_next_entry(Lines *it, const char **line, gsize *len)
{
  const char *s;
  gsize l;
  while (hs_verify_next_line(it, &s, &l)) {
    while (l > 0 && is_blank(s[l - 1]))
      l--;
    gsize first = skip_blanks(s, l, 0);
    if (first == l || s[first] == '#')
      continue;
    *line = s;
    *len = l;
    return TRUE;
  }
  return FALSE;
}

void
hs_verify_header_clear(Header *h)
{
  g_free(h->lists);
  g_free(h->rules);
  g_free(h->opener);
  g_free(h->kind);
  g_free(h->status);
  memset(h, 0, sizeof *h);
}

/* One comment line (without its '#', trimmed) into H: the first value of each key wins. */
static void
header_line(const char *line, gsize l, guint lineno, Header *h)
{
  static const char *const keys[] = { "lists:", "rules:", "opener:", "status:" };
  char **slots[] = { &h->lists, &h->rules, &h->opener, &h->status };
  for (guint k = 0; k < G_N_ELEMENTS(keys); k++) {
    if (!starts_with(line, l, keys[k]))
      continue;
    const char *val = line + strlen(keys[k]);
    gsize vl = l - strlen(keys[k]);
    trim(&val, &vl);
    if (*slots[k] == NULL) {
      *slots[k] = g_strndup(val, vl);
      if (k == 2)
        h->opener_line = lineno;
      if (k == 3)
        h->status_line = lineno;
    }
  }
  if (h->kind == NULL && starts_with(line, l, "hardsix strategy (")) {
    const char *k0 = line + strlen("hardsix strategy (");
    const char *k1 = memchr(k0, ')', l - (gsize)(k0 - line));
    if (k1 != NULL)
      h->kind = g_strndup(k0, (gsize)(k1 - k0));
  }
}

void
hs_verify_read_header(const char *text, gsize len, Header *h)
{
  memset(h, 0, sizeof *h);
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (hs_verify_next_line(&it, &line, &l)) {
    trim(&line, &l);
    if (l == 0)
      continue;
    if (line[0] != '#')
      break;
    line++, l--;
    trim(&line, &l);
    header_line(line, l, it.lineno, h);
  }
}

void
hs_verify_take_header(Verifier *v, const char *text, gsize len, Header *h)
{
  Header mine;
  Header *into = h != NULL ? h : &mine;
  hs_verify_read_header(text, len, into);
  v->r->lists_hint = g_steal_pointer(&into->lists);
  v->r->rules_hint = g_steal_pointer(&into->rules);
  if (h == NULL)
    hs_verify_header_clear(&mine);
}
