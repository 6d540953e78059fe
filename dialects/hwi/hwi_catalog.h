/* Built-in hwi intrinsics: the fp32 FMA register tiles Strata knows for
 * each host ISA (AVX-512, AVX2/FMA, a generic vector fallback), which ISA
 * the host has (from LLVM's host CPU features), and declaring one in a
 * module on demand (tensorize and te-default-schedule refer to them by
 * symbol; the declaration is inserted when the module has none). */
#ifndef STRATA_DIALECTS_HWI_CATALOG_H
#define STRATA_DIALECTS_HWI_CATALOG_H

#include <mlir-c/IR.h>
#include <stdint.h>

typedef struct {
  const char *name;     /* sym_name, e.g. "fma_f32_4x64_avx512f" */
  const char *isa;      /* isa attribute */
  const char *target;   /* the --target name that selects it */
  int64_t vector_width; /* f32 lanes per register */
  int64_t m, n;         /* C tile rows and columns (k = 1) */
} strata_hwi_builtin_t;

/* The built-in intrinsic named `name`, or NULL. */
const strata_hwi_builtin_t *strata_hwi_builtin_lookup(MlirStringRef name);

/* The preferred built-in fp32 FMA tile for `target` ("avx512f", "avx2",
 * "generic", or "host" for the machine this runs on); NULL for an unknown
 * target. */
const strata_hwi_builtin_t *strata_hwi_builtin_for_target(const char *target);

/* Every built-in tile of `target` (as above), the preferred one first:
 * writes up to `max` of them to out[] and returns how many there are (0 for
 * an unknown target). The tuner's tile knob chooses among them. */
int strata_hwi_builtins_for_target(const char *target, const strata_hwi_builtin_t **out, int max);

/* The target name of this machine: "avx512f" if LLVM reports +avx512f,
 * "avx2" with +avx2 and +fma, else "generic". */
const char *strata_hwi_host_target(void);

/* Writes the valid target names into buf (for messages); returns buf. */
char *strata_hwi_target_list(char *buf, size_t size);

/* The hwi.intrinsic declaring `b` at the top of `module` (a builtin.module):
 * the existing one with that sym_name, or a new declaration inserted at
 * the start of the module body. */
MlirOperation strata_hwi_declare_builtin(MlirOperation module, const strata_hwi_builtin_t *b);

#endif
