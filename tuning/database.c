/* The tuning database (database.h): what every record-store back end
 * shares (record_store.h): task keys and their collisions, uids, latency
 * checks, and the JSON-lines export and import. Storage is the back end's:
 * SQLite for a file path (record_store_sqlite.c), PostgreSQL for a
 * "postgresql://" URL (record_store_pg.c). JSON is parsed and minified
 * with the functions of an in-memory SQLite connection, whatever the
 * back end. */
#include "tuning/database.h"

#include <ctype.h>
#include <math.h>
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/types.h>
#include <time.h>
#include <xxhash.h>

#include "runtime/status.h"
#include "tuning/json_writer.h"
#include "tuning/record_store.h"

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

bool strata_record_store_corrupt(strata_tuning_db_t *db, char **error, const char *problem) {
  return strata_fail(error, "tuning database '%s' is corrupt: %s", db->path, problem);
}

bool strata_record_store_is_pg_url(const char *path) {
  return strncmp(path, "postgresql://", 13) == 0 || strncmp(path, "postgres://", 11) == 0;
}

/* The path for messages: a URL's password (scheme://user:password@host)
 * replaced by "***". */
static char *display_path(const char *path) {
  const char *scheme = strstr(path, "://");
  const char *at = scheme ? strchr(scheme + 3, '@') : NULL;
  const char *colon = scheme ? strchr(scheme + 3, ':') : NULL;
  char *out;
  if (strata_record_store_is_pg_url(path) && at && colon && colon < at) {
    size_t n = (size_t)(colon - path) + 1;
    if (!(out = malloc(n + 3 + strlen(at) + 1)))
      abort();
    memcpy(out, path, n);
    strcpy(out + n, "***");
    strcpy(out + n + 3, at);
  } else if (!(out = strdup(path))) {
    abort();
  }
  return out;
}

strata_tuning_db_t *strata_tuning_db_open(const char *path, char **error) {
  strata_tuning_db_t *db = calloc(1, sizeof *db);
  if (!db)
    abort();
  db->path = display_path(path);
  if (sqlite3_open_v2(":memory:", &db->json, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) {
    strata_fail(error, "tuning database '%s': cannot open SQLite's JSON functions", db->path);
    strata_tuning_db_close(db);
    return NULL;
  }
  bool ok = strata_record_store_is_pg_url(path)
                ? strata_record_store_pg_open(db, path, error)
                : strata_record_store_sqlite_open(db, path, error);
  if (!ok) {
    strata_tuning_db_close(db);
    return NULL;
  }
  return db;
}

void strata_tuning_db_close(strata_tuning_db_t *db) {
  if (!db)
    return;
  if (db->impl)
    db->ops->close(db);
  sqlite3_close(db->json);
  free(db->path);
  free(db);
}

const char *strata_tuning_db_backend(const strata_tuning_db_t *db) { return db->ops->name; }

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

/* Inserts the task row, or checks that the existing row has the same
 * canonical text (a different one would be an xxHash64 collision). Runs
 * inside the caller's transaction. */
static bool ensure_task(strata_tuning_db_t *db, uint64_t key, const char *target,
                        const char *canonical_text, char **error) {
  char *stored = NULL;
  int added = db->ops->add_task(db, key, target, canonical_text, &stored, error);
  if (added != 0)
    return added > 0;
  /* A differing stored text is a collision only if it hashes to the key
   * too; otherwise the row was damaged (or written by a broken tool). */
  bool ok = false;
  if (!stored)
    strata_record_store_corrupt(db, error, "a task row without canonical text");
  else if (strcmp(stored, canonical_text) == 0)
    ok = true;
  else if (strata_tuning_task_key(stored, target) != key)
    strata_fail(error, "tuning database '%s' is corrupt: the canonical text of task %016llx "
                       "does not hash to its key", db->path, (unsigned long long)key);
  else
    strata_fail(error,
                "tuning database '%s': task key %016llx already belongs to another "
                "canonical text (xxHash64 collision)",
                db->path, (unsigned long long)key);
  free(stored);
  return ok;
}

/* decisions minified by SQLite's json(), which also rejects malformed
 * JSON; NULL with *error. */
static char *minify_json(strata_tuning_db_t *db, const char *json, char **error) {
  sqlite3_stmt *stmt = NULL;
  char *out = NULL;
  if (sqlite3_prepare_v2(db->json, "SELECT json(?1)", -1, &stmt, NULL) == SQLITE_OK) {
    sqlite3_bind_text(stmt, 1, json, -1, SQLITE_STATIC);
    if (sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_text(stmt, 0) &&
        !(out = strdup((const char *)sqlite3_column_text(stmt, 0))))
      abort();
  }
  if (!out)
    strata_fail(error, "tuning database '%s': adding a record: %s", db->path,
                sqlite3_errmsg(db->json));
  sqlite3_finalize(stmt);
  return out;
}

/* A fresh random uid: 16 lower-case hex digits. */
static void new_uid(char out[17]) {
  uint64_t r = 0;
  if (getrandom(&r, sizeof r, 0) != (ssize_t)sizeof r) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    r = XXH64(&ts, sizeof ts, (uint64_t)clock());
  }
  snprintf(out, 17, "%016llx", (unsigned long long)r);
}

/* Inserts one record inside the caller's transaction. uid NULL: a fresh
 * random one. */
static bool insert_record(strata_tuning_db_t *db, uint64_t key, const char *target,
                          const char *decisions, double latency, const char *error_text,
                          int64_t unix_time, const char *uid, char **error) {
  char *minified = minify_json(db, decisions, error);
  if (!minified)
    return false;
  char fresh[17];
  if (!uid) {
    new_uid(fresh);
    uid = fresh;
  }
  bool ok = db->ops->add_record(db, key, target, minified, latency, error_text, unix_time, uid,
                                error);
  free(minified);
  return ok;
}

bool strata_tuning_db_add(strata_tuning_db_t *db, const strata_tuning_task_t *task,
                          const char *decisions_json, double latency, const char *error_text,
                          int64_t unix_time, char **error) {
  if (!error_text && !(isfinite(latency) && latency >= 0))
    return strata_fail(error, "tuning database '%s': latency %g is not a duration", db->path,
                       latency);
  if (unix_time == 0)
    unix_time = (int64_t)time(NULL);
  if (!db->ops->begin(db, true, error))
    return false;
  if (!ensure_task(db, task->key, task->target, task->canonical_text, error) ||
      !insert_record(db, task->key, task->target, decisions_json, latency, error_text,
                     unix_time, NULL, error) ||
      !db->ops->commit(db, error)) {
    db->ops->rollback(db);
    return false;
  }
  return true;
}

int strata_tuning_db_best(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                          strata_tuning_record_t *out, char **error) {
  return db->ops->best(db, task_key, target, out, error);
}

int64_t strata_tuning_db_count(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               char **error) {
  return db->ops->count(db, task_key, target, error);
}

char *strata_tuning_db_other_targets(strata_tuning_db_t *db, const char *canonical_text,
                                     const char *target, char **error) {
  return db->ops->other_targets(db, canonical_text, target, error);
}

bool strata_tuning_db_for_each(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               strata_tuning_record_fn fn, void *user, char **error) {
  return db->ops->for_each(db, task_key, target, fn, user, error);
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
  if (!db->ops->begin(db, false, error))
    return false;
  bool ok = strata_tuning_db_for_each(db, 0, NULL, export_record, &state, error);
  db->ops->rollback(db);
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

/* A statement on the JSON connection. */
static sqlite3_stmt *json_prepare(strata_tuning_db_t *db, const char *sql, char **error) {
  sqlite3_stmt *stmt = NULL;
  if (sqlite3_prepare_v2(db->json, sql, -1, &stmt, NULL) != SQLITE_OK) {
    strata_fail(error, "tuning database '%s': preparing a statement: %s", db->path,
                sqlite3_errmsg(db->json));
    return NULL;
  }
  return stmt;
}

char *strata_record_store_column_strdup(sqlite3_stmt *stmt, int column) {
  const unsigned char *text = sqlite3_column_text(stmt, column);
  if (!text)
    return NULL;
  char *copy = strdup((const char *)text);
  if (!copy)
    abort();
  return copy;
}

/* Parses one line into fields (decisions minified). */
static bool parse_jsonl_line(strata_tuning_db_t *db, const char *line, long line_number,
                             jsonl_fields_t *f, char **error) {
  sqlite3_stmt *stmt = json_prepare(
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
  stmt = json_prepare(db,
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
    return strata_fail(error, "tuning database '%s': reading an imported line: %s", db->path,
                       sqlite3_errmsg(db->json));
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
    f->task = strata_record_store_column_strdup(stmt, 0);
    f->target = strata_record_store_column_strdup(stmt, 1);
    f->canonical = strata_record_store_column_strdup(stmt, 2);
    f->decisions = strata_record_store_column_strdup(stmt, 4);
    f->latency = measured ? sqlite3_column_double(stmt, 6) : NAN;
    f->error_text = measured ? NULL : strata_record_store_column_strdup(stmt, 7);
    f->unix_time = sqlite3_column_int64(stmt, 9);
    f->uid = strata_record_store_column_strdup(stmt, 15);
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
 * with a relative tolerance, as a JSON number parser need not round-trip
 * the 17 digits of an export bit for bit. */
static int record_exists(strata_tuning_db_t *db, uint64_t key, const jsonl_fields_t *f,
                         int64_t before_id, char **error) {
  if (f->uid)
    return db->ops->has_uid(db, f->uid, error);
  char *decisions = minify_json(db, f->decisions, error);
  if (!decisions)
    return -1;
  int exists = db->ops->has_equal(db, key, f->target, decisions, f->unix_time, f->error_text,
                                  f->latency, before_id, error);
  free(decisions);
  return exists;
}

static bool import_line(strata_tuning_db_t *db, const char *line, long line_number,
                        int64_t before_id, int64_t *added, int64_t *skipped,
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
  if (!db->ops->begin(db, true, error))
    return false;
  int64_t before_id = db->ops->last_id(db, error);
  if (before_id < 0) {
    db->ops->rollback(db);
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
    ok = db->ops->commit(db, error);
  if (!ok) {
    db->ops->rollback(db);
    return false;
  }
  if (added)
    *added = added_here;
  if (skipped)
    *skipped = skipped_here;
  return true;
}
