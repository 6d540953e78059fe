/* Every library kernel compiled code may call (runtime/kernel_abi.h), for
 * the JIT to register by name and for AOT linking to find libstrata. */
#ifndef STRATA_RUNTIME_KERNEL_REGISTRY_H
#define STRATA_RUNTIME_KERNEL_REGISTRY_H

#include "runtime/kernel_abi.h"

/* The kernel tables of every family, NULL-terminated; each table ends with
 * a NULL name. */
const strata_kernel_symbol_t *const *strata_kernel_tables(void);

#endif
