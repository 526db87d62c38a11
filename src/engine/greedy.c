/* hardsix — greedy tree construction: at every node play the guess (from the candidates or every
 * legal word) with the best score, ties to a candidate and then to the canonically earlier word. */
#include "hardsix/engine/greedy.h"
#include "hardsix/util/escape.h"
#include "hardsix/engine/rank.h"
#include "hardsix/engine/split.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

G_DEFINE_QUARK(hs_greedy_error_quark, hs_greedy_error)

static int
cmp_u64(const void *a, const void *b)
{
  guint64 x = *(const guint64 *)a, y = *(const guint64 *)b;
  return x < y ? -1 : x > y;
}

void
hs_policy_init(HsPolicy *p)
{
  memset(p, 0, sizeof *p);
  p->rules = HS_RULES_NYT;
  p->pool = HS_POOL_LEGAL;
  p->metric = HS_METRIC_MAXBUCKET;
  p->max_guesses = 6;
}

void
hs_policy_entropy2022(HsPolicy *p)
{
  p->rules = HS_RULES_NONE;
  p->pool = HS_POOL_LEGAL;
  p->metric = HS_METRIC_ENTROPY;
  p->candidate_margin = 0.001;
  p->ties = HS_TIES_ALPHABETICAL;
}

gboolean
hs_pool_parse(const char *text, HsPool *out, GError **error)
{
  if (g_strcmp0(text, "legal") == 0)
    *out = HS_POOL_LEGAL;
  else if (g_strcmp0(text, "candidates") == 0)
    *out = HS_POOL_CANDIDATES;
  else {
    g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
    g_set_error(error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME,
                "unknown pool '%s' (expected legal or candidates)", shown);
    return FALSE;
  }
  return TRUE;
}

static const char *const metric_names[] = { "maxbucket", "maxbucket-swapped", "entropy", "expected" };

gboolean
hs_metric_parse(const char *text, HsMetric *out, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS(metric_names); i++)
    if (g_strcmp0(text, metric_names[i]) == 0) {
      *out = (HsMetric)i;
      return TRUE;
    }
  g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
  g_set_error(error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME,
              "unknown metric '%s' (expected maxbucket, maxbucket-swapped, entropy or expected)", shown);
  return FALSE;
}

const char *
hs_pool_name(HsPool pool)
{
  return pool == HS_POOL_CANDIDATES ? "candidates" : "legal";
}

const char *
hs_metric_name(HsMetric metric)
{
  return metric_names[metric];
}

gboolean
hs_ties_parse(const char *text, HsTies *out, GError **error)
{
  if (g_strcmp0(text, "canonical") == 0)
    *out = HS_TIES_CANONICAL;
  else if (g_strcmp0(text, "alphabetical") == 0)
    *out = HS_TIES_ALPHABETICAL;
  else {
    g_autofree char *shown = hs_escape(text ? text : "", -1, 40);
    g_set_error(error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_UNKNOWN_NAME,
                "unknown tie order '%s' (expected canonical or alphabetical)", shown);
    return FALSE;
  }
  return TRUE;
}

const char *
hs_ties_name(HsTies ties)
{
  return ties == HS_TIES_ALPHABETICAL ? "alphabetical" : "canonical";
}

/* ---- scoring ---- */

/* Per-thread scratch for scoring. counts[] is all zero between calls. */
typedef struct {
  const HsTable *table;
  const HsWords *words;
  const HsPolicy *policy;
  guint16 counts[HS_PATTERNS];
  HsPat *row_scratch; /* n_answers */
  guint8 *mark;       /* n_words, all zero between calls */
  guint64 *grow;      /* entropy only: what a part of c answers adds to the sum of n log2 n when it
                        * grows by one (fixed point, split.h), for c < n_answers */
  guint32 *alpha;     /* alphabetical ties only: each word's position in alphabetical order */
  guint *scan;        /* alphabetical ties only: n_words of scratch for sets in that order */
  guint64 *keys;      /* alphabetical ties only: n_words of sort scratch */
} Scorer;

/* A word's alphabetical sort key (code point order, a prefix first: HS_CODE_BITS per letter with the
 * padding lowest, at most 64 bits), and its index. */
typedef struct {
  guint64 key;
  guint32 index;
} WordKey;
G_STATIC_ASSERT(HS_CODE_BITS *HS_MAX_LEN <= 64);

static int
cmp_word_key(const void *a, const void *b)
{
  const WordKey *x = a, *y = b;
  return x->key != y->key ? (x->key < y->key ? -1 : 1) : (x->index > y->index) - (x->index < y->index);
}

/* Positions in alphabetical order of every word. */
static guint32 *
alphabetical_positions(const HsWords *w)
{
  g_autofree WordKey *key = g_new(WordKey, MAX(1u, w->n_words));
  for (guint i = 0; i < w->n_words; i++) {
    guint64 k = 0;
    for (guint j = 0; j < HS_MAX_LEN; j++)
      k = (k << HS_CODE_BITS) + (w->code[i][j] == HS_PAD ? 0u : w->code[i][j] + 1u);
    key[i] = (WordKey){ k, i };
  }
  qsort(key, w->n_words, sizeof *key, cmp_word_key);
  guint32 *pos = g_new(guint32, MAX(1u, w->n_words));
  for (guint i = 0; i < w->n_words; i++)
    pos[key[i].index] = i;
  return pos;
}

static void
scorer_init(Scorer *sc, const HsTable *table, const HsPolicy *policy)
{
  memset(sc, 0, sizeof *sc);
  sc->table = table;
  sc->words = hs_table_words(table);
  sc->policy = policy;
  sc->row_scratch = g_new(HsPat, sc->words->n_answers + 1);
  sc->mark = g_malloc0(sc->words->n_words);
  if (policy->metric == HS_METRIC_ENTROPY) {
    /* Differences of one table of integers: they add up to its entries exactly. */
    g_autofree guint64 *nlogn = hs_split_nlogn_table(sc->words->n_answers);
    sc->grow = g_new(guint64, sc->words->n_answers + 1);
    for (guint c = 0; c < sc->words->n_answers; c++)
      sc->grow[c] = nlogn[c + 1] - nlogn[c];
  }
  if (policy->ties == HS_TIES_ALPHABETICAL) {
    sc->alpha = alphabetical_positions(sc->words);
    sc->scan = g_new(guint, sc->words->n_words);
    sc->keys = g_new(guint64, sc->words->n_words);
  }
}

static void
scorer_clear(Scorer *sc)
{
  g_free(sc->row_scratch);
  g_free(sc->mark);
  g_free(sc->grow);
  g_free(sc->alpha);
  g_free(sc->scan);
  g_free(sc->keys);
}

/* Integer score (lower is better) of guess W on the set S, or BOUND as soon as it cannot beat BOUND.
 * maxbucket: largest part; expected: sum of squared part sizes; entropy: sum of n log2 n over the
 * parts in fixed point (less is more entropy).
 * Aligned to a 4 KiB page, so that its hot loop (about 64 bytes, some 400 bytes in) never straddles a
 * page boundary whatever is linked before it: at 64-byte alignment the huge-page change shrank
 * feedback.c, the loop came to cross a page, and the tkihira2022 sweep took 6 % more CPU (2.76 ->
 * 2.93 s, median of 9; 2.78 s aligned to the page). */
__attribute__((aligned(4096))) static guint64
score_int(Scorer *sc, guint w, const guint *S, guint n, guint64 bound)
{
  guint16 *cnt = sc->counts;
  guint64 score = 0;
  guint i = 0;
  const HsMetric metric = sc->policy->metric;

  if (metric == HS_METRIC_MAXBUCKET_SWAPPED) {
    /* Others grouped by feedback(guess = other, answer = w). */
    const HsPat *col = w < sc->words->n_answers ? hs_table_column(sc->table, w) : NULL;
    for (; i < n; i++) {
      HsPat p;
      if (col != NULL)
        p = col[S[i]];
      else if (w < sc->words->n_answers)
        p = hs_table_row(sc->table, S[i], NULL)[w];
      else
        p = hs_feedback_words(sc->words, S[i], w);
      guint c = ++cnt[p];
      if (c > score && (score = c) >= bound) {
        i++;
        break;
      }
    }
    for (guint j = 0; j < i; j++) {
      HsPat p = col != NULL                ? col[S[j]]
                : w < sc->words->n_answers ? hs_table_row(sc->table, S[j], NULL)[w]
                                           : hs_feedback_words(sc->words, S[j], w);
      cnt[p] = 0;
    }
    return MIN(score, bound);
  }

  const HsPat *row = hs_table_row(sc->table, w, sc->row_scratch);
  if (metric == HS_METRIC_MAXBUCKET) {
    for (; i < n; i++) {
      guint c = ++cnt[row[S[i]]];
      if (c > score && (score = c) >= bound) {
        i++;
        break;
      }
    }
  } else if (metric == HS_METRIC_ENTROPY) {
    const guint64 *grow = sc->grow;
    for (; i < n; i++) {
      score += grow[cnt[row[S[i]]]++];
      if (score >= bound) {
        i++;
        break;
      }
    }
  } else { /* expected: (k+1)^2 - k^2 = 2k + 1 */
    for (; i < n; i++) {
      guint c = cnt[row[S[i]]]++;
      score += 2 * (guint64)c + 1;
      if (score >= bound) {
        i++;
        break;
      }
    }
  }
  for (guint j = 0; j < i; j++)
    cnt[row[S[j]]] = 0;
  return MIN(score, bound);
}

/* The least possible score on N answers: every part a single answer. */
static guint64
floor_score(HsMetric metric, guint n)
{
  switch (metric) {
    case HS_METRIC_EXPECTED: return n;
    case HS_METRIC_ENTROPY: return 0;
    default: return 1;
  }
}

/* The candidate margin on N answers in units of the integer score: a word that is not a candidate
 * must score less than the best candidate minus this. */
static guint64
margin_units(const HsPolicy *pol, guint n)
{
  double m = pol->candidate_margin;
  if (m <= 0)
    return 0;
  switch (pol->metric) {
    case HS_METRIC_ENTROPY: return (guint64)floor(m * n * HS_SPLIT_ONE); /* bits * N: the sums are N times H */
    case HS_METRIC_EXPECTED: return (guint64)floor(m * n);
    default: return (guint64)floor(m);
  }
}

/* The key of word W in the tie order: its canonical index, or its alphabetical position. */
static inline guint32
tie_key(const Scorer *sc, guint32 w)
{
  return sc->alpha != NULL ? sc->alpha[w] : w;
}

/* Sorts IN[0..n) into OUT in alphabetical order (SC's scratch). */
static void
alphabetical_sort(const Scorer *sc, const guint *in, guint n, guint *out)
{
  for (guint i = 0; i < n; i++)
    sc->keys[i] = (guint64)sc->alpha[in[i]] << 32 | in[i];
  qsort(sc->keys, n, sizeof *sc->keys, cmp_u64);
  for (guint i = 0; i < n; i++)
    out[i] = (guint32)sc->keys[i];
}

/* The best guess for the candidates S (canonical order) from themselves and, with a legal pool, the
 * other words of LEGAL (in the tie order). The ranking decides (rank.h): the better score, then a
 * candidate, then the tie order; a word that is not a candidate has the candidate margin added to
 * its score. Each group is scanned in the tie order and a word is scored only up to the bound
 * where it can no longer come first. */
static guint
choose(Scorer *sc, const guint *S, guint n, const guint *legal, guint n_legal)
{
  const HsPolicy *pol = sc->policy;
  if (n <= 2)
    return S[0]; /* a candidate that splits into singletons: best under every metric */

  /* Candidates first: any of them may reach the floor, where nothing can beat it. */
  const guint64 floor_v = floor_score(pol->metric, n);
  const guint *scan = S;
  if (sc->alpha != NULL) {
    alphabetical_sort(sc, S, n, sc->scan);
    scan = sc->scan;
  }
  guint best = scan[0];
  guint64 best_score = G_MAXUINT64;
  for (guint i = 0; i < n && best_score > floor_v; i++) {
    const guint32 w = scan[i];
    guint64 bound = best_score == G_MAXUINT64 ? best_score
                                              : best_score + hs_rank_before(best_score, TRUE, tie_key(sc, w),
                                                                            best_score, TRUE, tie_key(sc, best));
    guint64 v = score_int(sc, w, S, n, bound);
    if (v < bound && hs_rank_before(v, TRUE, tie_key(sc, w), best_score, TRUE, tie_key(sc, best))) {
      best_score = v;
      best = w;
    }
  }
  if (pol->pool != HS_POOL_LEGAL)
    return best;

  const guint64 margin = margin_units(pol, n);
  gboolean best_cand = TRUE;
  for (guint i = 0; i < n; i++)
    sc->mark[S[i]] = 1;
  for (guint i = 0; i < n_legal && best_score > floor_v + margin; i++) {
    const guint32 w = legal[i];
    if (sc->mark[w])
      continue;
    /* v + margin must come before the best: v < bound. */
    guint64 bound =
      best_score - margin + hs_rank_before(best_score, FALSE, tie_key(sc, w), best_score, best_cand, tie_key(sc, best));
    guint64 v = score_int(sc, w, S, n, bound);
    if (v < bound) {
      best_score = v + margin;
      best = w;
      best_cand = FALSE;
    }
  }
  for (guint i = 0; i < n; i++)
    sc->mark[S[i]] = 0;
  return best;
}

guint
hs_greedy_choose(const HsTable *table, const HsPolicy *policy, const guint *cands, guint n_cands, const guint *legal,
                 guint n_legal)
{
  Scorer sc;
  scorer_init(&sc, table, policy);
  g_autofree guint *ordered = NULL;
  if (sc.alpha != NULL && n_legal > 0) {
    ordered = g_new(guint, n_legal);
    alphabetical_sort(&sc, legal, n_legal, ordered);
    legal = ordered;
  }
  guint g = choose(&sc, cands, n_cands, legal, n_legal);
  scorer_clear(&sc);
  return g;
}

/* ---- construction ---- */

typedef struct {
  Scorer sc;
  const HsPolicy *policy;
  const HsWords *words;
  HsTreeBuilder *tb;
  guint opener;
  guint8 *override_used; /* per override rule */
  guint32 hist_guess[HS_DEPTH_LIMIT];
  HsPat hist_pat[HS_DEPTH_LIMIT];
  guint *legal[HS_DEPTH_LIMIT + 1]; /* legal pool per level (legal pool only) */
  guint n_legal[HS_DEPTH_LIMIT + 1];
  gboolean stopped; /* stop_at_first_fail triggered */
  GError *error;
} Build;

static gboolean build_node(Build *b, guint idx, guint level);

/* The guess node IDX (candidates S, N of them) plays: the override matching its history, or the
 * greedy choice. */
static gboolean
node_guess(Build *b, guint level, const guint *S, guint n, guint *guess)
{
  const HsPolicy *pol = b->policy;
  gint rule = pol->overrides ? hs_overrides_match(pol->overrides, level, b->hist_guess, b->hist_pat) : -1;
  if (rule < 0) {
    *guess = choose(&b->sc, S, n, b->legal[level], b->n_legal[level]);
    return TRUE;
  }
  const HsOverride *o = g_ptr_array_index(pol->overrides->rules, rule);
  if (!hs_rules_legal(pol->rules, b->words, b->hist_guess, b->hist_pat, level, o->forced)) {
    g_set_error(&b->error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_ILLEGAL_OVERRIDE,
                "%s:%u: '%s' breaks the %s rules after this history", pol->overrides->path, o->line,
                b->words->text[o->forced], hs_rules_name(pol->rules));
    return FALSE;
  }
  b->override_used[rule] = 1;
  *guess = o->forced;
  return TRUE;
}

/* The order in which the children FIRST .. FIRST + K are built: fail-first by the highest priority
 * of their answers when the policy gives priorities (stable), else pattern order. */
static void
child_order(const Build *b, guint first, guint k, guint *order)
{
  for (guint i = 0; i < k; i++)
    order[i] = first + i;
  const guint *prio = b->policy->priority;
  if (prio == NULL || k < 2)
    return;
  g_autofree guint *key = g_new0(guint, k);
  for (guint i = 0; i < k; i++) {
    const guint32 *cs = hs_tree_builder_cands(b->tb, first + i);
    for (guint j = 0; j < hs_tree_builder_node(b->tb, first + i)->n_cands; j++)
      key[i] = MAX(key[i], prio[cs[j]]);
  }
  for (guint i = 1; i < k; i++) { /* insertion sort by descending priority, stable */
    guint o = order[i], p = key[i], j = i;
    while (j > 0 && key[j - 1] < p) {
      order[j] = order[j - 1];
      key[j] = key[j - 1];
      j--;
    }
    order[j] = o;
    key[j] = p;
  }
}

/* Builds the children of a node that played GUESS at LEVEL, in fail-first order, each with its
 * legal pool filtered from the node's. */
static gboolean
build_children(Build *b, guint level, guint guess, guint first, guint k)
{
  const HsPolicy *pol = b->policy;
  g_autofree guint *order = g_new(guint, MAX(k, 1u));
  child_order(b, first, k, order);
  b->hist_guess[level] = guess;
  for (guint i = 0; i < k && !b->stopped; i++) {
    const HsNode *c = hs_tree_builder_node(b->tb, order[i]);
    b->hist_pat[level] = c->pattern;
    /* A part of one or two answers plays its first candidate whatever the pool: its legal pool (and
     * that of anything below it) is never read, so it is not filtered. */
    if (pol->pool == HS_POOL_LEGAL && c->n_cands > 2) {
      if (b->legal[level + 1] == NULL)
        b->legal[level + 1] = g_new(guint, b->words->n_words);
      b->n_legal[level + 1] = hs_rules_filter(pol->rules, b->words, b->legal[level], b->n_legal[level], guess,
                                              c->pattern, b->legal[level + 1]);
    }
    if (!build_node(b, order[i], level + 1))
      return FALSE;
  }
  return TRUE;
}

static gboolean
build_node(Build *b, guint idx, guint level)
{
  const HsPolicy *pol = b->policy;
  const HsNode *node = hs_tree_builder_node(b->tb, idx);
  const guint n = node->n_cands, d = node->depth + 1u; /* d: the number of this node's guess */
  guint guess = b->opener;
  if (level > 0) {
    /* A copy: playing a guess appends children, which may move the builder's arrays. */
    g_autofree guint *S = g_memdup2(hs_tree_builder_cands(b->tb, idx), n * sizeof(guint));
    if (!node_guess(b, level, S, n, &guess))
      return FALSE;
  }
  /* Fail-fast: every answer this guess leaves needs at least one more guess, over the cap. */
  if (pol->stop_at_first_fail && d + 1 > pol->max_guesses) {
    if (hs_tree_builder_play_last(b->tb, idx, guess) > 0)
      b->stopped = TRUE;
    return TRUE;
  }
  guint k = 0, first = 0;
  GError *e = NULL;
  if (!hs_tree_builder_play(b->tb, idx, guess, hs_table_row(b->sc.table, guess, b->sc.row_scratch), &k, &first, &e)) {
    g_set_error_literal(&b->error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_TOO_DEEP, e->message);
    g_error_free(e);
    return FALSE;
  }
  return build_children(b, level, guess, first, k);
}

HsStrategy *
hs_greedy_build(const HsTable *table, guint opener, const HsPolicy *policy, GError **error)
{
  const HsWords *w = hs_table_words(table);
  Build b;
  memset(&b, 0, sizeof b);
  scorer_init(&b.sc, table, policy);
  b.policy = policy;
  b.words = w;
  b.opener = opener;
  b.tb = hs_tree_builder_new(w, policy->rules, policy->max_guesses);
  guint n_rules = policy->overrides != NULL ? policy->overrides->rules->len : 0;
  b.override_used = g_malloc0(MAX(1u, n_rules));
  if (policy->pool == HS_POOL_LEGAL) {
    /* Deeper levels are allocated when first reached. */
    /* In the tie order, which filtering keeps. */
    b.legal[0] = g_new(guint, w->n_words);
    for (guint i = 0; i < w->n_words; i++)
      b.legal[0][i] = i;
    if (b.sc.alpha != NULL)
      alphabetical_sort(&b.sc, b.legal[0], w->n_words, b.legal[0]);
    b.n_legal[0] = w->n_words;
  }
  g_autofree guint32 *all = g_new(guint32, MAX(1u, w->n_answers));
  for (guint32 i = 0; i < w->n_answers; i++)
    all[i] = i;
  hs_tree_builder_add_root(b.tb, all, w->n_answers, 0, 0);

  gboolean ok = build_node(&b, 0, 0);

  for (guint l = 0; l <= HS_DEPTH_LIMIT; l++)
    g_free(b.legal[l]);
  scorer_clear(&b.sc);
  HsStrategy *s = hs_tree_builder_finish(b.tb);
  s->n_override_rules = n_rules;
  s->override_used = b.override_used;
  s->complete = ok && !b.stopped && s->n_solved == w->n_answers;
  if (!ok) {
    g_propagate_error(error, b.error);
    hs_strategy_free(s);
    return NULL;
  }
  return s;
}
