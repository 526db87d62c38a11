/* Tests for fileutil.c: bounded whole-file reads, atomic writes that leave nothing behind, and line
 * iteration. Every file is made in a fresh temporary directory. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <glib/gstdio.h>

#include "hardsix/util/fileutil.h"

static int
make_dir(void **state)
{
  *state = g_dir_make_tmp("hs-fileutil-XXXXXX", NULL);
  return *state == NULL ? -1 : 0;
}

/* Removes PATH and everything below it (a failed test may leave files in subdirectories). */
static void
remove_tree(const char *path)
{
  GDir *d = g_file_test(path, G_FILE_TEST_IS_DIR) && !g_file_test(path, G_FILE_TEST_IS_SYMLINK)
              ? g_dir_open(path, 0, NULL)
              : NULL;
  if (d == NULL) {
    g_unlink(path);
    return;
  }
  const char *name;
  while ((name = g_dir_read_name(d)) != NULL) {
    g_autofree char *p = g_build_filename(path, name, NULL);
    remove_tree(p);
  }
  g_dir_close(d);
  g_rmdir(path);
}

static int
remove_dir(void **state)
{
  remove_tree(*state);
  g_free(*state);
  return 0;
}

static gint
cmp_names(gconstpointer a, gconstpointer b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The sorted names in DIR, joined by spaces. */
static char *
listing(const char *dir)
{
  GDir *d = g_dir_open(dir, 0, NULL);
  assert_non_null(d);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func(g_free);
  const char *name;
  while ((name = g_dir_read_name(d)) != NULL)
    g_ptr_array_add(names, g_strdup(name));
  g_dir_close(d);
  g_ptr_array_sort(names, cmp_names);
  GString *out = g_string_new(NULL);
  for (guint i = 0; i < names->len; i++)
    g_string_append_printf(out, "%s%s", i ? " " : "", (const char *)names->pdata[i]);
  return g_string_free(out, FALSE);
}

static char *
put(const char *dir, const char *name, const char *data, gssize len)
{
  char *p = g_build_filename(dir, name, NULL);
  assert_true(g_file_set_contents(p, data, len, NULL));
  return p;
}

/* A sparse file of SIZE bytes (no disk used) in DIR; newly allocated path. */
static char *
sparse(const char *dir, const char *name, off_t size)
{
  char *p = g_build_filename(dir, name, NULL);
  FILE *f = g_fopen(p, "wb");
  assert_non_null(f);
  assert_int_equal(ftruncate(fileno(f), size), 0);
  fclose(f);
  return p;
}

/* Reading PATH fails with a message that starts with NAME and contains WHAT. */
static void
assert_read_fails(const char *path, const char *name, const char *what)
{
  char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_false(hs_file_read(path, &text, &len, &e));
  assert_null(text);
  if (!g_str_has_prefix(e->message, name) || strstr(e->message, what) == NULL)
    fail_msg("'%s' should start with '%s' and contain '%s'", e->message, name, what);
  g_clear_error(&e);
}

static void
test_read(void **state)
{
  const char *dir = *state;
  g_autofree char *p = put(dir, "a.txt", "shade\nshake\n", -1);
  g_autofree char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_true(hs_file_read(p, &text, &len, &e));
  assert_int_equal(len, 12);
  assert_string_equal(text, "shade\nshake\n"); /* NUL-terminated */

  g_autofree char *empty = put(dir, "empty.txt", "", 0);
  g_autofree char *t2 = NULL;
  len = 99;
  assert_true(hs_file_read(empty, &t2, &len, &e));
  assert_int_equal(len, 0);
  assert_non_null(t2);
  assert_string_equal(t2, "");
}

static void
test_read_errors(void **state)
{
  const char *dir = *state;
  GError *e = NULL;
  char *text = NULL;
  gsize len = 0;

  /* Missing file: the message names it. */
  g_autofree char *missing = g_build_filename(dir, "missing.txt", NULL);
  assert_false(hs_file_read(missing, &text, &len, &e));
  assert_true(g_error_matches(e, G_FILE_ERROR, G_FILE_ERROR_NOENT));
  assert_true(g_str_has_prefix(e->message, missing));
  g_clear_error(&e);

  /* A directory. */
  assert_read_fails(dir, dir, "directory");

  /* A NUL byte anywhere, even at the very end. */
  const char bin[] = "shade\nsh\0ke\n";
  g_autofree char *nul = put(dir, "nul.txt", bin, sizeof bin - 1);
  assert_read_fails(nul, nul, "NUL");
  g_autofree char *nul_end = put(dir, "nul-end.txt", "shade\n", 7);
  assert_read_fails(nul_end, nul_end, "NUL");

  /* Over the size limit. */
  g_autofree char *big = sparse(dir, "big.txt", (off_t)HS_MAX_INPUT_BYTES + 1);
  assert_read_fails(big, big, "larger");
  g_unlink(big);
}

/* A file of exactly HS_MAX_INPUT_BYTES is within the limit (a sparse file: it is then refused for its
 * NUL bytes, not for its size). */
static void
test_read_at_limit(void **state)
{
  const char *dir = *state;
  g_autofree char *p = sparse(dir, "limit.txt", (off_t)HS_MAX_INPUT_BYTES);
  char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_false(hs_file_read(p, &text, &len, &e));
  assert_true(g_str_has_prefix(e->message, p));
  assert_non_null(strstr(e->message, "NUL"));
  assert_null(strstr(e->message, "larger"));
  g_clear_error(&e);
  g_unlink(p);
}

/* "-" reads stdin, named <stdin> in messages. */
static void
test_read_stdin(void **state)
{
  const char *dir = *state;
  g_autofree char *p = put(dir, "in.txt", "crane\r\nslate\n", -1);
  assert_non_null(freopen(p, "rb", stdin));
  g_autofree char *text = NULL;
  gsize len = 0;
  GError *e = NULL;
  assert_true(hs_file_read("-", &text, &len, &e));
  assert_int_equal(len, 13);
  assert_string_equal(text, "crane\r\nslate\n");

  const char bin[] = "crane\n\0";
  g_autofree char *q = put(dir, "in-bin.txt", bin, sizeof bin - 1);
  assert_non_null(freopen(q, "rb", stdin));
  char *t2 = NULL;
  assert_false(hs_file_read("-", &t2, &len, &e));
  assert_true(g_str_has_prefix(e->message, "<stdin>"));
  g_clear_error(&e);

  /* The limit holds for streams too, whose size is not known in advance. */
  g_autofree char *big = sparse(dir, "big-stdin.txt", (off_t)HS_MAX_INPUT_BYTES + 1);
  assert_non_null(freopen(big, "rb", stdin));
  assert_false(hs_file_read("-", &t2, &len, &e));
  assert_true(g_str_has_prefix(e->message, "<stdin>"));
  assert_non_null(strstr(e->message, "larger"));
  g_clear_error(&e);
  g_unlink(big);
  assert_non_null(freopen("/dev/null", "rb", stdin));
}

static void
test_write_atomic(void **state)
{
  const char *dir = *state;
  mode_t old_mask = umask(022);
  g_autofree char *p = g_build_filename(dir, "out.txt", NULL);
  GError *e = NULL;
  assert_true(hs_file_write_atomic(p, "howls\nshark\n", 12, &e));
  g_autofree char *got = NULL;
  gsize len = 0;
  assert_true(g_file_get_contents(p, &got, &len, NULL));
  assert_int_equal(len, 12);
  assert_memory_equal(got, "howls\nshark\n", 12);
  g_autofree char *names = listing(dir);
  assert_string_equal(names, "out.txt");
  /* An ordinary document (0644 under umask 022), not mkstemp's 0600. */
  GStatBuf st;
  assert_int_equal(g_stat(p, &st), 0);
  assert_int_equal(st.st_mode & 0777, 0644);

  /* Replacing: the new content whole, still no temporary file. */
  g_autofree char *big = g_strnfill(300000, 'x');
  assert_true(hs_file_write_atomic(p, big, 300000, &e));
  g_free(got);
  got = NULL;
  assert_true(g_file_get_contents(p, &got, &len, NULL));
  assert_int_equal(len, 300000);
  assert_memory_equal(got, big, 300000);
  /* Only LEN bytes are written, and an empty file is a file. */
  assert_true(hs_file_write_atomic(p, "abcdef", 3, &e));
  g_free(got);
  got = NULL;
  assert_true(g_file_get_contents(p, &got, &len, NULL));
  assert_int_equal(len, 3);
  assert_true(hs_file_write_atomic(p, "", 0, &e));
  g_free(got);
  got = NULL;
  assert_true(g_file_get_contents(p, &got, &len, NULL));
  assert_int_equal(len, 0);
  g_autofree char *names2 = listing(dir);
  assert_string_equal(names2, "out.txt");
  umask(old_mask);
}

static void
test_write_atomic_errors(void **state)
{
  const char *dir = *state;
  GError *e = NULL;
  /* A missing directory: an error naming the path; nothing made anywhere. */
  g_autofree char *p = g_build_filename(dir, "no-such-dir", "out.txt", NULL);
  assert_false(hs_file_write_atomic(p, "x\n", 2, &e));
  assert_non_null(e);
  assert_non_null(strstr(e->message, p));
  g_clear_error(&e);
  g_autofree char *names = listing(dir);
  assert_string_equal(names, "");

  /* The target is a directory: the rename fails and the temporary file is removed. */
  g_autofree char *sub = g_build_filename(dir, "sub", NULL);
  assert_int_equal(g_mkdir(sub, 0755), 0);
  g_autofree char *inside = put(sub, "keep.txt", "keep", -1);
  assert_false(hs_file_write_atomic(sub, "x\n", 2, &e));
  assert_non_null(strstr(e->message, sub));
  g_clear_error(&e);
  g_autofree char *names2 = listing(dir);
  assert_string_equal(names2, "sub");
  g_autofree char *names3 = listing(sub);
  assert_string_equal(names3, "keep.txt");
  g_unlink(inside);
}

static volatile sig_atomic_t got_sigint;

static void
on_sigint(int sig)
{
  (void)sig;
  got_sigint++;
}

/* The caller's own signal handlers are back in place after a write. */
static void
test_write_atomic_restores_handlers(void **state)
{
  const char *dir = *state;
  struct sigaction sa, old, now;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_sigint;
  sigemptyset(&sa.sa_mask);
  assert_int_equal(sigaction(SIGINT, &sa, &old), 0);
  g_autofree char *p = g_build_filename(dir, "sig.txt", NULL);
  assert_true(hs_file_write_atomic(p, "x", 1, NULL));
  assert_int_equal(sigaction(SIGINT, NULL, &now), 0);
  assert_ptr_equal((void *)now.sa_handler, (void *)on_sigint);
  got_sigint = 0;
  raise(SIGINT);
  assert_int_equal(got_sigint, 1);
  sigaction(SIGINT, &old, NULL);
}

typedef struct {
  GString *log;
  guint stop_at; /* line number at which FN fails, 0 = never */
} LineLog;

static gboolean
log_line(const char *line, gsize len, guint lineno, gpointer user, GError **error)
{
  LineLog *l = user;
  if (lineno == l->stop_at) {
    g_set_error(error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "stop at %u", lineno);
    return FALSE;
  }
  g_string_append_printf(l->log, "%u[", lineno);
  g_string_append_len(l->log, line, (gssize)len);
  g_string_append(l->log, "]");
  return TRUE;
}

static char *
lines_of(const char *text, gssize len)
{
  LineLog l = { g_string_new(NULL), 0 };
  assert_true(hs_file_foreach_line(text, len < 0 ? strlen(text) : (gsize)len, log_line, &l, NULL));
  return g_string_free(l.log, FALSE);
}

static void
test_foreach_line(void **state)
{
  (void)state;
  static const struct {
    const char *text, *want;
  } cases[] = {
    { "", "" },
    { "a", "1[a]" },   /* last line without a newline */
    { "a\n", "1[a]" }, /* a final newline adds no empty line */
    { "a\nb", "1[a]2[b]" },
    { "a\r\nb\r\n", "1[a]2[b]" }, /* CRLF stripped */
    { "a\r\nb", "1[a]2[b]" },
    { "\n", "1[]" },
    { "\r\n", "1[]" },
    { "a\n\n\nb\n", "1[a]2[]3[]4[b]" }, /* blank lines count */
    { "a\rb\n", "1[a\rb]" },            /* only a CR before the newline goes */
    { "a\r\r\n", "1[a\r]" },
    { "x\r", "1[x]" },
  };
  for (guint i = 0; i < G_N_ELEMENTS(cases); i++) {
    g_autofree char *got = lines_of(cases[i].text, -1);
    if (strcmp(got, cases[i].want) != 0)
      fail_msg("case %u: got '%s', expected '%s'", i, got, cases[i].want);
  }
  /* Only LEN bytes are read. */
  g_autofree char *part = lines_of("ab\ncd\nef", 4);
  assert_string_equal(part, "1[ab]2[c]");

  /* Stops at the first failing line, with its error. */
  LineLog l = { g_string_new(NULL), 2 };
  GError *e = NULL;
  assert_false(hs_file_foreach_line("a\nb\nc\n", 6, log_line, &l, &e));
  assert_string_equal(l.log->str, "1[a]");
  assert_string_equal(e->message, "stop at 2");
  g_clear_error(&e);
  g_string_free(l.log, TRUE);
}

/* The content of PATH, or NULL when it cannot be read. */
static char *
slurp(const char *path)
{
  char *text = NULL;
  return g_file_get_contents(path, &text, NULL, NULL) ? text : NULL;
}

/* Commits DIR/{a,b,c}.txt holding TAG (and DIR/new/d.txt when WITH_DIR) as one set. */
static gboolean
commit_abc(const char *dir, const char *tag, gboolean with_dir, GError **error)
{
  g_autoptr(HsFileSet) set = hs_file_set_new();
  const char *names[] = { "a.txt", "b.txt", "c.txt" };
  for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
    g_autofree char *p = g_build_filename(dir, names[i], NULL);
    g_autofree char *text = g_strdup_printf("%s %s\n", tag, names[i]);
    hs_file_set_add(set, p, text, strlen(text));
  }
  if (with_dir) {
    g_autofree char *sub = g_build_filename(dir, "new", NULL);
    g_autofree char *p = g_build_filename(sub, "d.txt", NULL);
    hs_file_set_add_dir(set, sub);
    hs_file_set_add(set, p, tag, strlen(tag));
  }
  return hs_file_set_commit(set, error);
}

/* Every file of DIR/{a,b,c}.txt holds TAG. */
static void
assert_abc(const char *dir, const char *tag)
{
  const char *names[] = { "a.txt", "b.txt", "c.txt" };
  for (guint i = 0; i < G_N_ELEMENTS(names); i++) {
    g_autofree char *p = g_build_filename(dir, names[i], NULL);
    g_autofree char *got = slurp(p);
    g_autofree char *want = g_strdup_printf("%s %s\n", tag, names[i]);
    assert_non_null(got);
    assert_string_equal(got, want);
  }
}

/* Fault injection: each step of a commit made to fail in turn leaves the old set whole (no temporary
 * file, no directory made); with no fault the new set is there whole. */
static void
test_set_faults(void **state)
{
  const char *dir = *state;
  GError *e = NULL;
  assert_true(commit_abc(dir, "old", FALSE, &e));
  g_autofree char *before = listing(dir);
  assert_string_equal(before, "a.txt b.txt c.txt");
  guint k = 1;
  for (;; k++) {
    hs_file_fault_inject(k);
    gboolean ok = commit_abc(dir, "new", TRUE, &e);
    guint steps = hs_file_fault_steps();
    hs_file_fault_inject(0);
    if (ok) {
      assert_true(steps < k); /* every step was tried */
      break;
    }
    assert_non_null(e);
    assert_non_null(strstr(e->message, "Input/output error"));
    g_clear_error(&e);
    g_autofree char *names = listing(dir);
    assert_string_equal(names, "a.txt b.txt c.txt");
    assert_abc(dir, "old");
  }
  assert_true(k > 8); /* mkdir, 4 temporaries (create, write), 3 old files kept, 4 renames */
  g_autofree char *after = listing(dir);
  assert_string_equal(after, "a.txt b.txt c.txt new");
  assert_abc(dir, "new");
  g_autofree char *sub = g_build_filename(dir, "new", NULL);
  g_autofree char *in_sub = listing(sub);
  assert_string_equal(in_sub, "d.txt");
}

/* A symbolic link is followed: the file it leads to gets the content, the link stays; a dangling link
 * gets its target created. */
static void
test_set_symlink(void **state)
{
  const char *dir = *state;
  GError *e = NULL;
  g_autofree char *target = put(dir, "target.txt", "old\n", -1);
  g_autofree char *link = g_build_filename(dir, "link.txt", NULL);
  assert_int_equal(symlink("target.txt", link), 0);
  assert_true(hs_file_write_atomic(link, "new\n", 4, &e));
  assert_true(g_file_test(link, G_FILE_TEST_IS_SYMLINK));
  g_autofree char *got = slurp(target);
  assert_string_equal(got, "new\n");

  g_autofree char *dangling = g_build_filename(dir, "dangling.txt", NULL);
  assert_int_equal(symlink("made.txt", dangling), 0);
  assert_true(hs_file_write_atomic(dangling, "made\n", 5, &e));
  assert_true(g_file_test(dangling, G_FILE_TEST_IS_SYMLINK));
  g_autofree char *made = g_build_filename(dir, "made.txt", NULL);
  g_autofree char *got2 = slurp(made);
  assert_string_equal(got2, "made\n");
  g_autofree char *names = listing(dir);
  assert_string_equal(names, "dangling.txt link.txt made.txt target.txt");

  /* A link and its target in one set are the same file: refused before anything is written. */
  g_autoptr(HsFileSet) set = hs_file_set_new();
  hs_file_set_add(set, target, "x\n", 2);
  hs_file_set_add(set, link, "y\n", 2);
  assert_false(hs_file_set_commit(set, &e));
  assert_non_null(strstr(e->message, "are the same file"));
  g_clear_error(&e);
  g_autofree char *got3 = slurp(target);
  assert_string_equal(got3, "new\n");
  assert_true(hs_file_same_target(link, target));
  g_autofree char *dotted = g_build_filename(dir, ".", "made.txt", NULL);
  assert_true(hs_file_same_target(dotted, dangling));
  g_autofree char *fresh = g_build_filename(dir, "fresh.txt", NULL);
  g_autofree char *fresh_dotted = g_build_filename(dir, ".", "fresh.txt", NULL);
  assert_true(hs_file_same_target(fresh, fresh_dotted));
  assert_false(hs_file_same_target(made, target));
}

typedef struct {
  const char *path;
  char *got;
} FifoReader;

static gpointer
read_fifo(gpointer p)
{
  FifoReader *r = p;
  r->got = slurp(r->path);
  return NULL;
}

/* A FIFO is written directly (it stays a FIFO) and first, before the files of the set. */
static void
test_set_fifo(void **state)
{
  const char *dir = *state;
  GError *e = NULL;
  g_autofree char *fifo = g_build_filename(dir, "pipe", NULL);
  assert_int_equal(mkfifo(fifo, 0600), 0);
  HsFileTarget kind;
  assert_true(hs_file_target_kind(fifo, &kind, NULL, &e));
  assert_int_equal(kind, HS_FILE_TARGET_SPECIAL);
  FifoReader r = { fifo, NULL };
  GThread *t = g_thread_new("fifo", read_fifo, &r);
  g_autoptr(HsFileSet) set = hs_file_set_new();
  g_autofree char *file = g_build_filename(dir, "file.txt", NULL);
  hs_file_set_add(set, file, "file\n", 5);
  hs_file_set_add(set, fifo, "through the pipe\n", 17);
  assert_true(hs_file_set_commit(set, &e));
  g_thread_join(t);
  assert_string_equal(r.got, "through the pipe\n");
  g_free(r.got);
  GStatBuf st;
  assert_int_equal(g_lstat(fifo, &st), 0);
  assert_true(S_ISFIFO(st.st_mode));
  g_autofree char *names = listing(dir);
  assert_string_equal(names, "file.txt pipe");
  /* A directory is refused before anything is written. */
  assert_false(hs_file_target_kind(dir, &kind, NULL, &e));
  assert_non_null(strstr(e->message, "is a directory"));
  g_clear_error(&e);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_read, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_read_errors, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_read_at_limit, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_read_stdin, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_write_atomic, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_write_atomic_errors, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_write_atomic_restores_handlers, make_dir, remove_dir),
    cmocka_unit_test(test_foreach_line),
    cmocka_unit_test_setup_teardown(test_set_faults, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_set_symlink, make_dir, remove_dir),
    cmocka_unit_test_setup_teardown(test_set_fifo, make_dir, remove_dir),
  };
  int failures = cmocka_run_group_tests(tests, NULL, NULL);
  return failures == 0 ? 0 : 1;
}
