/* tir-compact-buffers: an intermediate buffer whose every access, in some
 * dimension, is indexed by exactly the induction variable of one serial
 * loop gets that dimension cut to 1 (TVM's CompactBufferAllocation, for
 * the loop-carried case only).
 *
 * The depthwise convolutions (vector rows, order [n, c, oh, kh, kw, ow])
 * reduce each output row into a row of a whole-output accumulator
 * (MobileNetV2: up to 1.8 MB), and the fused bias / ReLU6 reads it back
 * right after (tir-sink-init, tir-reverse-compute-at): every row is used
 * in one iteration of the (n, oh) loops only, yet the buffer spans the
 * output, so each row is a fresh line that is later written back to
 * memory. With [n, oh] cut to 1 the accumulator is [1, C, 1, OW]
 * (21 KB at 96 x 56): it stays in L1/L2.
 *
 * For each tir.alloc_buffer X of static shape whose users are only
 * memref.load / memref.store (as the memref) and memref.dealloc: a
 * dimension d is cut when every access indexes it with one same value v,
 * the induction variable of a tir.for L of kind "serial". Every access
 * then lies inside L (v is L's block argument), iteration i of L touches
 * only the slice d = i, and no access outside L reads it, so all
 * iterations can share one slice (one iteration's values are never read
 * by another). Concurrency: for every non-serial loop P around L
 * (parallel, vectorized), all accesses must also index some dimension not
 * cut with exactly P's induction variable, so concurrent iterations of P
 * still use distinct slices (the depthwise channel loop). The cut
 * dimensions' indices become the constant 0; the rank is kept. Anything
 * else stays as it was. Runs after tir-sink-init in the default
 * pipeline. */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <string.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

enum { MAX_RANK = 16 };

/* The position of the first index operand of a load / store of X, or -1
 * when `op` is not one (X as the memref, not as a stored value). */
static intptr_t first_index(MlirOperation op, MlirValue x) {
  if (strata_op_is(op, "memref.load") && mlirValueEqual(mlirOperationGetOperand(op, 0), x))
    return 1;
  if (strata_op_is(op, "memref.store") && mlirValueEqual(mlirOperationGetOperand(op, 1), x) &&
      !mlirValueEqual(mlirOperationGetOperand(op, 0), x))
    return 2;
  return -1;
}

/* The loads and stores of X; false if X has any other user than those and
 * memref.dealloc. */
static bool collect_accesses(MlirValue x, strata_op_list_t *out) {
  for (MlirOpOperand u = mlirValueGetFirstUse(x); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (strata_op_is(user, "memref.dealloc"))
      continue;
    if (first_index(user, x) < 0)
      return false;
    strata_op_list_push(out, user);
  }
  return out->count > 0;
}

static MlirValue index_of(MlirOperation access, MlirValue x, intptr_t d) {
  return mlirOperationGetOperand(access, first_index(access, x) + d);
}

/* The tir.for whose induction variable is v, or null. */
static MlirOperation loop_of(MlirValue v) {
  if (!mlirValueIsABlockArgument(v))
    return (MlirOperation){NULL};
  MlirOperation owner = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(v));
  if (mlirOperationIsNull(owner) || !strata_tir_is_for(owner) ||
      !mlirValueEqual(strata_tir_for_induction_var(owner), v))
    return (MlirOperation){NULL};
  return owner;
}

static bool is_serial(MlirOperation loop) {
  MlirAttribute kind = mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("kind"));
  if (mlirAttributeIsNull(kind) || !mlirAttributeIsAString(kind))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(kind);
  return s.length == 6 && strncmp(s.data, "serial", 6) == 0;
}

/* The dimension every access indexes with exactly v (-1 if none). */
static intptr_t dim_indexed_by(const strata_op_list_t *acc, MlirValue x, intptr_t rank,
                               MlirValue v) {
  for (intptr_t d = 0; d < rank; ++d) {
    bool all = true;
    for (size_t k = 0; k < acc->count && all; ++k)
      all = mlirValueEqual(index_of(acc->ops[k], x, d), v);
    if (all)
      return d;
  }
  return -1;
}

/* Every non-serial loop around `loop` keeps a dimension of its own that
 * is not cut. */
static bool concurrency_safe(MlirOperation loop, const strata_op_list_t *acc, MlirValue x,
                             intptr_t rank, const bool *cut) {
  for (MlirOperation p = mlirOperationGetParentOperation(loop); !mlirOperationIsNull(p);
       p = mlirOperationGetParentOperation(p)) {
    if (!strata_tir_is_for(p) || is_serial(p))
      continue;
    intptr_t d = dim_indexed_by(acc, x, rank, strata_tir_for_induction_var(p));
    if (d < 0 || cut[d])
      return false;
  }
  return true;
}

/* Replaces X by a buffer with the dimensions `cut` of size 1 and their
 * indices 0. */
static void rebuild(MlirOperation alloc, const strata_op_list_t *acc, const bool *cut) {
  MlirValue x = mlirOperationGetResult(alloc, 0);
  MlirType t = mlirValueGetType(x);
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = cut[d] ? 1 : mlirShapedTypeGetDimSize(t, d);
  MlirType nt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(t), rank, shape,
                                            mlirMemRefTypeGetMemorySpace(t));
  intptr_t na = mlirOperationGetNumAttributes(alloc);
  MlirNamedAttribute attrs[8];
  for (intptr_t a = 0; a < na && a < 8; ++a)
    attrs[a] = mlirOperationGetAttribute(alloc, a);
  strata_builder_t b = strata_builder_before(alloc);
  MlirValue nx = strata_build_value(&b, "tir.alloc_buffer", 0, NULL, nt, na < 8 ? na : 8, attrs);
  MlirValue zero = strata_build_index(&b, 0);
  for (size_t k = 0; k < acc->count; ++k) {
    intptr_t first = first_index(acc->ops[k], x);
    for (intptr_t d = 0; d < rank; ++d)
      if (cut[d])
        mlirOperationSetOperand(acc->ops[k], first + d, zero);
  }
  mlirValueReplaceAllUsesOfWith(x, nx);
  mlirOperationDestroy(alloc);
}

static void compact(MlirOperation alloc) {
  if (mlirOperationGetNumOperands(alloc) != 0 || mlirOperationGetNumResults(alloc) != 1)
    return;
  MlirValue x = mlirOperationGetResult(alloc, 0);
  MlirType t = mlirValueGetType(x);
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return;
  intptr_t rank = mlirShapedTypeGetRank(t);
  if (rank < 1 || rank > MAX_RANK)
    return;
  strata_op_list_t acc = {0};
  if (!collect_accesses(x, &acc)) {
    strata_op_list_free(&acc);
    return;
  }
  bool cut[MAX_RANK] = {false};
  MlirOperation loops[MAX_RANK];
  bool any = false;
  for (intptr_t d = 0; d < rank; ++d) {
    if (mlirShapedTypeGetDimSize(t, d) <= 1)
      continue;
    MlirValue v = index_of(acc.ops[0], x, d);
    MlirOperation loop = loop_of(v);
    if (mlirOperationIsNull(loop) || !is_serial(loop))
      continue;
    bool same = true;
    for (size_t k = 1; k < acc.count && same; ++k)
      same = mlirValueEqual(index_of(acc.ops[k], x, d), v);
    if (same)
      cut[d] = any = true, loops[d] = loop;
  }
  for (intptr_t d = 0; d < rank && any; ++d)
    if (cut[d] && !concurrency_safe(loops[d], &acc, x, rank, cut))
      any = false;
  if (any)
    rebuild(alloc, &acc, cut);
  strata_op_list_free(&acc);
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_compact_buffers_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  static const char *const names[] = {"tir.alloc_buffer", NULL};
  strata_op_list_t allocs = {0};
  strata_op_list_collect(module, names, &allocs);
  for (size_t k = 0; k < allocs.count; ++k)
    compact(allocs.ops[k]);
  strata_op_list_free(&allocs);
  return mlirLogicalResultSuccess();
}
