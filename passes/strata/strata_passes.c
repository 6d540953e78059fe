/* The records of the strata passes (strata_passes.def), for the registry
 * (passes/passes.def). */
#include "passes/strata/strata_passes.h"

#include <stdint.h>


#define PASS STRATA_PASS_DEFINE
#define PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#include "passes/strata/strata_passes.def"
