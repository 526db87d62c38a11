/* hardsix — the optimiser's part steps (see optimize-private.h for the method): one step of search in
 * a part before it is searched deeply, a sharper lower bound of its value, dropping most words from
 * their letters alone, and the optimiser's cache of the parts it has stepped. */
#include "optimize-private.h"

#include <string.h>

/* The answers of a set that share their pattern with an earlier one: SRC[IDX[x]] for x < S, counted
 * until they reach STOP (a result >= STOP means "at least STOP"). Branch-free but for the stop test,
 * every eight answers: SEEN[q] == STAMP marks the patterns seen (a new stamp per call). */
static inline guint
collisions(const HsPat *restrict src, const guint16 *restrict idx, guint s, guint stop, guint16 *restrict seen,
           guint16 stamp)
{
  guint coll = 0, x = 0;
  while (x < s && coll < stop) {
    const guint end = MIN(s, x + 8);
    for (; x < end; x++) {
      const guint q = src[idx[x]];
      coll += seen[q] == stamp;
      seen[q] = stamp;
    }
  }
  return coll;
}

/* The node's pool in the order of L->order, with what part_step_extra reads of each word, and the most
 * parts any word from there on makes of the node's set. */
static void
build_steps(HsOptimizer *O, Level *L, const guint16 *S, guint n)
{
  guint16 kmax = 0;
  guint count[HS_PAD + 1] = { 0 };
  for (guint t = L->m; t-- > 0;) {
    const guint j = L->order[t];
    StepWord *sw = &L->steps[t];
    sw->w = L->pool[j];
    sw->j = j;
    sw->k = L->k[j];
    kmax = MAX(kmax, sw->k);
    sw->kmax = kmax;
    sw->row = L->has_row[j];
    sw->cand = is_cand(O, L, S, n, sw->w);
    memcpy(sw->let, O->core->let[sw->w], HS_MAX_LEN);
    sw->repeats = !hs_l_empty(O->core->has[sw->w][1]);
    for (HsLetters x = O->core->has[sw->w][0]; !hs_l_empty(x); x = hs_l_drop_first(x))
      count[hs_l_first(x) + 1]++;
  }
  /* Per letter, the positions in steps of the words holding it, with the most k from there on. */
  for (guint c = 0; c < HS_CODES - 1; c++)
    count[c + 1] += count[c];
  memcpy(L->lstart, count, sizeof count);
  for (guint t = 0; t < L->m; t++)
    for (HsLetters x = O->core->has[L->steps[t].w][0]; !hs_l_empty(x); x = hs_l_drop_first(x))
      L->lidx[count[hs_l_first(x)]++] = t;
  for (guint c = 0; c < HS_CODES - 1; c++) {
    guint16 most = 0;
    for (guint e = L->lstart[c + 1]; e-- > L->lstart[c];) {
      most = MAX(most, L->steps[L->lidx[e]].k);
      L->lkmax[e] = most;
    }
  }
  L->steps_ok = TRUE;
}

/* The positions and letter codes hs_opt_tiles fills: every one in the narrow build (constants), the
 * game's in the wide one (its positions past the game's length are the padding's alone). */
#if defined(HS_WIDE) && HS_WIDE
#define TILE_POSITIONS(c) ((c)->length)
#define TILE_LETTERS(c) ((c)->words->n_letters)
#else
#define TILE_POSITIONS(c) HS_MAX_LEN
#define TILE_LETTERS(c) HS_PAD
#endif

void
hs_opt_tiles(const HsSearchCore *c, const guint16 *T, guint s, HsOptTiles *pt)
{
  HsLetters green[HS_MAX_LEN], yellow[HS_MAX_LEN], common = hs_l_all();
  for (guint j = 0; j < HS_MAX_LEN; j++)
    green[j] = yellow[j] = hs_l_none();
  /* The answers' counts in the same pass (past the game's length only the padding, which
   * hs_opt_counts_limit reads but never uses). */
  memset(pt->at, 0, sizeof pt->at);
  memset(pt->held, 0, sizeof pt->held);
  pt->n = s;
  for (guint x = 0; x < s; x++) {
    const guint8 *l = c->let[T[x]];
    const HsLetters held = c->has[T[x]][0];
    common = hs_l_and(common, held);
    for (guint j = 0; j < TILE_POSITIONS(c); j++) {
      green[j] = hs_l_or(green[j], hs_l_bit(l[j]));
      yellow[j] = hs_l_or(yellow[j], hs_l_andnot(held, hs_l_bit(l[j])));
      pt->at[j][l[j]]++;
    }
    for (HsLetters h = held; !hs_l_empty(h); h = hs_l_drop_first(h))
      pt->held[hs_l_first(h)]++;
  }
  /* Green at j needs an answer with the letter at j; yellow, an answer holding it elsewhere; grey, for
   * a letter the guess holds once, an answer without it (an answer holding it elsewhere shows yellow),
   * and for a repeated letter, an answer with another letter at j (a copy may be used up). */
  for (guint j = 0; j < TILE_POSITIONS(c); j++) {
    for (guint l = 0; l < TILE_LETTERS(c); l++) {
      const HsLetters b = hs_l_bit(l);
      const guint gy = hs_l_has(green[j], l) + hs_l_has(yellow[j], l);
      pt->count[0][j][l] = (guint8)MAX(gy + !hs_l_has(common, l), 1u);
      pt->count[1][j][l] = (guint8)MAX(gy + !hs_l_empty(hs_l_andnot(green[j], b)), 1u);
    }
    /* Past a short guess's end the tile is grey. */
    pt->count[0][j][HS_PAD] = pt->count[1][j][HS_PAD] = 1;
  }
  for (guint j = TILE_POSITIONS(c); j < HS_MAX_LEN; j++)
    pt->count[0][j][HS_PAD] = pt->count[1][j][HS_PAD] = 1;
}

/* The words part_step_extra reads, a few at a time: a word worth reading has its row prefetched and
 * waits in the queue while the words before it are read (the rows sit far apart in the node's
 * sub-table, and reading them one after another waited on memory most of the time). */
#define STEP_AHEAD 8
#define STEP_PREFETCH_LINES 16

typedef struct {
  HsOptimizer *O; /* its seen marks are the reads' scratch */
  const Level *L;
  const HsOptTiles *tiles;
  const guint16 *pos; /* the part's answers' positions in the node's set */
  const guint16 *T;   /* the part's answers */
  guint s;
  guint best; /* the least found so far */
  const StepWord *word[STEP_AHEAD];
  guint8 cand[STEP_AHEAD];
  guint16 lim[STEP_AHEAD];
  guint head, len;
} StepReader;

/* The row of SW on the part and the indices to read it with. */
static inline const HsPat *
step_row(const StepReader *q, const StepWord *sw, const guint16 **idx)
{
  if (sw->row) {
    *idx = q->pos;
    return q->L->sub + (gsize)sw->j * q->L->n;
  }
  *idx = q->T;
  return q->O->core->rows[sw->w];
}

/* Reads the oldest word of the queue: when it leaves fewer answers unseparated than the least so far
 * (less one for a candidate), that is the least now. */
static inline void
step_read(StepReader *q)
{
  HsOptimizer *O = q->O;
  const guint i = q->head;
  q->head = (q->head + 1) % STEP_AHEAD;
  q->len--;
  const StepWord *sw = q->word[i];
  const guint cand = q->cand[i], lim = q->lim[i], s = q->s;
  const guint stop = q->best + cand;
  if (lim < s && s - lim >= stop) /* the least has dropped since it was queued */
    return;
  const guint16 *idx;
  const HsPat *src = step_row(q, sw, &idx);
  const guint coll = collisions(src, idx, s, stop, O->seen, new_stamp(O));
  if (coll < stop)
    q->best = coll - cand;
}

/* A word of part_step_extra that passed step_block's test: when it may leave fewer answers of the
 * part unseparated than the least so far, less one for a candidate (the candidate of the part is
 * told only here), it joins the queue (the oldest is read first when the queue is full). */
static inline void
step_word(StepReader *q, const StepWord *sw, guint lim)
{
  const guint s = q->s;
  const Level *L = q->L;
  const guint cand = sw->cand && L->tmark[L->loc[sw->w]] == L->tstamp;
  if (lim < s && s - lim >= q->best + cand)
    return;
  if (q->len == STEP_AHEAD)
    step_read(q);
  /* The cache lines of its row from the part's first answer to its last (the answers are in order),
   * at most STEP_PREFETCH_LINES of them. */
  const guint16 *idx;
  const HsPat *src = step_row(q, sw, &idx);
  const char *from = (const char *)(src + idx[0]), *to = (const char *)(src + idx[s - 1]);
  for (guint lines = 0; from <= to && lines < STEP_PREFETCH_LINES; from += 64, lines++)
    __builtin_prefetch(from);
  const guint i = (q->head + q->len) % STEP_AHEAD;
  q->word[i] = sw;
  q->cand[i] = (guint8)cand;
  q->lim[i] = (guint16)lim; /* at most the word's k */
  q->len++;
}

/* Words tested at a time by step_block, without a branch on each word's outcome (most words are
 * dropped, and which ones is not predictable). */
#define STEP_BLOCK 32

/* Words SW[0..nb) of part_step_extra: each one legal (O->acc) that makes at most k parts of the part,
 * and at most lim by its letters (the tiles at each position; then, for the words that pass and have
 * no repeated letter, the answers' counts there), leaves at least s - lim answers unseparated; those
 * that may still beat the least so far (a candidate gains one, told in step_word) go on to step_word. */
static inline void
step_block(StepReader *q, const StepWord *const *sw, guint nb)
{
  const guint64 *acc = q->O->acc;
  const guint s = q->s, best = q->best;
  guint8 keep[STEP_BLOCK];
  guint16 lim[STEP_BLOCK];
  guint nk = 0;
  for (guint i = 0; i < nb; i++) {
    const guint32 w = sw[i]->w;
    const guint legal = (guint)(acc[w / 64] >> (w % 64)) & 1u;
    const guint l = MIN(sw[i]->k, hs_opt_parts_limit(q->tiles, sw[i]->let, sw[i]->repeats));
    keep[nk] = (guint8)i;
    lim[nk] = (guint16)l;
    nk += legal & (l + best >= s);
  }
  /* The kept words with no repeated letter: the sharper limit of the answers' counts, likewise. */
  guint nk2 = 0;
  for (guint i = 0; i < nk; i++) {
    const StepWord *w = sw[keep[i]];
    const guint l = w->repeats ? lim[i] : MIN(lim[i], hs_opt_counts_limit(q->tiles, w->let));
    keep[nk2] = keep[i];
    lim[nk2] = (guint16)l;
    nk2 += l + best >= s;
  }
  for (guint i = 0; i < nk2; i++)
    step_word(q, sw[keep[i]], lim[i]);
}

/* One step of search on part P of the node of level L (S, N answers), whose state after the guess is
 * CHILD: over every word legal there, the least number of answers it fails to separate, less one for
 * a candidate of the part (a guess leaving k parts of a part of s answers costs at least 3s - k, one
 * less for a candidate: guess_bound). The part costs at least 2s plus that. Read from the node's
 * sub-table where it holds the row (every word legal in the part is in the node's pool); a word is
 * dropped as soon as it cannot lower the least found, most words after a few answers. */
static guint
part_step_extra(HsOptimizer *O, Level *L, const guint16 *S, guint p, const HsState *child, guint cap)
{
  const guint s = L->part.size[p];
  const guint16 *T = L->part.buf + L->part.start[p];
  guint16 *pos = L->tpos;
  if (++L->tstamp == 0) {
    memset(L->tmark, 0, O->n_answers * sizeof *L->tmark);
    L->tstamp = 1;
  }
  for (guint x = 0; x < s; x++) {
    pos[x] = L->loc[T[x]];
    L->tmark[pos[x]] = L->tstamp;
  }
  hs_state_bits(O->core, child, O->acc);
  const guint n = L->n;
  if (!L->steps_ok)
    build_steps(O, L, S, n);
  HsOptTiles tiles;
  hs_opt_tiles(O->core, T, s, &tiles);
  StepReader q = { .O = O, .L = L, .tiles = &tiles, .pos = pos, .T = T, .s = s, .best = MIN(s, cap) };
  /* A legal word holds every letter the state requires: only the words holding the rarest of them. */
  guint best_c = HS_PAD; /* none */
  for (HsLetters x = child->atleast[0]; !hs_l_empty(x); x = hs_l_drop_first(x)) {
    const guint c = hs_l_first(x);
    if (best_c == HS_PAD || L->lstart[c + 1] - L->lstart[c] < L->lstart[best_c + 1] - L->lstart[best_c])
      best_c = c;
  }
  /* A block at a time; a word past the stop is tested in vain, never wrongly. */
  const StepWord *block[STEP_BLOCK];
  if (best_c < HS_PAD) {
    for (guint e = L->lstart[best_c], end = L->lstart[best_c + 1]; e < end && q.best > 0; e += STEP_BLOCK) {
      /* No word from here on makes more than lkmax parts: none can beat the least found. */
      if (L->lkmax[e] < s && s - L->lkmax[e] > q.best)
        break;
      const guint nb = MIN(STEP_BLOCK, end - e);
      for (guint i = 0; i < nb; i++)
        block[i] = &L->steps[L->lidx[e + i]];
      step_block(&q, block, nb);
    }
  } else {
    for (guint t = 0; t < L->m && q.best > 0; t += STEP_BLOCK) {
      /* No word from here on makes more than kmax parts: none can beat the least found. */
      if (L->steps[t].kmax < s && s - L->steps[t].kmax > q.best)
        break;
      const guint nb = MIN(STEP_BLOCK, L->m - t);
      for (guint i = 0; i < nb; i++)
        block[i] = &L->steps[t + i];
      step_block(&q, block, nb);
    }
  }
  while (q.len > 0 && q.best > 0)
    step_read(&q);
  return q.best;
}

/* part_step_extra for part P with CAP, through the optimiser's cache of the parts it has stepped: a
 * step depends only on the part's set and its state, and many guesses of a node leave the same part
 * under the same state (every guess with the same letters leaves the same part of answers without
 * them), as do guesses of other nodes. */
guint
hs_opt_cached_step(HsOptimizer *O, Level *L, const guint16 *S, guint p, guint cap)
{
  guint64 sa, sb;
  opt_state_hash(&L->child[p], &sa, &sb);
  const guint64 k1 = hs_mix64(L->part.h1[p] ^ sa), k2 = L->part.h2[p] + sb;
  StepSlot *slot = &O->steps[k1 & O->step_mask];
  if (slot->k1 == k1 && (slot->w & STEP_KEY_MASK) == (k2 & STEP_KEY_MASK)) {
    const guint val = (guint)(slot->w & STEP_VAL_MASK);
    if (slot->w & STEP_EXACT)
      return MIN(val, cap);
    if (val >= cap)
      return cap;
  }
  const guint v = part_step_extra(O, L, S, p, &L->child[p], cap);
  slot->k1 = k1;
  slot->w = (k2 & STEP_KEY_MASK) | (v < cap ? STEP_EXACT : 0) | v; /* else at least cap */
  return v;
}

guint
hs_opt_test_counts_limit(const HsOptimizer *O, const guint16 *T, guint s, guint32 w)
{
  HsOptTiles pt;
  hs_opt_tiles(O->core, T, s, &pt);
  return hs_opt_counts_limit(&pt, O->core->let[w]);
}

guint
hs_opt_test_parts_limit(const HsOptimizer *O, const guint16 *T, guint s, guint32 w)
{
  HsOptTiles pt;
  hs_opt_tiles(O->core, T, s, &pt);
  return hs_opt_parts_limit(&pt, O->core->let[w], !hs_l_empty(O->core->has[w][1]));
}
