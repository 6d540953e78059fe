/* fp32 GEMM (row-major C = A·B) : Strata's compiled graph.matmul against
 * OpenBLAS cblas_sgemm, both measured in this process on the same inputs,
 * after checking that their outputs agree. With --baseline Q, a second line
 * measures the kernel compiled with P against the same kernel compiled with
 * Q (alternating runs in this process: e.g. tuned vs default schedules).
 *   bench_gemm [--threads N] [--pipeline P] [--baseline Q] [--shapes MxNxK,...] */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"

void openblas_set_num_threads(int num_threads);

typedef struct {
  int64_t m, n, k;
} shape_t;

static const shape_t default_shapes[] = {
    {256, 256, 256},  {512, 512, 512},  {1024, 1024, 1024}, {2048, 2048, 2048},
    {1000, 1000, 1000}, {784, 1024, 1024}, {49, 512, 4608},  {3136, 64, 576},
};

typedef struct {
  strata_tensor_t *args; /* A, B, C */
  shape_t s;
} run_t;

static void run_openblas(void *user) {
  run_t *r = user;
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)r->s.m, (int)r->s.n, (int)r->s.k,
              1.0f, r->args[0].data, (int)r->s.k, r->args[1].data, (int)r->s.n, 0.0f,
              r->args[2].data, (int)r->s.n);
}

static int bench_shape(shape_t s, int threads, const char *pipeline, const char *baseline) {
  char text[1024];
  snprintf(text, sizeof text,
           "func.func @gemm(%%a: tensor<%lldx%lldxf32>, %%b: tensor<%lldx%lldxf32>) -> "
           "tensor<%lldx%lldxf32> {\n"
           "  %%0 = \"graph.matmul\"(%%a, %%b) : (tensor<%lldx%lldxf32>, tensor<%lldx%lldxf32>) -> "
           "tensor<%lldx%lldxf32>\n  return %%0 : tensor<%lldx%lldxf32>\n}\n",
           (long long)s.m, (long long)s.k, (long long)s.k, (long long)s.n, (long long)s.m,
           (long long)s.n, (long long)s.m, (long long)s.k, (long long)s.k, (long long)s.n,
           (long long)s.m, (long long)s.n, (long long)s.m, (long long)s.n);
  bench_kernel_t kernel;
  if (!bench_compile(text, "gemm", pipeline, &kernel)) {
    fprintf(stderr, "bench_gemm: cannot compile the %lldx%lldx%lld kernel\n", (long long)s.m,
            (long long)s.n, (long long)s.k);
    return 1;
  }
  strata_tensor_t args[3];
  strata_tensor_alloc(&args[0], STRATA_DTYPE_F32, 2, (int64_t[]){s.m, s.k});
  strata_tensor_alloc(&args[1], STRATA_DTYPE_F32, 2, (int64_t[]){s.k, s.n});
  strata_tensor_alloc(&args[2], STRATA_DTYPE_F32, 2, (int64_t[]){s.m, s.n});
  strata_tensor_fill_random(&args[0], 1);
  strata_tensor_fill_random(&args[1], 2);
  run_t r = {args, s};
  char name[96];
  snprintf(name, sizeof name, "gemm %lldx%lldx%lld threads=%d", (long long)s.m, (long long)s.n,
           (long long)s.k, threads);
  int rc = bench_case_run(&(bench_case_t){
      .tool = "bench_gemm", .name = name, .text = text, .entry = "gemm", .baseline = baseline,
      .kernel = &kernel, .args = args, .nargs = 3, .peer = "openblas", .peer_fn = run_openblas,
      .peer_user = &r, .rtol = 1e-3, .atol = 1e-4 * (double)s.k,
      .flops = 2.0 * (double)s.m * (double)s.n * (double)s.k, .alternate = threads == 1,
      .min_reps = 3, .budget_s = 2.0});
  bench_case_free(&kernel, args, 3);
  return rc;
}

int main(int argc, char **argv) {
  bench_options_t o = {.threads = 1};
  shape_t shapes[64];
  size_t count = 0;
  for (int i = 1; i < argc; ++i) {
    if (bench_option(argc, argv, &i, &o)) {
      continue;
    } else if (!strcmp(argv[i], "--shapes") && i + 1 < argc) {
      for (char *tok = strtok(argv[++i], ","); tok && count < 64; tok = strtok(NULL, ",")) {
        long long m, n, k;
        if (sscanf(tok, "%lldx%lldx%lld", &m, &n, &k) != 3) {
          fprintf(stderr, "bench_gemm: bad shape '%s' (want MxNxK)\n", tok);
          return 2;
        }
        shapes[count++] = (shape_t){m, n, k};
      }
    } else {
      fprintf(stderr,
              "usage: bench_gemm [--threads N] [--pipeline P] [--baseline Q] [--shapes MxNxK,...]\n");
      return 2;
    }
  }
  if (!count) {
    count = sizeof default_shapes / sizeof default_shapes[0];
    memcpy(shapes, default_shapes, sizeof default_shapes);
  }
  openblas_set_num_threads(o.threads);
  strata_register_all_passes();
  int rc = 0;
  for (size_t i = 0; i < count; ++i)
    rc |= bench_shape(shapes[i], o.threads, o.pipeline, o.baseline);
  return rc;
}
