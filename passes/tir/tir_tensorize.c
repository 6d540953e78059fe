/* tir-tensorize: the `tensorize` schedule primitive. Replaces a micro-tile
 * of three perfectly nested loops whose body is C[..] += A[..] * B[..]
 * (fp32 multiply-accumulate) by one hwi.call_tile of an fma intrinsic on
 * memref.subview tiles of A (m x K), B (K x n) and C (m x n). The match:
 * the store's indices use two of the three loop variables (m and n, n in
 * C's last dimension), the third is the reduction k; A is the load using m
 * and k (k in its last dimension; or m last when A was packed into row
 * panels, A[p, k, r]: its [K, m] tile is then memref.transpose'd to
 * [m, K]), B the one using k and n (n last); every
 * index is a linear form with unit coefficients (tir_linear.h: it sees
 * through split/fuse arithmetic and through the divui/remui of a packed
 * panel), so tile origins are the indices with the three variables at 0.
 * The m and n extents must be constants or min(c, ..) bounds with c no
 * larger than the intrinsic's tile (partial edge tiles are fine: the
 * lowering clamps rows and masks columns); K is any extent. When B's
 * column origin is 0 in a buffer exactly n wide (a zero-padded packed
 * panel), B's tile takes the full panel width so its loads need no mask.
 * Anything else is refused with the reason. Exports strata_tir_tensorize
 * (schedule.h) and the pass record. */
#include <stdio.h>
#include <string.h>

#include <mlir-c/AffineMap.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/MemRef.h>

#include "dialects/hwi/hwi.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "passes/tir/schedule.h"
#include "passes/tir/tir_linear.h"
#include "passes/tir/tir_loops.h"
#include "passes/tir/tir_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

enum { MAX_RANK = 8 };

typedef struct {
  MlirOperation loop;
  char name[128], compute[128], intrinsic[128];
} where_t;

static MlirLogicalResult refuse(const where_t *w, const char *reason) {
  return strata_emit_error(w->loop, "cannot tensorize '%s' of compute '%s' with @%s: %s", w->name,
                           w->compute, w->intrinsic, reason);
}

/* The single tir.for in loop's body (only pure ops besides), or null. */
static MlirOperation only_inner_loop(MlirOperation loop) {
  MlirOperation inner = {NULL};
  MlirBlock body = strata_tir_for_body(loop);
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (strata_tir_is_for(o)) {
      if (!mlirOperationIsNull(inner))
        return (MlirOperation){NULL};
      inner = o;
    } else if (!strata_tir_is_pure(o) && !strata_op_is(o, "gpu.yield")) {
      return (MlirOperation){NULL};
    }
  }
  return inner;
}

static bool is_load_of(MlirValue v, MlirOperation *load) {
  if (!mlirValueIsAOpResult(v))
    return false;
  *load = mlirOpResultGetOwner(v);
  return strata_op_is(*load, "memref.load");
}

/* An access: the memref and the linear form of each index. */
typedef struct {
  MlirValue buffer;
  intptr_t rank;
  MlirValue index[MAX_RANK];
  strata_tir_linear_t form[MAX_RANK];
  int var_dim[3]; /* dimension using variable t, or -1 */
} access_t;

static bool analyse(const strata_tir_vars_t *vars, MlirOperation op, intptr_t first_index,
                    access_t *a) {
  a->buffer = mlirOperationGetOperand(op, first_index - 1);
  a->rank = mlirOperationGetNumOperands(op) - first_index;
  if (a->rank > MAX_RANK)
    return false;
  for (int t = 0; t < 3; ++t)
    a->var_dim[t] = -1;
  for (intptr_t d = 0; d < a->rank; ++d) {
    a->index[d] = mlirOperationGetOperand(op, first_index + d);
    if (!strata_tir_linearize(vars, a->index[d], &a->form[d]))
      return false;
    for (int t = 0; t < 3; ++t) {
      int64_t c = a->form[d].coeff[t];
      if (c == 0)
        continue;
      if (c != 1 || a->var_dim[t] >= 0)
        return false;
      for (int u = 0; u < 3; ++u)
        if (u != t && a->form[d].coeff[u] != 0)
          return false;
      a->var_dim[t] = (int)d;
    }
  }
  return true;
}

/* memref.subview of `a` at the tile origin: dimensions using a variable
 * take that variable's extent (sizes[t]), the others size 1 and are
 * dropped (rank reduction). Offsets are SSA values (dynamic offset). */
static MlirValue build_tile(strata_builder_t *b, const strata_tir_vars_t *vars, const access_t *a,
                            const MlirValue *extent, const int64_t *static_extent,
                            int full_width_var, int64_t full_width) {
  MlirContext ctx = mlirValueGetContext(a->buffer);
  MlirType src = mlirValueGetType(a->buffer);
  int64_t strides[MAX_RANK], offset;
  if (mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(src, strides, &offset)))
    return (MlirValue){NULL};
  int64_t dyn = mlirShapedTypeGetDynamicSize(), dyn_so = mlirShapedTypeGetDynamicStrideOrOffset();
  MlirValue operands[1 + 2 * MAX_RANK];
  int n_ops = 0;
  operands[n_ops++] = a->buffer;
  int64_t st_off[MAX_RANK], st_size[MAX_RANK], st_stride[MAX_RANK];
  for (intptr_t d = 0; d < a->rank; ++d) {
    operands[n_ops++] = strata_tir_remat_at_origin(b, vars, a->index[d]);
    st_off[d] = dyn_so;
    st_stride[d] = 1;
  }
  int n_off = n_ops - 1;
  int64_t kept_shape[MAX_RANK], kept_strides[MAX_RANK];
  int kept = 0;
  for (intptr_t d = 0; d < a->rank; ++d) {
    int var = -1;
    for (int t = 0; t < 3; ++t)
      if (a->var_dim[t] == d)
        var = t;
    if (var < 0) {
      st_size[d] = 1;
      continue;
    }
    if (var == full_width_var)
      st_size[d] = full_width;
    else if (static_extent[var] > 0)
      st_size[d] = static_extent[var];
    else {
      st_size[d] = dyn;
      operands[n_ops++] = extent[var];
    }
    kept_shape[kept] = st_size[d];
    kept_strides[kept++] = strides[d];
  }
  MlirAttribute layout = mlirStridedLayoutAttrGet(ctx, dyn_so, kept, kept_strides);
  MlirType result = mlirMemRefTypeGet(mlirShapedTypeGetElementType(src), kept, kept_shape, layout,
                                      mlirMemRefTypeGetMemorySpace(src));
  MlirNamedAttribute attrs[4] = {
      strata_named(ctx, "operandSegmentSizes",
                   mlirDenseI32ArrayGet(ctx, 4,
                                        (const int32_t[]){1, n_off, n_ops - 1 - n_off, 0})),
      strata_named(ctx, "static_offsets", mlirDenseI64ArrayGet(ctx, a->rank, st_off)),
      strata_named(ctx, "static_sizes", mlirDenseI64ArrayGet(ctx, a->rank, st_size)),
      strata_named(ctx, "static_strides", mlirDenseI64ArrayGet(ctx, a->rank, st_stride)),
  };
  return strata_build_value(b, "memref.subview", n_ops, operands, result, 4, attrs);
}

/* memref.transpose of a 2-D strided tile: [K, m] -> [m, K] (strides
 * swapped, the offset kept). */
static MlirValue transpose_tile(strata_builder_t *b, MlirValue tile) {
  MlirContext ctx = mlirValueGetContext(tile);
  MlirType t = mlirValueGetType(tile);
  int64_t strides[2], offset;
  if (mlirLogicalResultIsFailure(mlirMemRefTypeGetStridesAndOffset(t, strides, &offset)))
    return (MlirValue){NULL};
  int64_t shape[2] = {mlirShapedTypeGetDimSize(t, 1), mlirShapedTypeGetDimSize(t, 0)};
  int64_t swapped[2] = {strides[1], strides[0]};
  MlirAttribute layout = mlirStridedLayoutAttrGet(ctx, offset, 2, swapped);
  MlirType result = mlirMemRefTypeGet(mlirShapedTypeGetElementType(t), 2, shape, layout,
                                      mlirMemRefTypeGetMemorySpace(t));
  unsigned perm[2] = {1, 0};
  MlirNamedAttribute attr = strata_named(
      ctx, "permutation", mlirAffineMapAttrGet(mlirAffineMapPermutationGet(ctx, 2, perm)));
  return strata_build_value(b, "memref.transpose", 1, &tile, result, 1, &attr);
}

/* What the matcher found: the micro-tile loops and their variables, the
 * accumulator store and the loads of the two factors, the three accesses
 * (C, A, B) and the roles of the variables. */
typedef struct {
  MlirOperation loops[3];
  strata_tir_vars_t vars;
  MlirOperation store, x_load, y_load;
  access_t c, a, bm;
  int mvar, nvar, kvar;
  bool a_transposed;
} tile_match_t;

/* Three perfectly nested normalized loops from w->loop. */
static MlirLogicalResult match_loops(const where_t *w, tile_match_t *m) {
  MlirOperation loop = w->loop;
  MlirOperation *loops = m->loops;
  loops[0] = loop;
  for (int i = 1; i < 3; ++i) {
    loops[i] = only_inner_loop(loops[i - 1]);
    if (mlirOperationIsNull(loops[i]))
      return refuse(w, "it must hold exactly two perfectly nested loops (the micro-tile; reorder hoists a reduction init out of the way)");
  }
  m->vars = (strata_tir_vars_t){.count = 3, .scope = loop};
  for (int i = 0; i < 3; ++i) {
    int64_t lb, step;
    if (!strata_constant_int(strata_tir_for_lower(loops[i]), &lb) || lb != 0 ||
        !strata_constant_int(strata_tir_for_step(loops[i]), &step) || step != 1)
      return refuse(w, "the micro-tile loops must start at 0 with step 1");
    m->vars.vars[i] = strata_tir_for_induction_var(loops[i]);
    if (!strata_tir_extent_bound(loops[i], &m->vars.bound[i]))
      m->vars.bound[i] = INT64_MAX / 4;
  }
  return mlirLogicalResultSuccess();
}

/* The innermost body: store(addf(load C, mulf(load X, load Y))) in some
 * operand order, of the intrinsic's element type. */
static MlirLogicalResult match_body(const where_t *w, MlirOperation intrinsic, tile_match_t *m) {
  MlirBlock body = strata_tir_for_body(m->loops[2]);
  MlirOperation store = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (strata_op_is(o, "memref.store")) {
      if (!mlirOperationIsNull(store))
        return refuse(w, "the micro-tile body stores more than once");
      store = o;
    } else if (mlirOperationGetNumRegions(o) > 0) {
      return refuse(w, "the innermost loop holds a nested region");
    } else if (!strata_tir_is_pure(o) && !strata_op_is(o, "memref.load") &&
               !strata_op_is(o, "gpu.yield")) {
      return refuse(w, "the micro-tile body has side effects other than one store");
    }
  }
  if (mlirOperationIsNull(store))
    return refuse(w, "the micro-tile body stores nothing");
  MlirValue sum = mlirOperationGetOperand(store, 0);
  MlirOperation add = mlirValueIsAOpResult(sum) ? mlirOpResultGetOwner(sum) : (MlirOperation){NULL};
  if (mlirOperationIsNull(add) || !strata_op_is(add, "arith.addf"))
    return refuse(w, "the stored value is not an arith.addf (C += A * B)");
  MlirOperation c_load = {NULL}, mul = {NULL};
  for (int i = 0; i < 2; ++i) {
    MlirValue v = mlirOperationGetOperand(add, i);
    MlirOperation def = mlirValueIsAOpResult(v) ? mlirOpResultGetOwner(v) : (MlirOperation){NULL};
    if (mlirOperationIsNull(def))
      continue;
    if (strata_op_is(def, "memref.load"))
      c_load = def;
    else if (strata_op_is(def, "arith.mulf"))
      mul = def;
  }
  if (mlirOperationIsNull(c_load) || mlirOperationIsNull(mul) ||
      !is_load_of(mlirOperationGetOperand(mul, 0), &m->x_load) ||
      !is_load_of(mlirOperationGetOperand(mul, 1), &m->y_load))
    return refuse(w, "the body is not C[..] = C[..] + A[..] * B[..] with loads of A, B and C");
  MlirType elem = strata_hwi_intrinsic_element_type(intrinsic);
  if (!mlirTypeEqual(mlirValueGetType(sum), elem))
    return refuse(w, "the element type differs from the intrinsic's");
  if (!mlirValueEqual(mlirOperationGetOperand(c_load, 0), mlirOperationGetOperand(store, 1)) ||
      mlirOperationGetNumOperands(c_load) + 1 != mlirOperationGetNumOperands(store))
    return refuse(w, "the accumulator is not loaded from where it is stored");
  for (intptr_t i = 1; i < mlirOperationGetNumOperands(c_load); ++i)
    if (!mlirValueEqual(mlirOperationGetOperand(c_load, i), mlirOperationGetOperand(store, i + 1)))
      return refuse(w, "the accumulator is not loaded from where it is stored");
  m->store = store;
  return mlirLogicalResultSuccess();
}

/* The accesses as linear forms, the roles m, n, k of the variables, which
 * factor is A, and the micro-tile's fit in the intrinsic's tile. */
static MlirLogicalResult match_roles(const where_t *w, MlirOperation intrinsic, tile_match_t *m) {
  if (!analyse(&m->vars, m->store, 2, &m->c) || !analyse(&m->vars, m->x_load, 1, &m->a) ||
      !analyse(&m->vars, m->y_load, 1, &m->bm))
    return refuse(w, "an index is not a unit-stride linear function of the micro-tile loops");
  const access_t *c = &m->c;
  int nvar = -1, mvar = -1, kvar = -1;
  for (int t = 0; t < 3; ++t) {
    if (c->var_dim[t] < 0)
      kvar = kvar < 0 ? t : 3;
    else if (c->var_dim[t] == c->rank - 1)
      nvar = t;
    else
      mvar = t;
  }
  if (nvar < 0 || mvar < 0 || kvar < 0 || kvar == 3)
    return refuse(w, "C must use two micro-tile loops, one of them in its last dimension");
  if (m->a.var_dim[nvar] >= 0) {
    access_t t = m->a;
    m->a = m->bm, m->bm = t;
  }
  const access_t *a = &m->a, *bm = &m->bm;
  /* A packed into row panels (cache_read with transpose) is read as
   * A[.., k, .., m]: its tile is cut as [K, m] and transposed. */
  m->a_transposed = a->var_dim[mvar] == a->rank - 1 && a->var_dim[kvar] >= 0;
  if (a->var_dim[mvar] < 0 || a->var_dim[nvar] >= 0 ||
      (a->var_dim[kvar] != a->rank - 1 && !m->a_transposed))
    return refuse(w, "A must be read as A[.., m, .., k] (k in its last dimension) or, packed, "
                     "as A[.., k, .., m]");
  if (bm->var_dim[kvar] < 0 || bm->var_dim[nvar] != bm->rank - 1 || bm->var_dim[mvar] >= 0)
    return refuse(w, "B must be read as B[.., k, .., n] (n in its last dimension)");
  int64_t tm = strata_hwi_intrinsic_tile(intrinsic, 0), tn = strata_hwi_intrinsic_tile(intrinsic, 1);
  char why[256];
  if (m->vars.bound[mvar] > tm || m->vars.bound[nvar] > tn) {
    snprintf(why, sizeof why,
             "the micro-tile is larger than the intrinsic's %lldx%lld tile (m loop bound %lld, "
             "n loop bound %lld; split them by the tile sizes first)",
             (long long)tm, (long long)tn, (long long)m->vars.bound[mvar],
             (long long)m->vars.bound[nvar]);
    return refuse(w, why);
  }
  m->mvar = mvar, m->nvar = nvar, m->kvar = kvar;
  return mlirLogicalResultSuccess();
}

/* The tiles and the hwi.call_tile before the micro-tile, which goes. */
static MlirLogicalResult build_call(const where_t *w, MlirOperation intrinsic, MlirStringRef sym,
                                   tile_match_t *m) {
  MlirOperation loop = w->loop;
  strata_tir_vars_t *vars = &m->vars;
  access_t *a = &m->a, *bm = &m->bm, *c = &m->c;
  int64_t tn = strata_hwi_intrinsic_tile(intrinsic, 1);
  strata_builder_t b = strata_builder_before(loop);
  MlirValue extent[3];
  int64_t static_extent[3];
  for (int t = 0; t < 3; ++t) {
    int64_t e;
    static_extent[t] = strata_tir_const_extent(m->loops[t], &e) ? e : 0;
    extent[t] = strata_tir_remat_at_origin(&b, vars, strata_tir_for_upper(m->loops[t]));
  }
  /* Full panel width for B when its n origin is 0 in a buffer tn wide. */
  int full_var = -1;
  const strata_tir_linear_t *bn = &bm->form[bm->rank - 1];
  MlirType bt = mlirValueGetType(bm->buffer);
  if (!bn->sym && bn->cst == 0 && !mlirShapedTypeIsDynamicDim(bt, bm->rank - 1) &&
      mlirShapedTypeGetDimSize(bt, bm->rank - 1) == tn)
    full_var = m->nvar;
  MlirValue at = build_tile(&b, vars, a, extent, static_extent, -1, 0);
  if (m->a_transposed && !mlirValueIsNull(at))
    at = transpose_tile(&b, at);
  MlirValue btile = build_tile(&b, vars, bm, extent, static_extent, full_var, tn);
  MlirValue ct = build_tile(&b, vars, c, extent, static_extent, -1, 0);
  if (mlirValueIsNull(at) || mlirValueIsNull(btile) || mlirValueIsNull(ct))
    return refuse(w, "a buffer has a layout without strides");
  MlirContext ctx = mlirOperationGetContext(loop);
  MlirNamedAttribute attr = strata_named(ctx, "intrinsic", mlirFlatSymbolRefAttrGet(ctx, sym));
  strata_build_op(&b, "hwi.call_tile", 3, (MlirValue[]){at, btile, ct}, 0, NULL, 1, &attr);
  mlirOperationDestroy(loop);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_tir_tensorize(MlirOperation loop, MlirOperation intrinsic) {
  where_t w = {.loop = loop};
  strata_tir_loop_name(loop, w.name, sizeof w.name);
  strata_tir_compute_name(loop, w.compute, sizeof w.compute);
  MlirStringRef sym = strata_hwi_intrinsic_name(intrinsic);
  snprintf(w.intrinsic, sizeof w.intrinsic, "%.*s", (int)sym.length, sym.data);
  if (strata_hwi_intrinsic_kind(intrinsic) != STRATA_HWI_KIND_FMA)
    return refuse(&w, "only \"fma\" intrinsics can be matched");
  if (mlirOperationEqual(loop, strata_tir_nest_root(loop)))
    return refuse(&w, "it is the outermost loop of the nest (split it first)");
  tile_match_t m = {0};
  if (mlirLogicalResultIsFailure(match_loops(&w, &m)) ||
      mlirLogicalResultIsFailure(match_body(&w, intrinsic, &m)) ||
      mlirLogicalResultIsFailure(match_roles(&w, intrinsic, &m)))
    return mlirLogicalResultFailure();
  return build_call(&w, intrinsic, sym, &m);
}

MlirOperation strata_tir_intrinsic_for(MlirOperation from, MlirStringRef name) {
  MlirOperation found = strata_hwi_lookup_intrinsic(from, name);
  if (!mlirOperationIsNull(found))
    return found;
  const strata_hwi_builtin_t *builtin = strata_hwi_builtin_lookup(name);
  if (!builtin)
    return (MlirOperation){NULL};
  MlirOperation module = mlirOperationGetParentOperation(from);
  while (!mlirOperationIsNull(module) && !strata_op_is(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  if (mlirOperationIsNull(module))
    return (MlirOperation){NULL};
  return strata_hwi_declare_builtin(module, builtin);
}

/* The pass; its record (argument, summary, options): passes/tir/tir_passes.def. */
MlirLogicalResult tir_tensorize_run(MlirOperation module, const strata_pass_options_t *opts) {
  MlirOperation loop;
  if (mlirLogicalResultIsFailure(strata_tir_find_option_loop(module, opts, &loop)))
    return mlirLogicalResultFailure();
  const char *name = strata_pass_options_get_string(opts, "intrinsic");
  MlirOperation intrinsic = strata_tir_intrinsic_for(loop, mlirStringRefCreateFromCString(name));
  if (mlirOperationIsNull(intrinsic))
    return strata_emit_error(loop, "tir-tensorize: no hwi.intrinsic named '%s' in the module "
                                   "and no built-in one",
                             name);
  return strata_tir_tensorize(loop, intrinsic);
}
