/* Tuning test: record identity and latency validation in the tuning
 * database.
 *   - Two distinct measurements with equal fields (task, decisions, time to
 *     the second, latency) are two records with their own uids, and both
 *     survive export + import; importing again adds nothing.
 *   - Exports older than uids still import: a line without "uid" is skipped
 *     when an equal record was there before the import, and gets a fresh uid.
 *   - A file of schema version 1 (no uid column) is migrated on open.
 *   - Latencies that are not durations (negative, infinite) are refused on
 *     import naming the line; rows of older files holding such latencies,
 *     or a latency beside an error, are never "best" and are not exported. */
// RUN: rm -f %t.*
// RUN: tuning-database_records %t 2>&1 | FileCheck %s
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/tuning_test.h"
#include "tuning/database.h"

static const char *base;

/* Imports a file (or a string when text is not NULL); prints the outcome. */
static bool print_uid(void *user, const strata_tuning_record_t *r) {
  int *n = user;
  printf("record %d: uid of 16 hex digits %d\n", ++*n,
         r->uid && strlen(r->uid) == 16 && strspn(r->uid, "0123456789abcdef") == 16);
  return true;
}

static void sql(const char *file, const char *statements) {
  sqlite3 *s = NULL;
  char *msg = NULL;
  if (sqlite3_open(file, &s) != SQLITE_OK || sqlite3_exec(s, statements, NULL, NULL, &msg))
    tt_die("sql", msg);
  sqlite3_close(s);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  base = argv[1];
  char *error = NULL;
  strata_tuning_task_t t;
  strata_tuning_task_init(&t, "te.compute matmul 8x8x8 f32", "test");

  /* Two measurements that agree in every field. */
  strata_tuning_db_t *a = tt_open_db(tt_path(base, "a.db"));
  for (int i = 0; i < 2; ++i)
    if (!strata_tuning_db_add(a, &t, "{\"tile\":[8]}", 1e-3, NULL, 1700000000, &error))
      tt_die("add", error);
  int n = 0;
  // CHECK: record 1: uid of 16 hex digits 1
  // CHECK-NEXT: record 2: uid of 16 hex digits 1
  if (!strata_tuning_db_for_each(a, 0, NULL, print_uid, &n, &error))
    tt_die("for_each", error);
  tt_export(a, tt_path(base, "a.jsonl"), NULL);
  strata_tuning_db_t *b = tt_open_db(tt_path(base, "b.db"));
  // CHECK-NEXT: equal records: added 2 skipped 0
  tt_import(b, "equal records", tt_path(base, "a.jsonl"), NULL, NULL);
  // CHECK-NEXT: again: added 0 skipped 2
  tt_import(b, "again", tt_path(base, "a.jsonl"), NULL, NULL);
  // CHECK-NEXT: into the original: added 0 skipped 2
  tt_import(a, "into the original", tt_path(base, "a.jsonl"), NULL, NULL);
  // CHECK-NEXT: after: 2 and 2 records
  printf("after: %lld and %lld records\n", tt_count(a, NULL), tt_count(b, NULL));

  /* An old export (no uids): equal lines of one file are both added, and
   * are skipped when imported again. */
  char old[1024];
  snprintf(old, sizeof old,
           "{\"task\":\"%016llx\",\"target\":\"test\",\"canonical\":\"te.compute matmul 8x8x8 "
           "f32\",\"decisions\":{\"tile\":[4]},\"latency\":0.002,\"error\":null,\"time\":1}\n",
           (unsigned long long)t.key);
  char old_twice[2048];
  snprintf(old_twice, sizeof old_twice, "%s%s", old, old);
  // CHECK-NEXT: old export: added 2 skipped 0
  tt_import(b, "old export", NULL, old_twice, NULL);
  // CHECK-NEXT: old export again: added 0 skipped 2
  tt_import(b, "old export again", NULL, old_twice, NULL);
  n = 0;
  // CHECK: record 4: uid of 16 hex digits 1
  if (!strata_tuning_db_for_each(b, 0, NULL, print_uid, &n, &error))
    tt_die("for_each", error);

  /* Latencies that are not durations. */
  const char *bad[] = {"-0.5", "1e999"};
  for (int i = 0; i < 2; ++i) {
    char line[1024];
    snprintf(line, sizeof line,
             "\n{\"task\":\"%016llx\",\"target\":\"test\",\"canonical\":\"te.compute matmul "
             "8x8x8 f32\",\"decisions\":{\"tile\":[2]},\"latency\":%s,\"error\":null,"
             "\"time\":5}\n",
             (unsigned long long)t.key, bad[i]);
    // CHECK: latency -0.5: tuning database import: line 2: latency -0.5 is not a duration (seconds, finite, >= 0)
    // CHECK: latency 1e999: tuning database import: line 2: latency inf is not a duration (seconds, finite, >= 0)
    char what[64];
    snprintf(what, sizeof what, "latency %s", bad[i]);
    tt_import(b, what, NULL, line, NULL);
  }
  // CHECK: bad uid: tuning database import: line 1: "uid" must be 16 hex digits
  tt_import(b, "bad uid", NULL,
         "{\"uid\":\"xyz\",\"task\":\"0000000000000001\",\"target\":\"t\",\"canonical\":\"c\","
         "\"decisions\":{},\"latency\":1,\"error\":null,\"time\":1}\n", NULL);
  strata_tuning_db_close(a);
  strata_tuning_db_close(b);

  /* A file of schema version 1 with rows no current writer makes: a
   * negative latency, an infinite one, a latency beside an error. */
  char v1[8192];
  snprintf(v1, sizeof v1,
           "CREATE TABLE tasks(task_key INTEGER NOT NULL, target TEXT NOT NULL, canonical_text "
           "TEXT NOT NULL, PRIMARY KEY (task_key, target));"
           "CREATE TABLE records(id INTEGER PRIMARY KEY, task_key INTEGER NOT NULL, target TEXT "
           "NOT NULL, decisions TEXT NOT NULL, latency REAL, error TEXT, time INTEGER NOT NULL,"
           "FOREIGN KEY (task_key, target) REFERENCES tasks(task_key, target));"
           "PRAGMA user_version = 1;"
           "INSERT INTO tasks VALUES (%lld, 'test', 'te.compute matmul 8x8x8 f32');"
           "INSERT INTO records(task_key, target, decisions, latency, error, time) VALUES "
           "(%lld, 'test', '{\"tile\":[1]}', -1.0, NULL, 1),"
           "(%lld, 'test', '{\"tile\":[2]}', 9e999, NULL, 2),"
           "(%lld, 'test', '{\"tile\":[4]}', 1e-9, 'wrong result: 3 elements differ', 3),"
           "(%lld, 'test', '{\"tile\":[8]}', 0.004, NULL, 4);",
           (long long)t.key, (long long)t.key, (long long)t.key, (long long)t.key,
           (long long)t.key);
  sql(tt_path(base, "v1.db"), v1);
  strata_tuning_db_t *c = tt_open_db(tt_path(base, "v1.db"));
  n = 0;
  // CHECK: record 1: uid of 16 hex digits 1
  // CHECK: record 4: uid of 16 hex digits 1
  if (!strata_tuning_db_for_each(c, 0, NULL, print_uid, &n, &error))
    tt_die("for_each", error);
  strata_tuning_record_t best = {0};
  int found = strata_tuning_db_best(c, t.key, t.target, &best, &error);
  if (found < 0)
    tt_die("best", error);
  // CHECK: v1 best: {"tile":[8]} 0.004
  printf("v1 best: %s %g\n", found ? best.decisions : "none", found ? best.latency : NAN);
  strata_tuning_record_clear(&best);
  int64_t invalid = -1;
  tt_export(c, tt_path(base, "v1.jsonl"), &invalid);
  // CHECK: v1 export: 2 invalid left out
  printf("v1 export: %lld invalid left out\n", (long long)invalid);
  strata_tuning_db_t *d = tt_open_db(tt_path(base, "d.db"));
  // CHECK: v1 export imported: added 2 skipped 0
  tt_import(d, "v1 export imported", tt_path(base, "v1.jsonl"), NULL, NULL);
  strata_tuning_db_close(d);
  strata_tuning_db_close(c);
  return 0;
}
