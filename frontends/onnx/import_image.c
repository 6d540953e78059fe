/* ONNX ImageDecoder (opset 20) -> graph.image_decode: the encoded bytes
 * decoded at run time by the runtime's image kernel; the output's size
 * [H, W, C] taken from the input known at import time (a bound graph
 * input, or a constant) by decoding it with the same kernel code, as
 * Unique's count is; the compiled model expects images of that size (the
 * kernel reports another size on stderr). pixel_format "RGB" (default),
 * "BGR" or "Grayscale". */
#include <stdlib.h>
#include <string.h>

#include "frontends/onnx/onnx_internal.h"
#include "runtime/image_kernels.h"

static bool map_image_decoder(onnx_node_t *n) {
  MlirValue x = onnx_in0(n);
  if (mlirValueIsNull(x))
    return false;
  char buf[32];
  const char *pf = onnx_attr_string(n, "pixel_format", "RGB", buf, sizeof buf);
  int64_t format = !strcmp(pf, "RGB")         ? STRATA_IMAGE_RGB
                   : !strcmp(pf, "BGR")       ? STRATA_IMAGE_BGR
                   : !strcmp(pf, "Grayscale") ? STRATA_IMAGE_GRAY
                                              : -1;
  if (format < 0)
    return onnx_error(n, "unknown pixel_format '%s' (RGB, BGR and Grayscale are)", pf);
  const onnx_const_t *known = n->in_const[0];
  if (!known)
    return onnx_error(n, "input 'encoded_stream' must be known at import time (the image's "
                         "size fixes the output's)");
  if (known->onnx_type != ONNX__TENSOR_PROTO__DATA_TYPE__UINT8 || known->shape.rank != 1)
    return onnx_error(n, "input 'encoded_stream' must be a 1-D uint8 tensor, got %s of rank %lld",
                      onnx_type_name(known->onnx_type), (long long)known->shape.rank);
  uint8_t *px = NULL;
  int64_t h, w, c;
  char err[256];
  if (strata_image_decode(known->data, (size_t)known->numel, format, &px, &h, &w, &c, err,
                          sizeof err))
    return onnx_error(n, "the image does not decode: %s", err);
  free(px);
  strata_graph_shape_t r = {3, {h, w, c}};
  return onnx_out(n, onnx_build(n, "graph.image_decode", 1, &x,
                                strata_graph_shape_to_type(&r, onnx_elem(x)), 1,
                                (MlirNamedAttribute[]){onnx_str_attr(n, "pixel_format", pf)}));
}

const onnx_mapping_t strata_onnx_image_ops[] = {
    {"ImageDecoder", map_image_decoder},
    {NULL, NULL},
};
