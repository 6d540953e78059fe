/* bench_stream: a STREAM-style memory-bandwidth probe, the roof GEMV and
 * skinny matrix products are measured against (bench/bench_models.py
 * prints them as a fraction of it).
 *
 *   bench_stream [--threads N] [--mb SIZE] [--seconds S]
 *
 * Triad a[i] = b[i] + s * c[i] over three arrays of SIZE MiB each (default
 * 64: far beyond any cache), counted as STREAM counts it (two arrays read,
 * one written: 3 x SIZE bytes per pass), and a read-only pass (the sum of
 * one array: what a matrix-vector product does to its weight). Each thread
 * (pthreads; first touch by its owner) handles one contiguous slice; a run
 * is timed from the first thread's start to the last one's end. Prints the
 * best and the median over the runs of S seconds (default 2) per kernel:
 *
 *   stream threads=1 triad best 14.2 GB/s median 12.9 GB/s read best ...
 *
 * GB is 10^9 bytes. Compiled -O3 -march=native: the loops are what a C
 * programmer writes, vectorized by the compiler. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_THREADS = 64, MAX_RUNS = 1000 };

typedef struct {
  float *a, *b, *c;
  size_t begin, end;
  int kernel; /* 0: first touch, 1: triad, 2: read */
  double sum;
} slice_t;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *work(void *arg) {
  slice_t *s = arg;
  float *restrict a = s->a, *restrict b = s->b, *restrict c = s->c;
  if (s->kernel == 0) {
    for (size_t i = s->begin; i < s->end; ++i)
      a[i] = 0.0f, b[i] = 1.0f, c[i] = 2.0f;
  } else if (s->kernel == 1) {
    const float scalar = 3.0f;
    for (size_t i = s->begin; i < s->end; ++i)
      a[i] = b[i] + scalar * c[i];
  } else {
    float acc[64] = {0};
    size_t i = s->begin;
    for (; i + 64 <= s->end; i += 64)
      for (int l = 0; l < 64; ++l) /* four independent vectors of 16 */
        acc[l] += b[i + l];
    double sum = 0;
    for (; i < s->end; ++i)
      sum += b[i];
    for (int l = 0; l < 64; ++l)
      sum += acc[l];
    s->sum += sum;
  }
  return NULL;
}

/* One pass of `kernel` on every thread; its wall time in seconds. */
static double pass(slice_t *slices, int threads, int kernel) {
  pthread_t ids[MAX_THREADS];
  double t0 = now();
  for (int t = 0; t < threads; ++t) {
    slices[t].kernel = kernel;
    if (t > 0 && pthread_create(&ids[t], NULL, work, &slices[t]) != 0) {
      fprintf(stderr, "bench_stream: cannot start a thread\n");
      exit(1);
    }
  }
  work(&slices[0]);
  for (int t = 1; t < threads; ++t)
    pthread_join(ids[t], NULL);
  return now() - t0;
}

static int cmp_double(const void *x, const void *y) {
  double a = *(const double *)x, b = *(const double *)y;
  return (a > b) - (a < b);
}

/* Runs `kernel` for `seconds`; best and median bandwidth in GB/s. */
static void measure(slice_t *slices, int threads, int kernel, double bytes, double seconds,
                    double *best, double *median) {
  static double times[MAX_RUNS];
  int n = 0;
  double start = now();
  while (n < MAX_RUNS && (n < 5 || now() - start < seconds))
    times[n++] = pass(slices, threads, kernel);
  qsort(times, (size_t)n, sizeof times[0], cmp_double);
  *best = bytes / times[0] / 1e9;
  *median = bytes / times[n / 2] / 1e9;
}

int main(int argc, char **argv) {
  int threads = 1;
  double mb = 64, seconds = 2;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      threads = atoi(argv[++i]);
    else if (strcmp(argv[i], "--mb") == 0 && i + 1 < argc)
      mb = atof(argv[++i]);
    else if (strcmp(argv[i], "--seconds") == 0 && i + 1 < argc)
      seconds = atof(argv[++i]);
    else {
      fprintf(stderr, "usage: bench_stream [--threads N] [--mb SIZE] [--seconds S]\n");
      return 2;
    }
  }
  if (threads < 1 || threads > MAX_THREADS || mb < 1 || mb > 65536 || seconds <= 0) {
    fprintf(stderr, "bench_stream: threads 1..%d, --mb 1..65536, --seconds > 0\n", MAX_THREADS);
    return 2;
  }
  size_t n = (size_t)(mb * 1024 * 1024 / sizeof(float));
  float *a = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  float *b = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  float *c = aligned_alloc(64, (n * sizeof(float) + 63) / 64 * 64);
  if (!a || !b || !c) {
    fprintf(stderr, "bench_stream: out of memory for 3 x %.0f MiB\n", mb);
    return 1;
  }
  slice_t slices[MAX_THREADS];
  for (int t = 0; t < threads; ++t)
    slices[t] = (slice_t){a, b, c, n * (size_t)t / (size_t)threads,
                          n * (size_t)(t + 1) / (size_t)threads, 0, 0.0};
  pass(slices, threads, 0);
  double bytes = (double)n * sizeof(float);
  double tb, tm, rb, rm;
  measure(slices, threads, 1, 3 * bytes, seconds, &tb, &tm);
  measure(slices, threads, 2, bytes, seconds, &rb, &rm);
  double sum = 0;
  for (int t = 0; t < threads; ++t)
    sum += slices[t].sum;
  printf("stream threads=%d triad best %.2f GB/s median %.2f GB/s  read best %.2f GB/s "
         "median %.2f GB/s  (%.0f MiB arrays, check %.0f)\n",
         threads, tb, tm, rb, rm, mb, sum > 0 ? 1.0 : 0.0);
  free(a);
  free(b);
  free(c);
  return 0;
}
