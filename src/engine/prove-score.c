/* hardsix — how the prover scores and orders a node's pool: max buckets (from the parent's sub-table,
 * the transposed feedback table or the rows), the sub-table a node keeps, the prover's guess order and
 * the reordering by trouble sets (see prove-private.h). */
#include "prove-private.h"

#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Largest part of S under ROW, or some value >= BOUND as soon as it reaches BOUND. */
guint
hs_prove_max_bucket(HsProver *P, const HsPat *row, const guint16 *S, guint n, guint bound)
{
  guint16 *cnt = P->cnt;
  guint best = 0, i = 0;
  for (; i < n; i++) {
    guint c = ++cnt[row[S[i]]];
    if (c > best && (best = c) >= bound) {
      i++;
      break;
    }
  }
  for (guint j = 0; j < i; j++)
    cnt[row[S[j]]] = 0;
  return best;
}

/* OUT[i] = SRC[COLS[i]] for i < N: a row of the parent's sub-table restricted to a subset. */
static inline void
gather_row(HsPat *restrict out, const HsPat *restrict src, const guint16 *restrict cols, guint n)
{
#pragma GCC unroll 4
  for (guint i = 0; i < n; i++)
    out[i] = src[cols[i]];
}

/* Rows of at most this many answers are counted answer by answer (gather_score_row); longer ones in
 * one sweep of the counters (byte_row_score), which costs the same whatever the row. */
#define SHORT_ROW 32

/* gather_row and byte_row_score at once, for a row of N <= SHORT_ROW answers: each pattern counted as
 * it is gathered (C8 as for byte_row_score), the counters it touched zeroed after. */
static inline guint
gather_score_row(HsPat *restrict out, const HsPat *restrict src, const guint16 *restrict cols, guint n,
                 guint8 *restrict c8, guint *distinct)
{
  guint mb = 0, d = 0;
  for (guint i = 0; i < n; i++) {
    const HsPat p = src[cols[i]];
    out[i] = p;
    const guint c = ++c8[p];
    d += c == 1;
    mb = MAX(mb, c);
  }
  for (guint i = 0; i < n; i++)
    c8[out[i]] = 0;
  *distinct = d;
  return mb;
}

/* The largest part of the row ROW[0..N) (N <= 255, patterns below 256), and into *DISTINCT its number
 * of parts. C8 is 512 byte counters (16-byte aligned), zero before and after. The counts are read back
 * in one sweep of all 256 counters, 16 at a time, rather than tracked answer by answer (a chain of
 * dependent increments). */
static inline guint
byte_row_score(const HsPat *restrict row, guint n, guint8 *restrict c8, guint *distinct)
{
#if defined(__SSE2__)
  /* Two sets of counters (even and odd answers) halve the chains of increments of one counter. */
  guint8 *c8b = c8 + 256;
  guint i = 0;
  for (; i + 1 < n; i += 2) {
    c8[row[i]]++;
    c8b[row[i + 1]]++;
  }
  if (i < n)
    c8[row[i]]++;
  const __m128i zero = _mm_setzero_si128();
  __m128i vmax = zero, vnon0 = zero;
  for (guint k = 0; k < 256; k += 16) {
    const __m128i v = _mm_add_epi8(_mm_load_si128((const __m128i *)(const void *)(c8 + k)),
                                   _mm_load_si128((const __m128i *)(const void *)(c8b + k)));
    vmax = _mm_max_epu8(vmax, v);
    vnon0 = _mm_sub_epi8(vnon0, _mm_andnot_si128(_mm_cmpeq_epi8(v, zero), _mm_set1_epi8(-1)));
    _mm_store_si128((__m128i *)(void *)(c8 + k), zero);
    _mm_store_si128((__m128i *)(void *)(c8b + k), zero);
  }
  vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 8));
  vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 4));
  vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 2));
  vmax = _mm_max_epu8(vmax, _mm_srli_si128(vmax, 1));
  const __m128i sums = _mm_sad_epu8(vnon0, zero);
  *distinct = (guint)(_mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4));
  return (guint)(_mm_cvtsi128_si32(vmax) & 0xff);
#else
  for (guint i = 0; i < n; i++)
    c8[row[i]]++;
  guint mb = 0, d = 0;
  for (guint k = 0; k < 256; k++) {
    mb = MAX(mb, c8[k]);
    d += c8[k] != 0;
  }
  memset(c8, 0, 256);
  *distinct = d;
  return mb;
#endif
}

/* byte_row_score for rows longer than 255 answers (N < 32768): 16-bit counters C16 (512 of them,
 * 16-byte aligned, zero before and after), read back 8 at a time. */
static inline guint
word_row_score(const HsPat *restrict row, guint n, guint16 *restrict c16, guint *distinct)
{
  guint16 *c16b = c16 + 256;
  guint i = 0;
  for (; i + 1 < n; i += 2) {
    c16[row[i]]++;
    c16b[row[i + 1]]++;
  }
  if (i < n)
    c16[row[i]]++;
#if defined(__SSE2__)
  const __m128i zero = _mm_setzero_si128();
  __m128i vmax = zero, vnon0 = zero;
  for (guint k = 0; k < 256; k += 8) {
    const __m128i v = _mm_add_epi16(_mm_load_si128((const __m128i *)(const void *)(c16 + k)),
                                    _mm_load_si128((const __m128i *)(const void *)(c16b + k)));
    vmax = _mm_max_epi16(vmax, v);
    vnon0 = _mm_sub_epi16(vnon0, _mm_andnot_si128(_mm_cmpeq_epi16(v, zero), _mm_set1_epi16(-1)));
    _mm_store_si128((__m128i *)(void *)(c16 + k), zero);
    _mm_store_si128((__m128i *)(void *)(c16b + k), zero);
  }
  vmax = _mm_max_epi16(vmax, _mm_srli_si128(vmax, 8));
  vmax = _mm_max_epi16(vmax, _mm_srli_si128(vmax, 4));
  vmax = _mm_max_epi16(vmax, _mm_srli_si128(vmax, 2));
  vnon0 = _mm_add_epi16(vnon0, _mm_srli_si128(vnon0, 8));
  vnon0 = _mm_add_epi16(vnon0, _mm_srli_si128(vnon0, 4));
  vnon0 = _mm_add_epi16(vnon0, _mm_srli_si128(vnon0, 2));
  *distinct = (guint)(_mm_cvtsi128_si32(vnon0) & 0xffff);
  return (guint)(_mm_cvtsi128_si32(vmax) & 0xffff);
#else
  guint mb = 0, d = 0;
  for (guint k = 0; k < 256; k++) {
    const guint v = (guint)c16[k] + c16b[k];
    mb = MAX(mb, v);
    d += v != 0;
    c16[k] = c16b[k] = 0;
  }
  *distinct = d;
  return mb;
#endif
}

#if defined(HS_WIDE) && HS_WIDE
/* The wide build's games of more than 256 patterns: the parts of ROW[0..N) counted answer by answer
 * in CNT (HS_PATTERNS counters, zero before and after). */
static guint
wide_row_score(const HsPat *restrict row, guint n, guint16 *restrict cnt, guint *distinct)
{
  guint mb = 0, d = 0;
  for (guint i = 0; i < n; i++) {
    const guint c = ++cnt[row[i]];
    d += c == 1;
    mb = MAX(mb, c);
  }
  for (guint i = 0; i < n; i++)
    cnt[row[i]] = 0;
  *distinct = d;
  return mb;
}
/* The scores of a row of at most 255 answers, and of a longer one (see byte_row_score). */
#define SMALL_ROW_SCORE(P, row, n, d)                                                                                  \
  ((P)->n_pats <= 256 ? byte_row_score(row, n, (P)->cnt8, d) : wide_row_score(row, n, (P)->cnt, d))
#define LARGE_ROW_SCORE(P, row, n, d)                                                                                  \
  ((P)->n_pats <= 256 ? word_row_score(row, n, (P)->cnt16, d) : wide_row_score(row, n, (P)->cnt, d))
#else
#define SMALL_ROW_SCORE(P, row, n, d) byte_row_score(row, n, (P)->cnt8, d)
#define LARGE_ROW_SCORE(P, row, n, d) word_row_score(row, n, (P)->cnt16, d)
#endif

/* OUT[i] = SRC[COLS[i]] for i < N, and the largest part of that row (*DISTINCT: its parts): answer by
 * answer for a short row, else in one sweep of the counters. */
static inline guint
gather_and_score(HsProver *P, HsPat *restrict out, const HsPat *restrict src, const guint16 *restrict cols, guint n,
                 guint *distinct)
{
  if (n <= SHORT_ROW && P->n_pats <= 256)
    return gather_score_row(out, src, cols, n, P->cnt8, distinct);
  gather_row(out, src, cols, n);
  return n <= 255 ? SMALL_ROW_SCORE(P, out, n, distinct) : LARGE_ROW_SCORE(P, out, n, distinct);
}

/* Scores the pool positions IDX[0..M) of level L on S: max bucket into L->score[j]. With SUB the
 * rows are also kept in the sub-table; with COLS (not NULL) they are read from the parent PL's
 * sub-table instead of the feedback table. Returns the most parts any of them makes of S. */
guint
hs_prove_score_positions(HsProver *P, Level *L, const Level *PL, const guint16 *S, guint n, const guint32 *idx, guint m,
                         gboolean sub, const guint16 *cols)
{
  guint max_distinct = 0;
  /* Every pool word's row wanted in the sub-table: computed at once from the answers' letters
   * (hs_table_fill_sub, as the optimiser's own sub-tables are), which costs less than reading them:
   * gathered from the table's rows, a set of a few hundred answers reads most of every row (12,947
   * bytes on nyt2022-all); filled column by column from the transposed table, the columns are read
   * from memory too, and that table is a second copy of the feedback table (both measured slower
   * beside other jobs, docs/RESULTS.md §5.2). */
  const gboolean filled = cols == NULL && sub && m == L->n_legal;
  if (filled)
    hs_table_fill_sub(P->table, L->legal, m, S, n, L->sub);
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    HsPat *out = sub ? L->sub + (gsize)j * n : P->row_buf;
    guint mb = 0, distinct = 0;
    if (cols != NULL) {
      mb = gather_and_score(P, out, PL->sub + (gsize)L->pidx[j] * PL->sub_n, cols, n, &distinct);
      L->score[j] = (guint16)mb;
      L->dist[j] = (HsPat)distinct;
      max_distinct = MAX(max_distinct, distinct);
      continue;
    } else if (filled) {
      /* The row is already in the sub-table. */
      if (n <= BYTE_ROWS_MAX) {
        mb = SMALL_ROW_SCORE(P, out, n, &distinct);
        L->score[j] = (guint16)mb;
        L->dist[j] = (HsPat)distinct;
        max_distinct = MAX(max_distinct, distinct);
        continue;
      }
      mb = LARGE_ROW_SCORE(P, out, n, &distinct);
    } else {
      const HsPat *row = P->rows[L->legal[j]];
      for (guint i = 0; i < n; i++)
        out[i] = row[S[i]];
      mb = n <= 255 ? SMALL_ROW_SCORE(P, out, n, &distinct) : LARGE_ROW_SCORE(P, out, n, &distinct);
    }
    L->score[j] = (guint16)mb;
    L->dist[j] = (HsPat)MIN(distinct, (guint)DIST_MAX);
    max_distinct = MAX(max_distinct, distinct);
  }
  return max_distinct;
}

void
hs_prove_rank_by_parts(Level *L)
{
  guint count[DIST_MAX + 2];
  memset(count, 0, sizeof count);
  for (guint j = 0; j < L->n_legal; j++)
    count[L->dist[j]]++;
  /* n_ge[d]: positions with at least d parts; by_parts: positions, most parts first. */
  guint total = 0;
  for (gint d = DIST_MAX; d >= 0; d--) {
    total += count[d];
    L->n_ge[d] = total;
    count[d] = total - count[d]; /* where the positions with exactly d parts start */
  }
  L->n_ge[DIST_MAX + 1] = 0;
  for (guint j = 0; j < L->n_legal; j++)
    L->by_parts[count[L->dist[j]]++] = j;
}

/* Like score_positions without a sub-table, but a word stops being scored as soon as one of its parts
 * exceeds BOUND; its score is then DEFERRED (it comes after every word scored here). */
void
hs_prove_score_bounded(HsProver *P, Level *L, const guint16 *S, guint n, const guint32 *idx, guint m, guint bound)
{
  guint16 *cnt = P->cnt;
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    const HsPat *row = P->rows[L->legal[j]];
    guint mb = 0, i = 0;
    for (; i < n; i++) {
      guint c = ++cnt[row[S[i]]];
      if (c > mb && (mb = c) > bound) {
        i++;
        break;
      }
    }
    for (guint t = 0; t < i; t++)
      cnt[row[S[t]]] = 0;
    L->score[j] = mb > bound ? DEFERRED : (guint16)mb;
  }
}

/* Writes the positions IDX[0..M) whose score is at most CAP and whose word is not SKIP to OUT, in the
 * order they are tried: max bucket, then candidates (P->mark) first, then canonical. Returns their
 * count. OUT may not alias IDX. */
guint
hs_prove_order_positions(HsProver *P, Level *L, guint n, const guint32 *idx, guint m, guint cap, guint32 skip,
                         guint32 *out)
{
  const guint n_keys = 2 * n + 2;
  guint32 *bucket = L->bucket;
  memset(bucket, 0, n_keys * sizeof(guint32));
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    if (L->score[j] <= cap && L->legal[j] != skip)
      bucket[hs_rank_class(L->score[j], P->mark[L->legal[j]])]++;
  }
  guint total = 0;
  for (guint k = 0; k < n_keys; k++) {
    guint c = bucket[k];
    bucket[k] = total;
    total += c;
  }
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    if (L->score[j] <= cap && L->legal[j] != skip)
      out[bucket[hs_rank_class(L->score[j], P->mark[L->legal[j]])]++] = j;
  }
  return total;
}

/* Reorders the positions ORDER[0..M) (stable) by the largest part they make of the trouble set: the
 * answers of the parts that made earlier guesses fail (a subset of the node's set S of N answers).
 * Each row is read at the trouble set's columns in canonical order, from the node's sub-table when it
 * holds the rows (L->sub_ok), gathered and counted as score_positions counts a row. */
void
hs_prove_reorder_by_trouble(HsProver *P, Level *L, const guint16 *S, guint n, guint32 *order, guint m)
{
  guint32 *tmp = L->idx;
  guint16 *col = L->tidx;
  guint nt = 0;
  for (guint i = 0; i < n; i++)
    if (L->tmark[S[i]])
      col[nt++] = (guint16)(L->sub_ok ? i : S[i]);
  guint *bucket = L->bucket;
  memset(bucket, 0, (nt + 2) * sizeof *bucket);
  HsPat *buf = P->row_buf;
  for (guint k = 0; k < m; k++) {
    const guint j = order[k];
    const HsPat *row = L->sub_ok ? L->sub + (gsize)j * n : P->rows[L->legal[j]];
    guint distinct;
    const guint mb = gather_and_score(P, buf, row, col, nt, &distinct);
    L->score[j] = (guint16)mb; /* the max bucket on S is not needed any more */
    bucket[mb + 1]++;
  }
  for (guint t = 1; t <= nt + 1; t++)
    bucket[t] += bucket[t - 1];
  for (guint k = 0; k < m; k++)
    tmp[bucket[L->score[order[k]]]++] = order[k];
  memcpy(order, tmp, m * sizeof *order);
}
