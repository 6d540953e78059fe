/* strata-reference: neural-network ops. conv2d / conv3d (strides, padding
 * [begins..., ends...], dilation, groups, any data/kernel layout incl.
 * blocked ones), max_pool2d/3d / avg_pool2d/3d (ceil_mode,
 * max_pool2d_indices,
 * count_include_pad, PyTorch's rule for the last window), global_avg_pool2d, batch_norm (inference form), softmax
 * (max-subtracted). Everything is computed on logical NC[D]HW / OI[D]HW indices,
 * mapped to physical positions through the layout strings. Also the
 * up-sampling ops: conv_transpose2d/3d (NCHW / IOHW, NCDHW / IODHW, as a
 * scatter) and resize
 * (nearest / linear, from the ONNX reference implementation). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>

#include "test/e2e/reference/ref.h"

/* Flat position of logical index (a0..a3 over `axes`) in t laid out as l. */
static int64_t at(const ref_layout_t *l, const strata_tensor_t *t, const char *axes, int64_t a0,
                  int64_t a1, int64_t a2, int64_t a3) {
  int64_t logical[4] = {a0, a1, a2, a3}, phys[REF_MAX_LIST];
  ref_layout_from_logical(l, axes, logical, phys);
  return ref_ravel(t->rank, t->shape, phys);
}

/* The same for a logical index given as an array. */
static int64_t at_v(const ref_layout_t *l, const strata_tensor_t *t, const char *axes,
                    const int64_t *logical) {
  int64_t phys[REF_MAX_LIST];
  ref_layout_from_logical(l, axes, logical, phys);
  return ref_ravel(t->rank, t->shape, phys);
}

static void layout_of(const ref_op_t *r, const char *attr, const strata_tensor_t *t,
                      const char *axes, ref_layout_t *l, int64_t *logical) {
  char text[64];
  ref_attr_str(r, attr, text, sizeof text);
  ref_layout_parse(r, text, l);
  if (l->rank != t->rank)
    ref_fail(r, "layout '%s' has %d dims but the tensor has rank %d", text, l->rank, t->rank);
  ref_layout_logical_shape(r, l, t->shape, axes, logical);
}

/* Output extent of a window (written from the definition in graph.md, not
 * shared with the verifier: the result type is checked against it). */
static int64_t out_extent(int64_t in, int64_t k, int64_t s, int64_t pb, int64_t pe, int64_t d,
                          bool ceil_mode) {
  int64_t span = in + pb + pe - d * (k - 1) - 1;
  if (span < 0)
    return 0;
  int64_t out = (ceil_mode ? (span + s - 1) / s : span / s) + 1;
  if (ceil_mode && (out - 1) * s >= in + pb)
    --out;
  return out;
}

static void check_extent(const ref_op_t *r, const char *what, int64_t want, int64_t got) {
  if (want != got)
    ref_fail(r, "result %s is %lld but the op's definition gives %lld", what, (long long)got,
             (long long)want);
}

/* Spatial axes of a window op: 3 for the *3d ops (D, H, W), else 2 (H, W). */
static int spatial_dims(const ref_op_t *r) {
  size_t n = strlen(r->name);
  return n > 2 && !strcmp(r->name + n - 2, "3d") ? 3 : 2;
}

/* Advances the odometer idx over extents ext[0..n); false after the last. */
static bool next_index(int n, const int64_t *ext, int64_t *idx) {
  for (int i = n - 1; i >= 0; --i) {
    if (++idx[i] < ext[i])
      return true;
    idx[i] = 0;
  }
  return false;
}

static bool any_zero(int n, const int64_t *ext) {
  for (int i = 0; i < n; ++i)
    if (ext[i] == 0)
      return true;
  return false;
}

/* conv2d (NCHW / OIHW logical axes) and conv3d (NCDHW / OIDHW):
 * y[n, o, out...] = bias[o] + sum over ic, k... of
 * x[n, g*I + ic, out*s - pad_begin + k*d ...] * w[o, ic, k...], taps outside
 * the input skipped (zero padding). */
void ref_conv2d(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0], *w = r->in[1];
  const strata_tensor_t *bias = r->num_operands > 2 ? r->in[2] : NULL;
  strata_tensor_t *y = r->out;
  int sd = spatial_dims(r);
  const char *daxes = sd == 3 ? "NCDHW" : "NCHW", *kaxes = sd == 3 ? "OIDHW" : "OIHW";
  int64_t st[REF_MAX_LIST], pad[REF_MAX_LIST], dil[REF_MAX_LIST];
  if (ref_attr_ints(r, "strides", st) != sd || ref_attr_ints(r, "padding", pad) != 2 * sd ||
      ref_attr_ints(r, "dilation", dil) != sd)
    ref_fail(r, "strides/padding/dilation have the wrong length");
  int64_t groups = ref_attr_int(r, "groups");
  ref_layout_t dl, kl, yl;
  int64_t xs[5], ws[5], ys[5];
  layout_of(r, "data_layout", x, daxes, &dl, xs);
  layout_of(r, "kernel_layout", w, kaxes, &kl, ws);
  layout_of(r, "data_layout", y, daxes, &yl, ys);
  int64_t N = xs[0], C = xs[1], O = ws[0], I = ws[1];
  if (groups < 1 || C % groups || O % groups || I != C / groups)
    ref_fail(r, "channels do not match groups");
  check_extent(r, "N", N, ys[0]);
  check_extent(r, "C", O, ys[1]);
  for (int i = 0; i < sd; ++i) {
    char what[2] = {daxes[2 + i], 0};
    check_extent(r, what,
                 out_extent(xs[2 + i], ws[2 + i], st[i], pad[i], pad[sd + i], dil[i], false),
                 ys[2 + i]);
  }
  int64_t per_group = O / groups;
  if (any_zero(sd, ys + 2) || any_zero(sd, ws + 2))
    return;
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < O; ++o) {
      int64_t g = o / per_group;
      int64_t op[3] = {0, 0, 0};
      do {
        double acc = bias ? ref_get(bias, o) : 0;
        for (int64_t ic = 0; ic < I; ++ic) {
          int64_t kp[3] = {0, 0, 0};
          do {
            int64_t xi[5] = {n, g * I + ic}, wi[5] = {o, ic};
            bool inside = true;
            for (int i = 0; i < sd; ++i) {
              xi[2 + i] = op[i] * st[i] - pad[i] + kp[i] * dil[i];
              wi[2 + i] = kp[i];
              inside = inside && xi[2 + i] >= 0 && xi[2 + i] < xs[2 + i];
            }
            if (inside)
              acc += ref_get(x, at_v(&dl, x, daxes, xi)) * ref_get(w, at_v(&kl, w, kaxes, wi));
          } while (next_index(sd, ws + 2, kp));
        }
        int64_t yi[5] = {n, o};
        for (int i = 0; i < sd; ++i)
          yi[2 + i] = op[i];
        ref_set(y, at_v(&yl, y, daxes, yi), acc);
      } while (next_index(sd, ys + 2, op));
    }
}

/* max/avg pooling over 2 (NCHW) or 3 (NCDHW) spatial axes; indices: the
 * flat logical input index of the first maximum of each window instead
 * (max_pool2d_indices, storage_order 0 row-major, 1 column-major over H, W). */
static void pool(const ref_op_t *r, bool is_max, bool indices) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int sd = spatial_dims(r);
  const char *axes = sd == 3 ? "NCDHW" : "NCHW";
  int64_t k[REF_MAX_LIST], st[REF_MAX_LIST], pad[REF_MAX_LIST], dil[REF_MAX_LIST] = {1, 1, 1};
  if (ref_attr_ints(r, "kernel", k) != sd || ref_attr_ints(r, "strides", st) != sd ||
      ref_attr_ints(r, "padding", pad) != 2 * sd ||
      (is_max && ref_attr_ints(r, "dilation", dil) != sd))
    ref_fail(r, "kernel/strides/padding/dilation have the wrong length");
  bool ceil_mode = ref_attr_bool(r, "ceil_mode");
  bool include_pad = !is_max && ref_attr_bool(r, "count_include_pad");
  bool column_major = indices && ref_attr_int(r, "storage_order") == 1;
  ref_layout_t xl, yl;
  int64_t xs[5], ys[5];
  layout_of(r, "layout", x, axes, &xl, xs);
  layout_of(r, "layout", y, axes, &yl, ys);
  check_extent(r, "N", xs[0], ys[0]);
  check_extent(r, "C", xs[1], ys[1]);
  for (int i = 0; i < sd; ++i) {
    char what[2] = {axes[2 + i], 0};
    check_extent(r, what,
                 out_extent(xs[2 + i], k[i], st[i], pad[i], pad[sd + i], dil[i], ceil_mode),
                 ys[2 + i]);
  }
  if (any_zero(sd, ys + 2))
    return;
  for (int64_t n = 0; n < xs[0]; ++n)
    for (int64_t c = 0; c < xs[1]; ++c) {
      int64_t op[3] = {0, 0, 0};
      do {
        double best = -INFINITY, sum = 0, best_index = -1;
        int64_t inside = 0, padded = 0;
        int64_t kp[3] = {0, 0, 0};
        do {
          int64_t xi[5] = {n, c};
          bool in_input = true, in_padded = true;
          for (int i = 0; i < sd; ++i) {
            int64_t v = xi[2 + i] = op[i] * st[i] - pad[i] + kp[i] * dil[i];
            /* Positions within the padded extent count for
             * count_include_pad; those past it (ceil_mode) never do. */
            in_padded = in_padded && v >= -pad[i] && v < xs[2 + i] + pad[sd + i];
            in_input = in_input && v >= 0 && v < xs[2 + i];
          }
          if (in_padded)
            ++padded;
          if (!in_input)
            continue;
          double v = ref_get(x, at_v(&xl, x, axes, xi));
          if (v > best || best_index < 0) { /* the first maximum in window order */
            int64_t h = xi[2], w = xi[3], H = xs[2], W = xs[3];
            best_index = (double)(column_major ? ((n * xs[1] + c) * W + w) * H + h
                                               : ((n * xs[1] + c) * H + h) * W + w);
          }
          best = v > best ? v : best;
          sum += v;
          ++inside;
        } while (next_index(sd, k, kp));
        double out = indices  ? best_index
                     : is_max ? best
                              : sum / (double)(include_pad ? padded : inside);
        int64_t yi[5] = {n, c};
        for (int i = 0; i < sd; ++i)
          yi[2 + i] = op[i];
        ref_set(y, at_v(&yl, y, axes, yi), out);
      } while (next_index(sd, ys + 2, op));
    }
}

void ref_max_pool2d(const ref_op_t *r) { pool(r, true, false); }
void ref_max_pool2d_indices(const ref_op_t *r) { pool(r, true, true); }
void ref_avg_pool2d(const ref_op_t *r) { pool(r, false, false); }

void ref_global_avg_pool2d(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  ref_layout_t xl, yl;
  int64_t xs[4], ys[4];
  layout_of(r, "layout", x, "NCHW", &xl, xs);
  layout_of(r, "layout", y, "NCHW", &yl, ys);
  if (ys[0] != xs[0] || ys[1] != xs[1] || ys[2] != 1 || ys[3] != 1)
    ref_fail(r, "result is not [N, C, 1, 1]");
  for (int64_t n = 0; n < xs[0]; ++n)
    for (int64_t c = 0; c < xs[1]; ++c) {
      double sum = 0;
      for (int64_t h = 0; h < xs[2]; ++h)
        for (int64_t w = 0; w < xs[3]; ++w)
          sum += ref_get(x, at(&xl, x, "NCHW", n, c, h, w));
      ref_set(y, at(&yl, y, "NCHW", n, c, 0, 0), sum / (double)(xs[2] * xs[3]));
    }
}

void ref_batch_norm(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0], *gamma = r->in[1], *beta = r->in[2], *mean = r->in[3],
                        *var = r->in[4];
  strata_tensor_t *y = r->out;
  double eps = ref_attr_number(r, "epsilon");
  int64_t axis = ref_attr_int(r, "axis");
  if (axis < 0 || axis >= x->rank)
    ref_fail(r, "axis out of range");
  int64_t n = strata_tensor_numel(x), idx[STRATA_MAX_RANK];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, x->rank, x->shape, idx);
    int64_t c = idx[axis];
    double v = (ref_get(x, i) - ref_get(mean, c)) / sqrt(ref_get(var, c) + eps) *
                   ref_get(gamma, c) + ref_get(beta, c);
    ref_set(y, i, v);
  }
}

void ref_softmax(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  int64_t axis = ref_attr_int(r, "axis");
  if (axis < 0 || axis >= x->rank)
    ref_fail(r, "axis out of range");
  int64_t outer = 1, len = x->shape[axis], inner = 1;
  for (int d = 0; d < axis; ++d)
    outer *= x->shape[d];
  for (int d = (int)axis + 1; d < x->rank; ++d)
    inner *= x->shape[d];
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      double mx = -INFINITY, sum = 0;
      for (int64_t k = 0; k < len; ++k) {
        double v = ref_get(x, (o * len + k) * inner + i);
        mx = v > mx ? v : mx;
      }
      for (int64_t k = 0; k < len; ++k)
        sum += exp(ref_get(x, (o * len + k) * inner + i) - mx);
      for (int64_t k = 0; k < len; ++k)
        ref_set(y, (o * len + k) * inner + i,
                exp(ref_get(x, (o * len + k) * inner + i) - mx) / sum);
    }
}

/* conv_transpose2d/3d as ONNX defines it, a scatter: every input element
 * x[n, c, (d,) h, w] adds x * w[c, o % Og, (kd,) kh, kw] to output
 * (n, g*Og + o', (d*sd - pf + kd*dd,) h*sh - pt + kh*dh, w*sw - pl + kw*dw)
 * when that lies in the output (g = c / (C / groups)). */
void ref_conv_transpose2d(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0], *w = r->in[1];
  const strata_tensor_t *bias = r->num_operands > 2 ? r->in[2] : NULL;
  strata_tensor_t *y = r->out;
  int sd = spatial_dims(r);
  int64_t st[REF_MAX_LIST], pad[REF_MAX_LIST], dil[REF_MAX_LIST], opad[REF_MAX_LIST];
  if (ref_attr_ints(r, "strides", st) != sd || ref_attr_ints(r, "padding", pad) != 2 * sd ||
      ref_attr_ints(r, "dilation", dil) != sd || ref_attr_ints(r, "output_padding", opad) != sd)
    ref_fail(r, "strides/padding/dilation/output_padding have the wrong length");
  int64_t groups = ref_attr_int(r, "groups");
  if (x->rank != 2 + sd || w->rank != 2 + sd || y->rank != 2 + sd)
    ref_fail(r, "expects rank-%d input, weight and result", 2 + sd);
  int64_t N = x->shape[0], C = x->shape[1], Og = w->shape[1];
  if (w->shape[0] != C || C % groups)
    ref_fail(r, "channels do not match groups");
  check_extent(r, "C", Og * groups, y->shape[1]);
  const int64_t *in = x->shape + 2, *k = w->shape + 2, *out = y->shape + 2;
  for (int i = 0; i < sd; ++i)
    check_extent(r, "spatial",
                 (in[i] - 1) * st[i] - pad[i] - pad[sd + i] + dil[i] * (k[i] - 1) + opad[i] + 1,
                 out[i]);
  int64_t total = strata_tensor_numel(y);
  double *acc = calloc((size_t)total, sizeof *acc);
  if (!acc)
    ref_fail(r, "out of memory");
  int64_t cg = C / groups, in_size = 1, k_size = 1, out_size = 1;
  for (int i = 0; i < sd; ++i)
    in_size *= in[i], k_size *= k[i], out_size *= out[i];
  for (int64_t n = 0; n < N; ++n)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t p = 0; p < in_size; ++p) {
        int64_t ip[3];
        ref_unravel(p, sd, in, ip);
        double v = ref_get(x, (n * C + c) * in_size + p);
        for (int64_t o = 0; o < Og; ++o)
          for (int64_t q = 0; q < k_size; ++q) {
            int64_t kp[3], op[3];
            ref_unravel(q, sd, k, kp);
            bool inside = true;
            for (int i = 0; i < sd; ++i) {
              op[i] = ip[i] * st[i] - pad[i] + kp[i] * dil[i];
              inside = inside && op[i] >= 0 && op[i] < out[i];
            }
            if (!inside)
              continue;
            int64_t oc = (c / cg) * Og + o;
            acc[(n * Og * groups + oc) * out_size + ref_ravel(sd, out, op)] +=
                v * ref_get(w, (c * Og + o) * k_size + q);
          }
      }
  for (int64_t i = 0; i < total; ++i) {
    int64_t oc = (i / out_size) % (Og * groups);
    ref_set(y, i, acc[i] + (bias ? ref_get(bias, oc) : 0));
  }
  free(acc);
}

/* resize, written from the ONNX reference implementation: per dim, the
 * source coordinate x_ori of output index x (coordinate_transformation_mode,
 * output_width = scale * input_width), then nearest: the neighbour chosen by
 * nearest_mode from ratio = x_ori - floor(x_ori); linear: weights 1 - ratio
 * and ratio on floor and floor + 1; cubic: the Keys weights (cubic_coeff_a)
 * of floor - 1 .. floor + 2, zeroed outside the input and renormalized with
 * exclude_outside; indices past the edges take the edge value. Linear and
 * cubic interpolate along every dim (a dim with an integral x_ori
 * contributes one point). tf_crop_and_resize: x_ori from roi; outside
 * [0, in - 1] along any dim the element is extrapolation_value.
 * half_pixel_symmetric: half_pixel plus in/2 * (1 - out / (scale * in)).
 * antialias (linear, cubic; a dim with scale s < 1): with ratio in (0, 1]
 * (1 at an integral x_ori) the taps ceil(x_ori) - 1 + i for i from
 * start = floor(-support / s) + 1 to 1 - start, weighted by the filter
 * (linear: clip(1 - |v|, 0, 1); cubic: Keys, 0 from |v| >= 2) at
 * v = s * (i - ratio), normalized to sum 1. */
static void cubic_coeffs(double ratio, double a, double c[4]) {
  double t0 = ratio + 1, t3 = (1 - ratio) + 1;
  c[0] = ((a * t0 - 5 * a) * t0 + 8 * a) * t0 - 4 * a;
  c[1] = ((a + 2) * ratio - (a + 3)) * ratio * ratio + 1;
  c[2] = ((a + 2) * (1 - ratio) - (a + 3)) * (1 - ratio) * (1 - ratio) + 1;
  c[3] = ((a * t3 - 5 * a) * t3 + 8 * a) * t3 - 4 * a;
}

enum { REF_RESIZE_TAPS = 64 };

/* The antialiased taps of one dim (scale s < 1): count, first index, and
 * normalized weights, as the ONNX reference's _*_coeffs_antialias. */
static int antialias_coeffs(double xr, double s, bool cubic, double a, double *w,
                            int64_t *first) {
  double fl = floor(xr), ratio = xr == fl ? 1.0 : xr - fl;
  int64_t start = (int64_t)floor(-(cubic ? 2.0 : 1.0) / s) + 1;
  int n = (int)(2 - 2 * start);
  if (n > REF_RESIZE_TAPS)
    return -1;
  double sum = 0;
  for (int j = 0; j < n; ++j) {
    double v = fabs(s * ((double)(start + j) - ratio)), c;
    if (!cubic)
      c = v < 1 ? 1 - v : 0;
    else if (v <= 1)
      c = (a + 2) * v * v * v - (a + 3) * v * v + 1;
    else if (v < 2)
      c = a * v * v * v - 5 * a * v * v + 8 * a * v - 4 * a;
    else
      c = 0;
    w[j] = c;
    sum += c;
  }
  for (int j = 0; j < n; ++j)
    w[j] /= sum;
  *first = (int64_t)llround(xr - ratio) + start; /* x_ori - ratio: the tap at i = 0 */
  return n;
}

static double opt_number(const ref_op_t *r, const char *name, double def) {
  MlirAttribute a = mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString(name));
  return mlirAttributeIsNull(a) ? def : ref_attr_number(r, name);
}

typedef struct {
  char mode[32], coord[32], nearest[32];
  bool linear, cubic, crop, exclude, antialias;
  MlirAttribute scales, roi;
  double coeff_a, extrapolation;
} resize_attrs_t;

static resize_attrs_t read_resize_attrs(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  resize_attrs_t c;
  ref_attr_str(r, "mode", c.mode, sizeof c.mode);
  ref_attr_str(r, "coordinate_transformation_mode", c.coord, sizeof c.coord);
  ref_attr_str(r, "nearest_mode", c.nearest, sizeof c.nearest);
  c.scales = mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString("scales"));
  if (mlirAttributeIsNull(c.scales) || !mlirAttributeIsADenseF64Array(c.scales) ||
      mlirDenseArrayGetNumElements(c.scales) != x->rank || r->out->rank != x->rank)
    ref_fail(r, "'scales' must be an array<f64> with one value per dim");
  c.linear = !strcmp(c.mode, "linear");
  c.cubic = !strcmp(c.mode, "cubic");
  if (!c.linear && !c.cubic && strcmp(c.mode, "nearest"))
    ref_fail(r, "unknown mode '%s'", c.mode);
  c.crop = !strcmp(c.coord, "tf_crop_and_resize");
  c.roi = mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString("roi"));
  if (c.crop && (mlirAttributeIsNull(c.roi) || !mlirAttributeIsADenseF64Array(c.roi) ||
                 mlirDenseArrayGetNumElements(c.roi) != 2 * x->rank))
    ref_fail(r, "tf_crop_and_resize needs 'roi' with 2 * rank values");
  c.coeff_a = opt_number(r, "cubic_coeff_a", -0.75);
  MlirAttribute ea =
      mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString("exclude_outside"));
  c.exclude = !mlirAttributeIsNull(ea) && ref_attr_bool(r, "exclude_outside");
  MlirAttribute aa =
      mlirOperationGetAttributeByName(r->op, mlirStringRefCreateFromCString("antialias"));
  c.antialias = !mlirAttributeIsNull(aa) && ref_attr_bool(r, "antialias") && (c.linear || c.cubic);
  c.extrapolation = opt_number(r, "extrapolation_value", 0.0);
  return c;
}

/* The input coordinate of output index xo along dim d; *outside when a
 * crop-and-resize sample falls outside the input. */
static double source_coord(const ref_op_t *r, const resize_attrs_t *c, int d, double xo,
                           bool *outside) {
  const strata_tensor_t *x = r->in[0];
  double scale = mlirDenseF64ArrayGetElement(c->scales, d), in = (double)x->shape[d];
  double out_w = scale * in;
  if (!strcmp(c->coord, "align_corners"))
    return out_w == 1 ? 0 : xo * (in - 1) / (out_w - 1);
  if (!strcmp(c->coord, "asymmetric"))
    return xo / scale;
  if (!strcmp(c->coord, "pytorch_half_pixel"))
    return out_w == 1 ? -0.5 : (xo + 0.5) / scale - 0.5;
  if (!strcmp(c->coord, "half_pixel"))
    return (xo + 0.5) / scale - 0.5;
  if (!strcmp(c->coord, "half_pixel_symmetric"))
    return in / 2 * (1 - (double)r->out->shape[d] / out_w) + (xo + 0.5) / scale - 0.5;
  if (!c->crop)
    ref_fail(r, "unknown coordinate_transformation_mode '%s'", c->coord);
  double s0 = mlirDenseF64ArrayGetElement(c->roi, d);
  double s1 = mlirDenseF64ArrayGetElement(c->roi, d + x->rank);
  double xr = out_w == 1 ? (s1 - s0) * (in - 1) / 2 : xo * (s1 - s0) * (in - 1) / (out_w - 1);
  xr += s0 * (in - 1);
  if (xr < 0 || xr > in - 1)
    *outside = true;
  return xr;
}

/* Antialiased taps (a scale below 1): their count, positions clamped to
 * [0, last] and weights (renormalised without the outside ones when
 * exclude_outside). */
static int antialias_taps(const ref_op_t *r, const resize_attrs_t *c, double xr, double scale,
                          int64_t last, int64_t *tap, double *wt) {
  int64_t first;
  int n = antialias_coeffs(xr, scale, c->cubic, c->coeff_a, wt, &first);
  if (n < 0)
    ref_fail(r, "antialias by scale %g needs more than %d taps", scale, REF_RESIZE_TAPS);
  double sum = 0;
  for (int j = 0; j < n; ++j) {
    int64_t p = first + j;
    tap[j] = p < 0 ? 0 : p > last ? last : p;
    if (c->exclude && (p < 0 || p > last))
      wt[j] = 0;
    sum += wt[j];
  }
  for (int j = 0; j < n && c->exclude; ++j)
    wt[j] /= sum;
  return n;
}

/* Linear or cubic taps at xr: positions clamped to [0, last], weights. */
static int interpolation_taps(const resize_attrs_t *c, double xr, int64_t last, int64_t *tap,
                              double *wt) {
  double f = floor(xr), ratio = xr - f;
  int n = c->cubic ? 4 : 2;
  for (int j = 0; j < n; ++j) {
    double p = c->cubic ? f + j - 1 : f + j;
    tap[j] = p < 0 ? 0 : (int64_t)p > last ? last : (int64_t)p;
  }
  if (!c->cubic) {
    wt[0] = 1 - ratio;
    wt[1] = ratio;
    return n;
  }
  cubic_coeffs(ratio, c->coeff_a, wt);
  if (c->exclude) {
    double sum = 0;
    for (int j = 0; j < 4; ++j) {
      double p = f + j - 1;
      if (p < 0 || p > (double)last)
        wt[j] = 0;
      sum += wt[j];
    }
    for (int j = 0; j < 4; ++j)
      wt[j] /= sum;
  }
  return n;
}

/* Nearest mode: whether xr rounds to its upper neighbour. */
static bool nearest_up(const ref_op_t *r, const resize_attrs_t *c, double xr) {
  double ratio = xr - floor(xr);
  if (ratio == 0)
    return false; /* integral: the point itself */
  if (!strcmp(c->nearest, "round_prefer_floor"))
    return ratio > 0.5;
  if (!strcmp(c->nearest, "round_prefer_ceil"))
    return ratio >= 0.5;
  if (!strcmp(c->nearest, "floor"))
    return false;
  if (!strcmp(c->nearest, "ceil"))
    return true;
  ref_fail(r, "unknown nearest_mode '%s'", c->nearest);
  return false;
}

/* The sum over every combination of one tap per dim of the product of
 * their weights times the input there. */
static double weighted_sum(const strata_tensor_t *x, const int *taps,
                           int64_t tap[][REF_RESIZE_TAPS], double wt[][REF_RESIZE_TAPS]) {
  int rank = x->rank;
  int64_t corners = 1, pick[STRATA_MAX_RANK];
  for (int d = 0; d < rank; ++d)
    corners *= taps[d];
  double acc = 0;
  for (int64_t corner = 0; corner < corners; ++corner) {
    double wgt = 1;
    int64_t rest = corner;
    for (int d = 0; d < rank && wgt != 0; ++d) {
      int j = (int)(rest % taps[d]);
      rest /= taps[d];
      wgt *= wt[d][j];
      pick[d] = tap[d][j];
    }
    if (wgt != 0)
      acc += wgt * ref_get(x, ref_ravel(rank, x->shape, pick));
  }
  return acc;
}

void ref_resize(const ref_op_t *r) {
  const strata_tensor_t *x = r->in[0];
  strata_tensor_t *y = r->out;
  resize_attrs_t c = read_resize_attrs(r);
  bool nearest = !c.linear && !c.cubic;
  int rank = x->rank, taps[STRATA_MAX_RANK];
  int64_t n = strata_tensor_numel(y), oi[STRATA_MAX_RANK];
  int64_t tap[STRATA_MAX_RANK][REF_RESIZE_TAPS], pick[STRATA_MAX_RANK];
  double wt[STRATA_MAX_RANK][REF_RESIZE_TAPS];
  for (int64_t i = 0; i < n; ++i) {
    ref_unravel(i, rank, y->shape, oi);
    bool outside = false;
    for (int d = 0; d < rank; ++d) {
      double scale = mlirDenseF64ArrayGetElement(c.scales, d);
      double xr = source_coord(r, &c, d, (double)oi[d], &outside);
      int64_t last = x->shape[d] - 1;
      if (c.antialias && scale < 1) {
        taps[d] = antialias_taps(r, &c, xr, scale, last, tap[d], wt[d]);
        continue;
      }
      taps[d] = interpolation_taps(&c, xr, last, tap[d], wt[d]);
      if (nearest)
        pick[d] = tap[d][nearest_up(r, &c, xr) ? 1 : 0];
    }
    if (outside)
      ref_set(y, i, c.extrapolation);
    else if (nearest)
      ref_set(y, i, ref_get(x, ref_ravel(rank, x->shape, pick)));
    else
      ref_set(y, i, weighted_sum(x, taps, tap, wt));
  }
}
