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
    HsVerifyReport *r = run(good_tr, (HsRules)rules, rules == HS_RULES_NYT ? 6 : 4, TR);
    assert_kempt_stats(r, HS_STRATEGY_FILE_TREE);
    assert_null(r->lists_hint);
    assert_null(r->rules_hint);
    /* The same paths as the per-word file of the same strategy. */
    HsVerifyReport *pw = run(good_pw, (HsRules)rules, 6, PW);
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
  HsVerifyReport *first = run(good_pw, HS_RULES_NYT, 6, PW);
  assert_true(first->ok);
  GError *error = NULL;
  g_autoptr(HsStrategy) s = hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, first->paths, &error);
  assert_non_null(s);
  HsTestInfo info = { TRUE, "tiny", NULL };
  const HsFormat formats[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON };
  const HsStrategyFileKind kinds[] = { HS_STRATEGY_FILE_BY_PATTERN, HS_STRATEGY_FILE_PER_WORD, HS_STRATEGY_FILE_TREE,
                                       HS_STRATEGY_FILE_JSON };
  for (guint i = 0; i < G_N_ELEMENTS(formats); i++) {
    g_autofree char *text = hs_test_write(s, formats[i], &info);
    HsVerifyReport *r = run(text, HS_RULES_NYT, 6, hs_format_name(formats[i]));
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
  assert_rejected(count, HS_RULES_NYT, 6, TR,
                  (const char *const[]){ TR ":2: says (6) but 7 answers reach this line", NULL });

  g_autofree char *missing = variant(good_tr, "│  ├─ ⬜⬜🟩⬜🟩 crane ✓\n", "");
  assert_rejected(
    missing, HS_RULES_NYT, 6, TR,
    (const char *const[]){ TR ":2: 'crane' is not solved: 'shade' has no child ⬜⬜🟩⬜🟩", NULL });

  g_autofree char *pattern = variant(good_tr, "⬜⬜🟩⬜🟩 crane", "⬜⬜🟩🟩🟩 crane");
  assert_rejected(pattern, HS_RULES_NYT, 6, TR,
                  (const char *const[]){ TR ":2: 'crane' is not solved: 'shade' has no child ⬜⬜🟩⬜🟩",
                                         TR ":3: no answer reaches this line", NULL });

  /* scare marked ✓ while snare reaches it too. */
  g_autofree char *solved =
    variant(good_tr, "│  ├─ 🟩⬜🟩⬜🟩 scare (2)\n│  │  └─ 🟩⬜🟩🟩🟩 snare ✓\n",
            "│  ├─ 🟩⬜🟩⬜🟩 scare ✓\n");
  assert_rejected(solved, HS_RULES_NYT, 6, TR,
                  (const char *const[]){ TR ":5: 'snare' is not solved: 'scare' has no child 🟩⬜🟩🟩🟩",
                                         TR ":5: is marked ✓ (one answer left) but 2 answers reach this line", NULL });
}

static void
test_reject_words_rules_and_cap(void **state)
{
  (void)state;
  /* howls before shake drops the yellow k and e. */
  g_autofree char *hard = variant(good_tr, "├─ 🟨🟨⬜⬜⬜ shake ✓\n",
                                  "├─ 🟨🟨⬜⬜⬜ howls (1)\n│  └─ 🟨⬜⬜⬜🟨 shake ✓\n");
  HsVerifyReport *r = run(hard, HS_RULES_NYT, 6, TR);
  assert_problems(
    r, (const char *const[]){
         TR ":20: 'howls' breaks hard mode (nyt) after kempt 🟨🟨⬜⬜⬜: it must contain 'k'", NULL });
  assert_int_equal(r->hist[3], 9);
  hs_verify_report_free(r);

  g_autofree char *dup = variant(good_tr, "├─ ⬜🟨⬜🟨⬜ spare ✓\n",
                                 "├─ ⬜🟨⬜🟨⬜ spare ✓\n├─ ⬜🟨⬜🟨⬜ spare ✓\n");
  assert_rejected(dup, HS_RULES_NYT, 6, TR,
                  (const char *const[]){ TR ":17: a second line for ⬜🟨⬜🟨⬜ (first on line 16)", NULL });

  g_autofree char *unknown = variant(good_tr, "spare ✓", "sparx ✓");
  assert_rejected(unknown, HS_RULES_NYT, 6, TR,
                  (const char *const[]){ TR ":16: 'sparx' is not an allowed word", NULL });

  assert_rejected(good_tr, HS_RULES_NYT, 3, TR,
                  (const char *const[]){ TR ":6: 'snare' needs 4 guesses (more than 3)",
                                         TR ":8: 'share' needs 4 guesses (more than 3)",
                                         TR ":11: 'state' needs 4 guesses (more than 3)",
                                         TR ":14: 'irate' needs 4 guesses (more than 3)", NULL });
}

/* The drawing must be consistent: prefixes, connectors, depth, tokens. Each case is good.tree.txt with
 * one edit (OLD becomes NEW), rejected at LINE with WHAT. */
static void
test_parse_errors(void **state)
{
  (void)state;
  static const struct {
    const char *old, *new_text;
    guint line;
    const char *what;
  } cases[] = {
    { "│  ├─ ⬜⬜🟩⬜🟩 crane", "   ├─ ⬜⬜🟩⬜🟩 crane", 3,
      "bad indentation: column 1 should be '│' (line 2 is drawn with '├─')" },
    { "   └─ 🟩🟩🟩⬜🟩 share", "│  └─ 🟩🟩🟩⬜🟩 share", 8,
      "bad indentation: column 4 should be ' ' (line 7 is drawn with '└─')" },
    { "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  └─ ⬜⬜🟩⬜🟩 crane", 4,
      "line 3 is drawn with '└─' (the last at its level), but this line follows it" },
    { "└─ 🟨🟨⬜⬜🟨 skate", "├─ 🟨🟨⬜⬜🟨 skate", 21,
      "drawn with '├─' but no line follows at its level" },
    { "│     └─ 🟩🟩🟩⬜🟩 share", "│     ├─ 🟩🟩🟩⬜🟩 share", 8,
      "drawn with '├─' but no line follows at its level" },
    { "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  │  ├─ ⬜⬜🟩⬜🟩 crane", 3,
      "bad indentation: deeper than a child of the line above" },
    { "│  ├─ ⬜⬜🟩⬜🟩 crane", "│  ─ ⬜⬜🟩⬜🟩 crane", 3,
      "bad indentation: expected '├─ ' or '└─ ' at column 4" },
    { "shade (7)", "shade (7", 2, "expected 'PATTERN GUESS (N)' or 'PATTERN GUESS ✓'" },
    { "⬜⬜🟩⬜🟩 crane", "⬜⬜🟩⬜ crane", 3, "'⬜⬜🟩⬜' is not a pattern of 5 tiles" },
    { "⬜🟨⬜🟨⬜ spare", "🟩🟩🟩🟩🟩 spare", 16, "🟩🟩🟩🟩🟩 has no line of its own" },
    { "scare (2)", "scare ✓", 6, "line 5 is marked ✓ (solved), so nothing can be below it" },
    { "kempt (20)\n", "", 1, "a tree outline starts with 'OPENER (N)'" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *text = variant(good_tr, cases[i].old, cases[i].new_text);
    assert_parse_error(text, strlen(text), TR, cases[i].line, cases[i].what);
  }
  const char *deeper = "kempt (20)\n├─ ⬜🟨⬜⬜⬜ shade (7)\n";
  GString *s = g_string_new(deeper);
  g_autoptr(GString) prefix = g_string_new("│  ");
  for (guint d = 2; d <= 66; d++) {
    g_string_append_printf(s, "%s└─ ⬜🟨⬜⬜⬜ shade (7)\n", prefix->str);
    g_string_append(prefix, "   ");
  }
  g_autofree char *too_deep = g_string_free(s, FALSE);
  assert_parse_error(too_deep, strlen(too_deep), TR, 66,
                     "the outline is deeper than 64 guesses (the verifier's limit)");
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
  int failures = cmocka_run_group_tests(tests, verify_setup, verify_teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
