/* The ONNX importer: an ONNX model file (ModelProto) becomes a builtin.module
 * with one public func.func (named after the graph, or @main) in the graph
 * dialect: graph inputs -> arguments, outputs -> results, initializers ->
 * graph.constant, nodes -> graph ops. Errors are emitted as diagnostics
 * located at the ONNX node ("model.onnx:node 'conv1' (Conv): ..."). */
#ifndef STRATA_FRONTENDS_ONNX_IMPORTER_H
#define STRATA_FRONTENDS_ONNX_IMPORTER_H

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>
#include <stdbool.h>

#include "frontends/onnx/value_proto.h"

/* The newest operator sets the importer knows: a model importing a later
 * version of the default domain (""/ai.onnx) or of ai.onnx.preview.training
 * is refused. 28 is the newest opset of the onnx release whose backend node
 * tests Strata runs (1.23.2, scripts/onnx_suite.sh); most version bumps
 * after 20 only add element types, and the operators whose meaning changed
 * (BitShift and Mod at 28, SpaceToDepth's mode, GroupNormalization and
 * QuantizeLinear's blocks at 21, Cast's round_mode at 24, Range's stash_type
 * at 27) follow the opset the model declares or are refused at the node
 * when they use what the importer lacks (docs/frontends/onnx.md). */
enum { STRATA_ONNX_MAX_OPSET = 28, STRATA_ONNX_MAX_TRAINING_OPSET = 1 };

/* Imports `path`. Returns the module (owned by the caller:
 * mlirOperationDestroy) or a null op after emitting diagnostics. */
MlirOperation strata_onnx_import_file(MlirContext ctx, const char *path);

/* Like strata_onnx_import_file, specialized to known values of some graph
 * inputs: pb_paths[i] (NULL: none) is an onnx.TensorProto file holding the
 * value of argument i (graph inputs that are not initializers, in order).
 * Operators that need a value at import time (Reshape's shape, Slice's
 * starts, Pad's pads, axes, ...) use it; such an input that nothing else
 * reads is dropped from the function's arguments. kept (num_inputs
 * entries, may be NULL) tells, for each of the first num_inputs arguments,
 * whether it is still one. Values
 * are never folded into the computation itself. */
MlirOperation strata_onnx_import_file_with_inputs(MlirContext ctx, const char *path,
                                                  int num_inputs, const char *const *pb_paths,
                                                  bool *kept);

/* How the graph inputs and outputs appear in the imported function. A
 * tensor is one argument/result; a sequence or optional (resolved at
 * import time, which needs the input's value: its length and shapes) is
 * its tensors in order, flattened (value_proto.h reads a .pb file the same
 * way). count is the number of arguments/results; 0 for an input the
 * import used as a constant only, an empty sequence, or a none optional. */
enum { STRATA_ONNX_MAX_GRAPH_IO = 256 };
typedef struct {
  strata_onnx_kind_t kind;
  int count;
} strata_onnx_io_t;
typedef struct {
  int num_inputs, num_outputs; /* graph inputs (not initializers), outputs */
  strata_onnx_io_t inputs[STRATA_ONNX_MAX_GRAPH_IO], outputs[STRATA_ONNX_MAX_GRAPH_IO];
} strata_onnx_layout_t;

/* strata_onnx_import_file_with_inputs that also describes the function's
 * layout (layout may be NULL). pb_paths[i] of a sequence (optional) input
 * is a serialized onnx.SequenceProto (OptionalProto). */
MlirOperation strata_onnx_import_file_layout(MlirContext ctx, const char *path, int num_inputs,
                                             const char *const *pb_paths,
                                             strata_onnx_layout_t *layout);

/* Formats a diagnostic located by the importer (in the model file) as
 * "model.onnx:node 'conv1' (Conv): error: <message>" (notes on following
 * lines). Returns a malloc'd string, or NULL for any other location (let
 * the next handler print it). Tools call it from their diagnostic handler. */
char *strata_onnx_format_diagnostic(MlirDiagnostic diag);

#endif
