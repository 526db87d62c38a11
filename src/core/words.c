/* hardsix — word lists: loading and validating answer/guess files, canonical order, lookup. */
#include "hardsix/core/words.h"
#include "hardsix/util/fileutil.h"
#include "hardsix/util/escape.h"

#include <string.h>

G_DEFINE_QUARK(hs_words_error_quark, hs_words_error)

static void index_words(HsWords *w);

typedef struct {
  const char *path;
  GPtrArray *list;  /* char* words (owned by the array) */
  GHashTable *seen; /* word -> line */
} LoadState;

static gboolean
is_word(const char *s, gsize len)
{
  if (len != HS_WORD_LEN)
    return FALSE;
  for (gsize i = 0; i < len; i++)
    if (s[i] < 'a' || s[i] > 'z')
      return FALSE;
  return TRUE;
}

/* Why S (LEN bytes, not a word) is not accepted: upper-case gets its own explanation, since the lists
 * are lowercase and a list in another case is more likely the wrong file than a list to fold. */
static const char *
not_word_reason(const char *s, gsize len)
{
  gboolean letters = len == HS_WORD_LEN, upper = FALSE;
  for (gsize i = 0; letters && i < len; i++) {
    letters = g_ascii_isalpha(s[i]);
    upper = upper || g_ascii_isupper(s[i]);
  }
  if (letters && upper)
    return "not a word of 5 lowercase letters a-z (upper-case letters are not accepted)";
  return "not a word of 5 lowercase letters a-z";
}

static gboolean
load_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  LoadState *st = user;
  /* Trim spaces and tabs; skip blank lines and comments. */
  while (len > 0 && (line[0] == ' ' || line[0] == '\t'))
    line++, len--;
  while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
    len--;
  if (len == 0 || line[0] == '#')
    return TRUE;
  if (!is_word(line, len)) {
    g_autofree char *shown = hs_escape(line, (gssize)(len), 40);
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' is %s", st->path, lineno, shown,
                not_word_reason(line, len));
    return FALSE;
  }
  char *w = g_strndup(line, len);
  gpointer prev = g_hash_table_lookup(st->seen, w);
  if (prev != NULL) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: duplicate word '%s' (first on line %u)", st->path,
                lineno, w, GPOINTER_TO_UINT(prev));
    g_free(w);
    return FALSE;
  }
  g_hash_table_insert(st->seen, w, GUINT_TO_POINTER(lineno));
  g_ptr_array_add(st->list, w);
  return TRUE;
}

static GPtrArray *
parse_list(const char *text, gsize len, const char *path, GHashTable **seen_out, GError **error)
{
  LoadState st = { path, g_ptr_array_new(), g_hash_table_new(g_str_hash, g_str_equal) };
  if (!hs_file_foreach_line(text, len, load_line, &st, error)) {
    g_hash_table_destroy(st.seen);
    g_ptr_array_set_free_func(st.list, g_free);
    g_ptr_array_unref(st.list);
    return NULL;
  }
  if (st.list->len == 0) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:1: no words in file", path);
    g_hash_table_destroy(st.seen);
    g_ptr_array_unref(st.list);
    return NULL;
  }
  *seen_out = st.seen;
  g_ptr_array_set_free_func(st.list, g_free);
  return st.list;
}

HsWords *
hs_words_load(const char *answers_path, const char *guesses_path, GError **error)
{
  g_autofree char *a = NULL, *g = NULL;
  gsize a_len = 0, g_len = 0;
  if (!hs_file_read(answers_path, &a, &a_len, error) || !hs_file_read(guesses_path, &g, &g_len, error))
    return NULL;
  return hs_words_parse(a, a_len, answers_path, g, g_len, guesses_path, error);
}

HsWords *
hs_words_parse(const char *answers_text, gsize answers_len, const char *answers_path, const char *guesses_text,
               gsize guesses_len, const char *guesses_path, GError **error)
{
  GHashTable *seen_a = NULL, *seen_g = NULL;
  g_autoptr(GPtrArray) answers = parse_list(answers_text, answers_len, answers_path, &seen_a, error);
  if (answers == NULL)
    return NULL;
  g_autoptr(GPtrArray) guesses = parse_list(guesses_text, guesses_len, guesses_path, &seen_g, error);
  if (guesses == NULL) {
    g_hash_table_destroy(seen_a);
    return NULL;
  }
  for (guint i = 0; i < guesses->len; i++) {
    const char *w = guesses->pdata[i];
    gpointer aline = g_hash_table_lookup(seen_a, w);
    if (aline != NULL) {
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE,
                  "%s:%u: '%s' is also an answer (%s:%u); the lists must be disjoint", guesses_path,
                  GPOINTER_TO_UINT(g_hash_table_lookup(seen_g, w)), w, answers_path, GPOINTER_TO_UINT(aline));
      g_hash_table_destroy(seen_a);
      g_hash_table_destroy(seen_g);
      return NULL;
    }
  }
  g_hash_table_destroy(seen_a);
  g_hash_table_destroy(seen_g);

  HsWords *w = g_new0(HsWords, 1);
  w->n_answers = answers->len;
  w->n_words = answers->len + guesses->len;
  w->text = g_malloc0_n(w->n_words, sizeof *w->text);
  for (guint i = 0; i < answers->len; i++)
    memcpy(w->text[i], answers->pdata[i], HS_WORD_LEN);
  for (guint i = 0; i < guesses->len; i++)
    memcpy(w->text[answers->len + i], guesses->pdata[i], HS_WORD_LEN);
  w->name = g_strdup("custom");
  w->answers_path = g_strdup(answers_path);
  w->guesses_path = g_strdup(guesses_path);
  w->index = g_hash_table_new(g_str_hash, g_str_equal);
  index_words(w);
  return w;
}

static void
index_words(HsWords *w)
{
  g_hash_table_remove_all(w->index);
  g_free(w->letters);
  w->letters = g_new0(guint32, w->n_words);
  for (guint i = 0; i < w->n_words; i++) {
    g_hash_table_insert(w->index, w->text[i], GUINT_TO_POINTER(i + 1));
    for (int k = 0; k < HS_WORD_LEN; k++)
      w->letters[i] |= 1u << (w->text[i][k] - 'a');
  }
}

static char *
exe_dir(void)
{
  g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
  return exe ? g_path_get_dirname(exe) : NULL;
}

char *
hs_words_data_dir(void)
{
  const char *env = g_getenv("HARDSIX_DATADIR");
  if (env != NULL && *env != '\0')
    return g_strdup(env);
  g_autofree char *dir = exe_dir();
  if (dir != NULL) {
    /* build/hardsix (and the test binaries) in the source tree, then PREFIX/bin next to PREFIX/share/hardsix. */
    const char *rel[] = { "../data", "../../data", "../share/hardsix" };
    for (guint i = 0; i < G_N_ELEMENTS(rel); i++) {
      g_autofree char *cand = g_build_filename(dir, rel[i], "original", "answers.txt", NULL);
      if (g_file_test(cand, G_FILE_TEST_IS_REGULAR)) {
        g_autofree char *d = g_build_filename(dir, rel[i], NULL);
        return g_canonicalize_filename(d, NULL);
      }
    }
  }
#ifdef HS_DEFAULT_DATADIR
  return g_strdup(HS_DEFAULT_DATADIR);
#else
  return g_strdup("data");
#endif
}

/* The built-in list sets (directories of the data directory), in the order messages list them. */
static const char *const set_names[] = { "original", "nyt2022", "nyt2023" };

/* The built-in answer orders: NAME (what --order takes), FILE under the data directory, and the list
 * set whose answers it orders (it applies to no other). */
static const struct {
  const char *name;
  const char *file;
  const char *set;
} builtin_orders[] = {
  { "tkihira2022", "orders/tkihira2022.txt", "original" },
};

gboolean
hs_words_is_set_name(const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS(set_names); i++)
    if (g_strcmp0(name, set_names[i]) == 0)
      return TRUE;
  return FALSE;
}

/* "'a', 'b' or 'c'" for the messages that list the accepted names. */
static char *
quoted_alternatives(const char *const *names, guint n)
{
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf(s, "%s'%s'", i == 0 ? "" : i + 1 == n ? " or " : ", ", names[i]);
  return g_string_free(s, FALSE);
}

HsWords *
hs_words_load_set(const char *set, GError **error)
{
  if (!hs_words_is_set_name(set)) {
    g_autofree char *expected = quoted_alternatives(set_names, G_N_ELEMENTS(set_names));
    g_autofree char *shown = set ? hs_escape(set, -1, 40) : g_strdup("");
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET, "unknown word-list set '%s' (expected %s)", shown,
                expected);
    return NULL;
  }
  g_autofree char *dir = hs_words_data_dir();
  g_autofree char *a = g_build_filename(dir, set, "answers.txt", NULL);
  g_autofree char *g = g_build_filename(dir, set, "guesses.txt", NULL);
  HsWords *w = hs_words_load(a, g, error);
  if (w != NULL) {
    g_free(w->name);
    w->name = g_strdup(set);
  }
  return w;
}

guint
hs_words_lookup(const HsWords *words, const char *word)
{
  if (word == NULL || !is_word(word, strlen(word)))
    return HS_NONE;
  return GPOINTER_TO_UINT(g_hash_table_lookup(words->index, word)) - 1;
}

gboolean
hs_words_find(const HsWords *words, const char *word, guint *out, GError **error)
{
  guint i = hs_words_lookup(words, word);
  if (i == HS_NONE) {
    gsize len = strlen(word);
    g_autofree char *shown = hs_escape(word, (gssize)len, 40);
    gboolean upper = strstr(not_word_reason(word, len), "upper-case") != NULL;
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_WORD, "'%s' is not an allowed word%s", shown,
                upper ? " (upper-case letters are not accepted)" : "");
    return FALSE;
  }
  *out = i;
  return TRUE;
}

typedef struct {
  const char *path;
  HsWords *words;
  guint *seen_line; /* per answer: line where listed, 0 if not yet */
  guint *order;
  guint n;
  guint last_line; /* number of the file's last line */
} OrderState;

static gboolean
order_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  OrderState *st = user;
  st->last_line = lineno;
  while (len > 0 && (line[len - 1] == ' ' || line[len - 1] == '\t'))
    len--;
  while (len > 0 && (line[0] == ' ' || line[0] == '\t'))
    line++, len--;
  if (len == 0 || line[0] == '#')
    return TRUE;
  g_autofree char *w = g_strndup(line, MIN(len, 40));
  guint i = len == HS_WORD_LEN ? hs_words_lookup(st->words, w) : HS_NONE;
  if (i == HS_NONE || i >= st->words->n_answers) {
    g_autofree char *shown = hs_escape(w, -1, -1);
    if (i == HS_NONE && !is_word(line, len))
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' is %s", st->path, lineno, shown,
                  not_word_reason(line, len));
    else
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' is not an answer", st->path, lineno, shown);
    return FALSE;
  }
  if (st->seen_line[i] != 0) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' listed twice (first on line %u)", st->path,
                lineno, w, st->seen_line[i]);
    return FALSE;
  }
  st->seen_line[i] = lineno;
  st->order[st->n++] = i;
  return TRUE;
}

/* The built-in order called NAME, or -1. Only a value without '/' can name one. */
static int
find_builtin_order(const char *name)
{
  if (strchr(name, '/') != NULL)
    return -1;
  for (guint i = 0; i < G_N_ELEMENTS(builtin_orders); i++)
    if (strcmp(name, builtin_orders[i].name) == 0)
      return (int)i;
  return -1;
}

gboolean
hs_words_is_order_name(const char *name)
{
  return name != NULL && find_builtin_order(name) >= 0;
}

/* Applies built-in order K: only to its own list set (or to custom lists holding exactly its answers). */
static gboolean
apply_builtin_order(HsWords *words, guint k, GError **error)
{
  const char *name = builtin_orders[k].name, *set = builtin_orders[k].set;
  if (hs_words_is_set_name(words->name) && strcmp(words->name, set) != 0) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET,
                "--order %s orders the answers of the '%s' lists; it cannot be used with the '%s' lists", name, set,
                words->name);
    return FALSE;
  }
  g_autofree char *dir = hs_words_data_dir();
  g_autofree char *path = g_build_filename(dir, builtin_orders[k].file, NULL);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!hs_file_read(path, &text, &len, error))
    return FALSE;
  GError *inner = NULL;
  if (!hs_words_apply_order_text(words, text, len, path, &inner)) {
    /* The shipped file lists exactly its set's answers (its sum is tested), so a mismatch means other lists. */
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET,
                "--order %s orders the answers of the '%s' lists and does not fit these lists (%s)", name, set,
                inner->message);
    g_error_free(inner);
    return FALSE;
  }
  return TRUE;
}

gboolean
hs_words_apply_order(HsWords *words, const char *order, GError **error)
{
  int k = find_builtin_order(order);
  if (k >= 0)
    return apply_builtin_order(words, (guint)k, error);
  g_autofree char *text = NULL;
  gsize len = 0;
  GError *inner = NULL;
  if (!hs_file_read(order, &text, &len, &inner)) {
    if (strchr(order, '/') == NULL && g_error_matches(inner, G_FILE_ERROR, G_FILE_ERROR_NOENT)) {
      g_autoptr(GPtrArray) names = g_ptr_array_new();
      for (guint i = 0; i < G_N_ELEMENTS(builtin_orders); i++)
        g_ptr_array_add(names, (gpointer)builtin_orders[i].name);
      g_autofree char *expected = quoted_alternatives((const char *const *)names->pdata, names->len);
      g_autofree char *shown = hs_escape(order, -1, 40);
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_NOENT, "'%s' is neither a built-in order (%s) nor a file", shown,
                  expected);
      g_error_free(inner);
      return FALSE;
    }
    g_propagate_error(error, inner);
    return FALSE;
  }
  return hs_words_apply_order_text(words, text, len, order, error);
}

gboolean
hs_words_apply_order_text(HsWords *words, const char *text, gsize len, const char *order_path, GError **error)
{
  g_autofree guint *seen = g_new0(guint, words->n_answers);
  g_autofree guint *order = g_new0(guint, words->n_answers);
  OrderState st = { order_path, words, seen, order, 0, 0 };
  if (!hs_file_foreach_line(text, len, order_line, &st, error))
    return FALSE;
  if (st.n == 0) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:1: no answers in file (expected all %u)", order_path,
                words->n_answers);
    return FALSE;
  }
  if (st.n != words->n_answers) {
    guint missing = 0;
    while (seen[missing] != 0)
      missing++;
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE,
                "%s:%u: the file ends after %u of the %u answers ('%s' is missing)", order_path, st.last_line, st.n,
                words->n_answers, words->text[missing]);
    return FALSE;
  }
  if (!hs_words_apply_permutation(words, order, error))
    return FALSE;
  g_free(words->order_path);
  words->order_path = g_strdup(order_path);
  return TRUE;
}

gboolean
hs_words_apply_permutation(HsWords *words, const guint *order, GError **error)
{
  g_autofree guint8 *seen = g_new0(guint8, words->n_answers);
  for (guint i = 0; i < words->n_answers; i++) {
    if (order[i] >= words->n_answers || seen[order[i]]) {
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "not a permutation of the answers (entry %u is %u)", i,
                  order[i]);
      return FALSE;
    }
    seen[order[i]] = 1;
  }
  char(*t)[HS_WORD_LEN + 1] = g_malloc0_n(words->n_words, sizeof *t);
  for (guint i = 0; i < words->n_answers; i++)
    memcpy(t[i], words->text[order[i]], HS_WORD_LEN + 1);
  memcpy(t + words->n_answers, words->text + words->n_answers, (words->n_words - words->n_answers) * sizeof *t);
  g_free(words->text);
  words->text = t;
  index_words(words);
  return TRUE;
}

HsWords *
hs_words_copy(const HsWords *words)
{
  HsWords *w = g_new0(HsWords, 1);
  w->n_answers = words->n_answers;
  w->n_words = words->n_words;
  w->text = g_memdup2(words->text, (gsize)words->n_words * sizeof *w->text);
  w->name = g_strdup(words->name);
  w->answers_path = g_strdup(words->answers_path);
  w->guesses_path = g_strdup(words->guesses_path);
  w->order_path = g_strdup(words->order_path);
  w->index = g_hash_table_new(g_str_hash, g_str_equal);
  index_words(w);
  return w;
}

void
hs_words_free(HsWords *words)
{
  if (words == NULL)
    return;
  g_hash_table_destroy(words->index);
  g_free(words->letters);
  g_free(words->text);
  g_free(words->name);
  g_free(words->answers_path);
  g_free(words->guesses_path);
  g_free(words->order_path);
  g_free(words);
}
