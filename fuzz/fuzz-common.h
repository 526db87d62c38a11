/* hardsix fuzz targets — shared helpers. Each fuzz_<name>.c defines LLVMFuzzerTestOneInput; it is linked
 * with libFuzzer by 'make fuzz' (clang) and with replay.c by 'make check' (any compiler), which replays
 * the regression inputs in tests/data/fuzz/<name>/ through the same function. */
#pragma once

#include "hardsix/hardsix.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef HS_FUZZ_DATA
#define HS_FUZZ_DATA "tests/data"
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A property that must hold for every input: on failure, say which and abort (libFuzzer saves the
 * input as a crash). */
#define FUZZ_CHECK(cond)                                                                                               \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond);                                      \
      abort();                                                                                                         \
    }                                                                                                                  \
  } while (0)

/* GLib criticals and warnings (a g_return_if_fail that fired) count as crashes. */
static inline void
fuzz_init(void)
{
  static gboolean done;
  if (!done) {
    g_log_set_always_fatal(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
    done = TRUE;
  }
}

/* The tiny test lists (tests/data/tiny-*.txt) as text, read once. */
static inline void
fuzz_tiny_text(const char **answers, gsize *a_len, const char **guesses, gsize *g_len)
{
  static char *a, *g;
  static gsize al, gl;
  if (a == NULL) {
    GError *e = NULL;
    if (!hs_file_read(HS_FUZZ_DATA "/tiny-answers.txt", &a, &al, &e) ||
        !hs_file_read(HS_FUZZ_DATA "/tiny-guesses.txt", &g, &gl, &e)) {
      fprintf(stderr, "fuzz: %s\n", e->message);
      abort();
    }
  }
  *answers = a;
  *a_len = al;
  *guesses = g;
  *g_len = gl;
}

/* A new copy of the tiny lists (the caller frees it). */
static inline HsWords *
fuzz_tiny_words(void)
{
  const char *a, *g;
  gsize al, gl;
  fuzz_tiny_text(&a, &al, &g, &gl);
  GError *e = NULL;
  HsWords *w = hs_words_parse(a, al, "tiny-answers.txt", g, gl, "tiny-guesses.txt", &e);
  if (w == NULL) {
    fprintf(stderr, "fuzz: %s\n", e->message);
    abort();
  }
  return w;
}

/* The tiny lists and their full feedback table (rows for every word, answer columns), built once and
 * shared by every run. */
static inline const HsTable *
fuzz_tiny_table(void)
{
  static HsWords *w;
  static HsTable *t;
  if (t == NULL) {
    w = fuzz_tiny_words();
    t = hs_table_new_full(w, TRUE, TRUE);
  }
  return t;
}

/* Reads bytes from the input one at a time (0 once it is used up). */
typedef struct {
  const uint8_t *data;
  size_t size, pos;
} FuzzBytes;

static inline guint
fuzz_byte(FuzzBytes *b)
{
  return b->pos < b->size ? b->data[b->pos++] : 0;
}
