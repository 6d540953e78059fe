/* The model API (include/strata/model.h): one MLIR context per model, its
 * diagnostics captured into status messages and warnings instead of being
 * printed; import through the ONNX importer or the MLIR parser, the entry
 * signature read before lowering (runtime/signature.c), lowering with the
 * tools' pipelines (core/pipeline.c), the JIT (runtime/jit.c) and AOT
 * (runtime/aot.c). Built into libstrata_model with the runtime, the ONNX
 * frontend and the tuning passes, whose symbols it keeps private. Inputs,
 * outputs and the checks of run are model_io.c. */
#include "model/model_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <unistd.h>

#include <mlir-c/BuiltinAttributes.h>

#include "bridge/bridge.h"
#include "core/text.h"
#include "frontends/onnx/importer.h"
#include "passes/te/te_task.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/aot.h"
#include "runtime/read_file.h"

/* --- Status --------------------------------------------------------------- */
struct strata_status {
  strata_status_code_t code;
  char message[];
};

static struct strata_status out_of_memory = {STRATA_STATUS_OUT_OF_MEMORY};

strata_status_t strata_model_status(strata_status_code_t code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  strata_status_t s = malloc(sizeof *s + (size_t)(n < 0 ? 0 : n) + 1);
  if (!s)
    return &out_of_memory;
  s->code = code;
  va_start(ap, fmt);
  vsnprintf(s->message, (size_t)(n < 0 ? 0 : n) + 1, fmt, ap);
  va_end(ap);
  return s;
}

strata_status_code_t strata_status_code(strata_status_t status) {
  return status ? status->code : STRATA_STATUS_OK;
}

const char *strata_status_message(strata_status_t status) {
  if (status == &out_of_memory)
    return "out of memory";
  return status ? status->message : "";
}

const char *strata_status_code_name(strata_status_code_t code) {
  static const char *const names[] = {"OK",          "INVALID_ARGUMENT",    "NOT_FOUND",
                                      "IMPORT_FAILED", "COMPILE_FAILED",    "FAILED_PRECONDITION",
                                      "UNSUPPORTED", "OUT_OF_MEMORY",       "IO_ERROR"};
  return (size_t)code < sizeof names / sizeof names[0] ? names[code] : "UNKNOWN";
}

void strata_status_free(strata_status_t status) {
  if (status != &out_of_memory)
    free(status);
}

/* A status from a runtime function's malloc'd message (freed here). */
static strata_status_t from_error(strata_status_code_t code, char *error, const char *fallback) {
  strata_status_t s = strata_model_status(code, "%s", error ? error : fallback);
  free(error);
  return s;
}

/* The error diagnostics captured so far, as a status (the fallback message
 * when there were none), then forgotten. */
static strata_status_t from_diagnostics(strata_model_t *m, strata_status_code_t code,
                                        const char *fallback) {
  const char *text = m->errors.len ? strata_text_str(&m->errors) : "";
  size_t n = strlen(text);
  while (n && text[n - 1] == '\n')
    --n;
  strata_status_t s = n ? strata_model_status(code, "%.*s", (int)n, text)
                        : strata_model_status(code, "%s", fallback);
  strata_text_free(&m->errors);
  return s;
}

/* --- Diagnostics ------------------------------------------------------------ */
/* "file:line:col" of a location (through names, call sites and fused
 * locations); false when it has none. */
static bool file_position(MlirLocation loc, strata_text_t *t) {
  if (mlirLocationIsAFileLineColRange(loc)) {
    char buf[64];
    strata_text_append_cb(mlirIdentifierStr(mlirLocationFileLineColRangeGetFilename(loc)), t);
    snprintf(buf, sizeof buf, ":%d:%d", mlirLocationFileLineColRangeGetStartLine(loc),
             mlirLocationFileLineColRangeGetStartColumn(loc));
    strata_text_append_c(t, buf);
    return true;
  }
  if (mlirLocationIsAName(loc))
    return file_position(mlirLocationNameGetChildLoc(loc), t);
  if (mlirLocationIsACallSite(loc))
    return file_position(mlirLocationCallSiteGetCallee(loc), t);
  if (mlirLocationIsAFused(loc) && mlirLocationFusedGetNumLocations(loc) > 0) {
    MlirLocation first;
    mlirLocationFusedGetLocations(loc, &first);
    return file_position(first, t);
  }
  return false;
}

static void append_diagnostic(strata_text_t *t, MlirDiagnostic diag, const char *severity) {
  char *onnx = strata_onnx_format_diagnostic(diag);
  if (onnx) {
    strata_text_append_c(t, onnx);
    strata_text_append_c(t, "\n");
    free(onnx);
    return;
  }
  if (file_position(mlirDiagnosticGetLocation(diag), t))
    strata_text_append_c(t, ": ");
  strata_text_append_c(t, severity);
  strata_text_append_c(t, ": ");
  mlirDiagnosticPrint(diag, strata_text_append_cb, t);
  strata_text_append_c(t, "\n");
  for (intptr_t i = 0; i < mlirDiagnosticGetNumNotes(diag); ++i)
    append_diagnostic(t, mlirDiagnosticGetNote(diag, i), "note");
}

/* Errors go to the next status message, warnings to the warnings; remarks
 * (te-apply-tuned's per-kernel choices) are dropped. Nothing is printed. */
static MlirLogicalResult capture(MlirDiagnostic diag, void *user) {
  strata_model_t *m = user;
  switch (mlirDiagnosticGetSeverity(diag)) {
  case MlirDiagnosticError: append_diagnostic(&m->errors, diag, "error"); break;
  case MlirDiagnosticWarning: append_diagnostic(&m->warnings, diag, "warning"); break;
  default: break;
  }
  return mlirLogicalResultSuccess();
}

/* --- Import ------------------------------------------------------------------ */
static pthread_once_t registered = PTHREAD_ONCE_INIT;

/* At exit, OpenMP's worker threads are stopped (once: models release their
 * engines without a pause, which would re-initialize libomp for the next). */
static void pause_openmp_at_exit(void) { strata_jit_pause_openmp(); }

static void register_passes(void) {
  strata_tuning_passes_register();
  strata_register_all_passes();
  atexit(pause_openmp_at_exit);
}

void strata_model_options_init(strata_model_options_t *options) {
  memset(options, 0, sizeof *options);
  options->opt_level = 3;
}

static strata_status_t model_new(strata_model_t **out, const char *source) {
  pthread_once(&registered, register_passes);
  strata_model_t *m = calloc(1, sizeof *m);
  if (m && !(m->source = strdup(source))) {
    free(m);
    m = NULL;
  }
  if (!m)
    return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  m->ctx = strata_context_create();
  if (mlirContextIsNull(m->ctx)) {
    free(m->source);
    free(m);
    return strata_model_status(STRATA_STATUS_IMPORT_FAILED, "cannot load Strata's dialects");
  }
  strata_context_set_print_op_on_diagnostic(m->ctx, false); /* messages, not IR dumps */
  mlirContextAttachDiagnosticHandler(m->ctx, capture, m, NULL);
  *out = m;
  return NULL;
}

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), k = strlen(suffix);
  return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* After parsing: Strata's checks, the entry's signature, the names. */
static strata_status_t finish_import(strata_model_t *m, const strata_model_options_t *o,
                                     const char *onnx_path) {
  if (mlirOperationIsNull(m->module))
    return from_diagnostics(m, STRATA_STATUS_IMPORT_FAILED, "the model cannot be imported");
  if (mlirLogicalResultIsFailure(strata_verify(m->module)))
    return from_diagnostics(m, STRATA_STATUS_IMPORT_FAILED, "the model does not verify");
  char *error = NULL;
  const char *entry = o ? o->entry : NULL;
  if (!strata_signature_get(m->module, entry, &m->sig, &error)) {
    strata_status_t s = strata_model_entry_error(m, error);
    free(error);
    return s;
  }
  strata_model_drop_other_functions(m->module, m->sig.name);
  return strata_model_name_arguments(m, onnx_path);
}

/* Parses or imports the model file at `path` into m->module (NULL on
 * failure, with diagnostics). */
static void read_module(strata_model_t *m, const char *path, bool onnx, const char *text,
                        size_t len) {
  m->module = onnx ? strata_onnx_import_file(m->ctx, path)
                   : strata_parse_module(m->ctx, mlirStringRefCreate(text, len),
                                         mlirStringRefCreateFromCString(path));
}

strata_status_t strata_model_import(const char *path, const strata_model_options_t *options,
                                    strata_model_t **model) {
  if (!path || !model)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "strata_model_import: path and model must not be NULL");
  *model = NULL;
  bool onnx = ends_with(path, ".onnx");
  size_t len = 0;
  FILE *probe = onnx ? fopen(path, "rb") : NULL; /* the importer reads it itself */
  char *text = onnx ? NULL : strata_read_file(path, &len);
  if (!probe && !text)
    return strata_model_status(errno == ENOENT ? STRATA_STATUS_NOT_FOUND : STRATA_STATUS_IO_ERROR,
                               "cannot open model '%s': %s", path, strerror(errno));
  if (probe)
    fclose(probe);
  strata_model_t *m;
  strata_status_t s = model_new(&m, path);
  if (s) {
    free(text);
    return s;
  }
  read_module(m, path, onnx, text, len);
  free(text);
  m->source_hashed = m->source_is_file = true; /* the cache key reads the file */
  if ((s = finish_import(m, options, onnx ? path : NULL))) {
    strata_model_destroy(m);
    return s;
  }
  *model = m;
  return NULL;
}

/* The module of a model strata_model_load took from the cache without
 * importing it, imported when first needed (export): the file read again,
 * checked, and only the entry kept. */
static strata_status_t import_deferred(strata_model_t *m) {
  if (!mlirOperationIsNull(m->module))
    return NULL;
  bool onnx = ends_with(m->source, ".onnx");
  size_t len = 0;
  char *text = onnx ? NULL : strata_read_file(m->source, &len);
  if (!onnx && !text)
    return strata_model_status(errno == ENOENT ? STRATA_STATUS_NOT_FOUND : STRATA_STATUS_IO_ERROR,
                               "cannot open model '%s': %s", m->source, strerror(errno));
  read_module(m, m->source, onnx, text, len);
  free(text);
  if (mlirOperationIsNull(m->module))
    return from_diagnostics(m, STRATA_STATUS_IMPORT_FAILED, "the model cannot be imported");
  if (mlirLogicalResultIsFailure(strata_verify(m->module)))
    return from_diagnostics(m, STRATA_STATUS_IMPORT_FAILED, "the model does not verify");
  strata_model_drop_other_functions(m->module, m->sig.name);
  return NULL;
}

strata_status_t strata_model_import_mlir(const char *text, size_t length,
                                         const char *source_name,
                                         const strata_model_options_t *options,
                                         strata_model_t **model) {
  if (!text || !model)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "strata_model_import_mlir: text and model must not be NULL");
  *model = NULL;
  strata_model_t *m;
  strata_status_t s = model_new(&m, source_name ? source_name : "<text>");
  if (s)
    return s;
  m->module = strata_parse_module(m->ctx, mlirStringRefCreate(text, length),
                                  mlirStringRefCreateFromCString(m->source));
  m->source_key = XXH64(text, length, 0);
  m->source_hashed = true;
  if ((s = finish_import(m, options, NULL))) {
    strata_model_destroy(m);
    return s;
  }
  *model = m;
  return NULL;
}

/* --- Compile ------------------------------------------------------------------ */
/* The lowering pipeline the options ask for (malloc'd), or a status. The
 * tuned ladder gets te-apply-tuned's target: the host's target string with
 * cores=<threads>, or the option's own text. */
static strata_status_t lowering_pipeline(const strata_model_options_t *o, int threads,
                                         char **out) {
  if (o->pipeline) {
    if (o->profile)
      return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                                 "the options pipeline and profile cannot be combined (add "
                                 "strata-instrument-profile to the pipeline instead)");
    if (o->tuning_db)
      return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                                 "the options pipeline and tuning_db cannot be combined (add "
                                 "te-apply-tuned{db=...} to the pipeline instead)");
    *out = strdup(o->pipeline);
    return *out ? NULL : strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  if (!o->tuning_db) {
    *out = o->profile ? strata_pipeline_to_llvm_profiled(NULL) : strata_pipeline_to_llvm(NULL);
    return *out ? NULL : strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  if (strpbrk(o->tuning_db, "\"}"))
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "tuning_db: the path may not contain '\"' or '}'");
  char target[512];
  strata_te_tuning_target(o->target, target, sizeof target);
  char *cores = strstr(target, " cores=");
  bool host = !o->target || !*o->target || !strcmp(o->target, "host");
  if (host && cores && threads > 0)
    snprintf(cores, sizeof target - (size_t)(cores - target), " cores=%d", threads);
  if (strpbrk(target, "\"}"))
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "target: the text may not contain '\"' or '}'");
  *out = o->profile ? strata_pipeline_to_llvm_profiled_for(o->tuning_db, target)
                    : strata_pipeline_to_llvm_for(o->tuning_db, target);
  return *out ? NULL : strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
}

static int option_threads(const strata_model_options_t *o) {
  if (o->threads > 0)
    return o->threads;
  return strata_te_thread_count();
}

strata_status_t strata_model_compile(strata_model_t *m, const strata_model_options_t *options) {
  strata_model_options_t defaults;
  strata_model_options_init(&defaults);
  const strata_model_options_t *o = options ? options : &defaults;
  if (!m)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "strata_model_compile: no model");
  if (m->lowered || m->failed || m->jit)
    return strata_model_status(STRATA_STATUS_FAILED_PRECONDITION,
                               m->failed ? "an earlier compile of the model failed part way "
                                           "(import it again to retry)"
                                         : "the model is already compiled (compile it once)");
  if (o->opt_level < 0 || o->opt_level > 3)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "opt_level is %d; expected 0, 1, 2 or 3", o->opt_level);
  if (o->threads < 0)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "threads is %d; expected 0 (the default) or more", o->threads);
  strata_text_free(&m->warnings);
  m->threads = option_threads(o);
  m->opt_level = o->opt_level;
  m->no_cache = o->no_cache != 0;
  char *pipeline = NULL;
  strata_status_t s = lowering_pipeline(o, m->threads, &pipeline);
  if (s)
    return s;
  if (strata_model_cache_prepare(m, o, pipeline) && strata_model_cache_take(m)) {
    m->pipeline = pipeline; /* the module is lowered only if exported */
    return NULL;
  }
  bool threads = strata_compile_threads_begin(m->ctx, pipeline);
  bool lowered = mlirLogicalResultIsSuccess(strata_run_pipeline(m->module, pipeline));
  free(pipeline);
  m->failed = !lowered; /* a pipeline that fails can leave the module half lowered */
  if (!lowered) {
    strata_compile_threads_end(m->ctx, threads);
    return from_diagnostics(m, STRATA_STATUS_COMPILE_FAILED, "lowering the model failed");
  }
  m->lowered = true;
  if (o->profile && !o->pipeline && !strata_model_take_kernel_names(m)) {
    strata_compile_threads_end(m->ctx, threads);
    return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  }
  char *error = NULL;
  /* The JIT takes the weights and kernels out of what it compiles: a copy,
   * so that strata_model_export still has the whole module. */
  MlirOperation copy = mlirOperationClone(m->module);
  strata_codegen_options_t codegen = {.no_cache = o->no_cache != 0};
  strata_jit_weights_t weights = {0};
  strata_objects_t objects = {0};
  if (strata_jit_compile_parts(copy, m->opt_level, &codegen, NULL, &weights, &objects, &error)) {
    strata_model_cache_keep(m, &objects, &weights);
    m->jit = strata_jit_link(&objects, &weights, NULL, &error);
  }
  mlirOperationDestroy(copy);
  strata_compile_threads_end(m->ctx, threads);
  if (!m->jit || !strata_jit_materialize(m->jit, m->sig.name, &error)) {
    strata_jit_release(m->jit);
    m->jit = NULL;
    m->failed = true;
    if (m->errors.len) {
      free(error);
      return from_diagnostics(m, STRATA_STATUS_COMPILE_FAILED, "");
    }
    return from_error(STRATA_STATUS_COMPILE_FAILED, error, "JIT compilation failed");
  }
  return NULL;
}

/* strata_model_load's first try: the whole-model cache keyed by the file's
 * bytes and the options alone, before any import; *model is set on a hit. */
static void load_cached(const char *path, const strata_model_options_t *o,
                        strata_model_t **model) {
  if (o->no_cache || o->profile || o->opt_level < 0 || o->opt_level > 3 || o->threads < 0)
    return;
  FILE *probe = fopen(path, "rb");
  if (!probe)
    return; /* the import reports it */
  fclose(probe);
  strata_model_t *m;
  if (model_new(&m, path))
    return;
  m->source_hashed = m->source_is_file = true;
  m->threads = option_threads(o);
  m->opt_level = o->opt_level;
  char *pipeline = NULL;
  strata_status_t s = lowering_pipeline(o, m->threads, &pipeline);
  if (!s && strata_model_cache_prepare(m, o, pipeline) && strata_model_cache_take(m)) {
    m->pipeline = pipeline; /* imported and lowered only if exported */
    *model = m;
    return;
  }
  strata_status_free(s);
  free(pipeline);
  strata_model_destroy(m);
}

strata_status_t strata_model_load(const char *path, const strata_model_options_t *options,
                                  strata_model_t **model) {
  strata_model_options_t defaults;
  strata_model_options_init(&defaults);
  if (path && model) {
    *model = NULL;
    load_cached(path, options ? options : &defaults, model);
    if (*model)
      return NULL;
  }
  strata_status_t s = strata_model_import(path, options, model);
  if (s)
    return s;
  if ((s = strata_model_compile(*model, options))) {
    strata_model_destroy(*model);
    *model = NULL;
  }
  return s;
}

/* A model compiled from the cache is lowered when first exported, with
 * the pipeline of its compile. */
static strata_status_t lower_for_export(strata_model_t *m) {
  if (m->lowered)
    return NULL;
  strata_status_t imported = import_deferred(m);
  if (imported)
    return imported;
  bool threads = strata_compile_threads_begin(m->ctx, m->pipeline);
  bool ok = mlirLogicalResultIsSuccess(strata_run_pipeline(m->module, m->pipeline));
  strata_compile_threads_end(m->ctx, threads);
  m->lowered = ok;
  m->failed = !ok;
  return ok ? NULL : from_diagnostics(m, STRATA_STATUS_COMPILE_FAILED, "lowering the model failed");
}

strata_status_t strata_model_export(strata_model_t *m, const char *output_path,
                                    const char *header_path) {
  if (!m || !output_path)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT,
                               "strata_model_export: model and output_path must not be NULL");
  if ((!m->lowered && !m->pipeline) || m->failed)
    return strata_model_status(STRATA_STATUS_FAILED_PRECONDITION,
                               "compile the model (strata_model_compile) before exporting it");
  strata_status_t lowered = lower_for_export(m);
  if (lowered)
    return lowered;
  char *error = NULL;
  bool object_only = ends_with(output_path, ".o");
  size_t size = strlen(output_path) + 8;
  char *object = malloc(size);
  if (!object)
    return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  snprintf(object, size, object_only ? "%s" : "%s.tmp.o", output_path);
  /* A copy: code generation splits the module it compiles. */
  MlirOperation copy = mlirOperationClone(m->module);
  strata_codegen_options_t codegen = {.no_cache = m->no_cache};
  bool ok = strata_aot_emit_object_with(copy, object, m->opt_level, &codegen, NULL, &error);
  mlirOperationDestroy(copy);
  if (ok && !object_only) {
    ok = strata_aot_link_shared(object, output_path, &error);
    unlink(object);
  }
  free(object);
  if (!ok)
    return from_error(STRATA_STATUS_COMPILE_FAILED, error, "export failed");
  if (header_path && !strata_aot_write_header(&m->sig, header_path, m->source, &error))
    return from_error(STRATA_STATUS_IO_ERROR, error, "cannot write the header");
  return NULL;
}

void strata_model_destroy(strata_model_t *m) {
  if (!m)
    return;
  strata_jit_release(m->jit);
  for (int i = 0; i < 2 * STRATA_MAX_ARGS; ++i)
    free(m->names[i]);
  if (!mlirOperationIsNull(m->module))
    mlirOperationDestroy(m->module);
  mlirContextDestroy(m->ctx);
  free(m->source);
  free(m->pipeline);
  strata_text_free(&m->errors);
  strata_text_free(&m->warnings);
  strata_model_free_kernel_names(m);
  free(m);
}

const char *strata_model_warnings(const strata_model_t *m) {
  return m && m->warnings.len ? strata_text_str(&m->warnings) : "";
}

int strata_model_compiled_from_cache(const strata_model_t *m) {
  return m && m->jit && m->pipeline ? 1 : 0;
}

const char *strata_model_entry(const strata_model_t *m) { return m ? m->sig.name : ""; }

/* --- Run ------------------------------------------------------------------------ */
/* OpenMP's thread count for the calling thread's next parallel regions
 * (libomp, loaded by the JIT; an ICV of this thread, so models with other
 * counts do not disturb each other). */
static void set_openmp_threads(int threads) {
  void *omp = dlopen(STRATA_LLVM_LIBRARY_DIR "/libomp.so", RTLD_LAZY | RTLD_NOLOAD);
  void (*set)(int) = omp ? (void (*)(int))dlsym(omp, "omp_set_num_threads") : NULL;
  if (set)
    set(threads);
  if (omp)
    dlclose(omp);
}

strata_status_t strata_model_run(strata_model_t *m, const strata_tensor_view_t *inputs,
                                 int num_inputs, strata_tensor_view_t *outputs, int num_outputs) {
  if (!m)
    return strata_model_status(STRATA_STATUS_INVALID_ARGUMENT, "strata_model_run: no model");
  if (!m->jit)
    return strata_model_status(STRATA_STATUS_FAILED_PRECONDITION,
                               "compile the model (strata_model_compile) before running it");
  strata_status_t s = strata_model_check_run(m, inputs, num_inputs, outputs, num_outputs);
  if (s)
    return s;
  int total = num_inputs + num_outputs;
  strata_tensor_t *args = calloc((size_t)total + 1, sizeof *args);
  if (!args)
    return strata_model_status(STRATA_STATUS_OUT_OF_MEMORY, "out of memory");
  for (int i = 0; i < total; ++i) {
    const strata_tensor_view_t *v = i < num_inputs ? &inputs[i] : &outputs[i - num_inputs];
    args[i].dtype = v->dtype;
    args[i].rank = v->rank;
    memcpy(args[i].shape, v->shape, sizeof args[i].shape);
    args[i].data = v->data; /* borrowed: args are never freed as tensors */
  }
  set_openmp_threads(m->threads);
  char *error = NULL;
  bool ok = strata_jit_call(m->jit, m->sig.name, args, total, &error);
  free(args);
  return ok ? NULL : from_error(STRATA_STATUS_COMPILE_FAILED, error, "the call failed");
}
