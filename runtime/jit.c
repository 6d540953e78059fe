/* JIT execution of lowered modules: the objects of runtime/codegen.c
 * (compiled in parallel, or from the compile cache) linked in memory by
 * LLVM's ORC LLJIT, and `_mlir_ciface_<fn>` called through its packed
 * wrapper so any arity works. */
#include "runtime/jit.h"

#include "runtime/kernel_registry.h"
#include "runtime/status.h"

#include <dlfcn.h>
#include <llvm-c/Core.h>
#include <llvm-c/LLJIT.h>
#include <llvm-c/Orc.h>
#include <llvm-c/Target.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strata_jit {
  LLVMOrcLLJITRef lljit;
  strata_jit_weights_t weights; /* the large constants, as data */
  int objects, cached;          /* objects linked, how many from the cache */
  char *last_name;              /* the last function looked up, and its wrapper */
  void (*last_wrapper)(void **);
};

const char *const *strata_runtime_libraries(void) {
  static const char *const libs[] = {
      STRATA_LLVM_LIBRARY_DIR "/libomp.so",
      STRATA_LLVM_LIBRARY_DIR "/libmlir_c_runner_utils.so",
      NULL,
  };
  return libs;
}

static char *take_error(LLVMErrorRef err, const char *what) {
  char *m = LLVMGetErrorMessage(err), *out = NULL;
  strata_fail(&out, "%s: %s", what, m);
  LLVMDisposeErrorMessage(m);
  return out;
}

/* The symbols compiled code finds outside its objects: the library
 * kernels (in libstrata itself) and the weights, as absolute addresses;
 * then OpenMP and MLIR's runner utilities, then the process. */
static LLVMErrorRef define_symbols(LLVMOrcLLJITRef lljit, const strata_jit_weights_t *weights) {
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(lljit);
  size_t n = (size_t)weights->count;
  for (const strata_kernel_symbol_t *const *t = strata_kernel_tables(); *t; ++t)
    for (const strata_kernel_symbol_t *k = *t; k->name; ++k)
      ++n;
  LLVMOrcCSymbolMapPair *pairs = calloc(n + 1, sizeof *pairs);
  size_t i = 0;
  LLVMJITSymbolFlags flags = {LLVMJITSymbolGenericFlagsExported, 0};
  for (const strata_kernel_symbol_t *const *t = strata_kernel_tables(); *t; ++t)
    for (const strata_kernel_symbol_t *k = *t; k->name; ++k)
      pairs[i++] = (LLVMOrcCSymbolMapPair){LLVMOrcLLJITMangleAndIntern(lljit, k->name),
                                           {(LLVMOrcExecutorAddress)(uintptr_t)k->address, flags}};
  for (int w = 0; w < weights->count; ++w)
    pairs[i++] = (LLVMOrcCSymbolMapPair){
        LLVMOrcLLJITMangleAndIntern(lljit, weights->items[w].name),
        {(LLVMOrcExecutorAddress)(uintptr_t)weights->items[w].data, flags}};
  LLVMErrorRef err = LLVMOrcJITDylibDefine(jd, LLVMOrcAbsoluteSymbols(pairs, i));
  free(pairs);
  char prefix = LLVMOrcLLJITGetGlobalPrefix(lljit);
  for (const char *const *l = strata_runtime_libraries(); !err && *l; ++l) {
    LLVMOrcDefinitionGeneratorRef g;
    if (!(err = LLVMOrcCreateDynamicLibrarySearchGeneratorForPath(&g, *l, prefix, NULL, NULL)))
      LLVMOrcJITDylibAddGenerator(jd, g);
  }
  LLVMOrcDefinitionGeneratorRef process;
  if (!err && !(err = LLVMOrcCreateDynamicLibrarySearchGeneratorForProcess(&process, prefix,
                                                                           NULL, NULL)))
    LLVMOrcJITDylibAddGenerator(jd, process);
  return err;
}

/* A JIT session holding `objects` (taken: freed here either way). */
static LLVMOrcLLJITRef link_objects(strata_objects_t *objects,
                                    const strata_jit_weights_t *weights, char **error) {
  LLVMInitializeNativeTarget(); /* objects from the cache come without codegen.c */
  LLVMInitializeNativeAsmPrinter();
  LLVMOrcLLJITRef lljit = NULL;
  LLVMErrorRef err = LLVMOrcCreateLLJIT(&lljit, LLVMOrcCreateLLJITBuilder());
  if (err) {
    *error = take_error(err, "cannot create the JIT");
    strata_objects_free(objects);
    return NULL;
  }
  err = define_symbols(lljit, weights);
  LLVMOrcJITDylibRef jd = LLVMOrcLLJITGetMainJITDylib(lljit);
  for (int i = 0; i < objects->count; ++i) {
    strata_object_t *o = &objects->items[i];
    if (!err)
      err = LLVMOrcLLJITAddObjectFile(
          lljit, jd,
          LLVMCreateMemoryBufferWithMemoryRangeCopy(o->data, o->size, "strata-object"));
  }
  strata_objects_free(objects);
  if (err) {
    *error = take_error(err, "cannot load the compiled code into the JIT");
    LLVMOrcDisposeLLJIT(lljit);
    return NULL;
  }
  return lljit;
}

bool strata_jit_compile_parts(MlirOperation module, int opt_level,
                              const strata_codegen_options_t *options, strata_timing_t *timing,
                              strata_jit_weights_t *weights, strata_objects_t *objects,
                              char **error) {
  if (!strata_jit_weights_take(module, weights, error)) {
    strata_jit_weights_free(weights);
    return false;
  }
  char *why = NULL;
  if (!strata_codegen_compile(module, opt_level, options, objects, timing, &why)) {
    strata_fail(error, "cannot JIT-compile the module: %s", why ? why : "?");
    free(why);
    strata_jit_weights_free(weights);
    return false;
  }
  return true;
}

strata_jit_t *strata_jit_link(strata_objects_t *objects, strata_jit_weights_t *weights,
                              strata_timing_t *timing, char **error) {
  strata_time_mark_t mark = strata_time_mark();
  int cached = objects->cached, count = objects->count;
  LLVMOrcLLJITRef lljit = link_objects(objects, weights, error);
  strata_timing_charge(timing, STRATA_PHASE_LINK, mark);
  strata_jit_t *jit = lljit ? calloc(1, sizeof *jit) : NULL;
  if (!jit) {
    if (lljit)
      LLVMOrcDisposeLLJIT(lljit);
    if (!*error)
      *error = strdup("out of memory");
    strata_jit_weights_free(weights);
    return NULL;
  }
  jit->lljit = lljit;
  jit->weights = *weights;
  *weights = (strata_jit_weights_t){0};
  jit->objects = count;
  jit->cached = cached;
  return jit;
}

strata_jit_t *strata_jit_create_with(MlirOperation module, int opt_level,
                                     const strata_codegen_options_t *options,
                                     strata_timing_t *timing, char **error) {
  strata_jit_weights_t weights = {0};
  strata_objects_t objects = {0};
  if (!strata_jit_compile_parts(module, opt_level, options, timing, &weights, &objects, error))
    return NULL;
  return strata_jit_link(&objects, &weights, timing, error);
}

strata_jit_t *strata_jit_create(MlirOperation module, int opt_level, char **error) {
  strata_codegen_options_t options = {.no_cache = true};
  return strata_jit_create_with(module, opt_level, &options, NULL, error);
}

void strata_jit_counts(const strata_jit_t *jit, int *objects, int *cached) {
  *objects = jit->objects;
  *cached = jit->cached;
}

/* A ranked strided memref descriptor laid out as the C interface expects:
 * {T *allocated, *aligned; int64 offset, sizes[rank], strides[rank]}. */
typedef struct {
  void *allocated, *aligned;
  int64_t offset;
  int64_t sizes_and_strides[2 * STRATA_MAX_RANK];
} descriptor_t;

static void describe(const strata_tensor_t *t, descriptor_t *d) {
  d->allocated = d->aligned = t->data;
  d->offset = 0;
  int64_t stride = 1;
  for (int i = t->rank - 1; i >= 0; --i) {
    d->sizes_and_strides[i] = t->shape[i];
    d->sizes_and_strides[t->rank + i] = stride;
    stride *= t->shape[i];
  }
}

static bool not_found(const char *function, char **error) {
  char buf[600];
  snprintf(buf, sizeof buf,
           "function '%s' not found in the compiled module (it needs the "
           "llvm.emit_c_interface attribute)",
           function);
  *error = strdup(buf);
  return false;
}

/* The packed wrapper of `function` (codegen.c adds one per C interface). */
static void (*wrapper(strata_jit_t *jit, const char *function, char **error))(void **) {
  if (jit->last_name && !strcmp(jit->last_name, function))
    return jit->last_wrapper;
  char name[1024];
  snprintf(name, sizeof name, "_mlir__mlir_ciface_%s", function);
  LLVMOrcExecutorAddress addr = 0;
  LLVMErrorRef err = LLVMOrcLLJITLookup(jit->lljit, &addr, name);
  if (err || !addr) {
    if (err)
      LLVMConsumeError(err);
    not_found(function, error);
    return NULL;
  }
  free(jit->last_name);
  jit->last_name = strdup(function);
  jit->last_wrapper = (void (*)(void **))(uintptr_t)addr;
  return jit->last_wrapper;
}

bool strata_jit_call(strata_jit_t *jit, const char *function, strata_tensor_t *args,
                     int num_args, char **error) {
  void (*call)(void **) = wrapper(jit, function, error);
  if (!call)
    return false;
  /* The packed convention: packed[i] points at argument i, here the
   * pointer to its descriptor. */
  descriptor_t *descs = calloc((size_t)num_args + 1, sizeof *descs);
  descriptor_t **ptrs = calloc((size_t)num_args + 1, sizeof *ptrs);
  void **packed = calloc((size_t)num_args + 1, sizeof *packed);
  for (int i = 0; i < num_args; ++i) {
    describe(&args[i], &descs[i]);
    ptrs[i] = &descs[i];
    packed[i] = &ptrs[i];
  }
  call(packed);
  free(packed);
  free(ptrs);
  free(descs);
  return true;
}

bool strata_jit_materialize(strata_jit_t *jit, const char *function, char **error) {
  return wrapper(jit, function, error) != NULL;
}

/* libomp is loaded by the JIT (see strata_jit_pause_openmp in jit.h). */
void strata_jit_pause_openmp(void) {
  int (*pause_all)(int) = (int (*)(int))dlsym(RTLD_DEFAULT, "omp_pause_resource_all");
  if (pause_all)
    pause_all(2 /* omp_pause_hard */);
}

void strata_jit_release(strata_jit_t *jit) {
  if (!jit)
    return;
  LLVMErrorRef err = LLVMOrcDisposeLLJIT(jit->lljit);
  if (err)
    LLVMConsumeError(err);
  strata_jit_weights_free(&jit->weights);
  free(jit->last_name);
  free(jit);
}

void strata_jit_destroy(strata_jit_t *jit) {
  if (!jit)
    return;
  strata_jit_pause_openmp();
  strata_jit_release(jit);
}
