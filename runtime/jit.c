/* JIT execution of lowered modules through MLIR's ExecutionEngine, calling
 * `_mlir_ciface_<fn>` through its packed wrapper so any arity works. */
#include "runtime/jit.h"

#include "runtime/jit_weights.h"
#include "runtime/kernel_registry.h"

#include <dlfcn.h>
#include <mlir-c/ExecutionEngine.h>
#include <mlir-c/Target/LLVMIR.h>
#include <mlir-c/RegisterEverything.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct strata_jit {
  MlirExecutionEngine engine;
  strata_jit_weights_t weights; /* the large constants, as data */
};

const char *const *strata_runtime_libraries(void) {
  static const char *const libs[] = {
      STRATA_LLVM_LIBRARY_DIR "/libomp.so",
      STRATA_LLVM_LIBRARY_DIR "/libmlir_c_runner_utils.so",
      NULL,
  };
  return libs;
}

strata_jit_t *strata_jit_create(MlirOperation module, int opt_level, char **error) {
  MlirContext ctx = mlirOperationGetContext(module);
  mlirRegisterAllLLVMTranslations(ctx);
  strata_jit_weights_t weights = {0};
  if (!strata_jit_weights_take(module, &weights, error)) {
    strata_jit_weights_free(&weights);
    return NULL;
  }
  MlirStringRef libs[8];
  int n = 0;
  for (const char *const *l = strata_runtime_libraries(); *l && n < 8; ++l)
    libs[n++] = mlirStringRefCreateFromCString(*l);
  MlirExecutionEngine engine = mlirExecutionEngineCreate(
      mlirModuleFromOperation(module), opt_level, n, libs, /*enableObjectDump=*/false,
      /*enablePIC=*/false);
  if (mlirExecutionEngineIsNull(engine)) {
    strata_jit_weights_free(&weights);
    *error = strdup("cannot JIT-compile the module (is it fully lowered to the llvm "
                    "dialect? diagnostics above say why)");
    return NULL;
  }
  /* The library kernels compiled code calls live in libstrata itself. */
  for (const strata_kernel_symbol_t *const *t = strata_kernel_tables(); *t; ++t)
    for (const strata_kernel_symbol_t *k = *t; k->name; ++k)
      mlirExecutionEngineRegisterSymbol(engine, mlirStringRefCreateFromCString(k->name),
                                        k->address);
  for (int i = 0; i < weights.count; ++i)
    mlirExecutionEngineRegisterSymbol(engine, mlirStringRefCreateFromCString(weights.items[i].name),
                                      weights.items[i].data);
  strata_jit_t *jit = malloc(sizeof *jit);
  jit->engine = engine;
  jit->weights = weights;
  return jit;
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

bool strata_jit_call(strata_jit_t *jit, const char *function, strata_tensor_t *args,
                     int num_args, char **error) {
  /* The C API prefixes "_mlir_ciface_" and calls its packed wrapper. */
  descriptor_t *descs = calloc((size_t)num_args + 1, sizeof *descs);
  descriptor_t **ptrs = calloc((size_t)num_args + 1, sizeof *ptrs);
  void **packed = calloc((size_t)num_args + 1, sizeof *packed);
  for (int i = 0; i < num_args; ++i) {
    describe(&args[i], &descs[i]);
    ptrs[i] = &descs[i];
    packed[i] = &ptrs[i];
  }
  MlirLogicalResult r = mlirExecutionEngineInvokePacked(
      jit->engine, mlirStringRefCreateFromCString(function), packed);
  free(packed);
  free(ptrs);
  free(descs);
  if (mlirLogicalResultIsFailure(r))
    return not_found(function, error);
  return true;
}

bool strata_jit_materialize(strata_jit_t *jit, const char *function, char **error) {
  if (!mlirExecutionEngineLookupPacked(jit->engine, mlirStringRefCreateFromCString(function)))
    return not_found(function, error);
  return true;
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
  mlirExecutionEngineDestroy(jit->engine);
  strata_jit_weights_free(&jit->weights);
  free(jit);
}

void strata_jit_destroy(strata_jit_t *jit) {
  if (!jit)
    return;
  strata_jit_pause_openmp();
  strata_jit_release(jit);
}
