/* f32 constants as C arrays: see f32_constant.h. */
#include "core/f32_constant.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "bridge/bridge.h"
#include "core/checked_math.h"

enum { INLINE_MAX = 64 };

float *strata_f32_attr_read(MlirAttribute a, int64_t count) {
  if (mlirAttributeIsNull(a) || count < 0)
    return NULL;
  bool dense = mlirAttributeIsADenseFPElements(a);
  if (!dense && !mlirAttributeIsADenseResourceElements(a))
    return NULL;
  MlirType t = mlirAttributeGetType(a);
  if (!mlirShapedTypeHasStaticShape(t) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
    return NULL;
  int64_t n = 1;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(t); ++d)
    if (!strata_mul_i64(n, mlirShapedTypeGetDimSize(t, d), &n))
      return NULL;
  if (n != count)
    return NULL;
  float *out = malloc(sizeof(float) * (size_t)(count > 0 ? count : 1));
  if (!out)
    return NULL;
  bool splat = dense && mlirDenseElementsAttrIsSplat(a);
  size_t bytes = 0;
  const void *raw = splat   ? NULL
                    : dense ? mlirDenseElementsAttrGetRawData(a)
                            : strata_dense_resource_data(a, &bytes);
  if (raw && (dense || bytes == sizeof(float) * (size_t)count)) {
    memcpy(out, raw, sizeof(float) * (size_t)count);
    return out;
  }
  float s = splat ? mlirDenseElementsAttrGetFloatSplatValue(a) : 0.0f;
  for (int64_t i = 0; i < count; ++i)
    out[i] = splat   ? s
             : dense ? mlirDenseElementsAttrGetFloatValue(a, (intptr_t)i)
                     : mlirDenseFloatResourceElementsAttrGetValue(a, (intptr_t)i);
  return out;
}

static void free_blob(void *data, const void *ptr, size_t size, size_t align) {
  (void)ptr, (void)size, (void)align;
  free(data);
}

MlirAttribute strata_f32_attr_build(MlirType type, int64_t count, float *values,
                                    const char *name) {
  if (count <= INLINE_MAX) {
    MlirAttribute a =
        mlirDenseElementsAttrRawBufferGet(type, sizeof(float) * (size_t)count, values);
    free(values);
    return a;
  }
  return mlirUnmanagedDenseResourceElementsAttrGet(
      type, mlirStringRefCreateFromCString(name), values, sizeof(float) * (size_t)count,
      _Alignof(float), false, free_blob, values);
}
