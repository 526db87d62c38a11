/* hardsix CLI — the hand-over to the wide build: lists with more letters than this build's masks hold
 * are played by hardsix-wide, the same program compiled for up to 255 letters (include/hardsix/core/
 * words.h). */
#define _GNU_SOURCE /* memfd_create */
#include "cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

char **hs_cli_argv;

#if !(defined(HS_WIDE) && HS_WIDE)
/* A descriptor holding TEXT (LEN bytes) that an exec'd program inherits, or -1. */
static int
text_fd(const char *text, gsize len)
{
  int fd = memfd_create("hardsix-stdin", 0);
  if (fd < 0)
    return -1;
  for (gsize done = 0; done < len;) {
    ssize_t w = write(fd, text + done, len - done);
    if (w <= 0) {
      close(fd);
      return -1;
    }
    done += (gsize)w;
  }
  return fd;
}
#endif

void
hs_cli_run_wide(const HsCliContext *ctx, GError **error)
{
#if defined(HS_WIDE) && HS_WIDE
  (void)ctx;
  (void)error;
#else
  g_autofree char *exe = g_file_read_link("/proc/self/exe", NULL);
  g_autofree char *dir = exe != NULL ? g_path_get_dirname(exe) : g_strdup(".");
  g_autofree char *wide = g_build_filename(dir, "hardsix-wide", NULL);
  if (ctx->input_text != NULL && g_strcmp0(ctx->input_name, "<stdin>") == 0) {
    int fd = text_fd(ctx->input_text, ctx->input_len);
    if (fd < 0) {
      g_prefix_error(error, "(the strategy read from stdin cannot be passed to hardsix-wide) ");
      return;
    }
    g_autofree char *n = g_strdup_printf("%d", fd);
    g_setenv("HARDSIX_STDIN_FD", n, TRUE);
  }
  fflush(stdout);
  fflush(stderr);
  execv(wide, hs_cli_argv);
  int e = errno;
  g_prefix_error(error, "%s cannot be run (%s), and ", wide, g_strerror(e));
#endif
}
