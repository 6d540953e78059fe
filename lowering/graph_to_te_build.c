/* The builders every convert-graph-to-te family uses (graph_to_te.h):
 * attribute and type accessors, scalar arith building, index arithmetic
 * that folds constants, dims of dynamic tensors (tensor.dim), te.compute
 * building with unique names, numpy broadcasting of read indices, layout
 * index maps, tensor views (collapse/expand) and calls of the runtime's
 * library kernels (runtime/kernel_abi.h). Depends on nothing else in
 * lowering/, so every family file (and the driver, graph_to_te.c) can use
 * it without an include circle. */
#include "core/text.h"
#include "lowering/graph_to_te.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/GPU.h>
#include <mlir-c/Dialect/Math.h>
#include <mlir-c/Dialect/Tensor.h>

#include "dialects/op_checks.h"
#include "strata/diagnostics.h"

/* ---- attributes, types ---------------------------------------------------- */

MlirAttribute g2t_attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, strata_sref(name));
}

int64_t g2t_attr_int(MlirOperation op, const char *name) {
  return mlirIntegerAttrGetValueInt(g2t_attr(op, name));
}

bool g2t_attr_bool(MlirOperation op, const char *name) {
  MlirAttribute a = g2t_attr(op, name);
  if (mlirAttributeIsABool(a))
    return mlirBoolAttrGetValue(a);
  return mlirIntegerAttrGetValueInt(a) != 0;
}

intptr_t g2t_attr_i64s(MlirOperation op, const char *name, int64_t *out, intptr_t max) {
  MlirAttribute a = g2t_attr(op, name);
  intptr_t n = mlirDenseArrayGetNumElements(a);
  for (intptr_t i = 0; i < n && i < max; ++i)
    out[i] = mlirDenseI64ArrayGetElement(a, i);
  return n;
}

bool g2t_attr_layout(MlirOperation op, const char *name, strata_graph_layout_t *out) {
  return strata_graph_layout_parse(mlirStringAttrGetValue(g2t_attr(op, name)), out);
}

MlirType g2t_elem(MlirValue v) { return mlirShapedTypeGetElementType(mlirValueGetType(v)); }

strata_graph_shape_t g2t_shape(MlirValue v) {
  strata_graph_shape_t s;
  strata_graph_shape_from_type(mlirValueGetType(v), &s);
  return s;
}

MlirType g2t_tensor(const strata_graph_shape_t *shape, MlirType elem) {
  return strata_graph_shape_to_type(shape, elem);
}

/* ---- scalar building ------------------------------------------------------ */

MlirValue g2t_bin(strata_builder_t *b, const char *name, MlirValue a, MlirValue v) {
  MlirValue ops[2] = {a, v};
  return strata_build_value(b, name, 2, ops, mlirValueGetType(a), 0, NULL);
}

MlirValue g2t_un(strata_builder_t *b, const char *name, MlirValue a) {
  return strata_build_value(b, name, 1, &a, mlirValueGetType(a), 0, NULL);
}

MlirValue g2t_cast(strata_builder_t *b, const char *name, MlirValue a, MlirType type) {
  return strata_build_value(b, name, 1, &a, type, 0, NULL);
}

static MlirValue build_cmp(strata_builder_t *b, const char *name, int64_t pred, MlirValue a,
                           MlirValue v) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirValue ops[2] = {a, v};
  MlirNamedAttribute p =
      strata_named(ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(ctx, 64), pred));
  return strata_build_value(b, name, 2, ops, mlirIntegerTypeGet(ctx, 1), 1, &p);
}

MlirLogicalResult g2t_not_float(g2t_t *g, MlirType t) {
  char buf[32];
  return strata_emit_error(g->op, "needs a float element type, got %s",
                           strata_type_str(t, buf, sizeof buf));
}

MlirValue g2t_cmpi(strata_builder_t *b, int64_t pred, MlirValue a, MlirValue v) {
  return build_cmp(b, "arith.cmpi", pred, a, v);
}

MlirValue g2t_cmpf(strata_builder_t *b, int64_t pred, MlirValue a, MlirValue v) {
  return build_cmp(b, "arith.cmpf", pred, a, v);
}

MlirValue g2t_select(strata_builder_t *b, MlirValue c, MlirValue t, MlirValue f) {
  MlirValue ops[3] = {c, t, f};
  return strata_build_value(b, "arith.select", 3, ops, mlirValueGetType(t), 0, NULL);
}

MlirValue g2t_const_attr(strata_builder_t *b, MlirAttribute attr) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirNamedAttribute v = strata_named(ctx, "value", attr);
  return strata_build_value(b, "arith.constant", 0, NULL, mlirAttributeGetType(attr), 1, &v);
}

MlirValue g2t_scalar(strata_builder_t *b, MlirType t, double v) {
  return strata_build_scalar(b, t, v);
}

static int int_width(MlirType t) { return (int)mlirIntegerTypeGetWidth(t); }

MlirAttribute g2t_lowest(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(t), t, -INFINITY);
  int w = int_width(t);
  int64_t v = w >= 64 ? INT64_MIN : (w == 1 ? 0 : -(INT64_C(1) << (w - 1)));
  return mlirIntegerAttrGet(t, v);
}

MlirAttribute g2t_highest(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(t), t, INFINITY);
  int w = int_width(t);
  int64_t v = w >= 64 ? INT64_MAX : (w == 1 ? 1 : (INT64_C(1) << (w - 1)) - 1);
  if (w == 1)
    v = -1; /* i1 true */
  return mlirIntegerAttrGet(t, v);
}

MlirAttribute g2t_zero(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(t), t, 0.0);
  return mlirIntegerAttrGet(t, 0);
}

MlirAttribute g2t_one(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatAttrDoubleGet(mlirTypeGetContext(t), t, 1.0);
  return mlirIntegerAttrGet(t, 1);
}

MlirValue g2t_index_to_elem(strata_builder_t *b, MlirValue v, MlirType t) {
  MlirContext ctx = mlirTypeGetContext(t);
  if (mlirTypeIsAFloat(t)) {
    MlirValue i = g2t_cast(b, "arith.index_cast", v, mlirIntegerTypeGet(ctx, 64));
    return g2t_cast(b, "arith.sitofp", i, t);
  }
  return g2t_cast(b, "arith.index_cast", v, t);
}

/* ---- index arithmetic (folds constants) ---------------------------------- */

static bool cint(MlirValue v, int64_t *out) { return strata_constant_int(v, out); }

/* The index operations folded here: the arith op, and the constant operand
 * values (0 or 1; NONE: there is none) that decide the result without the
 * other operand. */
typedef enum { IADD, ISUB, IMUL, IDIV, IREM, IMIN, IMAX } index_op_t;
enum { NONE = -1 };
static const struct {
  const char *name;
  signed char left_identity;  /* a == this: the result is v */
  signed char right_identity; /* v == this: the result is a */
  signed char left_zero;      /* a == this: the result is a new 0 */
  signed char right_zero;     /* v == this: the result is a new 0 */
  signed char left_fixed;     /* a == this: the result is a */
} index_ops[] = {
    [IADD] = {"arith.addi", 0, 0, NONE, NONE, NONE},
    [ISUB] = {"arith.subi", NONE, 0, NONE, NONE, NONE},
    [IMUL] = {"arith.muli", 1, 1, 0, 0, NONE},
    [IDIV] = {"arith.divui", NONE, 1, NONE, NONE, 0},
    [IREM] = {"arith.remui", NONE, NONE, 0, 1, NONE},
    [IMIN] = {"arith.minsi", NONE, NONE, NONE, NONE, NONE},
    [IMAX] = {"arith.maxsi", NONE, NONE, NONE, NONE, NONE},
};

/* x op y for constants (unsigned division and remainder, as divui/remui);
 * false for a division by 0, left to run time. */
static bool fold_constants(index_op_t op, int64_t x, int64_t y, int64_t *out) {
  uint64_t ux = (uint64_t)x, uy = (uint64_t)y;
  switch (op) {
  case IADD: *out = x + y; return true;
  case ISUB: *out = x - y; return true;
  case IMUL: *out = x * y; return true;
  case IDIV: *out = (int64_t)(ux / (uy ? uy : 1)); return y != 0;
  case IREM: *out = (int64_t)(ux % (uy ? uy : 1)); return y != 0;
  case IMIN: *out = x < y ? x : y; return true;
  case IMAX: *out = x > y ? x : y; return true;
  }
  return false;
}

/* Whether a constant operand (`known`, value x) is the table's `value`. */
static bool is(bool known, int64_t x, signed char value) {
  return known && value != NONE && x == value;
}

static MlirValue index_op(strata_builder_t *b, index_op_t op, MlirValue a, MlirValue v) {
  int64_t x, y, r;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv && fold_constants(op, x, y, &r))
    return strata_build_index(b, r);
  if (is(ca, x, index_ops[op].left_zero) || is(cv, y, index_ops[op].right_zero))
    return strata_build_index(b, 0);
  if (is(ca, x, index_ops[op].left_fixed))
    return a;
  if (is(ca, x, index_ops[op].left_identity))
    return v;
  if (is(cv, y, index_ops[op].right_identity))
    return a;
  return g2t_bin(b, index_ops[op].name, a, v);
}

/* g2t_iadd .. g2t_imax (graph_to_te.h). */
#define INDEX_OP(fn, op)                                                                         \
  MlirValue fn(strata_builder_t *b, MlirValue a, MlirValue v) { return index_op(b, op, a, v); }
INDEX_OP(g2t_iadd, IADD)
INDEX_OP(g2t_isub, ISUB)
INDEX_OP(g2t_imul, IMUL)
INDEX_OP(g2t_idiv, IDIV)
INDEX_OP(g2t_irem, IREM)
INDEX_OP(g2t_imin, IMIN)
INDEX_OP(g2t_imax, IMAX)
#undef INDEX_OP

MlirValue g2t_iaddc(strata_builder_t *b, MlirValue a, int64_t c) {
  if (c == 0)
    return a;
  return g2t_iadd(b, a, strata_build_index(b, c));
}

MlirValue g2t_imulc(strata_builder_t *b, MlirValue a, int64_t c) {
  if (c == 1)
    return a;
  return g2t_imul(b, a, strata_build_index(b, c));
}

MlirValue g2t_dim(g2t_t *g, MlirValue tensor, intptr_t axis) {
  strata_graph_shape_t s = g2t_shape(tensor);
  if (s.dims[axis] != STRATA_GRAPH_DYN)
    return strata_build_index(&g->b, s.dims[axis]);
  MlirValue ops[2] = {tensor, strata_build_index(&g->b, axis)};
  return strata_build_value(&g->b, "tensor.dim", 2, ops, g->index, 0, NULL);
}

void g2t_dims(g2t_t *g, MlirValue tensor, MlirValue *out) {
  strata_graph_shape_t s = g2t_shape(tensor);
  for (intptr_t i = 0; i < s.rank; ++i)
    out[i] = g2t_dim(g, tensor, i);
}

/* ---- te.compute ---------------------------------------------------------- */


g2t_compute_t g2t_compute_begin(g2t_t *g, const char *base, MlirType type,
                                const MlirValue *dims, intptr_t nred,
                                const int64_t *red_extents, const MlirValue *red_dims,
                                const char *combiner, MlirAttribute init) {
  g2t_compute_t c;
  memset(&c, 0, sizeof c);
  c.rank = mlirShapedTypeGetRank(type);
  c.nred = nred;
  c.elem = mlirShapedTypeGetElementType(type);

  MlirValue operands[G2T_MAX_AXES];
  intptr_t nops = 0;
  for (intptr_t i = 0; i < c.rank; ++i)
    if (mlirShapedTypeIsDynamicDim(type, i))
      operands[nops++] = dims[i];
  for (intptr_t i = 0; i < nred; ++i)
    if (red_extents[i] < 0)
      operands[nops++] = red_dims[i];

  char name[128];
  g2t_names_unique(g->names, g->scope.ptr, base, name, sizeof name);
  MlirNamedAttribute attrs[4];
  intptr_t nattrs = 0;
  attrs[nattrs++] = strata_named(g->ctx, "name", strata_string_attr(g->ctx, name));
  attrs[nattrs++] =
      strata_named(g->ctx, "reduce_extents", mlirDenseI64ArrayGet(g->ctx, nred, red_extents));
  if (nred > 0) {
    attrs[nattrs++] = strata_named(g->ctx, "combiner", strata_string_attr(g->ctx, combiner));
    attrs[nattrs++] = strata_named(g->ctx, "init", init);
  }
  MlirType args[G2T_MAX_AXES];
  for (intptr_t i = 0; i < c.rank + nred; ++i)
    args[i] = g->index;
  c.op = strata_build_region_op(&g->b, "te.compute", nops, operands, 1, &type, nattrs, attrs,
                                c.rank + nred, args);
  c.body = mlirRegionGetFirstBlock(mlirOperationGetRegion(c.op, 0));
  c.in = strata_builder_at_end(c.body, g->b.loc);
  for (intptr_t i = 0; i < c.rank + nred; ++i)
    c.idx[i] = mlirBlockGetArgument(c.body, i);
  return c;
}

MlirValue g2t_compute_end(g2t_compute_t *c, MlirValue v) {
  strata_build_op(&c->in, "gpu.yield", 1, &v, 0, NULL, 0, NULL);
  /* erase arith ops left unused by constant folding (last to first) */
  size_t n = 0, cap = 64;
  MlirOperation *ops = malloc(cap * sizeof *ops);
  for (MlirOperation o = mlirBlockGetFirstOperation(c->body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (n == cap)
      ops = realloc(ops, (cap *= 2) * sizeof *ops);
    ops[n++] = o;
  }
  for (size_t i = n; i-- > 0;) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(ops[i]));
    if (name.length > 6 && memcmp(name.data, "arith.", 6) == 0 && g2t_unused(ops[i]))
      mlirOperationDestroy(ops[i]);
  }
  free(ops);
  return mlirOperationGetResult(c->op, 0);
}

MlirValue g2t_read(g2t_compute_t *c, MlirValue tensor, const MlirValue *idx) {
  MlirValue ops[1 + STRATA_GRAPH_MAX_RANK];
  intptr_t rank = mlirShapedTypeGetRank(mlirValueGetType(tensor));
  ops[0] = tensor;
  for (intptr_t i = 0; i < rank; ++i)
    ops[1 + i] = idx[i];
  return strata_build_value(&c->in, "te.read", 1 + rank, ops, g2t_elem(tensor), 0, NULL);
}

/* ---- broadcasting and layouts -------------------------------------------- */

void g2t_broadcast_indices(g2t_t *g, g2t_compute_t *c, MlirValue operand,
                           const strata_graph_shape_t *shape, intptr_t out_rank,
                           const MlirValue *out_idx, const int64_t *out_static,
                           MlirValue *idx) {
  intptr_t offset = out_rank - shape->rank;
  for (intptr_t k = 0; k < shape->rank; ++k) {
    intptr_t o = k + offset;
    int64_t d = shape->dims[k];
    if (d == 1 || (d == STRATA_GRAPH_DYN && out_static[o] == 1)) {
      idx[k] = strata_build_index(&c->in, 0);
    } else if (d != STRATA_GRAPH_DYN || out_static[o] == G2T_SAME_DIM) {
      /* static, or dynamic and known to equal the output dim */
      idx[k] = out_idx[o];
    } else {
      /* dynamic: may be 1 at run time while the output dim is larger */
      MlirValue ops[2] = {operand, strata_build_index(&c->in, k)};
      MlirValue dim = strata_build_value(&c->in, "tensor.dim", 2, ops, g->index, 0, NULL);
      MlirValue one = g2t_cmpi(&c->in, G2T_CMPI_EQ, dim, strata_build_index(&c->in, 1));
      idx[k] = g2t_select(&c->in, one, strata_build_index(&c->in, 0), out_idx[o]);
    }
  }
}

void g2t_layout_to_logical(strata_builder_t *b, const strata_graph_layout_t *layout,
                           const MlirValue *phys, MlirValue logical[26]) {
  for (int p = 0; p < layout->rank; ++p) {
    char a = layout->axes[p];
    if (a < 'A' || a > 'Z')
      continue;
    MlirValue v = phys[p];
    for (int q = 0; q < layout->rank; ++q)
      if (layout->axes[q] == a - 'A' + 'a')
        v = g2t_iadd(b, g2t_imulc(b, v, layout->blocks[q]), phys[q]);
    logical[a - 'A'] = v;
  }
}

void g2t_layout_to_physical(strata_builder_t *b, const strata_graph_layout_t *layout,
                            const MlirValue logical[26], MlirValue *phys) {
  for (int p = 0; p < layout->rank; ++p) {
    char a = layout->axes[p];
    if (a >= 'A' && a <= 'Z') {
      int64_t block = strata_graph_layout_block(layout, a);
      phys[p] = block == 1 ? logical[a - 'A']
                           : g2t_idiv(b, logical[a - 'A'], strata_build_index(b, block));
    } else {
      /* a block: (x / product of the blocks of the same axis after it) % size */
      int64_t inner = 1;
      for (int q = p + 1; q < layout->rank; ++q)
        if (layout->axes[q] == a)
          inner *= layout->blocks[q];
      MlirValue x = logical[a - 'a'];
      if (inner != 1)
        x = g2t_idiv(b, x, strata_build_index(b, inner));
      phys[p] = g2t_irem(b, x, strata_build_index(b, layout->blocks[p]));
    }
  }
}

void g2t_same_dims(g2t_t *g, MlirValue x, MlirType rtype, MlirValue *dims) {
  intptr_t rank = mlirShapedTypeGetRank(rtype);
  for (intptr_t i = 0; i < rank; ++i)
    dims[i] = mlirShapedTypeIsDynamicDim(rtype, i) ? g2t_dim(g, x, i) : (MlirValue){NULL};
}

/* ---- views: tensor.collapse_shape / expand_shape ------------------------- */

/* The reassociation attribute of collapse_shape / expand_shape: group i
 * takes sizes[i] consecutive dims of the larger shape. */
static MlirNamedAttribute reassociation(MlirContext ctx, intptr_t r, const int64_t *sizes) {
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirAttribute groups[STRATA_GRAPH_MAX_RANK];
  int64_t d = 0;
  for (intptr_t i = 0; i < r; ++i) {
    MlirAttribute dims[STRATA_GRAPH_MAX_RANK];
    for (int64_t k = 0; k < sizes[i]; ++k)
      dims[k] = mlirIntegerAttrGet(i64, d++);
    groups[i] = mlirArrayAttrGet(ctx, sizes[i], dims);
  }
  return strata_named(ctx, "reassociation", mlirArrayAttrGet(ctx, r, groups));
}

/* tensor.collapse_shape of `v` into `shape` (rank r): group i takes
 * sizes[i] consecutive source dims. A view (no copy) once lowered. */
MlirValue g2t_collapse(g2t_t *g, MlirValue v, const int64_t *shape, intptr_t r,
                          const int64_t *sizes) {
  MlirNamedAttribute a = reassociation(g->ctx, r, sizes);
  MlirType type = mlirRankedTensorTypeGet(r, shape, g2t_elem(v), mlirAttributeGetNull());
  return strata_build_value(&g->b, "tensor.collapse_shape", 1, &v, type, 1, &a);
}

/* tensor.expand_shape of `v` (rank r) into the static `type`: group i of
 * v's dims becomes sizes[i] consecutive dims. A view once lowered. */
MlirValue g2t_expand(g2t_t *g, MlirValue v, MlirType type, intptr_t r, const int64_t *sizes) {
  intptr_t rank = mlirShapedTypeGetRank(type);
  int64_t shape[STRATA_GRAPH_MAX_RANK];
  for (intptr_t d = 0; d < rank; ++d)
    shape[d] = mlirShapedTypeGetDimSize(type, d);
  MlirNamedAttribute attrs[2] = {
      reassociation(g->ctx, r, sizes),
      strata_named(g->ctx, "static_output_shape", mlirDenseI64ArrayGet(g->ctx, rank, shape)),
  };
  return strata_build_value(&g->b, "tensor.expand_shape", 1, &v, type, 2, attrs);
}

/* ---- library kernel calls (runtime/kernel_abi.h) ---------------------------- */

void g2t_declare_kernel(g2t_t *g, const char *name, const char *signature) {
  MlirOperation module = mlirOperationGetParentOperation(g->scope);
  if (mlirOperationIsNull(module))
    module = g->scope;
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  if (mlirOperationIsNull(mlirSymbolTableLookup(table, strata_sref(name)))) {
    char text[1024];
    snprintf(text, sizeof text, "func.func private @%s%s", name, signature);
    MlirOperation decl = mlirOperationCreateParse(g->ctx, strata_sref(text), strata_sref("strata-kernels"));
    mlirSymbolTableInsert(table, decl);
  }
  mlirSymbolTableDestroy(table);
}

MlirValue g2t_call_kernel(strata_builder_t *b, const char *name, intptr_t n, const MlirValue *args,
                          MlirType result) {
  MlirContext ctx = mlirLocationGetContext(b->loc);
  MlirNamedAttribute callee = strata_named(ctx, "callee", mlirFlatSymbolRefAttrGet(ctx, strata_sref(name)));
  return strata_build_value(b, "func.call", n, args, result, 1, &callee);
}

bool g2t_kernel_static_shapes(g2t_t *g) {
  bool ok = mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetResult(g->op, 0)));
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(g->op); ++i)
    ok = ok && mlirShapedTypeHasStaticShape(mlirValueGetType(mlirOperationGetOperand(g->op, i)));
  if (!ok)
    strata_emit_error(g->op, "needs static shapes (the kernel's buffers are sized when the op "
                             "is lowered)");
  return ok;
}

/* tensor<N x T> -> tensor<? x T>; other types unchanged. */
static MlirType dynamic_1d(MlirType t) {
  if (!mlirTypeIsARankedTensor(t))
    return t;
  int64_t dyn = mlirShapedTypeGetDynamicSize();
  return mlirRankedTensorTypeGet(1, &dyn, mlirShapedTypeGetElementType(t), mlirAttributeGetNull());
}

/* Appends the spelling of t to buf (at *len). */
static void append_type(char *buf, size_t size, size_t *len, const char *sep, MlirType t) {
  char ts[128];
  strata_type_str(t, ts, sizeof ts);
  int w = snprintf(buf + *len, size - *len, "%s%s", sep, ts);
  if (w > 0 && (size_t)w < size - *len)
    *len += (size_t)w;
}

void g2t_call_buffer_kernel(g2t_t *g, const char *name, intptr_t n, const MlirValue *args,
                            intptr_t nres, const MlirType *results, MlirValue *out) {
  enum { MAX = 16 };
  char sig[1024];
  size_t len = 0;
  MlirValue dargs[MAX];
  MlirType dres[MAX];
  sig[len++] = '(';
  for (intptr_t i = 0; i < n && i < MAX; ++i) {
    MlirType t = mlirValueGetType(args[i]), d = dynamic_1d(t);
    dargs[i] = mlirTypeEqual(t, d) ? args[i]
                                   : strata_build_value(&g->b, "tensor.cast", 1, &args[i], d, 0, NULL);
    append_type(sig, sizeof sig, &len, i ? ", " : "", d);
  }
  len += (size_t)snprintf(sig + len, sizeof sig - len, ") -> (");
  for (intptr_t i = 0; i < nres && i < MAX; ++i) {
    dres[i] = dynamic_1d(results[i]);
    append_type(sig, sizeof sig, &len, i ? ", " : "", dres[i]);
  }
  snprintf(sig + len, sizeof sig - len, ") attributes {llvm.emit_c_interface}");
  g2t_declare_kernel(g, name, sig);
  MlirNamedAttribute callee =
      strata_named(g->ctx, "callee", mlirFlatSymbolRefAttrGet(g->ctx, strata_sref(name)));
  MlirOperation call = strata_build_op(&g->b, "func.call", n, dargs, nres, dres, 1, &callee);
  for (intptr_t i = 0; i < nres && i < MAX; ++i) {
    MlirValue r = mlirOperationGetResult(call, i);
    out[i] = mlirTypeEqual(dres[i], results[i])
                 ? r
                 : strata_build_value(&g->b, "tensor.cast", 1, &r, results[i], 0, NULL);
  }
}

bool g2t_unused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}
