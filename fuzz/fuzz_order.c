/* Fuzz target: --order files (hs_words_apply_order_text) against the tiny lists. An accepted order is
 * a permutation of the answers that leaves the guesses and the index consistent. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  HsWords *w = fuzz_tiny_words();
  g_auto(GStrv) before = g_new0(char *, w->n_words + 1);
  for (guint i = 0; i < w->n_words; i++)
    before[i] = g_strdup(w->text[i]);
  GError *e = NULL;
  if (!hs_words_apply_order_text(w, (const char *)data, size, "order.txt", &e)) {
    FUZZ_CHECK(e != NULL && g_str_has_prefix(e->message, "order.txt:") && g_utf8_validate(e->message, -1, NULL));
    g_error_free(e);
    /* A rejected order changes nothing. */
    for (guint i = 0; i < w->n_words; i++)
      FUZZ_CHECK(strcmp(before[i], w->text[i]) == 0);
    hs_words_free(w);
    return 0;
  }
  for (guint i = 0; i < w->n_words; i++) {
    FUZZ_CHECK(hs_words_lookup(w, w->text[i]) == i);
    guint was = HS_NONE;
    for (guint k = 0; k < w->n_words; k++)
      if (strcmp(before[k], w->text[i]) == 0)
        was = k;
    FUZZ_CHECK(was != HS_NONE);
    FUZZ_CHECK((was < w->n_answers) == (i < w->n_answers)); /* answers stay answers */
    if (i >= w->n_answers)
      FUZZ_CHECK(was == i); /* guesses keep their place */
  }
  hs_words_free(w);
  return 0;
}
