/* hardsix — the exact prover: decides whether some hard-mode strategy that starts with a given opener
 * solves every answer within N guesses (an AND-OR depth-limited search over every legal guess, with a
 * memo keyed by candidate set, hard-mode constraint state and guesses left), and builds its tree.
 * Ownership: strategies returned here are new (free with hs_strategy_free); they borrow the table's
 * words, which must outlive them. Nothing here prints or exits. */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/strategy.h"

G_BEGIN_DECLS

/* The order in which a node tries its guesses (it plays the first one that works). Both orders give
 * the same verdicts; they differ in speed and in the tree they return.
 * GREEDY: every legal guess by max bucket, then candidates before other words, then canonical order
 *         (the greedy builder's preference), at every node. Trees look like greedy trees.
 * FAST:   first the candidate with the smallest max bucket (taken without further search when its
 *         largest part is no bigger than the guesses left after it), then GREEDY's order, with
 *         three changes that only make it faster: a part of at most as many answers as guesses left
 *         plays its candidates in canonical order; nodes with many guesses left first probe each
 *         guess with a node budget and come back to the guesses a probe could not decide with
 *         larger budgets; and after failed guesses, the untried ones are reordered by how they
 *         split the answers of the parts that made those fail. For --all. */
typedef enum { HS_PROVE_ORDER_GREEDY, HS_PROVE_ORDER_FAST } HsProveOrder;

gboolean hs_prove_order_parse(const char *text, HsProveOrder *out, GError **error);
const char *hs_prove_order_name(HsProveOrder order);
HsProveOrder hs_prove_order_other(HsProveOrder order); /* the order the escalation switches to */

typedef struct {
  guint64 nodes;        /* search nodes expanded (parts not answered by the memo or a shortcut) */
  guint64 memo_hits;    /* parts answered by the memo */
  guint64 memo_entries; /* entries the memo held at the end */
  guint64 memo_flushes; /* times the memo reached HsProveTuning.memo_max_entries and was thinned */
  guint64 refuted;      /* parts and guesses refuted by a bound, without a search */
  gboolean other_order; /* the verdict came from the other order than the prover's (the escalation,
                         * hs_prover_set_node_limit), or the limit was reached in it */
} HsProveStats;

/* Why an opener cannot guarantee N guesses: the opener pattern whose part the decision refuted (it
 * cannot be solved within N-1 more guesses; which part, when several cannot, depends on the search
 * order and the tuning), and on request how many guesses it needs. */
typedef struct {
  HsPat pattern;      /* feedback of the opener that leads to the part */
  guint n_cands;      /* answers in the part */
  guint32 first_cand; /* canonically first answer of the part */
  gboolean explained; /* best was computed (hs_prover_why with BEST) */
  guint best;         /* with explained: fewest further guesses that solve the part (> N-1), or 0 when it is
                         not solvable within HS_DEPTH_LIMIT guesses in all */
} HsProveFailure;

#define HS_PROVE_ERROR (hs_prove_error_quark())
GQuark hs_prove_error_quark(void);
typedef enum {
  HS_PROVE_ERROR_INVALID,   /* bad arguments: opener, cap, history or candidates */
  HS_PROVE_ERROR_TABLE,     /* the table lacks guess rows (build it with hs_table_new(words, TRUE)) */
  HS_PROVE_ERROR_CANCELLED, /* the cancel flag was set */
  HS_PROVE_ERROR_UNDECIDED, /* the node limit (hs_prover_set_node_limit) was reached before a verdict */
  HS_PROVE_ERROR_INTERNAL   /* a proven part could not be rebuilt (a bug) */
} HsProveError;

/* A search context: the memo and scratch buffers of one thread. The table must hold every guess row
 * and outlive the prover. Use one prover per thread. */
typedef struct HsProver HsProver;

HsProver *hs_prover_new(const HsTable *table, HsRules rules, HsProveOrder order);
void hs_prover_free(HsProver *p);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsProver, hs_prover_free)

/* When CANCEL is non-NULL and becomes non-zero, running searches stop with HS_PROVE_ERROR_CANCELLED. */
void hs_prover_set_cancel(HsProver *p, volatile gint *cancel);

/* Progress of a long search: called with the search nodes expanded so far in the current decision,
 * about every thousand steps of the search, from the searching thread. */
typedef void (*HsProveProgress)(guint64 nodes, gpointer user);

/* FN (NULL: none) is called with USER as the search goes (decisions, explanations, trees). */
void hs_prover_set_progress(HsProver *p, HsProveProgress fn, gpointer user);

/* How a decision escalates (hs_prover_decide and the decision in hs_prover_prove): the prover's order
 * searches first; an opener it has not decided within HsProveTuning.switch_nodes nodes is decided on in
 * the other order, then in the first again, and so on, each order's budget growing every time it
 * comes back; the memo's facts are kept from one order to the other, and the search goes on until a
 * verdict (HsProveStats.other_order tells which order gave it). MAX_NODES (0, the default: none) stops
 * a decision after that many search nodes (HsProveStats.nodes) in all: it fails with
 * HS_PROVE_ERROR_UNDECIDED and the stats are still set. The search and its schedule are
 * deterministic and do not depend on MAX_NODES, so an opener decided within MAX_NODES gets the same
 * verdict and nodes under any larger limit and without one. Building the strategy or explaining a
 * failure afterwards is not limited; it uses the order that decided. */
void hs_prover_set_node_limit(HsProver *p, guint64 max_nodes);

/* Search settings. They change only the speed, the node counts and (FAST order) which strategy is
 * found, never a verdict; tests use them to drive every path of the search on small lists. */
typedef struct {
  guint probe_min_r;        /* FAST: nodes with at least this many guesses left probe their guesses with
                         * node budgets before searching them fully (0: never); default 4 */
  guint probe_budget;       /* first budget per part, in nodes; default 800 */
  guint probe_raise_after;  /* FAST: a probing node that has seen this many guesses fail probes the rest
                             * with budgets probe_raise times larger, and its later rounds start from
                             * there (0: never); default 64. Small budgets suit nodes that work (they
                             * find a guess early), larger ones nodes that fail (every guess must be
                             * refuted, and a probe that runs out is done again) */
  guint probe_raise;        /* ... by this factor (at least 1); default 16 */
  guint trouble_first;      /* FAST, probing nodes: reorder the untried guesses by the parts that made
                         * guesses fail after this many failures (0: never); default 4 */
  gsize sub_budget;         /* largest sub-table (pool words x candidates, bytes) a node keeps; default
                         * 16 MiB (0: none) */
  guint part_budget;        /* deciding an opener: its parts are first searched in rounds with node budgets
                         * starting here, so that a part that fails cheaply is found first (0: each part
                         * in turn to the end); default 200 */
  guint refute_max_guesses; /* the rounds and the cluster refutation at every node (bound.h) are used only
                              * when the cap is at most this: above it nearly every part works, each part is
                              * searched in turn by size, and they would only cost time (verdicts and
                              * strategies are the same either way); default 5 */
  guint escalate_nodes;     /* above refute_max_guesses: an opener not decided within this many nodes is
                              * decided with the rounds and the cluster refutation from there on (0:
                              * never); default 2000 */
  guint64 switch_nodes;     /* the escalation: an opener the first order has not decided within this many
                         * nodes goes on in the other order with as many more, then in the first again,
                         * and so on (0: never switch, one order until decided); default 100000 */
  guint switch_growth;      /* ... each order's budget growing by this factor every time it comes back;
                         * default 2 */
  guint64 memo_max_entries; /* a memo that reaches this many entries keeps its heaviest half (the
                             * entries with the most guesses left, then the largest sets) and drops
                             * the rest (0: never), which bounds its table to 2^k >= 2 x this entries
                             * of 32 bytes: it keeps the largest searches (millions of nodes) within
                             * 1 GB per opener; default 2^22 (a 256 MiB table) */
  guint refine_min_r;       /* normal mode: nodes with at least this many guesses left leave out of their
                         * pool every word whose parts another pool word splits further
                         * (hs_alike_drop_refined; 0: never); default 4: the nodes with three left
                         * inherit their parent's pool, and doing it there too costs more than it
                         * saves */
} HsProveTuning;

void hs_prove_tuning_init(HsProveTuning *t); /* the defaults (hard mode) */
/* The defaults a prover for RULES starts with: in normal mode (every word legal, no row constrains a
 * guess) an opener's parts are games almost as large as the opener's, and the escalation's phases
 * start at 400,000 nodes and grow eightfold (the ten openers of issue 24: medii 665 -> 455 s of
 * CPU, the other nine 92 -> 62 s); otherwise hs_prove_tuning_init's. */
void hs_prove_tuning_init_for(HsProveTuning *t, HsRules rules);
void hs_prover_set_tuning(HsProver *p, const HsProveTuning *t); /* also empties the memo */

/* Forgets every memo entry (the memory is kept for reuse). */
void hs_prover_reset(HsProver *p);

/* Decides whether OPENER guarantees every answer within MAX_GUESSES guesses. Sets *PROVEN and returns
 * TRUE, or returns FALSE with an error. The memo is reset first, so STATS (may be NULL) depend only on
 * the opener, the cap, the rules, the order and the tuning (never on earlier calls or threads). */
gboolean hs_prover_decide(HsProver *p, guint opener, guint max_guesses, gboolean *proven, HsProveStats *stats,
                          GError **error);

/* Like hs_prover_decide, but the memo keeps what the decisions since the last reset settled (a set,
 * its state and the guesses left decide a verdict, whatever the opener), unless it fills more than
 * half the memo's bound (then it starts empty): an opener with letters like the one before it finds
 * many of its parts settled. The verdict is the same; STATS then also depend on those earlier
 * decisions. */
gboolean hs_prover_decide_next(HsProver *p, guint opener, guint max_guesses, gboolean *proven, HsProveStats *stats,
                               GError **error);

/* Like hs_prover_decide, and when the opener is proven returns the strategy found (complete, every
 * answer within MAX_GUESSES, in the layout of strategy.h). When it is impossible returns NULL without
 * an error and fills WHY (may be NULL) as hs_prover_why without BEST does (no further search); errors
 * return NULL with ERROR set. */
HsStrategy *hs_prover_prove(HsProver *p, guint opener, guint max_guesses, HsProveStats *stats, HsProveFailure *why,
                            GError **error);

/* After the last decision (hs_prover_decide, hs_prover_prove) found an opener impossible: WHY gets the
 * part whose refutation decided it, at no cost; with BEST also the fewest further guesses that part
 * needs (a search per guess count that can cost far more than the verdict). FALSE with an error when
 * the last decision found no opener impossible (HS_PROVE_ERROR_INVALID) or when cancelled. */
gboolean hs_prover_why(HsProver *p, gboolean best, HsProveFailure *why, GError **error);

/* One-shot hs_prover_prove with a fresh prover in GREEDY order. */
HsStrategy *hs_prove(const HsTable *table, HsRules rules, guint opener, guint max_guesses, HsProveStats *stats,
                     HsProveFailure *why, GError **error);

/* Asks about one part of a game: after the history GUESSES[i] / PATTERNS[i] (i < N_STEPS, legal under
 * the prover's rules), with the candidate answers CANDS[0..N_CANDS) (answers consistent with the
 * history, in canonical order), is there a legal guess that solves every candidate within
 * GUESSES_LEFT more guesses? Sets *SOLVABLE. When solvable, *GUESS (may be NULL) is the first guess
 * in the prover's order that works, and *SUBTREE (may be NULL) a new strategy for the part: nodes[0]
 * plays *GUESS, its depth is N_STEPS and its pattern the last of PATTERNS (0 when N_STEPS is 0), hist
 * counts guess numbers from the start of the game, max_guesses is N_STEPS + GUESSES_LEFT. The memo is
 * kept between calls (results never depend on it). Returns FALSE with an error on bad arguments or
 * cancellation. */
gboolean hs_prove_part(HsProver *p, guint n_steps, const guint32 *guesses, const HsPat *patterns, const guint32 *cands,
                       guint n_cands, guint guesses_left, gboolean *solvable, guint32 *guess, HsStrategy **subtree,
                       HsProveStats *stats, GError **error);

/* ---- every opener (prove-all.c) ---- */

/* The verdict on one opener of hs_prove_all. */
typedef struct {
  guint32 opener;
  gboolean proven;
  gboolean undecided;   /* the node limit was reached first (then proven is FALSE) */
  gboolean other_order; /* decided (or stopped by the limit) in the other order (see hs_prover_set_node_limit) */
  guint64 nodes;        /* search nodes expanded (HsProveStats.nodes) */
  double seconds;       /* CPU time of the thread that decided it (CLOCK_THREAD_CPUTIME_ID), which stays
                   * meaningful on a busy machine; the only field that varies from run to run */
} HsProveAllRow;

/* Called after each opener, from one thread at a time: openers decided so far, of TOTAL, and how
 * many of them were proven. */
typedef void (*HsProveAllProgress)(guint done, guint total, guint proven, gpointer user);

typedef struct {
  guint max_guesses;           /* the cap to prove */
  HsProveOrder order;          /* the search order (verdicts never depend on it) */
  HsProveAllProgress progress; /* may be NULL */
  gpointer progress_user;
  volatile gint *cancel; /* when non-NULL and set, stop early and fail with HS_PROVE_ERROR_CANCELLED */
  guint64 max_nodes;     /* per opener (hs_prover_set_node_limit; 0: none): past it the row is undecided */
  const guint *units;    /* per opener its unit (NULL: each opener a unit of its own), e.g. from
                          * hs_words_letter_units over the whole opener list of a sharded run; ignored
                          * with max_nodes (every opener decided alone, so that a row decided within a
                          * limit is the same under any larger one) */
} HsProveAllOptions;

/* Decides each of OPENERS[0..n) (in parallel; OpenMP decides the thread count; one prover per thread)
 * and fills ROWS[i] for OPENERS[i]. A unit (options->units) is decided by one thread, its openers in
 * the order of their letters (hs_words_letter_order), the first from an empty memo and each next one
 * with what the ones before it settled (hs_prover_decide_next), so every row but its seconds is the
 * same for any thread count and any order of work; the nodes of a row depend on its unit. TABLE must
 * hold every guess row. Fails with the error of the first failing opener in OPENERS order, or
 * HS_PROVE_ERROR_CANCELLED. */
gboolean hs_prove_all(const HsTable *table, HsRules rules, const guint32 *openers, guint n,
                      const HsProveAllOptions *options, HsProveAllRow *rows, GError **error);

G_END_DECLS
