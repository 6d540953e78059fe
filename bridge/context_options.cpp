// Thin C++ bridge: context settings the MLIR 22 C API does not expose.
#include "bridge/bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/MLIRContext.h"

extern "C" void strata_context_set_print_op_on_diagnostic(MlirContext ctx, bool enable) {
  unwrap(ctx)->printOpOnDiagnostic(enable);
}

extern "C" bool strata_context_is_multithreaded(MlirContext ctx) {
  return unwrap(ctx)->isMultithreadingEnabled();
}
