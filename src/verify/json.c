/* hardsix verifier — its own strict JSON parser (RFC 8259; duplicate keys are an error). It keeps the
 * line of every value for messages, and runs in O(n log n) on any input: objects with many members
 * index them in a hash table, for the duplicate check and for lookups. */
#include "verify-private.h"

#include <stdarg.h>

/* Deepest nesting of JSON arrays and objects accepted (a 64-guess tree needs about 130). */
#define JSON_NESTING_LIMIT 1000
/* Objects with more members than this get a hash index (smaller ones are scanned). */
#define JSON_INDEX_MIN 8

void
hs_verify_json_free(JVal *v)
{
  if (v == NULL)
    return;
  g_free(v->str);
  if (v->index != NULL)
    g_hash_table_destroy(v->index);
  if (v->items != NULL)
    g_ptr_array_unref(v->items);
  g_free(v);
}

static void
jval_free(gpointer p)
{
  hs_verify_json_free(p);
}

static void
jmember_free(gpointer p)
{
  JMember *m = p;
  g_free(m->key);
  hs_verify_json_free(m->val);
  g_free(m);
}

typedef struct {
  const char *s;
  gsize len;
  gsize pos;
  guint line;
  guint depth;
  const char *file;
  GError **error;
} JParser;

static gpointer jp_fail(JParser *p, const char *fmt, ...) G_GNUC_PRINTF(2, 3);

static gpointer
jp_fail(JParser *p, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  g_autofree char *msg = g_strdup_vprintf(fmt, ap);
  va_end(ap);
  if (p->error != NULL && *p->error == NULL)
    g_set_error(p->error, HS_VERIFY_ERROR, HS_VERIFY_ERROR_PARSE, "%s:%u: %s", p->file, p->line, msg);
  return NULL;
}

static gpointer
jp_eof(JParser *p)
{
  return jp_fail(p, "unexpected end of file (the JSON is truncated)");
}

/* The readers below return gboolean; the error is already set by jp_fail and friends, which return
 * NULL. */
#define FAILED(call) ((void)(call), FALSE)

static void
jp_ws(JParser *p)
{
  while (p->pos < p->len) {
    char c = p->s[p->pos];
    if (c == '\n')
      p->line++;
    else if (c != ' ' && c != '\t' && c != '\r')
      return;
    p->pos++;
  }
}

static gpointer
jp_unexpected(JParser *p, const char *wanted)
{
  guchar c = (guchar)p->s[p->pos];
  if (c >= 0x20 && c < 0x7f)
    return jp_fail(p, "expected %s, found '%c'", wanted, c);
  return jp_fail(p, "expected %s, found byte 0x%02x", wanted, c);
}

static JVal *
jval_new(JKind kind, guint line)
{
  JVal *v = g_new0(JVal, 1);
  v->kind = kind;
  v->line = line;
  return v;
}

static gboolean
jp_hex4(JParser *p, guint *out)
{
  if (p->len - p->pos < 4)
    return FALSE;
  guint v = 0;
  for (int i = 0; i < 4; i++) {
    int d = g_ascii_xdigit_value(p->s[p->pos + (gsize)i]);
    if (d < 0)
      return FALSE;
    v = v * 16 + (guint)d;
  }
  p->pos += 4;
  *out = v;
  return TRUE;
}

/* A \uXXXX escape (p->pos after the 'u'), surrogate pairs joined, appended to OUT as UTF-8. */
static gboolean
jp_unicode_escape(JParser *p, GString *out)
{
  guint u;
  if (!jp_hex4(p, &u))
    return FAILED(jp_fail(p, "bad \\u escape (four hex digits expected)"));
  if (u >= 0xD800 && u <= 0xDBFF) {
    guint lo;
    if (!(p->len - p->pos >= 2 && p->s[p->pos] == '\\' && p->s[p->pos + 1] == 'u'))
      return FAILED(jp_fail(p, "lone surrogate \\u%04X in a string", u));
    p->pos += 2;
    if (!jp_hex4(p, &lo) || lo < 0xDC00 || lo > 0xDFFF)
      return FAILED(jp_fail(p, "bad surrogate pair in a string"));
    u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
  } else if (u >= 0xDC00 && u <= 0xDFFF) {
    return FAILED(jp_fail(p, "lone surrogate \\u%04X in a string", u));
  }
  if (u == 0)
    return FAILED(jp_fail(p, "\\u0000 inside a string"));
  g_string_append_unichar(out, u);
  return TRUE;
}

/* One escape (p->pos after the backslash) appended to OUT. */
static gboolean
jp_escape(JParser *p, GString *out)
{
  static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
  if (p->pos >= p->len)
    return FAILED(jp_eof(p));
  char e = p->s[p->pos++];
  if (e == 'u')
    return jp_unicode_escape(p, out);
  const char *at = e != '\0' ? strchr(from, e) : NULL;
  if (at == NULL) {
    p->pos--;
    return FAILED(jp_unexpected(p, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u)"));
  }
  g_string_append_c(out, to[at - from]);
  return TRUE;
}

/* Reads a string literal at p->pos (which holds '"'); returns it newly allocated. */
static char *
jp_string(JParser *p)
{
  guint start = p->line;
  p->pos++;
  g_autoptr(GString) out = g_string_new(NULL);
  for (;;) {
    if (p->pos >= p->len)
      return jp_fail(p, "unterminated string (it starts on line %u; the JSON is truncated)", start);
    guchar c = (guchar)p->s[p->pos];
    if (c == '"') {
      p->pos++;
      return g_string_free(g_steal_pointer(&out), FALSE);
    }
    if (c == '\n')
      return jp_fail(p, "unterminated string (a line break inside a string)");
    if (c < 0x20)
      return jp_fail(p, "control character 0x%02x inside a string", c);
    p->pos++;
    if (c != '\\')
      g_string_append_c(out, (char)c);
    else if (!jp_escape(p, out))
      return NULL;
  }
}

/* Skips digits; FALSE (with an error naming WHAT) when there is none. */
static gboolean
jp_digits(JParser *p, const char *what)
{
  gsize d0 = p->pos;
  while (p->pos < p->len && g_ascii_isdigit(p->s[p->pos]))
    p->pos++;
  if (p->pos > d0)
    return TRUE;
  if (p->pos >= p->len)
    jp_eof(p);
  else
    jp_unexpected(p, what);
  return FALSE;
}

static JVal *
jp_number(JParser *p)
{
  gsize start = p->pos;
  gboolean integral = TRUE, negative = FALSE;
  if (p->s[p->pos] == '-') {
    negative = TRUE;
    p->pos++;
  }
  if (p->pos < p->len && p->s[p->pos] == '0')
    p->pos++;
  else if (!jp_digits(p, "a digit"))
    return NULL;
  if (p->pos < p->len && p->s[p->pos] == '.') {
    integral = FALSE;
    p->pos++;
    if (!jp_digits(p, "a digit after '.'"))
      return NULL;
  }
  if (p->pos < p->len && (p->s[p->pos] == 'e' || p->s[p->pos] == 'E')) {
    integral = FALSE;
    p->pos++;
    if (p->pos < p->len && (p->s[p->pos] == '+' || p->s[p->pos] == '-'))
      p->pos++;
    if (!jp_digits(p, "a digit in the exponent"))
      return NULL;
  }
  g_autofree char *copy = g_strndup(p->s + start, p->pos - start);
  JVal *v = jval_new(J_NUMBER, p->line);
  v->number = g_ascii_strtod(copy, NULL);
  v->count = integral && !negative && v->number < 9007199254740992.0;
  return v;
}

static JVal *jp_value(JParser *p);

/* The member of OBJ named KEY, through the index when the object has one. */
static JMember *
find_member(const JVal *obj, const char *key)
{
  if (obj->index != NULL)
    return g_hash_table_lookup(obj->index, key);
  for (guint i = 0; i < obj->items->len; i++) {
    JMember *m = obj->items->pdata[i];
    if (strcmp(m->key, key) == 0)
      return m;
  }
  return NULL;
}

/* Adds M to OBJ, indexing the members once there are many. */
static void
add_member(JVal *obj, JMember *m)
{
  g_ptr_array_add(obj->items, m);
  if (obj->index == NULL && obj->items->len > JSON_INDEX_MIN) {
    obj->index = g_hash_table_new(g_str_hash, g_str_equal);
    for (guint i = 0; i < obj->items->len; i++) {
      JMember *x = obj->items->pdata[i];
      g_hash_table_insert(obj->index, x->key, x);
    }
  } else if (obj->index != NULL) {
    g_hash_table_insert(obj->index, m->key, m);
  }
}

/* One "key": value member of OBJ (p->pos at the key's opening quote). */
static gboolean
jp_member(JParser *p, JVal *obj)
{
  guint key_line = p->line;
  char *key = jp_string(p);
  if (key == NULL)
    return FALSE;
  const JMember *dup = find_member(obj, key);
  if (dup != NULL) {
    g_autofree char *k = hs_escape(key, -1, -1);
    g_free(key);
    p->line = key_line;
    return FAILED(jp_fail(p, "duplicate key \"%s\" (first on line %u)", k, dup->line));
  }
  JMember *m = g_new0(JMember, 1);
  m->key = key;
  m->line = key_line;
  add_member(obj, m);
  jp_ws(p);
  if (p->pos >= p->len)
    return FAILED(jp_eof(p));
  if (p->s[p->pos] != ':')
    return FAILED(jp_unexpected(p, "':' after the key"));
  p->pos++;
  m->val = jp_value(p);
  return m->val != NULL;
}

/* One element of array or object V. */
static gboolean
jp_element(JParser *p, JVal *v)
{
  jp_ws(p);
  if (p->pos >= p->len)
    return FAILED(jp_eof(p));
  if (v->kind == J_OBJECT) {
    if (p->s[p->pos] != '"')
      return FAILED(jp_unexpected(p, "a \"key\" string"));
    return jp_member(p, v);
  }
  JVal *item = jp_value(p);
  if (item == NULL)
    return FALSE;
  g_ptr_array_add(v->items, item);
  return TRUE;
}

static JVal *
jp_container(JParser *p, gboolean object)
{
  if (++p->depth > JSON_NESTING_LIMIT)
    return jp_fail(p, "JSON nested deeper than %u levels", JSON_NESTING_LIMIT);
  JVal *v = jval_new(object ? J_OBJECT : J_ARRAY, p->line);
  v->items = g_ptr_array_new_with_free_func(object ? jmember_free : jval_free);
  char close = object ? '}' : ']';
  p->pos++;
  jp_ws(p);
  gboolean ok = TRUE, done = p->pos < p->len && p->s[p->pos] == close;
  if (done)
    p->pos++;
  while (!done && (ok = jp_element(p, v))) {
    jp_ws(p);
    if (p->pos >= p->len) {
      ok = FAILED(jp_eof(p));
      break;
    }
    char c = p->s[p->pos++];
    if (c != ',' && !(done = c == close)) {
      p->pos--;
      ok = FAILED(jp_unexpected(p, object ? "',' or '}'" : "',' or ']'"));
      break;
    }
  }
  if (!ok) {
    hs_verify_json_free(v);
    return NULL;
  }
  p->depth--;
  return v;
}

static JVal *
jp_literal(JParser *p)
{
  static const struct {
    const char *word;
    JKind kind;
    gboolean b;
  } literals[] = {
    { "true", J_BOOL, TRUE },
    { "false", J_BOOL, FALSE },
    { "null", J_NULL, FALSE },
  };
  for (guint i = 0; i < G_N_ELEMENTS(literals); i++) {
    gsize l = strlen(literals[i].word);
    if (p->len - p->pos >= l && memcmp(p->s + p->pos, literals[i].word, l) == 0) {
      p->pos += l;
      JVal *v = jval_new(literals[i].kind, p->line);
      v->boolean = literals[i].b;
      return v;
    }
    if (p->len - p->pos < l && memcmp(p->s + p->pos, literals[i].word, p->len - p->pos) == 0)
      return jp_eof(p);
  }
  return jp_unexpected(p, "a JSON value");
}

static JVal *
jp_value(JParser *p)
{
  jp_ws(p);
  if (p->pos >= p->len)
    return jp_eof(p);
  char c = p->s[p->pos];
  if (c == '{' || c == '[')
    return jp_container(p, c == '{');
  if (c == '"') {
    guint line = p->line;
    char *s = jp_string(p);
    if (s == NULL)
      return NULL;
    JVal *v = jval_new(J_STRING, line);
    v->str = s;
    return v;
  }
  if (c == '-' || g_ascii_isdigit(c))
    return jp_number(p);
  return jp_literal(p);
}

JVal *
hs_verify_json_parse(const char *text, gsize len, const char *file, GError **error)
{
  JParser p = { text, len, 0, 1, 0, file, error };
  JVal *v = jp_value(&p);
  if (v == NULL)
    return NULL;
  jp_ws(&p);
  if (p.pos < p.len) {
    jp_unexpected(&p, "the end of the file after the JSON value");
    hs_verify_json_free(v);
    return NULL;
  }
  return v;
}

const JMember *
hs_verify_json_member(const JVal *obj, const char *key)
{
  if (obj == NULL || obj->kind != J_OBJECT)
    return NULL;
  return find_member(obj, key);
}

const char *
hs_verify_json_string(const JVal *obj, const char *key)
{
  const JMember *m = hs_verify_json_member(obj, key);
  return m != NULL && m->val->kind == J_STRING ? m->val->str : NULL;
}
