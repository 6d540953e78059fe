/* Depthwise 3x3 convolutions of MobileNet-v1 at batch 1 (NCHW, fp32,
 * stride 1 or 2, padding 1): Strata's compiled graph.conv2d (groups = C)
 * against the loop a C programmer writes (compiled -O3 -march=native in
 * this binary: per output row, each tap a multiply-add over the row's
 * valid columns, contiguous at stride 1, which GCC vectorizes), both in
 * this process on the same inputs, after checking that they agree. With --baseline Q, a second
 * line measures the kernel compiled with P against the same kernel
 * compiled with Q (alternating runs: e.g. tuned vs default schedules).
 *   bench_depthwise [--threads N] [--pipeline P] [--baseline Q] [--layers name,...] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"

typedef struct {
  const char *name;
  int64_t c, h, s; /* channels, square input feature map, stride */
} layer_t;

static const layer_t layers[] = {
    {"mbv1.dw1", 32, 112, 1},  {"mbv1.dw2", 64, 112, 2},  {"mbv1.dw3", 128, 56, 1},
    {"mbv1.dw4", 128, 56, 2},  {"mbv1.dw5", 256, 28, 1},  {"mbv1.dw6", 256, 28, 2},
    {"mbv1.dw7", 512, 14, 1},  {"mbv1.dw12", 512, 14, 2}, {"mbv1.dw13", 1024, 7, 1},
};

/* The output's square size: (H + 2 - 3) / s + 1. */
static int64_t out_size(const layer_t *l) { return (l->h - 1) / l->s + 1; }
enum { N_LAYERS = sizeof layers / sizeof layers[0] };

typedef struct {
  strata_tensor_t *args; /* x [1, C, H, H], w [C, 1, 3, 3], y [1, C, H, H] */
  const layer_t *l;
} run_t;

/* The peer: rows of accumulators, each tap a multiply-add over the
 * columns it reaches (the padding is the loop bounds). */
static void run_c_loop(void *user) {
  run_t *r = user;
  int64_t C = r->l->c, H = r->l->h, W = r->l->h, S = r->l->s, O = out_size(r->l);
  const float *x = r->args[0].data, *w = r->args[1].data;
  float *y = r->args[2].data;
  for (int64_t c = 0; c < C; ++c)
    for (int64_t oh = 0; oh < O; ++oh) {
      float *yr = y + (c * O + oh) * O;
      for (int64_t ow = 0; ow < O; ++ow)
        yr[ow] = 0.0f;
      for (int64_t kh = 0; kh < 3; ++kh) {
        int64_t ih = oh * S + kh - 1;
        if (ih < 0 || ih >= H)
          continue;
        const float *xr = x + (c * H + ih) * W;
        for (int64_t kw = 0; kw < 3; ++kw) {
          float wv = w[c * 9 + kh * 3 + kw];
          /* columns ow with 0 <= ow * S + kw - 1 < W */
          int64_t lo = kw == 0 ? 1 : 0, hi = (W - kw) / S + 1;
          if (hi > O)
            hi = O;
          if (S == 1)
            for (int64_t ow = lo; ow < hi; ++ow)
              yr[ow] += xr[ow + kw - 1] * wv;
          else
            for (int64_t ow = lo; ow < hi; ++ow)
              yr[ow] += xr[ow * S + kw - 1] * wv;
        }
      }
    }
}

static int bench_layer(const layer_t *l, int threads, const char *pipeline, const char *baseline) {
  long long C = l->c, H = l->h, S = l->s, O = out_size(l);
  char text[2048];
  snprintf(text, sizeof text,
           "func.func @dw(%%x: tensor<1x%lldx%lldx%lldxf32>, %%w: tensor<%lldx1x3x3xf32>) -> "
           "tensor<1x%lldx%lldx%lldxf32> {\n"
           "  %%0 = \"graph.conv2d\"(%%x, %%w) {strides = array<i64: %lld, %lld>, padding = "
           "array<i64: 1, 1, 1, 1>, dilation = array<i64: 1, 1>, groups = %lld : i64, data_layout "
           "= \"NCHW\", kernel_layout = \"OIHW\"} : (tensor<1x%lldx%lldx%lldxf32>, "
           "tensor<%lldx1x3x3xf32>) -> tensor<1x%lldx%lldx%lldxf32>\n"
           "  return %%0 : tensor<1x%lldx%lldx%lldxf32>\n}\n",
           C, H, H, C, C, O, O, S, S, C, C, H, H, C, C, O, O, C, O, O);
  bench_kernel_t kernel;
  if (!bench_compile(text, "dw", pipeline, &kernel)) {
    fprintf(stderr, "bench_depthwise: cannot compile %s\n", l->name);
    return 1;
  }
  strata_tensor_t args[3];
  strata_tensor_alloc(&args[0], STRATA_DTYPE_F32, 4, (int64_t[]){1, C, H, H});
  strata_tensor_alloc(&args[1], STRATA_DTYPE_F32, 4, (int64_t[]){C, 1, 3, 3});
  strata_tensor_alloc(&args[2], STRATA_DTYPE_F32, 4, (int64_t[]){1, C, O, O});
  strata_tensor_fill_random(&args[0], 1);
  strata_tensor_fill_random(&args[1], 2);
  run_t r = {args, l};
  char name[96];
  snprintf(name, sizeof name, "depthwise %s %lldx%lldx%lld s%lld threads=%d", l->name, C, H, H, S,
           threads);
  int rc = bench_case_run(&(bench_case_t){
      .tool = "bench_depthwise", .name = name, .text = text, .entry = "dw", .baseline = baseline,
      .kernel = &kernel, .args = args, .nargs = 3, .peer = "C -O3 loop", .peer_fn = run_c_loop,
      .peer_user = &r, .rtol = 1e-4, .atol = 1e-5, .flops = 2.0 * 9.0 * (double)(C * O * O),
      .alternate = threads == 1, .min_reps = 3, .budget_s = 1.0});
  bench_case_free(&kernel, args, 3);
  return rc;
}

int main(int argc, char **argv) {
  bench_options_t o = {.threads = 1};
  const layer_t *chosen[N_LAYERS];
  int count = 0;
  for (int i = 1; i < argc; ++i) {
    if (bench_option(argc, argv, &i, &o)) {
      continue;
    } else if (!strcmp(argv[i], "--layers") && i + 1 < argc) {
      for (char *tok = strtok(argv[++i], ","); tok; tok = strtok(NULL, ",")) {
        int found = -1;
        for (int k = 0; k < N_LAYERS; ++k)
          if (!strcmp(layers[k].name, tok))
            found = k;
        if (found < 0) {
          fprintf(stderr, "bench_depthwise: unknown layer '%s' (mbv1.dw1 to dw7, dw12, dw13)\n",
                  tok);
          return 2;
        }
        if (count < N_LAYERS)
          chosen[count++] = &layers[found];
      }
    } else {
      fprintf(stderr, "usage: bench_depthwise [--threads N] [--pipeline P] [--baseline Q] "
                      "[--layers name,...]\n");
      return 2;
    }
  }
  if (!count)
    for (int k = 0; k < N_LAYERS; ++k)
      chosen[count++] = &layers[k];
  strata_register_all_passes();
  int rc = 0;
  for (int i = 0; i < count; ++i)
    rc |= bench_layer(chosen[i], o.threads, o.pipeline, o.baseline);
  return rc;
}
