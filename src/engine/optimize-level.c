/* hardsix — the optimiser's scratch levels (one per depth of the search) and a node's legal pool, which
 * the search (optimize-search.c) and the two-guesses-left answer (optimize-two.c) both use. */
#include "optimize-private.h"

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
  g_free(L->tpos);
  g_free(L->tmark);
  g_free(L->steps);
  g_free(L->lidx);
  g_free(L->lkmax);
  g_free(L->sub);
  g_free(L->kidx);
  g_free(L->kcount);
  if (L->cores != NULL)
    g_array_free(L->cores, TRUE);
  g_free(L);
}

void
hs_opt_levels_free(HsOptimizer *O)
{
  for (guint l = 0; l < MAX_LEVELS; l++)
    level_free(O->lv[l]);
}

Level *
hs_opt_level(HsOptimizer *O, guint l)
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
    L->row = g_new(HsPat, MAX(1u, O->n_answers));
    L->tpos = g_new(guint16, MAX(1u, O->n_answers));
    L->tmark = g_new0(guint32, MAX(1u, O->n_answers));
    L->steps = g_new(StepWord, O->n_words);
    L->lidx = g_new(guint32, (gsize)HS_MAX_LEN * O->n_words);
    L->lkmax = g_new(guint16, (gsize)HS_MAX_LEN * O->n_words);
    L->kidx = g_new(guint32, O->n_words);
    L->kcount = g_new(guint32, (gsize)O->n_answers + 2);
    O->lv[l] = L;
  }
  return O->lv[l];
}

/* Fills the node's legal pool (L->pool): below a scored node, as the parent's pool words the state
 * allows (with their positions there in L->pidx), else from the state's bitsets; one word per class
 * alike on S's letters (nothing to drop when the parent's pool was made for the same letters). */
guint
hs_opt_gather_pool(HsOptimizer *O, Level *L, const Level *PL, const guint16 *S, guint n, const HsState *st, guint r)
{
  guint m = 0;
  const gboolean from_parent = PL != NULL && PL->scored;
  const HsLetters alpha = hs_set_letters(O->core, S, n);
  const gboolean reduce = hs_alike_applies(O->rules) && !(from_parent && hs_l_eq(PL->alpha, alpha));
  if (reduce)
    hs_alike_begin(&O->alike, alpha, from_parent ? PL->m : O->core->n_words);
  if (from_parent) {
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
  if (reduce)
    m = hs_alike_keep(&O->alike, O->core, L->pool, from_parent ? L->pidx : NULL, m);
  if (reduce && O->rules == HS_RULES_NONE && r >= OPT_REFINE_MIN_R)
    m = hs_alike_drop_refined(&O->alike, O->core, L->pool, from_parent ? L->pidx : NULL, m, TRUE);
  L->alpha = alpha;
  L->m = m;
  L->scored = FALSE; /* until hs_opt_score_pool: the rows and counts are another pool's */
  return m;
}
