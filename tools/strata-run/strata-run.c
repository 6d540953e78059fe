/* strata-run: compile a model (MLIR at any Strata stage) with the JIT and
 * run its entry function on inputs from .npy files or seeded random data;
 * write outputs as .npy, compare them with expected .npy files within a
 * tolerance, and time repeated runs (median). */

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/suggest.h"
#include "bridge/bridge.h"
#include "core/compile_timing.h"
#include "frontends/model_file.h"
#include "frontends/onnx/tensor_proto.h"
#include "passes/te/te_tuning_passes.h"
#include "runtime/compile_cache.h"
#include "runtime/jit.h"
#include "runtime/model_cache.h"
#include "runtime/npy.h"
#include "runtime/profile_kernels.h"
#include "runtime/signature.h"
#include "runtime/string_table.h"
#include <mlir-c/BuiltinAttributes.h>
#include "strata/strata.h"
#include "strata/diagnostics.h"
#include "tools/tool_context.h"

#define DEFAULT_PIPELINE "builtin.module(strata-graph-to-llvm)"

typedef struct {
  const char *model, *entry, *pipeline, *tuning_db, *target;
  const char *inputs[STRATA_MAX_ARGS], *outputs[STRATA_MAX_ARGS], *expected[STRATA_MAX_ARGS];
  int num_inputs, num_outputs, num_expected;
  unsigned long long seed;
  int repeat, threads, opt_level, result_args;
  double rtol, atol;
  bool print_values, profile, stats, no_cache, cache_clear, cache_trim;
  strata_timing_t *timing; /* --timing: where the compile time goes (else NULL) */
} options_t;

static const char usage[] =
    "OVERVIEW: strata-run - JIT-compile a Strata model and run it\n"
    "\n"
    "USAGE: strata-run [options] <model.mlir | model.onnx | ->\n"
    "       strata-run --cache-clear | --cache-trim\n"
    "\n"
    "The model's entry function takes and returns tensors (graph, te or tir\n"
    "stage; a .onnx file is imported into the graph dialect first); it is\n"
    "lowered with the default pipeline\n"
    "  " DEFAULT_PIPELINE "\n"
    "compiled for the host CPU and called once (or --repeat times).\n"
    "\n"
    "OPTIONS:\n"
    "  --entry <name>         function to run (default: main, or the only public one)\n"
    "  --input <file>         an input, in argument order (repeat for each): .npy, or\n"
    "                         .pb (ONNX TensorProto, as in the ONNX backend test data);\n"
    "                         for a .onnx model a .pb input an operator needs at import\n"
    "                         time (Reshape's shape, Slice's starts, ...) is used there\n"
    "  --seed <n>             inputs not given as files are random, from this seed (default 0)\n"
    "  --output <file.npy>    write result i to this file (repeat for each)\n"
    "  --expected <file>      compare result i with this file (.npy or .pb; repeat for each)\n"
    "  --rtol <x> --atol <x>  comparison tolerance |a-e| <= atol + rtol*|e|\n"
    "                         (default rtol 1e-4, atol 1e-5)\n"
    "  --repeat <n>           run n times and print the median and min time\n"
    "  --threads <n>          OpenMP threads for parallel loops (default: all cores)\n"
    "  -O<0-3>                LLVM optimization level (default 3)\n"
    "  --pass-pipeline <p>    lowering pipeline to the llvm dialect (replaces the default)\n"
    "  --tuning-db <file>     schedule matrix products with the best records of this tuning\n"
    "                         database (strata-tune, te-autotune): the default pipeline with\n"
    "                         te-default-schedule{knobs=true},te-apply-tuned{db=<file>};\n"
    "                         kernels without a record are named on stderr\n"
    "  --target <text>        with --tuning-db: use the records of this target string instead\n"
    "                         of this host's (as strata-tune --target wrote them)\n"
    "  --profile              time each kernel (strata-instrument-profile) and print them,\n"
    "                         slowest first, with their share of the total; with --repeat\n"
    "                         the first run is a warm-up and not counted\n"
    "  --stats                print the memory plan (strata-plan-memory): the entry's\n"
    "                         intermediate buffers and the arena they share per call\n"
    "  --timing               print the compile time per phase and per pass (stderr),\n"
    "                         and how many objects came from the compile cache\n"
    "  --no-cache             compile every kernel; neither read nor write the compile\n"
    "                         cache ($XDG_CACHE_HOME/strata, else ~/.cache/strata). The\n"
    "                         cache holds each kernel's object and each whole compiled\n"
    "                         model (a second run of the same model file with the same\n"
    "                         options only maps and links it; not with --profile or\n"
    "                         --stats); it is kept under $STRATA_CACHE_MAX_SIZE bytes\n"
    "                         (K, M, G suffixes; default 2G; 0: no cap), the least\n"
    "                         recently used entries removed first\n"
    "  --cache-clear          remove every entry of the compile cache (then run the\n"
    "                         model, if one is given)\n"
    "  --cache-trim           remove the least recently used entries of the compile cache\n"
    "                         until it fits $STRATA_CACHE_MAX_SIZE (a compile does this\n"
    "                         after storing), then run the model, if one is given\n"
    "  --print                print the output values\n"
    "  --result-args <n>      for a function already in destination-passing form\n"
    "                         (memref arguments, no results): its last n arguments\n"
    "                         are the results\n"
    "  --version              print the version and exit\n"
    "  -h, --help             this help\n"
    "\n"
    "Exit status: 0 when everything ran (and matched); 1 on any error or mismatch;\n"
    "2 on a usage error.\n";

static bool take(int argc, char **argv, int *i, const char *name, const char **value) {
  size_t n = strlen(name);
  if (strncmp(argv[*i], name, n) != 0)
    return false;
  if (argv[*i][n] == '=') {
    *value = argv[*i] + n + 1;
    return true;
  }
  if (argv[*i][n] == '\0') {
    if (*i + 1 >= argc) {
      fprintf(stderr, "strata-run: %s needs a value\n", name);
      exit(2);
    }
    *value = argv[++*i];
    return true;
  }
  return false;
}

static double number(const char *flag, const char *v) {
  char *end;
  errno = 0;
  double x = strtod(v, &end);
  if (errno || end == v || *end) {
    fprintf(stderr, "strata-run: %s expects a number, got '%s'\n", flag, v);
    exit(2);
  }
  return x;
}

static void add(const char **list, int *n, const char *flag, const char *v) {
  if (*n == STRATA_MAX_ARGS) {
    fprintf(stderr, "strata-run: too many %s options\n", flag);
    exit(2);
  }
  list[(*n)++] = v;
}

static void parse_args(int argc, char **argv, options_t *o) {
  o->rtol = 1e-4;
  o->atol = 1e-5;
  o->repeat = 1;
  o->opt_level = 3;
  for (int i = 1; i < argc; ++i) {
    const char *v;
    const char *a = argv[i];
    if (strata_cli_help_or_version("strata-run", a, usage)) {
      exit(0);
    } else if (take(argc, argv, &i, "--entry", &v)) {
      o->entry = v;
    } else if (take(argc, argv, &i, "--input", &v)) {
      add(o->inputs, &o->num_inputs, "--input", v);
    } else if (take(argc, argv, &i, "--output", &v)) {
      add(o->outputs, &o->num_outputs, "--output", v);
    } else if (take(argc, argv, &i, "--expected", &v)) {
      add(o->expected, &o->num_expected, "--expected", v);
    } else if (take(argc, argv, &i, "--seed", &v)) {
      o->seed = (unsigned long long)number("--seed", v);
    } else if (take(argc, argv, &i, "--rtol", &v)) {
      o->rtol = number("--rtol", v);
    } else if (take(argc, argv, &i, "--atol", &v)) {
      o->atol = number("--atol", v);
    } else if (take(argc, argv, &i, "--repeat", &v)) {
      o->repeat = (int)number("--repeat", v);
    } else if (take(argc, argv, &i, "--threads", &v)) {
      o->threads = (int)number("--threads", v);
    } else if (take(argc, argv, &i, "--result-args", &v)) {
      o->result_args = (int)number("--result-args", v);
    } else if (take(argc, argv, &i, "--pass-pipeline", &v)) {
      o->pipeline = v;
    } else if (take(argc, argv, &i, "--tuning-db", &v)) {
      o->tuning_db = v;
    } else if (take(argc, argv, &i, "--target", &v)) {
      o->target = v;
    } else if (!strcmp(a, "--stats")) {
      o->stats = true;
    } else if (!strcmp(a, "--profile")) {
      o->profile = true;
    } else if (!strcmp(a, "--timing")) {
      static strata_timing_t timing;
      o->timing = &timing;
    } else if (!strcmp(a, "--no-cache")) {
      o->no_cache = true;
    } else if (!strcmp(a, "--cache-clear")) {
      o->cache_clear = true;
    } else if (!strcmp(a, "--cache-trim")) {
      o->cache_trim = true;
    } else if (!strcmp(a, "--print")) {
      o->print_values = true;
    } else if (a[0] == '-' && a[1] == 'O' && a[2] >= '0' && a[2] <= '3' && !a[3]) {
      o->opt_level = a[2] - '0';
    } else if (a[0] == '-' && a[1]) {
      exit(strata_cli_unknown_option("strata-run", a, usage, NULL, 0));
    } else if (o->model) {
      fprintf(stderr, "strata-run: more than one model ('%s' and '%s')\n", o->model, a);
      exit(2);
    } else {
      o->model = a;
    }
  }
  if (!o->model && !o->cache_clear && !o->cache_trim) {
    fprintf(stderr, "strata-run: no model given (see --help)\n");
    exit(2);
  }
  if (o->tuning_db && o->pipeline) {
    fprintf(stderr, "strata-run: --tuning-db and --pass-pipeline cannot be combined (add "
                    "te-apply-tuned{db=...} to the pipeline instead)\n");
    exit(2);
  }
  if (o->tuning_db && strpbrk(o->tuning_db, "\"}")) {
    fprintf(stderr, "strata-run: --tuning-db: the path may not contain '\"' or '}'\n");
    exit(2);
  }
  if (o->target && (!o->tuning_db || o->profile || strpbrk(o->target, "\"}"))) {
    fprintf(stderr, "strata-run: --target names tuning records: it needs --tuning-db, not "
                    "--profile, and may not contain '\"' or '}'\n");
    exit(2);
  }
  if (o->profile && o->pipeline) {
    fprintf(stderr, "strata-run: --profile and --pass-pipeline cannot be combined (add "
                    "strata-instrument-profile to the pipeline before strata-lower-to-llvm "
                    "instead)\n");
    exit(2);
  }
  if (o->repeat < 1) {
    fprintf(stderr, "strata-run: --repeat must be at least 1\n");
    exit(2);
  }
}

/* .pb files are ONNX TensorProtos (the ONNX test data); others are .npy. */
static bool read_tensor_file(const char *path, strata_tensor_t *t, char **error) {
  size_t n = strlen(path);
  if (n > 3 && strcmp(path + n - 3, ".pb") == 0)
    return strata_onnx_read_tensor(path, t, error);
  return strata_npy_read(path, t, error);
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

static void shape_str(const strata_tensor_t *t, char *buf, size_t size) {
  size_t n = 0;
  for (int i = 0; i < t->rank && n < size; ++i)
    n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)t->shape[i]);
  snprintf(buf + n, size > n ? size - n : 0, "%s", strata_dtype_name(t->dtype));
}

static void print_values(const strata_tensor_t *t) {
  int64_t n = strata_tensor_numel(t);
  printf("  [");
  for (int64_t i = 0; i < n && i < 64; ++i) {
    if (t->dtype == STRATA_DTYPE_STRING) {
      printf("%s\"%s\"", i ? ", " : "", strata_string_of_handle(((const int64_t *)t->data)[i]));
      continue;
    }
    double v = strata_tensor_get(t, i);
    printf("%s%g", i ? ", " : "", v);
  }
  printf("%s]\n", n > 64 ? ", ..." : "");
}

/* Erases the public functions other than `entry` (private ones may be its
 * callees), so only what runs is compiled. */
static void drop_other_public_functions(MlirOperation module, const char *entry) {
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  MlirOperation op = mlirBlockGetFirstOperation(body);
  while (!mlirOperationIsNull(op)) {
    MlirOperation next = mlirOperationGetNextInBlock(op);
    MlirStringRef kind = mlirIdentifierStr(mlirOperationGetName(op));
    MlirAttribute name = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_name"));
    MlirAttribute vis =
        mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString("sym_visibility"));
    if (kind.length == 9 && !memcmp(kind.data, "func.func", 9) && !mlirAttributeIsNull(name) &&
        mlirAttributeIsNull(vis)) {
      MlirStringRef n = mlirStringAttrGetValue(name);
      if (n.length != strlen(entry) || memcmp(n.data, entry, n.length) != 0)
        mlirOperationDestroy(op);
    }
    op = next;
  }
}

/* Checks a given input against the signature (dtype, rank, static dims). */
static bool check_input(const strata_signature_t *sig, int i, const strata_tensor_t *t,
                        const char *path) {
  const strata_arg_spec_t *s = &sig->inputs[i];
  bool ok = s->dtype == t->dtype && s->rank == t->rank;
  for (int d = 0; ok && d < s->rank; ++d)
    ok = s->shape[d] < 0 || s->shape[d] == t->shape[d];
  if (!ok) {
    char have[128];
    shape_str(t, have, sizeof have);
    fprintf(stderr, "strata-run: %s: input %d of '%s' has shape %s, which the function does not accept\n",
            path, i, sig->name, have);
  }
  return ok;
}

/* Allocates argument storage of spec's type with this shape; on failure
 * says which ("input 0", "output 1") and how large. */
static bool alloc_arg(strata_tensor_t *t, const strata_arg_spec_t *spec, const int64_t *shape,
                      const char *kind, int index) {
  char what[32], msg[512];
  snprintf(what, sizeof what, "%s %d", kind, index);
  if (strata_tensor_alloc_named(t, spec->dtype, spec->rank, shape, what, msg, sizeof msg))
    return true;
  fprintf(stderr, "strata-run: %s\n", msg);
  return false;
}

/* The --input, --output and --expected files against the signature. */
static bool check_counts(const options_t *o, const strata_signature_t *sig) {
  if (o->num_inputs > sig->num_inputs || o->num_outputs > sig->num_outputs ||
      o->num_expected > sig->num_outputs) {
    fprintf(stderr, "strata-run: '%s' takes %d inputs and returns %d results; got %d --input, "
                    "%d --output, %d --expected\n",
            sig->name, sig->num_inputs, sig->num_outputs, o->num_inputs, o->num_outputs,
            o->num_expected);
    return false;
  }
  return true;
}

/* Keeps the --input files the import did not consume (kept[i]). */
static void keep_inputs(options_t *o, const bool *kept) {
  int k = 0;
  for (int i = 0; i < o->num_inputs; ++i)
    if (kept[i])
      o->inputs[k++] = o->inputs[i];
  o->num_inputs = k;
}

/* Loads the model (a .onnx one specialized by its .pb inputs: an input an
 * operator needs at import time, a shape, axes, pads, takes its value and
 * may leave the signature; the remaining files feed the remaining
 * arguments), verifies it and reads the entry's signature, with
 * --result-args applied and the option counts checked against it. */
static bool load_model(MlirContext ctx, options_t *o, MlirOperation *module,
                       strata_signature_t *sig, bool *kept, char **error) {
  *module = strata_model_load(ctx, o->model, o->num_inputs, o->inputs, kept, error);
  if (mlirOperationIsNull(*module))
    return false;
  keep_inputs(o, kept);
  if (mlirLogicalResultIsFailure(strata_verify(*module)))
    return false;
  if (!strata_signature_get(*module, o->entry, sig, error))
    return false;
  if (o->result_args > 0) {
    if (sig->num_outputs != 0 || o->result_args > sig->num_inputs) {
      fprintf(stderr, "strata-run: --result-args needs a function without results and with at "
                      "least %d arguments\n", o->result_args);
      return false;
    }
    sig->num_inputs -= o->result_args;
    sig->num_outputs = o->result_args;
    for (int r = 0; r < o->result_args; ++r)
      sig->outputs[r] = sig->inputs[sig->num_inputs + r];
  }
  if (!check_counts(o, sig))
    return false;
  drop_other_public_functions(*module, sig->name);
  return true;
}

/* The arguments: inputs from files first, the rest random; then storage
 * for the results. */
static bool prepare_args(const options_t *o, const strata_signature_t *sig,
                         strata_tensor_t *args, char **error) {
  for (int i = 0; i < sig->num_inputs; ++i) {
    if (i < o->num_inputs) {
      if (!read_tensor_file(o->inputs[i], &args[i], error))
        return false;
      strata_onnx_adopt_bf16(&args[i], sig->inputs[i].dtype); /* .pb test data */
      if (!check_input(sig, i, &args[i], o->inputs[i]))
        return false;
      continue;
    }
    int64_t shape[STRATA_MAX_RANK];
    for (int d = 0; d < sig->inputs[i].rank; ++d) {
      if ((shape[d] = sig->inputs[i].shape[d]) < 0) {
        fprintf(stderr, "strata-run: input %d of '%s' has a dynamic dimension: give it as a "
                        "file with --input\n", i, sig->name);
        return false;
      }
    }
    if (!alloc_arg(&args[i], &sig->inputs[i], shape, "input", i))
      return false;
    strata_tensor_fill_random(&args[i], o->seed + (uint64_t)i);
  }
  for (int r = 0; r < sig->num_outputs; ++r) {
    int64_t shape[STRATA_MAX_RANK];
    if (!strata_signature_output_shape(sig, args, r, shape)) {
      fprintf(stderr, "strata-run: cannot tell the extent of a dynamic dimension of result %d\n", r);
      return false;
    }
    if (!alloc_arg(&args[sig->num_inputs + r], &sig->outputs[r], shape, "output", r))
      return false;
  }
  return true;
}

/* The kernel names strata-instrument-profile left in the module
 * (malloc'd array of malloc'd strings, *count of them); the attribute is
 * removed. */
static char **profile_names(MlirOperation module, intptr_t *count) {
  MlirStringRef key = mlirStringRefCreateFromCString("strata.profile_kernels");
  MlirAttribute a = mlirOperationGetAttributeByName(module, key);
  *count = mlirAttributeIsNull(a) || !mlirAttributeIsAArray(a) ? 0 : mlirArrayAttrGetNumElements(a);
  char **names = calloc((size_t)*count + 1, sizeof *names);
  for (intptr_t i = 0; names && i < *count; ++i) {
    MlirStringRef n = mlirStringAttrGetValue(mlirArrayAttrGetElement(a, i));
    if ((names[i] = malloc(n.length + 1))) {
      memcpy(names[i], n.data, n.length);
      names[i][n.length] = '\0';
    }
  }
  if (!mlirAttributeIsNull(a))
    mlirOperationRemoveAttributeByName(module, key);
  return names;
}

typedef struct {
  const char *name;
  double seconds; /* median per run */
  int64_t calls;  /* per run */
} kernel_time_t;

static int slower_first(const void *a, const void *b) {
  double x = ((const kernel_time_t *)a)->seconds, y = ((const kernel_time_t *)b)->seconds;
  return x > y ? -1 : x < y;
}

/* Per-run kernel times: samples[r * count + i] is kernel i's time in run r
 * (the difference of the runtime's totals before and after the run). */
typedef struct {
  double *samples, *last;
  intptr_t count;
  int runs, cap;
} profile_runs_t;

static void profile_record(profile_runs_t *p) {
  if (p->runs == p->cap)
    return;
  for (intptr_t i = 0; i < p->count; ++i) {
    double t;
    int64_t calls;
    strata_profile_get(i, &t, &calls);
    p->samples[(size_t)p->runs * (size_t)p->count + (size_t)i] = t - p->last[i];
    p->last[i] = t;
  }
  p->runs++;
}

/* Prints the kernels' median time per run, slowest first, with their share
 * of the sum of the medians and the mean time per run outside them. */
static void print_profile(char **names, const profile_runs_t *p, double wall_s) {
  intptr_t count = p->count;
  int runs = p->runs;
  kernel_time_t *k = calloc((size_t)count + 1, sizeof *k);
  double *column = malloc(sizeof(double) * (size_t)(runs + 1));
  if (!k || !column || !names || runs == 0) {
    free(k);
    free(column);
    return;
  }
  double total = 0, mean_total = 0;
  for (intptr_t i = 0; i < count; ++i) {
    for (int r = 0; r < runs; ++r) {
      column[r] = p->samples[(size_t)r * (size_t)count + (size_t)i];
      mean_total += column[r] / runs;
    }
    qsort(column, (size_t)runs, sizeof *column, cmp_double);
    double seconds;
    strata_profile_get(i, &seconds, &k[i].calls);
    k[i].calls /= runs;
    k[i].name = names[i] ? names[i] : "?";
    k[i].seconds = column[runs / 2];
    total += k[i].seconds;
  }
  qsort(k, (size_t)count, sizeof *k, slower_first);
  printf("profile: %lld kernels, %.3f ms per run in kernels (sum of medians; mean %.3f), %.3f ms "
         "per run outside them (mean), over %d run%s\n",
         (long long)count, 1e3 * total, 1e3 * mean_total, 1e3 * (wall_s / runs - mean_total),
         runs, runs == 1 ? "" : "s");
  printf("  %10s %7s %6s  %s\n", "median ms", "share", "calls", "kernel");
  for (intptr_t i = 0; i < count; ++i)
    printf("  %10.4f %6.2f%% %6lld  %s\n", 1e3 * k[i].seconds,
           total > 0 ? 100.0 * k[i].seconds / total : 0.0, (long long)k[i].calls, k[i].name);
  free(k);
  free(column);
}

static int64_t plan_field(MlirAttribute plan, const char *name) {
  MlirAttribute a = mlirDictionaryAttrGetElementByName(plan, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a) ? -1 : mlirIntegerAttrGetValueInt(a);
}

/* Prints the plan strata-plan-memory recorded for the entry function. */
static void print_memory_plan(MlirOperation module, const char *entry) {
  MlirAttribute plans = mlirOperationGetAttributeByName(
      module, mlirStringRefCreateFromCString("strata.memory_plan"));
  MlirAttribute plan = mlirAttributeIsNull(plans) || !mlirAttributeIsADictionary(plans)
                           ? mlirAttributeGetNull()
                           : mlirDictionaryAttrGetElementByName(
                                 plans, mlirStringRefCreateFromCString(entry));
  if (mlirAttributeIsNull(plan) || !mlirAttributeIsADictionary(plan)) {
    printf("memory plan: none (the pipeline has no strata-plan-memory)\n");
    return;
  }
  printf("memory plan: '%s': %lld intermediate buffers (%lld bytes if allocated one by one) in "
         "one arena of %lld bytes per call (planned peak); %lld left to the heap (dynamic "
         "shapes, escaping, or not at the function's top level)\n",
         entry, (long long)plan_field(plan, "planned_buffers"),
         (long long)plan_field(plan, "separate_bytes"), (long long)plan_field(plan, "arena_bytes"),
         (long long)plan_field(plan, "unplanned_buffers"));
}

/* The whole-model compile cache of this run (runtime/model_cache.h). */
typedef struct {
  bool usable; /* the options allow it and every file it covers was read */
  int diagnostics; /* printed while compiling: such a model is not stored, so
                      that every run prints them (a hit would not) */
  uint64_t key;
  char dir[4096];
} model_cache_t;

/* What strata-run keeps beside a compiled model: the entry's signature
 * (after --result-args) and which --input files the import consumed. */
enum { CACHE_META_FORMAT = 1 };
typedef struct {
  uint32_t format, num_inputs;
  uint8_t kept[STRATA_MAX_ARGS];
  strata_signature_t sig;
} cache_meta_t;

/* Counts the context's diagnostics, then hands them to the printers. */
static MlirLogicalResult count_diagnostic(MlirDiagnostic d, void *user) {
  (void)d;
  ++*(int *)user;
  return mlirLogicalResultFailure();
}

static bool has_suffix(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

/* The key covers the model file, the tuning database, the .pb inputs a
 * .onnx import may consume, and every option that shapes the code. No
 * cache with --no-cache, --profile or --stats (they read the module), or
 * for a model on stdin. */
static void model_cache_setup(const options_t *o, const char *lowering, model_cache_t *mc) {
  *mc = (model_cache_t){0};
  if (o->no_cache || o->profile || o->stats || !strcmp(o->model, "-") ||
      !strata_cache_dir(mc->dir, sizeof mc->dir))
    return;
  const char *files[2 + STRATA_MAX_ARGS];
  char kinds[STRATA_MAX_ARGS + 1] = "";
  int n = 0;
  files[n++] = o->model;
  if (o->tuning_db)
    files[n++] = o->tuning_db;
  for (int i = 0; i < o->num_inputs; ++i) {
    bool pb = has_suffix(o->model, ".onnx") && has_suffix(o->inputs[i], ".pb");
    kinds[i] = pb ? 'p' : 'n';
    if (pb)
      files[n++] = o->inputs[i];
  }
  size_t size = strlen(lowering) + 1024;
  char *text = malloc(size);
  if (!text)
    return;
  snprintf(text, size, "strata-run|%s|O%d|entry=%s|result-args=%d|inputs=%s",
           lowering, o->opt_level, o->entry ? o->entry : "", o->result_args, kinds);
  mc->usable = strata_model_cache_key(files, n, text, &mc->key);
  free(text);
}

/* A hit: the signature and the kept inputs from the entry, its objects
 * linked into *jit. False on a miss, or an entry that does not fit or
 * link (the model is then compiled as if there were none). */
static bool load_cached(options_t *o, const model_cache_t *mc, strata_signature_t *sig,
                        strata_jit_t **jit) {
  strata_time_mark_t mark = strata_time_mark();
  strata_model_entry_t e;
  if (!mc->usable || !strata_model_cache_load(mc->dir, mc->key, &e))
    return false;
  cache_meta_t m;
  bool ok = e.meta_size == sizeof m;
  if (ok)
    memcpy(&m, e.meta, sizeof m);
  ok = ok && m.format == CACHE_META_FORMAT && m.num_inputs == (uint32_t)o->num_inputs &&
       m.sig.num_inputs >= 0 && m.sig.num_inputs <= STRATA_MAX_ARGS &&
       m.sig.num_outputs >= 0 && m.sig.num_outputs <= STRATA_MAX_ARGS;
  for (int i = 0; ok && i < m.sig.num_inputs + m.sig.num_outputs; ++i) {
    const strata_arg_spec_t *a =
        i < m.sig.num_inputs ? &m.sig.inputs[i] : &m.sig.outputs[i - m.sig.num_inputs];
    ok = a->rank >= 0 && a->rank <= STRATA_MAX_RANK;
  }
  if (!ok) {
    strata_model_entry_free(&e);
    return false;
  }
  strata_timing_charge(o->timing, STRATA_PHASE_IMPORT, mark);
  char *error = NULL;
  if (!(*jit = strata_jit_link(&e.objects, &e.weights, o->timing, &error))) {
    free(error);
    return false;
  }
  *sig = m.sig;
  sig->name[sizeof sig->name - 1] = '\0';
  bool kept[STRATA_MAX_ARGS];
  for (int i = 0; i < o->num_inputs; ++i)
    kept[i] = m.kept[i] != 0;
  keep_inputs(o, kept);
  return true;
}

/* Stores the compiled parts of a miss in the cache (a failure to is no
 * error: the next run compiles again). */
static void store_cached(const model_cache_t *mc, const strata_signature_t *sig,
                         const bool *kept, int num_inputs, const strata_objects_t *objects,
                         const strata_jit_weights_t *weights) {
  cache_meta_t m;
  memset(&m, 0, sizeof m);
  m.format = CACHE_META_FORMAT;
  m.num_inputs = (uint32_t)num_inputs;
  for (int i = 0; i < num_inputs; ++i)
    m.kept[i] = kept[i];
  m.sig = *sig;
  strata_model_cache_store(mc->dir, mc->key, &m, sizeof m, objects, weights);
}

/* Lowers and JIT-compiles the module into *jit (the caller destroys it);
 * a usable model cache gets the compiled model. With --profile, the
 * kernels' names (*kernels, malloc'd). */
static bool compile_module(MlirOperation module, const options_t *o, const char *lowering,
                           const model_cache_t *mc, const bool *kept, int num_inputs,
                           const strata_signature_t *sig, strata_jit_t **jit, char ***kernels,
                           intptr_t *num_kernels, char **error) {
  MlirContext ctx = mlirOperationGetContext(module);
  bool threads = strata_compile_threads_begin(ctx, lowering);
  bool lowered =
      mlirLogicalResultIsSuccess(strata_timing_run_pipeline(o->timing, module, lowering));
  if (lowered && o->stats)
    print_memory_plan(module, sig->name);
  if (lowered && o->profile)
    *kernels = profile_names(module, num_kernels);
  strata_codegen_options_t codegen = {.no_cache = o->no_cache};
  strata_jit_weights_t weights = {0};
  strata_objects_t objects = {0};
  bool compiled = lowered && strata_jit_compile_parts(module, o->opt_level, &codegen, o->timing,
                                                      &weights, &objects, error);
  strata_compile_threads_end(ctx, threads);
  if (!compiled)
    return false;
  if (mc->usable && mc->diagnostics == 0) {
    strata_time_mark_t mark = strata_time_mark();
    store_cached(mc, sig, kept, num_inputs, &objects, &weights);
    strata_timing_charge(o->timing, STRATA_PHASE_LINK, mark);
  }
  return (*jit = strata_jit_link(&objects, &weights, o->timing, error)) != NULL;
}

/* Calls the entry of *jit --repeat times and prints the compile time
 * (since t0) and the run times; with --profile, the kernels'. */
static bool run_compiled(const options_t *o, const strata_signature_t *sig, strata_tensor_t *args,
                         strata_jit_t **jit, char **kernels, intptr_t num_kernels, double t0,
                         bool hit, char **error) {
  strata_time_mark_t mark = strata_time_mark();
  if (!strata_jit_materialize(*jit, sig->name, error))
    return false;
  strata_timing_charge(o->timing, STRATA_PHASE_LINK, mark);
  double compile_ms = 1e3 * (now_seconds() - t0);
  double *times = malloc(sizeof(double) * (size_t)o->repeat);
  bool ok = times != NULL;
  if (!ok)
    fprintf(stderr, "strata-run: cannot allocate the timings of %d runs\n", o->repeat);
  int total = sig->num_inputs + sig->num_outputs;
  double profiled_s = 0;
  profile_runs_t prof = {.count = num_kernels, .cap = o->repeat};
  if (o->profile) {
    prof.samples = calloc((size_t)o->repeat * (size_t)num_kernels + 1, sizeof(double));
    prof.last = calloc((size_t)num_kernels + 1, sizeof(double));
    if (!prof.samples || !prof.last)
      ok = false, fprintf(stderr, "strata-run: cannot allocate the profile of %d runs\n", o->repeat);
  }
  for (int k = 0; ok && k < o->repeat; ++k) {
    if (k == 1)
      strata_profile_reset(); /* the first of several runs is a warm-up */
    double s = now_seconds();
    ok = strata_jit_call(*jit, sig->name, args, total, error);
    times[k] = now_seconds() - s;
    if (k > 0 || o->repeat == 1) {
      profiled_s += times[k];
      if (o->profile)
        profile_record(&prof);
    }
  }
  if (ok) {
    qsort(times, (size_t)o->repeat, sizeof *times, cmp_double);
    printf("compiled '%s' in %.1f ms\n", sig->name, compile_ms);
    strata_timing_print(o->timing, sig->name, stderr);
    if (o->timing) {
      int objects, cached;
      strata_jit_counts(*jit, &objects, &cached);
      fprintf(stderr, "objects: %d linked, %d from the compile cache\n", objects, cached);
      fprintf(stderr, "model: %s\n", hit ? "from the compile cache (import, passes and LLVM skipped)"
                                         : "compiled");
    }
    if (o->repeat > 1)
      printf("time: median %.3f ms, min %.3f ms over %d runs\n", 1e3 * times[o->repeat / 2],
             1e3 * times[0], o->repeat);
    if (o->profile)
      print_profile(kernels, &prof, profiled_s);
  }
  free(prof.samples);
  free(prof.last);
  free(times);
  return ok;
}

/* Compares result r (out) with the --expected file: 0 when it matches, 1
 * on a mismatch or (with *error set) when the file cannot be read. */
static int compare_result(const options_t *o, int r, const strata_tensor_t *out, char **error) {
  strata_tensor_t expected;
  if (!read_tensor_file(o->expected[r], &expected, error))
    return 1;
  strata_onnx_adopt_bf16(&expected, out->dtype);
  strata_compare_t c = strata_tensor_compare(out, &expected, o->rtol, o->atol);
  if (c.shape_mismatch)
    printf("result %d: MISMATCH: shape or type differs from %s\n", r, o->expected[r]);
  else if (!c.ok)
    printf("result %d: MISMATCH: %lld elements differ, max abs error %.3g at index %lld "
           "(rtol %g, atol %g)\n",
           r, (long long)c.mismatches, c.max_abs_error, (long long)c.worst_index, o->rtol,
           o->atol);
  else
    printf("result %d: matches %s (max abs error %.3g)\n", r, o->expected[r], c.max_abs_error);
  strata_tensor_free(&expected);
  return !c.ok;
}

/* Prints each result (shape, checksum, values with --print), writes the
 * --output files and compares with the --expected ones; stops at the first
 * file that cannot be written or read (*error set). Returns the exit
 * status. */
static int report_results(const options_t *o, const strata_signature_t *sig,
                          strata_tensor_t *args, char **error) {
  int rc = 0;
  for (int r = 0; r < sig->num_outputs; ++r) {
    strata_tensor_t *out = &args[sig->num_inputs + r];
    char shape[128];
    shape_str(out, shape, sizeof shape);
    printf("result %d: %s checksum %.6g\n", r, shape, strata_tensor_checksum(out));
    if (o->print_values)
      print_values(out);
    if (r < o->num_outputs && !strata_npy_write(o->outputs[r], out, error))
      return 1;
    if (r < o->num_expected) {
      rc |= compare_result(o, r, out, error);
      if (*error)
        return 1;
    }
  }
  return rc;
}

/* --cache-clear (every entry) and --cache-trim (to the size cap); the
 * exit status. */
static int clear_cache(const options_t *o) {
  char dir[4096];
  bool have = strata_cache_dir(dir, sizeof dir);
  int removed = !have          ? -1
                : o->cache_clear ? strata_cache_clear(dir)
                                 : strata_cache_evict(dir, strata_cache_max_size());
  if (removed < 0) {
    fprintf(stderr, "strata-run: %s: no compile cache directory\n",
            o->cache_clear ? "--cache-clear" : "--cache-trim");
    return 1;
  }
  printf("removed %d entr%s from the compile cache %s\n", removed, removed == 1 ? "y" : "ies",
         dir);
  return 0;
}

/* Loads (or takes from the whole-model cache), compiles and runs the
 * model as the options say; the exit status. */
static int run(options_t *o) {
  if (o->cache_clear || o->cache_trim) {
    int rc = clear_cache(o);
    if (rc != 0 || !o->model)
      return rc;
  }
  if (o->threads > 0) {
    char n[16];
    snprintf(n, sizeof n, "%d", o->threads);
    setenv("OMP_NUM_THREADS", n, 1);
  }
  char *lowering = o->pipeline  ? strdup(o->pipeline)
                   : o->profile ? strata_pipeline_to_llvm_profiled(o->tuning_db)
                                : strata_pipeline_to_llvm_for(o->tuning_db, o->target);
  if (!lowering)
    return 1;
  MlirContext ctx = {NULL}; /* only on a cache miss: a hit needs no MLIR */
  int rc = 1, num_inputs = o->num_inputs;
  strata_tensor_t args[2 * STRATA_MAX_ARGS] = {0};
  strata_jit_t *jit = NULL;
  char *error = NULL, **kernels = NULL;
  intptr_t num_kernels = 0;
  MlirOperation module = {NULL};
  strata_signature_t sig;
  bool kept[STRATA_MAX_ARGS];
  model_cache_t mc;
  double t0 = now_seconds();
  strata_time_mark_t key_mark = strata_time_mark();
  model_cache_setup(o, lowering, &mc); /* hashing the model file counts as import */
  strata_timing_charge(o->timing, STRATA_PHASE_IMPORT, key_mark);
  bool hit = load_cached(o, &mc, &sig, &jit), loaded = hit;
  double hit_s = now_seconds() - t0;
  if (!hit) {
    strata_time_mark_t mark = strata_time_mark();
    ctx = strata_tool_context_create();
    loaded = !mlirContextIsNull(ctx) && load_model(ctx, o, &module, &sig, kept, &error);
    strata_timing_charge(o->timing, STRATA_PHASE_IMPORT, mark);
    /* the last handler attached sees each diagnostic first */
    if (!mlirContextIsNull(ctx))
      mlirContextAttachDiagnosticHandler(ctx, count_diagnostic, &mc.diagnostics, NULL);
  }
  loaded = loaded && (!hit || check_counts(o, &sig));
  if (loaded && prepare_args(o, &sig, args, &error)) {
    double c0 = now_seconds() - (hit ? hit_s : 0); /* a hit's loading is its compile */
    if ((hit || compile_module(module, o, lowering, &mc, kept, num_inputs, &sig, &jit, &kernels,
                               &num_kernels, &error)) &&
        run_compiled(o, &sig, args, &jit, kernels, num_kernels, c0, hit, &error))
      rc = report_results(o, &sig, args, &error);
  }
  if (error) {
    fprintf(stderr, "strata-run: %s\n", error);
    free(error);
    rc = 1;
  }
  for (intptr_t i = 0; kernels && i < num_kernels; ++i)
    free(kernels[i]);
  free(kernels);
  free(lowering);
  strata_jit_destroy(jit);
  for (int i = 0; i < 2 * STRATA_MAX_ARGS; ++i)
    strata_tensor_free(&args[i]);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  if (!mlirContextIsNull(ctx))
    mlirContextDestroy(ctx);
  strata_timing_free(o->timing);
  return rc;
}

int main(int argc, char **argv) {
  /* Line-buffered even into a pipe: a failed check in compiled code
   * (convert-te-to-tir{bounds-checks=true}) prints its line, then aborts. */
  setvbuf(stdout, NULL, _IOLBF, 0);
  options_t o = {0};
  parse_args(argc, argv, &o);
  return run(&o);
}
