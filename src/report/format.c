/* hardsix — strategy writers: by-pattern and per-word text (the 2022 gist formats), a tree outline,
 * JSON and the selby outline (the exact C++ solver's .tree files). Every writer is deterministic and
 * locale-independent (no floating point is printed). */
#include "hardsix/report/format.h"
#include "hardsix/report/report.h"
#include "format-private.h"

#include <string.h>

/* At most this many answers are named in a "NOT verified" status. */
#define STATUS_NAMES 10

G_DEFINE_QUARK(hs - format - error - quark, hs_format_error)

static const struct {
  const char *name;
  const char *extension;
} formats[] = {
  [HS_FORMAT_BY_PATTERN] = { "by-pattern", "by-pattern.txt" },
  [HS_FORMAT_PER_WORD] = { "per-word", "per-word.txt" },
  [HS_FORMAT_TREE] = { "tree", "tree.txt" },
  [HS_FORMAT_JSON] = { "json", "json" },
  [HS_FORMAT_SELBY] = { "selby", "selby.tree" },
  [HS_FORMAT_SELBY_BARE] = { "selby-bare", "selby.tree" },
  [HS_FORMAT_HABARA_JSON] = { "habara-json", "habara.json" },
};

const HsFormat hs_format_all[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON,
                                   HS_FORMAT_SELBY };
const guint hs_format_n_all = G_N_ELEMENTS(hs_format_all);

gboolean
hs_format_parse(const char *text, HsFormat *out, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS(formats); i++)
    if (formats[i].name != NULL && g_strcmp0(text, formats[i].name) == 0) {
      *out = (HsFormat)i;
      return TRUE;
    }
  g_autoptr(GString) expected = g_string_new(NULL);
  for (guint i = 0; i < G_N_ELEMENTS(formats); i++)
    g_string_append_printf(expected, "%s%s",
                           i == 0                           ? ""
                           : i + 1 == G_N_ELEMENTS(formats) ? " or "
                                                            : ", ",
                           formats[i].name);
  g_autofree char *shown = text ? g_utf8_make_valid(text, MIN((gssize)strlen(text), 40)) : g_strdup("");
  g_set_error(error, HS_FORMAT_ERROR, HS_FORMAT_ERROR_UNKNOWN, "unknown format '%s' (expected %s)", shown,
              expected->str);
  return FALSE;
}

gboolean
hs_format_supports(HsFormat format, const HsWords *w)
{
  if (format != HS_FORMAT_SELBY && format != HS_FORMAT_SELBY_BARE)
    return TRUE;
  gboolean az = w->length == 5 && !w->short_guesses;
  for (guint i = 0; az && i < w->n_letters; i++)
    az = w->alphabet[i] >= 'a' && w->alphabet[i] <= 'z';
  return az;
}

guint
hs_format_for_words(const HsWords *w, HsFormat *out)
{
  guint n = 0;
  for (guint i = 0; i < hs_format_n_all; i++)
    if (hs_format_supports(hs_format_all[i], w))
      out[n++] = hs_format_all[i];
  return n;
}

char *
hs_format_extensions_for(const HsWords *w)
{
  HsFormat f[8];
  guint n = hs_format_for_words(w, f);
  GString *s = g_string_new(NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf(s, "%s%s", i ? "," : "", hs_format_extension(f[i]));
  return g_string_free(s, FALSE);
}

const char *
hs_format_name(HsFormat format)
{
  if ((guint)format >= G_N_ELEMENTS(formats))
    return "unknown";
  return formats[format].name;
}

const char *
hs_format_extension(HsFormat format)
{
  if ((guint)format >= G_N_ELEMENTS(formats))
    return "txt";
  return formats[format].extension;
}

/* ---- shared pieces ---- */

/* What every writer needs, computed once per call. */
typedef struct {
  const HsStrategy *s;
  const HsFormatInfo *info;
  HsStamp stamp;                              /* what the status line may say */
  char emoji[HS_PATTERNS][HS_PATTERN_BUFLEN]; /* every pattern of the game, formatted once */
  guint n;                                    /* answers solved (sum of the histogram) */
  guint64 total;                              /* guesses used over those answers */
  guint lo, hi;                               /* smallest and largest guess count used; 0 when nothing is solved */
} Ctx;

static void
ctx_init(Ctx *c, const HsStrategy *s, const HsFormatInfo *info, HsStamp stamp)
{
  c->s = s;
  c->info = info;
  c->stamp = stamp;
  for (guint p = 0; p <= s->words->all_green; p++)
    hs_pattern_format(p, s->words->length, s->words->length, HS_PATTERN_EMOJI, c->emoji[p]);
  c->n = hs_histogram_answers(&s->hist);
  c->total = hs_histogram_total(&s->hist);
  c->lo = hs_histogram_best(&s->hist);
  c->hi = hs_histogram_worst(&s->hist);
}

/* Pattern P as emoji, as the guess GUESS shows it: the table's for a guess of every letter, else its
 * own tiles formatted into BUF (HS_PATTERN_BUFLEN bytes). */
static const char *
emoji_of(const Ctx *c, guint32 guess, guint p, char *buf)
{
  const HsWords *w = c->s->words;
  if (w->len[guess] == w->length)
    return c->emoji[p];
  return hs_pattern_format_for(w, guess, p, HS_PATTERN_EMOJI, buf);
}

static const char *
word(const Ctx *c, guint32 i)
{
  return c->s->words->text[i];
}

static const char *
plural(guint n, const char *one, const char *many)
{
  return n == 1 ? one : many;
}

/* A header value on one line: line breaks and other control characters become spaces. */
static void
append_header_value(GString *out, const char *v)
{
  for (const char *p = v; *p != '\0'; p++)
    g_string_append_c(out, (guchar)*p < 0x20 ? ' ' : *p);
}

/* Appends "a, b, c" (or up to STATUS_NAMES of them and "and N more") for the marked indices. */
static void
append_names(GString *out, const Ctx *c, const guint8 *mark, guint n_marked)
{
  guint shown = 0;
  for (guint i = 0; i < c->s->words->n_words && shown < STATUS_NAMES; i++)
    if (mark[i]) {
      g_string_append_printf(out, "%s%s", shown ? ", " : "", word(c, i));
      shown++;
    }
  if (n_marked > shown)
    g_string_append_printf(out, ", and %u more", n_marked - shown);
}

/* The text after "# status: ". */
static void
append_status(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  if (c->stamp == HS_STAMP_VERIFIED) {
    g_string_append_printf(out, "verified: %u %s, all within %u %s, average ", c->n, plural(c->n, "answer", "answers"),
                           s->max_guesses, plural(s->max_guesses, "guess", "guesses"));
    hs_average_append(out, c->total, c->n);
    g_string_append_printf(out, " (%" G_GUINT64_FORMAT "/%u)", c->total, c->n);
    return;
  }
  g_string_append(out, "NOT verified: ");
  if (s->n_nodes == 0) {
    g_string_append(out, "the strategy is empty");
    return;
  }
  /* Read the problems off the tree itself (the nodes reachable from the root), so that the answers
   * can be named. */
  guint n_words = s->words->n_words;
  g_autofree guint8 *solved = g_new0(guint8, n_words);
  g_autofree guint8 *over = g_new0(guint8, n_words);
  guint n_over = 0, n_unsolved = 0;
  GArray *stack = g_array_new(FALSE, FALSE, sizeof(guint32));
  guint32 top = 0;
  g_array_append_val(stack, top);
  while (stack->len > 0) {
    const HsNode *node = &s->nodes[g_array_index(stack, guint32, stack->len - 1)];
    g_array_set_size(stack, stack->len - 1);
    for (guint k = 0; k < node->n_children; k++) {
      guint32 child = node->first_child + k;
      g_array_append_val(stack, child);
    }
    if (!hs_strategy_node_solves(s, node))
      continue;
    solved[node->guess] = 1;
    if (s->max_guesses > 0 && node->depth + 1u > s->max_guesses && !over[node->guess]) {
      over[node->guess] = 1;
      n_over++;
    }
  }
  g_array_free(stack, TRUE);
  const HsNode *root = &s->nodes[0];
  g_autofree guint8 *unsolved = g_new0(guint8, n_words);
  for (guint k = 0; k < root->n_cands; k++) {
    guint32 a = s->cands[root->cand_off + k];
    if (!solved[a] && !unsolved[a]) {
      unsolved[a] = 1;
      n_unsolved++;
    }
  }
  gboolean said = FALSE;
  if (n_over > 0) {
    g_string_append_printf(out, "%u %s over %u %s (", n_over, plural(n_over, "answer", "answers"), s->max_guesses,
                           plural(s->max_guesses, "guess", "guesses"));
    append_names(out, c, over, n_over);
    g_string_append_c(out, ')');
    said = TRUE;
  }
  if (n_unsolved > 0) {
    g_string_append_printf(out, "%stree incomplete, %u %s not solved (", said ? "; " : "", n_unsolved,
                           plural(n_unsolved, "answer", "answers"));
    append_names(out, c, unsolved, n_unsolved);
    g_string_append_c(out, ')');
    said = TRUE;
  } else if (!s->complete) {
    g_string_append_printf(out, "%stree incomplete", said ? "; " : "");
    said = TRUE;
  }
  if (!said)
    g_string_append(out,
                    c->stamp == HS_STAMP_REJECTED ? "not accepted by the verifier" : "not checked by the verifier");
}

static void
append_header(GString *out, const Ctx *c, const char *kind)
{
  const HsStrategy *s = c->s;
  const char *lists = c->info->lists ? c->info->lists : s->words->name;
  const char *policy = c->info->policy ? c->info->policy : s->policy;
  g_string_append_printf(out, "# hardsix strategy (%s)\n", kind);
  if (s->n_nodes > 0)
    g_string_append_printf(out, "# opener: %s\n", word(c, s->nodes[0].guess));
  if (lists != NULL) {
    g_string_append(out, "# lists: ");
    append_header_value(out, lists);
    g_string_append_c(out, '\n');
  }
  g_string_append_printf(out, "# rules: %s\n# max-guesses: %u\n", hs_rules_name(s->rules), s->max_guesses);
  if (policy != NULL) {
    g_string_append(out, "# policy: ");
    append_header_value(out, policy);
    g_string_append_c(out, '\n');
  }
  g_string_append(out, "# status: ");
  append_status(out, c);
  g_string_append_c(out, '\n');
}

/* ---- by-pattern ---- */

/* Appends the key of NODE: the patterns from the opener down to NODE, joined by "=>". */
static void
append_key(GString *out, const Ctx *c, guint32 node)
{
  const HsStrategy *s = c->s;
  HsPat path[HS_DEPTH_LIMIT + 1];
  guint32 by[HS_DEPTH_LIMIT + 1]; /* the guess that showed each pattern */
  guint len = 0;
  while (node != 0 && node != HS_NONE && len < G_N_ELEMENTS(path)) {
    path[len] = s->nodes[node].pattern;
    node = s->nodes[node].parent;
    by[len++] = node != HS_NONE ? s->nodes[node].guess : s->nodes[0].guess;
  }
  char buf[HS_PATTERN_BUFLEN];
  for (guint i = len; i > 0; i--) {
    g_string_append(out, emoji_of(c, by[i - 1], path[i - 1], buf));
    if (i > 1)
      g_string_append(out, "=>");
  }
}

static void
append_solved_tail(GString *out, const Ctx *c, guint32 answer)
{
  g_string_append_printf(out, ": = SOLVED = / candidates (1) [%s]\n", word(c, answer));
}

static void
write_by_pattern(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  append_header(out, c, "by-pattern");
  g_string_append_c(out, '\n');
  hs_histogram_append_lines(out, &s->hist);
  g_string_append(out, "average: ");
  hs_average_append(out, c->total, c->n);
  g_string_append(out, "\n\n");
  if (s->n_nodes == 0)
    return;

  const HsNode *root = &s->nodes[0];
  /* The solved leaf's key: all green (the answer's length: a guess that solves is an answer). */
  const char *all_green = c->emoji[s->words->all_green];
  if (hs_strategy_node_solves(s, root)) {
    g_string_append(out, all_green);
    append_solved_tail(out, c, root->guess);
  }
  /* Breadth-first from the root, children in pattern order and a node's solved leaf (🟩🟩🟩🟩🟩, the
   * largest pattern) after its children. Each level then comes out sorted by the full key: by
   * induction, the level above is sorted, and the entries below one node share its key as a prefix.
   * Queue entries are node << 1, plus 1 for "the solved leaf below node". */
  GArray *queue = g_array_sized_new(FALSE, FALSE, sizeof(guint64), 2 * s->n_nodes);
  for (guint k = 0; k < root->n_children; k++) {
    guint64 e = (guint64)(root->first_child + k) << 1;
    g_array_append_val(queue, e);
  }
  for (guint head = 0; head < queue->len; head++) {
    guint64 e = g_array_index(queue, guint64, head);
    guint32 i = (guint32)(e >> 1);
    const HsNode *node = &s->nodes[i];
    append_key(out, c, i);
    if (e & 1) {
      g_string_append(out, "=>");
      g_string_append(out, all_green);
      append_solved_tail(out, c, node->guess);
      continue;
    }
    g_string_append_printf(out, ": next {%s} / candidates (%u) [", word(c, node->guess), node->n_cands);
    for (guint k = 0; k < node->n_cands; k++)
      g_string_append_printf(out, "%s%s", k ? ", " : "", word(c, s->cands[node->cand_off + k]));
    g_string_append(out, "]\n");
    for (guint k = 0; k < node->n_children; k++) {
      guint64 child = (guint64)(node->first_child + k) << 1;
      g_array_append_val(queue, child);
    }
    if (hs_strategy_node_solves(s, node)) {
      guint64 leaf = ((guint64)i << 1) | 1;
      g_array_append_val(queue, leaf);
    }
  }
  g_array_free(queue, TRUE);
}

/* ---- per-word ---- */

static void
write_per_word(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  append_header(out, c, "per-word");
  guint32 path[HS_DEPTH_LIMIT];
  for (guint a = 0; a < s->words->n_answers; a++) {
    guint len = hs_strategy_path(s, a, path);
    if (len == 0)
      continue;
    g_string_append_printf(out, "%s:", word(c, a));
    char buf[HS_PATTERN_BUFLEN];
    for (guint k = 0; k < len; k++) {
      HsPat p = hs_feedback_words(s->words, path[k], a);
      g_string_append_printf(out, " [%s] => %s /", word(c, path[k]), emoji_of(c, path[k], p, buf));
    }
    g_string_append_c(out, '\n');
  }
}

/* ---- tree ---- */

static void
write_tree_children(GString *out, const Ctx *c, const HsNode *node, GString *prefix)
{
  const HsStrategy *s = c->s;
  for (guint k = 0; k < node->n_children; k++) {
    const HsNode *child = &s->nodes[node->first_child + k];
    gboolean last = k + 1 == node->n_children;
    g_string_append_len(out, prefix->str, (gssize)prefix->len);
    g_string_append(out, last ? "└─ " : "├─ ");
    char buf[HS_PATTERN_BUFLEN];
    g_string_append_printf(out, "%s %s", emoji_of(c, node->guess, child->pattern, buf), word(c, child->guess));
    if (child->n_children == 0 && child->n_cands == 1 && s->cands[child->cand_off] == child->guess)
      g_string_append(out, " ✓\n");
    else
      g_string_append_printf(out, " (%u)\n", child->n_cands);
    gsize keep = prefix->len;
    g_string_append(prefix, last ? "   " : "│  ");
    write_tree_children(out, c, child, prefix);
    g_string_truncate(prefix, keep);
  }
}

static void
write_tree(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  if (s->n_nodes == 0)
    return;
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out, "%s (%u)\n", word(c, root->guess), root->n_cands);
  g_autoptr(GString) prefix = g_string_new(NULL);
  write_tree_children(out, c, root, prefix);
}

/* ---- json ---- */

static void
append_json_candidates(GString *out, const Ctx *c, const HsNode *node)
{
  g_string_append_c(out, '[');
  for (guint k = 0; k < node->n_cands; k++)
    g_string_append_printf(out, "%s\"%s\"", k ? ", " : "", word(c, c->s->cands[node->cand_off + k]));
  g_string_append_c(out, ']');
}

/* Writes the children of NODE, one per line at INDENT spaces, each a one-line object when it has no
 * children of its own, else opened on its line and closed on a line of its own. */
static void
write_json_children(GString *out, const Ctx *c, const HsNode *node, guint indent)
{
  const HsStrategy *s = c->s;
  char digits[HS_PATTERN_BUFLEN];
  for (guint k = 0; k < node->n_children; k++) {
    const HsNode *child = &s->nodes[node->first_child + k];
    g_string_append_printf(out, "%*s{\"pattern\": \"%s\", \"guess\": \"%s\", \"candidates\": ", (int)indent, "",
                           hs_pattern_format_for(s->words, node->guess, child->pattern, HS_PATTERN_DIGITS, digits),
                           word(c, child->guess));
    append_json_candidates(out, c, child);
    if (child->n_children == 0) {
      g_string_append(out, ", \"children\": []}");
    } else {
      g_string_append(out, ", \"children\": [\n");
      write_json_children(out, c, child, indent + 2);
      g_string_append_printf(out, "%*s]}", (int)indent, "");
    }
    g_string_append(out, k + 1 < node->n_children ? ",\n" : "\n");
  }
}

static void
write_json(GString *out, const Ctx *c)
{
  const HsStrategy *s = c->s;
  const char *lists = c->info->lists ? c->info->lists : s->words->name;
  const char *policy = c->info->policy ? c->info->policy : s->policy;
  g_string_append(out, "{\n  \"format\": \"hardsix-strategy\",\n  \"version\": 1,\n  \"opener\": ");
  hs_report_json_string(out, s->n_nodes > 0 ? word(c, s->nodes[0].guess) : NULL);
  g_string_append(out, ",\n  \"lists\": ");
  hs_report_json_string(out, lists);
  g_string_append_printf(
    out, ",\n  \"rules\": \"%s\",\n  \"max_guesses\": %u,\n  \"policy\": ", hs_rules_name(s->rules), s->max_guesses);
  hs_report_json_string(out, policy);
  g_string_append_printf(out, ",\n  \"verified\": %s,\n  \"histogram\": {",
                         c->stamp == HS_STAMP_VERIFIED ? "true" : "false");
  for (guint d = c->lo; d != 0 && d <= c->hi; d++)
    g_string_append_printf(out, "%s\"%u\": %u", d > c->lo ? ", " : "", d, s->hist.count[d]);
  g_string_append_printf(
    out, "},\n  \"answers\": %u,\n  \"total_guesses\": %" G_GUINT64_FORMAT ",\n  \"average\": ", c->n, c->total);
  hs_average_append(out, c->total, c->n);
  g_string_append(out, ",\n  \"tree\": ");
  if (s->n_nodes == 0) {
    g_string_append(out, "null\n}\n");
    return;
  }
  const HsNode *root = &s->nodes[0];
  g_string_append_printf(out, "{\n    \"guess\": \"%s\",\n    \"candidates\": ", word(c, root->guess));
  append_json_candidates(out, c, root);
  if (root->n_children == 0) {
    g_string_append(out, ",\n    \"children\": []\n");
  } else {
    g_string_append(out, ",\n    \"children\": [\n");
    write_json_children(out, c, root, 6);
    g_string_append(out, "    ]\n");
  }
  g_string_append(out, "  }\n}\n");
}

/* ---- selby ---- */

/* Sort key of pattern P in the byte order of its letters form (B grey < G green < Y yellow, first tile
 * most significant): the order of the exact solver's files. */
static guint
selby_key(guint p)
{
  static const guint rank[3] = { 0, 2, 1 }; /* digit 0 grey -> B, 1 yellow -> Y, 2 green -> G */
  guint digit[HS_MAX_LEN];
  for (int i = HS_MAX_LEN - 1; i >= 0; i--) {
    digit[i] = p % 3;
    p /= 3;
  }
  guint key = 0;
  for (int i = 0; i < HS_MAX_LEN; i++)
    key = key * 3 + rank[digit[i]];
  return key;
}

/* One branch below a node: a child, or (child HS_NONE) the node's own guess solving itself. */
typedef struct {
  guint key;
  HsPat pattern;
  guint32 child;
} SelbyEntry;

static int
cmp_selby_entry(gconstpointer a, gconstpointer b)
{
  const SelbyEntry *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}

/* Writes node I, whose guess starts at column COL of the current line (what precedes it is already
 * written), and every line below it. A branch after the first starts a new line, indented with
 * spaces to the column of its pattern, the first token that differs from the line above. Only
 * branches that solve some answer (LIVE) are written, so every line ends with GGGGGn. */
static void
write_selby_node(GString *out, const Ctx *c, const guint8 *live, guint32 i, gsize col)
{
  const HsStrategy *s = c->s;
  const HsNode *node = &s->nodes[i];
  g_string_append(out, word(c, node->guess));
  g_string_append_c(out, ' ');
  gsize branch_col = col + s->words->length + 1; /* the outline's words are ASCII (hs_format_supports) */

  g_autofree SelbyEntry *e = g_new(SelbyEntry, node->n_children + 1);
  guint n = 0;
  if (hs_strategy_node_solves(s, node))
    e[n++] = (SelbyEntry){ selby_key(s->words->all_green), (HsPat)s->words->all_green, HS_NONE };
  for (guint k = 0; k < node->n_children; k++) {
    guint32 child = node->first_child + k;
    if (live[child])
      e[n++] = (SelbyEntry){ selby_key(s->nodes[child].pattern), s->nodes[child].pattern, child };
  }
  qsort(e, n, sizeof *e, cmp_selby_entry);

  char letters[HS_PATTERN_BUFLEN];
  for (guint k = 0; k < n; k++) {
    if (k > 0)
      g_string_append_printf(out, "%*s", (int)branch_col, "");
    gsize start = out->len;
    g_string_append_printf(
      out, "%s%u", hs_pattern_format(e[k].pattern, s->words->length, s->words->length, HS_PATTERN_LETTERS, letters),
      node->depth + 1u);
    if (e[k].child == HS_NONE) {
      g_string_append_c(out, '\n');
      continue;
    }
    g_string_append_c(out, ' ');
    write_selby_node(out, c, live, e[k].child, branch_col + (out->len - start));
  }
}

static void
write_selby(GString *out, const Ctx *c, gboolean header)
{
  const HsStrategy *s = c->s;
  if (header)
    append_header(out, c, "selby");
  if (s->n_nodes == 0)
    return;
  /* A node is live when its subtree solves an answer; children come after their parent in nodes[],
   * so one pass from the end settles every node. */
  g_autofree guint8 *live = g_new0(guint8, s->n_nodes);
  for (guint i = s->n_nodes; i-- > 0;) {
    const HsNode *node = &s->nodes[i];
    if (hs_strategy_node_solves(s, node))
      live[i] = 1;
    if (live[i] && node->parent != HS_NONE)
      live[node->parent] = 1;
  }
  if (live[0])
    write_selby_node(out, c, live, 0, 0);
}

/* ---- habara-json ---- */

/* NODE as the published Pokemon solver writes it: {"guess":G,"rem":N,"edges":{P:{...},...}}, one
 * child per pattern (as L digits, 0 past a short guess) in pattern order, and "22…2":{} last when the
 * guess is itself an answer of the node. Written compact, as that solver's files are. */
static void
write_habara(GString *out, const Ctx *c, const HsNode *node)
{
  const HsStrategy *s = c->s;
  const HsWords *w = s->words;
  char digits[HS_PATTERN_BUFLEN];
  g_string_append(out, "{\"guess\":");
  hs_report_json_string(out, word(c, node->guess));
  g_string_append_printf(out, ",\"rem\":%u,\"edges\":{", node->n_cands);
  gboolean first = TRUE;
  for (guint k = 0; k < node->n_children; k++) {
    const HsNode *child = &s->nodes[node->first_child + k];
    g_string_append_printf(out, "%s\"%s\":", first ? "" : ",",
                           hs_pattern_format(child->pattern, w->length, w->length, HS_PATTERN_DIGITS, digits));
    write_habara(out, c, child);
    first = FALSE;
  }
  if (hs_strategy_node_solves(s, node))
    g_string_append_printf(out, "%s\"%s\":{}", first ? "" : ",",
                           hs_pattern_format(w->all_green, w->length, w->length, HS_PATTERN_DIGITS, digits));
  g_string_append(out, "}}");
  if (node == &s->nodes[0])
    g_string_append_c(out, '\n');
}

/* ---- entry point ---- */

char *
hs_format_render(const HsStrategy *s, HsFormat format, const HsFormatInfo *info, HsStamp stamp)
{
  static const HsFormatInfo no_info = { NULL, NULL };
  Ctx *c = g_new(Ctx, 1); /* the emoji table is too big for a comfortable stack frame */
  ctx_init(c, s, info != NULL ? info : &no_info, stamp);
  /* Roughly 150 bytes per node line for the text formats. */
  GString *out = g_string_sized_new(256 + (gsize)s->n_nodes * 160);
  switch (format) {
    case HS_FORMAT_BY_PATTERN: write_by_pattern(out, c); break;
    case HS_FORMAT_PER_WORD: write_per_word(out, c); break;
    case HS_FORMAT_TREE: write_tree(out, c); break;
    case HS_FORMAT_JSON: write_json(out, c); break;
    case HS_FORMAT_SELBY: write_selby(out, c, TRUE); break;
    case HS_FORMAT_SELBY_BARE: write_selby(out, c, FALSE); break;
    case HS_FORMAT_HABARA_JSON:
      if (s->n_nodes > 0)
        write_habara(out, c, &s->nodes[0]);
      else
        g_string_append(out, "{}\n");
      break;
  }
  g_free(c);
  return g_string_free(out, FALSE);
}

char *
hs_format_write(const HsStrategy *s, HsFormat format, const HsFormatInfo *info)
{
  return hs_format_render(s, format, info, HS_STAMP_UNCHECKED);
}
