/* The tuning passes' library entry point (see te_tuning_passes.h): hands
 * every STRATA_TUNING_PASS record of passes.def to libstrata's registry. */
#include "passes/te/te_tuning_passes.h"

#include <stdlib.h>

#include "passes/registry.h"

#define STRATA_PASS(sym)
#define STRATA_TUNING_PASS(sym) extern const strata_pass_info_t sym;
#include "passes/passes.def"
#undef STRATA_PASS
#undef STRATA_TUNING_PASS

void strata_tuning_passes_register(void) {
#define STRATA_PASS(sym)
#define STRATA_TUNING_PASS(sym)                                                                    \
  if (!strata_pass_provide(#sym, &sym))                                                            \
    abort(); /* passes.def and this library disagree */
#include "passes/passes.def"
#undef STRATA_PASS
#undef STRATA_TUNING_PASS
}
