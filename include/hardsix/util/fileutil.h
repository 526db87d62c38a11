/* hardsix — file helpers: whole-file reads with a size limit, atomic writes of files and of sets of files. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Largest input file hardsix reads (64 MiB); larger files are an error naming the file. */
#define HS_MAX_INPUT_BYTES (64u * 1024u * 1024u)

/* Reads PATH ("-" for stdin) whole. Refuses files over HS_MAX_INPUT_BYTES and files holding a NUL. */
gboolean hs_file_read(const char *path, char **contents, gsize *len, GError **error);

/* Writes DATA to PATH whole or not at all: a set of one file (see HsFileSet). */
gboolean hs_file_write_atomic(const char *path, const char *data, gsize len, GError **error);

/* A set of files written together (the -o DIR sets, a TSV with its HTML report, ...). After
 * hs_file_set_commit either every file of the set holds its new content, or every file is as it was
 * and nothing new is left behind (no temporary file, no directory the commit made).
 *
 * - A regular file (or a name not yet taken) is written to PATH.tmp.PID.XXXXXX in its directory, then
 *   renamed over PATH (a replaced file keeps its permission bits, see below). Until the
 *   last rename succeeds, every replaced file can be put back: it is kept as a hard link (or a copy)
 *   next to it, removed after the commit.
 * - A symbolic link is followed: the file it leads to is written that way (the link stays a link;
 *   a dangling link gets its target created).
 * - A FIFO, a character device or a socket is written directly, before any rename (a pipe cannot
 *   take back what it was sent, so it comes first: a later failure still restores the files).
 * - A directory or a block device is an error, found before anything is written.
 * New files and directories get the permission bits open(…, 0666) and mkdir(…, 0777) give under the
 * process's umask; a replaced file keeps its own. Temporary files are named PATH.tmp.PID.XXXXXX; a
 * commit first removes those of PATH left by a process that no longer runs (killed mid-commit).
 * The library installs no signal handler: a program that wants Ctrl-C to leave no temporary file
 * behind holds its signals while hs_file_commit_running() says a commit is under way. Not made for
 * crash safety: nothing is fsync'ed. */
typedef struct HsFileSet HsFileSet;

HsFileSet *hs_file_set_new(void);
void hs_file_set_free(HsFileSet *set);
G_DEFINE_AUTOPTR_CLEANUP_FUNC(HsFileSet, hs_file_set_free)

/* Adds PATH with DATA (LEN bytes, copied). */
void hs_file_set_add(HsFileSet *set, const char *path, const char *data, gsize len);

/* Asks the commit to make directory DIR (mode 0777 less the umask) when it is missing; its parent must exist. A
 * commit that fails removes the directories it made. */
void hs_file_set_add_dir(HsFileSet *set, const char *dir);

/* Number of files added, and the path of file I (as added). */
guint hs_file_set_size(const HsFileSet *set);
const char *hs_file_set_path(const HsFileSet *set, guint i);

/* Writes the set; on failure the first error names the file, and everything is as before. Two paths
 * of the set that reach the same file are an error, found before anything is written. The set is
 * emptied either way. */
gboolean hs_file_set_commit(HsFileSet *set, GError **error);

/* Creates a new temporary file for PATH, PATH.tmp.PID.XXXXXX (the name that
 * hs_file_remove_stale_temporaries recognises), opened with FLAGS (O_CREAT and O_EXCL added) and
 * PERMS; returns its descriptor, or -1 with errno set. *TMP gets the name (the caller frees it), the
 * template itself when nothing was created. */
int hs_file_create_temporary(const char *path, int flags, int perms, char **tmp);

/* Removes the temporary files of PATH (PATH.tmp.PID.XXXXXX, as hs_file_create_temporary names them
 * for the commits and the optimiser's checkpoints) that a process which no longer runs left behind: a
 * write ended by SIGKILL or a crash. A live process's are kept, and so is every other file. */
void hs_file_remove_stale_temporaries(const char *path);

/* TRUE when A and B name the same file to write (after symbolic links, "." and "..", and hard links
 * of existing files); either may not exist yet. */
gboolean hs_file_same_target(const char *a, const char *b);

/* What writing PATH would do, without writing: HS_FILE_TARGET_NEW (no file yet), _REPLACE (a regular
 * file, perhaps behind symbolic links), _SPECIAL (written directly: FIFO, character device, socket);
 * or FALSE and an error for a directory, a block device or a path that cannot be looked at. *REAL
 * (may be NULL; free it) receives where the bytes would go: PATH, or where its symbolic links lead. */
typedef enum { HS_FILE_TARGET_NEW, HS_FILE_TARGET_REPLACE, HS_FILE_TARGET_SPECIAL } HsFileTarget;
gboolean hs_file_target_kind(const char *path, HsFileTarget *kind, char **real, GError **error);

/* TRUE while some thread is inside hs_file_set_commit (or hs_file_write_atomic). Async-signal-safe:
 * a signal handler calls it to decide whether to end the process now or once the commit is over. */
gboolean hs_file_commit_running(void);

#ifdef HS_TESTING
/* Test builds only (-DHS_TESTING: the cmocka tests and BUILD/test-bin/hardsix; the release library
 * has no such hook). The N-th step of the commits that follow (making a directory, creating or
 * writing a temporary file, keeping an old file, a direct write, a rename; counted from 1) fails with
 * EIO; 0 turns the hook off. Undoing a failed commit is never made to fail. */
void hs_file_fault_inject(guint n);

/* The steps counted since the last hs_file_fault_inject (to know when every step has been tried). */
guint hs_file_fault_steps(void);
#endif

/* Splits TEXT into lines in place-friendly fashion: calls FN(line, len, lineno, user) for each line
 * (without "\n" or "\r\n", and without a UTF-8 byte-order mark at the start of the text); stops and
 * returns FALSE when FN does. */
typedef gboolean (*HsLineFunc)(const char *line, gsize len, guint lineno, gpointer user, GError **error);
gboolean hs_file_foreach_line(const char *text, gsize len, HsLineFunc fn, gpointer user, GError **error);

G_END_DECLS
