/* strata-check-limits: rejects, with the op's location, IR that the rest of
 * the lowering would turn into an abort or a crash instead of an error.
 * Run by strata-lower-to-llvm after convert-tir-to-scf, when every buffer
 * is a memref.alloc/alloca and every vector the loop vectorizer and
 * convert-hwi-to-vector make exists.
 *
 *   - Vector types (of any value, or the element type of a memref or
 *     tensor) with more than STRATA_MAX_VECTOR_ELEMENTS (2^16) elements.
 *     Upstream convert-vector-to-llvm builds per-element lists for some
 *     vector ops and aborts ("SmallVector unable to grow") on
 *     vector<4611686018427387904xf32>; Strata itself never needs more than
 *     a register tile (hwi: at most a few hundred lanes; the tir loop
 *     vectorizer: 64).
 *   - Static-shaped buffers (memref.alloc, memref.alloca) whose size does
 *     not fit in 64 bits, or is larger than the machine's memory (physical
 *     pages times page size, or the `memory-limit` option): such a model
 *     would fail at run time with a null buffer. Dynamic-shaped buffers are
 *     checked when allocated (the allocation functions of runtime/jit.c).
 */
#include <stdio.h>
#include <unistd.h>

#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "lowering/lowering_passes.h"
#include "strata/diagnostics.h"
#include "strata/pass.h"

/* The most elements a vector type may have. */
#define STRATA_MAX_VECTOR_ELEMENTS ((int64_t)1 << 16)

typedef struct {
  int64_t memory;       /* bytes a static buffer may take */
  bool machine;         /* memory is this machine's (not the option's) */
  bool failed;
} limits_t;

/* Product of a static shaped type's dims; false on overflow. */
static bool static_count(MlirType t, int64_t *count) {
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t n = 1;
  for (intptr_t d = 0; d < rank; ++d)
    if (!strata_mul_i64(n, mlirShapedTypeGetDimSize(t, d), &n))
      return false;
  *count = n;
  return true;
}

/* The first vector type in `t` (itself, or its element type, recursively)
 * with too many elements (or an overflowing count), else null. */
static MlirType oversized_vector(MlirType t) {
  while (!mlirTypeIsNull(t) && mlirTypeIsAShaped(t)) {
    if (mlirTypeIsAVector(t)) {
      int64_t n;
      if (!static_count(t, &n) || n > STRATA_MAX_VECTOR_ELEMENTS)
        return t;
    }
    t = mlirShapedTypeGetElementType(t);
  }
  return (MlirType){NULL};
}

/* Bytes of one element of type t; false if unknown or overflowing. */
static bool element_bytes(MlirType t, int64_t *bytes) {
  if (mlirTypeIsAIndex(t)) {
    *bytes = 8;
    return true;
  }
  if (mlirTypeIsAInteger(t) || mlirTypeIsAFloat(t)) {
    unsigned bits = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t) : mlirFloatTypeGetWidth(t);
    *bytes = (bits + 7) / 8;
    return true;
  }
  if (mlirTypeIsAComplex(t)) {
    int64_t half;
    return element_bytes(mlirComplexTypeGetElementType(t), &half) &&
           strata_mul_i64(half, 2, bytes);
  }
  if (mlirTypeIsAVector(t)) {
    int64_t n, each;
    return static_count(t, &n) && element_bytes(mlirShapedTypeGetElementType(t), &each) &&
           strata_mul_i64(n, each, bytes);
  }
  return false;
}

static void vector_error(MlirOperation op, const char *what, long i, MlirType v, limits_t *l) {
  char buf[256];
  strata_emit_error(op, "%s #%ld has the vector type %s, more than the %lld elements a vector "
                        "may have",
                    what, i, strata_type_str(v, buf, sizeof buf),
                    (long long)STRATA_MAX_VECTOR_ELEMENTS);
  l->failed = true;
}

/* The op's results and its blocks' arguments: each value is checked where
 * it is defined, so a huge vector is reported once. */
static void check_vectors(MlirOperation op, limits_t *l) {
  for (intptr_t i = 0; i < mlirOperationGetNumResults(op); ++i) {
    MlirType v = oversized_vector(mlirValueGetType(mlirOperationGetResult(op, i)));
    if (!mlirTypeIsNull(v))
      return vector_error(op, "result", (long)i, v, l);
  }
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); ++r)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r));
         !mlirBlockIsNull(b); b = mlirBlockGetNextInRegion(b))
      for (intptr_t i = 0; i < mlirBlockGetNumArguments(b); ++i) {
        MlirType v = oversized_vector(mlirValueGetType(mlirBlockGetArgument(b, i)));
        if (!mlirTypeIsNull(v))
          return vector_error(op, "block argument", (long)i, v, l);
      }
}

static void check_buffer(MlirOperation op, limits_t *l) {
  MlirType t = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAMemRef(t) || !mlirShapedTypeHasStaticShape(t))
    return;
  int64_t count, each, bytes;
  char buf[256];
  if (!static_count(t, &count) || !element_bytes(mlirShapedTypeGetElementType(t), &each))
    return; /* unknown element size, or a count oversized_vector reports */
  if (!strata_mul_i64(count, each, &bytes)) {
    strata_emit_error(op, "buffer of type %s is too large: its size in bytes does not fit in "
                          "64 bits",
                      strata_type_str(t, buf, sizeof buf));
    l->failed = true;
  } else if (bytes > l->memory) {
    if (l->machine)
      strata_emit_error(op, "buffer of %lld bytes (%s) exceeds this machine's %lld bytes of "
                            "memory",
                        (long long)bytes, strata_type_str(t, buf, sizeof buf),
                        (long long)l->memory);
    else
      strata_emit_error(op, "buffer of %lld bytes (%s) exceeds the memory limit of %lld bytes",
                        (long long)bytes, strata_type_str(t, buf, sizeof buf),
                        (long long)l->memory);
    l->failed = true;
  }
}

static MlirWalkResult check_op(MlirOperation op, void *user) {
  limits_t *l = user;
  check_vectors(op, l);
  if (strata_op_is(op, "memref.alloc") || strata_op_is(op, "memref.alloca") ||
      strata_op_is(op, "tir.alloc_buffer"))
    check_buffer(op, l);
  return MlirWalkResultAdvance;
}

/* This machine's physical memory in bytes (INT64_MAX if unknown). */
static int64_t machine_memory(void) {
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  int64_t bytes;
  if (pages <= 0 || page <= 0 || !strata_mul_i64(pages, page, &bytes))
    return INT64_MAX;
  return bytes;
}

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult strata_check_limits_run(MlirOperation module, const strata_pass_options_t *opts) {
  int64_t limit = strata_pass_options_get_int(opts, "memory-limit");
  limits_t l = {.memory = limit > 0 ? limit : machine_memory(), .machine = limit == 0};
  mlirOperationWalk(module, check_op, &l, MlirWalkPreOrder);
  return l.failed ? mlirLogicalResultFailure() : mlirLogicalResultSuccess();
}
