/* ONNX TensorProto files (.pb, as in the ONNX backend test data: each test
 * directory holds test_data_set_N/input_K.pb and output_K.pb) read into host
 * tensors, so that tools and tests can use them like .npy files. */
#ifndef STRATA_FRONTENDS_ONNX_TENSOR_PROTO_H
#define STRATA_FRONTENDS_ONNX_TENSOR_PROTO_H

#include <stdbool.h>

#include "runtime/tensor.h"

/* Reads a serialized onnx.TensorProto from `path` into `out` (allocated;
 * free with strata_tensor_free). Supports FLOAT, DOUBLE, INT8, UINT8,
 * INT32, INT64 and BOOL, from raw_data or the typed repeated fields. On
 * failure returns false and sets *error (malloc'd) naming the file and the
 * reason (truncated/not a TensorProto, unsupported data type, size
 * mismatch). */
bool strata_onnx_read_tensor(const char *path, strata_tensor_t *out, char **error);

/* The same for a TensorProto already decoded (an element of a sequence or
 * the value of an optional); `path` names it in errors. */
typedef struct Onnx__TensorProto Onnx__TensorProto;
bool strata_onnx_tensor_from_proto(const Onnx__TensorProto *tp, const char *path,
                                   strata_tensor_t *out, char **error);

#endif
