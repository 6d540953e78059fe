/* Small checks shared by the verifiers of the te, tir and hwi dialects:
 * reading attributes of dynamic (IRDL) ops by name, matching strings against
 * a fixed set, finding a region's terminator, reading constant indices.
 * Functions named strata_check_* emit a located error on `op` and return
 * failure when the check fails; the others only query. None of them takes
 * ownership of anything. */
#ifndef STRATA_DIALECTS_OP_CHECKS_H
#define STRATA_DIALECTS_OP_CHECKS_H

#include <mlir-c/IR.h>
#include <mlir-c/Support.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* True if `s` equals the NUL-terminated string `c`. */
bool strata_str_eq(MlirStringRef s, const char *c);

/* True if op's name is `name` (e.g. "te.compute"). */
bool strata_op_is(MlirOperation op, const char *name);

/* Position of `s` in `names[0..n)`, or -1. */
int strata_str_index(MlirStringRef s, const char *const *names, int n);

/* Writes `"a", "b" or "c"` for names[0..n) into buf (truncated to size). */
char *strata_str_list(const char *const *names, int n, char *buf, size_t size);

/* names[i], or NULL when i is not in [0, n). */
const char *strata_str_at(const char *const *names, int n, int i);

/* Defines the two accessors of an enum spelled by the strings `names` (a
 * static array, in the enum's order): `type from(MlirStringRef)` (-1 when
 * the string is none of them) and `const char *to(type)` (NULL out of range). */
#define STRATA_ENUM_NAMES(type, from, to, names, count)                                      \
  type from(MlirStringRef s) { return (type)strata_str_index(s, names, count); }            \
  const char *to(type v) { return strata_str_at(names, count, (int)v); }


/* The string attribute `name` of `op` (IRDL guarantees presence and kind for
 * declared attributes); emits "'<name>' must not be empty" if it is empty. */
MlirLogicalResult strata_check_nonempty_string(MlirOperation op, const char *name,
                                               MlirStringRef *out);

/* Reads string attribute `name` of `op` and checks it is one of
 * names[0..n); stores its position in *index (may be NULL). Emits
 * "'<name>' must be one of ..., got \"x\"" otherwise. */
MlirLogicalResult strata_check_string_in(MlirOperation op, const char *name,
                                         const char *const *names, int n, int *index);

/* Checks that attribute `name` of `op` is an `array<i64: ...>` (IRDL only
 * knows "a dense array"); emits "'<name>' must be an array<i64: ...>". */
MlirLogicalResult strata_check_i64_array(MlirOperation op, const char *name,
                                         MlirAttribute *out);

/* The last operation of `block` (null if empty). */
MlirOperation strata_block_last_op(MlirBlock block);

/* Checks that region `index` of `op` (called `what` in messages) has one
 * block ending in gpu.yield with `n_yield` operands; stores the block and the
 * yield. Emits "<what> must have exactly one block" or "<what> must end with
 * gpu.yield of N value(s)". */
MlirLogicalResult strata_check_yield_body(MlirOperation op, intptr_t index,
                                          const char *what, intptr_t n_yield,
                                          MlirBlock *block, MlirOperation *yield);

/* True if `v` is defined by an arith.constant with an integer (or index)
 * value; stores it in *out. */
bool strata_constant_int(MlirValue v, int64_t *out);

/* True for integer, index and float types (the scalars Strata computes on). */
bool strata_type_is_scalar(MlirType t);

#endif
