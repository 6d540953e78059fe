/* Explicit SIMD code for `tir.for` loops of kind "vectorized" (used by
 * convert-tir-to-scf): the loop's iterations become the lanes of vectors,
 * and its body is rewritten once, in place of the loop, as vector code.
 *
 * A loop qualifies when its step is 1 and its extent is a constant V
 * (lower and upper constants) or bounded by one (lower 0, upper
 * `arith.minsi(V, n)` as a non-dividing split makes: the lanes past n are
 * masked off), 2 <= V <= 64, and every op of its body (no nested regions)
 * is one of:
 *   - an op whose operands do not depend on the loop variable (uniform):
 *     copied once, scalar (including loads from uniform addresses);
 *   - arith.addi / subi on index, and muli by a constant, of the loop
 *     variable: kept as a *linear form* base + coef * lane (base scalar);
 *   - memref.load / memref.store (of elements of a whole number of bytes:
 *     LLVM packs vectors of i1/i2/i4 bit by bit) whose last index is linear with
 *     coefficient 1 and whose other indices are uniform: vector.load /
 *     vector.store of V contiguous elements (vector.maskedload with zeros
 *     / maskedstore when masked); a uniform store of a uniform value stays
 *     one scalar store;
 *   - a load whose indices are guarded by one varying condition, as
 *     padding makes them (`select(in_bounds, i, 0)`): vector.maskedload
 *     under the condition, the other lanes taking the element the guard
 *     selects (so padded windows vectorize without gathers);
 *   - a load whose last index has coefficient 2..4 (a strided window):
 *     one masked load of stride x V contiguous elements (only the live
 *     lanes' elements enabled) and a vector.shuffle picking every
 *     stride-th;
 *   - any other arith or math op: the same op on vector<V x T> operands
 *     (uniform operands broadcast, linear ones materialized as base +
 *     coef * vector.step).
 * Anything else — a gather (a varying index elsewhere, a larger stride), a
 * store of varying values to one address (a reduction over the loop), an
 * op of another dialect — leaves the loop to convert-tir-to-scf as a
 * plain scf.for (correct; LLVM's vectorizer may still vectorize it), and
 * whatever was built is erased. As TVM's vectorize, the primitive asserts
 * that the loop's iterations are independent (a spatial axis: each lane
 * reads and writes its own elements), so running the body op by op across
 * the lanes keeps its meaning. Why explicit vectors: LLVM fully unrolls
 * short constant-trip loops (a 16-lane tile, each of the 9 taps of a 3x3
 * window) before its loop vectorizer sees them and then leaves them
 * scalar; vector ops in straight-line code survive, and LLVM forwards a
 * vector store to the next load of the same address, so an unrolled
 * reduction's accumulator stays in a register. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/checked_math.h"
#include "dialects/op_checks.h"
#include "dialects/tir/tir.h"
#include "lowering/tir_loop_vectorizer.h"

enum { MIN_LANES = 2, MAX_LANES = 64 };

typedef enum { LANE_UNIFORM, LANE_LINEAR, LANE_VECTOR } lane_kind_t;

/* What a body value became: a scalar (uniform), base + coef * lane
 * (linear, index type), or a vector. */
typedef struct {
  MlirValue key;
  lane_kind_t kind;
  MlirValue scalar; /* uniform value, or the linear form's base */
  int64_t coef;
  MlirValue vector; /* vector value; for the others, their vector once materialized */
} lane_value_t;

typedef struct {
  strata_builder_t b;
  MlirContext ctx;
  int64_t lanes;
  MlirValue mask; /* null: every lane is live */
  lane_value_t *values;
  size_t num_values, cap_values;
  MlirOperation *built; /* ops created so far, to erase on failure */
  size_t num_built, cap_built;
  MlirValue step; /* vector.step, built once */
} vectorizer_t;

static void *grow(void *p, size_t *cap, size_t need, size_t size) {
  if (need <= *cap)
    return p;
  size_t c = *cap ? *cap * 2 : 32;
  while (c < need)
    c *= 2;
  void *q = realloc(p, c * size);
  if (!q)
    abort();
  *cap = c;
  return q;
}

static MlirOperation track(vectorizer_t *v, MlirOperation op) {
  v->built = grow(v->built, &v->cap_built, v->num_built + 1, sizeof *v->built);
  v->built[v->num_built++] = op;
  return op;
}

static MlirValue build(vectorizer_t *v, const char *name, intptr_t n, const MlirValue *operands,
                       MlirType result, intptr_t num_attrs, const MlirNamedAttribute *attrs) {
  MlirOperation op = strata_build_op(&v->b, name, n, operands, 1, &result, num_attrs, attrs);
  return mlirOperationGetResult(track(v, op), 0);
}

static lane_value_t *record(vectorizer_t *v, MlirValue key, lane_kind_t kind) {
  v->values = grow(v->values, &v->cap_values, v->num_values + 1, sizeof *v->values);
  lane_value_t *lv = &v->values[v->num_values++];
  *lv = (lane_value_t){.key = key, .kind = kind};
  return lv;
}

/* The lane form of `value`: recorded for body values; values defined
 * outside the loop are uniform. */
static lane_value_t *lookup_recorded(const vectorizer_t *v, MlirValue value) {
  for (size_t i = v->num_values; i-- > 0;)
    if (mlirValueEqual(v->values[i].key, value))
      return &v->values[i];
  return NULL;
}

static lane_value_t lookup(const vectorizer_t *v, MlirValue value) {
  lane_value_t *rec = lookup_recorded(v, value);
  return rec ? *rec : (lane_value_t){.key = value, .kind = LANE_UNIFORM, .scalar = value};
}

static bool is_uniform(lane_value_t lv) {
  return lv.kind == LANE_UNIFORM || (lv.kind == LANE_LINEAR && lv.coef == 0);
}

static MlirType vector_of(vectorizer_t *v, MlirType element) {
  return mlirVectorTypeGet(1, &v->lanes, element);
}

/* `value` as a vector of `lanes` elements (broadcast, or base + coef *
 * step for a linear form), memoized for recorded values. */
static MlirValue as_vector(vectorizer_t *v, MlirValue value) {
  lane_value_t *rec = lookup_recorded(v, value);
  lane_value_t lv = rec ? *rec : lookup(v, value);
  if (lv.kind == LANE_VECTOR || !mlirValueIsNull(lv.vector))
    return lv.vector;
  MlirType scalar_type = mlirValueGetType(lv.scalar);
  MlirType vt = vector_of(v, scalar_type);
  MlirValue out = build(v, "vector.broadcast", 1, &lv.scalar, vt, 0, NULL);
  if (lv.kind == LANE_LINEAR && lv.coef != 0) {
    if (mlirValueIsNull(v->step))
      v->step = build(v, "vector.step", 0, NULL, vt, 0, NULL);
    MlirValue lanes = v->step;
    if (lv.coef != 1) {
      MlirValue c = strata_build_index(&v->b, lv.coef);
      track(v, mlirOpResultGetOwner(c));
      MlirValue cv = build(v, "vector.broadcast", 1, &c, vt, 0, NULL);
      lanes = build(v, "arith.muli", 2, (MlirValue[]){lanes, cv}, vt, 0, NULL);
    }
    out = build(v, "arith.addi", 2, (MlirValue[]){out, lanes}, vt, 0, NULL);
  }
  if (!rec)
    rec = record(v, value, lv.kind), *rec = lv;
  rec->vector = out;
  return out;
}

/* An op none of whose operands varies: copied once, its results uniform. */
static void copy_uniform(vectorizer_t *v, MlirOperation op) {
  MlirOperation copy = mlirOperationClone(op);
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    mlirOperationSetOperand(copy, i, lookup(v, mlirOperationGetOperand(op, i)).scalar);
  strata_build_insert(&v->b, copy);
  track(v, copy);
  for (intptr_t r = 0; r < mlirOperationGetNumResults(op); ++r)
    record(v, mlirOperationGetResult(op, r), LANE_UNIFORM)->scalar =
        mlirOperationGetResult(copy, r);
}

/* Index arithmetic on linear forms: addi, subi, muli by a constant. */
static bool linear_arith(vectorizer_t *v, MlirOperation op, const char *name) {
  if (mlirOperationGetNumOperands(op) != 2 ||
      !mlirTypeIsAIndex(mlirValueGetType(mlirOperationGetResult(op, 0))))
    return false;
  MlirValue x = mlirOperationGetOperand(op, 0), y = mlirOperationGetOperand(op, 1);
  lane_value_t a = lookup(v, x), c = lookup(v, y);
  if (a.kind == LANE_VECTOR || c.kind == LANE_VECTOR)
    return false;
  int64_t coef, k;
  if (!strcmp(name, "arith.addi"))
    coef = a.coef + c.coef;
  else if (!strcmp(name, "arith.subi"))
    coef = a.coef - c.coef;
  else if (is_uniform(c) && strata_constant_int(y, &k))
    coef = a.coef * k;
  else if (is_uniform(a) && strata_constant_int(x, &k))
    coef = c.coef * k;
  else
    return false;
  MlirValue base = build(v, name, 2, (MlirValue[]){a.scalar, c.scalar},
                         mlirValueGetType(mlirOperationGetResult(op, 0)), 0, NULL);
  lane_value_t *lv = record(v, mlirOperationGetResult(op, 0), LANE_LINEAR);
  lv->scalar = base;
  lv->coef = coef;
  return true;
}

static MlirValue zero_vector(vectorizer_t *v, MlirType vt) {
  MlirType et = mlirShapedTypeGetElementType(vt);
  MlirAttribute zero = mlirTypeIsAFloat(et) ? mlirFloatAttrDoubleGet(v->ctx, et, 0.0)
                                            : mlirIntegerAttrGet(et, 0);
  MlirNamedAttribute value = strata_named(v->ctx, "value", mlirDenseElementsAttrSplatGet(vt, zero));
  return build(v, "arith.constant", 0, NULL, vt, 1, &value);
}

/* An access's indices (a load's, or a store's: the memref is operand
 * `mem`, the indices follow), read as lanes: every index uniform, except the last,
 * which is linear with coefficient `stride` (1: contiguous; 2..MAX_STRIDE:
 * every stride-th element); or guarded, as a padded window reads: an index
 * may be `arith.select %c, %a, %b` with one varying condition %c (the same
 * for all), the %a forming such an access and the %b uniform — lanes where
 * %c holds read A[a], the others A[b], one uniform element. */
typedef struct {
  MlirValue bases[17];    /* memref, then the indices of lane 0 */
  MlirValue fallback[17]; /* memref, then the guard's other indices */
  MlirValue cond;         /* the guard; null when unguarded */
  int64_t stride;
} lane_access_t;

enum { MAX_STRIDE = 4 };

static bool lane_access(vectorizer_t *v, MlirOperation op, intptr_t mem, lane_access_t *a) {
  intptr_t n = mlirOperationGetNumOperands(op) - 1 - mem;
  if (n < 1 || n > 16)
    return false;
  a->bases[0] = a->fallback[0] = mlirOperationGetOperand(op, mem);
  a->cond = (MlirValue){NULL};
  bool plain_varying = false;
  for (intptr_t i = 0; i < n; ++i) {
    MlirValue index = mlirOperationGetOperand(op, mem + 1 + i);
    lane_value_t on = lookup(v, index), off = on;
    if (on.kind == LANE_VECTOR && mlirValueIsAOpResult(index) &&
        strata_op_is(mlirOpResultGetOwner(index), "arith.select")) {
      MlirOperation sel = mlirOpResultGetOwner(index);
      MlirValue c = mlirOperationGetOperand(sel, 0);
      if (!mlirValueIsNull(a->cond) && !mlirValueEqual(c, a->cond))
        return false;
      a->cond = c;
      on = lookup(v, mlirOperationGetOperand(sel, 1));
      off = lookup(v, mlirOperationGetOperand(sel, 2));
      if (!is_uniform(off))
        return false;
    } else if (!is_uniform(on)) {
      plain_varying = true;
    }
    if (on.kind == LANE_VECTOR)
      return false;
    if (i + 1 < n) {
      if (!is_uniform(on))
        return false;
    } else {
      if (on.kind != LANE_LINEAR || on.coef < 1 || on.coef > MAX_STRIDE)
        return false;
      a->stride = on.coef;
    }
    a->bases[1 + i] = on.scalar;
    a->fallback[1 + i] = off.scalar;
  }
  /* Under a guard, lanes off it read A[fallback]: one element for all of
   * them only when every varying index is guarded. */
  return mlirValueIsNull(a->cond) || (!plain_varying && !is_uniform(lookup(v, a->cond)));
}

static MlirValue bool_vector(vectorizer_t *v, int64_t lanes, bool value) {
  MlirType vt = mlirVectorTypeGet(1, &lanes, mlirIntegerTypeGet(v->ctx, 1));
  MlirNamedAttribute attr = strata_named(
      v->ctx, "value", mlirDenseElementsAttrBoolSplatGet(vt, value));
  return build(v, "arith.constant", 0, NULL, vt, 1, &attr);
}

/* vector.shuffle of a and b (same type) picking `indices`. */
static MlirValue shuffle(vectorizer_t *v, MlirValue a, MlirValue b, int64_t count,
                         const int64_t *indices) {
  MlirType et = mlirShapedTypeGetElementType(mlirValueGetType(a));
  MlirNamedAttribute mask = strata_named(v->ctx, "mask", mlirDenseI64ArrayGet(v->ctx, count, indices));
  return build(v, "vector.shuffle", 2, (MlirValue[]){a, b}, mlirVectorTypeGet(1, &count, et), 1,
               &mask);
}

/* The masked-off lanes' values of a masked load of type `vt`: the one
 * element A[fallback] a guarded access reads there (loaded once,
 * broadcast), else zeros. The fallback element is read even when every
 * lane passes the guard: the guards Strata's lowerings make clamp to index
 * 0 of a dimension the nest iterates over, which exists whenever the loop
 * runs. */
static MlirValue pass_through(vectorizer_t *v, const lane_access_t *a, intptr_t n, MlirType vt) {
  if (mlirValueIsNull(a->cond))
    return zero_vector(v, vt);
  MlirType et = mlirShapedTypeGetElementType(vt);
  MlirValue other = build(v, "memref.load", 1 + n, a->fallback, et, 0, NULL);
  return build(v, "vector.broadcast", 1, &other, vt, 0, NULL);
}

/* Whether elements of type t sit one per byte or more in a vector as in
 * memory: LLVM packs vectors of i1, i2, i4 (and the 4-bit float, an i4
 * once lowered) bit by bit, while a memref gives each element a byte. */
static bool byte_sized(MlirType t) {
  unsigned w = mlirTypeIsAInteger(t) ? mlirIntegerTypeGetWidth(t)
               : mlirTypeIsAFloat(t) ? mlirFloatTypeGetWidth(t)
                                     : 8;
  return w % 8 == 0;
}

static bool vector_load(vectorizer_t *v, MlirOperation op) {
  lane_access_t a;
  if (!byte_sized(mlirValueGetType(mlirOperationGetResult(op, 0))) || !lane_access(v, op, 0, &a))
    return false;
  intptr_t n = mlirOperationGetNumOperands(op) - 1;
  MlirType et = mlirValueGetType(mlirOperationGetResult(op, 0));
  MlirType vt = vector_of(v, et);
  bool guarded = !mlirValueIsNull(a.cond);
  /* The live lanes: the loop's mask and the guard; null when all are. */
  MlirValue mask = v->mask;
  if (guarded) {
    MlirValue g = as_vector(v, a.cond);
    mask = mlirValueIsNull(mask) ? g
                                 : build(v, "arith.andi", 2, (MlirValue[]){g, mask},
                                         mlirValueGetType(g), 0, NULL);
  }
  MlirValue result, operands[20];
  for (intptr_t i = 0; i <= n; ++i)
    operands[i] = a.bases[i];
  if (a.stride == 1 && mlirValueIsNull(mask)) {
    result = build(v, "vector.load", 1 + n, operands, vt, 0, NULL);
  } else if (a.stride == 1) {
    operands[1 + n] = mask;
    operands[2 + n] = pass_through(v, &a, n, vt);
    result = build(v, "vector.maskedload", 3 + n, operands, vt, 0, NULL);
  } else {
    /* Strided: one masked load of stride * lanes contiguous elements, only
     * the live lanes' elements enabled (nothing past the last one read),
     * then a shuffle picking every stride-th. */
    int64_t k = a.stride, wide = k * v->lanes;
    MlirType wt = mlirVectorTypeGet(1, &wide, et);
    if (mlirValueIsNull(mask))
      mask = bool_vector(v, v->lanes, true);
    int64_t *spread = malloc((size_t)wide * sizeof *spread);
    for (int64_t j = 0; j < wide; ++j)
      spread[j] = j % k == 0 ? j / k : v->lanes; /* lane j/k, or a false one */
    MlirValue wide_mask = shuffle(v, mask, bool_vector(v, v->lanes, false), wide, spread);
    free(spread);
    operands[1 + n] = wide_mask;
    operands[2 + n] = pass_through(v, &a, n, wt);
    MlirValue loaded = build(v, "vector.maskedload", 3 + n, operands, wt, 0, NULL);
    int64_t *pick = malloc((size_t)v->lanes * sizeof *pick);
    for (int64_t j = 0; j < v->lanes; ++j)
      pick[j] = j * k;
    result = shuffle(v, loaded, loaded, v->lanes, pick);
    free(pick);
  }
  record(v, mlirOperationGetResult(op, 0), LANE_VECTOR)->vector = result;
  return true;
}

static bool vector_store(vectorizer_t *v, MlirOperation op) {
  lane_access_t a;
  if (!byte_sized(mlirValueGetType(mlirOperationGetOperand(op, 0))) ||
      !lane_access(v, op, 1, &a) || a.stride != 1 || !mlirValueIsNull(a.cond))
    return false; /* only contiguous, unguarded stores of byte-sized elements */
  intptr_t n = mlirOperationGetNumOperands(op) - 2;
  MlirValue vec = as_vector(v, mlirOperationGetOperand(op, 0));
  MlirValue operands[20];
  MlirOperation store;
  if (mlirValueIsNull(v->mask)) {
    operands[0] = vec;
    for (intptr_t i = 0; i <= n; ++i)
      operands[1 + i] = a.bases[i];
    store = strata_build_op(&v->b, "vector.store", 2 + n, operands, 0, NULL, 0, NULL);
  } else {
    for (intptr_t i = 0; i <= n; ++i)
      operands[i] = a.bases[i];
    operands[1 + n] = v->mask;
    operands[2 + n] = vec;
    store = strata_build_op(&v->b, "vector.maskedstore", 3 + n, operands, 0, NULL, 0, NULL);
  }
  track(v, store);
  return true;
}

/* An arith / math op with a varying operand, on vectors. */
static bool vector_elementwise(vectorizer_t *v, MlirOperation op) {
  intptr_t n = mlirOperationGetNumOperands(op), nr = mlirOperationGetNumResults(op);
  if (n > 8 || nr != 1 || mlirOperationGetNumRegions(op) != 0)
    return false;
  MlirType rt = mlirValueGetType(mlirOperationGetResult(op, 0));
  if (!mlirTypeIsAIndex(rt) && !mlirTypeIsAInteger(rt) && !mlirTypeIsAFloat(rt))
    return false;
  MlirValue operands[8];
  for (intptr_t i = 0; i < n; ++i)
    operands[i] = as_vector(v, mlirOperationGetOperand(op, i));
  intptr_t na = mlirOperationGetNumAttributes(op);
  MlirNamedAttribute *attrs = malloc(((size_t)na + 1) * sizeof *attrs);
  for (intptr_t i = 0; i < na; ++i)
    attrs[i] = mlirOperationGetAttribute(op, i);
  MlirIdentifier name = mlirOperationGetName(op);
  char buf[64];
  MlirStringRef s = mlirIdentifierStr(name);
  snprintf(buf, sizeof buf, "%.*s", (int)s.length, s.data);
  MlirValue result = build(v, buf, n, operands, vector_of(v, rt), na, attrs);
  free(attrs);
  record(v, mlirOperationGetResult(op, 0), LANE_VECTOR)->vector = result;
  return true;
}

static bool has_prefix(MlirStringRef s, const char *prefix) {
  size_t n = strlen(prefix);
  return s.length >= n && !strncmp(s.data, prefix, n);
}

static bool vectorize_op(vectorizer_t *v, MlirOperation op) {
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  char buf[64];
  snprintf(buf, sizeof buf, "%.*s", (int)name.length, name.data);
  if (mlirOperationGetNumRegions(op) != 0)
    return false;
  bool uniform = true;
  for (intptr_t i = 0; i < mlirOperationGetNumOperands(op); ++i)
    uniform &= lookup(v, mlirOperationGetOperand(op, i)).kind == LANE_UNIFORM;
  bool store = !strcmp(buf, "memref.store");
  if (uniform && (store || !strcmp(buf, "memref.load") || has_prefix(name, "arith.") ||
                  has_prefix(name, "math."))) {
    copy_uniform(v, op);
    return true;
  }
  if (!strcmp(buf, "memref.load"))
    return vector_load(v, op);
  if (store)
    return vector_store(v, op);
  if ((!strcmp(buf, "arith.addi") || !strcmp(buf, "arith.subi") || !strcmp(buf, "arith.muli")) &&
      linear_arith(v, op, buf))
    return true;
  if (has_prefix(name, "arith.") || has_prefix(name, "math."))
    return vector_elementwise(v, op);
  return false;
}

/* The lane count and mask of `loop`; false when it does not qualify. */
static bool loop_lanes(vectorizer_t *v, MlirOperation loop, MlirValue *base) {
  int64_t lo, hi, step;
  MlirValue lower = strata_tir_for_lower(loop), upper = strata_tir_for_upper(loop);
  if (!strata_constant_int(strata_tir_for_step(loop), &step) || step != 1)
    return false;
  *base = lower;
  if (strata_constant_int(upper, &hi) && strata_constant_int(lower, &lo)) {
    if (lo == INT64_MIN || !strata_add_i64(hi, -lo, &v->lanes))
      return false; /* beyond any lane count */
  } else if (strata_constant_int(lower, &lo) && lo == 0 && mlirValueIsAOpResult(upper) &&
             strata_op_is(mlirOpResultGetOwner(upper), "arith.minsi")) {
    MlirOperation min = mlirOpResultGetOwner(upper);
    if (!strata_constant_int(mlirOperationGetOperand(min, 0), &hi) &&
        !strata_constant_int(mlirOperationGetOperand(min, 1), &hi))
      return false;
    v->lanes = hi;
    if (hi < MIN_LANES || hi > MAX_LANES)
      return false; /* before making a mask of `hi` lanes (2^62 from a huge extent) */
    MlirType mt = mlirVectorTypeGet(1, &v->lanes, mlirIntegerTypeGet(v->ctx, 1));
    v->mask = build(v, "vector.create_mask", 1, &upper, mt, 0, NULL);
  } else {
    return false;
  }
  return v->lanes >= MIN_LANES && v->lanes <= MAX_LANES;
}

bool strata_tir_vectorize_loop(MlirOperation loop) {
  vectorizer_t v = {.b = strata_builder_before(loop), .ctx = mlirOperationGetContext(loop)};
  MlirValue base;
  bool ok = loop_lanes(&v, loop, &base);
  if (ok) {
    lane_value_t *iv = record(&v, strata_tir_for_induction_var(loop), LANE_LINEAR);
    iv->scalar = base;
    iv->coef = 1;
    MlirBlock body = strata_tir_for_body(loop);
    for (MlirOperation op = mlirBlockGetFirstOperation(body); ok && !mlirOperationIsNull(op);
         op = mlirOperationGetNextInBlock(op))
      if (!strata_op_is(op, "gpu.yield"))
        ok = vectorize_op(&v, op);
  }
  if (ok) {
    mlirOperationDestroy(loop);
  } else {
    for (size_t i = v.num_built; i-- > 0;)
      mlirOperationDestroy(v.built[i]);
  }
  free(v.values);
  free(v.built);
  return ok;
}
