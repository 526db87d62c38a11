/* hardsix — how one guess splits a set of answers, in numbers: entropy of the pattern in bits,
 * expected answers left, largest part, number of parts; and openers ranked by their first split of
 * all answers (the rank command). Greedy's entropy and expected metrics use these same sums.
 *
 * Sums of n log2 n are kept in fixed point (HS_SPLIT_ONE units per bit) so that they add exactly: two
 * splits with the same part sizes have the same sum whatever the order of their parts, and so do two
 * splits of equal entropy with different part sizes (n log2 n is built from log2 of n's prime factors,
 * each rounded once): equal entropies tie, and the tie order decides. */
#pragma once

#include <glib.h>
#include "hardsix/core/feedback.h"
#include "hardsix/core/words.h"

G_BEGIN_DECLS

/* One bit in the fixed-point sums of n log2 n. Sets of up to 65,535 answers fit in 64 bits. */
#define HS_SPLIT_ONE ((double)(G_GUINT64_CONSTANT(1) << 40))

/* The split of N answers by one guess. */
typedef struct {
  guint32 word;      /* the guess */
  guint n;           /* answers split */
  guint max_part;    /* answers in the largest part */
  guint n_parts;     /* non-empty parts */
  guint64 sum_sq;    /* sum of squared part sizes */
  guint64 sum_nlogn; /* sum of n log2 n over the parts, fixed point */
} HsSplit;

/* n log2 n in fixed point (0 for n <= 1; exactly n k HS_SPLIT_ONE for n = 2^k). Thread-safe. */
guint64 hs_split_nlogn(guint n);

/* A new table of hs_split_nlogn(n) for n = 0 .. N_MAX (free with g_free). */
guint64 *hs_split_nlogn_table(guint n_max);

/* Entropy of the pattern in bits: log2 N - sum(n log2 n) / N = -sum p log2 p over non-empty parts. */
double hs_split_entropy(const HsSplit *s);

/* Expected answers left: sum n^2 / N. */
double hs_split_expected(const HsSplit *s);

/* Splits the answers S[0..n) (S NULL: answers 0 .. n - 1) by the guess WORD whose feedback row is ROW
 * (ROW[a] is the pattern of answer a) and fills OUT. COUNTS is HS_PATTERNS entries of scratch, all
 * zero before and after. */
void hs_split_score(guint32 word, const HsPat *row, const guint32 *S, guint n, guint16 *counts, HsSplit *out);

/* What openers are ranked by; each has its own direction (entropy: higher first; the others: lower
 * first, except buckets: more first). */
typedef enum {
  HS_SPLIT_BY_ENTROPY,
  HS_SPLIT_BY_EXPECTED,
  HS_SPLIT_BY_MAXBUCKET,
  HS_SPLIT_BY_BUCKETS,
} HsSplitBy;

#define HS_SPLIT_ERROR (hs_split_error_quark())
GQuark hs_split_error_quark(void);
typedef enum { HS_SPLIT_ERROR_UNKNOWN_NAME } HsSplitError;

/* "entropy", "expected", "maxbucket", "buckets"; anything else fails with HS_SPLIT_ERROR_UNKNOWN_NAME. */
gboolean hs_split_by_parse(const char *text, HsSplitBy *out, GError **error);
const char *hs_split_by_name(HsSplitBy by);

/* Negative when A comes before B under BY: the better score first, then the earlier word in
 * canonical order (a total order: distinct words never tie). */
int hs_split_compare(const HsSplit *a, const HsSplit *b, HsSplitBy by);

/* Scores each of OPENERS[0..n) on all answers of TABLE's words (in parallel; the result is the same
 * for any thread count) and writes them to OUT sorted by BY (hs_split_compare). The table must hold
 * or compute the openers' rows (hs_table_row). */
void hs_split_rank(const HsTable *table, const guint32 *openers, guint n, HsSplitBy by, HsSplit *out);

G_END_DECLS
