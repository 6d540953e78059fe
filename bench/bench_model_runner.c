/* bench_model_runner: the Strata side of the whole-model benchmark
 * (bench/bench_models.py, scripts/bench.sh models). Compiles one model with
 * the JIT (the default pipeline, as strata-run does), then obeys commands
 * read line by line from stdin, so that the driver can alternate Strata's
 * runs with ONNX Runtime's in its own process and time both in one run:
 *
 *   run N            call the model N times; prints "ok T1 T2 ..." (ms each)
 *   threads N        OpenMP threads of the following runs (omp_set_num_threads)
 *   write FILE.npy   write result 0 of the last run
 *   mem-reset        release freed heap to the system, then reset the peak
 *                    resident size (/proc/self/clear_refs 5); prints "ok"
 *   mem              prints "ok PEAK_KB CURRENT_KB" (VmHWM, VmRSS)
 *   quit
 *
 * On start it prints "start KB" (the resident size before loading the
 * model), then "compiled MS PEAK_KB": compile time (import, lowering,
 * LLVM) and the peak resident size so far. Errors print "error ..." and
 * exit with status 1.
 *
 *   bench_model_runner MODEL (.onnx or .mlir) INPUT.npy [TUNING_DB [TARGET]]
 *
 * With TUNING_DB the model is compiled with the records of that database
 * (strata_pipeline_to_llvm_for: te-apply-tuned, as strata-run --tuning-db),
 * for TARGET (a strata-tune target string, e.g. "... cores=1"; default: this
 * host with the runner's OMP_NUM_THREADS or cores), so that a driver can
 * time a tuned runner against an untuned one (bench/bench_tuned_models.py). */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench/proc_memory.h"
#include "frontends/model_file.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/jit.h"
#include "runtime/npy.h"
#include "runtime/signature.h"
#include "strata/strata.h"

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return 1e3 * (double)ts.tv_sec + 1e-6 * (double)ts.tv_nsec;
}

static void fail(const char *what, const char *detail) {
  printf("error %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
  exit(1);
}

/* Loads, lowers and JIT-compiles the model; the context and module are
 * gone afterwards (the engine owns its code). */
static strata_jit_t *compile(const char *path, const char *tuning_db, const char *target,
                             strata_signature_t *sig) {
  strata_tuning_passes_register(); /* te-apply-tuned, for TUNING_DB */
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  char *error = NULL;
  bool kept[1];
  MlirOperation module = strata_model_load(ctx, path, 0, NULL, kept, &error);
  if (mlirOperationIsNull(module))
    fail("cannot load the model", error);
  if (mlirLogicalResultIsFailure(strata_verify(module)))
    fail("the model does not verify", NULL);
  if (!strata_signature_get(module, NULL, sig, &error))
    fail("no entry function", error);
  char *pipeline = strata_pipeline_to_llvm_for(tuning_db, target);
  if (mlirLogicalResultIsFailure(strata_run_pipeline(module, pipeline)))
    fail("lowering failed", NULL);
  free(pipeline);
  strata_jit_t *jit = strata_jit_create(module, 3, &error);
  if (!jit || !strata_jit_materialize(jit, sig->name, &error))
    fail("JIT compilation failed", error);
  mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  return jit;
}

static void set_threads(int n) {
  void (*set)(int) = (void (*)(int))dlsym(RTLD_DEFAULT, "omp_set_num_threads");
  if (!set) {
    void *omp = dlopen("libomp.so", RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
    if (omp)
      set = (void (*)(int))dlsym(omp, "omp_set_num_threads");
  }
  if (!set)
    fail("threads: the OpenMP runtime is not loaded", NULL);
  set(n);
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IOLBF, 0);
  if (argc < 3 || argc > 5) {
    fprintf(stderr, "usage: bench_model_runner MODEL INPUT.npy [TUNING_DB [TARGET]]\n");
    return 2;
  }
  long peak, current;
  bench_memory_kb(&peak, &current);
  printf("start %ld\n", current);
  double t0 = now_ms();
  strata_signature_t sig;
  strata_jit_t *jit = compile(argv[1], argc > 3 ? argv[3] : NULL, argc > 4 ? argv[4] : NULL, &sig);
  double compile_ms = now_ms() - t0;
  if (sig.num_inputs != 1 || sig.num_outputs != 1)
    fail("the benchmark takes models with one input and one result", NULL);
  strata_tensor_t args[2] = {0};
  char *error = NULL;
  if (!strata_npy_read(argv[2], &args[0], &error))
    fail("cannot read the input", error);
  int64_t shape[STRATA_MAX_RANK];
  if (!strata_signature_output_shape(&sig, args, 0, shape) ||
      !strata_tensor_alloc(&args[1], sig.outputs[0].dtype, sig.outputs[0].rank, shape))
    fail("cannot allocate the result", NULL);
  bench_memory_kb(&peak, &current);
  printf("compiled %.1f %ld\n", compile_ms, peak);

  char line[4096];
  while (fgets(line, sizeof line, stdin)) {
    line[strcspn(line, "\n")] = '\0';
    if (!strncmp(line, "run ", 4)) {
      int n = atoi(line + 4);
      printf("ok");
      for (int i = 0; i < n; ++i) {
        double s = now_ms();
        if (!strata_jit_call(jit, sig.name, args, 2, &error))
          fail("call failed", error);
        printf(" %.4f", now_ms() - s);
      }
      printf("\n");
    } else if (!strncmp(line, "threads ", 8)) {
      set_threads(atoi(line + 8));
      printf("ok\n");
    } else if (!strncmp(line, "write ", 6)) {
      if (!strata_npy_write(line + 6, &args[1], &error))
        fail("cannot write the result", error);
      printf("ok\n");
    } else if (!strcmp(line, "mem-reset")) {
      if (!bench_memory_reset())
        fail("cannot reset the peak resident size (/proc/self/clear_refs)", NULL);
      printf("ok\n");
    } else if (!strcmp(line, "mem")) {
      bench_memory_kb(&peak, &current);
      printf("ok %ld %ld\n", peak, current);
    } else if (!strcmp(line, "quit")) {
      break;
    } else {
      fail("unknown command", line);
    }
  }
  strata_jit_destroy(jit);
  strata_tensor_free(&args[0]);
  strata_tensor_free(&args[1]);
  return 0;
}
