// Thin C++ bridge: parse MLIR text into a module with a source name.
// The C API offers either a named parse that needs exactly one top-level op
// (mlirOperationCreateParse) or an implicit-module parse whose locations are
// all "-" (mlirModuleCreateParse); tools need both at once.
#include "bridge/bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"

extern "C" MlirOperation strata_parse_module(MlirContext ctx, MlirStringRef text,
                                             MlirStringRef source_name) {
  mlir::ParserConfig config(unwrap(ctx));
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::parseSourceString<mlir::ModuleOp>(
      llvm::StringRef(text.data, text.length), config,
      llvm::StringRef(source_name.data, source_name.length));
  if (!module)
    return MlirOperation{nullptr};
  return wrap(module.release().getOperation());
}
