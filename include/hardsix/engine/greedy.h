/* hardsix — greedy strategy construction: minimax max-bucket (and other metrics) under the rules
 * (hard mode, or normal mode with --rules none). */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/strategy.h"
#include "hardsix/engine/overrides.h"

G_BEGIN_DECLS

typedef enum { HS_POOL_LEGAL, HS_POOL_CANDIDATES } HsPool;
/* Which of two equally good guesses of the same kind (both candidates, or both not) is played. */
typedef enum {
  HS_TIES_CANONICAL,   /* the earlier in canonical order (answers in order, then the other guesses) */
  HS_TIES_ALPHABETICAL /* the alphabetically first: the 2022 entropy solver kept one sorted list of
                        * every allowed word */
} HsTies;
typedef enum {
  HS_METRIC_MAXBUCKET,         /* smallest largest part */
  HS_METRIC_MAXBUCKET_SWAPPED, /* the 2022 solver's: parts of feedback(other, w) */
  HS_METRIC_ENTROPY,           /* largest Shannon entropy of the part sizes (split.h's fixed-point sums) */
  HS_METRIC_EXPECTED           /* smallest sum of squared part sizes */
} HsMetric;

typedef struct {
  HsRules rules;
  HsPool pool;
  HsMetric metric;
  guint max_guesses;            /* depth cap (default 6) */
  const HsOverrides *overrides; /* may be NULL */
  /* Legal pool: a word that cannot be the answer is played only when its score beats the best
   * candidate's by more than this, in the metric's unit (entropy: bits; expected: answers left;
   * maxbucket: answers). 0 (the default) is the ranking of rank.h: the better score, candidates on
   * ties. The 2022 entropy solver (preset entropy2022) uses 0.001 bits. */
  double candidate_margin;
  HsTies ties;                 /* default canonical */
  gboolean stop_at_first_fail; /* stop building once an answer is over the cap (tree left incomplete) */
  /* Optional fail-first hint: priority per answer (higher is explored first); NULL for canonical
   * order. Changes only the order of work, never the tree. */
  const guint *priority;
} HsPolicy;

void hs_policy_init(HsPolicy *p); /* nyt, legal pool, maxbucket, cap 6, no overrides, margin 0 */

/* The 2022 normal-mode entropy solver: rules none, legal pool, metric entropy, candidate margin
 * 0.001 bits, alphabetical ties (the rest of P is left as it is). */
void hs_policy_entropy2022(HsPolicy *p);

/* Names as hs_pool_name / hs_metric_name give them; an unknown name fails with
 * HS_GREEDY_ERROR_UNKNOWN_NAME. */
gboolean hs_pool_parse(const char *text, HsPool *out, GError **error);
gboolean hs_metric_parse(const char *text, HsMetric *out, GError **error);
gboolean hs_ties_parse(const char *text, HsTies *out, GError **error);
const char *hs_pool_name(HsPool pool);
const char *hs_metric_name(HsMetric metric);
const char *hs_ties_name(HsTies ties);

#define HS_GREEDY_ERROR (hs_greedy_error_quark())
GQuark hs_greedy_error_quark(void);
typedef enum {
  HS_GREEDY_ERROR_ILLEGAL_OVERRIDE,
  HS_GREEDY_ERROR_TOO_DEEP,
  HS_GREEDY_ERROR_UNKNOWN_NAME /* hs_pool_parse, hs_metric_parse, hs_ties_parse */
} HsGreedyError;

/* Builds the greedy tree for OPENER over all answers. The table must come from the same words and
 * hold every row the pool needs (answers only suffices for a candidates pool). Fails when an override
 * forces an illegal guess (naming its file:line). Returns a new strategy with its histogram filled;
 * with stop_at_first_fail the tree may be incomplete (s->complete FALSE, s->n_over >= 1). */
HsStrategy *hs_greedy_build(const HsTable *table, guint opener, const HsPolicy *policy, GError **error);

/* Chooses the greedy guess for the candidate set CANDS (canonical order) given the legal pool LEGAL
 * (canonical order; ignored for a candidates pool). Exposed for tests and the prover. */
guint hs_greedy_choose(const HsTable *table, const HsPolicy *policy, const guint *cands, guint n_cands,
                       const guint *legal, guint n_legal);

G_END_DECLS
