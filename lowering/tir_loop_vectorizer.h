/* Explicit SIMD code for vectorized tir loops (tir_loop_vectorizer.c). */
#ifndef STRATA_LOWERING_TIR_LOOP_VECTORIZER_H
#define STRATA_LOWERING_TIR_LOOP_VECTORIZER_H
#include <stdbool.h>

#include <mlir-c/IR.h>

/* Replaces the `tir.for` `loop` (kind "vectorized") by vector code for its
 * body, inserted where the loop was, and erases the loop; false (the IR
 * unchanged) when the loop or its body does not qualify. */
bool strata_tir_vectorize_loop(MlirOperation loop);
#endif
