/* hardsix — internals of the prover shared by its files: prove.c (the prover object, the driver, the
 * trees), prove-search.c (the AND-OR search), prove-score.c (scoring and ordering a node's pool),
 * prove-part2.c (the last two levels), prove-refute.c (refutations without a search of their own) and
 * prove-level.c (scratch levels and the failing parts they remember). Calls only go down: prove.c
 * calls prove-search.c, which calls the refutations, part2 and scoring, and they call prove-level.c;
 * nothing calls back up (tests/static/cycles.sh).
 * See include/hardsix/engine/prove.h for the API.
 *
 * The prover is an AND-OR depth-limited search over every legal guess, with a memo keyed by (candidate
 * set, hard-mode constraint state, guesses left), and the tree it finds.
 *
 * How it stays fast. Legality is a compact state (greens, letter counts; strict also bans letters per
 * position and caps counts), so legal pools are a few ANDs of precomputed word bitsets and the memo
 * key is a hash of the state and of the candidate set (sums of random 64-bit keys, two of them).
 * A node tries guesses in max-bucket order and stops at the first that works; for each guess it
 * checks the parts (smallest first when three or more guesses are left after it, else largest first:
 * order_parts in prove-search.c), after a pass that rejects the guess on any part the memo knows
 * to fail. Parts of at most r - 1 answers are solved by playing them in turn; with one guess left a
 * part must be a single answer; with two left one legal guess must split it into singletons (part2
 * answers that from the node's sub-table, and remembers the answer under the node's own, weaker
 * state too: when a part fails there, it fails after every guess of the node). Each level remembers
 * the failing parts of its nodes' guesses ("cores"): a later part that contains one, under a state at
 * least as strict and with no more guesses left, fails without a search; a core is a fact about its
 * set, state and guesses left, so it serves the node's siblings and later nodes of the level too.
 * Nodes keep a sub-table (their pool's feedback rows restricted to their set), from which their
 * children gather their own rows instead of reading the big table. A pool keeps one word per class
 * of words that play alike on the node's letters (search.h); in normal mode, at nodes with
 * tuning.refine_min_r or more guesses left, also none whose parts another pool word splits further
 * (hs_alike_drop_refined), and the nodes below inherit the smaller pool. The FAST order
 * adds shortcuts (see prove.h): probing with node budgets, and reordering untried guesses by the
 * answers of the parts that made guesses fail.
 *
 * Refutation without search (bound.h). Clusters (answers equal but at one position) refute a set or
 * reject a guess that tests too few of their variants; part2 only tries the words that hold the
 * letters a split needs (part2_candidates); a node with three guesses left whose clusters leave few
 * words is refuted from the feedback table before any scoring (refuted_at_three). The driver probes
 * an opener's parts in rounds of growing node budgets and, once they are expensive, hardest first
 * (hs_prove_hardness), so that an opener fails on its cheapest failing part. */
#pragma once

#include "hardsix/engine/prove.h"
#include "hardsix/engine/rank.h"
#include "bound.h"
#include "search.h"

#define MEMO_FAIL G_MAXUINT32
#define DEFERRED G_MAXUINT16 /* score of a word known to be worse than the bound it was scored with */
/* Scratch levels: a node at level l partitions into level l; its parts are solved at level l + 1. */
#define MAX_LEVELS (HS_DEPTH_LIMIT + 2)
/* How often (in calls of hs_prove_solve) the cancel flag is read and progress reported. */
#define CANCEL_EVERY 1024
/* FAST order: probes that cannot decide a guess are repeated with budgets PROBE_GROWTH times larger,
 * until the budget would pass PROBE_LIMIT and the guess is searched without one. */
#define PROBE_GROWTH 8
#define PROBE_LIMIT 200000
/* The driver orders an opener's parts still open hardest first (hs_prove_hardness) once its round
 * budget reaches this. */
#define HARDNESS_FROM 12800
/* FAST order: the trouble set reorders the untried guesses after trouble_first failures, then after
 * TROUBLE_GROWTH times as many, and so on. */
#define TROUBLE_GROWTH 4
/* FAST order: with more than this many guesses left, the best candidate is tried before the pool is
 * scored. With three left c* works at most nodes (its parts then need only part2), and scoring the
 * pool into a sub-table costs more than c*'s parts gain from it (chuck within 5: 9.6 s -> 8.0 s). */
#define CSTAR_FIRST_ABOVE 2
/* The most parts a word makes of a node's set that L->dist and L->n_ge tell apart (more count as
 * this many): every count in the narrow build, whose sets are scored in byte counters. */
#if defined(HS_WIDE) && HS_WIDE
#define DIST_MAX HS_PATTERNS
#else
#define DIST_MAX 255
#endif
/* The largest sets whose rows are scored in byte counters, and the largest nodes that read their rows
 * from the parent's sub-table. */
#define BYTE_ROWS_MAX MIN(HS_PATTERNS, 255)
/* The game's patterns (a constant in the narrow build: HS_GAME_PATTERNS). */
#define PATS(P) HS_GAME_PATTERNS((P)->n_pats)
/* Failing parts a level remembers (the most recent ones), and the largest one it keeps. stets on the
 * 2023 lists, cores per node of 32 and 128 words at most: 3.68 M nodes, 69 s; 512 of 512: 2.45 M,
 * 41 s; kept across the nodes of a level: 2.20 M, 36 s (1,024 or 2,048 cores: fewer nodes, the same
 * time, the scan of the cores costing what they save). */
#define CORE_MAX 512
#define CORE_WORDS 512
/* Clusters (bound.h) a node keeps to reject guesses before partitioning. */
#define CLUSTER_MAX HS_BOUND_KEEP
/* part2: clusters of a part it filters the pool with, and the pairs of neighbours (canonical order)
 * that differ at this many positions at most. */
#define PART2_CLUSTERS 8
#define PART2_PAIR_DIFF 2
/* Nodes with three guesses left are refuted without a search when the clusters leave at most this
 * many words to try (refuted_at_three). */
#define QUICK_MAX 64
/* part2 tries the words that make enough parts of the node's set on their own (in canonical order)
 * when there are at most this many. */
#define BY_PARTS_MAX 64
/* A guess of a node with three guesses left is rejected without asking the memo when at most this many
 * words could split its largest part and none of them does (largest_part_unsplittable). */
#define QUICK_SPLITTERS 16

/* Parts a node has settled, remembered by the node itself (a small direct-mapped cache, L1-resident):
 * many guesses of one node leave the same part under the same new constraints, and asking the memo
 * again costs the child state, its hash and a cache miss. Keyed by the part's hashes and by what the
 * guess's row adds to the node's state (its letters and pattern: "delta"), so nothing about the child
 * state needs computing on a hit. */
#define LOCAL_SLOTS 1024
typedef struct {
  guint64 k1, k2;
  guint32 gen; /* live when equal to the level's local_gen */
  guint32 val; /* the part's memo value (a guess, or MEMO_FAIL) */
} LocalEntry;

/* A part known to be unsolvable with some number of guesses left under a state: any superset of it
 * under a state at least as strict is unsolvable too. */
typedef struct {
  HsState st;
  guint64 sig; /* OR of 1 << (answer % 64) over the part: a quick subset filter */
  guint n;     /* answers, at core_words + slot * CORE_WORDS */
  guint r;     /* it cannot be solved within this many guesses (nor within fewer) */
} Core;

/* Scratch of one search level (one node per level is being expanded at any time). */
typedef struct {
  HsPartition part;                           /* the node's set, partitioned by the guess being tried */
  guint32 *legal;                             /* the node's legal pool */
  guint16 *score;                             /* max bucket per legal word (0: excluded) */
  guint32 *sorted;                            /* positions in legal, in the order they are tried */
  guint32 *bucket;                            /* counting-sort buckets */
  HsState child[HS_PATTERNS];                 /* state after the guess, per part */
  guint64 ck1[HS_PATTERNS], ck2[HS_PATTERNS]; /* memo keys of the parts */
  guint64 pk1[HS_PATTERNS], pk2[HS_PATTERNS]; /* the same parts under the node's own state */
  guint8 pok[HS_PATTERNS];                    /* the part is known solvable under the node's own state */
  HsPat todo[HS_PATTERNS];                    /* parts that still need a search, in the order they are searched */
  guint cap;                                  /* guesses with a part larger than this are rejected outright */
  Core *cores;                                /* failing parts of guesses of the level's nodes, with their states */
  guint n_cores, next_core;
  guint16 *core_words; /* the cores' answers (CORE_MAX * CORE_WORDS) */
  guint failed;        /* after try_guess fails: the pattern of the part that failed */
  guint8 *tmark;       /* n_answers: answers in the trouble set (parts that made guesses fail) */
  guint16 *tlist;      /* the trouble set */
  guint16 *tidx;       /* n_answers: scratch of hs_prove_reorder_by_trouble (the trouble set's columns) */
  guint n_trouble, n_fails, next_reorder;
  guint64 probe_top; /* the largest budget a probe of this node ran out of (0: none) */
  guint n_legal;
  guint32 *idx;     /* pool positions being scored */
  guint32 *unknown; /* pool positions a probe could not decide */
  guint n_unknown;
  guint32 *pidx; /* per legal word: its row in the parent's sub-table */
  guint16 *loc;  /* n_answers: position of each candidate in the node's set */
  HsPat *sub;    /* sub-table: sub[j * sub_n + i] = feedback(legal[j], set[i]) */
  gsize sub_cap; /* cells allocated for sub */
  guint sub_n;
  gboolean sub_ok;             /* sub holds the node's sub-table */
  gboolean sub_all;            /* ... with a row for every pool word (else only for the words scored) */
  HsCluster clus[CLUSTER_MAX]; /* the node's tight clusters: guesses that test too few variants fail */
  guint n_clus;
  HsBoundState bst;  /* the node's state, as the clusters' tests read it (with n_clus) */
  guint64 *lbits;    /* HS_CODES * LBITS_STRIDE: per letter, the pool positions whose word holds it */
  gboolean lbits_ok; /* lbits describes the current pool */
  guint64 *cand;     /* LBITS_STRIDE: part2's candidate rows */
  HsPat *dist; /* per pool position: the parts its word makes of the node's set, DIST_MAX at most (with sub_all) */
  guint32 *by_parts;        /* pool positions, most parts first (hs_prove_rank_by_parts) */
  guint n_ge[DIST_MAX + 2]; /* n_ge[d]: pool positions whose word makes at least d parts */
  gboolean dist_ok;         /* dist, by_parts and n_ge describe the node's pool */
  guint32 *ppos;            /* n_answers: the pool position of each candidate of the node (with dist_ok) */
  guint64 sa, sb;           /* hashes of the node's state (set by solve_deep) */
  HsLetters alpha;          /* letters the node's answers hold: legal holds one word per class alike on them */
  LocalEntry *local;        /* LOCAL_SLOTS: parts this node has settled */
  guint32 local_gen;
  guint64 lk1[HS_PATTERNS], lk2[HS_PATTERNS]; /* local keys of the parts of the guess being tried */
  /* Scratch of the search's steps (here rather than on the stack of a recursion: HS_PATTERNS is 6561
   * in the wide build). */
  HsPat ask[HS_PATTERNS];  /* screen_parts: parts whose memo entries are asked for */
  guint16 tl[HS_PATTERNS]; /* a part's answers' columns in the node's sub-table */
} Level;

struct HsProver {
  HsSearchCore *core; /* word tables, state bitsets, answer keys (owned) */
  HsBound *bound;     /* clusters of the answers (owned) */
  gboolean clusters;  /* refute sets by their clusters at every node (the cap is within tuning.refute_max_guesses) */
  const HsTable *table;
  const HsWords *words;
  HsRules rules;
  HsProveOrder order;       /* the order in use: first_order, or the other one after a node limit */
  HsProveOrder first_order; /* the order the prover was made with */
  guint n_answers, n_words;
  gboolean all_rows;                               /* the table holds every guess row */
  const HsPat **rows;                              /* = core->rows */
  const guint8 (*let)[HS_MAX_LEN];                 /* = core->let */
  guint all_green;                                 /* the pattern of L greens */
  guint64 *z1, *z2;                                /* = core->z1, core->z2 */
  guint64 *acc;                                    /* n_blocks scratch */
  guint16 *all;                                    /* 0 .. n_answers - 1 */
  guint8 *mark;                                    /* n_words: candidates of the node being scored */
  guint16 cnt[HS_PATTERNS];                        /* scoring scratch (zero between uses) */
  guint8 cnt8[512] __attribute__((aligned(16)));   /* scoring scratch for small sets (zero between uses) */
  guint16 cnt16[512] __attribute__((aligned(16))); /* scoring scratch for large sets (zero between uses) */
  HsPat *row_buf;                                  /* n_answers: scoring scratch */
  guint8 kept[HS_PATTERNS];                        /* per pattern: the positions (bit i) whose tile changes a state */
  HsMemo memo;                                     /* value: the first guess that works, or MEMO_FAIL */
  HsAlike alike;                                   /* classes of words that play alike on a node's set */
  Level *lv[MAX_LEVELS];
  volatile gint *cancel;
  HsProveProgress progress; /* hs_prover_set_progress (NULL: none) */
  gpointer progress_user;
  gboolean cancelled;
  gboolean aborted;      /* a probe ran out of budget: unwinding, nothing is memoised */
  guint64 probe_end;     /* node count at which the running probe stops (0: no probe) */
  guint64 deadline;      /* node count at which the driver's probe of an opener's part stops (0: none) */
  guint64 max_nodes;     /* hs_prover_set_node_limit: nodes an opener's decision may expand (0: no limit) */
  guint64 limit;         /* while deciding: the node count past which the whole search unwinds (0: none) */
  gboolean undecided;    /* the decision stopped at the limit */
  guint32 failed_opener; /* the last decision found this opener impossible (HS_NONE: it did not) ... */
  guint failed_cap;      /* ... within this cap ... */
  HsPat failed_pattern;  /* ... on the part of this opener pattern */
  guint64 tick;
  HsProveStats stats;
  HsProveTuning tuning;
  guint n_pats; /* the game's patterns, all_green + 1 (PATS) */
};

/* Results of try_guess. */
enum { TRY_FAILS = 0, TRY_WORKS = 1, TRY_UNKNOWN = 2 };

/* prove-level.c: the scratch level L (allocated on first use), freeing them all, and clearing a
 * level's per-node state (trouble set, probes, local cache) before a node is expanded. */
Level *hs_prove_level_new(HsProver *P, guint l);
void hs_prove_levels_free(HsProver *P);
void hs_prove_level_reset(HsProver *P, Level *L);
/* Remembers at level L that the part T (N answers, canonical order) cannot be solved within R guesses
 * under ST. Only a part whose search ended (not one cut off by a probe, a limit or a cancel). */
void hs_prove_core_add(Level *L, const guint16 *T, guint n, const HsState *st, guint r);
/* Forgets every level's cores: with the memo, so that what a search finds depends on the same history
 * (the decisions before it in one prover) and on nothing else, whatever the threads. */
void hs_prove_levels_forget_cores(HsProver *P);

/* The scratch level L, allocated on first use. */
static inline Level *
hs_prove_level(HsProver *P, guint l)
{
  return P->lv[l] != NULL ? P->lv[l] : hs_prove_level_new(P, l);
}

/* OR of 1 << (answer % 64) over T[0..n): a quick subset filter. */
static inline guint64
hs_prove_set_signature(const guint16 *T, guint n)
{
  guint64 sig = 0;
  for (guint i = 0; i < n; i++)
    sig |= G_GUINT64_CONSTANT(1) << (T[i] % 64);
  return sig;
}

/* TRUE when the part T (N answers, SIG its signature) under ST, with R guesses left, contains a
 * remembered failing part under a state no stricter than ST that fails with R or more: then T fails
 * too. */
static inline gboolean
hs_prove_core_covers(const Level *L, const guint16 *T, guint n, guint64 sig, const HsState *st, guint r)
{
  for (guint k = 0; k < L->n_cores; k++) {
    const Core *c = &L->cores[k];
    if (c->n > n || c->r < r || (c->sig & ~sig) || !hs_state_within(&c->st, st))
      continue;
    /* Subset test by merging the two sorted lists. */
    const guint16 *F = L->core_words + (gsize)k * CORE_WORDS;
    guint i = 0, j = 0;
    while (i < c->n && j < n && c->n - i <= n - j) {
      if (F[i] == T[j])
        i++;
      j++;
    }
    if (i == c->n)
      return TRUE;
  }
  return FALSE;
}

/* prove-refute.c: refutations without a search of their own. The clusters of S under ST: TRUE when
 * one shows that S cannot be solved within R guesses; otherwise level LVL keeps the tight ones. */
gboolean hs_prove_refuted_by_clusters(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r, guint lvl);
/* A node with three guesses left, its pool gathered into L->legal and its clusters in L->clus: TRUE
 * when every legal word is rejected by the clusters or leaves a part no word splits into singletons. */
gboolean hs_prove_refuted_at_three(HsProver *P, Level *L, const guint16 *S, guint n, const HsState *st, guint r);

/* Are the N_OPEN parts OPEN[] of PT (part p under the state CHILD[p]) all solvable within R guesses?
 * Each is searched at level LVL, in rounds (ROUNDS): every part still open with a node budget
 * (tuning.part_budget, then PROBE_GROWTH times more each round, none for a part left alone), so that a
 * part refuted cheaply ends the test before the expensive parts that work are searched to the end;
 * once the budget reaches HARDNESS_FROM the parts still open are taken hardest first. Without ROUNDS
 * the parts are searched to the end in the order given. Returns TRUE when every part is solvable;
 * FALSE when part *FAILED is not, or when the prover was cancelled (P->cancelled) or reached P->limit
 * (P->undecided). Reorders OPEN. In prove-parts.c. */
gboolean hs_prove_probe_parts(HsProver *P, const HsPartition *pt, const HsState *child, HsPat *open, guint n_open,
                              guint r, guint lvl, gboolean rounds, HsPat *failed);

/* How hard the set S (N answers) under ST looks with R guesses left, 0 to 1000: the share of legal
 * words its clusters reject as a first guess (bound.h). Only orders work; decides nothing. */
guint hs_prove_hardness(HsProver *P, const guint16 *S, guint n, const HsState *st, guint r);

/* Is the set S (canonical order; hashes H1, H2) solvable within R guesses under ST? On success *GUESS
 * is the first guess (in the prover's order) that does it. LVL is the scratch level to use. Sets
 * P->cancelled when the cancel flag is seen. */
gboolean hs_prove_solve(HsProver *P, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r,
                        guint lvl, guint32 *guess);

/* ---- shared by the prover's files ---- */

static inline gboolean
hs_prove_stopped(const HsProver *P)
{
  return P->cancelled || P->aborted;
}

static inline gboolean
hs_prove_deadline_passed(const HsProver *P)
{
  return (P->deadline != 0 && P->stats.nodes >= P->deadline) || (P->limit != 0 && P->stats.nodes >= P->limit);
}

/* 64-bit blocks of a bitset over pool positions. */
static inline guint
hs_prove_lbits_stride(const HsProver *P)
{
  return (P->n_words + 63) / 64;
}

/* prove-score.c: scoring and ordering a node's pool. */
guint hs_prove_max_bucket(HsProver *P, const HsPat *row, const guint16 *S, guint n, guint bound);
guint hs_prove_score_positions(HsProver *P, Level *L, const Level *PL, const guint16 *S, guint n, const guint32 *idx,
                               guint m, gboolean sub, const guint16 *cols);
void hs_prove_score_bounded(HsProver *P, Level *L, const guint16 *S, guint n, const guint32 *idx, guint m, guint bound);
guint hs_prove_order_positions(HsProver *P, Level *L, guint n, const guint32 *idx, guint m, guint cap, guint32 skip,
                               guint32 *out);
void hs_prove_reorder_by_trouble(HsProver *P, Level *L, const guint16 *S, guint n, guint32 *order, guint m);
/* Sorts L's pool positions by the parts their words make of the node's set (L->dist, from scoring every
 * position with a sub-table) into L->by_parts and L->n_ge: a word that splits a part of k answers into
 * singletons makes at least k parts of the set, so part2 need only try the first n_ge[k]. */
void hs_prove_rank_by_parts(Level *L);

/* prove-part2.c: two guesses left, and the parts of nodes with three. */
gboolean hs_prove_part2(HsProver *P, Level *L, const guint16 *T, guint k, guint64 pk1, guint64 pk2, gboolean parent_ok,
                        const HsState *child, guint64 ck1, guint64 ck2);
gboolean hs_prove_solve2(HsProver *P, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 *guess);
