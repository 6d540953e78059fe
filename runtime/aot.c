/* AOT compilation: MLIR llvm dialect -> LLVM IR -> optimized native object
 * (LLVM C API), linked into a shared library by the system compiler, with
 * a generated header describing the C entry point. */
#define _GNU_SOURCE /* dladdr */
#include "runtime/aot.h"
#include "core/compile_timing.h"
#include "runtime/status.h"

#include <dlfcn.h>
#include <errno.h>
#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <llvm-c/TargetMachine.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <mlir-c/RegisterEverything.h>
#include <mlir-c/Target/LLVMIR.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "runtime/jit.h"
#include "runtime/kernel_registry.h"

bool strata_aot_emit_object(MlirOperation module, const char *object_path, int opt_level,
                            strata_timing_t *timing, char **error) {
  strata_time_mark_t mark = strata_time_mark();
  mlirRegisterAllLLVMTranslations(mlirOperationGetContext(module));
  LLVMInitializeNativeTarget();
  LLVMInitializeNativeAsmPrinter();
  LLVMContextRef llvm_ctx = LLVMContextCreate();
  LLVMModuleRef mod = mlirTranslateModuleToLLVMIR(module, llvm_ctx);
  if (!mod) {
    LLVMContextDispose(llvm_ctx);
    return strata_fail(error, "cannot translate the module to LLVM IR (is it fully lowered to the "
                       "llvm dialect?)");
  }
  char *triple = LLVMGetDefaultTargetTriple();
  char *cpu = LLVMGetHostCPUName();
  char *features = LLVMGetHostCPUFeatures();
  LLVMTargetRef target;
  char *msg = NULL;
  bool ok = false;
  if (LLVMGetTargetFromTriple(triple, &target, &msg)) {
    strata_fail(error, "no LLVM target for %s: %s", triple, msg);
    LLVMDisposeMessage(msg);
    goto done_strings;
  }
  LLVMCodeGenOptLevel level = opt_level <= 0   ? LLVMCodeGenLevelNone
                              : opt_level == 1 ? LLVMCodeGenLevelLess
                              : opt_level == 2 ? LLVMCodeGenLevelDefault
                                               : LLVMCodeGenLevelAggressive;
  LLVMTargetMachineRef tm = LLVMCreateTargetMachine(target, triple, cpu, features, level,
                                                    LLVMRelocPIC, LLVMCodeModelDefault);
  LLVMSetTarget(mod, triple);
  LLVMTargetDataRef layout = LLVMCreateTargetDataLayout(tm);
  LLVMSetModuleDataLayout(mod, layout);
  LLVMDisposeTargetData(layout);
  char passes[32];
  snprintf(passes, sizeof passes, "default<O%d>", opt_level < 0 ? 0 : opt_level > 3 ? 3 : opt_level);
  LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
  LLVMErrorRef err = LLVMRunPasses(mod, passes, tm, opts);
  LLVMDisposePassBuilderOptions(opts);
  mark = strata_timing_charge(timing, STRATA_PHASE_LLVM_OPT, mark);
  if (err) {
    char *m = LLVMGetErrorMessage(err);
    strata_fail(error, "LLVM optimization failed: %s", m);
    LLVMDisposeErrorMessage(m);
  } else if (LLVMTargetMachineEmitToFile(tm, mod, (char *)object_path, LLVMObjectFile, &msg)) {
    strata_fail(error, "%s: cannot write the object file: %s", object_path, msg);
    LLVMDisposeMessage(msg);
  } else {
    ok = true;
  }
  strata_timing_charge(timing, STRATA_PHASE_CODEGEN, mark);
  LLVMDisposeTargetMachine(tm);
done_strings:
  LLVMDisposeMessage(triple);
  LLVMDisposeMessage(cpu);
  LLVMDisposeMessage(features);
  LLVMDisposeModule(mod);
  LLVMContextDispose(llvm_ctx);
  return ok;
}

bool strata_aot_link_shared(const char *object_path, const char *library_path, char **error) {
  const char *cc = getenv("CC");
  if (!cc || !*cc)
    cc = "cc";
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
  pid_t pid = fork();
  if (pid < 0)
    return strata_fail(error, "cannot start the linker: %s", strerror(errno));
  if (pid == 0) {
    execvp(cc, argv);
    _exit(127);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    return strata_fail(error, "linking %s with '%s' failed (exit status %d)", library_path, cc,
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  return true;
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
