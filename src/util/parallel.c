/* hardsix — what the parallel loops share: per-thread CPU time, cancellation, the first error in task
 * order. */
#include "parallel.h"

#include <time.h>

double
hs_parallel_thread_seconds(void)
{
  struct timespec ts;
  if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time() / 1e6;
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

gboolean
hs_parallel_cancelled(volatile gint *cancel)
{
  return cancel != NULL && g_atomic_int_get(cancel);
}

gboolean
hs_parallel_verdict(GError **errors, guint n, volatile gint *cancel, GQuark domain, gint code, GError **error)
{
  gboolean ok = TRUE;
  for (guint i = 0; i < n; i++)
    if (errors[i] != NULL) {
      if (ok)
        g_propagate_error(error, errors[i]);
      else
        g_error_free(errors[i]);
      errors[i] = NULL;
      ok = FALSE;
    }
  if (ok && hs_parallel_cancelled(cancel)) {
    g_set_error(error, domain, code, "interrupted");
    ok = FALSE;
  }
  return ok;
}
