/* hardsix CLI — shared options (lists, rules, policy, threads), error reporting and TTY checks. */
#include "cli.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <errno.h>
#include <signal.h>
#include <glib/gstdio.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void
hs_cli_options_init(HsCliOptions *o)
{
  memset(o, 0, sizeof *o);
}

void
hs_cli_options_clear(HsCliOptions *o)
{
  g_free(o->lists);
  g_free(o->answers);
  g_free(o->guesses);
  g_free(o->order);
  g_free(o->rules);
  g_free(o->pool);
  g_free(o->metric);
  g_free(o->preset);
  g_free(o->overrides);
  memset(o, 0, sizeof *o);
}

static void
add_entries(GOptionContext *ctx, const GOptionEntry *src, guint n, gpointer *targets)
{
  /* GLib copies the array (not the strings, which are static), so the copy can go at once. */
  g_autofree GOptionEntry *e = g_new0(GOptionEntry, n + 1);
  for (guint i = 0; i < n; i++) {
    e[i] = src[i];
    e[i].arg_data = targets[i];
  }
  g_option_context_add_main_entries(ctx, e, NULL);
}

/* The options being parsed, for the callbacks of --max-guesses and --threads (GLib passes main-group
 * callbacks no user data; a process parses one command line). */
static HsCliOptions *parsing;

/* Parses an integer option strictly: all digits, within LO..HI. */
static gboolean
int_option(const char *name, const char *value, gint64 lo, gint64 hi, gint *out, GError **error)
{
  gint64 v = 0;
  if (!g_ascii_string_to_signed(value, 10, G_MININT, G_MAXINT, &v, NULL) || v < lo || v > hi) {
    g_autofree char *shown = g_utf8_make_valid(value, MIN((gssize)strlen(value), 40));
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                "%s: '%s' is not a number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, name, shown, lo, hi);
    return FALSE;
  }
  *out = (gint)v;
  return TRUE;
}

static gboolean
on_max_guesses(const char *name, const char *value, gpointer data, GError **error)
{
  (void)data;
  return int_option(name, value, 1, HS_DEPTH_LIMIT - 1, &parsing->max_guesses, error);
}

static gboolean
on_threads(const char *name, const char *value, gpointer data, GError **error)
{
  (void)data;
  return int_option(name, value, 1, 4096, &parsing->threads, error);
}

void
hs_cli_add_list_options(GOptionContext *ctx, HsCliOptions *o)
{
  static const GOptionEntry e[] = {
    { "lists", 0, 0, G_OPTION_ARG_STRING, NULL, "Word-list set: original (default) or nyt2022", "SET" },
    { "answers", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Answers file (with --guesses)", "FILE" },
    { "guesses", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Other allowed guesses (with --answers)", "FILE" },
    { "order", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Canonical order of the answers (for ties)", "FILE" },
  };
  gpointer t[] = { &o->lists, &o->answers, &o->guesses, &o->order };
  add_entries(ctx, e, G_N_ELEMENTS(e), t);
}

void
hs_cli_add_rules_options(GOptionContext *ctx, HsCliOptions *o)
{
  static const GOptionEntry e[] = {
    { "rules", 0, 0, G_OPTION_ARG_STRING, NULL, "Hard-mode rules: nyt (default) or strict", "RULES" },
    { "max-guesses", 0, 0, G_OPTION_ARG_CALLBACK, NULL, "Guess cap, 1 to 63 (default 6)", "N" },
  };
  parsing = o;
  gpointer t[] = { &o->rules, (gpointer)on_max_guesses };
  add_entries(ctx, e, G_N_ELEMENTS(e), t);
}

void
hs_cli_add_policy_options(GOptionContext *ctx, HsCliOptions *o)
{
  static const GOptionEntry e[] = {
    { "pool", 0, 0, G_OPTION_ARG_STRING, NULL, "Guesses considered: legal (default) or candidates", "POOL" },
    { "metric", 0, 0, G_OPTION_ARG_STRING, NULL, "maxbucket (default), maxbucket-swapped, entropy or expected",
      "METRIC" },
    { "preset", 0, 0, G_OPTION_ARG_STRING, NULL,
      "tkihira2022 = --rules strict --pool candidates --metric maxbucket-swapped", "NAME" },
    { "overrides", 0, 0, G_OPTION_ARG_FILENAME, NULL, "File of forced guesses", "FILE" },
    { "strict-overrides", 0, 0, G_OPTION_ARG_NONE, NULL, "An override rule that is never used is an error", NULL },
  };
  gpointer t[] = { &o->pool, &o->metric, &o->preset, &o->overrides, &o->strict_overrides };
  add_entries(ctx, e, G_N_ELEMENTS(e), t);
}

void
hs_cli_add_thread_options(GOptionContext *ctx, HsCliOptions *o)
{
  static const GOptionEntry e[] = {
    { "threads", 0, 0, G_OPTION_ARG_CALLBACK, NULL, "Worker threads (default: all cores)", "N" },
  };
  parsing = o;
  gpointer t[] = { (gpointer)on_threads };
  add_entries(ctx, e, G_N_ELEMENTS(e), t);
}

gboolean
hs_cli_parse(GOptionContext *ctx, const char *cmd, int *argc, char ***argv)
{
  GError *error = NULL;
  if (!g_option_context_parse(ctx, argc, argv, &error)) {
    fprintf(stderr, "hardsix %s: %s\n(try 'hardsix %s --help')\n", cmd, error->message, cmd);
    g_error_free(error);
    return FALSE;
  }
  return TRUE;
}

HsWords *
hs_cli_load_words(const HsCliOptions *o, GError **error)
{
  HsWords *w;
  if (o->answers != NULL || o->guesses != NULL) {
    if (o->answers == NULL || o->guesses == NULL) {
      g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--answers and --guesses go together");
      return NULL;
    }
    if (o->lists != NULL) {
      g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                  "--lists cannot be combined with --answers/--guesses");
      return NULL;
    }
    w = hs_words_load(o->answers, o->guesses, error);
  } else {
    w = hs_words_load_set(o->lists ? o->lists : "original", error);
  }
  if (w != NULL && o->order != NULL && !hs_words_apply_order(w, o->order, error)) {
    hs_words_free(w);
    return NULL;
  }
  return w;
}

gboolean
hs_cli_resolve_rules(HsCliOptions *o, HsRules *rules, guint *max_guesses, gboolean *usage, GError **error)
{
  *usage = TRUE;
  if (!hs_rules_parse(o->rules ? o->rules : "nyt", rules, error)) {
    g_prefix_error(error, "--rules: ");
    return FALSE;
  }
  if (o->max_guesses < 0 || o->max_guesses > HS_DEPTH_LIMIT - 1) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--max-guesses: %d is not between 1 and %d",
                o->max_guesses, HS_DEPTH_LIMIT - 1);
    return FALSE;
  }
  *max_guesses = o->max_guesses ? (guint)o->max_guesses : 6;
  *usage = FALSE;
  return TRUE;
}

gboolean
hs_cli_resolve_policy(HsCliOptions *o, HsPolicy *p, gboolean *usage, GError **error)
{
  hs_policy_init(p);
  *usage = TRUE;
  if (o->preset != NULL) {
    if (g_strcmp0(o->preset, "tkihira2022") != 0) {
      g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                  "--preset: unknown preset '%s' (expected tkihira2022)", o->preset);
      return FALSE;
    }
    /* Explicit options still win over the preset. */
    if (o->rules == NULL)
      o->rules = g_strdup("strict");
    if (o->pool == NULL)
      o->pool = g_strdup("candidates");
    if (o->metric == NULL)
      o->metric = g_strdup("maxbucket-swapped");
  }
  if (!hs_cli_resolve_rules(o, &p->rules, &p->max_guesses, usage, error))
    return FALSE;
  *usage = TRUE;
  if (!hs_pool_parse(o->pool ? o->pool : "legal", &p->pool, error)) {
    g_prefix_error(error, "--pool: ");
    return FALSE;
  }
  if (!hs_metric_parse(o->metric ? o->metric : "maxbucket", &p->metric, error)) {
    g_prefix_error(error, "--metric: ");
    return FALSE;
  }
  *usage = FALSE;
  return TRUE;
}

HsOverrides *
hs_cli_load_overrides(const HsCliOptions *o, const HsWords *words, HsRules rules, GError **error)
{
  if (o->overrides == NULL)
    return NULL;
  return hs_overrides_load(o->overrides, words, rules, error);
}

char *
hs_cli_policy_string(const HsCliOptions *o, const HsPolicy *p)
{
  GString *s = g_string_new(NULL);
  if (o->preset)
    g_string_append_printf(s, "preset %s, ", o->preset);
  g_string_append_printf(s, "rules %s, pool %s, metric %s", hs_rules_name(p->rules), hs_pool_name(p->pool),
                         hs_metric_name(p->metric));
  if (o->order) {
    g_autofree char *b = g_path_get_basename(o->order);
    g_string_append_printf(s, ", order %s", b);
  }
  if (o->overrides) {
    g_autofree char *b = g_path_get_basename(o->overrides);
    g_string_append_printf(s, ", overrides %s", b);
  }
  return g_string_free(s, FALSE);
}

void
hs_cli_apply_threads(const HsCliOptions *o)
{
#ifdef _OPENMP
  if (o->threads > 0)
    omp_set_num_threads(o->threads);
#else
  (void)o;
#endif
}

int
hs_cli_fail(GError *error)
{
  fprintf(stderr, "hardsix: %s\n", error ? error->message : "unknown error");
  if (error)
    g_error_free(error);
  return HS_EXIT_FAIL;
}

int
hs_cli_usage(const char *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "hardsix %s: %s\n(try 'hardsix %s --help')\n", cmd, msg, cmd);
  return HS_EXIT_USAGE;
}

gboolean
hs_cli_stderr_is_tty(void)
{
  return isatty(STDERR_FILENO) != 0;
}

int
hs_cli_setup(HsCliOptions *o, const char *cmd, HsCliSetup *setup)
{
  memset(setup, 0, sizeof *setup);
  GError *error = NULL;
  gboolean usage = FALSE;
  if (!hs_cli_resolve_policy(o, &setup->policy, &usage, &error)) {
    int rc = hs_cli_usage(cmd, "%s", error->message);
    g_error_free(error);
    return rc;
  }
  setup->words = hs_cli_load_words(o, &error);
  if (setup->words == NULL) {
    if (g_error_matches(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE) ||
        g_error_matches(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET)) {
      int rc = hs_cli_usage(cmd, "%s", error->message);
      g_error_free(error);
      return rc;
    }
    return hs_cli_fail(error);
  }
  if (o->overrides != NULL) {
    setup->overrides = hs_cli_load_overrides(o, setup->words, setup->policy.rules, &error);
    if (setup->overrides == NULL)
      return hs_cli_fail(error);
    setup->policy.overrides = setup->overrides;
  }
  hs_cli_apply_threads(o);
  gint64 t0 = g_get_monotonic_time();
  setup->table = hs_table_new_full(setup->words, setup->policy.pool == HS_POOL_LEGAL,
                                   setup->policy.metric == HS_METRIC_MAXBUCKET_SWAPPED);
  setup->table_ms = (g_get_monotonic_time() - t0) / 1e3;
  setup->policy_string = hs_cli_policy_string(o, &setup->policy);
  return HS_EXIT_OK;
}

void
hs_cli_setup_clear(HsCliSetup *setup)
{
  hs_table_free(setup->table);
  hs_overrides_free(setup->overrides);
  hs_words_free(setup->words);
  g_free(setup->policy_string);
  memset(setup, 0, sizeof *setup);
}

int
hs_cli_opener(const HsCliSetup *setup, const char *cmd, const char *text, guint *out)
{
  GError *error = NULL;
  if (!hs_words_find(setup->words, text, out, &error)) {
    int rc = hs_cli_usage(cmd, "opener %s", error->message);
    g_error_free(error);
    return rc;
  }
  return HS_EXIT_OK;
}

gboolean
hs_cli_check_overrides_used(const HsCliOptions *o, const HsCliSetup *setup, const HsStrategy *s)
{
  if (setup->overrides == NULL)
    return TRUE;
  gboolean ok = TRUE;
  for (guint i = 0; i < setup->overrides->rules->len; i++) {
    if (s->override_used[i])
      continue;
    const HsOverride *r = setup->overrides->rules->pdata[i];
    fprintf(stderr, "hardsix: %s%s:%u: rule never used (its history does not occur in this tree)\n",
            o->strict_overrides ? "" : "warning: ", setup->overrides->path, r->line);
    if (o->strict_overrides)
      ok = FALSE;
  }
  return ok;
}

gboolean
hs_cli_prepare_dir(const char *dir, GError **error)
{
  if (g_file_test(dir, G_FILE_TEST_IS_DIR)) {
    if (access(dir, W_OK) != 0) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ACCES, "%s: output directory is not writable", dir);
      return FALSE;
    }
    return TRUE;
  }
  g_autofree char *parent = g_path_get_dirname(dir);
  if (g_file_test(dir, G_FILE_TEST_EXISTS)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOTDIR, "%s: exists and is not a directory", dir);
    return FALSE;
  }
  if (!g_file_test(parent, G_FILE_TEST_IS_DIR)) {
    gboolean exists = g_file_test(parent, G_FILE_TEST_EXISTS);
    g_set_error(error, G_FILE_ERROR, exists ? G_FILE_ERROR_NOTDIR : G_FILE_ERROR_NOENT, "%s: parent %s%s %s", dir,
                exists ? "" : "directory ", parent, exists ? "is not a directory" : "does not exist");
    return FALSE;
  }
  if (g_mkdir(dir, 0755) != 0) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: cannot create directory: %s", dir, g_strerror(e));
    return FALSE;
  }
  return TRUE;
}

gboolean
hs_cli_check_output_file(const char *path, GError **error)
{
  if (g_file_test(path, G_FILE_TEST_IS_DIR)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory (expected a file name)", path);
    return FALSE;
  }
  g_autofree char *dir = g_path_get_dirname(path);
  if (!g_file_test(dir, G_FILE_TEST_IS_DIR)) {
    gboolean exists = g_file_test(dir, G_FILE_TEST_EXISTS);
    g_set_error(error, G_FILE_ERROR, exists ? G_FILE_ERROR_NOTDIR : G_FILE_ERROR_NOENT, "%s: %s %s", path, dir,
                exists ? "is not a directory" : "does not exist");
    return FALSE;
  }
  /* Create and remove the temporary file the final write will use: this catches read-only
   * directories and file systems even for root, for whom permission bits do not count. */
  g_autofree char *probe = g_strdup_printf("%s.tmp.XXXXXX", path);
  int fd = g_mkstemp(probe);
  if (fd < 0) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: cannot write in %s: %s", path, dir,
                g_strerror(e));
    return FALSE;
  }
  close(fd);
  g_unlink(probe);
  return TRUE;
}

typedef struct {
  const HsWords *words;
  const char *path;
  GArray *out;
  GHashTable *seen;
} OpenerFile;

static gboolean
opener_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  OpenerFile *f = user;
  g_autofree char *t = g_strndup(line, len);
  g_strstrip(t);
  if (*t == '\0' || *t == '#')
    return TRUE;
  guint i;
  GError *werr = NULL;
  if (!hs_words_find(f->words, t, &i, &werr)) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: %s", f->path, lineno, werr->message);
    g_error_free(werr);
    return FALSE;
  }
  if (g_hash_table_contains(f->seen, GUINT_TO_POINTER(i + 1))) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: '%s' listed twice", f->path, lineno, t);
    return FALSE;
  }
  g_hash_table_add(f->seen, GUINT_TO_POINTER(i + 1));
  guint32 v = i;
  g_array_append_val(f->out, v);
  return TRUE;
}

gboolean
hs_cli_select_openers(const HsWords *words, const char *spec, GArray **out, GError **error)
{
  GArray *a = g_array_new(FALSE, FALSE, sizeof(guint32));
  if (spec == NULL || strcmp(spec, "all") == 0 || strcmp(spec, "answers") == 0 || strcmp(spec, "guesses") == 0) {
    guint lo = spec && strcmp(spec, "guesses") == 0 ? words->n_answers : 0;
    guint hi = spec && strcmp(spec, "answers") == 0 ? words->n_answers : words->n_words;
    for (guint32 i = lo; i < hi; i++)
      g_array_append_val(a, i);
  } else {
    g_autofree char *text = NULL;
    gsize len;
    if (!hs_file_read(spec, &text, &len, error)) {
      g_array_unref(a);
      return FALSE;
    }
    OpenerFile f = { words, spec, a, g_hash_table_new(NULL, NULL) };
    gboolean ok = hs_file_foreach_line(text, len, opener_line, &f, error);
    g_hash_table_destroy(f.seen);
    if (ok && a->len == 0) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:1: no openers in file", spec);
      ok = FALSE;
    }
    if (!ok) {
      g_array_unref(a);
      return FALSE;
    }
  }
  *out = a;
  return TRUE;
}

gboolean
hs_cli_parse_shard(const char *text, guint *k, guint *n, GError **error)
{
  guint64 a = 0, b = 0;
  g_auto(GStrv) parts = g_strsplit(text, "/", -1);
  if (g_strv_length(parts) != 2 || !g_ascii_string_to_unsigned(parts[0], 10, 1, 1000000, &a, NULL) ||
      !g_ascii_string_to_unsigned(parts[1], 10, 1, 1000000, &b, NULL) || a > b) {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "--shard: '%s' is not K/N with 1 <= K <= N", text);
    return FALSE;
  }
  *k = (guint)a;
  *n = (guint)b;
  return TRUE;
}

static gint64 progress_last;
static gboolean progress_drawn;

void
hs_cli_progress(gboolean force, const char *fmt, ...)
{
  if (!hs_cli_stderr_is_tty())
    return;
  gint64 now = g_get_monotonic_time();
  if (!force && now - progress_last < G_USEC_PER_SEC / 10)
    return;
  progress_last = now;
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  fprintf(stderr, "\r%s\033[K", msg);
  progress_drawn = TRUE;
}

void
hs_cli_progress_end(void)
{
  if (progress_drawn)
    fputc('\n', stderr);
  progress_drawn = FALSE;
}

static volatile gint *interrupt_flag;

static void
on_interrupt(int sig)
{
  (void)sig;
  if (interrupt_flag)
    *interrupt_flag = 1;
}

void
hs_cli_catch_interrupts(volatile gint *flag)
{
  interrupt_flag = flag;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, NULL);
  sigaction(SIGTERM, &sa, NULL);
}
