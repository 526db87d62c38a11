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

/* What one row of feedback demands under the NYT rule (letter codes). */
typedef struct {
  guint8 green[HS_MAX_LEN];   /* letter code required at each position, or HS_PAD for none */
  guint8 need[HS_PAD + 1];    /* revealed (green or yellow) copies of each letter */
  guint8 letters[HS_MAX_LEN]; /* distinct letters with need > 0 */
  guint n_letters;
  HsLetters need_mask;      /* letters needed at least once */
  guint8 multi[HS_MAX_LEN]; /* letters needed at least twice */
  guint n_multi;
} NytRow;

static void
nyt_row(const HsWords *w, guint guess, HsPat pattern, NytRow *r)
{
  memset(r, 0, sizeof *r);
  const guint8 *g = w->code[guess];
  for (int i = 0; i < HS_MAX_LEN; i++) {
    guint t = w->pow3[i] ? (pattern / w->pow3[i]) % 3 : 0;
    r->green[i] = t == 2 ? g[i] : HS_PAD;
    if (t != 0 && g[i] != HS_PAD) {
      guint8 c = g[i];
      if (r->need[c]++ == 0)
        r->letters[r->n_letters++] = c;
      r->need_mask = hs_l_or(r->need_mask, hs_l_bit(c));
    }
  }
  for (guint k = 0; k < r->n_letters; k++)
    if (r->need[r->letters[k]] > 1)
      r->multi[r->n_multi++] = r->letters[k];
}

static guint
count_of(const guint8 *word, guint8 c)
{
  guint have = 0;
  for (int i = 0; i < HS_MAX_LEN; i++)
    have += word[i] == c;
  return have;
}

/* The word's letter set WORD_LETTERS covers the letters needed once in one mask test. */
static gboolean
nyt_allows(const NytRow *r, const guint8 *word, HsLetters word_letters)
{
  if (!hs_l_empty(hs_l_andnot(r->need_mask, word_letters)))
    return FALSE;
  for (int i = 0; i < HS_MAX_LEN; i++)
    if (r->green[i] != HS_PAD && word[i] != r->green[i])
      return FALSE;
  for (guint k = 0; k < r->n_multi; k++)
    if (count_of(word, r->multi[k]) < r->need[r->multi[k]])
      return FALSE;
  return TRUE;
}

/* Strict: WORD could itself be the answer: all its letters, the same row against it. */
static gboolean
strict_allows(const HsWords *w, guint guess, HsPat pattern, guint word)
{
  return w->len[word] == w->length && hs_feedback_words(w, guess, word) == pattern;
}

gboolean
hs_rules_row_allows(HsRules rules, const HsWords *w, guint guess, HsPat pattern, guint word)
{
  if (rules == HS_RULES_NONE)
    return TRUE;
  if (rules == HS_RULES_STRICT)
    return strict_allows(w, guess, pattern, word);
  NytRow r;
  nyt_row(w, guess, pattern, &r);
  return nyt_allows(&r, w->code[word], w->letters[word]);
}

guint
hs_rules_filter(HsRules rules, const HsWords *words, const guint *in, guint n_in, guint guess, HsPat pattern,
                guint *out)
{
  guint n = 0;
  if (rules == HS_RULES_NONE) {
    memmove(out, in, n_in * sizeof *in);
    n = n_in;
  } else if (rules == HS_RULES_STRICT) {
    for (guint i = 0; i < n_in; i++)
      if (strict_allows(words, guess, pattern, in[i]))
        out[n++] = in[i];
  } else {
    NytRow r;
    nyt_row(words, guess, pattern, &r);
    for (guint i = 0; i < n_in; i++)
      if (nyt_allows(&r, words->code[in[i]], words->letters[in[i]]))
        out[n++] = in[i];
  }
  return n;
}

gboolean
hs_rules_legal(HsRules rules, const HsWords *words, const guint *guesses, const HsPat *patterns, guint n, guint word)
{
  if (rules == HS_RULES_NONE)
    return TRUE;
  for (guint i = 0; i < n; i++)
    if (!hs_rules_row_allows(rules, words, guesses[i], patterns[i], word))
      return FALSE;
  return TRUE;
}
