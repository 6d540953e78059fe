/* ONNX sequence and optional operators, resolved at import time: a
 * sequence is the importer's list of its tensors (seq_value.c), so
 * SequenceEmpty/Construct/Insert/Erase/At/Length and Optional,
 * OptionalHasElement/GetElement only edit or read that list, with
 * positions that must be known at import time (constants, or values given
 * for specialization). SplitToSequence becomes graph.slice (+ reshape for
 * keepdims 0) per element and ConcatFromSequence a chain of graph.concat
 * (+ reshape for new_axis); SequenceMap imports its body once per element,
 * Loop once per iteration (trip count and conditions known at import), If
 * imports the taken branch (condition known) or both around selects.
 * A position known only at run time is an error naming the node. */
#include <stdlib.h>
#include <string.h>

#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})
#define END_OF_DIM INT64_MAX

static bool set_seq(onnx_node_t *n, onnx_seq_t *s) {
  onnx_item_t it;
  memset(&it, 0, sizeof it);
  it.seq = s;
  onnx_set_item_output(n, 0, &it);
  return true;
}

/* A constant position input, checked against [lo, hi] and normalized
 * (negative counts from the back: + len). */
static bool position(onnx_node_t *n, int i, int len, int lo, int hi, int *out) {
  if (!n->in_const[i])
    return onnx_error(n, "input 'position' must be known at import time (an initializer, a "
                         "Constant or a given input value): sequences are resolved at import "
                         "time");
  int64_t p;
  int64_t k = onnx_const_ints(n, i, "position", &p, 1);
  if (k < 0)
    return false;
  if (k != 1)
    return onnx_error(n, "input 'position' must hold one value, not %lld", (long long)k);
  if (p < lo || p > hi)
    return onnx_error(n, "position %lld is out of range [%d, %d] for a sequence of %d",
                      (long long)p, lo, hi, len);
  *out = (int)(p < 0 ? p + len : p);
  return true;
}

static bool map_sequence_empty(onnx_node_t *n) {
  int32_t t = (int32_t)onnx_attr_int(n, "dtype", ONNX__TENSOR_PROTO__DATA_TYPE__FLOAT);
  if (mlirTypeIsNull(onnx_elem_type(n->ctx, t)))
    return onnx_error(n, "unsupported element type '%s'", onnx_type_name(t));
  return set_seq(n, onnx_seq_new(false, t));
}

static bool map_sequence_construct(onnx_node_t *n) {
  onnx_seq_t *s = onnx_seq_new(false, 0);
  for (int i = 0; i < n->num_inputs; ++i) {
    onnx_item_t it;
    if (onnx_input_is_seq(n, i) || !onnx_input_item(n, i, &it)) {
      onnx_seq_free(s);
      return onnx_input_is_seq(n, i) ? onnx_error(n, "input %d must be a tensor", i) : false;
    }
    onnx_seq_insert(s, s->count, &it);
  }
  return set_seq(n, s);
}

static bool map_sequence_insert(onnx_node_t *n) {
  onnx_seq_t *in = onnx_input_seq(n, 0, false);
  if (!in || !onnx_need_input(n, 1))
    return false;
  if (onnx_input_is_seq(n, 1))
    return onnx_error(n, "input 1 must be a tensor");
  int pos = in->count;
  if (n->num_inputs > 2 && n->present[2] && !position(n, 2, in->count, -in->count, in->count, &pos))
    return false;
  onnx_item_t it;
  if (!onnx_input_item(n, 1, &it))
    return false;
  onnx_seq_t *s = onnx_seq_copy(in);
  onnx_seq_insert(s, pos, &it);
  return set_seq(n, s);
}

static bool map_sequence_erase(onnx_node_t *n) {
  onnx_seq_t *in = onnx_input_seq(n, 0, false);
  if (!in)
    return false;
  if (!in->count)
    return onnx_error(n, "erasing from an empty sequence");
  int pos = in->count - 1;
  if (n->num_inputs > 1 && n->present[1] &&
      !position(n, 1, in->count, -in->count, in->count - 1, &pos))
    return false;
  onnx_seq_t *s = onnx_seq_copy(in);
  onnx_seq_erase(s, pos);
  return set_seq(n, s);
}

static bool map_sequence_at(onnx_node_t *n) {
  onnx_seq_t *in = onnx_input_seq(n, 0, false);
  if (!in)
    return false;
  int pos;
  if (!onnx_need_input(n, 1) || !position(n, 1, in->count, -in->count, in->count - 1, &pos))
    return false;
  onnx_item_t it;
  onnx_item_copy(&in->items[pos], &it);
  onnx_set_item_output(n, 0, &it);
  return true;
}

static bool map_sequence_length(onnx_node_t *n) {
  onnx_seq_t *in = onnx_input_seq(n, 0, false);
  if (!in)
    return false;
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__INT64, {0, {0}}, 1, malloc(sizeof(int64_t))};
  *(int64_t *)c.data = in->count;
  onnx_set_const_output(n, 0, &c);
  return true;
}

static bool map_split_to_sequence(onnx_node_t *n) {
  strata_graph_shape_t s;
  int64_t axis;
  MlirValue x = onnx_in0_axis(n, &s, 0, &axis);
  if (mlirValueIsNull(x))
    return false;
  int64_t dim = s.dims[axis];
  /* A value given for the input (specialization) fixes a dynamic dim. */
  if (dim == STRATA_GRAPH_DYN && n->in_const[0])
    dim = n->in_const[0]->shape.dims[axis];
  enum { MAX_SPLITS = 4096 };
  int64_t *sizes = malloc(sizeof(int64_t) * MAX_SPLITS);
  int64_t count = 0;
  bool keepdims = true;
  if (n->num_inputs > 1 && n->present[1]) {
    const onnx_const_t *c = n->in_const[1];
    count = onnx_const_ints(n, 1, "split", sizes, MAX_SPLITS);
    if (count < 0)
      return free(sizes), false;
    if (c->shape.rank == 0) { /* equal chunks of that size, the last one smaller */
      int64_t chunk = sizes[0];
      if (chunk <= 0 || dim == STRATA_GRAPH_DYN) {
        free(sizes);
        return onnx_error(n, chunk <= 0 ? "split size %lld is not positive"
                                        : "splitting a dynamic dim needs explicit sizes",
                          (long long)chunk);
      }
      count = dim / chunk + (dim % chunk != 0);
      if (count > MAX_SPLITS)
        return free(sizes), onnx_error(n, "more than %d elements", MAX_SPLITS);
      for (int64_t i = 0; i < count; ++i)
        sizes[i] = dim - i * chunk < chunk ? dim - i * chunk : chunk;
    }
  } else {
    if (dim == STRATA_GRAPH_DYN || dim > MAX_SPLITS) {
      free(sizes);
      return onnx_error(n, "splitting a dynamic dim (or more than %d) into ones is not "
                           "supported", MAX_SPLITS);
    }
    count = dim;
    for (int64_t i = 0; i < count; ++i)
      sizes[i] = 1;
    keepdims = onnx_attr_int(n, "keepdims", 1) != 0;
  }
  int64_t starts[STRATA_GRAPH_MAX_RANK], ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i)
    starts[i] = 0, ends[i] = END_OF_DIM, steps[i] = 1;
  onnx_seq_t *seq = onnx_seq_new(false, 0);
  int64_t at = 0;
  for (int64_t i = 0; i < count; ++i) {
    if (sizes[i] < 0) {
      long long size = (long long)sizes[i];
      free(sizes);
      onnx_seq_free(seq);
      return onnx_error(n, "split size %lld is negative", size);
    }
    starts[axis] = at;
    ends[axis] = at += sizes[i];
    MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                               onnx_ints_attr(n, "ends", s.rank, ends),
                               onnx_ints_attr(n, "steps", s.rank, steps)};
    onnx_item_t it;
    memset(&it, 0, sizeof it);
    it.value = onnx_build(n, "graph.slice", 1, &x, NULL_TYPE, 3, a);
    if (!mlirValueIsNull(it.value) && !keepdims) {
      strata_graph_shape_t e;
      onnx_shape(it.value, &e);
      memmove(e.dims + axis, e.dims + axis + 1, sizeof(int64_t) * (size_t)(e.rank - axis - 1));
      it.value = onnx_reshape(n, it.value, e.rank - 1, e.dims);
    }
    if (mlirValueIsNull(it.value)) {
      free(sizes);
      onnx_seq_free(seq);
      return false;
    }
    onnx_seq_insert(seq, seq->count, &it);
  }
  free(sizes);
  if (dim != STRATA_GRAPH_DYN && at != dim) {
    onnx_seq_free(seq);
    return onnx_error(n, "split sizes add up to %lld, the dim is %lld", (long long)at,
                      (long long)dim);
  }
  return set_seq(n, seq);
}

static bool map_concat_from_sequence(onnx_node_t *n) {
  onnx_seq_t *in = onnx_input_seq(n, 0, false);
  if (!in)
    return false;
  if (!onnx_attr(n, "axis"))
    return onnx_error(n, "missing attribute 'axis'");
  if (!in->count)
    return onnx_error(n, "concatenating an empty sequence (no element fixes the result type)");
  bool new_axis = onnx_attr_int(n, "new_axis", 0) != 0;
  MlirValue acc = {NULL};
  int64_t axis = 0;
  for (int i = 0; i < in->count; ++i) {
    if (in->items[i].seq)
      return onnx_error(n, "element %d is not a tensor", i);
    MlirValue v = onnx_item_value(n, &in->items[i]);
    if (mlirValueIsNull(v))
      return false;
    strata_graph_shape_t s;
    onnx_shape(v, &s);
    if (i == 0 && !onnx_axis(n, onnx_attr_int(n, "axis", 0), s.rank + new_axis, &axis))
      return false;
    if (new_axis) {
      memmove(s.dims + axis + 1, s.dims + axis, sizeof(int64_t) * (size_t)(s.rank - axis));
      s.dims[axis] = 1;
      v = onnx_reshape(n, v, s.rank + 1, s.dims);
    }
    if (i == 0) {
      acc = v;
      continue;
    }
    MlirValue ops[2] = {acc, v};
    MlirNamedAttribute a = onnx_i64_attr(n, "axis", axis);
    acc = onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &a);
    if (mlirValueIsNull(acc))
      return false;
  }
  return onnx_out(n, acc);
}

/* SequenceMap, unrolled at import time: the body graph is imported once
 * per element, with the i-th element of every sequence input and the
 * tensor inputs as they are; output j collects the body's j-th outputs. */
static bool map_sequence_map(onnx_node_t *n) {
  const Onnx__AttributeProto *body = onnx_attr(n, "body");
  if (!body || !body->g)
    return onnx_error(n, "missing attribute 'body'");
  int nin = n->num_inputs, nout = onnx_num_outputs(n);
  if (nout < 1)
    return onnx_error(n, "no outputs");
  onnx_item_t ins[ONNX_MAX_IO];
  int len = -1, got = 0;
  bool ok = true;
  for (; ok && got < nin; ++got) {
    ok = onnx_input_item(n, got, &ins[got]);
    if (!ok)
      break;
    onnx_seq_t *s = ins[got].seq;
    if (got == 0 && (!s || s->optional))
      ok = onnx_error(n, "input 0 must be a sequence");
    else if (s && !s->optional && len >= 0 && s->count != len)
      ok = onnx_error(n, "input %d has %d elements, input 0 has %d", got, s->count, len);
    else if (s && !s->optional)
      len = s->count;
  }
  onnx_seq_t *outs[ONNX_MAX_IO];
  for (int j = 0; j < nout; ++j)
    outs[j] = onnx_seq_new(false, 0);
  for (int i = 0; ok && i < len; ++i) {
    onnx_item_t args[ONNX_MAX_IO], res[ONNX_MAX_IO];
    for (int k = 0; k < nin; ++k) /* views: the subgraph import copies them */
      args[k] = ins[k].seq && !ins[k].seq->optional ? ins[k].seq->items[i] : ins[k];
    ok = onnx_import_subgraph(n, body->g, args, nin, res, nout);
    for (int j = 0; ok && j < nout; ++j)
      onnx_seq_insert(outs[j], outs[j]->count, &res[j]);
  }
  for (int k = 0; k < got; ++k)
    onnx_item_free(&ins[k]);
  for (int j = 0; j < nout; ++j) {
    if (!ok) {
      onnx_seq_free(outs[j]);
      continue;
    }
    onnx_item_t it;
    memset(&it, 0, sizeof it);
    it.seq = outs[j];
    onnx_set_item_output(n, j, &it);
  }
  return ok;
}

/* --- Loop, Scan ------------------------------------------------------- */
/* The tensors of `items` stacked along a new axis `axis` (in reverse order
 * with `reverse`): each reshaped with a dim of 1 there, concatenated. Null
 * after an error (no items, or an item that is not a tensor). */
static MlirValue stack_items(onnx_node_t *n, onnx_seq_t *items, int64_t axis, bool reverse) {
  if (items->count == 0) {
    onnx_error(n, "scan outputs without iterations are not supported");
    return (MlirValue){NULL};
  }
  MlirValue stacked = {NULL};
  MlirNamedAttribute cat = onnx_i64_attr(n, "axis", axis);
  for (int k = 0; k < items->count; ++k) {
    MlirValue v = onnx_item_value(n, &items->items[reverse ? items->count - 1 - k : k]);
    strata_graph_shape_t s;
    if (mlirValueIsNull(v) || !onnx_shape(v, &s) || s.rank == STRATA_GRAPH_MAX_RANK ||
        axis > s.rank) {
      onnx_error(n, "a scan output is not a tensor that can be stacked along axis %lld",
                 (long long)axis);
      return (MlirValue){NULL};
    }
    int64_t dims[STRATA_GRAPH_MAX_RANK];
    for (intptr_t i = 0, j = 0; i <= s.rank; ++i)
      dims[i] = i == axis ? 1 : s.dims[j++];
    v = onnx_reshape(n, v, s.rank + 1, dims);
    MlirValue ops[2] = {stacked, v};
    stacked = k == 0 ? v : onnx_build(n, "graph.concat", 2, ops, NULL_TYPE, 1, &cat);
  }
  return stacked;
}

/* Index `at` of v along `axis`, that axis removed. */
static MlirValue take_along(onnx_node_t *n, MlirValue v, int64_t axis, int64_t at) {
  strata_graph_shape_t s;
  onnx_shape(v, &s);
  int64_t starts[STRATA_GRAPH_MAX_RANK] = {0}, ends[STRATA_GRAPH_MAX_RANK], steps[STRATA_GRAPH_MAX_RANK];
  int64_t dims[STRATA_GRAPH_MAX_RANK];
  for (intptr_t i = 0; i < s.rank; ++i)
    ends[i] = END_OF_DIM, steps[i] = 1;
  starts[axis] = at, ends[axis] = at + 1;
  MlirNamedAttribute a[3] = {onnx_ints_attr(n, "starts", s.rank, starts),
                             onnx_ints_attr(n, "ends", s.rank, ends),
                             onnx_ints_attr(n, "steps", s.rank, steps)};
  MlirValue slice = onnx_build(n, "graph.slice", 1, &v, NULL_TYPE, 3, a);
  for (intptr_t i = 0, j = 0; i < s.rank; ++i)
    if (i != axis)
      dims[j++] = s.dims[i];
  return onnx_reshape(n, slice, s.rank - 1, dims);
}

/* One Scan (opset 9 semantics) unrolled: states[0..ns) (items, replaced by
 * the final states), scan inputs in[0..ni) (tensors), the body imported
 * once per step; scan outputs stacked into out[0..no). */
static bool scan_unroll(onnx_node_t *n, const Onnx__GraphProto *body, onnx_item_t *states, int ns,
                        const MlirValue *in, int ni, MlirValue *out, int no) {
  int64_t in_axes[ONNX_MAX_IO] = {0}, in_dirs[ONNX_MAX_IO] = {0};
  int64_t out_axes[ONNX_MAX_IO] = {0}, out_dirs[ONNX_MAX_IO] = {0};
  const char *axes_names[4] = {"scan_input_axes", "scan_input_directions", "scan_output_axes",
                               "scan_output_directions"};
  int64_t *lists[4] = {in_axes, in_dirs, out_axes, out_dirs};
  for (int k = 0; k < 4; ++k)
    if (onnx_attr_ints(n, axes_names[k], lists[k], ONNX_MAX_IO) == -2)
      return false;
  if (n->opset < 9 && onnx_attr_ints(n, "directions", in_dirs, ONNX_MAX_IO) == -2)
    return false;
  int64_t steps = -1;
  for (int j = 0; j < ni; ++j) {
    strata_graph_shape_t s;
    onnx_shape(in[j], &s);
    if (!onnx_axis(n, in_axes[j], s.rank, &in_axes[j]))
      return false;
    if (s.dims[in_axes[j]] == STRATA_GRAPH_DYN || (steps >= 0 && s.dims[in_axes[j]] != steps))
      return onnx_error(n, "the scan inputs need one static length");
    steps = s.dims[in_axes[j]];
  }
  if (steps < 0)
    return onnx_error(n, "Scan needs a scan input");
  onnx_seq_t *scanned[ONNX_MAX_IO];
  for (int j = 0; j < no; ++j)
    scanned[j] = onnx_seq_new(false, 0);
  bool ok = true;
  for (int64_t t = 0; ok && t < steps; ++t) {
    onnx_item_t args[ONNX_MAX_IO], res[ONNX_MAX_IO];
    for (int k = 0; k < ns; ++k) /* views: the subgraph import copies them */
      args[k] = states[k];
    for (int j = 0; j < ni; ++j) {
      memset(&args[ns + j], 0, sizeof args[ns + j]);
      args[ns + j].value = take_along(n, in[j], in_axes[j], in_dirs[j] ? steps - 1 - t : t);
    }
    ok = onnx_import_subgraph(n, body, args, ns + ni, res, ns + no);
    for (int k = 0; ok && k < ns; ++k) {
      onnx_item_free(&states[k]);
      states[k] = res[k];
    }
    for (int j = 0; ok && j < no; ++j)
      onnx_seq_insert(scanned[j], scanned[j]->count, &res[ns + j]);
  }
  for (int j = 0; j < no; ++j) {
    if (ok) {
      out[j] = stack_items(n, scanned[j], out_axes[j], out_dirs[j] != 0);
      ok = !mlirValueIsNull(out[j]);
    }
    onnx_seq_free(scanned[j]);
  }
  return ok;
}

/* Scan: unrolled over the scan inputs' (static) length. Before opset 9 the
 * inputs start with sequence_lens (which must be absent) and every input
 * and output has a leading batch dim: each batch element is scanned on
 * its own and the results stacked. */
static bool map_scan(onnx_node_t *n) {
  const Onnx__AttributeProto *body = onnx_attr(n, "body");
  if (!body || !body->g)
    return onnx_error(n, "missing attribute 'body'");
  bool batched = n->opset < 9;
  int first = batched ? 1 : 0;
  if (batched && n->num_inputs > 0 && n->present[0])
    return onnx_error(n, "sequence_lens is not supported");
  int ni = (int)onnx_attr_int(n, "num_scan_inputs", 0);
  int ns = n->num_inputs - first - ni, no = (int)n->node->n_output - ns;
  if (ni < 1 || ns < 0 || no < 0 || (int)body->g->n_output != ns + no)
    return onnx_error(n, "the body does not match %d states and %d scan inputs", ns < 0 ? 0 : ns,
                      ni);
  MlirValue in[ONNX_MAX_IO];
  onnx_item_t states[ONNX_MAX_IO];
  int got = 0;
  bool ok = true;
  for (int j = 0; ok && j < ni; ++j)
    ok = !mlirValueIsNull(in[j] = onnx_input(n, first + ns + j));
  for (; ok && got < ns; ++got)
    if (!(ok = onnx_input_item(n, first + got, &states[got])))
      break;
  MlirValue outs[ONNX_MAX_IO];
  if (ok && !batched) {
    ok = scan_unroll(n, body->g, states, ns, in, ni, outs, no);
    for (int k = 0; k < ns; ++k)
      outs[no + k] = ok ? onnx_item_value(n, &states[k]) : (MlirValue){NULL};
  } else if (ok) {
    strata_graph_shape_t s;
    onnx_shape(in[0], &s);
    int64_t batch = s.dims[0];
    if (batch == STRATA_GRAPH_DYN)
      ok = onnx_error(n, "a dynamic batch is not supported");
    onnx_seq_t *per[2 * ONNX_MAX_IO];
    for (int k = 0; k < ns + no; ++k)
      per[k] = onnx_seq_new(false, 0);
    for (int64_t b = 0; ok && b < batch; ++b) {
      onnx_item_t st[ONNX_MAX_IO];
      MlirValue sin[ONNX_MAX_IO], sout[ONNX_MAX_IO];
      for (int k = 0; k < ns; ++k) {
        memset(&st[k], 0, sizeof st[k]);
        st[k].value = take_along(n, onnx_item_value(n, &states[k]), 0, b);
      }
      for (int j = 0; j < ni; ++j)
        sin[j] = take_along(n, in[j], 0, b);
      ok = scan_unroll(n, body->g, st, ns, sin, ni, sout, no);
      for (int j = 0; ok && j < no; ++j) {
        onnx_item_t it = {sout[j], false, {0}, NULL, false};
        onnx_seq_insert(per[ns + j], per[ns + j]->count, &it);
      }
      for (int k = 0; k < ns; ++k) {
        if (ok)
          onnx_seq_insert(per[k], per[k]->count, &st[k]);
        else
          onnx_item_free(&st[k]);
      }
    }
    for (int k = 0; k < ns + no; ++k) {
      if (ok) {
        MlirValue v = stack_items(n, per[k], 0, false);
        ok = !mlirValueIsNull(v);
        outs[k < ns ? no + k : k - ns] = v;
      }
      onnx_seq_free(per[k]);
    }
  }
  for (int k = 0; k < got; ++k)
    onnx_item_free(&states[k]);
  if (!ok)
    return false;
  for (int k = 0; k < ns; ++k)
    onnx_set_output(n, k, outs[no + k]);
  for (int j = 0; j < no; ++j)
    onnx_set_output(n, ns + j, outs[j]);
  return true;
}
enum { LOOP_MAX_ITERATIONS = 4096 };

/* A constant item holding one value of ONNX type `type` (INT64 or BOOL). */
static onnx_item_t scalar_item(int32_t type, int64_t v) {
  onnx_item_t it;
  memset(&it, 0, sizeof it);
  it.has_const = true;
  it.cst = (onnx_const_t){type, {0, {0}}, 1, malloc(sizeof(int64_t))};
  if (type == ONNX__TENSOR_PROTO__DATA_TYPE__BOOL)
    *(uint8_t *)it.cst.data = v != 0;
  else
    *(int64_t *)it.cst.data = v;
  return it;
}

/* Loop, unrolled at import time: the body is imported once per iteration
 * with the iteration number and the condition as constants and the
 * loop-carried values (tensors or sequences) of the previous iteration.
 * The trip count and the condition, the body's included, must be known at
 * import time. Scan outputs are stacked along a new axis 0. */
static bool map_loop(onnx_node_t *n) {
  const Onnx__AttributeProto *body = onnx_attr(n, "body");
  if (!body || !body->g)
    return onnx_error(n, "missing attribute 'body'");
  int carried = n->num_inputs - 2, nbody = (int)body->g->n_output;
  int scans = nbody - 1 - carried;
  if (carried < 0 || scans < 0 || nbody > ONNX_MAX_IO)
    return onnx_error(n, "the body's %d outputs do not match %d loop-carried values", nbody,
                      carried < 0 ? 0 : carried);
  int64_t trip = -1;
  bool cond = true;
  if (n->present[0]) {
    if (!n->in_const[0])
      return onnx_error(n, "the trip count must be known at import time (the loop is unrolled)");
    trip = onnx_const_get_i(n->in_const[0], 0);
  }
  if (n->present[1]) {
    if (!n->in_const[1])
      return onnx_error(n, "the condition must be known at import time (the loop is unrolled)");
    cond = onnx_const_get_i(n->in_const[1], 0) != 0;
  }
  onnx_item_t state[ONNX_MAX_IO];
  int got = 0;
  bool ok = true;
  for (; ok && got < carried; ++got)
    if (!(ok = onnx_input_item(n, 2 + got, &state[got])))
      break;
  onnx_seq_t *scanned[ONNX_MAX_IO];
  for (int j = 0; j < scans; ++j)
    scanned[j] = onnx_seq_new(false, 0);
  int64_t i = 0;
  for (; ok && cond && (trip < 0 || i < trip); ++i) {
    if (i == LOOP_MAX_ITERATIONS) {
      ok = onnx_error(n, "more than %d iterations are not supported", LOOP_MAX_ITERATIONS);
      break;
    }
    onnx_item_t args[ONNX_MAX_IO], res[ONNX_MAX_IO];
    args[0] = scalar_item(ONNX__TENSOR_PROTO__DATA_TYPE__INT64, i);
    args[1] = scalar_item(ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, cond);
    for (int k = 0; k < carried; ++k) /* views: the subgraph import copies them */
      args[2 + k] = state[k];
    ok = onnx_import_subgraph(n, body->g, args, 2 + carried, res, nbody);
    onnx_item_free(&args[0]);
    onnx_item_free(&args[1]);
    if (!ok)
      break;
    if (!res[0].has_const)
      ok = onnx_error(n, "the body's condition must be known at import time (the loop is "
                         "unrolled)");
    else
      cond = onnx_const_get_i(&res[0].cst, 0) != 0;
    onnx_item_free(&res[0]);
    for (int k = 0; k < carried; ++k) {
      onnx_item_free(&state[k]);
      state[k] = res[1 + k];
    }
    for (int j = 0; j < scans; ++j)
      onnx_seq_insert(scanned[j], scanned[j]->count, &res[1 + carried + j]);
  }
  for (int k = 0; k < got; ++k) {
    if (ok)
      onnx_set_item_output(n, k, &state[k]);
    else
      onnx_item_free(&state[k]);
  }
  for (int j = 0; j < scans; ++j) {
    if (ok) {
      MlirValue stacked = stack_items(n, scanned[j], 0, false);
      ok = !mlirValueIsNull(stacked);
      onnx_set_output(n, carried + j, stacked);
    }
    onnx_seq_free(scanned[j]);
  }
  return ok;
}

/* --- If --------------------------------------------------------------- */
/* If: with a constant condition only the taken branch is imported.
 * Otherwise both are, and each tensor output is a select of the two
 * (tensors of one type), computed at run time; sequence and optional
 * outputs, and tensors whose types differ between the branches (a scalar
 * and a [1] in the AffineGrid function body), take the branch of a
 * condition known at import time (a value given for a graph input, as
 * sequence positions do), or are an error. */
static bool map_if(onnx_node_t *n) {
  const Onnx__AttributeProto *branches[2] = {onnx_attr(n, "then_branch"),
                                             onnx_attr(n, "else_branch")};
  for (int b = 0; b < 2; ++b)
    if (!branches[b] || !branches[b]->g)
      return onnx_error(n, "missing attribute '%s'", b ? "else_branch" : "then_branch");
  if (!onnx_need_input(n, 0))
    return false;
  int nout = (int)n->node->n_output;
  if (nout > ONNX_MAX_IO)
    return onnx_error(n, "more than %d outputs are not supported", ONNX_MAX_IO);
  onnx_item_t res[2][ONNX_MAX_IO];
  const onnx_const_t *known = n->in_const[0];
  int taken = known && onnx_const_get_i(known, 0) == 0; /* 0: then, 1: else */
  if (n->fold[0]) {
    if (!onnx_import_subgraph(n, branches[taken]->g, NULL, 0, res[0], nout))
      return false;
    for (int j = 0; j < nout; ++j)
      onnx_set_item_output(n, j, &res[0][j]);
    return true;
  }
  if (!onnx_import_subgraph(n, branches[0]->g, NULL, 0, res[0], nout))
    return false;
  if (!onnx_import_subgraph(n, branches[1]->g, NULL, 0, res[1], nout)) {
    for (int j = 0; j < nout; ++j)
      onnx_item_free(&res[0][j]);
    return false;
  }
  MlirValue cond = onnx_input(n, 0);
  bool ok = !mlirValueIsNull(cond);
  if (ok && onnx_rank(cond) > 0) /* one value: a scalar, to keep the branches' shapes */
    cond = onnx_reshape(n, cond, 0, NULL);
  for (int j = 0; j < nout; ++j) {
    bool differ = ok && !res[0][j].seq && !res[1][j].seq &&
                  !mlirTypeEqual(onnx_type_of(onnx_item_value(n, &res[0][j])),
                                 onnx_type_of(onnx_item_value(n, &res[1][j])));
    if (ok && known && (res[0][j].seq || res[1][j].seq || differ)) {
      onnx_set_item_output(n, j, &res[taken][j]);
      onnx_item_free(&res[1 - taken][j]);
      continue;
    }
    if (ok && (res[0][j].seq || res[1][j].seq))
      ok = onnx_error(n, "output %d is a sequence or optional: the condition must be known at "
                         "import time", j);
    MlirValue ops[3] = {cond, ok ? onnx_item_value(n, &res[0][j]) : (MlirValue){NULL},
                        ok ? onnx_item_value(n, &res[1][j]) : (MlirValue){NULL}};
    if (ok && !mlirTypeEqual(onnx_type_of(ops[1]), onnx_type_of(ops[2])))
      ok = onnx_error(n, "the branches' output %d types differ: a condition known only at run "
                         "time needs one type", j);
    if (ok)
      onnx_set_output(n, j, onnx_build(n, "graph.where", 3, ops, NULL_TYPE, 0, NULL));
    onnx_item_free(&res[0][j]);
    onnx_item_free(&res[1][j]);
  }
  return ok;
}

/* --- Optionals -------------------------------------------------------- */
static bool map_optional(onnx_node_t *n) {
  onnx_seq_t *s = onnx_seq_new(true, 0);
  if (n->num_inputs > 0 && n->present[0]) {
    onnx_item_t it;
    if (!onnx_input_item(n, 0, &it)) {
      onnx_seq_free(s);
      return false;
    }
    onnx_seq_insert(s, 0, &it);
  } else if (!onnx_attr(n, "type")) {
    onnx_seq_free(s);
    return onnx_error(n, "an empty Optional needs the attribute 'type'");
  }
  return set_seq(n, s);
}

static bool map_optional_has_element(onnx_node_t *n) {
  bool has = false;
  if (n->num_inputs > 0 && n->present[0]) {
    has = true; /* a tensor or a sequence (opset 18; a loop-carried optional's later values) */
    if (onnx_input_is_seq(n, 0)) {
      onnx_item_t it;
      if (!onnx_input_item(n, 0, &it))
        return false;
      has = !it.seq->optional || it.seq->count > 0;
      onnx_item_free(&it);
    }
  }
  onnx_const_t c = {ONNX__TENSOR_PROTO__DATA_TYPE__BOOL, {0, {0}}, 1, malloc(1)};
  *(uint8_t *)c.data = has;
  onnx_set_const_output(n, 0, &c);
  return true;
}

/* The optional's value; a tensor or sequence input (opset 18) is passed on. */
static bool map_optional_get_element(onnx_node_t *n) {
  onnx_item_t it;
  if (!onnx_input_item(n, 0, &it))
    return false;
  if (it.seq && it.seq->optional) {
    onnx_seq_t *opt = it.seq;
    if (!opt->count) {
      onnx_item_free(&it);
      return onnx_error(n, "the optional input is empty (none)");
    }
    onnx_item_t value = opt->items[0];
    memset(&opt->items[0], 0, sizeof opt->items[0]);
    onnx_item_free(&it);
    it = value;
  }
  onnx_set_item_output(n, 0, &it);
  return true;
}

const onnx_mapping_t strata_onnx_sequence_ops[] = {
    {"SequenceEmpty", map_sequence_empty},
    {"SequenceConstruct", map_sequence_construct},
    {"SequenceInsert", map_sequence_insert},
    {"SequenceErase", map_sequence_erase},
    {"SequenceAt", map_sequence_at},
    {"SequenceLength", map_sequence_length},
    {"SplitToSequence", map_split_to_sequence},
    {"ConcatFromSequence", map_concat_from_sequence},
    {"SequenceMap", map_sequence_map},
    {"Loop", map_loop},
    {"If", map_if},
    {"Scan", map_scan},
    {"Optional", map_optional},
    {"OptionalHasElement", map_optional_has_element},
    {"OptionalGetElement", map_optional_get_element},
    {NULL, NULL},
};
