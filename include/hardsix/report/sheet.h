/* hardsix — printable cheat sheets of a verified strategy: self-contained HTML with print CSS, and a
 * Markdown lookup book. Writers return newly allocated text and never fail. */
#pragma once

#include <glib.h>
#include "hardsix/core/strategy.h"

G_BEGIN_DECLS

typedef enum { HS_SHEET_HTML, HS_SHEET_MARKDOWN } HsSheetFormat;
typedef enum { HS_PAPER_AUTO, HS_PAPER_A4, HS_PAPER_LETTER } HsPaper;

typedef struct {
  const char *lists;  /* name of the word lists ("original"), NULL: the words' own name */
  const char *source; /* where the strategy came from (shown in the header), may be NULL */
  HsPaper paper;      /* HTML: the page size asked of the printer (auto: the printer's default) */
} HsSheetInfo;

#define HS_SHEET_ERROR (hs_sheet_error_quark())
GQuark hs_sheet_error_quark(void);
typedef enum { HS_SHEET_ERROR_UNKNOWN } HsSheetError;

/* "html", "markdown" (or "md"); the paper "auto", "a4" or "letter" (any case). Other names fail with
 * HS_SHEET_ERROR_UNKNOWN. */
gboolean hs_sheet_format_parse(const char *text, HsSheetFormat *out, GError **error);
const char *hs_sheet_extension(HsSheetFormat format); /* "sheet.html", "sheet.md" */
gboolean hs_sheet_paper_parse(const char *text, HsPaper *out, GError **error);

/* The cheat sheet of S, which must be complete (every answer of its root solved). HTML: a header with
 * the opener, lists, rules and histogram, a worked example, an index of first patterns, then one
 * section per first pattern (a table of pattern -> next guess, outline-indented, big sections on a
 * new page, no row split across pages). Markdown: one heading per history with a table of
 * pattern -> next guess under it. */
char *hs_sheet_write(const HsStrategy *s, HsSheetFormat format, const HsSheetInfo *info);

/* The answer the worked example follows: the canonically first answer solved in the most common
 * number of guesses (HS_NONE for an empty strategy). */
guint hs_sheet_example_answer(const HsStrategy *s);

G_END_DECLS
