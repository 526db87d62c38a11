/* hardsix — word lists: loading, validation, canonical order and lookup.
 * Ownership: every hs_words_* constructor returns a new HsWords the caller frees with hs_words_free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The game this build's engine handles: words of at most HS_MAX_LEN letters from an alphabet of at
 * most HS_MAX_LETTERS letters (a list defines its own alphabet). Letter code HS_PAD fills the positions
 * past a word's end, so that every word is HS_MAX_LEN codes and fixed-length loops stay exact: no rule
 * ever counts it as a letter. */
#define HS_MIN_LEN 2
/* The longest words any build plays (the wide one's HS_MAX_LEN). */
#define HS_LONGEST 8
#define HS_NONE G_MAXUINT32

/* Two builds of one source: the narrow one (the default; a game's letters fit one 32-bit mask and its
 * words 5 letters, so a pattern is one byte: this keeps the English searches as fast as ever) and the
 * wide one (make builds it with -DHS_WIDE=1 as hardsix-wide: up to 255 letters, for kana and the like,
 * and words of up to 8 letters, whose 3^8 patterns take 16 bits). A list that needs the wide build is
 * refused by the narrow one with HS_WORDS_ERROR_TOO_WIDE, on which the program runs hardsix-wide
 * instead. HsPat is how a pattern is stored (tables, rows, trees); arithmetic on patterns uses guint.
 * HS_PATTERNS is this build's most patterns (3^HS_MAX_LEN), the size of arrays indexed by a pattern;
 * a game's own count is 3^L (HsWords.all_green + 1). */
#if defined(HS_WIDE) && HS_WIDE
#define HS_MAX_LEN 8
#define HS_PATTERNS 6561
typedef guint16 HsPat;
#define HS_MAX_LETTERS 255
#define HS_PAD 255
/* Bits per letter code in packed sort and hash keys (every code and the padding). */
#define HS_CODE_BITS 8
typedef struct {
  guint64 w[4];
} HsLetters;
#else
#define HS_MAX_LEN 5
#define HS_PATTERNS 243
typedef guint8 HsPat;
#define HS_MAX_LETTERS 31
#define HS_PAD 31
#define HS_CODE_BITS 6
typedef guint32 HsLetters;
#endif

/* The patterns of a game of N_PATTERNS (3^L) patterns that arrays and loops must cover: in the narrow
 * build always HS_PATTERNS (a constant: loops keep their fixed bounds), in the wide one N_PATTERNS
 * (a game of 5 letters loops over 243 patterns, not 6561). */
#if defined(HS_WIDE) && HS_WIDE
#define HS_GAME_PATTERNS(n_patterns) (n_patterns)
#else
#define HS_GAME_PATTERNS(n_patterns) HS_PATTERNS
#endif

/* A set of letter codes (HS_PAD included as a code: "the word may end here"). In the narrow build a
 * guint32; the operations below compile to the same instructions as the bit tricks they name. */
#if defined(HS_WIDE) && HS_WIDE
static inline HsLetters
hs_l_none(void)
{
  HsLetters m = { { 0, 0, 0, 0 } };
  return m;
}
static inline HsLetters
hs_l_all(void)
{
  HsLetters m = { { G_MAXUINT64, G_MAXUINT64, G_MAXUINT64, G_MAXUINT64 } };
  return m;
}
static inline HsLetters
hs_l_bit(guint c)
{
  HsLetters m = hs_l_none();
  m.w[c >> 6] = G_GUINT64_CONSTANT(1) << (c & 63);
  return m;
}
static inline gboolean
hs_l_has(HsLetters m, guint c)
{
  return (m.w[c >> 6] >> (c & 63)) & 1u;
}
static inline HsLetters
hs_l_or(HsLetters a, HsLetters b)
{
  for (int i = 0; i < 4; i++)
    a.w[i] |= b.w[i];
  return a;
}
static inline HsLetters
hs_l_and(HsLetters a, HsLetters b)
{
  for (int i = 0; i < 4; i++)
    a.w[i] &= b.w[i];
  return a;
}
static inline HsLetters
hs_l_andnot(HsLetters a, HsLetters b)
{
  for (int i = 0; i < 4; i++)
    a.w[i] &= ~b.w[i];
  return a;
}
static inline gboolean
hs_l_empty(HsLetters a)
{
  return (a.w[0] | a.w[1] | a.w[2] | a.w[3]) == 0;
}
static inline gboolean
hs_l_eq(HsLetters a, HsLetters b)
{
  return a.w[0] == b.w[0] && a.w[1] == b.w[1] && a.w[2] == b.w[2] && a.w[3] == b.w[3];
}
static inline guint
hs_l_count(HsLetters a)
{
  return (guint)(__builtin_popcountll(a.w[0]) + __builtin_popcountll(a.w[1]) + __builtin_popcountll(a.w[2]) +
                 __builtin_popcountll(a.w[3]));
}
static inline guint
hs_l_first(HsLetters a)
{
  for (guint i = 0; i < 4; i++)
    if (a.w[i])
      return 64 * i + (guint)__builtin_ctzll(a.w[i]);
  return 256;
}
static inline HsLetters
hs_l_drop_first(HsLetters a)
{
  for (int i = 0; i < 4; i++)
    if (a.w[i]) {
      a.w[i] &= a.w[i] - 1;
      break;
    }
  return a;
}
/* The members of A below code C. */
static inline guint
hs_l_count_below(HsLetters a, guint c)
{
  guint n = 0;
  for (guint i = 0; i < c >> 6; i++)
    n += (guint)__builtin_popcountll(a.w[i]);
  if (c & 63)
    n += (guint)__builtin_popcountll(a.w[c >> 6] & ((G_GUINT64_CONSTANT(1) << (c & 63)) - 1));
  return n;
}
#else
static inline HsLetters
hs_l_none(void)
{
  return 0;
}
static inline HsLetters
hs_l_all(void)
{
  return 0xffffffffu;
}
static inline HsLetters
hs_l_bit(guint c)
{
  return 1u << c;
}
static inline gboolean
hs_l_has(HsLetters m, guint c)
{
  return (m >> c) & 1u;
}
static inline HsLetters
hs_l_or(HsLetters a, HsLetters b)
{
  return a | b;
}
static inline HsLetters
hs_l_and(HsLetters a, HsLetters b)
{
  return a & b;
}
static inline HsLetters
hs_l_andnot(HsLetters a, HsLetters b)
{
  return a & ~b;
}
static inline gboolean
hs_l_empty(HsLetters a)
{
  return a == 0;
}
static inline gboolean
hs_l_eq(HsLetters a, HsLetters b)
{
  return a == b;
}
static inline guint
hs_l_count(HsLetters a)
{
  return (guint)__builtin_popcount(a);
}
static inline guint
hs_l_first(HsLetters a)
{
  return (guint)__builtin_ctz(a);
}
static inline HsLetters
hs_l_drop_first(HsLetters a)
{
  return a & (a - 1);
}
static inline guint
hs_l_count_below(HsLetters a, guint c)
{
  return (guint)__builtin_popcount(a & ((1u << c) - 1));
}
#endif

/* One letter: A holds exactly one code. */
static inline gboolean
hs_l_single(HsLetters a)
{
  return !hs_l_empty(a) && hs_l_empty(hs_l_drop_first(a));
}

/* The word lists of one game. Words are indexed in canonical order: answers first (in list order, or
 * in the order given by hs_words_apply_order), then the other allowed guesses in list order. A lower
 * index means "earlier" for every tie-break. Words are strings of characters (Unicode code points,
 * NFC); every answer has LENGTH letters, a guess has LENGTH letters or, when SHORT_GUESSES, fewer. */
typedef struct {
  guint n_answers;            /* words 0 .. n_answers-1 are answers */
  guint n_words;              /* answers + guess-only words */
  char **text;                /* NUL-terminated UTF-8 words, n_words of them */
  guint8 (*code)[HS_MAX_LEN]; /* per word: its letters' codes (0 .. n_letters-1), HS_PAD past its end */
  guint8 *len;                /* per word: its length in letters */
  guint length;               /* L, the answers' length (HS_MIN_LEN .. HS_MAX_LEN) */
  gboolean short_guesses;     /* guesses may be shorter than L (Pokemon Wordle) */
  guint n_letters;            /* the alphabet: every letter of every word, in code point order */
  gunichar *alphabet;         /* letter code -> code point */
  guint pow3[HS_MAX_LEN];     /* the weight of a tile at position i in a pattern number: 3^(L-1-i), 0 past L */
  guint all_green;            /* the pattern of L greens, 3^L - 1 (so the game has all_green + 1 patterns) */
  char *name;                 /* "original", "nyt2022", "nyt2023", one of them with "-all", a Pokemon set, or
                                 "custom" */
  char *answers_path;         /* where the lists came from (for headers and messages) */
  char *guesses_path;         /* NULL when there are no other guesses */
  char *order_path;           /* the order file applied (a built-in order's file), or NULL */
  GHashTable *index;          /* word text -> GUINT_TO_POINTER(index + 1) */
  HsLetters *letters;         /* per word: the letter codes it holds (for fast rule checks) */
} HsWords;

/* The code point at P in valid UTF-8: ASCII (every English word) read directly, the rest by GLib. */
static inline gunichar
hs_utf8_char(const char *p)
{
  return (guchar)*p < 0x80 ? (gunichar)(guchar)*p : g_utf8_get_char(p);
}

#define HS_WORDS_ERROR (hs_words_error_quark())
GQuark hs_words_error_quark(void);
/* HS_WORDS_ERROR_UNKNOWN_SET: a built-in name (list set or order) is unknown or does not apply to the
 * lists (a usage error for the CLI). */
/* HS_WORDS_ERROR_TOO_WIDE: the lists need the wide build (more letters than this build's masks hold,
 * or words longer than its patterns hold). */
typedef enum {
  HS_WORDS_ERROR_PARSE,
  HS_WORDS_ERROR_UNKNOWN_SET,
  HS_WORDS_ERROR_UNKNOWN_WORD,
  HS_WORDS_ERROR_TOO_WIDE
} HsWordsError;

/* Loads an answers file and a guesses file (one word per line, CRLF and a UTF-8 byte order mark
 * accepted, blank lines and '#' comments ignored). Words are letters (any script, NFC-normalised;
 * ASCII upper case is refused as the likely wrong file), unique, the two lists disjoint; the answers
 * all have one length L (HS_MIN_LEN .. HS_MAX_LEN), the guesses L letters too unless SHORT_GUESSES
 * (then at most L). At most HS_MAX_LETTERS different letters in all. The answers may not be empty; the
 * guesses may (an empty file, or GUESSES_PATH NULL: no file), and then every allowed word can be the
 * answer. Errors name file:line. */
HsWords *hs_words_load(const char *answers_path, const char *guesses_path, GError **error);
HsWords *hs_words_load_game(const char *answers_path, const char *guesses_path, gboolean short_guesses, GError **error);

/* The same from text already in memory (each LEN bytes, no NUL needed at the end); the paths only
 * name the lists in messages and headers (GUESSES_PATH may be NULL with no guesses). */
HsWords *hs_words_parse(const char *answers_text, gsize answers_len, const char *answers_path, const char *guesses_text,
                        gsize guesses_len, const char *guesses_path, GError **error);
HsWords *hs_words_parse_game(const char *answers_text, gsize answers_len, const char *answers_path,
                             const char *guesses_text, gsize guesses_len, const char *guesses_path,
                             gboolean short_guesses, GError **error);

/* Loads a built-in set ("original", "nyt2022" or "nyt2023", a Pokemon set, see data/README.md) from
 * the data directory (see hs_words_data_dir), or one of the three English ones as "SET-all"
 * ("original-all", ...): every allowed word of SET is an answer, in canonical order (SET's answers,
 * then its guesses), and there are no other guesses. An unknown name is HS_WORDS_ERROR_UNKNOWN_SET,
 * listing them all. */
HsWords *hs_words_load_set(const char *set, GError **error);

/* Makes every word of W an answer (the guesses become answers after the answers, in their order; W
 * then has no other guesses), as the SET-all lists are. Any --order must be applied afterwards. */
void hs_words_make_all_answers(HsWords *w);

/* TRUE when NAME is one of the built-in sets hs_words_load_set accepts. */
gboolean hs_words_is_set_name(const char *name);

/* Directory holding the lists: $HARDSIX_DATADIR, else ../data or ../share/hardsix next to the running
 * executable, else the compiled-in default. Returns a newly allocated string. */
char *hs_words_data_dir(void);

/* Reorders the answers to the permutation listed in ORDER: the name of a built-in order
 * ("tkihira2022", the file data/orders/tkihira2022.txt of the data directory) or an order file (one
 * answer per line, each exactly once). A value without '/' that is a built-in name is always the
 * built-in order, even when a file of that name exists in the current directory, so that the result
 * of "--order tkihira2022" never depends on the working directory; write "./tkihira2022" for such a
 * file. A built-in order applies only to the list set it was made for: with another built-in set, or
 * custom lists whose answers it does not list exactly, it fails with HS_WORDS_ERROR_UNKNOWN_SET. */
gboolean hs_words_apply_order(HsWords *words, const char *order, GError **error);

/* TRUE when NAME names a built-in order (see hs_words_apply_order). */
gboolean hs_words_is_order_name(const char *name);
/* The same from text in memory (ORDER_PATH names it in messages). */
gboolean hs_words_apply_order_text(HsWords *words, const char *text, gsize len, const char *order_path, GError **error);

/* Reorders the answers in memory: ORDER (n_answers entries) lists, for each new position, the index
 * of the answer to put there. Fails, changing nothing, when ORDER is not a permutation. The guess-only
 * words keep their indices. order_path is left as it was. */
gboolean hs_words_apply_permutation(HsWords *words, const guint *order, GError **error);

/* A deep copy of WORDS (for instance to permute it while the original stays in use). */
HsWords *hs_words_copy(const HsWords *words);

/* Why S (UTF-8, NFC) is no word, as "not a word: ..." (newly allocated), or NULL when it is one: a word
 * is letters of any script (marks included), not ASCII upper case, no digits, punctuation, spaces or
 * control characters. */
char *hs_words_not_a_word(const char *s);

/* Numbers the words WORDS[0..N) (indices) by their letters: GROUP[i] is the same for two words that
 * hold the same letters (anagrams, and words like "fuffs" and "fusus"), groups numbered from 0 in the
 * order of their first word. Returns the number of groups. (The wide build compares a 64-bit fold of
 * its letter masks: a rare collision puts two groups together.) */
guint hs_words_letter_groups(const HsWords *words, const guint32 *list, guint n, guint *group);

/* Units of openers with like letters: whole groups of openers that hold the same letters, taken in
 * the order of their letters (hs_words_letter_order) while a unit holds at most hs_words_unit_cap(N)
 * of the N openers (a larger group is a unit of its own). prove --all decides a unit's openers one
 * after another, each with what the ones before it settled, and --shard K/N:letters deals out whole
 * units. The cap is N / HS_WORDS_UNITS_MIN, at least 1 and at most HS_WORDS_UNIT_MAX: a list makes at
 * least HS_WORDS_UNITS_MIN units (or one per group), which keeps threads busy on a short list. */
#define HS_WORDS_UNIT_MAX 128
#define HS_WORDS_UNITS_MIN 64
guint hs_words_unit_cap(guint n);

/* ORDER[0..N) gets the positions of LIST[0..N) (word indices) by their words' letters: the distinct
 * letter codes in ascending order compared as strings (a prefix first), ties in position order. */
void hs_words_letter_order(const HsWords *words, const guint32 *list, guint n, guint *order);

/* UNIT[i] gets the unit of LIST[i] (see hs_words_unit_cap), units numbered from 0 in the order of
 * their letters; returns the number of units. */
guint hs_words_letter_units(const HsWords *words, const guint32 *list, guint n, guint *unit);

/* Index of WORD (its text, as listed after NFC normalisation) or HS_NONE. */
guint hs_words_lookup(const HsWords *words, const char *word);

/* Like hs_words_lookup, but an unknown word is an error "'xxxxx' is not an allowed word" (saying so
 * when the word is in upper case). */
gboolean hs_words_find(const HsWords *words, const char *word, guint *out, GError **error);

static inline gboolean
hs_words_is_answer(const HsWords *words, guint i)
{
  return i < words->n_answers;
}

void hs_words_free(HsWords *words);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsWords, hs_words_free)

G_END_DECLS
