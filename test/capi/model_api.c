/* Model API test (strata/model.h, linked against libstrata_model only):
 * import MLIR text and an ONNX file, query inputs and outputs, compile with
 * options, run on the caller's buffers (exact values), dynamic batch
 * extents, export a shared library; then every error the API returns, each
 * with its code and a message saying what was expected. */
// RUN: rm -rf %t && mkdir -p %t
// RUN: capi-model_api %strata_src/examples/models %t 2>&1 | FileCheck %s
// RUN: test -f %t/add_relu.so && FileCheck %s --check-prefix=HEADER < %t/add_relu.h
// HEADER: from add_relu.mlir
// HEADER: void _mlir_ciface_main(
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/model.h"

static const char add_relu[] =
    "func.func @main(%x: tensor<2x3xf32> loc(\"x\"), %y: tensor<3xf32> loc(\"y\")) -> tensor<2x3xf32> {\n"
    "  %0 = \"graph.add\"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>\n"
    "  %1 = \"graph.relu\"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  return %1 : tensor<2x3xf32>\n"
    "}\n"
    "func.func @other(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
    "  return %x : tensor<4xf32>\n"
    "}\n";

static const char dynamic_batch[] =
    "func.func @scale(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {\n"
    "  %0 = \"graph.add\"(%x, %x) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>\n"
    "  return %0 : tensor<?x4xf32>\n"
    "}\n";

/* Prints "<label>: ok" or "<label>: <CODE>: <message>" and frees s. */
static int report(const char *label, strata_status_t s) {
  if (!s)
    printf("%s: ok\n", label);
  else
    printf("%s: %s: %s\n", label, strata_status_code_name(strata_status_code(s)),
           strata_status_message(s));
  int failed = s != NULL;
  strata_status_free(s);
  return failed;
}

static void print_info(const char *kind, const strata_tensor_info_t *t) {
  printf("%s '%s' %s [", kind, t->name, strata_dtype_name(t->dtype));
  for (int d = 0; d < t->rank; ++d)
    printf(d ? ", %lld" : "%lld", (long long)t->shape[d]);
  printf("]\n");
}

static strata_tensor_view_t view(strata_dtype_t dtype, int rank, const int64_t *shape, void *data) {
  strata_tensor_view_t v = {.dtype = dtype, .rank = rank, .data = data};
  memcpy(v.shape, shape, sizeof(int64_t) * (size_t)rank);
  return v;
}

static void print_all_info(strata_model_t *m) {
  strata_tensor_info_t t;
  for (int i = 0; i < strata_model_num_inputs(m); ++i)
    if (!report("input info", strata_model_input_info(m, i, &t)))
      print_info("input", &t);
  for (int i = 0; i < strata_model_num_outputs(m); ++i)
    if (!report("output info", strata_model_output_info(m, i, &t)))
      print_info("output", &t);
}

/* MLIR text: names from locations, exact results, export. */
static void mlir_model(const char *tmp) {
  strata_model_t *m = NULL;
  report("import text", strata_model_import_mlir(add_relu, strlen(add_relu), "add_relu.mlir",
                                                 NULL, &m));
  printf("entry %s, %d inputs, %d outputs\n", strata_model_entry(m), strata_model_num_inputs(m),
         strata_model_num_outputs(m));
  print_all_info(m);
  strata_tensor_info_t t;
  report("input 2", strata_model_input_info(m, 2, &t));
  float x[6] = {-1, 0.5f, 2, 3, -4, 0.25f}, y[3] = {0.5f, -1, 1}, out[6];
  int64_t s23[] = {2, 3}, s3[] = {3}, s24[] = {2, 4}, s32[] = {3, 2};
  strata_tensor_view_t in[2] = {view(STRATA_DTYPE_F32, 2, s23, x), view(STRATA_DTYPE_F32, 1, s3, y)};
  strata_tensor_view_t res = view(STRATA_DTYPE_F32, 2, s23, out);
  report("run before compile", strata_model_run(m, in, 2, &res, 1));
  report("export before compile", strata_model_export(m, "never.so", NULL));
  strata_model_options_t o;
  strata_model_options_init(&o);
  o.opt_level = 7;
  report("opt level 7", strata_model_compile(m, &o));
  o.opt_level = 2;
  o.threads = -1;
  report("threads -1", strata_model_compile(m, &o));
  o.threads = 1;
  o.pipeline = "builtin.module(strata-graph-to-llvm)";
  o.tuning_db = "tune.db";
  report("pipeline and db", strata_model_compile(m, &o));
  o.tuning_db = NULL;
  report("compile", strata_model_compile(m, &o));
  report("compile twice", strata_model_compile(m, &o));
  report("run", strata_model_run(m, in, 2, &res, 1));
  printf("values:");
  for (int i = 0; i < 6; ++i)
    printf(" %g", out[i]);
  printf("\n");

  /* Wrong inputs and outputs: what was expected, what was given. */
  strata_tensor_view_t bad[2] = {view(STRATA_DTYPE_F32, 2, s24, x), in[1]};
  report("wrong shape", strata_model_run(m, bad, 2, &res, 1));
  bad[0] = view(STRATA_DTYPE_I32, 2, s23, x);
  report("wrong dtype", strata_model_run(m, bad, 2, &res, 1));
  bad[0] = view(STRATA_DTYPE_F32, 1, s3, x);
  report("wrong rank", strata_model_run(m, bad, 2, &res, 1));
  report("too few inputs", strata_model_run(m, in, 1, &res, 1));
  report("no outputs", strata_model_run(m, in, 2, NULL, 0));
  strata_tensor_view_t bad_out = view(STRATA_DTYPE_F32, 2, s32, out);
  report("wrong output shape", strata_model_run(m, in, 2, &bad_out, 1));
  bad[0] = view(STRATA_DTYPE_F32, 2, s23, NULL);
  report("no data", strata_model_run(m, bad, 2, &res, 1));

  char so[4096], header[4096], bad_path[4096];
  snprintf(so, sizeof so, "%s/add_relu.so", tmp);
  snprintf(header, sizeof header, "%s/add_relu.h", tmp);
  snprintf(bad_path, sizeof bad_path, "%s/no/such/dir/x.so", tmp);
  report("export", strata_model_export(m, so, header));
  strata_status_t s = strata_model_export(m, bad_path, NULL);
  printf("export to a missing folder: %s\n", strata_status_code_name(strata_status_code(s)));
  strata_status_free(s);
  strata_model_destroy(m);
}

/* A dynamic batch extent: the output shape follows the input. */
static void dynamic_model(void) {
  strata_model_t *m = NULL;
  strata_status_t s = strata_model_import_mlir(dynamic_batch, strlen(dynamic_batch), "dyn.mlir",
                                               NULL, &m);
  if (!s)
    s = strata_model_compile(m, NULL);
  report("dynamic compile", s);
  print_all_info(m);
  float x[12], out[12];
  for (int i = 0; i < 12; ++i)
    x[i] = (float)i;
  int64_t s34[] = {3, 4};
  strata_tensor_view_t in = view(STRATA_DTYPE_F32, 2, s34, x), res;
  if (!report("output shapes", strata_model_output_shapes(m, &in, 1, &res, 1)))
    printf("output shape [%lld, %lld]\n", (long long)res.shape[0], (long long)res.shape[1]);
  res.data = out;
  if (!report("dynamic run", strata_model_run(m, &in, 1, &res, 1)))
    printf("dynamic values: %g %g ... %g\n", out[0], out[1], out[11]);
  strata_model_destroy(m);
}

/* The bundled ONNX CNN block: graph names, a run with 1 thread. */
static void onnx_model(const char *models) {
  char path[4096];
  snprintf(path, sizeof path, "%s/cnn_block.onnx", models);
  strata_model_options_t o;
  strata_model_options_init(&o);
  o.threads = 1;
  strata_model_t *m = NULL;
  if (report("load onnx", strata_model_load(path, &o, &m)))
    return;
  print_all_info(m);
  strata_tensor_info_t ti, to;
  strata_model_input_info(m, 0, &ti);
  strata_model_output_info(m, 0, &to);
  strata_tensor_view_t in = view(ti.dtype, ti.rank, ti.shape, NULL), out;
  size_t n = 1, k = 1;
  for (int d = 0; d < ti.rank; ++d)
    n *= (size_t)ti.shape[d];
  for (int d = 0; d < to.rank; ++d)
    k *= (size_t)to.shape[d];
  in.data = calloc(n, sizeof(float));
  report("onnx output shapes", strata_model_output_shapes(m, &in, 1, &out, 1));
  out.data = calloc(k, sizeof(float));
  for (size_t i = 0; i < n; ++i)
    ((float *)in.data)[i] = (float)(i % 7) * 0.125f;
  report("onnx run", strata_model_run(m, &in, 1, &out, 1));
  double sum = 0;
  for (size_t i = 0; i < k; ++i)
    sum += ((float *)out.data)[i];
  printf("onnx output finite: %s\n", sum == sum && sum - sum == 0 ? "yes" : "no");
  free(in.data);
  free(out.data);
  strata_model_destroy(m);
}

/* Import errors. */
static void import_errors(const char *tmp) {
  strata_model_t *m = (strata_model_t *)1;
  report("missing file", strata_model_import("/no/such/model.onnx", NULL, &m));
  printf("model after failure: %s\n", m ? "set" : "NULL");
  report("null path", strata_model_import(NULL, NULL, &m));
  static const char broken[] = "func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {\n"
                               "  %0 = \"graph.relu\"(%x) : (tensor<2xf32>) -> tensor<3xf32>\n"
                               "  return %0 : tensor<3xf32>\n}\n";
  report("bad mlir", strata_model_import_mlir(broken, strlen(broken), "broken.mlir", NULL, &m));
  char path[4096];
  snprintf(path, sizeof path, "%s/garbage.onnx", tmp);
  FILE *f = fopen(path, "wb");
  if (f) {
    fputs("this is not a protobuf \xff\xff\xff", f);
    fclose(f);
  }
  report("bad onnx", strata_model_import(path, NULL, &m));
  strata_model_options_t o;
  strata_model_options_init(&o);
  o.entry = "nope";
  report("no entry", strata_model_import_mlir(add_relu, strlen(add_relu), "add_relu.mlir", &o, &m));
  static const char scalar[] = "func.func @main(%x: f32) -> f32 {\n  return %x : f32\n}\n";
  o.entry = NULL;
  report("scalar argument", strata_model_import_mlir(scalar, strlen(scalar), "s.mlir", &o, &m));
  static const char two[] = "func.func @a() {\n  return\n}\nfunc.func @b() {\n  return\n}\n";
  report("two functions", strata_model_import_mlir(two, strlen(two), "two.mlir", &o, &m));
  o.entry = "other";
  if (!report("entry other", strata_model_import_mlir(add_relu, strlen(add_relu), "a.mlir", &o, &m))) {
    printf("entry %s\n", strata_model_entry(m));
    strata_model_destroy(m);
  }
}

/* A tuning database that cannot be read fails the compile at the kernel. */
static void tuning_errors(const char *models) {
  char path[4096];
  snprintf(path, sizeof path, "%s/cnn_block.onnx", models);
  strata_model_options_t o;
  strata_model_options_init(&o);
  o.tuning_db = "/no/such/dir/tune.db";
  strata_model_t *m = NULL;
  report("missing tuning db", strata_model_load(path, &o, &m));
  printf("model after failure: %s\n", m ? "set" : "NULL");
  o.tuning_db = "bad\"name.db";
  if (!report("import", strata_model_import(path, &o, &m))) {
    report("quote in tuning db", strata_model_compile(m, &o));
    o.tuning_db = "tune.db";
    o.target = "x86_64 \"quoted\"";
    report("quote in target", strata_model_compile(m, &o));
    o.target = NULL;
    o.pipeline = "builtin.module(convert-graph-to-te,bogus-pass)";
    o.tuning_db = NULL;
    report("bad pipeline", strata_model_compile(m, &o));
    o.pipeline = NULL;
    report("compile after a failure", strata_model_compile(m, &o));
    report("export after a failure", strata_model_export(m, "never.so", NULL));
    strata_model_destroy(m);
  }
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: capi-model_api <examples/models> <tmp dir>\n");
    return 2;
  }
  mlir_model(argv[2]);
  dynamic_model();
  onnx_model(argv[1]);
  import_errors(argv[2]);
  tuning_errors(argv[1]);
  return 0;
}
// CHECK: import text: ok
// CHECK-NEXT: entry main, 2 inputs, 1 outputs
// CHECK-NEXT: input info: ok
// CHECK-NEXT: input 'x' f32 [2, 3]
// CHECK-NEXT: input info: ok
// CHECK-NEXT: input 'y' f32 [3]
// CHECK-NEXT: output info: ok
// CHECK-NEXT: output 'output0' f32 [2, 3]
// CHECK-NEXT: input 2: INVALID_ARGUMENT: no input 2: 'main' has 2 inputs
// CHECK-NEXT: run before compile: FAILED_PRECONDITION: compile the model (strata_model_compile) before running it
// CHECK-NEXT: export before compile: FAILED_PRECONDITION: compile the model (strata_model_compile) before exporting it
// CHECK-NEXT: opt level 7: INVALID_ARGUMENT: opt_level is 7; expected 0, 1, 2 or 3
// CHECK-NEXT: threads -1: INVALID_ARGUMENT: threads is -1; expected 0 (the default) or more
// CHECK-NEXT: pipeline and db: INVALID_ARGUMENT: the options pipeline and tuning_db cannot be combined
// CHECK-NEXT: compile: ok
// CHECK-NEXT: compile twice: FAILED_PRECONDITION: the model is already compiled
// CHECK-NEXT: run: ok
// CHECK-NEXT: values: 0 0 3 3.5 0 1.25
// CHECK-NEXT: wrong shape: INVALID_ARGUMENT: input 0 ('x') of 'main': expected f32 [2, 3], got f32 [2, 4]
// CHECK-NEXT: wrong dtype: INVALID_ARGUMENT: input 0 ('x') of 'main': expected f32 [2, 3], got i32 [2, 3]
// CHECK-NEXT: wrong rank: INVALID_ARGUMENT: input 0 ('x') of 'main': expected f32 [2, 3], got f32 [3]
// CHECK-NEXT: too few inputs: INVALID_ARGUMENT: 'main' takes 2 inputs; got 1
// CHECK-NEXT: no outputs: INVALID_ARGUMENT: 'main' returns 1 output; got room for 0
// CHECK-NEXT: wrong output shape: INVALID_ARGUMENT: output 0 ('output0') of 'main': expected f32 [2, 3], got f32 [3, 2]
// CHECK-NEXT: no data: INVALID_ARGUMENT: input 0 ('x') has no data
// CHECK-NEXT: export: ok
// CHECK-NEXT: export to a missing folder: COMPILE_FAILED
// CHECK-NEXT: dynamic compile: ok
// CHECK-NEXT: input info: ok
// CHECK-NEXT: input 'input0' f32 [-1, 4]
// CHECK-NEXT: output info: ok
// CHECK-NEXT: output 'output0' f32 [-1, 4]
// CHECK-NEXT: output shapes: ok
// CHECK-NEXT: output shape [3, 4]
// CHECK-NEXT: dynamic run: ok
// CHECK-NEXT: dynamic values: 0 2 ... 22
// CHECK-NEXT: load onnx: ok
// CHECK-NEXT: input info: ok
// CHECK-NEXT: input '{{[^']+}}' f32 [1, {{.*}}]
// CHECK: onnx output shapes: ok
// CHECK-NEXT: onnx run: ok
// CHECK-NEXT: onnx output finite: yes
// CHECK-NEXT: missing file: NOT_FOUND: cannot open model '/no/such/model.onnx': No such file or directory
// CHECK-NEXT: model after failure: NULL
// CHECK-NEXT: null path: INVALID_ARGUMENT: strata_model_import: path and model must not be NULL
// CHECK-NEXT: bad mlir: IMPORT_FAILED: broken.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.+}}
// CHECK-NEXT: bad onnx: IMPORT_FAILED: {{.*}}garbage.onnx{{.*}}not an ONNX model
// CHECK-NEXT: no entry: NOT_FOUND: no public function named 'nope' (public functions: main, other)
// CHECK-NEXT: scalar argument: {{UNSUPPORTED}}: 'main' argument 0 has type f32; expected a ranked tensor of
// CHECK-NEXT: two functions: NOT_FOUND: several public functions and none named 'main': choose one with --entry (public functions: a, b)
// CHECK-NEXT: entry other: ok
// CHECK-NEXT: entry other
// CHECK-NEXT: missing tuning db: COMPILE_FAILED: {{.*}}cnn_block.onnx:node {{.*}}: error: {{.*}}cannot read tuning database '/no/such/dir/tune.db'
// CHECK-NEXT: model after failure: NULL
// CHECK-NEXT: import: ok
// CHECK-NEXT: quote in tuning db: INVALID_ARGUMENT: tuning_db: the path may not contain '"' or '}'
// CHECK-NEXT: quote in target: INVALID_ARGUMENT: target: the text may not contain '"' or '}'
// CHECK-NEXT: bad pipeline: COMPILE_FAILED: {{.*}}cnn_block.onnx{{.*}}error: invalid pass pipeline {{.*}}bogus-pass
// CHECK: compile after a failure: FAILED_PRECONDITION: an earlier compile of the model failed part way (import it again to retry)
// CHECK-NEXT: export after a failure: FAILED_PRECONDITION: compile the model (strata_model_compile) before exporting it
