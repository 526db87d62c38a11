/* Tests for repair.c: the overrides it adds make the greedy tree pass, every added rule is provably
 * sound, a passing opener needs none, an impossible one is refused with the reason. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <string.h>

#include "hardsix/hardsix.h"
#include "test-common.h"

HS_TEST_GROUP_TABLE(orig, table, hs_test_load_set("original"))

/* TRUE when GUESS after the history of rule R splits the candidates the history leaves into parts
 * that the prover solves within the guesses left. */
static gboolean
rule_is_sound(HsProver *prover, const HsOverride *r, guint cap)
{
  g_autoptr(GArray) cands = g_array_new(FALSE, FALSE, sizeof(guint32));
  for (guint32 a = 0; a < orig->n_answers; a++) {
    gboolean fits = TRUE;
    for (guint i = 0; i < r->n_steps && fits; i++)
      fits = hs_feedback(orig->text[r->guesses[i]], orig->text[a]) == r->patterns[i];
    if (fits)
      g_array_append_val(cands, a);
  }
  assert_true(cands->len > 0);
  gboolean solvable = FALSE;
  guint32 g = HS_NONE;
  GError *e = NULL;
  assert_true(hs_prove_part(prover, r->n_steps, r->guesses, r->patterns, (const guint32 *)(const void *)cands->data,
                            cands->len, cap - r->n_steps, &solvable, &g, NULL, NULL, &e));
  if (!solvable)
    return FALSE;
  /* The rule's own guess must work there too: its parts, one guess fewer. */
  g_autofree guint32 *hg = g_new(guint32, r->n_steps + 1);
  g_autofree HsPat *hp = g_new(HsPat, r->n_steps + 1);
  memcpy(hg, r->guesses, r->n_steps * sizeof *hg);
  memcpy(hp, r->patterns, r->n_steps * sizeof *hp);
  hg[r->n_steps] = r->forced;
  for (guint p = 0; p < HS_ALL_GREEN; p++) {
    g_autoptr(GArray) part = g_array_new(FALSE, FALSE, sizeof(guint32));
    for (guint i = 0; i < cands->len; i++) {
      guint32 a = g_array_index(cands, guint32, i);
      if (hs_feedback(orig->text[r->forced], orig->text[a]) == p)
        g_array_append_val(part, a);
    }
    if (part->len == 0)
      continue;
    hp[r->n_steps] = (HsPat)p;
    if (cap - r->n_steps <= 1)
      return FALSE;
    assert_true(hs_prove_part(prover, r->n_steps + 1, hg, hp, (const guint32 *)(const void *)part->data, part->len,
                              cap - r->n_steps - 1, &solvable, NULL, NULL, NULL, &e));
    if (!solvable)
      return FALSE;
  }
  return TRUE;
}

static HsOverrides *
repair(const HsPolicy *p, const char *opener, HsRepairStats *st, GError **error)
{
  g_autoptr(HsProver) prover = hs_prover_new(table, p->rules, HS_PROVE_ORDER_GREEDY);
  return hs_repair(table, p, hs_words_lookup(orig, opener), prover, st, error);
}

/* repair, which must succeed (a failure fails the test). */
static HsOverrides *
repair_ok(const HsPolicy *p, const char *opener, HsRepairStats *st)
{
  GError *e = NULL;
  HsOverrides *o = repair(p, opener, st, &e);
  if (o == NULL)
    fail_msg("%s", e->message);
  return o;
}

/* With the repaired overrides O the greedy strategy of OPENER under P passes, and the rules of O from
 * FIRST on are sound. */
static void
assert_repaired(const HsPolicy *p, const char *opener, HsOverrides *o, guint first)
{
  HsPolicy with = *p;
  with.overrides = o;
  GError *e = NULL;
  g_autoptr(HsStrategy) s = hs_greedy_build(table, hs_words_lookup(orig, opener), &with, &e);
  assert_non_null(s);
  assert_true(s->complete);
  assert_int_equal(s->n_over, 0);
  g_autoptr(HsProver) prover = hs_prover_new(table, p->rules, HS_PROVE_ORDER_GREEDY);
  for (guint i = first; i < o->rules->len; i++)
    assert_true(rule_is_sound(prover, o->rules->pdata[i], p->max_guesses));
}

/* howls under the default policy fails without help; repair's rules make it pass, each is sound, and
 * they are the committed overrides/howls.txt. */
static void
test_howls_default(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  HsRepairStats st = { 0 };
  g_autoptr(HsOverrides) o = repair_ok(&p, "howls", &st);
  assert_int_equal(st.added, 2);
  assert_int_equal(st.replaced, 0);
  assert_true(st.rounds >= 2);
  assert_repaired(&p, "howls", o, 0);
  g_autofree char *text = hs_overrides_to_text(o, orig);
  g_autofree char *committed = hs_test_slurp("overrides/howls.txt", NULL);
  assert_non_null(strstr(committed, text));
}

/* An opener greedy already solves needs no rule; the starting rules are kept. */
static void
test_passing_opener(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  HsRepairStats st = { 0 };
  g_autoptr(HsOverrides) o = repair_ok(&p, "ralph", &st);
  assert_int_equal(o->rules->len, 0);
  assert_int_equal(st.added, 0);
  assert_int_equal(st.rounds, 1);
}

/* The true metric under strict rules fails on three answers; the shark rule given as a start is kept
 * and whatever is added is sound. */
static void
test_strict_keeps_input(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  p.rules = HS_RULES_STRICT;
  p.pool = HS_POOL_CANDIDATES;
  GError *e = NULL;
  g_autoptr(HsOverrides) in = hs_overrides_parse("howls 🟨⬜⬜⬜🟨 shark\n", "start", orig, p.rules, &e);
  assert_non_null(in);
  p.overrides = in;
  HsRepairStats st = { 0 };
  g_autoptr(HsOverrides) o = repair_ok(&p, "howls", &st);
  assert_true(o->rules->len >= 2);
  const HsOverride *first = o->rules->pdata[0];
  assert_string_equal(orig->text[first->forced], "shark");
  assert_repaired(&p, "howls", o, 1);
}

/* slate cannot guarantee six (the -aste family): refused, naming the part. */
static void
test_impossible(void **state)
{
  (void)state;
  HsPolicy p;
  hs_policy_init(&p);
  GError *e = NULL;
  g_autoptr(HsOverrides) o = repair(&p, "slate", NULL, &e);
  assert_null(o);
  assert_true(g_error_matches(e, HS_REPAIR_ERROR, HS_REPAIR_ERROR_IMPOSSIBLE));
  assert_non_null(strstr(e->message, "slate cannot guarantee 6 guesses"));
  g_error_free(e);
}

int
main(void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_howls_default),
    cmocka_unit_test(test_passing_opener),
    cmocka_unit_test(test_strict_keeps_input),
    cmocka_unit_test(test_impossible),
  };
  return cmocka_run_group_tests_name("repair", tests, setup, teardown) == 0 ? 0 : 1;
}
