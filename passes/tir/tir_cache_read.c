/* tir-cache-read: the `cache_read` schedule primitive with scope "packed"
 * (operand packing, the layout change fast GEMM needs). The input buffer
 * [.., R, C] that a compute's nest reads is copied, before the nest, into
 * contiguous panels of `width` columns, [.., ceil(C/w), R, w] (columns past
 * C are zeros, so a micro-kernel may read whole panels); the panel loop of
 * the copy runs in parallel. Every load of the buffer inside the nest then
 * reads Bp[.., j div w, r, j mod w] instead of B[.., r, j], which
 * tensorize sees through (tir_linear.h), and the packed buffer is freed
 * after the nest. Packing the whole buffer (rather than one block per
 * iteration of a chosen loop, the optional `axis` of the trace step) costs
 * one pass over the input and keeps each micro-kernel's panel contiguous,
 * which is what removes the cache-conflict misses of power-of-two strides.
 * With transpose, the input is [.., C, R] (read as B[.., j, k], e.g. dense
 * weights [out, in]) and packs into the same [.., ceil(C/w), R, w] panels,
 * so a transposed B reaches the same micro-kernel.
 * Inputs are the buffers the nest loads but never stores, counted in order
 * of first load (the order of the compute's te.read ops).
 * Exports strata_tir_cache_read_packed (schedule.h) and the pass record. */
#include <stdio.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/MemRef.h>

#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_RANK = 8, MAX_BUFFERS = 32 };

typedef struct {
  strata_op_list_t loads, stores;
} accesses_t;

static MlirWalkResult collect_accesses(MlirOperation op, void *user) {
  accesses_t *a = user;
  if (strata_op_is(op, "memref.load"))
    strata_op_list_push(&a->loads, op);
  else if (strata_op_is(op, "memref.store"))
    strata_op_list_push(&a->stores, op);
  return MlirWalkResultAdvance;
}

/* True if the nest stores to `m` (its output, or an accumulator). */
static bool written(const accesses_t *a, MlirValue m) {
  for (size_t i = 0; i < a->stores.count; ++i)
    if (mlirValueEqual(mlirOperationGetOperand(a->stores.ops[i], 1), m))
      return true;
  return false;
}

/* What one element of the copy nest needs. */
typedef struct {
  MlirValue src, dst;
  intptr_t rank, rdim, cdim; /* source rank, its row and panel (column) dims */
  const MlirValue *ivs;      /* outer dims.., p */
  MlirValue base;            /* p * w */
  MlirType elem;
} panel_t;

/* Bp[.., p, r, q] = B[.., r, p*w + q] (with rdim/cdim placing r and the
 * column in the source), or 0 for the padding. */
static void panel_element(strata_builder_t *b, const panel_t *pn, MlirValue r, MlirValue q,
                          bool copy) {
  MlirValue v;
  if (copy) {
    MlirValue load_ops[1 + MAX_RANK];
    load_ops[0] = pn->src;
    for (intptr_t d = 0; d + 2 < pn->rank; ++d)
      load_ops[1 + d] = pn->ivs[d];
    load_ops[1 + pn->rdim] = r;
    load_ops[1 + pn->cdim] = strata_tir_index_op(b, "arith.addi", pn->base, q);
    v = strata_build_value(b, "memref.load", 1 + pn->rank, load_ops, pn->elem, 0, NULL);
  } else {
    v = strata_build_scalar(b, pn->elem, 0.0);
  }
  MlirValue store_ops[3 + MAX_RANK];
  store_ops[0] = v;
  store_ops[1] = pn->dst;
  for (intptr_t l = 0; l + 1 < pn->rank; ++l)
    store_ops[2 + l] = pn->ivs[l];
  store_ops[1 + pn->rank] = r;
  store_ops[2 + pn->rank] = q;
  strata_build_op(b, "memref.store", 3 + pn->rank, store_ops, 0, NULL, 0, NULL);
}

/* The copy nest: for outer.., p (parallel), r:
 *   n = min(w, C - p*w)
 *   for q in [0, n): Bp[.., p, r, q] = B[.., r, p*w + q]
 *   for q in [n, w): Bp[.., p, r, q] = 0
 * Both inner loops are affine and contiguous, so LLVM vectorizes them (a
 * clamped index in one loop would turn the loads into gathers). */
static void build_pack_nest(strata_builder_t *b, MlirValue src, MlirValue dst, intptr_t rank,
                            const MlirValue *dims, MlirValue panels, int64_t width,
                            int64_t input, bool transposed) {
  MlirValue zero = strata_build_index(b, 0), one = strata_build_index(b, 1);
  MlirValue w = strata_build_index(b, width);
  /* Normal: B[.., r, c] with c the panel dim; transposed: B[.., c, r]. */
  intptr_t cdim = transposed ? rank - 2 : rank - 1, rdim = transposed ? rank - 1 : rank - 2;
  MlirValue cols = dims[cdim];
  MlirValue ubs[MAX_RANK], ivs[MAX_RANK + 1];
  for (intptr_t d = 0; d + 2 < rank; ++d)
    ubs[d] = dims[d];
  ubs[rank - 2] = panels;
  strata_builder_t at = *b;
  for (intptr_t l = 0; l + 1 < rank; ++l) { /* outer dims, p */
    char name[64];
    if (l < rank - 2)
      snprintf(name, sizeof name, "pack%lld.d%ld", (long long)input, (long)l);
    else
      snprintf(name, sizeof name, "pack%lld.p", (long long)input);
    MlirOperation loop = strata_tir_build_for(&at, zero, ubs[l], one, name,
                                              l == rank - 2 ? "parallel" : "serial");
    ivs[l] = strata_tir_for_induction_var(loop);
    at = strata_builder_at_end(strata_tir_for_body(loop), b->loc);
  }
  /* columns of this panel: n = min(w, C - p*w) */
  MlirValue base = strata_tir_index_op(&at, "arith.muli", ivs[rank - 2], w);
  MlirValue count = strata_tir_index_op(&at, "arith.minsi", w,
                                        strata_tir_index_op(&at, "arith.subi", cols, base));
  MlirType elem = mlirShapedTypeGetElementType(mlirValueGetType(src));
  /* Loops (r, q) normally, (q, r) when transposed, so the source is read
   * contiguously; q runs over [0, n) copying, then [n, w) storing zeros. */
  panel_t pn = {src, dst, rank, rdim, cdim, ivs, base, elem};
  char rname[64], qname[64], padname[64];
  snprintf(rname, sizeof rname, "pack%lld.r", (long long)input);
  snprintf(qname, sizeof qname, "pack%lld.q", (long long)input);
  snprintf(padname, sizeof padname, "pack%lld.pad", (long long)input);
  if (!transposed) {
    MlirOperation rl = strata_tir_build_for(&at, zero, dims[rdim], one, rname, "serial");
    strata_builder_t rin = strata_builder_at_end(strata_tir_for_body(rl), b->loc);
    for (int part = 0; part < 2; ++part) {
      MlirOperation ql = strata_tir_build_for(&rin, part == 0 ? zero : count,
                                              part == 0 ? count : w, one,
                                              part == 0 ? qname : padname, "serial");
      strata_builder_t qin = strata_builder_at_end(strata_tir_for_body(ql), b->loc);
      panel_element(&qin, &pn, strata_tir_for_induction_var(rl),
                    strata_tir_for_induction_var(ql), part == 0);
    }
    return;
  }
  for (int part = 0; part < 2; ++part) {
    MlirOperation ql = strata_tir_build_for(&at, part == 0 ? zero : count, part == 0 ? count : w,
                                            one, part == 0 ? qname : padname, "serial");
    strata_builder_t qin = strata_builder_at_end(strata_tir_for_body(ql), b->loc);
    MlirOperation rl = strata_tir_build_for(&qin, zero, dims[rdim], one, rname, "serial");
    strata_builder_t rin = strata_builder_at_end(strata_tir_for_body(rl), b->loc);
    panel_element(&rin, &pn, strata_tir_for_induction_var(rl), strata_tir_for_induction_var(ql),
                  part == 0);
  }
}

MlirLogicalResult strata_tir_cache_read_packed(MlirOperation root, int64_t input, int64_t width,
                                               bool transposed) {
  char compute[128];
  strata_tir_compute_name(root, compute, sizeof compute);
  if (width <= 0)
    return strata_emit_error(root, "cache_read of compute '%s': width must be positive", compute);
  accesses_t acc = {0};
  mlirOperationWalk(root, collect_accesses, &acc, MlirWalkPreOrder);
  strata_op_list_t loads = acc.loads;
  MlirValue buffers[MAX_BUFFERS];
  int nbuf = 0;
  for (size_t i = 0; i < loads.count; ++i) {
    MlirValue m = mlirOperationGetOperand(loads.ops[i], 0);
    bool seen = written(&acc, m);
    for (int k = 0; k < nbuf; ++k)
      seen |= mlirValueEqual(buffers[k], m);
    if (!seen && nbuf < MAX_BUFFERS)
      buffers[nbuf++] = m;
  }
  strata_op_list_free(&acc.stores);
  if (input < 0 || input >= nbuf) {
    strata_op_list_free(&loads);
    return strata_emit_error(root,
                             "cache_read of compute '%s': input %lld does not exist (the nest "
                             "reads %d buffers)",
                             compute, (long long)input, nbuf);
  }
  MlirValue src = buffers[input];
  MlirType st = mlirValueGetType(src);
  intptr_t rank = mlirShapedTypeGetRank(st);
  if (rank < 2 || rank > MAX_RANK - 1) {
    strata_op_list_free(&loads);
    return strata_emit_error(root,
                             "cache_read of compute '%s': input %lld has rank %ld; packing into "
                             "panels needs rank 2 to %d",
                             compute, (long long)input, (long)rank, MAX_RANK - 1);
  }
  if (strata_tir_defined_inside(src, root)) {
    strata_op_list_free(&loads);
    return strata_emit_error(root, "cache_read of compute '%s': input %lld is defined inside the "
                                   "nest", compute, (long long)input);
  }

  /* Shapes: [.., R, C] -> [.., P = ceil(C/w), R, w]. */
  strata_builder_t b = strata_builder_before(root);
  MlirValue dims[MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    dims[d] = strata_build_dim(&b, src, d);
  int64_t shape[MAX_RANK + 1];
  MlirValue dyn[MAX_RANK + 1];
  int ndyn = 0;
  int64_t dynamic = mlirShapedTypeGetDynamicSize();
  for (intptr_t d = 0; d + 2 < rank; ++d) {
    shape[d] = mlirShapedTypeGetDimSize(st, d);
    if (mlirShapedTypeIsDynamicDim(st, d))
      dyn[ndyn++] = dims[d];
  }
  /* The panel (column) dim and the row dim of the source. */
  intptr_t cdim = transposed ? rank - 2 : rank - 1, rdim = transposed ? rank - 1 : rank - 2;
  MlirValue panels;
  if (!mlirShapedTypeIsDynamicDim(st, cdim)) {
    int64_t c = mlirShapedTypeGetDimSize(st, cdim);
    shape[rank - 2] = (c + width - 1) / width;
    panels = strata_build_index(&b, shape[rank - 2]);
  } else {
    shape[rank - 2] = dynamic;
    panels = strata_tir_index_op(&b, "arith.ceildivsi", dims[cdim], strata_build_index(&b, width));
    dyn[ndyn++] = panels;
  }
  shape[rank - 1] = mlirShapedTypeGetDimSize(st, rdim);
  if (mlirShapedTypeIsDynamicDim(st, rdim))
    dyn[ndyn++] = dims[rdim];
  shape[rank] = width;
  MlirContext ctx = mlirOperationGetContext(root);
  MlirType pt = mlirMemRefTypeContiguousGet(mlirShapedTypeGetElementType(st), rank + 1, shape,
                                            mlirAttributeGetNull());
  MlirNamedAttribute scope = strata_named(ctx, "scope", strata_string_attr(ctx, "packed"));
  MlirValue packed = strata_build_value(&b, "tir.alloc_buffer", ndyn, dyn, pt, 1, &scope);
  build_pack_nest(&b, src, packed, rank, dims, panels, width, input, transposed);

  /* Loads in the nest read the panels. */
  for (size_t i = 0; i < loads.count; ++i) {
    MlirOperation ld = loads.ops[i];
    if (!mlirValueEqual(mlirOperationGetOperand(ld, 0), src))
      continue;
    strata_builder_t lb = strata_builder_before(ld);
    MlirValue w = strata_build_index(&lb, width);
    MlirValue ops[2 + MAX_RANK];
    ops[0] = packed;
    for (intptr_t d = 0; d + 2 < rank; ++d)
      ops[1 + d] = mlirOperationGetOperand(ld, 1 + d);
    MlirValue row = mlirOperationGetOperand(ld, 1 + rdim), col = mlirOperationGetOperand(ld, 1 + cdim);
    ops[rank - 1] = strata_tir_index_op(&lb, "arith.divui", col, w);
    ops[rank] = row;
    ops[rank + 1] = strata_tir_index_op(&lb, "arith.remui", col, w);
    MlirValue v = strata_build_value(&lb, "memref.load", rank + 2, ops,
                                     mlirValueGetType(mlirOperationGetResult(ld, 0)), 0, NULL);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(ld, 0), v);
    mlirOperationDestroy(ld);
  }
  strata_op_list_free(&loads);

  strata_builder_t after = strata_builder_before(mlirOperationGetNextInBlock(root));
  strata_build_op(&after, "memref.dealloc", 1, &packed, 0, NULL, 0, NULL);
  return mlirLogicalResultSuccess();
}

/* --- the pass ----------------------------------------------------------- */

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_cache_read_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation root;
  if (mlirLogicalResultIsFailure(strata_tir_single_root(
          module, strata_pass_options_get_string(opts, "compute"), true, "tir-cache-read",
          "%s matches several nests (choose one with compute=)", &root)))
    return mlirLogicalResultFailure();
  return strata_tir_cache_read_packed(root, strata_pass_options_get_int(opts, "input"),
                                      strata_pass_options_get_int(opts, "width"),
                                      strata_pass_options_get_bool(opts, "transpose"));
}
