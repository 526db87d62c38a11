/* hardsix — cheat sheets: a printable HTML book (tiles drawn with CSS, print CSS for A4 and Letter)
 * and a Markdown lookup book, both read off a verified strategy tree. Output is deterministic. */
#include "hardsix/report/sheet.h"
#include "hardsix/core/feedback.h"

#include <string.h>

/* A section with more rows than this starts on a new page. */
#define BIG_SECTION_ROWS 150
/* Sections with at most this many rows flow together, several per column. */
#define SMALL_SECTION_ROWS 24
/* A small section up to this size is never split between columns or pages. */
#define WHOLE_SECTION_ROWS 12
/* A group of rows (everything below one second-guess pattern) up to this size is kept in one column. */
#define KEEP_GROUP_ROWS 36
/* Candidates are named next to a guess when there are at most this many. */
#define NAMED_CANDIDATES 3
/* Markdown: candidates named in a table cell. */
#define MD_NAMED_CANDIDATES 6

G_DEFINE_QUARK(hs - sheet - error - quark, hs_sheet_error)

gboolean
hs_sheet_format_parse(const char *text, HsSheetFormat *out, GError **error)
{
  if (g_strcmp0(text, "html") == 0)
    *out = HS_SHEET_HTML;
  else if (g_strcmp0(text, "markdown") == 0 || g_strcmp0(text, "md") == 0)
    *out = HS_SHEET_MARKDOWN;
  else {
    g_set_error(error, HS_SHEET_ERROR, HS_SHEET_ERROR_UNKNOWN, "unknown sheet format '%s' (expected html or markdown)",
                text ? text : "");
    return FALSE;
  }
  return TRUE;
}

const char *
hs_sheet_extension(HsSheetFormat format)
{
  return format == HS_SHEET_MARKDOWN ? "sheet.md" : "sheet.html";
}

gboolean
hs_sheet_paper_parse(const char *text, HsPaper *out, GError **error)
{
  if (g_strcmp0(text, "auto") == 0)
    *out = HS_PAPER_AUTO;
  else if (g_ascii_strcasecmp(text ? text : "", "a4") == 0)
    *out = HS_PAPER_A4;
  else if (g_ascii_strcasecmp(text ? text : "", "letter") == 0)
    *out = HS_PAPER_LETTER;
  else {
    g_set_error(error, HS_SHEET_ERROR, HS_SHEET_ERROR_UNKNOWN, "unknown paper '%s' (expected a4, letter or auto)",
                text ? text : "");
    return FALSE;
  }
  return TRUE;
}

/* ---- shared pieces ---- */

typedef struct {
  const HsStrategy *s;
  const HsSheetInfo *info;
  const char *lists;
  guint *rows;    /* per node: nodes below it */
  guint *section; /* per first-level node: its section number (1-based) */
  guint n_solved;
  guint64 total;
  guint lo, hi; /* fewest and most guesses used */
} Ctx;

static const char *
word(const Ctx *c, guint32 i)
{
  return c->s->words->text[i];
}

static gboolean
is_leaf(const Ctx *c, const HsNode *n)
{
  return n->n_children == 0 && n->n_cands == 1 && c->s->cands[n->cand_off] == n->guess;
}

static void
ctx_init(Ctx *c, const HsStrategy *s, const HsSheetInfo *info)
{
  memset(c, 0, sizeof *c);
  c->s = s;
  c->info = info;
  c->lists = info->lists ? info->lists : s->words->name;
  c->rows = g_new0(guint, MAX(s->n_nodes, 1u));
  /* Children always come after their parent, so one backward pass sums the subtrees. */
  for (guint i = s->n_nodes; i > 1; i--) {
    const HsNode *n = &s->nodes[i - 1];
    c->rows[n->parent] += c->rows[i - 1] + 1;
  }
  c->section = g_new0(guint, MAX(s->n_nodes, 1u));
  if (s->n_nodes > 0)
    for (guint k = 0; k < s->nodes[0].n_children; k++)
      c->section[s->nodes[0].first_child + k] = k + 1;
  c->n_solved = hs_histogram_answers(&s->hist);
  c->total = hs_histogram_total(&s->hist);
  c->lo = hs_histogram_best(&s->hist);
  c->hi = hs_histogram_worst(&s->hist);
}

static void
ctx_clear(Ctx *c)
{
  g_free(c->rows);
  g_free(c->section);
}

/* 12345 -> "12,345" (the sheet is English). */
static void
append_count(GString *out, guint64 n)
{
  char digits[24];
  int len = g_snprintf(digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  for (int i = 0; i < len; i++) {
    if (i > 0 && (len - i) % 3 == 0)
      g_string_append_c(out, ',');
    g_string_append_c(out, digits[i]);
  }
}

guint
hs_sheet_example_answer(const HsStrategy *s)
{
  guint mode = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (s->hist.count[d] > s->hist.count[mode])
      mode = d;
  if (mode == 0 || s->n_nodes == 0)
    return HS_NONE;
  guint32 path[HS_DEPTH_LIMIT];
  /* Prefer an answer whose first pattern is not all grey, so the example shows some colour. */
  for (int pass = 0; pass < 2; pass++)
    for (guint a = 0; a < s->words->n_answers; a++)
      if (hs_strategy_path(s, a, path) == mode &&
          (pass == 1 || hs_feedback(s->words->text[path[0]], s->words->text[a]) != 0))
        return a;
  return HS_NONE;
}

static const char *
rules_text(HsRules r)
{
  switch (r) {
    case HS_RULES_STRICT: return "strict hard mode (every guess could still be the answer)";
    case HS_RULES_NONE: return "normal mode (any allowed word may be guessed at any time)";
    default: return "hard mode, NYT rule (greens stay put, revealed letters are reused)";
  }
}

/* The kind of sheet, in its titles: a normal-mode strategy must not be called hard mode. */
static const char *
sheet_kind(HsRules r)
{
  return r == HS_RULES_NONE ? "normal-mode" : "hard-mode";
}

/* ---- HTML ---- */

static const char css[] =
  "*{box-sizing:border-box}\n"
  "html{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
  "body{font:9pt/1.3 'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif;color:#000;margin:0 auto;"
  "max-width:190mm;padding:8mm 0}\n"
  "h1{font-size:17pt;margin:0 0 2mm;display:flex;align-items:center;gap:3mm}\n"
  "h2{font-size:11pt;margin:0 0 1.5mm}\n"
  "p{margin:0 0 1.5mm}\n"
  ".facts{font-size:9.5pt}\n"
  ".top{display:grid;grid-template-columns:1fr 66mm;gap:2mm 5mm;margin-bottom:3mm}\n"
  ".top .head{grid-column:1/3}\n"
  ".box{border:0.4mm solid #000;border-radius:1.5mm;padding:2mm 3mm}\n"
  /* Tiles: colour AND shape, so a black-and-white print still tells them apart. */
  ".w{display:inline-flex;gap:0.35mm;vertical-align:middle;white-space:nowrap}\n"
  ".t{display:inline-block;width:3.5mm;height:3.5mm;font:700 6.6pt/3.1mm 'DejaVu Sans Condensed','Arial Narrow',"
  "'DejaVu Sans',sans-serif;text-align:center;text-transform:uppercase;border:0.25mm solid #777;background:#fff;"
  "color:#444}\n"
  ".t.g{background:#1b6e2a;border-color:#0d3d16;color:#fff}\n"
  ".t.y{background:#f4cf3a;border:0.35mm solid #6b5200;color:#000;border-radius:50%}\n"
  ".t.o{border-color:#000;color:#000}\n"
  ".L .t{width:6.5mm;height:6.5mm;font-size:12pt;line-height:6mm;border-width:0.4mm}\n"
  ".M .t{width:4.6mm;height:4.6mm;font-size:8.5pt;line-height:4.1mm}\n"
  /* Histogram. */
  ".hist{border-collapse:collapse;width:100%;font-size:8.5pt}\n"
  ".hist td{padding:0.3mm 1mm;white-space:nowrap}\n"
  ".hist td.n{text-align:right;width:12mm;font-variant-numeric:tabular-nums}\n"
  ".hist .bar{height:2.6mm;background:#333}\n"
  ".legend{font-size:8.5pt;line-height:1.7;white-space:nowrap}\n"
  ".legend .w{margin-right:1mm}\n"
  ".example ol{margin:1mm 0 0;padding-left:5mm}\n"
  ".example li{margin:0 0 1.2mm}\n"
  ".go{font-weight:700;text-transform:uppercase;letter-spacing:0.2mm}\n"
  /* Index and sections. */
  ".index{margin:3mm 0 0;break-before:auto}\n"
  ".cols{columns:3;column-gap:5mm;column-rule:0.2mm solid #bbb}\n"
  ".index .cols{columns:3;column-gap:5mm}\n"
  "table.rows{border-collapse:collapse;width:100%}\n"
  "table.rows tr{break-inside:avoid}\n"
  "table.rows td{padding:0.25mm 0.6mm;vertical-align:middle;white-space:nowrap}\n"
  "table.rows td.g{width:100%;white-space:normal}\n"
  "table.rows td.g b{white-space:nowrap}\n"
  "table.rows td.o{width:100%;white-space:normal}\n"
  ".k{white-space:nowrap}.k b{margin-left:0.8mm}\n"
  "table.rows tr.d0 td{background:#ececec}\n"
  "table.rows tbody{border-top:0.2mm solid #999}\n"
  "table.rows tbody:first-child{border-top:0}\n"
  "table.rows tbody.keep{break-inside:avoid}\n"
  "table.rows td.n{text-align:right;color:#333;font-size:7.5pt;font-variant-numeric:tabular-nums;"
  "padding-right:1.2mm;min-width:5mm}\n"
  ".few{color:#555;font-size:7pt}\n"
  ".d1 td.o{padding-left:2.8mm}.d2 td.o{padding-left:5.6mm}.d3 td.o{padding-left:8.4mm}.d4 td.o{padding-left:11.2mm}\n"
  ".d1 td.o,.d2 td.o,.d3 td.o,.d4 td.o{background:linear-gradient(90deg,#fff 0,#fff 0.9mm,#bbb 0.9mm,#bbb 1.1mm,"
  "#fff 1.1mm) no-repeat;background-size:100% 100%}\n"
  ".sec{margin:3mm 0 0;padding-top:1.5mm;border-top:0.5mm solid #000}\n"
  ".sec.big{break-before:page;border-top:0;margin-top:0}\n"
  ".flow{columns:3;column-gap:5mm;column-rule:0.2mm solid #bbb;margin-top:3mm}\n"
  ".flow .sec{margin:0 0 2.5mm;padding-top:1mm;border-top:0.4mm solid #000}\n"
  ".flow .sec.whole{break-inside:avoid}\n"
  ".flow .sec h2{font-size:9.5pt;flex-wrap:wrap;gap:1.2mm}\n"
  ".flow .sec h2 .no{font-size:10pt;min-width:6mm}\n"
  ".flow .sec h2 small{flex-basis:100%;padding-left:7.2mm}\n"
  ".sec h2{display:flex;align-items:center;gap:2mm;break-after:avoid}\n"
  ".sec h2 .no{font-size:13pt;min-width:9mm}\n"
  ".sec h2 small{font-weight:400;font-size:8.5pt;color:#333}\n"
  ".ok{font-weight:700}\n"
  ".solved{margin:0}\n"
  "@media print{body{max-width:none;padding:0}}\n";

static const char *const tile_class[3] = { "t", "t y", "t g" };

/* Five tiles: the letters of GUESS coloured by PATTERN (G_MAXUINT: plain outlined tiles). */
static void
append_tiles(GString *out, const char *guess, guint pattern, const char *size)
{
  guint8 tile[HS_WORD_LEN];
  guint p = pattern == G_MAXUINT ? 0 : pattern;
  for (int i = HS_WORD_LEN - 1; i >= 0; i--) {
    tile[i] = (guint8)(p % 3);
    p /= 3;
  }
  g_string_append_printf(out, "<span class=\"w%s%s\">", size ? " " : "", size ? size : "");
  for (int i = 0; i < HS_WORD_LEN; i++)
    g_string_append_printf(out, "<span class=\"%s%s\">%c</span>", tile_class[tile[i]], pattern == G_MAXUINT ? " o" : "",
                           guess[i]);
  g_string_append(out, "</span>");
}

/* A short alt text for screen readers: "howls: yellow grey grey grey yellow". */
static void
append_tiles_titled(GString *out, const char *guess, guint8 pattern, const char *size)
{
  static const char *const names[3] = { "grey", "yellow", "green" };
  guint8 tile[HS_WORD_LEN];
  guint p = pattern;
  for (int i = HS_WORD_LEN - 1; i >= 0; i--) {
    tile[i] = (guint8)(p % 3);
    p /= 3;
  }
  gsize at = out->len;
  append_tiles(out, guess, pattern, size);
  g_autoptr(GString) title = g_string_new(" title=\"");
  g_string_append_printf(title, "%s:", guess);
  for (int i = 0; i < HS_WORD_LEN; i++)
    g_string_append_printf(title, " %s", names[tile[i]]);
  g_string_append_c(title, '"');
  /* Insert after '<span class="w…"' (the first '>' from AT). */
  const char *gt = strchr(out->str + at, '>');
  g_string_insert(out, gt - out->str, title->str);
}

/* The title and the facts line: opener, lists, cap, rules, average, verification. */
static void
append_facts_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  const char *opener = word(c, root->guess);
  g_string_append(out, "<div class=\"top\">\n<div class=\"head\">\n<h1>");
  append_tiles(out, opener, G_MAXUINT, "L");
  g_string_append_printf(out, " Wordle %s cheat sheet</h1>\n<p class=\"facts\">Open with <span class=\"go\">",
                         sheet_kind(s->rules));
  g_string_append(out, opener);
  g_string_append(out, "</span>. Every one of the ");
  append_count(out, c->n_solved);
  g_string_append_printf(out, " answers (%s lists) is solved within <b>%u %s</b>, %s. Average ", c->lists, c->hi,
                         hs_guesses_word(c->hi), rules_text(s->rules));
  hs_average_append(out, c->total, c->n_solved);
  g_string_append(out, " guesses. Checked by the independent verifier");
  if (c->info->source != NULL) {
    g_autofree char *src = g_markup_escape_text(c->info->source, -1);
    g_string_append_printf(out, " (<code>%s</code>)", src);
  }
  g_string_append(out, ".</p>\n</div>\n");
}

/* The worked example: the path of one answer, step by step, as the reader would follow it. */
static void
append_example_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  g_string_append(out, "<div class=\"box example\">\n<h2>How to use it: a worked example</h2>\n");
  guint a = hs_sheet_example_answer(s);
  guint32 path[HS_DEPTH_LIMIT];
  guint len = a == HS_NONE ? 0 : hs_strategy_path(s, a, path);
  if (len > 0) {
    g_string_append_printf(out, "<p>Say the hidden word is <b>%s</b>.</p>\n<ol>\n", word(c, a));
    const HsNode *n = root;
    guint section = 0;
    for (guint k = 0; k < len; k++) {
      const char *g = word(c, path[k]);
      guint8 p = hs_feedback(g, word(c, a));
      g_string_append_printf(out, "<li>Play <span class=\"go\">%s</span>: ", g);
      append_tiles_titled(out, g, p, "M");
      if (p == HS_ALL_GREEN) {
        g_string_append_printf(out, " solved in %u.</li>\n", k + 1);
        break;
      }
      const HsNode *next = hs_strategy_child(s, n, p);
      if (k == 0) {
        section = c->section[next - s->nodes];
        g_string_append_printf(out,
                               " Find this pattern in the index; it sends you to section <b>%u</b>, which "
                               "says <span class=\"go\">%s</span>.</li>\n",
                               section, word(c, next->guess));
      } else if (k == 1) {
        g_string_append_printf(out,
                               " In section %u, find the row with these tiles: <span class=\"go\">%s</span>.</li>\n",
                               section, word(c, next->guess));
      } else {
        g_string_append_printf(out, " Look in the indented rows just below: <span class=\"go\">%s</span>%s.</li>\n",
                               word(c, next->guess), is_leaf(c, next) ? " ✓ (the only word left)" : "");
      }
      n = next;
    }
    g_string_append(out, "</ol>\n");
  }
  g_string_append(out, "<p>In each section the rows are sorted by pattern (grey before yellow before green, "
                       "left to right) and indented one step per guess. A number is how many answers are still "
                       "possible; ✓ marks the only word left.</p>\n</div>\n");
}

/* The tile legend and the verified histogram. */
static void
append_legend_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  g_string_append(out, "<div>\n<div class=\"box legend\">\n<h2>Tiles</h2>\n");
  static const struct {
    guint8 pattern;
    const char *text;
  } legend[] = {
    { 242, "green square: right spot" },
    { 121, "yellow circle: wrong spot" },
    { 0, "white square: not in word" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(legend); i++) {
    g_string_append(out, "<div>");
    static const char *const samples[] = { "right", "moved", "wrong" };
    append_tiles(out, samples[i], legend[i].pattern, NULL);
    g_string_append_printf(out, " %s</div>\n", legend[i].text);
  }
  g_string_append(out, "</div>\n<div class=\"box\" style=\"margin-top:2mm\">\n<h2>Verified histogram</h2>\n"
                       "<table class=\"hist\">\n");
  guint most = 1;
  for (guint d = c->lo; d != 0 && d <= c->hi; d++)
    most = MAX(most, s->hist.count[d]);
  for (guint d = c->lo; d != 0 && d <= c->hi; d++) {
    guint pct = (guint)((guint64)s->hist.count[d] * 1000 / most);
    g_string_append_printf(out, "<tr><td>%u guess%s</td><td class=\"n\">", d, d == 1 ? "" : "es");
    append_count(out, s->hist.count[d]);
    g_string_append_printf(out,
                           "</td><td style=\"width:100%%\"><div class=\"bar\" style=\"width:%u.%u%%\"></div>"
                           "</td></tr>\n",
                           pct / 10, pct % 10);
  }
  g_string_append(out, "</table>\n</div>\n</div>\n</div>\n");
}

/* The top of page 1: the facts, a worked example, the legend and the histogram. */
static void
append_header_html(GString *out, const Ctx *c)
{
  append_facts_html(out, c);
  /* Left: how to read it, with a worked example. Right: legend and histogram. */
  append_example_html(out, c);
  append_legend_html(out, c);
}

static void
append_index_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out,
                         "<section class=\"index\">\n<h2>After <span class=\"go\">%s</span>: find your pattern, "
                         "then its section</h2>\n<div class=\"cols\">\n<table class=\"rows\"><tbody>\n",
                         word(c, root->guess));
  for (guint k = 0; k < root->n_children; k++) {
    const HsNode *n = &s->nodes[root->first_child + k];
    g_string_append_printf(out, "<tr><td class=\"n\">%u</td><td class=\"p\">", k + 1);
    append_tiles(out, word(c, root->guess), n->pattern, NULL);
    if (is_leaf(c, n))
      g_string_append_printf(out, "</td><td class=\"g\"><b>%s</b>&nbsp;✓</td><td></td></tr>\n", word(c, n->guess));
    else
      g_string_append_printf(out, "</td><td class=\"g\"><b>%s</b></td><td class=\"n\">%u</td></tr>\n",
                             word(c, n->guess), n->n_cands);
  }
  g_string_append(out, "</tbody></table>\n</div>\n</section>\n");
}

/* One row: the parent's guess with this node's pattern, then what to play. */
static void
append_row_html(GString *out, const Ctx *c, const HsNode *n, guint indent)
{
  const HsStrategy *s = c->s;
  g_string_append_printf(out, "<tr class=\"d%u\"><td class=\"o\"><span class=\"k\">", MIN(indent, 4u));
  append_tiles(out, word(c, s->nodes[n->parent].guess), n->pattern, NULL);
  if (is_leaf(c, n)) {
    g_string_append_printf(out, " <b>%s</b>&nbsp;✓</span></td><td></td></tr>\n", word(c, n->guess));
    return;
  }
  g_string_append_printf(out, " <b>%s</b></span>", word(c, n->guess));
  if (n->n_cands <= NAMED_CANDIDATES) {
    g_string_append(out, " <span class=\"few\">");
    guint shown = 0;
    for (guint k = 0; k < n->n_cands; k++) {
      guint32 w = s->cands[n->cand_off + k];
      if (w != n->guess)
        g_string_append_printf(out, "%s%s", shown++ ? " " : "or ", word(c, w));
    }
    g_string_append(out, "</span>");
  }
  g_string_append_printf(out, "</td><td class=\"n\">%u</td></tr>\n", n->n_cands);
}

static void
append_subtree_html(GString *out, const Ctx *c, const HsNode *n, guint indent)
{
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &c->s->nodes[n->first_child + k];
    append_row_html(out, c, child, indent);
    append_subtree_html(out, c, child, indent + 1);
  }
}

/* One section; a small one (in a .flow of sections) gets a one-column table. */
static void
append_section_html(GString *out, const Ctx *c, const HsNode *n, gboolean small)
{
  const HsStrategy *s = c->s;
  guint idx = (guint)(n - s->nodes);
  guint rows = c->rows[idx];
  const char *kind = rows > BIG_SECTION_ROWS ? " big" : small && rows <= WHOLE_SECTION_ROWS ? " whole" : "";
  g_string_append_printf(out, "<section class=\"sec%s\" id=\"s%u\">\n<h2><span class=\"no\">%u</span>", kind,
                         c->section[idx], c->section[idx]);
  append_tiles_titled(out, word(c, s->nodes[0].guess), n->pattern, "M");
  if (is_leaf(c, n)) {
    g_string_append_printf(out,
                           " → <span class=\"go\">%s</span> ✓ <small>the only word left</small></h2>\n"
                           "</section>\n",
                           word(c, n->guess));
    return;
  }
  g_string_append_printf(out, " → play <span class=\"go\">%s</span> <small>", word(c, n->guess));
  append_count(out, n->n_cands);
  g_string_append(out, " answers left");
  if (n->n_cands <= 8) {
    g_string_append(out, ":");
    for (guint k = 0; k < n->n_cands; k++)
      g_string_append_printf(out, " %s", word(c, s->cands[n->cand_off + k]));
  }
  g_string_append_printf(out, "</small></h2>\n%s<table class=\"rows\">\n", small ? "" : "<div class=\"cols\">\n");
  /* One tbody per second pattern: kept in one column when small. */
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    guint group = c->rows[n->first_child + k] + 1;
    g_string_append_printf(out, "<tbody%s>\n", group <= KEEP_GROUP_ROWS ? " class=\"keep\"" : "");
    append_row_html(out, c, child, 0);
    append_subtree_html(out, c, child, 1);
    g_string_append(out, "</tbody>\n");
  }
  g_string_append_printf(out, "</table>\n%s</section>\n", small ? "" : "</div>\n");
}

static void
write_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const char *opener = word(c, s->nodes[0].guess);
  g_string_append_printf(out,
                         "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                         "<title>Wordle %s cheat sheet: %s</title>\n<style>\n",
                         sheet_kind(s->rules), opener);
  static const char *const sizes[] = { "", "size:A4;", "size:letter;" };
  /* Margins fit both A4 (210 mm wide) and Letter (216 mm): the body is at most 190 mm wide. */
  g_string_append_printf(out,
                         "@page{%smargin:10mm 10mm 12mm;"
                         "@bottom-center{content:'%s \\2014  page ' counter(page) ' of ' counter(pages);"
                         "font:8pt sans-serif;color:#444}}\n",
                         sizes[c->info->paper], opener);
  g_string_append(out, css);
  g_string_append(out, "</style>\n</head>\n<body>\n");
  append_header_html(out, c);
  append_index_html(out, c);
  const HsNode *root = &s->nodes[0];
  gboolean in_flow = FALSE;
  for (guint k = 0; k < root->n_children; k++) {
    guint idx = root->first_child + k;
    gboolean small = c->rows[idx] <= SMALL_SECTION_ROWS;
    if (small != in_flow)
      g_string_append(out, small ? "<div class=\"flow\">\n" : "</div>\n");
    in_flow = small;
    append_section_html(out, c, &s->nodes[idx], small);
  }
  if (in_flow)
    g_string_append(out, "</div>\n");
  g_string_append(out, "</body>\n</html>\n");
}

/* ---- Markdown ---- */

static void
append_emoji(GString *out, guint8 pattern)
{
  char buf[HS_PATTERN_BUFLEN];
  g_string_append(out, hs_pattern_format(pattern, HS_PATTERN_EMOJI, buf));
}

/* "howls 🟨⬜⬜⬜🟨 shark 🟩🟩🟩⬜⬜": the history that leads to NODE. */
static void
append_history_md(GString *out, const Ctx *c, const HsNode *n)
{
  const HsStrategy *s = c->s;
  const HsNode *chain[HS_DEPTH_LIMIT + 1];
  guint len = 0;
  for (const HsNode *x = n; x->parent != HS_NONE && len < G_N_ELEMENTS(chain); x = &s->nodes[x->parent])
    chain[len++] = x;
  for (guint i = len; i > 0; i--) {
    const HsNode *x = chain[i - 1];
    g_string_append_printf(out, "%s%s ", i < len ? " " : "", word(c, s->nodes[x->parent].guess));
    append_emoji(out, x->pattern);
  }
}

static void
write_md_node(GString *out, const Ctx *c, const HsNode *n)
{
  const HsStrategy *s = c->s;
  g_string_append(out, "## ");
  if (n->parent == HS_NONE)
    g_string_append(out, "start");
  else
    append_history_md(out, c, n);
  g_string_append_printf(out, "\n\nPlay **%s** (guess %u; ", word(c, n->guess), n->depth + 1u);
  append_count(out, n->n_cands);
  g_string_append_printf(out, " %s left).\n\n| %s shows | next guess | answers left |\n|---|---|---|\n",
                         n->n_cands == 1 ? "answer" : "answers", word(c, n->guess));
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    g_string_append(out, "| ");
    append_emoji(out, child->pattern);
    if (is_leaf(c, child)) {
      g_string_append_printf(out, " | **%s** ✓ | 1 |\n", word(c, child->guess));
      continue;
    }
    g_string_append_printf(out, " | %s | %u", word(c, child->guess), child->n_cands);
    if (child->n_cands <= MD_NAMED_CANDIDATES) {
      g_string_append(out, ":");
      for (guint j = 0; j < child->n_cands; j++)
        g_string_append_printf(out, " %s", word(c, s->cands[child->cand_off + j]));
    }
    g_string_append(out, " |\n");
  }
  g_string_append_c(out, '\n');
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    if (child->n_children > 0)
      write_md_node(out, c, child);
  }
}

static void
write_markdown(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out, "# Wordle %s cheat sheet: %s\n\nOpen with **%s**. Every one of the ",
                         sheet_kind(s->rules), word(c, root->guess), word(c, root->guess));
  append_count(out, c->n_solved);
  g_string_append_printf(out, " answers (%s lists) is solved within %u %s, %s; average ", c->lists, c->hi,
                         hs_guesses_word(c->hi), rules_text(s->rules));
  hs_average_append(out, c->total, c->n_solved);
  g_string_append(out, " guesses. Checked by the independent verifier");
  if (c->info->source != NULL)
    g_string_append_printf(out, " (`%s`)", c->info->source);
  g_string_append(out, ".\n\n| guesses | answers |\n|---|---|\n");
  for (guint d = c->lo; d != 0 && d <= c->hi; d++)
    g_string_append_printf(out, "| %u | %u |\n", d, s->hist.count[d]);
  g_string_append(out, "\nOne heading per history: find the heading with the guesses and patterns you have "
                       "seen so far, then the row with the latest pattern. ✓ marks the only word left.\n");
  guint a = hs_sheet_example_answer(s);
  guint32 path[HS_DEPTH_LIMIT];
  guint len = a == HS_NONE ? 0 : hs_strategy_path(s, a, path);
  if (len > 1) {
    g_string_append_printf(out, "For example, when the answer is %s: under **start**, %s shows ", word(c, a),
                           word(c, path[0]));
    append_emoji(out, hs_feedback(word(c, path[0]), word(c, a)));
    g_string_append_printf(out, " → play %s; then under **%s ", word(c, path[1]), word(c, path[0]));
    append_emoji(out, hs_feedback(word(c, path[0]), word(c, a)));
    g_string_append_printf(out, "**, %s shows ", word(c, path[1]));
    append_emoji(out, hs_feedback(word(c, path[1]), word(c, a)));
    g_string_append_printf(out, " → play %s, and so on.\n", len > 2 ? word(c, path[2]) : word(c, a));
  }
  g_string_append_c(out, '\n');
  write_md_node(out, c, root);
}

char *
hs_sheet_write(const HsStrategy *s, HsSheetFormat format, const HsSheetInfo *info)
{
  static const HsSheetInfo no_info = { NULL, NULL, HS_PAPER_AUTO };
  GString *out = g_string_sized_new(4096 + (gsize)s->n_nodes * (format == HS_SHEET_HTML ? 420 : 90));
  if (s->n_nodes == 0)
    return g_string_free(out, FALSE);
  Ctx c;
  ctx_init(&c, s, info != NULL ? info : &no_info);
  if (format == HS_SHEET_HTML)
    write_html(out, &c);
  else
    write_markdown(out, &c);
  ctx_clear(&c);
  return g_string_free(out, FALSE);
}
