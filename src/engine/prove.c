/* hardsix — the exact prover: the prover object, the driver (decide, explain, parts) and the trees it
 * builds; the search itself is in prove-search.c. */
#include "prove-private.h"
#include "hardsix/util/escape.h"

#include <string.h>

G_DEFINE_QUARK(hs_prove_error_quark, hs_prove_error)

gboolean
hs_prove_order_parse(const char *text, HsProveOrder *out, GError **error)
{
  if (g_strcmp0(text, "greedy") == 0)
    *out = HS_PROVE_ORDER_GREEDY;
  else if (g_strcmp0(text, "fast") == 0)
    *out = HS_PROVE_ORDER_FAST;
  else {
    g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "unknown search order '%s' (expected greedy or fast)",
                shown);
    return FALSE;
  }
  return TRUE;
}

HsProveOrder
hs_prove_order_other(HsProveOrder order)
{
  return order == HS_PROVE_ORDER_FAST ? HS_PROVE_ORDER_GREEDY : HS_PROVE_ORDER_FAST;
}

const char *
hs_prove_order_name(HsProveOrder order)
{
  return order == HS_PROVE_ORDER_FAST ? "fast" : "greedy";
}

/* ---- prover ---- */

HsProver *
hs_prover_new(const HsTable *table, HsRules rules, HsProveOrder order)
{
  HsProver *P = g_new0(HsProver, 1);
  P->core = hs_search_core_new(table, rules);
  P->bound = hs_bound_new(P->core);
  const HsWords *w = P->core->words;
  P->table = table;
  P->words = w;
  P->rules = rules;
  P->order = order;
  P->first_order = order;
  P->failed_opener = HS_NONE;
  P->n_answers = w->n_answers;
  P->n_words = w->n_words;
  P->all_rows = P->core->all_rows;
  P->rows = P->core->rows;
  P->let = P->core->let;
  P->z1 = P->core->z1;
  P->z2 = P->core->z2;
  P->acc = g_new(guint64, P->core->n_blocks);
  P->all = g_new(guint16, MAX(1u, w->n_answers));
  for (guint a = 0; a < w->n_answers; a++)
    P->all[a] = (guint16)a;
  P->mark = g_new0(guint8, w->n_words);
  P->row_buf = g_new(HsPat, MAX(1u, w->n_answers));
  /* NYT: grey tiles add nothing to a state; strict: every tile does; none: no tile does. Bit i is
   * position i. */
  P->all_green = w->all_green;
  P->n_pats = w->all_green + 1;
  for (guint p = 0; p < HS_PATTERNS; p++) {
    guint mask = 0;
    for (guint i = 0; i < w->length; i++)
      if (rules == HS_RULES_STRICT || (rules == HS_RULES_NYT && P->core->tile[p][i] != 0))
        mask |= 1u << i;
    P->kept[p] = (guint8)mask;
  }
  hs_memo_init(&P->memo);
  hs_alike_init(&P->alike, w->n_words);
  hs_prove_tuning_init_for(&P->tuning, rules);
  hs_memo_set_max_count(&P->memo, P->tuning.memo_max_entries);
  return P;
}

void
hs_prove_tuning_init(HsProveTuning *t)
{
  t->probe_min_r = 4;
  t->probe_budget = 800;
  t->probe_raise_after = 64;
  t->probe_raise = 16;
  t->trouble_first = 4;
  t->sub_budget = 16u << 20;
  t->part_budget = 200;
  t->refute_max_guesses = 5;
  t->escalate_nodes = 2000;
  t->switch_nodes = 100000;
  t->switch_growth = 2;
  t->memo_max_entries = G_GUINT64_CONSTANT(1) << 22;
  t->refine_min_r = 4;
}

void
hs_prove_tuning_init_for(HsProveTuning *t, HsRules rules)
{
  hs_prove_tuning_init(t);
  if (rules == HS_RULES_NONE) {
    t->switch_nodes = 400000;
    t->switch_growth = 8;
  }
}

/* Empties the memo and the cores of the levels: what the prover has settled so far. */
static void
forget_all(HsProver *P)
{
  hs_memo_clear(&P->memo);
  hs_prove_levels_forget_cores(P);
}

void
hs_prover_set_tuning(HsProver *P, const HsProveTuning *t)
{
  P->tuning = *t;
  P->tuning.probe_budget = MAX(1u, t->probe_budget);
  P->tuning.probe_raise = MAX(1u, t->probe_raise);
  forget_all(P); /* entries found under other settings may name other guesses */
  hs_memo_set_max_count(&P->memo, t->memo_max_entries);
}

void
hs_prover_free(HsProver *P)
{
  if (P == NULL)
    return;
  hs_prove_levels_free(P);
  hs_bound_free(P->bound);
  hs_search_core_free(P->core);
  g_free(P->acc);
  g_free(P->all);
  g_free(P->mark);
  g_free(P->row_buf);
  hs_memo_free(&P->memo);
  hs_alike_clear(&P->alike);
  g_free(P);
}

void
hs_prover_set_cancel(HsProver *P, volatile gint *cancel)
{
  P->cancel = cancel;
}

void
hs_prover_set_progress(HsProver *P, HsProveProgress fn, gpointer user)
{
  P->progress = fn;
  P->progress_user = user;
}

void
hs_prover_set_node_limit(HsProver *P, guint64 max_nodes)
{
  P->max_nodes = max_nodes;
}

void
hs_prover_reset(HsProver *P)
{
  forget_all(P);
}

/* ---- driver ---- */

static gboolean
check_prover(HsProver *P, guint max_guesses, GError **error)
{
  if (!P->all_rows) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_TABLE,
                "the prover needs the feedback rows of every allowed guess");
    return FALSE;
  }
  if (P->n_answers == 0 || P->n_answers >= G_MAXUINT16) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "the prover handles 1 to %u answers, not %u",
                G_MAXUINT16, P->n_answers);
    return FALSE;
  }
  if (max_guesses < 1 || max_guesses > HS_DEPTH_LIMIT - 1) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "guess cap %u is not between 1 and %d", max_guesses,
                HS_DEPTH_LIMIT - 1);
    return FALSE;
  }
  P->clusters = max_guesses <= P->tuning.refute_max_guesses;
  return TRUE;
}

static gboolean
cancelled_error(HsProver *P, GError **error)
{
  return hs_search_cancelled_error(&P->cancelled, &P->memo, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, error);
}

/* The opener's parts in level 0 (hs_search_opener_parts): their patterns to PARTS, largest first, and
 * their states to child[]. */
static guint
opener_parts(HsProver *P, guint opener, HsPat *parts)
{
  Level *L = hs_prove_level(P, 0);
  L->sub_ok = FALSE;
  return hs_search_opener_parts(P->core, P->all, opener, &L->part, L->child, parts);
}

/* Decides the opener: every part must be solvable within MAX_GUESSES - 1 more guesses, and one that is
 * not ends the search, so the parts are first probed in rounds (ROUNDS; hs_prove_probe_parts), and a
 * part refuted cheaply ends the search before the expensive parts that work are searched to the end.
 * Their finished sub-searches stay in the memo for the next round. Above tuning.refute_max_guesses
 * (or with part_budget 0) the parts are searched in turn, largest first. On failure *FAILED is the
 * part found to fail. */
static gboolean
decide(HsProver *P, guint opener, guint max_guesses, gboolean rounds, HsPat *failed)
{
  HsPat open[HS_PATTERNS];
  const guint n_open = opener_parts(P, opener, open);
  const Level *L = P->lv[0];
  return hs_prove_probe_parts(P, &L->part, L->child, open, n_open, max_guesses - 1, 1, rounds, failed);
}

/* Decides the opener on after a decision stopped at P->limit: with the rounds and the cluster
 * refutation, until the node count LIMIT (0: none); the memo's facts stay. */
static gboolean
decide_on(HsProver *P, guint opener, guint max_guesses, guint64 limit, HsPat *failed)
{
  gboolean clusters = P->clusters;
  P->undecided = FALSE;
  P->limit = limit;
  P->clusters = TRUE;
  gboolean ok = decide(P, opener, max_guesses, TRUE, failed);
  P->clusters = clusters;
  return ok;
}

/* The node count at which phase K (>= 1) of the escalation ends, or 0 when it never does. Phase 1 is
 * in the first order; from phase 2 on the orders alternate, and each order's budget grows by
 * switch_growth every time it comes back: phase k gets switch_nodes * growth^((k - 1) / 2) nodes. */
static guint64
phase_end(const HsProveTuning *t, guint k)
{
  if (t->switch_nodes == 0)
    return 0;
  const guint64 growth = MAX(1u, t->switch_growth);
  guint64 end = 0, budget = t->switch_nodes;
  for (guint i = 1; i <= k; i++) {
    if (i > 1 && i % 2 == 1 && budget <= G_MAXUINT64 / 4 / growth)
      budget *= growth;
    end = end > G_MAXUINT64 / 4 ? end : end + budget;
  }
  return end;
}

/* The node count where the current phase stops: its end, or the user's limit when that comes first
 * (0: none). */
static guint64
phase_limit(const HsProver *P, guint64 end)
{
  if (P->max_nodes == 0)
    return end;
  return end == 0 ? P->max_nodes : MIN(end, P->max_nodes);
}

/* The escalation: the first order decides until phase 1 ends (above refute_max_guesses the first
 * escalate_nodes nodes without the rounds and the cluster refutation, which most openers do not
 * need); an opener still open then alternates between the two orders with growing budgets (the
 * memo's facts stay from phase to phase), until it is decided or the user's limit is reached. The two
 * orders are good at different openers: near the boundary the FAST order's probes and reordering find
 * failing parts sooner, the GREEDY order the working guesses of parts that all work. The schedule
 * depends only on the tuning, never on the limit, so an opener decided within a limit gets the same
 * verdict and nodes under any larger one. */
static gboolean
escalate(HsProver *P, guint opener, guint max_guesses, HsPat *failed)
{
  gboolean ok;
  guint64 end = phase_end(&P->tuning, 1);
  if (P->clusters || P->tuning.escalate_nodes == 0) {
    P->limit = phase_limit(P, end);
    ok = decide(P, opener, max_guesses, P->clusters, failed);
  } else {
    guint64 first = end == 0 ? P->tuning.escalate_nodes : MIN(end, P->tuning.escalate_nodes);
    P->limit = phase_limit(P, first);
    ok = decide(P, opener, max_guesses, FALSE, failed);
    if (P->undecided && P->limit == first && first != end)
      ok = decide_on(P, opener, max_guesses, phase_limit(P, end), failed);
  }
  for (guint k = 2; P->undecided && !P->cancelled && end != 0 && (P->max_nodes == 0 || P->stats.nodes < P->max_nodes);
       k++) {
    P->order = hs_prove_order_other(P->order);
    end = phase_end(&P->tuning, k);
    ok = decide_on(P, opener, max_guesses, phase_limit(P, end), failed);
  }
  return ok;
}

/* hs_prover_decide, from an empty memo or (KEEP) with what the decisions before it settled. */
static gboolean
decide_opener(HsProver *P, guint opener, guint max_guesses, gboolean keep, gboolean *proven, HsProveStats *stats,
              GError **error)
{
  if (!check_prover(P, max_guesses, error))
    return FALSE;
  if (opener >= P->n_words) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "opener index %u out of range", opener);
    return FALSE;
  }
  /* What earlier decisions left is kept while it fills at most half the memo: beyond that their
   * heaviest entries would crowd out this opener's own when the memo is thinned. */
  if (!keep || (P->memo.max_count != 0 && P->memo.count > P->memo.max_count / 2))
    forget_all(P);
  memset(&P->stats, 0, sizeof P->stats);
  const guint64 flushes0 = P->memo.flushes;
  P->order = P->first_order;
  P->undecided = FALSE;
  P->failed_opener = HS_NONE;
  HsPat failed = 0;
  gboolean ok = escalate(P, opener, max_guesses, &failed);
  gboolean undecided = P->undecided;
  P->limit = 0;
  P->undecided = FALSE;
  P->stats.other_order = P->order != P->first_order;
  if (cancelled_error(P, error))
    return FALSE;
  P->stats.memo_entries = P->memo.count;
  P->stats.memo_flushes = P->memo.flushes - flushes0;
  if (stats)
    *stats = P->stats;
  if (undecided) {
    /* The memo keeps only what was settled; the next decision clears it anyway. */
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_UNDECIDED,
                "undecided: the node limit (%" G_GUINT64_FORMAT " node%s) was reached before a verdict", P->max_nodes,
                P->max_nodes == 1 ? "" : "s");
    return FALSE;
  }
  if (!ok) {
    P->failed_opener = opener;
    P->failed_cap = max_guesses;
    P->failed_pattern = failed;
  }
  *proven = ok;
  return TRUE;
}

gboolean
hs_prover_decide(HsProver *P, guint opener, guint max_guesses, gboolean *proven, HsProveStats *stats, GError **error)
{
  return decide_opener(P, opener, max_guesses, FALSE, proven, stats, error);
}

gboolean
hs_prover_decide_next(HsProver *P, guint opener, guint max_guesses, gboolean *proven, HsProveStats *stats,
                      GError **error)
{
  return decide_opener(P, opener, max_guesses, TRUE, proven, stats, error);
}

/* ---- trees ---- */

/* The tree's chooser: the first guess the search finds. */
static gboolean
choose_proven(gpointer user, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r, guint32 *g,
              GError **error)
{
  HsProver *P = user;
  if (hs_prove_solve(P, S, n, h1, h2, st, r, 0, g))
    return TRUE;
  if (!cancelled_error(P, error))
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INTERNAL, "internal error: a proven part has no solution");
  return FALSE;
}

/* The tree from ROOT, with the first guess the search finds at every node. */
static HsStrategy *
build_tree(HsProver *P, const HsSearchRoot *root, GError **error)
{
  HsStrategy *s = hs_search_build_tree(P->core, root, choose_proven, P, HS_PROVE_ERROR, HS_PROVE_ERROR_INTERNAL, error);
  if (s == NULL)
    return NULL;
  g_autofree char *policy =
    g_strdup_printf("exact proof, rules %s, search order %s", hs_rules_name(P->rules), hs_prove_order_name(P->order));
  hs_strategy_set_policy(s, policy);
  return s;
}

/* The fewest guesses, more than MAX_GUESSES - 1, that solve the part of level 0 with pattern P (0 when
 * none within HS_DEPTH_LIMIT). */
static guint
fewest_guesses(HsProver *P, guint p, guint max_guesses)
{
  Level *L = P->lv[0];
  guint32 g;
  for (guint r = max_guesses; r + 1 < HS_DEPTH_LIMIT && !P->cancelled; r++)
    if (hs_prove_solve(P, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p], &L->child[p],
                       r, 1, &g))
      return r;
  return 0;
}

gboolean
hs_prover_why(HsProver *P, gboolean best, HsProveFailure *why, GError **error)
{
  if (P->failed_opener == HS_NONE) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "the last decision found no opener impossible");
    return FALSE;
  }
  HsPat parts[HS_PATTERNS];
  opener_parts(P, P->failed_opener, parts);
  const Level *L = P->lv[0];
  const guint p = P->failed_pattern;
  memset(why, 0, sizeof *why);
  why->pattern = (HsPat)p;
  why->n_cands = L->part.size[p];
  why->first_cand = L->part.buf[L->part.start[p]];
  if (!best)
    return TRUE;
  why->best = fewest_guesses(P, p, P->failed_cap);
  why->explained = TRUE;
  return !cancelled_error(P, error);
}

HsStrategy *
hs_prover_prove(HsProver *P, guint opener, guint max_guesses, HsProveStats *stats, HsProveFailure *why, GError **error)
{
  gboolean proven;
  if (!hs_prover_decide(P, opener, max_guesses, &proven, stats, error))
    return NULL;
  if (!proven) {
    if (why != NULL)
      hs_prover_why(P, FALSE, why, NULL);
    return NULL;
  }
  HsSearchRoot game = { .r = max_guesses, .forced = opener, .max_guesses = max_guesses };
  return build_tree(P, &game, error);
}

HsStrategy *
hs_prove(const HsTable *table, HsRules rules, guint opener, guint max_guesses, HsProveStats *stats, HsProveFailure *why,
         GError **error)
{
  g_autoptr(HsProver) P = hs_prover_new(table, rules, HS_PROVE_ORDER_GREEDY);
  return hs_prover_prove(P, opener, max_guesses, stats, why, error);
}

/* The state after the history of N_STEPS GUESSES and PATTERNS into *ST; FALSE with ERROR set when a
 * step is not a word and a pattern or breaks the rules. */
static gboolean
history_state(HsProver *P, guint n_steps, const guint32 *guesses, const HsPat *patterns, HsState *st, GError **error)
{
  const HsWords *w = P->words;
  hs_state_init(st);
  for (guint i = 0; i < n_steps; i++) {
    if (guesses[i] >= w->n_words || patterns[i] > w->all_green) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history step %u is not a word and a pattern", i + 1);
      return FALSE;
    }
    if (!hs_rules_legal(P->rules, w, guesses, patterns, i, guesses[i])) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history guess %u '%s' breaks the %s rules", i + 1,
                  w->text[guesses[i]], hs_rules_name(P->rules));
      return FALSE;
    }
    hs_state_add(st, P->core, P->let[guesses[i]], patterns[i]);
  }
  return TRUE;
}

gboolean
hs_prove_part(HsProver *P, guint n_steps, const guint32 *guesses, const HsPat *patterns, const guint32 *cands,
              guint n_cands, guint guesses_left, gboolean *solvable, guint32 *guess, HsStrategy **subtree,
              HsProveStats *stats, GError **error)
{
  if (subtree)
    *subtree = NULL;
  if (!check_prover(P, MAX(1u, guesses_left), error))
    return FALSE;
  if (n_steps + guesses_left > HS_DEPTH_LIMIT) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history of %u guesses plus %u more is over %d", n_steps,
                guesses_left, HS_DEPTH_LIMIT);
    return FALSE;
  }
  if (n_cands == 0) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "empty candidate set");
    return FALSE;
  }
  const HsWords *w = P->words;
  HsState st;
  if (!history_state(P, n_steps, guesses, patterns, &st, error))
    return FALSE;
  g_autofree guint16 *S = g_new(guint16, n_cands);
  guint64 h1 = 0, h2 = 0;
  for (guint k = 0; k < n_cands; k++) {
    guint a = cands[k];
    if (a >= w->n_answers || (k > 0 && a <= cands[k - 1])) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID,
                  "candidates must be distinct answers in canonical order");
      return FALSE;
    }
    for (guint i = 0; i < n_steps; i++)
      if (P->rows[guesses[i]][a] != patterns[i]) {
        g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "candidate '%s' does not fit the history",
                    w->text[a]);
        return FALSE;
      }
    S[k] = (guint16)a;
    h1 += P->z1[a];
    h2 += P->z2[a];
  }
  memset(&P->stats, 0, sizeof P->stats);
  const guint64 flushes0 = P->memo.flushes;
  P->order = P->first_order;
  guint32 g = HS_NONE;
  gboolean ok = hs_prove_solve(P, S, n_cands, h1, h2, &st, guesses_left, 0, &g);
  if (cancelled_error(P, error))
    return FALSE;
  P->stats.memo_entries = P->memo.count;
  P->stats.memo_flushes = P->memo.flushes - flushes0;
  if (stats)
    *stats = P->stats;
  *solvable = ok;
  if (guess)
    *guess = ok ? g : HS_NONE;
  if (ok && subtree) {
    HsSearchRoot part = { .cands = cands,
                          .n = n_cands,
                          .depth = n_steps,
                          .pattern = n_steps ? patterns[n_steps - 1] : 0,
                          .st = &st,
                          .r = guesses_left,
                          .forced = HS_NONE,
                          .max_guesses = n_steps + guesses_left };
    *subtree = build_tree(P, &part, error);
    if (*subtree == NULL)
      return FALSE;
  }
  return TRUE;
}
