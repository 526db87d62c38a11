/* hardsix — publishing strategies: the only way to text that says "verified". hs_publish checks a
 * strategy the engine built with the independent verifier (verify.h) before it renders it, and checks
 * every rendered text again; hs_publish_read takes a strategy file through the verifier and yields its
 * tree only when it passed. Writers that state verification (the formats' status, cheat sheets) take
 * an HsPublished, never a flag from the caller. Ownership: the caller frees an HsPublished with
 * hs_published_free; everything read from it lives as long as it does. */
#pragma once

#include <glib.h>
#include "hardsix/core/strategy.h"
#include "hardsix/report/format.h"
#include "hardsix/verify/verify.h"

G_BEGIN_DECLS

typedef struct HsPublished HsPublished;

/* Verifies S (its per-word listing, read back by the independent verifier; the verifier's histogram
 * must equal the builder's; every answer solved within the cap), then renders FORMATS[0..N) (INFO may
 * be NULL) and verifies each rendered text again. When any check fails, every text is rendered marked
 * NOT verified and hs_published_problem says which check failed. Never fails otherwise; S must outlive
 * the result. */
HsPublished *hs_publish(const HsStrategy *s, const HsFormatInfo *info, const HsFormat *formats, guint n);

/* Verifies the strategy file TEXT (named NAME in messages) against WORDS under RULES within
 * MAX_GUESSES. FALSE with an error only when the text cannot be read as any format (naming file:line);
 * otherwise a result whose verdict is hs_published_verified, with the strategy when it passed. */
HsPublished *hs_publish_read(const HsWords *words, HsRules rules, guint max_guesses, const char *text, gsize len,
                             const char *name, GError **error);

/* TRUE when the independent verifier accepted the strategy and every text rendered from it. */
gboolean hs_published_verified(const HsPublished *p);
/* The verifier's report on the strategy (its problems when it was refused). */
const HsVerifyReport *hs_published_report(const HsPublished *p);
/* One line naming a check that failed on the engine's side (the builder and verifier disagree, a
 * rendered format does not verify), or NULL. These are bugs, not bad input. */
const char *hs_published_problem(const HsPublished *p);
/* The strategy: the one published, or the one read (NULL when a read file was refused). */
const HsStrategy *hs_published_strategy(const HsPublished *p);
/* Text I of the formats asked (hs_publish), i < N. */
const char *hs_published_text(const HsPublished *p, guint i);

void hs_published_free(HsPublished *p);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsPublished, hs_published_free)

G_END_DECLS
