/* Fuzz target: override files (hs_overrides_parse) against the tiny lists. The first byte picks the
 * rules, the opener and the pool; the rest is the file. Accepted rules must survive writing and
 * reading back, and the greedy construction must be able to play every one of them. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  if (size < 1)
    return 0;
  const HsTable *t = fuzz_tiny_table();
  const HsWords *w = hs_table_words(t);
  guint sel = data[0];
  HsRules rules = (sel & 1) ? HS_RULES_STRICT : HS_RULES_NYT;
  g_autofree char *text = g_strndup((const char *)data + 1, size - 1);
  GError *e = NULL;
  HsOverrides *o = hs_overrides_parse(text, "ov.txt", w, rules, &e);
  if (o == NULL) {
    FUZZ_CHECK(e != NULL && g_str_has_prefix(e->message, "ov.txt:") && g_utf8_validate(e->message, -1, NULL));
    g_error_free(e);
    return 0;
  }
  /* Written out and read back: the same rules in the same order. */
  g_autofree char *again = hs_overrides_to_text(o, w);
  HsOverrides *o2 = hs_overrides_parse(again, "again.txt", w, rules, &e);
  if (o2 == NULL)
    fprintf(stderr, "reparse: %s\n", e->message);
  FUZZ_CHECK(o2 != NULL && o2->rules->len == o->rules->len);
  for (guint i = 0; i < o->rules->len; i++) {
    const HsOverride *a = o->rules->pdata[i], *b = o2->rules->pdata[i];
    FUZZ_CHECK(a->n_steps == b->n_steps && a->forced == b->forced);
    FUZZ_CHECK(memcmp(a->guesses, b->guesses, a->n_steps * sizeof *a->guesses) == 0);
    FUZZ_CHECK(memcmp(a->patterns, b->patterns, a->n_steps) == 0);
    FUZZ_CHECK(g_strcmp0(a->comment, b->comment) == 0);
    FUZZ_CHECK(hs_overrides_match(o, a->n_steps, a->guesses, a->patterns) == (gint)i);
  }
  hs_overrides_free(o2);

  /* Every rule was checked against the rules, so building with them never fails on an illegal one;
   * a strategy that stays within the cap verifies. */
  HsPolicy pol;
  hs_policy_init(&pol);
  pol.rules = rules;
  pol.pool = (sel & 2) ? HS_POOL_CANDIDATES : HS_POOL_LEGAL;
  pol.overrides = o;
  guint opener = o->rules->len > 0 ? ((const HsOverride *)o->rules->pdata[0])->guesses[0] : (sel >> 2) % w->n_words;
  HsStrategy *s = hs_greedy_build(t, opener, &pol, &e);
  if (s == NULL) {
    FUZZ_CHECK(g_error_matches(e, HS_GREEDY_ERROR, HS_GREEDY_ERROR_TOO_DEEP));
    g_error_free(e);
  } else {
    FUZZ_CHECK(s->complete);
    HsFormatInfo info = { "tiny", "fuzz" };
    g_autofree char *pw = hs_format_write(s, HS_FORMAT_PER_WORD, &info);
    HsVerifyReport *r = NULL;
    FUZZ_CHECK(hs_verify_text(w, rules, pol.max_guesses, pw, strlen(pw), "pw", &r, NULL));
    FUZZ_CHECK(r->ok == (s->n_over == 0));
    hs_verify_report_free(r);
    hs_strategy_free(s);
  }
  hs_overrides_free(o);
  return 0;
}
