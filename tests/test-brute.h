/* hardsix tests — the plain brute-force decision "can S be solved within R guesses?" that the prover's
 * and the bounds' property tests compare against: no memo, no bounds, no shortcuts; legality from
 * rules.c, feedback from the verifier's own function. Sets of at most BRUTE_MAX_SET answers. */
#ifndef HARDSIX_TEST_BRUTE_H
#define HARDSIX_TEST_BRUTE_H

#include "hardsix/hardsix.h"
#include "test-common.h"

#define BRUTE_MAX_SET 64

typedef struct {
  const HsWords *w;
  HsRules rules;
  guint g[HS_DEPTH_LIMIT + 4]; /* the history of the branch being searched */
  HsPat p[HS_DEPTH_LIMIT + 4];
  guint depth;
} Brute;

static gboolean brute_solvable(Brute *b, const guint *S, guint n, guint r);

/* Does guess G split S into parts all solvable within R - 1 guesses? */
static gboolean
brute_guess(Brute *b, const guint *S, guint n, guint g, guint r)
{
  HsPat pats[BRUTE_MAX_SET];
  guint part[BRUTE_MAX_SET];
  g_assert(n <= BRUTE_MAX_SET);
  for (guint i = 0; i < n; i++)
    pats[i] = hs_verify_feedback(b->w->text[g], b->w->text[S[i]]);
  for (guint p = hs_test_next_pattern(pats, n, -1); p != G_MAXUINT; p = hs_test_next_pattern(pats, n, p)) {
    if (p == b->w->all_green)
      continue;
    guint m = 0;
    for (guint i = 0; i < n; i++)
      if (pats[i] == p)
        part[m++] = S[i];
    b->g[b->depth] = g;
    b->p[b->depth] = (HsPat)p;
    b->depth++;
    gboolean ok = brute_solvable(b, part, m, r - 1);
    b->depth--;
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

/* Is S solvable within R guesses after the history in B? */
static gboolean
brute_solvable(Brute *b, const guint *S, guint n, guint r)
{
  if (n == 0)
    return TRUE;
  if (r == 0)
    return FALSE;
  for (guint g = 0; g < b->w->n_words; g++)
    if (hs_rules_legal(b->rules, b->w, b->g, b->p, b->depth, g) && brute_guess(b, S, n, g, r))
      return TRUE;
  return FALSE;
}

#endif
