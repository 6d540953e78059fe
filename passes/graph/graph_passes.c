/* The records of the graph passes (graph_passes.def), for the registry
 * (passes/passes.def). */
#include "passes/graph/graph_passes.h"

#include <stdint.h>


#define PASS STRATA_PASS_DEFINE
#define PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#include "passes/graph/graph_passes.def"
