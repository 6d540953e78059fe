/* Tuning test: search spaces — factor-knob domains, size and grid
 * enumeration, seeded sampling, mutation, crossover, candidate hashing and
 * the JSON form of decisions. */
// RUN: tuning-space 2>&1 | FileCheck %s
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tuning/space.h"

static void print_domain(int64_t extent, int parts) {
  size_t n;
  int64_t *v;
  char *error = NULL;
  if (!strata_factor_domain(extent, parts, &n, &v, &error)) {
    printf("domain(%lld, %d): error: %s\n", (long long)extent, parts, error);
    free(error);
    return;
  }
  printf("domain(%lld, %d): %zu:", (long long)extent, parts, n);
  for (size_t c = 0; c < n && c < 24; ++c) {
    printf(" ");
    for (int j = 0; j < parts - 1; ++j)
      printf("%s%lld", j ? "x" : "", (long long)v[c * (size_t)(parts - 1) + j]);
  }
  printf("\n");
  free(v);
}

static void print_candidate(const char *what, const strata_space_t *s, const strata_choice_t *c) {
  printf("%s:", what);
  for (size_t i = 0; i < s->num_knobs; ++i)
    printf(" %u", c[i]);
  printf("\n");
}

int main(void) {
  // CHECK: domain(16, 2): 5: 1 2 4 8 16
  print_domain(16, 2);
  // 12 is not a power of two: 1x8, 2x4, 4x2 and 8x1 are partial-tile splits.
  // CHECK: domain(12, 3): 22: 1x1 1x2 1x3 1x4 1x6 1x8 1x12 2x1 2x2 2x3 2x4 2x6 3x1 3x2 3x4 4x1 4x2 4x3 6x1 6x2 8x1 12x1
  print_domain(12, 3);
  // A prime extent: its divisors plus the powers of two below it.
  // CHECK: domain(13, 2): 5: 1 2 4 8 13
  print_domain(13, 2);
  // CHECK: domain(1024, 3): 66: 1x1 1x2 1x4 1x8 1x16 1x32 1x64 1x128 1x256 1x512 1x1024 2x1 2x2
  print_domain(1024, 3);
  // 16 divisors of 1000, 10 powers of two up to 512, 4 in common.
  // CHECK: domain(1000, 2): 22: 1 2 4 5 8 10 16 20 25 32 40 50 64 100 125 128 200 250 256 500 512 1000
  print_domain(1000, 2);
  // CHECK: domain(6, 3): 12: 1x1 1x2 1x3 1x4 1x6 2x1 2x2 2x3 3x1 3x2 4x1 6x1
  print_domain(6, 3);
  // CHECK: domain(1, 4): 1: 1x1x1
  print_domain(1, 4);
  // CHECK: domain(0, 2): error: factor domain: extent 0 must be positive
  print_domain(0, 2);
  // CHECK: domain(8, 1): error: factor domain: parts 1 must be in [2, 9]
  print_domain(8, 1);

  strata_space_t s;
  strata_space_init(&s);
  char *error = NULL;
  const int64_t unroll[] = {1, 2, 4, 8};
  const char *orders[] = {"i,j,k", "i,k,j", "k,i,j"};
  if (!strata_space_add_factors_knob(&s, "tile_i", 64, 3, &error) ||
      !strata_space_add_int_knob_fixed(&s, "unroll", 4, 1, unroll, &error) ||
      !strata_space_add_string_knob(&s, "order", 3, orders, &error)) {
    printf("error: %s\n", error);
    return 1;
  }
  // CHECK: knobs 3 size 336
  printf("knobs %zu size %llu\n", s.num_knobs, (unsigned long long)strata_space_size(&s));

  // CHECK-NEXT: duplicate: knob 'unroll' is defined twice
  if (!strata_space_add_int_knob_fixed(&s, "unroll", 4, 1, unroll, &error))
    printf("duplicate: %s\n", error), free(error);
  // CHECK-NEXT: equal choices: knob 'bad': choices 0 and 1 are equal
  const int64_t twice[] = {4, 4};
  if (!strata_space_add_int_knob_fixed(&s, "bad", 2, 1, twice, &error))
    printf("equal choices: %s\n", error), free(error);
  // CHECK-NEXT: no choices: knob 'none' has no choices
  if (!strata_space_add_string_knob(&s, "none", 0, orders, &error))
    printf("no choices: %s\n", error), free(error);

  /* Grid enumeration visits every candidate once, last knob fastest. */
  strata_choice_t c[3], d[3], child[3];
  strata_space_candidate_at(&s, 0, c);
  // CHECK: grid 0: 0 0 0
  print_candidate("grid 0", &s, c);
  strata_space_candidate_at(&s, 13, c);
  // CHECK: grid 13: 1 0 1
  print_candidate("grid 13", &s, c);
  bool bijective = true;
  for (uint64_t i = 0; i < strata_space_size(&s); ++i) {
    strata_space_candidate_at(&s, i, c);
    bijective = bijective && strata_space_index_of(&s, c) == i;
  }
  // CHECK: grid bijective: 1
  printf("grid bijective: %d\n", bijective);

  /* Same seed, same samples; another seed, other samples. */
  strata_rng_t a, b, other;
  strata_rng_seed(&a, 7);
  strata_rng_seed(&b, 7);
  strata_rng_seed(&other, 8);
  int same = 0, differ = 0;
  for (int i = 0; i < 100; ++i) {
    strata_space_sample(&s, &a, c);
    strata_space_sample(&s, &b, d);
    same += memcmp(c, d, sizeof c) == 0;
    strata_space_sample(&s, &other, d);
    differ += memcmp(c, d, sizeof c) != 0;
  }
  // CHECK: same seed: 100/100 equal; other seed: {{[0-9]+}}/100 differ
  printf("same seed: %d/100 equal; other seed: %d/100 differ\n", same, differ);

  /* Mutation changes exactly one knob; crossover takes each from a parent. */
  int one_change = 0, from_parents = 0;
  for (int i = 0; i < 200; ++i) {
    strata_space_sample(&s, &a, c);
    memcpy(d, c, sizeof c);
    strata_space_mutate(&s, &a, d);
    int changed = 0;
    for (int k = 0; k < 3; ++k)
      changed += c[k] != d[k];
    one_change += changed == 1;
    strata_space_sample(&s, &a, d);
    strata_space_crossover(&s, &a, c, d, child);
    int ok = 1;
    for (int k = 0; k < 3; ++k)
      ok &= child[k] == c[k] || child[k] == d[k];
    from_parents += ok;
  }
  // CHECK: mutate one knob: 200/200; crossover from parents: 200/200
  printf("mutate one knob: %d/200; crossover from parents: %d/200\n", one_change, from_parents);

  /* Hashes tell the 336 candidates apart. */
  uint64_t hashes[336];
  int collisions = 0;
  for (uint64_t i = 0; i < 336; ++i) {
    strata_space_candidate_at(&s, i, c);
    hashes[i] = strata_space_candidate_hash(&s, c);
    for (uint64_t j = 0; j < i; ++j)
      collisions += hashes[j] == hashes[i];
  }
  // CHECK: hash collisions: 0
  printf("hash collisions: %d\n", collisions);

  /* Decisions as JSON, and back. */
  strata_space_candidate_at(&s, 100, c);
  char *json = strata_space_decisions_json(&s, c);
  // CHECK: json: {"tile_i":[2,2],"unroll":[2],"order":"i,k,j"}
  printf("json: %s\n", json);
  bool ok = strata_space_candidate_from_json(&s, json, d, &error);
  // CHECK: round trip: 1 1
  printf("round trip: %d %d\n", ok, ok && memcmp(c, d, sizeof c) == 0);
  free(json);
  ok = strata_space_candidate_from_json(
      &s, " { \"order\" : \"k,i,j\", \"unroll\":[ 8 ] ,\"tile_i\":[64, 1]}\n", d, &error);
  // CHECK: reordered: 1:: 27 3 2
  printf("reordered: %d:", ok);
  print_candidate("", &s, d);
  const char *bad[] = {
      "{\"tile_i\":[2,8],\"unroll\":[3],\"order\":\"i,k,j\"}",
      "{\"tile_i\":[2,8],\"order\":\"i,k,j\"}",
      "{\"tile_i\":[2,8],\"unroll\":[2],\"order\":\"i,k,j\",\"vec\":[4]}",
      "{\"tile_i\":[2,8],\"unroll\":[2],\"order\":\"i,k,j\"",
      "{\"tile_i\":[2,8],\"unroll\":2,\"order\":\"i,k,j\"}",
  };
  // CHECK: bad: decisions JSON: the value of knob 'unroll' is not one of its choices
  // CHECK: bad: decisions JSON: knob 'unroll' has no value
  // CHECK: bad: decisions JSON: unknown knob 'vec'
  // CHECK: bad: decisions JSON: expected '}' at offset 44
  // CHECK: bad: decisions JSON: expected '[' at offset 25
  for (size_t i = 0; i < sizeof bad / sizeof *bad; ++i) {
    if (strata_space_candidate_from_json(&s, bad[i], d, &error))
      printf("bad: accepted\n");
    else
      printf("bad: %s\n", error), free(error);
  }
  strata_space_free(&s);
  return 0;
}
