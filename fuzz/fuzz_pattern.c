/* Fuzz target: typed patterns (hs_pattern_parse) and the small option parsers. A pattern parsed for a
 * guess of TILES letters in a game of LENGTH (both from the first byte) is below 3^LENGTH and survives
 * formatting in every style and parsing again. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  guint length = 5, tiles = 5;
  if (size > 0 && data[0] >= 0xf0) { /* other games now and then */
    length = 2 + data[0] % 7;
    tiles = 1 + (data[0] >> 1) % length;
  }
  guint top = 1;
  for (guint i = 0; i < length; i++)
    top *= 3;
  guint p = 0;
  GError *e = NULL;
  if (hs_pattern_parse((const char *)data, (gssize)size, length, tiles, &p, &e)) {
    FUZZ_CHECK(p < top);
    char buf[HS_PATTERN_BUFLEN];
    HsPatternStyle styles[] = { HS_PATTERN_EMOJI, HS_PATTERN_LETTERS, HS_PATTERN_DIGITS };
    for (guint i = 0; i < G_N_ELEMENTS(styles); i++) {
      guint q = G_MAXUINT;
      hs_pattern_format(p, length, tiles, styles[i], buf);
      FUZZ_CHECK(hs_pattern_parse(buf, -1, length, tiles, &q, NULL) && q == p);
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
  guint q;
  gboolean ok[] = {
    hs_pattern_parse(s, -1, length, tiles, &q, NULL),
    hs_pattern_style_parse(s, &st, NULL),
    hs_rules_parse(s, &r, NULL),
    hs_format_parse(s, &f, NULL),
    hs_pool_parse(s, &pool, NULL),
    hs_metric_parse(s, &m, NULL),
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
