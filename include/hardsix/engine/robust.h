/* hardsix — robustness of an opener's guarantee: the greedy strategy rebuilt under random answer
 * orders (other tie-breaks), under every metric, and on the other list set.
 * Results never depend on the thread count: each shuffle has its own seed derived from its number. */
#pragma once

#include <glib.h>
#include "hardsix/engine/greedy.h"

G_BEGIN_DECLS

typedef enum {
  HS_ROBUST_CANONICAL, /* the policy as given, canonical order */
  HS_ROBUST_METRIC,    /* another metric, canonical order */
  HS_ROBUST_LISTS,     /* the other list set (original <-> nyt2022), its own canonical order */
  HS_ROBUST_SHUFFLE    /* the policy as given, a random order of the answers */
} HsRobustKind;

typedef struct {
  HsRobustKind kind;
  guint shuffle;    /* shuffle number 1..n (HS_ROBUST_SHUFFLE), else 0 */
  HsMetric metric;  /* the metric this row used */
  char *lists;      /* the list set this row used ("original", "nyt2022", "custom") */
  gboolean skipped; /* not run; note says why */
  char *note;       /* one line, or NULL */
  gboolean pass;    /* every answer solved within the cap */
  guint n_answers;  /* answers of the row's lists */
  guint worst;      /* most guesses any answer needs */
  guint n_over;     /* answers over the cap */
  guint64 total;    /* guesses summed over answers */
  HsHistogram hist;
  char **over; /* the answers over the cap (NULL-terminated), in the base lists' canonical
                             * order (the other list set's for HS_ROBUST_LISTS) */
} HsRobustRow;

typedef void (*HsRobustProgress)(guint done, guint total, guint passing, gpointer user);

typedef struct {
  guint shuffles;            /* random answer orders to try */
  guint64 seed;              /* base seed; shuffle k uses a seed derived from (seed, k) */
  gboolean variants;         /* also the other metrics and the other list set */
  HsRobustProgress progress; /* called from one thread at a time, may be NULL */
  gpointer progress_user;
  volatile gint *cancel; /* when set, stop early and fail with HS_ROBUST_ERROR_CANCELLED */
} HsRobustOptions;

typedef struct {
  const HsWords *words; /* the base words (borrowed from the table) */
  guint32 opener;
  guint max_guesses;
  guint64 seed;
  GPtrArray *rows; /* HsRobustRow*: canonical, the other metrics, lists, then shuffles 1..n */
  guint n_shuffles;
  guint n_pass;                           /* shuffles that pass */
  guint *fail_counts;                     /* per base answer: shuffles in which it is over the cap */
  guint worst_counts[HS_DEPTH_LIMIT + 1]; /* shuffles by their worst number of guesses */
} HsRobustReport;

void hs_robust_report_free(HsRobustReport *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsRobustReport, hs_robust_report_free)

#define HS_ROBUST_ERROR (hs_robust_error_quark())
GQuark hs_robust_error_quark(void);
typedef enum { HS_ROBUST_ERROR_CANCELLED } HsRobustError;

/* Writes shuffle number INDEX of SEED into ORDER: a permutation of 0..n-1 (Fisher-Yates driven by GRand,
 * the same on every platform). */
void hs_robust_shuffle(guint64 seed, guint index, guint n, guint *order);

/* Runs the greedy construction of OPENER under POLICY (its overrides are re-resolved by word text for
 * every order and list set) for the canonical order, options->shuffles random orders and, with
 * variants, every other metric and the other list set (a row is skipped, with a note, when the opener
 * or an override word is not in that set, or the lists are custom). Parallel over rows (OpenMP), with
 * identical results for any thread count. TABLE must hold every row POLICY's pool needs; with
 * columns, the maxbucket-swapped builds are faster. Fails on an illegal override or when cancelled. */
HsRobustReport *hs_robust_run(const HsTable *table, guint opener, const HsPolicy *policy,
                              const HsRobustOptions *options, GError **error);

G_END_DECLS
