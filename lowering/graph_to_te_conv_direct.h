/* convert-graph-to-te: the direct (im2col-free) conv2d lowering of
 * graph_to_te_conv_direct.c, called by g2t_lower_conv2d (graph_to_te_nn.c).
 * Not a public header. */
#ifndef STRATA_LOWERING_GRAPH_TO_TE_CONV_DIRECT_H
#define STRATA_LOWERING_GRAPH_TO_TE_CONV_DIRECT_H

#include <stdint.h>

#include "lowering/graph_to_te.h"

/* A 2-D NCHW / OIHW convolution, groups 1, dilation 1, static sizes. */
typedef struct {
  int64_t n, c, h, w;       /* input */
  int64_t o, kh, kw;        /* weights [o, c, kh, kw] */
  int64_t sh, sw, pt, pl;   /* strides, top / left padding */
  int64_t oh, ow;           /* output */
} g2t_conv_shape_t;

/* Lowers the convolution of x (NCHW) by weights wt (OIHW) directly, no
 * im2col, when the direct kernel is chosen for this shape (see the file);
 * returns the [n, o, oh, ow] result without bias, or a null value (nothing
 * built) when the caller should use the im2col lowering. */
MlirValue g2t_conv2d_direct(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, MlirValue wt,
                            MlirType elem);

#endif
