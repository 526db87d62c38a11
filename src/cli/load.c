/* hardsix CLI — reads a strategy file, refuses it unless the independent verifier accepts it, and
 * turns the verified per-answer paths into a tree (for sheet and next). */
#include "load.h"

#include <stdio.h>
#include <string.h>

/* Problems shown when a file does not verify. */
#define PROBLEMS_SHOWN 5

/* The file's hints fill in what the options leave open (built-in list sets and rules only). */
static void
apply_hints(HsCliOptions *o, const char *lists, const char *rules)
{
  gboolean lists_given = o->lists != NULL || o->answers != NULL || o->guesses != NULL;
  if (!lists_given && (g_strcmp0(lists, "original") == 0 || g_strcmp0(lists, "nyt2022") == 0))
    o->lists = g_strdup(lists);
  if (o->rules == NULL && (g_strcmp0(rules, "nyt") == 0 || g_strcmp0(rules, "strict") == 0))
    o->rules = g_strdup(rules);
}

int
hs_cli_load_strategy(HsCliOptions *o, const char *cmd, const char *path, HsCliStrategy *out)
{
  memset(out, 0, sizeof *out);
  GError *error = NULL;
  g_autofree char *text = NULL, *lists_hint = NULL, *rules_hint = NULL;
  gsize len = 0;
  out->name = g_strdup(strcmp(path, "-") == 0 ? "<stdin>" : path);
  if (!hs_file_read(path, &text, &len, &error))
    return hs_cli_fail(error);
  hs_verify_peek_header(text, len, &lists_hint, &rules_hint);
  apply_hints(o, lists_hint, rules_hint);
  gboolean usage = FALSE;
  if (!hs_cli_resolve_rules(o, &out->rules, &out->max_guesses, &usage, &error)) {
    if (!usage)
      return hs_cli_fail(error);
    int rc = hs_cli_usage(cmd, "%s", error->message);
    g_error_free(error);
    return rc;
  }
  out->words = hs_cli_load_words(o, &error);
  if (out->words == NULL) {
    if (error->domain != G_OPTION_ERROR && !g_error_matches(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET))
      return hs_cli_fail(error);
    int rc = hs_cli_usage(cmd, "%s", error->message);
    g_error_free(error);
    return rc;
  }
  if (!hs_verify_text(out->words, out->rules, out->max_guesses, text, len, out->name, &out->report, &error))
    return hs_cli_fail(error);
  const HsVerifyReport *r = out->report;
  if (!r->ok) {
    fprintf(stderr, "hardsix: %s: not verified (%u problem%s), so no %s is made from it; the first:\n", out->name,
            r->problems->len, r->problems->len == 1 ? "" : "s", strcmp(cmd, "sheet") == 0 ? "sheet" : "lookup");
    for (guint i = 0; i < r->problems->len && i < PROBLEMS_SHOWN; i++)
      fprintf(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
    if (r->problems->len > PROBLEMS_SHOWN)
      fprintf(stderr, "  ... ('hardsix verify %s' lists all %u)\n", path, r->problems->len);
    if (lists_hint != NULL && o->answers == NULL && g_strcmp0(lists_hint, o->lists) != 0)
      fprintf(stderr, "  (the file names the lists '%s', which are no built-in set: use --answers and --guesses)\n",
              lists_hint);
    return HS_EXIT_FAIL;
  }
  out->strategy = hs_strategy_from_paths(out->words, out->rules, out->max_guesses, r->paths, &error);
  if (out->strategy == NULL) {
    /* The verifier accepted the paths, so this is a bug, not bad input. */
    g_prefix_error(&error, "internal error: %s: ", out->name);
    return hs_cli_fail(error);
  }
  return HS_EXIT_OK;
}

void
hs_cli_strategy_clear(HsCliStrategy *st)
{
  hs_strategy_free(st->strategy);
  hs_verify_report_free(st->report);
  hs_words_free(st->words);
  g_free(st->name);
  memset(st, 0, sizeof *st);
}
