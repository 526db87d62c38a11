/* hardsix verifier — the checks every format shares: problems, one answer's path (words, recomputed
 * patterns, rules, one guess per history, the cap), tree walks and node checks, stated histograms
 * and averages. */
#include "verify-private.h"

#include <stdarg.h>

/* ======================================================================================== */
/* Problems and tokens                                                                      */
/* ======================================================================================== */

void
hs_verify_problem(Verifier *v, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  char *text = line > 0 ? g_strdup_printf("%s:%u: %s", v->file, line, msg) : g_strdup_printf("%s: %s", v->file, msg);
  if (g_hash_table_contains(v->said, text)) {
    g_free(text);
    return;
  }
  g_hash_table_add(v->said, text);
  Problem p = { line > 0 ? line : G_MAXUINT, v->problems->len, text };
  g_array_append_val(v->problems, p);
}

gboolean
hs_verify_parse_fail(Verifier *v, GError **error, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: %s", v->file, line, msg);
  return FALSE;
}

const char *
hs_verify_keep(Verifier *v, const char *s, gsize len)
{
  return g_string_chunk_insert_len(v->chunk, s, (gssize)len);
}

const char *
hs_verify_shown(Verifier *v, const char *text)
{
  gsize n = strlen(text);
  g_autofree char *valid = hs_escape(text, (gssize)(n), TOKEN_SHOWN);
  if (n > TOKEN_SHOWN) {
    g_autofree char *cut = g_strconcat(valid, "…", NULL);
    return g_string_chunk_insert(v->chunk, cut);
  }
  return g_string_chunk_insert(v->chunk, valid);
}

const char *
hs_verify_case_note(const char *text)
{
  gboolean upper = FALSE;
  for (const char *p = text; *p != '\0'; p++)
    upper = upper || g_ascii_isupper(*p);
  return upper ? " (upper-case letters are not accepted)" : "";
}

const char *
hs_verify_pattern_text(Verifier *v, guint code)
{
  g_autoptr(GString) s = g_string_new(NULL);
  hs_verify_append_pattern(s, code, v->length, v->style);
  return g_string_chunk_insert_const(v->chunk, s->str);
}

/* ======================================================================================== */
/* One answer's path                                                                        */
/* ======================================================================================== */

/* The rows played so far on a path. */
typedef struct {
  guint word[PATH_LIMIT];
  guint code[PATH_LIMIT];
  GString *key;     /* the history, for the one-guess-per-history check */
  GString *history; /* the same, for messages */
} Rows;

/* The guess of step I breaks the rules after one of the rows before it: say so (once per step). */
static void
check_rules(Verifier *v, const Step *st, const Rows *rows, guint i)
{
  const char *g = v->words->text[st->word];
  for (guint j = 0; j < i; j++) {
    const char *prev = v->words->text[rows->word[j]];
    g_autofree char *why = hs_verify_row_breach(v->rules, prev, rows->code[j], g, v->length, v->style);
    if (why != NULL) {
      hs_verify_problem(v, st->line, "'%s' breaks hard mode (%s) after %s %s: %s", g, hs_verify_rules_label(v->rules),
                        prev, hs_verify_pattern_text(v, rows->code[j]), why);
      return;
    }
  }
}

/* The same history must always lead to the same guess. */
static void
check_history(Verifier *v, const Step *st, const Rows *rows, guint i)
{
  Choice *c = g_hash_table_lookup(v->after, rows->key->str);
  if (c == NULL) {
    c = g_new(Choice, 1);
    c->word = st->word;
    c->line = st->line;
    g_hash_table_insert(v->after, g_strdup(rows->key->str), c);
    return;
  }
  if (c->word == st->word)
    return;
  const char *g = v->words->text[st->word], *first = v->words->text[c->word];
  if (i == 0)
    hs_verify_problem(v, st->line, "the first guess is '%s' here but '%s' on line %u", g, first, c->line);
  else
    hs_verify_problem(v, st->line, "after %s the guess is '%s' here but '%s' on line %u", rows->history->str, g, first,
                      c->line);
}

/* Checks step I (an allowed word) against ANSWER; returns its recomputed pattern. */
static guint
check_step(Verifier *v, const Step *st, const char *answer, Rows *rows, guint i)
{
  const char *g = v->words->text[st->word];
  guint code = hs_verify_feedback(g, answer);
  if (st->stated >= 0 && (guint)st->stated != code)
    hs_verify_problem(v, st->line, "'%s' against '%s' gives %s, not %s", g, answer, hs_verify_pattern_text(v, code),
                      hs_verify_pattern_text(v, (guint)st->stated));
  check_rules(v, st, rows, i);
  check_history(v, st, rows, i);
  rows->word[i] = st->word;
  rows->code[i] = code;
  return code;
}

/* Counts a solved path in the report and keeps its guesses. */
static void
record_solved(Verifier *v, const Path *path, const Rows *rows, guint solved_at)
{
  const char *answer = v->words->text[path->answer];
  if (solved_at > v->cap)
    hs_verify_problem(v, path->line, "'%s' needs %u guesses (more than %u)", answer, solved_at, v->cap);
  HsVerifyReport *r = v->r;
  if (r->paths->pdata[path->answer] == NULL) {
    GArray *words = g_array_sized_new(FALSE, FALSE, sizeof(guint32), solved_at);
    for (guint i = 0; i < solved_at; i++) {
      guint32 w = rows->word[i];
      g_array_append_val(words, w);
    }
    r->paths->pdata[path->answer] = words;
  }
  r->hist[solved_at]++;
  r->total += solved_at;
  r->worst = MAX(r->worst, solved_at);
  r->n_answers++;
}

static void
report_unsolved(Verifier *v, const Path *path, const Rows *rows, guint n)
{
  const char *answer = v->words->text[path->answer];
  if (path->why != NULL)
    hs_verify_problem(v, path->line, "%s", path->why);
  else if (n == 0)
    hs_verify_problem(v, path->line, "'%s' has no guesses", answer);
  else
    hs_verify_problem(v, path->line, "'%s' is not solved: the path ends with '%s', not the answer", answer,
                      v->words->text[rows->word[n - 1]]);
}

void
hs_verify_check_path(Verifier *v, const Path *path)
{
  const char *answer = v->words->text[path->answer];
  guint n = path->steps->len;
  if (n > PATH_LIMIT) {
    hs_verify_problem(v, path->line, "'%s' takes more than %u guesses (the verifier's limit)", answer, PATH_LIMIT);
    return;
  }
  g_autoptr(GString) key = g_string_new(NULL);
  g_autoptr(GString) history = g_string_new(NULL);
  Rows rows = { .key = key, .history = history };
  for (guint i = 0; i < n; i++) {
    const Step *st = &g_array_index(path->steps, Step, i);
    if (st->word == HS_NONE) {
      hs_verify_problem(v, st->line, "'%s' is not an allowed word%s", hs_verify_shown(v, st->text),
                        hs_verify_case_note(st->text));
      return;
    }
    guint code = check_step(v, st, answer, &rows, i);
    if (code == v->all_green) {
      if (i + 1 < n)
        hs_verify_problem(v, path->line, "'%s' is solved by guess %u, but the path goes on to %u guesses", answer,
                          i + 1, n);
      record_solved(v, path, &rows, i + 1);
      return;
    }
    g_string_append_printf(key, "%u.%u;", st->word, code);
    if (history->len > 0)
      g_string_append_c(history, ' ');
    g_string_append_printf(history, "%s ", v->words->text[st->word]);
    hs_verify_append_pattern(history, code, v->length, v->style);
  }
  report_unsolved(v, path, &rows, n);
}

void
hs_verify_path_push(Path *path, guint word, const char *text, guint line, gint stated)
{
  Step st = { word, text, line, stated };
  g_array_append_val(path->steps, st);
}

void
hs_verify_check_answer_lines(Verifier *v, const GArray *lines)
{
  guint n_answers = v->words->n_answers;
  g_autofree guint *line_of = g_new0(guint, n_answers);
  for (guint k = 0; k < lines->len; k++) {
    const AnswerLine *al = &g_array_index(lines, AnswerLine, k);
    guint a = lookup(v, al->answer);
    if (a == HS_NONE) {
      hs_verify_problem(v, al->line, "'%s' is not an allowed word%s", hs_verify_shown(v, al->answer),
                        hs_verify_case_note(al->answer));
      continue;
    }
    if (a >= n_answers) {
      hs_verify_problem(v, al->line, "'%s' is not an answer", al->answer);
      continue;
    }
    if (line_of[a] != 0) {
      hs_verify_problem(v, al->line, "'%s' is listed twice (first on line %u)", al->answer, line_of[a]);
      continue;
    }
    line_of[a] = al->line;
    Path path = { a, al->line, al->steps, NULL };
    hs_verify_check_path(v, &path);
    if (v->r->opener == NULL && al->steps->len > 0)
      v->r->opener = g_strdup(g_array_index(al->steps, Step, 0).text);
  }
  for (guint a = 0; a < n_answers; a++)
    if (line_of[a] == 0)
      hs_verify_problem(v, 0, "'%s' is missing", v->words->text[a]);
}

void
hs_verify_answer_lines_free(GArray *lines)
{
  for (guint k = 0; k < lines->len; k++)
    g_array_unref(g_array_index(lines, AnswerLine, k).steps);
  g_array_unref(lines);
}

/* ======================================================================================== */
/* Trees (by-pattern, JSON, outline)                                                        */
/* ======================================================================================== */

void
hs_verify_node_free(gpointer p)
{
  Node *n = p;
  if (n->cands != NULL)
    g_ptr_array_unref(n->cands);
  g_array_unref(n->reached);
  g_free(n);
}

Node *
hs_verify_node_new(guint line)
{
  Node *n = g_new0(Node, 1);
  n->line = line;
  n->guess = HS_NONE;
  n->stated_n = G_MAXUINT;
  n->reached = g_array_new(FALSE, FALSE, sizeof(guint));
  return n;
}

void
hs_verify_tree_init(Tree *t, TreeFlavour flavour)
{
  t->nodes = g_ptr_array_new_with_free_func(hs_verify_node_free);
  t->by_key = g_hash_table_new(g_str_hash, g_str_equal);
  t->root = NULL;
  t->flavour = flavour;
}

void
hs_verify_tree_clear(Tree *t)
{
  g_hash_table_destroy(t->by_key);
  g_ptr_array_unref(t->nodes);
}

char *
hs_verify_key_text(const char *key, gsize len, guint length, gboolean digits)
{
  GString *s = g_string_new(NULL);
  for (gsize i = 0; i < len / KEY_STEP; i++) {
    if (i > 0)
      g_string_append(s, digits ? "/" : "=>");
    hs_verify_append_pattern(s, key_code(key, i), length, digits ? PATTERN_DIGITS : PATTERN_EMOJI);
  }
  return g_string_free(s, FALSE);
}

gboolean
hs_verify_tree_add(Verifier *v, Tree *t, Node *n)
{
  Node *prev = g_hash_table_lookup(t->by_key, n->key);
  if (prev != NULL) {
    gboolean json = t->flavour == TREE_JSON;
    g_autofree char *k = hs_verify_key_text(n->key, strlen(n->key), v->length, json);
    if (json)
      hs_verify_problem(v, n->line, "a second child with the pattern path %s (first on line %u)", k, prev->line);
    else
      hs_verify_problem(v, n->line, "a second line for %s (first on line %u)", k, prev->line);
    hs_verify_node_free(n);
    return FALSE;
  }
  g_hash_table_insert(t->by_key, (gpointer)n->key, n);
  g_ptr_array_add(t->nodes, n);
  if (t->root == NULL)
    t->root = n;
  return TRUE;
}

/* Why ANSWER's walk stops below NODE: the tree has no child (or only a solved leaf) for CODE, KEY
 * being the pattern sequence including CODE. Newly allocated. */
static char *
unsolved_why(const Tree *t, const Node *node, const Node *child, const GString *key, const char *answer, guint code,
             guint length)
{
  g_autoptr(GString) p = g_string_new(NULL);
  switch (t->flavour) {
    case TREE_JSON:
      hs_verify_append_pattern(p, code, length, PATTERN_DIGITS);
      return g_strdup_printf("'%s' is not solved: '%s' has no child with the pattern \"%s\"", answer, node->guess_text,
                             p->str);
    case TREE_OUTLINE:
      hs_verify_append_pattern(p, code, length, PATTERN_EMOJI);
      return g_strdup_printf("'%s' is not solved: '%s' has no child %s", answer, node->guess_text, p->str);
    case TREE_HABARA:
      hs_verify_append_pattern(p, code, length, PATTERN_DIGITS);
      return g_strdup_printf("'%s' is not solved: '%s' has no edge \"%s\"", answer, node->guess_text, p->str);
    case TREE_BY_PATTERN: break;
  }
  g_autofree char *k = hs_verify_key_text(key->str, key->len, length, FALSE);
  if (child == NULL)
    return g_strdup_printf("'%s' is not solved: no line for %s", answer, k);
  return g_strdup_printf("'%s' is not solved: the line for %s (line %u) is '= SOLVED ='", answer, k, child->line);
}

/* By-pattern: the answer solved at NODE reaches its "= SOLVED =" line, which must be there. */
static void
reach_solved_leaf(Verifier *v, const Tree *t, Path *path, const Node *node, GString *key)
{
  const char *answer = v->words->text[path->answer];
  key_push(key, v->all_green);
  Node *leaf = g_hash_table_lookup(t->by_key, key->str);
  if (leaf != NULL && leaf->leaf) {
    g_array_append_val(leaf->reached, path->answer);
    path->line = leaf->line;
  } else if (leaf == NULL && t->flavour == TREE_HABARA) {
    hs_verify_problem(v, node->line, "'%s' is solved here but '%s' has no edge of all greens", answer,
                      node->guess_text);
  } else if (leaf == NULL) {
    g_autofree char *k = hs_verify_key_text(key->str, key->len, v->length, FALSE);
    hs_verify_problem(v, node->line, "'%s' is solved here but there is no '= SOLVED =' line for %s", answer, k);
  }
}

/* Follows PATH->answer from the root into PATH (one step per node, with the node's line). */
static void
walk_answer(Verifier *v, const Tree *t, Path *path, GString *key)
{
  guint a = path->answer;
  const char *answer = v->words->text[a];
  Node *node = t->root;
  g_array_append_val(node->reached, a);
  for (;;) {
    hs_verify_path_push(path, node->guess, node->guess_text, node->line, -1);
    path->line = node->line;
    if (path->steps->len > PATH_LIMIT || node->guess == HS_NONE)
      return;
    guint code = hs_verify_feedback(v->words->text[node->guess], answer);
    if (code == v->all_green) {
      if (t->flavour == TREE_BY_PATTERN || t->flavour == TREE_HABARA)
        reach_solved_leaf(v, t, path, node, key);
      return;
    }
    key_push(key, code);
    Node *child = g_hash_table_lookup(t->by_key, key->str);
    if (child == NULL || child->leaf) {
      path->why = unsolved_why(t, node, child, key, answer, code, v->length);
      return;
    }
    g_array_append_val(child->reached, a);
    node = child;
  }
}

void
hs_verify_walk_tree(Verifier *v, Tree *t)
{
  g_autoptr(GString) key = g_string_new(NULL);
  Path path = { 0, 0, g_array_new(FALSE, FALSE, sizeof(Step)), NULL };
  for (guint a = 0; a < v->words->n_answers; a++) {
    g_string_truncate(key, 0);
    g_array_set_size(path.steps, 0);
    path.answer = a;
    path.why = NULL;
    walk_answer(v, t, &path, key);
    hs_verify_check_path(v, &path);
    g_clear_pointer(&path.why, g_free);
  }
  g_array_unref(path.steps);
}

/* TRUE when a node above N plays a word that is not allowed: the walk stops there, so N's candidates
 * are not compared (the unknown word is the problem to report). At most PATH_LIMIT lookups of keys
 * of at most PATH_LIMIT steps, whatever the file. */
static gboolean
below_unknown(const Tree *t, const Node *n)
{
  gsize len = strlen(n->key);
  g_autofree char *prefix = g_strndup(n->key, len);
  for (gsize l = len / KEY_STEP; l-- > 0;) {
    prefix[KEY_STEP * l] = '\0';
    const Node *up = g_hash_table_lookup(t->by_key, prefix);
    if (up != NULL && !up->leaf && up->guess == HS_NONE)
      return TRUE;
  }
  return FALSE;
}

/* Appends up to NAMES_SHOWN of the words in LIST (indices) to S. */
static void
append_names(GString *s, const Verifier *v, const GArray *list)
{
  for (guint i = 0; i < list->len && i < NAMES_SHOWN; i++)
    g_string_append_printf(s, "%s%s", i > 0 ? ", " : "", v->words->text[g_array_index(list, guint, i)]);
  if (list->len > NAMES_SHOWN)
    g_string_append_printf(s, " and %u more", list->len - NAMES_SHOWN);
}

/* Scratch for the candidate checks: stamps per answer, so that each node costs its own size. */
typedef struct {
  guint *listed;  /* listed by node number stamp */
  guint *reaches; /* reaches node number stamp */
  GArray *missing, *extra;
} Stamps;

/* The node's own shape: leaves end with 🟩🟩🟩🟩🟩, others play an allowed word. */
static void
check_node_shape(Verifier *v, const Tree *t, const Node *n)
{
  gsize klen = strlen(n->key);
  gboolean ends_green = klen > 0 && key_code(n->key, klen / KEY_STEP - 1) == v->all_green;
  if (n->leaf && !ends_green)
    hs_verify_problem(v, n->line, "a '= SOLVED =' line must end with 🟩🟩🟩🟩🟩");
  if (t->flavour == TREE_BY_PATTERN && !n->leaf && ends_green)
    hs_verify_problem(v, n->line, "the line after 🟩🟩🟩🟩🟩 must be '= SOLVED =', not 'next'");
  if (!n->leaf && n->guess == HS_NONE)
    hs_verify_problem(v, n->line, "'%s' is not an allowed word%s", hs_verify_shown(v, n->guess_text),
                      hs_verify_case_note(n->guess_text));
}

/* Marks the stated candidates, reporting bad ones; collects those that do not reach the node. */
static void
mark_candidates(Verifier *v, const Node *n, guint stamp, Stamps *s)
{
  guint n_answers = v->words->n_answers;
  for (guint k = 0; k < n->reached->len; k++)
    s->reaches[g_array_index(n->reached, guint, k)] = stamp;
  for (guint k = 0; k < n->cands->len; k++) {
    const char *c = n->cands->pdata[k];
    guint w = lookup(v, c);
    if (w == HS_NONE) {
      hs_verify_problem(v, n->line, "candidate '%s' is not an allowed word%s", hs_verify_shown(v, c),
                        hs_verify_case_note(c));
    } else if (w >= n_answers) {
      hs_verify_problem(v, n->line, "candidate '%s' is not an answer", c);
    } else if (s->listed[w] == stamp) {
      hs_verify_problem(v, n->line, "candidate '%s' is listed twice", c);
    } else {
      s->listed[w] = stamp;
      if (s->reaches[w] != stamp)
        g_array_append_val(s->extra, w);
    }
  }
}

/* The stated candidates are exactly the answers that reach the node. */
static void
check_candidates(Verifier *v, const Tree *t, const Node *n, guint stamp, Stamps *s)
{
  const char *what = t->flavour == TREE_JSON ? "node" : "line";
  g_array_set_size(s->missing, 0);
  g_array_set_size(s->extra, 0);
  mark_candidates(v, n, stamp, s);
  if (below_unknown(t, n))
    return;
  for (guint k = 0; k < n->reached->len; k++) {
    guint w = g_array_index(n->reached, guint, k);
    if (s->listed[w] != stamp)
      g_array_append_val(s->missing, w);
  }
  if (n->reached->len == 0) {
    hs_verify_problem(v, n->line, "no answer reaches this %s", what);
  } else if (s->missing->len > 0 || s->extra->len > 0) {
    g_autoptr(GString) m = g_string_new(NULL);
    g_string_append_printf(m, "the candidates are not the %u answers that reach this %s:", n->reached->len, what);
    if (s->extra->len > 0) {
      g_string_append(m, " listed but not reaching it: ");
      append_names(m, v, s->extra);
      if (s->missing->len > 0)
        g_string_append_c(m, ';');
    }
    if (s->missing->len > 0) {
      g_string_append(m, " reaching it but not listed: ");
      append_names(m, v, s->missing);
    }
    hs_verify_problem(v, n->line, "%s", m->str);
  }
}

/* Outline: the stated count "(N)" (or ✓, one answer) is the number of answers that reach the line. */
static void
check_count(Verifier *v, const Tree *t, const Node *n)
{
  if (n->leaf || n->stated_n == G_MAXUINT || below_unknown(t, n))
    return;
  guint got = n->reached->len;
  if (got == 0)
    hs_verify_problem(v, n->line, "no answer reaches this line");
  else if (n->stated_solved && got != 1)
    hs_verify_problem(v, n->line, "is marked ✓ (one answer left) but %u answers reach this line", got);
  else if (!n->stated_solved && n->stated_n != got && t->flavour == TREE_HABARA)
    hs_verify_problem(v, n->line, "says \"rem\": %u but %u answers reach this node", n->stated_n, got);
  else if (!n->stated_solved && n->stated_n != got)
    hs_verify_problem(v, n->line, "says (%u) but %u answers reach this line", n->stated_n, got);
}

void
hs_verify_check_nodes(Verifier *v, Tree *t)
{
  guint n_answers = v->words->n_answers;
  g_autofree guint *listed = g_new0(guint, n_answers);
  g_autofree guint *reaches = g_new0(guint, n_answers);
  g_autoptr(GArray) missing = g_array_new(FALSE, FALSE, sizeof(guint));
  g_autoptr(GArray) extra = g_array_new(FALSE, FALSE, sizeof(guint));
  Stamps s = { listed, reaches, missing, extra };
  for (guint i = 0; i < t->nodes->len; i++) {
    const Node *n = t->nodes->pdata[i];
    check_node_shape(v, t, n);
    if (n->cands == NULL) {
      check_count(v, t, n);
      continue;
    }
    if (n->stated_n != G_MAXUINT && n->stated_n != n->cands->len)
      hs_verify_problem(v, n->line, "says %u candidates but lists %u", n->stated_n, n->cands->len);
    check_candidates(v, t, n, i + 1, &s);
  }
}

/* ======================================================================================== */
/* Stated figures                                                                           */
/* ======================================================================================== */

/* "guess" or "guesses" (the verifier's own: it shares nothing with the rest of the library). */
static const char *
guesses_word(guint64 n)
{
  return n == 1 ? "guess" : "guesses";
}

void
hs_verify_check_histogram(Verifier *v, const GArray *stated, const char *how, guint present_line)
{
  if (stated->len == 0 && present_line == 0)
    return;
  const HsVerifyReport *r = v->r;
  gboolean seen[PATH_LIMIT + 1] = { FALSE };
  for (guint i = 0; i < stated->len; i++) {
    const Stated *s = &g_array_index(stated, Stated, i);
    guint64 real = s->d >= 1 && s->d <= PATH_LIMIT ? r->hist[s->d] : 0;
    if (s->d >= 1 && s->d <= PATH_LIMIT) {
      if (seen[s->d]) {
        hs_verify_problem(v, s->line, "%s states %u %s twice", how, s->d, guesses_word(s->d));
        continue;
      }
      seen[s->d] = TRUE;
    }
    if (s->count != real)
      hs_verify_problem(v, s->line, "%s says %u %s: %" G_GUINT64_FORMAT ", but the strategy gives %" G_GUINT64_FORMAT,
                        how, s->d, guesses_word(s->d), s->count, real);
  }
  guint line = stated->len > 0 ? g_array_index(stated, Stated, 0).line : present_line;
  for (guint d = 1; d <= PATH_LIMIT; d++)
    if (r->hist[d] > 0 && !seen[d])
      hs_verify_problem(v, line, "%s has no figure for %u %s (the strategy gives %u)", how, d, guesses_word(d),
                        r->hist[d]);
}

void
hs_verify_check_average(Verifier *v, double stated, guint line)
{
  const HsVerifyReport *r = v->r;
  double real = r->n_answers > 0 ? (double)r->total / r->n_answers : 0.0;
  double diff = stated > real ? stated - real : real - stated;
  if (diff > 0.00005 + 1e-9) {
    char said[G_ASCII_DTOSTR_BUF_SIZE], gives[G_ASCII_DTOSTR_BUF_SIZE];
    hs_verify_problem(v, line, "the average is %s, but the strategy gives %s",
                      g_ascii_formatd(said, sizeof said, "%.4f", stated),
                      g_ascii_formatd(gives, sizeof gives, "%.4f", real));
  }
}

/* Reads "N answer(s), all within K guess(es), average X (T/N)" after "verified: ". */
static gboolean
parse_status(const char *s, guint64 *n, guint64 *k, char **avg, guint64 *t, guint64 *n2)
{
  char *end = NULL;
  *n = g_ascii_strtoull(s, &end, 10);
  if (end == s || !(g_str_has_prefix(end, " answers, all within ") || g_str_has_prefix(end, " answer, all within ")))
    return FALSE;
  s = strstr(end, "within ") + strlen("within ");
  *k = g_ascii_strtoull(s, &end, 10);
  if (end == s || !(g_str_has_prefix(end, " guesses, average ") || g_str_has_prefix(end, " guess, average ")))
    return FALSE;
  s = strstr(end, "average ") + strlen("average ");
  gsize al = strcspn(s, " ");
  *avg = g_strndup(s, al);
  s += al;
  if (!g_str_has_prefix(s, " ("))
    return FALSE;
  s += 2;
  *t = g_ascii_strtoull(s, &end, 10);
  if (end == s || *end != '/')
    return FALSE;
  s = end + 1;
  *n2 = g_ascii_strtoull(s, &end, 10);
  return end != s && strcmp(end, ")") == 0;
}

void
hs_verify_check_status(Verifier *v, const char *status, guint line)
{
  static const char prefix[] = "verified: ";
  if (!g_str_has_prefix(status, prefix))
    return; /* "NOT verified: ..." claims nothing the verifier could refute */
  const HsVerifyReport *r = v->r;
  guint64 n = 0, k = 0, t = 0, n2 = 0;
  g_autofree char *avg = NULL;
  if (!parse_status(status + strlen(prefix), &n, &k, &avg, &t, &n2)) {
    hs_verify_problem(v, line, "the status line is not 'verified: N answers, all within K guesses, average X (T/N)'");
    return;
  }
  if (n != r->n_answers || n2 != r->n_answers)
    hs_verify_problem(v, line, "the status says %" G_GUINT64_FORMAT " answers, but the strategy has %u", n,
                      r->n_answers);
  if (r->worst > k)
    hs_verify_problem(v, line, "the status says all within %" G_GUINT64_FORMAT " %s, but the strategy needs %u", k,
                      guesses_word(k), r->worst);
  if (t != r->total)
    hs_verify_problem(
      v, line, "the status says %" G_GUINT64_FORMAT " guesses in total, but the strategy gives %" G_GUINT64_FORMAT, t,
      r->total);
  char *end = NULL;
  double stated = g_ascii_strtod(avg, &end);
  if (end == avg || *end != '\0')
    hs_verify_problem(v, line, "the status line's average is not a number");
  else
    hs_verify_check_average(v, stated, line);
}
