/* hardsix CLI — strategy files given on the command line (verify, sheet, next): reading one, letting
 * its header lines choose the lists and rules the options leave open, and refusing it unless the
 * independent verifier accepts it. */
#include "cli.h"

#include <stdio.h>
#include <string.h>

/* Problems shown when a file does not verify. */
#define PROBLEMS_SHOWN 5

/* The file's hints fill in what the options leave open (built-in list sets and rules only). */
static void
apply_hints(HsCliContext *ctx, const char *rules)
{
  HsCliOptions *o = &ctx->opt;
  gboolean lists_given = o->lists != NULL || o->answers != NULL || o->guesses != NULL;
  ctx->lists_hint_unknown = ctx->lists_hint != NULL && !hs_words_is_set_name(ctx->lists_hint);
  if (!lists_given && ctx->lists_hint != NULL && !ctx->lists_hint_unknown)
    o->lists = g_strdup(ctx->lists_hint);
  HsRules parsed;
  if (o->rules == NULL && rules != NULL && hs_rules_parse(rules, &parsed, NULL)) {
    o->rules = g_strdup(hs_rules_name(parsed));
    ctx->rules_from_file = TRUE;
  }
}

gboolean
hs_cli_read_strategy_file(HsCliContext *ctx, const char *path, GError **error)
{
  ctx->input_name = g_strdup(strcmp(path, "-") == 0 ? "<stdin>" : path);
  /* Handed over by the narrow build, which had read stdin already (wide.c). */
  const char *fd = strcmp(path, "-") == 0 ? g_getenv("HARDSIX_STDIN_FD") : NULL;
  g_autofree char *from = fd != NULL ? g_strdup_printf("/proc/self/fd/%s", fd) : g_strdup(path);
  if (fd != NULL)
    g_unsetenv("HARDSIX_STDIN_FD");
  if (!hs_file_read(from, &ctx->input_text, &ctx->input_len, error))
    return FALSE;
  g_autofree char *rules_hint = NULL;
  hs_verify_peek_header(ctx->input_text, ctx->input_len, &ctx->lists_hint, &rules_hint);
  apply_hints(ctx, rules_hint);
  return TRUE;
}

/* The first problems of an unverified file, on stderr. */
static void
refuse(const HsCliContext *ctx, const HsVerifyReport *r, const char *product)
{
  hs_cli_print(stderr, "hardsix: %s: not verified (%u problem%s), so no %s is made from it; the first:\n",
               ctx->input_name, r->problems->len, r->problems->len == 1 ? "" : "s", product);
  for (guint i = 0; i < r->problems->len && i < PROBLEMS_SHOWN; i++)
    hs_cli_print(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
  if (r->problems->len > PROBLEMS_SHOWN)
    hs_cli_print(stderr, "  ... ('hardsix verify --all-problems %s' lists all %u)\n",
                 strcmp(ctx->input_name, "<stdin>") ? ctx->input_name : "-", r->problems->len);
  if (ctx->lists_hint_unknown && ctx->opt.answers == NULL)
    hs_cli_print(stderr, "  (the file names the lists '%s', which are no built-in set: use --answers and --guesses)\n",
                 ctx->lists_hint);
}

HsPublished *
hs_cli_verified_strategy(const HsCliContext *ctx, const char *product, GError **error)
{
  const HsPolicy *p = &ctx->policy;
  g_autoptr(HsPublished) pub =
    hs_publish_read(ctx->words, p->rules, p->max_guesses, ctx->input_text, ctx->input_len, ctx->input_name, error);
  if (pub == NULL)
    return NULL;
  if (!hs_published_verified(pub)) {
    refuse(ctx, hs_published_report(pub), product);
    hs_cli_reported(error);
    return NULL;
  }
  return g_steal_pointer(&pub);
}
