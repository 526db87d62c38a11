/* hardsix — the prover's AND-OR search: a node tries guesses in the prover's order and stops at the
 * first whose every part is solvable in the guesses left (see prove-private.h for how it stays fast). */
#include "prove-private.h"
#include "hardsix/util/bigmem.h"

#include <string.h>

/* The local key of part P (pattern P of guess W) at level L: the part's hashes and the tiles of W's
 * row that change a state (P->kept), so that equal keys mean the same part under the same child state
 * of the node's state. */
static inline void
local_key(const HsProver *P, Level *L, guint w, guint p)
{
  const guint8 *l = P->let[w];
  const guint kept = P->kept[p];
#if defined(HS_WIDE) && HS_WIDE
  /* The pattern (13 bits) and 8 letter codes of 8 bits do not fit one word: D holds the pattern and
   * positions 0 .. 5, E positions 6 and 7. */
  guint64 d = p, e = 0;
  for (guint i = 0; i < HS_MAX_LEN; i++)
    if ((kept >> i) & 1u) {
      if (i < 6)
        d |= (guint64)(l[i] + 1u) << (16 + HS_CODE_BITS * i);
      else
        e |= (guint64)(l[i] + 1u) << (HS_CODE_BITS * (i - 6));
    }
  d ^= hs_mix64(e);
#else
  guint64 d = p;
  for (guint i = 0; i < HS_MAX_LEN; i++)
    if ((kept >> i) & 1u)
      d |= (guint64)(l[i] + 1u) << (8 + HS_CODE_BITS * i);
#endif
  L->lk1[p] = hs_mix64(L->part.h1[p] ^ (d * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)));
  L->lk2[p] = hs_mix64(L->part.h2[p] + d + ((guint64)L->part.size[p] << 40));
}

static inline const LocalEntry *
local_find(const Level *L, guint p)
{
  const LocalEntry *e = &L->local[L->lk1[p] & (LOCAL_SLOTS - 1)];
  return e->gen == L->local_gen && e->k1 == L->lk1[p] && e->k2 == L->lk2[p] ? e : NULL;
}

/* Remembers at level L that part P of the guess being tried has memo value VAL. */
static inline void
local_put(Level *L, guint p, guint32 val)
{
  LocalEntry *e = &L->local[L->lk1[p] & (LOCAL_SLOTS - 1)];
  e->k1 = L->lk1[p];
  e->k2 = L->lk2[p];
  e->gen = L->local_gen;
  e->val = val;
}

/* Sorts L->todo[0..n) by part size, ties in pattern order: smallest first when SMALL_FIRST, else
 * largest first. Most guesses tried at a node fail, and a guess fails as soon as one of its parts
 * does, so the order decides what the failing part costs to find. With three or more guesses left
 * after the guess, a small part is far cheaper to search than a large one (its pools and sub-tables
 * are smaller, and so are its own parts) and is about as likely to be the one that fails: the within-
 * five search of the 30 openers of issue 12 expanded 1.02 M nodes largest first and 0.34 M smallest
 * first. With two guesses left (part2) each part is one cheap test, and a large part fails more often. */
static void
order_parts(Level *L, guint n, gboolean small_first)
{
  for (guint i = 1; i < n; i++) {
    const HsPat v = L->todo[i];
    const guint sv = L->part.size[v];
    guint j = i;
    for (; j > 0; j--) {
      const HsPat u = L->todo[j - 1];
      const guint su = L->part.size[u];
      const gboolean after = small_first ? su > sv : su < sv;
      if (!(after || (su == sv && u > v)))
        break;
      L->todo[j] = u;
    }
    L->todo[j] = v;
  }
}

/* After W split a node's set into L->part: marks the parts that need a search in L->todo, in the
 * order of order_parts, and returns their count; or -1 (L->failed set) when some part is
 * known to fail. Parts of at most r - 1 answers are solvable by playing them one by one; with one
 * guess left after W only singletons are; the memo answers the parts it knows. With SUB (three
 * guesses left and a sub-table), a part the memo knows under the node's own weaker state is settled
 * from that: a failure there is a failure here, and the first guess that worked there works here
 * when it is legal.
 *
 * The memo is large and its entries are cache misses, so the parts are screened in two passes: the
 * first answers what needs no memo (sizes, the node's local cache), computes the memo keys of the
 * others and prefetches their slots; the second asks the memo. The parts are settled in the same
 * order as one pass would: a part the first pass finds failing is reported only when no part before
 * it fails in the memo. */
/* (Not inlined into try_guess: the English searches were tuned with it apart.) */
G_GNUC_NO_INLINE static gint
screen_parts(HsProver *P, Level *L, const HsState *st, guint w, guint r, gboolean sub)
{
  HsPat *ask = L->ask;
  guint n_ask = 0;
  gint stop = -1; /* a part the first pass found failing */
  for (guint k = 0; k < L->part.n_pats; k++) {
    guint p = L->part.pats[k], size = L->part.size[p];
    if (p == P->all_green || size <= 1 || size <= r - 1)
      continue;
    if (r - 1 <= 1 || (r - 1 == 2 && size > PATS(P))) {
      stop = (gint)p;
      break;
    }
    local_key(P, L, w, p);
    const LocalEntry *le = local_find(L, p);
    if (le != NULL) {
      P->stats.memo_hits++;
      if (le->val == MEMO_FAIL) {
        stop = (gint)p;
        break;
      }
      continue;
    }
    L->child[p] = *st;
    hs_state_add(&L->child[p], P->core, P->let[w], (HsPat)p);
    hs_search_key(L->part.h1[p], L->part.h2[p], &L->child[p], size, r - 1, &L->ck1[p], &L->ck2[p]);
    hs_memo_prefetch(&P->memo, L->ck1[p]);
    if (sub) {
      hs_search_key_with_state(L->part.h1[p], L->part.h2[p], L->sa, L->sb, size, 2, &L->pk1[p], &L->pk2[p]);
      hs_memo_prefetch(&P->memo, L->pk1[p]);
    }
    ask[n_ask++] = (HsPat)p;
  }
  guint n_todo = 0;
  for (guint k = 0; k < n_ask; k++) {
    const guint p = ask[k];
    L->failed = p;
    const HsMemoEntry *e = hs_memo_find(&P->memo, L->ck1[p], L->ck2[p]);
    if (e != NULL) {
      P->stats.memo_hits++;
      local_put(L, p, (guint32)e->val);
      if (e->val == MEMO_FAIL)
        return -1;
      continue;
    }
    if (sub) {
      e = hs_memo_find(&P->memo, L->pk1[p], L->pk2[p]);
      L->pok[p] = 0;
      if (e != NULL) {
        P->stats.memo_hits++;
        if (e->val == MEMO_FAIL) {
          hs_memo_put_weighted(&P->memo, L->ck1[p], L->ck2[p], MEMO_FAIL, hs_memo_weight(r - 1, L->part.size[p]));
          local_put(L, p, MEMO_FAIL);
          return -1;
        }
        const guint32 val = (guint32)e->val; /* e dies when the memo grows */
        if (hs_state_allows(P->core, &L->child[p], val)) {
          hs_memo_put_weighted(&P->memo, L->ck1[p], L->ck2[p], val, hs_memo_weight(r - 1, L->part.size[p]));
          local_put(L, p, val);
          continue;
        }
        L->pok[p] = 1;
      }
    }
    L->todo[n_todo++] = (HsPat)p;
  }
  if (stop >= 0) {
    L->failed = (guint)stop;
    return -1;
  }
  order_parts(L, n_todo, r - 1 >= 3);
  return (gint)n_todo;
}

/* Searches part P of level L (R - 1 guesses left after the node's guess): TRY_WORKS, TRY_FAILS (the
 * part is remembered as a core of the node), or TRY_UNKNOWN when a probe with budget PROBE ran out. */
static int
search_part(HsProver *P, Level *L, guint p, guint r, guint lvl, gboolean sub, guint64 probe)
{
  const guint16 *T = L->part.buf + L->part.start[p];
  const guint size = L->part.size[p];
  if (sub) {
    const gboolean ok =
      hs_prove_part2(P, L, T, size, L->pk1[p], L->pk2[p], L->pok[p], &L->child[p], L->ck1[p], L->ck2[p]);
    if (!ok)
      local_put(L, p, MEMO_FAIL);
    return ok ? TRY_WORKS : TRY_FAILS;
  }
  guint32 g;
  if (probe)
    P->probe_end = P->stats.nodes + probe;
  gboolean ok = hs_prove_solve(P, T, size, L->part.h1[p], L->part.h2[p], &L->child[p], r - 1, lvl + 1, &g);
  if (probe) {
    P->probe_end = 0;
    if (P->aborted) {
      /* Past the driver's deadline too, the whole search unwinds. */
      if (!hs_prove_deadline_passed(P))
        P->aborted = FALSE;
      return TRY_UNKNOWN;
    }
  }
  if (ok)
    return TRY_WORKS;
  if (r - 1 >= 3 && !hs_prove_stopped(P))
    hs_prove_core_add(L, T, size, &L->child[p], r - 1);
  if (!hs_prove_stopped(P))
    local_put(L, p, MEMO_FAIL);
  return TRY_FAILS;
}

/* With R_PART >= 3 guesses left after the guess: the first of its parts L->todo[0..N) that contains
 * a failing part the node remembers (a core, under a state no stricter), or -1. All parts are looked
 * at before any is searched: the parts that work are usually searched first (order_parts), so a
 * failing part found here saves their search (mecum: 6.81 M -> 6.55 M nodes). */
static gint
covered_part(HsProver *P, Level *L, guint r_part, guint n)
{
  for (guint k = 0; k < n; k++) {
    const guint p = L->todo[k], size = L->part.size[p];
    const guint16 *T = L->part.buf + L->part.start[p];
    if (hs_prove_core_covers(L, T, size, hs_prove_set_signature(T, size), &L->child[p], r_part)) {
      hs_memo_put_weighted(&P->memo, L->ck1[p], L->ck2[p], MEMO_FAIL, hs_memo_weight(r_part, size));
      local_put(L, p, MEMO_FAIL);
      return (gint)p;
    }
  }
  return -1;
}

/* Three guesses left, W just measured into L->part: TRUE (L->failed set) when W's largest part is
 * known at once to need more than two guesses: the few words that make as many parts of the node's set
 * (L->n_ge, at most QUICK_SPLITTERS of them) are all illegal after W or do not split it. Most guesses of
 * a node that fails end here, before the memo is asked about any part (a cache miss each). FALSE
 * when that is not known this way (the usual screening follows). */
/* (Not inlined into try_guess: the English searches were tuned with it apart.) */
G_GNUC_NO_INLINE static gboolean
largest_part_unsplittable(HsProver *P, Level *L, const guint16 *S, guint n, const HsState *st, guint w,
                          const HsPat *sub_row, guint64 probe)
{
  guint big = HS_PATTERNS, k = 0;
  for (guint q = 0; q < L->part.n_pats; q++) {
    const guint p = L->part.pats[q];
    if (p != P->all_green && L->part.size[p] > k) {
      k = L->part.size[p];
      big = p;
    }
  }
  if (k <= 2)
    return FALSE; /* played out in two guesses */
  /* (No word makes more parts than there are patterns.) */
  if (k <= MIN(HS_PATTERNS, DIST_MAX) && L->n_ge[k] > QUICK_SPLITTERS)
    return FALSE;
  const guint n_split = k <= MIN(HS_PATTERNS, DIST_MAX) ? L->n_ge[k] : 0;
  gboolean split = FALSE;
  if (n_split > 0) {
    HsState child = *st;
    hs_state_add(&child, P->core, P->let[w], (HsPat)big);
    hs_partition_place(&L->part, S, n, P->rows[w], sub_row);
    const guint16 *T = L->part.buf + L->part.start[big];
    guint16 *tl = L->tl;
    for (guint i = 0; i < k; i++)
      tl[i] = L->loc[T[i]];
    for (guint q = 0; q < n_split && !split; q++) {
      const guint j = L->by_parts[q];
      split = hs_state_allows(P->core, &child, L->legal[j]) && hs_set_injective(L->sub + (gsize)j * L->sub_n, tl, k);
    }
  } else if (probe != 0) {
    hs_partition_place(&L->part, S, n, P->rows[w], sub_row); /* the failing part feeds the trouble set */
  }
  if (split)
    return FALSE;
  P->stats.refuted++;
  L->failed = big;
  return TRUE;
}

/* Does guess W split S (level LVL) into parts that are all solvable within R - 1 guesses? Parts are
 * searched in the order of order_parts, after a memo pass that rejects W on any part known to fail.
 * With PROBE, each part gets a node budget and TRY_UNKNOWN says that one ran out. SUB_ROW is W's row
 * of the node's sub-table, or NULL. After TRY_FAILS, L->failed is the pattern of the part that failed
 * (HS_PATTERNS when a part was too big for the partition to be made). */
static int
try_guess(HsProver *P, const guint16 *S, guint n, const HsState *st, guint w, const HsPat *sub_row, guint r, guint lvl,
          guint64 probe)
{
  Level *L = hs_prove_level(P, lvl);
  if (L->n_clus > 0 && hs_bound_rejects(P->bound, L->clus, L->n_clus, w, r, &L->bst)) {
    P->stats.refuted++;
    L->failed = HS_PATTERNS;
    return TRY_FAILS;
  }
  if (!hs_partition_measure(&L->part, P->core, S, n, P->rows[w], sub_row, L->cap)) {
    L->failed = HS_PATTERNS;
    return TRY_FAILS;
  }
  const gboolean sub = r == 3 && L->sub_ok;
  if (sub && L->dist_ok && largest_part_unsplittable(P, L, S, n, st, w, sub_row, probe))
    return TRY_FAILS;
  gint n_todo = screen_parts(P, L, st, w, r, sub);
  /* Most guesses fail on the sizes and hashes of their parts: the answers are placed in their parts
   * only when a part is searched, or when the failing part feeds the trouble set (probes). */
  if (n_todo > 0 || (n_todo < 0 && probe != 0))
    hs_partition_place(&L->part, S, n, P->rows[w], sub_row);
  if (n_todo < 0)
    return TRY_FAILS;
  if (r - 1 >= 3 && L->n_cores > 0) {
    const gint c = covered_part(P, L, r - 1, (guint)n_todo);
    if (c >= 0) {
      L->failed = (guint)c;
      return TRY_FAILS;
    }
  }
  gint unknown = -1;
  for (gint k = 0; k < n_todo; k++) {
    guint p = L->todo[k];
    int res = search_part(P, L, p, r, lvl, sub, probe);
    if (res == TRY_WORKS)
      continue;
    if (res == TRY_FAILS || hs_prove_stopped(P)) {
      L->failed = p;
      return TRY_FAILS;
    }
    /* The probe of this part ran out; a later part may still fail within its own budget. */
    if (unknown < 0)
      unknown = (gint)p;
  }
  if (unknown >= 0) {
    L->failed = (guint)unknown;
    return TRY_UNKNOWN;
  }
  return TRY_WORKS;
}

/* After a failed try: adds the part that failed to the trouble set; TRUE when it is time to reorder. */
static gboolean
note_failure(Level *L)
{
  if (L->failed >= HS_PATTERNS)
    return FALSE;
  const guint16 *T = L->part.buf + L->part.start[L->failed];
  for (guint i = 0; i < L->part.size[L->failed]; i++)
    if (!L->tmark[T[i]]) {
      L->tmark[T[i]] = 1;
      L->tlist[L->n_trouble++] = T[i];
    }
  if (++L->n_fails < L->next_reorder)
    return FALSE;
  L->next_reorder *= TROUBLE_GROWTH;
  return TRUE;
}

/* Tries the pool positions ORDER[0..M) in turn; TRUE (with *GUESS) on the first that works. With
 * PROBING, positions whose probe ran out of budget are appended to L->unknown (L->probe_top the
 * largest such budget); and the answers of the parts that make guesses fail are gathered, and from
 * time to time the guesses not yet tried are reordered to split those first.
 * Once tuning.probe_raise_after guesses have failed, the rest are probed with budgets probe_raise
 * times larger. A node that works usually finds its guess early, and small budgets let it pass over
 * costly guesses (prove logie --rules none on every word: 5.2 s; with budgets of 12800 from the
 * start, 52 s); a node that fails must refute every guess, and there small budgets run out and the
 * work is done again (with 800 throughout, 42 % of the nodes of mecum's failing part). */
static gboolean
try_positions(HsProver *P, Level *L, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint32 *order,
              guint m, guint64 probing, guint32 *guess)
{
  const guint raise_after = P->tuning.probe_raise_after;
  for (guint k = 0; k < m; k++) {
    guint j = order[k];
    const gboolean raised = probing && raise_after && L->n_fails >= raise_after;
    const guint64 budget = raised ? probing * P->tuning.probe_raise : probing;
    int res = try_guess(P, S, n, st, L->legal[j], L->sub_ok ? L->sub + (gsize)j * n : NULL, r, lvl, budget);
    if (res == TRY_WORKS) {
      *guess = L->legal[j];
      return TRUE;
    }
    if (hs_prove_stopped(P))
      return FALSE;
    if (res == TRY_UNKNOWN) {
      L->unknown[L->n_unknown++] = j;
      L->probe_top = MAX(L->probe_top, budget);
      continue;
    }
    if (probing && note_failure(L))
      hs_prove_reorder_by_trouble(P, L, S, n, order + k + 1, m - k - 1);
  }
  return FALSE;
}

/* One node being expanded by solve_deep, with what its phases share. */
typedef struct {
  const guint16 *S; /* the candidates, canonical order */
  guint n;
  const HsState *st;
  guint r, lvl; /* guesses left; scratch level */
  Level *L;
  const Level *PL;             /* the parent's level (NULL at the top) */
  gboolean fast;               /* FAST order */
  guint64 probing;             /* FAST: first probe budget per part (0: no probing here) */
  guint32 cstar;               /* the best candidate: smallest max bucket, canonical on ties */
  guint best;                  /* its max bucket */
  int cstar_res;               /* what trying c* gave (TRY_FAILS when not tried) */
  guint32 skip;                /* FAST tries c* on its own, so the pool skips it */
  gboolean from_parent;        /* the pool's rows come from the parent's sub-table */
  guint16 cols[BYTE_ROWS_MAX]; /* from_parent: each candidate's column in the parent's sub-table */
} Node;

static void
find_cstar(HsProver *P, Node *N)
{
  N->best = G_MAXUINT;
  N->cstar = N->S[0];
  for (guint i = 0; i < N->n && N->best > 1; i++) {
    guint mb = hs_prove_max_bucket(P, P->rows[N->S[i]], N->S, N->n, N->best);
    if (mb < N->best) {
      N->best = mb;
      N->cstar = N->S[i];
    }
  }
}

/* Tries c* with BUDGET (0: none); with NOTE a failure feeds the trouble set. TRUE when it works. */
static gboolean
try_cstar(HsProver *P, Node *N, guint64 budget, gboolean note)
{
  N->cstar_res = try_guess(P, N->S, N->n, N->st, N->cstar, NULL, N->r, N->lvl, budget);
  if (N->cstar_res == TRY_FAILS && note && budget)
    note_failure(N->L);
  return N->cstar_res == TRY_WORKS;
}

/* FAST order with few guesses left: c* is tried once the pool is known, so that its parts can use
 * the node's sub-table. */
static gboolean
try_cstar_late(HsProver *P, Node *N, guint32 *guess)
{
  if (!N->fast || N->r > CSTAR_FIRST_ABOVE || !try_cstar(P, N, N->probing, TRUE))
    return FALSE;
  *guess = N->cstar;
  return TRUE;
}

/* The legal pool, into L->legal; when the parent kept a sub-table, its rows are read from there (a
 * small, cache-resident array) instead of the feedback table. Marks the candidates. Returns TRUE when
 * the node keeps a sub-table of its own (its pool fits the budget): for scoring, for its parts' pools
 * and for part2; bigger nodes score lazily from the feedback table. */
static gboolean
gather_pool(HsProver *P, Node *N)
{
  Level *L = N->L;
  const Level *PL = N->PL;
  guint n_legal = 0;
  /* One word per class of words that play alike on S (search.h); nothing to do when the parent's pool
   * was made for the same letters. */
  const HsLetters alpha = hs_set_letters(P->core, N->S, N->n);
  const gboolean reduce = hs_alike_applies(P->rules) && !(N->from_parent && hs_l_eq(PL->alpha, alpha));
  if (reduce)
    hs_alike_begin(&P->alike, alpha, N->from_parent ? PL->n_legal : P->core->n_words);
  if (N->from_parent) {
    hs_state_bits(P->core, N->st, P->acc);
    for (guint j = 0; j < PL->n_legal; j++) {
      guint w = PL->legal[j];
      if ((P->acc[w / 64] >> (w % 64)) & 1u) {
        L->legal[n_legal] = w;
        L->pidx[n_legal++] = j;
      }
    }
  } else {
    n_legal = hs_state_legal(P->core, N->st, P->acc, L->legal);
  }
  if (reduce)
    n_legal = hs_alike_keep(&P->alike, P->core, L->legal, N->from_parent ? L->pidx : NULL, n_legal);
  /* Normal mode: words whose parts another word splits further are not needed either. */
  if (reduce && P->rules == HS_RULES_NONE && P->tuning.refine_min_r != 0 && N->r >= P->tuning.refine_min_r)
    n_legal = hs_alike_drop_refined(&P->alike, P->core, L->legal, N->from_parent ? L->pidx : NULL, n_legal, FALSE);
  L->alpha = alpha;
  L->n_legal = n_legal;
  L->lbits_ok = FALSE;
  const gsize need = (gsize)n_legal * N->n;
  const gboolean sub = need <= P->tuning.sub_budget;
  if (sub && L->sub_cap < need) {
    g_free(L->sub);
    L->sub_cap = MAX(need, MIN(P->tuning.sub_budget, (gsize)1 << 20));
    L->sub = hs_big_new(L->sub_cap * sizeof(HsPat));
  }
  for (guint i = 0; i < N->n; i++) {
    P->mark[N->S[i]] = 1;
    L->loc[N->S[i]] = (guint16)i;
    if (N->from_parent)
      N->cols[i] = PL->loc[N->S[i]];
  }
  for (guint j = 0; j < n_legal; j++)
    L->idx[j] = j;
  return sub;
}

/* The node keeps a sub-table: every pool word is scored into it, then tried in order. */
static gboolean
search_with_sub(HsProver *P, Node *N, guint32 *guess)
{
  Level *L = N->L;
  const guint n_idx = L->n_legal;
  L->sub_all = TRUE;
  guint max_distinct =
    hs_prove_score_positions(P, L, N->PL, N->S, N->n, L->idx, n_idx, TRUE, N->from_parent ? N->cols : NULL);
  L->sub_ok = TRUE;
  L->sub_n = N->n;
  if (N->r == 3) {
    hs_prove_rank_by_parts(L);
    /* Every candidate is legal (it fits every row so far) and alone in its class, so it is in the
     * pool: its position there, for part2. */
    guint found = 0;
    for (guint j = 0; j < L->n_legal && L->legal[j] < P->n_answers; j++)
      if (P->mark[L->legal[j]]) {
        L->ppos[L->legal[j]] = j;
        found++;
      }
    L->dist_ok = found == N->n;
  }
  /* With two guesses left after this one, a part must be split into singletons by one guess legal
   * below here: it cannot be larger than the most parts any legal word makes of S (known when every
   * legal word was scored). */
  guint cap = N->r == 3 && L->sub_all ? max_distinct : N->n;
  guint m = hs_prove_order_positions(P, L, N->n, L->idx, n_idx, cap, N->skip, L->sorted);
  if (try_cstar_late(P, N, guess))
    return TRUE;
  return !hs_prove_stopped(P) && try_positions(P, L, N->S, N->n, N->st, N->r, N->lvl, L->sorted, m, N->probing, guess);
}

/* No sub-table: words no worse than c* are scored and tried first; the rest, already known to be
 * worse, only when none of those works. The same order as scoring everything at once. */
static gboolean
search_lazily(HsProver *P, Node *N, guint32 *guess)
{
  Level *L = N->L;
  if (try_cstar_late(P, N, guess))
    return TRUE;
  if (hs_prove_stopped(P))
    return FALSE;
  guint bound = MAX(N->best, N->r);
  hs_prove_score_bounded(P, L, N->S, N->n, L->idx, L->n_legal, bound);
  guint m = hs_prove_order_positions(P, L, N->n, L->idx, L->n_legal, bound, N->skip, L->sorted);
  if (try_positions(P, L, N->S, N->n, N->st, N->r, N->lvl, L->sorted, m, N->probing, guess) || hs_prove_stopped(P))
    return !hs_prove_stopped(P);
  guint n_def = 0;
  for (guint j = 0; j < L->n_legal; j++)
    if (L->score[j] == DEFERRED)
      L->idx[n_def++] = j;
  hs_prove_score_positions(P, L, N->PL, N->S, N->n, L->idx, n_def, FALSE, NULL);
  m = hs_prove_order_positions(P, L, N->n, L->idx, n_def, N->n, N->skip, L->sorted);
  return try_positions(P, L, N->S, N->n, N->st, N->r, N->lvl, L->sorted, m, N->probing, guess);
}

/* Later rounds: the guesses no probe could decide yet, in the same order, with larger budgets and at
 * last without one. */
static gboolean
retry_undecided(HsProver *P, Node *N, guint32 *guess)
{
  Level *L = N->L;
  for (guint64 budget = MAX(N->probing, L->probe_top); N->cstar_res == TRY_UNKNOWN || L->n_unknown > 0;) {
    budget = budget * PROBE_GROWTH > PROBE_LIMIT ? 0 : budget * PROBE_GROWTH;
    if (N->cstar_res == TRY_UNKNOWN) {
      if (try_cstar(P, N, budget, FALSE)) {
        *guess = N->cstar;
        return TRUE;
      }
      if (hs_prove_stopped(P))
        return FALSE;
    }
    guint still = 0;
    for (guint k = 0; k < L->n_unknown; k++) {
      guint j = L->unknown[k];
      int res =
        try_guess(P, N->S, N->n, N->st, L->legal[j], L->sub_ok ? L->sub + (gsize)j * N->n : NULL, N->r, N->lvl, budget);
      if (res == TRY_WORKS) {
        *guess = L->legal[j];
        return TRUE;
      }
      if (hs_prove_stopped(P))
        return FALSE;
      if (res == TRY_UNKNOWN)
        L->unknown[still++] = j;
    }
    L->n_unknown = still;
  }
  return FALSE;
}

/* Three or more guesses left. Guesses are tried in the prover's order (see HsProveOrder); the order
 * is computed lazily where that is cheaper, never changed. */
static gboolean
solve_deep(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r, guint lvl, guint32 *guess)
{
  Node N = { .S = S, .n = n, .st = st, .r = r, .lvl = lvl, .cstar_res = TRY_FAILS };
  N.L = hs_prove_level(P, lvl);
  N.PL = lvl > 0 ? P->lv[lvl - 1] : NULL;
  N.from_parent = N.PL != NULL && N.PL->sub_ok && n <= BYTE_ROWS_MAX;
  N.fast = P->order == HS_PROVE_ORDER_FAST;
  /* Probing changes which working guess is found first, so only the FAST order does it; a probe
   * never starts inside another. */
  if (N.fast && P->tuning.probe_min_r && r >= P->tuning.probe_min_r && P->probe_end == 0)
    N.probing = P->tuning.probe_budget;
  hs_prove_level_reset(P, N.L);
  hs_state_hash(st, &N.L->sa, &N.L->sb);
  find_cstar(P, &N);
  N.skip = N.fast ? N.cstar : HS_NONE;
  if (N.fast) {
    /* Every part no bigger than the guesses left after it: solvable by playing it out. */
    if (N.best <= r - 1) {
      *guess = N.cstar;
      return TRUE;
    }
    if (r > CSTAR_FIRST_ABOVE && try_cstar(P, &N, N.probing, TRUE)) {
      *guess = N.cstar;
      return TRUE;
    }
    if (hs_prove_stopped(P))
      return FALSE;
  }
  const gboolean sub = gather_pool(P, &N);
  gboolean found = FALSE;
  const gboolean refuted = r == 3 && N.L->n_clus > 0 && hs_prove_refuted_at_three(P, N.L, S, n, st, r);
  if (refuted)
    P->stats.refuted++;
  else
    found = sub ? search_with_sub(P, &N, guess) : search_lazily(P, &N, guess);
  for (guint i = 0; i < n; i++)
    P->mark[S[i]] = 0;
  if (found || hs_prove_stopped(P))
    return found;
  return retry_undecided(P, &N, guess);
}

/* Is the set S (canonical order; hashes H1, H2) solvable within R guesses under ST? On success *GUESS
 * is the first guess (in the prover's order) that does it. LVL is the scratch level to use. */
gboolean
hs_prove_solve(HsProver *P, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r, guint lvl,
               guint32 *guess)
{
  if (hs_prove_stopped(P))
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
  if (r == 1 || (r == 2 && n > PATS(P)))
    return FALSE;
  if (P->order == HS_PROVE_ORDER_FAST && n <= r) {
    *guess = S[0];
    return TRUE;
  }
  guint64 k1, k2;
  hs_search_key(h1, h2, st, n, r, &k1, &k2);
  const HsMemoEntry *e = hs_memo_find(&P->memo, k1, k2);
  if (e != NULL) {
    P->stats.memo_hits++;
    *guess = e->val;
    return e->val != MEMO_FAIL;
  }
  if (++P->tick % CANCEL_EVERY == 0) {
    if (P->cancel != NULL && *P->cancel) {
      P->cancelled = TRUE;
      return FALSE;
    }
    if (P->progress != NULL)
      P->progress(P->stats.nodes, P->progress_user);
  }
  if ((P->probe_end != 0 && P->stats.nodes >= P->probe_end) || hs_prove_deadline_passed(P)) {
    P->aborted = TRUE;
    return FALSE;
  }
  if (r >= 3 && !P->clusters)
    hs_prove_level(P, lvl)->n_clus = 0;
  else if (r >= 3 && hs_prove_refuted_by_clusters(P, S, n, st, r, lvl)) {
    P->stats.refuted++;
    hs_memo_put_weighted(&P->memo, k1, k2, MEMO_FAIL, hs_memo_weight(r, n));
    return FALSE;
  }
  P->stats.nodes++;
  guint32 g = MEMO_FAIL;
  gboolean ok = r == 2 ? hs_prove_solve2(P, S, n, st, lvl, &g) : solve_deep(P, S, n, st, r, lvl, &g);
  if (hs_prove_stopped(P))
    return FALSE;
  hs_memo_put_weighted(&P->memo, k1, k2, ok ? g : MEMO_FAIL, hs_memo_weight(r, n));
  *guess = g;
  return ok;
}
