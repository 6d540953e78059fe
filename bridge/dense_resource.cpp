// Thin C++ bridge: a dense_resource attribute with another shape over the
// same blob. The MLIR 22 C API can create a resource attribute only from
// new data (mlirUnmanaged*ResourceElementsAttrGet) and cannot read a
// blob's bytes, so re-typing one would copy every weight; this shares the
// blob handle instead (strata-flatten-globals), and reads a blob's bytes
// (the JIT hands large constants to compiled code as data).
#include "bridge/bridge.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/BuiltinTypes.h"

extern "C" MlirAttribute strata_dense_resource_reshape(MlirAttribute attr, MlirType type) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  auto shaped = llvm::dyn_cast<mlir::ShapedType>(unwrap(type));
  if (!resource || !shaped || !shaped.hasStaticShape() ||
      shaped.getElementType() != resource.getType().getElementType() ||
      shaped.getNumElements() != resource.getType().getNumElements())
    return MlirAttribute{nullptr};
  return wrap(mlir::DenseResourceElementsAttr::get(shaped, resource.getRawHandle()));
}

extern "C" const void *strata_dense_resource_data(MlirAttribute attr, size_t *size) {
  auto resource = llvm::dyn_cast<mlir::DenseResourceElementsAttr>(unwrap(attr));
  mlir::AsmResourceBlob *blob = resource ? resource.getRawHandle().getBlob() : nullptr;
  if (!blob)
    return nullptr;
  llvm::ArrayRef<char> data = blob->getData();
  *size = data.size();
  return data.data();
}
