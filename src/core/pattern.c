/* hardsix — the two-pass feedback rule (on letter codes and on UTF-8 text), and pattern text: the forms
 * patterns are typed in (emoji, GYB letters, 210 digits) and written out, for a guess of any length in
 * a game of any length (feedback.h). The table of the rule is feedback.c. */
#include "hardsix/core/feedback.h"
#include "hardsix/util/escape.h"

#include <string.h>

/* Code slots per letter count: every letter code and HS_PAD. */
#define CODES (HS_PAD + 1)

guint
hs_feedback_codes(const guint8 *guess, const guint8 *answer, const guint *pow3)
{
  guint8 left[CODES] = { 0 };
  guint8 tile[HS_MAX_LEN];
  /* Pass 1: greens consume their answer letter; count the rest of the answer. Padding is no letter:
   * it is never green, never counted, never yellow (a short guess's missing tiles are grey). */
  for (int i = 0; i < HS_MAX_LEN; i++) {
    if (guess[i] == answer[i] && guess[i] != HS_PAD)
      tile[i] = 2;
    else {
      tile[i] = 0;
      left[answer[i]]++;
    }
  }
  left[HS_PAD] = 0;
  /* Pass 2: left to right, a non-green letter is yellow while unconsumed copies remain. */
  guint p = 0;
  for (int i = 0; i < HS_MAX_LEN; i++) {
    if (tile[i] == 0 && left[guess[i]] > 0) {
      tile[i] = 1;
      left[guess[i]]--;
    }
    p += tile[i] * pow3[i];
  }
  return p;
}

HsPat
hs_feedback_words(const HsWords *w, guint guess, guint answer)
{
  return (HsPat)hs_feedback_codes(w->code[guess], w->code[answer], w->pow3);
}

static int
tile_at(const char *s, gsize left, gsize *used)
{
  static const struct {
    const char *utf8;
    int tile;
  } emoji[] = {
    { "\xF0\x9F\x9F\xA9", 2 }, /* 🟩 U+1F7E9 */
    { "\xF0\x9F\x9F\xA8", 1 }, /* 🟨 U+1F7E8 */
    { "\xE2\xAC\x9C", 0 },     /* ⬜ U+2B1C */
    { "\xE2\xAC\x9B", 0 },     /* ⬛ U+2B1B */
  };
  switch (s[0]) {
    case 'G':
    case 'g':
    case '2': *used = 1; return 2;
    case 'Y':
    case 'y':
    case '1': *used = 1; return 1;
    case 'B':
    case 'b':
    case '0':
    case '-':
    case '.': *used = 1; return 0;
    default: break;
  }
  for (guint i = 0; i < G_N_ELEMENTS(emoji); i++) {
    gsize l = strlen(emoji[i].utf8);
    if (left >= l && memcmp(s, emoji[i].utf8, l) == 0) {
      *used = l;
      /* An optional variation selector U+FE0F may follow (emoji presentation). */
      if (left >= l + 3 && memcmp(s + l, "\xEF\xB8\x8F", 3) == 0)
        *used += 3;
      return emoji[i].tile;
    }
  }
  return -1;
}

/* The code points of UTF-8 S into OUT (at most MAX); their count, or MAX + 1 when there are more. */
static guint
decode(const char *s, gunichar *out, guint max)
{
  guint n = 0;
  for (const char *p = s; *p != '\0'; p = g_utf8_next_char(p)) {
    if (n == max)
      return max + 1;
    out[n++] = hs_utf8_char(p);
  }
  return n;
}

guint
hs_feedback(const char *guess, const char *answer)
{
  gunichar g[HS_PATTERN_MAX_TILES], a[HS_PATTERN_MAX_TILES];
  const guint L = decode(answer, a, HS_PATTERN_MAX_TILES), k = decode(guess, g, HS_PATTERN_MAX_TILES);
  g_return_val_if_fail(L <= HS_PATTERN_MAX_TILES && k <= L, 0);
  /* Counted rather than consumed: a non-green guess letter is yellow when the answer's non-green copies
   * of it outnumber its yellow copies earlier in the guess. */
  guint tile[HS_PATTERN_MAX_TILES] = { 0 };
  for (guint i = 0; i < k; i++)
    tile[i] = g[i] == a[i] ? 2 : 0;
  for (guint i = 0; i < k; i++) {
    if (tile[i] == 2)
      continue;
    guint copies = 0, earlier = 0;
    for (guint j = 0; j < L; j++)
      copies += a[j] == g[i] && !(j < k && tile[j] == 2);
    for (guint j = 0; j < i; j++)
      earlier += g[j] == g[i] && tile[j] == 1;
    tile[i] = copies > earlier;
  }
  guint p = 0;
  for (guint i = 0; i < L; i++)
    p = p * 3 + tile[i];
  return p;
}

/* 3^(LENGTH - 1 - I): the weight of tile I in a pattern number. */
static guint
weight(guint length, guint i)
{
  guint p = 1;
  for (guint j = i + 1; j < length; j++)
    p *= 3;
  return p;
}

gboolean
hs_pattern_parse(const char *text, gssize len, guint length, guint tiles, guint *out, GError **error)
{
  gsize n = len < 0 ? strlen(text) : (gsize)len;
  gsize pos = 0;
  guint t_at[HS_PATTERN_MAX_TILES], count = 0;
  while (pos < n) {
    gsize used = 0;
    int t = tile_at(text + pos, n - pos, &used);
    if (t < 0 || count == length) {
      g_autofree char *shown = hs_escape(text, (gssize)(n), 60);
      if (t < 0)
        g_set_error(error, HS_PATTERN_ERROR, HS_PATTERN_ERROR_INVALID,
                    "'%s' is not a pattern: unexpected symbol at byte %zu (use 🟩🟨⬜, GYB or 210)", shown,
                    pos + 1);
      else
        g_set_error(error, HS_PATTERN_ERROR, HS_PATTERN_ERROR_INVALID, "'%s' is not a pattern: more than %u tiles",
                    shown, length);
      return FALSE;
    }
    t_at[count++] = (guint)t;
    pos += used;
  }
  /* A short guess's pattern has its own tiles; the missing ones may also be written out, grey. */
  gboolean padded_grey = count == length;
  for (guint i = tiles; i < count; i++)
    padded_grey = padded_grey && t_at[i] == 0;
  if (count != tiles && !padded_grey) {
    g_autofree char *shown = hs_escape(text, (gssize)(n), 60);
    g_set_error(error, HS_PATTERN_ERROR, HS_PATTERN_ERROR_INVALID, "'%s' is not a pattern: %u tiles, expected %u",
                shown, count, tiles);
    return FALSE;
  }
  guint p = 0;
  for (guint i = 0; i < MIN(count, tiles); i++)
    p += t_at[i] * weight(length, i);
  *out = p;
  return TRUE;
}

char *
hs_pattern_format(guint p, guint length, guint tiles, HsPatternStyle style, char *buf)
{
  static const char *const emoji[3] = { "\xE2\xAC\x9C", "\xF0\x9F\x9F\xA8", "\xF0\x9F\x9F\xA9" };
  static const char letters[3] = { 'B', 'Y', 'G' };
  char *o = buf;
  for (guint i = 0; i < MIN(tiles, (guint)HS_PATTERN_MAX_TILES); i++) {
    int t = (int)((p / weight(length, i)) % 3);
    switch (style) {
      case HS_PATTERN_EMOJI: {
        gsize l = strlen(emoji[t]);
        memcpy(o, emoji[t], l);
        o += l;
        break;
      }
      case HS_PATTERN_LETTERS: *o++ = letters[t]; break;
      case HS_PATTERN_DIGITS: *o++ = (char)('0' + t); break;
    }
  }
  *o = '\0';
  return buf;
}

gboolean
hs_pattern_parse_for(const HsWords *w, guint guess, const char *text, gssize len, HsPat *out, GError **error)
{
  guint p = 0;
  if (!hs_pattern_parse(text, len, w->length, w->len[guess], &p, error))
    return FALSE;
  *out = (HsPat)p;
  return TRUE;
}

char *
hs_pattern_format_for(const HsWords *w, guint guess, guint p, HsPatternStyle style, char *buf)
{
  return hs_pattern_format(p, w->length, w->len[guess], style, buf);
}

gboolean
hs_pattern_style_parse(const char *text, HsPatternStyle *out, GError **error)
{
  if (g_strcmp0(text, "emoji") == 0)
    *out = HS_PATTERN_EMOJI;
  else if (g_strcmp0(text, "letters") == 0)
    *out = HS_PATTERN_LETTERS;
  else if (g_strcmp0(text, "digits") == 0)
    *out = HS_PATTERN_DIGITS;
  else {
    g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
    g_set_error(error, HS_PATTERN_ERROR, HS_PATTERN_ERROR_INVALID,
                "unknown pattern style '%s' (expected emoji, letters or digits)", shown);
    return FALSE;
  }
  return TRUE;
}
