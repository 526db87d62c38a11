/* hardsix — greedy tree construction: at every node play the guess (from the candidates or every
 * legal word) with the best score, ties to a candidate and then to the canonically earlier word. */
#include "hardsix/greedy.h"
#include "hardsix/rank.h"

#include <math.h>
#include <string.h>

G_DEFINE_QUARK(hs - greedy - error - quark, hs_greedy_error)

void
hs_policy_init(HsPolicy *p)
{
  memset(p, 0, sizeof *p);
  p->rules = HS_RULES_NYT;
  p->pool = HS_POOL_LEGAL;
  p->metric = HS_METRIC_MAXBUCKET;
  p->max_guesses = 6;
}

gboolean
hs_pool_parse(const char *text, HsPool *out, GError **error)
{
  if (g_strcmp0(text, "legal") == 0)
    *out = HS_POOL_LEGAL;
  else if (g_strcmp0(text, "candidates") == 0)
    *out = HS_POOL_CANDIDATES;
  else {
    g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE, "unknown pool '%s' (expected legal or candidates)",
                text ? text : "");
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
  g_set_error(error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
              "unknown metric '%s' (expected maxbucket, maxbucket-swapped, entropy or expected)", text ? text : "");
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

/* ---- scoring ---- */

/* Per-thread scratch for scoring. counts[] is all zero between calls. */
typedef struct {
  const HsTable *table;
  const HsWords *words;
  const HsPolicy *policy;
  guint16 counts[HS_PATTERNS];
  guint8 *row_scratch; /* n_answers */
  guint8 *mark;        /* n_words, all zero between calls */
  double *nlogn;       /* entropy only: n log2 n for n <= n_answers */
} Scorer;

static void
scorer_init(Scorer *sc, const HsTable *table, const HsPolicy *policy)
{
  memset(sc, 0, sizeof *sc);
  sc->table = table;
  sc->words = hs_table_words(table);
  sc->policy = policy;
  sc->row_scratch = g_malloc(sc->words->n_answers + 1);
  sc->mark = g_malloc0(sc->words->n_words);
  if (policy->metric == HS_METRIC_ENTROPY) {
    sc->nlogn = g_new(double, sc->words->n_answers + 1);
    sc->nlogn[0] = 0;
    for (guint n = 1; n <= sc->words->n_answers; n++)
      sc->nlogn[n] = n * log2((double)n);
  }
}

static void
scorer_clear(Scorer *sc)
{
  g_free(sc->row_scratch);
  g_free(sc->mark);
  g_free(sc->nlogn);
}

/* Integer score (lower is better) of guess W on the set S, or BOUND as soon as it cannot beat BOUND.
 * maxbucket: largest part; expected: sum of squared part sizes. */
static guint64
score_int(Scorer *sc, guint w, const guint *S, guint n, guint64 bound)
{
  guint16 *cnt = sc->counts;
  guint64 score = 0;
  guint i = 0;
  const HsMetric metric = sc->policy->metric;

  if (metric == HS_METRIC_MAXBUCKET_SWAPPED) {
    /* Others grouped by feedback(guess = other, answer = w). */
    const guint8 *col = w < sc->words->n_answers ? hs_table_column(sc->table, w) : NULL;
    for (; i < n; i++) {
      guint8 p;
      if (col != NULL)
        p = col[S[i]];
      else if (w < sc->words->n_answers)
        p = hs_table_row(sc->table, S[i], NULL)[w];
      else
        p = hs_feedback(sc->words->text[S[i]], sc->words->text[w]);
      guint c = ++cnt[p];
      if (c > score && (score = c) >= bound) {
        i++;
        break;
      }
    }
    for (guint j = 0; j < i; j++) {
      guint8 p = col != NULL                ? col[S[j]]
                 : w < sc->words->n_answers ? hs_table_row(sc->table, S[j], NULL)[w]
                                            : hs_feedback(sc->words->text[S[j]], sc->words->text[w]);
      cnt[p] = 0;
    }
    return MIN(score, bound);
  }

  const guint8 *row = hs_table_row(sc->table, w, sc->row_scratch);
  if (metric == HS_METRIC_MAXBUCKET) {
    for (; i < n; i++) {
      guint c = ++cnt[row[S[i]]];
      if (c > score && (score = c) >= bound) {
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

/* Entropy as sum of n log2 n over the parts (lower is better: higher entropy). */
static double
score_entropy(Scorer *sc, guint w, const guint *S, guint n)
{
  const guint8 *row = hs_table_row(sc->table, w, sc->row_scratch);
  guint16 *cnt = sc->counts;
  for (guint i = 0; i < n; i++)
    cnt[row[S[i]]]++;
  double sum = 0;
  /* Summed in pattern order, then compared with a tolerance: equal multisets of part sizes must tie
   * however their parts are laid out. */
  for (guint p = 0; p < HS_PATTERNS; p++)
    if (cnt[p]) {
      sum += sc->nlogn[cnt[p]];
      cnt[p] = 0;
    }
  return sum;
}

static guint
choose(Scorer *sc, const guint *S, guint n, const guint *legal, guint n_legal)
{
  const HsPolicy *pol = sc->policy;
  if (n <= 2)
    return S[0]; /* a candidate that splits into singletons: best under every metric */
  guint best = S[0];
  if (pol->metric == HS_METRIC_ENTROPY) {
    double best_score = G_MAXDOUBLE;
    for (guint i = 0; i < n; i++) {
      double v = score_entropy(sc, S[i], S, n);
      if (v < best_score - 1e-9) {
        best_score = v;
        best = S[i];
      }
    }
    if (pol->pool == HS_POOL_LEGAL) {
      for (guint i = 0; i < n; i++)
        sc->mark[S[i]] = 1;
      for (guint i = 0; i < n_legal; i++) {
        if (sc->mark[legal[i]])
          continue;
        double v = score_entropy(sc, legal[i], S, n);
        if (v < best_score - 1e-9) {
          best_score = v;
          best = legal[i];
        }
      }
      for (guint i = 0; i < n; i++)
        sc->mark[S[i]] = 0;
    }
    return best;
  }

  /* The least possible score: every part a singleton. Candidates are scored first (any of them may
   * reach it), then the other legal words; the ranking decides (rank.h). A word is scored only up to
   * the bound where it can no longer come first: the best score, or one more when it would win a tie. */
  const guint64 floor_score = pol->metric == HS_METRIC_EXPECTED ? n : 1;
  guint64 best_score = G_MAXUINT64;
  gboolean best_cand = TRUE;
  for (guint i = 0; i < n && best_score > floor_score; i++) {
    guint64 bound = best_score == G_MAXUINT64
                      ? best_score
                      : best_score + hs_rank_before(best_score, TRUE, S[i], best_score, best_cand, best);
    guint64 v = score_int(sc, S[i], S, n, bound);
    if (v < bound && hs_rank_before(v, TRUE, S[i], best_score, best_cand, best)) {
      best_score = v;
      best = S[i];
    }
  }
  if (pol->pool == HS_POOL_LEGAL && best_score > floor_score) {
    for (guint i = 0; i < n; i++)
      sc->mark[S[i]] = 1;
    for (guint i = 0; i < n_legal && best_score > floor_score; i++) {
      if (sc->mark[legal[i]])
        continue;
      guint64 bound = best_score + hs_rank_before(best_score, FALSE, legal[i], best_score, best_cand, best);
      guint64 v = score_int(sc, legal[i], S, n, bound);
      if (v < bound && hs_rank_before(v, FALSE, legal[i], best_score, best_cand, best)) {
        best_score = v;
        best = legal[i];
        best_cand = FALSE;
      }
    }
    for (guint i = 0; i < n; i++)
      sc->mark[S[i]] = 0;
  }
  return best;
}

guint
hs_greedy_choose(const HsTable *table, const HsPolicy *policy, const guint *cands, guint n_cands, const guint *legal,
                 guint n_legal)
{
  Scorer sc;
  scorer_init(&sc, table, policy);
  guint g = choose(&sc, cands, n_cands, legal, n_legal);
  scorer_clear(&sc);
  return g;
}

/* ---- construction ---- */

typedef struct {
  Scorer sc;
  const HsPolicy *policy;
  const HsWords *words;
  HsStrategy *s;
  GArray *nodes; /* HsNode */
  GArray *cands; /* guint32 */
  guint32 hist_guess[HS_DEPTH_LIMIT];
  guint8 hist_pat[HS_DEPTH_LIMIT];
  guint *legal[HS_DEPTH_LIMIT + 1]; /* legal pool per level (legal pool only) */
  guint n_legal[HS_DEPTH_LIMIT + 1];
  guint *part_buf;  /* n_answers: the node's candidates, regrouped by pattern */
  guint8 *pat_buf;  /* n_answers */
  GArray *over;     /* guint32: answers found over the cap */
  gboolean stopped; /* stop_at_first_fail triggered */
  GError *error;
} Build;

#define NODE(b, i) (&g_array_index((b)->nodes, HsNode, (i)))

static gboolean build_node(Build *b, guint idx, guint level);

static void
record_over(Build *b, const guint *answers, guint count, guint skip)
{
  for (guint i = 0; i < count; i++)
    if (answers[i] != skip) {
      b->s->n_over++;
      g_array_append_val(b->over, answers[i]);
    }
  if (b->policy->stop_at_first_fail)
    b->stopped = TRUE;
}

static guint
child_priority(const Build *b, const HsNode *c)
{
  const guint *prio = b->policy->priority;
  const guint32 *cs = &g_array_index(b->cands, guint32, c->cand_off);
  guint best = 0;
  for (guint i = 0; i < c->n_cands; i++)
    best = MAX(best, prio[cs[i]]);
  return best;
}

static gboolean
build_node(Build *b, guint idx, guint level)
{
  const HsPolicy *pol = b->policy;
  const HsWords *w = b->words;
  HsNode node = *NODE(b, idx);
  guint n = node.n_cands;
  /* Copy the candidates: appending children may move the array. */
  g_autofree guint *S = g_new(guint, n);
  memcpy(S, &g_array_index(b->cands, guint32, node.cand_off), n * sizeof(guint));

  guint guess = node.guess;
  if (level > 0) {
    gint rule = pol->overrides ? hs_overrides_match(pol->overrides, level, b->hist_guess, b->hist_pat) : -1;
    if (rule >= 0) {
      const HsOverride *o = g_ptr_array_index(pol->overrides->rules, rule);
      guess = o->forced;
      if (!hs_rules_legal(pol->rules, w, b->hist_guess, b->hist_pat, level, guess)) {
        g_set_error(&b->error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_ILLEGAL_OVERRIDE,
                    "%s:%u: '%s' breaks the %s hard-mode rules after this history", pol->overrides->path, o->line,
                    w->text[guess], hs_rules_name(pol->rules));
        return FALSE;
      }
      b->s->override_used[rule] = 1;
    } else {
      guess = choose(&b->sc, S, n, b->legal[level], b->n_legal[level]);
    }
    NODE(b, idx)->guess = guess;
  }

  guint d = node.depth + 1; /* this guess's number */
  gboolean solves = FALSE;
  for (guint i = 0; i < n && !solves; i++)
    solves = S[i] == guess;
  if (solves) {
    b->s->hist.count[d]++;
    b->s->n_solved++;
    if (d > pol->max_guesses) {
      record_over(b, &guess, 1, HS_NONE);
      if (b->stopped)
        return TRUE;
    }
  }
  guint rest = n - (solves ? 1 : 0);
  if (rest == 0)
    return TRUE;
  if (d >= HS_DEPTH_LIMIT) {
    g_set_error(&b->error, HS_GREEDY_ERROR, HS_GREEDY_ERROR_TOO_DEEP, "strategy deeper than %d guesses",
                HS_DEPTH_LIMIT);
    return FALSE;
  }
  /* Fail-fast: every remaining answer needs at least one more guess. */
  if (pol->stop_at_first_fail && d + 1 > pol->max_guesses) {
    record_over(b, S, n, solves ? guess : HS_NONE);
    return TRUE;
  }

  /* Partition S by pattern (stable, so each part stays in canonical order). */
  const guint8 *row = hs_table_row(b->sc.table, guess, b->sc.row_scratch);
  guint count[HS_PATTERNS] = { 0 };
  for (guint i = 0; i < n; i++)
    count[b->pat_buf[i] = row[S[i]]]++;
  guint start[HS_PATTERNS], pos = 0;
  for (guint p = 0; p < HS_PATTERNS; p++) {
    start[p] = pos;
    pos += count[p];
  }
  guint fill[HS_PATTERNS];
  memcpy(fill, start, sizeof fill);
  for (guint i = 0; i < n; i++)
    b->part_buf[fill[b->pat_buf[i]]++] = S[i];

  guint first_child = b->nodes->len, n_children = 0;
  for (guint p = 0; p < HS_PATTERNS; p++) {
    if (count[p] == 0 || p == HS_ALL_GREEN)
      continue;
    HsNode c = { 0 };
    c.guess = HS_NONE;
    c.parent = idx;
    c.pattern = (guint8)p;
    c.depth = (guint8)d;
    c.cand_off = b->cands->len;
    c.n_cands = count[p];
    g_array_append_vals(b->cands, b->part_buf + start[p], count[p]);
    g_array_append_val(b->nodes, c);
    n_children++;
  }
  NODE(b, idx)->first_child = first_child;
  NODE(b, idx)->n_children = n_children;

  /* Exploration order: canonical (pattern order), or fail-first by answer priority. */
  g_autofree guint *order = g_new(guint, n_children);
  for (guint i = 0; i < n_children; i++)
    order[i] = first_child + i;
  if (pol->priority != NULL && n_children > 1) {
    g_autofree guint *prio = g_new(guint, n_children);
    for (guint i = 0; i < n_children; i++)
      prio[i] = child_priority(b, NODE(b, order[i]));
    /* Insertion sort by descending priority, stable. */
    for (guint i = 1; i < n_children; i++) {
      guint o = order[i], p = prio[i], j = i;
      while (j > 0 && prio[j - 1] < p) {
        order[j] = order[j - 1];
        prio[j] = prio[j - 1];
        j--;
      }
      order[j] = o;
      prio[j] = p;
    }
  }

  b->hist_guess[level] = guess;
  for (guint k = 0; k < n_children && !b->stopped; k++) {
    HsNode *c = NODE(b, order[k]);
    b->hist_pat[level] = c->pattern;
    /* A part of one or two answers plays its first candidate whatever the pool: its legal pool (and
     * that of anything below it) is never read, so it is not filtered. */
    if (pol->pool == HS_POOL_LEGAL && c->n_cands > 2) {
      if (b->legal[level + 1] == NULL)
        b->legal[level + 1] = g_new(guint, w->n_words);
      b->n_legal[level + 1] =
        hs_rules_filter(pol->rules, w, b->legal[level], b->n_legal[level], guess, c->pattern, b->legal[level + 1]);
    }
    if (!build_node(b, order[k], level + 1))
      return FALSE;
  }
  return TRUE;
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
  b.s = hs_strategy_new(w, policy->rules, policy->max_guesses);
  if (policy->overrides != NULL) {
    b.s->n_override_rules = policy->overrides->rules->len;
    b.s->override_used = g_malloc0(MAX(1u, b.s->n_override_rules));
  } else {
    b.s->override_used = g_malloc0(1);
  }
  b.nodes = g_array_sized_new(FALSE, FALSE, sizeof(HsNode), 2 * w->n_answers);
  b.cands = g_array_sized_new(FALSE, FALSE, sizeof(guint32), 6 * w->n_answers);
  b.part_buf = g_new(guint, w->n_answers);
  b.pat_buf = g_new(guint8, w->n_answers);
  b.over = g_array_new(FALSE, FALSE, sizeof(guint32));
  if (policy->pool == HS_POOL_LEGAL) {
    /* Deeper levels are allocated when first reached. */
    b.legal[0] = g_new(guint, w->n_words);
    for (guint i = 0; i < w->n_words; i++)
      b.legal[0][i] = i;
    b.n_legal[0] = w->n_words;
  }

  HsNode root = { 0 };
  root.guess = opener;
  root.parent = HS_NONE;
  root.n_cands = w->n_answers;
  g_array_append_val(b.nodes, root);
  for (guint32 i = 0; i < w->n_answers; i++)
    g_array_append_val(b.cands, i);

  gboolean ok = build_node(&b, 0, 0);

  for (guint l = 0; l <= HS_DEPTH_LIMIT; l++)
    g_free(b.legal[l]);
  g_free(b.part_buf);
  g_free(b.pat_buf);
  scorer_clear(&b.sc);
  HsStrategy *s = b.s;
  s->n_nodes = b.nodes->len;
  s->nodes = (HsNode *)(void *)g_array_free(b.nodes, FALSE);
  s->n_cands_total = b.cands->len;
  s->cands = (guint32 *)(void *)g_array_free(b.cands, FALSE);
  s->complete = ok && !b.stopped && s->n_solved == w->n_answers;
  s->n_over_answers = b.over->len;
  s->over_answers = (guint32 *)(void *)g_array_free(b.over, FALSE);
  if (!ok) {
    g_propagate_error(error, b.error);
    hs_strategy_free(s);
    return NULL;
  }
  return s;
}
