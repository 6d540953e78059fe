/* te-inline: TVM's compute_inline applied where it always pays. A te.compute
 * without reduce axes whose result is only read by other computes (not
 * returned, not used by any other op) is substituted into each reader: the
 * producer's body is cloned at every `te.read` of it, with the producer's
 * axes replaced by the read's indices, and the producer disappears. Chains
 * of elementwise ops become one loop nest with no intermediate buffers.
 * Readers with reduce axes (matmul, conv) only take producers that move data
 * (reads, index arithmetic, selects, constants: pad, transpose, broadcast),
 * since inlining arithmetic there would recompute it for every reduction
 * step, and never the operands of a matrix product (te_matmul.h): those
 * stay materialized so the product keeps the A[i, k] * B[k, j] form that
 * te-default-schedule packs and tensorizes (a transpose or an im2col copy
 * costs O(size), the product O(M*N*K)). Producers with dynamic extents
 * are inlined likewise, once their `tensor.dim` uses are replaced by the
 * extents they stand for (forward_dims). */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_matmul.h"
#include "passes/te/te_passes.h"
#include "strata/pass.h"

/* True if the body only moves data: no floating-point or math work. */
static bool moves_data_only(MlirOperation compute) {
  MlirBlock body = strata_te_compute_body(compute);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
    bool cheap = strata_op_is(op, "te.read") || strata_op_is(op, "gpu.yield") ||
                 strata_op_is(op, "arith.constant") || strata_op_is(op, "arith.select") ||
                 strata_op_is(op, "arith.cmpi") || strata_op_is(op, "arith.index_cast") ||
                 strata_op_is(op, "arith.andi") || strata_op_is(op, "arith.ori") ||
                 ((n.length > 6 && !memcmp(n.data, "arith.", 6)) &&
                  mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(op, 0))));
    if (!cheap)
      return false;
  }
  return true;
}

static bool has_regions_in_body(MlirOperation compute) {
  MlirBlock body = strata_te_compute_body(compute);
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (mlirOperationGetNumRegions(op) > 0)
      return true;
  return false;
}

/* A producer with dynamic extents is also used by `tensor.dim` ops (its
 * readers' extents, a reshape's sizes): each becomes the extent itself,
 * the producer's operand for a dynamic dimension (its operands are the
 * dynamic result extents, in order) or a constant, so that reads remain
 * its only uses. Returns false (nothing changed) when a tensor.dim's
 * index is not a constant. */
static bool forward_dims(MlirOperation producer) {
  MlirValue result = mlirOperationGetResult(producer, 0);
  MlirType rt = mlirValueGetType(result);
  strata_op_list_t dims = {0};
  bool ok = true;
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    int64_t d;
    if (!strata_op_is(user, "tensor.dim"))
      continue;
    if (!strata_constant_int(mlirOperationGetOperand(user, 1), &d) || d < 0 ||
        d >= mlirShapedTypeGetRank(rt)) {
      ok = false;
      break;
    }
    strata_op_list_push(&dims, user);
  }
  for (size_t i = 0; ok && i < dims.count; ++i) {
    MlirOperation dim = dims.ops[i];
    int64_t d;
    strata_constant_int(mlirOperationGetOperand(dim, 1), &d);
    MlirValue extent;
    if (mlirShapedTypeIsDynamicDim(rt, d)) {
      intptr_t k = 0;
      for (int64_t e = 0; e < d; ++e)
        k += mlirShapedTypeIsDynamicDim(rt, e);
      extent = mlirOperationGetOperand(producer, k);
    } else {
      strata_builder_t b = strata_builder_before(dim);
      extent = strata_build_index(&b, mlirShapedTypeGetDimSize(rt, d));
    }
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(dim, 0), extent);
    mlirOperationDestroy(dim);
  }
  strata_op_list_free(&dims);
  return ok;
}

/* Collects the reads of `producer`; false if it has any other kind of use
 * or a reader it must not be inlined into. */
static bool collect_reads(MlirOperation producer, strata_op_list_t *reads) {
  bool data_only = moves_data_only(producer);
  MlirValue result = mlirOperationGetResult(producer, 0);
  for (MlirOpOperand use = mlirValueGetFirstUse(result); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    if (!strata_op_is(user, "te.read") || mlirOpOperandGetOperandNumber(use) != 0)
      return false;
    MlirOperation reader = strata_te_enclosing_compute(user);
    if (mlirOperationIsNull(reader) ||
        (strata_te_compute_num_reduce(reader) > 0 && !data_only))
      return false;
    /* A reduction scheduled at lowering (the direct convolution) reads its
     * operands as its schedule expects (tensorize). */
    if (strata_te_compute_num_reduce(reader) > 0 &&
        !mlirAttributeIsNull(strata_te_compute_schedule(reader)))
      return false;
    strata_te_matmul_t mm;
    if (strata_te_match_matmul(reader, &mm) &&
        (mlirOperationEqual(user, mm.a_read) || mlirOperationEqual(user, mm.b_read)))
      return false;
    strata_op_list_push(reads, user);
  }
  return reads->count > 0;
}

/* Value map for one cloning: producer block args and cloned results. */
typedef struct {
  MlirValue *from, *to;
  size_t count, cap;
} value_map_t;

static void map_add(value_map_t *m, MlirValue from, MlirValue to) {
  if (m->count == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 32;
    m->from = realloc(m->from, m->cap * sizeof *m->from);
    m->to = realloc(m->to, m->cap * sizeof *m->to);
  }
  m->from[m->count] = from;
  m->to[m->count++] = to;
}

static MlirValue map_get(const value_map_t *m, MlirValue v) {
  for (size_t i = m->count; i-- > 0;)
    if (mlirValueEqual(m->from[i], v))
      return m->to[i];
  return v; /* defined outside the producer: dominates the reader too */
}

/* Replaces `read` by a copy of `producer`'s body evaluated at its indices. */
static void inline_at(MlirOperation producer, MlirOperation read) {
  MlirBlock body = strata_te_compute_body(producer);
  MlirBlock read_block = mlirOperationGetBlock(read);
  value_map_t map = {0};
  for (intptr_t i = 0; i < mlirBlockGetNumArguments(body); ++i)
    map_add(&map, mlirBlockGetArgument(body, i), strata_te_read_index(read, i));
  MlirValue yielded = {NULL};
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (strata_op_is(op, "gpu.yield")) {
      yielded = map_get(&map, mlirOperationGetOperand(op, 0));
      break;
    }
    MlirOperation copy = mlirOperationClone(op);
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(copy); ++i)
      mlirOperationSetOperand(copy, i, map_get(&map, mlirOperationGetOperand(op, i)));
    mlirBlockInsertOwnedOperationBefore(read_block, read, copy);
    for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
      map_add(&map, mlirOperationGetResult(op, i), mlirOperationGetResult(copy, i));
  }
  mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(read, 0), yielded);
  mlirOperationDestroy(read);
  free(map.from);
  free(map.to);
}

/* One sweep over the computes, consumers before producers. Inlining a
 * producer only changes its readers (later computes, already visited) and
 * only destroys the producer itself, so one sweep reaches the fixed point
 * and every handle stays valid. In this order each producer is cloned with
 * its own body, not with everything inlined into it before: a chain of N
 * elementwise computes costs O(N), where producers-first re-cloned the
 * growing body at every step (and restarted the sweep), O(N^2) or worse. */
static void inline_all(MlirOperation module) {
  strata_op_list_t computes = {0};
  strata_op_list_collect(module, (const char *const[]){"te.compute", NULL}, &computes);
  for (size_t i = computes.count; i-- > 0;) {
    MlirOperation p = computes.ops[i];
    if (strata_te_compute_num_reduce(p) > 0 || has_regions_in_body(p) ||
        (mlirOperationGetNumOperands(p) > 0 && !forward_dims(p)))
      continue; /* reductions stay */
    strata_op_list_t reads = {0};
    if (collect_reads(p, &reads)) {
      for (size_t r = 0; r < reads.count; ++r)
        inline_at(p, reads.ops[r]);
      mlirOperationDestroy(p);
    }
    strata_op_list_free(&reads);
  }
  strata_op_list_free(&computes);
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_inline_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  inline_all(module);
  return mlirLogicalResultSuccess();
}
