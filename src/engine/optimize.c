/* hardsix — the exact optimiser: the object, the driver (an opener's value, with or without a bound),
 * the optimal tree, the bounds that rank openers, and the tests' view of a part step; the search is in
 * optimize-search.c. */
#include "optimize-private.h"
#include "hardsix/util/bigmem.h"

#include <string.h>

G_DEFINE_QUARK(hs_optimize_error_quark, hs_optimize_error)

/* ---- the optimiser object ---- */

HsOptimizer *
hs_optimizer_new(const HsTable *table, HsRules rules)
{
  HsOptimizer *O = g_new0(HsOptimizer, 1);
  O->core = hs_search_core_new(table, rules);
  O->words = O->core->words;
  O->rules = rules;
  O->n_answers = O->words->n_answers;
  O->n_words = O->words->n_words;
  O->n_pats = O->words->all_green + 1;
  O->acc = g_new(guint64, O->core->n_blocks);
  O->all = g_new(guint16, MAX(1u, O->n_answers));
  for (guint a = 0; a < O->n_answers; a++)
    O->all[a] = (guint16)a;
  hs_memo_init(&O->memo);
  O->profiles = g_new0(ProfileSlot, PROFILE_SLOTS); /* zeroed: a checkpoint writes every slot */
  O->steps = hs_big_new0(STEP_SLOTS * sizeof(StepSlot));
  O->step_mask = STEP_SLOTS - 1;
  hs_alike_init(&O->alike, O->n_words);
  O->bound = hs_bound_new(O->core);
  O->two = hs_big_new0(TWO_SLOTS * sizeof(TwoSlot));
  for (guint i = 0; i < PROFILE_SLOTS; i++)
    O->profiles[i].kind = CAND_UNKNOWN;
  O->memo_limit = G_GUINT64_CONSTANT(1) << 30;
  hs_memo_set_max_count(&O->memo, G_GUINT64_CONSTANT(1) << 22);
  O->feas_from = FEAS_FROM_DEFAULT;
  O->probe_share = PROBE_SHARE_DEFAULT;
  O->bounded_test = HS_OPTIMIZE_TEST_CHEAPER;
  return O;
}

void
hs_optimizer_free(HsOptimizer *O)
{
  if (O == NULL)
    return;
  hs_opt_levels_free(O);
  if (!O->feas_borrowed)
    hs_prover_free(O->feas);
  hs_search_core_free(O->core);
  g_free(O->acc);
  g_free(O->all);
  hs_memo_free(&O->memo);
  g_free(O->profiles);
  g_free(O->steps);
  hs_alike_clear(&O->alike);
  hs_bound_free(O->bound);
  g_free(O->two);
  g_free(O->ckpt_path);
  g_clear_error(&O->ckpt_error);
  if (O->cores != NULL) {
    g_array_free(O->cores, TRUE);
    g_array_free(O->core_answers, TRUE);
  }
  g_free(O);
}

void
hs_optimizer_set_cancel(HsOptimizer *O, volatile gint *cancel)
{
  O->cancel = cancel;
  hs_opt_wire_prover(O);
}

void
hs_optimizer_share_prover(HsOptimizer *O, HsProver *P)
{
  if (!O->feas_borrowed)
    hs_prover_free(O->feas);
  O->feas = P;
  O->feas_borrowed = TRUE;
}

HsProver *
hs_optimizer_prover(HsOptimizer *O)
{
  HsProver *P = hs_opt_feas_prover(O);
  if (!O->feas_borrowed) { /* no checkpoint saves nor ticks of the optimiser's while the caller decides */
    hs_prover_set_cancel(P, NULL);
    hs_prover_set_progress(P, NULL, NULL);
  }
  return P;
}

void
hs_optimizer_set_feasibility(HsOptimizer *O, guint from_left)
{
  O->feas_from = from_left;
}

void
hs_optimizer_set_bounded_test(HsOptimizer *O, HsOptimizeBoundedTest mode)
{
  O->bounded_test = mode;
}

void
hs_optimizer_set_probe_share(HsOptimizer *O, guint quarters)
{
  O->probe_share = quarters;
}

void
hs_optimizer_set_progress(HsOptimizer *O, HsOptimizeSearchProgress fn, gpointer user)
{
  O->progress = fn;
  O->progress_user = user;
}

void
hs_optimizer_set_memo_limit(HsOptimizer *O, guint64 limit)
{
  O->memo_limit = limit;
}

void
hs_optimizer_set_step_cache(HsOptimizer *O, guint64 bytes)
{
  guint64 slots = STEP_SLOTS;
  while (slots * 2 * sizeof(StepSlot) <= bytes)
    slots *= 2;
  g_free(O->steps);
  /* Zeroed pages from the system, so that a short run uses only the pages it writes (a zeroing pass
   * over 1 GiB took longer than a test's whole run); no huge pages: the cache is read once a step. */
  O->steps = g_malloc0(slots * sizeof(StepSlot));
  O->step_mask = slots - 1;
}

void
hs_optimizer_set_memo_max_entries(HsOptimizer *O, guint64 max_entries)
{
  hs_memo_set_max_count(&O->memo, max_entries);
}

void
hs_optimizer_reset(HsOptimizer *O)
{
  hs_memo_clear(&O->memo);
  if (O->feas != NULL && !O->feas_borrowed)
    hs_prover_reset(O->feas);
  if (O->cores != NULL) {
    g_array_set_size(O->cores, 0);
    g_array_set_size(O->core_answers, 0);
  }
  for (guint l = 0; l < MAX_LEVELS; l++)
    if (O->lv[l] != NULL)
      O->lv[l]->cores_seen = 0;
}

/* ---- driver ---- */

static gboolean
check_args(HsOptimizer *O, guint opener, guint max_guesses, GError **error)
{
  if (!O->core->all_rows) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_TABLE,
                "the optimiser needs the feedback rows of every allowed guess");
    return FALSE;
  }
  if (O->n_answers == 0 || O->n_answers >= G_MAXUINT16 / 3) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "the optimiser handles 1 to %u answers, not %u",
                G_MAXUINT16 / 3 - 1, O->n_answers);
    return FALSE;
  }
  if (max_guesses < 1 || max_guesses > HS_DEPTH_LIMIT - 1) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "guess cap %u is not between 1 and %d",
                max_guesses, HS_DEPTH_LIMIT - 1);
    return FALSE;
  }
  if (opener >= O->n_words) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "opener index %u out of range", opener);
    return FALSE;
  }
  return TRUE;
}

/* A stopped search: its error (a checkpoint that could not be written, a stop after a checkpoint, or
 * the cancel flag); the memo is emptied, as what the unwinding left in it is not settled. */
static gboolean
cancelled_error(HsOptimizer *O, GError **error)
{
  if (O->cancelled && (O->ckpt_error != NULL || O->ckpt_stopped)) {
    hs_memo_clear(&O->memo);
    O->cancelled = FALSE;
    if (O->ckpt_error != NULL)
      g_propagate_error(error, g_steal_pointer(&O->ckpt_error));
    else
      g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED,
                  "search stopped; what it settled is saved in %s", O->ckpt_path);
    O->ckpt_stopped = FALSE;
    return TRUE;
  }
  return hs_search_cancelled_error(&O->cancelled, &O->memo, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED, error);
}

/* The start of both drivers: checks the arguments, empties the memo when it has grown past its limit,
 * zeroes the stats, sets its prover's hooks again, and splits the answers by OPENER into level 0
 * (hs_search_opener_parts: the parts' patterns to PARTS, largest first, their count to *N_PARTS, their
 * states to child[]). */
static gboolean
start(HsOptimizer *O, guint opener, guint max_guesses, HsPat *parts, guint *n_parts, GError **error)
{
  if (!check_args(O, opener, max_guesses, error))
    return FALSE;
  if (hs_memo_bytes(&O->memo) > O->memo_limit)
    hs_memo_clear(&O->memo);
  memset(&O->stats, 0, sizeof O->stats);
  O->flushes_at_start = O->memo.flushes;
  O->cur_opener = opener;
  O->cur_cap = max_guesses;
  hs_opt_wire_prover(O); /* a caller that decided with it may have set its own hooks */
  Level *L = hs_opt_level(O, 0);
  *n_parts = hs_search_opener_parts(O->core, O->all, opener, &L->part, L->child, parts);
  return TRUE;
}

/* The memo's counts into ST: its entries and bytes now, its thinnings since the call started. */
static void
memo_stats(const HsOptimizer *O, HsOptimizeStats *st)
{
  st->memo_entries = O->memo.count;
  st->memo_bytes = hs_memo_bytes(&O->memo);
  st->memo_flushes = O->memo.flushes - O->flushes_at_start;
}

/* The opener's total with each of its N_PARTS PARTS (in level 0) at its least bound: every answer pays
 * for the opener, a part of s answers at least hs_opt_part_bound(s). */
static guint64
least_total(HsOptimizer *O, const HsPat *parts, guint n_parts)
{
  const Level *L = O->lv[0];
  guint64 sum = O->n_answers;
  for (guint k = 0; k < n_parts; k++)
    sum += hs_opt_part_bound(L->part.size[parts[k]]);
  return sum;
}

gboolean
hs_optimizer_value(HsOptimizer *O, guint opener, guint max_guesses, guint64 bound, guint64 *total, gboolean *exact,
                   HsOptimizeStats *stats, GError **error)
{
  HsPat parts[HS_PATTERNS];
  guint n_parts;
  if (!start(O, opener, max_guesses, parts, &n_parts, error))
    return FALSE;
  Level *L = O->lv[0];
  guint64 sum = least_total(O, parts, n_parts); /* each part at its bound until it is searched */
  gboolean done = TRUE, impossible = FALSE;
  for (guint k = 0; k < n_parts; k++) {
    if (bound && sum >= bound) {
      done = FALSE; /* proven to reach the bound */
      break;
    }
    guint p = parts[k];
    guint32 b = hs_opt_part_bound(L->part.size[p]);
    guint32 beta = bound ? (guint32)MIN(bound - (sum - b), (guint64)INF) : INF;
    guint32 g;
    guint32 v = hs_opt_solve(O, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p],
                             &L->child[p], max_guesses - 1, 1, beta, CAND_UNKNOWN, &g);
    if (cancelled_error(O, error))
      return FALSE;
    if (v >= INF) { /* INF is only ever returned for a part no strategy solves */
      impossible = TRUE;
      break;
    }
    sum = sum - b + v;
    if (v >= beta) {
      done = FALSE;
      break;
    }
  }
  *exact = done || impossible;
  *total = impossible ? HS_OPTIMIZE_IMPOSSIBLE : sum;
  memo_stats(O, &O->stats);
  if (stats)
    *stats = O->stats;
  return TRUE;
}

/* ---- the tree ---- */

/* The tree's chooser: the optimal guess (from the memo, searched again when it is not there). */
static gboolean
choose_optimal(gpointer user, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r, guint32 *g,
               GError **error)
{
  HsOptimizer *O = user;
  if (hs_opt_solve(O, S, n, h1, h2, st, r, 1, INF, CAND_UNKNOWN, g) < INF)
    return TRUE;
  if (!cancelled_error(O, error))
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INTERNAL, "internal error: an optimal part has no tree");
  return FALSE;
}

HsStrategy *
hs_optimizer_strategy(HsOptimizer *O, guint opener, guint max_guesses, HsOptimizeStats *stats, GError **error)
{
  guint64 total;
  gboolean exact;
  if (!hs_optimizer_value(O, opener, max_guesses, 0, &total, &exact, stats, error))
    return NULL;
  if (total == HS_OPTIMIZE_IMPOSSIBLE)
    return NULL;
  HsSearchRoot game = { .r = max_guesses, .forced = opener, .max_guesses = max_guesses };
  O->want_guess = TRUE;
  HsStrategy *s =
    hs_search_build_tree(O->core, &game, choose_optimal, O, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INTERNAL, error);
  O->want_guess = FALSE;
  /* The tree's searches (parts the memo no longer held) count too. */
  if (stats) {
    *stats = O->stats;
    memo_stats(O, stats);
  }
  if (s == NULL)
    return NULL;
  if (hs_histogram_total(&s->hist) != total || !s->complete) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INTERNAL,
                "internal error: the optimal tree totals %" G_GUINT64_FORMAT ", the search %" G_GUINT64_FORMAT,
                hs_histogram_total(&s->hist), total);
    hs_strategy_free(s);
    return NULL;
  }
  g_autofree char *policy =
    g_strdup_printf("exact optimum (fewest guesses in total), rules %s", hs_rules_name(O->rules));
  hs_strategy_set_policy(s, policy);
  return s;
}

/* One step of search on S (R guesses left under ST): the least bound over every legal guess, which no
 * strategy beats, or the exact value where a closed form gives it. It never reads the memo, so it
 * does not depend on what the optimiser searched before. */
static guint32
step_bound(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint r)
{
  if (n == 1)
    return 1;
  if (r <= 1)
    return INF;
  if (n == 2)
    return 3;
  guint32 first;
  guint kind = hs_opt_candidate_profile(O, S, n, &first);
  if (kind == CAND_PERFECT)
    return 2 * n - 1;
  if (r == 2)
    return hs_opt_solve_two(O, S, n, st, 1, &first);
  if (kind == CAND_ONE_PAIR)
    return 2 * n;
  Level *L = hs_opt_level(O, 1);
  const guint m = hs_opt_gather_pool(O, L, NULL, S, n, st, r);
  hs_opt_score_pool(O, L, NULL, S, n, INF);
  guint32 low = INF;
  for (guint j = 0; j < m; j++)
    low = MIN(low, L->lb[j]);
  return MAX(low, 2 * n);
}

gboolean
hs_optimizer_bound(HsOptimizer *O, guint opener, guint max_guesses, guint64 *bound, GError **error)
{
  HsPat parts[HS_PATTERNS];
  guint n_parts;
  if (!start(O, opener, max_guesses, parts, &n_parts, error))
    return FALSE;
  Level *L = O->lv[0];
  guint64 sum = O->n_answers;
  for (guint k = 0; k < n_parts; k++) {
    guint p = parts[k];
    guint32 v = step_bound(O, L->part.buf + L->part.start[p], L->part.size[p], &L->child[p], max_guesses - 1);
    if (cancelled_error(O, error))
      return FALSE;
    if (v >= INF) {
      sum = HS_OPTIMIZE_IMPOSSIBLE;
      break;
    }
    sum += v;
  }
  *bound = sum;
  return TRUE;
}

guint64
hs_optimize_opener_bound(const HsTable *table, guint opener)
{
  const HsWords *w = hs_table_words(table);
  g_autofree HsPat *scratch = g_new(HsPat, MAX(1u, w->n_answers));
  const HsPat *row = hs_table_row(table, opener, scratch);
  const guint n_pats = HS_GAME_PATTERNS(w->all_green + 1);
  guint count[HS_PATTERNS];
  memset(count, 0, n_pats * sizeof *count);
  for (guint a = 0; a < w->n_answers; a++)
    count[row[a]]++;
  guint64 sum = w->n_answers;
  for (guint p = 0; p < n_pats; p++)
    if (count[p] && p != w->all_green)
      sum += hs_opt_part_bound(count[p]);
  return sum;
}

/* For the tests: the node (S, ST) at level LVL scored with BETA as solve_deep does (below the node last
 * scored at LVL - 1, if any), split by its pool word G; for every part p of at least three answers
 * without a candidate that splits the others into singletons or leaves one pair (the parts that
 * part_step_extra is asked about), EXTRA[p] = hs_opt_cached_step with CAP after one with CAP_FIRST;
 * G_MAXUINT32 for the others. */
void
hs_opt_test_step(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 beta, guint32 g,
                 guint cap_first, guint cap, guint32 *extra)
{
  Level *L = hs_opt_level(O, lvl);
  const Level *PL = lvl > 0 && O->lv[lvl - 1] != NULL && O->lv[lvl - 1]->scored ? O->lv[lvl - 1] : NULL;
  const guint m = hs_opt_gather_pool(O, L, PL, S, n, st, 0);
  hs_opt_score_pool(O, L, PL, S, n, beta);
  /* G itself, or the pool's word of G's class of words alike on S (the pool keeps one per class): with
   * G's class marked first, that word is the only one of the pool hs_alike_seen has seen. */
  const gboolean alike = hs_alike_applies(O->rules);
  if (alike) {
    hs_alike_begin(&O->alike, L->alpha, m + 1);
    hs_alike_seen(&O->alike, O->core, g);
  }
  guint j = 0;
  while (j < m && L->pool[j] != g && !(alike && hs_alike_seen(&O->alike, O->core, L->pool[j])))
    j++;
  g_assert(j < m);
  hs_partition_split(&L->part, S, n, O->core->rows[g], L->has_row[j] ? L->sub + (gsize)j * n : NULL);
  for (guint p = 0; p < HS_PATTERNS; p++)
    extra[p] = G_MAXUINT32;
  for (guint k = 0; k < L->part.n_pats; k++) {
    const guint p = L->part.pats[k], s = L->part.size[p];
    guint32 first;
    if (p == O->core->words->all_green || s < 3 ||
        hs_opt_candidate_profile(O, L->part.buf + L->part.start[p], s, &first) != CAND_NONE)
      continue;
    L->child[p] = *st;
    hs_state_add(&L->child[p], O->core, O->core->let[g], (HsPat)p);
    hs_partition_hash(&L->part, O->core, p);
    hs_opt_cached_step(O, L, S, p, cap_first);
    extra[p] = hs_opt_cached_step(O, L, S, p, cap);
  }
}
