/* Helpers shared by the verifier's tests (tests/test_verify*.c): reading files, making variants of a
 * text, running the verifier and comparing its problems. Include after <cmocka.h>. */
#pragma once

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hardsix/hardsix.h"

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

/* R is the report of the strategy of tests/data/verify/ (opener kempt on the tiny lists) read from a
 * file of KIND with its header. */
static G_GNUC_UNUSED void
assert_good_stats(const HsVerifyReport *r, HsStrategyFileKind kind)
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
