/* hardsix — command-line entry point: dispatches to one subcommand per file (cmd-*.c). */
#include "cli.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#define HS_VERSION "0.1.0"

static const HsCommand commands[] = {
  { "feedback", hs_cmd_feedback, "Print the feedback pattern of a guess against an answer" },
  { "solve", hs_cmd_solve, "Build the greedy hard-mode strategy for an opener and verify it" },
  { "verify", hs_cmd_verify, "Verify a strategy file (per-word, by-pattern or JSON)" },
  { "explain", hs_cmd_explain, "Show the path a strategy takes to one answer" },
  { "sweep", hs_cmd_sweep, "Build the greedy strategy for every opener and report which pass" },
  { "prove", hs_cmd_prove, "Decide exactly whether an opener (or every opener) can guarantee the cap" },
  { "merge", hs_cmd_merge, "Combine the TSV outputs of sharded sweep / prove --all runs" },
  { "sheet", hs_cmd_sheet, "Turn a verified strategy into a printable cheat sheet (HTML or Markdown)" },
  { "next", hs_cmd_next, "Print the next guess of a strategy after a history (or play interactively)" },
  { "robust", hs_cmd_robust, "Check whether an opener still passes under other tie-breaks" },
  { "repair", hs_cmd_repair, "Fix a failing greedy strategy with overrides found by the exact prover" },
};

static void
usage(FILE *out)
{
  fprintf(out, "Usage: hardsix COMMAND [OPTIONS]...\n\n"
               "Builds Wordle hard-mode strategies and proves they solve every answer within six guesses.\n\n"
               "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
    fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf(out, "\n'hardsix COMMAND --help' describes each command.\n"
               "Exit status: 0 success, 1 failure (including a strategy that is not verified), 2 usage error.\n");
}

int
main(int argc, char **argv)
{
  setlocale(LC_ALL, "");
  if (argc < 2) {
    usage(stderr);
    return HS_EXIT_USAGE;
  }
  const char *cmd = argv[1];
  if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
    usage(stdout);
    return HS_EXIT_OK;
  }
  if (strcmp(cmd, "--version") == 0) {
    printf("hardsix %s\n", HS_VERSION);
    return HS_EXIT_OK;
  }
  for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(cmd, commands[i].name) == 0) {
      /* So that --help and option errors say "hardsix solve", not "solve". */
      g_autofree char *prg = g_strdup_printf("hardsix %s", cmd);
      g_set_prgname(prg);
      return commands[i].run(argc - 1, argv + 1);
    }
  fprintf(stderr, "hardsix: unknown command '%s'\n", cmd);
  usage(stderr);
  return HS_EXIT_USAGE;
}
