/* Tests for the strategy writers (src/report/format.c): golden files in tests/data/format/, built on the tiny
 * lists there, plus structural checks (line order, counts) on the original lists. Run from the
 * repository root. Set HS_UPDATE_GOLDEN=1 to rewrite the golden files (then review the diff). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hardsix/report/format.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/strategy.h"
#include "hardsix/core/words.h"
#include "hardsix/verify/verify.h"
#include "hardsix/hardsix.h"
#include "test-common.h"

#define DATA "tests/data/format/"

/* ---- a tiny strategy builder for the tests ---- */

/* Plays GUESS (instead of the first candidate) at every non-root node of more than one candidate that
 * holds WHEN. */
typedef struct {
  const char *when;
  const char *guess;
} Force;

typedef struct {
  guint32 node;
  guint32 *cands;
  guint n;
} Pending;

static guint
pick(const HsWords *w, const guint32 *cands, guint n, const Force *force)
{
  if (force != NULL && n > 1)
    for (guint k = 0; k < n; k++)
      if (strcmp(w->text[cands[k]], force->when) == 0)
        return hs_words_lookup(w, force->guess);
  return cands[0];
}

/* Builds the tree breadth-first (children contiguous and in pattern order): OPENER at the root, then
 * the first candidate at every node unless FORCE says otherwise. Fills the histogram and counters. */
static HsStrategy *
build(const HsWords *w, const char *opener, HsRules rules, guint max_guesses, const Force *force)
{
  HsStrategy *s = hs_strategy_new(w, rules, max_guesses);
  GArray *nodes = g_array_new(FALSE, TRUE, sizeof(HsNode));
  GArray *cands = g_array_new(FALSE, FALSE, sizeof(guint32));
  GQueue queue = G_QUEUE_INIT;

  HsNode root = { 0 };
  root.guess = hs_words_lookup(w, opener);
  root.parent = HS_NONE;
  assert_int_not_equal(root.guess, HS_NONE);
  g_array_append_val(nodes, root);
  Pending *p0 = g_new0(Pending, 1);
  p0->node = 0;
  p0->n = w->n_answers;
  p0->cands = g_new(guint32, w->n_answers);
  for (guint a = 0; a < w->n_answers; a++)
    p0->cands[a] = a;
  g_queue_push_tail(&queue, p0);

  while (!g_queue_is_empty(&queue)) {
    Pending *p = g_queue_pop_head(&queue);
    HsNode *node = &g_array_index(nodes, HsNode, p->node);
    if (p->node != 0)
      node->guess = pick(w, p->cands, p->n, force);
    node->cand_off = cands->len;
    node->n_cands = p->n;
    g_array_append_vals(cands, p->cands, p->n);
    guint guess = node->guess;
    guint depth = node->depth;
    GPtrArray *parts[HS_PATTERNS] = { 0 };
    for (guint k = 0; k < p->n; k++) {
      HsPat pat = hs_feedback(w->text[guess], w->text[p->cands[k]]);
      if (pat == HS_ALL_GREEN) {
        s->hist.count[depth + 1]++;
        s->n_solved++;
        if (depth + 1 > max_guesses)
          s->n_over++;
        continue;
      }
      if (parts[pat] == NULL)
        parts[pat] = g_ptr_array_new();
      g_ptr_array_add(parts[pat], GUINT_TO_POINTER(p->cands[k]));
    }
    node->first_child = nodes->len;
    guint32 parent = p->node;
    for (guint pat = 0; pat < HS_PATTERNS; pat++) {
      if (parts[pat] == NULL)
        continue;
      HsNode child = { 0 };
      child.parent = parent;
      child.pattern = (HsPat)pat;
      child.depth = (guint8)(depth + 1);
      Pending *c = g_new0(Pending, 1);
      c->node = nodes->len;
      c->n = parts[pat]->len;
      c->cands = g_new(guint32, c->n);
      for (guint k = 0; k < c->n; k++)
        c->cands[k] = GPOINTER_TO_UINT(g_ptr_array_index(parts[pat], k));
      g_array_append_val(nodes, child);
      g_array_index(nodes, HsNode, parent).n_children++;
      g_queue_push_tail(&queue, c);
      g_ptr_array_free(parts[pat], TRUE);
    }
    g_free(p->cands);
    g_free(p);
  }
  s->n_nodes = nodes->len;
  s->nodes = (HsNode *)g_array_free(nodes, FALSE);
  s->n_cands_total = cands->len;
  s->cands = (guint32 *)g_array_free(cands, FALSE);
  s->complete = s->n_solved == w->n_answers;
  return s;
}

static HsWords *
tiny_words(void)
{
  g_autoptr(GError) error = NULL;
  HsWords *w = hs_words_load(DATA "answers.txt", DATA "guesses.txt", &error);
  if (w == NULL)
    fail_msg("%s", error->message);
  return w;
}

/* ---- golden comparison ---- */

static void
check_golden(const char *actual, const char *name)
{
  g_autofree char *path = g_strconcat(DATA, name, NULL);
  if (g_strcmp0(g_getenv("HS_UPDATE_GOLDEN"), "1") == 0) {
    g_autoptr(GError) error = NULL;
    if (!g_file_set_contents(path, actual, -1, &error))
      fail_msg("%s", error->message);
    return;
  }
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  if (!g_file_get_contents(path, &expected, NULL, &error))
    fail_msg("%s", error->message);
  if (strcmp(expected, actual) != 0) {
    /* Leave the actual output next to the build for `diff -u`. */
    g_autofree char *base = g_path_get_basename(name);
    g_autofree char *out = g_strconcat("build/tests/", base, ".actual", NULL);
    g_file_set_contents(out, actual, -1, NULL);
    fail_msg("%s differs from the golden text; actual output written to %s", path, out);
  }
}

static void
check_writer(const HsStrategy *s, HsFormat format, const HsTestInfo *info, const char *golden)
{
  g_autofree char *text = hs_test_write(s, format, info);
  assert_non_null(text);
  check_golden(text, golden);
  /* Deterministic: a second call gives the same bytes. */
  g_autofree char *again = hs_test_write(s, format, info);
  assert_string_equal(text, again);
}

static const HsTestInfo verified_info = { TRUE, "tiny", "pool candidates, first candidate (test)" };
static const HsTestInfo unverified_info = { FALSE, "tiny", "pool candidates, first candidate (test)" };

/* ---- names ---- */

static void
test_parse_and_names(void **state)
{
  (void)state;
  static const struct {
    const char *name, *ext;
    HsFormat format;
  } cases[] = {
    { "by-pattern", "by-pattern.txt", HS_FORMAT_BY_PATTERN },
    { "per-word", "per-word.txt", HS_FORMAT_PER_WORD },
    { "tree", "tree.txt", HS_FORMAT_TREE },
    { "json", "json", HS_FORMAT_JSON },
    { "selby", "selby.tree", HS_FORMAT_SELBY },
    { "selby-bare", "selby.tree", HS_FORMAT_SELBY_BARE },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    HsFormat f = HS_FORMAT_JSON;
    g_autoptr(GError) error = NULL;
    assert_true(hs_format_parse(cases[i].name, &f, &error));
    assert_null(error);
    assert_int_equal(f, cases[i].format);
    assert_string_equal(hs_format_name(f), cases[i].name);
    assert_string_equal(hs_format_extension(f), cases[i].ext);
  }
  const char *bad[] = { "", "text", "JSON ", "bypattern", "sheet" };
  for (guint i = 0; i < G_N_ELEMENTS(bad); i++) {
    HsFormat f;
    g_autoptr(GError) error = NULL;
    assert_false(hs_format_parse(bad[i], &f, &error));
    assert_true(g_error_matches(error, HS_FORMAT_ERROR, HS_FORMAT_ERROR_UNKNOWN));
    assert_non_null(strstr(error->message, "by-pattern, per-word, tree, json, selby, selby-bare or habara-json"));
  }
  HsFormat f;
  g_autoptr(GError) error = NULL;
  assert_false(hs_format_parse(NULL, &f, &error));
  /* -o DIR writes these, one file each (selby-bare would overwrite selby's file). */
  assert_int_equal(hs_format_n_all, 5);
  assert_int_equal(hs_format_all[4], HS_FORMAT_SELBY);
  g_autoptr(HsWords) w = tiny_words();
  g_autofree char *exts = hs_format_extensions_for(w);
  assert_string_equal(exts, "by-pattern.txt,per-word.txt,tree.txt,json,selby.tree");
  /* Other games have no selby outline: four letters, a letter outside a-z, short guesses. */
  const char *const games[][2] = { { "abcd\nbcde\n", "cdef\n" },
                                   { "abcde\nbcdef\n", "cdef\xc3\xb1\n" },
                                   { "\xe3\x83\xa9\xe3\x83\xb3\xe3\x82\xaf\xe3\x83\xab\xe3\x82\xb9\n",
                                     "\xe3\x82\xa2\n" } };
  for (guint i = 0; i < G_N_ELEMENTS(games); i++) {
    g_autoptr(HsWords) g =
      hs_words_parse_game(games[i][0], strlen(games[i][0]), "a", games[i][1], strlen(games[i][1]), "g", i == 2, NULL);
    assert_non_null(g);
    assert_false(hs_format_supports(HS_FORMAT_SELBY, g));
    assert_true(hs_format_supports(HS_FORMAT_JSON, g));
    g_autofree char *e = hs_format_extensions_for(g);
    assert_string_equal(e, "by-pattern.txt,per-word.txt,tree.txt,json");
  }
}

/* ---- golden files: opener howls (not an answer), every later guess a candidate ---- */

static void
test_howls_golden(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_STRICT, 6, NULL);
  assert_true(s->complete);
  assert_int_equal(s->n_over, 0);
  check_writer(s, HS_FORMAT_BY_PATTERN, &verified_info, "howls.by-pattern.txt");
  check_writer(s, HS_FORMAT_PER_WORD, &verified_info, "howls.per-word.txt");
  check_writer(s, HS_FORMAT_TREE, &verified_info, "howls.tree.txt");
  check_writer(s, HS_FORMAT_JSON, &verified_info, "howls.json");
  check_writer(s, HS_FORMAT_SELBY, &verified_info, "howls.selby.tree");
  check_writer(s, HS_FORMAT_SELBY_BARE, &verified_info, "howls.bare.selby.tree");
}

/* Opener shade is an answer: its solved line comes first. */
static void
test_opener_is_answer_golden(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  g_autoptr(HsStrategy) s = build(w, "shade", HS_RULES_NYT, 6, NULL);
  s->policy = g_strdup("policy from the strategy");
  HsTestInfo info = { TRUE, NULL, NULL }; /* lists and policy fall back to the strategy's */
  check_writer(s, HS_FORMAT_BY_PATTERN, &info, "shade.by-pattern.txt");
  check_writer(s, HS_FORMAT_PER_WORD, &info, "shade.per-word.txt");
  check_writer(s, HS_FORMAT_TREE, &info, "shade.tree.txt");
  check_writer(s, HS_FORMAT_JSON, &info, "shade.json");
  check_writer(s, HS_FORMAT_SELBY_BARE, &info, "shade.bare.selby.tree");
}

/* A node below the root whose guess is not a candidate (no solved line, no ✓), and a cap of 4 that
 * puts answers over: NOT verified, naming them. (flimp after howls 🟨⬜⬜⬜⬜ also breaks the NYT rule;
 * the writers do not check rules, the verifier does.) */
static void
test_not_verified_golden(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  Force force = { "fight", "flimp" };
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_NYT, 4, &force);
  assert_true(s->complete);
  assert_true(s->n_over > 0);
  HsTestInfo info = { FALSE, "tiny", NULL };
  check_writer(s, HS_FORMAT_BY_PATTERN, &info, "capped.by-pattern.txt");
  check_writer(s, HS_FORMAT_PER_WORD, &info, "capped.per-word.txt");
  check_writer(s, HS_FORMAT_TREE, &info, "capped.tree.txt");
  check_writer(s, HS_FORMAT_JSON, &info, "capped.json");
  check_writer(s, HS_FORMAT_SELBY, &info, "capped.selby.tree");
}

static char *
status_line(const char *text)
{
  const char *p = strstr(text, "# status: ");
  assert_non_null(p);
  const char *end = strchr(p, '\n');
  assert_non_null(end);
  return g_strndup(p, (gsize)(end - p));
}

/* Status wording: incomplete trees, many answers over the cap (at most 10 named), no reason known. */
static void
test_status_lines(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  HsTestInfo info = { FALSE, "tiny", NULL };

  /* Cut the children of the node howls 🟨⬜⬜⬜⬜ → tight (candidates tight, fight, might, night): three
   * answers unsolved. The cut nodes stay in the array but are unreachable; the histogram is recounted
   * over the reachable ones. */
  g_autoptr(HsStrategy) cut = build(w, "howls", HS_RULES_STRICT, 6, NULL);
  HsNode *root = &cut->nodes[0];
  gboolean found = FALSE;
  for (guint k = 0; k < root->n_children; k++) {
    HsNode *c = &cut->nodes[root->first_child + k];
    if (strcmp(w->text[c->guess], "tight") == 0) {
      c->n_children = 0;
      found = TRUE;
    }
  }
  assert_true(found);
  memset(&cut->hist, 0, sizeof cut->hist);
  cut->n_solved = 0;
  for (guint i = 0; i < cut->n_nodes; i++) {
    const HsNode *n = &cut->nodes[i];
    gboolean reachable = TRUE;
    for (guint32 q = n->parent, c = i; q != HS_NONE; c = q, q = cut->nodes[q].parent) {
      const HsNode *pq = &cut->nodes[q];
      if (c < pq->first_child || c >= pq->first_child + pq->n_children)
        reachable = FALSE;
    }
    if (reachable && hs_strategy_node_solves(cut, n)) {
      cut->hist.count[n->depth + 1]++;
      cut->n_solved++;
    }
  }
  cut->complete = FALSE;
  {
    g_autofree char *text = hs_test_write(cut, HS_FORMAT_BY_PATTERN, &info);
    g_autofree char *st = status_line(text);
    assert_string_equal(st, "# status: NOT verified: tree incomplete, 3 answers not solved (fight, might, night)");
    /* The cut nodes are no longer written. */
    assert_null(strstr(text, "{fight}"));
    g_autofree char *per_word = hs_test_write(cut, HS_FORMAT_PER_WORD, &info);
    assert_null(strstr(per_word, "\nfight:"));
    assert_null(strstr(per_word, "\nmight:"));
    assert_null(strstr(per_word, "\nnight:"));
    assert_non_null(strstr(per_word, "\ntight: [howls] => 🟨⬜⬜⬜⬜ / [tight] => 🟩🟩🟩🟩🟩 /\n"));
    /* Both problems at once. */
    cut->max_guesses = 3;
    g_autofree char *text3 = hs_test_write(cut, HS_FORMAT_BY_PATTERN, &info);
    g_autofree char *st3 = status_line(text3);
    assert_true(g_str_has_prefix(st3, "# status: NOT verified: "));
    assert_non_null(strstr(st3, " over 3 guesses ("));
    assert_true(g_str_has_suffix(st3, "; tree incomplete, 3 answers not solved (fight, might, night)"));
    cut->max_guesses = 6;
  }

  /* A cap of 1: every answer is over; ten are named, in canonical order, then "and 2 more". */
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_STRICT, 1, NULL);
  {
    g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, &info);
    g_autofree char *st = status_line(text);
    assert_string_equal(st, "# status: NOT verified: 12 answers over 1 guess (tight, shade, crane, fight, "
                            "shake, light, might, shame, night, shape, and 2 more)");
  }

  /* Nothing visibly wrong: a draft was not checked; published, the checks refused it (its answers
   * over the cap were counted under the cap of 1). */
  s->max_guesses = 6;
  {
    g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, &info);
    g_autofree char *st = status_line(text);
    assert_string_equal(st, "# status: NOT verified: not checked by the verifier");
    const HsFormat f = HS_FORMAT_BY_PATTERN;
    HsFormatInfo fi = { info.lists, info.policy };
    g_autoptr(HsPublished) p = hs_publish(s, &fi, &f, 1);
    assert_false(hs_published_verified(p));
    g_autofree char *st2 = status_line(hs_published_text(p, 0));
    assert_string_equal(st2, "# status: NOT verified: not accepted by the verifier");
  }
  /* No info at all: not verified, lists from the words, no policy line. */
  {
    g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, NULL);
    assert_non_null(strstr(text, "# lists: custom\n# rules: strict\n# max-guesses: 6\n# status: NOT verified"));
    assert_null(strstr(text, "# policy:"));
  }
}

/* An incomplete tree whose unsolved answers are really missing from the tree. */
static void
test_status_incomplete(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_STRICT, 6, NULL);
  /* Drop the last node (a leaf: night, solved at the deepest level) from the array. */
  const HsNode *last = &s->nodes[s->n_nodes - 1];
  assert_int_equal(last->n_children, 0);
  HsNode *parent = &s->nodes[last->parent];
  assert_int_equal(parent->first_child + parent->n_children, s->n_nodes);
  const char *gone = w->text[last->guess];
  g_autofree char *expect = g_strdup_printf("# status: NOT verified: tree incomplete, 1 answer not solved (%s)", gone);
  s->hist.count[last->depth + 1]--;
  s->n_solved--;
  parent->n_children--;
  s->n_nodes--;
  s->complete = FALSE;
  HsTestInfo info = { FALSE, "tiny", NULL };
  g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, &info);
  g_autofree char *st = status_line(text);
  assert_string_equal(st, expect);
}

/* JSON strings are escaped; invalid UTF-8 is replaced; header values stay on one line. */
static void
test_json_escaping(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_STRICT, 6, NULL);
  HsTestInfo info = { TRUE, "my \"lists\"\\x", "a\tb\nc\x01 d \xff é" };
  g_autofree char *json = hs_test_write(s, HS_FORMAT_JSON, &info);
  assert_non_null(strstr(json, "\n  \"lists\": \"my \\\"lists\\\"\\\\x\",\n"));
  assert_non_null(strstr(json, "\n  \"policy\": \"a\\tb\\nc\\u0001 d \xEF\xBF\xBD é\",\n"));
  assert_true(g_utf8_validate(json, -1, NULL));
  g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, &info);
  assert_non_null(strstr(text, "\n# lists: my \"lists\"\\x\n# rules: strict\n"));
  assert_non_null(strstr(text, "\n# policy: a b c  d \xff é\n"));

  /* No policy at all: null. */
  HsTestInfo bare = { FALSE, NULL, NULL };
  g_autofree char *json2 = hs_test_write(s, HS_FORMAT_JSON, &bare);
  assert_non_null(strstr(json2, "\n  \"lists\": \"custom\",\n"));
  assert_non_null(strstr(json2, "\n  \"policy\": null,\n  \"verified\": false,\n"));
}

/* An empty strategy does not crash any writer. */
static void
test_empty_strategy(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = tiny_words();
  g_autoptr(HsStrategy) s = hs_strategy_new(w, HS_RULES_NYT, 6);
  for (int f = HS_FORMAT_BY_PATTERN; f <= HS_FORMAT_SELBY_BARE; f++) {
    g_autofree char *text = hs_test_write(s, (HsFormat)f, &unverified_info);
    assert_non_null(text);
    /* Publishing an empty strategy renders every format, marked NOT verified. */
    const HsFormat one = (HsFormat)f;
    g_autoptr(HsPublished) p = hs_publish(s, NULL, &one, 1);
    assert_false(hs_published_verified(p));
    assert_non_null(hs_published_text(p, 0));
  }
  g_autofree char *json = hs_test_write(s, HS_FORMAT_JSON, NULL);
  assert_non_null(strstr(json, "\"opener\": null"));
  assert_non_null(strstr(json, "\"tree\": null"));
  g_autofree char *tree = hs_test_write(s, HS_FORMAT_TREE, NULL);
  assert_string_equal(tree, "");
  g_autofree char *bare = hs_test_write(s, HS_FORMAT_SELBY_BARE, NULL);
  assert_string_equal(bare, "");
}

/* ---- selby: the published trees of the exact solver, byte for byte ---- */

#define SELBY_DIR "data/reference/selby/"

/* Reads TEXT with the independent verifier (whatever its verdict under RULES: its paths are filled
 * anyway) and rebuilds the strategy those paths form. */
static HsStrategy *
read_back(const HsWords *w, HsRules rules, guint max_guesses, const char *text, const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(HsVerifyReport) r = NULL;
  if (!hs_verify_text(w, rules, max_guesses, text, strlen(text), name, &r, &error))
    fail_msg("%s: %s", name, error->message);
  HsStrategy *s = hs_strategy_from_paths(w, rules, max_guesses, r->paths, &error);
  if (s == NULL)
    fail_msg("%s: %s", name, error->message);
  return s;
}

/* Write, read with the verifier, write again: the same bytes, for every format hardsix writes. */
static void
test_round_trip_every_format(void **state)
{
  (void)state;
  g_autoptr(HsWords) w = hs_words_load(DATA "answers.txt", DATA "guesses.txt", NULL);
  assert_non_null(w);
  const struct {
    const char *opener;
    guint cap;
  } cases[] = { { "howls", 6 }, { "shade", 6 }, { "howls", 3 } };
  for (guint c = 0; c < G_N_ELEMENTS(cases); c++) {
    g_autoptr(HsStrategy) s = build(w, cases[c].opener, HS_RULES_NYT, cases[c].cap, NULL);
    const HsTestInfo *info = s->n_over == 0 ? &verified_info : &unverified_info;
    for (guint f = 0; f <= HS_FORMAT_SELBY_BARE; f++) {
      g_autofree char *first = hs_test_write(s, (HsFormat)f, info);
      g_autoptr(HsStrategy) back = read_back(w, s->rules, s->max_guesses, first, hs_format_name((HsFormat)f));
      g_autofree char *second = hs_test_write(back, (HsFormat)f, info);
      if (strcmp(first, second) != 0)
        fail_msg("%s, cap %u, %s: the text read back writes differently", cases[c].opener, cases[c].cap,
                 hs_format_name((HsFormat)f));
    }
  }
}

/* Reads a published tree with the verifier, rebuilds it from the paths and writes it again: the same
 * bytes (selby-bare), and the same outline after '#' header lines (selby). TOTAL: guesses over all
 * answers. */
static void
check_published_tree(const char *name, HsRules rules, guint max_guesses, guint64 total)
{
  /* skip() jumps out of this function: nothing may be allocated when it is called. */
  char *probe = g_strconcat(SELBY_DIR, name, NULL);
  const gboolean present = g_file_test(probe, G_FILE_TEST_IS_REGULAR);
  g_free(probe);
  if (!present) {
    print_message("skip: data/reference/selby/ is not there\n");
    skip();
    return;
  }
  g_autofree char *path = g_strconcat(SELBY_DIR, name, NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(HsWords) w = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", &error);
  if (w == NULL)
    fail_msg("%s", error->message);
  g_autofree char *text = NULL;
  if (!g_file_get_contents(path, &text, NULL, &error))
    fail_msg("%s", error->message);
  g_autoptr(HsStrategy) s = read_back(w, rules, max_guesses, text, name);
  assert_true(s->complete);
  assert_int_equal(s->n_over, 0);
  assert_int_equal(hs_histogram_total(&s->hist), total);

  g_autofree char *bare = hs_test_write(s, HS_FORMAT_SELBY_BARE, NULL);
  if (strcmp(bare, text) != 0) {
    g_auto(GStrv) want = g_strsplit(text, "\n", -1), got = g_strsplit(bare, "\n", -1);
    guint i = 0;
    while (want[i] != NULL && got[i] != NULL && strcmp(want[i], got[i]) == 0)
      i++;
    fail_msg("%s: line %u differs:\n  published: '%s'\n  written:   '%s'", name, i + 1, want[i] ? want[i] : "(end)",
             got[i] ? got[i] : "(end)");
  }
  g_autofree char *headed = hs_test_write(s, HS_FORMAT_SELBY, &verified_info);
  assert_true(g_str_has_suffix(headed, bare));
  gsize head_len = strlen(headed) - strlen(bare);
  assert_true(head_len > 0 && headed[head_len - 1] == '\n');
  g_autofree char *head_text = g_strndup(headed, head_len - 1);
  g_auto(GStrv) head = g_strsplit(head_text, "\n", -1);
  for (guint i = 0; head[i] != NULL; i++)
    assert_true(g_str_has_prefix(head[i], "# "));
  assert_true(g_str_has_prefix(headed, "# hardsix strategy (selby)\n"));
}

static void
test_selby_salet_hard(void **state)
{
  (void)state;
  check_published_tree("salet.hard.origwordlist.tree", HS_RULES_NYT, 6, 8122);
}

static void
test_selby_palet_hard_g5(void **state)
{
  (void)state;
  check_published_tree("palet.hard.origwordlist.g5.tree", HS_RULES_NYT, 5, 8206);
}

/* Normal mode. */
static void
test_selby_salet_easy(void **state)
{
  (void)state;
  check_published_tree("salet.easy.origwords.tree", HS_RULES_NONE, 6, 7920);
}

/* ---- the original lists: sizes and order of a real-sized file ---- */

/* Pattern numbers of the key of a by-pattern line ("🟨⬜⬜⬜🟨=>🟩🟩🟩⬜⬜: ..."); fails the test on a bad key. */
static guint
parse_key(const char *line, HsPat *out)
{
  const char *colon = strstr(line, ": ");
  assert_non_null(colon);
  g_autofree char *key = g_strndup(line, (gsize)(colon - line));
  g_auto(GStrv) parts = g_strsplit(key, "=>", -1);
  guint n = 0;
  for (; parts[n] != NULL; n++) {
    g_autoptr(GError) error = NULL;
    assert_true(n < HS_DEPTH_LIMIT);
    if (!hs_test_parse(parts[n], -1, &out[n], &error))
      fail_msg("bad key in line '%s': %s", line, error->message);
  }
  return n;
}

static int
key_cmp(const HsPat *a, guint na, const HsPat *b, guint nb)
{
  if (na != nb)
    return na < nb ? -1 : 1;
  for (guint i = 0; i < na; i++)
    if (a[i] != b[i])
      return a[i] < b[i] ? -1 : 1;
  return 0;
}

static void
test_original_lists(void **state)
{
  (void)state;
  g_autoptr(GError) error = NULL;
  g_autoptr(HsWords) w = hs_words_load("data/original/answers.txt", "data/original/guesses.txt", &error);
  if (w == NULL) {
    print_message("skip: data/original is not there\n");
    skip();
    return;
  }
  /* Every guess after the opener is a candidate (strict, first candidate), as in the 2022 strategy:
   * one internal line and one solved line per answer. */
  g_autoptr(HsStrategy) s = build(w, "howls", HS_RULES_STRICT, 6, NULL);
  assert_int_equal(s->n_solved, w->n_answers);
  assert_int_equal(s->n_nodes, w->n_answers + 1);

  gint64 t0 = g_get_monotonic_time();
  g_autofree char *text = hs_test_write(s, HS_FORMAT_BY_PATTERN, &unverified_info);
  gint64 t1 = g_get_monotonic_time();
  print_message("by-pattern: %u bytes in %.1f ms\n", (guint)strlen(text), (double)(t1 - t0) / 1000.0);

  g_auto(GStrv) lines = g_strsplit(text, "\n", -1);
  guint i = 0, n_internal = 0, n_solved = 0, n_hist = 0;
  while (lines[i] != NULL && lines[i][0] == '#')
    i++;
  assert_string_equal(lines[i++], "");
  guint64 total = 0, count = 0;
  for (; lines[i] != NULL && strstr(lines[i], " guesses: ") != NULL; i++, n_hist++) {
    guint d = 0, c = 0;
    assert_int_equal(sscanf(lines[i], "%u guesses: %u", &d, &c), 2);
    total += (guint64)d * c;
    count += c;
  }
  assert_true(n_hist > 0);
  assert_int_equal(count, w->n_answers);
  assert_true(g_str_has_prefix(lines[i++], "average: "));
  assert_string_equal(lines[i++], "");
  HsPat prev[HS_DEPTH_LIMIT], cur[HS_DEPTH_LIMIT];
  guint n_prev = 0;
  for (; lines[i] != NULL && lines[i][0] != '\0'; i++) {
    guint n_cur = parse_key(lines[i], cur);
    if (n_internal + n_solved > 0)
      assert_true(key_cmp(prev, n_prev, cur, n_cur) < 0);
    memcpy(prev, cur, n_cur * sizeof *cur);
    n_prev = n_cur;
    if (strstr(lines[i], ": = SOLVED = / candidates (1) [") != NULL) {
      assert_int_equal(cur[n_cur - 1], HS_ALL_GREEN);
      n_solved++;
    } else {
      assert_non_null(strstr(lines[i], ": next {"));
      n_internal++;
    }
  }
  assert_null(lines[i + 1]); /* the file ends with one newline */
  assert_int_equal(n_internal, w->n_answers);
  assert_int_equal(n_solved, w->n_answers);

  g_autofree char *per_word = hs_test_write(s, HS_FORMAT_PER_WORD, &unverified_info);
  g_auto(GStrv) pw = g_strsplit(per_word, "\n", -1);
  guint n_pw = 0;
  guint64 pw_total = 0;
  for (guint k = 0; pw[k] != NULL; k++) {
    if (pw[k][0] == '#' || pw[k][0] == '\0')
      continue;
    /* In canonical order, and each line has as many steps as guesses. */
    assert_true(strncmp(pw[k], w->text[n_pw], 5) == 0);
    for (const char *p = pw[k]; (p = strstr(p, " /")) != NULL; p += 2)
      pw_total++;
    n_pw++;
  }
  assert_int_equal(n_pw, w->n_answers);
  assert_int_equal(pw_total, total);

  g_autofree char *json = hs_test_write(s, HS_FORMAT_JSON, &unverified_info);
  g_autofree char *tree = hs_test_write(s, HS_FORMAT_TREE, &unverified_info);
  assert_true(g_utf8_validate(json, -1, NULL));
  assert_true(g_utf8_validate(tree, -1, NULL));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_parse_and_names),
    cmocka_unit_test(test_howls_golden),
    cmocka_unit_test(test_opener_is_answer_golden),
    cmocka_unit_test(test_not_verified_golden),
    cmocka_unit_test(test_status_lines),
    cmocka_unit_test(test_status_incomplete),
    cmocka_unit_test(test_json_escaping),
    cmocka_unit_test(test_empty_strategy),
    cmocka_unit_test(test_round_trip_every_format),
    cmocka_unit_test(test_selby_salet_hard),
    cmocka_unit_test(test_selby_palet_hard_g5),
    cmocka_unit_test(test_selby_salet_easy),
    cmocka_unit_test(test_original_lists),
  };
  int failures = cmocka_run_group_tests(tests, NULL, NULL);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
