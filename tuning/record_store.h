/* The record store behind the tuning database (database.h is its API:
 * open, add, best / count / for_each, export, import, close): one
 * interface, two back ends with the same schema. SQLite
 * (record_store_sqlite.c, a file: the default) and PostgreSQL
 * (record_store_pg.c, libpq: a "postgresql://" or "postgres://" URL, one
 * server shared by many tuners on many machines). database.c holds what
 * both share (task keys and collisions, uids, validation, JSON lines) and
 * calls a back end only for storage: every write is one transaction, and a
 * committed record survives the death of its writer.
 *
 * Schema (both back ends):
 *   tasks(task_key, target, canonical_text)        primary key (task_key, target)
 *   records(id, task_key, target, decisions, latency, error, time, uid)
 * task_key is the xxHash64 as a signed 64-bit integer, id the insertion
 * order, uid (16 hex digits) unique: the record's identity across stores. */
#ifndef STRATA_TUNING_RECORD_STORE_H
#define STRATA_TUNING_RECORD_STORE_H

#include <stdbool.h>
#include <stdint.h>

#include "tuning/record.h"

typedef struct sqlite3 sqlite3;
typedef struct sqlite3_stmt sqlite3_stmt;

/* A malloc'd copy of a text column (NULL for SQL NULL); aborts when out of
 * memory. For the SQLite back end and database.c's JSON parsing. */
char *strata_record_store_column_strdup(sqlite3_stmt *stmt, int column);

typedef struct {
  const char *name; /* "sqlite", "postgresql" */
  void (*close)(strata_tuning_db_t *db);
  /* A transaction: write (for add and import) or a read-only snapshot. */
  bool (*begin)(strata_tuning_db_t *db, bool write, char **error);
  bool (*commit)(strata_tuning_db_t *db, char **error);
  void (*rollback)(strata_tuning_db_t *db); /* nothing when none is open */
  /* Inserts the task row unless (key, target) has one: 1 inserted; 0
   * present, with its canonical text in *stored (malloc'd; NULL when the
   * row holds none); -1 with *error. */
  int (*add_task)(strata_tuning_db_t *db, uint64_t key, const char *target,
                  const char *canonical_text, char **stored, char **error);
  /* Inserts a record (decisions already minified JSON, uid set). */
  bool (*add_record)(strata_tuning_db_t *db, uint64_t key, const char *target,
                     const char *decisions, double latency, const char *error_text,
                     int64_t unix_time, const char *uid, char **error);
  /* As strata_tuning_db_best / _count / _other_targets / _for_each. */
  int (*best)(strata_tuning_db_t *db, uint64_t key, const char *target,
              strata_tuning_record_t *out, char **error);
  int64_t (*count)(strata_tuning_db_t *db, uint64_t key, const char *target, char **error);
  char *(*other_targets)(strata_tuning_db_t *db, const char *canonical_text, const char *target,
                         char **error);
  bool (*for_each)(strata_tuning_db_t *db, uint64_t key, const char *target,
                   strata_tuning_record_fn fn, void *user, char **error);
  /* The largest record id (0 when empty); -1 with *error. */
  int64_t (*last_id)(strata_tuning_db_t *db, char **error);
  /* 1 when a record has this uid, 0 when none, -1 with *error. */
  int (*has_uid)(strata_tuning_db_t *db, const char *uid, char **error);
  /* 1 when a record with id <= before_id has these fields (latencies equal
   * up to a relative 1e-12), 0 when none, -1 with *error. */
  int (*has_equal)(strata_tuning_db_t *db, uint64_t key, const char *target,
                   const char *decisions, int64_t unix_time, const char *error_text,
                   double latency, int64_t before_id, char **error);
} strata_record_store_ops_t;

struct strata_tuning_db {
  const strata_record_store_ops_t *ops;
  char *path;    /* the file, or the URL with its password hidden: for messages */
  sqlite3 *json; /* an in-memory SQLite: its JSON functions parse and minify */
  void *impl;    /* the back end's connection */
};

/* The back ends' open: fill db->ops and db->impl (db->path is set).
 * False with *error; db->impl stays NULL then. */
bool strata_record_store_sqlite_open(strata_tuning_db_t *db, const char *path, char **error);
bool strata_record_store_pg_open(strata_tuning_db_t *db, const char *url, char **error);
/* True when path names a PostgreSQL server ("postgresql://", "postgres://"). */
bool strata_record_store_is_pg_url(const char *path);
/* Whether this build has the PostgreSQL back end (libpq). */
bool strata_record_store_have_pg(void);

/* "tuning database '<path>' is corrupt: <problem>"; returns false. */
bool strata_record_store_corrupt(strata_tuning_db_t *db, char **error, const char *problem);

#endif
