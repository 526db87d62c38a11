/* hardsix CLI — what the commands share: the command table entry, the context main sets up for a
 * command, the error domain that turns into exit codes, and the helpers of src/cli/. Not part of the
 * library: only src/cli/ includes this. */
#pragma once

#include <glib.h>
#include <stdio.h>
#include "hardsix/hardsix.h"

/* How a command fails, which main turns into the exit code (0 success, 1 failure, 2 usage error).
 * main prints an error of any other domain as "hardsix: MESSAGE" and exits 1; G_OPTION_ERROR (from
 * option parsing) counts as a usage error. */
#define HS_CLI_ERROR (hs_cli_error_quark())
GQuark hs_cli_error_quark(void);
typedef enum {
  HS_CLI_ERROR_USAGE,    /* bad arguments or option values: "hardsix CMD: MESSAGE" and a hint, exit 2 */
  HS_CLI_ERROR_REPORTED, /* the command has already shown why it failed (a summary, a list of
                          * problems): main prints nothing more and exits 1 */
  HS_CLI_ERROR_FAILED    /* any other failure of a command: "hardsix: MESSAGE", exit 1 */
} HsCliError;

/* What main sets up before a command's body runs, in this order. The shared options of a flag are
 * registered after the command's own options, in the order of the flags. */
typedef enum {
  HS_CMD_STRATEGY_FILE = 1 << 0, /* argv[1] is a strategy file ("-": stdin): main reads it into
                                  * ctx->input_text; its '# lists:' and '# rules:' lines stand in for
                                  * --lists and --rules when those are not given */
  HS_CMD_LISTS = 1 << 1,         /* --lists, --answers, --guesses, --order: ctx->words */
  HS_CMD_RULES = 1 << 2,         /* --rules, --max-guesses: ctx->policy.rules and .max_guesses */
  HS_CMD_POLICY = 1 << 3,        /* --pool, --metric, --ties, --preset, --overrides, --strict-overrides:
                                  * the rest of ctx->policy, ctx->overrides, ctx->policy_string */
  HS_CMD_THREADS = 1 << 4,       /* --threads N, applied to OpenMP */
  HS_CMD_TABLE = 1 << 5,         /* ctx->table: the feedback table the policy needs */
  HS_CMD_PROVER_TABLE = 1 << 6,  /* ctx->table with the row of every allowed guess (for the prover) */
  HS_CMD_OPENER = 1 << 7,        /* argv[1], when there is one (not with --all), names the opener:
                                  * ctx->opener; looked up last, an unknown word is a usage error */
} HsCliFlags;

/* How --shard K/N deals out the openers: every N-th opener (K/N), every N-th unit of openers with
 * like letters (K/N:letters), or every N-th group of openers with the same letters (K/N:groups). */
typedef enum { HS_CLI_SPLIT_INTERLEAVED, HS_CLI_SPLIT_LETTERS, HS_CLI_SPLIT_GROUPS } HsCliSplit;

/* Shared option values as given on the command line (NULL or 0 when absent). */
typedef struct {
  char *lists, *answers, *guesses, *order;  /* HS_CMD_LISTS */
  gboolean short_guesses;                   /* HS_CMD_LISTS: --short-guesses */
  char *rules;                              /* HS_CMD_RULES */
  gint max_guesses;                         /* HS_CMD_RULES: 1..63 when given */
  char *pool, *metric, *preset, *overrides; /* HS_CMD_POLICY */
  char *ties;                               /* HS_CMD_POLICY */
  gboolean strict_overrides;                /* HS_CMD_POLICY */
  gint threads;                             /* HS_CMD_THREADS: >= 1 when given */
  /* Placed options: a command puts them among its own with the HS_CLI_*_OPTION macros below (each
   * command describes them in its own words), and main keeps their values here. */
  char *output;   /* -o FILE or DIR (hs_cli_write_output) */
  char *format;   /* --format NAME, parsed by the command (each takes other names) */
  char *openers;  /* --openers SET: main fills ctx->openers */
  char *shard;    /* --shard K/N: main keeps only that slice of ctx->openers */
  gboolean force; /* --force: a failed run still writes over existing output files */
} HsCliOptions;

/* The placed options, as entries of a command's own option array. Their value pointer is NULL: main
 * binds such entries, by long name, to the field of ctx->opt. */
/* clang-format off */
#define HS_CLI_OUTPUT_OPTION(description, arg) { "output", 'o', 0, G_OPTION_ARG_FILENAME, NULL, description, arg }
#define HS_CLI_FORMAT_OPTION(description) { "format", 0, 0, G_OPTION_ARG_STRING, NULL, description, "FORMAT" }
#define HS_CLI_OPENERS_OPTION(description) { "openers", 0, 0, G_OPTION_ARG_STRING, NULL, description, "SET" }
#define HS_CLI_SHARD_OPTION(description)                                                                            \
  { "shard", 0, 0, G_OPTION_ARG_STRING, NULL, description, "K/N[:letters|:groups]" }
#define HS_CLI_FORCE_OPTION { "force", 0, 0, G_OPTION_ARG_NONE, NULL, "Write the files even when the run fails and they exist", NULL }
/* clang-format on */

typedef struct HsCliCommand HsCliCommand;

/* Everything main has set up for a command; the body reads it (and may replace parts of it: they are
 * freed by hs_cli_context_clear). */
typedef struct {
  const HsCliCommand *command;
  HsCliOptions opt;
  /* HS_CMD_STRATEGY_FILE */
  char *input_name; /* argv[1], or "<stdin>" for "-" */
  char *input_text;
  gsize input_len;
  char *lists_hint;            /* the file's '# lists:' value, or NULL */
  gboolean lists_hint_unknown; /* it names no built-in set (so it chose nothing) */
  gboolean rules_from_file;    /* its '# rules:' line chose the rules (no --rules) */
  /* HS_CMD_LISTS */
  HsWords *words;
  /* HS_CMD_RULES (rules and max_guesses) and HS_CMD_POLICY (the rest; overrides point to
   * ctx->overrides) */
  HsPolicy policy;
  HsOverrides *overrides;
  char *policy_string; /* HS_CMD_POLICY: one line for file headers */
  /* HS_CMD_TABLE, HS_CMD_PROVER_TABLE */
  HsTable *table;
  double table_ms; /* time spent building it */
  /* HS_CMD_OPENER: argv[1]'s word index */
  guint opener;
  /* --openers and --shard, when the command takes them: this shard's openers (word indices) */
  guint32 *openers;
  guint n_openers;
  guint shard_k, shard_n; /* 1/1 when not sharded */
  HsCliSplit shard_split; /* --shard K/N, K/N:letters or K/N:groups: how the openers are dealt out */
  guint n_openers_all;    /* openers before --shard took its slice */
  guint *opener_units;    /* per opener of the slice: its unit of like letters among all the openers
                           * (hs_words_letter_units), which prove --all decides as one run */
  char *openers_checksum; /* of those openers, for shard headers */
  /* Output files (output.c): planned before the work, queued as they are made, written together */
  GPtrArray *planned; /* HsCliPlanned: option and path of every file the run may write */
  HsFileSet *outputs; /* queued files, written by hs_cli_output_commit */
  char *outputs_note; /* what "wrote ..." says after the commit, or NULL */
} HsCliContext;

/* A command body: ARGV[0] is the command name, ARGV[1..ARGC) its arguments (options removed). ERROR
 * is never NULL (main always wants the reason). */
typedef gboolean (*HsCliFunc)(HsCliContext *ctx, int argc, char **argv, GError **error);

/* One command. Its options are static GOptionEntry arrays (NULL-terminated) whose values live in the
 * command's own file; main frees their strings after the run. */
struct HsCliCommand {
  const char *name;
  const char *summary;     /* one line for 'hardsix --help' */
  const char *parameters;  /* after "hardsix CMD [OPTION…]" in its --help */
  const char *help;        /* the text above the options in its --help */
  const char *description; /* the text below them, or NULL */
  const GOptionEntry *options;
  HsCliFlags flags;
  HsCliFunc check; /* may be NULL: checks the arguments and the command's own option values before
                    * anything is loaded (usage errors come first, and cheaply) */
  HsCliFunc run;   /* the command itself, after main's setup */
};

/* The commands (src/cli/NAME.c each), listed by main in this order. */
extern const HsCliCommand hs_cli_feedback, hs_cli_solve, hs_cli_verify, hs_cli_explain, hs_cli_sweep, hs_cli_prove,
  hs_cli_optimize, hs_cli_merge, hs_cli_sheet, hs_cli_next, hs_cli_robust, hs_cli_repair, hs_cli_rank, hs_cli_page,
  hs_cli_check_table, hs_cli_checkpoint;

/* argv[0] of the process (main sets it): check-table runs the program again. */
extern const char *hs_cli_argv0;

/* ---- setup.c: shared options and setup ---- */

void hs_cli_context_init(HsCliContext *ctx, const HsCliCommand *command);
void hs_cli_context_clear(HsCliContext *ctx);

/* Builds the option context of CTX's command: its own options (placed ones bound to ctx->opt), then
 * the shared options its flags ask for, less those its own options redefine (the command's meaning of
 * the name wins; ctx->opt keeps NULL for them). */
GOptionContext *hs_cli_option_context_new(HsCliContext *ctx);

/* A usage error for an option given an empty value (-o '', --html '', --answers '', ...), checked
 * before anything else runs. */
gboolean hs_cli_check_file_options(const HsCliContext *ctx, GError **error);

/* Loads and resolves what the command's flags ask for, from ctx->opt (ARGV as for HsCliFunc). */
gboolean hs_cli_setup(HsCliContext *ctx, int argc, char **argv, GError **error);

/* ---- common.c: errors and small helpers ---- */

/* Set an error of HS_CLI_ERROR: CODE with a printf-style message; a usage error, a failure; or
 * "already reported". All return FALSE. */
gboolean hs_cli_error_set(GError **error, HsCliError code, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
#define hs_cli_usage_error(error, ...) hs_cli_error_set((error), HS_CLI_ERROR_USAGE, __VA_ARGS__)
#define hs_cli_fail(error, ...) hs_cli_error_set((error), HS_CLI_ERROR_FAILED, __VA_ARGS__)
gboolean hs_cli_reported(GError **error);

/* fprintf to OUT for a line that holds untrusted text (words, file names, lines of files, messages
 * built from them): control characters are shown escaped (hs_escape_message), line breaks kept. */
void hs_cli_print(FILE *out, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
/* Turns *ERROR, the failure to parse the value of OPTION (any domain), into the usage error
 * "OPTION: message". Returns FALSE. */
gboolean hs_cli_bad_value(GError **error, const char *option);

/* Looks up a word typed on the command line; an unknown word is a usage error "WHAT 'x' is not ...". */
gboolean hs_cli_find_word(const HsCliContext *ctx, const char *what, const char *text, guint *out, GError **error);

/* Warns on stderr about override rules the strategy never used; with --strict-overrides they are
 * errors (reported there; returns FALSE with HS_CLI_ERROR_REPORTED). */
gboolean hs_cli_check_overrides_used(const HsCliContext *ctx, const HsStrategy *s, GError **error);

/* Progress line on a TTY: "\r<text>" at most ten times a second (FORCE draws anyway); hs_cli_progress_end
 * finishes the line. Does nothing when stderr is not a terminal. */
void hs_cli_progress(gboolean force, const char *fmt, ...) G_GNUC_PRINTF(2, 3);
void hs_cli_progress_end(void);

/* The progress meter of a long parallel run (sweep, robust, prove --all, optimize --all): the library
 * calls hs_cli_meter_update (hs_cli_meter_update_plain where it counts nothing but the work done) with
 * the meter as its user data, which draws "WHAT: DONE/TOTAL ITEMS[, COUNT COUNTED], RATE ITEMS/s, ETA
 * S s" with hs_cli_progress, the rate with DIGITS decimals. */
typedef struct {
  const char *what;    /* the command: "sweep" */
  const char *items;   /* what is done: "openers" */
  const char *counted; /* what COUNT counts: "passing" (NULL for the plain form) */
  int digits;          /* decimals of the rate */
  gint64 start;        /* g_get_monotonic_time() when the run started */
} HsCliMeter;

void hs_cli_meter_update(guint done, guint total, guint count, gpointer meter);
void hs_cli_meter_update_plain(guint done, guint total, gpointer meter);

/* Ends the meter's line and sets *SECS to the seconds since its start; returns OK, the verdict of the
 * run. A run that failed while *INTERRUPTED was set fails with "WHAT interrupted; nothing written"
 * instead of the library's error. */
gboolean hs_cli_meter_finish(const HsCliMeter *m, gboolean ok, const volatile gint *interrupted, double *secs,
                             GError **error);

/* ---- signals.c: SIGINT, SIGTERM, SIGHUP ---- */

/* Installs the handlers (main, first; a signal ignored at start stays ignored). A signal ends the
 * process by that signal at once, except during a file commit (it waits for the commit's end) and
 * after hs_cli_catch_interrupts (it sets the flag, and the run stops by itself). */
void hs_cli_signals_install(void);

/* From now on the first signal sets *FLAG instead of ending the process (for long runs that stop
 * cleanly and write nothing); a second one still ends it. */
void hs_cli_catch_interrupts(volatile gint *flag);

/* When a signal was received: ends the process by it (exit status 128 + N for the caller), after
 * flushing stdout and stderr. Returns only when none was. main calls it last. */
void hs_cli_signals_exit(void);

/* The line that heads the TSV of a --shard K/N run (sweep, prove --all, optimize --all), with its
 * newline: "# hardsix shard K/N; command C; lists L; answers N sha256:H; guesses ...; rules R;
 * max-guesses M; policy P; options OPTIONS; openers SET COUNT sha256:H". merge checks that shards
 * agree on everything after "shard K/N" and that every K of N is there once. "" when not sharded. */
char *hs_cli_shard_header(const HsCliContext *ctx, const char *options);

/* The first 16 hex digits of the SHA-256 of words [LO, HI) of W, one per line (shard lines). */
char *hs_cli_words_checksum(const HsWords *w, guint lo, guint hi);

/* ---- rows.c: the TSV tables of runs over openers, read back (merge, check-table) ---- */

/* TEXT (LEN bytes, the whole file FILE) split into lines: a UTF-8 byte-order mark and the CR of CRLF
 * line ends are dropped; an empty file or one without a final newline is an error (NULL). */
GStrv hs_cli_table_lines(const char *file, const char *text, gsize len, GError **error);

/* A shard line "# hardsix shard K/N; command C; lists L; ..." (hs_cli_shard_header), split at "; ". */
typedef struct {
  const char *path;
  guint k, n;
  HsCliSplit split; /* "K/N", "K/N:letters" or "K/N:groups" */
  GStrv parts;      /* parts[0] is "# hardsix shard K/N" */
} HsCliShard;

/* Parses "K/N", "K/N:letters" or "K/N:groups" (1 <= K <= N <= 1,000,000); FALSE when TEXT is none. */
gboolean hs_cli_shard_number(const char *text, guint *k, guint *n, HsCliSplit *split);

/* The suffix of a split in a shard number: "", ":letters" or ":groups". */
const char *hs_cli_split_suffix(HsCliSplit split);

/* The openers of shard K of N of OPENERS[0..N_OPENERS) into OUT: every N-th opener (hs_sweep_shard),
 * every N-th unit of openers with like letters (hs_sweep_shard_by_letters), or every N-th group of
 * openers with the same letters (hs_sweep_shard_by_groups). */
guint hs_cli_shard_slice(const HsWords *words, const guint32 *openers, guint n_openers, guint k, guint n,
                         HsCliSplit split, guint32 *out);

/* Parses LINE (line 1 of FILE) into SH (cleared by hs_cli_shard_clear); every part must be there. */
gboolean hs_cli_shard_parse(const char *file, const char *line, HsCliShard *sh, GError **error);
void hs_cli_shard_clear(HsCliShard *sh);
/* The value of part NAME ("NAME VALUE") of SH, or NULL. */
const char *hs_cli_shard_part(const HsCliShard *sh, const char *name);

/* Which run wrote a table, from its column header. */
typedef enum { HS_CLI_TABLE_SWEEP, HS_CLI_TABLE_PROVE, HS_CLI_TABLE_OPTIMIZE } HsCliTableKind;
typedef struct {
  HsCliTableKind kind;
  const char *command; /* "sweep", "prove", "optimize" */
  guint n_columns;
  gboolean seconds;     /* the last column is 'seconds' (--timing) */
  gboolean lower_bound; /* optimize --best: a 'lower_bound' column after the average */
  gboolean step_bound;  /* optimize --best --shard: then a 'step_bound' column (each opener's one-step bound) */
} HsCliTableShape;

/* The shape of the column header HEADER (line LINENO of FILE); any other header is an error. */
gboolean hs_cli_table_shape(const char *file, guint lineno, const char *header, HsCliTableShape *shape, GError **error);

/* What a row is checked against: its table's shape, the lists, the cap. */
typedef struct {
  const HsCliTableShape *shape;
  const HsWords *words;
  guint max_guesses;
} HsCliTableCheck;

/* Checks the row FIELDS (line LINENO of FILE) for its own consistency: as many fields as columns, the
 * opener a word of the lists, every number a number in range, and the columns agreeing with each
 * other (sweep: the histogram counts every answer once, and worst, over_cap, first_over, total,
 * average and the verdict follow from it; optimize: the average is total / answers, a total lies
 * between one guess and the cap per answer, an impossible row has none; with --best's lower_bound
 * column an optimal row has a total and no bound, a worse row a bound in that range and no total, an
 * impossible row neither). Verdicts themselves cannot be checked here (check-table decides rows
 * again). Errors name FILE:LINENO. */
gboolean hs_cli_table_check_row(const HsCliTableCheck *c, char **fields, const char *file, guint lineno,
                                GError **error);

/* ---- wide.c: handing a run over to the wide build ---- */

/* The program's arguments as main got them (for the hand-over). */
extern char **hs_cli_argv;

/* Runs the same command line with hardsix-wide (next to this program), which plays games of up to
 * 255 letters: execv, so it returns only when that fails, adding why to *ERROR. A strategy file this
 * run already read from stdin is passed on (the wide build reads it back from the environment's
 * descriptor HARDSIX_STDIN_FD). The wide build itself never hands over. */
void hs_cli_run_wide(const HsCliContext *ctx, GError **error);

/* ---- output.c: writing results ---- */

/* Results go out in one of two ways. Data for stdout, or one file, is written at once by
 * hs_cli_write_output. A run that writes files (-o DIR sets, --html, --save-overrides) plans them
 * before the long work (hs_cli_plan_file, hs_cli_plan_dir: usable paths, no two options naming the
 * same file), queues them as they are made (hs_cli_output_add) and writes them as one set at the end
 * (hs_cli_output_commit): all new, or all as they were. */

/* Writes TEXT whole: to stdout when TARGET is NULL; to the file TARGET when NAME is NULL; else to
 * TARGET/NAME (TARGET is a directory). Files are written atomically (name.tmp, then rename; pipes and
 * devices directly). */
gboolean hs_cli_write_output(const char *target, const char *name, const char *text, GError **error);

/* Writes ROWS, the TSV of a run over openers (sweep, prove --all, optimize --all), headed by its shard
 * line (hs_cli_shard_header with OPTIONS), to -o FILE or stdout. */
gboolean hs_cli_write_rows(const HsCliContext *ctx, const char *options, const char *rows, GError **error);

/* Sorts ROWS (N rows of SIZE bytes, each with its opener's word index, a guint32, at byte OFFSET) by the
 * opener's word: the row order of every run over openers (sweep, prove --all, optimize --all), which
 * merge keeps. */
void hs_cli_sort_rows(const HsCliContext *ctx, gpointer rows, guint n, gsize size, gsize offset);

/* The end of a run over openers (prove --all, optimize --all): the rows (N of ROW_SIZE bytes, the
 * opener's word index a guint32 at OPENER_OFFSET), rendered and summarised by the report layer. */
typedef struct {
  gpointer rows;
  guint n;
  gsize row_size, opener_offset;
  char *(*render)(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r);
  char *(*summarize)(const HsWords *w, gconstpointer rows, guint n, const HsAllReport *r);
  const char *made_with; /* the options the shard header records (may be NULL) */
} HsCliAllRows;

/* After the parallel loop: the meter's verdict (hs_cli_meter_finish, which sets REPORT->secs), then
 * the rows sorted by opener, written (hs_cli_write_rows) and the summary on stderr. */
gboolean hs_cli_finish_all(HsCliContext *ctx, const HsCliMeter *meter, gboolean ok, const volatile gint *interrupted,
                           HsAllReport *report, const HsCliAllRows *rows, GError **error);

/* Flushes stdout; a write error (now or earlier) fails with "cannot write to stdout". */
gboolean hs_cli_flush_stdout(GError **error);

/* A planned output: the option that names it ("-o", "--html", ...) and its path. */
typedef struct {
  char *option;
  char *path;
} HsCliPlanned;

/* Plans file PATH, named by OPTION: its directory exists and takes a new file (a probe file is made
 * and removed), it is not a directory, and no other planned output is the same file (a usage error
 * naming both options). */
gboolean hs_cli_plan_file(HsCliContext *ctx, const char *option, const char *path, GError **error);

/* Plans directory DIR (named by OPTION) and the files NAMES (NULL-terminated; may be empty) in it: DIR
 * is a directory, or can be made (its parent exists); it is not made yet (hs_cli_output_commit
 * makes it, so that a failed run leaves nothing behind). */
gboolean hs_cli_plan_dir(HsCliContext *ctx, const char *option, const char *dir, const char *const *names,
                         GError **error);

/* Queues TEXT for DIR/NAME (DIR made by the commit when missing), or for the file NAME when DIR is
 * NULL. */
void hs_cli_output_add(HsCliContext *ctx, const char *dir, const char *name, const char *text);

/* Writes the queued files as one set; then prints "wrote NOTE" (ctx->outputs_note) when set. When
 * FAILED (the run's verdict is a failure) and --force was not given, files that exist are not
 * replaced: nothing is written, stderr says so and where it would have written, and the result is
 * TRUE (the command reports its own failure). */
gboolean hs_cli_output_commit(HsCliContext *ctx, gboolean failed, GError **error);

/* The names of the files -o DIR gets for a strategy of OPENER: OPENER.by-pattern.txt, ... (one per
 * format of hs_format_all). */
GStrv hs_cli_strategy_names(const HsCliContext *ctx, const char *opener);

/* For solve, prove and optimize (one opener) and repair: -o DIR and --format do not go together;
 * parses --format (default by-pattern); plans -o DIR for OPENER with the strategy files and EXTRA
 * (NULL-terminated names, or NULL). */
gboolean hs_cli_strategy_format(HsCliContext *ctx, const char *opener, const char *const *extra, HsFormat *format,
                                GError **error);

/* For solve and repair: one OPENER argument (a usage error otherwise), then hs_cli_strategy_format. */
gboolean hs_cli_check_opener(HsCliContext *ctx, int argc, char **argv, const char *const *extra, HsFormat *format,
                             GError **error);

/* For prove and optimize ("OPENER | --all"): with ALL, no OPENER and no --format; without, one OPENER.
 * Usage errors. */
gboolean hs_cli_check_opener_or_all(const HsCliContext *ctx, gboolean all, int argc, GError **error);

/* Then their outputs: with ALL, -o FILE (the TSV); without, hs_cli_strategy_format for OPENER. */
gboolean hs_cli_plan_opener_or_all(HsCliContext *ctx, gboolean all, const char *opener, HsFormat *format,
                                   GError **error);

/* Verifies S (its per-word listing and every parseable output) with the independent verifier, then
 * queues DIR/OPENER.{by-pattern.txt,per-word.txt,tree.txt,json,selby.tree} for -o DIR, or writes FORMAT
 * to stdout when --format was given, marked verified only when the verifier accepted them, and prints
 * the summary on stderr (histogram, average, answers over the cap with their paths). S->policy names
 * the policy in file headers. *VERIFIED is TRUE when verified and within the cap. Returns FALSE only
 * when writing to stdout fails. VERIFY_MS (may be NULL) receives the time of verifying and rendering.
 * The command then calls hs_cli_output_commit with its verdict. */
gboolean hs_cli_emit_strategy(HsCliContext *ctx, HsStrategy *s, HsFormat format, gboolean *verified, double *verify_ms,
                              GError **error);

/* hs_cli_emit_strategy, then hs_cli_output_commit with its verdict (the end of solve, prove and
 * optimize for one opener). WRITE_MS (may be NULL) receives the time of the commit. */
gboolean hs_cli_publish_strategy(HsCliContext *ctx, HsStrategy *s, HsFormat format, gboolean *verified,
                                 double *verify_ms, double *write_ms, GError **error);

/* --timing: "timing: table T ms, PHASE P ms, verify V ms, write W ms" on stderr (T: ctx->table_ms). */
void hs_cli_print_timing(const HsCliContext *ctx, const char *phase, double phase_ms, double verify_ms,
                         double write_ms);

/* ---- prove.c ---- */

/* Why OPENER cannot guarantee ctx's cap (the prover's explanation WHY), on stderr: the opener pattern
 * whose part the search refuted, its words, and (when WHY was explained) the fewest guesses it needs;
 * then the search's NODES and SECS. Returns FALSE with HS_CLI_ERROR_REPORTED (the verdict of prove and
 * optimize for one opener). */
gboolean hs_cli_report_impossible(const HsCliContext *ctx, guint opener, const HsProveFailure *why, guint64 nodes,
                                  double secs, GError **error);

/* The progress of one opener's search on a terminal: "WHAT OPENER: N nodes, S s" (hs_cli_progress;
 * end it with hs_cli_progress_end). */
typedef struct {
  const char *what;       /* the command: "prove" */
  const char *opener;     /* the opener's text */
  gint64 start;           /* g_get_monotonic_time() when the search started */
  const char *checkpoint; /* optimize --checkpoint: its file (NULL: none) */
  guint64 saves;          /* ... saves reported so far */
  const HsOptimizer *optimizer;
} HsCliSearchMeter;

/* Shows P's progress with METER (which must outlive the search) when stderr is a terminal. */
void hs_cli_watch_prover(HsProver *P, HsCliSearchMeter *m);
/* The same for the optimiser's search (after the prover has decided); with M->checkpoint, also a line
 * on stderr (terminal or not) after each checkpoint the search saved. */
void hs_cli_watch_optimizer(HsOptimizer *O, HsCliSearchMeter *m);
/* Says on stderr that a search's memo reached its bound and was thinned FLUSHES times (nothing when 0). */
void hs_cli_note_memo_thinned(guint64 flushes);

/* ---- load.c: strategy files (HS_CMD_STRATEGY_FILE) ---- */

/* Reads PATH into ctx->input_* and lets its header lines fill in --lists and --rules (setup's first
 * step). */
gboolean hs_cli_read_strategy_file(HsCliContext *ctx, const char *path, GError **error);

/* Verifies ctx->input_text against ctx->words and ctx->policy's rules and cap with the independent
 * verifier and builds its tree (a new strategy borrowing ctx->words). An unverified file is refused:
 * its first problems are shown, saying that no PRODUCT ("sheet", "lookup") is made from it, and the
 * error is HS_CLI_ERROR_REPORTED. */
HsPublished *hs_cli_verified_strategy(const HsCliContext *ctx, const char *product, GError **error);
