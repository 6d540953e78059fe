/* Calls the AOT-compiled string_model.mlir (test/examples/aot-strings.test):
 * floats to strings and back, and StringNormalizer, from a plain C program
 * linked only with the generated library (which brings libstrata for the
 * string kernels). Prints each result. */
#include <stdio.h>

#include "string_model.h"

int main(void) {
  float x[4] = {0.9767611f, 1.0f, -2.5f, 1e-5f};
  int64_t text[4], words[4];
  double back[4];
  const char *in_words[4] = {"Monday", "tuesday", "monday", "Friday"};
  for (int i = 0; i < 4; ++i)
    words[i] = (int64_t)(intptr_t)in_words[i];
  int64_t kept[2];
  strata_memref_1d_f32 xin = {x, x, 0, {4}, {1}};
  strata_memref_1d_string win = {words, words, 0, {4}, {1}};
  strata_memref_1d_string r0 = {text, text, 0, {4}, {1}};
  strata_memref_1d_f64 r1 = {back, back, 0, {4}, {1}};
  strata_memref_1d_string r2 = {kept, kept, 0, {2}, {1}};
  _mlir_ciface_main(&xin, &win, &r0, &r1, &r2);
  for (int i = 0; i < 4; ++i)
    printf("%s -> %g\n", (const char *)(intptr_t)text[i], back[i]);
  for (int i = 0; i < 2; ++i)
    printf("kept %s\n", (const char *)(intptr_t)kept[i]);
  return 0;
}
