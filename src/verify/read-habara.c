/* hardsix verifier — the tree of the published Pokemon Wordle solver: {"guess": G, "rem": N, "edges":
 * {"01200": {...}, …, "22222": {}}}, one edge per pattern (L digits, 0 past a short guess), "22222": {}
 * where the guess is itself the answer, "rem" the answers left at the node. Read with the verifier's
 * strict JSON parser; checked like every tree (tree walks, stated counts). */
#include "verify-private.h"

gboolean
hs_verify_looks_habara(const char *text, gsize len)
{
  gsize i = 0;
  while (i < len && g_ascii_isspace(text[i]))
    i++;
  if (i == len || text[i] != '{')
    return FALSE;
  i = skip_blanks(text, len, i + 1);
  while (i < len && g_ascii_isspace(text[i]))
    i++;
  return starts_with(text + i, len - i, "\"guess\"");
}

static gboolean habara_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error);

/* The all-green edge under the node of KEY: the node's guess is an answer; its value must be {}. */
static gboolean
habara_solved(Verifier *v, Tree *t, const JMember *m, GString *key, GError **error)
{
  if (m->val->kind != J_OBJECT || m->val->items->len != 0)
    return hs_verify_parse_fail(v, error, m->line, "the edge \"%s\" (the guess is the answer) must be {}", m->key);
  Node *leaf = hs_verify_node_new(m->line);
  leaf->leaf = TRUE;
  key_push(key, v->all_green);
  leaf->key = hs_verify_keep(v, key->str, key->len);
  g_string_truncate(key, key->len - KEY_STEP);
  hs_verify_tree_add(v, t, leaf);
  return TRUE;
}

/* The node's "edges": one child per pattern key. */
static gboolean
habara_edges(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  const JMember *em = hs_verify_json_member(obj, "edges");
  if (em == NULL || em->val->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, em != NULL ? em->line : obj->line, "a node needs an \"edges\" object");
  for (guint i = 0; i < em->val->items->len; i++) {
    const JMember *m = em->val->items->pdata[i];
    guint code;
    /* Every digit is written, short guess or not: exactly L of them. */
    if (!hs_verify_read_pattern(m->key, strlen(m->key), v->length, FALSE, &code) ||
        strspn(m->key, "012") != strlen(m->key)) {
      g_autofree char *bad = hs_escape(m->key, -1, TOKEN_SHOWN);
      return hs_verify_parse_fail(v, error, m->line, "edge \"%s\" is not a pattern of %u digits 0, 1, 2", bad,
                                  v->length);
    }
    if (code == v->all_green) {
      if (!habara_solved(v, t, m, key, error))
        return FALSE;
      continue;
    }
    if (key->len == KEY_STEP * PATH_LIMIT)
      return hs_verify_parse_fail(v, error, m->line, "the tree is deeper than %u patterns (the verifier's limit)",
                                  PATH_LIMIT);
    key_push(key, code);
    gboolean ok = habara_node(v, t, m->val, key, error);
    g_string_truncate(key, key->len - KEY_STEP);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

static gboolean
habara_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  if (obj->kind != J_OBJECT)
    return hs_verify_parse_fail(v, error, obj->line, "a tree node must be an object");
  const JMember *gm = hs_verify_json_member(obj, "guess");
  if (gm == NULL || gm->val->kind != J_STRING)
    return hs_verify_parse_fail(v, error, gm != NULL ? gm->line : obj->line, "a tree node needs a \"guess\" string");
  const JMember *rm = hs_verify_json_member(obj, "rem");
  if (rm != NULL && (rm->val->kind != J_NUMBER || !rm->val->count))
    return hs_verify_parse_fail(v, error, rm->line, "\"rem\" must be a count of answers");
  Node *n = hs_verify_node_new(gm->val->line);
  n->guess_text = g_string_chunk_insert(v->chunk, gm->val->str);
  n->guess = lookup(v, n->guess_text);
  n->key = hs_verify_keep(v, key->str, key->len);
  if (rm != NULL)
    n->stated_n = (guint)rm->val->number;
  if (!hs_verify_tree_add(v, t, n))
    return TRUE; /* a duplicate: reported; its subtree is not read */
  return habara_edges(v, t, obj, key, error);
}

/* An all-green edge under a guess that is no answer left there. */
static void
check_leaves(Verifier *v, const Tree *t)
{
  for (guint i = 0; i < t->nodes->len; i++) {
    const Node *n = t->nodes->pdata[i];
    if (n->leaf && n->reached->len == 0)
      hs_verify_problem(v, n->line,
                        "the edge of all greens says the guess is the answer, but it is no answer left "
                        "there");
  }
}

gboolean
hs_verify_read_habara(Verifier *v, const char *text, gsize len, GError **error)
{
  JVal *top = hs_verify_json_parse(text, len, v->file, error);
  if (top == NULL)
    return FALSE;
  Tree t;
  hs_verify_tree_init(&t, TREE_HABARA);
  g_autoptr(GString) key = g_string_new(NULL);
  gboolean ok = habara_node(v, &t, top, key, error);
  if (ok && t.root != NULL) {
    v->r->opener = g_strdup(t.root->guess_text);
    hs_verify_walk_tree(v, &t);
    hs_verify_check_nodes(v, &t);
    check_leaves(v, &t);
  }
  hs_verify_tree_clear(&t);
  hs_verify_json_free(top);
  return ok;
}
