/* A bound on how deeply ONNX messages nest, checked before protobuf-c
 * unpacks them.
 *
 * protobuf-c unpacks a nested message by recursing, without a depth limit:
 * a model of 3,000 If nodes each holding the next in its then_branch (a
 * few hundred kilobytes) overflows the stack inside
 * onnx__model_proto__unpack, before the importer sees anything. So the
 * serialized bytes are walked first, iteratively (an explicit stack of
 * frames), following only the fields through which ONNX messages nest
 * (field numbers of /usr/include/onnx/onnx.proto and onnx_data.proto):
 *
 *   ModelProto.graph (7), .training_info (20), .functions (25)
 *   TrainingInfoProto.initialization (1), .algorithm (2)    -> GraphProto
 *   GraphProto.node (1), FunctionProto.node (7)             -> NodeProto
 *   GraphProto.input (11), .output (12), .value_info (13)   -> ValueInfoProto
 *   NodeProto.attribute (5)                                 -> AttributeProto
 *   AttributeProto.g (6), .graphs (11)                      -> GraphProto
 *   AttributeProto.tp (14), .type_protos (15), ValueInfoProto.type (2)
 *   TypeProto.sequence_type (4), .map_type (5), .optional_type (9), and
 *   their elem_type (1) / value_type (2)                    -> TypeProto
 *   SequenceProto.sequence_values (5), .optional_values (7), and
 *   OptionalProto.sequence_value (5), .optional_value (7)
 *
 * and counting, on the path from the root, the graphs, the types and the
 * sequence/optional values. More than STRATA_ONNX_MAX_NESTING of one kind
 * is refused with an error naming the limit. Everything else (tensors,
 * strings, unknown fields) is skipped by its length. The walk does not
 * validate: on malformed bytes it stops and lets protobuf-c report them. */
#include "frontends/onnx/nesting.h"

#include <stdio.h>

typedef enum {
  M_NONE,
  M_MODEL,
  M_TRAINING,
  M_FUNCTION,
  M_GRAPH,
  M_NODE,
  M_ATTR,
  M_VALUE_INFO,
  M_TYPE,
  M_TYPE_SEQ,
  M_TYPE_MAP,
  M_TYPE_OPT,
  M_SEQ,
  M_OPT,
} kind_t;

/* parent's field `field` holds a `child` message. */
static const struct {
  kind_t parent;
  uint32_t field;
  kind_t child;
} edges[] = {
    {M_MODEL, 7, M_GRAPH},         {M_MODEL, 20, M_TRAINING},     {M_MODEL, 25, M_FUNCTION},
    {M_TRAINING, 1, M_GRAPH},      {M_TRAINING, 2, M_GRAPH},      {M_FUNCTION, 7, M_NODE},
    {M_GRAPH, 1, M_NODE},          {M_GRAPH, 11, M_VALUE_INFO},   {M_GRAPH, 12, M_VALUE_INFO},
    {M_GRAPH, 13, M_VALUE_INFO},   {M_NODE, 5, M_ATTR},           {M_ATTR, 6, M_GRAPH},
    {M_ATTR, 11, M_GRAPH},         {M_ATTR, 14, M_TYPE},          {M_ATTR, 15, M_TYPE},
    {M_VALUE_INFO, 2, M_TYPE},     {M_TYPE, 4, M_TYPE_SEQ},       {M_TYPE, 5, M_TYPE_MAP},
    {M_TYPE, 9, M_TYPE_OPT},       {M_TYPE_SEQ, 1, M_TYPE},       {M_TYPE_MAP, 2, M_TYPE},
    {M_TYPE_OPT, 1, M_TYPE},       {M_SEQ, 5, M_SEQ},             {M_SEQ, 7, M_OPT},
    {M_OPT, 5, M_SEQ},             {M_OPT, 7, M_OPT},
};

static kind_t child_kind(kind_t parent, uint64_t field) {
  for (size_t i = 0; i < sizeof edges / sizeof edges[0]; ++i)
    if (edges[i].parent == parent && edges[i].field == field)
      return edges[i].child;
  return M_NONE;
}

typedef struct {
  kind_t kind;
  size_t end; /* the message's bytes end here */
  int graphs, types, values;
} frame_t;

static bool read_varint(const uint8_t *b, size_t end, size_t *pos, uint64_t *out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    if (*pos >= end)
      return false;
    uint8_t c = b[(*pos)++];
    v |= (uint64_t)(c & 0x7f) << shift;
    if (!(c & 0x80)) {
      *out = v;
      return true;
    }
  }
  return false;
}

/* Checks the counts of a frame about to be entered. */
static bool within_limits(const frame_t *f, char *err, size_t errsz) {
  const char *what = f->graphs > STRATA_ONNX_MAX_NESTING  ? "subgraphs"
                     : f->types > STRATA_ONNX_MAX_NESTING ? "types"
                     : f->values > STRATA_ONNX_MAX_NESTING
                         ? "sequence and optional values"
                         : NULL;
  if (what)
    snprintf(err, errsz, "%s are nested more than %d deep (the importer's limit)", what,
             STRATA_ONNX_MAX_NESTING);
  return !what;
}

bool strata_onnx_check_nesting(const uint8_t *bytes, size_t len, strata_onnx_msg_t root,
                               char *err, size_t errsz) {
  /* Each level of a kind takes at most 3 frames (graph, node, attribute;
   * type, sequence_type), so the limits bound the stack well below this. */
  enum { MAX_FRAMES = 8 * STRATA_ONNX_MAX_NESTING + 16 };
  frame_t stack[MAX_FRAMES];
  bool value = root != STRATA_ONNX_MSG_MODEL;
  stack[0] = (frame_t){root == STRATA_ONNX_MSG_MODEL      ? M_MODEL
                       : root == STRATA_ONNX_MSG_SEQUENCE ? M_SEQ
                                                          : M_OPT,
                       len, 0, 0, value};
  int top = 0;
  size_t pos = 0;
  while (top >= 0) {
    frame_t *f = &stack[top];
    if (pos >= f->end) {
      --top;
      continue;
    }
    uint64_t key, v;
    if (!read_varint(bytes, f->end, &pos, &key))
      return true;
    switch (key & 7) {
    case 0: /* varint */
      if (!read_varint(bytes, f->end, &pos, &v))
        return true;
      break;
    case 1: /* 64-bit */
      if (f->end - pos < 8)
        return true;
      pos += 8;
      break;
    case 5: /* 32-bit */
      if (f->end - pos < 4)
        return true;
      pos += 4;
      break;
    case 2: { /* length-delimited: a message, bytes or a packed array */
      if (!read_varint(bytes, f->end, &pos, &v) || v > f->end - pos)
        return true;
      kind_t c = child_kind(f->kind, key >> 3);
      if (c == M_NONE) {
        pos += (size_t)v;
        break;
      }
      frame_t next = {c, pos + (size_t)v, f->graphs + (c == M_GRAPH), f->types + (c == M_TYPE),
                      f->values + (c == M_SEQ || c == M_OPT)};
      if (!within_limits(&next, err, errsz))
        return false;
      if (top + 1 == MAX_FRAMES) {
        snprintf(err, errsz, "messages are nested more than %d deep (the importer's limit)",
                 MAX_FRAMES);
        return false;
      }
      stack[++top] = next;
      break;
    }
    default: /* groups (unused by ONNX) or garbage: protobuf-c's to report */
      return true;
    }
  }
  return true;
}
