/* C API test: the string runtime that compiled code calls. Interning
 * (equal contents, one pointer), number -> string in NumPy's spelling,
 * string -> number, the string constants kernel and StringNormalizer
 * through their memref descriptors, and the kernel symbol table. */
// RUN: capi-string_kernels 2>&1 | FileCheck %s
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "runtime/string_kernels.h"
#include "runtime/string_table.h"

static void show(const char *label, int64_t h) {
  printf("%s: [%s]\n", label, strata_string_of_handle(h));
}

static strata_memref_i64_t i64_memref(int64_t *data, int64_t size) {
  return (strata_memref_i64_t){data, data, 0, size, 1};
}

static strata_memref_i8_t i8_memref(const char *data, int64_t size) {
  return (strata_memref_i8_t){(int8_t *)data, (int8_t *)data, 0, size, 1};
}

static int64_t handle_of(const char *s) {
  return strata_string_handle(strata_string_intern(s, strlen(s)));
}

/* Runs StringNormalizer on the n inputs (the stopwords as sizeof-counted
 * bytes) into an output of out_size and prints it. */
static void normalize(const char *label, const char *const *inputs, int64_t n,
                      const char *stop, int64_t stop_size, int64_t flags, int64_t out_size) {
  int64_t in_data[8], out_data[8];
  for (int64_t k = 0; k < n; ++k)
    in_data[k] = handle_of(inputs[k]);
  for (int64_t k = 0; k < out_size; ++k)
    out_data[k] = -1;
  strata_memref_i64_t in = i64_memref(in_data, n), out = i64_memref(out_data, out_size);
  strata_memref_i8_t stopwords = i8_memref(stop, stop_size);
  fflush(stdout); /* keep stdout and stderr in order through 2>&1 */
  _mlir_ciface_strata_string_normalizer(&in, &stopwords, flags, &out);
  printf("%s:", label);
  for (int64_t k = 0; k < out_size; ++k)
    printf(" [%s]", strata_string_of_handle(out_data[k]));
  printf("\n");
}

int main(void) {
  // CHECK: f32 0.9767611: [0.9767611]
  show("f32 0.9767611", strata_string_from_f64(0.9767611f, 0));
  // CHECK: f32 0.039187793: [0.039187793]
  show("f32 0.039187793", strata_string_from_f64(0.039187793f, 0));
  // CHECK: f32 1: [1.0]
  show("f32 1", strata_string_from_f64(1.0f, 0));
  // CHECK: f32 100: [100.0]
  show("f32 100", strata_string_from_f64(100.0f, 0));
  // CHECK: f32 1e-5: [1e-05]
  show("f32 1e-5", strata_string_from_f64(1e-5f, 0));
  // CHECK: f32 1.5e-5: [1.5e-05]
  show("f32 1.5e-5", strata_string_from_f64(1.5e-5f, 0));
  /* float32(1e-4) is just below 1e-4: NumPy (which compares with 1e-4 in
   * long double) shows it in scientific notation; the f64 and f16 values
   * nearest 1e-4 are at or above it. */
  // CHECK: f32 1e-4: [1e-04]
  show("f32 1e-4", strata_string_from_f64(1e-4f, 0));
  // CHECK: f64 1e-4: [0.0001]
  show("f64 1e-4", strata_string_from_f64(1e-4, 1));
  // CHECK: f16 1e-4: [0.0001]
  show("f16 1e-4", strata_string_from_f64(1e-4, 2));
  // CHECK: f32 -2.5: [-2.5]
  show("f32 -2.5", strata_string_from_f64(-2.5f, 0));
  // CHECK: f32 1e16: [1e+16]
  show("f32 1e16", strata_string_from_f64(1e16f, 0));
  // CHECK: f32 0: [0.0]
  show("f32 0", strata_string_from_f64(0.0f, 0));
  // CHECK: f32 -0: [-0.0]
  show("f32 -0", strata_string_from_f64(-0.0f, 0));
  // CHECK: f32 nan: [nan]
  show("f32 nan", strata_string_from_f64(NAN, 0));
  // CHECK: f32 -inf: [-inf]
  show("f32 -inf", strata_string_from_f64(-INFINITY, 0));
  // CHECK: f32 inf: [inf]
  show("f32 inf", strata_string_from_f64(INFINITY, 0));
  // CHECK: f32 max: [3.4028235e+38]
  show("f32 max", strata_string_from_f64(FLT_MAX, 0));
  // CHECK: f64 0.1: [0.1]
  show("f64 0.1", strata_string_from_f64(0.1, 1));
  // CHECK: f64 1/3: [0.3333333333333333]
  show("f64 1/3", strata_string_from_f64(1 / 3.0, 1));
  // CHECK: f64 1e-300: [1e-300]
  show("f64 1e-300", strata_string_from_f64(1e-300, 1));
  // CHECK: f64 123456789.125: [123456789.125]
  show("f64 123456789.125", strata_string_from_f64(123456789.125, 1));
  // CHECK: f16 0.1: [0.1]
  show("f16 0.1", strata_string_from_f64(0.1, 2));
  // CHECK: f16 65504: [65500.0]
  show("f16 65504", strata_string_from_f64(65504.0, 2));
  // CHECK: f16 1/3: [0.3333]
  show("f16 1/3", strata_string_from_f64(1 / 3.0, 2));
  // CHECK: f16 6e-8: [6e-08]
  show("f16 6e-8", strata_string_from_f64(0x1p-24, 2));

  // CHECK: i64 -42: [-42]
  show("i64 -42", strata_string_from_i64(-42, 0));
  // CHECK: u64 -1: [18446744073709551615]
  show("u64 -1", strata_string_from_i64(-1, 1));
  // CHECK: bool 5: [True]
  show("bool 5", strata_string_from_i64(5, 2));
  // CHECK: bool 0: [False]
  show("bool 0", strata_string_from_i64(0, 2));

  const char *to_f64[] = {"0.47892547", "INF", "+INF", "-INF", "NaN", " 2.5 ",
                          "Infinity",   "abc", "",     "2.5x"};
  // CHECK: to_f64 [0.47892547]: 0.47892547
  // CHECK: to_f64 [INF]: inf
  // CHECK: to_f64 [+INF]: inf
  // CHECK: to_f64 [-INF]: -inf
  // CHECK: to_f64 [NaN]: nan
  // CHECK: to_f64 [ 2.5 ]: 2.5
  // CHECK: to_f64 [Infinity]: inf
  // CHECK: to_f64 [abc]: nan
  // CHECK: to_f64 []: nan
  // CHECK: to_f64 [2.5x]: nan
  for (size_t i = 0; i < sizeof to_f64 / sizeof to_f64[0]; ++i)
    printf("to_f64 [%s]: %.8g\n", to_f64[i], strata_string_to_f64(handle_of(to_f64[i])));
  // CHECK: to_f64 of handle 0: nan
  printf("to_f64 of handle 0: %g\n", strata_string_to_f64(0));

  const char *to_i64[] = {"42", "-7", "2.7", "-2.7", "True", "False", " 13 ", "1e30", "x", ""};
  // CHECK: to_i64 [42]: 42
  // CHECK: to_i64 [-7]: -7
  // CHECK: to_i64 [2.7]: 2
  // CHECK: to_i64 [-2.7]: -2
  // CHECK: to_i64 [True]: 1
  // CHECK: to_i64 [False]: 0
  // CHECK: to_i64 [ 13 ]: 13
  // CHECK: to_i64 [1e30]: 9223372036854775807
  // CHECK: to_i64 [x]: 0
  // CHECK: to_i64 []: 0
  for (size_t i = 0; i < sizeof to_i64 / sizeof to_i64[0]; ++i)
    printf("to_i64 [%s]: %lld\n", to_i64[i], (long long)strata_string_to_i64(handle_of(to_i64[i])));

  /* Interning: equal contents from different buffers give one pointer. */
  char a[] = "hello world", b[] = "hello world!";
  const char *pa = strata_string_intern(a, 11), *pb = strata_string_intern(b, 11);
  const char *pc = strata_string_intern(b, 12);
  // CHECK: intern same: 1 different: 1 copy: 1 text: [hello world]
  printf("intern same: %d different: %d copy: %d text: [%s]\n", pa == pb, pa != pc,
         pa != a && pa != b, pa);
  // CHECK: intern empty: [] handle 0: 1 handle round trip: 1
  printf("intern empty: [%s] handle 0: %d handle round trip: %d\n", strata_string_intern(NULL, 0),
         strata_string_handle(strata_string_intern("", 0)) == 0,
         strata_string_of_handle(strata_string_handle(pc)) == pc);
  // CHECK: from_f64 interned: 1
  printf("from_f64 interned: %d\n", strata_string_from_f64(2.5, 1) == handle_of("2.5"));
  /* Many strings: the table grows and keeps every pointer. */
  const char *first = strata_string_intern("key 0", 5);
  int stable = 1;
  for (int i = 0; i < 5000; ++i) {
    char key[32];
    int n = snprintf(key, sizeof key, "key %d", i);
    const char *p = strata_string_intern(key, (size_t)n);
    stable &= strcmp(p, key) == 0 && strata_string_intern(key, (size_t)n) == p;
  }
  // CHECK: grown: stable 1 first kept 1
  printf("grown: stable %d first kept %d\n", stable, strata_string_intern("key 0", 5) == first);

  /* Constants: NUL-terminated strings back to back; out past the end is "". */
  static const char bytes[] = "alpha\0\0gamma";
  int64_t consts[4] = {-1, -1, -1, -1};
  strata_memref_i8_t cb = i8_memref(bytes, sizeof bytes);
  strata_memref_i64_t co = i64_memref(consts, 4);
  _mlir_ciface_strata_string_constants(&cb, &co);
  // CHECK: constants: [alpha] [] [gamma] [] interned 1 empty 0 0
  printf("constants: [%s] [%s] [%s] [%s] interned %d empty %lld %lld\n",
         strata_string_of_handle(consts[0]), strata_string_of_handle(consts[1]),
         strata_string_of_handle(consts[2]), strata_string_of_handle(consts[3]),
         consts[0] == handle_of("alpha"), (long long)consts[1], (long long)consts[3]);
  /* A strided output descriptor. */
  int64_t strided[4] = {-1, -1, -1, -1};
  strata_memref_i64_t so = {strided, strided, 1, 2, 2};
  _mlir_ciface_strata_string_constants(&cb, &so);
  // CHECK: strided constants: -1 [alpha] -1 []
  printf("strided constants: %lld [%s] %lld [%s]\n", (long long)strided[0],
         strata_string_of_handle(strided[1]), (long long)strided[2],
         strata_string_of_handle(strided[3]));

  static const char monday[] = "monday";
  const char *days[] = {"monday", "tuesday", "wednesday", "thursday"};
  // CHECK: lower sensitive: [tuesday] [wednesday] [thursday]
  normalize("lower sensitive", days, 4, monday, sizeof monday,
            STRATA_STRING_CASE_LOWER | STRATA_STRING_CASE_SENSITIVE, 3);
  const char *mixed[] = {"Monday", "tuesday"};
  // CHECK: upper insensitive: [TUESDAY]
  normalize("upper insensitive", mixed, 2, monday, sizeof monday, STRATA_STRING_CASE_UPPER, 1);
  // CHECK: mixed sensitive kept: [Monday] [tuesday]
  normalize("mixed sensitive kept", mixed, 2, monday, sizeof monday,
            STRATA_STRING_CASE_NONE | STRATA_STRING_CASE_SENSITIVE, 2);
  const char *twice[] = {"monday", "monday"};
  // CHECK: none kept: []
  normalize("none kept", twice, 2, monday, sizeof monday,
            STRATA_STRING_CASE_UPPER | STRATA_STRING_CASE_SENSITIVE, 1);
  const char *with_empty[] = {"", "Zürich", "x"};
  static const char stop2[] = "x\0";
  // CHECK: empty stopword, no case: [Zürich]
  normalize("empty stopword, no case", with_empty, 3, stop2, sizeof stop2,
            STRATA_STRING_CASE_NONE | STRATA_STRING_CASE_SENSITIVE, 1);
  // CHECK: ascii only: [ZüRICH]
  normalize("ascii only", with_empty + 1, 1, "", 0, STRATA_STRING_CASE_UPPER, 1);
  // CHECK: strata: StringNormalizer kept 3 strings but the output was compiled for 2 (its size is fixed at import time from the input's value)
  // CHECK-NEXT: too small: [tuesday] [wednesday]
  normalize("too small", days, 4, monday, sizeof monday, STRATA_STRING_CASE_NONE, 2);
  // CHECK: strata: StringNormalizer kept 1 strings but the output was compiled for 3
  // CHECK-NEXT: too large: [TUESDAY] [] []
  normalize("too large", mixed, 2, monday, sizeof monday, STRATA_STRING_CASE_UPPER, 3);

  /* The symbol table names each kernel after its C symbol. */
  int count = 0, match = 1;
  for (const strata_kernel_symbol_t *s = strata_string_kernels; s->name; ++s, ++count)
    printf("symbol %s\n", s->name);
  const strata_kernel_symbol_t *t = strata_string_kernels;
  match = t[0].address == (void *)strata_string_from_f64 &&
          t[5].address == (void *)_mlir_ciface_strata_string_normalizer;
  // CHECK: symbol strata_string_from_f64
  // CHECK-NEXT: symbol strata_string_from_i64
  // CHECK-NEXT: symbol strata_string_to_f64
  // CHECK-NEXT: symbol strata_string_to_i64
  // CHECK-NEXT: symbol _mlir_ciface_strata_string_constants
  // CHECK-NEXT: symbol _mlir_ciface_strata_string_normalizer
  // CHECK-NEXT: symbols: 6 addresses match: 1
  printf("symbols: %d addresses match: %d\n", count, match);
  return 0;
}
