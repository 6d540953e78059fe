/* Large constant globals moved out of the LLVM IR into JIT data (see
 * jit_weights.h). One copy per weight: the engine must not depend on the
 * MLIR context (callers destroy it while the engine lives), and the copy
 * gets the alignment the code may assume. */
#include "runtime/jit_weights.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "bridge/bridge.h"
#include "core/text.h"
#include "runtime/status.h"

/* The initializer's bytes as the code reads them (row-major, host
 * layout), or NULL when it is not a non-splat dense / dense_resource
 * tensor of whole-byte integers or floats. */
static const void *initializer_bytes(MlirAttribute value, size_t *size) {
  if (mlirAttributeIsNull(value) || !mlirAttributeIsAElements(value))
    return NULL;
  MlirType shaped = mlirAttributeGetType(value);
  MlirType element = mlirShapedTypeGetElementType(shaped);
  unsigned bits = mlirTypeIsAInteger(element) ? mlirIntegerTypeGetWidth(element)
                  : mlirTypeIsAFloat(element) ? mlirFloatTypeGetWidth(element)
                                              : 0;
  if (bits == 0 || bits % 8 != 0 || !mlirShapedTypeHasStaticShape(shaped))
    return NULL;
  size_t expected = bits / 8;
  for (intptr_t d = 0; d < mlirShapedTypeGetRank(shaped); ++d)
    expected *= (size_t)mlirShapedTypeGetDimSize(shaped, d);
  const void *data = NULL;
  size_t have = 0;
  if (mlirAttributeIsADenseResourceElements(value)) {
    data = strata_dense_resource_data(value, &have);
  } else if (mlirAttributeIsADenseElements(value) && !mlirDenseElementsAttrIsSplat(value)) {
    data = mlirDenseElementsAttrGetRawData(value);
    have = expected;
  }
  if (!data || have != expected)
    return NULL;
  *size = have;
  return data;
}

static bool is_op(MlirOperation op, const char *name) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == strlen(name) && memcmp(n.data, name, n.length) == 0;
}

/* The alignment compiled code may assume for the global: its `alignment`
 * attribute, and at least a cache line. */
static size_t global_alignment(MlirOperation global) {
  MlirAttribute a = mlirOperationGetAttributeByName(global, strata_sref("alignment"));
  int64_t align = !mlirAttributeIsNull(a) && mlirAttributeIsAInteger(a)
                      ? mlirIntegerAttrGetValueInt(a)
                      : 0;
  return align > 64 && (align & (align - 1)) == 0 ? (size_t)align : 64;
}

static bool add_weight(strata_jit_weights_t *w, MlirOperation global, const void *bytes,
                       size_t size) {
  if (w->count == w->cap) {
    int cap = w->cap ? 2 * w->cap : 32;
    strata_jit_weight_t *grown = realloc(w->items, sizeof *grown * (size_t)cap);
    if (!grown)
      return false;
    w->items = grown;
    w->cap = cap;
  }
  size_t align = global_alignment(global);
  void *data = aligned_alloc(align, (size + align - 1) / align * align);
  MlirAttribute sym = mlirOperationGetAttributeByName(global, strata_sref("sym_name"));
  char *name = strata_ref_dup(mlirStringAttrGetValue(sym));
  if (!data || !name) {
    free(data);
    free(name);
    return false;
  }
  memcpy(data, bytes, size);
  w->items[w->count++] = (strata_jit_weight_t){name, data, align, size};
  return true;
}

bool strata_jit_weights_take(MlirOperation module, strata_jit_weights_t *w, char **error) {
  MlirContext ctx = mlirOperationGetContext(module);
  MlirAttribute external = mlirAttributeParseGet(ctx, strata_sref("#llvm.linkage<external>"));
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation op = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op)) {
    if (!is_op(op, "llvm.mlir.global") ||
        mlirAttributeIsNull(mlirOperationGetAttributeByName(op, strata_sref("constant"))))
      continue;
    size_t size = 0;
    const void *bytes =
        initializer_bytes(mlirOperationGetAttributeByName(op, strata_sref("value")), &size);
    if (!bytes || size < STRATA_JIT_WEIGHT_MIN_BYTES)
      continue;
    if (!add_weight(w, op, bytes, size))
      return strata_fail(error, "out of memory copying a %zu-byte constant for the JIT", size);
    mlirOperationRemoveAttributeByName(op, strata_sref("value"));
    mlirOperationRemoveAttributeByName(op, strata_sref("unnamed_addr"));
    mlirOperationSetAttributeByName(op, strata_sref("linkage"), external);
  }
  return true;
}

void strata_jit_weights_free(strata_jit_weights_t *w) {
  for (int i = 0; i < w->count; ++i) {
    free(w->items[i].name);
    if (!w->map)
      free(w->items[i].data);
  }
  if (w->map)
    munmap(w->map, w->map_size);
  free(w->items);
  *w = (strata_jit_weights_t){0};
}
