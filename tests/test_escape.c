/* Tests for escape.c: the one rule for showing untrusted text in messages. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"

static void
assert_escaped(const char *text, const char *want)
{
  g_autofree char *got = hs_escape(text, -1, -1);
  assert_string_equal(got, want);
}

/* Every byte a terminal acts on is shown visibly; other text, backslashes included, is kept. */
static void
test_controls(void **state)
{
  (void)state;
  assert_escaped("shade", "shade");
  assert_escaped("\033]0;pwned\007", "\\e]0;pwned\\a");
  assert_escaped("\033[31mred", "\\e[31mred");
  assert_escaped("a\rb\nc\td", "a\\rb\\nc\\td");
  assert_escaped("\b\v\f", "\\b\\v\\f");
  assert_escaped("\001\037\177", "\\x01\\x1f\\x7f");
  assert_escaped("C:\\dir\\x", "C:\\dir\\x");
  assert_escaped("🟩🟨⬜ ゴースト é", "🟩🟨⬜ ゴースト é");
}

/* Bytes that are not UTF-8 are shown as \xNN; C1 controls and bidirectional overrides as \uNNNN. */
static void
test_unicode(void **state)
{
  (void)state;
  assert_escaped("\xff\xfe"
                 "ab",
                 "\\xff\\xfeab");
  assert_escaped("\xc2\x9b"
                 "31m",
                 "\\u009b31m");
  assert_escaped("abc\xe2\x80\xae"
                 "cba",
                 "abc\\u202ecba");
  assert_escaped("x\xe2\x81\xa6y", "x\\u2066y");
  assert_escaped("\xe2\x82", "\\xe2\\x82"); /* a sequence cut short */
}

/* LEN and MAX: part of a text, cut at a character boundary with "..."; messages keep line breaks. */
static void
test_lengths(void **state)
{
  (void)state;
  g_autofree char *part = hs_escape("shade\033crane", 6, -1);
  assert_string_equal(part, "shade\\e");
  g_autofree char *cut = hs_escape("abcdefgh", -1, 4);
  assert_string_equal(cut, "abcd...");
  g_autofree char *emoji = hs_escape("ab🟩cd", -1, 4); /* 🟩 is 4 bytes from byte 2 */
  assert_string_equal(emoji, "ab...");
  g_autofree char *whole = hs_escape("abcd", -1, 4);
  assert_string_equal(whole, "abcd");
  g_autofree char *msg = hs_escape_message("line 1\nline \0332\r\n");
  assert_string_equal(msg, "line 1\nline \\e2\\r\n");
  GString *s = g_string_new("x=");
  hs_escape_append(s, "\a\n", -1, FALSE);
  assert_string_equal(s->str, "x=\\a\\n");
  g_string_free(s, TRUE);
  assert_false(hs_escape_needed("plain text\nwith lines"));
  assert_true(hs_escape_needed("bell\a"));
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_controls),
    cmocka_unit_test(test_unicode),
    cmocka_unit_test(test_lengths),
  };
  return cmocka_run_group_tests(tests, NULL, NULL) == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
