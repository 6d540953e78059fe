/* The records of the tir passes (tir_passes.def), for the registry
 * (passes/passes.def). */
#include "passes/tir/tir_passes.h"

#include <stdint.h>

#include "passes/tir/schedule.h"
#include "passes/tir/tir_loops.h"

#define PASS STRATA_PASS_DEFINE
#define PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#include "passes/tir/tir_passes.def"
