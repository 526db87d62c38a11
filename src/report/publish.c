/* hardsix — publishing strategies (publish.h): verify, render, verify each text again. */
#include "hardsix/report/publish.h"
#include "format-private.h"

#include <string.h>

struct HsPublished {
  const HsStrategy *s; /* borrowed (hs_publish) or owned (hs_publish_read: own) */
  HsStrategy *own;
  HsVerifyReport *report;
  gboolean verified;
  char *problem;
  GPtrArray *texts; /* char* */
};

void
hs_published_free(HsPublished *p)
{
  if (p == NULL)
    return;
  hs_strategy_free(p->own);
  hs_verify_report_free(p->report);
  g_free(p->problem);
  if (p->texts != NULL)
    g_ptr_array_unref(p->texts);
  g_free(p);
}

/* Verifies TEXT, rendered from P's strategy as NAME: FALSE, with P->problem set, when it does not parse
 * or is not accepted. The report is kept in *REPORT when REPORT is not NULL. */
static gboolean
check_text(HsPublished *p, const char *text, const char *name, HsVerifyReport **report)
{
  const HsStrategy *s = p->s;
  GError *error = NULL;
  HsVerifyReport *r = NULL;
  if (!hs_verify_text(s->words, s->rules, s->max_guesses, text, strlen(text), name, &r, &error)) {
    p->problem = g_strdup_printf("internal error: the written %s does not parse: %s", name, error->message);
    g_error_free(error);
    return FALSE;
  }
  gboolean ok = r->ok;
  if (report != NULL)
    *report = r;
  else
    hs_verify_report_free(r);
  if (!ok && report == NULL)
    p->problem = g_strdup_printf("internal error: the %s output does not verify", name);
  return ok;
}

/* The strategy itself: its per-word listing verified, and the builder's histogram the verifier's. */
static gboolean
check_strategy(HsPublished *p, const HsFormatInfo *info)
{
  const HsStrategy *s = p->s;
  g_autofree char *pw = hs_format_render(s, HS_FORMAT_PER_WORD, info, HS_STAMP_UNCHECKED);
  if (!check_text(p, pw, "per-word", &p->report))
    return FALSE;
  for (guint d = 1; d <= HS_DEPTH_LIMIT; d++)
    if (p->report->hist[d] != s->hist.count[d]) {
      p->problem = g_strdup_printf("internal error: verifier and builder disagree on %u-guess answers", d);
      return FALSE;
    }
  return s->complete && s->n_over == 0;
}

HsPublished *
hs_publish(const HsStrategy *s, const HsFormatInfo *info, const HsFormat *formats, guint n)
{
  HsPublished *p = g_new0(HsPublished, 1);
  p->s = s;
  p->texts = g_ptr_array_new_with_free_func(g_free);
  p->verified = check_strategy(p, info);
  HsStamp stamp = p->verified ? HS_STAMP_VERIFIED : HS_STAMP_REJECTED;
  for (guint i = 0; i < n; i++) {
    char *text = hs_format_render(s, formats[i], info, stamp);
    /* The verifier reads every format hardsix writes: a verified strategy must read back as one. */
    if (p->verified && !check_text(p, text, hs_format_name(formats[i]), NULL)) {
      g_free(text);
      p->verified = FALSE;
      stamp = HS_STAMP_REJECTED;
      g_ptr_array_set_size(p->texts, 0);
      i = (guint)-1; /* render everything again, marked not verified */
      continue;
    }
    g_ptr_array_add(p->texts, text);
  }
  return p;
}

HsPublished *
hs_publish_read(const HsWords *words, HsRules rules, guint max_guesses, const char *text, gsize len, const char *name,
                GError **error)
{
  HsVerifyReport *r = NULL;
  if (!hs_verify_text(words, rules, max_guesses, text, len, name, &r, error))
    return NULL;
  HsPublished *p = g_new0(HsPublished, 1);
  p->report = r;
  p->texts = g_ptr_array_new_with_free_func(g_free);
  if (!r->ok)
    return p;
  p->own = hs_strategy_from_paths(words, rules, max_guesses, r->paths, error);
  if (p->own == NULL) { /* the verifier accepted the paths, so this is a bug, not bad input */
    g_prefix_error(error, "internal error: %s: ", name);
    hs_published_free(p);
    return NULL;
  }
  p->s = p->own;
  p->verified = TRUE;
  return p;
}

gboolean
hs_published_verified(const HsPublished *p)
{
  return p->verified;
}

const HsVerifyReport *
hs_published_report(const HsPublished *p)
{
  return p->report;
}

const char *
hs_published_problem(const HsPublished *p)
{
  return p->problem;
}

const HsStrategy *
hs_published_strategy(const HsPublished *p)
{
  return p->verified || p->own == NULL ? p->s : NULL;
}

const char *
hs_published_text(const HsPublished *p, guint i)
{
  g_return_val_if_fail(i < p->texts->len, NULL);
  return p->texts->pdata[i];
}
