/* hardsix — the text helpers every report shares (see report.h). */
#include "hardsix/report/report.h"

#include <string.h>

void
hs_report_json_string(GString *out, const char *s)
{
  if (s == NULL) {
    g_string_append(out, "null");
    return;
  }
  g_autofree char *valid = g_utf8_make_valid(s, -1);
  g_string_append_c(out, '"');
  for (const char *p = valid; *p != '\0'; p++) {
    guchar ch = (guchar)*p;
    switch (ch) {
      case '"': g_string_append(out, "\\\""); break;
      case '\\': g_string_append(out, "\\\\"); break;
      case '\b': g_string_append(out, "\\b"); break;
      case '\f': g_string_append(out, "\\f"); break;
      case '\n': g_string_append(out, "\\n"); break;
      case '\r': g_string_append(out, "\\r"); break;
      case '\t': g_string_append(out, "\\t"); break;
      default:
        if (ch < 0x20)
          g_string_append_printf(out, "\\u%04x", ch);
        else
          g_string_append_c(out, (char)ch);
    }
  }
  g_string_append_c(out, '"');
}

void
hs_report_append_seconds(GString *out, double seconds)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append_c(out, '\t');
  g_string_append(out, g_ascii_formatd(buf, sizeof buf, "%.4f", seconds));
}

const char *
hs_report_rules_words(HsRules rules)
{
  switch (rules) {
    case HS_RULES_STRICT: return "strict rules";
    case HS_RULES_NONE: return "normal mode";
    default: return "nyt rules";
  }
}
