/* The model tools' shared start-up (tool_context.h). */
#include "tools/tool_context.h"

#include <stdio.h>

#include "bridge/bridge.h"
#include "passes/te/te_tuning_passes.h"
#include "strata/diagnostics.h"
#include "strata/strata.h"

MlirContext strata_tool_context_create(void) {
  strata_tuning_passes_register();
  strata_register_all_passes();
  MlirContext ctx = strata_context_create();
  if (mlirContextIsNull(ctx))
    return ctx;
  strata_diag_printer_attach(ctx, stderr, STRATA_COLOR_AUTO);
  strata_print_warnings(ctx); /* te-apply-tuned names untuned kernels in a warning */
  return ctx;
}
