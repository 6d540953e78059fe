/* Benchmark plumbing shared by bench_gemm and bench_elementwise. */
#include "bench/bench_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

bool bench_compile(const char *text, const char *entry, const char *pipeline,
                   bench_kernel_t *k) {
  memset(k, 0, sizeof *k);
  snprintf(k->entry, sizeof k->entry, "%s", entry);
  k->ctx = strata_context_create();
  MlirOperation m = strata_parse_module(k->ctx, mlirStringRefCreateFromCString(text),
                                        mlirStringRefCreateFromCString("bench"));
  if (mlirOperationIsNull(m))
    return false;
  bool ok = mlirLogicalResultIsSuccess(strata_verify(m)) &&
            mlirLogicalResultIsSuccess(strata_run_pipeline(
                m, pipeline ? pipeline : "builtin.module(strata-graph-to-llvm)"));
  char *error = NULL;
  if (ok && !(k->jit = strata_jit_create(m, 3, &error))) {
    fprintf(stderr, "bench: %s\n", error);
    free(error);
    ok = false;
  }
  mlirOperationDestroy(m);
  return ok;
}

void bench_kernel_destroy(bench_kernel_t *k) {
  strata_jit_destroy(k->jit);
  if (!mlirContextIsNull(k->ctx))
    mlirContextDestroy(k->ctx);
}

void bench_case_free(bench_kernel_t *kernel, strata_tensor_t *args, int nargs) {
  for (int i = 0; i < nargs; ++i)
    strata_tensor_free(&args[i]);
  bench_kernel_destroy(kernel);
}

bool bench_option(int argc, char **argv, int *i, bench_options_t *o) {
  if (*i + 1 >= argc)
    return false;
  if (!strcmp(argv[*i], "--threads"))
    o->threads = atoi(argv[++*i]);
  else if (!strcmp(argv[*i], "--pipeline"))
    o->pipeline = argv[++*i];
  else if (!strcmp(argv[*i], "--baseline"))
    o->baseline = argv[++*i];
  else
    return false;
  return true;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

void bench_median_pair(bench_fn_t fa, void *ua, bench_fn_t fb, void *ub, bool alternate,
                       int min_reps, double budget_s, double *ta, double *tb) {
  double a[100], b[100];
  int na = 0, nb = 0;
  double warm = now();
  fa(ua);
  fb(ub);
  warm = now() - warm;
  if (warm > budget_s) /* slow kernels: one more run of each is the sample */
    min_reps = 1;
  double start = now();
  if (alternate) {
    /* a, b, a, b, ...: a noisy moment of a shared machine hits both. */
    while (na < 100 && (na < min_reps || now() - start < budget_s)) {
      double s = now();
      fa(ua);
      a[na++] = now() - s;
      s = now();
      fb(ub);
      b[nb++] = now() - s;
    }
  } else {
    /* All of a, then all of b, each in half the budget. */
    while (na < 100 && (na < min_reps || now() - start < budget_s / 2)) {
      double s = now();
      fa(ua);
      a[na++] = now() - s;
    }
    start = now();
    while (nb < 100 && (nb < min_reps || now() - start < budget_s / 2)) {
      double s = now();
      fb(ub);
      b[nb++] = now() - s;
    }
  }
  qsort(a, (size_t)na, sizeof a[0], cmp);
  qsort(b, (size_t)nb, sizeof b[0], cmp);
  *ta = a[na / 2];
  *tb = b[nb / 2];
}

void bench_report(const char *name, double strata_s, const char *peer, double peer_s,
                  double flops, double bytes) {
  if (flops > 0)
    printf("%-34s strata %9.3f ms (%6.1f GFLOPS)  %s %9.3f ms (%6.1f GFLOPS)  ratio %.3f\n", name,
           1e3 * strata_s, flops / strata_s * 1e-9, peer, 1e3 * peer_s, flops / peer_s * 1e-9,
           peer_s / strata_s);
  else
    printf("%-34s strata %9.3f ms (%6.1f GB/s)  %s %9.3f ms (%6.1f GB/s)  ratio %.3f\n", name,
           1e3 * strata_s, bytes / strata_s * 1e-9, peer, 1e3 * peer_s, bytes / peer_s * 1e-9,
           peer_s / strata_s);
  fflush(stdout);
}

void bench_call(const bench_kernel_t *k, strata_tensor_t *args, int nargs, const char *tool) {
  char *error = NULL;
  if (!strata_jit_call(k->jit, k->entry, args, nargs, &error)) {
    fprintf(stderr, "%s: %s\n", tool, error);
    exit(1);
  }
}

typedef struct {
  const bench_kernel_t *kernel;
  strata_tensor_t *args;
  int nargs;
  const char *tool;
} baseline_run_t;

static void run_kernel(void *user) {
  baseline_run_t *r = user;
  bench_call(r->kernel, r->args, r->nargs, r->tool);
}

int bench_against_baseline(const char *tool, const char *name, const char *text,
                           const char *entry, const char *baseline, const bench_kernel_t *kernel,
                           strata_tensor_t *args, int nargs, const strata_tensor_t *expected,
                           double rtol, double atol, double flops) {
  bench_kernel_t base;
  if (!bench_compile(text, entry, baseline, &base)) {
    fprintf(stderr, "%s: cannot compile the baseline kernel\n", tool);
    return 1;
  }
  baseline_run_t rk = {kernel, args, nargs, tool}, rb = {&base, args, nargs, tool};
  run_kernel(&rb);
  strata_compare_t c = strata_tensor_compare(expected, &args[nargs - 1], rtol, atol);
  int rc = 0;
  if (!c.ok) {
    printf("%-34s WRONG RESULT: the baseline differs in %lld elements\n", name,
           (long long)c.mismatches);
    rc = 1;
  } else {
    double tk, tb;
    bench_median_pair(run_kernel, &rk, run_kernel, &rb, true, 3, 2.0, &tk, &tb);
    bench_report(name, tk, "baseline", tb, flops, 0);
  }
  bench_kernel_destroy(&base);
  return rc;
}

int bench_case_run(const bench_case_t *c) {
  const strata_tensor_t *out = &c->args[c->nargs - 1];
  strata_tensor_t expected;
  size_t bytes = 0;
  if (!strata_tensor_bytes(out->dtype, out->rank, out->shape, &bytes) ||
      !strata_tensor_alloc(&expected, out->dtype, out->rank, out->shape)) {
    fprintf(stderr, "%s: out of memory\n", c->tool);
    return 1;
  }
  baseline_run_t run = {c->kernel, c->args, c->nargs, c->tool};
  /* Check first: a wrong kernel is never timed. */
  run_kernel(&run);
  memcpy(expected.data, out->data, bytes);
  c->peer_fn(c->peer_user);
  strata_compare_t cmp = strata_tensor_compare(&expected, out, c->rtol, c->atol);
  int rc = 0;
  if (!cmp.ok) {
    printf("%-34s WRONG RESULT: %lld elements differ from %s (max abs error %g)\n", c->name,
           (long long)cmp.mismatches, c->peer, cmp.max_abs_error);
    rc = 1;
  } else {
    double ts, tp;
    bench_median_pair(run_kernel, &run, c->peer_fn, c->peer_user, c->alternate, c->min_reps,
                      c->budget_s, &ts, &tp);
    bench_report(c->name, ts, c->peer, tp, c->flops, c->bytes);
  }
  if (!rc && c->baseline)
    rc = bench_against_baseline(c->tool, c->name, c->text, c->entry, c->baseline, c->kernel,
                                c->args, c->nargs, &expected, c->rtol, c->atol, c->flops);
  strata_tensor_free(&expected);
  return rc;
}
