/* hardsix verifier — the tree outline that `--format tree` writes: "OPENER (N)", then one line per
 * node, "PREFIX├─ PATTERN GUESS (N)" or "… GUESS ✓" (the part is that word alone), where PREFIX holds
 * "│  " under an ancestor with siblings still to come and "   " under a last one ("└─"). The outline
 * is read as a tree and checked like the JSON tree; its drawing must be consistent. */
#include "verify-private.h"

#define BAR "\xE2\x94\x82"             /* │ */
#define TEE "\xE2\x94\x9C\xE2\x94\x80" /* ├─ */
#define ELL "\xE2\x94\x94\xE2\x94\x80" /* └─ */
#define CHECK "\xE2\x9C\x93"           /* ✓ */
#define UNIT_COLUMNS 3                 /* "│  " or "   " */

/* The line at each level on the way from the root to the line being read. */
typedef struct {
  const char *key;
  guint line;
  gboolean last;   /* drawn with └─ (the root counts as last) */
  gboolean solved; /* marked ✓ */
  gboolean skip;   /* a second line for the same key: reported, its lines below are not read */
} Level;

typedef struct {
  Verifier *v;
  Tree *t;
  GArray *levels; /* Level; index = depth (0 = the root) */
  GError **error;
} Outline;

/* The token at S[*I] up to the next blank (after skipping blanks). */
static const char *
token(const char *s, gsize len, gsize *i, gsize *tl)
{
  *i = skip_blanks(s, len, *i);
  gsize t0 = *i;
  while (*i < len && !is_blank(s[*i]))
    (*i)++;
  *tl = *i - t0;
  return s + t0;
}

/* "(N)" or "✓" at S[*I], the rest of the line. */
static gboolean
parse_tail(const char *s, gsize len, gsize i, guint *count, gboolean *solved)
{
  gsize tl;
  const char *t = token(s, len, &i, &tl);
  if (skip_blanks(s, len, i) != len)
    return FALSE;
  *solved = tl == strlen(CHECK) && memcmp(t, CHECK, tl) == 0;
  if (*solved) {
    *count = 1;
    return TRUE;
  }
  if (tl < 3 || tl > 11 || t[0] != '(' || t[tl - 1] != ')')
    return FALSE;
  guint n = 0;
  for (gsize k = 1; k + 1 < tl; k++) {
    if (!g_ascii_isdigit(t[k]))
      return FALSE;
    n = n * 10 + (guint)(t[k] - '0');
  }
  *count = n;
  return TRUE;
}

gboolean
hs_verify_looks_tree(const char *s, gsize len)
{
  if (starts_with(s, len, TEE) || starts_with(s, len, ELL) || starts_with(s, len, BAR))
    return TRUE;
  gsize i = 0;
  while (i < len && word_byte(s[i]))
    i++;
  guint count;
  gboolean solved;
  return i > 0 && i < len && is_blank(s[i]) && parse_tail(s, len, i, &count, &solved);
}

/* A node for the line: GUESS (S[0..GL)) under KEY, with its stated count. */
static Node *
outline_node(Outline *o, guint lineno, const char *g, gsize gl, const char *key, guint count, gboolean solved)
{
  Node *n = hs_verify_node_new(lineno);
  n->guess_text = hs_verify_keep(o->v, g, gl);
  n->guess = lookup(o->v, n->guess_text);
  n->key = key;
  n->stated_n = count;
  n->stated_solved = solved;
  return n;
}

static gboolean
read_root(Outline *o, const char *s, gsize len, guint lineno)
{
  gsize i = 0, gl;
  const char *g = token(s, len, &i, &gl);
  guint count;
  gboolean solved;
  if (is_blank(s[0]) || !parse_tail(s, len, i, &count, &solved))
    return hs_verify_parse_fail(o->v, o->error, lineno, "a tree outline starts with 'OPENER (N)'");
  hs_verify_tree_add(o->v, o->t, outline_node(o, lineno, g, gl, "", count, solved));
  Level root = { "", lineno, TRUE, solved, FALSE };
  g_array_append_val(o->levels, root);
  return TRUE;
}

/* Leaves the levels deeper than DEPTH (the new line's level, or 1 at the end of the file): each line
 * left that way had no sibling after it, so it must be drawn └─. */
static gboolean
close_levels(Outline *o, guint depth)
{
  while (o->levels->len > depth) {
    const Level *top = &g_array_index(o->levels, Level, o->levels->len - 1);
    if (!top->last)
      return hs_verify_parse_fail(o->v, o->error, top->line,
                                  "drawn with '├─' but no line follows at its level (the last one is drawn '└─')");
    g_array_set_size(o->levels, o->levels->len - 1);
  }
  return TRUE;
}

/* The prefix and connector at the start of S: sets *DEPTH (1 for a child of the root) and *LAST, and
 * checks each prefix unit against the ancestor at its level. */
static gboolean
parse_indent(Outline *o, const char *s, gsize len, gsize *i, guint lineno, guint *depth, gboolean *last)
{
  GArray *lv = o->levels;
  guint units = 0;
  for (;;) {
    gboolean bar = take(s, len, i, BAR "  ");
    if (!bar && !take(s, len, i, "   "))
      break;
    units++;
    if (units >= lv->len)
      return hs_verify_parse_fail(o->v, o->error, lineno, "bad indentation: deeper than a child of the line above");
    const Level *up = &g_array_index(lv, Level, units);
    if (bar == up->last)
      return hs_verify_parse_fail(o->v, o->error, lineno,
                                  "bad indentation: column %u should be '%s' (line %u is drawn with '%s')",
                                  (units - 1) * UNIT_COLUMNS + 1, bar ? " " : BAR, up->line, up->last ? ELL : TEE);
  }
  *last = take(s, len, i, ELL " ");
  if (!*last && !take(s, len, i, TEE " "))
    return hs_verify_parse_fail(o->v, o->error, lineno, "bad indentation: expected '├─ ' or '└─ ' at column %u",
                                units * UNIT_COLUMNS + 1);
  *depth = units + 1;
  return TRUE;
}

/* Where the line goes in the outline: closes the deeper levels and checks the siblings before it and
 * the parent. */
static gboolean
place_line(Outline *o, guint depth, guint lineno)
{
  GArray *lv = o->levels; /* parse_indent made sure that DEPTH <= lv->len */
  if (!close_levels(o, depth + 1))
    return FALSE;
  if (lv->len > depth) {
    const Level *before = &g_array_index(lv, Level, depth);
    if (before->last)
      return hs_verify_parse_fail(o->v, o->error, lineno,
                                  "line %u is drawn with '└─' (the last at its level), but this line follows it",
                                  before->line);
    g_array_set_size(lv, depth);
  }
  const Level *parent = &g_array_index(lv, Level, depth - 1);
  if (parent->solved)
    return hs_verify_parse_fail(o->v, o->error, lineno, "line %u is marked ✓ (solved), so nothing can be below it",
                                parent->line);
  return TRUE;
}

static gboolean
read_child(Outline *o, const char *s, gsize len, guint lineno)
{
  gsize i = 0, pl, gl;
  guint depth = 0, count = 0;
  gboolean last = FALSE, solved = FALSE;
  if (!parse_indent(o, s, len, &i, lineno, &depth, &last) || !place_line(o, depth, lineno))
    return FALSE;
  const char *p = token(s, len, &i, &pl);
  const char *g = token(s, len, &i, &gl);
  guint code;
  if (!hs_verify_read_pattern(p, pl, o->v->length, o->v->short_ok, &code)) {
    g_autofree char *bad = hs_escape(p, (gssize)(pl), TOKEN_SHOWN);
    return hs_verify_parse_fail(o->v, o->error, lineno, "'%s' is not a pattern of %u tiles", bad, o->v->length);
  }
  if (code == o->v->all_green)
    return hs_verify_parse_fail(o->v, o->error, lineno,
                                "all green has no line of its own (the part a guess solves is not a child)");
  if (gl == 0 || !parse_tail(s, len, i, &count, &solved))
    return hs_verify_parse_fail(o->v, o->error, lineno, "expected 'PATTERN GUESS (N)' or 'PATTERN GUESS ✓'");
  if (depth > PATH_LIMIT)
    return hs_verify_parse_fail(o->v, o->error, lineno, "the outline is deeper than %u guesses (the verifier's limit)",
                                PATH_LIMIT);
  const Level *parent = &g_array_index(o->levels, Level, depth - 1);
  g_autoptr(GString) key = g_string_new(parent->key);
  key_push(key, code);
  const char *k = hs_verify_keep(o->v, key->str, key->len);
  gboolean skip = parent->skip || !hs_verify_tree_add(o->v, o->t, outline_node(o, lineno, g, gl, k, count, solved));
  Level here = { k, lineno, last, solved, skip };
  g_array_append_val(o->levels, here);
  return TRUE;
}

static gboolean
read_outline(Outline *o, const char *text, gsize len)
{
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (hs_verify_next_entry(&it, &line, &l)) {
    gboolean ok = o->levels->len == 0 ? read_root(o, line, l, it.lineno) : read_child(o, line, l, it.lineno);
    if (!ok)
      return FALSE;
  }
  if (o->levels->len == 0)
    return hs_verify_parse_fail(o->v, o->error, MAX(it.lineno, 1u), "a tree outline starts with 'OPENER (N)'");
  return close_levels(o, 1);
}

gboolean
hs_verify_read_tree(Verifier *v, const char *text, gsize len, GError **error)
{
  hs_verify_take_header(v, text, len, NULL);
  Tree t;
  hs_verify_tree_init(&t, TREE_OUTLINE);
  Outline o = { v, &t, g_array_new(FALSE, FALSE, sizeof(Level)), error };
  gboolean ok = read_outline(&o, text, len);
  if (ok) {
    hs_verify_walk_tree(v, &t);
    hs_verify_check_nodes(v, &t);
    v->r->opener = g_strdup(t.root->guess_text);
  }
  g_array_unref(o.levels);
  hs_verify_tree_clear(&t);
  return ok;
}
