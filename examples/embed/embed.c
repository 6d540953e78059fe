/* Embedding example: a C program that uses Strata as a library — creates a
 * context with Strata's dialects, registers the passes, parses a small
 * graph-dialect module, runs a pipeline mixing Strata and upstream passes,
 * and prints the result. Build against find_package(Strata). */
#include <stdio.h>

#include "strata/strata.h"

static const char *const model =
    "func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {\n"
    "  %0 = \"graph.relu\"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  %1 = \"graph.relu\"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>\n"
    "  return %0 : tensor<2x3xf32>\n"
    "}\n";

static void print_to_stdout(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

int main(int argc, char **argv) {
  const char *pipeline = argc > 1 ? argv[1] : "builtin.module(strata-dce,func.func(canonicalize))";
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    return 1;
  MlirModule module = mlirModuleCreateParse(ctx, mlirStringRefCreateFromCString(model));
  if (mlirModuleIsNull(module)) {
    mlirContextDestroy(ctx);
    return 1;
  }
  MlirOperation op = mlirModuleGetOperation(module);
  int rc = 0;
  if (mlirLogicalResultIsFailure(strata_verify(op)) ||
      mlirLogicalResultIsFailure(strata_run_pipeline(op, pipeline))) {
    fprintf(stderr, "embed: pipeline failed\n");
    rc = 1;
  } else {
    mlirOperationPrint(op, print_to_stdout, NULL);
    printf("\n");
  }
  mlirModuleDestroy(module);
  mlirContextDestroy(ctx);
  return rc;
}
