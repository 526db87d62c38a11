/* hardsix — the optimiser's feasibility test (see optimize-private.h): its own prover asked whether
 * every part a guess leaves can be solved at all before the parts are searched for their values, and,
 * under a best total, only where that is measured to cost less than the search it spares. */
#include "optimize-private.h"
#include "prove-parts.h"

/* The optimiser's prover's progress hook (hs_opt_wire_prover). The optimiser's own ticks come every
 * CANCEL_EVERY of its nodes, and the nodes whose guesses the prover tests may take seconds each (a
 * SIGTERM 3 s into thump's search on 6,000 words took 3.4 s to stop). Under a checkpoint, both memos
 * hold only settled facts between two steps of the prover's search (it writes an entry when a set is
 * settled, never while a stopped search unwinds), so a save may happen here; a stop then halts the
 * prover (its flag) and the optimiser (O->cancelled), whose memo is emptied as it unwinds. Progress
 * is reported here too. */
static void
prover_tick(guint64 nodes, gpointer user)
{
  (void)nodes;
  HsOptimizer *O = user;
  if (O->ckpt_halt || O->cancelled)
    return;
  if (O->ckpt_tick != NULL && ((O->cancel != NULL && *O->cancel) || !O->ckpt_tick(O))) {
    O->ckpt_halt = 1;
    O->cancelled = TRUE;
  }
  if (O->progress != NULL)
    O->progress(O->stats.nodes, O->progress_user);
}

void
hs_opt_wire_prover(HsOptimizer *O)
{
  if (O->feas == NULL || O->feas_borrowed)
    return;
  hs_prover_set_cancel(O->feas, O->ckpt_tick != NULL ? &O->ckpt_halt : O->cancel);
  hs_prover_set_progress(O->feas, prover_tick, O);
}

HsProver *
hs_opt_feas_prover(HsOptimizer *O)
{
  if (O->feas == NULL) {
    O->feas = hs_prover_new(O->core->table, O->rules, HS_PROVE_ORDER_FAST);
    hs_opt_wire_prover(O);
  }
  return O->feas;
}

/* ---- cores (optimize-private.h) ---- */

/* Keeps T[0..s) under ST, not solvable within R guesses, as a core (while there is room). */
static void
add_core(HsOptimizer *O, const guint16 *T, guint s, const HsState *st, guint r)
{
  if (O->cores == NULL) {
    O->cores = g_array_new(FALSE, FALSE, sizeof(Core));
    O->core_answers = g_array_new(FALSE, FALSE, sizeof(guint16));
  }
  if (O->cores->len >= CORES_MAX)
    return;
  const Core c = { .st = *st, .start = O->core_answers->len, .n = (guint16)s, .r = (guint8)r };
  g_array_append_vals(O->core_answers, T, s);
  g_array_append_val(O->cores, c);
  O->stats.cores++;
}

/* Cuts the part T[0..s) under ST, which the prover showed cannot be solved within R guesses, down to a
 * subset that cannot be either, and keeps that as a core: runs of answers, halved each pass, are
 * removed while what is left still cannot be solved; then the masks of the state are widened one by
 * one while it still cannot be solved; within BUDGET prover nodes in all (a run or a mask whose
 * removal is not decided in time stays). On thump's search on every word within seven the widening
 * took the prover's tests from 2,101 to 1,802 and the nodes from 0.64 M to 0.58 M; the time moved
 * within the noise (620-697 s without, 653 s with). */
static void
learn_core(HsOptimizer *O, const guint16 *T, guint s, const HsState *st, guint r, guint64 budget)
{
  if (s > G_MAXUINT16 || (O->cores != NULL && O->cores->len >= CORES_MAX))
    return;
  g_autofree guint16 *cur = g_memdup2(T, s * sizeof *T);
  g_autofree guint16 *rest = g_new(guint16, MAX(1u, s));
  guint m = s;
  guint64 spent = 0;
  gboolean stop = FALSE;
  for (guint run = m / 2; run >= 1 && !stop; run /= 2) {
    for (guint i = 0; i < m && !stop;) {
      const guint len = MIN(run, m - i);
      if (len == m) {
        i += len;
        continue;
      }
      memcpy(rest, cur, i * sizeof *cur);
      memcpy(rest + i, cur + i + len, (m - i - len) * sizeof *cur);
      gboolean ok = TRUE;
      const gboolean decided = hs_prove_set_solvable(O->feas, rest, m - len, st, r, budget - spent, &ok, &spent);
      if (decided && !ok) {
        memcpy(cur, rest, (m - len) * sizeof *cur);
        m -= len;
      } else {
        i += len;
      }
      stop = spent >= budget || O->cancelled || O->ckpt_halt;
    }
  }
  /* Then its state: each mask a row narrowed is widened again (a position to every letter, a letter
   * required or capped dropped) while the core still cannot be solved, so that it holds under more
   * states. */
  HsState wide = *st;
  for (guint i = 0; i < 3 * HS_MAX_LEN && !stop; i++) {
    HsLetters *mask = i < HS_MAX_LEN       ? &wide.allow[i]
                      : i < 2 * HS_MAX_LEN ? &wide.atleast[i - HS_MAX_LEN]
                                           : &wide.atmost[i - 2 * HS_MAX_LEN];
    const HsLetters loose = i < HS_MAX_LEN ? hs_l_all() : hs_l_none();
    if (hs_l_eq(*mask, loose))
      continue;
    const HsLetters was = *mask;
    *mask = loose;
    gboolean ok = TRUE;
    if (!hs_prove_set_solvable(O->feas, cur, m, &wide, r, budget - spent, &ok, &spent) || ok)
      *mask = was;
    stop = spent >= budget || O->cancelled || O->ckpt_halt;
  }
  O->stats.core_nodes += spent;
  add_core(O, cur, m, &wide, r);
}

gboolean
hs_opt_cores_refute(HsOptimizer *O, Level *L, const guint16 *S, guint n, const HsState *st, guint r, guint j)
{
  if (O->cores == NULL)
    return FALSE;
  if (L->cores == NULL)
    L->cores = g_array_new(FALSE, FALSE, sizeof(guint32));
  if (L->cores_seen == 0)
    g_array_set_size(L->cores, 0);
  const guint16 *ans = (const guint16 *)(gpointer)O->core_answers->data;
  /* The cores found since the node last looked: those with every answer in its set, for a part with
   * no more guesses left than theirs. */
  for (guint c = L->cores_seen; c < O->cores->len; c++) {
    const Core *k = &g_array_index(O->cores, Core, c);
    if ((guint)k->r + 1 < r)
      continue;
    guint x = 0;
    while (x < k->n && is_cand(O, L, S, n, ans[k->start + x]))
      x++;
    if (x == k->n)
      g_array_append_val(L->cores, c);
  }
  L->cores_seen = O->cores->len;
  const guint32 w = L->pool[j];
  const HsPat *row = O->core->rows[w];
  const guint all_green = O->core->words->all_green;
  for (guint i = 0; i < L->cores->len; i++) {
    const Core *k = &g_array_index(O->cores, Core, g_array_index(L->cores, guint32, i));
    const guint16 *K = ans + k->start;
    const guint p = row[K[0]];
    if (p == all_green)
      continue;
    guint x = 1;
    while (x < k->n && row[K[x]] == p)
      x++;
    if (x < k->n)
      continue;
    HsState child = *st;
    hs_state_add(&child, O->core, O->core->let[w], (HsPat)p);
    if (hs_state_within(&k->st, &child)) {
      O->stats.cored++;
      return TRUE;
    }
  }
  return FALSE;
}

/* Can every part L->todo[0..N_TODO) of a guess at a node with R guesses left be solved at all (after
 * sharpen_parts, which set their hashes and states)? The optimiser's prover decides (prove-parts.h);
 * a cancelled test refutes nothing. The part that cannot be solved is cut down to a core, with no more
 * prover nodes than the test took (at most CORE_BUDGET): a core saves later tests of about that cost,
 * and where tests are cheap, cutting with the whole CORE_BUDGET cost more than the tests it saved
 * (acers on the 2023 lists: 590,398 nodes of cutting against 85,925 of tests, 18.2 s; with the
 * test's cost as the budget 108,256 nodes, 5.4 s, the same total). */
static gboolean
parts_solvable(HsOptimizer *O, Level *L, guint r, guint n_todo)
{
  hs_opt_feas_prover(O);
  gboolean ok = TRUE;
  HsPat failed = 0;
  const guint64 before = hs_prove_nodes(O->feas);
  if (hs_prove_parts_solvable(O->feas, &L->part, L->child, L->todo, n_todo, r - 1, &ok, &failed) && !ok) {
    O->stats.infeasible++;
    const guint64 cost = hs_prove_nodes(O->feas) - before;
    learn_core(O, L->part.buf + L->part.start[failed], L->part.size[failed], &L->child[failed], r - 1,
               CLAMP(cost, 1u, (guint64)CORE_BUDGET));
  }
  return ok;
}

gboolean
hs_opt_test_parts(HsOptimizer *O, Level *L, guint r, guint n_todo, TestTry *tt)
{
  tt->reached = TRUE;
  if (!tt->test) {
    /* A part the prover has refuted before (another node's test, or the run a checkpoint was saved
     * from) drops the guess without a search: no sample of either cost. */
    if (O->feas != NULL && hs_prove_parts_refuted(O->feas, &L->part, L->child, L->todo, n_todo, r - 1)) {
      tt->reached = FALSE;
      return FALSE;
    }
    return TRUE;
  }
  tt->tested = TRUE;
  const gint64 t0 = g_get_monotonic_time();
  tt->refuted = !parts_solvable(O, L, r, n_todo);
  tt->test_us = g_get_monotonic_time() - t0;
  return !tt->refuted;
}

/* AVG, a moving average over about the last eight of N samples so far, takes in sample X (rounded
 * down, so that samples of 0 bring it to 0). */
static inline void
cost_average(guint64 *avg, guint n, guint64 x)
{
  *avg = n == 0 ? x : (*avg * 7 + x) / 8;
}

gboolean
hs_opt_choose_test(const HsOptimizer *O, TestCosts *c)
{
  if (O->bounded_test != HS_OPTIMIZE_TEST_CHEAPER)
    return O->bounded_test == HS_OPTIMIZE_TEST_ALWAYS;
  c->exploring = FALSE;
  if (c->n_tests == 0 || c->n_searches == 0)
    return FALSE;
  c->tick++;
  if (c->test_us * 256 < c->search_us * c->refuted) {
    c->exploring = c->tick % 16 == 0 && (c->explored_us + c->search_us / 16) * EXPLORE_SHARE <= c->tests_total_us;
    return !c->exploring;
  }
  return c->tick % 256 == 0;
}

void
hs_opt_learn_costs(TestCosts *c, const TestTry *tt, gint64 elapsed, gboolean bounded)
{
  if (!tt->reached)
    return;
  if (tt->tested) {
    c->tests_total_us += (guint64)MAX(tt->test_us, 0);
    cost_average(&c->test_us, c->n_tests, (guint64)tt->test_us * 16);
    cost_average(&c->refuted, c->n_tests, tt->refuted ? 256u : 0u);
    c->n_tests++;
  } else if (bounded) {
    if (c->exploring)
      c->explored_us += (guint64)MAX(elapsed, 0);
    cost_average(&c->search_us, c->n_searches, (guint64)MAX(elapsed, 0) * 16);
    c->n_searches++;
  }
}
