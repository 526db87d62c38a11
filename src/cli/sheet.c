/* hardsix sheet — a printable cheat sheet (HTML) or lookup book (Markdown) of a verified strategy. */
#include "cli.h"

#include <stdio.h>

static struct {
  char *paper_name;
  HsSheetFormat format;
  HsPaper paper;
} opt;

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write DIR/OPENER.sheet.html (or .sheet.md) instead of stdout", "DIR"),
  HS_CLI_FORMAT_OPTION("html (default) or markdown"),
  { "paper", 0, 0, G_OPTION_ARG_STRING, &opt.paper_name,
    "HTML page size: auto (default: the printer's; the layout fits A4 and Letter), a4 or letter", "PAPER" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argv;
  opt.format = HS_SHEET_HTML;
  opt.paper = HS_PAPER_AUTO;
  if (argc != 2)
    return hs_cli_usage_error(error, argc < 2 ? "expected a STRATEGY file" : "expected one STRATEGY file");
  if ((ctx->opt.format != NULL && !hs_sheet_format_parse(ctx->opt.format, &opt.format, error)) ||
      (opt.paper_name != NULL && !hs_sheet_paper_parse(opt.paper_name, &opt.paper, error)))
    return hs_cli_bad_value(error, NULL);
  /* -o DIR is checked before the strategy file is read (and made only when the sheet is written). */
  return ctx->opt.output == NULL || hs_cli_plan_dir(ctx, "-o", ctx->opt.output, NULL, error);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc, (void)argv;
  g_autoptr(HsPublished) pub = hs_cli_verified_strategy(ctx, "sheet", error);
  if (pub == NULL)
    return FALSE;
  const HsStrategy *s = hs_published_strategy(pub);
  HsSheetInfo info = { ctx->words->name, ctx->input_name, opt.paper };
  g_autofree char *text = hs_sheet_write(pub, opt.format, &info, error);
  if (text == NULL)
    return FALSE;
  g_autofree char *name = g_strdup_printf("%s.%s", ctx->words->text[s->nodes[0].guess], hs_sheet_extension(opt.format));
  if (ctx->opt.output == NULL)
    return hs_cli_write_output(NULL, NULL, text, error);
  hs_cli_output_add(ctx, ctx->opt.output, name, text);
  ctx->outputs_note = g_build_filename(ctx->opt.output, name, NULL);
  return hs_cli_output_commit(ctx, FALSE, error);
}

const HsCliCommand hs_cli_sheet = {
  .name = "sheet",
  .summary = "Turn a verified strategy into a printable cheat sheet (HTML or Markdown)",
  .parameters = "STRATEGY",
  .help = "Turns the strategy in the file STRATEGY (any strategy format) into a cheat sheet. The file\n"
          "must pass the independent verifier; otherwise nothing is written and its first problems are shown.\n\n"
          "html: one self-contained page (inline CSS, no network) for printing on A4 or Letter: the opener,\n"
          "lists, rules and verified histogram, a worked example, an index of first patterns, then one section\n"
          "per first pattern. Tiles are drawn as squares with letters (yellow as circles), so a black-and-white\n"
          "print still tells green, yellow and grey apart.\n"
          "markdown: a lookup book, one heading per history with a table of pattern -> next guess.\n\n"
          "Lists and rules come from the file's '# lists:' and '# rules:' lines unless given.",
  .description = "Example:\n"
                 "  hardsix sheet output/howls-tkihira2022/howls.per-word.txt -o output/howls-tkihira2022\n\n"
                 "Exit status: 0 written; 1 unreadable or unverified strategy, or an unwritable output; 2 usage error.",
  .options = options,
  .flags = HS_CMD_STRATEGY_FILE | HS_CMD_LISTS | HS_CMD_RULES,
  .check = check,
  .run = run,
};
