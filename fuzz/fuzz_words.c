/* Fuzz target: word-list files (hs_words_parse). The input is the answers file, a NUL byte, then the
 * guesses file (with no NUL, the guesses are the tiny test list). Accepted lists must be what the
 * loader promises: 5 lowercase letters each, unique, disjoint, indexed in order. */
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  const char *text = (const char *)data;
  const uint8_t *nul = memchr(data, '\0', size);
  const char *a = text, *g;
  gsize al, gl;
  if (nul != NULL) {
    al = (gsize)(nul - data);
    g = (const char *)nul + 1;
    gl = size - al - 1;
  } else {
    const char *ta, *tg;
    gsize tal, tgl;
    fuzz_tiny_text(&ta, &tal, &tg, &tgl);
    al = size;
    g = tg;
    gl = tgl;
  }
  GError *e = NULL;
  HsWords *w = hs_words_parse(a, al, "answers.txt", g, gl, "guesses.txt", &e);
  if (w == NULL) {
    /* Every rejection names the file and a line. */
    FUZZ_CHECK(e != NULL && g_utf8_validate(e->message, -1, NULL));
    FUZZ_CHECK(g_str_has_prefix(e->message, "answers.txt:") || g_str_has_prefix(e->message, "guesses.txt:"));
    g_error_free(e);
    return 0;
  }
  FUZZ_CHECK(e == NULL);
  FUZZ_CHECK(w->n_answers >= 1 && w->n_words > w->n_answers);
  for (guint i = 0; i < w->n_words; i++) {
    FUZZ_CHECK(strlen(w->text[i]) == HS_WORD_LEN);
    for (int k = 0; k < HS_WORD_LEN; k++)
      FUZZ_CHECK(w->text[i][k] >= 'a' && w->text[i][k] <= 'z');
    FUZZ_CHECK(hs_words_lookup(w, w->text[i]) == i);
  }
  FUZZ_CHECK(g_hash_table_size(w->index) == w->n_words);
  /* The answers in reverse are an order file the same lists accept. */
  GString *order = g_string_new(NULL);
  for (guint i = w->n_answers; i-- > 0;)
    g_string_append_printf(order, "%s\r\n", w->text[i]);
  char first[HS_WORD_LEN + 1];
  memcpy(first, w->text[0], sizeof first);
  FUZZ_CHECK(hs_words_apply_order_text(w, order->str, order->len, "order.txt", &e));
  FUZZ_CHECK(strcmp(w->text[w->n_answers - 1], first) == 0);
  FUZZ_CHECK(hs_words_lookup(w, first) == w->n_answers - 1);
  g_string_free(order, TRUE);
  hs_words_free(w);
  return 0;
}
