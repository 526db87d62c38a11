/* hardsix CLI — reading the TSV tables of runs over openers (sweep, prove --all, optimize --all) back:
 * their lines (a byte-order mark and CRLF accepted), their shard line, their shape, and every row's own
 * consistency. merge and check-table trust no row they have not checked here. */
#include "cli.h"

#include <math.h>
#include <string.h>

GStrv
hs_cli_table_lines(const char *file, const char *text, gsize len, GError **error)
{
  if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) {
    text += 3;
    len -= 3;
  }
  if (len == 0 || text[len - 1] != '\n') {
    hs_cli_fail(error, "%s: %s", file, len == 0 ? "empty file" : "truncated (no final newline)");
    return NULL;
  }
  g_autofree char *body = g_strndup(text, len - 1);
  GStrv lines = g_strsplit(body, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++) {
    gsize n = strlen(lines[i]);
    if (n > 0 && lines[i][n - 1] == '\r')
      lines[i][n - 1] = '\0';
  }
  return lines;
}

/* ---- shard lines ---- */

void
hs_cli_shard_clear(HsCliShard *sh)
{
  g_clear_pointer(&sh->parts, g_strfreev);
}

const char *
hs_cli_shard_part(const HsCliShard *sh, const char *name)
{
  gsize len = strlen(name);
  for (guint i = 1; sh->parts[i] != NULL; i++)
    if (strncmp(sh->parts[i], name, len) == 0 && sh->parts[i][len] == ' ')
      return sh->parts[i] + len + 1;
  return NULL;
}

const char *
hs_cli_split_suffix(HsCliSplit split)
{
  static const char *const suffix[] = { "", ":letters", ":groups" };
  return suffix[split];
}

gboolean
hs_cli_shard_number(const char *text, guint *k, guint *n, HsCliSplit *split)
{
  *split = HS_CLI_SPLIT_INTERLEAVED;
  for (HsCliSplit s = HS_CLI_SPLIT_LETTERS; s <= HS_CLI_SPLIT_GROUPS; s++)
    if (g_str_has_suffix(text, hs_cli_split_suffix(s)))
      *split = s;
  g_autofree char *kn = g_strndup(text, strlen(text) - strlen(hs_cli_split_suffix(*split)));
  g_auto(GStrv) two = g_strsplit(kn, "/", -1);
  guint64 a = 0, b = 0;
  if (g_strv_length(two) != 2 || !g_ascii_string_to_unsigned(two[0], 10, 1, 1000000, &a, NULL) ||
      !g_ascii_string_to_unsigned(two[1], 10, 1, 1000000, &b, NULL) || a > b)
    return FALSE;
  *k = (guint)a;
  *n = (guint)b;
  return TRUE;
}

guint
hs_cli_shard_slice(const HsWords *words, const guint32 *openers, guint n_openers, guint k, guint n, HsCliSplit split,
                   guint32 *out)
{
  switch (split) {
    case HS_CLI_SPLIT_LETTERS: return hs_sweep_shard_by_letters(words, openers, n_openers, k, n, out);
    case HS_CLI_SPLIT_GROUPS: return hs_sweep_shard_by_groups(words, openers, n_openers, k, n, out);
    default: return hs_sweep_shard(openers, n_openers, k, n, out);
  }
}

gboolean
hs_cli_shard_parse(const char *file, const char *line, HsCliShard *sh, GError **error)
{
  static const char prefix[] = "# hardsix shard ";
  if (strncmp(line, prefix, sizeof prefix - 1) != 0)
    return hs_cli_fail(
      error, "%s:1: not a shard file (the first line of a --shard K/N run is '# hardsix shard K/N; ...')", file);
  sh->path = file;
  sh->parts = g_strsplit(line, "; ", -1);
  const char *kn = sh->parts[0] + sizeof prefix - 1;
  if (!hs_cli_shard_number(kn, &sh->k, &sh->n, &sh->split)) {
    g_autofree char *shown = hs_escape(kn, -1, 40);
    return hs_cli_fail(error, "%s:1: malformed shard number '%s' (expected K/N, K/N:letters or K/N:groups)", file,
                       shown);
  }
  const char *need[] = { "command",     "lists",  "answers", "guesses", "rules",
                         "max-guesses", "policy", "options", "openers" };
  for (guint i = 0; i < G_N_ELEMENTS(need); i++)
    if (hs_cli_shard_part(sh, need[i]) == NULL)
      return hs_cli_fail(error, "%s:1: malformed shard line (no '%s')", file, need[i]);
  return TRUE;
}

/* ---- shapes ---- */

static const char *const sweep_columns[] = { "opener",     "verdict",   "worst", "over_cap",
                                             "first_over", "histogram", "total", "average" };
static const char *const prove_columns[] = { "opener", "verdict", "nodes" };
static const char *const optimize_columns[] = { "opener", "verdict", "total", "average" };
static const char *const best_columns[] = { "opener", "verdict", "total", "average", "lower_bound" };
static const char *const best_shard_columns[] = {
  "opener", "verdict", "total", "average", "lower_bound", "step_bound"
};

gboolean
hs_cli_table_shape(const char *file, guint lineno, const char *header, HsCliTableShape *shape, GError **error)
{
  static const struct {
    HsCliTableKind kind;
    const char *command;
    const char *const *columns;
    guint n;
  } shapes[] = {
    { HS_CLI_TABLE_SWEEP, "sweep", sweep_columns, G_N_ELEMENTS(sweep_columns) },
    { HS_CLI_TABLE_PROVE, "prove", prove_columns, G_N_ELEMENTS(prove_columns) },
    { HS_CLI_TABLE_OPTIMIZE, "optimize", optimize_columns, G_N_ELEMENTS(optimize_columns) },
    { HS_CLI_TABLE_OPTIMIZE, "optimize", best_columns, G_N_ELEMENTS(best_columns) },
    { HS_CLI_TABLE_OPTIMIZE, "optimize", best_shard_columns, G_N_ELEMENTS(best_shard_columns) },
  };
  g_auto(GStrv) cols = g_strsplit(header, "\t", -1);
  guint n = g_strv_length(cols);
  for (guint s = 0; s < G_N_ELEMENTS(shapes); s++) {
    guint m = shapes[s].n;
    if (n != m && !(n == m + 1 && strcmp(cols[m], "seconds") == 0))
      continue;
    gboolean same = TRUE;
    for (guint c = 0; c < m && same; c++)
      same = strcmp(cols[c], shapes[s].columns[c]) == 0;
    if (!same)
      continue;
    shape->kind = shapes[s].kind;
    shape->command = shapes[s].command;
    shape->n_columns = n;
    shape->seconds = n == m + 1;
    shape->lower_bound = shapes[s].columns == best_columns || shapes[s].columns == best_shard_columns;
    shape->step_bound = shapes[s].columns == best_shard_columns;
    return TRUE;
  }
  return hs_cli_fail(error,
                     "%s:%u: not a sweep, prove --all or optimize --all table (its column header must be one of "
                     "theirs)",
                     file, lineno);
}

/* ---- one row ---- */

/* A whole number (digits only) up to MAX: "99999999999999999999999" is not one. */
static gboolean
parse_count(const char *s, guint64 max, guint64 *out)
{
  return *s != '\0' && s[strspn(s, "0123456789")] == '\0' && g_ascii_string_to_unsigned(s, 10, 0, max, out, NULL);
}

/* "1:1,2:8,...": guesses 1..63 in increasing order, each count at least 1; fills H. */
static gboolean
parse_histogram(const char *s, HsHistogram *h)
{
  memset(h, 0, sizeof *h);
  g_auto(GStrv) items = g_strsplit(s, ",", -1);
  guint64 last = 0;
  if (items[0] == NULL)
    return FALSE;
  for (guint i = 0; items[i] != NULL; i++) {
    g_auto(GStrv) kv = g_strsplit(items[i], ":", -1);
    guint64 d = 0, c = 0;
    if (g_strv_length(kv) != 2 || !parse_count(kv[0], HS_DEPTH_LIMIT - 1, &d) || d <= last ||
        !parse_count(kv[1], G_MAXUINT32, &c) || c == 0)
      return FALSE;
    h->count[d] = (guint)c;
    last = d;
  }
  return TRUE;
}

/* A failed check of row WHERE: the field NAME with VALUE, and why. */
static gboolean
bad_field(GError **error, const char *where, const char *name, const char *value, const char *why)
{
  g_autofree char *shown = hs_escape(value, -1, 40);
  return hs_cli_fail(error, "%s: %s '%s' %s", where, name, shown, why);
}

/* The average column: exactly the one rounding of TOTAL / N. */
static gboolean
check_average(const char *where, const char *value, guint64 total, guint n, GError **error)
{
  char want[HS_AVERAGE_BUFLEN];
  hs_average_format(total, n, want);
  if (strcmp(value, want) != 0)
    return bad_field(error, where, "average", value, "is not total / answers");
  return TRUE;
}

/* worst over_cap first_over histogram total average of a sweep row ("-" each when not exact). */
static gboolean
check_sweep(const HsCliTableCheck *c, char **f, const char *where, GError **error)
{
  gboolean pass = strcmp(f[1], "ok") == 0;
  if (!pass && strcmp(f[1], "fail") != 0)
    return bad_field(error, where, "verdict", f[1], "is not ok or fail");
  gboolean dashes = TRUE;
  for (guint i = 2; i < 8; i++)
    dashes = dashes && strcmp(f[i], "-") == 0;
  if (dashes)
    return pass ? bad_field(error, where, "verdict", f[1], "has no histogram (a passing row always has one)") : TRUE;
  HsHistogram h;
  if (!parse_histogram(f[5], &h))
    return bad_field(error, where, "histogram", f[5], "is not GUESSES:COUNT,... in increasing order");
  guint64 worst = 0, over = 0, total = 0, answers = 0;
  for (guint d = 1; d < HS_DEPTH_LIMIT; d++) {
    answers += h.count[d];
    total += (guint64)d * h.count[d];
    worst = h.count[d] ? d : worst;
    over += d > c->max_guesses ? h.count[d] : 0;
  }
  guint64 v = 0;
  if (answers != c->words->n_answers) {
    g_autofree char *why =
      g_strdup_printf("counts %" G_GUINT64_FORMAT " answers, not %u", answers, c->words->n_answers);
    return bad_field(error, where, "histogram", f[5], why);
  }
  if (!parse_count(f[2], HS_DEPTH_LIMIT, &v) || v != worst)
    return bad_field(error, where, "worst", f[2], "is not the histogram's largest number of guesses");
  if (!parse_count(f[3], G_MAXUINT32, &v) || v != over)
    return bad_field(error, where, "over_cap", f[3], "is not the histogram's count over the cap");
  if (!parse_count(f[6], G_MAXUINT64, &v) || v != total)
    return bad_field(error, where, "total", f[6], "is not the histogram's total");
  if (pass != (over == 0))
    return bad_field(error, where, "verdict", f[1],
                     pass ? "but answers are over the cap" : "but no answer is over the cap");
  guint a = hs_words_lookup(c->words, f[4]);
  if (over == 0 ? strcmp(f[4], "-") != 0 : a == HS_NONE || a >= c->words->n_answers)
    return bad_field(error, where, "first_over", f[4], over ? "is not an answer" : "is given but no answer is over");
  return check_average(where, f[7], total, c->words->n_answers, error);
}

static gboolean
check_prove(char **f, const char *where, GError **error)
{
  const char *verdicts[] = { "proven", "impossible", "undecided", NULL };
  guint64 v = 0;
  if (!g_strv_contains(verdicts, f[1]))
    return bad_field(error, where, "verdict", f[1], "is not proven, impossible or undecided");
  if (!parse_count(f[2], G_MAXUINT64, &v))
    return bad_field(error, where, "nodes", f[2], "is not a number of nodes");
  return TRUE;
}

/* A total (or a bound of one) VALUE of column NAME: from one guess to the cap per answer. */
static gboolean
check_total(const HsCliTableCheck *c, const char *where, const char *name, const char *value, guint64 *total,
            GError **error)
{
  guint n = c->words->n_answers;
  if (!parse_count(value, G_MAXUINT64, total) || *total < n || *total > (guint64)c->max_guesses * n)
    return bad_field(error, where, name, value, "is not a total from one guess to the cap per answer");
  return TRUE;
}

/* A shard of --best (step_bound, column 6): every opener with a strategy has its one-step bound, no
 * more than MOST (its total, or a worse row's lower bound); an impossible opener has none. */
static gboolean
check_step_bound(const HsCliTableCheck *c, char **f, const char *where, guint64 most, GError **error)
{
  const gboolean optimal = strcmp(f[1], "optimal") == 0;
  guint64 step = 0;
  if (strcmp(f[1], "impossible") == 0)
    return strcmp(f[5], "-") == 0 || bad_field(error, where, "step_bound", f[5], "but no strategy exists");
  if (!check_total(c, where, "step_bound", f[5], &step, error))
    return FALSE;
  return step <= most ||
         bad_field(error, where, "step_bound", f[5], optimal ? "is above the total" : "is above the lower bound");
}

static gboolean
check_optimize(const HsCliTableCheck *c, char **f, const char *where, GError **error)
{
  const char *verdicts[] = { "optimal", "worse", "impossible", NULL };
  if (!g_strv_contains(verdicts, f[1]))
    return bad_field(error, where, "verdict", f[1], "is not optimal, worse or impossible");
  const gboolean optimal = strcmp(f[1], "optimal") == 0;
  /* --best: a worse row's bound is in lower_bound, and it has no total. */
  const gboolean has_total = c->shape->lower_bound ? optimal : strcmp(f[1], "impossible") != 0;
  guint64 total = 0;
  if (c->shape->lower_bound) {
    if (strcmp(f[1], "worse") != 0 && strcmp(f[4], "-") != 0)
      return bad_field(error, where, "lower_bound", f[4],
                       optimal ? "but the total is known" : "but no strategy exists");
    if (strcmp(f[1], "worse") == 0 && !check_total(c, where, "lower_bound", f[4], &total, error))
      return FALSE;
  }
  if (!has_total) {
    if (strcmp(f[2], "-") != 0 || strcmp(f[3], "-") != 0)
      return bad_field(error, where, "verdict", f[1], "but a total is given");
    return !c->shape->step_bound || check_step_bound(c, f, where, total, error);
  }
  return check_total(c, where, "total", f[2], &total, error) &&
         check_average(where, f[3], total, c->words->n_answers, error) &&
         (!c->shape->step_bound || check_step_bound(c, f, where, total, error));
}

gboolean
hs_cli_table_check_row(const HsCliTableCheck *c, char **fields, const char *file, guint lineno, GError **error)
{
  g_autofree char *where = g_strdup_printf("%s:%u: malformed row", file, lineno);
  guint n = g_strv_length(fields);
  if (n != c->shape->n_columns)
    return hs_cli_fail(error, "%s: %u tab-separated fields, expected %u", where, n, c->shape->n_columns);
  guint o = hs_words_lookup(c->words, fields[0]);
  if (o == HS_NONE)
    return bad_field(error, where, "opener", fields[0], "is not a word of the lists");
  if (c->shape->seconds) {
    const char *s = fields[n - 1];
    char *end = NULL;
    double secs = g_ascii_strtod(s, &end);
    if (*s == '\0' || *end != '\0' || !isfinite(secs) || secs < 0 || secs > 1e9 || s[strspn(s, "0123456789.")] != '\0')
      return bad_field(error, where, "seconds", s, "is not a number of seconds");
  }
  switch (c->shape->kind) {
    case HS_CLI_TABLE_SWEEP: return check_sweep(c, fields, where, error);
    case HS_CLI_TABLE_PROVE: return check_prove(fields, where, error);
    default: return check_optimize(c, fields, where, error);
  }
}
