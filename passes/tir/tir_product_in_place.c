/* tir-product-in-place: a tensorized product whose register tiles each
 * compute a whole sum writes its tiles straight where its epilogue stores,
 * with no zero-fill and no product buffer.
 *
 * After tir-fuse-epilogue a conv / matmul product with a short reduction
 * (a pointwise convolution of 16-96 input channels: K fits one k block,
 * the k.0 loop has one iteration) still costs three passes over a buffer
 * as large as its output: the init nest zero-fills the product buffer,
 * each tile loads its C back and adds, and the epilogue reads the tile and
 * stores the result into the destination. On MobileNetV2's 16 -> 96
 * expand layer at 112x112 that is 4.8 MB zeroed, 4.8 MB written and 4.8 MB
 * written again, for 38.5 MFLOP: memory-bound. ONNX Runtime writes the
 * output once.
 *
 * For each hwi.call_tile accumulating into a subview of a tir.alloc_buffer
 * X:
 * 1. Whole sum per call: every tir.for enclosing the call in its nest
 *    whose induction variable the accumulator's subview does not depend on
 *    (a reduction block, BLIS's k.0) has a constant extent of 1. Then each
 *    element of X is written by exactly one call, which can overwrite C
 *    instead of adding to it: the call gets the unit attribute `overwrite`
 *    (convert-hwi-to-vector then stores the accumulators, loading nothing).
 * 2. The zero-fill goes: the nearest tir.for nest before the product's
 *    nest in the same block must store only the constant 0 into X (and
 *    nothing else; te-to-tir's ".init" nest), and is erased.
 * 3. In place: when every load of X is in the product's nest and is
 *    followed in its block by a store of the same indices into one buffer
 *    Y of X's type, defined before the product's nest (the epilogue
 *    computing into the destination), which the nest does not otherwise
 *    read, X is replaced by Y: the tile stores into the destination, the
 *    epilogue reads it back from L1 and rewrites it in place. X's
 *    allocation and deallocation go.
 * Steps 1-2 need X to have no other users than the call's subview, the
 * init stores, loads, unused views and its dealloc; step 3 is skipped when
 * its conditions fail (the tile then overwrites X). Runs after
 * tir-fuse-epilogue. Refusals are silent and change nothing. */
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>

#include "core/op_list.h"
#include "dialects/hwi/hwi.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

/* Whether `v` depends on `iv` through ops inside `root` (depth-limited;
 * past the limit, conservatively yes). */
static bool depends_on(MlirValue v, MlirValue iv, MlirOperation root, int depth) {
  if (mlirValueEqual(v, iv))
    return true;
  if (!mlirValueIsAOpResult(v) || !strata_tir_defined_inside(v, root))
    return false;
  if (depth > 32)
    return true;
  MlirOperation def = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (depends_on(mlirOperationGetOperand(def, i), iv, root, depth + 1))
      return true;
  return false;
}

/* Step 1: every loop around `call` (up to `root`) that the accumulator's
 * subview `view` does not depend on runs once. */
static bool whole_sum(MlirOperation call, MlirOperation view, MlirOperation root) {
  for (MlirOperation p = mlirOperationGetParentOperation(call); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (!strata_tir_is_for(p))
      return false;
    MlirValue iv = strata_tir_for_induction_var(p);
    bool dep = false;
    for (intptr_t i = 1; i < mlirOperationGetNumOperands(view) && !dep; ++i)
      dep = depends_on(mlirOperationGetOperand(view, i), iv, root, 0);
    int64_t extent = 0;
    if (!dep && !(strata_tir_const_extent(p, &extent) && extent == 1))
      return false;
    if (mlirOperationEqual(p, root))
      return true;
  }
  return false;
}

static bool is_float_zero(MlirValue v) {
  if (!mlirValueIsAOpResult(v) || !strata_op_is(mlirOpResultGetOwner(v), "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(mlirOpResultGetOwner(v),
                                                    mlirStringRefCreateFromCString("value"));
  return mlirAttributeIsAFloat(a) && mlirFloatAttrGetValueDouble(a) == 0.0;
}

/* The users of X, sorted by role. */
typedef struct {
  MlirOperation view;                 /* the call's subview */
  strata_op_list_t loads, init_stores, dead, deallocs;
  strata_op_list_t later; /* any other use after the product's nest (a consumer's view) */
  MlirOperation init;                 /* the zero-fill nest */
} uses_t;

static void free_uses(uses_t *u) {
  strata_op_list_free(&u->loads);
  strata_op_list_free(&u->init_stores);
  strata_op_list_free(&u->dead);
  strata_op_list_free(&u->deallocs);
  strata_op_list_free(&u->later);
}

/* `op` or its ancestor in root's block; null when root's block does not
 * enclose it. */
static MlirOperation in_root_block(MlirOperation op, MlirOperation root) {
  MlirBlock block = mlirOperationGetBlock(root);
  while (!mlirOperationIsNull(op) && !mlirBlockEqual(mlirOperationGetBlock(op), block))
    op = mlirOperationGetParentOperation(op);
  return op;
}

/* Whether `op`, or its ancestor in root's block, comes before `root`. */
static bool precedes(MlirOperation op, MlirOperation root) {
  op = in_root_block(op, root);
  if (mlirOperationIsNull(op))
    return false;
  for (MlirOperation p = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, root); p = mlirOperationGetNextInBlock(p))
    if (mlirOperationEqual(p, op))
      return true;
  return false;
}

/* Whether `op`'s ancestor in root's block comes after `root`. */
static bool follows(MlirOperation op, MlirOperation root) {
  op = in_root_block(op, root);
  if (mlirOperationIsNull(op))
    return false;
  for (MlirOperation p = mlirOperationGetNextInBlock(root); !mlirOperationIsNull(p);
       p = mlirOperationGetNextInBlock(p))
    if (mlirOperationEqual(p, op))
      return true;
  return false;
}

/* Whether `nest` is a tir.for before `root` in root's block. */
static bool nest_precedes(MlirOperation nest, MlirOperation root) {
  for (MlirOperation p = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, root); p = mlirOperationGetNextInBlock(p))
    if (mlirOperationEqual(p, nest))
      return strata_tir_is_for(p);
  return false;
}

/* What the nest `init` holds besides loops and pure ops: stores of zero
 * (`stores`) and anything else (`other`). */
typedef struct {
  int other, stores;
} init_scan_t;

static MlirWalkResult scan_init(MlirOperation op, void *user) {
  init_scan_t *s = user;
  if (strata_op_is(op, "memref.store")) {
    if (is_float_zero(mlirOperationGetOperand(op, 0)))
      s->stores++;
    else
      s->other++;
  } else if (!strata_tir_is_for(op) && !strata_tir_is_pure(op) && !strata_op_is(op, "gpu.yield"))
    s->other++;
  return MlirWalkResultAdvance;
}

/* Sorts X's users; false when one has no role (steps 1-2 refuse). */
static bool classify(MlirValue x, MlirOperation call, MlirOperation root, uses_t *u) {
  MlirOperation init = {NULL};
  for (MlirOpOperand use = mlirValueGetFirstUse(x); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (strata_op_is(user, "memref.subview") &&
        mlirValueEqual(mlirOperationGetOperand(call, 2), mlirOperationGetResult(user, 0)))
      u->view = user;
    else if (strata_op_is(user, "memref.load"))
      strata_op_list_push(&u->loads, user);
    else if (strata_op_is(user, "memref.store") && mlirOpOperandGetOperandNumber(use) == 1 &&
             strata_tir_is_for(mlirOperationGetParentOperation(user))) {
      /* A store of the zero-fill: all in one nest before the product's. */
      MlirOperation nest = strata_tir_nest_root(mlirOperationGetParentOperation(user));
      if (!mlirOperationIsNull(init) && !mlirOperationEqual(init, nest))
        return false;
      init = nest;
      strata_op_list_push(&u->init_stores, user);
    }
    else if (strata_op_is(user, "memref.dealloc"))
      strata_op_list_push(&u->deallocs, user);
    else if ((strata_op_is(user, "memref.expand_shape") ||
              strata_op_is(user, "memref.collapse_shape")) &&
             mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(user, 0))))
      strata_op_list_push(&u->dead, user);
    else if (follows(user, root)) /* reads X once the product has written all of it */
      strata_op_list_push(&u->later, user);
    else
      return false;
  }
  if (mlirOperationIsNull(u->view) || mlirOperationIsNull(init) || !nest_precedes(init, root))
    return false;
  /* Every load of X comes after the zero-fill is gone: in or after the
   * product's nest (a load in between would have read the zeros). */
  for (size_t i = 0; i < u->loads.count; ++i) {
    MlirOperation l = u->loads.ops[i];
    if (!strata_tir_nested_in(l, root) && precedes(l, root))
      return false;
  }
  /* The call's subview is used by the call only. */
  MlirOpOperand vu = mlirValueGetFirstUse(mlirOperationGetResult(u->view, 0));
  if (mlirOpOperandIsNull(vu) || !mlirOpOperandIsNull(mlirOpOperandGetNextUse(vu)))
    return false;
  init_scan_t s = {0, 0};
  mlirOperationWalk(init, scan_init, &s, MlirWalkPreOrder);
  if (s.other || s.stores != (int)u->init_stores.count)
    return false;
  u->init = init;
  return true;
}

/* Whether `v` is defined before `root` in root's block, or is an argument
 * of a block enclosing it. */
static bool defined_before(MlirValue v, MlirOperation root) {
  if (mlirValueIsABlockArgument(v))
    return strata_tir_nested_in(root, mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v)));
  MlirOperation def = mlirOpResultGetOwner(v);
  for (MlirOperation p = mlirBlockGetFirstOperation(mlirOperationGetBlock(root));
       !mlirOperationIsNull(p) && !mlirOperationEqual(p, root); p = mlirOperationGetNextInBlock(p))
    if (mlirOperationEqual(p, def))
      return true;
  return false;
}

/* The store after `load` in its block that writes the same indices, or
 * null. */
static MlirOperation paired_store(MlirOperation load) {
  intptr_t n = mlirOperationGetNumOperands(load);
  for (MlirOperation p = mlirOperationGetNextInBlock(load); !mlirOperationIsNull(p);
       p = mlirOperationGetNextInBlock(p)) {
    if (!strata_op_is(p, "memref.store") || mlirOperationGetNumOperands(p) != n + 1)
      continue;
    bool same = true;
    for (intptr_t i = 1; i < n && same; ++i)
      same = mlirValueEqual(mlirOperationGetOperand(load, i), mlirOperationGetOperand(p, i + 1));
    if (same)
      return p;
  }
  return (MlirOperation){NULL};
}

typedef struct {
  MlirValue y;
  bool read;
} read_scan_t;

static MlirWalkResult scan_reads(MlirOperation op, void *user) {
  read_scan_t *s = user;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op) && !s->read; ++i)
    if (mlirValueEqual(mlirOperationGetOperand(op, i), s->y) && !strata_op_is(op, "memref.store"))
      s->read = true;
  return s->read ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

/* Step 3's destination Y, or null. */
static MlirValue destination(MlirValue x, MlirOperation root, const uses_t *u) {
  MlirValue y = {NULL};
  if (u->loads.count == 0)
    return y;
  for (size_t i = 0; i < u->loads.count; ++i) {
    MlirOperation st = paired_store(u->loads.ops[i]);
    if (!strata_tir_nested_in(u->loads.ops[i], root) || mlirOperationIsNull(st))
      return (MlirValue){NULL};
    MlirValue dest = mlirOperationGetOperand(st, 1);
    if (!mlirValueIsNull(y) && !mlirValueEqual(y, dest))
      return (MlirValue){NULL};
    y = dest;
  }
  if (mlirValueEqual(y, x) || !mlirTypeEqual(mlirValueGetType(y), mlirValueGetType(x)) ||
      !defined_before(y, root))
    return (MlirValue){NULL};
  read_scan_t s = {y, false};
  mlirOperationWalk(root, scan_reads, &s, MlirWalkPreOrder);
  return s.read ? (MlirValue){NULL} : y;
}

static void rewrite(MlirOperation call, MlirOperation root) {
  MlirOperation view = strata_hwi_call_tile_acc_view(call);
  if (mlirOperationIsNull(view))
    return;
  MlirValue x = mlirOperationGetOperand(view, 0);
  if (!mlirValueIsAOpResult(x) || !strata_op_is(mlirOpResultGetOwner(x), "tir.alloc_buffer") ||
      !whole_sum(call, view, root))
    return;
  uses_t u = {0};
  if (classify(x, call, root, &u)) {
    MlirContext ctx = mlirOperationGetContext(call);
    mlirOperationSetAttributeByName(call, mlirStringRefCreateFromCString("overwrite"),
                                    mlirUnitAttrGet(ctx));
    mlirOperationDestroy(u.init);
    /* X's other readers need X itself: then it is not replaced by Y. */
    MlirValue y = u.later.count ? (MlirValue){NULL} : destination(x, root, &u);
    if (!mlirValueIsNull(y)) {
      for (size_t i = 0; i < u.dead.count; ++i)
        mlirOperationDestroy(u.dead.ops[i]);
      for (size_t i = 0; i < u.deallocs.count; ++i)
        mlirOperationDestroy(u.deallocs.ops[i]);
      mlirValueReplaceAllUsesOfWith(x, y);
      mlirOperationDestroy(mlirOpResultGetOwner(x));
    }
  }
  free_uses(&u);
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_product_in_place_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t tiles = {0};
  strata_op_list_collect(module, (const char *const[]){"hwi.call_tile", NULL}, &tiles);
  for (size_t i = 0; i < tiles.count; ++i) {
    MlirOperation parent = mlirOperationGetParentOperation(tiles.ops[i]);
    if (strata_tir_is_for(parent))
      rewrite(tiles.ops[i], strata_tir_nest_root(parent));
  }
  strata_op_list_free(&tiles);
  return mlirLogicalResultSuccess();
}
