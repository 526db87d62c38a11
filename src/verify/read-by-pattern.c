/* hardsix verifier — the by-pattern format (the 2022 gist format A): a header naming the opener, a
 * summary ("N guesses: n", "average: x"), then one line per node, "KEY: next {GUESS} / candidates (N)
 * [w1, …]" or "KEY: = SOLVED = / candidates (1) [ANSWER]", KEY being the patterns joined by "=>". */
#include "verify-private.h"

/* "N guesses: n" (or "1 guess: n"): the by-pattern summary. */
static gboolean
summary_line(const char *s, gsize len, guint *d, guint64 *count)
{
  gsize i = 0;
  guint64 a = 0, b = 0;
  gsize d0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - d0 < 9)
    a = a * 10 + (guint64)(s[i++] - '0');
  if (i == d0 || !(take(s, len, &i, " guesses:") || take(s, len, &i, " guess:")))
    return FALSE;
  i = skip_blanks(s, len, i);
  gsize c0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - c0 < 18)
    b = b * 10 + (guint64)(s[i++] - '0');
  if (i == c0 || skip_blanks(s, len, i) != len)
    return FALSE;
  *d = (guint)a;
  *count = b;
  return TRUE;
}

gboolean
hs_verify_looks_by_pattern(const char *s, gsize len)
{
  guint d;
  guint64 n;
  if (summary_line(s, len, &d, &n) || starts_with(s, len, "average:"))
    return TRUE;
  const char *colon = memchr(s, ':', len);
  if (colon == NULL)
    return FALSE;
  gsize i = skip_blanks(s, len, (gsize)(colon - s) + 1);
  return starts_with(s + i, len - i, "next") || starts_with(s + i, len - i, "= SOLVED");
}

/* The key S[0..KLEN) ("P1=>P2=>…") into KEY (key_push). */
static gboolean
parse_key(Verifier *v, const char *s, gsize klen, guint lineno, GString *key, GError **error)
{
  gsize i = 0;
  while (i <= klen) {
    const char *arrow = g_strstr_len(s + i, (gssize)(klen - i), "=>");
    gsize end = arrow != NULL ? (gsize)(arrow - s) : klen;
    const char *part = s + i;
    gsize pl = end - i;
    trim(&part, &pl);
    guint code;
    if (!hs_verify_read_pattern(part, pl, v->length, v->short_ok, &code)) {
      g_autofree char *bad = hs_escape(part, (gssize)(pl), TOKEN_SHOWN);
      if (pl == 0)
        return hs_verify_parse_fail(v, error, lineno, "empty pattern in the key (expected 'KEY: next {GUESS} / …')");
      return hs_verify_parse_fail(v, error, lineno, "'%s' is not a pattern of %u tiles (in the key)", bad, v->length);
    }
    /* Deeper keys cannot verify anyway, and bounding them keeps the prefix checks linear. */
    if (key->len == KEY_STEP * PATH_LIMIT)
      return hs_verify_parse_fail(v, error, lineno, "the key has more than %u patterns (the verifier's limit)",
                                  PATH_LIMIT);
    key_push(key, code);
    i = end + 2;
  }
  return TRUE;
}

/* "next {GUESS}" or "= SOLVED =" at S[*I], into N. */
static gboolean
parse_action(Verifier *v, const char *s, gsize len, gsize *i, Node *n)
{
  if (take(s, len, i, "next")) {
    *i = skip_blanks(s, len, *i);
    if (!take(s, len, i, "{"))
      return FALSE;
    const char *close = memchr(s + *i, '}', len - *i);
    if (close == NULL)
      return FALSE;
    const char *g = s + *i;
    gsize gl = (gsize)(close - g);
    trim(&g, &gl);
    if (gl == 0)
      return FALSE;
    n->guess_text = hs_verify_keep(v, g, gl);
    n->guess = lookup(v, n->guess_text);
    *i = (gsize)(close - s) + 1;
    return TRUE;
  }
  if (!take(s, len, i, "="))
    return FALSE;
  *i = skip_blanks(s, len, *i);
  if (!take(s, len, i, "SOLVED"))
    return FALSE;
  *i = skip_blanks(s, len, *i);
  n->leaf = TRUE;
  return take(s, len, i, "=");
}

/* "/ candidates (N) [w1, w2, …]" at S[*I] to the end of the line, into N. */
static gboolean
parse_candidates(Verifier *v, const char *s, gsize len, gsize i, Node *n)
{
  static const char *const words[] = { "/", "candidates", "(" };
  for (guint k = 0; k < G_N_ELEMENTS(words); k++) {
    i = skip_blanks(s, len, i);
    if (!take(s, len, &i, words[k]))
      return FALSE;
  }
  guint64 count = 0;
  gsize d0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - d0 < 9)
    count = count * 10 + (guint64)(s[i++] - '0');
  if (i == d0 || !take(s, len, &i, ")"))
    return FALSE;
  n->stated_n = (guint)count;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "["))
    return FALSE;
  n->cands = g_ptr_array_new();
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "]")) {
    for (;;) {
      gsize w0 = i;
      while (i < len && s[i] != ',' && s[i] != ']')
        i++;
      if (i == len)
        return FALSE;
      const char *w = s + w0;
      gsize wl = i - w0;
      trim(&w, &wl);
      if (wl == 0)
        return FALSE;
      g_ptr_array_add(n->cands, (gpointer)hs_verify_keep(v, w, wl));
      if (s[i++] == ']')
        break;
    }
  }
  return skip_blanks(s, len, i) == len;
}

/* Parses "KEY: next {GUESS} / candidates (N) [w1, w2, …]" or "KEY: = SOLVED = / candidates (1) [w]". */
static gboolean
parse_node_line(Verifier *v, const char *s, gsize len, guint lineno, Node **out, GError **error)
{
  const char *colon = memchr(s, ':', len);
  if (colon == NULL)
    return hs_verify_parse_fail(v, error, lineno, "expected 'KEY: next {GUESS} / candidates (N) […]'");
  g_autoptr(GString) key = g_string_new(NULL);
  gsize klen = (gsize)(colon - s);
  if (!parse_key(v, s, klen, lineno, key, error))
    return FALSE;
  gsize i = skip_blanks(s, len, klen + 1);
  Node *n = hs_verify_node_new(lineno);
  if (!parse_action(v, s, len, &i, n) || !parse_candidates(v, s, len, i, n)) {
    hs_verify_node_free(n);
    return hs_verify_parse_fail(v, error, lineno,
                                "expected 'KEY: next {GUESS} / candidates (N) [w1, w2, …]' or 'KEY: = SOLVED = / "
                                "candidates (1) [ANSWER]'");
  }
  n->key = hs_verify_keep(v, key->str, key->len);
  *out = n;
  return TRUE;
}

/* What the summary states. */
typedef struct {
  GArray *hist; /* Stated */
  gboolean have_average;
  double average;
  guint average_line;
} Summary;

/* One line after the header: a summary line or a node line. */
static gboolean
read_line(Verifier *v, Tree *t, Summary *sum, const char *line, gsize l, guint lineno, GError **error)
{
  Stated st = { 0, 0, lineno };
  if (summary_line(line, l, &st.d, &st.count)) {
    g_array_append_val(sum->hist, st);
    return TRUE;
  }
  if (starts_with(line, l, "average:")) {
    g_autofree char *num = g_strndup(line + strlen("average:"), l - strlen("average:"));
    char *end = NULL;
    g_strstrip(num);
    sum->average = g_ascii_strtod(num, &end);
    sum->have_average = TRUE;
    sum->average_line = lineno;
    if (end == num || (*end != '\0' && *end != ' '))
      return hs_verify_parse_fail(v, error, lineno, "expected 'average: NUMBER'");
    return TRUE;
  }
  Node *n = NULL;
  if (!parse_node_line(v, line, l, lineno, &n, error))
    return FALSE;
  hs_verify_tree_add(v, t, n);
  return TRUE;
}

static gboolean
read_lines(Verifier *v, Tree *t, Summary *sum, const char *text, gsize len, GError **error)
{
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (hs_verify_next_entry(&it, &line, &l)) {
    trim(&line, &l);
    if (!read_line(v, t, sum, line, l, it.lineno, error))
      return FALSE;
  }
  return TRUE;
}

gboolean
hs_verify_read_by_pattern(Verifier *v, const char *text, gsize len, GError **error)
{
  Header h;
  hs_verify_take_header(v, text, len, &h);
  if (h.opener == NULL || h.opener[0] == '\0') {
    hs_verify_header_clear(&h);
    return hs_verify_parse_fail(v, error, 1, "a by-pattern file needs a '# opener: WORD' header line");
  }
  Tree t;
  hs_verify_tree_init(&t, TREE_BY_PATTERN);
  /* The opener has no line of its own: it is the root, outside the node list. */
  Node *root = hs_verify_node_new(h.opener_line);
  root->guess_text = hs_verify_keep(v, h.opener, strlen(h.opener));
  root->guess = lookup(v, root->guess_text);
  root->key = "";
  g_hash_table_insert(t.by_key, (gpointer)root->key, root);
  t.root = root;
  hs_verify_header_clear(&h);

  g_autoptr(GArray) stated = g_array_new(FALSE, FALSE, sizeof(Stated));
  Summary sum = { stated, FALSE, 0, 0 };
  gboolean ok = read_lines(v, &t, &sum, text, len, error);
  if (ok) {
    hs_verify_walk_tree(v, &t);
    hs_verify_check_nodes(v, &t);
    hs_verify_check_histogram(v, stated, "the summary", 0);
    if (sum.have_average)
      hs_verify_check_average(v, sum.average, sum.average_line);
    v->r->opener = g_strdup(root->guess_text);
  }
  hs_verify_tree_clear(&t);
  hs_verify_node_free(root);
  return ok;
}
