/* Loading a model file for the tools: MLIR text at any Strata stage, or an
 * ONNX model imported into the graph dialect (.onnx), into a module. */
#ifndef STRATA_FRONTENDS_MODEL_FILE_H
#define STRATA_FRONTENDS_MODEL_FILE_H

#include <mlir-c/IR.h>
#include <stdbool.h>

/* Loads `path` ("-" reads MLIR from stdin). For .onnx, errors located in
 * the model print as "model.onnx:node 'conv1' (Conv): error: ..." (a
 * handler is attached to ctx), and inputs[i] that are .pb files specialize
 * the import (strata_onnx_import_file_with_inputs): kept[i] then says
 * whether input i is still an argument; for MLIR every kept[i] is true.
 * Returns the module (caller owns it) or a null op: after diagnostics, or
 * with *error set (malloc'd) when the file cannot be read. */
MlirOperation strata_model_load(MlirContext ctx, const char *path, int num_inputs,
                                const char *const *inputs, bool *kept, char **error);

#endif
