/* tir-reverse-compute-at: TVM's `reverse_compute_at` on tir, for the
 * epilogue of a tensorized product. The consumer's nest (a perfect nest of
 * loops from 0 with step 1, its innermost body loads, pure arith/math ops
 * and one store; it reads the product P only at exactly its loop
 * variables) moves to the end of the body of loop `axis` of the producer,
 * where it runs over the region of P that one iteration of `axis` writes:
 * the tile of the one `hwi.call_tile` inside `axis` whose accumulator is a
 * memref.subview of P (offsets o, sizes s):
 *
 *   for t0 in [0, s0) { for t1 in [0, s1) { .. C(o0+t0, o1+t1, ..) .. } }
 *
 * (dimensions of static size 1 get no loop). A loop from the producer's
 * root down to `axis` (included) on which the tile's offsets do not depend is a reduction
 * block (its iterations accumulate into the same tile, BLIS's kc loop): the
 * consumer must see the final sums, so it runs only in that loop's last
 * iteration, under a guard loop `for g in [0, iv + 2 - ub)` (one trip when
 * iv = ub - 1, none before). So the epilogue (bias, residual add, relu,
 * clip, ...) reads each tile right after its last accumulation, while it is
 * still in L1, instead of re-reading all of P from memory in a second pass.
 * The innermost consumer loop is marked vectorized when its extent is
 * bounded by a constant (the tile width, `min(c, ..)`).
 *
 * Conditions, each refused with a located error: the producer comes first
 * in the same block, and only constants, views and allocations (moved
 * before the producer) and deallocs (moved after the consumer) lie between
 * the two nests; every
 * write of P inside the producer's nest is inside `axis`; the consumer's
 * loads of P are at exactly its loop variables and P's rank is its depth.
 * Exports strata_tir_reverse_compute_at (schedule.h) and the pass record. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/MemRef.h>

#include "core/op_list.h"
#include "core/text.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_linear.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_RANK = STRATA_TIR_MAX_VARS };

typedef struct {
  MlirOperation root;
  const char *consumer, *target, *axis;
  strata_tir_refusal_t why; /* "cannot compute '<consumer>' at '<axis>' of compute '<target>'" */
} rat_t;

/* The consumer: a perfect nest around one store. */
typedef struct {
  strata_tir_vars_t vars;
  MlirOperation loops[MAX_RANK];
  MlirOperation store;
} consumer_t;

static MlirLogicalResult analyse_consumer(const rat_t *a, consumer_t *c) {
  c->vars = (strata_tir_vars_t){.scope = a->root};
  MlirOperation loop = a->root;
  for (; !mlirOperationIsNull(loop); loop = strata_tir_single_inner_loop(loop)) {
    if (c->vars.count == MAX_RANK)
      return strata_tir_refuse(&a->why, "its nest is deeper than %d loops", MAX_RANK);
    int64_t lb, step;
    if (!strata_constant_int(strata_tir_for_lower(loop), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(loop), &step) || step != 1)
      return strata_tir_refuse(&a->why, "its loops must start at 0 with step 1");
    c->loops[c->vars.count] = loop;
    c->vars.vars[c->vars.count++] = strata_tir_for_induction_var(loop);
  }
  if (!strata_tir_spatial_store_nest(c->loops, c->vars.count, &c->store))
    return strata_tir_refuse(&a->why, "its nest is not a perfect spatial nest around one store");
  if (mlirOperationIsNull(c->store))
    return strata_tir_refuse(&a->why, "its nest stores nothing");
  bool exact = mlirOperationGetNumOperands(c->store) - 2 == c->vars.count;
  for (int d = 0; exact && d < c->vars.count; ++d)
    exact = mlirValueEqual(mlirOperationGetOperand(c->store, 2 + d), c->vars.vars[d]);
  if (!exact)
    return strata_tir_refuse(&a->why, "its store is not indexed by exactly its loops, in order (an "
                                      "elementwise nest)");
  return mlirLogicalResultSuccess();
}

/* The hwi.call_tile ops inside `axis`. */
static MlirWalkResult find_writes(MlirOperation op, void *user) {
  strata_op_list_t *tiles = user;
  if (strata_op_is(op, "hwi.call_tile"))
    strata_op_list_push(tiles, op);
  return MlirWalkResultAdvance;
}

/* The tile region: offsets and sizes of the subview, as values at `b`. */
typedef struct {
  MlirValue buffer;
  intptr_t rank;
  MlirValue offset[MAX_RANK], size[MAX_RANK];
  int64_t static_size[MAX_RANK]; /* -1 when dynamic */
} region_t;

static bool subview_region(strata_builder_t *b, MlirOperation view, region_t *r) {
  MlirAttribute so = mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString(
                                                               "static_offsets"));
  MlirAttribute ss =
      mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString("static_sizes"));
  MlirAttribute st =
      mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString("static_strides"));
  if (mlirAttributeIsNull(so) || mlirAttributeIsNull(ss) || mlirAttributeIsNull(st))
    return false;
  r->buffer = mlirOperationGetOperand(view, 0);
  r->rank = mlirShapedTypeGetRank(mlirValueGetType(r->buffer));
  if (r->rank > MAX_RANK || mlirDenseArrayGetNumElements(so) != r->rank)
    return false;
  intptr_t next = 1;
  for (intptr_t d = 0; d < r->rank; ++d) {
    int64_t v = mlirDenseI64ArrayGetElement(so, d);
    r->offset[d] = mlirShapedTypeIsDynamicStrideOrOffset(v)
                       ? mlirOperationGetOperand(view, next++)
                       : strata_build_index(b, v);
  }
  for (intptr_t d = 0; d < r->rank; ++d) {
    int64_t v = mlirDenseI64ArrayGetElement(ss, d);
    r->static_size[d] = mlirShapedTypeIsDynamicSize(v) ? -1 : v;
    r->size[d] = mlirShapedTypeIsDynamicSize(v) ? mlirOperationGetOperand(view, next++)
                                                : strata_build_index(b, v);
  }
  for (intptr_t d = 0; d < r->rank; ++d)
    if (mlirDenseI64ArrayGetElement(st, d) != 1)
      return false;
  return true;
}

/* The checks of subview_region, before anything is built. */
static bool subview_ok(MlirOperation view) {
  MlirAttribute so = mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString(
                                                               "static_offsets"));
  MlirAttribute st =
      mlirOperationGetAttributeByName(view, mlirStringRefCreateFromCString("static_strides"));
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(mlirOperationGetOperand(view, 0)));
  if (mlirAttributeIsNull(so) || mlirAttributeIsNull(st) || rank > MAX_RANK ||
      mlirDenseArrayGetNumElements(so) != rank)
    return false;
  for (intptr_t d = 0; d < rank; ++d)
    if (mlirDenseI64ArrayGetElement(st, d) != 1)
      return false;
  return true;
}

/* The one memref.store inside `axis` (a window reduction's accumulation,
 * untensorized), analysed: each index a linear form of the loops between
 * the axis and the store; a form is either invariant there (a size-1
 * range) or free of symbolic parts with constant bounds and without gaps
 * (sorted by coefficient, each at most one more than the span of the
 * smaller ones: a split axis), giving a constant range clamped to the
 * buffer. */
typedef struct {
  MlirOperation store;
  strata_tir_vars_t vars;
  strata_tir_linear_t form[MAX_RANK];
  int64_t lo[MAX_RANK], hi[MAX_RANK]; /* for variable forms, clamped */
  bool invariant[MAX_RANK];
} stored_t;

static bool dense_form(const strata_tir_linear_t *l, const strata_tir_vars_t *v) {
  bool used[STRATA_TIR_MAX_VARS] = {0};
  int64_t span = 0; /* the terms taken so far cover [0, span] without gaps */
  for (int n = 0; n < v->count; ++n) {
    int best = -1;
    for (int t = 0; t < v->count; ++t)
      if (!used[t] && l->coeff[t] != 0 && (best < 0 || l->coeff[t] < l->coeff[best]))
        best = t;
    if (best < 0)
      break;
    used[best] = true;
    if (l->coeff[best] < 0 || l->coeff[best] > span + 1 ||
        v->bound[best] == STRATA_TIR_UNBOUNDED)
      return false;
    span += l->coeff[best] * (v->bound[best] - 1);
  }
  return true;
}

static MlirLogicalResult analyse_store(const rat_t *a, MlirOperation axis, MlirOperation store,
                                       stored_t *st) {
  memset(st, 0, sizeof *st);
  st->store = store;
  MlirOperation loops[STRATA_TIR_MAX_VARS];
  int n = strata_tir_loops_between(axis, store, loops, STRATA_TIR_MAX_VARS);
  if (n < 0)
    return strata_tir_refuse(&a->why, "too many loops inside '%s'", a->axis);
  st->vars = (strata_tir_vars_t){.count = n, .scope = axis};
  for (int t = 0; t < n; ++t) {
    int64_t bound;
    if (mlirLogicalResultIsFailure(strata_tir_check_normalized(loops[t], "reverse_compute_at")))
      return mlirLogicalResultFailure();
    st->vars.vars[t] = strata_tir_for_induction_var(loops[t]);
    st->vars.bound[t] =
        strata_tir_extent_bound(loops[t], &bound) && bound > 0 ? bound : STRATA_TIR_UNBOUNDED;
  }
  MlirType type = mlirValueGetType(mlirOperationGetOperand(store, 1));
  intptr_t rank = mlirShapedTypeGetRank(type);
  if (rank > MAX_RANK || !mlirShapedTypeHasStaticShape(type))
    return strata_tir_refuse(&a->why, "the producer's result has a dynamic shape or rank above %d",
                             MAX_RANK);
  for (intptr_t d = 0; d < rank; ++d) {
    strata_tir_linear_t *l = &st->form[d];
    if (!strata_tir_linearize(&st->vars, mlirOperationGetOperand(store, 2 + d), l))
      return strata_tir_refuse(&a->why, "index %ld of the producer's store is not linear", (long)d);
    st->invariant[d] = strata_tir_linear_is_invariant(l);
    if (st->invariant[d])
      continue;
    if (l->sym || !dense_form(l, &st->vars))
      return strata_tir_refuse(
          &a->why, "index %ld of the producer's store does not cover a constant range", (long)d);
    int64_t lo = l->cst, hi = l->cst;
    for (int t = 0; t < n; ++t) {
      int64_t span = l->coeff[t] * (st->vars.bound[t] - 1);
      lo += span < 0 ? span : 0;
      hi += span > 0 ? span : 0;
    }
    int64_t dim = mlirShapedTypeGetDimSize(type, d);
    st->lo[d] = lo < 0 ? 0 : lo;
    st->hi[d] = hi >= dim ? dim - 1 : hi;
    if (st->hi[d] < st->lo[d])
      return strata_tir_refuse(&a->why, "the producer's store covers no element");
  }
  return mlirLogicalResultSuccess();
}

/* The region of a stored_t, as values at `b`. */
static void store_region(strata_builder_t *b, const stored_t *st, region_t *r) {
  r->buffer = mlirOperationGetOperand(st->store, 1);
  r->rank = mlirShapedTypeGetRank(mlirValueGetType(r->buffer));
  for (intptr_t d = 0; d < r->rank; ++d) {
    MlirValue v = mlirOperationGetOperand(st->store, 2 + d);
    if (st->invariant[d]) {
      r->offset[d] = strata_tir_remat_at_origin(b, &st->vars, v);
      r->static_size[d] = 1;
    } else {
      r->offset[d] = strata_build_index(b, st->lo[d]);
      r->static_size[d] = st->hi[d] - st->lo[d] + 1;
    }
    r->size[d] = strata_build_index(b, r->static_size[d]);
  }
}

/* True if v depends on the induction variable iv (through its defining
 * ops' operands). */
static bool depends_on(MlirValue v, MlirValue iv, int depth) {
  if (mlirValueEqual(v, iv))
    return true;
  if (depth > 32 || !mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(def); ++i)
    if (depends_on(mlirOperationGetOperand(def, i), iv, depth + 1))
      return true;
  return false;
}

/* Every use of P inside the producer's nest that writes it (a store, a
 * subview, a view) is inside `axis`; the consumer loads P at its loop
 * variables only. */
static MlirLogicalResult check_uses(const rat_t *a, const consumer_t *c, MlirValue buffer,
                                    MlirOperation producer, MlirOperation axis) {
  int loads = 0;
  for (MlirOpOperand use = mlirValueGetFirstUse(buffer); !mlirOpOperandIsNull(use);
       use = mlirOpOperandGetNextUse(use)) {
    MlirOperation user = mlirOpOperandGetOwner(use);
    bool in_axis = false, in_producer = false, in_consumer = false;
    for (MlirOperation p = mlirOperationGetParentOperation(user); !mlirOperationIsNull(p);
         p = mlirOperationGetParentOperation(p)) {
      in_axis = in_axis || mlirOperationEqual(p, axis);
      in_producer = in_producer || mlirOperationEqual(p, producer);
      in_consumer = in_consumer || mlirOperationEqual(p, a->root);
    }
    if (in_producer && !in_axis && !strata_op_is(user, "memref.load"))
      return strata_tir_refuse(&a->why, "the producer writes its result outside loop '%s'",
                               a->axis);
    if (!in_consumer)
      continue;
    if (!strata_op_is(user, "memref.load"))
      return strata_tir_refuse(&a->why, "it uses the producer's result other than by loads");
    intptr_t rank = mlirOperationGetNumOperands(user) - 1;
    if (rank != c->vars.count)
      return strata_tir_refuse(&a->why,
                               "its nest is %d loops deep, the producer's result has rank %ld",
                               c->vars.count, (long)rank);
    for (intptr_t d = 0; d < rank; ++d)
      if (!mlirValueEqual(mlirOperationGetOperand(user, 1 + d), c->vars.vars[d]))
        return strata_tir_refuse(&a->why,
                                 "it reads the producer's result at other indices than its loops");
    ++loads;
  }
  if (!loads)
    return strata_tir_refuse(&a->why, "it does not read the producer's result");
  return mlirLogicalResultSuccess();
}

/* Ops that may move above the producer: pure arithmetic, views and
 * allocations (not a dealloc, a copy or a call). */
static bool movable(MlirOperation op) {
  static const char *const ok[] = {"memref.expand_shape", "memref.collapse_shape",
                                   "memref.subview",      "memref.cast",
                                   "memref.transpose",    "memref.reinterpret_cast",
                                   "memref.alloc",        "tir.alloc_buffer",
                                   "memref.get_global",   "memref.dim"};
  if (strata_tir_is_pure(op))
    return true;
  for (size_t i = 0; i < sizeof ok / sizeof *ok; ++i)
    if (strata_op_is(op, ok[i]))
      return true;
  return false;
}

/* Moves the ops between the producer's and the consumer's roots before the
 * producer (deallocs after the consumer); fails if one of them has regions
 * (another nest) or other effects. */
static MlirLogicalResult hoist_between(const rat_t *a, MlirOperation producer) {
  if (!mlirBlockEqual(mlirOperationGetBlock(producer), mlirOperationGetBlock(a->root)) ||
      !mlirOperationIsBeforeInBlock(producer, a->root))
    return strata_tir_refuse(&a->why, "the producer's nest does not come before it in one block");
  for (MlirOperation o = mlirOperationGetNextInBlock(producer); !mlirOperationEqual(o, a->root);
       o = mlirOperationGetNextInBlock(o)) {
    if (mlirOperationGetNumRegions(o) > 0)
      return strata_tir_refuse(&a->why, "another nest lies between the producer and it");
    if (!movable(o) && !strata_op_is(o, "memref.dealloc"))
      return strata_tir_refuse(&a->why, "an op with effects lies between the producer and it");
  }
  for (MlirOperation o = mlirOperationGetNextInBlock(producer); !mlirOperationEqual(o, a->root);) {
    MlirOperation next = mlirOperationGetNextInBlock(o);
    if (strata_op_is(o, "memref.dealloc"))
      mlirOperationMoveAfter(o, a->root); /* a packed panel's: after the consumer */
    else
      mlirOperationMoveBefore(o, producer);
    o = next;
  }
  return mlirLogicalResultSuccess();
}

/* Guards for the reduction blocks around `axis`, then the consumer's loops
 * over the tile and its body, at the end of the axis body. */
static void build(const rat_t *a, const consumer_t *c, MlirOperation producer, MlirOperation axis,
                  MlirOperation tile_view, const stored_t *st) {
  MlirBlock body = strata_tir_for_body(axis);
  strata_builder_t b = strata_builder_at_end(body, mlirOperationGetLocation(a->root));
  MlirValue zero = strata_build_index(&b, 0), one = strata_build_index(&b, 1);
  MlirValue two = strata_build_index(&b, 2);
  region_t r = {0};
  if (st)
    store_region(&b, st, &r);
  else
    subview_region(&b, tile_view, &r);
  strata_op_list_t chain = {0};
  strata_tir_chain(producer, axis, &chain);
  char name[160], lname[128];
  for (size_t i = 0; i < chain.count; ++i) { /* the axis itself included */
    MlirOperation l = chain.ops[i];
    MlirValue iv = strata_tir_for_induction_var(l);
    bool reduction = true;
    for (intptr_t d = 0; d < r.rank && reduction; ++d)
      reduction = !depends_on(st ? mlirOperationGetOperand(st->store, 2 + d) : r.offset[d], iv, 0);
    if (!reduction)
      continue;
    MlirValue extent = strata_tir_index_op(&b, "arith.subi",
                                           strata_tir_index_op(&b, "arith.addi", iv, two),
                                           strata_tir_for_upper(l));
    snprintf(name, sizeof name, "%s.last", strata_tir_loop_name(l, lname, sizeof lname));
    MlirOperation g = strata_tir_build_for(&b, zero, extent, one, name, "serial");
    b = strata_builder_at_end(strata_tir_for_body(g), b.loc);
  }
  strata_op_list_free(&chain);
  MlirValue idx[MAX_RANK];
  MlirOperation inner = {NULL};
  for (intptr_t d = 0; d < r.rank; ++d) {
    if (r.static_size[d] == 1) {
      idx[d] = r.offset[d];
      continue;
    }
    snprintf(name, sizeof name, "%s.%s", a->consumer,
             strata_tir_loop_name(c->loops[d], lname, sizeof lname));
    inner = strata_tir_build_for(&b, zero, r.size[d], one, name, "serial");
    b = strata_builder_at_end(strata_tir_for_body(inner), b.loc);
    idx[d] = strata_tir_index_op(&b, "arith.addi", r.offset[d], strata_tir_for_induction_var(inner));
  }
  intptr_t n = mlirOperationGetNumOperands(c->store);
  MlirValue ops[2 + MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    ops[i] = i == 1 ? mlirOperationGetOperand(c->store, 1)
                    : strata_tir_remat_with(&b, &c->vars, idx,
                                            mlirOperationGetOperand(c->store, i));
  strata_build_op(&b, "memref.store", n, ops, 0, NULL, 0, NULL);
  int64_t bound;
  if (!mlirOperationIsNull(inner) && strata_tir_extent_bound(inner, &bound) && bound >= 2 &&
      bound <= 64)
    strata_tir_for_set_kind(inner, STRATA_TIR_LOOP_VECTORIZED);
}

/* The tensorized producer: one tile in the axis, its accumulator a subview
 * made inside the axis; into *view. */
static MlirLogicalResult tile_source(const rat_t *a, MlirOperation axis,
                                     const strata_op_list_t *tiles, MlirOperation *view) {
  if (tiles->count != 1)
    return strata_tir_refuse(&a->why, "loop '%s' holds more than one hwi.call_tile", a->axis);
  MlirValue acc = mlirOperationGetOperand(tiles->ops[0], 2);
  if (!mlirValueIsAOpResult(acc) || !strata_op_is(mlirOpResultGetOwner(acc), "memref.subview"))
    return strata_tir_refuse(&a->why,
                             "the tile's accumulator is not a subview of the producer's result");
  if (!mlirOperationEqual(mlirOperationGetParentOperation(mlirOpResultGetOwner(acc)), axis))
    return strata_tir_refuse(
        &a->why,
        "the tile is not directly in loop '%s' (its region would be unknown at "
        "the end of the loop's body)",
        a->axis);
  if (!subview_ok(mlirOpResultGetOwner(acc)))
    return strata_tir_refuse(
        &a->why, "the tile's subview has strides other than 1 or rank above %d", MAX_RANK);
  *view = mlirOpResultGetOwner(acc);
  return mlirLogicalResultSuccess();
}

/* The untensorized producer: the one store inside the axis to a buffer the
 * consumer loads. */
typedef struct {
  const consumer_t *c;
  strata_op_list_t stores;
} store_walk_t;

static bool consumer_loads(const consumer_t *c, MlirValue buffer) {
  for (MlirOpOperand u = mlirValueGetFirstUse(buffer); !mlirOpOperandIsNull(u);
       u = mlirOpOperandGetNextUse(u)) {
    MlirOperation user = mlirOpOperandGetOwner(u);
    if (strata_op_is(user, "memref.load") &&
        strata_tir_defined_inside(mlirOperationGetResult(user, 0), c->loops[0]))
      return true;
  }
  return false;
}

static MlirWalkResult find_stores(MlirOperation op, void *user) {
  store_walk_t *w = user;
  if (strata_op_is(op, "memref.store") && consumer_loads(w->c, mlirOperationGetOperand(op, 1)))
    strata_op_list_push(&w->stores, op);
  return MlirWalkResultAdvance;
}

/* Whether two analysed stores write the same buffer over the same region
 * (the copies of one store that unrolling a reduction loop makes: each
 * tap of an unrolled depthwise window stores the same row). */
static bool same_region(const stored_t *x, const stored_t *y) {
  if (!mlirValueEqual(mlirOperationGetOperand(x->store, 1), mlirOperationGetOperand(y->store, 1)))
    return false;
  intptr_t rank = mlirOperationGetNumOperands(x->store) - 2;
  for (intptr_t d = 0; d < rank; ++d) {
    if (x->invariant[d] != y->invariant[d])
      return false;
    if (x->invariant[d] ? !mlirValueEqual(mlirOperationGetOperand(x->store, 2 + d),
                                          mlirOperationGetOperand(y->store, 2 + d))
                        : x->lo[d] != y->lo[d] || x->hi[d] != y->hi[d])
      return false;
  }
  return true;
}

/* The store in `axis` to a buffer the consumer reads: one, or several that
 * all cover the same region (unrolled copies); the consumer then runs after
 * the last of them, at the end of `axis`. */
static MlirLogicalResult store_source(const rat_t *a, const consumer_t *c, MlirOperation axis,
                                      stored_t *st) {
  store_walk_t w = {c, {0}};
  mlirOperationWalk(axis, find_stores, &w, MlirWalkPreOrder);
  MlirLogicalResult ok = mlirLogicalResultSuccess();
  if (!w.stores.count)
    ok = strata_tir_refuse(
        &a->why, "loop '%s' holds no store to a buffer it reads (and no hwi.call_tile)", a->axis);
  else
    ok = analyse_store(a, axis, w.stores.ops[0], st);
  for (size_t i = 1; i < w.stores.count && mlirLogicalResultIsSuccess(ok); ++i) {
    stored_t other;
    ok = analyse_store(a, axis, w.stores.ops[i], &other);
    if (mlirLogicalResultIsSuccess(ok) && !same_region(st, &other))
      ok = strata_tir_refuse(&a->why,
                             "loop '%s' holds stores to a buffer it reads over different regions "
                             "(and no hwi.call_tile)",
                             a->axis);
  }
  strata_op_list_free(&w.stores);
  return ok;
}

MlirLogicalResult strata_tir_reverse_compute_at(MlirOperation root, const char *target,
                                                const char *axis_name) {
  char consumer_name[128];
  strata_tir_compute_name(root, consumer_name, sizeof consumer_name);
  rat_t a = {root, consumer_name, target, axis_name, {.at = root}};
  snprintf(a.why.what, sizeof a.why.what, "cannot compute '%s' at '%s' of compute '%s'",
           consumer_name, axis_name, target);
  if (!strcmp(target, consumer_name))
    return strata_tir_refuse(&a.why, "a compute cannot be computed at itself");
  MlirOperation scope = mlirOperationGetParentOperation(root);
  MlirOperation producer = strata_tir_find_root(scope, target);
  if (mlirOperationIsNull(producer))
    return strata_tir_refuse(&a.why, "no compute named '%s' in this block", target);
  MlirOperation axis;
  if (mlirLogicalResultIsFailure(strata_tir_lookup_loop(producer, axis_name, &axis)))
    return mlirLogicalResultFailure();
  consumer_t c;
  if (mlirLogicalResultIsFailure(analyse_consumer(&a, &c)))
    return mlirLogicalResultFailure();
  strata_op_list_t tiles = {0};
  mlirOperationWalk(axis, find_writes, &tiles, MlirWalkPreOrder);
  MlirOperation view = {NULL};
  stored_t st;
  MlirValue buffer;
  MlirLogicalResult ok = tiles.count ? tile_source(&a, axis, &tiles, &view)
                                     : store_source(&a, &c, axis, &st);
  strata_op_list_free(&tiles);
  if (mlirLogicalResultIsFailure(ok))
    return ok;
  buffer = mlirOperationIsNull(view) ? mlirOperationGetOperand(st.store, 1)
                                     : mlirOperationGetOperand(view, 0);
  if (mlirLogicalResultIsFailure(check_uses(&a, &c, buffer, producer, axis)) ||
      mlirLogicalResultIsFailure(hoist_between(&a, producer)))
    return mlirLogicalResultFailure();
  build(&a, &c, producer, axis, view, mlirOperationIsNull(view) ? &st : NULL);
  mlirOperationDestroy(root);
  return mlirLogicalResultSuccess();
}

MlirOperation strata_tir_epilogue_axis(MlirOperation store) {
  MlirOperation loops[2 * STRATA_TIR_MAX_VARS];
  int n = 0;
  for (MlirOperation p = mlirOperationGetParentOperation(store);
       !mlirOperationIsNull(p) && strata_tir_is_for(p) && n < 2 * STRATA_TIR_MAX_VARS;
       p = mlirOperationGetParentOperation(p))
    loops[n++] = p; /* innermost first */
  intptr_t rank = mlirOperationGetNumOperands(store) - 2;
  for (int i = n; i-- > 1;) { /* outermost first; the root cannot be the block */
    bool reduction = true;
    MlirValue iv = strata_tir_for_induction_var(loops[i - 1]);
    for (intptr_t d = 0; d < rank && reduction; ++d)
      reduction = !depends_on(mlirOperationGetOperand(store, 2 + d), iv, 0);
    if (reduction)
      return loops[i];
  }
  return (MlirOperation){NULL};
}

/* --- the pass ----------------------------------------------------------- */

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_reverse_compute_at_run(MlirOperation module,
                                             const strata_pass_options_t *opts) {
  const char *compute = strata_pass_options_get_string(opts, "compute");
  MlirOperation root = strata_tir_find_root(module, compute);
  if (!compute[0] || mlirOperationIsNull(root))
    return strata_emit_error(module, "tir-reverse-compute-at: no loop nest of compute '%s'",
                             compute);
  return strata_tir_reverse_compute_at(root, strata_pass_options_get_string(opts, "target"),
                                       strata_pass_options_get_string(opts, "loop"));
}
