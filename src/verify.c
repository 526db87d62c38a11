/* hardsix — the independent verifier. It reads per-word, by-pattern and JSON strategy files and checks
 * them with its own feedback, pattern reader, hard-mode rules and JSON reader (never the engine's),
 * so that a bug in the engine cannot vouch for itself. */
#include "hardsix/verify.h"

#include <stdarg.h>
#include <string.h>

G_DEFINE_QUARK(hs_verify_error_quark, hs_verify_error)

#define WLEN 5
/* Longest path the verifier follows; the report's histogram holds guess counts 1..PATH_LIMIT. */
#define PATH_LIMIT 64
#define ALL_GREEN 242
/* Deepest nesting of JSON arrays and objects accepted (a 64-guess tree needs about 130). */
#define JSON_NESTING_LIMIT 1000
/* At most this many words are named when a message lists words. */
#define NAMES_SHOWN 10
/* Tokens quoted in messages are cut to this many bytes. */
#define TOKEN_SHOWN 40

/* ======================================================================================== */
/* Feedback, patterns and rules (the verifier's own)                                        */
/* ======================================================================================== */

/* The two-pass rule, written as "which answer letter does each guess letter claim": greens claim their
 * own position first; then each other guess letter, left to right, claims the first unclaimed equal
 * letter of the answer and turns yellow, or stays grey when there is none. */
guint8
hs_verify_feedback(const char *guess, const char *answer)
{
  gboolean claimed[WLEN];
  guint8 tile[WLEN];
  for (int i = 0; i < WLEN; i++) {
    claimed[i] = guess[i] == answer[i];
    tile[i] = claimed[i] ? 2 : 0;
  }
  for (int i = 0; i < WLEN; i++) {
    if (tile[i] == 2)
      continue;
    for (int j = 0; j < WLEN; j++)
      if (!claimed[j] && answer[j] == guess[i]) {
        claimed[j] = TRUE;
        tile[i] = 1;
        break;
      }
  }
  guint code = 0;
  for (int i = 0; i < WLEN; i++)
    code = code * 3 + tile[i];
  return (guint8)code;
}

static void
pattern_tiles(guint8 code, guint8 tile[WLEN])
{
  for (int i = WLEN - 1; i >= 0; i--) {
    tile[i] = code % 3;
    code /= 3;
  }
}

/* Reads exactly one pattern of five tiles from S[0..LEN): emoji 🟩🟨⬜⬛ (each optionally followed by
 * U+FE0F), letters G/Y/B in either case with '-' and '.' as grey, digits 2/1/0, mixed freely. */
static gboolean
read_pattern(const char *s, gsize len, guint8 *out)
{
  guint code = 0, tiles = 0;
  gsize i = 0;
  while (i < len) {
    guint t;
    guchar c = (guchar)s[i];
    if (c < 0x80) {
      switch (c) {
        case '2':
        case 'G':
        case 'g': t = 2; break;
        case '1':
        case 'Y':
        case 'y': t = 1; break;
        case '0':
        case 'B':
        case 'b':
        case '-':
        case '.': t = 0; break;
        default: return FALSE;
      }
      i++;
    } else {
      gunichar u = g_utf8_get_char_validated(s + i, (gssize)(len - i));
      if (u == (gunichar)-1 || u == (gunichar)-2)
        return FALSE;
      if (u == 0x1F7E9)
        t = 2;
      else if (u == 0x1F7E8)
        t = 1;
      else if (u == 0x2B1C || u == 0x2B1B)
        t = 0;
      else
        return FALSE;
      i += u >= 0x10000 ? 4 : 3;
      /* An emoji may carry the variation selector U+FE0F (emoji presentation). */
      if (len - i >= 3 && memcmp(s + i, "\xEF\xB8\x8F", 3) == 0)
        i += 3;
    }
    if (++tiles > WLEN)
      return FALSE;
    code = code * 3 + t;
  }
  if (tiles != WLEN)
    return FALSE;
  *out = (guint8)code;
  return TRUE;
}

static void
append_emoji(GString *out, guint8 code)
{
  static const char *const emoji[3] = { "\xE2\xAC\x9C", "\xF0\x9F\x9F\xA8", "\xF0\x9F\x9F\xA9" };
  guint8 tile[WLEN];
  pattern_tiles(code, tile);
  for (int i = 0; i < WLEN; i++)
    g_string_append(out, emoji[tile[i]]);
}

static void
append_digits(GString *out, guint8 code)
{
  guint8 tile[WLEN];
  pattern_tiles(code, tile);
  for (int i = 0; i < WLEN; i++)
    g_string_append_c(out, (char)('0' + tile[i]));
}

static const char *
rules_label(HsRules rules)
{
  return rules == HS_RULES_STRICT ? "strict" : "nyt";
}

static guint
letter_count(const char *w, char c)
{
  guint n = 0;
  for (int i = 0; i < WLEN; i++)
    n += w[i] == c;
  return n;
}

/* NULL when WORD may be played after the row (GUESS, CODE) under RULES; otherwise a newly allocated
 * description of the first requirement it breaks. */
static char *
row_breach(HsRules rules, const char *guess, guint8 code, const char *word)
{
  if (rules == HS_RULES_STRICT) {
    guint8 would = hs_verify_feedback(guess, word);
    if (would == code)
      return NULL;
    GString *s = g_string_new("it could not be the answer (if it were, that row would show ");
    append_emoji(s, would);
    g_string_append_c(s, ')');
    return g_string_free(s, FALSE);
  }
  guint8 tile[WLEN];
  pattern_tiles(code, tile);
  for (int i = 0; i < WLEN; i++)
    if (tile[i] == 2 && word[i] != guess[i])
      return g_strdup_printf("letter %d must be '%c'", i + 1, guess[i]);
  for (int i = 0; i < WLEN; i++) {
    if (tile[i] == 0)
      continue;
    gboolean first = TRUE;
    guint revealed = 0;
    for (int j = 0; j < WLEN; j++)
      if (guess[j] == guess[i] && tile[j] != 0) {
        if (j < i)
          first = FALSE;
        revealed++;
      }
    if (!first || letter_count(word, guess[i]) >= revealed)
      continue;
    if (revealed == 1)
      return g_strdup_printf("it must contain '%c'", guess[i]);
    return g_strdup_printf("it must contain '%c' at least %u times", guess[i], revealed);
  }
  return NULL;
}

/* ======================================================================================== */
/* Problems, steps and paths                                                                */
/* ======================================================================================== */

typedef struct {
  guint line; /* G_MAXUINT for problems that concern the file as a whole */
  guint seq;
  char *text;
} Problem;

/* One node of a tree format (a by-pattern line, the opener of a by-pattern file, or a JSON object). */
typedef struct {
  guint line;
  gboolean leaf;          /* a by-pattern "= SOLVED =" line */
  const char *guess_text; /* as written; NULL for a leaf */
  guint guess;            /* word index or HS_NONE */
  const char *key;        /* pattern sequence from the opener, one byte per step (code + 1) */
  GPtrArray *cands;       /* const char*: the stated candidates, NULL when the file states none */
  guint stated_n;         /* by-pattern "(N)", G_MAXUINT when absent */
  GArray *reached;        /* guint: the answers whose walk reaches the node, in canonical order */
} Node;

/* A tree read from a file: nodes by key, in file order. */
typedef struct {
  GPtrArray *nodes;   /* Node*, owned, in file order */
  GHashTable *by_key; /* key -> Node* */
  Node *root;
  gboolean leaves; /* by-pattern: solved answers have a "= SOLVED =" line */
} Tree;

/* A summary figure stated in the file ("3 guesses: 706", "histogram": {"3": 706}). */
typedef struct {
  guint d;
  guint64 count;
  guint line;
} Stated;

typedef struct {
  const HsWords *words;
  HsRules rules;
  guint cap;
  const char *file;
  GStringChunk *chunk; /* every token read from the file */
  GArray *problems;    /* Problem */
  GHashTable *said;    /* problem texts already recorded (owned by problems) */
  GHashTable *after;   /* history key -> Choice*: the guess played after that history */
  HsVerifyReport *r;
} Verifier;

typedef struct {
  guint word;
  guint line;
} Choice;

/* One guess of a path, as the file states it. */
typedef struct {
  guint word;       /* HS_NONE when not an allowed word */
  const char *text; /* as written */
  guint line;
  gint stated; /* the stated pattern, or -1 when the format does not state one */
} Step;

typedef struct {
  guint answer;
  guint line;    /* where problems about the whole path are reported */
  GArray *steps; /* Step */
  char *why;     /* tree walks: why the walk stopped before the answer, or NULL */
} Path;

static void add_problem(Verifier *v, guint line, const char *fmt, ...) G_GNUC_PRINTF(3, 4);

static void
add_problem(Verifier *v, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  char *text = line > 0 ? g_strdup_printf("%s:%u: %s", v->file, line, msg) : g_strdup_printf("%s: %s", v->file, msg);
  if (g_hash_table_contains(v->said, text)) {
    /* Tree formats share nodes between answers: say each thing once. */
    g_free(text);
    return;
  }
  g_hash_table_add(v->said, text);
  Problem p = { line > 0 ? line : G_MAXUINT, v->problems->len, text };
  g_array_append_val(v->problems, p);
}

static gboolean parse_fail(Verifier *v, GError **error, guint line, const char *fmt, ...) G_GNUC_PRINTF(4, 5);

static gboolean
parse_fail(Verifier *v, GError **error, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: %s", v->file, line, msg);
  return FALSE;
}

/* A token of the file, stored for the rest of the run. */
static const char *
keep(Verifier *v, const char *s, gsize len)
{
  return g_string_chunk_insert_len(v->chunk, s, (gssize)len);
}

/* TEXT made safe to quote: valid UTF-8, at most TOKEN_SHOWN bytes. */
static const char *
shown(Verifier *v, const char *text)
{
  gsize n = strlen(text);
  g_autofree char *valid = g_utf8_make_valid(text, (gssize)MIN(n, TOKEN_SHOWN));
  if (n > TOKEN_SHOWN) {
    g_autofree char *cut = g_strconcat(valid, "…", NULL);
    return g_string_chunk_insert(v->chunk, cut);
  }
  return g_string_chunk_insert(v->chunk, valid);
}

static guint
lookup(const Verifier *v, const char *text)
{
  return hs_words_lookup(v->words, text);
}

/* Added to "is not an allowed word" for a word written in upper case (the lists are lowercase). */
static const char *
case_note(const char *text)
{
  gboolean upper = FALSE;
  if (strlen(text) != WLEN)
    return "";
  for (int i = 0; i < WLEN; i++) {
    if (!g_ascii_isalpha(text[i]))
      return "";
    upper = upper || g_ascii_isupper(text[i]);
  }
  return upper ? " (upper-case letters are not accepted)" : "";
}

/* Checks one answer's path with the rules every format shares and counts it in the report when it
 * ends with the answer. */
static void
check_path(Verifier *v, const Path *path)
{
  const char *answer = v->words->text[path->answer];
  guint n = path->steps->len;
  if (n > PATH_LIMIT) {
    add_problem(v, path->line, "'%s' takes more than %u guesses (the verifier's limit)", answer, PATH_LIMIT);
    return;
  }
  guint row_word[PATH_LIMIT];
  guint8 row_code[PATH_LIMIT];
  g_autoptr(GString) key = g_string_new(NULL);     /* the history, for the one-guess-per-history check */
  g_autoptr(GString) history = g_string_new(NULL); /* the same, for messages */
  guint solved_at = 0;
  for (guint i = 0; i < n; i++) {
    const Step *st = &g_array_index(path->steps, Step, i);
    if (st->word == HS_NONE) {
      add_problem(v, st->line, "'%s' is not an allowed word%s", shown(v, st->text), case_note(st->text));
      return;
    }
    const char *g = v->words->text[st->word];
    guint8 code = hs_verify_feedback(g, answer);
    if (st->stated >= 0 && st->stated != code) {
      g_autoptr(GString) got = g_string_new(NULL), said = g_string_new(NULL);
      append_emoji(got, code);
      append_emoji(said, (guint8)st->stated);
      add_problem(v, st->line, "'%s' against '%s' gives %s, not %s", g, answer, got->str, said->str);
    }
    for (guint j = 0; j < i; j++) {
      g_autofree char *why = row_breach(v->rules, v->words->text[row_word[j]], row_code[j], g);
      if (why != NULL) {
        g_autoptr(GString) row = g_string_new(NULL);
        append_emoji(row, row_code[j]);
        add_problem(v, st->line, "'%s' breaks hard mode (%s) after %s %s: %s", g, rules_label(v->rules),
                    v->words->text[row_word[j]], row->str, why);
        break;
      }
    }
    Choice *c = g_hash_table_lookup(v->after, key->str);
    if (c == NULL) {
      c = g_new(Choice, 1);
      c->word = st->word;
      c->line = st->line;
      g_hash_table_insert(v->after, g_strdup(key->str), c);
    } else if (c->word != st->word) {
      if (i == 0)
        add_problem(v, st->line, "the first guess is '%s' here but '%s' on line %u", g, v->words->text[c->word],
                    c->line);
      else
        add_problem(v, st->line, "after %s the guess is '%s' here but '%s' on line %u", history->str, g,
                    v->words->text[c->word], c->line);
    }
    row_word[i] = st->word;
    row_code[i] = code;
    if (code == ALL_GREEN) {
      solved_at = i + 1;
      if (i + 1 < n)
        add_problem(v, path->line, "'%s' is solved by guess %u, but the path goes on to %u guesses", answer, i + 1, n);
      break;
    }
    g_string_append_printf(key, "%u.%u;", st->word, code);
    if (history->len > 0)
      g_string_append_c(history, ' ');
    g_string_append_printf(history, "%s ", g);
    append_emoji(history, code);
  }
  if (solved_at == 0) {
    if (path->why != NULL)
      add_problem(v, path->line, "%s", path->why);
    else if (n == 0)
      add_problem(v, path->line, "'%s' has no guesses", answer);
    else
      add_problem(v, path->line, "'%s' is not solved: the path ends with '%s', not the answer", answer,
                  v->words->text[row_word[n - 1]]);
    return;
  }
  if (solved_at > v->cap)
    add_problem(v, path->line, "'%s' needs %u guesses (more than %u)", answer, solved_at, v->cap);
  HsVerifyReport *r = v->r;
  if (r->paths->pdata[path->answer] == NULL) {
    GArray *words = g_array_sized_new(FALSE, FALSE, sizeof(guint32), solved_at);
    for (guint i = 0; i < solved_at; i++) {
      guint32 w = row_word[i];
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
path_push(Path *path, guint word, const char *text, guint line, gint stated)
{
  Step st = { word, text, line, stated };
  g_array_append_val(path->steps, st);
}

/* ======================================================================================== */
/* Text helpers                                                                             */
/* ======================================================================================== */

typedef struct {
  const char *text;
  gsize len;
  gsize pos;
  guint lineno;
} Lines;

static gboolean
next_line(Lines *it, const char **line, gsize *len)
{
  if (it->pos >= it->len)
    return FALSE;
  const char *start = it->text + it->pos;
  const char *nl = memchr(start, '\n', it->len - it->pos);
  gsize l = nl != NULL ? (gsize)(nl - start) : it->len - it->pos;
  it->pos += l + (nl != NULL ? 1 : 0);
  it->lineno++;
  if (l > 0 && start[l - 1] == '\r')
    l--;
  *line = start;
  *len = l;
  return TRUE;
}

static gboolean
is_blank(char c)
{
  return c == ' ' || c == '\t';
}

static void
trim(const char **s, gsize *len)
{
  while (*len > 0 && is_blank((*s)[0]))
    (*s)++, (*len)--;
  while (*len > 0 && is_blank((*s)[*len - 1]))
    (*len)--;
}

static gsize
skip_blanks(const char *s, gsize len, gsize i)
{
  while (i < len && is_blank(s[i]))
    i++;
  return i;
}

static gboolean
take(const char *s, gsize len, gsize *i, const char *lit)
{
  gsize l = strlen(lit);
  if (len - *i < l || memcmp(s + *i, lit, l) != 0)
    return FALSE;
  *i += l;
  return TRUE;
}

static gboolean
starts_with(const char *s, gsize len, const char *lit)
{
  gsize i = 0;
  return take(s, len, &i, lit);
}

/* Skips a UTF-8 byte-order mark. */
static void
skip_bom(const char **text, gsize *len)
{
  if (*len >= 3 && memcmp(*text, "\xEF\xBB\xBF", 3) == 0)
    *text += 3, *len -= 3;
}

/* Header lines ("# key: value") of a text format, up to the first line that is neither blank nor a
 * comment. */
typedef struct {
  char *lists, *rules, *opener, *kind;
  guint opener_line;
} Header;

static void
header_clear(Header *h)
{
  g_free(h->lists);
  g_free(h->rules);
  g_free(h->opener);
  g_free(h->kind);
  memset(h, 0, sizeof *h);
}

static void
read_header(const char *text, gsize len, Header *h)
{
  memset(h, 0, sizeof *h);
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (next_line(&it, &line, &l)) {
    trim(&line, &l);
    if (l == 0)
      continue;
    if (line[0] != '#')
      break;
    line++, l--;
    trim(&line, &l);
    static const char *const keys[] = { "lists:", "rules:", "opener:" };
    char **slots[] = { &h->lists, &h->rules, &h->opener };
    for (guint k = 0; k < G_N_ELEMENTS(keys); k++) {
      if (!starts_with(line, l, keys[k]))
        continue;
      const char *val = line + strlen(keys[k]);
      gsize vl = l - strlen(keys[k]);
      trim(&val, &vl);
      if (*slots[k] == NULL) {
        *slots[k] = g_strndup(val, vl);
        if (k == 2)
          h->opener_line = it.lineno;
      }
    }
    if (h->kind == NULL && starts_with(line, l, "hardsix strategy (")) {
      const char *k0 = line + strlen("hardsix strategy (");
      const char *k1 = memchr(k0, ')', l - (gsize)(k0 - line));
      if (k1 != NULL)
        h->kind = g_strndup(k0, (gsize)(k1 - k0));
    }
  }
}

/* "N guesses: n" (or "1 guess: n"): the by-pattern summary. */
static gboolean
summary_line(const char *s, gsize len, guint *d, guint64 *count)
{
  gsize i = 0;
  guint64 a = 0, b = 0;
  gsize d0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - d0 < 9)
    a = a * 10 + (guint64)(s[i++] - '0');
  if (i == d0 || !(take(s, len, &i, " guesses:") || take(s, len, &i, " guess:")))
    return FALSE;
  i = skip_blanks(s, len, i);
  gsize c0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - c0 < 18)
    b = b * 10 + (guint64)(s[i++] - '0');
  if (i == c0 || skip_blanks(s, len, i) != len)
    return FALSE;
  *d = (guint)a;
  *count = b;
  return TRUE;
}

static gboolean
looks_by_pattern(const char *s, gsize len)
{
  const char *colon = memchr(s, ':', len);
  if (colon == NULL)
    return FALSE;
  gsize i = skip_blanks(s, len, (gsize)(colon - s) + 1);
  return starts_with(s + i, len - i, "next") || starts_with(s + i, len - i, "= SOLVED");
}

static gboolean
looks_per_word(const char *s, gsize len)
{
  gsize i = 0;
  while (i < len && g_ascii_isalpha(s[i]))
    i++;
  if (i == 0)
    return FALSE;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, ":"))
    return FALSE;
  i = skip_blanks(s, len, i);
  return i == len || s[i] == '[';
}

/* ======================================================================================== */
/* Detection and header peeking                                                             */
/* ======================================================================================== */

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
  if (text[i] == '{') {
    *out = HS_STRATEGY_FILE_JSON;
    return TRUE;
  }
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  gboolean opener = FALSE;
  while (next_line(&it, &line, &l)) {
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
    guint d;
    guint64 n;
    if (summary_line(line, l, &d, &n) || starts_with(line, l, "average:") || looks_by_pattern(line, l)) {
      *out = HS_STRATEGY_FILE_BY_PATTERN;
      return TRUE;
    }
    if (looks_per_word(line, l)) {
      *out = HS_STRATEGY_FILE_PER_WORD;
      return TRUE;
    }
    g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE,
                "%s:%u: not a strategy file: expected a per-word line ('ANSWER: [GUESS] => PATTERN / …'), "
                "a by-pattern line ('KEY: next {GUESS} / candidates (N) […]') or JSON",
                file, it.lineno);
    return FALSE;
  }
  /* Only comments: an empty strategy, whose header may still say which kind. */
  Header h;
  read_header(text, len, &h);
  gboolean per_word = g_strcmp0(h.kind, "per-word") == 0;
  header_clear(&h);
  if (per_word || opener) {
    *out = per_word ? HS_STRATEGY_FILE_PER_WORD : HS_STRATEGY_FILE_BY_PATTERN;
    return TRUE;
  }
  g_set_error(error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: no strategy lines (only comments)", file,
              MAX(it.lineno, 1u));
  return FALSE;
}

/* ======================================================================================== */
/* JSON reader                                                                              */
/* ======================================================================================== */

typedef enum { J_NULL, J_BOOL, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT } JKind;

typedef struct JVal JVal;

typedef struct {
  char *key;
  guint line;
  JVal *val;
} JMember;

struct JVal {
  JKind kind;
  guint line;
  gboolean boolean;
  double number;
  gboolean count; /* the number is a non-negative integer below 2^53 */
  char *str;
  GPtrArray *items; /* JVal* (arrays) or JMember* (objects) */
};

static void
jval_free(gpointer p)
{
  JVal *v = p;
  if (v == NULL)
    return;
  g_free(v->str);
  if (v->items != NULL)
    g_ptr_array_unref(v->items);
  g_free(v);
}

static void
jmember_free(gpointer p)
{
  JMember *m = p;
  g_free(m->key);
  jval_free(m->val);
  g_free(m);
}

typedef struct {
  const char *s;
  gsize len;
  gsize pos;
  guint line;
  guint depth;
  const char *file;
  GError **error;
} JParser;

static gpointer jp_fail(JParser *p, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static gpointer
jp_fail(JParser *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  if (p->error != NULL && *p->error == NULL)
    g_set_error(p->error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: %s", p->file, p->line, msg);
  return NULL;
}

static gpointer
jp_eof(JParser *p)
{
  return jp_fail(p, "unexpected end of file (the JSON is truncated)");
}

static void
jp_ws(JParser *p)
{
  while (p->pos < p->len) {
    char c = p->s[p->pos];
    if (c == '\n')
      p->line++;
    else if (c != ' ' && c != '\t' && c != '\r')
      return;
    p->pos++;
  }
}

static gpointer
jp_unexpected(JParser *p, const char *wanted)
{
  guchar c = (guchar)p->s[p->pos];
  if (c >= 0x20 && c < 0x7f)
    return jp_fail(p, "expected %s, found '%c'", wanted, c);
  return jp_fail(p, "expected %s, found byte 0x%02x", wanted, c);
}

static JVal *
jval_new(JKind kind, guint line)
{
  JVal *v = g_new0(JVal, 1);
  v->kind = kind;
  v->line = line;
  return v;
}

static gboolean
jp_hex4(JParser *p, guint *out)
{
  if (p->len - p->pos < 4)
    return FALSE;
  guint v = 0;
  for (int i = 0; i < 4; i++) {
    int d = g_ascii_xdigit_value(p->s[p->pos + (gsize)i]);
    if (d < 0)
      return FALSE;
    v = v * 16 + (guint)d;
  }
  p->pos += 4;
  *out = v;
  return TRUE;
}

/* Reads a string literal at p->pos (which holds '"'); returns it newly allocated. */
static char *
jp_string(JParser *p)
{
  guint start = p->line;
  p->pos++;
  g_autoptr(GString) out = g_string_new(NULL);
  for (;;) {
    if (p->pos >= p->len)
      return jp_fail(p, "unterminated string (it starts on line %u; the JSON is truncated)", start);
    guchar c = (guchar)p->s[p->pos];
    if (c == '"') {
      p->pos++;
      return g_string_free(g_steal_pointer(&out), FALSE);
    }
    if (c == '\n')
      return jp_fail(p, "unterminated string (a line break inside a string)");
    if (c < 0x20)
      return jp_fail(p, "control character 0x%02x inside a string", c);
    if (c != '\\') {
      g_string_append_c(out, (char)c);
      p->pos++;
      continue;
    }
    p->pos++;
    if (p->pos >= p->len)
      return jp_eof(p);
    char e = p->s[p->pos++];
    switch (e) {
      case '"': g_string_append_c(out, '"'); break;
      case '\\': g_string_append_c(out, '\\'); break;
      case '/': g_string_append_c(out, '/'); break;
      case 'b': g_string_append_c(out, '\b'); break;
      case 'f': g_string_append_c(out, '\f'); break;
      case 'n': g_string_append_c(out, '\n'); break;
      case 'r': g_string_append_c(out, '\r'); break;
      case 't': g_string_append_c(out, '\t'); break;
      case 'u': {
        guint u;
        if (!jp_hex4(p, &u))
          return jp_fail(p, "bad \\u escape (four hex digits expected)");
        if (u >= 0xD800 && u <= 0xDBFF) {
          guint lo;
          if (!(p->len - p->pos >= 2 && p->s[p->pos] == '\\' && p->s[p->pos + 1] == 'u'))
            return jp_fail(p, "lone surrogate \\u%04X in a string", u);
          p->pos += 2;
          if (!jp_hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF)
            return jp_fail(p, "bad surrogate pair in a string");
          u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
        } else if (u >= 0xDC00 && u <= 0xDFFF) {
          return jp_fail(p, "lone surrogate \\u%04X in a string", u);
        }
        if (u == 0)
          return jp_fail(p, "\\u0000 inside a string");
        g_string_append_unichar(out, u);
        break;
      }
      default: p->pos--; return jp_unexpected(p, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)");
    }
  }
}

static JVal *
jp_number(JParser *p)
{
  gsize start = p->pos;
  gboolean integral = TRUE, negative = FALSE;
  if (p->s[p->pos] == '-') {
    negative = TRUE;
    p->pos++;
  }
  if (p->pos < p->len && p->s[p->pos] == '0') {
    p->pos++;
  } else if (p->pos < p->len && g_ascii_isdigit(p->s[p->pos])) {
    while (p->pos < p->len && g_ascii_isdigit(p->s[p->pos]))
      p->pos++;
  } else {
    return p->pos >= p->len ? jp_eof(p) : jp_unexpected(p, "a digit");
  }
  if (p->pos < p->len && p->s[p->pos] == '.') {
    integral = FALSE;
    p->pos++;
    gsize d0 = p->pos;
    while (p->pos < p->len && g_ascii_isdigit(p->s[p->pos]))
      p->pos++;
    if (p->pos == d0)
      return p->pos >= p->len ? jp_eof(p) : jp_unexpected(p, "a digit after '.'");
  }
  if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
    integral = FALSE;
    p->pos++;
    if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
      p->pos++;
    gsize d0 = p->pos;
    while (p->pos < p->len && g_ascii_isdigit(p->s[p->pos]))
      p->pos++;
    if (p->pos == d0)
      return p->pos >= p->len ? jp_eof(p) : jp_unexpected(p, "a digit in the exponent");
  }
  g_autofree char *copy = g_strndup(p->s + start, p->pos - start);
  JVal *v = jval_new(J_NUMBER, p->line);
  v->number = g_ascii_strtod(copy, NULL);
  v->count = integral && !negative && v->number < 9007199254740992.0;
  return v;
}

static JVal *jp_value(JParser *p);

static JVal *
jp_container(JParser *p, gboolean object)
{
  if (++p->depth > JSON_NESTING_LIMIT)
    return jp_fail(p, "JSON nested deeper than %u levels", JSON_NESTING_LIMIT);
  JVal *v = jval_new(object ? J_OBJECT : J_ARRAY, p->line);
  v->items = g_ptr_array_new_with_free_func(object ? jmember_free : jval_free);
  char close = object ? '}' : ']';
  p->pos++;
  jp_ws(p);
  if (p->pos < p->len && p->s[p->pos] == close) {
    p->pos++;
    p->depth--;
    return v;
  }
  for (;;) {
    jp_ws(p);
    if (p->pos >= p->len)
      goto eof;
    if (object) {
      if (p->s[p->pos] != '"') {
        jp_unexpected(p, "a \"key\" string");
        goto fail;
      }
      guint key_line = p->line;
      char *key = jp_string(p);
      if (key == NULL)
        goto fail;
      for (guint i = 0; i < v->items->len; i++) {
        const JMember *m = v->items->pdata[i];
        if (strcmp(m->key, key) == 0) {
          g_autofree char *k = g_utf8_make_valid(key, -1);
          g_free(key);
          p->line = key_line;
          jp_fail(p, "duplicate key \"%s\" (first on line %u)", k, m->line);
          goto fail;
        }
      }
      JMember *m = g_new0(JMember, 1);
      m->key = key;
      m->line = key_line;
      g_ptr_array_add(v->items, m);
      jp_ws(p);
      if (p->pos >= p->len)
        goto eof;
      if (p->s[p->pos] != ':') {
        jp_unexpected(p, "':' after the key");
        goto fail;
      }
      p->pos++;
      m->val = jp_value(p);
      if (m->val == NULL)
        goto fail;
    } else {
      JVal *item = jp_value(p);
      if (item == NULL)
        goto fail;
      g_ptr_array_add(v->items, item);
    }
    jp_ws(p);
    if (p->pos >= p->len)
      goto eof;
    if (p->s[p->pos] == ',') {
      p->pos++;
      continue;
    }
    if (p->s[p->pos] == close) {
      p->pos++;
      p->depth--;
      return v;
    }
    jp_unexpected(p, object ? "',' or '}'" : "',' or ']'");
    goto fail;
  }
eof:
  jp_eof(p);
fail:
  jval_free(v);
  return NULL;
}

static JVal *
jp_value(JParser *p)
{
  jp_ws(p);
  if (p->pos >= p->len)
    return jp_eof(p);
  char c = p->s[p->pos];
  if (c == '{' || c == '[')
    return jp_container(p, c == '{');
  if (c == '"') {
    guint line = p->line;
    char *s = jp_string(p);
    if (s == NULL)
      return NULL;
    JVal *v = jval_new(J_STRING, line);
    v->str = s;
    return v;
  }
  if (c == '-' || g_ascii_isdigit(c))
    return jp_number(p);
  static const struct {
    const char *word;
    JKind kind;
    gboolean b;
  } literals[] = {
    { "true", J_BOOL, TRUE },
    { "false", J_BOOL, FALSE },
    { "null", J_NULL, FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS(literals); i++) {
    gsize l = strlen(literals[i].word);
    if (p->len - p->pos >= l && memcmp(p->s + p->pos, literals[i].word, l) == 0) {
      p->pos += l;
      JVal *v = jval_new(literals[i].kind, p->line);
      v->boolean = literals[i].b;
      return v;
    }
    if (p->len - p->pos < l && memcmp(p->s + p->pos, literals[i].word, p->len - p->pos) == 0)
      return jp_eof(p);
  }
  return jp_unexpected(p, "a JSON value");
}

/* Parses the whole of TEXT as one JSON value. */
static JVal *
json_parse(const char *text, gsize len, const char *file, GError **error)
{
  JParser p = { text, len, 0, 1, 0, file, error };
  JVal *v = jp_value(&p);
  if (v == NULL)
    return NULL;
  jp_ws(&p);
  if (p.pos < p.len) {
    jp_unexpected(&p, "the end of the file after the JSON value");
    jval_free(v);
    return NULL;
  }
  return v;
}

/* The member KEY of object OBJ, or NULL. */
static const JMember *
jmember(const JVal *obj, const char *key)
{
  if (obj == NULL || obj->kind != J_OBJECT)
    return NULL;
  for (guint i = 0; i < obj->items->len; i++) {
    const JMember *m = obj->items->pdata[i];
    if (strcmp(m->key, key) == 0)
      return m;
  }
  return NULL;
}

static const char *
jstring(const JVal *obj, const char *key)
{
  const JMember *m = jmember(obj, key);
  return m != NULL && m->val->kind == J_STRING ? m->val->str : NULL;
}

/* ======================================================================================== */
/* Trees (by-pattern and JSON)                                                              */
/* ======================================================================================== */

static void
node_free(gpointer p)
{
  Node *n = p;
  if (n->cands != NULL)
    g_ptr_array_unref(n->cands);
  g_array_unref(n->reached);
  g_free(n);
}

static Node *
node_new(guint line)
{
  Node *n = g_new0(Node, 1);
  n->line = line;
  n->guess = HS_NONE;
  n->stated_n = G_MAXUINT;
  n->reached = g_array_new(FALSE, FALSE, sizeof(guint));
  return n;
}

static void
tree_init(Tree *t, gboolean leaves)
{
  t->nodes = g_ptr_array_new_with_free_func(node_free);
  t->by_key = g_hash_table_new(g_str_hash, g_str_equal);
  t->root = NULL;
  t->leaves = leaves;
}

static void
tree_clear(Tree *t)
{
  g_hash_table_destroy(t->by_key);
  g_ptr_array_unref(t->nodes);
}

/* The key as text: emoji joined by "=>" (by-pattern) or digits joined by "/" (JSON). */
static char *
key_text(const char *key, gsize len, gboolean digits)
{
  GString *s = g_string_new(NULL);
  for (gsize i = 0; i < len; i++) {
    if (i > 0)
      g_string_append(s, digits ? "/" : "=>");
    guint8 code = (guint8)((guchar)key[i] - 1);
    if (digits)
      append_digits(s, code);
    else
      append_emoji(s, code);
  }
  return g_string_free(s, FALSE);
}

/* Adds N under its key; a second node with the same key is a problem naming both lines. */
static void
tree_add(Verifier *v, Tree *t, Node *n, gboolean json)
{
  Node *prev = g_hash_table_lookup(t->by_key, n->key);
  if (prev != NULL) {
    g_autofree char *k = key_text(n->key, strlen(n->key), json);
    if (json)
      add_problem(v, n->line, "a second child with the pattern path %s (first on line %u)", k, prev->line);
    else
      add_problem(v, n->line, "a second line for %s (first on line %u)", k, prev->line);
    node_free(n);
    return;
  }
  g_hash_table_insert(t->by_key, (gpointer)n->key, n);
  g_ptr_array_add(t->nodes, n);
}

/* TRUE when a node above N plays a word that is not allowed: the walk stops there, so N's candidates
 * are not compared (the unknown word is the problem to report). */
static gboolean
below_unknown(const Tree *t, const Node *n)
{
  gsize len = strlen(n->key);
  g_autofree char *prefix = g_strndup(n->key, len);
  for (gsize l = len; l-- > 0;) {
    prefix[l] = '\0';
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

/* Walks every answer down the tree with recomputed feedback and checks each path. */
static void
walk_tree(Verifier *v, Tree *t, gboolean json)
{
  g_autoptr(GString) key = g_string_new(NULL);
  Path path = { 0, 0, g_array_new(FALSE, FALSE, sizeof(Step)), NULL };
  for (guint a = 0; a < v->words->n_answers; a++) {
    const char *answer = v->words->text[a];
    Node *node = t->root;
    g_string_truncate(key, 0);
    g_array_set_size(path.steps, 0);
    path.answer = a;
    path.why = NULL;
    g_array_append_val(node->reached, a);
    for (;;) {
      path_push(&path, node->guess, node->guess_text, node->line, -1);
      path.line = node->line;
      if (path.steps->len > PATH_LIMIT || node->guess == HS_NONE)
        break;
      guint8 code = hs_verify_feedback(v->words->text[node->guess], answer);
      if (code == ALL_GREEN) {
        if (t->leaves) {
          g_string_append_c(key, (char)(ALL_GREEN + 1));
          Node *leaf = g_hash_table_lookup(t->by_key, key->str);
          if (leaf != NULL && leaf->leaf) {
            g_array_append_val(leaf->reached, a);
            path.line = leaf->line;
          } else if (leaf == NULL) {
            g_autofree char *k = key_text(key->str, key->len, FALSE);
            add_problem(v, node->line, "'%s' is solved here but there is no '= SOLVED =' line for %s", answer, k);
          }
        }
        break;
      }
      g_string_append_c(key, (char)(code + 1));
      Node *child = g_hash_table_lookup(t->by_key, key->str);
      if (child == NULL || child->leaf) {
        g_autoptr(GString) p = g_string_new(NULL);
        if (json) {
          append_digits(p, code);
          path.why = g_strdup_printf("'%s' is not solved: '%s' has no child with the pattern \"%s\"", answer,
                                     node->guess_text, p->str);
        } else {
          g_autofree char *k = key_text(key->str, key->len, FALSE);
          if (child == NULL)
            path.why = g_strdup_printf("'%s' is not solved: no line for %s", answer, k);
          else
            path.why =
              g_strdup_printf("'%s' is not solved: the line for %s (line %u) is '= SOLVED ='", answer, k, child->line);
        }
        break;
      }
      g_array_append_val(child->reached, a);
      node = child;
    }
    check_path(v, &path);
    g_clear_pointer(&path.why, g_free);
  }
  g_array_unref(path.steps);
}

/* Checks each node on its own: its words, its "(N)", and that its candidates are exactly the answers
 * that reach it. */
static void
check_nodes(Verifier *v, Tree *t, gboolean json)
{
  const char *what = json ? "node" : "line";
  guint n_answers = v->words->n_answers;
  g_autofree guint *listed = g_new0(guint, n_answers);  /* stamp: listed by node i+1 */
  g_autofree guint *reaches = g_new0(guint, n_answers); /* stamp: reaches node i+1 */
  g_autoptr(GArray) missing = g_array_new(FALSE, FALSE, sizeof(guint));
  g_autoptr(GArray) extra = g_array_new(FALSE, FALSE, sizeof(guint));
  for (guint i = 0; i < t->nodes->len; i++) {
    Node *n = t->nodes->pdata[i];
    guint stamp = i + 1;
    gsize klen = strlen(n->key);
    gboolean ends_green = klen > 0 && (guchar)n->key[klen - 1] == ALL_GREEN + 1;
    if (n->leaf && !ends_green)
      add_problem(v, n->line, "a '= SOLVED =' line must end with 🟩🟩🟩🟩🟩");
    if (!json && !n->leaf && ends_green)
      add_problem(v, n->line, "the line after 🟩🟩🟩🟩🟩 must be '= SOLVED =', not 'next'");
    if (!n->leaf && n->guess == HS_NONE)
      add_problem(v, n->line, "'%s' is not an allowed word%s", shown(v, n->guess_text), case_note(n->guess_text));
    if (n->cands == NULL)
      continue;
    if (n->stated_n != G_MAXUINT && n->stated_n != n->cands->len)
      add_problem(v, n->line, "says %u candidates but lists %u", n->stated_n, n->cands->len);
    for (guint k = 0; k < n->reached->len; k++)
      reaches[g_array_index(n->reached, guint, k)] = stamp;
    g_array_set_size(missing, 0);
    g_array_set_size(extra, 0);
    for (guint k = 0; k < n->cands->len; k++) {
      const char *c = n->cands->pdata[k];
      guint w = lookup(v, c);
      if (w == HS_NONE) {
        add_problem(v, n->line, "candidate '%s' is not an allowed word%s", shown(v, c), case_note(c));
      } else if (w >= n_answers) {
        add_problem(v, n->line, "candidate '%s' is not an answer", c);
      } else if (listed[w] == stamp) {
        add_problem(v, n->line, "candidate '%s' is listed twice", c);
      } else {
        listed[w] = stamp;
        if (reaches[w] != stamp)
          g_array_append_val(extra, w);
      }
    }
    if (below_unknown(t, n))
      continue;
    for (guint k = 0; k < n->reached->len; k++) {
      guint w = g_array_index(n->reached, guint, k);
      if (listed[w] != stamp)
        g_array_append_val(missing, w);
    }
    if (n->reached->len == 0) {
      add_problem(v, n->line, "no answer reaches this %s", what);
    } else if (missing->len > 0 || extra->len > 0) {
      g_autoptr(GString) s = g_string_new(NULL);
      g_string_append_printf(s, "the candidates are not the %u answers that reach this %s:", n->reached->len, what);
      if (extra->len > 0) {
        g_string_append(s, " listed but not reaching it: ");
        append_names(s, v, extra);
        if (missing->len > 0)
          g_string_append_c(s, ';');
      }
      if (missing->len > 0) {
        g_string_append(s, " reaching it but not listed: ");
        append_names(s, v, missing);
      }
      add_problem(v, n->line, "%s", s->str);
    }
  }
}

/* Compares a stated histogram with the one the paths give. PRESENT_LINE is where an empty histogram
 * was stated (JSON "histogram": {}), 0 when the file has none. */
static void
check_histogram(Verifier *v, const GArray *stated, const char *how, guint present_line)
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
        add_problem(v, s->line, "%s states %u guesses twice", how, s->d);
        continue;
      }
      seen[s->d] = TRUE;
    }
    if (s->count != real)
      add_problem(v, s->line, "%s says %u guesses: %" G_GUINT64_FORMAT ", but the strategy gives %" G_GUINT64_FORMAT,
                  how, s->d, s->count, real);
  }
  guint line = stated->len > 0 ? g_array_index(stated, Stated, 0).line : present_line;
  for (guint d = 1; d <= PATH_LIMIT; d++)
    if (r->hist[d] > 0 && !seen[d])
      add_problem(v, line, "%s has no figure for %u guesses (the strategy gives %u)", how, d, r->hist[d]);
}

/* Compares a stated average (4 decimals) with total/n. */
static void
check_average(Verifier *v, double stated, guint line)
{
  const HsVerifyReport *r = v->r;
  double real = r->n_answers > 0 ? (double)r->total / r->n_answers : 0.0;
  double diff = stated > real ? stated - real : real - stated;
  if (diff > 0.00005 + 1e-9) {
    char said[G_ASCII_DTOSTR_BUF_SIZE], gives[G_ASCII_DTOSTR_BUF_SIZE];
    add_problem(v, line, "the average is %s, but the strategy gives %s",
                g_ascii_formatd(said, sizeof said, "%.4f", stated), g_ascii_formatd(gives, sizeof gives, "%.4f", real));
  }
}

/* ======================================================================================== */
/* by-pattern                                                                               */
/* ======================================================================================== */

/* Parses "KEY: next {GUESS} / candidates (N) [w1, w2, …]" or "KEY: = SOLVED = / candidates (1) [w]". */
static gboolean
parse_node_line(Verifier *v, const char *s, gsize len, guint lineno, Node **out, GError **error)
{
  const char *colon = memchr(s, ':', len);
  if (colon == NULL)
    return parse_fail(v, error, lineno, "expected 'KEY: next {GUESS} / candidates (N) […]'");
  g_autoptr(GString) key = g_string_new(NULL);
  gsize klen = (gsize)(colon - s), i = 0;
  while (i <= klen) {
    const char *arrow = g_strstr_len(s + i, (gssize)(klen - i), "=>");
    gsize end = arrow != NULL ? (gsize)(arrow - s) : klen;
    const char *part = s + i;
    gsize pl = end - i;
    trim(&part, &pl);
    guint8 code;
    if (!read_pattern(part, pl, &code)) {
      g_autofree char *bad = g_utf8_make_valid(part, (gssize)MIN(pl, TOKEN_SHOWN));
      if (pl == 0)
        return parse_fail(v, error, lineno, "empty pattern in the key (expected 'KEY: next {GUESS} / …')");
      return parse_fail(v, error, lineno, "'%s' is not a pattern of 5 tiles (in the key)", bad);
    }
    /* Deeper keys cannot verify anyway, and bounding them keeps the prefix checks linear. */
    if (key->len == PATH_LIMIT)
      return parse_fail(v, error, lineno, "the key has more than %u patterns (the verifier's limit)", PATH_LIMIT);
    g_string_append_c(key, (char)(code + 1));
    i = end + 2;
  }
  i = skip_blanks(s, len, klen + 1);
  Node *n = node_new(lineno);
  if (take(s, len, &i, "next")) {
    i = skip_blanks(s, len, i);
    if (!take(s, len, &i, "{"))
      goto bad;
    const char *close = memchr(s + i, '}', len - i);
    if (close == NULL)
      goto bad;
    const char *g = s + i;
    gsize gl = (gsize)(close - g);
    trim(&g, &gl);
    if (gl == 0)
      goto bad;
    n->guess_text = keep(v, g, gl);
    n->guess = lookup(v, n->guess_text);
    i = (gsize)(close - s) + 1;
  } else if (take(s, len, &i, "=")) {
    i = skip_blanks(s, len, i);
    if (!take(s, len, &i, "SOLVED"))
      goto bad;
    i = skip_blanks(s, len, i);
    if (!take(s, len, &i, "="))
      goto bad;
    n->leaf = TRUE;
  } else {
    goto bad;
  }
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "/"))
    goto bad;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "candidates"))
    goto bad;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "("))
    goto bad;
  guint64 count = 0;
  gsize d0 = i;
  while (i < len && g_ascii_isdigit(s[i]) && i - d0 < 9)
    count = count * 10 + (guint64)(s[i++] - '0');
  if (i == d0 || !take(s, len, &i, ")"))
    goto bad;
  n->stated_n = (guint)count;
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "["))
    goto bad;
  n->cands = g_ptr_array_new();
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, "]")) {
    for (;;) {
      gsize w0 = i;
      while (i < len && s[i] != ',' && s[i] != ']')
        i++;
      if (i == len)
        goto bad;
      const char *w = s + w0;
      gsize wl = i - w0;
      trim(&w, &wl);
      if (wl == 0)
        goto bad;
      g_ptr_array_add(n->cands, (gpointer)keep(v, w, wl));
      if (s[i++] == ']')
        break;
    }
  }
  if (skip_blanks(s, len, i) != len)
    goto bad;
  n->key = keep(v, key->str, key->len);
  *out = n;
  return TRUE;
bad:
  node_free(n);
  return parse_fail(v, error, lineno,
                    "expected 'KEY: next {GUESS} / candidates (N) [w1, w2, …]' or 'KEY: = SOLVED = / candidates (1) "
                    "[ANSWER]'");
}

static gboolean
verify_by_pattern(Verifier *v, const char *text, gsize len, GError **error)
{
  Header h;
  read_header(text, len, &h);
  v->r->lists_hint = g_steal_pointer(&h.lists);
  v->r->rules_hint = g_steal_pointer(&h.rules);
  if (h.opener == NULL || h.opener[0] == '\0') {
    header_clear(&h);
    return parse_fail(v, error, 1, "a by-pattern file needs a '# opener: WORD' header line");
  }
  Tree t;
  tree_init(&t, TRUE);
  Node *root = node_new(h.opener_line);
  root->guess_text = keep(v, h.opener, strlen(h.opener));
  root->guess = lookup(v, root->guess_text);
  root->key = "";
  g_hash_table_insert(t.by_key, (gpointer)root->key, root);
  t.root = root;
  header_clear(&h);

  g_autoptr(GArray) stated = g_array_new(FALSE, FALSE, sizeof(Stated));
  gboolean have_average = FALSE;
  double average = 0;
  guint average_line = 0;
  gboolean ok = TRUE;
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (ok && next_line(&it, &line, &l)) {
    trim(&line, &l);
    if (l == 0 || line[0] == '#')
      continue;
    Stated st = { 0, 0, it.lineno };
    if (summary_line(line, l, &st.d, &st.count)) {
      g_array_append_val(stated, st);
      continue;
    }
    if (starts_with(line, l, "average:")) {
      g_autofree char *num = g_strndup(line + strlen("average:"), l - strlen("average:"));
      char *end = NULL;
      g_strstrip(num);
      average = g_ascii_strtod(num, &end);
      if (end == num || (*end != '\0' && *end != ' '))
        ok = parse_fail(v, error, it.lineno, "expected 'average: NUMBER'");
      have_average = TRUE;
      average_line = it.lineno;
      continue;
    }
    Node *n = NULL;
    ok = parse_node_line(v, line, l, it.lineno, &n, error);
    if (ok)
      tree_add(v, &t, n, FALSE);
  }
  if (ok) {
    walk_tree(v, &t, FALSE);
    check_nodes(v, &t, FALSE);
    check_histogram(v, stated, "the summary", 0);
    if (have_average)
      check_average(v, average, average_line);
    if (root->guess_text != NULL)
      v->r->opener = g_strdup(root->guess_text);
  }
  tree_clear(&t);
  node_free(root);
  return ok;
}

/* ======================================================================================== */
/* JSON                                                                                     */
/* ======================================================================================== */

static gboolean json_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error);

static gboolean
json_children(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  const JMember *m = jmember(obj, "children");
  if (m == NULL || m->val->kind == J_NULL)
    return TRUE;
  if (m->val->kind != J_ARRAY)
    return parse_fail(v, error, m->line, "\"children\" must be an array");
  for (guint i = 0; i < m->val->items->len; i++) {
    const JVal *child = m->val->items->pdata[i];
    if (child->kind != J_OBJECT)
      return parse_fail(v, error, child->line, "a child must be an object");
    const JMember *pm = jmember(child, "pattern");
    if (pm == NULL)
      return parse_fail(v, error, child->line, "a child needs a \"pattern\"");
    guint8 code;
    if (pm->val->kind != J_STRING || !read_pattern(pm->val->str, strlen(pm->val->str), &code)) {
      g_autofree char *bad = pm->val->kind == J_STRING ? g_utf8_make_valid(pm->val->str, -1) : g_strdup("?");
      return parse_fail(v, error, pm->val->line, "\"pattern\" must be a pattern of 5 tiles, not \"%s\"", bad);
    }
    if (code == ALL_GREEN) {
      add_problem(v, pm->val->line, "a child with the pattern 22222 (the part a guess solves is not a child)");
      continue;
    }
    gsize keep_len = key->len;
    if (keep_len == PATH_LIMIT)
      return parse_fail(v, error, child->line, "the tree is deeper than %u patterns (the verifier's limit)",
                        PATH_LIMIT);
    g_string_append_c(key, (char)(code + 1));
    gboolean ok = json_node(v, t, child, key, error);
    g_string_truncate(key, keep_len);
    if (!ok)
      return FALSE;
  }
  return TRUE;
}

static gboolean
json_node(Verifier *v, Tree *t, const JVal *obj, GString *key, GError **error)
{
  if (obj->kind != J_OBJECT)
    return parse_fail(v, error, obj->line, "a tree node must be an object");
  const JMember *gm = jmember(obj, "guess");
  if (gm == NULL || gm->val->kind != J_STRING)
    return parse_fail(v, error, gm != NULL ? gm->line : obj->line, "a tree node needs a \"guess\" string");
  Node *n = node_new(gm->val->line);
  n->guess_text = g_string_chunk_insert(v->chunk, gm->val->str);
  n->guess = lookup(v, n->guess_text);
  n->key = keep(v, key->str, key->len);
  const JMember *cm = jmember(obj, "candidates");
  if (cm != NULL && cm->val->kind != J_NULL) {
    if (cm->val->kind != J_ARRAY) {
      node_free(n);
      return parse_fail(v, error, cm->line, "\"candidates\" must be an array of words");
    }
    n->cands = g_ptr_array_new();
    for (guint i = 0; i < cm->val->items->len; i++) {
      const JVal *c = cm->val->items->pdata[i];
      if (c->kind != J_STRING) {
        node_free(n);
        return parse_fail(v, error, c->line, "\"candidates\" must be an array of words");
      }
      g_ptr_array_add(n->cands, g_string_chunk_insert(v->chunk, c->str));
    }
  }
  gboolean first = g_hash_table_size(t->by_key) == 0;
  guint before = t->nodes->len;
  tree_add(v, t, n, TRUE);
  if (t->nodes->len == before)
    return TRUE; /* a duplicate: reported; its subtree is not read */
  if (first)
    t->root = n;
  return json_children(v, t, obj, key, error);
}

/* Reads a stated count ("answers", "total_guesses", histogram values). */
static gboolean
json_count(Verifier *v, const JVal *val, guint64 *out, const char *what, GError **error)
{
  if (val->kind != J_NUMBER || !val->count)
    return parse_fail(v, error, val->line, "%s must be a non-negative integer", what);
  *out = (guint64)val->number;
  return TRUE;
}

static gboolean
verify_json(Verifier *v, const char *text, gsize len, GError **error)
{
  JVal *top = json_parse(text, len, v->file, error);
  if (top == NULL)
    return FALSE;
  gboolean ok = TRUE;
  g_autoptr(GString) key = g_string_new(NULL);
  Tree t;
  tree_init(&t, FALSE);
  g_autoptr(GArray) stated = g_array_new(FALSE, FALSE, sizeof(Stated));
  if (top->kind != J_OBJECT) {
    ok = parse_fail(v, error, top->line, "expected a JSON object with a \"tree\"");
    goto out;
  }
  const char *format = jstring(top, "format");
  if (jmember(top, "format") != NULL && g_strcmp0(format, "hardsix-strategy") != 0) {
    g_autofree char *f = format ? g_utf8_make_valid(format, -1) : g_strdup("?");
    ok = parse_fail(v, error, jmember(top, "format")->line, "\"format\" is \"%s\", not \"hardsix-strategy\"", f);
    goto out;
  }
  const JMember *vm = jmember(top, "version");
  if (vm != NULL && (vm->val->kind != J_NUMBER || vm->val->number != 1.0)) {
    ok = parse_fail(v, error, vm->line, "unsupported \"version\" (this verifier reads version 1)");
    goto out;
  }
  v->r->lists_hint = g_strdup(jstring(top, "lists"));
  v->r->rules_hint = g_strdup(jstring(top, "rules"));
  const JMember *tm = jmember(top, "tree");
  if (tm == NULL) {
    ok = parse_fail(v, error, top->line, "no \"tree\" in the JSON object");
    goto out;
  }
  const JMember *hm = jmember(top, "histogram");
  if (hm != NULL && hm->val->kind != J_NULL) {
    if (hm->val->kind != J_OBJECT) {
      ok = parse_fail(v, error, hm->line, "\"histogram\" must be an object like {\"3\": 706}");
      goto out;
    }
    for (guint i = 0; i < hm->val->items->len; i++) {
      const JMember *m = hm->val->items->pdata[i];
      Stated st = { 0, 0, m->line };
      gsize kl = strlen(m->key);
      if (kl == 0 || kl > 9 || strspn(m->key, "0123456789") != kl) {
        g_autofree char *k = g_utf8_make_valid(m->key, -1);
        ok = parse_fail(v, error, m->line, "histogram key \"%s\" is not a number of guesses", k);
        goto out;
      }
      st.d = (guint)g_ascii_strtoull(m->key, NULL, 10);
      if (!(ok = json_count(v, m->val, &st.count, "a histogram figure", error)))
        goto out;
      g_array_append_val(stated, st);
    }
  }
  if (tm->val->kind == J_NULL) {
    add_problem(v, tm->line, "the strategy is empty (\"tree\": null)");
    for (guint a = 0; a < v->words->n_answers; a++)
      add_problem(v, 0, "'%s' is missing", v->words->text[a]);
    goto out;
  }
  if (!(ok = json_node(v, &t, tm->val, key, error)))
    goto out;
  const JMember *om = jmember(top, "opener");
  if (om != NULL && om->val->kind == J_STRING && strcmp(om->val->str, t.root->guess_text) != 0)
    add_problem(v, om->val->line, "\"opener\" is \"%s\" but the tree starts with '%s'", shown(v, om->val->str),
                shown(v, t.root->guess_text));
  walk_tree(v, &t, TRUE);
  check_nodes(v, &t, TRUE);
  check_histogram(v, stated, "the histogram", hm != NULL && hm->val->kind == J_OBJECT ? hm->line : 0);
  static const char *const totals[] = { "answers", "total_guesses" };
  for (guint i = 0; i < G_N_ELEMENTS(totals); i++) {
    const JMember *m = jmember(top, totals[i]);
    guint64 said = 0, real = i == 0 ? v->r->n_answers : v->r->total;
    if (m == NULL || m->val->kind == J_NULL)
      continue;
    if (!(ok = json_count(v, m->val, &said, totals[i], error)))
      goto out;
    if (said != real)
      add_problem(v, m->val->line, "\"%s\" is %" G_GUINT64_FORMAT ", but the strategy gives %" G_GUINT64_FORMAT,
                  totals[i], said, real);
  }
  const JMember *am = jmember(top, "average");
  if (am != NULL && am->val->kind == J_NUMBER)
    check_average(v, am->val->number, am->val->line);
  v->r->opener = g_strdup(t.root->guess_text);
out:
  tree_clear(&t);
  jval_free(top);
  return ok;
}

/* ======================================================================================== */
/* per-word                                                                                 */
/* ======================================================================================== */

typedef struct {
  guint line;
  const char *answer;
  GArray *steps; /* Step */
} WordLine;

/* Parses "ANSWER: [G1] => P1 / [G2] => P2 / … /" (the last '/' may be left out). */
static gboolean
parse_word_line(Verifier *v, const char *s, gsize len, guint lineno, WordLine *out, GError **error)
{
  static const char expected[] = "expected 'ANSWER: [GUESS] => PATTERN / [GUESS] => PATTERN / …'";
  gsize i = 0;
  while (i < len && g_ascii_isalpha(s[i]))
    i++;
  if (i == 0 || i > 32)
    return parse_fail(v, error, lineno, "%s", expected);
  out->line = lineno;
  out->answer = keep(v, s, i);
  i = skip_blanks(s, len, i);
  if (!take(s, len, &i, ":"))
    return parse_fail(v, error, lineno, "%s", expected);
  out->steps = g_array_new(FALSE, FALSE, sizeof(Step));
  for (;;) {
    i = skip_blanks(s, len, i);
    if (i == len)
      break;
    if (!take(s, len, &i, "["))
      return parse_fail(v, error, lineno, "%s (a step starts with '[')", expected);
    gsize g0 = i;
    while (i < len && s[i] != ']' && s[i] != '[')
      i++;
    if (i == len || s[i] != ']')
      return parse_fail(v, error, lineno, "%s (a '[' without its ']')", expected);
    const char *g = s + g0;
    gsize gl = i - g0;
    trim(&g, &gl);
    if (gl == 0)
      return parse_fail(v, error, lineno, "%s (an empty '[]')", expected);
    i = skip_blanks(s, len, i + 1);
    if (!take(s, len, &i, "=>"))
      return parse_fail(v, error, lineno, "%s ('=>' after a guess)", expected);
    i = skip_blanks(s, len, i);
    gsize p0 = i;
    while (i < len && !is_blank(s[i]) && s[i] != '/')
      i++;
    guint8 code;
    if (!read_pattern(s + p0, i - p0, &code)) {
      g_autofree char *bad = g_utf8_make_valid(s + p0, (gssize)MIN(i - p0, TOKEN_SHOWN));
      if (i == p0)
        return parse_fail(v, error, lineno, "a pattern is missing after '=>'");
      return parse_fail(v, error, lineno, "'%s' is not a pattern of 5 tiles", bad);
    }
    const char *gt = keep(v, g, gl);
    Step st = { lookup(v, gt), gt, lineno, code };
    g_array_append_val(out->steps, st);
    i = skip_blanks(s, len, i);
    if (i == len)
      break;
    if (!take(s, len, &i, "/"))
      return parse_fail(v, error, lineno, "%s ('/' after a pattern)", expected);
  }
  return TRUE;
}

static gboolean
verify_per_word(Verifier *v, const char *text, gsize len, GError **error)
{
  Header h;
  read_header(text, len, &h);
  v->r->lists_hint = g_steal_pointer(&h.lists);
  v->r->rules_hint = g_steal_pointer(&h.rules);
  /* The header's opener counts as the first guess of an earlier path. */
  if (h.opener != NULL) {
    guint w = lookup(v, h.opener);
    if (w == HS_NONE) {
      add_problem(v, h.opener_line, "'%s' is not an allowed word%s", shown(v, h.opener), case_note(h.opener));
    } else {
      Choice *c = g_new(Choice, 1);
      c->word = w;
      c->line = h.opener_line;
      g_hash_table_insert(v->after, g_strdup(""), c);
    }
  }

  GArray *lines = g_array_new(FALSE, TRUE, sizeof(WordLine));
  gboolean ok = TRUE;
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (ok && next_line(&it, &line, &l)) {
    trim(&line, &l);
    if (l == 0 || line[0] == '#')
      continue;
    WordLine wl = { 0, NULL, NULL };
    ok = parse_word_line(v, line, l, it.lineno, &wl, error);
    if (wl.steps != NULL)
      g_array_append_val(lines, wl);
  }
  if (ok) {
    guint n_answers = v->words->n_answers;
    g_autofree guint *line_of = g_new0(guint, n_answers);
    Path path = { 0, 0, NULL, NULL };
    for (guint k = 0; k < lines->len; k++) {
      WordLine *wl = &g_array_index(lines, WordLine, k);
      guint a = lookup(v, wl->answer);
      if (a == HS_NONE) {
        add_problem(v, wl->line, "'%s' is not an allowed word%s", shown(v, wl->answer), case_note(wl->answer));
        continue;
      }
      if (a >= n_answers) {
        add_problem(v, wl->line, "'%s' is not an answer", wl->answer);
        continue;
      }
      if (line_of[a] != 0) {
        add_problem(v, wl->line, "'%s' is listed twice (first on line %u)", wl->answer, line_of[a]);
        continue;
      }
      line_of[a] = wl->line;
      path.answer = a;
      path.line = wl->line;
      path.steps = wl->steps;
      check_path(v, &path);
      if (v->r->opener == NULL && wl->steps->len > 0)
        v->r->opener = g_strdup(g_array_index(wl->steps, Step, 0).text);
    }
    for (guint a = 0; a < n_answers; a++)
      if (line_of[a] == 0)
        add_problem(v, 0, "'%s' is missing", v->words->text[a]);
    if (v->r->opener == NULL && h.opener != NULL)
      v->r->opener = g_strdup(h.opener);
  }
  for (guint k = 0; k < lines->len; k++)
    g_array_unref(g_array_index(lines, WordLine, k).steps);
  g_array_unref(lines);
  header_clear(&h);
  return ok;
}

/* ======================================================================================== */
/* Entry points                                                                             */
/* ======================================================================================== */

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
  gsize i = 0;
  while (i < len && g_ascii_isspace(text[i]))
    i++;
  if (i < len && text[i] == '{') {
    JVal *top = json_parse(text, len, "", NULL);
    if (top != NULL) {
      if (lists != NULL)
        *lists = g_strdup(jstring(top, "lists"));
      if (rules != NULL)
        *rules = g_strdup(jstring(top, "rules"));
      jval_free(top);
    }
    return;
  }
  Header h;
  read_header(text, len, &h);
  if (lists != NULL)
    *lists = g_steal_pointer(&h.lists);
  if (rules != NULL)
    *rules = g_steal_pointer(&h.rules);
  header_clear(&h);
}

static gint
problem_cmp(gconstpointer a, gconstpointer b)
{
  const Problem *x = a, *y = b;
  if (x->line != y->line)
    return x->line < y->line ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
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

  Verifier v = { 0 };
  v.words = words;
  v.rules = rules;
  v.cap = max_guesses == 0 || max_guesses > PATH_LIMIT ? PATH_LIMIT : max_guesses;
  v.file = file;
  v.chunk = g_string_chunk_new(4096);
  v.problems = g_array_new(FALSE, FALSE, sizeof(Problem));
  v.said = g_hash_table_new(g_str_hash, g_str_equal);
  v.after = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free);
  v.r = g_new0(HsVerifyReport, 1);
  v.r->kind = kind;
  v.r->problems = g_ptr_array_new_with_free_func(g_free);
  v.r->paths = g_ptr_array_new_full(words->n_answers, free_path);
  g_ptr_array_set_size(v.r->paths, (gint)words->n_answers);

  gboolean ok = FALSE;
  switch (kind) {
    case HS_STRATEGY_FILE_PER_WORD: ok = verify_per_word(&v, text, len, error); break;
    case HS_STRATEGY_FILE_BY_PATTERN: ok = verify_by_pattern(&v, text, len, error); break;
    case HS_STRATEGY_FILE_JSON: ok = verify_json(&v, text, len, error); break;
  }

  g_array_sort(v.problems, problem_cmp);
  for (guint i = 0; i < v.problems->len; i++)
    g_ptr_array_add(v.r->problems, g_array_index(v.problems, Problem, i).text);
  v.r->ok = v.r->problems->len == 0;
  g_array_unref(v.problems);
  g_hash_table_destroy(v.said);
  g_hash_table_destroy(v.after);
  g_string_chunk_free(v.chunk);
  if (!ok) {
    hs_verify_report_free(v.r);
    return FALSE;
  }
  *report = v.r;
  return TRUE;
}
