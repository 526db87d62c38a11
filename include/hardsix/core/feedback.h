/* hardsix — Wordle feedback (two-pass rule), pattern text forms, and the guesses x answers table.
 * Patterns are numbers 0 .. 3^L - 1 for answers of L letters: grey 0, yellow 1, green 2, position 0
 * most significant; a guess shorter than L has its own tiles, the missing ones count as grey. */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"

G_BEGIN_DECLS

/* The most tiles a pattern's text has (any game); the longest formatted pattern (4-byte emoji) + NUL. */
#define HS_PATTERN_MAX_TILES 8
#define HS_PATTERN_BUFLEN (4 * HS_PATTERN_MAX_TILES + 1)
G_STATIC_ASSERT(HS_PATTERN_MAX_TILES >= HS_LONGEST);

typedef enum {
  HS_PATTERN_EMOJI,   /* 🟩🟨⬜ (the default on output) */
  HS_PATTERN_LETTERS, /* GYB */
  HS_PATTERN_DIGITS   /* 210 */
} HsPatternStyle;

#define HS_PATTERN_ERROR (hs_pattern_error_quark())
GQuark hs_pattern_error_quark(void);
typedef enum {
  HS_PATTERN_ERROR_INVALID,
  HS_PATTERN_ERROR_NO_MEMORY /* a feedback table that does not fit in memory (hs_table_try_new) */
} HsPatternError;

/* Feedback of GUESS against ANSWER, UTF-8 words of code points (NFC): the answer's length L (at most
 * HS_PATTERN_MAX_TILES) sets the pattern's digits; the guess has at most L letters. */
guint hs_feedback(const char *guess, const char *answer);

/* The same on letter codes (HS_MAX_LEN each, HS_PAD past a word's end) with the pattern weights POW3
 * of the game (HsWords.pow3). */
guint hs_feedback_codes(const guint8 *guess, const guint8 *answer, const guint *pow3);

/* Feedback of word GUESS against word ANSWER of W (indices). */
HsPat hs_feedback_words(const HsWords *w, guint guess, guint answer);

/* Parses one pattern written in any accepted form (emoji incl. ⬛ and U+FE0F, letters G/Y/B in any
 * case with '-' and '.' as grey, digits 2/1/0; forms may mix) for a guess of TILES letters in a game
 * of LENGTH letters: TEXT holds exactly TILES tiles (or LENGTH, the ones past TILES grey) and nothing
 * else; LEN may be -1 for a NUL-terminated string. */
gboolean hs_pattern_parse(const char *text, gssize len, guint length, guint tiles, guint *out, GError **error);

/* Writes pattern P of a game of LENGTH letters, its first TILES tiles (the guess's length), in STYLE
 * into BUF (at least HS_PATTERN_BUFLEN bytes); returns BUF. */
char *hs_pattern_format(guint p, guint length, guint tiles, HsPatternStyle style, char *buf);

/* The same for word GUESS of W (its length and the game's). */
gboolean hs_pattern_parse_for(const HsWords *w, guint guess, const char *text, gssize len, HsPat *out, GError **error);
char *hs_pattern_format_for(const HsWords *w, guint guess, guint p, HsPatternStyle style, char *buf);

/* Parses "emoji", "letters" or "digits". */
gboolean hs_pattern_style_parse(const char *text, HsPatternStyle *out, GError **error);

/* Feedback table: for every guess row g (all words, or answers only) and answer column a, one HsPat
 * hs_feedback(words[g], words[a]) (a byte in the narrow build, two in the wide one). Built in parallel; the words must outlive the table. */
typedef struct HsTable HsTable;

/* Builds the table. With ALL_GUESSES FALSE only the answer rows are stored (enough for a candidates
 * pool); other rows are computed on demand by hs_table_row. */
HsTable *hs_table_new(const HsWords *words, gboolean all_guesses);

/* Also stores the transposed answers x answers block, so that hs_table_column works (the
 * maxbucket-swapped metric reads feedback(other, w) for a fixed w). */
HsTable *hs_table_new_full(const HsWords *words, gboolean all_guesses, gboolean columns);

/* As hs_table_new_full, for sizes that come from input: the memory is estimated first and allocated
 * with g_try_malloc, so a table that does not fit (or whose size overflows) is NULL and an error
 * (HS_PATTERN_ERROR_NO_MEMORY) saying how large it would be, never an abort. */
HsTable *hs_table_try_new(const HsWords *words, gboolean all_guesses, gboolean columns, GError **error);

/* The bytes hs_table_try_new would allocate for WORDS, or G_MAXUINT64 when that overflows. */
guint64 hs_table_bytes(const HsWords *words, gboolean all_guesses, gboolean columns);

/* The table of WORDS when WORDS is the base table's words with the answers reordered (ORDER[i] is the
 * base index of answer i, as for hs_words_apply_permutation), derived from BASE by moving rows and
 * columns instead of recomputing feedback. Columns are kept when COLUMNS is TRUE and BASE has them.
 * WORDS must outlive the table; BASE is only read. */
HsTable *hs_table_new_permuted(const HsTable *base, const HsWords *words, const guint *order, gboolean columns);

/* Column of ANSWER: n_answers patterns hs_feedback(words[o], words[ANSWER]) for every answer o, or NULL
 * when the table was built without columns. */
const HsPat *hs_table_column(const HsTable *table, guint answer);

/* Row of GUESS: n_answers patterns. When the row is not stored it is computed into SCRATCH (n_answers
 * patterns, owned by the caller) and SCRATCH is returned. */
const HsPat *hs_table_row(const HsTable *table, guint guess, HsPat *scratch);

/* The whole table transposed, answer by answer: cell [a * n_words + g] is feedback(words[g], words[a]),
 * for tables of every guess row (NULL otherwise). Built on the first call (thread-safe; n_words x
 * n_answers more bytes, kept until the table is freed): a column is one sequential read where rows
 * are one cache miss per guess. The exact searches do not use it: they compute the rows of a set
 * (hs_table_fill_sub), which cost less than reading either. */
const HsPat *hs_table_by_answer(const HsTable *table);

/* The rows of GUESSES[0..M) over the answers ANSWERS[0..N) (answer indices) into OUT, guess by guess:
 * OUT[j * N + i] = feedback(words[GUESSES[j]], words[ANSWERS[i]]). Computed from the answers' letters,
 * not read from the table: a search's first look at a set costs no pass over the whole table. */
void hs_table_fill_sub(const HsTable *table, const guint32 *guesses, guint m, const guint16 *answers, guint n,
                       HsPat *out);

/* TRUE when the row of GUESS is stored (hs_table_row needs no scratch for it). */
gboolean hs_table_has_row(const HsTable *table, guint guess);

const HsWords *hs_table_words(const HsTable *table);
void hs_table_free(HsTable *table);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsTable, hs_table_free)

G_END_DECLS
