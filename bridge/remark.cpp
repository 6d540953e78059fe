// Thin C++ bridge: remarks and warnings. The MLIR 22 C API can emit errors
// only (mlirEmitError); te-apply-tuned and te-autotune report kernels as
// remarks, te-apply-tuned its untuned kernels as a warning. MLIR prints
// only errors when no handler is attached, so tools that run te-apply-tuned
// (strata-run, strata-compile) attach strata_print_warnings.
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"

extern "C" void strata_emit_remark_at(MlirLocation loc, const char *message) {
  mlir::emitRemark(unwrap(loc)) << message;
}

extern "C" void strata_emit_warning_at(MlirLocation loc, const char *message) {
  mlir::emitWarning(unwrap(loc)) << message;
}

extern "C" void strata_print_warnings(MlirContext ctx) {
  unwrap(ctx)->getDiagEngine().registerHandler([](mlir::Diagnostic &d) -> mlir::LogicalResult {
    if (d.getSeverity() != mlir::DiagnosticSeverity::Warning)
      return mlir::failure(); // to the next handler, or MLIR's printing of errors
    auto &os = llvm::errs();
    if (!llvm::isa<mlir::UnknownLoc>(d.getLocation()))
      os << d.getLocation() << ": ";
    os << "warning: " << d << "\n";
    os.flush();
    return mlir::success();
  });
}
