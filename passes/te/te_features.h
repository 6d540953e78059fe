/* Cost-model features of a tuning task's candidate (te_features.c lists
 * them): what the evolutionary search's XGBoost model ranks candidates by. */
#ifndef STRATA_PASSES_TE_TE_FEATURES_H
#define STRATA_PASSES_TE_TE_FEATURES_H

#include "passes/te/te_task.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { STRATA_TE_NUM_FEATURES = 65 };

/* Cost-model features of a candidate: STRATA_TE_NUM_FEATURES floats. */
void strata_te_task_features(const strata_te_task_t *t, const strata_choice_t *candidate,
                             float *out);

#ifdef __cplusplus
}
#endif
#endif
