/* hardsix CLI — Ctrl-C and friends. The program, not the library, owns the signal handlers: a signal
 * ends the process at once unless a file commit is under way (then it waits for the commit to end)
 * or a long run has asked to be cancelled instead (then the run stops, says so, and main ends the
 * process). Either way the process ends by the signal itself, so the caller sees 130 (SIGINT) or
 * 143 (SIGTERM), as for any other command, and a shell loop stops. */
#include "cli.h"

#include <signal.h>
#include <stdio.h>
#include <string.h>

static const int handled[] = { SIGINT, SIGTERM, SIGHUP };

/* The first signal received (0: none), and the cancel flag of the long run in progress. */
static volatile sig_atomic_t caught;
static volatile gint *volatile cancel_flag;

/* Ends the process by SIG with its default action (from a handler: once the handler returns, since
 * SIG is blocked while it runs). */
static void
die_by(int sig)
{
  signal(sig, SIG_DFL);
  raise(sig);
}

static void
on_signal(int sig)
{
  gboolean again = caught != 0;
  if (!again)
    caught = sig;
  if (cancel_flag != NULL)
    *cancel_flag = 1;
  /* A second signal does not wait for a run that is slow to stop. */
  if (hs_file_commit_running() || (cancel_flag != NULL && !again))
    return;
  die_by(sig);
}

void
hs_cli_signals_install(void)
{
  struct sigaction sa, old;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS(handled); i++) {
    /* A signal ignored when we started stays ignored (nohup, background jobs of a script). */
    if (sigaction(handled[i], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
      continue;
    sigaction(handled[i], &sa, NULL);
  }
}

void
hs_cli_catch_interrupts(volatile gint *flag)
{
  cancel_flag = flag;
}

void
hs_cli_signals_exit(void)
{
  int sig = caught;
  if (sig == 0)
    return;
  fflush(stdout);
  fflush(stderr);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  signal(sig, SIG_DFL);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  raise(sig);
}
