/* hardsix feedback — the pattern of GUESS against ANSWER, or one per "GUESS ANSWER" line on stdin. */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct {
  char *style_name;
  HsPatternStyle style;
} opt;

static const GOptionEntry options[] = {
  { "style", 0, 0, G_OPTION_ARG_STRING, &opt.style_name, "emoji (default), letters or digits", "STYLE" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
valid_word(const char *w)
{
  if (strlen(w) != HS_WORD_LEN)
    return FALSE;
  for (int i = 0; i < HS_WORD_LEN; i++)
    if (w[i] < 'a' || w[i] > 'z')
      return FALSE;
  return TRUE;
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx;
  opt.style = HS_PATTERN_EMOJI;
  if (opt.style_name && !hs_pattern_style_parse(opt.style_name, &opt.style, error))
    return hs_cli_bad_value(error, "--style");
  if (argc == 3) {
    for (int i = 1; i < 3; i++)
      if (!valid_word(argv[i])) {
        g_autofree char *shown = hs_escape(argv[i], -1, 40);
        return hs_cli_usage_error(error, "'%s' is not a word of 5 lowercase letters%s", shown,
                                  strlen(argv[i]) == HS_WORD_LEN && g_ascii_isupper(argv[i][0])
                                    ? " (upper-case letters are not accepted)"
                                    : "");
      }
  } else if (argc != 1) {
    return hs_cli_usage_error(error, "expected GUESS ANSWER, or no arguments to read stdin");
  }
  return TRUE;
}

/* Longest stdin line read (a line is two words and spaces: anything longer is not one). */
#define LINE_MAX_BYTES 1024

/* Reads the next line of IN into LINE (without its "\n" or "\r\n"); FALSE at the end of input. A line
 * over LINE_MAX_BYTES or holding a NUL byte is an error (*BAD set): input never grows memory without
 * bound, whatever it is. */
static gboolean
next_line(FILE *in, GString *line, const char **bad)
{
  g_string_truncate(line, 0);
  int c;
  while ((c = getc(in)) != EOF && c != '\n') {
    if (c == '\0' || line->len >= LINE_MAX_BYTES) {
      *bad = c == '\0' ? "binary input (a NUL byte)" : "a line longer than 1024 bytes";
      return TRUE;
    }
    g_string_append_c(line, (char)c);
  }
  if (line->len > 0 && line->str[line->len - 1] == '\r')
    g_string_truncate(line, line->len - 1);
  return c != EOF || line->len > 0;
}

/* One pattern per "GUESS ANSWER" line of stdin (a UTF-8 byte-order mark and CRLF line ends are
 * accepted); stops at the first bad line. */
static gboolean
feed_stdin(GError **error)
{
  g_autoptr(GString) line = g_string_new(NULL);
  guint lineno = 0;
  char buf[HS_PATTERN_BUFLEN];
  const char *bad = NULL;
  while (next_line(stdin, line, &bad)) {
    lineno++;
    if (bad != NULL)
      return hs_cli_fail(error, "<stdin>:%u: expected 'GUESS ANSWER' (two words of 5 lowercase letters), not %s",
                         lineno, bad);
    char *text = line->str;
    if (lineno == 1 && g_str_has_prefix(text, "\xEF\xBB\xBF"))
      text += 3;
    g_strstrip(text);
    if (*text == '\0')
      continue;
    g_auto(GStrv) f = g_strsplit_set(text, " \t", -1);
    const char *w[2];
    guint n = 0;
    for (guint i = 0; f[i]; i++)
      if (*f[i] && n < 3)
        w[n < 2 ? n : 1] = f[i], n++;
    if (n != 2 || !valid_word(w[0]) || !valid_word(w[1])) {
      g_autofree char *shown = hs_escape(text, -1, 40);
      return hs_cli_fail(error, "<stdin>:%u: expected 'GUESS ANSWER' (two words of 5 lowercase letters), not '%s'",
                         lineno, shown);
    }
    printf("%s\n", hs_pattern_format(hs_feedback(w[0], w[1]), opt.style, buf));
  }
  if (ferror(stdin))
    return hs_cli_fail(error, "<stdin>: cannot read: %s", g_strerror(errno));
  return TRUE;
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx;
  char buf[HS_PATTERN_BUFLEN];
  if (argc == 1)
    return feed_stdin(error);
  printf("%s\n", hs_pattern_format(hs_feedback(argv[1], argv[2]), opt.style, buf));
  return TRUE;
}

const HsCliCommand hs_cli_feedback = {
  .name = "feedback",
  .summary = "Print the feedback pattern of a guess against an answer",
  .parameters = "[GUESS ANSWER]",
  .help = "Prints the Wordle feedback of GUESS against ANSWER (any two words of five lowercase letters).\n"
          "With no arguments, reads 'GUESS ANSWER' lines from stdin and prints one pattern per line.",
  .options = options,
  .check = check,
  .run = run,
};
