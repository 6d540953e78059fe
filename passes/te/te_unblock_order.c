/* te-default-schedule's loop order for an injective compute that reads a
 * channel-blocked tensor back into a plain layout: the NCHW view of a
 * direct convolution's NCHW{B}c product (lowering/graph_to_te_conv_direct.c),
 * merged by te-inline with the bias / BatchNorm / residual / activation ops
 * after it.
 *
 * Such a compute out[n, o, oh, ow] = f(cv[n, o / B, oh, ow, o % B], ...)
 * written in its natural order (o outside, oh and ow inside) reads cv at a
 * stride of B floats and comes back to the same cache lines only after a
 * whole channel plane: on ResNet-18's 112x112 stem (cv 3.2 MB) that is
 * every line from memory B times, 20 ms where the product takes 3 (loaded
 * machine, 1 thread). Ordered by channel block first,
 *
 *   split o [B]; reorder [n, o.0, oh, o.1, ow]
 *
 * one (o.0, oh) step reads one cv row of OW x B floats (28 KB at B = 64,
 * OW = 112: in L1) and writes B contiguous output rows of OW. The trace
 * keeps the default's parallel loop: the first axis of extent >= 2 among
 * the outer ones (o.0 when there are several blocks, else the rows).
 *
 * Recognised in the body: a te.read whose last index is
 * arith.remui(%d, B) and another index arith.divui(%d, B) of the same
 * spatial axis %d (not the innermost), with B a constant > 1 that divides
 * the axis' extent.
 *
 * The other direction, a channels-last copy of a blocked tensor: when %d is
 * the compute's innermost axis (the direct convolution's padded input
 * xp[n, hp, ph, wq, c] reading the previous convolution's product through
 * its NCHW view, cv[n, c / B, ih, iw, c % B], merged with its bias,
 * residual and activation), both sides are contiguous along c within a
 * block, but the division hides it: LLVM left the copies scalar (the
 * stride-2 ones, with a residual, 0.11-0.24 ms each on ResNet-18). Every
 * such read sharing one B, the trace is
 *
 *   split c [B]; vectorize c.1; parallel (the first outer axis >= 2)
 *
 * tir-simplify-index turns (c.0 * B + c.1) / B and % B into c.0 and c.1,
 * and convert-tir-to-scf's vectorizer then makes each block one vector
 * load and store per read (B <= 64 lanes). Reads of two blocks B0 < B1
 * (a residual sum of products on different tiles, B0 dividing B1): split
 * c [B1], c.1 [B0], vectorize c.1.1. A read of a plain NCHW tensor in the
 * same copy (a max pool's output as the residual) is a gather, and the
 * vectorizer leaves that loop scalar, as before. */
#include "passes/te/te_unblock_order.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/te/te_schedule_steps.h"

typedef struct {
  MlirBlock body;
  intptr_t ns;
  intptr_t axis; /* the blocked axis, -1 while none is found */
  int64_t block;
  /* the B of the reads blocked on the innermost axis: at most two values,
   * inner[0] < inner[1] (0: none); too_many when there are more */
  int64_t inner[2];
  bool too_many;
} unblock_t;

/* The spatial axis whose block argument v is, or -1. */
static intptr_t spatial_axis(const unblock_t *u, MlirValue v) {
  if (!mlirValueIsABlockArgument(v) || !mlirBlockEqual(mlirBlockArgumentGetOwner(v), u->body))
    return -1;
  intptr_t i = mlirBlockArgumentGetArgNumber(v);
  return i < u->ns ? i : -1;
}

/* For v = `op`(%d, B) with %d a spatial axis and B a constant: the axis,
 * with B in *b; else -1. */
static intptr_t axis_op_const(const unblock_t *u, MlirValue v, const char *op, int64_t *b) {
  if (!mlirValueIsAOpResult(v))
    return -1;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!strata_op_is(def, op) || !strata_constant_int(mlirOperationGetOperand(def, 1), b))
    return -1;
  return spatial_axis(u, mlirOperationGetOperand(def, 0));
}

static MlirWalkResult find_blocked_read(MlirOperation op, void *user) {
  unblock_t *u = user;
  if (u->axis >= 0 || !strata_op_is(op, "te.read"))
    return MlirWalkResultAdvance;
  intptr_t n = mlirOperationGetNumOperands(op);
  if (n < 3)
    return MlirWalkResultAdvance;
  int64_t b = 0, q = 0;
  intptr_t d = axis_op_const(u, mlirOperationGetOperand(op, n - 1), "arith.remui", &b);
  if (d < 0 || b < 2)
    return MlirWalkResultAdvance;
  for (intptr_t i = 1; i < n - 1; ++i)
    if (axis_op_const(u, mlirOperationGetOperand(op, i), "arith.divui", &q) == d && q == b) {
      if (d < u->ns - 1) {
        u->axis = d;
        u->block = b;
      } else if (b != u->inner[0] && b != u->inner[1]) {
        if (u->inner[1])
          u->too_many = true;
        else if (!u->inner[0] || b > u->inner[0])
          u->inner[u->inner[0] ? 1 : 0] = b;
        else {
          u->inner[1] = u->inner[0];
          u->inner[0] = b;
        }
      }
      break;
    }
  return MlirWalkResultAdvance;
}

/* The trace of a channels-last copy of a blocked tensor (see the header):
 * split the innermost axis by B, vectorize the lanes, parallel on the
 * first outer axis of extent >= 2. Reads of two blocks B0 < B1 (a residual
 * add of products tiled differently, B1 a multiple of B0): split by B1,
 * then the lanes by B0 (c = c.0 * B1 + c.1.0 * B0 + c.1.1, which
 * tir-simplify-index divides exactly by either), vectorize c.1.1. Null
 * when the blocks do not divide the axis or B0 exceeds the vectorizer's
 * lanes. */
static MlirAttribute channels_last_trace(MlirOperation op, MlirType rt, intptr_t ns,
                                         const int64_t blocks[2], int64_t parallel_min_elements) {
  intptr_t last = ns - 1;
  int64_t block = blocks[1] ? blocks[1] : blocks[0], lanes = blocks[0];
  if (lanes > STRATA_TE_MAX_VECTOR_LANES || block % lanes != 0 ||
      mlirShapedTypeGetDimSize(rt, last) % block != 0)
    return (MlirAttribute){NULL};
  int64_t total = 1;
  for (intptr_t d = 0; d < ns; ++d)
    total *= mlirShapedTypeGetDimSize(rt, d);
  char name[64], outer[64], par[160] = "", text[512];
  for (intptr_t d = 0; d < last && total >= parallel_min_elements; ++d)
    if (mlirShapedTypeGetDimSize(rt, d) >= 2) {
      strata_te_compute_axis_name(op, d, outer, sizeof outer);
      snprintf(par, sizeof par, ", {prim = \"parallel\", axis = \"%s\"}", outer);
      break;
    }
  strata_te_compute_axis_name(op, last, name, sizeof name);
  char second[160] = "";
  if (lanes < block)
    snprintf(second, sizeof second,
             "{prim = \"split\", axis = \"%s.1\", factors = array<i64: %lld>}, ", name,
             (long long)lanes);
  int w = snprintf(text, sizeof text,
                   "[{prim = \"split\", axis = \"%s\", factors = array<i64: %lld>}, %s"
                   "{prim = \"vectorize\", axis = \"%s.1%s\"}%s]",
                   name, (long long)block, second, name, lanes < block ? ".1" : "", par);
  if (w < 0 || (size_t)w >= sizeof text)
    return (MlirAttribute){NULL};
  return mlirAttributeParseGet(mlirOperationGetContext(op), mlirStringRefCreateFromCString(text));
}

MlirAttribute strata_te_unblock_trace(MlirOperation op, int64_t parallel_min_elements) {
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  intptr_t ns = strata_te_compute_num_spatial(op);
  if (!mlirShapedTypeHasStaticShape(rt) || ns < 2 || ns > 12 ||
      mlirShapedTypeGetRank(rt) != ns)
    return (MlirAttribute){NULL};
  MlirRegion region = mlirOperationGetRegion(op, 0);
  unblock_t u = {mlirRegionGetFirstBlock(region), ns, -1, 0, {0, 0}, false};
  mlirOperationWalk(op, find_blocked_read, &u, MlirWalkPreOrder);
  if (u.axis < 0 && u.inner[0] > 1 && !u.too_many)
    return channels_last_trace(op, rt, ns, u.inner, parallel_min_elements);
  if (u.axis < 0 || mlirShapedTypeGetDimSize(rt, u.axis) % u.block != 0)
    return (MlirAttribute){NULL};
  int64_t total = 1;
  for (intptr_t d = 0; d < ns; ++d)
    total *= mlirShapedTypeGetDimSize(rt, d);
  /* order: the axes before it, its blocks, the axes after it but the
   * innermost, its lanes, the innermost */
  char name[64], order[768] = "", par[160] = "", text[1200];
  size_t len = 0;
  const char *parallel = NULL;
  char par_name[72] = "";
  intptr_t axes[16];
  const char *suffixes[16];
  int count = 0;
  for (intptr_t d = 0; d < ns - 1; ++d) {
    axes[count] = d;
    suffixes[count++] = d == u.axis ? ".0" : "";
  }
  axes[count] = u.axis;
  suffixes[count++] = ".1";
  axes[count] = ns - 1;
  suffixes[count++] = "";
  for (int k = 0; k < count; ++k) {
    strata_te_compute_axis_name(op, axes[k], name, sizeof name);
    len += (size_t)snprintf(order + len, sizeof order - len, "%s\"%s%s\"", k ? ", " : "", name,
                            suffixes[k]);
    if (len >= sizeof order)
      return (MlirAttribute){NULL};
    int64_t extent = mlirShapedTypeGetDimSize(rt, axes[k]);
    if (axes[k] == u.axis)
      extent = *suffixes[k] && suffixes[k][1] == '0' ? extent / u.block : u.block;
    if (!parallel && k < ns - 1 && extent >= 2) {
      snprintf(par_name, sizeof par_name, "%s%s", name, suffixes[k]);
      parallel = par_name;
    }
  }
  if (parallel && total >= parallel_min_elements)
    snprintf(par, sizeof par, ", {prim = \"parallel\", axis = \"%s\"}", parallel);
  strata_te_compute_axis_name(op, u.axis, name, sizeof name);
  int w = snprintf(text, sizeof text,
                   "[{prim = \"split\", axis = \"%s\", factors = array<i64: %lld>}, "
                   "{prim = \"reorder\", order = [%s]}%s]",
                   name, (long long)u.block, order, par);
  if (w < 0 || (size_t)w >= sizeof text)
    return (MlirAttribute){NULL};
  return mlirAttributeParseGet(mlirOperationGetContext(op), mlirStringRefCreateFromCString(text));
}
