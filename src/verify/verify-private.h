/* hardsix — what the files of the independent verifier share (private to src/verify/). Shared functions
 * are named hs_verify_* like the public ones: tests/static/verify-independence.sh checks with nm that
 * the verifier's objects use no hs_ symbol but their own and the word-list lookup. */
#pragma once

#include "hardsix/verify/verify.h"
#include "hardsix/util/escape.h"

#include <string.h>

/* The longest words the verifier reads (its own limit, whatever the engine's build: 3^8 patterns, codes
 * up to 6560, held in a guint), and the selby outline's fixed length. */
#define VMAX_LEN 8
#define WLEN 5
/* hs_verify_feedback's code for a word the verifier cannot compare (never a pattern). */
#define NO_PATTERN G_MAXUINT
/* Longest path the verifier follows; the report's histogram holds guess counts 1..PATH_LIMIT. */
#define PATH_LIMIT 64
/* At most this many words are named when a message lists words. */
#define NAMES_SHOWN 10
/* Tokens quoted in messages are cut to this many bytes. */
#define TOKEN_SHOWN 40

/* ======================================================================================== */
/* oracle.c: feedback, patterns and rules (the verifier's own, never the engine's)          */
/* ======================================================================================== */

/* How messages write a pattern: the file's own notation where it has one. */
typedef enum { PATTERN_EMOJI, PATTERN_DIGITS, PATTERN_LETTERS } PatternStyle;

/* Reads exactly one pattern of LENGTH tiles (the answers' length; fewer when SHORT_OK, for a short
 * guess: the missing tiles are grey) from S[0..LEN): emoji 🟩🟨⬜⬛ (each optionally followed by
 * U+FE0F), letters G/Y/B in either case with '-' and '.' as grey, digits 2/1/0, mixed freely. */
G_GNUC_INTERNAL gboolean hs_verify_read_pattern(const char *s, gsize len, guint length, gboolean short_ok, guint *out);
/* Writes CODE, a pattern of LENGTH tiles. */
G_GNUC_INTERNAL void hs_verify_append_pattern(GString *out, guint code, guint length, PatternStyle style);
/* The letters (code points) of WORD, or VMAX_LEN + 1 when it has more. */
G_GNUC_INTERNAL guint hs_verify_length(const char *word);
/* NULL when WORD may be played after the row (GUESS, CODE) under RULES; otherwise a newly allocated
 * description of the first requirement it breaks (patterns in it written in STYLE). */
G_GNUC_INTERNAL char *hs_verify_row_breach(HsRules rules, const char *guess, guint code, const char *word, guint length,
                                           PatternStyle style);
/* "nyt", "strict", …: how messages name RULES. */
G_GNUC_INTERNAL const char *hs_verify_rules_label(HsRules rules);

/* ======================================================================================== */
/* text.c: lines, blanks and "# key: value" headers                                         */
/* ======================================================================================== */

typedef struct {
  const char *text;
  gsize len;
  gsize pos;
  guint lineno;
} Lines;

/* The next line of IT without its line end ("\n" or "\r\n"); FALSE at the end of the text. */
G_GNUC_INTERNAL gboolean hs_verify_next_line(Lines *it, const char **line, gsize *len);
/* The next line of IT that holds something: not blank, not a comment ('#' after any blanks); without
 * its trailing blanks, leading blanks kept (an outline indents with them). FALSE at the end. */
G_GNUC_INTERNAL gboolean hs_verify_next_entry(Lines *it, const char **line, gsize *len);

static inline gboolean
is_blank(char c)
{
  return c == ' ' || c == '\t';
}

/* A byte of a word: an ASCII letter or a byte of a multi-byte UTF-8 letter (words are checked against
 * the lists when they are looked up). */
static inline gboolean
word_byte(char c)
{
  return g_ascii_isalpha(c) || (guchar)c >= 0x80;
}

static inline void
trim(const char **s, gsize *len)
{
  while (*len > 0 && is_blank((*s)[0]))
    (*s)++, (*len)--;
  while (*len > 0 && is_blank((*s)[*len - 1]))
    (*len)--;
}

static inline gsize
skip_blanks(const char *s, gsize len, gsize i)
{
  while (i < len && is_blank(s[i]))
    i++;
  return i;
}

/* Consumes the literal LIT at S[*I] when it is there. */
static inline gboolean
take(const char *s, gsize len, gsize *i, const char *lit)
{
  gsize l = strlen(lit);
  if (len - *i < l || memcmp(s + *i, lit, l) != 0)
    return FALSE;
  *i += l;
  return TRUE;
}

static inline gboolean
starts_with(const char *s, gsize len, const char *lit)
{
  gsize i = 0;
  return take(s, len, &i, lit);
}

/* Skips a UTF-8 byte-order mark. */
static inline void
skip_bom(const char **text, gsize *len)
{
  if (*len >= 3 && memcmp(*text, "\xEF\xBB\xBF", 3) == 0)
    *text += 3, *len -= 3;
}

/* Header lines ("# key: value") of a text format, up to the first line that is neither blank nor a
 * comment. */
typedef struct {
  char *lists, *rules, *opener, *kind, *status;
  guint opener_line, status_line;
} Header;

G_GNUC_INTERNAL void hs_verify_read_header(const char *text, gsize len, Header *h);
G_GNUC_INTERNAL void hs_verify_header_clear(Header *h);

/* ======================================================================================== */
/* check.c: problems, paths, trees and stated figures (shared by every format)              */
/* ======================================================================================== */

typedef struct {
  guint line; /* G_MAXUINT for problems that concern the file as a whole */
  guint seq;
  char *text;
} Problem;

typedef struct {
  const HsWords *words;
  guint length;      /* the answers' length, read off the first answer */
  gboolean short_ok; /* the game lets guesses be shorter */
  guint all_green;   /* the pattern of LENGTH greens */
  HsRules rules;
  guint cap;
  const char *file;
  PatternStyle style;  /* how messages write patterns */
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

/* A line of a path format (per-word, selby): the answer it names and the guesses it plays. */
typedef struct {
  guint line;
  const char *answer; /* as written */
  GArray *steps;      /* Step, owned */
} AnswerLine;

/* The tree formats, for the wording of messages. */
typedef enum { TREE_BY_PATTERN, TREE_JSON, TREE_OUTLINE, TREE_HABARA } TreeFlavour;

/* One node of a tree format (a by-pattern line or the opener, a JSON object, an outline line). */
typedef struct {
  guint line;
  gboolean leaf;          /* a by-pattern "= SOLVED =" line */
  const char *guess_text; /* as written; NULL for a leaf */
  guint guess;            /* word index or HS_NONE */
  const char *key;        /* pattern sequence from the opener, KEY_STEP bytes per step (key_push) */
  GPtrArray *cands;       /* const char*: the stated candidates, NULL when the file states none */
  guint stated_n;         /* by-pattern "(N)", outline "(N)" (1 for ✓); G_MAXUINT when absent */
  gboolean stated_solved; /* outline "✓": the part is the single word the node plays */
  GArray *reached;        /* guint: the answers whose walk reaches the node, in canonical order */
  gint8 blocked;          /* -1 unknown; 1 when a node above plays a word that is not allowed */
} Node;

/* Tree keys: the pattern codes from the opener, two bytes per step, 1 + code / 128 and 1 + code % 128:
 * never NUL (a key is a C string), and byte order is the order of the codes. */
#define KEY_STEP 2

static inline void
key_push(GString *key, guint code)
{
  g_string_append_c(key, (char)(1 + code / 128));
  g_string_append_c(key, (char)(1 + code % 128));
}

/* The code of step I of KEY. */
static inline guint
key_code(const char *key, gsize i)
{
  return ((guint)(guchar)key[KEY_STEP * i] - 1) * 128 + (guint)(guchar)key[KEY_STEP * i + 1] - 1;
}

/* A tree read from a file: nodes by key, in file order. */
typedef struct {
  GPtrArray *nodes;   /* Node*, owned, in file order */
  GHashTable *by_key; /* key -> Node* */
  Node *root;
  TreeFlavour flavour;
} Tree;

/* A summary figure stated in the file ("3 guesses: 706", "histogram": {"3": 706}). */
typedef struct {
  guint d;
  guint64 count;
  guint line;
} Stated;

/* Records "file:LINE: message" (LINE 0: "file: message"); a text already recorded is dropped, since
 * tree formats share nodes between answers. */
G_GNUC_INTERNAL void hs_verify_problem(Verifier *v, guint line, const char *fmt, ...) G_GNUC_PRINTF(3, 4);
/* Sets a parse error "file:LINE: message" and returns FALSE. */
G_GNUC_INTERNAL gboolean hs_verify_parse_fail(Verifier *v, GError **error, guint line, const char *fmt, ...)
  G_GNUC_PRINTF(4, 5);
/* A token of the file, stored for the rest of the run. */
G_GNUC_INTERNAL const char *hs_verify_keep(Verifier *v, const char *s, gsize len);
/* TEXT made safe to quote: valid UTF-8, at most TOKEN_SHOWN bytes. */
G_GNUC_INTERNAL const char *hs_verify_shown(Verifier *v, const char *text);
/* Added to "is not an allowed word" for a word written in upper case (the lists are lowercase). */
G_GNUC_INTERNAL const char *hs_verify_case_note(const char *text);
/* PATTERN in the verifier's message style, stored for the rest of the run. */
G_GNUC_INTERNAL const char *hs_verify_pattern_text(Verifier *v, guint code);

static inline guint
lookup(const Verifier *v, const char *text)
{
  return hs_words_lookup(v->words, text);
}

/* Checks one answer's path with the rules every format shares (words, patterns, rules, one guess per
 * history, solved within the cap) and counts it in the report when it ends with the answer. */
G_GNUC_INTERNAL void hs_verify_check_path(Verifier *v, const Path *path);
G_GNUC_INTERNAL void hs_verify_path_push(Path *path, guint word, const char *text, guint line, gint stated);
/* Checks the lines of a path format: each names an answer, once, and its path; every answer has a
 * line. Sets the report's opener from the first line. */
G_GNUC_INTERNAL void hs_verify_check_answer_lines(Verifier *v, const GArray *lines);
G_GNUC_INTERNAL void hs_verify_answer_lines_free(GArray *lines);

G_GNUC_INTERNAL Node *hs_verify_node_new(guint line);
G_GNUC_INTERNAL void hs_verify_node_free(gpointer p);
G_GNUC_INTERNAL void hs_verify_tree_init(Tree *t, TreeFlavour flavour);
G_GNUC_INTERNAL void hs_verify_tree_clear(Tree *t);
/* Adds N under its key (the first node added is the root); a second node with the same key is a
 * problem naming both lines, and N is freed. Returns whether N was added. */
G_GNUC_INTERNAL gboolean hs_verify_tree_add(Verifier *v, Tree *t, Node *n);
/* The key as text: emoji joined by "=>", or digits joined by "/" for JSON. */
G_GNUC_INTERNAL char *hs_verify_key_text(const char *key, gsize len, guint length, gboolean digits);
/* Walks every answer down the tree with recomputed feedback and checks each path. */
G_GNUC_INTERNAL void hs_verify_walk_tree(Verifier *v, Tree *t);
/* Checks each node on its own: its word, its stated count and candidates against the answers that
 * reach it (call after hs_verify_walk_tree). */
G_GNUC_INTERNAL void hs_verify_check_nodes(Verifier *v, Tree *t);

/* Compares a stated histogram with the one the paths give. PRESENT_LINE is where an empty histogram
 * was stated (JSON "histogram": {}), 0 when the file has none. */
G_GNUC_INTERNAL void hs_verify_check_histogram(Verifier *v, const GArray *stated, const char *how, guint present_line);
/* Compares a stated average (4 decimals) with total/n. */
G_GNUC_INTERNAL void hs_verify_check_average(Verifier *v, double stated, guint line);
/* A "# status: verified: N answers, all within K guesses, average X (T/N)" line (STATUS, its text
 * after "status:") is checked like a summary: every figure must be the strategy's. */
G_GNUC_INTERNAL void hs_verify_check_status(Verifier *v, const char *status, guint line);

/* ======================================================================================== */
/* The readers: one file per format                                                         */
/* ======================================================================================== */

/* detect.c: reads the header lines of TEXT and gives their lists and rules hints to V's report (every
 * text reader starts so); the rest goes to H for the caller to clear, or is dropped when H is NULL. */
G_GNUC_INTERNAL void hs_verify_take_header(Verifier *v, const char *text, gsize len, Header *h);

/* Each reader verifies TEXT (no byte-order mark) into V's report. It returns FALSE with an error only
 * when the text cannot be parsed; problems with a parsed strategy go to the report. LOOKS tells from
 * the first strategy line (trimmed; not blank, not a comment) whether a text is in the format. */
G_GNUC_INTERNAL gboolean hs_verify_read_per_word(Verifier *v, const char *text, gsize len, GError **error);
G_GNUC_INTERNAL gboolean hs_verify_looks_per_word(const char *line, gsize len);
G_GNUC_INTERNAL gboolean hs_verify_read_by_pattern(Verifier *v, const char *text, gsize len, GError **error);
G_GNUC_INTERNAL gboolean hs_verify_looks_by_pattern(const char *line, gsize len);
G_GNUC_INTERNAL gboolean hs_verify_read_json(Verifier *v, const char *text, gsize len, GError **error);
G_GNUC_INTERNAL gboolean hs_verify_read_tree(Verifier *v, const char *text, gsize len, GError **error);
G_GNUC_INTERNAL gboolean hs_verify_looks_tree(const char *line, gsize len);
G_GNUC_INTERNAL gboolean hs_verify_read_selby(Verifier *v, const char *text, gsize len, GError **error);
/* The published Pokemon solver's JSON tree; LOOKS reads the start of the whole text. */
G_GNUC_INTERNAL gboolean hs_verify_read_habara(Verifier *v, const char *text, gsize len, GError **error);
G_GNUC_INTERNAL gboolean hs_verify_looks_habara(const char *text, gsize len);
G_GNUC_INTERNAL gboolean hs_verify_looks_selby(const char *line, gsize len);

/* ======================================================================================== */
/* json.c: a strict JSON parser (line numbers kept, duplicate keys rejected in O(n log n))  */
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
  GPtrArray *items;  /* JVal* (arrays) or JMember* (objects), in file order */
  GHashTable *index; /* objects with many members: key -> JMember* */
};

/* Parses the whole of TEXT as one JSON value; NULL with an error naming FILE:LINE. */
G_GNUC_INTERNAL JVal *hs_verify_json_parse(const char *text, gsize len, const char *file, GError **error);
G_GNUC_INTERNAL void hs_verify_json_free(JVal *v);
/* The member KEY of object OBJ, or NULL. */
G_GNUC_INTERNAL const JMember *hs_verify_json_member(const JVal *obj, const char *key);
/* The string member KEY of OBJ, or NULL. */
G_GNUC_INTERNAL const char *hs_verify_json_string(const JVal *obj, const char *key);
