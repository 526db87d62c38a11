/* hardsix tests — the two-pass feedback rule on code points, written plainly from DESIGN.md for the
 * tests and the fuzz targets to check the engine's rules against (it calls nothing of the library):
 * greens first, each consuming its answer letter; then, left to right, each other guess letter is
 * yellow while an unconsumed copy is left anywhere in the answer. G has K letters, A has L >= K (a
 * shorter guess's missing tiles are grey); the pattern number has L base-3 digits. */
#ifndef HS_TESTS_REFERENCE_FEEDBACK_H
#define HS_TESTS_REFERENCE_FEEDBACK_H

#include <glib.h>

static inline guint
hs_reference_feedback(const gunichar *g, guint k, const gunichar *a, guint L)
{
  gboolean used[8] = { FALSE };
  guint tile[8] = { 0 };
  for (guint i = 0; i < k; i++)
    if (g[i] == a[i])
      tile[i] = 2, used[i] = TRUE;
  for (guint i = 0; i < k; i++)
    for (guint j = 0; j < L && tile[i] == 0; j++)
      if (!used[j] && a[j] == g[i])
        tile[i] = 1, used[j] = TRUE;
  guint p = 0;
  for (guint i = 0; i < L; i++)
    p = p * 3 + tile[i];
  return p;
}

#endif
