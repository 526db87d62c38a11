/* hardsix — checkpoints of one opener's optimum search (see optimize.h): what the optimiser's memo and
 * its prover's memo have settled, written to a file now and then during the search, and read back by
 * a later run of the same search, which then finds every settled part in its memo instead of
 * searching it again.
 *
 * A memo holds only settled facts (exact values with their best guess, lower bounds, parts that
 * cannot be solved), keyed by hashes of (set, state, guesses left) that depend only on the word lists
 * and on the code, so a fact written by one run is as true in another run of the same build on the
 * same lists, rules, cap and opener. The file says which: a fingerprint of all of them, the code
 * included (HS_SOURCE_ID, a hash of the search's sources that the Makefile passes in), so a checkpoint
 * of another build, other lists or options is refused, and a checksum over the whole file, so a file
 * cut short or altered is refused too. (The canonical order, which settles ties and so the best
 * guesses the memo keeps, is the order of the words the fingerprint reads.) A save happens only
 * between two of the optimiser's nodes (hs_opt_new_node), never while a cancelled search unwinds
 * (hs_search_cancelled_error empties the memo then, as what the unwinding left there is not settled).
 *
 * The optimiser's caches of parts it has stepped, of sets with two guesses left and of candidate
 * profiles hold facts of the same kind (each depends on its set and state alone) and go with them: a
 * resumed search without them stepped again the parts of the nodes it went back through (thump on
 * 6,000 answers stopped after 31 s: the rest took 22.5 s instead of 9 s, step_word 30 % of it).
 *
 * Layout (every number a little-endian 64-bit word): the magic "HSCKPT02", the fingerprint, the
 * optimiser's entry count, the prover's entry count, then each entry as four words (key 1, key 2,
 * value, weight), the optimiser's first; then every slot of the three caches (steps: three words,
 * sets with two guesses left: two words, profiles: three words); last a checksum of every word before
 * it. hs_checkpoint_thin copies such a file, keeping the fingerprint and only the entries about sets
 * with many guesses left, every cache slot empty (a file to carry to another machine). */
#include "optimize-private.h"
#include "prove-parts.h"
#include "hardsix/util/fileutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#ifndef HS_SOURCE_ID
#define HS_SOURCE_ID "unversioned"
#endif

#define CKPT_MAGIC "HSCKPT02"
#define CKPT_HEAD_WORDS 4 /* magic, fingerprint, two counts */
/* The caches' words, after the memos' entries. */
#define CKPT_CACHE_WORDS ((guint64)STEP_SLOTS * 3 + (guint64)TWO_SLOTS * 2 + (guint64)PROFILE_SLOTS * 3)

/* Everything a memo entry's meaning depends on. */
static guint64
fingerprint(const HsOptimizer *O, guint opener, guint cap)
{
  guint64 h = hs_mix64(G_GUINT64_CONSTANT(0x6b2f3a1d59e8c407));
  for (const char *c = HS_SOURCE_ID; *c; c++)
    h = hs_mix64(h ^ (guchar)*c);
  h = hs_mix64(h ^ sizeof(HsState));
  h = hs_mix64(h ^ sizeof(HsMemoEntry));
  h = hs_mix64(h ^ ((guint64)O->n_answers << 32 | O->n_words));
  for (guint w = 0; w < O->n_words; w++) {
    for (const char *c = O->words->text[w]; *c; c++)
      h = hs_mix64(h ^ (guchar)*c);
    h = hs_mix64(h ^ 0x100);
  }
  h = hs_mix64(h ^ ((guint64)O->rules << 48 | (guint64)cap << 32 | opener));
  return h;
}

static guint64
sum_word(guint64 sum, guint64 x)
{
  return hs_mix64(sum ^ x) + x;
}

static guint64
live_count(const HsMemo *m)
{
  guint64 n = 0;
  for (guint64 i = 0; i <= m->mask; i++)
    n += m->e[i].gen == m->gen;
  return n;
}

/* A buffered writer of 64-bit words that keeps the checksum. */
typedef struct {
  FILE *f;
  guint64 sum;
  gboolean failed;
} Writer;

static void
put_word(Writer *wr, guint64 x)
{
  wr->sum = sum_word(wr->sum, x);
  const guint64 le = GUINT64_TO_LE(x);
  if (!wr->failed && fwrite(&le, sizeof le, 1, wr->f) != 1)
    wr->failed = TRUE;
}

static void
put_memo(Writer *wr, const HsMemo *m)
{
  for (guint64 i = 0; i <= m->mask; i++) {
    const HsMemoEntry *e = &m->e[i];
    if (e->gen != m->gen)
      continue;
    put_word(wr, e->k1);
    put_word(wr, e->k2);
    put_word(wr, e->val);
    put_word(wr, e->weight);
  }
}

static guint64 get_word(const guchar *p, guint64 i);

/* One slot of each cache, as put_caches writes it and get_caches reads it. */
static void
put_step_slot(Writer *wr, const StepSlot *t)
{
  put_word(wr, t->k1);
  put_word(wr, t->w & STEP_KEY_MASK);
  put_word(wr, (t->w & (STEP_VAL_MASK | STEP_EXACT)) | (guint64)(t->k1 != 0 || t->w != 0) << 24);
}

static void
put_two_slot(Writer *wr, const TwoSlot *t)
{
  put_word(wr, t->k2);
  put_word(wr, (guint64)t->k1hi << 32 | t->guess);
}

static void
put_profile_slot(Writer *wr, const ProfileSlot *t)
{
  put_word(wr, t->h1);
  put_word(wr, t->h2);
  put_word(wr, (guint64)t->first << 32 | t->kind);
}

/* The first STEP_SLOTS slots of the cache of steps, whatever its size (a slot's place is its key's
 * low bits: these are where a cache of STEP_SLOTS would keep them), then the other two caches. */
static void
put_caches(Writer *wr, const HsOptimizer *O)
{
  for (guint i = 0; i < STEP_SLOTS; i++)
    put_step_slot(wr, &O->steps[i]);
  for (guint i = 0; i < TWO_SLOTS; i++)
    put_two_slot(wr, &O->two[i]);
  for (guint i = 0; i < PROFILE_SLOTS; i++)
    put_profile_slot(wr, &O->profiles[i]);
}

/* The caches from the words at P + AT (put_caches); each step found goes to its place in O's cache. */
static void
get_caches(HsOptimizer *O, const guchar *p, guint64 at)
{
  for (guint i = 0; i < STEP_SLOTS; i++, at += 3) {
    const guint64 v = get_word(p, at + 2), k1 = get_word(p, at);
    if (!((v >> 24) & 1))
      continue;
    StepSlot *t = &O->steps[k1 & O->step_mask];
    t->k1 = k1;
    t->w = (get_word(p, at + 1) & STEP_KEY_MASK) | (v & (STEP_VAL_MASK | STEP_EXACT));
  }
  for (guint i = 0; i < TWO_SLOTS; i++, at += 2) {
    TwoSlot *t = &O->two[i];
    const guint64 v = get_word(p, at + 1);
    t->k2 = get_word(p, at);
    t->k1hi = (guint32)(v >> 32);
    t->guess = (guint32)v;
  }
  for (guint i = 0; i < PROFILE_SLOTS; i++, at += 3) {
    ProfileSlot *t = &O->profiles[i];
    const guint64 v = get_word(p, at + 2);
    t->h1 = get_word(p, at);
    t->h2 = get_word(p, at + 1);
    t->first = (guint32)(v >> 32);
    t->kind = (guint32)v;
  }
}

/* Opens a writer on a temporary file beside PATH (named as the commits of fileutil.h name theirs, so
 * that one killed mid-save is found and removed); *TMP gets its name. */
static gboolean
writer_open(const char *path, Writer *wr, char **tmp, GError **error)
{
  hs_file_remove_stale_temporaries(path);
  const int fd = hs_file_create_temporary(path, O_RDWR, 0600, tmp);
  *wr = (Writer){ fd >= 0 ? fdopen(fd, "wb") : NULL, 0, FALSE };
  if (wr->f == NULL) {
    const int e = errno; /* before close and unlink may change it */
    if (fd >= 0) {
      close(fd);
      (void)unlink(*tmp);
    }
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT, "%s: cannot write: %s", *tmp, g_strerror(e));
    return FALSE;
  }
  return TRUE;
}

/* Ends the file with its checksum and renames it over PATH (or removes it on an error). */
static gboolean
writer_commit(Writer *wr, const char *tmp, const char *path, GError **error)
{
  put_word(wr, wr->sum);
  int e = wr->failed ? (errno ? errno : EIO) : 0;
  if (fclose(wr->f) != 0 && e == 0)
    e = errno ? errno : EIO;
  if (e == 0 && rename(tmp, path) != 0)
    e = errno;
  if (e != 0) {
    (void)unlink(tmp);
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT, "%s: cannot write: %s", path, g_strerror(e));
    return FALSE;
  }
  return TRUE;
}

static void
put_head(Writer *wr, guint64 fprint, guint64 n_opt, guint64 n_prov)
{
  guint64 magic;
  memcpy(&magic, CKPT_MAGIC, sizeof magic);
  put_word(wr, GUINT64_FROM_LE(magic));
  put_word(wr, fprint);
  put_word(wr, n_opt);
  put_word(wr, n_prov);
}

gboolean
hs_optimizer_save(const HsOptimizer *O, guint opener, guint max_guesses, const char *path, GError **error)
{
  const HsMemo *pm = O->feas != NULL ? hs_prover_memo(O->feas) : NULL;
  g_autofree char *tmp = NULL;
  Writer wr;
  if (!writer_open(path, &wr, &tmp, error))
    return FALSE;
  put_head(&wr, fingerprint(O, opener, max_guesses), live_count(&O->memo), pm != NULL ? live_count(pm) : 0);
  put_memo(&wr, &O->memo);
  if (pm != NULL)
    put_memo(&wr, pm);
  put_caches(&wr, O);
  return writer_commit(&wr, tmp, path, error);
}

static guint64
get_word(const guchar *p, guint64 i)
{
  guint64 x;
  memcpy(&x, p + i * sizeof x, sizeof x);
  return GUINT64_FROM_LE(x);
}

static gboolean
bad_file(const char *path, const char *why, GError **error)
{
  g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT, "%s: %s", path, why);
  return FALSE;
}

/* A checkpoint file mapped, its form checked (magic, size against its counts, checksum). */
typedef struct {
  GMappedFile *map;
  const guchar *p;
  guint64 words, n_opt, n_prov;
} CkptFile;

static void
ckpt_file_clear(CkptFile *f)
{
  g_clear_pointer(&f->map, g_mapped_file_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC(CkptFile, ckpt_file_clear)

static gboolean
ckpt_file_open(const char *path, CkptFile *f, GError **error)
{
  *f = (CkptFile){ 0 };
  GError *err = NULL;
  f->map = g_mapped_file_new(path, FALSE, &err);
  if (f->map == NULL) {
    g_set_error(error, HS_OPTIMIZE_ERROR, HS_OPTIMIZE_ERROR_CHECKPOINT, "%s", err->message);
    g_error_free(err);
    return FALSE;
  }
  const guchar *p = (const guchar *)g_mapped_file_get_contents(f->map);
  const gsize len = g_mapped_file_get_length(f->map);
  const char *why = NULL;
  if (len < 8 || p == NULL || memcmp(p, CKPT_MAGIC, 8) != 0)
    why = "not a hardsix checkpoint";
  else if (len % 8 != 0 || len / 8 < CKPT_HEAD_WORDS + 1)
    why = "checkpoint cut short";
  if (why == NULL) {
    f->p = p;
    f->words = len / 8;
    f->n_opt = get_word(p, 2);
    f->n_prov = get_word(p, 3);
    if (f->n_opt > f->words || f->n_prov > f->words ||
        (f->n_opt + f->n_prov) * 4 + CKPT_HEAD_WORDS + CKPT_CACHE_WORDS + 1 != f->words)
      why = "checkpoint cut short or damaged (its size does not match its counts)";
  }
  if (why == NULL) {
    guint64 sum = 0;
    for (guint64 i = 0; i + 1 < f->words; i++)
      sum = sum_word(sum, get_word(p, i));
    if (sum != get_word(p, f->words - 1))
      why = "checkpoint damaged (its checksum does not match)";
  }
  if (why != NULL) {
    ckpt_file_clear(f);
    return bad_file(path, why, error);
  }
  return TRUE;
}

/* The guesses left of the set a memo entry of weight WEIGHT is about (hs_memo_weight). */
static guint
entry_left(guint64 weight)
{
  return (guint)((weight >> 12) & 15);
}

gboolean
hs_optimizer_load(HsOptimizer *O, guint opener, guint max_guesses, const char *path, guint64 *entries, GError **error)
{
  g_auto(CkptFile) f = { 0 };
  if (!ckpt_file_open(path, &f, error))
    return FALSE;
  const guchar *p = f.p;
  if (get_word(p, 1) != fingerprint(O, opener, max_guesses))
    return bad_file(path, "checkpoint of another search (another opener, cap, rules, word lists or build of hardsix)",
                    error);
  HsMemo *pm = NULL;
  if (f.n_prov > 0) {
    hs_opt_feas_prover(O);
    pm = hs_prover_memo(O->feas);
  }
  hs_memo_reserve(&O->memo, f.n_opt);
  if (pm != NULL)
    hs_memo_reserve(pm, f.n_prov);
  guint64 at = CKPT_HEAD_WORDS;
  for (guint64 i = 0; i < f.n_opt + f.n_prov; i++, at += 4) {
    HsMemo *m = i < f.n_opt ? &O->memo : pm;
    hs_memo_put_weighted(m, get_word(p, at), get_word(p, at + 1), get_word(p, at + 2), (guint16)get_word(p, at + 3));
  }
  get_caches(O, p, at);
  if (entries != NULL)
    *entries = f.n_opt + f.n_prov;
  return TRUE;
}

/* Entry I of F (0: the optimiser's first): its memo (0 or 1), and the guesses left of its set. */
static guint
entry_of(const CkptFile *f, guint64 i, guint *left)
{
  *left = entry_left(get_word(f->p, CKPT_HEAD_WORDS + i * 4 + 3));
  return i >= f->n_opt;
}

/* The entries of F with at least MIN_LEFT[memo] guesses left. */
static void
summarize(const CkptFile *f, const guint min_left[2], HsCheckpointSummary *sum)
{
  *sum = (HsCheckpointSummary){ .bytes = f->words * 8 };
  for (guint64 i = 0; i < f->n_opt + f->n_prov; i++) {
    guint left;
    const guint m = entry_of(f, i, &left);
    if (left >= min_left[m]) {
      sum->entries[m][left]++;
      sum->total[m]++;
    }
  }
}

gboolean
hs_checkpoint_summary(const char *path, HsCheckpointSummary *sum, GError **error)
{
  g_auto(CkptFile) f = { 0 };
  if (!ckpt_file_open(path, &f, error))
    return FALSE;
  static const guint all[2] = { 0, 0 };
  summarize(&f, all, sum);
  return TRUE;
}

/* Every slot of the three caches, empty (as hs_optimizer_new leaves them). */
static void
put_empty_caches(Writer *wr)
{
  static const StepSlot no_step = { 0 };
  static const TwoSlot no_two = { 0 };
  static const ProfileSlot no_profile = { .kind = CAND_UNKNOWN };
  for (guint i = 0; i < STEP_SLOTS; i++)
    put_step_slot(wr, &no_step);
  for (guint i = 0; i < TWO_SLOTS; i++)
    put_two_slot(wr, &no_two);
  for (guint i = 0; i < PROFILE_SLOTS; i++)
    put_profile_slot(wr, &no_profile);
}

gboolean
hs_checkpoint_thin(const char *in, const char *out, const guint min_left[2], HsCheckpointSummary *kept, GError **error)
{
  g_auto(CkptFile) f = { 0 };
  if (!ckpt_file_open(in, &f, error))
    return FALSE;
  HsCheckpointSummary k;
  summarize(&f, min_left, &k); /* the counts go first in the file */
  g_autofree char *tmp = NULL;
  Writer wr;
  if (!writer_open(out, &wr, &tmp, error))
    return FALSE;
  put_head(&wr, get_word(f.p, 1), k.total[0], k.total[1]);
  for (guint64 i = 0; i < f.n_opt + f.n_prov; i++) {
    guint left;
    const guint m = entry_of(&f, i, &left);
    if (left >= min_left[m])
      for (guint x = 0; x < 4; x++)
        put_word(&wr, get_word(f.p, CKPT_HEAD_WORDS + i * 4 + x));
  }
  put_empty_caches(&wr);
  if (!writer_commit(&wr, tmp, out, error))
    return FALSE;
  k.bytes = (CKPT_HEAD_WORDS + (k.total[0] + k.total[1]) * 4 + CKPT_CACHE_WORDS + 1) * 8;
  if (kept != NULL)
    *kept = k;
  return TRUE;
}

static gboolean checkpoint_tick(HsOptimizer *O);

void
hs_optimizer_set_checkpoint(HsOptimizer *O, const char *path, double every_seconds, volatile gint *stop)
{
  g_clear_pointer(&O->ckpt_path, g_free);
  O->ckpt_path = path != NULL ? g_strdup(path) : NULL;
  O->ckpt_tick = path != NULL ? checkpoint_tick : NULL;
  O->ckpt_every_us = (gint64)(every_seconds * 1e6);
  O->ckpt_stop = stop;
  O->ckpt_last = g_get_monotonic_time();
  O->ckpt_saves = 0;
  O->ckpt_stopped = FALSE;
  O->ckpt_halt = 0;
  g_clear_error(&O->ckpt_error);
  hs_opt_wire_prover(O);
}

guint64
hs_optimizer_checkpoints(const HsOptimizer *O)
{
  return O->ckpt_saves;
}

/* O->ckpt_tick: a save when one is due; FALSE when the search must stop. */
static gboolean
checkpoint_tick(HsOptimizer *O)
{
  const gboolean stop = O->ckpt_stop != NULL && *O->ckpt_stop;
  const gint64 now = g_get_monotonic_time();
  if (!stop && (O->ckpt_every_us <= 0 || now - O->ckpt_last < O->ckpt_every_us))
    return TRUE;
  g_clear_error(&O->ckpt_error);
  if (!hs_optimizer_save(O, O->cur_opener, O->cur_cap, O->ckpt_path, &O->ckpt_error))
    return FALSE;
  O->ckpt_saves++;
  O->ckpt_last = g_get_monotonic_time();
  if (stop) {
    O->ckpt_stopped = TRUE;
    return FALSE;
  }
  return TRUE;
}
