/* ONNX operators that count, look up or tabulate -> graph dialect: Unique
 * (graph.unique, one op per output, sized at import time from the input's
 * known value by the runtime kernel's own algorithm), TfIdfVectorizer
 * (graph.tfidf_vectorizer, a static output) and MelWeightMatrix (computed
 * here from its scalar inputs, as the ONNX reference does, and defined as
 * an import-time constant). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/table_kernels.h"
#include "runtime/tensor.h"

#define NULL_TYPE ((MlirType){NULL})

/* ---- Unique ------------------------------------------------------------------- */

/* The number of unique slices of the known input c ([outer, len, inner]),
 * as the kernel strata_unique will find them. */
static int64_t count_unique(const onnx_const_t *c, bool is_float, int64_t outer, int64_t len,
                            int64_t inner, bool sorted) {
  int64_t *data = malloc(sizeof *data * (size_t)(c->numel + 1));
  int64_t *scratch = malloc(sizeof *scratch * (size_t)(3 * len + 1));
  for (int64_t k = 0; k < c->numel; ++k) {
    if (is_float) {
      double v = onnx_const_get_f(c, k); /* the value extended to f64, as compiled code does */
      memcpy(&data[k], &v, sizeof v);
    } else {
      data[k] = onnx_const_get_i(c, k);
    }
  }
  int64_t count =
      strata_unique_slices(data, is_float ? STRATA_UNIQUE_FLOAT : STRATA_UNIQUE_INTEGER, outer, len,
                           inner, sorted, scratch, scratch + len, scratch + 2 * len);
  free(scratch);
  free(data);
  return count;
}

/* Unique: graph.unique for each output used (Y, indices, inverse_indices,
 * counts), the unique count K taken from the input known at import time
 * (a bound graph input), as NonZero's count is; the compiled model expects
 * inputs with as many unique slices (the kernel reports a mismatch on
 * stderr). */
static bool map_unique(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  MlirType elem = onnx_elem(x);
  bool is_float = mlirTypeIsAFloat(elem);
  bool is_int = mlirTypeIsAInteger(elem) &&
                !(mlirIntegerTypeIsUnsigned(elem) && mlirIntegerTypeGetWidth(elem) == 64);
  if (!is_float && !is_int) {
    char buf[64];
    return onnx_error(n, "Unique of %s elements is not supported (integers up to 64 bits but "
                         "uint64, and floats are)",
                      strata_type_str(elem, buf, sizeof buf));
  }
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  int64_t total = strata_graph_num_elements(&s);
  if (total < 0)
    return onnx_error(n, "Unique of a dynamic shape is not supported");
  if (s.rank == 0) { /* a scalar: one element */
    int64_t one = 1;
    x = onnx_reshape(n, x, 1, &one);
    onnx_shape(x, &s);
  }
  bool has_axis = onnx_attr(n, "axis") != NULL;
  int64_t axis = 0;
  if (has_axis && !onnx_axis(n, onnx_attr_int(n, "axis", 0), s.rank, &axis))
    return false;
  bool sorted = onnx_attr_int(n, "sorted", 1) != 0;
  const onnx_const_t *known = n->in_const[0];
  if (!known)
    return onnx_error(n, "input 'X' must be known at import time (its number of unique values "
                         "fixes the outputs' sizes)");
  int64_t outer = 1, len = total, inner = 1;
  if (has_axis)
    strata_graph_axis_split(&s, axis, &outer, &len, &inner);
  int64_t count = count_unique(known, is_float, outer, len, inner, sorted);

  static const char *const parts[] = {"values", "indices", "inverse", "counts"};
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  for (int i = 0; i < 4 && i < onnx_num_outputs(n); ++i) {
    if (!n->node->output[i][0])
      continue;
    strata_graph_shape_t r = {1, {i == 2 ? len : count}};
    if (i == 0 && has_axis) {
      r = s;
      r.dims[axis] = count;
    }
    MlirNamedAttribute attrs[3] = {onnx_str_attr(n, "part", parts[i]),
                                   onnx_bool_attr(n, "sorted", sorted),
                                   onnx_i64_attr(n, "axis", axis)};
    MlirValue v = onnx_build(n, "graph.unique", 1, &x,
                             strata_graph_shape_to_type(&r, i == 0 ? elem : i64),
                             has_axis ? 3 : 2, attrs);
    if (mlirValueIsNull(v))
      return false;
    onnx_set_output(n, i, v);
  }
  return true;
}

/* ---- TfIdfVectorizer -------------------------------------------------------------- */

/* Integer list attribute `name` as array<i64> (empty when absent). */
static MlirNamedAttribute ints_attr(onnx_node_t *n, const char *name) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  return onnx_ints_attr(n, name, a ? (intptr_t)a->n_ints : 0, a ? a->ints : NULL);
}

/* TfIdfVectorizer: graph.tfidf_vectorizer with the node's attributes (the
 * pool matching the input: pool_int64s for integers, pool_strings for
 * strings); the graph verifier checks them. */
static bool map_tfidf_vectorizer(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  MlirType elem = onnx_elem(x);
  bool is_string = strata_graph_is_string(elem);
  if (!is_string && !(mlirTypeIsAInteger(elem) && !mlirIntegerTypeIsUnsigned(elem) &&
                      (mlirIntegerTypeGetWidth(elem) == 32 || mlirIntegerTypeGetWidth(elem) == 64)))
    return onnx_error(n, "input 'X' must be an int32, int64 or string tensor");
  const char *pool_name = is_string ? "pool_strings" : "pool_int64s";
  const Onnx__AttributeProto *pool = onnx_attr(n, pool_name);
  if (!pool)
    return onnx_error(n, "%s input needs the '%s' attribute", is_string ? "a string" : "an integer",
                      pool_name);
  char mode[16];
  onnx_attr_string(n, "mode", "TF", mode, sizeof mode);
  const Onnx__AttributeProto *weights = onnx_attr(n, "weights");
  MlirAttribute pool_attr;
  if (is_string) {
    MlirAttribute *list = malloc(sizeof *list * (pool->n_strings + 1));
    for (size_t k = 0; k < pool->n_strings; ++k)
      list[k] = mlirStringAttrGet(n->ctx, mlirStringRefCreate((const char *)pool->strings[k].data,
                                                              pool->strings[k].len));
    pool_attr = mlirArrayAttrGet(n->ctx, (intptr_t)pool->n_strings, list);
    free(list);
  } else {
    pool_attr = mlirDenseI64ArrayGet(n->ctx, (intptr_t)pool->n_ints, pool->ints);
  }
  MlirNamedAttribute attrs[8] = {
      onnx_str_attr(n, "mode", mode),
      onnx_i64_attr(n, "min_gram_length", onnx_attr_int(n, "min_gram_length", 1)),
      onnx_i64_attr(n, "max_gram_length", onnx_attr_int(n, "max_gram_length", 1)),
      onnx_i64_attr(n, "max_skip_count", onnx_attr_int(n, "max_skip_count", 0)),
      ints_attr(n, "ngram_counts"),
      ints_attr(n, "ngram_indexes"),
      strata_named(n->ctx, "weights",
                   mlirDenseF32ArrayGet(n->ctx, weights ? (intptr_t)weights->n_floats : 0,
                                        weights ? weights->floats : NULL)),
      strata_named(n->ctx, pool_name, pool_attr),
  };
  return onnx_out(n, onnx_build(n, "graph.tfidf_vectorizer", 1, &x, NULL_TYPE, 8, attrs));
}

/* ---- MelWeightMatrix ------------------------------------------------------------- */

/* Sizes taken from values are limited, so that a bad value is an error,
 * not a huge allocation. */
enum { MAX_MEL_ELEMENTS = 1 << 24 };

/* a // b on doubles as Python and NumPy compute it (floor of the exact
 * quotient, from fmod). */
static double floor_divide(double a, double b) {
  double mod = fmod(a, b), div = (a - mod) / b;
  if (mod != 0 && ((b < 0) != (mod < 0)))
    div -= 1.0;
  if (div == 0)
    return copysign(0.0, a / b);
  double f = floor(div);
  return div - f > 0.5 ? f + 1.0 : f;
}

/* Hertz to mel and back (HTK's formula, as the ONNX reference). */
static double hertz_to_mel(double hz) { return 2595.0 * log10(1.0 + hz / 700.0); }
static double mel_to_hertz(double mel) { return 700.0 * (pow(10.0, mel / 2595.0) - 1.0); }

/* MelWeightMatrix: [dft_length / 2 + 1, num_mel_bins] triangular filters
 * whose edges are num_mel_bins + 2 points evenly spaced in mel between the
 * edge frequencies, each rounded down to a spectrogram bin; computed in
 * double as the ONNX reference does, then converted to output_datatype. The
 * inputs must be known at import time. */
static bool map_mel_weight_matrix(onnx_node_t *n) {
  double mel_bins_v, dft_v, rate, lower, upper;
  if (!onnx_const_scalar(n, 0, "num_mel_bins", &mel_bins_v) ||
      !onnx_const_scalar(n, 1, "dft_length", &dft_v) ||
      !onnx_const_scalar(n, 2, "sample_rate", &rate) ||
      !onnx_const_scalar(n, 3, "lower_edge_hertz", &lower) ||
      !onnx_const_scalar(n, 4, "upper_edge_hertz", &upper))
    return false;
  int64_t mel_bins = (int64_t)mel_bins_v, dft_length = (int64_t)dft_v;
  if (mel_bins < 1 || dft_length < 1 || rate <= 0)
    return onnx_error(n, "num_mel_bins, dft_length and sample_rate must be positive");
  int64_t rows = dft_length / 2 + 1;
  if ((double)rows * (double)mel_bins > MAX_MEL_ELEMENTS)
    return onnx_error(n, "the matrix [%lld, %lld] is larger than the supported %d elements",
                      (long long)rows, (long long)mel_bins, MAX_MEL_ELEMENTS);
  int64_t dtype = onnx_attr_int(n, "output_datatype", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT);
  if (dtype != ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT &&
      dtype != ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE &&
      dtype != ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16 &&
      dtype != ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16)
    return onnx_error(n, "output_datatype %s is not supported (float, double, float16 and "
                         "bfloat16 are)",
                      onnx_type_name((int32_t)dtype));

  /* The filter edges as spectrogram bins. */
  int64_t points = mel_bins + 2;
  int64_t *edge = malloc(sizeof *edge * (size_t)points);
  double low_mel = hertz_to_mel(lower), high_mel = hertz_to_mel(upper);
  double step = (high_mel - low_mel) / (double)points;
  for (int64_t i = 0; i < points; ++i) {
    double hz = mel_to_hertz((double)i * step + low_mel);
    edge[i] = onnx_double_to_i64(floor_divide((double)(dft_length + 1) * hz, rate));
  }
  for (int64_t i = 0; i < points; ++i)
    if (edge[i] < 0 || edge[i] >= rows) {
      long long bin = (long long)edge[i];
      free(edge);
      return onnx_error(n, "a mel filter edge falls on spectrogram bin %lld, outside the %lld "
                           "bins of dft_length %lld (check the edge frequencies)",
                        bin, (long long)rows, (long long)dft_length);
    }

  double *w = calloc((size_t)(rows * mel_bins), sizeof *w);
  for (int64_t i = 0; i < mel_bins; ++i) {
    int64_t left = edge[i], center = edge[i + 1], right = edge[i + 2];
    if (center == left)
      w[center * mel_bins + i] = 1;
    else
      for (int64_t j = left; j <= center; ++j)
        w[j * mel_bins + i] = (double)(j - left) / (double)(center - left);
    for (int64_t j = center; j < right; ++j)
      w[j * mel_bins + i] = (double)(right - j) / (double)(right - center);
  }
  free(edge);

  int64_t count = rows * mel_bins;
  onnx_const_t c = {(int32_t)dtype, {2, {rows, mel_bins}}, count,
                    malloc(onnx_type_size((int32_t)dtype) * (size_t)(count + 1))};
  for (int64_t k = 0; k < count; ++k)
    switch (dtype) {
    case ONNX__TENSOR_PROTO__DATA_TYPE__DOUBLE: ((double *)c.data)[k] = w[k]; break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT16:
      ((uint16_t *)c.data)[k] = strata_double_to_f16(w[k]);
      break;
    case ONNX__TENSOR_PROTO__DATA_TYPE__BFLOAT16:
      ((uint16_t *)c.data)[k] = strata_float_to_bf16((float)w[k]);
      break;
    default: ((float *)c.data)[k] = (float)w[k]; break;
    }
  free(w);
  onnx_set_const_output(n, 0, &c);
  return true;
}

const onnx_mapping_t strata_onnx_table_ops[] = {
    {"Unique", map_unique},
    {"TfIdfVectorizer", map_tfidf_vectorizer},
    {"MelWeightMatrix", map_mel_weight_matrix},
    {NULL, NULL},
};
