/* hardsix — the optimiser's branch-and-bound search (see optimize-private.h for the method): scoring a
 * node's legal pool, evaluating guesses with budgets, the closed forms for small sets, and the memo of
 * exact values and lower bounds (two guesses left: optimize-two.c). */
#include "optimize-private.h"
#include "hardsix/util/bigmem.h"

#include <string.h>

/* How many cells of the next candidate's row part_profile fetches ahead. */
#define PROFILE_AHEAD 8

/* The row of candidate T[I] that part_profile reads, at the indices *IDX gives for the part's
 * answers: the node's sub-table's (at the answers' positions in the node's set, L->tpos) when it holds
 * that row, else the feedback table's (at the answers themselves). */
static inline const HsPat *
profile_row(const HsOptimizer *O, const Level *L, const guint16 *T, guint i, const guint16 **idx)
{
  if (L != NULL) {
    const guint j = L->cpos[T[i]];
    if (L->has_row[j]) {
      *idx = L->tpos;
      return L->sub + (gsize)j * L->n;
    }
  }
  *idx = T;
  return O->core->rows[T[i]];
}

/* What the candidates of T (S answers) can do with their own feedback, the cheap part of a set's
 * value: PERFECT, some candidate splits the others into singletons (the set costs 2s - 1); ONE_PAIR,
 * some candidate leaves one pair and singletons (2s when two guesses are left after it); else NONE.
 * *FIRST is the canonically first candidate of the best kind found. For a part of the node of level L
 * the candidates' rows are read from the node's sub-table where it holds them (every candidate of the
 * node is in its pool), and a candidate making fewer than s - 1 parts of the node's set is skipped;
 * with L NULL, every row comes from the feedback table. */
static guint
part_profile(HsOptimizer *O, Level *L, const guint16 *T, guint s, guint32 *first)
{
  guint best = CAND_NONE;
  *first = T[0];
  guint16 *seen = O->seen;
  if (L != NULL)
    for (guint x = 0; x < s; x++)
      L->tpos[x] = L->loc[T[x]];
  for (guint i = 0; i < s; i++) {
    /* It makes at most k parts of the node's set: fewer than s - 1 cannot leave one pair at most. */
    if (L != NULL && (guint)L->k[L->cpos[T[i]]] + 1 < s)
      continue;
    /* The next candidate's first cells, fetched while this one is read (the rows lie far apart, and
     * reading them waited on memory most of the time). */
    if (i + 1 < s) {
      const guint16 *nidx;
      const HsPat *nrow = profile_row(O, L, T, i + 1, &nidx);
      for (guint x = 0; x < MIN(s, PROFILE_AHEAD); x++)
        __builtin_prefetch(nrow + nidx[x]);
    }
    const guint16 *idx;
    const HsPat *row = profile_row(O, L, T, i, &idx);
    const guint16 stamp = new_stamp(O);
    guint extra = 0;
    for (guint x = 0; x < s && extra < 2; x++) {
      const guint q = row[idx[x]];
      extra += seen[q] == stamp;
      seen[q] = stamp;
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

guint
hs_opt_candidate_profile(HsOptimizer *O, const guint16 *T, guint s, guint32 *first)
{
  return part_profile(O, NULL, T, s, first);
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

/* The parts ROW[0..n) makes: its distinct patterns, counted branch-free with a stamp. */
static inline guint
row_parts(HsOptimizer *O, const HsPat *row, guint n)
{
  const guint16 stamp = new_stamp(O);
  guint16 *seen = O->seen;
  guint k = 0;
  for (guint i = 0; i < n; i++) {
    const guint q = row[i];
    k += seen[q] != stamp;
    seen[q] = stamp;
  }
  return k;
}

/* Row J of the node's pool on S into OUT (n patterns): from the parent's sub-table when it holds that
 * word's row (L->cols: each candidate's column there), else from the feedback table. Returns the number
 * of distinct patterns. */
static inline guint
fill_row(HsOptimizer *O, const Level *L, const Level *PL, const guint16 *S, guint n, guint j, HsPat *out)
{
  /* Counted as they are gathered (row_parts, in the same pass). */
  const guint16 stamp = new_stamp(O);
  guint16 *seen = O->seen;
  guint k = 0;
  if (PL != NULL && PL->has_row[L->pidx[j]]) {
    const HsPat *src = PL->sub + (gsize)L->pidx[j] * PL->n;
    const guint16 *cols = L->cols;
    for (guint i = 0; i < n; i++) {
      const guint q = src[cols[i]];
      out[i] = (HsPat)q;
      k += seen[q] != stamp;
      seen[q] = stamp;
    }
  } else {
    const HsPat *row = O->core->rows[L->pool[j]];
    for (guint i = 0; i < n; i++) {
      const guint q = row[S[i]];
      out[i] = (HsPat)q;
      k += seen[q] != stamp;
      seen[q] = stamp;
    }
  }
  return k;
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
 * a bound). A word that makes k parts of the parent's set makes at most k of this subset, and at most
 * what the tiles S allows it at each position and their answers' counts permit (hs_opt_counts_limit):
 * when even those cannot bring its bound below BETA its row is not read at all (has_row 0, and its k
 * and bound are those limits). */
void
hs_opt_score_pool(HsOptimizer *O, Level *L, const Level *PL, const guint16 *S, guint n, guint32 beta)
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
    L->sub = hs_big_new(L->sub_cap * sizeof(HsPat));
  }
  L->n = n;
  L->scored = TRUE;
  L->steps_ok = FALSE;
  L->kidx_ok = FALSE;
  L->cores_seen = 0;
  for (guint i = 0; i < n; i++)
    L->loc[S[i]] = (guint16)i;
  /* Without a parent's sub-table every row is needed: computed from the answers' letters, which costs
   * less than reading them from the table, row or column. */
  const gboolean fresh = PL == NULL && L->sub_ok;
  if (fresh)
    hs_table_fill_sub(O->core->table, L->pool, m, S, n, L->sub);
  /* Under a bound, the tiles S allows at each position and their counts limit the parts of each word
   * too (about half the cells of the words that pass the parent's count are dropped so, unread). */
  HsOptTiles tiles;
  const gboolean limit = beta < INF && !fresh;
  if (limit)
    hs_opt_tiles(O->core, S, n, &tiles);
  guint kmax = 0;
  for (guint j = 0; j < m; j++) {
    const guint32 w = L->pool[j];
    const gboolean cand = is_cand(O, L, S, n, w);
    if (cand)
      L->cpos[w] = j;
    guint k = PL != NULL ? MIN(n, PL->k[L->pidx[j]]) : n;
    if (limit && guess_bound(n, k, cand) < beta) {
      const gboolean repeats = !hs_l_empty(O->core->has[w][1]);
      k = MIN(k, repeats ? hs_opt_parts_limit(&tiles, O->core->let[w], TRUE)
                         : hs_opt_counts_limit(&tiles, O->core->let[w]));
    }
    if (guess_bound(n, k, cand) >= beta) {
      L->has_row[j] = 0;
    } else {
      k = fresh ? row_parts(O, L->sub + (gsize)j * n, n)
                : fill_row(O, L, PL, S, n, j, L->sub_ok ? L->sub + (gsize)j * n : L->row);
      L->has_row[j] = L->sub_ok;
      O->stats.cells += n;
    }
    L->lb[j] = guess_bound(n, k, cand);
    L->k[j] = (guint16)k;
    L->cls[j] = G_MAXUINT32;
    kmax = MAX(kmax, k);
  }
  L->kmax = kmax;
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
    const HsPat *row = L->sub + (gsize)j * n;
    for (guint i = 0; i < n; i++) {
      guint c = ++cnt[row[i]];
      mb = MAX(mb, c);
    }
    for (guint i = 0; i < n; i++)
      cnt[row[i]] = 0;
  } else {
    const HsPat *row = O->core->rows[L->pool[j]];
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
  if (len > 16) {
    /* Counting sort by class (at most 2n + 1), stable: canonical order within a class. */
    guint32 *count = L->bucket;
    guint top = 0;
    for (guint t = 0; t < len; t++)
      top = MAX(top, L->cls[order[t]]);
    memset(count, 0, (top + 2) * sizeof *count);
    for (guint t = 0; t < len; t++)
      count[L->cls[order[t]] + 1]++;
    for (guint c = 1; c <= top; c++)
      count[c] += count[c - 1];
    for (guint t = 0; t < len; t++)
      L->group[count[L->cls[order[t]]]++] = order[t];
    return;
  }
  /* Stable insertion sort for small groups. */
  for (guint t = 0; t < len; t++) {
    guint j = order[t], u = t;
    while (u > 0 && L->cls[L->group[u - 1]] > L->cls[j]) {
      L->group[u] = L->group[u - 1];
      u--;
    }
    L->group[u] = j;
  }
}

/* TRUE when a cluster of the node of level L (its set S of N answers, its pool gathered) needs more
 * than R guesses (bound.h: answers equal but at one position), so that S cannot be solved; L->clus
 * keeps the clusters, measured on the pool, for hs_bound_rejects. */
static gboolean
clusters_refute(HsOptimizer *O, Level *L, const guint16 *S, guint n, const HsState *st, guint r)
{
  L->n_clus = hs_bound_find(O->bound, S, n, r, L->clus, HS_BOUND_KEEP);
  if (L->n_clus == 0)
    return FALSE;
  hs_bound_state(O->bound, st, &L->bst);
  hs_bound_measure_words(O->bound, L->pool, L->m, &L->bst, L->clus, L->n_clus);
  if (!hs_bound_refutes(L->clus, L->n_clus, r))
    return FALSE;
  O->stats.refuted++;
  return TRUE;
}

/* What the memo holds of part P of the node of level L under its state L->child[p] with R guesses
 * left: its value with EXACT_BIT, a lower bound without, or G_MAXUINT32 when it holds nothing. The
 * part's hashes must be filled. */
static guint32
memo_part_bound(HsOptimizer *O, const Level *L, guint p, guint r)
{
  guint64 k1, k2;
  opt_memo_key(L->part.h1[p], L->part.h2[p], L->part.size[p], &L->child[p], r, &k1, &k2);
  const HsMemoEntry *e = hs_memo_find(&O->memo, k1, k2);
  if (e == NULL)
    return G_MAXUINT32;
  const guint32 v = (guint32)e->val & VALUE_MASK;
  return (e->val & EXACT_BIT) ? v | EXACT_BIT : v;
}

/* What a part P of guess W (at a node under ST) is keyed by once it is to be searched: its hashes
 * (larger parts were hashed for the profile cache already) and its state L->child[p]. */
static inline void
part_key(HsOptimizer *O, Level *L, const HsState *st, guint32 w, guint p)
{
  if (L->part.size[p] < PROFILE_CACHE_MIN)
    hs_partition_hash(&L->part, O->core, p);
  L->child[p] = *st;
  hs_state_add(&L->child[p], O->core, O->core->let[w], (HsPat)p);
}

/* Sharper bounds for the parts L->todo[0..N_TODO) (largest first) of guess W at a node (S, ST, R
 * guesses left, R >= 4: with three, settle_two) whose total so far, every part at its bound, is *TOTAL.
 * First what a part's candidates do with their own feedback: a part of s >= 3 costs 2s - 1 when one of
 * them splits the others into singletons, exactly 2s when one leaves a single pair (and two guesses are
 * left after it), and at least 2s otherwise; only the last kind is searched (and told what was found,
 * so that it does not look again). Then what the memo knows of each of those (every part's before any
 * step: side by side, 45 hard-mode openers 408.9 -> 401.2 s, 10 normal-mode ones 90.4 -> 86.6 s), and
 * last one step of search in each not settled there (part_step_extra), largest first.
 * Keeps the parts to search in L->todo with their states in L->child and returns their number, or
 * G_MAXUINT as soon as *TOTAL reaches THR. */
static guint
sharpen_parts(HsOptimizer *O, Level *L, const guint16 *S, const HsState *st, guint r, guint32 w, guint n_todo,
              guint32 thr, guint32 *total)
{
  guint n_search = 0;
  for (guint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    guint32 first;
    guint kind = cached_profile(O, L, p, &first);
    if (kind == CAND_PERFECT)
      continue;
    L->plb[p]++;
    if (++*total >= thr)
      return G_MAXUINT;
    if (kind == CAND_ONE_PAIR)
      continue;
    L->kind[p] = (guint8)kind;
    L->todo[n_search++] = (HsPat)p;
  }
  for (guint k = 0; k < n_search; k++)
    part_key(O, L, st, w, L->todo[k]);
  /* What the memo knows of the parts (their values, or bounds from searches that failed high) first,
   * all of them: a guess they end costs no step, and the steps after get the smaller cap. */
  guint32 base[HS_PATTERNS];
  for (guint k = 0; k < n_search; k++) {
    const guint p = L->todo[k];
    base[k] = L->plb[p];
    const guint32 known = memo_part_bound(O, L, p, r - 1);
    if (known == G_MAXUINT32)
      continue;
    const guint32 v = known & VALUE_MASK;
    if (known & EXACT_BIT)
      base[k] = G_MAXUINT32; /* settled: no step */
    if (v > L->plb[p]) {
      *total += v - L->plb[p];
      L->plb[p] = v;
      if (*total >= thr)
        return G_MAXUINT;
    }
  }
  for (guint k = 0; k < n_search; k++) {
    const guint p = L->todo[k];
    if (base[k] == G_MAXUINT32)
      continue;
    /* One step of search, relative to the part's bound before the memo's: it ends the guess at CAP. */
    const guint32 cap = (L->plb[p] - base[k]) + (thr - *total);
    const guint32 v = MAX(base[k] + hs_opt_cached_step(O, L, S, p, cap), L->plb[p]);
    *total += v - L->plb[p];
    L->plb[p] = v;
    if (*total >= thr)
      return G_MAXUINT;
  }
  return n_search;
}

/* Two guesses left after guess W at a node (ST, level LVL): each part of L->todo[0..N_TODO) (largest
 * first) costs 2s - 1 when one of its candidates splits the others into singletons, 2s when another
 * legal word does, and cannot be solved otherwise, whatever its budget (hs_opt_solve_two). So they are
 * settled here one by one, up to the first that cannot be solved: most nodes with three guesses left
 * have no strategy at all. Returns 0 (nothing left to search), or G_MAXUINT as soon as *TOTAL reaches
 * THR (INF when a part cannot be solved). */
static guint
settle_two(HsOptimizer *O, Level *L, const HsState *st, guint lvl, guint32 w, guint n_todo, guint32 thr, guint32 *total)
{
  for (guint k = 0; k < n_todo; k++) {
    const guint p = L->todo[k], s = L->part.size[p];
    guint32 first;
    if (cached_profile(O, L, p, &first) == CAND_PERFECT)
      continue;
    L->plb[p]++;
    if (++*total >= thr)
      return G_MAXUINT;
    part_key(O, L, st, w, p);
    guint64 k1, k2;
    opt_memo_key(L->part.h1[p], L->part.h2[p], s, &L->child[p], 2, &k1, &k2);
    if (hs_opt_solve_two_cached(O, L->part.buf + L->part.start[p], s, &L->child[p], lvl + 1, k1, k2, &first) >= INF) {
      *total = INF;
      return G_MAXUINT;
    }
  }
  return 0;
}

/* Before the parts L->todo[0..N_TODO) of a guess (R guesses left at its node, level LVL) are searched
 * for their values, each is searched with a budget of its bound plus its share of what the guess may
 * still cost before its total TOTAL (every part at its bound) reaches THR: O->probe_share quarters of
 * the gap THR - TOTAL, divided in proportion to the parts' sizes. A part that fails high raises its
 * bound (L->plb) by what it found; one below its budget gets its value. Returns the new total, which
 * reaches THR as soon as the raised bounds do: the guess is then dropped without a part searched to
 * its value. Without this, the largest part was searched first with the whole gap as its budget, to
 * its value when that fitted, and a guess whose bound is far below its cost (the many second guesses
 * of a large part that each cost more than the best) paid for exact values of its largest parts
 * before the sum of them reached THR; a part's excess over its bound mostly shows in a search with a
 * budget near that bound. The values and lower bounds found stay in the memo for the search after. */
static guint32
probe_parts(HsOptimizer *O, Level *L, guint r, guint lvl, guint n_todo, guint32 thr, guint32 total)
{
  guint64 size_sum = 0;
  for (guint k = 0; k < n_todo; k++)
    size_sum += L->part.size[L->todo[k]];
  const guint64 gap = thr - total;
  for (guint k = 0; k < n_todo; k++) {
    const guint p = L->todo[k];
    const guint64 share = (gap * L->part.size[p] * O->probe_share + size_sum * 4 - 1) / (size_sum * 4);
    const guint32 budget = (guint32)MIN((guint64)L->plb[p] + MAX(share, 1u), (guint64)thr - (total - L->plb[p]));
    guint32 g;
    const guint32 v = hs_opt_solve(O, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p],
                                   &L->child[p], r - 1, lvl + 1, budget, L->kind[p], &g);
    if (O->cancelled)
      return INF;
    if (v > L->plb[p]) {
      total += v - L->plb[p];
      L->plb[p] = v;
    }
    if (total >= thr) {
      O->stats.probed++;
      return (guint32)MIN((guint64)total, (guint64)INF);
    }
  }
  return total;
}

/* The total after pool position J (word W) at a node (S, ST, R guesses left, level LVL) when it is
 * below THR, else some lower bound >= THR. TT: the prover's test of its parts. */
static guint32
eval_guess(HsOptimizer *O, Level *L, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint j,
           guint32 thr, TestTry *tt)
{
  const guint32 w = L->pool[j];
  hs_partition_split(&L->part, S, n, O->core->rows[w], L->has_row[j] ? L->sub + (gsize)j * n : NULL);
  guint32 total = n;
  guint n_todo = 0;
  for (guint k = 0; k < L->part.n_pats; k++) {
    guint p = L->part.pats[k], s = L->part.size[p];
    if (p == O->core->words->all_green)
      continue;
    if (s >= 2 && r - 1 <= 1)
      return INF; /* one guess left cannot tell two answers apart */
    /* With two left, the next guess must split the part into singletons: it cannot when no word of
     * the pool (a superset of the part's legal words) makes that many parts even of the node's set. */
    if (r - 1 == 2 && s > L->kmax)
      return INF;
    L->plb[p] = hs_opt_part_bound(s);
    total += L->plb[p];
    if (s >= 3)
      L->todo[n_todo++] = (HsPat)p;
  }
  if (total >= thr)
    return total;
  /* A part that holds a core cannot be solved (optimize-private.h). */
  if (tt->may_test && n_todo > 0 && hs_opt_cores_refute(O, L, S, n, st, r, j))
    return INF;
  /* Largest part first: the likeliest to exceed its budget. Ties in pattern order. */
  for (guint i = 1; i < n_todo; i++) {
    HsPat v = L->todo[i];
    guint u = i;
    while (u > 0 && (L->part.size[L->todo[u - 1]] < L->part.size[v] ||
                     (L->part.size[L->todo[u - 1]] == L->part.size[v] && L->todo[u - 1] > v))) {
      L->todo[u] = L->todo[u - 1];
      u--;
    }
    L->todo[u] = v;
  }
  n_todo = r - 1 == 2 ? settle_two(O, L, st, lvl, w, n_todo, thr, &total)
                      : sharpen_parts(O, L, S, st, r, w, n_todo, thr, &total);
  if (n_todo == G_MAXUINT)
    return total;
  /* The guess passed its bounds: can its parts be solved at all? Asked when nothing bounds the node,
   * and under a bound when the node chose to. */
  if (tt->may_test && n_todo > 0 && !hs_opt_test_parts(O, L, r, n_todo, tt))
    return INF;
  /* Under a bound, probe the parts first (with one part and a share of a whole gap or more, the probe
   * would be the search itself). */
  if (O->probe_share != 0 && (n_todo > 1 || (n_todo == 1 && O->probe_share < 4)) && thr < INF / 2) {
    total = probe_parts(O, L, r, lvl, n_todo, thr, total);
    if (total >= thr)
      return total;
  }
  for (guint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    const guint32 rest = total - L->plb[p]; /* the others at their bounds or exact values */
    const guint32 budget = thr - rest;
    guint32 g;
    guint32 v = hs_opt_solve(O, L->part.buf + L->part.start[p], L->part.size[p], L->part.h1[p], L->part.h2[p],
                             &L->child[p], r - 1, lvl + 1, budget, L->kind[p], &g);
    if (O->cancelled)
      return INF;
    if (v >= budget)
      return (guint32)MIN((guint64)rest + v, (guint64)INF);
    total = rest + v;
  }
  return total;
}

/* Three or more guesses left and no candidate splits S into singletons: every legal guess, in order
 * of its bound and then of the ranking. Returns the best total below BETA (with *GUESS), or the least
 * lower bound proven for the guesses (>= BETA). */
static guint32
solve_deep(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint32 beta,
           guint32 *guess)
{
  Level *L = hs_opt_level(O, lvl);
  const Level *PL = lvl > 0 ? O->lv[lvl - 1] : NULL;
  const guint m = hs_opt_gather_pool(O, L, PL, S, n, st, r);
  /* Clusters of answers that differ at one position (bound.h): one that needs more than R guesses
   * refutes the node; the others reject the guesses that test too few of their variants. */
  if (clusters_refute(O, L, S, n, st, r)) {
    *guess = HS_NONE;
    return INF;
  }
  hs_opt_score_pool(O, L, PL, S, n, beta);
  guint32 best = beta, best_g = HS_NONE, low = INF;
  guint64 best_key = G_MAXUINT64;
  TestCosts costs = { 0 };
  const gboolean may_test = O->feas_from != 0 && r >= O->feas_from;
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
      /* Three left: its largest part (its rank score) must be split into singletons next (eval_guess). */
      if (r == 3 && L->cls[j] / 2 > L->kmax)
        continue;
      if (L->n_clus > 0 && hs_bound_rejects(O->bound, L->clus, L->n_clus, w, r, &L->bst)) {
        O->stats.refuted++; /* no strategy within R starts with it */
        continue;
      }
      const gboolean bounded = thr < INF / 2;
      TestTry tt = { .may_test = may_test, .test = may_test && (!bounded || hs_opt_choose_test(O, &costs)) };
      const gint64 t0 = may_test ? g_get_monotonic_time() : 0;
      guint32 v = eval_guess(O, L, S, n, st, r, lvl, j, thr, &tt);
      if (may_test)
        hs_opt_learn_costs(&costs, &tt, g_get_monotonic_time() - t0, bounded);
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
guint32
hs_opt_solve(HsOptimizer *O, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r, guint lvl,
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
  guint kind = known <= CAND_NONE ? known : hs_opt_candidate_profile(O, S, n, &first);
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
  opt_memo_key(h1, h2, n, st, r, &k1, &k2);
  if (r == 2)
    return hs_opt_solve_two_cached(O, S, n, st, lvl, k1, k2, guess);
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
  if (!hs_opt_new_node(O))
    return INF;
  guint32 g = HS_NONE;
  guint32 v = solve_deep(O, S, n, st, r, lvl, beta, &g);
  if (O->cancelled)
    return INF;
  if (v < beta && g != HS_NONE) {
    hs_memo_put_weighted(&O->memo, k1, k2, ((guint64)g << 32) | EXACT_BIT | v, hs_memo_weight(r, n));
    *guess = g;
    return v;
  }
  /* Failed high: every guess costs at least v >= beta (INF: none works at all). */
  hs_memo_put_weighted(&O->memo, k1, k2, MIN(v, INF), hs_memo_weight(r, n));
  return v;
}
