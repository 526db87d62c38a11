/* hardsix — what the cheat sheet's writers share: sheet-common.c (the facts of a strategy), used by
 * sheet.c (the options, HTML and the entry point) and sheet-md.c (Markdown). Included only by
 * src/report/. */
#pragma once

#include "hardsix/report/sheet.h"
#include "hardsix/core/histogram.h"

G_BEGIN_DECLS

/* What both writers read off the strategy once. */
typedef struct {
  const HsStrategy *s;
  const HsSheetInfo *info;
  const char *lists;
  guint *rows;    /* per node: nodes below it */
  guint *section; /* per first-level node: its section number (1-based; 0: no section, page 1 says it all) */
  guint n_solved;
  guint64 total;
  guint lo, hi; /* fewest and most guesses used */
} Ctx;

G_GNUC_INTERNAL void hs_sheet_ctx_init(Ctx *c, const HsStrategy *s, const HsSheetInfo *info);
G_GNUC_INTERNAL void hs_sheet_ctx_clear(Ctx *c);
G_GNUC_INTERNAL const char *hs_sheet_word(const Ctx *c, guint32 i);
/* A node that only plays its own guess, the one answer left. */
G_GNUC_INTERNAL gboolean hs_sheet_is_leaf(const Ctx *c, const HsNode *n);
/* Two answers left and the guess is one of them ("fizzy else jiffy"). */
G_GNUC_INTERNAL gboolean hs_sheet_is_pair(const Ctx *c, const HsNode *n);
/* 12345 -> "12,345" (the sheet is English). */
G_GNUC_INTERNAL void hs_sheet_append_count(GString *out, guint64 n);
/* The rules in a sentence, and the kind of sheet in its titles ("hard-mode", "normal-mode"). */
G_GNUC_INTERNAL const char *hs_sheet_rules_text(HsRules r);
G_GNUC_INTERNAL const char *hs_sheet_kind(HsRules r);
/* The Markdown lookup book (sheet-md.c). */
G_GNUC_INTERNAL void hs_sheet_write_markdown(GString *out, const Ctx *c);

G_END_DECLS
