/* hardsix — strategy writers: by-pattern, per-word, tree outline, JSON and selby (see docs/FORMATS.md).
 * Each writer returns a newly allocated NUL-terminated string; they never fail. */
#pragma once

#include <glib.h>
#include "hardsix/core/strategy.h"
#include "hardsix/core/feedback.h"
#include "hardsix/core/words.h"

G_BEGIN_DECLS

/* HS_FORMAT_SELBY is the outline of Alex Selby's exact solver after our '#' header lines;
 * HS_FORMAT_SELBY_BARE the same outline alone, byte for byte the layout of that solver's files. */
typedef enum {
  HS_FORMAT_BY_PATTERN,
  HS_FORMAT_PER_WORD,
  HS_FORMAT_TREE,
  HS_FORMAT_JSON,
  HS_FORMAT_SELBY,
  HS_FORMAT_SELBY_BARE,
  HS_FORMAT_HABARA_JSON /* the tree of the published Pokemon Wordle solver: {"guess", "rem", "edges"} */
} HsFormat;

/* The formats "-o DIR" writes, one file each, in this order (selby-bare is left out: it shares the
 * extension of selby). */
extern const HsFormat hs_format_all[];
extern const guint hs_format_n_all;

#define HS_FORMAT_ERROR (hs_format_error_quark())
GQuark hs_format_error_quark(void);
typedef enum { HS_FORMAT_ERROR_UNKNOWN } HsFormatError;

/* A format by name (hs_format_name); an unknown name fails with HS_FORMAT_ERROR_UNKNOWN. */
gboolean hs_format_parse(const char *text, HsFormat *out, GError **error);
const char *hs_format_name(HsFormat format); /* "by-pattern", ... */
const char *
hs_format_extension(HsFormat format); /* "by-pattern.txt", "per-word.txt", "tree.txt", "json", "selby.tree" */

/* TRUE when FORMAT can write strategies of the game of W: every format but the exact solver's outline
 * (selby), which is five letters a-z. */
gboolean hs_format_supports(HsFormat format, const HsWords *w);

/* The formats of hs_format_all that the game of W supports, into OUT (at least hs_format_n_all
 * entries); returns their count. */
guint hs_format_for_words(const HsWords *w, HsFormat *out);

/* Their extensions joined by ',' ("by-pattern.txt,per-word.txt,...") for messages such as
 * "wrote DIR/OPENER.{...}". Newly allocated. */
char *hs_format_extensions_for(const HsWords *w);

/* Header facts every writer prints (NULL: the strategy's own). */
typedef struct {
  const char *lists;  /* e.g. "original" */
  const char *policy; /* e.g. "rules strict, pool candidates, metric maxbucket-swapped, ..." */
} HsFormatInfo;

/* S in FORMAT, as a draft: its status says it was not checked by the verifier (with what is wrong when
 * the tree itself shows it). Text that says "verified" comes only from hs_publish (publish.h), which
 * checks first. */
char *hs_format_write(const HsStrategy *s, HsFormat format, const HsFormatInfo *info);

G_END_DECLS
