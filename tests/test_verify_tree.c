/* Tests for the verifier's reader of the tree outline (src/verify/read-tree.c), the format
 * `--format tree` writes: accepted as written by the engine (and every other format the engine
 * writes reads back to the same paths), rejected with file:line for each kind of problem and each
 * inconsistency of the drawing. Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "verify-helpers.h"

#define DATA "tests/data/"
#define TR "good.tree.txt"

static HsWords *tiny;
static char *good_tr, *good_pw;

static int
setup(void **state)
{
  (void)state;
  GError *error = NULL;
  tiny = hs_words_load(DATA "tiny-answers.txt", DATA "tiny-guesses.txt", &error);
  if (tiny == NULL) {
    print_error("%s\n", error->message);
    g_error_free(error);
    return -1;
  }
  good_tr = slurp(DATA "verify/" TR);
  good_pw = slurp(DATA "verify/good.per-word.txt");
  return good_tr && good_pw ? 0 : -1;
}

static int
teardown(void **state)
{
  (void)state;
  hs_words_free(tiny);
  g_free(good_tr);
  g_free(good_pw);
  return 0;
}

static HsVerifyReport *
run(const char *text, HsRules rules, guint max)
{
  return run_words(tiny, text, rules, max, TR);
}

static void
assert_parse_error(const char *text, guint line, const char *what)
{
  assert_parse_error_words(tiny, text, strlen(text), TR, line, what);
}

/* A and B describe the same strategy: same statistics and the same path for every answer. */
static void
assert_same_paths(const HsVerifyReport *a, const HsVerifyReport *b)
{
  assert_int_equal(a->n_answers, b->n_answers);
  assert_int_equal(a->total, b->total);
  assert_int_equal(a->worst, b->worst);
  assert_memory_equal(a->hist, b->hist, sizeof a->hist);
  assert_int_equal(a->paths->len, b->paths->len);
  for (guint i = 0; i < a->paths->len; i++) {
    const GArray *x = a->paths->pdata[i], *y = b->paths->pdata[i];
    assert_true((x == NULL) == (y == NULL));
    if (x == NULL)
      continue;
    assert_int_equal(x->len, y->len);
    assert_memory_equal(x->data, y->data, x->len * sizeof(guint32));
  }
}

static void
test_accept(void **state)
{
  (void)state;
  for (int rules = HS_RULES_NYT; rules <= HS_RULES_STRICT; rules++) {
    HsVerifyReport *r = run(good_tr, (HsRules)rules, rules == HS_RULES_NYT ? 6 : 4);
    if (!r->ok)
      dump(r);
    assert_true(r->ok);
    assert_int_equal(r->kind, HS_STRATEGY_FILE_TREE);
    assert_string_equal(r->opener, "kempt");
    assert_int_equal(r->n_answers, 20);
    assert_int_equal(r->worst, 4);
    assert_int_equal(r->total, 56);
    assert_int_equal(r->hist[2], 8);
    assert_int_equal(r->hist[3], 8);
    assert_int_equal(r->hist[4], 4);
    assert_null(r->lists_hint);
    assert_null(r->rules_hint);
    /* The same paths as the per-word file of the same strategy. */
    HsVerifyReport *pw = run_words(tiny, good_pw, (HsRules)rules, 6, "good.per-word.txt");
    assert_same_paths(r, pw);
    hs_verify_report_free(pw);
    hs_verify_report_free(r);
  }
}

/* Every format the engine writes reads back to the same paths: the strategy of good.per-word.txt,
 * rebuilt from its verified paths and written in each format. */
static void
test_every_written_format_reads_back(void **state)
{
  (void)state;
  HsVerifyReport *first = run_words(tiny, good_pw, HS_RULES_NYT, 6, "good.per-word.txt");
  assert_true(first->ok);
  GError *error = NULL;
  g_autoptr(HsStrategy) s = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, first->paths, &error);
  assert_non_null(s);
  HsFormatInfo info = { TRUE, "tiny", NULL };
  const HsFormat formats[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON };
  const HsStrategyFileKind kinds[] = { HS_STRATEGY_FILE_BY_PATTERN, HS_STRATEGY_FILE_PER_WORD, HS_STRATEGY_FILE_TREE,
                                       HS_STRATEGY_FILE_JSON };
  for (guint i = 0; i < G_N_ELEMENTS(formats); i++) {
    g_autofree char *text = hs_format_write(s, formats[i], &info);
    HsVerifyReport *r = run_words(tiny, text, HS_RULES_NYT, 6, hs_format_name(formats[i]));
    if (!r->ok)
      dump(r);
    assert_true(r->ok);
    assert_int_equal(r->kind, kinds[i]);
    assert_same_paths(r, first);
    hs_verify_report_free(r);
  }
  hs_verify_report_free(first);
}

/* The outlines the engine wrote in tests/data/format and output/ verify, with the same paths as the
 * per-word file next to them. */
static void
check_pair(const HsWords *w, const char *tree_path, const char *per_word_path)
{
  g_autofree char *tree = slurp(tree_path);
  g_autofree char *pw = slurp(per_word_path);
  assert_non_null(tree);
  assert_non_null(pw);
  HsVerifyReport *a = run_words(w, tree, HS_RULES_NYT, 6, tree_path);
  HsVerifyReport *b = run_words(w, pw, HS_RULES_NYT, 6, per_word_path);
  if (!a->ok)
    dump(a);
  assert_true(a->ok);
  assert_true(b->ok);
  assert_same_paths(a, b);
  hs_verify_report_free(a);
  hs_verify_report_free(b);
}

static void
test_accept_engine_files(void **state)
{
  (void)state;
  HsWords *w = hs_words_load(DATA "format/answers.txt", DATA "format/guesses.txt", NULL);
  assert_non_null(w);
  check_pair(w, DATA "format/howls.tree.txt", DATA "format/howls.per-word.txt");
  check_pair(w, DATA "format/shade.tree.txt", DATA "format/shade.per-word.txt");
  hs_words_free(w);
  w = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", NULL);
  if (w == NULL)
    skip();
  check_pair(w, "output/howls/howls.tree.txt", "output/howls/howls.per-word.txt");
  check_pair(w, "output/howls-tkihira2022/howls.tree.txt", "output/howls-tkihira2022/howls.per-word.txt");
  hs_words_free(w);
}

static void
test_reject_counts_and_children(void **state)
{
  (void)state;
  g_autofree char *count = variant(good_tr, "shade (7)", "shade (6)");
  HsVerifyReport *r = run(count, HS_RULES_NYT, 6);
  assert_problems(r, (const char *const[]){ TR ":2: says (6) but 7 answers reach this line", NULL });
  hs_verify_report_free(r);

  g_autofree char *missing = variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane ✓\n", "");
  r = run(missing, HS_RULES_NYT, 6);
  assert_problems(
    r, (const char *const[]){ TR ":2: 'crane' is not solved: 'shade' has no child ⬜⬜🟩⬜🟩", NULL });
  hs_verify_report_free(r);

  g_autofree char *pattern = variant(good_tr, "⬜⬜🟩⬜🟩 crane", "⬜⬜🟩🟩🟩 crane");
  r = run(pattern, HS_RULES_NYT, 6);
  assert_problems(r, (const char *const[]){ TR ":2: 'crane' is not solved: 'shade' has no child ⬜⬜🟩⬜🟩",
                                            TR ":3: no answer reaches this line", NULL });
  hs_verify_report_free(r);

  /* scare marked ✓ while snare reaches it too. */
  g_autofree char *solved =
    variant(good_tr, "│  ├─ 🟩⬜🟩⬜🟩 scare (2)\n│  │  └─ 🟩⬜🟩🟩🟩 snare ✓\n",
            "│  ├─ 🟩⬜🟩⬜🟩 scare ✓\n");
  r = run(solved, HS_RULES_NYT, 6);
  assert_problems(r,
                  (const char *const[]){ TR ":5: 'snare' is not solved: 'scare' has no child 🟩⬜🟩🟩🟩",
                                         TR ":5: is marked ✓ (one answer left) but 2 answers reach this line", NULL });
  hs_verify_report_free(r);
}

static void
test_reject_words_rules_and_cap(void **state)
{
  (void)state;
  /* howls before shake drops the yellow k and e. */
  g_autofree char *hard = variant(good_tr, "├─ 🟨🟨⬜⬜⬜ shake ✓\n",
                                  "├─ 🟨🟨⬜⬜⬜ howls (1)\n│  └─ 🟨⬜⬜⬜🟨 shake ✓\n");
  HsVerifyReport *r = run(hard, HS_RULES_NYT, 6);
  assert_problems(
    r, (const char *const[]){
         TR ":20: 'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'", NULL });
  assert_int_equal(r->hist[3], 9);
  hs_verify_report_free(r);

  g_autofree char *dup = variant(good_tr, "├─ ⬜🟨⬜🟨⬜ spare ✓\n",
                                 "├─ ⬜🟨⬜🟨⬜ spare ✓\n├─ ⬜🟨⬜🟨⬜ spare ✓\n");
  r = run(dup, HS_RULES_NYT, 6);
  assert_problems(r, (const char *const[]){ TR ":17: a second line for ⬜🟨⬜🟨⬜ (first on line 16)", NULL });
  hs_verify_report_free(r);

  g_autofree char *unknown = variant(good_tr, "spare ✓", "sparx ✓");
  r = run(unknown, HS_RULES_NYT, 6);
  assert_problems(r, (const char *const[]){ TR ":16: 'sparx' is not an allowed word", NULL });
  hs_verify_report_free(r);

  r = run(good_tr, HS_RULES_NYT, 3);
  assert_problems(r, (const char *const[]){ TR ":6: 'snare' needs 4 guesses (more than 3)",
                                            TR ":8: 'share' needs 4 guesses (more than 3)",
                                            TR ":11: 'state' needs 4 guesses (more than 3)",
                                            TR ":14: 'irate' needs 4 guesses (more than 3)", NULL });
  hs_verify_report_free(r);
}

/* The drawing must be consistent: prefixes, connectors, depth, tokens. */
static void
test_parse_errors(void **state)
{
  (void)state;
  g_autofree char *bar = variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane", "   ├─ ⬜⬜🟩⬜🟩 crane");
  assert_parse_error(bar, 3, "bad indentation: column 1 should be '│' (line 2 is drawn with '├─')");
  g_autofree char *space =
    variant(good_tr, "   └─ 🟩🟩🟩⬜🟩 share", "│  └─ 🟩🟩🟩⬜🟩 share");
  assert_parse_error(space, 8, "bad indentation: column 4 should be ' ' (line 7 is drawn with '└─')");
  g_autofree char *after_last =
    variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  └─ ⬜⬜🟩⬜🟩 crane");
  assert_parse_error(after_last, 4, "line 3 is drawn with '└─' (the last at its level), but this line follows it");
  g_autofree char *not_last = variant(good_tr, "└─ 🟨🟨⬜⬜🟨 skate", "├─ 🟨🟨⬜⬜🟨 skate");
  assert_parse_error(not_last, 21, "drawn with '├─' but no line follows at its level");
  g_autofree char *inner =
    variant(good_tr, "│     └─ 🟩🟩🟩⬜🟩 share", "│     ├─ 🟩🟩🟩⬜🟩 share");
  assert_parse_error(inner, 8, "drawn with '├─' but no line follows at its level");
  g_autofree char *deep =
    variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  │  ├─ ⬜⬜🟩⬜🟩 crane");
  assert_parse_error(deep, 3, "bad indentation: deeper than a child of the line above");
  g_autofree char *connector =
    variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  ─ ⬜⬜🟩⬜🟩 crane");
  assert_parse_error(connector, 3, "bad indentation: expected '├─ ' or '└─ ' at column 4");
  g_autofree char *count = variant(good_tr, "shade (7)", "shade (7");
  assert_parse_error(count, 2, "expected 'PATTERN GUESS (N)' or 'PATTERN GUESS ✓'");
  g_autofree char *tiles = variant(good_tr, "⬜⬜🟩⬜🟩 crane", "⬜⬜🟩⬜ crane");
  assert_parse_error(tiles, 3, "'⬜⬜🟩⬜' is not a pattern of 5 tiles");
  g_autofree char *green = variant(good_tr, "⬜🟨⬜🟨⬜ spare", "🟩🟩🟩🟩🟩 spare");
  assert_parse_error(green, 16, "🟩🟩🟩🟩🟩 has no line of its own");
  g_autofree char *below = variant(good_tr, "scare (2)", "scare ✓");
  assert_parse_error(below, 6, "line 5 is marked ✓ (solved), so nothing can be below it");
  g_autofree char *no_root = variant(good_tr, "kempt (20)\n", "");
  assert_parse_error(no_root, 1, "a tree outline starts with 'OPENER (N)'");
  const char *deeper = "kempt (20)\n├─ ⬜🟨⬜⬜⬜ shade (7)\n";
  GString *s = g_string_new(deeper);
  g_autoptr(GString) prefix = g_string_new("│  ");
  for (guint d = 2; d <= 66; d++) {
    g_string_append_printf(s, "%s└─ ⬜🟨⬜⬜⬜ shade (7)\n", prefix->str);
    g_string_append(prefix, "   ");
  }
  g_autofree char *too_deep = g_string_free(s, FALSE);
  assert_parse_error(too_deep, 66, "the outline is deeper than 64 guesses (the verifier's limit)");
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_accept),
    cmocka_unit_test(test_every_written_format_reads_back),
    cmocka_unit_test(test_accept_engine_files),
    cmocka_unit_test(test_reject_counts_and_children),
    cmocka_unit_test(test_reject_words_rules_and_cap),
    cmocka_unit_test(test_parse_errors),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
