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
 *                             pool_strings as bytes (g2t_string_bytes)
 *   graph.equal               marked here; the compare's element is the
 *                             scalar kernel strata_string_equal
 *   graph.string_concat       a broadcasting compute calling the scalar
 *                             kernel strata_string_concat
 *   graph.string_split        the buffer kernel strata_string_split on the
 *                             flattened input (pieces [n * W] and counts
 *                             [n]; the op's part picks one), expanded back
 *   graph.regex_full_match    the buffer kernel strata_regex_full_match
 *                             (i8 flags, then a compute to i1)
 *   graph.label_lookup        (graph_to_te_table.c) on handles. */
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
#define STRING_COMPARE_ATTR "strata.string_compare"


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
  return strata_str_index(name, ops, (int)STRATA_COUNTOF(ops)) >= 0;
}

/* Graph ops with string semantics of their own (lowered here or, for
 * tfidf_vectorizer and label_lookup, in graph_to_te_table.c). */
static bool takes_strings(MlirStringRef name) {
  static const char *const ops[] = {"graph.constant",      "graph.string_normalizer",
                                    "graph.tfidf_vectorizer", "graph.string_concat",
                                    "graph.string_split",  "graph.regex_full_match",
                                    "graph.label_lookup"};
  return strata_str_index(name, ops, (int)STRATA_COUNTOF(ops)) >= 0;
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
  } else if (strata_str_eq(name, "graph.equal")) {
    mlirOperationSetAttributeByName(op, strata_sref(STRING_COMPARE_ATTR),
                                    mlirUnitAttrGet(mlirOperationGetContext(op)));
  } else if (!takes_strings(name) && !moves_elements(name)) {
    strata_emit_error(op, "string tensors are not supported by convert-graph-to-te in this op "
                          "(only constant, cast, equal, string_normalizer, string_concat, "
                          "string_split, regex_full_match, label_lookup, tfidf_vectorizer and "
                          "ops that move elements: reshape, transpose, concat, slice, flatten, "
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

/* ---- graph.equal, graph.string_concat ----------------------------------------- */

bool g2t_is_string_compare(MlirOperation op) {
  return !mlirAttributeIsNull(
      mlirOperationGetAttributeByName(op, strata_sref(STRING_COMPARE_ATTR)));
}

MlirValue g2t_string_equal(g2t_t *g, strata_builder_t *b, MlirValue a, MlirValue v) {
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  g2t_declare_kernel(g, "strata_string_equal", "(i64, i64) -> i64");
  MlirValue args[2] = {a, v};
  MlirValue r = g2t_call_kernel(b, "strata_string_equal", 2, args, i64);
  return g2t_cmpi(b, G2T_CMPI_NE, r, g2t_scalar(b, i64, 0));
}

MlirLogicalResult g2t_lower_string_concat(g2t_t *g, MlirValue *out) {
  MlirValue vals[2] = {mlirOperationGetOperand(g->op, 0), mlirOperationGetOperand(g->op, 1)};
  MlirValue reads[2][STRATA_GRAPH_MAX_RANK];
  g2t_compute_t c = g2t_begin_broadcast(g, 2, vals, reads);
  MlirValue args[2] = {g2t_read(&c, vals[0], reads[0]), g2t_read(&c, vals[1], reads[1])};
  g2t_declare_kernel(g, "strata_string_concat", "(i64, i64) -> i64");
  *out = g2t_compute_end(
      &c, g2t_call_kernel(&c.in, "strata_string_concat", 2, args, mlirIntegerTypeGet(g->ctx, 64)));
  return mlirLogicalResultSuccess();
}

/* ---- graph.string_split, graph.regex_full_match ------------------------------- */

/* One string attribute's value as an i8 constant (NUL-terminated). */
static MlirValue one_string_bytes(g2t_t *g, const char *name) {
  MlirAttribute s = g2t_attr(g->op, name);
  return g2t_string_bytes(g, mlirArrayAttrGet(g->ctx, 1, &s));
}

/* r (1-D) expanded to the static type rtype of rank `rank` (r itself when
 * rank is 1). */
static MlirValue unflatten(g2t_t *g, MlirValue r, MlirType rtype) {
  intptr_t rank = mlirShapedTypeGetRank(rtype);
  return rank == 1 ? r : g2t_expand(g, r, rtype, 1, (const int64_t[]){rank});
}

/* The op's operand flattened, or a located error for a 0-d one (the ONNX
 * importer reshapes scalars to [1]). */
static bool flat_input(g2t_t *g, MlirValue *x, int64_t *n) {
  if (!g2t_kernel_static_shapes(g))
    return false;
  MlirValue v = mlirOperationGetOperand(g->op, 0);
  strata_graph_shape_t s = g2t_shape(v);
  if (s.rank == 0) {
    strata_emit_error(g->op, "a 0-d input is not supported by the string kernels (reshape it "
                             "to [1])");
    return false;
  }
  *n = strata_graph_num_elements(&s);
  *x = g2t_flatten(g, v);
  return true;
}

MlirLogicalResult g2t_lower_string_split(g2t_t *g, MlirValue *out) {
  MlirValue x;
  int64_t n;
  if (!flat_input(g, &x, &n))
    return mlirLogicalResultFailure();
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  bool counts = strata_str_eq(mlirStringAttrGetValue(g2t_attr(g->op, "part")), "counts");
  /* The counts part asks for no pieces (width -1, an empty buffer). */
  int64_t width = counts ? -1 : mlirShapedTypeGetDimSize(rtype, mlirShapedTypeGetRank(rtype) - 1);
  if (!counts && n > 0 && width > INT64_MAX / n)
    return strata_emit_error(g->op, "the pieces' size overflows");
  MlirType i64 = mlirIntegerTypeGet(g->ctx, 64);
  MlirValue args[4] = {x, one_string_bytes(g, "delimiter"),
                       g2t_scalar(&g->b, i64, (double)g2t_attr_int(g->op, "maxsplit")),
                       g2t_scalar(&g->b, i64, (double)width)};
  int64_t sizes[2] = {counts ? 0 : n * width, n};
  MlirType results[2] = {mlirRankedTensorTypeGet(1, &sizes[0], i64, mlirAttributeGetNull()),
                         mlirRankedTensorTypeGet(1, &sizes[1], i64, mlirAttributeGetNull())};
  MlirValue r[2];
  g2t_call_buffer_kernel(g, "strata_string_split", 4, args, 2, results, r);
  *out = unflatten(g, r[counts ? 1 : 0], rtype);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult g2t_lower_regex_full_match(g2t_t *g, MlirValue *out) {
  MlirValue x;
  int64_t n;
  if (!flat_input(g, &x, &n))
    return mlirLogicalResultFailure();
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  MlirType i8 = mlirIntegerTypeGet(g->ctx, 8);
  MlirValue args[2] = {x, one_string_bytes(g, "pattern")};
  MlirType flags_type = mlirRankedTensorTypeGet(1, &n, i8, mlirAttributeGetNull());
  MlirValue flags;
  g2t_call_buffer_kernel(g, "strata_regex_full_match", 2, args, 1, &flags_type, &flags);
  MlirType flat_i1 = mlirRankedTensorTypeGet(1, &n, mlirIntegerTypeGet(g->ctx, 1),
                                             mlirAttributeGetNull());
  g2t_compute_t c = g2t_compute_begin(g, "regex_match", flat_i1, NULL, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue v = g2t_read(&c, flags, c.idx);
  MlirValue r = g2t_compute_end(&c, g2t_cmpi(&c.in, G2T_CMPI_NE, v, g2t_scalar(&c.in, i8, 0)));
  *out = unflatten(g, r, rtype);
  return mlirLogicalResultSuccess();
}
