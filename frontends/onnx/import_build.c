/* Building graph ops for the ONNX importer's mappings (onnx_internal.h,
 * "Building"): ops whose result type the graph dialect infers (a shape
 * error is reported at the ONNX node through the op's verifier), private
 * helper functions (a recurrence's step), and the small constants,
 * reshapes, casts, reductions and attributes the mappings share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/import_state.h"
#include "strata/strata.h"

/* A float or integer attribute of element type elem holding v. */
static MlirAttribute scalar_attr(MlirContext ctx, MlirType elem, double v) {
  return mlirTypeIsAFloat(elem) ? mlirFloatAttrDoubleGet(ctx, elem, v)
                                : mlirIntegerAttrGet(elem, onnx_double_to_i64(v));
}

MlirValue onnx_build(onnx_node_t *n, const char *name, intptr_t num_operands,
                     const MlirValue *operands, MlirType result_type, intptr_t num_attrs,
                     const MlirNamedAttribute *attrs) {
  if (onnx_failed(n))
    return (MlirValue){NULL};
  for (intptr_t i = 0; i < num_operands; ++i)
    if (mlirValueIsNull(operands[i])) {
      char what[96];
      snprintf(what, sizeof what, "'%s'", name);
      onnx_missing_value(n, what);
      return (MlirValue){NULL};
    }
  MlirType placeholder = !mlirTypeIsNull(result_type) ? result_type
                         : num_operands             ? mlirValueGetType(operands[0])
                                : mlirRankedTensorTypeGet(0, NULL, mlirF32TypeGet(n->ctx),
                                                          mlirAttributeGetNull());
  MlirOperation op =
      strata_build_op(&n->b, name, num_operands, operands, 1, &placeholder, num_attrs, attrs);
  MlirValue result = mlirOperationGetResult(op, 0);
  if (mlirTypeIsNull(result_type)) {
    strata_graph_shape_t s;
    MlirType elem;
    if (strata_graph_infer_result(op, &s, &elem) && !mlirTypeIsNull(elem)) {
      mlirValueSetType(result, strata_graph_shape_to_type(&s, elem));
      return result;
    }
  }
  if (mlirLogicalResultIsSuccess(strata_verify(op))) {
    if (!mlirTypeIsNull(result_type))
      return result;
    onnx_error(n, "cannot infer the result type of '%s'", name);
  }
  mlirOperationDestroy(op);
  return (MlirValue){NULL};
}

MlirValue onnx_unary(onnx_node_t *n, const char *name, MlirValue x) {
  return onnx_build(n, name, 1, &x, (MlirType){NULL}, 0, NULL);
}

MlirValue onnx_binary(onnx_node_t *n, const char *name, MlirValue a, MlirValue b) {
  MlirValue ops[2] = {a, b};
  return onnx_build(n, name, 2, ops, (MlirType){NULL}, 0, NULL);
}

MlirValue onnx_gather(onnx_node_t *n, MlirValue data, MlirValue indices, int64_t axis) {
  MlirValue ops[2] = {data, indices};
  MlirNamedAttribute a = onnx_i64_attr(n, "axis", axis);
  return onnx_build(n, "graph.gather", 2, ops, (MlirType){NULL}, 1, &a);
}

MlirOperation onnx_begin_function(onnx_node_t *n, const char *base, intptr_t num_args,
                                  const MlirType *arg_types, strata_builder_t *saved) {
  MlirOperation main_func = mlirBlockGetParentOperation(n->imp->body);
  MlirOperation module = mlirOperationGetParentOperation(main_func);
  MlirSymbolTable table = mlirSymbolTableCreate(module);
  char name[128];
  snprintf(name, sizeof name, "%s", base);
  for (int k = 1; !mlirOperationIsNull(mlirSymbolTableLookup(table, mlirStringRefCreateFromCString(name))); ++k)
    snprintf(name, sizeof name, "%s_%d", base, k);
  MlirNamedAttribute attrs[3] = {
      strata_named(n->ctx, "sym_name", strata_string_attr(n->ctx, name)),
      strata_named(n->ctx, "sym_visibility", strata_string_attr(n->ctx, "private")),
      strata_named(n->ctx, "function_type",
                   mlirTypeAttrGet(mlirFunctionTypeGet(n->ctx, num_args, arg_types, 0, NULL))),
  };
  strata_builder_t before_main = strata_builder_before(main_func);
  before_main.loc = n->loc;
  MlirOperation func = strata_build_region_op(&before_main, "func.func", 0, NULL, 0, NULL, 3,
                                              attrs, num_args, arg_types);
  mlirSymbolTableDestroy(table);
  *saved = n->b;
  n->b = strata_builder_at_end(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)), n->loc);
  return func;
}

void onnx_end_function(onnx_node_t *n, MlirOperation func, intptr_t num_results,
                       const MlirValue *results, const strata_builder_t *saved) {
  strata_build_op(&n->b, "func.return", num_results, results, 0, NULL, 0, NULL);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0));
  intptr_t num_args = mlirBlockGetNumArguments(entry);
  MlirType *types = malloc(sizeof *types * (size_t)(num_args + num_results + 1));
  for (intptr_t i = 0; i < num_args; ++i)
    types[i] = mlirValueGetType(mlirBlockGetArgument(entry, i));
  for (intptr_t i = 0; i < num_results; ++i)
    types[num_args + i] = mlirValueGetType(results[i]);
  mlirOperationSetAttributeByName(
      func, mlirStringRefCreateFromCString("function_type"),
      mlirTypeAttrGet(mlirFunctionTypeGet(n->ctx, num_args, types, num_results, types + num_args)));
  free(types);
  n->b = *saved;
}

MlirValue onnx_splat_like(onnx_node_t *n, MlirValue x, double value) {
  MlirType elem = onnx_elem(x);
  if (onnx_failed(n) || mlirTypeIsNull(elem))
    return (MlirValue){NULL}; /* x absent stays absent */
  intptr_t rank = onnx_rank(x);
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    dims[i] = 1;
  MlirType type = mlirRankedTensorTypeGet(rank, dims, elem, mlirAttributeGetNull());
  MlirNamedAttribute attr = strata_named(
      n->ctx, "value", mlirDenseElementsAttrSplatGet(type, scalar_attr(n->ctx, elem, value)));
  return strata_build_value(&n->b, "graph.constant", 0, NULL, type, 1, &attr);
}

MlirValue onnx_iota(onnx_node_t *n, intptr_t rank, intptr_t axis, int64_t count) {
  if (onnx_failed(n))
    return (MlirValue){NULL};
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, {rank, {0}}, count,
                    malloc(sizeof(int64_t) * (size_t)(count ? count : 1))};
  for (intptr_t i = 0; i < rank; ++i)
    c.shape.dims[i] = i == axis ? count : 1;
  for (int64_t i = 0; i < count; ++i)
    ((int64_t *)c.data)[i] = i;
  MlirValue v = onnx_constant(n->imp, &n->b, &c, NULL);
  onnx_const_free(&c);
  return v;
}

MlirValue onnx_cast_to(onnx_node_t *n, MlirValue x, MlirType elem) {
  if (onnx_failed(n) || mlirValueIsNull(x))
    return (MlirValue){NULL}; /* x absent stays absent */
  if (mlirTypeIsNull(elem)) {
    onnx_missing_value(n, "'graph.cast'");
    return (MlirValue){NULL};
  }
  if (mlirTypeEqual(onnx_elem(x), elem))
    return x;
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  return onnx_build(n, "graph.cast", 1, &x, strata_graph_shape_to_type(&s, elem), 0, NULL);
}

MlirValue onnx_cast_node(onnx_node_t *n, MlirValue x, MlirType elem) {
  if (mlirValueIsNull(x) || mlirTypeEqual(onnx_elem(x), elem))
    return x;
  bool f8 = mlirTypeIsAFloat(elem) && mlirFloatTypeGetWidth(elem) == 8;
  MlirNamedAttribute a[2];
  intptr_t na = 0;
  if (f8 && !onnx_attr_int(n, "saturate", 1))
    a[na++] = onnx_bool_attr(n, "saturate", false);
  if (mlirTypeIsAFloat8E8M0FNU(elem)) {
    char mode[16];
    onnx_attr_string(n, "round_mode", "up", mode, sizeof mode);
    if (strcmp(mode, "up") && strcmp(mode, "down") && strcmp(mode, "nearest")) {
      onnx_error(n, "'round_mode' must be \"up\", \"down\" or \"nearest\", got \"%s\"", mode);
      return (MlirValue){NULL};
    }
    if (strcmp(mode, "up"))
      a[na++] = onnx_str_attr(n, "round_mode", mode);
  }
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  return onnx_build(n, "graph.cast", 1, &x, strata_graph_shape_to_type(&s, elem), na, a);
}

MlirValue onnx_reshape(onnx_node_t *n, MlirValue x, intptr_t rank, const int64_t *dims) {
  if (onnx_failed(n) || mlirTypeIsNull(onnx_elem(x)))
    return (MlirValue){NULL}; /* x absent stays absent */
  MlirType type = mlirRankedTensorTypeGet(rank, dims, onnx_elem(x), mlirAttributeGetNull());
  if (mlirTypeEqual(type, mlirValueGetType(x)))
    return x;
  return onnx_build(n, "graph.reshape", 1, &x, type, 0, NULL);
}

MlirValue onnx_insert_unit_dim(onnx_node_t *n, MlirValue x, intptr_t pos) {
  strata_graph_shape_t s;
  if (onnx_failed(n) || !onnx_shape(x, &s))
    return (MlirValue){NULL};
  if (pos < 0 || pos > s.rank || s.rank >= STRATA_GRAPH_MAX_RANK) {
    onnx_error(n, "cannot insert a dim at %lld into a tensor of rank %lld", (long long)pos,
               (long long)s.rank);
    return (MlirValue){NULL};
  }
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0, j = 0; i <= s.rank; ++i)
    dims[i] = i == pos ? 1 : s.dims[j++];
  return onnx_reshape(n, x, s.rank + 1, dims);
}

MlirValue onnx_reduce(onnx_node_t *n, const char *opname, MlirValue x, intptr_t naxes,
                      const int64_t *axes, bool keepdims) {
  MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", naxes, axes),
                             onnx_bool_attr(n, "keepdims", keepdims)};
  return onnx_build(n, opname, 1, &x, (MlirType){NULL}, 2, a);
}

MlirNamedAttribute onnx_i64_attr(onnx_node_t *n, const char *name, int64_t v) {
  return strata_named(n->ctx, name, mlirIntegerAttrGet(mlirIntegerTypeGet(n->ctx, 64), v));
}

MlirNamedAttribute onnx_f32_attr(onnx_node_t *n, const char *name, double v) {
  return strata_named(n->ctx, name, mlirFloatAttrDoubleGet(n->ctx, mlirF32TypeGet(n->ctx), v));
}

MlirNamedAttribute onnx_bool_attr(onnx_node_t *n, const char *name, bool v) {
  return strata_named(n->ctx, name, mlirBoolAttrGet(n->ctx, v));
}

MlirNamedAttribute onnx_str_attr(onnx_node_t *n, const char *name, const char *v) {
  return strata_named(n->ctx, name, strata_string_attr(n->ctx, v));
}

MlirNamedAttribute onnx_ints_attr(onnx_node_t *n, const char *name, intptr_t count,
                                  const int64_t *v) {
  return strata_named(n->ctx, name, mlirDenseI64ArrayGet(n->ctx, count, v));
}

MlirNamedAttribute onnx_scalar_attr(onnx_node_t *n, const char *name, MlirType elem, double v) {
  return strata_named(n->ctx, name, scalar_attr(n->ctx, elem, v));
}
