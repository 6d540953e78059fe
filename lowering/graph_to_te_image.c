/* convert-graph-to-te for graph.image_decode: a call of the runtime's
 * image kernel strata_image_decode (runtime/image_kernels.h) through
 * g2t_call_buffer_kernel on the 1-D input bytes, with the pixel format as
 * a scalar; its flat result [H*W*C] is expanded to [H, W, C]. */
#include <string.h>

#include <mlir-c/BuiltinAttributes.h>
#include <mlir-c/BuiltinTypes.h>

#include "dialects/op_checks.h"
#include "lowering/graph_to_te.h"
#include "runtime/image_kernels.h"

/* v (1-D or [H, W, C], integers) as element type t by a compute `name`:
 * the bytes are 8-bit for the kernel, and unsigned bytes reach here
 * widened to i16 (convert-graph-to-te's signless form); v itself when it
 * has t already. */
static MlirValue convert(g2t_t *g, const char *name, MlirValue v, MlirType t) {
  MlirType e = g2t_elem(v);
  if (mlirTypeEqual(e, t))
    return v;
  strata_graph_shape_t s = g2t_shape(v);
  g2t_compute_t c = g2t_compute_begin(g, name, g2t_tensor(&s, t), NULL, 0, NULL, NULL, NULL,
                                      (MlirAttribute){NULL});
  MlirValue x = g2t_read(&c, v, c.idx);
  bool narrow = mlirIntegerTypeGetWidth(t) < mlirIntegerTypeGetWidth(e);
  return g2t_compute_end(&c, g2t_cast(&c.in, narrow ? "arith.trunci" : "arith.extui", x, t));
}

MlirLogicalResult g2t_lower_image_decode(g2t_t *g, MlirValue *out) {
  MlirValue x = mlirOperationGetOperand(g->op, 0);
  MlirType rtype = mlirValueGetType(mlirOperationGetResult(g->op, 0));
  if (!g2t_kernel_static_shapes(g))
    return mlirLogicalResultFailure();
  MlirStringRef f = mlirStringAttrGetValue(g2t_attr(g->op, "pixel_format"));
  int64_t format = strata_str_eq(f, "BGR")         ? STRATA_IMAGE_BGR
                   : strata_str_eq(f, "Grayscale") ? STRATA_IMAGE_GRAY
                                                   : STRATA_IMAGE_RGB;
  strata_graph_shape_t rs;
  strata_graph_shape_from_type(rtype, &rs);
  MlirType i8 = mlirIntegerTypeGet(g->ctx, 8);
  MlirValue args[2] = {convert(g, "image_bytes", x, i8),
                       g2t_scalar(&g->b, mlirIntegerTypeGet(g->ctx, 64), (double)format)};
  int64_t count = strata_graph_num_elements(&rs);
  MlirType flat = mlirRankedTensorTypeGet(1, &count, i8, mlirAttributeGetNull());
  MlirValue r;
  g2t_call_buffer_kernel(g, "strata_image_decode", 2, args, 1, &flat, &r);
  r = g2t_expand(g, r, g2t_tensor(&rs, i8), 1, (const int64_t[]){3});
  *out = convert(g, "image_pixels", r, mlirShapedTypeGetElementType(rtype));
  return mlirLogicalResultSuccess();
}
