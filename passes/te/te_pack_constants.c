/* te-pack-constants: packs constant operands at compile time where a
 * compute's schedule would pack them on every call.
 *
 * A `cache_read` step with scope "packed" (tir_cache_read.c) copies an
 * input B [R, C] (or, with transpose, [C, R]) before the nest into panels
 * Bp[p, r, q] = B[r, p*w + q] of `width` w columns, zero past C, and the
 * nest reads Bp[j div w, r, j mod w]. When B is an arith.constant (model
 * weights: dense / Gemm with transB=1, matmul with a constant right
 * operand), that copy gives the same panels on every call. This pass does
 * it once: it builds the packed constant, rewrites the compute's te.read
 * ops of B to read it (the same div/rem indices tir-cache-read would
 * write, which tensorize sees through) and removes the step from the
 * trace. A JIT-compiled model then holds the packed constant, and an AOT
 * library stores it packed.
 *
 * When one panel holds all the columns (w >= C) and the trace does not
 * tensorize (the skinny trace of te_skinny.c, whose cache_read of a
 * transposed B is a transposition), the constant is B laid out as [R, C]
 * and read B'[r, j]: no padding, no index arithmetic.
 *
 * Only fp32 rank-2 constants (dense or dense_resource) read with two
 * indices are packed, and only steps that are decided: no `axis`, not a
 * knob, `enabled` absent or true (te-apply-tuned resolves knobs first).
 * Other steps stay and run per call. The original constant is erased when
 * nothing else reads it. Run after te-default-schedule (and
 * te-apply-tuned), before convert-te-to-tir. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/builder.h"
#include "core/checked_math.h"
#include "core/f32_constant.h"
#include "core/op_list.h"
#include "dialects/op_checks.h"
#include "dialects/te/te.h"
#include "passes/te/te_passes.h"
#include "strata/pass.h"

/* Tensors a compute reads, at most (more are not considered for packing). */
enum { MAX_INPUTS = 16 };

static MlirAttribute field(MlirAttribute dict, const char *name) {
  return mlirDictionaryAttrGetElementByName(dict, mlirStringRefCreateFromCString(name));
}

static bool field_is(MlirAttribute dict, const char *name, const char *value) {
  MlirAttribute a = field(dict, name);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsAString(a))
    return false;
  MlirStringRef s = mlirStringAttrGetValue(a);
  return s.length == strlen(value) && memcmp(s.data, value, s.length) == 0;
}

/* A decided packing step: cache_read, scope packed, no axis, integer width,
 * bool transpose (or none), enabled absent or true. */
static bool decided_pack(MlirAttribute s, int64_t *input, int64_t *width, bool *transpose) {
  if (!mlirAttributeIsADictionary(s) || !field_is(s, "prim", "cache_read") ||
      !field_is(s, "scope", "packed") || !mlirAttributeIsNull(field(s, "axis")))
    return false;
  MlirAttribute in = field(s, "input"), w = field(s, "width"), t = field(s, "transpose"),
                en = field(s, "enabled");
  if (mlirAttributeIsNull(in) || !mlirAttributeIsAInteger(in) || mlirAttributeIsNull(w) ||
      !mlirAttributeIsAInteger(w))
    return false;
  if (!mlirAttributeIsNull(t) && !mlirAttributeIsABool(t))
    return false;
  if (!mlirAttributeIsNull(en) && !(mlirAttributeIsABool(en) && mlirBoolAttrGetValue(en)))
    return false;
  *input = mlirIntegerAttrGetValueInt(in);
  *width = mlirIntegerAttrGetValueInt(w);
  *transpose = !mlirAttributeIsNull(t) && mlirBoolAttrGetValue(t);
  return *width > 0;
}

/* The te.read ops of the compute body, and the distinct tensors they read
 * in order of first read (the numbering of cache_read's `input`). */
typedef struct {
  strata_op_list_t reads;
  MlirValue tensors[MAX_INPUTS];
  int count;
} body_reads_t;

static void collect_reads(MlirOperation compute, body_reads_t *r) {
  MlirBlock body = strata_te_compute_body(compute);
  for (MlirOperation o = mlirBlockGetFirstOperation(body); !mlirOperationIsNull(o);
       o = mlirOperationGetNextInBlock(o)) {
    if (!strata_op_is(o, "te.read"))
      continue;
    strata_op_list_push(&r->reads, o);
    MlirValue t = strata_te_read_tensor(o);
    bool seen = false;
    for (int i = 0; i < r->count; ++i)
      seen |= mlirValueEqual(r->tensors[i], t);
    if (!seen && r->count < MAX_INPUTS)
      r->tensors[r->count++] = t;
  }
}

/* The elements of an f32 rank-2 static arith.constant, or NULL. */
static float *read_constant(MlirValue v, int64_t *rows, int64_t *cols) {
  if (!mlirValueIsAOpResult(v) || !strata_op_is(mlirOpResultGetOwner(v), "arith.constant"))
    return NULL;
  MlirType t = mlirValueGetType(v);
  if (!mlirTypeIsARankedTensor(t) || mlirShapedTypeGetRank(t) != 2 ||
      !mlirShapedTypeHasStaticShape(t) || !mlirTypeIsAF32(mlirShapedTypeGetElementType(t)))
    return NULL;
  MlirAttribute a = mlirOperationGetAttributeByName(mlirOpResultGetOwner(v),
                                                    mlirStringRefCreateFromCString("value"));
  *rows = mlirShapedTypeGetDimSize(t, 0);
  *cols = mlirShapedTypeGetDimSize(t, 1);
  int64_t n;
  if (!strata_mul_i64(*rows, *cols, &n) || n <= 0)
    return NULL;
  return strata_f32_attr_read(a, n);
}

/* A new arith.constant of `shape` holding `values` (taken), before `at`. */
static MlirValue new_constant(MlirOperation at, intptr_t rank, const int64_t *shape,
                              float *values) {
  MlirContext ctx = mlirOperationGetContext(at);
  MlirType type = mlirRankedTensorTypeGet(rank, shape, mlirF32TypeGet(ctx), mlirAttributeGetNull());
  int64_t n = 1;
  for (intptr_t d = 0; d < rank; ++d)
    n *= shape[d];
  MlirAttribute value = strata_f32_attr_build(type, n, values, "packed_weights");
  strata_builder_t b = strata_builder_before(at);
  MlirNamedAttribute attr = strata_named(ctx, "value", value);
  return strata_build_value(&b, "arith.constant", 0, NULL, type, 1, &attr);
}

/* The layout of one packing: source rows R and columns C (the panel dim),
 * panel width w, panel count P; `plain` for the one-panel [R, C] form. */
typedef struct {
  int64_t rows, cols, width, panels;
  bool transpose, plain;
} layout_t;

/* Packs `src` (as stored: [R, C], or [C, R] when transposed) into the
 * layout; NULL when out of memory. */
static float *pack(const float *src, const layout_t *l) {
  int64_t w = l->plain ? l->cols : l->width, n = l->panels * l->rows * w;
  float *out = calloc((size_t)n, sizeof(float));
  if (!out)
    return NULL;
  for (int64_t p = 0; p < l->panels; ++p)
    for (int64_t r = 0; r < l->rows; ++r)
      for (int64_t q = 0; q < w && p * w + q < l->cols; ++q) {
        int64_t c = p * w + q;
        out[(p * l->rows + r) * w + q] = l->transpose ? src[c * l->rows + r] : src[r * l->cols + c];
      }
  return out;
}

/* Each te.read of `old` in the body reads `packed` instead: [r, c] for the
 * plain layout, else [c div w, r, c rem w]. */
static void rewrite_reads(const body_reads_t *r, MlirValue old, MlirValue packed,
                          const layout_t *l) {
  for (size_t i = 0; i < r->reads.count; ++i) {
    MlirOperation read = r->reads.ops[i];
    if (!mlirValueEqual(strata_te_read_tensor(read), old))
      continue;
    MlirValue i0 = strata_te_read_index(read, 0), i1 = strata_te_read_index(read, 1);
    MlirValue row = l->transpose ? i1 : i0, col = l->transpose ? i0 : i1;
    strata_builder_t b = strata_builder_before(read);
    MlirValue ops[4] = {packed, row, col};
    intptr_t nops = 3;
    if (!l->plain) {
      MlirValue w = strata_build_index(&b, l->width), dw[2] = {col, w};
      MlirType index = mlirIndexTypeGet(mlirOperationGetContext(read));
      ops[1] = strata_build_value(&b, "arith.divui", 2, dw, index, 0, NULL);
      ops[2] = row;
      ops[3] = strata_build_value(&b, "arith.remui", 2, dw, index, 0, NULL);
      nops = 4;
    }
    MlirValue nv = strata_build_value(&b, "te.read", nops, ops,
                                      mlirValueGetType(mlirOperationGetResult(read, 0)), 0, NULL);
    mlirValueReplaceAllUsesOfWith(mlirOperationGetResult(read, 0), nv);
    mlirOperationDestroy(read);
  }
}

static bool has_tensorize(MlirAttribute trace) {
  for (intptr_t s = 0; s < mlirArrayAttrGetNumElements(trace); ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(trace, s);
    if (mlirAttributeIsADictionary(st) && field_is(st, "prim", "tensorize"))
      return true;
  }
  return false;
}

/* Packs input `input` of `compute` per the step; false if it does not
 * qualify (the step then stays). */
static bool pack_input(MlirOperation compute, int64_t input, int64_t width, bool transpose,
                       bool tensorized) {
  body_reads_t r = {0};
  collect_reads(compute, &r);
  bool done = false;
  if (input < 0 || input >= r.count)
    goto out;
  MlirValue old = r.tensors[input];
  for (size_t i = 0; i < r.reads.count; ++i)
    if (mlirValueEqual(strata_te_read_tensor(r.reads.ops[i]), old) &&
        strata_te_read_num_indices(r.reads.ops[i]) != 2)
      goto out;
  int64_t d0, d1;
  float *src = read_constant(old, &d0, &d1);
  if (!src)
    goto out;
  layout_t l = {.rows = transpose ? d1 : d0, .cols = transpose ? d0 : d1, .width = width,
                .transpose = transpose};
  l.panels = (l.cols + width - 1) / width;
  l.plain = l.panels == 1 && !tensorized;
  float *packed = pack(src, &l);
  free(src);
  if (!packed)
    goto out;
  int64_t shape[3] = {l.panels, l.rows, width};
  MlirValue nv = l.plain ? new_constant(compute, 2, (int64_t[]){l.rows, l.cols}, packed)
                         : new_constant(compute, 3, shape, packed);
  rewrite_reads(&r, old, nv, &l);
  /* The unpacked constant goes when nothing else reads it. */
  if (mlirOpOperandIsNull(mlirValueGetFirstUse(old)))
    mlirOperationDestroy(mlirOpResultGetOwner(old));
  done = true;
out:
  strata_op_list_free(&r.reads);
  return done;
}

static MlirWalkResult pack_compute(MlirOperation op, void *user) {
  (void)user;
  if (!strata_op_is(op, "te.compute"))
    return MlirWalkResultAdvance;
  MlirAttribute trace = strata_te_compute_schedule(op);
  if (mlirAttributeIsNull(trace) || !mlirAttributeIsAArray(trace))
    return MlirWalkResultAdvance;
  intptr_t n = mlirArrayAttrGetNumElements(trace);
  MlirAttribute *kept = malloc(sizeof(MlirAttribute) * (size_t)(n > 0 ? n : 1));
  if (!kept)
    return MlirWalkResultAdvance;
  intptr_t nk = 0;
  bool tensorized = has_tensorize(trace);
  for (intptr_t s = 0; s < n; ++s) {
    MlirAttribute st = mlirArrayAttrGetElement(trace, s);
    int64_t input, width;
    bool transpose;
    if (!decided_pack(st, &input, &width, &transpose) ||
        !pack_input(op, input, width, transpose, tensorized))
      kept[nk++] = st;
  }
  if (nk != n)
    mlirOperationSetAttributeByName(op, mlirStringRefCreateFromCString("schedule"),
                                    mlirArrayAttrGet(mlirOperationGetContext(op), nk, kept));
  free(kept);
  return MlirWalkResultAdvance;
}

/* The pass; its record (argument, summary, options): passes/te/te_passes.def. */
MlirLogicalResult te_pack_constants_run(MlirOperation module, const strata_pass_options_t *opts) {
  (void)opts;
  mlirOperationWalk(module, pack_compute, NULL, MlirWalkPreOrder);
  return mlirLogicalResultSuccess();
}
