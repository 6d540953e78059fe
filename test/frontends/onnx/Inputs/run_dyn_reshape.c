/* Calls the AOT-compiled dyn_reshape model (make_onnx_shapes.py
 * dyn_reshape_*, test/frontends/onnx/run-dynamic-reshape.test) at two batch
 * sizes: x [N, 12] -> y [N, 3, 4], the target computed from Shape(x) when
 * the model runs, and z [N, 3] the sums of y's rows of 4. One compiled
 * library, two sizes; prints whether y equals x and z's values. */
#include <stdio.h>

#include "dyn.h"

static int run(int64_t rows) {
  float x[5 * 12], y[5 * 12], z[5 * 3];
  for (int64_t i = 0; i < rows * 12; ++i) {
    x[i] = (float)i * 0.5f - 4.0f;
    y[i] = -1.0f;
  }
  strata_memref_2d_f32 in = {x, x, 0, {rows, 12}, {12, 1}};
  strata_memref_3d_f32 out = {y, y, 0, {rows, 3, 4}, {12, 4, 1}};
  strata_memref_2d_f32 sums = {z, z, 0, {rows, 3}, {3, 1}};
  _mlir_ciface_g(&in, &out, &sums);
  int same = 1;
  for (int64_t i = 0; i < rows * 12; ++i)
    same &= y[i] == x[i];
  printf("N=%lld: y %s, z =", (long long)rows, same ? "equal to x" : "DIFFERS from x");
  for (int64_t i = 0; i < rows * 3; ++i)
    printf(" %g", z[i]);
  printf("\n");
  return !same;
}

int main(void) { return run(2) | run(5); }
