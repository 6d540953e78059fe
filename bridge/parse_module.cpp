// Thin C++ bridge: parse MLIR text into a module with a source name.
// The C API offers either a named parse that needs exactly one top-level op
// (mlirOperationCreateParse) or an implicit-module parse whose locations are
// all "-" (mlirModuleCreateParse); tools need both at once.
#include "bridge/bridge.h"

#include "bridge/custom_form_hint.h"
#include "mlir-c/Diagnostics.h"
#include "mlir/CAPI/IR.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

extern "C" MlirOperation strata_parse_module(MlirContext ctx, MlirStringRef text,
                                             MlirStringRef source_name) {
  mlir::ParserConfig config(unwrap(ctx));
  // Count the errors the parser reports (and pass them on to the tool's
  // handler): an IRDL op in custom form fails the parse without one.
  int errors = 0;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  {
    mlir::ScopedDiagnosticHandler counter(unwrap(ctx), [&](mlir::Diagnostic &d) {
      errors += d.getSeverity() == mlir::DiagnosticSeverity::Error;
      return mlir::failure();
    });
    module = mlir::parseSourceString<mlir::ModuleOp>(
        llvm::StringRef(text.data, text.length), config,
        llvm::StringRef(source_name.data, source_name.length));
  }
  if (!module) {
    if (errors == 0 && !strata_report_custom_form_op(ctx, text, source_name))
      mlirEmitError(mlirLocationFileLineColGet(ctx, source_name, 1, 1),
                    "failed to parse (the parser gave no reason)");
    return MlirOperation{nullptr};
  }
  return wrap(module.release().getOperation());
}
