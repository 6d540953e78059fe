/* convert-graph-to-te: the depthwise conv2d lowering on flattened padded
 * planes of graph_to_te_conv_depthwise.c, called by g2t_lower_conv2d
 * (graph_to_te_nn.c). Not a public header. */
#ifndef STRATA_LOWERING_GRAPH_TO_TE_CONV_DEPTHWISE_H
#define STRATA_LOWERING_GRAPH_TO_TE_CONV_DEPTHWISE_H

#include "lowering/graph_to_te_conv_direct.h"

/* Lowers the depthwise convolution of x (NCHW, s->c channels) by weights
 * wt ([s->c, 1, kh, kw]; s->o == s->c, groups == s->c, dilation 1, static
 * fp32) on flattened padded planes when that kernel is chosen for this
 * shape (see the file); returns the [n, c, oh, ow] result without bias,
 * or a null value (nothing built) for the window-reduction lowering. */
MlirValue g2t_conv2d_depthwise(g2t_t *g, const g2t_conv_shape_t *s, MlirValue x, MlirValue wt,
                               MlirType elem);

#endif
