/* hardsix — robustness reports of an HsRobustReport (engine/robust.h): the rows as TSV, a plain-text
 * summary and a self-contained HTML page. Every function returns a newly allocated string. */
#pragma once

#include <glib.h>
#include "hardsix/engine/robust.h"

G_BEGIN_DECLS

/* The rows as TSV (a header line, then one line per row, in report order). Newly allocated. */
char *hs_robust_tsv(const HsRobustReport *r);

/* A plain-text summary: pass rate, the most frequent failing answers (at most TOP), the worst-depth
 * distribution, the spread of averages and one line per variant. Newly allocated. */
char *hs_robust_summary(const HsRobustReport *r, guint top);

/* A self-contained HTML report (inline CSS and SVG, no network): the summary, a histogram of the
 * average number of guesses across shuffles coloured by pass/fail, the variants and the failing
 * answers. POLICY is a one-line description for the title block (may be NULL). Newly allocated. */
char *hs_robust_html(const HsRobustReport *r, const char *policy);

G_END_DECLS
