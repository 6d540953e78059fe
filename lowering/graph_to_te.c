/* convert-graph-to-te: lowers every graph op to te.compute ops (tensor
 * expressions). This file holds the pass record, the driver (collects graph
 * ops, dispatches each through the op table, replaces its result), the
 * lowering of graph.constant (arith.constant of the same elements attribute)
 * and the unsigned-integer handling. The helpers every family uses
 * (te.compute building, index arithmetic, broadcasting, kernel calls) are in
 * graph_to_te_build.c. The op families live in graph_to_te_{elementwise,nn,shape,reduce,compare,
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
#include "lowering/lowering_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

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
    {"string_concat", g2t_lower_string_concat},
    {"string_split", g2t_lower_string_split},
    {"regex_full_match", g2t_lower_regex_full_match},
    {"label_lookup", g2t_lower_label_lookup},
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
    {"image_decode", g2t_lower_image_decode},
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

static MlirLogicalResult check_type(MlirOperation op, MlirValue v) {
  char buf[64];
  MlirType t = mlirValueGetType(v);
  if (signless_ok(t))
    return mlirLogicalResultSuccess();
  return strata_emit_error(op, "element type %s is not supported by convert-graph-to-te: "
                               "integers must be signless or unsigned",
                           strata_type_str(mlirShapedTypeGetElementType(t), buf, sizeof buf));
}

static MlirLogicalResult check_types(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (mlirLogicalResultIsFailure(check_type(op, mlirOperationGetOperand(op, i))))
      return mlirLogicalResultFailure();
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (mlirLogicalResultIsFailure(check_type(op, mlirOperationGetResult(op, i))))
      return mlirLogicalResultFailure();
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
    if (g2t_unused(ops[i]))
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

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult convert_graph_to_te_run(MlirOperation module, const strata_pass_options_t *opts) {
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
