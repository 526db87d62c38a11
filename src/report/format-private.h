/* hardsix — what the report layer's publishing needs of the writers and no one else may use: the
 * rendering that says "verified". Included only by src/report/ (tests/static/layers.sh checks that a
 * *-private.h header is included from its own folder only). */
#pragma once

#include "hardsix/report/format.h"

G_BEGIN_DECLS

/* What a strategy's status line says: never checked (hs_format_write), checked and refused, or
 * verified by the independent verifier (only publish.c renders that, after the check). */
typedef enum { HS_STAMP_UNCHECKED, HS_STAMP_REJECTED, HS_STAMP_VERIFIED } HsStamp;

G_GNUC_INTERNAL char *hs_format_render(const HsStrategy *s, HsFormat format, const HsFormatInfo *info, HsStamp stamp);

G_END_DECLS
