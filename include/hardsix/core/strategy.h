/* hardsix — strategy trees: nodes, candidate sets, histogram, paths.
 * A strategy owns its nodes; it borrows the HsWords it was built on, which must outlive it. */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/histogram.h"

G_BEGIN_DECLS

typedef struct {
  guint32 guess;       /* word index played at this node */
  guint32 parent;      /* HS_NONE for the root */
  guint32 first_child; /* children are nodes[first_child .. first_child+n_children), sorted by pattern */
  guint32 n_children;  /* one child per non-empty part other than the part {guess} solved here */
  guint32 cand_off;    /* candidates are cands[cand_off .. cand_off+n_cands), in canonical order */
  guint32 n_cands;
  HsPat pattern; /* feedback of the parent's guess that leads here (0 for the root) */
  guint8 depth;  /* guesses before this one: 0 at the root; this node's guess is guess number depth+1 */
  guint8 pad[3 - sizeof(HsPat)];
} HsNode;

typedef struct {
  const HsWords *words;
  HsRules rules;
  guint max_guesses;
  HsNode *nodes; /* nodes[0] is the root (the opener) */
  guint n_nodes;
  guint32 *cands;
  guint n_cands_total;
  HsHistogram hist;      /* hist.count[d]: answers solved by guess number d */
  guint n_solved;        /* answers solved somewhere in the tree */
  guint n_over;          /* answers solved with more than max_guesses guesses */
  gboolean complete;     /* every answer of the root's set is solved in the tree */
  char *policy;          /* one-line description of how it was built (for headers), may be NULL */
  guint8 *override_used; /* per override rule: 1 when the construction played it (NULL: no overrides) */
  guint32 *over_answers; /* answers found over the cap, in the order found (all of them when complete) */
  guint n_over_answers;
  guint n_override_rules;
} HsStrategy;

#define HS_STRATEGY_ERROR (hs_strategy_error_quark())
GQuark hs_strategy_error_quark(void);
typedef enum { HS_STRATEGY_ERROR_INCONSISTENT, HS_STRATEGY_ERROR_TOO_DEEP } HsStrategyError;

/* An empty strategy for WORDS (no nodes yet). */
HsStrategy *hs_strategy_new(const HsWords *words, HsRules rules, guint max_guesses);
void hs_strategy_free(HsStrategy *s);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsStrategy, hs_strategy_free)

/* Builds the tree that plays the given paths: PATHS holds n_answers entries, entry a a GArray of guint32
 * word indices (the guesses for answer a, ending with a) or NULL for an answer the tree does not solve
 * (as HsVerifyReport.paths). The layout is the builder's: nodes[0] the root, each node's children
 * contiguous and sorted by pattern, candidates in canonical order, histogram filled, complete when
 * every answer has a path. Fails (HS_STRATEGY_ERROR_INCONSISTENT) when the paths do not form one tree:
 * no path at all, different guesses after the same history, or a path that does not end with its
 * answer. Returns a new strategy that borrows WORDS. */
HsStrategy *hs_strategy_from_paths(const HsWords *words, HsRules rules, guint max_guesses, const GPtrArray *paths,
                                   GError **error);

/* Replaces the one-line policy description (a copy of POLICY, may be NULL), freeing the old one. */
void hs_strategy_set_policy(HsStrategy *s, const char *policy);

/* ---- building a tree ----
 * HsTreeBuilder is the one place that lays nodes out: nodes[0] is the root, a node's children are
 * appended together when its guess is played (contiguous, sorted by pattern), each child's
 * candidates are contiguous and in canonical order, and the histogram, the solved count and the
 * answers over the cap are kept as guesses are played. Greedy construction, the prover, the
 * optimiser and hs_strategy_from_paths all build through it; each decides only which guess a node
 * plays and in which order nodes are expanded. */
typedef struct HsTreeBuilder HsTreeBuilder;

/* A builder for a tree over WORDS (borrowed; it must outlive the strategy). */
HsTreeBuilder *hs_tree_builder_new(const HsWords *words, HsRules rules, guint max_guesses);
void hs_tree_builder_free(HsTreeBuilder *b);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsTreeBuilder, hs_tree_builder_free)

/* Adds the root (node 0): the candidates CANDS[0..N) (distinct answers, canonical order), DEPTH
 * guesses already played before it, reached by PATTERN (0 for a whole game). Its guess is set by
 * hs_tree_builder_play. */
void hs_tree_builder_add_root(HsTreeBuilder *b, const guint32 *cands, guint n, guint depth, HsPat pattern);

/* Plays GUESS at node IDX: counts the candidate it solves (if any) at guess number depth + 1, and
 * appends one child per other non-empty part. ROW is GUESS's feedback row over the answers (from a
 * table), or NULL to compute feedback from the words. Returns the number of children and sets
 * *FIRST_CHILD (may be NULL) to the index of the first; fails (HS_STRATEGY_ERROR_TOO_DEEP) when the
 * children would be deeper than HS_DEPTH_LIMIT guesses. */
gboolean hs_tree_builder_play(HsTreeBuilder *b, guint idx, guint32 guess, const HsPat *row, guint *n_children,
                              guint *first_child, GError **error);

/* Plays GUESS at node IDX as the last guess of its branch, for builders that stop early: counts the
 * candidate it solves (if any) like hs_tree_builder_play, adds no children, and counts every other
 * candidate over the cap (never solved). Returns the number of answers counted over the cap. */
guint hs_tree_builder_play_last(HsTreeBuilder *b, guint idx, guint32 guess);

/* Node IDX and its candidates; both pointers are valid until the next play. */
const HsNode *hs_tree_builder_node(const HsTreeBuilder *b, guint idx);
const guint32 *hs_tree_builder_cands(const HsTreeBuilder *b, guint idx);
guint hs_tree_builder_n_nodes(const HsTreeBuilder *b);

/* Ends the build: returns the strategy (complete when every root candidate is solved; n_over and
 * over_answers in the order found) and frees B. */
HsStrategy *hs_tree_builder_finish(HsTreeBuilder *b);

/* TRUE when the node's own guess is one of its candidates (it solves that answer). */
gboolean hs_strategy_node_solves(const HsStrategy *s, const HsNode *node);

/* Child of NODE reached by PATTERN, or NULL. */
const HsNode *hs_strategy_child(const HsStrategy *s, const HsNode *node, HsPat pattern);

/* Writes the path to ANSWER (word indices of the guesses, the last one being ANSWER) into PATH
 * (HS_DEPTH_LIMIT entries); returns its length, or 0 when the tree does not solve ANSWER. */
guint hs_strategy_path(const HsStrategy *s, guint answer, guint32 *path);

G_END_DECLS
