/* hardsix tests — adding a row to a search state under RULES with a core made for those rules (or any
 * core under none, which adds nothing). Include after "engine/search.h". */
#pragma once

static inline void
hs_test_state_add(HsState *st, const HsSearchCore *c, HsRules rules, const guint8 *g, HsPat pattern)
{
  if (rules == HS_RULES_NONE)
    return;
  g_assert(c->rules == rules);
  hs_state_add(st, c, g, pattern);
}
