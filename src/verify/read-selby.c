/* hardsix verifier — the outline of Alex Selby's exact solver (".tree" files): one line per answer,
 * "salet BBBBB1 crump BBBBB2 doing BBGBB3 whiff GGGGG4": each guess, then its pattern as letters
 * B/Y/G and the guess number; the path ends with GGGGGn. A line repeats nothing it shares with the
 * line above: it is indented with spaces to the column where the first differing token of the line
 * above starts. Each line is rebuilt in full and checked as that answer's path. */
#include "verify-private.h"

/* The outline is that solver's: five letters a-z, so 243 patterns, all green 242. */
#define SELBY_ALL_GREEN 242

/* One token of a rebuilt line. */
typedef struct {
  guint column;     /* where it starts (spaces before it) */
  const char *text; /* as written (in the input), LEN bytes */
  gsize len;
  const char *word; /* guesses: the word, NUL-terminated */
  guint index;      /* guesses: the word index or HS_NONE */
  guint code;       /* patterns: the pattern */
} Token;

typedef struct {
  Verifier *v;
  GArray *tokens; /* Token: the line above, rebuilt in full */
  guint above;    /* its line number */
  GArray *lines;  /* AnswerLine */
  GError **error;
} Selby;

/* Reads a pattern token "BBGYB3" (five of B, Y, G, then the guess number) into CODE and NUMBER;
 * returns NULL or what is wrong with it (a static string). */
static const char *
pattern_token(const char *t, gsize len, guint *code, guint *number)
{
  static const char tiles[] = "BYG"; /* grey 0, yellow 1, green 2 */
  guint c = 0;
  for (gsize i = 0; i < WLEN; i++) {
    const char *at = i < len && t[i] != '\0' ? strchr(tiles, t[i]) : NULL;
    if (at == NULL)
      return "is not a pattern (five letters B, Y or G, then the guess number)";
    c = c * 3 + (guint)(at - tiles);
  }
  if (len == WLEN)
    return "has no guess number after the pattern";
  guint n = 0;
  for (gsize i = WLEN; i < len; i++) {
    if (!g_ascii_isdigit(t[i]) || i - WLEN >= 9)
      return "has a malformed guess number (digits expected after the pattern)";
    n = n * 10 + (guint)(t[i] - '0');
  }
  *code = c;
  *number = n;
  return NULL;
}

/* "salet BBBBB1 …": a word, then letters and a number. Loose on purpose, so that a malformed pattern
 * on the first line gets the reader's precise message rather than "not a strategy file". */
gboolean
hs_verify_looks_selby(const char *s, gsize len)
{
  gsize i = 0;
  while (i < len && g_ascii_isalpha(s[i]))
    i++;
  if (i == 0 || i == len || !is_blank(s[i]))
    return FALSE;
  i = skip_blanks(s, len, i);
  gsize letters = i, tiles = 0;
  for (; i < len && g_ascii_isupper(s[i]); i++)
    tiles += s[i] == 'B' || s[i] == 'Y' || s[i] == 'G';
  letters = i - letters;
  gsize digits = i;
  while (i < len && g_ascii_isdigit(s[i]))
    i++;
  digits = i - digits;
  /* "BBXBB1" (a number) or "BBYBB" (tiles without their number). */
  return letters > 0 && (i == len || is_blank(s[i])) && (digits > 0 || (letters == WLEN && tiles == WLEN));
}

/* The columns where the tokens of the line above start, for a message ("0, 6, 13"). */
static char *
token_columns(const GArray *tokens)
{
  GString *s = g_string_new(NULL);
  for (guint k = 0; k < tokens->len; k++)
    g_string_append_printf(s, "%s%u", k > 0 ? ", " : "", g_array_index(tokens, Token, k).column);
  return g_string_free(s, FALSE);
}

/* Keeps the tokens of the line above that come before column INDENT, which must be where one of them
 * starts (the first line: column 0). */
static gboolean
continue_line(Selby *sb, guint indent, guint lineno)
{
  GArray *tokens = sb->tokens;
  if (tokens->len == 0) {
    if (indent == 0)
      return TRUE;
    return hs_verify_parse_fail(sb->v, sb->error, lineno,
                                "bad indentation: the first line is indented (%u spaces), but there is no line above "
                                "to continue",
                                indent);
  }
  for (guint k = 0; k < tokens->len; k++)
    if (g_array_index(tokens, Token, k).column == indent) {
      g_array_set_size(tokens, k);
      return TRUE;
    }
  g_autofree char *cols = token_columns(tokens);
  return hs_verify_parse_fail(sb->v, sb->error, lineno,
                              "bad indentation: %u spaces, but no token of line %u starts there (its tokens start "
                              "after %s spaces)",
                              indent, sb->above, cols);
}

/* Checks token T, number K of the rebuilt line (even: a guess, odd: its pattern), and fills it in. */
static gboolean
check_token(Selby *sb, Token *t, guint k, guint lineno)
{
  g_autofree char *shown = hs_escape(t->text, (gssize)(t->len), TOKEN_SHOWN);
  guint number = 0;
  const char *bad = pattern_token(t->text, t->len, &t->code, &number);
  if (k % 2 == 0) {
    if (bad == NULL)
      return hs_verify_parse_fail(sb->v, sb->error, lineno, "expected a guess after %u spaces, found the pattern '%s'",
                                  t->column, shown);
    t->word = hs_verify_keep(sb->v, t->text, t->len);
    t->index = lookup(sb->v, t->word);
    return TRUE;
  }
  if (bad != NULL)
    return hs_verify_parse_fail(sb->v, sb->error, lineno, "'%s' %s", shown, bad);
  if (number != k / 2 + 1)
    return hs_verify_parse_fail(sb->v, sb->error, lineno,
                                "'%s' says guess %u, but it is the pattern of guess %u (the numbers count the guesses)",
                                shown, number, k / 2 + 1);
  return TRUE;
}

/* Appends the tokens of S (after its indentation) to the rebuilt line, checking each. */
static gboolean
read_tokens(Selby *sb, const char *s, gsize len, gsize i, guint lineno)
{
  GArray *tokens = sb->tokens;
  while ((i = skip_blanks(s, len, i)) < len) {
    if (tokens->len > 0 && g_array_index(tokens, Token, tokens->len - 1).code == SELBY_ALL_GREEN &&
        tokens->len % 2 == 0)
      return hs_verify_parse_fail(sb->v, sb->error, lineno,
                                  "nothing may follow GGGGG%u (a path ends where its answer is found)",
                                  tokens->len / 2);
    if (tokens->len == 2 * PATH_LIMIT)
      return hs_verify_parse_fail(sb->v, sb->error, lineno, "the line has more than %u guesses (the verifier's limit)",
                                  PATH_LIMIT);
    Token t = { (guint)i, s + i, 0, NULL, HS_NONE, 0 };
    while (i < len && !is_blank(s[i]))
      i++;
    t.len = (gsize)(s + i - t.text);
    if (!check_token(sb, &t, tokens->len, lineno))
      return FALSE;
    g_array_append_val(tokens, t);
  }
  return TRUE;
}

/* The rebuilt line as the answer's path: it must end with GGGGGn. */
static gboolean
line_path(Selby *sb, guint lineno)
{
  const GArray *tokens = sb->tokens;
  guint n = tokens->len;
  if (n == 0 || n % 2 != 0 || g_array_index(tokens, Token, n - 1).code != SELBY_ALL_GREEN) {
    const char *what = n % 2 != 0 ? "a guess without its pattern" : "a pattern that is not GGGGG";
    return hs_verify_parse_fail(sb->v, sb->error, lineno,
                                "the line ends with %s (a path ends with the answer and GGGGGn)", what);
  }
  AnswerLine al = { lineno, g_array_index(tokens, Token, n - 2).word, g_array_new(FALSE, FALSE, sizeof(Step)) };
  for (guint k = 0; k < n; k += 2) {
    const Token *g = &g_array_index(tokens, Token, k), *p = &g_array_index(tokens, Token, k + 1);
    Step st = { g->index, g->word, lineno, p->code };
    g_array_append_val(al.steps, st);
  }
  g_array_append_val(sb->lines, al);
  return TRUE;
}

static gboolean
read_line(Selby *sb, const char *s, gsize len, guint lineno)
{
  gsize i = 0;
  while (i < len && s[i] == ' ')
    i++;
  if (i < len && s[i] == '\t')
    return hs_verify_parse_fail(sb->v, sb->error, lineno, "bad indentation: a tab (the outline indents with spaces)");
  if (i > G_MAXUINT / 2)
    return hs_verify_parse_fail(sb->v, sb->error, lineno, "bad indentation: too many spaces");
  if (!continue_line(sb, (guint)i, lineno) || !read_tokens(sb, s, len, i, lineno) || !line_path(sb, lineno))
    return FALSE;
  sb->above = lineno;
  return TRUE;
}

gboolean
hs_verify_read_selby(Verifier *v, const char *text, gsize len, GError **error)
{
  hs_verify_take_header(v, text, len, NULL);
  if (v->length != WLEN || v->short_ok)
    return hs_verify_parse_fail(
      v, error, 1, "the exact solver's outline is for games of five letters a-z, not these lists (%u letters%s)",
      v->length, v->short_ok ? ", shorter guesses" : "");
  Selby sb = { v, g_array_new(FALSE, FALSE, sizeof(Token)), 0, g_array_new(FALSE, TRUE, sizeof(AnswerLine)), error };
  gboolean ok = TRUE;
  Lines it = { text, len, 0, 0 };
  const char *line;
  gsize l;
  while (ok && hs_verify_next_entry(&it, &line, &l))
    ok = read_line(&sb, line, l, it.lineno);
  if (ok)
    hs_verify_check_answer_lines(v, sb.lines);
  hs_verify_answer_lines_free(sb.lines);
  g_array_unref(sb.tokens);
  return ok;
}
