/* hardsix — word lists: loading and validating answer/guess files, canonical order, lookup. */
#include "hardsix/core/words.h"
#include "hardsix/util/fileutil.h"
#include "hardsix/util/escape.h"
#include "words-private.h"

#include <string.h>

G_DEFINE_QUARK(hs_words_error_quark, hs_words_error)

static void index_words(HsWords *w);

typedef struct {
  const char *path;
  GPtrArray *list;  /* char* words, NFC (owned by the array) */
  GArray *lines;    /* guint: the line of each word */
  GHashTable *seen; /* word -> line */
} LoadState;

/* Why the NFC text S is no word, or NULL when it is one: letters of any script (marks included), not
 * ASCII upper case (a list in another case is more likely the wrong file than a list to fold), no
 * digits, punctuation, spaces or controls. */
char *
hs_words_not_a_word(const char *s)
{
  if (!g_utf8_validate(s, -1, NULL))
    return g_strdup("not UTF-8 text");
  for (const char *p = s; *p != '\0'; p = g_utf8_next_char(p)) {
    gunichar c = g_utf8_get_char(p);
    if (c < 0x80 && g_ascii_isupper((char)c))
      return g_strdup("not a word: upper-case letters are not accepted");
    if (!g_unichar_isalpha(c) && !g_unichar_ismark(c)) {
      char buf[8] = { 0 };
      if (g_unichar_isprint(c))
        g_unichar_to_utf8(c, buf);
      return buf[0] ? g_strdup_printf("not a word: '%s' is not a letter", buf)
                    : g_strdup_printf("not a word: U+%04X is not a letter", (guint)c);
    }
  }
  return NULL;
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
  /* Lower-case ASCII letters (every English list) are their own NFC form and need no checks. */
  gsize plain = 0;
  while (plain < len && line[plain] >= 'a' && line[plain] <= 'z')
    plain++;
  char *w = plain == len                               ? g_strndup(line, len)
            : g_utf8_validate(line, (gssize)len, NULL) ? g_utf8_normalize(line, (gssize)len, G_NORMALIZE_NFC)
                                                       : NULL;
  g_autofree char *why = plain == len ? NULL : w != NULL ? hs_words_not_a_word(w) : g_strdup("not UTF-8 text");
  if (why != NULL) {
    g_autofree char *shown = hs_escape(line, (gssize)(len), 40);
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' is %s", st->path, lineno, shown, why);
    g_free(w);
    return FALSE;
  }
  gpointer prev = g_hash_table_lookup(st->seen, w);
  if (prev != NULL) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: duplicate word '%s' (first on line %u)", st->path,
                lineno, w, GPOINTER_TO_UINT(prev));
    g_free(w);
    return FALSE;
  }
  g_hash_table_insert(st->seen, w, GUINT_TO_POINTER(lineno));
  g_ptr_array_add(st->list, w);
  g_array_append_val(st->lines, lineno);
  return TRUE;
}

static void
load_state_clear(LoadState *st)
{
  if (st->seen != NULL)
    g_hash_table_destroy(st->seen);
  if (st->lines != NULL)
    g_array_unref(st->lines);
  if (st->list != NULL) {
    g_ptr_array_set_free_func(st->list, g_free);
    g_ptr_array_unref(st->list);
  }
}

/* The words of one file into ST (its list, lines and seen table); FALSE with file:line errors. A file
 * with no words is an error unless EMPTY_OK (the guesses: then every allowed word can be the answer). */
static gboolean
parse_list(const char *text, gsize len, const char *path, gboolean empty_ok, LoadState *st, GError **error)
{
  *st = (LoadState){ path, g_ptr_array_new(), g_array_new(FALSE, FALSE, sizeof(guint)),
                     g_hash_table_new(g_str_hash, g_str_equal) };
  if (!hs_file_foreach_line(text, len, load_line, st, error))
    return FALSE;
  if (st->list->len == 0 && !empty_ok) {
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:1: no words in file", path);
    return FALSE;
  }
  return TRUE;
}

/* Every guess is also no answer. */
static gboolean
check_disjoint(const LoadState *a, const LoadState *g, GError **error)
{
  for (guint i = 0; i < g->list->len; i++) {
    const char *w = g->list->pdata[i];
    gpointer aline = g_hash_table_lookup(a->seen, w);
    if (aline != NULL) {
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE,
                  "%s:%u: '%s' is also an answer (%s:%u); the lists must be disjoint", g->path,
                  g_array_index(g->lines, guint, i), w, a->path, GPOINTER_TO_UINT(aline));
      return FALSE;
    }
  }
  return TRUE;
}

/* The answers all have the first answer's length L, within this build's range; guesses have L letters,
 * or at most L when SHORT. */
static gboolean
check_lengths(const LoadState *a, const LoadState *g, gboolean short_guesses, guint *length, GError **error)
{
  const char *first = a->list->pdata[0];
  const guint first_line = g_array_index(a->lines, guint, 0);
  const guint L = (guint)g_utf8_strlen(first, -1);
  if (L < HS_MIN_LEN || L > HS_MAX_LEN) {
    /* The narrow build hands words longer than it plays (up to HS_LONGEST) to the wide one. */
    g_set_error(error, HS_WORDS_ERROR,
                L > HS_MAX_LEN && L <= HS_LONGEST ? HS_WORDS_ERROR_TOO_WIDE : HS_WORDS_ERROR_PARSE,
                "%s:%u: '%s' has %u letter%s; this build plays words of %u to %u letters", a->path, first_line, first,
                L, L == 1 ? "" : "s", HS_MIN_LEN, HS_MAX_LEN);
    return FALSE;
  }
  for (guint k = 0; k < 2; k++) {
    const LoadState *st = k == 0 ? a : g;
    for (guint i = 0; i < st->list->len; i++) {
      const char *w = st->list->pdata[i];
      const guint n = (guint)g_utf8_strlen(w, -1);
      const gboolean ok = k == 0 || !short_guesses ? n == L : n <= L;
      if (ok)
        continue;
      g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_PARSE, "%s:%u: '%s' has %u letter%s; %s %s %u (%s:%u: '%s')",
                  st->path, g_array_index(st->lines, guint, i), w, n, n == 1 ? "" : "s",
                  k == 0 ? "the answers have" : "guesses have", k == 0 || !short_guesses ? "exactly" : "at most", L,
                  a->path, first_line, first);
      return FALSE;
    }
  }
  *length = L;
  return TRUE;
}

static gint
cmp_unichar(gconstpointer a, gconstpointer b)
{
  gunichar x = *(const gunichar *)a, y = *(const gunichar *)b;
  return (x > y) - (x < y);
}

/* The alphabet of the lists: every letter of every word, in code point order; at most HS_MAX_LETTERS
 * (else an error naming the word, in file order, that brought the first letter too many). */
static gboolean
collect_alphabet(HsWords *w, const LoadState *a, const LoadState *g, GError **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new(NULL, NULL); /* letters past ASCII */
  gboolean ascii[128] = { FALSE };                           /* ASCII letters (every English list) */
  g_autoptr(GArray) letters = g_array_new(FALSE, FALSE, sizeof(gunichar));
  for (guint k = 0; k < 2; k++) {
    const LoadState *st = k == 0 ? a : g;
    for (guint i = 0; i < st->list->len; i++)
      for (const char *p = st->list->pdata[i]; *p != '\0'; p = g_utf8_next_char(p)) {
        const gunichar c = hs_utf8_char(p);
        gboolean fresh;
        if (c < G_N_ELEMENTS(ascii)) {
          fresh = !ascii[c];
          ascii[c] = TRUE;
        } else
          fresh = g_hash_table_add(seen, GUINT_TO_POINTER(c));
        if (!fresh)
          continue;
        if (letters->len == HS_MAX_LETTERS) {
          /* The narrow build hands such lists to the wide one (HS_WORDS_ERROR_TOO_WIDE). */
          g_set_error(error, HS_WORDS_ERROR, HS_MAX_LETTERS < 255 ? HS_WORDS_ERROR_TOO_WIDE : HS_WORDS_ERROR_PARSE,
                      "%s:%u: '%s' brings a letter past the %u different letters this build plays", st->path,
                      g_array_index(st->lines, guint, i), (const char *)st->list->pdata[i], HS_MAX_LETTERS);
          return FALSE;
        }
        g_array_append_val(letters, c);
      }
  }
  g_array_sort(letters, cmp_unichar);
  w->n_letters = letters->len;
  w->alphabet = (gunichar *)g_array_steal(letters, NULL);
  return TRUE;
}

/* The letter code of C (its place in the alphabet). */
static guint8
letter_code(const HsWords *w, gunichar c)
{
  guint lo = 0, hi = w->n_letters;
  while (hi - lo > 1) {
    guint mid = (lo + hi) / 2;
    if (w->alphabet[mid] <= c)
      lo = mid;
    else
      hi = mid;
  }
  return (guint8)lo;
}

/* Codes, lengths, pattern weights and the letter masks of every word (after text is set). */
static void
encode_words(HsWords *w)
{
  g_free(w->code);
  g_free(w->len);
  w->code = g_malloc_n(MAX(w->n_words, 1u), sizeof *w->code);
  w->len = g_new(guint8, MAX(w->n_words, 1u));
  gint16 ascii[128]; /* the codes of the ASCII letters (-1: not in the alphabet), looked up directly */
  for (guint c = 0; c < G_N_ELEMENTS(ascii); c++)
    ascii[c] = -1;
  for (guint k = 0; k < w->n_letters; k++)
    if (w->alphabet[k] < G_N_ELEMENTS(ascii))
      ascii[w->alphabet[k]] = (gint16)k;
  for (guint i = 0; i < w->n_words; i++) {
    guint n = 0;
    for (const char *p = w->text[i]; *p != '\0' && n < HS_MAX_LEN; p = g_utf8_next_char(p)) {
      const guchar b = (guchar)*p;
      w->code[i][n++] = b < 0x80 && ascii[b] >= 0 ? (guint8)ascii[b] : letter_code(w, g_utf8_get_char(p));
    }
    w->len[i] = (guint8)n;
    for (; n < HS_MAX_LEN; n++)
      w->code[i][n] = HS_PAD;
  }
  guint p = 1;
  for (int i = HS_MAX_LEN - 1; i >= 0; i--) {
    w->pow3[i] = (guint)i < w->length ? p : 0;
    p *= (guint)i < w->length ? 3 : 1;
  }
  w->all_green = p - 1;
}

/* One block holding every word of A then G, NUL-terminated, as w->text. */
static void
set_text(HsWords *w, const GPtrArray *a, const GPtrArray *g)
{
  gsize bytes = 0;
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < (k ? g : a)->len; i++)
      bytes += strlen((k ? g : a)->pdata[i]) + 1;
  w->text = g_malloc(MAX(w->n_words, 1u) * sizeof *w->text + bytes);
  char *o = (char *)(w->text + MAX(w->n_words, 1u));
  guint j = 0;
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < (k ? g : a)->len; i++) {
      const char *src = (k ? g : a)->pdata[i];
      gsize l = strlen(src) + 1;
      memcpy(o, src, l);
      w->text[j++] = o;
      o += l;
    }
}

HsWords *
hs_words_load_game(const char *answers_path, const char *guesses_path, gboolean short_guesses, GError **error)
{
  g_autofree char *a = NULL, *g = NULL;
  gsize a_len = 0, g_len = 0;
  if (!hs_file_read(answers_path, &a, &a_len, error) ||
      (guesses_path != NULL && !hs_file_read(guesses_path, &g, &g_len, error)))
    return NULL;
  return hs_words_parse_game(a, a_len, answers_path, g ? g : "", g_len, guesses_path, short_guesses, error);
}

HsWords *
hs_words_load(const char *answers_path, const char *guesses_path, GError **error)
{
  return hs_words_load_game(answers_path, guesses_path, FALSE, error);
}

HsWords *
hs_words_parse(const char *answers_text, gsize answers_len, const char *answers_path, const char *guesses_text,
               gsize guesses_len, const char *guesses_path, GError **error)
{
  return hs_words_parse_game(answers_text, answers_len, answers_path, guesses_text, guesses_len, guesses_path, FALSE,
                             error);
}

HsWords *
hs_words_parse_game(const char *answers_text, gsize answers_len, const char *answers_path, const char *guesses_text,
                    gsize guesses_len, const char *guesses_path, gboolean short_guesses, GError **error)
{
  LoadState a = { 0 }, g = { 0 };
  HsWords *w = NULL;
  guint length = 0;
  if (parse_list(answers_text, answers_len, answers_path, FALSE, &a, error) &&
      parse_list(guesses_text, guesses_len, guesses_path ? guesses_path : "(no guesses)", TRUE, &g, error) &&
      check_lengths(&a, &g, short_guesses, &length, error) && check_disjoint(&a, &g, error)) {
    w = g_new0(HsWords, 1);
    if (!collect_alphabet(w, &a, &g, error)) {
      g_free(w);
      w = NULL;
    }
  }
  if (w != NULL) {
    w->n_answers = a.list->len;
    w->n_words = a.list->len + g.list->len;
    w->length = length;
    w->short_guesses = short_guesses;
    set_text(w, a.list, g.list);
    w->name = g_strdup("custom");
    w->answers_path = g_strdup(answers_path);
    w->guesses_path = g_strdup(guesses_path);
    w->index = g_hash_table_new(g_str_hash, g_str_equal);
    index_words(w);
  }
  load_state_clear(&a);
  load_state_clear(&g);
  return w;
}

static void
index_words(HsWords *w)
{
  encode_words(w);
  g_hash_table_remove_all(w->index);
  g_free(w->letters);
  w->letters = g_new0(HsLetters, MAX(w->n_words, 1u));
  for (guint i = 0; i < w->n_words; i++) {
    g_hash_table_insert(w->index, w->text[i], GUINT_TO_POINTER(i + 1));
    for (guint k = 0; k < w->len[i]; k++)
      w->letters[i] = hs_l_or(w->letters[i], hs_l_bit(w->code[i][k]));
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
static const char *const set_names[] = { "original",      "nyt2022",        "nyt2023",       "pokemon-dp",
                                         "pokemon-bw",    "pokemon-xy",     "pokemon-sm",    "pokemon-swsh",
                                         "pokemon-sv",    "habara2021-dp",  "habara2021-bw", "habara2021-xy",
                                         "habara2021-sm", "habara2021-swsh" };

/* The English sets also come as SET-all: every allowed word of SET an answer. */
static const char *const all_set_names[] = { "original-all", "nyt2022-all", "nyt2023-all" };
#define ALL_SUFFIX "-all"

/* Pokemon Wordle lets any name of at most the answers' length be guessed. */
static gboolean
set_has_short_guesses(const char *set)
{
  return g_str_has_prefix(set, "pokemon-") || g_str_has_prefix(set, "habara2021-");
}

/* TRUE when NAME is one of the SET-all names. */
static gboolean
is_all_set_name(const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS(all_set_names); i++)
    if (g_strcmp0(name, all_set_names[i]) == 0)
      return TRUE;
  return FALSE;
}

gboolean
hs_words_is_set_name(const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS(set_names); i++)
    if (g_strcmp0(name, set_names[i]) == 0)
      return TRUE;
  return is_all_set_name(name);
}

void
hs_words_make_all_answers(HsWords *w)
{
  w->n_answers = w->n_words;
  g_clear_pointer(&w->guesses_path, g_free);
}

char *
hs_words_quoted_alternatives(const char *const *names, guint n)
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
    const char *names[G_N_ELEMENTS(set_names) + G_N_ELEMENTS(all_set_names)];
    for (guint i = 0; i < G_N_ELEMENTS(names); i++)
      names[i] = i < G_N_ELEMENTS(set_names) ? set_names[i] : all_set_names[i - G_N_ELEMENTS(set_names)];
    g_autofree char *expected = hs_words_quoted_alternatives(names, G_N_ELEMENTS(names));
    g_autofree char *shown = set ? hs_escape(set, -1, 40) : g_strdup("");
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_SET, "unknown word-list set '%s' (expected %s)", shown,
                expected);
    return NULL;
  }
  const gboolean all = is_all_set_name(set);
  g_autofree char *base = g_strndup(set, strlen(set) - (all ? strlen(ALL_SUFFIX) : 0));
  g_autofree char *dir = hs_words_data_dir();
  g_autofree char *a = g_build_filename(dir, base, "answers.txt", NULL);
  g_autofree char *g = g_build_filename(dir, base, "guesses.txt", NULL);
  HsWords *w = hs_words_load_game(a, g, set_has_short_guesses(base), error);
  if (w != NULL) {
    g_free(w->name);
    w->name = g_strdup(set);
    if (all)
      hs_words_make_all_answers(w);
  }
  return w;
}

/* TRUE when S is plain ASCII (then it is its own NFC form). */
static gboolean
is_ascii(const char *s)
{
  for (; *s != '\0'; s++)
    if ((guchar)*s >= 0x80)
      return FALSE;
  return TRUE;
}

/* A word's letters as a 64-bit key (the wide build folds its masks). */
static gint64
letters_key(HsLetters m)
{
#if defined(HS_WIDE) && HS_WIDE
  return (gint64)(m.w[0] ^ (m.w[1] * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15)) ^
                  (m.w[2] * G_GUINT64_CONSTANT(0xbf58476d1ce4e5b9)) ^
                  (m.w[3] * G_GUINT64_CONSTANT(0x94d049bb133111eb)));
#else
  return (gint64)m;
#endif
}

guint
hs_words_letter_groups(const HsWords *words, const guint32 *list, guint n, guint *group)
{
  g_autofree gint64 *key = g_new(gint64, MAX(1u, n)); /* the hash table's keys point in here (freed after it) */
  g_autoptr(GHashTable) first = g_hash_table_new(g_int64_hash, g_int64_equal);
  guint n_groups = 0;
  for (guint i = 0; i < n; i++) {
    key[i] = letters_key(words->letters[list[i]]);
    gpointer at;
    if (!g_hash_table_lookup_extended(first, &key[i], NULL, &at)) {
      at = GUINT_TO_POINTER(n_groups++);
      g_hash_table_insert(first, &key[i], at);
    }
    group[i] = GPOINTER_TO_UINT(at);
  }
  return n_groups;
}

/* A word's distinct letter codes in ascending order (its letter mask read from the lowest code) as one
 * number that compares like their string: code + 1 per byte from the most significant, zero bytes past
 * the last, so a prefix sorts first. */
static guint64
sorted_letters_key(const HsWords *words, guint32 w)
{
  guint64 key = 0;
  guint m = 0;
  for (HsLetters x = words->letters[w]; !hs_l_empty(x); x = hs_l_drop_first(x), m++)
    key = key << 8 | ((guint64)hs_l_first(x) + 1);
  return m == 0 ? 0 : key << (8 * (8 - m));
}

static gint
cmp_by_key(gconstpointer a, gconstpointer b, gpointer keys)
{
  const guint64 *k = keys;
  const guint x = *(const guint *)a, y = *(const guint *)b;
  if (k[x] != k[y])
    return k[x] < k[y] ? -1 : 1;
  return x < y ? -1 : x > y;
}

/* hs_words_letter_order that also returns the keys it sorted by (KEY[i] for LIST[i]; freed by the
 * caller). */
static guint64 *
letter_order_keys(const HsWords *words, const guint32 *list, guint n, guint *order)
{
  guint64 *key = g_new(guint64, MAX(1u, n));
  for (guint i = 0; i < n; i++) {
    key[i] = sorted_letters_key(words, list[i]);
    order[i] = i;
  }
  g_qsort_with_data(order, (gint)n, sizeof *order, cmp_by_key, key);
  return key;
}

void
hs_words_letter_order(const HsWords *words, const guint32 *list, guint n, guint *order)
{
  g_free(letter_order_keys(words, list, n, order));
}

guint
hs_words_unit_cap(guint n)
{
  return CLAMP(n / HS_WORDS_UNITS_MIN, 1u, HS_WORDS_UNIT_MAX);
}

guint
hs_words_letter_units(const HsWords *words, const guint32 *list, guint n, guint *unit)
{
  const guint cap = hs_words_unit_cap(n);
  g_autofree guint *order = g_new(guint, MAX(1u, n));
  g_autofree guint64 *key = letter_order_keys(words, list, n, order);
  guint n_units = 0, size = 0;
  for (guint t = 0; t < n;) {
    /* The group starting at T: the openers with the same letters. */
    guint end = t + 1;
    while (end < n && key[order[end]] == key[order[t]])
      end++;
    if (n_units == 0 || size + (end - t) > cap) {
      n_units++;
      size = 0;
    }
    size += end - t;
    for (; t < end; t++)
      unit[order[t]] = n_units - 1;
  }
  return n_units;
}

guint
hs_words_lookup(const HsWords *words, const char *word)
{
  if (word == NULL)
    return HS_NONE;
  if (is_ascii(word))
    return GPOINTER_TO_UINT(g_hash_table_lookup(words->index, word)) - 1;
  if (!g_utf8_validate(word, -1, NULL))
    return HS_NONE;
  g_autofree char *nfc = g_utf8_normalize(word, -1, G_NORMALIZE_NFC);
  return nfc != NULL ? GPOINTER_TO_UINT(g_hash_table_lookup(words->index, nfc)) - 1 : HS_NONE;
}

gboolean
hs_words_find(const HsWords *words, const char *word, guint *out, GError **error)
{
  guint i = hs_words_lookup(words, word);
  if (i == HS_NONE) {
    gsize len = strlen(word);
    g_autofree char *shown = hs_escape(word, (gssize)len, 40);
    g_autofree char *valid = g_utf8_make_valid(word, (gssize)len);
    g_autofree char *why = hs_words_not_a_word(valid);
    gboolean upper = why != NULL && strstr(why, "upper-case") != NULL;
    g_set_error(error, HS_WORDS_ERROR, HS_WORDS_ERROR_UNKNOWN_WORD, "'%s' is not an allowed word%s", shown,
                upper ? " (upper-case letters are not accepted)" : "");
    return FALSE;
  }
  *out = i;
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
  /* Only the pointers move: the text block stays where it is. */
  g_autofree char **t = g_memdup2(words->text, words->n_answers * sizeof *t);
  for (guint i = 0; i < words->n_answers; i++)
    words->text[i] = t[order[i]];
  index_words(words);
  return TRUE;
}

HsWords *
hs_words_copy(const HsWords *words)
{
  HsWords *w = g_new0(HsWords, 1);
  w->n_answers = words->n_answers;
  w->n_words = words->n_words;
  GPtrArray *a = g_ptr_array_new(), *g = g_ptr_array_new();
  for (guint i = 0; i < words->n_words; i++)
    g_ptr_array_add(i < words->n_answers ? a : g, words->text[i]);
  set_text(w, a, g);
  g_ptr_array_unref(a);
  g_ptr_array_unref(g);
  w->length = words->length;
  w->short_guesses = words->short_guesses;
  w->n_letters = words->n_letters;
  w->alphabet = g_memdup2(words->alphabet, MAX(words->n_letters, 1u) * sizeof *w->alphabet);
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
  g_free(words->code);
  g_free(words->len);
  g_free(words->alphabet);
  g_free(words->text);
  g_free(words->name);
  g_free(words->answers_path);
  g_free(words->guesses_path);
  g_free(words->order_path);
  g_free(words);
}
