/* Model API and the whole-model compile cache (model/model_cached.c): a
 * model compiled once is stored whole; the next compile of the same bytes
 * with the same options maps and links it (strata_model_compiled_from_cache)
 * and gives the same results; other options miss; a model taken from the
 * cache is lowered when exported. Each RUN uses its own cache under %t. */
// RUN: rm -rf %t && mkdir -p %t/a %t/b
// RUN: env XDG_CACHE_HOME=%t/a capi-model_api_cache %strata_src/examples/models %t/a > %t/1.txt 2>&1
// RUN: FileCheck %s --check-prefix=FIRST < %t/1.txt
// FIRST: onnx: from cache 0, checksum {{.*}}, entry cnn_block, x -> y
// FIRST: text: from cache 0, values 0 2 4 6
// FIRST: onnx -O2: from cache 0
// FIRST: onnx no_cache: from cache 0
// FIRST: profile: from cache 0
// The same process hits what it stored (the key does not change once the
// JIT has loaded libomp: only the compiler's own libraries are in it):
// FIRST: onnx again: from cache 1
// FIRST: export: OK
// RUN: python3 %S/../tools/strata-run/Inputs/cache_entries.py list %t/a | FileCheck %s --check-prefix=ENTRY
// ENTRY: {{^[0-9a-f]{16}\.model$}}
// Run again: the same compiles come from the cache (O2 was stored too), not
// with no_cache or profile; a hit exported is lowered then.
// RUN: env XDG_CACHE_HOME=%t/a capi-model_api_cache %strata_src/examples/models %t/a > %t/2.txt 2>&1
// RUN: FileCheck %s --check-prefix=SECOND < %t/2.txt
// SECOND: onnx: from cache 1, checksum
// strata_model_load took the hit before importing: the entry, the input and
// output names came from the entry (as the first run's below):
// SECOND-SAME: entry cnn_block, x -> y
// SECOND: text: from cache 1, values 0 2 4 6
// SECOND: onnx -O2: from cache 1
// SECOND: onnx no_cache: from cache 0
// SECOND: profile: from cache 0
// SECOND: onnx again: from cache 1
// SECOND: export: OK
// RUN: test -s %t/a/cnn_block.so
// Every model entry damaged: rejected, compiled again, same results.
// RUN: python3 %S/../tools/strata-run/Inputs/corrupt_cache.py %t/a --only .model --kind 2
// RUN: env XDG_CACHE_HOME=%t/a capi-model_api_cache %strata_src/examples/models %t/b > %t/3.txt 2>&1
// RUN: FileCheck %s --check-prefix=DAMAGED < %t/3.txt
// The same checksums each time (the cache flag aside):
// RUN: sed -e "s/from cache [01]/from cache -/" %t/1.txt > %t/1.norm
// RUN: sed -e "s/from cache [01]/from cache -/" %t/2.txt > %t/2.norm
// RUN: sed -e "s/from cache [01]/from cache -/" %t/3.txt > %t/3.norm
// RUN: diff %t/1.norm %t/2.norm
// RUN: diff %t/1.norm %t/3.norm
// DAMAGED: onnx: from cache 0, checksum
// DAMAGED: text: from cache 0
// DAMAGED: onnx -O2: from cache 0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/model.h"

static const char doubler[] = "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                              "  %0 = \"graph.add\"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> "
                              "tensor<4xf32>\n"
                              "  return %0 : tensor<4xf32>\n"
                              "}\n";

static bool failed(const char *what, strata_status_t s) {
  if (!s)
    return false;
  printf("%s: %s: %s\n", what, strata_status_code_name(strata_status_code(s)),
         strata_status_message(s));
  strata_status_free(s);
  return true;
}

/* cnn_block.onnx compiled with `o`, run on a fixed input: prints whether
 * it came from the cache and the output's checksum. */
static strata_model_t *onnx_run(const char *label, const char *models,
                                const strata_model_options_t *o) {
  char path[4096];
  snprintf(path, sizeof path, "%s/cnn_block.onnx", models);
  strata_model_t *m = NULL;
  if (failed(label, strata_model_load(path, o, &m)))
    return NULL;
  static float x[1 * 3 * 32 * 32], y[10];
  for (size_t i = 0; i < sizeof x / sizeof x[0]; ++i)
    x[i] = (float)(i % 17) * 0.125f - 1.0f;
  int64_t sx[] = {1, 3, 32, 32}, sy[] = {1, 10};
  strata_tensor_view_t in = {.dtype = STRATA_DTYPE_F32, .rank = 4, .data = x};
  strata_tensor_view_t out = {.dtype = STRATA_DTYPE_F32, .rank = 2, .data = y};
  memcpy(in.shape, sx, sizeof sx);
  memcpy(out.shape, sy, sizeof sy);
  if (failed(label, strata_model_run(m, &in, 1, &out, 1))) {
    strata_model_destroy(m);
    return NULL;
  }
  double sum = 0;
  for (int i = 0; i < 10; ++i)
    sum += y[i] * (i + 1);
  strata_tensor_info_t ai, ao;
  bool named = !strata_model_input_info(m, 0, &ai) && !strata_model_output_info(m, 0, &ao);
  printf("%s: from cache %d, checksum %.5f, entry %s, %s -> %s\n", label,
         strata_model_compiled_from_cache(m), sum, strata_model_entry(m), named ? ai.name : "?",
         named ? ao.name : "?");
  return m;
}

static void text_run(void) {
  strata_model_t *m = NULL;
  if (failed("text",
             strata_model_import_mlir(doubler, strlen(doubler), "doubler.mlir", NULL, &m)) ||
      failed("text", strata_model_compile(m, NULL))) {
    strata_model_destroy(m);
    return;
  }
  float x[4] = {0, 1, 2, 3}, y[4];
  strata_tensor_view_t in = {.dtype = STRATA_DTYPE_F32, .rank = 1, .shape = {4}, .data = x};
  strata_tensor_view_t out = {.dtype = STRATA_DTYPE_F32, .rank = 1, .shape = {4}, .data = y};
  if (!failed("text", strata_model_run(m, &in, 1, &out, 1)))
    printf("text: from cache %d, values %g %g %g %g\n", strata_model_compiled_from_cache(m), y[0],
           y[1], y[2], y[3]);
  strata_model_destroy(m);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: capi-model_api_cache <examples/models> <output dir>\n");
    return 2;
  }
  strata_model_options_t o;
  strata_model_options_init(&o);
  o.threads = 1;
  strata_model_t *m = onnx_run("onnx", argv[1], &o);
  text_run();
  o.opt_level = 2;
  strata_model_destroy(onnx_run("onnx -O2", argv[1], &o));
  o.opt_level = 3;
  o.no_cache = 1;
  strata_model_destroy(onnx_run("onnx no_cache", argv[1], &o));
  o.no_cache = 0;
  o.profile = 1;
  strata_model_destroy(onnx_run("profile", argv[1], &o));
  o.profile = 0;
  strata_model_destroy(onnx_run("onnx again", argv[1], &o));
  if (m) {
    char so[4096];
    snprintf(so, sizeof so, "%s/cnn_block.so", argv[2]);
    if (!failed("export", strata_model_export(m, so, NULL)))
      printf("export: OK\n");
  }
  strata_model_destroy(m);
  return 0;
}
