/* The hwi dialect's checks that IRDL cannot express, and the accessors of
 * hwi.h. hwi.intrinsic: ISA and kind names, module-level placement, a tile
 * of three positive sizes whose n is a whole number of vectors, vectors that
 * fill the ISA's registers, types consistent with the kind. hwi.call_tile:
 * the referenced intrinsic exists, operands are rank-2 memrefs of the
 * intrinsic's types whose static sizes fit its tile. */
#include "dialects/hwi/hwi.h"

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>

#include "dialects/op_checks.h"
#include "dialects/verify.h"
#include "strata/diagnostics.h"

enum { MSG = 256 };

static const char *const isas[] = {"avx512f", "avx2", "fma", "neon", "generic"};
static const unsigned isa_bits[] = {512, 256, 256, 128, 0};
static const char *const kinds[] = {"fma", "dot"};
enum { N_ISAS = 5, N_KINDS = 2 };

STRATA_ENUM_NAMES(strata_hwi_isa_t, strata_hwi_isa_from_string, strata_hwi_isa_name, isas, N_ISAS)
STRATA_ENUM_NAMES(strata_hwi_kind_t, strata_hwi_kind_from_string, strata_hwi_kind_name, kinds,
                  N_KINDS)

unsigned strata_hwi_isa_register_bits(strata_hwi_isa_t isa) {
  return (int)isa >= 0 && (int)isa < N_ISAS ? isa_bits[isa] : 0;
}

static MlirAttribute attr(MlirOperation op, const char *name) {
  return mlirOperationGetAttributeByName(op, mlirStringRefCreateFromCString(name));
}

/* ---- hwi.intrinsic accessors ------------------------------------------- */

MlirStringRef strata_hwi_intrinsic_name(MlirOperation op) {
  return mlirStringAttrGetValue(attr(op, "sym_name"));
}

strata_hwi_isa_t strata_hwi_intrinsic_isa(MlirOperation op) {
  return strata_hwi_isa_from_string(mlirStringAttrGetValue(attr(op, "isa")));
}

strata_hwi_kind_t strata_hwi_intrinsic_kind(MlirOperation op) {
  return strata_hwi_kind_from_string(mlirStringAttrGetValue(attr(op, "kind")));
}

int64_t strata_hwi_intrinsic_vector_width(MlirOperation op) {
  return mlirIntegerAttrGetValueInt(attr(op, "vector_width"));
}

int64_t strata_hwi_intrinsic_tile(MlirOperation op, int dim) {
  return mlirDenseI64ArrayGetElement(attr(op, "tile"), dim);
}

MlirType strata_hwi_intrinsic_element_type(MlirOperation op) {
  return mlirTypeAttrGetValue(attr(op, "element_type"));
}

MlirType strata_hwi_intrinsic_acc_type(MlirOperation op) {
  return mlirTypeAttrGetValue(attr(op, "acc_type"));
}

MlirOperation strata_hwi_lookup_intrinsic(MlirOperation from, MlirStringRef name) {
  MlirOperation module = mlirOperationGetParentOperation(from);
  while (!mlirOperationIsNull(module) && !strata_op_is(module, "builtin.module"))
    module = mlirOperationGetParentOperation(module);
  if (mlirOperationIsNull(module))
    return (MlirOperation){NULL};
  MlirBlock body = mlirRegionGetFirstBlock(mlirOperationGetRegion(module, 0));
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "hwi.intrinsic"))
      continue;
    MlirAttribute sym = attr(o, "sym_name");
    if (!mlirAttributeIsNull(sym) && mlirAttributeIsAString(sym) &&
        mlirStringRefEqual(mlirStringAttrGetValue(sym), name))
      return o;
  }
  return (MlirOperation){NULL};
}

/* ---- hwi.call_tile accessors ------------------------------------------- */

MlirOperation strata_hwi_call_tile_intrinsic(MlirOperation op) {
  MlirAttribute ref = attr(op, "intrinsic");
  if (mlirAttributeIsNull(ref) || !mlirAttributeIsAFlatSymbolRef(ref))
    return (MlirOperation){NULL};
  return strata_hwi_lookup_intrinsic(op, mlirFlatSymbolRefAttrGetValue(ref));
}

MlirValue strata_hwi_call_tile_lhs(MlirOperation op) { return mlirOperationGetOperand(op, 0); }
MlirValue strata_hwi_call_tile_rhs(MlirOperation op) { return mlirOperationGetOperand(op, 1); }
MlirValue strata_hwi_call_tile_acc(MlirOperation op) { return mlirOperationGetOperand(op, 2); }

MlirOperation strata_hwi_call_tile_acc_view(MlirOperation op) {
  MlirValue acc = strata_hwi_call_tile_acc(op);
  if (!mlirValueIsAOpResult(acc) || !strata_op_is(mlirOpResultGetOwner(acc), "memref.subview"))
    return (MlirOperation){NULL};
  return mlirOpResultGetOwner(acc);
}

/* ---- verifiers ---------------------------------------------------------- */

/* Bit width of an integer or float type, 0 for anything else. */
static unsigned scalar_bits(MlirType t) {
  if (mlirTypeIsAInteger(t))
    return mlirIntegerTypeGetWidth(t);
  if (mlirTypeIsAFloat(t))
    return mlirFloatTypeGetWidth(t);
  return 0;
}

/* Checks that TypeAttr `name` holds an integer or float type. */
static MlirLogicalResult check_scalar_type(MlirOperation op, const char *name, MlirType *out) {
  MlirAttribute a = attr(op, name);
  MlirType t = mlirTypeAttrGetValue(a);
  if (scalar_bits(t) == 0) {
    char buf[MSG];
    return strata_emit_error(op, "'%s' must be an integer or float type, got %s", name,
                             strata_type_str(t, buf, sizeof buf));
  }
  *out = t;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_intrinsic(MlirOperation op) {
  int isa, kind;
  MlirAttribute tile;
  MlirType elem, acc;
  if (mlirLogicalResultIsFailure(strata_check_nonempty_string(op, "sym_name", NULL)) ||
      mlirLogicalResultIsFailure(strata_check_string_in(op, "kind", kinds, N_KINDS, &kind)) ||
      mlirLogicalResultIsFailure(strata_check_string_in(op, "isa", isas, N_ISAS, &isa)) ||
      mlirLogicalResultIsFailure(strata_check_i64_array(op, "tile", &tile)) ||
      mlirLogicalResultIsFailure(check_scalar_type(op, "element_type", &elem)) ||
      mlirLogicalResultIsFailure(check_scalar_type(op, "acc_type", &acc)))
    return mlirLogicalResultFailure();
  if (!strata_op_is(mlirOperationGetParentOperation(op), "builtin.module"))
    return strata_emit_error(op, "must be declared at module level");

  long long vw = strata_hwi_intrinsic_vector_width(op);
  if (vw <= 0)
    return strata_emit_error(op, "'vector_width' must be a positive integer, got %lld", vw);
  bool tile_ok = mlirDenseArrayGetNumElements(tile) == 3;
  for (int d = 0; tile_ok && d < 3; ++d)
    tile_ok = mlirDenseI64ArrayGetElement(tile, d) > 0;
  if (!tile_ok)
    return strata_emit_error(op, "'tile' must hold three positive sizes (m, n, k)");
  long long n = mlirDenseI64ArrayGetElement(tile, 1), k = mlirDenseI64ArrayGetElement(tile, 2);
  if (n % vw != 0)
    return strata_emit_error(op, "tile n = %lld must be a multiple of vector_width %lld", n, vw);

  unsigned reg = isa_bits[isa], acc_bits = scalar_bits(acc), elem_bits = scalar_bits(elem);
  if (reg != 0 && (unsigned long long)vw * acc_bits != reg)
    return strata_emit_error(op,
                             "vector_width %lld x %u-bit accumulators does not fill the %u-bit "
                             "registers of \"%s\"",
                             vw, acc_bits, reg, isas[isa]);
  if (kind == STRATA_HWI_KIND_FMA &&
      (!mlirTypeIsAFloat(elem) || !mlirTypeEqual(elem, acc) || k != 1))
    return strata_emit_error(op, "kind \"fma\" needs a float element_type equal to acc_type and k = 1");
  if (kind == STRATA_HWI_KIND_DOT && (k < 2 || (unsigned long long)k * elem_bits != acc_bits))
    return strata_emit_error(op,
                             "kind \"dot\" needs k >= 2 and k x element bits = acc bits "
                             "(got %lld x %u vs %u)",
                             k, elem_bits, acc_bits);
  return mlirLogicalResultSuccess();
}

/* Checks dimension `dim` of `type` against the tile size `want`: a static
 * size must lie in [1, want] (a partial edge tile when smaller); a dynamic
 * size is a partial or full tile whose extent is only known at run time. */
static MlirLogicalResult check_dim(MlirOperation op, const char *operand, MlirType type,
                                   intptr_t dim, int64_t want, const char *what) {
  if (mlirShapedTypeIsDynamicDim(type, dim))
    return mlirLogicalResultSuccess();
  int64_t got = mlirShapedTypeGetDimSize(type, dim);
  if (got < 1 || got > want)
    return strata_emit_error(op, "operand '%s' dimension %ld must be at most %lld (tile %s), got %lld",
                             operand, (long)dim, (long long)want, what, (long long)got);
  return mlirLogicalResultSuccess();
}

/* Checks that operand `index` is a rank-2 memref of element type `elem`. */
static MlirLogicalResult check_matrix(MlirOperation op, intptr_t index, const char *name,
                                      MlirType elem, MlirType *out) {
  MlirType t = mlirValueGetType(mlirOperationGetOperand(op, index));
  if (!mlirShapedTypeHasRank(t) || mlirShapedTypeGetRank(t) != 2)
    return strata_emit_error(op, "operand '%s' must be a rank-2 memref", name);
  MlirType e = mlirShapedTypeGetElementType(t);
  if (!mlirTypeEqual(e, elem)) {
    char a[MSG], b[MSG];
    return strata_emit_error(op, "operand '%s' has element type %s, the intrinsic expects %s", name,
                             strata_type_str(e, a, sizeof a), strata_type_str(elem, b, sizeof b));
  }
  *out = t;
  return mlirLogicalResultSuccess();
}

static MlirLogicalResult verify_call_tile(MlirOperation op) {
  MlirOperation intr = strata_hwi_call_tile_intrinsic(op);
  if (mlirOperationIsNull(intr)) {
    MlirStringRef name = mlirFlatSymbolRefAttrGetValue(attr(op, "intrinsic"));
    return strata_emit_error(op, "references unknown intrinsic @%.*s", (int)name.length, name.data);
  }
  MlirType elem = strata_hwi_intrinsic_element_type(intr);
  MlirType acc_elem = strata_hwi_intrinsic_acc_type(intr);
  int64_t m = strata_hwi_intrinsic_tile(intr, 0), n = strata_hwi_intrinsic_tile(intr, 1),
          k = strata_hwi_intrinsic_tile(intr, 2);
  MlirType lhs, rhs, acc;
  if (mlirLogicalResultIsFailure(check_matrix(op, 0, "lhs", elem, &lhs)) ||
      mlirLogicalResultIsFailure(check_matrix(op, 1, "rhs", elem, &rhs)) ||
      mlirLogicalResultIsFailure(check_matrix(op, 2, "acc", acc_elem, &acc)) ||
      mlirLogicalResultIsFailure(check_dim(op, "lhs", lhs, 0, m, "m")) ||
      mlirLogicalResultIsFailure(check_dim(op, "rhs", rhs, 1, n, "n")) ||
      mlirLogicalResultIsFailure(check_dim(op, "acc", acc, 0, m, "m")) ||
      mlirLogicalResultIsFailure(check_dim(op, "acc", acc, 1, n, "n")))
    return mlirLogicalResultFailure();
  if (!mlirShapedTypeIsDynamicDim(lhs, 0) && !mlirShapedTypeIsDynamicDim(acc, 0) &&
      mlirShapedTypeGetDimSize(lhs, 0) != mlirShapedTypeGetDimSize(acc, 0))
    return strata_emit_error(op, "lhs has %lld rows but acc has %lld",
                             (long long)mlirShapedTypeGetDimSize(lhs, 0),
                             (long long)mlirShapedTypeGetDimSize(acc, 0));
  if (!mlirShapedTypeIsDynamicDim(rhs, 1) && !mlirShapedTypeIsDynamicDim(acc, 1) &&
      mlirShapedTypeGetDimSize(rhs, 1) < mlirShapedTypeGetDimSize(acc, 1))
    return strata_emit_error(op, "rhs has %lld columns, fewer than the %lld of acc",
                             (long long)mlirShapedTypeGetDimSize(rhs, 1),
                             (long long)mlirShapedTypeGetDimSize(acc, 1));
  bool lhs_static = !mlirShapedTypeIsDynamicDim(lhs, 1);
  bool rhs_static = !mlirShapedTypeIsDynamicDim(rhs, 0);
  int64_t kl = mlirShapedTypeGetDimSize(lhs, 1), kr = mlirShapedTypeGetDimSize(rhs, 0);
  if (lhs_static && rhs_static && kl != kr)
    return strata_emit_error(op, "lhs and rhs disagree on the reduction extent (%lld vs %lld)",
                             (long long)kl, (long long)kr);
  int64_t kk = lhs_static ? kl : kr;
  if ((lhs_static || rhs_static) && kk % k != 0)
    return strata_emit_error(op, "reduction extent %lld is not a multiple of the intrinsic's k = %lld",
                             (long long)kk, (long long)k);
  return mlirLogicalResultSuccess();
}

MlirLogicalResult strata_hwi_verify_op(MlirOperation op) {
  if (strata_op_is(op, "hwi.intrinsic"))
    return verify_intrinsic(op);
  if (strata_op_is(op, "hwi.call_tile"))
    return verify_call_tile(op);
  return mlirLogicalResultSuccess();
}
