/* hardsix verifier — its own feedback, pattern reader and rules. They are written from DESIGN.md and
 * never call the engine (feedback table, rules module), so a bug there cannot vouch for itself. */
#include "verify-private.h"

/* The letters (code points) of WORD into OUT, at most VMAX_LEN of them; their count, or VMAX_LEN + 1
 * when there are more. */
G_ALWAYS_INLINE static inline guint
letters_of(const char *word, gunichar *out)
{
  guint n = 0;
  /* ASCII (every English word): byte i is letter i, its own code point. */
  for (; n < VMAX_LEN && (guchar)word[n] - 1u < 0x7fu; n++)
    out[n] = (guchar)word[n];
  if (word[n] == '\0')
    return n;
  for (const char *p = word + n; *p != '\0'; p = g_utf8_next_char(p)) {
    if (n == VMAX_LEN)
      return VMAX_LEN + 1;
    out[n++] = g_utf8_get_char(p);
  }
  return n;
}

guint
hs_verify_length(const char *word)
{
  gunichar l[VMAX_LEN];
  return letters_of(word, l);
}

/* The two-pass rule, written as "which answer letter does each guess letter claim": greens claim their
 * own position first; then each other guess letter, left to right, claims the first unclaimed equal
 * letter of the answer and turns yellow, or stays grey when there is none. The answer's length L sets
 * the pattern's digits; a shorter guess has its own tiles, the missing ones grey. */
guint
hs_verify_feedback(const char *guess, const char *answer)
{
  gunichar g[VMAX_LEN], a[VMAX_LEN];
  const guint L = letters_of(answer, a), k = letters_of(guess, g);
  if (L > VMAX_LEN || k > L)
    return NO_PATTERN;
  gboolean claimed[VMAX_LEN] = { FALSE };
  guint8 tile[VMAX_LEN] = { 0 };
  for (guint i = 0; i < k; i++) {
    claimed[i] = guess != NULL && g[i] == a[i];
    tile[i] = claimed[i] ? 2 : 0;
  }
  for (guint i = 0; i < k; i++) {
    if (tile[i] == 2)
      continue;
    for (guint j = 0; j < L; j++)
      if (!claimed[j] && a[j] == g[i]) {
        claimed[j] = TRUE;
        tile[i] = 1;
        break;
      }
  }
  guint code = 0;
  for (guint i = 0; i < L; i++)
    code = code * 3 + tile[i];
  return code;
}

/* The tiles of CODE, a pattern of LENGTH digits. */
static void
pattern_tiles(guint code, guint length, guint8 tile[VMAX_LEN])
{
  guint c = code;
  for (guint i = length; i-- > 0;) {
    tile[i] = (guint8)(c % 3);
    c /= 3;
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
hs_verify_read_pattern(const char *s, gsize len, guint length, gboolean short_ok, guint *out)
{
  guint code = 0, tiles = 0;
  gsize i = 0;
  while (i < len) {
    int t;
    if ((guchar)s[i] < 0x80)
      t = ascii_tile((guchar)s[i++]);
    else
      t = emoji_tile(s, len, &i);
    if (t < 0 || ++tiles > length)
      return FALSE;
    code = code * 3 + (guint)t;
  }
  if (tiles == 0 || (tiles != length && !short_ok))
    return FALSE;
  for (; tiles < length; tiles++) /* a short guess's missing tiles are grey */
    code *= 3;
  *out = code;
  return TRUE;
}

void
hs_verify_append_pattern(GString *out, guint code, guint length, PatternStyle style)
{
  static const char *const emoji[3] = { "\xE2\xAC\x9C", "\xF0\x9F\x9F\xA8", "\xF0\x9F\x9F\xA9" };
  static const char letters[3] = { 'B', 'Y', 'G' };
  guint8 tile[VMAX_LEN];
  length = MIN(length, (guint)VMAX_LEN);
  pattern_tiles(code, length, tile);
  for (guint i = 0; i < length; i++) {
    switch (style) {
      case PATTERN_EMOJI: g_string_append(out, emoji[tile[i]]); break;
      case PATTERN_DIGITS: g_string_append_c(out, (char)('0' + tile[i])); break;
      case PATTERN_LETTERS: g_string_append_c(out, letters[tile[i]]); break;
    }
  }
}

static guint
letter_count(const gunichar *w, guint n, gunichar c)
{
  guint k = 0;
  for (guint i = 0; i < n; i++)
    k += w[i] == c;
  return k;
}

/* Strict: WORD could itself be the answer, i.e. it has the answers' LENGTH and would have shown the
 * same row. */
static char *
strict_breach(const char *guess, guint code, const char *word, guint length, PatternStyle style)
{
  if (hs_verify_length(word) != length)
    return g_strdup_printf("it could not be the answer (the answers have %u letters)", length);
  guint would = hs_verify_feedback(guess, word);
  if (would == code)
    return NULL;
  GString *s = g_string_new("it could not be the answer (if it were, that row would show ");
  hs_verify_append_pattern(s, would, length, style);
  g_string_append_c(s, ')');
  return g_string_free(s, FALSE);
}

/* One letter as text, for messages. */
static char *
letter_text(gunichar c)
{
  char buf[8] = { 0 };
  g_unichar_to_utf8(c, buf);
  return g_strdup(buf);
}

/* NYT: every green letter kept in place, and each letter revealed k times (green or yellow) in the row
 * present at least k times. Grey letters may come back; a yellow may stay where it was. */
static char *
nyt_breach(const char *guess, guint code, const char *word, guint length, PatternStyle style)
{
  (void)style;
  gunichar g[VMAX_LEN], w[VMAX_LEN];
  const guint k = MIN(letters_of(guess, g), (guint)VMAX_LEN), n = MIN(letters_of(word, w), (guint)VMAX_LEN);
  guint8 tile[VMAX_LEN];
  pattern_tiles(code, MIN(length, (guint)VMAX_LEN), tile);
  for (guint i = 0; i < k; i++)
    if (tile[i] == 2 && (i >= n || w[i] != g[i])) {
      g_autofree char *l = letter_text(g[i]);
      return g_strdup_printf("letter %u must be '%s'", i + 1, l);
    }
  for (guint i = 0; i < k; i++) {
    if (tile[i] == 0)
      continue;
    gboolean first = TRUE;
    guint revealed = 0;
    for (guint j = 0; j < k; j++)
      if (g[j] == g[i] && tile[j] != 0) {
        if (j < i)
          first = FALSE;
        revealed++;
      }
    if (!first || letter_count(w, n, g[i]) >= revealed)
      continue;
    g_autofree char *l = letter_text(g[i]);
    if (revealed == 1)
      return g_strdup_printf("it must contain '%s'", l);
    return g_strdup_printf("it must contain '%s' at least %u times", l, revealed);
  }
  return NULL;
}

typedef char *(*BreachFn)(const char *guess, guint code, const char *word, guint length, PatternStyle style);

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
hs_verify_row_breach(HsRules rules, const char *guess, guint code, const char *word, guint length, PatternStyle style)
{
  gint k = oracle_row(rules);
  if (k < 0)
    return g_strdup_printf("the verifier has no oracle for rules value %d", (int)rules);
  return oracle[k].breach != NULL ? oracle[k].breach(guess, code, word, length, style) : NULL;
}
