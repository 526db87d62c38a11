/* hardsix — the exact optimiser: minimum total guesses within the cap, by branch and bound over
 * (candidate set, hard-mode state, guesses left) on the shared search core (search.h).
 *
 * The value f(S) of a set S of n candidates is the fewest guesses, summed over its answers, that solve
 * all of them within the guesses left. A guess g costs n (every answer pays for it) plus the values
 * of the parts it leaves (the answer g itself is then solved). Bounds, all integer:
 *   - n = 1 costs 1, n = 2 costs 3; f(S) >= 2n - 1, reached exactly when a candidate splits the others
 *     into singletons (then the first such candidate is the answer);
 *   - a part of s >= 2 answers costs at least 2s - 1, so guess g leaving k parts (other than {g})
 *     costs at least 3n - k - 2 when g is a candidate and 3n - k otherwise.
 * solve(S, beta) returns f(S) when it is below beta, and otherwise some lower bound >= beta ("fails
 * high"). A node scores every legal guess, tries them in order of that bound (ties in the guess
 * ranking), stops when the bound reaches the best total so far, and gives each part of a guess the
 * budget the others leave; a guess is dropped as soon as its running total reaches the best. The memo
 * keeps exact values with their best guess, and lower bounds from searches that failed high.
 *
 * Ties: among guesses of equal total the first in the guess ranking wins (rank.h). A guess that ranks
 * before the current best is searched with a budget one larger, so that it wins a tie; the tree is
 * therefore the same whatever the search order, the memo or the thread count. */
#include "hardsix/optimize.h"
#include "hardsix/rank.h"
#include "search.h"

#include <string.h>

G_DEFINE_QUARK(hs_optimize_error_quark, hs_optimize_error)

#define INF 0x3fffffffu /* no strategy within the cap (also: "at least" anything) */
#define VALUE_MASK 0x7fffffffu
#define EXACT_BIT 0x80000000u
#define MAX_LEVELS (HS_DEPTH_LIMIT + 2)
#define CANCEL_EVERY 1024

/* Scratch of one level of the search (one node per level is being expanded at any time). */
typedef struct {
  HsPartition part;           /* the node's set split by the guess being evaluated */
  guint32 *pool;              /* the node's legal pool (canonical order) */
  guint32 *pidx;              /* per pool position: its row in the parent's sub-table */
  guint32 *lb;                /* per pool position: lower bound of the total after that guess */
  guint32 *cls;               /* per pool position: its rank class (rank.h), once computed */
  guint16 *k;                 /* per pool position: the parts it makes of the node's set (or a limit) */
  guint8 *has_row;            /* per pool position: its row is in the sub-table */
  guint32 *order, *group;     /* pool positions sorted by bound; one bound's positions by rank */
  guint32 *bucket;            /* counting-sort buckets */
  guint16 *loc;               /* n_answers: position of each candidate in the node's set */
  guint32 *cpos;              /* n_answers: pool position of each candidate of the node */
  guint16 *cols;              /* n_answers: each candidate's column in the parent's sub-table */
  guint8 *row;                /* n_answers: one row when there is no sub-table */
  gboolean scored;            /* the level holds a scored node (its pool, k and rows are valid) */
  guint8 *sub;                /* sub-table: sub[j * n + i] = feedback(pool[j], set[i]) */
  gsize sub_cap;              /* bytes allocated for sub */
  gboolean sub_ok;            /* sub holds the node's rows (children read theirs from it) */
  guint n;                    /* the node's set size (the sub-table's row length) */
  guint m;                    /* the pool size */
  HsState child[HS_PATTERNS]; /* per part: the state after the guess */
  guint32 plb[HS_PATTERNS];   /* per part: its lower bound (exact for s <= 2) */
  guint8 todo[HS_PATTERNS];   /* parts to search, largest first */
  guint8 kind[HS_PATTERNS];   /* per part: its candidate profile */
} Level;

/* Largest sub-table a node keeps, in bytes. */
#define SUB_BUDGET (16u << 20)

/* What the candidates of a set can do with their own feedback (see candidate_profile). */
enum { CAND_PERFECT, CAND_ONE_PAIR, CAND_NONE, CAND_UNKNOWN };

/* A cached candidate profile: the set's two hashes and what part_profile found. */
typedef struct {
  guint64 h1, h2;
  guint32 first;
  guint32 kind; /* CAND_*, or CAND_UNKNOWN for an empty slot */
} ProfileSlot;

#define PROFILE_SLOTS (1u << 14)
/* Sets smaller than this are profiled again rather than looked up. */
#define PROFILE_CACHE_MIN 5

struct HsOptimizer {
  HsSearchCore *core;
  const HsWords *words;
  HsRules rules;
  guint n_answers, n_words;
  guint64 *acc; /* n_blocks scratch */
  guint16 cnt[HS_PATTERNS];
  guint16 *all;          /* 0 .. n_answers - 1 */
  HsMemo memo;           /* value | EXACT_BIT, best guess << 32 */
  ProfileSlot *profiles; /* candidate profiles of sets, by set hash (they depend on the set alone) */
  guint64 memo_limit;
  Level *lv[MAX_LEVELS];
  volatile gint *cancel;
  gboolean cancelled;
  gboolean want_guess; /* building the tree: every node must say which guess is best */
  guint64 tick;
  HsOptimizeStats stats;
};

/* ---- the optimiser object ---- */

HsOptimizer *
hs_optimizer_new(const HsTable *table, HsRules rules)
{
  HsOptimizer *O = g_new0(HsOptimizer, 1);
  O->core = hs_search_core_new(table, rules);
  O->words = O->core->words;
  O->rules = rules;
  O->n_answers = O->words->n_answers;
  O->n_words = O->words->n_words;
  O->acc = g_new(guint64, O->core->n_blocks);
  O->all = g_new(guint16, MAX(1u, O->n_answers));
  for (guint a = 0; a < O->n_answers; a++)
    O->all[a] = (guint16)a;
  hs_memo_init(&O->memo);
  O->profiles = g_new(ProfileSlot, PROFILE_SLOTS);
  for (guint i = 0; i < PROFILE_SLOTS; i++)
    O->profiles[i].kind = CAND_UNKNOWN;
  O->memo_limit = G_GUINT64_CONSTANT(1) << 30;
  return O;
}

static void
level_free(Level *L)
{
  if (L == NULL)
    return;
  g_free(L->part.buf);
  g_free(L->pool);
  g_free(L->pidx);
  g_free(L->lb);
  g_free(L->cls);
  g_free(L->k);
  g_free(L->has_row);
  g_free(L->order);
  g_free(L->group);
  g_free(L->bucket);
  g_free(L->loc);
  g_free(L->cpos);
  g_free(L->cols);
  g_free(L->row);
  g_free(L->sub);
  g_free(L);
}

void
hs_optimizer_free(HsOptimizer *O)
{
  if (O == NULL)
    return;
  for (guint l = 0; l < MAX_LEVELS; l++)
    level_free(O->lv[l]);
  hs_search_core_free(O->core);
  g_free(O->acc);
  g_free(O->all);
  hs_memo_free(&O->memo);
  g_free(O->profiles);
  g_free(O);
}

void
hs_optimizer_set_cancel(HsOptimizer *O, volatile gint *cancel)
{
  O->cancel = cancel;
}

void
hs_optimizer_set_memo_limit(HsOptimizer *O, guint64 limit)
{
  O->memo_limit = limit;
}

void
hs_optimizer_reset(HsOptimizer *O)
{
  hs_memo_clear(&O->memo);
}

static Level *
level(HsOptimizer *O, guint l)
{
  if (O->lv[l] == NULL) {
    Level *L = g_new0(Level, 1);
    L->part.buf = g_new(guint16, MAX(1u, O->n_answers));
    L->pool = g_new(guint32, O->n_words);
    L->pidx = g_new(guint32, O->n_words);
    L->lb = g_new(guint32, O->n_words);
    L->cls = g_new(guint32, O->n_words);
    L->k = g_new(guint16, O->n_words);
    L->has_row = g_new(guint8, O->n_words);
    L->order = g_new(guint32, O->n_words);
    L->group = g_new(guint32, O->n_words);
    L->bucket = g_new(guint32, 3 * (gsize)O->n_answers + 8);
    L->loc = g_new0(guint16, MAX(1u, O->n_answers));
    L->cpos = g_new(guint32, MAX(1u, O->n_answers));
    L->cols = g_new(guint16, MAX(1u, O->n_answers));
    L->row = g_new(guint8, MAX(1u, O->n_answers));
    O->lv[l] = L;
  }
  return O->lv[l];
}

/* ---- the search ---- */

static guint32 solve(HsOptimizer *O, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r,
                     guint lvl, guint32 beta, guint known, guint32 *guess);

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

/* What the candidates of T (S answers) can do with their own feedback, the cheap part of a set's
 * value: PERFECT, some candidate splits the others into singletons (the set costs 2s - 1); ONE_PAIR,
 * some candidate leaves one pair and singletons (2s when two guesses are left after it); else NONE.
 * *FIRST is the canonically first candidate of the best kind found. */

static guint
candidate_profile(const HsOptimizer *O, const guint16 *T, guint s, guint32 *first)
{
  guint best = CAND_NONE;
  *first = T[0];
  for (guint i = 0; i < s; i++) {
    const guint8 *row = O->core->rows[T[i]];
    guint64 seen[4] = { 0, 0, 0, 0 };
    guint extra = 0;
    for (guint j = 0; j < s && extra < 2; j++) {
      guint p = row[T[j]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      extra += (seen[p >> 6] & bit) != 0;
      seen[p >> 6] |= bit;
    }
    if (extra == 0) {
      *first = T[i];
      return CAND_PERFECT;
    }
    if (extra == 1 && best == CAND_NONE) {
      best = CAND_ONE_PAIR;
      *first = T[i];
    }
  }
  return best;
}

/* candidate_profile for a part T (S answers) of the node of level L: the candidates' rows are read
 * from the node's sub-table where it holds them (every candidate of the node is in its pool). */
static guint
part_profile(const HsOptimizer *O, const Level *L, const guint16 *T, guint s, guint32 *first)
{
  guint best = CAND_NONE;
  *first = T[0];
  for (guint i = 0; i < s; i++) {
    const guint j = L->cpos[T[i]];
    const guint8 *row = L->has_row[j] ? L->sub + (gsize)j * L->n : NULL;
    const guint8 *full = O->core->rows[T[i]];
    guint64 seen[4] = { 0, 0, 0, 0 };
    guint extra = 0;
    for (guint x = 0; x < s && extra < 2; x++) {
      guint p = row ? row[L->loc[T[x]]] : full[T[x]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      extra += (seen[p >> 6] & bit) != 0;
      seen[p >> 6] |= bit;
    }
    if (extra == 0) {
      *first = T[i];
      return CAND_PERFECT;
    }
    if (extra == 1 && best == CAND_NONE) {
      best = CAND_ONE_PAIR;
      *first = T[i];
    }
  }
  return best;
}

/* part_profile of part P of the node of level L, through the cache for sets that are not tiny. */
static guint
cached_profile(HsOptimizer *O, Level *L, guint p, guint32 *first)
{
  const guint s = L->part.size[p];
  const guint16 *T = L->part.buf + L->part.start[p];
  if (s < PROFILE_CACHE_MIN)
    return part_profile(O, L, T, s, first);
  hs_partition_hash(&L->part, O->core, p);
  ProfileSlot *slot = &O->profiles[L->part.h1[p] & (PROFILE_SLOTS - 1)];
  if (slot->kind != CAND_UNKNOWN && slot->h1 == L->part.h1[p] && slot->h2 == L->part.h2[p]) {
    *first = slot->first;
    return slot->kind;
  }
  guint kind = part_profile(O, L, T, s, first);
  slot->h1 = L->part.h1[p];
  slot->h2 = L->part.h2[p];
  slot->first = *first;
  slot->kind = kind;
  return kind;
}

/* The lower bound of a part of S answers (exact for s <= 2). */
static inline guint32
part_bound(guint s)
{
  return s == 1 ? 1 : 2 * s - 1;
}

/* TRUE when W is a candidate of the node of level L (set S of N answers; L->loc holds their
 * positions). Each level keeps its own: a node's set is a subset of its parent's. */
static inline gboolean
is_cand(const HsOptimizer *O, const Level *L, const guint16 *S, guint n, guint32 w)
{
  if (w >= O->n_answers)
    return FALSE;
  guint i = L->loc[w];
  return i < n && S[i] == w;
}

/* Bits set in X, without a library call (baseline x86-64 has no popcount instruction). */
static inline guint
popcount64(guint64 x)
{
  x = x - ((x >> 1) & G_GUINT64_CONSTANT(0x5555555555555555));
  x = (x & G_GUINT64_CONSTANT(0x3333333333333333)) + ((x >> 2) & G_GUINT64_CONSTANT(0x3333333333333333));
  x = (x + (x >> 4)) & G_GUINT64_CONSTANT(0x0f0f0f0f0f0f0f0f);
  return (guint)((x * G_GUINT64_CONSTANT(0x0101010101010101)) >> 56);
}

/* Fills the node's legal pool (L->pool): below a scored node, as the parent's pool words the state
 * allows (with their positions there in L->pidx), else from the state's bitsets. */
static guint
gather_pool(HsOptimizer *O, Level *L, const Level *PL, const HsState *st)
{
  guint m = 0;
  if (PL != NULL && PL->scored) {
    hs_state_bits(O->core, st, O->acc);
    for (guint j = 0; j < PL->m; j++) {
      guint w = PL->pool[j];
      if ((O->acc[w / 64] >> (w % 64)) & 1u) {
        L->pool[m] = w;
        L->pidx[m++] = j;
      }
    }
  } else {
    m = hs_state_legal(O->core, st, O->acc, L->pool);
  }
  L->m = m;
  return m;
}

/* Row J of the node's pool on S into OUT (n bytes): from the parent's sub-table when it holds that
 * word's row (L->cols: each candidate's column there), else from the feedback table. Returns the number
 * of distinct patterns. */
static inline guint
fill_row(HsOptimizer *O, const Level *L, const Level *PL, const guint16 *S, guint n, guint j, guint8 *out)
{
  guint64 b0 = 0, b1 = 0, b2 = 0, b3 = 0;
  if (PL != NULL && PL->has_row[L->pidx[j]]) {
    const guint8 *src = PL->sub + (gsize)L->pidx[j] * PL->n;
    const guint16 *cols = L->cols;
    for (guint i = 0; i < n; i++) {
      guint p = out[i] = src[cols[i]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      guint q = p >> 6;
      b0 |= q == 0 ? bit : 0;
      b1 |= q == 1 ? bit : 0;
      b2 |= q == 2 ? bit : 0;
      b3 |= q == 3 ? bit : 0;
    }
  } else {
    const guint8 *row = O->core->rows[L->pool[j]];
    for (guint i = 0; i < n; i++) {
      guint p = out[i] = row[S[i]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      guint q = p >> 6;
      b0 |= q == 0 ? bit : 0;
      b1 |= q == 1 ? bit : 0;
      b2 |= q == 2 ? bit : 0;
      b3 |= q == 3 ? bit : 0;
    }
  }
  return popcount64(b0) + popcount64(b1) + popcount64(b2) + popcount64(b3);
}

/* The bound of a guess that makes K parts of a node of N answers (K counts the part {g} of a
 * candidate): 3n - k - 2 for a candidate leaving k other parts, 3n - k otherwise. */
static inline guint32
guess_bound(guint n, guint k, gboolean cand)
{
  return cand ? 3 * n - (k - 1) - 2 : 3 * n - k;
}

/* Scores the node's pool on S: per word, the lower bound of the total after it, keeping its row in
 * the node's sub-table when it fits; then sorts the positions by bound into L->order (canonical within
 * a bound). A word that makes k parts of the parent's set makes at most k of this subset: when even
 * that cannot bring its bound below BETA its row is not read at all (has_row 0, and its k and bound
 * are those limits). */
static void
score_pool(HsOptimizer *O, Level *L, const Level *PL, const guint16 *S, guint n, guint32 beta)
{
  const guint m = L->m;
  if (PL != NULL && !PL->scored)
    PL = NULL;
  for (guint i = 0; i < n && PL != NULL; i++)
    L->cols[i] = PL->loc[S[i]];
  const gsize need = (gsize)m * n;
  L->sub_ok = need <= SUB_BUDGET;
  if (L->sub_ok && L->sub_cap < need) {
    g_free(L->sub);
    L->sub_cap = MAX(need, (gsize)1 << 16);
    L->sub = g_malloc(L->sub_cap);
  }
  L->n = n;
  L->scored = TRUE;
  for (guint i = 0; i < n; i++)
    L->loc[S[i]] = (guint16)i;
  for (guint j = 0; j < m; j++) {
    const gboolean cand = is_cand(O, L, S, n, L->pool[j]);
    if (cand)
      L->cpos[L->pool[j]] = j;
    guint k;
    if (PL != NULL && (k = MIN(n, PL->k[L->pidx[j]]), guess_bound(n, k, cand) >= beta)) {
      L->has_row[j] = 0;
    } else {
      k = fill_row(O, L, PL, S, n, j, L->sub_ok ? L->sub + (gsize)j * n : L->row);
      L->has_row[j] = L->sub_ok;
      O->stats.cells += n;
    }
    L->lb[j] = guess_bound(n, k, cand);
    L->k[j] = (guint16)k;
    L->cls[j] = G_MAXUINT32;
  }
  guint32 *bucket = L->bucket;
  const guint n_lb = 3 * n + 2;
  memset(bucket, 0, (n_lb + 1) * sizeof *bucket);
  for (guint j = 0; j < m; j++)
    bucket[L->lb[j] + 1]++;
  for (guint c = 1; c <= n_lb; c++)
    bucket[c] += bucket[c - 1];
  for (guint j = 0; j < m; j++)
    L->order[bucket[L->lb[j]]++] = j;
}

/* The max bucket of pool position J on S (its row is in the sub-table, or read from the table). */
static guint
max_bucket(HsOptimizer *O, const Level *L, const guint16 *S, guint n, guint j)
{
  guint16 *cnt = O->cnt;
  guint mb = 0;
  if (L->has_row[j]) {
    const guint8 *row = L->sub + (gsize)j * n;
    for (guint i = 0; i < n; i++) {
      guint c = ++cnt[row[i]];
      mb = MAX(mb, c);
    }
    for (guint i = 0; i < n; i++)
      cnt[row[i]] = 0;
  } else {
    const guint8 *row = O->core->rows[L->pool[j]];
    for (guint i = 0; i < n; i++) {
      guint c = ++cnt[row[S[i]]];
      mb = MAX(mb, c);
    }
    for (guint i = 0; i < n; i++)
      cnt[row[S[i]]] = 0;
  }
  return mb;
}

/* Sorts ORDER[0..len) (positions of one bound, canonical) by rank class into L->group, computing the
 * classes. */
static void
rank_group(HsOptimizer *O, Level *L, const guint16 *S, guint n, const guint32 *order, guint len)
{
  for (guint t = 0; t < len; t++) {
    guint j = order[t];
    L->cls[j] = hs_rank_class(max_bucket(O, L, S, n, j), is_cand(O, L, S, n, L->pool[j]));
  }
  if (len == 1) {
    L->group[0] = order[0];
    return;
  }
  /* Stable insertion sort: groups are small next to the pool. */
  for (guint t = 0; t < len; t++) {
    guint j = order[t], u = t;
    while (u > 0 && L->cls[L->group[u - 1]] > L->cls[j]) {
      L->group[u] = L->group[u - 1];
      u--;
    }
    L->group[u] = j;
  }
}

/* The total after pool position J (word W) at a node (S, ST, R guesses left, level LVL) when it is
 * below THR, else some lower bound >= THR. */
static guint32
eval_guess(HsOptimizer *O, Level *L, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint j,
           guint32 thr)
{
  const guint32 w = L->pool[j];
  hs_partition_split(&L->part, S, n, O->core->rows[w], L->has_row[j] ? L->sub + (gsize)j * n : NULL);
  guint32 total = n;
  guint n_todo = 0;
  for (guint k = 0; k < L->part.n_pats; k++) {
    guint p = L->part.pats[k], s = L->part.size[p];
    if (p == HS_ALL_GREEN)
      continue;
    if (s >= 2 && r - 1 <= 1)
      return INF; /* one guess left cannot tell two answers apart */
    L->plb[p] = part_bound(s);
    total += L->plb[p];
    if (s >= 3)
      L->todo[n_todo++] = (guint8)p;
  }
  if (total >= thr)
    return total;
  /* Largest part first: the likeliest to exceed its budget. Ties in pattern order. */
  for (guint i = 1; i < n_todo; i++) {
    guint8 v = L->todo[i];
    guint u = i;
    while (u > 0 && (L->part.size[L->todo[u - 1]] < L->part.size[v] ||
                     (L->part.size[L->todo[u - 1]] == L->part.size[v] && L->todo[u - 1] > v))) {
      L->todo[u] = L->todo[u - 1];
      u--;
    }
    L->todo[u] = v;
  }
  /* Sharper, still cheap: what the part's candidates do with their own feedback. A part of s >= 3
   * costs 2s - 1 when one of them splits the others into singletons, exactly 2s when one leaves a
   * single pair (and two guesses are left after it), and at least 2s otherwise. Only the last kind is
   * searched (and told what was found, so that it does not look again). */
  guint n_search = 0;
  for (guint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    guint32 first;
    guint kind = cached_profile(O, L, p, &first);
    if (kind == CAND_PERFECT)
      continue;
    L->plb[p]++;
    if (++total >= thr)
      return total;
    if (kind == CAND_ONE_PAIR && r - 1 >= 3)
      continue;
    L->kind[p] = (guint8)kind;
    L->todo[n_search++] = (guint8)p;
  }
  n_todo = n_search;
  for (guint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    if (L->part.size[p] < PROFILE_CACHE_MIN) /* larger parts were hashed for the profile cache */
      hs_partition_hash(&L->part, O->core, p);
    L->child[p] = *st;
    hs_state_add(&L->child[p], O->rules, O->core->let[w], (guint8)p);
    const guint32 rest = total - L->plb[p]; /* the others at their bounds or exact values */
    const guint32 budget = thr - rest;
    guint32 g;
    guint32 v = solve(O, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p], &L->child[p],
                      r - 1, lvl + 1, budget, L->kind[p], &g);
    if (O->cancelled)
      return INF;
    if (v >= budget)
      return (guint32)MIN((guint64)rest + v, (guint64)INF);
    total = rest + v;
  }
  return total;
}

/* Two guesses left and no candidate splits S into singletons: the first other legal word that does
 * costs 2n; without one, S cannot be solved. A word that makes fewer than n parts of the parent's set
 * cannot separate this subset of it, so its row is not even read. */
static guint32
solve_two(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 *guess)
{
  if (n > HS_PATTERNS)
    return INF;
  Level *L = level(O, lvl);
  const Level *PL = lvl > 0 && O->lv[lvl - 1]->scored ? O->lv[lvl - 1] : NULL;
  L->scored = FALSE;
  for (guint i = 0; i < n; i++)
    L->loc[S[i]] = (guint16)i;
  if (PL == NULL) {
    const guint m = gather_pool(O, L, NULL, st);
    for (guint j = 0; j < m; j++)
      if (!is_cand(O, L, S, n, L->pool[j]) && injective(O->core->rows[L->pool[j]], S, n)) {
        *guess = L->pool[j];
        return 2 * n;
      }
    return INF;
  }
  /* Below a scored node: its pool, in canonical order, holds every word legal here; a word that
   * makes fewer than n parts of the parent's set cannot separate S, so most are dropped unread, and
   * legality is checked last, for the few that separate S. */
  guint16 *cols = L->cols;
  for (guint i = 0; i < n; i++)
    cols[i] = PL->loc[S[i]];
  for (guint j = 0; j < PL->m; j++) {
    const guint32 w = PL->pool[j];
    if (PL->k[j] < n || is_cand(O, L, S, n, w))
      continue;
    guint64 seen[4] = { 0, 0, 0, 0 };
    const guint8 *src = PL->has_row[j] ? PL->sub + (gsize)j * PL->n : NULL;
    const guint8 *row = O->core->rows[w];
    guint i = 0;
    for (; i < n; i++) {
      guint p = src ? src[cols[i]] : row[S[i]];
      guint64 bit = G_GUINT64_CONSTANT(1) << (p & 63);
      if (seen[p >> 6] & bit)
        break;
      seen[p >> 6] |= bit;
    }
    if (i == n && hs_state_allows(O->core, st, w)) {
      *guess = w;
      return 2 * n;
    }
  }
  return INF;
}

/* Three or more guesses left and no candidate splits S into singletons: every legal guess, in order
 * of its bound and then of the ranking. Returns the best total below BETA (with *GUESS), or the least
 * lower bound proven for the guesses (>= BETA). */
static guint32
solve_deep(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint32 beta,
           guint32 *guess)
{
  Level *L = level(O, lvl);
  const Level *PL = lvl > 0 ? O->lv[lvl - 1] : NULL;
  const guint m = gather_pool(O, L, PL, st);
  score_pool(O, L, PL, S, n, beta);
  guint32 best = beta, best_g = HS_NONE, low = INF;
  guint64 best_key = G_MAXUINT64;
  for (guint t = 0; t < m;) {
    const guint32 lb = L->lb[L->order[t]];
    /* Sorted by bound: nothing from here on can reach the best (not even a tie). */
    if (lb > best || (best_g == HS_NONE && lb >= beta)) {
      low = MIN(low, lb);
      break;
    }
    guint len = 1;
    while (t + len < m && L->lb[L->order[t + len]] == lb)
      len++;
    rank_group(O, L, S, n, L->order + t, len);
    for (guint u = 0; u < len; u++) {
      const guint j = L->group[u];
      const guint32 w = L->pool[j];
      const guint64 key = ((guint64)L->cls[j] << 32) | w;
      const guint32 thr = best_g == HS_NONE ? beta : best + (key < best_key ? 1u : 0u);
      if (lb >= thr)
        continue;
      guint32 v = eval_guess(O, L, S, n, st, r, lvl, j, thr);
      if (O->cancelled)
        return INF;
      if (v < thr) {
        best = v;
        best_g = w;
        best_key = key;
      } else {
        low = MIN(low, v);
      }
    }
    t += len;
  }
  *guess = best_g;
  return best_g != HS_NONE ? best : MAX(low, beta);
}

/* f(S) under ST with R guesses left when it is below BETA (with *GUESS the first best guess), else a
 * lower bound >= BETA. S is in canonical order, (H1, H2) its hashes. */
static guint32
solve(HsOptimizer *O, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r, guint lvl,
      guint32 beta, guint known, guint32 *guess)
{
  *guess = S[0];
  if (r == 0)
    return INF;
  if (n == 1)
    return 1;
  if (n == 2)
    return r >= 2 ? 3 : INF;
  if (r == 1)
    return INF;
  /* The least possible: a candidate that splits the others into singletons (the first such). */
  guint32 first = S[0];
  guint kind = known <= CAND_NONE ? known : candidate_profile(O, S, n, &first);
  if (kind == CAND_PERFECT) {
    *guess = first;
    return 2 * n - 1;
  }
  /* A candidate leaving one pair reaches the next least, 2n (so does a word that splits S into
   * singletons, which would rank first: only the tree needs to know which). */
  if (kind == CAND_ONE_PAIR && r >= 3 && !O->want_guess)
    return 2 * n;
  if (2 * n >= beta)
    return 2 * n;
  guint64 k1, k2;
  hs_search_key(h1, h2, st, n, r, &k1, &k2);
  const HsMemoEntry *e = hs_memo_find(&O->memo, k1, k2);
  if (e != NULL) {
    guint32 v = (guint32)e->val & VALUE_MASK;
    if (e->val & EXACT_BIT) {
      O->stats.memo_hits++;
      *guess = (guint32)(e->val >> 32);
      return v;
    }
    if (v >= beta) {
      O->stats.memo_hits++;
      return v;
    }
  }
  if (++O->tick % CANCEL_EVERY == 0 && O->cancel != NULL && *O->cancel) {
    O->cancelled = TRUE;
    return INF;
  }
  O->stats.nodes++;
  guint32 g = HS_NONE;
  guint32 v = r == 2 ? solve_two(O, S, n, st, lvl, &g) : solve_deep(O, S, n, st, r, lvl, beta, &g);
  if (O->cancelled)
    return INF;
  if (v < beta && g != HS_NONE) {
    hs_memo_put(&O->memo, k1, k2, ((guint64)g << 32) | EXACT_BIT | v);
    *guess = g;
    return v;
  }
  /* Failed high: every guess costs at least v >= beta (INF: none works at all). */
  hs_memo_put(&O->memo, k1, k2, MIN(v, INF));
  return v;
}

/* ---- driver ---- */

static gboolean
check_args(HsOptimizer *O, guint opener, guint max_guesses, GError **error)
{
  if (!O->core->all_rows) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_TABLE,
                "the optimiser needs the feedback rows of every allowed guess");
    return FALSE;
  }
  if (O->n_answers == 0 || O->n_answers >= G_MAXUINT16 / 3) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "the optimiser handles 1 to %u answers, not %u",
                G_MAXUINT16 / 3 - 1, O->n_answers);
    return FALSE;
  }
  if (max_guesses < 1 || max_guesses > HS_DEPTH_LIMIT - 1) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "guess cap %u is not between 1 and %d",
                max_guesses, HS_DEPTH_LIMIT - 1);
    return FALSE;
  }
  if (opener >= O->n_words) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INVALID, "opener index %u out of range", opener);
    return FALSE;
  }
  return TRUE;
}

static gboolean
cancelled_error(HsOptimizer *O, GError **error)
{
  if (!O->cancelled)
    return FALSE;
  hs_memo_clear(&O->memo); /* entries written while unwinding may be wrong */
  O->cancelled = FALSE;
  g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CANCELLED, "search cancelled");
  return TRUE;
}

/* Splits every answer by OPENER into level 0 and lists the parts other than the opener itself,
 * largest first (ties in pattern order), with their states. */
static guint
opener_parts(HsOptimizer *O, guint opener, guint8 *parts)
{
  Level *L = level(O, 0);
  hs_partition_make(&L->part, O->core, O->all, O->n_answers, O->core->rows[opener], NULL, G_MAXUINT);
  HsState root;
  hs_state_init(&root);
  guint n_parts = 0;
  for (guint k = 0; k < L->part.n_pats; k++) {
    guint p = L->part.pats[k];
    if (p == HS_ALL_GREEN)
      continue;
    parts[n_parts++] = (guint8)p;
    L->child[p] = root;
    hs_state_add(&L->child[p], O->rules, O->core->let[opener], (guint8)p);
  }
  for (guint i = 1; i < n_parts; i++) {
    guint8 v = parts[i];
    guint j = i;
    while (j > 0 && (L->part.size[parts[j - 1]] < L->part.size[v] ||
                     (L->part.size[parts[j - 1]] == L->part.size[v] && parts[j - 1] > v))) {
      parts[j] = parts[j - 1];
      j--;
    }
    parts[j] = v;
  }
  return n_parts;
}

gboolean
hs_optimizer_value(HsOptimizer *O, guint opener, guint max_guesses, guint64 bound, guint64 *total, gboolean *exact,
                   HsOptimizeStats *stats, GError **error)
{
  if (!check_args(O, opener, max_guesses, error))
    return FALSE;
  if (hs_memo_bytes(&O->memo) > O->memo_limit)
    hs_memo_clear(&O->memo);
  memset(&O->stats, 0, sizeof O->stats);
  guint8 parts[HS_PATTERNS];
  guint n_parts = opener_parts(O, opener, parts);
  Level *L = O->lv[0];
  /* Every answer pays for the opener; each part at its bound until it is searched. */
  guint64 sum = O->n_answers;
  for (guint k = 0; k < n_parts; k++)
    sum += part_bound(L->part.size[parts[k]]);
  gboolean done = TRUE, impossible = FALSE;
  for (guint k = 0; k < n_parts; k++) {
    if (bound && sum >= bound) {
      done = FALSE; /* proven to reach the bound */
      break;
    }
    guint p = parts[k];
    guint32 b = part_bound(L->part.size[p]);
    guint32 beta = bound ? (guint32)MIN(bound - (sum - b), (guint64)INF) : INF;
    guint32 g;
    guint32 v = solve(O, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p], &L->child[p],
                      max_guesses - 1, 1, beta, CAND_UNKNOWN, &g);
    if (cancelled_error(O, error))
      return FALSE;
    if (v >= INF) { /* INF is only ever returned for a part no strategy solves */
      impossible = TRUE;
      break;
    }
    sum = sum - b + v;
    if (v >= beta) {
      done = FALSE;
      break;
    }
  }
  *exact = done || impossible;
  *total = impossible ? HS_OPTIMIZE_IMPOSSIBLE : sum;
  O->stats.memo_entries = O->memo.count;
  O->stats.memo_bytes = hs_memo_bytes(&O->memo);
  if (stats)
    *stats = O->stats;
  return TRUE;
}

/* ---- the tree ---- */

/* Plays node IDX (state ST, R guesses left): its optimal guess (from the memo, searched again when it
 * is not there), then fills its children depth-first. */
static gboolean
tree_node(HsOptimizer *O, HsTreeBuilder *tb, guint idx, const HsState *st, guint r, guint32 forced, GError **error)
{
  const HsNode *node = hs_tree_builder_node(tb, idx);
  const guint n = node->n_cands;
  const guint32 *c = hs_tree_builder_cands(tb, idx);
  g_autofree guint16 *S = g_new(guint16, n);
  for (guint i = 0; i < n; i++)
    S[i] = (guint16)c[i];
  guint64 h1, h2;
  hs_set_hash(O->core, S, n, &h1, &h2);
  guint32 g = forced;
  if (g == HS_NONE && solve(O, S, n, h1, h2, st, r, 1, INF, CAND_UNKNOWN, &g) >= INF) {
    if (!cancelled_error(O, error))
      g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INTERNAL, "internal error: an optimal part has no tree");
    return FALSE;
  }
  guint k = 0, first = 0;
  if (!hs_tree_builder_play(tb, idx, g, O->core->rows[g], &k, &first, error))
    return FALSE;
  for (guint i = 0; i < k; i++) {
    HsState cs = *st;
    hs_state_add(&cs, O->rules, O->core->let[g], hs_tree_builder_node(tb, first + i)->pattern);
    if (!tree_node(O, tb, first + i, &cs, r - 1, HS_NONE, error))
      return FALSE;
  }
  return TRUE;
}

HsStrategy *
hs_optimizer_strategy(HsOptimizer *O, guint opener, guint max_guesses, HsOptimizeStats *stats, GError **error)
{
  guint64 total;
  gboolean exact;
  if (!hs_optimizer_value(O, opener, max_guesses, 0, &total, &exact, stats, error))
    return NULL;
  if (total == HS_OPTIMIZE_IMPOSSIBLE)
    return NULL;
  g_autoptr(HsTreeBuilder) tb = hs_tree_builder_new(O->words, O->rules, max_guesses);
  g_autofree guint32 *all = g_new(guint32, O->n_answers);
  for (guint a = 0; a < O->n_answers; a++)
    all[a] = a;
  hs_tree_builder_add_root(tb, all, O->n_answers, 0, 0);
  HsState root;
  hs_state_init(&root);
  O->want_guess = TRUE;
  gboolean ok = tree_node(O, tb, 0, &root, max_guesses, opener, error);
  O->want_guess = FALSE;
  if (!ok)
    return NULL;
  HsStrategy *s = hs_tree_builder_finish(g_steal_pointer(&tb));
  if (hs_histogram_total(&s->hist) != total || !s->complete) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_INTERNAL,
                "internal error: the optimal tree totals %" G_GUINT64_FORMAT ", the search %" G_GUINT64_FORMAT,
                hs_histogram_total(&s->hist), total);
    hs_strategy_free(s);
    return NULL;
  }
  g_autofree char *policy =
    g_strdup_printf("exact optimum (fewest guesses in total), rules %s", hs_rules_name(O->rules));
  hs_strategy_set_policy(s, policy);
  return s;
}

/* One step of search on S (R guesses left under ST): the least bound over every legal guess, which no
 * strategy beats, or the exact value where a closed form gives it. It never reads the memo, so it
 * does not depend on what the optimiser searched before. */
static guint32
step_bound(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint r)
{
  if (n == 1)
    return 1;
  if (r <= 1)
    return INF;
  if (n == 2)
    return 3;
  guint32 first;
  guint kind = candidate_profile(O, S, n, &first);
  if (kind == CAND_PERFECT)
    return 2 * n - 1;
  if (r == 2)
    return solve_two(O, S, n, st, 1, &first);
  if (kind == CAND_ONE_PAIR)
    return 2 * n;
  Level *L = level(O, 1);
  const guint m = gather_pool(O, L, NULL, st);
  score_pool(O, L, NULL, S, n, INF);
  guint32 low = INF;
  for (guint j = 0; j < m; j++)
    low = MIN(low, L->lb[j]);
  return MAX(low, 2 * n);
}

gboolean
hs_optimizer_bound(HsOptimizer *O, guint opener, guint max_guesses, guint64 *bound, GError **error)
{
  if (!check_args(O, opener, max_guesses, error))
    return FALSE;
  if (hs_memo_bytes(&O->memo) > O->memo_limit)
    hs_memo_clear(&O->memo);
  memset(&O->stats, 0, sizeof O->stats);
  guint8 parts[HS_PATTERNS];
  guint n_parts = opener_parts(O, opener, parts);
  Level *L = O->lv[0];
  guint64 sum = O->n_answers;
  for (guint k = 0; k < n_parts; k++) {
    guint p = parts[k];
    guint32 v = step_bound(O, L->part.buf + L->part.start[p], L->part.size[p], &L->child[p], max_guesses - 1);
    if (cancelled_error(O, error))
      return FALSE;
    if (v >= INF) {
      sum = HS_OPTIMIZE_IMPOSSIBLE;
      break;
    }
    sum += v;
  }
  *bound = sum;
  return TRUE;
}

guint64
hs_optimize_opener_bound(const HsTable *table, guint opener)
{
  const HsWords *w = hs_table_words(table);
  g_autofree guint8 *scratch = g_malloc(MAX(1u, w->n_answers));
  const guint8 *row = hs_table_row(table, opener, scratch);
  guint count[HS_PATTERNS] = { 0 };
  for (guint a = 0; a < w->n_answers; a++)
    count[row[a]]++;
  guint64 sum = w->n_answers;
  for (guint p = 0; p < HS_ALL_GREEN; p++)
    if (count[p])
      sum += part_bound(count[p]);
  return sum;
}
