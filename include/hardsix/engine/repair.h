/* hardsix — repair: keep the greedy tree, and where it fails, let the exact prover choose the guess
 * (as an override) at the highest node where the greedy choice is provably wrong. */
#pragma once

#include <glib.h>
#include "hardsix/engine/greedy.h"
#include "hardsix/engine/prove.h"

G_BEGIN_DECLS

typedef struct {
  guint rounds;   /* greedy rebuilds */
  guint added;    /* override rules added */
  guint replaced; /* input rules replaced because they were provably wrong */
} HsRepairStats;

#define HS_REPAIR_ERROR (hs_repair_error_quark())
GQuark hs_repair_error_quark(void);
typedef enum {
  HS_REPAIR_ERROR_IMPOSSIBLE, /* no strategy with this opener solves every answer within the cap */
  HS_REPAIR_ERROR_INTERNAL
} HsRepairError;

/* Repairs the greedy construction of POLICY (its overrides, if any, are the starting rules) for
 * OPENER. Returns new overrides (the starting rules plus those added, each with a comment naming the
 * answers it rescues) with which the greedy tree solves every answer within policy->max_guesses.
 * Fails with HS_REPAIR_ERROR_IMPOSSIBLE when the opener cannot guarantee the cap (the message names
 * the opener pattern whose part is unsolvable). PROVER must use policy->rules and the same table. */
HsOverrides *hs_repair(const HsTable *table, const HsPolicy *policy, guint opener, HsProver *prover,
                       HsRepairStats *stats, GError **error);

G_END_DECLS
