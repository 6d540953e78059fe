/* The vector-row rule of te-default-schedule: window reductions (pooling,
 * depthwise and grouped convolutions) whose reads walk the innermost
 * spatial axis at stride 1 or 2 get that axis split into vectors, the
 * reduce axes outside the vector loop, the vector loop vectorized, and
 * with knobs the width, loop order, unrolling and parallel axis as a
 * search space. Measured choices are documented where they are made. */
#include "passes/te/te_row_vectors.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "dialects/te/te_trace.h"
#include "passes/te/te_schedule_steps.h"

/* Largest stride of a row read that still gets vector rows (the vector
 * code reads it with one wide load and a shuffle: tir_loop_vectorizer). */
enum { MAX_ROW_STRIDE = 2 };

/* The coefficient of `arg` in the index `v`: 0 (independent), k in
 * 1..MAX_ROW_STRIDE (k * arg plus an independent term, possibly guarded:
 * select(in, k * arg + c, 0) as padding makes), or -1 (anything else: a
 * larger stride, a division, ...). */
static int row_coefficient(MlirValue v, MlirValue arg) {
  if (mlirValueEqual(v, arg))
    return 1;
  if (!strata_te_depends_on(v, arg))
    return 0;
  MlirOperation def = mlirOpResultGetOwner(v);
  MlirValue a = mlirOperationGetNumOperands(def) > 0 ? mlirOperationGetOperand(def, 0) : v;
  MlirValue b = mlirOperationGetNumOperands(def) > 1 ? mlirOperationGetOperand(def, 1) : v;
  if (strata_op_is(def, "arith.addi")) {
    int x = row_coefficient(a, arg), y = row_coefficient(b, arg);
    return x < 0 || y < 0 || (x && y) ? -1 : x + y;
  }
  if (strata_op_is(def, "arith.subi"))
    return strata_te_depends_on(b, arg) ? -1 : row_coefficient(a, arg);
  if (strata_op_is(def, "arith.muli")) {
    int64_t k = 0;
    MlirValue other = strata_te_depends_on(a, arg) ? a : b,
              factor = strata_te_depends_on(a, arg) ? b : a;
    if (strata_te_depends_on(factor, arg) || !strata_constant_int(factor, &k))
      return -1;
    int x = row_coefficient(other, arg);
    return x == 1 && k >= 1 && k <= MAX_ROW_STRIDE ? (int)k : -1;
  }
  if (strata_op_is(def, "arith.select") && mlirOperationGetNumOperands(def) == 3) {
    int x = row_coefficient(b, arg);
    return x > 0 && !strata_te_depends_on(mlirOperationGetOperand(def, 2), arg) ? x : -1;
  }
  return -1;
}

/* Whether the index `v` does not involve `arg`, but perhaps through the
 * condition of a guard (select(in, i, 0) with `in` testing the row's
 * index, as padding makes): lanes then read one row or a fallback. */
static bool guarded_independent(MlirValue v, MlirValue arg) {
  if (!strata_te_depends_on(v, arg))
    return true;
  if (!mlirValueIsAOpResult(v))
    return false; /* the axis itself */
  MlirOperation def = mlirOpResultGetOwner(v);
  return strata_op_is(def, "arith.select") && mlirOperationGetNumOperands(def) == 3 &&
         !strata_te_depends_on(mlirOperationGetOperand(def, 1), arg) &&
         !strata_te_depends_on(mlirOperationGetOperand(def, 2), arg);
}

typedef struct {
  MlirValue axis; /* the innermost spatial axis' block argument */
  int stride;     /* the largest coefficient of axis in a last index; 0: unfit */
} rows_check_t;

static bool check_read(MlirOperation op, void *user) {
  rows_check_t *c = user;
  intptr_t n = mlirOperationGetNumOperands(op);
  for (intptr_t i = 1; i < n; ++i) {
    MlirValue index = mlirOperationGetOperand(op, i);
    int k = i + 1 < n ? (guarded_independent(index, c->axis) ? 0 : -1)
                      : row_coefficient(index, c->axis);
    if (k < 0) {
      c->stride = 0;
      return false;
    }
    if (k > c->stride)
      c->stride = k;
  }
  return true;
}

/* The stride at which the reads of `op` walk memory along its innermost
 * spatial axis (each last index is k times that axis plus a term
 * independent of it, k <= MAX_ROW_STRIDE, or does not involve it; no other
 * index does): the largest k, 1 for contiguous rows; 0 when some read does
 * not qualify. Such an axis can be vector lanes (pooling, depthwise and
 * grouped convolutions, stride 1 or 2; not a row sum, whose reads run
 * along the reduce axis). */
static int row_stride(MlirOperation op) {
  intptr_t ns = strata_te_compute_num_spatial(op);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, 0));
  rows_check_t c = {.axis = mlirBlockGetArgument(body, ns - 1), .stride = 1};
  strata_te_walk_reads(op, check_read, &c);
  return c.stride;
}

/* Rows narrower than this are not vectorized (strided rows: narrower
 * than MIN_STRIDED_VECTOR_ROW; measured, 512x7x7 at stride 2 took 0.102
 * ms with vector rows, 0.085 ms scalar). */
enum { MIN_VECTOR_ROW = 4, MIN_STRIDED_VECTOR_ROW = 8 };

/* Window reductions of at least this many iterations run their first
 * spatial axis of extent >= 2 (the channels) in parallel. Measured on
 * MobileNet's 3x3 depthwise layers at 2 threads: 1.6-1.8x faster from
 * 1024x7x7 (451k iterations: 0.063 -> 0.040 ms) to 32x112x112; at 1
 * thread the parallel loop costs within the noise (0.075 vs 0.064 ms,
 * 0.158 vs 0.169 ms). */
#define ROW_PARALLEL_MIN_ITERATIONS 262144.0

/* The default vector width of a row of `extent` elements: the whole row
 * up to 32 elements, else the widest of 32, 16, 8 that divides it, else
 * 16. Measured on 3x3 depthwise layers (1 thread, AVX-512): whole rows of
 * 7, 14, 28 beat every split of them; 56 is fastest in 8s, 112 in 16s or
 * 32s, and masked tails cost. At stride 2 (each vector a wide load of
 * stride x width elements and a shuffle): rows of 8 to 15 take 8 lanes,
 * shorter ones the whole row; rows of 14 were fastest in 8s
 * (docs/schedules.md). A max pool at stride 2
 * (no products: a max per tap) takes 8 lanes: ResNet-18's 3x3 pool of
 * 64x112x112, rows of 56, 0.94 ms CPU time with 8 lanes vs 1.33 with 4
 * (median of 200 runs, 1 thread, loaded; docs/convolution.md).
 * Other strided rows of at least 16 take host_lanes / stride lanes (at
 * least 4), so that each wide load is one register: at stride 2, 8 on
 * AVX-512 and 4 on AVX2 (4 everywhere before). MobileNetV2's 96-channel 112 -> 56
 * depthwise layer + ReLU6, 1 thread, AVX-512 (Intel Xeon, 2 cores,
 * loaded): 0.54-0.55 ms (min of 200 runs) with 8 lanes vs 0.87-0.90 with
 * 4; the 144-channel 56 -> 28 layer 0.39-0.45 vs 0.44-0.46. */
static int64_t default_vector_width(int64_t extent, int stride, bool max_pool,
                                    int64_t host_lanes) {
  if (stride > 1 && max_pool)
    return extent >= 8 ? 8 : extent;
  if (stride > 1) { /* each vector is a wide load and a shuffle */
    int64_t lanes = host_lanes / stride >= 4 ? host_lanes / stride : 4;
    return extent >= 16 ? lanes : extent >= 8 ? 8 : extent;
  }
  if (extent <= 32)
    return extent;
  for (int64_t w = 32; w >= 8; w /= 2)
    if (extent % w == 0)
      return w;
  return 16;
}

/* The loop order of a vector-row trace: the spatial axes but the row, then
 * the reduce axes, then the row's vector blocks (d.0, d.1: each tap of a
 * window updates a row of accumulators in memory), or (taps_inside) the
 * row's block loop d.0 before the reduce axes (a block's accumulators stay
 * in registers across the taps when they are unrolled). */
static MlirAttribute row_order(MlirContext ctx, MlirOperation op, bool taps_inside) {
  return strata_te_axis_order(ctx, op, taps_inside, ".0", ".1");
}

static MlirWalkResult find_mulf(MlirOperation op, void *user) {
  if (strata_op_is(op, "arith.mulf")) {
    *(bool *)user = true;
    return MlirWalkResultInterrupt;
  }
  return MlirWalkResultAdvance;
}

/* Whether the default trace of a vector-row reduction unrolls its two
 * innermost reduce loops (the kh x kw taps): sums of products (depthwise
 * and grouped convolutions; not pooling). LLVM then keeps each tap's
 * weight in a register and schedules the rows' loads, stores and FMAs
 * across taps. MobileNetV2's 3x3 depthwise layers + ReLU6, 1 thread
 * (Intel Xeon, 2 cores, loaded; min of 200 runs, two rounds): 960 ch 7x7
 * 0.11-0.12 ms vs 0.16-0.17; 384 ch 14x14 0.11-0.14 vs 0.17-0.18; 144 ch
 * 56 -> 28 0.25-0.28 vs 0.38-0.46; 144 ch 56x56 0.40-0.43 vs 0.44-0.48;
 * 96 ch 112 -> 56 the same. Taps inside the vector blocks (accumulators
 * in registers) measured worse on rows of 56. */
static bool unrolls_taps(MlirOperation op) {
  bool found = false;
  if (strata_te_compute_combiner(op) == STRATA_TE_COMBINER_ADD)
    mlirOperationWalk(op, find_mulf, &found, MlirWalkPreOrder);
  return found;
}

/* Reductions whose reads walk the innermost spatial axis at stride 1 or 2
 * (row_stride) and whose row has at least MIN_VECTOR_ROW elements
 * (MIN_STRIDED_VECTOR_ROW at stride 2):
 * split the row into vectors of the default width, the reduce axes
 * outside them, the vector loop vectorized (convert-tir-to-scf gives it
 * vector code; padded windows become masked loads), and from
 * ROW_PARALLEL_MIN_ITERATIONS the first spatial axis in parallel. With
 * knobs (from 4096 iterations): "vector" (the width: the default, then 4,
 * 8, 16, 32, 64 and the whole row, each at most the row), "order" (taps
 * outside the vector blocks, or inside them), "unroll" (the two innermost
 * reduce loops unrolled fully, up to 16 taps each, or not) and "parallel"
 * (the first spatial axis, the default's choice first): the template-free
 * space of pooling and depthwise layers. Sums of products (unrolls_taps)
 * have their taps unrolled by default (the unroll knob's first choice). */
MlirAttribute strata_te_row_vector_trace(MlirContext ctx, MlirOperation op, bool knobs,
                                         int64_t host_lanes) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  int64_t extent = mlirShapedTypeGetDimSize(rt, ns - 1);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute steps[8];
  int n = 0;
  int64_t widths[8];
  int nw = 0;
  bool max_pool = strata_te_compute_combiner(op) == STRATA_TE_COMBINER_MAX;
  widths[nw++] = default_vector_width(extent, row_stride(op), max_pool, host_lanes);
  for (int64_t w = 4; knobs && w <= STRATA_TE_MAX_VECTOR_LANES; w *= 2)
    if (w <= extent && w != widths[0])
      widths[nw++] = w;
  if (knobs && extent <= STRATA_TE_MAX_VECTOR_LANES && extent != widths[0] &&
      (extent & (extent - 1)))
    widths[nw++] = extent;
  MlirAttribute width_attrs[8];
  for (int i = 0; i < nw; ++i)
    width_attrs[i] = mlirDenseI64ArrayGet(ctx, 1, &widths[i]);
  steps[n++] =
      strata_te_split_step(ctx, strata_te_axis_name_attr(ctx, op, ns - 1, ""),
                           knobs ? strata_te_knob(ctx, "vector", nw, width_attrs) : width_attrs[0]);
  MlirAttribute orders[2] = {row_order(ctx, op, false), row_order(ctx, op, true)};
  MlirNamedAttribute of =
      strata_named(ctx, "order", knobs ? strata_te_knob(ctx, "order", 2, orders) : orders[0]);
  steps[n++] = strata_te_step_attr(ctx, "reorder", 1, &of);
  steps[n++] =
      strata_te_axis_step(ctx, "vectorize", strata_te_axis_name_attr(ctx, op, ns - 1, ".1"));
  bool parallel = strata_te_iterations(op) >= ROW_PARALLEL_MIN_ITERATIONS;
  bool unroll = unrolls_taps(op);
  for (intptr_t r = nr - 1; (knobs || unroll) && r >= 0 && r >= nr - 2; --r) {
    int64_t taps = strata_te_compute_reduce_extent(op, r);
    if (taps < 2 || (!knobs && taps > 16))
      continue;
    MlirAttribute factors[2] = {mlirIntegerAttrGet(i64, 1),
                                mlirIntegerAttrGet(i64, taps <= 16 ? taps : 4)};
    if (unroll) { /* the default first */
      MlirAttribute f = factors[0];
      factors[0] = factors[1];
      factors[1] = f;
    }
    MlirNamedAttribute uf[2] = {
        strata_named(ctx, "axis", strata_te_axis_name_attr(ctx, op, ns + r, "")),
        strata_named(ctx, "factor",
                     knobs ? strata_te_knob(ctx, "unroll", 2, factors) : factors[0])};
    steps[n++] = strata_te_step_attr(ctx, "unroll", 2, uf);
  }
  if (!knobs) {
    MlirAttribute par =
        parallel ? strata_te_parallel_step(ctx, op, ns - 1, false, true) : (MlirAttribute){NULL};
    if (!mlirAttributeIsNull(par))
      steps[n++] = par;
    return mlirArrayAttrGet(ctx, n, steps);
  }
  MlirAttribute par = strata_te_parallel_step(ctx, op, ns - 1, true, parallel);
  if (!mlirAttributeIsNull(par))
    steps[n++] = par;
  return mlirArrayAttrGet(ctx, n, steps);
}

/* Whether `op` (a reduction, not a matrix product) gets the vector-row
 * trace: static f32/f64 result and reduce extents, a row of at least
 * MIN_VECTOR_ROW elements, contiguous reads. */
bool strata_te_wants_row_vectors(MlirOperation op) {
  intptr_t ns = strata_te_compute_num_spatial(op), nr = strata_te_compute_num_reduce(op);
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType et = mlirShapedTypeGetElementType(rt);
  if (!mlirShapedTypeHasStaticShape(rt) || !(mlirTypeIsAF32(et) || mlirTypeIsAF64(et)))
    return false;
  for (intptr_t r = 0; r < nr; ++r)
    if (strata_te_compute_reduce_extent(op, r) < 1)
      return false;
  int64_t row = mlirShapedTypeGetDimSize(rt, ns - 1);
  int stride = row_stride(op);
  return stride > 0 && row >= (stride > 1 ? MIN_STRIDED_VECTOR_ROW : MIN_VECTOR_ROW);
}
