/* Fuzz target: engine properties on words the fuzzer makes up.
 *  - feedback(g, g) is all green, in the engine and in the verifier;
 *  - the engine's feedback, the verifier's and the SIMD table agree;
 *  - an answer is legal (strict and NYT) after any history of feedback against it, and a guess is
 *    NYT-legal after its own row;
 *  - strict-legal implies NYT-legal; the fast filter agrees with the row test;
 *  - the verifier's hard-mode check agrees with the engine's on a one-answer per-word file. */
#include "fuzz-common.h"

#define MAX_WORDS 8

/* Letters from a small alphabet half of the time, so that repeats and yellows are common. */
static char
letter(guint b)
{
  return (b & 0x80) ? "aeirst"[b % 6] : (char)('a' + (b & 0x7f) % 26);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
  fuzz_init();
  FuzzBytes in = { data, size, 0 };
  guint n_answers = 1 + fuzz_byte(&in) % 3;
  /* Up to MAX_WORDS distinct words: w[0..n_answers) answers, the rest guesses. */
  char w[MAX_WORDS][5 + 1];
  guint n = 0;
  while (n < MAX_WORDS && in.pos + 5 <= in.size) {
    for (int k = 0; k < 5; k++)
      w[n][k] = letter(fuzz_byte(&in));
    w[n][5] = '\0';
    gboolean dup = FALSE;
    for (guint j = 0; j < n; j++)
      dup = dup || strcmp(w[j], w[n]) == 0;
    if (!dup)
      n++;
  }
  if (n < n_answers + 1)
    return 0;

  /* The words as lists: every word an answer here, so that any two can be compared either way. */
  GString *at = g_string_new(NULL), *gt = g_string_new(NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf(i < n_answers ? at : gt, "%s\n", w[i]);
  GString *all_a = g_string_new(NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf(all_a, "%s\n", w[i]);
  GError *e = NULL;
  HsWords *every = hs_words_parse(all_a->str, all_a->len, "a", "qqqqq\n", 6, "g", &e);
  FUZZ_CHECK(every != NULL || strchr(all_a->str, 'q') != NULL);
  for (guint i = 0; every != NULL && i < n; i++) {
    const guint all_green = every->all_green;
    FUZZ_CHECK(hs_feedback(w[i], w[i]) == all_green);
    FUZZ_CHECK(hs_verify_feedback(w[i], w[i]) == all_green);
    for (guint j = 0; j < n; j++) {
      guint p = hs_feedback(w[i], w[j]);
      FUZZ_CHECK(p < HS_PATTERNS);
      FUZZ_CHECK(p == hs_verify_feedback(w[i], w[j]));
      FUZZ_CHECK(p == hs_feedback_words(every, i, j));
      FUZZ_CHECK((p == all_green) == (i == j));
      /* A guess may always be played again after its own row under the NYT rule. */
      FUZZ_CHECK(hs_rules_row_allows(HS_RULES_NYT, every, i, (HsPat)p, i));
      /* Every answer fits the row it produced, under both rules. */
      FUZZ_CHECK(hs_rules_row_allows(HS_RULES_STRICT, every, i, (HsPat)p, j));
      FUZZ_CHECK(hs_rules_row_allows(HS_RULES_NYT, every, i, (HsPat)p, j));
    }
  }
  hs_words_free(every);
  g_string_free(all_a, TRUE);

  /* The same words as lists: table rows against the scalar rule, filters against row tests. */
  HsWords *words = hs_words_parse(at->str, at->len, "a", gt->str, gt->len, "g", &e);
  FUZZ_CHECK(words != NULL);
  HsTable *t = hs_table_new(words, fuzz_byte(&in) & 1);
  HsPat scratch[MAX_WORDS];
  for (guint g = 0; g < n; g++) {
    const HsPat *row = hs_table_row(t, g, scratch);
    for (guint a = 0; a < n_answers; a++)
      FUZZ_CHECK(row[a] == hs_feedback(words->text[g], words->text[a]));
  }
  hs_table_free(t);

  /* A history of up to 5 guesses against answer 0. */
  guint answer = 0;
  guint hist[5];
  HsPat pats[5];
  guint k = 1 + fuzz_byte(&in) % 5;
  for (guint i = 0; i < k; i++) {
    hist[i] = fuzz_byte(&in) % n;
    pats[i] = hs_feedback(words->text[hist[i]], words->text[answer]);
  }
  FUZZ_CHECK(hs_rules_legal(HS_RULES_STRICT, words, hist, pats, k, answer));
  FUZZ_CHECK(hs_rules_legal(HS_RULES_NYT, words, hist, pats, k, answer));
  guint all[MAX_WORDS], out[MAX_WORDS];
  for (guint i = 0; i < n; i++)
    all[i] = i;
  for (guint r = 0; r < 2; r++) {
    HsRules rules = r ? HS_RULES_STRICT : HS_RULES_NYT;
    guint m = hs_rules_filter(rules, words, all, n, hist[0], pats[0], out);
    guint c = 0;
    for (guint i = 0; i < n; i++)
      if (hs_rules_row_allows(rules, words, hist[0], pats[0], i))
        FUZZ_CHECK(c < m && out[c++] == i);
    FUZZ_CHECK(c == m);
  }
  for (guint i = 0; i < n; i++)
    if (hs_rules_legal(HS_RULES_STRICT, words, hist, pats, k, i))
      FUZZ_CHECK(hs_rules_legal(HS_RULES_NYT, words, hist, pats, k, i));

  /* The verifier reaches the engine's verdict on the path hist..., answer (only one answer, so the
   * file covers every answer when there is just one). */
  if (n_answers == 1) {
    guint end = 0;
    while (end < k && hist[end] != answer)
      end++;
    for (guint r = 0; r < 2; r++) {
      HsRules rules = r ? HS_RULES_STRICT : HS_RULES_NYT;
      /* The path is hist[0..end) and then the answer; guess j must be legal after rows 0..j-1. */
      gboolean legal = TRUE;
      for (guint j = 1; j <= end; j++)
        legal = legal && hs_rules_legal(rules, words, hist, pats, j, j < end ? hist[j] : answer);
      GString *f = g_string_new("# hardsix strategy (per-word)\n");
      g_string_append_printf(f, "%s:", words->text[answer]);
      char buf[HS_PATTERN_BUFLEN];
      for (guint i = 0; i < end; i++)
        g_string_append_printf(f, " [%s] => %s /", words->text[hist[i]],
                               hs_pattern_format_for(words, hist[i], pats[i], HS_PATTERN_EMOJI, buf));
      g_string_append_printf(f, " [%s] => %s /\n", words->text[answer],
                             hs_pattern_format_for(words, answer, words->all_green, HS_PATTERN_LETTERS, buf));
      HsVerifyReport *rep = NULL;
      FUZZ_CHECK(hs_verify_text(words, rules, 0, f->str, f->len, "f", &rep, NULL));
      FUZZ_CHECK(rep->ok == legal);
      hs_verify_report_free(rep);
      g_string_free(f, TRUE);
    }
  }
  hs_words_free(words);
  g_string_free(at, TRUE);
  g_string_free(gt, TRUE);
  return 0;
}
