/* hardsix — legality of a guess: the NYT rule (greens kept, revealed letters reused), the strict
 * rule (every guess consistent with all feedback so far), and normal mode (every word, always). */
#include "hardsix/core/rules.h"
#include "hardsix/util/escape.h"
#include "hardsix/core/feedback.h"

#include <string.h>

G_DEFINE_QUARK(hs - rules - error - quark, hs_rules_error)

gboolean
hs_rules_parse(const char *text, HsRules *out, GError **error)
{
  if (g_strcmp0(text, "nyt") == 0)
    *out = HS_RULES_NYT;
  else if (g_strcmp0(text, "strict") == 0)
    *out = HS_RULES_STRICT;
  else if (g_strcmp0(text, "none") == 0)
    *out = HS_RULES_NONE;
  else {
    g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
    g_set_error(error, HS_RULES_ERROR, HS_RULES_ERROR_UNKNOWN, "unknown rules '%s' (expected nyt, strict or none)",
                shown);
    return FALSE;
  }
  return TRUE;
}

const char *
hs_rules_name(HsRules rules)
{
  switch (rules) {
    case HS_RULES_STRICT: return "strict";
    case HS_RULES_NONE: return "none";
    default: return "nyt";
  }
}

const char *
hs_rules_mode(HsRules rules)
{
  switch (rules) {
    case HS_RULES_STRICT: return "strict hard mode";
    case HS_RULES_NONE: return "normal mode";
    default: return "hard mode (NYT rule)";
  }
}

gboolean
hs_rules_is_hard(HsRules rules)
{
  return rules != HS_RULES_NONE;
}

/* What one row of feedback demands under the NYT rule. */
typedef struct {
  char green[HS_WORD_LEN];     /* letter required at each position, or 0 */
  guint8 need[26];             /* revealed (green or yellow) copies of each letter */
  guint8 letters[HS_WORD_LEN]; /* distinct letters with need > 0 */
  guint n_letters;
  guint32 need_mask;         /* letters needed at least once */
  guint8 multi[HS_WORD_LEN]; /* letters needed at least twice */
  guint n_multi;
} NytRow;

static void
nyt_row(const char *guess, guint8 pattern, NytRow *r)
{
  memset(r, 0, sizeof *r);
  guint p = pattern;
  for (int i = HS_WORD_LEN - 1; i >= 0; i--, p /= 3) {
    guint t = p % 3;
    if (t == 2)
      r->green[i] = guess[i];
    if (t != 0) {
      guint8 c = (guint8)(guess[i] - 'a');
      if (r->need[c]++ == 0)
        r->letters[r->n_letters++] = c;
      r->need_mask |= 1u << c;
    }
  }
  for (guint k = 0; k < r->n_letters; k++)
    if (r->need[r->letters[k]] > 1)
      r->multi[r->n_multi++] = r->letters[k];
}

/* nyt_allows with the word's letter set precomputed: one mask test covers letters needed once. */
static gboolean
nyt_allows_fast(const NytRow *r, const char *word, guint32 letters)
{
  if ((letters & r->need_mask) != r->need_mask)
    return FALSE;
  for (int i = 0; i < HS_WORD_LEN; i++)
    if (r->green[i] && word[i] != r->green[i])
      return FALSE;
  for (guint k = 0; k < r->n_multi; k++) {
    char c = (char)('a' + r->multi[k]);
    guint have = 0;
    for (int i = 0; i < HS_WORD_LEN; i++)
      have += word[i] == c;
    if (have < r->need[r->multi[k]])
      return FALSE;
  }
  return TRUE;
}

static gboolean
nyt_allows(const NytRow *r, const char *word)
{
  for (int i = 0; i < HS_WORD_LEN; i++)
    if (r->green[i] && word[i] != r->green[i])
      return FALSE;
  for (guint k = 0; k < r->n_letters; k++) {
    char c = (char)('a' + r->letters[k]);
    guint have = 0;
    for (int i = 0; i < HS_WORD_LEN; i++)
      have += word[i] == c;
    if (have < r->need[r->letters[k]])
      return FALSE;
  }
  return TRUE;
}

gboolean
hs_rules_row_allows(HsRules rules, const char *guess, guint8 pattern, const char *word)
{
  if (rules == HS_RULES_NONE)
    return TRUE;
  if (rules == HS_RULES_STRICT)
    return hs_feedback(guess, word) == pattern;
  NytRow r;
  nyt_row(guess, pattern, &r);
  return nyt_allows(&r, word);
}

guint
hs_rules_filter(HsRules rules, const HsWords *words, const guint *in, guint n_in, guint guess, guint8 pattern,
                guint *out)
{
  const char *g = words->text[guess];
  guint n = 0;
  if (rules == HS_RULES_NONE) {
    memmove(out, in, n_in * sizeof *in);
    n = n_in;
  } else if (rules == HS_RULES_STRICT) {
    for (guint i = 0; i < n_in; i++)
      if (hs_feedback(g, words->text[in[i]]) == pattern)
        out[n++] = in[i];
  } else {
    NytRow r;
    nyt_row(g, pattern, &r);
    if (words->letters != NULL) {
      for (guint i = 0; i < n_in; i++)
        if (nyt_allows_fast(&r, words->text[in[i]], words->letters[in[i]]))
          out[n++] = in[i];
    } else {
      for (guint i = 0; i < n_in; i++)
        if (nyt_allows(&r, words->text[in[i]]))
          out[n++] = in[i];
    }
  }
  return n;
}

gboolean
hs_rules_legal(HsRules rules, const HsWords *words, const guint *guesses, const guint8 *patterns, guint n, guint word)
{
  if (rules == HS_RULES_NONE)
    return TRUE;
  for (guint i = 0; i < n; i++)
    if (!hs_rules_row_allows(rules, words->text[guesses[i]], patterns[i], words->text[word]))
      return FALSE;
  return TRUE;
}
