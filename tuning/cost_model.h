/* The learned cost model of the search: gradient-boosted trees (XGBoost
 * through its C API) trained online on (feature vector, measured throughput)
 * pairs with a pairwise ranking objective, predicting a score per candidate
 * (higher = expected faster; only the order matters). Features are float
 * vectors of a fixed length chosen by the caller. */
#ifndef STRATA_TUNING_COST_MODEL_H
#define STRATA_TUNING_COST_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct strata_cost_model strata_cost_model_t;

/* A model over num_features-long vectors; seed fixes XGBoost's randomness
 * (training is single-threaded, so equal data gives an equal model). */
strata_cost_model_t *strata_cost_model_create(size_t num_features, uint64_t seed);
void strata_cost_model_free(strata_cost_model_t *model);

/* Adds one training sample: a candidate's features and its measured
 * throughput (1 / latency; 0 for a failed candidate). */
void strata_cost_model_add(strata_cost_model_t *model, const float *features,
                           double throughput);
size_t strata_cost_model_num_samples(const strata_cost_model_t *model);

/* Retrains from all samples added so far (boosting from scratch). Uses
 * rank:pairwise, or reg:squarederror if XGBoost rejects the ranking
 * objective. False with *error on an XGBoost failure. */
bool strata_cost_model_train(strata_cost_model_t *model, char **error);
bool strata_cost_model_is_trained(const strata_cost_model_t *model);
/* "rank:pairwise" or "reg:squarederror": the objective of the last training. */
const char *strata_cost_model_objective(const strata_cost_model_t *model);

/* Scores rows feature vectors (row-major, rows * num_features floats) into
 * scores[rows]. False with *error when untrained or on an XGBoost failure. */
bool strata_cost_model_predict(strata_cost_model_t *model, const float *features, size_t rows,
                               float *scores, char **error);

#endif
