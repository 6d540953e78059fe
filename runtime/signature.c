/* Reading an entry function's tensor signature (see signature.h). */
#include "runtime/signature.h"
#include "runtime/status.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/diagnostics.h"

static bool describe_type(MlirType t, strata_arg_spec_t *spec) {
  if (!mlirTypeIsARankedTensor(t) && !mlirTypeIsAMemRef(t))
    return false;
  char name[64];
  strata_type_str(mlirShapedTypeGetElementType(t), name, sizeof name);
  if (!strata_dtype_parse(name, &spec->dtype))
    return false;
  spec->rank = (int)mlirShapedTypeGetRank(t);
  if (spec->rank > STRATA_MAX_RANK)
    return false;
  for (int i = 0; i < spec->rank; ++i)
    spec->shape[i] = mlirShapedTypeIsDynamicDim(t, i) ? -1 : mlirShapedTypeGetDimSize(t, i);
  return true;
}

static MlirStringRef attr_string(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  return !mlirAttributeIsNull(a) && mlirAttributeIsAString(a) ? mlirStringAttrGetValue(a)
                                                               : mlirStringRefCreate(NULL, 0);
}

static bool is_public_func(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  if (n.length != 9 || memcmp(n.data, "func.func", 9) != 0)
    return false;
  MlirStringRef vis = attr_string(op, "sym_visibility");
  return vis.length == 0 || (vis.length == 6 && !memcmp(vis.data, "public", 6));
}

bool strata_signature_get(MlirOperation module, const char *entry, strata_signature_t *sig,
                          char **error) {
  memset(sig, 0, sizeof *sig);
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation found = {NULL};
  int publics = 0;
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!is_public_func(op))
      continue;
    MlirStringRef name = attr_string(op, "sym_name");
    bool named = entry ? strlen(entry) == name.length && !memcmp(entry, name.data, name.length)
                       : name.length == 4 && !memcmp(name.data, "main", 4);
    if (named) {
      found = op;
      break;
    }
    ++publics;
    if (!entry && publics == 1)
      found = op;
    else if (!entry)
      found = (MlirOperation){NULL};
  }
  if (mlirOperationIsNull(found)) {
    if (entry)
      return strata_fail(error, "no public function named '%s'", entry);
    return strata_fail(error, publics ? "several public functions and none named 'main': choose one "
                                 "with --entry"
                               : "no public function to run");
  }
  MlirStringRef name = attr_string(found, "sym_name");
  snprintf(sig->name, sizeof sig->name, "%.*s", (int)name.length, name.data);
  MlirType fty = mlirTypeAttrGetValue(
      mlirOperationGetAttributeByName(found, mlirStringRefCreateFromCString("function_type")));
  sig->num_inputs = (int)mlirFunctionTypeGetNumInputs(fty);
  sig->num_outputs = (int)mlirFunctionTypeGetNumResults(fty);
  if (sig->num_inputs > STRATA_MAX_ARGS || sig->num_outputs > STRATA_MAX_ARGS)
    return strata_fail(error, "'%s' has too many arguments or results", sig->name);
  for (int i = 0; i < sig->num_inputs; ++i)
    if (!describe_type(mlirFunctionTypeGetInput(fty, i), &sig->inputs[i])) {
      char t[128];
      return strata_fail(error, "'%s' argument %d has type %s; expected a ranked tensor of "
                         "f16/bf16/f32/f64/i8/i16/i32/i64/ui8/ui16/ui32/ui64/i1",
                  sig->name, i, strata_type_str(mlirFunctionTypeGetInput(fty, i), t, sizeof t));
    }
  for (int i = 0; i < sig->num_outputs; ++i)
    if (!describe_type(mlirFunctionTypeGetResult(fty, i), &sig->outputs[i])) {
      char t[128];
      return strata_fail(error, "'%s' result %d has type %s; expected a ranked tensor of "
                         "f16/bf16/f32/f64/i8/i16/i32/i64/ui8/ui16/ui32/ui64/i1",
                  sig->name, i, strata_type_str(mlirFunctionTypeGetResult(fty, i), t, sizeof t));
    }
  return true;
}

bool strata_signature_output_shape(const strata_signature_t *sig, const strata_tensor_t *inputs,
                                   int output, int64_t *shape) {
  const strata_arg_spec_t *o = &sig->outputs[output];
  for (int d = 0; d < o->rank; ++d) {
    shape[d] = o->shape[d];
    for (int i = 0; shape[d] < 0 && i < sig->num_inputs; ++i)
      if (d < sig->inputs[i].rank && sig->inputs[i].shape[d] < 0)
        shape[d] = inputs[i].shape[d];
    if (shape[d] < 0)
      return false;
  }
  return true;
}
