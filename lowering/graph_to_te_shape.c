/* convert-graph-to-te, data-movement family: reshape and flatten
 * (linearize the output index, delinearize it over the input dims with
 * arith.divui/remui on index; a leading run of equal dims maps directly),
 * transpose (permuted indices), concat (arith.select between two reads whose
 * indices are clamped into range, since every te.read must be in bounds),
 * slice (start + i * step), pad (constant mode: arith.select between
 * pad_value and a clamped read; edge and reflect modes: every output index
 * maps to an input index, no select), layout_transform (output index -> logical index in
 * dst_layout -> physical index in src_layout) and shape (the input's dims as
 * i64 values). One te.compute each. A reshape's run-time target (its
 * `shape` operand) is read with tensor.extract before the compute. */
#include "lowering/graph_to_te.h"

#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "dialects/te/te_matmul.h"
#include "strata/diagnostics.h"

static const MlirAttribute no_attr = {NULL};

static MlirType result_type(g2t_t *g) {
  return mlirValueGetType(mlirOperationGetResult(g->op, 0));
}

/* `v` (a dim: constant or value built before the op) usable inside the
 * body at `b`: constants are rebuilt there, other values captured. */
static MlirValue local(strata_builder_t *b, MlirValue v) {
  int64_t k;
  return strata_constant_int(v, &k) ? strata_build_index(b, k) : v;
}

/* ---- reshape / flatten ------------------------------------------------------ */

static int64_t static_product(const strata_graph_shape_t *s, intptr_t from, intptr_t to) {
  int64_t p = 1;
  for (intptr_t i = from; i < to; ++i) {
    if (s->dims[i] == STRATA_GRAPH_DYN)
      return STRATA_GRAPH_DYN;
    p *= s->dims[i];
  }
  return p;
}

/* The result dims of a reshape to the run-time target `shape` (1-D i64,
 * ONNX Reshape's rule: 0 is the input's dim, -1 what the others leave of
 * numel); static result dims stay constants. */
static void runtime_target_dims(g2t_t *g, MlirValue shape, const strata_graph_shape_t *s,
                                const strata_graph_shape_t *rs, const MlirValue *in_dims,
                                MlirValue numel, MlirValue *dims) {
  strata_builder_t *b = &g->b;
  MlirType i64 = mlirIntegerTypeGet(mlirTypeGetContext(g->index), 64);
  MlirValue zero = strata_build_index(b, 0), minus1 = strata_build_index(b, -1);
  MlirValue known = strata_build_index(b, 1);
  for (intptr_t i = 0; i < rs->rank; ++i) {
    if (rs->dims[i] != STRATA_GRAPH_DYN) {
      dims[i] = strata_build_index(b, rs->dims[i]);
      known = g2t_imul(b, known, dims[i]);
      continue;
    }
    MlirValue ops[2] = {shape, strata_build_index(b, i)};
    MlirValue v = strata_build_value(b, "tensor.extract", 2, ops, i64, 0, NULL);
    dims[i] = g2t_cast(b, "arith.index_cast", v, g->index);
    if (i < s->rank) /* 0: the input's dim */
      dims[i] = g2t_select(b, g2t_cmpi(b, 0 /* eq */, dims[i], zero), in_dims[i], dims[i]);
    MlirValue is_rest = g2t_cmpi(b, 0 /* eq */, dims[i], minus1);
    known = g2t_imul(b, known, g2t_select(b, is_rest, strata_build_index(b, 1), dims[i]));
  }
  MlirValue rest = g2t_idiv(b, numel, known);
  for (intptr_t i = 0; i < rs->rank; ++i)
    if (rs->dims[i] == STRATA_GRAPH_DYN)
      dims[i] = g2t_select(b, g2t_cmpi(b, 0 /* eq */, dims[i], minus1), rest, dims[i]);
}

/* A reshape past `prefix` that only adds or drops dims of 1 ([1, M, K] ->
 * [M, K] and back): each other input dim is read at the index of the
 * output dim it matches, in order (same static size, or both the single
 * dynamic dim), dims of 1 at 0, with no linear index and its division
 * and remainder per element. False (idx untouched past the prefix) when
 * the dims do not pair up so. */
static bool unit_dims_only(const strata_graph_shape_t *s, const strata_graph_shape_t *rs,
                           intptr_t prefix, MlirValue *idx, const MlirValue *out_idx,
                           strata_builder_t *b) {
  intptr_t o = prefix, ndyn = 0;
  intptr_t match[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = prefix; i < s->rank; ++i) {
    if (s->dims[i] == 1)
      continue;
    while (o < rs->rank && rs->dims[o] == 1)
      ++o;
    if (o == rs->rank || s->dims[i] != rs->dims[o])
      return false;
    ndyn += s->dims[i] == STRATA_GRAPH_DYN;
    match[i] = o++;
  }
  while (o < rs->rank && rs->dims[o] == 1)
    ++o;
  if (o != rs->rank || ndyn > 1)
    return false;
  for (intptr_t i = prefix; i < s->rank; ++i)
    idx[i] = s->dims[i] == 1 ? strata_build_index(b, 0) : out_idx[match[i]];
  return true;
}

/* The group sizes of a reshape that only puts dims of 1 back around the
 * static dims of s (none of them 1): [M, N] -> [1, M, N] is groups {2, 1}
 * (unit dims join the group of the next dim, trailing ones the last
 * group). False for any other reshape. */
static bool unit_expansion(const strata_graph_shape_t *s, const strata_graph_shape_t *rs,
                           int64_t *sizes) {
  if (s->rank < 1 || rs->rank <= s->rank)
    return false;
  for (intptr_t i = 0; i < s->rank; ++i)
    if (s->dims[i] == 1 || s->dims[i] == STRATA_GRAPH_DYN)
      return false;
  intptr_t o = 0;
  for (intptr_t i = 0; i < s->rank; ++i) {
    sizes[i] = 1;
    while (o < rs->rank && rs->dims[o] == 1)
      ++o, ++sizes[i];
    if (o == rs->rank || rs->dims[o] != s->dims[i])
      return false;
    ++o;
  }
  for (; o < rs->rank; ++o, ++sizes[s->rank - 1])
    if (rs->dims[o] != 1)
      return false;
  return true;
}

/* Whether v is the result of a matrix product (te_matmul.h). */
static bool is_product(MlirValue v) {
  if (!mlirValueIsAOpResult(v))
    return false;
  MlirOperation def = mlirOpResultGetOwner(v);
  strata_te_matmul_t m;
  return strata_op_is(def, "te.compute") && strata_te_match_matmul(def, &m);
}

MlirLogicalResult g2t_lower_reshape(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  strata_graph_shape_t s = g2t_shape(x), rs;
  strata_graph_shape_from_type(rtype, &rs);
  bool flatten = !strcmp(g->op_name, "flatten");

  /* A product's rows with their unit dims put back (a transformer's
   * projection [S, N] -> [1, S, N]): a view, so that te-epilogue-view puts
   * the epilogue that reads it (bias, residual add) on the product's own
   * indices and tir-fuse-epilogue runs it on the product's tiles. */
  int64_t sizes[STRATA_GRAPH_MAX_RANK];
  if (!flatten && mlirOperationGetNumOperands(g->op) == 1 && is_product(x) &&
      unit_expansion(&s, &rs, sizes)) {
    *out = g2t_expand(g, x, rtype, s.rank, sizes);
    return mlirLogicalResultSuccess();
  }

  bool runtime = !flatten && mlirOperationGetNumOperands(g->op) > 1;
  intptr_t ndyn = 0;
  for (intptr_t i = 0; i < rs.rank; ++i)
    ndyn += rs.dims[i] == STRATA_GRAPH_DYN;
  if (!flatten && !runtime && ndyn > 1)
    return strata_emit_error(g->op, "a reshape to %td dynamic dims is not supported by "
                                    "convert-graph-to-te (at most one)",
                             ndyn);

  /* input dims (outside) and result dims */
  MlirValue in_dims[STRATA_GRAPH_MAX_RANK], dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, x, in_dims);
  if (flatten) {
    intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
    MlirValue p0 = strata_build_index(&g->b, 1), p1 = strata_build_index(&g->b, 1);
    for (intptr_t i = 0; i < s.rank; ++i) {
      if (i < axis)
        p0 = g2t_imul(&g->b, p0, in_dims[i]);
      else
        p1 = g2t_imul(&g->b, p1, in_dims[i]);
    }
    dims[0] = p0;
    dims[1] = p1;
  } else {
    MlirValue numel = strata_build_index(&g->b, 1);
    for (intptr_t i = 0; i < s.rank; ++i)
      numel = g2t_imul(&g->b, numel, in_dims[i]);
    if (runtime)
      runtime_target_dims(g, mlirOperationGetOperand(g->op, 1), &s, &rs, in_dims, numel, dims);
    int64_t known = 1;
    for (intptr_t i = 0; i < rs.rank; ++i)
      if (rs.dims[i] != STRATA_GRAPH_DYN)
        known *= rs.dims[i];
    for (intptr_t i = 0; i < rs.rank && !runtime; ++i)
      dims[i] = rs.dims[i] == STRATA_GRAPH_DYN
                    ? g2t_idiv(&g->b, numel, strata_build_index(&g->b, known))
                    : strata_build_index(&g->b, rs.dims[i]);
  }

  /* a leading run of identical dims maps index to index */
  intptr_t prefix = 0;
  while (prefix < s.rank && prefix < rs.rank) {
    int64_t a = s.dims[prefix], r = rs.dims[prefix];
    if (a != STRATA_GRAPH_DYN && a == r) {
      ++prefix;
      continue;
    }
    int64_t ra = static_product(&s, prefix + 1, s.rank), rr = static_product(&rs, prefix + 1, rs.rank);
    if (a == STRATA_GRAPH_DYN && r == STRATA_GRAPH_DYN && ra != STRATA_GRAPH_DYN && ra == rr) {
      ++prefix;
      continue;
    }
    break;
  }

  for (intptr_t i = 0; i < prefix; ++i) /* a matched dynamic dim is the input's */
    if (rs.dims[i] == STRATA_GRAPH_DYN)
      dims[i] = in_dims[i];

  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, dims, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < prefix; ++i)
    idx[i] = c.idx[i];
  if (unit_dims_only(&s, &rs, prefix, idx, c.idx, b)) {
    *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
    return mlirLogicalResultSuccess();
  }
  /* linear index of the rest of the output */
  MlirValue lin = strata_build_index(b, 0);
  for (intptr_t i = prefix; i < rs.rank; ++i) {
    if (rs.dims[i] == 1)
      continue;
    lin = g2t_iadd(b, g2t_imul(b, lin, local(b, dims[i])), c.idx[i]);
  }
  /* delinearized over the rest of the input, innermost first; dims of 1
   * read 0 and the outermost other dim takes what is left */
  intptr_t outer = -1;
  for (intptr_t i = prefix; i < s.rank && outer < 0; ++i)
    if (s.dims[i] != 1)
      outer = i;
  for (intptr_t i = s.rank - 1; i >= prefix; --i) {
    if (s.dims[i] == 1) {
      idx[i] = strata_build_index(b, 0);
    } else if (i == outer) {
      idx[i] = lin;
    } else {
      MlirValue d = local(b, in_dims[i]);
      idx[i] = g2t_irem(b, lin, d);
      lin = g2t_idiv(b, lin, d);
    }
  }
  *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
  return mlirLogicalResultSuccess();
}

/* ---- shape ------------------------------------------------------------------ */

/* The input's dims as i64 values: element i is dim i (a select chain over
 * the dims, captured from outside the compute). */
MlirLogicalResult g2t_lower_shape(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g), i64 = mlirShapedTypeGetElementType(rtype);
  strata_graph_shape_t s = g2t_shape(x);
  MlirValue in_dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, x, in_dims);
  MlirValue len = strata_build_index(&g->b, s.rank);
  g2t_compute_t c = g2t_compute_begin(g, g->op_name, rtype, &len, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue v = g2t_scalar(b, i64, 0);
  for (intptr_t i = s.rank - 1; i >= 0; --i) {
    MlirValue d = g2t_cast(b, "arith.index_cast", local(b, in_dims[i]), i64);
    v = i == s.rank - 1 ? d
                        : g2t_select(b, g2t_cmpi(b, 0 /* eq */, c.idx[0], strata_build_index(b, i)),
                                     d, v);
  }
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}

/* ---- transpose ---------------------------------------------------------- */

MlirLogicalResult g2t_lower_transpose(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  int64_t perm[STRATA_GRAPH_MAX_RANK];
  intptr_t n = g2t_attr_i64s(g->op, "perm", perm, STRATA_GRAPH_MAX_RANK);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    dims[i] = mlirShapedTypeIsDynamicDim(rtype, i) ? g2t_dim(g, x, perm[i]) : (MlirValue){NULL};
  g2t_compute_t c = g2t_compute_begin(g, "transpose", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    idx[perm[i]] = c.idx[i];
  *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
  return mlirLogicalResultSuccess();
}

/* ---- concat ---------------------------------------------------------------- */

MlirLogicalResult g2t_lower_concat(g2t_t *g, MlirValue *out) {
  MlirValue a = mlirOperationGetOperand(g->op, 0), bv = mlirOperationGetOperand(g->op, 1);
  MlirType rtype = result_type(g);
  intptr_t axis = (intptr_t)g2t_attr_int(g->op, "axis");
  strata_graph_shape_t sa = g2t_shape(a), sb = g2t_shape(bv);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  MlirValue la = g2t_dim(g, a, axis);
  for (intptr_t i = 0; i < sa.rank; ++i) {
    dims[i] = (MlirValue){NULL};
    if (!mlirShapedTypeIsDynamicDim(rtype, i))
      continue;
    if (i == axis)
      dims[i] = g2t_iadd(&g->b, la, g2t_dim(g, bv, axis));
    else
      dims[i] = g2t_dim(g, sa.dims[i] == STRATA_GRAPH_DYN && sb.dims[i] != STRATA_GRAPH_DYN ? bv : a, i);
  }
  g2t_compute_t c = g2t_compute_begin(g, "concat", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue i = c.idx[axis], n = local(b, la), zero = strata_build_index(b, 0);
  MlirValue in_a = g2t_cmpi(b, G2T_CMPI_ULT, i, n);
  MlirValue ia[STRATA_GRAPH_MAX_RANK], ib[STRATA_GRAPH_MAX_RANK];
  for (intptr_t k = 0; k < sa.rank; ++k)
    ia[k] = ib[k] = c.idx[k];
  /* both reads stay in bounds: the one not selected reads index 0 */
  ia[axis] = g2t_select(b, in_a, i, zero);
  ib[axis] = g2t_select(b, in_a, zero, g2t_isub(b, i, n));
  MlirValue va = g2t_read(&c, a, ia), vb = g2t_read(&c, bv, ib);
  *out = g2t_compute_end(&c, g2t_select(b, in_a, va, vb));
  return mlirLogicalResultSuccess();
}

/* ---- slice ------------------------------------------------------------------- */

MlirLogicalResult g2t_lower_slice(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  intptr_t n = g2t_attr_i64s(g->op, "starts", starts, STRATA_GRAPH_MAX_RANK);
  g2t_attr_i64s(g->op, "ends", ends, STRATA_GRAPH_MAX_RANK);
  g2t_attr_i64s(g->op, "steps", steps, STRATA_GRAPH_MAX_RANK);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i) {
    dims[i] = (MlirValue){NULL};
    if (!mlirShapedTypeIsDynamicDim(rtype, i))
      continue;
    /* ceil((min(end, dim) - start) / step) */
    strata_builder_t *b = &g->b;
    MlirValue e = g2t_imin(b, strata_build_index(b, ends[i]), g2t_dim(g, x, i));
    MlirValue len = g2t_iaddc(b, g2t_isub(b, e, strata_build_index(b, starts[i])), steps[i] - 1);
    dims[i] = g2t_idiv(b, len, strata_build_index(b, steps[i]));
  }
  g2t_compute_t c = g2t_compute_begin(g, "slice", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  MlirValue idx[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < n; ++i)
    idx[i] = g2t_iaddc(&c.in, g2t_imulc(&c.in, c.idx[i], steps[i]), starts[i]);
  *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
  return mlirLogicalResultSuccess();
}

/* ---- pad ------------------------------------------------------------------------ */

MlirLogicalResult g2t_lower_pad(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  strata_graph_shape_t s = g2t_shape(x);
  int64_t pads[2 * STRATA_GRAPH_MAX_RANK];
  g2t_attr_i64s(g->op, "pads", pads, 2 * STRATA_GRAPH_MAX_RANK);
  MlirValue in_dims[STRATA_GRAPH_MAX_RANK], dims[STRATA_GRAPH_MAX_RANK];
  g2t_dims(g, x, in_dims);
  for (intptr_t i = 0; i < s.rank; ++i)
    dims[i] = mlirShapedTypeIsDynamicDim(rtype, i)
                  ? g2t_iaddc(&g->b, in_dims[i], pads[i] + pads[s.rank + i])
                  : (MlirValue){NULL};
  /* Optional `mode` (absent: "constant"; the verifier checked the value). */
  enum { PAD_CONSTANT, PAD_REFLECT, PAD_EDGE } mode = PAD_CONSTANT;
  MlirAttribute m = g2t_attr(g->op, "mode");
  if (!mlirAttributeIsNull(m)) {
    MlirStringRef v =
        mlirAttributeIsAString(m) ? mlirStringAttrGetValue(m) : mlirStringRefCreate("?", 1);
    if (mlirStringRefEqual(v, mlirStringRefCreateFromCString("reflect")))
      mode = PAD_REFLECT;
    else if (mlirStringRefEqual(v, mlirStringRefCreateFromCString("edge")))
      mode = PAD_EDGE;
    else if (!mlirStringRefEqual(v, mlirStringRefCreateFromCString("constant")))
      return strata_emit_error(g->op, "unsupported pad mode \"%.*s\"", (int)v.length, v.data);
  }
  if (mode != PAD_CONSTANT) {
    /* Upper bound of the mirrored/clamped index, built before the op:
     * edge n - 1 (clamp to [0, n-1]); reflect 2(n-1) (i' > n-1 maps to
     * 2(n-1) - i', i.e. min(i', 2(n-1) - i'); i' < 0 maps to -i', i.e.
     * max(i', -i')). The verifier keeps pads < n for reflect. */
    MlirValue bound[STRATA_GRAPH_MAX_RANK];
    for (intptr_t i = 0; i < s.rank; ++i)
      bound[i] = pads[s.rank + i] == 0 ? (MlirValue){NULL}
                 : mode == PAD_EDGE    ? g2t_iaddc(&g->b, in_dims[i], -1)
                                       : g2t_iaddc(&g->b, g2t_imulc(&g->b, in_dims[i], 2), -2);
    g2t_compute_t c = g2t_compute_begin(g, "pad", rtype, dims, 0, NULL, NULL, NULL, no_attr);
    strata_builder_t *b = &c.in;
    MlirValue idx[STRATA_GRAPH_MAX_RANK];
    for (intptr_t i = 0; i < s.rank; ++i) {
      int64_t lo = pads[i], hi = pads[s.rank + i];
      MlirValue j = g2t_iaddc(b, c.idx[i], -lo);
      if (lo > 0) /* edge: max(j, 0); reflect: |j| */
        j = g2t_imax(b, j, mode == PAD_EDGE ? strata_build_index(b, 0)
                                             : g2t_isub(b, strata_build_index(b, 0), j));
      if (hi > 0) { /* edge: min(j, n-1); reflect: min(j, 2(n-1) - j) */
        MlirValue ub = local(b, bound[i]);
        j = g2t_imin(b, j, mode == PAD_EDGE ? ub : g2t_isub(b, ub, j));
      }
      idx[i] = j;
    }
    *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
    return mlirLogicalResultSuccess();
  }
  g2t_compute_t c = g2t_compute_begin(g, "pad", rtype, dims, 0, NULL, NULL, NULL, no_attr);
  strata_builder_t *b = &c.in;
  MlirValue idx[STRATA_GRAPH_MAX_RANK], valid = {NULL};
  for (intptr_t i = 0; i < s.rank; ++i) {
    int64_t lo = pads[i], hi = pads[s.rank + i];
    idx[i] = g2t_iaddc(b, c.idx[i], -lo);
    MlirValue conds[2];
    int nc = 0;
    if (lo > 0)
      conds[nc++] = g2t_cmpi(b, G2T_CMPI_SGE, idx[i], strata_build_index(b, 0));
    if (hi > 0)
      conds[nc++] = g2t_cmpi(b, G2T_CMPI_SLT, idx[i], local(b, in_dims[i]));
    for (int k = 0; k < nc; ++k)
      valid = mlirValueIsNull(valid) ? conds[k] : g2t_bin(b, "arith.andi", valid, conds[k]);
  }
  MlirValue v;
  if (mlirValueIsNull(valid)) {
    v = g2t_read(&c, x, idx);
  } else {
    MlirValue zero = strata_build_index(b, 0);
    for (intptr_t i = 0; i < s.rank; ++i)
      if (pads[i] > 0 || pads[s.rank + i] > 0)
        idx[i] = g2t_select(b, valid, idx[i], zero);
    v = g2t_select(b, valid, g2t_read(&c, x, idx), g2t_const_attr(b, g2t_attr(g->op, "pad_value")));
  }
  *out = g2t_compute_end(&c, v);
  return mlirLogicalResultSuccess();
}

/* ---- layout_transform ------------------------------------------------------- */

MlirLogicalResult g2t_lower_layout_transform(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = result_type(g);
  strata_graph_layout_t src, dst;
  if (!g2t_attr_layout(g->op, "src_layout", &src) || !g2t_attr_layout(g->op, "dst_layout", &dst))
    return strata_emit_error(g->op, "unsupported layout");
  strata_graph_shape_t inferred;
  MlirType elem;
  strata_graph_infer_result(g->op, &inferred, &elem);
  MlirValue dims[STRATA_GRAPH_MAX_RANK];
  for (int p = 0; p < dst.rank; ++p) {
    dims[p] = (MlirValue){NULL};
    if (!mlirShapedTypeIsDynamicDim(rtype, p))
      continue;
    char a = dst.axes[p];
    if (inferred.dims[p] != STRATA_GRAPH_DYN || a < 'A' || a > 'Z') {
      dims[p] = strata_build_index(&g->b, inferred.dims[p]);
      continue;
    }
    /* logical size from the input, then divided by dst's block */
    MlirValue d = g2t_imulc(&g->b, g2t_dim(g, x, strata_graph_layout_index(&src, a)),
                            strata_graph_layout_block(&src, a));
    dims[p] = g2t_idiv(&g->b, d, strata_build_index(&g->b, strata_graph_layout_block(&dst, a)));
  }
  g2t_compute_t c = g2t_compute_begin(g, "layout_transform", rtype, dims, 0, NULL, NULL, NULL,
                                      no_attr);
  MlirValue logical[26], idx[STRATA_GRAPH_MAX_RANK];
  g2t_layout_to_logical(&c.in, &dst, c.idx, logical);
  g2t_layout_to_physical(&c.in, &src, logical, idx);
  *out = g2t_compute_end(&c, g2t_read(&c, x, idx));
  return mlirLogicalResultSuccess();
}
