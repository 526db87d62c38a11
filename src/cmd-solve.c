/* hardsix solve — build the greedy strategy for one opener, verify it independently, write it. */
#include "cmd-common.h"

#include <stdio.h>
#include <string.h>

static const HsFormat all_formats[] = { HS_FORMAT_BY_PATTERN, HS_FORMAT_PER_WORD, HS_FORMAT_TREE, HS_FORMAT_JSON };

/* Verifies TEXT (a parseable format) independently; FALSE when it is not verified. */
static gboolean
verify_text(const HsStrategy *s, const char *text, const char *name, HsVerifyReport **report_out)
{
  GError *error = NULL;
  HsVerifyReport *r = NULL;
  if (!hs_verify_text(s->words, s->rules, s->max_guesses, text, strlen(text), name, &r, &error)) {
    fprintf(stderr, "hardsix: internal error: the written %s does not parse: %s\n", name, error->message);
    g_error_free(error);
    return FALSE;
  }
  gboolean ok = r->ok;
  if (report_out)
    *report_out = r;
  else
    hs_verify_report_free(r);
  return ok;
}

static void
print_summary(const HsStrategy *s, const char *opener, const HsVerifyReport *r, gboolean verified)
{
  const HsWords *w = s->words;
  guint worst = hs_strategy_worst(s);
  guint first = 1;
  while (first <= worst && s->hist[first] == 0)
    first++;
  fprintf(stderr, "%s: %u answers, %s\n", opener, w->n_answers,
          verified ? "verified" : "NOT verified");
  for (guint d = first; d <= worst; d++)
    fprintf(stderr, "%u guesses: %u\n", d, s->hist[d]);
  guint64 total = hs_strategy_total(s);
  if (s->n_solved > 0) {
    char avg[32];
    g_ascii_formatd(avg, sizeof avg, "%.4f", (double)total / s->n_solved);
    fprintf(stderr, "average: %s (%" G_GUINT64_FORMAT "/%u)\n", avg, total, s->n_solved);
  }
  if (s->n_over > 0) {
    fprintf(stderr, "over %u guesses: %u answer%s\n", s->max_guesses, s->n_over, s->n_over == 1 ? "" : "s");
    guint32 path[HS_DEPTH_LIMIT];
    for (guint a = 0; a < w->n_answers; a++) {
      guint len = hs_strategy_path(s, a, path);
      if (len <= s->max_guesses)
        continue;
      fprintf(stderr, "  %s (%u):", w->text[a], len);
      for (guint i = 0; i < len; i++)
        fprintf(stderr, " %s", w->text[path[i]]);
      fputc('\n', stderr);
    }
  }
  if (s->n_solved < w->n_answers)
    fprintf(stderr, "unsolved: %u answers are not reached by the tree\n", w->n_answers - s->n_solved);
  if (r != NULL && !r->ok) {
    guint shown = MIN(r->problems->len, 20u);
    for (guint i = 0; i < shown; i++)
      fprintf(stderr, "  %s\n", (const char *)r->problems->pdata[i]);
    if (r->problems->len > shown)
      fprintf(stderr, "  ... and %u more problems\n", r->problems->len - shown);
  }
}

static int
solve_opener(HsCliOptions *o, HsCliSetup *setup, guint opener, const char *outdir, const char *format_name,
             HsFormat format, gboolean timing)
{
  GError *error = NULL;
  gint64 t_build = g_get_monotonic_time();
  g_autoptr(HsStrategy) s = hs_greedy_build(setup->table, opener, &setup->policy, &error);
  if (s == NULL) {
    return hs_cli_fail(error);
  }
  s->policy = g_strdup(setup->policy_string);
  gint64 t_verify = g_get_monotonic_time();
  if (!hs_cli_check_overrides_used(o, setup, s))
    return HS_EXIT_FAIL;

  /* Verify what would be written: the per-word listing first, then every parseable output. */
  HsFormatInfo info = { FALSE, setup->words->name, setup->policy_string };
  g_autofree char *pw = hs_format_write(s, HS_FORMAT_PER_WORD, &info);
  g_autoptr(HsVerifyReport) report = NULL;
  gboolean verified = verify_text(s, pw, "per-word", &report);
  /* The verifier's histogram must agree with the builder's. */
  for (guint d = 1; verified && d <= HS_DEPTH_LIMIT; d++)
    if (report->hist[d] != s->hist[d]) {
      fprintf(stderr, "hardsix: internal error: verifier and builder disagree on %u-guess answers\n", d);
      verified = FALSE;
    }
  verified = verified && s->complete && s->n_over == 0;
  info.verified = verified;

  const HsFormat *formats = outdir ? all_formats : &format;
  guint n_formats = outdir ? G_N_ELEMENTS(all_formats) : (format_name ? 1 : 0);
  g_autoptr(GPtrArray) texts = g_ptr_array_new_with_free_func(g_free);
  for (guint i = 0; i < n_formats; i++) {
    char *text = hs_format_write(s, formats[i], &info);
    if (formats[i] != HS_FORMAT_TREE && verified && !verify_text(s, text, hs_format_name(formats[i]), NULL)) {
      fprintf(stderr, "hardsix: internal error: the %s output does not verify\n", hs_format_name(formats[i]));
      g_free(text);
      verified = FALSE;
      info.verified = FALSE;
      g_ptr_array_set_size(texts, 0);
      i = (guint)-1; /* write everything again, marked not verified */
      continue;
    }
    g_ptr_array_add(texts, text);
  }

  gint64 t_write = g_get_monotonic_time();
  if (outdir) {
    for (guint i = 0; i < n_formats; i++) {
      g_autofree char *name = g_strdup_printf("%s.%s", setup->words->text[opener], hs_format_extension(formats[i]));
      g_autofree char *path = g_build_filename(outdir, name, NULL);
      const char *text = texts->pdata[i];
      if (!hs_file_write_atomic(path, text, strlen(text), &error)) {
        return hs_cli_fail(error);
      }
    }
  } else if (format_name) {
    fputs(texts->pdata[0], stdout);
    if (fflush(stdout) != 0) {
      fprintf(stderr, "hardsix: cannot write to stdout\n");
      return HS_EXIT_FAIL;
    }
  }
  gint64 t_end = g_get_monotonic_time();
  print_summary(s, setup->words->text[opener], report, verified);
  if (timing)
    fprintf(stderr, "timing: table %.1f ms, build %.1f ms, verify %.1f ms, write %.1f ms\n", setup->table_ms,
            (t_verify - t_build) / 1e3, (t_write - t_verify) / 1e3, (t_end - t_write) / 1e3);
  if (outdir)
    fprintf(stderr, "wrote %s/%s.{by-pattern.txt,per-word.txt,tree.txt,json}\n", outdir, setup->words->text[opener]);
  return verified ? HS_EXIT_OK : HS_EXIT_FAIL;
}

int
hs_cmd_solve(int argc, char **argv)
{
  HsCliOptions o;
  hs_cli_options_init(&o);
  g_autofree char *outdir = NULL, *format_name = NULL;
  gboolean timing = FALSE;
  GOptionEntry entries[] = {
    { "timing", 0, 0, G_OPTION_ARG_NONE, &timing, "Print the time of each phase on stderr", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &outdir,
      "Write DIR/OPENER.by-pattern.txt, .per-word.txt, .tree.txt and .json", "DIR" },
    { "format", 0, 0, G_OPTION_ARG_STRING, &format_name, "Write one format to stdout: by-pattern, per-word, tree or json",
      "FORMAT" },
    { NULL, 0, 0, 0, NULL, NULL, NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new("OPENER");
  g_option_context_set_summary(ctx,
    "Builds the greedy hard-mode strategy that starts with OPENER (minimax max-bucket by default),\n"
    "verifies it with the independent verifier and prints a summary on stderr.\n\n"
    "Exit status: 0 when every answer is solved within the cap and the strategy is verified;\n"
    "1 when some answer is over the cap (listed with its path) or verification fails; 2 usage error.");
  g_option_context_add_main_entries(ctx, entries, NULL);
  hs_cli_add_list_options(ctx, &o);
  hs_cli_add_rules_options(ctx, &o);
  hs_cli_add_policy_options(ctx, &o);
  hs_cli_add_thread_options(ctx, &o);
  if (!hs_cli_parse(ctx, "solve", &argc, &argv)) {
    hs_cli_options_clear(&o);
    return HS_EXIT_USAGE;
  }
  int rc = HS_EXIT_OK;
  HsCliSetup setup = { 0 };
  HsFormat format = HS_FORMAT_BY_PATTERN;
  GError *error = NULL;
  if (argc != 2) {
    rc = hs_cli_usage("solve", "expected one OPENER");
    goto out;
  }
  if (outdir && format_name) {
    rc = hs_cli_usage("solve", "-o and --format cannot be combined");
    goto out;
  }
  if (format_name && !hs_format_parse(format_name, &format, &error)) {
    rc = hs_cli_usage("solve", "--format: %s", error->message);
    g_clear_error(&error);
    goto out;
  }
  if ((rc = hs_cli_setup(&o, "solve", &setup)) != HS_EXIT_OK)
    goto out;
  guint opener;
  if ((rc = hs_cli_opener(&setup, "solve", argv[1], &opener)) != HS_EXIT_OK)
    goto out;
  if (outdir && !hs_cli_prepare_dir(outdir, &error)) {
    rc = hs_cli_fail(error);
    goto out;
  }

  rc = solve_opener(&o, &setup, opener, outdir, format_name, format, timing);

out:
  hs_cli_setup_clear(&setup);
  hs_cli_options_clear(&o);
  return rc;
}
