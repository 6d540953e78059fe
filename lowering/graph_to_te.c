/* convert-graph-to-te: lowers every graph op to te.compute ops (tensor
 * expressions). This file holds the pass record, the driver (collects graph
 * ops, dispatches each through the op table, replaces its result), the
 * lowering of graph.constant (arith.constant of the same elements attribute)
 * and the helpers every family uses: te.compute building with unique names,
 * index arithmetic that folds constants, dims of dynamic tensors
 * (tensor.dim), numpy broadcasting of read indices and layout index maps.
 * The op families live in graph_to_te_{elementwise,nn,shape,reduce,compare,
 * index,upsample,string,detection}.c, compute naming in graph_to_te_names.c;
 * graph_to_te.h is their shared interface. docs/lowering/graph_to_te.md
 * describes the mapping of each op. */
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
#include "strata/pass.h"


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

static int64_t floordiv_u(int64_t a, int64_t b) { return (int64_t)((uint64_t)a / (uint64_t)b); }

MlirValue g2t_iadd(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv)
    return strata_build_index(b, x + y);
  if (ca && x == 0)
    return v;
  if (cv && y == 0)
    return a;
  return g2t_bin(b, "arith.addi", a, v);
}

MlirValue g2t_isub(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv)
    return strata_build_index(b, x - y);
  if (cv && y == 0)
    return a;
  return g2t_bin(b, "arith.subi", a, v);
}

MlirValue g2t_imul(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv)
    return strata_build_index(b, x * y);
  if ((ca && x == 0) || (cv && y == 0))
    return strata_build_index(b, 0);
  if (ca && x == 1)
    return v;
  if (cv && y == 1)
    return a;
  return g2t_bin(b, "arith.muli", a, v);
}

MlirValue g2t_idiv(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv && y != 0)
    return strata_build_index(b, floordiv_u(x, y));
  if (ca && x == 0)
    return a;
  if (cv && y == 1)
    return a;
  return g2t_bin(b, "arith.divui", a, v);
}

MlirValue g2t_irem(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  bool ca = cint(a, &x), cv = cint(v, &y);
  if (ca && cv && y != 0)
    return strata_build_index(b, (int64_t)((uint64_t)x % (uint64_t)y));
  if ((cv && y == 1) || (ca && x == 0))
    return strata_build_index(b, 0);
  return g2t_bin(b, "arith.remui", a, v);
}

MlirValue g2t_imin(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  if (cint(a, &x) && cint(v, &y))
    return strata_build_index(b, x < y ? x : y);
  return g2t_bin(b, "arith.minsi", a, v);
}

MlirValue g2t_imax(strata_builder_t *b, MlirValue a, MlirValue v) {
  int64_t x, y;
  if (cint(a, &x) && cint(v, &y))
    return strata_build_index(b, x > y ? x : y);
  return g2t_bin(b, "arith.maxsi", a, v);
}

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

static bool unused(MlirOperation op);

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
    if (name.length > 6 && memcmp(name.data, "arith.", 6) == 0 && unused(ops[i]))
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

/* ---- graph.constant -------------------------------------------------------- */

static MlirLogicalResult lower_constant(g2t_t *g, MlirValue *out) {
  MlirAttribute value = g2t_attr(g->op, "value");
  if (strata_graph_is_string(mlirAttributeGetType(value)))
    return g2t_lower_string_constant(g, out);
  MlirNamedAttribute v = strata_named(g->ctx, "value", value);
  MlirType type = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  *out = strata_build_value(&g->b, "arith.constant", 0, NULL, type, 1, &v);
  return mlirLogicalResultSuccess();
}

/* ---- the op table and the driver ----------------------------------------- */

static const struct {
  const char *name;
  g2t_lower_fn fn;
} lowerings[] = {
    {"constant", lower_constant},
    {"string_normalizer", g2t_lower_string_normalizer},
    {"non_max_suppression", g2t_lower_non_max_suppression},
    {"roi_align", g2t_lower_roi_align},
    {"relu", g2t_lower_unary},
    {"sigmoid", g2t_lower_unary},
    {"tanh", g2t_lower_unary},
    {"exp", g2t_lower_unary},
    {"log", g2t_lower_unary},
    {"sqrt", g2t_lower_unary},
    {"erf", g2t_lower_unary},
    {"sin", g2t_lower_unary},
    {"cos", g2t_lower_unary},
    {"tan", g2t_lower_unary},
    {"asin", g2t_lower_unary},
    {"acos", g2t_lower_unary},
    {"atan", g2t_lower_unary},
    {"sinh", g2t_lower_unary},
    {"cosh", g2t_lower_unary},
    {"asinh", g2t_lower_unary},
    {"acosh", g2t_lower_unary},
    {"atanh", g2t_lower_unary},
    {"round", g2t_lower_unary},
    {"ceil", g2t_lower_unary},
    {"floor", g2t_lower_unary},
    {"neg", g2t_lower_unary},
    {"abs", g2t_lower_unary},
    {"gelu", g2t_lower_unary},
    {"leaky_relu", g2t_lower_unary},
    {"clip", g2t_lower_unary},
    {"add", g2t_lower_binary},
    {"sub", g2t_lower_binary},
    {"mul", g2t_lower_binary},
    {"div", g2t_lower_binary},
    {"maximum", g2t_lower_binary},
    {"minimum", g2t_lower_binary},
    {"pow", g2t_lower_binary},
    {"mod", g2t_lower_binary},
    {"shift_left", g2t_lower_binary},
    {"shift_right", g2t_lower_binary},
    {"bitwise_and", g2t_lower_binary},
    {"bitwise_or", g2t_lower_binary},
    {"bitwise_xor", g2t_lower_binary},
    {"bitwise_not", g2t_lower_unary},
    {"cast", g2t_lower_cast},
    {"bitcast", g2t_lower_bitcast},
    {"matmul", g2t_lower_matmul},
    {"batch_matmul", g2t_lower_batch_matmul},
    {"dense", g2t_lower_dense},
    {"conv2d", g2t_lower_conv2d},
    {"conv3d", g2t_lower_conv2d},
    {"max_pool2d", g2t_lower_pool2d},
    {"max_pool3d", g2t_lower_pool2d},
    {"max_pool2d_indices", g2t_lower_max_pool2d_indices},
    {"avg_pool2d", g2t_lower_pool2d},
    {"avg_pool3d", g2t_lower_pool2d},
    {"global_avg_pool2d", g2t_lower_global_avg_pool2d},
    {"batch_norm", g2t_lower_batch_norm},
    {"softmax", g2t_lower_softmax},
    {"reshape", g2t_lower_reshape},
    {"flatten", g2t_lower_reshape},
    {"shape", g2t_lower_shape},
    {"transpose", g2t_lower_transpose},
    {"concat", g2t_lower_concat},
    {"slice", g2t_lower_slice},
    {"pad", g2t_lower_pad},
    {"layout_transform", g2t_lower_layout_transform},
    {"reduce_sum", g2t_lower_reduce},
    {"reduce_mean", g2t_lower_reduce},
    {"reduce_max", g2t_lower_reduce},
    {"reduce_min", g2t_lower_reduce},
    {"reduce_prod", g2t_lower_reduce},
    {"argmax", g2t_lower_arg_reduce},
    {"argmin", g2t_lower_arg_reduce},
    {"cumsum", g2t_lower_cumsum},
    {"equal", g2t_lower_compare},
    {"greater", g2t_lower_compare},
    {"less", g2t_lower_compare},
    {"where", g2t_lower_where},
    {"gather", g2t_lower_gather},
    {"gather_elements", g2t_lower_gather_elements},
    {"scatter_elements", g2t_lower_scatter_elements},
    {"expand", g2t_lower_expand},
    {"conv_transpose2d", g2t_lower_conv_transpose2d},
    {"conv_transpose3d", g2t_lower_conv_transpose2d},
    {"resize", g2t_lower_resize},
    {"grid_sample", g2t_lower_grid_sample},
    {"unique", g2t_lower_unique},
    {"tfidf_vectorizer", g2t_lower_tfidf_vectorizer},
};

typedef struct {
  MlirOperation *items;
  size_t count, cap;
} op_list_t;

typedef struct {
  op_list_t graph_ops;
  g2t_names_t *names;
} collect_t;

static MlirOperation scope_of(MlirOperation op) {
  MlirOperation p = mlirOperationGetParentOperation(op);
  while (!mlirOperationIsNull(p) && !strata_op_is(p, "func.func")) {
    MlirOperation up = mlirOperationGetParentOperation(p);
    if (mlirOperationIsNull(up))
      break;
    p = up;
  }
  return p;
}

static MlirWalkResult collect(MlirOperation op, void *user) {
  collect_t *c = user;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length > 6 && memcmp(name.data, "graph.", 6) == 0) {
    op_list_t *l = &c->graph_ops;
    if (l->count == l->cap) {
      l->cap = l->cap ? 2 * l->cap : 64;
      l->items = realloc(l->items, l->cap * sizeof *l->items);
    }
    l->items[l->count++] = op;
  } else if (strata_str_eq(name, "te.compute")) {
    /* names already taken by computes present before the pass */
    MlirAttribute n = g2t_attr(op, "name");
    if (!mlirAttributeIsNull(n) && mlirAttributeIsAString(n)) {
      MlirStringRef s = mlirStringAttrGetValue(n);
      char buf[256];
      snprintf(buf, sizeof buf, "%.*s", (int)s.length, s.data);
      g2t_names_add(c->names, scope_of(op).ptr, buf);
    }
  }
  return MlirWalkResultAdvance;
}

/* Integer element types must be signless (arith works on signless only) or
 * unsigned (converted around the op, below); signed (siN) is rejected. */
static bool signless_ok(MlirType t) {
  if (!mlirTypeIsAShaped(t))
    return true;
  MlirType e = mlirShapedTypeGetElementType(t);
  return !mlirTypeIsAInteger(e) || mlirIntegerTypeIsSignless(e) || mlirIntegerTypeIsUnsigned(e);
}

static MlirLogicalResult check_types(MlirOperation op) {
  char buf[64];
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetOperand(op, i));
    if (!signless_ok(t))
      return strata_emit_error(op, "element type %s is not supported by convert-graph-to-te: "
                                   "integers must be signless or unsigned",
                               strata_type_str(mlirShapedTypeGetElementType(t), buf, sizeof buf));
  }
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType t = mlirValueGetType(mlirOperationGetResult(op, i));
    if (!signless_ok(t))
      return strata_emit_error(op, "element type %s is not supported by convert-graph-to-te: "
                                   "integers must be signless or unsigned",
                               strata_type_str(mlirShapedTypeGetElementType(t), buf, sizeof buf));
  }
  return mlirLogicalResultSuccess();
}

/* ---- unsigned integers ---------------------------------------------------
 * arith works on signless integers only, so an op on uiN tensors (ONNX
 * uint8) is lowered on i(2N) values: each uiN operand is first converted by
 * an elementwise compute "to_signless" (te.read, a
 * builtin.unrealized_conversion_cast to iN, which reconcile-unrealized-casts
 * removes after the LLVM conversion, then arith.extui), the op's uiN result
 * types are retyped i(2N) and the op is lowered as usual (signed
 * comparisons, division and max/min are exact on zero-extended values), and
 * the result is converted back by "from_signless" (arith.trunci: add, sub
 * and mul wrap modulo 2^N as unsigned arithmetic does).
 * ui64 has no wider type: its values are reinterpreted as i64, which is
 * exact for ops that wrap (add, sub, mul, neg, and the sums of products of
 * matmul, dense, conv, reduce_sum) or only move elements (shape ops,
 * where, gather), for mod and div, whose lowerings use remui and divui
 * on unsigned operands, and for the shifts (logical). Ops that only order values (maximum, minimum, the
 * comparisons, reduce_max/min, max pools) compute on values with the sign
 * bit flipped (x xor 2^63 maps unsigned order onto signed order), flipped
 * back in the result. cast uses uitofp/fptoui. Other ops on ui64 (relu,
 * clip, averages, ...) are an error. */
enum ui64_mode { UI64_WRAP, UI64_ORDER, UI64_CAST, UI64_UNSUPPORTED };

static enum ui64_mode ui64_mode(const char *name) {
  static const char *const order[] = {"maximum",    "minimum",   "equal",      "greater",
                                      "less",       "reduce_max", "reduce_min", "argmax", "argmin", "max_pool2d",
                                      "max_pool3d"};
  static const char *const wrap[] = {
      "add",     "sub",    "mul",       "neg",   "matmul",  "batch_matmul", "dense",
      "conv2d",  "conv3d", "conv_transpose2d", "reduce_sum", "reduce_prod", "cumsum", "reshape", "flatten",
      "transpose", "concat", "slice",   "pad",   "layout_transform", "where", "gather", "gather_elements",
      "expand", "shape",
      /* lowered with unsigned arith ops when the operand is unsigned */
      "mod", "div", "shift_left", "shift_right",
      /* bitwise: exact on the bits of any width */
      "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_not"};
  for (size_t i = 0; i < sizeof order / sizeof order[0]; ++i)
    if (!strcmp(name, order[i]))
      return UI64_ORDER;
  for (size_t i = 0; i < sizeof wrap / sizeof wrap[0]; ++i)
    if (!strcmp(name, wrap[i]))
      return UI64_WRAP;
  return !strcmp(name, "cast") ? UI64_CAST : UI64_UNSUPPORTED;
}
static bool is_unsigned(MlirType t) {
  if (!mlirTypeIsAShaped(t))
    return false;
  MlirType e = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAInteger(e) && mlirIntegerTypeIsUnsigned(e);
}

static MlirType with_elem(MlirType shaped, MlirType elem) {
  strata_graph_shape_t s;
  strata_graph_shape_from_type(shaped, &s);
  return strata_graph_shape_to_type(&s, elem);
}

/* `flip`: xor the sign bit (ui64 ops that order values, see above). */
static MlirValue convert_unsigned(g2t_t *g, MlirValue v, MlirType to, bool widen, bool flip) {
  MlirType vt = mlirValueGetType(v);
  MlirType rtype = with_elem(vt, to);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, v, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, widen ? "to_signless" : "from_signless", rtype, dims, 0,
                                      NULL, NULL, NULL, (MlirAttribute){NULL});
  MlirValue x = g2t_read(&c, v, c.idx);
  unsigned w = mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(widen ? vt : rtype));
  MlirType signless = mlirIntegerTypeGet(g->ctx, w);
  if (widen) {
    x = g2t_cast(&c.in, "builtin.unrealized_conversion_cast", x, signless);
    if (mlirIntegerTypeGetWidth(to) != w)
      x = g2t_cast(&c.in, "arith.extui", x, to);
    if (flip)
      x = g2t_bin(&c.in, "arith.xori", x, g2t_scalar(&c.in, to, -0x1p63));
  } else {
    if (flip)
      x = g2t_bin(&c.in, "arith.xori", x, g2t_scalar(&c.in, g2t_elem(v), -0x1p63));
    if (mlirIntegerTypeGetWidth(g2t_elem(v)) != w)
      x = g2t_cast(&c.in, "arith.trunci", x, signless);
    x = g2t_cast(&c.in, "builtin.unrealized_conversion_cast", x, to);
  }
  return g2t_compute_end(&c, x);
}

/* The signless type an op on unsigned `e` computes in: twice as wide (up to
 * 64 bits; ui64 stays 64 bits, exact for add/sub/mul only). */
static MlirType widened(MlirContext ctx, MlirType e) {
  unsigned w = mlirIntegerTypeGetWidth(e);
  return mlirIntegerTypeGet(ctx, w >= 64 ? 64 : 2 * w);
}

static bool unused(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (!mlirOpOperandIsNull(mlirValueGetFirstUse(mlirOperationGetResult(op, i))))
      return false;
  return true;
}

/* Erases `marker` and the unused index arithmetic, constants and tensor.dim
 * ops a lowering built after it (up to the next op that is none of them). */
static void erase_unused_since(MlirOperation marker) {
  MlirOperation ops[512];
  int n = 0;
  for (MlirOperation o = mlirOperationGetNextInBlock(marker); !mlirOperationIsNull(o) && n < 512;
       o = mlirOperationGetNextInBlock(o)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(o));
    bool pure = strata_str_eq(name, "tensor.dim") ||
                (name.length > 6 && memcmp(name.data, "arith.", 6) == 0 &&
                 mlirOperationGetNumRegions(o) == 0);
    if (!pure)
      break;
    ops[n++] = o;
  }
  for (int i = n; i-- > 0;)
    if (unused(ops[i]))
      mlirOperationDestroy(ops[i]);
  mlirOperationDestroy(marker);
}

static MlirLogicalResult lower_one(MlirOperation op, g2t_names_t *names) {
  MlirContext ctx = mlirOperationGetContext(op);
  MlirStringRef full = mlirIdentifierStr(mlirOperationGetName(op));
  char short_name[64];
  snprintf(short_name, sizeof short_name, "%.*s", (int)full.length - 6, full.data + 6);
  g2t_lower_fn fn = NULL;
  for (size_t i = 0; i < sizeof lowerings / sizeof lowerings[0]; ++i)
    if (strcmp(lowerings[i].name, short_name) == 0)
      fn = lowerings[i].fn;
  if (!fn)
    return strata_emit_error(op, "is not supported by convert-graph-to-te");
  if (mlirOperationGetNumResults(op) != 1)
    return strata_emit_error(op, "expected one result");
  MlirType unsigned_result = {NULL};
  bool has_unsigned = false, has_ui64 = false;
  for (intptr_t i = 0; i <= mlirOperationGetNumOperands(op); ++i) {
    MlirType t = i < mlirOperationGetNumOperands(op)
                     ? mlirValueGetType(mlirOperationGetOperand(op, i))
                     : mlirValueGetType(mlirOperationGetResult(op, 0));
    has_unsigned |= is_unsigned(t);
    has_ui64 |= is_unsigned(t) && mlirIntegerTypeGetWidth(mlirShapedTypeGetElementType(t)) == 64;
  }
  if (has_unsigned && strcmp(short_name, "constant") == 0)
    has_unsigned = has_ui64 = false; /* an arith.constant of the same attribute */
  if (mlirLogicalResultIsFailure(check_types(op)) ||
      mlirLogicalResultIsFailure(g2t_check_narrow_floats(op, short_name)))
    return mlirLogicalResultFailure();
  enum ui64_mode mode = ui64_mode(short_name);
  if (has_ui64 && mode == UI64_UNSUPPORTED)
    return strata_emit_error(op, "element type ui64 is not supported by convert-graph-to-te "
                                 "for this op (no wider type to compute in)");
  bool flip = has_ui64 && mode == UI64_ORDER;

  g2t_t g = {
      .ctx = ctx,
      .op = op,
      .op_name = short_name,
      .b = strata_builder_before(op),
      .index = mlirIndexTypeGet(ctx),
      .names = names,
      .scope = scope_of(op),
  };
  /* A marker before the op delimits what the lowering builds there, so that
   * dims and constants it did not use can be erased afterwards. */
  MlirOperation marker = mlirOpResultGetOwner(strata_build_index(&g.b, 0));
  if (has_unsigned) {
    for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i) {
      MlirValue v = mlirOperationGetOperand(op, i);
      if (is_unsigned(mlirValueGetType(v))) {
        if (i == 0)
          g.unsigned_in = g2t_elem(v);
        mlirOperationSetOperand(op, i,
                                convert_unsigned(&g, v, widened(ctx, g2t_elem(v)), true, flip));
      }
    }
    MlirValue res = mlirOperationGetResult(op, 0);
    if (is_unsigned(mlirValueGetType(res))) {
      unsigned_result = mlirValueGetType(res);
      g.unsigned_out = mlirShapedTypeGetElementType(unsigned_result);
      mlirValueSetType(res, with_elem(unsigned_result,
                                      widened(ctx, mlirShapedTypeGetElementType(unsigned_result))));
    }
  }
  MlirValue out = {NULL};
  MlirLogicalResult r = fn(&g, &out);
  if (mlirLogicalResultIsSuccess(r) && !mlirTypeIsNull(unsigned_result)) {
    mlirValueSetType(mlirOperationGetResult(op, 0), unsigned_result);
    out = convert_unsigned(&g, out, mlirShapedTypeGetElementType(unsigned_result), false, flip);
  }
  if (mlirLogicalResultIsSuccess(r)) {
    MlirValue old = mlirOperationGetResult(op, 0);
    mlirValueReplaceAllUsesOfWith(old, out);
    mlirOperationDestroy(op);
  }
  erase_unused_since(marker);
  return r;
}

static MlirLogicalResult run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  g2t_inline_fused(module);
  if (mlirLogicalResultIsFailure(g2t_prepare_strings(module)))
    return mlirLogicalResultFailure();
  g2t_names_t *names = g2t_names_create();
  collect_t c = {.names = names};
  mlirOperationWalk(module, collect, &c, MlirWalkPreOrder);
  bool ok = true;
  for (size_t i = 0; i < c.graph_ops.count; ++i)
    if (mlirLogicalResultIsFailure(lower_one(c.graph_ops.items[i], names)))
      ok = false;
  free(c.graph_ops.items);
  g2t_names_destroy(names);
  return ok ? mlirLogicalResultSuccess() : mlirLogicalResultFailure();
}

const strata_pass_info_t convert_graph_to_te_pass = {
    .argument = "convert-graph-to-te",
    .summary = "Lower graph ops to te.compute tensor expressions",
    .description =
        "Replaces every graph op with one or more te.compute ops (a body stating each "
        "output element: te.read of captured tensors, arith/math scalar ops, gpu.yield; "
        "reductions carry reduce_extents, combiner and init). graph.constant becomes "
        "arith.constant of the same elements attribute. Elementwise ops broadcast as "
        "numpy; matmul/dense/conv2d/conv3d/pools reduce with combiner add (max for max pools); "
        "padding is handled by bounds checks in the body (arith.select, with clamped "
        "reads); softmax, avg/global pools, reduce_mean, dense and conv bias are several "
        "computes. Dynamic result dims are passed as te.compute dims from tensor.dim of "
        "the inputs. Compute names are the op name, suffixed _N to be unique within the "
        "function. Function signatures and IR without graph ops are left unchanged. "
        "Graph ops it cannot lower (dynamic spatial dims of conv/pool, several dynamic "
        "dims in a reshape) get a located error and the pass fails. Ops on unsigned integer "
        "tensors compute on zero-extended signless values of twice the width (computes "
        "to_signless / from_signless around the op, through builtin.unrealized_conversion_cast); "
        "ui64 has no wider type: ops that wrap or move values compute on it reinterpreted as "
        "i64, ops that only order values (maximum, minimum, comparisons, reduce_max/min, max "
        "pools) on values with the sign bit flipped, cast uses uitofp/fptoui, and other ops on "
        "ui64 are an error. String tensors (!graph.string) become i64 handles (a const char * "
        "to interned text): ops that move elements lower unchanged, casts to/from strings call "
        "the scalar string kernels in an elementwise compute, string_normalizer calls its buffer "
        "kernel (func.call on dynamic shapes via tensor.cast), tfidf_vectorizer takes them too, "
        "other ops on strings are an error. unique and tfidf_vectorizer call the table kernels "
        "strata_unique and strata_tfidf_vectorizer on flattened operands; non_max_suppression "
        "and roi_align call their buffer kernels the same way (static shapes only), dims and "
        "attributes as scalars. Casts from or to the 8-bit and 4-bit floats (f8E4M3FN, "
        "f8E4M3FNUZ, f8E5M2, f8E5M2FNUZ, f8E8M0FNU, f4E2M1FN) move their codes through the "
        "scalar kernels strata_narrow_to_f64 / strata_narrow_from_f64 (cast's optional "
        "saturate and round_mode attributes become the kernel's flags); other ops on them but "
        "bitcast, constant and those that move elements are an error.",
    .anchor = "builtin.module",
    .dependent_dialects = {mlirGetDialectHandle__arith__, mlirGetDialectHandle__math__,
                           mlirGetDialectHandle__tensor__, mlirGetDialectHandle__gpu__,
                           mlirGetDialectHandle__func__},
    .run = run,
};
