/* hardsix — file helpers: whole-file reads with a size limit, atomic writes. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Largest input file hardsix reads (64 MiB); larger files are an error naming the file. */
#define HS_MAX_INPUT_BYTES (64u * 1024u * 1024u)

/* Reads PATH ("-" for stdin) whole. Refuses files over HS_MAX_INPUT_BYTES and files holding a NUL. */
gboolean hs_file_read(const char *path, char **contents, gsize *len, GError **error);

/* Writes DATA to PATH atomically: PATH.tmp.XXXXXX in the same directory, fsync-free rename.
 * Nothing is left behind on failure. SIGINT, SIGTERM and SIGHUP that arrive during the write are
 * held until the file is in place, then delivered as usual, so an interrupted program leaves either
 * the old file or the new one, and no temporary file. */
gboolean hs_file_write_atomic(const char *path, const char *data, gsize len, GError **error);

/* Splits TEXT into lines in place-friendly fashion: calls FN(line, len, lineno, user) for each line
 * (without "\n" or "\r\n", and without a UTF-8 byte-order mark at the start of the text); stops and
 * returns FALSE when FN does. */
typedef gboolean (*HsLineFunc)(const char *line, gsize len, guint lineno, gpointer user, GError **error);
gboolean hs_file_foreach_line(const char *text, gsize len, HsLineFunc fn, gpointer user, GError **error);

G_END_DECLS
