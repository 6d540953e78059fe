/* Tuning tasks of te computes (see te_task.h): the compute's axes and the
 * tensors it reads, its knobs as a search space, the standalone kernel
 * and its canonical text, the target string, and the summary shown in
 * messages. */
#include "passes/te/te_task.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <llvm-c/Core.h>
#include <llvm-c/TargetMachine.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "dialects/hwi/hwi_catalog.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/te/te_skinny.h"
#include "core/text.h"
#include "runtime/status.h"
#include "runtime/tensor.h"

/* --- target string -------------------------------------------------------- */

int strata_te_thread_count(void) {
  const char *omp = getenv("OMP_NUM_THREADS");
  int n = omp ? atoi(omp) : 0;
  if (n <= 0)
    n = (int)sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? n : 1;
}

void strata_te_tuning_target(const char *option, char *buf, size_t size) {
  if (option && *option && strcmp(option, "host") != 0) {
    snprintf(buf, size, "%s", option);
    return;
  }
  struct utsname u;
  const char *machine = uname(&u) == 0 ? u.machine : "unknown";
  char *cpu = LLVMGetHostCPUName();
  snprintf(buf, size, "%s %s %s cores=%d", machine, cpu && *cpu ? cpu : "generic",
           strata_hwi_host_target(), strata_te_thread_count());
  LLVMDisposeMessage(cpu);
}

/* --- tensors ------------------------------------------------------------------- */

static bool dtype_of(MlirType t, strata_dtype_t *d, int64_t *bytes) {
  if (mlirTypeIsAF32(t))
    return *d = STRATA_DTYPE_F32, *bytes = 4, true;
  if (mlirTypeIsAF64(t))
    return *d = STRATA_DTYPE_F64, *bytes = 8, true;
  if (mlirTypeIsAInteger(t)) {
    unsigned w = mlirIntegerTypeGetWidth(t);
    if (w == 32)
      return *d = STRATA_DTYPE_I32, *bytes = 4, true;
    if (w == 64)
      return *d = STRATA_DTYPE_I64, *bytes = 8, true;
    if (w == 8)
      return *d = STRATA_DTYPE_I8, *bytes = 1, true;
  }
  return false;
}

static bool static_tensor(MlirType t) {
  strata_dtype_t d;
  int64_t b;
  return mlirTypeIsARankedTensor(t) && mlirShapedTypeHasStaticShape(t) &&
         mlirShapedTypeGetRank(t) <= 8 && dtype_of(mlirShapedTypeGetElementType(t), &d, &b);
}

/* The distinct tensors the compute reads, in order of first te.read. */
typedef struct {
  MlirValue tensors[STRATA_TE_MAX_READS];
  MlirType types[STRATA_TE_MAX_READS];
  int count;
  bool too_many;
} reads_t;

static bool collect_read(MlirOperation op, void *user) {
  reads_t *r = user;
  MlirValue t = strata_te_read_tensor(op);
  for (int i = 0; i < r->count; ++i)
    if (mlirValueEqual(r->tensors[i], t))
      return true;
  if (r->count == STRATA_TE_MAX_READS)
    r->too_many = true;
  else
    r->tensors[r->count++] = t;
  return true;
}

typedef struct {
  const reads_t *reads;
  MlirBlock args;
} remap_t;

static bool remap_read(MlirOperation op, void *user) {
  remap_t *m = user;
  MlirValue t = strata_te_read_tensor(op);
  for (int i = 0; i < m->reads->count; ++i)
    if (mlirValueEqual(m->reads->tensors[i], t))
      mlirOperationSetOperand(op, 0, mlirBlockGetArgument(m->args, i));
  return true;
}

/* Per read in the body (first occurrence of each tensor): the axis each
 * index is (or -1) and the tensor's extents. */
static MlirWalkResult collect_access(MlirOperation op, void *user) {
  strata_te_task_t *t = user;
  if (!strata_op_is(op, "te.read") || t->num_reads == STRATA_TE_MAX_READS)
    return MlirWalkResultAdvance;
  MlirBlock body = strata_te_compute_body(t->compute);
  strata_te_read_info_t *r = &t->reads[t->num_reads++];
  MlirType tt = mlirValueGetType(strata_te_read_tensor(op));
  r->rank = (int)strata_te_read_num_indices(op);
  if (r->rank > 8)
    r->rank = 8;
  for (int d = 0; d < r->rank; ++d) {
    MlirValue v = strata_te_read_index(op, d);
    r->axis[d] = mlirValueIsABlockArgument(v) && mlirBlockEqual(mlirBlockArgumentGetOwner(v), body)
                     ? (int)mlirBlockArgumentGetArgNumber(v)
                     : -1;
    r->extent[d] = mlirShapedTypeHasRank(tt) && mlirShapedTypeGetRank(tt) > d &&
                           !mlirShapedTypeIsDynamicDim(tt, d)
                       ? mlirShapedTypeGetDimSize(tt, d)
                       : 1;
  }
  return MlirWalkResultAdvance;
}

/* --- building the task ------------------------------------------------------ */

/* Axes, extents, element size and flops; fails on dynamic shapes. */
static bool read_axes(strata_te_task_t *t, MlirOperation compute, MlirType rt, char **error) {
  intptr_t ns = strata_te_compute_num_spatial(compute), nr = strata_te_compute_num_reduce(compute);
  if (mlirOperationGetNumOperands(compute) != 0 || !static_tensor(rt))
    return strata_fail(error, "only computes with static shapes and f32, f64, i8, i32 or i64 "
                              "elements can be tuned");
  if (ns + nr > STRATA_TE_MAX_AXES)
    return strata_fail(error, "more than %d axes", STRATA_TE_MAX_AXES);
  strata_dtype_t dt;
  dtype_of(mlirShapedTypeGetElementType(rt), &dt, &t->elem_bytes);
  t->num_spatial = (int)ns;
  t->num_axes = (int)(ns + nr);
  strata_te_names_t loops;
  strata_te_names_init(&loops, compute, t->extents);
  t->flops = 2;
  for (int a = 0; a < t->num_axes; ++a) {
    strata_te_compute_axis_name(compute, a, t->axis_names[a], sizeof t->axis_names[a]);
    if (t->extents[a] < 1)
      return strata_fail(error, "only computes with static shapes can be tuned");
    t->flops *= (double)t->extents[a];
  }
  return true;
}

/* The tensors read become the kernel's arguments. */
static bool read_inputs(strata_te_task_t *t, reads_t *reads, char **error) {
  strata_te_walk_reads(t->compute, collect_read, reads);
  if (reads->too_many)
    return strata_fail(error, "the compute reads more than %d tensors", STRATA_TE_MAX_READS);
  for (int i = 0; i < reads->count; ++i) {
    reads->types[i] = mlirValueGetType(reads->tensors[i]);
    if (!static_tensor(reads->types[i]))
      return strata_fail(error, "only computes reading statically shaped tensors can be tuned");
  }
  t->num_inputs = reads->count;
  for (int i = 0; i < reads->count; ++i) {
    MlirType tt = reads->types[i];
    t->arg_constant[i] = strata_te_is_constant_tensor(reads->tensors[i]) &&
                         mlirShapedTypeGetRank(tt) == 2 &&
                         mlirTypeIsAF32(mlirShapedTypeGetElementType(tt));
  }
  mlirOperationWalk(t->compute, collect_access, t, MlirWalkPreOrder);
  return true;
}

/* The standalone kernel (kernel_text) and its canonical text: the
 * function without names and schedule. */
static void extract_kernel(strata_te_task_t *t, const reads_t *reads, MlirType rt) {
  MlirContext ctx = mlirOperationGetContext(t->compute);
  MlirLocation loc = mlirOperationGetLocation(t->compute);
  MlirModule module = mlirModuleCreateEmpty(loc);
  strata_builder_t b = strata_builder_at_end(mlirModuleGetBody(module), loc);
  MlirType fn_type = mlirFunctionTypeGet(ctx, reads->count, reads->types, 1, &rt);
  MlirNamedAttribute fattrs[2] = {
      strata_named(ctx, "sym_name", strata_string_attr(ctx, "kernel")),
      strata_named(ctx, "function_type", mlirTypeAttrGet(fn_type)),
  };
  MlirOperation fn = strata_build_region_op(&b, "func.func", 0, NULL, 0, NULL, 2, fattrs,
                                            reads->count, reads->types);
  MlirBlock entry = mlirRegionGetFirstBlock(mlirOperationGetRegion(fn, 0));
  strata_builder_t fb = strata_builder_at_end(entry, loc);
  MlirOperation clone = strata_build_insert(&fb, mlirOperationClone(t->compute));
  remap_t remap = {reads, entry};
  strata_te_walk_reads(clone, remap_read, &remap);
  MlirValue result = mlirOperationGetResult(clone, 0);
  strata_build_op(&fb, "func.return", 1, &result, 0, NULL, 0, NULL);
  t->kernel_text = strata_print_op(mlirModuleGetOperation(module));
  const char *strip[] = {"name", "axis_names", "schedule", "sketches"};
  for (int i = 0; i < 4; ++i)
    mlirOperationRemoveAttributeByName(clone, strata_sref(strip[i]));
  t->canonical = strata_print_op(fn);
  mlirModuleDestroy(module);
}

/* The kernel's arguments (inputs, then the result) as tensor specs. */
static void arg_specs(strata_te_task_t *t, const reads_t *reads, MlirType rt) {
  for (int i = 0; i <= reads->count; ++i) {
    MlirType tt = i < reads->count ? reads->types[i] : rt;
    strata_dtype_t d;
    int64_t bytes;
    dtype_of(mlirShapedTypeGetElementType(tt), &d, &bytes);
    t->arg_dtype[i] = (int)d;
    t->arg_rank[i] = (int)mlirShapedTypeGetRank(tt);
    for (int k = 0; k < t->arg_rank[i]; ++k)
      t->arg_shape[i][k] = mlirShapedTypeGetDimSize(tt, k);
  }
}

/* Summary: name, result shape, reduce extents, element type. */
static char *summarize(const strata_te_task_t *t, MlirType rt) {
  strata_text_t s = {0};
  strata_text_append_cb(strata_te_compute_name(t->compute), &s);
  for (int a = 0; a < t->num_axes; ++a) {
    char part[48];
    const char *sep = a == 0 ? " " : a == t->num_spatial ? " r" : "x";
    snprintf(part, sizeof part, "%s%lld", sep, (long long)t->extents[a]);
    strata_text_append_c(&s, part);
  }
  strata_text_t e = {0};
  mlirTypePrint(mlirShapedTypeGetElementType(rt), strata_text_append_cb, &e);
  strata_text_append_c(&s, " ");
  strata_text_append_c(&s, e.data ? e.data : "?");
  free(e.data);
  return s.data;
}

bool strata_te_task_init(strata_te_task_t *t, MlirOperation compute, const char *target,
                         char **error) {
  memset(t, 0, sizeof *t);
  strata_space_init(&t->space);
  t->compute = compute;
  t->schedule = strata_te_compute_schedule(compute);
  t->measure = strata_measure_default_options();
  /* A candidate's runs stop after 3 once they agree within 2%. */
  t->measure.min_repeats = 3;
  t->measure.tolerance = 0.02;
  MlirType rt = mlirValueGetType(mlirOperationGetResult(compute, 0));
  if (!read_axes(t, compute, rt, error))
    return false;
  size_t nk = 0;
  if (!strata_te_read_knobs(compute, t->schedule, &t->knobs, &nk, &t->space, error))
    return false;
  reads_t reads = {.count = 0};
  if (!read_inputs(t, &reads, error))
    return false;
  extract_kernel(t, &reads, rt);
  char target_buf[512];
  strata_te_tuning_target(target, target_buf, sizeof target_buf);
  t->target = strdup(target_buf);
  strata_tuning_task_init(&t->task, t->canonical, t->target);
  arg_specs(t, &reads, rt);
  t->summary = summarize(t, rt);
  size_t out_bytes = (size_t)t->elem_bytes;
  for (int a = 0; a < t->num_spatial; ++a)
    out_bytes *= (size_t)t->extents[a];
  if (!(t->shared = strata_measure_shared_create(out_bytes)))
    return strata_fail(error, "cannot map %zu bytes for the reference output", out_bytes);
  return true;
}

void strata_te_task_clear(strata_te_task_t *t) {
  strata_te_knobs_free(t->knobs, t->knobs ? t->space.num_knobs : 0);
  strata_space_free(&t->space);
  free(t->kernel_text);
  free(t->canonical);
  free(t->target);
  free(t->summary);
  free(t->first_error);
  strata_measure_shared_free(t->shared);
  if (t->harness_free)
    t->harness_free(t->harness);
  memset(t, 0, sizeof *t);
}

MlirAttribute strata_te_task_schedule(const strata_te_task_t *t, const strata_choice_t *candidate) {
  return strata_te_compute_trace(t->compute, t->knobs, t->space.num_knobs, candidate);
}

void strata_te_task_apply(strata_te_task_t *t, const strata_choice_t *candidate) {
  strata_te_compute_set_trace(t->compute, strata_te_task_schedule(t, candidate));
}
