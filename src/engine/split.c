/* hardsix — the numbers of a split (entropy, expected answers left, largest part, parts) and openers
 * ranked by their first split of all answers. */
#include "hardsix/engine/split.h"
#include "hardsix/util/escape.h"

#include <math.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

G_DEFINE_QUARK(hs_split_error_quark, hs_split_error)

/* log2 P in fixed point for a prime P (exactly HS_SPLIT_ONE for 2). */
static guint64
prime_log(guint p)
{
  return p == 2 ? (guint64)HS_SPLIT_ONE : (guint64)llround(log2((double)p) * HS_SPLIT_ONE);
}

/* n log2 n = n * sum of e log2 p over the prime powers p^e of n, each log2 p rounded once. Equal real
 * sums then stay equal: log2 of distinct primes are independent over the rationals, so an exact
 * equality of sums of n log2 n holds prime by prime, and rounding each prime once keeps it. (Rounding
 * n log2 n itself would not: 6 log2 6 = 2 (3 log2 3) + 3 (2 log2 2), so parts {6, 1 x 6} and
 * {3, 3, 2, 2, 2} of 12 answers have the same entropy.) */
static guint64
nlogn_compute(guint n)
{
  if (n <= 1)
    return 0;
  guint64 l = 0;
  guint m = n;
  for (guint p = 2; p * p <= m; p++)
    while (m % p == 0) {
      l += prime_log(p);
      m /= p;
    }
  if (m > 1)
    l += prime_log(m);
  return (guint64)n * l;
}

/* Part sizes up to this are looked up (the table is made once, on first use). */
#define NLOGN_CACHED 8192u

guint64
hs_split_nlogn(guint n)
{
  static guint64 *cache;
  static gsize made;
  if (g_once_init_enter(&made)) {
    cache = g_new(guint64, NLOGN_CACHED + 1);
    for (guint k = 0; k <= NLOGN_CACHED; k++)
      cache[k] = nlogn_compute(k);
    g_once_init_leave(&made, 1);
  }
  return n <= NLOGN_CACHED ? cache[n] : nlogn_compute(n);
}

guint64 *
hs_split_nlogn_table(guint n_max)
{
  guint64 *t = g_new(guint64, (gsize)n_max + 1);
  for (guint n = 0; n <= n_max; n++)
    t[n] = hs_split_nlogn(n);
  return t;
}

double
hs_split_entropy(const HsSplit *s)
{
  if (s->n == 0)
    return 0;
  return log2((double)s->n) - (double)s->sum_nlogn / HS_SPLIT_ONE / s->n;
}

double
hs_split_expected(const HsSplit *s)
{
  return s->n ? (double)s->sum_sq / s->n : 0;
}

void
hs_split_score(guint32 word, const HsPat *row, const guint32 *S, guint n, guint16 *counts, HsSplit *out)
{
  HsPat touched[HS_PATTERNS];
  guint n_touched = 0;
  for (guint i = 0; i < n; i++) {
    guint p = row[S ? S[i] : i];
    if (counts[p]++ == 0)
      touched[n_touched++] = (HsPat)p;
  }
  memset(out, 0, sizeof *out);
  out->word = word;
  out->n = n;
  out->n_parts = n_touched;
  for (guint k = 0; k < n_touched; k++) {
    guint c = counts[touched[k]];
    counts[touched[k]] = 0;
    out->max_part = MAX(out->max_part, c);
    out->sum_sq += (guint64)c * c;
    out->sum_nlogn += hs_split_nlogn(c);
  }
}

static const char *const by_names[] = { "entropy", "expected", "maxbucket", "buckets" };

gboolean
hs_split_by_parse(const char *text, HsSplitBy *out, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS(by_names); i++)
    if (g_strcmp0(text, by_names[i]) == 0) {
      *out = (HsSplitBy)i;
      return TRUE;
    }
  g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
  g_set_error(error, HS_SPLIT_ERROR, HS_SPLIT_ERROR_UNKNOWN_NAME,
              "unknown score '%s' (expected entropy, expected, maxbucket or buckets)", shown);
  return FALSE;
}

const char *
hs_split_by_name(HsSplitBy by)
{
  return by_names[by];
}

/* -1, 0, 1 as X is smaller, equal, larger. */
static int
cmp_u64(guint64 x, guint64 y)
{
  return x < y ? -1 : x > y;
}

int
hs_split_compare(const HsSplit *a, const HsSplit *b, HsSplitBy by)
{
  int c = 0;
  switch (by) {
    case HS_SPLIT_BY_ENTROPY: /* same N: a smaller sum of n log2 n is more entropy */
      c = cmp_u64(a->sum_nlogn, b->sum_nlogn);
      break;
    case HS_SPLIT_BY_EXPECTED: c = cmp_u64(a->sum_sq, b->sum_sq); break;
    case HS_SPLIT_BY_MAXBUCKET: c = cmp_u64(a->max_part, b->max_part); break;
    case HS_SPLIT_BY_BUCKETS: c = cmp_u64(b->n_parts, a->n_parts); break;
  }
  return c != 0 ? c : cmp_u64(a->word, b->word);
}

static gint
cmp_split(gconstpointer a, gconstpointer b, gpointer by)
{
  return hs_split_compare(a, b, (HsSplitBy)GPOINTER_TO_INT(by));
}

void
hs_split_rank(const HsTable *table, const guint32 *openers, guint n, HsSplitBy by, HsSplit *out)
{
  const HsWords *w = hs_table_words(table);
  const gint64 n_signed = n;
#pragma omp parallel
  {
    guint16 *counts = g_new0(guint16, HS_PATTERNS);
    HsPat *scratch = g_new(HsPat, MAX(1u, w->n_answers));
#pragma omp for schedule(static)
    for (gint64 i = 0; i < n_signed; i++)
      hs_split_score(openers[i], hs_table_row(table, openers[i], scratch), NULL, w->n_answers, counts, &out[i]);
    g_free(scratch);
    g_free(counts);
  }
  g_qsort_with_data(out, (gint)n, sizeof *out, cmp_split, GINT_TO_POINTER(by));
}
