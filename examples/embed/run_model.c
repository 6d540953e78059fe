/* Model API example: compiles a model (ONNX or MLIR) with the JIT through
 * strata/model.h only, prints its inputs and outputs, runs it on inputs
 * that count up from 0 (scaled into [0, 1) for floats) and prints each
 * output's first values and sum. With a third argument (not "-"), also
 * writes the model as a shared library (and its header, <library>.h); with
 * a fourth, schedules with the records of that tuning database (strata-tune)
 * and prints the warnings (kernels without a record for this target).
 *
 *   run_model <model.onnx | model.mlir> [threads] [out.so | -] [tuning.db]
 *
 * Build against the installed tree: examples/embed/CMakeLists.txt
 * (find_package(Strata), Strata::model) or pkg-config strata. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/model.h"

static void print_info(const char *kind, int i, const strata_tensor_info_t *t) {
  printf("%s %d '%s': %s [", kind, i, t->name, strata_dtype_name(t->dtype));
  for (int d = 0; d < t->rank; ++d) {
    if (t->shape[d] < 0)
      printf("%s?", d ? ", " : "");
    else
      printf("%s%lld", d ? ", " : "", (long long)t->shape[d]);
  }
  printf("]\n");
}

static size_t numel(const strata_tensor_view_t *v) {
  size_t n = 1;
  for (int d = 0; d < v->rank; ++d)
    n *= (size_t)v->shape[d];
  return n;
}

/* Inputs of the model's static shapes, float or integer: i/n or i. */
static int make_input(strata_model_t *m, int i, strata_tensor_view_t *v) {
  strata_tensor_info_t info;
  strata_status_t s = strata_model_input_info(m, i, &info);
  if (s) {
    fprintf(stderr, "run_model: %s\n", strata_status_message(s));
    strata_status_free(s);
    return 0;
  }
  v->dtype = info.dtype;
  v->rank = info.rank;
  memcpy(v->shape, info.shape, sizeof v->shape);
  for (int d = 0; d < v->rank; ++d)
    if (v->shape[d] < 0)
      v->shape[d] = 1; /* a dynamic extent: 1 */
  size_t n = numel(v);
  v->data = calloc(n ? n : 1, strata_dtype_size(v->dtype));
  for (size_t k = 0; v->data && k < n; ++k) {
    if (v->dtype == STRATA_DTYPE_F32)
      ((float *)v->data)[k] = (float)k / (float)n;
    else if (v->dtype == STRATA_DTYPE_F64)
      ((double *)v->data)[k] = (double)k / (double)n;
    else if (v->dtype == STRATA_DTYPE_I64)
      ((int64_t *)v->data)[k] = (int64_t)k;
    else if (v->dtype == STRATA_DTYPE_I32)
      ((int32_t *)v->data)[k] = (int32_t)k;
  }
  return v->data != NULL;
}

static void print_output(int r, const strata_tensor_view_t *v) {
  size_t n = numel(v);
  double sum = 0;
  printf("output %d:", r);
  for (size_t k = 0; k < n; ++k) {
    double x = v->dtype == STRATA_DTYPE_F32   ? ((const float *)v->data)[k]
               : v->dtype == STRATA_DTYPE_F64 ? ((const double *)v->data)[k]
               : v->dtype == STRATA_DTYPE_I64 ? (double)((const int64_t *)v->data)[k]
               : v->dtype == STRATA_DTYPE_I32 ? (double)((const int32_t *)v->data)[k]
                                              : 0.0;
    sum += x;
    if (k < 4)
      printf(" %.6g", x);
  }
  printf("%s (sum %.6g)\n", n > 4 ? " ..." : "", sum);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: run_model <model.onnx | model.mlir> [threads] [out.so | -] "
                    "[tuning.db]\n");
    return 2;
  }
  strata_model_options_t options;
  strata_model_options_init(&options);
  options.threads = argc > 2 ? atoi(argv[2]) : 0;
  options.tuning_db = argc > 4 ? argv[4] : NULL;
  strata_model_t *m = NULL;
  strata_status_t s = strata_model_load(argv[1], &options, &m);
  if (!s && *strata_model_warnings(m))
    fprintf(stderr, "run_model: %s", strata_model_warnings(m));
  strata_tensor_view_t in[16] = {0}, out[16] = {0};
  int ni = m ? strata_model_num_inputs(m) : 0, no = m ? strata_model_num_outputs(m) : 0;
  if (!s && (ni > 16 || no > 16)) {
    fprintf(stderr, "run_model: more than 16 inputs or outputs\n");
    strata_model_destroy(m);
    return 1;
  }
  for (int i = 0; !s && i < ni + no; ++i) {
    strata_tensor_info_t info;
    if (!(s = (i < ni ? strata_model_input_info(m, i, &info)
                      : strata_model_output_info(m, i - ni, &info))))
      print_info(i < ni ? "input" : "output", i < ni ? i : i - ni, &info);
  }
  int ok = !s;
  for (int i = 0; ok && i < ni; ++i)
    ok = make_input(m, i, &in[i]);
  if (ok && !(s = strata_model_output_shapes(m, in, ni, out, no)))
    for (int r = 0; ok && r < no; ++r)
      ok = (out[r].data = calloc(numel(&out[r]) + 1, strata_dtype_size(out[r].dtype))) != NULL;
  if (ok && !s && !(s = strata_model_run(m, in, ni, out, no)))
    for (int r = 0; r < no; ++r)
      print_output(r, &out[r]);
  if (ok && !s && argc > 3 && strcmp(argv[3], "-") != 0) {
    char header[4096];
    snprintf(header, sizeof header, "%s.h", argv[3]);
    if (!(s = strata_model_export(m, argv[3], header)))
      printf("wrote %s and %s\n", argv[3], header);
  }
  int rc = s || !ok ? 1 : 0;
  if (s)
    fprintf(stderr, "run_model: %s: %s\n", strata_status_code_name(strata_status_code(s)),
            strata_status_message(s));
  strata_status_free(s);
  for (int i = 0; i < 16; ++i) {
    free(in[i].data);
    free(out[i].data);
  }
  strata_model_destroy(m);
  return rc;
}
