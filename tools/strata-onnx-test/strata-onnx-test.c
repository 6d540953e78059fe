/* strata-onnx-test: the ONNX backend-test conformance runner. For every test
 * directory under a root (a directory holding model.onnx and
 * test_data_set_N/{input,output}_K.pb, as in Debian's libonnx-testdata), it
 * imports the model (frontends/onnx), verifies it, lowers it with
 * builtin.module(strata-graph-to-llvm), JIT-compiles it and runs every data
 * set, comparing each output with output_K.pb (a sequence or optional one
 * tensor by tensor, as the import flattened it; |a - e| <= atol + rtol*|e|;
 * rtol 1e-3, atol 1e-7 as the ONNX backend tests (rtol 2^-6 for bfloat16 outputs, as
 * their runner), except the tests listed in
 * `exceptions` below). Each test runs in a forked child with a time limit,
 * so a crash or a hang is one FAIL, not the end of the run. Output: one line
 * per test (PASS / FAIL with the reason / SKIP when the importer reports an
 * unsupported operator) and a final `N passed, N failed, N skipped`.
 * Exit status 1 if any test failed. See docs/frontends/conformance.md. */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <mlir-c/Diagnostics.h>
#include <mlir-c/IR.h>

#include "core/suggest.h"
#include "core/text.h"
#include "frontends/onnx/importer.h"
#include "frontends/onnx/tensor_proto.h"
#include "frontends/onnx/value_proto.h"
#include "runtime/jit.h"
#include "runtime/signature.h"
#include "runtime/string_table.h"
#include "runtime/tensor.h"
#include "strata/strata.h"

#define PIPELINE "builtin.module(strata-graph-to-llvm)"
#define DEFAULT_RTOL 1e-3
#define DEFAULT_ATOL 1e-7

enum { MSG = 1024, MAX_SETS = 64 };

/* Per-test tolerances where the default cannot hold, each with the reason.
 * Matched on the test directory's name. Keep it short: a wrong answer is a
 * failure, not an exception. */
static const struct {
  const char *test;
  double rtol, atol;
  const char *reason;
} exceptions[] = {
    /* ONNX 1.12 made this expectation by truncating float32 to bfloat16
     * (x >> 16); Strata rounds to nearest even, as the ONNX reference's
     * float32_to_bfloat16 does by default: results differ by at most one
     * bfloat16 ulp, 2^-7 relative (8 significant bits). */
    {"test_cast_FLOAT_to_BFLOAT16", 0x1p-7, 0, "bfloat16: truncated expectation, rounded result"},
    /* onnx 1.23 made these with np.fft.ifft on complex64, which NumPy 2
     * computes in float32: the imaginary parts of bin 5, exactly 0 (-7e-16
     * in float64), are 1.9e-7 there (10 elements); Strata's are 3e-15.
     * atol 5e-7: a few float32 rounding errors of the transform's sums,
     * whose real parts are -5. */
    {"test_dft_inverse", DEFAULT_RTOL, 5e-7, "float32 FFT expectation: 1.9e-7 for an exact 0"},
    {"test_dft_inverse_opset19", DEFAULT_RTOL, 5e-7,
     "float32 FFT expectation: 1.9e-7 for an exact 0"},
    {NULL, 0, 0, NULL}, /* end */
};

static const char usage[] =
    "OVERVIEW: strata-onnx-test - run ONNX backend tests (model.onnx + test_data_set_*)\n"
    "\n"
    "USAGE: strata-onnx-test <root> [--filter <substr>] [--jobs <n>] [--timeout <s>] [-v]\n"
    "\n"
    "Every directory under <root> (or <root> itself) holding model.onnx is a test,\n"
    "named after the directory. Each is imported, lowered with\n"
    "  " PIPELINE "\n"
    "JIT-compiled and run on every test_data_set_*; outputs are compared with\n"
    "output_K.pb (rtol 1e-3, atol 1e-7 unless the test is a listed exception).\n"
    "\n"
    "OPTIONS:\n"
    "  --filter <substr>  only tests whose name contains <substr> (repeatable: any)\n"
    "  --jobs <n>         tests run in parallel (default: number of CPUs)\n"
    "  --timeout <s>      per-test time limit in seconds (default 60)\n"
    "  -v, --verbose      on FAIL/SKIP, print every diagnostic to stderr\n"
    "  --version          print the version and exit\n"
    "  -h, --help         this help\n"
    "\n"
    "Output: PASS <test> | FAIL <test>: <reason> | SKIP <test>: unsupported operator 'X'\n"
    "and finally `N passed, N failed, N skipped`.\n"
    "\n"
    "Exit status: 0 when every test passed (or was skipped); 1 if any failed;\n"
    "2 on a usage error.\n";

/* ---- test discovery ----------------------------------------------------- */

typedef struct {
  char *dir, *name;
} test_t;

typedef struct {
  test_t *items;
  size_t count, cap;
} test_list_t;

static bool is_dir(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static char *join(const char *a, const char *b) {
  char *s = NULL;
  if (asprintf(&s, "%s/%s", a, b) < 0) {
    fprintf(stderr, "strata-onnx-test: out of memory\n");
    exit(2);
  }
  return s;
}

static void add_test(test_list_t *l, const char *dir) {
  if (l->count == l->cap) {
    l->cap = l->cap ? 2 * l->cap : 256;
    l->items = realloc(l->items, l->cap * sizeof *l->items);
  }
  const char *slash = strrchr(dir, '/');
  test_t t = {strdup(dir), strdup(slash && slash[1] ? slash + 1 : dir)};
  l->items[l->count++] = t;
}

/* Collects `dir` if it holds model.onnx, else its subdirectories (follows
 * symbolic links, which the lit tests use; depth-limited against loops). */
static void discover(test_list_t *l, const char *dir, int depth) {
  char *model = join(dir, "model.onnx");
  bool has = is_file(model);
  free(model);
  if (has) {
    add_test(l, dir);
    return;
  }
  if (depth > 4)
    return;
  DIR *d = opendir(dir);
  if (!d)
    return;
  struct dirent *e;
  while ((e = readdir(d))) {
    if (e->d_name[0] == '.')
      continue;
    char *sub = join(dir, e->d_name);
    if (is_dir(sub))
      discover(l, sub, depth + 1);
    free(sub);
  }
  closedir(d);
}

static int cmp_tests(const void *a, const void *b) {
  const test_t *x = a, *y = b;
  int c = strcmp(x->name, y->name);
  return c ? c : strcmp(x->dir, y->dir);
}

/* ---- one test, in the child --------------------------------------------- */

typedef struct {
  char first[MSG];    /* the first error message */
  char skip_op[128];  /* operator named in an "unsupported operator" error */
  bool verbose;
} diags_t;

/* The operator name in "...unsupported operator 'Foo'..." (also "unknown
 * operator"), the importer's wording for an ONNX op it does not map. */
static bool unsupported_operator(const char *msg, char *op, size_t size) {
  static const char *const keys[] = {"unsupported operator '", "unknown operator '",
                                     "Unsupported operator '", "Unknown operator '"};
  for (size_t k = 0; k < sizeof keys / sizeof keys[0]; ++k) {
    const char *p = strstr(msg, keys[k]);
    if (!p)
      continue;
    p += strlen(keys[k]);
    const char *q = strchr(p, '\'');
    if (!q)
      continue;
    snprintf(op, size, "%.*s", (int)(q - p), p);
    return true;
  }
  return false;
}

static MlirLogicalResult on_diag(MlirDiagnostic d, void *user) {
  diags_t *g = user;
  strata_text_t b = {0};
  mlirDiagnosticPrint(d, strata_text_append_cb, &b);
  if (b.data) {
    if (g->verbose) {
      strata_text_t loc = {0};
      mlirLocationPrint(mlirDiagnosticGetLocation(d), strata_text_append_cb, &loc);
      fprintf(stderr, "  %s: %s\n", loc.data ? loc.data : "?", b.data);
      strata_text_free(&loc);
    }
    if (mlirDiagnosticGetSeverity(d) == MlirDiagnosticError) {
      if (!g->first[0]) {
        snprintf(g->first, sizeof g->first, "%s", b.data);
        for (char *p = g->first; *p; ++p)
          if (*p == '\n')
            *p = ' ';
      }
      if (!g->skip_op[0])
        unsupported_operator(b.data, g->skip_op, sizeof g->skip_op);
    }
    strata_text_free(&b);
  }
  return mlirLogicalResultSuccess();
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Paths of dir/test_data_set_* (sorted); returns the count. */
static int data_sets(const char *dir, char **sets) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d)
    return 0;
  struct dirent *e;
  while ((e = readdir(d)) && n < MAX_SETS)
    if (!strncmp(e->d_name, "test_data_set_", 14))
      sets[n++] = join(dir, e->d_name);
  closedir(d);
  qsort(sets, (size_t)n, sizeof *sets, cmp_str);
  return n;
}

/* How many `<prefix>_K.pb` files (K = 0, 1, ...) a data set holds. */
static int count_pb(const char *set, const char *prefix) {
  int n = 0;
  for (;; ++n) {
    char name[64];
    snprintf(name, sizeof name, "%s_%d.pb", prefix, n);
    char *p = join(set, name);
    bool ok = is_file(p);
    free(p);
    if (!ok)
      return n;
  }
}

typedef struct {
  char verdict[8]; /* PASS FAIL SKIP */
  char msg[MSG];
} outcome_t;

static void set_outcome(outcome_t *o, const char *verdict, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void set_outcome(outcome_t *o, const char *verdict, const char *fmt, ...) {
  snprintf(o->verdict, sizeof o->verdict, "%s", verdict);
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->msg, sizeof o->msg, fmt, ap);
  va_end(ap);
}

static void tolerances(const char *name, double *rtol, double *atol) {
  *rtol = DEFAULT_RTOL;
  *atol = DEFAULT_ATOL;
  for (size_t i = 0; exceptions[i].test; ++i)
    if (!strcmp(exceptions[i].test, name)) {
      *rtol = exceptions[i].rtol;
      *atol = exceptions[i].atol;
    }
}

static const char *shape_text(const strata_tensor_t *t, char *buf, size_t size) {
  size_t n = 0;
  buf[0] = '\0';
  for (int i = 0; i < t->rank && n < size; ++i)
    n += (size_t)snprintf(buf + n, size - n, "%lldx", (long long)t->shape[i]);
  snprintf(buf + n, size > n ? size - n : 0, "%s", strata_dtype_name(t->dtype));
  return buf;
}

/* "output 2" for a tensor output, "output 2[1]" for a tensor of a sequence
 * or optional one. */
static const char *output_name(const strata_onnx_layout_t *layout, const int *file,
                               const int *elem, int r, char *buf, size_t size) {
  if (layout->outputs[file[r]].kind == STRATA_ONNX_TENSOR)
    snprintf(buf, size, "output %d", file[r]);
  else
    snprintf(buf, size, "output %d[%d]", file[r], elem[r]);
  return buf;
}

/* Reads the .pb files of a data set that the function takes (inputs) or
 * returns (outputs), each flattened as the import laid it out: into
 * dst[0..*count), with the file of each tensor in file[] and its index in
 * the file's value in elem[]. */
static bool read_files(const char *set_dir, const char *set, const char *prefix, int nfiles,
                       const strata_onnx_io_t *io, strata_tensor_t *dst, int *file, int *elem,
                       int *count, outcome_t *o) {
  *count = 0;
  for (int i = 0; i < nfiles; ++i) {
    if (io[i].kind == STRATA_ONNX_TENSOR && io[i].count == 0)
      continue; /* used as a constant at import time */
    char name[64];
    snprintf(name, sizeof name, "%s_%d.pb", prefix, i);
    char *p = join(set_dir, name), *error = NULL;
    int n = 0;
    bool ok = strata_onnx_read_value(p, io[i].kind, dst + *count, STRATA_MAX_ARGS - *count, &n,
                                     &error);
    free(p);
    if (!ok) {
      set_outcome(o, "FAIL", "%s", error);
      free(error);
      return false;
    }
    for (int j = 0; j < n; ++j)
      file[*count + j] = i, elem[*count + j] = j;
    *count += n;
    if (n != io[i].count) {
      set_outcome(o, "FAIL", "%s: %s_%d.pb holds %d tensors, the function %s %d for it", set,
                  prefix, i, n, prefix[0] == 'i' ? "takes" : "returns", io[i].count);
      return false;
    }
  }
  return true;
}

/* Runs the data sets of a compiled model; sets *o on the first failure. */
static bool run_sets(const test_t *t, strata_jit_t *jit, const strata_signature_t *sig,
                     char **sets, int nsets, const strata_onnx_layout_t *layout, outcome_t *o) {
  double rtol, atol;
  tolerances(t->name, &rtol, &atol);
  for (int s = 0; s < nsets; ++s) {
    const char *set = strrchr(sets[s], '/') + 1;
    /* Inputs the importer used as constants are not arguments of the
     * compiled function; sequences and optionals are their tensors. */
    int nfiles = count_pb(sets[s], "input"), nout = count_pb(sets[s], "output");
    if (nfiles != layout->num_inputs || nout != layout->num_outputs) {
      set_outcome(o, "FAIL", "%s has %d inputs and %d outputs, the model has %d and %d", set,
                  nfiles, nout, layout->num_inputs, layout->num_outputs);
      return false;
    }
    strata_tensor_t args[2 * STRATA_MAX_ARGS], expected[STRATA_MAX_ARGS];
    int in_file[STRATA_MAX_ARGS], in_elem[STRATA_MAX_ARGS];
    int out_file[STRATA_MAX_ARGS], out_elem[STRATA_MAX_ARGS];
    memset(args, 0, sizeof args);
    memset(expected, 0, sizeof expected);
    char *error = NULL, buf[128], what[64];
    int nin = 0, nres = 0;
    bool ok = read_files(sets[s], set, "input", nfiles, layout->inputs, args, in_file, in_elem,
                         &nin, o) &&
              read_files(sets[s], set, "output", nout, layout->outputs, expected, out_file,
                         out_elem, &nres, o);
    if (ok && (nin != sig->num_inputs || nres != sig->num_outputs)) {
      set_outcome(o, "FAIL", "%s has %d input and %d output tensors, the function takes %d and "
                  "returns %d", set, nin, nres, sig->num_inputs, sig->num_outputs);
      ok = false;
    }
    /* bfloat16 test data comes as uint16 bit patterns. */
    for (int i = 0; ok && i < nin; ++i)
      strata_onnx_adopt_bf16(&args[i], sig->inputs[i].dtype);
    for (int r = 0; ok && r < nout; ++r)
      strata_onnx_adopt_bf16(&expected[r], sig->outputs[r].dtype);
    for (int i = 0; ok && i < nin; ++i) {
      const strata_arg_spec_t *a = &sig->inputs[i];
      bool fits = a->dtype == args[i].dtype && a->rank == args[i].rank;
      for (int d = 0; fits && d < a->rank; ++d)
        fits = a->shape[d] < 0 || a->shape[d] == args[i].shape[d];
      if (!fits) {
        if (layout->inputs[in_file[i]].kind == STRATA_ONNX_TENSOR)
          snprintf(what, sizeof what, "input %d", in_file[i]);
        else
          snprintf(what, sizeof what, "input %d[%d]", in_file[i], in_elem[i]);
        set_outcome(o, "FAIL", "%s: %s is %s, which the imported function does not accept",
                    set, what, shape_text(&args[i], buf, sizeof buf));
        ok = false;
      }
    }
    /* Outputs: the signature's type, sized like the expectation (which
     * also fixes dynamic dims). */
    for (int r = 0; ok && r < nres; ++r) {
      const strata_arg_spec_t *a = &sig->outputs[r];
      output_name(layout, out_file, out_elem, r, what, sizeof what);
      bool fits = a->rank == expected[r].rank;
      for (int d = 0; fits && d < a->rank; ++d)
        fits = a->shape[d] < 0 || a->shape[d] == expected[r].shape[d];
      if (!fits || a->dtype != expected[r].dtype) {
        strata_tensor_t want = {.dtype = a->dtype, .rank = a->rank};
        memcpy(want.shape, a->shape, sizeof want.shape);
        char b2[128];
        set_outcome(o, "FAIL", "%s: the function returns %s, expected %s", what,
                    shape_text(&want, buf, sizeof buf), shape_text(&expected[r], b2, sizeof b2));
        ok = false;
      } else if (!strata_tensor_alloc(&args[nin + r], a->dtype, a->rank, expected[r].shape)) {
        set_outcome(o, "FAIL", "%s: cannot allocate", what);
        ok = false;
      }
    }
    if (ok && !strata_jit_call(jit, sig->name, args, nin + nres, &error)) {
      set_outcome(o, "FAIL", "run: %s", error);
      free(error);
      ok = false;
    }
    for (int r = 0; ok && r < nres; ++r) {
      output_name(layout, out_file, out_elem, r, what, sizeof what);
      /* bfloat16 outputs: at least two bfloat16 ulps relative, as the ONNX
       * backend test runner allows (onnx/backend/test/runner, rtol 2^-6) */
      double out_rtol = expected[r].dtype == STRATA_DTYPE_BF16 && rtol < 0x1p-6 ? 0x1p-6 : rtol;
      strata_compare_t c = strata_tensor_compare(&args[nin + r], &expected[r], out_rtol, atol);
      if (c.shape_mismatch) {
        set_outcome(o, "FAIL", "%s: shape or type differs from the expectation", what);
        ok = false;
      } else if (!c.ok && expected[r].dtype == STRATA_DTYPE_STRING) {
        int64_t i = c.worst_index;
        set_outcome(o, "FAIL", "%s: %lld of %lld strings differ (element %lld: \"%.40s\", "
                    "expected \"%.40s\")%s%s", what, (long long)c.mismatches,
                    (long long)strata_tensor_numel(&expected[r]), (long long)i,
                    strata_string_of_handle(((const int64_t *)args[nin + r].data)[i]),
                    strata_string_of_handle(((const int64_t *)expected[r].data)[i]),
                    nsets > 1 ? " in " : "", nsets > 1 ? set : "");
        ok = false;
      } else if (!c.ok) {
        set_outcome(o, "FAIL", "%s max abs error %.3g (%lld of %lld elements)%s%s", what,
                    c.max_abs_error, (long long)c.mismatches,
                    (long long)strata_tensor_numel(&expected[r]), nsets > 1 ? " in " : "",
                    nsets > 1 ? set : "");
        ok = false;
      }
    }
    for (int i = 0; i < 2 * STRATA_MAX_ARGS; ++i)
      strata_tensor_free(&args[i]);
    for (int i = 0; i < STRATA_MAX_ARGS; ++i)
      strata_tensor_free(&expected[i]);
    if (!ok)
      return false;
  }
  return true;
}

static void run_test(const test_t *t, bool verbose, outcome_t *o) {
  char *path = join(t->dir, "model.onnx");
  char *sets[MAX_SETS];
  int nsets = data_sets(t->dir, sets);
  MlirContext ctx = strata_context_create();
  diags_t diags = {.verbose = verbose};
  strata_context_set_print_op_on_diagnostic(ctx, false);
  mlirContextAttachDiagnosticHandler(ctx, on_diag, &diags, NULL);
  strata_jit_t *jit = NULL;
  char *error = NULL;
  strata_signature_t sig;
  /* Specialize to the first data set's inputs: operators that need a value
   * at import time (Reshape's shape, Slice's starts, ...) take it from there. */
  static strata_onnx_layout_t layout;
  char *pb[STRATA_MAX_ARGS] = {0};
  int nfiles = nsets ? count_pb(sets[0], "input") : 0;
  if (nfiles > STRATA_MAX_ARGS)
    nfiles = STRATA_MAX_ARGS;
  for (int i = 0; i < nfiles; ++i) {
    char name[64];
    snprintf(name, sizeof name, "input_%d.pb", i);
    pb[i] = join(sets[0], name);
  }
  MlirOperation module = strata_onnx_import_file_layout(ctx, path, nfiles,
                                                        (const char *const *)pb, &layout);
  for (int i = 0; i < nfiles; ++i)
    free(pb[i]);
  if (mlirOperationIsNull(module)) {
    if (diags.skip_op[0])
      set_outcome(o, "SKIP", "unsupported operator '%s'", diags.skip_op);
    else
      set_outcome(o, "FAIL", "import: %s", diags.first[0] ? diags.first : "failed");
  } else if (nsets == 0) {
    set_outcome(o, "FAIL", "no test_data_set_* directory");
  } else if (mlirLogicalResultIsFailure(strata_verify(module))) {
    set_outcome(o, "FAIL", "verify: %s", diags.first);
  } else if (!strata_signature_get(module, NULL, &sig, &error)) {
    set_outcome(o, "FAIL", "signature: %s", error);
  } else if (mlirLogicalResultIsFailure(strata_run_pipeline(module, PIPELINE))) {
    set_outcome(o, "FAIL", "compile: %s", diags.first[0] ? diags.first : "pipeline failed");
  } else if (!(jit = strata_jit_create(module, 2, &error))) {
    set_outcome(o, "FAIL", "jit: %s", error);
  } else if (run_sets(t, jit, &sig, sets, nsets, &layout, o)) {
    set_outcome(o, "PASS", "%s", "");
  }
  free(error);
  strata_jit_destroy(jit);
  if (!mlirOperationIsNull(module))
    mlirOperationDestroy(module);
  mlirContextDestroy(ctx);
  for (int i = 0; i < nsets; ++i)
    free(sets[i]);
  free(path);
}

/* ---- the parent: children, time limits, ordered output ------------------- */

typedef struct {
  pid_t pid;
  int fd;      /* read end of the child's verdict pipe */
  bool done;
  outcome_t out;
} slot_t;

/* For the runner's own tests: STRATA_ONNX_TEST_INJECT="crash:<test>" or
 * "hang:<test>" makes that test's child crash (SIGSEGV) or hang, to show
 * that either is one FAIL line and the run goes on. */
static void inject_fault(const char *name) {
  const char *v = getenv("STRATA_ONNX_TEST_INJECT");
  if (!v)
    return;
  if (!strncmp(v, "crash:", 6) && !strcmp(v + 6, name))
    raise(SIGSEGV);
  if (!strncmp(v, "hang:", 5) && !strcmp(v + 5, name))
    for (;;)
      pause();
}

static void start(const test_t *t, slot_t *s, int timeout, bool verbose) {
  int fds[2];
  if (pipe(fds) != 0) {
    perror("strata-onnx-test: pipe");
    exit(2);
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    perror("strata-onnx-test: fork");
    exit(2);
  }
  if (pid == 0) {
    close(fds[0]);
    alarm((unsigned)timeout); /* SIGALRM's default action ends the child */
    outcome_t o;
    set_outcome(&o, "FAIL", "no verdict");
    inject_fault(t->name);
    run_test(t, verbose, &o);
    char line[sizeof o.msg + 16];
    int n = snprintf(line, sizeof line, "%s %s", o.verdict, o.msg);
    if (n > 0 && write(fds[1], line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1)) < 0)
      _exit(3);
    _exit(0);
  }
  close(fds[1]);
  s->pid = pid;
  s->fd = fds[0];
  s->done = false;
}

/* Collects the verdict of a child that has exited with `status`. */
static void finish(slot_t *s, int status, int timeout) {
  char buf[sizeof s->out.msg + 16];
  ssize_t n = read(s->fd, buf, sizeof buf - 1);
  close(s->fd);
  buf[n > 0 ? n : 0] = '\0';
  if (WIFSIGNALED(status)) {
    int sig = WTERMSIG(status);
    if (sig == SIGALRM)
      set_outcome(&s->out, "FAIL", "timed out after %d s", timeout);
    else
      set_outcome(&s->out, "FAIL", "crashed (signal %d, %s)", sig, strsignal(sig));
  } else if (n <= 0 || WEXITSTATUS(status) != 0) {
    set_outcome(&s->out, "FAIL", "child exited with status %d and no verdict",
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  } else {
    char *space = strchr(buf, ' ');
    if (space)
      *space = '\0';
    set_outcome(&s->out, buf, "%s", space ? space + 1 : "");
  }
  s->done = true;
}

typedef struct {
  const char *root;
  const char *filters[64];
  int nfilters, jobs, timeout;
  bool verbose;
} options_t;

/* Reads the command line into *o: -1 to go on, else the exit status. */
static int parse_args(int argc, char **argv, options_t *o) {
  o->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
  o->timeout = 60;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (strata_cli_help_or_version("strata-onnx-test", a, usage)) {
      return 0;
    } else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
      o->verbose = true;
    } else if ((!strcmp(a, "--filter") || !strcmp(a, "--jobs") || !strcmp(a, "--timeout")) &&
               i + 1 < argc) {
      const char *v = argv[++i];
      if (!strcmp(a, "--filter")) {
        if (o->nfilters < 64)
          o->filters[o->nfilters++] = v;
        continue;
      }
      char *end;
      long x = strtol(v, &end, 10);
      if (*end || x < 1) {
        fprintf(stderr, "strata-onnx-test: %s expects a positive integer, got '%s'\n", a, v);
        return 2;
      }
      *(!strcmp(a, "--jobs") ? &o->jobs : &o->timeout) = (int)x;
    } else if (a[0] == '-') {
      return strata_cli_unknown_option("strata-onnx-test", a, usage, NULL, 0);
    } else if (o->root) {
      fprintf(stderr, "strata-onnx-test: more than one root ('%s' and '%s')\n", o->root, a);
      return 2;
    } else {
      o->root = a;
    }
  }
  if (!o->root) {
    fprintf(stderr, "strata-onnx-test: no root directory given (see --help)\n");
    return 2;
  }
  if (!is_dir(o->root)) {
    fprintf(stderr, "strata-onnx-test: '%s' is not a directory\n", o->root);
    return 2;
  }
  if (o->jobs < 1)
    o->jobs = 1;
  return -1;
}

/* The tests of all whose names contain one of the filters (all without
 * filters), in all's order; they share all's strings. */
static test_list_t select_tests(const test_list_t *all, const options_t *o) {
  test_list_t tests = {0};
  for (size_t i = 0; i < all->count; ++i) {
    bool keep = o->nfilters == 0;
    for (int f = 0; f < o->nfilters && !keep; ++f)
      keep = strstr(all->items[i].name, o->filters[f]) != NULL;
    if (keep) {
      if (tests.count == tests.cap) {
        tests.cap = tests.cap ? 2 * tests.cap : 256;
        tests.items = realloc(tests.items, tests.cap * sizeof *tests.items);
      }
      tests.items[tests.count++] = all->items[i];
    }
  }
  return tests;
}

/* Prints a finished test's verdict line and counts it (counts[0] passed,
 * [1] failed, [2] skipped). */
static void print_verdict(const char *name, const outcome_t *o, int *counts) {
  if (!strcmp(o->verdict, "PASS")) {
    ++counts[0];
    printf("PASS %s\n", name);
  } else if (!strcmp(o->verdict, "SKIP")) {
    ++counts[2];
    printf("SKIP %s: %s\n", name, o->msg);
  } else {
    ++counts[1];
    printf("FAIL %s: %s\n", name, o->msg);
  }
  fflush(stdout);
}

/* Runs the tests, up to o->jobs child processes at a time, printing the
 * verdicts in test order and the totals; the exit status. */
static int run(const test_list_t *tests, const options_t *o) {
  slot_t *slots = calloc(tests->count ? tests->count : 1, sizeof *slots);
  size_t next = 0, printed = 0;
  int running = 0, counts[3] = {0, 0, 0};
  while (printed < tests->count) {
    while (running < o->jobs && next < tests->count) {
      start(&tests->items[next], &slots[next], o->timeout, o->verbose);
      ++next;
      ++running;
    }
    int status;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      perror("strata-onnx-test: waitpid");
      free(slots);
      return 2;
    }
    for (size_t i = printed; i < next; ++i)
      if (slots[i].pid == pid && !slots[i].done) {
        finish(&slots[i], status, o->timeout);
        --running;
        break;
      }
    /* Print in test order as soon as the earlier tests are done. */
    for (; printed < next && slots[printed].done; ++printed)
      print_verdict(tests->items[printed].name, &slots[printed].out, counts);
  }
  printf("%d passed, %d failed, %d skipped\n", counts[0], counts[1], counts[2]);
  free(slots);
  return counts[1] ? 1 : 0;
}

int main(int argc, char **argv) {
  options_t o = {0};
  int rc = parse_args(argc, argv, &o);
  if (rc >= 0)
    return rc;
  /* Parallel tests each get one OpenMP thread unless told otherwise. */
  if (o.jobs > 1)
    setenv("OMP_NUM_THREADS", "1", 0);
  strata_register_all_passes(); /* once, before forking */

  test_list_t all = {0};
  discover(&all, o.root, 0);
  qsort(all.items, all.count, sizeof *all.items, cmp_tests);
  test_list_t tests = select_tests(&all, &o);
  rc = run(&tests, &o);
  for (size_t i = 0; i < all.count; ++i) {
    free(all.items[i].dir);
    free(all.items[i].name);
  }
  free(all.items);
  free(tests.items);
  return rc;
}
