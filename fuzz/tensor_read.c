/* Fuzz target: tensor files given to strata-run (--input, --expected) and
 * the ONNX test runner. The same bytes go to every reader: .npy
 * (strata_npy_read), onnx.TensorProto .pb (strata_onnx_read_tensor), and
 * the SequenceProto / OptionalProto values of sequence and optional graph
 * inputs (strata_onnx_read_value). Each must either give a tensor or an
 * error message. Seeds: the .npy files under test/ and examples/ and the
 * .pb files the repository's ONNX test generators and the ONNX backend node
 * tests hold (see make_corpus.py). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "frontends/onnx/tensor_proto.h"
#include "frontends/onnx/value_proto.h"
#include "fuzz/fuzz_common.h"
#include "runtime/npy.h"

enum { MAX_VALUES = 16 };

static void read_value(const char *path, strata_onnx_kind_t kind) {
  strata_tensor_t out[MAX_VALUES];
  int count = 0;
  char *error = NULL;
  if (strata_onnx_read_value(path, kind, out, MAX_VALUES, &count, &error))
    for (int i = 0; i < count; ++i)
      strata_tensor_free(&out[i]);
  free(error);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *path = fuzz_write_temp(data, size);
  strata_tensor_t t;
  char *error = NULL;
  if (strata_npy_read(path, &t, &error))
    strata_tensor_free(&t);
  free(error);
  error = NULL;
  if (strata_onnx_read_tensor(path, &t, &error))
    strata_tensor_free(&t);
  free(error);
  read_value(path, STRATA_ONNX_SEQUENCE);
  read_value(path, STRATA_ONNX_OPTIONAL);
  return 0;
}
