/* hardsix — strategy trees: allocation, navigation, paths. */
#include "hardsix/core/strategy.h"
#include "hardsix/core/feedback.h"

#include <string.h>

G_DEFINE_QUARK(hs_strategy_error_quark, hs_strategy_error)

HsStrategy *
hs_strategy_new(const HsWords *words, HsRules rules, guint max_guesses)
{
  HsStrategy *s = g_new0(HsStrategy, 1);
  s->words = words;
  s->rules = rules;
  s->max_guesses = max_guesses;
  return s;
}

void
hs_strategy_free(HsStrategy *s)
{
  if (s == NULL)
    return;
  g_free(s->nodes);
  g_free(s->cands);
  g_free(s->policy);
  g_free(s->override_used);
  g_free(s->over_answers);
  g_free(s);
}

void
hs_strategy_set_policy(HsStrategy *s, const char *policy)
{
  char *old = s->policy;
  s->policy = g_strdup(policy);
  g_free(old);
}

/* ---- the tree builder ---- */

struct HsTreeBuilder {
  HsStrategy *s; /* words, rules, cap, histogram and counts; nodes and candidates are moved in at the end */
  GArray *nodes; /* HsNode */
  GArray *cands; /* guint32 */
  GArray *over;  /* guint32: answers over the cap, in the order found */
  guint root_n;  /* candidates at the root */
  guint32 *rest; /* scratch: a node's unsolved candidates, then regrouped by pattern */
  HsPat *pat;    /* scratch: their patterns */
  guint scratch; /* entries allocated in rest and pat */
};

HsTreeBuilder *
hs_tree_builder_new(const HsWords *words, HsRules rules, guint max_guesses)
{
  HsTreeBuilder *b = g_new0(HsTreeBuilder, 1);
  b->s = hs_strategy_new(words, rules, max_guesses);
  b->nodes = g_array_sized_new(FALSE, FALSE, sizeof(HsNode), 64);
  b->cands = g_array_sized_new(FALSE, FALSE, sizeof(guint32), 256);
  b->over = g_array_new(FALSE, FALSE, sizeof(guint32));
  return b;
}

void
hs_tree_builder_free(HsTreeBuilder *b)
{
  if (b == NULL)
    return;
  hs_strategy_free(b->s);
  if (b->nodes)
    g_array_free(b->nodes, TRUE);
  if (b->cands)
    g_array_free(b->cands, TRUE);
  if (b->over)
    g_array_free(b->over, TRUE);
  g_free(b->rest);
  g_free(b->pat);
  g_free(b);
}

void
hs_tree_builder_add_root(HsTreeBuilder *b, const guint32 *cands, guint n, guint depth, HsPat pattern)
{
  HsNode root = { 0 };
  root.guess = HS_NONE;
  root.parent = HS_NONE;
  root.cand_off = b->cands->len;
  root.n_cands = n;
  root.depth = (guint8)depth;
  root.pattern = pattern;
  g_array_append_val(b->nodes, root);
  g_array_append_vals(b->cands, cands, n);
  b->root_n = n;
  if (b->scratch < n) {
    b->scratch = n;
    b->rest = g_renew(guint32, b->rest, n);
    b->pat = g_renew(HsPat, b->pat, n);
  }
}

static void
count_over(HsTreeBuilder *b, guint32 answer)
{
  b->s->n_over++;
  g_array_append_val(b->over, answer);
}

gboolean
hs_tree_builder_play(HsTreeBuilder *b, guint idx, guint32 guess, const HsPat *row, guint *n_children,
                     guint *first_child, GError **error)
{
  const HsWords *w = b->s->words;
  HsNode *node = &g_array_index(b->nodes, HsNode, idx);
  node->guess = guess;
  const guint n = node->n_cands, d = node->depth + 1u; /* d: the number of this guess */
  const guint32 *c = &g_array_index(b->cands, guint32, node->cand_off);
  const guint n_pats = HS_GAME_PATTERNS(w->all_green + 1);
  guint count[HS_PATTERNS], rest = 0;
  memset(count, 0, n_pats * sizeof *count);
  for (guint i = 0; i < n; i++) {
    guint32 a = c[i];
    if (a == guess) {
      hs_histogram_add(&b->s->hist, d);
      b->s->n_solved++;
      if (d > b->s->max_guesses)
        count_over(b, a);
      continue;
    }
    HsPat p = row ? row[a] : hs_feedback_words(w, guess, a);
    b->pat[rest] = p;
    b->rest[rest++] = a;
    count[p]++;
  }
  if (n_children)
    *n_children = 0;
  if (first_child)
    *first_child = b->nodes->len;
  if (rest == 0)
    return TRUE;
  if (d >= HS_DEPTH_LIMIT) {
    g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_TOO_DEEP, "strategy deeper than %d guesses",
                HS_DEPTH_LIMIT);
    return FALSE;
  }
  /* Counting sort by pattern (stable: each part keeps canonical order), appended in one block. */
  guint start[HS_PATTERNS], pos = b->cands->len;
  for (guint p = 0; p < n_pats; p++) {
    start[p] = pos;
    pos += count[p];
  }
  guint base = b->cands->len;
  g_array_set_size(b->cands, base + rest);
  guint32 *out = &g_array_index(b->cands, guint32, 0);
  guint fill[HS_PATTERNS];
  memcpy(fill, start, n_pats * sizeof *fill);
  for (guint i = 0; i < rest; i++)
    out[fill[b->pat[i]]++] = b->rest[i];
  guint32 first = b->nodes->len, kids = 0;
  for (guint p = 0; p < n_pats; p++) {
    if (count[p] == 0)
      continue;
    HsNode child = { 0 };
    child.guess = HS_NONE;
    child.parent = idx;
    child.pattern = (HsPat)p;
    child.depth = (guint8)d;
    child.cand_off = start[p];
    child.n_cands = count[p];
    g_array_append_val(b->nodes, child);
    kids++;
  }
  node = &g_array_index(b->nodes, HsNode, idx); /* the array may have moved */
  node->first_child = first;
  node->n_children = kids;
  if (n_children)
    *n_children = kids;
  return TRUE;
}

guint
hs_tree_builder_play_last(HsTreeBuilder *b, guint idx, guint32 guess)
{
  HsNode *node = &g_array_index(b->nodes, HsNode, idx);
  node->guess = guess;
  const guint d = node->depth + 1u;
  const guint32 *c = &g_array_index(b->cands, guint32, node->cand_off);
  guint over = 0;
  for (guint i = 0; i < node->n_cands; i++) {
    if (c[i] == guess) {
      hs_histogram_add(&b->s->hist, d);
      b->s->n_solved++;
      if (d <= b->s->max_guesses)
        continue;
    }
    count_over(b, c[i]);
    over++;
  }
  return over;
}

const HsNode *
hs_tree_builder_node(const HsTreeBuilder *b, guint idx)
{
  return &g_array_index(b->nodes, HsNode, idx);
}

const guint32 *
hs_tree_builder_cands(const HsTreeBuilder *b, guint idx)
{
  return &g_array_index(b->cands, guint32, g_array_index(b->nodes, HsNode, idx).cand_off);
}

guint
hs_tree_builder_n_nodes(const HsTreeBuilder *b)
{
  return b->nodes->len;
}

HsStrategy *
hs_tree_builder_finish(HsTreeBuilder *b)
{
  HsStrategy *s = g_steal_pointer(&b->s);
  s->n_nodes = b->nodes->len;
  s->nodes = (HsNode *)(void *)g_array_free(g_steal_pointer(&b->nodes), FALSE);
  s->n_cands_total = b->cands->len;
  s->cands = (guint32 *)(void *)g_array_free(g_steal_pointer(&b->cands), FALSE);
  s->n_over_answers = b->over->len;
  s->over_answers = (guint32 *)(void *)g_array_free(g_steal_pointer(&b->over), FALSE);
  s->complete = s->n_nodes > 0 && s->n_solved == b->root_n;
  hs_tree_builder_free(b);
  return s;
}

gboolean
hs_strategy_node_solves(const HsStrategy *s, const HsNode *node)
{
  /* Candidates are sorted by index: binary search. */
  const guint32 *c = s->cands + node->cand_off;
  guint lo = 0, hi = node->n_cands;
  while (lo < hi) {
    guint mid = (lo + hi) / 2;
    if (c[mid] < node->guess)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < node->n_cands && c[lo] == node->guess;
}

const HsNode *
hs_strategy_child(const HsStrategy *s, const HsNode *node, HsPat pattern)
{
  guint lo = 0, hi = node->n_children;
  while (lo < hi) {
    guint mid = (lo + hi) / 2;
    if (s->nodes[node->first_child + mid].pattern < pattern)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < node->n_children && s->nodes[node->first_child + lo].pattern == pattern)
    return &s->nodes[node->first_child + lo];
  return NULL;
}

guint
hs_strategy_path(const HsStrategy *s, guint answer, guint32 *path)
{
  if (s->n_nodes == 0)
    return 0;
  const HsNode *n = &s->nodes[0];
  const HsWords *w = s->words;
  guint len = 0;
  while (n != NULL && len < HS_DEPTH_LIMIT) {
    path[len++] = n->guess;
    if (n->guess == answer)
      return len;
    n = hs_strategy_child(s, n, hs_feedback_words(w, n->guess, answer));
  }
  return 0;
}

static const GArray *
path_of(const GPtrArray *paths, guint answer)
{
  return answer < paths->len ? paths->pdata[answer] : NULL;
}

HsStrategy *
hs_strategy_from_paths(const HsWords *words, HsRules rules, guint max_guesses, const GPtrArray *paths, GError **error)
{
  g_autoptr(HsTreeBuilder) b = hs_tree_builder_new(words, rules, max_guesses);
  g_autoptr(GArray) cands = g_array_new(FALSE, FALSE, sizeof(guint32));
  for (guint32 a = 0; a < words->n_answers; a++) {
    const GArray *p = path_of(paths, a);
    if (p == NULL)
      continue;
    if (p->len == 0 || p->len > HS_DEPTH_LIMIT || g_array_index(p, guint32, p->len - 1) != a) {
      g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT,
                  "the path of '%s' does not end with it within %d guesses", words->text[a], HS_DEPTH_LIMIT);
      return NULL;
    }
    g_array_append_val(cands, a);
  }
  if (cands->len == 0) {
    g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT, "the strategy solves no answer");
    return NULL;
  }
  hs_tree_builder_add_root(b, (const guint32 *)(const void *)cands->data, cands->len, 0, 0);
  /* Breadth-first: node i's guess is the one every path through it plays next. */
  for (guint i = 0; i < hs_tree_builder_n_nodes(b); i++) {
    const HsNode *n = hs_tree_builder_node(b, i);
    const guint32 *c = hs_tree_builder_cands(b, i);
    guint d = n->depth;
    guint32 guess = g_array_index(path_of(paths, c[0]), guint32, d);
    for (guint k = 1; k < n->n_cands; k++) {
      guint32 g = g_array_index(path_of(paths, c[k]), guint32, d);
      if (g != guess) {
        g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT,
                    "guess %u is '%s' for '%s' but '%s' for '%s' after the same history", d + 1, words->text[g],
                    words->text[c[k]], words->text[guess], words->text[c[0]]);
        return NULL;
      }
    }
    if (!hs_tree_builder_play(b, i, guess, NULL, NULL, NULL, error))
      return NULL;
  }
  HsStrategy *s = hs_tree_builder_finish(g_steal_pointer(&b));
  s->complete = s->n_solved == words->n_answers; /* answers without a path leave it incomplete */
  return s;
}
