/* Fuzz target: word-list files (hs_words_parse). The input is the answers file, a NUL byte, then the
 * guesses file (with no NUL, the guesses are the tiny test list; an empty one means no guesses). Accepted
 * lists must be what the loader promises: letters, one length for the answers and none longer among the
 * guesses, at most HS_MAX_LETTERS different letters, unique, disjoint, NFC, indexed in order, and codes
 * that spell the words back through the alphabet. */
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
  FUZZ_CHECK(w->n_answers >= 1 && w->n_words >= w->n_answers);
  FUZZ_CHECK(w->length >= HS_MIN_LEN && w->length <= HS_MAX_LEN && w->n_letters <= HS_MAX_LETTERS);
  for (guint i = 0; i < w->n_words; i++) {
    FUZZ_CHECK(g_utf8_validate(w->text[i], -1, NULL));
    g_autofree char *nfc = g_utf8_normalize(w->text[i], -1, G_NORMALIZE_NFC);
    FUZZ_CHECK(nfc != NULL && strcmp(nfc, w->text[i]) == 0);
    FUZZ_CHECK(hs_words_not_a_word(w->text[i]) == NULL);
    FUZZ_CHECK(w->len[i] == g_utf8_strlen(w->text[i], -1));
    FUZZ_CHECK(i < w->n_answers ? w->len[i] == w->length : w->len[i] == w->length);
    GString *back = g_string_new(NULL);
    for (guint k = 0; k < HS_MAX_LEN; k++) {
      FUZZ_CHECK((k < w->len[i]) == (w->code[i][k] != HS_PAD));
      if (k < w->len[i])
        g_string_append_unichar(back, w->alphabet[w->code[i][k]]);
    }
    FUZZ_CHECK(strcmp(back->str, w->text[i]) == 0);
    g_string_free(back, TRUE);
    FUZZ_CHECK(hs_words_lookup(w, w->text[i]) == i);
  }
  FUZZ_CHECK(g_hash_table_size(w->index) == w->n_words);
  /* The answers in reverse are an order file the same lists accept. */
  GString *order = g_string_new(NULL);
  for (guint i = w->n_answers; i-- > 0;)
    g_string_append_printf(order, "%s\r\n", w->text[i]);
  g_autofree char *first = g_strdup(w->text[0]);
  FUZZ_CHECK(hs_words_apply_order_text(w, order->str, order->len, "order.txt", &e));
  FUZZ_CHECK(strcmp(w->text[w->n_answers - 1], first) == 0);
  FUZZ_CHECK(hs_words_lookup(w, first) == w->n_answers - 1);
  g_string_free(order, TRUE);
  hs_words_free(w);
  return 0;
}
