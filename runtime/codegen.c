/* Parallel code generation with a compile cache (see codegen.h). Every
 * module (each kernel, and the entry) is its own unit: keyed, looked up in
 * the compile cache, else translated to LLVM IR in its own LLVMContext,
 * optimized and emitted. The units are ordered by the size of their text,
 * largest first, and the workers (one per core, each with its own target
 * machine) take the next unit from a shared counter: the longest kernels
 * start first and the short ones fill in behind them, so the threads end
 * together (a fixed batch per thread left one thread working alone for a
 * third of MobileNetV2's code generation). LLVM's fixed cost per module,
 * once each worker owns its target machine, is about a millisecond. When
 * the MLIR context is multithreaded (strata_compile_threads_begin) the
 * workers key and translate their units themselves; else that runs on
 * the calling thread before they start (MLIR's uniquing is then not
 * thread-safe). */
#define _GNU_SOURCE /* sched_getaffinity */
#include "runtime/codegen.h"

#include <llvm-c/Core.h>
#include <llvm-c/Linker.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/RegisterEverything.h>
#include <mlir-c/Target/LLVMIR.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <xxhash.h>

#include "bridge/bridge.h"
#include "core/text.h"
#include "runtime/compile_cache.h"
#include "runtime/status.h"
#include "strata/strata.h"

/* Bump when what this file does to a module changes (passes, target
 * options, wrappers): old cache entries then miss. */
#define CODEGEN_FORMAT 3

typedef struct {
  MlirOperation op;        /* its module (llvm dialect) */
  size_t weight;           /* the size of its text: the estimate of its cost */
  uint64_t key;            /* its cache key */
  LLVMContextRef ctx;      /* its LLVM IR, until compiled (NULL: cached) */
  LLVMModuleRef mod;
  strata_object_t object;
  bool hit; /* the object came from the cache */
  char *error;
  strata_unit_time_t time; /* thread CPU of its translation, optimization, emission */
} unit_t;

typedef struct {
  unit_t *units; /* largest first */
  int count, next;
  int threads;
  int opt_level;
  char *triple, *cpu, *features;
  /* With a multithreaded context the workers translate their units. */
  bool translate_in_workers;
  int workers;            /* started so far: each worker's index */
  double worker_cpu[16];  /* each worker's thread CPU seconds */
} pool_t;

static double thread_cpu(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int strata_host_cores(void) {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
    return CPU_COUNT(&set);
  return 1;
}

/* Hashes the bytes of dense_resource initializers: the printed module names
 * a blob but need not contain it. */
static MlirWalkResult hash_resources(MlirOperation op, void *user) {
  for (intptr_t i = 0; i < mlirOperationGetNumAttributes(op); ++i) {
    MlirAttribute a = mlirOperationGetAttribute(op, i).attribute;
    if (!mlirAttributeIsADenseResourceElements(a))
      continue;
    size_t size = 0;
    const void *data = strata_dense_resource_data(a, &size);
    if (data)
      XXH64_update(user, data, size);
  }
  return MlirWalkResultAdvance;
}

/* What determines the object: the module's text (and blobs), the target,
 * the optimization level, the versions of Strata, LLVM and this file. */
static uint64_t unit_key(MlirOperation module, const pool_t *p, size_t *weight) {
  XXH64_state_t *st = XXH64_createState();
  XXH64_reset(st, 0);
  char *text = strata_print_op(module);
  *weight = text ? strlen(text) : 0;
  if (text)
    XXH64_update(st, text, strlen(text) + 1);
  free(text);
  mlirOperationWalk(module, hash_resources, st, MlirWalkPreOrder);
  unsigned major, minor, patch;
  LLVMGetVersion(&major, &minor, &patch);
  char target[8192];
  snprintf(target, sizeof target, "%s|%s|%s|O%d|strata %s|llvm %u.%u.%u|codegen %d", p->triple,
           p->cpu, p->features, p->opt_level, STRATA_VERSION, major, minor, patch,
           CODEGEN_FORMAT);
  XXH64_update(st, target, strlen(target) + 1);
  uint64_t key = XXH64_digest(st);
  XXH64_freeState(st);
  return key;
}

/* `_mlir__mlir_ciface_<f>(void **args)`: loads each argument from the
 * pointer args[i] and calls `_mlir_ciface_<f>`; a result is stored
 * through args[n]. MLIR's ExecutionEngine adds the same wrappers. */
static void add_packed_wrappers(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef ptr = LLVMPointerTypeInContext(ctx, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(f, &len);
    if (LLVMIsDeclaration(f) || len < 13 || strncmp(name, "_mlir_ciface_", 13))
      continue;
    char wrapper[1024];
    snprintf(wrapper, sizeof wrapper, "_mlir_%.*s", (int)len, name);
    LLVMTypeRef fn_type = LLVMGlobalGetValueType(f);
    unsigned n = LLVMCountParamTypes(fn_type);
    LLVMTypeRef *params = malloc((n + 1) * sizeof *params);
    LLVMValueRef *args = malloc((n + 1) * sizeof *args);
    LLVMGetParamTypes(fn_type, params);
    LLVMValueRef w = LLVMAddFunction(mod, wrapper, LLVMFunctionType(LLVMVoidTypeInContext(ctx),
                                                                    &ptr, 1, false));
    LLVMPositionBuilderAtEnd(b, LLVMAppendBasicBlockInContext(ctx, w, "entry"));
    LLVMValueRef packed = LLVMGetParam(w, 0);
    bool has_result = LLVMGetTypeKind(LLVMGetReturnType(fn_type)) != LLVMVoidTypeKind;
    LLVMValueRef call = NULL;
    for (unsigned i = 0; i <= n; ++i) {
      if (i == n && !(call = LLVMBuildCall2(b, fn_type, f, args, n, ""), has_result))
        break;
      LLVMValueRef index = LLVMConstInt(i64, i, false);
      LLVMValueRef slot = LLVMBuildGEP2(b, ptr, packed, &index, 1, "");
      LLVMValueRef arg_ptr = LLVMBuildLoad2(b, ptr, slot, "");
      if (i < n)
        args[i] = LLVMBuildLoad2(b, params[i], arg_ptr, "");
      else
        LLVMBuildStore(b, call, arg_ptr);
    }
    LLVMBuildRetVoid(b);
    free(params);
    free(args);
  }
  LLVMDisposeBuilder(b);
}

static char *llvm_error(LLVMErrorRef err, const char *what) {
  char *m = LLVMGetErrorMessage(err), *out = NULL;
  strata_fail(&out, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return out;
}

/* Optimizes and emits one unit's module into its object. */
static void compile_unit(const pool_t *p, LLVMTargetMachineRef tm, unit_t *u) {
  double start = thread_cpu();
  LLVMSetTarget(u->mod, p->triple);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(u->mod, layout);
  LLVMDisposeTargetData(layout);
  char passes[32];
  snprintf(passes, sizeof passes, "default<O%d>", p->opt_level);
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(u->mod, passes, tm, opts);
  LLVMDisposePassBuilderOptions(opts);
  double optimized = thread_cpu();
  u->time.optimize = optimized - start;
  LLVMMemoryBufferRef buf = NULL;
  char *msg = NULL;
  if (err) {
    u->error = llvm_error(err, "LLVM optimization failed");
  } else if (LLVMTargetMachineEmitToMemoryBuffer(tm, u->mod, LLVMObjectFile, &msg, &buf)) {
    strata_fail(&u->error, "LLVM code generation failed: %s", msg ? msg : "?");
  } else {
    size_t size = LLVMGetBufferSize(buf);
    u->object.data = malloc(size ? size : 1);
    if (u->object.data) {
      memcpy(u->object.data, LLVMGetBufferStart(buf), size);
      u->object.size = size;
    } else {
      strata_fail(&u->error, "out of memory for an object of %zu bytes", size);
    }
    LLVMDisposeMemoryBuffer(buf);
  }
  u->time.emit = thread_cpu() - optimized;
  LLVMDisposeMessage(msg);
  LLVMDisposeModule(u->mod);
  LLVMContextDispose(u->ctx);
  u->mod = NULL;
  u->ctx = NULL;
}

static bool translate_unit(unit_t *u, char **error);

static void *worker(void *arg) {
  pool_t *p = arg;
  int index = __atomic_fetch_add(&p->workers, 1, __ATOMIC_RELAXED);
  double start = thread_cpu();
  LLVMTargetRef target;
  char *msg = NULL;
  if (LLVMGetTargetFromTriple(p->triple, &target, &msg)) {
    LLVMDisposeMessage(msg);
    return NULL; /* the units left get no object; the caller reports it */
  }
  LLVMCodeGenOptLevel level = p->opt_level <= 0   ? LLVMCodeGenLevelNone
                              : p->opt_level == 1 ? LLVMCodeGenLevelLess
                              : p->opt_level == 2 ? LLVMCodeGenLevelDefault
                                                  : LLVMCodeGenLevelAggressive;
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, p->triple, p->cpu, p->features, level,
                                                    LLVMRelocPIC, LLVMCodeModelDefault);
  for (;;) {
    int i = __atomic_fetch_add(&p->next, 1, __ATOMIC_RELAXED);
    if (i >= p->count)
      break;
    unit_t *u = &p->units[i];
    if (p->translate_in_workers && !u->hit && !u->error && !translate_unit(u, &u->error))
      continue;
    if (u->mod)
      compile_unit(p, tm, u);
  }
  LLVMDisposeTargetMachine(tm);
  if (index < 16)
    p->worker_cpu[index] = thread_cpu() - start;
  return NULL;
}

/* Runs the workers: `threads` - 1 new threads and the caller. */
static void run_pool(pool_t *p, int threads) {
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  int started = 0;
  for (int t = 1; ids && t < threads; ++t)
    if (pthread_create(&ids[started], NULL, worker, p) == 0)
      ++started;
  worker(p);
  for (int t = 0; t < started; ++t)
    pthread_join(ids[t], NULL);
  free(ids);
}

void strata_objects_free(strata_objects_t *objects) {
  if (!objects)
    return;
  for (int i = 0; i < objects->count; ++i)
    free(objects->items[i].data);
  free(objects->items);
  *objects = (strata_objects_t){0};
}

/* Translates the unit's module into an LLVM module of its own. */
static bool translate_unit(unit_t *u, char **error) {
  double start = thread_cpu();
  u->ctx = LLVMContextCreate();
  u->mod = mlirTranslateModuleToLLVMIR(u->op, u->ctx);
  if (!u->mod)
    return strata_fail(error, "cannot translate the module to LLVM IR (is it fully lowered to "
                              "the llvm dialect?)");
  add_packed_wrappers(u->mod);
  /* Named by its kernel (the split put one in each module but the entry's). */
  snprintf(u->time.name, sizeof u->time.name, "(entry)");
  for (LLVMValueRef f = LLVMGetFirstFunction(u->mod); f; f = LLVMGetNextFunction(f)) {
    size_t len = 0;
    const char *name = LLVMGetValueName2(f, &len);
    if (!LLVMIsDeclaration(f) && len > 14 && !strncmp(name, "strata_kernel_", 14)) {
      snprintf(u->time.name, sizeof u->time.name, "%.*s", (int)len, name);
      break;
    }
  }
  u->time.translate = thread_cpu() - start;
  return true;
}

static int by_weight_desc(const void *a, const void *b) {
  size_t x = ((const unit_t *)a)->weight, y = ((const unit_t *)b)->weight;
  return x < y ? 1 : x > y ? -1 : 0;
}

/* Keys units from a shared counter (key_units). */
typedef struct {
  const pool_t *p;
  int next;
} key_job_t;

static void *key_worker(void *arg) {
  key_job_t *j = arg;
  for (int i; (i = __atomic_fetch_add(&j->next, 1, __ATOMIC_RELAXED)) < j->p->count;) {
    unit_t *u = &j->p->units[i];
    u->key = unit_key(u->op, j->p, &u->weight);
  }
  return NULL;
}

/* Keys the units, on p->threads threads when the workers may touch MLIR
 * (printing a module is most of it). */
static void key_units(const pool_t *p) {
  key_job_t job = {.p = p};
  int threads = p->translate_in_workers ? p->threads : 1;
  pthread_t ids[64];
  int started = 0;
  for (int t = 1; t < threads && started < 64; ++t)
    if (pthread_create(&ids[started], NULL, key_worker, &job) == 0)
      ++started;
  key_worker(&job);
  for (int t = 0; t < started; ++t)
    pthread_join(ids[t], NULL);
}

/* Keys the units and orders them largest first, takes what the cache has
 * and translates the others, unless the workers will
 * (p->translate_in_workers). */
static bool prepare_units(pool_t *p, const char *cache_dir, char **error) {
  key_units(p);
  qsort(p->units, (size_t)p->count, sizeof *p->units, by_weight_desc);
  bool ok = true;
  for (int i = 0; ok && i < p->count; ++i) {
    unit_t *u = &p->units[i];
    if (cache_dir && strata_cache_load(cache_dir, u->key, &u->object.data, &u->object.size))
      u->hit = true;
    else if (!p->translate_in_workers)
      ok = translate_unit(u, error);
  }
  return ok;
}

static void free_units(unit_t *units, int count, MlirModule *parts, int num_parts) {
  for (int i = 0; i < count; ++i) {
    if (units[i].mod)
      LLVMDisposeModule(units[i].mod);
    if (units[i].ctx)
      LLVMContextDispose(units[i].ctx);
    free(units[i].object.data);
    free(units[i].error);
  }
  free(units);
  for (int i = 0; i < num_parts; ++i)
    mlirModuleDestroy(parts[i]);
  free(parts);
}

bool strata_codegen_compile(MlirOperation module, int opt_level,
                            const strata_codegen_options_t *options, strata_objects_t *objects,
                            strata_timing_t *timing, char **error) {
  static const strata_codegen_options_t defaults = {0};
  const strata_codegen_options_t *o = options ? options : &defaults;
  strata_time_mark_t mark = strata_time_mark();
  mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  char dir[4096];
  const char *cache_dir = o->no_cache                                  ? NULL
                          : o->cache_dir                               ? o->cache_dir
                          : strata_cache_dir(dir, sizeof dir) ? dir
                                                                       : NULL;
  MlirModule *parts = NULL;
  int num_parts = strata_codegen_split(module, &parts);
  int n = num_parts + 1;
  int threads = o->threads > 0 ? o->threads : strata_host_cores();
  pool_t p = {.count = n,
              .threads = threads < n ? threads : n,
              .opt_level = opt_level < 0 ? 0 : opt_level > 3 ? 3 : opt_level,
              .triple = LLVMGetDefaultTargetTriple(),
              .cpu = LLVMGetHostCPUName(),
              .features = LLVMGetHostCPUFeatures()};
  /* MLIR may be used from the workers only when its context is
   * multithreaded (thread-safe uniquing): they then key and translate. */
  p.translate_in_workers =
      p.threads > 1 && strata_context_is_multithreaded(mlirOperationGetContext(module));
  p.units = calloc((size_t)p.count, sizeof *p.units);
  bool ok = p.units != NULL;
  if (!ok)
    strata_fail(error, "out of memory for %d code generation units", n);
  for (int i = 0; ok && i < n; ++i)
    p.units[i].op = i == 0 ? module : mlirModuleGetOperation(parts[i - 1]);
  ok = ok && prepare_units(&p, cache_dir, error);
  mark = strata_timing_charge(timing, STRATA_PHASE_LLVM_OPT, mark);
  if (ok)
    run_pool(&p, p.threads);
  mark = strata_timing_charge(timing, STRATA_PHASE_CODEGEN, mark);
  *objects = (strata_objects_t){.items = ok ? calloc((size_t)p.count, sizeof(strata_object_t)) : NULL};
  ok = ok && objects->items;
  int stored = 0;
  for (int i = 0; ok && i < p.count; ++i) {
    unit_t *u = &p.units[i];
    if (u->error || !u->object.data) {
      ok = strata_fail(error, "%s", u->error ? u->error : "no LLVM target for the host");
      break;
    }
    if (u->hit)
      ++objects->cached;
    else if (cache_dir)
      stored += strata_cache_store(cache_dir, u->key, u->object.data, u->object.size);
    objects->items[objects->count++] = u->object;
    u->object = (strata_object_t){0};
    if (!u->hit)
      strata_timing_add_unit(timing, &u->time);
  }
  for (int w = 0; timing && w < p.workers && w < 16; ++w)
    timing->worker_cpu[timing->num_workers < 16 ? timing->num_workers++ : 15] = p.worker_cpu[w];
  if (stored)
    strata_cache_evict(cache_dir, strata_cache_max_size());
  LLVMDisposeMessage(p.triple);
  LLVMDisposeMessage(p.cpu);
  LLVMDisposeMessage(p.features);
  if (p.units)
    free_units(p.units, p.count, parts, num_parts);
  if (!ok)
    strata_objects_free(objects);
  return ok;
}
