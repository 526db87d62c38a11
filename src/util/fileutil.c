/* hardsix — file helpers: bounded whole-file reads, line iteration, atomic writes of files and sets of files. */
/* realpath() is an X/Open interface. */
#define _XOPEN_SOURCE 700
#include "hardsix/util/fileutil.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

/* The mode of a target that is not there yet: created with the umask's bits (write_temporary). */
#define HS_MODE_NEW ((mode_t)-1)

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

/* ---- where a write goes ---- */

/* PATH made absolute, with "." and ".." removed and the longest existing leading part resolved
 * through symbolic links (what is left does not exist yet, so it cannot hold any). */
static char *
canonical_path(const char *path)
{
  g_autofree char *abs = g_canonicalize_filename(path, NULL);
  g_autofree char *head = g_strdup(abs);
  GString *tail = g_string_new(NULL);
  for (;;) {
    char *real = realpath(head, NULL);
    if (real != NULL) {
      char *out = g_strconcat(real, tail->str, NULL);
      free(real);
      g_string_free(tail, TRUE);
      return out;
    }
    char *slash = strrchr(head, '/');
    if (slash == NULL || slash == head) {
      g_string_free(tail, TRUE);
      return g_steal_pointer(&abs);
    }
    g_string_prepend(tail, slash);
    *slash = '\0';
  }
}

/* The name a dangling symbolic link LINK leads to (following a chain of links), for creating it. */
static char *
follow_dangling(const char *link, GError **error)
{
  g_autofree char *p = g_strdup(link);
  for (guint hops = 0; hops < 40; hops++) {
    GStatBuf st;
    if (g_lstat(p, &st) != 0 || !S_ISLNK(st.st_mode))
      return g_steal_pointer(&p);
    g_autofree char *to = g_file_read_link(p, NULL);
    if (to == NULL)
      break;
    g_autofree char *dir = g_path_get_dirname(p);
    char *next = g_path_is_absolute(to) ? g_strdup(to) : g_build_filename(dir, to, NULL);
    g_free(p);
    p = next;
  }
  g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_LOOP, "%s: too many levels of symbolic links", link);
  return NULL;
}

/* What writing PATH does (see hs_file_target_kind); *REAL: where the bytes go, *MODE: the permission
 * bits of the file replaced. */
static gboolean
resolve_target(const char *path, HsFileTarget *kind, char **real, mode_t *mode, GError **error)
{
  GStatBuf st;
  *mode = HS_MODE_NEW;
  if (g_stat(path, &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_ISDIR, "%s: is a directory", path);
      return FALSE;
    }
    if (S_ISBLK(st.st_mode)) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                  "%s: is a block device (hardsix writes files, pipes and character devices)", path);
      return FALSE;
    }
    if (!S_ISREG(st.st_mode)) {
      /* Written directly: opening the path follows any link to it (also /proc/self/fd/N). */
      *kind = HS_FILE_TARGET_SPECIAL;
      *real = g_strdup(path);
      return TRUE;
    }
    *kind = HS_FILE_TARGET_REPLACE;
    *mode = st.st_mode & 07777;
    char *r = realpath(path, NULL);
    *real = r ? g_strdup(r) : g_strdup(path);
    free(r);
    return TRUE;
  }
  int e = errno;
  if (e != ENOENT) {
    g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s", path, g_strerror(e));
    return FALSE;
  }
  /* Nothing there, or a dangling link: the file is created where the link leads. */
  *kind = HS_FILE_TARGET_NEW;
  *real = follow_dangling(path, error);
  return *real != NULL;
}

gboolean
hs_file_target_kind(const char *path, HsFileTarget *kind, char **real, GError **error)
{
  char *r = NULL;
  mode_t mode;
  if (!resolve_target(path, kind, &r, &mode, error))
    return FALSE;
  if (real != NULL)
    *real = r;
  else
    g_free(r);
  return TRUE;
}

/* A key that is equal for two paths reaching the same file: device and inode of an existing file,
 * else the canonical path. */
static char *
target_key(const char *path)
{
  HsFileTarget kind;
  g_autofree char *real = NULL;
  mode_t mode;
  if (!resolve_target(path, &kind, &real, &mode, NULL))
    return canonical_path(path);
  GStatBuf st;
  if (kind != HS_FILE_TARGET_NEW && g_stat(real, &st) == 0)
    return g_strdup_printf("inode %ju:%ju", (uintmax_t)st.st_dev, (uintmax_t)st.st_ino);
  return canonical_path(real);
}

gboolean
hs_file_same_target(const char *a, const char *b)
{
  g_autofree char *ka = target_key(a), *kb = target_key(b);
  return strcmp(ka, kb) == 0;
}

/* ---- sets of files ---- */

typedef struct {
  char *path; /* as given (for messages) */
  char *data;
  gsize len;
  HsFileTarget kind;
  char *real;   /* where the bytes go */
  mode_t mode;  /* of the new file: the replaced file's, or HS_MODE_NEW */
  char *tmp;    /* the new content, until renamed over REAL */
  char *backup; /* the old content (a hard link or a copy), until the commit is over */
  gboolean renamed;
} Target;

struct HsFileSet {
  GPtrArray *targets; /* Target * */
  GPtrArray *dirs;    /* directories to make (char *) */
  GPtrArray *made;    /* directories this commit made */
};

static void
target_free(gpointer p)
{
  Target *t = p;
  g_free(t->path);
  g_free(t->data);
  g_free(t->real);
  g_free(t->tmp);
  g_free(t->backup);
  g_free(t);
}

HsFileSet *
hs_file_set_new(void)
{
  HsFileSet *set = g_new0(HsFileSet, 1);
  set->targets = g_ptr_array_new_with_free_func(target_free);
  set->dirs = g_ptr_array_new_with_free_func(g_free);
  set->made = g_ptr_array_new_with_free_func(g_free);
  return set;
}

void
hs_file_set_free(HsFileSet *set)
{
  if (set == NULL)
    return;
  g_ptr_array_unref(set->targets);
  g_ptr_array_unref(set->dirs);
  g_ptr_array_unref(set->made);
  g_free(set);
}

void
hs_file_set_add(HsFileSet *set, const char *path, const char *data, gsize len)
{
  Target *t = g_new0(Target, 1);
  t->path = g_strdup(path);
  t->data = g_memdup2(data, len);
  t->len = len;
  g_ptr_array_add(set->targets, t);
}

void
hs_file_set_add_dir(HsFileSet *set, const char *dir)
{
  g_ptr_array_add(set->dirs, g_strdup(dir));
}

guint
hs_file_set_size(const HsFileSet *set)
{
  return set->targets->len;
}

const char *
hs_file_set_path(const HsFileSet *set, guint i)
{
  return ((const Target *)set->targets->pdata[i])->path;
}

#ifdef HS_TESTING
/* The fault-injection hook of test builds (hs_file_fault_inject): the number of the operation to fail,
 * and the operations counted so far. */
static guint fault_at, fault_count;

/* TRUE (errno EIO) when this step of a commit is the one made to fail. */
static gboolean
fault(void)
{
  if (fault_at == 0 || ++fault_count != fault_at)
    return FALSE;
  errno = EIO;
  return TRUE;
}

void
hs_file_fault_inject(guint n)
{
  fault_at = n;
  fault_count = 0;
}

guint
hs_file_fault_steps(void)
{
  return fault_count;
}
#else
/* Release builds have no fault injection: every step is tried for real. */
#define fault() FALSE
#endif

static gboolean
set_errno_error(GError **error, int e, const char *path, const char *what)
{
  g_set_error(error, G_FILE_ERROR, g_file_error_from_errno(e), "%s: %s%s%s", path, what ? what : "", what ? ": " : "",
              g_strerror(e));
  return FALSE;
}

/* Writes LEN bytes of DATA to FD; FALSE with errno set on failure. */
static gboolean
write_all(int fd, const char *data, gsize len)
{
  gsize done = 0;
  while (done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = EIO;
      return FALSE;
    }
    done += (gsize)w;
  }
  return TRUE;
}

int
hs_file_create_temporary(const char *path, int flags, int perms, char **tmp)
{
  *tmp = g_strdup_printf("%s.tmp.%ld.XXXXXX", path, (long)getpid());
  return g_mkstemp_full(*tmp, flags, perms);
}

/* A new file REAL.tmp.PID.XXXXXX holding DATA; returns its name, or NULL with errno set (nothing left
 * behind). A new file (MODE HS_MODE_NEW) is created as open(…, 0666) would, under the umask; a
 * replaced one starts private and then gets MODE, the old file's bits. */
static char *
write_temporary(const char *real, const char *data, gsize len, mode_t mode)
{
  if (fault())
    return NULL;
  char *tmp;
  int fd = hs_file_create_temporary(real, O_WRONLY | O_CLOEXEC, mode == HS_MODE_NEW ? 0666 : 0600, &tmp);
  if (fd < 0) {
    int e = errno;
    g_free(tmp);
    errno = e;
    return NULL;
  }
  gboolean ok = !fault() && write_all(fd, data, len) && (mode == HS_MODE_NEW || fchmod(fd, mode) == 0);
  int e = errno;
  if (close(fd) != 0 && ok) {
    ok = FALSE;
    e = errno;
  }
  if (!ok) {
    g_unlink(tmp);
    g_free(tmp);
    errno = e;
    return NULL;
  }
  return tmp;
}

void
hs_file_remove_stale_temporaries(const char *real)
{
  g_autofree char *dir = g_path_get_dirname(real);
  g_autofree char *base = g_path_get_basename(real);
  g_autofree char *prefix = g_strconcat(base, ".tmp.", NULL);
  GDir *d = g_dir_open(dir, 0, NULL);
  if (d == NULL)
    return;
  const char *name;
  while ((name = g_dir_read_name(d)) != NULL) {
    if (!g_str_has_prefix(name, prefix))
      continue;
    const char *pid_text = name + strlen(prefix);
    char *end = NULL;
    guint64 pid = g_ascii_strtoull(pid_text, &end, 10);
    if (end == pid_text || *end != '.' || strlen(end + 1) != 6 || pid == 0 || pid > G_MAXINT || (pid_t)pid == getpid())
      continue;
    if (kill((pid_t)pid, 0) == 0 || errno != ESRCH)
      continue; /* that process still runs (or is another user's) */
    g_autofree char *path = g_build_filename(dir, name, NULL);
    g_unlink(path);
  }
  g_dir_close(d);
}

/* Keeps the old content of T: a hard link REAL.tmp.XXXXXX to it, or, where the file system has no
 * hard links, a copy. */
static gboolean
keep_old(Target *t, GError **error)
{
  if (fault())
    return set_errno_error(error, errno, t->path, "cannot keep the old file");
  for (guint attempt = 0; attempt < 100; attempt++) {
    char *name = g_strdup_printf("%s.tmp.%ld.%06x", t->real, (long)getpid(), g_random_int() & 0xffffff);
    if (link(t->real, name) == 0) {
      t->backup = name;
      return TRUE;
    }
    int e = errno;
    g_free(name);
    if (e == EEXIST)
      continue;
    if (e != EPERM && e != EOPNOTSUPP && e != EXDEV && e != EMLINK && e != ENOSYS)
      return set_errno_error(error, e, t->path, "cannot keep the old file");
    break;
  }
  g_autofree char *old = NULL;
  gsize len = 0;
  GError *rerr = NULL;
  if (!g_file_get_contents(t->real, &old, &len, &rerr)) {
    g_set_error(error, G_FILE_ERROR, rerr->code, "%s: cannot keep the old file: %s", t->path, rerr->message);
    g_error_free(rerr);
    return FALSE;
  }
  t->backup = write_temporary(t->real, old, len, t->mode);
  return t->backup != NULL || set_errno_error(error, errno, t->path, "cannot keep the old file");
}

/* Writes special target T directly. */
static gboolean
write_special(const Target *t, GError **error)
{
  int fd = fault() ? -1 : g_open(t->real, O_WRONLY | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    return set_errno_error(error, errno, t->path, NULL);
  gboolean ok = write_all(fd, t->data, t->len);
  int e = errno;
  if (close(fd) != 0 && ok) {
    ok = FALSE;
    e = errno;
  }
  return ok || set_errno_error(error, e, t->path, NULL);
}

/* Resolves every target; refuses two that reach the same file. */
static gboolean
resolve_all(HsFileSet *set, GError **error)
{
  g_autoptr(GHashTable) seen = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (!resolve_target(t->path, &t->kind, &t->real, &t->mode, error))
      return FALSE;
    char *key = target_key(t->path);
    const Target *other = g_hash_table_lookup(seen, key);
    if (other != NULL) {
      g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s and %s are the same file", other->path, t->path);
      g_free(key);
      return FALSE;
    }
    g_hash_table_insert(seen, key, t);
  }
  return TRUE;
}

static gboolean
make_dirs(HsFileSet *set, GError **error)
{
  for (guint i = 0; i < set->dirs->len; i++) {
    const char *dir = set->dirs->pdata[i];
    if (g_file_test(dir, G_FILE_TEST_IS_DIR))
      continue;
    if (fault() || g_mkdir(dir, 0777) != 0)
      return set_errno_error(error, errno, dir, "cannot create directory");
    g_ptr_array_add(set->made, g_strdup(dir));
  }
  return TRUE;
}

/* Undoes what a failed commit did: renamed files get their old content back (or go, when there was
 * none), temporary files and directories made go. Returns FALSE when a file could not be restored
 * (ERROR then says which, after the message of the original failure). */
static gboolean
roll_back(HsFileSet *set, GError **error)
{
  gboolean ok = TRUE;
  for (guint i = set->targets->len; i-- > 0;) {
    Target *t = set->targets->pdata[i];
    if (t->renamed) {
      int r = t->backup ? g_rename(t->backup, t->real) : g_unlink(t->real);
      if (r == 0) {
        g_clear_pointer(&t->backup, g_free);
      } else {
        /* Rare (one failure after another): say where the old content is rather than lose it. */
        int e = errno;
        g_prefix_error(error, "%s: could not restore the old file (%s; it is kept as %s) after: ", t->path,
                       g_strerror(e), t->backup ? t->backup : "nothing");
        g_clear_pointer(&t->backup, g_free); /* kept on disk */
        ok = FALSE;
      }
      t->renamed = FALSE;
    }
    if (t->tmp)
      g_unlink(t->tmp);
    if (t->backup)
      g_unlink(t->backup); /* a link to the file still in place */
  }
  for (guint i = set->made->len; i-- > 0;)
    g_rmdir(set->made->pdata[i]);
  return ok;
}

static gboolean
commit(HsFileSet *set, GError **error)
{
  if (!resolve_all(set, error) || !make_dirs(set, error))
    return FALSE;
  guint renames = 0;
  for (guint i = 0; i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (t->kind == HS_FILE_TARGET_SPECIAL)
      continue;
    hs_file_remove_stale_temporaries(t->real);
    t->tmp = write_temporary(t->real, t->data, t->len, t->mode);
    if (t->tmp == NULL)
      return set_errno_error(error, errno, t->path, NULL);
    renames++;
  }
  for (guint i = 0; i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (t->kind == HS_FILE_TARGET_SPECIAL && !write_special(t, error))
      return FALSE;
  }
  /* One rename is atomic by itself; several need the old files to go back to. */
  for (guint i = 0; renames > 1 && i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (t->kind == HS_FILE_TARGET_REPLACE && !keep_old(t, error))
      return FALSE;
  }
  for (guint i = 0; i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (t->tmp == NULL)
      continue;
    if (fault() || g_rename(t->tmp, t->real) != 0)
      return set_errno_error(error, errno, t->path, NULL);
    g_clear_pointer(&t->tmp, g_free);
    t->renamed = TRUE;
  }
  for (guint i = 0; i < set->targets->len; i++) {
    Target *t = set->targets->pdata[i];
    if (t->backup != NULL)
      g_unlink(t->backup);
  }
  return TRUE;
}

/* Commits under way (read by signal handlers, hence sig_atomic_t); one at a time. */
static volatile sig_atomic_t commits_running;
G_LOCK_DEFINE_STATIC(write_lock);

gboolean
hs_file_commit_running(void)
{
  return commits_running != 0;
}

gboolean
hs_file_set_commit(HsFileSet *set, GError **error)
{
  G_LOCK(write_lock);
  commits_running = 1;
  GError *err = NULL;
  gboolean ok = commit(set, &err);
  if (!ok)
    roll_back(set, &err);
  g_ptr_array_set_size(set->targets, 0);
  g_ptr_array_set_size(set->dirs, 0);
  g_ptr_array_set_size(set->made, 0);
  commits_running = 0;
  G_UNLOCK(write_lock);
  if (err != NULL)
    g_propagate_error(error, err);
  return ok;
}

gboolean
hs_file_write_atomic(const char *path, const char *data, gsize len, GError **error)
{
  g_autoptr(HsFileSet) set = hs_file_set_new();
  hs_file_set_add(set, path, data, len);
  return hs_file_set_commit(set, error);
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
