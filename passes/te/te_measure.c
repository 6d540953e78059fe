/* Measuring a tuning task's candidates (see te_measure.h): in the forked
 * child, the kernel is built for the candidate (and, paired, for the
 * default), checked against the reference output and timed.
 *
 * What every candidate would redo is done once in the tuner and inherited
 * by the children through fork (the harness): an MLIR context with the
 * dialects, the lowering's passes, LLVM's code generator and the JIT's
 * libraries already loaded and initialized (a fixed warm-up kernel is
 * compiled once in the tuner, never run: OpenMP must start in the child),
 * and each task's seeded inputs. */
#include "passes/te/te_measure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Diagnostics.h>

#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/te/te_features.h"
#include "core/builder.h"
#include "core/f32_constant.h"
#include "core/text.h"
#include "runtime/jit.h"
#include "runtime/status.h"
#include "runtime/tensor.h"
#include "strata/strata.h"
#include "tuning/roofline.h"
#include "tuning/validate.h"

/* te-pack-constants first, as in the model's pipeline: the weights the
 * kernel holds as constants (task arg_constant) are packed at compile
 * time, not by a step timed with every call. */
static const char LOWER_PIPELINE[] = "builtin.module(te-pack-constants,convert-te-to-tir,"
                                     "tir-apply-schedule,strata-lower-to-llvm)";

/* State of one measurement; lives in the child after the fork. */
typedef struct {
  strata_te_task_t *task;
  const strata_choice_t *candidate; /* NULL: the default */
  bool is_default;
  bool paired; /* runs alternate with the default's; a run's value is the ratio */
  strata_measure_fault_t inject;
  char diag[1024];
  strata_jit_t *jit;
  strata_jit_t *default_jit; /* paired: the default decisions' kernel */
  strata_tensor_t args[STRATA_TE_MAX_READS + 1];
  int num_args;
} measure_state_t;

/* --- building the kernel ------------------------------------------------------ */

static MlirLogicalResult capture_diagnostic(MlirDiagnostic d, void *user) {
  measure_state_t *m = user;
  if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError && !m->diag[0]) {
    strata_text_t t = {0};
    mlirDiagnosticPrint(d, strata_text_append_cb, &t);
    snprintf(m->diag, sizeof m->diag, "%s", t.data ? t.data : "error");
    free(t.data);
  }
  return mlirLogicalResultSuccess();
}

/* --- the harness, made once in the tuner ------------------------------------------ */

/* The kernel the tuner compiles once to warm its context, the passes and
 * LLVM up before the first fork: a small product split, reordered,
 * vectorized and parallel (what the lowering of most candidates meets). */
static const char WARM_KERNEL[] =
    "func.func @kernel(%a: tensor<16x32xf32>, %b: tensor<32x64xf32>) -> tensor<16x64xf32> {\n"
    "  %c = \"te.compute\"() ({\n"
    "  ^bb0(%i: index, %j: index, %k: index):\n"
    "    %x = \"te.read\"(%a, %i, %k) : (tensor<16x32xf32>, index, index) -> f32\n"
    "    %y = \"te.read\"(%b, %k, %j) : (tensor<32x64xf32>, index, index) -> f32\n"
    "    %m = arith.mulf %x, %y : f32\n"
    "    gpu.yield %m : f32\n"
    "  }) {name = \"warm\", reduce_extents = array<i64: 32>, combiner = \"add\", "
    "init = 0.0 : f32, schedule = [{prim = \"split\", axis = \"d1\", factors = "
    "array<i64: 16>}, {prim = \"reorder\", order = [\"d0\", \"d1.0\", \"r0\", "
    "\"d1.1\"]}, {prim = \"vectorize\", axis = \"d1.1\"}, {prim = \"parallel\", "
    "axis = \"d0\"}]} : () -> tensor<16x64xf32>\n"
    "  return %c : tensor<16x64xf32>\n"
    "}\n";

static MlirContext warm_context; /* the tuner's; each child parses into its copy */

static MlirLogicalResult ignore_diagnostic(MlirDiagnostic d, void *user) {
  (void)d, (void)user;
  return mlirLogicalResultSuccess();
}

/* Creates the shared context and compiles the warm-up kernel in it (once
 * per process; a failure only leaves the children colder). */
static void warm_up(void) {
  if (!mlirContextIsNull(warm_context))
    return;
  strata_register_all_passes();
  warm_context = strata_context_create();
  if (mlirContextIsNull(warm_context))
    return;
  MlirDiagnosticHandlerID id =
      mlirContextAttachDiagnosticHandler(warm_context, ignore_diagnostic, NULL, NULL);
  MlirOperation module =
      strata_parse_module(warm_context, strata_sref(WARM_KERNEL), strata_sref("warm"));
  char *error = NULL;
  if (!mlirOperationIsNull(module) &&
      mlirLogicalResultIsSuccess(strata_run_pipeline(module, LOWER_PIPELINE))) {
    strata_jit_t *jit = strata_jit_create(module, 3, &error);
    if (jit && strata_jit_materialize(jit, "kernel", &error))
      strata_jit_release(jit);
    else if (jit)
      strata_jit_release(jit);
  }
  free(error);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  mlirContextDetachDiagnosticHandler(warm_context, id);
}

/* The task's inputs, seeded random tensors made once (seeds 1000 + i),
 * and its result buffer: each child writes its own copy. */
typedef struct {
  strata_tensor_t args[STRATA_TE_MAX_READS + 1];
  int num_args;
} harness_t;

static void harness_free(void *p) {
  harness_t *h = p;
  for (int i = 0; h && i < h->num_args; ++i)
    strata_tensor_free(&h->args[i]);
  free(h);
}

static harness_t *task_harness(strata_te_task_t *t) {
  if (t->harness)
    return t->harness;
  harness_t *h = calloc(1, sizeof *h);
  if (!h)
    return NULL;
  for (int i = 0; i < t->num_inputs + 1; ++i) {
    if (!strata_tensor_alloc(&h->args[i], (strata_dtype_t)t->arg_dtype[i], t->arg_rank[i],
                             t->arg_shape[i])) {
      harness_free(h);
      return NULL;
    }
    h->num_args = i + 1;
    if (i < t->num_inputs)
      strata_tensor_fill_random(&h->args[i], 1000 + (uint64_t)i);
  }
  t->harness = h;
  t->harness_free = harness_free;
  return h;
}

static MlirOperation first_compute(MlirOperation module) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation f = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(f);
       f = mlirOperationGetNextInBlock(f)) {
    if (!strata_op_is(f, "func.func"))
      continue;
    MlirBlock fb = mlirRegionGetFirstBlock(mlirOperationGetRegion(f, 0));
    for (MlirOperation o = mlirBlockGetFirstOperation(fb); !mlirOperationIsNull(o);
         o = mlirOperationGetNextInBlock(o))
      if (strata_op_is(o, "te.compute"))
        return o;
  }
  return (MlirOperation){NULL};
}

/* Writes the candidate's decisions into the parsed kernel's compute. */
static bool schedule_kernel(measure_state_t *m, MlirOperation compute, char **error) {
  strata_te_knob_t *knobs = NULL;
  size_t n = 0;
  MlirAttribute schedule = strata_te_compute_schedule(compute);
  if (!strata_te_read_knobs(compute, schedule, &knobs, &n, NULL, error))
    return false;
  if (n != m->task->space.num_knobs)
    return strata_fail(error, "the kernel's knobs differ from the task's");
  strata_te_compute_set_trace(compute, strata_te_compute_trace(compute, knobs, n, m->candidate));
  strata_te_knobs_free(knobs, n);
  return true;
}

/* The values of input `i`: the harness's seeded tensor (the children's
 * inputs) or, without a harness, the same seed's values made here. */
static float *input_values(const strata_te_task_t *t, int i, int64_t count) {
  float *v = malloc((size_t)count * sizeof *v);
  const harness_t *h = t->harness;
  if (v && h && h->num_args > i) {
    memcpy(v, h->args[i].data, (size_t)count * sizeof *v);
    return v;
  }
  strata_tensor_t tmp = {0};
  if (v && strata_tensor_alloc(&tmp, STRATA_DTYPE_F32, t->arg_rank[i], t->arg_shape[i])) {
    strata_tensor_fill_random(&tmp, 1000 + (uint64_t)i);
    memcpy(v, tmp.data, (size_t)count * sizeof *v);
    strata_tensor_free(&tmp);
    return v;
  }
  free(v);
  return NULL;
}

/* The model's weights stay constants: each input that is one in the model
 * (arg_constant) is replaced, inside the kernel, by an arith.constant of
 * its seeded values (the argument stays, unused, so the calling
 * convention and the reference do not change). */
static bool constant_inputs(const strata_te_task_t *t, MlirOperation module, char **error) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation fn = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(fn) && !strata_op_is(fn, "func.func"))
    fn = mlirOperationGetNextInBlock(fn);
  if (mlirOperationIsNull(fn))
    return strata_fail(error, "the kernel has no function");
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  for (int i = 0; i < t->num_inputs; ++i) {
    if (!t->arg_constant[i])
      continue;
    MlirValue arg = mlirBlockGetArgument(entry, i);
    MlirType type = mlirValueGetType(arg);
    int64_t count = mlirShapedTypeGetDimSize(type, 0) * mlirShapedTypeGetDimSize(type, 1);
    float *values = input_values(t, i, count);
    if (!values)
      return strata_fail(error, "out of memory for the kernel's constant input %d", i);
    char name[32];
    snprintf(name, sizeof name, "tune_weight%d", i);
    MlirAttribute value = strata_f32_attr_build(type, count, values, name);
    strata_builder_t b = strata_builder_before(mlirBlockGetFirstOperation(entry));
    MlirNamedAttribute va = strata_named(mlirOperationGetContext(fn), "value", value);
    MlirValue c = strata_build_value(&b, "arith.constant", 0, NULL, type, 1, &va);
    mlirValueReplaceAllUsesOfWith(arg, c);
  }
  return true;
}

/* Parses the kernel into a fresh context, schedules it (the candidate's
 * decisions, or no schedule at all when `unscheduled`), lowers and
 * JIT-compiles it. */
static strata_jit_t *build_kernel(measure_state_t *m, bool unscheduled, char **error) {
  strata_register_all_passes();
  MlirContext ctx = mlirContextIsNull(warm_context) ? strata_context_create() : warm_context;
  if (mlirContextIsNull(ctx))
    return strata_fail(error, "cannot create an MLIR context"), NULL;
  mlirContextAttachDiagnosticHandler(ctx, capture_diagnostic, m, NULL);
  MlirOperation module = strata_parse_module(ctx, strata_sref(m->task->kernel_text),
                                             strata_sref("kernel"));
  MlirOperation compute = mlirOperationIsNull(module) ? module : first_compute(module);
  if (mlirOperationIsNull(compute))
    return strata_fail(error, "cannot parse the kernel: %s", m->diag), NULL;
  if (unscheduled)
    strata_te_compute_set_trace(compute, mlirArrayAttrGet(mlirOperationGetContext(compute), 0,
                                                          NULL));
  else if (!schedule_kernel(m, compute, error))
    return NULL;
  if (!constant_inputs(m->task, module, error))
    return NULL;
  if (mlirLogicalResultIsFailure(strata_verify(module)) ||
      mlirLogicalResultIsFailure(strata_run_pipeline(module, LOWER_PIPELINE)))
    return strata_fail(error, "cannot lower: %s", m->diag[0] ? m->diag : "unknown error"), NULL;
  strata_jit_t *jit = strata_jit_create(module, 3, error);
  if (!jit && m->diag[0]) {
    char *e = *error;
    *error = NULL;
    strata_fail(error, "%s: %s", e, m->diag);
    free(e);
  }
  return jit;
}

static bool call_kernel(measure_state_t *m, strata_jit_t *jit, char **error) {
  return strata_jit_call(jit, "kernel", m->args, m->num_args, error);
}

/* --- checking the result -------------------------------------------------------- */

/* The wrong-result fault: the first element of the output moves far from
 * any tolerance, as a miscompiled candidate's would. */
static void corrupt_first_element(strata_tensor_t *out) {
  if (strata_tensor_numel(out) == 0)
    return;
  switch (out->dtype) {
  case STRATA_DTYPE_F32: ((float *)out->data)[0] = 1e6f + 2 * fabsf(((float *)out->data)[0]); break;
  case STRATA_DTYPE_F64: ((double *)out->data)[0] = 1e6 + 2 * fabs(((double *)out->data)[0]); break;
  case STRATA_DTYPE_I8: ((int8_t *)out->data)[0] ^= 0x55; break;
  case STRATA_DTYPE_I32: ((int32_t *)out->data)[0] ^= 0x55555; break;
  case STRATA_DTYPE_I64: ((int64_t *)out->data)[0] ^= 0x55555; break;
  default: ((unsigned char *)out->data)[0] ^= 0x55; break;
  }
}

/* Inputs: seeded random tensors of the argument types; then the result
 * (the harness's, made in the tuner, when it could be). */
static bool make_args(measure_state_t *m, char **error) {
  strata_te_task_t *t = m->task;
  m->num_args = t->num_inputs + 1;
  const harness_t *h = t->harness;
  if (h && h->num_args == m->num_args) {
    memcpy(m->args, h->args, sizeof h->args);
    return true;
  }
  for (int i = 0; i < m->num_args; ++i) {
    if (!strata_tensor_alloc(&m->args[i], (strata_dtype_t)t->arg_dtype[i], t->arg_rank[i],
                             t->arg_shape[i]))
      return strata_fail(error, "out of memory for the kernel's tensors");
    if (i < t->num_inputs)
      strata_tensor_fill_random(&m->args[i], 1000 + (uint64_t)i);
  }
  return true;
}

/* The default failed: the unscheduled kernel's output is the reference. */
static bool unscheduled_reference(measure_state_t *m, size_t bytes, char **error) {
  strata_te_task_t *t = m->task;
  strata_tensor_t *out = &m->args[t->num_inputs];
  char *e = NULL;
  strata_jit_t *naive = build_kernel(m, true, &e);
  strata_tensor_t keep = *out, tmp;
  if (!naive || !strata_tensor_alloc(&tmp, out->dtype, out->rank, out->shape)) {
    strata_fail(error, "no reference output (the default candidate failed and the "
                       "unscheduled kernel: %s)", e ? e : "out of memory");
    free(e);
    return false;
  }
  m->args[t->num_inputs] = tmp;
  bool ok = call_kernel(m, naive, error);
  m->args[t->num_inputs] = keep;
  if (!ok)
    return false;
  memcpy(t->shared->data, tmp.data, bytes);
  t->shared->valid = 1;
  return true;
}

/* Compares the output with the reference (the default's: set here when
 * this is the default and no reference exists yet). */
static bool check_output(measure_state_t *m, char **error) {
  strata_te_task_t *t = m->task;
  strata_tensor_t *out = &m->args[t->num_inputs];
  strata_measure_shared_t *ref = t->shared;
  size_t bytes = (size_t)strata_tensor_numel(out) * strata_dtype_size(out->dtype);
  if (bytes != ref->bytes)
    return strata_fail(error, "result size differs from the reference");
  if (!ref->valid && m->is_default) {
    memcpy(ref->data, out->data, bytes);
    ref->valid = 1;
    if (m->inject != STRATA_MEASURE_FAULT_WRONG)
      return true;
  } else if (!ref->valid && !unscheduled_reference(m, bytes, error)) {
    return false;
  }
  if (m->inject == STRATA_MEASURE_FAULT_WRONG)
    corrupt_first_element(out);
  strata_tensor_t expected = *out;
  expected.data = ref->data;
  int64_t reduce = 1;
  for (int a = t->num_spatial; a < t->num_axes; ++a)
    reduce *= t->extents[a];
  strata_compare_t c = strata_tensor_compare(out, &expected, 1e-3, 1e-5 * (double)(reduce + 1));
  if (!c.ok)
    return strata_fail(error,
                       "wrong result: %lld elements differ from the reference, max abs error "
                       "%.3g at %lld",
                       (long long)c.mismatches, c.max_abs_error, (long long)c.worst_index);
  return true;
}

/* --- in the child ------------------------------------------------------------------ */

static bool measure_prepare(void *user, char **error) {
  measure_state_t *m = user;
  strata_measure_act_fault(m->inject);
  if (!(m->jit = build_kernel(m, false, error)) || !make_args(m, error) ||
      !call_kernel(m, m->jit, error) || !check_output(m, error))
    return false;
  if (m->paired) {
    const strata_choice_t *candidate = m->candidate;
    m->candidate = NULL; /* the default decisions */
    m->default_jit = build_kernel(m, false, error);
    m->candidate = candidate;
    if (!m->default_jit || !call_kernel(m, m->default_jit, error))
      return false;
  }
  return true;
}

/* One timed call of `jit` (after evicting the arguments but the first
 * from the caches with flush-cache). */
static bool timed_call(measure_state_t *m, strata_jit_t *jit, double *seconds, char **error) {
  if (m->task->flush_cache)
    for (int i = 1; i < m->num_args; ++i)
      strata_measure_flush_cache(m->args[i].data, (size_t)strata_tensor_numel(&m->args[i]) *
                                                      strata_dtype_size(m->args[i].dtype));
  double start = strata_measure_now();
  bool ok = call_kernel(m, jit, error);
  *seconds = strata_measure_now() - start;
  return ok;
}

/* A run: the candidate's time; paired, the default's call then the
 * candidate's, and the value is their ratio (candidate / default), so that
 * the machine slowing down or speeding up between runs cancels out. */
static bool measure_run(void *user, double *seconds, char **error) {
  measure_state_t *m = user;
  if (!m->paired && !m->task->flush_cache)
    return call_kernel(m, m->jit, error);
  double base = 0;
  if (m->paired && !timed_call(m, m->default_jit, &base, error))
    return false;
  if (!timed_call(m, m->jit, seconds, error))
    return false;
  if (m->paired)
    *seconds = base > 0 ? *seconds / base : 1.0;
  return true;
}

/* --- in the tuner ------------------------------------------------------------------ */

/* One measurement in a child: the candidate's median time, or (paired)
 * the median ratio of its time to the default's in alternating runs. */
static bool measure_in_child(strata_te_task_t *t, const strata_choice_t *candidate, bool paired,
                             double *latency, char **error) {
  bool is_default = true;
  for (size_t k = 0; candidate && k < t->space.num_knobs; ++k)
    is_default &= candidate[k] == 0;
  measure_state_t m = {
      .task = t,
      .candidate = candidate,
      .is_default = is_default,
      .paired = paired && !is_default,
      .inject = strata_measure_injected_fault(t->measurements++),
  };
  strata_measure_callbacks_t cb = {.prepare = measure_prepare, .run = measure_run, .user = &m};
  warm_up();
  task_harness(t);
  /* The checked call in prepare is the warm-up run (of both kernels,
   * paired). */
  strata_measure_options_t options = t->measure;
  options.warmup = 0;
  strata_measure_result_t r = strata_measure(&cb, &options);
  if (r.ok) {
    *latency = r.latency * (m.inject == STRATA_MEASURE_FAULT_FAST    ? 1e-6
                            : m.inject == STRATA_MEASURE_FAULT_LUCKY ? 0.5
                                                                     : 1.0);
    t->noisy += r.noisy;
    return true;
  }
  if (!t->first_error)
    t->first_error = strdup(r.error);
  *error = r.error;
  return false;
}

double strata_te_task_min_seconds(const strata_te_task_t *t) {
  bool floating = true;
  for (int i = 0; i <= t->num_inputs; ++i)
    floating &= t->arg_dtype[i] == STRATA_DTYPE_F32 || t->arg_dtype[i] == STRATA_DTYPE_F64;
  /* A reduction combines once per iteration at least; an injective
   * compute may do no arithmetic at all (a copy), only its stores. */
  double ops = floating && t->num_axes > t->num_spatial ? t->flops / 2 : 0;
  double bytes = (double)strata_dtype_size((strata_dtype_t)t->arg_dtype[t->num_inputs]);
  for (int d = 0; d < t->arg_rank[t->num_inputs]; ++d)
    bytes *= (double)t->arg_shape[t->num_inputs][d];
  return strata_roofline_min_seconds(ops, bytes, strata_te_thread_count());
}

bool strata_te_task_reject_below_roofline(strata_te_task_t *t, double latency, char **error) {
  double bound = strata_te_task_min_seconds(t);
  if (!(latency < bound))
    return false;
  strata_fail(error,
              "%s measured %.4g ms, the host needs at least %.4g ms for %s (%.3g Gop/s "
              "peak, %d threads, slack %g): a measurement error",
              STRATA_TUNE_REJECTED_ROOFLINE, latency * 1e3, bound * 1e3, t->summary,
              strata_roofline_peak_ops() * 1e-9, strata_te_thread_count(), STRATA_ROOFLINE_SLACK);
  if (!t->first_error)
    t->first_error = strdup(*error);
  return true;
}

/* A latency below the roofline is measured once more; below it again, it
 * is rejected (an error, recorded as such). */
bool strata_te_task_measure(strata_te_task_t *t, const strata_choice_t *candidate,
                            double *latency, char **error) {
  for (int attempt = 0;; ++attempt) {
    if (!measure_in_child(t, candidate, false, latency, error))
      return false;
    if (!(*latency < strata_te_task_min_seconds(t)))
      return true;
    if (attempt == 1)
      return !strata_te_task_reject_below_roofline(t, *latency, error);
  }
}

bool strata_te_task_measure_ratio(strata_te_task_t *t, const strata_choice_t *candidate,
                                  double *ratio, char **error) {
  return measure_in_child(t, candidate, true, ratio, error);
}

static bool cb_measure(void *user, const strata_choice_t *candidate, double *latency,
                       char **error) {
  return strata_te_task_measure(user, candidate, latency, error);
}

static bool cb_measure_ratio(void *user, const strata_choice_t *candidate, double *ratio,
                             char **error) {
  return strata_te_task_measure_ratio(user, candidate, ratio, error);
}

static void cb_features(void *user, const strata_choice_t *candidate, float *out) {
  strata_te_task_features(user, candidate, out);
}

bool strata_te_task_validate(strata_te_task_t *t, const strata_search_result_t *r,
                             strata_tuning_db_t *db, int top, int rounds,
                             const strata_choice_t **chosen, double *default_score,
                             double *best_score, char **error) {
  strata_validate_callbacks_t cb = {.measure = cb_measure,
                                    .measure_ratio = cb_measure_ratio,
                                    .min_latency = strata_te_task_min_seconds(t),
                                    .user = t};
  return strata_validate(&t->space, &t->task, r, &cb, db, top, rounds, chosen, default_score,
                         best_score, error);
}

void strata_te_task_canonicalize(void *user, strata_choice_t *candidate) {
  strata_te_task_t *t = user;
  strata_te_knobs_canonicalize(t->knobs, t->space.num_knobs, candidate);
}

strata_search_callbacks_t strata_te_task_callbacks(strata_te_task_t *t) {
  return (strata_search_callbacks_t){
      .measure = cb_measure,
      .features = cb_features,
      .canonicalize = strata_te_task_canonicalize,
      .num_features = STRATA_TE_NUM_FEATURES,
      .user = t,
  };
}
