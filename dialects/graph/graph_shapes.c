/* Shape arithmetic of the graph dialect (see graph.h): tensor shapes,
 * numpy broadcasting, sliding-window output sizes and TVM-style data
 * layouts. Pure functions over small fixed-size structs; the verifier in
 * graph.c and the lowerings share them so the rules exist once. */
#include "dialects/graph/graph.h"

#include "core/checked_math.h"

#include <mlir-c/BuiltinTypes.h>
#include <stdio.h>
#include <string.h>

bool strata_graph_shape_from_type(MlirType type, strata_graph_shape_t *out) {
  if (!mlirTypeIsAShaped(type) || !mlirShapedTypeHasRank(type))
    return false;
  int64_t rank = mlirShapedTypeGetRank(type);
  if (rank > STRATA_GRAPH_MAX_RANK)
    return false;
  out->rank = (intptr_t)rank;
  for (intptr_t i = 0; i < out->rank; ++i)
    out->dims[i] = mlirShapedTypeIsDynamicDim(type, i) ? STRATA_GRAPH_DYN
                                                       : mlirShapedTypeGetDimSize(type, i);
  return true;
}

MlirType strata_graph_shape_to_type(const strata_graph_shape_t *shape, MlirType elem) {
  if (mlirTypeIsNull(elem))
    return elem;
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < shape->rank; ++i)
    dims[i] = shape->dims[i] == STRATA_GRAPH_DYN ? mlirShapedTypeGetDynamicSize()
                                                 : shape->dims[i];
  return mlirRankedTensorTypeGet(shape->rank, dims, elem, (MlirAttribute){NULL});
}

bool strata_graph_shapes_compatible(const strata_graph_shape_t *a,
                                    const strata_graph_shape_t *b) {
  if (a->rank != b->rank)
    return false;
  for (intptr_t i = 0; i < a->rank; ++i)
    if (a->dims[i] != b->dims[i] && a->dims[i] != STRATA_GRAPH_DYN &&
        b->dims[i] != STRATA_GRAPH_DYN)
      return false;
  return true;
}

int64_t strata_graph_num_elements(const strata_graph_shape_t *shape) {
  int64_t n;
  return strata_dims_product(shape->dims, (size_t)shape->rank, &n) ? n : STRATA_GRAPH_DYN;
}

bool strata_graph_static_product(const strata_graph_shape_t *shape, int64_t *out) {
  int64_t n = 1;
  for (intptr_t i = 0; i < shape->rank; ++i)
    if (shape->dims[i] != STRATA_GRAPH_DYN && !strata_mul_i64(n, shape->dims[i], &n))
      return false;
  *out = n;
  return true;
}

void strata_graph_axis_split(const strata_graph_shape_t *shape, intptr_t axis, int64_t *outer,
                             int64_t *len, int64_t *inner) {
  *len = shape->dims[axis];
  if (!strata_dims_product(shape->dims, (size_t)axis, outer))
    *outer = INT64_MAX; /* only for shapes whose element count overflows */
  if (!strata_dims_product(shape->dims + axis + 1, (size_t)(shape->rank - axis - 1), inner))
    *inner = INT64_MAX;
}

char *strata_graph_shape_str(const strata_graph_shape_t *shape, char *buf, size_t size) {
  if (size == 0)
    return buf;
  size_t used = 0;
  buf[0] = '\0';
  for (intptr_t i = 0; i <= shape->rank && used < size; ++i) {
    const char *sep = i == 0 ? "[" : ", ";
    int n;
    if (i == shape->rank)
      n = snprintf(buf + used, size - used, "%s]", i == 0 ? "[" : "");
    else if (shape->dims[i] == STRATA_GRAPH_DYN)
      n = snprintf(buf + used, size - used, "%s?", sep);
    else
      n = snprintf(buf + used, size - used, "%s%lld", sep, (long long)shape->dims[i]);
    if (n < 0)
      break;
    used += (size_t)n;
  }
  return buf;
}

bool strata_graph_broadcast_shape(const strata_graph_shape_t *a,
                                  const strata_graph_shape_t *b,
                                  strata_graph_shape_t *out) {
  intptr_t rank = a->rank > b->rank ? a->rank : b->rank;
  strata_graph_shape_t r = {.rank = rank};
  for (intptr_t i = 0; i < rank; ++i) {
    /* Dims aligned from the right; a missing leading dim acts as 1. */
    intptr_t ia = i - (rank - a->rank), ib = i - (rank - b->rank);
    int64_t da = ia >= 0 ? a->dims[ia] : 1, db = ib >= 0 ? b->dims[ib] : 1;
    if (da == 1)
      r.dims[i] = db;
    else if (db == 1)
      r.dims[i] = da;
    else if (da == STRATA_GRAPH_DYN)
      r.dims[i] = db;
    else if (db == STRATA_GRAPH_DYN || da == db)
      r.dims[i] = da;
    else
      return false;
  }
  *out = r;
  return true;
}

int64_t strata_graph_window_out_size(int64_t in, int64_t kernel, int64_t stride,
                                     int64_t pad_begin, int64_t pad_end,
                                     int64_t dilation, bool ceil_mode) {
  if (in == STRATA_GRAPH_DYN || kernel == STRATA_GRAPH_DYN)
    return STRATA_GRAPH_DYN;
  if (in == STRATA_GRAPH_TOO_LARGE || kernel == STRATA_GRAPH_TOO_LARGE)
    return STRATA_GRAPH_TOO_LARGE;
  /* span = in + pad_begin + pad_end - dilation * (kernel - 1) - 1, checked
   * (attributes may hold any int64). */
  int64_t padded, reach, span, out, last, start;
  if (!strata_add_i64(in, pad_begin, &start) || !strata_add_i64(start, pad_end, &padded) ||
      !strata_mul_i64(dilation, kernel - 1, &reach) || !strata_add_i64(padded, -reach, &span) ||
      !strata_add_i64(span, -1, &span) || stride <= 0)
    return STRATA_GRAPH_TOO_LARGE;
  if (span < 0) /* the window does not fit: floor(span / stride) + 1 <= 0 */
    return -((-span + stride - 1) / stride) + 1;
  out = (ceil_mode ? span / stride + (span % stride != 0) : span / stride) + 1;
  if (ceil_mode && (!strata_mul_i64(out - 1, stride, &last) || last >= start))
    --out;
  return out;
}

static bool is_upper(char ch) { return ch >= 'A' && ch <= 'Z'; }
static bool is_lower(char ch) { return ch >= 'a' && ch <= 'z'; }
static bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }
static char to_upper(char ch) { return is_lower(ch) ? (char)(ch - 'a' + 'A') : ch; }

bool strata_graph_layout_parse(MlirStringRef text, strata_graph_layout_t *out) {
  strata_graph_layout_t l = {.rank = 0};
  size_t i = 0;
  while (i < text.length) {
    int64_t block = 0;
    size_t start = i;
    while (i < text.length && is_digit(text.data[i])) {
      if (block > (STRATA_GRAPH_MAX_BLOCK - 9) / 10)
        return false;
      block = block * 10 + (text.data[i++] - '0');
    }
    if (i == text.length || l.rank == STRATA_GRAPH_MAX_RANK)
      return false;
    char axis = text.data[i++];
    bool blocked = is_lower(axis);
    /* Primal: uppercase, no number. Block: a positive number, lowercase. */
    bool numbered = i - 1 > start;
    if (blocked ? block <= 0 : (!is_upper(axis) || numbered))
      return false;
    if (strata_graph_layout_index(&l, axis) >= 0)
      return false;
    l.axes[l.rank] = axis;
    l.blocks[l.rank] = block;
    ++l.rank;
  }
  if (l.rank == 0)
    return false;
  for (int d = 0; d < l.rank; ++d)
    if (is_lower(l.axes[d]) && strata_graph_layout_index(&l, to_upper(l.axes[d])) < 0)
      return false;
  *out = l;
  return true;
}

int strata_graph_layout_index(const strata_graph_layout_t *layout, char axis) {
  for (int d = 0; d < layout->rank; ++d)
    if (layout->axes[d] == axis)
      return d;
  return -1;
}

bool strata_graph_layout_has_primals(const strata_graph_layout_t *layout,
                                     const char *primals) {
  int n = 0;
  for (int d = 0; d < layout->rank; ++d) {
    if (!is_upper(layout->axes[d]))
      continue;
    if (!strchr(primals, layout->axes[d]))
      return false;
    ++n;
  }
  return n == (int)strlen(primals);
}

int64_t strata_graph_layout_block(const strata_graph_layout_t *layout, char axis) {
  int64_t b = 1;
  for (int d = 0; d < layout->rank; ++d)
    if (is_lower(layout->axes[d]) && to_upper(layout->axes[d]) == axis &&
        !strata_mul_i64(b, layout->blocks[d], &b))
      return INT64_MAX; /* parse() bounds blocks: not reached */
  return b;
}

void strata_graph_layout_to_logical(const strata_graph_layout_t *layout,
                                    const strata_graph_shape_t *shape,
                                    int64_t logical[26]) {
  for (int d = 0; d < layout->rank; ++d) {
    char axis = layout->axes[d];
    if (!is_upper(axis))
      continue;
    int64_t dim = shape->dims[d], size;
    logical[axis - 'A'] =
        dim == STRATA_GRAPH_DYN ? STRATA_GRAPH_DYN
        : strata_mul_i64(dim, strata_graph_layout_block(layout, axis), &size)
            ? size
            : STRATA_GRAPH_TOO_LARGE;
  }
}

bool strata_graph_layout_from_logical(const strata_graph_layout_t *layout,
                                      const int64_t logical[26],
                                      strata_graph_shape_t *out, char *bad_axis) {
  out->rank = layout->rank;
  for (int d = 0; d < layout->rank; ++d) {
    char axis = layout->axes[d];
    if (is_lower(axis)) {
      out->dims[d] = layout->blocks[d];
      continue;
    }
    int64_t size = logical[axis - 'A'], block = strata_graph_layout_block(layout, axis);
    if (size == STRATA_GRAPH_DYN) {
      out->dims[d] = STRATA_GRAPH_DYN;
    } else if (size % block != 0) {
      *bad_axis = axis;
      return false;
    } else {
      out->dims[d] = size / block;
    }
  }
  return true;
}
