/* The graph dialect's own type, !graph.string (the element type of string
 * tensors), built and recognized from C: IRDL types have no C accessors of
 * their own, so the type is parsed once per context and compared. */
#include "dialects/graph/graph.h"

#include <mlir-c/BuiltinTypes.h>

MlirType strata_graph_string_type(MlirContext ctx) {
  return mlirTypeParseGet(ctx, mlirStringRefCreateFromCString("!graph.string"));
}

bool strata_graph_is_string(MlirType t) {
  if (mlirTypeIsNull(t))
    return false;
  if (mlirTypeIsAShaped(t))
    t = mlirShapedTypeGetElementType(t);
  MlirStringRef ns = mlirDialectGetNamespace(mlirTypeGetDialect(t));
  if (!mlirStringRefEqual(ns, mlirStringRefCreateFromCString("graph")))
    return false;
  MlirType s = strata_graph_string_type(mlirTypeGetContext(t));
  return !mlirTypeIsNull(s) && mlirTypeEqual(s, t);
}
