/* AOT compilation: MLIR llvm dialect -> native objects (runtime/codegen.c:
 * kernels compiled in parallel or taken from the compile cache) combined
 * into one object, linked into a shared library by the system compiler,
 * with a generated header describing the C entry point. */
#define _GNU_SOURCE /* dladdr */
#include "runtime/aot.h"
#include "core/compile_timing.h"
#include "runtime/status.h"

#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/jit.h"
#include "runtime/kernel_registry.h"

/* Runs argv (argv[0] found on PATH) and waits; false with *error set when
 * it cannot start or fails. */
static bool run_tool(char **argv, const char *what, char **error) {
  pid_t pid = fork();
  if (pid < 0)
    return strata_fail(error, "cannot start '%s': %s", argv[0], strerror(errno));
  if (pid == 0) {
    execvp(argv[0], argv);
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return strata_fail(error, "%s with '%s' failed (exit status %d)", what, argv[0],
                       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return true;
}

static const char *c_compiler(void) {
  const char *cc = getenv("CC");
  return cc && *cc ? cc : "cc";
}

static bool write_object(const char *path, const strata_object_t *o, char **error) {
  FILE *f = fopen(path, "wb");
  if (!f)
    return strata_fail(error, "%s: cannot create: %s", path, strerror(errno));
  bool ok = fwrite(o->data, 1, o->size, f) == o->size;
  ok = fclose(f) == 0 && ok;
  return ok ? true : strata_fail(error, "%s: cannot write the object file", path);
}

/* Several objects as one: written to a temporary directory and combined by
 * a relocatable link (cc -r). */
static bool combine_objects(const strata_objects_t *objs, const char *object_path,
                            char **error) {
  const char *tmp = getenv("TMPDIR");
  char dir[4096];
  snprintf(dir, sizeof dir, "%s/strata-objects-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir))
    return strata_fail(error, "cannot create a temporary directory: %s", strerror(errno));
  char **argv = calloc((size_t)objs->count + 8, sizeof *argv);
  int n = 0;
  bool ok = argv != NULL;
  if (ok) {
    argv[n++] = (char *)c_compiler();
    argv[n++] = "-r";
    argv[n++] = "-nostdlib";
    argv[n++] = "-o";
    argv[n++] = (char *)object_path;
  }
  for (int i = 0; ok && i < objs->count; ++i) {
    char path[4200];
    snprintf(path, sizeof path, "%s/%d.o", dir, i);
    ok = write_object(path, &objs->items[i], error) && (argv[n++] = strdup(path)) != NULL;
  }
  if (ok)
    ok = run_tool(argv, "combining the objects", error);
  for (int i = 5; argv && i < n; ++i) {
    unlink(argv[i]);
    free(argv[i]);
  }
  free(argv);
  rmdir(dir);
  return ok;
}

bool strata_aot_emit_object_with(MlirOperation module, const char *object_path, int opt_level,
                                 const strata_codegen_options_t *options,
                                 strata_timing_t *timing, char **error) {
  FILE *probe = fopen(object_path, "wb"); /* fail before compiling, not after */
  if (!probe)
    return strata_fail(error, "%s: cannot write the object file: %s", object_path,
                       strerror(errno));
  fclose(probe);
  strata_objects_t objs = {0};
  if (!strata_codegen_compile(module, opt_level, options, &objs, timing, error))
    return false;
  strata_time_mark_t mark = strata_time_mark();
  bool ok = objs.count == 1 ? write_object(object_path, &objs.items[0], error)
                            : combine_objects(&objs, object_path, error);
  strata_objects_free(&objs);
  strata_timing_charge(timing, STRATA_PHASE_LINK, mark);
  return ok;
}

bool strata_aot_emit_object(MlirOperation module, const char *object_path, int opt_level,
                            strata_timing_t *timing, char **error) {
  return strata_aot_emit_object_with(module, object_path, opt_level, NULL, timing, error);
}

bool strata_aot_link_shared(const char *object_path, const char *library_path, char **error) {
  const char *cc = c_compiler();
  char *argv[24];
  int n = 0;
  argv[n++] = (char *)cc;
  argv[n++] = "-shared";
  /* Calls inside the library bind to its own functions: a model function
   * named `main` must not resolve to the host program's main. */
  argv[n++] = "-Wl,-Bsymbolic";
  argv[n++] = "-o";
  argv[n++] = (char *)library_path;
  argv[n++] = (char *)object_path;
  for (const char *const *l = strata_runtime_libraries(); *l; ++l)
    argv[n++] = (char *)*l;
  argv[n++] = "-Wl,-rpath," STRATA_LLVM_LIBRARY_DIR;
  /* The library kernels (runtime/kernel_abi.h) live in libstrata: a
   * library calling them needs it, found where this process loaded it
   * (--as-needed: other libraries do not depend on it). */
  Dl_info self;
  char strata_rpath[4096 + 16];
  if (dladdr((void *)strata_kernel_tables, &self) && self.dli_fname &&
      strchr(self.dli_fname, '/')) {
    const char *slash = strrchr(self.dli_fname, '/');
    snprintf(strata_rpath, sizeof strata_rpath, "-Wl,-rpath,%.*s", (int)(slash - self.dli_fname),
             self.dli_fname);
    argv[n++] = "-Wl,--as-needed";
    argv[n++] = (char *)self.dli_fname;
    argv[n++] = "-Wl,--no-as-needed";
    argv[n++] = strata_rpath;
  }
  argv[n++] = "-lm";
  argv[n] = NULL;
  char what[4200];
  snprintf(what, sizeof what, "linking %s", library_path);
  return run_tool(argv, what, error);
}

static const char *c_type(strata_dtype_t t) {
  switch (t) {
  case STRATA_DTYPE_F32: return "float";
  case STRATA_DTYPE_F64: return "double";
  case STRATA_DTYPE_I8: return "int8_t";
  case STRATA_DTYPE_I32: return "int32_t";
  case STRATA_DTYPE_I64: return "int64_t";
  case STRATA_DTYPE_U8: return "uint8_t";
  case STRATA_DTYPE_BOOL: return "uint8_t";
  case STRATA_DTYPE_I16: return "int16_t";
  case STRATA_DTYPE_U16: return "uint16_t";
  case STRATA_DTYPE_U32: return "uint32_t";
  case STRATA_DTYPE_U64: return "uint64_t";
  case STRATA_DTYPE_F16: return "uint16_t";  /* the binary16 bit pattern */
  case STRATA_DTYPE_BF16: return "uint16_t"; /* the bfloat16 bit pattern */
  case STRATA_DTYPE_STRING: return "int64_t"; /* a string handle: a const char * */
  case STRATA_DTYPE_I4:
  case STRATA_DTYPE_I2: return "int8_t"; /* one element per byte */
  case STRATA_DTYPE_F8E4M3FN:
  case STRATA_DTYPE_F8E4M3FNUZ:
  case STRATA_DTYPE_F8E5M2:
  case STRATA_DTYPE_F8E5M2FNUZ:
  case STRATA_DTYPE_F8E8M0FNU:
  case STRATA_DTYPE_F4E2M1FN: /* the code, one per byte */
  case STRATA_DTYPE_U4:
  case STRATA_DTYPE_U2: return "uint8_t";
  }
  return "void";
}

static void descriptor_name(const strata_arg_spec_t *a, char *buf, size_t size) {
  snprintf(buf, size, "strata_memref_%dd_%s", a->rank,
           a->dtype == STRATA_DTYPE_STRING ? "string" : strata_dtype_name(a->dtype));
}

static void declare_descriptor(FILE *f, const strata_arg_spec_t *a) {
  char name[64];
  descriptor_name(a, name, sizeof name);
  fprintf(f, "#ifndef %s_DEFINED\n#define %s_DEFINED\n", name, name);
  fprintf(f, "typedef struct {\n  %s *allocated, *aligned;\n  int64_t offset;\n", c_type(a->dtype));
  if (a->rank > 0)
    fprintf(f, "  int64_t sizes[%d], strides[%d];\n", a->rank, a->rank);
  fprintf(f, "} %s;\n#endif\n\n", name);
}

static void describe_shape(FILE *f, const strata_arg_spec_t *a) {
  for (int d = 0; d < a->rank; ++d) {
    if (a->shape[d] < 0)
      fprintf(f, "?x");
    else
      fprintf(f, "%lldx", (long long)a->shape[d]);
  }
  fprintf(f, "%s", strata_dtype_name(a->dtype));
}

bool strata_aot_write_header(const strata_signature_t *sig, const char *header_path,
                             const char *model_name, char **error) {
  FILE *f = fopen(header_path, "w");
  if (!f)
    return strata_fail(error, "%s: cannot create: %s", header_path, strerror(errno));
  fprintf(f, "/* Generated by strata-compile from %s: the C entry point of '%s'.\n"
             " * Pass one strided memref descriptor per input, then one per result\n"
             " * (destination buffers the caller allocates; row-major strides).",
          model_name, sig->name);
  bool strings = false;
  for (int i = 0; i < sig->num_inputs + sig->num_outputs; ++i)
    strings |= (i < sig->num_inputs ? sig->inputs[i] : sig->outputs[i - sig->num_inputs]).dtype ==
               STRATA_DTYPE_STRING;
  if (strings)
    fprintf(f, "\n * A string element (!graph.string) is an int64 holding a const char *\n"
               " * (0: \"\"); strings the model makes are interned by libstrata: never\n"
               " * free them.");
  fprintf(f, " */\n");
  fprintf(f, "#ifndef STRATA_MODEL_%s_H\n#define STRATA_MODEL_%s_H\n\n#include <stdint.h>\n\n",
          sig->name, sig->name);
  fprintf(f, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  for (int i = 0; i < sig->num_inputs; ++i)
    declare_descriptor(f, &sig->inputs[i]);
  for (int i = 0; i < sig->num_outputs; ++i)
    declare_descriptor(f, &sig->outputs[i]);
  fprintf(f, "/*");
  for (int i = 0; i < sig->num_inputs; ++i) {
    fprintf(f, " input%d: ", i);
    describe_shape(f, &sig->inputs[i]);
    fprintf(f, ";");
  }
  for (int i = 0; i < sig->num_outputs; ++i) {
    fprintf(f, " result%d: ", i);
    describe_shape(f, &sig->outputs[i]);
    fprintf(f, ";");
  }
  fprintf(f, " */\nvoid _mlir_ciface_%s(", sig->name);
  for (int i = 0; i < sig->num_inputs + sig->num_outputs; ++i) {
    bool in = i < sig->num_inputs;
    const strata_arg_spec_t *a = in ? &sig->inputs[i] : &sig->outputs[i - sig->num_inputs];
    char name[64];
    descriptor_name(a, name, sizeof name);
    fprintf(f, "%s%s *%s%d", i ? ", " : "", name, in ? "input" : "result",
            in ? i : i - sig->num_inputs);
  }
  fprintf(f, ");\n\n#ifdef __cplusplus\n}\n#endif\n#endif\n");
  bool ok = fclose(f) == 0;
  return ok ? true : strata_fail(error, "%s: write failed", header_path);
}
