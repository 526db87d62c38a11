/* hardsix — the play-along page: one self-contained HTML file (no network; works from file://) that
 * plays verified strategies, finds an answer's path and looks openers up in the tables of `optimize
 * --all` and `prove --all`. Its HTML, CSS and script are the files of src/report/page/, built in.
 * Writers return newly allocated text and never print. */
#pragma once

#include <glib.h>
#include "hardsix/core/strategy.h"
#include "hardsix/report/publish.h"

G_BEGIN_DECLS

/* A strategy to put on the page: published, and accepted by the independent verifier (the page says
 * it was). */
typedef struct {
  const HsPublished *published;
  const char *name;  /* shown in the strategy picker (e.g. the file's base name) */
  const char *lists; /* the name of its word lists ("nyt2022"), NULL: the words' own name */
} HsPageStrategy;

/* An opener table: the rows of `optimize --all` (opener verdict total average [seconds]) or of `prove
 * --all` (opener verdict nodes [seconds]). */
typedef enum { HS_PAGE_TABLE_OPTIMIZE, HS_PAGE_TABLE_PROVE } HsPageTableKind;

typedef struct {
  HsPageTableKind kind;
  guint cap;       /* the guesses the table was made within (its --max-guesses) */
  char *lists;     /* the word lists its openers are the words of (set by the caller, see below) */
  guint n_answers; /* the answers of those lists (set by the caller: averages are total / n_answers) */
  char *source;    /* shown on the page (the file's base name) */
  guint n_rows;
  char **openers; /* n_rows words, in the file's order (sorted: the order of every run over openers) */
  char *verdicts; /* per row: 'o' optimal, 'w' worse, 'p' proven, 'i' impossible, 'u' undecided */
  guint *totals;  /* per row (optimize tables): the total, or the lower bound of a 'worse' row; 0 for none */
} HsPageTable;

#define HS_PAGE_ERROR (hs_page_error_quark())
GQuark hs_page_error_quark(void);
/* HS_PAGE_ERROR_NOT_VERIFIED: a page was asked of a strategy the verifier did not accept. */
typedef enum { HS_PAGE_ERROR_PARSE, HS_PAGE_ERROR_NOT_VERIFIED } HsPageError;

/* Reads a table (TEXT, LEN bytes; NAME in messages as NAME:LINE): an optional '# hardsix shard' line,
 * the column header (which says the kind), then one row per opener with a verdict the kind knows and
 * a well-formed total. A shard line's max-guesses gives the cap and its lists the table's lists;
 * otherwise the cap is CAP and lists stays NULL. Errors (HS_PAGE_ERROR_PARSE) name the line. */
HsPageTable *hs_page_table_parse(const char *text, gsize len, const char *name, guint cap, GError **error);
void hs_page_table_free(HsPageTable *t);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsPageTable, hs_page_table_free)

/* How the openers of T relate to the allowed words of WORDS: 2 when they are exactly those words (the
 * table of every opener), 1 when each is one of them, 0 when some is not. */
guint hs_page_table_covers(const HsPageTable *t, const HsWords *words);

/* The page: every strategy of STRATEGIES (N, at least one) and every table of TABLES (N_TABLES, each
 * with its lists set). Deterministic: the same input gives the same bytes. Fails (NULL,
 * HS_PAGE_ERROR_NOT_VERIFIED) when a strategy was not verified. */
char *hs_page_write(const HsPageStrategy *strategies, guint n, HsPageTable *const *tables, guint n_tables,
                    GError **error);

G_END_DECLS
