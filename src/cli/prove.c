/* hardsix prove — the exact prover on the command line: one opener (a verified strategy, or why none
 * exists), or every opener (--all: a TSV of verdicts, in parallel, sharded like sweep). */
#include "output.h"

#include <stdio.h>
#include <string.h>
#include <time.h>

/* How many words of a failing part are named. */
#define PART_SHOWN 12

static char *
policy_string(const HsCliSetup *setup, HsProveOrder order)
{
  return g_strdup_printf("exact proof, rules %s, search %s", hs_rules_name(setup->policy.rules),
                         hs_prove_order_name(order));
}

/* Lists the words of the opener's part PATTERN (canonical order), at most PART_SHOWN. */
static void
append_part(GString *out, const HsWords *w, const HsTable *table, guint opener, guint8 pattern)
{
  const guint8 *row = hs_table_row(table, opener, NULL);
  guint shown = 0, total = 0;
  for (guint a = 0; a < w->n_answers; a++) {
    if (row[a] != pattern)
      continue;
    if (shown < PART_SHOWN) {
      g_string_append_printf(out, "%s%s", shown ? ", " : "", w->text[a]);
      shown++;
    }
    total++;
  }
  if (total > shown)
    g_string_append(out, ", ...");
}

static int
prove_one(HsCliSetup *setup, guint opener, HsProveOrder order, const char *outdir, const char *format_name,
          HsFormat format, gboolean timing)
{
  GError *error = NULL;
  const HsWords *w = setup->words;
  const guint cap = setup->policy.max_guesses;
  g_autoptr(HsProver) prover = hs_prover_new(setup->table, setup->policy.rules, order);
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  hs_prover_set_cancel(prover, &interrupted);
  HsProveStats st = { 0 };
  HsProveFailure why;
  memset(&why, 0, sizeof why);
  gint64 t0 = g_get_monotonic_time();
  g_autoptr(HsStrategy) s = hs_prover_prove(prover, opener, cap, &st, &why, &error);
  double secs = (g_get_monotonic_time() - t0) / 1e6;
  if (error != NULL)
    return hs_cli_fail(error);
  const char *o = w->text[opener];
  if (s == NULL) {
    char pat[HS_PATTERN_BUFLEN];
    g_autoptr(GString) part = g_string_new(NULL);
    append_part(part, w, setup->table, opener, why.pattern);
    fprintf(stderr, "%s: impossible: no strategy solves every answer within %u guesses (%s rules)\n", o, cap,
            hs_rules_name(setup->policy.rules));
    fprintf(stderr, "  after %s %s: %u candidate%s (%s) cannot be solved within %u more guess%s", o,
            hs_pattern_format(why.pattern, HS_PATTERN_EMOJI, pat), why.n_cands, why.n_cands == 1 ? "" : "s", part->str,
            cap - 1, cap - 1 == 1 ? "" : "es");
    if (why.best)
      fprintf(stderr, "; the best is %u more (%u in all)\n", why.best, why.best + 1);
    else
      fprintf(stderr, "\n");
    fprintf(stderr, "search: %" G_GUINT64_FORMAT " nodes, %.2f s\n", st.nodes, secs);
    return HS_EXIT_FAIL;
  }
  g_autofree char *policy = policy_string(setup, order);
  hs_strategy_set_policy(s, policy);
  double verify_ms = 0, write_ms = 0;
  int rc = hs_cli_emit_strategy(setup, s, outdir, format_name, format, &verify_ms, &write_ms);
  fprintf(stderr, "%s: %s: some strategy solves every answer within %u guesses (%s rules)\n", o,
          rc == HS_EXIT_OK ? "proven" : "found but NOT verified", cap, hs_rules_name(setup->policy.rules));
  fprintf(stderr, "search: %" G_GUINT64_FORMAT " nodes, %.2f s\n", st.nodes, secs);
  if (timing)
    fprintf(stderr, "timing: table %.1f ms, search and tree %.1f ms, verify %.1f ms, write %.1f ms\n", setup->table_ms,
            secs * 1e3, verify_ms, write_ms);
  return rc;
}

/* ---- --all ---- */

/* CPU seconds used by the calling thread (per-opener times stay meaningful on a busy machine). */
static double
thread_seconds(void)
{
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time() / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

typedef struct {
  guint32 opener;
  gboolean proven;
  guint64 nodes;
  double seconds;
} Row;

static gint
cmp_rows_by_word(gconstpointer a, gconstpointer b, gpointer words)
{
  const HsWords *w = words;
  return strcmp(w->text[((const Row *)a)->opener], w->text[((const Row *)b)->opener]);
}

static gint
cmp_double(gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static char *
render_tsv(const HsWords *w, const Row *rows, guint n, gboolean timing)
{
  GString *out = g_string_new(timing ? "opener\tverdict\tnodes\tseconds\n" : "opener\tverdict\tnodes\n");
  for (guint i = 0; i < n; i++) {
    g_string_append_printf(out, "%s\t%s\t%" G_GUINT64_FORMAT, w->text[rows[i].opener],
                           rows[i].proven ? "proven" : "impossible", rows[i].nodes);
    if (timing) {
      char buf[G_ASCII_DTOSTR_BUF_SIZE];
      g_string_append_c(out, '\t');
      g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.4f", rows[i].seconds));
    }
    g_string_append_c(out, '\n');
  }
  return g_string_free(out, FALSE);
}

static int
prove_all(HsCliSetup *setup, const char *openers_spec, const char *shard, HsProveOrder order, const char *output,
          gboolean timing)
{
  GError *error = NULL;
  const HsWords *w = setup->words;
  guint shard_k = 1, shard_n = 1;
  if (shard && !hs_cli_parse_shard(shard, &shard_k, &shard_n, &error)) {
    int rc = hs_cli_usage("prove", "%s", error->message);
    g_error_free(error);
    return rc;
  }
  g_autoptr(GArray) openers = NULL;
  if (!hs_cli_select_openers(w, openers_spec, &openers, &error))
    return hs_cli_fail(error);
  if (output && !hs_cli_check_output_file(output, &error))
    return hs_cli_fail(error);
  g_autofree guint32 *mine = g_new(guint32, MAX(1u, openers->len));
  guint n = hs_sweep_shard((const guint32 *)(void *)openers->data, openers->len, shard_k, shard_n, mine);
  g_autofree Row *rows = g_new0(Row, MAX(n, 1u));
  static volatile gint interrupted;
  hs_cli_catch_interrupts(&interrupted);
  const guint cap = setup->policy.max_guesses;
  gint64 start = g_get_monotonic_time();
  guint done = 0, proven = 0;
  GError *first_error = NULL;

  /* Each opener is decided by one thread from a fresh memo, so its row never depends on the schedule;
   * rows go to their own slots and are sorted afterwards. */
#pragma omp parallel
  {
    HsProver *prover = hs_prover_new(setup->table, setup->policy.rules, order);
    hs_prover_set_cancel(prover, &interrupted);
#pragma omp for schedule(dynamic, 1)
    for (gint64 i = 0; i < (gint64)n; i++) {
      if (interrupted || g_atomic_pointer_get(&first_error) != NULL)
        continue;
      HsProveStats st = { 0 };
      gboolean ok = FALSE;
      GError *e = NULL;
      double t0 = thread_seconds();
      if (!hs_prover_decide(prover, mine[i], cap, &ok, &st, &e)) {
#pragma omp critical(prove_error)
        {
          if (first_error == NULL)
            first_error = e;
          else
            g_error_free(e);
        }
        continue;
      }
      rows[i].opener = mine[i];
      rows[i].proven = ok;
      rows[i].nodes = st.nodes;
      rows[i].seconds = thread_seconds() - t0;
#pragma omp critical(prove_progress)
      {
        done++;
        proven += ok;
        double secs = (g_get_monotonic_time() - start) / 1e6;
        double rate = secs > 0 ? done / secs : 0;
        hs_cli_progress(done == n, "prove: %u/%u openers, %u proven, %.1f openers/s, ETA %.0f s", done, n, proven, rate,
                        rate > 0 ? (n - done) / rate : 0.0);
      }
    }
    hs_prover_free(prover);
  }
  hs_cli_progress_end();
  double secs = (g_get_monotonic_time() - start) / 1e6;
  if (interrupted) {
    g_clear_error(&first_error);
    fprintf(stderr, "hardsix: prove interrupted; nothing written\n");
    return HS_EXIT_FAIL;
  }
  if (first_error != NULL)
    return hs_cli_fail(first_error);

  g_qsort_with_data(rows, (gint)n, sizeof *rows, cmp_rows_by_word, (gpointer)w);
  g_autofree char *text = render_tsv(w, rows, n, timing);
  int rc = HS_EXIT_OK;
  if (output) {
    if (!hs_file_write_atomic(output, text, strlen(text), &error))
      rc = hs_cli_fail(error);
  } else {
    fputs(text, stdout);
    if (fflush(stdout) != 0) {
      fprintf(stderr, "hardsix: cannot write to stdout\n");
      rc = HS_EXIT_FAIL;
    }
  }
  g_autofree double *t = g_new(double, MAX(n, 1u));
  guint slowest = 0;
  for (guint i = 0; i < n; i++) {
    t[i] = rows[i].seconds;
    if (rows[i].seconds > rows[slowest].seconds)
      slowest = i;
  }
  qsort(t, n, sizeof *t, cmp_double);
  double cpu = 0;
  for (guint i = 0; i < n; i++)
    cpu += rows[i].seconds;
  fprintf(stderr,
          "prove: %u openers, %u proven within %u guesses, %u impossible (%s rules, %s lists), %.1f s "
          "(%.1f s of search CPU time)\n",
          n, proven, cap, n - proven, hs_rules_name(setup->policy.rules), w->name, secs, cpu);
  if (n > 0)
    fprintf(stderr, "per opener (CPU time): median %.4f s, max %.3f s (%s)\n",
            n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2, rows[slowest].seconds, w->text[rows[slowest].opener]);
  return rc;
}

int
hs_cmd_prove(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *outdir = NULL, *format_name = NULL, *openers_spec = NULL, *shard = NULL, *search = NULL;
  gboolean all = FALSE, timing = FALSE;
  GOptionEntry entries[] = {
    { "all", 0, 0, G_OPTION_ARG_NONE, &all, "Decide every opener (or --openers) and write a TSV of verdicts", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &outdir,
      "One opener: write DIR/OPENER.by-pattern.txt, .per-word.txt, .tree.txt and .json; --all: write the TSV to "
      "FILE (atomically)",
      "DIR|FILE" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name,
      "One opener: write one format to stdout: by-pattern, per-word, tree or json", "FORMAT" },
    { "openers", 0, 0, G_OPTION_ARG_STRING, &openers_spec, "--all: all (default), answers, guesses, or a FILE of words",
      "SET" },
    { "shard", 0, 0, G_OPTION_ARG_STRING, &shard, "--all: only the K-th of N interleaved slices (1-based)", "K/N" },
    { "search", 0, 0, G_OPTION_ARG_STRING, &search,
      "Guess order: greedy (default for one opener) or fast (default for --all)", "ORDER" },
    { "timing", 0, 0, G_OPTION_ARG_NONE, &timing,
      "One opener: print the time of each phase; --all: add a 'seconds' column (CPU time)", NULL },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER | --all");
  g_option_context_set_summary(
    ctx, "Decides exactly whether some hard-mode strategy that starts with OPENER solves every answer within\n"
         "--max-guesses guesses (default 6), searching every allowed word legal under --rules (default nyt).\n"
         "When it does, the strategy found is verified by the independent verifier and written like 'solve'\n"
         "(-o DIR or --format); a summary goes to stderr. When it does not, stderr names the first opener\n"
         "pattern (in pattern order) whose part cannot be solved in the guesses left, its size, and the fewest\n"
         "guesses that part needs.\n\n"
         "With --all every opener (or --openers) is decided, in parallel (--threads), and a TSV is written\n"
         "(stdout or -o FILE), one row per opener sorted by opener:\n"
         "  opener  verdict (proven|impossible)  nodes (search nodes expanded)\n"
         "The rows are the same for any thread count and shard split ('hardsix merge' joins shards); timing\n"
         "varies from run to run, so the 'seconds' column (CPU time spent on the opener) is only added with\n"
         "--timing. A summary (counts, total time, per-opener median and maximum) goes to stderr; progress\n"
         "too when it is a terminal.\n"
         "Both search orders give the same verdicts; they differ in speed, in the nodes column and in the\n"
         "strategy found.\n\n"
         "Exit status: one opener: 0 proven and verified, 1 impossible or not verified; --all: 0 when every\n"
         "opener was decided (whatever the verdicts); 1 on errors; 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "prove", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  HsCliSetup setup = { 0 };
  HsFormat format = HS_FORMAT_BY_PATTERN;
  HsProveOrder order = all ? HS_PROVE_ORDER_FAST : HS_PROVE_ORDER_GREEDY;
  GError *error = NULL;
  guint opener = 0;
  if (all && argc != 1)
    rc = hs_cli_usage("prove", "--all takes no OPENER");
  else if (!all && argc != 2)
    rc = hs_cli_usage("prove", "expected one OPENER (or --all)");
  else if (all && format_name)
    rc = hs_cli_usage("prove", "--format is for one opener; --all writes TSV");
  else if (!all && (openers_spec || shard))
    rc = hs_cli_usage("prove", "--openers and --shard go with --all");
  else if (outdir && format_name)
    rc = hs_cli_usage("prove", "-o and --format cannot be combined");
  else if (format_name && !hs_format_parse(format_name, &format, &error)) {
    rc = hs_cli_usage("prove", "--format: %s", error->message);
    g_clear_error(&error);
  } else if (search && !hs_prove_order_parse(search, &order, &error)) {
    rc = hs_cli_usage("prove", "--search: %s", error->message);
    g_clear_error(&error);
  } else if ((rc = hs_cli_setup(&o, "prove", &setup)) == HS_EXIT_OK) {
    if (!hs_table_has_row(setup.table, setup.words->n_words - 1)) {
      /* The prover needs the row of every allowed guess. */
      hs_table_free(setup.table);
      setup.table = hs_table_new(setup.words, TRUE);
    }
    if (all) {
      rc = prove_all(&setup, openers_spec, shard, order, outdir, timing);
    } else if ((rc = hs_cli_opener(&setup, "prove", argv[1], &opener)) == HS_EXIT_OK) {
      if (outdir && !hs_cli_prepare_dir(outdir, &error))
        rc = hs_cli_fail(error);
      else
        rc = prove_one(&setup, opener, order, outdir, format_name, format, timing);
    }
  }
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
