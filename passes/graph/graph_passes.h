/* The run functions of the graph passes (graph_passes.def), each defined in its
 * pass's file. */
#ifndef STRATA_PASSES_GRAPH_GRAPH_PASSES_H
#define STRATA_PASSES_GRAPH_GRAPH_PASSES_H

#include "passes/pass_table.h"

#define PASS STRATA_PASS_DECLARE_RUN
#define PASS_WITH_OPTIONS STRATA_PASS_DECLARE_RUN
#include "passes/graph/graph_passes.def"

#endif
