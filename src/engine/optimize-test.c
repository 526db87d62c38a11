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

/* Can every part L->todo[0..N_TODO) of a guess at a node with R guesses left be solved at all (after
 * sharpen_parts, which set their hashes and states)? The optimiser's prover decides (prove-parts.h);
 * a cancelled test refutes nothing. */
static gboolean
parts_solvable(HsOptimizer *O, Level *L, guint r, guint n_todo)
{
  hs_opt_feas_prover(O);
  gboolean ok = TRUE;
  if (hs_prove_parts_solvable(O->feas, &L->part, L->child, L->todo, n_todo, r - 1, &ok) && !ok)
    O->stats.infeasible++;
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
