/* hardsix — the search core shared by the exact searches (prove, optimize): hard-mode constraint
 * states and their legal pools as word bitsets, candidate-set hashing, a memo keyed by (candidate set,
 * state, guesses left), partitions of a candidate set by a guess, and the steps both drivers take (an
 * opener's parts, a cancelled search, the tree from a root). Internal to the library.
 *
 * Why a state and not a history: what the rules demand of the next guess after any history is a few
 * letter masks (greens per position, letters needed at least k times; strict mode also bans letters
 * per position and caps counts). Two histories with the same state allow the same words, so the
 * state keys the memo, and a legal pool is a few ANDs of precomputed bitsets. */
#pragma once

#include <glib.h>
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/core/strategy.h"
#include "hardsix/core/words.h"

G_BEGIN_DECLS

/* Code slots per position in the word bitsets (every letter code and HS_PAD). */
#define HS_CODES (HS_PAD + 1)

/* What the rules demand of the next guess. The NYT rule only narrows allow (greens) and fills atleast
 * (revealed letters); the strict rule also removes letters where they were not green and caps counts
 * after a grey copy. */
typedef struct {
  HsLetters allow[HS_MAX_LEN];   /* letter codes allowed at each position (HS_PAD: the word may end before
                                    it; all of them, hs_l_all(): no row has narrowed it) */
  HsLetters atleast[HS_MAX_LEN]; /* atleast[k]: letters the word must hold at least k + 1 times */
  HsLetters atmost[HS_MAX_LEN];  /* atmost[k]: letters the word may hold at most k times */
} HsState;

/* Read-only tables of one word list, one rules and one feedback table; shareable between threads. */
typedef struct {
  const HsTable *table;
  const HsWords *words;
  HsRules rules;
  guint n_answers, n_words;
  guint n_blocks;                       /* 64-bit blocks of a word bitset */
  gboolean all_rows;                    /* the table holds every guess row */
  const HsPat **rows;                   /* feedback row of every word (NULL when not stored) */
  const guint8 (*let)[HS_MAX_LEN];      /* letter codes of every word (= words->code: HS_PAD past its end) */
  HsLetters (*has)[HS_MAX_LEN];         /* has[w][k]: letters occurring at least k + 1 times in w */
  guint64 *pos_bits;                    /* [(i * HS_CODES + c) * n_blocks]: words with code c at position i */
  guint64 *cnt_bits;                    /* [(k * HS_CODES + c) * n_blocks]: words holding c at least k + 1 times */
  guint8 tile[HS_PATTERNS][HS_MAX_LEN]; /* the tiles of every pattern of the game (grey past L) */
  guint length;                         /* L */
  guint64 *z1, *z2;                     /* random keys of the answers: a set's hashes are sums of these */
} HsSearchCore;

/* Tables for TABLE's words under RULES. The table must outlive the core. */
HsSearchCore *hs_search_core_new(const HsTable *table, HsRules rules);
void hs_search_core_free(HsSearchCore *c);

/* ---- states ---- */

void hs_state_init(HsState *st);

/* Adds the row (guess with letter codes G, PATTERN) to ST under C's rules; under none it adds nothing
 * (every word stays legal). */
void hs_state_add(HsState *st, const HsSearchCore *c, const guint8 *g, HsPat pattern);

/* TRUE when ST allows word W. */
static inline gboolean
hs_state_allows(const HsSearchCore *c, const HsState *st, guint w)
{
  const guint8 *l = c->let[w];
  const HsLetters *h = c->has[w];
  for (guint i = 0; i < HS_MAX_LEN; i++)
    if (!hs_l_has(st->allow[i], l[i]))
      return FALSE;
  for (guint k = 0; k < HS_MAX_LEN; k++)
    if (!hs_l_empty(hs_l_andnot(st->atleast[k], h[k])) || !hs_l_empty(hs_l_and(st->atmost[k], h[k])))
      return FALSE;
  return TRUE;
}

/* TRUE when every word B allows is allowed by A (B is at least as strict), read off the masks. */
gboolean hs_state_within(const HsState *a, const HsState *b);

/* Sets ACC (n_blocks words) to the bitset of the words ST allows. */
void hs_state_bits(const HsSearchCore *c, const HsState *st, guint64 *acc);

/* Writes the words ST allows, in canonical order, to OUT (n_words entries); returns their count. ACC
 * is n_blocks words of scratch. */
guint hs_state_legal(const HsSearchCore *c, const HsState *st, guint64 *acc, guint32 *out);

/* ---- hashing ---- */

static inline guint64
hs_mix64(guint64 x)
{
  x ^= x >> 30;
  x *= G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9);
  x ^= x >> 27;
  x *= G_GUINT64_CONSTANT(0x94d049bb133111eb);
  x ^= x >> 31;
  return x;
}

/* Two independent 64-bit hashes of a state. */
void hs_state_hash(const HsState *st, guint64 *a, guint64 *b);

/* The 128-bit memo key of a set (hashes H1, H2, N answers) under a state (hashes SA, SB) with R
 * guesses left. */
static inline void
hs_search_key_with_state(guint64 h1, guint64 h2, guint64 sa, guint64 sb, guint n, guint r, guint64 *k1, guint64 *k2)
{
  *k1 = hs_mix64(h1 ^ sa ^ ((guint64)r << 56));
  *k2 = hs_mix64(h2 + sb + ((guint64)n << 8) + r);
}

static inline void
hs_search_key(guint64 h1, guint64 h2, const HsState *st, guint n, guint r, guint64 *k1, guint64 *k2)
{
  guint64 sa, sb;
  hs_state_hash(st, &sa, &sb);
  hs_search_key_with_state(h1, h2, sa, sb, n, r, k1, k2);
}

/* Hashes of the set S[0..n) (answer indices). */
static inline void
hs_set_hash(const HsSearchCore *c, const guint16 *S, guint n, guint64 *h1, guint64 *h2)
{
  guint64 a = 0, b = 0;
  for (guint i = 0; i < n; i++) {
    a += c->z1[S[i]];
    b += c->z2[S[i]];
  }
  *h1 = a;
  *h2 = b;
}

/* ---- memo: open addressing, linear probing; a generation number empties it in O(1) ---- */

typedef struct {
  guint64 k1, k2; /* 128-bit key */
  guint64 val;    /* the searcher's value */
  guint32 gen;    /* live when equal to the memo's generation */
  guint16 weight; /* what the entry is worth keeping (hs_memo_weight), when a bounded memo is full */
} HsMemoEntry;

typedef struct {
  HsMemoEntry *e;
  guint64 mask;      /* capacity - 1 (capacity a power of two) */
  guint64 count;     /* live entries */
  guint64 max_count; /* a put that finds this many live entries thins the memo first (0: no limit) */
  guint64 flushes;   /* how often that happened since hs_memo_init */
  guint32 gen;
} HsMemo;

void hs_memo_init(HsMemo *m);
void hs_memo_clear(HsMemo *m);
void hs_memo_free(HsMemo *m);
/* Makes room for N more entries at once (one table of the final size instead of the doublings N puts
 * would make, each beside the table before it). */
void hs_memo_reserve(HsMemo *m, guint64 n);
/* Puts (K1, K2) -> VAL with weight 0 (hs_memo_put_weighted). */
void hs_memo_put(HsMemo *m, guint64 k1, guint64 k2, guint64 val);
/* Puts (K1, K2) -> VAL (replacing the value of a key it holds); WEIGHT ranks the entry when a bounded
 * memo thins itself: the heavier entries are kept. */
void hs_memo_put_weighted(HsMemo *m, guint64 k1, guint64 k2, guint64 val, guint16 weight);

/* The weight of the entry of a set of N answers with R guesses left: by R, then by N (a search with
 * more guesses left costs more to repeat, and so, with as many, does a larger set). */
static inline guint16
hs_memo_weight(guint r, guint n)
{
  return (guint16)((MIN(r, 15u) << 12) | MIN(n, 4095u));
}

/* Bounds the memo to MAX_COUNT live entries (0: none), so to at most 4 * MAX_COUNT slots of
 * sizeof(HsMemoEntry) bytes (or the initial 65,536). A put that finds the memo full thins it first:
 * it keeps the heaviest entries, at most half of MAX_COUNT (all those above a weight, none of those
 * at it or below), and drops the rest. A memo holds only settled facts, so dropping entries changes
 * the work a search does, never its answers; and since which entries go depends only on the entries
 * (their weights), never on where they sit in the table or on the capacity earlier searches left, a
 * search stays deterministic. */
void hs_memo_set_max_count(HsMemo *m, guint64 max_count);

static inline const HsMemoEntry *
hs_memo_find(const HsMemo *m, guint64 k1, guint64 k2)
{
  for (guint64 i = k1 & m->mask;; i = (i + 1) & m->mask) {
    const HsMemoEntry *e = &m->e[i];
    if (e->gen != m->gen)
      return NULL;
    if (e->k1 == k1 && e->k2 == k2)
      return e;
  }
}

/* Starts loading the slot where the key K1 would be found (a search that will ask for several keys
 * prefetches them all first: the memo is large, and each first probe is a cache miss). */
static inline void
hs_memo_prefetch(const HsMemo *m, guint64 k1)
{
  __builtin_prefetch(&m->e[k1 & m->mask], 0, 1);
}

/* Bytes the memo holds. */
static inline gsize
hs_memo_bytes(const HsMemo *m)
{
  return (gsize)(m->mask + 1) * sizeof(HsMemoEntry);
}

/* ---- partitions ---- */

/* A candidate set split by a guess: part p is buf[start[p] .. start[p] + size[p]) (canonical order
 * kept) with hashes h1[p], h2[p]; pats lists the non-empty parts in order of first appearance. */
typedef struct {
  guint16 *buf;             /* n_answers entries */
  guint16 cnt[HS_PATTERNS]; /* zero between uses */
  guint16 start[HS_PATTERNS];
  guint16 size[HS_PATTERNS];
  guint64 h1[HS_PATTERNS], h2[HS_PATTERNS];
  HsPat pats[HS_PATTERNS];
  guint n_pats;
} HsPartition;

/* Splits S[0..n) by a guess: the pattern of S[i] is ROW[S[i]] (ROW: the guess's feedback row), or
 * SUB_ROW[i] when SUB_ROW is not NULL. Returns FALSE (nothing made, n_pats 0) as soon as a part
 * would hold more than CAP answers. */
gboolean hs_partition_make(HsPartition *pt, const HsSearchCore *c, const guint16 *S, guint n, const HsPat *row,
                           const HsPat *sub_row, guint cap);

/* hs_partition_make in two steps, for searches that often reject a guess from its parts' sizes and
 * hashes alone: measure fills n_pats, pats, size, h1 and h2 (FALSE, nothing made, as soon as a part
 * would hold more than CAP answers); place then fills start and buf, exactly as hs_partition_make. */
gboolean hs_partition_measure(HsPartition *pt, const HsSearchCore *c, const guint16 *S, guint n, const HsPat *row,
                              const HsPat *sub_row, guint cap);
void hs_partition_place(HsPartition *pt, const guint16 *S, guint n, const HsPat *row, const HsPat *sub_row);

/* The same split without the hashes (h1, h2 are left as they were): for searches that hash only the
 * few parts they go on to search, with hs_partition_hash. */
void hs_partition_split(HsPartition *pt, const guint16 *S, guint n, const HsPat *row, const HsPat *sub_row);

/* Fills h1[p], h2[p] of part P of a split. */
static inline void
hs_partition_hash(HsPartition *pt, const HsSearchCore *c, guint p)
{
  hs_set_hash(c, pt->buf + pt->start[p], pt->size[p], &pt->h1[p], &pt->h2[p]);
}

/* TRUE when ROW (a guess's feedback row) gives every answer of S[0..n) its own pattern. */
static inline gboolean
hs_set_injective(const HsPat *row, const guint16 *S, guint n)
{
#if defined(HS_WIDE) && HS_WIDE
  /* 6561 bits: only the words the set touches are cleared first. */
  guint64 seen[(HS_PATTERNS + 63) / 64];
  for (guint i = 0; i < n; i++)
    seen[row[S[i]] >> 6] = 0;
#else
  guint64 seen[4] = { 0, 0, 0, 0 };
#endif
  for (guint i = 0; i < n; i++) {
    guint p = row[S[i]];
    guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
    if (seen[p >> 6] & bit)
      return FALSE;
    seen[p >> 6] |= bit;
  }
  return TRUE;
}

/* ---- words that play alike ---- */

/* Words that play alike on a set whose answers hold the letters ALPHA: a letter no answer holds is grey
 * against every answer of the set and of every set below it, and the NYT rule (like none) only names
 * letters the answers hold, so two words that differ only in such letters make the same parts of every
 * set below, are legal at the same nodes and lead to the same states: a search needs only the first
 * of each class in canonical order (a candidate is alone in its class). The strict rule remembers grey
 * letters: under it no two words are alike. Usage: hs_alike_begin, then hs_alike_seen for each word of
 * a pool in canonical order, keeping the words it says are new. */
/* A word's class: its letters in ALPHA, HS_CODE_BITS per position. */
#if HS_CODE_BITS * HS_MAX_LEN <= 32
typedef guint32 HsAlikeKey;
#else
typedef guint64 HsAlikeKey;
#endif
typedef struct {
  HsAlikeKey key;
  guint32 gen; /* live when gen == the table's stamp */
} HsAlikeSlot;
typedef struct {
  HsAlikeKey key;
  guint32 gen;
  guint32 word; /* hs_alike_drop_refined: the first word whose class, blanked, gave the key */
} HsAlikeDropSlot;
typedef struct {
  /* Open addressing, each table sized for the pool at hand (a small pool's table stays in the
   * cache): MASK + 1 of the CAP slots are in use, a key's home slot its top bits (SHIFT). */
  HsAlikeSlot *slot;
  guint32 cap, mask, shift, stamp;
  HsLetters alpha;
  HsAlikeKey field[HS_MAX_LEN][HS_CODES];
  /* hs_alike_drop_refined: the pool's classes with one position blanked */
  HsAlikeDropSlot *dslot;
  guint32 dcap, dmask, dshift, dstamp;
} HsAlike;

/* A table for pools of up to N_WORDS words. */
void hs_alike_init(HsAlike *a, guint n_words);
void hs_alike_clear(HsAlike *a);

/* The letters the answers S[0..n) hold. */
HsLetters hs_set_letters(const HsSearchCore *c, const guint16 *S, guint n);

/* TRUE when words alike on a set of letters ALPHA are to be dropped under RULES. */
static inline gboolean
hs_alike_applies(HsRules rules)
{
  return rules != HS_RULES_STRICT;
}

/* Starts a new pool of at most N words on a set holding the letters ALPHA. */
void hs_alike_begin(HsAlike *a, HsLetters alpha, guint n);

/* TRUE when a word alike W was seen since hs_alike_begin (else W's class is now seen). */
gboolean hs_alike_seen(HsAlike *a, const HsSearchCore *c, guint32 w);

/* Keeps of WORDS[0..n) (a pool in canonical order) the words hs_alike_seen would call new, in order,
 * and AUX (when not NULL) alongside; returns how many. */
guint hs_alike_keep(HsAlike *a, const HsSearchCore *c, guint32 *words, guint32 *aux, guint n);

/* Normal mode only (--rules none: every word is legal at every node and no state is kept). Drops from
 * WORDS[0..n) (a pool with one word per class alike on the letters of hs_alike_begin) every word B
 * that holds, at some position j, a letter no answer holds (or a short guess's padding) while another
 * word A of the pool agrees with B at every other position (the same letter, or letters no answer
 * holds in both) and holds a letter of the answers at j. On any answer of the set, B's colours are a
 * function of A's: at j B shows grey; a letter other than A's letter x at j colours alike in both;
 * B's copies of x are green where A's are and yellow as far as the answer holds further copies, which
 * A's colours at j and at its copies of x tell. So A's parts split B's parts, on this set and on every
 * set below it: whatever strategy solves B's parts solves A's, with no answer later (B is no
 * candidate: it holds a letter no answer holds), and a search for a strategy needs no B. With
 * EARLIER, B is dropped only when such an A comes before it in WORDS (canonical order): then A also
 * ranks before B (a largest part no larger, a candidate when B is not), so B never wins a tie and an
 * optimal tree is the same without it. Words kept keep their order; AUX (when not NULL) is compacted
 * alongside. Returns the words kept. */
guint hs_alike_drop_refined(HsAlike *a, const HsSearchCore *c, guint32 *words, guint32 *aux, guint n, gboolean earlier);

/* ---- what the drivers share ---- */

/* Splits every answer (ALL: 0 .. n_answers - 1) by OPENER into PT and writes the patterns of the parts
 * other than the opener itself to PARTS, largest first (ties in pattern order), each part's state
 * after the opener (from the empty state) to CHILD[p]. Returns the number of parts. */
guint hs_search_opener_parts(const HsSearchCore *c, const guint16 *all, guint opener, HsPartition *pt, HsState *child,
                             HsPat *parts);

/* After a search that saw the cancel flag (*CANCELLED TRUE): empties MEMO (entries written while
 * unwinding may be wrong), clears the flag and sets ERROR to "search cancelled" (DOMAIN, CODE), and
 * returns TRUE. FALSE, and nothing done, when *CANCELLED is FALSE. */
gboolean hs_search_cancelled_error(gboolean *cancelled, HsMemo *memo, GQuark domain, gint code, GError **error);

/* Chooses the guess for the set S[0..n) (hashes H1, H2) under ST with R guesses left, into *GUESS;
 * FALSE with ERROR set when there is none (or the search was cancelled). */
typedef gboolean (*HsSearchChoose)(gpointer user, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st,
                                   guint r, guint32 *guess, GError **error);

/* Where a tree starts: a node holding the answers CANDS[0..n) (canonical order; NULL: every answer) at
 * DEPTH, reached by PATTERN, under ST (NULL: the empty state) with R guesses left, in a strategy whose
 * cap is MAX_GUESSES. It plays FORCED, or the chooser's guess when FORCED is HS_NONE. The whole game
 * from OPENER: { .r = cap, .forced = OPENER, .max_guesses = cap }. */
typedef struct {
  const guint32 *cands;
  guint n;
  guint depth;
  HsPat pattern;
  const HsState *st;
  guint r;
  guint32 forced;
  guint max_guesses;
} HsSearchRoot;

/* The tree from ROOT: every node plays the guess CHOOSE (with USER) gives, laid out by the tree
 * builder. NULL with ERROR set when CHOOSE fails or a node would need more guesses than it has left
 * (an internal error of DOMAIN/CODE). The strategy has no policy yet. */
HsStrategy *hs_search_build_tree(const HsSearchCore *c, const HsSearchRoot *root, HsSearchChoose choose, gpointer user,
                                 GQuark domain, gint code, GError **error);

G_END_DECLS
