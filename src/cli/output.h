/* hardsix CLI — verifying, writing and summarising a built strategy (solve, prove, repair). */
#pragma once

#include "cli.h"

/* Verifies S (its per-word listing and every parseable output) with the independent verifier, then
 * writes DIR/OPENER.{by-pattern.txt,per-word.txt,tree.txt,json} when OUTDIR is set, or FORMAT to
 * stdout when FORMAT_NAME is set, marked verified only when the verifier accepted them, and prints the
 * summary on stderr (histogram, average, answers over the cap with their paths). S->policy names the
 * policy in file headers. Returns HS_EXIT_OK when verified and within the cap, else HS_EXIT_FAIL.
 * VERIFY_MS and WRITE_MS (may be NULL) receive the time of those two steps. */
int hs_cli_emit_strategy(const HsCliSetup *setup, HsStrategy *s, const char *outdir, const char *format_name,
                         HsFormat format, double *verify_ms, double *write_ms);
