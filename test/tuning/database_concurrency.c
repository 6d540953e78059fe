/* Tuning test: the tuning database under concurrent writers and kill -9.
 *   tuning-database_concurrency concurrent DB  two processes add records to
 *     one new file at the same time: every record of both is there.
 *   tuning-database_concurrency kill DB  a writer reports each record after
 *     its commit and is killed with SIGKILL mid-run (three times, writers
 *     in turn on one file): every reported record is there and the file
 *     passes SQLite's integrity check. */
// RUN: rm -f %t.a.db* %t.b.db*
// RUN: tuning-database_concurrency concurrent %t.a.db 2>&1 | FileCheck %s --check-prefix=CONCURRENT
// RUN: tuning-database_concurrency kill %t.b.db 2>&1 | FileCheck %s --check-prefix=KILL
// CONCURRENT: writer 0 wrote 150, writer 1 wrote 150
// CONCURRENT-NEXT: records 300, writer 0 complete 1, writer 1 complete 1
// KILL: killed the writer after {{[0-9]+}} acknowledged commits
// KILL-NEXT: acknowledged records missing: 0
// KILL-NEXT: integrity: ok
// KILL: killed the writer after {{[0-9]+}} acknowledged commits
// KILL-NEXT: acknowledged records missing: 0
// KILL-NEXT: integrity: ok
// KILL: killed the writer after {{[0-9]+}} acknowledged commits
// KILL-NEXT: acknowledged records missing: 0
// KILL-NEXT: integrity: ok
#include <signal.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tuning/database.h"

enum { PER_WRITER = 150 };

static const char *TARGET = "x86_64 test";

/* Adds `count` records for task `writer` (count < 0: until killed); after
 * each commit writes its index to ack_fd (if >= 0). Returns an exit code. */
static int writer_main(const char *path, int writer, int count, int ack_fd) {
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(path, &error);
  if (!db) {
    fprintf(stderr, "writer %d: %s\n", writer, error);
    return 1;
  }
  char text[64];
  snprintf(text, sizeof text, "kernel of writer %d", writer);
  strata_tuning_task_t task;
  strata_tuning_task_init(&task, text, TARGET);
  for (int i = 0; count < 0 || i < count; ++i) {
    char decisions[64];
    snprintf(decisions, sizeof decisions, "{\"i\":[%d]}", i);
    if (!strata_tuning_db_add(db, &task, decisions, 1e-3 * (i + 1), NULL, 0, &error)) {
      fprintf(stderr, "writer %d: %s\n", writer, error);
      return 1;
    }
    if (ack_fd >= 0 && write(ack_fd, &i, sizeof i) != sizeof i)
      return 1;
  }
  strata_tuning_db_close(db);
  return 0;
}

/* Marks which record indices of `writer` the file holds. */
typedef struct {
  char *seen;
  int limit;
} seen_t;

static bool mark(void *user, const strata_tuning_record_t *r) {
  seen_t *s = user;
  int i;
  if (sscanf(r->decisions, "{\"i\":[%d]}", &i) == 1 && i >= 0 && i < s->limit)
    s->seen[i] = 1;
  return true;
}

static int count_seen(strata_tuning_db_t *db, int writer, int limit, int want) {
  char text[64];
  snprintf(text, sizeof text, "kernel of writer %d", writer);
  strata_tuning_task_t task;
  strata_tuning_task_init(&task, text, TARGET);
  seen_t s = {calloc((size_t)limit + 1, 1), limit};
  char *error = NULL;
  if (!strata_tuning_db_for_each(db, task.key, task.target, mark, &s, &error)) {
    printf("for_each: %s\n", error);
    exit(1);
  }
  int n = 0;
  for (int i = 0; i < want; ++i)
    n += s.seen[i];
  free(s.seen);
  return n;
}

static int concurrent(const char *path) {
  pid_t pids[2];
  for (int w = 0; w < 2; ++w) {
    fflush(NULL);
    if ((pids[w] = fork()) == 0)
      _exit(writer_main(path, w, PER_WRITER, -1));
  }
  int ok[2];
  for (int w = 0; w < 2; ++w) {
    int status;
    waitpid(pids[w], &status, 0);
    ok[w] = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  }
  printf("writer 0 wrote %d, writer 1 wrote %d\n", ok[0] ? PER_WRITER : -1,
         ok[1] ? PER_WRITER : -1);
  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(path, &error);
  if (!db) {
    printf("open: %s\n", error);
    return 1;
  }
  printf("records %lld, writer 0 complete %d, writer 1 complete %d\n",
         (long long)strata_tuning_db_count(db, 0, NULL, &error),
         count_seen(db, 0, PER_WRITER, PER_WRITER) == PER_WRITER,
         count_seen(db, 1, PER_WRITER, PER_WRITER) == PER_WRITER);
  strata_tuning_db_close(db);
  return 0;
}

/* One writer, killed after `acks` acknowledged commits; checks the file. */
static int kill_writer(const char *path, int writer, int acks) {
  int fds[2];
  if (pipe(fds) != 0)
    return 1;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    _exit(writer_main(path, writer, -1, fds[1]));
  }
  close(fds[1]);
  int acked = 0, index;
  while (acked < acks && read(fds[0], &index, sizeof index) == sizeof index)
    acked = index + 1;
  /* The writer is between commits or inside one: both must be safe. */
  kill(pid, SIGKILL);
  while (read(fds[0], &index, sizeof index) == sizeof index)
    acked = index + 1; /* acknowledgements already in the pipe */
  waitpid(pid, NULL, 0);
  close(fds[0]);
  printf("killed the writer after %d acknowledged commits\n", acked);

  char *error = NULL;
  strata_tuning_db_t *db = strata_tuning_db_open(path, &error);
  if (!db) {
    printf("reopen: %s\n", error);
    return 1;
  }
  printf("acknowledged records missing: %d\n", acked - count_seen(db, writer, acked + 1024, acked));
  strata_tuning_db_close(db);

  sqlite3 *sql;
  sqlite3_stmt *stmt;
  if (sqlite3_open(path, &sql) != SQLITE_OK ||
      sqlite3_prepare_v2(sql, "PRAGMA integrity_check", -1, &stmt, NULL) != SQLITE_OK)
    return 1;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    printf("integrity: %s\n", (const char *)sqlite3_column_text(stmt, 0));
  sqlite3_finalize(stmt);
  sqlite3_close(sql);
  return 0;
}

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  if (strcmp(argv[1], "concurrent") == 0)
    return concurrent(argv[2]);
  if (strcmp(argv[1], "kill") == 0) {
    /* Three writers in turn on one file, each killed at another point. */
    for (int round = 0; round < 3; ++round)
      if (kill_writer(argv[2], 7 + round, 10 + 17 * round) != 0)
        return 1;
    return 0;
  }
  return 2;
}
