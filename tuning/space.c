/* Search spaces: knobs, candidates, sampling and variation operators, the
 * JSON form of decisions, and factor-knob domains; see space.h. */
#include "tuning/space.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "runtime/status.h"
#include "tuning/json_writer.h"

void strata_space_init(strata_space_t *space) { memset(space, 0, sizeof *space); }

static void knob_free(strata_knob_t *k) {
  free(k->name);
  free(k->offsets);
  free(k->ints);
  if (k->strings)
    for (size_t c = 0; c < k->num_choices; ++c)
      free(k->strings[c]);
  free(k->strings);
}

void strata_space_free(strata_space_t *space) {
  for (size_t i = 0; i < space->num_knobs; ++i)
    knob_free(&space->knobs[i]);
  free(space->knobs);
  strata_space_init(space);
}

long strata_space_find_knob(const strata_space_t *space, const char *name) {
  for (size_t i = 0; i < space->num_knobs; ++i)
    if (strcmp(space->knobs[i].name, name) == 0)
      return (long)i;
  return -1;
}

const int64_t *strata_knob_ints(const strata_knob_t *knob, size_t c, size_t *length) {
  *length = knob->offsets[c + 1] - knob->offsets[c];
  return knob->ints + knob->offsets[c];
}

static bool check_new_knob(const strata_space_t *space, const char *name, size_t num_choices,
                           char **error) {
  if (!name || !*name)
    return strata_fail(error, "knob name must be non-empty");
  if (strata_space_find_knob(space, name) >= 0)
    return strata_fail(error, "knob '%s' is defined twice", name);
  if (num_choices == 0)
    return strata_fail(error, "knob '%s' has no choices", name);
  if (num_choices > UINT32_MAX)
    return strata_fail(error, "knob '%s' has too many choices", name);
  return true;
}

static strata_knob_t *append_knob(strata_space_t *space) {
  strata_knob_t *knobs = realloc(space->knobs, (space->num_knobs + 1) * sizeof *knobs);
  if (!knobs)
    abort();
  space->knobs = knobs;
  strata_knob_t *k = &knobs[space->num_knobs++];
  memset(k, 0, sizeof *k);
  return k;
}

bool strata_space_add_int_knob(strata_space_t *space, const char *name, size_t num_choices,
                               const size_t *offsets, const int64_t *values, char **error) {
  if (!check_new_knob(space, name, num_choices, error))
    return false;
  if (offsets[0] != 0)
    return strata_fail(error, "knob '%s': offsets must start at 0", name);
  for (size_t c = 0; c < num_choices; ++c) {
    if (offsets[c + 1] < offsets[c])
      return strata_fail(error, "knob '%s': offsets must not decrease", name);
    size_t len = offsets[c + 1] - offsets[c];
    for (size_t d = 0; d < c; ++d)
      if (offsets[d + 1] - offsets[d] == len &&
          memcmp(values + offsets[d], values + offsets[c], len * sizeof *values) == 0)
        return strata_fail(error, "knob '%s': choices %zu and %zu are equal", name, d, c);
  }
  strata_knob_t *k = append_knob(space);
  k->name = strdup(name);
  k->kind = STRATA_KNOB_INTS;
  k->num_choices = num_choices;
  k->offsets = malloc((num_choices + 1) * sizeof *k->offsets);
  size_t total = offsets[num_choices];
  k->ints = malloc((total ? total : 1) * sizeof *k->ints);
  if (!k->name || !k->offsets || !k->ints)
    abort();
  memcpy(k->offsets, offsets, (num_choices + 1) * sizeof *offsets);
  if (total)
    memcpy(k->ints, values, total * sizeof *values);
  return true;
}

bool strata_space_add_int_knob_fixed(strata_space_t *space, const char *name,
                                     size_t num_choices, size_t width, const int64_t *values,
                                     char **error) {
  size_t *offsets = malloc((num_choices + 1) * sizeof *offsets);
  if (!offsets)
    abort();
  for (size_t c = 0; c <= num_choices; ++c)
    offsets[c] = c * width;
  bool ok = strata_space_add_int_knob(space, name, num_choices, offsets, values, error);
  free(offsets);
  return ok;
}

bool strata_space_add_string_knob(strata_space_t *space, const char *name, size_t num_choices,
                                  const char *const *choices, char **error) {
  if (!check_new_knob(space, name, num_choices, error))
    return false;
  for (size_t c = 0; c < num_choices; ++c)
    for (size_t d = 0; d < c; ++d)
      if (strcmp(choices[c], choices[d]) == 0)
        return strata_fail(error, "knob '%s': choices %zu and %zu are equal", name, d, c);
  strata_knob_t *k = append_knob(space);
  k->name = strdup(name);
  k->kind = STRATA_KNOB_STRINGS;
  k->num_choices = num_choices;
  k->strings = calloc(num_choices, sizeof *k->strings);
  if (!k->name || !k->strings)
    abort();
  for (size_t c = 0; c < num_choices; ++c)
    if (!(k->strings[c] = strdup(choices[c])))
      abort();
  return true;
}

uint64_t strata_space_size(const strata_space_t *space) {
  uint64_t size = 1;
  for (size_t i = 0; i < space->num_knobs; ++i) {
    uint64_t n = space->knobs[i].num_choices;
    if (size > UINT64_MAX / n)
      return UINT64_MAX;
    size *= n;
  }
  return size;
}

void strata_space_candidate_at(const strata_space_t *space, uint64_t index,
                               strata_choice_t *candidate) {
  for (size_t i = space->num_knobs; i-- > 0;) {
    uint64_t n = space->knobs[i].num_choices;
    candidate[i] = (strata_choice_t)(index % n);
    index /= n;
  }
}

uint64_t strata_space_index_of(const strata_space_t *space, const strata_choice_t *candidate) {
  uint64_t index = 0;
  for (size_t i = 0; i < space->num_knobs; ++i)
    index = index * space->knobs[i].num_choices + candidate[i];
  return index;
}

void strata_space_sample(const strata_space_t *space, strata_rng_t *rng,
                         strata_choice_t *candidate) {
  for (size_t i = 0; i < space->num_knobs; ++i)
    candidate[i] = (strata_choice_t)strata_rng_below(rng, space->knobs[i].num_choices);
}

void strata_space_mutate(const strata_space_t *space, strata_rng_t *rng,
                         strata_choice_t *candidate) {
  size_t mutable_knobs = 0;
  for (size_t i = 0; i < space->num_knobs; ++i)
    mutable_knobs += space->knobs[i].num_choices > 1;
  if (mutable_knobs == 0)
    return;
  uint64_t pick = strata_rng_below(rng, mutable_knobs);
  for (size_t i = 0; i < space->num_knobs; ++i) {
    uint64_t n = space->knobs[i].num_choices;
    if (n < 2 || pick-- != 0)
      continue;
    /* A uniformly chosen different value: draw among n - 1 and skip the
     * current one. */
    uint64_t c = strata_rng_below(rng, n - 1);
    candidate[i] = (strata_choice_t)(c >= candidate[i] ? c + 1 : c);
    return;
  }
}

void strata_space_crossover(const strata_space_t *space, strata_rng_t *rng,
                            const strata_choice_t *a, const strata_choice_t *b,
                            strata_choice_t *child) {
  for (size_t i = 0; i < space->num_knobs; ++i)
    child[i] = (strata_rng_next(rng) >> 63) ? a[i] : b[i];
}

uint64_t strata_space_candidate_hash(const strata_space_t *space,
                                     const strata_choice_t *candidate) {
  return XXH64(candidate, space->num_knobs * sizeof *candidate, 0x5354524154414b4eull);
}

/* --- JSON decisions ---------------------------------------------------------- */

/* The decisions object; with "@version" first when `versioned`. */
static char *decisions_json(const strata_space_t *space, const strata_choice_t *candidate,
                            bool versioned) {
  strata_json_writer_t t = {0};
  strata_json_puts(&t, "{");
  bool first = true;
  if (versioned && space->version > 0) {
    char v[48];
    snprintf(v, sizeof v, "\"@version\":%d", space->version);
    strata_json_puts(&t, v);
    first = false;
  }
  for (size_t i = 0; i < space->num_knobs; ++i) {
    const strata_knob_t *k = &space->knobs[i];
    if (!first)
      strata_json_puts(&t, ",");
    first = false;
    strata_json_string(&t, k->name);
    strata_json_puts(&t, ":");
    if (k->kind == STRATA_KNOB_STRINGS) {
      strata_json_string(&t, k->strings[candidate[i]]);
      continue;
    }
    size_t len;
    const int64_t *v = strata_knob_ints(k, candidate[i], &len);
    strata_json_puts(&t, "[");
    for (size_t j = 0; j < len; ++j) {
      char num[32];
      snprintf(num, sizeof num, "%s%lld", j ? "," : "", (long long)v[j]);
      strata_json_puts(&t, num);
    }
    strata_json_puts(&t, "]");
  }
  strata_json_puts(&t, "}");
  return t.data;
}

char *strata_space_decisions_json(const strata_space_t *space, const strata_choice_t *candidate) {
  return decisions_json(space, candidate, false);
}

char *strata_space_record_json(const strata_space_t *space, const strata_choice_t *candidate) {
  return decisions_json(space, candidate, true);
}

/* Knob names never hold a quote, so the key is found by its text. */
int strata_space_record_version(const char *json) {
  const char *p = json ? strstr(json, "\"@version\"") : NULL;
  if (!p)
    return 0;
  p += 10;
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == ':')
    ++p;
  char *end;
  long v = strtol(p, &end, 10);
  return end == p || v < 0 || v > 1000000 ? -1 : (int)v;
}

bool strata_space_record_is_stale(const strata_space_t *space, const char *json) {
  return space->version > 0 && strata_space_record_version(json) != space->version;
}

/* A cursor over the decisions text; parse errors name the byte offset. */
typedef struct {
  const char *start, *p;
  char **error;
} json_cursor_t;

static void skip_ws(json_cursor_t *c) {
  while (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r')
    ++c->p;
}

static bool json_fail(json_cursor_t *c, const char *what) {
  return strata_fail(c->error, "decisions JSON: %s at offset %td", what, c->p - c->start);
}

static bool expect(json_cursor_t *c, char ch) {
  skip_ws(c);
  if (*c->p != ch) {
    char what[32];
    snprintf(what, sizeof what, "expected '%c'", ch);
    return json_fail(c, what);
  }
  ++c->p;
  return true;
}

/* After an object's member: true (past the ',') when another follows,
 * else false with *ok whether the closing '}' is there. */
static bool more_members(json_cursor_t *c, bool *ok) {
  skip_ws(c);
  if (*c->p == ',') {
    ++c->p;
    return true;
  }
  *ok = expect(c, '}');
  return false;
}

static int hex_digit(char ch) {
  if (ch >= '0' && ch <= '9')
    return ch - '0';
  if (ch >= 'a' && ch <= 'f')
    return ch - 'a' + 10;
  if (ch >= 'A' && ch <= 'F')
    return ch - 'A' + 10;
  return -1;
}

/* Parses a JSON string into *out (caller frees). \u escapes above 0x7f are
 * encoded as UTF-8 (surrogate pairs are not combined). */
static bool parse_string(json_cursor_t *c, char **out) {
  if (!expect(c, '"'))
    return false;
  strata_json_writer_t t = {0};
  strata_json_puts(&t, "");
  for (;;) {
    char ch = *c->p;
    if (ch == '\0') {
      free(t.data);
      return json_fail(c, "unterminated string");
    }
    ++c->p;
    if (ch == '"')
      break;
    if (ch != '\\') {
      strata_json_append(&t, &ch, 1);
      continue;
    }
    char e = *c->p++;
    const char *simple = strchr("\"\\/bfnrt", e);
    if (e && simple) {
      static const char decoded[] = "\"\\/\b\f\n\r\t";
      strata_json_append(&t, &decoded[simple - "\"\\/bfnrt"], 1);
    } else if (e == 'u') {
      unsigned code = 0;
      for (int i = 0; i < 4; ++i) {
        int h = hex_digit(c->p[i]);
        if (h < 0) {
          free(t.data);
          return json_fail(c, "bad \\u escape");
        }
        code = code * 16 + (unsigned)h;
      }
      c->p += 4;
      char utf8[3];
      size_t n;
      if (code < 0x80)
        utf8[0] = (char)code, n = 1;
      else if (code < 0x800)
        utf8[0] = (char)(0xc0 | (code >> 6)), utf8[1] = (char)(0x80 | (code & 0x3f)), n = 2;
      else
        utf8[0] = (char)(0xe0 | (code >> 12)), utf8[1] = (char)(0x80 | ((code >> 6) & 0x3f)),
        utf8[2] = (char)(0x80 | (code & 0x3f)), n = 3;
      strata_json_append(&t, utf8, n);
    } else {
      free(t.data);
      return json_fail(c, "bad escape");
    }
  }
  *out = t.data;
  return true;
}

/* Parses [i, j, ...] of integers into a malloc'd array. */
static bool parse_int_array(json_cursor_t *c, int64_t **out, size_t *len) {
  if (!expect(c, '['))
    return false;
  int64_t *v = NULL;
  size_t n = 0;
  skip_ws(c);
  if (*c->p == ']') {
    ++c->p;
    *out = NULL, *len = 0;
    return true;
  }
  for (;;) {
    skip_ws(c);
    char *end;
    long long x = strtoll(c->p, &end, 10);
    if (end == c->p) {
      free(v);
      return json_fail(c, "expected an integer");
    }
    c->p = end;
    if (!(v = realloc(v, (n + 1) * sizeof *v)))
      abort();
    v[n++] = x;
    skip_ws(c);
    if (*c->p == ',') {
      ++c->p;
      continue;
    }
    if (*c->p == ']') {
      ++c->p;
      break;
    }
    free(v);
    return json_fail(c, "expected ',' or ']'");
  }
  *out = v, *len = n;
  return true;
}

/* Finds the choice of knob k equal to the value at the cursor. */
static bool parse_choice(json_cursor_t *c, const strata_knob_t *k, strata_choice_t *choice) {
  skip_ws(c);
  long found = -1;
  if (k->kind == STRATA_KNOB_STRINGS) {
    char *s;
    if (!parse_string(c, &s))
      return false;
    for (size_t i = 0; i < k->num_choices && found < 0; ++i)
      if (strcmp(k->strings[i], s) == 0)
        found = (long)i;
    free(s);
  } else {
    int64_t *v = NULL;
    size_t n = 0;
    if (!parse_int_array(c, &v, &n))
      return false;
    for (size_t i = 0; i < k->num_choices && found < 0; ++i) {
      size_t len;
      const int64_t *choice_values = strata_knob_ints(k, i, &len);
      if (len == n && (n == 0 || memcmp(choice_values, v, n * sizeof *v) == 0))
        found = (long)i;
    }
    free(v);
  }
  if (found < 0)
    return strata_fail(c->error, "decisions JSON: the value of knob '%s' is not one of its choices",
                       k->name);
  *choice = (strata_choice_t)found;
  return true;
}

bool strata_space_candidate_from_json(const strata_space_t *space, const char *json,
                                      strata_choice_t *candidate, char **error) {
  json_cursor_t c = {json, json, error};
  bool *seen = calloc(space->num_knobs + 1, sizeof *seen);
  if (!seen)
    abort();
  bool ok = expect(&c, '{');
  skip_ws(&c);
  bool empty = ok && *c.p == '}';
  if (empty)
    ++c.p;
  while (ok && !empty) {
    char *name;
    if (!(ok = parse_string(&c, &name)))
      break;
    if (strcmp(name, "@version") == 0) { /* checked below */
      free(name);
      if (!(ok = expect(&c, ':')))
        break;
      skip_ws(&c);
      strtol(c.p, (char **)&c.p, 10);
      if (more_members(&c, &ok))
        continue;
      break;
    }
    long i = strata_space_find_knob(space, name);
    if (i < 0)
      ok = strata_fail(error, "decisions JSON: unknown knob '%s'", name);
    else if (seen[i])
      ok = strata_fail(error, "decisions JSON: knob '%s' appears twice", name);
    free(name);
    if (!ok || !(ok = expect(&c, ':')) || !(ok = parse_choice(&c, &space->knobs[i], &candidate[i])))
      break;
    seen[i] = true;
    if (!more_members(&c, &ok))
      break;
  }
  if (ok) {
    skip_ws(&c);
    if (*c.p)
      ok = json_fail(&c, "trailing characters");
  }
  for (size_t i = 0; ok && i < space->num_knobs; ++i)
    if (!seen[i])
      ok = strata_fail(error, "decisions JSON: knob '%s' has no value", space->knobs[i].name);
  if (ok && strata_space_record_is_stale(space, json))
    ok = strata_fail(error, "decisions JSON: a stale record (trace version %d, now %d)",
                     strata_space_record_version(json), space->version);
  free(seen);
  return ok;
}

/* --- Factor-knob domains ----------------------------------------------------- */

typedef struct {
  int64_t *values;
  size_t count, cap, width;
} tuple_list_t;

static void tuple_push(tuple_list_t *l, const int64_t *tuple) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 64;
    if (!(l->values = realloc(l->values, l->cap * l->width * sizeof *l->values)))
      abort();
  }
  memcpy(l->values + l->count++ * l->width, tuple, l->width * sizeof *tuple);
}

/* Appends every tuple whose level-th and later factors divide `remaining`
 * (exact) or are powers of two with a product at most `remaining` (pow2). */
static void enumerate_factors(tuple_list_t *l, int64_t *tuple, size_t level, int64_t remaining,
                              bool powers_of_two) {
  if (level == l->width) {
    tuple_push(l, tuple);
    return;
  }
  for (int64_t f = 1; f <= remaining; f = powers_of_two ? f * 2 : f + 1) {
    if (!powers_of_two && remaining % f != 0)
      continue;
    tuple[level] = f;
    enumerate_factors(l, tuple, level + 1, remaining / f, powers_of_two);
    if (powers_of_two && f > INT64_MAX / 2)
      break;
  }
}

static int compare_tuples(const int64_t *x, const int64_t *y, size_t width) {
  for (size_t i = 0; i < width; ++i)
    if (x[i] != y[i])
      return x[i] < y[i] ? -1 : 1;
  return 0;
}

bool strata_factor_domain(int64_t extent, int parts, size_t *num_choices, int64_t **values,
                          char **error) {
  if (extent < 1)
    return strata_fail(error, "factor domain: extent %lld must be positive", (long long)extent);
  if (parts < 2 || parts > 9)
    return strata_fail(error, "factor domain: parts %d must be in [2, 9]", parts);
  size_t width = (size_t)parts - 1;
  int64_t tuple[8];
  /* Both enumerations produce lexicographically increasing tuples (each
   * level counts up), so one merge sorts and deduplicates them. */
  tuple_list_t exact = {.width = width}, pow2 = {.width = width}, merged = {.width = width};
  enumerate_factors(&exact, tuple, 0, extent, false);
  if ((extent & (extent - 1)) != 0)
    enumerate_factors(&pow2, tuple, 0, extent, true);
  size_t i = 0, j = 0;
  while (i < exact.count || j < pow2.count) {
    const int64_t *a = i < exact.count ? exact.values + i * width : NULL;
    const int64_t *b = j < pow2.count ? pow2.values + j * width : NULL;
    int order = !a ? 1 : !b ? -1 : compare_tuples(a, b, width);
    tuple_push(&merged, order <= 0 ? a : b);
    i += order <= 0;
    j += order >= 0;
  }
  free(exact.values);
  free(pow2.values);
  *num_choices = merged.count;
  *values = merged.values;
  return true;
}

bool strata_space_add_factors_knob(strata_space_t *space, const char *name, int64_t extent,
                                   int parts, char **error) {
  size_t n;
  int64_t *values;
  if (!strata_factor_domain(extent, parts, &n, &values, error))
    return false;
  bool ok = strata_space_add_int_knob_fixed(space, name, n, (size_t)parts - 1, values, error);
  free(values);
  return ok;
}
