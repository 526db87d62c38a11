/* hardsix CLI — reading a strategy file that must verify (for sheet and next). Not part of the library. */
#pragma once

#include "cli.h"

/* A verified strategy read from a file, with the words and rules it was checked against. */
typedef struct {
  HsWords *words;
  HsVerifyReport *report;
  HsStrategy *strategy;
  HsRules rules;
  guint max_guesses;
  char *name; /* the file name used in messages ("<stdin>" for "-") */
} HsCliStrategy;

/* Reads PATH ("-": stdin), chooses the lists and rules from the options or, where the options say
 * nothing, from the file's "# lists:"/"# rules:" hints (as 'verify' does), verifies it with the
 * independent verifier and builds its tree. On failure prints the reason (the first problems of an
 * unverified file) and returns HS_EXIT_FAIL or HS_EXIT_USAGE; HS_EXIT_OK otherwise. */
int hs_cli_load_strategy(HsCliOptions *o, const char *cmd, const char *path, HsCliStrategy *out);
void hs_cli_strategy_clear(HsCliStrategy *st);
