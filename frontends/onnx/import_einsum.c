/* ONNX Einsum -> graph dialect, composed at import time: every operand is
 * brought into one index space (the output labels, then the summed ones):
 * a label repeated within an operand takes the diagonal (a select with an
 * identity mask, summed over the copy), the labels are transposed into
 * that order and missing ones inserted as dims of 1; the operands are
 * multiplied with broadcasting and the summed labels reduced. An ellipsis
 * stands for the leading dims, aligned from the right across operands as
 * numpy broadcasts them. The product is materialized whole, so this suits
 * small operands; shapes must be static. */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

enum { MAX_OPERANDS = 8, MAX_LABELS = STRATA_GRAPH_MAX_RANK };

/* Labels are letters; ellipsis dims get the labels '0', '1', ... counted
 * from the innermost ellipsis dim. */
typedef struct {
  char labels[MAX_LABELS];
  intptr_t count;
} term_t;

/* Parses one term (up to ',' / '-' / end) for an operand of rank `rank`
 * (rank < 0: the output, whose ellipsis has `ell` dims). */
static bool parse_term(onnx_node_t *n, const char **p, intptr_t rank, intptr_t ell, term_t *t,
                       intptr_t *ell_out) {
  const char *s = *p;
  intptr_t letters = 0;
  bool has_ell = false;
  for (const char *q = s; *q && *q != ',' && *q != '-'; ++q) {
    if (isalpha((unsigned char)*q))
      ++letters;
    else if (*q == '.' && q[1] == '.' && q[2] == '.')
      has_ell = true, q += 2;
    else
      return onnx_error(n, "unsupported character '%c' in the equation", *q);
  }
  intptr_t e = !has_ell ? 0 : rank >= 0 ? rank - letters : ell;
  if (e < 0 || (rank >= 0 && !has_ell && letters != rank) || letters + e > MAX_LABELS)
    return onnx_error(n, "the equation's term does not match an operand of rank %lld",
                      (long long)rank);
  t->count = 0;
  for (; *s && *s != ',' && *s != '-'; ++s) {
    if (*s == '.') {
      for (intptr_t k = e - 1; k >= 0; --k)
        t->labels[t->count++] = (char)('0' + k);
      s += 2;
    } else {
      t->labels[t->count++] = *s;
    }
  }
  *p = s;
  if (ell_out && e > *ell_out)
    *ell_out = e;
  return true;
}

static intptr_t find_label(const term_t *t, char c, intptr_t from) {
  for (intptr_t i = from; i < t->count; ++i)
    if (t->labels[i] == c)
      return i;
  return -1;
}

/* x with the diagonal of its dims p and q (equal sizes) kept along p: a
 * select with an identity mask over (p, q), summed over q. */
static MlirValue take_diagonal(onnx_node_t *n, MlirValue x, intptr_t p, intptr_t q) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(x) || !onnx_shape(x, &s))
    return (MlirValue){NULL};
  int64_t d = s.dims[p], cells;
  size_t bytes;
  /* The mask is an import-time constant in the IR: past 2^26 cells (64 MiB)
   * it costs more memory than any real einsum diagonal. */
  enum { MAX_MASK_CELLS = 1 << 26 };
  if (!strata_mul_i64(d, d, &cells) || cells > MAX_MASK_CELLS ||
      !strata_bytes_for(cells, 1, &bytes)) {
    onnx_error(n, "the diagonal of a dim of %lld is too large (a %lld x %lld mask; the "
               "importer's limit is %d cells)",
               (long long)d, (long long)d, (long long)d, (int)MAX_MASK_CELLS);
    return (MlirValue){NULL};
  }
  onnx_const_t mask = {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, {s.rank, {0}}, cells,
                       malloc(bytes ? bytes : 1)};
  if (!mask.data) {
    onnx_error(n, "cannot allocate the %lld x %lld diagonal mask (%zu bytes)", (long long)d,
               (long long)d, bytes);
    return (MlirValue){NULL};
  }
  for (intptr_t i = 0; i < s.rank; ++i)
    mask.shape.dims[i] = i == p || i == q ? d : 1;
  for (int64_t i = 0; i < d; ++i)
    for (int64_t j = 0; j < d; ++j)
      ((uint8_t *)mask.data)[i * d + j] = i == j;
  MlirValue ops[3] = {onnx_constant(n->imp, &n->b, &mask, NULL), x, onnx_splat_like(n, x, 0.0)};
  onnx_const_free(&mask);
  MlirValue masked = onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL);
  int64_t axis = q;
  MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", 1, &axis), onnx_bool_attr(n, "keepdims", false)};
  return onnx_build(n, "graph.reduce_sum", 1, &masked, NULL_TYPE, 2, a);
}

static bool map_einsum(onnx_node_t *n) {
  char eq[256];
  onnx_attr_string(n, "equation", "", eq, sizeof eq);
  char *w = eq; /* drop spaces */
  for (const char *r = eq; *r; ++r)
    if (*r != ' ')
      *w++ = *r;
  *w = '\0';
  int count = n->num_inputs;
  if (count < 1 || count > MAX_OPERANDS)
    return onnx_error(n, "Einsum with %d operands is not supported", count);
  term_t terms[MAX_OPERANDS], out;
  MlirValue x[MAX_OPERANDS];
  const char *p = eq;
  intptr_t ell = 0;
  for (int i = 0; i < count; ++i) {
    if (!onnx_need_input(n, i))
      return false;
    x[i] = onnx_input(n, i);
    strata_graph_shape_t s;
    onnx_shape(x[i], &s);
    if (strata_graph_num_elements(&s) < 0)
      return onnx_error(n, "Einsum with dynamic dims is not supported");
    if (!parse_term(n, &p, s.rank, 0, &terms[i], &ell))
      return false;
    if (*p == ',' ? i == count - 1 : i != count - 1)
      return onnx_error(n, "the equation has another number of terms than the %d inputs", count);
    if (*p == ',')
      ++p;
  }
  if (p[0] == '-' && p[1] == '>') {
    p += 2;
    if (!parse_term(n, &p, -1, ell, &out, NULL))
      return false;
  } else { /* implicit output: the ellipsis, then the labels seen once, sorted */
    out.count = 0;
    for (intptr_t k = ell - 1; k >= 0; --k)
      out.labels[out.count++] = (char)('0' + k);
    for (char c = 'A'; c <= 'z'; ++c) {
      int seen = 0;
      for (int i = 0; i < count; ++i)
        for (intptr_t j = 0; j < terms[i].count; ++j)
          seen += terms[i].labels[j] == c;
      if (seen == 1 && isalpha((unsigned char)c))
        out.labels[out.count++] = c;
    }
  }
  /* the index space: output labels, then the summed ones */
  term_t all = out;
  for (int i = 0; i < count; ++i)
    for (intptr_t j = 0; j < terms[i].count; ++j)
      if (find_label(&all, terms[i].labels[j], 0) < 0) {
        if (all.count == MAX_LABELS)
          return onnx_error(n, "more than %d labels are not supported", MAX_LABELS);
        all.labels[all.count++] = terms[i].labels[j];
      }
  MlirValue product = {NULL};
  for (int i = 0; i < count; ++i) {
    term_t t = terms[i];
    MlirValue v = x[i];
    for (intptr_t a = 0; a < t.count; ++a) { /* repeated labels: diagonals */
      intptr_t b;
      while ((b = find_label(&t, t.labels[a], a + 1)) >= 0) {
        if (mlirValueIsNull(v = take_diagonal(n, v, a, b)))
          return false;
        memmove(t.labels + b, t.labels + b + 1, (size_t)(t.count - b - 1));
        --t.count;
      }
    }
    int64_t perm[MAX_LABELS], dims[MAX_LABELS];
    intptr_t k = 0;
    for (intptr_t l = 0; l < all.count; ++l) {
      intptr_t at = find_label(&t, all.labels[l], 0);
      if (at >= 0)
        perm[k++] = at;
    }
    bool identity = true;
    for (intptr_t j = 0; j < k; ++j)
      identity &= perm[j] == j;
    if (!identity) {
      MlirNamedAttribute pa = onnx_ints_attr(n, "perm", k, perm);
      v = onnx_build(n, "graph.transpose", 1, &v, NULL_TYPE, 1, &pa);
    }
    strata_graph_shape_t vs;
    if (mlirValueIsNull(v) || !onnx_shape(v, &vs))
      return false;
    for (intptr_t l = 0, j = 0; l < all.count; ++l)
      dims[l] = find_label(&t, all.labels[l], 0) >= 0 ? vs.dims[j++] : 1;
    v = onnx_reshape(n, v, all.count, dims);
    product = mlirValueIsNull(product) ? v : onnx_binary(n, "graph.mul", product, v);
  }
  if (all.count > out.count) {
    int64_t axes[MAX_LABELS];
    for (intptr_t l = out.count; l < all.count; ++l)
      axes[l - out.count] = l;
    MlirNamedAttribute a[2] = {onnx_ints_attr(n, "axes", all.count - out.count, axes),
                               onnx_bool_attr(n, "keepdims", false)};
    product = onnx_build(n, "graph.reduce_sum", 1, &product, NULL_TYPE, 2, a);
  }
  return onnx_out(n, product);
}

const onnx_mapping_t strata_onnx_einsum_ops[] = {
    {"Einsum", map_einsum},
    {NULL, NULL},
};
