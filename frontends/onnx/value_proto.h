/* ONNX values that are not plain tensors, as the backend test data stores
 * them: a sequence input/output is a serialized onnx.SequenceProto, an
 * optional one an onnx.OptionalProto (frontends/onnx/onnx_data.proto).
 * The importer resolves sequences at import time and flattens such a graph
 * input/output into its tensors, in order; this reads a .pb file into the
 * same flat list, so a runner can pass and compare them one by one. */
#ifndef STRATA_FRONTENDS_ONNX_VALUE_PROTO_H
#define STRATA_FRONTENDS_ONNX_VALUE_PROTO_H

#include <stdbool.h>

#include "runtime/tensor.h"

/* What a graph input or output holds. */
typedef enum {
  STRATA_ONNX_TENSOR,   /* a TensorProto: one tensor */
  STRATA_ONNX_SEQUENCE, /* a SequenceProto: its elements (nested ones flattened) */
  STRATA_ONNX_OPTIONAL, /* an OptionalProto: none, or its value flattened */
} strata_onnx_kind_t;

/* Reads the value of kind `kind` in `path` into out[0..*count) (at most
 * max tensors, each freed with strata_tensor_free). On failure returns
 * false with *error (malloc'd) naming the file, and out holds nothing. */
bool strata_onnx_read_value(const char *path, strata_onnx_kind_t kind, strata_tensor_t *out,
                            int max, int *count, char **error);

#endif
