/* strata-expand-math: math.exp, math.erf and math.tanh on f32 (scalars or
 * vectors) rewritten as polynomial approximations in arith ops, so that
 * the loops holding them vectorize (explicit vector code from the tir loop
 * vectorizer, or LLVM's loop vectorizer on scalar loops) instead of calling
 * libm's expf / erff / tanhf once per element, which neither can
 * vectorize. Part of strata-lower-to-llvm, after convert-tir-to-scf and
 * before the math conversions (ops of other element types still reach
 * libm there).
 *
 * Accuracy, measured against libm over a dense sweep of the float range
 * (test/capi/expand_math.c, which checks these bounds):
 *   exp   at most 2 ulp for normal results (measured 0.94); 0 below
 *         -103.97 (too small even for a denormal), +inf above 88.72.
 *   erf   at most 1e-6 relative (measured 2.3e-7, 3.1 ulp); +-1 beyond 3.925.
 *   tanh  at most 1e-6 relative (measured 1.5e-7, 1.4 ulp); +-1 far out.
 *   NaN in gives NaN out.
 *
 * How (the usual construction, coefficients fitted for this file with
 * numpy: Chebyshev-node least squares, rounded to f32):
 *   exp(x)  = 2^k * p(r), k = round(x / ln 2), r = x - k ln 2 in two parts
 *             (Cody-Waite), p the degree-7 Taylor polynomial (|r| <= ln2/2:
 *             truncation 5e-9 relative); 2^k as two factors 2^(k>>1) and
 *             2^(k - k>>1), both normal for k in [-150, 128], so overflow and
 *             gradual underflow come out of the last multiplication.
 *   tanh(x) = x + x^3 P(x^2) for |x| < 0.625 (P of degree 4), else
 *             sign(x) (1 - 2 / (exp(2|x|) + 1)).
 *   erf(x)  = x P(x^2) for |x| < 0.921875 (degree 5), else
 *             sign(x) (1 - exp(Q(|x|))) with Q (degree 8, in |x| - 2.4234375,
 *             |x| clamped to 3.925) fitting log(erfc(x)): erfc is smooth and
 *             positive there, and its logarithm close to a polynomial.
 * Each branch is computed for every lane and one is selected (no control
 * flow: the expansion stays straight-line vector code). */
#include <stdint.h>
#include <stdlib.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>
#include <mlir-c/Dialect/Arith.h>
#include <mlir-c/Dialect/Math.h>

#include "core/builder.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "lowering/lowering_passes.h"
#include "strata/pass.h"

/* The value being built: its float type (f32 or vector of f32) and the
 * matching i32 / i1 types. */
typedef struct {
  strata_builder_t b;
  MlirContext ctx;
  MlirType ft, it, bt;
} em_t;

static MlirType like(MlirType t, MlirType elem) {
  if (!mlirTypeIsAVector(t))
    return elem;
  intptr_t rank = mlirShapedTypeGetRank(t);
  int64_t shape[8];
  for (intptr_t d = 0; d < rank && d < 8; ++d)
    shape[d] = mlirShapedTypeGetDimSize(t, d);
  return mlirVectorTypeGet(rank, shape, elem);
}

static MlirValue fconst(em_t *e, double v) {
  MlirType f32 = mlirF32TypeGet(e->ctx);
  MlirAttribute a = mlirTypeIsAVector(e->ft)
                        ? mlirDenseElementsAttrFloatSplatGet(e->ft, (float)v)
                        : mlirFloatAttrDoubleGet(e->ctx, f32, (float)v);
  MlirNamedAttribute na = strata_named(e->ctx, "value", a);
  return strata_build_value(&e->b, "arith.constant", 0, NULL, e->ft, 1, &na);
}

static MlirValue iconst(em_t *e, int32_t v) {
  MlirType i32 = mlirIntegerTypeGet(e->ctx, 32);
  MlirAttribute a = mlirTypeIsAVector(e->it) ? mlirDenseElementsAttrInt32SplatGet(e->it, v)
                                             : mlirIntegerAttrGet(i32, v);
  MlirNamedAttribute na = strata_named(e->ctx, "value", a);
  return strata_build_value(&e->b, "arith.constant", 0, NULL, e->it, 1, &na);
}

static MlirValue op1(em_t *e, const char *name, MlirValue x, MlirType t) {
  return strata_build_value(&e->b, name, 1, &x, t, 0, NULL);
}

static MlirValue op2(em_t *e, const char *name, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  return strata_build_value(&e->b, name, 2, ops, mlirValueGetType(x), 0, NULL);
}

/* a * x + c as arith.mulf and arith.addf allowed to contract: one FMA
 * instruction where the target has it. (math.fma would not do: the
 * math-to-libm conversion makes it a call to fmaf per lane.) */
static MlirValue fma3(em_t *e, MlirValue a, MlirValue x, MlirValue c) {
  MlirAttribute contract = mlirAttributeParseGet(
      e->ctx, mlirStringRefCreateFromCString("#arith.fastmath<contract>"));
  MlirNamedAttribute fm = strata_named(e->ctx, "fastmath", contract);
  MlirValue ax[2] = {a, x};
  MlirValue m = strata_build_value(&e->b, "arith.mulf", 2, ax, e->ft, 1, &fm);
  MlirValue mc[2] = {m, c};
  return strata_build_value(&e->b, "arith.addf", 2, mc, e->ft, 1, &fm);
}

/* arith.cmpf with predicate `pred` (olt 4, ogt 2, uno 14). */
static MlirValue cmpf(em_t *e, int64_t pred, MlirValue x, MlirValue y) {
  MlirValue ops[2] = {x, y};
  MlirNamedAttribute na = strata_named(
      e->ctx, "predicate", mlirIntegerAttrGet(mlirIntegerTypeGet(e->ctx, 64), pred));
  return strata_build_value(&e->b, "arith.cmpf", 2, ops, e->bt, 1, &na);
}

static MlirValue sel(em_t *e, MlirValue c, MlirValue x, MlirValue y) {
  MlirValue ops[3] = {c, x, y};
  return strata_build_value(&e->b, "arith.select", 3, ops, mlirValueGetType(x), 0, NULL);
}

/* Horner: c[0] + z (c[1] + z (... c[n-1])). */
static MlirValue horner(em_t *e, MlirValue z, const double *c, int n) {
  MlirValue p = fconst(e, c[n - 1]);
  for (int k = n - 2; k >= 0; --k)
    p = fma3(e, p, z, fconst(e, c[k]));
  return p;
}

/* |x| by clearing the sign bit (math.absf would become a libm call to
 * fabsf per lane). */
static MlirValue absf(em_t *e, MlirValue x) {
  MlirValue bits = op2(e, "arith.andi", op1(e, "arith.bitcast", x, e->it), iconst(e, INT32_MAX));
  return op1(e, "arith.bitcast", bits, e->ft);
}

/* |r| (r >= 0) with the sign of x, by the sign bit. */
static MlirValue with_sign(em_t *e, MlirValue r, MlirValue x) {
  MlirValue sign = op2(e, "arith.andi", op1(e, "arith.bitcast", x, e->it),
                       iconst(e, INT32_MIN));
  return op1(e, "arith.bitcast", op2(e, "arith.ori", op1(e, "arith.bitcast", r, e->it), sign),
             e->ft);
}

/* 2^k for an i32 k in [-126, 127]: the exponent field built directly. */
static MlirValue pow2(em_t *e, MlirValue k) {
  MlirValue biased = op2(e, "arith.addi", k, iconst(e, 127));
  return op1(e, "arith.bitcast", op2(e, "arith.shli", biased, iconst(e, 23)), e->ft);
}

static MlirValue build_exp(em_t *e, MlirValue x) {
  static const double taylor[8] = {1.0, 1.0, 1.0 / 2, 1.0 / 6, 1.0 / 24, 1.0 / 120,
                                   1.0 / 720, 1.0 / 5040};
  MlirValue xc = op2(e, "arith.minimumf", op2(e, "arith.maximumf", x, fconst(e, -104.0)),
                     fconst(e, 88.8));
  /* k = x / ln 2 rounded to nearest by adding and subtracting 1.5 * 2^23
   * (math.roundeven would become a libm call per lane) */
  MlirValue shifter = fconst(e, 12582912.0);
  MlirValue k = op2(e, "arith.subf",
                    fma3(e, xc, fconst(e, 1.4426950408889634), shifter), shifter);
  MlirValue r = fma3(e, k, fconst(e, -0.693359375), xc);
  r = fma3(e, k, fconst(e, 2.12194440e-4), r);
  MlirValue p = horner(e, r, taylor, 8);
  MlirValue ki = op1(e, "arith.fptosi", k, e->it);
  MlirValue half = op2(e, "arith.shrsi", ki, iconst(e, 1));
  MlirValue rest = op2(e, "arith.subi", ki, half);
  MlirValue y = op2(e, "arith.mulf", op2(e, "arith.mulf", p, pow2(e, half)), pow2(e, rest));
  return sel(e, cmpf(e, 14, x, x), x, y); /* NaN in, NaN out */
}

static MlirValue build_tanh(em_t *e, MlirValue x) {
  static const double small[5] = {-0.333333283662796, 0.13332781195640564,
                                  -0.053852375596761703, 0.021003227680921555,
                                  -0.006104478146880865};
  MlirValue a = absf(e, x);
  MlirValue z = op2(e, "arith.mulf", x, x);
  MlirValue near0 = fma3(e, op2(e, "arith.mulf", x, z), horner(e, z, small, 5), x);
  MlirValue ex = build_exp(e, op2(e, "arith.addf", a, a));
  MlirValue q = op2(e, "arith.divf", fconst(e, 2.0), op2(e, "arith.addf", ex, fconst(e, 1.0)));
  MlirValue far = with_sign(e, op2(e, "arith.subf", fconst(e, 1.0), q), x);
  return sel(e, cmpf(e, 4, a, fconst(e, 0.625)), near0, far);
}

static MlirValue build_erf(em_t *e, MlirValue x) {
  static const double small[6] = {1.1283791065216064,    -0.3761250376701355,
                                  0.11281904578208923,   -0.026769496500492096,
                                  0.004997011739760637,  -0.0006008737254887819};
  static const double logerfc[9] = {-7.402528762817383,     -5.2083420753479,
                                    -0.9413215517997742,    -0.011546885594725609,
                                    0.0023331274278461933,  -0.00045742819202132523,
                                    8.470356260659173e-05,  -1.4283556993177626e-05,
                                    1.6355552361346781e-06};
  MlirValue a = absf(e, x);
  MlirValue near0 = op2(e, "arith.mulf", x, horner(e, op2(e, "arith.mulf", x, x), small, 6));
  MlirValue u = op2(e, "arith.subf", op2(e, "arith.minimumf", a, fconst(e, 3.925)),
                    fconst(e, 2.4234375));
  MlirValue tail = build_exp(e, horner(e, u, logerfc, 9));
  MlirValue far = with_sign(e, op2(e, "arith.subf", fconst(e, 1.0), tail), x);
  return sel(e, cmpf(e, 4, a, fconst(e, 0.921875)), near0, far);
}

static bool is_f32(MlirType t) {
  if (mlirTypeIsAVector(t))
    t = mlirShapedTypeGetElementType(t);
  return mlirTypeIsAF32(t);
}

static MlirWalkResult collect(MlirOperation op, void *user) {
  if ((strata_op_is(op, "math.exp") || strata_op_is(op, "math.erf") ||
       strata_op_is(op, "math.tanh")) &&
      mlirOperationGetNumResults(op) == 1 &&
      is_f32(mlirValueGetType(mlirOperationGetResult(op, 0))))
    strata_op_list_push(user, op);
  return MlirWalkResultAdvance;
}

static bool expand(MlirOperation op) {
  MlirValue result = mlirOperationGetResult(op, 0);
  MlirContext ctx = mlirOperationGetContext(op);
  MlirType ft = mlirValueGetType(result);
  em_t e = {.b = strata_builder_before(op), .ctx = ctx, .ft = ft,
            .it = like(ft, mlirIntegerTypeGet(ctx, 32)), .bt = like(ft, mlirIntegerTypeGet(ctx, 1))};
  MlirValue x = mlirOperationGetOperand(op, 0);
  MlirValue y = strata_op_is(op, "math.exp")   ? build_exp(&e, x)
                : strata_op_is(op, "math.erf") ? build_erf(&e, x)
                                               : build_tanh(&e, x);
  mlirValueReplaceAllUsesOfWith(result, y);
  mlirOperationDestroy(op);
  return true;
}

/* The pass; its record (argument, summary, options): lowering/lowering_passes.def. */
MlirLogicalResult strata_expand_math_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  strata_op_list_rewrite_walked(module, collect, MlirWalkPostOrder, expand);
  return mlirLogicalResultSuccess();
}
