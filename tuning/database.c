/* The SQLite tuning database; see database.h.
 *
 * Schema (PRAGMA user_version = 1):
 *   tasks(task_key, target, canonical_text)     primary key (task_key, target)
 *   records(id, task_key, target, decisions, latency, error, time)
 * task_key is the xxHash64 stored as a signed 64-bit integer. Every write is
 * one BEGIN IMMEDIATE transaction, so concurrent writers queue on the busy
 * timeout instead of failing, and WAL with synchronous=FULL makes a commit
 * durable before strata_tuning_db_add returns. */
#include "tuning/database.h"

#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <xxhash.h>

#include "runtime/status.h"
#include "tuning/json_writer.h"

enum { SCHEMA_VERSION = 1, BUSY_TIMEOUT_MS = 60000 };

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
    "  decisions TEXT NOT NULL, latency REAL, error TEXT, time INTEGER NOT NULL,"
    "  FOREIGN KEY (task_key, target) REFERENCES tasks(task_key, target));"
    "CREATE INDEX IF NOT EXISTS records_by_task ON records(task_key, target, latency);";

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

static bool sql_fail(strata_tuning_db_t *db, char **error, const char *what) {
  return strata_fail(error, "tuning database '%s': %s: %s", db->path, what,
                     sqlite3_errmsg(db->sql));
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
  if (!exec(db, SCHEMA, error) || !exec(db, set_version, error) || !exec(db, "COMMIT", error)) {
    rollback(db);
    return false;
  }
  return true;
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
      !exec(db, "PRAGMA foreign_keys = ON", error) || !create_schema(db, error)) {
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
  memset(record, 0, sizeof *record);
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
  stmt = prepare(db, "SELECT canonical_text = ?3 FROM tasks WHERE task_key = ?1 AND target = ?2",
                 error);
  if (!stmt)
    return false;
  bind_task(stmt, key, target);
  sqlite3_bind_text(stmt, 3, canonical_text, -1, SQLITE_STATIC);
  bool same = sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_int(stmt, 0) == 1;
  sqlite3_finalize(stmt);
  if (!same)
    return strata_fail(error,
                       "tuning database '%s': task key %016llx already belongs to another "
                       "canonical text (xxHash64 collision or a changed key scheme)",
                       db->path, (unsigned long long)key);
  return true;
}

/* Inserts one record row inside the caller's transaction. decisions is
 * minified through json(), which also rejects malformed JSON. */
static bool insert_record(strata_tuning_db_t *db, uint64_t key, const char *target,
                          const char *decisions, double latency, const char *error_text,
                          int64_t unix_time, char **error) {
  sqlite3_stmt *stmt = prepare(db,
                               "INSERT INTO records(task_key, target, decisions, latency, "
                               "error, time) VALUES (?1, ?2, json(?3), ?4, ?5, ?6)",
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
                     unix_time, error) ||
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
    "r.time FROM records r JOIN tasks t ON t.task_key = r.task_key AND t.target = r.target ";

static void read_record(sqlite3_stmt *stmt, strata_tuning_record_t *out) {
  out->id = sqlite3_column_int64(stmt, 0);
  out->task_key = (uint64_t)sqlite3_column_int64(stmt, 1);
  out->target = column_strdup(stmt, 2);
  out->canonical_text = column_strdup(stmt, 3);
  out->decisions = column_strdup(stmt, 4);
  out->latency = sqlite3_column_type(stmt, 5) == SQLITE_NULL ? NAN : sqlite3_column_double(stmt, 5);
  out->error = column_strdup(stmt, 6);
  out->unix_time = sqlite3_column_int64(stmt, 7);
}

int strata_tuning_db_best(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                          strata_tuning_record_t *out, char **error) {
  char sql[512];
  snprintf(sql, sizeof sql,
           "%s WHERE r.task_key = ?1 AND r.target = ?2 AND r.latency IS NOT NULL "
           "ORDER BY r.latency, r.id LIMIT 1",
           RECORD_COLUMNS);
  sqlite3_stmt *stmt = prepare(db, sql, error);
  if (!stmt)
    return -1;
  sqlite3_bind_int64(stmt, 1, (sqlite3_int64)task_key);
  sqlite3_bind_text(stmt, 2, target, -1, SQLITE_STATIC);
  int rc = sqlite3_step(stmt);
  int found = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  if (found == 1)
    read_record(stmt, out);
  else if (found < 0)
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
    read_record(stmt, &record);
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
} export_state_t;

static bool export_record(void *user, const strata_tuning_record_t *r) {
  export_state_t *state = user;
  strata_json_writer_t w = {0};
  strata_json_printf(&w, "{\"task\":\"%016llx\",\"target\":", (unsigned long long)r->task_key);
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

bool strata_tuning_db_export_jsonl(strata_tuning_db_t *db, FILE *out, char **error) {
  export_state_t state = {out, false};
  /* One read transaction: a consistent snapshot while other tuners write. */
  if (!exec(db, "BEGIN", error))
    return false;
  bool ok = strata_tuning_db_for_each(db, 0, NULL, export_record, &state, error);
  rollback(db);
  if (ok && (state.write_failed || fflush(out) != 0))
    return strata_fail(error, "tuning database '%s': cannot write the export", db->path);
  return ok;
}

/* The fields of one imported line, read through SQLite's JSON functions. */
typedef struct {
  char *task, *target, *canonical, *decisions, *error_text;
  double latency;
  int64_t unix_time;
} jsonl_fields_t;

static void jsonl_fields_clear(jsonl_fields_t *f) {
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
                 "json_type(?1, '$.canonical'), json_type(?1, '$.error')",
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
  }
  sqlite3_finalize(stmt);
  return !problem || line_fail(error, line_number, problem);
}

/* 1 when a record equal to f already exists, 0 when not, -1 on error.
 * Latencies compare with a relative tolerance: SQLite's JSON number parser
 * need not round-trip the 17 digits of an export bit for bit. */
static int record_exists(strata_tuning_db_t *db, uint64_t key, const jsonl_fields_t *f,
                         char **error) {
  sqlite3_stmt *stmt = prepare(
      db,
      "SELECT 1 FROM records WHERE task_key = ?1 AND target = ?2 AND decisions = json(?3) "
      "AND time = ?4 AND error IS ?5 AND ((latency IS NULL AND ?6 IS NULL) OR "
      "abs(latency - ?6) <= 1e-12 * abs(?6)) LIMIT 1",
      error);
  if (!stmt)
    return -1;
  sqlite3_bind_int64(stmt, 1, (sqlite3_int64)key);
  sqlite3_bind_text(stmt, 2, f->target, -1, SQLITE_STATIC);
  sqlite3_bind_text(stmt, 3, f->decisions, -1, SQLITE_STATIC);
  sqlite3_bind_int64(stmt, 4, f->unix_time);
  if (f->error_text) {
    sqlite3_bind_text(stmt, 5, f->error_text, -1, SQLITE_STATIC);
    sqlite3_bind_null(stmt, 6);
  } else {
    sqlite3_bind_null(stmt, 5);
    sqlite3_bind_double(stmt, 6, f->latency);
  }
  int rc = sqlite3_step(stmt);
  int exists = rc == SQLITE_ROW ? 1 : rc == SQLITE_DONE ? 0 : -1;
  sqlite3_finalize(stmt);
  if (exists < 0)
    sql_fail(db, error, "looking for a duplicate");
  return exists;
}

static bool import_line(strata_tuning_db_t *db, const char *line, long line_number,
                        int64_t *added, int64_t *skipped, char **error) {
  jsonl_fields_t f = {0};
  bool ok = parse_jsonl_line(db, line, line_number, &f, error);
  uint64_t key = 0;
  if (ok) {
    char *end;
    key = strtoull(f.task, &end, 16);
    if (strlen(f.task) != 16 || *end)
      ok = line_fail(error, line_number, "\"task\" must be 16 hex digits");
    else if (key != strata_tuning_task_key(f.canonical, f.target))
      ok = line_fail(error, line_number,
                     "the task key does not match its canonical text and target");
  }
  int exists = ok ? record_exists(db, key, &f, error) : -1;
  if (exists < 0)
    ok = false;
  else if (exists)
    ++*skipped;
  else if ((ok = ensure_task(db, key, f.target, f.canonical, error) &&
                 insert_record(db, key, f.target, f.decisions, f.latency, f.error_text,
                               f.unix_time, error)))
    ++*added;
  jsonl_fields_clear(&f);
  return ok;
}

bool strata_tuning_db_import_jsonl(strata_tuning_db_t *db, FILE *in, int64_t *added,
                                   int64_t *skipped, char **error) {
  int64_t added_here = 0, skipped_here = 0;
  if (!exec(db, "BEGIN IMMEDIATE", error))
    return false;
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
    ok = import_line(db, line, line_number, &added_here, &skipped_here, error);
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
