/* hardsix — canonical answer orders: --order files and the built-in orders (words.h). */
#include "hardsix/core/words.h"
#include "hardsix/util/escape.h"
#include "hardsix/util/fileutil.h"
#include "words-private.h"

#include <string.h>

/* The built-in answer orders: NAME (what --order takes), FILE under the data directory, and the list
 * set whose answers it orders (it applies to no other). */
static const struct {
  const char *name;
  const char *file;
  const char *set;
} builtin_orders[] = {
  { "tkihira2022", "orders/tkihira2022.txt", "original" },
};

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
  g_autofree char *w = g_strndup(line, MIN(len, 200));
  guint i = hs_words_lookup(st->words, w);
  if (i == HS_NONE || i >= st->words->n_answers) {
    g_autofree char *shown = hs_escape(w, -1, 40);
    g_autofree char *valid = g_utf8_make_valid(w, -1);
    g_autofree char *why = i == HS_NONE ? hs_words_not_a_word(valid) : NULL;
    if (why != NULL)
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' is %s", st->path, lineno, shown, why);
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
      g_autofree char *expected = hs_words_quoted_alternatives((const char *const *)names->pdata, names->len);
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
