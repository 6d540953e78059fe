/* strata-flatten-globals: gives every constant llvm.mlir.global whose
 * initializer is a multi-dimensional dense / dense_resource tensor a flat
 * !llvm.array<N x T> type and a 1-D initializer over the same data.
 *
 * Why: finalize-memref-to-llvm types a memref<512x512x3x3xf32> global as
 * nested arrays, and the translation to LLVM IR then builds one uniqued
 * ConstantDataArray per innermost row (262,144 arrays of 3 floats for
 * that weight; about 4 million for ResNet-18), which LLVM's optimizer
 * (LazyCallGraph, GlobalOpt) and code generation walk one by one: measured
 * 54% + 41% of ResNet-18's compile time went to LLVM. A flat array is one
 * ConstantDataArray made from the blob in one copy.
 *
 * Safe because nothing indexes a global by its nested type: memref
 * lowering takes the global's address (llvm.mlir.addressof, a GEP to
 * element 0, which carries its own element type) and computes every
 * access from the memref descriptor's strides. The dense_resource blob is
 * shared, not copied (bridge/dense_resource.cpp). */
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/LLVM.h>
#include <string.h>

#include "bridge/bridge.h"
#include "core/text.h"
#include "lowering/lowering_passes.h"
#include "strata/pass.h"

typedef struct {
  MlirTypeID array_type_id;
  int flattened;
} flatten_t;

/* The initializer `value` as a 1-D tensor of its element count, or null
 * when it is not a multi-dimensional dense / dense_resource tensor. */
static MlirAttribute flat_value(MlirAttribute value) {
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return mlirAttributeGetNull();
  MlirType shaped = mlirAttributeGetType(value);
  if (!mlirShapedTypeHasStaticShape(shaped) || mlirShapedTypeGetRank(shaped) < 2)
    return mlirAttributeGetNull();
  int64_t count = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(shaped); ++d)
    count *= mlirShapedTypeGetDimSize(shaped, d);
  MlirType flat = mlirRankedTensorTypeGet(1, &count, mlirShapedTypeGetElementType(shaped),
                                          mlirAttributeGetNull());
  if (mlirAttributeIsADenseResourceElements(value))
    return strata_dense_resource_reshape(value, flat);
  if (mlirAttributeIsADenseElements(value))
    return mlirDenseElementsAttrReshapeGet(value, flat);
  return mlirAttributeGetNull();
}

static void flatten_global(MlirOperation global, flatten_t *f) {
  MlirAttribute type_attr = mlirOperationGetAttributeByName(global, strata_sref("global_type"));
  if (mlirAttributeIsNull(type_attr) || !mlirAttributeIsAType(type_attr))
    return;
  MlirType type = mlirTypeAttrGetValue(type_attr);
  if (!mlirTypeIDEqual(mlirTypeGetTypeID(type), f->array_type_id) ||
      !mlirTypeIDEqual(mlirTypeGetTypeID(mlirLLVMArrayTypeGetElementType(type)),
                       f->array_type_id))
    return; /* not an array of arrays */
  MlirAttribute flat = flat_value(mlirOperationGetAttributeByName(global, strata_sref("value")));
  if (mlirAttributeIsNull(flat))
    return;
  MlirType shaped = mlirAttributeGetType(flat);
  MlirType array = mlirLLVMArrayTypeGet(mlirShapedTypeGetElementType(shaped),
                                        (unsigned)mlirShapedTypeGetDimSize(shaped, 0));
  mlirOperationSetAttributeByName(global, strata_sref("global_type"), mlirTypeAttrGet(array));
  mlirOperationSetAttributeByName(global, strata_sref("value"), flat);
  f->flattened++;
}

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult strata_flatten_globals_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  MlirContext ctx = mlirOperationGetContext(module);
  flatten_t f = {
      .array_type_id = mlirTypeGetTypeID(mlirLLVMArrayTypeGet(mlirF32TypeGet(ctx), 1)),
  };
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
    if (name.length == 16 && memcmp(name.data, "llvm.mlir.global", 16) == 0)
      flatten_global(op, &f);
  }
  return mlirLogicalResultSuccess();
}
