/* hardsix — the exact prover: an AND-OR depth-limited search over every legal guess, with a memo keyed
 * by (candidate set, hard-mode constraint state, guesses left), and the tree it finds.
 *
 * How it stays fast. Legality is a compact state (greens, letter counts; strict also bans letters per
 * position and caps counts), so legal pools are a few ANDs of precomputed word bitsets and the memo
 * key is a hash of the state and of the candidate set (sums of random 64-bit keys, two of them).
 * A node tries guesses in max-bucket order and stops at the first that works; for each guess it
 * checks the parts largest first, after a pass that rejects the guess on any part the memo knows
 * to fail. Parts of at most r - 1 answers are solved by playing them in turn; with one guess left a
 * part must be a single answer; with two left one legal guess must split it into singletons (part2
 * answers that from the node's sub-table, and remembers the answer under the node's own, weaker
 * state too: when a part fails there, it fails after every guess of the node). A node remembers its
 * failing parts ("cores"): a later part that contains one, under a state at least as strict, fails
 * without a search. Nodes keep a sub-table (their pool's feedback rows restricted to their set),
 * from which their children gather their own rows instead of reading the big table. The FAST order
 * adds shortcuts (see prove.h): probing with node budgets, and reordering untried guesses by the
 * answers of the parts that made guesses fail. */
#include "hardsix/prove.h"
#include "hardsix/rank.h"

#include <string.h>

G_DEFINE_QUARK(hs - prove - error - quark, hs_prove_error)

#define ALL_LETTERS 0x3ffffffu
#define MEMO_FAIL G_MAXUINT32
#define DEFERRED G_MAXUINT16 /* score of a word known to be worse than the bound it was scored with */
/* Scratch levels: a node at level l partitions into level l; its parts are solved at level l + 1. */
#define MAX_LEVELS (HS_DEPTH_LIMIT + 2)
/* How often (in nodes) the cancel flag is read. */
#define CANCEL_EVERY 1024
/* FAST order: probes that cannot decide a guess are repeated with budgets PROBE_GROWTH times larger,
 * until the budget would pass PROBE_LIMIT and the guess is searched without one. */
#define PROBE_GROWTH 8
#define PROBE_LIMIT 200000
/* FAST order: the trouble set reorders the untried guesses after trouble_first failures, then after
 * TROUBLE_GROWTH times as many, and so on. */
#define TROUBLE_GROWTH 4
/* FAST order: with more than this many guesses left, the best candidate is tried before the pool is
 * scored (with fewer, the pool's sub-table is built first so that c*'s parts can use it). */
#define CSTAR_FIRST_ABOVE 3
/* Failing parts a node remembers (most recent ones), and the largest one it keeps. */
#define CORE_MAX 32
#define CORE_WORDS 128

/* What the hard-mode rules demand of the next guess after a history. The NYT rule only fills allow
 * (greens) and atleast (revealed letters); the strict rule also excludes letters where they were not
 * green and caps counts after a grey copy. Two histories with the same state allow the same words, so
 * the state (not the history) keys the memo. */
typedef struct {
  guint32 allow[HS_WORD_LEN];   /* letters allowed at each position (bit c for 'a' + c) */
  guint32 atleast[HS_WORD_LEN]; /* atleast[k]: letters the word must hold at least k + 1 times */
  guint32 atmost[HS_WORD_LEN];  /* atmost[k]: letters the word may hold at most k times */
} State;

typedef struct {
  guint64 k1, k2; /* 128-bit key: hashes of the candidate set, the state and the guesses left */
  guint32 val;    /* first guess that works, or MEMO_FAIL */
  guint32 gen;    /* entry is live when gen equals the memo's generation */
} MemoEntry;

typedef struct {
  MemoEntry *e;
  guint64 mask;  /* capacity - 1 (capacity a power of two) */
  guint64 count; /* live entries */
  guint32 gen;
} Memo;

/* A part known to be unsolvable with some number of guesses left under a state: any superset of it
 * under a state at least as strict is unsolvable too. */
typedef struct {
  State st;
  guint64 sig; /* OR of 1 << (answer % 64) over the part: a quick subset filter */
  guint n;     /* answers, at core_words + slot * CORE_WORDS */
} Core;

/* Scratch of one search level (one node per level is being expanded at any time). */
typedef struct {
  guint16 *buf;             /* the node's set, partitioned by the guess being tried */
  guint32 *legal;           /* the node's legal pool */
  guint16 *score;           /* max bucket per legal word (0: excluded) */
  guint32 *sorted;          /* positions in legal, in the order they are tried */
  guint32 *bucket;          /* counting-sort buckets */
  guint16 cnt[HS_PATTERNS]; /* part sizes (zero between uses) */
  guint16 start[HS_PATTERNS];
  guint16 size[HS_PATTERNS];
  guint64 h1[HS_PATTERNS], h2[HS_PATTERNS];
  guint8 pats[HS_PATTERNS]; /* patterns with a non-empty part */
  guint n_pats;
  State child[HS_PATTERNS];                   /* state after the guess, per part */
  guint64 ck1[HS_PATTERNS], ck2[HS_PATTERNS]; /* memo keys of the parts */
  guint64 pk1[HS_PATTERNS], pk2[HS_PATTERNS]; /* the same parts under the node's own state */
  guint8 pok[HS_PATTERNS];                    /* the part is known solvable under the node's own state */
  guint8 todo[HS_PATTERNS];                   /* parts that still need a search, in fail-first order */
  guint cap;                                  /* guesses with a part larger than this are rejected outright */
  Core *cores;                                /* parts that made the node's guesses fail, with their states */
  guint n_cores, next_core;
  guint16 *core_words; /* the cores' answers (CORE_MAX * CORE_WORDS) */
  guint failed;        /* after try_guess fails: the pattern of the part that failed */
  guint8 *tmark;       /* n_answers: answers in the trouble set (parts that made guesses fail) */
  guint16 *tlist;      /* the trouble set */
  guint n_trouble, n_fails, next_reorder;
  guint n_legal;
  guint32 *idx;     /* pool positions being scored */
  guint32 *unknown; /* pool positions a probe could not decide */
  guint n_unknown;
  guint32 *pidx; /* per legal word: its row in the parent's sub-table */
  guint16 *loc;  /* n_answers: position of each candidate in the node's set */
  guint8 *sub;   /* sub-table: sub[j * sub_n + i] = feedback(legal[j], set[i]) */
  gsize sub_cap; /* bytes allocated for sub */
  guint sub_n;
  gboolean sub_ok; /* sub holds the node's sub-table */
} Level;

struct HsProver {
  const HsTable *table;
  const HsWords *words;
  HsRules rules;
  HsProveOrder order;
  guint n_answers, n_words;
  guint n_blocks;              /* 64-bit blocks of a word bitset */
  gboolean all_rows;           /* the table holds every guess row */
  const guint8 **rows;         /* feedback row of every word (NULL when not stored) */
  guint8 (*let)[HS_WORD_LEN];  /* letters 0..25 of every word */
  guint32 (*has)[HS_WORD_LEN]; /* has[w][k]: letters occurring at least k + 1 times in w */
  guint64 *pos_bits;           /* [(i * 26 + c) * n_blocks]: words with letter c at position i */
  guint64 *cnt_bits;           /* [(k * 26 + c) * n_blocks]: words holding c at least k + 1 times */
  guint64 *acc;                /* n_blocks scratch */
  guint64 *z1, *z2;            /* random keys of the answers (candidate-set hashes are sums of these) */
  guint16 *all;                /* 0 .. n_answers - 1 */
  guint8 *mark;                /* n_words: candidates of the node being scored */
  guint16 cnt[HS_PATTERNS];    /* scoring scratch (zero between uses) */
  guint8 cnt8[256];            /* scoring scratch for small sets (zero between uses) */
  guint8 *row_buf;             /* n_answers: scoring scratch */
  Memo memo;
  Level *lv[MAX_LEVELS];
  volatile gint *cancel;
  gboolean cancelled;
  gboolean aborted;  /* a probe ran out of budget: unwinding, nothing is memoised */
  guint64 probe_end; /* node count at which the running probe stops (0: no probe) */
  guint64 tick;
  HsProveStats stats;
  HsProveTuning tuning;
};

gboolean
hs_prove_order_parse(const char *text, HsProveOrder *out, GError **error)
{
  if (g_strcmp0(text, "greedy") == 0)
    *out = HS_PROVE_ORDER_GREEDY;
  else if (g_strcmp0(text, "fast") == 0)
    *out = HS_PROVE_ORDER_FAST;
  else {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown search order '%s' (expected greedy or fast)",
                text ? text : "");
    return FALSE;
  }
  return TRUE;
}

const char *
hs_prove_order_name(HsProveOrder order)
{
  return order == HS_PROVE_ORDER_FAST ? "fast" : "greedy";
}

/* ---- hashing ---- */

static inline guint64
mix64(guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT(0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

static guint64
splitmix(guint64 *s)
{
  *s += G_GUINT64_CONSTANT(0x9e3779b97f4a7c15);
  return mix64(*s);
}

static void
state_hash(const State *st, guint64 *a, guint64 *b)
{
  const guint32 *v = (const guint32 *)(const void *)st;
  guint64 x = G_GUINT64_CONSTANT(0x243f6a8885a308d3), y = G_GUINT64_CONSTANT(0x13198a2e03707344);
  for (guint i = 0; i < sizeof(State) / sizeof(guint32); i += 2) {
    guint64 w = v[i] | (i + 1 < sizeof(State) / sizeof(guint32) ? (guint64)v[i + 1] << 32 : 0);
    x = mix64(x ^ w);
    y = mix64(y + w + G_GUINT64_CONSTANT(0x452821e638d01377));
  }
  *a = x;
  *b = y;
}

static inline void
key_with_state(guint64 h1, guint64 h2, guint64 sa, guint64 sb, guint n, guint r, guint64 *k1, guint64 *k2)
{
  *k1 = mix64(h1 ^ sa ^ ((guint64)r << 56));
  *k2 = mix64(h2 + sb + ((guint64)n << 8) + r);
}

static inline void
make_key(guint64 h1, guint64 h2, const State *st, guint n, guint r, guint64 *k1, guint64 *k2)
{
  guint64 sa, sb;
  state_hash(st, &sa, &sb);
  key_with_state(h1, h2, sa, sb, n, r, k1, k2);
}

/* ---- memo: open addressing, linear probing; a generation number empties it in O(1) ---- */

static void
memo_init(Memo *m)
{
  m->mask = (1u << 16) - 1;
  m->e = g_new0(MemoEntry, m->mask + 1);
  m->gen = 1;
  m->count = 0;
}

static void
memo_clear(Memo *m)
{
  m->count = 0;
  if (++m->gen == 0) { /* wrapped: really clear */
    memset(m->e, 0, (m->mask + 1) * sizeof(MemoEntry));
    m->gen = 1;
  }
}

static const MemoEntry *
memo_find(const Memo *m, guint64 k1, guint64 k2)
{
  for (guint64 i = k1 & m->mask;; i = (i + 1) & m->mask) {
    const MemoEntry *e = &m->e[i];
    if (e->gen != m->gen)
      return NULL;
    if (e->k1 == k1 && e->k2 == k2)
      return e;
  }
}

static void
memo_grow(Memo *m)
{
  MemoEntry *old = m->e;
  guint64 old_cap = m->mask + 1;
  guint32 gen = m->gen;
  m->mask = 2 * old_cap - 1;
  m->e = g_new0(MemoEntry, m->mask + 1);
  m->gen = 1;
  for (guint64 j = 0; j < old_cap; j++) {
    if (old[j].gen != gen)
      continue;
    guint64 i = old[j].k1 & m->mask;
    while (m->e[i].gen == m->gen)
      i = (i + 1) & m->mask;
    m->e[i] = old[j];
    m->e[i].gen = m->gen;
  }
  g_free(old);
}

static void
memo_put(Memo *m, guint64 k1, guint64 k2, guint32 val)
{
  if (2 * (m->count + 1) > m->mask + 1)
    memo_grow(m);
  guint64 i = k1 & m->mask;
  for (;; i = (i + 1) & m->mask) {
    MemoEntry *e = &m->e[i];
    if (e->gen != m->gen)
      break;
    if (e->k1 == k1 && e->k2 == k2) {
      e->val = val;
      return;
    }
  }
  m->e[i].k1 = k1;
  m->e[i].k2 = k2;
  m->e[i].val = val;
  m->e[i].gen = m->gen;
  m->count++;
}

/* ---- hard-mode state ---- */

static void
state_init(State *st)
{
  memset(st, 0, sizeof *st);
  for (guint i = 0; i < HS_WORD_LEN; i++)
    st->allow[i] = ALL_LETTERS;
}

/* Adds the row (guess G, PATTERN) to ST. */
static void
state_add(State *st, HsRules rules, const guint8 *g, guint8 pattern)
{
  guint8 tile[HS_WORD_LEN];
  guint p = pattern;
  for (int i = HS_WORD_LEN - 1; i >= 0; i--, p /= 3)
    tile[i] = (guint8)(p % 3);
  guint8 rev[26] = { 0 };
  guint32 grey = 0;
  for (guint i = 0; i < HS_WORD_LEN; i++) {
    guint32 bit = 1u << g[i];
    if (tile[i] == 2)
      st->allow[i] &= bit;
    else if (rules == HS_RULES_STRICT)
      st->allow[i] &= ~bit;
    if (tile[i] != 0)
      rev[g[i]]++;
    else
      grey |= bit;
  }
  for (guint i = 0; i < HS_WORD_LEN; i++) {
    guint c = g[i];
    guint32 bit = 1u << c;
    for (guint k = 0; k < rev[c]; k++)
      st->atleast[k] |= bit;
    /* Strict: a grey copy means the answer holds exactly the revealed number of copies. */
    if (rules == HS_RULES_STRICT && (grey & bit))
      for (guint k = rev[c]; k < HS_WORD_LEN; k++)
        st->atmost[k] |= bit;
  }
}

static inline gboolean
state_allows(const HsProver *P, const State *st, guint w)
{
  const guint8 *l = P->let[w];
  const guint32 *h = P->has[w];
  for (guint i = 0; i < HS_WORD_LEN; i++)
    if (!((st->allow[i] >> l[i]) & 1u))
      return FALSE;
  for (guint k = 0; k < HS_WORD_LEN; k++)
    if ((st->atleast[k] & ~h[k]) != 0 || (st->atmost[k] & h[k]) != 0)
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

/* Sets P->acc to the bitset of the words ST allows: one AND (or AND NOT) per constraint instead of a
 * test per word. */
static void
state_bits(HsProver *P, const State *st)
{
  const guint nb = P->n_blocks;
  guint64 *acc = P->acc;
  for (guint i = 0; i < nb; i++)
    acc[i] = G_MAXUINT64;
  if (P->n_words % 64)
    acc[nb - 1] = (G_GUINT64_CONSTANT(1) << (P->n_words % 64)) - 1;
  for (guint i = 0; i < HS_WORD_LEN; i++) {
    guint32 a = st->allow[i];
    if (a == ALL_LETTERS)
      continue;
    if (a != 0 && (a & (a - 1)) == 0) {
      bits_and(acc, P->pos_bits + (gsize)(i * 26 + (guint)g_bit_nth_lsf(a, -1)) * nb, nb);
    } else {
      for (guint32 x = ~a & ALL_LETTERS; x; x &= x - 1)
        bits_andnot(acc, P->pos_bits + (gsize)(i * 26 + (guint)g_bit_nth_lsf(x, -1)) * nb, nb);
    }
  }
  /* Only the strongest bound per letter matters: the highest atleast, the lowest atmost. */
  guint32 done = 0;
  for (int k = HS_WORD_LEN - 1; k >= 0; k--) {
    for (guint32 x = st->atleast[k] & ~done; x; x &= x - 1)
      bits_and(acc, P->cnt_bits + (gsize)(k * 26 + g_bit_nth_lsf(x, -1)) * nb, nb);
    done |= st->atleast[k];
  }
  done = 0;
  for (guint k = 0; k < HS_WORD_LEN; k++) {
    for (guint32 x = st->atmost[k] & ~done; x; x &= x - 1)
      bits_andnot(acc, P->cnt_bits + (gsize)(k * 26 + (guint)g_bit_nth_lsf(x, -1)) * nb, nb);
    done |= st->atmost[k];
  }
}

/* Writes the words ST allows, in canonical order, to OUT; returns their count. */
static guint
state_legal(HsProver *P, const State *st, guint32 *out)
{
  state_bits(P, st);
  guint n = 0;
  for (guint i = 0; i < P->n_blocks; i++)
    for (guint64 x = P->acc[i]; x; x &= x - 1)
      out[n++] = i * 64 + (guint)__builtin_ctzll(x);
  return n;
}

/* ---- prover ---- */

HsProver *
hs_prover_new(const HsTable *table, HsRules rules, HsProveOrder order)
{
  HsProver *P = g_new0(HsProver, 1);
  const HsWords *w = hs_table_words(table);
  P->table = table;
  P->words = w;
  P->rules = rules;
  P->order = order;
  P->n_answers = w->n_answers;
  P->n_words = w->n_words;
  P->n_blocks = (w->n_words + 63) / 64;
  P->rows = g_new0(const guint8 *, w->n_words);
  P->all_rows = TRUE;
  for (guint g = 0; g < w->n_words; g++) {
    if (hs_table_has_row(table, g))
      P->rows[g] = hs_table_row(table, g, NULL);
    else
      P->all_rows = FALSE;
  }
  P->let = g_malloc((gsize)w->n_words * sizeof *P->let);
  P->has = g_malloc0((gsize)w->n_words * sizeof *P->has);
  const guint nb = P->n_blocks;
  P->pos_bits = g_new0(guint64, (gsize)HS_WORD_LEN * 26 * nb);
  P->cnt_bits = g_new0(guint64, (gsize)HS_WORD_LEN * 26 * nb);
  P->acc = g_new(guint64, nb);
  for (guint g = 0; g < w->n_words; g++) {
    guint8 count[26] = { 0 };
    for (guint i = 0; i < HS_WORD_LEN; i++) {
      guint c = (guint)(w->text[g][i] - 'a');
      P->let[g][i] = (guint8)c;
      P->pos_bits[(gsize)(i * 26 + c) * nb + g / 64] |= G_GUINT64_CONSTANT(1) << (g % 64);
      guint k = count[c]++;
      P->has[g][k] |= 1u << c;
      P->cnt_bits[(gsize)(k * 26 + c) * nb + g / 64] |= G_GUINT64_CONSTANT(1) << (g % 64);
    }
  }
  guint64 seed = G_GUINT64_CONSTANT(0x6861726473697821); /* fixed: hashes are reproducible */
  P->z1 = g_new(guint64, MAX(1u, w->n_answers));
  P->z2 = g_new(guint64, MAX(1u, w->n_answers));
  P->all = g_new(guint16, MAX(1u, w->n_answers));
  for (guint a = 0; a < w->n_answers; a++) {
    P->z1[a] = splitmix(&seed);
    P->z2[a] = splitmix(&seed);
    P->all[a] = (guint16)a;
  }
  P->mark = g_new0(guint8, w->n_words);
  P->row_buf = g_new(guint8, MAX(1u, w->n_answers));
  memo_init(&P->memo);
  hs_prove_tuning_init(&P->tuning);
  return P;
}

void
hs_prove_tuning_init(HsProveTuning *t)
{
  t->probe_min_r = 4;
  t->probe_budget = 800;
  t->trouble_first = 4;
  t->sub_budget = 4u << 20;
}

void
hs_prover_set_tuning(HsProver *P, const HsProveTuning *t)
{
  P->tuning = *t;
  P->tuning.probe_budget = MAX(1u, t->probe_budget);
  memo_clear(&P->memo); /* entries found under other settings may name other guesses */
}

static void
level_free(Level *L)
{
  if (L == NULL)
    return;
  g_free(L->buf);
  g_free(L->legal);
  g_free(L->score);
  g_free(L->sorted);
  g_free(L->bucket);
  g_free(L->sub);
  g_free(L->pidx);
  g_free(L->tmark);
  g_free(L->tlist);
  g_free(L->idx);
  g_free(L->unknown);
  g_free(L->cores);
  g_free(L->core_words);
  g_free(L->loc);
  g_free(L);
}

void
hs_prover_free(HsProver *P)
{
  if (P == NULL)
    return;
  for (guint l = 0; l < MAX_LEVELS; l++)
    level_free(P->lv[l]);
  g_free(P->rows);
  g_free(P->let);
  g_free(P->has);
  g_free(P->pos_bits);
  g_free(P->cnt_bits);
  g_free(P->acc);
  g_free(P->z1);
  g_free(P->z2);
  g_free(P->all);
  g_free(P->mark);
  g_free(P->row_buf);
  g_free(P->memo.e);
  g_free(P);
}

void
hs_prover_set_cancel(HsProver *P, volatile gint *cancel)
{
  P->cancel = cancel;
}

void
hs_prover_reset(HsProver *P)
{
  memo_clear(&P->memo);
}

static Level *
level(HsProver *P, guint l)
{
  if (P->lv[l] == NULL) {
    Level *L = g_new0(Level, 1);
    L->buf = g_new(guint16, MAX(1u, P->n_answers));
    L->legal = g_new(guint32, P->n_words);
    L->score = g_new(guint16, P->n_words);
    L->sorted = g_new(guint32, P->n_words);
    L->bucket = g_new(guint32, 2 * (gsize)P->n_answers + 4);
    L->cap = G_MAXUINT;
    L->pidx = g_new(guint32, P->n_words);
    L->tmark = g_new0(guint8, MAX(1u, P->n_answers));
    L->tlist = g_new(guint16, MAX(1u, P->n_answers));
    L->idx = g_new(guint32, P->n_words);
    L->unknown = g_new(guint32, P->n_words);
    L->cores = g_new(Core, CORE_MAX);
    L->core_words = g_new(guint16, CORE_MAX * CORE_WORDS);
    L->loc = g_new0(guint16, MAX(1u, P->n_answers));
    P->lv[l] = L;
  }
  return P->lv[l];
}

/* ---- search ---- */

static gboolean solve(HsProver *P, const guint16 *S, guint n, guint64 h1, guint64 h2, const State *st, guint r,
                      guint lvl, guint32 *guess);

static inline gboolean
stopped(const HsProver *P)
{
  return P->cancelled || P->aborted;
}

/* Results of try_guess. */
enum { TRY_FAILS = 0, TRY_WORKS = 1, TRY_UNKNOWN = 2 };

/* TRUE when ROW gives every word of S its own pattern. */
static inline gboolean
injective(const guint8 *row, const guint16 *S, guint n)
{
  guint64 seen[4] = { 0, 0, 0, 0 };
  for (guint i = 0; i < n; i++) {
    guint p = row[S[i]];
    guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
    if (seen[p >> 6] & bit)
      return FALSE;
    seen[p >> 6] |= bit;
  }
  return TRUE;
}

/* Largest part of S under ROW, or some value >= BOUND as soon as it reaches BOUND. */
static guint
max_bucket(HsProver *P, const guint8 *row, const guint16 *S, guint n, guint bound)
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

/* Partitions S by guess W into level L: part p is buf[start[p] .. start[p] + size[p]) (canonical
 * order kept), with hashes h1[p], h2[p]; pats lists the non-empty parts. Returns FALSE (partition
 * not made, L->failed set to HS_PATTERNS) as soon as a part holds more than CAP answers. */
static gboolean
partition(HsProver *P, Level *L, const guint16 *S, guint n, guint w, const guint8 *sub_row, guint cap)
{
  const guint8 *row = P->rows[w];
  L->n_pats = 0;
  for (guint i = 0; i < n; i++) {
    guint p = sub_row ? sub_row[i] : row[S[i]];
    if (L->cnt[p]++ == 0)
      L->pats[L->n_pats++] = (guint8)p;
    else if (L->cnt[p] > cap) {
      /* A part too big to be solvable: stop here. */
      for (guint k = 0; k < L->n_pats; k++)
        L->cnt[L->pats[k]] = 0;
      L->n_pats = 0;
      return FALSE;
    }
  }
  guint pos = 0;
  for (guint k = 0; k < L->n_pats; k++) {
    guint p = L->pats[k];
    L->start[p] = (guint16)pos;
    L->size[p] = L->cnt[p];
    pos += L->cnt[p];
    L->cnt[p] = 0;
    L->h1[p] = L->h2[p] = 0;
  }
  for (guint i = 0; i < n; i++) {
    guint a = S[i], p = sub_row ? sub_row[i] : row[a];
    L->buf[L->start[p] + L->cnt[p]++] = (guint16)a;
    L->h1[p] += P->z1[a];
    L->h2[p] += P->z2[a];
  }
  for (guint k = 0; k < L->n_pats; k++)
    L->cnt[L->pats[k]] = 0;
  return TRUE;
}

/* A part T (K answers, hashes H1/H2) of a node with three guesses left, after its guess: can one guess
 * legal under CHILD split T into singletons? Answered from the node's sub-table (rows of its legal
 * words, restricted to its set) instead of the feedback table. The same question under the node's own
 * (weaker) state PARENT is answered on the way and memoised too: many guesses of the node leave the
 * same part, and when T fails under PARENT it fails under every stronger state. Order: candidates of
 * T, then legal words in canonical order, as in solve2. */
static gboolean
part2(HsProver *P, Level *L, const guint16 *T, guint k, guint64 pk1, guint64 pk2, gboolean parent_ok,
      const State *child, guint64 ck1, guint64 ck2)
{
  P->stats.nodes++;
  for (guint i = 0; i < k; i++)
    if (injective(P->rows[T[i]], T, k)) {
      memo_put(&P->memo, ck1, ck2, T[i]);
      if (!parent_ok)
        memo_put(&P->memo, pk1, pk2, T[i]);
      return TRUE;
    }
  guint16 tl[HS_PATTERNS];
  for (guint i = 0; i < k; i++)
    tl[i] = L->loc[T[i]];
  const guint m = L->sub_n;
  const guint8 *row = L->sub;
  for (guint j = 0; j < L->n_legal; j++, row += m) {
    guint64 seen[4] = { 0, 0, 0, 0 };
    guint i = 0;
    for (; i < k; i++) {
      guint p = row[tl[i]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      if (seen[p >> 6] & bit)
        break;
      seen[p >> 6] |= bit;
    }
    if (i < k)
      continue;
    guint w = L->legal[j];
    if (!parent_ok) {
      memo_put(&P->memo, pk1, pk2, w);
      parent_ok = TRUE;
    }
    if (state_allows(P, child, w)) {
      memo_put(&P->memo, ck1, ck2, w);
      return TRUE;
    }
  }
  if (!parent_ok)
    memo_put(&P->memo, pk1, pk2, MEMO_FAIL);
  memo_put(&P->memo, ck1, ck2, MEMO_FAIL);
  return FALSE;
}

/* TRUE when every word state B allows is allowed by A (B is at least as strict). */
static gboolean
state_within(const State *a, const State *b)
{
  for (guint i = 0; i < HS_WORD_LEN; i++)
    if ((b->allow[i] & ~a->allow[i]) || (a->atleast[i] & ~b->atleast[i]) || (a->atmost[i] & ~b->atmost[i]))
      return FALSE;
  return TRUE;
}

static guint64
set_signature(const guint16 *T, guint n)
{
  guint64 sig = 0;
  for (guint i = 0; i < n; i++)
    sig |= G_GUINT64_CONSTANT(1) << (T[i] % 64);
  return sig;
}

/* Remembers the part T (N answers, canonical order) under ST as failing at level L. */
static void
core_add(Level *L, const guint16 *T, guint n, const State *st)
{
  if (n > CORE_WORDS)
    return;
  guint slot = L->next_core;
  L->next_core = (L->next_core + 1) % CORE_MAX;
  L->n_cores = MIN(L->n_cores + 1, CORE_MAX);
  Core *c = &L->cores[slot];
  c->st = *st;
  c->n = n;
  c->sig = set_signature(T, n);
  memcpy(L->core_words + (gsize)slot * CORE_WORDS, T, n * sizeof *T);
}

/* TRUE when the part T (N answers, SIG its signature) under ST contains a remembered failing part
 * under a state no stricter than ST: then T fails too. */
static gboolean
core_covers(const Level *L, const guint16 *T, guint n, guint64 sig, const State *st)
{
  for (guint k = 0; k < L->n_cores; k++) {
    const Core *c = &L->cores[k];
    if (c->n > n || (c->sig & ~sig) || !state_within(&c->st, st))
      continue;
    /* Subset test by merging the two sorted lists. */
    const guint16 *F = L->core_words + (gsize)k * CORE_WORDS;
    guint i = 0, j = 0;
    while (i < c->n && j < n && c->n - i <= n - j) {
      if (F[i] == T[j])
        i++;
      j++;
    }
    if (i == c->n)
      return TRUE;
  }
  return FALSE;
}

/* Does guess W split S (level LVL) into parts that are all solvable within R - 1 guesses? Parts are
 * searched largest first (fail-first), after a memo pass that rejects W on any part known to fail.
 * With PROBE, each part gets a node budget and TRY_UNKNOWN says that one ran out. SUB_ROW is W's row
 * of the node's sub-table, or NULL. */
static int
try_guess(HsProver *P, const guint16 *S, guint n, const State *st, guint w, const guint8 *sub_row, guint r, guint lvl,
          guint64 probe)
{
  Level *L = level(P, lvl);
  if (!partition(P, L, S, n, w, sub_row, L->cap)) {
    L->failed = HS_PATTERNS; /* no part to blame: the partition was not made */
    return TRY_FAILS;
  }
  const gboolean sub = r == 3 && L->sub_ok;
  guint64 sa = 0, sb = 0;
  if (sub)
    state_hash(st, &sa, &sb);
  /* Parts of at most r - 1 answers are solvable by playing them one by one. */
  guint n_todo = 0;
  for (guint k = 0; k < L->n_pats; k++) {
    guint p = L->pats[k], size = L->size[p];
    if (p == HS_ALL_GREEN || size <= 1 || size <= r - 1)
      continue;
    if (r - 1 <= 1 || (r - 1 == 2 && size > HS_PATTERNS)) {
      L->failed = p;
      return TRY_FAILS;
    }
    L->child[p] = *st;
    state_add(&L->child[p], P->rules, P->let[w], (guint8)p);
    make_key(L->h1[p], L->h2[p], &L->child[p], size, r - 1, &L->ck1[p], &L->ck2[p]);
    const MemoEntry *e = memo_find(&P->memo, L->ck1[p], L->ck2[p]);
    if (e != NULL) {
      P->stats.memo_hits++;
      if (e->val == MEMO_FAIL) {
        L->failed = p;
        return TRY_FAILS;
      }
      continue;
    }
    if (sub) {
      key_with_state(L->h1[p], L->h2[p], sa, sb, size, 2, &L->pk1[p], &L->pk2[p]);
      e = memo_find(&P->memo, L->pk1[p], L->pk2[p]);
      L->pok[p] = 0;
      if (e != NULL) {
        P->stats.memo_hits++;
        if (e->val == MEMO_FAIL) {
          memo_put(&P->memo, L->ck1[p], L->ck2[p], MEMO_FAIL);
          L->failed = p;
          return TRY_FAILS;
        }
        /* The first guess that works under the weaker state works here too when it is legal. */
        if (state_allows(P, &L->child[p], e->val)) {
          memo_put(&P->memo, L->ck1[p], L->ck2[p], e->val);
          continue;
        }
        L->pok[p] = 1;
      }
    }
    L->todo[n_todo++] = (guint8)p;
  }
  /* Largest part first; ties in pattern order. */
  for (guint i = 1; i < n_todo; i++) {
    guint8 v = L->todo[i];
    guint j = i;
    while (j > 0 &&
           (L->size[L->todo[j - 1]] < L->size[v] || (L->size[L->todo[j - 1]] == L->size[v] && L->todo[j - 1] > v))) {
      L->todo[j] = L->todo[j - 1];
      j--;
    }
    L->todo[j] = v;
  }
  for (guint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    const guint16 *T = L->buf + L->start[p];
    gboolean ok;
    if (!sub && r - 1 >= 3 && L->n_cores > 0 &&
        core_covers(L, T, L->size[p], set_signature(T, L->size[p]), &L->child[p])) {
      memo_put(&P->memo, L->ck1[p], L->ck2[p], MEMO_FAIL);
      L->failed = p;
      return TRY_FAILS;
    }
    if (sub) {
      ok = part2(P, L, T, L->size[p], L->pk1[p], L->pk2[p], L->pok[p], &L->child[p], L->ck1[p], L->ck2[p]);
    } else {
      guint32 g;
      if (probe)
        P->probe_end = P->stats.nodes + probe;
      ok = solve(P, T, L->size[p], L->h1[p], L->h2[p], &L->child[p], r - 1, lvl + 1, &g);
      if (probe) {
        P->probe_end = 0;
        if (P->aborted) {
          P->aborted = FALSE;
          return TRY_UNKNOWN;
        }
      }
    }
    if (!ok) {
      if (!sub && r - 1 >= 3)
        core_add(L, T, L->size[p], &L->child[p]);
      L->failed = p;
      return TRY_FAILS;
    }
  }
  return TRY_WORKS;
}

/* Two guesses left: some legal guess must give every candidate its own pattern. Candidates first (in
 * canonical order), then the other legal words in canonical order. */
static gboolean
solve2(HsProver *P, const guint16 *S, guint n, const State *st, guint lvl, guint32 *guess)
{
  for (guint i = 0; i < n; i++)
    if (injective(P->rows[S[i]], S, n)) {
      *guess = S[i];
      return TRUE;
    }
  Level *L = level(P, lvl);
  guint n_legal = state_legal(P, st, L->legal);
  for (guint j = 0; j < n_legal; j++) {
    guint w = L->legal[j];
    if (injective(P->rows[w], S, n)) {
      *guess = w;
      return TRUE;
    }
  }
  return FALSE;
}

/* Scores the pool positions IDX[0..M) of level L on S: max bucket into L->score[j]. With SUB the
 * rows are also kept in the sub-table; with COLS (not NULL) they are read from the parent PL's
 * sub-table instead of the feedback table. Returns the most parts any of them makes of S. */
static guint
score_positions(HsProver *P, Level *L, const Level *PL, const guint16 *S, guint n, const guint32 *idx, guint m,
                gboolean sub, const guint16 *cols)
{
  guint16 *cnt = P->cnt;
  guint max_distinct = 0;
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    guint8 *out = sub ? L->sub + (gsize)j * n : P->row_buf;
    guint mb = 0, distinct = 0;
    if (cols != NULL) {
      /* n <= 243 here: byte counters, cleared in one sweep. */
      const guint8 *src = PL->sub + (gsize)L->pidx[j] * PL->sub_n;
      guint8 *c8 = P->cnt8;
      for (guint i = 0; i < n; i++) {
        guint8 p = out[i] = src[cols[i]];
        guint c = ++c8[p];
        distinct += c == 1;
        mb = MAX(mb, c);
      }
      memset(c8, 0, 256);
      L->score[j] = (guint16)mb;
      max_distinct = MAX(max_distinct, distinct);
      continue;
    } else {
      const guint8 *row = P->rows[L->legal[j]];
      for (guint i = 0; i < n; i++) {
        guint8 p = out[i] = row[S[i]];
        guint c = ++cnt[p];
        distinct += c == 1;
        mb = MAX(mb, c);
      }
    }
    for (guint i = 0; i < n; i++)
      cnt[out[i]] = 0;
    L->score[j] = (guint16)mb;
    max_distinct = MAX(max_distinct, distinct);
  }
  return max_distinct;
}

/* Writes the positions IDX[0..M) whose score is at most CAP and whose word is not SKIP to OUT, in the
 * order they are tried: max bucket, then candidates (P->mark) first, then canonical. Returns their
 * count. OUT may not alias IDX. */
static guint
order_positions(HsProver *P, Level *L, guint n, const guint32 *idx, guint m, guint cap, guint32 skip, guint32 *out)
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

/* After a failed try: adds the part that failed to the trouble set; TRUE when it is time to reorder. */
static gboolean
note_failure(Level *L)
{
  if (L->failed >= HS_PATTERNS)
    return FALSE;
  const guint16 *T = L->buf + L->start[L->failed];
  for (guint i = 0; i < L->size[L->failed]; i++)
    if (!L->tmark[T[i]]) {
      L->tmark[T[i]] = 1;
      L->tlist[L->n_trouble++] = T[i];
    }
  if (++L->n_fails < L->next_reorder)
    return FALSE;
  L->next_reorder *= TROUBLE_GROWTH;
  return TRUE;
}

/* Reorders the positions ORDER[0..M) (stable) by the largest part they make of the trouble set: the
 * answers of the parts that made earlier guesses fail. */
static void
reorder_by_trouble(HsProver *P, Level *L, guint32 *order, guint m)
{
  guint16 *cnt = P->cnt;
  guint32 *tmp = L->idx;
  const guint nt = L->n_trouble;
  guint *bucket = L->bucket;
  memset(bucket, 0, (nt + 2) * sizeof *bucket);
  for (guint k = 0; k < m; k++) {
    guint j = order[k];
    const guint8 *row = P->rows[L->legal[j]];
    guint mb = 0;
    for (guint i = 0; i < nt; i++) {
      guint c = ++cnt[row[L->tlist[i]]];
      mb = MAX(mb, c);
    }
    for (guint i = 0; i < nt; i++)
      cnt[row[L->tlist[i]]] = 0;
    L->score[j] = (guint16)mb; /* the max bucket on S is not needed any more */
    bucket[mb + 1]++;
  }
  for (guint t = 1; t <= nt + 1; t++)
    bucket[t] += bucket[t - 1];
  for (guint k = 0; k < m; k++)
    tmp[bucket[L->score[order[k]]]++] = order[k];
  memcpy(order, tmp, m * sizeof *order);
}

/* Tries the pool positions ORDER[0..M) in turn; TRUE (with *GUESS) on the first that works. With
 * PROBING, positions whose probe ran out of budget are appended to L->unknown; and the answers of the
 * parts that make guesses fail are gathered, and from time to time the guesses not yet tried are
 * reordered to split those first. */
static gboolean
try_positions(HsProver *P, Level *L, const guint16 *S, guint n, const State *st, guint r, guint lvl, guint32 *order,
              guint m, guint64 probing, guint32 *guess)
{
  for (guint k = 0; k < m; k++) {
    guint j = order[k];
    int res = try_guess(P, S, n, st, L->legal[j], L->sub_ok ? L->sub + (gsize)j * n : NULL, r, lvl, probing);
    if (res == TRY_WORKS) {
      *guess = L->legal[j];
      return TRUE;
    }
    if (stopped(P))
      return FALSE;
    if (res == TRY_UNKNOWN) {
      L->unknown[L->n_unknown++] = j;
      continue;
    }
    if (probing && note_failure(L))
      reorder_by_trouble(P, L, order + k + 1, m - k - 1);
  }
  return FALSE;
}

/* Like score_positions without a sub-table, but a word stops being scored as soon as one of its parts
 * exceeds BOUND; its score is then DEFERRED (it comes after every word scored here). */
static void
score_bounded(HsProver *P, Level *L, const guint16 *S, guint n, const guint32 *idx, guint m, guint bound)
{
  guint16 *cnt = P->cnt;
  for (guint k = 0; k < m; k++) {
    guint j = idx[k];
    const guint8 *row = P->rows[L->legal[j]];
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

/* Three or more guesses left. Guesses are tried in the prover's order (see HsProveOrder); the order
 * is computed lazily where that is cheaper, never changed. */
static gboolean
solve_deep(HsProver *P, const guint16 *S, guint n, const State *st, guint r, guint lvl, guint32 *guess)
{
  Level *L = level(P, lvl);
  L->sub_ok = FALSE;
  L->n_unknown = 0;
  for (guint i = 0; i < L->n_trouble; i++)
    L->tmark[L->tlist[i]] = 0;
  L->n_trouble = L->n_fails = 0;
  L->next_reorder = P->tuning.trouble_first ? P->tuning.trouble_first : G_MAXUINT;
  L->cap = G_MAXUINT;
  L->n_cores = L->next_core = 0;
  const gboolean fast = P->order == HS_PROVE_ORDER_FAST;
  /* Probing changes which working guess is found first, so only the FAST order does it; a probe
   * never starts inside another. */
  const guint64 probing =
    fast && P->tuning.probe_min_r && r >= P->tuning.probe_min_r && P->probe_end == 0 ? P->tuning.probe_budget : 0;
  /* The best candidate c* (smallest max bucket, canonical on ties). */
  guint best = G_MAXUINT;
  guint32 cstar = S[0];
  for (guint i = 0; i < n && best > 1; i++) {
    guint mb = max_bucket(P, P->rows[S[i]], S, n, best);
    if (mb < best) {
      best = mb;
      cstar = S[i];
    }
  }
  int cstar_res = TRY_FAILS;
  if (fast) {
    /* Every part no bigger than the guesses left after it: solvable. */
    if (best <= r - 1) {
      *guess = cstar;
      return TRUE;
    }
    if (r > CSTAR_FIRST_ABOVE) {
      cstar_res = try_guess(P, S, n, st, cstar, NULL, r, lvl, probing);
      if (cstar_res == TRY_WORKS) {
        *guess = cstar;
        return TRUE;
      }
      if (cstar_res == TRY_FAILS && probing)
        note_failure(L);
      if (stopped(P))
        return FALSE;
    }
  }
  const guint32 skip = fast ? cstar : HS_NONE; /* FAST tries c* first, so not again */

  /* The legal pool; when the parent kept a sub-table, the pool's rows are read from it (a small,
   * cache-resident array) instead of the feedback table. */
  const Level *PL = lvl > 0 ? P->lv[lvl - 1] : NULL;
  const gboolean from_parent = PL != NULL && PL->sub_ok && n <= HS_PATTERNS;
  guint n_legal;
  if (from_parent) {
    state_bits(P, st);
    n_legal = 0;
    for (guint j = 0; j < PL->n_legal; j++) {
      guint w = PL->legal[j];
      if ((P->acc[w / 64] >> (w % 64)) & 1u) {
        L->legal[n_legal] = w;
        L->pidx[n_legal++] = j;
      }
    }
  } else {
    n_legal = state_legal(P, st, L->legal);
  }
  L->n_legal = n_legal;
  /* A node whose pool fits the budget keeps the pool's rows on S (a sub-table) for scoring, for its
   * parts' pools and for part2; bigger nodes score lazily from the feedback table. */
  const gboolean sub = (gsize)n_legal * n <= P->tuning.sub_budget;
  if (sub && L->sub_cap < (gsize)n_legal * n) {
    g_free(L->sub);
    L->sub_cap = MAX((gsize)n_legal * n, MIN(P->tuning.sub_budget, (gsize)1 << 20));
    L->sub = g_malloc(L->sub_cap);
  }
  guint16 cols[HS_PATTERNS];
  for (guint i = 0; i < n; i++) {
    P->mark[S[i]] = 1;
    L->loc[S[i]] = (guint16)i;
    if (from_parent)
      cols[i] = PL->loc[S[i]];
  }
  for (guint j = 0; j < n_legal; j++)
    L->idx[j] = j;

  gboolean found = FALSE;
  if (sub) {
    guint max_distinct = score_positions(P, L, PL, S, n, L->idx, n_legal, TRUE, from_parent ? cols : NULL);
    L->sub_ok = TRUE;
    L->sub_n = n;
    /* With two guesses left after this one, a part must be split into singletons by one guess legal
     * below here: it cannot be larger than the most parts any legal word makes of S. */
    guint cap = r == 3 ? max_distinct : n;
    guint m = order_positions(P, L, n, L->idx, n_legal, cap, skip, L->sorted);
    if (fast && r <= CSTAR_FIRST_ABOVE) {
      cstar_res = try_guess(P, S, n, st, cstar, NULL, r, lvl, probing);
      found = cstar_res == TRY_WORKS;
      if (found)
        *guess = cstar;
      else if (cstar_res == TRY_FAILS && probing)
        note_failure(L);
    }
    if (!found && !stopped(P))
      found = try_positions(P, L, S, n, st, r, lvl, L->sorted, m, probing, guess);
  } else {
    if (fast && r <= CSTAR_FIRST_ABOVE) {
      cstar_res = try_guess(P, S, n, st, cstar, NULL, r, lvl, probing);
      found = cstar_res == TRY_WORKS;
      if (found)
        *guess = cstar;
      else if (cstar_res == TRY_FAILS && probing)
        note_failure(L);
    }
    /* Words no worse than c* are scored and tried first; the rest, already known to be worse, only
     * when none of those works. Same order as scoring everything at once. */
    guint bound = MAX(best, r), m = 0;
    if (!found && !stopped(P)) {
      score_bounded(P, L, S, n, L->idx, n_legal, bound);
      m = order_positions(P, L, n, L->idx, n_legal, bound, skip, L->sorted);
      found = try_positions(P, L, S, n, st, r, lvl, L->sorted, m, probing, guess);
    }
    if (!found && !stopped(P)) {
      guint n_def = 0;
      for (guint j = 0; j < n_legal; j++)
        if (L->score[j] == DEFERRED)
          L->idx[n_def++] = j;
      score_positions(P, L, PL, S, n, L->idx, n_def, FALSE, NULL);
      m = order_positions(P, L, n, L->idx, n_def, n, skip, L->sorted);
      found = try_positions(P, L, S, n, st, r, lvl, L->sorted, m, probing, guess);
    }
  }
  for (guint i = 0; i < n; i++)
    P->mark[S[i]] = 0;
  if (found || stopped(P))
    return found;

  /* Later rounds: the guesses no probe could decide yet, in the same order, with larger budgets and
   * at last without one. */
  for (guint64 budget = probing; cstar_res == TRY_UNKNOWN || L->n_unknown > 0;) {
    budget = budget * PROBE_GROWTH > PROBE_LIMIT ? 0 : budget * PROBE_GROWTH;
    if (cstar_res == TRY_UNKNOWN) {
      cstar_res = try_guess(P, S, n, st, cstar, NULL, r, lvl, budget);
      if (cstar_res == TRY_WORKS) {
        *guess = cstar;
        return TRUE;
      }
      if (stopped(P))
        return FALSE;
    }
    guint still = 0;
    for (guint k = 0; k < L->n_unknown; k++) {
      guint j = L->unknown[k];
      int res = try_guess(P, S, n, st, L->legal[j], L->sub_ok ? L->sub + (gsize)j * n : NULL, r, lvl, budget);
      if (res == TRY_WORKS) {
        *guess = L->legal[j];
        return TRUE;
      }
      if (stopped(P))
        return FALSE;
      if (res == TRY_UNKNOWN)
        L->unknown[still++] = j;
    }
    L->n_unknown = still;
  }
  return FALSE;
}

/* Is the set S (canonical order; hashes H1, H2) solvable within R guesses under ST? On success *GUESS
 * is the first guess (in the prover's order) that does it. LVL is the scratch level to use. */
static gboolean
solve(HsProver *P, const guint16 *S, guint n, guint64 h1, guint64 h2, const State *st, guint r, guint lvl,
      guint32 *guess)
{
  if (stopped(P))
    return FALSE;
  if (n == 0) {
    *guess = HS_NONE;
    return TRUE;
  }
  if (r == 0)
    return FALSE;
  if (n == 1 || n == 2) {
    *guess = S[0];
    return n == 1 || r >= 2;
  }
  if (r == 1 || (r == 2 && n > HS_PATTERNS))
    return FALSE;
  if (P->order == HS_PROVE_ORDER_FAST && n <= r) {
    *guess = S[0];
    return TRUE;
  }
  guint64 k1, k2;
  make_key(h1, h2, st, n, r, &k1, &k2);
  const MemoEntry *e = memo_find(&P->memo, k1, k2);
  if (e != NULL) {
    P->stats.memo_hits++;
    *guess = e->val;
    return e->val != MEMO_FAIL;
  }
  if (++P->tick % CANCEL_EVERY == 0 && P->cancel != NULL && *P->cancel) {
    P->cancelled = TRUE;
    return FALSE;
  }
  if (P->probe_end != 0 && P->stats.nodes >= P->probe_end) {
    P->aborted = TRUE;
    return FALSE;
  }
  P->stats.nodes++;
  guint32 g = MEMO_FAIL;
  gboolean ok = r == 2 ? solve2(P, S, n, st, lvl, &g) : solve_deep(P, S, n, st, r, lvl, &g);
  if (stopped(P))
    return FALSE;
  memo_put(&P->memo, k1, k2, ok ? g : MEMO_FAIL);
  *guess = g;
  return ok;
}

/* ---- driver ---- */

static gboolean
check_prover(HsProver *P, guint max_guesses, GError **error)
{
  if (!P->all_rows) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_TABLE,
                "the prover needs the feedback rows of every allowed guess");
    return FALSE;
  }
  if (P->n_answers == 0 || P->n_answers >= G_MAXUINT16) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "the prover handles 1 to %u answers, not %u",
                G_MAXUINT16, P->n_answers);
    return FALSE;
  }
  if (max_guesses < 1 || max_guesses > HS_DEPTH_LIMIT - 1) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "guess cap %u is not between 1 and %d", max_guesses,
                HS_DEPTH_LIMIT - 1);
    return FALSE;
  }
  return TRUE;
}

static gboolean
cancelled_error(HsProver *P, GError **error)
{
  if (!P->cancelled)
    return FALSE;
  /* Entries written while unwinding may be wrong: forget them all. */
  memo_clear(&P->memo);
  P->cancelled = FALSE;
  g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, "search cancelled");
  return TRUE;
}

/* Partitions all answers by OPENER into level 0 and writes the patterns of the parts other than the
 * opener itself to PARTS, largest first (ties in pattern order); the parts' states go to child[]. */
static guint
opener_parts(HsProver *P, guint opener, const State *root, guint8 *parts)
{
  Level *L = level(P, 0);
  partition(P, L, P->all, P->n_answers, opener, NULL, G_MAXUINT);
  L->sub_ok = FALSE;
  guint n_parts = 0;
  for (guint k = 0; k < L->n_pats; k++) {
    guint p = L->pats[k];
    if (p == HS_ALL_GREEN)
      continue;
    parts[n_parts++] = (guint8)p;
    L->child[p] = *root;
    state_add(&L->child[p], P->rules, P->let[opener], (guint8)p);
  }
  for (guint i = 1; i < n_parts; i++) {
    guint8 v = parts[i];
    guint j = i;
    while (j > 0 && (L->size[parts[j - 1]] < L->size[v] || (L->size[parts[j - 1]] == L->size[v] && parts[j - 1] > v))) {
      parts[j] = parts[j - 1];
      j--;
    }
    parts[j] = v;
  }
  return n_parts;
}

/* Decides the opener; on failure *FAILED is the first failing part in search order. */
static gboolean
decide(HsProver *P, guint opener, guint max_guesses, guint8 *failed)
{
  State root;
  state_init(&root);
  guint8 parts[HS_PATTERNS];
  guint n_parts = opener_parts(P, opener, &root, parts);
  Level *L = P->lv[0];
  for (guint k = 0; k < n_parts; k++) {
    guint p = parts[k];
    guint32 g;
    if (!solve(P, L->buf + L->start[p], L->size[p], L->h1[p], L->h2[p], &L->child[p], max_guesses - 1, 1, &g)) {
      *failed = (guint8)p;
      return FALSE;
    }
  }
  return TRUE;
}

gboolean
hs_prover_decide(HsProver *P, guint opener, guint max_guesses, gboolean *proven, HsProveStats *stats, GError **error)
{
  if (!check_prover(P, max_guesses, error))
    return FALSE;
  if (opener >= P->n_words) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "opener index %u out of range", opener);
    return FALSE;
  }
  memo_clear(&P->memo);
  memset(&P->stats, 0, sizeof P->stats);
  guint8 failed;
  gboolean ok = decide(P, opener, max_guesses, &failed);
  if (cancelled_error(P, error))
    return FALSE;
  P->stats.memo_entries = P->memo.count;
  if (stats)
    *stats = P->stats;
  *proven = ok;
  return TRUE;
}

/* ---- trees ---- */

/* Plays node IDX of the tree being built (under state ST, R guesses left): FORCED, or the guess the
 * search finds, then fills its children depth-first. */
static gboolean
tree_node(HsProver *P, HsTreeBuilder *tb, guint idx, const State *st, guint r, guint32 forced, GError **error)
{
  const HsNode *node = hs_tree_builder_node(tb, idx);
  const guint n = node->n_cands;
  const guint32 *c = hs_tree_builder_cands(tb, idx);
  g_autofree guint16 *S = g_new(guint16, n);
  guint64 h1 = 0, h2 = 0;
  for (guint i = 0; i < n; i++) {
    S[i] = (guint16)c[i];
    h1 += P->z1[c[i]];
    h2 += P->z2[c[i]];
  }
  guint32 g = forced;
  if (g == HS_NONE && !solve(P, S, n, h1, h2, st, r, 0, &g)) {
    if (!cancelled_error(P, error))
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INTERNAL, "internal error: a proven part has no solution");
    return FALSE;
  }
  guint k = 0, first = 0;
  if (!hs_tree_builder_play(tb, idx, g, P->rows[g], &k, &first, error))
    return FALSE;
  if (k > 0 && r <= 1) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INTERNAL, "internal error: proof deeper than its cap");
    return FALSE;
  }
  for (guint i = 0; i < k; i++) {
    State cs = *st;
    state_add(&cs, P->rules, P->let[g], hs_tree_builder_node(tb, first + i)->pattern);
    if (!tree_node(P, tb, first + i, &cs, r - 1, HS_NONE, error))
      return FALSE;
  }
  return TRUE;
}

/* Builds the tree rooted at a node holding CANDS (depth DEPTH, reached by PATTERN) under ST with R
 * guesses left; FORCED is the root's guess or HS_NONE to search for it. */
static HsStrategy *
build_tree(HsProver *P, const State *st, const guint32 *cands, guint n, guint depth, guint8 pattern, guint r,
           guint32 forced, guint max_guesses, GError **error)
{
  g_autoptr(HsTreeBuilder) tb = hs_tree_builder_new(P->words, P->rules, max_guesses);
  hs_tree_builder_add_root(tb, cands, n, depth, pattern);
  if (!tree_node(P, tb, 0, st, r, forced, error))
    return NULL;
  HsStrategy *s = hs_tree_builder_finish(g_steal_pointer(&tb));
  g_autofree char *policy =
    g_strdup_printf("exact proof, rules %s, search order %s", hs_rules_name(P->rules), hs_prove_order_name(P->order));
  hs_strategy_set_policy(s, policy);
  return s;
}

/* Explains a failure: the first part in pattern order that fails, and how many guesses it needs. */
static void
explain(HsProver *P, guint opener, guint max_guesses, HsProveFailure *why)
{
  State root;
  state_init(&root);
  guint8 parts[HS_PATTERNS];
  guint n_parts = opener_parts(P, opener, &root, parts);
  Level *L = P->lv[0];
  /* Back to pattern order. */
  for (guint i = 1; i < n_parts; i++) {
    guint8 v = parts[i];
    guint j = i;
    while (j > 0 && parts[j - 1] > v) {
      parts[j] = parts[j - 1];
      j--;
    }
    parts[j] = v;
  }
  memset(why, 0, sizeof *why);
  for (guint k = 0; k < n_parts && !P->cancelled; k++) {
    guint p = parts[k];
    guint32 g;
    /* Level 0 holds the parts; searches start at level 1. */
    if (solve(P, L->buf + L->start[p], L->size[p], L->h1[p], L->h2[p], &L->child[p], max_guesses - 1, 1, &g))
      continue;
    why->pattern = (guint8)p;
    why->n_cands = L->size[p];
    why->first_cand = L->buf[L->start[p]];
    for (guint r = max_guesses; r + 1 < HS_DEPTH_LIMIT && !P->cancelled; r++)
      if (solve(P, L->buf + L->start[p], L->size[p], L->h1[p], L->h2[p], &L->child[p], r, 1, &g)) {
        why->best = r;
        break;
      }
    return;
  }
}

HsStrategy *
hs_prover_prove(HsProver *P, guint opener, guint max_guesses, HsProveStats *stats, HsProveFailure *why, GError **error)
{
  gboolean proven;
  if (!hs_prover_decide(P, opener, max_guesses, &proven, stats, error))
    return NULL;
  if (!proven) {
    if (why != NULL) {
      explain(P, opener, max_guesses, why);
      if (cancelled_error(P, error))
        return NULL;
    }
    return NULL;
  }
  State root;
  state_init(&root);
  g_autofree guint32 *all = g_new(guint32, P->n_answers);
  for (guint a = 0; a < P->n_answers; a++)
    all[a] = a;
  return build_tree(P, &root, all, P->n_answers, 0, 0, max_guesses, opener, max_guesses, error);
}

HsStrategy *
hs_prove(const HsTable *table, HsRules rules, guint opener, guint max_guesses, HsProveStats *stats, HsProveFailure *why,
         GError **error)
{
  g_autoptr(HsProver) P = hs_prover_new(table, rules, HS_PROVE_ORDER_GREEDY);
  return hs_prover_prove(P, opener, max_guesses, stats, why, error);
}

gboolean
hs_prove_part(HsProver *P, guint n_steps, const guint32 *guesses, const guint8 *patterns, const guint32 *cands,
              guint n_cands, guint guesses_left, gboolean *solvable, guint32 *guess, HsStrategy **subtree,
              HsProveStats *stats, GError **error)
{
  if (subtree)
    *subtree = NULL;
  if (!check_prover(P, MAX(1u, guesses_left), error))
    return FALSE;
  if (n_steps + guesses_left > HS_DEPTH_LIMIT) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history of %u guesses plus %u more is over %d", n_steps,
                guesses_left, HS_DEPTH_LIMIT);
    return FALSE;
  }
  if (n_cands == 0) {
    g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "empty candidate set");
    return FALSE;
  }
  const HsWords *w = P->words;
  State st;
  state_init(&st);
  for (guint i = 0; i < n_steps; i++) {
    if (guesses[i] >= w->n_words || patterns[i] >= HS_PATTERNS) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history step %u is not a word and a pattern", i + 1);
      return FALSE;
    }
    if (!hs_rules_legal(P->rules, w, guesses, patterns, i, guesses[i])) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "history guess %u '%s' breaks the %s rules", i + 1,
                  w->text[guesses[i]], hs_rules_name(P->rules));
      return FALSE;
    }
    state_add(&st, P->rules, P->let[guesses[i]], patterns[i]);
  }
  g_autofree guint16 *S = g_new(guint16, n_cands);
  guint64 h1 = 0, h2 = 0;
  for (guint k = 0; k < n_cands; k++) {
    guint a = cands[k];
    if (a >= w->n_answers || (k > 0 && a <= cands[k - 1])) {
      g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID,
                  "candidates must be distinct answers in canonical order");
      return FALSE;
    }
    for (guint i = 0; i < n_steps; i++)
      if (P->rows[guesses[i]][a] != patterns[i]) {
        g_set_error(error, HS_PROVE_ERROR, HS_PROVE_ERROR_INVALID, "candidate '%s' does not fit the history",
                    w->text[a]);
        return FALSE;
      }
    S[k] = (guint16)a;
    h1 += P->z1[a];
    h2 += P->z2[a];
  }
  memset(&P->stats, 0, sizeof P->stats);
  guint32 g = HS_NONE;
  gboolean ok = solve(P, S, n_cands, h1, h2, &st, guesses_left, 0, &g);
  if (cancelled_error(P, error))
    return FALSE;
  P->stats.memo_entries = P->memo.count;
  if (stats)
    *stats = P->stats;
  *solvable = ok;
  if (guess)
    *guess = ok ? g : HS_NONE;
  if (ok && subtree) {
    *subtree = build_tree(P, &st, cands, n_cands, n_steps, n_steps ? patterns[n_steps - 1] : 0, guesses_left, HS_NONE,
                          n_steps + guesses_left, error);
    if (*subtree == NULL)
      return FALSE;
  }
  return TRUE;
}
