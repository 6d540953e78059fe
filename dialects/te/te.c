/* The accessors of te.h: combiner and primitive names, te.compute's axes,
 * extents, body and schedule, schedule-step fields, te.read's operands.
 * The verifier is te_verify.c; the trace decoder te_trace.c. */
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

STRATA_ENUM_NAMES(strata_te_combiner_t, strata_te_combiner_from_string, strata_te_combiner_name,
                  combiners, N_COMBINERS)
STRATA_ENUM_NAMES(strata_te_prim_t, strata_te_prim_from_string, strata_te_prim_name, prims,
                  N_PRIMS)

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

/* ---- te.read ------------------------------------------------------------ */

MlirValue strata_te_read_tensor(MlirOperation op) { return mlirOperationGetOperand(op, 0); }

intptr_t strata_te_read_num_indices(MlirOperation op) {
  return mlirOperationGetNumOperands(op) - 1;
}

MlirValue strata_te_read_index(MlirOperation op, intptr_t i) {
  return mlirOperationGetOperand(op, i + 1);
}

typedef struct {
  strata_te_read_fn fn;
  void *user;
} read_walk_t;

static MlirWalkResult visit_read(MlirOperation op, void *user) {
  const read_walk_t *w = user;
  if (!strata_op_is(op, "te.read"))
    return MlirWalkResultAdvance;
  return w->fn(op, w->user) ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

MlirOperation strata_te_enclosing_compute(MlirOperation op) {
  for (MlirOperation p = mlirOperationGetParentOperation(op); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p))
    if (strata_op_is(p, "te.compute"))
      return p;
  return (MlirOperation){NULL};
}

void strata_te_walk_reads(MlirOperation op, strata_te_read_fn fn, void *user) {
  read_walk_t w = {fn, user};
  mlirOperationWalk(op, visit_read, &w, MlirWalkPreOrder);
}
