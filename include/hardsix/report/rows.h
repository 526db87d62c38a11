/* hardsix — the rows and summaries of the runs over openers (sweep, rank, prove --all, optimize --all)
 * and the text helpers every report shares (one JSON string escaper, the seconds column, the words for
 * the rules). Every function returns newly allocated text (or appends to OUT) and never fails; rows
 * are written in the order given (the caller sorts them). */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/rules.h"
#include "hardsix/engine/split.h"
#include "hardsix/engine/sweep.h"
#include "hardsix/engine/prove.h"
#include "hardsix/engine/optimize.h"

G_BEGIN_DECLS

/* ---- sweep ---- */
char *hs_report_sweep_tsv(const HsWords *w, const HsSweepRow *rows, guint n);
char *hs_report_sweep_json(const HsWords *w, const HsSweepRow *rows, guint n, const char *policy);
/* Counts and speed, the best passing openers, the answers that fail most often (FAILS per answer; FULL:
 * the sweep finished failing openers). */
char *hs_report_sweep_summary(const HsWords *w, const HsSweepRow *rows, guint n, const guint *fails, gboolean full,
                              guint max_guesses, double secs);

/* ---- rank ---- */
typedef struct {
  HsSplitBy by;
  gboolean answers_only; /* the openers were the answers only */
  const char *policy;    /* the greedy policy (with greedy rows) */
  guint max_guesses;
  const HsSweepRow *greedy;    /* --with-sweep: greedy rows of the first K openers, else NULL */
  const HsProveAllRow *proved; /* --with-sweep: the prover's rows of the same K */
} HsRankReport;
char *hs_report_rank_tsv(const HsWords *w, const HsSplit *rows, guint n, const HsRankReport *r);
char *hs_report_rank_json(const HsWords *w, const HsSplit *rows, guint n, const HsRankReport *r);
/* The table a terminal gets: N of TOTAL rows, aligned, and how many were left out. */
char *hs_report_rank_table(const HsWords *w, const HsSplit *rows, guint n, guint total, const HsRankReport *r);

/* ---- prove --all and optimize --all ---- */
typedef struct {
  HsRules rules;
  guint max_guesses;
  gboolean timing;     /* rows get the seconds column */
  double secs;         /* wall time of the run */
  HsProveOrder order;  /* prove: the order asked for */
  guint64 max_nodes;   /* prove: the node limit per opener (0: none) */
  guint best;          /* optimize: --best K (0: every opener exactly) */
  gboolean step_bound; /* optimize --best --shard: a step_bound column (each row's one-step bound), which
                          merge needs to settle the K best of all the shards */
} HsAllReport;
char *hs_report_prove_rows(const HsWords *w, const HsProveAllRow *rows, guint n, const HsAllReport *r);
/* Counts, total time, the median and slowest opener by CPU time. */
char *hs_report_prove_summary(const HsWords *w, const HsProveAllRow *rows, guint n, const HsAllReport *r);
char *hs_report_optimize_rows(const HsWords *w, const HsOptimizeRow *rows, guint n, const HsAllReport *r);
/* Counts, time, the best openers and the slowest. */
char *hs_report_optimize_summary(const HsWords *w, const HsOptimizeRow *rows, guint n, const HsAllReport *r);

G_END_DECLS
