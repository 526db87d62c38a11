/* hardsix — words that play alike on a set (search.h): one word per class of a pool, and normal mode's
 * words that another word's parts split further. */
#include "search.h"

#include <string.h>

/* The smallest power of two of at least 2 N slots (at least 64, at most CAP), as its mask and the
 * shift that takes a 64-bit product's top bits to a slot. */
static void
alike_size(guint n, guint32 cap, guint32 *mask, guint32 *shift)
{
  guint32 size = 64, bits = 6;
  while (size < cap && size < 2 * (guint64)n) {
    size *= 2;
    bits++;
  }
  *mask = size - 1;
  *shift = 64 - bits;
}

/* The home slot of KEY: Fibonacci hashing, the product's top bits. */
static inline guint32
alike_home(HsAlikeKey key, guint32 shift)
{
  return (guint32)(((guint64)key * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)) >> shift);
}

void
hs_alike_init(HsAlike *a, guint n_words)
{
  memset(a, 0, sizeof *a);
  a->cap = 64;
  while (a->cap < 2 * n_words)
    a->cap *= 2;
  a->slot = g_new0(HsAlikeSlot, a->cap);
  a->dcap = 64;
  while (a->dcap < 2 * HS_MAX_LEN * n_words)
    a->dcap *= 2;
  a->dslot = g_new0(HsAlikeDropSlot, a->dcap);
}

void
hs_alike_clear(HsAlike *a)
{
  g_free(a->slot);
  g_free(a->dslot);
  a->slot = NULL;
  a->dslot = NULL;
}

HsLetters
hs_set_letters(const HsSearchCore *c, const guint16 *S, guint n)
{
  HsLetters alpha = hs_l_none();
  for (guint i = 0; i < n; i++)
    alpha = hs_l_or(alpha, c->has[S[i]][0]);
  return alpha;
}

void
hs_alike_begin(HsAlike *a, HsLetters alpha, guint n)
{
  if (++a->stamp == 0) {
    for (guint32 i = 0; i < a->cap; i++)
      a->slot[i].gen = 0;
    a->stamp = 1;
  }
  alike_size(n, a->cap, &a->mask, &a->shift);
  a->alpha = alpha;
  for (guint i = 0; i < HS_MAX_LEN; i++)
    for (guint l = 0; l < HS_CODES; l++)
      a->field[i][l] = l != HS_PAD && hs_l_has(alpha, l) ? (HsAlikeKey)(l + 1) << (HS_CODE_BITS * i) : 0;
}

/* W's class key on the letters of the last hs_alike_begin (0 at the positions of other letters). */
static inline HsAlikeKey
alike_key(const HsAlike *a, const HsSearchCore *c, guint32 w)
{
  const guint8 *l = c->let[w];
  HsAlikeKey key = 0;
#pragma GCC unroll 8
  for (guint i = 0; i < HS_MAX_LEN; i++)
    key |= a->field[i][l[i]];
  return key;
}

/* TRUE when KEY (home slot H) was seen since hs_alike_begin; else it is now. */
static inline gboolean
alike_probe(HsAlike *a, HsAlikeKey key, guint32 h)
{
  while (a->slot[h].gen == a->stamp && a->slot[h].key != key)
    h = (h + 1) & a->mask;
  if (a->slot[h].gen == a->stamp)
    return TRUE;
  a->slot[h].gen = a->stamp;
  a->slot[h].key = key;
  return FALSE;
}

gboolean
hs_alike_seen(HsAlike *a, const HsSearchCore *c, guint32 w)
{
  if (hs_l_empty(hs_l_andnot(c->has[w][0], a->alpha)))
    return FALSE; /* every letter counts: alone in its class */
  const HsAlikeKey key = alike_key(a, c, w);
  return alike_probe(a, key, alike_home(key, a->shift));
}

guint
hs_alike_keep(HsAlike *a, const HsSearchCore *c, guint32 *words, guint32 *aux, guint n)
{
  /* The home slots of the words AHEAD further on are fetched while this one is probed: a pool's
   * table is too big for the first-level cache, and the probes are random. */
  enum { AHEAD = 8 };
  HsAlikeKey key[AHEAD];
  guint32 home[AHEAD];
  for (guint t = 0; t < MIN(n, (guint)AHEAD); t++) {
    key[t] = alike_key(a, c, words[t]);
    home[t] = alike_home(key[t], a->shift);
    __builtin_prefetch(&a->slot[home[t]]);
  }
  guint kept = 0;
  for (guint t = 0; t < n; t++) {
    const guint32 w = words[t];
    const HsAlikeKey k = key[t % AHEAD];
    const guint32 h = home[t % AHEAD];
    if (t + AHEAD < n) {
      const HsAlikeKey k2 = alike_key(a, c, words[t + AHEAD]);
      key[t % AHEAD] = k2;
      home[t % AHEAD] = alike_home(k2, a->shift);
      __builtin_prefetch(&a->slot[home[t % AHEAD]]);
    }
    /* A word whose every letter counts is alone in its class; else a word alike may have come before. */
    if (!hs_l_empty(hs_l_andnot(c->has[w][0], a->alpha)) && alike_probe(a, k, h))
      continue;
    if (aux != NULL)
      aux[kept] = aux[t];
    words[kept++] = w;
  }
  return kept;
}

/* The slot of KEY among the blanked classes of hs_alike_drop_refined: where it is, or the empty slot
 * where it would go. */
static inline guint32
refined_slot(const HsAlike *a, HsAlikeKey key)
{
  guint32 h = alike_home(key, a->dshift);
  while (a->dslot[h].gen == a->dstamp && a->dslot[h].key != key)
    h = (h + 1) & a->dmask;
  return h;
}

guint
hs_alike_drop_refined(HsAlike *a, const HsSearchCore *c, guint32 *words, guint32 *aux, guint n, gboolean earlier)
{
  if (++a->dstamp == 0) {
    for (guint32 i = 0; i < a->dcap; i++)
      a->dslot[i].gen = 0;
    a->dstamp = 1;
  }
  alike_size(HS_MAX_LEN * n, a->dcap, &a->dmask, &a->dshift);
  const HsAlikeKey ones = ((HsAlikeKey)1 << HS_CODE_BITS) - 1;
  /* The slots of the word AHEAD further on are fetched while this one's are probed. */
  enum { AHEAD = 4 };
  /* Every word's class with one of its answers' letters blanked: a word whose class is one of them
   * is blank there (a letter no answer holds) and equal elsewhere, and the word filled it. */
  for (guint t = 0; t < n; t++) {
    if (t + AHEAD < n) {
      const HsAlikeKey ahead = alike_key(a, c, words[t + AHEAD]);
      for (guint i = 0; i < HS_MAX_LEN; i++) {
        const HsAlikeKey f = ones << (HS_CODE_BITS * i);
        if ((ahead & f) != 0)
          __builtin_prefetch(&a->dslot[alike_home(ahead & ~f, a->dshift)]);
      }
    }
    const HsAlikeKey key = alike_key(a, c, words[t]);
    for (guint i = 0; i < HS_MAX_LEN; i++) {
      const HsAlikeKey f = ones << (HS_CODE_BITS * i);
      if ((key & f) == 0)
        continue;
      const HsAlikeKey k = key & ~f;
      const guint32 h = refined_slot(a, k);
      if (a->dslot[h].gen != a->dstamp) {
        a->dslot[h].gen = a->dstamp;
        a->dslot[h].key = k;
        a->dslot[h].word = words[t];
      }
    }
  }
  guint kept = 0;
  for (guint t = 0; t < n; t++) {
    if (t + AHEAD < n)
      __builtin_prefetch(&a->dslot[alike_home(alike_key(a, c, words[t + AHEAD]), a->dshift)]);
    const guint32 h = refined_slot(a, alike_key(a, c, words[t]));
    if (a->dslot[h].gen == a->dstamp && (!earlier || a->dslot[h].word < words[t]))
      continue; /* refined */
    if (aux != NULL)
      aux[kept] = aux[t];
    words[kept++] = words[t];
  }
  return kept;
}
