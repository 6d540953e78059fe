/* Fuzz target: ONNX model files. The input is the bytes of a .onnx file
 * (a serialized onnx.ModelProto); it is imported into the graph dialect
 * (strata_onnx_import_file, as strata-translate --import-onnx and strata-run
 * model.onnx do) and the result verified (strata_verify). Any outcome but a
 * crash, a hang or a sanitizer report is fine: bad models must give
 * diagnostics. Seeds: the models the repository's tests write
 * (test/frontends/onnx/Inputs/make_onnx*.py), examples/models/*.onnx and
 * the ONNX backend node tests (see make_corpus.py). */
#include <stddef.h>
#include <stdint.h>

#include "frontends/onnx/importer.h"
#include "fuzz/fuzz_common.h"
#include "strata/strata.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  MlirContext ctx = fuzz_context();
  const char *path = fuzz_write_temp(data, size);
  MlirOperation module = strata_onnx_import_file(ctx, path);
  if (mlirOperationIsNull(module))
    return 0;
  (void)strata_verify(module);
  mlirOperationDestroy(module);
  return 0;
}
