/* hardsix verifier — the entry points: which format a text is (from its content), header hints, and
 * verification dispatched to the format's reader. */
#include "verify-private.h"

typedef gboolean (*ReadFn)(Verifier *v, const char *text, gsize len, GError **error);
typedef gboolean (*LooksFn)(const char *line, gsize len);

/* The formats, in the order detection tries them on the first strategy line. JSON is told by its
 * first character instead (LOOKS is NULL). */
static const struct {
  HsStrategyFileKind kind;
  LooksFn looks;
  ReadFn read;
} readers[] = {
  { HS_STRATEGY_FILE_JSON, NULL, hs_verify_read_json },
  { HS_STRATEGY_FILE_BY_PATTERN, hs_verify_looks_by_pattern, hs_verify_read_by_pattern },
  { HS_STRATEGY_FILE_PER_WORD, hs_verify_looks_per_word, hs_verify_read_per_word },
  { HS_STRATEGY_FILE_TREE, hs_verify_looks_tree, hs_verify_read_tree },
  { HS_STRATEGY_FILE_SELBY, hs_verify_looks_selby, hs_verify_read_selby },
  { HS_STRATEGY_FILE_HABARA, NULL, hs_verify_read_habara },
};

static gboolean
starts_json(const char *text, gsize len)
{
  gsize i = 0;
  while (i < len && g_ascii_isspace(text[i]))
    i++;
  return i < len && text[i] == '{';
}

/* A file of comments only is an empty strategy when its header says which kind. */
static gboolean
detect_empty(const char *text, gsize len, gboolean opener, HsStrategyFileKind *out)
{
  Header h;
  hs_verify_read_header(text, len, &h);
  gboolean per_word = g_strcmp0(h.kind, "per-word") == 0;
  hs_verify_header_clear(&h);
  if (!per_word && !opener)
    return FALSE;
  *out = per_word ? HS_STRATEGY_FILE_PER_WORD : HS_STRATEGY_FILE_BY_PATTERN;
  return TRUE;
}

gboolean
hs_verify_detect(const char *text, gsize len, HsStrategyFileKind *out, const char *filename, GError **error)
{
  const char *file = filename != NULL ? filename : "<strategy>";
  skip_bom(&text, &len);
  gsize i = 0;
  while (i < len && g_ascii_isspace(text[i]))
    i++;
  if (i == len) {
    g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:1: empty file (no strategy in it)", file);
    return FALSE;
  }
  if (starts_json(text, len)) {
    *out = hs_verify_looks_habara(text, len) ? HS_STRATEGY_FILE_HABARA : HS_STRATEGY_FILE_JSON;
    return TRUE;
  }
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  gboolean opener = FALSE;
  while (hs_verify_next_line(&it, &line, &l)) {
    trim(&line, &l);
    if (l == 0)
      continue;
    if (line[0] == '#') {
      const char *c = line + 1;
      gsize cl = l - 1;
      trim(&c, &cl);
      opener = opener || starts_with(c, cl, "opener:");
      continue;
    }
    for (guint k = 0; k < G_N_ELEMENTS(readers); k++)
      if (readers[k].looks != NULL && readers[k].looks(line, l)) {
        *out = readers[k].kind;
        return TRUE;
      }
    g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE,
                "%s:%u: not a strategy file: expected a per-word line ('ANSWER: [GUESS] => PATTERN / …'), "
                "a by-pattern line ('KEY: next {GUESS} / candidates (N) […]'), a tree outline ('OPENER (N)'), "
                "a selby line ('GUESS BBGYB1 GUESS GGGGG2') or JSON",
                file, it.lineno);
    return FALSE;
  }
  if (detect_empty(text, len, opener, out))
    return TRUE;
  g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: no strategy lines (only comments)", file,
              MAX(it.lineno, 1u));
  return FALSE;
}

static void
free_path(gpointer p)
{
  if (p != NULL)
    g_array_unref(p);
}

void
hs_verify_report_free(HsVerifyReport *r)
{
  if (r == NULL)
    return;
  g_free(r->opener);
  if (r->problems != NULL)
    g_ptr_array_unref(r->problems);
  g_free(r->lists_hint);
  g_free(r->rules_hint);
  if (r->paths != NULL)
    g_ptr_array_unref(r->paths);
  g_free(r);
}

void
hs_verify_peek_header(const char *text, gsize len, char **lists, char **rules)
{
  if (lists != NULL)
    *lists = NULL;
  if (rules != NULL)
    *rules = NULL;
  skip_bom(&text, &len);
  if (starts_json(text, len)) {
    JVal *top = hs_verify_json_parse(text, len, "", NULL);
    if (top != NULL) {
      if (lists != NULL)
        *lists = g_strdup(hs_verify_json_string(top, "lists"));
      if (rules != NULL)
        *rules = g_strdup(hs_verify_json_string(top, "rules"));
      hs_verify_json_free(top);
    }
    return;
  }
  Header h;
  hs_verify_read_header(text, len, &h);
  if (lists != NULL)
    *lists = g_steal_pointer(&h.lists);
  if (rules != NULL)
    *rules = g_steal_pointer(&h.rules);
  hs_verify_header_clear(&h);
}

static gint
problem_cmp(gconstpointer a, gconstpointer b)
{
  const Problem *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void
verifier_init(Verifier *v, const HsWords *words, HsRules rules, guint max_guesses, const char *file,
              HsStrategyFileKind kind)
{
  memset(v, 0, sizeof *v);
  v->words = words;
  /* The game, read off the words themselves: the answers' length and its all-green pattern. */
  v->length = words->n_answers > 0 ? MIN(hs_verify_length(words->text[0]), (guint)VMAX_LEN) : WLEN;
  v->short_ok = words->short_guesses;
  guint all = 0;
  for (guint i = 0; i < v->length; i++)
    all = all * 3 + 2;
  v->all_green = all;
  v->rules = rules;
  v->cap = max_guesses == 0 || max_guesses > PATH_LIMIT ? PATH_LIMIT : max_guesses;
  v->file = file;
  /* Messages write patterns as the file does where that is not emoji. */
  v->style = kind == HS_STRATEGY_FILE_SELBY ? PATTERN_LETTERS : PATTERN_EMOJI;
  v->chunk = g_string_chunk_new(4096);
  v->problems = g_array_new(FALSE, FALSE, sizeof(Problem));
  v->said = g_hash_table_new(g_str_hash, g_str_equal);
  v->after = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  v->r = g_new0(HsVerifyReport, 1);
  v->r->kind = kind;
  v->r->problems = g_ptr_array_new_with_free_func(g_free);
  v->r->paths = g_ptr_array_new_full(words->n_answers, free_path);
  g_ptr_array_set_size(v->r->paths, (gint)words->n_answers);
}

/* Moves the problems, sorted by line, into the report and frees the rest; returns the report. */
static HsVerifyReport *
verifier_finish(Verifier *v)
{
  g_array_sort(v->problems, problem_cmp);
  for (guint i = 0; i < v->problems->len; i++)
    g_ptr_array_add(v->r->problems, g_array_index(v->problems, Problem, i).text);
  v->r->ok = v->r->problems->len == 0;
  g_array_unref(v->problems);
  g_hash_table_destroy(v->said);
  g_hash_table_destroy(v->after);
  g_string_chunk_free(v->chunk);
  return v->r;
}

gboolean
hs_verify_text(const HsWords *words, HsRules rules, guint max_guesses, const char *text, gsize len,
               const char *filename, HsVerifyReport **report, GError **error)
{
  g_return_val_if_fail(words != NULL && report != NULL, FALSE);
  g_return_val_if_fail(text != NULL || len == 0, FALSE);
  *report = NULL;
  const char *file = filename != NULL ? filename : "<strategy>";
  if (text == NULL)
    text = "";
  skip_bom(&text, &len);
  HsStrategyFileKind kind;
  if (!hs_verify_detect(text, len, &kind, file, error))
    return FALSE;
  ReadFn read = NULL;
  for (guint k = 0; k < G_N_ELEMENTS(readers); k++)
    if (readers[k].kind == kind)
      read = readers[k].read;
  Verifier v;
  verifier_init(&v, words, rules, max_guesses, file, kind);
  gboolean ok = read(&v, text, len, error);
  if (ok && kind != HS_STRATEGY_FILE_JSON) {
    /* Every text format's "# status:" line is checked the same way (item 4 of issue 28). */
    Header h;
    hs_verify_read_header(text, len, &h);
    if (h.status != NULL)
      hs_verify_check_status(&v, h.status, h.status_line);
    hs_verify_header_clear(&h);
  }
  HsVerifyReport *r = verifier_finish(&v);
  if (!ok) {
    hs_verify_report_free(r);
    return FALSE;
  }
  *report = r;
  return TRUE;
}
