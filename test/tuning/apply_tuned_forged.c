/* Tuning test: te-apply-tuned and records no current writer makes. The
 * database of test/passes/te/te-apply-tuned.mlir is imported, then this
 * program alters it behind the database's back:
 *   stale:   rewrites the canonical text stored with each task key (as a
 *            database written by a tool with another canonical form would
 *            hold, or an xxHash64 collision): the keys still match the
 *            kernels, the texts do not. Each kernel with such records gets
 *            a remark saying so and the default schedule.
 *   invalid: adds a record with a negative latency (as an older file may
 *            hold) for decisions that fit the knobs: it is skipped, the
 *            best valid record still wins. */
// RUN: rm -f %t.db %t.db-wal %t.db-shm %t.neg.db %t.neg.db-wal %t.neg.db-shm
// RUN: strata-tune import %t.db %S/Inputs/apply-tuned.jsonl > /dev/null
// RUN: tuning-apply_tuned_forged stale %t.db | FileCheck %s --check-prefix=FORGE
// RUN: strata-opt %S/../passes/te/te-apply-tuned.mlir --pass-pipeline='builtin.module(te-apply-tuned{db=%t.db target=strata-test})' > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=DIAG < %t.err
// FORGE: rewrote 1 task texts
// The default (first) choices, not the records' mc [8], kc [32]:
// CHECK-LABEL: func.func @tuned
// CHECK: name = "mm", reduce_extents = array<i64: 96>, schedule = [{axis = "d0", factors = array<i64: 16>, prim = "split"}, {axis = "r0", factors = array<i64: 96>, prim = "split"}
// CHECK-LABEL: func.func @renamed
// CHECK: name = "other", reduce_extents = array<i64: 96>, schedule = [{axis = "i", factors = array<i64: 16>, prim = "split"}, {axis = "k", factors = array<i64: 96>, prim = "split"}
// DIAG: te-apply-tuned.mlir:{{[0-9]+}}:8: remark: te-apply-tuned: 9 records under the task key of mm 32x48 r96 f32 (task {{[0-9a-f]+}} on 'strata-test') were made for another kernel: the task text stored with the key differs from this kernel's (an xxHash64 collision or a stale database); refused: default schedule
// DIAG: te-apply-tuned.mlir:{{[0-9]+}}:8: remark: te-apply-tuned: 9 records under the task key of other 32x48 r96 f32
// DIAG: warning: te-apply-tuned: 3 of 3 kernels have no tuning record in '{{.*}}.db' and use the default schedule: mm 32x48 r96 f32, other 32x48 r96 f32, mm2 16x48 r96 f32
//
// RUN: strata-tune import %t.neg.db %S/Inputs/apply-tuned.jsonl > /dev/null
// RUN: tuning-apply_tuned_forged invalid %t.neg.db | FileCheck %s --check-prefix=FORGE-INVALID
// RUN: strata-opt %S/../passes/te/te-apply-tuned.mlir --pass-pipeline='builtin.module(te-apply-tuned{db=%t.neg.db target=strata-test})' 2>/dev/null | FileCheck %s --check-prefix=INVALID
// RUN: strata-tune best %t.neg.db | FileCheck %s --check-prefix=BEST
// FORGE-INVALID: added 1 records
// The records' best, mc [8] kc [32], not the negative latency's mc [4] kc [96]:
// INVALID-LABEL: func.func @tuned
// INVALID: name = "mm", reduce_extents = array<i64: 96>, schedule = [{axis = "d0", factors = array<i64: 8>, prim = "split"}, {axis = "r0", factors = array<i64: 32>, prim = "split"}
// BEST: target 'strata-test': 10 records, 2 errors, 1 invalid latencies (ignored), best 0.2 ms
#include <sqlite3.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
  sqlite3 *db = NULL;
  if (argc != 3 || sqlite3_open(argv[2], &db) != SQLITE_OK)
    return 2;
  bool stale = strcmp(argv[1], "stale") == 0;
  char *msg = NULL;
  const char *sql =
      stale ? "UPDATE tasks SET canonical_text = replace(canonical_text, 'arith.mulf', "
              "'arith.addf') WHERE target = 'strata-test'"
            : "INSERT INTO records(task_key, target, decisions, latency, error, time, uid) "
              "SELECT task_key, target, '{\"@version\":2,\"mc\":[4],\"kc\":[96]}', -1.0, NULL, 1700000100, "
              "'00000000000000ff' FROM records WHERE target = 'strata-test' AND "
              "decisions = '{\"@version\":2,\"mc\":[8],\"kc\":[32]}' LIMIT 1";
  if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK) {
    printf("FAILED: %s\n", msg);
    return 1;
  }
  printf(stale ? "rewrote %d task texts\n" : "added %d records\n", sqlite3_changes(db));
  sqlite3_close(db);
  return 0;
}
