/* convert-graph-to-te for string tensors (!graph.string elements).
 *
 * Below the graph dialect a string element is a handle: an i64 holding a
 * `const char *` to NUL-terminated UTF-8 (0 is the empty string), so that
 * buffers, the calling convention and every op that only moves elements
 * (reshape, transpose, concat, slice, gather, expand, flatten) work on
 * strings unchanged. Strings are made by the runtime's string kernels
 * (runtime/string_kernels.c), which intern them: handles are never freed,
 * so copies need no ownership.
 *
 * Before any op is lowered, g2t_prepare_strings marks each graph.cast from
 * or to strings, rejects graph ops that have no string semantics here, and
 * retypes every string tensor (arguments, results, function types) to i64.
 * Then:
 *   graph.cast to strings     an elementwise compute calling
 *                             strata_string_from_f64 / _from_i64 (scalar C
 *                             functions) on the value widened to f64 / i64
 *   graph.cast from strings   strata_string_to_f64 / _to_i64, then narrowed
 *   graph.constant            its strings NUL-terminated back to back in an i8
 *                             constant, interned at run time by the buffer
 *                             kernel strata_string_constants (each call:
 *                             interning makes the handles stable)
 *   graph.string_normalizer   the buffer kernel strata_string_normalizer
 *                             (g2t_call_buffer_kernel) on the flattened
 *                             input, the stopwords as a byte constant and the
 *                             flags; its result has the static size the op's
 *                             type fixes
 *   graph.tfidf_vectorizer    (graph_to_te_table.c) on handles, its
 *                             pool_strings as bytes (g2t_string_bytes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/text.h"
#include "dialects/op_checks.h"
#include "lowering/graph_to_te.h"
#include "strata/diagnostics.h"

#define STRING_CAST_ATTR "strata.string_cast"


/* ---- preparation: marks, checks, retyping --------------------------------- */

static bool has_string(MlirOperation op) {
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    if (strata_graph_is_string(mlirValueGetType(mlirOperationGetOperand(op, i))))
      return true;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i)
    if (strata_graph_is_string(mlirValueGetType(mlirOperationGetResult(op, i))))
      return true;
  return false;
}

/* Graph ops that only move elements: they work on handles as on integers. */
static bool moves_elements(MlirStringRef name) {
  static const char *const ops[] = {"graph.reshape", "graph.transpose", "graph.concat",
                                    "graph.slice",   "graph.flatten",   "graph.gather",
                                    "graph.expand"};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; ++i)
    if (strata_str_eq(name, ops[i]))
      return true;
  return false;
}

/* tensor<... x !graph.string> -> tensor<... x i64>; other types unchanged. */
static MlirType handle_type(MlirType t) {
  if (!mlirTypeIsARankedTensor(t) || !strata_graph_is_string(t))
    return t;
  strata_graph_shape_t s;
  strata_graph_shape_from_type(t, &s);
  return strata_graph_shape_to_type(&s, mlirIntegerTypeGet(mlirTypeGetContext(t), 64));
}

typedef struct {
  bool failed;
} prepare_t;

static MlirWalkResult check_and_mark(MlirOperation op, void *user) {
  prepare_t *p = user;
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  if (name.length <= 6 || memcmp(name.data, "graph.", 6) != 0 || !has_string(op))
    return MlirWalkResultAdvance;
  if (strata_str_eq(name, "graph.cast")) {
    bool from = strata_graph_is_string(mlirValueGetType(mlirOperationGetOperand(op, 0)));
    bool to = strata_graph_is_string(mlirValueGetType(mlirOperationGetResult(op, 0)));
    if (from != to) /* a string-to-string cast is a copy */
      mlirOperationSetAttributeByName(op, strata_sref(STRING_CAST_ATTR),
                                      strata_string_attr(mlirOperationGetContext(op),
                                                         from ? "from" : "to"));
  } else if (!strata_str_eq(name, "graph.string_normalizer") &&
             !strata_str_eq(name, "graph.constant") &&
             !strata_str_eq(name, "graph.tfidf_vectorizer") && !moves_elements(name)) {
    strata_emit_error(op, "string tensors are not supported by convert-graph-to-te in this op "
                          "(only constant, cast, string_normalizer, tfidf_vectorizer and ops "
                          "that move elements: reshape, transpose, concat, slice, flatten, "
                          "gather, expand)");
    p->failed = true;
  }
  return MlirWalkResultAdvance;
}

static MlirWalkResult retype(MlirOperation op, void *user) {
  (void)user;
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirValue r = mlirOperationGetResult(op, i);
    mlirValueSetType(r, handle_type(mlirValueGetType(r)));
  }
  for (intptr_t k = 0; k < mlirOperationGetNumRegions(op); ++k)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, k)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirValue a = mlirBlockGetArgument(b, i);
        mlirValueSetType(a, handle_type(mlirValueGetType(a)));
      }
  MlirAttribute ft = mlirOperationGetAttributeByName(op, strata_sref("function_type"));
  if (strata_op_is(op, "func.func") && !mlirAttributeIsNull(ft)) {
    MlirType t = mlirTypeAttrGetValue(ft);
    intptr_t ni = mlirFunctionTypeGetNumInputs(t), nr = mlirFunctionTypeGetNumResults(t);
    MlirType *types = malloc(sizeof *types * (size_t)(ni + nr + 1));
    for (intptr_t i = 0; i < ni; ++i)
      types[i] = handle_type(mlirFunctionTypeGetInput(t, i));
    for (intptr_t i = 0; i < nr; ++i)
      types[ni + i] = handle_type(mlirFunctionTypeGetResult(t, i));
    MlirType nt = mlirFunctionTypeGet(mlirOperationGetContext(op), ni, types, nr, types + ni);
    mlirOperationSetAttributeByName(op, strata_sref("function_type"), mlirTypeAttrGet(nt));
    free(types);
  }
  return MlirWalkResultAdvance;
}

MlirLogicalResult g2t_prepare_strings(MlirOperation module) {
  prepare_t p = {false};
  mlirOperationWalk(module, check_and_mark, &p, MlirWalkPreOrder);
  if (p.failed)
    return mlirLogicalResultFailure();
  mlirOperationWalk(module, retype, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}

/* ---- graph.cast to / from strings ------------------------------------------ */

bool g2t_is_string_cast(MlirOperation op) {
  return !mlirAttributeIsNull(mlirOperationGetAttributeByName(op, strata_sref(STRING_CAST_ATTR)));
}

/* The numeric value v (element type t, or the original unsigned type u when
 * lower_one widened it) as a handle. */
static MlirValue format_value(g2t_t *g, strata_builder_t *b, MlirValue v, MlirType t, MlirType u) {
  MlirType f64 = mlirF64TypeGet(g->ctx), i64 = mlirIntegerTypeGet(g->ctx, 64);
  if (mlirTypeIsAFloat(t)) {
    int kind = mlirTypeIsAF64(t) ? 1 : mlirTypeIsAF16(t) ? 2 : 0; /* bf16: as its f32 value */
    if (!mlirTypeIsAF64(t))
      v = g2t_cast(b, "arith.extf", v, f64);
    g2t_declare_kernel(g, "strata_string_from_f64", "(f64, i64) -> i64");
    MlirValue args[2] = {v, g2t_scalar(b, i64, kind)};
    return g2t_call_kernel(b, "strata_string_from_f64", 2, args, i64);
  }
  unsigned w = mlirIntegerTypeGetWidth(t);
  int kind = w == 1 ? 2 : !mlirTypeIsNull(u) ? 1 : 0;
  if (w < 64)
    v = g2t_cast(b, w == 1 || !mlirTypeIsNull(u) ? "arith.extui" : "arith.extsi", v, i64);
  g2t_declare_kernel(g, "strata_string_from_i64", "(i64, i64) -> i64");
  MlirValue args[2] = {v, g2t_scalar(b, i64, kind)};
  return g2t_call_kernel(b, "strata_string_from_i64", 2, args, i64);
}

/* The handle h parsed as element type t. */
static MlirValue parse_value(g2t_t *g, strata_builder_t *b, MlirValue h, MlirType t) {
  if (mlirTypeIsAFloat(t)) {
    g2t_declare_kernel(g, "strata_string_to_f64", "(i64) -> f64");
    MlirValue v = g2t_call_kernel(b, "strata_string_to_f64", 1, &h, mlirF64TypeGet(g->ctx));
    return mlirTypeIsAF64(t) ? v : g2t_cast(b, "arith.truncf", v, t);
  }
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  g2t_declare_kernel(g, "strata_string_to_i64", "(i64) -> i64");
  MlirValue v = g2t_call_kernel(b, "strata_string_to_i64", 1, &h, i64);
  unsigned w = mlirIntegerTypeGetWidth(t);
  if (w == 1)
    return g2t_cmpi(b, G2T_CMPI_NE, v, g2t_scalar(b, i64, 0));
  return w < 64 ? g2t_cast(b, "arith.trunci", v, t) : v;
}

MlirLogicalResult g2t_lower_string_cast(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirAttribute dir = mlirOperationGetAttributeByName(g->op, strata_sref(STRING_CAST_ATTR));
  bool to_string = strata_str_eq(mlirStringAttrGetValue(dir), "to");
  MlirType s = g2t_elem(x), d = mlirShapedTypeGetElementType(rtype);
  MlirType numeric = to_string ? s : d;
  if (!mlirTypeIsAFloat(numeric) && !mlirTypeIsAInteger(numeric)) {
    char buf[64];
    return strata_emit_error(g->op, "cast between strings and %s is not supported",
                             strata_type_str(numeric, buf, sizeof buf));
  }
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  g2t_same_dims(g, x, rtype, dims);
  g2t_compute_t c = g2t_compute_begin(g, to_string ? "to_string" : "from_string", rtype, dims, 0,
                                      NULL, NULL, NULL, (MlirAttribute){NULL});
  MlirValue v = g2t_read(&c, x, c.idx);
  v = to_string ? format_value(g, &c.in, v, s, g->unsigned_in) : parse_value(g, &c.in, v, d);
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}

/* ---- string lists as bytes, string constants ------------------------------ */

/* n strings (get(from, k)) NUL-terminated back to back: an i8 constant. */
static MlirValue bytes_constant(g2t_t *g, intptr_t n, MlirStringRef (*get)(MlirAttribute, intptr_t),
                                MlirAttribute from) {
  size_t nbytes = 0;
  for (intptr_t k = 0; k < n; ++k)
    nbytes += get(from, k).length + 1;
  int8_t *bytes = malloc(nbytes + 1);
  size_t at = 0;
  for (intptr_t k = 0; k < n; ++k) {
    MlirStringRef w = get(from, k);
    if (w.length)
      memcpy(bytes + at, w.data, w.length);
    at += w.length;
    bytes[at++] = 0;
  }
  int64_t len = (int64_t)nbytes;
  MlirType type = mlirRankedTensorTypeGet(1, &len, mlirIntegerTypeGet(g->ctx, 8),
                                          mlirAttributeGetNull());
  MlirNamedAttribute value =
      strata_named(g->ctx, "value", mlirDenseElementsAttrInt8Get(type, (intptr_t)nbytes, bytes));
  free(bytes);
  return strata_build_value(&g->b, "arith.constant", 0, NULL, type, 1, &value);
}

static MlirStringRef array_string(MlirAttribute a, intptr_t k) {
  return mlirStringAttrGetValue(mlirArrayAttrGetElement(a, k));
}

static MlirStringRef dense_string(MlirAttribute a, intptr_t k) {
  return mlirDenseElementsAttrGetStringValue(a, k);
}

MlirValue g2t_string_bytes(g2t_t *g, MlirAttribute strings) {
  return bytes_constant(g, mlirArrayAttrGetNumElements(strings), array_string, strings);
}

MlirLogicalResult g2t_lower_string_constant(g2t_t *g, MlirValue *out) {
  MlirAttribute value = g2t_attr(g->op, "value");
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0)); /* i64 handles */
  intptr_t rank = mlirShapedTypeGetRank(rtype);
  int64_t n = mlirElementsAttrGetNumElements(value);
  MlirValue bytes = bytes_constant(g, (intptr_t)n, dense_string, value);
  MlirType flat = mlirRankedTensorTypeGet(1, &n, mlirIntegerTypeGet(g->ctx, 64),
                                          mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_string_constants", 1, &bytes, 1, &flat, &r);
  if (rank == 0)
    r = g2t_collapse(g, r, NULL, 0, NULL);
  else if (rank > 1)
    r = g2t_expand(g, r, rtype, 1, (const int64_t[]){rank});
  *out = r;
  return mlirLogicalResultSuccess();
}

/* ---- graph.string_normalizer ----------------------------------------------- */

MlirLogicalResult g2t_lower_string_normalizer(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  MlirContext ctx = g->ctx;
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  intptr_t rank = mlirShapedTypeGetRank(rtype);
  int64_t in_len = mlirShapedTypeGetDimSize(mlirValueGetType(x), rank - 1);
  int64_t out_len = mlirShapedTypeGetDimSize(rtype, rank - 1);
  if (rank == 2)
    x = g2t_collapse(g, x, &in_len, 1, (const int64_t[]){2});

  MlirValue w = g2t_string_bytes(g, g2t_attr(g->op, "stopwords"));

  MlirStringRef action = mlirStringAttrGetValue(g2t_attr(g->op, "case_change_action"));
  int64_t flags = strata_str_eq(action, "LOWER") ? 1 : strata_str_eq(action, "UPPER") ? 2 : 0;
  if (g2t_attr_bool(g->op, "is_case_sensitive"))
    flags |= 4;
  MlirValue args[3] = {x, w, g2t_scalar(&g->b, i64, (double)flags)};
  MlirType result = mlirRankedTensorTypeGet(1, &out_len, i64, mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_string_normalizer", 3, args, 1, &result, &r);
  if (rank == 2)
    r = g2t_expand(g, r, rtype, 1, (const int64_t[]){2});
  *out = r;
  return mlirLogicalResultSuccess();
}
