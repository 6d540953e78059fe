/* The tuner's own pseudo-random generator: xoshiro256** seeded through
 * splitmix64, so that a search given the same seed draws the same numbers on
 * every machine and libc (rand() is neither portable nor seedable per use). */
#ifndef STRATA_TUNING_RNG_H
#define STRATA_TUNING_RNG_H

#include <stdint.h>

typedef struct {
  uint64_t s[4];
} strata_rng_t;

/* Seeds the four state words from one 64-bit seed (any value, 0 included). */
void strata_rng_seed(strata_rng_t *rng, uint64_t seed);
/* Next 64 random bits. */
uint64_t strata_rng_next(strata_rng_t *rng);
/* Uniform integer in [0, bound); 0 when bound is 0. Unbiased. */
uint64_t strata_rng_below(strata_rng_t *rng, uint64_t bound);
/* Uniform double in [0, 1). */
double strata_rng_uniform(strata_rng_t *rng);

#endif
