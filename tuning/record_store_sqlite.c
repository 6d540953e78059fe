/* The SQLite back end of the record store (record_store.h): one file in WAL
 * mode (synchronous = FULL, 60 s busy timeout), every write one BEGIN
 * IMMEDIATE transaction, so concurrent writers queue on the busy timeout
 * instead of failing and a commit is durable when it returns. PRAGMA
 * user_version = 2; version 1 files get the uid column and fresh uids for
 * their rows when opened. Files up to 32 MiB get PRAGMA quick_check; a
 * damaged file is reported as corrupt. */
#include "tuning/record_store.h"

#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "runtime/status.h"
#include "tuning/database.h"

enum { SCHEMA_VERSION = 2, BUSY_TIMEOUT_MS = 60000 };

/* PRAGMA quick_check runs on open up to this file size (a few ms per MiB). */
#define QUICK_CHECK_MAX_BYTES (32ll << 20)

/* A fresh random uid, as SQL (version 1 files). */
#define NEW_UID "lower(hex(randomblob(8)))"

/* The condition on a records row (alias r) for a usable successful
 * measurement: no error and a finite latency >= 0 (older files may hold
 * others; NaN is stored as NULL, infinity compares above 1e308). */
#define VALID_LATENCY_SQL "r.error IS NULL AND r.latency >= 0 AND r.latency <= 1e308"

static sqlite3 *conn(strata_tuning_db_t *db) { return db->impl; }

static const char *const SCHEMA =
    "CREATE TABLE IF NOT EXISTS tasks("
    "  task_key INTEGER NOT NULL, target TEXT NOT NULL, canonical_text TEXT NOT NULL,"
    "  PRIMARY KEY (task_key, target));"
    "CREATE TABLE IF NOT EXISTS records("
    "  id INTEGER PRIMARY KEY, task_key INTEGER NOT NULL, target TEXT NOT NULL,"
    "  decisions TEXT NOT NULL, latency REAL, error TEXT, time INTEGER NOT NULL, uid TEXT,"
    "  FOREIGN KEY (task_key, target) REFERENCES tasks(task_key, target));"
    "CREATE INDEX IF NOT EXISTS records_by_task ON records(task_key, target, latency);";

/* Version 1 -> 2: the uid column, a fresh uid for every existing row. */
static const char *const ADD_UIDS =
    "ALTER TABLE records ADD COLUMN uid TEXT;"
    "UPDATE records SET uid = " NEW_UID " WHERE uid IS NULL;";
static const char *const UID_INDEX =
    "CREATE UNIQUE INDEX IF NOT EXISTS records_by_uid ON records(uid);";

/* SQLite's last error; SQLITE_CORRUPT and SQLITE_NOTADB say the file is
 * damaged, which the message says first. */
static bool sql_fail(strata_tuning_db_t *db, char **error, const char *what) {
  int code = sqlite3_extended_errcode(conn(db)) & 0xff;
  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    return strata_fail(error, "tuning database '%s' is corrupt: %s: %s", db->path, what,
                       sqlite3_errmsg(conn(db)));
  return strata_fail(error, "tuning database '%s': %s: %s", db->path, what,
                     sqlite3_errmsg(conn(db)));
}

static bool exec(strata_tuning_db_t *db, const char *sql, char **error) {
  if (sqlite3_exec(conn(db), sql, NULL, NULL, NULL) == SQLITE_OK)
    return true;
  return sql_fail(db, error, sql);
}

static sqlite3_stmt *prepare(strata_tuning_db_t *db, const char *sql, char **error) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(conn(db), sql, -1, &stmt, NULL) != SQLITE_OK) {
    sql_fail(db, error, "preparing a statement");
    return NULL;
  }
  return stmt;
}

static void s_rollback(strata_tuning_db_t *db) {
  if (!sqlite3_get_autocommit(conn(db)))
    sqlite3_exec(conn(db), "ROLLBACK", NULL, NULL, NULL);
}

static bool s_begin(strata_tuning_db_t *db, bool write, char **error) {
  return exec(db, write ? "BEGIN IMMEDIATE" : "BEGIN", error);
}

static bool s_commit(strata_tuning_db_t *db, char **error) { return exec(db, "COMMIT", error); }

static bool create_schema(strata_tuning_db_t *db, char **error) {
  if (!exec(db, "BEGIN IMMEDIATE", error))
    return false;
  sqlite3_stmt *stmt = prepare(db, "PRAGMA user_version", error);
  if (!stmt) {
    s_rollback(db);
    return false;
  }
  int version = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  if (version > SCHEMA_VERSION) {
    s_rollback(db);
    return strata_fail(error, "tuning database '%s': schema version %d is newer than %d",
                       db->path, version, SCHEMA_VERSION);
  }
  char set_version[64];
  snprintf(set_version, sizeof set_version, "PRAGMA user_version = %d", SCHEMA_VERSION);
  int has_uid = -1;
  if (exec(db, SCHEMA, error) &&
      (stmt = prepare(db, "SELECT count(*) FROM pragma_table_info('records') WHERE name = 'uid'",
                      error))) {
    if (sqlite3_step(stmt) == SQLITE_ROW)
      has_uid = sqlite3_column_int(stmt, 0);
    else
      sql_fail(db, error, "reading the schema");
    sqlite3_finalize(stmt);
  }
  if (has_uid < 0 || (!has_uid && !exec(db, ADD_UIDS, error)) || !exec(db, UID_INDEX, error) ||
      !exec(db, set_version, error) || !exec(db, "COMMIT", error)) {
    s_rollback(db);
    return false;
  }
  return true;
}

/* PRAGMA quick_check (page structure, record formats, NOT NULL) for files
 * small enough that it is cheap; a damaged file is reported as corrupt
 * here rather than as odd query results later. */
static bool check_integrity(strata_tuning_db_t *db, char **error) {
  sqlite3_stmt *stmt = prepare(db, "SELECT page_count * page_size FROM pragma_page_count(), "
                                   "pragma_page_size()", error);
  if (!stmt)
    return false;
  int rc = sqlite3_step(stmt);
  sqlite3_int64 bytes = rc == SQLITE_ROW ? sqlite3_column_int64(stmt, 0) : 0;
  sqlite3_finalize(stmt);
  if (rc != SQLITE_ROW)
    return sql_fail(db, error, "reading the file size");
  if (bytes > QUICK_CHECK_MAX_BYTES)
    return true;
  if (!(stmt = prepare(db, "PRAGMA quick_check(1)", error)))
    return false;
  rc = sqlite3_step(stmt);
  const char *result = rc == SQLITE_ROW ? (const char *)sqlite3_column_text(stmt, 0) : NULL;
  bool ok = result && strcmp(result, "ok") == 0;
  if (!ok && result)
    strata_record_store_corrupt(db, error, result);
  else if (!ok)
    sql_fail(db, error, "checking the file");
  sqlite3_finalize(stmt);
  return ok;
}

/* journal_mode=WAL is persistent in the file; switching needs an exclusive
 * lock. SQLite may answer SQLITE_BUSY at once instead of calling the busy
 * handler (two processes creating the file together), so retry for as
 * long as the busy timeout would have waited. */
static bool switch_to_wal(strata_tuning_db_t *db, char **error) {
  bool wal = false;
  for (int waited_ms = 0; !wal && waited_ms <= BUSY_TIMEOUT_MS; waited_ms += 10) {
    sqlite3_stmt *stmt = prepare(db, "PRAGMA journal_mode = WAL", error);
    if (!stmt)
      return false;
    int step = sqlite3_step(stmt);
    wal = step == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(stmt, 0), "wal") == 0;
    sqlite3_finalize(stmt);
    if (wal || (step != SQLITE_BUSY && step != SQLITE_LOCKED))
      break;
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  return wal || sql_fail(db, error, "cannot switch to WAL mode");
}

static void s_close(strata_tuning_db_t *db) {
  sqlite3_close(conn(db));
  db->impl = NULL;
}

/* Binds ?1 = task key and ?2 = target, the key of every task query. */
static void bind_task(sqlite3_stmt *stmt, uint64_t key, const char *target) {
  sqlite3_bind_int64(stmt, 1, (sqlite3_int64)key);
  sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
}

static int s_add_task(strata_tuning_db_t *db, uint64_t key, const char *target,
                      const char *canonical_text, char **stored, char **error) {
  sqlite3_stmt *stmt = prepare(
      db, "INSERT OR IGNORE INTO tasks(task_key, target, canonical_text) VALUES (?1, ?2, ?3)",
      error);
  if (!stmt)
    return -1;
  bind_task(stmt, key, target);
  sqlite3_bind_text(stmt, 3, canonical_text, -1, SQLITE_STATIC);
  bool ok = sqlite3_step(stmt) == SQLITE_DONE;
  sqlite3_finalize(stmt);
  if (!ok)
    return sql_fail(db, error, "adding a task") - 1;
  if (sqlite3_changes(conn(db)) == 1)
    return 1;
  stmt = prepare(db, "SELECT canonical_text, typeof(canonical_text) FROM tasks "
                     "WHERE task_key = ?1 AND target = ?2",
                 error);
  if (!stmt)
    return -1;
  bind_task(stmt, key, target);
  int rc = sqlite3_step(stmt);
  *stored = rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(stmt, 1), "text") == 0
                ? strata_record_store_column_strdup(stmt, 0)
                : NULL;
  int result = 0;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    result = sql_fail(db, error, "reading a task") - 1;
  else if (rc == SQLITE_DONE) /* the insert found the row, the select does not */
    result = strata_record_store_corrupt(db, error, "the tasks table and its index disagree") - 1;
  sqlite3_finalize(stmt);
  return result;
}

static bool s_add_record(strata_tuning_db_t *db, uint64_t key, const char *target,
                         const char *decisions, double latency, const char *error_text,
                         int64_t unix_time, const char *uid, char **error) {
  sqlite3_stmt *stmt = prepare(db,
                               "INSERT INTO records(task_key, target, decisions, latency, "
                               "error, time, uid) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                               error);
  if (!stmt)
    return false;
  bind_task(stmt, key, target);
  sqlite3_bind_text(stmt, 3, decisions, -1, SQLITE_STATIC);
  if (error_text) {
    sqlite3_bind_null(stmt, 4);
    sqlite3_bind_text(stmt, 5, error_text, -1, SQLITE_STATIC);
  } else {
    sqlite3_bind_double(stmt, 4, latency);
    sqlite3_bind_null(stmt, 5);
  }
  sqlite3_bind_int64(stmt, 6, unix_time);
  sqlite3_bind_text(stmt, 7, uid, -1, SQLITE_STATIC);
  bool ok = sqlite3_step(stmt) == SQLITE_DONE;
  sqlite3_finalize(stmt);
  return ok || sql_fail(db, error, "adding a record");
}

static const char *const RECORD_COLUMNS =
    "SELECT r.id, r.task_key, r.target, t.canonical_text, r.decisions, r.latency, r.error, "
    "r.time, r.uid FROM records r JOIN tasks t ON t.task_key = r.task_key AND "
    "t.target = r.target ";

/* Reads a row of RECORD_COLUMNS; false when a field that cannot be NULL
 * is (a damaged row). An errored row's latency reads as NAN. */
static bool read_record(sqlite3_stmt *stmt, strata_tuning_record_t *out) {
  out->id = sqlite3_column_int64(stmt, 0);
  out->task_key = (uint64_t)sqlite3_column_int64(stmt, 1);
  out->target = strata_record_store_column_strdup(stmt, 2);
  out->canonical_text = strata_record_store_column_strdup(stmt, 3);
  out->decisions = strata_record_store_column_strdup(stmt, 4);
  out->error = strata_record_store_column_strdup(stmt, 6);
  out->latency = sqlite3_column_type(stmt, 5) == SQLITE_NULL || out->error
                     ? NAN
                     : sqlite3_column_double(stmt, 5);
  out->unix_time = sqlite3_column_int64(stmt, 7);
  out->uid = strata_record_store_column_strdup(stmt, 8);
  return out->target && out->canonical_text && out->decisions && out->uid;
}

static int s_best(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                  strata_tuning_record_t *out, char **error) {
  char sql[512];
  snprintf(sql, sizeof sql,
           "%s WHERE r.task_key = ?1 AND r.target = ?2 AND " VALID_LATENCY_SQL
           " ORDER BY r.latency, r.id LIMIT 1",
           RECORD_COLUMNS);
  sqlite3_stmt *stmt = prepare(db, sql, error);
  if (!stmt)
    return -1;
  bind_task(stmt, task_key, target);
  int rc = sqlite3_step(stmt);
  int found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  if (found == 1 && !read_record(stmt, out)) {
    strata_tuning_record_clear(out);
    found = -1;
    strata_record_store_corrupt(db, error, "a record row does not decode");
  } else if (found < 0)
    sql_fail(db, error, "finding the best record");
  sqlite3_finalize(stmt);
  return found;
}

static int64_t s_count(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                       char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      target ? "SELECT count(*) FROM records WHERE task_key = ?1 AND target = ?2"
             : "SELECT count(*) FROM records",
      error);
  if (!stmt)
    return -1;
  if (target)
    bind_task(stmt, task_key, target);
  int64_t count = -1;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    count = sqlite3_column_int64(stmt, 0);
  else
    sql_fail(db, error, "counting records");
  sqlite3_finalize(stmt);
  return count;
}

static char *s_other_targets(strata_tuning_db_t *db, const char *canonical_text,
                             const char *target, char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      "SELECT DISTINCT t.target FROM tasks t JOIN records r "
      "ON r.task_key = t.task_key AND r.target = t.target "
      "WHERE t.canonical_text = ?1 AND t.target != ?2 AND r.error IS NULL "
      "ORDER BY t.target LIMIT 4",
      error);
  if (!stmt)
    return NULL;
  sqlite3_bind_text(stmt, 1, canonical_text, -1, SQLITE_STATIC);
  sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
  char out[1024] = "";
  size_t len = 0;
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW && len < sizeof out)
    len += (size_t)snprintf(out + len, sizeof out - len, "%s'%s'", len ? ", " : "",
                            (const char *)sqlite3_column_text(stmt, 0));
  sqlite3_finalize(stmt);
  if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
    sql_fail(db, error, "listing the targets of a task");
    return NULL;
  }
  char *copy = strdup(out);
  if (!copy)
    abort();
  return copy;
}

static bool s_for_each(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                       strata_tuning_record_fn fn, void *user, char **error) {
  char sql[512];
  snprintf(sql, sizeof sql, "%s %s ORDER BY r.id", RECORD_COLUMNS,
           target ? "WHERE r.task_key = ?1 AND r.target = ?2" : "");
  sqlite3_stmt *stmt = prepare(db, sql, error);
  if (!stmt)
    return false;
  if (target)
    bind_task(stmt, task_key, target);
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    strata_tuning_record_t record = {0};
    if (!read_record(stmt, &record)) {
      char what[96];
      snprintf(what, sizeof what, "record %lld does not decode", (long long)record.id);
      strata_tuning_record_clear(&record);
      sqlite3_finalize(stmt);
      return strata_record_store_corrupt(db, error, what);
    }
    bool more = fn(user, &record);
    strata_tuning_record_clear(&record);
    if (!more) {
      rc = SQLITE_DONE;
      break;
    }
  }
  bool ok = rc == SQLITE_DONE || sql_fail(db, error, "reading records");
  sqlite3_finalize(stmt);
  return ok;
}

static int64_t s_last_id(strata_tuning_db_t *db, char **error) {
  sqlite3_stmt *stmt = prepare(db, "SELECT coalesce(max(id), 0) FROM records", error);
  if (!stmt)
    return -1;
  int64_t id = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int64(stmt, 0)
                                                : sql_fail(db, error, "reading the last record id") - 1;
  sqlite3_finalize(stmt);
  return id;
}

/* 1 for a row, 0 for none, -1 (with *error) on failure. */
static int step_exists(strata_tuning_db_t *db, sqlite3_stmt *stmt, char **error) {
  int rc = sqlite3_step(stmt);
  int exists = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  sqlite3_finalize(stmt);
  if (exists < 0)
    sql_fail(db, error, "looking for a duplicate");
  return exists;
}

static int s_has_uid(strata_tuning_db_t *db, const char *uid, char **error) {
  sqlite3_stmt *stmt = prepare(db, "SELECT 1 FROM records WHERE uid = ?1", error);
  if (!stmt)
    return -1;
  sqlite3_bind_text(stmt, 1, uid, -1, SQLITE_STATIC);
  return step_exists(db, stmt, error);
}

static int s_has_equal(strata_tuning_db_t *db, uint64_t key, const char *target,
                       const char *decisions, int64_t unix_time, const char *error_text,
                       double latency, int64_t before_id, char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      "SELECT 1 FROM records WHERE task_key = ?1 AND target = ?2 AND decisions = ?3 AND "
      "time = ?4 AND error IS ?5 AND ((latency IS NULL AND ?6 IS NULL) OR "
      "abs(latency - ?6) <= 1e-12 * abs(?6)) AND id <= ?7 LIMIT 1",
      error);
  if (!stmt)
    return -1;
  bind_task(stmt, key, target);
  sqlite3_bind_text(stmt, 3, decisions, -1, SQLITE_STATIC);
  sqlite3_bind_int64(stmt, 4, unix_time);
  if (error_text)
    sqlite3_bind_text(stmt, 5, error_text, -1, SQLITE_STATIC);
  else
    sqlite3_bind_double(stmt, 6, latency);
  sqlite3_bind_int64(stmt, 7, before_id);
  return step_exists(db, stmt, error);
}

static const strata_record_store_ops_t SQLITE_OPS = {
    .name = "sqlite",
    .close = s_close,
    .begin = s_begin,
    .commit = s_commit,
    .rollback = s_rollback,
    .add_task = s_add_task,
    .add_record = s_add_record,
    .best = s_best,
    .count = s_count,
    .other_targets = s_other_targets,
    .for_each = s_for_each,
    .last_id = s_last_id,
    .has_uid = s_has_uid,
    .has_equal = s_has_equal,
};

bool strata_record_store_sqlite_open(strata_tuning_db_t *db, const char *path, char **error) {
  sqlite3 *sql = NULL;
  int rc = sqlite3_open_v2(path, &sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  db->ops = &SQLITE_OPS;
  db->impl = sql;
  if (rc != SQLITE_OK) {
    if (sql)
      sql_fail(db, error, "cannot open");
    else
      strata_fail(error, "tuning database '%s': cannot open: out of memory", path);
  } else {
    sqlite3_busy_timeout(sql, BUSY_TIMEOUT_MS);
    if (switch_to_wal(db, error) && exec(db, "PRAGMA synchronous = FULL", error) &&
        exec(db, "PRAGMA foreign_keys = ON", error) && check_integrity(db, error) &&
        create_schema(db, error))
      return true;
  }
  sqlite3_close(sql);
  db->impl = NULL;
  return false;
}
