/* hardsix — file helpers: bounded whole-file reads, line iteration, atomic writes. */
#include "hardsix/fileutil.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

static gboolean
read_stream(FILE *f, const char *path, char **contents, gsize *len, GError **error)
{
  GByteArray *buf = g_byte_array_new();
  guint8 chunk[65536];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk, f)) > 0) {
    if (buf->len + n > HS_MAX_INPUT_BYTES) {
      g_byte_array_unref(buf);
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: file is larger than %u MiB", path,
                  HS_MAX_INPUT_BYTES >> 20);
      return FALSE;
    }
    g_byte_array_append(buf, chunk, (guint)n);
  }
  if (ferror(f)) {
    int e = errno;
    g_byte_array_unref(buf);
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", path, g_strerror(e));
    return FALSE;
  }
  const guint8 *nul = buf->len > 0 ? memchr(buf->data, '\0', buf->len) : NULL;
  if (nul != NULL) {
    guint line = 1;
    for (const guint8 *c = buf->data; c < nul; c++)
      line += *c == '\n';
    g_byte_array_unref(buf);
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s:%u: binary file (holds a NUL byte)", path, line);
    return FALSE;
  }
  *len = buf->len;
  g_byte_array_append(buf, (const guint8 *)"", 1);
  *contents = (char *)g_byte_array_free(buf, FALSE);
  return TRUE;
}

gboolean
hs_file_read(const char *path, char **contents, gsize *len, GError **error)
{
  if (strcmp(path, "-") == 0)
    return read_stream(stdin, "<stdin>", contents, len, error);
  GStatBuf st;
  if (g_stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory", path);
      return FALSE;
    }
    if (S_ISREG(st.st_mode) && (guint64)st.st_size > HS_MAX_INPUT_BYTES) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_FAILED, "%s: file is larger than %u MiB", path,
                  HS_MAX_INPUT_BYTES >> 20);
      return FALSE;
    }
  }
  FILE *f = g_fopen(path, "rb");
  if (f == NULL) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", path, g_strerror(e));
    return FALSE;
  }
  gboolean ok = read_stream(f, path, contents, len, error);
  fclose(f);
  return ok;
}

/* Signals held back while a file is written, so that Ctrl-C cannot leave a temporary file behind:
 * they take effect as soon as the file is in place (or removed). */
static const int held_signals[] = { SIGINT, SIGTERM, SIGHUP };
static volatile sig_atomic_t held[G_N_ELEMENTS(held_signals)];
G_LOCK_DEFINE_STATIC(write_lock);

static void
hold_signal(int sig)
{
  for (guint i = 0; i < G_N_ELEMENTS(held_signals); i++)
    if (held_signals[i] == sig)
      held[i] = 1;
}

static gboolean write_atomic(const char *path, const char *data, gsize len, GError **error);

gboolean
hs_file_write_atomic(const char *path, const char *data, gsize len, GError **error)
{
  /* sigaction is process-wide, so whichever thread a signal reaches only records it. */
  G_LOCK(write_lock);
  struct sigaction sa, old[G_N_ELEMENTS(held_signals)];
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = hold_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS(held_signals); i++) {
    held[i] = 0;
    sigaction(held_signals[i], &sa, &old[i]);
  }
  gboolean ok = write_atomic(path, data, len, error);
  gboolean raise_held[G_N_ELEMENTS(held_signals)];
  for (guint i = 0; i < G_N_ELEMENTS(held_signals); i++) {
    sigaction(held_signals[i], &old[i], NULL);
    raise_held[i] = held[i] != 0;
  }
  G_UNLOCK(write_lock);
  /* Delivered now with the caller's own disposition (the default one ends the process). */
  for (guint i = 0; i < G_N_ELEMENTS(held_signals); i++)
    if (raise_held[i])
      raise(held_signals[i]);
  return ok;
}

static gboolean
write_atomic(const char *path, const char *data, gsize len, GError **error)
{
  g_autofree char *tmpl = g_strdup_printf("%s.tmp.XXXXXX", path);
  int fd = g_mkstemp(tmpl);
  if (fd < 0) {
    int e = errno;
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: cannot write: %s", path, g_strerror(e));
    return FALSE;
  }
  gsize done = 0;
  while (done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      int e = errno;
      close(fd);
      g_unlink(tmpl);
      g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", path, g_strerror(e));
      return FALSE;
    }
    done += (gsize)w;
  }
  /* mkstemp creates 0600; strategy files are ordinary documents. */
  fchmod(fd, 0644);
  if (close(fd) != 0 || g_rename(tmpl, path) != 0) {
    int e = errno;
    g_unlink(tmpl);
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", path, g_strerror(e));
    return FALSE;
  }
  return TRUE;
}

gboolean
hs_file_foreach_line(const char *text, gsize len, HsLineFunc fn, gpointer user, GError **error)
{
  gsize pos = 0;
  guint lineno = 0;
  /* A UTF-8 byte-order mark (as some Windows editors write) is not part of the first line. */
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
    pos = 3;
  while (pos < len) {
    const char *start = text + pos;
    const char *nl = memchr(start, '\n', len - pos);
    gsize l = nl ? (gsize)(nl - start) : len - pos;
    pos += l + (nl ? 1 : 0);
    lineno++;
    if (l > 0 && start[l - 1] == '\r')
      l--;
    if (!fn(start, l, lineno, user, error))
      return FALSE;
  }
  return TRUE;
}
