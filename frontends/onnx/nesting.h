/* A bound on how deeply ONNX messages nest, checked on the serialized bytes
 * before protobuf-c unpacks them (see nesting.c). */
#ifndef STRATA_FRONTENDS_ONNX_NESTING_H
#define STRATA_FRONTENDS_ONNX_NESTING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The deepest nesting accepted of each recursive structure: subgraphs in
 * attributes (If/Loop/Scan bodies inside bodies), types (sequence of
 * sequence of ...), and sequence/optional values. */
enum { STRATA_ONNX_MAX_NESTING = 64 };

/* The message a serialized buffer holds. */
typedef enum {
  STRATA_ONNX_MSG_MODEL,    /* onnx.ModelProto */
  STRATA_ONNX_MSG_SEQUENCE, /* onnx.SequenceProto (onnx_data.proto) */
  STRATA_ONNX_MSG_OPTIONAL, /* onnx.OptionalProto (onnx_data.proto) */
} strata_onnx_msg_t;

/* Walks the protobuf wire format of bytes[0..len) (without recursion) along
 * the fields through which ONNX messages nest, and returns false with a
 * message in err ("subgraphs are nested more than 64 deep (the limit)")
 * when one nests deeper than STRATA_ONNX_MAX_NESTING. Malformed bytes are
 * left to protobuf-c to report: the walk stops there and returns true. */
bool strata_onnx_check_nesting(const uint8_t *bytes, size_t len, strata_onnx_msg_t root,
                               char *err, size_t errsz);

#endif
