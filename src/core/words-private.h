/* hardsix — what words.c and order.c share, private to src/core/. */
#ifndef HS_CORE_WORDS_PRIVATE_H
#define HS_CORE_WORDS_PRIVATE_H

#include <glib.h>

/* "'a', 'b' or 'c'" for the messages that list the accepted names (newly allocated). */
char *hs_words_quoted_alternatives(const char *const *names, guint n);

#endif
