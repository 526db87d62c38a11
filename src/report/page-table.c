/* hardsix — the opener tables the play-along page looks openers up in: the TSV rows of `optimize
 * --all` and `prove --all`, read and checked line by line. */
#include "hardsix/report/page.h"
#include "hardsix/util/fileutil.h"

#include <string.h>

G_DEFINE_QUARK(hs - page - error - quark, hs_page_error)

typedef struct {
  HsPageTable *t;
  const char *name;
  gboolean header_seen;
  gboolean has_total;
  GPtrArray *openers;
  GString *verdicts;
  GArray *totals;
  GHashTable *seen; /* openers read so far */
} Reader;

static gboolean
parse_error(GError **error, const Reader *r, guint lineno, const char *what, const char *value)
{
  g_autofree char *shown = g_utf8_make_valid(value, MIN((gssize)strlen(value), 40));
  g_set_error(error, HS_PAGE_ERROR, HS_PAGE_ERROR_PARSE, "%s:%u: %s%s%s%s", r->name, lineno, what, *value ? " '" : "",
              shown, *value ? "'" : "");
  return FALSE;
}

/* "# hardsix shard K/N; command C; lists L; ...; max-guesses M; ...": the lists and the cap. */
static void
read_shard_line(Reader *r, const char *line)
{
  g_auto(GStrv) parts = g_strsplit(line, "; ", -1);
  for (guint i = 0; parts[i] != NULL; i++) {
    guint64 cap = 0;
    if (g_str_has_prefix(parts[i], "lists ") && r->t->lists == NULL)
      r->t->lists = g_strdup(parts[i] + strlen("lists "));
    else if (g_str_has_prefix(parts[i], "max-guesses ") &&
             g_ascii_string_to_unsigned(parts[i] + strlen("max-guesses "), 10, 1, 63, &cap, NULL))
      r->t->cap = (guint)cap;
  }
}

/* "opener verdict total average [seconds]" or "opener verdict nodes [seconds]". */
static gboolean
read_header(Reader *r, const char *line, guint lineno, GError **error)
{
  if (g_str_has_prefix(line, "opener\tverdict\ttotal\taverage"))
    r->t->kind = HS_PAGE_TABLE_OPTIMIZE;
  else if (g_str_has_prefix(line, "opener\tverdict\tnodes"))
    r->t->kind = HS_PAGE_TABLE_PROVE;
  else
    return parse_error(error, r, lineno,
                       "not a table of 'optimize --all' (opener verdict total average) or 'prove --all' (opener "
                       "verdict nodes): the header is",
                       line);
  r->has_total = r->t->kind == HS_PAGE_TABLE_OPTIMIZE;
  r->header_seen = TRUE;
  return TRUE;
}

/* The verdict letter of VALUE in a table of KIND, or 0. */
static char
verdict_letter(HsPageTableKind kind, const char *value)
{
  static const struct {
    HsPageTableKind kind;
    const char *name;
    char letter;
  } known[] = {
    { HS_PAGE_TABLE_OPTIMIZE, "optimal", 'o' },    { HS_PAGE_TABLE_OPTIMIZE, "worse", 'w' },
    { HS_PAGE_TABLE_OPTIMIZE, "impossible", 'i' }, { HS_PAGE_TABLE_PROVE, "proven", 'p' },
    { HS_PAGE_TABLE_PROVE, "impossible", 'i' },    { HS_PAGE_TABLE_PROVE, "undecided", 'u' },
  };
  for (guint i = 0; i < G_N_ELEMENTS(known); i++)
    if (known[i].kind == kind && strcmp(known[i].name, value) == 0)
      return known[i].letter;
  return 0;
}

static gboolean
read_row(Reader *r, const char *line, guint lineno, GError **error)
{
  g_auto(GStrv) f = g_strsplit(line, "\t", -1);
  guint n = g_strv_length(f);
  if (n < (r->has_total ? 4u : 3u))
    return parse_error(error, r, lineno, "malformed row (too few columns):", line);
  if (f[0][0] == '\0' || strchr(f[0], ' ') != NULL || !g_utf8_validate(f[0], -1, NULL))
    return parse_error(error, r, lineno, "not a word:", f[0]);
  if (g_hash_table_contains(r->seen, f[0]))
    return parse_error(error, r, lineno, "a second row for", f[0]);
  char v = verdict_letter(r->t->kind, f[1]);
  if (v == 0)
    return parse_error(error, r, lineno, "unknown verdict", f[1]);
  guint64 total = 0;
  if (r->has_total && (v == 'o' || v == 'w') && !g_ascii_string_to_unsigned(f[2], 10, 1, G_MAXUINT, &total, NULL))
    return parse_error(error, r, lineno, "not a total:", f[2]);
  g_ptr_array_add(r->openers, g_strdup(f[0]));
  g_hash_table_add(r->seen, r->openers->pdata[r->openers->len - 1]);
  g_string_append_c(r->verdicts, v);
  guint t = (guint)total;
  g_array_append_val(r->totals, t);
  return TRUE;
}

static gboolean
on_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  Reader *r = user;
  g_autofree char *text = g_strndup(line, len);
  if (len == 0)
    return TRUE;
  if (text[0] == '#') {
    if (!r->header_seen && g_str_has_prefix(text, "# hardsix shard "))
      read_shard_line(r, text);
    return TRUE;
  }
  return r->header_seen ? read_row(r, text, lineno, error) : read_header(r, text, lineno, error);
}

HsPageTable *
hs_page_table_parse(const char *text, gsize len, const char *name, guint cap, GError **error)
{
  g_autoptr(HsPageTable) t = g_new0(HsPageTable, 1);
  Reader r = { t,
               name,
               FALSE,
               FALSE,
               g_ptr_array_new(),
               g_string_new(NULL),
               g_array_new(FALSE, FALSE, sizeof(guint)),
               g_hash_table_new(g_str_hash, g_str_equal) };
  t->cap = cap;
  gboolean ok = hs_file_foreach_line(text, len, on_line, &r, error);
  if (ok && !r.header_seen) {
    g_set_error(error, HS_PAGE_ERROR, HS_PAGE_ERROR_PARSE, "%s: no table header (opener verdict ...)", name);
    ok = FALSE;
  }
  g_hash_table_unref(r.seen);
  t->n_rows = r.openers->len;
  g_ptr_array_add(r.openers, NULL);
  t->openers = (char **)g_ptr_array_free(r.openers, FALSE);
  t->verdicts = g_string_free(r.verdicts, FALSE);
  t->totals = (guint *)(void *)g_array_free(r.totals, FALSE);
  if (t->kind != HS_PAGE_TABLE_OPTIMIZE)
    g_clear_pointer(&t->totals, g_free);
  t->source = g_path_get_basename(name);
  return ok ? g_steal_pointer(&t) : NULL;
}

void
hs_page_table_free(HsPageTable *t)
{
  if (t == NULL)
    return;
  g_free(t->lists);
  g_free(t->source);
  g_strfreev(t->openers);
  g_free(t->verdicts);
  g_free(t->totals);
  g_free(t);
}

guint
hs_page_table_covers(const HsPageTable *t, const HsWords *words)
{
  GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
  guint verdict = 1;
  for (guint i = 0; i < t->n_rows && verdict; i++) {
    guint w = hs_words_lookup(words, t->openers[i]);
    if (w == HS_NONE)
      verdict = 0;
    else
      g_hash_table_add(seen, t->openers[i]);
  }
  if (verdict && g_hash_table_size(seen) == words->n_words)
    verdict = 2;
  g_hash_table_unref(seen);
  return verdict;
}
