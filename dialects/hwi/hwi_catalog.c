/* Built-in hwi intrinsics per ISA and host detection (see hwi_catalog.h).
 * Tile shapes follow what fills the register file without spilling:
 * AVX-512 has 32 zmm registers, so 16 accumulators (4x64 or 8x32 tiles of
 * vector<16xf32>) plus B row vectors and a broadcast fit (6x64, 24
 * accumulators + 4 B vectors + a broadcast, just fits: fewer loads per FMA,
 * for hand schedules and tuning; not measurably better here); AVX2 has 16 ymm
 * registers, so 12 accumulators (6x16 of vector<8xf32>) plus 2 B vectors
 * and a broadcast; the generic fallback uses 128-bit vectors (SSE / NEON
 * width) in a 4x16 tile. */
#include "dialects/hwi/hwi_catalog.h"

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/op_checks.h"

/* Preferred tile first for each target. */
static const strata_hwi_builtin_t builtins[] = {
    {"fma_f32_4x64_avx512f", "avx512f", "avx512f", 16, 4, 64},
    {"fma_f32_8x32_avx512f", "avx512f", "avx512f", 16, 8, 32},
    {"fma_f32_6x64_avx512f", "avx512f", "avx512f", 16, 6, 64},
    {"fma_f32_6x16_avx2", "fma", "avx2", 8, 6, 16},
    {"fma_f32_4x24_avx2", "fma", "avx2", 8, 4, 24},
    {"fma_f32_4x16_generic", "generic", "generic", 4, 4, 16},
};
enum { N_BUILTINS = sizeof builtins / sizeof builtins[0] };

const strata_hwi_builtin_t *strata_hwi_builtin_lookup(MlirStringRef name) {
  for (int i = 0; i < N_BUILTINS; ++i)
    if (strata_str_eq(name, builtins[i].name))
      return &builtins[i];
  return NULL;
}

static bool has_feature(const char *features, const char *f) {
  size_t n = strlen(f);
  for (const char *p = strstr(features, f); p; p = strstr(p + 1, f))
    if ((p == features || p[-1] == ',') && (p[n] == ',' || p[n] == '\0'))
      return true;
  return false;
}

const char *strata_hwi_host_target(void) {
  static const char *cached;
  if (cached)
    return cached;
  char *features = LLVMGetHostCPUFeatures();
  const char *t = "generic";
  if (features && has_feature(features, "+avx512f"))
    t = "avx512f";
  else if (features && has_feature(features, "+avx2") && has_feature(features, "+fma"))
    t = "avx2";
  LLVMDisposeMessage(features);
  cached = t;
  return t;
}

const strata_hwi_builtin_t *strata_hwi_builtin_for_target(const char *target) {
  if (strcmp(target, "host") == 0)
    target = strata_hwi_host_target();
  for (int i = 0; i < N_BUILTINS; ++i)
    if (strcmp(builtins[i].target, target) == 0)
      return &builtins[i];
  return NULL;
}

int strata_hwi_builtins_for_target(const char *target, const strata_hwi_builtin_t **out, int max) {
  if (strcmp(target, "host") == 0)
    target = strata_hwi_host_target();
  int n = 0;
  for (int i = 0; i < N_BUILTINS; ++i)
    if (strcmp(builtins[i].target, target) == 0) {
      if (n < max)
        out[n] = &builtins[i];
      ++n;
    }
  return n;
}

char *strata_hwi_target_list(char *buf, size_t size) {
  snprintf(buf, size, "\"host\", \"avx512f\", \"avx2\" or \"generic\"");
  return buf;
}

MlirOperation strata_hwi_declare_builtin(MlirOperation module, const strata_hwi_builtin_t *b) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "hwi.intrinsic"))
      continue;
    MlirAttribute sym = mlirOperationGetAttributeByName(o, mlirStringRefCreateFromCString("sym_name"));
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        strata_str_eq(mlirStringAttrGetValue(sym), b->name))
      return o;
  }
  MlirContext ctx = mlirOperationGetContext(module);
  MlirType f32 = mlirF32TypeGet(ctx);
  MlirType i64 = mlirIntegerTypeGet(ctx, 64);
  MlirNamedAttribute attrs[7] = {
      strata_named(ctx, "sym_name", strata_string_attr(ctx, b->name)),
      strata_named(ctx, "kind", strata_string_attr(ctx, "fma")),
      strata_named(ctx, "isa", strata_string_attr(ctx, b->isa)),
      strata_named(ctx, "vector_width", mlirIntegerAttrGet(i64, b->vector_width)),
      strata_named(ctx, "tile", mlirDenseI64ArrayGet(ctx, 3, (const int64_t[]){b->m, b->n, 1})),
      strata_named(ctx, "element_type", mlirTypeAttrGet(f32)),
      strata_named(ctx, "acc_type", mlirTypeAttrGet(f32)),
  };
  MlirOperation first = mlirBlockGetFirstOperation(body);
  strata_builder_t builder = {body, first, mlirOperationGetLocation(module)};
  return strata_build_op(&builder, "hwi.intrinsic", 0, NULL, 0, NULL, 7, attrs);
}
