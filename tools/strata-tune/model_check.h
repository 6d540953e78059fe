/* strata-tune's whole-model check: after tuning, the model is timed
 * untuned and tuned by strata-run (beside strata-tune) and the outputs
 * compared (model_check.c). */
#ifndef STRATA_TOOLS_STRATA_TUNE_MODEL_CHECK_H
#define STRATA_TOOLS_STRATA_TUNE_MODEL_CHECK_H

#include <mlir-c/IR.h>

typedef struct {
  const char *model;   /* the model file */
  const char *db_path; /* the tuning database the tuned run reads */
  const char *target;  /* --target of the records, or NULL/"host" */
  int model_repeat;    /* timed runs of each */
  int results;         /* the entry's results (compared), -1 unknown */
} strata_tune_check_t;

/* The number of results of the model's entry (main, or the only public
 * function, as strata-run chooses it); -1 when unknown. */
int strata_tune_entry_results(MlirOperation module);

/* Times the model untuned (the default pipeline) and tuned (--tuning-db),
 * each by strata-run in its own process on the same seeded inputs, and
 * compares the tuned outputs with the untuned ones: 0, or 1 with *error. */
int strata_tune_check_model(const strata_tune_check_t *check, char **error);

#endif
