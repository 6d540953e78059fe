/* The image kernel that compiled code calls (the calling convention:
 * runtime/kernel_abi.h): ONNX ImageDecoder, an encoded image (BMP, JPEG,
 * JPEG 2000, PNG, PNM, TIFF or WebP, told apart by their leading bytes)
 * decoded into [H, W, C] uint8, RGB or BGR (C = 3) or grayscale (C = 1)
 * as Pillow converts ("L": (19595 R + 38470 G + 7471 B + 2^15) >> 16).
 * The decoders are the system libraries (libjpeg-turbo, libpng, libtiff,
 * libwebp, libopenjp2); BMP and PNM are read here. The same decode is what
 * the ONNX importer runs on an input known at import time to size the
 * output (strata_image_decode), so that both agree. */
#ifndef STRATA_RUNTIME_IMAGE_KERNELS_H
#define STRATA_RUNTIME_IMAGE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "runtime/kernel_abi.h"

/* The pixel_format argument. */
enum {
  STRATA_IMAGE_RGB = 0,
  STRATA_IMAGE_BGR = 1,
  STRATA_IMAGE_GRAY = 2,
};

/* Decodes the `size` bytes at `data` into *pixels (malloc'ed, [h, w, c]
 * row-major, c = 1 for STRATA_IMAGE_GRAY, else 3). Returns 0, or -1 with a
 * message in err (the format not recognized, a decoder's error). */
int strata_image_decode(const uint8_t *data, size_t size, int64_t format, uint8_t **pixels,
                        int64_t *h, int64_t *w, int64_t *c, char *err, size_t errsz);

/* ImageDecoder: the bytes of `in` decoded into `out` (its size fixed at
 * import time from the image known then). An image that does not decode,
 * or decodes to another size, writes what fits, zeroes the rest and prints
 * a line to stderr. */
void _mlir_ciface_strata_image_decode(strata_memref_i8_t *in, int64_t format,
                                      strata_memref_i8_t *out);

extern const strata_kernel_symbol_t strata_image_kernels[];

#endif
