/* Host tensors for running compiled Strata functions: a dense, row-major
 * array with an element type and a shape, plus the operations the tools
 * need on them (create, random fill, compare, checksum). */
#ifndef STRATA_RUNTIME_TENSOR_H
#define STRATA_RUNTIME_TENSOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/half.h"         /* f16/bf16 <-> float, for element access */
#include "runtime/narrow_types.h" /* float8/float4 and 4/2-bit integers likewise */

#include "strata/dtype.h" /* strata_dtype_t, STRATA_MAX_RANK (public) */

typedef struct {
  strata_dtype_t dtype;
  int rank;
  int64_t shape[STRATA_MAX_RANK];
  void *data; /* owned, 64-byte aligned */
} strata_tensor_t;

/* Whether t is one of the 8-bit or 4-bit float formats, and which. */
bool strata_dtype_narrow_float(strata_dtype_t t, strata_narrow_float_t *format);
/* Parses an MLIR element type spelling ("f32", "i64", "i1", "ui8", "f16",
 * "!graph.string"). */
bool strata_dtype_parse(const char *name, strata_dtype_t *out);

int64_t strata_tensor_numel(const strata_tensor_t *t);
/* The byte size of a tensor of this type and shape into *out; false when
 * the shape is invalid (negative extent, rank too large) or the size does
 * not fit in 64 bits ("too large"). */
bool strata_tensor_bytes(strata_dtype_t dtype, int rank, const int64_t *shape, size_t *out);
/* "f32 [100000, 100000]" into buf; returns buf. */
char *strata_tensor_type_str(strata_dtype_t dtype, int rank, const int64_t *shape, char *buf,
                             size_t size);
/* Allocates zeroed storage. Returns false when out of memory or when
 * strata_tensor_bytes does (t->data is then NULL). */
bool strata_tensor_alloc(strata_tensor_t *t, strata_dtype_t dtype, int rank,
                         const int64_t *shape);
/* strata_tensor_alloc that says why it failed, naming the tensor (`what`:
 * "output 0") in msg: "cannot allocate output 0: 40000000000 bytes (f32
 * [100000, 100000])", or "... too large (f32 [...]: its size overflows 64
 * bits)". */
bool strata_tensor_alloc_named(strata_tensor_t *t, strata_dtype_t dtype, int rank,
                               const int64_t *shape, const char *what, char *msg,
                               size_t msgsz);
void strata_tensor_free(strata_tensor_t *t);

/* Fills with values drawn from a seeded generator (uniform in [-1, 1) for
 * floats, [-8, 8) for integers, {0, 1} for bool, the decimal strings of
 * [-8, 8) for strings). Same seed, same values. */
void strata_tensor_fill_random(strata_tensor_t *t, uint64_t seed);

/* Compares actual with expected: |a - e| <= atol + rtol * |e| elementwise
 * (NaN equals NaN, an infinity equals itself); strings must be equal byte
 * for byte. Shapes and dtypes must agree. Reports the largest absolute
 * error (strings: 0) and its flat index (strings: the first mismatch). */
typedef struct {
  bool ok;
  bool shape_mismatch;
  double max_abs_error;
  int64_t worst_index;
  int64_t mismatches;
} strata_compare_t;
strata_compare_t strata_tensor_compare(const strata_tensor_t *actual,
                                       const strata_tensor_t *expected, double rtol,
                                       double atol);


/* Element i (row-major flat index) converted to double (ui64 above 2^53
 * rounds; a string: its length in bytes). */
double strata_tensor_get(const strata_tensor_t *t, int64_t i);

/* Sum of all elements as double (a quick fingerprint for demos; strings
 * count their lengths). */
double strata_tensor_checksum(const strata_tensor_t *t);

#endif
