/* Cost-model features of a te tuning task (passes/te/te_features.c): for the
 * default schedule of a 1024^3 matmul (te-default-schedule{knobs=true} on
 * AVX-512; row blocks of 144, a multiple of every tile's rows) the loop nest is tracked through split, fuse and reorder, and
 * the bytes touched inside each loop level are the reads' and result's
 * footprints there. The default nest is, outermost first:
 *   d1.0 (1), r0.0 (4), d0.0+d1.1.0 (8 x 16, parallel), d0.1.0 (36),
 *   d0.1.1 (4), d1.1.1 (64), r0.1 (256)
 * so innermost first: level 0 touches a row of A and a column of B (256
 * floats each) and one result (2052 bytes), level 1 a 256 x 64 panel of B,
 * ... level 4 the whole result and a 256-deep slab of A and B. */
// RUN: tuning-te_features | FileCheck %s
#include <stdio.h>
#include <stdlib.h>

#include "passes/te/te_features.h"
#include "support/tuning_test.h"

int main(void) {
  tt_matmul_task_t t;
  if (!tt_matmul_task_init(&t, 1024, false,
                           "builtin.module(te-default-schedule{target=avx512f knobs=true})"))
    return 1;
  strata_te_task_t *task = &t.task;
  // CHECK: knobs: mc nc kc tile pack pack_a
  printf("knobs:");
  for (size_t k = 0; k < task->space.num_knobs; ++k)
    printf(" %s", task->space.knobs[k].name);
  printf("\n");
  strata_choice_t candidate[8] = {0};
  float f[STRATA_TE_NUM_FEATURES];
  strata_te_task_features(task, candidate, f);
  // CHECK-NEXT: bytes per level: 11.003 16.028 16.109 17.931 22.585 23.585 23.585 23.585 23.585 23.585
  printf("bytes per level:");
  for (int l = 0; l < 10; ++l)
    printf(" %.3f", f[53 + l]);
  printf("\n");
  // CHECK-NEXT: depth 7, parallel at 0.286, packed 1
  printf("depth %.0f, parallel at %.3f, packed %.0f\n", f[63], f[64], f[52]);
  // The tile knob (choice 1: 8x32) changes the innermost factors and the
  // panel the inner levels touch: level 1 covers 32 columns of B.
  // CHECK-NEXT: tile 8x32: inner i 3.000 j 5.000, level 1 15.050
  candidate[3] = 1;
  strata_te_task_features(task, candidate, f);
  printf("tile 8x32: inner i %.3f j %.3f, level 1 %.3f\n", f[4], f[9], f[54]);
  // Packing B off, and A packed as well, are seen.
  // CHECK-NEXT: packed 0, then 2
  candidate[4] = 1;
  strata_te_task_features(task, candidate, f);
  printf("packed %.0f", f[52]);
  candidate[4] = 0, candidate[5] = 1;
  strata_te_task_features(task, candidate, f);
  printf(", then %.0f\n", f[52]);
  tt_matmul_task_clear(&t);
  return 0;
}
