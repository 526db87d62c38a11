/* hardsix verify — checks a strategy file (per-word, by-pattern or JSON) with the independent verifier. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* Uses the file's "# lists:" / "# rules:" hints for options the user did not give. Returns TRUE when
 * the file names lists that are no built-in set and the defaults are used instead. */
static gboolean
apply_hints(HsCliOptions *o, const char *lists, const char *rules)
{
  gboolean lists_given = o->lists != NULL || o->answers != NULL || o->guesses != NULL;
  gboolean ignored = FALSE;
  if (!lists_given && lists != NULL) {
    if (g_strcmp0(lists, "original") == 0 || g_strcmp0(lists, "nyt2022") == 0)
      o->lists = g_strdup(lists);
    else
      ignored = TRUE;
  }
  if (o->rules == NULL && (g_strcmp0(rules, "nyt") == 0 || g_strcmp0(rules, "strict") == 0))
    o->rules = g_strdup(rules);
  return ignored;
}

static void
print_verified(const char *name, const HsVerifyReport *r)
{
  guint first = 1;
  while (first < r->worst && r->hist[first] == 0)
    first++;
  char avg[HS_AVERAGE_BUFLEN];
  hs_average_format(r->total, r->n_answers, avg);
  printf("%s: verified: %u answer%s, all within %u guess%s, average %s\n", name, r->n_answers,
         r->n_answers == 1 ? "" : "s", r->worst, r->worst == 1 ? "" : "es", avg);
  for (guint d = first; d <= r->worst; d++)
    printf("%u guesses: %u\n", d, r->hist[d]); /* the form of the by-pattern summary */
}

int
hs_cmd_verify(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autoptr(GOptionContext) ctx = g_option_context_new("FILE");
  g_option_context_set_summary(
    ctx, "Checks a strategy file with the independent verifier: every answer of the word list exactly once,\n"
         "every word allowed, every pattern recomputed from the words, every guess legal under the hard-mode\n"
         "rules, one guess per history, and every answer solved within the guess cap. FILE may be per-word,\n"
         "by-pattern or JSON (detected from its contents); '-' reads stdin.\n\n"
         "Without --lists/--answers or --rules, the file's '# lists:' and '# rules:' header lines (JSON: \"lists\",\n"
         "\"rules\") choose them when they name original/nyt2022 and nyt/strict; otherwise the defaults are\n"
         "--lists original --rules nyt. --max-guesses defaults to 6.");
  g_option_context_set_description(
    ctx, "Output: on success, a line 'FILE: verified: N answers, all within K guesses, average X' and the\n"
         "histogram on stdout. Otherwise every problem as 'FILE:LINE: message' on stderr, then\n"
         "'FILE: NOT verified (N problems)'.\n\n"
         "Exit status: 0 verified; 1 not verified, unreadable or unparseable file (the message names\n"
         "FILE:LINE); 2 usage error.");
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  if (!hs_cli_parse(ctx, "verify", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  GError *error = NULL;
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autoptr(HsWords) words = NULL;
  g_autoptr(HsVerifyReport) report = NULL;
  /* Every variable with a cleanup is declared before the first "goto out". */
  g_autofree char *lists_hint = NULL, *rules_hint = NULL;
  if (argc != 2) {
    rc = hs_cli_usage("verify", argc < 2 ? "expected a strategy FILE" : "expected one strategy FILE");
    goto out;
  }
  const char *path = argv[1];
  const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
  if (!hs_file_read(path, &text, &len, &error)) {
    rc = hs_cli_fail(error);
    goto out;
  }
  hs_verify_peek_header(text, len, &lists_hint, &rules_hint);
  gboolean lists_ignored = apply_hints(&o, lists_hint, rules_hint);

  HsRules rules;
  guint max_guesses;
  gboolean usage = FALSE;
  if (!hs_cli_resolve_rules(&o, &rules, &max_guesses, &usage, &error)) {
    if (usage) {
      rc = hs_cli_usage("verify", "%s", error->message);
      g_clear_error(&error);
    } else {
      rc = hs_cli_fail(error);
    }
    goto out;
  }
  words = hs_cli_load_words(&o, &error);
  if (words == NULL) {
    /* --answers without --guesses and the like are usage errors; a bad list file is a failure. */
    if (error->domain == G_OPTION_ERROR) {
      rc = hs_cli_usage("verify", "%s", error->message);
      g_clear_error(&error);
    } else {
      rc = hs_cli_fail(error);
    }
    goto out;
  }
  if (!hs_verify_text(words, rules, max_guesses, text, len, name, &report, &error)) {
    rc = hs_cli_fail(error);
    goto out;
  }
  if (report->ok) {
    print_verified(name, report);
    if (fflush(stdout) != 0) {
      fprintf(stderr, "hardsix: cannot write to stdout\n");
      rc = HS_EXIT_FAIL;
    }
  } else {
    for (guint i = 0; i < report->problems->len; i++)
      fprintf(stderr, "%s\n", (const char *)report->problems->pdata[i]);
    fprintf(stderr, "%s: NOT verified (%u problem%s)\n", name, report->problems->len,
            report->problems->len == 1 ? "" : "s");
    if (lists_ignored) {
      g_autofree char *hint = g_utf8_make_valid(lists_hint, -1);
      fprintf(stderr,
              "hardsix verify: note: the file names the word lists '%s', which are no built-in set; it was "
              "checked against the original lists (use --answers and --guesses)\n",
              hint);
    }
    rc = HS_EXIT_FAIL;
  }
out:
  hs_cli_options_clear(&o);
  return rc;
}
