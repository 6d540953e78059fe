/* bench_model_memory: the resident memory of a model as a program that
 * deploys it sees, through the public model API (strata/model.h) only:
 * strata_model_load (which takes the compiled model from the compile cache
 * when an earlier load of the same bytes filled it), then strata_model_run.
 * The whole-model benchmark (bench/bench_models.py) runs it twice with one
 * temporary cache directory, the first time to fill the cache, and reports
 * the second next to ONNX Runtime's session measured the same way:
 *
 *   bench_model_memory MODEL
 *
 * prints "BASE_KB LOAD_PEAK_KB RUN_PEAK_KB FROM_CACHE": the resident size
 * before loading, the peak while loading, the peak over 3 runs after the
 * freed heap was returned and the peak reset (/proc/self/clear_refs 5), and
 * 1 when the compiled model came from the cache. Inputs are zeros (their
 * values do not change what is allocated). Errors go to stderr, status 1. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>

#include "bench/proc_memory.h"
#include "strata/model.h"

static void check(strata_status_t status, const char *what) {
  if (!status)
    return;
  fprintf(stderr, "bench_model_memory: %s: %s\n", what, strata_status_message(status));
  exit(1);
}

/* A zero-filled buffer for a view whose dtype and shape are set. */
static void alloc_view(strata_tensor_view_t *v) {
  size_t count = 1;
  for (int d = 0; d < v->rank; ++d)
    count *= (size_t)(v->shape[d] > 0 ? v->shape[d] : 1);
  v->data = calloc(count ? count : 1, 8); /* 8 bytes covers every element type */
  if (!v->data) {
    fprintf(stderr, "bench_model_memory: out of memory\n");
    exit(1);
  }
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: bench_model_memory MODEL\n");
    return 2;
  }
  long peak, base;
  bench_memory_kb(&peak, &base);
  strata_model_t *model = NULL;
  check(strata_model_load(argv[1], NULL, &model), "cannot load the model");
  long load_peak, current;
  bench_memory_kb(&load_peak, &current);

  int ni = strata_model_num_inputs(model), no = strata_model_num_outputs(model);
  strata_tensor_view_t *in = calloc((size_t)ni + 1, sizeof *in);
  strata_tensor_view_t *out = calloc((size_t)no + 1, sizeof *out);
  for (int i = 0; i < ni; ++i) {
    strata_tensor_info_t info;
    check(strata_model_input_info(model, i, &info), "input info");
    in[i].dtype = info.dtype;
    in[i].rank = info.rank;
    for (int d = 0; d < info.rank; ++d)
      in[i].shape[d] = info.shape[d] < 0 ? 1 : info.shape[d];
    alloc_view(&in[i]);
  }
  check(strata_model_output_shapes(model, in, ni, out, no), "output shapes");
  for (int i = 0; i < no; ++i)
    alloc_view(&out[i]);

  if (!bench_memory_reset()) {
    fprintf(stderr, "bench_model_memory: cannot reset the peak (/proc/self/clear_refs)\n");
    return 1;
  }
  for (int r = 0; r < 3; ++r)
    check(strata_model_run(model, in, ni, out, no), "run failed");
  long run_peak;
  bench_memory_kb(&run_peak, &current);
  printf("%ld %ld %ld %d\n", base, load_peak, run_peak, strata_model_compiled_from_cache(model));
  for (int i = 0; i < ni; ++i)
    free(in[i].data);
  for (int i = 0; i < no; ++i)
    free(out[i].data);
  free(in);
  free(out);
  strata_model_destroy(model);
  return 0;
}
