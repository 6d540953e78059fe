/* Small checks shared by the te, tir and hwi verifiers (see op_checks.h). */
#include "dialects/op_checks.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <string.h>

#include "strata/diagnostics.h"

bool strata_str_eq(MlirStringRef s, const char *c) {
  size_t n = strlen(c);
  return s.length == n && memcmp(s.data, c, n) == 0;
}

bool strata_op_is(MlirOperation op, const char *name) {
  return !mlirOperationIsNull(op) &&
         strata_str_eq(mlirIdentifierStr(mlirOperationGetName(op)), name);
}

int strata_str_index(MlirStringRef s, const char *const *names, int n) {
  for (int i = 0; i < n; ++i)
    if (strata_str_eq(s, names[i]))
      return i;
  return -1;
}

const char *strata_str_at(const char *const *names, int n, int i) {
  return i >= 0 && i < n ? names[i] : NULL;
}

char *strata_str_list(const char *const *names, int n, char *buf, size_t size) {
  size_t used = 0;
  if (size == 0)
    return buf;
  buf[0] = '\0';
  for (int i = 0; i < n && used + 1 < size; ++i) {
    const char *sep = i == 0 ? "" : (i == n - 1 ? " or " : ", ");
    int w = snprintf(buf + used, size - used, "%s\"%s\"", sep, names[i]);
    if (w < 0)
      break;
    used += (size_t)w;
  }
  return buf;
}

/* The string value of attribute `name`, or a null string ref if it is
 * absent or not a string. */
static MlirStringRef string_attr(MlirOperation op, const char *name) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return (MlirStringRef){NULL, 0};
  return mlirStringAttrGetValue(a);
}

MlirLogicalResult strata_check_nonempty_string(MlirOperation op, const char *name,
                                               MlirStringRef *out) {
  MlirStringRef s = string_attr(op, name);
  if (s.length == 0)
    return strata_emit_error(op, "'%s' must be a non-empty string", name);
  if (out)
    *out = s;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_check_string_in(MlirOperation op, const char *name,
                                         const char *const *names, int n, int *index) {
  MlirStringRef s = string_attr(op, name);
  int i = strata_str_index(s, names, n);
  if (i < 0) {
    char list[256];
    return strata_emit_error(op, "'%s' must be one of %s, got \"%.*s\"", name,
                             strata_str_list(names, n, list, sizeof list), (int)s.length,
                             s.data ? s.data : "");
  }
  if (index)
    *index = i;
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_check_i64_array(MlirOperation op, const char *name,
                                         MlirAttribute *out) {
  MlirAttribute a = mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsADenseI64Array(a))
    return strata_emit_error(op, "'%s' must be an array<i64: ...>", name);
  if (out)
    *out = a;
  return mlirLogicalResultSuccess();
}

MlirOperation strata_block_last_op(MlirBlock block) {
  MlirOperation last = {NULL};
  for (MlirOperation o = mlirBlockGetFirstOperation(block); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o))
    last = o;
  return last;
}

MlirLogicalResult strata_check_yield_body(MlirOperation op, intptr_t index,
                                          const char *what, intptr_t n_yield,
                                          MlirBlock *block, MlirOperation *yield) {
  MlirRegion region = mlirOperationGetRegion(op, index);
  MlirBlock first = mlirRegionGetFirstBlock(region);
  if (mlirBlockIsNull(first) || !mlirBlockIsNull(mlirBlockGetNextInRegion(first)))
    return strata_emit_error(op, "%s must have exactly one block", what);
  MlirOperation last = strata_block_last_op(first);
  if (!strata_op_is(last, "gpu.yield") || mlirOperationGetNumOperands(last) != n_yield)
    return strata_emit_error(op, "%s must end with gpu.yield of %ld value(s)", what,
                             (long)n_yield);
  if (block)
    *block = first;
  if (yield)
    *yield = last;
  return mlirLogicalResultSuccess();
}

bool strata_constant_int(MlirValue v, int64_t *out) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  if (!strata_op_is(def, "arith.constant"))
    return false;
  MlirAttribute a = mlirOperationGetAttributeByName(def, mlirStringRefCreateFromCString("value"));
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAInteger(a))
    return false;
  *out = mlirIntegerAttrGetValueInt(a);
  return true;
}

bool strata_type_is_scalar(MlirType t) {
  return mlirTypeIsAInteger(t) || mlirTypeIsAIndex(t) || mlirTypeIsAFloat(t);
}
