/* hardsix — the exact optimiser: among the strategies that start with a given opener, obey the rules
 * and solve every answer within the guess cap, the one with the fewest guesses in total (the lowest
 * average), proved optimal by an exact branch-and-bound search; ties between equally good guesses go
 * to the first in the guess ranking (rank.h), so the tree is unique.
 * Ownership: strategies returned here are new (free with hs_strategy_free) and borrow the table's
 * words. Nothing here prints or exits. */
#pragma once

#include <glib.h>
#include "hardsix/engine/prove.h"
#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/strategy.h"

G_BEGIN_DECLS

/* A total that no strategy meets (the opener cannot guarantee the cap). */
#define HS_OPTIMIZE_IMPOSSIBLE G_MAXUINT64

typedef struct {
  guint64 nodes;     /* sets searched (not answered by the memo or a closed form) */
  guint64 memo_hits; /* sets answered by the memo */
  guint64 memo_entries;
  guint64 memo_bytes;   /* memory the memo holds */
  guint64 cells;        /* (guess, answer) pairs scored: the bulk of the work */
  guint64 memo_flushes; /* times the memo reached its bound and was thinned (hs_optimizer_set_memo_max_entries) */
  guint64 refuted;      /* sets and guesses refuted by clusters of answers, unsearched */
  guint64 infeasible;   /* guesses the optimiser's prover refuted before their parts were searched */
  guint64 probed;       /* guesses dropped by probing their parts (hs_optimizer_set_probe_share) */
  guint64 cored;        /* guesses dropped because a part holds a core (answers the prover refuted before) */
  guint64 cores;        /* cores kept (parts the prover refuted, cut down) ... */
  guint64 core_nodes;   /* ... and the prover's nodes spent cutting them */
} HsOptimizeStats;

#define HS_OPTIMIZE_ERROR (hs_optimize_error_quark())
GQuark hs_optimize_error_quark(void);
typedef enum {
  HS_OPTIMIZE_ERROR_INVALID,   /* bad arguments */
  HS_OPTIMIZE_ERROR_TABLE,     /* the table lacks guess rows */
  HS_OPTIMIZE_ERROR_CANCELLED, /* the cancel flag was set */
  HS_OPTIMIZE_ERROR_INTERNAL,  /* an optimal part could not be rebuilt (a bug) */
  HS_OPTIMIZE_ERROR_CHECKPOINT /* a checkpoint could not be written, or read back (hs_optimizer_load) */
} HsOptimizeError;

/* A search context: the memo and scratch of one thread. The table must hold every guess row and
 * outlive the optimiser. The memo is kept between calls (it holds facts, so results never depend on
 * it): openers searched one after another share what they have in common. */
typedef struct HsOptimizer HsOptimizer;

HsOptimizer *hs_optimizer_new(const HsTable *table, HsRules rules);
void hs_optimizer_free(HsOptimizer *o);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsOptimizer, hs_optimizer_free)

/* When CANCEL is non-NULL and becomes non-zero, running searches stop with HS_OPTIMIZE_ERROR_CANCELLED. */
void hs_optimizer_set_cancel(HsOptimizer *o, volatile gint *cancel);

/* FN(nodes searched so far, USER) is called now and then during a search (NULL: never), from the
 * searching thread: progress for long single-opener runs. */
typedef void (*HsOptimizeSearchProgress)(guint64 nodes, gpointer user);
void hs_optimizer_set_progress(HsOptimizer *o, HsOptimizeSearchProgress fn, gpointer user);

/* The memo is emptied whenever it would hold more than LIMIT bytes (0: no limit). Default 1 GiB. */
void hs_optimizer_set_memo_limit(HsOptimizer *o, guint64 limit);

/* Gives the cache of parts already stepped (one step of search in a part, a lower bound that depends
 * on the part's set and state alone) the most slots that fit in BYTES, a power of two, at least the
 * default 2^19 (8 MiB); it starts empty. Values and trees never depend on it; the work does: a run
 * over many openers finds the steps of earlier openers there. */
void hs_optimizer_set_step_cache(HsOptimizer *o, guint64 bytes);

/* Bounds the memo to MAX_ENTRIES entries (0: no bound; default 2^22, a table of at most 256 MiB): a
 * full memo keeps its heaviest half (the entries with the most guesses left, then the largest sets)
 * and drops the rest (hs_memo_set_max_count). Values and trees never depend on it; the work may. */
void hs_optimizer_set_memo_max_entries(HsOptimizer *o, guint64 max_entries);

/* When a node with FROM_LEFT or more guesses left has no best total yet (nor a budget from above),
 * the optimiser asks a prover of its own, before the parts of a guess are searched for their values,
 * whether every part can be solved at all, and drops the guess when one cannot (FROM_LEFT 0: never
 * ask). Default 5: in hard mode near the boundary of the cap most second guesses of a large part leave
 * a part that cannot be solved, which the prover refutes far more cheaply than a search for values
 * without a bound does. Values and trees never depend on it; the work does. */
void hs_optimizer_set_feasibility(HsOptimizer *o, guint from_left);

/* Under a best total, at the same nodes: whether the prover also tests a guess's parts before they are
 * searched (by a search under the bound alone otherwise). */
typedef enum {
  HS_OPTIMIZE_TEST_NEVER,   /* the search alone (the test is asked only where no best total bounds the node) */
  HS_OPTIMIZE_TEST_ALWAYS,  /* every guess whose parts are to be searched */
  HS_OPTIMIZE_TEST_CHEAPER, /* default: where it is measured to cost less than the search it spares */
} HsOptimizeBoundedTest;

/* The default, CHEAPER: each node measures what the prover's tests of its guesses cost and how many
 * they refute (first where no best total bounds it, where every guess is tested), and what the search
 * under the bound costs a guess, and tests a guess when the test costs less than the searches it is
 * expected to spare (a few guesses of each kind are still tried the other way, to follow the costs
 * along the node's guesses). Near the boundary of the cap the first guesses under a bound mostly leave
 * a part that cannot be solved, and a search under a bound far above their bound shows that only
 * slowly: joule on the 2023 lists, 140.7 s -> 107.8 s of CPU. The choice follows measured times, so
 * the node counts vary a little from run to run; values and trees never depend on it. */
void hs_optimizer_set_bounded_test(HsOptimizer *o, HsOptimizeBoundedTest mode);

/* Under a bound (a best total to beat), the parts of a guess are first searched each with its own
 * bound plus QUARTERS quarters of its share of the gap left before the guess reaches the best total,
 * shared in proportion to the parts' sizes, and the guess is dropped when the bounds so raised reach
 * it; only then are its parts searched for their values (0: never probe). Default 6: a guess whose
 * bound is far below its cost shows it in searches with small budgets, and fehme on the 2023 lists
 * searches 201 k nodes instead of 742 k. Values and trees never depend on it; the work does. */
void hs_optimizer_set_probe_share(HsOptimizer *o, guint quarters);

/* Lends P (made on the optimiser's table and rules) to the optimiser as its prover for the test above,
 * instead of one of its own: a caller that decides openers with P before optimising them keeps one
 * prover's memo (up to 256 MiB) instead of two. P must outlive the optimiser, which never frees or
 * resets it, nor sets its cancel flag (the caller does); P's memo is cleared by its own decisions,
 * which cost the optimiser nothing measurable (optimize --all on 7 openers of the 2023 lists: the same
 * CPU time, peak RSS 403 -> 286 MB). */
void hs_optimizer_share_prover(HsOptimizer *o, HsProver *p);

/* The optimiser's own prover for the test above (made now if it has none; the lent one if any), for a
 * caller that decides an opener before optimising it: the parts it settles while deciding are then in
 * the memo the search's tests read, as with a lent prover under --all, and one prover's memo is kept
 * instead of two (thump on every word within seven: the optimiser's nodes 0.58 M -> 0.28 M, CPU 650 s
 * -> 524 and 628 s in runs beside another search). It comes without a cancel flag and progress hook
 * (a lent one as the caller left it): the caller sets its own to decide; every search the optimiser
 * starts sets the optimiser's again. */
HsProver *hs_optimizer_prover(HsOptimizer *o);

/* Forgets everything the memo holds (and what its own prover settled; a lent one is left as it is). */
void hs_optimizer_reset(HsOptimizer *o);

/* ---- checkpoints: one opener's search over several runs ---- */

/* Writes what the memo and the optimiser's prover have settled to PATH (a temporary file renamed over
 * it), with a fingerprint of the search (OPENER, MAX_GUESSES, the rules, the word lists and the build)
 * and a checksum. Call it between searches, or let hs_optimizer_set_checkpoint call it during one. */
gboolean hs_optimizer_save(const HsOptimizer *o, guint opener, guint max_guesses, const char *path, GError **error);

/* Puts what PATH (written by hs_optimizer_save) settled into the memos, so that the search of OPENER
 * within MAX_GUESSES that follows finds it there instead of searching it again; *ENTRIES (may be NULL)
 * gets their number. A file of another search (opener, cap, rules, lists, build), cut short or damaged
 * is an error (HS_OPTIMIZE_ERROR_CHECKPOINT) and changes nothing. The values and the tree are those of
 * a search from scratch (the memo holds only settled facts); the work is what is left. */
gboolean hs_optimizer_load(HsOptimizer *o, guint opener, guint max_guesses, const char *path, guint64 *entries,
                           GError **error);

/* What a checkpoint file holds: the memo entries of the optimiser ([0]) and of its prover ([1]), by
 * the guesses left of the set each is about (15: 15 or more). */
typedef struct {
  guint64 entries[2][16];
  guint64 total[2]; /* per memo, its entries above summed */
  guint64 bytes;    /* the file's size */
} HsCheckpointSummary;

/* Reads the checkpoint PATH (any search's: the fingerprint is not compared) into *SUM, after the
 * checks hs_optimizer_load makes of its form (magic, size, checksum). */
gboolean hs_checkpoint_summary(const char *path, HsCheckpointSummary *sum, GError **error);

/* Writes to OUT (a temporary file renamed over it) the checkpoint IN with only the entries about sets
 * with at least MIN_LEFT[0] guesses left from the optimiser's memo and MIN_LEFT[1] from its prover's,
 * and its caches empty: a file small enough to keep between machines (committed, compressed), from
 * which the same search, run by a build of the same code, resumes with the costliest of its work
 * done. Every entry kept is a settled fact, as in IN, so the values and the tree are still those of a
 * search from scratch. *KEPT (may be NULL) gets OUT's summary. IN and OUT may be the same file. */
gboolean hs_checkpoint_thin(const char *in, const char *out, const guint min_left[2], HsCheckpointSummary *kept,
                            GError **error);

/* During hs_optimizer_value and hs_optimizer_strategy: saves to PATH (hs_optimizer_save, for the
 * running opener and cap) every EVERY_SECONDS seconds of wall time (0: never on time), and when *STOP
 * (may be NULL) becomes non-zero, then stops the search with HS_OPTIMIZE_ERROR_CANCELLED. Both are
 * looked at every 1,024 nodes of the search and every 1,024 steps of its prover's tests. A save that
 * fails stops the search with its error (HS_OPTIMIZE_ERROR_CHECKPOINT). A search under a checkpoint
 * should leave the cancel flag unset, so that it stops at a point where the memo can be saved
 * (hs_optimizer_set_cancel stops it without a save). PATH NULL: no checkpoints. */
void hs_optimizer_set_checkpoint(HsOptimizer *o, const char *path, double every_seconds, volatile gint *stop);

/* Checkpoints saved since hs_optimizer_set_checkpoint. */
guint64 hs_optimizer_checkpoints(const HsOptimizer *o);

/* The minimum total number of guesses over all answers for OPENER within MAX_GUESSES. With BOUND = 0
 * the search is exact: *TOTAL is the minimum, or HS_OPTIMIZE_IMPOSSIBLE, and *EXACT is TRUE. With a
 * BOUND the search stops as soon as the total is proven to be at least BOUND: then *EXACT is FALSE and
 * *TOTAL (>= BOUND) is a proven lower bound. STATS (may be NULL) count this call only. */
gboolean hs_optimizer_value(HsOptimizer *o, guint opener, guint max_guesses, guint64 bound, guint64 *total,
                            gboolean *exact, HsOptimizeStats *stats, GError **error);

/* The optimal strategy for OPENER within MAX_GUESSES (complete, in the layout of strategy.h), or NULL
 * without an error when the opener cannot meet the cap; errors return NULL with ERROR set. STATS (may
 * be NULL): the value search's counts, with the memo's (entries, bytes, flushes) after the tree. */
HsStrategy *hs_optimizer_strategy(HsOptimizer *o, guint opener, guint max_guesses, HsOptimizeStats *stats,
                                  GError **error);

/* A lower bound on the total of OPENER from one step of search in each of its parts (the least bound
 * over every legal second guess), or HS_OPTIMIZE_IMPOSSIBLE when a part is seen to be unsolvable. Far
 * cheaper than hs_optimizer_value, and much closer than hs_optimize_opener_bound. */
gboolean hs_optimizer_bound(HsOptimizer *o, guint opener, guint max_guesses, guint64 *bound, GError **error);

/* A cheap lower bound on the total of OPENER, from its first split alone (every part of s answers
 * costs at least 2s - 1 more guesses); exact when every part is solved by its first guess. */
guint64 hs_optimize_opener_bound(const HsTable *table, guint opener);

/* ---- every opener ---- */

typedef enum {
  HS_OPTIMIZE_ROW_OPTIMAL,    /* total is the exact optimum */
  HS_OPTIMIZE_ROW_IMPOSSIBLE, /* no strategy meets the cap (total 0) */
  HS_OPTIMIZE_ROW_WORSE       /* --best: not among the best, but has a strategy; total is a proven lower
                                 bound of its optimum */
} HsOptimizeVerdict;

typedef struct {
  guint32 opener;
  HsOptimizeVerdict verdict;
  guint64 total;  /* see the verdict */
  guint64 nodes;  /* sets searched for this opener (0 when its bound alone decided) */
  double seconds; /* CPU time spent on this opener (varies from run to run) */
  guint64 bound;  /* --best: the opener's one-step bound (hs_optimizer_bound), which the settling of the K
                     best reads; 0 without --best and for an IMPOSSIBLE row */
} HsOptimizeRow;

typedef void (*HsOptimizeProgress)(guint done, guint total, gpointer user);

typedef struct {
  guint max_guesses;
  guint best;                  /* 0: every opener exactly; K: prove which K openers are best */
  guint64 memo_limit;          /* per thread, bytes (0: the optimiser's default) */
  guint64 step_cache;          /* all threads' caches of parts stepped together, bytes (0:
                                  HS_OPTIMIZE_ALL_STEP_CACHE; hs_optimizer_set_step_cache) */
  HsOptimizeProgress progress; /* called from one thread at a time, may be NULL */
  gpointer progress_user;
  volatile gint *cancel; /* when non-NULL and set, stop early and fail with ..._CANCELLED */
} HsOptimizeAllOptions;

/* The caches of parts stepped of an --all run by default, all threads together: 1 GiB. On 200 random
 * openers of the 2023 lists in normal mode, one thread: 5.8 % less CPU than with the optimiser's own
 * 8 MiB, the last 50 openers 8.9 % less (docs/RESULTS.md §5.2). */
#define HS_OPTIMIZE_ALL_STEP_CACHE (G_GUINT64_CONSTANT(1) << 30)

/* Optimises each of OPENERS[0..n) (in parallel, one optimiser per thread whose memo carries from one
 * opener to the next) and fills ROWS[i] for OPENERS[i]; feasibility is decided by the prover first.
 * With best = K every opener's one-step bound (hs_optimizer_bound) is computed first; then openers are
 * taken in order of it and searched with the K-th best total so far as a cut-off, and the prover
 * decides the openers that search skipped; an opener with no strategy within the cap says IMPOSSIBLE,
 * and the other rows outside the K best say WORSE with max(their bound, the K-th best total), a lower
 * bound of their optimum that they are proven to reach. Rows (all but seconds and nodes) are the same
 * for any thread count: the K best are those of least total, ties to the earlier opener in canonical
 * order. */
gboolean hs_optimize_all(const HsTable *table, HsRules rules, const guint32 *openers, guint n,
                         const HsOptimizeAllOptions *options, HsOptimizeRow *rows, GError **error);

/* The settling of a K-best run, alone: of the OPTIMAL rows the K of least total (ties to the earlier
 * opener in canonical order) stay OPTIMAL; every other row that is not IMPOSSIBLE becomes WORSE with
 * total max(its bound, the K-th least total), and nodes 0. hs_optimize_all with best = K ends with it;
 * applied to the rows of shards (each settled with its own K-th total; one-step bounds kept) it gives
 * the rows of one run over all their openers: the K best of all are among the K best of their shard. */
void hs_optimize_settle_best(HsOptimizeRow *rows, guint n, guint k);

const char *hs_optimize_verdict_name(HsOptimizeVerdict v); /* "optimal", "impossible", "worse" */

G_END_DECLS
