/* hardsix page — one self-contained HTML page that plays verified strategies and looks openers up in
 * the tables of `optimize --all` and `prove --all`. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

static struct {
  char **tables; /* --table [CAP:]FILE, in the order given */
} opt;

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write the page to FILE instead of stdout", "FILE"),
  { "table", 0, 0, G_OPTION_ARG_FILENAME_ARRAY, &opt.tables,
    "An opener table (the TSV of 'optimize --all' or 'prove --all'); CAP: gives the guesses it was made "
    "within (default 6, or the file's shard line). Repeatable",
    "[CAP:]FILE" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argv;
  if (argc < 2)
    return hs_cli_usage_error(error, "expected one or more STRATEGY files");
  return ctx->opt.output == NULL || hs_cli_plan_file(ctx, "-o", ctx->opt.output, error);
}

/* The word lists the strategies and tables were made on, loaded once each. */
typedef struct {
  GPtrArray *sets;       /* HsWords of built-in sets loaded here (owned) */
  const HsWords *base;   /* ctx->words: the lists the options name (default: original) */
  gboolean lists_given;  /* --lists, --answers or --guesses */
  GPtrArray *page_lists; /* the lists of the strategies, each once (borrowed) */
} Lists;

static const HsWords *
load_set(Lists *l, const char *name, GError **error)
{
  for (guint i = 0; i < l->sets->len; i++)
    if (strcmp(((HsWords *)l->sets->pdata[i])->name, name) == 0)
      return l->sets->pdata[i];
  HsWords *w = hs_words_load_set(name, error);
  if (w != NULL)
    g_ptr_array_add(l->sets, w);
  return w;
}

/* Reads and verifies one strategy file: its header's lists and rules apply unless the options name
 * them (as for 'sheet'); an unverified file is refused with its first problems. */
static HsPublished *
load_strategy(HsCliContext *ctx, Lists *l, const char *path, GError **error)
{
  /* Each file's hints stand alone: forget what the previous file's header chose. */
  HsRules user_rules = ctx->policy.rules;
  g_clear_pointer(&ctx->input_name, g_free);
  g_clear_pointer(&ctx->input_text, g_free);
  g_clear_pointer(&ctx->lists_hint, g_free);
  g_autofree char *user_rules_name = g_strdup(ctx->opt.rules);
  if (!hs_cli_read_strategy_file(ctx, path, error))
    return NULL;
  const HsWords *words = l->base;
  if (!l->lists_given && ctx->opt.lists != NULL) {
    words = load_set(l, ctx->opt.lists, error);
    g_clear_pointer(&ctx->opt.lists, g_free);
    if (words == NULL)
      return NULL;
  }
  if (user_rules_name == NULL && ctx->opt.rules != NULL)
    hs_rules_parse(ctx->opt.rules, &ctx->policy.rules, NULL);
  g_free(ctx->opt.rules);
  ctx->opt.rules = g_steal_pointer(&user_rules_name);
  HsWords *saved = ctx->words;
  ctx->words = (HsWords *)words;
  HsPublished *pub = hs_cli_verified_strategy(ctx, "page", error);
  ctx->words = saved;
  ctx->policy.rules = user_rules;
  if (pub != NULL && !g_ptr_array_find(l->page_lists, words, NULL))
    g_ptr_array_add(l->page_lists, (gpointer)words);
  return pub;
}

/* "5:FILE" -> 5 and FILE; a value that is an existing file is a file, whatever it looks like. */
static const char *
table_path(const char *value, guint *cap)
{
  *cap = 6;
  const char *colon = strchr(value, ':');
  guint64 n = 0;
  if (colon == NULL || g_file_test(value, G_FILE_TEST_EXISTS))
    return value;
  g_autofree char *digits = g_strndup(value, (gsize)(colon - value));
  if (!g_ascii_string_to_unsigned(digits, 10, 1, HS_DEPTH_LIMIT - 1, &n, NULL))
    return value;
  *cap = (guint)n;
  return colon + 1;
}

/* The lists of table T: its shard line's, else the lists whose allowed words are exactly its openers
 * (the strategies' lists first, then the built-in sets), else the first strategies' lists that hold
 * every one of them. */
static const HsWords *
table_lists(Lists *l, const HsPageTable *t, const char *path, GError **error)
{
  if (t->lists != NULL) {
    const HsWords *w = load_set(l, t->lists, error);
    if (w != NULL && hs_page_table_covers(t, w) == 0) {
      hs_cli_fail(error, "%s: its openers are not words of the lists '%s' its shard line names", path, t->lists);
      return NULL;
    }
    return w;
  }
  for (guint i = 0; i < l->page_lists->len; i++)
    if (hs_page_table_covers(t, l->page_lists->pdata[i]) == 2)
      return l->page_lists->pdata[i];
  static const char *const builtin[] = { "original", "nyt2022", "nyt2023" };
  for (guint i = 0; i < G_N_ELEMENTS(builtin); i++) {
    const HsWords *w = load_set(l, builtin[i], error);
    if (w == NULL)
      return NULL;
    if (hs_page_table_covers(t, w) == 2)
      return w;
  }
  for (guint i = 0; i < l->page_lists->len; i++)
    if (hs_page_table_covers(t, l->page_lists->pdata[i]) == 1)
      return l->page_lists->pdata[i];
  hs_cli_fail(error,
              "%s: its openers are neither all the allowed words of a list set (original, nyt2022, nyt2023 "
              "or the strategies' lists) nor some of the strategies' lists",
              path);
  return NULL;
}

static HsPageTable *
load_table(Lists *l, const char *value, GError **error)
{
  guint cap;
  const char *path = table_path(value, &cap);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!hs_file_read(path, &text, &len, error))
    return NULL;
  g_autoptr(HsPageTable) t = hs_page_table_parse(text, len, path, cap, error);
  if (t == NULL)
    return NULL;
  const HsWords *w = table_lists(l, t, path, error);
  if (w == NULL)
    return NULL;
  g_free(t->lists);
  t->lists = g_strdup(w->name);
  t->n_answers = w->n_answers;
  return g_steal_pointer(&t);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  const HsCliOptions *o = &ctx->opt;
  Lists l = { g_ptr_array_new_with_free_func((GDestroyNotify)hs_words_free), ctx->words,
              o->lists != NULL || o->answers != NULL || o->guesses != NULL, g_ptr_array_new() };
  GPtrArray *strategies = g_ptr_array_new_with_free_func((GDestroyNotify)hs_published_free);
  GPtrArray *tables = g_ptr_array_new_with_free_func((GDestroyNotify)hs_page_table_free);
  g_autofree HsPageStrategy *items = g_new0(HsPageStrategy, argc);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
  gboolean ok = TRUE;
  for (int i = 1; i < argc && ok; i++) {
    HsPublished *pub = load_strategy(ctx, &l, argv[i], error);
    ok = pub != NULL;
    if (ok) {
      g_ptr_array_add(strategies, pub);
      g_ptr_array_add(names, g_path_get_basename(argv[i]));
      items[i - 1] = (HsPageStrategy){ pub, names->pdata[names->len - 1], hs_published_strategy(pub)->words->name };
    }
  }
  for (guint i = 0; ok && opt.tables != NULL && opt.tables[i] != NULL; i++) {
    HsPageTable *t = load_table(&l, opt.tables[i], error);
    ok = t != NULL;
    if (ok)
      g_ptr_array_add(tables, t);
  }
  if (ok) {
    g_autofree char *page =
      hs_page_write(items, strategies->len, (HsPageTable *const *)(void *)tables->pdata, tables->len, error);
    if (page == NULL) {
      ok = FALSE;
    } else if (o->output == NULL) {
      ok = hs_cli_write_output(NULL, NULL, page, error);
    } else {
      hs_cli_output_add(ctx, NULL, o->output, page);
      ctx->outputs_note = g_strdup(o->output);
      ok = hs_cli_output_commit(ctx, FALSE, error);
    }
  }
  g_ptr_array_unref(tables);
  g_ptr_array_unref(strategies);
  g_ptr_array_unref(l.page_lists);
  g_ptr_array_unref(l.sets);
  return ok;
}

const HsCliCommand hs_cli_page = {
  .name = "page",
  .summary = "Write one offline HTML page that plays verified strategies and looks openers up",
  .parameters = "STRATEGY...",
  .help = "Writes one self-contained HTML page (no network; open it from disk in any browser, also on a\n"
          "phone) holding every STRATEGY file given (any strategy format; each must pass the independent\n"
          "verifier, else nothing is written and its first problems are shown) and the opener tables of\n"
          "--table. On the page: play a strategy by setting the colours of each guess (click the tiles or\n"
          "type gybbb / 21000), undo, the answers still possible and the expected guesses left; the path of\n"
          "any answer; an opener's rank, optimal total and guarantees from the tables, with the distribution\n"
          "of all openers' totals.\n\n"
          "Each file's '# lists:' and '# rules:' lines choose its lists and rules unless the options do.\n"
          "A table belongs to the lists whose allowed words are its openers.",
  .description = "Example:\n"
                 "  hardsix page output/salet-optimal/salet.json --table output/optimize-all/nyt2022.tsv \\\n"
                 "      --table 5:output/prove-within-5/nyt2022.tsv -o page.html\n\n"
                 "Exit status: 0 written; 1 unreadable or unverified strategy, a bad table, or an unwritable "
                 "output; 2 usage error.",
  .options = options,
  .flags = HS_CMD_LISTS | HS_CMD_RULES,
  .check = check,
  .run = run,
};
