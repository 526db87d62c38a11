/* hardsix — refutations without search: clusters of answers that differ at one position, and the
 * guesses they force (see bound.h for why the bound holds). */
#include "bound.h"

#include <string.h>

#define NO_GROUP G_MAXUINT32

struct HsBound {
  const HsSearchCore *core;
  guint32 *gid;  /* n_answers * HS_MAX_LEN: the group of answer a at position i, or NO_GROUP */
  guint16 *gcnt; /* per group: members in the set being scanned (zero between uses) */
  HsLetters *gv; /* per group: their variants (zero between uses) */
  /* hs_bound_measure_free: the t of variant sets measured so far (open addressing, a slot live when
   * its fgen is fstamp; all forgotten when half full) */
  HsLetters *fkey;
  guint8 *fval;
  guint32 *fgen;
  guint32 fmask, fstamp, flive;
  guint fforgot; /* times the table was forgotten (for the tests) */
};

#define FREE_SLOTS_BITS 14

/* Sort key of answer A with position I blanked: its other letters (HS_CODE_BITS each, HS_MAX_LEN of
 * them: at most 64 bits; the blank is the largest value, every code below it, and the padding too
 * or equal to it, which is never compared with it: every key of one sort blanks the same position),
 * then A. */
typedef struct {
  guint64 key;
  guint32 a;
} Blanked;
G_STATIC_ASSERT(HS_CODE_BITS *HS_MAX_LEN <= 64);

static Blanked
blanked_key(const HsSearchCore *c, guint a, guint i)
{
  const guint64 blank = (G_GUINT64_CONSTANT(1) << HS_CODE_BITS) - 1;
  guint64 key = 0;
  for (guint j = 0; j < HS_MAX_LEN; j++)
    key = (key << HS_CODE_BITS) + (j == i ? blank : c->let[a][j]);
  return (Blanked){ key, a };
}

static gint
cmp_blanked(gconstpointer x, gconstpointer y)
{
  const Blanked *a = x, *b = y;
  return a->key != b->key ? (a->key < b->key ? -1 : 1) : (a->a > b->a) - (a->a < b->a);
}

HsBound *
hs_bound_new(const HsSearchCore *c)
{
  HsBound *b = g_new0(HsBound, 1);
  const guint na = c->n_answers;
  b->core = c;
  b->gid = g_new(guint32, MAX(1u, na) * HS_MAX_LEN);
  for (guint x = 0; x < na * HS_MAX_LEN; x++)
    b->gid[x] = NO_GROUP;
  g_autofree Blanked *keys = g_new(Blanked, MAX(1u, na));
  guint n_groups = 0;
  for (guint i = 0; i < HS_MAX_LEN; i++) {
    for (guint a = 0; a < na; a++)
      keys[a] = blanked_key(c, a, i);
    qsort(keys, na, sizeof *keys, cmp_blanked);
    /* Runs of equal blanked words of two or more answers are the groups of position i. */
    for (guint s = 0, e; s < na; s = e) {
      for (e = s + 1; e < na && keys[e].key == keys[s].key; e++)
        ;
      if (e - s < 2)
        continue;
      for (guint x = s; x < e; x++)
        b->gid[(gsize)keys[x].a * HS_MAX_LEN + i] = n_groups;
      n_groups++;
    }
  }
  b->gcnt = g_new0(guint16, MAX(1u, n_groups));
  b->gv = g_new0(HsLetters, MAX(1u, n_groups));
  hs_bound_free_slots(b, FREE_SLOTS_BITS);
  return b;
}

void
hs_bound_free(HsBound *b)
{
  if (b == NULL)
    return;
  g_free(b->gid);
  g_free(b->gcnt);
  g_free(b->gv);
  g_free(b->fkey);
  g_free(b->fval);
  g_free(b->fgen);
  g_free(b);
}

/* Keeps OUT[0..m) sorted by size, largest first (stable): inserts C, dropping the smallest when full.
 * Returns the new count. */
static guint
keep_largest(HsCluster *out, guint m, guint max, const HsCluster *c)
{
  if (m == max && out[m - 1].k >= c->k)
    return m;
  guint j = m < max ? m++ : m - 1;
  while (j > 0 && out[j - 1].k < c->k) {
    out[j] = out[j - 1];
    j--;
  }
  out[j] = *c;
  return m;
}

/* The members of group G (position I) in S[from..n), into CL->mem in the order of their variants. */
static void
gather_members(const HsBound *b, const guint16 *S, guint n, guint from, guint g, guint i, HsCluster *cl)
{
  const HsSearchCore *c = b->core;
  for (guint s = from; s < n; s++)
    if (b->gid[(gsize)S[s] * HS_MAX_LEN + i] == g) {
      cl->mem[hs_l_count_below(cl->v, c->let[S[s]][i])] = S[s];
    }
}

guint
hs_bound_find(HsBound *b, const guint16 *S, guint n, guint min_k, HsCluster *out, guint max)
{
  const HsSearchCore *c = b->core;
  guint m = 0;
  if (max == 0 || n < MAX(min_k, 2u))
    return 0;
  for (guint i = 0; i < HS_MAX_LEN; i++) {
    for (guint s = 0; s < n; s++) {
      guint g = b->gid[(gsize)S[s] * HS_MAX_LEN + i];
      if (g != NO_GROUP) {
        b->gcnt[g]++;
        b->gv[g] = hs_l_or(b->gv[g], hs_l_bit(c->let[S[s]][i]));
      }
    }
    for (guint s = 0; s < n; s++) {
      guint g = b->gid[(gsize)S[s] * HS_MAX_LEN + i];
      if (g == NO_GROUP || b->gcnt[g] == 0)
        continue;
      if (b->gcnt[g] >= min_k && b->gcnt[g] >= 2) {
        HsCluster cl = { b->gv[g], (guint8)i, (guint8)b->gcnt[g], 0, { 0 } };
        gather_members(b, S, n, s, g, i, &cl);
        m = keep_largest(out, m, max, &cl);
      }
      b->gcnt[g] = 0;
      b->gv[g] = hs_l_none();
    }
  }
  return m;
}

/* Summarises ST (its first LENGTH positions) into BS. */
static void
summarise(HsBoundState *bs, const HsState *st, guint length)
{
  for (guint k = 0; k < HS_MAX_LEN; k++)
    bs->greens[k] = hs_l_none();
  bs->fixed_at = 0;
  bs->free = 0;
  bs->fixed = hs_l_none();
  for (guint i = 0; i < length; i++) {
    HsLetters a = st->allow[i];
    if (hs_l_single(a)) {
      guint k = 0;
      while (hs_l_has(bs->greens[k], hs_l_first(a)))
        k++;
      bs->greens[k] = hs_l_or(bs->greens[k], a);
      bs->fixed_at |= 1u << i;
      bs->fixed = hs_l_or(bs->fixed, a);
    } else {
      bs->free++;
    }
  }
  for (guint k = 0; k < HS_MAX_LEN; k++)
    bs->fixed = hs_l_or(bs->fixed, st->atleast[k]);
}

void
hs_bound_state(const HsBound *b, const HsState *st, HsBoundState *bs)
{
  bs->st = *st;
  summarise(bs, st, b->core->length);
}

/* The most letters of V a word can hold: the fixed letters of V, plus one per free position left
 * when every required copy of a letter beyond its greens has taken one. ATLEAST and GREENS: per k the
 * letters required, and fixed, at least k + 1 times. */
static inline guint
slots_of(HsLetters fixed, guint free, const HsLetters *atleast, const HsLetters *greens, HsLetters v)
{
  guint need = 0;
#pragma GCC unroll 8
  for (guint k = 0; k < HS_MAX_LEN; k++)
    need += hs_l_count(hs_l_andnot(atleast[k], greens[k]));
  guint extra = free > need ? free - need : 0;
  return MIN(hs_l_count(hs_l_and(fixed, v)) + extra, hs_l_count(v));
}

/* hs_bound_measure's start: every t at 0, and TOP[k] the most cluster k's t can be: no more than its
 * variants, the positions, and (with BS) the slots the state leaves for them (hs_bound_slots), so that
 * the scan stops as soon as a word reaches that. Returns how many clusters can still grow. */
static guint
measure_begin(const HsBound *b, const HsBoundState *bs, HsCluster *cl, guint m, guint8 *top)
{
  guint open = 0;
  for (guint k = 0; k < m; k++) {
    cl[k].t = 0;
    top[k] = (guint8)MIN(hs_l_count(cl[k].v), b->core->length);
    if (bs != NULL)
      top[k] = (guint8)MIN(top[k], slots_of(bs->fixed, bs->free, bs->st.atleast, bs->greens, cl[k].v));
    open += top[k] > 0;
  }
  return open;
}

/* Raises the t of CL[0..M) to the variants word W holds; returns how many more clusters reached their top. */
static inline guint
measure_word(const HsBound *b, guint w, HsCluster *cl, guint m, const guint8 *top)
{
  const HsLetters letters = b->core->has[w][0];
  guint full = 0;
  for (guint k = 0; k < m; k++) {
    guint t = hs_l_count(hs_l_and(letters, cl[k].v));
    if (t > cl[k].t && cl[k].t < top[k]) {
      cl[k].t = (guint8)t;
      full += t >= top[k];
    }
  }
  return full;
}

void
hs_bound_measure(const HsBound *b, const guint64 *pool, const HsBoundState *bs, HsCluster *cl, guint m)
{
  guint8 top[64];
  m = MIN(m, G_N_ELEMENTS(top));
  guint open = measure_begin(b, bs, cl, m, top); /* clusters whose t can still grow */
  for (guint blk = 0; blk < b->core->n_blocks && open > 0; blk++)
    for (guint64 x = pool[blk]; x && open > 0; x &= x - 1)
      open -= measure_word(b, blk * 64 + (guint)__builtin_ctzll(x), cl, m, top);
}

void
hs_bound_free_slots(HsBound *b, guint bits)
{
  g_free(b->fkey);
  g_free(b->fval);
  g_free(b->fgen);
  b->fkey = g_new(HsLetters, (gsize)1 << bits);
  b->fval = g_new(guint8, (gsize)1 << bits);
  b->fgen = g_new0(guint32, (gsize)1 << bits);
  b->fmask = (1u << bits) - 1;
  b->fstamp = 1;
  b->flive = 0;
  b->fforgot = 0;
}

guint
hs_bound_free_forgot(const HsBound *b)
{
  return b->fforgot;
}

static guint32
free_slot(const HsBound *b, HsLetters v)
{
#if defined(HS_WIDE) && HS_WIDE
  guint64 h = hs_mix64(v.w[0] ^ hs_mix64(v.w[1] ^ hs_mix64(v.w[2] ^ hs_mix64(v.w[3]))));
#else
  guint64 h = hs_mix64(v);
#endif
  guint32 s = (guint32)h & b->fmask;
  while (b->fgen[s] == b->fstamp && !hs_l_eq(b->fkey[s], v))
    s = (s + 1) & b->fmask;
  return s;
}

void
hs_bound_measure_free(HsBound *b, HsCluster *cl, guint m)
{
  const HsSearchCore *c = b->core;
  for (guint k = 0; k < m; k++) {
    guint32 s = free_slot(b, cl[k].v);
    if (b->fgen[s] != b->fstamp) {
      if (b->flive >= (b->fmask + 1) / 2) {
        if (++b->fstamp == 0) {
          memset(b->fgen, 0, ((gsize)b->fmask + 1) * sizeof *b->fgen);
          b->fstamp = 1;
        }
        b->flive = 0;
        b->fforgot++;
        s = free_slot(b, cl[k].v);
      }
      /* Every word, until one holds as many variants as there are, or as positions. */
      const guint top = MIN(hs_l_count(cl[k].v), c->length);
      guint t = 0;
      for (guint w = 0; w < c->n_words && t < top; w++)
        t = MAX(t, hs_l_count(hs_l_and(c->has[w][0], cl[k].v)));
      b->fgen[s] = b->fstamp;
      b->fkey[s] = cl[k].v;
      b->fval[s] = (guint8)t;
      b->flive++;
    }
    cl[k].t = b->fval[s];
  }
}

void
hs_bound_measure_words(const HsBound *b, const guint32 *words, guint n, const HsBoundState *bs, HsCluster *cl, guint m)
{
  guint8 top[64];
  m = MIN(m, G_N_ELEMENTS(top));
  guint open = measure_begin(b, bs, cl, m, top);
  for (guint i = 0; i < n && open > 0; i++)
    open -= measure_word(b, words[i], cl, m, top);
}

gboolean
hs_bound_refutes(const HsCluster *cl, guint m, guint r)
{
  for (guint k = 0; k < m; k++)
    if (hs_cluster_need(cl[k].k, cl[k].t) > r)
      return TRUE;
  return FALSE;
}

guint
hs_bound_slots(const HsState *st, HsLetters v, guint length)
{
  HsBoundState s;
  summarise(&s, st, length);
  return slots_of(s.fixed, s.free, st->atleast, s.greens, v);
}

guint
hs_bound_slots_after(const HsBound *b, const HsBoundState *bs, guint w, guint a, HsLetters v)
{
  const HsSearchCore *c = b->core;
  const HsState *st = &bs->st;
  const guint8 *gw = c->let[w], *la = c->let[a];
  guint agree = 0; /* bit i: W and A agree at position i (a green) */
#pragma GCC unroll 8
  for (guint i = 0; i < HS_MAX_LEN; i++)
    agree |= (guint)(gw[i] == la[i]) << i;
  agree &= (1u << c->length) - 1u;
  /* Other rules, letters of W in V, or a green where the state allows no such letter (a word the
   * state rules out): from the child state itself. */
  gboolean plain = c->rules != HS_RULES_NYT || !hs_l_empty(hs_l_and(v, c->has[w][0]));
  for (guint x = agree; x && !plain; x &= x - 1)
    plain = !hs_l_has(st->allow[__builtin_ctz(x)], gw[__builtin_ctz(x)]);
  if (plain) {
    HsState child = *st;
    /* The pattern from the two words, not from the feedback table: a random row of that big table is
     * a cache miss on nearly every call. */
    hs_state_add(&child, c, gw, hs_feedback_words(c->words, w, a));
    return hs_bound_slots(&child, v, c->length);
  }
  /* Under nyt rules the row fixes the positions where W and A agree and requires the copies of each
   * letter the two share (the fewer of their counts: has[][k] holds the letters with k + 1 copies or
   * more); the fixed letters it adds are W's, none of them in V. */
  HsLetters atleast[HS_MAX_LEN], greens[HS_MAX_LEN];
#pragma GCC unroll 8
  for (guint k = 0; k < HS_MAX_LEN; k++) {
    atleast[k] = hs_l_or(st->atleast[k], hs_l_and(c->has[w][k], c->has[a][k]));
    greens[k] = bs->greens[k];
  }
  guint free = bs->free;
  for (guint x = agree & ~bs->fixed_at; x; x &= x - 1) {
    const guint ch = gw[__builtin_ctz(x)];
    guint k = 0;
    while (hs_l_has(greens[k], ch))
      k++;
    greens[k] = hs_l_or(greens[k], hs_l_bit(ch));
    free--;
  }
  return slots_of(bs->fixed, free, atleast, greens, v);
}

gboolean
hs_bound_rejects(const HsBound *b, const HsCluster *cl, guint m, guint w, guint r, const HsBoundState *bs)
{
  const HsSearchCore *c = b->core;
  const HsLetters letters = c->has[w][0];
  /* First the test that needs no state, on every cluster. */
  for (guint k = 0; k < m; k++) {
    guint t = hs_l_count(hs_l_and(letters, cl[k].v));
    if (t + 1 < cl[k].k && hs_cluster_need(cl[k].k - t, cl[k].t) >= r)
      return TRUE;
  }
  if (bs == NULL)
    return FALSE;
  for (guint k = 0; k < m; k++) {
    guint t = hs_l_count(hs_l_and(letters, cl[k].v));
    if (t + 1 >= cl[k].k)
      continue;
    const guint rest = cl[k].k - t;
    /* Slots can only lower T: skip when even T = 1 would leave enough. */
    if (rest <= r - 1)
      continue;
    /* The members W leaves together, under the state their common feedback makes. */
    const HsLetters v = hs_l_andnot(cl[k].v, letters);
    const guint a = cl[k].mem[hs_l_count_below(cl[k].v, hs_l_first(v))];
    if (hs_cluster_need(rest, MIN(cl[k].t, hs_bound_slots_after(b, bs, w, a, v))) >= r)
      return TRUE;
  }
  return FALSE;
}
