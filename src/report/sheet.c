/* hardsix — cheat sheets: a printable HTML book (tiles drawn with CSS, print CSS for A4 and Letter)
 * and a Markdown lookup book, both read off a verified strategy tree. Output is deterministic. */
#include "sheet-private.h"
#include "hardsix/core/feedback.h"

#include <string.h>

/* A section up to this size is never split between columns or pages. */
#define WHOLE_SECTION_ROWS 10
/* A group of rows (everything below one second-guess pattern) up to this size is kept in one column. */
#define KEEP_GROUP_ROWS 8
/* Candidates are named next to a guess when there are at most this many. */
#define NAMED_CANDIDATES 3

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

/* ---- HTML ---- */

static const char css[] =
  "*{box-sizing:border-box}\n"
  "html{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
  "body{font:9pt/1.3 'Helvetica Neue',Arial,'Liberation Sans','DejaVu Sans',sans-serif;color:#000;margin:0 auto;"
  "max-width:190mm;padding:8mm 0}\n"
  "a{color:inherit;text-decoration:none}\n"
  "h1{font-size:17pt;margin:0 0 2mm;display:flex;align-items:center;gap:3mm}\n"
  "h2{font-size:11pt;margin:0 0 1.5mm}\n"
  "p{margin:0 0 1.5mm}\n"
  ".facts{font-size:9.5pt}\n"
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
  /* Page 1: the tiles, then the first two guesses; page 2: a worked example and the histogram. */
  ".hist{border-collapse:collapse;width:100%;font-size:8.5pt;margin-top:1mm}\n"
  ".hist td{padding:0.2mm 1mm;white-space:nowrap}\n"
  ".hist td.n{text-align:right;width:12mm;font-variant-numeric:tabular-nums}\n"
  ".hist .bar{height:2.4mm;background:#333}\n"
  ".legend{font-size:8.5pt;margin:1.5mm 0 2.5mm}\n"
  ".legend .w{margin-right:0.5mm}\n"
  ".summary .cols{columns:4;column-gap:3mm;column-rule:0.2mm solid #bbb}\n"
  ".summary table.rows td{padding:0.15mm 0.4mm}\n"
  ".summary table.rows td.n{min-width:0;padding-right:0.6mm}\n"
  ".summary td.n a{font-weight:700}\n"
  /* Then how to read the sections (under the summary when it fits, else on page 2), then every section in
   * one flow of three columns. */
  ".how{break-inside:avoid;margin-top:3mm;display:grid;grid-template-columns:1fr 1fr;gap:3mm;margin-bottom:3mm}\n"
  ".how ol{margin:1mm 0 1.5mm;padding-left:5mm}\n"
  ".how li{margin:0 0 1mm}\n"
  ".notes{margin:0;padding:0;list-style:none}\n"
  ".notes li{margin:0 0 1.2mm}\n"
  ".go{font-weight:700;text-transform:uppercase;letter-spacing:0.2mm}\n"
  ".flow{columns:3;column-gap:5mm;column-rule:0.2mm solid #bbb}\n"
  "table.rows{border-collapse:collapse;width:100%}\n"
  "table.rows tr{break-inside:avoid}\n"
  "table.rows td{padding:0.25mm 0.6mm;vertical-align:middle;white-space:nowrap}\n"
  "table.rows td.g,table.rows td.o{width:100%;white-space:normal}\n"
  "table.rows td.g b{white-space:nowrap}\n"
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
  ".sec{margin:0 0 2.5mm;padding-top:1mm;border-top:0.5mm solid #000}\n"
  ".sec.whole{break-inside:avoid}\n"
  ".sec h2{display:flex;flex-wrap:wrap;align-items:center;gap:1.2mm;font-size:9.5pt;break-after:avoid}\n"
  ".sec h2 .no,.how .no{font-size:12pt;font-weight:700;min-width:7mm}\n"
  ".sec h2 small{flex-basis:100%;padding-left:8.2mm;font-weight:400;font-size:8.5pt;color:#333}\n"
  "@media print{body{max-width:none;padding:0}}\n";

/* Longer words take wider rows: fewer columns (6 letters: page 1 in three; 7 and 8: the sections in
 * two too). Only in sheets of such words, whose <body> has these classes. */
static const char css_long[] = ".long .summary .cols{columns:3}\n"
                               ".longer .flow{columns:2}\n";

static const char *const tile_class[3] = { "t", "t y", "t g" };

/* The letters of TEXT (at most HS_PATTERN_MAX_TILES) coloured by TILE[] (NULL: plain outlined tiles). */
static void
append_tiles_raw(GString *out, const char *text, const guint8 *tile, const char *size)
{
  g_string_append_printf(out, "<span class=\"w%s%s\">", size ? " " : "", size ? size : "");
  guint i = 0;
  for (const char *p = text; *p != '\0' && i < HS_PATTERN_MAX_TILES; p = g_utf8_next_char(p), i++)
    g_string_append_printf(out, "<span class=\"%s%s\">%.*s</span>", tile_class[tile ? tile[i] : 0], tile ? "" : " o",
                           (int)(g_utf8_next_char(p) - p), p);
  g_string_append(out, "</span>");
}

/* The tiles of PATTERN as word GUESS of W shows it (its own letters; grey past a short guess). */
static void
pattern_tiles(const HsWords *w, guint pattern, guint8 *tile)
{
  for (guint i = 0; i < HS_MAX_LEN; i++)
    tile[i] = (guint8)(w->pow3[i] ? (pattern / w->pow3[i]) % 3 : 0);
}

/* The letters of word GUESS coloured by PATTERN (G_MAXUINT: plain outlined tiles). */
static void
append_tiles(GString *out, const Ctx *c, guint32 guess, guint pattern, const char *size)
{
  const HsWords *w = c->s->words;
  guint8 tile[HS_MAX_LEN];
  pattern_tiles(w, pattern == G_MAXUINT ? 0 : pattern, tile);
  append_tiles_raw(out, w->text[guess], pattern == G_MAXUINT ? NULL : tile, size);
}

/* A short alt text for screen readers: "howls: yellow grey grey grey yellow". */
static void
append_tiles_titled(GString *out, const Ctx *c, guint32 guess, guint pattern, const char *size)
{
  static const char *const names[3] = { "grey", "yellow", "green" };
  const HsWords *w = c->s->words;
  guint8 tile[HS_MAX_LEN];
  pattern_tiles(w, pattern, tile);
  gsize at = out->len;
  append_tiles(out, c, guess, pattern, size);
  g_autoptr(GString) title = g_string_new(" title=\"");
  g_string_append_printf(title, "%s:", w->text[guess]);
  for (guint i = 0; i < w->len[guess]; i++)
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
  const char *opener = hs_sheet_word(c, s->nodes[0].guess);
  g_string_append(out, "<h1>");
  append_tiles(out, c, s->nodes[0].guess, G_MAXUINT, "L");
  g_string_append_printf(out, " Wordle %s cheat sheet</h1>\n<p class=\"facts\">Open with <span class=\"go\">",
                         hs_sheet_kind(s->rules));
  g_string_append(out, opener);
  g_string_append(out, "</span>. Every one of the ");
  hs_sheet_append_count(out, c->n_solved);
  g_string_append_printf(out, " answers (%s lists) is solved within <b>%u %s</b>, %s. Average ", c->lists, c->hi,
                         hs_guesses_word(c->hi), hs_sheet_rules_text(s->rules));
  hs_average_append(out, c->total, c->n_solved);
  g_string_append(out, " guesses. Checked by the independent verifier");
  if (c->info->source != NULL) {
    g_autofree char *src = g_markup_escape_text(c->info->source, -1);
    g_string_append_printf(out, " (<code>%s</code>)", src);
  }
  g_string_append(out, ".</p>\n");
}

/* The tiles, in one line under the facts. */
static void
append_tiles_legend_html(GString *out)
{
  static const struct {
    guint8 tile[5];
    const char *sample, *text;
  } legend[] = {
    { { 2, 2, 2, 2, 2 }, "right", "green square: right spot" },
    { { 1, 1, 1, 1, 1 }, "moved", "yellow circle: in the word, wrong spot" },
    { { 0, 0, 0, 0, 0 }, "wrong", "white square: not in the word" },
  };
  g_string_append(out, "<p class=\"legend\">");
  for (guint i = 0; i < G_N_ELEMENTS(legend); i++) {
    append_tiles_raw(out, legend[i].sample, legend[i].tile, NULL);
    g_string_append_printf(out, " %s%s", legend[i].text, i + 1 < G_N_ELEMENTS(legend) ? " &nbsp; " : "");
  }
  g_string_append(out, "</p>\n");
}

/* The verified histogram. */
static void
append_histogram_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  g_string_append(out, "<h2>Verified histogram</h2>\n<table class=\"hist\">\n");
  guint most = 1;
  for (guint d = c->lo; d != 0 && d <= c->hi; d++)
    most = MAX(most, s->hist.count[d]);
  for (guint d = c->lo; d != 0 && d <= c->hi; d++) {
    guint pct = (guint)((guint64)s->hist.count[d] * 1000 / most);
    g_string_append_printf(out, "<tr><td>%u guess%s</td><td class=\"n\">", d, d == 1 ? "" : "es");
    hs_sheet_append_count(out, s->hist.count[d]);
    g_string_append_printf(out,
                           "</td><td style=\"width:100%%\"><div class=\"bar\" style=\"width:%u.%u%%\"></div>"
                           "</td></tr>\n",
                           pct / 10, pct % 10);
  }
  g_string_append(out, "</table>\n");
}

/* What to play at a node that needs no rows of its own: "fleet ✓", or "fizzy else jiffy ✓". */
static gboolean
append_closed(GString *out, const Ctx *c, const HsNode *n)
{
  if (hs_sheet_is_leaf(c, n))
    g_string_append_printf(out, "<b>%s</b>&nbsp;✓", hs_sheet_word(c, n->guess));
  else if (hs_sheet_is_pair(c, n))
    g_string_append_printf(out, "<b>%s</b> <span class=\"few\">else</span> <b>%s</b>&nbsp;✓",
                           hs_sheet_word(c, n->guess), hs_sheet_word(c, c->s->nodes[n->first_child].guess));
  else
    return FALSE;
  return TRUE;
}

/* Page 1, the first two guesses: every pattern of the opener, what to play next, and the section
 * (linked) that goes on from there. */
static void
append_summary_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out,
                         "<section class=\"summary\">\n<h2>The first two guesses: <span class=\"go\">%s</span> showed "
                         "these colours? Play the word; its section number says what follows</h2>\n"
                         "<div class=\"cols\">\n"
                         "<table class=\"rows\"><tbody>\n",
                         hs_sheet_word(c, root->guess));
  for (guint k = 0; k < root->n_children; k++) {
    guint idx = root->first_child + k;
    const HsNode *n = &s->nodes[idx];
    guint sec = c->section[idx];
    if (sec > 0)
      g_string_append_printf(out, "<tr><td class=\"n\"><a href=\"#s%u\">%u</a></td><td class=\"p\">", sec, sec);
    else
      g_string_append(out, "<tr><td class=\"n\"></td><td class=\"p\">");
    append_tiles(out, c, root->guess, n->pattern, NULL);
    g_string_append(out, "</td><td class=\"g\">");
    if (append_closed(out, c, n))
      g_string_append(out, "</td><td></td></tr>\n");
    else
      g_string_append_printf(out, "<a href=\"#s%u\"><b>%s</b></a></td><td class=\"n\">%u</td></tr>\n", sec,
                             hs_sheet_word(c, n->guess), n->n_cands);
  }
  g_string_append(out, "</tbody></table>\n</div>\n</section>\n");
}

/* One step of the worked example, after guess K (0-based) showed its colours; N is the node it led to. */
static void
append_example_step(GString *out, const Ctx *c, guint k, const HsNode *from, const HsNode *n)
{
  if (k == 0 && c->section[n - c->s->nodes] == 0) {
    g_string_append(out, " Page 1 has these tiles: ");
    append_closed(out, c, n);
  } else if (k == 0) {
    g_string_append_printf(out, " Page 1 has these tiles: <span class=\"go\">%s</span>, section <b>%u</b>.",
                           hs_sheet_word(c, n->guess), c->section[n - c->s->nodes]);
  } else if (hs_sheet_is_pair(c, from)) {
    g_string_append_printf(out,
                           " Not all green, so it is the word after &ldquo;else&rdquo;: <span class=\"go\">%s</span>.",
                           hs_sheet_word(c, n->guess));
  } else if (k == 1) {
    g_string_append_printf(out, " In that section, the row with these tiles: <span class=\"go\">%s</span>.",
                           hs_sheet_word(c, n->guess));
  } else {
    g_string_append_printf(out, " In the rows indented under it: <span class=\"go\">%s</span>.",
                           hs_sheet_word(c, n->guess));
  }
}

/* The worked example: the path of one answer, step by step, as the reader would follow it. */
static void
append_example_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  g_string_append(out, "<div class=\"box\">\n<h2>How to use it: a worked example</h2>\n");
  guint a = hs_sheet_example_answer(s);
  guint32 path[HS_DEPTH_LIMIT];
  guint len = a == HS_NONE ? 0 : hs_strategy_path(s, a, path);
  if (len > 0) {
    g_string_append_printf(out, "<p>Say the hidden word is <b>%s</b>.</p>\n<ol>\n", hs_sheet_word(c, a));
    const HsNode *n = &s->nodes[0];
    for (guint k = 0; k < len; k++) {
      const char *g = hs_sheet_word(c, path[k]);
      HsPat p = hs_feedback_words(s->words, path[k], a);
      g_string_append_printf(out, "<li>Play <span class=\"go\">%s</span>: ", g);
      append_tiles_titled(out, c, path[k], p, "M");
      if (p == s->words->all_green) {
        g_string_append_printf(out, " solved in %u.</li>\n", k + 1);
        break;
      }
      const HsNode *next = hs_strategy_child(s, n, p);
      append_example_step(out, c, k, n, next);
      g_string_append(out, "</li>\n");
      n = next;
    }
    g_string_append(out, "</ol>\n");
  }
  append_histogram_html(out, c);
  g_string_append(out, "</div>\n");
}

/* Every notation of the sections, each with a sample. */
static void
append_notes_html(GString *out)
{
  g_string_append(out, "<div class=\"box\">\n<h2>How to read the sections</h2>\n<ul class=\"notes\">\n"
                       "<li><span class=\"no\">26</span> a section: what follows one colouring of the first guess "
                       "(page 1 gives its number). Its heading says the second guess and how many answers are "
                       "left.</li>\n<li>");
  append_tiles_raw(out, "crump", (const guint8[]){ 0, 0, 0, 2, 0 }, NULL);
  g_string_append(out, " <b>doing</b>: a row: when the guess above showed these colours, play the bold word next. "
                       "Rows one step further right follow from the row above them; the shaded rows are the "
                       "colours of the second guess.</li>\n"
                       "<li><b>12</b> at the right: how many answers are still possible for that guess.</li>\n"
                       "<li><b>fleet</b>&nbsp;✓ the only word left: it is the answer.</li>\n"
                       "<li><b>fizzy</b> <span class=\"few\">else</span> <b>jiffy</b>&nbsp;✓ two words left: play "
                       "fizzy; if it is not all green, the answer is jiffy.</li>\n"
                       "<li><b>idiom</b> <span class=\"few\">or minim moody</span> three words left: play idiom; the "
                       "small words are the others.</li>\n"
                       "<li><b>bough</b> <span class=\"few\">left: found wound</span> a guess that cannot be the "
                       "answer, and the few words it tells apart.</li>\n"
                       "</ul>\n</div>\n");
}

/* One row: the parent's guess with this node's pattern, then what to play. */
static void
append_row_html(GString *out, const Ctx *c, const HsNode *n, guint indent)
{
  const HsStrategy *s = c->s;
  g_string_append_printf(out, "<tr class=\"d%u\"><td class=\"o\"><span class=\"k\">", MIN(indent, 4u));
  append_tiles(out, c, s->nodes[n->parent].guess, n->pattern, NULL);
  g_string_append_c(out, ' ');
  if (append_closed(out, c, n)) {
    g_string_append(out, "</span></td><td></td></tr>\n");
    return;
  }
  g_string_append_printf(out, "<b>%s</b></span>", hs_sheet_word(c, n->guess));
  if (n->n_cands <= NAMED_CANDIDATES) {
    gboolean solves = hs_strategy_node_solves(s, n);
    g_string_append_printf(out, " <span class=\"few\">%s", solves ? "or" : "left:");
    for (guint k = 0; k < n->n_cands; k++) {
      guint32 w = s->cands[n->cand_off + k];
      if (w != n->guess)
        g_string_append_printf(out, " %s", hs_sheet_word(c, w));
    }
    g_string_append(out, "</span>");
  }
  g_string_append_printf(out, "</td><td class=\"n\">%u</td></tr>\n", n->n_cands);
}

static void
append_subtree_html(GString *out, const Ctx *c, const HsNode *n, guint indent)
{
  if (hs_sheet_is_pair(c, n))
    return; /* its one child is named in its row */
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &c->s->nodes[n->first_child + k];
    append_row_html(out, c, child, indent);
    append_subtree_html(out, c, child, indent + 1);
  }
}

/* One section: the heading (first pattern, second guess), then a table of what follows. */
static void
append_section_html(GString *out, const Ctx *c, const HsNode *n)
{
  const HsStrategy *s = c->s;
  guint idx = (guint)(n - s->nodes);
  guint sec = c->section[idx];
  g_string_append_printf(out, "<section class=\"sec%s\" id=\"s%u\">\n<h2><span class=\"no\">%u</span>",
                         c->rows[idx] <= WHOLE_SECTION_ROWS ? " whole" : "", sec, sec);
  append_tiles_titled(out, c, s->nodes[0].guess, n->pattern, "M");
  g_string_append_printf(out, " → play <span class=\"go\">%s</span> <small>", hs_sheet_word(c, n->guess));
  hs_sheet_append_count(out, n->n_cands);
  g_string_append(out, " answers left");
  if (n->n_cands <= 8) {
    g_string_append(out, ":");
    for (guint k = 0; k < n->n_cands; k++)
      g_string_append_printf(out, " %s", hs_sheet_word(c, s->cands[n->cand_off + k]));
  }
  g_string_append(out, "</small></h2>\n<table class=\"rows\">\n");
  /* One tbody per second pattern: kept in one column when small. */
  for (guint k = 0; k < n->n_children; k++) {
    const HsNode *child = &s->nodes[n->first_child + k];
    guint group = c->rows[n->first_child + k] + 1;
    g_string_append_printf(out, "<tbody%s>\n", group <= KEEP_GROUP_ROWS ? " class=\"keep\"" : "");
    append_row_html(out, c, child, 0);
    append_subtree_html(out, c, child, 1);
    g_string_append(out, "</tbody>\n");
  }
  g_string_append(out, "</table>\n</section>\n");
}

static void
write_html(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const char *opener = hs_sheet_word(c, s->nodes[0].guess);
  g_string_append_printf(out,
                         "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                         "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                         "<title>Wordle %s cheat sheet: %s</title>\n<style>\n",
                         hs_sheet_kind(s->rules), opener);
  static const char *const sizes[] = { "", "size:A4;", "size:letter;" };
  /* Margins fit both A4 (210 mm wide) and Letter (216 mm): the body is at most 190 mm wide. */
  g_string_append_printf(out,
                         "@page{%smargin:10mm 10mm 12mm;"
                         "@bottom-center{content:'%s \\2014  page ' counter(page) ' of ' counter(pages);"
                         "font:8pt sans-serif;color:#444}}\n",
                         sizes[c->info->paper], opener);
  g_string_append(out, css);
  const guint length = s->words->length;
  if (length >= 6)
    g_string_append(out, css_long);
  g_string_append_printf(out, "</style>\n</head>\n<body%s>\n",
                         length >= 7   ? " class=\"long longer\""
                         : length == 6 ? " class=\"long\""
                                       : "");
  /* Page 1: the facts, the tiles, the histogram and the first two guesses. */
  append_facts_html(out, c);
  append_tiles_legend_html(out);
  append_summary_html(out, c);
  /* How to read the sections, then the sections. */
  g_string_append(out, "<div class=\"how\">\n");
  append_example_html(out, c);
  append_notes_html(out);
  g_string_append(out, "</div>\n<div class=\"flow\">\n");
  const HsNode *root = &s->nodes[0];
  for (guint k = 0; k < root->n_children; k++)
    if (c->section[root->first_child + k] > 0)
      append_section_html(out, c, &s->nodes[root->first_child + k]);
  g_string_append(out, "</div>\n</body>\n</html>\n");
}

char *
hs_sheet_write(const HsPublished *p, HsSheetFormat format, const HsSheetInfo *info, GError **error)
{
  static const HsSheetInfo no_info = { NULL, NULL, HS_PAPER_AUTO };
  if (!hs_published_verified(p)) {
    g_set_error_literal(error, HS_SHEET_ERROR, HS_SHEET_ERROR_NOT_VERIFIED,
                        "no cheat sheet of a strategy the verifier has not accepted");
    return NULL;
  }
  const HsStrategy *s = hs_published_strategy(p);
  GString *out = g_string_sized_new(4096 + (gsize)s->n_nodes * (format == HS_SHEET_HTML ? 420 : 90));
  if (s->n_nodes == 0)
    return g_string_free(out, FALSE);
  Ctx c;
  hs_sheet_ctx_init(&c, s, info != NULL ? info : &no_info);
  if (format == HS_SHEET_HTML)
    write_html(out, &c);
  else
    hs_sheet_write_markdown(out, &c);
  hs_sheet_ctx_clear(&c);
  return g_string_free(out, FALSE);
}
