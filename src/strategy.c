/* hardsix — strategy trees: allocation, navigation, paths. */
#include "hardsix/strategy.h"
#include "hardsix/feedback.h"

#include <string.h>

G_DEFINE_QUARK(hs - strategy - error - quark, hs_strategy_error)

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
hs_strategy_child(const HsStrategy *s, const HsNode *node, guint8 pattern)
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
  const char *a = s->words->text[answer];
  guint len = 0;
  while (n != NULL && len < HS_DEPTH_LIMIT) {
    path[len++] = n->guess;
    if (n->guess == answer)
      return len;
    n = hs_strategy_child(s, n, hs_feedback(s->words->text[n->guess], a));
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
  g_autoptr(HsStrategy) s = hs_strategy_new(words, rules, max_guesses);
  GArray *nodes = g_array_new(FALSE, TRUE, sizeof(HsNode));
  GArray *cands = g_array_new(FALSE, FALSE, sizeof(guint32));
  g_autoptr(GArray) over = g_array_new(FALSE, FALSE, sizeof(guint32));
  g_autofree guint32 *part = NULL;
  g_autofree guint8 *pat = NULL;
  gboolean ok = TRUE;

  HsNode root = { 0 };
  root.parent = HS_NONE;
  root.guess = HS_NONE;
  for (guint32 a = 0; a < words->n_answers; a++) {
    const GArray *p = path_of(paths, a);
    if (p == NULL)
      continue;
    if (p->len == 0 || p->len > HS_DEPTH_LIMIT || g_array_index(p, guint32, p->len - 1) != a) {
      g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT,
                  "the path of '%s' does not end with it within %d guesses", words->text[a], HS_DEPTH_LIMIT);
      ok = FALSE;
      goto out;
    }
    if (root.guess == HS_NONE)
      root.guess = g_array_index(p, guint32, 0);
    g_array_append_val(cands, a);
  }
  if (cands->len == 0) {
    g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT, "the strategy solves no answer");
    ok = FALSE;
    goto out;
  }
  root.n_cands = cands->len;
  g_array_append_val(nodes, root);

  /* Breadth-first: a node's children are appended together, so they are contiguous, in pattern order. */
  guint32 count[HS_PATTERNS];
  part = g_new(guint32, cands->len);
  pat = g_new(guint8, cands->len);
  for (guint i = 0; i < nodes->len; i++) {
    HsNode n = g_array_index(nodes, HsNode, i);
    guint d = n.depth;
    guint32 first_answer = HS_NONE;
    memset(count, 0, sizeof count);
    guint rest = 0;
    for (guint k = 0; k < n.n_cands; k++) {
      guint32 a = g_array_index(cands, guint32, n.cand_off + k);
      const GArray *p = path_of(paths, a);
      guint32 g = g_array_index(p, guint32, d);
      if (g != n.guess) {
        guint32 other = first_answer != HS_NONE ? first_answer : a;
        g_set_error(error, HS_STRATEGY_ERROR, HS_STRATEGY_ERROR_INCONSISTENT,
                    "guess %u is '%s' for '%s' but '%s' for '%s' after the same history", d + 1, words->text[g],
                    words->text[a], words->text[n.guess], words->text[other]);
        ok = FALSE;
        goto out;
      }
      if (first_answer == HS_NONE)
        first_answer = a;
      if (a == n.guess) {
        s->hist.count[d + 1]++;
        s->n_solved++;
        if (d + 1 > max_guesses) {
          s->n_over++;
          g_array_append_val(over, a);
        }
        continue;
      }
      pat[rest] = hs_feedback(words->text[n.guess], words->text[a]);
      part[rest++] = a;
      count[pat[rest - 1]]++;
    }
    guint32 start[HS_PATTERNS], pos = 0;
    for (guint p = 0; p < HS_PATTERNS; p++) {
      start[p] = pos;
      pos += count[p];
    }
    guint32 base = cands->len;
    g_array_set_size(cands, base + rest);
    guint32 *out = &g_array_index(cands, guint32, base);
    guint32 fill[HS_PATTERNS];
    memcpy(fill, start, sizeof fill);
    for (guint k = 0; k < rest; k++)
      out[fill[pat[k]]++] = part[k];
    guint32 first_child = nodes->len, n_children = 0;
    for (guint p = 0; p < HS_PATTERNS; p++) {
      if (count[p] == 0)
        continue;
      HsNode c = { 0 };
      c.parent = i;
      c.pattern = (guint8)p;
      c.depth = (guint8)(d + 1);
      c.cand_off = base + start[p];
      c.n_cands = count[p];
      c.guess = g_array_index(path_of(paths, out[start[p]]), guint32, d + 1);
      g_array_append_val(nodes, c);
      n_children++;
    }
    HsNode *np = &g_array_index(nodes, HsNode, i);
    np->first_child = first_child;
    np->n_children = n_children;
  }

out:
  s->n_nodes = nodes->len;
  s->nodes = (HsNode *)(void *)g_array_free(nodes, FALSE);
  s->n_cands_total = cands->len;
  s->cands = (guint32 *)(void *)g_array_free(cands, FALSE);
  if (!ok)
    return NULL;
  s->complete = s->n_solved == words->n_answers;
  s->n_over_answers = over->len;
  s->over_answers = (guint32 *)(void *)g_array_free(g_steal_pointer(&over), FALSE);
  return g_steal_pointer(&s);
}
