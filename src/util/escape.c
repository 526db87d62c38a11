/* hardsix — untrusted text shown in messages: control characters escaped (see escape.h). */
#include "hardsix/util/escape.h"

#include <string.h>

/* The short escape of a C0 byte, or 0 for \xNN. */
static char
short_escape(guchar c)
{
  switch (c) {
    case 0x1b: return 'e';
    case '\a': return 'a';
    case '\b': return 'b';
    case '\t': return 't';
    case '\n': return 'n';
    case '\v': return 'v';
    case '\f': return 'f';
    case '\r': return 'r';
    default: return 0;
  }
}

/* Code points shown as \uNNNN although valid: C1 controls and the bidirectional overrides, which
 * reorder what a terminal shows. */
static gboolean
hidden_code_point(gunichar u)
{
  return (u >= 0x80 && u <= 0x9f) || (u >= 0x202a && u <= 0x202e) || (u >= 0x2066 && u <= 0x2069);
}

void
hs_escape_append(GString *out, const char *text, gssize len, gboolean keep_newlines)
{
  gsize n = len < 0 ? strlen(text) : (gsize)len;
  const char *p = text, *end = text + n;
  while (p < end) {
    guchar c = (guchar)*p;
    if (c < 0x20 || c == 0x7f) {
      char e = short_escape(c);
      if (c == '\n' && keep_newlines)
        g_string_append_c(out, '\n');
      else if (e)
        g_string_append_printf(out, "\\%c", e);
      else
        g_string_append_printf(out, "\\x%02x", c);
      p++;
      continue;
    }
    if (c < 0x80) {
      g_string_append_c(out, (char)c);
      p++;
      continue;
    }
    gunichar u = g_utf8_get_char_validated(p, end - p);
    if (u == (gunichar)-1 || u == (gunichar)-2) {
      g_string_append_printf(out, "\\x%02x", c);
      p++;
      continue;
    }
    const char *next = g_utf8_next_char(p);
    if (hidden_code_point(u))
      g_string_append_printf(out, "\\u%04x", u);
    else
      g_string_append_len(out, p, next - p);
    p = next;
  }
}

char *
hs_escape(const char *text, gssize len, gssize max)
{
  gsize n = len < 0 ? strlen(text) : (gsize)len;
  gboolean cut = max >= 0 && n > (gsize)max;
  gsize shown = cut ? (gsize)max : n;
  /* Not in the middle of a UTF-8 sequence: back to its lead byte (at most 3 continuation bytes). */
  for (guint k = 0; cut && k < 3 && shown > 0 && ((guchar)text[shown] & 0xc0) == 0x80; k++)
    shown--;
  GString *out = g_string_new(NULL);
  hs_escape_append(out, text, (gssize)shown, FALSE);
  if (cut)
    g_string_append(out, "...");
  return g_string_free(out, FALSE);
}

char *
hs_escape_message(const char *message)
{
  GString *out = g_string_new(NULL);
  hs_escape_append(out, message, -1, TRUE);
  return g_string_free(out, FALSE);
}

gboolean
hs_escape_needed(const char *text)
{
  g_autofree char *e = hs_escape_message(text);
  return strcmp(e, text) != 0;
}
