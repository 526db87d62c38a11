/* hardsix CLI — the shared options and the one setup every command gets: the command's flags say
 * which options it takes and what main loads (lists, rules, policy, overrides, table, openers, the
 * opener argument). */
#include "cli.h"

#include <stdio.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

void
hs_cli_context_init(HsCliContext *ctx, const HsCliCommand *command)
{
  memset(ctx, 0, sizeof *ctx);
  ctx->command = command;
  hs_policy_init(&ctx->policy);
}

static void
options_clear(HsCliOptions *o)
{
  char **strings[] = { &o->lists, &o->answers, &o->guesses,   &o->order,  &o->rules,  &o->pool,    &o->metric,
                       &o->ties,  &o->preset,  &o->overrides, &o->output, &o->format, &o->openers, &o->shard };
  for (guint i = 0; i < G_N_ELEMENTS(strings); i++)
    g_clear_pointer(strings[i], g_free);
}

void
hs_cli_context_clear(HsCliContext *ctx)
{
  options_clear(&ctx->opt);
  g_free(ctx->input_name);
  g_free(ctx->input_text);
  g_free(ctx->lists_hint);
  hs_table_free(ctx->table);
  hs_overrides_free(ctx->overrides);
  hs_words_free(ctx->words);
  g_free(ctx->policy_string);
  g_free(ctx->openers);
  g_free(ctx->opener_units);
  g_free(ctx->openers_checksum);
  if (ctx->planned != NULL)
    g_ptr_array_unref(ctx->planned);
  hs_file_set_free(ctx->outputs);
  g_free(ctx->outputs_note);
  memset(ctx, 0, sizeof *ctx);
}

/* ---- options ---- */

/* Parses an integer option strictly: all digits, within LO..HI. */
static gboolean
int_option(const char *name, const char *value, gint64 lo, gint64 hi, gint *out, GError **error)
{
  gint64 v = 0;
  if (!g_ascii_string_to_signed(value, 10, G_MININT, G_MAXINT, &v, NULL) || v < lo || v > hi) {
    g_autofree char *shown = hs_escape(value, -1, 40);
    return hs_cli_usage_error(error, "%s: '%s' is not a number from %" G_GINT64_FORMAT " to %" G_GINT64_FORMAT, name,
                              shown, lo, hi);
  }
  *out = (gint)v;
  return TRUE;
}

/* Option callbacks get the context as the main group's user data. */
static gboolean
on_max_guesses(const char *name, const char *value, gpointer ctx, GError **error)
{
  return int_option(name, value, 1, HS_DEPTH_LIMIT - 1, &((HsCliContext *)ctx)->opt.max_guesses, error);
}

static gboolean
on_threads(const char *name, const char *value, gpointer ctx, GError **error)
{
  return int_option(name, value, 1, 4096, &((HsCliContext *)ctx)->opt.threads, error);
}

static const GOptionEntry list_entries[] = {
  { "lists", 0, 0, G_OPTION_ARG_STRING, NULL,
    "Word-list set: original (default), nyt2022 or nyt2023; SET-all (original-all, ...): every allowed word is an "
    "answer",
    "SET" },
  { "answers", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Answers file (alone: every allowed word is an answer)", "FILE" },
  { "guesses", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Other allowed guesses, never answers (with --answers)", "FILE" },
  { "short-guesses", 0, 0, G_OPTION_ARG_NONE, NULL,
    "Guesses may be shorter than the answers (with --answers; their missing tiles are grey)", NULL },
  { "order", 0, 0, G_OPTION_ARG_FILENAME, NULL, "Canonical order of the answers (for ties): a file or tkihira2022",
    "FILE" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};
static const GOptionEntry rules_entries[] = {
  { "rules", 0, 0, G_OPTION_ARG_STRING, NULL, "Rules: nyt (hard mode, default), strict, or none (normal mode)",
    "RULES" },
  { "max-guesses", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)on_max_guesses, "Guess cap, 1 to 63 (default 6)", "N" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};
static const GOptionEntry policy_entries[] = {
  { "pool", 0, 0, G_OPTION_ARG_STRING, NULL, "Guesses considered: legal (default) or candidates", "POOL" },
  { "metric", 0, 0, G_OPTION_ARG_STRING, NULL, "maxbucket (default), maxbucket-swapped, entropy or expected",
    "METRIC" },
  { "ties", 0, 0, G_OPTION_ARG_STRING, NULL,
    "Equal scores go to: canonical (default; answers first) or alphabetical (the 2022 entropy solver)", "ORDER" },
  { "preset", 0, 0, G_OPTION_ARG_STRING, NULL,
    "tkihira2022 = --rules strict --pool candidates --metric maxbucket-swapped; entropy2022 = --rules none "
    "--pool legal --metric entropy --ties alphabetical, a candidate unless another word has 0.001 bits more",
    "NAME" },
  { "overrides", 0, 0, G_OPTION_ARG_FILENAME, NULL, "File of forced guesses", "FILE" },
  { "strict-overrides", 0, 0, G_OPTION_ARG_NONE, NULL, "An override rule that is never used is an error", NULL },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};
static const GOptionEntry thread_entries[] = {
  { "threads", 0, 0, G_OPTION_ARG_CALLBACK, (gpointer)on_threads, "Worker threads (default: all cores)", "N" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

/* The shared options, by flag, in the order --help lists them. */
static const struct {
  HsCliFlags flag;
  const GOptionEntry *entries;
} shared_options[] = {
  { HS_CMD_LISTS, list_entries },
  { HS_CMD_RULES, rules_entries },
  { HS_CMD_POLICY, policy_entries },
  { HS_CMD_THREADS, thread_entries },
};

/* Where the value of a shared option goes (callbacks keep their function). */
static gpointer
shared_slot(HsCliOptions *o, const char *name)
{
  static const struct {
    const char *name;
    gsize offset;
  } slots[] = {
    { "lists", G_STRUCT_OFFSET(HsCliOptions, lists) },
    { "answers", G_STRUCT_OFFSET(HsCliOptions, answers) },
    { "guesses", G_STRUCT_OFFSET(HsCliOptions, guesses) },
    { "short-guesses", G_STRUCT_OFFSET(HsCliOptions, short_guesses) },
    { "order", G_STRUCT_OFFSET(HsCliOptions, order) },
    { "rules", G_STRUCT_OFFSET(HsCliOptions, rules) },
    { "pool", G_STRUCT_OFFSET(HsCliOptions, pool) },
    { "metric", G_STRUCT_OFFSET(HsCliOptions, metric) },
    { "ties", G_STRUCT_OFFSET(HsCliOptions, ties) },
    { "preset", G_STRUCT_OFFSET(HsCliOptions, preset) },
    { "overrides", G_STRUCT_OFFSET(HsCliOptions, overrides) },
    { "strict-overrides", G_STRUCT_OFFSET(HsCliOptions, strict_overrides) },
    { "output", G_STRUCT_OFFSET(HsCliOptions, output) },
    { "format", G_STRUCT_OFFSET(HsCliOptions, format) },
    { "openers", G_STRUCT_OFFSET(HsCliOptions, openers) },
    { "shard", G_STRUCT_OFFSET(HsCliOptions, shard) },
    { "force", G_STRUCT_OFFSET(HsCliOptions, force) },
  };
  for (guint i = 0; i < G_N_ELEMENTS(slots); i++)
    if (strcmp(slots[i].name, name) == 0)
      return G_STRUCT_MEMBER_P(o, slots[i].offset);
  g_error("hardsix: option --%s has no place in HsCliOptions", name); /* a bug in a command table */
  return NULL;
}

/* TRUE when the command's own options define --NAME. */
static gboolean
own_option(const HsCliCommand *cmd, const char *name)
{
  for (const GOptionEntry *e = cmd->options; e != NULL && e->long_name != NULL; e++)
    if (strcmp(e->long_name, name) == 0)
      return TRUE;
  return FALSE;
}

/* Adds ENTRIES to GROUP, binding those without a value pointer to ctx->opt. A shared entry (SHARED)
 * whose name the command's own options use is left out: the command's own meaning wins (rank's
 * --pool chooses openers, not the greedy pool). */
static void
add_entries(GOptionGroup *group, const GOptionEntry *entries, HsCliContext *ctx, gboolean shared)
{
  guint n = 0;
  while (entries[n].long_name != NULL)
    n++;
  /* GLib copies the array (not the strings, which are static), so the copy can go at once. */
  g_autofree GOptionEntry *e = g_new0(GOptionEntry, n + 1);
  guint m = 0;
  for (guint i = 0; i < n; i++) {
    if (shared && own_option(ctx->command, entries[i].long_name))
      continue;
    e[m] = entries[i];
    if (e[m].arg_data == NULL)
      e[m].arg_data = shared_slot(&ctx->opt, e[m].long_name);
    m++;
  }
  g_option_group_add_entries(group, e);
}

GOptionContext *
hs_cli_option_context_new(HsCliContext *ctx)
{
  const HsCliCommand *cmd = ctx->command;
  GOptionContext *oc = g_option_context_new(cmd->parameters);
  g_option_context_set_summary(oc, cmd->help);
  if (cmd->description != NULL)
    g_option_context_set_description(oc, cmd->description);
  GOptionGroup *main_group = g_option_group_new(NULL, NULL, NULL, ctx, NULL);
  g_option_context_set_main_group(oc, main_group);
  if (cmd->options != NULL)
    add_entries(main_group, cmd->options, ctx, FALSE);
  for (guint i = 0; i < G_N_ELEMENTS(shared_options); i++)
    if (cmd->flags & shared_options[i].flag)
      add_entries(main_group, shared_options[i].entries, ctx, TRUE);
  return oc;
}

/* ---- setup ---- */

/* Refuses an option naming a file with an empty name (-o '', --html '', ...): at once, as a usage
 * error, not after the whole run when the write fails. */
gboolean
hs_cli_check_file_options(const HsCliContext *ctx, GError **error)
{
  const HsCliOptions *o = &ctx->opt;
  const struct {
    const char *name, *value;
  } shared[] = { { "-o", o->output },     { "--answers", o->answers },     { "--guesses", o->guesses },
                 { "--order", o->order }, { "--overrides", o->overrides }, { "--openers", o->openers },
                 { "--lists", o->lists }, { "--rules", o->rules },         { "--format", o->format } };
  for (guint i = 0; i < G_N_ELEMENTS(shared); i++)
    if (shared[i].value != NULL && shared[i].value[0] == '\0')
      return hs_cli_usage_error(error, "%s: empty value", shared[i].name);
  for (const GOptionEntry *e = ctx->command->options; e != NULL && e->long_name != NULL; e++) {
    if (e->arg_data == NULL || (e->arg != G_OPTION_ARG_FILENAME && e->arg != G_OPTION_ARG_STRING))
      continue;
    const char *v = *(char *const *)e->arg_data;
    if (v != NULL && v[0] == '\0')
      return hs_cli_usage_error(error, "--%s: empty value", e->long_name);
  }
  return TRUE;
}

/* --preset, --rules, --max-guesses, --pool, --metric. Bad values are usage errors. */
static gboolean
resolve_policy(HsCliContext *ctx, GError **error)
{
  HsCliOptions *o = &ctx->opt;
  HsPolicy *p = &ctx->policy;
  if ((ctx->command->flags & HS_CMD_POLICY) && o->preset != NULL) {
    /* Explicit options still win over the preset. */
    if (g_strcmp0(o->preset, "tkihira2022") == 0) {
      if (o->rules == NULL)
        o->rules = g_strdup("strict");
      if (o->pool == NULL)
        o->pool = g_strdup("candidates");
      if (o->metric == NULL)
        o->metric = g_strdup("maxbucket-swapped");
    } else if (g_strcmp0(o->preset, "entropy2022") == 0) {
      HsPolicy e;
      hs_policy_init(&e);
      hs_policy_entropy2022(&e);
      if (o->rules == NULL)
        o->rules = g_strdup(hs_rules_name(e.rules));
      if (o->pool == NULL)
        o->pool = g_strdup(hs_pool_name(e.pool));
      if (o->metric == NULL)
        o->metric = g_strdup(hs_metric_name(e.metric));
      if (o->ties == NULL)
        o->ties = g_strdup(hs_ties_name(e.ties));
      p->candidate_margin = e.candidate_margin;
    } else {
      return hs_cli_usage_error(error, "--preset: unknown preset '%s' (expected tkihira2022 or entropy2022)",
                                o->preset);
    }
  }
  if (!hs_rules_parse(o->rules ? o->rules : "nyt", &p->rules, error))
    return hs_cli_bad_value(error, "--rules");
  p->max_guesses = o->max_guesses ? (guint)o->max_guesses : 6;
  if (!(ctx->command->flags & HS_CMD_POLICY))
    return TRUE;
  if (!hs_pool_parse(o->pool ? o->pool : "legal", &p->pool, error))
    return hs_cli_bad_value(error, "--pool");
  if (!hs_metric_parse(o->metric ? o->metric : "maxbucket", &p->metric, error))
    return hs_cli_bad_value(error, "--metric");
  if (!hs_ties_parse(o->ties ? o->ties : "canonical", &p->ties, error))
    return hs_cli_bad_value(error, "--ties");
  return TRUE;
}

/* The words the options name (default: the original lists), in the --order given. */
static gboolean
load_words(HsCliContext *ctx, GError **error)
{
  const HsCliOptions *o = &ctx->opt;
  if (o->short_guesses && o->answers == NULL)
    return hs_cli_usage_error(error, "--short-guesses goes with --answers (built-in lists say themselves whether "
                                     "guesses may be shorter)");
  if (o->answers != NULL || o->guesses != NULL) {
    /* --answers alone: every allowed word can be the answer. */
    if (o->answers == NULL)
      return hs_cli_usage_error(error, "--guesses goes with --answers");
    if (o->lists != NULL)
      return hs_cli_usage_error(error, "--lists cannot be combined with --answers/--guesses");
    ctx->words = hs_words_load_game(o->answers, o->guesses, o->short_guesses, error);
  } else {
    ctx->words = hs_words_load_set(o->lists ? o->lists : "original", error);
    /* --lists naming no built-in set is a bad option value. */
    if (ctx->words == NULL && g_error_matches(*error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET))
      return hs_cli_bad_value(error, NULL);
  }
  if (ctx->words == NULL)
    return FALSE;
  if (o->order != NULL && !hs_words_apply_order(ctx->words, o->order, error)) {
    /* A built-in order that does not fit the lists is a bad option value too. */
    if (g_error_matches(*error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET))
      return hs_cli_bad_value(error, NULL);
    return FALSE;
  }
  return TRUE;
}

static gboolean
load_overrides(HsCliContext *ctx, GError **error)
{
  if (ctx->opt.overrides == NULL)
    return TRUE;
  ctx->overrides = hs_overrides_load(ctx->opt.overrides, ctx->words, ctx->policy.rules, error);
  ctx->policy.overrides = ctx->overrides;
  return ctx->overrides != NULL;
}

/* --threads N: more than HS_CLI_THREADS_PER_CORE threads per core only costs memory (each thread has
 * its own search state and stack), and thousands of threads can exhaust it; N is capped there, with a
 * note on stderr. */
#define HS_CLI_THREADS_PER_CORE 4

static void
apply_threads(const HsCliContext *ctx)
{
#ifdef _OPENMP
  int n = ctx->opt.threads;
  int cores = MAX(1, (int)g_get_num_processors());
  int cap = MIN(4096, HS_CLI_THREADS_PER_CORE * cores);
  if (n > cap) {
    fprintf(stderr, "hardsix: --threads %d capped at %d (%d per core, %d core%s)\n", n, cap, HS_CLI_THREADS_PER_CORE,
            cores, cores == 1 ? "" : "s");
    n = cap;
  }
  if (n > 0)
    omp_set_num_threads(n);
#else
  (void)ctx;
#endif
}

/* The feedback table, its size estimated and allocated with g_try_malloc (it grows with the square of
 * the lists, which come from input): a table that does not fit is an error, not an abort. */
static gboolean
build_table(HsCliContext *ctx, GError **error)
{
  gboolean all_guesses = (ctx->command->flags & HS_CMD_PROVER_TABLE) || ctx->policy.pool == HS_POOL_LEGAL;
  gint64 t0 = g_get_monotonic_time();
  ctx->table = hs_table_try_new(ctx->words, all_guesses, ctx->policy.metric == HS_METRIC_MAXBUCKET_SWAPPED, error);
  ctx->table_ms = (g_get_monotonic_time() - t0) / 1e3;
  return ctx->table != NULL;
}

/* "preset P, rules R, pool P, metric M, order F, overrides F" for file headers. */
static char *
policy_string(const HsCliContext *ctx)
{
  const HsCliOptions *o = &ctx->opt;
  const HsPolicy *p = &ctx->policy;
  GString *s = g_string_new(NULL);
  if (o->preset)
    g_string_append_printf(s, "preset %s, ", o->preset);
  g_string_append_printf(s, "rules %s, pool %s, metric %s", hs_rules_name(p->rules), hs_pool_name(p->pool),
                         hs_metric_name(p->metric));
  if (p->candidate_margin > 0)
    g_string_append_printf(s, ", candidate margin %g", p->candidate_margin);
  if (p->ties != HS_TIES_CANONICAL)
    g_string_append_printf(s, ", ties %s", hs_ties_name(p->ties));
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

/* --openers all|answers|guesses|FILE: fills OUT (word indices, canonical order for the named sets,
 * file order for a FILE, whose words are checked with file:line errors). */
static gboolean
select_openers(const HsWords *words, const char *spec, GArray **out, GError **error)
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

/* --shard K/N, K/N:letters or K/N:groups (a usage error when malformed). */
static gboolean
parse_shard(const char *text, guint *k, guint *n, HsCliSplit *split, GError **error)
{
  if (!hs_cli_shard_number(text, k, n, split))
    return hs_cli_usage_error(error, "--shard: '%s' is not K/N, K/N:letters or K/N:groups with 1 <= K <= N", text);
  return TRUE;
}

/* --openers and --shard: this shard's slice of the openers. */
static gboolean
shard_openers(HsCliContext *ctx, guint shard_k, guint shard_n, HsCliSplit split, GError **error)
{
  g_autoptr(GArray) all = NULL;
  if (!select_openers(ctx->words, ctx->opt.openers, &all, error))
    return FALSE;
  ctx->openers = g_new(guint32, MAX(all->len, 1u));
  ctx->n_openers =
    hs_cli_shard_slice(ctx->words, (const guint32 *)(void *)all->data, all->len, shard_k, shard_n, split, ctx->openers);
  ctx->shard_k = shard_k;
  ctx->shard_n = shard_n;
  ctx->shard_split = split;
  ctx->n_openers_all = all->len;
  /* The slice keeps the openers' order: each one's unit among them all, walking both lists. */
  g_autofree guint *unit = g_new(guint, MAX(all->len, 1u));
  hs_words_letter_units(ctx->words, (const guint32 *)(void *)all->data, all->len, unit);
  ctx->opener_units = g_new(guint, MAX(ctx->n_openers, 1u));
  for (guint i = 0, j = 0; i < all->len && j < ctx->n_openers; i++)
    if (g_array_index(all, guint32, i) == ctx->openers[j])
      ctx->opener_units[j++] = unit[i];
  g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
  for (guint i = 0; i < all->len; i++) {
    const char *w = ctx->words->text[g_array_index(all, guint32, i)];
    g_checksum_update(sum, (const guchar *)w, (gssize)strlen(w));
    g_checksum_update(sum, (const guchar *)"\n", 1);
  }
  ctx->openers_checksum = g_strndup(g_checksum_get_string(sum), 16);
  return TRUE;
}

char *
hs_cli_words_checksum(const HsWords *w, guint lo, guint hi)
{
  g_autoptr(GChecksum) sum = g_checksum_new(G_CHECKSUM_SHA256);
  for (guint i = lo; i < hi; i++) {
    g_checksum_update(sum, (const guchar *)w->text[i], (gssize)strlen(w->text[i]));
    g_checksum_update(sum, (const guchar *)"\n", 1);
  }
  return g_strndup(g_checksum_get_string(sum), 16);
}

char *
hs_cli_shard_header(const HsCliContext *ctx, const char *options)
{
  if (ctx->opt.shard == NULL)
    return g_strdup("");
  const HsWords *w = ctx->words;
  /* A FILE of openers by its name (its words are in the checksum). */
  g_autofree char *openers = g_path_get_basename(ctx->opt.openers ? ctx->opt.openers : "all");
  g_autofree char *answers = hs_cli_words_checksum(w, 0, w->n_answers);
  g_autofree char *guesses = hs_cli_words_checksum(w, w->n_answers, w->n_words);
  return g_strdup_printf("# hardsix shard %u/%u%s; command %s; lists %s; answers %u sha256:%s; guesses %u sha256:%s; "
                         "rules %s; max-guesses %u; policy %s; options %s; openers %s %u sha256:%s\n",
                         ctx->shard_k, ctx->shard_n, hs_cli_split_suffix(ctx->shard_split), ctx->command->name, w->name,
                         w->n_answers, answers, w->n_words - w->n_answers, guesses, hs_rules_name(ctx->policy.rules),
                         ctx->policy.max_guesses, ctx->policy_string ? ctx->policy_string : "-",
                         options && *options ? options : "-", openers, ctx->n_openers_all, ctx->openers_checksum);
}

/* A strategy format the loaded game cannot be written in (the exact solver's outline is five letters
 * a-z) is refused before any work. */
static gboolean
check_format_for_game(const HsCliContext *ctx, GError **error)
{
  HsFormat f;
  if (ctx->opt.format == NULL || !hs_format_parse(ctx->opt.format, &f, NULL) || hs_format_supports(f, ctx->words))
    return TRUE;
  return hs_cli_usage_error(error, "--format %s is the exact C++ solver's outline: games of five letters a-z only",
                            ctx->opt.format);
}

gboolean
hs_cli_setup(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  HsCliFlags flags = ctx->command->flags;
  guint shard_k = 1, shard_n = 1;
  HsCliSplit split = HS_CLI_SPLIT_INTERLEAVED;
  if ((flags & HS_CMD_STRATEGY_FILE) && !hs_cli_read_strategy_file(ctx, argc > 1 ? argv[1] : "-", error))
    return FALSE;
  if (ctx->opt.shard != NULL && !parse_shard(ctx->opt.shard, &shard_k, &shard_n, &split, error))
    return FALSE;
  if ((flags & (HS_CMD_RULES | HS_CMD_POLICY)) && !resolve_policy(ctx, error))
    return FALSE;
  if ((flags & HS_CMD_LISTS) && !load_words(ctx, error))
    return FALSE;
  if ((flags & HS_CMD_LISTS) && !check_format_for_game(ctx, error))
    return FALSE;
  if ((flags & HS_CMD_POLICY) && !load_overrides(ctx, error))
    return FALSE;
  if (flags & HS_CMD_THREADS)
    apply_threads(ctx);
  if ((flags & (HS_CMD_TABLE | HS_CMD_PROVER_TABLE)) && !build_table(ctx, error))
    return FALSE;
  if (flags & HS_CMD_POLICY)
    ctx->policy_string = policy_string(ctx);
  /* Whether the command takes --openers (and --shard). */
  if (own_option(ctx->command, "openers") && !shard_openers(ctx, shard_k, shard_n, split, error))
    return FALSE;
  return !(flags & HS_CMD_OPENER) || argc < 2 || hs_cli_find_word(ctx, "opener", argv[1], &ctx->opener, error);
}
