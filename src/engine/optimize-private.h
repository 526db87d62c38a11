/* hardsix — internals of the optimiser shared by its files: optimize.c (the object, the driver, the tree
 * and the bounds used to rank openers) and optimize-search.c (the branch-and-bound search). Not
 * installed; see include/hardsix/engine/optimize.h for the API.
 *
 * The optimiser finds the minimum total number of guesses within the cap by branch and bound over
 * (candidate set, hard-mode state, guesses left), on the shared search core (search.h).
 *
 * The value f(S) of a set S of n candidates is the fewest guesses, summed over its answers, that solve
 * all of them within the guesses left. A guess g costs n (every answer pays for it) plus the values
 * of the parts it leaves (the answer g itself is then solved). Bounds, all integer:
 *   - n = 1 costs 1, n = 2 costs 3; f(S) >= 2n - 1, reached exactly when a candidate splits the others
 *     into singletons (then the first such candidate is the answer); otherwise f(S) >= 2n, reached
 *     exactly when a candidate leaves one pair and singletons and two guesses are left after it (the
 *     candidate "profile" of a set depends on the set alone, so it is cached by the set's hash);
 *   - a part of s >= 2 answers costs at least 2s - 1 (2s without a perfect candidate), so guess g
 *     leaving k parts (other than {g}) costs at least 3n - k - 2 when g is a candidate, 3n - k otherwise;
 *   - with two guesses left every part after the next guess must be a singleton: a non-candidate that
 *     splits S so costs 2n, and without one S is unsolvable; a word makes no more parts of a subset
 *     than of the set, so with three left a guess leaving a part larger than the most parts any word
 *     makes of S cannot solve S (Level.kmax); those parts are settled one by one, largest first, up to
 *     the first that cannot be solved (most sets with three guesses left have no strategy at all);
 *   - clusters of answers equal but at one position (bound.h, as the prover uses them): one that needs
 *     more guesses than are left refutes the set before its pool is scored, and the others reject the
 *     guesses that test too few of their variants before they are split.
 *   - at a node with FEAS_FROM_DEFAULT or more guesses left and no best total yet, a guess whose parts
 *     are to be searched first goes to the optimiser's own prover (prove-parts.h): one part that no
 *     strategy solves drops the guess. A large part near the boundary of the cap tries thousands of
 *     such guesses before its first that works (neons ⬜🟨⬜⬜⬜ on the 2023 lists: 2,326 second guesses
 *     before wefte), and a search for values without a bound shows each far more slowly. Under a best
 *     total the node asks the prover too where that is measured to cost less than the searches it
 *     spares (optimize-test.c): joule ⬜⬜⬜⬜🟨 on the 2023 lists (559 answers) has 3,686 second guesses
 *     to refute under its best total 2048, nearly all with a part that cannot be solved, and the first
 *     of them cost the search 90 ms each, the prover about 20 ms. A guess not tested whose part the
 *     prover's memo already refutes (an earlier test, or the run a checkpoint was saved from) is
 *     dropped without a search (hs_prove_parts_refuted).
 * hs_opt_solve(S, beta) returns f(S) when it is below beta, and otherwise some lower bound >= beta
 * ("fails high"). A node scores every legal guess, tries them in order of that bound (ties in the guess
 * ranking), stops when the bound reaches the best total so far, and gives each part of a guess the
 * budget the others leave; a guess is dropped as soon as its running total reaches the best. Under a
 * best total, the parts of a guess are first probed, each with its bound plus its share of the gap
 * (PROBE_SHARE_DEFAULT), and only a guess whose raised bounds stay below the best has its parts
 * searched for their values. The memo
 * keeps exact values with their best guess, and lower bounds from searches that failed high. A set
 * with two guesses left costs 2n or cannot be solved, whatever the budget: those answers go to a
 * direct-mapped cache of their own (TwoSlot), smaller and denser than the memo, whose look-ups for them
 * were waiting on memory (hard mode: 46 M of them for one opener).
 *
 * Speed: a node's pool keeps one word per class of words that play alike on its set (search.h: they
 * differ only in letters no answer holds, so they score alike everywhere below and the first in
 * canonical order wins their ties); a node keeps its pool's rows on its set (a sub-table), from which
 * its children read theirs; a word makes no more parts of a subset than of the set, so a child skips,
 * unread, every word whose part count in the parent already puts its bound at or over the child's
 * budget.
 *
 * Ties: among guesses of equal total the first in the guess ranking wins (rank.h). A guess that ranks
 * before the current best is searched with a budget one larger, so that it wins a tie; the tree is
 * therefore the same whatever the search order, the memo or the thread count. */
#pragma once

#include "hardsix/engine/optimize.h"
#include "hardsix/engine/rank.h"
#include "bound.h"
#include "search.h"

#include <string.h>

#define INF 0x3fffffffu /* no strategy within the cap (also: "at least" anything) */
#define VALUE_MASK 0x7fffffffu
#define EXACT_BIT 0x80000000u
#define MAX_LEVELS (HS_DEPTH_LIMIT + 2)
#define CANCEL_EVERY 1024

/* A word of a node's pool as part_step_extra reads it (in the order of the node's bounds). */
typedef struct {
  guint32 w, j;           /* the word and its pool position */
  guint16 k;              /* the parts it makes of the node's set (or a limit) */
  guint16 kmax;           /* the most k of this word and those after it */
  guint8 row;             /* its row is in the node's sub-table */
  guint8 cand;            /* a candidate of the node */
  guint8 let[HS_MAX_LEN]; /* its letter codes (HS_PAD past its end) */
  guint8 repeats;         /* it holds a letter more than once */
} StepWord;

/* A part the optimiser has stepped (part_step_extra), in two words: its key's first hash, and the
 * high bits of its second (STEP_KEY_MASK) with what the step gave, the extra or a lower bound of it
 * (STEP_VAL_MASK: at most the part's size) and whether it is the extra itself (STEP_EXACT). An empty
 * slot (zeros) says "at least 0", true of any part. 16 bytes, so that an --all run can keep the steps
 * of hundreds of openers (hs_optimizer_set_step_cache). */
typedef struct {
  guint64 k1;
  guint64 w;
} StepSlot;

#define STEP_VAL_MASK G_GUINT64_CONSTANT(0xFFFF)
#define STEP_EXACT (G_GUINT64_CONSTANT(1) << 16)
#define STEP_KEY_MASK (~G_GUINT64_CONSTANT(0x1FFFF))

/* A set's answer with two guesses left (hs_opt_solve_two, which depends on the set and state alone):
 * the word that splits it into singletons, or HS_NONE when none does. */
typedef struct {
  guint64 k2;
  guint32 k1hi;  /* the high half of the key's first word (its low bits are the slot) */
  guint32 guess; /* the first word that splits the set into singletons, HS_NONE: none, 0 with k2 0: empty */
} TwoSlot;

/* Slots of the cache of sets with two guesses left (a power of two: 16 MiB). */
#define TWO_SLOTS (1u << 20)

/* The prover tests a guess's parts before they are searched, at nodes with this many guesses left or
 * more that no best total bounds yet (hs_optimizer_set_feasibility). */
#define FEAS_FROM_DEFAULT 5

/* Before the parts of a guess are searched for their values under a bound, each is searched with its
 * bound plus this many quarters of its share of the gap (probe_parts in optimize-search.c). */
#define PROBE_SHARE_DEFAULT 6

/* Slots of the optimiser's cache of stepped parts by default (a power of two: 8 MiB), and what a
 * checkpoint holds. With 1 << 16 a part's step was found in the cache a quarter of the time on
 * thump's search of 6,000 words, with 1 << 19 a little more; the profiles' cache below gained more
 * (see PROFILE_SLOTS). An --all run gives each thread more (HS_OPTIMIZE_ALL_STEP_CACHE): openers
 * step many of the same parts, and a long run finds more of them in a larger cache. */
#define STEP_SLOTS (1u << 19)

/* Scratch of one level of the search (one node per level is being expanded at any time). */
typedef struct {
  HsPartition part;              /* the node's set split by the guess being evaluated */
  guint32 *pool;                 /* the node's legal pool (canonical order), one word per class alike on alpha */
  HsLetters alpha;               /* the letters the node's answers hold (hs_opt_gather_pool) */
  guint32 *pidx;                 /* per pool position: its row in the parent's sub-table */
  guint32 *lb;                   /* per pool position: lower bound of the total after that guess */
  guint32 *cls;                  /* per pool position: its rank class (rank.h), once computed */
  guint16 *k;                    /* per pool position: the parts it makes of the node's set (or a limit) */
  guint kmax;                    /* the most k of the pool: no legal word below splits a set of more answers */
  guint8 *has_row;               /* per pool position: its row is in the sub-table */
  guint32 *order, *group;        /* pool positions sorted by bound; one bound's positions by rank */
  guint32 *bucket;               /* counting-sort buckets */
  guint16 *loc;                  /* n_answers: position of each candidate in the node's set */
  guint32 *cpos;                 /* n_answers: pool position of each candidate of the node */
  guint16 *cols;                 /* n_answers: each candidate's column in the parent's sub-table */
  HsPat *row;                    /* n_answers: one row when there is no sub-table */
  guint16 *tpos;                 /* n_answers: the positions in the node's set of a part's answers */
  guint32 *tmark, tstamp;        /* n_answers: tmark[i] == tstamp when the node's answer i is in the part */
  StepWord *steps;               /* the pool as part_step_extra reads it (built on first use) */
  gboolean steps_ok;             /* steps describes the node's pool */
  guint lstart[HS_PAD + 1];      /* per letter c: its words' positions in steps are lidx[lstart[c] .. lstart[c + 1]) */
  guint32 *lidx;                 /* in the order of steps */
  guint16 *lkmax;                /* per entry of lidx: the most parts a word from there on (same letter) makes */
  gboolean scored;               /* the level holds a scored node (its pool, k and rows are valid) */
  guint32 *kidx;                 /* pool positions with k >= 3, most parts first (built on first use) */
  guint32 *kcount;               /* n_answers + 2: counting-sort buckets for kidx */
  guint kidx_n;                  /* entries of kidx */
  gboolean kidx_ok;              /* kidx describes the node's pool */
  HsPat *sub;                    /* sub-table: sub[j * n + i] = feedback(pool[j], set[i]) */
  gsize sub_cap;                 /* cells allocated for sub */
  gboolean sub_ok;               /* sub holds the node's rows (children read theirs from it) */
  guint n;                       /* the node's set size (the sub-table's row length) */
  guint m;                       /* the pool size */
  HsState child[HS_PATTERNS];    /* per part: the state after the guess */
  guint32 plb[HS_PATTERNS];      /* per part: its lower bound (exact for s <= 2) */
  HsPat todo[HS_PATTERNS];       /* parts to search, largest first */
  guint8 kind[HS_PATTERNS];      /* per part: its candidate profile */
  HsCluster clus[HS_BOUND_KEEP]; /* the node's tight clusters (bound.h): guesses testing too few variants fail */
  guint n_clus;
  HsBoundState bst; /* the node's state, as the clusters' tests read it (with n_clus) */
  GArray *cores;    /* guint32: the optimiser's cores whose answers all lie in the node's set and that
                      * may refute a part of it (hs_opt_cores_refute; valid while cores_seen is set) */
  guint cores_seen; /* ... gathered from the first cores_seen of O->cores (0: not gathered yet) */
} Level;

/* Largest sub-table a node keeps, in cells: 32 Mi lets a part of up to 2,258 answers keep every row of
 * the 14,855 words of the 2023 lists (with 16 Mi their largest normal-mode parts read the big table,
 * where a part's answers lie on three times as many cache lines: 12 % more time over 10 openers). */
#define SUB_BUDGET (32u << 20)

/* What the candidates of a set can do with their own feedback (see candidate_profile). */
enum { CAND_PERFECT, CAND_ONE_PAIR, CAND_NONE, CAND_UNKNOWN };

/* A cached candidate profile: the set's two hashes and what part_profile found. */
typedef struct {
  guint64 h1, h2;
  guint32 first;
  guint32 kind; /* CAND_*, or CAND_UNKNOWN for an empty slot */
} ProfileSlot;

/* Slots of the cache of candidate profiles (a power of two: 6 MiB). With 1 << 14 (384 KiB), 30 % of
 * the look-ups on thump's search of 6,000 words found their set, with 1 << 18 42 %; a profile read
 * anew waits on memory for its rows (part_profile). */
#define PROFILE_SLOTS (1u << 18)
/* Sets smaller than this are profiled again rather than looked up. */
#define PROFILE_CACHE_MIN 5

struct HsOptimizer {
  HsSearchCore *core;
  const HsWords *words;
  HsRules rules;
  guint n_answers, n_words;
  guint64 *acc; /* n_blocks scratch */
  guint16 cnt[HS_PATTERNS];
  guint16 seen[MAX(HS_PATTERNS, 256)]; /* patterns seen by collisions(), marked with a stamp */
  guint16 stamp;
  guint16 *all;           /* 0 .. n_answers - 1 */
  HsMemo memo;            /* value | EXACT_BIT, best guess << 32 */
  ProfileSlot *profiles;  /* candidate profiles of sets, by set hash (they depend on the set alone) */
  StepSlot *steps;        /* parts stepped, by set and state (the step depends on them alone) */
  guint64 step_mask;      /* the slots of steps, less one (STEP_SLOTS - 1 unless set) */
  HsAlike alike;          /* words that play alike (hs_opt_gather_pool) */
  HsBound *bound;         /* clusters of answers (bound.h), which refute nodes and reject guesses */
  TwoSlot *two;           /* TWO_SLOTS: sets with two guesses left, by set and state (not in the memo) */
  HsProver *feas;         /* refutes guesses whose parts cannot be solved at all (made on first use) */
  gboolean feas_borrowed; /* feas is the caller's (hs_optimizer_share_prover) */
  guint feas_from;        /* ... at nodes with at least this many guesses left (0: never) */
  guint bounded_test;     /* ... and under a best total: HsOptimizeBoundedTest */
  guint probe_share;      /* eval_guess probes a guess's parts first with this many quarters of their
                           * share of its gap (hs_optimizer_set_probe_share; 0: never) */
  guint64 memo_limit;
  guint64 flushes_at_start; /* memo.flushes when the current call started */
  Level *lv[MAX_LEVELS];
  volatile gint *cancel;
  gboolean cancelled;
  HsOptimizeSearchProgress progress; /* hs_optimizer_set_progress (NULL: none) */
  gpointer progress_user;
  gboolean want_guess; /* building the tree: every node must say which guess is best */
  guint64 tick;
  HsOptimizeStats stats;
  guint n_pats;              /* the game's patterns, all_green + 1 (OPATS) */
  guint cur_opener, cur_cap; /* the running search's opener and cap (for its checkpoints) */
  char *ckpt_path;           /* hs_optimizer_set_checkpoint (NULL: none) */
  /* Saves a checkpoint when one is due (optimize-save.c; NULL without a path); FALSE when the search
   * must stop (the save failed, or *ckpt_stop asked for it). A hook, like progress: the files of the
   * search do not call the file that saves them, which calls back into the optimiser. */
  gboolean (*ckpt_tick)(HsOptimizer *O);
  gint64 ckpt_every_us;     /* ... saved this often (0: only when *ckpt_stop is set) */
  gint64 ckpt_last;         /* monotonic time of the last save (or of the setting) */
  volatile gint *ckpt_stop; /* when set: save, then stop the search */
  guint64 ckpt_saves;       /* saves made */
  gboolean ckpt_stopped;    /* the search stopped after a save asked for by *ckpt_stop */
  GError *ckpt_error;       /* a save failed: the search stopped with this error */
  volatile gint ckpt_halt;  /* under a checkpoint, the cancel flag of the optimiser's own prover: set
                             * when a save or a stop falls due during one of its tests */
  GArray *cores;            /* Core: parts the prover refuted, cut down to a few answers (optimize-test.c) */
  GArray *core_answers;     /* guint16: their answers, each core's in canonical order */
};

/* A core: answers that cannot all be solved within R guesses under the state ST (the prover showed
 * it). A strategy for a set solves every subset of it with the same guesses, and a state whose every
 * mask is at least as strict (hs_state_within) allows fewer words after any rows, so a part holding
 * every answer of a core, under a state at least as strict, with no more than R guesses left, cannot
 * be solved either: the guess that leaves it is dropped without a test. Most second guesses that fail
 * in a large part fail on one of a few such families of answers (after thump ⬜⬜⬜⬜⬜ on every word,
 * 4,882 answers: fazes ⬜🟩⬜🟩🟩 leaves 80 answers ?a?es, of which wades wakes wanes wares wases waves
 * wawes waxes yages yales cannot be solved in five), and a test costs 40-120 ms. A core's state is
 * its part's, with every mask widened again that the answers do not need (learn_core). */
typedef struct {
  HsState st;
  guint32 start; /* its answers: O->core_answers[start .. start + n) */
  guint16 n;
  guint8 r;
} Core;

/* Cores kept at most, and the prover nodes a core's cutting may take at most (its part stays the core
 * when the budget runs out first: every set kept was shown not solvable). Within that, the cutting
 * takes no more nodes than the test that refuted the part (learn_core). */
#define CORES_MAX (1u << 16)
#define CORE_BUDGET 20000u

/* The game's patterns (a constant in the narrow build: HS_GAME_PATTERNS). */
#define OPATS(O) HS_GAME_PATTERNS((O)->n_pats)

/* Two 64-bit hashes of a state for the optimiser's own keys (its memo and step caches), cheaper than
 * hs_state_hash: the state's eight 64-bit words mixed each with its own salt, independently of one
 * another, and summed; the second hash is a mix of the first. Two different states share both with
 * probability about 2^-64; a memo key also holds the set's two independent hashes. */
static inline void
opt_state_hash(const HsState *st, guint64 *a, guint64 *b)
{
  static const guint64 salt[8] = {
    G_GUINT64_CONSTANT(0x243f6a8885a308d3), G_GUINT64_CONSTANT(0x13198a2e03707344),
    G_GUINT64_CONSTANT(0xa4093822299f31d0), G_GUINT64_CONSTANT(0x082efa98ec4e6c89),
    G_GUINT64_CONSTANT(0x452821e638d01377), G_GUINT64_CONSTANT(0xbe5466cf34e90c6c),
    G_GUINT64_CONSTANT(0xc0ac29b7c97c50dd), G_GUINT64_CONSTANT(0x3f84d5b5b5470917),
  };
  /* Eight words in the narrow build; the wide build's states are longer and reuse the salts, told
   * apart by a multiple of the word's index. */
  enum { WORDS = (sizeof(HsState) + 7) / 8 > 8 ? (sizeof(HsState) + 7) / 8 : 8 };
  guint64 w[WORDS] = { 0 };
  memcpy(w, st, sizeof *st);
  guint64 x = 0;
  for (guint i = 0; i < WORDS; i++)
    x += hs_mix64(w[i] ^ salt[i % 8] ^ (guint64)(i / 8) * G_GUINT64_CONSTANT(0x9e3779b97f4a7c15));
  *a = x;
  *b = hs_mix64(x ^ G_GUINT64_CONSTANT(0x9216d5d98979fb1b));
}

/* The optimiser's memo key of a set (hashes H1, H2, N answers) under state ST with R guesses left. */
static inline void
opt_memo_key(guint64 h1, guint64 h2, guint n, const HsState *st, guint r, guint64 *k1, guint64 *k2)
{
  guint64 sa, sb;
  opt_state_hash(st, &sa, &sb);
  hs_search_key_with_state(h1, h2, sa, sb, n, r, k1, k2);
}

/* The lower bound of a part of S answers (exact for s <= 2). */
static inline guint32
hs_opt_part_bound(guint s)
{
  return s == 1 ? 1 : 2 * s - 1;
}

/* A new stamp for O->seen (part_profile, row_parts, collisions). */
static inline guint16
new_stamp(HsOptimizer *O)
{
  if (++O->stamp == 0) {
    memset(O->seen, 0, sizeof O->seen);
    O->stamp = 1;
  }
  return O->stamp;
}

/* The optimiser's prover (made on first use). */
HsProver *hs_opt_feas_prover(HsOptimizer *O);

/* Sets the cancel flag and progress hook of the optimiser's own prover (not a lent one): its cancel
 * flag is O->cancel, or under a checkpoint O->ckpt_halt, and its hook reports the optimiser's
 * progress and, under a checkpoint, saves when a save falls due during a test and stops the search
 * when asked to, so that a test that runs for minutes delays none of them. */
void hs_opt_wire_prover(HsOptimizer *O);

/* Counts a node the search expands (not answered by a cache); every CANCEL_EVERY of them reads the
 * cancel flag (FALSE, O->cancelled set: stop) and reports progress. */
static inline gboolean
hs_opt_new_node(HsOptimizer *O)
{
  if (O->cancelled)
    return FALSE; /* stopped during a test of the optimiser's prover (hs_opt_wire_prover) */
  if (++O->tick % CANCEL_EVERY == 0) {
    if (O->cancel != NULL && *O->cancel) {
      O->cancelled = TRUE;
      return FALSE;
    }
    if (O->progress != NULL)
      O->progress(O->stats.nodes, O->progress_user);
    if (O->ckpt_tick != NULL && !O->ckpt_tick(O)) {
      O->cancelled = TRUE;
      return FALSE;
    }
  }
  O->stats.nodes++;
  return TRUE;
}

/* TRUE when W is a candidate of the node of level L (set S of N answers; L->loc holds their
 * positions). Each level keeps its own: a node's set is a subset of its parent's. */
static inline gboolean
is_cand(const HsOptimizer *O, const Level *L, const guint16 *S, guint n, guint32 w)
{
  if (w >= O->n_answers)
    return FALSE;
  guint i = L->loc[w];
  return i < n && S[i] == w;
}

/* One step of search on part P of the node of level L (S its set) under the part's state L->child[p]
 * (optimize-step.c): what it adds to the part's bound 2s, at most CAP, through the optimiser's cache of
 * the parts it has stepped. The part's hashes (L->part.h1[p], h2[p]) must be filled. */
guint hs_opt_cached_step(HsOptimizer *O, Level *L, const guint16 *S, guint p, guint cap);

/* The scratch level L (allocated on first use); all of them are freed with the optimiser. */
Level *hs_opt_level(HsOptimizer *O, guint l);
void hs_opt_levels_free(HsOptimizer *O);

/* f(S) under ST with R guesses left when it is below BETA (with *GUESS the first best guess in the
 * ranking), else a lower bound >= BETA; INF when no strategy solves S. KNOWN is S's candidate profile
 * when the caller has it, else CAND_UNKNOWN. LVL is the scratch level. */
guint32 hs_opt_solve(HsOptimizer *O, const guint16 *S, guint n, guint64 h1, guint64 h2, const HsState *st, guint r,
                     guint lvl, guint32 beta, guint known, guint32 *guess);

/* What the candidates of T can do with their own feedback (CAND_*); *FIRST the first of that kind. */
guint hs_opt_candidate_profile(HsOptimizer *O, const guint16 *T, guint s, guint32 *first);

/* What eval_guess is told and tells of the prover's test of a guess's parts (hs_opt_test_parts). */
typedef struct {
  gboolean may_test; /* in: the node may ask the test (R >= O->feas_from, which is not 0) */
  gboolean test;     /* in: ask it of this guess (always where nothing bounds the node, under a bound
                      * when hs_opt_choose_test says so) */
  gboolean reached;  /* the guess passed its bounds at a node where the test may be asked */
  gboolean tested;   /* the test was asked ... */
  gboolean refuted;  /* ... and a part cannot be solved */
  gint64 test_us;    /* the test's time (microseconds) */
} TestTry;

/* What the prover's tests of a node's guesses and the searches of its guesses under a bound without
 * a test have cost (microseconds times 16, moving averages over about the last eight), and the share
 * of the tests that refuted their guess (times 256); the time all the tests took and the time the
 * searches took that were made only to follow the search's cost while the tests win (microseconds),
 * and whether the guess being evaluated is such a search. */
typedef struct {
  guint64 test_us, search_us, refuted;
  guint64 tests_total_us, explored_us;
  guint n_tests, n_searches, tick;
  gboolean exploring;
} TestCosts;

/* While the tests win, the searches made to follow the search's cost take at most 1/EXPLORE_SHARE of
 * the time the node's tests have taken, the next one counted at the search's average cost. */
#define EXPLORE_SHARE 2

/* TRUE when a part of the guess at pool position J (its patterns read from the feedback table, which
 * holds every row for the optimiser) at the node of level L (S, N answers, ST, R guesses left) holds
 * every answer of a core under a state at least as strict, with no more guesses left than the core's
 * R. The node's cores (those whose answers all lie in S) are gathered on first use and as new ones
 * come. */
gboolean hs_opt_cores_refute(HsOptimizer *O, Level *L, const guint16 *S, guint n, const HsState *st, guint r, guint j);

/* At a node that may ask the test (TT->may_test), a guess whose parts L->todo[0..N_TODO) passed their
 * bounds (sharpen_parts set their hashes and states): FALSE when the optimiser's prover shows that one
 * of them cannot be solved at all. Asked when TT->test: always where nothing bounds the node, where the
 * search would have to show the same with no bound to help it, and a part that cannot be solved costs
 * it the values of its siblings first; under a bound as the node chose (optimize-test.c). */
gboolean hs_opt_test_parts(HsOptimizer *O, Level *L, guint r, guint n_todo, TestTry *tt);

/* Whether the next guess of a node under a bound is tested before its parts are searched, by
 * O->bounded_test; CHEAPER: when the tests so far (C) cost less than the share of the searches they
 * spared, with every 16th guess searched without one while tests win and every 256th tested while
 * searches win, so that both costs follow the node's guesses (sorted by bound, the first guesses
 * under a bound are the dearest to search: their gap to the best total is the widest). Those 16th
 * guesses are searched only while such searches stay within 1/EXPLORE_SHARE of the tests' time: where
 * a search costs thousands of tests (tupik's all-grey part on every word, 4,019 answers with six
 * guesses left: tests of about 50 ms, searches of 13-139 s), every 16th was most of the node's time. */
gboolean hs_opt_choose_test(const HsOptimizer *O, TestCosts *c);

/* What TT and ELAPSED (microseconds: the guess's whole evaluation) tell C: a test's cost and verdict,
 * or, under a bound (BOUNDED) and without a test, the cost of a search. */
void hs_opt_learn_costs(TestCosts *c, const TestTry *tt, gint64 elapsed, gboolean bounded);

/* Two guesses left, no perfect candidate (optimize-two.c): 2n with the first word that splits S into
 * singletons, or INF. */
guint32 hs_opt_solve_two(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 *guess);

/* hs_opt_solve_two through the optimiser's cache of sets with two guesses left, S's memo key K1, K2. */
guint32 hs_opt_solve_two_cached(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint64 k1,
                                guint64 k2, guint32 *guess);

/* The legal pool of the node (S[0..n), ST, R guesses left) into L->pool (from the parent PL's when it
 * is scored), one word per class of words that play alike on S (search.h): the first in canonical
 * order, the one the ranking prefers among words that always score alike. In normal mode, with at
 * least OPT_REFINE_MIN_R guesses left, also none whose parts an earlier pool word splits further
 * (hs_alike_drop_refined: it costs no less and ranks after that word); R 0: never. */
guint hs_opt_gather_pool(HsOptimizer *O, Level *L, const Level *PL, const guint16 *S, guint n, const HsState *st,
                         guint r);

/* Normal mode: nodes with this many guesses left or more drop refined words (hs_opt_gather_pool); the
 * nodes below inherit the smaller pool. */
#define OPT_REFINE_MIN_R 4

/* The tiles the answers of a set allow a guess at each position (optimize-step.c): count[r][j][c] for a
 * guess with letter c at position j, r = 1 when the guess repeats a letter (see hs_opt_parts_limit);
 * and how many of the set's N answers hold letter c at position j (at) and anywhere (held), for
 * hs_opt_counts_limit. */
typedef struct {
  guint8 count[2][HS_MAX_LEN][HS_CODES];
  guint16 at[HS_MAX_LEN][HS_CODES];
  guint16 held[HS_CODES];
  guint n;
} HsOptTiles;

void hs_opt_tiles(const HsSearchCore *c, const guint16 *T, guint s, HsOptTiles *pt);

/* At least as many as the parts a word with letter codes LET (REPEATS: it holds a letter more than
 * once) makes of a set with tiles PT: a pattern is one tile per position, so there are at most as
 * many as the product of the tiles each position can show. */
static inline guint
hs_opt_parts_limit(const HsOptTiles *pt, const guint8 *let, gboolean repeats)
{
  const guint8(*count)[HS_CODES] = pt->count[repeats ? 1 : 0];
#if defined(HS_WIDE) && HS_WIDE
  guint lim = 1;
  for (guint j = 0; j < HS_MAX_LEN; j++)
    lim *= count[j][let[j]];
  return lim;
#else
  return (guint)count[0][let[0]] * count[1][let[1]] * count[2][let[2]] * count[3][let[3]] * count[4][let[4]];
#endif
}

/* hs_opt_counts_limit's bound at position J for the word's letter X, OTHERS the product of the tiles the
 * other positions allow: LIM lowered to it (unchanged for the padding of a short guess). */
static inline guint
hs_opt_counts_at(const HsOptTiles *pt, guint j, guint x, guint others, guint lim)
{
  const guint green = pt->at[j][x], held = pt->held[x];
  const guint sum = MIN(green, others) + MIN(held - green, others) + MIN(pt->n - held, others);
  return x == HS_PAD ? lim : MIN(lim, sum);
}

/* At least as many as the parts a word with letter codes LET and no repeated letter makes of a set with
 * tiles PT, and at most hs_opt_parts_limit: at each position j (but the padding of a short guess) the
 * parts showing a tile there number at most the answers that show it (for the word's letter x at j:
 * green, the answers with x at j; yellow, those holding x but not at j; grey, those without x) and at
 * most the product of the tiles the other positions allow; the least over the positions of those
 * sums. */
static inline guint
hs_opt_counts_limit(const HsOptTiles *pt, const guint8 *let)
{
  const guint8(*count)[HS_CODES] = pt->count[0];
#if !(defined(HS_WIDE) && HS_WIDE)
  /* The narrow build's five positions, unrolled. */
  const guint d0 = count[0][let[0]], d1 = count[1][let[1]], d2 = count[2][let[2]], d3 = count[3][let[3]],
              d4 = count[4][let[4]];
  const guint d01 = d0 * d1, d34 = d3 * d4;
  guint lim = d01 * d2 * d34;
  lim = hs_opt_counts_at(pt, 0, let[0], d1 * d2 * d34, lim);
  lim = hs_opt_counts_at(pt, 1, let[1], d0 * d2 * d34, lim);
  lim = hs_opt_counts_at(pt, 2, let[2], d01 * d34, lim);
  lim = hs_opt_counts_at(pt, 3, let[3], d01 * d2 * d4, lim);
  lim = hs_opt_counts_at(pt, 4, let[4], d01 * d2 * d3, lim);
  return lim;
#else
  guint d[HS_MAX_LEN], before[HS_MAX_LEN + 1], after[HS_MAX_LEN + 1];
  before[0] = after[HS_MAX_LEN] = 1;
  for (guint j = 0; j < HS_MAX_LEN; j++) {
    d[j] = count[j][let[j]];
    before[j + 1] = before[j] * d[j];
  }
  for (guint j = HS_MAX_LEN; j-- > 0;)
    after[j] = after[j + 1] * d[j];
  guint lim = before[HS_MAX_LEN];
  for (guint j = 0; j < HS_MAX_LEN; j++)
    lim = hs_opt_counts_at(pt, j, let[j], before[j] * after[j + 1], lim);
  return lim;
#endif
}

/* Scores L's pool on S: per word its bound (L->lb, L->k), rows in the sub-table, L->order by bound. */
void hs_opt_score_pool(HsOptimizer *O, Level *L, const Level *PL, const guint16 *S, guint n, guint32 beta);

/* For the tests (optimize.c): the node (S, ST) at level LVL scored with BETA as the search does
 * (below the node last scored at LVL - 1), split by its pool word G; EXTRA[p] (HS_PATTERNS entries) is
 * what one step of search adds to the bound 2s of each part p that the search would look into (at
 * least three answers, no candidate that splits the others into singletons or leaves one pair), at
 * most CAP, asked through the optimiser's cache after a first ask with CAP_FIRST: the least over the words
 * legal after G of the answers of the part they leave unseparated, less one for a candidate;
 * G_MAXUINT32 for the other parts. */
void hs_opt_test_step(HsOptimizer *O, const guint16 *S, guint n, const HsState *st, guint lvl, guint32 beta, guint32 g,
                      guint cap_first, guint cap, guint32 *extra);

/* For the tests (optimize-step.c): the most parts word W can make of the answers T[0..s) by the tiles they allow at each
 * of its positions (what part_step_extra drops words with, unread). */
guint hs_opt_test_parts_limit(const HsOptimizer *O, const guint16 *T, guint s, guint32 w);

/* For the tests (optimize-step.c): hs_opt_counts_limit of word W (no repeated letter) on T[0..s). */
guint hs_opt_test_counts_limit(const HsOptimizer *O, const guint16 *T, guint s, guint32 w);
