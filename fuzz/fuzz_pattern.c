/* Fuzz target: typed patterns (hs_pattern_parse) and the small option parsers. A parsed pattern is
 * 0..242 and survives formatting in every style and parsing again. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  guint8 p = 0;
  GError *e = NULL;
  if (hs_pattern_parse((const char *)data, (gssize)size, &p, &e)) {
    FUZZ_CHECK(p < HS_PATTERNS);
    char buf[HS_PATTERN_BUFLEN];
    HsPatternStyle styles[] = { HS_PATTERN_EMOJI, HS_PATTERN_LETTERS, HS_PATTERN_DIGITS };
    for (guint i = 0; i < G_N_ELEMENTS(styles); i++) {
      guint8 q = 255;
      hs_pattern_format(p, styles[i], buf);
      FUZZ_CHECK(hs_pattern_parse(buf, -1, &q, NULL) && q == p);
    }
  } else {
    FUZZ_CHECK(e != NULL && g_utf8_validate(e->message, -1, NULL));
    g_clear_error(&e);
  }
  /* The same text as a NUL-terminated option value. */
  g_autofree char *s = g_strndup((const char *)data, size);
  HsPatternStyle st;
  HsRules r;
  HsFormat f;
  HsPool pool;
  HsMetric m;
  guint8 q;
  gboolean ok[] = {
    hs_pattern_parse(s, -1, &q, NULL), hs_pattern_style_parse(s, &st, NULL), hs_rules_parse(s, &r, NULL),
    hs_format_parse(s, &f, NULL),      hs_pool_parse(s, &pool, NULL),        hs_metric_parse(s, &m, NULL),
  };
  if (ok[0] && strlen(s) == size)
    FUZZ_CHECK(q == p);
  if (ok[2])
    FUZZ_CHECK(strcmp(hs_rules_name(r), s) == 0);
  if (ok[3])
    FUZZ_CHECK(strcmp(hs_format_name(f), s) == 0);
  if (ok[4])
    FUZZ_CHECK(strcmp(hs_pool_name(pool), s) == 0);
  if (ok[5])
    FUZZ_CHECK(strcmp(hs_metric_name(m), s) == 0);
  return 0;
}
