/* C API test: the public header is enough to create a context with
 * Strata's dialects, register and list passes, validate pass options,
 * verify IR (IRDL + C checks, with located diagnostics) and run a pipeline.
 */
// RUN: capi-strata_api 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/diagnostics.h"
#include "strata/pass.h"
#include "strata/strata.h"

#include "passes/te/te_tuning_passes.h"

static void print_str(MlirStringRef s, void *user) {
  (void)user;
  fwrite(s.data, 1, s.length, stdout);
}

static MlirLogicalResult print_diag(MlirDiagnostic d, void *user) {
  (void)user;
  printf("diagnostic: ");
  mlirDiagnosticPrint(d, print_str, NULL);
  printf("\n");
  return mlirLogicalResultSuccess();
}

static MlirOperation parse(MlirContext ctx, const char *text) {
  return strata_parse_module(ctx, mlirStringRefCreateFromCString(text),
                             mlirStringRefCreateFromCString("test.mlir"));
}

int main(void) {
  strata_register_all_passes();
  strata_register_all_passes(); /* idempotent */
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    return 1;
  mlirContextAttachDiagnosticHandler(ctx, print_diag, NULL, NULL);

  // CHECK: dialects loaded: graph=1 te=1 tir=1 hwi=1
  const char *names[] = {"graph", "te", "tir", "hwi"};
  printf("dialects loaded:");
  for (int i = 0; i < 4; ++i) {
    MlirDialect d = mlirContextGetOrLoadDialect(ctx, mlirStringRefCreateFromCString(names[i]));
    printf(" %s=%d", names[i], !mlirDialectIsNull(d));
  }
  printf("\n");

  // CHECK: pass: strata-dce anchored on builtin.module
  for (size_t i = 0; i < strata_pass_count(); ++i)
    printf("pass: %s anchored on %s\n", strata_pass_at(i)->argument, strata_pass_at(i)->anchor);
  // CHECK: lookup missing: 1
  printf("lookup missing: %d\n", strata_pass_lookup("no-such-pass") == NULL);

  // CHECK: bad option: unknown option 'depth' for pass 'strata-dce' (known options: none)
  char *error = NULL;
  MlirPass bad = strata_pass_create(strata_pass_lookup("strata-dce"), "depth=3", &error);
  printf("bad option: %s (null=%d)\n", error, bad.ptr == NULL);
  free(error);

  // Dead Strata ops are removed; the used one stays.
  // CHECK: dce: ok
  // CHECK: func.func @main
  // CHECK-NEXT: %[[R:.*]] = "graph.relu"(%arg0)
  // CHECK-NEXT: return %[[R]]
  MlirOperation m = parse(ctx, "func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n"
                               "  %0 = \"graph.relu\"(%x) : (tensor<4xf32>) -> tensor<4xf32>\n"
                               "  %1 = \"graph.exp\"(%0) : (tensor<4xf32>) -> tensor<4xf32>\n"
                               "  return %0 : tensor<4xf32>\n}\n");
  printf("dce: %s\n", mlirLogicalResultIsSuccess(strata_verify(m)) &&
                              mlirLogicalResultIsSuccess(
                                  strata_run_pipeline(m, "builtin.module(strata-dce)"))
                          ? "ok"
                          : "failed");
  mlirOperationPrint(m, print_str, NULL);
  printf("\n");
  mlirOperationDestroy(m);

  // The C checks run through strata_verify and report with the op's name.
  // CHECK: diagnostic: 'graph.matmul' op
  // CHECK: verify bad matmul: failed
  m = parse(ctx, "func.func @bad(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<2x5xf32> {\n"
                 "  %0 = \"graph.matmul\"(%a, %b) : (tensor<2x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>\n"
                 "  return %0 : tensor<2x5xf32>\n}\n");
  printf("verify bad matmul: %s\n",
         !mlirOperationIsNull(m) && mlirLogicalResultIsSuccess(strata_verify(m)) ? "ok" : "failed");
  if (!mlirOperationIsNull(m))
    mlirOperationDestroy(m);

  // A bad pipeline is reported as a diagnostic, not a crash.
  // CHECK: diagnostic: invalid pass pipeline 'builtin.module(nope)'
  // CHECK: bad pipeline: failed
  m = parse(ctx, "func.func @f() { return }");
  printf("bad pipeline: %s\n",
         mlirLogicalResultIsSuccess(strata_run_pipeline(m, "builtin.module(nope)")) ? "ok" : "failed");
  mlirOperationDestroy(m);

  // The tools' pipelines: the default one, the tuned one (which parses once
  // the tuning passes' library has added te-apply-tuned: after
  // strata_register_all_passes, it registers it at once), and a database
  // path that cannot be quoted.
  strata_tuning_passes_register();
  // CHECK: default pipeline: builtin.module(strata-graph-to-llvm)
  // CHECK: tuned pipeline: builtin.module(graph-fold-batch-norm,graph-recognize-gelu,graph-fuse,convert-graph-to-te,te-inline,te-epilogue-view,te-default-schedule{knobs=true},te-sketch,te-apply-tuned{db="t.db"},te-pack-constants,convert-te-to-tir,tir-apply-schedule,tir-fuse-epilogue,tir-product-in-place,tir-sink-init,tir-sink-epilogue,tir-compact-buffers,strata-outline-kernels,strata-lower-to-llvm)
  // CHECK: tuned pipeline parses: 1
  // CHECK: unquotable path: null
  char *text = strata_pipeline_to_llvm(NULL);
  printf("default pipeline: %s\n", text);
  free(text);
  text = strata_pipeline_to_llvm("t.db");
  printf("tuned pipeline: %s\n", text);
  m = parse(ctx, "func.func @f() { return }");
  MlirPassManager pm = strata_pass_manager_create(m, text);
  printf("tuned pipeline parses: %d\n", !mlirPassManagerIsNull(pm));
  if (!mlirPassManagerIsNull(pm))
    mlirPassManagerDestroy(pm);
  mlirOperationDestroy(m);
  free(text);
  text = strata_pipeline_to_llvm("a}b");
  printf("unquotable path: %s\n", text ? text : "null");
  free(text);

  // The IRDL text handed to upstream tools is the one loaded here.
  // CHECK: irdl source mentions graph: 1
  printf("irdl source mentions graph: %d\n",
         strstr(strata_dialects_irdl_source(), "irdl.dialect @graph") != NULL);

  mlirContextDestroy(ctx);
  return 0;
}
