/* The SQLite tuning database; see database.h.
 *
 * Schema (PRAGMA user_version = 2):
 *   tasks(task_key, target, canonical_text)     primary key (task_key, target)
 *   records(id, task_key, target, decisions, latency, error, time, uid)
 * task_key is the xxHash64 stored as a signed 64-bit integer. uid is the
 * record's identity across files: 16 hex digits of a random 64-bit number
 * made at insert (or taken from an imported line), unique; version 1 files
 * get the column and fresh uids for their rows when opened. Every write is
 * one BEGIN IMMEDIATE transaction, so concurrent writers queue on the busy
 * timeout instead of failing, and WAL with synchronous=FULL makes a commit
 * durable before strata_tuning_db_add returns. */
#include "tuning/database.h"

#include <ctype.h>
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <xxhash.h>

#include "runtime/status.h"
#include "tuning/json_writer.h"

enum { SCHEMA_VERSION = 2, BUSY_TIMEOUT_MS = 60000 };

/* PRAGMA quick_check runs on open up to this file size (a few ms per MiB). */
#define QUICK_CHECK_MAX_BYTES (32ll << 20)

/* A fresh random uid, as SQL. */
#define NEW_UID "lower(hex(randomblob(8)))"

/* The condition on a records row (alias r) for a usable successful
 * measurement: no error and a finite latency >= 0 (older files may hold
 * others; NaN is stored as NULL, infinity compares above 1e308). */
#define VALID_LATENCY_SQL "r.error IS NULL AND r.latency >= 0 AND r.latency <= 1e308"

struct strata_tuning_db {
  sqlite3 *sql;
  char *path;
};

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

uint64_t strata_tuning_task_key(const char *canonical_text, const char *target) {
  XXH64_state_t *state = XXH64_createState();
  if (!state)
    abort();
  XXH64_reset(state, 0);
  XXH64_update(state, canonical_text, strlen(canonical_text) + 1); /* with its NUL */
  XXH64_update(state, target, strlen(target));
  uint64_t key = XXH64_digest(state);
  XXH64_freeState(state);
  return key;
}

void strata_tuning_task_init(strata_tuning_task_t *task, const char *canonical_text,
                             const char *target) {
  task->canonical_text = canonical_text;
  task->target = target;
  task->key = strata_tuning_task_key(canonical_text, target);
}

/* SQLite's last error; SQLITE_CORRUPT and SQLITE_NOTADB say the file is
 * damaged, which the message says first. */
static bool sql_fail(strata_tuning_db_t *db, char **error, const char *what) {
  int code = sqlite3_extended_errcode(db->sql) & 0xff;
  if (code == SQLITE_CORRUPT || code == SQLITE_NOTADB)
    return strata_fail(error, "tuning database '%s' is corrupt: %s: %s", db->path, what,
                       sqlite3_errmsg(db->sql));
  return strata_fail(error, "tuning database '%s': %s: %s", db->path, what,
                     sqlite3_errmsg(db->sql));
}

static bool corrupt(strata_tuning_db_t *db, char **error, const char *problem) {
  return strata_fail(error, "tuning database '%s' is corrupt: %s", db->path, problem);
}

static bool exec(strata_tuning_db_t *db, const char *sql, char **error) {
  if (sqlite3_exec(db->sql, sql, NULL, NULL, NULL) == SQLITE_OK)
    return true;
  return sql_fail(db, error, sql);
}

static sqlite3_stmt *prepare(strata_tuning_db_t *db, const char *sql, char **error) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db->sql, sql, -1, &stmt, NULL) != SQLITE_OK) {
    sql_fail(db, error, "preparing a statement");
    return NULL;
  }
  return stmt;
}

static void rollback(strata_tuning_db_t *db) {
  if (!sqlite3_get_autocommit(db->sql))
    sqlite3_exec(db->sql, "ROLLBACK", NULL, NULL, NULL);
}

static bool create_schema(strata_tuning_db_t *db, char **error) {
  if (!exec(db, "BEGIN IMMEDIATE", error))
    return false;
  sqlite3_stmt *stmt = prepare(db, "PRAGMA user_version", error);
  if (!stmt) {
    rollback(db);
    return false;
  }
  int version = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_int(stmt, 0) : -1;
  sqlite3_finalize(stmt);
  if (version > SCHEMA_VERSION) {
    rollback(db);
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
    rollback(db);
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
    corrupt(db, error, result);
  else if (!ok)
    sql_fail(db, error, "checking the file");
  sqlite3_finalize(stmt);
  return ok;
}

strata_tuning_db_t *strata_tuning_db_open(const char *path, char **error) {
  strata_tuning_db_t *db = calloc(1, sizeof *db);
  if (!db || !(db->path = strdup(path)))
    abort();
  int rc = sqlite3_open_v2(path, &db->sql, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL);
  if (rc != SQLITE_OK) {
    if (db->sql)
      sql_fail(db, error, "cannot open");
    else
      strata_fail(error, "tuning database '%s': cannot open: out of memory", path);
    strata_tuning_db_close(db);
    return NULL;
  }
  sqlite3_busy_timeout(db->sql, BUSY_TIMEOUT_MS);
  /* journal_mode=WAL is persistent in the file; switching needs an exclusive
   * lock. SQLite may answer SQLITE_BUSY at once instead of calling the busy
   * handler (two processes creating the file together), so retry for as
   * long as the busy timeout would have waited. */
  bool wal = false;
  int step = SQLITE_BUSY;
  for (int waited_ms = 0; !wal && waited_ms <= BUSY_TIMEOUT_MS; waited_ms += 10) {
    sqlite3_stmt *stmt = prepare(db, "PRAGMA journal_mode = WAL", error);
    if (!stmt) {
      strata_tuning_db_close(db);
      return NULL;
    }
    step = sqlite3_step(stmt);
    wal = step == SQLITE_ROW &&
          strcmp((const char *)sqlite3_column_text(stmt, 0), "wal") == 0;
    sqlite3_finalize(stmt);
    if (wal || (step != SQLITE_BUSY && step != SQLITE_LOCKED))
      break;
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  if (!wal) {
    sql_fail(db, error, "cannot switch to WAL mode");
    strata_tuning_db_close(db);
    return NULL;
  }
  if (!exec(db, "PRAGMA synchronous = FULL", error) ||
      !exec(db, "PRAGMA foreign_keys = ON", error) || !check_integrity(db, error) ||
      !create_schema(db, error)) {
    strata_tuning_db_close(db);
    return NULL;
  }
  return db;
}

void strata_tuning_db_close(strata_tuning_db_t *db) {
  if (!db)
    return;
  sqlite3_close(db->sql);
  free(db->path);
  free(db);
}

void strata_tuning_record_clear(strata_tuning_record_t *record) {
  free(record->target);
  free(record->canonical_text);
  free(record->decisions);
  free(record->error);
  free(record->uid);
  memset(record, 0, sizeof *record);
}

bool strata_tuning_record_latency_ok(const strata_tuning_record_t *record) {
  return record->error || (isfinite(record->latency) && record->latency >= 0);
}

/* Binds ?1 = task key and ?2 = target, the key of every task query. */
static void bind_task(sqlite3_stmt *stmt, uint64_t key, const char *target) {
  sqlite3_bind_int64(stmt, 1, (sqlite3_int64)key);
  sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
}

/* Inserts the task row, or checks that the existing row has the same
 * canonical text (a different one would be an xxHash64 collision). Runs
 * inside the caller's transaction. */
static bool ensure_task(strata_tuning_db_t *db, uint64_t key, const char *target,
                        const char *canonical_text, char **error) {
  sqlite3_stmt *stmt = prepare(
      db, "INSERT OR IGNORE INTO tasks(task_key, target, canonical_text) VALUES (?1, ?2, ?3)",
      error);
  if (!stmt)
    return false;
  bind_task(stmt, key, target);
  sqlite3_bind_text(stmt, 3, canonical_text, -1, SQLITE_STATIC);
  bool ok = sqlite3_step(stmt) == SQLITE_DONE;
  sqlite3_finalize(stmt);
  if (!ok)
    return sql_fail(db, error, "adding a task");
  if (sqlite3_changes(db->sql) == 1)
    return true;
  stmt = prepare(db, "SELECT canonical_text, typeof(canonical_text) FROM tasks "
                     "WHERE task_key = ?1 AND target = ?2",
                 error);
  if (!stmt)
    return false;
  bind_task(stmt, key, target);
  /* A differing stored text is a collision only if it hashes to the key
   * too; otherwise the row was damaged (or written by a broken tool). */
  int rc = sqlite3_step(stmt);
  const char *stored = rc == SQLITE_ROW && strcmp((const char *)sqlite3_column_text(stmt, 1),
                                                  "text") == 0
                           ? (const char *)sqlite3_column_text(stmt, 0)
                           : NULL;
  int verdict = !stored                                              ? -1
                : strcmp(stored, canonical_text) == 0                ? 0
                : strata_tuning_task_key(stored, target) == key ? 1
                                                                     : 2;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    sql_fail(db, error, "reading a task");
  else if (rc == SQLITE_DONE) /* the insert found the row, the select does not */
    corrupt(db, error, "the tasks table and its index disagree");
  else if (verdict < 0)
    corrupt(db, error, "a task row without canonical text");
  else if (verdict == 2)
    strata_fail(error, "tuning database '%s' is corrupt: the canonical text of task %016llx "
                       "does not hash to its key", db->path, (unsigned long long)key);
  else if (verdict == 1)
    strata_fail(error,
                "tuning database '%s': task key %016llx already belongs to another "
                "canonical text (xxHash64 collision)",
                db->path, (unsigned long long)key);
  sqlite3_finalize(stmt);
  return rc == SQLITE_ROW && verdict == 0;
}

/* Inserts one record row inside the caller's transaction. decisions is
 * minified through json(), which also rejects malformed JSON. uid NULL:
 * a fresh random one. */
static bool insert_record(strata_tuning_db_t *db, uint64_t key, const char *target,
                          const char *decisions, double latency, const char *error_text,
                          int64_t unix_time, const char *uid, char **error) {
  sqlite3_stmt *stmt = prepare(db,
                               "INSERT INTO records(task_key, target, decisions, latency, "
                               "error, time, uid) VALUES (?1, ?2, json(?3), ?4, ?5, ?6, "
                               "coalesce(?7, " NEW_UID "))",
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
  if (uid)
    sqlite3_bind_text(stmt, 7, uid, -1, SQLITE_STATIC);
  bool ok = sqlite3_step(stmt) == SQLITE_DONE;
  sqlite3_finalize(stmt);
  return ok || sql_fail(db, error, "adding a record");
}

bool strata_tuning_db_add(strata_tuning_db_t *db, const strata_tuning_task_t *task,
                          const char *decisions_json, double latency, const char *error_text,
                          int64_t unix_time, char **error) {
  if (!error_text && !(isfinite(latency) && latency >= 0))
    return strata_fail(error, "tuning database '%s': latency %g is not a duration", db->path,
                       latency);
  if (unix_time == 0)
    unix_time = (int64_t)time(NULL);
  if (!exec(db, "BEGIN IMMEDIATE", error))
    return false;
  if (!ensure_task(db, task->key, task->target, task->canonical_text, error) ||
      !insert_record(db, task->key, task->target, decisions_json, latency, error_text,
                     unix_time, NULL, error) ||
      !exec(db, "COMMIT", error)) {
    rollback(db);
    return false;
  }
  return true;
}

static char *column_strdup(sqlite3_stmt *stmt, int column) {
  const unsigned char *text = sqlite3_column_text(stmt, column);
  if (!text)
    return NULL;
  char *copy = strdup((const char *)text);
  if (!copy)
    abort();
  return copy;
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
  out->target = column_strdup(stmt, 2);
  out->canonical_text = column_strdup(stmt, 3);
  out->decisions = column_strdup(stmt, 4);
  out->error = column_strdup(stmt, 6);
  out->latency = sqlite3_column_type(stmt, 5) == SQLITE_NULL || out->error
                     ? NAN
                     : sqlite3_column_double(stmt, 5);
  out->unix_time = sqlite3_column_int64(stmt, 7);
  out->uid = column_strdup(stmt, 8);
  return out->target && out->canonical_text && out->decisions && out->uid;
}

int strata_tuning_db_best(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                          strata_tuning_record_t *out, char **error) {
  char sql[512];
  snprintf(sql, sizeof sql,
           "%s WHERE r.task_key = ?1 AND r.target = ?2 AND " VALID_LATENCY_SQL
           " ORDER BY r.latency, r.id LIMIT 1",
           RECORD_COLUMNS);
  sqlite3_stmt *stmt = prepare(db, sql, error);
  if (!stmt)
    return -1;
  sqlite3_bind_int64(stmt, 1, (sqlite3_int64)task_key);
  sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
  int rc = sqlite3_step(stmt);
  int found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  if (found == 1 && !read_record(stmt, out)) {
    strata_tuning_record_clear(out);
    found = -1;
    corrupt(db, error, "a record row does not decode");
  } else if (found < 0)
    sql_fail(db, error, "finding the best record");
  sqlite3_finalize(stmt);
  return found;
}

int64_t strata_tuning_db_count(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      target ? "SELECT count(*) FROM records WHERE task_key = ?1 AND target = ?2"
             : "SELECT count(*) FROM records",
      error);
  if (!stmt)
    return -1;
  if (target) {
    sqlite3_bind_int64(stmt, 1, (sqlite3_int64)task_key);
    sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
  }
  int64_t count = -1;
  if (sqlite3_step(stmt) == SQLITE_ROW)
    count = sqlite3_column_int64(stmt, 0);
  else
    sql_fail(db, error, "counting records");
  sqlite3_finalize(stmt);
  return count;
}

char *strata_tuning_db_other_targets(strata_tuning_db_t *db, const char *canonical_text,
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

bool strata_tuning_db_for_each(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               strata_tuning_record_fn fn, void *user, char **error) {
  char sql[512];
  snprintf(sql, sizeof sql, "%s %s ORDER BY r.id", RECORD_COLUMNS,
           target ? "WHERE r.task_key = ?1 AND r.target = ?2" : "");
  sqlite3_stmt *stmt = prepare(db, sql, error);
  if (!stmt)
    return false;
  if (target) {
    sqlite3_bind_int64(stmt, 1, (sqlite3_int64)task_key);
    sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
  }
  int rc;
  while ((rc = sqlite3_step(stmt)) == SQLITE_ROW) {
    strata_tuning_record_t record = {0};
    if (!read_record(stmt, &record)) {
      char what[96];
      snprintf(what, sizeof what, "record %lld does not decode", (long long)record.id);
      strata_tuning_record_clear(&record);
      sqlite3_finalize(stmt);
      return corrupt(db, error, what);
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

/* --- JSON lines -------------------------------------------------------------- */

typedef struct {
  FILE *out;
  bool write_failed;
  int64_t invalid; /* records not written: a latency that is not a duration */
} export_state_t;

static bool export_record(void *user, const strata_tuning_record_t *r) {
  export_state_t *state = user;
  if (!strata_tuning_record_latency_ok(r)) {
    ++state->invalid;
    return true;
  }
  strata_json_writer_t w = {0};
  strata_json_puts(&w, "{\"uid\":");
  strata_json_string(&w, r->uid);
  strata_json_printf(&w, ",\"task\":\"%016llx\",\"target\":", (unsigned long long)r->task_key);
  strata_json_string(&w, r->target);
  strata_json_puts(&w, ",\"canonical\":");
  strata_json_string(&w, r->canonical_text);
  strata_json_puts(&w, ",\"decisions\":");
  strata_json_puts(&w, r->decisions);
  if (r->error) {
    strata_json_puts(&w, ",\"latency\":null,\"error\":");
    strata_json_string(&w, r->error);
  } else {
    strata_json_printf(&w, ",\"latency\":%.17g,\"error\":null", r->latency);
  }
  strata_json_printf(&w, ",\"time\":%lld}\n", (long long)r->unix_time);
  state->write_failed = fwrite(w.data, 1, w.len, state->out) != w.len;
  free(w.data);
  return !state->write_failed;
}

bool strata_tuning_db_export_jsonl(strata_tuning_db_t *db, FILE *out, int64_t *invalid,
                                   char **error) {
  export_state_t state = {out, false, 0};
  /* One read transaction: a consistent snapshot while other tuners write. */
  if (!exec(db, "BEGIN", error))
    return false;
  bool ok = strata_tuning_db_for_each(db, 0, NULL, export_record, &state, error);
  rollback(db);
  if (ok && (state.write_failed || fflush(out) != 0))
    return strata_fail(error, "tuning database '%s': cannot write the export", db->path);
  if (ok && invalid)
    *invalid = state.invalid;
  return ok;
}

/* The fields of one imported line, read through SQLite's JSON functions. */
typedef struct {
  char *uid, *task, *target, *canonical, *decisions, *error_text; /* uid NULL: none */
  double latency;
  int64_t unix_time;
} jsonl_fields_t;

static void jsonl_fields_clear(jsonl_fields_t *f) {
  free(f->uid);
  free(f->task);
  free(f->target);
  free(f->canonical);
  free(f->decisions);
  free(f->error_text);
  memset(f, 0, sizeof *f);
}

static const char *json_type_name(sqlite3_stmt *stmt, int column) {
  const unsigned char *t = sqlite3_column_text(stmt, column);
  if (!t)
    return "missing";
  static const char *const names[] = {"null", "true", "false", "integer", "real", "text",
                                      "array", "object"};
  for (size_t i = 0; i < sizeof names / sizeof *names; ++i)
    if (strcmp((const char *)t, names[i]) == 0)
      return names[i];
  return "unknown";
}

static bool is_hex16(const char *s) {
  return s && strlen(s) == 16 && strspn(s, "0123456789abcdefABCDEF") == 16;
}

static bool line_fail(char **error, long line_number, const char *problem) {
  return strata_fail(error, "tuning database import: line %ld: %s", line_number, problem);
}

/* Parses one line into fields. */
static bool parse_jsonl_line(strata_tuning_db_t *db, const char *line, long line_number,
                             jsonl_fields_t *f, char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      "SELECT json_valid(?1) AND json_type(?1) = 'object'",
      error);
  if (!stmt)
    return false;
  sqlite3_bind_text(stmt, 1, line, -1, SQLITE_STATIC);
  bool valid = sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_int(stmt, 0) == 1;
  sqlite3_finalize(stmt);
  if (!valid)
    return line_fail(error, line_number, "not a JSON object");
  stmt = prepare(db,
                 "SELECT json_extract(?1, '$.task'), json_extract(?1, '$.target'), "
                 "json_extract(?1, '$.canonical'), json_type(?1, '$.decisions'), "
                 "json_extract(?1, '$.decisions'), json_type(?1, '$.latency'), "
                 "json_extract(?1, '$.latency'), json_extract(?1, '$.error'), "
                 "json_type(?1, '$.time'), json_extract(?1, '$.time'), "
                 "json_type(?1, '$.task'), json_type(?1, '$.target'), "
                 "json_type(?1, '$.canonical'), json_type(?1, '$.error'), "
                 "json_type(?1, '$.uid'), json_extract(?1, '$.uid')",
                 error);
  if (!stmt)
    return false;
  sqlite3_bind_text(stmt, 1, line, -1, SQLITE_STATIC);
  if (sqlite3_step(stmt) != SQLITE_ROW) {
    sqlite3_finalize(stmt);
    return sql_fail(db, error, "reading an imported line");
  }
  const char *problem = NULL;
  if (strcmp(json_type_name(stmt, 10), "text") != 0)
    problem = "\"task\" must be a string";
  else if (strcmp(json_type_name(stmt, 11), "text") != 0)
    problem = "\"target\" must be a string";
  else if (strcmp(json_type_name(stmt, 12), "text") != 0)
    problem = "\"canonical\" must be a string";
  else if (strcmp(json_type_name(stmt, 3), "object") != 0)
    problem = "\"decisions\" must be an object";
  else if (strcmp(json_type_name(stmt, 8), "integer") != 0)
    problem = "\"time\" must be an integer";
  else if (strcmp(json_type_name(stmt, 14), "missing") != 0 &&
           (strcmp(json_type_name(stmt, 14), "text") != 0 ||
            !is_hex16((const char *)sqlite3_column_text(stmt, 15))))
    problem = "\"uid\" must be 16 hex digits";
  else {
    const char *latency_type = json_type_name(stmt, 5);
    const char *error_type = json_type_name(stmt, 13);
    bool measured = strcmp(latency_type, "real") == 0 || strcmp(latency_type, "integer") == 0;
    if (measured && strcmp(error_type, "null") != 0 && strcmp(error_type, "missing") != 0)
      problem = "a record has a latency or an error, not both";
    else if (!measured && strcmp(error_type, "text") != 0)
      problem = "\"latency\" must be a number, or \"error\" a string";
    f->task = column_strdup(stmt, 0);
    f->target = column_strdup(stmt, 1);
    f->canonical = column_strdup(stmt, 2);
    f->decisions = column_strdup(stmt, 4);
    f->latency = measured ? sqlite3_column_double(stmt, 6) : NAN;
    f->error_text = measured ? NULL : column_strdup(stmt, 7);
    f->unix_time = sqlite3_column_int64(stmt, 9);
    f->uid = column_strdup(stmt, 15);
  }
  sqlite3_finalize(stmt);
  if (problem)
    return line_fail(error, line_number, problem);
  if (!f->error_text && !(isfinite(f->latency) && f->latency >= 0)) {
    char what[128];
    snprintf(what, sizeof what, "latency %g is not a duration (seconds, finite, >= 0)",
             f->latency);
    return line_fail(error, line_number, what);
  }
  return true;
}

/* 1 when the record of f is already present, 0 when not, -1 on error.
 * A line with a uid is present when a record has that uid. A line without
 * one (an export older than uids) is present when a record that was there
 * before this import (id <= before_id) has equal fields; latencies compare
 * with a relative tolerance, as SQLite's JSON number parser need not
 * round-trip the 17 digits of an export bit for bit. */
static int record_exists(strata_tuning_db_t *db, uint64_t key, const jsonl_fields_t *f,
                         sqlite3_int64 before_id, char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      f->uid ? "SELECT 1 FROM records WHERE uid = ?7"
             : "SELECT 1 FROM records WHERE task_key = ?1 AND target = ?2 AND "
               "decisions = json(?3) AND time = ?4 AND error IS ?5 AND ((latency IS NULL AND "
               "?6 IS NULL) OR abs(latency - ?6) <= 1e-12 * abs(?6)) AND id <= ?8 LIMIT 1",
      error);
  if (!stmt)
    return -1;
  if (f->uid) {
    sqlite3_bind_text(stmt, 7, f->uid, -1, SQLITE_STATIC);
  } else {
    sqlite3_bind_int64(stmt, 1, (sqlite3_int64)key);
    sqlite3_bind_text(stmt, 2, f->target, -1, SQLITE_STATIC);
    sqlite3_bind_text(stmt, 3, f->decisions, -1, SQLITE_STATIC);
    sqlite3_bind_int64(stmt, 4, f->unix_time);
    if (f->error_text)
      sqlite3_bind_text(stmt, 5, f->error_text, -1, SQLITE_STATIC);
    else
      sqlite3_bind_double(stmt, 6, f->latency);
    sqlite3_bind_int64(stmt, 8, before_id);
  }
  int rc = sqlite3_step(stmt);
  int exists = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  sqlite3_finalize(stmt);
  if (exists < 0)
    sql_fail(db, error, "looking for a duplicate");
  return exists;
}

static bool import_line(strata_tuning_db_t *db, const char *line, long line_number,
                        sqlite3_int64 before_id, int64_t *added, int64_t *skipped,
                        char **error) {
  jsonl_fields_t f = {0};
  bool ok = parse_jsonl_line(db, line, line_number, &f, error);
  uint64_t key = 0;
  if (ok) {
    for (char *c = f.uid; c && *c; ++c) /* uids are stored in lower case */
      *c = (char)tolower((unsigned char)*c);
    char *end;
    key = strtoull(f.task, &end, 16);
    if (strlen(f.task) != 16 || *end)
      ok = line_fail(error, line_number, "\"task\" must be 16 hex digits");
    else if (key != strata_tuning_task_key(f.canonical, f.target))
      ok = line_fail(error, line_number,
                     "the task key does not match its canonical text and target");
  }
  int exists = ok ? record_exists(db, key, &f, before_id, error) : -1;
  if (exists < 0)
    ok = false;
  else if (exists)
    ++*skipped;
  else if ((ok = ensure_task(db, key, f.target, f.canonical, error) &&
                 insert_record(db, key, f.target, f.decisions, f.latency, f.error_text,
                               f.unix_time, f.uid, error)))
    ++*added;
  jsonl_fields_clear(&f);
  return ok;
}

bool strata_tuning_db_import_jsonl(strata_tuning_db_t *db, FILE *in, int64_t *added,
                                   int64_t *skipped, char **error) {
  int64_t added_here = 0, skipped_here = 0;
  if (!exec(db, "BEGIN IMMEDIATE", error))
    return false;
  sqlite3_int64 before_id = -1;
  sqlite3_stmt *stmt = prepare(db, "SELECT coalesce(max(id), 0) FROM records", error);
  if (stmt && sqlite3_step(stmt) == SQLITE_ROW)
    before_id = sqlite3_column_int64(stmt, 0);
  else if (stmt)
    sql_fail(db, error, "reading the last record id");
  sqlite3_finalize(stmt);
  if (before_id < 0) {
    rollback(db);
    return false;
  }
  char *line = NULL;
  size_t cap = 0;
  ssize_t len;
  long line_number = 0;
  bool ok = true;
  while (ok && (len = getline(&line, &cap, in)) >= 0) {
    ++line_number;
    while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r'))
      line[--len] = '\0';
    if (strspn(line, " \t") == (size_t)len)
      continue;
    ok = import_line(db, line, line_number, before_id, &added_here, &skipped_here, error);
  }
  free(line);
  if (ok && ferror(in))
    ok = strata_fail(error, "tuning database import: read error");
  if (ok)
    ok = exec(db, "COMMIT", error);
  if (!ok) {
    rollback(db);
    return false;
  }
  if (added)
    *added = added_here;
  if (skipped)
    *skipped = skipped_here;
  return true;
}
