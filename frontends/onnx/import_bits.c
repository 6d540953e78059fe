/* ONNX bit-level operators -> graph dialect: BitwiseAnd, BitwiseOr,
 * BitwiseXor (numpy broadcasting) and BitwiseNot on integer tensors
 * (graph.bitwise_*), and BitCast-26 (the input's bits as type `to`, same
 * width): graph.bitcast between a float and a signless integer; between
 * integers of one width (int8 and uint8, bool and uint8) reinterpreting
 * the bits is what graph.cast does (truncation and zero/sign extension
 * keep the bits), so unsigned types go through their signless twin. */
#include <mlir-c/BuiltinTypes.h>

#include "frontends/onnx/onnx_internal.h"

#define NULL_TYPE ((MlirType){NULL})

static bool need_integer(onnx_node_t *n, MlirValue x, const char *what) {
  if (mlirTypeIsAInteger(onnx_elem(x)) && mlirIntegerTypeGetWidth(onnx_elem(x)) > 1)
    return true;
  char buf[32];
  return onnx_error(n, "%s must be an integer tensor, got %s", what,
                    strata_type_str(onnx_elem(x), buf, sizeof buf));
}

static bool bitwise(onnx_node_t *n, const char *op) {
  if (!onnx_need_input(n, 0) || !onnx_need_input(n, 1))
    return false;
  MlirValue a = onnx_input(n, 0), b = onnx_input(n, 1);
  if (!need_integer(n, a, "input 'A'") || !need_integer(n, b, "input 'B'"))
    return false;
  return onnx_out(n, onnx_binary(n, op, a, b));
}

static bool map_bitwise_and(onnx_node_t *n) { return bitwise(n, "graph.bitwise_and"); }
static bool map_bitwise_or(onnx_node_t *n) { return bitwise(n, "graph.bitwise_or"); }
static bool map_bitwise_xor(onnx_node_t *n) { return bitwise(n, "graph.bitwise_xor"); }

static bool map_bitwise_not(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x) || !need_integer(n, x, "input 'X'"))
    return false;
  return onnx_out(n, onnx_unary(n, "graph.bitwise_not", x));
}

/* The storage width in bits of an element type (bool: a byte). */
static unsigned storage_bits(MlirType t) {
  if (mlirTypeIsAFloat(t))
    return mlirFloatTypeGetWidth(t);
  unsigned w = mlirIntegerTypeGetWidth(t);
  return w == 1 ? 8 : w;
}

static MlirValue bitcast(onnx_node_t *n, MlirValue x, MlirType to) {
  strata_graph_shape_t s;
  onnx_shape(x, &s);
  return onnx_build(n, "graph.bitcast", 1, &x, strata_graph_shape_to_type(&s, to), 0, NULL);
}

static bool map_bit_cast(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  int64_t to = onnx_attr_int(n, "to", 0);
  MlirType from = onnx_elem(x), elem = onnx_elem_type(n->ctx, (int32_t)to);
  if (mlirTypeIsNull(elem))
    return onnx_error(n, "unsupported element type '%s'", onnx_type_name((int32_t)to));
  bool numeric = (mlirTypeIsAFloat(from) || mlirTypeIsAInteger(from)) &&
                 (mlirTypeIsAFloat(elem) || mlirTypeIsAInteger(elem));
  if (!numeric || storage_bits(from) != storage_bits(elem) || storage_bits(from) < 8) {
    char b1[32], b2[32];
    return onnx_error(n, "BitCast from %s to %s: the types must be numeric types of one width "
                      "(8 bits or more)", strata_type_str(from, b1, sizeof b1),
                      strata_type_str(elem, b2, sizeof b2));
  }
  if (mlirTypeIsAInteger(from) && mlirTypeIsAInteger(elem))
    return onnx_out(n, onnx_cast_to(n, x, elem));
  /* through the signless integer of the width when a side is unsigned */
  MlirType signless = mlirIntegerTypeGet(n->ctx, storage_bits(from));
  MlirType mid_from = mlirTypeIsAInteger(from) ? signless : from;
  MlirType mid_to = mlirTypeIsAInteger(elem) ? signless : elem;
  MlirValue v = onnx_cast_to(n, x, mid_from);
  if (!mlirTypeEqual(mid_from, mid_to))
    v = mlirValueIsNull(v) ? v : bitcast(n, v, mid_to);
  return onnx_out(n, onnx_cast_to(n, v, elem));
}

const onnx_mapping_t strata_onnx_bits_ops[] = {
    {"BitwiseAnd", map_bitwise_and},
    {"BitwiseOr", map_bitwise_or},
    {"BitwiseXor", map_bitwise_xor},
    {"BitwiseNot", map_bitwise_not},
    {"BitCast", map_bit_cast},
    {NULL, NULL},
};
