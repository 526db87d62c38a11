/* hardsix feedback — the pattern of GUESS against ANSWER, or one per "GUESS ANSWER" line on stdin. */
#include "cli.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int
hs_cmd_feedback(int argc, char **argv)
{
  g_autofree char *style_name = NULL;
  GOptionEntry entries[] = {
    { "style", 0, 0, G_OPTION_ARG_STRING, &style_name, "emoji (default), letters or digits", "STYLE" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("[GUESS ANSWER]");
  g_option_context_set_summary(ctx, "Prints the Wordle feedback of GUESS against ANSWER (any two words of five "
                                    "lowercase letters).\nWith no arguments, reads 'GUESS ANSWER' lines from "
                                    "stdin and prints one pattern per line.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  if (!hs_cli_parse(ctx, "feedback", &argc, &argv))
    return HS_EXIT_USAGE;
  HsPatternStyle style = HS_PATTERN_EMOJI;
  GError *error = NULL;
  if (style_name && !hs_pattern_style_parse(style_name, &style, &error)) {
    int rc = hs_cli_usage("feedback", "--style: %s", error->message);
    g_error_free(error);
    return rc;
  }
  char buf[HS_PATTERN_BUFLEN];
  if (argc == 3) {
    for (int i = 1; i < 3; i++)
      if (!valid_word(argv[i]))
        return hs_cli_usage("feedback", "'%s' is not a word of 5 lowercase letters%s", argv[i],
                            strlen(argv[i]) == HS_WORD_LEN && g_ascii_isupper(argv[i][0])
                              ? " (upper-case letters are not accepted)"
                              : "");
    printf("%s\n", hs_pattern_format(hs_feedback(argv[1], argv[2]), style, buf));
    return HS_EXIT_OK;
  }
  if (argc != 1)
    return hs_cli_usage("feedback", "expected GUESS ANSWER, or no arguments to read stdin");

  /* getline, not a fixed buffer: a long line must not be read as several short ones. */
  char *line = NULL;
  size_t cap = 0;
  guint lineno = 0;
  int rc = HS_EXIT_OK;
  while (getline(&line, &cap, stdin) >= 0) {
    lineno++;
    g_strstrip(line);
    if (*line == '\0')
      continue;
    g_auto(GStrv) f = g_strsplit_set(line, " \t", -1);
    const char *w[2];
    guint n = 0;
    for (guint i = 0; f[i]; i++)
      if (*f[i] && n < 3)
        w[n < 2 ? n : 1] = f[i], n++;
    if (n != 2 || !valid_word(w[0]) || !valid_word(w[1])) {
      fprintf(stderr, "hardsix: <stdin>:%u: expected 'GUESS ANSWER' (two words of 5 lowercase letters)\n", lineno);
      rc = HS_EXIT_FAIL;
      break;
    }
    printf("%s\n", hs_pattern_format(hs_feedback(w[0], w[1]), style, buf));
  }
  free(line);
  if (rc == HS_EXIT_OK && fflush(stdout) != 0) {
    fprintf(stderr, "hardsix: cannot write to stdout\n");
    rc = HS_EXIT_FAIL;
  }
  return rc;
}
