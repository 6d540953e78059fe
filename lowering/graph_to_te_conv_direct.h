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

/* The op's string attribute `attr` when it is one of `choices` (a NULL-ended
 * list; the returned pointer is the list's), else NULL: the discardable
 * attributes that force a convolution algorithm (conv_algorithm,
 * depthwise_algorithm). */
const char *g2t_conv_forced_algorithm(MlirOperation op, const char *attr,
                                      const char *const *choices);

/* Where a padded copy of an NCHW input reads inside its compute: batch,
 * channel, and the input row / column (may be out of range: the padding);
 * zero is an index 0 built in the compute's body. */
typedef struct {
  MlirValue n, c, ih, iw, zero;
} g2t_conv_guard_t;

/* x[n, c, ih, iw] when 0 <= ih < h and 0 <= iw < w, else 0 of elem (the
 * indices clamped to 0 outside, so the read stays in bounds): the body of
 * the direct and depthwise convolutions' padded input copies. */
MlirValue g2t_conv_padded_read(g2t_compute_t *c, MlirValue x, const g2t_conv_guard_t *at,
                               int64_t h, int64_t w, MlirType elem);

/* Lowers the convolution of x (NCHW) by weights wt (OIHW) directly, no
 * im2col, when the direct kernel is chosen for this shape (see the file);
 * returns the [n, o, oh, ow] result without bias, or a null value (nothing
 * built) when the caller should use the im2col lowering. */
MlirValue g2t_conv2d_direct(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, MlirValue wt,
                            MlirType elem);

#endif
