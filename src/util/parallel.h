/* hardsix — what the library's parallel loops share (sweep, robust, prove --all, optimize --all): the
 * CPU time of one thread, the cancel flag, and one verdict for the whole loop: the first error in task
 * order, so that the error reported never depends on the schedule. Internal to the library. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* CPU seconds used by the calling thread (CLOCK_THREAD_CPUTIME_ID; the monotonic clock where that
 * clock is missing). */
double hs_parallel_thread_seconds(void);

/* TRUE when CANCEL is not NULL and has been set. */
gboolean hs_parallel_cancelled(volatile gint *cancel);

/* The verdict of a loop whose task i left its error, if any, in ERRORS[i] (0 <= i < N): FALSE with
 * the first of them in ERROR (the others are freed), else FALSE with "interrupted" (DOMAIN, CODE) when
 * CANCEL is set, else TRUE. ERRORS itself stays the caller's. */
gboolean hs_parallel_verdict(GError **errors, guint n, volatile gint *cancel, GQuark domain, gint code, GError **error);

G_END_DECLS
