/* Tests for overrides.c: every pattern form, chained histories, comments, matching, writing back as
 * text, and the errors (each naming file:line). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/core/words.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/rules.h"
#include "hardsix/engine/overrides.h"
#include "test-common.h"

static HsWords *words;

static int
setup(void **state)
{
  (void)state;
  GError *e = NULL;
  words = hs_words_load_set("original", &e);
  if (words == NULL) {
    print_error("%s\n", e->message);
    g_error_free(e);
    return -1;
  }
  return 0;
}

static int
teardown(void **state)
{
  (void)state;
  hs_words_free(words);
  return 0;
}

static guint
idx(const char *w)
{
  guint i = hs_words_lookup(words, w);
  if (i == HS_NONE)
    fail_msg("'%s' is not in the original lists", w);
  return i;
}

static HsPat
pat(const char *text)
{
  HsPat p = 0;
  if (!hs_test_parse(text, -1, &p, NULL))
    fail_msg("bad pattern '%s'", text);
  return p;
}

static HsOverrides *
parse_ok(const char *text, HsRules rules)
{
  GError *e = NULL;
  HsOverrides *o = hs_overrides_parse(text, "ov.txt", words, rules, &e);
  if (o == NULL)
    fail_msg("%s", e->message);
  return o;
}

static const HsOverride *
rule(const HsOverrides *o, guint i)
{
  assert_true(i < o->rules->len);
  return o->rules->pdata[i];
}

/* howls 🟨⬜⬜⬜🟨 = 1*81 + 1: position 0 most significant. */
static void
test_pattern_forms(void **state)
{
  (void)state;
  const char *forms[] = {
    "howls 🟨⬜⬜⬜🟨 shark",
    "howls YBBBY shark",
    "howls ybbby shark",
    "howls 10001 shark",
    "howls Y---Y shark",
    "howls y...y shark",
    "howls 🟨⬛⬛⬛🟨 shark",
    "howls 🟨\xEF\xB8\x8F⬜⬜⬜🟨 shark",
    "howls 1B.-y shark",
    "  howls\tYBBBY   shark  ",
    "howls YBBBY shark\r",
  };
  for (guint i = 0; i < G_N_ELEMENTS(forms); i++) {
    g_autoptr(HsOverrides) o = parse_ok(forms[i], HS_RULES_STRICT);
    assert_int_equal(o->rules->len, 1);
    const HsOverride *r = rule(o, 0);
    assert_int_equal(r->n_steps, 1);
    assert_int_equal(r->guesses[0], idx("howls"));
    assert_int_equal(r->patterns[0], 82);
    assert_int_equal(r->forced, idx("shark"));
    assert_int_equal(r->line, 1);
    assert_null(r->comment);
    assert_string_equal(o->path, "ov.txt");
  }
}

static void
test_chained_history(void **state)
{
  (void)state;
  const char *text = "howls 🟨⬜⬜⬜🟨 shark\n"
                     "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜ shade\n"
                     "howls YBBBY shark GGGBB shade GGGBG shame\n";
  for (int r = 0; r < 2; r++) {
    g_autoptr(HsOverrides) o = parse_ok(text, (HsRules)r);
    assert_int_equal(o->rules->len, 3);
    const HsOverride *r1 = rule(o, 1), *r2 = rule(o, 2);
    assert_int_equal(r1->n_steps, 2);
    assert_int_equal(r1->guesses[0], idx("howls"));
    assert_int_equal(r1->guesses[1], idx("shark"));
    assert_int_equal(r1->patterns[0], pat("10001"));
    assert_int_equal(r1->patterns[1], pat("22200"));
    assert_int_equal(r1->forced, idx("shade"));
    assert_int_equal(r1->line, 2);
    assert_int_equal(r2->n_steps, 3);
    assert_int_equal(r2->guesses[2], idx("shade"));
    assert_int_equal(r2->patterns[2], pat("22202"));
    assert_int_equal(r2->forced, idx("shame"));
    assert_int_equal(r2->line, 3);
  }
}

/* A comment block right above a rule, or a trailing comment, is kept with the rule; a blank line
 * ends a block. */
static void
test_comments(void **state)
{
  (void)state;
  const char *text = "# file header, not about any rule\n"
                     "\n"
                     "# after howls shows yellow-grey-grey-grey-yellow,\n"
                     "# play shark\n"
                     "howls 🟨⬜⬜⬜🟨 shark\n"
                     "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜ shade   # the -ha?e trap\n"
                     "# orphan comment\n"
                     "\n"
                     "howls YBBBY shark GGGBB shade GGGBG shame\n"
                     "# above\n"
                     "howls BBBBB crane # beside\n"
                     "#\n";
  g_autoptr(HsOverrides) o = parse_ok(text, HS_RULES_NYT);
  assert_int_equal(o->rules->len, 4);
  assert_string_equal(rule(o, 0)->comment, "after howls shows yellow-grey-grey-grey-yellow,\nplay shark");
  assert_int_equal(rule(o, 0)->line, 5);
  assert_string_equal(rule(o, 1)->comment, "the -ha?e trap");
  assert_null(rule(o, 2)->comment);
  assert_int_equal(rule(o, 2)->line, 9);
  /* Both kinds: neither is lost. */
  assert_string_equal(rule(o, 3)->comment, "above\nbeside");
  assert_int_equal(rule(o, 3)->line, 11);
}

/* A file of comments only is an empty set of rules; an empty file is an error. */
static void
test_empty(void **state)
{
  (void)state;
  g_autoptr(HsOverrides) o = parse_ok("# nothing to override yet\n\n", HS_RULES_NYT);
  assert_int_equal(o->rules->len, 0);
  const char *empty[] = { "", "\n\n", "  \t\r\n" };
  for (guint i = 0; i < G_N_ELEMENTS(empty); i++) {
    GError *e = NULL;
    HsOverrides *bad = hs_overrides_parse(empty[i], "ov.txt", words, HS_RULES_NYT, &e);
    assert_null(bad);
    assert_true(g_str_has_prefix(e->message, "ov.txt:1: "));
    g_error_free(e);
  }
}

static void
test_match(void **state)
{
  (void)state;
  g_autoptr(HsOverrides) o = parse_ok("howls YBBBY shark\n"
                                      "howls YBBBY shark GGGBB shade\n"
                                      "salet BBBBB crony\n",
                                      HS_RULES_NYT);
  guint32 g[3] = { idx("howls"), idx("shark"), idx("shade") };
  HsPat p[3] = { pat("YBBBY"), pat("GGGBB"), pat("GGGBG") };
  assert_int_equal(hs_overrides_match(o, 1, g, p), 0);
  assert_int_equal(hs_overrides_match(o, 2, g, p), 1);
  assert_int_equal(hs_overrides_match(o, 3, g, p), -1); /* longer history */
  assert_int_equal(hs_overrides_match(o, 0, g, p), -1); /* the opener itself is never overridden */
  HsPat q[2] = { pat("YBBBY"), pat("GGGBG") };
  assert_int_equal(hs_overrides_match(o, 2, g, q), -1); /* other pattern */
  HsPat q1 = pat("YBBBB");
  assert_int_equal(hs_overrides_match(o, 1, g, &q1), -1);
  guint32 h[2] = { idx("howls"), idx("share") };
  assert_int_equal(hs_overrides_match(o, 2, h, p), -1); /* other guess */
  guint32 s = idx("salet");
  HsPat z = 0;
  assert_int_equal(hs_overrides_match(o, 1, &s, &z), 2);

  /* Built in memory. */
  g_autoptr(HsOverrides) m = hs_overrides_new(NULL);
  assert_string_equal(m->path, "<memory>");
  assert_int_equal(hs_overrides_match(m, 1, g, p), -1);
  hs_overrides_add(m, 2, g, p, idx("shade"), "why");
  assert_int_equal(hs_overrides_match(m, 2, g, p), 0);
  assert_int_equal(rule(m, 0)->forced, idx("shade"));
  assert_string_equal(rule(m, 0)->comment, "why");
}

static void
assert_same_rules(const HsOverrides *a, const HsOverrides *b)
{
  assert_int_equal(a->rules->len, b->rules->len);
  for (guint i = 0; i < a->rules->len; i++) {
    const HsOverride *x = rule(a, i), *y = rule(b, i);
    assert_int_equal(x->n_steps, y->n_steps);
    assert_memory_equal(x->guesses, y->guesses, x->n_steps * sizeof *x->guesses);
    assert_memory_equal(x->patterns, y->patterns, x->n_steps * sizeof *x->patterns);
    assert_int_equal(x->forced, y->forced);
    if (x->comment == NULL || y->comment == NULL)
      assert_ptr_equal(x->comment, y->comment);
    else
      assert_string_equal(x->comment, y->comment);
  }
}

static void
test_to_text_round_trip(void **state)
{
  (void)state;
  const char *text = "# header\n\n"
                     "# after howls shows yellow-grey-grey-grey-yellow,\n# play shark\n"
                     "howls YBBBY shark\n"
                     "howls 10001 shark 22200 shade  # the -ha?e trap\n"
                     "# above\nsalet BBBBB crony # beside\n"
                     "howls YBBBY shark GGGBB shade GGGBG shame\n";
  g_autoptr(HsOverrides) o = parse_ok(text, HS_RULES_STRICT);
  g_autofree char *out = hs_overrides_to_text(o, words);
  assert_string_equal(out, "# after howls shows yellow-grey-grey-grey-yellow,\n# play shark\n"
                           "howls 🟨⬜⬜⬜🟨 shark\n"
                           "# the -ha?e trap\n"
                           "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜ shade\n"
                           "# above\n# beside\n"
                           "salet ⬜⬜⬜⬜⬜ crony\n"
                           "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜ shade 🟩🟩🟩⬜🟩 shame\n");
  g_autoptr(HsOverrides) again = parse_ok(out, HS_RULES_STRICT);
  assert_same_rules(o, again);
  g_autofree char *out2 = hs_overrides_to_text(again, words);
  assert_string_equal(out, out2);

  /* No rules: text that reads back as no rules (not as an error). */
  g_autoptr(HsOverrides) none = hs_overrides_new("x");
  g_autofree char *empty = hs_overrides_to_text(none, words);
  g_autoptr(HsOverrides) none2 = parse_ok(empty, HS_RULES_NYT);
  assert_int_equal(none2->rules->len, 0);
}

static void
test_load_file(void **state)
{
  (void)state;
  GError *e = NULL;
  g_autoptr(HsOverrides) o = hs_overrides_load("overrides/howls-tkihira2022.txt", words, HS_RULES_STRICT, &e);
  if (o == NULL)
    fail_msg("%s", e->message);
  assert_string_equal(o->path, "overrides/howls-tkihira2022.txt");
  assert_int_equal(o->rules->len, 1);
  assert_int_equal(rule(o, 0)->forced, idx("shark"));
  assert_non_null(rule(o, 0)->comment);
  g_autoptr(HsOverrides) missing = hs_overrides_load("tests/data/no-such-overrides.txt", words, HS_RULES_NYT, &e);
  assert_null(missing);
  assert_non_null(strstr(e->message, "tests/data/no-such-overrides.txt"));
  g_clear_error(&e);
}

typedef struct {
  const char *text;
  HsRules rules;
  const char *prefix; /* the message starts with "ov.txt:LINE: " */
  const char *want;   /* and mentions this */
} BadCase;

static void
test_errors(void **state)
{
  (void)state;
  static const BadCase cases[] = {
    /* unknown words, in each field */
    { "howls YBBBY shrak\n", HS_RULES_NYT, "ov.txt:1: ", "'shrak' is not an allowed word" },
    { "# c\n\nhowlz YBBBY shark\n", HS_RULES_NYT, "ov.txt:3: ", "'howlz'" },
    { "howls YBBBY shark GGGBB shadx\n", HS_RULES_NYT, "ov.txt:1: ", "'shadx'" },
    { "howls YBBBY SHARK\n", HS_RULES_NYT, "ov.txt:1: ", "upper-case" },
    /* bad patterns */
    { "howls YBBBX shark\n", HS_RULES_NYT, "ov.txt:1: ", "YBBBX" },
    { "howls YBBB shark\n", HS_RULES_NYT, "ov.txt:1: ", "YBBB" },
    { "howls 100012 shark\n", HS_RULES_NYT, "ov.txt:1: ", "100012" },
    { "howls 🟨⬜⬜⬜ shark\n", HS_RULES_NYT, "ov.txt:1: ", "" },
    /* wrong field counts */
    { "howls\n", HS_RULES_NYT, "ov.txt:1: ", "1 field" },
    { "howls YBBBY\n", HS_RULES_NYT, "ov.txt:1: ", "2 fields" },
    { "howls YBBBY shark GGGBB\n", HS_RULES_NYT, "ov.txt:1: ", "4 fields" },
    { "howls YBBBY shark\nhowls YBBBY shark GGGBB\n", HS_RULES_NYT, "ov.txt:2: ", "4 fields" },
    /* forced guess illegal: crane lacks the revealed h and s (both rules) */
    { "howls YBBBY crane\n", HS_RULES_NYT, "ov.txt:1: ", "'crane'" },
    { "howls YBBBY crane\n", HS_RULES_STRICT, "ov.txt:1: ", "'crane'" },
    /* shows keeps h and s (nyt) but reuses grey o, w and the yellow s in place (not strict) */
    { "howls YBBBY shows\n", HS_RULES_STRICT, "ov.txt:1: ", "'shows'" },
    { "howls YBBBY shark GGGBB slate\n", HS_RULES_NYT, "ov.txt:1: ", "'slate'" },
    /* a history no answer gives: no answer is an anagram of howls */
    { "howls YYYYY howls\n", HS_RULES_NYT, "ov.txt:1: ", "never occurs" },
    { "howls GGGGB shark\n", HS_RULES_NYT, "ov.txt:1: ", "never occurs" },
    /* a history that is already solved */
    { "shark GGGGG shade\n", HS_RULES_NYT, "ov.txt:1: ", "solved" },
    /* two rules for one history, in any pattern form: the error names the first */
    { "howls YBBBY shark\n# again\nhowls 10001 share\n", HS_RULES_NYT, "ov.txt:3: ", "line 1" },
    /* a history guess that breaks the rules */
    { "howls YBBBY crane BBBBB shark\n", HS_RULES_NYT, "ov.txt:1: ", "'crane'" },
    { "howls YBBBY shows BBBBB shark\n", HS_RULES_STRICT, "ov.txt:1: ", "'shows'" },
    /* not UTF-8 */
    { "howls YBBBY shark # caf\xe9\nhowls YBBBY sh\xe9rk\n", HS_RULES_NYT, "ov.txt:2: ", "" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    GError *e = NULL;
    HsOverrides *o = hs_overrides_parse(cases[i].text, "ov.txt", words, cases[i].rules, &e);
    if (o != NULL)
      fail_msg("case %u was accepted: %s", i, cases[i].text);
    assert_non_null(e);
    assert_true(g_utf8_validate(e->message, -1, NULL));
    if (!g_str_has_prefix(e->message, cases[i].prefix) || strstr(e->message, cases[i].want) == NULL)
      fail_msg("case %u: '%s' does not start with '%s' and mention '%s'", i, e->message, cases[i].prefix,
               cases[i].want);
    g_error_free(e);
  }
}

/* What strict refuses, nyt may accept (and never the other way round). */
static void
test_rules_differ(void **state)
{
  (void)state;
  g_autoptr(HsOverrides) a = parse_ok("howls YBBBY shows\n", HS_RULES_NYT);
  assert_int_equal(rule(a, 0)->forced, idx("shows"));
  g_autoptr(HsOverrides) b = parse_ok("howls YBBBY shows GGBBB shark\n", HS_RULES_NYT);
  assert_int_equal(rule(b, 0)->n_steps, 2);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_pattern_forms), cmocka_unit_test(test_chained_history),
    cmocka_unit_test(test_comments),      cmocka_unit_test(test_empty),
    cmocka_unit_test(test_match),         cmocka_unit_test(test_to_text_round_trip),
    cmocka_unit_test(test_load_file),     cmocka_unit_test(test_errors),
    cmocka_unit_test(test_rules_differ),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
