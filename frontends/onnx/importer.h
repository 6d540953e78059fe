/* The ONNX importer: an ONNX model file (ModelProto) becomes a builtin.module
 * with one public func.func (named after the graph, or @main) in the graph
 * dialect: graph inputs -> arguments, outputs -> results, initializers ->
 * graph.constant, nodes -> graph ops. Errors are emitted as diagnostics
 * located at the ONNX node ("model.onnx:node 'conv1' (Conv): ..."). */
#ifndef STRATA_FRONTENDS_ONNX_IMPORTER_H
#define STRATA_FRONTENDS_ONNX_IMPORTER_H

#include <mlir-c/IR.h>

/* Imports `path`. Returns the module (owned by the caller:
 * mlirOperationDestroy) or a null op after emitting diagnostics. */
MlirOperation strata_onnx_import_file(MlirContext ctx, const char *path);

#endif
