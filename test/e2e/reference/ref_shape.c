/* strata-reference: data movement. reshape and flatten (row-major copies),
 * transpose (result dim i = input dim perm[i]), binary concat, slice
 * (starts/ends/steps, ends clamped), pad (ONNX pads order; modes constant,
 * reflect and edge as ONNX Pad defines them),
 * layout_transform between any layouts with the same primal axes (NCHW,
 * NHWC, NCHW8c, ...), by way of logical indices; gather (negative indices
 * wrap) and expand (numpy broadcast to the result shape). */
#include <string.h>

#include "test/e2e/reference/ref.h"

void ref_reshape(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int64_t n = strata_tensor_numel(y);
  if (n != strata_tensor_numel(x))
    ref_fail(r, "element counts differ");
  if (!strcmp(r->name, "graph.flatten")) {
    int64_t axis = ref_attr_int(r, "axis"), a = 1, b = 1;
    for (int d = 0; d < x->rank; ++d)
      *(d < axis ? &a : &b) *= x->shape[d];
    if (y->rank != 2 || y->shape[0] != a || y->shape[1] != b)
      ref_fail(r, "result is not [%lld, %lld]", (long long)a, (long long)b);
  }
  for (int64_t i = 0; i < n; ++i)
    ref_set(y, i, ref_get(x, i));
}

void ref_transpose(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int64_t perm[REF_MAX_LIST], oi[STRATA_MAX_RANK], ii[STRATA_MAX_RANK];
  if (ref_attr_ints(r, "perm", perm) != x->rank)
    ref_fail(r, "perm has the wrong length");
  for (int d = 0; d < y->rank; ++d)
    if (y->shape[d] != x->shape[perm[d]])
      ref_fail(r, "result dim %d is not input dim %lld", d, (long long)perm[d]);
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    for (int d = 0; d < y->rank; ++d)
      ii[perm[d]] = oi[d];
    ref_set(y, i, ref_get(x, ref_ravel(x->rank, x->shape, ii)));
  }
}

void ref_concat(const ref_op_t *r) {
  const strata_tensor_t *a = r->in[0], *b = r->in[1];
  strata_tensor_t *y = r->out;
  int64_t axis = ref_attr_int(r, "axis"), oi[STRATA_MAX_RANK];
  if (axis < 0 || axis >= y->rank || y->shape[axis] != a->shape[axis] + b->shape[axis])
    ref_fail(r, "bad axis or result extent");
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    const strata_tensor_t *src = a;
    if (oi[axis] >= a->shape[axis]) {
      oi[axis] -= a->shape[axis];
      src = b;
    }
    ref_set(y, i, ref_get(src, ref_ravel(src->rank, src->shape, oi)));
  }
}

void ref_slice(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int64_t starts[REF_MAX_LIST], ends[REF_MAX_LIST], steps[REF_MAX_LIST];
  int64_t oi[STRATA_MAX_RANK], ii[STRATA_MAX_RANK];
  if (ref_attr_ints(r, "starts", starts) != x->rank || ref_attr_ints(r, "ends", ends) != x->rank ||
      ref_attr_ints(r, "steps", steps) != x->rank)
    ref_fail(r, "starts/ends/steps need one value per dim");
  for (int d = 0; d < x->rank; ++d) {
    int64_t end = ends[d] < x->shape[d] ? ends[d] : x->shape[d];
    int64_t size = end > starts[d] ? (end - starts[d] + steps[d] - 1) / steps[d] : 0;
    if (y->shape[d] != size)
      ref_fail(r, "result dim %d is %lld, the slice gives %lld", d, (long long)y->shape[d],
               (long long)size);
  }
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    for (int d = 0; d < y->rank; ++d)
      ii[d] = starts[d] + oi[d] * steps[d];
    ref_set(y, i, ref_get(x, ref_ravel(x->rank, x->shape, ii)));
  }
}

void ref_pad(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int64_t pads[REF_MAX_LIST], oi[STRATA_MAX_RANK];
  if (ref_attr_ints(r, "pads", pads) != 2 * x->rank)
    ref_fail(r, "pads needs 2 * rank values");
  double value = ref_attr_number(r, "pad_value");
  char mode[16] = "constant";
  MlirAttribute m = mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString("mode"));
  if (!mlirAttributeIsNull(m)) /* optional: "constant" when absent */
    ref_attr_str(r, "mode", mode, sizeof mode);
  bool reflect = !strcmp(mode, "reflect"), edge = !strcmp(mode, "edge");
  if (!reflect && !edge && strcmp(mode, "constant"))
    ref_fail(r, "unknown pad mode '%s'", mode);
  for (int d = 0; d < x->rank; ++d)
    if (y->shape[d] != x->shape[d] + pads[d] + pads[x->rank + d])
      ref_fail(r, "result dim %d does not match the pads", d);
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    bool inside = true;
    for (int d = 0; d < y->rank; ++d) {
      int64_t len = x->shape[d], k = oi[d] - pads[d];
      if (reflect) {
        /* ONNX "reflect": mirror about the first/last element, which is not
         * repeated; bounce until inside (ONNX allows only pads < len). */
        if (len == 1)
          k = 0;
        while (len > 1 && (k < 0 || k >= len))
          k = k < 0 ? -k : 2 * (len - 1) - k;
      } else if (edge) {
        /* ONNX "edge": repeat the edge element. */
        k = k < 0 ? 0 : k >= len ? len - 1 : k;
      }
      oi[d] = k;
      inside = inside && k >= 0 && k < len;
    }
    ref_set(y, i, inside ? ref_get(x, ref_ravel(x->rank, x->shape, oi)) : value);
  }
}

void ref_layout_transform(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  char src_text[64], dst_text[64], axes[REF_MAX_LIST + 1];
  ref_attr_str(r, "src_layout", src_text, sizeof src_text);
  ref_attr_str(r, "dst_layout", dst_text, sizeof dst_text);
  ref_layout_t src, dst;
  ref_layout_parse(r, src_text, &src);
  ref_layout_parse(r, dst_text, &dst);
  if (src.rank != x->rank || dst.rank != y->rank)
    ref_fail(r, "layout ranks do not match the tensors");
  int na = 0;
  for (int d = 0; d < src.rank; ++d)
    if (!src.block[d])
      axes[na++] = src.axis[d];
  axes[na] = '\0';
  int64_t ls[REF_MAX_LIST], ld[REF_MAX_LIST], logical[REF_MAX_LIST];
  int64_t oi[REF_MAX_LIST], ii[REF_MAX_LIST];
  ref_layout_logical_shape(r, &src, x->shape, axes, ls);
  ref_layout_logical_shape(r, &dst, y->shape, axes, ld);
  for (int a = 0; a < na; ++a)
    if (ls[a] != ld[a])
      ref_fail(r, "logical extent of '%c' differs: %lld vs %lld", axes[a], (long long)ls[a],
               (long long)ld[a]);
  int64_t n = strata_tensor_numel(y);
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    ref_layout_to_logical(&dst, oi, axes, logical);
    ref_layout_from_logical(&src, axes, logical, ii);
    ref_set(y, i, ref_get(x, ref_ravel(x->rank, x->shape, ii)));
  }
}

/* gather(data, indices) along `axis`: out[a..., j..., b...] =
 * data[a..., k, b...] with k = indices[j...], k += dim when negative. */
void ref_gather(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0], *ind = r->in[1];
  strata_tensor_t *y = r->out;
  int64_t axis = ref_attr_int(r, "axis");
  if (axis < 0 || axis >= x->rank || y->rank != x->rank - 1 + ind->rank)
    ref_fail(r, "axis or result rank does not fit the operands");
  int64_t n = strata_tensor_numel(y), oi[STRATA_MAX_RANK], xi[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    int64_t k = (int64_t)ref_get(ind, ref_ravel(ind->rank, ind->shape, oi + axis));
    if (k < 0)
      k += x->shape[axis];
    if (k < 0 || k >= x->shape[axis])
      ref_fail(r, "index %lld is out of range for dimension %lld", (long long)k,
               (long long)x->shape[axis]);
    for (int d = 0; d < x->rank; ++d)
      xi[d] = d < axis ? oi[d] : d == axis ? k : oi[d - 1 + ind->rank];
    ref_set(y, i, ref_get(x, ref_ravel(x->rank, x->shape, xi)));
  }
}

/* expand: numpy broadcast of the input to the result shape. */
void ref_expand(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int off = y->rank - x->rank;
  if (off < 0)
    ref_fail(r, "result rank is below the input's");
  for (int d = 0; d < x->rank; ++d)
    if (x->shape[d] != 1 && x->shape[d] != y->shape[d + off])
      ref_fail(r, "input dim %d does not broadcast to the result", d);
  int64_t n = strata_tensor_numel(y), oi[STRATA_MAX_RANK], xi[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, y->rank, y->shape, oi);
    for (int d = 0; d < x->rank; ++d)
      xi[d] = x->shape[d] == 1 ? 0 : oi[d + off];
    ref_set(y, i, ref_get(x, ref_ravel(x->rank, x->shape, xi)));
  }
}
