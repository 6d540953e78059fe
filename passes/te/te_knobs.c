/* Knobs of a schedule trace (see te_knobs.h): reading them into a search
 * space, following fixed splits to know the extents `parts` knobs factor,
 * and writing a candidate's choices back into the trace. */
#include "passes/te/te_knobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "core/text.h"
#include "runtime/status.h"

/* --- loop names ------------------------------------------------------------ */

int strata_te_names_find(const strata_te_names_t *n, const char *name) {
  for (int i = n->count - 1; i >= 0; --i)
    if (strcmp(n->names[i], name) == 0)
      return i;
  return -1;
}

void strata_te_names_add(strata_te_names_t *n, const char *name, int64_t extent, int root) {
  if (n->count == STRATA_TE_MAX_LOOPS)
    return;
  snprintf(n->names[n->count], sizeof n->names[0], "%s", name);
  n->extents[n->count] = extent;
  n->origin[n->count] = root;
  n->root[n->count++] = root;
}

void strata_te_names_init(strata_te_names_t *n, MlirOperation compute, int64_t *extents) {
  n->count = 0;
  intptr_t ns = strata_te_compute_num_spatial(compute), nr = strata_te_compute_num_reduce(compute);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  for (intptr_t a = 0; a < ns + nr && a < STRATA_TE_MAX_AXES; ++a) {
    char name[64];
    strata_te_compute_axis_name(compute, a, name, sizeof name);
    int64_t e = a < ns ? mlirShapedTypeGetDimSize(rt, a) : strata_te_compute_reduce_extent(compute, a - ns);
    if (extents)
      extents[a] = e;
    strata_te_names_add(n, name, e, (int)a);
  }
}

static int64_t ceil_div(int64_t a, int64_t b) { return b > 0 ? (a + b - 1) / b : a; }

void strata_te_names_split(strata_te_names_t *n, const char *axis, const int64_t *f, intptr_t nf) {
  int i = strata_te_names_find(n, axis);
  if (i < 0)
    return;
  int64_t e = n->extents[i], p = 1;
  for (intptr_t k = 0; k < nf; ++k)
    p *= f[k] > 0 ? f[k] : 1;
  int origin = n->origin[i];
  char name[128];
  snprintf(name, sizeof name, "%s.0", axis);
  strata_te_names_add(n, name, ceil_div(e, p), -1);
  n->origin[n->count - 1] = origin;
  for (intptr_t k = 0; k < nf; ++k) {
    snprintf(name, sizeof name, "%s.%d", axis, (int)k + 1);
    strata_te_names_add(n, name, f[k], -1);
    n->origin[n->count - 1] = origin;
  }
}

void strata_te_string_of(MlirAttribute a, char *buf, size_t size) {
  if (!mlirAttributeIsNull(a) && mlirAttributeIsAString(a)) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    snprintf(buf, size, "%.*s", (int)s.length, s.data);
  } else {
    buf[0] = '\0';
  }
}

/* --- reading knobs ------------------------------------------------------------ */

MlirAttribute strata_te_compute_sketches(MlirOperation compute) {
  MlirAttribute a = mlirOperationGetAttributeByName(compute, strata_sref("sketches"));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAArray(a) && mlirArrayAttrGetNumElements(a) > 0
             ? a
             : (MlirAttribute){NULL};
}

/* Sketch i's steps (i >= 1; sketch 0 is the compute's own schedule). */
static MlirAttribute sketch_steps(MlirAttribute sketches, intptr_t i) {
  MlirAttribute d = mlirArrayAttrGetElement(sketches, i - 1);
  MlirAttribute steps = mlirAttributeIsADictionary(d)
                            ? mlirDictionaryAttrGetElementByName(d, strata_sref("steps"))
                            : (MlirAttribute){NULL};
  return !mlirAttributeIsNull(steps) && mlirAttributeIsAArray(steps) ? steps
                                                                     : (MlirAttribute){NULL};
}

bool strata_te_compute_has_knobs(MlirOperation op) {
  if (!strata_op_is(op, "te.compute"))
    return false;
  if (!mlirAttributeIsNull(strata_te_compute_sketches(op)))
    return true;
  MlirAttribute s = strata_te_compute_schedule(op);
  if (mlirAttributeIsNull(s) || !mlirAttributeIsAArray(s))
    return false;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(s); ++i) {
    MlirAttribute st = mlirArrayAttrGetElement(s, i);
    for (intptr_t f = 0; f < mlirDictionaryAttrGetNumElements(st); ++f)
      if (strata_te_decision_is_knob(mlirDictionaryAttrGetElement(st, f).attribute))
        return true;
  }
  return false;
}

static void knob_free(strata_te_knob_t *k) {
  free(k->name);
  free(k->choices);
}

void strata_te_knobs_free(strata_te_knob_t *knobs, size_t count) {
  for (size_t j = 0; knobs && j < count; ++j)
    knob_free(&knobs[j]);
  free(knobs);
}

/* The knob of decision `d` (named `name`) in a step of primitive `prim`
 * on `axis`: its `choices`, or the factor domain of its `parts`. */
static bool knob_from_decision(MlirAttribute d, const char *name, strata_te_prim_t prim,
                               const char *axis, const strata_te_names_t *loops,
                               strata_te_knob_t *k, char **error) {
  MlirAttribute choices = mlirDictionaryAttrGetElementByName(d, strata_sref("choices"));
  MlirAttribute parts = mlirDictionaryAttrGetElementByName(d, strata_sref("parts"));
  *k = (strata_te_knob_t){.name = strdup(name)};
  if (!mlirAttributeIsNull(choices)) {
    k->num_choices = (size_t)mlirArrayAttrGetNumElements(choices);
    k->choices = calloc(k->num_choices + 1, sizeof *k->choices);
    for (size_t c = 0; c < k->num_choices; ++c)
      k->choices[c] = mlirArrayAttrGetElement(choices, (intptr_t)c);
    return true;
  }
  int i = strata_te_names_find(loops, axis);
  int64_t p = mlirAttributeIsNull(parts) ? 0 : mlirIntegerAttrGetValueInt(parts);
  size_t nc = 0;
  int64_t *values = NULL;
  if (prim != STRATA_TE_PRIM_SPLIT || i < 0 || loops->extents[i] < 1)
    return strata_fail(error, "knob '%s': a `parts` knob needs a split of an axis whose "
                              "extent is known (static, and not depending on another knob)",
                       name);
  if (!strata_factor_domain(loops->extents[i], (int)p, &nc, &values, error))
    return false;
  k->num_choices = nc;
  k->choices = calloc(nc + 1, sizeof *k->choices);
  MlirContext ctx = mlirAttributeGetContext(d);
  for (size_t c = 0; c < nc; ++c)
    k->choices[c] = mlirDenseI64ArrayGet(ctx, (intptr_t)(p - 1), values + c * (size_t)(p - 1));
  free(values);
  return true;
}

static bool all_ints(const strata_te_knob_t *k) {
  bool ints = true;
  for (size_t c = 0; c < k->num_choices; ++c)
    ints &= mlirAttributeIsADenseI64Array(k->choices[c]) || mlirAttributeIsAInteger(k->choices[c]);
  return ints;
}

/* One knob per name. A name repeated at several places is one decision:
 * each place lists its own value for every choice (the register tile is
 * rows at one split, columns at another, the intrinsic at tensorize), so
 * the lists must be equally long. The knob's values (what decisions
 * record) are those of its first place whose choices are not integers (the
 * intrinsic names say more than tile sizes), else of its first place.
 * Takes `k`: adds it to knobs[] or merges it into the knob of its name. */
static bool add_knob(strata_te_knob_t **knobs, size_t *n, strata_te_knob_t k, char **error) {
  size_t existing = *n;
  for (size_t j = 0; j < *n; ++j)
    if (strcmp((*knobs)[j].name, k.name) == 0)
      existing = j;
  if (existing == *n) {
    if (!(*knobs = realloc(*knobs, (*n + 1) * sizeof **knobs)))
      abort();
    (*knobs)[(*n)++] = k;
    return true;
  }
  strata_te_knob_t *there = &(*knobs)[existing];
  if (there->sketch != k.sketch)
    there->sketch = -1; /* named in several sketches: never without effect */
  bool ok = true;
  if (there->num_choices != k.num_choices) {
    ok = strata_fail(error, "knob '%s' appears twice with different numbers of choices (%zu, %zu)",
                     k.name, there->num_choices, k.num_choices);
  } else if (all_ints(there) && !all_ints(&k)) {
    free(there->choices);
    there->choices = k.choices;
    k.choices = NULL;
  }
  knob_free(&k);
  return ok;
}

/* Follows a fixed split (its names' extents feed later parts knobs). */
static void follow_split(MlirAttribute step, strata_te_prim_t prim, const char *axis,
                         strata_te_names_t *loops) {
  MlirAttribute factors = strata_te_step_field(step, "factors");
  if (prim != STRATA_TE_PRIM_SPLIT || mlirAttributeIsNull(factors) ||
      !mlirAttributeIsADenseI64Array(factors))
    return;
  int64_t fv[16];
  intptr_t nf = mlirDenseArrayGetNumElements(factors);
  for (intptr_t q = 0; q < nf && q < 16; ++q)
    fv[q] = mlirDenseI64ArrayGetElement(factors, q);
  strata_te_names_split(loops, axis, fv, nf < 16 ? nf : 16);
}

/* The knobs of one step, added to knobs[]. */
static bool read_step_knobs(MlirAttribute st, strata_te_prim_t prim, const char *axis,
                            const strata_te_names_t *loops, int sketch, strata_te_knob_t **knobs,
                            size_t *n, char **error) {
  for (intptr_t f = 0; f < mlirDictionaryAttrGetNumElements(st); ++f) {
    MlirAttribute d = mlirDictionaryAttrGetElement(st, f).attribute;
    if (!strata_te_decision_is_knob(d))
      continue;
    char name[128];
    strata_te_string_of(mlirDictionaryAttrGetElementByName(d, strata_sref("knob")), name,
                        sizeof name);
    strata_te_knob_t k;
    if (!knob_from_decision(d, name, prim, axis, loops, &k, error)) {
      knob_free(&k);
      return false;
    }
    k.sketch = sketch;
    if (!add_knob(knobs, n, k, error))
      return false;
  }
  return true;
}

/* --- the space ------------------------------------------------------------------ */

/* An int knob: every choice an array<i64> or an integer. */
static bool add_int_knob(strata_space_t *space, const strata_te_knob_t *k, char **error) {
  size_t *offsets = calloc(k->num_choices + 1, sizeof *offsets);
  size_t total = 0;
  for (size_t c = 0; c < k->num_choices; ++c)
    total += mlirAttributeIsAInteger(k->choices[c])
                 ? 1
                 : (size_t)mlirDenseArrayGetNumElements(k->choices[c]);
  int64_t *values = calloc(total + 1, sizeof *values);
  size_t at = 0;
  for (size_t c = 0; c < k->num_choices; ++c) {
    offsets[c] = at;
    MlirAttribute a = k->choices[c];
    if (mlirAttributeIsAInteger(a))
      values[at++] = mlirIntegerAttrGetValueInt(a);
    else
      for (intptr_t q = 0; q < mlirDenseArrayGetNumElements(a); ++q)
        values[at++] = mlirDenseI64ArrayGetElement(a, q);
  }
  offsets[k->num_choices] = at;
  bool ok = strata_space_add_int_knob(space, k->name, k->num_choices, offsets, values, error);
  free(offsets);
  free(values);
  return ok;
}

/* A choice as a string knob value: the string itself, names joined by
 * commas, or the printed attribute. */
static char *choice_string(MlirAttribute a) {
  if (mlirAttributeIsAString(a))
    return strata_ref_dup(mlirStringAttrGetValue(a));
  if (!mlirAttributeIsAArray(a))
    return strata_print_attr(a);
  strata_text_t t = {0};
  for (intptr_t q = 0; q < mlirArrayAttrGetNumElements(a); ++q) {
    MlirAttribute e = mlirArrayAttrGetElement(a, q);
    if (q)
      strata_text_append_c(&t, ",");
    if (mlirAttributeIsAString(e)) {
      strata_text_append_cb(mlirStringAttrGetValue(e), &t);
    } else {
      char *p = strata_print_attr(e);
      strata_text_append_c(&t, p);
      free(p);
    }
  }
  return strata_text_take(&t);
}

static bool add_string_knob(strata_space_t *space, const strata_te_knob_t *k, char **error) {
  char **strings = calloc(k->num_choices + 1, sizeof *strings);
  bool ok = strings != NULL;
  for (size_t c = 0; ok && c < k->num_choices; ++c)
    ok = (strings[c] = choice_string(k->choices[c])) != NULL;
  if (!ok)
    strata_fail(error, "out of memory reading the choices of knob '%s'", k->name);
  else
    ok = strata_space_add_string_knob(space, k->name, k->num_choices,
                                      (const char *const *)strings, error);
  for (size_t c = 0; strings && c < k->num_choices; ++c)
    free(strings[c]);
  free(strings);
  return ok;
}

/* The space: ints when every choice is an array<i64> or an integer (not a
 * bool), strings (the printed value; names joined by commas) otherwise. */
static bool add_to_space(strata_space_t *space, const strata_te_knob_t *k, char **error) {
  bool ints = true;
  for (size_t c = 0; c < k->num_choices; ++c)
    ints &= mlirAttributeIsADenseI64Array(k->choices[c]) ||
            (mlirAttributeIsAInteger(k->choices[c]) && !mlirAttributeIsABool(k->choices[c]));
  return ints ? add_int_knob(space, k, error) : add_string_knob(space, k, error);
}

/* The knobs of one trace (sketch `sketch`), added to knobs[]. */
static bool read_trace_knobs(MlirOperation compute, MlirAttribute trace, int sketch,
                             strata_te_knob_t **knobs, size_t *n, char **error) {
  strata_te_names_t loops;
  strata_te_names_init(&loops, compute, NULL);
  bool ok = true;
  for (intptr_t s = 0; ok && !mlirAttributeIsNull(trace) && s < mlirArrayAttrGetNumElements(trace);
       ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(trace, s);
    strata_te_prim_t prim = strata_te_step_prim(st);
    char axis[96];
    strata_te_string_of(strata_te_step_field(st, "axis"), axis, sizeof axis);
    ok = read_step_knobs(st, prim, axis, &loops, sketch, knobs, n, error);
    if (ok)
      follow_split(st, prim, axis, &loops);
  }
  return ok;
}

/* The knob "sketch": "default" (the compute's own schedule), then each
 * sketch's name. */
static void add_sketch_knob(MlirAttribute sketches, strata_te_knob_t **knobs, size_t *n) {
  intptr_t ns = mlirArrayAttrGetNumElements(sketches);
  MlirContext ctx = mlirAttributeGetContext(sketches);
  strata_te_knob_t k = {.name = strdup(STRATA_TE_SKETCH_KNOB), .num_choices = (size_t)ns + 1,
                        .sketch = -1};
  k.choices = calloc(k.num_choices + 1, sizeof *k.choices);
  k.choices[0] = mlirStringAttrGet(ctx, strata_sref("default"));
  for (intptr_t i = 1; i <= ns; ++i) {
    MlirAttribute d = mlirArrayAttrGetElement(sketches, i - 1);
    MlirAttribute name = mlirAttributeIsADictionary(d)
                             ? mlirDictionaryAttrGetElementByName(d, strata_sref("name"))
                             : (MlirAttribute){NULL};
    char buf[64];
    if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
      snprintf(buf, sizeof buf, "sketch%ld", (long)i);
    k.choices[i] = mlirAttributeIsNull(name) || !mlirAttributeIsAString(name)
                       ? mlirStringAttrGet(ctx, strata_sref(buf))
                       : name;
  }
  if (!(*knobs = realloc(*knobs, (*n + 1) * sizeof **knobs)))
    abort();
  (*knobs)[(*n)++] = k;
}

bool strata_te_read_knobs(MlirOperation compute, MlirAttribute schedule, strata_te_knob_t **out,
                          size_t *count, strata_space_t *space, char **error) {
  strata_te_knob_t *knobs = NULL;
  size_t n = 0;
  MlirAttribute sketches = strata_te_compute_sketches(compute);
  if (!mlirAttributeIsNull(sketches))
    add_sketch_knob(sketches, &knobs, &n);
  bool ok = read_trace_knobs(compute, schedule, 0, &knobs, &n, error);
  for (intptr_t i = 1; ok && !mlirAttributeIsNull(sketches) &&
                       i <= mlirArrayAttrGetNumElements(sketches);
       ++i) {
    MlirAttribute steps = sketch_steps(sketches, i);
    if (mlirAttributeIsNull(steps))
      ok = strata_fail(error, "sketch %ld has no `steps` array", (long)i);
    else
      ok = read_trace_knobs(compute, steps, (int)i, &knobs, &n, error);
  }
  if (space)
    space->version = STRATA_TE_TRACE_VERSION;
  for (size_t j = 0; ok && space && j < n; ++j)
    ok = add_to_space(space, &knobs[j], error);
  if (!ok) {
    strata_te_knobs_free(knobs, n);
    return false;
  }
  *out = knobs;
  *count = n;
  return true;
}

/* --- writing choices ------------------------------------------------------------ */

static const strata_te_knob_t *knob_named(const strata_te_knob_t *knobs, size_t n,
                                          MlirAttribute decision, size_t *index) {
  char name[128];
  strata_te_string_of(mlirDictionaryAttrGetElementByName(decision, strata_sref("knob")), name,
                      sizeof name);
  for (size_t j = 0; j < n; ++j)
    if (strcmp(knobs[j].name, name) == 0) {
      *index = j;
      return &knobs[j];
    }
  return NULL;
}

/* The value a knob decision takes for `candidate`. */
static MlirAttribute decided(MlirAttribute decision, const strata_te_knob_t *knobs, size_t n,
                             const strata_choice_t *candidate) {
  MlirAttribute own = mlirDictionaryAttrGetElementByName(decision, strata_sref("choices"));
  size_t j;
  const strata_te_knob_t *k = knob_named(knobs, n, decision, &j);
  if (k) {
    size_t c = candidate ? candidate[j] : 0;
    c = c < k->num_choices ? c : 0;
    /* This place's own value of the choice (a knob named at several
     * places lists one per place); `parts` knobs have no list. */
    return !mlirAttributeIsNull(own) && (size_t)mlirArrayAttrGetNumElements(own) == k->num_choices
               ? mlirArrayAttrGetElement(own, (intptr_t)c)
               : k->choices[c];
  }
  if (!mlirAttributeIsNull(own) && mlirArrayAttrGetNumElements(own) > 0)
    return mlirArrayAttrGetElement(own, 0);
  return decision;
}

MlirAttribute strata_te_substitute(MlirAttribute schedule, const strata_te_knob_t *knobs, size_t n,
                                   const strata_choice_t *candidate) {
  MlirContext ctx = mlirAttributeGetContext(schedule);
  intptr_t ns = mlirArrayAttrGetNumElements(schedule);
  MlirAttribute *steps = calloc((size_t)ns + 1, sizeof *steps);
  for (intptr_t s = 0; s < ns; ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(schedule, s);
    intptr_t nf = mlirDictionaryAttrGetNumElements(st);
    MlirNamedAttribute *fields = calloc((size_t)nf + 1, sizeof *fields);
    for (intptr_t f = 0; f < nf; ++f) {
      fields[f] = mlirDictionaryAttrGetElement(st, f);
      if (strata_te_decision_is_knob(fields[f].attribute))
        fields[f].attribute = decided(fields[f].attribute, knobs, n, candidate);
    }
    steps[s] = mlirDictionaryAttrGet(ctx, nf, fields);
    free(fields);
  }
  MlirAttribute r = mlirArrayAttrGet(ctx, ns, steps);
  free(steps);
  return r;
}

void strata_te_compute_apply_defaults(MlirOperation compute) {
  strata_te_compute_set_trace(compute, strata_te_compute_trace(compute, NULL, 0, NULL));
}

/* The index of the sketch the candidate chooses (0: the default). */
static size_t chosen_sketch(const strata_te_knob_t *knobs, size_t n,
                            const strata_choice_t *candidate) {
  for (size_t j = 0; knobs && candidate && j < n; ++j)
    if (strcmp(knobs[j].name, STRATA_TE_SKETCH_KNOB) == 0)
      return candidate[j];
  return 0;
}

MlirAttribute strata_te_compute_trace(MlirOperation compute, const strata_te_knob_t *knobs,
                                      size_t n, const strata_choice_t *candidate) {
  MlirAttribute sketches = strata_te_compute_sketches(compute);
  size_t chosen = mlirAttributeIsNull(sketches) ? 0 : chosen_sketch(knobs, n, candidate);
  MlirAttribute trace = chosen == 0 || chosen > (size_t)mlirArrayAttrGetNumElements(sketches)
                            ? strata_te_compute_schedule(compute)
                            : sketch_steps(sketches, (intptr_t)chosen);
  if (mlirAttributeIsNull(trace))
    return mlirArrayAttrGet(mlirOperationGetContext(compute), 0, NULL);
  return strata_te_substitute(trace, knobs, n, candidate);
}

void strata_te_compute_set_trace(MlirOperation compute, MlirAttribute trace) {
  mlirOperationRemoveAttributeByName(compute, strata_sref("sketches"));
  if (mlirArrayAttrGetNumElements(trace) == 0)
    mlirOperationRemoveAttributeByName(compute, strata_sref("schedule"));
  else
    mlirOperationSetAttributeByName(compute, strata_sref("schedule"), trace);
}

void strata_te_knobs_canonicalize(const strata_te_knob_t *knobs, size_t n,
                                  strata_choice_t *candidate) {
  size_t chosen = chosen_sketch(knobs, n, candidate);
  for (size_t j = 0; j < n; ++j)
    if (knobs[j].sketch >= 0 && (size_t)knobs[j].sketch != chosen)
      candidate[j] = 0;
}
