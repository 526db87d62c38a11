/* Tests for search.c, the core of the exact searches: legal pools from constraint states against the
 * rules module, the "at least as strict" relation that pruning relies on, the memo and partitions. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "engine/search.h"
#include "test-state.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(orig, table, hs_test_load_set("original"))

/* A random history of LEN guesses, each legal under RULES after the rows before it, with the patterns
 * of a random answer. */
static guint
random_history(GRand *rng, HsRules rules, guint len, guint32 *g, HsPat *p)
{
  guint32 answer = (guint32)g_rand_int_range(rng, 0, (gint32)orig->n_answers);
  guint n = 0;
  for (guint tries = 0; n < len && tries < 200; tries++) {
    guint32 w = (guint32)g_rand_int_range(rng, 0, (gint32)orig->n_words);
    if (w == answer || !hs_rules_legal(rules, orig, g, p, n, w))
      continue;
    g[n] = w;
    p[n] = hs_feedback(orig->text[w], orig->text[answer]);
    n++;
  }
  return n;
}

static void
state_of(const HsSearchCore *c, HsRules rules, const guint32 *g, const HsPat *p, guint n, HsState *st)
{
  hs_state_init(st);
  for (guint i = 0; i < n; i++)
    hs_test_state_add(st, c, rules, c->let[g[i]], p[i]);
}

/* The answers left in S (returned: how many) after a random history of LEN rows under RULES, written
 * to G and P (*ROWS of them). */
static guint
random_set(GRand *rng, const HsSearchCore *c, HsRules rules, guint len, guint32 *g, HsPat *p, guint *rows, guint16 *S)
{
  *rows = random_history(rng, rules, len, g, p);
  guint n = 0;
  for (guint a = 0; a < orig->n_answers; a++) {
    gboolean fits = TRUE;
    for (guint k = 0; k < *rows && fits; k++)
      fits = c->rows[g[k]][a] == p[k];
    if (fits)
      S[n++] = (guint16)a;
  }
  return n;
}

/* The legal pool read off the state's bitsets equals the rules module's word-by-word verdict. */
static void
test_legal_pool_matches_rules(void **state)
{
  (void)state;
  const HsRules all_rules[] = { HS_RULES_NYT, HS_RULES_STRICT };
  g_autoptr(GRand) rng = g_rand_new_with_seed(7);
  for (guint r = 0; r < G_N_ELEMENTS(all_rules); r++) {
    HsSearchCore *c = hs_search_core_new(table, all_rules[r]);
    g_autofree guint64 *acc = g_new(guint64, c->n_blocks);
    g_autofree guint32 *pool = g_new(guint32, orig->n_words);
    for (guint trial = 0; trial < 40; trial++) {
      guint32 g[4];
      HsPat p[4];
      guint n = random_history(rng, all_rules[r], 1 + trial % 4, g, p);
      HsState st;
      state_of(c, all_rules[r], g, p, n, &st);
      guint m = hs_state_legal(c, &st, acc, pool);
      guint k = 0;
      for (guint32 w = 0; w < orig->n_words; w++) {
        gboolean legal = hs_rules_legal(all_rules[r], orig, g, p, n, w);
        assert_int_equal(hs_state_allows(c, &st, w), legal);
        if (legal) {
          assert_true(k < m);
          assert_int_equal(pool[k++], w);
        }
      }
      assert_int_equal(k, m);
    }
    hs_search_core_free(c);
  }
}

/* hs_state_within(a, b) promises that every word b allows, a allows: the cores pruning of the prover
 * (a superset of a failing set under a stricter state fails too) rests on it. Checked on states of a
 * history and of its extensions (always within), and on unrelated pairs (whenever it says within). */
static void
test_within_is_sound(void **state)
{
  (void)state;
  g_autoptr(GRand) rng = g_rand_new_with_seed(11);
  const HsRules all_rules[] = { HS_RULES_NYT, HS_RULES_STRICT };
  for (guint r = 0; r < G_N_ELEMENTS(all_rules); r++) {
    HsSearchCore *c = hs_search_core_new(table, all_rules[r]);
    guint checked = 0;
    for (guint trial = 0; trial < 60; trial++) {
      guint32 g[4], h[4];
      HsPat p[4], q[4];
      guint n = random_history(rng, all_rules[r], 4, g, p);
      guint m = random_history(rng, all_rules[r], 1 + trial % 3, h, q);
      HsState full, prefix, other;
      state_of(c, all_rules[r], g, p, n, &full);
      state_of(c, all_rules[r], g, p, n / 2, &prefix);
      state_of(c, all_rules[r], h, q, m, &other);
      assert_true(hs_state_within(&prefix, &full));
      const HsState *pairs[][2] = { { &prefix, &full }, { &other, &full }, { &full, &other }, { &prefix, &other } };
      for (guint k = 0; k < G_N_ELEMENTS(pairs); k++) {
        if (!hs_state_within(pairs[k][0], pairs[k][1]))
          continue;
        checked++;
        for (guint32 w = 0; w < orig->n_words; w++)
          if (hs_state_allows(c, pairs[k][1], w))
            assert_true(hs_state_allows(c, pairs[k][0], w));
      }
    }
    assert_true(checked >= 60);
    hs_search_core_free(c);
  }
}

static void
test_memo(void **state)
{
  (void)state;
  HsMemo m;
  hs_memo_init(&m);
  /* Enough entries to grow the table several times. */
  for (guint64 i = 0; i < 300000; i++)
    hs_memo_put(&m, hs_mix64(i), hs_mix64(i + 1000000007), i * 3);
  assert_int_equal(m.count, 300000);
  for (guint64 i = 0; i < 300000; i += 7) {
    const HsMemoEntry *e = hs_memo_find(&m, hs_mix64(i), hs_mix64(i + 1000000007));
    assert_non_null(e);
    assert_int_equal(e->val, i * 3);
  }
  /* Same first key, other second key: a different entry. */
  assert_null(hs_memo_find(&m, hs_mix64(5), 12345));
  hs_memo_put(&m, hs_mix64(5), hs_mix64(5 + 1000000007), 99);
  assert_int_equal(hs_memo_find(&m, hs_mix64(5), hs_mix64(5 + 1000000007))->val, 99);
  assert_int_equal(m.count, 300000);
  assert_true(hs_memo_bytes(&m) >= 2 * 300000 * sizeof(HsMemoEntry));
  hs_memo_clear(&m);
  assert_int_equal(m.count, 0);
  assert_null(hs_memo_find(&m, hs_mix64(7), hs_mix64(7 + 1000000007)));
  hs_memo_free(&m);
}

/* hs_memo_reserve: room for N more entries at once (the least power of two over twice the entries),
 * the entries it held kept; the puts that follow never grow the table again. */
static void
test_memo_reserve(void **state)
{
  (void)state;
  HsMemo m;
  hs_memo_init(&m);
  for (guint64 i = 0; i < 1000; i++)
    hs_memo_put(&m, hs_mix64(i), i, i);
  hs_memo_reserve(&m, 99000);
  assert_int_equal(m.mask + 1, 262144); /* 2 * 100,000 <= 2^18 */
  for (guint64 i = 0; i < 1000; i++)
    assert_int_equal(hs_memo_find(&m, hs_mix64(i), i)->val, i);
  for (guint64 i = 1000; i < 100000; i++)
    hs_memo_put(&m, hs_mix64(i), i, i);
  assert_int_equal(m.mask + 1, 262144);
  assert_int_equal(m.count, 100000);
  for (guint64 i = 0; i < 100000; i += 13)
    assert_int_equal(hs_memo_find(&m, hs_mix64(i), i)->val, i);
  hs_memo_reserve(&m, 0); /* nothing to make room for: the same table */
  assert_int_equal(m.mask + 1, 262144);
  hs_memo_free(&m);
}

/* A memo bounded to 20,000 entries: on the put that would pass the bound it thins itself (entries of
 * weight 0, as hs_memo_put gives: it empties itself), keeps the entries put since then, and never
 * holds more than 4 slots per entry of the bound. */
static void
test_memo_bounded(void **state)
{
  (void)state;
  HsMemo m;
  hs_memo_init(&m);
  hs_memo_set_max_count(&m, 20000);
  for (guint64 i = 0; i < 300000; i++) {
    hs_memo_put(&m, hs_mix64(i), hs_mix64(i + 1000000007), i * 3);
    assert_int_equal(m.count, i % 20000 + 1);
  }
  assert_int_equal(m.flushes, 14);
  assert_true(hs_memo_bytes(&m) <= 4 * 20000 * sizeof(HsMemoEntry));
  /* The last 20,000 are there, the one before them is gone. */
  for (guint64 i = 280000; i < 300000; i++) {
    const HsMemoEntry *e = hs_memo_find(&m, hs_mix64(i), hs_mix64(i + 1000000007));
    assert_non_null(e);
    assert_int_equal(e->val, i * 3);
  }
  assert_null(hs_memo_find(&m, hs_mix64(279999), hs_mix64(279999 + 1000000007)));
  /* The bound is checked before the lookup: a full memo empties itself even for a key it holds. */
  hs_memo_put(&m, hs_mix64(299500), hs_mix64(299500 + 1000000007), 7);
  assert_int_equal(m.count, 1);
  assert_int_equal(m.flushes, 15);
  assert_int_equal(hs_memo_find(&m, hs_mix64(299500), hs_mix64(299500 + 1000000007))->val, 7);
  assert_null(hs_memo_find(&m, hs_mix64(299501), hs_mix64(299501 + 1000000007)));
  /* Weighted: the full memo keeps its heaviest entries, at most half of the bound, all of one weight
   * or none of it. 20,000 entries of weights 0..9 (2,000 each): weights 5..9 make 10,000, half. */
  hs_memo_clear(&m);
  for (guint64 i = 0; i < 20000; i++)
    hs_memo_put_weighted(&m, hs_mix64(i), hs_mix64(i + 1), i, (guint16)(i % 10));
  hs_memo_put_weighted(&m, hs_mix64(20000), hs_mix64(20001), 20000, 3);
  assert_int_equal(m.flushes, 16);
  assert_int_equal(m.count, 10001);
  for (guint64 i = 0; i < 20000; i++) {
    const HsMemoEntry *e = hs_memo_find(&m, hs_mix64(i), hs_mix64(i + 1));
    if (i % 10 >= 5) {
      assert_non_null(e);
      assert_int_equal(e->val, i);
      assert_int_equal(e->weight, i % 10);
    } else {
      assert_null(e);
    }
  }
  assert_non_null(hs_memo_find(&m, hs_mix64(20000), hs_mix64(20001)));
  /* One weight more than half: it goes whole, with everything lighter. 1 entry of weight 9, 19,999 of
   * weight 8: only the heaviest stays. */
  hs_memo_clear(&m);
  for (guint64 i = 0; i < 20000; i++)
    hs_memo_put_weighted(&m, hs_mix64(i), hs_mix64(i + 1), i, i == 7 ? 9 : 8);
  hs_memo_put_weighted(&m, hs_mix64(20000), hs_mix64(20001), 20000, 0);
  assert_int_equal(m.flushes, 17);
  assert_int_equal(m.count, 2);
  assert_non_null(hs_memo_find(&m, hs_mix64(7), hs_mix64(8)));
  assert_null(hs_memo_find(&m, hs_mix64(8), hs_mix64(9)));
  /* No bound: it grows again. */
  hs_memo_set_max_count(&m, 0);
  for (guint64 i = 0; i < 5000; i++)
    hs_memo_put(&m, hs_mix64(i), hs_mix64(i + 1000000007), i);
  assert_true(m.count >= 5000);
  assert_int_equal(m.flushes, 17);
  hs_memo_free(&m);
}

/* A partition with room for every answer (partition_free frees it). */
static HsPartition *
partition_new(void)
{
  HsPartition *pt = g_new0(HsPartition, 1);
  pt->buf = g_new(guint16, orig->n_answers);
  return pt;
}

static void
partition_free(HsPartition *pt)
{
  g_free(pt->buf);
  g_free(pt);
}

/* Every answer, in canonical order. */
static guint16 *
every_answer(void)
{
  guint16 *S = g_new(guint16, orig->n_answers);
  for (guint a = 0; a < orig->n_answers; a++)
    S[a] = (guint16)a;
  return S;
}

/* A partition keeps every part in canonical order with its own hashes, and stops at the cap. */
static void
test_partition(void **state)
{
  (void)state;
  HsSearchCore *c = hs_search_core_new(table, HS_RULES_NYT);
  HsPartition *pt = partition_new();
  g_autofree guint16 *S = every_answer();
  guint32 salet = hs_words_lookup(orig, "salet");
  const HsPat *row = c->rows[salet];
  assert_true(hs_partition_make(pt, c, S, orig->n_answers, row, NULL, G_MAXUINT));
  guint total = 0;
  for (guint k = 0; k < pt->n_pats; k++) {
    guint p = pt->pats[k];
    const guint16 *T = pt->buf + pt->start[p];
    guint64 h1, h2;
    hs_set_hash(c, T, pt->size[p], &h1, &h2);
    assert_true(h1 == pt->h1[p] && h2 == pt->h2[p]);
    for (guint i = 0; i < pt->size[p]; i++) {
      assert_int_equal(row[T[i]], p);
      if (i > 0)
        assert_true(T[i - 1] < T[i]);
    }
    total += pt->size[p];
  }
  assert_int_equal(total, orig->n_answers);
  assert_int_equal(pt->n_pats, 148); /* salet splits the original answers into 148 parts */
  /* The largest part of salet is 221 (all grey): a cap of 220 refuses, and leaves the counters clear. */
  assert_false(hs_partition_make(pt, c, S, orig->n_answers, row, NULL, 220));
  for (guint p = 0; p < HS_PATTERNS; p++)
    assert_int_equal(pt->cnt[p], 0);
  assert_true(hs_partition_make(pt, c, S, orig->n_answers, row, NULL, 221));
  partition_free(pt);
  hs_search_core_free(c);
}

/* Measure then place gives exactly the split of hs_partition_make (sizes, hashes, order, answers), from
 * the table or from a sub-row, on random subsets and guesses; measure refuses at the cap like make. */
static void
test_partition_two_steps(void **state)
{
  (void)state;
  HsSearchCore *c = hs_search_core_new(table, HS_RULES_NYT);
  HsPartition *a = partition_new(), *b = partition_new();
  g_autofree guint16 *S = g_new(guint16, orig->n_answers);
  g_autofree HsPat *sub = g_new(HsPat, orig->n_answers);
  GRand *rng = g_rand_new_with_seed(11);
  for (guint round = 0; round < 300; round++) {
    guint n = 0;
    const gdouble keep = g_rand_double_range(rng, 0.005, 0.5);
    for (guint x = 0; x < orig->n_answers; x++)
      if (g_rand_double(rng) < keep)
        S[n++] = (guint16)x;
    const guint w = (guint)g_rand_int_range(rng, 0, (gint32)orig->n_words);
    const HsPat *row = c->rows[w];
    for (guint i = 0; i < n; i++)
      sub[i] = row[S[i]];
    const guint cap = round % 3 == 0 ? (guint)g_rand_int_range(rng, 1, 40) : G_MAXUINT;
    const gboolean made = hs_partition_make(a, c, S, n, row, NULL, cap);
    const gboolean measured = hs_partition_measure(b, c, S, n, round % 2 ? NULL : row, round % 2 ? sub : NULL, cap);
    assert_int_equal(made, measured);
    for (guint p = 0; p < HS_PATTERNS; p++)
      assert_int_equal(b->cnt[p], 0);
    if (!made)
      continue;
    hs_partition_place(b, S, n, round % 2 ? NULL : row, round % 2 ? sub : NULL);
    assert_int_equal(a->n_pats, b->n_pats);
    assert_memory_equal(a->pats, b->pats, a->n_pats * sizeof *a->pats);
    for (guint k = 0; k < a->n_pats; k++) {
      const guint p = a->pats[k];
      assert_int_equal(a->size[p], b->size[p]);
      assert_int_equal(a->start[p], b->start[p]);
      assert_true(a->h1[p] == b->h1[p] && a->h2[p] == b->h2[p]);
    }
    assert_memory_equal(a->buf, b->buf, n * sizeof *S);
    for (guint p = 0; p < HS_PATTERNS; p++)
      assert_int_equal(b->cnt[p], 0);
  }
  g_rand_free(rng);
  partition_free(a);
  partition_free(b);
  hs_search_core_free(c);
}

/* The drivers' steps: an opener's parts are every part but its own, largest first (ties in pattern
 * order), each with the state after the opener; hs_set_injective agrees with a plain count; a
 * cancelled search empties the memo, clears its flag and says so. */
static void
test_driver_steps(void **state)
{
  (void)state;
  HsSearchCore *c = hs_search_core_new(table, HS_RULES_NYT);
  HsPartition *pt = partition_new();
  g_autofree guint16 *all = every_answer();
  g_autofree HsState *child = g_new(HsState, HS_PATTERNS);
  HsPat parts[HS_PATTERNS];
  /* Two answers and the first word that is only a guess. */
  const guint32 openers[] = { hs_words_lookup(orig, "salet"), hs_words_lookup(orig, "crane"), orig->n_answers };
  for (guint o = 0; o < G_N_ELEMENTS(openers); o++) {
    const guint32 w = openers[o];
    guint n = hs_search_opener_parts(c, all, w, pt, child, parts);
    gboolean own = w < orig->n_answers; /* an answer opener has a part of its own (all green) */
    assert_int_equal(n + (own ? 1 : 0), pt->n_pats);
    guint total = own ? 1 : 0;
    for (guint k = 0; k < n; k++) {
      const guint p = parts[k];
      assert_true(p != HS_ALL_GREEN);
      if (k > 0)
        assert_true(pt->size[parts[k - 1]] > pt->size[p] ||
                    (pt->size[parts[k - 1]] == pt->size[p] && parts[k - 1] < p));
      HsState st;
      hs_state_init(&st);
      hs_test_state_add(&st, c, HS_RULES_NYT, c->let[w], (HsPat)p);
      assert_memory_equal(&st, &child[p], sizeof st);
      total += pt->size[p];
    }
    assert_int_equal(total, orig->n_answers);
  }
  GRand *rng = g_rand_new_with_seed(5);
  guint16 S[12];
  for (guint round = 0; round < 2000; round++) {
    const guint n = (guint)g_rand_int_range(rng, 1, 13);
    for (guint i = 0; i < n; i++)
      S[i] = (guint16)g_rand_int_range(rng, 0, (gint32)orig->n_answers);
    const HsPat *row = c->rows[g_rand_int_range(rng, 0, (gint32)orig->n_words)];
    gboolean apart = TRUE;
    for (guint i = 0; i < n; i++)
      for (guint j = 0; j < i; j++)
        apart = apart && row[S[i]] != row[S[j]];
    assert_int_equal(hs_set_injective(row, S, n), apart);
  }
  g_rand_free(rng);
  HsMemo m;
  hs_memo_init(&m);
  hs_memo_put(&m, 1, 2, 3);
  gboolean cancelled = FALSE;
  GError *e = NULL;
  assert_false(hs_search_cancelled_error(&cancelled, &m, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, &e));
  assert_null(e);
  assert_int_equal(m.count, 1);
  cancelled = TRUE;
  assert_true(hs_search_cancelled_error(&cancelled, &m, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED, &e));
  assert_false(cancelled);
  assert_int_equal(m.count, 0);
  assert_null(hs_memo_find(&m, 1, 2));
  assert_true(g_error_matches(e, HS_PROVE_ERROR, HS_PROVE_ERROR_CANCELLED));
  assert_string_equal(e->message, "search cancelled");
  g_error_free(e);
  hs_memo_free(&m);
  partition_free(pt);
  hs_search_core_free(c);
}

/* Words alike: for random histories (NYT and none) the candidates left S, a dropped word plays exactly as
 * the earlier word of its class (the same row on S, the same legality after one more row of any legal
 * guess and pattern S can give), and a kept word has no earlier kept word alike. */
static void
test_alike(void **state)
{
  (void)state;
  HsSearchCore *c = hs_search_core_new(table, HS_RULES_NYT);
  HsAlike al;
  hs_alike_init(&al, orig->n_words);
  GRand *rng = g_rand_new_with_seed(3);
  g_autofree guint16 *S = g_new(guint16, orig->n_answers);
  g_autofree guint32 *rep = g_new(guint32, orig->n_words);
  guint dropped = 0;
  for (guint round = 0; round < 40; round++) {
    guint32 g[4];
    HsPat p[4];
    guint len;
    const guint n = random_set(rng, c, HS_RULES_NYT, 1 + round % 3, g, p, &len, S);
    const guint32 alpha = hs_set_letters(c, S, n);
    hs_alike_begin(&al, alpha, orig->n_words);
    /* The representative of each word: the first earlier word equal at every position, but for
     * letters outside ALPHA. */
    GHashTable *first = g_hash_table_new(g_direct_hash, g_direct_equal);
    for (guint32 w = 0; w < orig->n_words; w++) {
      guint key = 0;
      for (guint i = 0; i < HS_WORD_LEN; i++)
        key = key * 27 + ((alpha >> c->let[w][i]) & 1u ? c->let[w][i] + 1 : 0);
      gpointer r;
      rep[w] = g_hash_table_lookup_extended(first, GUINT_TO_POINTER(key), NULL, &r) ? GPOINTER_TO_UINT(r) : w;
      if (rep[w] == w)
        g_hash_table_insert(first, GUINT_TO_POINTER(key), GUINT_TO_POINTER(w));
      const gboolean seen = hs_alike_seen(&al, c, w);
      assert_int_equal(seen, rep[w] != w);
      if (!seen)
        continue;
      dropped++;
      for (guint i = 0; i < n; i++)
        assert_int_equal(c->rows[w][S[i]], c->rows[rep[w]][S[i]]);
    }
    g_hash_table_destroy(first);
    /* hs_alike_keep keeps the same words of a pool, with a table sized for that pool: every word, or
     * a random part of them (AUX follows). */
    for (guint part = 0; part < 2; part++) {
      g_autofree guint32 *pool = g_new(guint32, orig->n_words);
      g_autofree guint32 *aux = g_new(guint32, orig->n_words);
      guint m = 0;
      for (guint32 w = 0; w < orig->n_words; w++)
        if (part == 0 || g_rand_int_range(rng, 0, 8) == 0) {
          aux[m] = w * 7 + 1;
          pool[m++] = w;
        }
      hs_alike_begin(&al, alpha, m);
      g_autofree guint32 *want = g_new(guint32, MAX(1u, m));
      guint n_want = 0;
      for (guint t = 0; t < m; t++)
        if (!hs_alike_seen(&al, c, pool[t]))
          want[n_want++] = pool[t];
      hs_alike_begin(&al, alpha, m);
      const guint kept = hs_alike_keep(&al, c, pool, aux, m);
      assert_int_equal(kept, n_want);
      for (guint t = 0; t < kept; t++) {
        assert_int_equal(pool[t], want[t]);
        assert_int_equal(aux[t], pool[t] * 7 + 1);
        assert_true(part == 1 || rep[pool[t]] == pool[t]);
      }
    }
    /* Legality after one more row, for both rules that drop alike words. */
    for (guint t = 0; t < 20 && n > 0; t++) {
      const guint32 x = (guint32)g_rand_int_range(rng, 0, (gint32)orig->n_words);
      const HsPat px = c->rows[x][S[g_rand_int_range(rng, 0, (gint32)n)]];
      const HsRules rules[] = { HS_RULES_NYT, HS_RULES_NONE };
      for (guint k = 0; k < G_N_ELEMENTS(rules); k++) {
        HsState st;
        state_of(c, rules[k], g, p, len, &st);
        hs_test_state_add(&st, c, rules[k], c->let[x], px);
        for (guint32 w = 0; w < orig->n_words; w += 3)
          assert_int_equal(hs_state_allows(c, &st, w), hs_state_allows(c, &st, rep[w]));
      }
    }
  }
  assert_true(dropped > 1000);
  assert_true(hs_alike_applies(HS_RULES_NYT) && hs_alike_applies(HS_RULES_NONE) && !hs_alike_applies(HS_RULES_STRICT));
  g_rand_free(rng);
  hs_alike_clear(&al);
  hs_search_core_free(c);
}

/* TRUE when word A's parts of S[0..n) split B's: answers A cannot tell apart, B cannot either. */
static gboolean
splits_further(const HsSearchCore *c, const guint16 *S, guint n, guint32 a, guint32 b)
{
  for (guint i = 0; i < n; i++)
    for (guint j = i + 1; j < n; j++)
      if (c->rows[a][S[i]] == c->rows[a][S[j]] && c->rows[b][S[i]] != c->rows[b][S[j]])
        return FALSE;
  return TRUE;
}

/* Normal mode's refined words: for random sets left by histories, every word hs_alike_drop_refined
 * drops from a pool of one word per class has a kept word whose parts split its parts further (found
 * by trying every kept word; an earlier one when asked for), no candidate is dropped, words kept keep
 * their order, the companion array follows, and the sets drop many words. */
static void
test_alike_refined(void **state)
{
  (void)state;
  HsSearchCore *c = hs_search_core_new(table, HS_RULES_NONE);
  HsAlike al;
  hs_alike_init(&al, orig->n_words);
  GRand *rng = g_rand_new_with_seed(11);
  g_autofree guint16 *S = g_new(guint16, orig->n_answers);
  g_autofree guint32 *pool = g_new(guint32, orig->n_words);
  g_autofree guint32 *aux = g_new(guint32, orig->n_words);
  g_autofree guint8 *kept = g_new(guint8, orig->n_words);
  guint dropped = 0;
  for (guint round = 0; round < 6; round++) {
    guint32 g[4];
    HsPat p[4];
    guint len;
    const guint n = random_set(rng, c, HS_RULES_NONE, 1 + round % 3, g, p, &len, S);
    hs_alike_begin(&al, hs_set_letters(c, S, n), orig->n_words);
    guint m = 0;
    for (guint32 w = 0; w < orig->n_words; w++)
      if (!hs_alike_seen(&al, c, w)) {
        aux[m] = w * 7;
        pool[m++] = w;
      }
    g_autofree guint32 *before = g_memdup2(pool, m * sizeof *pool);
    const guint k = hs_alike_drop_refined(&al, c, pool, aux, m, round % 2);
    assert_true(k <= m);
    memset(kept, 0, orig->n_words);
    for (guint t = 0; t < k; t++) {
      kept[pool[t]] = 1;
      assert_int_equal(aux[t], pool[t] * 7);
      if (t > 0)
        assert_true(pool[t - 1] < pool[t]);
    }
    for (guint t = 0; t < m; t++) {
      const guint32 b = before[t];
      if (kept[b])
        continue;
      dropped++;
      for (guint i = 0; i < n; i++)
        assert_int_not_equal(b, S[i]); /* a candidate is never dropped */
      gboolean found = FALSE;
      for (guint u = 0; u < k && !found && (round % 2 == 0 || pool[u] < b); u++)
        found = splits_further(c, S, n, pool[u], b);
      if (!found)
        fail_msg("set of %u answers: %s was dropped, but no kept word splits its parts further", n, orig->text[b]);
    }
  }
  assert_true(dropped > 1000);
  g_rand_free(rng);
  hs_alike_clear(&al);
  hs_search_core_free(c);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_legal_pool_matches_rules),
    cmocka_unit_test(test_within_is_sound),
    cmocka_unit_test(test_memo),
    cmocka_unit_test(test_memo_bounded),
    cmocka_unit_test(test_memo_reserve),
    cmocka_unit_test(test_partition),
    cmocka_unit_test(test_partition_two_steps),
    cmocka_unit_test(test_driver_steps),
    cmocka_unit_test(test_alike),
    cmocka_unit_test(test_alike_refined),
  };
  return cmocka_run_group_tests_name("search", tests, setup, teardown) == 0 ? 0 : 1;
}
