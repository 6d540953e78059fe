/* The types the tuning database's API (database.h) and its back ends'
 * interface (record_store.h) share: the database handle, a task, a stored
 * record and the per-record callback. Types only, so that the interface
 * does not include the API that dispatches to it. */
#ifndef STRATA_TUNING_RECORD_H
#define STRATA_TUNING_RECORD_H

#include <stdbool.h>
#include <stdint.h>

typedef struct strata_tuning_db strata_tuning_db_t;

/* One kernel on one target. key = strata_tuning_task_key(text, target). */
typedef struct {
  uint64_t key;
  const char *target;         /* e.g. "x86_64 avx2,fma cores=8" */
  const char *canonical_text; /* the kernel with names and schedules stripped */
} strata_tuning_task_t;

/* A stored record; strings are owned (strata_tuning_record_clear frees). */
typedef struct {
  int64_t id; /* insertion order within this file */
  char *uid;  /* 16 hex digits: random at insert, kept by export and import */
  uint64_t task_key;
  char *target;
  char *canonical_text;
  char *decisions;  /* JSON object: knob name -> value */
  double latency;   /* seconds when error is NULL (NAN otherwise); rows of older
                     * files may hold invalid ones: strata_tuning_record_latency_ok */
  char *error;      /* NULL for a successful measurement */
  int64_t unix_time;
} strata_tuning_record_t;

/* Called per record by for_each; returns false to stop. The record is only
 * valid during the call. */
typedef bool (*strata_tuning_record_fn)(void *user, const strata_tuning_record_t *record);

#endif
