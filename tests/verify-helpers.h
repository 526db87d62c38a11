/* Helpers shared by the verifier's tests (tests/test_verify*.c): their fixture (the tiny lists and the
 * good strategy in every format), reading files, making variants of a text, running the verifier and
 * comparing its problems. Include after <cmocka.h>. */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

#define DATA HS_TEST_DATA
/* The good strategy (opener kempt on the tiny lists) in each format, in tests/data/verify/. */
#define VERIFY_DATA DATA "verify/"
#define PW "good.per-word.txt"
#define BP "good.by-pattern.txt"
#define JS "good.json"
#define TR "good.tree.txt"
#define SB "good.selby.tree"
/* Inputs of this many keys, candidates, steps or lines must verify in well under a second (sanitizer
 * builds run several times slower). */
#define MANY 200000
#if defined(__SANITIZE_ADDRESS__)
#define FAST_SECONDS 4.0
#else
#define FAST_SECONDS 1.0
#endif

/* The file's contents (NUL-terminated), or NULL with a message. */
static G_GNUC_UNUSED char *
slurp(const char *path)
{
  char *text = NULL;
  GError *error = NULL;
  if (!g_file_get_contents(path, &text, NULL, &error)) {
    print_error("%s\n", error->message);
    g_error_free(error);
    return NULL;
  }
  return text;
}

/* TEXT with the single occurrence of OLD replaced by NEW (fails the test when OLD is not there once). */
static G_GNUC_UNUSED char *
variant(const char *text, const char *old, const char *new_text)
{
  const char *at = strstr(text, old);
  if (at == NULL || strstr(at + 1, old) != NULL)
    fail_msg("'%s' does not occur exactly once", old);
  GString *s = g_string_new_len(text, at - text);
  g_string_append(s, new_text);
  g_string_append(s, at + strlen(old));
  return g_string_free(s, FALSE);
}

/* The fixture: the tiny lists and the text of each good file, loaded by verify_setup and freed by
 * verify_teardown (a group's setup and teardown, or called from them). */
static G_GNUC_UNUSED HsWords *tiny;
static G_GNUC_UNUSED char *good_pw, *good_bp, *good_js, *good_tr, *good_sb;

static G_GNUC_UNUSED int
verify_setup(void **state)
{
  (void)state;
  tiny = hs_test_tiny();
  good_pw = slurp(VERIFY_DATA PW);
  good_bp = slurp(VERIFY_DATA BP);
  good_js = slurp(VERIFY_DATA JS);
  good_tr = slurp(VERIFY_DATA TR);
  good_sb = slurp(VERIFY_DATA SB);
  return good_pw && good_bp && good_js && good_tr && good_sb ? 0 : -1;
}

static G_GNUC_UNUSED int
verify_teardown(void **state)
{
  (void)state;
  hs_words_free(tiny);
  g_free(good_pw);
  g_free(good_bp);
  g_free(good_js);
  g_free(good_tr);
  g_free(good_sb);
  return 0;
}

/* Verifies TEXT, which must parse; returns the report. */
static G_GNUC_UNUSED HsVerifyReport *
run_words(const HsWords *w, const char *text, HsRules rules, guint max, const char *name)
{
  HsVerifyReport *r = NULL;
  GError *error = NULL;
  gboolean ok = hs_verify_text(w, rules, max, text, strlen(text), name, &r, &error);
  if (!ok)
    fail_msg("unexpected parse error: %s", error->message);
  assert_non_null(r);
  return r;
}

static G_GNUC_UNUSED void
dump(const HsVerifyReport *r)
{
  for (guint i = 0; i < r->problems->len; i++)
    print_message("  problem: %s\n", (const char *)r->problems->pdata[i]);
}

/* The report's problems are exactly EXPECTED (NULL-terminated), in order. */
static G_GNUC_UNUSED void
assert_problems(const HsVerifyReport *r, const char *const *expected)
{
  guint n = 0;
  while (expected[n] != NULL)
    n++;
  gboolean same = r->problems->len == n;
  for (guint i = 0; same && i < n; i++)
    same = strcmp(r->problems->pdata[i], expected[i]) == 0;
  if (!same) {
    for (guint i = 0; i < n; i++)
      print_message("  expected: %s\n", expected[i]);
    dump(r);
    fail_msg("problems differ");
  }
  assert_false(r->ok);
}

/* TEXT (named NAME) verified against the tiny lists under RULES and MAX has exactly the problems
 * EXPECTED (NULL-terminated), in order. */
static G_GNUC_UNUSED void
assert_rejected(const char *text, HsRules rules, guint max, const char *name, const char *const *expected)
{
  HsVerifyReport *r = run_words(tiny, text, rules, max, name);
  assert_problems(r, expected);
  hs_verify_report_free(r);
}

static G_GNUC_UNUSED void
assert_has_problem(const HsVerifyReport *r, const char *problem)
{
  for (guint i = 0; i < r->problems->len; i++)
    if (strcmp(r->problems->pdata[i], problem) == 0) {
      assert_false(r->ok);
      return;
    }
  dump(r);
  fail_msg("no problem '%s'", problem);
}

/* TEXT[0..LEN) does not parse against W; the error names NAME:LINE and contains WHAT. */
static G_GNUC_UNUSED void
assert_parse_error_words(const HsWords *w, const char *text, gsize len, const char *name, guint line, const char *what)
{
  HsVerifyReport *r = NULL;
  GError *error = NULL;
  gboolean ok = hs_verify_text(w, HS_RULES_NYT, 6, text, len, name, &r, &error);
  if (ok)
    dump(r);
  assert_false(ok);
  assert_null(r);
  assert_non_null(error);
  assert_true(g_error_matches(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE));
  g_autofree char *prefix = g_strdup_printf("%s:%u: ", name, line);
  if (!g_str_has_prefix(error->message, prefix) || strstr(error->message, what) == NULL)
    fail_msg("error '%s' should start with '%s' and contain '%s'", error->message, prefix, what);
  g_error_free(error);
}

/* run_words and assert_parse_error_words against the tiny lists. */
static G_GNUC_UNUSED HsVerifyReport *
run(const char *text, HsRules rules, guint max, const char *name)
{
  return run_words(tiny, text, rules, max, name);
}

static G_GNUC_UNUSED void
assert_parse_error(const char *text, gsize len, const char *name, guint line, const char *what)
{
  assert_parse_error_words(tiny, text, len, name, line, what);
}

/* R is the report of the good strategy (opener kempt on the tiny lists) read from a file of KIND. */
static G_GNUC_UNUSED void
assert_kempt_stats(const HsVerifyReport *r, HsStrategyFileKind kind)
{
  if (!r->ok)
    dump(r);
  assert_true(r->ok);
  assert_int_equal(r->problems->len, 0);
  assert_int_equal(r->kind, kind);
  assert_string_equal(r->opener, "kempt");
  assert_int_equal(r->n_answers, 20);
  assert_int_equal(r->worst, 4);
  assert_int_equal(r->total, 56);
  assert_int_equal(r->hist[1], 0);
  assert_int_equal(r->hist[2], 8);
  assert_int_equal(r->hist[3], 8);
  assert_int_equal(r->hist[4], 4);
}

/* The same, read from a file with its header (every good file but the outlines). */
static G_GNUC_UNUSED void
assert_good_stats(const HsVerifyReport *r, HsStrategyFileKind kind)
{
  assert_kempt_stats(r, kind);
  assert_string_equal(r->lists_hint, "tiny");
  assert_string_equal(r->rules_hint, "nyt");
}

/* CPU time of this process in microseconds: the size tests bound the work done, which wall time
 * overstates on a machine shared with other jobs. */
static G_GNUC_UNUSED gint64
cpu_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (gint64)ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

/* CPU seconds since START (cpu_now). */
static G_GNUC_UNUSED double
seconds_since(gint64 start)
{
  return (double)(cpu_now() - start) / G_USEC_PER_SEC;
}
