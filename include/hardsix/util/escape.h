/* hardsix — untrusted text shown in messages: the one escaping rule. Words, file names, patterns and
 * lines echoed from argv, files and stdin pass through it, so that no byte a terminal acts on (ESC,
 * BEL, CR, ...) reaches the screen raw: a strategy file cannot retitle the terminal or recolour it. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Appends TEXT (LEN bytes, or up to its NUL when LEN < 0) to OUT with every control character shown
 * visibly: ESC as \e, BEL \a, BS \b, TAB \t, LF \n, VT \v, FF \f, CR \r, any other C0 byte and DEL
 * as \xNN, the C1 controls U+0080..U+009F and the bidirectional overrides (U+202A..U+202E,
 * U+2066..U+2069) as \uNNNN, and each byte that is not part of valid UTF-8 as \xNN. Everything else,
 * backslashes included, is copied as it is. With KEEP_NEWLINES a LF is copied (a message's own line
 * breaks). */
void hs_escape_append(GString *out, const char *text, gssize len, gboolean keep_newlines);

/* TEXT (LEN bytes, or up to its NUL when LEN < 0) escaped as by hs_escape_append (LF too) in a new
 * string (free it). With MAX >= 0 at most about MAX bytes of TEXT are shown (cut at a character
 * boundary), and a cut text ends with "...". */
char *hs_escape(const char *text, gssize len, gssize max);

/* A whole message escaped, its line breaks kept (free it). */
char *hs_escape_message(const char *message);

/* TRUE when TEXT would be changed by hs_escape_message (it holds a byte to escape). */
gboolean hs_escape_needed(const char *text);

G_END_DECLS
