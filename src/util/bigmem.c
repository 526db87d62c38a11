/* hardsix — memory for large, randomly accessed blocks (see bigmem.h). */
#define _DEFAULT_SOURCE /* madvise, MADV_HUGEPAGE */
#include "hardsix/util/bigmem.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* From HS_BIG_MIN on, a whole number of huge pages aligned to one and advised as such (advice only:
 * the kernel may decline, and nothing depends on it). */
gpointer
hs_big_try_new(gsize size)
{
  size = MAX(size, 1u);
  if (size < HS_BIG_MIN)
    return g_try_malloc(size);
  if (size > G_MAXSIZE - HS_BIG_MIN)
    return NULL;
  const gsize rounded = (size + HS_BIG_MIN - 1) / HS_BIG_MIN * HS_BIG_MIN;
  void *p = NULL;
  if (posix_memalign(&p, HS_BIG_MIN, rounded) != 0)
    return NULL;
#if defined(MADV_HUGEPAGE)
  (void)madvise(p, rounded, MADV_HUGEPAGE);
#endif
  return p;
}

gpointer
hs_big_new(gsize size)
{
  gpointer p = hs_big_try_new(size);
  if (p == NULL)
    g_error("%s: failed to allocate %" G_GSIZE_FORMAT " bytes", G_STRLOC, size);
  return p;
}

gpointer
hs_big_new0(gsize size)
{
  gpointer p = hs_big_new(size);
  memset(p, 0, MAX(size, 1u));
  return p;
}
