/* Tests for prove-score.c: the reordering of a node's untried guesses by the trouble set (the answers of
 * the parts that made earlier guesses fail), against a plain stable sort by the largest part each guess
 * makes of that set, computed with the independent verifier's feedback. Random sets of the original
 * lists, trouble sets of every size class the scoring distinguishes (a few answers, up to 255, more),
 * rows read from the node's sub-table and from the feedback table. Run from the repository root. */
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

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_reorder_by_trouble),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
