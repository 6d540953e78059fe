/* Context creation: a lean MLIR context that knows every upstream dialect
 * (loaded on demand) and has Strata's IRDL dialects loaded. */
#include "strata/strata.h"

#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/Func.h>
#include <mlir-c/Dialect/GPU.h>
#include <mlir-c/Dialect/IRDL.h>
#include <mlir-c/Dialect/Math.h>
#include <mlir-c/Dialect/Tensor.h>
#include <mlir-c/RegisterEverything.h>

#include "strata/diagnostics.h"

MlirLogicalResult strata_dialects_load(MlirContext ctx) {
  /* Dialects Strata IR always uses: IRDL to read the definitions, gpu for
   * the region terminator (gpu.yield, see docs/dialects), and the upstream
   * dialects Strata ops mix with. */
  MlirDialectHandle always[] = {
      mlirGetDialectHandle__irdl__(),  mlirGetDialectHandle__func__(),
      mlirGetDialectHandle__arith__(), mlirGetDialectHandle__math__(),
      mlirGetDialectHandle__tensor__(), mlirGetDialectHandle__gpu__(),
  };
  for (size_t i = 0; i < sizeof always / sizeof always[0]; ++i)
    mlirDialectHandleLoadDialect(always[i], ctx);

  MlirModule defs = mlirModuleCreateParse(
      ctx, mlirStringRefCreateFromCString(strata_dialects_irdl_source()));
  if (mlirModuleIsNull(defs))
    return strata_emit_error_at(mlirLocationUnknownGet(ctx),
                                "cannot parse Strata's IRDL dialect definitions");
  MlirLogicalResult loaded = mlirLoadIRDLDialects(defs);
  mlirModuleDestroy(defs);
  if (mlirLogicalResultIsFailure(loaded))
    return strata_emit_error_at(mlirLocationUnknownGet(ctx),
                                "cannot load Strata's IRDL dialect definitions");
  return mlirLogicalResultSuccess();
}

MlirContext strata_context_create(void) {
  MlirDialectRegistry registry = mlirDialectRegistryCreate();
  mlirRegisterAllDialects(registry);
  MlirContext ctx = mlirContextCreateWithRegistry(registry, /*threading=*/false);
  mlirDialectRegistryDestroy(registry);
  if (mlirLogicalResultIsFailure(strata_dialects_load(ctx))) {
    mlirContextDestroy(ctx);
    return (MlirContext){NULL};
  }
  return ctx;
}
