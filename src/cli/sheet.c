/* hardsix sheet — a printable cheat sheet (HTML) or lookup book (Markdown) of a verified strategy. */
#include "load.h"

#include <stdio.h>
#include <string.h>

int
hs_cmd_sheet(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *outdir = NULL, *format_name = NULL, *paper_name = NULL;
  GOptionEntry entries[] = {
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &outdir, "Write DIR/OPENER.sheet.html (or .sheet.md) instead of stdout",
      "DIR" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, "html (default) or markdown", "FORMAT" },
    { "paper", 0, 0, G_OPTION_ARG_STRING, &paper_name,
      "HTML page size: auto (default: the printer's; the layout fits A4 and Letter), a4 or letter", "PAPER" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("STRATEGY");
  g_option_context_set_summary(
    ctx, "Turns the strategy in the file STRATEGY (per-word, by-pattern or JSON) into a cheat sheet. The file\n"
         "must pass the independent verifier; otherwise nothing is written and its first problems are shown.\n\n"
         "html: one self-contained page (inline CSS, no network) for printing on A4 or Letter: the opener,\n"
         "lists, rules and verified histogram, a worked example, an index of first patterns, then one section\n"
         "per first pattern. Tiles are drawn as squares with letters (yellow as circles), so a black-and-white\n"
         "print still tells green, yellow and grey apart.\n"
         "markdown: a lookup book, one heading per history with a table of pattern -> next guess.\n\n"
         "Lists and rules come from the file's '# lists:' and '# rules:' lines unless given.");
  g_option_context_set_description(
    ctx, "Example:\n"
         "  hardsix sheet output/howls-tkihira2022/howls.per-word.txt -o output/howls-tkihira2022\n\n"
         "Exit status: 0 written; 1 unreadable or unverified strategy, or an unwritable output; 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  if (!hs_cli_parse(ctx, "sheet", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc;
  GError *error = NULL;
  HsCliStrategy st = { 0 };
  g_autofree char *text = NULL;
  HsSheetFormat format = HS_SHEET_HTML;
  HsPaper paper = HS_PAPER_AUTO;
  if (argc != 2) {
    rc = hs_cli_usage("sheet", argc < 2 ? "expected a STRATEGY file" : "expected one STRATEGY file");
    goto out;
  }
  if ((format_name != NULL && !hs_sheet_format_parse(format_name, &format, &error)) ||
      (paper_name != NULL && !hs_sheet_paper_parse(paper_name, &paper, &error))) {
    rc = hs_cli_usage("sheet", "%s", error->message);
    g_clear_error(&error);
    goto out;
  }
  if (outdir != NULL && !hs_cli_prepare_dir(outdir, &error)) {
    rc = hs_cli_fail(error);
    goto out;
  }
  if ((rc = hs_cli_load_strategy(&o, "sheet", argv[1], &st)) != HS_EXIT_OK)
    goto out;
  HsSheetInfo info = { st.words->name, st.name, paper };
  text = hs_sheet_write(st.strategy, format, &info);
  if (outdir != NULL) {
    const HsWords *w = st.words;
    char *name = g_strdup_printf("%s.%s", w->text[st.strategy->nodes[0].guess], hs_sheet_extension(format));
    char *path = g_build_filename(outdir, name, NULL);
    g_free(name);
    if (hs_file_write_atomic(path, text, strlen(text), &error))
      fprintf(stderr, "wrote %s\n", path);
    else
      rc = hs_cli_fail(error);
    g_free(path);
  } else {
    fputs(text, stdout);
    if (fflush(stdout) != 0) {
      fprintf(stderr, "hardsix: cannot write to stdout\n");
      rc = HS_EXIT_FAIL;
    }
  }
out:
  hs_cli_strategy_clear(&st);
  hs_cli_options_clear(&o);
  return rc;
}
