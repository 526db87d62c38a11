/* Fuzz target: games the fuzzer makes up (issue 23): letters from several scripts (kana, ñ, ß, ä),
 * answers of 2..HS_MAX_LEN letters (5; 8 in fuzz_game_wide, built against the wide build), guesses as
 * long or, with short guesses, shorter. Properties:
 *  - the text rule, the code rule, the table's rows and the verifier's rule agree with a plain
 *    reference of the two-pass rule on code points (a short guess's missing tiles grey);
 *  - a pattern formats and parses back for the guess that shows it;
 *  - the verifier reaches the engine's hard-mode verdict on one-answer per-word files. */
#include "fuzz-common.h"
#include "../tests/reference-feedback.h"

#define MAX_WORDS 10

static const gunichar letters[] = { 0x30A2, 0x30AB, 0x30FC, 0x30F3, 0x30C3, 'a', 0xF1, 0xDF, 0xE4, 'e' };

static guint
decode(const char *s, gunichar *out)
{
  guint n = 0;
  for (; *s; s = g_utf8_next_char(s))
    out[n++] = g_utf8_get_char(s);
  return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  FuzzBytes in = { data, size, 0 };
  const guint L = 2 + fuzz_byte(&in) % (HS_MAX_LEN - 1), n_a = 1 + fuzz_byte(&in) % 4, A = 2 + fuzz_byte(&in) % 9;
  const gboolean short_ok = fuzz_byte(&in) & 1;
  GString *at = g_string_new(NULL), *gt = g_string_new(NULL);
  GHashTable *seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  guint n = 0;
  while (n < MAX_WORDS && in.pos + L + 1 <= in.size) {
    const guint len = n >= n_a && short_ok ? 1 + fuzz_byte(&in) % L : L;
    GString *w = g_string_new(NULL);
    for (guint i = 0; i < len; i++)
      g_string_append_unichar(w, letters[fuzz_byte(&in) % A]);
    if (g_hash_table_contains(seen, w->str)) {
      g_string_free(w, TRUE);
      continue;
    }
    g_string_append_printf(n < n_a ? at : gt, "%s\n", w->str);
    g_hash_table_add(seen, g_string_free(w, FALSE));
    n++;
  }
  g_hash_table_destroy(seen);
  if (n <= n_a) {
    g_string_free(at, TRUE);
    g_string_free(gt, TRUE);
    return 0;
  }
  GError *e = NULL;
  HsWords *w = hs_words_parse_game(at->str, at->len, "a", gt->str, gt->len, "g", short_ok, &e);
  FUZZ_CHECK(w != NULL);
  HsTable *t = hs_table_new(w, TRUE);
  char buf[HS_PATTERN_BUFLEN];
  for (guint g = 0; g < w->n_words; g++) {
    gunichar gc[8];
    const guint k = decode(w->text[g], gc);
    const HsPat *row = hs_table_row(t, g, NULL);
    for (guint a = 0; a < w->n_answers; a++) {
      gunichar ac[8];
      const guint want = hs_reference_feedback(gc, k, ac, decode(w->text[a], ac));
      FUZZ_CHECK(hs_feedback(w->text[g], w->text[a]) == want);
      FUZZ_CHECK(hs_feedback_words(w, g, a) == want);
      FUZZ_CHECK(row[a] == want);
      FUZZ_CHECK(hs_verify_feedback(w->text[g], w->text[a]) == want);
      HsPat back = 0;
      FUZZ_CHECK(hs_pattern_parse_for(w, g, hs_pattern_format_for(w, g, want, HS_PATTERN_EMOJI, buf), -1, &back, NULL));
      FUZZ_CHECK(back == want);
    }
  }
  hs_table_free(t);
  /* A path of up to three guesses to answer 0, then the answer: the verifier and the rules agree. */
  for (guint r = 0; r < 2; r++) {
    const HsRules rules = r ? HS_RULES_STRICT : HS_RULES_NYT;
    guint hist[4];
    HsPat pats[4];
    const guint end = 1 + fuzz_byte(&in) % 3;
    for (guint i = 0; i < end; i++) {
      hist[i] = fuzz_byte(&in) % w->n_words;
      pats[i] = hs_feedback_words(w, hist[i], 0);
    }
    /* Legal when every guess keeps the rules and the game is not over before the last line (a path
     * that met all greens early must be refused). */
    gboolean legal = TRUE;
    for (guint j = 1; j <= end; j++)
      legal = legal && pats[j - 1] != w->all_green && hs_rules_legal(rules, w, hist, pats, j, j < end ? hist[j] : 0);
    GString *f = g_string_new("# hardsix strategy (per-word)\n");
    g_string_append_printf(f, "%s:", w->text[0]);
    for (guint i = 0; i < end; i++)
      g_string_append_printf(f, " [%s] => %s /", w->text[hist[i]],
                             hs_pattern_format_for(w, hist[i], pats[i], HS_PATTERN_EMOJI, buf));
    g_string_append_printf(f, " [%s] => %s /\n", w->text[0],
                           hs_pattern_format_for(w, 0, w->all_green, HS_PATTERN_LETTERS, buf));
    /* A per-word file names one answer: the lists of just it, the guesses kept. */
    g_autofree char *one = g_strdup_printf("%s\n", w->text[0]);
    GString *rest = g_string_new(NULL);
    for (guint i = 1; i < w->n_words; i++)
      g_string_append_printf(rest, "%s\n", w->text[i]);
    HsWords *w1 = hs_words_parse_game(one, strlen(one), "a", rest->str, rest->len, "g", short_ok, NULL);
    if (w1 != NULL) {
      HsVerifyReport *rep = NULL;
      FUZZ_CHECK(hs_verify_text(w1, rules, 0, f->str, f->len, "f", &rep, NULL));
      FUZZ_CHECK(rep->ok == legal);
      hs_verify_report_free(rep);
      hs_words_free(w1);
    }
    g_string_free(rest, TRUE);
    g_string_free(f, TRUE);
  }
  hs_words_free(w);
  g_string_free(at, TRUE);
  g_string_free(gt, TRUE);
  return 0;
}
