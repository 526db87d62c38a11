/* hardsix — command-line entry point. One file per command (src/cli/NAME.c); main parses its options
 * once, sets up what its flags ask for (setup.c), runs it, and turns its error into the one message
 * and exit code of the run. */
#include "cli.h"

#include <locale.h>
#include <stdio.h>
#include <string.h>

#define HS_VERSION "0.1.0"

/* Exit codes of every command. */
enum { HS_EXIT_OK = 0, HS_EXIT_FAIL = 1, HS_EXIT_USAGE = 2 };

/* The commands, in the order 'hardsix --help' lists them. */
static const HsCliCommand *const commands[] = {
  &hs_cli_feedback, &hs_cli_solve,    &hs_cli_verify, &hs_cli_explain,     &hs_cli_sweep,      &hs_cli_rank,
  &hs_cli_prove,    &hs_cli_optimize, &hs_cli_merge,  &hs_cli_check_table, &hs_cli_checkpoint, &hs_cli_sheet,
  &hs_cli_next,     &hs_cli_robust,   &hs_cli_repair, &hs_cli_page,
};

static void
usage(FILE *out)
{
  hs_cli_print(out, "Usage: hardsix COMMAND [OPTIONS]...\n\n"
                    "Builds Wordle strategies (hard mode, or normal mode with --rules none) and proves they solve\n"
                    "every answer within six guesses.\n\n"
                    "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
    hs_cli_print(out, "  %-12s %s\n", commands[i]->name, commands[i]->summary);
  hs_cli_print(out, "\n'hardsix COMMAND --help' describes each command.\n"
                    "Exit status: 0 success, 1 failure (including a strategy that is not verified), 2 usage error.\n");
}

/* The one place that prints an error: usage errors as "hardsix CMD: ..." with a hint (exit 2),
 * others as "hardsix: ..." (exit 1), nothing for a failure the command has reported itself. */
static int
report(const char *cmd, GError *error)
{
  int rc = HS_EXIT_FAIL;
  if (g_error_matches(error, HS_CLI_ERROR, HS_CLI_ERROR_REPORTED)) {
    /* already said */
  } else if (g_error_matches(error, HS_CLI_ERROR, HS_CLI_ERROR_USAGE) || error->domain == G_OPTION_ERROR) {
    hs_cli_print(stderr, "hardsix %s: %s\n(try 'hardsix %s --help')\n", cmd, error->message, cmd);
    rc = HS_EXIT_USAGE;
  } else {
    hs_cli_print(stderr, "hardsix: %s\n", error->message);
  }
  g_error_free(error);
  return rc;
}

/* Frees the strings the command's own options received (placed options live in the context). */
static void
free_option_values(const HsCliCommand *cmd)
{
  for (const GOptionEntry *e = cmd->options; e != NULL && e->long_name != NULL; e++) {
    if (e->arg_data == NULL)
      continue; /* a placed option */
    if (e->arg == G_OPTION_ARG_STRING || e->arg == G_OPTION_ARG_FILENAME)
      g_clear_pointer((char **)e->arg_data, g_free);
    else if (e->arg == G_OPTION_ARG_STRING_ARRAY || e->arg == G_OPTION_ARG_FILENAME_ARRAY)
      g_clear_pointer((char ***)e->arg_data, g_strfreev);
  }
}

/* Parse, check, set up, run: each step only when the one before succeeded. */
static int
run_command(const HsCliCommand *cmd, int argc, char **argv)
{
  /* So that --help and option errors say "hardsix solve", not "solve". */
  g_autofree char *prg = g_strdup_printf("hardsix %s", cmd->name);
  g_set_prgname(prg);
  HsCliContext ctx;
  hs_cli_context_init(&ctx, cmd);
  GOptionContext *oc = hs_cli_option_context_new(&ctx);
  GError *error = NULL;
  gboolean ok = g_option_context_parse(oc, &argc, &argv, &error) && hs_cli_check_file_options(&ctx, &error) &&
                (cmd->check == NULL || cmd->check(&ctx, argc, argv, &error)) &&
                hs_cli_setup(&ctx, argc, argv, &error) && cmd->run(&ctx, argc, argv, &error) &&
                hs_cli_flush_stdout(&error);
  if (!ok && error == NULL)
    hs_cli_fail(&error, "internal error: '%s' failed without saying why", cmd->name);
  /* Lists with more letters, or longer words, than this build plays: the wide build runs the command (it returns only
   * when it cannot be run, with the reason added to the error). */
  if (!ok && g_error_matches(error, HS_WORDS_ERROR, HS_WORDS_ERROR_TOO_WIDE))
    hs_cli_run_wide(&ctx, &error);
  int rc = ok ? HS_EXIT_OK : report(cmd->name, error);
  g_option_context_free(oc);
  free_option_values(cmd);
  hs_cli_context_clear(&ctx);
  return rc;
}

#ifdef HS_TESTING
/* Fault injection, in the test build only (BUILD/test-bin/hardsix, tests/cli/reliability.sh):
 * HARDSIX_TEST_FAIL_WRITE_STEP=N makes the N-th step of writing output files fail (see
 * hs_file_fault_inject). */
static void
fault_injection_from_env(void)
{
  const char *v = g_getenv("HARDSIX_TEST_FAIL_WRITE_STEP");
  guint64 n = 0;
  if (v != NULL && g_ascii_string_to_unsigned(v, 10, 1, G_MAXUINT, &n, NULL))
    hs_file_fault_inject((guint)n);
}
#endif

/* The edit distance between A and B (insertions, deletions, substitutions and swaps of neighbours
 * count one each), capped at 9: enough to tell a typo from another word. */
static guint
distance(const char *a, const char *b)
{
  guint la = (guint)MIN(strlen(a), 30u), lb = (guint)MIN(strlen(b), 30u);
  guint d[32][32];
  for (guint i = 0; i <= la; i++)
    d[i][0] = i;
  for (guint j = 0; j <= lb; j++)
    d[0][j] = j;
  for (guint i = 1; i <= la; i++)
    for (guint j = 1; j <= lb; j++) {
      guint cost = a[i - 1] != b[j - 1];
      d[i][j] = MIN(MIN(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = MIN(d[i][j], d[i - 2][j - 2] + 1);
    }
  return MIN(d[la][lb], 9u);
}

/* The command nearest to the mistyped CMD (at most two edits, or CMD a prefix of it), or NULL. */
static const char *
nearest_command(const char *cmd)
{
  const char *best = NULL;
  guint best_d = 3;
  for (guint i = 0; i < G_N_ELEMENTS(commands); i++) {
    const char *name = commands[i]->name;
    guint d = strlen(cmd) >= 3 && g_str_has_prefix(name, cmd) ? 1 : distance(cmd, name);
    if (d < best_d) {
      best = name;
      best_d = d;
    }
  }
  return best;
}

int
main(int argc, char **argv)
{
  setlocale(LC_ALL, "");
  hs_cli_argv0 = argv[0];
  hs_cli_argv = g_strdupv(argv); /* option parsing rearranges ARGV; the hand-over needs it whole */
  hs_cli_signals_install();
#ifdef HS_TESTING
  fault_injection_from_env();
#endif
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
    hs_cli_print(stdout, "hardsix %s\n", HS_VERSION);
    return HS_EXIT_OK;
  }
  for (guint i = 0; i < G_N_ELEMENTS(commands); i++)
    if (strcmp(cmd, commands[i]->name) == 0) {
      int rc = run_command(commands[i], argc - 1, argv + 1);
      hs_cli_signals_exit(); /* a run stopped by Ctrl-C ends by it */
      return rc;
    }
  const char *near = nearest_command(cmd);
  if (near != NULL) {
    hs_cli_print(stderr, "hardsix: unknown command '%s'; did you mean '%s'? ('hardsix --help' lists them all)\n", cmd,
                 near);
    return HS_EXIT_USAGE;
  }
  hs_cli_print(stderr, "hardsix: unknown command '%s'\n", cmd);
  usage(stderr);
  return HS_EXIT_USAGE;
}
