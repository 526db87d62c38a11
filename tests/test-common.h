/* hardsix tests — helpers shared by the cmocka test binaries: loading word lists, reading files and
 * finding the reference data copied into data/reference/ (tests that need it skip when it is absent).
 * Include after <cmocka.h> and "hardsix/hardsix.h". Tests run from the repository root. */
#pragma once

#include <glib.h>
#include <string.h>
#include "hardsix/hardsix.h"
#ifdef _OPENMP
#include <omp.h>
#endif

#define HS_TEST_DATA "tests/data/"
#define HS_TEST_REFERENCE "data/reference/"

/* The tests' English lists: five letters a-z, patterns 0..242 (a game's own are in HsWords). */
#define HS_WORD_LEN 5
#define HS_ALL_GREEN 242

/* Pattern text of a five-letter guess in a five-letter game (the tests' English lists). */
static inline gboolean
hs_test_parse(const char *text, gssize len, HsPat *out, GError **error)
{
  guint p = 0;
  gboolean ok = hs_pattern_parse(text, len, 5, 5, &p, error);
  *out = (HsPat)p; /* 0 when it is no pattern */
  return ok;
}

static inline char *
hs_test_format(guint p, HsPatternStyle style, char *buf)
{
  return hs_pattern_format(p, 5, 5, style, buf);
}

/* The lists in the texts ANSWERS and GUESSES (GUESSES may be NULL), parsed in memory; a failure fails
 * the test. */
static inline HsWords *
hs_test_parse_lists(const char *answers, const char *guesses)
{
  GError *e = NULL;
  HsWords *w = hs_words_parse(answers, strlen(answers), "a", guesses, guesses ? strlen(guesses) : 0, "g", &e);
  if (w == NULL)
    fail_msg("%s", e->message);
  return w;
}

/* hs_rules_row_allows on words given as text (any two words of one length): a list of the words and a
 * spare, made for the question. */
static inline gboolean
hs_test_row_allows(HsRules rules, const char *guess, HsPat pattern, const char *word)
{
  const char *spare = strcmp(guess, "zzzzz") != 0 && strcmp(word, "zzzzz") != 0 ? "zzzzz" : "yyyyy";
  g_autofree char *answers =
    strcmp(guess, word) != 0 ? g_strdup_printf("%s\n%s\n", word, guess) : g_strdup_printf("%s\n", word);
  g_autofree char *guesses = g_strdup_printf("%s\n", spare);
  HsWords *w = hs_test_parse_lists(answers, guesses);
  gboolean ok = hs_rules_row_allows(rules, w, hs_words_lookup(w, guess), pattern, 0);
  hs_words_free(w);
  return ok;
}

/* What a test asks of a writer: the header facts, and whether the text must come out verified (then
 * it is published: checked by the independent verifier first, which must accept it) or as a draft. */
typedef struct {
  gboolean verified;
  const char *lists;
  const char *policy;
} HsTestInfo;

/* S in FORMAT (newly allocated): published when INFO says verified (a failure to verify fails the
 * test), else as the draft hs_format_write writes. INFO may be NULL (a draft, the strategy's facts). */
static inline char *
hs_test_write(const HsStrategy *s, HsFormat format, const HsTestInfo *info)
{
  HsFormatInfo fi = { info ? info->lists : NULL, info ? info->policy : NULL };
  if (info == NULL || !info->verified)
    return hs_format_write(s, format, &fi);
  HsPublished *p = hs_publish(s, &fi, &format, 1);
  if (!hs_published_verified(p)) {
    const HsVerifyReport *r = hs_published_report(p);
    fail_msg("the strategy does not verify: %s", hs_published_problem(p) ? hs_published_problem(p)
                                                 : r != NULL && r->problems->len > 0
                                                   ? (const char *)r->problems->pdata[0]
                                                   : "incomplete or over the cap");
  }
  char *text = g_strdup(hs_published_text(p, 0));
  hs_published_free(p);
  return text;
}

/* A random game: N_A answers of L letters and N_G guesses (of 1..L letters when SHORT, else L), all
 * distinct, over the first A letters of ALPHABET (code points). L is at most HS_MAX_LEN: 5, or 8 in
 * the wide build (BUILD/tests-wide). N_A + N_G must leave room among the words those letters make. */
static inline HsWords *
hs_test_random_game(GRand *rng, const gunichar *alphabet, guint A, guint L, guint n_a, guint n_g,
                    gboolean short_guesses)
{
  GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  GString *at = g_string_new(NULL), *gt = g_string_new(NULL);
  guint n = 0;
  while (n < n_a + n_g) {
    const guint len = n >= n_a && short_guesses ? 1 + (guint)g_rand_int_range(rng, 0, (gint)L) : L;
    GString *w = g_string_new(NULL);
    for (guint i = 0; i < len; i++)
      g_string_append_unichar(w, alphabet[g_rand_int_range(rng, 0, (gint)A)]);
    if (g_hash_table_contains(seen, w->str)) {
      g_string_free(w, TRUE);
      continue;
    }
    g_string_append_printf(n < n_a ? at : gt, "%s\n", w->str);
    g_hash_table_add(seen, g_string_free(w, FALSE));
    n++;
  }
  GError *e = NULL;
  HsWords *words = hs_words_parse_game(at->str, at->len, "a", gt->str, gt->len, "g", short_guesses, &e);
  if (words == NULL)
    fail_msg("%s", e->message);
  g_string_free(at, TRUE);
  g_string_free(gt, TRUE);
  g_hash_table_destroy(seen);
  return words;
}

#if HS_MAX_LEN >= 7
/* Games of six and seven letters (the wide build) for the brute-force comparisons: over few letters, so
 * that they repeat and hard mode bites, one of them with guesses as short as one letter; CHECK gets
 * each, with N_A answers and N_G guesses. */
static inline void
hs_test_long_games(guint32 seed, guint n_a, guint n_g, void (*check)(HsWords *w))
{
  static const gunichar latin[] = { 'a', 'e', 'r', 's', 't', 0xF1 };
  static const gunichar kana[] = { 0x30A2, 0x30AB, 0x30FC, 0x30F3, 0x30C3 };
  GRand *rng = g_rand_new_with_seed(seed);
  for (guint L = 6; L <= 7; L++) {
    HsWords *m = hs_test_random_game(rng, latin, 4 + L % 2, L, n_a, n_g, FALSE);
    assert_int_equal(m->length, L);
    check(m);
    hs_words_free(m);
    HsWords *k = hs_test_random_game(rng, kana, 4, L, n_a, n_g, TRUE);
    check(k);
    hs_words_free(k);
  }
  g_rand_free(rng);
}
#endif

/* The least of PATS[0..n) above ABOVE (-1: the least of all), or G_MAXUINT when there is none: the
 * patterns of a split in increasing order without an array over every pattern (6561 of them in the
 * wide build). */
static inline guint
hs_test_next_pattern(const HsPat *pats, guint n, gint64 above)
{
  guint p = G_MAXUINT;
  for (guint i = 0; i < n; i++)
    if ((gint64)pats[i] > above && pats[i] < p)
      p = pats[i];
  return p;
}

/* The lists in ANSWERS and GUESSES; a failure fails the test. */
static inline HsWords *
hs_test_load(const char *answers, const char *guesses)
{
  GError *e = NULL;
  HsWords *w = hs_words_load(answers, guesses, &e);
  if (w == NULL)
    fail_msg("%s", e->message);
  return w;
}

/* A named list set ("original", "nyt2022", ...); a failure fails the test. */
static inline HsWords *
hs_test_load_set(const char *set)
{
  GError *e = NULL;
  HsWords *w = hs_words_load_set(set, &e);
  if (w == NULL)
    fail_msg("%s", e->message);
  return w;
}

/* The tiny lists of tests/data. */
static inline HsWords *
hs_test_tiny(void)
{
  return hs_test_load(HS_TEST_DATA "tiny-answers.txt", HS_TEST_DATA "tiny-guesses.txt");
}

/* NA answers and NG other guesses drawn at random (no word twice, answers first) from ORIG's answers
 * and guesses, parsed in memory. */
static inline HsWords *
hs_test_random_lists(const HsWords *orig, GRand *rng, guint na, guint ng)
{
  g_autoptr(GString) ans = g_string_new(NULL);
  g_autoptr(GString) gue = g_string_new(NULL);
  g_autofree guint8 *used = g_malloc0(orig->n_words);
  for (guint k = 0; k < na + ng;) {
    const guint x = k < na ? (guint)g_rand_int_range(rng, 0, (gint)orig->n_answers)
                           : (guint)g_rand_int_range(rng, (gint)orig->n_answers, (gint)orig->n_words);
    if (!used[x]++) {
      g_string_append_printf(k < na ? ans : gue, "%s\n", orig->text[x]);
      k++;
    }
  }
  return hs_test_parse_lists(ans->str, gue->str);
}

/* The whole of PATH (NUL-terminated; *LEN may be NULL); a failure fails the test. */
static inline char *
hs_test_slurp(const char *path, gsize *len)
{
  char *text = NULL;
  GError *e = NULL;
  if (!g_file_get_contents(path, &text, len, &e))
    fail_msg("%s", e->message);
  return text;
}

/* The path of REL under data/reference when that file exists, else NULL (the caller skips).
 * Newly allocated. */
static inline char *
hs_test_reference(const char *rel)
{
  char *path = g_build_filename(HS_TEST_REFERENCE, rel, NULL);
  if (!g_file_test(path, G_FILE_TEST_EXISTS)) {
    g_free(path);
    return NULL;
  }
  return path;
}

/* Every word of W in canonical order (indices 0 .. n_words - 1): every opener, or a pool of every
 * word. Newly allocated. */
static inline guint32 *
hs_test_every_word(const HsWords *w)
{
  guint32 *all = g_new(guint32, MAX(1u, w->n_words));
  for (guint i = 0; i < w->n_words; i++)
    all[i] = i;
  return all;
}

/* The default policy with a cap of CAP guesses. */
static inline HsPolicy
hs_test_policy(guint cap)
{
  HsPolicy p;
  hs_policy_init(&p);
  p.max_guesses = cap;
  return p;
}

/* Sets the number of OpenMP threads (nothing without OpenMP); returns the number before. */
static inline int
hs_test_set_threads(int n)
{
#ifdef _OPENMP
  int before = omp_get_max_threads();
  omp_set_num_threads(n);
  return before;
#else
  (void)n;
  return 1;
#endif
}

/* Defines what a group of tests shares: `static HsWords *WORDS`, the lists LOAD gives (an expression
 * such as hs_test_tiny() or hs_test_load_set("original")), with the group's `setup`, which loads them
 * and then runs the statement AND_SETUP, and `teardown`, which runs AND_TEARDOWN and then frees them
 * (pass both to cmocka_run_group_tests). */
#define HS_TEST_GROUP(words, load, and_setup, and_teardown)                                                            \
  static HsWords *words;                                                                                               \
  static int setup(void **state)                                                                                       \
  {                                                                                                                    \
    (void)state;                                                                                                       \
    words = (load);                                                                                                    \
    and_setup;                                                                                                         \
    return 0;                                                                                                          \
  }                                                                                                                    \
  static int teardown(void **state)                                                                                    \
  {                                                                                                                    \
    (void)state;                                                                                                       \
    and_teardown;                                                                                                      \
    hs_words_free(words);                                                                                              \
    return 0;                                                                                                          \
  }

/* The lists alone. */
#define HS_TEST_GROUP_WORDS(words, load) HS_TEST_GROUP(words, load, (void)0, (void)0)

/* The lists and `static HsTable *TABLE`, their feedback table with the row of every guess. */
#define HS_TEST_GROUP_TABLE(words, table, load)                                                                        \
  static HsTable *table;                                                                                               \
  HS_TEST_GROUP(words, load, table = hs_table_new(words, TRUE), hs_table_free(table))

/* A setup/teardown pair for groups that share one HsWords in *state. */
static inline int
hs_test_setup_tiny(void **state)
{
  *state = hs_test_tiny();
  return 0;
}

static inline int
hs_test_teardown_words(void **state)
{
  hs_words_free(*state);
  return 0;
}
