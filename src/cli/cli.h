/* hardsix CLI — shared option handling for the subcommands (not part of the library). */
#pragma once

#include <glib.h>
#include "hardsix/hardsix.h"

/* Exit codes of every subcommand. */
enum { HS_EXIT_OK = 0, HS_EXIT_FAIL = 1, HS_EXIT_USAGE = 2 };

typedef struct {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
} HsCommand;

/* Options shared by the subcommands; the add_* functions register them on a GOptionContext. */
typedef struct {
  char *lists;      /* --lists original|nyt2022 */
  char *answers;    /* --answers FILE */
  char *guesses;    /* --guesses FILE */
  char *order;      /* --order FILE */
  char *rules;      /* --rules nyt|strict */
  char *pool;       /* --pool legal|candidates */
  char *metric;     /* --metric ... */
  char *preset;     /* --preset tkihira2022 */
  char *overrides;  /* --overrides FILE */
  gint max_guesses; /* --max-guesses N, checked to be 1..63 when given (0: default 6) */
  gboolean strict_overrides;
  int threads; /* --threads N, checked to be >= 1 when given (0: OpenMP default) */
} HsCliOptions;

void hs_cli_options_init(HsCliOptions *o);
void hs_cli_options_clear(HsCliOptions *o);

/* --lists, --answers, --guesses, --order. */
void hs_cli_add_list_options(GOptionContext *ctx, HsCliOptions *o);
/* --rules and --max-guesses. */
void hs_cli_add_rules_options(GOptionContext *ctx, HsCliOptions *o);
/* --pool, --metric, --preset, --overrides, --strict-overrides (use with the two above). */
void hs_cli_add_policy_options(GOptionContext *ctx, HsCliOptions *o);
/* --threads N. */
void hs_cli_add_thread_options(GOptionContext *ctx, HsCliOptions *o);

/* Parses argv; on a bad option prints "hardsix CMD: message" and a hint and returns FALSE. */
gboolean hs_cli_parse(GOptionContext *ctx, const char *cmd, int *argc, char ***argv);

/* Loads the words the options name (default: the original lists) and applies --order. */
HsWords *hs_cli_load_words(const HsCliOptions *o, GError **error);

/* Resolves --preset, --rules, --pool, --metric, --max-guesses (bad values are usage errors, reported
 * with *usage = TRUE). */
gboolean hs_cli_resolve_policy(HsCliOptions *o, HsPolicy *policy, gboolean *usage, GError **error);
/* Rules and cap only. */
gboolean hs_cli_resolve_rules(HsCliOptions *o, HsRules *rules, guint *max_guesses, gboolean *usage, GError **error);

/* Loads --overrides (if any) for WORDS under the policy's rules; NULL with no error when absent. */
HsOverrides *hs_cli_load_overrides(const HsCliOptions *o, const HsWords *words, HsRules rules, GError **error);

/* A one-line description of the policy for file headers. Newly allocated. */
char *hs_cli_policy_string(const HsCliOptions *o, const HsPolicy *p);

/* Applies --threads to OpenMP. */
void hs_cli_apply_threads(const HsCliOptions *o);

/* Prints "hardsix: MESSAGE" on stderr and returns HS_EXIT_FAIL (or HS_EXIT_USAGE). */
int hs_cli_fail(GError *error);
int hs_cli_usage(const char *cmd, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

/* TRUE when stderr is a terminal (progress output is drawn only then). */
gboolean hs_cli_stderr_is_tty(void);

/* Subcommands. */
int hs_cmd_feedback(int argc, char **argv);
int hs_cmd_solve(int argc, char **argv);
int hs_cmd_verify(int argc, char **argv);
int hs_cmd_explain(int argc, char **argv);
int hs_cmd_sweep(int argc, char **argv);
int hs_cmd_prove(int argc, char **argv);
int hs_cmd_merge(int argc, char **argv);
int hs_cmd_sheet(int argc, char **argv);
int hs_cmd_next(int argc, char **argv);
int hs_cmd_robust(int argc, char **argv);
int hs_cmd_repair(int argc, char **argv);

/* Everything a policy-driven command needs: words, policy, overrides, feedback table. */
typedef struct {
  HsWords *words;
  HsOverrides *overrides;
  HsTable *table;
  HsPolicy policy;
  char *policy_string;
  double table_ms; /* time spent building the feedback table */
} HsCliSetup;

/* Loads and resolves all of the above from the options. Returns HS_EXIT_OK, or prints the error and
 * returns HS_EXIT_FAIL / HS_EXIT_USAGE. */
int hs_cli_setup(HsCliOptions *o, const char *cmd, HsCliSetup *setup);
void hs_cli_setup_clear(HsCliSetup *setup);

/* Looks up an opener given on the command line (usage error when unknown). */
int hs_cli_opener(const HsCliSetup *setup, const char *cmd, const char *text, guint *out);

/* Warns on stderr about override rules the strategy never used; with --strict-overrides that is an
 * error (returns FALSE). */
gboolean hs_cli_check_overrides_used(const HsCliOptions *o, const HsCliSetup *setup, const HsStrategy *s);

/* Creates DIR when its parent exists (a missing parent or an unwritable directory is an error). */
gboolean hs_cli_prepare_dir(const char *dir, GError **error);

/* Checks, before a long run, that PATH can be written later: its directory exists and a file can be
 * created in it (a probe file is made and removed); PATH is not a directory. */
gboolean hs_cli_check_output_file(const char *path, GError **error);

/* --openers all|answers|guesses|FILE: fills OUT (word indices, canonical order for the named sets,
 * file order for a FILE, whose words are checked with file:line errors). */
gboolean hs_cli_select_openers(const HsWords *words, const char *spec, GArray **out, GError **error);

/* --shard K/N. */
gboolean hs_cli_parse_shard(const char *text, guint *k, guint *n, GError **error);

/* Progress line on a TTY: "\r<text>" at most ten times a second (FORCE draws anyway); hs_cli_progress_end
 * finishes the line. Does nothing when stderr is not a terminal. */
void hs_cli_progress(gboolean force, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
void hs_cli_progress_end(void);

/* Installs SIGINT/SIGTERM handlers that set *flag (for long runs that must not leave partial files). */
void hs_cli_catch_interrupts(volatile gint *flag);
