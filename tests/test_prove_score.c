/* Tests for prove-score.c, against the independent verifier's feedback: a node's sub-table and scores,
 * its rows computed from the answers' letters or read from its parent's sub-table; and the reordering
 * of a node's untried guesses by the trouble set (the answers of the parts that made earlier guesses
 * fail), against a plain stable sort by the largest part each guess makes of that set, on trouble sets
 * of every size class the scoring distinguishes (a few answers, up to 255, more), the rows read from
 * the node's sub-table and from the feedback table. Random sets of the original lists. Run from the
 * repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "engine/prove-private.h"
#include "test-common.h"

/* The largest part guess G makes of the answers T[0..NT), by the verifier's feedback. */
static guint
brute_max_bucket(const HsWords *orig, guint g, const guint16 *T, guint nt)
{
  g_autoptr(GHashTable) count = g_hash_table_new(g_direct_hash, g_direct_equal);
  guint mb = 0;
  for (guint i = 0; i < nt; i++) {
    gpointer key = GUINT_TO_POINTER(hs_verify_feedback(orig->text[g], orig->text[T[i]]) + 1);
    guint c = GPOINTER_TO_UINT(g_hash_table_lookup(count, key)) + 1;
    g_hash_table_insert(count, key, GUINT_TO_POINTER(c));
    mb = MAX(mb, c);
  }
  return mb;
}

/* One node: a random set S of N answers (canonical), M random pool words in a random order, a trouble
 * set of NT answers of S, rows from the sub-table when SUB. */
static void
check_reorder(const HsWords *orig, GRand *rng, HsProver *P, guint n, guint m, guint nt, gboolean sub)
{
  Level *L = hs_prove_level(P, 0);
  hs_prove_level_reset(P, L);
  const guint na = orig->n_answers, nw = orig->n_words;
  /* S: N distinct answers in canonical order. */
  g_autofree guint8 *in = g_new0(guint8, na);
  for (guint k = 0; k < n;) {
    guint a = (guint)g_rand_int_range(rng, 0, (gint32)na);
    k += !in[a];
    in[a] = 1;
  }
  g_autofree guint16 *S = g_new(guint16, n);
  for (guint a = 0, k = 0; a < na; a++)
    if (in[a])
      S[k++] = (guint16)a;
  /* The pool: M words (repeats allowed), their positions in a random order. */
  L->n_legal = m;
  for (guint j = 0; j < m; j++)
    L->legal[j] = (guint32)g_rand_int_range(rng, 0, (gint32)nw);
  g_autofree guint32 *order = g_new(guint32, m);
  for (guint j = 0; j < m; j++)
    order[j] = j;
  for (guint j = m; j > 1; j--) {
    guint u = (guint)g_rand_int_range(rng, 0, (gint32)j), tmp = order[j - 1];
    order[j - 1] = order[u];
    order[u] = tmp;
  }
  /* The trouble set: NT answers of S, in the order failures would add them (not canonical). */
  g_autofree guint16 *T = g_new(guint16, nt);
  for (guint k = 0; k < nt;) {
    guint16 a = S[g_rand_int_range(rng, 0, (gint32)n)];
    if (!L->tmark[a]) {
      L->tmark[a] = 1;
      L->tlist[L->n_trouble++] = a;
      T[k++] = a;
    }
  }
  L->sub_ok = sub;
  if (sub) {
    g_free(L->sub);
    L->sub_cap = (gsize)m * n;
    L->sub = g_new(HsPat, L->sub_cap);
    for (guint j = 0; j < m; j++)
      for (guint i = 0; i < n; i++)
        L->sub[(gsize)j * n + i] = P->rows[L->legal[j]][S[i]];
    L->sub_n = n;
  }
  /* Expected: stable by the largest part of the trouble set. */
  g_autofree guint *mb = g_new(guint, m);
  for (guint j = 0; j < m; j++)
    mb[j] = brute_max_bucket(orig, L->legal[j], T, nt);
  g_autofree guint32 *want = g_new(guint32, m);
  guint w = 0;
  for (guint b = 0; b <= nt; b++)
    for (guint k = 0; k < m; k++)
      if (mb[order[k]] == b)
        want[w++] = order[k];
  assert_int_equal(w, m);
  hs_prove_reorder_by_trouble(P, L, S, n, order, m);
  for (guint k = 0; k < m; k++) {
    if (order[k] != want[k])
      fail_msg("n %u, trouble %u, %s: position %u is pool word %u (largest part %u), expected %u (%u)", n, nt,
               sub ? "sub-table" : "table rows", k, order[k], mb[order[k]], want[k], mb[want[k]]);
    assert_int_equal(L->score[order[k]], mb[order[k]]);
  }
  hs_prove_level_reset(P, L);
  L->sub_ok = FALSE;
}

static void
test_reorder_by_trouble(void **state)
{
  (void)state;
  g_autoptr(HsWords) orig = hs_test_load_set("original");
  g_autoptr(HsTable) table = hs_table_new(orig, TRUE);
  g_autoptr(HsProver) P = hs_prover_new(table, HS_RULES_NYT, HS_PROVE_ORDER_FAST);
  GRand *rng = g_rand_new_with_seed(2611);
  /* Trouble sets counted answer by answer (at most 32), in byte counters (up to 255), in 16-bit ones. */
  static const guint sizes[][3] = { { 40, 300, 1 },    { 40, 300, 7 },    { 60, 200, 32 },   { 200, 300, 33 },
                                    { 400, 200, 120 }, { 400, 100, 255 }, { 700, 100, 256 }, { 2315, 60, 1500 } };
  for (guint k = 0; k < G_N_ELEMENTS(sizes); k++)
    for (guint sub = 0; sub < 2; sub++)
      check_reorder(orig, rng, P, sizes[k][0], sizes[k][1], sizes[k][2], sub);
  g_rand_free(rng);
}

/* Scores every pool word of a node (S, N answers; the pool: every word) into the sub-table of level LVL
 * of P, with its parent (level LVL - 1, already scored) as the rows' source when FROM_PARENT. */
static void
score_node(HsProver *P, guint lvl, const guint16 *S, guint n, gboolean from_parent)
{
  Level *L = hs_prove_level(P, lvl);
  const guint m = hs_table_words(P->table)->n_words;
  L->n_legal = m;
  for (guint j = 0; j < m; j++) {
    L->legal[j] = j;
    L->idx[j] = j;
    L->pidx[j] = j;
  }
  for (guint i = 0; i < n; i++)
    L->loc[S[i]] = (guint16)i;
  g_free(L->sub);
  L->sub_cap = (gsize)m * n;
  L->sub = g_new(HsPat, L->sub_cap);
  g_autofree guint16 *cols = g_new(guint16, n);
  const Level *PL = from_parent ? hs_prove_level(P, lvl - 1) : NULL;
  for (guint i = 0; i < n && PL != NULL; i++)
    cols[i] = PL->loc[S[i]];
  hs_prove_score_positions(P, L, PL, S, n, L->idx, m, TRUE, PL != NULL ? cols : NULL);
  L->sub_ok = TRUE;
  L->sub_n = n;
}

/* Every cell of the node's sub-table and every score against the verifier. */
static void
check_scored(const HsWords *orig, HsProver *P, guint lvl, const guint16 *S, guint n, const char *how)
{
  Level *L = hs_prove_level(P, lvl);
  for (guint j = 0; j < orig->n_words; j++) {
    for (guint i = 0; i < n; i++)
      if (L->sub[(gsize)j * n + i] != hs_verify_feedback(orig->text[j], orig->text[S[i]]))
        fail_msg("%s, %u answers: cell of %s on %s", how, n, orig->text[j], orig->text[S[i]]);
    if (j % 7 == 0 && L->score[j] != brute_max_bucket(orig, j, S, n))
      fail_msg("%s, %u answers: %s scores %u, its largest part is %u", how, n, orig->text[j], L->score[j],
               brute_max_bucket(orig, j, S, n));
  }
}

static void
test_score_sources(void **state)
{
  (void)state;
  g_autoptr(HsWords) orig = hs_test_load_set("original");
  GRand *rng = g_rand_new_with_seed(2612);
  g_autoptr(HsTable) table = hs_table_new(orig, TRUE);
  g_autoptr(HsProver) P = hs_prover_new(table, HS_RULES_NYT, HS_PROVE_ORDER_FAST);
  static const guint sizes[] = { 3, 40, 300, 700 };
  for (guint k = 0; k < G_N_ELEMENTS(sizes); k++) {
    /* A node and, under it, a node of half its answers that reads its rows from the first. */
    const guint n = sizes[k], half = n / 2;
    g_autofree guint8 *in = g_new0(guint8, orig->n_answers);
    for (guint c = 0; c < n;) {
      const guint a = (guint)g_rand_int_range(rng, 0, (gint32)orig->n_answers);
      c += !in[a];
      in[a] = 1;
    }
    g_autofree guint16 *S = g_new(guint16, n);
    g_autofree guint16 *H = g_new(guint16, MAX(half, 1u));
    for (guint a = 0, c = 0, h = 0; a < orig->n_answers; a++)
      if (in[a]) {
        if (c % 2 == 1 && h < half)
          H[h++] = (guint16)a;
        S[c++] = (guint16)a;
      }
    score_node(P, 0, S, n, FALSE);
    check_scored(orig, P, 0, S, n, "answers' letters");
    if (half <= BYTE_ROWS_MAX) {
      score_node(P, 1, H, half, TRUE);
      check_scored(orig, P, 1, H, half, "parent's sub-table");
    }
  }
  g_rand_free(rng);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_reorder_by_trouble),
    cmocka_unit_test(test_score_sources),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
