/* The run functions of the te passes (te_passes.def), each defined in its
 * pass's file. */
#ifndef STRATA_PASSES_TE_TE_PASSES_H
#define STRATA_PASSES_TE_TE_PASSES_H

#include "passes/pass_table.h"

#define PASS STRATA_PASS_DECLARE_RUN
#define PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#define TUNING_PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#include "passes/te/te_passes.def"

#endif
