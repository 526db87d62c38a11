/* Tests for rules.c: the NYT hard-mode rule and the strict rule on hand-worked rows, histories, and
 * properties checked on a sample of the original lists against a plain reading of the rules. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "test-common.h"

static HsPat
pat(const char *text)
{
  HsPat p = 0;
  GError *e = NULL;
  if (!hs_test_parse(text, -1, &p, &e))
    fail_msg("bad pattern '%s': %s", text, e->message);
  return p;
}

typedef struct {
  const char *guess, *pattern, *word;
  gboolean nyt, strict; /* expected verdicts */
  const char *why;
} RowCase;

/* Each row: after GUESS showed PATTERN, may WORD be played? Worked out by hand from DESIGN.md. */
static const RowCase row_cases[] = {
  /* crane vs chimp: c green. */
  { "crane", "GBBBB", "chimp", TRUE, TRUE, "green c kept" },
  { "crane", "GBBBB", "march", FALSE, FALSE, "green c moved" },
  { "crane", "GBBBB", "crane", TRUE, FALSE, "nyt: grey r, a, n, e may be played again" },
  { "crane", "GBBBB", "cigar", TRUE, FALSE, "nyt: grey a and r reused" },
  { "crane", "GBBBB", "coyly", TRUE, TRUE, "consistent" },
  /* slate vs lucky: l yellow at position 1. */
  { "slate", "BYBBB", "lucky", TRUE, TRUE, "l moved" },
  { "slate", "BYBBB", "clamp", TRUE, FALSE, "nyt: yellow l may stay where it was yellow" },
  { "slate", "BYBBB", "lists", TRUE, FALSE, "nyt: grey s and t reused" },
  { "slate", "BYBBB", "crimp", FALSE, FALSE, "revealed l missing" },
  /* eerie vs sheep: two yellow e's (the third e is grey) -> the next guess needs two e's. */
  { "eerie", "YYBBB", "sheep", TRUE, TRUE, "the answer" },
  { "eerie", "YYBBB", "speed", TRUE, TRUE, "same feedback as sheep" },
  { "eerie", "YYBBB", "shelf", FALSE, FALSE, "only one e" },
  { "eerie", "YYBBB", "there", TRUE, FALSE, "nyt: two e's and grey r; strict: e green at 4" },
  { "eerie", "YYBBB", "eerie", TRUE, FALSE, "nyt: yellow e's in place, at least two e's" },
  { "eerie", "YYBBB", "lapse", FALSE, FALSE, "one e" },
  /* eerie vs ledge: two green e's, the first e grey. */
  { "eerie", "BGBBG", "ledge", TRUE, TRUE, "the answer" },
  { "eerie", "BGBBG", "hedge", TRUE, TRUE, "same feedback" },
  { "eerie", "BGBBG", "beige", TRUE, FALSE, "nyt: greens kept, grey i reused; strict: i would be yellow" },
  { "eerie", "BGBBG", "eerie", TRUE, FALSE, "nyt: a grey copy does not cap the count" },
  { "eerie", "BGBBG", "there", FALSE, FALSE, "green e at 1 missing" },
  /* eerie vs enter: green e, yellow e, yellow r. */
  { "eerie", "GYYBB", "enter", TRUE, TRUE, "the answer" },
  { "eerie", "GYYBB", "eager", TRUE, TRUE, "consistent" },
  { "eerie", "GYYBB", "error", FALSE, FALSE, "one e" },
  { "eerie", "GYYBB", "eerie", TRUE, FALSE, "nyt: yellow e and r in place" },
  { "eerie", "GYYBB", "reeve", FALSE, FALSE, "green e not at 0" },
  /* All grey: nothing is required under nyt; strict excludes every letter shown. */
  { "crane", "BBBBB", "crane", TRUE, FALSE, "nyt: any word" },
  { "crane", "BBBBB", "guppy", TRUE, TRUE, "no c r a n e" },
  { "crane", "BBBBB", "truly", TRUE, FALSE, "strict: r excluded" },
  /* All green: only the word itself (played again, it is still legal). */
  { "crane", "GGGGG", "crane", TRUE, TRUE, "solved" },
  { "crane", "GGGGG", "crank", FALSE, FALSE, "not the word" },
  /* Green plus grey copy of the same letter: strict means exactly one s. */
  { "sassy", "GBBBB", "stomp", TRUE, TRUE, "one s, at 0" },
  { "sassy", "GBBBB", "stops", TRUE, FALSE, "nyt: more s's allowed; strict: second s would be yellow" },
};

static void
test_row_cases(void **state)
{
  (void)state;
  for (guint i = 0; i < G_N_ELEMENTS(row_cases); i++) {
    const RowCase *c = &row_cases[i];
    HsPat p = pat(c->pattern);
    gboolean nyt = hs_test_row_allows(HS_RULES_NYT, c->guess, p, c->word);
    gboolean strict = hs_test_row_allows(HS_RULES_STRICT, c->guess, p, c->word);
    if (nyt != c->nyt || strict != c->strict)
      fail_msg("%s %s then %s: nyt %d strict %d, expected %d %d (%s)", c->guess, c->pattern, c->word, nyt, strict,
               c->nyt, c->strict, c->why);
    /* Cross-check the hand-worked patterns: strict is "same feedback". */
    assert_int_equal(strict, hs_feedback(c->guess, c->word) == p);
  }
}

/* The same rows through hs_rules_filter and hs_rules_legal on a small word list. */
static HsWords *
row_words(void)
{
  GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
  GString *a = g_string_new(NULL), *g = g_string_new(NULL);
  for (guint i = 0; i < G_N_ELEMENTS(row_cases); i++) {
    const char *ws[] = { row_cases[i].guess, row_cases[i].word };
    for (guint k = 0; k < 2; k++)
      if (g_hash_table_add(seen, (gpointer)ws[k]))
        g_string_append_printf(g_hash_table_size(seen) % 2 ? a : g, "%s\n", ws[k]);
  }
  HsWords *w = hs_test_parse_lists(a->str, g->str);
  g_string_free(a, TRUE);
  g_string_free(g, TRUE);
  g_hash_table_destroy(seen);
  return w;
}

static void
test_filter_and_legal_cases(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = row_words();
  g_autofree guint *all = g_new(guint, w->n_words);
  g_autofree guint *out = g_new(guint, w->n_words);
  for (guint i = 0; i < w->n_words; i++)
    all[i] = i;
  for (guint i = 0; i < G_N_ELEMENTS(row_cases); i++) {
    const RowCase *c = &row_cases[i];
    guint g = hs_words_lookup(w, c->guess), x = hs_words_lookup(w, c->word);
    HsPat p = pat(c->pattern);
    for (int r = 0; r < 2; r++) {
      gboolean want = r == HS_RULES_NYT ? c->nyt : c->strict;
      guint32 gs[1] = { g };
      assert_int_equal(hs_rules_legal((HsRules)r, w, gs, &p, 1, x), want);
      guint n = hs_rules_filter((HsRules)r, w, all, w->n_words, g, p, out);
      gboolean found = FALSE;
      for (guint k = 0; k < n; k++)
        found = found || out[k] == x;
      if (found != want)
        fail_msg("filter %s: %s %s then %s: %d, expected %d", hs_rules_name((HsRules)r), c->guess, c->pattern, c->word,
                 found, want);
    }
  }
}

/* A history is legal only when every row allows the word; no history allows everything. */
static void
test_history(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = row_words();
  /* A real game towards sheep: eerie YYBBB, then speed (two e's, legal both ways). */
  guint32 gs[2] = { hs_words_lookup(w, "eerie"), hs_words_lookup(w, "speed") };
  HsPat ps[2] = { pat("YYBBB"), hs_feedback("speed", "sheep") };
  assert_int_equal(ps[1], pat("GYGGB"));
  guint sheep = hs_words_lookup(w, "sheep"), there = hs_words_lookup(w, "there");
  for (int r = 0; r < 2; r++) {
    assert_true(hs_rules_legal((HsRules)r, w, gs, ps, 0, there));
    assert_true(hs_rules_legal((HsRules)r, w, gs, ps, 2, sheep));
    assert_true(hs_rules_legal((HsRules)r, w, gs, ps, 1, gs[1]));
  }
  /* there passes row 1 under nyt but not row 2 (the green s at 0 is gone). */
  assert_true(hs_rules_legal(HS_RULES_NYT, w, gs, ps, 1, there));
  assert_false(hs_rules_legal(HS_RULES_NYT, w, gs, ps, 2, there));
  /* Order of rows does not matter. */
  guint32 gr[2] = { gs[1], gs[0] };
  HsPat pr[2] = { ps[1], ps[0] };
  for (guint x = 0; x < w->n_words; x++)
    for (int r = 0; r < 2; r++)
      assert_int_equal(hs_rules_legal((HsRules)r, w, gs, ps, 2, x), hs_rules_legal((HsRules)r, w, gr, pr, 2, x));
}

static void
test_parse_and_name(void **state)
{
  (void)state;
  HsRules r = HS_RULES_STRICT;
  GError *e = NULL;
  assert_true(hs_rules_parse("nyt", &r, &e));
  assert_int_equal(r, HS_RULES_NYT);
  assert_true(hs_rules_parse("strict", &r, &e));
  assert_int_equal(r, HS_RULES_STRICT);
  assert_string_equal(hs_rules_name(HS_RULES_NYT), "nyt");
  assert_string_equal(hs_rules_name(HS_RULES_STRICT), "strict");
  assert_false(hs_rules_parse("NYT", &r, &e));
  assert_true(g_error_matches(e, HS_RULES_ERROR, HS_RULES_ERROR_UNKNOWN));
  assert_non_null(strstr(e->message, "'NYT'"));
  g_clear_error(&e);
  assert_false(hs_rules_parse("", &r, &e));
  g_clear_error(&e);
  assert_false(hs_rules_parse(NULL, &r, &e));
  g_clear_error(&e);
  assert_int_equal(r, HS_RULES_STRICT);
}

/* The NYT rule read plainly from DESIGN.md: greens kept, each letter revealed (green or yellow) k times
 * in the row appears at least k times. */
static gboolean
nyt_reference(const char *guess, HsPat p, const char *word)
{
  guint tiles[HS_WORD_LEN];
  for (int i = HS_WORD_LEN - 1; i >= 0; i--, p /= 3)
    tiles[i] = p % 3;
  for (int i = 0; i < HS_WORD_LEN; i++) {
    if (tiles[i] == 2 && word[i] != guess[i])
      return FALSE;
    if (tiles[i] == 0)
      continue;
    guint need = 0, have = 0;
    for (int k = 0; k < HS_WORD_LEN; k++) {
      need += tiles[k] != 0 && guess[k] == guess[i];
      have += word[k] == guess[i];
    }
    if (have < need)
      return FALSE;
  }
  return TRUE;
}

static HsWords *
original(void)
{
  GError *e = NULL;
  HsWords *w = hs_words_load_set("original", &e);
  if (w == NULL)
    fail_msg("%s", e->message);
  return w;
}

/* On the original lists, for a sample of (guess, answer) pairs and every word: strict-legal implies
 * nyt-legal, the answer is legal under both, the filter equals filtering word by word (also in place
 * and without the letter masks), and the NYT verdict matches the plain reading. */
static void
test_properties_original(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = original();
  guint n = w->n_words;
  g_autofree guint *all = g_new(guint, n);
  g_autofree guint *out = g_new(guint, n);
  g_autofree guint *inplace = g_new(guint, n);
  g_autofree guint *slow = g_new(guint, n);
  for (guint i = 0; i < n; i++)
    all[i] = i;
  GRand *rng = g_rand_new_with_seed(2022);
  guint checked = 0, strict_hits = 0, nyt_only = 0;
  for (guint round = 0; round < 120; round++) {
    guint g = (guint)g_rand_int_range(rng, 0, (gint32)n);
    guint a = (guint)g_rand_int_range(rng, 0, (gint32)w->n_answers);
    if (round % 4 == 0) /* some guesses from the answers, whose rows reveal more */
      g = (guint)g_rand_int_range(rng, 0, (gint32)w->n_answers);
    HsPat p = hs_feedback(w->text[g], w->text[a]);
    const char *gt = w->text[g];
    assert_true(hs_rules_row_allows(HS_RULES_NYT, w, g, p, a));
    assert_true(hs_rules_row_allows(HS_RULES_STRICT, w, g, p, a));
    for (int r = 0; r < 2; r++) {
      HsRules rules = (HsRules)r;
      guint nf = hs_rules_filter(rules, w, all, n, g, p, out);
      guint k = 0, n_allowed = 0;
      for (guint x = 0; x < n; x++) {
        gboolean allowed = hs_rules_row_allows(rules, w, g, p, x);
        if (!allowed)
          continue;
        n_allowed++;
        if (k >= nf || out[k] != x)
          fail_msg("%s: filter after %s/%u differs from row_allows at %s", hs_rules_name(rules), gt, p, w->text[x]);
        k++;
      }
      assert_int_equal(nf, n_allowed);
      /* In place (OUT aliasing IN). */
      memcpy(inplace, all, n * sizeof *all);
      assert_int_equal(hs_rules_filter(rules, w, inplace, n, g, p, inplace), nf);
      assert_memory_equal(inplace, out, nf * sizeof *out);
      /* A subset of the input keeps its order. */
      guint m = 0;
      for (guint x = round % 3; x < n; x += 3)
        inplace[m++] = x;
      guint ns = hs_rules_filter(rules, w, inplace, m, g, p, slow);
      guint want = 0;
      for (guint x = round % 3; x < n; x += 3)
        if (hs_rules_row_allows(rules, w, g, p, x)) {
          assert_true(want < ns);
          assert_int_equal(slow[want], x);
          want++;
        }
      assert_int_equal(ns, want);
    }

    for (guint x = 0; x < n; x++) {
      const char *xt = w->text[x];
      gboolean nyt = hs_rules_row_allows(HS_RULES_NYT, w, g, p, x);
      gboolean strict = hs_rules_row_allows(HS_RULES_STRICT, w, g, p, x);
      if (strict && !nyt)
        fail_msg("%s after %s/%u: strict-legal but not nyt-legal", xt, gt, p);
      if (nyt != nyt_reference(gt, p, xt))
        fail_msg("%s after %s/%u: nyt %d, plain reading %d", xt, gt, p, nyt, !nyt);
      strict_hits += strict;
      nyt_only += nyt && !strict;
      checked++;
    }
  }
  g_rand_free(rng);
  /* The sample really exercised both sides of the inclusion. */
  assert_true(checked > 1000000);
  assert_true(strict_hits > 1000);
  assert_true(nyt_only > 10000);
}

/* Histories from real games: the answer stays legal after every step, under both rules, and a word
 * legal under strict after a history is legal under nyt. */
static void
test_history_properties_original(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = original();
  GRand *rng = g_rand_new_with_seed(6);
  for (guint round = 0; round < 300; round++) {
    guint a = (guint)g_rand_int_range(rng, 0, (gint32)w->n_answers);
    guint32 gs[4];
    HsPat ps[4];
    guint depth = 0;
    while (depth < 4) {
      /* A random word legal under strict so far (so also under nyt). */
      guint g = (guint)g_rand_int_range(rng, 0, (gint32)w->n_words);
      if (!hs_rules_legal(HS_RULES_STRICT, w, gs, ps, depth, g))
        continue;
      assert_true(hs_rules_legal(HS_RULES_NYT, w, gs, ps, depth, g));
      gs[depth] = g;
      ps[depth] = hs_feedback(w->text[g], w->text[a]);
      depth++;
      assert_true(hs_rules_legal(HS_RULES_STRICT, w, gs, ps, depth, a));
      assert_true(hs_rules_legal(HS_RULES_NYT, w, gs, ps, depth, a));
      if (g == a)
        break;
    }
  }
  g_rand_free(rng);
}

/* Normal mode: parsed and named; every word legal after any history; filters keep everything; the
 * hard modes are the ones that restrict. */
static void
test_none(void **state)
{
  (void)state;
  HsRules r = HS_RULES_NYT;
  assert_true(hs_rules_parse("none", &r, NULL));
  assert_int_equal(r, HS_RULES_NONE);
  assert_string_equal(hs_rules_name(HS_RULES_NONE), "none");
  assert_string_equal(hs_rules_mode(HS_RULES_NONE), "normal mode");
  assert_false(hs_rules_is_hard(HS_RULES_NONE));
  assert_true(hs_rules_is_hard(HS_RULES_NYT) && hs_rules_is_hard(HS_RULES_STRICT));
  GError *e = NULL;
  assert_false(hs_rules_parse("normal", &r, &e));
  assert_non_null(strstr(e->message, "nyt, strict or none"));
  g_clear_error(&e);
  g_autoptr(HsWords) w = hs_words_load("tests/data/tiny-answers.txt", "tests/data/tiny-guesses.txt", &e);
  g_assert_no_error(e);
  g_autofree guint *in = g_new(guint, w->n_words), *out = g_new(guint, w->n_words);
  for (guint i = 0; i < w->n_words; i++)
    in[i] = i;
  guint n_nyt_refused = 0;
  for (guint g = 0; g < w->n_words; g++)
    for (guint a = 0; a < w->n_answers; a++) {
      HsPat p = hs_feedback(w->text[g], w->text[a]);
      for (guint x = 0; x < w->n_words; x++) {
        assert_true(hs_rules_row_allows(HS_RULES_NONE, w, g, p, x));
        n_nyt_refused += !hs_rules_row_allows(HS_RULES_NYT, w, g, p, x);
      }
      assert_int_equal(hs_rules_filter(HS_RULES_NONE, w, in, w->n_words, g, p, out), w->n_words);
      assert_memory_equal(in, out, w->n_words * sizeof *in);
      guint hg[2] = { g, a };
      HsPat hp[2] = { p, hs_feedback(w->text[a], w->text[a]) };
      for (guint x = 0; x < w->n_words; x++)
        assert_true(hs_rules_legal(HS_RULES_NONE, w, hg, hp, 2, x));
    }
  assert_true(n_nyt_refused > 0);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_row_cases),
    cmocka_unit_test(test_filter_and_legal_cases),
    cmocka_unit_test(test_history),
    cmocka_unit_test(test_parse_and_name),
    cmocka_unit_test(test_none),
    cmocka_unit_test(test_properties_original),
    cmocka_unit_test(test_history_properties_original),
  };
  int failures = cmocka_run_group_tests(tests, NULL, NULL);
  return failures == 0 ? 0 : 1;
}
