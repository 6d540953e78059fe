/* The tuning passes' library (strata_tuning_passes): te-autotune,
 * te-apply-tuned and the te tuning tasks they share, kept out of
 * libstrata because they link SQLite, XGBoost (dlopen'ed) and the JIT. A
 * program that links the library calls strata_tuning_passes_register()
 * once, before strata_register_all_passes() or anything that lists or
 * names passes; the passes then take their places in passes.def's order
 * (passes/registry.h). Calling it after registration works too. */
#ifndef STRATA_PASSES_TE_TE_TUNING_PASSES_H
#define STRATA_PASSES_TE_TE_TUNING_PASSES_H

#ifdef __cplusplus
extern "C" {
#endif

/* Adds the tuning passes to Strata's pass registry; idempotent. */
void strata_tuning_passes_register(void);

#ifdef __cplusplus
}
#endif
#endif
