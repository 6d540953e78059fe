/* XGBoost cost model; see cost_model.h.
 *
 * libxgboost is opened with dlopen (RTLD_LOCAL) the first time a model
 * trains, not linked: it pulls in GNU OpenMP (libgomp), and a libgomp in
 * the global symbol scope would capture the omp_* calls of JIT-compiled
 * kernels, which run on LLVM's libomp. Processes that never train (every
 * compile that only applies tuning records) never load it. */
#include "tuning/cost_model.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xgboost/c_api.h>

#include "runtime/status.h"

enum { BOOST_ROUNDS = 50 };

/* The XGBoost C API functions used, resolved from the library. */
static struct {
  bool loaded;
  const char *(*GetLastError)(void);
  int (*BoosterCreate)(const DMatrixHandle[], bst_ulong, BoosterHandle *);
  int (*BoosterFree)(BoosterHandle);
  int (*BoosterSetParam)(BoosterHandle, const char *, const char *);
  int (*BoosterUpdateOneIter)(BoosterHandle, int, DMatrixHandle);
  int (*BoosterPredict)(BoosterHandle, DMatrixHandle, int, unsigned, int, bst_ulong *,
                        const float **);
  int (*DMatrixCreateFromMat)(const float *, bst_ulong, bst_ulong, float, DMatrixHandle *);
  int (*DMatrixFree)(DMatrixHandle);
  int (*DMatrixSetFloatInfo)(DMatrixHandle, const char *, const float *, bst_ulong);
  int (*DMatrixSetUIntInfo)(DMatrixHandle, const char *, const unsigned *, bst_ulong);
} xgb;

static bool load_xgboost(char **error) {
  if (xgb.loaded)
    return true;
  static const char *const names[] = {"libxgboost.so.0", "libxgboost.so", "libxgboost.so.2",
                                      "libxgboost.so.1"};
  void *lib = NULL;
  for (size_t i = 0; i < sizeof names / sizeof *names && !lib; ++i)
    lib = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return strata_fail(error, "cost model: cannot load XGBoost (libxgboost.so.0; Debian "
                              "package libxgboost0): %s", dlerror());
#define RESOLVE(field, symbol)                                                              \
  if (!(*(void **)&xgb.field = dlsym(lib, symbol)))                                         \
    return strata_fail(error, "cost model: XGBoost lacks %s", symbol);
  RESOLVE(GetLastError, "XGBGetLastError")
  RESOLVE(BoosterCreate, "XGBoosterCreate")
  RESOLVE(BoosterFree, "XGBoosterFree")
  RESOLVE(BoosterSetParam, "XGBoosterSetParam")
  RESOLVE(BoosterUpdateOneIter, "XGBoosterUpdateOneIter")
  RESOLVE(BoosterPredict, "XGBoosterPredict")
  RESOLVE(DMatrixCreateFromMat, "XGDMatrixCreateFromMat")
  RESOLVE(DMatrixFree, "XGDMatrixFree")
  RESOLVE(DMatrixSetFloatInfo, "XGDMatrixSetFloatInfo")
  RESOLVE(DMatrixSetUIntInfo, "XGDMatrixSetUIntInfo")
#undef RESOLVE
  xgb.loaded = true;
  return true;
}

struct strata_cost_model {
  size_t num_features;
  uint64_t seed;
  float *features; /* num_samples * num_features */
  double *throughputs;
  size_t num_samples, cap;
  BoosterHandle booster; /* NULL until trained */
  const char *objective;
};

strata_cost_model_t *strata_cost_model_create(size_t num_features, uint64_t seed) {
  strata_cost_model_t *m = calloc(1, sizeof *m);
  if (!m)
    abort();
  m->num_features = num_features;
  m->seed = seed;
  m->objective = "rank:pairwise";
  return m;
}

void strata_cost_model_free(strata_cost_model_t *model) {
  if (!model)
    return;
  if (model->booster)
    xgb.BoosterFree(model->booster);
  free(model->features);
  free(model->throughputs);
  free(model);
}

void strata_cost_model_add(strata_cost_model_t *m, const float *features, double throughput) {
  if (m->num_samples == m->cap) {
    m->cap = m->cap ? 2 * m->cap : 64;
    m->features = realloc(m->features, m->cap * (m->num_features ? m->num_features : 1) *
                                           sizeof *m->features);
    m->throughputs = realloc(m->throughputs, m->cap * sizeof *m->throughputs);
    if (!m->features || !m->throughputs)
      abort();
  }
  memcpy(m->features + m->num_samples * m->num_features, features,
         m->num_features * sizeof *features);
  m->throughputs[m->num_samples++] = isfinite(throughput) && throughput > 0 ? throughput : 0;
}

size_t strata_cost_model_num_samples(const strata_cost_model_t *m) { return m->num_samples; }
bool strata_cost_model_is_trained(const strata_cost_model_t *m) { return m->booster != NULL; }
const char *strata_cost_model_objective(const strata_cost_model_t *m) { return m->objective; }

static bool xgb_fail(char **error, const char *what) {
  return strata_fail(error, "cost model: %s: %s", what, xgb.GetLastError());
}

/* Boosts a new model with the given objective on dtrain. */
static bool boost(strata_cost_model_t *m, DMatrixHandle dtrain, const char *objective,
                  BoosterHandle *out, char **error) {
  BoosterHandle b;
  if (xgb.BoosterCreate(&dtrain, 1, &b) != 0)
    return xgb_fail(error, "creating a booster");
  char seed[32];
  snprintf(seed, sizeof seed, "%llu", (unsigned long long)(m->seed & 0x7fffffff));
  const char *params[][2] = {
      {"objective", objective}, {"eta", "0.2"},         {"max_depth", "6"},
      {"min_child_weight", "0"}, {"tree_method", "exact"}, {"nthread", "1"},
      {"seed", seed},            {"verbosity", "0"},
  };
  for (size_t i = 0; i < sizeof params / sizeof *params; ++i)
    if (xgb.BoosterSetParam(b, params[i][0], params[i][1]) != 0) {
      xgb.BoosterFree(b);
      return xgb_fail(error, "setting a parameter");
    }
  for (int round = 0; round < BOOST_ROUNDS; ++round)
    if (xgb.BoosterUpdateOneIter(b, round, dtrain) != 0) {
      xgb.BoosterFree(b);
      return xgb_fail(error, "training");
    }
  *out = b;
  return true;
}

bool strata_cost_model_train(strata_cost_model_t *m, char **error) {
  if (!load_xgboost(error))
    return false;
  if (m->num_samples == 0)
    return strata_fail(error, "cost model: no samples to train on");
  /* Labels are throughputs relative to the best one, in [0, 1]. */
  double best = 0;
  for (size_t i = 0; i < m->num_samples; ++i)
    best = fmax(best, m->throughputs[i]);
  float *labels = malloc(m->num_samples * sizeof *labels);
  if (!labels)
    abort();
  for (size_t i = 0; i < m->num_samples; ++i)
    labels[i] = best > 0 ? (float)(m->throughputs[i] / best) : 0.0f;
  DMatrixHandle dtrain;
  if (xgb.DMatrixCreateFromMat(m->features, m->num_samples, m->num_features, NAN, &dtrain) != 0) {
    free(labels);
    return xgb_fail(error, "creating the training matrix");
  }
  /* One query group holding every sample: rank them all against each other. */
  unsigned group = (unsigned)m->num_samples;
  bool ok = xgb.DMatrixSetFloatInfo(dtrain, "label", labels, m->num_samples) == 0 &&
            xgb.DMatrixSetUIntInfo(dtrain, "group", &group, 1) == 0;
  free(labels);
  if (!ok) {
    xgb.DMatrixFree(dtrain);
    return xgb_fail(error, "setting labels");
  }
  BoosterHandle b = NULL;
  char *rank_error = NULL;
  const char *objective = "rank:pairwise";
  if (!boost(m, dtrain, objective, &b, &rank_error)) {
    objective = "reg:squarederror";
    ok = boost(m, dtrain, objective, &b, error);
  }
  free(rank_error);
  xgb.DMatrixFree(dtrain);
  if (!ok)
    return false;
  if (m->booster)
    xgb.BoosterFree(m->booster);
  m->booster = b;
  m->objective = objective;
  return true;
}

bool strata_cost_model_predict(strata_cost_model_t *m, const float *features, size_t rows,
                               float *scores, char **error) {
  if (!m->booster)
    return strata_fail(error, "cost model: predicting before training");
  if (rows == 0)
    return true;
  DMatrixHandle d;
  if (xgb.DMatrixCreateFromMat(features, rows, m->num_features, NAN, &d) != 0)
    return xgb_fail(error, "creating the prediction matrix");
  bst_ulong len = 0;
  const float *out = NULL;
  bool ok = xgb.BoosterPredict(m->booster, d, 0, 0, 0, &len, &out) == 0;
  if (ok && len == rows)
    memcpy(scores, out, rows * sizeof *scores);
  xgb.DMatrixFree(d);
  if (!ok)
    return xgb_fail(error, "predicting");
  if (len != rows)
    return strata_fail(error, "cost model: %llu predictions for %zu rows",
                       (unsigned long long)len, rows);
  return true;
}
