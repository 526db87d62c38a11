/* hardsix — repair of greedy trees: find the highest node on a failing path where the greedy guess is
 * provably wrong, ask the prover for the first guess (in greedy order) that provably works there, add
 * it as an override, rebuild, repeat until every answer is within the cap. */
#include "hardsix/engine/repair.h"
#include "hardsix/engine/rank.h"

#include <string.h>

G_DEFINE_QUARK(hs_repair_error_quark, hs_repair_error)

static HsOverrides *
copy_overrides(const HsOverrides *in)
{
  HsOverrides *o = hs_overrides_new(in ? in->path : "<repair>");
  if (in != NULL)
    for (guint i = 0; i < in->rules->len; i++) {
      const HsOverride *r = in->rules->pdata[i];
      hs_overrides_add(o, r->n_steps, r->guesses, r->patterns, r->forced, r->comment);
      ((HsOverride *)o->rules->pdata[i])->line = r->line;
    }
  return o;
}

/* TRUE when every part of NODE's candidates under GUESS (other than the one GUESS solves) is provably
 * solvable with LEFT - 1 more guesses. */
static gboolean
guess_is_sound(HsProver *prover, const HsStrategy *s, const HsNode *node, const guint32 *path_g, const HsPat *path_p,
               guint left, gboolean *sound, GError **error)
{
  *sound = TRUE;
  if (node->n_children > 0 && left <= 1) {
    *sound = FALSE;
    return TRUE;
  }
  guint32 hist_g[HS_DEPTH_LIMIT];
  HsPat hist_p[HS_DEPTH_LIMIT];
  memcpy(hist_g, path_g, node->depth * sizeof *hist_g);
  memcpy(hist_p, path_p, node->depth * sizeof *hist_p);
  hist_g[node->depth] = node->guess;
  for (guint c = 0; c < node->n_children; c++) {
    const HsNode *ch = &s->nodes[node->first_child + c];
    hist_p[node->depth] = ch->pattern;
    gboolean ok = FALSE;
    if (!hs_prove_part(prover, node->depth + 1, hist_g, hist_p, s->cands + ch->cand_off, ch->n_cands, left - 1, &ok,
                       NULL, NULL, NULL, error))
      return FALSE;
    if (!ok) {
      *sound = FALSE;
      return TRUE;
    }
  }
  return TRUE;
}

/* TRUE in *SOUND when GUESS splits CANDS into parts that are each provably solvable with LEFT - 1
 * more guesses after the history extended by GUESS. */
static gboolean
split_is_sound(HsProver *prover, const HsTable *table, guint depth, const guint32 *path_g, const HsPat *path_p,
               const guint32 *cands, guint n, guint32 guess, guint left, gboolean *sound, GError **error)
{
  const HsWords *w = hs_table_words(table);
  g_autofree HsPat *scratch = g_new(HsPat, w->n_answers);
  const HsPat *row = hs_table_row(table, guess, scratch);
  const guint n_pats = HS_GAME_PATTERNS(w->all_green + 1);
  guint count[HS_PATTERNS];
  memset(count, 0, n_pats * sizeof *count);
  for (guint i = 0; i < n; i++)
    count[row[cands[i]]]++;
  *sound = TRUE;
  guint32 hist_g[HS_DEPTH_LIMIT];
  HsPat hist_p[HS_DEPTH_LIMIT];
  memcpy(hist_g, path_g, depth * sizeof *hist_g);
  memcpy(hist_p, path_p, depth * sizeof *hist_p);
  hist_g[depth] = guess;
  g_autofree guint32 *part = g_new(guint32, n);
  for (guint p = 0; p < n_pats && *sound; p++) {
    if (count[p] == 0 || p == w->all_green)
      continue;
    if (left <= 1) {
      *sound = FALSE;
      break;
    }
    guint m = 0;
    for (guint i = 0; i < n; i++)
      if (row[cands[i]] == p)
        part[m++] = cands[i];
    hist_p[depth] = (HsPat)p;
    if (!hs_prove_part(prover, depth + 1, hist_g, hist_p, part, m, left - 1, sound, NULL, NULL, NULL, error))
      return FALSE;
  }
  return TRUE;
}

/* How many provably working guesses prefer_single_fix rebuilds the greedy tree for before it settles
 * for the prover's first choice: each try is a whole greedy construction, and a fix that keeps greedy
 * clean is nearly always among the first few. */
#define SINGLE_FIX_TRIES 24

static gint
cmp_rank_key(gconstpointer a, gconstpointer b)
{
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
}

/* Among the guesses that provably work at a node (in the greedy's order: max bucket, candidates
 * first, canonical order), prefer the first with which the greedy construction below needs no
 * further override; FALLBACK (the prover's first choice) when none of the first few does. */
static guint32
prefer_single_fix(HsProver *prover, const HsTable *table, HsPolicy *p, HsOverrides *o, guint opener, const HsNode *node,
                  const guint32 *cands, const guint32 *hist_g, const HsPat *hist_p, guint left, guint32 fallback,
                  guint *rounds, GError **error)
{
  const HsWords *w = hs_table_words(table);
  guint n = node->n_cands, depth = node->depth;
  g_autofree HsPat *scratch = g_new(HsPat, w->n_answers);
  g_autofree guint8 *in_part = g_malloc0(w->n_words);
  for (guint i = 0; i < n; i++)
    in_part[cands[i]] = 1;
  GArray *ranked = g_array_new(FALSE, FALSE, sizeof(guint64));
  for (guint32 g = 0; g < w->n_words; g++) {
    if (p->pool == HS_POOL_CANDIDATES && !in_part[g])
      continue;
    if (!hs_rules_legal(p->rules, w, hist_g, hist_p, depth, g))
      continue;
    const HsPat *row = hs_table_row(table, g, scratch);
    guint count[HS_PATTERNS], mx = 0;
    memset(count, 0, HS_GAME_PATTERNS(w->all_green + 1) * sizeof *count);
    for (guint i = 0; i < n; i++) {
      guint c = ++count[row[cands[i]]];
      mx = MAX(mx, c);
    }
    guint64 key = hs_rank_key(mx, in_part[g], g);
    g_array_append_val(ranked, key);
  }
  g_array_sort(ranked, cmp_rank_key);
  guint32 best = fallback;
  guint tried = 0;
  for (guint i = 0; i < ranked->len && tried < SINGLE_FIX_TRIES; i++) {
    guint32 g = (guint32)g_array_index(ranked, guint64, i);
    gboolean sound = FALSE;
    if (!split_is_sound(prover, table, depth, hist_g, hist_p, cands, n, g, left, &sound, error)) {
      g_array_unref(ranked);
      return HS_NONE;
    }
    if (!sound)
      continue;
    tried++;
    hs_overrides_add(o, depth, hist_g, hist_p, g, NULL);
    p->overrides = o;
    (*rounds)++;
    HsStrategy *s = hs_greedy_build(table, opener, p, error);
    g_ptr_array_remove_index(o->rules, o->rules->len - 1);
    if (s == NULL) {
      g_array_unref(ranked);
      return HS_NONE;
    }
    gboolean clean = TRUE;
    for (guint k = 0; k < s->n_over_answers && clean; k++)
      clean = !in_part[s->over_answers[k]];
    hs_strategy_free(s);
    if (clean) {
      best = g;
      break;
    }
  }
  g_array_unref(ranked);
  return best;
}

static char *
rescue_comment(const HsStrategy *s, const HsNode *node)
{
  const HsWords *w = s->words;
  GString *c = g_string_new("repair: rescues");
  guint shown = 0, total = 0;
  const guint32 *cands = s->cands + node->cand_off;
  for (guint i = 0; i < s->n_over_answers; i++) {
    guint32 a = s->over_answers[i];
    gboolean inside = FALSE;
    for (guint k = 0; k < node->n_cands && !inside; k++)
      inside = cands[k] == a;
    if (!inside)
      continue;
    total++;
    if (shown < 12) {
      g_string_append_printf(c, "%s %s", shown ? "," : "", w->text[a]);
      shown++;
    }
  }
  if (total > shown)
    g_string_append_printf(c, " and %u more", total - shown);
  g_string_append_printf(c, " (over %u %s under the greedy choice %s)", s->max_guesses, hs_guesses_word(s->max_guesses),
                         w->text[node->guess]);
  return g_string_free(c, FALSE);
}

/* The path of nodes of the canonically first answer over the cap in S, into PATH (its length is
 * returned), with the history along it in HIST_G / HIST_P. */
static guint
first_failing_path(const HsStrategy *s, const HsNode **path, guint32 *hist_g, HsPat *hist_p, guint32 *target)
{
  const HsWords *w = s->words;
  *target = HS_NONE;
  for (guint i = 0; i < s->n_over_answers; i++)
    *target = MIN(*target, s->over_answers[i]);
  guint len = 0;
  const HsNode *n = &s->nodes[0];
  while (n != NULL && len < HS_DEPTH_LIMIT) {
    path[len++] = n;
    if (n->guess == *target)
      break;
    n = hs_strategy_child(s, n, hs_feedback_words(w, n->guess, *target));
  }
  for (guint k = 0; k + 1 < len; k++) {
    hist_g[k] = path[k]->guess;
    hist_p[k] = path[k + 1]->pattern;
  }
  return len;
}

/* Node NODE of S on the failing path plays a guess that provably cannot work: asks the prover for
 * one that does, prefers one that keeps greedy clean below, and adds it to O (replacing a rule at the
 * same history). */
static gboolean
fix_node(HsProver *prover, const HsTable *table, HsPolicy *p, HsOverrides *o, guint opener, const HsStrategy *s,
         const HsNode *const *path, guint k, const guint32 *hist_g, const HsPat *hist_p, HsRepairStats *st,
         GError **error)
{
  const HsWords *w = s->words;
  const HsNode *node = path[k];
  const guint cap = p->max_guesses, left = cap - node->depth;
  gboolean solvable = FALSE;
  guint32 g = HS_NONE;
  if (!hs_prove_part(prover, node->depth, hist_g, hist_p, s->cands + node->cand_off, node->n_cands, left, &solvable, &g,
                     NULL, NULL, error))
    return FALSE;
  if (!solvable) {
    char buf[HS_PATTERN_BUFLEN];
    g_set_error(error, HS_REPAIR_ERROR, HS_REPAIR_ERROR_IMPOSSIBLE,
                "%s cannot guarantee %u %s: after %s %s the %u candidates (%s, ...) cannot be solved "
                "within %u more %s",
                w->text[opener], cap, hs_guesses_word(cap), w->text[opener],
                hs_pattern_format_for(w, opener, hist_p[0], HS_PATTERN_EMOJI, buf), path[1]->n_cands,
                w->text[s->cands[path[1]->cand_off]], cap - 1, hs_guesses_word(cap - 1));
    return FALSE;
  }
  g_autofree char *comment = rescue_comment(s, node);
  gint old = hs_overrides_match(o, node->depth, hist_g, hist_p);
  if (old >= 0) {
    g_ptr_array_remove_index(o->rules, (guint)old);
    st->replaced++;
  }
  g = prefer_single_fix(prover, table, p, o, opener, node, s->cands + node->cand_off, hist_g, hist_p, left, g,
                        &st->rounds, error);
  if (g == HS_NONE)
    return FALSE;
  hs_overrides_add(o, node->depth, hist_g, hist_p, g, comment);
  st->added++;
  return TRUE;
}

/* One repair step on S: walks the path of the first answer over the cap top-down, keeps the choices
 * that are provably sound and fixes the first that is not. */
static gboolean
repair_step(HsProver *prover, const HsTable *table, HsPolicy *p, HsOverrides *o, guint opener, const HsStrategy *s,
            HsRepairStats *st, GError **error)
{
  const HsWords *w = s->words;
  const HsNode *path[HS_DEPTH_LIMIT];
  guint32 hist_g[HS_DEPTH_LIMIT], target;
  HsPat hist_p[HS_DEPTH_LIMIT];
  guint len = first_failing_path(s, path, hist_g, hist_p, &target);
  for (guint k = 1; k < len; k++) {
    const HsNode *node = path[k];
    if (node->depth >= p->max_guesses) {
      g_set_error(error, HS_REPAIR_ERROR, HS_REPAIR_ERROR_INTERNAL, "no sound choice above the cap on the path of '%s'",
                  w->text[target]);
      return FALSE;
    }
    gboolean sound = FALSE;
    if (!guess_is_sound(prover, s, node, hist_g, hist_p, p->max_guesses - node->depth, &sound, error))
      return FALSE;
    if (!sound)
      return fix_node(prover, table, p, o, opener, s, path, k, hist_g, hist_p, st, error);
  }
  g_set_error(error, HS_REPAIR_ERROR, HS_REPAIR_ERROR_INTERNAL,
              "every choice on the path of '%s' is provably sound, yet it is over the cap", w->text[target]);
  return FALSE;
}

HsOverrides *
hs_repair(const HsTable *table, const HsPolicy *policy, guint opener, HsProver *prover, HsRepairStats *stats,
          GError **error)
{
  HsRepairStats st = { 0 };
  g_autoptr(HsOverrides) o = copy_overrides(policy->overrides);
  HsPolicy p = *policy;
  p.stop_at_first_fail = FALSE;
  p.priority = NULL;
  for (;;) {
    p.overrides = o;
    st.rounds++;
    g_autoptr(HsStrategy) s = hs_greedy_build(table, opener, &p, error);
    if (s == NULL)
      return NULL;
    if (s->complete && s->n_over == 0)
      break;
    if (s->n_over_answers == 0) {
      g_set_error(error, HS_REPAIR_ERROR, HS_REPAIR_ERROR_INTERNAL,
                  "greedy tree incomplete without answers over the cap");
      return NULL;
    }
    if (!repair_step(prover, table, &p, o, opener, s, &st, error))
      return NULL;
  }
  if (stats)
    *stats = st;
  return g_steal_pointer(&o);
}
