/* hardsix verifier — its own feedback, pattern reader and rules. They are written from DESIGN.md and
 * never call the engine (feedback table, rules module), so a bug there cannot vouch for itself. */
#include "verify-private.h"

/* The two-pass rule, written as "which answer letter does each guess letter claim": greens claim their
 * own position first; then each other guess letter, left to right, claims the first unclaimed equal
 * letter of the answer and turns yellow, or stays grey when there is none. */
guint8
hs_verify_feedback(const char *guess, const char *answer)
{
  gboolean claimed[WLEN];
  guint8 tile[WLEN];
  for (int i = 0; i < WLEN; i++) {
    claimed[i] = guess[i] == answer[i];
    tile[i] = claimed[i] ? 2 : 0;
  }
  for (int i = 0; i < WLEN; i++) {
    if (tile[i] == 2)
      continue;
    for (int j = 0; j < WLEN; j++)
      if (!claimed[j] && answer[j] == guess[i]) {
        claimed[j] = TRUE;
        tile[i] = 1;
        break;
      }
  }
  guint code = 0;
  for (int i = 0; i < WLEN; i++)
    code = code * 3 + tile[i];
  return (guint8)code;
}

static void
pattern_tiles(guint8 code, guint8 tile[WLEN])
{
  for (int i = WLEN - 1; i >= 0; i--) {
    tile[i] = code % 3;
    code /= 3;
  }
}

/* One ASCII tile (2 green, 1 yellow, 0 grey), or -1. */
static int
ascii_tile(guchar c)
{
  switch (c) {
    case '2':
    case 'G':
    case 'g': return 2;
    case '1':
    case 'Y':
    case 'y': return 1;
    case '0':
    case 'B':
    case 'b':
    case '-':
    case '.': return 0;
    default: return -1;
  }
}

/* One emoji tile at S[*I] (moving *I past it and an optional U+FE0F), or -1. */
static int
emoji_tile(const char *s, gsize len, gsize *i)
{
  gunichar u = g_utf8_get_char_validated(s + *i, (gssize)(len - *i));
  int t;
  if (u == 0x1F7E9)
    t = 2;
  else if (u == 0x1F7E8)
    t = 1;
  else if (u == 0x2B1C || u == 0x2B1B)
    t = 0;
  else
    return -1; /* also (gunichar)-1 and -2: invalid or cut UTF-8 */
  *i += u >= 0x10000 ? 4 : 3;
  /* An emoji may carry the variation selector U+FE0F (emoji presentation). */
  if (len - *i >= 3 && memcmp(s + *i, "\xEF\xB8\x8F", 3) == 0)
    *i += 3;
  return t;
}

gboolean
hs_verify_read_pattern(const char *s, gsize len, guint8 *out)
{
  guint code = 0, tiles = 0;
  gsize i = 0;
  while (i < len) {
    int t;
    if ((guchar)s[i] < 0x80)
      t = ascii_tile((guchar)s[i++]);
    else
      t = emoji_tile(s, len, &i);
    if (t < 0 || ++tiles > WLEN)
      return FALSE;
    code = code * 3 + (guint)t;
  }
  if (tiles != WLEN)
    return FALSE;
  *out = (guint8)code;
  return TRUE;
}

void
hs_verify_append_pattern(GString *out, guint8 code, PatternStyle style)
{
  static const char *const emoji[3] = { "\xE2\xAC\x9C", "\xF0\x9F\x9F\xA8", "\xF0\x9F\x9F\xA9" };
  static const char letters[3] = { 'B', 'Y', 'G' };
  guint8 tile[WLEN];
  pattern_tiles(code, tile);
  for (int i = 0; i < WLEN; i++) {
    switch (style) {
      case PATTERN_EMOJI: g_string_append(out, emoji[tile[i]]); break;
      case PATTERN_DIGITS: g_string_append_c(out, (char)('0' + tile[i])); break;
      case PATTERN_LETTERS: g_string_append_c(out, letters[tile[i]]); break;
    }
  }
}

static guint
letter_count(const char *w, char c)
{
  guint n = 0;
  for (int i = 0; i < WLEN; i++)
    n += w[i] == c;
  return n;
}

/* Strict: WORD could itself be the answer, i.e. it would have shown the same row. */
static char *
strict_breach(const char *guess, guint8 code, const char *word, PatternStyle style)
{
  guint8 would = hs_verify_feedback(guess, word);
  if (would == code)
    return NULL;
  GString *s = g_string_new("it could not be the answer (if it were, that row would show ");
  hs_verify_append_pattern(s, would, style);
  g_string_append_c(s, ')');
  return g_string_free(s, FALSE);
}

/* NYT: every green letter kept in place, and each letter revealed k times (green or yellow) in the row
 * present at least k times. Grey letters may come back; a yellow may stay where it was. */
static char *
nyt_breach(const char *guess, guint8 code, const char *word, PatternStyle style)
{
  (void)style;
  guint8 tile[WLEN];
  pattern_tiles(code, tile);
  for (int i = 0; i < WLEN; i++)
    if (tile[i] == 2 && word[i] != guess[i])
      return g_strdup_printf("letter %d must be '%c'", i + 1, guess[i]);
  for (int i = 0; i < WLEN; i++) {
    if (tile[i] == 0)
      continue;
    gboolean first = TRUE;
    guint revealed = 0;
    for (int j = 0; j < WLEN; j++)
      if (guess[j] == guess[i] && tile[j] != 0) {
        if (j < i)
          first = FALSE;
        revealed++;
      }
    if (!first || letter_count(word, guess[i]) >= revealed)
      continue;
    if (revealed == 1)
      return g_strdup_printf("it must contain '%c'", guess[i]);
    return g_strdup_printf("it must contain '%c' at least %u times", guess[i], revealed);
  }
  return NULL;
}

typedef char *(*BreachFn)(const char *guess, guint8 code, const char *word, PatternStyle style);

/* Every rules value the verifier knows. A value without a row is refused at every guess after the
 * first, so that a new rules value cannot pass unchecked. Normal mode has no BreachFn: no row
 * constrains the next guess. */
static const struct {
  HsRules rules;
  const char *label;
  BreachFn breach;
} oracle[] = {
  { HS_RULES_NYT, "nyt", nyt_breach },
  { HS_RULES_STRICT, "strict", strict_breach },
  { HS_RULES_NONE, "none", NULL },
};

static gint
oracle_row(HsRules rules)
{
  for (guint i = 0; i < G_N_ELEMENTS(oracle); i++)
    if (oracle[i].rules == rules)
      return (gint)i;
  return -1;
}

const char *
hs_verify_rules_label(HsRules rules)
{
  gint k = oracle_row(rules);
  return k >= 0 ? oracle[k].label : "unknown";
}

char *
hs_verify_row_breach(HsRules rules, const char *guess, guint8 code, const char *word, PatternStyle style)
{
  gint k = oracle_row(rules);
  if (k < 0)
    return g_strdup_printf("the verifier has no oracle for rules value %d", (int)rules);
  return oracle[k].breach != NULL ? oracle[k].breach(guess, code, word, style) : NULL;
}
