/* hardsix — printable cheat sheets of a verified strategy: self-contained HTML with print CSS, and a
 * Markdown lookup book. Writers return newly allocated text and never fail. */
#pragma once

#include <glib.h>
#include "hardsix/core/strategy.h"
#include "hardsix/report/publish.h"

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
/* HS_SHEET_ERROR_NOT_VERIFIED: a sheet was asked of a strategy the verifier did not accept. */
typedef enum { HS_SHEET_ERROR_UNKNOWN, HS_SHEET_ERROR_NOT_VERIFIED } HsSheetError;

/* "html", "markdown" (or "md"); the paper "auto", "a4" or "letter" (any case). Other names fail with
 * HS_SHEET_ERROR_UNKNOWN. */
gboolean hs_sheet_format_parse(const char *text, HsSheetFormat *out, GError **error);
const char *hs_sheet_extension(HsSheetFormat format); /* "sheet.html", "sheet.md" */
gboolean hs_sheet_paper_parse(const char *text, HsPaper *out, GError **error);

/* The cheat sheet of the strategy P, which the verifier must have accepted (else
 * HS_SHEET_ERROR_NOT_VERIFIED: a sheet says it was checked). HTML: a header with
 * the opener, lists, rules and histogram, a worked example, an index of first patterns, then one
 * section per first pattern (a table of pattern -> next guess, outline-indented, big sections on a
 * new page, no row split across pages). Markdown: one heading per history with a table of
 * pattern -> next guess under it. */
char *hs_sheet_write(const HsPublished *p, HsSheetFormat format, const HsSheetInfo *info, GError **error);

/* The answer the worked example follows: the canonically first answer solved in the most common
 * number of guesses (HS_NONE for an empty strategy). */
guint hs_sheet_example_answer(const HsStrategy *s);

G_END_DECLS
