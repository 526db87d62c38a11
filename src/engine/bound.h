/* hardsix — refutations without search: lower bounds on the guesses a candidate set needs under a
 * hard-mode state, for the exact searches (prove). Internal to the library.
 *
 * The bound rests on clusters: answers of a set that are equal at four positions and differ at the
 * fifth (the "-aunt" words daunt, haunt, jaunt, taunt, vaunt). Their differing letters, the variants,
 * are distinct. A guess tells two members apart only through their variants: two members whose
 * variant the guess does not contain get the same feedback (the same greens, since they differ only
 * at a position where the guess holds neither variant, and the same yellows, since the guess holds
 * neither letter in which their letter counts differ). So a guess holding t variants leaves at least
 * k - t members in one part. If no word legal under the state holds more than T variants, none legal
 * anywhere below it does either (states only get stricter), so a cluster of k answers needs
 * 1 + ceil((k - 1) / T) guesses: k <= 1 + (r - 1) T is necessary to finish within r. A set is no easier
 * than any subset of it (a strategy for the set plays the subset too), so the set needs as many. */
#pragma once

#include "search.h"

G_BEGIN_DECLS

/* A cluster found in a set: its size there, its variant letters (one per member) and the most of
 * them one legal word holds. */
#define HS_CLUSTER_MAX HS_MAX_LETTERS /* members differ in one letter */

typedef struct {
  HsLetters v;                 /* variant letters (one per member) */
  guint8 pos;                  /* the position where the members differ */
  guint8 k;                    /* members in the set */
  guint8 t;                    /* most variants one legal word holds (after hs_bound_measure) */
  guint16 mem[HS_CLUSTER_MAX]; /* the members (answer indices), in the order of their variants */
} HsCluster;

/* Clusters a search node keeps to reject guesses before splitting its set (hs_bound_rejects). */
#define HS_BOUND_KEEP 16

/* Which answers form clusters (per position, the answers equal at the other four), and scratch.
 * Read-only tables plus scratch: one per thread. */
typedef struct HsBound HsBound;

HsBound *hs_bound_new(const HsSearchCore *c);
void hs_bound_free(HsBound *b);

/* Writes to OUT (at most MAX, the largest first, ties by position and first member) the clusters of
 * S[0..n) (answer indices) with at least MIN_K members in S; returns their count. */
guint hs_bound_find(HsBound *b, const guint16 *S, guint n, guint min_k, HsCluster *out, guint max);

/* A state as the cluster tests read it: the state, which positions have their letter fixed, and per k
 * the letters fixed at k + 1 positions or more (hs_bound_state). A node makes it once for all its
 * guesses. */
typedef struct {
  HsState st;
  guint fixed_at;               /* bit i: position i's letter is fixed (a green) */
  HsLetters greens[HS_MAX_LEN]; /* greens[k]: letters fixed at k + 1 positions or more */
  HsLetters fixed;              /* fixed letters: greens and required letters */
  guint free;                   /* positions whose letter is not fixed */
} HsBoundState;

/* Makes BS from ST. */
void hs_bound_state(const HsBound *b, const HsState *st, HsBoundState *bs);

/* Sets t of each of CL[0..m): the most variants any word of the bitset POOL holds. With BS (may be
 * NULL) the pool's words are legal under its state: the scan then stops once a word holds as many
 * variants as the state leaves room for (hs_bound_slots), the same t sooner. */
void hs_bound_measure(const HsBound *b, const guint64 *pool, const HsBoundState *bs, HsCluster *cl, guint m);

/* hs_bound_measure with every word legal and no state (normal mode: --rules none keeps none): then
 * t depends on the variants alone, and B remembers it for each variant set it has measured. */
void hs_bound_measure_free(HsBound *b, HsCluster *cl, guint m);
/* For the tests: B remembers the t of at most 2^BITS / 2 variant sets (then forgets them all) from
 * now on, and how many times it has forgotten them since. */
void hs_bound_free_slots(HsBound *b, guint bits);
guint hs_bound_free_forgot(const HsBound *b);

/* Fewest guesses a cluster of K members needs when no legal word holds more than T variants (with
 * T = 0 no member can even be guessed: G_MAXUINT). */
static inline guint
hs_cluster_need(guint k, guint t)
{
  if (k == 0)
    return 0;
  if (t == 0)
    return G_MAXUINT;
  return 1 + (k - 1 + t - 1) / t;
}

/* hs_bound_measure over the words WORDS[0..n) instead of a bitset: a pool that keeps one word per class
 * of words alike on the set's letters measures the same (alike words hold the same variants). */
void hs_bound_measure_words(const HsBound *b, const guint32 *words, guint n, const HsBoundState *bs, HsCluster *cl,
                            guint m);

/* TRUE when the set the clusters CL[0..m) were measured in cannot be solved within R guesses. */
gboolean hs_bound_refutes(const HsCluster *cl, guint m, guint r);

/* TRUE when guessing W (a word of the measured pool) leaves some cluster of CL[0..m) with more
 * members than R - 1 guesses can separate: W cannot be the first guess of a solution within R. With
 * BS (the state the clusters were measured under; may be NULL), the members W leaves together are
 * also measured under the state W's feedback makes: with the letters it fixes, a legal word has few
 * places left for variants (hs_bound_slots_after). */
gboolean hs_bound_rejects(const HsBound *b, const HsCluster *cl, guint m, guint w, guint r, const HsBoundState *bs);

/* hs_bound_slots of the state BS becomes after guess W gets answer A's feedback, for letters V that W
 * does not hold: under nyt rules counted from BS and the two words, without the feedback or the child
 * state; otherwise by making them. */
guint hs_bound_slots_after(const HsBound *b, const HsBoundState *bs, guint w, guint a, HsLetters v);

/* The most letters of V any word legal under ST can hold, read off the state: letters it must hold
 * (greens, revealed letters) plus one per position they leave free. */
guint hs_bound_slots(const HsState *st, HsLetters v, guint length);

G_END_DECLS
