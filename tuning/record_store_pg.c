/* The PostgreSQL back end of the record store (record_store.h), through
 * libpq: a "postgresql://" URL names the server, database and user. The
 * schema is record_store.h's (task keys BIGINT, latencies DOUBLE
 * PRECISION, ids BIGSERIAL), created on open under an advisory lock so
 * that tuners starting together do not race. Every write is one
 * transaction; concurrent writers are the server's business (tasks are
 * added with ON CONFLICT DO NOTHING, so two tuners adding the same task
 * both succeed). Export reads one REPEATABLE READ snapshot. Built only
 * with libpq (STRATA_HAVE_LIBPQ); otherwise opening a URL says so. */
#include "tuning/record_store.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/status.h"
#include "tuning/database.h"

#ifdef STRATA_HAVE_LIBPQ
#include <libpq-fe.h>

bool strata_record_store_have_pg(void) { return true; }

static PGconn *conn(strata_tuning_db_t *db) { return db->impl; }

/* Any constant: the advisory lock that serializes schema creation. */
#define SCHEMA_LOCK 0x5374726174610001ll

static const char *const SCHEMA =
    "CREATE TABLE IF NOT EXISTS tasks("
    "  task_key BIGINT NOT NULL, target TEXT NOT NULL, canonical_text TEXT NOT NULL,"
    "  PRIMARY KEY (task_key, target));"
    "CREATE TABLE IF NOT EXISTS records("
    "  id BIGSERIAL PRIMARY KEY, task_key BIGINT NOT NULL, target TEXT NOT NULL,"
    "  decisions TEXT NOT NULL, latency DOUBLE PRECISION, error TEXT, time BIGINT NOT NULL,"
    "  uid TEXT NOT NULL UNIQUE,"
    "  FOREIGN KEY (task_key, target) REFERENCES tasks(task_key, target));"
    "CREATE INDEX IF NOT EXISTS records_by_task ON records(task_key, target, latency);";

#define VALID_LATENCY_SQL \
  "r.error IS NULL AND r.latency >= 0 AND r.latency <= 1e308 AND r.latency <> 'NaN'"

static bool pg_fail(strata_tuning_db_t *db, char **error, const char *what) {
  char *msg = strdup(PQerrorMessage(conn(db)));
  size_t n = msg ? strlen(msg) : 0;
  while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
    msg[--n] = '\0';
  strata_fail(error, "tuning database '%s': %s: %s", db->path, what, msg ? msg : "?");
  free(msg);
  return false;
}

/* Runs a statement with text parameters; NULL (with *error) unless it
 * returned tuples or completed. */
static PGresult *run(strata_tuning_db_t *db, const char *sql, int n, const char *const *params,
                     const char *what, char **error) {
  PGresult *res = PQexecParams(conn(db), sql, n, NULL, params, NULL, NULL, 0);
  ExecStatusType st = PQresultStatus(res);
  if (st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK)
    return res;
  pg_fail(db, error, what);
  PQclear(res);
  return NULL;
}

/* One or more statements without parameters. */
static bool exec(strata_tuning_db_t *db, const char *sql, char **error) {
  PGresult *res = PQexec(conn(db), sql);
  ExecStatusType st = PQresultStatus(res);
  PQclear(res);
  return st == PGRES_TUPLES_OK || st == PGRES_COMMAND_OK || pg_fail(db, error, sql);
}

static void p_rollback(strata_tuning_db_t *db) {
  if (PQtransactionStatus(conn(db)) != PQTRANS_IDLE)
    PQclear(PQexec(conn(db), "ROLLBACK"));
}

static bool p_begin(strata_tuning_db_t *db, bool write, char **error) {
  return exec(db, write ? "BEGIN" : "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", error);
}

static bool p_commit(strata_tuning_db_t *db, char **error) { return exec(db, "COMMIT", error); }

static void p_close(strata_tuning_db_t *db) {
  PQfinish(conn(db));
  db->impl = NULL;
}

static char *dup_or_null(const PGresult *res, int row, int col) {
  if (PQgetisnull(res, row, col))
    return NULL;
  char *s = strdup(PQgetvalue(res, row, col));
  if (!s)
    abort();
  return s;
}

static void format_key(char out[24], uint64_t key) { snprintf(out, 24, "%lld", (long long)key); }

static int p_add_task(strata_tuning_db_t *db, uint64_t key, const char *target,
                      const char *canonical_text, char **stored, char **error) {
  char k[24];
  format_key(k, key);
  const char *params[] = {k, target, canonical_text};
  PGresult *res = run(db,
                      "INSERT INTO tasks(task_key, target, canonical_text) VALUES ($1, $2, $3) "
                      "ON CONFLICT DO NOTHING",
                      3, params, "adding a task", error);
  if (!res)
    return -1;
  bool inserted = strcmp(PQcmdTuples(res), "1") == 0;
  PQclear(res);
  if (inserted)
    return 1;
  if (!(res = run(db, "SELECT canonical_text FROM tasks WHERE task_key = $1 AND target = $2", 2,
                  params, "reading a task", error)))
    return -1;
  int result = 0;
  if (PQntuples(res) != 1)
    result = strata_record_store_corrupt(db, error, "a task row went missing") - 1;
  else
    *stored = dup_or_null(res, 0, 0);
  PQclear(res);
  return result;
}

static bool p_add_record(strata_tuning_db_t *db, uint64_t key, const char *target,
                         const char *decisions, double latency, const char *error_text,
                         int64_t unix_time, const char *uid, char **error) {
  char k[24], lat[40], t[24];
  format_key(k, key);
  snprintf(lat, sizeof lat, "%.17g", latency);
  snprintf(t, sizeof t, "%lld", (long long)unix_time);
  const char *params[] = {k, target, decisions, error_text ? NULL : lat, error_text, t, uid};
  PGresult *res = run(db,
                      "INSERT INTO records(task_key, target, decisions, latency, error, time, uid) "
                      "VALUES ($1, $2, $3, $4, $5, $6, $7)",
                      7, params, "adding a record", error);
  PQclear(res);
  return res != NULL;
}

#define RECORD_COLUMNS                                                                     \
  "SELECT r.id, r.task_key, r.target, t.canonical_text, r.decisions, r.latency, r.error, " \
  "r.time, r.uid FROM records r JOIN tasks t ON t.task_key = r.task_key AND "             \
  "t.target = r.target "

static bool read_record(const PGresult *res, int row, strata_tuning_record_t *out) {
  out->id = strtoll(PQgetvalue(res, row, 0), NULL, 10);
  out->task_key = (uint64_t)strtoll(PQgetvalue(res, row, 1), NULL, 10);
  out->target = dup_or_null(res, row, 2);
  out->canonical_text = dup_or_null(res, row, 3);
  out->decisions = dup_or_null(res, row, 4);
  out->error = dup_or_null(res, row, 6);
  out->latency =
      PQgetisnull(res, row, 5) || out->error ? NAN : strtod(PQgetvalue(res, row, 5), NULL);
  out->unix_time = strtoll(PQgetvalue(res, row, 7), NULL, 10);
  out->uid = dup_or_null(res, row, 8);
  return out->target && out->canonical_text && out->decisions && out->uid;
}

static int p_best(strata_tuning_db_t *db, uint64_t key, const char *target,
                  strata_tuning_record_t *out, char **error) {
  char k[24];
  format_key(k, key);
  const char *params[] = {k, target};
  PGresult *res = run(db,
                      RECORD_COLUMNS "WHERE r.task_key = $1 AND r.target = $2 AND "
                      VALID_LATENCY_SQL " ORDER BY r.latency, r.id LIMIT 1",
                      2, params, "finding the best record", error);
  if (!res)
    return -1;
  int found = PQntuples(res) > 0;
  if (found && !read_record(res, 0, out)) {
    strata_tuning_record_clear(out);
    found = strata_record_store_corrupt(db, error, "a record row does not decode") - 1;
  }
  PQclear(res);
  return found;
}

static int64_t p_count(strata_tuning_db_t *db, uint64_t key, const char *target, char **error) {
  char k[24];
  format_key(k, key);
  const char *params[] = {k, target};
  PGresult *res =
      target ? run(db, "SELECT count(*) FROM records WHERE task_key = $1 AND target = $2", 2,
                   params, "counting records", error)
             : run(db, "SELECT count(*) FROM records", 0, NULL, "counting records", error);
  if (!res)
    return -1;
  int64_t n = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
  PQclear(res);
  return n;
}

static char *p_other_targets(strata_tuning_db_t *db, const char *canonical_text,
                             const char *target, char **error) {
  const char *params[] = {canonical_text, target};
  PGresult *res = run(db,
                      "SELECT DISTINCT t.target FROM tasks t JOIN records r "
                      "ON r.task_key = t.task_key AND r.target = t.target "
                      "WHERE t.canonical_text = $1 AND t.target <> $2 AND r.error IS NULL "
                      "ORDER BY t.target LIMIT 4",
                      2, params, "listing the targets of a task", error);
  if (!res)
    return NULL;
  char out[1024] = "";
  size_t len = 0;
  for (int i = 0; i < PQntuples(res) && len < sizeof out; ++i)
    len += (size_t)snprintf(out + len, sizeof out - len, "%s'%s'", len ? ", " : "",
                            PQgetvalue(res, i, 0));
  PQclear(res);
  char *copy = strdup(out);
  if (!copy)
    abort();
  return copy;
}

/* Rows are fetched in single-row mode: a large store is not held in memory. */
static bool p_for_each(strata_tuning_db_t *db, uint64_t key, const char *target,
                       strata_tuning_record_fn fn, void *user, char **error) {
  char k[24];
  format_key(k, key);
  const char *params[] = {k, target};
  const char *sql = target ? RECORD_COLUMNS "WHERE r.task_key = $1 AND r.target = $2 "
                                            "ORDER BY r.id"
                           : RECORD_COLUMNS "ORDER BY r.id";
  if (!PQsendQueryParams(conn(db), sql, target ? 2 : 0, NULL, target ? params : NULL, NULL,
                         NULL, 0) ||
      !PQsetSingleRowMode(conn(db)))
    return pg_fail(db, error, "reading records");
  bool ok = true, more = true;
  PGresult *res;
  while ((res = PQgetResult(conn(db)))) {
    ExecStatusType st = PQresultStatus(res);
    if (st == PGRES_SINGLE_TUPLE && ok && more) {
      strata_tuning_record_t record = {0};
      if (!read_record(res, 0, &record)) {
        char what[96];
        snprintf(what, sizeof what, "record %lld does not decode", (long long)record.id);
        ok = strata_record_store_corrupt(db, error, what);
      } else {
        more = fn(user, &record);
      }
      strata_tuning_record_clear(&record);
    } else if (st != PGRES_SINGLE_TUPLE && st != PGRES_TUPLES_OK && ok) {
      ok = pg_fail(db, error, "reading records");
    }
    PQclear(res);
  }
  return ok;
}

static int64_t p_last_id(strata_tuning_db_t *db, char **error) {
  PGresult *res = run(db, "SELECT coalesce(max(id), 0) FROM records", 0, NULL,
                      "reading the last record id", error);
  if (!res)
    return -1;
  int64_t id = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
  PQclear(res);
  return id;
}

static int exists(strata_tuning_db_t *db, const char *sql, int n, const char *const *params,
                  char **error) {
  PGresult *res = run(db, sql, n, params, "looking for a duplicate", error);
  if (!res)
    return -1;
  int found = PQntuples(res) > 0;
  PQclear(res);
  return found;
}

static int p_has_uid(strata_tuning_db_t *db, const char *uid, char **error) {
  return exists(db, "SELECT 1 FROM records WHERE uid = $1", 1, (const char *[]){uid}, error);
}

static int p_has_equal(strata_tuning_db_t *db, uint64_t key, const char *target,
                       const char *decisions, int64_t unix_time, const char *error_text,
                       double latency, int64_t before_id, char **error) {
  char k[24], t[24], lat[40], before[24];
  format_key(k, key);
  snprintf(t, sizeof t, "%lld", (long long)unix_time);
  snprintf(lat, sizeof lat, "%.17g", latency);
  snprintf(before, sizeof before, "%lld", (long long)before_id);
  const char *params[] = {k, target, decisions, t, error_text, error_text ? NULL : lat, before};
  return exists(db,
                "SELECT 1 FROM records WHERE task_key = $1 AND target = $2 AND decisions = $3 "
                "AND time = $4 AND error IS NOT DISTINCT FROM $5::text AND ((latency IS NULL "
                "AND $6::float8 IS NULL) OR abs(latency - $6::float8) <= 1e-12 * "
                "abs($6::float8)) AND id <= $7 LIMIT 1",
                7, params, error);
}

static const strata_record_store_ops_t PG_OPS = {
    .name = "postgresql",
    .close = p_close,
    .begin = p_begin,
    .commit = p_commit,
    .rollback = p_rollback,
    .add_task = p_add_task,
    .add_record = p_add_record,
    .best = p_best,
    .count = p_count,
    .other_targets = p_other_targets,
    .for_each = p_for_each,
    .last_id = p_last_id,
    .has_uid = p_has_uid,
    .has_equal = p_has_equal,
};

bool strata_record_store_pg_open(strata_tuning_db_t *db, const char *url, char **error) {
  db->ops = &PG_OPS;
  db->impl = PQconnectdb(url);
  if (!db->impl)
    return strata_fail(error, "tuning database '%s': cannot connect: out of memory", db->path);
  bool ok = PQstatus(conn(db)) == CONNECTION_OK ? true : pg_fail(db, error, "cannot connect");
  if (ok) {
    PQclear(PQexec(conn(db), "SET client_min_messages = warning"));
    char lock[64];
    snprintf(lock, sizeof lock, "SELECT pg_advisory_xact_lock(%lld)", SCHEMA_LOCK);
    ok = exec(db, "BEGIN", error) && exec(db, lock, error) &&
         exec(db, SCHEMA, error) && exec(db, "COMMIT", error);
  }
  if (!ok) {
    p_rollback(db);
    p_close(db);
  }
  return ok;
}

#else /* no libpq */

bool strata_record_store_have_pg(void) { return false; }

bool strata_record_store_pg_open(strata_tuning_db_t *db, const char *url, char **error) {
  (void)url;
  return strata_fail(error,
                     "tuning database '%s': this build has no PostgreSQL support (libpq was "
                     "not found at configure time; Debian: libpq-dev)",
                     db->path);
}

#endif
