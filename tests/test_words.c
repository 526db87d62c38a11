/* Tests for the words module (words.h: words.c and order.c): loading and validating lists (errors
 * name file:line), canonical order and --order files, lookup, the data directory, and the shipped lists
 * themselves. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

#include <glib/gstdio.h>

#define W "tests/data/words/"

/* Checks that loading fails with a message that starts with PREFIX and contains every string of
 * WANT (NULL-terminated) and none of the strings of AVOID. */
static void
assert_error(const GError *e, const char *prefix, const char *const *want, const char *const *avoid)
{
  if (e == NULL)
    fail_msg("expected an error starting with '%s'", prefix);
  assert_true(g_utf8_validate(e->message, -1, NULL));
  if (!g_str_has_prefix(e->message, prefix))
    fail_msg("error '%s' does not start with '%s'", e->message, prefix);
  for (guint i = 0; want && want[i]; i++)
    if (strstr(e->message, want[i]) == NULL)
      fail_msg("error '%s' does not mention '%s'", e->message, want[i]);
  for (guint i = 0; avoid && avoid[i]; i++)
    if (strstr(e->message, avoid[i]) != NULL)
      fail_msg("error '%s' should not mention '%s'", e->message, avoid[i]);
}

static void
assert_words(const HsWords *w, const char *const *want, guint n_answers)
{
  guint n = 0;
  while (want[n])
    n++;
  assert_int_equal(w->n_words, n);
  assert_int_equal(w->n_answers, n_answers);
  for (guint i = 0; i < n; i++) {
    assert_string_equal(w->text[i], want[i]);
    assert_int_equal(hs_words_lookup(w, want[i]), i);
    guint32 mask = 0;
    for (int k = 0; k < HS_WORD_LEN; k++) {
      assert_int_equal(w->alphabet[w->code[i][k]], (gunichar)want[i][k]);
      mask |= 1u << w->code[i][k];
    }
    assert_int_equal(w->letters[i], mask);
  }
}

static const char *const good_words[] = {
  "shade", "shake", "shame", "shape", "shave", "kempt", "chimp", "vozhd", NULL
};

/* Comments, blank lines, surrounding spaces and tabs, and a last line without a newline. */
static void
test_load_good(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  assert_words(w, good_words, 5);
  assert_string_equal(w->name, "custom");
  assert_string_equal(w->answers_path, W "good-answers.txt");
  assert_string_equal(w->guesses_path, W "good-guesses.txt");
  assert_null(w->order_path);
  assert_true(hs_words_is_answer(w, 4));
  assert_false(hs_words_is_answer(w, 5));
}

static void
test_load_crlf(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(W "crlf-answers.txt", W "good-guesses.txt");
  assert_words(w, good_words, 5);
}

/* hs_words_parse reads exactly LEN bytes: the text need not end with NUL, or with a newline. */
static void
test_parse_respects_length(void **state)
{
  (void)state;
  const char a[] = "shade\nshakeXXXX";
  const char g[] = "kempt\r\nchimpYYYY";
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_parse(a, 11, "a", g, 12, "g", &e);
  assert_non_null(w);
  const char *want[] = { "shade", "shake", "kempt", "chimp", NULL };
  assert_words(w, want, 2);
}

typedef struct {
  const char *answers, *guesses;
  const char *prefix;   /* exact start of the message: "file:line: " */
  const char *want[4];  /* also in the message */
  const char *avoid[2]; /* not in the message */
} BadCase;

static void
test_load_errors(void **state)
{
  (void)state;
  static const BadCase cases[] = {
    { W "four-letters.txt",
      W "good-guesses.txt",
      W "four-letters.txt:3: ",
      { "'sham'", "has 4 letters", "the answers have exactly 5 (" },
      { "upper-case" } },
    { W "six-letters.txt",
      W "good-guesses.txt",
      W "six-letters.txt:2: ",
      { "'shakes'", "has 6 letters" },
      { "upper-case" } },
    { W "upper.txt", W "good-guesses.txt", W "upper.txt:3: ", { "'SHAKE'", "upper-case" }, { NULL } },
    /* "café" is five bytes but four letters. */
    { W "non-ascii.txt",
      W "good-guesses.txt",
      W "non-ascii.txt:3: ",
      { "'caf\xc3\xa9'", "has 4 letters" },
      { "upper-case" } },
    /* Not even UTF-8 (Latin-1 é): the message must still be valid UTF-8. */
    { W "latin1.txt", W "good-guesses.txt", W "latin1.txt:2: ", { "not UTF-8 text" }, { NULL } },
    { W "duplicate.txt", W "good-guesses.txt", W "duplicate.txt:5: ", { "'shade'", "first on line 1" }, { NULL } },
    /* shame is line 5 of the answers and line 3 of the guesses. */
    { W "good-answers.txt",
      W "overlap-guesses.txt",
      W "overlap-guesses.txt:3: ",
      { "'shame'", W "good-answers.txt:5", "disjoint" },
      { NULL } },
    { W "empty.txt", W "good-guesses.txt", W "empty.txt:1: ", { "no words" }, { NULL } },
    { W "comments-only.txt", W "good-guesses.txt", W "comments-only.txt:1: ", { "no words" }, { NULL } },
    /* Errors in the guesses file name the guesses file. */
    { W "good-answers.txt", W "upper.txt", W "upper.txt:3: ", { "'SHAKE'", "upper-case" }, { NULL } },
    { W "good-answers.txt", W "four-letters.txt", W "four-letters.txt:3: ", { "'sham'" }, { NULL } },
    { W "nope.txt", W "good-guesses.txt", W "nope.txt: ", { NULL }, { NULL } },
    { W "good-answers.txt", W "nope.txt", W "nope.txt: ", { NULL }, { NULL } },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    GError *e = NULL;
    HsWords *w = hs_words_load(cases[i].answers, cases[i].guesses, &e);
    if (w != NULL)
      fail_msg("case %u (%s, %s) loaded", i, cases[i].answers, cases[i].guesses);
    assert_error(e, cases[i].prefix, cases[i].want, cases[i].avoid);
    g_error_free(e);
  }
}

/* Near misses, one per list line 3: the letters just outside a-z, digits, punctuation, inner space. */
static void
test_parse_near_misses(void **state)
{
  (void)state;
  const char *bad[] = { "shak{", "sha`e", "shad3", "sh-de", "sh de", "shad\x7f", "sha\te", "@hade", "shade!" };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    g_autofree char *text = g_strdup_printf("crane\n# c\n%s\n", bad[i]);
    GError *e = NULL;
    HsWords *w = hs_words_parse(text, strlen(text), "a.txt", "kempt\n", 6, "g.txt", &e);
    if (w != NULL)
      fail_msg("'%s' was accepted as a word", bad[i]);
    assert_true(g_str_has_prefix(e->message, "a.txt:3: "));
    assert_null(strstr(e->message, "upper-case"));
    g_error_free(e);
    /* and is never found */
    g_autoptr(HsWords) ok = hs_words_parse("crane\n", 6, "a", "kempt\n", 6, "g", NULL);
    assert_int_equal(hs_words_lookup(ok, bad[i]), HS_NONE);
  }
}

static void
test_lookup_and_find(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  assert_int_equal(hs_words_lookup(w, "shade"), 0);
  assert_int_equal(hs_words_lookup(w, "vozhd"), 7);
  assert_int_equal(hs_words_lookup(w, "crane"), HS_NONE);
  assert_int_equal(hs_words_lookup(w, "SHADE"), HS_NONE);
  assert_int_equal(hs_words_lookup(w, "shad"), HS_NONE);
  assert_int_equal(hs_words_lookup(w, "shades"), HS_NONE);
  assert_int_equal(hs_words_lookup(w, ""), HS_NONE);
  assert_int_equal(hs_words_lookup(w, NULL), HS_NONE);

  guint i = 99;
  GError *e = NULL;
  assert_true(hs_words_find(w, "chimp", &i, &e));
  assert_int_equal(i, 6);
  assert_false(hs_words_find(w, "crane", &i, &e));
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_WORD));
  assert_string_equal(e->message, "'crane' is not an allowed word");
  g_clear_error(&e);
  assert_false(hs_words_find(w, "Shade", &i, &e));
  assert_non_null(strstr(e->message, "'Shade' is not an allowed word"));
  assert_non_null(strstr(e->message, "upper-case"));
  g_clear_error(&e);
  assert_false(hs_words_find(w, "sh\xe9", &i, &e)); /* invalid UTF-8 shown safely */
  assert_true(g_utf8_validate(e->message, -1, NULL));
  g_clear_error(&e);
  assert_int_equal(i, 6); /* untouched on failure */
}

/* An order file reverses the answers: texts, indices and letter masks follow; guesses stay put. */
static void
test_apply_order(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  GError *e = NULL;
  assert_true(hs_words_apply_order(w, W "order-reversed.txt", &e));
  const char *want[] = { "shave", "shape", "shame", "shake", "shade", "kempt", "chimp", "vozhd", NULL };
  assert_words(w, want, 5);
  assert_string_equal(w->order_path, W "order-reversed.txt");
  assert_string_equal(w->answers_path, W "good-answers.txt");

  /* Applying another order starts from the current one (order files name words, not indices). */
  assert_true(hs_words_apply_order_text(w, "shade\nshake\nshame\nshape\nshave\n", 30, "again", &e));
  assert_words(w, good_words, 5);
  assert_string_equal(w->order_path, "again");
}

static void
test_apply_order_errors(void **state)
{
  (void)state;
  static const BadCase cases[] = {
    { W "order-unknown.txt", NULL, W "order-unknown.txt:3: ", { "'zzzzz'" }, { NULL } },
    { W "order-guess.txt", NULL, W "order-guess.txt:3: ", { "'kempt'", "not an answer" }, { NULL } },
    { W "order-duplicate.txt", NULL, W "order-duplicate.txt:4: ", { "'shape'", "first on line 2" }, { NULL } },
    { W "order-missing.txt", NULL, W "order-missing.txt:4: ", { "4 of the 5", "'shake' is missing" }, { NULL } },
    { W "four-letters.txt", NULL, W "four-letters.txt:3: ", { "'sham'" }, { NULL } },
    { W "upper.txt", NULL, W "upper.txt:3: ", { "'SHAKE'", "upper-case" }, { NULL } },
    { W "empty.txt", NULL, W "empty.txt:1: ", { "no answers" }, { NULL } },
    { W "nope.txt", NULL, W "nope.txt: ", { NULL }, { NULL } },
  };
  g_autoptr(HsWords) w = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    GError *e = NULL;
    if (hs_words_apply_order(w, cases[i].answers, &e))
      fail_msg("case %u (%s) was accepted", i, cases[i].answers);
    assert_error(e, cases[i].prefix, cases[i].want, cases[i].avoid);
    g_error_free(e);
    /* A failed order changes nothing. */
    assert_words(w, good_words, 5);
    assert_null(w->order_path);
  }
}

static void
test_apply_permutation(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  GError *e = NULL;
  const guint bad_dup[] = { 0, 1, 2, 2, 4 };
  const guint bad_range[] = { 0, 1, 2, 3, 5 };
  assert_false(hs_words_apply_permutation(w, bad_dup, &e));
  g_clear_error(&e);
  assert_false(hs_words_apply_permutation(w, bad_range, &e));
  g_clear_error(&e);
  assert_words(w, good_words, 5);

  const guint order[] = { 2, 0, 4, 1, 3 };
  g_autoptr(HsWords) copy = hs_words_copy(w);
  assert_true(hs_words_apply_permutation(copy, order, &e));
  const char *want[] = { "shame", "shade", "shave", "shake", "shape", "kempt", "chimp", "vozhd", NULL };
  assert_words(copy, want, 5);
  assert_null(copy->order_path);
  /* The copy is deep: the original is unchanged. */
  assert_words(w, good_words, 5);
}

/* HARDSIX_DATADIR wins; otherwise the lists are found next to the executable (build/tests/..). */
static void
test_data_dir(void **state)
{
  (void)state;
  g_autofree char *saved = g_strdup(g_getenv("HARDSIX_DATADIR"));
  g_autofree char *tmp = g_dir_make_tmp("hs-words-XXXXXX", NULL);
  assert_non_null(tmp);
  g_autofree char *orig = g_build_filename(tmp, "original", NULL);
  assert_int_equal(g_mkdir_with_parents(orig, 0755), 0);
  g_autofree char *a = g_build_filename(orig, "answers.txt", NULL);
  g_autofree char *g = g_build_filename(orig, "guesses.txt", NULL);
  assert_true(g_file_set_contents(a, "shade\nshake\n", -1, NULL));
  assert_true(g_file_set_contents(g, "kempt\n", -1, NULL));

  g_setenv("HARDSIX_DATADIR", tmp, TRUE);
  g_autofree char *dir = hs_words_data_dir();
  assert_string_equal(dir, tmp);
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  assert_non_null(w);
  assert_string_equal(w->name, "original");
  assert_int_equal(w->n_answers, 2);
  assert_int_equal(w->n_words, 3);
  assert_string_equal(w->answers_path, a);
  /* nyt2022 is missing there: the error names the file it looked for. */
  g_autoptr(HsWords) missing = hs_words_load_set("nyt2022", &e);
  assert_null(missing);
  assert_non_null(strstr(e->message, tmp));
  assert_non_null(strstr(e->message, "nyt2022"));
  g_clear_error(&e);
  g_autoptr(HsWords) unknown = hs_words_load_set("nope", &e);
  assert_null(unknown);
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET));
  assert_non_null(strstr(e->message, "'nope'"));
  g_clear_error(&e);
  g_autoptr(HsWords) traversal = hs_words_load_set("../original", &e);
  assert_null(traversal);
  g_clear_error(&e);

  /* Empty means unset: the repository's data/ is found from build/tests/. */
  g_autofree char *cwd = g_get_current_dir();
  g_autofree char *repo_data = g_build_filename(cwd, "data", NULL);
  g_setenv("HARDSIX_DATADIR", "", TRUE);
  g_autofree char *d1 = hs_words_data_dir();
  g_unsetenv("HARDSIX_DATADIR");
  g_autofree char *d2 = hs_words_data_dir();
  assert_string_equal(d1, repo_data);
  assert_string_equal(d2, repo_data);

  if (saved)
    g_setenv("HARDSIX_DATADIR", saved, TRUE);
  g_unlink(a);
  g_unlink(g);
  g_rmdir(orig);
  g_rmdir(tmp);
}

static int
cmp_strp(gconstpointer a, gconstpointer b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* SHA-1 of the words of [from, to), sorted, joined by "\n" without a final newline. */
static char *
sha1_sorted(const HsWords *w, guint from, guint to)
{
  g_autoptr(GPtrArray) v = g_ptr_array_new();
  for (guint i = from; i < to; i++)
    g_ptr_array_add(v, w->text[i]);
  g_ptr_array_sort(v, cmp_strp);
  g_autoptr(GChecksum) c = g_checksum_new(G_CHECKSUM_SHA1);
  for (guint i = 0; i < v->len; i++) {
    if (i > 0)
      g_checksum_update(c, (const guchar *)"\n", 1);
    g_checksum_update(c, (const guchar *)v->pdata[i], HS_WORD_LEN);
  }
  return g_strdup(g_checksum_get_string(c));
}

static void
test_shipped_lists(void **state)
{
  (void)state;
  g_autofree char *saved = g_strdup(g_getenv("HARDSIX_DATADIR"));
  g_unsetenv("HARDSIX_DATADIR");
  GError *e = NULL;
  g_autoptr(HsWords) o = hs_words_load_set("original", &e);
  if (o == NULL)
    fail_msg("%s", e->message);
  assert_string_equal(o->name, "original");
  assert_int_equal(o->n_answers, 2315);
  assert_int_equal(o->n_words - o->n_answers, 10657);
  g_autofree char *sa = sha1_sorted(o, 0, o->n_answers);
  g_autofree char *sg = sha1_sorted(o, o->n_answers, o->n_words);
  assert_string_equal(sa, "c216eac05a4f78fa749965e9fc8bf2c66c704a8c");
  assert_string_equal(sg, "ccf7adfd89f8177d1367224bdb73675f97e9d75b");
  /* The original answers are alphabetical: canonical order starts at aback. */
  assert_string_equal(o->text[0], "aback");
  assert_string_equal(o->text[o->n_answers - 1], "zonal");

  g_autoptr(HsWords) n = hs_words_load_set("nyt2022", &e);
  if (n == NULL)
    fail_msg("%s", e->message);
  assert_string_equal(n->name, "nyt2022");
  assert_int_equal(n->n_answers, 2309);
  assert_int_equal(n->n_words - n->n_answers, 10638);
  /* Puzzle order: Wordle #0 was cigar. */
  assert_string_equal(n->text[0], "cigar");

  /* The exact solver's 2023 lists, answers in that file's (alphabetical) order. */
  g_autoptr(HsWords) t = hs_words_load_set("nyt2023", &e);
  if (t == NULL)
    fail_msg("%s", e->message);
  assert_string_equal(t->name, "nyt2023");
  assert_int_equal(t->n_answers, 3158);
  assert_int_equal(t->n_words - t->n_answers, 11697);
  assert_string_equal(t->text[0], "aback");
  assert_string_equal(t->text[t->n_answers - 1], "zowie");
  assert_string_equal(t->text[t->n_answers], "aahed");
  assert_string_equal(t->text[t->n_words - 1], "zymic");
  if (saved)
    g_setenv("HARDSIX_DATADIR", saved, TRUE);
}

/* The files of every set, read as text: no word is both an answer and a guess (the loader refuses
 * that too, but this checks the files as shipped, line by line). */
static void
test_shipped_lists_disjoint(void **state)
{
  (void)state;
  const char *sets[] = { "original", "nyt2022", "nyt2023" };
  g_autofree char *dir = hs_words_data_dir();
  for (guint i = 0; i < G_N_ELEMENTS(sets); i++) {
    g_autofree char *a = g_build_filename(dir, sets[i], "answers.txt", NULL);
    g_autofree char *g = g_build_filename(dir, sets[i], "guesses.txt", NULL);
    g_autofree char *at = NULL, *gt = NULL;
    assert_true(g_file_get_contents(a, &at, NULL, NULL));
    assert_true(g_file_get_contents(g, &gt, NULL, NULL));
    g_auto(GStrv) al = g_strsplit(at, "\n", -1), gl = g_strsplit(gt, "\n", -1);
    g_autoptr(GHashTable) seen = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint k = 0; al[k] != NULL; k++)
      if (al[k][0] != '\0')
        g_hash_table_add(seen, al[k]);
    for (guint k = 0; gl[k] != NULL; k++)
      if (g_hash_table_contains(seen, gl[k]))
        fail_msg("%s: '%s' is in both lists", sets[i], gl[k]);
  }
}

/* Every file that data/SHA256SUMS lists has that sum in the data directory the library uses (the
 * repository's data/ here; PREFIX/share/hardsix once installed, tests/cli/install.sh). */
static void
test_data_checksums(void **state)
{
  (void)state;
  g_autofree char *saved = g_strdup(g_getenv("HARDSIX_DATADIR"));
  g_unsetenv("HARDSIX_DATADIR");
  g_autofree char *dir = hs_words_data_dir();
  g_autofree char *sums = NULL;
  GError *e = NULL;
  if (!g_file_get_contents("data/SHA256SUMS", &sums, NULL, &e))
    fail_msg("%s", e->message);
  g_auto(GStrv) lines = g_strsplit(sums, "\n", -1);
  guint n = 0;
  for (guint i = 0; lines[i] != NULL; i++) {
    if (lines[i][0] == '\0')
      continue;
    const char *sep = strstr(lines[i], "  ");
    assert_non_null(sep);
    g_autofree char *want = g_strndup(lines[i], (gsize)(sep - lines[i]));
    g_autofree char *path = g_build_filename(dir, sep + 2, NULL);
    g_autofree char *text = NULL;
    gsize len = 0;
    if (!g_file_get_contents(path, &text, &len, &e))
      fail_msg("%s", e->message);
    g_autofree char *got = g_compute_checksum_for_data(G_CHECKSUM_SHA256, (const guchar *)text, len);
    if (strcmp(got, want) != 0)
      fail_msg("%s: sha256 %s, recorded %s", path, got, want);
    n++;
  }
  /* Every file checked: the English sets (three of two lists), the 2023 lists' licence, the
   * tkihira2022 order, and the Pokémon data (ja.json, its licence, eleven sets of two lists, the 2021
   * names, their licence and the five published trees). */
  assert_int_equal(n, 39);
  assert_non_null(strstr(sums, "  nyt2023/answers.txt\n"));
  assert_non_null(strstr(sums, "  orders/tkihira2022.txt\n"));
  assert_non_null(
    strstr(sums, "89b6f097481bcba8b67f9d73c94b1df5859d0c77d967c8c8431986d7a570111e  orders/tkihira2022.txt"));
  if (saved)
    g_setenv("HARDSIX_DATADIR", saved, TRUE);
}

static void
test_set_names(void **state)
{
  (void)state;
  assert_true(hs_words_is_set_name("original"));
  assert_true(hs_words_is_set_name("nyt2022"));
  assert_true(hs_words_is_set_name("nyt2023"));
  assert_false(hs_words_is_set_name("custom"));
  assert_false(hs_words_is_set_name(NULL));
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("nyt2024", &e);
  assert_null(w);
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET));
  assert_string_equal(e->message, "unknown word-list set 'nyt2024' (expected 'original', 'nyt2022', 'nyt2023', "
                                  "'pokemon-dp', 'pokemon-bw', 'pokemon-xy', 'pokemon-sm', 'pokemon-swsh', "
                                  "'pokemon-sv', 'habara2021-dp', 'habara2021-bw', 'habara2021-xy', "
                                  "'habara2021-sm', 'habara2021-swsh', 'original-all', 'nyt2022-all' or "
                                  "'nyt2023-all')");
  g_clear_error(&e);
  assert_true(hs_words_is_set_name("original-all"));
  assert_true(hs_words_is_set_name("nyt2023-all"));
  assert_false(hs_words_is_set_name("custom-all"));
  assert_false(hs_words_is_set_name("pokemon-dp-all"));
  assert_false(hs_words_is_set_name("-all"));
  assert_null(hs_words_load_set("-all", &e));
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET));
  g_clear_error(&e);
}

/* Every allowed word an answer: the SET-all lists (the base set's answers, then its guesses, all
 * answers), and custom answers with no guesses (no file, or an empty one). */
static void
test_all_words(void **state)
{
  (void)state;
  const struct {
    const char *set;
    guint n_answers, n_words;
  } sets[] = { { "original", 2315, 12972 }, { "nyt2022", 2309, 12947 }, { "nyt2023", 3158, 14855 } };
  for (guint i = 0; i < G_N_ELEMENTS(sets); i++) {
    g_autoptr(HsWords) base = hs_test_load_set(sets[i].set);
    g_autofree char *name = g_strconcat(sets[i].set, "-all", NULL);
    g_autoptr(HsWords) all = hs_test_load_set(name);
    assert_int_equal(base->n_answers, sets[i].n_answers);
    assert_int_equal(all->n_answers, sets[i].n_words);
    assert_int_equal(all->n_words, sets[i].n_words);
    assert_string_equal(all->name, name);
    assert_null(all->guesses_path);
    for (guint k = 0; k < all->n_words; k++)
      assert_string_equal(all->text[k], base->text[k]);
  }
  GError *e = NULL;
  g_autoptr(HsWords) none = hs_words_load(W "good-answers.txt", NULL, &e);
  g_assert_no_error(e);
  g_autoptr(HsWords) empty = hs_words_load(W "good-answers.txt", W "empty.txt", &e);
  g_assert_no_error(e);
  g_autoptr(HsWords) comments = hs_words_load(W "good-answers.txt", W "comments-only.txt", &e);
  g_assert_no_error(e);
  assert_true(none->n_answers > 0);
  assert_int_equal(none->n_words, none->n_answers);
  assert_int_equal(empty->n_words, none->n_words);
  assert_int_equal(empty->n_answers, none->n_answers);
  assert_int_equal(comments->n_answers, none->n_answers);
  assert_null(none->guesses_path);
  /* The answers may not be empty. */
  assert_null(hs_words_load(W "empty.txt", NULL, &e));
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE));
  g_clear_error(&e);
}

/* --order tkihira2022: the built-in order of the original answers, from the data directory. */
static void
test_builtin_order(void **state)
{
  (void)state;
  g_autofree char *saved = g_strdup(g_getenv("HARDSIX_DATADIR"));
  g_unsetenv("HARDSIX_DATADIR");
  assert_true(hs_words_is_order_name("tkihira2022"));
  assert_false(hs_words_is_order_name("./tkihira2022"));
  assert_false(hs_words_is_order_name("tkihira2022.txt"));
  assert_false(hs_words_is_order_name(NULL));
  GError *e = NULL;
  g_autoptr(HsWords) o = hs_words_load_set("original", &e);
  assert_non_null(o);
  assert_true(hs_words_apply_order(o, "tkihira2022", &e));
  assert_null(e);
  assert_int_equal(o->n_answers, 2315);
  assert_string_equal(o->text[0], "boxer");
  assert_string_equal(o->text[1], "cover");
  assert_string_equal(o->text[o->n_answers - 1], "shave");
  assert_string_equal(o->text[o->n_answers], "aahed"); /* the guesses keep their places */
  assert_true(g_str_has_suffix(o->order_path, "/orders/tkihira2022.txt"));

  /* Other built-in lists: a usage error naming both sets; nothing changes. */
  g_autoptr(HsWords) n = hs_words_load_set("nyt2022", &e);
  assert_non_null(n);
  assert_false(hs_words_apply_order(n, "tkihira2022", &e));
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET));
  assert_string_equal(e->message,
                      "--order tkihira2022 orders the answers of the 'original' lists; it cannot be used with the "
                      "'nyt2022' lists");
  g_clear_error(&e);
  assert_string_equal(n->text[0], "cigar");
  assert_null(n->order_path);

  /* Custom lists: applied only when they hold exactly the original answers. */
  g_autoptr(HsWords) c = hs_test_load(W "good-answers.txt", W "good-guesses.txt");
  assert_false(hs_words_apply_order(c, "tkihira2022", &e));
  assert_true(g_error_matches(e, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET));
  assert_true(g_str_has_prefix(e->message, "--order tkihira2022 orders the answers of the 'original' lists and does "
                                           "not fit these lists ("));
  g_clear_error(&e);
  assert_words(c, good_words, 5);
  g_autoptr(HsWords) same =
    hs_test_load(o->answers_path, o->guesses_path); /* the original files under another name: it fits */
  assert_true(hs_words_apply_order(same, "tkihira2022", &e));
  assert_string_equal(same->text[0], "boxer");

  /* An unknown name without '/' that is no file either. */
  assert_false(hs_words_apply_order(same, "tkihira2021", &e));
  assert_string_equal(e->message, "'tkihira2021' is neither a built-in order ('tkihira2022') nor a file");
  g_clear_error(&e);
  if (saved)
    g_setenv("HARDSIX_DATADIR", saved, TRUE);
}

/* Precedence: a built-in name wins over a file of that name in the working directory (so that
 * "--order tkihira2022" never depends on it); "./tkihira2022" is the file. */
static void
test_builtin_order_precedence(void **state)
{
  (void)state;
  g_autofree char *saved = g_strdup(g_getenv("HARDSIX_DATADIR"));
  g_unsetenv("HARDSIX_DATADIR");
  GError *e = NULL;
  g_autoptr(HsWords) w = hs_words_load_set("original", &e);
  assert_non_null(w);
  g_autofree char *cwd = g_get_current_dir();
  g_autofree char *tmp = g_dir_make_tmp("hs-order-XXXXXX", NULL);
  assert_non_null(tmp);
  g_autofree char *file = g_build_filename(tmp, "tkihira2022", NULL);
  g_autofree char *alpha = NULL;
  assert_true(g_file_get_contents(w->answers_path, &alpha, NULL, NULL));
  assert_true(g_file_set_contents(file, alpha, -1, NULL)); /* alphabetical: aback first */
  assert_int_equal(g_chdir(tmp), 0);
  gboolean builtin = hs_words_apply_order(w, "tkihira2022", &e);
  g_autofree char *first_builtin = g_strdup(w->text[0]);
  gboolean local = hs_words_apply_order(w, "./tkihira2022", &e);
  g_autofree char *first_local = g_strdup(w->text[0]);
  assert_int_equal(g_chdir(cwd), 0);
  g_unlink(file);
  g_rmdir(tmp);
  assert_true(builtin);
  assert_string_equal(first_builtin, "boxer");
  assert_true(local);
  assert_string_equal(first_local, "aback");
  assert_string_equal(w->order_path, "./tkihira2022");
  if (saved)
    g_setenv("HARDSIX_DATADIR", saved, TRUE);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_load_good),
    cmocka_unit_test(test_load_crlf),
    cmocka_unit_test(test_parse_respects_length),
    cmocka_unit_test(test_load_errors),
    cmocka_unit_test(test_parse_near_misses),
    cmocka_unit_test(test_lookup_and_find),
    cmocka_unit_test(test_apply_order),
    cmocka_unit_test(test_apply_order_errors),
    cmocka_unit_test(test_apply_permutation),
    cmocka_unit_test(test_data_dir),
    cmocka_unit_test(test_shipped_lists),
    cmocka_unit_test(test_shipped_lists_disjoint),
    cmocka_unit_test(test_data_checksums),
    cmocka_unit_test(test_set_names),
    cmocka_unit_test(test_all_words),
    cmocka_unit_test(test_builtin_order),
    cmocka_unit_test(test_builtin_order_precedence),
  };
  int failures = cmocka_run_group_tests(tests, NULL, NULL);
  return failures == 0 ? 0 : 1;
}
