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

/* Why GUESS and ANSWER are no pair of words to compare, or NULL (newly allocated). Any letters; the
 * answer at most HS_PATTERN_MAX_TILES long, the guess no longer than the answer (a shorter one shows
 * its own tiles, as in Pokemon Wordle). */
static char *
pair_problem(const char *guess, const char *answer)
{
  const char *w[2] = { guess, answer };
  for (int i = 0; i < 2; i++) {
    if (*w[i] == '\0')
      return g_strdup("an empty word");
    g_autofree char *why = hs_words_not_a_word(w[i]);
    if (why != NULL) {
      g_autofree char *shown = hs_escape(w[i], -1, 40);
      return g_strdup_printf("'%s' is %s", shown, why);
    }
  }
  const glong L = g_utf8_strlen(answer, -1), k = g_utf8_strlen(guess, -1);
  if (L > HS_PATTERN_MAX_TILES)
    return g_strdup_printf("'%s' has %ld letters; answers have at most %d", answer, L, HS_PATTERN_MAX_TILES);
  if (k > L)
    return g_strdup_printf("'%s' has %ld letters, more than the answer '%s' (%ld)", guess, k, answer, L);
  return NULL;
}

/* The pattern of GUESS against ANSWER (checked by pair_problem) in the chosen style, into BUF. */
static const char *
pattern_text(const char *guess, const char *answer, char *buf)
{
  g_autofree char *g = g_utf8_normalize(guess, -1, G_NORMALIZE_NFC), *a = g_utf8_normalize(answer, -1, G_NORMALIZE_NFC);
  return hs_pattern_format(hs_feedback(g, a), (guint)g_utf8_strlen(a, -1), (guint)g_utf8_strlen(g, -1), opt.style, buf);
}

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx;
  opt.style = HS_PATTERN_EMOJI;
  if (opt.style_name && !hs_pattern_style_parse(opt.style_name, &opt.style, error))
    return hs_cli_bad_value(error, "--style");
  if (argc == 3) {
    g_autofree char *why = pair_problem(argv[1], argv[2]);
    if (why != NULL)
      return hs_cli_usage_error(error, "%s", why);
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
      return hs_cli_fail(error, "<stdin>:%u: expected 'GUESS ANSWER' (two words), not %s", lineno, bad);
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
    g_autofree char *why = n == 2 ? pair_problem(w[0], w[1]) : NULL;
    if (n != 2 || why != NULL) {
      g_autofree char *shown = hs_escape(text, -1, 40);
      return hs_cli_fail(error, "<stdin>:%u: expected 'GUESS ANSWER' (two words), not '%s'%s%s", lineno, shown,
                         why ? ": " : "", why ? why : "");
    }
    printf("%s\n", pattern_text(w[0], w[1], buf));
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
  printf("%s\n", pattern_text(argv[1], argv[2], buf));
  return TRUE;
}

const HsCliCommand hs_cli_feedback = {
  .name = "feedback",
  .summary = "Print the feedback pattern of a guess against an answer",
  .parameters = "[GUESS ANSWER]",
  .help = "Prints the Wordle feedback of GUESS against ANSWER: words of letters in any script (UTF-8), the\n"
          "answer at most 8 letters, the guess as long as the answer or shorter (a shorter guess shows its\n"
          "own tiles: Pokemon Wordle). With no arguments, reads 'GUESS ANSWER' lines from stdin and prints\n"
          "one pattern per line.",
  .options = options,
  .check = check,
  .run = run,
};
