// Thin C++ bridge: remarks. The MLIR 22 C API can emit errors only
// (mlirEmitError); te-apply-tuned and te-autotune report kernels as remarks.
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"

extern "C" void strata_emit_remark_at(MlirLocation loc, const char *message) {
  mlir::emitRemark(unwrap(loc)) << message;
}
