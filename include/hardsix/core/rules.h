/* hardsix — the rules of play: hard mode (the NYT rule and the strict, consistent-guess variant) and
 * normal mode (none: any allowed word at any time). */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"

G_BEGIN_DECLS

typedef enum {
  HS_RULES_NYT,    /* greens stay put, revealed letters are reused (at least as many times) */
  HS_RULES_STRICT, /* every guess could itself be the answer */
  HS_RULES_NONE    /* normal mode: any allowed word at any time (strict within nyt within none) */
} HsRules;

#define HS_RULES_ERROR (hs_rules_error_quark())
GQuark hs_rules_error_quark(void);
typedef enum { HS_RULES_ERROR_UNKNOWN } HsRulesError;

/* "nyt", "strict" or "none"; anything else fails with HS_RULES_ERROR_UNKNOWN. */
gboolean hs_rules_parse(const char *text, HsRules *out, GError **error);
const char *hs_rules_name(HsRules rules);

/* How the rules are called in prose: "hard mode (NYT rule)", "strict hard mode", "normal mode". */
const char *hs_rules_mode(HsRules rules);

/* TRUE for the hard modes (nyt, strict): rules that restrict the next guess. */
gboolean hs_rules_is_hard(HsRules rules);

/* TRUE when WORD satisfies the single row (GUESS, PATTERN) under RULES (always under none). A guess
 * is legal after a history iff it satisfies every row. */
gboolean hs_rules_row_allows(HsRules rules, const HsWords *words, guint guess, HsPat pattern, guint word);

/* Keeps the words of IN[0..n_in) that satisfy the row (GUESS, PATTERN); writes them, in order, to OUT
 * (which may alias IN) and returns their count. */
guint hs_rules_filter(HsRules rules, const HsWords *words, const guint *in, guint n_in, guint guess, HsPat pattern,
                      guint *out);

/* TRUE when WORD is legal after the history GUESSES[i]/PATTERNS[i], i < n. */
gboolean hs_rules_legal(HsRules rules, const HsWords *words, const guint *guesses, const HsPat *patterns, guint n,
                        guint word);

G_END_DECLS
