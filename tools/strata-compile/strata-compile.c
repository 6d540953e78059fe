/* strata-compile: ahead-of-time compilation of a Strata model to a native
 * object file or shared library with a C ABI, plus a C header declaring
 * its entry point (`_mlir_ciface_<entry>`). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/suggest.h"
#include "bridge/bridge.h"
#include "core/compile_timing.h"
#include "frontends/model_file.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/aot.h"
#include "runtime/compile_cache.h"
#include "runtime/model_cache.h"
#include "runtime/read_file.h"
#include "runtime/signature.h"
#include "strata/strata.h"
#include "strata/diagnostics.h"
#include "tools/tool_context.h"

static const char usage[] =
    "OVERVIEW: strata-compile - compile a Strata model to native code\n"
    "\n"
    "USAGE: strata-compile [options] <model.mlir> -o <out.so | out.o>\n"
    "       strata-compile [options] <model.onnx> -o <out.so | out.o>\n"
    "\n"
    "A .onnx model is imported into the graph dialect first.\n"
    "Lowers the model with builtin.module(strata-graph-to-llvm) (or\n"
    "--pass-pipeline), optimizes for the host CPU and writes an object file\n"
    "(.o) or a shared library (any other name), and a C header next to it\n"
    "(<out>.h, or --header) declaring the entry point.\n"
    "\n"
    "OPTIONS:\n"
    "  -o <file>              output (.o: object file; otherwise shared library)\n"
    "  --header <file.h>      where to write the header (default: <out without ext>.h)\n"
    "  --entry <name>         entry function (default: main, or the only public one)\n"
    "  --pass-pipeline <p>    lowering pipeline to the llvm dialect\n"
    "  --tuning-db <file>     schedule matrix products with the best records of this tuning\n"
    "                         database (strata-tune, te-autotune): the default pipeline with\n"
    "                         te-default-schedule{knobs=true},te-apply-tuned{db=<file>};\n"
    "                         kernels without a record are named on stderr\n"
    "  --threads <n>          use the tuning records made for n threads (cores=<n> in this\n"
    "                         host's target; the library runs with OMP_NUM_THREADS threads)\n"
    "  --target <text>        use the tuning records of this target string instead of this\n"
    "                         host's (as strata-tune --target wrote them)\n"
    "  -O<0-3>                optimization level (default 3)\n"
    "  --timing               print the compile time per phase and per pass (stderr)\n"
    "  --no-cache             compile every kernel; neither read nor write the compile\n"
    "                         cache ($XDG_CACHE_HOME/strata, else ~/.cache/strata). The\n"
    "                         cache holds each kernel's object and each whole compiled\n"
    "                         model: a second compile of the same model file with the\n"
    "                         same options (and tuning database, OMP_NUM_THREADS) on\n"
    "                         this host, by the same Strata build, only writes the\n"
    "                         stored object (and links the library)\n"
    "  --version              print the version and exit\n"
    "  -h, --help             this help\n"
    "\n"
    "Exit status: 0 on success; 1 if the model cannot be loaded, lowered or\n"
    "written; 2 on a usage error.\n";

static bool ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && strcmp(s + n - m, suffix) == 0;
}

/* Runs the given pipeline, or the default (tuned with a database) one. */
static bool lower_to_llvm(MlirOperation module, const char *pipeline, const char *tuning_db,
                          const char *target, strata_timing_t *timing) {
  char *text = pipeline ? strdup(pipeline) : strata_pipeline_to_llvm_for(tuning_db, target);
  bool ok = text && mlirLogicalResultIsSuccess(strata_timing_run_pipeline(timing, module, text));
  free(text);
  return ok;
}

/* --threads n: the host target's cores=<n> (OMP_NUM_THREADS while
 * compiling); false after a usage message. */
static bool set_threads(const char *n) {
  if (!*n || strspn(n, "0123456789") != strlen(n) || atoi(n) < 1) {
    fprintf(stderr, "strata-compile: --threads expects a positive integer, got '%s'\n", n);
    return false;
  }
  setenv("OMP_NUM_THREADS", n, 1);
  return true;
}

typedef struct {
  const char *model, *out, *header, *entry, *pipeline, *tuning_db, *target;
  int opt_level;
  bool timing;
  strata_codegen_options_t codegen;
  char header_buf[4096];
} args_t;

/* Reads the command line into `a`: -1 to go on, else the exit code. */
static int parse_args(int argc, char **argv, args_t *a) {
  for (int i = 1; i < argc; ++i) {
    const char *s = argv[i];
    bool has_next = i + 1 < argc;
    if (strata_cli_help_or_version("strata-compile", s, usage)) {
      return 0;
    } else if (!strcmp(s, "-o") && has_next) {
      a->out = argv[++i];
    } else if (!strcmp(s, "--header") && has_next) {
      a->header = argv[++i];
    } else if (!strcmp(s, "--entry") && has_next) {
      a->entry = argv[++i];
    } else if (!strcmp(s, "--pass-pipeline") && has_next) {
      a->pipeline = argv[++i];
    } else if (!strncmp(s, "--pass-pipeline=", 16)) {
      a->pipeline = s + 16;
    } else if (!strcmp(s, "--tuning-db") && has_next) {
      a->tuning_db = argv[++i];
    } else if (!strncmp(s, "--tuning-db=", 12)) {
      a->tuning_db = s + 12;
    } else if (!strcmp(s, "--timing")) {
      a->timing = true;
    } else if (!strcmp(s, "--no-cache")) {
      a->codegen.no_cache = true;
    } else if (!strcmp(s, "--target") && has_next) {
      a->target = argv[++i];
    } else if (!strcmp(s, "--threads") && has_next) {
      if (!set_threads(argv[++i]))
        return 2;
    } else if (s[0] == '-' && s[1] == 'O' && s[2] >= '0' && s[2] <= '3' && !s[3]) {
      a->opt_level = s[2] - '0';
    } else if (s[0] == '-') {
      return strata_cli_unknown_option("strata-compile", s, usage, NULL, 0);
    } else if (a->model) {
      fprintf(stderr, "strata-compile: more than one model ('%s' and '%s')\n", a->model, s);
      return 2;
    } else {
      a->model = s;
    }
  }
  return -1;
}

/* The combinations parse_args cannot judge alone; fills in the default
 * header name (the output's, .h). False after a message. */
static bool check_args(args_t *a) {
  if (!a->model || !a->out) {
    fprintf(stderr, "strata-compile: need a model and -o <output> (see --help)\n");
    return false;
  }
  if (a->tuning_db && a->pipeline) {
    fprintf(stderr, "strata-compile: --tuning-db and --pass-pipeline cannot be combined (add "
                    "te-apply-tuned{db=...} to the pipeline instead)\n");
    return false;
  }
  if (a->tuning_db && strpbrk(a->tuning_db, "\"}")) {
    fprintf(stderr, "strata-compile: --tuning-db: the path may not contain '\"' or '}'\n");
    return false;
  }
  if (a->target && (!a->tuning_db || strpbrk(a->target, "\"}"))) {
    fprintf(stderr, "strata-compile: --target names tuning records: it needs --tuning-db, and "
                    "may not contain '\"' or '}'\n");
    return false;
  }
  if (!a->header) {
    const char *dot = strrchr(a->out, '.');
    size_t stem = dot && !strchr(dot, '/') ? (size_t)(dot - a->out) : strlen(a->out);
    snprintf(a->header_buf, sizeof a->header_buf, "%.*s.h", (int)stem, a->out);
    a->header = a->header_buf;
  }
  return true;
}

/* Diagnostics printed while compiling (warnings of te-apply-tuned): such
 * a compile is not stored, so that every run prints them (a hit would
 * not). Counted, then handed on to the printer. */
static int diagnostics;

static MlirLogicalResult count_diagnostic(MlirDiagnostic d, void *user) {
  (void)d;
  (void)user;
  ++diagnostics;
  return mlirLogicalResultFailure();
}

/* The whole-model cache (runtime/model_cache.h) of this compile: the
 * object file and the entry's signature, keyed by the model's and the
 * tuning database's bytes, every option that shapes the code
 * (OMP_NUM_THREADS: --threads picks tuning records) and the host. */
typedef struct {
  bool usable;
  uint64_t key;
  char dir[4096];
} output_cache_t;

enum { OUTPUT_META_FORMAT = 1 };
typedef struct {
  uint32_t format;
  strata_signature_t sig;
} output_meta_t;

/* The key, unless --no-cache or the model is read from stdin. */
static void output_cache_setup(const args_t *a, output_cache_t *c) {
  *c = (output_cache_t){0};
  if (a->codegen.no_cache || !strcmp(a->model, "-") || !strata_cache_dir(c->dir, sizeof c->dir))
    return;
  const char *files[2] = {a->model, a->tuning_db};
  const char *omp = getenv("OMP_NUM_THREADS");
  char text[8192];
  int n = snprintf(text, sizeof text,
                   "strata-compile|%s|O%d|entry=%s|db=%d|target=%s|omp=%s",
                   a->pipeline ? a->pipeline : "default", a->opt_level, a->entry ? a->entry : "",
                   a->tuning_db != NULL, a->target ? a->target : "", omp ? omp : "");
  c->usable = n > 0 && (size_t)n < sizeof text &&
              strata_model_cache_key(files, a->tuning_db ? 2 : 1, text, &c->key);
}

/* A hit: the cached object written to `object`, *sig from the entry. */
static bool output_cache_take(const output_cache_t *c, const char *object,
                              strata_signature_t *sig) {
  strata_model_entry_t e;
  if (!c->usable || !strata_model_cache_load(c->dir, c->key, &e))
    return false;
  output_meta_t meta;
  bool ok = e.meta_size == sizeof meta && e.objects.count == 1 && e.weights.count == 0;
  if (ok)
    memcpy(&meta, e.meta, sizeof meta);
  ok = ok && meta.format == OUTPUT_META_FORMAT && meta.sig.num_inputs >= 0 &&
       meta.sig.num_outputs >= 0 && meta.sig.num_inputs <= STRATA_MAX_ARGS &&
       meta.sig.num_outputs <= STRATA_MAX_ARGS;
  FILE *f = ok ? fopen(object, "wb") : NULL;
  ok = f && fwrite(e.objects.items[0].data, 1, e.objects.items[0].size, f) ==
                e.objects.items[0].size;
  if (f && fclose(f) != 0)
    ok = false;
  if (ok) {
    *sig = meta.sig;
    sig->name[sizeof sig->name - 1] = '\0';
  }
  strata_model_entry_free(&e);
  return ok;
}

/* Stores the object just written (a failure to is no error). */
static void output_cache_keep(const output_cache_t *c, const char *object,
                              const strata_signature_t *sig) {
  size_t size = 0;
  char *data = c->usable ? strata_read_file(object, &size) : NULL;
  if (!data)
    return;
  output_meta_t meta;
  memset(&meta, 0, sizeof meta);
  meta.format = OUTPUT_META_FORMAT;
  meta.sig = *sig;
  strata_object_t item = {.data = data, .size = size};
  strata_objects_t objects = {.items = &item, .count = 1};
  strata_jit_weights_t none = {0};
  strata_model_cache_store(c->dir, c->key, &meta, sizeof meta, &objects, &none);
  free(data);
}

/* Imports and lowers the model and writes its object file and *sig; false
 * (with *error set, or a diagnostic printed) on failure. */
static bool compile_object(MlirContext ctx, const args_t *a, const char *object,
                           strata_signature_t *sig, strata_timing_t *timing, char **error) {
  strata_time_mark_t mark = strata_time_mark();
  MlirOperation module = strata_model_load(ctx, a->model, 0, NULL, NULL, error);
  bool ok = !mlirOperationIsNull(module) && mlirLogicalResultIsSuccess(strata_verify(module));
  strata_timing_charge(timing, STRATA_PHASE_IMPORT, mark);
  bool threads = strata_compile_threads_begin(ctx, a->pipeline);
  ok = ok && strata_signature_get(module, a->entry, sig, error) &&
       lower_to_llvm(module, a->pipeline, a->tuning_db, a->target, timing);
  ok = ok && strata_aot_emit_object_with(module, object, a->opt_level, &a->codegen, timing, error);
  strata_compile_threads_end(ctx, threads);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  return ok;
}

/* Writes the object or library and its header, from the whole-model cache
 * or compiled; false (with *error set, or a diagnostic printed) on
 * failure. */
static bool compile(MlirContext ctx, const args_t *a, strata_timing_t *timing, char **error) {
  strata_signature_t sig;
  bool object_only = ends_with(a->out, ".o");
  char object[4096];
  snprintf(object, sizeof object, object_only ? "%s" : "%s.tmp.o", a->out);
  output_cache_t cache;
  strata_time_mark_t mark = strata_time_mark();
  output_cache_setup(a, &cache); /* hashing the model counts as import */
  bool hit = output_cache_take(&cache, object, &sig);
  strata_timing_charge(timing, STRATA_PHASE_IMPORT, mark);
  bool ok = hit || compile_object(ctx, a, object, &sig, timing, error);
  if (ok && !hit && cache.usable && diagnostics == 0)
    output_cache_keep(&cache, object, &sig);
  if (ok && !object_only) {
    mark = strata_time_mark();
    ok = strata_aot_link_shared(object, a->out, error);
    strata_timing_charge(timing, STRATA_PHASE_LINK, mark);
    unlink(object);
  }
  ok = ok && strata_aot_write_header(&sig, a->header, a->model, error);
  if (ok) {
    printf("wrote %s and %s (entry: _mlir_ciface_%s)\n", a->out, a->header, sig.name);
    strata_timing_print(timing, sig.name, stderr);
    if (timing)
      fprintf(stderr, "model: %s\n",
              hit ? "from the compile cache (import, passes and LLVM skipped)" : "compiled");
  }
  return ok;
}

int main(int argc, char **argv) {
  args_t a = {.opt_level = 3};
  int rc = parse_args(argc, argv, &a);
  if (rc >= 0)
    return rc;
  if (!check_args(&a))
    return 2;
  strata_timing_t timing_storage = {0}, *timing = a.timing ? &timing_storage : NULL;
  MlirContext ctx = strata_tool_context_create();
  if (mlirContextIsNull(ctx))
    return 1;
  mlirContextAttachDiagnosticHandler(ctx, count_diagnostic, NULL, NULL);
  char *error = NULL;
  bool ok = compile(ctx, &a, timing, &error);
  if (error) {
    fprintf(stderr, "strata-compile: %s\n", error);
    free(error);
  }
  mlirContextDestroy(ctx);
  strata_timing_free(timing);
  return ok ? 0 : 1;
}
