/* hardsix verifier — the JSON format: {"format": "hardsix-strategy", "version": 1, …, "tree": {"guess",
 * "candidates", "children": [{"pattern": "01000", …}]}} plus the stated histogram, answers, total and
 * average. Unknown keys are ignored; keys may come in any order. */
#include "verify-private.h"

static gboolean json_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error);

/* One child of a node: its "pattern" extends KEY, then the child is read as a node. */
static gboolean
json_child(Verifier *v, Tree *t, const JVal *child, GString *key, GError **error)
{
  if (child->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, child->line, "a child must be an object");
  const JMember *pm = hs_verify_json_member(child, "pattern");
  if (pm == NULL)
    return hs_verify_parse_fail(v, error, child->line, "a child needs a \"pattern\"");
  guint code;
  if (pm->val->kind != J_STRING ||
      !hs_verify_read_pattern(pm->val->str, strlen(pm->val->str), v->length, v->short_ok, &code)) {
    g_autofree char *bad = pm->val->kind == J_STRING ? hs_escape(pm->val->str, -1, -1) : g_strdup("?");
    return hs_verify_parse_fail(v, error, pm->val->line, "\"pattern\" must be a pattern of %u tiles, not \"%s\"",
                                v->length, bad);
  }
  if (code == v->all_green) {
    hs_verify_problem(v, pm->val->line, "a child with the pattern 22222 (the part a guess solves is not a child)");
    return TRUE;
  }
  gsize keep_len = key->len;
  if (keep_len == KEY_STEP * PATH_LIMIT)
    return hs_verify_parse_fail(v, error, child->line, "the tree is deeper than %u patterns (the verifier's limit)",
                                PATH_LIMIT);
  key_push(key, code);
  gboolean ok = json_node(v, t, child, key, error);
  g_string_truncate(key, keep_len);
  return ok;
}

static gboolean
json_children(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  const JMember *m = hs_verify_json_member(obj, "children");
  if (m == NULL || m->val->kind == J_NULL)
    return TRUE;
  if (m->val->kind != J_ARRAY)
    return hs_verify_parse_fail(v, error, m->line, "\"children\" must be an array");
  for (guint i = 0; i < m->val->items->len; i++)
    if (!json_child(v, t, m->val->items->pdata[i], key, error))
      return FALSE;
  return TRUE;
}

/* The node's "candidates" (absent or null: none stated). */
static gboolean
json_candidates(Verifier *v, const JVal *obj, Node *n, GError **error)
{
  const JMember *cm = hs_verify_json_member(obj, "candidates");
  if (cm == NULL || cm->val->kind == J_NULL)
    return TRUE;
  if (cm->val->kind != J_ARRAY)
    return hs_verify_parse_fail(v, error, cm->line, "\"candidates\" must be an array of words");
  n->cands = g_ptr_array_new();
  for (guint i = 0; i < cm->val->items->len; i++) {
    const JVal *c = cm->val->items->pdata[i];
    if (c->kind != J_STRING)
      return hs_verify_parse_fail(v, error, c->line, "\"candidates\" must be an array of words");
    g_ptr_array_add(n->cands, g_string_chunk_insert(v->chunk, c->str));
  }
  return TRUE;
}

static gboolean
json_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  if (obj->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, obj->line, "a tree node must be an object");
  const JMember *gm = hs_verify_json_member(obj, "guess");
  if (gm == NULL || gm->val->kind != J_STRING)
    return hs_verify_parse_fail(v, error, gm != NULL ? gm->line : obj->line, "a tree node needs a \"guess\" string");
  Node *n = hs_verify_node_new(gm->val->line);
  n->guess_text = g_string_chunk_insert(v->chunk, gm->val->str);
  n->guess = lookup(v, n->guess_text);
  n->key = hs_verify_keep(v, key->str, key->len);
  if (!json_candidates(v, obj, n, error)) {
    hs_verify_node_free(n);
    return FALSE;
  }
  if (!hs_verify_tree_add(v, t, n))
    return TRUE; /* a duplicate: reported; its subtree is not read */
  return json_children(v, t, obj, key, error);
}

/* Reads a stated count ("answers", "total_guesses", histogram values). */
static gboolean
json_count(Verifier *v, const JVal *val, guint64 *out, const char *what, GError **error)
{
  if (val->kind != J_NUMBER || !val->count)
    return hs_verify_parse_fail(v, error, val->line, "%s must be a non-negative integer", what);
  *out = (guint64)val->number;
  return TRUE;
}

/* "format" and "version", when present, say this is a strategy this verifier reads. */
static gboolean
json_identity(Verifier *v, const JVal *top, GError **error)
{
  const JMember *fm = hs_verify_json_member(top, "format");
  const char *format = hs_verify_json_string(top, "format");
  if (fm != NULL && g_strcmp0(format, "hardsix-strategy") != 0) {
    g_autofree char *f = format ? hs_escape(format, -1, -1) : g_strdup("?");
    return hs_verify_parse_fail(v, error, fm->line, "\"format\" is \"%s\", not \"hardsix-strategy\"", f);
  }
  const JMember *vm = hs_verify_json_member(top, "version");
  if (vm != NULL && (vm->val->kind != J_NUMBER || vm->val->number != 1.0))
    return hs_verify_parse_fail(v, error, vm->line, "unsupported \"version\" (this verifier reads version 1)");
  return TRUE;
}

/* The stated "histogram" ({"3": 706, …}) into STATED. */
static gboolean
json_histogram(Verifier *v, const JMember *hm, GArray *stated, GError **error)
{
  if (hm == NULL || hm->val->kind == J_NULL)
    return TRUE;
  if (hm->val->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, hm->line, "\"histogram\" must be an object like {\"3\": 706}");
  for (guint i = 0; i < hm->val->items->len; i++) {
    const JMember *m = hm->val->items->pdata[i];
    Stated st = { 0, 0, m->line };
    gsize kl = strlen(m->key);
    if (kl == 0 || kl > 9 || strspn(m->key, "0123456789") != kl) {
      g_autofree char *k = hs_escape(m->key, -1, -1);
      return hs_verify_parse_fail(v, error, m->line, "histogram key \"%s\" is not a number of guesses", k);
    }
    st.d = (guint)g_ascii_strtoull(m->key, NULL, 10);
    if (!json_count(v, m->val, &st.count, "a histogram figure", error))
      return FALSE;
    g_array_append_val(stated, st);
  }
  return TRUE;
}

/* The stated figures besides the histogram: "answers", "total_guesses", "average". */
static gboolean
json_totals(Verifier *v, const JVal *top, GError **error)
{
  static const char *const totals[] = { "answers", "total_guesses" };
  for (guint i = 0; i < G_N_ELEMENTS(totals); i++) {
    const JMember *m = hs_verify_json_member(top, totals[i]);
    guint64 said = 0, real = i == 0 ? v->r->n_answers : v->r->total;
    if (m == NULL || m->val->kind == J_NULL)
      continue;
    if (!json_count(v, m->val, &said, totals[i], error))
      return FALSE;
    if (said != real)
      hs_verify_problem(v, m->val->line, "\"%s\" is %" G_GUINT64_FORMAT ", but the strategy gives %" G_GUINT64_FORMAT,
                        totals[i], said, real);
  }
  const JMember *am = hs_verify_json_member(top, "average");
  if (am != NULL && am->val->kind == J_NUMBER)
    hs_verify_check_average(v, am->val->number, am->val->line);
  return TRUE;
}

/* The checks once the tree is read: walk, nodes, opener, stated figures. */
static gboolean
json_check(Verifier *v, Tree *t, const JVal *top, const GArray *stated, GError **error)
{
  const JMember *om = hs_verify_json_member(top, "opener");
  if (om != NULL && om->val->kind == J_STRING && strcmp(om->val->str, t->root->guess_text) != 0)
    hs_verify_problem(v, om->val->line, "\"opener\" is \"%s\" but the tree starts with '%s'",
                      hs_verify_shown(v, om->val->str), hs_verify_shown(v, t->root->guess_text));
  hs_verify_walk_tree(v, t);
  hs_verify_check_nodes(v, t);
  const JMember *hm = hs_verify_json_member(top, "histogram");
  hs_verify_check_histogram(v, stated, "the histogram", hm != NULL && hm->val->kind == J_OBJECT ? hm->line : 0);
  if (!json_totals(v, top, error))
    return FALSE;
  v->r->opener = g_strdup(t->root->guess_text);
  return TRUE;
}

static gboolean
json_strategy(Verifier *v, const JVal *top, Tree *t, GArray *stated, GError **error)
{
  if (top->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, top->line, "expected a JSON object with a \"tree\"");
  if (!json_identity(v, top, error))
    return FALSE;
  v->r->lists_hint = g_strdup(hs_verify_json_string(top, "lists"));
  v->r->rules_hint = g_strdup(hs_verify_json_string(top, "rules"));
  const JMember *tm = hs_verify_json_member(top, "tree");
  if (tm == NULL)
    return hs_verify_parse_fail(v, error, top->line, "no \"tree\" in the JSON object");
  if (!json_histogram(v, hs_verify_json_member(top, "histogram"), stated, error))
    return FALSE;
  if (tm->val->kind == J_NULL) {
    hs_verify_problem(v, tm->line, "the strategy is empty (\"tree\": null)");
    for (guint a = 0; a < v->words->n_answers; a++)
      hs_verify_problem(v, 0, "'%s' is missing", v->words->text[a]);
    return TRUE;
  }
  g_autoptr(GString) key = g_string_new(NULL);
  if (!json_node(v, t, tm->val, key, error))
    return FALSE;
  return json_check(v, t, top, stated, error);
}

gboolean
hs_verify_read_json(Verifier *v, const char *text, gsize len, GError **error)
{
  JVal *top = hs_verify_json_parse(text, len, v->file, error);
  if (top == NULL)
    return FALSE;
  Tree t;
  hs_verify_tree_init(&t, TREE_JSON);
  g_autoptr(GArray) stated = g_array_new(FALSE, FALSE, sizeof(Stated));
  gboolean ok = json_strategy(v, top, &t, stated, error);
  hs_verify_tree_clear(&t);
  hs_verify_json_free(top);
  return ok;
}
