/* Fuzz target: build → write → verify, on a subset of the tiny lists the fuzzer chooses, under a policy
 * it chooses (rules, pool, metric, cap, answer order, opener).
 *  - the greedy construction never fails and solves every answer, on legal paths;
 *  - the verifier accepts what the writers produce (per-word, by-pattern, JSON) exactly when every
 *    answer is within the cap, with the builder's histogram;
 *  - a sweep gives the same rows with and without fail-first. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  FuzzBytes in = { data, size, 0 };
  const HsWords *tiny = hs_table_words(fuzz_tiny_table());
  guint32 amask = fuzz_byte(&in) | fuzz_byte(&in) << 8 | fuzz_byte(&in) << 16;
  guint32 gmask = fuzz_byte(&in) | fuzz_byte(&in) << 8 | fuzz_byte(&in) << 16;
  guint pol_byte = fuzz_byte(&in), cap_byte = fuzz_byte(&in), opener_byte = fuzz_byte(&in);
  GString *at = g_string_new(NULL), *gt = g_string_new(NULL);
  for (guint i = 0; i < tiny->n_answers; i++)
    if (amask & (1u << i))
      g_string_append_printf(at, "%s\n", tiny->text[i]);
  for (guint i = tiny->n_answers; i < tiny->n_words; i++)
    if (gmask & (1u << (i - tiny->n_answers)))
      g_string_append_printf(gt, "%s\n", tiny->text[i]);
  if (at->len == 0 || gt->len == 0) {
    g_string_free(at, TRUE);
    g_string_free(gt, TRUE);
    return 0;
  }
  HsWords *w = hs_words_parse(at->str, at->len, "a", gt->str, gt->len, "g", NULL);
  FUZZ_CHECK(w != NULL);
  g_string_free(at, TRUE);
  g_string_free(gt, TRUE);

  /* Another canonical order of the answers: a shuffle driven by the input. */
  if (pol_byte & 0x40) {
    guint *perm = g_new(guint, w->n_answers);
    for (guint i = 0; i < w->n_answers; i++)
      perm[i] = i;
    for (guint i = w->n_answers; i > 1; i--) {
      guint j = fuzz_byte(&in) % i, tmp = perm[i - 1];
      perm[i - 1] = perm[j];
      perm[j] = tmp;
    }
    GString *order = g_string_new("# shuffled\n");
    for (guint i = 0; i < w->n_answers; i++)
      g_string_append_printf(order, "%s\n", w->text[perm[i]]);
    FUZZ_CHECK(hs_words_apply_order_text(w, order->str, order->len, "order", NULL));
    g_string_free(order, TRUE);
    g_free(perm);
  }

  HsPolicy pol;
  hs_policy_init(&pol);
  pol.rules = (pol_byte & 1) ? HS_RULES_STRICT : HS_RULES_NYT;
  pol.pool = (pol_byte & 2) ? HS_POOL_CANDIDATES : HS_POOL_LEGAL;
  pol.metric = (HsMetric)((pol_byte >> 2) & 3);
  pol.max_guesses = 1 + cap_byte % 6;
  gboolean all_rows = pol.pool == HS_POOL_LEGAL || (pol_byte & 0x80);
  HsTable *t = hs_table_new_full(w, all_rows, pol.metric == HS_METRIC_MAXBUCKET_SWAPPED);
  guint opener = opener_byte % w->n_words;

  GError *e = NULL;
  HsStrategy *s = hs_greedy_build(t, opener, &pol, &e);
  FUZZ_CHECK(s != NULL);
  FUZZ_CHECK(s->complete && s->n_solved == w->n_answers);
  guint sum = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    sum += s->hist.count[d];
  FUZZ_CHECK(sum == w->n_answers);
  guint32 path[HS_DEPTH_LIMIT];
  HsPat pats[HS_DEPTH_LIMIT];
  guint n_over = 0;
  for (guint a = 0; a < w->n_answers; a++) {
    guint len = hs_strategy_path(s, a, path);
    FUZZ_CHECK(len >= 1 && path[len - 1] == a && path[0] == opener);
    n_over += len > pol.max_guesses;
    for (guint i = 0; i < len; i++) {
      if (i > 0)
        FUZZ_CHECK(hs_rules_legal(pol.rules, w, path, pats, i, path[i]));
      pats[i] = hs_feedback(w->text[path[i]], w->text[a]);
    }
  }
  FUZZ_CHECK(n_over == s->n_over);

  HsFormatInfo info = { "fuzz", "fuzz" };
  const HsFormat formats[] = { HS_FORMAT_PER_WORD, HS_FORMAT_BY_PATTERN, HS_FORMAT_JSON, HS_FORMAT_TREE,
                               HS_FORMAT_SELBY_BARE };
  /* Publishing verifies the strategy and every text: it passes exactly when no answer is over the cap. */
  g_autoptr(HsPublished) pub = hs_publish(s, &info, formats, G_N_ELEMENTS(formats));
  FUZZ_CHECK(hs_published_verified(pub) == (s->n_over == 0));
  for (guint f = 0; f < G_N_ELEMENTS(formats); f++) {
    const char *text = hs_published_text(pub, f);
    if (formats[f] == HS_FORMAT_TREE)
      continue;
    if (formats[f] == HS_FORMAT_SELBY_BARE) {
      /* The verifier cannot read selby yet: one line per solved answer, each ending GGGGGn. */
      guint lines = 0;
      for (const char *p = text; (p = strchr(p, '\n')) != NULL; p++, lines++) {
        const char *q = p;
        while (q > text && g_ascii_isdigit(q[-1]))
          q--;
        FUZZ_CHECK(q < p && q - text >= 5 && memcmp(q - 5, "GGGGG", 5) == 0);
      }
      FUZZ_CHECK(lines == s->n_solved);
      continue;
    }
    HsVerifyReport *r = NULL;
    if (!hs_verify_text(w, pol.rules, pol.max_guesses, text, strlen(text), "out", &r, &e)) {
      fprintf(stderr, "%s does not parse: %s\n%s", hs_format_name(formats[f]), e->message, text);
      abort();
    }
    if (r->ok != (s->n_over == 0)) {
      fprintf(stderr, "%s: verifier says %s\n%s", hs_format_name(formats[f]), r->ok ? "ok" : "NOT ok", text);
      for (guint i = 0; i < r->problems->len; i++)
        fprintf(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
      abort();
    }
    for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
      FUZZ_CHECK(r->hist[d] == s->hist.count[d]);
    hs_verify_report_free(r);
  }

  /* Sweeps of every opener: fail-first changes only the order of work. */
  if (pol_byte & 0x20) {
    guint32 *openers = g_new(guint32, w->n_words);
    for (guint i = 0; i < w->n_words; i++)
      openers[i] = i;
    HsSweepRow *r1 = g_new0(HsSweepRow, w->n_words), *r2 = g_new0(HsSweepRow, w->n_words);
    HsSweepOptions o1 = { FALSE, TRUE, NULL, NULL, NULL }, o2 = { FALSE, FALSE, NULL, NULL, NULL };
    FUZZ_CHECK(hs_sweep_run(t, &pol, openers, w->n_words, &o1, r1, NULL, NULL));
    FUZZ_CHECK(hs_sweep_run(t, &pol, openers, w->n_words, &o2, r2, NULL, NULL));
    for (guint i = 0; i < w->n_words; i++) {
      FUZZ_CHECK(r1[i].opener == i && r2[i].opener == i && r1[i].pass == r2[i].pass && r1[i].exact == r2[i].exact);
      if (r1[i].exact)
        FUZZ_CHECK(r1[i].total == r2[i].total && hs_histogram_equal(&r1[i].hist, &r2[i].hist));
    }
    FUZZ_CHECK(r1[opener].pass == (s->n_over == 0));
    g_free(r1);
    g_free(r2);
    g_free(openers);
  }
  hs_strategy_free(s);
  hs_table_free(t);
  hs_words_free(w);
  return 0;
}
