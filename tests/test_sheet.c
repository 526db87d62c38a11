/* Tests for the cheat sheets (src/report/sheet.c) and for reading a verified file back into a tree: the
 * verifier's per-answer paths and hs_strategy_from_paths. Run from the repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

#define DATA HS_TEST_DATA

HS_TEST_GROUP_WORDS(tiny, hs_test_tiny())

static char *
slurp(const char *path)
{
  char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, NULL))
    return NULL;
  return text;
}

/* Verifies TEXT against W and builds the tree from the verified paths. */
static HsStrategy *
tree_of(const HsWords *w, HsRules rules, const char *text, HsVerifyReport **report_out)
{
  HsVerifyReport *r = NULL;
  GError *error = NULL;
  /* A cap of 0 is the verifier's own limit: the round trips below include strategies over six. */
  assert_true(hs_verify_text(w, rules, 0, text, strlen(text), "t", &r, &error));
  for (guint i = 0; i < r->problems->len; i++)
    print_message("problem: %s\n", (const char *)r->problems->pdata[i]);
  assert_true(r->ok);
  HsStrategy *s = hs_strategy_from_paths(w, rules, 6, r->paths, &error);
  if (s == NULL)
    fail_msg("%s", error->message);
  if (report_out != NULL)
    *report_out = r;
  else
    hs_verify_report_free(r);
  return s;
}

/* The tree's own layout rules: root first, children contiguous after their parent, sorted by
 * pattern, candidates in canonical order and partitioned among the children. */
static void
check_layout(const HsStrategy *s)
{
  assert_true(s->n_nodes > 0);
  assert_int_equal(s->nodes[0].parent, HS_NONE);
  for (guint i = 0; i < s->n_nodes; i++) {
    const HsNode *n = &s->nodes[i];
    for (guint k = 1; k < n->n_cands; k++)
      assert_true(s->cands[n->cand_off + k - 1] < s->cands[n->cand_off + k]);
    guint sum = hs_strategy_node_solves(s, n) ? 1 : 0;
    for (guint k = 0; k < n->n_children; k++) {
      const HsNode *c = &s->nodes[n->first_child + k];
      assert_int_equal(c->parent, i);
      assert_int_equal(c->depth, n->depth + 1);
      assert_true(n->first_child + k > i);
      if (k > 0)
        assert_true(s->nodes[n->first_child + k - 1].pattern < c->pattern);
      for (guint j = 0; j < c->n_cands; j++)
        assert_int_equal(hs_feedback(s->words->text[n->guess], s->words->text[s->cands[c->cand_off + j]]), c->pattern);
      sum += c->n_cands;
    }
    assert_int_equal(sum, n->n_cands);
  }
}

static void
test_report_paths(void **state)
{
  (void)state;
  g_autofree char *text = slurp(DATA "verify/good.per-word.txt");
  assert_non_null(text);
  HsVerifyReport *r = NULL;
  g_autoptr(HsStrategy) s = tree_of(tiny, HS_RULES_NYT, text, &r);
  assert_int_equal(r->paths->len, tiny->n_answers);
  const GArray *share = r->paths->pdata[hs_words_lookup(tiny, "share")];
  assert_non_null(share);
  const char *want[] = { "kempt", "shade", "shave", "share" };
  assert_int_equal(share->len, G_N_ELEMENTS(want));
  for (guint i = 0; i < share->len; i++)
    assert_string_equal(tiny->text[g_array_index(share, guint32, i)], want[i]);
  assert_memory_equal(s->hist.count, r->hist, sizeof s->hist.count);
  assert_true(s->complete);
  assert_int_equal(s->n_solved, 20);
  check_layout(s);
  hs_verify_report_free(r);

  /* An answer missing from the file has no path. */
  g_autofree char *missing = slurp(DATA "verify/missing.per-word.txt");
  assert_non_null(missing);
  GError *error = NULL;
  assert_true(hs_verify_text(tiny, HS_RULES_NYT, 6, missing, strlen(missing), "m", &r, &error));
  assert_false(r->ok);
  assert_null(r->paths->pdata[hs_words_lookup(tiny, "state")]);
  assert_non_null(r->paths->pdata[hs_words_lookup(tiny, "shade")]);
  hs_verify_report_free(r);
}

/* Writing a greedy tree, verifying the text and reading the tree back gives the same strategy: every
 * writer produces the same bytes for both. */
static void
roundtrip(const HsWords *w, HsRules rules, const HsStrategy *built)
{
  /* Published (verified) when it can be; strategies over the cap are written as drafts. */
  HsTestInfo info = { built->complete && built->n_over == 0, "lists", "policy" };
  g_autofree char *pw = hs_test_write(built, HS_FORMAT_PER_WORD, &info);
  g_autoptr(HsStrategy) back = tree_of(w, rules, pw, NULL);
  check_layout(back);
  assert_true(hs_histogram_equal(&back->hist, &built->hist));
  assert_int_equal(back->n_nodes, built->n_nodes);
  back->max_guesses = built->max_guesses;
  static const HsFormat formats[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON };
  for (guint i = 0; i < G_N_ELEMENTS(formats); i++) {
    g_autofree char *a = hs_test_write(built, formats[i], &info);
    g_autofree char *b = hs_test_write(back, formats[i], &info);
    assert_string_equal(a, b);
  }
  /* The other formats read back to the same tree too. */
  g_autofree char *json = hs_test_write(built, HS_FORMAT_JSON, &info);
  g_autoptr(HsStrategy) from_json = tree_of(w, rules, json, NULL);
  g_autofree char *bp = hs_test_write(built, HS_FORMAT_BY_PATTERN, &info);
  g_autoptr(HsStrategy) from_bp = tree_of(w, rules, bp, NULL);
  g_autofree char *t1 = hs_test_write(from_json, HS_FORMAT_TREE, &info);
  g_autofree char *t2 = hs_test_write(from_bp, HS_FORMAT_TREE, &info);
  g_autofree char *t0 = hs_test_write(built, HS_FORMAT_TREE, &info);
  assert_string_equal(t1, t0);
  assert_string_equal(t2, t0);
}

static void
test_from_paths_matches_greedy(void **state)
{
  (void)state;
  g_autoptr(HsTable) table = hs_table_new(tiny, TRUE);
  const char *openers[] = { "kempt", "crane", "salet", "howls" };
  for (guint i = 0; i < G_N_ELEMENTS(openers); i++) {
    HsPolicy p;
    hs_policy_init(&p);
    g_autoptr(HsStrategy) s = hs_greedy_build(table, hs_words_lookup(tiny, openers[i]), &p, NULL);
    assert_non_null(s);
    assert_int_equal(s->n_solved, tiny->n_answers);
    roundtrip(tiny, p.rules, s);
  }
}

/* The committed 2022 strategy reads back into the tree that wrote it. */
static void
test_committed_strategy(void **state)
{
  (void)state;
  g_autofree char *text = slurp("output/howls-tkihira2022/howls.per-word.txt");
  g_autofree char *bp = slurp("output/howls-tkihira2022/howls.by-pattern.txt");
  g_autoptr(HsWords) w = hs_words_load_set("original", NULL);
  if (text == NULL || bp == NULL || w == NULL)
    skip();
  /* make run wrote it with the 2022 solver's answer order (candidates are listed in that order). */
  assert_true(hs_words_apply_order(w, "tkihira2022", NULL));
  g_autoptr(HsStrategy) s = tree_of(w, HS_RULES_STRICT, text, NULL);
  check_layout(s);
  assert_int_equal(s->hist.count[6], 31);
  assert_int_equal(s->nodes[0].n_children, 80);
  /* The by-pattern body (everything after the header) is what the solver wrote. */
  HsTestInfo info = { TRUE, "original", "x" };
  g_autofree char *mine = hs_test_write(s, HS_FORMAT_BY_PATTERN, &info);
  const char *body_a = strstr(mine, "\n\n"), *body_b = strstr(bp, "\n\n");
  assert_non_null(body_a);
  assert_non_null(body_b);
  assert_string_equal(body_a, body_b);
}

static void
path_free(gpointer p)
{
  if (p != NULL)
    g_array_unref(p);
}

/* The paths of LINES ("ANSWER: GUESS GUESS ...", NULL-terminated), indexed by answer. */
static GPtrArray *
paths_from(const char *const *lines)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func(path_free);
  for (guint i = 0; lines[i] != NULL; i++) {
    g_auto(GStrv) parts = g_strsplit(lines[i], ": ", 2);
    g_auto(GStrv) guesses = g_strsplit(parts[1], " ", -1);
    guint a = hs_words_lookup(tiny, parts[0]);
    assert_int_not_equal(a, HS_NONE);
    while (paths->len <= a)
      g_ptr_array_add(paths, NULL);
    GArray *g = g_array_new(FALSE, FALSE, sizeof(guint32));
    for (guint k = 0; guesses[k] != NULL; k++) {
      guint32 x = hs_words_lookup(tiny, guesses[k]);
      assert_int_not_equal(x, HS_NONE);
      g_array_append_val(g, x);
    }
    paths->pdata[a] = g;
  }
  return paths;
}

static void
test_from_paths_errors(void **state)
{
  (void)state;
  /* Refused sets of paths, with what the error says (NULL: only that there is one). */
  static const struct {
    const char *lines[3];
    const char *what;
  } refused[] = {
    { { NULL }, "solves no answer" },
    /* shade and shave both see kempt ⬜🟨⬜⬜⬜, then two different guesses. */
    { { "shade: kempt shade", "shave: kempt shave", NULL }, "after the same history" },
    { { "shade: kempt shade", "shake: salet shake", NULL }, NULL },
    { { "shade: kempt shake", NULL }, "does not end with it" },
  };
  GError *error = NULL;
  for (guint i = 0; i < G_N_ELEMENTS(refused); i++) {
    g_autoptr(GPtrArray) paths = paths_from(refused[i].lines);
    assert_null(hs_strategy_from_paths(tiny, HS_RULES_NYT, 6, paths, &error));
    assert_non_null(error);
    if (refused[i].what != NULL && strstr(error->message, refused[i].what) == NULL)
      fail_msg("'%s' does not say '%s'", error->message, refused[i].what);
    g_clear_error(&error);
  }

  /* A partial tree is fine, just not complete; over-the-cap answers are counted. */
  g_autoptr(GPtrArray) partial =
    paths_from((const char *const[]){ "shade: kempt shade", "shave: kempt shade shave", NULL });
  g_autoptr(HsStrategy) s = hs_strategy_from_paths(tiny, HS_RULES_NYT, 2, partial, &error);
  assert_non_null(s);
  assert_false(s->complete);
  assert_int_equal(s->n_solved, 2);
  assert_int_equal(s->n_over, 1);
  assert_string_equal(tiny->text[s->over_answers[0]], "shave");
}

static guint
count(const char *hay, const char *needle)
{
  guint n = 0;
  for (const char *p = strstr(hay, needle); p != NULL; p = strstr(p + 1, needle))
    n++;
  return n;
}

/* TEXT contains every string of WANT and none of AVOID (both NULL-terminated; either may be NULL). */
static void
assert_mentions(const char *text, const char *const *want, const char *const *avoid)
{
  for (guint i = 0; want != NULL && want[i] != NULL; i++)
    if (strstr(text, want[i]) == NULL)
      fail_msg("'%s' is missing", want[i]);
  for (guint i = 0; avoid != NULL && avoid[i] != NULL; i++)
    if (strstr(text, avoid[i]) != NULL)
      fail_msg("'%s' should not be there", avoid[i]);
}

/* The sheet of S, published first (the verifier must accept it). */
static char *
sheet_of(const HsStrategy *s, HsSheetFormat format, const HsSheetInfo *info)
{
  g_autoptr(HsPublished) p = hs_publish(s, NULL, NULL, 0);
  assert_true(hs_published_verified(p));
  GError *error = NULL;
  char *text = hs_sheet_write(p, format, info, &error);
  if (text == NULL)
    fail_msg("%s", error->message);
  return text;
}

static HsStrategy *
kempt(void)
{
  g_autofree char *text = slurp(DATA "verify/good.per-word.txt");
  assert_non_null(text);
  return tree_of(tiny, HS_RULES_NYT, text, NULL);
}

static void
test_html(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = kempt();
  HsSheetInfo info = { "tiny", "good.per-word.txt", HS_PAPER_A4 };
  g_autofree char *html = sheet_of(s, HS_SHEET_HTML, &info);
  assert_true(g_str_has_prefix(html, "<!DOCTYPE html>"));
  assert_true(g_str_has_suffix(html, "</html>\n"));
  /* Print CSS: the paper, rows kept whole, big sections on their own page, colours printed.
   * Self-contained: no scripts, links, images or fonts from anywhere. */
  assert_mentions(html,
                  (const char *const[]){ "@page{size:A4;", "tr{break-inside:avoid}", ".how{break-inside:avoid",
                                         "print-color-adjust:exact", NULL },
                  (const char *const[]){ "<script", "<link", "<img", "http", "url(", NULL });
  /* Every answer is named, as a guess in bold. */
  for (guint a = 0; a < tiny->n_answers; a++) {
    g_autofree char *b = g_strdup_printf("<b>%s</b>", tiny->text[a]);
    g_autofree char *go = g_strdup_printf("\"go\">%s</span>", tiny->text[a]);
    if (strstr(html, b) == NULL && strstr(html, go) == NULL)
      fail_msg("'%s' is not on the sheet", tiny->text[a]);
  }
  /* One section per first pattern that needs rows, numbered in pattern order and linked from page 1;
   * one row per node below them, less the answer a pair row names after "else". */
  const HsNode *root = &s->nodes[0];
  guint sections = 0, pairs = 0;
  for (guint i = 1; i < s->n_nodes; i++) {
    const HsNode *n = &s->nodes[i];
    gboolean pair = n->n_cands == 2 && n->n_children == 1 && hs_strategy_node_solves(s, n);
    pairs += pair;
    sections += n->depth == 1 && n->n_children > 0 && !pair;
  }
  assert_true(sections > 0);
  assert_int_equal(count(html, "<section class=\"sec"), sections);
  assert_int_equal(count(html, "<tr class=\"d"), s->n_nodes - 1 - root->n_children - pairs);
  for (guint k = 1; k <= sections + 1; k++) {
    g_autofree char *id = g_strdup_printf("id=\"s%u\"", k);
    g_autofree char *link = g_strdup_printf("<a href=\"#s%u\">%u</a>", k, k);
    assert_true((strstr(html, id) != NULL) == (k <= sections));
    assert_true((strstr(html, link) != NULL) == (k <= sections));
  }
  /* The legend explains every notation of the rows. */
  assert_mentions(html,
                  (const char *const[]){ "The first two guesses", "How to read the sections",
                                         "<span class=\"few\">else</span>", "<span class=\"few\">or ",
                                         "<span class=\"few\">left: ", "the only word left", NULL },
                  NULL);
  /* Tiles: letters in coloured squares (no emoji), and the legend. The header: opener, lists, rules,
   * histogram, the worked example. */
  guint a = hs_sheet_example_answer(s);
  g_autofree char *ex = g_strdup_printf("Say the hidden word is <b>%s</b>.", tiny->text[a]);
  assert_mentions(html,
                  (const char *const[]){ "<span class=\"t g\">", "yellow circle",
                                         "Open with <span class=\"go\">kempt</span>", "(tiny lists)", "NYT rule",
                                         "<td>4 guesses</td><td class=\"n\">4</td>", ex, NULL },
                  (const char *const[]){ "🟩", NULL });
  /* Letter and auto paper. */
  info.paper = HS_PAPER_LETTER;
  g_autofree char *letter = sheet_of(s, HS_SHEET_HTML, &info);
  assert_non_null(strstr(letter, "@page{size:letter;"));
  info.paper = HS_PAPER_AUTO;
  g_autofree char *any = sheet_of(s, HS_SHEET_HTML, &info);
  assert_non_null(strstr(any, "@page{margin:"));
}

static void
test_example_answer(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = kempt();
  guint mode = 1;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (s->hist.count[d] > s->hist.count[mode])
      mode = d;
  guint a = hs_sheet_example_answer(s);
  assert_int_not_equal(a, HS_NONE);
  guint32 path[HS_DEPTH_LIMIT];
  assert_int_equal(hs_strategy_path(s, a, path), mode);
  assert_int_not_equal(hs_feedback(tiny->text[path[0]], tiny->text[a]), 0);
}

static void
test_markdown(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = kempt();
  HsSheetInfo info = { "tiny", NULL, HS_PAPER_AUTO };
  g_autofree char *md = sheet_of(s, HS_SHEET_MARKDOWN, &info);
  /* One heading per history that still needs a choice (every node with children), the root first. */
  guint internal = 0;
  for (guint i = 0; i < s->n_nodes; i++)
    internal += s->nodes[i].n_children > 0;
  assert_int_equal(count(md, "\n## "), internal);
  /* Seven answers see kempt ⬜🟨⬜⬜⬜; the heading for that history plays shade. */
  assert_mentions(
    md,
    (const char *const[]){
      "\n## start\n\nPlay **kempt** (guess 1; 20 answers left).\n",
      "\n## kempt ⬜🟨⬜⬜⬜\n\nPlay **shade** (guess 2; 7 answers left).\n\n"
      "| shade shows | next guess | answers left |\n|---|---|---|\n"
      "| ⬜⬜🟩⬜🟩 | **crane** ✓ | 1 |\n",
      "| 🟩🟩🟩⬜🟩 | shave | 2: shave share |\n",
      "\n## kempt ⬜🟨⬜⬜⬜ shade 🟩🟩🟩⬜🟩\n\nPlay **shave** (guess 3; 2 answers left).",
      "| 🟩🟩🟩⬜🟩 | **share** ✓ | 1 |\n", "| 4 | 4 |\n", NULL },
    NULL);
  /* Table rows: one per node below the root. */
  assert_int_equal(count(md, "\n| ⬜") + count(md, "\n| 🟨") + count(md, "\n| 🟩"), s->n_nodes - 1);
}

static void
test_parse(void **state)
{
  (void)state;
  HsSheetFormat f;
  HsPaper p;
  assert_true(hs_sheet_format_parse("markdown", &f, NULL));
  assert_int_equal(f, HS_SHEET_MARKDOWN);
  assert_true(hs_sheet_format_parse("html", &f, NULL));
  assert_int_equal(f, HS_SHEET_HTML);
  g_autoptr(GError) e = NULL;
  assert_false(hs_sheet_format_parse("pdf", &f, &e));
  assert_true(g_error_matches(e, HS_SHEET_ERROR, HS_SHEET_ERROR_UNKNOWN));
  g_clear_error(&e);
  assert_true(hs_sheet_paper_parse("A4", &p, NULL));
  assert_int_equal(p, HS_PAPER_A4);
  assert_true(hs_sheet_paper_parse("letter", &p, NULL));
  assert_false(hs_sheet_paper_parse("legal", &p, &e));
  assert_true(g_error_matches(e, HS_SHEET_ERROR, HS_SHEET_ERROR_UNKNOWN));
  assert_string_equal(hs_sheet_extension(HS_SHEET_MARKDOWN), "sheet.md");
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_report_paths),
    cmocka_unit_test(test_from_paths_matches_greedy),
    cmocka_unit_test(test_committed_strategy),
    cmocka_unit_test(test_from_paths_errors),
    cmocka_unit_test(test_html),
    cmocka_unit_test(test_example_answer),
    cmocka_unit_test(test_markdown),
    cmocka_unit_test(test_parse),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
