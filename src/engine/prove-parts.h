/* hardsix — the prover as another engine's feasibility test (engine-internal; not installed).
 *
 * The optimiser asks, for a guess at a node with many guesses left, whether every part the guess
 * leaves can be solved at all before it searches their values: near the boundary of what the cap
 * allows most guesses leave a part that cannot, and the prover refutes such a part far more cheaply
 * than a search for values does. */
#pragma once

#include "hardsix/engine/prove.h"
#include "search.h"

/* Can every one of the N parts be solved within R guesses? Part k is SETS[k][0..SIZES[k]) (answer
 * indices in canonical order) with the set hashes H1[k], H2[k] (HsPartition's) under the state
 * STATES[k]. The parts are probed in rounds of growing node budgets, as an opener's parts are
 * (hs_prover_decide), so a part refuted cheaply ends the test before the parts that work are searched
 * to the end; the prover's memo keeps what it settled for later calls. Sets *SOLVABLE; returns FALSE
 * when the prover's cancel flag stopped it (then *SOLVABLE is TRUE: nothing was refuted). */
gboolean hs_prove_parts_solvable(HsProver *P, guint n, const guint16 *const *sets, const guint *sizes,
                                 const guint64 *h1, const guint64 *h2, const HsState *const *states, guint r,
                                 gboolean *solvable);
