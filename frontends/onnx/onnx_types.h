/* TensorProto.DataType values newer than Debian's onnx.proto (which stops
 * at BFLOAT16 = 16; the generated enum lacks these names): ONNX 1.14-1.20
 * added the 8-bit floats, the 4-bit types, E8M0 and the 2-bit integers. */
#ifndef STRATA_FRONTENDS_ONNX_ONNX_TYPES_H
#define STRATA_FRONTENDS_ONNX_ONNX_TYPES_H

enum {
  ONNX_FLOAT8E4M3FN = 17,
  ONNX_FLOAT8E4M3FNUZ = 18,
  ONNX_FLOAT8E5M2 = 19,
  ONNX_FLOAT8E5M2FNUZ = 20,
  ONNX_UINT4 = 21,
  ONNX_INT4 = 22,
  ONNX_FLOAT4E2M1 = 23,
  ONNX_FLOAT8E8M0 = 24,
  ONNX_UINT2 = 25,
  ONNX_INT2 = 26,
};

#endif
