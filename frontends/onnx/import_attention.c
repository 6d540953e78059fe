/* ONNX transformer operators -> graph dialect, composed at import time
 * from matmuls, softmax and elementwise ops (the plain lowering, until
 * fused attention kernels exist), following the ONNX reference:
 *   Attention-23/24/25  Q, K, V as [B, heads, S, D] (3-D [B, S, heads*D]
 *       split by q_num_heads/kv_num_heads); past_key/past_value
 *       concatenated before K/V along S (the present outputs); scores
 *       (Q*sqrt(scale)) @ (K*sqrt(scale))^T, softcap*tanh(./softcap); an
 *       additive bias of the mask (bool: 0 or -inf; padded with -inf to the
 *       kv length), is_causal (key j <= query i + offset, bottom-right:
 *       offset the past length, or nonpad_kv_seqlen[b] - Sq), the sliding
 *       window (left/right_window_size) and nonpad_kv_seqlen's padding;
 *       softmax (in softmax_precision), rows whose bias is all -inf set to
 *       0; @ V. Grouped-query attention (q heads a multiple of kv heads)
 *       groups the q heads as [kv heads, q/kv] against a broadcast K and V.
 *       qk_matmul_output: 0/1 the (softcapped) scores, 2 with the bias,
 *       3 the probabilities.
 *       float16/bfloat16 matmuls accumulate in f32, the float16 softmax
 *       sums in f32 (as the reference computes them).
 *   FlexAttention (ai.onnx.preview 1)  the same scores in the softmax type
 *       through the score_mod and prob_mod graphs (imported inline).
 *   RotaryEmbedding-23  x rotated by the cos/sin caches (gathered by
 *       position_ids), halves or interleaved pairs, over the first
 *       rotary_embedding_dim of each head.
 *   CausalConvWithState-27  a per-channel convolution over the past state
 *       and the input, as shifted slices times the taps; SiLU.
 *   LinearAttention-27  the linear/gated/delta recurrence on a
 *       [B, kv heads, dk, dv] state, unrolled over the static sequence.
 *   TensorScatter-24  a scatter_elements at write_indices[b] + s.
 * Shapes must be static (Attention's nonpad_kv_seqlen is a run-time
 * input): the masks are built from iotas sized at import time. */
#include <math.h>
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "core/checked_math.h"
#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define NULL_VALUE ((MlirValue){NULL})

enum { ATTN_Q, ATTN_K, ATTN_V, ATTN_MASK, ATTN_PAST_K, ATTN_PAST_V, ATTN_NONPAD };

/* The operands of one Attention node in the 4-D layout. */
typedef struct {
  MlirValue q, k, v;     /* [B, Hq, Sq, D], [B, Hkv, Skv, D], [B, Hkv, Skv, Dv] */
  strata_graph_shape_t qs, ks, vs;
  int64_t past;          /* length of past_key (0: none) */
  bool three_d;
  MlirType elem;
} attn_t;

static MlirValue transpose(onnx_node_t *n, MlirValue x, intptr_t rank, const int64_t *perm) {
  MlirNamedAttribute a = onnx_ints_attr(n, "perm", rank, perm);
  return onnx_build(n, "graph.transpose", 1, &x, NULL_TYPE, 1, &a);
}

static MlirValue concat(onnx_node_t *n, MlirValue a, MlirValue b, int64_t axis) {
  MlirValue ops[2] = {a, b};
  MlirNamedAttribute at = onnx_i64_attr(n, "axis", axis);
  return onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &at);
}

static MlirValue where(onnx_node_t *n, MlirValue c, MlirValue a, MlirValue b) {
  MlirValue ops[3] = {c, a, b};
  return onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL);
}

static bool is_static(const strata_graph_shape_t *s) {
  for (intptr_t i = 0; i < s->rank; ++i)
    if (s->dims[i] == STRATA_GRAPH_DYN)
      return false;
  return true;
}

/* Input i (Q, K or V) as [B, heads, S, head size]: a 3-D [B, S, heads*D]
 * is split by `heads` and transposed. Null after an error. */
static MlirValue to_heads(onnx_node_t *n, int i, int64_t heads, const char *attr,
                          strata_graph_shape_t *s) {
  static const char *const names[] = {"Q", "K", "V"};
  MlirValue x = onnx_input(n, i);
  if (!onnx_shape(x, s) || (s->rank != 3 && s->rank != 4) || !is_static(s)) {
    onnx_error(n, "input %s must be 3-D or 4-D with static dims", names[i]);
    return NULL_VALUE;
  }
  if (s->rank == 4)
    return x;
  if (heads < 1 || s->dims[2] % heads) {
    onnx_error(n, "%s = %lld must divide the hidden size %lld of %s", attr, (long long)heads,
               (long long)s->dims[2], names[i]);
    return NULL_VALUE;
  }
  int64_t split[4] = {s->dims[0], s->dims[1], heads, s->dims[2] / heads}, perm[4] = {0, 2, 1, 3};
  x = transpose(n, onnx_reshape(n, x, 4, split), 4, perm);
  onnx_shape(x, s);
  return x;
}

/* K or V with past (input pi, if present) concatenated along S. */
static MlirValue with_past(onnx_node_t *n, MlirValue x, int pi, strata_graph_shape_t *s) {
  if (!n->present[pi] || mlirValueIsNull(x))
    return x;
  x = concat(n, onnx_input(n, pi), x, 2);
  if (!mlirValueIsNull(x))
    onnx_shape(x, s);
  return x;
}

static bool attn_operands(onnx_node_t *n, attn_t *a) {
  for (int i = ATTN_Q; i <= ATTN_V; ++i)
    if (!onnx_need_input(n, i))
      return false;
  if (n->present[ATTN_PAST_K] != n->present[ATTN_PAST_V])
    return onnx_error(n, "past_key and past_value must be given together");
  if (n->present[ATTN_PAST_K] && n->present[ATTN_NONPAD])
    return onnx_error(n, "nonpad_kv_seqlen cannot be combined with past_key/past_value");
  intptr_t rank = onnx_rank(onnx_input(n, ATTN_Q));
  if (onnx_rank(onnx_input(n, ATTN_K)) != rank || onnx_rank(onnx_input(n, ATTN_V)) != rank)
    return onnx_error(n, "Q, K and V must have one rank, got %lld, %lld and %lld",
                      (long long)rank, (long long)onnx_rank(onnx_input(n, ATTN_K)),
                      (long long)onnx_rank(onnx_input(n, ATTN_V)));
  a->three_d = rank == 3;
  int64_t hq = onnx_attr_int(n, "q_num_heads", 0), hkv = onnx_attr_int(n, "kv_num_heads", 0);
  a->q = to_heads(n, ATTN_Q, hq, "q_num_heads", &a->qs);
  a->k = to_heads(n, ATTN_K, hkv, "kv_num_heads", &a->ks);
  a->v = to_heads(n, ATTN_V, hkv, "kv_num_heads", &a->vs);
  if (mlirValueIsNull(a->q) || mlirValueIsNull(a->k) || mlirValueIsNull(a->v))
    return false;
  a->past = 0;
  if (n->present[ATTN_PAST_K]) {
    strata_graph_shape_t ps;
    if (!onnx_shape(onnx_input(n, ATTN_PAST_K), &ps) || ps.rank != 4 || !is_static(&ps))
      return onnx_error(n, "past_key must be 4-D with static dims");
    a->past = ps.dims[2];
  }
  a->k = with_past(n, a->k, ATTN_PAST_K, &a->ks);
  a->v = with_past(n, a->v, ATTN_PAST_V, &a->vs);
  if (mlirValueIsNull(a->k) || mlirValueIsNull(a->v))
    return false;
  const int64_t *q = a->qs.dims, *k = a->ks.dims, *v = a->vs.dims;
  if (q[0] != k[0] || k[0] != v[0] || k[1] != v[1] || k[2] != v[2])
    return onnx_error(n, "K and V must have Q's batch (%lld) and one head count and length, got "
                         "K [%lld, %lld, %lld, ..] and V [%lld, %lld, %lld, ..]",
                      (long long)q[0], (long long)k[0], (long long)k[1], (long long)k[2],
                      (long long)v[0], (long long)v[1], (long long)v[2]);
  if (q[3] != k[3])
    return onnx_error(n, "Q and K must have one head size, got %lld and %lld", (long long)q[3],
                      (long long)k[3]);
  if (q[1] % k[1])
    return onnx_error(n, "the %lld query heads are not a multiple of the %lld key/value heads",
                      (long long)q[1], (long long)k[1]);
  a->elem = onnx_elem(a->q);
  return true;
}

/* 0 where allowed, -inf elsewhere, in the attention's element type. */
static MlirValue additive(onnx_node_t *n, const attn_t *a, MlirValue allowed) {
  return where(n, allowed, onnx_splat_like(n, a->q, 0.0), onnx_splat_like(n, a->q, -INFINITY));
}

static MlirValue add_bias(onnx_node_t *n, MlirValue bias, MlirValue term) {
  return mlirValueIsNull(bias) ? term : onnx_binary(n, "graph.add", bias, term);
}

/* attn_mask as an additive bias, its last dim padded to the kv length
 * (bool: false, float: -inf). Null (and *ok false) after an error. */
static MlirValue mask_bias(onnx_node_t *n, const attn_t *a, bool *ok) {
  MlirValue m = onnx_input(n, ATTN_MASK);
  strata_graph_shape_t s;
  int64_t skv = a->ks.dims[2];
  if (!onnx_shape(m, &s) || s.rank < 1 || s.rank > 4 || !is_static(&s) ||
      s.dims[s.rank - 1] > skv) {
    *ok = false;
    onnx_error(n, "attn_mask must have rank 1 to 4, static dims and at most %lld (the kv "
                  "length) in its last dim", (long long)skv);
    return NULL_VALUE;
  }
  bool is_bool = mlirTypeIsAInteger(onnx_elem(m)) && mlirIntegerTypeGetWidth(onnx_elem(m)) == 1;
  if (s.dims[s.rank - 1] < skv) {
    int64_t pads[2 * STRATA_GRAPH_MAX_RANK] = {0};
    pads[2 * s.rank - 1] = skv - s.dims[s.rank - 1];
    MlirNamedAttribute pa[2] = {
        onnx_ints_attr(n, "pads", 2 * s.rank, pads),
        onnx_scalar_attr(n, "pad_value", onnx_elem(m), is_bool ? 0.0 : -INFINITY)};
    m = onnx_build(n, "graph.pad", 1, &m, NULL_TYPE, 2, pa);
  }
  return is_bool ? additive(n, a, m) : onnx_cast_to(n, m, a->elem);
}

/* x <op> bound, an i64 x against a constant. */
static MlirValue compare(onnx_node_t *n, const char *op, MlirValue x, int64_t bound) {
  return onnx_binary(n, op, x, onnx_splat_like(n, x, (double)bound));
}

/* The bias of is_causal, the sliding window and nonpad_kv_seqlen, on
 * diff = query position (i + offset) - key position j, [1 or B, 1, Sq, Skv]. */
static MlirValue position_bias(onnx_node_t *n, const attn_t *a, MlirValue bias, bool causal,
                               int64_t left, int64_t right) {
  int64_t sq = a->qs.dims[2], skv = a->ks.dims[2];
  MlirValue j = onnx_iota(n, 4, 3, skv), nonpad = NULL_VALUE;
  if (n->present[ATTN_NONPAD]) {
    int64_t d[4] = {STRATA_GRAPH_DYN, 1, 1, 1};
    nonpad = onnx_cast_to(n, onnx_input(n, ATTN_NONPAD), mlirIntegerTypeGet(n->ctx, 64));
    nonpad = onnx_reshape(n, nonpad, 4, d);
    bias = add_bias(n, bias, additive(n, a, onnx_binary(n, "graph.less", j, nonpad)));
  }
  if (!causal && left < 0 && right < 0)
    return bias;
  /* offset: the past length, or nonpad_kv_seqlen[b] - Sq (external cache) */
  MlirValue pos = onnx_iota(n, 4, 2, sq);
  if (!mlirValueIsNull(nonpad))
    pos = onnx_binary(n, "graph.add", pos,
                      onnx_binary(n, "graph.sub", nonpad, onnx_splat_like(n, nonpad, (double)sq)));
  else if (a->past)
    pos = onnx_binary(n, "graph.add", pos, onnx_splat_like(n, pos, (double)a->past));
  MlirValue diff = onnx_binary(n, "graph.sub", pos, j);
  if (causal) /* j <= i + offset: diff > -1 */
    bias = add_bias(n, bias, additive(n, a, compare(n, "graph.greater", diff, -1)));
  if (left >= 0) /* diff <= left */
    bias = add_bias(n, bias, additive(n, a, compare(n, "graph.less", diff, left + 1)));
  if (right >= 0) /* -diff <= right: diff > -right - 1 */
    bias = add_bias(n, bias, additive(n, a, compare(n, "graph.greater", diff, -right - 1)));
  return bias;
}

/* The additive bias of the scores ([.., Sq, Skv], broadcast), null when
 * nothing masks; *ok false after an error. */
static MlirValue attn_bias(onnx_node_t *n, const attn_t *a, bool *ok) {
  bool causal = onnx_attr_int(n, "is_causal", 0) != 0;
  int64_t left = onnx_attr_int(n, "left_window_size", -1);
  int64_t right = onnx_attr_int(n, "right_window_size", -1);
  if (left < -1 || right < -1) {
    *ok = false;
    onnx_error(n, "left_window_size and right_window_size must be -1 or >= 0, got %lld and %lld",
               (long long)left, (long long)right);
    return NULL_VALUE;
  }
  MlirValue bias = NULL_VALUE;
  if (n->present[ATTN_MASK]) {
    bias = mask_bias(n, a, ok);
    if (!*ok)
      return NULL_VALUE;
  }
  bias = position_bias(n, a, bias, causal, left, right);
  if (mlirValueIsNull(bias) && (n->present[ATTN_MASK] || causal || left >= 0 || right >= 0 ||
                                n->present[ATTN_NONPAD]))
    *ok = false;
  return bias;
}

/* x [B, Hq, M, K] @ y [B, Hkv, K, N] -> [B, Hq, M, N], the q heads grouped
 * as [Hkv, Hq/Hkv] against y broadcast over the group. */
static MlirValue grouped_matmul(onnx_node_t *n, MlirValue x, MlirValue y) {
  strata_graph_shape_t xs, ys;
  if (mlirValueIsNull(x) || mlirValueIsNull(y))
    return NULL_VALUE;
  onnx_shape(x, &xs);
  onnx_shape(y, &ys);
  MlirType elem = onnx_elem(x);
  if (mlirTypeIsAF16(elem) || mlirTypeIsABF16(elem)) {
    MlirType f32 = mlirF32TypeGet(n->ctx);
    x = onnx_cast_to(n, x, f32);
    y = onnx_cast_to(n, y, f32);
  }
  int64_t hkv = ys.dims[1], r = xs.dims[1] / hkv;
  if (r == 1)
    return onnx_cast_to(n, onnx_matmul(n, x, y), elem);
  int64_t xg[5] = {xs.dims[0], hkv, r, xs.dims[2], xs.dims[3]};
  int64_t yg[5] = {ys.dims[0], hkv, 1, ys.dims[2], ys.dims[3]};
  MlirValue z = onnx_matmul(n, onnx_reshape(n, x, 5, xg), onnx_reshape(n, y, 5, yg));
  int64_t out[4] = {xs.dims[0], xs.dims[1], xs.dims[2], ys.dims[3]};
  return onnx_cast_to(n, onnx_reshape(n, z, 4, out), elem);
}

/* softmax of the biased scores in softmax_precision, rows whose bias is
 * all -inf (nothing to attend) set to 0 -- but for is_causal alone, which
 * always lets key 0 through. Null after an error. */
static MlirValue probabilities(onnx_node_t *n, const attn_t *a, MlirValue scores,
                               MlirValue bias) {
  int64_t prec = onnx_attr_int(n, "softmax_precision", 0);
  MlirType t = prec ? onnx_elem_type(n->ctx, (int32_t)prec) : a->elem;
  if (mlirTypeIsNull(t) || !(mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) ||
                             mlirTypeIsAF64(t))) {
    onnx_error(n, "softmax_precision %lld is not a float type (1, 10, 11 or 16)",
               (long long)prec);
    return NULL_VALUE;
  }
  MlirValue x = onnx_cast_to(n, scores, t), p;
  if (mlirTypeIsAF16(t)) {
    p = onnx_softmax_f16(n, x, onnx_rank(x) - 1);
  } else {
    MlirNamedAttribute axis = onnx_i64_attr(n, "axis", 3);
    p = onnx_build(n, "graph.softmax", 1, &x, NULL_TYPE, 1, &axis);
  }
  bool causal_only = !n->present[ATTN_MASK] && !n->present[ATTN_NONPAD] &&
                     onnx_attr_int(n, "left_window_size", -1) < 0 &&
                     onnx_attr_int(n, "right_window_size", -1) < 0;
  if (!mlirValueIsNull(bias) && !causal_only) {
    int64_t last = onnx_rank(bias) - 1;
    MlirValue m = onnx_reduce(n, "graph.reduce_max", bias, 1, &last, true);
    MlirValue none = onnx_binary(n, "graph.equal", m, onnx_splat_like(n, m, -INFINITY));
    p = where(n, none, onnx_splat_like(n, p, 0.0), p);
  }
  return onnx_cast_to(n, p, a->elem);
}

static bool map_attention(onnx_node_t *n) {
  attn_t a;
  if (!attn_operands(n, &a))
    return false;
  int64_t mode = onnx_attr_int(n, "qk_matmul_output_mode", 0);
  if (mode < 0 || mode > 3)
    return onnx_error(n, "qk_matmul_output_mode must be 0, 1, 2 or 3, got %lld", (long long)mode);
  const Onnx__AttributeProto *sa = onnx_attr(n, "scale");
  double scale = sa ? onnx_attr_float(n, "scale", 1.0f) : 1.0 / sqrt((double)a.qs.dims[3]);
  if (!(scale > 0))
    return onnx_error(n, "scale must be > 0, got %g", scale);
  /* scaled as the reference: Q and K each by sqrt(scale), in their type */
  MlirValue s = onnx_splat_like(n, a.q, sqrt(scale));
  int64_t perm[4] = {0, 1, 3, 2};
  MlirValue kt = transpose(n, onnx_binary(n, "graph.mul", a.k, s), 4, perm);
  MlirValue qk = grouped_matmul(n, onnx_binary(n, "graph.mul", a.q, s), kt);
  double softcap = onnx_attr_float(n, "softcap", 0.0f);
  if (softcap > 0) {
    MlirValue c = onnx_splat_like(n, a.q, softcap);
    qk = onnx_binary(n, "graph.mul",
                     onnx_unary(n, "graph.tanh", onnx_binary(n, "graph.div", qk, c)), c);
  }
  bool ok = true;
  MlirValue bias = attn_bias(n, &a, &ok);
  if (!ok || mlirValueIsNull(qk))
    return false;
  MlirValue biased = mlirValueIsNull(bias) ? qk : onnx_binary(n, "graph.add", qk, bias);
  MlirValue p = probabilities(n, &a, biased, bias);
  MlirValue y = grouped_matmul(n, p, a.v);
  if (mlirValueIsNull(y))
    return false;
  if (a.three_d) {
    int64_t tperm[4] = {0, 2, 1, 3}, d[3] = {a.qs.dims[0], a.qs.dims[2], STRATA_GRAPH_DYN};
    strata_graph_shape_t ys;
    onnx_shape(y, &ys);
    if (!strata_mul_i64(ys.dims[1], ys.dims[3], &d[2]))
      return onnx_error(n, "heads x head size overflows int64");
    y = onnx_reshape(n, transpose(n, y, 4, tperm), 3, d);
  }
  onnx_set_output(n, 1, a.k);
  onnx_set_output(n, 2, a.v);
  onnx_set_output(n, 3, mode == 3 ? p : mode == 2 ? biased : qk);
  return onnx_out(n, y);
}

/* x[start:end:step] along axis (negative: from the last). */
static MlirValue slice_axis(onnx_node_t *n, MlirValue x, intptr_t axis, int64_t start,
                            int64_t end, int64_t step) {
  strata_graph_shape_t s;
  if (mlirValueIsNull(x))
    return x;
  onnx_shape(x, &s);
  if (axis < 0)
    axis += s.rank;
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i) {
    starts[i] = 0;
    ends[i] = s.dims[i];
    steps[i] = 1;
  }
  starts[axis] = start;
  ends[axis] = end;
  steps[axis] = step;
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                             onnx_ints_attr(n, "ends", s.rank, ends),
                             onnx_ints_attr(n, "steps", s.rank, steps)};
  return onnx_build(n, "graph.slice", 1, &x, NULL_TYPE, 3, a);
}

static MlirValue last_slice(onnx_node_t *n, MlirValue x, int64_t start, int64_t end,
                            int64_t step) {
  return slice_axis(n, x, -1, start, end, step);
}

/* cos_cache or sin_cache (input i) as [B, S, rd/2] (gathered by
 * position_ids when given), laid out against x: [B, 1, S, rd/2] for the
 * 4-D [B, H, S, D], [B, S, 1, rd/2] for [B, S, H, D]. */
static MlirValue rotary_cache(onnx_node_t *n, int i, bool heads_first, int64_t half) {
  MlirValue c = onnx_input(n, i);
  if (n->present[3]) {
    c = onnx_gather(n, c, onnx_input(n, 3), 0);
  }
  strata_graph_shape_t s;
  if (mlirValueIsNull(c))
    return c;
  onnx_shape(c, &s);
  if (s.rank != 3 || s.dims[2] != half) {
    onnx_error(n, "%s must give [batch, sequence, %lld] (rotary_embedding_dim / 2)",
               i == 1 ? "cos_cache" : "sin_cache", (long long)half);
    return NULL_VALUE;
  }
  return onnx_insert_unit_dim(n, c, heads_first ? 1 : 2);
}

static bool map_rotary_embedding(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  MlirValue x = onnx_input(n, 0);
  strata_graph_shape_t s, orig;
  if (!onnx_shape(x, &orig) || (orig.rank != 3 && orig.rank != 4) || !is_static(&orig))
    return onnx_error(n, "the input must be 3-D or 4-D with static dims");
  if (orig.rank == 3) { /* [B, S, H*D] -> [B, S, H, D] */
    int64_t h = onnx_attr_int(n, "num_heads", 0);
    if (h < 1 || orig.dims[2] % h)
      return onnx_error(n, "num_heads = %lld must divide the hidden size %lld", (long long)h,
                        (long long)orig.dims[2]);
    int64_t d[4] = {orig.dims[0], orig.dims[1], h, orig.dims[2] / h};
    x = onnx_reshape(n, x, 4, d);
  }
  onnx_shape(x, &s);
  int64_t head = s.dims[3], rd = onnx_attr_int(n, "rotary_embedding_dim", 0);
  if (rd == 0)
    rd = head;
  if (rd < 0 || rd > head || rd % 2)
    return onnx_error(n, "rotary_embedding_dim %lld must be even and at most the head size %lld",
                      (long long)rd, (long long)head);
  bool inter = onnx_attr_int(n, "interleaved", 0) != 0;
  MlirValue cos = rotary_cache(n, 1, orig.rank == 4, rd / 2);
  MlirValue sin = rotary_cache(n, 2, orig.rank == 4, rd / 2);
  if (mlirValueIsNull(cos) || mlirValueIsNull(sin))
    return false;
  MlirValue x1 = inter ? last_slice(n, x, 0, rd, 2) : last_slice(n, x, 0, rd / 2, 1);
  MlirValue x2 = inter ? last_slice(n, x, 1, rd, 2) : last_slice(n, x, rd / 2, rd, 1);
  MlirValue re = onnx_binary(n, "graph.sub", onnx_binary(n, "graph.mul", cos, x1),
                             onnx_binary(n, "graph.mul", sin, x2));
  MlirValue im = onnx_binary(n, "graph.add", onnx_binary(n, "graph.mul", sin, x1),
                             onnx_binary(n, "graph.mul", cos, x2));
  MlirValue rot;
  if (inter) { /* pairs (re, im) side by side */
    rot = concat(n, onnx_insert_unit_dim(n, re, 4), onnx_insert_unit_dim(n, im, 4), 4);
    int64_t d[4] = {s.dims[0], s.dims[1], s.dims[2], rd};
    rot = onnx_reshape(n, rot, 4, d);
  } else {
    rot = concat(n, re, im, 3);
  }
  MlirValue y = rd < head ? concat(n, rot, last_slice(n, x, rd, head, 1), 3) : rot;
  if (orig.rank == 3)
    y = onnx_reshape(n, y, 3, orig.dims);
  return onnx_out(n, y);
}

/* float16/bfloat16 x in f32 (else x). */
static MlirValue widen(onnx_node_t *n, MlirValue x) {
  if (mlirValueIsNull(x) || !(mlirTypeIsAF16(onnx_elem(x)) || mlirTypeIsABF16(onnx_elem(x))))
    return x;
  return onnx_cast_to(n, x, mlirF32TypeGet(n->ctx));
}

/* x [B, C, L] with K - 1 steps of state before it (past_state, or zeros),
 * convolved per channel with weight [C, 1, K] (+ bias): the sum over the
 * K taps of the shifted input times the tap's weights, in f32 for 16-bit
 * types; optionally SiLU; present_state the last K - 1 steps. */
static bool map_causal_conv(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue x = onnx_input(n, 0), w = onnx_input(n, 1);
  strata_graph_shape_t xs, ws;
  if (!onnx_shape(x, &xs) || !onnx_shape(w, &ws) || xs.rank != 3 || ws.rank != 3 ||
      !is_static(&xs) || !is_static(&ws) || ws.dims[0] != xs.dims[1] || ws.dims[1] != 1 ||
      ws.dims[2] < 1)
    return onnx_error(n, "input must be [batch, channels, length] and weight [channels, 1, k] "
                         "with static dims");
  char buf[16];
  const char *act = onnx_attr_string(n, "activation", "none", buf, sizeof buf);
  bool silu = !strcmp(act, "silu") || !strcmp(act, "swish");
  if (!silu && strcmp(act, "none"))
    return onnx_error(n, "activation must be 'none', 'silu' or 'swish', got '%s'", act);
  int64_t c = xs.dims[1], len = xs.dims[2], k = ws.dims[2];
  MlirValue padded = x;
  if (n->present[3]) {
    padded = concat(n, onnx_input(n, 3), x, 2);
  } else if (k > 1) {
    int64_t pads[6] = {0, 0, k - 1, 0, 0, 0};
    MlirNamedAttribute pa[2] = {onnx_ints_attr(n, "pads", 6, pads),
                                onnx_scalar_attr(n, "pad_value", onnx_elem(x), 0.0)};
    padded = onnx_build(n, "graph.pad", 1, &x, NULL_TYPE, 2, pa);
  }
  strata_graph_shape_t ps;
  if (mlirValueIsNull(padded) || !onnx_shape(padded, &ps) || ps.dims[2] != len + k - 1)
    return mlirValueIsNull(padded) ? false
                                   : onnx_error(n, "past_state must have %lld steps",
                                                (long long)(k - 1));
  MlirValue wide = widen(n, padded), acc = NULL_VALUE;
  int64_t per_channel[3] = {1, c, 1};
  for (int64_t t = 0; t < k; ++t) {
    MlirValue tap = onnx_reshape(n, widen(n, last_slice(n, w, t, t + 1, 1)), 3, per_channel);
    MlirValue term = onnx_binary(n, "graph.mul", last_slice(n, wide, t, t + len, 1), tap);
    acc = t ? onnx_binary(n, "graph.add", acc, term) : term;
  }
  if (n->present[2])
    acc = onnx_binary(n, "graph.add", acc, onnx_reshape(n, widen(n, onnx_input(n, 2)), 3, per_channel));
  MlirValue y = onnx_cast_to(n, acc, onnx_elem(x));
  if (silu) {
    MlirValue f = widen(n, y);
    y = onnx_cast_to(n, onnx_binary(n, "graph.mul", f, onnx_unary(n, "graph.sigmoid", f)),
                     onnx_elem(x));
  }
  onnx_set_output(n, 1, last_slice(n, padded, len, len + k - 1, 1));
  return onnx_out(n, y);
}

enum { LIN_Q, LIN_K, LIN_V, LIN_PAST, LIN_DECAY, LIN_BETA };
enum { LINEAR_MAX_STEPS = 1024 };

/* Input i of LinearAttention ([B, T, heads*d] in f32) as [B, heads, T, d]
 * (heads dividing the last dim), or null after an error. */
static MlirValue lin_heads(onnx_node_t *n, int i, int64_t heads, const char *what) {
  MlirValue x = onnx_input(n, i);
  strata_graph_shape_t s;
  if (!onnx_shape(x, &s) || s.rank != 3 || !is_static(&s) || s.dims[2] % heads) {
    onnx_error(n, "%s must be [batch, sequence, heads * size] with static dims, the size a "
                  "multiple of %lld",
               what, (long long)heads);
    return NULL_VALUE;
  }
  int64_t split[4] = {s.dims[0], s.dims[1], heads, s.dims[2] / heads}, perm[4] = {0, 2, 1, 3};
  return transpose(n, onnx_reshape(n, widen(n, x), 4, split), 4, perm);
}

/* One step t of the recurrence on state [B, Hkv, dk, dv] (f32):
 *   gated:  state *= exp(decay_t) (per key dim or per head)
 *   delta:  v_t = beta_t * (v_t - k_t . state)
 *   state += k_t^T v_t;  y_t = scale * q_t . state (q heads grouped). */
static MlirValue lin_step(onnx_node_t *n, MlirValue *state, MlirValue q, MlirValue k, MlirValue v,
                          MlirValue decay, MlirValue beta, MlirValue scale, int64_t t) {
  MlirValue qt = slice_axis(n, q, 2, t, t + 1, 1), kt = slice_axis(n, k, 2, t, t + 1, 1);
  MlirValue vt = slice_axis(n, v, 2, t, t + 1, 1); /* [B, H, 1, d] */
  int64_t perm[4] = {0, 1, 3, 2};
  if (!mlirValueIsNull(decay)) /* [B, Hkv, 1, dk or 1] -> [B, Hkv, dk or 1, 1] */
    *state = onnx_binary(n, "graph.mul", *state,
                         onnx_unary(n, "graph.exp",
                                    transpose(n, slice_axis(n, decay, 2, t, t + 1, 1), 4, perm)));
  if (!mlirValueIsNull(beta)) {
    MlirValue got = onnx_matmul(n, kt, *state);
    vt = onnx_binary(n, "graph.mul", slice_axis(n, beta, 2, t, t + 1, 1),
                     onnx_binary(n, "graph.sub", vt, got));
  }
  *state = onnx_binary(n, "graph.add", *state, onnx_matmul(n, transpose(n, kt, 4, perm), vt));
  return onnx_binary(n, "graph.mul", grouped_matmul(n, qt, *state), scale);
}

/* LinearAttention-27 unrolled over its static sequence (at most
 * LINEAR_MAX_STEPS): the recurrence of lin_step in f32 from past_state (or
 * zeros); output [B, T, Hq*dv] and present_state in the input types. */
static bool map_linear_attention(onnx_node_t *n) {
  for (int i = LIN_Q; i <= LIN_V; ++i)
    if (!onnx_need_input(n, i))
      return false;
  int64_t hq = onnx_attr_int(n, "q_num_heads", 0), hkv = onnx_attr_int(n, "kv_num_heads", 0);
  if (hq < 1 || hkv < 1 || hq % hkv)
    return onnx_error(n, "q_num_heads (%lld) must be a positive multiple of kv_num_heads (%lld)",
                      (long long)hq, (long long)hkv);
  char buf[16];
  const char *rule = onnx_attr_string(n, "update_rule", "gated_delta", buf, sizeof buf);
  bool gated = !strcmp(rule, "gated") || !strcmp(rule, "gated_delta");
  bool delta = !strcmp(rule, "delta") || !strcmp(rule, "gated_delta");
  if (!gated && !delta && strcmp(rule, "linear"))
    return onnx_error(n, "update_rule must be 'linear', 'gated', 'delta' or 'gated_delta', got "
                         "'%s'", rule);
  if (gated != n->present[LIN_DECAY] || delta != n->present[LIN_BETA])
    return onnx_error(n, "update_rule '%s' takes %s decay and %s beta", rule,
                      gated ? "a" : "no", delta ? "a" : "no");
  MlirValue q = lin_heads(n, LIN_Q, hq, "query"), k = lin_heads(n, LIN_K, hkv, "key");
  MlirValue v = lin_heads(n, LIN_V, hkv, "value"), decay = NULL_VALUE, beta = NULL_VALUE;
  if (mlirValueIsNull(q) || mlirValueIsNull(k) || mlirValueIsNull(v))
    return false;
  strata_graph_shape_t qs, ks, vs;
  onnx_shape(q, &qs);
  onnx_shape(k, &ks);
  onnx_shape(v, &vs);
  int64_t b = qs.dims[0], steps = qs.dims[2], dk = ks.dims[3], dv = vs.dims[3];
  if (qs.dims[3] != dk || ks.dims[2] != steps || vs.dims[2] != steps || ks.dims[0] != b ||
      vs.dims[0] != b)
    return onnx_error(n, "query, key and value must have one batch, sequence and key size");
  if (steps > LINEAR_MAX_STEPS)
    return onnx_error(n, "a sequence of %lld steps is unrolled at import time: at most %d",
                      (long long)steps, LINEAR_MAX_STEPS);
  if (gated) {
    strata_graph_shape_t s;
    onnx_shape(onnx_input(n, LIN_DECAY), &s);
    if (s.rank != 3 || (s.dims[2] != hkv && s.dims[2] != hkv * dk))
      return onnx_error(n, "decay must be [batch, sequence, %lld or %lld]", (long long)hkv,
                        (long long)(hkv * dk));
    decay = lin_heads(n, LIN_DECAY, hkv, "decay");
    if (mlirValueIsNull(decay))
      return false;
  }
  if (delta) {
    strata_graph_shape_t s;
    onnx_shape(onnx_input(n, LIN_BETA), &s);
    if (s.rank != 3 || (s.dims[2] != hkv && s.dims[2] != 1))
      return onnx_error(n, "beta must be [batch, sequence, %lld or 1]", (long long)hkv);
    beta = lin_heads(n, LIN_BETA, s.dims[2], "beta");
  }
  MlirType state_type = onnx_elem(onnx_input(n, LIN_Q));
  int64_t sdims[4] = {b, hkv, dk, dv};
  MlirValue state;
  if (n->present[LIN_PAST]) {
    MlirValue past = onnx_input(n, LIN_PAST);
    strata_graph_shape_t s;
    if (!onnx_shape(past, &s) || s.rank != 4 || memcmp(s.dims, sdims, sizeof sdims))
      return onnx_error(n, "past_state must be [%lld, %lld, %lld, %lld]", (long long)b,
                        (long long)hkv, (long long)dk, (long long)dv);
    state_type = onnx_elem(past);
    state = widen(n, past);
  } else {
    MlirValue zero = onnx_splat_like(n, q, 0.0);
    state = onnx_build(n, "graph.expand", 1, &zero,
                       mlirRankedTensorTypeGet(4, sdims, onnx_elem(q), mlirAttributeGetNull()), 0,
                       NULL);
  }
  double sv = onnx_attr_float(n, "scale", 0.0f);
  MlirValue scale = onnx_splat_like(n, q, sv == 0.0 ? 1.0 / sqrt((double)dk) : sv), y = NULL_VALUE;
  for (int64_t t = 0; t < steps && !mlirValueIsNull(state); ++t) {
    MlirValue yt = lin_step(n, &state, q, k, v, decay, beta, scale, t);
    y = t ? concat(n, y, yt, 2) : yt;
  }
  if (mlirValueIsNull(y) || mlirValueIsNull(state))
    return false;
  int64_t perm[4] = {0, 2, 1, 3}, out[3] = {b, steps, hq * dv};
  y = onnx_reshape(n, transpose(n, y, 4, perm), 3, out);
  onnx_set_output(n, 1, onnx_cast_to(n, state, state_type));
  return onnx_out(n, onnx_cast_to(n, y, onnx_elem(onnx_input(n, LIN_Q))));
}

/* TensorScatter-24: update [.., S, ..] written into past_cache [.., M, ..]
 * along axis at positions write_indices[b] + s (mod M when circular): a
 * scatter_elements whose indices are those positions expanded to the
 * update's shape. */
static bool map_tensor_scatter(onnx_node_t *n) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue past = onnx_input(n, 0), upd = onnx_input(n, 1);
  strata_graph_shape_t ps, us;
  int64_t axis;
  if (!onnx_shape(past, &ps) || !onnx_shape(upd, &us) || !is_static(&ps) || !is_static(&us) ||
      ps.rank != us.rank || ps.rank < 2)
    return onnx_error(n, "past_cache and update must have one rank (>= 2) and static dims");
  if (!onnx_axis(n, onnx_attr_int(n, "axis", -2), ps.rank, &axis))
    return false;
  if (axis == 0)
    return onnx_error(n, "axis must not be the batch dim 0");
  for (intptr_t i = 0; i < ps.rank; ++i)
    if (i == axis ? us.dims[i] > ps.dims[i] : us.dims[i] != ps.dims[i])
      return onnx_error(n, "update dim %lld is %lld, past_cache's is %lld (expected %s)",
                        (long long)i, (long long)us.dims[i], (long long)ps.dims[i],
                        i == axis ? "at most it" : "equal");
  char buf[16];
  const char *mode = onnx_attr_string(n, "mode", "linear", buf, sizeof buf);
  bool circular = !strcmp(mode, "circular");
  if (!circular && strcmp(mode, "linear"))
    return onnx_error(n, "mode must be 'linear' or 'circular', got '%s'", mode);
  MlirType i64 = mlirIntegerTypeGet(n->ctx, 64);
  MlirValue pos = onnx_iota(n, us.rank, (intptr_t)axis, us.dims[axis]);
  if (n->present[2]) {
    int64_t d[STRATA_GRAPH_MAX_RANK];
    for (intptr_t i = 0; i < us.rank; ++i)
      d[i] = i ? 1 : us.dims[0];
    pos = onnx_binary(n, "graph.add", pos,
                      onnx_reshape(n, onnx_cast_to(n, onnx_input(n, 2), i64), us.rank, d));
  }
  if (circular) { /* the sign of the divisor (M > 0), as Python's % */
    MlirValue ops[2] = {pos, onnx_splat_like(n, pos, (double)ps.dims[axis])};
    MlirNamedAttribute fa = onnx_bool_attr(n, "fmod", false);
    pos = onnx_build(n, "graph.mod", 2, ops, NULL_TYPE, 1, &fa);
  }
  pos = onnx_build(n, "graph.expand", 1, &pos, strata_graph_shape_to_type(&us, i64), 0, NULL);
  MlirValue ops[3] = {past, pos, upd};
  MlirNamedAttribute a[2] = {onnx_i64_attr(n, "axis", axis), onnx_str_attr(n, "reduction", "none")};
  return onnx_out(n, onnx_build(n, "graph.scatter_elements", 3, ops, NULL_TYPE, 2, a));
}

/* x through the graph attribute `name` (one input, one output) when the
 * node has it, else x. Null after an error. */
static MlirValue apply_mod(onnx_node_t *n, const char *name, MlirValue x) {
  const Onnx__AttributeProto *a = onnx_attr(n, name);
  if (!a || mlirValueIsNull(x))
    return x;
  if (!a->g || a->g->n_input != 1 || a->g->n_output != 1) {
    onnx_error(n, "%s must be a graph of one input and one output", name);
    return NULL_VALUE;
  }
  onnx_item_t in = {.value = x}, out;
  if (!onnx_import_subgraph(n, a->g, &in, 1, &out, 1))
    return NULL_VALUE;
  MlirValue y = onnx_item_value(n, &out);
  onnx_item_free(&out);
  if (!mlirValueIsNull(y) && !mlirTypeEqual(mlirValueGetType(y), mlirValueGetType(x))) {
    onnx_error(n, "%s must keep its input's type", name);
    return NULL_VALUE;
  }
  return y;
}

/* FlexAttention (ai.onnx.preview 1): 4-D Q, K, V (GQA as Attention's);
 * scores (Q*sqrt(scale)) @ (K*sqrt(scale))^T in Q's type, then in the
 * softmax type (softmax_precision; float16/bfloat16: f32) through
 * score_mod, softmax, prob_mod, @ V; the result in V's type. */
static bool map_flex_attention(onnx_node_t *n) {
  for (int i = 0; i < 3; ++i)
    if (!onnx_need_input(n, i))
      return false;
  strata_graph_shape_t qs, ks, vs;
  MlirValue q = onnx_input(n, 0), k = onnx_input(n, 1), v = onnx_input(n, 2);
  if (!onnx_shape(q, &qs) || !onnx_shape(k, &ks) || !onnx_shape(v, &vs) || qs.rank != 4 ||
      ks.rank != 4 || vs.rank != 4 || !is_static(&qs) || !is_static(&ks) || !is_static(&vs))
    return onnx_error(n, "Q, K and V must be 4-D with static dims");
  if (ks.dims[1] != vs.dims[1] || ks.dims[2] != vs.dims[2] || qs.dims[3] != ks.dims[3] ||
      qs.dims[1] % ks.dims[1])
    return onnx_error(n, "K and V must share heads and length, Q and K the head size, and Q's "
                         "heads (%lld) be a multiple of K's (%lld)",
                      (long long)qs.dims[1], (long long)ks.dims[1]);
  int64_t prec = onnx_attr_int(n, "softmax_precision", 0);
  MlirType qe = onnx_elem(q);
  MlirType t = prec                                        ? onnx_elem_type(n->ctx, (int32_t)prec)
               : mlirTypeIsAF16(qe) || mlirTypeIsABF16(qe) ? mlirF32TypeGet(n->ctx)
                                                           : qe;
  if (mlirTypeIsNull(t) || !(mlirTypeIsAF32(t) || mlirTypeIsAF16(t) || mlirTypeIsABF16(t) ||
                             mlirTypeIsAF64(t)))
    return onnx_error(n, "softmax_precision %lld is not a float type (1, 10, 11 or 16)",
                      (long long)prec);
  const Onnx__AttributeProto *sa = onnx_attr(n, "scale");
  double scale = sa ? onnx_attr_float(n, "scale", 1.0f) : 1.0 / sqrt((double)qs.dims[3]);
  if (!(scale > 0))
    return onnx_error(n, "scale must be > 0, got %g", scale);
  MlirValue s = onnx_splat_like(n, q, sqrt((double)(float)scale));
  int64_t perm[4] = {0, 1, 3, 2};
  MlirValue kt = transpose(n, onnx_binary(n, "graph.mul", k, s), 4, perm);
  MlirValue x = onnx_cast_to(n, grouped_matmul(n, onnx_binary(n, "graph.mul", q, s), kt), t);
  x = apply_mod(n, "score_mod", x);
  MlirNamedAttribute axis = onnx_i64_attr(n, "axis", 3);
  MlirValue p = mlirValueIsNull(x) ? x : onnx_build(n, "graph.softmax", 1, &x, NULL_TYPE, 1, &axis);
  p = apply_mod(n, "prob_mod", p);
  MlirValue y = grouped_matmul(n, p, onnx_cast_to(n, v, t));
  return onnx_out(n, onnx_cast_to(n, y, onnx_elem(v)));
}

/* Domain ai.onnx.preview. */
const onnx_mapping_t strata_onnx_preview_ops[] = {
    {"FlexAttention", map_flex_attention},
    {NULL, NULL},
};

const onnx_mapping_t strata_onnx_attention_ops[] = {
    {"Attention", map_attention},
    {"RotaryEmbedding", map_rotary_embedding},
    {"CausalConvWithState", map_causal_conv},
    {"LinearAttention", map_linear_attention},
    {"TensorScatter", map_tensor_scatter},
    {NULL, NULL},
};
