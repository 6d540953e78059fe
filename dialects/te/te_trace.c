/* The schedule-trace decoder (te_trace.h): the `schedule` attribute of
 * te.compute turned into typed steps, once, for every reader.
 *
 * One table lists the fields of each primitive (name, value kind, required,
 * tunable, and where the decision lives in strata_te_step_t); decoding,
 * resolving knobs and re-encoding all walk it, so a new primitive is a new
 * enum value in te.h, a member of the step union and a row here. Errors are
 * returned as text with the step they concern (the verifier and
 * tir-apply-schedule locate them at their op; tuning reports them as
 * strings). The loop-name simulation at the end follows the naming rules of
 * the tir primitives (docs/schedules.md) for tuning's features. */
#include "dialects/te/te_trace.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/checked_math.h"
#include "core/text.h"
#include "dialects/op_checks.h"

typedef struct {
  const char *name;
  strata_te_value_kind_t kind;
  bool required;
  bool tunable; /* may hold a knob */
  size_t offset; /* of its strata_te_decision_t in strata_te_step_t */
} field_spec_t;

enum { MAX_FIELDS = 5, N_PRIMS = STRATA_TE_PRIM_TENSORIZE + 1 };

#define F(prim, field, kind, req, tun)                                                     \
  {#field, STRATA_TE_VALUE_##kind, req, tun, offsetof(strata_te_step_t, prim.field)}

/* Fields of each primitive, indexed by strata_te_prim_t. */
static const field_spec_t prim_fields[N_PRIMS][MAX_FIELDS] = {
    [STRATA_TE_PRIM_SPLIT] = {F(split, axis, NAME, true, false),
                              F(split, factors, FACTORS, true, true)},
    [STRATA_TE_PRIM_TILE] = {F(tile, axes, NAMES, true, false),
                             F(tile, factors, FACTORS, true, true)},
    [STRATA_TE_PRIM_FUSE] = {F(fuse, axes, NAMES, true, false)},
    [STRATA_TE_PRIM_REORDER] = {F(reorder, order, NAMES, true, true)},
    [STRATA_TE_PRIM_PARALLEL] = {F(parallel, axis, NAME, true, false)},
    [STRATA_TE_PRIM_VECTORIZE] = {F(vectorize, axis, NAME, true, false)},
    [STRATA_TE_PRIM_UNROLL] = {F(unroll, axis, NAME, true, false),
                               F(unroll, factor, POSITIVE, false, true)},
    [STRATA_TE_PRIM_COMPUTE_AT] = {F(compute_at, target, NAME, true, false),
                                   F(compute_at, axis, NAME, true, true)},
    [STRATA_TE_PRIM_COMPUTE_INLINE] = {{NULL}},
    [STRATA_TE_PRIM_CACHE_READ] = {F(cache_read, input, NONNEGATIVE, true, false),
                                   F(cache_read, scope, SCOPE, true, false),
                                   F(cache_read, axis, NAME, false, true),
                                   F(cache_read, width, POSITIVE, false, true),
                                   F(cache_read, transpose, BOOL, false, false)},
    [STRATA_TE_PRIM_CACHE_WRITE] = {F(cache_write, scope, SCOPE, true, false),
                                    F(cache_write, axis, NAME, false, true)},
    [STRATA_TE_PRIM_TENSORIZE] = {F(tensorize, axis, NAME, true, false),
                                  F(tensorize, intrinsic, SYMBOL, true, true)},
};
#undef F

/* Every step may carry `enabled` (false: the step is skipped), a knob when a
 * step is optional (te-default-schedule: packing B). */
static const field_spec_t enabled_spec = {"enabled", STRATA_TE_VALUE_BOOL, false, true,
                                          offsetof(strata_te_step_t, enabled)};

static strata_te_decision_t *decision_at(strata_te_step_t *step, const field_spec_t *f) {
  return (strata_te_decision_t *)((char *)step + f->offset);
}

/* The spec of field `key` of primitive p (`enabled` included), NULL if none. */
static const field_spec_t *spec_named(strata_te_prim_t p, MlirStringRef key) {
  if (strata_str_eq(key, enabled_spec.name))
    return &enabled_spec;
  for (int f = 0; f < MAX_FIELDS && prim_fields[p][f].name; ++f)
    if (strata_str_eq(key, prim_fields[p][f].name))
      return &prim_fields[p][f];
  return NULL;
}

static MlirAttribute dict_get(MlirAttribute dict, const char *name) {
  return mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
}

static bool fail(strata_te_trace_error_t *err, long step, const char *prim, const char *fmt,
                 ...) __attribute__((format(printf, 4, 5)));
static bool fail(strata_te_trace_error_t *err, long step, const char *prim, const char *fmt,
                 ...) {
  err->step = step;
  err->prim = prim;
  STRATA_VFORMAT(err->message, fmt);
  return false;
}

/* ---- values --------------------------------------------------------------- */

static bool is_nonempty_string(MlirAttribute a) {
  return mlirAttributeIsAString(a) && mlirStringAttrGetValue(a).length > 0;
}

static bool decode_names(MlirAttribute a, strata_te_value_t *v) {
  intptr_t n = mlirAttributeIsAArray(a) ? mlirArrayAttrGetNumElements(a) : 0;
  if (n == 0)
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirAttribute e = mlirArrayAttrGetElement(a, i);
    if (!is_nonempty_string(e))
      return false;
    if (i < STRATA_TE_MAX_LIST)
      v->names[i] = mlirStringAttrGetValue(e);
  }
  v->count = (int)(n < STRATA_TE_MAX_LIST + 1 ? n : STRATA_TE_MAX_LIST + 1);
  return true;
}

static bool decode_factors(MlirAttribute a, strata_te_value_t *v) {
  intptr_t n = mlirAttributeIsADenseI64Array(a) ? mlirDenseArrayGetNumElements(a) : 0;
  if (n == 0)
    return false;
  for (intptr_t i = 0; i < n; ++i) {
    int64_t f = mlirDenseI64ArrayGetElement(a, i);
    if (f <= 0)
      return false;
    if (i < STRATA_TE_MAX_LIST)
      v->factors[i] = f;
  }
  v->count = (int)(n < STRATA_TE_MAX_LIST + 1 ? n : STRATA_TE_MAX_LIST + 1);
  return true;
}

/* Decodes `a` as a fixed value of `kind`; false if it is not one. A list
 * longer than STRATA_TE_MAX_LIST decodes with count MAX_LIST + 1 (the caller
 * reports it). */
static bool decode_value(strata_te_value_kind_t kind, MlirAttribute a, strata_te_value_t *v) {
  memset(v, 0, sizeof *v);
  switch (kind) {
  case STRATA_TE_VALUE_NAME:
    v->name = mlirStringAttrGetValue(a);
    return is_nonempty_string(a);
  case STRATA_TE_VALUE_NAMES:
    return decode_names(a, v);
  case STRATA_TE_VALUE_FACTORS:
    return decode_factors(a, v);
  case STRATA_TE_VALUE_POSITIVE:
  case STRATA_TE_VALUE_NONNEGATIVE:
    if (!mlirAttributeIsAInteger(a))
      return false;
    v->integer = mlirIntegerAttrGetValueInt(a);
    return v->integer > 0 || (kind == STRATA_TE_VALUE_NONNEGATIVE && v->integer == 0);
  case STRATA_TE_VALUE_SCOPE:
    if (!mlirAttributeIsAString(a))
      return false;
    v->scope = strata_tir_scope_from_string(mlirStringAttrGetValue(a));
    return v->scope != STRATA_TIR_SCOPE_INVALID;
  case STRATA_TE_VALUE_SYMBOL:
    if (!mlirAttributeIsAFlatSymbolRef(a))
      return false;
    v->name = mlirFlatSymbolRefAttrGetValue(a);
    return true;
  case STRATA_TE_VALUE_BOOL:
    if (!mlirAttributeIsABool(a))
      return false;
    v->flag = mlirBoolAttrGetValue(a);
    return true;
  }
  return false;
}

/* What a valid fixed value of `kind` looks like, for messages. */
static const char *describe(strata_te_value_kind_t kind, char *buf, size_t size) {
  switch (kind) {
  case STRATA_TE_VALUE_NAME:
    return "a non-empty string";
  case STRATA_TE_VALUE_NAMES:
    return "a non-empty array of non-empty strings";
  case STRATA_TE_VALUE_FACTORS:
    return "a non-empty array<i64: ...> of positive factors";
  case STRATA_TE_VALUE_POSITIVE:
    return "a positive integer";
  case STRATA_TE_VALUE_NONNEGATIVE:
    return "a non-negative integer";
  case STRATA_TE_VALUE_SCOPE: {
    char list[256];
    snprintf(buf, size, "one of %s", strata_tir_scope_list(list, sizeof list));
    return buf;
  }
  case STRATA_TE_VALUE_SYMBOL:
    return "a symbol reference";
  case STRATA_TE_VALUE_BOOL:
    return "true or false";
  }
  return "?";
}

static bool is_list(strata_te_value_kind_t kind) {
  return kind == STRATA_TE_VALUE_NAMES || kind == STRATA_TE_VALUE_FACTORS;
}

/* ---- decoding ------------------------------------------------------------- */

/* Where a decision is being decoded, for messages. */
typedef struct {
  long index;
  const char *prim;
  strata_te_trace_error_t *err;
} where_t;

/* Decodes `a` as a fixed value of field f into d. `what` names it in messages
 * ("'factors'", "choice #1 of knob 'k'"), `alt` follows the description. */
static bool decode_fixed(const where_t *w, const field_spec_t *f, MlirAttribute a,
                         strata_te_decision_t *d, const char *what, const char *alt) {
  char desc[320];
  if (!decode_value(f->kind, a, &d->value))
    return fail(w->err, w->index, w->prim, "%s must be %s%s", what,
                describe(f->kind, desc, sizeof desc), alt);
  if (is_list(f->kind) && d->value.count > STRATA_TE_MAX_LIST)
    return fail(w->err, w->index, w->prim, "%s holds more than %d entries", what,
                STRATA_TE_MAX_LIST);
  return true;
}

/* Decodes the knob dictionary `knob` of field f into d. */
static bool decode_knob(const where_t *w, const field_spec_t *f, MlirAttribute knob,
                        strata_te_decision_t *d) {
  if (!f->tunable)
    return fail(w->err, w->index, w->prim, "'%s' is not tunable", f->name);
  MlirAttribute name = dict_get(knob, "knob");
  if (!is_nonempty_string(name))
    return fail(w->err, w->index, w->prim, "knob in '%s' needs a non-empty 'knob' name", f->name);
  MlirStringRef n = mlirStringAttrGetValue(name);
  int nl = (int)n.length;
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(knob); ++i) {
    MlirStringRef key = mlirIdentifierStr(mlirDictionaryAttrGetElement(knob, i).name);
    if (!strata_str_eq(key, "knob") && !strata_str_eq(key, "choices") && !strata_str_eq(key, "parts"))
      return fail(w->err, w->index, w->prim, "knob '%.*s' has unknown key '%.*s'", nl, n.data,
                  (int)key.length, key.data);
  }
  MlirAttribute choices = dict_get(knob, "choices"), parts = dict_get(knob, "parts");
  bool has_choices = !mlirAttributeIsNull(choices), has_parts = !mlirAttributeIsNull(parts);
  if (has_choices == has_parts ||
      (has_choices && (!mlirAttributeIsAArray(choices) || mlirArrayAttrGetNumElements(choices) == 0)))
    return fail(w->err, w->index, w->prim,
                "knob '%.*s' needs either a non-empty 'choices' array or a 'parts' count", nl,
                n.data);
  d->kind = STRATA_TE_DECISION_KNOB;
  d->knob = n;
  if (has_parts) {
    if (f->kind != STRATA_TE_VALUE_FACTORS || !mlirAttributeIsAInteger(parts) ||
        mlirIntegerAttrGetValueInt(parts) < 2)
      return fail(w->err, w->index, w->prim,
                  "knob '%.*s': 'parts' must be an integer >= 2 and only applies to 'factors'",
                  nl, n.data);
    d->parts = mlirIntegerAttrGetValueInt(parts);
    return true;
  }
  d->choices = choices;
  strata_te_decision_t scratch;
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(choices); ++i) {
    char what[192];
    snprintf(what, sizeof what, "choice #%ld of knob '%.*s'", (long)i, nl, n.data);
    if (!decode_fixed(w, f, mlirArrayAttrGetElement(choices, i), &scratch, what, ""))
      return false;
  }
  return true;
}

/* Decodes field f of a step (attribute `a`, null if absent) into d. */
static bool decode_field(const where_t *w, const field_spec_t *f, MlirAttribute a,
                         strata_te_decision_t *d) {
  memset(d, 0, sizeof *d);
  d->field = f->name;
  d->value_kind = f->kind;
  d->attr = a;
  if (mlirAttributeIsNull(a)) {
    if (f->required)
      return fail(w->err, w->index, w->prim, "missing field '%s'", f->name);
    return true;
  }
  if (strata_te_decision_is_knob(a))
    return decode_knob(w, f, a, d);
  char what[64];
  snprintf(what, sizeof what, "'%s'", f->name);
  d->kind = STRATA_TE_DECISION_FIXED;
  return decode_fixed(w, f, a, d, what, f->tunable ? " or a knob" : "");
}

static bool decode_step(MlirAttribute attr, long index, strata_te_step_t *step,
                        strata_te_trace_error_t *err) {
  memset(step, 0, sizeof *step);
  step->index = index;
  step->attr = attr;
  MlirAttribute prim = dict_get(attr, "prim");
  if (mlirAttributeIsNull(prim))
    return fail(err, index, NULL, "missing field 'prim'");
  if (!mlirAttributeIsAString(prim))
    return fail(err, index, NULL, "'prim' must be a string");
  strata_te_prim_t p = strata_te_prim_from_string(mlirStringAttrGetValue(prim));
  if (p == STRATA_TE_PRIM_INVALID) {
    MlirStringRef s = mlirStringAttrGetValue(prim);
    return fail(err, index, NULL, "unknown primitive \"%.*s\"", (int)s.length, s.data);
  }
  step->prim = p;
  where_t w = {index, strata_te_prim_name(p), err};
  if (!decode_field(&w, &enabled_spec, dict_get(attr, "enabled"), &step->enabled))
    return false;
  /* Every key is "prim", "enabled" or a field of the primitive. */
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(attr); ++i) {
    MlirStringRef key = mlirIdentifierStr(mlirDictionaryAttrGetElement(attr, i).name);
    if (!strata_str_eq(key, "prim") && !spec_named(p, key))
      return fail(err, index, w.prim, "unknown field '%.*s'", (int)key.length, key.data);
  }
  for (int f = 0; f < MAX_FIELDS && prim_fields[p][f].name; ++f) {
    const field_spec_t *spec = &prim_fields[p][f];
    if (!decode_field(&w, spec, dict_get(attr, spec->name), decision_at(step, spec)))
      return false;
  }
  return true;
}

bool strata_te_trace_decode(MlirAttribute trace, strata_te_trace_t *out,
                            strata_te_trace_error_t *err) {
  *out = (strata_te_trace_t){0};
  if (mlirAttributeIsNull(trace))
    return true;
  if (!mlirAttributeIsAArray(trace))
    return fail(err, -1, NULL, "must be an array of step dictionaries");
  size_t n = (size_t)mlirArrayAttrGetNumElements(trace);
  strata_te_step_t *steps = calloc(n + 1, sizeof *steps);
  if (!steps)
    abort();
  for (size_t i = 0; i < n; ++i) {
    MlirAttribute step = mlirArrayAttrGetElement(trace, (intptr_t)i);
    bool ok = mlirAttributeIsADictionary(step)
                  ? decode_step(step, (long)i, &steps[i], err)
                  : fail(err, -1, NULL, "must be an array of step dictionaries");
    if (!ok) {
      free(steps);
      return false;
    }
  }
  out->steps = steps;
  out->count = n;
  return true;
}

void strata_te_trace_free(strata_te_trace_t *trace) {
  free(trace->steps);
  *trace = (strata_te_trace_t){0};
}

char *strata_te_trace_error_str(const strata_te_trace_error_t *err, const char *where, char *buf,
                                size_t size) {
  where = where ? where : "";
  if (err->step < 0)
    snprintf(buf, size, "'schedule'%s %s", where, err->message);
  else if (err->prim)
    snprintf(buf, size, "schedule step #%ld (%s)%s: %s", err->step, err->prim, where,
             err->message);
  else
    snprintf(buf, size, "schedule step #%ld%s: %s", err->step, where, err->message);
  return buf;
}

/* ---- decisions ------------------------------------------------------------ */

int strata_te_step_decisions(const strata_te_step_t *step, const strata_te_decision_t **out) {
  int n = 0;
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(step->attr); ++i) {
    MlirStringRef key = mlirIdentifierStr(mlirDictionaryAttrGetElement(step->attr, i).name);
    const field_spec_t *f = strata_str_eq(key, "prim") ? NULL : spec_named(step->prim, key);
    if (f)
      out[n++] = decision_at((strata_te_step_t *)step, f);
  }
  return n;
}

bool strata_te_step_enabled(const strata_te_step_t *step) {
  return step->enabled.kind != STRATA_TE_DECISION_FIXED || step->enabled.value.flag;
}

const strata_te_decision_t *strata_te_step_first_knob(const strata_te_step_t *step) {
  const strata_te_decision_t *d[MAX_FIELDS + 1];
  int n = strata_te_step_decisions(step, d);
  for (int i = 0; i < n; ++i)
    if (d[i]->kind == STRATA_TE_DECISION_KNOB)
      return d[i];
  return NULL;
}

bool strata_te_trace_has_knobs(const strata_te_trace_t *trace) {
  for (size_t i = 0; i < trace->count; ++i)
    if (strata_te_step_first_knob(&trace->steps[i]))
      return true;
  return false;
}

size_t strata_te_decision_num_choices(const strata_te_decision_t *d) {
  if (d->kind != STRATA_TE_DECISION_KNOB || mlirAttributeIsNull(d->choices))
    return 0;
  return (size_t)mlirArrayAttrGetNumElements(d->choices);
}

MlirAttribute strata_te_decision_choice(const strata_te_decision_t *d, size_t i) {
  if (i >= strata_te_decision_num_choices(d))
    return (MlirAttribute){NULL};
  return mlirArrayAttrGetElement(d->choices, (intptr_t)i);
}

bool strata_te_decision_choices_are_ints(const strata_te_decision_t *d) {
  size_t n = strata_te_decision_num_choices(d);
  for (size_t c = 0; c < n; ++c) {
    MlirAttribute a = strata_te_decision_choice(d, c);
    if (!mlirAttributeIsADenseI64Array(a) && !(mlirAttributeIsAInteger(a) && !mlirAttributeIsABool(a)))
      return false;
  }
  return n > 0;
}

/* ---- resolving ------------------------------------------------------------ */

MlirAttribute strata_te_choose_first(void *user, const strata_te_step_t *step,
                                     const strata_te_decision_t *knob) {
  (void)user;
  (void)step;
  return strata_te_decision_choice(knob, 0);
}

MlirAttribute strata_te_choose_index(void *user, const strata_te_step_t *step,
                                     const strata_te_decision_t *knob) {
  (void)step;
  size_t i = *(const size_t *)user;
  return strata_te_decision_choice(knob, i < strata_te_decision_num_choices(knob) ? i : 0);
}

bool strata_te_trace_resolve(strata_te_trace_t *trace, strata_te_choose_fn choose, void *user,
                             strata_te_trace_error_t *err) {
  choose = choose ? choose : strata_te_choose_first;
  for (size_t s = 0; s < trace->count; ++s) {
    strata_te_step_t *step = &trace->steps[s];
    const strata_te_decision_t *ds[MAX_FIELDS + 1];
    int n = strata_te_step_decisions(step, ds);
    for (int i = 0; i < n; ++i) {
      strata_te_decision_t *d = (strata_te_decision_t *)ds[i];
      if (d->kind != STRATA_TE_DECISION_KNOB)
        continue;
      MlirAttribute v = choose(user, step, d);
      if (mlirAttributeIsNull(v))
        continue;
      const field_spec_t *f = spec_named(step->prim, mlirStringRefCreateFromCString(d->field));
      where_t w = {step->index, strata_te_prim_name(step->prim), err};
      char what[192];
      snprintf(what, sizeof what, "the value chosen for knob '%.*s'", (int)d->knob.length,
               d->knob.data);
      strata_te_decision_t fixed = *d;
      if (!decode_fixed(&w, f, v, &fixed, what, ""))
        return false;
      fixed.kind = STRATA_TE_DECISION_FIXED;
      fixed.attr = v;
      *d = fixed;
    }
  }
  return true;
}

/* The step's dictionary with each present decision's current attribute. */
static MlirAttribute step_attr(MlirContext ctx, const strata_te_step_t *step) {
  intptr_t n = mlirDictionaryAttrGetNumElements(step->attr);
  MlirNamedAttribute fields[MAX_FIELDS + 2];
  bool changed = false;
  for (intptr_t i = 0; i < n && i < MAX_FIELDS + 2; ++i) {
    fields[i] = mlirDictionaryAttrGetElement(step->attr, i);
    MlirStringRef key = mlirIdentifierStr(fields[i].name);
    const field_spec_t *f = strata_str_eq(key, "prim") ? NULL : spec_named(step->prim, key);
    if (!f)
      continue;
    MlirAttribute now = decision_at((strata_te_step_t *)step, f)->attr;
    changed |= !mlirAttributeEqual(now, fields[i].attribute);
    fields[i].attribute = now;
  }
  return changed ? mlirDictionaryAttrGet(ctx, n, fields) : step->attr;
}

MlirAttribute strata_te_trace_attr(MlirContext ctx, const strata_te_trace_t *trace) {
  MlirAttribute *steps = calloc(trace->count + 1, sizeof *steps);
  if (!steps)
    abort();
  for (size_t s = 0; s < trace->count; ++s)
    steps[s] = step_attr(ctx, &trace->steps[s]);
  MlirAttribute r = mlirArrayAttrGet(ctx, (intptr_t)trace->count, steps);
  free(steps);
  return r;
}

/* ---- loop names ----------------------------------------------------------- */

/* Appends a loop; its index, or -1 when the table is full. */
static int loops_add(strata_te_loops_t *l, MlirStringRef name, const char *suffix,
                     int64_t extent, int axis, bool original) {
  if (l->count == STRATA_TE_MAX_LOOPS)
    return -1;
  strata_te_loop_t *p = &l->loops[l->count];
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "%.*s%s", (int)name.length, name.data, suffix);
  p->extent = extent;
  p->axis = axis;
  p->original = original;
  return l->count++;
}

void strata_te_loops_add_axis(strata_te_loops_t *l, const char *name, int64_t extent, int axis) {
  int i = loops_add(l, mlirStringRefCreateFromCString(name), "", extent < 0 ? -1 : extent, axis,
                    true);
  if (i >= 0 && l->depth < 64)
    l->nest[l->depth++] = i;
}

void strata_te_loops_init(strata_te_loops_t *l, MlirOperation compute) {
  l->count = l->depth = 0;
  intptr_t ns = strata_te_compute_num_spatial(compute), nr = strata_te_compute_num_reduce(compute);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  for (intptr_t a = 0; a < ns + nr; ++a) {
    char name[128];
    strata_te_compute_axis_name(compute, a, name, sizeof name);
    int64_t e = a < ns ? (mlirShapedTypeIsDynamicDim(rt, a) ? -1 : mlirShapedTypeGetDimSize(rt, a))
                       : strata_te_compute_reduce_extent(compute, a - ns);
    strata_te_loops_add_axis(l, name, e, (int)a);
  }
}

int strata_te_loops_find(const strata_te_loops_t *l, MlirStringRef name) {
  for (int i = l->count - 1; i >= 0; --i)
    if (strlen(l->loops[i].name) == name.length &&
        memcmp(l->loops[i].name, name.data, name.length) == 0)
      return i;
  return -1;
}

int strata_te_loops_nest_pos(const strata_te_loops_t *l, int loop) {
  for (int p = 0; p < l->depth; ++p)
    if (l->nest[p] == loop)
      return p;
  return -1;
}

/* Replaces the loop at nest position p by loops with[0..count) (count 0
 * removes it). */
static void nest_replace(strata_te_loops_t *l, int p, const int *with, int count) {
  if (p < 0 || l->depth - 1 + count > 64)
    return;
  memmove(&l->nest[p + count], &l->nest[p + 1], (size_t)(l->depth - p - 1) * sizeof(int));
  if (count > 0)
    memcpy(&l->nest[p], with, (size_t)count * sizeof(int));
  l->depth += count - 1;
}

/* The listed loops take the nest positions they occupy, in list order
 * (nothing changes if one is not in the nest). */
static void nest_reorder(strata_te_loops_t *l, const int *loops, int count) {
  int pos[64], k = 0;
  for (int p = 0; p < l->depth && k < 64; ++p)
    for (int q = 0; q < count; ++q)
      if (l->nest[p] == loops[q])
        pos[k++] = p;
  if (k != count)
    return;
  for (int q = 0; q < count; ++q)
    l->nest[pos[q]] = loops[q];
}

/* Splits loop `name` into name.0 .. name.n (f: the n inner factors, or NULL
 * when only n is known); the new loops' indices go to made[0..n]. False if
 * there is no such loop. */
static bool loops_split(strata_te_loops_t *l, MlirStringRef name, const int64_t *f, int n,
                        int *made) {
  int i = strata_te_loops_find(l, name);
  if (i < 0)
    return false;
  int64_t e = l->loops[i].extent, p = 1;
  for (int k = 0; f && k < n; ++k)
    if (!strata_mul_i64(p, f[k], &p))
      p = -1;
  int64_t outer = e >= 0 && f && p > 0 ? (e + p - 1) / p : -1;
  int axis = l->loops[i].axis, count = 0;
  for (int k = 0; k <= n; ++k) {
    char suffix[16];
    snprintf(suffix, sizeof suffix, ".%d", k);
    int64_t ext = k == 0 ? outer : (f ? f[k - 1] : -1);
    int m = loops_add(l, name, suffix, ext, axis, false);
    if (m >= 0)
      made[count++] = m;
  }
  if (count == n + 1)
    nest_replace(l, strata_te_loops_nest_pos(l, i), made, count);
  return count == n + 1;
}

static void loops_tile(strata_te_loops_t *l, const strata_te_value_t *axes,
                       const strata_te_value_t *factors) {
  int parts[2 * STRATA_TE_MAX_LIST], n = 0;
  for (int q = 0; q < axes->count && q < factors->count; ++q) {
    int made[2];
    if (loops_split(l, axes->names[q], &factors->factors[q], 1, made)) {
      parts[n] = made[0];
      parts[STRATA_TE_MAX_LIST + n++] = made[1];
    }
  }
  /* outer parts first, then inner ones, each in the order of `axes` */
  memmove(&parts[n], &parts[STRATA_TE_MAX_LIST], (size_t)n * sizeof(int));
  nest_reorder(l, parts, 2 * n);
}

static void loops_fuse(strata_te_loops_t *l, const strata_te_value_t *axes) {
  char joined[128] = "";
  int64_t e = 1;
  int found[STRATA_TE_MAX_LIST], n = 0;
  for (int q = 0; q < axes->count; ++q) {
    int i = strata_te_loops_find(l, axes->names[q]);
    if (i >= 0)
      found[n++] = i;
    if (i < 0 || l->loops[i].extent < 0 || !strata_mul_i64(e, l->loops[i].extent, &e))
      e = -1;
    size_t len = strlen(joined);
    snprintf(joined + len, sizeof joined - len, "%s%.*s", q ? "+" : "",
             (int)axes->names[q].length, axes->names[q].data);
  }
  int fused = loops_add(l, mlirStringRefCreateFromCString(joined), "", e, -1, false);
  if (fused < 0)
    return;
  strata_te_loop_t *f = &l->loops[fused];
  bool placed = false;
  for (int q = 0; q < n; ++q) {
    if (f->num_parts < 4)
      f->parts[f->num_parts++] = found[q];
    int p = strata_te_loops_nest_pos(l, found[q]);
    if (p >= 0 && !placed)
      l->nest[p] = fused, placed = true;
    else if (p >= 0)
      nest_replace(l, p, NULL, 0);
  }
}

static void loops_reorder(strata_te_loops_t *l, const strata_te_value_t *order) {
  int listed[STRATA_TE_MAX_LIST], k = 0;
  for (int q = 0; q < order->count; ++q) {
    int i = strata_te_loops_find(l, order->names[q]);
    if (i >= 0)
      listed[k++] = i;
  }
  nest_reorder(l, listed, k);
}

void strata_te_loops_step(strata_te_loops_t *l, const strata_te_step_t *s) {
  if (!strata_te_step_enabled(s))
    return;
  int made[STRATA_TE_MAX_LIST + 1];
  switch (s->prim) {
  case STRATA_TE_PRIM_SPLIT:
    if (s->split.factors.kind == STRATA_TE_DECISION_FIXED)
      loops_split(l, s->split.axis.value.name, s->split.factors.value.factors,
                  s->split.factors.value.count, made);
    else if (s->split.factors.parts > 1 && s->split.factors.parts <= STRATA_TE_MAX_LIST + 1)
      loops_split(l, s->split.axis.value.name, NULL, (int)s->split.factors.parts - 1, made);
    break;
  case STRATA_TE_PRIM_TILE:
    if (s->tile.factors.kind == STRATA_TE_DECISION_FIXED)
      loops_tile(l, &s->tile.axes.value, &s->tile.factors.value);
    break;
  case STRATA_TE_PRIM_FUSE:
    loops_fuse(l, &s->fuse.axes.value);
    break;
  case STRATA_TE_PRIM_REORDER:
    if (s->reorder.order.kind == STRATA_TE_DECISION_FIXED)
      loops_reorder(l, &s->reorder.order.value);
    break;
  default:
    break;
  }
}

/* --- writing traces ----------------------------------------------------------- */

MlirAttribute strata_te_step_attr(MlirContext ctx, const char *prim, intptr_t n,
                                  const MlirNamedAttribute *fields) {
  MlirNamedAttribute all[8];
  all[0] = strata_named(ctx, "prim", strata_string_attr(ctx, prim));
  intptr_t k = n < 7 ? n : 7;
  for (intptr_t i = 0; i < k; ++i)
    all[1 + i] = fields[i];
  return mlirDictionaryAttrGet(ctx, 1 + k, all);
}

MlirAttribute strata_te_axis_name_attr(MlirContext ctx, MlirOperation compute, intptr_t axis,
                                       const char *suffix) {
  char buf[96], base[64];
  strata_te_compute_axis_name(compute, axis, base, sizeof base);
  snprintf(buf, sizeof buf, "%s%s", base, suffix);
  return strata_string_attr(ctx, buf);
}
