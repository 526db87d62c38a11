/* hardsix — the guess ranking every search shares: a better score first, then a candidate (a word
 * that may still be the answer, so it may win at once) before other words, then the earlier word in
 * canonical order. Greedy picks the first guess in this order, the prover tries guesses in it, repair
 * prefers fixes in it, and optimize breaks ties between equally good guesses by it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The class of a guess with integer SCORE (lower is better: the largest part for max bucket): every
 * guess of a lower class comes first; within a class, canonical order decides. Counting sorts bucket
 * guesses by it directly. */
static inline guint32
hs_rank_class(guint32 score, gboolean candidate)
{
  return 2 * score + (candidate ? 0u : 1u);
}

/* A total order key: the guess with the smaller key comes first. Distinct words never tie. */
static inline guint64
hs_rank_key(guint32 score, gboolean candidate, guint32 word)
{
  return ((guint64)hs_rank_class(score, candidate) << 32) | word;
}

/* The order among guesses of equal score: candidates first, then canonical order. */
static inline guint64
hs_rank_tiebreak(gboolean candidate, guint32 word)
{
  return ((guint64)(candidate ? 0u : 1u) << 32) | word;
}

/* TRUE when a guess (SCORE, CANDIDATE, WORD) comes before (BEST_SCORE, BEST_CANDIDATE, BEST_WORD);
 * for scores too wide for hs_rank_key (sums of squares). */
static inline gboolean
hs_rank_before(guint64 score, gboolean candidate, guint32 word, guint64 best_score, gboolean best_candidate,
               guint32 best_word)
{
  if (score != best_score)
    return score < best_score;
  return hs_rank_tiebreak(candidate, word) < hs_rank_tiebreak(best_candidate, best_word);
}

G_END_DECLS
