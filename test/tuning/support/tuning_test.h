/* Helpers shared by the tuning test programs (the .c files of test/tuning): failing
 * loudly, scratch file names, the tuning database calls the tests make
 * over and over (open, count, export, import), and the te tuning task of
 * one matmul kernel that the measurement and feature tests time. Each
 * helper prints "FAILED <what>: <error>" and exits 1 when the call it
 * wraps fails, so a test reads as its cases. */
#ifndef STRATA_TEST_TUNING_SUPPORT_TUNING_TEST_H
#define STRATA_TEST_TUNING_SUPPORT_TUNING_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "passes/te/te_measure.h"
#include "tuning/database.h"

/* Prints "FAILED what: error" and exits 1. */
_Noreturn void tt_die(const char *what, char *error);

/* "<base>.<suffix>" in one of 8 rotating static buffers. */
char *tt_path(const char *base, const char *suffix);

strata_tuning_db_t *tt_open_db(const char *path);
/* The records of task `t` (every record when t is NULL). */
long long tt_count(strata_tuning_db_t *db, const strata_tuning_task_t *t);
void tt_export(strata_tuning_db_t *db, const char *file, int64_t *invalid);
/* Imports `file` (or `text` when not NULL) and prints "what: added N skipped
 * N", or "what: <error>" from the first `from` in it (the whole error when
 * from is NULL or absent). */
void tt_import(strata_tuning_db_t *db, const char *what, const char *file, const char *text,
               const char *from);

/* A te tuning task of an n x n x n f32 matmul (the compute "mm"); with
 * `knobs` its schedule has the knobs "order" (loop order [d0, r0, d1] or
 * [d1, r0, d0]) and "mark" (d1 vectorized or not). */
typedef struct {
  MlirContext ctx;
  MlirOperation module;
  strata_te_task_t task;
} tt_matmul_task_t;

/* Parses the kernel, runs `pipeline` on it (when not NULL) and makes the
 * task of its compute; prints "error: ..." and returns false on failure. */
bool tt_matmul_task_init(tt_matmul_task_t *t, int n, bool knobs, const char *pipeline);
void tt_matmul_task_clear(tt_matmul_task_t *t);

#endif
