/* hardsix — the cheat sheet as a Markdown lookup book: one heading per history, a table of pattern ->
 * next guess under it. */
#include "sheet-private.h"
#include "hardsix/core/feedback.h"

/* Candidates named in a table cell. */
#define MD_NAMED_CANDIDATES 6

/* PATTERN as word GUESS of the strategy shows it, in emoji. */
static void
append_emoji(GString *out, const Ctx *c, guint32 guess, HsPat pattern)
{
  char buf[HS_PATTERN_BUFLEN];
  g_string_append(out, hs_pattern_format_for(c->s->words, guess, pattern, HS_PATTERN_EMOJI, buf));
}

/* "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜": the history that leads to NODE. */
static void
append_history_md(GString *out, const Ctx *c, const HsNode *n)
{
  const HsStrategy *s = c->s;
  const HsNode *chain[HS_DEPTH_LIMIT + 1];
  guint len = 0;
  for (const HsNode *x = n; x->parent != HS_NONE && len < G_N_ELEMENTS(chain); x = &s->nodes[x->parent])
    chain[len++] = x;
  for (guint i = len; i > 0; i--) {
    const HsNode *x = chain[i - 1];
    g_string_append_printf(out, "%s%s ", i < len ? " " : "", hs_sheet_word(c, s->nodes[x->parent].guess));
    append_emoji(out, c, s->nodes[x->parent].guess, x->pattern);
  }
}

static void
write_md_node(GString *out, const Ctx *c, const HsNode *n)
{
  const HsStrategy *s = c->s;
  g_string_append(out, "## ");
  if (n->parent == HS_NONE)
    g_string_append(out, "start");
  else
    append_history_md(out, c, n);
  g_string_append_printf(out, "\n\nPlay **%s** (guess %u; ", hs_sheet_word(c, n->guess), n->depth + 1u);
  hs_sheet_append_count(out, n->n_cands);
  g_string_append_printf(out, " %s left).\n\n| %s shows | next guess | answers left |\n|---|---|---|\n",
                         n->n_cands == 1 ? "answer" : "answers", hs_sheet_word(c, n->guess));
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    g_string_append(out, "| ");
    append_emoji(out, c, n->guess, child->pattern);
    if (hs_sheet_is_leaf(c, child)) {
      g_string_append_printf(out, " | **%s** ✓ | 1 |\n", hs_sheet_word(c, child->guess));
      continue;
    }
    g_string_append_printf(out, " | %s | %u", hs_sheet_word(c, child->guess), child->n_cands);
    if (child->n_cands <= MD_NAMED_CANDIDATES) {
      g_string_append(out, ":");
      for (guint j = 0; j < child->n_cands; j++)
        g_string_append_printf(out, " %s", hs_sheet_word(c, s->cands[child->cand_off + j]));
    }
    g_string_append(out, " |\n");
  }
  g_string_append_c(out, '\n');
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    if (child->n_children > 0)
      write_md_node(out, c, child);
  }
}

void
hs_sheet_write_markdown(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out, "# Wordle %s cheat sheet: %s\n\nOpen with **%s**. Every one of the ",
                         hs_sheet_kind(s->rules), hs_sheet_word(c, root->guess), hs_sheet_word(c, root->guess));
  hs_sheet_append_count(out, c->n_solved);
  g_string_append_printf(out, " answers (%s lists) is solved within %u %s, %s; average ", c->lists, c->hi,
                         hs_guesses_word(c->hi), hs_sheet_rules_text(s->rules));
  hs_average_append(out, c->total, c->n_solved);
  g_string_append(out, " guesses. Checked by the independent verifier");
  if (c->info->source != NULL)
    g_string_append_printf(out, " (`%s`)", c->info->source);
  g_string_append(out, ".\n\n| guesses | answers |\n|---|---|\n");
  for (guint d = c->lo; d != 0 && d <= c->hi; d++)
    g_string_append_printf(out, "| %u | %u |\n", d, s->hist.count[d]);
  g_string_append(out, "\nOne heading per history: find the heading with the guesses and patterns you have "
                       "seen so far, then the row with the latest pattern. ✓ marks the only word left.\n");
  guint a = hs_sheet_example_answer(s);
  guint32 path[HS_DEPTH_LIMIT];
  guint len = a == HS_NONE ? 0 : hs_strategy_path(s, a, path);
  if (len > 1) {
    g_string_append_printf(out, "For example, when the answer is %s: under **start**, %s shows ", hs_sheet_word(c, a),
                           hs_sheet_word(c, path[0]));
    append_emoji(out, c, path[0], hs_feedback_words(s->words, path[0], a));
    g_string_append_printf(out, " → play %s; then under **%s ", hs_sheet_word(c, path[1]), hs_sheet_word(c, path[0]));
    append_emoji(out, c, path[0], hs_feedback_words(s->words, path[0], a));
    g_string_append_printf(out, "**, %s shows ", hs_sheet_word(c, path[1]));
    append_emoji(out, c, path[1], hs_feedback_words(s->words, path[1], a));
    g_string_append_printf(out, " → play %s, and so on.\n", len > 2 ? hs_sheet_word(c, path[2]) : hs_sheet_word(c, a));
  }
  g_string_append_c(out, '\n');
  write_md_node(out, c, root);
}
