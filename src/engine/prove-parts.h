/* hardsix — the prover as another engine's feasibility test (engine-internal; not installed).
 *
 * The optimiser asks, for a guess at a node with many guesses left, whether every part the guess
 * leaves can be solved at all before it searches their values: near the boundary of what the cap
 * allows most guesses leave a part that cannot, and the prover refutes such a part far more cheaply
 * than a search for values does. */
#pragma once

#include "hardsix/engine/prove.h"
#include "search.h"

/* Can every one of the N parts PARTS[0..n) of PT (pattern indices; part p is PT's buf[start[p] ..
 * start[p] + size[p]) with the hashes h1[p], h2[p]) be solved within R guesses, part p under the state
 * CHILD[p]? The parts are probed in rounds of growing node budgets, as an opener's parts are
 * (hs_prover_decide), so a part refuted cheaply ends the test before the parts that work are searched
 * to the end; the prover's memo keeps what it settled for later calls. Sets *SOLVABLE, and when it is
 * FALSE *FAILED (when not NULL) to the part that cannot be solved; returns FALSE when the prover's
 * cancel flag stopped it (then *SOLVABLE is TRUE: nothing was refuted). */
gboolean hs_prove_parts_solvable(HsProver *P, const HsPartition *pt, const HsState *child, const HsPat *parts, guint n,
                                 guint r, gboolean *solvable, HsPat *failed);

/* The search nodes P has expanded so far (HsProveStats.nodes of its calls, tests included). */
guint64 hs_prove_nodes(const HsProver *P);

/* Can the set S[0..n) (canonical order) be solved within R guesses under ST? Searched with at most
 * BUDGET more nodes (0: no limit), *SPENT += the nodes searched. Returns FALSE when the budget ran out
 * or the cancel flag stopped it (nothing decided); else TRUE with *SOLVABLE. */
gboolean hs_prove_set_solvable(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r, guint64 budget,
                               gboolean *solvable, guint64 *spent);

/* TRUE when the prover's memo already holds, for one of the N parts PARTS[0..n) of PT under CHILD, that
 * it cannot be solved within R guesses: memo look-ups only, no search (the optimiser drops such a guess
 * before it searches its parts under a bound, where it would not ask the test). */
gboolean hs_prove_parts_refuted(const HsProver *P, const HsPartition *pt, const HsState *child, const HsPat *parts,
                                guint n, guint r);

/* The prover's memo, for the optimiser's checkpoints (optimize-save.c): its entries are settled facts
 * keyed like the optimiser's, so they may be written out and put back into a prover on the same lists
 * and rules. */
HsMemo *hs_prover_memo(HsProver *P);
