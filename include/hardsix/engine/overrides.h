/* hardsix — override files: forced guesses after given histories ("howls 🟨⬜⬜⬜🟨 shark"). */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/rules.h"

G_BEGIN_DECLS

typedef struct {
  guint n_steps;    /* pairs in the history */
  guint32 *guesses; /* n_steps history guesses */
  HsPat *patterns;  /* n_steps patterns */
  guint32 forced;   /* the guess to play after that history */
  guint line;       /* line in the file (1-based) */
  char *comment;    /* comment lines above the rule, then its trailing comment, joined by "\n"; or NULL */
} HsOverride;

typedef struct {
  char *path;       /* file name for messages ("<memory>" when parsed from a string) */
  GPtrArray *rules; /* HsOverride*, in file order */
} HsOverrides;

/* Parses an override file. Each rule must name allowed words, valid patterns, a history that is
 * legal under RULES and consistent with at least one answer, and a forced guess legal after it;
 * two rules for the same history are an error, and so is a file with nothing in it (a file of
 * comments only is an empty set of rules). Errors name file:line. */
HsOverrides *hs_overrides_load(const char *path, const HsWords *words, HsRules rules, GError **error);
HsOverrides *hs_overrides_parse(const char *text, const char *path, const HsWords *words, HsRules rules,
                                GError **error);

/* An empty set of rules (to which hs_overrides_add adds). */
HsOverrides *hs_overrides_new(const char *path);
void hs_overrides_add(HsOverrides *o, guint n_steps, const guint32 *guesses, const HsPat *patterns, guint32 forced,
                      const char *comment);

/* Index of the rule for exactly this history, or -1. */
gint hs_overrides_match(const HsOverrides *o, guint n_steps, const guint32 *guesses, const HsPat *patterns);

/* Writes rules as override-file text (one rule per line, comments kept; a comment line when there are
 * no rules, so that the text reads back). Newly allocated. */
char *hs_overrides_to_text(const HsOverrides *o, const HsWords *words);

void hs_overrides_free(HsOverrides *o);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsOverrides, hs_overrides_free)

G_END_DECLS
