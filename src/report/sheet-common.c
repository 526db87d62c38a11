/* hardsix — what the cheat sheet's writers share (sheet-private.h): the facts read off the strategy,
 * the example answer, the rules in words. */
#include "sheet-private.h"
#include "hardsix/core/feedback.h"

#include <string.h>

const char *
hs_sheet_word(const Ctx *c, guint32 i)
{
  return c->s->words->text[i];
}

gboolean
hs_sheet_is_leaf(const Ctx *c, const HsNode *n)
{
  return n->n_children == 0 && n->n_cands == 1 && c->s->cands[n->cand_off] == n->guess;
}

/* Two answers left and the guess is one of them: its one child, the other, needs no row ("fizzy else
 * jiffy"). */
gboolean
hs_sheet_is_pair(const Ctx *c, const HsNode *n)
{
  return n->n_cands == 2 && n->n_children == 1 && hs_strategy_node_solves(c->s, n) &&
         hs_sheet_is_leaf(c, &c->s->nodes[n->first_child]);
}

void
hs_sheet_ctx_init(Ctx *c, const HsStrategy *s, const HsSheetInfo *info)
{
  memset(c, 0, sizeof *c);
  c->s = s;
  c->info = info;
  c->lists = info->lists ? info->lists : s->words->name;
  c->rows = g_new0(guint, MAX(s->n_nodes, 1u));
  /* Children always come after their parent, so one backward pass sums the subtrees. */
  for (guint i = s->n_nodes; i > 1; i--) {
    const HsNode *n = &s->nodes[i - 1];
    c->rows[n->parent] += c->rows[i - 1] + 1;
  }
  c->section = g_new0(guint, MAX(s->n_nodes, 1u));
  guint sections = 0;
  for (guint k = 0; s->n_nodes > 0 && k < s->nodes[0].n_children; k++) {
    guint idx = s->nodes[0].first_child + k;
    if (!hs_sheet_is_leaf(c, &s->nodes[idx]) && !hs_sheet_is_pair(c, &s->nodes[idx]))
      c->section[idx] = ++sections;
  }
  c->n_solved = hs_histogram_answers(&s->hist);
  c->total = hs_histogram_total(&s->hist);
  c->lo = hs_histogram_best(&s->hist);
  c->hi = hs_histogram_worst(&s->hist);
}

void
hs_sheet_ctx_clear(Ctx *c)
{
  g_free(c->rows);
  g_free(c->section);
}

/* 12345 -> "12,345" (the sheet is English). */
void
hs_sheet_append_count(GString *out, guint64 n)
{
  char digits[24];
  int len = g_snprintf(digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  for (int i = 0; i < len; i++) {
    if (i > 0 && (len - i) % 3 == 0)
      g_string_append_c(out, ',');
    g_string_append_c(out, digits[i]);
  }
}

guint
hs_sheet_example_answer(const HsStrategy *s)
{
  guint mode = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (s->hist.count[d] > s->hist.count[mode])
      mode = d;
  if (mode == 0 || s->n_nodes == 0)
    return HS_NONE;
  guint32 path[HS_DEPTH_LIMIT];
  /* Prefer an answer whose first pattern is not all grey, so the example shows some colour. */
  for (int pass = 0; pass < 2; pass++)
    for (guint a = 0; a < s->words->n_answers; a++)
      if (hs_strategy_path(s, a, path) == mode && (pass == 1 || hs_feedback_words(s->words, path[0], a) != 0))
        return a;
  return HS_NONE;
}

const char *
hs_sheet_rules_text(HsRules r)
{
  switch (r) {
    case HS_RULES_STRICT: return "strict hard mode (every guess could still be the answer)";
    case HS_RULES_NONE: return "normal mode (any allowed word may be guessed at any time)";
    default: return "hard mode, NYT rule (greens stay put, revealed letters are reused)";
  }
}

/* The kind of sheet, in its titles: a normal-mode strategy must not be called hard mode. */
const char *
hs_sheet_kind(HsRules r)
{
  return r == HS_RULES_NONE ? "normal-mode" : "hard-mode";
}
