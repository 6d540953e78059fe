/* The records of the te passes (te_passes.def), for the registry
 * (passes/passes.def). */
#include "passes/te/te_passes.h"

#include <stdint.h>

/* The ISAs te-default-schedule and te-sketch take as `target`. */
static const char *const targets[] = {"host", "avx512f", "avx2", "generic", NULL};

#define PASS STRATA_PASS_DEFINE
#define PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#define TUNING_PASS_WITH_OPTIONS(...)
#include "passes/te/te_passes.def"
