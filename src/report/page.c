/* hardsix — the play-along page: the built-in page.html with its style and script inlined, and the
 * strategies and opener tables as one compact JSON document in it. Output is deterministic. */
#include "hardsix/report/page.h"
#include "hardsix/report/report.h"
#include "page-assets.h"

#include <string.h>

/* ---- JSON ---- */

/* A JSON string: the one escaper of the report layer (the data is made safe for its <script> at the
 * end, see append_data). */
static void
append_json_string(GString *out, const char *text)
{
  hs_report_json_string(out, text);
}

/* A node: its guess alone when it is a leaf (the guess is the only answer left), else
 * [guess, solves, pattern, child, pattern, child, ...] with the children in pattern order; solves is 1
 * when the guess is one of the answers left. */
static void
append_node(GString *out, const HsStrategy *s, const HsNode *n)
{
  const char *guess = s->words->text[n->guess];
  gboolean solves = hs_strategy_node_solves(s, n);
  if (n->n_children == 0 && solves) {
    append_json_string(out, guess);
    return;
  }
  g_string_append_c(out, '[');
  append_json_string(out, guess);
  g_string_append_printf(out, ",%d", solves ? 1 : 0);
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *c = &s->nodes[n->first_child + k];
    g_string_append_printf(out, ",%u,", c->pattern);
    append_node(out, s, c);
  }
  g_string_append_c(out, ']');
}

static void
append_strategy(GString *out, const HsPageStrategy *p)
{
  const HsStrategy *s = hs_published_strategy(p->published);
  const HsWords *w = s->words;
  g_string_append(out, "{\"name\":");
  append_json_string(out, p->name ? p->name : w->text[s->nodes[0].guess]);
  g_string_append(out, ",\"opener\":");
  append_json_string(out, w->text[s->nodes[0].guess]);
  g_string_append(out, ",\"lists\":");
  append_json_string(out, p->lists ? p->lists : w->name);
  g_string_append(out, ",\"rules\":");
  append_json_string(out, hs_rules_name(s->rules));
  /* Every answer has the same length (in characters): the number of tiles of a pattern. */
  glong length = w->n_answers > 0 ? g_utf8_strlen(w->text[0], -1) : 0;
  g_string_append_printf(out, ",\"cap\":%u,\"length\":%ld,\"answers\":%u,\"total\":%" G_GUINT64_FORMAT ",\"hist\":[",
                         s->max_guesses, length, hs_histogram_answers(&s->hist), hs_histogram_total(&s->hist));
  guint lo = hs_histogram_best(&s->hist), hi = hs_histogram_worst(&s->hist);
  for (guint d = lo; d != 0 && d <= hi; d++)
    g_string_append_printf(out, "%s[%u,%u]", d > lo ? "," : "", d, s->hist.count[d]);
  g_string_append(out, "],\"tree\":");
  append_node(out, s, &s->nodes[0]);
  g_string_append_c(out, '}');
}

/* ---- tables, grouped by lists ---- */

static gint
compare_words(gconstpointer a, gconstpointer b)
{
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The openers of the tables of LISTS, each once, sorted; WHERE maps each to its position. */
static GPtrArray *
union_openers(HsPageTable *const *tables, guint n, const char *lists, GHashTable *where)
{
  GPtrArray *all = g_ptr_array_new();
  GHashTable *seen = g_hash_table_new(g_str_hash, g_str_equal);
  for (guint t = 0; t < n; t++)
    if (g_strcmp0(tables[t]->lists, lists) == 0)
      for (guint i = 0; i < tables[t]->n_rows; i++)
        if (g_hash_table_add(seen, tables[t]->openers[i]))
          g_ptr_array_add(all, tables[t]->openers[i]);
  g_hash_table_unref(seen);
  g_ptr_array_sort(all, compare_words);
  for (guint i = 0; i < all->len; i++)
    g_hash_table_insert(where, all->pdata[i], GUINT_TO_POINTER(i));
  return all;
}

/* One table's columns over the group's openers: its verdicts (one letter per opener, '-' where it has
 * no row) and, for optimize tables, the totals (0 where none). */
static void
append_column(GString *out, const HsPageTable *t, guint n_all, GHashTable *where)
{
  g_autofree char *verdicts = g_malloc(n_all + 1);
  g_autofree guint *totals = g_new0(guint, MAX(n_all, 1u));
  memset(verdicts, '-', n_all);
  verdicts[n_all] = '\0';
  for (guint i = 0; i < t->n_rows; i++) {
    guint at = GPOINTER_TO_UINT(g_hash_table_lookup(where, t->openers[i]));
    verdicts[at] = t->verdicts[i];
    totals[at] = t->totals ? t->totals[i] : 0;
  }
  g_string_append_printf(
    out, "{\"kind\":\"%s\",\"cap\":%u,\"source\":", t->kind == HS_PAGE_TABLE_OPTIMIZE ? "optimize" : "prove", t->cap);
  append_json_string(out, t->source ? t->source : "");
  g_string_append(out, ",\"verdicts\":");
  append_json_string(out, verdicts);
  if (t->kind == HS_PAGE_TABLE_OPTIMIZE) {
    g_string_append(out, ",\"totals\":[");
    for (guint i = 0; i < n_all; i++)
      g_string_append_printf(out, "%s%u", i ? "," : "", totals[i]);
    g_string_append_c(out, ']');
  }
  g_string_append_c(out, '}');
}

/* {"lists":L,"openers":"w1 w2 ...","columns":[...]} for the tables of LISTS, in their order. */
static void
append_group(GString *out, HsPageTable *const *tables, guint n, const char *lists)
{
  GHashTable *where = g_hash_table_new(g_str_hash, g_str_equal);
  GPtrArray *all = union_openers(tables, n, lists, where);
  g_string_append(out, "{\"lists\":");
  append_json_string(out, lists);
  for (guint t = 0; t < n; t++)
    if (g_strcmp0(tables[t]->lists, lists) == 0) {
      g_string_append_printf(out, ",\"answers\":%u", tables[t]->n_answers);
      break;
    }
  g_ptr_array_add(all, NULL);
  g_autofree char *joined = g_strjoinv(" ", (char **)all->pdata);
  g_string_append(out, ",\"openers\":");
  append_json_string(out, joined);
  g_string_append(out, ",\"columns\":[");
  gboolean first = TRUE;
  for (guint t = 0; t < n; t++)
    if (g_strcmp0(tables[t]->lists, lists) == 0) {
      g_string_append(out, first ? "" : ",");
      append_column(out, tables[t], all->len - 1, where);
      first = FALSE;
    }
  g_string_append(out, "]}");
  g_ptr_array_free(all, TRUE);
  g_hash_table_unref(where);
}

/* The data of the page, {"strategies":[...],"tables":[...]}. A '<' can stand only inside a JSON string
 * here, where "\u003c" means the same: so no text of the data can end the script that holds it. */
static void
append_data(GString *page, const HsPageStrategy *strategies, guint n, HsPageTable *const *tables, guint n_tables)
{
  g_autoptr(GString) out = g_string_new("{\"strategies\":[");
  for (guint i = 0; i < n; i++) {
    g_string_append(out, i ? ",\n" : "\n");
    append_strategy(out, &strategies[i]);
  }
  g_string_append(out, "],\n\"tables\":[");
  /* One group per lists, in the order the tables first name them. */
  for (guint t = 0; t < n_tables; t++) {
    gboolean seen = FALSE;
    for (guint u = 0; u < t && !seen; u++)
      seen = g_strcmp0(tables[u]->lists, tables[t]->lists) == 0;
    if (seen)
      continue;
    g_string_append(out, t ? ",\n" : "\n");
    append_group(out, tables, n_tables, tables[t]->lists);
  }
  g_string_append(out, "]}");
  for (const char *c = out->str; *c != '\0'; c++)
    if (*c == '<')
      g_string_append(page, "\\u003c");
    else
      g_string_append_c(page, *c);
}

/* ---- the page ---- */

static void
append_lines(GString *out, const char *const *lines)
{
  for (guint i = 0; lines[i] != NULL; i++)
    g_string_append(out, lines[i]);
}

/* LINE without its leading blanks and trailing newline equals WANT. */
static gboolean
line_is(const char *line, const char *want)
{
  while (*line == ' ')
    line++;
  gsize n = strlen(want);
  return strncmp(line, want, n) == 0 && (line[n] == '\n' || line[n] == '\0');
}

char *
hs_page_write(const HsPageStrategy *strategies, guint n, HsPageTable *const *tables, guint n_tables, GError **error)
{
  for (guint i = 0; i < n; i++)
    if (!hs_published_verified(strategies[i].published) || hs_published_strategy(strategies[i].published) == NULL) {
      g_set_error(error, HS_PAGE_ERROR, HS_PAGE_ERROR_NOT_VERIFIED,
                  "%s: not accepted by the verifier, so it is not put on a page that says it was",
                  strategies[i].name ? strategies[i].name : "a strategy");
      return NULL;
    }
  GString *out = g_string_sized_new(1 << 20);
  /* page.html names its style and script as files (so that it opens as it is, next to them); here they
   * are put in, and the empty data element is filled. */
  for (guint i = 0; hs_asset_page_html[i] != NULL; i++) {
    const char *line = hs_asset_page_html[i];
    if (line_is(line, "<link rel=\"stylesheet\" href=\"page.css\">")) {
      g_string_append(out, "<style>\n");
      append_lines(out, hs_asset_page_css);
      g_string_append(out, "</style>\n");
    } else if (line_is(line, "<script src=\"page.js\"></script>")) {
      g_string_append(out, "<script>\n");
      append_lines(out, hs_asset_page_js);
      g_string_append(out, "</script>\n");
    } else if (line_is(line, "<script id=\"hs-data\" type=\"application/json\">{}</script>")) {
      g_string_append(out, "<script id=\"hs-data\" type=\"application/json\">");
      append_data(out, strategies, n, tables, n_tables);
      g_string_append(out, "</script>\n");
    } else {
      g_string_append(out, line);
    }
  }
  return g_string_free(out, FALSE);
}
