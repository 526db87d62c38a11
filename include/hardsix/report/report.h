/* hardsix — the text helpers every report shares: the one JSON string escaper, the seconds column
 * of --timing rows, the words for the rules in summaries. */
#pragma once

#include <glib.h>
#include "hardsix/core/rules.h"

G_BEGIN_DECLS

/* Appends S as a JSON string literal (RFC 8259): quote, backslash and control characters escaped
 * (\b \f \n \r \t, others \u00XX), invalid UTF-8 replaced by U+FFFD, so that the text is valid
 * JSON for any input; NULL is null. */
void hs_report_json_string(GString *out, const char *s);

/* Appends "\t" and SECONDS with four decimals, C locale (the seconds column of --timing rows). */
void hs_report_append_seconds(GString *out, double seconds);

/* "nyt rules", "strict rules" or "normal mode". */
const char *hs_report_rules_words(HsRules rules);

G_END_DECLS
