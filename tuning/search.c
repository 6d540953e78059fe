/* Search strategies (random, grid, model-guided evolutionary), trial
 * bookkeeping, database recording and tuning curves; see search.h.
 *
 * Determinism: all randomness comes from one strata_rng_t seeded with the
 * search seed, candidates are ordered by (score, then creation order), and
 * XGBoost trains single-threaded, so equal measurements give equal runs. */
#include "tuning/search.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/status.h"
#include "tuning/cost_model.h"

const char *strata_search_strategy_name(strata_search_strategy_t s) {
  switch (s) {
  case STRATA_SEARCH_RANDOM: return "random";
  case STRATA_SEARCH_GRID: return "grid";
  case STRATA_SEARCH_EVOLUTIONARY: return "evolutionary";
  }
  return "?";
}

bool strata_search_strategy_parse(const char *name, strata_search_strategy_t *out) {
  for (int s = STRATA_SEARCH_RANDOM; s <= STRATA_SEARCH_EVOLUTIONARY; ++s)
    if (strcmp(name, strata_search_strategy_name((strata_search_strategy_t)s)) == 0) {
      *out = (strata_search_strategy_t)s;
      return true;
    }
  return false;
}

strata_search_options_t strata_search_default_options(void) {
  return (strata_search_options_t){
      .strategy = STRATA_SEARCH_EVOLUTIONARY,
      .seed = 0,
      .trials = 64,
      .batch_size = 16,
      .population = 128,
      .pool_size = 1024,
      .generations = 4,
      .exploration = 0.2,
      .mutation_share = 0.7,
  };
}

/* --- A set of candidate hashes (open addressing; 0 marks an empty slot) ----- */

typedef struct {
  uint64_t *slots;
  size_t cap, count;
} hash_set_t;

static uint64_t nonzero(uint64_t h) { return h ? h : 1; }

static bool set_contains(const hash_set_t *s, uint64_t h) {
  if (!s->cap)
    return false;
  h = nonzero(h);
  for (size_t i = h & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
    if (s->slots[i] == h)
      return true;
    if (s->slots[i] == 0)
      return false;
  }
}

static void set_insert_slot(uint64_t *slots, size_t cap, uint64_t h) {
  for (size_t i = h & (cap - 1);; i = (i + 1) & (cap - 1))
    if (slots[i] == 0 || slots[i] == h) {
      slots[i] = h;
      return;
    }
}

/* Returns false when h was already present. */
static bool set_insert(hash_set_t *s, uint64_t h) {
  h = nonzero(h);
  if (set_contains(s, h))
    return false;
  if (2 * (s->count + 1) > s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 64;
    uint64_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
      abort();
    for (size_t i = 0; i < s->cap; ++i)
      if (s->slots[i])
        set_insert_slot(slots, cap, s->slots[i]);
    free(s->slots);
    s->slots = slots;
    s->cap = cap;
  }
  set_insert_slot(s->slots, s->cap, h);
  ++s->count;
  return true;
}

/* --- Search state ------------------------------------------------------------ */

typedef struct {
  const strata_space_t *space;
  const strata_search_options_t *opt;
  const strata_search_callbacks_t *cb;
  strata_tuning_db_t *db;
  const strata_tuning_task_t *task;
  strata_search_result_t *result;
  strata_search_result_t own_result; /* result points here for a stepped search */
  int limit; /* trials allowed by the current step */
  bool started; /* the initial candidates were measured */
  strata_rng_t rng;
  hash_set_t measured; /* hashes of measured candidates */
  uint64_t space_size;
  size_t k; /* knobs */
  strata_cost_model_t *model;
  float *feature_scratch;
} search_t;

static bool result_push(strata_search_result_t *r, size_t k, const strata_choice_t *c,
                        bool ok, double latency) {
  int n = r->trials;
  r->candidates = realloc(r->candidates, (size_t)(n + 1) * (k ? k : 1) * sizeof *r->candidates);
  r->latencies = realloc(r->latencies, (size_t)(n + 1) * sizeof *r->latencies);
  r->best_curve = realloc(r->best_curve, (size_t)(n + 1) * sizeof *r->best_curve);
  if (!r->candidates || !r->latencies || !r->best_curve)
    abort();
  memcpy(r->candidates + (size_t)n * k, c, k * sizeof *c);
  r->latencies[n] = ok ? latency : NAN;
  bool better = ok && latency < r->best_latency;
  if (better) {
    r->best_latency = latency;
    r->best_trial = n;
  }
  r->best_curve[n] = r->best_latency;
  r->errors += !ok;
  r->trials = n + 1;
  r->best = r->best_trial >= 0 ? r->candidates + (size_t)r->best_trial * k : NULL;
  return better;
}

/* Records a measured candidate (result, database, model, progress); takes
 * failure. */
static bool record_one(search_t *s, const strata_choice_t *c, bool ok, double latency,
                       char *failure, char **error) {
  if (ok && !(isfinite(latency) && latency >= 0)) {
    ok = false;
    failure = NULL;
    strata_fail(&failure, "measure returned an invalid latency %g", latency);
  }
  if (!ok && !failure)
    failure = strdup("measure failed without a message");
  result_push(s->result, s->k, c, ok, latency);
  if (s->model && s->cb->features) {
    s->cb->features(s->cb->user, c, s->feature_scratch);
    strata_cost_model_add(s->model, s->feature_scratch, ok ? 1.0 / fmax(latency, 1e-12) : 0.0);
  }
  bool recorded = true;
  if (s->db) {
    char *decisions = strata_space_record_json(s->space, c);
    recorded = strata_tuning_db_add(s->db, s->task, decisions, latency, ok ? NULL : failure, 0,
                                    error);
    free(decisions);
  }
  if (s->cb->progress) {
    strata_search_trial_t t = {
        .trial = s->result->trials - 1,
        .candidate = c,
        .ok = ok,
        .latency = latency,
        .error = failure,
        .best_latency = s->result->best_latency,
    };
    s->cb->progress(s->cb->user, &t);
  }
  free(failure);
  return recorded;
}

/* Measures one candidate, records it. */
static bool measure_one(search_t *s, const strata_choice_t *c, char **error) {
  set_insert(&s->measured, strata_space_candidate_hash(s->space, c));
  double latency = NAN;
  char *failure = NULL;
  bool ok = s->cb->measure(s->cb->user, c, &latency, &failure);
  return record_one(s, c, ok, latency, failure, error);
}

/* Measures n candidates (distinct, unmeasured) and records them in order:
 * all at once through callbacks.measure_batch when there is one (the
 * records, and so the search, are the same as one by one). */
static bool measure_many(search_t *s, const strata_choice_t *c, int n, char **error) {
  if (!s->cb->measure_batch) {
    bool ok = true;
    for (int i = 0; ok && i < n; ++i)
      ok = measure_one(s, c + (size_t)i * s->k, error);
    return ok;
  }
  bool *oks = calloc((size_t)n, sizeof *oks);
  double *latencies = calloc((size_t)n, sizeof *latencies);
  char **failures = calloc((size_t)n, sizeof *failures);
  if (!oks || !latencies || !failures)
    abort();
  for (int i = 0; i < n; ++i) {
    set_insert(&s->measured, strata_space_candidate_hash(s->space, c + (size_t)i * s->k));
    latencies[i] = NAN;
  }
  s->cb->measure_batch(s->cb->user, c, n, oks, latencies, failures);
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    if (ok)
      ok = record_one(s, c + (size_t)i * s->k, oks[i], latencies[i], failures[i], error);
    else
      free(failures[i]);
  }
  free(oks);
  free(latencies);
  free(failures);
  return ok;
}

/* Trials measured by this run (records resumed from the database do not
 * count against the budget). */
static int new_trials(const search_t *s) { return s->result->trials - s->result->resumed; }

static bool trials_left(const search_t *s) {
  return new_trials(s) < s->opt->trials && s->result->trials < s->limit &&
         s->measured.count < s->space_size;
}

static bool random_unmeasured(search_t *s, const hash_set_t *taken, strata_choice_t *out);

/* How many more trials this step may measure (at most `want`). */
static int trials_available(const search_t *s, int want) {
  int64_t n = want;
  n = n < s->opt->trials - new_trials(s) ? n : s->opt->trials - new_trials(s);
  n = n < s->limit - s->result->trials ? n : s->limit - s->result->trials;
  uint64_t unmeasured =
      s->space_size > s->measured.count ? s->space_size - s->measured.count : 0;
  n = (uint64_t)(n > 0 ? n : 0) < unmeasured ? n : (int64_t)unmeasured;
  return n > 0 ? (int)n : 0;
}

static int batch_size(const search_t *s) {
  return s->opt->batch_size > 0 ? s->opt->batch_size : 16;
}

/* Up to n random unmeasured candidates (distinct) into out; how many. */
static int random_batch(search_t *s, strata_choice_t *out, int n) {
  hash_set_t taken = {0};
  int picked = 0;
  while (picked < n && random_unmeasured(s, &taken, out + (size_t)picked * s->k))
    set_insert(&taken, strata_space_candidate_hash(s->space, out + (size_t)picked++ * s->k));
  free(taken.slots);
  return picked;
}

/* The candidate's canonical form (callbacks.canonicalize), in place. */
static void canonical(const search_t *s, strata_choice_t *c) {
  if (s->cb->canonicalize)
    s->cb->canonicalize(s->cb->user, c);
}

static bool is_measured(const search_t *s, const strata_choice_t *c) {
  return set_contains(&s->measured, strata_space_candidate_hash(s->space, c));
}

/* A random candidate not measured and not in `taken`. Falls back to a grid
 * scan from a random index once sampling keeps hitting known candidates.
 * False when every candidate is known. */
static bool random_unmeasured(search_t *s, const hash_set_t *taken, strata_choice_t *out) {
  for (int attempt = 0; attempt < 64; ++attempt) {
    strata_space_sample(s->space, &s->rng, out);
    canonical(s, out);
    uint64_t h = strata_space_candidate_hash(s->space, out);
    if (!set_contains(&s->measured, h) && !(taken && set_contains(taken, h)))
      return true;
  }
  if (s->space_size > (1u << 24))
    return false; /* a huge space this crowded is not worth scanning */
  uint64_t start = strata_rng_below(&s->rng, s->space_size);
  for (uint64_t i = 0; i < s->space_size; ++i) {
    strata_space_candidate_at(s->space, (start + i) % s->space_size, out);
    canonical(s, out);
    uint64_t h = strata_space_candidate_hash(s->space, out);
    if (!set_contains(&s->measured, h) && !(taken && set_contains(taken, h)))
      return true;
  }
  return false;
}

static bool run_initial(search_t *s, char **error) {
  for (size_t i = 0; i < s->opt->num_initial && trials_left(s); ++i) {
    const strata_choice_t *c = s->opt->initial + i * s->k;
    if (!is_measured(s, c) && !measure_one(s, c, error))
      return false;
  }
  return true;
}

/* Random candidates, a batch at a time. */
static bool run_random(search_t *s, char **error) {
  int batch = batch_size(s);
  strata_choice_t *c = calloc((size_t)batch * s->k + 1, sizeof *c);
  bool ok = true;
  int n;
  while (ok && (n = random_batch(s, c, trials_available(s, batch))) > 0)
    ok = measure_many(s, c, n, error);
  free(c);
  return ok;
}

/* Grid order, a batch at a time. */
static bool run_grid(search_t *s, char **error) {
  int batch = batch_size(s);
  strata_choice_t *c = calloc((size_t)batch * s->k + 1, sizeof *c);
  hash_set_t taken = {0};
  bool ok = true;
  uint64_t i = 0;
  while (ok && i < s->space_size) {
    int want = trials_available(s, batch), n = 0;
    for (; n < want && i < s->space_size; ++i) {
      strata_choice_t *cand = c + (size_t)n * s->k;
      strata_space_candidate_at(s->space, i, cand);
      canonical(s, cand);
      if (!is_measured(s, cand) && set_insert(&taken, strata_space_candidate_hash(s->space, cand)))
        ++n;
    }
    if (n == 0)
      break;
    ok = measure_many(s, c, n, error);
  }
  free(taken.slots);
  free(c);
  return ok;
}

/* --- Evolutionary search ----------------------------------------------------- */

/* Candidates with model scores; `order` is creation order, the tie-break. */
typedef struct {
  strata_choice_t *choices; /* count * k */
  float *scores;
  size_t count, cap, k;
  hash_set_t members;
} pool_t;

static void pool_free(pool_t *p) {
  free(p->choices);
  free(p->scores);
  free(p->members.slots);
  memset(p, 0, sizeof *p);
}

/* Adds a candidate unless already present; returns whether it was added. */
static bool pool_add(pool_t *p, const strata_space_t *space, const strata_choice_t *c) {
  if (!set_insert(&p->members, strata_space_candidate_hash(space, c)))
    return false;
  if (p->count == p->cap) {
    p->cap = p->cap ? 2 * p->cap : 256;
    p->choices = realloc(p->choices, p->cap * (p->k ? p->k : 1) * sizeof *p->choices);
    p->scores = realloc(p->scores, p->cap * sizeof *p->scores);
    if (!p->choices || !p->scores)
      abort();
  }
  memcpy(p->choices + p->count * p->k, c, p->k * sizeof *c);
  p->scores[p->count++] = 0;
  return true;
}

/* Scores pool entries [from, count) with the model. */
static bool pool_score(search_t *s, pool_t *p, size_t from, char **error) {
  size_t rows = p->count - from, f = s->cb->num_features;
  if (rows == 0)
    return true;
  float *features = malloc(rows * (f ? f : 1) * sizeof *features);
  if (!features)
    abort();
  for (size_t i = 0; i < rows; ++i)
    s->cb->features(s->cb->user, p->choices + (from + i) * p->k, features + i * f);
  bool ok = strata_cost_model_predict(s->model, features, rows, p->scores + from, error);
  free(features);
  return ok;
}

typedef struct {
  float score;
  size_t index;
} ranked_t;

static int compare_ranked(const void *a, const void *b) {
  const ranked_t *x = a, *y = b;
  if (x->score != y->score)
    return x->score > y->score ? -1 : 1;
  return x->index < y->index ? -1 : x->index > y->index;
}

/* Pool indices sorted by descending score, then creation order. */
static ranked_t *pool_rank(const pool_t *p) {
  ranked_t *r = malloc((p->count ? p->count : 1) * sizeof *r);
  if (!r)
    abort();
  for (size_t i = 0; i < p->count; ++i)
    r[i] = (ranked_t){isnan(p->scores[i]) ? -INFINITY : p->scores[i], i};
  qsort(r, p->count, sizeof *r, compare_ranked);
  return r;
}

/* Keeps the best `keep` entries of p (in rank order). */
static void pool_truncate(pool_t *p, const strata_space_t *space, size_t keep) {
  if (p->count <= keep)
    return;
  ranked_t *r = pool_rank(p);
  pool_t kept = {.k = p->k};
  for (size_t i = 0; i < keep; ++i) {
    pool_add(&kept, space, p->choices + r[i].index * p->k);
    kept.scores[kept.count - 1] = p->scores[r[i].index];
  }
  free(r);
  pool_free(p);
  *p = kept;
}

/* Tournament of two: the better-scored of two random population members. */
static const strata_choice_t *select_parent(search_t *s, const pool_t *pop) {
  size_t a = strata_rng_below(&s->rng, pop->count), b = strata_rng_below(&s->rng, pop->count);
  size_t best = pop->scores[a] > pop->scores[b] || (pop->scores[a] == pop->scores[b] && a < b) ? a : b;
  return pop->choices + best * pop->k;
}

/* The measured candidates, fastest first (errors excluded). */
static void add_best_measured(search_t *s, pool_t *pop, size_t limit) {
  strata_search_result_t *r = s->result;
  ranked_t *order = malloc((size_t)(r->trials ? r->trials : 1) * sizeof *order);
  size_t n = 0;
  if (!order)
    abort();
  for (int t = 0; t < r->trials; ++t)
    if (!isnan(r->latencies[t]))
      order[n++] = (ranked_t){(float)-r->latencies[t], (size_t)t};
  qsort(order, n, sizeof *order, compare_ranked);
  for (size_t i = 0; i < n && i < limit; ++i)
    pool_add(pop, s->space, r->candidates + order[i].index * s->k);
  free(order);
}

/* One round: evolve a population on the model and choose a batch to
 * measure, (1 - exploration) by model rank and the rest at random. */
static bool evolutionary_round(search_t *s, int batch, char **error) {
  const strata_search_options_t *o = s->opt;
  size_t population = (size_t)(o->population > 0 ? o->population : 1);
  pool_t pop = {.k = s->k};
  strata_choice_t *child = calloc(s->k + 1, sizeof *child);
  bool ok = strata_cost_model_train(s->model, error);

  /* Seed: the best measured candidates and a large random pool, ranked. */
  if (ok) {
    add_best_measured(s, &pop, population / 2);
    for (int i = 0; i < o->pool_size; ++i) {
      strata_space_sample(s->space, &s->rng, child);
      canonical(s, child);
      pool_add(&pop, s->space, child);
    }
    ok = pool_score(s, &pop, 0, error);
    pool_truncate(&pop, s->space, population);
  }
  /* Generations: children by mutation or crossover of tournament winners;
   * the best of parents and children survive. */
  for (int g = 0; ok && g < o->generations && pop.count > 0; ++g) {
    size_t parents = pop.count, first_child = pop.count;
    for (size_t i = 0; i < parents; ++i) {
      const strata_choice_t *a = select_parent(s, &pop);
      if (strata_rng_uniform(&s->rng) < o->mutation_share) {
        /* With a canonical form, a mutation of a knob without effect gives
         * the parent back: mutate again (a few times at most). */
        for (int tries = 0; tries < (s->cb->canonicalize ? 4 : 1); ++tries) {
          memcpy(child, a, s->k * sizeof *child);
          strata_space_mutate(s->space, &s->rng, child);
          canonical(s, child);
          if (memcmp(child, a, s->k * sizeof *child) != 0)
            break;
        }
      } else {
        const strata_choice_t *b = select_parent(s, &pop);
        strata_space_crossover(s->space, &s->rng, a, b, child);
      }
      canonical(s, child);
      pool_add(&pop, s->space, child);
    }
    ok = pool_score(s, &pop, first_child, error);
    pool_truncate(&pop, s->space, population);
  }

  /* Choose the batch: top unmeasured by score, then random exploration. */
  hash_set_t chosen = {0};
  strata_choice_t *batch_choices = calloc((size_t)batch * (s->k + 1), sizeof *batch_choices);
  int explore = (int)lround(o->exploration * batch);
  int exploit = batch - explore, picked = 0;
  if (ok) {
    ranked_t *r = pool_rank(&pop);
    for (size_t i = 0; i < pop.count && picked < exploit; ++i) {
      const strata_choice_t *c = pop.choices + r[i].index * s->k;
      if (is_measured(s, c) || !set_insert(&chosen, strata_space_candidate_hash(s->space, c)))
        continue;
      memcpy(batch_choices + (size_t)picked++ * s->k, c, s->k * sizeof *c);
    }
    free(r);
    while (picked < batch && random_unmeasured(s, &chosen, child)) {
      set_insert(&chosen, strata_space_candidate_hash(s->space, child));
      memcpy(batch_choices + (size_t)picked++ * s->k, child, s->k * sizeof *child);
    }
  }
  if (ok)
    ok = measure_many(s, batch_choices, trials_available(s, picked), error);
  if (ok && picked == 0)
    s->space_size = s->measured.count; /* nothing new is reachable: stop */
  free(batch_choices);
  free(chosen.slots);
  free(child);
  pool_free(&pop);
  return ok;
}

static bool run_evolutionary(search_t *s, char **error) {
  if (!s->cb->features)
    return strata_fail(error, "search: the evolutionary strategy needs a features callback");
  int batch = batch_size(s);
  /* The first round has no model to ask: random candidates (records
   * resumed from the database count as its data). */
  strata_choice_t *c = calloc((size_t)batch * s->k + 1, sizeof *c);
  bool ok = true;
  int n = s->result->trials < batch ? random_batch(s, c, trials_available(s, batch - s->result->trials)) : 0;
  if (n > 0)
    ok = measure_many(s, c, n, error);
  free(c);
  while (ok && trials_left(s)) {
    int budget = s->result->resumed + s->opt->trials;
    int limit = s->limit < budget ? s->limit : budget;
    int left = limit - s->result->trials;
    ok = evolutionary_round(s, left < batch ? left : batch, error);
  }
  return ok;
}

/* --- Resuming from the database ---------------------------------------------- */

typedef struct {
  search_t *s;
  strata_choice_t *scratch;
} resume_t;

/* One earlier record of the task: a trial already measured (in the result,
 * the measured set and the cost model) unless it is another kernel's (a
 * stale key), an invalid row, outside this space, or a candidate already
 * taken (the first record of a candidate stands for it). */
static bool resume_record(void *user, const strata_tuning_record_t *r) {
  resume_t *st = user;
  search_t *s = st->s;
  if (!r->canonical_text || strcmp(r->canonical_text, s->task->canonical_text) != 0)
    return true;
  if (!r->error && !strata_tuning_record_latency_ok(r))
    return true;
  if (strata_space_record_is_stale(s->space, r->decisions)) {
    ++s->result->stale;
    return true;
  }
  char *error = NULL;
  if (!strata_space_candidate_from_json(s->space, r->decisions, st->scratch, &error)) {
    free(error);
    return true;
  }
  if (!set_insert(&s->measured, strata_space_candidate_hash(s->space, st->scratch)))
    return true;
  bool ok = r->error == NULL;
  result_push(s->result, s->k, st->scratch, ok, r->latency);
  ++s->result->resumed;
  if (s->model && s->cb->features) {
    s->cb->features(s->cb->user, st->scratch, s->feature_scratch);
    strata_cost_model_add(s->model, s->feature_scratch, ok ? 1.0 / fmax(r->latency, 1e-12) : 0.0);
  }
  return true;
}

/* The task's records from an earlier run become this search's first
 * trials: not measured again (the default included), and the evolutionary
 * search starts from them. */
static bool resume(search_t *s, char **error) {
  resume_t st = {.s = s, .scratch = calloc(s->k + 1, sizeof *st.scratch)};
  bool ok = strata_tuning_db_for_each(s->db, s->task->key, s->task->target, resume_record, &st,
                                      error);
  free(st.scratch);
  return ok;
}

/* Sets up s (its result already initialised by the caller). */
static bool search_init(search_t *s, const strata_space_t *space,
                        const strata_search_options_t *options,
                        const strata_search_callbacks_t *callbacks, strata_tuning_db_t *db,
                        const strata_tuning_task_t *task, char **error) {
  s->result->num_knobs = space->num_knobs;
  s->result->best_trial = -1;
  s->result->best_latency = INFINITY;
  if (!callbacks || !callbacks->measure)
    return strata_fail(error, "search: no measure callback");
  if (db && !task)
    return strata_fail(error, "search: recording in a database needs a task");
  if (options->strategy == STRATA_SEARCH_EVOLUTIONARY && !callbacks->features)
    return strata_fail(error, "search: the evolutionary strategy needs a features callback");
  s->space = space;
  s->opt = options;
  s->cb = callbacks;
  s->db = db;
  s->task = task;
  s->space_size = strata_space_size(space);
  s->k = space->num_knobs;
  strata_rng_seed(&s->rng, options->seed);
  if (callbacks->features) {
    s->model = strata_cost_model_create(callbacks->num_features, options->seed);
    s->feature_scratch = calloc(callbacks->num_features + 1, sizeof *s->feature_scratch);
  }
  return !db || options->fresh || resume(s, error);
}

static bool search_step(search_t *s, int trials, char **error) {
  s->limit = s->result->trials + (trials > 0 ? trials : 0);
  bool ok = true;
  if (!s->started) {
    s->started = true;
    ok = run_initial(s, error);
  }
  if (ok) {
    switch (s->opt->strategy) {
    case STRATA_SEARCH_RANDOM: ok = run_random(s, error); break;
    case STRATA_SEARCH_GRID: ok = run_grid(s, error); break;
    case STRATA_SEARCH_EVOLUTIONARY: ok = run_evolutionary(s, error); break;
    }
  }
  return ok;
}

static void search_release(search_t *s) {
  strata_cost_model_free(s->model);
  free(s->feature_scratch);
  free(s->measured.slots);
  s->model = NULL;
  s->feature_scratch = NULL;
  s->measured.slots = NULL;
}

bool strata_search_run(const strata_space_t *space, const strata_search_options_t *options,
                       const strata_search_callbacks_t *callbacks, strata_tuning_db_t *db,
                       const strata_tuning_task_t *task, strata_search_result_t *result,
                       char **error) {
  memset(result, 0, sizeof *result);
  search_t s = {.result = result};
  bool ok = search_init(&s, space, options, callbacks, db, task, error) &&
            search_step(&s, options->trials, error);
  search_release(&s);
  return ok;
}

struct strata_search {
  search_t s;
};

strata_search_t *strata_search_create(const strata_space_t *space,
                                      const strata_search_options_t *options,
                                      const strata_search_callbacks_t *callbacks,
                                      strata_tuning_db_t *db, const strata_tuning_task_t *task,
                                      char **error) {
  strata_search_t *search = calloc(1, sizeof *search);
  if (!search)
    abort();
  search->s.result = &search->s.own_result;
  if (!search_init(&search->s, space, options, callbacks, db, task, error)) {
    strata_search_free(search);
    return NULL;
  }
  return search;
}

bool strata_search_step(strata_search_t *search, int trials, char **error) {
  return search_step(&search->s, trials, error);
}

bool strata_search_done(const strata_search_t *search) {
  const search_t *s = &search->s;
  return s->started && (new_trials(s) >= s->opt->trials || s->measured.count >= s->space_size);
}

const strata_search_result_t *strata_search_result(const strata_search_t *search) {
  return search->s.result;
}

void strata_search_free(strata_search_t *search) {
  if (!search)
    return;
  search_release(&search->s);
  strata_search_result_clear(&search->s.own_result);
  free(search);
}

void strata_search_result_clear(strata_search_result_t *r) {
  free(r->candidates);
  free(r->latencies);
  free(r->best_curve);
  memset(r, 0, sizeof *r);
  r->best_trial = -1;
}

/* --- Curves ------------------------------------------------------------------ */

bool strata_search_write_curve_csv(const strata_search_result_t *r, const char *path,
                                   char **error) {
  FILE *f = fopen(path, "w");
  if (!f)
    return strata_fail(error, "cannot write '%s': %s", path, strerror(errno));
  fprintf(f, "trial,latency_s,best_latency_s\n");
  for (int t = 0; t < r->trials; ++t) {
    fprintf(f, "%d,", t + 1);
    if (!isnan(r->latencies[t]))
      fprintf(f, "%.9g", r->latencies[t]);
    fprintf(f, ",");
    if (isfinite(r->best_curve[t]))
      fprintf(f, "%.9g", r->best_curve[t]);
    fprintf(f, "\n");
  }
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  return ok || strata_fail(error, "cannot write '%s'", path);
}

/* gnuplot's single-quoted strings: a quote is written twice. */
static void put_gnuplot_string(FILE *f, const char *s) {
  fputc('\'', f);
  for (; *s; ++s) {
    if (*s == '\'')
      fputc('\'', f);
    fputc(*s, f);
  }
  fputc('\'', f);
}

static bool find_in_path(const char *program) {
  const char *path = getenv("PATH");
  if (!path)
    return false;
  char candidate[4096];
  for (const char *p = path; *p;) {
    size_t len = strcspn(p, ":");
    snprintf(candidate, sizeof candidate, "%.*s/%s", (int)len, p, program);
    if (access(candidate, X_OK) == 0)
      return true;
    p += len;
    p += *p == ':';
  }
  return false;
}

bool strata_search_plot_curves(const char *const *csv_paths, const char *const *labels,
                               size_t num_curves, const char *png_path, const char *title,
                               char **error) {
  if (!find_in_path("gnuplot"))
    return strata_fail(error, "gnuplot not found: no PNG plot written (install gnuplot-nox; "
                              "the CSV curves are written)");
  int fds[2];
  if (pipe(fds) != 0)
    return strata_fail(error, "plot: cannot create a pipe: %s", strerror(errno));
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return strata_fail(error, "plot: cannot fork: %s", strerror(errno));
  }
  if (pid == 0) {
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
    close(fds[1]);
    execlp("gnuplot", "gnuplot", (char *)NULL);
    _exit(127);
  }
  close(fds[0]);
  /* A gnuplot that exits early must not kill us with SIGPIPE. */
  struct sigaction ignore = {.sa_handler = SIG_IGN}, saved;
  sigaction(SIGPIPE, &ignore, &saved);
  FILE *script = fdopen(fds[1], "w");
  if (script) {
    fprintf(script, "set terminal pngcairo size 900,560\nset output ");
    put_gnuplot_string(script, png_path);
    fprintf(script, "\nset title ");
    put_gnuplot_string(script, title ? title : "tuning curve");
    fprintf(script, "\nset datafile separator ','\nset key top right\n"
                    "set logscale y\nset xlabel 'trials'\nset ylabel 'latency (ms)'\nset grid\nplot ");
    /* Per curve: every trial as a point (column 2, from the first trial)
     * and the best so far as steps (column 3, once it is known). */
    for (size_t i = 0; i < num_curves; ++i) {
      fprintf(script, "%s", i ? ", " : "");
      put_gnuplot_string(script, csv_paths[i]);
      fprintf(script, " using 1:($2*1000) every ::1 with points pt 7 ps 0.5 lc %zu notitle, ",
              i + 1);
      put_gnuplot_string(script, csv_paths[i]);
      fprintf(script, " using 1:($3*1000) every ::1 with steps lw 2 lc %zu title ", i + 1);
      put_gnuplot_string(script, labels ? labels[i] : csv_paths[i]);
    }
    fprintf(script, "\n");
    fclose(script);
  } else {
    close(fds[1]);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  sigaction(SIGPIPE, &saved, NULL);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return strata_fail(error, "gnuplot failed to plot '%s' (exit status %d)", png_path,
                       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return true;
}
