/* hardsix — the independent verifier. It reads strategy text in every format hardsix writes (per-word,
 * by-pattern, JSON, tree outline) and the selby outline, and checks it with its own feedback and
 * hard-mode code: it never uses the feedback table or the engine's rules module, so a bug there cannot
 * hide itself (tests/static/verify-independence.sh checks that with nm). Sources: src/verify/. */
#pragma once

#include <glib.h>
#include "hardsix/core/words.h"
#include "hardsix/core/rules.h"

G_BEGIN_DECLS

typedef enum {
  HS_STRATEGY_FILE_PER_WORD,
  HS_STRATEGY_FILE_BY_PATTERN,
  HS_STRATEGY_FILE_JSON,
  HS_STRATEGY_FILE_TREE,  /* the outline of --format tree ("OPENER (N)", "├─ PATTERN GUESS (N)") */
  HS_STRATEGY_FILE_SELBY, /* Selby's solver outline ("salet BBBBB1 crump BBBBB2 … GGGGG4") */
  HS_STRATEGY_FILE_HABARA /* the published Pokemon solver's JSON tree ({"guess", "rem", "edges"}) */
} HsStrategyFileKind;

typedef struct {
  gboolean ok; /* TRUE when no problem was found */
  HsStrategyFileKind kind;
  char *opener;    /* first guess, as text */
  guint n_answers; /* answers covered */
  guint hist[65];  /* hist[d]: answers solved by guess number d (d <= 64) */
  guint worst;
  guint64 total;       /* sum of guesses over answers */
  GPtrArray *problems; /* char*: "file:line: message", in file order then answer order */
  /* Header hints read from the file (NULL when absent). */
  char *lists_hint;
  char *rules_hint;
  /* The paths the file gives, indexed by answer (n_answers entries): a GArray of guint32 word indices,
   * the guesses played for that answer ending with the answer itself; NULL for an answer the file does
   * not solve. Filled whatever the verdict (read them only when ok, for a trusted tree). */
  GPtrArray *paths;
} HsVerifyReport;

void hs_verify_report_free(HsVerifyReport *r);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsVerifyReport, hs_verify_report_free)

#define HS_VERIFY_ERROR (hs_verify_error_quark())
GQuark hs_verify_error_quark(void);
typedef enum { HS_VERIFY_ERROR_PARSE } HsVerifyError;

/* Detects the format of TEXT from its content. Returns FALSE with an error (naming file:line) when it
 * is none of them. */
gboolean hs_verify_detect(const char *text, gsize len, HsStrategyFileKind *out, const char *filename, GError **error);

/* Reads "rules:" and "lists:" header hints without verifying (either out may be NULL; results newly
 * allocated or NULL). The tree and selby outlines have no header: both are NULL. */
void hs_verify_peek_header(const char *text, gsize len, char **lists, char **rules);

/* Verifies TEXT (named FILENAME in messages) against WORDS: every answer exactly once, each reported
 * pattern recomputed from the words, each guess legal under RULES, one guess per history, every
 * answer solved within MAX_GUESSES. Returns FALSE with an error only when the text cannot be parsed
 * at all (the error names file:line); otherwise returns TRUE and a report whose ok field is the
 * verdict. */
gboolean hs_verify_text(const HsWords *words, HsRules rules, guint max_guesses, const char *text, gsize len,
                        const char *filename, HsVerifyReport **report, GError **error);

/* The verifier's own feedback function (exposed so tests can compare it with hs_feedback). */
guint hs_verify_feedback(const char *guess, const char *answer);

G_END_DECLS
