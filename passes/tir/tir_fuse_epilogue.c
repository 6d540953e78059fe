/* tir-fuse-epilogue: the epilogue of every tensorized product runs on the
 * product's tiles. For each loop nest that loads a buffer some earlier nest
 * accumulates with hwi.call_tile (through a subview: the conv / matmul
 * product after te-default-schedule's tensorize), tir-reverse-compute-at
 * moves it to the end of the loop that directly holds the call: the bias,
 * residual add and activation of a graph-fuse group (one elementwise
 * compute after te-inline, on the product's indices after
 * te-epilogue-view) then read each register tile right after its last
 * accumulation, in L1, and no second pass over the product's memory (and
 * no separate kernel in strata-run --profile) remains.
 *
 * A schedule decision taken where it always pays, as te-inline's: nests
 * the primitive refuses (not elementwise, reads at other indices, another
 * nest in between, ...) stay where they are, silently; the primitive
 * changes nothing when it refuses. Runs after tir-apply-schedule. */
#include <stdio.h>

#include <mlir-c/Diagnostics.h>

#include "core/op_list.h"
#include "dialects/hwi/hwi.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

/* The buffer an hwi.call_tile accumulates into (the source of its
 * accumulator's subview). */
static MlirValue tile_buffer(MlirOperation tile) {
  MlirOperation view = strata_hwi_call_tile_acc_view(tile);
  return mlirOperationIsNull(view) ? (MlirValue){NULL} : mlirOperationGetOperand(view, 0);
}

typedef struct {
  const strata_op_list_t *tiles;
  MlirOperation found; /* the tile whose buffer a load reads */
} match_t;

static MlirWalkResult match_load(MlirOperation op, void *user) {
  match_t *m = user;
  if (!strata_op_is(op, "memref.load"))
    return MlirWalkResultAdvance;
  MlirValue buf = mlirOperationGetOperand(op, 0);
  for (size_t i = 0; i < m->tiles->count; ++i) {
    MlirValue b = tile_buffer(m->tiles->ops[i]);
    if (!mlirValueIsNull(b) && mlirValueEqual(b, buf)) {
      m->found = m->tiles->ops[i];
      return MlirWalkResultInterrupt;
    }
  }
  return MlirWalkResultAdvance;
}

/* For a nest without a tiled producer: the axis of the last store, in an
 * earlier nest, to a buffer `root` loads whose indices leave out some
 * enclosing loop (a reduction's accumulation: the depthwise convolution,
 * pooling), as strata_tir_epilogue_axis chooses it. */
typedef struct {
  MlirOperation root, axis;
} store_axis_t;

static MlirWalkResult find_producer_store(MlirOperation op, void *user) {
  store_axis_t *s = user;
  if (mlirOperationEqual(op, s->root))
    return MlirWalkResultInterrupt; /* only nests before the consumer */
  if (!strata_op_is(op, "memref.store"))
    return MlirWalkResultAdvance;
  MlirValue buffer = mlirOperationGetOperand(op, 1);
  for (MlirOpOperand u = mlirValueGetFirstUse(buffer); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (strata_op_is(user, "memref.load") && strata_tir_nested_in(user, s->root)) {
      MlirOperation axis = strata_tir_epilogue_axis(op);
      if (!mlirOperationIsNull(axis))
        s->axis = axis;
      break;
    }
  }
  return MlirWalkResultAdvance;
}

static MlirOperation store_axis(MlirOperation func, MlirOperation root) {
  store_axis_t s = {root, {NULL}};
  mlirOperationWalk(func, find_producer_store, &s, MlirWalkPreOrder);
  return s.axis;
}

static MlirLogicalResult swallow(MlirDiagnostic d, void *user) {
  (void)d;
  (void)user;
  return mlirLogicalResultSuccess();
}

static bool fuse_in(MlirOperation func) {
  strata_op_list_t tiles = {0}, roots = {0};
  strata_op_list_collect(func, (const char *const[]){"hwi.call_tile", NULL}, &tiles);
  strata_tir_collect_roots(func, "", &roots);
  MlirContext ctx = mlirOperationGetContext(func);
  for (size_t r = 0; r < roots.count; ++r) {
    MlirOperation root = roots.ops[r];
    match_t m = {&tiles, {NULL}};
    mlirOperationWalk(root, match_load, &m, MlirWalkPreOrder);
    MlirOperation axis = {NULL};
    if (!mlirOperationIsNull(m.found) && !strata_tir_nested_in(m.found, root))
      axis = mlirOperationGetParentOperation(m.found);
    else
      axis = store_axis(func, root);
    if (mlirOperationIsNull(axis) || !strata_tir_is_for(axis) || strata_tir_nested_in(root, axis))
      continue;
    char target[128], loop[128];
    strata_tir_compute_name(axis, target, sizeof target);
    strata_tir_loop_name(axis, loop, sizeof loop);
    MlirDiagnosticHandlerID id = mlirContextAttachDiagnosticHandler(ctx, swallow, NULL, NULL);
    (void)strata_tir_reverse_compute_at(root, target, loop);
    mlirContextDetachDiagnosticHandler(ctx, id);
  }
  strata_op_list_free(&roots);
  strata_op_list_free(&tiles);
  return true;
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_fuse_epilogue_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_rewrite_each(module, (const char *const[]){"func.func", NULL}, fuse_in);
  return mlirLogicalResultSuccess();
}
