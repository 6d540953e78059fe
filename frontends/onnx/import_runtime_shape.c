/* Shapes computed at run time (onnx_internal.h, "Run-time shapes"): what
 * the importer builds when a shape is not known at import time. Shape of
 * a tensor with dynamic dims is graph.shape (the dims as an i64 tensor,
 * computed when the model runs), sliced to [start, end); the ONNX
 * operators on it (Gather, Concat, Mul, ...) are ordinary graph ops on i64
 * tensors; a Reshape whose target is such a tensor is a graph.reshape with
 * the target as its `shape` operand, whose dims the lowering reads at run
 * time. The result type keeps what the model declares about the output
 * (its value_info or graph output): static dims there stay static. When
 * the values are known at import time none of this is built: the folds
 * (import_fold.c, import_shape.c) are the fast path. */
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

/* The dims the model declares for value `name` (a value_info or graph
 * output of the node's graph): true with a dim of `?` where it gives
 * none, false when it declares no shape of rank `rank`. */
static bool declared_shape(const onnx_node_t *n, const char *name, intptr_t rank,
                           strata_graph_shape_t *s) {
  const Onnx__GraphProto *g = n->graph;
  for (size_t k = 0; k < g->n_value_info + g->n_output; ++k) {
    const Onnx__ValueInfoProto *vi =
        k < g->n_value_info ? g->value_info[k] : g->output[k - g->n_value_info];
    if (!vi->name || strcmp(vi->name, name) || !vi->type ||
        vi->type->value_case != ONNX__TYPE_PROTO__VALUE_TENSOR_TYPE || !vi->type->tensor_type ||
        !vi->type->tensor_type->shape || (intptr_t)vi->type->tensor_type->shape->n_dim != rank)
      continue;
    const Onnx__TensorShapeProto *sp = vi->type->tensor_type->shape;
    s->rank = rank;
    for (intptr_t i = 0; i < rank; ++i) {
      const Onnx__TensorShapeProto__Dimension *d = sp->dim[i];
      bool known = d->value_case == ONNX__TENSOR_SHAPE_PROTO__DIMENSION__VALUE_DIM_VALUE &&
                   d->dim_value >= 0;
      s->dims[i] = known ? d->dim_value : STRATA_GRAPH_DYN;
    }
    return true;
  }
  return false;
}

bool onnx_runtime_shape(onnx_node_t *n, MlirValue x, int64_t start, int64_t end) {
  if (!mlirContextIsRegisteredOperation(n->ctx, mlirStringRefCreateFromCString("graph.shape")))
    return onnx_error(n, "Shape of a tensor with a dynamic dimension is not supported");
  MlirValue s = onnx_build(n, "graph.shape", 1, &x, (MlirType){NULL}, 0, NULL);
  intptr_t rank = onnx_rank(x);
  if (mlirValueIsNull(s) || (start == 0 && end == rank))
    return onnx_out(n, s);
  int64_t starts[1] = {start}, ends[1] = {end}, steps[1] = {1};
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", 1, starts),
                             onnx_ints_attr(n, "ends", 1, ends),
                             onnx_ints_attr(n, "steps", 1, steps)};
  return onnx_out(n, onnx_build(n, "graph.slice", 1, &s, (MlirType){NULL}, 3, a));
}

bool onnx_reshape_runtime(onnx_node_t *n, MlirValue x, MlirValue target) {
  strata_graph_shape_t t;
  if (mlirValueIsNull(x) || mlirValueIsNull(target) || !onnx_shape(target, &t))
    return false;
  MlirType te = onnx_elem(target);
  if (t.rank != 1 || t.dims[0] == STRATA_GRAPH_DYN || t.dims[0] > STRATA_GRAPH_MAX_RANK ||
      !mlirTypeIsAInteger(te) || mlirIntegerTypeGetWidth(te) != 64)
    return onnx_error(n, "input 'shape' computed at run time must be 1-D int64 of a static "
                         "length of at most %d values", STRATA_GRAPH_MAX_RANK);
  if (n->opset >= 14 && onnx_attr_int(n, "allowzero", 0))
    return onnx_error(n, "allowzero = 1 with input 'shape' computed at run time is not "
                         "supported");
  strata_graph_shape_t r = {(intptr_t)t.dims[0], {0}};
  if (!declared_shape(n, n->node->output[0], r.rank, &r))
    for (intptr_t i = 0; i < r.rank; ++i)
      r.dims[i] = STRATA_GRAPH_DYN;
  MlirValue ops[2] = {x, target};
  MlirType type = strata_graph_shape_to_type(&r, onnx_elem(x));
  return onnx_out(n, onnx_build(n, "graph.reshape", 2, ops, type, 0, NULL));
}
