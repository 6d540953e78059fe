/* Tuning test: a damaged tuning database is reported as corrupt, never as
 * an xxHash64 collision.
 *   - A copy of a good file with one page in the middle overwritten by
 *     random bytes: opening it fails (PRAGMA quick_check), and so do
 *     strata-tune's commands, with "tuning database '<path>' is corrupt".
 *   - A file of random bytes: "is corrupt: ...: file is not a database".
 *   - A task row whose canonical text was altered (so it no longer hashes to
 *     its key): adding a record of that task says corrupt, not collision.
 * The program writes the damaged files; the RUN lines also open them with
 * strata-tune. */
// RUN: rm -f %t.*
// RUN: tuning-database_corrupt %t 2>&1 | FileCheck %s
// RUN: not strata-tune best %t.mid.db 2>&1 | FileCheck %s --check-prefix=TOOL
// RUN: not strata-tune export %t.noise.db 2>&1 | FileCheck %s --check-prefix=NOISE
// RUN: not strata-tune import %t.mid.db %S/Inputs/records.jsonl 2>&1 | FileCheck %s --check-prefix=TOOL
// TOOL: strata-tune: tuning database '{{.*}}.mid.db' is corrupt:
// TOOL-NOT: collision
// NOISE: strata-tune: tuning database '{{.*}}.noise.db' is corrupt: {{.*}}file is not a database
#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/tuning_test.h"
#include "tuning/database.h"

static const char *base;

static uint64_t rng = 88172645463325252ull;
static unsigned char random_byte(void) {
  rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
  return (unsigned char)rng;
}

/* Copies `from` to `to`, replacing `count` bytes at `at` by random ones
 * (count = 0: every byte). Returns the file size. */
static long copy_damaged(const char *from, const char *to, long at, long count) {
  FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
  if (!in || !out)
    tt_die("copy", NULL);
  long size = 0;
  for (int c; (c = fgetc(in)) != EOF; ++size) {
    bool damage = count == 0 || (size >= at && size < at + count);
    fputc(damage ? random_byte() : c, out);
  }
  fclose(in);
  fclose(out);
  return size;
}

/* Opens p; prints whether that failed as corrupt (and never mentions a
 * collision). */
static void try_open(const char *what, const char *p) {
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(p, &error);
  if (db) {
    printf("%s: opened\n", what);
    strata_tuning_db_close(db);
    return;
  }
  printf("%s: corrupt %d, collision %d\n", what, strstr(error, "is corrupt") != NULL,
         strstr(error, "collision") != NULL);
  free(error);
}

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  base = argv[1];
  char *error = NULL;
  /* A good file of several pages: 8 tasks with long texts, 400 records. */
  strata_tuning_db_t *db = strata_tuning_db_open(tt_path(base, "good.db"), &error);
  if (!db)
    tt_die("open", error);
  strata_tuning_task_t tasks[8];
  char texts[8][1200];
  for (int k = 0; k < 8; ++k) {
    int n = snprintf(texts[k], sizeof texts[k], "te.compute kernel %d:", k);
    for (; n < 1100; ++n)
      texts[k][n] = (char)('a' + (n * 7 + k) % 26);
    texts[k][n] = '\0';
    strata_tuning_task_init(&tasks[k], texts[k], "test");
  }
  if (!strata_tuning_db_add(db, &tasks[0], "{\"t\":[0]}", 1e-3, NULL, 1, &error))
    tt_die("add", error);
  for (int i = 1; i < 400; ++i) {
    char decisions[64];
    snprintf(decisions, sizeof decisions, "{\"t\":[%d],\"order\":\"i,j,k\"}", i);
    if (!strata_tuning_db_add(db, &tasks[i % 8], decisions, 1e-3 * i, NULL, 1 + i, &error))
      tt_die("add", error);
  }
  strata_tuning_db_close(db); /* checkpoints the WAL into the file */

  // CHECK: good: opened
  try_open("good", tt_path(base, "good.db"));
  /* One page (4096 bytes) in the middle of the file. */
  sqlite3 *s = NULL;
  long size = copy_damaged(tt_path(base, "good.db"), tt_path(base, "mid.db"), 0, -1);
  long middle = (size / 4096 / 2) * 4096;
  copy_damaged(tt_path(base, "good.db"), tt_path(base, "mid.db"), middle, 4096);
  // CHECK-NEXT: several pages: 1
  printf("several pages: %d\n", size >= 8 * 4096);
  // CHECK-NEXT: middle page: corrupt 1, collision 0
  try_open("middle page", tt_path(base, "mid.db"));
  // CHECK-NEXT: random bytes: corrupt 1, collision 0
  copy_damaged(tt_path(base, "good.db"), tt_path(base, "noise.db"), 0, 0);
  try_open("random bytes", tt_path(base, "noise.db"));

  /* A task row altered behind the database's back. */
  copy_damaged(tt_path(base, "good.db"), tt_path(base, "row.db"), 0, -1);
  if (sqlite3_open(tt_path(base, "row.db"), &s) != SQLITE_OK ||
      sqlite3_exec(s, "UPDATE tasks SET canonical_text = 'te.compute damaged' WHERE rowid = 1",
                   NULL, NULL, NULL) != SQLITE_OK)
    tt_die("update", (char *)sqlite3_errmsg(s));
  sqlite3_close(s);
  db = strata_tuning_db_open(tt_path(base, "row.db"), &error);
  if (!db)
    tt_die("open row.db", error);
  bool added = strata_tuning_db_add(db, &tasks[0], "{\"t\":[1]}", 1e-3, NULL, 0, &error);
  // CHECK-NEXT: altered task row: added 0, corrupt 1, collision 0
  printf("altered task row: added %d, corrupt %d, collision %d\n", added,
         !added && strstr(error, "is corrupt") != NULL, !added && strstr(error, "collision"));
  free(error);
  strata_tuning_db_close(db);
  return 0;
}
