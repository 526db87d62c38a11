/* hardsix — histograms of guesses per answer, and the one rounding rule for averages.
 * Every average hardsix prints (files, summaries, TSV rows, sheets) goes through hs_average_append. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Deepest path a strategy may hold (guesses per answer). */
#define HS_DEPTH_LIMIT 64

/* count[d]: answers solved with exactly d guesses (d = 1 .. HS_DEPTH_LIMIT; count[0] stays 0). */
typedef struct {
  guint count[HS_DEPTH_LIMIT + 1];
} HsHistogram;

/* Counts one answer solved with GUESSES guesses (1 .. HS_DEPTH_LIMIT). */
static inline void
hs_histogram_add(HsHistogram *h, guint guesses)
{
  h->count[guesses]++;
}

/* Answers counted. */
guint hs_histogram_answers(const HsHistogram *h);

/* Guesses summed over the answers counted. */
guint64 hs_histogram_total(const HsHistogram *h);

/* Most and fewest guesses any counted answer needs (0 when nothing is counted). */
guint hs_histogram_worst(const HsHistogram *h);
guint hs_histogram_best(const HsHistogram *h);

/* TRUE when both count the same answers at the same depths. */
gboolean hs_histogram_equal(const HsHistogram *a, const HsHistogram *b);

/* Appends "d:n" for every non-zero count, smallest d first, joined by SEP ("2:80,3:706"). */
void hs_histogram_append(GString *out, const HsHistogram *h, const char *sep);

/* The same, newly allocated. */
char *hs_histogram_text(const HsHistogram *h, const char *sep);

/* Appends a line "D guesses: N" ("1 guess: N") for every D from the fewest to the most guesses any
 * counted answer needs, zero counts between them included (the summary of by-pattern files and of
 * `solve`); nothing when nothing is counted. */
void hs_histogram_append_lines(GString *out, const HsHistogram *h);

/* "guess" for 1, else "guesses": every message that counts guesses says "1 guess", "6 guesses". */
const char *hs_guesses_word(guint64 n);

/* Appends TOTAL/N with exactly 4 decimals, rounded half up in integer arithmetic (no floating point,
 * no locale): 97/32 = 3.03125 gives "3.0313". N = 0 gives "0.0000". */
void hs_average_append(GString *out, guint64 total, guint n);

/* Writes the same into BUF (at least HS_AVERAGE_BUFLEN bytes) and returns BUF. */
#define HS_AVERAGE_BUFLEN 32
char *hs_average_format(guint64 total, guint n, char *buf);

G_END_DECLS
