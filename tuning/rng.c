/* xoshiro256** (Blackman and Vigna) with splitmix64 seeding; see rng.h. */
#include "tuning/rng.h"

static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

void strata_rng_seed(strata_rng_t *rng, uint64_t seed) {
  for (int i = 0; i < 4; ++i)
    rng->s[i] = splitmix64(&seed);
}

uint64_t strata_rng_next(strata_rng_t *rng) {
  uint64_t *s = rng->s;
  uint64_t result = rotl(s[1] * 5, 7) * 9;
  uint64_t t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return result;
}

uint64_t strata_rng_below(strata_rng_t *rng, uint64_t bound) {
  if (bound == 0)
    return 0;
  /* Rejection sampling: drop the top partial range so every residue is
   * equally likely. */
  uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
  uint64_t x;
  do
    x = strata_rng_next(rng);
  while (x >= limit);
  return x % bound;
}

double strata_rng_uniform(strata_rng_t *rng) {
  return (double)(strata_rng_next(rng) >> 11) * 0x1.0p-53;
}
