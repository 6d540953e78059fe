/* Accuracy of strata-expand-math's polynomial exp, erf and tanh against
 * libm in double precision, over a dense sweep: every 251st f32 bit pattern
 * of the whole range (17 million inputs per function, both signs, zeros,
 * denormals, infinities and NaNs included) and every 11th in [0.25, 16)
 * where the branches of the approximations meet. Each function is compiled
 * twice through strata-lower-to-llvm, on vector<16xf32> (the form the tir
 * loop vectorizer makes) and on scalars (the form LLVM's vectorizer sees),
 * and JIT-run over the inputs. Bounds (the file header of
 * lowering/expand_math.c): exp at most 2 ulp where the result is normal,
 * erf and tanh at most 1e-6 relative error (with absolute error 1e-45
 * allowed, for denormal results); special values must match libm's
 * (NaN, +-inf, +-1, 0). The measured maxima are printed. */
// RUN: capi-expand_math 2>&1 | FileCheck %s
// CHECK: exp vector: {{.*}}: ok
// CHECK: exp scalar: {{.*}}: ok
// CHECK: erf vector: {{.*}}: ok
// CHECK: erf scalar: {{.*}}: ok
// CHECK: tanh vector: {{.*}}: ok
// CHECK: tanh scalar: {{.*}}: ok
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/jit.h"
#include "strata/strata.h"

static const char *const VECTOR_FN =
    "func.func @f(%%x: memref<?xf32>, %%y: memref<?xf32>) attributes {llvm.emit_c_interface} {\n"
    "  %%c0 = arith.constant 0 : index\n  %%c16 = arith.constant 16 : index\n"
    "  %%n = memref.dim %%x, %%c0 : memref<?xf32>\n"
    "  scf.for %%i = %%c0 to %%n step %%c16 {\n"
    "    %%v = vector.load %%x[%%i] : memref<?xf32>, vector<16xf32>\n"
    "    %%r = math.%s %%v : vector<16xf32>\n"
    "    vector.store %%r, %%y[%%i] : memref<?xf32>, vector<16xf32>\n  }\n  return\n}\n";

static const char *const SCALAR_FN =
    "func.func @f(%%x: memref<?xf32>, %%y: memref<?xf32>) attributes {llvm.emit_c_interface} {\n"
    "  %%c0 = arith.constant 0 : index\n  %%c1 = arith.constant 1 : index\n"
    "  %%n = memref.dim %%x, %%c0 : memref<?xf32>\n"
    "  scf.for %%i = %%c0 to %%n step %%c1 {\n"
    "    %%v = memref.load %%x[%%i] : memref<?xf32>\n"
    "    %%r = math.%s %%v : f32\n"
    "    memref.store %%r, %%y[%%i] : memref<?xf32>\n  }\n  return\n}\n";

/* The sweep's inputs (a multiple of 16 in number). */
static strata_tensor_t sweep(void) {
  size_t n = 0, cap = (size_t)(UINT32_MAX / 251) + 2 * ((0x41800000u - 0x3e800000u) / 11) + 64;
  strata_tensor_t t;
  int64_t shape[1] = {(int64_t)cap};
  if (!strata_tensor_alloc(&t, STRATA_DTYPE_F32, 1, shape))
    abort();
  float *x = t.data;
  for (uint64_t bits = 0; bits <= UINT32_MAX; bits += 251) {
    uint32_t b = (uint32_t)bits;
    memcpy(&x[n++], &b, 4);
  }
  for (uint32_t b = 0x3e800000u; b < 0x41800000u; b += 11) {
    memcpy(&x[n++], &b, 4);
    x[n] = -x[n - 1];
    ++n;
  }
  while (n % 16)
    x[n++] = 0.5f;
  t.shape[0] = (int64_t)n;
  return t;
}

static double reference(const char *fn, float x) {
  return strcmp(fn, "exp") == 0 ? exp(x) : strcmp(fn, "erf") == 0 ? erf(x) : tanh(x);
}

/* Checks y against the reference; updates the maxima; false on failure. */
static bool check_one(const char *fn, float x, float y, double *max_ulp, double *max_rel) {
  double r = reference(fn, x);
  float rf = (float)r;
  if (isnan(rf) || isinf(rf) || rf == 0.0f || fabsf(rf) == 1.0f) {
    if (isnan(rf) ? !isnan(y) : (y != rf && fabs(y - r) > 1e-45 && fabs(y - r) > 1e-6 * fabs(r)))
      return printf("%s(%a) = %a, libm %a\n", fn, x, y, r), false;
    return true;
  }
  double err = fabs((double)y - r);
  if (strcmp(fn, "exp") == 0) {
    if (fabsf(rf) < 0x1p-126f) /* denormal result: absolute error of half its ulp */
      return err <= 0x1p-149 ? true : (printf("exp(%a) = %a, libm %a\n", x, y, r), false);
    double ulp = nextafterf(fabsf(rf), INFINITY) - fabsf(rf);
    if (err / ulp > *max_ulp)
      *max_ulp = err / ulp;
    return err / ulp <= 2.0 ? true : (printf("exp(%a) = %a, libm %a\n", x, y, r), false);
  }
  double rel = err / fabs(r);
  if (err > 1e-45 && rel > *max_rel)
    *max_rel = rel;
  if (err > 1e-45 && rel > 1e-6)
    return printf("%s(%a) = %a, libm %a\n", fn, x, y, r), false;
  double ulp = nextafterf(fabsf(rf), INFINITY) - fabsf(rf);
  if (err / ulp > *max_ulp)
    *max_ulp = err / ulp;
  return true;
}

static void run(MlirContext ctx, const char *fn, bool vector, strata_tensor_t *x) {
  char text[2048];
  snprintf(text, sizeof text, vector ? VECTOR_FN : SCALAR_FN, fn);
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreateFromCString(text),
                                             mlirStringRefCreateFromCString("expand_math"));
  const char *kind = vector ? "vector" : "scalar";
  char *error = NULL;
  strata_jit_t *jit = NULL;
  strata_tensor_t args[2] = {*x};
  if (mlirOperationIsNull(module) ||
      mlirLogicalResultIsFailure(
          strata_run_pipeline(module, "builtin.module(strata-lower-to-llvm)")) ||
      !(jit = strata_jit_create(module, 3, &error)) ||
      !strata_tensor_alloc(&args[1], STRATA_DTYPE_F32, 1, x->shape) ||
      !strata_jit_call(jit, "f", args, 2, &error)) {
    printf("%s %s: cannot compile or run: %s\n", fn, kind, error ? error : "");
    exit(1);
  }
  const float *in = x->data, *out = args[1].data;
  double max_ulp = 0, max_rel = 0;
  int64_t failures = 0;
  for (int64_t i = 0; i < x->shape[0]; ++i)
    if (!check_one(fn, in[i], out[i], &max_ulp, &max_rel) && ++failures > 5)
      break;
  printf("%s %s: %lld inputs, max %.2f ulp, max relative error %.3g: %s\n", fn, kind,
         (long long)x->shape[0], max_ulp, max_rel, failures ? "FAILED" : "ok");
  strata_tensor_free(&args[1]);
  strata_jit_destroy(jit);
  mlirOperationDestroy(module);
}

int main(void) {
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  strata_tensor_t x = sweep();
  const char *fns[3] = {"exp", "erf", "tanh"};
  for (int f = 0; f < 3; ++f) {
    run(ctx, fns[f], true, &x);
    run(ctx, fns[f], false, &x);
  }
  strata_tensor_free(&x);
  mlirContextDestroy(ctx);
  return 0;
}
