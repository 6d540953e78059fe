/* Tuning test: the XGBoost cost model — trained on (features, throughput)
 * samples of a known function, it ranks unseen points in nearly the right
 * order, uses the ranking objective, and is deterministic. */
// RUN: tuning-cost_model 2>&1 | FileCheck %s
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "tuning/cost_model.h"
#include "tuning/rng.h"

enum { FEATURES = 3, TRAIN = 200, TEST = 100 };

/* Throughput peaks at (3, 5) and ignores the third feature. */
static double truth(const float *x) {
  return 1.0 / (1.0 + (x[0] - 3) * (x[0] - 3) + 0.5 * (x[1] - 5) * (x[1] - 5));
}

static void sample(strata_rng_t *rng, float *x) {
  for (int i = 0; i < FEATURES; ++i)
    x[i] = (float)(8 * strata_rng_uniform(rng));
}

int main(void) {
  char *error = NULL;
  strata_cost_model_t *m = strata_cost_model_create(FEATURES, 1);
  float scores[TEST];
  // CHECK: untrained: cost model: predicting before training
  float x[FEATURES] = {0};
  if (!strata_cost_model_predict(m, x, 1, scores, &error))
    printf("untrained: %s\n", error), free(error);

  strata_rng_t rng;
  strata_rng_seed(&rng, 5);
  for (int i = 0; i < TRAIN; ++i) {
    sample(&rng, x);
    strata_cost_model_add(m, x, truth(x));
  }
  if (!strata_cost_model_train(m, &error)) {
    printf("train: %s\n", error);
    return 1;
  }
  // CHECK: trained on 200 samples with rank:pairwise
  printf("trained on %zu samples with %s\n", strata_cost_model_num_samples(m),
         strata_cost_model_objective(m));

  float test[TEST * FEATURES];
  for (int i = 0; i < TEST; ++i)
    sample(&rng, test + i * FEATURES);
  if (!strata_cost_model_predict(m, test, TEST, scores, &error)) {
    printf("predict: %s\n", error);
    return 1;
  }
  /* Pairwise order agreement with the truth (Kendall-style). */
  int agree = 0, pairs = 0;
  for (int i = 0; i < TEST; ++i)
    for (int j = i + 1; j < TEST; ++j) {
      double dt = truth(test + i * FEATURES) - truth(test + j * FEATURES);
      double ds = scores[i] - scores[j];
      if (fabs(dt) < 1e-3)
        continue;
      ++pairs;
      agree += (dt > 0) == (ds > 0);
    }
  // CHECK: ranking agreement above 85%: 1
  printf("ranking agreement above 85%%: %d\n", agree > 0.85 * pairs);
  fprintf(stderr, "agreement %d/%d\n", agree, pairs);

  /* A second model on the same data predicts the same scores. */
  strata_cost_model_t *m2 = strata_cost_model_create(FEATURES, 1);
  strata_rng_seed(&rng, 5);
  for (int i = 0; i < TRAIN; ++i) {
    sample(&rng, x);
    strata_cost_model_add(m2, x, truth(x));
  }
  float scores2[TEST];
  bool ok = strata_cost_model_train(m2, &error) &&
            strata_cost_model_predict(m2, test, TEST, scores2, &error);
  int same = 0;
  for (int i = 0; ok && i < TEST; ++i)
    same += scores[i] == scores2[i];
  // CHECK: deterministic: 100/100
  printf("deterministic: %d/%d\n", same, TEST);
  strata_cost_model_free(m);
  strata_cost_model_free(m2);
  return 0;
}
