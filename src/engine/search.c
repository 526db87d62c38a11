/* hardsix — the search core shared by prove and optimize: word tables, hard-mode states and legal
 * pools as bitsets, hashing, the memo, partitions, and the steps their drivers share (see search.h). */
#include "search.h"
#include "hardsix/util/bigmem.h"

#include <string.h>

/* ---- word tables ---- */

static guint64
splitmix(guint64 *s)
{
  *s += G_GUINT64_CONSTANT(0x9e3779b97f4a7c15);
  return hs_mix64(*s);
}

HsSearchCore *
hs_search_core_new(const HsTable *table, HsRules rules)
{
  HsSearchCore *c = g_new0(HsSearchCore, 1);
  const HsWords *w = hs_table_words(table);
  c->table = table;
  c->words = w;
  c->rules = rules;
  c->n_answers = w->n_answers;
  c->n_words = w->n_words;
  c->n_blocks = (w->n_words + 63) / 64;
  c->rows = g_new0(const HsPat *, w->n_words);
  c->all_rows = TRUE;
  for (guint g = 0; g < w->n_words; g++) {
    if (hs_table_has_row(table, g))
      c->rows[g] = hs_table_row(table, g, NULL);
    else
      c->all_rows = FALSE;
  }
  const guint nb = c->n_blocks;
  c->let = (const guint8(*)[HS_MAX_LEN])w->code;
  c->length = w->length;
  c->has = g_malloc0((gsize)MAX(w->n_words, 1u) * sizeof *c->has);
  c->pos_bits = g_new0(guint64, (gsize)HS_MAX_LEN * HS_CODES * nb);
  c->cnt_bits = g_new0(guint64, (gsize)HS_MAX_LEN * HS_CODES * nb);
  for (guint g = 0; g < w->n_words; g++) {
    guint8 count[HS_CODES] = { 0 };
    for (guint i = 0; i < HS_MAX_LEN; i++) {
      const guint ch = c->let[g][i];
      c->pos_bits[(gsize)(i * HS_CODES + ch) * nb + g / 64] |= G_GUINT64_CONSTANT(1) << (g % 64);
      if (ch == HS_PAD) /* the padding is no letter: never counted */
        continue;
      guint k = count[ch]++;
      c->has[g][k] = hs_l_or(c->has[g][k], hs_l_bit(ch));
      c->cnt_bits[(gsize)(k * HS_CODES + ch) * nb + g / 64] |= G_GUINT64_CONSTANT(1) << (g % 64);
    }
  }
  for (guint p = 0; p < HS_PATTERNS; p++)
    for (guint i = 0; i < HS_MAX_LEN; i++)
      c->tile[p][i] = (guint8)(w->pow3[i] ? (p / w->pow3[i]) % 3 : 0);
  guint64 seed = G_GUINT64_CONSTANT(0x6861726473697821); /* fixed: hashes are reproducible */
  c->z1 = g_new(guint64, MAX(1u, w->n_answers));
  c->z2 = g_new(guint64, MAX(1u, w->n_answers));
  for (guint a = 0; a < w->n_answers; a++) {
    c->z1[a] = splitmix(&seed);
    c->z2[a] = splitmix(&seed);
  }
  return c;
}

void
hs_search_core_free(HsSearchCore *c)
{
  if (c == NULL)
    return;
  g_free(c->rows);
  g_free(c->has);
  g_free(c->pos_bits);
  g_free(c->cnt_bits);
  g_free(c->z1);
  g_free(c->z2);
  g_free(c);
}

/* ---- states ---- */

void
hs_state_init(HsState *st)
{
  memset(st, 0, sizeof *st);
  for (guint i = 0; i < HS_MAX_LEN; i++)
    st->allow[i] = hs_l_all();
}

void
hs_state_add(HsState *st, const HsSearchCore *c, const guint8 *g, HsPat pattern)
{
  const HsRules rules = c->rules;
  if (rules == HS_RULES_NONE)
    return; /* normal mode: no row constrains the next guess, so every pool is every word */
  const guint8 *tile = c->tile[pattern];
  if (rules == HS_RULES_NYT) {
    /* The hot path of the searches: greens narrow their position; the m-th revealed copy of a letter
     * (counting from 0) means "at least m + 1 copies". (A tile past a short guess is grey.) */
    for (guint i = 0; i < HS_MAX_LEN; i++) {
      if (tile[i] == 0)
        continue;
      const HsLetters bit = hs_l_bit(g[i]);
      if (tile[i] == 2)
        st->allow[i] = hs_l_and(st->allow[i], bit);
      guint m = 0;
      for (guint j = 0; j < i; j++)
        m += g[j] == g[i] && tile[j] != 0;
      st->atleast[m] = hs_l_or(st->atleast[m], bit);
    }
    return;
  }
  /* Strict: a legal guess could be the answer, so it has all L letters. */
  for (guint i = 0; i < c->length; i++)
    st->allow[i] = hs_l_andnot(st->allow[i], hs_l_bit(HS_PAD));
  guint8 rev[HS_CODES] = { 0 };
  HsLetters grey = hs_l_none();
  for (guint i = 0; i < HS_MAX_LEN; i++) {
    if (g[i] == HS_PAD)
      continue;
    HsLetters bit = hs_l_bit(g[i]);
    if (tile[i] == 2)
      st->allow[i] = hs_l_and(st->allow[i], bit);
    else
      st->allow[i] = hs_l_andnot(st->allow[i], bit);
    if (tile[i] != 0)
      rev[g[i]]++;
    else
      grey = hs_l_or(grey, bit);
  }
  for (guint i = 0; i < HS_MAX_LEN; i++) {
    guint ch = g[i];
    if (ch == HS_PAD)
      continue;
    HsLetters bit = hs_l_bit(ch);
    for (guint k = 0; k < rev[ch]; k++)
      st->atleast[k] = hs_l_or(st->atleast[k], bit);
    /* A grey copy means the answer holds exactly the revealed number of copies. */
    if (hs_l_has(grey, ch))
      for (guint k = rev[ch]; k < HS_MAX_LEN; k++)
        st->atmost[k] = hs_l_or(st->atmost[k], bit);
  }
}

gboolean
hs_state_within(const HsState *a, const HsState *b)
{
  for (guint i = 0; i < HS_MAX_LEN; i++)
    if (!hs_l_empty(hs_l_andnot(b->allow[i], a->allow[i])) || !hs_l_empty(hs_l_andnot(a->atleast[i], b->atleast[i])) ||
        !hs_l_empty(hs_l_andnot(a->atmost[i], b->atmost[i])))
      return FALSE;
  return TRUE;
}

static inline void
bits_and(guint64 *acc, const guint64 *b, guint n)
{
  for (guint i = 0; i < n; i++)
    acc[i] &= b[i];
}

static inline void
bits_andnot(guint64 *acc, const guint64 *b, guint n)
{
  for (guint i = 0; i < n; i++)
    acc[i] &= ~b[i];
}

void
hs_state_bits(const HsSearchCore *c, const HsState *st, guint64 *acc)
{
  const guint nb = c->n_blocks;
  for (guint i = 0; i < nb; i++)
    acc[i] = G_MAXUINT64;
  if (c->n_words % 64)
    acc[nb - 1] = (G_GUINT64_CONSTANT(1) << (c->n_words % 64)) - 1;
  for (guint i = 0; i < HS_MAX_LEN; i++) {
    HsLetters a = st->allow[i];
    if (hs_l_eq(a, hs_l_all()))
      continue;
    if (hs_l_single(a)) {
      bits_and(acc, c->pos_bits + (gsize)(i * HS_CODES + hs_l_first(a)) * nb, nb);
    } else {
      for (HsLetters x = hs_l_andnot(hs_l_all(), a); !hs_l_empty(x); x = hs_l_drop_first(x))
        bits_andnot(acc, c->pos_bits + (gsize)(i * HS_CODES + hs_l_first(x)) * nb, nb);
    }
  }
  /* Only the strongest bound per letter matters: the highest atleast, the lowest atmost. */
  HsLetters done = hs_l_none();
  for (int k = HS_MAX_LEN - 1; k >= 0; k--) {
    for (HsLetters x = hs_l_andnot(st->atleast[k], done); !hs_l_empty(x); x = hs_l_drop_first(x))
      bits_and(acc, c->cnt_bits + (gsize)(k * HS_CODES + hs_l_first(x)) * nb, nb);
    done = hs_l_or(done, st->atleast[k]);
  }
  done = hs_l_none();
  for (guint k = 0; k < HS_MAX_LEN; k++) {
    for (HsLetters x = hs_l_andnot(st->atmost[k], done); !hs_l_empty(x); x = hs_l_drop_first(x))
      bits_andnot(acc, c->cnt_bits + (gsize)(k * HS_CODES + hs_l_first(x)) * nb, nb);
    done = hs_l_or(done, st->atmost[k]);
  }
}

guint
hs_state_legal(const HsSearchCore *c, const HsState *st, guint64 *acc, guint32 *out)
{
  hs_state_bits(c, st, acc);
  guint n = 0;
  for (guint i = 0; i < c->n_blocks; i++)
    for (guint64 x = acc[i]; x; x &= x - 1)
      out[n++] = i * 64 + (guint)__builtin_ctzll(x);
  return n;
}

/* ---- hashing ---- */

void
hs_state_hash(const HsState *st, guint64 *a, guint64 *b)
{
  const guint32 *v = (const guint32 *)(const void *)st;
  const guint nv = sizeof(HsState) / sizeof(guint32);
  guint64 x = G_GUINT64_CONSTANT(0x243f6a8885a308d3), y = G_GUINT64_CONSTANT(0x13198a2e03707344);
  for (guint i = 0; i < nv; i += 2) {
    guint64 w = v[i] | (i + 1 < nv ? (guint64)v[i + 1] << 32 : 0);
    x = hs_mix64(x ^ w);
    y = hs_mix64(y + w + G_GUINT64_CONSTANT(0x452821e638d01377));
  }
  *a = x;
  *b = y;
}

/* ---- memo ---- */

void
hs_memo_init(HsMemo *m)
{
  m->mask = (1u << 16) - 1;
  m->e = hs_big_new0((m->mask + 1) * sizeof(HsMemoEntry));
  m->gen = 1;
  m->count = 0;
  m->max_count = 0;
  m->flushes = 0;
}

void
hs_memo_clear(HsMemo *m)
{
  m->count = 0;
  if (++m->gen == 0) { /* wrapped: really clear */
    memset(m->e, 0, (m->mask + 1) * sizeof(HsMemoEntry));
    m->gen = 1;
  }
}

void
hs_memo_free(HsMemo *m)
{
  g_free(m->e);
  m->e = NULL;
}

/* Places entry X, whose key the memo does not hold, in the first free slot of its probe sequence. */
static void
memo_place(HsMemo *m, const HsMemoEntry *x)
{
  guint64 i = x->k1 & m->mask;
  while (m->e[i].gen == m->gen)
    i = (i + 1) & m->mask;
  m->e[i] = *x;
  m->e[i].gen = m->gen;
  m->count++;
}

/* Moves the entries to a table of CAP slots (a power of two, more than twice the entries). */
static void
memo_resize(HsMemo *m, guint64 cap)
{
  HsMemoEntry *old = m->e;
  guint64 old_cap = m->mask + 1;
  guint32 gen = m->gen;
  m->mask = cap - 1;
  m->e = hs_big_new0((m->mask + 1) * sizeof(HsMemoEntry));
  m->gen = 1;
  m->count = 0;
  for (guint64 j = 0; j < old_cap; j++)
    if (old[j].gen == gen)
      memo_place(m, &old[j]);
  g_free(old);
}

void
hs_memo_reserve(HsMemo *m, guint64 n)
{
  guint64 cap = m->mask + 1;
  while (2 * (m->count + n) > cap)
    cap *= 2;
  if (cap != m->mask + 1)
    memo_resize(m, cap);
}

void
hs_memo_set_max_count(HsMemo *m, guint64 max_count)
{
  m->max_count = max_count;
}

/* The full memo keeps its heaviest entries, at most half of max_count: every entry above the
 * weight where that many is reached. */
static void
memo_thin(HsMemo *m)
{
  const guint64 cap = m->mask + 1, keep_most = m->max_count / 2;
  guint32 *hist = g_new0(guint32, G_MAXUINT16 + 1);
  for (guint64 j = 0; j < cap; j++)
    if (m->e[j].gen == m->gen)
      hist[m->e[j].weight]++;
  /* Keep the weights above LIMIT: the most entries that fit keep_most. */
  guint64 kept = 0;
  guint limit = G_MAXUINT16;
  while (limit > 0 && kept + hist[limit] <= keep_most) {
    kept += hist[limit];
    limit--;
  }
  g_free(hist);
  HsMemoEntry *keep = g_new(HsMemoEntry, MAX(kept, 1u));
  guint64 n = 0;
  for (guint64 j = 0; j < cap; j++)
    if (m->e[j].gen == m->gen && m->e[j].weight > limit)
      keep[n++] = m->e[j];
  hs_memo_clear(m);
  for (guint64 j = 0; j < n; j++)
    memo_place(m, &keep[j]);
  g_free(keep);
  m->flushes++;
}

void
hs_memo_put_weighted(HsMemo *m, guint64 k1, guint64 k2, guint64 val, guint16 weight)
{
  if (m->max_count != 0 && m->count >= m->max_count)
    memo_thin(m);
  if (2 * (m->count + 1) > m->mask + 1)
    memo_resize(m, 2 * (m->mask + 1));
  guint64 i = k1 & m->mask;
  for (;; i = (i + 1) & m->mask) {
    HsMemoEntry *e = &m->e[i];
    if (e->gen != m->gen)
      break;
    if (e->k1 == k1 && e->k2 == k2) {
      e->val = val;
      e->weight = weight;
      return;
    }
  }
  const HsMemoEntry x = { .k1 = k1, .k2 = k2, .val = val, .weight = weight };
  memo_place(m, &x);
}

void
hs_memo_put(HsMemo *m, guint64 k1, guint64 k2, guint64 val)
{
  hs_memo_put_weighted(m, k1, k2, val, 0);
}

/* ---- partitions ---- */

gboolean
hs_partition_make(HsPartition *pt, const HsSearchCore *c, const guint16 *S, guint n, const HsPat *row,
                  const HsPat *sub_row, guint cap)
{
  if (!hs_partition_measure(pt, c, S, n, row, sub_row, cap))
    return FALSE;
  hs_partition_place(pt, S, n, row, sub_row);
  return TRUE;
}

gboolean
hs_partition_measure(HsPartition *pt, const HsSearchCore *c, const guint16 *S, guint n, const HsPat *row,
                     const HsPat *sub_row, guint cap)
{
  pt->n_pats = 0;
  for (guint i = 0; i < n; i++) {
    const guint a = S[i], p = sub_row ? sub_row[i] : row[a];
    if (pt->cnt[p]++ == 0) {
      pt->pats[pt->n_pats++] = (HsPat)p;
      pt->h1[p] = pt->h2[p] = 0;
    } else if (pt->cnt[p] > cap) {
      for (guint k = 0; k < pt->n_pats; k++)
        pt->cnt[pt->pats[k]] = 0;
      pt->n_pats = 0;
      return FALSE;
    }
    pt->h1[p] += c->z1[a];
    pt->h2[p] += c->z2[a];
  }
  for (guint k = 0; k < pt->n_pats; k++) {
    const guint p = pt->pats[k];
    pt->size[p] = pt->cnt[p];
    pt->cnt[p] = 0;
  }
  return TRUE;
}

void
hs_partition_place(HsPartition *pt, const guint16 *S, guint n, const HsPat *row, const HsPat *sub_row)
{
  guint pos = 0;
  for (guint k = 0; k < pt->n_pats; k++) {
    const guint p = pt->pats[k];
    pt->start[p] = (guint16)pos;
    pos += pt->size[p];
  }
  for (guint i = 0; i < n; i++) {
    const guint p = sub_row ? sub_row[i] : row[S[i]];
    pt->buf[pt->start[p] + pt->cnt[p]++] = S[i];
  }
  for (guint k = 0; k < pt->n_pats; k++)
    pt->cnt[pt->pats[k]] = 0;
}

void
hs_partition_split(HsPartition *pt, const guint16 *S, guint n, const HsPat *row, const HsPat *sub_row)
{
  pt->n_pats = 0;
  for (guint i = 0; i < n; i++) {
    guint p = sub_row ? sub_row[i] : row[S[i]];
    if (pt->cnt[p]++ == 0)
      pt->pats[pt->n_pats++] = (HsPat)p;
  }
  guint pos = 0;
  for (guint k = 0; k < pt->n_pats; k++) {
    guint p = pt->pats[k];
    pt->start[p] = (guint16)pos;
    pt->size[p] = pt->cnt[p];
    pos += pt->cnt[p];
    pt->cnt[p] = 0;
  }
  for (guint i = 0; i < n; i++) {
    guint p = sub_row ? sub_row[i] : row[S[i]];
    pt->buf[pt->start[p] + pt->cnt[p]++] = S[i];
  }
  for (guint k = 0; k < pt->n_pats; k++)
    pt->cnt[pt->pats[k]] = 0;
}

/* ---- what the drivers share ---- */

guint
hs_search_opener_parts(const HsSearchCore *c, const guint16 *all, guint opener, HsPartition *pt, HsState *child,
                       HsPat *parts)
{
  hs_partition_make(pt, c, all, c->n_answers, c->rows[opener], NULL, G_MAXUINT);
  HsState root;
  hs_state_init(&root);
  guint n_parts = 0;
  for (guint k = 0; k < pt->n_pats; k++) {
    guint p = pt->pats[k];
    if (p == c->words->all_green)
      continue;
    parts[n_parts++] = (HsPat)p;
    child[p] = root;
    hs_state_add(&child[p], c, c->let[opener], (HsPat)p);
  }
  for (guint i = 1; i < n_parts; i++) {
    HsPat v = parts[i];
    guint j = i;
    while (j > 0 &&
           (pt->size[parts[j - 1]] < pt->size[v] || (pt->size[parts[j - 1]] == pt->size[v] && parts[j - 1] > v))) {
      parts[j] = parts[j - 1];
      j--;
    }
    parts[j] = v;
  }
  return n_parts;
}

gboolean
hs_search_cancelled_error(gboolean *cancelled, HsMemo *memo, GQuark domain, gint code, GError **error)
{
  if (!*cancelled)
    return FALSE;
  hs_memo_clear(memo);
  *cancelled = FALSE;
  g_set_error(error, domain, code, "search cancelled");
  return TRUE;
}

/* Plays node IDX of TB (state ST, R guesses left): FORCED, or the guess CHOOSE gives, then fills its
 * children depth-first the same way. A node that would need more than R guesses is an internal error
 * of DOMAIN/CODE. */
static gboolean
fill_tree(const HsSearchCore *c, HsTreeBuilder *tb, guint idx, const HsState *st, guint r, guint32 forced,
          HsSearchChoose choose, gpointer user, GQuark domain, gint code, GError **error)
{
  const HsNode *node = hs_tree_builder_node(tb, idx);
  const guint n = node->n_cands;
  const guint32 *cands = hs_tree_builder_cands(tb, idx);
  g_autofree guint16 *S = g_new(guint16, MAX(1u, n));
  for (guint i = 0; i < n; i++)
    S[i] = (guint16)cands[i];
  guint64 h1, h2;
  hs_set_hash(c, S, n, &h1, &h2);
  guint32 g = forced;
  if (g == HS_NONE && !choose(user, S, n, h1, h2, st, r, &g, error))
    return FALSE;
  guint k = 0, first = 0;
  if (!hs_tree_builder_play(tb, idx, g, c->rows[g], &k, &first, error))
    return FALSE;
  if (k > 0 && r <= 1) {
    g_set_error(error, domain, code, "internal error: a tree deeper than its cap");
    return FALSE;
  }
  for (guint i = 0; i < k; i++) {
    HsState cs = *st;
    hs_state_add(&cs, c, c->let[g], hs_tree_builder_node(tb, first + i)->pattern);
    if (!fill_tree(c, tb, first + i, &cs, r - 1, HS_NONE, choose, user, domain, code, error))
      return FALSE;
  }
  return TRUE;
}

HsStrategy *
hs_search_build_tree(const HsSearchCore *c, const HsSearchRoot *root, HsSearchChoose choose, gpointer user,
                     GQuark domain, gint code, GError **error)
{
  g_autoptr(HsTreeBuilder) tb = hs_tree_builder_new(c->words, c->rules, root->max_guesses);
  g_autofree guint32 *all = NULL;
  const guint32 *cands = root->cands;
  guint n = root->n;
  if (cands == NULL) {
    n = c->n_answers;
    all = g_new(guint32, MAX(1u, n));
    for (guint a = 0; a < n; a++)
      all[a] = a;
    cands = all;
  }
  hs_tree_builder_add_root(tb, cands, n, root->depth, root->pattern);
  HsState empty;
  hs_state_init(&empty);
  if (!fill_tree(c, tb, 0, root->st != NULL ? root->st : &empty, root->r, root->forced, choose, user, domain, code,
                 error))
    return NULL;
  return hs_tree_builder_finish(g_steal_pointer(&tb));
}
