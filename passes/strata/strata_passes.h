/* The run functions of the strata passes (strata_passes.def), each defined in its
 * pass's file. */
#ifndef STRATA_PASSES_STRATA_STRATA_PASSES_H
#define STRATA_PASSES_STRATA_STRATA_PASSES_H

#include "passes/pass_table.h"

#define PASS STRATA_PASS_DECLARE_RUN
#define PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#include "passes/strata/strata_passes.def"

#endif
