/* conv2d layers of ResNet-18/50 at batch 1 (NCHW, fp32): Strata's compiled
 * graph.conv2d against im2col + OpenBLAS cblas_sgemm (the im2col loop
 * compiled -O3 -march=native), both in this process on the same inputs,
 * after checking that they agree. Then conv2d + bias + relu compiled as one
 * graph (the bias and relu fuse into the convolution's output pass)
 * against the same three ops compiled as separate kernels run one after
 * the other (the unfused path, each a full pass over the output).
 *   bench_conv [--threads N] [--pipeline P] [--layers name,...] */
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_common.h"

void openblas_set_num_threads(int num_threads);

typedef struct {
  const char *name;
  int64_t c, h, w, o, k, stride, pad;
} layer_t;

static const layer_t layers[] = {
    {"r18.conv2_3x3", 64, 56, 56, 64, 3, 1, 1},
    {"r18.conv3_3x3", 128, 28, 28, 128, 3, 1, 1},
    {"r18.conv4_3x3", 256, 14, 14, 256, 3, 1, 1},
    {"r18.conv5_3x3", 512, 7, 7, 512, 3, 1, 1},
    {"r50.conv2_1x1_in", 256, 56, 56, 64, 1, 1, 0},
    {"r50.conv2_1x1_out", 64, 56, 56, 256, 1, 1, 0},
    {"r50.conv4_1x1_in", 1024, 14, 14, 256, 1, 1, 0},
    {"r50.conv5_1x1_out", 512, 7, 7, 2048, 1, 1, 0},
};
enum { N_LAYERS = sizeof layers / sizeof layers[0] };

static int64_t out_size(const layer_t *l, int64_t in) {
  return (in + 2 * l->pad - l->k) / l->stride + 1;
}

typedef struct {
  const layer_t *l;
  int64_t oh, ow;
  float *x, *w, *col, *y;
} peer_t;

/* col[q, p], q = (ic, kh, kw), p = (oh, ow): the im2col a C programmer
 * writes, then Y[o, p] = W[o, q] * col[q, p] with OpenBLAS. */
static void run_peer(void *user) {
  peer_t *p = user;
  const layer_t *l = p->l;
  int64_t P = p->oh * p->ow, Q = l->c * l->k * l->k;
  if (l->k == 1 && l->stride == 1 && l->pad == 0) {
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)l->o, (int)P, (int)Q, 1.0f, p->w,
                (int)Q, p->x, (int)P, 0.0f, p->y, (int)P);
    return;
  }
  for (int64_t ic = 0; ic < l->c; ++ic)
    for (int64_t kh = 0; kh < l->k; ++kh)
      for (int64_t kw = 0; kw < l->k; ++kw) {
        float *row = p->col + ((ic * l->k + kh) * l->k + kw) * P;
        for (int64_t oh = 0; oh < p->oh; ++oh) {
          int64_t ih = oh * l->stride - l->pad + kh;
          for (int64_t ow = 0; ow < p->ow; ++ow) {
            int64_t iw = ow * l->stride - l->pad + kw;
            row[oh * p->ow + ow] = ih >= 0 && ih < l->h && iw >= 0 && iw < l->w
                                       ? p->x[(ic * l->h + ih) * l->w + iw]
                                       : 0.0f;
          }
        }
      }
  cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)l->o, (int)P, (int)Q, 1.0f, p->w,
              (int)Q, p->col, (int)P, 0.0f, p->y, (int)P);
}

typedef struct {
  bench_kernel_t *kernel;
  const char *entries[3];
  strata_tensor_t *args[3];
  int nargs[3];
  int calls;
} strata_run_t;

static void run_strata(void *user) {
  strata_run_t *r = user;
  for (int i = 0; i < r->calls; ++i) {
    char *error = NULL;
    if (!strata_jit_call(r->kernel->jit, r->entries[i], r->args[i], r->nargs[i], &error)) {
      fprintf(stderr, "bench_conv: %s\n", error);
      exit(1);
    }
  }
}

#define TENSOR4 "tensor<%lldx%lldx%lldx%lldxf32>"

/* The conv2d op text: %x, %w (and %b if bias) -> %dst. */
static void conv_text(char *buf, size_t size, const layer_t *l, int64_t oh, int64_t ow, bool bias,
                      const char *dst) {
  char xt[96], wt[96], yt[96], operands[320];
  snprintf(xt, sizeof xt, TENSOR4, 1LL, (long long)l->c, (long long)l->h, (long long)l->w);
  snprintf(wt, sizeof wt, TENSOR4, (long long)l->o, (long long)l->c, (long long)l->k,
           (long long)l->k);
  snprintf(yt, sizeof yt, TENSOR4, 1LL, (long long)l->o, (long long)oh, (long long)ow);
  if (bias)
    snprintf(operands, sizeof operands, "%s, %s, tensor<%lldxf32>", xt, wt, (long long)l->o);
  else
    snprintf(operands, sizeof operands, "%s, %s", xt, wt);
  snprintf(buf, size,
           "  %s = \"graph.conv2d\"(%%x, %%w%s) {strides = array<i64: %lld, %lld>, padding = "
           "array<i64: %lld, %lld, %lld, %lld>, dilation = array<i64: 1, 1>, groups = 1 : i64, "
           "data_layout = \"NCHW\", kernel_layout = \"OIHW\"} : (%s) -> %s\n",
           dst, bias ? ", %b" : "", (long long)l->stride, (long long)l->stride,
           (long long)l->pad, (long long)l->pad, (long long)l->pad, (long long)l->pad, operands,
           yt);
}

static int bench_layer(const layer_t *l, int threads, const char *pipeline) {
  int64_t oh = out_size(l, l->h), ow = out_size(l, l->w), P = oh * ow,
          Q = l->c * l->k * l->k;
  char xt[96], wt[96], yt[96], bt[64], op[1024], op_b[1024], text[8192];
  snprintf(xt, sizeof xt, TENSOR4, 1LL, (long long)l->c, (long long)l->h, (long long)l->w);
  snprintf(wt, sizeof wt, TENSOR4, (long long)l->o, (long long)l->c, (long long)l->k,
           (long long)l->k);
  snprintf(yt, sizeof yt, TENSOR4, 1LL, (long long)l->o, (long long)oh, (long long)ow);
  snprintf(bt, sizeof bt, "tensor<%lldxf32>", (long long)l->o);
  conv_text(op, sizeof op, l, oh, ow, false, "%0");
  conv_text(op_b, sizeof op_b, l, oh, ow, true, "%0");
  /* conv (plain), fused conv+bias+relu, and the unfused path's kernels. */
  snprintf(text, sizeof text,
           "func.func @conv(%%x: %s, %%w: %s) -> %s {\n%s  return %%0 : %s\n}\n"
           "func.func @fused(%%x: %s, %%w: %s, %%b: %s) -> %s {\n%s"
           "  %%1 = \"graph.relu\"(%%0) : (%s) -> %s\n  return %%1 : %s\n}\n"
           "func.func @bias(%%y: %s, %%b: tensor<1x%lldx1x1xf32>) -> %s {\n"
           "  %%0 = \"graph.add\"(%%y, %%b) : (%s, tensor<1x%lldx1x1xf32>) -> %s\n"
           "  return %%0 : %s\n}\n"
           "func.func @relu(%%y: %s) -> %s {\n  %%0 = \"graph.relu\"(%%y) : (%s) -> %s\n"
           "  return %%0 : %s\n}\n",
           xt, wt, yt, op, yt, xt, wt, bt, yt, op_b, yt, yt, yt, yt, (long long)l->o, yt, yt,
           (long long)l->o, yt, yt, yt, yt, yt, yt, yt);
  bench_kernel_t kernel;
  if (!bench_compile(text, "conv", pipeline, &kernel)) {
    fprintf(stderr, "bench_conv: cannot compile layer %s\n", l->name);
    return 1;
  }
  strata_tensor_t x, w, b, b4, y, y2, y3, yf, peer_y;
  strata_tensor_alloc(&x, STRATA_DTYPE_F32, 4, (int64_t[]){1, l->c, l->h, l->w});
  strata_tensor_alloc(&w, STRATA_DTYPE_F32, 4, (int64_t[]){l->o, l->c, l->k, l->k});
  strata_tensor_alloc(&b, STRATA_DTYPE_F32, 1, (int64_t[]){l->o});
  strata_tensor_alloc(&b4, STRATA_DTYPE_F32, 4, (int64_t[]){1, l->o, 1, 1});
  int64_t ys[4] = {1, l->o, oh, ow};
  strata_tensor_alloc(&y, STRATA_DTYPE_F32, 4, ys);
  strata_tensor_alloc(&y2, STRATA_DTYPE_F32, 4, ys);
  strata_tensor_alloc(&y3, STRATA_DTYPE_F32, 4, ys);
  strata_tensor_alloc(&yf, STRATA_DTYPE_F32, 4, ys);
  strata_tensor_alloc(&peer_y, STRATA_DTYPE_F32, 4, ys);
  strata_tensor_fill_random(&x, 1);
  strata_tensor_fill_random(&w, 2);
  strata_tensor_fill_random(&b, 3);
  memcpy(b4.data, b.data, (size_t)l->o * sizeof(float));
  float *col = malloc((size_t)(Q * P) * sizeof(float));
  peer_t peer = {l, oh, ow, x.data, w.data, col, peer_y.data};

  strata_tensor_t conv_args[3] = {x, w, y};
  strata_tensor_t fused_args[4] = {x, w, b, yf};
  strata_tensor_t bias_args[3] = {y, b4, y2};
  strata_tensor_t relu_args[2] = {y2, y3};
  strata_run_t conv = {&kernel, {"conv"}, {conv_args}, {3}, 1};
  strata_run_t fused = {&kernel, {"fused"}, {fused_args}, {4}, 1};
  strata_run_t unfused = {&kernel, {"conv", "bias", "relu"}, {conv_args, bias_args, relu_args},
                          {3, 3, 2}, 3};
  run_strata(&conv);
  run_peer(&peer);
  run_strata(&fused);
  run_strata(&unfused);
  strata_compare_t c1 = strata_tensor_compare(&peer_y, &y, 1e-3, 1e-4 * (double)Q);
  strata_compare_t c2 = strata_tensor_compare(&y3, &yf, 1e-5, 1e-5);
  char name[96];
  snprintf(name, sizeof name, "conv %s threads=%d", l->name, threads);
  int rc = 0;
  double flops = 2.0 * (double)l->o * (double)P * (double)Q;
  if (!c1.ok || !c2.ok) {
    printf("%-38s WRONG RESULT: %lld elements differ from %s (max abs error %g)\n", name,
           (long long)(c1.ok ? c2.mismatches : c1.mismatches), c1.ok ? "unfused" : "im2col+openblas",
           c1.ok ? c2.max_abs_error : c1.max_abs_error);
    rc = 1;
  } else {
    double ts, tp, tf, tu;
    bench_median_pair(run_strata, &conv, run_peer, &peer, threads == 1, 3, 2.0, &ts, &tp);
    bench_report(name, ts, "im2col+openblas", tp, flops, 0);
    bench_median_pair(run_strata, &fused, run_strata, &unfused, true, 3, 2.0, &tf, &tu);
    snprintf(name, sizeof name, "conv+bias+relu %s", l->name);
    bench_report(name, tf, "unfused", tu, flops, 0);
  }
  free(col);
  strata_tensor_t *all[] = {&x, &w, &b, &b4, &y, &y2, &y3, &yf, &peer_y};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; ++i)
    strata_tensor_free(all[i]);
  bench_kernel_destroy(&kernel);
  return rc;
}

int main(int argc, char **argv) {
  int threads = 1;
  const char *only = NULL, *pipeline = NULL;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--threads") && i + 1 < argc)
      threads = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--pipeline") && i + 1 < argc)
      pipeline = argv[++i];
    else if (!strcmp(argv[i], "--layers") && i + 1 < argc)
      only = argv[++i];
    else {
      fprintf(stderr, "usage: bench_conv [--threads N] [--pipeline P] [--layers name,...]\nlayers:");
      for (int l = 0; l < N_LAYERS; ++l)
        fprintf(stderr, " %s", layers[l].name);
      fprintf(stderr, "\n");
      return 2;
    }
  }
  openblas_set_num_threads(threads);
  strata_register_all_passes();
  int rc = 0;
  for (int l = 0; l < N_LAYERS; ++l) {
    if (only) {
      char list[1024];
      snprintf(list, sizeof list, ",%s,", only);
      char key[96];
      snprintf(key, sizeof key, ",%s,", layers[l].name);
      if (!strstr(list, key))
        continue;
    }
    rc |= bench_layer(&layers[l], threads, pipeline);
  }
  return rc;
}
