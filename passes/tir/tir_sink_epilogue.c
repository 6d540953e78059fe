/* tir-sink-epilogue: an epilogue that tir-fuse-epilogue cannot put on the
 * register tiles moves into the product's outer loops it shares, so it
 * runs per slice (an output row) while the slice is in cache.
 *
 * tir-reverse-compute-at needs the consumer to read the product P at
 * exactly its own loop variables. The direct convolution's epilogue
 * (lowering/graph_to_te_conv_direct.c: the NCHW view of the NCHW{B}c
 * product, with the bias and the fused ReLU / Clip) reads
 * P[n, o / B, oh, ow, o % B] in the order [n, o.0, oh, o.1, ow]
 * (te_unblock_order.c): a transposition of the tile, which it refuses.
 * When nothing else consumes the conv's output inside a later conv's padded
 * input copy (te-inline merges it there; the stem, whose consumer is the
 * max pool, and the last layer), the epilogue was a separate pass over the
 * whole product (3.2 MB on ResNet-18's stem) after it was written.
 *
 * The depthwise convolution on padded planes
 * (lowering/graph_to_te_conv_depthwise.c) has the same shape of problem:
 * its epilogue reads acc[n, c, oh * Wq + ow], not the vector loop's
 * variables, and was a pass of its own over acc. Sunk into such a
 * product (a vectorized loop, no tile), the epilogue's innermost loop
 * (an output row, 2 to MAX_ROW_LANES elements) is also vectorized: a row
 * of 7 or 14 pixels was a scalar loop.
 *
 * For each nest C carrying te.compute and the nearest nest P before it in
 * the same block (a te.compute holding hwi.call_tile ops or a vectorized
 * loop) such that
 *   - P writes one buffer X only (its stores, and its tiles' C subviews),
 *     and C reads X (memref.load) and writes other buffers, none of which
 *     P uses;
 *   - only constants, pure ops, allocations and memref.get_global lie
 *     between them (they move before P);
 * the loops of P and C are matched from the outside in while their bounds
 * and steps are equal (each the single loop of the one above). Of the
 * matched prefix, the deepest D is taken such that for every matched loop
 * d < D of more than one iteration every access to X in P and in C
 * indexes one same dimension with exactly that loop's induction variable
 * (a subview of X with size 1 there; or, in C, (iv * c + y) / c with y a
 * loop variable below c: the quotient of a split axis): iteration d of P
 * then completes exactly the slice of X that iteration d of C reads. When
 * P's loop d is parallel, every store of C must also index some dimension
 * with d's variable (or iv * c + y as above), so C's iterations write
 * disjoint locations there. C's loops below D must be serial. C's
 * remaining loops (and the index arithmetic of its outer loops) move to
 * the end of the body of P's loop D - 1, C's induction variables replaced
 * by P's, and C is erased. Anything else stays as it was. Runs after
 * tir-sink-init (which puts P's zero-fill in the same loop), before
 * strata-outline-kernels. */
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/pass.h"

enum { MAX_DEPTH = 16, MAX_ROW_LANES = 32 };

static bool is_math(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length > 5 && !memcmp(n.data, "math.", 5) && mlirOperationGetNumRegions(op) == 0;
}

/* The one buffer the producer nest writes (its stores and its tiles' C
 * subviews), and whether it holds a tile at all. */
typedef struct {
  MlirValue x;
  bool bad, tiled, rows;
} writes_t;

static void note_write(writes_t *w, MlirValue buffer) {
  if (!mlirValueIsNull(w->x) && !mlirValueEqual(w->x, buffer))
    w->bad = true;
  w->x = buffer;
}

static MlirWalkResult scan_producer(MlirOperation op, void *user) {
  writes_t *w = user;
  if (strata_op_is(op, "memref.store")) {
    note_write(w, mlirOperationGetOperand(op, 1));
  } else if (strata_op_is(op, "hwi.call_tile")) {
    MlirValue acc = mlirOperationGetOperand(op, 2);
    if (!mlirValueIsAOpResult(acc) || !strata_op_is(mlirOpResultGetOwner(acc), "memref.subview"))
      w->bad = true;
    else
      note_write(w, mlirOperationGetOperand(mlirOpResultGetOwner(acc), 0));
    w->tiled = true;
  } else if (strata_tir_is_for(op) && strata_tir_for_kind(op) == STRATA_TIR_LOOP_VECTORIZED) {
    w->rows = true;
  } else if (!strata_tir_is_for(op) && !strata_tir_is_pure(op) && !is_math(op) &&
             !strata_op_is(op, "memref.subview") && !strata_op_is(op, "memref.load") &&
             !strata_op_is(op, "gpu.yield")) {
    w->bad = true;
  }
  return w->bad ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

/* The consumer: loads (reading x at least once), stores to buffers that
 * are not x and that the producer does not use, loops, pure ops. */
typedef struct {
  MlirValue x;
  MlirOperation producer;
  bool bad, reads;
} consumer_scan_t;

static bool used_in(MlirValue v, MlirOperation nest) {
  for (MlirOpOperand u = mlirValueGetFirstUse(v); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u))
    if (strata_tir_nested_in(mlirOpOperandGetOwner(u), nest))
      return true;
  return false;
}

static MlirWalkResult scan_consumer(MlirOperation op, void *user) {
  consumer_scan_t *s = user;
  if (strata_op_is(op, "memref.load")) {
    s->reads |= mlirValueEqual(mlirOperationGetOperand(op, 0), s->x);
  } else if (strata_op_is(op, "memref.store")) {
    MlirValue y = mlirOperationGetOperand(op, 1);
    s->bad |= mlirValueEqual(y, s->x) || used_in(y, s->producer);
  } else if (!strata_tir_is_for(op) && !strata_tir_is_pure(op) && !is_math(op) &&
             !strata_op_is(op, "gpu.yield")) {
    s->bad = true;
  }
  return s->bad ? MlirWalkResultInterrupt : MlirWalkResultAdvance;
}

/* Index k of an access to x (load, store or subview offset; null when the
 * op is not one, does not access x, or a subview is wider than 1 along k
 * or has a static offset there), and the access's rank in *rank. */
static MlirValue access_index(MlirOperation op, MlirValue x, intptr_t k, intptr_t *rank) {
  *rank = 0;
  intptr_t first = strata_op_is(op, "memref.load")    ? 1
                   : strata_op_is(op, "memref.store") ? 2
                   : strata_op_is(op, "memref.subview") ? 0
                                                        : -1;
  if (first < 0 || !mlirValueEqual(mlirOperationGetOperand(op, first > 0 ? first - 1 : 0), x))
    return (MlirValue){NULL};
  *rank = mlirShapedTypeGetRank(mlirValueGetType(x));
  if (first > 0)
    return mlirOperationGetOperand(op, first + k);
  MlirAttribute so = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(
                                                             "static_offsets"));
  MlirAttribute ss =
      mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("static_sizes"));
  if (mlirAttributeIsNull(so) || mlirAttributeIsNull(ss) ||
      mlirDenseArrayGetNumElements(so) != *rank || mlirDenseI64ArrayGetElement(ss, k) != 1 ||
      !mlirShapedTypeIsDynamicStrideOrOffset(mlirDenseI64ArrayGetElement(so, k)))
    return (MlirValue){NULL};
  intptr_t operand = 1;
  for (intptr_t d = 0; d < k; ++d)
    operand += mlirShapedTypeIsDynamicStrideOrOffset(mlirDenseI64ArrayGetElement(so, d));
  return mlirOperationGetOperand(op, operand);
}

/* The op defining v when it is an `name` op, else null. */
static MlirOperation def_of(MlirValue v, const char *name) {
  if (!mlirValueIsAOpResult(v) || !strata_op_is(mlirOpResultGetOwner(v), name))
    return (MlirOperation){NULL};
  return mlirOpResultGetOwner(v);
}

/* Whether y is the induction variable of a tir.for from 0 with step 1 and
 * a constant extent of at most c. */
static bool loop_var_below(MlirValue y, int64_t c) {
  if (!mlirValueIsABlockArgument(y))
    return false;
  MlirOperation loop = mlirBlockGetParentOperation(mlirBlockArgumentGetOwner(y));
  int64_t lo, step, extent;
  return !mlirOperationIsNull(loop) && strata_tir_is_for(loop) &&
         strata_constant_int(mlirOperationGetOperand(loop, 0), &lo) && lo == 0 &&
         strata_constant_int(mlirOperationGetOperand(loop, 2), &step) && step == 1 &&
         strata_tir_const_extent(loop, &extent) && extent <= c;
}

/* Whether v is iv * c + y with y a loop variable below c (the value of a
 * split axis, injective in iv). */
static bool is_split(MlirValue v, MlirValue iv, int64_t c) {
  MlirOperation add = def_of(v, "arith.addi");
  if (mlirOperationIsNull(add))
    return false;
  for (int i = 0; i < 2; ++i) {
    MlirOperation mul = def_of(mlirOperationGetOperand(add, i), "arith.muli");
    if (mlirOperationIsNull(mul) || !loop_var_below(mlirOperationGetOperand(add, 1 - i), c))
      continue;
    for (int j = 0; j < 2; ++j) {
      int64_t m;
      if (mlirValueEqual(mlirOperationGetOperand(mul, j), iv) &&
          strata_constant_int(mlirOperationGetOperand(mul, 1 - j), &m) && m == c)
        return true;
    }
  }
  return false;
}

/* Whether index v is iv: iv itself, or (iv * c + y) / c as above (a split
 * axis's quotient: the epilogue's o / B with o = o.0 * B + o.1). */
static bool is_index(MlirValue v, MlirValue iv) {
  if (mlirValueEqual(v, iv))
    return true;
  MlirOperation div = def_of(v, "arith.divui");
  int64_t c;
  return !mlirOperationIsNull(div) && strata_constant_int(mlirOperationGetOperand(div, 1), &c) &&
         c > 0 && is_split(mlirOperationGetOperand(div, 0), iv, c);
}

/* Whether a store index v is injective in iv: iv, or iv * c + y as above. */
static bool injective_in(MlirValue v, MlirValue iv) {
  if (mlirValueEqual(v, iv))
    return true;
  MlirOperation add = def_of(v, "arith.addi");
  for (int i = 0; !mlirOperationIsNull(add) && i < 2; ++i) {
    MlirOperation mul = def_of(mlirOperationGetOperand(add, i), "arith.muli");
    int64_t c;
    for (int j = 0; !mlirOperationIsNull(mul) && j < 2; ++j)
      if (strata_constant_int(mlirOperationGetOperand(mul, 1 - j), &c) && c > 0 &&
          is_split(v, iv, c))
        return true;
  }
  return false;
}

/* Every access to x in a nest indexes dimension *dim with exactly iv
 * (*dim chosen by the first access: -1 before); with `stores`, every
 * store (to any buffer) indexes some dimension with iv instead. */
typedef struct {
  MlirValue x, iv;
  int *dim;
  bool stores, ok;
} index_check_t;

static MlirWalkResult check_index(MlirOperation op, void *user) {
  index_check_t *c = user;
  if (c->stores) {
    if (!strata_op_is(op, "memref.store"))
      return MlirWalkResultAdvance;
    bool found = false;
    for (intptr_t k = 2; k < mlirOperationGetNumOperands(op) && !found; ++k)
      found = injective_in(mlirOperationGetOperand(op, k), c->iv);
    c->ok = found;
    return c->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
  }
  intptr_t rank = 0;
  (void)access_index(op, c->x, 0, &rank);
  if (rank == 0)
    return MlirWalkResultAdvance;
  int found = -1;
  for (intptr_t k = 0; k < rank && found < 0; ++k) {
    MlirValue index = access_index(op, c->x, k, &rank);
    if (!mlirValueIsNull(index) && is_index(index, c->iv))
      found = (int)k;
  }
  if (found < 0 || (*c->dim >= 0 && *c->dim != found))
    c->ok = false;
  *c->dim = found;
  return c->ok ? MlirWalkResultAdvance : MlirWalkResultInterrupt;
}

static bool indexes_with(MlirOperation nest, MlirValue x, MlirValue iv, int *dim, bool stores) {
  index_check_t c = {x, iv, dim, stores, true};
  mlirOperationWalk(nest, check_index, &c, MlirWalkPreOrder);
  return c.ok;
}

static bool is_parallel(MlirOperation loop) {
  MlirAttribute k = mlirOperationGetAttributeByName(loop, mlirStringRefCreateFromCString("kind"));
  if (mlirAttributeIsNull(k) || !mlirAttributeIsAString(k))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(k);
  return s.length == 8 && !memcmp(s.data, "parallel", 8);
}

/* The matched prefix p[0..depth), c[0..depth) is legal (see the header). */
static bool prefix_legal(MlirValue x, MlirOperation *p, MlirOperation *c, int depth) {
  bool useful = false;
  for (int d = 0; d < depth; ++d) {
    int64_t extent = 0;
    if (strata_tir_const_extent(c[d], &extent) && extent == 1)
      continue;
    useful = true;
    int dim_p = -1, dim_c = -1, unused = -1;
    MlirValue ivp = strata_tir_for_induction_var(p[d]), ivc = strata_tir_for_induction_var(c[d]);
    if (!indexes_with(p[0], x, ivp, &dim_p, false) || !indexes_with(c[0], x, ivc, &dim_c, false) ||
        dim_p < 0 || dim_p != dim_c ||
        (is_parallel(p[d]) && !indexes_with(c[0], x, ivc, &unused, true)))
      return false;
  }
  return useful;
}

static bool parallel_below(MlirOperation loop) {
  if (is_parallel(loop))
    return true;
  for (MlirOperation op = mlirBlockGetFirstOperation(strata_tir_for_body(loop));
       !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
    if (strata_tir_is_for(op) && parallel_below(op))
      return true;
  return false;
}

/* Moves the body of c[d] (c[d + 1]'s body in its place, recursively, for
 * d + 1 < depth) before `anchor`. */
static void move_body(MlirOperation *c, int d, int depth, MlirOperation anchor) {
  MlirOperation op = mlirBlockGetFirstOperation(strata_tir_for_body(c[d]));
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (d + 1 < depth && mlirOperationEqual(op, c[d + 1]))
      move_body(c, d + 1, depth, anchor);
    else if (!strata_op_is(op, "gpu.yield"))
      mlirOperationMoveBefore(op, anchor);
    op = next;
  }
}

/* The ops between P and C are constants, pure ops, allocations and
 * globals (moved before P when `move`). */
static bool between_ok(MlirOperation p, MlirOperation c, bool move) {
  MlirOperation op = mlirOperationGetNextInBlock(p);
  while (!mlirOperationIsNull(op) && !mlirOperationEqual(op, c)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    if (!strata_tir_is_pure(op) && !strata_op_is(op, "tir.alloc_buffer") &&
        !strata_op_is(op, "memref.get_global"))
      return false;
    if (move)
      mlirOperationMoveBefore(op, p);
    op = next;
  }
  return !mlirOperationIsNull(op);
}

/* Below the matched loop `top` of the consumer of a vector-row product:
 * the innermost serial loop of a perfect nest, when it runs 2 to
 * MAX_ROW_LANES iterations, becomes vectorized (an epilogue loop is
 * spatial: each iteration loads and stores its own elements; the
 * vectorizer leaves it scalar if its body does not qualify). */
static void vectorize_row(MlirOperation top) {
  MlirOperation inner = {NULL};
  for (MlirOperation l = strata_tir_single_inner_loop(top); !mlirOperationIsNull(l);
       l = strata_tir_single_inner_loop(l))
    inner = l;
  int64_t lo, hi, step;
  if (mlirOperationIsNull(inner) || strata_tir_for_kind(inner) != STRATA_TIR_LOOP_SERIAL ||
      !strata_constant_int(mlirOperationGetOperand(inner, 0), &lo) ||
      !strata_constant_int(mlirOperationGetOperand(inner, 1), &hi) ||
      !strata_constant_int(mlirOperationGetOperand(inner, 2), &step) || lo != 0 || step != 1 ||
      hi < 2 || hi > MAX_ROW_LANES)
    return;
  strata_tir_for_set_kind(inner, STRATA_TIR_LOOP_VECTORIZED);
}

static void sink_into(MlirOperation producer, MlirOperation consumer) {
  writes_t w = {{NULL}, false, false, false};
  mlirOperationWalk(producer, scan_producer, &w, MlirWalkPreOrder);
  if (w.bad || !(w.tiled || w.rows) || mlirValueIsNull(w.x) || !between_ok(producer, consumer, false))
    return;
  consumer_scan_t s = {w.x, producer, false, false};
  mlirOperationWalk(consumer, scan_consumer, &s, MlirWalkPreOrder);
  if (s.bad || !s.reads)
    return;
  MlirOperation p[MAX_DEPTH], c[MAX_DEPTH];
  int depth = 0;
  for (MlirOperation a = producer, b = consumer;
       depth < MAX_DEPTH && !mlirOperationIsNull(a) && !mlirOperationIsNull(b); ++depth) {
    bool same = true;
    for (intptr_t i = 0; i < 3 && same; ++i) {
      MlirValue x = mlirOperationGetOperand(a, i), y = mlirOperationGetOperand(b, i);
      int64_t u, v;
      same = mlirValueEqual(x, y) ||
             (strata_constant_int(x, &u) && strata_constant_int(y, &v) && u == v);
    }
    if (!same)
      break;
    p[depth] = a;
    c[depth] = b;
    a = strata_tir_single_inner_loop(a);
    b = strata_tir_single_inner_loop(b);
  }
  for (; depth > 0; --depth) {
    if (!prefix_legal(w.x, p, c, depth))
      continue;
    /* C's loops below the matched ones must be serial. */
    bool parallel = false;
    for (MlirOperation op = mlirBlockGetFirstOperation(strata_tir_for_body(c[depth - 1]));
         !mlirOperationIsNull(op); op = mlirOperationGetNextInBlock(op))
      parallel |= strata_tir_is_for(op) && parallel_below(op);
    if (parallel)
      return;
    (void)between_ok(producer, consumer, true);
    if (w.rows && !w.tiled)
      vectorize_row(c[depth - 1]);
    for (int d = 0; d < depth; ++d)
      mlirValueReplaceAllUsesOfWith(strata_tir_for_induction_var(c[d]),
                                    strata_tir_for_induction_var(p[d]));
    MlirOperation anchor = mlirBlockGetTerminator(strata_tir_for_body(p[depth - 1]));
    move_body(c, 0, depth, anchor);
    mlirOperationDestroy(consumer);
    return;
  }
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_sink_epilogue_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_t roots = {0};
  strata_tir_collect_roots(module, "", &roots);
  for (size_t k = 0; k < roots.count; ++k) {
    bool is_compute;
    MlirOperation producer = strata_tir_nest_before(roots.ops[k], &is_compute);
    if (is_compute)
      sink_into(producer, roots.ops[k]);
  }
  strata_op_list_free(&roots);
  return mlirLogicalResultSuccess();
}
