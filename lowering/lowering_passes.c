/* The records of the lowering passes (lowering_passes.def), for the registry
 * (passes/passes.def). */
#include "lowering/lowering_passes.h"

#include <stdint.h>


#define PASS STRATA_PASS_DEFINE
#define PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#include "lowering/lowering_passes.def"
