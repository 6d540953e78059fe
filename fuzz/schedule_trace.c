/* Fuzz target: schedule traces (the `schedule` attribute of te.compute, as
 * tests, te-apply-tuned and tuning databases hold them). The first input
 * byte picks one of three te.compute ops of a fixed module (a matmul with
 * named axes i, j, k; an elementwise producer "sq" with default axes d0, d1;
 * the matmul "mm" it feeds, d0, d1, r0: compute_at and compute_inline
 * have a partner); the rest is the trace text, parsed as an attribute and
 * attached as that op's schedule. The module is then verified
 * (strata_verify: the trace verifier) and lowered with convert-te-to-tir,
 * tir-apply-schedule and strata-lower-to-llvm (not run). Seeds: every
 * `schedule = [...]` in the .mlir tests, with each of the three targets (see
 * make_corpus.py). */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "fuzz/fuzz_common.h"
#include "strata/strata.h"

enum { MAX_TEXT = 4096 };

static const char module_text[] =
    "func.func @named(%a: tensor<37x29xf32>, %b: tensor<29x53xf32>) -> tensor<37x53xf32> {\n"
    "  %c = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%a, %i, %k) : (tensor<37x29xf32>, index, index) -> f32\n"
    "    %y = \"te.read\"(%b, %k, %j) : (tensor<29x53xf32>, index, index) -> f32\n"
    "    %m = arith.mulf %x, %y : f32\n"
    "    gpu.yield %m : f32\n"
    "  }) {name = \"matmul\", reduce_extents = array<i64: 29>, combiner = \"add\",\n"
    "      init = 0.0 : f32, axis_names = [\"i\", \"j\", \"k\"]} : () -> tensor<37x53xf32>\n"
    "  return %c : tensor<37x53xf32>\n"
    "}\n"
    "func.func @pair(%a: tensor<7x13xf32>, %b: tensor<13x5xf32>) -> tensor<7x5xf32> {\n"
    "  %p = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index):\n"
    "    %x = \"te.read\"(%a, %i, %j) : (tensor<7x13xf32>, index, index) -> f32\n"
    "    %y = arith.mulf %x, %x : f32\n"
    "    gpu.yield %y : f32\n"
    "  }) {name = \"sq\", reduce_extents = array<i64>} : () -> tensor<7x13xf32>\n"
    "  %c = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%p, %i, %k) : (tensor<7x13xf32>, index, index) -> f32\n"
    "    %y = \"te.read\"(%b, %k, %j) : (tensor<13x5xf32>, index, index) -> f32\n"
    "    %m = arith.mulf %x, %y : f32\n"
    "    gpu.yield %m : f32\n"
    "  }) {name = \"mm\", reduce_extents = array<i64: 13>, combiner = \"add\",\n"
    "      init = 0.0 : f32} : () -> tensor<7x5xf32>\n"
    "  return %c : tensor<7x5xf32>\n"
    "}\n";

static const char *const targets[] = {"matmul", "sq", "mm"};

typedef struct {
  const char *name;
  MlirOperation found;
} find_t;

static MlirWalkResult find_compute(MlirOperation op, void *user) {
  find_t *f = user;
  MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(op));
  if (kind.length != 10 || memcmp(kind.data, "te.compute", 10))
    return MlirWalkResultAdvance;
  MlirAttribute name = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("name"));
  if (mlirAttributeIsNull(name) || !mlirAttributeIsAString(name))
    return MlirWalkResultAdvance;
  MlirStringRef s = mlirStringAttrGetValue(name);
  if (s.length != strlen(f->name) || memcmp(s.data, f->name, s.length))
    return MlirWalkResultAdvance;
  f->found = op;
  return MlirWalkResultInterrupt;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > MAX_TEXT)
    return 0;
  MlirContext ctx = fuzz_context();
  find_t find = {targets[data[0] % 3], {NULL}};
  /* MLIR's lexer stops at a NUL after the text. */
  char *trace_text = malloc(size);
  memcpy(trace_text, data + 1, size - 1);
  trace_text[size - 1] = '\0';
  if (fuzz_hits_upstream_parser_bug(trace_text, size - 1)) {
    free(trace_text);
    return 0;
  }
  MlirAttribute trace = mlirAttributeParseGet(ctx, (MlirStringRef){trace_text, size - 1});
  free(trace_text);
  if (mlirAttributeIsNull(trace))
    return 0;
  MlirOperation module = strata_parse_module(ctx, mlirStringRefCreateFromCString(module_text),
                                             mlirStringRefCreateFromCString("fixed"));
  if (mlirOperationIsNull(module))
    abort(); /* the fixed module must parse */
  mlirOperationWalk(module, find_compute, &find, MlirWalkPreOrder);
  mlirOperationSetAttributeByName(find.found, mlirStringRefCreateFromCString("schedule"), trace);
  if (mlirLogicalResultIsSuccess(strata_verify(module)))
    (void)strata_run_pipeline(
        module, "builtin.module(convert-te-to-tir,tir-apply-schedule,strata-lower-to-llvm)");
  mlirOperationDestroy(module);
  return 0;
}
