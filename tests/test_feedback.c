/* Tests for feedback.c: the two-pass rule, pattern text forms, and the SIMD feedback table. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"
#include "reference-feedback.h"

static void
test_examples_from_design(void **state)
{
  (void)state;
  char buf[HS_PATTERN_BUFLEN];
  assert_string_equal(hs_test_format(hs_feedback("drill", "slosh"), HS_PATTERN_EMOJI, buf), "⬜⬜⬜🟨⬜");
  assert_string_equal(hs_test_format(hs_feedback("asset", "slosh"), HS_PATTERN_EMOJI, buf), "⬜🟨🟨⬜⬜");
  assert_int_equal(hs_feedback("cigar", "cigar"), HS_ALL_GREEN);
  assert_int_equal(hs_feedback("crane", "would"), 0);
}

/* tests/data/feedback-cases.txt: "guess answer pattern  # note" */
static void
test_table_driven_cases(void **state)
{
  (void)state;
  g_autofree char *text = NULL;
  gsize len;
  assert_true(g_file_get_contents("tests/data/feedback-cases.txt", &text, &len, NULL));
  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  guint n = 0;
  for (guint i = 0; lines[i]; i++) {
    char *hash = strchr(lines[i], '#');
    if (hash)
      *hash = '\0';
    g_auto(GStrv) f = g_strsplit_set(g_strstrip(lines[i]), " ", -1);
    if (f[0] == NULL || *f[0] == '\0')
      continue;
    guint nf = 0;
    const char *fields[3] = { 0 };
    for (guint k = 0; f[k]; k++)
      if (*f[k] && nf < 3)
        fields[nf++] = f[k];
    assert_int_equal(nf, 3);
    HsPat want;
    assert_true(hs_test_parse(fields[2], -1, &want, NULL));
    if (hs_feedback(fields[0], fields[1]) != want)
      fail_msg("line %u: feedback(%s, %s) = %u, expected %s", i + 1, fields[0], fields[1],
               hs_feedback(fields[0], fields[1]), fields[2]);
    n++;
  }
  assert_true(n >= 40);
}

static void
test_pattern_forms(void **state)
{
  (void)state;
  const char *same[] = { "🟨⬜⬜⬜🟨",
                         "YBBBY",
                         "ybbby",
                         "Y---Y",
                         "y...y",
                         "10001",
                         "🟨⬛⬛⬛🟨",
                         "🟨⬜\xEF\xB8\x8F⬜⬜🟨",
                         "1B.-Y" };
  for (guint i = 0; i < G_N_ELEMENTS(same); i++) {
    HsPat p = 0;
    GError *e = NULL;
    if (!hs_test_parse(same[i], -1, &p, &e))
      fail_msg("'%s' rejected: %s", same[i], e->message);
    assert_int_equal(p, 81 + 1);
  }
  const char *bad[] = { "", "YBBB", "YBBBYY", "YBXBY", "🟥⬜⬜⬜🟨", "3BBBY", " YBBBY" };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    HsPat p;
    GError *e = NULL;
    if (hs_test_parse(bad[i], -1, &p, &e))
      fail_msg("'%s' accepted", bad[i]);
    assert_non_null(strstr(e->message, "not a pattern"));
    g_error_free(e);
  }
}

static void
test_format_round_trip(void **state)
{
  (void)state;
  char buf[HS_PATTERN_BUFLEN];
  for (guint p = 0; p <= HS_ALL_GREEN; p++) {
    HsPatternStyle styles[] = { HS_PATTERN_EMOJI, HS_PATTERN_LETTERS, HS_PATTERN_DIGITS };
    for (guint s = 0; s < 3; s++) {
      HsPat back;
      assert_true(hs_test_parse(hs_test_format((HsPat)p, styles[s], buf), -1, &back, NULL));
      assert_int_equal(back, p);
    }
  }
  assert_string_equal(hs_test_format(5, HS_PATTERN_DIGITS, buf), "00012");
  assert_string_equal(hs_test_format(5, HS_PATTERN_LETTERS, buf), "BBBYG");
}

/* Patterns of eight tiles (the longest words, any build): every one of the 3^8 written in each style
 * reads back; a guess of fewer letters writes its own tiles and reads back from them or from all
 * eight with the missing ones grey; nine tiles are refused. */
static void
test_format_round_trip_eight(void **state)
{
  (void)state;
  char buf[HS_PATTERN_BUFLEN];
  const HsPatternStyle styles[] = { HS_PATTERN_EMOJI, HS_PATTERN_LETTERS, HS_PATTERN_DIGITS };
  for (guint p = 0; p < 6561; p++)
    for (guint s = 0; s < 3; s++) {
      guint back = G_MAXUINT;
      if (!hs_pattern_parse(hs_pattern_format(p, 8, 8, styles[s], buf), -1, 8, 8, &back, NULL) || back != p)
        fail_msg("pattern %u written '%s' reads back as %u", p, buf, back);
    }
  assert_string_equal(hs_pattern_format(6560, 8, 8, HS_PATTERN_EMOJI, buf), "🟩🟩🟩🟩🟩🟩🟩🟩");
  assert_int_equal(strlen(buf) + 1, HS_PATTERN_BUFLEN); /* the longest text fills the buffer */
  assert_string_equal(hs_pattern_format(3 * 3 * 3 * 3 * 3 * 3 * 3 + 2, 8, 8, HS_PATTERN_LETTERS, buf), "YBBBBBBG");
  guint q = 0;
  assert_true(hs_pattern_parse("GYBBBBBY", -1, 8, 8, &q, NULL));
  assert_int_equal(q, 2 * 2187 + 729 + 1);
  /* A guess of six letters in a game of eight: six tiles, or eight with two grey. */
  assert_string_equal(hs_pattern_format(2 * 2187 + 729 + 9, 8, 6, HS_PATTERN_LETTERS, buf), "GYBBBY");
  assert_true(hs_pattern_parse("GYBBBY", -1, 8, 6, &q, NULL) && q == 2 * 2187 + 729 + 9);
  assert_true(hs_pattern_parse("GYBBBYBB", -1, 8, 6, &q, NULL) && q == 2 * 2187 + 729 + 9);
  GError *e = NULL;
  assert_false(hs_pattern_parse("GYBBBYBG", -1, 8, 6, &q, &e)); /* a tile past the guess is grey */
  g_clear_error(&e);
  assert_false(hs_pattern_parse("GGGGGGGGG", -1, 8, 8, &q, &e));
  assert_non_null(strstr(e->message, "more than 8 tiles"));
  g_clear_error(&e);
}

/* The vectorised table must equal the scalar rule on every (guess, answer) of the original lists. */
static void
test_table_matches_scalar(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  assert_non_null(w);
  g_autoptr(HsTable) t = hs_table_new_full(w, TRUE, TRUE);
  for (guint g = 0; g < w->n_words; g++) {
    const HsPat *row = hs_table_row(t, g, NULL);
    for (guint a = 0; a < w->n_answers; a++)
      if (row[a] != hs_feedback(w->text[g], w->text[a]))
        fail_msg("table[%s][%s] = %u, scalar %u", w->text[g], w->text[a], row[a], hs_feedback(w->text[g], w->text[a]));
  }
  for (guint a = 0; a < w->n_answers; a += 7) {
    const HsPat *col = hs_table_column(t, a);
    for (guint o = 0; o < w->n_answers; o++)
      assert_int_equal(col[o], hs_feedback(w->text[o], w->text[a]));
  }
  /* A table of answer rows computes guess rows on demand. */
  g_autoptr(HsTable) small = hs_table_new(w, FALSE);
  g_autofree HsPat *scratch = g_new(HsPat, w->n_answers);
  assert_false(hs_table_has_row(small, w->n_answers));
  const HsPat *row = hs_table_row(small, w->n_answers, scratch);
  assert_ptr_equal(row, scratch);
  assert_memory_equal(row, hs_table_row(t, w->n_answers, NULL), w->n_answers * sizeof *row);
}

/* Tables sized from input: the estimate, the same bytes as hs_table_new_full, and an error (not an
 * abort) for lists whose table cannot exist. */
static void
test_table_try_new(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  assert_non_null(w);
  guint64 n = w->n_answers, padded = (n + 63) / 64 * 64;
  /* Per padded answer: its letters (HS_MAX_LEN bytes), a tile per position and letter code (the
   * padding included) and a single-letter mark per code, each a pattern (HsPat); a cell is a pattern. */
  const guint64 per = HS_MAX_LEN + (HS_MAX_LEN * (HS_PAD + 1) + HS_PAD + 1) * sizeof(HsPat);
  assert_true(hs_table_bytes(w, TRUE, TRUE) == ((guint64)w->n_words * n + n * n) * sizeof(HsPat) + per * padded);
  assert_true(hs_table_bytes(w, FALSE, FALSE) == n * n * sizeof(HsPat) + per * padded);
  g_autoptr(HsTable) t = hs_table_try_new(w, TRUE, TRUE, &e);
  assert_non_null(t);
  g_autoptr(HsTable) full = hs_table_new_full(w, TRUE, TRUE);
  for (guint g = 0; g < w->n_words; g += 13)
    assert_memory_equal(hs_table_row(t, g, NULL), hs_table_row(full, g, NULL), w->n_answers * sizeof(HsPat));
  assert_memory_equal(hs_table_column(t, 7), hs_table_column(full, 7), w->n_answers * sizeof(HsPat));

  /* Four billion answers: the size overflows 64 bits; refused before any allocation. */
  HsWords huge;
  memset(&huge, 0, sizeof huge);
  huge.n_answers = 4000000000u;
  huge.n_words = 4000000000u;
  assert_true(hs_table_bytes(&huge, TRUE, TRUE) == G_MAXUINT64);
  assert_null(hs_table_try_new(&huge, TRUE, TRUE, &e));
  assert_true(g_error_matches(e, HS_PATTERN_ERROR, HS_PATTERN_ERROR_NO_MEMORY));
  assert_non_null(strstr(e->message, "not enough memory for the feedback table"));
  g_clear_error(&e);
}

/* The transposed table: every cell equals the row table's, from any thread, built once; none for a
 * table of answer rows only. */
static void
test_table_by_answer(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  assert_non_null(w);
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const HsPat *seen[4] = { NULL };
#pragma omp parallel for num_threads(4)
  for (int k = 0; k < 4; k++)
    seen[k] = hs_table_by_answer(t);
  const HsPat *ba = hs_table_by_answer(t);
  assert_non_null(ba);
  for (int k = 0; k < 4; k++)
    assert_ptr_equal(seen[k], ba);
  for (guint g = 0; g < w->n_words; g++) {
    const HsPat *row = hs_table_row(t, g, NULL);
    for (guint a = 0; a < w->n_answers; a++)
      if (ba[(gsize)a * w->n_words + g] != row[a])
        fail_msg("by_answer[%s][%s] = %u, row %u", w->text[a], w->text[g], ba[(gsize)a * w->n_words + g], row[a]);
  }
  g_autoptr(HsTable) small = hs_table_new(w, FALSE);
  assert_null(hs_table_by_answer(small));
}

/* Words over three letters repeat letters twice, three times and more, in every arrangement: the
 * table (per-letter tiles, corrections for a letter held twice, the general rule for three copies)
 * and its transposition must equal the scalar rule on all of them. */
static void
test_table_repeated_letters(void **state)
{
  (void)state;
  GRand *rng = g_rand_new_with_seed(9);
  g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
  g_autoptr(GString) answers = g_string_new(NULL), guesses = g_string_new(NULL);
  g_autoptr(GPtrArray) keep = g_ptr_array_new_with_free_func(g_free);
  for (guint made = 0; made < 230;) {
    char word[HS_WORD_LEN + 1] = { 0 };
    for (int i = 0; i < HS_WORD_LEN; i++)
      word[i] = (char)('a' + g_rand_int_range(rng, 0, made % 2 ? 3 : 26));
    if (g_hash_table_contains(seen, word))
      continue;
    char *copy = g_strdup(word);
    g_ptr_array_add(keep, copy);
    g_hash_table_add(seen, copy);
    g_string_append_printf(made < 100 ? answers : guesses, "%s\n", word);
    made++;
  }
  g_rand_free(rng);
  GError *e = NULL;
  g_autoptr(HsWords) w =
    hs_words_parse(answers->str, answers->len, "answers", guesses->str, guesses->len, "guesses", &e);
  assert_non_null(w);
  g_autoptr(HsTable) t = hs_table_new(w, TRUE);
  const HsPat *ba = hs_table_by_answer(t);
  assert_non_null(ba);
  for (guint g = 0; g < w->n_words; g++) {
    const HsPat *row = hs_table_row(t, g, NULL);
    for (guint a = 0; a < w->n_answers; a++) {
      const HsPat want = hs_feedback(w->text[g], w->text[a]);
      if (row[a] != want || ba[(gsize)a * w->n_words + g] != want)
        fail_msg("table[%s][%s] = %u, by answer %u, scalar %u", w->text[g], w->text[a], row[a],
                 ba[(gsize)a * w->n_words + g], want);
    }
  }
}

/* ---- other games: any letters, any length, shorter guesses ---- */

/* The examples of DESIGN.md "Other games": guess -> answer, the guess's own tiles. */
static void
test_short_guess_examples(void **state)
{
  (void)state;
  const struct {
    const char *guess, *answer, *tiles;
  } ex[] = {
    { "ゴース", "ゴースト", "GGG" },         { "コイル", "レアコイル", "YYY" },
    { "ポッポ", "ピジョット", "BYB" },       { "ユンゲラー", "フーディン", "BYBBY" },
    { "ピカチュウ", "ライチュウ", "BBGGG" }, { "niño", "nino", "GGBG" },
    { "straße", "strasse", "GGGGBY" },       { "ab", "ba", "YY" },
  };
  char buf[HS_PATTERN_BUFLEN];
  for (guint i = 0; i < G_N_ELEMENTS(ex); i++) {
    const guint L = (guint)g_utf8_strlen(ex[i].answer, -1), k = (guint)g_utf8_strlen(ex[i].guess, -1);
    const guint p = hs_feedback(ex[i].guess, ex[i].answer);
    if (strcmp(hs_pattern_format(p, L, k, HS_PATTERN_LETTERS, buf), ex[i].tiles) != 0)
      fail_msg("%s -> %s: %s, expected %s", ex[i].guess, ex[i].answer, buf, ex[i].tiles);
    guint q = G_MAXUINT;
    assert_true(hs_pattern_parse(ex[i].tiles, -1, L, k, &q, NULL));
    assert_int_equal(q, p);
    /* The answer's length of tiles, the missing ones grey, reads the same. */
    g_autofree char *padded = g_strdup_printf("%s%.*s", ex[i].tiles, (int)(L - k), "BBBBBBBB");
    assert_true(hs_pattern_parse(padded, -1, L, k, &q, NULL));
    assert_int_equal(q, p);
    if (L <= 5)
      assert_int_equal(hs_verify_feedback(ex[i].guess, ex[i].answer), p);
  }
}

/* Random lists over a small alphabet of multi-byte letters, answers of L letters, guesses of 1..L:
 * the text rule, the code rule, the table (fast and general paths) and the verifier all agree with
 * the reference. */
static void
test_random_games(void **state)
{
  (void)state;
  static const gunichar alphabet[] = { 0x30A2, 0x30AB, 0x30FC, 0x30F3, 0x30C3, 'a', 0xF1, 0xDF };
  GRand *rng = g_rand_new_with_seed(23);
  guint checked = 0;
  /* Every length this build plays, 2 .. HS_MAX_LEN (8 in the wide build), 15 games each. */
  for (guint round = 0; round < 15 * (HS_MAX_LEN - 1); round++) {
    const guint L = 2 + round % (HS_MAX_LEN - 1), A = 5 + round % 4; /* 30 words of 1 or 2 letters at least */
    g_autoptr(HsWords) hw = hs_test_random_game(rng, alphabet, A, L, 12, 12, TRUE);
    g_autoptr(HsTable) t = hs_table_new(hw, TRUE);
    for (guint gi = 0; gi < hw->n_words; gi++) {
      gunichar g[8];
      guint k = 0;
      for (const char *c = hw->text[gi]; *c; c = g_utf8_next_char(c))
        g[k++] = g_utf8_get_char(c);
      const HsPat *row = hs_table_row(t, gi, NULL);
      for (guint ai = 0; ai < hw->n_answers; ai++) {
        gunichar a[8];
        guint l = 0;
        for (const char *c = hw->text[ai]; *c; c = g_utf8_next_char(c))
          a[l++] = g_utf8_get_char(c);
        const guint want = hs_reference_feedback(g, k, a, l);
        if (hs_feedback(hw->text[gi], hw->text[ai]) != want || hs_feedback_words(hw, gi, ai) != want ||
            row[ai] != want || hs_verify_feedback(hw->text[gi], hw->text[ai]) != want)
          fail_msg("%s against %s: text %u, codes %u, table %u, verifier %u, reference %u", hw->text[gi], hw->text[ai],
                   hs_feedback(hw->text[gi], hw->text[ai]), hs_feedback_words(hw, gi, ai), row[ai],
                   hs_verify_feedback(hw->text[gi], hw->text[ai]), want);
        checked++;
      }
    }
  }
  g_rand_free(rng);
  assert_true(checked > 10000);
}

/* TRUE when every cell of W's table T (rows, answer columns, the transposed table, and sub-tables
 * gathered from the answers' letters) equals the reference rule; else fails the test. */
static void
check_table_against_reference(const HsWords *w, const HsTable *t, GRand *rng)
{
  const HsPat *ba = hs_table_by_answer(t);
  assert_non_null(ba);
  for (guint gi = 0; gi < w->n_words; gi++) {
    gunichar g[8], a[8];
    guint k = 0;
    for (const char *c = w->text[gi]; *c; c = g_utf8_next_char(c))
      g[k++] = g_utf8_get_char(c);
    const HsPat *row = hs_table_row(t, gi, NULL);
    for (guint ai = 0; ai < w->n_answers; ai++) {
      guint l = 0;
      for (const char *c = w->text[ai]; *c; c = g_utf8_next_char(c))
        a[l++] = g_utf8_get_char(c);
      const guint want = hs_reference_feedback(g, k, a, l);
      const guint col = gi < w->n_answers ? hs_table_column(t, ai)[gi] : want;
      if (row[ai] != want || ba[(gsize)ai * w->n_words + gi] != want || col != want ||
          hs_verify_feedback(w->text[gi], w->text[ai]) != want)
        fail_msg("%s against %s: table %u, by answer %u, column %u, verifier %u, reference %u", w->text[gi],
                 w->text[ai], row[ai], ba[(gsize)ai * w->n_words + gi], col,
                 hs_verify_feedback(w->text[gi], w->text[ai]), want);
    }
  }
  /* Sub-tables of random guesses over random subsets of the answers (ragged lengths, past 16). */
  for (guint trial = 0; trial < 8; trial++) {
    guint32 guesses[40];
    guint16 answers[64];
    guint n = 0;
    for (guint a = 0; a < w->n_answers && n < 17 + 6 * trial; a++)
      if (g_rand_int_range(rng, 0, 2))
        answers[n++] = (guint16)a;
    for (guint j = 0; j < G_N_ELEMENTS(guesses); j++)
      guesses[j] = (guint32)g_rand_int_range(rng, 0, (gint)w->n_words);
    g_autofree HsPat *sub = g_new(HsPat, G_N_ELEMENTS(guesses) * MAX(n, 1u));
    hs_table_fill_sub(t, guesses, G_N_ELEMENTS(guesses), answers, n, sub);
    for (guint j = 0; j < G_N_ELEMENTS(guesses); j++)
      for (guint i = 0; i < n; i++)
        assert_int_equal(sub[j * n + i], hs_table_row(t, guesses[j], NULL)[answers[i]]);
  }
}

/* Words of 6, 7 and 8 letters: the wide build plays them (its table against the reference rule, over
 * few letters, so that letters repeat two, three and more times, and over many, with guesses as
 * short as one letter); the narrow build hands them to the wide one (HS_WORDS_ERROR_TOO_WIDE). Nine
 * letters are no game of either. */
static void
test_long_words(void **state)
{
  (void)state;
  static const gunichar alphabet[] = { 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 0xF1, 0x30A2 };
  GRand *rng = g_rand_new_with_seed(68);
  for (guint L = 6; L <= 9; L++) {
    g_autofree char *word = g_strnfill(L, 'a');
    g_autofree char *list = g_strdup_printf("%s\n", word);
    GError *e = NULL;
    HsWords *w = hs_words_parse(list, strlen(list), "answers", NULL, 0, NULL, &e);
    if (L > HS_MAX_LEN) {
      assert_null(w);
      assert_true(g_error_matches(e, HS_WORDS_ERROR, L <= 8 ? HS_WORDS_ERROR_TOO_WIDE : HS_WORDS_ERROR_PARSE));
      assert_non_null(strstr(e->message, "answers:1: "));
      g_clear_error(&e);
      continue;
    }
    assert_non_null(w);
    hs_words_free(w);
    for (guint few = 0; few < 2; few++) {
      /* 150 answers and 90 guesses: more than one 64-answer block, and a ragged last one. */
      g_autoptr(HsWords) game = hs_test_random_game(rng, alphabet, few ? 3 : G_N_ELEMENTS(alphabet), L, 150, 90, few);
      assert_int_equal(game->length, L);
      guint n_pats = 1;
      for (guint i = 0; i < L; i++)
        n_pats *= 3;
      assert_int_equal(game->all_green + 1, n_pats);
      g_autoptr(HsTable) t = hs_table_new_full(game, TRUE, TRUE);
      check_table_against_reference(game, t, rng);
    }
  }
  g_rand_free(rng);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_examples_from_design),    cmocka_unit_test(test_table_driven_cases),
    cmocka_unit_test(test_pattern_forms),           cmocka_unit_test(test_format_round_trip),
    cmocka_unit_test(test_table_matches_scalar),    cmocka_unit_test(test_table_try_new),
    cmocka_unit_test(test_table_by_answer),         cmocka_unit_test(test_table_repeated_letters),
    cmocka_unit_test(test_short_guess_examples),    cmocka_unit_test(test_random_games),
    cmocka_unit_test(test_format_round_trip_eight), cmocka_unit_test(test_long_words),
  };
  int failures = cmocka_run_group_tests(tests, NULL, NULL);
  return failures == 0 ? 0 : 1;
}
