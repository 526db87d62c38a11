/* hardsix tests — small random lists rich in clusters (answers equal at four positions), on which
 * the refutations of the exact searches fire often: the bounds' and the prover's property tests
 * compare them with the brute force there. */
#pragma once

#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

static void
random_word(GRand *rng, const char *alphabet, char *out)
{
  const gint na = (gint)strlen(alphabet);
  for (guint i = 0; i < HS_WORD_LEN; i++)
    out[i] = alphabet[g_rand_int_range(rng, 0, na)];
  out[HS_WORD_LEN] = '\0';
}

/* Adds WORD to LIST (newline-separated) unless SEEN has it. */
static void
add_word(GHashTable *seen, GString *list, const char *word)
{
  if (g_hash_table_contains(seen, word))
    return;
  g_hash_table_add(seen, g_strdup(word));
  g_string_append_printf(list, "%s\n", word);
}

/* The shape of random lists: how many clusters, members per cluster, other answers and other guesses,
 * each drawn from [lo, hi). */
typedef struct {
  gint clusters[2], members[2], others[2], guesses[2];
} ListShape;

/* Answers: clusters (a stem, one position varied) and a few random words; other guesses: random words
 * over the same small alphabet; their numbers as SHAPE says. */
static HsWords *
random_lists_shaped(GRand *rng, const ListShape *shape)
{
  static const char alphabet[] = "abcdeilmnorst";
  g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GString) a = g_string_new(NULL), g = g_string_new(NULL);
  char word[HS_WORD_LEN + 1];
  const guint n_clusters = (guint)g_rand_int_range(rng, shape->clusters[0], shape->clusters[1]);
  for (guint k = 0; k < n_clusters; k++) {
    random_word(rng, alphabet, word);
    const guint pos = (guint)g_rand_int_range(rng, 0, HS_WORD_LEN);
    const guint members = (guint)g_rand_int_range(rng, shape->members[0], shape->members[1]);
    for (guint m = 0; m < members; m++) {
      word[pos] = alphabet[g_rand_int_range(rng, 0, (gint)strlen(alphabet))];
      add_word(seen, a, word);
    }
  }
  for (guint k = (guint)g_rand_int_range(rng, shape->others[0], shape->others[1]); k > 0; k--) {
    random_word(rng, alphabet, word);
    add_word(seen, a, word);
  }
  for (guint k = (guint)g_rand_int_range(rng, shape->guesses[0], shape->guesses[1]); k > 0; k--) {
    random_word(rng, alphabet, word);
    add_word(seen, g, word);
  }
  if (g->len == 0)
    add_word(seen, g, "zzzzz");
  return hs_test_parse_lists(a->str, g->str);
}

/* Two or three clusters of three to seven members, one to four other answers, five to ten guesses. */
static HsWords *
random_lists(GRand *rng)
{
  static const ListShape shape = { { 2, 4 }, { 3, 8 }, { 1, 5 }, { 5, 11 } };
  return random_lists_shaped(rng, &shape);
}

#ifdef HARDSIX_TEST_BRUTE_H
/* A random node for the property tests (include test-brute.h and test-state.h first): a random legal
 * history of 0 to 2 guesses, each pattern that of a random answer, kept in B (whose depth it sets) and
 * ST under RULES; then the set, S and S16 (at most MAX answers): the answers that fit the history
 * (always with FIT, else half the time; otherwise all), each kept with probability 1/2 to 1. Returns
 * the set's size. */
static guint
random_node(GRand *rng, const HsWords *w, const HsSearchCore *core, HsRules rules, gboolean fit_only, Brute *b,
            HsState *st, guint *S, guint16 *S16, guint max)
{
  hs_state_init(st);
  b->depth = 0;
  const guint depth = (guint)g_rand_int_range(rng, 0, 3);
  for (guint d = 0; d < depth; d++) {
    guint legal[256], n_legal = 0;
    for (guint x = 0; x < w->n_words && n_legal < G_N_ELEMENTS(legal); x++)
      if (hs_rules_legal(rules, w, b->g, b->p, b->depth, x))
        legal[n_legal++] = x;
    if (n_legal == 0)
      break;
    const guint g = legal[g_rand_int_range(rng, 0, (gint)n_legal)];
    const guint a = (guint)g_rand_int_range(rng, 0, (gint)w->n_answers);
    const HsPat p = hs_verify_feedback(w->text[g], w->text[a]);
    b->g[b->depth] = g;
    b->p[b->depth] = p;
    b->depth++;
    hs_test_state_add(st, core, rules, core->let[g], p);
  }
  const gboolean fit = g_rand_boolean(rng) || fit_only;
  const gint keep = g_rand_int_range(rng, 50, 101);
  guint n = 0;
  for (guint a = 0; a < w->n_answers && n < max; a++) {
    gboolean ok = TRUE;
    for (guint d = 0; fit && d < b->depth && ok; d++)
      ok = hs_verify_feedback(w->text[b->g[d]], w->text[a]) == b->p[d];
    if (ok && g_rand_int_range(rng, 0, 100) < keep) {
      S[n] = a;
      S16[n++] = (guint16)a;
    }
  }
  return n;
}
#endif
