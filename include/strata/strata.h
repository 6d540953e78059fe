/* Strata public C API: what an embedding compiler needs to use Strata's
 * dialects and passes — a context with the dialects loaded, pass
 * registration, verification (IRDL plus the checks written in C) and
 * running a textual pass pipeline. */
#ifndef STRATA_STRATA_H
#define STRATA_STRATA_H

#include <mlir-c/IR.h>
#include <mlir-c/Pass.h>
#include <mlir-c/Support.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#define STRATA_VERSION "0.1.0"

/* Creates a context that knows every upstream dialect (loaded on demand) and
 * has Strata's dialects (graph, te, tir, hwi) loaded from their IRDL
 * definitions. Owned by the caller: release with mlirContextDestroy.
 * Returns a null context (ctx.ptr == NULL) if the dialects fail to load; the
 * reason is emitted as a diagnostic on stderr. */
MlirContext strata_context_create(void);

/* Loads Strata's IRDL dialects into an existing context (for compilers that
 * own their context). Returns failure with diagnostics if loading fails. */
MlirLogicalResult strata_dialects_load(MlirContext ctx);

/* The IRDL source text of all Strata dialects (static storage). */
const char *strata_dialects_irdl_source(void);

/* Parses MLIR text into a builtin.module (wrapping top-level ops in one
 * unless the text is a single module), with `source_name` as the file name
 * of locations. Verifies as the parser does (not Strata's C checks: call
 * strata_verify). Returns a null op after emitting diagnostics on failure;
 * otherwise owned by the caller (mlirOperationDestroy). */
MlirOperation strata_parse_module(MlirContext ctx, MlirStringRef text, MlirStringRef source_name);

/* Whether diagnostics emitted on an op carry a note with the op printed
 * ("see current operation: ..."); on by default. Tools checking expected
 * diagnostics turn it off, as mlir-opt --verify-diagnostics does. */
void strata_context_set_print_op_on_diagnostic(MlirContext ctx, bool enable);

/* Whether `ctx` has its thread pool on (mlirContextEnableMultithreading;
 * the MLIR 22 C API can set it but not read it). */
bool strata_context_is_multithreaded(MlirContext ctx);

/* Registers every Strata pass and named pipeline in MLIR's global pass
 * registry, so textual pipelines can name them (with options). Idempotent;
 * call before starting threads. Does not register upstream passes. */
void strata_register_passes(void);

/* Registers upstream MLIR passes (all of them) and Strata's. Idempotent. */
void strata_register_all_passes(void);

/* Runs the checks IRDL cannot express (shapes, attribute values) on `root`
 * and everything nested in it, after the standard verifier. Errors are
 * emitted as located diagnostics; returns failure if any was found. */
MlirLogicalResult strata_verify(MlirOperation root);

/* Creates a pass manager anchored on `op`'s kind with `pipeline` added.
 * `pipeline` is either anchored ("builtin.module(a,func.func(b))") or a
 * plain list ("a,b{opt=1}") nested under op's kind. On a parse error emits
 * a diagnostic at op's location and returns a null manager. Owned by the
 * caller: mlirPassManagerDestroy. */
MlirPassManager strata_pass_manager_create(MlirOperation op, const char *pipeline);

/* Parses `pipeline` (e.g. "builtin.module(graph-canonicalize,strata-dce)")
 * and runs it on `op`. Diagnostics go to the context's handlers. */
MlirLogicalResult strata_run_pipeline(MlirOperation op, const char *pipeline);

/* Turns on `ctx`'s thread pool for one compile and returns true: nested
 * pipelines (strata-lower-to-llvm's per-function steps) then run on every
 * core, and code generation keys and translates kernels in parallel
 * (runtime/codegen.h). Returns false and changes nothing when `pipeline`
 * names te-autotune, whose measuring children use the context after a
 * fork (a pool's threads do not survive one), or when the pool is on
 * already. strata_compile_threads_end(ctx, began) turns it off again (its
 * threads exit) when begin returned true; nothing otherwise. */
bool strata_compile_threads_begin(MlirContext ctx, const char *pipeline);
void strata_compile_threads_end(MlirContext ctx, bool began);

/* The textual pipelines of the tools, written once.
 * strata_pipeline_to_llvm: graph (or any later stage) to the llvm dialect:
 * "builtin.module(strata-graph-to-llvm)" when `tuning_db` is NULL, else the
 * same ladder with te-apply-tuned{db=<tuning_db>} choosing schedules (a pass
 * of the tuning passes' library, strata_tuning_passes: a program running
 * this pipeline links it and calls strata_tuning_passes_register()). Returns
 * a malloc'ed string (caller frees), or NULL when the path cannot be quoted
 * in a pipeline (it contains '"' or '}') or memory runs out.
 * strata_pipeline_tuning_tasks: graph to te with the schedules' knobs, the
 * front half that tuning extracts its tasks with (static, not freed). */
char *strata_pipeline_to_llvm(const char *tuning_db);
/* The same with te-apply-tuned{target=<target>}: the records of that
 * target string (strata-tune --target; a host's is "<machine> <cpu> <isa>
 * cores=<threads>") instead of this host's. NULL target: this host's.
 * NULL also when the target contains '"' or '}'. */
char *strata_pipeline_to_llvm_for(const char *tuning_db, const char *target);
/* strata_pipeline_to_llvm with strata-instrument-profile between tir and
 * strata-lower-to-llvm: each kernel timed by the runtime's profile timers
 * (runtime/profile_kernels.h), the names in the module attribute
 * `strata.profile_kernels` (strata-run --profile). Same ownership. */
char *strata_pipeline_to_llvm_profiled(const char *tuning_db);
/* The same with the tuning records of `target` (as strata_pipeline_to_llvm_for). */
char *strata_pipeline_to_llvm_profiled_for(const char *tuning_db, const char *target);
const char *strata_pipeline_tuning_tasks(void);
/* The debug ladder: unscheduled loops, every te.read index checked at run
 * time (convert-te-to-tir{bounds-checks=true}); static, not freed. */
const char *strata_pipeline_bounds_checked(void);

#ifdef __cplusplus
}
#endif
#endif
