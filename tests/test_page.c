/* Tests for the play-along page (src/report/page.c, page-table.c): opener tables read and checked, the
 * lists they cover, the page's data (tree encoding, groups of tables, escaping). Run from the
 * repository root. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(tiny, table, hs_test_tiny())

static HsPageTable *
parse(const char *text, guint cap, GError **error)
{
  return hs_page_table_parse(text, strlen(text), "dir/t.tsv", cap, error);
}

static void
test_table_optimize(void **state)
{
  (void)state;
  g_autoptr(HsPageTable) t = parse("opener\tverdict\ttotal\taverage\tseconds\r\n"
                                   "crane\toptimal\t50\t2.5000\t0.1\r\n"
                                   "kempt\timpossible\t-\t-\t0.2\r\n"
                                   "salet\tworse\t48\t-\t0.1\r\n",
                                   6, NULL);
  assert_non_null(t);
  assert_int_equal(t->kind, HS_PAGE_TABLE_OPTIMIZE);
  assert_int_equal(t->cap, 6);
  assert_null(t->lists);
  assert_string_equal(t->source, "t.tsv");
  assert_int_equal(t->n_rows, 3);
  assert_string_equal(t->openers[2], "salet");
  assert_string_equal(t->verdicts, "oiw");
  assert_int_equal(t->totals[0], 50);
  assert_int_equal(t->totals[1], 0);
  assert_int_equal(t->totals[2], 48);
  assert_int_equal(hs_page_table_covers(t, tiny), 1);
}

static void
test_table_prove_shard(void **state)
{
  (void)state;
  g_autoptr(HsPageTable) t = parse("# hardsix shard 1/2; command prove; lists nyt2022; answers 3 sha256:x; "
                                   "rules nyt; max-guesses 5; policy -; options -; openers all 3 sha256:y\n"
                                   "opener\tverdict\tnodes\n"
                                   "crane\tproven\t12\n"
                                   "kempt\tundecided\t99\n",
                                   6, NULL);
  assert_non_null(t);
  assert_int_equal(t->kind, HS_PAGE_TABLE_PROVE);
  assert_int_equal(t->cap, 5);
  assert_string_equal(t->lists, "nyt2022");
  assert_string_equal(t->verdicts, "pu");
  assert_null(t->totals);
}

static void
test_table_errors(void **state)
{
  (void)state;
  static const struct {
    const char *text, *message;
  } cases[] = {
    { "", "dir/t.tsv: no table header" },
    { "word\tscore\n", "dir/t.tsv:1: not a table of 'optimize --all'" },
    { "opener\tverdict\tnodes\ncrane\tproven\n", "dir/t.tsv:2: malformed row (too few columns)" },
    { "opener\tverdict\tnodes\ncrane\toptimal\t1\n", "dir/t.tsv:2: unknown verdict 'optimal'" },
    { "opener\tverdict\ttotal\taverage\ncrane\toptimal\tmany\t-\n", "dir/t.tsv:2: not a total: 'many'" },
    { "opener\tverdict\tnodes\ncrane\tproven\t1\n\ncrane\tproven\t2\n", "dir/t.tsv:4: a second row for 'crane'" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autoptr(GError) e = NULL;
    assert_null(parse(cases[i].text, 6, &e));
    assert_true(g_error_matches(e, HS_PAGE_ERROR, HS_PAGE_ERROR_PARSE));
    if (!g_str_has_prefix(e->message, cases[i].message))
      fail_msg("case %u: '%s' does not start with '%s'", i, e->message, cases[i].message);
  }
}

/* Every allowed word of the lists: the table covers them exactly; a word of no list: not at all. */
static void
test_table_covers(void **state)
{
  (void)state;
  g_autoptr(GString) text = g_string_new("opener\tverdict\tnodes\n");
  for (guint i = 0; i < tiny->n_words; i++)
    g_string_append_printf(text, "%s\tproven\t1\n", tiny->text[i]);
  g_autoptr(HsPageTable) all = parse(text->str, 6, NULL);
  assert_int_equal(hs_page_table_covers(all, tiny), 2);
  g_autoptr(HsPageTable) other = parse("opener\tverdict\tnodes\nzzzzz\tproven\t1\n", 6, NULL);
  assert_int_equal(hs_page_table_covers(other, tiny), 0);
}

static void
test_write(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  g_autoptr(HsStrategy) s = hs_greedy_build(table, hs_words_lookup(tiny, "crane"), &p, NULL);
  assert_non_null(s);
  g_autoptr(HsPublished) pub = hs_publish(s, NULL, NULL, 0);
  assert_true(hs_published_verified(pub));
  g_autoptr(HsPageTable) t =
    parse("opener\tverdict\ttotal\taverage\nkempt\timpossible\t-\t-\ncrane\toptimal\t50\t2.5\n", 6, NULL);
  g_autoptr(HsPageTable) u = parse("opener\tverdict\tnodes\nsalet\tproven\t1\ncrane\timpossible\t2\n", 5, NULL);
  t->lists = g_strdup("tiny");
  u->lists = g_strdup("tiny");
  t->n_answers = u->n_answers = tiny->n_answers;
  HsPageStrategy item = { pub, "a</script>\"b", "tiny" };
  HsPageTable *tables[] = { t, u };
  g_autofree char *page = hs_page_write(&item, 1, tables, 2, NULL);
  g_autofree char *again = hs_page_write(&item, 1, tables, 2, NULL);
  assert_string_equal(page, again);
  assert_true(g_str_has_prefix(page, "<!DOCTYPE html>\n"));
  /* The name is escaped so that it cannot end the script element; the style and script are inlined. */
  assert_non_null(strstr(page, "{\"name\":\"a\\u003c/script>\\\"b\",\"opener\":\"crane\",\"lists\":\"tiny\","));
  assert_null(strstr(page, "href=\"page.css\""));
  assert_null(strstr(page, "src=\"page.js\""));
  assert_non_null(strstr(page, "<style>\n"));
  /* The tree: [guess, solves, pattern, child, ...], a leaf as its word. */
  assert_non_null(strstr(page, "\"tree\":[\"crane\",1,"));
  /* One group for the two tables, the openers of both sorted, '-' where a table has no row. */
  assert_non_null(strstr(page, "{\"lists\":\"tiny\",\"answers\":20,\"openers\":\"crane kempt salet\",\"columns\":["
                               "{\"kind\":\"optimize\",\"cap\":6,\"source\":\"t.tsv\",\"verdicts\":\"oi-\","
                               "\"totals\":[50,0,0]},"
                               "{\"kind\":\"prove\",\"cap\":5,\"source\":\"t.tsv\",\"verdicts\":\"i-p\"}]}"));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_table_optimize), cmocka_unit_test(test_table_prove_shard),
    cmocka_unit_test(test_table_errors),   cmocka_unit_test(test_table_covers),
    cmocka_unit_test(test_write),
  };
  int failures = cmocka_run_group_tests(tests, setup, teardown);
  return failures == 0 ? 0 : 1;
}
