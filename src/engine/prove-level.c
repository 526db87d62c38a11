/* hardsix — the prover's scratch levels (one per search depth, allocated on first use), the failing
 * parts ("cores") a level remembers across its nodes until the memo is emptied, and the per-node
 * resets. */
#include "prove-private.h"

#include <string.h>

static void
level_free(Level *L)
{
  if (L == NULL)
    return;
  g_free(L->part.buf);
  g_free(L->legal);
  g_free(L->score);
  g_free(L->sorted);
  g_free(L->bucket);
  g_free(L->sub);
  g_free(L->pidx);
  g_free(L->tmark);
  g_free(L->tlist);
  g_free(L->tidx);
  g_free(L->idx);
  g_free(L->unknown);
  g_free(L->cores);
  g_free(L->core_words);
  g_free(L->loc);
  g_free(L->lbits);
  g_free(L->cand);
  g_free(L->local);
  g_free(L->dist);
  g_free(L->ppos);
  g_free(L->by_parts);
  g_free(L);
}

void
hs_prove_levels_free(HsProver *P)
{
  for (guint l = 0; l < MAX_LEVELS; l++)
    level_free(P->lv[l]);
}

Level *
hs_prove_level_new(HsProver *P, guint l)
{
  {
    Level *L = g_new0(Level, 1);
    L->part.buf = g_new(guint16, MAX(1u, P->n_answers));
    L->legal = g_new(guint32, P->n_words);
    L->score = g_new(guint16, P->n_words);
    L->sorted = g_new(guint32, P->n_words);
    L->bucket = g_new(guint32, 2 * (gsize)P->n_answers + 4);
    L->cap = G_MAXUINT;
    L->pidx = g_new(guint32, P->n_words);
    L->tmark = g_new0(guint8, MAX(1u, P->n_answers));
    L->tlist = g_new(guint16, MAX(1u, P->n_answers));
    L->tidx = g_new(guint16, MAX(1u, P->n_answers));
    L->idx = g_new(guint32, P->n_words);
    L->unknown = g_new(guint32, P->n_words);
    L->cores = g_new(Core, CORE_MAX);
    L->core_words = g_new(guint16, CORE_MAX * CORE_WORDS);
    L->loc = g_new0(guint16, MAX(1u, P->n_answers));
    L->lbits = g_new(guint64, HS_CODES * (gsize)hs_prove_lbits_stride(P));
    L->cand = g_new(guint64, hs_prove_lbits_stride(P));
    L->local = g_new0(LocalEntry, LOCAL_SLOTS);
    L->dist = g_new0(HsPat, P->n_words);
    L->ppos = g_new0(guint32, MAX(1u, P->n_answers));
    L->by_parts = g_new(guint32, P->n_words);
    L->local_gen = 1;
    P->lv[l] = L;
  }
  return P->lv[l];
}

void
hs_prove_core_add(Level *L, const guint16 *T, guint n, const HsState *st, guint r)
{
  if (n > CORE_WORDS)
    return;
  guint slot = L->next_core;
  L->next_core = (L->next_core + 1) % CORE_MAX;
  L->n_cores = MIN(L->n_cores + 1, CORE_MAX);
  Core *c = &L->cores[slot];
  c->st = *st;
  c->n = n;
  c->r = r;
  c->sig = hs_prove_set_signature(T, n);
  memcpy(L->core_words + (gsize)slot * CORE_WORDS, T, n * sizeof *T);
}

void
hs_prove_levels_forget_cores(HsProver *P)
{
  for (guint l = 0; l < MAX_LEVELS; l++)
    if (P->lv[l] != NULL)
      P->lv[l]->n_cores = P->lv[l]->next_core = 0;
}

/* Clears the per-node state of level L (trouble set, probes, sub-table); not its cores. */
void
hs_prove_level_reset(HsProver *P, Level *L)
{
  L->sub_ok = FALSE;
  L->dist_ok = FALSE;
  L->n_unknown = 0;
  for (guint i = 0; i < L->n_trouble; i++)
    L->tmark[L->tlist[i]] = 0;
  L->n_trouble = L->n_fails = 0;
  L->probe_top = 0;
  L->next_reorder = P->tuning.trouble_first ? P->tuning.trouble_first : G_MAXUINT;
  L->cap = G_MAXUINT;
  if (++L->local_gen == 0) { /* wrapped: really clear */
    memset(L->local, 0, LOCAL_SLOTS * sizeof *L->local);
    L->local_gen = 1;
  }
}
