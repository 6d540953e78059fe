/* The te dialect's checks that IRDL cannot express, and the accessors of
 * te.h. te.compute: result rank and element type, reduce extents, dims count,
 * combiner/init consistency, body arity and argument types, the yielded type,
 * axis names and the structure of its schedule trace. te.read: index count and
 * result type against the tensor read, nesting in a te.compute.
 * The schedule trace and its knob representation are documented in
 * docs/dialects/te.md; only structure is checked here (known primitives,
 * known fields, value kinds), not whether axes exist at that point. */
#include "dialects/te/te.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "dialects/verify.h"
#include "strata/diagnostics.h"

enum { MSG = 256 };

static const char *const combiners[] = {"add", "max", "min", "mul"};
enum { N_COMBINERS = 4 };

static const char *const prims[] = {
    "split",  "tile",       "fuse",           "reorder",    "parallel",    "vectorize",
    "unroll", "compute_at", "compute_inline", "cache_read", "cache_write", "tensorize"};
enum { N_PRIMS = 12 };

strata_te_combiner_t strata_te_combiner_from_string(MlirStringRef s) {
  return (strata_te_combiner_t)strata_str_index(s, combiners, N_COMBINERS);
}

const char *strata_te_combiner_name(strata_te_combiner_t c) {
  return (int)c >= 0 && (int)c < N_COMBINERS ? combiners[c] : NULL;
}

strata_te_prim_t strata_te_prim_from_string(MlirStringRef s) {
  return (strata_te_prim_t)strata_str_index(s, prims, N_PRIMS);
}

const char *strata_te_prim_name(strata_te_prim_t p) {
  return (int)p >= 0 && (int)p < N_PRIMS ? prims[p] : NULL;
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/* ---- te.compute accessors ------------------------------------------------ */

static MlirType result_type(MlirOperation op) {
  return mlirValueGetType(mlirOperationGetResult(op, 0));
}

intptr_t strata_te_compute_num_spatial(MlirOperation op) {
  return mlirShapedTypeGetRank(result_type(op));
}

intptr_t strata_te_compute_num_reduce(MlirOperation op) {
  return mlirDenseArrayGetNumElements(attr(op, "reduce_extents"));
}

int64_t strata_te_compute_reduce_extent(MlirOperation op, intptr_t i) {
  return mlirDenseI64ArrayGetElement(attr(op, "reduce_extents"), i);
}

strata_te_combiner_t strata_te_compute_combiner(MlirOperation op) {
  MlirAttribute c = attr(op, "combiner");
  if (mlirAttributeIsNull(c) || !mlirAttributeIsAString(c))
    return STRATA_TE_COMBINER_NONE;
  return strata_te_combiner_from_string(mlirStringAttrGetValue(c));
}

MlirAttribute strata_te_compute_init(MlirOperation op) { return attr(op, "init"); }

MlirBlock strata_te_compute_body(MlirOperation op) {
  return mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
}

MlirValue strata_te_compute_yielded(MlirOperation op) {
  return mlirOperationGetOperand(strata_block_last_op(strata_te_compute_body(op)), 0);
}

MlirStringRef strata_te_compute_name(MlirOperation op) {
  return mlirStringAttrGetValue(attr(op, "name"));
}

char *strata_te_compute_axis_name(MlirOperation op, intptr_t i, char *buf, size_t size) {
  MlirAttribute names = attr(op, "axis_names");
  if (!mlirAttributeIsNull(names)) {
    MlirStringRef s = mlirStringAttrGetValue(mlirArrayAttrGetElement(names, i));
    snprintf(buf, size, "%.*s", (int)s.length, s.data);
    return buf;
  }
  intptr_t spatial = strata_te_compute_num_spatial(op);
  if (i < spatial)
    snprintf(buf, size, "d%ld", (long)i);
  else
    snprintf(buf, size, "r%ld", (long)(i - spatial));
  return buf;
}

MlirAttribute strata_te_compute_schedule(MlirOperation op) { return attr(op, "schedule"); }

/* ---- schedule steps ------------------------------------------------------ */

MlirAttribute strata_te_step_field(MlirAttribute step, const char *name) {
  return mlirDictionaryAttrGetElementByName(step, mlirStringRefCreateFromCString(name));
}

strata_te_prim_t strata_te_step_prim(MlirAttribute step) {
  MlirAttribute p = strata_te_step_field(step, "prim");
  if (mlirAttributeIsNull(p) || !mlirAttributeIsAString(p))
    return STRATA_TE_PRIM_INVALID;
  return strata_te_prim_from_string(mlirStringAttrGetValue(p));
}

bool strata_te_decision_is_knob(MlirAttribute decision) {
  return mlirAttributeIsADictionary(decision) &&
         !mlirAttributeIsNull(strata_te_step_field(decision, "knob"));
}

/* What a step field holds. */
typedef enum {
  FIELD_NAME,    /* non-empty string: an axis or a compute name */
  FIELD_NAMES,   /* non-empty array of non-empty strings */
  FIELD_FACTORS, /* array<i64> of positive integers */
  FIELD_POSITIVE,
  FIELD_NONNEGATIVE,
  FIELD_SCOPE,  /* a tir buffer scope name */
  FIELD_SYMBOL, /* @symbol (an hwi.intrinsic) */
  FIELD_BOOL,
} field_kind_t;

typedef struct {
  const char *name;
  field_kind_t kind;
  bool required;
  bool tunable; /* may hold a knob */
} field_spec_t;

enum { MAX_FIELDS = 5 };

/* Fields of each primitive, indexed by strata_te_prim_t. */
static const field_spec_t prim_fields[N_PRIMS][MAX_FIELDS] = {
    [STRATA_TE_PRIM_SPLIT] = {{"axis", FIELD_NAME, true, false},
                              {"factors", FIELD_FACTORS, true, true}},
    [STRATA_TE_PRIM_TILE] = {{"axes", FIELD_NAMES, true, false},
                             {"factors", FIELD_FACTORS, true, true}},
    [STRATA_TE_PRIM_FUSE] = {{"axes", FIELD_NAMES, true, false}},
    [STRATA_TE_PRIM_REORDER] = {{"order", FIELD_NAMES, true, true}},
    [STRATA_TE_PRIM_PARALLEL] = {{"axis", FIELD_NAME, true, false}},
    [STRATA_TE_PRIM_VECTORIZE] = {{"axis", FIELD_NAME, true, false}},
    [STRATA_TE_PRIM_UNROLL] = {{"axis", FIELD_NAME, true, false},
                               {"factor", FIELD_POSITIVE, false, true}},
    [STRATA_TE_PRIM_COMPUTE_AT] = {{"target", FIELD_NAME, true, false},
                                   {"axis", FIELD_NAME, true, true}},
    [STRATA_TE_PRIM_COMPUTE_INLINE] = {{NULL}},
    [STRATA_TE_PRIM_CACHE_READ] = {{"input", FIELD_NONNEGATIVE, true, false},
                                   {"scope", FIELD_SCOPE, true, false},
                                   {"axis", FIELD_NAME, false, true},
                                   {"width", FIELD_POSITIVE, false, true},
                                   {"transpose", FIELD_BOOL, false, false}},
    [STRATA_TE_PRIM_CACHE_WRITE] = {{"scope", FIELD_SCOPE, true, false},
                                    {"axis", FIELD_NAME, false, true}},
    [STRATA_TE_PRIM_TENSORIZE] = {{"axis", FIELD_NAME, true, false},
                                  {"intrinsic", FIELD_SYMBOL, true, true}},
};

static bool is_nonempty_string(MlirAttribute a) {
  return mlirAttributeIsAString(a) && mlirStringAttrGetValue(a).length > 0;
}

/* True if `a` is a valid fixed value of `kind`. */
static bool fixed_value_ok(field_kind_t kind, MlirAttribute a) {
  switch (kind) {
  case FIELD_NAME:
    return is_nonempty_string(a);
  case FIELD_NAMES:
    if (!mlirAttributeIsAArray(a) || mlirArrayAttrGetNumElements(a) == 0)
      return false;
    for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(a); ++i)
      if (!is_nonempty_string(mlirArrayAttrGetElement(a, i)))
        return false;
    return true;
  case FIELD_FACTORS:
    if (!mlirAttributeIsADenseI64Array(a) || mlirDenseArrayGetNumElements(a) == 0)
      return false;
    for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(a); ++i)
      if (mlirDenseI64ArrayGetElement(a, i) <= 0)
        return false;
    return true;
  case FIELD_POSITIVE:
    return mlirAttributeIsAInteger(a) && mlirIntegerAttrGetValueInt(a) > 0;
  case FIELD_NONNEGATIVE:
    return mlirAttributeIsAInteger(a) && mlirIntegerAttrGetValueInt(a) >= 0;
  case FIELD_SCOPE:
    return mlirAttributeIsAString(a) &&
           strata_tir_scope_from_string(mlirStringAttrGetValue(a)) != STRATA_TIR_SCOPE_INVALID;
  case FIELD_SYMBOL:
    return mlirAttributeIsAFlatSymbolRef(a);
  case FIELD_BOOL:
    return mlirAttributeIsABool(a);
  }
  return false;
}

/* What a valid fixed value of `kind` looks like, for messages. */
static const char *describe(field_kind_t kind, char *buf, size_t size) {
  switch (kind) {
  case FIELD_NAME:
    return "a non-empty string";
  case FIELD_NAMES:
    return "a non-empty array of non-empty strings";
  case FIELD_FACTORS:
    return "a non-empty array<i64: ...> of positive factors";
  case FIELD_POSITIVE:
    return "a positive integer";
  case FIELD_NONNEGATIVE:
    return "a non-negative integer";
  case FIELD_SCOPE: {
    char list[MSG];
    snprintf(buf, size, "one of %s", strata_tir_scope_list(list, sizeof list));
    return buf;
  }
  case FIELD_SYMBOL:
    return "a symbol reference";
  case FIELD_BOOL:
    return "true or false";
  }
  return "?";
}

/* Context for the messages of one schedule step. */
typedef struct {
  MlirOperation op;
  long index;
  const char *prim;
} step_ctx_t;

/* Checks a knob dictionary in field `f`. */
static MlirLogicalResult check_knob(const step_ctx_t *s, const field_spec_t *f,
                                    MlirAttribute knob) {
  MlirOperation op = s->op;
  char desc[MSG];
  if (!f->tunable)
    return strata_emit_error(op, "schedule step #%ld (%s): '%s' is not tunable", s->index,
                             s->prim, f->name);
  MlirAttribute name = strata_te_step_field(knob, "knob");
  if (!is_nonempty_string(name))
    return strata_emit_error(op, "schedule step #%ld (%s): knob in '%s' needs a non-empty 'knob' name",
                             s->index, s->prim, f->name);
  MlirStringRef n = mlirStringAttrGetValue(name);
  MlirAttribute choices = strata_te_step_field(knob, "choices");
  MlirAttribute parts = strata_te_step_field(knob, "parts");
  bool has_choices = !mlirAttributeIsNull(choices), has_parts = !mlirAttributeIsNull(parts);
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(knob); ++i) {
    MlirStringRef key = mlirIdentifierStr(mlirDictionaryAttrGetElement(knob, i).name);
    if (!strata_str_eq(key, "knob") && !strata_str_eq(key, "choices") && !strata_str_eq(key, "parts"))
      return strata_emit_error(op, "schedule step #%ld (%s): knob '%.*s' has unknown key '%.*s'",
                               s->index, s->prim, (int)n.length, n.data, (int)key.length, key.data);
  }
  if (has_choices == has_parts ||
      (has_choices && (!mlirAttributeIsAArray(choices) || mlirArrayAttrGetNumElements(choices) == 0)))
    return strata_emit_error(op,
                             "schedule step #%ld (%s): knob '%.*s' needs either a non-empty "
                             "'choices' array or a 'parts' count",
                             s->index, s->prim, (int)n.length, n.data);
  if (has_parts) {
    if (f->kind != FIELD_FACTORS || !mlirAttributeIsAInteger(parts) ||
        mlirIntegerAttrGetValueInt(parts) < 2)
      return strata_emit_error(op,
                               "schedule step #%ld (%s): knob '%.*s': 'parts' must be an integer "
                               ">= 2 and only applies to 'factors'",
                               s->index, s->prim, (int)n.length, n.data);
    return mlirLogicalResultSuccess();
  }
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(choices); ++i)
    if (!fixed_value_ok(f->kind, mlirArrayAttrGetElement(choices, i)))
      return strata_emit_error(op, "schedule step #%ld (%s): choice #%ld of knob '%.*s' must be %s",
                               s->index, s->prim, (long)i, (int)n.length, n.data,
                               describe(f->kind, desc, sizeof desc));
  return mlirLogicalResultSuccess();
}

/* Checks one step dictionary of the schedule trace. */
static MlirLogicalResult check_step(MlirOperation op, long index, MlirAttribute step) {
  MlirAttribute prim = strata_te_step_field(step, "prim");
  if (mlirAttributeIsNull(prim) || !mlirAttributeIsAString(prim))
    return strata_emit_error(op, "schedule step #%ld needs a 'prim' string", index);
  strata_te_prim_t p = strata_te_prim_from_string(mlirStringAttrGetValue(prim));
  if (p == STRATA_TE_PRIM_INVALID) {
    MlirStringRef s = mlirStringAttrGetValue(prim);
    return strata_emit_error(op, "schedule step #%ld: unknown primitive \"%.*s\"", index,
                             (int)s.length, s.data);
  }
  step_ctx_t ctx = {op, index, prims[p]};
  const field_spec_t *fields = prim_fields[p];

  /* Every step may carry `enabled` (false: the step is skipped), a knob
   * when a step is optional (te-default-schedule: packing B). */
  static const field_spec_t enabled = {"enabled", FIELD_BOOL, false, true};
  MlirAttribute en = strata_te_step_field(step, "enabled");
  if (!mlirAttributeIsNull(en)) {
    char desc[MSG];
    if (strata_te_decision_is_knob(en)) {
      if (mlirLogicalResultIsFailure(check_knob(&ctx, &enabled, en)))
        return mlirLogicalResultFailure();
    } else if (!fixed_value_ok(FIELD_BOOL, en)) {
      return strata_emit_error(op, "schedule step #%ld (%s): 'enabled' must be %s or a knob",
                               index, ctx.prim, describe(FIELD_BOOL, desc, sizeof desc));
    }
  }

  /* Every key is "prim", "enabled" or a field of the primitive. */
  for (intptr_t i = 0; i < mlirDictionaryAttrGetNumElements(step); ++i) {
    MlirStringRef key = mlirIdentifierStr(mlirDictionaryAttrGetElement(step, i).name);
    bool known = strata_str_eq(key, "prim") || strata_str_eq(key, "enabled");
    for (int f = 0; f < MAX_FIELDS && fields[f].name && !known; ++f)
      known = strata_str_eq(key, fields[f].name);
    if (!known)
      return strata_emit_error(op, "schedule step #%ld (%s): unknown field '%.*s'", index,
                               ctx.prim, (int)key.length, key.data);
  }
  for (int f = 0; f < MAX_FIELDS && fields[f].name; ++f) {
    MlirAttribute v = strata_te_step_field(step, fields[f].name);
    if (mlirAttributeIsNull(v)) {
      if (fields[f].required)
        return strata_emit_error(op, "schedule step #%ld (%s): missing field '%s'", index,
                                 ctx.prim, fields[f].name);
      continue;
    }
    if (strata_te_decision_is_knob(v)) {
      if (mlirLogicalResultIsFailure(check_knob(&ctx, &fields[f], v)))
        return mlirLogicalResultFailure();
      continue;
    }
    char desc[MSG];
    if (!fixed_value_ok(fields[f].kind, v))
      return strata_emit_error(op, "schedule step #%ld (%s): '%s' must be %s%s", index,
                               ctx.prim, fields[f].name,
                               describe(fields[f].kind, desc, sizeof desc),
                               fields[f].tunable ? " or a knob" : "");
  }
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult check_schedule(MlirOperation op) {
  MlirAttribute sched = strata_te_compute_schedule(op);
  if (mlirAttributeIsNull(sched))
    return mlirLogicalResultSuccess();
  if (!mlirAttributeIsAArray(sched))
    return strata_emit_error(op, "'schedule' must be an array of step dictionaries");
  for (intptr_t i = 0; i < mlirArrayAttrGetNumElements(sched); ++i) {
    MlirAttribute step = mlirArrayAttrGetElement(sched, i);
    if (!mlirAttributeIsADictionary(step))
      return strata_emit_error(op, "'schedule' must be an array of step dictionaries");
    if (mlirLogicalResultIsFailure(check_step(op, (long)i, step)))
      return mlirLogicalResultFailure();
  }
  return mlirLogicalResultSuccess();
}

/* ---- te.compute verifier ------------------------------------------------ */

/* reduce_extents entries and the dims operand count. */
static MlirLogicalResult check_extents(MlirOperation op, MlirType type) {
  MlirAttribute extents;
  if (mlirLogicalResultIsFailure(strata_check_i64_array(op, "reduce_extents", &extents)))
    return mlirLogicalResultFailure();
  long dynamic = 0;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    dynamic += mlirShapedTypeIsDynamicDim(type, d);
  for (intptr_t i = 0; i < mlirDenseArrayGetNumElements(extents); ++i) {
    int64_t e = mlirDenseI64ArrayGetElement(extents, i);
    if (e == STRATA_TE_DYNAMIC_EXTENT)
      ++dynamic;
    else if (e <= 0)
      return strata_emit_error(op, "reduce extent #%ld must be positive or -1 (dynamic), got %lld",
                               (long)i, (long long)e);
  }
  long dims = (long)mlirOperationGetNumOperands(op);
  if (dims != dynamic)
    return strata_emit_error(op,
                             "expects %ld dims operand(s) (one per dynamic result dimension "
                             "and dynamic reduce extent), got %ld",
                             dynamic, dims);
  return mlirLogicalResultSuccess();
}

/* combiner and init: both present (and valid) iff there are reduce axes. */
static MlirLogicalResult check_combiner(MlirOperation op, MlirType elem) {
  bool reduces = strata_te_compute_num_reduce(op) > 0;
  MlirAttribute combiner = attr(op, "combiner"), init = attr(op, "init");
  if (!reduces) {
    if (!mlirAttributeIsNull(combiner) || !mlirAttributeIsNull(init))
      return strata_emit_error(op, "'combiner' and 'init' must be absent without reduce axes");
    return mlirLogicalResultSuccess();
  }
  if (mlirAttributeIsNull(combiner))
    return strata_emit_error(op, "reduce axes require a 'combiner' attribute");
  if (mlirLogicalResultIsFailure(strata_check_string_in(op, "combiner", combiners, N_COMBINERS, NULL)))
    return mlirLogicalResultFailure();
  if (mlirAttributeIsNull(init))
    return strata_emit_error(op, "reduce axes require an 'init' attribute");
  if (!(mlirAttributeIsAInteger(init) || mlirAttributeIsAFloat(init)) ||
      !mlirTypeEqual(mlirAttributeGetType(init), elem)) {
    char want[MSG], got[MSG];
    return strata_emit_error(op, "'init' must be an integer or float attribute of type %s, got %s",
                             strata_type_str(elem, want, sizeof want),
                             strata_attr_str(init, got, sizeof got));
  }
  return mlirLogicalResultSuccess();
}

/* Optional axis_names: one distinct non-empty string per axis. */
static MlirLogicalResult check_axis_names(MlirOperation op, intptr_t n_axes) {
  MlirAttribute names = attr(op, "axis_names");
  if (mlirAttributeIsNull(names))
    return mlirLogicalResultSuccess();
  bool ok = mlirAttributeIsAArray(names) && mlirArrayAttrGetNumElements(names) == n_axes;
  for (intptr_t i = 0; ok && i < n_axes; ++i) {
    MlirAttribute a = mlirArrayAttrGetElement(names, i);
    ok = is_nonempty_string(a);
    for (intptr_t j = 0; ok && j < i; ++j)
      ok = !mlirAttributeEqual(a, mlirArrayAttrGetElement(names, j));
  }
  if (!ok)
    return strata_emit_error(op, "'axis_names' must be an array of %ld distinct non-empty strings",
                             (long)n_axes);
  return mlirLogicalResultSuccess();
}

/* The body: one block, spatial + reduce index arguments, yields the element. */
static MlirLogicalResult check_body(MlirOperation op, MlirType elem) {
  MlirBlock body;
  MlirOperation yield;
  if (mlirLogicalResultIsFailure(strata_check_yield_body(op, 0, "body", 1, &body, &yield)))
    return mlirLogicalResultFailure();
  intptr_t spatial = strata_te_compute_num_spatial(op);
  intptr_t reduce = strata_te_compute_num_reduce(op);
  intptr_t args = mlirBlockGetNumArguments(body);
  if (args != spatial + reduce)
    return strata_emit_error(op, "body must have %ld index arguments (%ld spatial + %ld reduce), got %ld",
                             (long)(spatial + reduce), (long)spatial, (long)reduce, (long)args);
  char buf[MSG], buf2[MSG];
  for (intptr_t i = 0; i < args; ++i) {
    MlirType t = mlirValueGetType(mlirBlockGetArgument(body, i));
    if (!mlirTypeIsAIndex(t))
      return strata_emit_error(op, "body argument #%ld must be index, got %s", (long)i,
                               strata_type_str(t, buf, sizeof buf));
  }
  MlirType yielded = mlirValueGetType(mlirOperationGetOperand(yield, 0));
  if (!mlirTypeEqual(yielded, elem))
    return strata_emit_error(op, "body yields %s, expected the element type %s",
                             strata_type_str(yielded, buf, sizeof buf),
                             strata_type_str(elem, buf2, sizeof buf2));
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_compute(MlirOperation op) {
  MlirType type = result_type(op); /* ranked: IRDL's !builtin.tensor */
  MlirType elem = mlirShapedTypeGetElementType(type);
  if (!strata_type_is_scalar(elem)) {
    char buf[MSG];
    return strata_emit_error(op, "result element type must be an integer, index or float type, got %s",
                             strata_type_str(elem, buf, sizeof buf));
  }
  int64_t count = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(type); ++d)
    if (!mlirShapedTypeIsDynamicDim(type, d) &&
        !strata_mul_i64(count, mlirShapedTypeGetDimSize(type, d), &count)) {
      char buf[MSG];
      return strata_emit_error(op, "result type %s is too large: its element count does not fit "
                                   "in 64 bits",
                               strata_type_str(type, buf, sizeof buf));
    }
  if (mlirLogicalResultIsFailure(strata_check_nonempty_string(op, "name", NULL)) ||
      mlirLogicalResultIsFailure(check_extents(op, type)) ||
      mlirLogicalResultIsFailure(check_combiner(op, elem)) ||
      mlirLogicalResultIsFailure(check_body(op, elem)) ||
      mlirLogicalResultIsFailure(check_axis_names(
          op, strata_te_compute_num_spatial(op) + strata_te_compute_num_reduce(op))))
    return mlirLogicalResultFailure();
  return check_schedule(op);
}

/* ---- te.read ------------------------------------------------------------ */

MlirValue strata_te_read_tensor(MlirOperation op) { return mlirOperationGetOperand(op, 0); }

intptr_t strata_te_read_num_indices(MlirOperation op) {
  return mlirOperationGetNumOperands(op) - 1;
}

MlirValue strata_te_read_index(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i + 1);
}

static MlirLogicalResult verify_read(MlirOperation op) {
  MlirType type = mlirValueGetType(strata_te_read_tensor(op)); /* ranked (IRDL) */
  intptr_t rank = mlirShapedTypeGetRank(type);
  intptr_t n = strata_te_read_num_indices(op);
  if (n != rank)
    return strata_emit_error(op, "expects %ld indices for a rank-%ld tensor, got %ld", (long)rank,
                             (long)rank, (long)n);
  MlirType elem = mlirShapedTypeGetElementType(type);
  MlirType res = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeEqual(elem, res)) {
    char a[MSG], b[MSG];
    return strata_emit_error(op, "result type %s does not match the tensor element type %s",
                             strata_type_str(res, a, sizeof a), strata_type_str(elem, b, sizeof b));
  }
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) && !strata_op_is(p, "te.compute"))
    p = mlirOperationGetParentOperation(p);
  if (mlirOperationIsNull(p))
    return strata_emit_error(op, "must be nested in a te.compute body");
  return strata_te_check_read_bounds(op);
}

MlirLogicalResult strata_te_verify_op(MlirOperation op) {
  if (strata_op_is(op, "te.compute"))
    return verify_compute(op);
  if (strata_op_is(op, "te.read"))
    return verify_read(op);
  return mlirLogicalResultSuccess();
}
