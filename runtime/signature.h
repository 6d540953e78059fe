/* The calling convention of a model's entry function, read from its
 * tensor-level signature before lowering: which arguments are inputs, which
 * destination buffers the lowered function takes for its results, and
 * their element types and shapes (-1 for a dynamic extent). */
#ifndef STRATA_RUNTIME_SIGNATURE_H
#define STRATA_RUNTIME_SIGNATURE_H

#include <mlir-c/IR.h>
#include <stdbool.h>

#include "runtime/tensor.h"

enum { STRATA_MAX_ARGS = 64 };

typedef struct {
  strata_dtype_t dtype;
  int rank;
  int64_t shape[STRATA_MAX_RANK]; /* -1: dynamic */
} strata_arg_spec_t;

typedef struct {
  char name[256];
  int num_inputs, num_outputs;
  strata_arg_spec_t inputs[STRATA_MAX_ARGS], outputs[STRATA_MAX_ARGS];
} strata_signature_t;

/* Describes function `entry` of `module`; when entry is NULL: `main` if it
 * exists, else the only public function. Arguments and results must be
 * ranked tensors (or memrefs, for a module already at the tir stage, where
 * every argument counts as an input). On failure returns false and sets
 * *error (malloc'd). */
bool strata_signature_get(MlirOperation module, const char *entry, strata_signature_t *sig,
                          char **error);

/* Resolves dynamic output extents: an output's dynamic dim i takes the
 * extent of dim i of the first input whose dim i is dynamic in the
 * signature (the batch dimension rule). Returns false if one is left. */
bool strata_signature_output_shape(const strata_signature_t *sig, const strata_tensor_t *inputs,
                                   int output, int64_t *shape);

#endif
