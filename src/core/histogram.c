/* hardsix — histograms of guesses per answer and the rounding rule for averages. */
#include "hardsix/core/histogram.h"

#include <stdio.h>

guint
hs_histogram_answers(const HsHistogram *h)
{
  guint n = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    n += h->count[d];
  return n;
}

guint64
hs_histogram_total(const HsHistogram *h)
{
  guint64 t = 0;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    t += (guint64)d * h->count[d];
  return t;
}

guint
hs_histogram_worst(const HsHistogram *h)
{
  for (guint d = HS_DEPTH_LIMIT; d > 0; d--)
    if (h->count[d] != 0)
      return d;
  return 0;
}

guint
hs_histogram_best(const HsHistogram *h)
{
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (h->count[d] != 0)
      return d;
  return 0;
}

gboolean
hs_histogram_equal(const HsHistogram *a, const HsHistogram *b)
{
  for (guint d = 0; d <= HS_DEPTH_LIMIT; d++)
    if (a->count[d] != b->count[d])
      return FALSE;
  return TRUE;
}

void
hs_histogram_append(GString *out, const HsHistogram *h, const char *sep)
{
  gboolean first = TRUE;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (h->count[d] != 0) {
      g_string_append_printf(out, "%s%u:%u", first ? "" : sep, d, h->count[d]);
      first = FALSE;
    }
}

char *
hs_histogram_text(const HsHistogram *h, const char *sep)
{
  GString *out = g_string_new(NULL);
  hs_histogram_append(out, h, sep);
  return g_string_free(out, FALSE);
}

void
hs_histogram_append_lines(GString *out, const HsHistogram *h)
{
  guint worst = hs_histogram_worst(h);
  for (guint d = hs_histogram_best(h); d != 0 && d <= worst; d++)
    g_string_append_printf(out, "%u %s: %u\n", d, hs_guesses_word(d), h->count[d]);
}

const char *
hs_guesses_word(guint64 n)
{
  return n == 1 ? "guess" : "guesses";
}

char *
hs_average_format(guint64 total, guint n, char *buf)
{
  /* round(total / n, 4) half up = floor((2 * 10^4 * total + n) / (2 n)). */
  guint64 scaled = n ? (total * 20000 + n) / (2 * (guint64)n) : 0;
  snprintf(buf, HS_AVERAGE_BUFLEN, "%" G_GUINT64_FORMAT ".%04u", scaled / 10000, (guint)(scaled % 10000));
  return buf;
}

void
hs_average_append(GString *out, guint64 total, guint n)
{
  char buf[HS_AVERAGE_BUFLEN];
  g_string_append(out, hs_average_format(total, n, buf));
}
