/* Tuning test: the tuning database — task keys, adding records, the best
 * record per task and target, counts, reopening, JSON-lines export and
 * import (duplicates skipped, bad lines rejected as a whole). */
// RUN: rm -f %t.db %t.db-wal %t.db-shm %t.copy.db* %t.jsonl
// RUN: tuning-database %t.db %t.copy.db %t.jsonl 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSONL < %t.jsonl
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/tuning_test.h"
#include "tuning/database.h"

static void print_best(strata_tuning_db_t *db, const strata_tuning_task_t *t) {
  strata_tuning_record_t r = {0};
  char *error = NULL;
  int found = strata_tuning_db_best(db, t->key, t->target, &r, &error);
  if (found < 0)
    tt_die("best", error);
  if (found == 0) {
    printf("best: none\n");
    return;
  }
  printf("best: %s latency %.6g time %lld\n", r.decisions, r.latency, (long long)r.unix_time);
  strata_tuning_record_clear(&r);
}

static bool print_record(void *user, const strata_tuning_record_t *r) {
  (void)user;
  printf("record %lld: %s %s %s\n", (long long)r->id, r->decisions,
         r->error ? "error" : "ok", r->error ? r->error : "");
  return true;
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  char *error = NULL;
  const char *gemm = "te.compute matmul 64x64x64 f32";
  const char *relu = "te.compute max(x, 0) 1024 f32";
  strata_tuning_task_t t1, t1_arm, t2;
  strata_tuning_task_init(&t1, gemm, "x86_64 avx2,fma cores=8");
  strata_tuning_task_init(&t1_arm, gemm, "aarch64 neon cores=4");
  strata_tuning_task_init(&t2, relu, "x86_64 avx2,fma cores=8");
  // CHECK: keys differ by target: 1, by text: 1, stable: 1
  printf("keys differ by target: %d, by text: %d, stable: %d\n", t1.key != t1_arm.key,
         t1.key != t2.key, t1.key == strata_tuning_task_key(gemm, "x86_64 avx2,fma cores=8"));

  strata_tuning_db_t *db = strata_tuning_db_open(argv[1], &error);
  if (!db)
    tt_die("open", error);
  // CHECK: empty: 0 records
  printf("empty: %lld records\n", (long long)strata_tuning_db_count(db, 0, NULL, &error));
  // CHECK: best: none
  print_best(db, &t1);

  struct {
    const strata_tuning_task_t *task;
    const char *decisions;
    double latency;
    const char *error;
  } adds[] = {
      {&t1, "{\"tile\": [4, 8]}", 2.5e-3, NULL},
      {&t1, "{\"tile\":[8,8]}", 1.25e-3, NULL},
      {&t1, "{\"tile\":[16,8]}", 0, "crashed with signal 11 (Segmentation fault)"},
      {&t1, "{\"tile\":[8,16]}", 1.25e-3, NULL}, /* a tie: the earlier record wins */
      {&t1_arm, "{\"tile\":[4,4]}", 9e-3, NULL},
      {&t2, "{}", 1e-5, NULL},
  };
  for (size_t i = 0; i < sizeof adds / sizeof *adds; ++i)
    if (!strata_tuning_db_add(db, adds[i].task, adds[i].decisions, adds[i].latency,
                              adds[i].error, 1700000000 + (int64_t)i, &error))
      tt_die("add", error);
  // CHECK: count all 6, t1 4, t1 on arm 1, t2 1
  printf("count all %lld, t1 %lld, t1 on arm %lld, t2 %lld\n",
         (long long)strata_tuning_db_count(db, 0, NULL, &error),
         (long long)strata_tuning_db_count(db, t1.key, t1.target, &error),
         (long long)strata_tuning_db_count(db, t1_arm.key, t1_arm.target, &error),
         (long long)strata_tuning_db_count(db, t2.key, t2.target, &error));
  // CHECK: best: {"tile":[8,8]} latency 0.00125 time 1700000001
  print_best(db, &t1);
  // CHECK: best: {"tile":[4,4]} latency 0.009 time 1700000004
  print_best(db, &t1_arm);
  // Decisions are stored minified; errors keep their message.
  // CHECK: record 1: {"tile":[4,8]} ok
  // CHECK: record 3: {"tile":[16,8]} error crashed with signal 11 (Segmentation fault)
  if (!strata_tuning_db_for_each(db, t1.key, t1.target, print_record, NULL, &error))
    tt_die("for_each", error);

  // CHECK: bad json: {{.*}}malformed JSON
  if (!strata_tuning_db_add(db, &t1, "{\"tile\":", 1.0, NULL, 0, &error))
    printf("bad json: %s\n", error), free(error);
  // CHECK: bad latency: tuning database '{{.*}}': latency nan is not a duration
  if (!strata_tuning_db_add(db, &t1, "{}", NAN, NULL, 0, &error))
    printf("bad latency: %s\n", error), free(error);
  strata_tuning_task_t forged = t2;
  forged.canonical_text = "something else";
  // CHECK: collision: {{.*}}already belongs to another canonical text
  if (!strata_tuning_db_add(db, &forged, "{}", 1.0, NULL, 0, &error))
    printf("collision: %s\n", error), free(error);
  // CHECK: after failed adds: 6 records
  printf("after failed adds: %lld records\n",
         (long long)strata_tuning_db_count(db, 0, NULL, &error));

  FILE *out = fopen(argv[3], "w");
  if (!out || !strata_tuning_db_export_jsonl(db, out, NULL, &error))
    tt_die("export", error);
  fclose(out);
  strata_tuning_db_close(db);
  // JSONL: {"uid":"{{[0-9a-f]+}}","task":"{{[0-9a-f]+}}","target":"x86_64 avx2,fma cores=8","canonical":"te.compute matmul 64x64x64 f32","decisions":{"tile":[4,8]},"latency":0.0025000000000000001,"error":null,"time":1700000000}
  // JSONL: "decisions":{"tile":[16,8]},"latency":null,"error":"crashed with signal 11 (Segmentation fault)","time":1700000002}
  // JSONL: "target":"aarch64 neon cores=4"

  /* Reopening finds everything. */
  db = strata_tuning_db_open(argv[1], &error);
  if (!db)
    tt_die("reopen", error);
  // CHECK: reopened: 6 records
  printf("reopened: %lld records\n", (long long)strata_tuning_db_count(db, 0, NULL, &error));

  /* Import into a fresh file, then again (all duplicates), then into the
   * original (all duplicates: latencies survive the text round trip). */
  strata_tuning_db_t *copy = strata_tuning_db_open(argv[2], &error);
  if (!copy)
    tt_die("open copy", error);
  int64_t added = -1, skipped = -1;
  FILE *in = fopen(argv[3], "r");
  if (!in || !strata_tuning_db_import_jsonl(copy, in, &added, &skipped, &error))
    tt_die("import", error);
  // CHECK: import: added 6 skipped 0
  printf("import: added %lld skipped %lld\n", (long long)added, (long long)skipped);
  rewind(in);
  if (!strata_tuning_db_import_jsonl(copy, in, &added, &skipped, &error))
    tt_die("import again", error);
  // CHECK: import again: added 0 skipped 6
  printf("import again: added %lld skipped %lld\n", (long long)added, (long long)skipped);
  rewind(in);
  if (!strata_tuning_db_import_jsonl(db, in, &added, &skipped, &error))
    tt_die("import into original", error);
  // CHECK: import into original: added 0 skipped 6
  printf("import into original: added %lld skipped %lld\n", (long long)added, (long long)skipped);
  fclose(in);
  // CHECK: copy best: {"tile":[8,8]} latency 0.00125 time 1700000001
  printf("copy ");
  print_best(copy, &t1);

  /* A bad line fails the whole import: nothing of the file is added. */
  const char *bad_files[] = {
      "\n{\"task\":\"0000000000000001\",\"target\":\"t\",\"canonical\":\"c\",\"decisions\":{},"
      "\"latency\":1,\"error\":null,\"time\":1}\n",
      "not json\n",
      "{\"task\":\"00\",\"target\":\"t\",\"canonical\":\"c\",\"decisions\":{},\"latency\":1,"
      "\"error\":null,\"time\":1}\n",
      "{\"task\":\"0000000000000001\",\"target\":\"t\",\"canonical\":\"c\",\"decisions\":[],"
      "\"latency\":1,\"error\":null,\"time\":1}\n",
      "{\"task\":\"0000000000000001\",\"target\":\"t\",\"canonical\":\"c\",\"decisions\":{},"
      "\"latency\":null,\"error\":null,\"time\":1}\n",
  };
  // CHECK: bad import: tuning database import: line 2: the task key does not match its canonical text and target
  // CHECK: bad import: tuning database import: line 1: not a JSON object
  // CHECK: bad import: tuning database import: line 1: "task" must be 16 hex digits
  // CHECK: bad import: tuning database import: line 1: "decisions" must be an object
  // CHECK: bad import: tuning database import: line 1: "latency" must be a number, or "error" a string
  for (size_t i = 0; i < sizeof bad_files / sizeof *bad_files; ++i) {
    FILE *f = fmemopen((void *)bad_files[i], strlen(bad_files[i]), "r");
    if (strata_tuning_db_import_jsonl(copy, f, &added, &skipped, &error))
      printf("bad import: accepted\n");
    else
      printf("bad import: %s\n", error), free(error);
    fclose(f);
  }
  // CHECK: copy after bad imports: 6 records
  printf("copy after bad imports: %lld records\n",
         (long long)strata_tuning_db_count(copy, 0, NULL, &error));
  strata_tuning_db_close(copy);
  strata_tuning_db_close(db);
  return 0;
}
