/* NumPy .npy files (format 1.0-3.0, little-endian, C order): how tensors get
 * in and out of strata-run. Errors are returned as messages naming the file
 * and what is wrong, never by aborting. */
#ifndef STRATA_RUNTIME_NPY_H
#define STRATA_RUNTIME_NPY_H

#include "runtime/tensor.h"

/* Reads `path` into `out` (allocated; free with strata_tensor_free). On
 * failure returns false and sets *error (malloc'd, caller frees). */
bool strata_npy_read(const char *path, strata_tensor_t *out, char **error);

/* Writes `t` to `path` (format 1.0). On failure returns false and sets
 * *error (malloc'd). */
bool strata_npy_write(const char *path, const strata_tensor_t *t, char **error);

#endif
