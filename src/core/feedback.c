/* hardsix — the feedback table: a data-parallel formulation of the two-pass rule (pattern.c), built
 * across answers in SIMD lanes and threads. */
#include "hardsix/core/feedback.h"
#include "hardsix/util/bigmem.h"
#include "hardsix/util/escape.h"

#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

G_DEFINE_QUARK(hs_pattern_error_quark, hs_pattern_error)

/* Code slots per position in the letter tables: every letter code and HS_PAD. */
#define CODES (HS_PAD + 1)

/* ---- the table ---- */

struct HsTable {
  const HsWords *words;
  guint n_rows; /* rows stored: n_words or n_answers */
  guint n_answers;
  HsPat *cells;                /* n_rows * n_answers */
  HsPat *columns;              /* n_answers * n_answers transposed answer block, or NULL */
  guint8 *letters[HS_MAX_LEN]; /* answers' letter codes by position, padded to a multiple of 64 */
  HsPat *tiles;                /* [(i * CODES + c) * n_padded + k]: pow3[i] * tile of letter c at i against answer k */
  HsPat *once;                 /* [c * n_padded + k]: all ones when answer k holds letter c exactly once, else 0 */
  guint n_padded;
  GMutex lazy;      /* guards the first build of by_answer */
  HsPat *by_answer; /* the whole table transposed (built on first use; read atomically), or NULL */
};

/* What a row is computed from: per answer lane k, the answers' letters, tiles and single-letter marks
 * (as in HsTable, with NP lanes per array): the table's answers, or a set of them gathered. */
typedef struct {
  const guint8 *letters[HS_MAX_LEN];
  const HsPat *tiles, *once;
  gsize np;
  HsPat w3[HS_MAX_LEN]; /* the pattern weight of each position (the words' pow3) */
#if defined(HS_WIDE) && HS_WIDE
  guint codes; /* code slots per position in tiles and once: CODES, or the game's letters and the
                  padding in a gathered set (hs_table_fill_sub); the last one is the padding's, all zero */
#endif
} Lanes;

static void
lanes_weights(Lanes *l, const HsWords *w)
{
  for (int i = 0; i < HS_MAX_LEN; i++)
    l->w3[i] = (HsPat)w->pow3[i];
}

static Lanes
table_lanes(const HsTable *t)
{
#if !(defined(HS_WIDE) && HS_WIDE)
  Lanes l = {
    { t->letters[0], t->letters[1], t->letters[2], t->letters[3], t->letters[4] }, t->tiles, t->once, t->n_padded, { 0 }
  };
#else
  Lanes l = { { NULL }, t->tiles, t->once, t->n_padded, { 0 }, CODES };
  for (int i = 0; i < HS_MAX_LEN; i++)
    l.letters[i] = t->letters[i];
#endif
  lanes_weights(&l, t->words);
  return l;
}

/* How a guess's row is computed (see fill_range). */
typedef struct {
  guint32 off[HS_MAX_LEN]; /* its letter c at position i: the tiles at (i * CODES + c) * n_padded */
  guint8 n_pairs;          /* letters it holds twice */
  guint8 general;          /* it holds a letter three times or more: compute_range */
  /* Each letter held twice (at most HS_MAX_LEN / 2 of them: two in five letters, four in eight), the
   * position of its second copy, and pow3 of the first copy's position and of the second's. */
  guint8 pair_c[HS_MAX_LEN / 2], pair_j[HS_MAX_LEN / 2];
  HsPat pair_pi[HS_MAX_LEN / 2], pair_pj[HS_MAX_LEN / 2];
#if defined(HS_WIDE) && HS_WIDE
  guint8 long_guess; /* it has a letter past its fifth */
#endif
} RowPlan;

/* One guess row over the answers [K0, K1) into ROW[0 .. K1 - K0) (the general rule, for any guess). The rule restated per position so that it runs in SIMD lanes over
 * answers: tile i is green if g[i] == a[i]; otherwise yellow when the answer's non-green copies of
 * g[i] outnumber the guess's earlier non-green copies of g[i]. */
#if !(defined(HS_WIDE) && HS_WIDE)
static void
compute_range(const Lanes *t, const guint8 *g, gsize k0, gsize k1, HsPat *row)
{
  const guint8 *restrict a0 = t->letters[0], *restrict a1 = t->letters[1], *restrict a2 = t->letters[2],
                         *restrict a3 = t->letters[3], *restrict a4 = t->letters[4];
  /* same[i][j] (j < i): guess letters i and j are equal. */
  guint8 same[HS_MAX_LEN][HS_MAX_LEN] = { { 0 } };
  for (int i = 0; i < HS_MAX_LEN; i++)
    for (int j = 0; j < i; j++)
      same[i][j] = g[i] == g[j];
  const guint8 g0 = g[0], g1 = g[1], g2 = g[2], g3 = g[3], g4 = g[4];
  const guint8 s10 = same[1][0], s20 = same[2][0], s21 = same[2][1], s30 = same[3][0], s31 = same[3][1],
               s32 = same[3][2], s40 = same[4][0], s41 = same[4][1], s42 = same[4][2], s43 = same[4][3];
  const guint8 w0 = t->w3[0], w1 = t->w3[1], w2 = t->w3[2], w3 = t->w3[3], w4 = t->w3[4];
  /* Padding is never green: where the guess is padded, "not green" is forced (a padded answer position
   * is then counted as a copy of the padding, which no real letter matches; the guess's own padding
   * only weighs 0 or matches that count, so a tile past a short guess is grey, worth nothing). */
  const guint8 p0 = g0 == HS_PAD, p1 = g1 == HS_PAD, p2 = g2 == HS_PAD, p3 = g3 == HS_PAD, p4 = g4 == HS_PAD;
  /* Everything below is 8-bit lane arithmetic without branches, so the loop vectorises. */
#pragma omp simd
  for (gsize k = k0; k < k1; k++) {
    const guint8 b0 = a0[k], b1 = a1[k], b2 = a2[k], b3 = a3[k], b4 = a4[k];
    const guint8 n0 = (g0 != b0) | p0, n1 = (g1 != b1) | p1, n2 = (g2 != b2) | p2, n3 = (g3 != b3) | p3,
                 n4 = (g4 != b4) | p4; /* not green */
#define HS_IN_ANSWER(c)                                                                                                \
  (guint8)(((c) == b0) * n0 + ((c) == b1) * n1 + ((c) == b2) * n2 + ((c) == b3) * n3 + ((c) == b4) * n4)
    const guint8 y0 = n0 & !p0 & (HS_IN_ANSWER(g0) > 0);
    const guint8 y1 = n1 & !p1 & (HS_IN_ANSWER(g1) > (guint8)(s10 * n0));
    const guint8 y2 = n2 & !p2 & (HS_IN_ANSWER(g2) > (guint8)(s20 * n0 + s21 * n1));
    const guint8 y3 = n3 & !p3 & (HS_IN_ANSWER(g3) > (guint8)(s30 * n0 + s31 * n1 + s32 * n2));
    const guint8 y4 = n4 & !p4 & (HS_IN_ANSWER(g4) > (guint8)(s40 * n0 + s41 * n1 + s42 * n2 + s43 * n3));
#undef HS_IN_ANSWER
    row[k - k0] = (guint8)(w0 * (2 - 2 * n0 + y0) + w1 * (2 - 2 * n1 + y1) + w2 * (2 - 2 * n2 + y2) +
                           w3 * (2 - 2 * n3 + y3) + w4 * (2 - 2 * n4 + y4));
  }
}
#else
/* The wide build: the same rule over its HS_MAX_LEN positions in 16-bit lanes (only guesses holding a
 * letter three times or more come here). */
static void
compute_range(const Lanes *t, const guint8 *g, gsize k0, gsize k1, HsPat *row)
{
  guint8 same[HS_MAX_LEN][HS_MAX_LEN] = { { 0 } }, pad[HS_MAX_LEN];
  for (int i = 0; i < HS_MAX_LEN; i++) {
    pad[i] = g[i] == HS_PAD;
    for (int j = 0; j < i; j++)
      same[i][j] = g[i] == g[j];
  }
  for (gsize k = k0; k < k1; k++) {
    guint8 b[HS_MAX_LEN], n[HS_MAX_LEN];
    for (int i = 0; i < HS_MAX_LEN; i++) {
      b[i] = t->letters[i][k];
      n[i] = (g[i] != b[i]) | pad[i]; /* not green */
    }
    guint p = 0;
    for (int i = 0; i < HS_MAX_LEN; i++) {
      guint in_answer = 0, before = 0;
      for (int j = 0; j < HS_MAX_LEN; j++)
        in_answer += (g[i] == b[j]) * n[j];
      for (int j = 0; j < i; j++)
        before += same[i][j] * n[j];
      const guint y = n[i] & !pad[i] & (in_answer > before);
      p += t->w3[i] * (2 - 2 * n[i] + y);
    }
    row[k - k0] = (HsPat)p;
  }
}
#endif

/* The same rule per letter: the tile of a guess letter c at position i against answer a is 2 when a
 * holds c at i, else 1 when a holds c anywhere, else 0, as long as the guess holds c once (a copy of c
 * elsewhere in a cannot be green, so nothing else consumes it). So the pattern is the sum over
 * positions of t->tiles, read at the guess's letters. A letter c the guess holds twice (at i < j)
 * is shown one tile too many against an answer holding c exactly once: the copy at j is grey instead
 * (when the answer's c is green at j, the copy at i): less pow3[j] (pow3[i]). Three copies: the general
 * rule. */
#if !(defined(HS_WIDE) && HS_WIDE)
static void
plan_row(const Lanes *t, const guint8 *g, RowPlan *rp)
{
  guint8 count[CODES] = { 0 }, first[CODES] = { 0 };
  memset(rp, 0, sizeof *rp);
  for (int i = 0; i < HS_MAX_LEN; i++) {
    const guint c = g[i];
    rp->off[i] = (guint32)((i * CODES + c) * t->np); /* the padding's tiles are all zero */
    if (c == HS_PAD)
      continue;
    if (count[c] == 0)
      first[c] = (guint8)i;
    else if (count[c] == 1 && rp->n_pairs < HS_MAX_LEN / 2) {
      const guint8 d = rp->n_pairs++;
      rp->pair_c[d] = (guint8)c;
      rp->pair_j[d] = (guint8)i;
      rp->pair_pi[d] = t->w3[first[c]];
      rp->pair_pj[d] = t->w3[i];
    }
    if (++count[c] >= 3)
      rp->general = 1;
  }
}
#else
/* The wide build: copies are found by looking back over at most seven positions (no table over its
 * 256 codes to clear for every row); the padding reads the lanes' last slot. */
static void
plan_row(const Lanes *t, const guint8 *g, RowPlan *rp)
{
  memset(rp, 0, sizeof *rp);
  for (int i = 0; i < HS_MAX_LEN; i++) {
    const guint c = g[i];
    rp->off[i] = (guint32)((i * t->codes + MIN(c, t->codes - 1)) * t->np);
    if (c == HS_PAD)
      continue;
    rp->long_guess |= i >= 5;
    int first = -1, before = 0;
    for (int j = 0; j < i; j++)
      if (g[j] == c) {
        first = first < 0 ? j : first;
        before++;
      }
    if (before == 1 && rp->n_pairs < HS_MAX_LEN / 2) {
      const guint8 d = rp->n_pairs++;
      rp->pair_c[d] = (guint8)c;
      rp->pair_j[d] = (guint8)i;
      rp->pair_pi[d] = t->w3[first];
      rp->pair_pj[d] = t->w3[i];
    }
    if (before >= 2)
      rp->general = 1;
  }
}
#endif

/* The row planned by RP over the lanes [K0, K1) into ROW[0 .. K1 - K0); K1 at most the lanes' np. */
static void
fill_range(const Lanes *t, const guint8 *g, const RowPlan *rp, gsize k0, gsize k1, HsPat *row)
{
  if (rp->general) {
    compute_range(t, g, k0, k1, row);
    return;
  }
#if !(defined(HS_WIDE) && HS_WIDE)
  const guint8 *restrict t0 = t->tiles + rp->off[0], *restrict t1 = t->tiles + rp->off[1],
                         *restrict t2 = t->tiles + rp->off[2], *restrict t3 = t->tiles + rp->off[3],
                         *restrict t4 = t->tiles + rp->off[4];
  guint8 *restrict out = row - k0;
#pragma omp simd
  for (gsize k = k0; k < k1; k++)
    out[k] = (guint8)(t0[k] + t1[k] + t2[k] + t3[k] + t4[k]);
#else
  /* Five positions, or all eight for a guess with a letter past the fifth: past its end a guess
   * reads the padding's tiles, all zero. */
  G_STATIC_ASSERT(HS_MAX_LEN == 8);
  const HsPat *restrict t0 = t->tiles + rp->off[0], *restrict t1 = t->tiles + rp->off[1],
                        *restrict t2 = t->tiles + rp->off[2], *restrict t3 = t->tiles + rp->off[3],
                        *restrict t4 = t->tiles + rp->off[4];
  HsPat *restrict out = row - k0;
  if (!rp->long_guess) {
#pragma omp simd
    for (gsize k = k0; k < k1; k++)
      out[k] = (HsPat)(t0[k] + t1[k] + t2[k] + t3[k] + t4[k]);
  } else {
    const HsPat *restrict t5 = t->tiles + rp->off[5], *restrict t6 = t->tiles + rp->off[6],
                          *restrict t7 = t->tiles + rp->off[7];
#pragma omp simd
    for (gsize k = k0; k < k1; k++)
      out[k] = (HsPat)(t0[k] + t1[k] + t2[k] + t3[k] + t4[k] + t5[k] + t6[k] + t7[k]);
  }
#endif
  for (guint d = 0; d < rp->n_pairs; d++) {
    const guint8 c = rp->pair_c[d];
    const HsPat pi = rp->pair_pi[d], pj = rp->pair_pj[d];
    const HsPat *restrict once = t->once + (gsize)c * t->np;
    const guint8 *restrict aj = t->letters[rp->pair_j[d]];
#pragma omp simd
    for (gsize k = k0; k < k1; k++) {
      const HsPat at_j = (HsPat) - (HsPat)(aj[k] == c); /* all ones when the answer's c is at j */
      out[k] = (HsPat)(out[k] - (once[k] & ((at_j & pi) | (~at_j & pj))));
    }
  }
}

/* Row of the guess with letter codes G over every answer into ROW (n_answers bytes). */
static void
fill_row(const HsTable *t, const guint8 *g, HsPat *row)
{
  const Lanes l = table_lanes(t);
  RowPlan rp;
  plan_row(&l, g, &rp);
  fill_range(&l, g, &rp, 0, t->n_answers, row);
}

/* The answers' letters, tiles and single letters (the padding's are computed with, never read). */
static void
fill_letters(HsTable *t)
{
  const HsWords *words = t->words;
  const gsize np = t->n_padded;
  for (int i = 0; i < HS_MAX_LEN; i++)
    for (guint k = 0; k < words->n_answers; k++)
      t->letters[i][k] = words->code[k][i];
  memset(t->tiles, 0, (gsize)HS_MAX_LEN * CODES * np * sizeof *t->tiles);
  memset(t->once, 0, CODES * np * sizeof *t->once);
  for (guint k = 0; k < words->n_answers; k++) {
    const guint8 *a = words->code[k];
    guint8 count[CODES] = { 0 };
    for (int i = 0; i < HS_MAX_LEN; i++)
      count[a[i]]++;
    for (guint c = 0; c < HS_PAD; c++) { /* the padding keeps its zero tiles */
      if (count[c] == 0)
        continue;
      t->once[c * np + k] = count[c] == 1 ? (HsPat)~0u : 0;
      for (int i = 0; i < HS_MAX_LEN; i++)
        t->tiles[(i * CODES + c) * np + k] = (HsPat)(words->pow3[i] * (1u + (a[i] == c)));
    }
  }
}

HsTable *
hs_table_new(const HsWords *words, gboolean all_guesses)
{
  return hs_table_new_full(words, all_guesses, FALSE);
}

guint64
hs_table_bytes(const HsWords *words, gboolean all_guesses, gboolean columns)
{
  guint64 a = words->n_answers, rows = all_guesses ? words->n_words : words->n_answers;
  guint64 padded = (a + 63) & ~(guint64)63;
  /* Each factor is below 2^32, so each product fits in 64 bits; the sum is checked. */
  guint64 cells = rows * a, cols = columns ? a * a : 0,
          letters = (HS_MAX_LEN + (HS_MAX_LEN * CODES + CODES) * sizeof(HsPat)) * padded;
  if (cells > G_MAXUINT64 - cols || cells + cols > G_MAXUINT64 / sizeof(HsPat) - letters)
    return G_MAXUINT64;
  guint64 total = (cells + cols) * sizeof(HsPat) + letters;
  return total > G_MAXSIZE ? G_MAXUINT64 : total;
}

/* Cells SRC[r * n + c] to DST[c * rows + r], for the whole block [R0, R1) x [C0, C1), one cell at a time. */
static void
transpose_cells(const HsPat *src, gsize rows, gsize n, gsize r0, gsize r1, gsize c0, gsize c1, HsPat *dst)
{
  for (gsize r = r0; r < r1; r++)
    for (gsize c = c0; c < c1; c++)
      dst[c * rows + r] = src[r * n + c];
}

/* Byte cells (the narrow build's) are transposed in SSE2 blocks. */
#if defined(__SSE2__) && !(defined(HS_WIDE) && HS_WIDE)
#define HS_TRANSPOSE_SSE2 1
#else
#define HS_TRANSPOSE_SSE2 0
#endif

#if HS_TRANSPOSE_SSE2
/* The 16 x 16 block of SRC at (R, C) transposed into DST. Four rounds of byte interleaving of
 * vectors 2i and 2i + 1 (low halves to i, high halves to i + 8) carry the cell of vector v, byte b to
 * vector rev(b), byte rev(v), where rev reverses the 4 bits: so row r is loaded into vector rev(r),
 * and vector rev(c) then holds column c. */
static inline void
transpose16(const guint8 *src, gsize rows, gsize n, gsize r, gsize c, guint8 *dst)
{
  static const guint8 rev[16] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };
  __m128i v[16], u[16];
  for (int i = 0; i < 16; i++)
    v[rev[i]] = _mm_loadu_si128((const __m128i *)(src + (r + i) * n + c));
  for (int round = 0; round < 4; round++) {
    for (int i = 0; i < 8; i++) {
      u[i] = _mm_unpacklo_epi8(v[2 * i], v[2 * i + 1]);
      u[i + 8] = _mm_unpackhi_epi8(v[2 * i], v[2 * i + 1]);
    }
    memcpy(v, u, sizeof v);
  }
  for (int i = 0; i < 16; i++)
    _mm_storeu_si128((__m128i *)(dst + (c + i) * rows + r), v[rev[i]]);
}
#endif

/* SRC (ROWS x N, row-major) transposed into DST (N x ROWS). In 16 x 16 blocks with SSE2, walking 64
 * columns (whole cache lines of SRC) down all rows at a time; the ragged edges cell by cell. */
static void
transpose(const HsPat *src, gsize rows, gsize n, HsPat *dst)
{
  gsize r16 = 0, c16 = 0;
#if HS_TRANSPOSE_SSE2
  r16 = rows / 16 * 16;
  c16 = n / 16 * 16;
  for (gsize c0 = 0; c0 < c16; c0 += 64)
    for (gsize r = 0; r < r16; r += 16)
      for (gsize c = c0; c < MIN(c0 + 64, c16); c += 16)
        transpose16(src, rows, n, r, c, dst);
#endif
  transpose_cells(src, rows, n, r16, rows, 0, n, dst);
  transpose_cells(src, rows, n, 0, r16, c16, n, dst);
}

/* Allocates the table's memory (g_try_malloc when TRY: NULL on failure). */
static HsTable *
table_alloc(const HsWords *words, gboolean all_guesses, gboolean columns, gboolean try)
{
  HsTable *t = g_new0(HsTable, 1);
  g_mutex_init(&t->lazy);
  t->words = words;
  t->n_answers = words->n_answers;
  t->n_rows = all_guesses ? words->n_words : words->n_answers;
  t->n_padded = (words->n_answers + 63) & ~63u;
  gsize cells = (gsize)t->n_rows * t->n_answers * sizeof(HsPat),
        cols = (gsize)t->n_answers * t->n_answers * sizeof(HsPat);
  gboolean ok = TRUE;
  for (int i = 0; i < HS_MAX_LEN; i++) {
    t->letters[i] = try ? g_try_malloc0(t->n_padded) : g_malloc0(t->n_padded);
    ok = ok && t->letters[i] != NULL;
  }
  const gsize tiles = ((gsize)HS_MAX_LEN * CODES * t->n_padded + 1) * sizeof(HsPat),
              once = (CODES * (gsize)t->n_padded + 1) * sizeof(HsPat);
  t->tiles = try ? g_try_malloc(tiles) : g_malloc(tiles);
  t->once = try ? g_try_malloc(once) : g_malloc(once);
  ok = ok && t->tiles != NULL && t->once != NULL;
  /* On huge pages (bigmem.h): a 30 MB table costs 15 page faults instead of 7,500, and its
   * transposition walks far fewer TLB entries. */
  t->cells = try ? hs_big_try_new(cells) : hs_big_new(cells);
  if (columns)
    t->columns = try ? g_try_malloc(MAX(cols, 1u)) : g_malloc(cols);
  if (!ok || (try && t->cells == NULL) || (columns && t->columns == NULL)) {
    hs_table_free(t);
    return NULL;
  }
  return t;
}

/* Fills the table: rows, then the transposed answer block when it has one. */
static HsTable *
table_fill(HsTable *t)
{
  const HsWords *words = t->words;
  fill_letters(t);
  gint64 rows = t->n_rows;
#pragma omp parallel for schedule(dynamic, 64)
  for (gint64 r = 0; r < rows; r++)
    fill_row(t, words->code[r], t->cells + (gsize)r * t->n_answers);
  if (t->columns != NULL)
    transpose(t->cells, t->n_answers, t->n_answers, t->columns); /* the answer rows' block */
  return t;
}

HsTable *
hs_table_new_full(const HsWords *words, gboolean all_guesses, gboolean columns)
{
  return table_fill(table_alloc(words, all_guesses, columns, FALSE));
}

HsTable *
hs_table_try_new(const HsWords *words, gboolean all_guesses, gboolean columns, GError **error)
{
  guint64 bytes = hs_table_bytes(words, all_guesses, columns);
  HsTable *t = bytes == G_MAXUINT64 ? NULL : table_alloc(words, all_guesses, columns, TRUE);
  if (t == NULL) {
    guint rows = all_guesses ? words->n_words : words->n_answers;
    g_autofree char *size = bytes == G_MAXUINT64 ? g_strdup("more than this machine can address")
                                                 : g_format_size_full(bytes, G_FORMAT_SIZE_IEC_UNITS);
    g_set_error(error, HS_PATTERN_ERROR, HS_PATTERN_ERROR_NO_MEMORY,
                "not enough memory for the feedback table of %u words x %u answers (%s); use shorter lists", rows,
                words->n_answers, size);
    return NULL;
  }
  return table_fill(t);
}

HsTable *
hs_table_new_permuted(const HsTable *base, const HsWords *words, const guint *order, gboolean columns)
{
  g_return_val_if_fail(words->n_answers == base->n_answers && words->n_words == base->words->n_words, NULL);
  HsTable *t = g_new0(HsTable, 1);
  g_mutex_init(&t->lazy);
  t->words = words;
  t->n_answers = base->n_answers;
  t->n_rows = base->n_rows;
  t->n_padded = base->n_padded;
  for (int i = 0; i < HS_MAX_LEN; i++)
    t->letters[i] = g_malloc0(t->n_padded);
  t->tiles = g_new(HsPat, (gsize)HS_MAX_LEN * CODES * t->n_padded + 1);
  t->once = g_new(HsPat, CODES * (gsize)t->n_padded + 1);
  fill_letters(t);
  /* Cell (r, c) of the new table is cell (old index of r, old index of c) of the base: answers move,
   * guess-only words keep their index. */
  gint64 n = t->n_answers, rows = t->n_rows;
  t->cells = hs_big_new((gsize)rows * (gsize)n * sizeof(HsPat));
#pragma omp parallel for schedule(static)
  for (gint64 r = 0; r < rows; r++) {
    const HsPat *src = base->cells + (gsize)(r < n ? order[r] : (guint)r) * (gsize)n;
    HsPat *dst = t->cells + (gsize)r * (gsize)n;
    for (gint64 c = 0; c < n; c++)
      dst[c] = src[order[c]];
  }
  if (columns && base->columns != NULL) {
    t->columns = g_new(HsPat, (gsize)n * (gsize)n);
#pragma omp parallel for schedule(static)
    for (gint64 j = 0; j < n; j++) {
      const HsPat *src = base->columns + (gsize)order[j] * (gsize)n;
      HsPat *dst = t->columns + (gsize)j * (gsize)n;
      for (gint64 i = 0; i < n; i++)
        dst[i] = src[order[i]];
    }
  }
  return t;
}

#if defined(HS_WIDE) && HS_WIDE
/* The wide build's gathered lanes (hs_table_fill_sub): the tiles and single-letter marks of the answers
 * ANSWERS[0..n) in CODES slots per position (the game's letters, then the padding's, left zero), NP
 * lanes each (the padding's slot and the lanes past N stay zero: BUF is zeroed). A guess has no letter
 * past the game's length: those rows are not read. */
static void
gather_slots(const HsTable *t, const guint16 *answers, guint n, gsize np, guint codes, HsPat *tiles, HsPat *once)
{
  for (guint i = 0; i < MIN(t->words->length, (guint)HS_MAX_LEN); i++)
    for (guint c = 0; c + 1 < codes; c++) {
      const HsPat *src = t->tiles + ((gsize)i * CODES + c) * t->n_padded;
      HsPat *dst = tiles + ((gsize)i * codes + c) * np;
      for (guint x = 0; x < n; x++)
        dst[x] = src[answers[x]];
    }
  for (guint c = 0; c + 1 < codes; c++)
    for (guint x = 0; x < n; x++)
      once[c * np + x] = t->once[(gsize)c * t->n_padded + answers[x]];
}
#endif

void
hs_table_fill_sub(const HsTable *t, const guint32 *guesses, guint m, const guint16 *answers, guint n, HsPat *out)
{
  if (m == 0 || n == 0)
    return;
  /* The answers' lanes gathered (padded to 16 so that rows are whole vectors), then row by row. */
  const gsize np = (n + 15) & ~(gsize)15, full = n & ~(guint)15;
#if !(defined(HS_WIDE) && HS_WIDE)
  g_autofree HsPat *buf = g_malloc0(((HS_MAX_LEN * CODES + CODES) * np + np) * sizeof(HsPat) + HS_MAX_LEN * np);
  HsPat *tiles = buf, *once = tiles + HS_MAX_LEN * CODES * np;
  guint8 *letters = (guint8 *)(once + CODES * np);
  HsPat *tail = (HsPat *)(letters + HS_MAX_LEN * np); /* np is even: aligned */
  for (guint r = 0; r < HS_MAX_LEN * CODES; r++) {
    const HsPat *src = t->tiles + (gsize)r * t->n_padded;
    for (guint i = 0; i < n; i++)
      tiles[r * np + i] = src[answers[i]];
  }
  for (guint c = 0; c < CODES; c++)
    for (guint i = 0; i < n; i++)
      once[c * np + i] = t->once[(gsize)c * t->n_padded + answers[i]];
  Lanes l = { { NULL }, tiles, once, np, { 0 } };
#else
  /* Slots for the game's letters and the padding only (255 codes would be mostly empty). */
  const guint codes = t->words->n_letters + 1;
  g_autofree HsPat *buf = g_malloc0(((HS_MAX_LEN * codes + codes) * np + np) * sizeof(HsPat) + HS_MAX_LEN * np);
  HsPat *tiles = buf, *once = tiles + HS_MAX_LEN * codes * np;
  guint8 *letters = (guint8 *)(once + codes * np);
  HsPat *tail = (HsPat *)(letters + HS_MAX_LEN * np); /* np is even: aligned */
  gather_slots(t, answers, n, np, codes, tiles, once);
  Lanes l = { { NULL }, tiles, once, np, { 0 }, codes };
#endif
  lanes_weights(&l, t->words);
  for (guint p = 0; p < HS_MAX_LEN; p++) {
    for (guint i = 0; i < n; i++)
      letters[p * np + i] = t->letters[p][answers[i]];
    l.letters[p] = letters + p * np;
  }
  const guint8(*code)[HS_MAX_LEN] = t->words->code;
  for (guint j = 0; j < m; j++) {
    RowPlan rp;
    plan_row(&l, code[guesses[j]], &rp);
    HsPat *row = out + (gsize)j * n;
    fill_range(&l, code[guesses[j]], &rp, 0, full, row);
    if (full < n) {
      fill_range(&l, code[guesses[j]], &rp, full, np, tail);
      memcpy(row + full, tail, (n - full) * sizeof *row);
    }
  }
}

const HsPat *
hs_table_column(const HsTable *t, guint answer)
{
  return t->columns ? t->columns + (gsize)answer * t->n_answers : NULL;
}

const HsPat *
hs_table_row(const HsTable *t, guint guess, HsPat *scratch)
{
  if (guess < t->n_rows)
    return t->cells + (gsize)guess * t->n_answers;
  fill_row(t, t->words->code[guess], scratch);
  return scratch;
}

gboolean
hs_table_has_row(const HsTable *t, guint guess)
{
  return guess < t->n_rows;
}

const HsWords *
hs_table_words(const HsTable *t)
{
  return t->words;
}

void
hs_table_free(HsTable *t)
{
  if (t == NULL)
    return;
  for (int i = 0; i < HS_MAX_LEN; i++)
    g_free(t->letters[i]);
  g_free(t->tiles);
  g_free(t->once);
  g_free(t->cells);
  g_free(t->columns);
  g_free(t->by_answer);
  g_mutex_clear(&t->lazy);
  g_free(t);
}

/* The whole table transposed into DST, computed afresh rather than read from the rows: in blocks of
 * 16 guesses x 64 answers, each computed into a small buffer (the rows of 16 guesses over 64 answers)
 * and transposed from there, so that the only memory traffic is DST, written answer by answer. */
static void
fill_by_answer(const HsTable *t, HsPat *dst)
{
  const gsize n_words = t->n_rows, n = t->n_answers;
  const guint8(*code)[HS_MAX_LEN] = t->words->code;
  const Lanes l = table_lanes(t);
  g_autofree RowPlan *plans = g_new(RowPlan, n_words);
  for (gsize g = 0; g < n_words; g++)
    plan_row(&l, code[g], &plans[g]);
  HsPat buf[16 * 64];
  for (gsize k0 = 0; k0 < n; k0 += 64) {
    const gsize kn = MIN(64, n - k0);
    for (gsize g0 = 0; g0 < n_words; g0 += 16) {
      const gsize gn = MIN(16, n_words - g0);
      for (gsize x = 0; x < gn; x++)
        fill_range(&l, code[g0 + x], &plans[g0 + x], k0, k0 + 64, buf + x * 64);
      HsPat *d = dst + k0 * n_words + g0;
#if HS_TRANSPOSE_SSE2
      if (gn == 16 && kn == 64) {
        for (gsize c = 0; c < 64; c += 16)
          transpose16(buf, n_words, 64, 0, c, d);
        continue;
      }
#endif
      transpose_cells(buf, n_words, 64, 0, gn, 0, kn, d);
    }
  }
}

const HsPat *
hs_table_by_answer(const HsTable *table)
{
  HsTable *t = (HsTable *)table; /* a cache filled on first use; the table's contents do not change */
  HsPat *p = g_atomic_pointer_get(&t->by_answer);
  if (p != NULL || t->n_rows != t->words->n_words)
    return p;
  g_mutex_lock(&t->lazy);
  /* Atomic here too: ThreadSanitizer does not see GLib's futex-based mutex, only the atomics. */
  p = g_atomic_pointer_get(&t->by_answer);
  if (p == NULL) {
    const gsize n = t->n_answers, rows = t->n_rows;
    p = hs_big_new(rows * n * sizeof(HsPat));
    fill_by_answer(t, p);
    g_atomic_pointer_set(&t->by_answer, p);
  }
  g_mutex_unlock(&t->lazy);
  return p;
}
