/* hardsix checkpoint — what a checkpoint of 'optimize --checkpoint' holds, and a thinner copy of it
 * that keeps only the entries about sets with many guesses left (small enough to carry to another
 * machine, or to commit compressed, and resume there with a build of the same code). */
#include "cli.h"

#include <stdio.h>

static struct {
  gint min_left, prover_min_left; /* -1: not given */
} opt = { .min_left = -1, .prover_min_left = -1 };

static const GOptionEntry options[] = {
  HS_CLI_OUTPUT_OPTION("Write a copy with only the entries about sets with at least --min-left guesses left, and "
                       "the caches empty (OUT may be FILE itself)",
                       "OUT"),
  { "min-left", 0, 0, G_OPTION_ARG_INT, &opt.min_left,
    "With -o: keep the entries about sets with at least R guesses left (1-15)", "R" },
  { "prover-min-left", 0, 0, G_OPTION_ARG_INT, &opt.prover_min_left,
    "With -o: of the prover's entries, keep those with at least P guesses left (1-15; default R)", "P" },
  { NULL, 0, 0, 0, NULL, NULL, NULL },
};

static gboolean
check(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argv;
  if (argc != 2)
    return hs_cli_usage_error(error, argc < 2 ? "give a checkpoint file" : "give one checkpoint file");
  if (ctx->opt.output != NULL && opt.min_left < 0)
    return hs_cli_usage_error(error, "-o goes with --min-left R (which entries to keep)");
  if (ctx->opt.output == NULL && opt.min_left >= 0)
    return hs_cli_usage_error(error, "--min-left goes with -o OUT (the file to write)");
  if (opt.min_left >= 0 && (opt.min_left < 1 || opt.min_left > 15))
    return hs_cli_usage_error(error, "--min-left must be 1 to 15, not %d", opt.min_left);
  if (opt.prover_min_left >= 0 && opt.min_left < 0)
    return hs_cli_usage_error(error, "--prover-min-left goes with -o OUT --min-left R");
  if (opt.prover_min_left >= 0 && (opt.prover_min_left < 1 || opt.prover_min_left > 15))
    return hs_cli_usage_error(error, "--prover-min-left must be 1 to 15, not %d", opt.prover_min_left);
  return TRUE;
}

/* One table of entries by guesses left, the optimiser's and its prover's, then their totals. */
static void
print_summary(const char *name, const HsCheckpointSummary *sum)
{
  printf("%s: %.1f MB\n", name, sum->bytes / 1e6);
  printf("guesses left\toptimiser\tprover\n");
  for (guint left = 16; left-- > 0;) {
    const guint64 a = sum->entries[0][left], b = sum->entries[1][left];
    if (a + b > 0)
      printf("%u%s\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", left, left == 15 ? "+" : "", a, b);
  }
  printf("total\t%" G_GUINT64_FORMAT "\t%" G_GUINT64_FORMAT "\n", sum->total[0], sum->total[1]);
}

static gboolean
run(HsCliContext *ctx, int argc, char **argv, GError **error)
{
  (void)argc;
  HsCheckpointSummary sum;
  if (ctx->opt.output == NULL) {
    if (!hs_checkpoint_summary(argv[1], &sum, error))
      return FALSE;
    print_summary(argv[1], &sum);
    return TRUE;
  }
  const guint min_left[2] = { (guint)opt.min_left,
                              (guint)(opt.prover_min_left >= 0 ? opt.prover_min_left : opt.min_left) };
  if (!hs_checkpoint_thin(argv[1], ctx->opt.output, min_left, &sum, error))
    return FALSE;
  print_summary(ctx->opt.output, &sum);
  return TRUE;
}

const HsCliCommand hs_cli_checkpoint = {
  .name = "checkpoint",
  .summary = "Show what an optimize --checkpoint file holds, or write a thinner copy of it",
  .parameters = "FILE",
  .help = "Reads a checkpoint written by 'optimize OPENER --checkpoint FILE' and prints how many settled\n"
          "entries it holds, the optimiser's and its prover's, by the guesses left of the set each is about.\n"
          "With -o OUT --min-left R it writes a copy that keeps only the entries about sets with at least R\n"
          "guesses left (--prover-min-left P: of the prover's entries, those with at least P) and leaves the\n"
          "caches empty. Those entries are the costliest to find again and the\n"
          "fewest: the copy is small enough to carry to another machine or to commit compressed, and the same\n"
          "optimize command resumes from it there, with the work on smaller sets done again. Every entry is\n"
          "a settled fact, so the resumed search finds the same total and tree as a search from scratch.\n"
          "A checkpoint is read back only by a build of the same search code, on the same lists, rules, cap\n"
          "and opener (its fingerprint, which the copy keeps); this command reads any. A file cut short,\n"
          "damaged or not a checkpoint is refused, and OUT is written whole or not at all.\n\n"
          "Exit status: 0 done, 1 bad input or a write that failed, 2 usage error.",
  .options = options,
  .flags = 0,
  .check = check,
  .run = run,
};
