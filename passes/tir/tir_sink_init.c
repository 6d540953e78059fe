/* tir-sink-init: a reduction's initialization nest moves back into the
 * reduction's own loops, as deep as both nests share their loops.
 *
 * When a schedule reorders a reduction (the depthwise convolution's vector
 * rows: [n, c, oh, kh, kw, ow.0, ow.1]), strata_tir_make_perfect hoists
 * the init store out into a nest of its own ([n, c, oh, ow].init), placed
 * before the reduction's nest. That nest is a serial pass over the whole
 * output: on MobileNetV2's depthwise layers it zero-fills the accumulator
 * (up to 1.2 MB) from memory, outside every parallel loop (on 2 threads it
 * runs on one), before the reduction reads it all back.
 *
 * For each nest R carrying te.compute and the nearest nest I before it in
 * the same block whose only effects are stores of constants into one
 * buffer X that R stores into: the loops of I and R are matched from the
 * outside in while they have equal bounds and steps (I's loop at depth d
 * must be the only loop in I's body at depth d - 1; R's likewise). With D
 * matched loops (at least one of more than one iteration), I's loop at
 * depth D (or I's innermost body) moves to the start of the body of R's
 * loop at depth D - 1, I's induction variables replaced by R's, and I is
 * erased. D is the deepest matched depth at which, for each matched depth
 * d < D, every access to X in I and R (a load, a store, or the subview of
 * X a tensorized product's hwi.call_tile accumulates into, with size 1
 * there: the direct convolution's [n, ob, oh] rows around its pixel tiles,
 * whose pixel loop matches by bounds but indexes X with d3.0 * m) indexes
 * one same dimension with exactly R's (I's) induction variable of depth d: each iteration of the matched loops then initializes exactly
 * the slice of X it reduces into, right before it does (in L1, and inside
 * R's parallel loop when it is one of them), and no other iteration
 * touches that slice. X must have no other users before R. Anything else
 * stays as it was. Runs after tir-apply-schedule (after tir-fuse-epilogue
 * and tir-product-in-place in the default pipeline). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

enum { MAX_DEPTH = 16 };

static bool is_constant(MlirValue v) {
  return mlirValueIsAOpResult(v) && strata_op_is(mlirOpResultGetOwner(v), "arith.constant");
}

/* The buffer all stores of `nest` write, when its only effects are stores
 * of constants (and loops, pure ops); else null. */
typedef struct {
  MlirValue buffer;
  bool bad;
} init_scan_t;

static MlirWalkResult scan_init(MlirOperation op, void *user) {
  init_scan_t *s = user;
  if (strata_op_is(op, "memref.store")) {
    MlirValue buf = mlirOperationGetOperand(op, 1);
    if (!is_constant(mlirOperationGetOperand(op, 0)) ||
        (!mlirValueIsNull(s->buffer) && !mlirValueEqual(s->buffer, buf)))
      s->bad = true;
    s->buffer = buf;
  } else if (!strata_tir_is_for(op) && !strata_tir_is_pure(op) && !strata_op_is(op, "gpu.yield")) {
    s->bad = true;
  }
  return s->bad ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

static MlirValue init_buffer(MlirOperation nest) {
  init_scan_t s = {{NULL}, false};
  mlirOperationWalk(nest, scan_init, &s, MlirWalkPreOrder);
  return s.bad ? (MlirValue){NULL} : s.buffer;
}

static bool same_value(MlirValue a, MlirValue b) {
  int64_t x, y;
  return mlirValueEqual(a, b) ||
         (strata_constant_int(a, &x) && strata_constant_int(b, &y) && x == y);
}

static bool same_bounds(MlirOperation a, MlirOperation b) {
  for (intptr_t i = 0; i < 3; ++i)
    if (!same_value(mlirOperationGetOperand(a, i), mlirOperationGetOperand(b, i)))
      return false;
  return true;
}

/* Whether every access of X (a load or store with X as its memref) inside
 * `nest` indexes some dimension with exactly iv[d], for d < depth, at the
 * dimension dims[d] (chosen by the first access seen: dims[d] = -1). */
typedef struct {
  MlirValue x;
  const MlirValue *iv;
  int depth;
  int *dims;
  bool ok;
} access_check_t;

/* The index value of dimension k of X an access gives: a load's or store's
 * k-th index, or the offset of a memref.subview of X (a tensorized
 * product's C tile: static offsets have no operand); null for a static
 * offset, or when the subview is more than one element wide along k (then
 * it reaches beyond the slice of the loops matched there). */
static MlirValue access_index(MlirOperation op, intptr_t first, intptr_t k) {
  if (first > 0)
    return mlirOperationGetOperand(op, first + k);
  MlirAttribute so = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(
                                                             "static_offsets"));
  MlirAttribute ss =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("static_sizes"));
  if (mlirAttributeIsNull(so) || mlirAttributeIsNull(ss) ||
      mlirDenseArrayGetNumElements(so) <= k || mlirDenseI64ArrayGetElement(ss, k) != 1)
    return (MlirValue){NULL};
  intptr_t operand = 1;
  for (intptr_t d = 0; d < k; ++d)
    operand += mlirShapedTypeIsDynamicStrideOrOffset(mlirDenseI64ArrayGetElement(so, d));
  if (!mlirShapedTypeIsDynamicStrideOrOffset(mlirDenseI64ArrayGetElement(so, k)))
    return (MlirValue){NULL};
  return mlirOperationGetOperand(op, operand);
}

static MlirWalkResult check_access(MlirOperation op, void *user) {
  access_check_t *c = user;
  intptr_t first, rank;
  if (strata_op_is(op, "memref.load"))
    first = 1;
  else if (strata_op_is(op, "memref.store"))
    first = 2;
  else if (strata_op_is(op, "memref.subview"))
    first = 0;
  else
    return MlirWalkResultAdvance;
  if (!mlirValueEqual(mlirOperationGetOperand(op, first > 0 ? first - 1 : 0), c->x))
    return MlirWalkResultAdvance;
  if (first > 0)
    rank = mlirOperationGetNumOperands(op) - first;
  else
    rank = mlirShapedTypeGetRank(mlirValueGetType(c->x));
  for (int d = 0; d < c->depth && c->ok; ++d) {
    int found = -1;
    for (intptr_t k = 0; k < rank && found < 0; ++k) {
      MlirValue index = access_index(op, first, k);
      if (!mlirValueIsNull(index) && mlirValueEqual(index, c->iv[d]))
        found = (int)k;
    }
    if (found < 0 || (c->dims[d] >= 0 && c->dims[d] != found))
      c->ok = false;
    c->dims[d] = found;
  }
  return c->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

/* Every use of X is a load, store or subview in I or R, or comes after R. */
static bool uses_fit(MlirValue x, MlirOperation init, MlirOperation root) {
  MlirBlock block = mlirOperationGetBlock(root);
  for (MlirOpOperand u = mlirValueGetFirstUse(x); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    bool in_nests = strata_tir_nested_in(user, init) || strata_tir_nested_in(user, root);
    if (in_nests && !strata_op_is(user, "memref.load") && !strata_op_is(user, "memref.store") &&
        !strata_op_is(user, "memref.subview"))
      return false;
    if (in_nests)
      continue;
    /* Outside both: its ancestor in the block must follow R. */
    MlirOperation a = user;
    while (!mlirOperationIsNull(a) && !mlirBlockEqual(mlirOperationGetBlock(a), block))
      a = mlirOperationGetParentOperation(a);
    if (mlirOperationIsNull(a))
      continue; /* another block: not between I and R */
    for (MlirOperation p = mlirOperationGetNextInBlock(init); !mlirOperationIsNull(p) &&
                                                             !mlirOperationEqual(p, root);
         p = mlirOperationGetNextInBlock(p))
      if (mlirOperationEqual(p, a))
        return false;
  }
  return true;
}

/* Moves I's loop at depth `depth` (or its innermost body ops) into the start of
 * r[depth - 1]'s body, I's outer pure ops with it, and erases I. */
static void sink(MlirOperation *i, MlirOperation *r, int depth) {
  MlirBlock target = strata_tir_for_body(r[depth - 1]);
  MlirOperation anchor = mlirBlockGetFirstOperation(target);
  for (int d = 0; d < depth; ++d) {
    mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(i[d]),
                                  strata_tir_for_induction_var(r[d]));
    MlirBlock body = strata_tir_for_body(i[d]);
    MlirOperation op = mlirBlockGetFirstOperation(body);
    while (!mlirOperationIsNull(op)) {
      MlirOperation next = mlirOperationGetNextInBlock(op);
      bool deeper = d + 1 < depth && mlirOperationEqual(op, i[d + 1]);
      if (!deeper && !strata_op_is(op, "gpu.yield"))
        mlirOperationMoveBefore(op, anchor);
      op = next;
    }
  }
  mlirOperationDestroy(i[0]);
}

/* Whether one of the loops r[0..depth) has more than one iteration (else
 * sinking gains nothing). */
static bool useful_prefix(MlirOperation *r, int depth) {
  for (int d = 0; d < depth; ++d) {
    int64_t extent = 0;
    if (!(strata_tir_const_extent(r[d], &extent) && extent == 1))
      return true;
  }
  return false;
}

/* Whether each matched loop d < depth indexes one same dimension of every
 * access to X in I and R with its induction variable. */
static bool accesses_match(MlirValue x, MlirOperation init, MlirOperation root,
                           MlirOperation *i, MlirOperation *r, int depth) {
  int dims_i[MAX_DEPTH], dims_r[MAX_DEPTH];
  MlirValue iv_i[MAX_DEPTH], iv_r[MAX_DEPTH];
  for (int d = 0; d < depth; ++d) {
    dims_i[d] = dims_r[d] = -1;
    iv_i[d] = strata_tir_for_induction_var(i[d]);
    iv_r[d] = strata_tir_for_induction_var(r[d]);
  }
  access_check_t ci = {x, iv_i, depth, dims_i, true}, cr = {x, iv_r, depth, dims_r, true};
  mlirOperationWalk(init, check_access, &ci, MlirWalkPreOrder);
  mlirOperationWalk(root, check_access, &cr, MlirWalkPreOrder);
  if (!ci.ok || !cr.ok)
    return false;
  for (int d = 0; d < depth; ++d)
    if (dims_i[d] != dims_r[d] || dims_r[d] < 0)
      return false;
  return true;
}

static void sink_into(MlirOperation init, MlirOperation root) {
  MlirValue x = init_buffer(init);
  if (mlirValueIsNull(x) || !uses_fit(x, init, root))
    return;
  MlirOperation i[MAX_DEPTH], r[MAX_DEPTH];
  int depth = 0;
  MlirOperation a = init, b = root;
  while (depth < MAX_DEPTH && !mlirOperationIsNull(a) && !mlirOperationIsNull(b) &&
         same_bounds(a, b)) {
    i[depth] = a;
    r[depth++] = b;
    a = strata_tir_single_inner_loop(a);
    b = strata_tir_single_inner_loop(b);
  }
  /* The deepest prefix of the matched loops whose accesses all pass (the
   * tiled product's pixel loop matches the init's by bounds, but indexes
   * X with d3.0 * m, not d3.0: the row loop above it is taken). */
  for (; depth > 0; --depth) {
    if (!useful_prefix(r, depth))
      return;
    if (accesses_match(x, init, root, i, r, depth)) {
      sink(i, r, depth);
      return;
    }
  }
}

static void run_on_block_of(MlirOperation root) {
  bool is_compute;
  MlirOperation init = strata_tir_nest_before(root, &is_compute);
  if (!mlirOperationIsNull(init) && !is_compute)
    sink_into(init, root);
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_sink_init_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t roots = {0};
  strata_tir_collect_roots(module, "", &roots);
  for (size_t k = 0; k < roots.count; ++k)
    run_on_block_of(roots.ops[k]);
  strata_op_list_free(&roots);
  return mlirLogicalResultSuccess();
}
