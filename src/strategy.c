/* hardsix — strategy trees: allocation, navigation, paths and histogram summaries. */
#include "hardsix/strategy.h"
#include "hardsix/feedback.h"

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

guint
hs_strategy_worst(const HsStrategy *s)
{
  for (guint d = HS_DEPTH_LIMIT; d > 0; d--)
    if (s->hist[d] != 0)
      return d;
  return 0;
}

guint64
hs_strategy_total(const HsStrategy *s)
{
  guint64 t = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    t += (guint64)d * s->hist[d];
  return t;
}

char *
hs_strategy_histogram_string(const HsStrategy *s, const char *sep)
{
  GString *out = g_string_new(NULL);
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (s->hist[d] != 0)
      g_string_append_printf(out, "%s%u:%u", out->len ? sep : "", d, s->hist[d]);
  return g_string_free(out, FALSE);
}
