/* The host's roofline (see roofline.h): peak vector operation rate and
 * write bandwidth, measured on this host, and the least time a kernel can
 * take by them. */
#include "tuning/roofline.h"

#include <stdlib.h>
#include <string.h>

#include "tuning/measure.h"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define STRATA_ROOFLINE_X86 1
#endif

enum { CHAINS = 12, ITERATIONS = 16384, RUNS = 7 };

/* CHAINS independent accumulators, named so that they stay in registers
 * (an array would be kept on the stack). */
#define FMA_CHAINS(T, SET1, FMA)                                                                \
  T a = SET1(0.999f), b = SET1(1e-3f);                                                        \
  T c0 = SET1(0), c1 = SET1(1), c2 = SET1(2), c3 = SET1(3), c4 = SET1(4), c5 = SET1(5);       \
  T c6 = SET1(6), c7 = SET1(7), c8 = SET1(8), c9 = SET1(9), c10 = SET1(10), c11 = SET1(11);   \
  for (int i = 0; i < ITERATIONS; ++i) {                                                      \
    c0 = FMA(c0, a, b), c1 = FMA(c1, a, b), c2 = FMA(c2, a, b), c3 = FMA(c3, a, b);           \
    c4 = FMA(c4, a, b), c5 = FMA(c5, a, b), c6 = FMA(c6, a, b), c7 = FMA(c7, a, b);           \
    c8 = FMA(c8, a, b), c9 = FMA(c9, a, b), c10 = FMA(c10, a, b), c11 = FMA(c11, a, b);       \
  }

#ifdef STRATA_ROOFLINE_X86
__attribute__((target("avx512f"))) static float fma_avx512(void) {
  FMA_CHAINS(__m512, _mm512_set1_ps, _mm512_fmadd_ps)
  __m512 s = _mm512_add_ps(_mm512_add_ps(_mm512_add_ps(c0, c1), _mm512_add_ps(c2, c3)),
                           _mm512_add_ps(_mm512_add_ps(c4, c5), _mm512_add_ps(c6, c7)));
  s = _mm512_add_ps(s, _mm512_add_ps(_mm512_add_ps(c8, c9), _mm512_add_ps(c10, c11)));
  return _mm512_reduce_add_ps(s);
}

__attribute__((target("avx2,fma"))) static float fma_avx2(void) {
  FMA_CHAINS(__m256, _mm256_set1_ps, _mm256_fmadd_ps)
  __m256 s = _mm256_add_ps(_mm256_add_ps(_mm256_add_ps(c0, c1), _mm256_add_ps(c2, c3)),
                           _mm256_add_ps(_mm256_add_ps(c4, c5), _mm256_add_ps(c6, c7)));
  s = _mm256_add_ps(s, _mm256_add_ps(_mm256_add_ps(c8, c9), _mm256_add_ps(c10, c11)));
  float out[8], sum = 0;
  _mm256_storeu_ps(out, s);
  for (int i = 0; i < 8; ++i)
    sum += out[i];
  return sum;
}
#endif

/* Without a known vector ISA: scalar multiply-adds in independent chains
 * (the compiler may vectorize them; the bound only needs to be an upper
 * bound of what a kernel reaches, and kernels use the same compiler). */
static float scalar_set1(float x) { return x; }
static float scalar_fma(float c, float a, float b) { return c * a + b; }
static float fma_scalar(void) {
  FMA_CHAINS(float, scalar_set1, scalar_fma)
  return c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7 + c8 + c9 + c10 + c11;
}

/* The widest FMA loop of this CPU and its lanes. */
static float (*pick_loop(int *lanes))(void) {
#ifdef STRATA_ROOFLINE_X86
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return *lanes = 16, fma_avx512;
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma"))
    return *lanes = 8, fma_avx2;
#endif
  /* Scalar code may be vectorized by up to 16 lanes: count it so. */
  return *lanes = 16, fma_scalar;
}

static volatile float sink;

double strata_roofline_peak_ops(void) {
  static double peak;
  if (peak > 0)
    return peak;
  int lanes = 1;
  float (*loop)(void) = pick_loop(&lanes);
  double best = 0;
  for (int r = 0; r < RUNS; ++r) {
    double start = strata_measure_now();
    sink = loop();
    double t = strata_measure_now() - start;
    double rate = t > 0 ? (double)CHAINS * ITERATIONS * lanes / t : 0;
    best = rate > best ? rate : best;
  }
  return peak = best;
}

/* Size classes 2^12 .. 2^30 bytes (smaller buffers count as 4 KiB, larger
 * as 1 GiB: the rate only falls with size, so both stay upper bounds). */
enum { MIN_CLASS = 12, MAX_CLASS = 30 };

double strata_roofline_write_bandwidth(size_t bytes) {
  static double rates[MAX_CLASS + 1];
  int cls = MIN_CLASS;
  while (cls < MAX_CLASS && ((size_t)1 << cls) < bytes)
    ++cls;
  if (rates[cls] > 0)
    return rates[cls];
  size_t size = (size_t)1 << cls;
  /* Large classes are measured on at most 64 MiB (well past any cache). */
  if (size > ((size_t)64 << 20))
    size = (size_t)64 << 20;
  unsigned char *buf = malloc(size);
  if (!buf)
    return 0; /* no bound */
  memset(buf, 1, size); /* fault the pages in */
  int reps = (int)(((size_t)8 << 20) / size);
  reps = reps < 1 ? 1 : reps;
  double best = 0;
  for (int r = 0; r < RUNS; ++r) {
    double start = strata_measure_now();
    for (int i = 0; i < reps; ++i) {
      memset(buf, r + i, size);
      sink = buf[(size_t)i % size];
    }
    double t = strata_measure_now() - start;
    double rate = t > 0 ? (double)size * reps / t : 0;
    best = rate > best ? rate : best;
  }
  free(buf);
  return rates[cls] = best;
}

double strata_roofline_min_seconds(double ops, double bytes, int threads) {
  double n = threads > 1 ? threads : 1, bound = 0;
  double peak = ops > 0 ? strata_roofline_peak_ops() : 0;
  if (peak > 0)
    bound = ops / (peak * n);
  double bandwidth = bytes > 0 ? strata_roofline_write_bandwidth((size_t)bytes) : 0;
  if (bandwidth > 0 && bytes / (bandwidth * n) > bound)
    bound = bytes / (bandwidth * n);
  return bound / STRATA_ROOFLINE_SLACK;
}
