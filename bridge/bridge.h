/* The C side of the thin C++ bridge: what the MLIR 22 C API lacks.
 * MLIR's C API cannot add a pass to the global registry, so textual
 * pipelines could not name C passes nor pass them options. */
#ifndef STRATA_BRIDGE_H
#define STRATA_BRIDGE_H

#include "strata/pass.h"
#include "strata/strata.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Registers `info` (static storage) in MLIR's global pass registry as a
 * pipeline entry whose builder parses the options and adds the C pass
 * (nested under info->anchor when the enclosing pass manager runs on
 * another op), or, for a named pipeline, its textual pipeline. */
void strata_bridge_register_pass(const strata_pass_info_t *info);

/* Prints warnings emitted in `ctx` on stderr ("<loc>: warning: <msg>");
 * MLIR itself prints only errors when no handler is attached. For tools
 * that run passes reporting through warnings (te-apply-tuned). */
void strata_print_warnings(MlirContext ctx);

/* Emits a remark / a warning at `loc` (the C API has mlirEmitError only;
 * bridge/remark.cpp). */
void strata_emit_remark_at(MlirLocation loc, const char *message);
void strata_emit_warning_at(MlirLocation loc, const char *message);

/* `attr` (a dense_resource elements attribute) with the shaped type
 * `type`, sharing its blob (no copy); null when `attr` is not a
 * dense_resource or `type` has another element type or element count. */
MlirAttribute strata_dense_resource_reshape(MlirAttribute attr, MlirType type);

/* The bytes of a dense_resource attribute's blob (borrowed: they live as
 * long as the context), with their count in *size; NULL when `attr` is not
 * a dense_resource or its blob is not loaded. */
const void *strata_dense_resource_data(MlirAttribute attr, size_t *size);

/* Called after each pass run of a pass manager with the pass's argument
 * (not NUL-terminated: `len` bytes), the wall seconds it took and the CPU
 * seconds of its thread, exclusive of the passes it ran itself (nested
 * pipelines). */
typedef void (*strata_pass_time_fn)(const char *argument, size_t len, double seconds,
                                    double cpu_seconds, void *user);

/* Makes `pm` report each pass run to `fn` (bridge/pass_timing.cpp; the C
 * API has only mlirPassManagerEnableTiming, which prints its own report).
 * Calls are serialized, also when nested passes run on several threads. */
void strata_pass_manager_time_passes(MlirPassManager pm, strata_pass_time_fn fn, void *user);

/* Makes `pm` print each pass's statistics (stderr, MLIR's pipeline view)
 * when a run finishes: strata-opt's --mlir-pass-statistics
 * (bridge/pass_statistics.cpp). */
void strata_pass_manager_enable_statistics(MlirPassManager pm);

#ifdef __cplusplus
}
#endif
#endif
