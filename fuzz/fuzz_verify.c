/* Fuzz target: strategy files as 'verify', 'sheet' and 'next' read them (hs_verify_text; per-word,
 * by-pattern, JSON, tree outline, selby) against the tiny lists. The first byte picks the rules and the
 * guess cap. A verified file must cover every answer exactly once within the cap; a rejected one says
 * where. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  if (size < 1)
    return 0;
  const HsWords *w = hs_table_words(fuzz_tiny_table());
  HsRules rules = (data[0] & 1) ? HS_RULES_STRICT : HS_RULES_NYT;
  guint cap = (data[0] >> 1) % 70; /* 0 and > 64 included: the verifier clamps */
  const char *text = (const char *)data + 1;
  gsize len = size - 1;

  char *lists = NULL, *rules_hint = NULL;
  hs_verify_peek_header(text, len, &lists, &rules_hint);
  g_free(lists);
  g_free(rules_hint);

  HsVerifyReport *r = NULL;
  GError *e = NULL;
  HsStrategyFileKind kind;
  gboolean detected = hs_verify_detect(text, len, &kind, "s.txt", NULL);
  if (!hs_verify_text(w, rules, cap, text, len, "s.txt", &r, &e)) {
    FUZZ_CHECK(r == NULL && e != NULL);
    FUZZ_CHECK(g_str_has_prefix(e->message, "s.txt:") && g_utf8_validate(e->message, -1, NULL));
    g_error_free(e);
    return 0;
  }
  FUZZ_CHECK(detected && r->kind == kind);
  FUZZ_CHECK(r->ok == (r->problems->len == 0));
  for (guint i = 0; i < r->problems->len; i++) {
    const char *p = r->problems->pdata[i];
    FUZZ_CHECK(g_str_has_prefix(p, "s.txt:") && g_utf8_validate(p, -1, NULL) && strchr(p, '\n') == NULL);
  }
  if (r->ok) {
    guint n = 0;
    guint64 total = 0;
    guint worst = 0;
    for (guint d = 1; d <= 64; d++) {
      n += r->hist[d];
      total += (guint64)d * r->hist[d];
      if (r->hist[d])
        worst = d;
    }
    FUZZ_CHECK(r->hist[0] == 0);
    FUZZ_CHECK(n == w->n_answers && r->n_answers == w->n_answers);
    FUZZ_CHECK(total == r->total && worst == r->worst);
    FUZZ_CHECK(cap == 0 || cap > 64 || worst <= cap);
    FUZZ_CHECK(r->opener != NULL);
  }
  hs_verify_report_free(r);
  return 0;
}
