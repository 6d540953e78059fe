/* Helpers shared by the tuning test programs; see tuning_test.h. */
#include "tuning_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strata/strata.h"

_Noreturn void tt_die(const char *what, char *error) {
  printf("FAILED %s: %s\n", what, error ? error : "?");
  exit(1);
}

char *tt_path(const char *base, const char *suffix) {
  static char buf[8][4096];
  static int next;
  char *p = buf[next++ % 8];
  snprintf(p, sizeof buf[0], "%s.%s", base, suffix);
  return p;
}

strata_tuning_db_t *tt_open_db(const char *path) {
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(path, &error);
  if (!db)
    tt_die("open", error);
  return db;
}

long long tt_count(strata_tuning_db_t *db, const strata_tuning_task_t *t) {
  char *error = NULL;
  long long n = strata_tuning_db_count(db, t ? t->key : 0, t ? t->target : NULL, &error);
  if (n < 0)
    tt_die("count", error);
  return n;
}

void tt_export(strata_tuning_db_t *db, const char *file, int64_t *invalid) {
  char *error = NULL;
  FILE *out = fopen(file, "w");
  if (!out || !strata_tuning_db_export_jsonl(db, out, invalid, &error))
    tt_die("export", error);
  fclose(out);
}

void tt_import(strata_tuning_db_t *db, const char *what, const char *file, const char *text,
               const char *from) {
  char *error = NULL;
  int64_t added = -1, skipped = -1;
  FILE *in = text ? fmemopen((void *)text, strlen(text), "r") : fopen(file, "r");
  if (!in)
    tt_die("open import", NULL);
  if (strata_tuning_db_import_jsonl(db, in, &added, &skipped, &error)) {
    printf("%s: added %lld skipped %lld\n", what, (long long)added, (long long)skipped);
  } else {
    const char *tail = from ? strstr(error, from) : NULL;
    printf("%s: %s\n", what, tail ? tail : error);
    free(error);
  }
  fclose(in);
}

/* The matmul kernel's text, n and the schedule filled in. */
static char *matmul_text(int n, bool knobs) {
  static const char schedule[] =
      ",\n      schedule = [{prim = \"reorder\", order = {knob = \"order\", choices = [\n"
      "        [\"d0\", \"r0\", \"d1\"], [\"d1\", \"r0\", \"d0\"]]}},\n"
      "        {prim = \"vectorize\", axis = \"d1\", enabled = {knob = \"mark\", choices = [true, "
      "false]}}]";
  static char text[4096];
  snprintf(text, sizeof text,
           "func.func @mm(%%a: tensor<%1$dx%1$dxf32>, %%b: tensor<%1$dx%1$dxf32>) -> "
           "tensor<%1$dx%1$dxf32> {\n"
           "  %%c = \"te.compute\"() ({\n"
           "  ^bb0(%%i: index, %%j: index, %%k: index):\n"
           "    %%x = \"te.read\"(%%a, %%i, %%k) : (tensor<%1$dx%1$dxf32>, index, index) -> f32\n"
           "    %%y = \"te.read\"(%%b, %%k, %%j) : (tensor<%1$dx%1$dxf32>, index, index) -> f32\n"
           "    %%m = arith.mulf %%x, %%y : f32\n"
           "    gpu.yield %%m : f32\n"
           "  }) {name = \"mm\", reduce_extents = array<i64: %1$d>, combiner = \"add\", "
           "init = 0.0 : f32%2$s}"
           " : () -> tensor<%1$dx%1$dxf32>\n"
           "  return %%c : tensor<%1$dx%1$dxf32>\n"
           "}\n",
           n, knobs ? schedule : "");
  return text;
}

bool tt_matmul_task_init(tt_matmul_task_t *t, int n, bool knobs, const char *pipeline) {
  strata_register_all_passes();
  t->ctx = strata_context_create();
  t->module = strata_parse_module(t->ctx, mlirStringRefCreateFromCString(matmul_text(n, knobs)),
                                  mlirStringRefCreateFromCString("mm.mlir"));
  if (mlirOperationIsNull(t->module) ||
      (pipeline && mlirLogicalResultIsFailure(strata_run_pipeline(t->module, pipeline))))
    return false;
  MlirOperation func = mlirBlockGetFirstOperation(
      mlirRegionGetFirstBlock(mlirOperationGetRegion(t->module, 0)));
  MlirOperation compute =
      mlirBlockGetFirstOperation(mlirRegionGetFirstBlock(mlirOperationGetRegion(func, 0)));
  char *error = NULL;
  if (!strata_te_task_init(&t->task, compute, "test", &error)) {
    printf("error: %s\n", error);
    free(error);
    return false;
  }
  return true;
}

void tt_matmul_task_clear(tt_matmul_task_t *t) {
  strata_te_task_clear(&t->task);
  mlirOperationDestroy(t->module);
  mlirContextDestroy(t->ctx);
}
