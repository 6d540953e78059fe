/* Tuning test: the record-store suite (tuning/record_store.h), run on every
 * back end: tuning-record_store A B, where A and B are stores (an SQLite
 * file or a postgresql:// URL), both empty.
 *   - add, best (fastest, errors and invalid latencies never best), count,
 *     insertion order, other targets, a forged key reported as a collision;
 *   - export of A imported into B (another back end too): the same records
 *     with the same uids, byte-identical exports; again: all skipped;
 *   - an import with a bad line adds nothing (one transaction);
 *   - two concurrent writers lose nothing; a writer killed with kill -9
 *     mid-run loses no record whose add returned, and the store still
 *     reads back whole.
 * The PostgreSQL runs start their own server (Inputs/with-postgres.sh). */
// RUN: rm -f %t.*
// RUN: tuning-record_store %t.a.db %t.b.db | FileCheck %s
// PostgreSQL: its store exported into SQLite (and its writers), then an
// SQLite store exported into it.
// RUN: %if postgresql %{ %S/Inputs/with-postgres.sh sh -c 'tuning-record_store "$STRATA_PG_URL" %t.c.db > %t.pg1.txt && tuning-record_store %t.d.db "$STRATA_PG_URL2" > %t.pg2.txt' %}
// RUN: %if postgresql %{ FileCheck %s < %t.pg1.txt %}
// RUN: %if postgresql %{ FileCheck %s < %t.pg2.txt %}
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support/tuning_test.h"
#include "tuning/database.h"

static void add(strata_tuning_db_t *db, const strata_tuning_task_t *t, const char *decisions,
                double latency, const char *error_text) {
  char *error = NULL;
  if (!strata_tuning_db_add(db, t, decisions, latency, error_text, 1700000000, &error))
    tt_die("add", error);
}

static void refused(strata_tuning_db_t *db, const strata_tuning_task_t *t, const char *decisions,
                    double latency, const char *what) {
  char *error = NULL;
  bool ok = strata_tuning_db_add(db, t, decisions, latency, NULL, 0, &error);
  const char *tail = ok ? NULL : strstr(error, "': ");
  printf("%s: %s\n", what, ok ? "accepted" : tail ? tail + 3 : error);
  free(error);
}

static bool print_record(void *user, const strata_tuning_record_t *r) {
  (void)user;
  printf("record %s %s %s\n", r->decisions, r->target, r->error ? r->error : "ok");
  return true;
}

static bool print_record_count(void *user, const strata_tuning_record_t *r) {
  (void)r;
  ++*(long long *)user;
  return true;
}

static char *slurp(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    tt_die("read", NULL);
  static char buf[2][1 << 16];
  static int next;
  char *b = buf[next++ % 2];
  size_t n = fread(b, 1, sizeof buf[0] - 1, f);
  b[n] = 0;
  fclose(f);
  return b;
}

/* A writer process: `n` records (n < 0: until killed) into its own
 * connection; after each add returns, the number committed goes down the
 * pipe. */
static pid_t writer(const char *store, const strata_tuning_task_t *t, int n, int fd) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid != 0)
    return pid;
  strata_tuning_db_t *db = tt_open_db(store);
  for (int i = 0; n < 0 || i < n; ++i) {
    char decisions[64];
    snprintf(decisions, sizeof decisions, "{\"w\":%d,\"i\":%d}", (int)getpid(), i);
    add(db, t, decisions, 1e-3 + i * 1e-6, NULL);
    int done = i + 1;
    if (fd >= 0 && write(fd, &done, sizeof done) != sizeof done)
      _exit(3);
  }
  strata_tuning_db_close(db);
  _exit(0);
}

static void concurrency(const char *store) {
  strata_tuning_task_t t;
  strata_tuning_task_init(&t, "kernel-concurrent", "tgt-c");
  pid_t a = writer(store, &t, 40, -1), b = writer(store, &t, 40, -1);
  int sa = 0, sb = 0;
  waitpid(a, &sa, 0);
  waitpid(b, &sb, 0);
  strata_tuning_db_t *db = tt_open_db(store);
  printf("two writers: exit %d %d, %lld records\n", WEXITSTATUS(sa), WEXITSTATUS(sb),
         tt_count(db, &t));

  /* kill -9 mid-run: every add that returned is there. */
  strata_tuning_task_t k;
  strata_tuning_task_init(&k, "kernel-killed", "tgt-k");
  int fds[2];
  if (pipe(fds) != 0)
    tt_die("pipe", NULL);
  pid_t victim = writer(store, &k, -1, fds[1]);
  close(fds[1]);
  int done = 0, got;
  while (done < 15 && read(fds[0], &got, sizeof got) == sizeof got)
    done = got;
  kill(victim, SIGKILL);
  while (read(fds[0], &got, sizeof got) == sizeof got)
    done = got; /* adds that returned before the kill */
  close(fds[0]);
  waitpid(victim, NULL, 0);
  long long n = tt_count(db, &k);
  char *error = NULL;
  long long read_back = 0;
  bool whole = strata_tuning_db_for_each(db, k.key, k.target, print_record_count, &read_back,
                                         &error);
  printf("killed writer: no committed record lost %d, reads back whole %d\n", n >= done,
         whole && read_back == n);
  strata_tuning_db_close(db);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: tuning-record_store STORE_A STORE_B\n");
    return 2;
  }
  strata_tuning_db_t *a = tt_open_db(argv[1]);
  printf("backend %s\n", strata_tuning_db_backend(a));
  strata_tuning_task_t t1, t1b, forged;
  strata_tuning_task_init(&t1, "kernel-1", "tgt-a");
  strata_tuning_task_init(&t1b, "kernel-1", "tgt-b");
  forged = t1;
  forged.canonical_text = "kernel-other";
  add(a, &t1, "{\"x\": 1}", 3e-3, NULL);
  add(a, &t1, "{\"x\":2}", 1e-3, NULL);
  add(a, &t1, "{\"x\":3}", 0, "crashed with signal 11");
  add(a, &t1, "{\"x\":4}", 2e-3, NULL);
  refused(a, &t1, "{\"x\":5}", -1, "negative latency");
  refused(a, &t1, "{\"x\":", 1e-3, "bad JSON");
  refused(a, &forged, "{\"x\":6}", 1e-3, "forged key");
  add(a, &t1b, "{\"x\":7}", 5e-3, NULL);
  printf("count %lld, of the task %lld\n", tt_count(a, NULL), tt_count(a, &t1));
  char *error = NULL;
  strata_tuning_record_t best = {0};
  if (strata_tuning_db_best(a, t1.key, t1.target, &best, &error) != 1)
    tt_die("best", error);
  printf("best %s %g\n", best.decisions, best.latency);
  strata_tuning_record_clear(&best);
  char *others = strata_tuning_db_other_targets(a, "kernel-1", "tgt-a", &error);
  printf("other targets: %s\n", others ? others : error);
  free(others);
  if (!strata_tuning_db_for_each(a, 0, NULL, print_record, NULL, &error))
    tt_die("for_each", error);

  /* Export / import across stores. */
  char ea[4096], eb[4096];
  snprintf(ea, sizeof ea, "/tmp/strata-record-store-%d-a.jsonl", (int)getpid());
  snprintf(eb, sizeof eb, "/tmp/strata-record-store-%d-b.jsonl", (int)getpid());
  tt_export(a, ea, NULL);
  strata_tuning_db_t *b = tt_open_db(argv[2]);
  tt_import(b, "import into B", ea, NULL, "line");
  tt_import(b, "again", ea, NULL, "line");
  tt_export(b, eb, NULL);
  printf("exports equal %d\n", strcmp(slurp(ea), slurp(eb)) == 0);
  char bad[8192];
  snprintf(bad, sizeof bad,
           "{\"task\":\"%016llx\",\"target\":\"tgt-z\",\"canonical\":\"kernel-1\","
           "\"decisions\":{\"x\":9},\"latency\":0.5,\"error\":null,\"time\":1}\nnot json\n",
           (unsigned long long)strata_tuning_task_key("kernel-1", "tgt-z"));
  tt_import(b, "bad line", NULL, bad, "line");
  printf("B count %lld\n", tt_count(b, NULL));
  unlink(ea);
  unlink(eb);
  strata_tuning_db_close(b);
  strata_tuning_db_close(a);
  concurrency(argv[1]);
  return 0;
}

// CHECK: backend {{sqlite|postgresql}}
// CHECK-NEXT: negative latency: latency -1 is not a duration
// CHECK-NEXT: bad JSON: adding a record: malformed JSON
// CHECK-NEXT: forged key: task key {{[0-9a-f]+}} already belongs to another canonical text (xxHash64 collision)
// CHECK-NEXT: count 5, of the task 4
// CHECK-NEXT: best {"x":2} 0.001
// CHECK-NEXT: other targets: 'tgt-b'
// CHECK-NEXT: record {"x":1} tgt-a ok
// CHECK-NEXT: record {"x":2} tgt-a ok
// CHECK-NEXT: record {"x":3} tgt-a crashed with signal 11
// CHECK-NEXT: record {"x":4} tgt-a ok
// CHECK-NEXT: record {"x":7} tgt-b ok
// CHECK-NEXT: import into B: added 5 skipped 0
// CHECK-NEXT: again: added 0 skipped 5
// CHECK-NEXT: exports equal 1
// CHECK-NEXT: bad line: line 2: not a JSON object
// CHECK-NEXT: B count 5
// CHECK-NEXT: two writers: exit 0 0, 80 records
// CHECK-NEXT: killed writer: no committed record lost 1, reads back whole 1
