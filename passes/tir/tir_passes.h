/* The run functions of the tir passes (tir_passes.def), each defined in its
 * pass's file. */
#ifndef STRATA_PASSES_TIR_TIR_PASSES_H
#define STRATA_PASSES_TIR_TIR_PASSES_H

#include "passes/pass_table.h"

#define PASS STRATA_PASS_DECLARE_RUN
#define PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#include "passes/tir/tir_passes.def"

#endif
