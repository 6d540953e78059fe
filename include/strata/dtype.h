/* Strata element types: the element type of a model's inputs and outputs
 * as the public model API (strata/model.h) and the runtime's host tensors
 * (runtime/tensor.h) name them. The values are stable: bindings in other
 * languages (python/strata) hard-code them. */
#ifndef STRATA_DTYPE_H
#define STRATA_DTYPE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { STRATA_MAX_RANK = 8 };

typedef enum {
  STRATA_DTYPE_F32,
  STRATA_DTYPE_F64,
  STRATA_DTYPE_I8,
  STRATA_DTYPE_I32,
  STRATA_DTYPE_I64,
  STRATA_DTYPE_U8,
  STRATA_DTYPE_BOOL,
  STRATA_DTYPE_I16,
  STRATA_DTYPE_U16,
  STRATA_DTYPE_U32,
  STRATA_DTYPE_U64,
  STRATA_DTYPE_F16,  /* IEEE binary16, stored as its uint16 bit pattern */
  STRATA_DTYPE_BF16, /* bfloat16 (the top half of an f32), stored as uint16 */
  STRATA_DTYPE_STRING, /* !graph.string: handles (runtime/string_table.h), each
                        * a `const char *` as int64, 0 = ""; the tensor does
                        * not own the strings (interned or the caller's) */
  /* The narrow types (runtime/narrow_types.h), one byte per element: */
  STRATA_DTYPE_F8E4M3FN,
  STRATA_DTYPE_F8E4M3FNUZ,
  STRATA_DTYPE_F8E5M2,
  STRATA_DTYPE_F8E5M2FNUZ,
  STRATA_DTYPE_F8E8M0FNU,
  STRATA_DTYPE_F4E2M1FN, /* the code in the low 4 bits */
  STRATA_DTYPE_I4,       /* the value in the low 4 bits (sign-extended or not) */
  STRATA_DTYPE_U4,
  STRATA_DTYPE_I2,
  STRATA_DTYPE_U2,
} strata_dtype_t;

/* Bytes per element (1 for the narrow types: one element per byte). */
size_t strata_dtype_size(strata_dtype_t t);
/* The MLIR spelling: "f32", "i64", "ui16", "bf16", "i1" (bool), ... */
const char *strata_dtype_name(strata_dtype_t t);

#ifdef __cplusplus
}
#endif
#endif
