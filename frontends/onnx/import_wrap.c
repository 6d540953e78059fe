/* Pad mode 'wrap' (opset 19) for the ONNX importer (onnx_internal.h,
 * onnx_pad_wrap): the graph dialect's pad has constant, reflect and edge
 * modes only, so each padded axis is the input repeated (graph.concat of
 * copies) and sliced to the window [d*ceil(b/d) - b, ... + b + d + e),
 * which is padded[i] = x[(i - b) mod d], the numpy 'wrap' the ONNX
 * reference uses. */
#include "frontends/onnx/onnx_internal.h"

/* At most this many copies of an axis (x and its repeats on both sides). */
enum { WRAP_MAX_COPIES = 64 };

/* x sliced to [start, end) along axis (the other axes whole). */
static MlirValue slice_axis(onnx_node_t *n, MlirValue x, intptr_t rank, intptr_t axis,
                            int64_t start, int64_t end) {
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < rank; ++i)
    starts[i] = 0, ends[i] = INT64_MAX, steps[i] = 1;
  starts[axis] = start, ends[axis] = end;
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", rank, starts),
                             onnx_ints_attr(n, "ends", rank, ends),
                             onnx_ints_attr(n, "steps", rank, steps)};
  return onnx_build(n, "graph.slice", 1, &x, (MlirType){NULL}, 3, a);
}

MlirValue onnx_pad_wrap(onnx_node_t *n, MlirValue x, const int64_t *pads) {
  strata_graph_shape_t s;
  if (!onnx_shape(x, &s) || onnx_failed(n))
    return (MlirValue){NULL};
  MlirValue v = x;
  MlirNamedAttribute cat[1];
  for (intptr_t a = 0; a < s.rank && !mlirValueIsNull(v); ++a) {
    int64_t b = pads[a], e = pads[s.rank + a], d = s.dims[a];
    if (!b && !e)
      continue;
    if (d == STRATA_GRAPH_DYN || d < 1 || d > INT64_MAX / WRAP_MAX_COPIES) {
      onnx_error(n, "Pad mode 'wrap' on a dynamic, empty or huge dim (axis %lld) is not supported",
                 (long long)a);
      return (MlirValue){NULL};
    }
    /* b, e >= 0 (negative pads crop after); copies before and after x */
    int64_t before = b / d + (b % d != 0), after = e / d + (e % d != 0);
    if (before + after + 1 > WRAP_MAX_COPIES) {
      onnx_error(n, "Pad mode 'wrap' by %lld and %lld on axis %lld of size %lld needs more than "
                    "%d copies of it (not supported)",
                 (long long)b, (long long)e, (long long)a, (long long)d, WRAP_MAX_COPIES);
      return (MlirValue){NULL};
    }
    cat[0] = onnx_i64_attr(n, "axis", a);
    MlirValue tiled = v;
    for (int64_t k = 0; k < before + after; ++k) {
      MlirValue ops[2] = {tiled, v};
      tiled = onnx_build(n, "graph.concat", 2, ops, (MlirType){NULL}, 1, cat);
    }
    int64_t start = before * d - b;
    v = slice_axis(n, tiled, s.rank, a, start, start + b + d + e);
  }
  return v;
}
