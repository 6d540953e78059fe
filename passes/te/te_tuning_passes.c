/* The tuning passes' library entry point (see te_tuning_passes.h): defines
 * the TUNING_ rows of passes/te/te_passes.def (te-autotune, te-apply-tuned)
 * and hands every STRATA_TUNING_PASS record of passes.def to libstrata's
 * registry. */
#include "passes/te/te_tuning_passes.h"

#include <stdint.h>
#include <stdlib.h>

#include "passes/registry.h"
#include "passes/te/te_passes.h"

/* te-autotune's search strategies. */
static const char *const strategies[] = {"evolutionary", "random", "grid", NULL};

#define PASS(...)
#define PASS_WITH_OPTIONS(...)
#define TUNING_PASS_WITH_OPTIONS STRATA_PASS_DEFINE_WITH_OPTIONS
#include "passes/te/te_passes.def"

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
