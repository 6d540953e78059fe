/* The registry's hook for passes built outside libstrata. passes.def lists
 * every pass; a line STRATA_TUNING_PASS(sym) is a record of the tuning
 * passes' library (strata_tuning_passes: te-autotune, te-apply-tuned),
 * which links SQLite, the JIT and the tuning core that libstrata must not.
 * libstrata keeps an empty slot for it, by symbol name, so it never
 * references that library; the library fills the slot (its
 * strata_tuning_passes_register() calls this), and from then on the pass
 * is listed, looked up, created and registered like any other, in its
 * passes.def place. */
#ifndef STRATA_PASSES_REGISTRY_H
#define STRATA_PASSES_REGISTRY_H

#include <stdbool.h>

#include "strata/pass.h"

/* Puts `info` into the slot of passes.def's line naming `symbol`; when
 * strata_register_passes has already run, registers it with MLIR now.
 * False when no line names `symbol` or its slot holds another record. */
bool strata_pass_provide(const char *symbol, const strata_pass_info_t *info);

#endif
