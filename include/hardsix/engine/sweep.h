/* hardsix — sweeping many openers with the greedy construction, fail-first, in parallel.
 * Results never depend on thread count, sweep order, fail-first or sharding. */
#pragma once

#include <glib.h>
#include "hardsix/engine/greedy.h"

G_BEGIN_DECLS

typedef struct {
  guint32 opener;
  gboolean pass;      /* every answer solved within the cap */
  gboolean exact;     /* histogram and failure details are known (passing, or a full run) */
  guint worst;        /* exact only: most guesses any answer needs */
  guint n_over;       /* exact only: answers over the cap */
  guint32 first_over; /* exact only: canonically first answer over the cap, or HS_NONE */
  guint64 total;      /* exact only: guesses summed over answers */
  HsHistogram hist;
} HsSweepRow;

#define HS_SWEEP_ERROR (hs_sweep_error_quark())
GQuark hs_sweep_error_quark(void);
typedef enum { HS_SWEEP_ERROR_CANCELLED } HsSweepError;

typedef void (*HsSweepProgress)(guint done, guint total, guint passing, gpointer user);

typedef struct {
  gboolean full;            /* finish failing trees too (exact rows for every opener) */
  gboolean fail_first;      /* explore parts holding known problem answers first */
  HsSweepProgress progress; /* called from one thread at a time, may be NULL */
  gpointer progress_user;
  volatile gint *cancel; /* when non-NULL and set, stop early and fail with HS_SWEEP_ERROR_CANCELLED */
} HsSweepOptions;

/* Builds the greedy tree of each of OPENERS[0..n) (in parallel; OpenMP decides the thread count) and
 * fills ROWS[i] for OPENERS[i]. FAIL_COUNTS (n_answers entries, may be NULL) receives, per answer, the
 * number of openers it failed: exact with full, otherwise only the failures found before stopping
 * (which depend on the schedule). Fails on an illegal override (the first in opener order). */
gboolean hs_sweep_run(const HsTable *table, const HsPolicy *policy, const guint32 *openers, guint n,
                      const HsSweepOptions *options, HsSweepRow *rows, guint *fail_counts, GError **error);

/* The answers that failed (FAIL_COUNTS[a] > 0 of N_ANSWERS), most failures first, ties in canonical
 * order, into OUT (N_ANSWERS entries); returns how many. Sweep and robust summaries list them so. */
guint hs_sweep_rank_failures(const guint *fail_counts, guint n_answers, guint *out);

/* Selects the openers of shard K of N (1-based): every N-th word starting with the K-th. */
guint hs_sweep_shard(const guint32 *openers, guint n, guint k, guint of, guint32 *out);

/* Like hs_sweep_shard, but over the units of openers with like letters (hs_words_letter_units: whole
 * groups of openers with the same letters): shard K of N takes every N-th unit starting with the K-th,
 * its openers in their order in OPENERS. Anagrams then land in one shard, where optimize --all runs
 * them one after another and the second finds their common all-grey part in the memo, and prove --all
 * decides each unit as one run of openers sharing what they settle. */
guint hs_sweep_shard_by_letters(const HsWords *words, const guint32 *openers, guint n, guint k, guint of, guint32 *out);

/* Like hs_sweep_shard, but over the groups of openers with the same letters (hs_words_letter_groups,
 * numbered in the order of their first opener): shard K of N takes every N-th group starting with the
 * K-th, its openers in their order in OPENERS. Groups are small (anagrams), so N may be far larger
 * than the number of units: optimize --all, whose rows depend on nothing else, can then be cut into
 * shards of a few minutes each. */
guint hs_sweep_shard_by_groups(const HsWords *words, const guint32 *openers, guint n, guint k, guint of, guint32 *out);

G_END_DECLS
