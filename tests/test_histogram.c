/* Tests for histogram.c: counts, totals, text forms and the one rounding rule for averages. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "hardsix/hardsix.h"

static void
test_counts(void **state)
{
  (void)state;
  HsHistogram h = { 0 };
  assert_int_equal(hs_histogram_answers(&h), 0);
  assert_int_equal(hs_histogram_worst(&h), 0);
  assert_int_equal(hs_histogram_best(&h), 0);
  g_autofree char *empty = hs_histogram_text(&h, ",");
  assert_string_equal(empty, "");
  const guint published[] = { 0, 0, 80, 706, 1160, 338, 31 };
  for (guint d = 0; d < G_N_ELEMENTS(published); d++)
    for (guint k = 0; k < published[d]; k++)
      hs_histogram_add(&h, d);
  assert_int_equal(hs_histogram_answers(&h), 2315);
  assert_int_equal(hs_histogram_total(&h), 8794);
  assert_int_equal(hs_histogram_best(&h), 2);
  assert_int_equal(hs_histogram_worst(&h), 6);
  g_autofree char *text = hs_histogram_text(&h, " ");
  assert_string_equal(text, "2:80 3:706 4:1160 5:338 6:31");
  g_autoptr(GString) lines = g_string_new(NULL);
  hs_histogram_append_lines(lines, &h);
  assert_string_equal(lines->str, "2 guesses: 80\n3 guesses: 706\n4 guesses: 1160\n5 guesses: 338\n6 guesses: 31\n");
  HsHistogram g = h;
  assert_true(hs_histogram_equal(&g, &h));
  hs_histogram_add(&g, HS_DEPTH_LIMIT);
  assert_false(hs_histogram_equal(&g, &h));
  assert_int_equal(hs_histogram_worst(&g), HS_DEPTH_LIMIT);
}

/* The summary lines run from the fewest guesses used to the most, zero counts between them included;
 * an empty histogram has none. */
static void
test_lines(void **state)
{
  (void)state;
  HsHistogram h = { 0 };
  g_autoptr(GString) lines = g_string_new(NULL);
  hs_histogram_append_lines(lines, &h);
  assert_string_equal(lines->str, "");
  hs_histogram_add(&h, 3);
  hs_histogram_add(&h, 5);
  hs_histogram_add(&h, 5);
  hs_histogram_append_lines(lines, &h);
  assert_string_equal(lines->str, "3 guesses: 1\n4 guesses: 0\n5 guesses: 2\n");
}

/* The rule is "round half up at the 4th decimal", exactly, for every total/n: compared with a
 * decimal long division done here independently. */
static void
test_average_rounding(void **state)
{
  (void)state;
  char buf[HS_AVERAGE_BUFLEN];
  assert_string_equal(hs_average_format(97, 32, buf), "3.0313"); /* 3.03125: a tie, rounded up */
  assert_string_equal(hs_average_format(8794, 2315, buf), "3.7987");
  assert_string_equal(hs_average_format(8122, 2315, buf), "3.5084");
  assert_string_equal(hs_average_format(0, 0, buf), "0.0000");
  assert_string_equal(hs_average_format(7, 1, buf), "7.0000");
  assert_string_equal(hs_average_format(1, 3, buf), "0.3333");
  assert_string_equal(hs_average_format(2, 3, buf), "0.6667");
  assert_string_equal(hs_average_format(1, 20000, buf), "0.0001"); /* 0.00005: a tie */
  assert_string_equal(hs_average_format(1, 20001, buf), "0.0000");
  for (guint n = 1; n <= 400; n++)
    for (guint64 total = 0; total <= 6 * n; total++) {
      /* Five decimals by long division; the fifth decides. */
      guint64 q = total / n, r = total % n;
      guint digits[5];
      for (guint i = 0; i < 5; i++) {
        r *= 10;
        digits[i] = (guint)(r / n);
        r %= n;
      }
      guint64 scaled = q * 10000 + digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3];
      if (digits[4] >= 5)
        scaled++;
      char want[HS_AVERAGE_BUFLEN];
      snprintf(want, sizeof want, "%" G_GUINT64_FORMAT ".%04u", scaled / 10000, (guint)(scaled % 10000));
      assert_string_equal(hs_average_format(total, n, buf), want);
    }
  GString *s = g_string_new("average ");
  hs_average_append(s, 97, 32);
  assert_string_equal(s->str, "average 3.0313");
  g_string_free(s, TRUE);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_counts),
    cmocka_unit_test(test_lines),
    cmocka_unit_test(test_average_rounding),
  };
  return cmocka_run_group_tests_name("histogram", tests, NULL, NULL) == 0 ? 0 : 1;
}
