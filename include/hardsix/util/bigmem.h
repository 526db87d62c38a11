/* hardsix — memory for large, randomly accessed blocks: the feedback tables, the searches' memos,
 * caches and node sub-tables. A block of at least HS_BIG_MIN bytes is aligned to 2 MiB and advised to
 * the kernel as one to back with transparent huge pages (madvise(MADV_HUGEPAGE), where the system
 * offers them): a search that reads such a block at random then misses the TLB on a few dozen pages
 * instead of thousands of 4 KiB ones (`prove --all` on fixed samples of the 2023 lists, on this
 * project's virtual machine: 15-18 % less CPU on 50 openers, 1.89x faster on 300; docs/RESULTS.md
 * 5.2). Smaller blocks come from g_malloc. Every block is freed with g_free. */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The size from which a block is aligned to huge pages (2 MiB, the x86-64 huge page). */
#define HS_BIG_MIN ((gsize)2 << 20)

/* SIZE bytes, uninitialised; failure aborts, as g_malloc does. */
gpointer hs_big_new(gsize size);

/* SIZE bytes, all zero; failure aborts. */
gpointer hs_big_new0(gsize size);

/* SIZE bytes, uninitialised, or NULL when they cannot be had. */
gpointer hs_big_try_new(gsize size);

G_END_DECLS
