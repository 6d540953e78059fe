/* Tuning test: te-apply-tuned refuses records whose task text differs from
 * the kernel's. The database of test/passes/te/te-apply-tuned.mlir is
 * imported, then this program rewrites the canonical text stored with each
 * task key (as a database written by a tool with another canonical form
 * would hold, or an xxHash64 collision): the keys still match the kernels,
 * the texts do not. Each kernel with such records gets a remark saying so
 * and the default schedule; nothing is applied. */
// RUN: rm -f %t.db %t.db-wal %t.db-shm
// RUN: strata-tune import %t.db %S/Inputs/apply-tuned.jsonl > /dev/null
// RUN: tuning-apply_tuned_stale %t.db | FileCheck %s --check-prefix=FORGE
// RUN: strata-opt %S/../passes/te/te-apply-tuned.mlir --pass-pipeline='builtin.module(te-apply-tuned{db=%t.db target=strata-test})' > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// FORGE: rewrote 1 task texts
// The default (first) choices, not the records' mc [8], kc [32]:
// CHECK-LABEL: func.func @tuned
// CHECK: name = "mm", reduce_extents = array<i64: 96>, schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "r0", factors = array<i64: 96>, prim = "split"}
// CHECK-LABEL: func.func @renamed
// CHECK: name = "other", reduce_extents = array<i64: 96>, schedule = [{axis = "i", factors = array<i64: 16>, prim = "split"}, {axis = "k", factors = array<i64: 96>, prim = "split"}
// DIAG: te-apply-tuned.mlir:{{[0-9]+}}:8: remark: te-apply-tuned: 8 records under the task key of mm 32x48 r96 f32 (task {{[0-9a-f]+}} on 'strata-test') were made for another kernel: the task text stored with the key differs from this kernel's (an xxHash64 collision or a stale database); refused: default schedule
// DIAG: te-apply-tuned.mlir:{{[0-9]+}}:8: remark: te-apply-tuned: 8 records under the task key of other 32x48 r96 f32
// DIAG: warning: te-apply-tuned: 3 of 3 kernels have no tuning record in '{{.*}}.db' and use the default schedule: mm 32x48 r96 f32, other 32x48 r96 f32, mm2 16x48 r96 f32
#include <sqlite3.h>
#include <stdio.h>

int main(int argc, char **argv) {
  sqlite3 *db = NULL;
  if (argc != 2 || sqlite3_open(argv[1], &db) != SQLITE_OK)
    return 2;
  char *msg = NULL;
  if (sqlite3_exec(db,
                   "UPDATE tasks SET canonical_text = replace(canonical_text, 'arith.mulf', "
                   "'arith.addf') WHERE target = 'strata-test'",
                   NULL, NULL, &msg) != SQLITE_OK) {
    printf("FAILED: %s\n", msg);
    return 1;
  }
  printf("rewrote %d task texts\n", sqlite3_changes(db));
  sqlite3_close(db);
  return 0;
}
