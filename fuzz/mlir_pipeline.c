/* Fuzz target: MLIR text at any Strata stage, as strata-opt, strata-run and
 * strata-compile read it. The input is parsed (strata_parse_module),
 * verified (strata_verify) and, when valid, lowered with the default
 * pipeline builtin.module(strata-graph-to-llvm); the result is not run.
 *
 * Budget: inputs over MAX_TEXT bytes are skipped (libFuzzer's -max_len
 * should be the same), and so are modules holding a tensor, memref or
 * vector type of more than MAX_ELEMENTS elements: compiling those is
 * legitimately slow (constant folding, unrolled vectors), not a bug this
 * harness looks for. Text that reaches MLIR 22's own parser crash on dense
 * arrays of index is skipped too (fuzz_hits_upstream_parser_bug). Seeds: the .mlir files under test/ and examples/ (split
 * at "// -----"), see make_corpus.py. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz/fuzz_common.h"
#include "strata/strata.h"

enum { MAX_TEXT = 4096, MAX_ELEMENTS = 1 << 16 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > MAX_TEXT)
    return 0;
  MlirContext ctx = fuzz_context();
  /* MLIR's lexer stops at a NUL after the text: every tool passes one. */
  char *copy = malloc(size + 1);
  memcpy(copy, data, size);
  copy[size] = '\0';
  if (fuzz_hits_upstream_parser_bug(copy, size)) {
    free(copy);
    return 0;
  }
  MlirOperation module = strata_parse_module(ctx, (MlirStringRef){copy, size},
                                             mlirStringRefCreateFromCString("fuzz"));
  free(copy);
  if (mlirOperationIsNull(module))
    return 0;
  if (fuzz_types_within(module, MAX_ELEMENTS) &&
      mlirLogicalResultIsSuccess(strata_verify(module)))
    (void)strata_run_pipeline(module, "builtin.module(strata-graph-to-llvm)");
  mlirOperationDestroy(module);
  return 0;
}
