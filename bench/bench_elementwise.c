/* An elementwise chain, relu((x + y) * z) on 1M floats: Strata's compiled
 * graph (add, mul, relu) against a plain C loop compiled with -O3
 * -march=native in this binary, after checking they agree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"

enum { N = 1 << 20 };

typedef struct {
  strata_tensor_t *args; /* x, y, z, out */
} run_t;

/* The peer: what a C programmer writes by hand. */
static void run_c_loop(void *user) {
  run_t *r = user;
  const float *x = r->args[0].data, *y = r->args[1].data, *z = r->args[2].data;
  float *out = r->args[3].data;
  for (int i = 0; i < N; ++i) {
    float v = (x[i] + y[i]) * z[i];
    out[i] = v > 0.0f ? v : 0.0f;
  }
}

int main(int argc, char **argv) {
  const char *pipeline = argc > 2 && !strcmp(argv[1], "--pipeline") ? argv[2] : NULL;
  strata_register_all_passes();
  char text[1024];
  snprintf(text, sizeof text,
           "func.func @chain(%%x: tensor<%dxf32>, %%y: tensor<%dxf32>, %%z: tensor<%dxf32>) -> tensor<%dxf32> {\n"
           "  %%0 = \"graph.add\"(%%x, %%y) : (tensor<%dxf32>, tensor<%dxf32>) -> tensor<%dxf32>\n"
           "  %%1 = \"graph.mul\"(%%0, %%z) : (tensor<%dxf32>, tensor<%dxf32>) -> tensor<%dxf32>\n"
           "  %%2 = \"graph.relu\"(%%1) : (tensor<%dxf32>) -> tensor<%dxf32>\n"
           "  return %%2 : tensor<%dxf32>\n}\n",
           N, N, N, N, N, N, N, N, N, N, N, N, N);
  bench_kernel_t kernel;
  if (!bench_compile(text, "chain", pipeline, &kernel))
    return 1;
  strata_tensor_t args[4];
  for (int i = 0; i < 4; ++i) {
    strata_tensor_alloc(&args[i], STRATA_DTYPE_F32, 1, (int64_t[]){N});
    if (i < 3)
      strata_tensor_fill_random(&args[i], (uint64_t)i + 1);
  }
  run_t r = {args};
  int rc = bench_case_run(&(bench_case_t){
      .tool = "bench_elementwise", .name = "elementwise add+mul+relu 1M", .text = text,
      .entry = "chain", .kernel = &kernel, .args = args, .nargs = 4, .peer = "C -O3 loop",
      .peer_fn = run_c_loop, .peer_user = &r, .rtol = 1e-6, .atol = 1e-7, .bytes = 16.0 * N,
      .alternate = true, .min_reps = 10, .budget_s = 2.0});
  bench_case_free(&kernel, args, 4);
  return rc;
}
