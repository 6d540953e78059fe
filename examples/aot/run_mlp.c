/* AOT example: a plain C program linking the shared library that
 * strata-compile made from examples/models/mlp.mlir, calling its entry
 * point through the generated header. Build:
 *   build/bin/strata-compile examples/models/mlp.mlir -o mlp.so
 *   cc -I. examples/aot/run_mlp.c mlp.so -Wl,-rpath,. -o run_mlp && ./run_mlp
 * The input is x[i] = (i % 5) * 0.25 - 0.5; the program prints the four
 * class probabilities in the same format as `strata-run --print`. */
#include <stdio.h>

#include "mlp.h"

int main(void) {
  float x[16], y[4] = {0};
  for (int i = 0; i < 16; ++i)
    x[i] = (float)(i % 5) * 0.25f - 0.5f;
  strata_memref_2d_f32 in = {x, x, 0, {1, 16}, {16, 1}};
  strata_memref_2d_f32 out = {y, y, 0, {1, 4}, {4, 1}};
  _mlir_ciface_mlp(&in, &out);
  printf("  [");
  for (int i = 0; i < 4; ++i)
    printf("%s%g", i ? ", " : "", y[i]);
  printf("]\n");
  return 0;
}
