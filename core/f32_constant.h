/* f32 constants as C arrays, for the passes that compute new weights at
 * compile time (graph-fold-batch-norm, te-pack-constants, the direct
 * convolution's weight panels): reading a dense, splat or dense_resource
 * elements attribute into a malloc'd array in one go, and building the
 * attribute of a new constant from such an array. */
#ifndef STRATA_CORE_F32_CONSTANT_H
#define STRATA_CORE_F32_CONSTANT_H

#include <stdint.h>

#include <mlir-c/IR.h>

/* The `count` elements of `a` (an f32 DenseFPElements attribute, splat or
 * not, or a DenseResourceElements one of f32), in a new malloc'd array
 * (the caller frees it); NULL if `a` is none of these, holds another
 * number of elements, or memory ran out. Whole blobs are copied at once:
 * the C API's per-element getters look the blob up again for every
 * element. */
float *strata_f32_attr_read(MlirAttribute a, int64_t count);

/* The elements attribute of `type` (f32, `count` elements) holding
 * `values`, which it takes: up to 64 elements an inline dense<> (values
 * freed here), else a dense_resource blob named `name` (MLIR makes it
 * unique in the context) that the context owns and frees. */
MlirAttribute strata_f32_attr_build(MlirType type, int64_t count, float *values,
                                    const char *name);

#endif
