/* The run functions of the lowering passes (lowering_passes.def), each defined in its
 * pass's file. */
#ifndef STRATA_LOWERING_LOWERING_PASSES_H
#define STRATA_LOWERING_LOWERING_PASSES_H

#include "passes/pass_table.h"

#define PASS STRATA_PASS_DECLARE_RUN
#define PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#include "lowering/lowering_passes.def"

#endif
