/* hardsix — hard-mode rules: the NYT rule and the strict (consistent-guess) variant. */
#pragma once

#include <glib.h>
#include "words.h"

G_BEGIN_DECLS

typedef enum {
  HS_RULES_NYT,   /* greens stay put, revealed letters are reused (at least as many times) */
  HS_RULES_STRICT /* every guess could itself be the answer */
} HsRules;

#define HS_RULES_ERROR (hs_rules_error_quark())
GQuark hs_rules_error_quark(void);
typedef enum { HS_RULES_ERROR_UNKNOWN } HsRulesError;

/* "nyt" or "strict"; anything else fails with HS_RULES_ERROR_UNKNOWN. */
gboolean hs_rules_parse(const char *text, HsRules *out, GError **error);
const char *hs_rules_name(HsRules rules);

/* TRUE when WORD satisfies the single row (GUESS, PATTERN) under RULES. A guess is legal after a
 * history iff it satisfies every row. */
gboolean hs_rules_row_allows(HsRules rules, const char *guess, guint8 pattern, const char *word);

/* Keeps the words of IN[0..n_in) that satisfy the row (GUESS, PATTERN); writes them, in order, to OUT
 * (which may alias IN) and returns their count. */
guint hs_rules_filter(HsRules rules, const HsWords *words, const guint *in, guint n_in, guint guess, guint8 pattern,
                      guint *out);

/* TRUE when WORD is legal after the history GUESSES[i]/PATTERNS[i], i < n. */
gboolean hs_rules_legal(HsRules rules, const HsWords *words, const guint *guesses, const guint8 *patterns, guint n,
                        guint word);

G_END_DECLS
