/* hardsix verify — checks a strategy file (any format hardsix writes, or a selby outline) with the independent verifier. */
#include "cli.h"

/* Problems listed unless --all-problems: the first ones say what is wrong; thousands only scroll. */
#define PROBLEMS_SHOWN 20

static struct {
  gboolean all_problems;
} opt;

static const GOptionEntry options[] = {
  { "all-problems", 0, 0, G_OPTION_ARG_NONE, &opt.all_problems,
    "List every problem (default: the first 20, then how many more)", NULL },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

#include <string.h>

#include <stdio.h>

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)ctx, (void)argv;
  if (argc != 2)
    return hs_cli_usage_error(error, argc < 2 ? "expected a strategy FILE" : "expected one strategy FILE");
  return TRUE;
}

/* The rules checked, and who chose them: "hard mode: rules nyt, as the file states". */
static char *
rules_checked(const HsCliContext *ctx)
{
  HsRules rules = ctx->policy.rules;
  const char *mode = rules == HS_RULES_NONE ? "normal mode" : "hard mode";
  const char *why = ctx->rules_from_file ? "as the file states"
                    : ctx->opt.rules     ? "from --rules"
                                         : "the default; the file states none";
  return g_strdup_printf("%s: rules %s, %s", mode, hs_rules_name(rules), why);
}

static void
print_verified(const HsCliContext *ctx, const char *name, const HsVerifyReport *r)
{
  char avg[HS_AVERAGE_BUFLEN];
  hs_average_format(r->total, r->n_answers, avg);
  g_autofree char *rules = rules_checked(ctx);
  hs_cli_print(stdout, "%s: verified: %u answer%s, all within %u guess%s, average %s (%s)\n", name, r->n_answers,
               r->n_answers == 1 ? "" : "s", r->worst, r->worst == 1 ? "" : "es", avg, rules);
  /* The verifier's own counts, in the lines of the by-pattern summary. */
  HsHistogram h;
  G_STATIC_ASSERT(sizeof h.count == sizeof r->hist);
  memcpy(h.count, r->hist, sizeof h.count);
  g_autoptr(GString) lines = g_string_new(NULL);
  hs_histogram_append_lines(lines, &h);
  fputs(lines->str, stdout);
}

static void
print_problems(const HsCliContext *ctx, const HsVerifyReport *r)
{
  guint shown = opt.all_problems ? r->problems->len : MIN(r->problems->len, PROBLEMS_SHOWN);
  for (guint i = 0; i < shown; i++)
    hs_cli_print(stderr, "%s\n", (const char *)r->problems->pdata[i]);
  if (shown < r->problems->len)
    hs_cli_print(stderr, "... and %u more problem%s (--all-problems lists them)\n", r->problems->len - shown,
                 r->problems->len - shown == 1 ? "" : "s");
  hs_cli_print(stderr, "%s: NOT verified (%u problem%s)\n", ctx->input_name, r->problems->len,
               r->problems->len == 1 ? "" : "s");
  const HsCliOptions *o = &ctx->opt;
  gboolean hard_mode_problem = FALSE;
  for (guint i = 0; i < r->problems->len && !hard_mode_problem; i++)
    hard_mode_problem = strstr(r->problems->pdata[i], "breaks hard mode") != NULL;
  if (hard_mode_problem && o->rules == NULL)
    fprintf(stderr,
            "hardsix verify: note: the file states no rules, so it was checked as hard mode (nyt); a normal-mode "
            "strategy is checked with --rules none\n");
  if (ctx->lists_hint_unknown && o->lists == NULL && o->answers == NULL && o->guesses == NULL) {
    g_autofree char *hint = hs_escape(ctx->lists_hint, -1, -1);
    fprintf(stderr,
            "hardsix verify: note: the file names the word lists '%s', which are no built-in set; it was "
            "checked against the original lists (use --answers and --guesses)\n",
            hint);
  }
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  const HsPolicy *p = &ctx->policy;
  g_autoptr(HsVerifyReport) report = NULL;
  if (!hs_verify_text(ctx->words, p->rules, p->max_guesses, ctx->input_text, ctx->input_len, ctx->input_name, &report,
                      error))
    return FALSE;
  if (!report->ok) {
    print_problems(ctx, report);
    return hs_cli_reported(error);
  }
  print_verified(ctx, ctx->input_name, report);
  return TRUE;
}

const HsCliCommand hs_cli_verify = {
  .name = "verify",
  .summary = "Verify a strategy file (per-word, by-pattern, JSON, tree or selby outline)",
  .parameters = "FILE",
  .help =
    "Checks a strategy file with the independent verifier: every answer of the word list exactly once,\n"
    "every word allowed, every pattern recomputed from the words, every guess legal under the rules\n"
    "(--rules none, normal mode: every guess), one guess per history, and every answer solved within the guess cap. "
    "FILE may be per-word,\n"
    "by-pattern, JSON, the tree outline or a selby outline (detected from its contents); '-' reads stdin.\n\n"
    "Without --lists/--answers or --rules, the file's '# lists:' and '# rules:' header lines (JSON: \"lists\",\n"
    "\"rules\") choose them when they name original/nyt2022/nyt2023 and nyt/strict/none; otherwise the defaults are\n"
    "--lists original --rules nyt. --max-guesses defaults to 6.",
  .description = "Output: on success, a line 'FILE: verified: N answers, all within K guesses, average X (RULES)'\n"
                 "naming the rules checked and where they came from (the file, --rules or the default), and the\n"
                 "histogram on stdout. Otherwise the problems as 'FILE:LINE: message' on stderr (the first 20 and how\n"
                 "many more, or all with --all-problems), then\n"
                 "'FILE: NOT verified (N problems)'.\n\n"
                 "Exit status: 0 verified; 1 not verified, unreadable or unparseable file (the message names\n"
                 "FILE:LINE); 2 usage error.",
  .options = options,
  .flags = HS_CMD_STRATEGY_FILE | HS_CMD_LISTS | HS_CMD_RULES,
  .check = check,
  .run = run,
};
