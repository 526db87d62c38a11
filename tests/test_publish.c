/* Tests for publishing (src/report/publish.c): text that says "verified" comes only after the
 * independent verifier accepted the strategy and every rendered text; a strategy whose tree and
 * figures disagree, or that breaks the cap, comes out marked NOT verified with the reason; drafts from
 * hs_format_write never say verified; strategy files are read through the verifier. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>
#include "hardsix/hardsix.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(tiny, table, hs_test_tiny())

static HsStrategy *
greedy(const char *opener, guint cap)
{
  HsPolicy p = hs_test_policy(cap);
  GError *e = NULL;
  HsStrategy *s = hs_greedy_build(table, hs_words_lookup(tiny, opener), &p, &e);
  if (s == NULL)
    fail_msg("%s", e->message);
  return s;
}

static void
test_verified_in_every_format(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = greedy("kempt", 6);
  HsFormatInfo info = { "tiny", "test" };
  g_autoptr(HsPublished) p = hs_publish(s, &info, hs_format_all, hs_format_n_all);
  assert_true(hs_published_verified(p));
  assert_null(hs_published_problem(p));
  assert_ptr_equal(hs_published_strategy(p), s);
  assert_true(hs_published_report(p)->ok);
  for (guint i = 0; i < hs_format_n_all; i++) {
    const char *text = hs_published_text(p, i);
    /* Every text reads back as verified, and the draft of the same strategy never says so. */
    g_autoptr(HsPublished) back = hs_publish_read(tiny, s->rules, 6, text, strlen(text), "t", NULL);
    assert_non_null(back);
    assert_true(hs_published_verified(back));
    g_autofree char *draft = hs_format_write(s, hs_format_all[i], &info);
    assert_null(strstr(draft, "# status: verified"));
    assert_null(strstr(draft, "\"verified\": true"));
  }
  assert_non_null(strstr(hs_published_text(p, 0), "# status: verified: 20 answers"));
}

static void
test_over_the_cap_is_not_verified(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = greedy("kempt", 2); /* some answers need more than two guesses */
  assert_true(s->n_over > 0);
  const HsFormat f[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_JSON };
  g_autoptr(HsPublished) p = hs_publish(s, NULL, f, 2);
  assert_false(hs_published_verified(p));
  assert_false(hs_published_report(p)->ok);
  assert_non_null(strstr(hs_published_text(p, 0), "# status: NOT verified: "));
  assert_non_null(strstr(hs_published_text(p, 1), "\"verified\": false"));
}

static void
test_builder_and_verifier_disagree(void **state)
{
  (void)state;
  g_autoptr(HsStrategy) s = greedy("kempt", 6);
  /* The tree is right but its histogram lies: the verifier's count wins, nothing says verified. */
  guint d = hs_histogram_worst(&s->hist);
  s->hist.count[d]--;
  s->hist.count[d - 1]++;
  const HsFormat f = HS_FORMAT_PER_WORD;
  g_autoptr(HsPublished) p = hs_publish(s, NULL, &f, 1);
  assert_false(hs_published_verified(p));
  assert_non_null(hs_published_problem(p));
  assert_non_null(strstr(hs_published_problem(p), "verifier and builder disagree"));
  assert_null(strstr(hs_published_text(p, 0), "# status: verified"));
}

static void
test_read_files(void **state)
{
  (void)state;
  g_autofree char *good = hs_test_slurp(HS_TEST_DATA "verify/good.per-word.txt", NULL);
  g_autoptr(HsPublished) p = hs_publish_read(tiny, HS_RULES_NYT, 6, good, strlen(good), "good", NULL);
  assert_true(hs_published_verified(p));
  assert_non_null(hs_published_strategy(p));
  HsSheetInfo info = { "tiny", NULL, HS_PAPER_A4 };
  g_autofree char *sheet = hs_sheet_write(p, HS_SHEET_HTML, &info, NULL);
  assert_non_null(sheet);

  g_autofree char *bad = hs_test_slurp(HS_TEST_DATA "verify/bad-pattern.per-word.txt", NULL);
  g_autoptr(HsPublished) q = hs_publish_read(tiny, HS_RULES_NYT, 6, bad, strlen(bad), "bad", NULL);
  assert_non_null(q);
  assert_false(hs_published_verified(q));
  assert_null(hs_published_strategy(q));
  assert_true(hs_published_report(q)->problems->len > 0);
  /* No cheat sheet of a refused file. */
  GError *e = NULL;
  assert_null(hs_sheet_write(q, HS_SHEET_HTML, &info, &e));
  assert_true(g_error_matches(e, HS_SHEET_ERROR, HS_SHEET_ERROR_NOT_VERIFIED));
  g_error_free(e);

  g_autofree char *garbage = hs_test_slurp(HS_TEST_DATA "verify/garbage.txt", NULL);
  assert_null(hs_publish_read(tiny, HS_RULES_NYT, 6, garbage, strlen(garbage), "garbage", &e));
  assert_non_null(e);
  g_error_free(e);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_verified_in_every_format),
    cmocka_unit_test(test_over_the_cap_is_not_verified),
    cmocka_unit_test(test_builder_and_verifier_disagree),
    cmocka_unit_test(test_read_files),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
