/* The tuning database: a record store (record_store.h) holding one record
 * per measured candidate of a task on a target, in an SQLite file (WAL
 * mode, busy timeout, FULL sync; the default) or on a PostgreSQL server
 * (a "postgresql://" URL: one store shared by many tuners and machines). A task
 * is keyed by the xxHash64 of its canonical text and target string; the
 * tasks table keeps the canonical text so a key can be explained. Safe with
 * several processes writing one file; a committed record survives kill -9.
 * Records are exported and imported as JSON lines to share results; each
 * record has a random 64-bit uid, its identity across files. A damaged file
 * is reported as "tuning database '<path>' is corrupt: ...". */
#ifndef STRATA_TUNING_DATABASE_H
#define STRATA_TUNING_DATABASE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "tuning/record.h"

/* xxHash64 of the canonical text, a NUL byte, then the target string. */
uint64_t strata_tuning_task_key(const char *canonical_text, const char *target);
/* Fills task (pointers are borrowed) and computes its key. */
void strata_tuning_task_init(strata_tuning_task_t *task, const char *canonical_text,
                             const char *target);

/* Opens (creating if needed) the database: a file path (SQLite), or a
 * "postgresql://" / "postgres://" URL (libpq connection URI; the tables
 * are created if missing). For a file: adds uids to a file of
 * schema version 1. Files up to 32 MiB get PRAGMA quick_check. NULL with
 * *error on failure; a damaged file's message says it is corrupt. */
strata_tuning_db_t *strata_tuning_db_open(const char *path, char **error);
void strata_tuning_db_close(strata_tuning_db_t *db);
/* The back end: "sqlite" or "postgresql". */
const char *strata_tuning_db_backend(const strata_tuning_db_t *db);

/* Adds one record in its own transaction (committed and synced on return).
 * error_text NULL: a measurement of `latency` seconds; otherwise the error
 * (latency is ignored and stored as NULL). A latency must be finite and
 * >= 0. decisions_json must be a JSON object; it is stored minified.
 * unix_time 0 means now. The record gets a fresh random uid. Fails on an
 * I/O error, invalid JSON, or a task key already used by another canonical
 * text (an xxHash64 collision; a stored text that does not hash to its key
 * is reported as corruption). */
bool strata_tuning_db_add(strata_tuning_db_t *db, const strata_tuning_task_t *task,
                          const char *decisions_json, double latency, const char *error_text,
                          int64_t unix_time, char **error);

/* The fastest successful record of (task_key, target), the earliest on a
 * tie; rows with an invalid latency (negative, infinite, or beside an
 * error: older files) are ignored. Returns 1 and fills *out, 0 when there
 * is none, -1 with *error. */
int strata_tuning_db_best(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                          strata_tuning_record_t *out, char **error);

/* Number of records: all of them (target NULL), or of one task and target.
 * -1 with *error on failure. */
int64_t strata_tuning_db_count(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               char **error);

/* The other targets (at most 4, quoted and comma-separated, e.g. "'x86_64
 * ... cores=1'") with successful records of this canonical text: where a
 * record tuned for another thread count or CPU is. An empty string when
 * there is none; NULL with *error on failure. The caller frees it. */
char *strata_tuning_db_other_targets(strata_tuning_db_t *db, const char *canonical_text,
                                     const char *target, char **error);

/* Calls fn for every record of (task_key, target) in insertion order
 * (records of all tasks when target is NULL); fn returns false to stop. The
 * record is only valid during the call. */
bool strata_tuning_db_for_each(strata_tuning_db_t *db, uint64_t task_key, const char *target,
                               strata_tuning_record_fn fn, void *user, char **error);

void strata_tuning_record_clear(strata_tuning_record_t *record);

/* False for a successful record whose latency is not a duration (finite,
 * >= 0): rows written before latencies were checked. Such rows are never
 * "best", never exported, and te-apply-tuned skips them. */
bool strata_tuning_record_latency_ok(const strata_tuning_record_t *record);

/* Writes every record as one JSON object per line, in insertion order:
 * {"uid":"<16 hex>","task":"<16 hex digits>","target":...,"canonical":...,
 *  "decisions":{...},"latency":<seconds or null>,"error":<string or null>,
 *  "time":<unix seconds>}
 * Records with an invalid latency (strata_tuning_record_latency_ok) are
 * left out and counted in *invalid (if not NULL). */
bool strata_tuning_db_export_jsonl(strata_tuning_db_t *db, FILE *out, int64_t *invalid,
                                   char **error);
/* Adds the records of a JSON-lines stream in one transaction (all or
 * nothing), skipping records already present: a line with a "uid" when a
 * record has that uid; a line without one (exports older than uids) when a
 * record present before this import has the same task, target, decisions,
 * time, error and latency. Blank lines are ignored. A line that is not a
 * record, whose task key does not match its canonical text and target, or
 * whose latency is not a duration (finite, >= 0), fails the import
 * (*error names the line). */
bool strata_tuning_db_import_jsonl(strata_tuning_db_t *db, FILE *in, int64_t *added,
                                   int64_t *skipped, char **error);

#endif
