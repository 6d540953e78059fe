/* ONNX ImageDecoder's kernel (image_kernels.h): every format decoded to
 * RGB8 rows first, by the system libraries (JPEG: libjpeg-turbo with its
 * defaults, the islow DCT and fancy upsampling, as Pillow reads it; PNG:
 * libpng's simplified API; TIFF: libtiff's RGBA reader; WebP: libwebp;
 * JPEG 2000: libopenjp2, .jp2 files and raw codestreams) or here (BMP:
 * uncompressed 24/32-bit and 8-bit palette, bottom-up or top-down; PNM:
 * P2, P3, P5, P6 with maxval <= 255), then swapped to BGR or converted to
 * grayscale. */
#include "runtime/image_kernels.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <openjpeg.h>
#include <png.h>
#include <tiffio.h>
#include <webp/decode.h>

typedef struct {
  uint8_t *rgb; /* [h, w, 3] */
  int64_t h, w;
} rgb_image_t;

static bool fail(char *err, size_t errsz, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errsz, fmt, ap);
  va_end(ap);
  return false;
}

static bool alloc_rgb(rgb_image_t *img, int64_t h, int64_t w, char *err, size_t errsz) {
  if (h <= 0 || w <= 0 || h > (1 << 16) || w > (1 << 16))
    return fail(err, errsz, "image size %lldx%lld is empty or too large", (long long)w,
                (long long)h);
  img->h = h, img->w = w;
  img->rgb = malloc((size_t)(h * w * 3));
  return img->rgb || fail(err, errsz, "out of memory");
}

/* ---- JPEG -------------------------------------------------------------------- */
typedef struct {
  struct jpeg_error_mgr mgr;
  jmp_buf jump;
  char message[JMSG_LENGTH_MAX];
} jpeg_err_t;

static void jpeg_on_error(j_common_ptr cinfo) {
  jpeg_err_t *e = (jpeg_err_t *)cinfo->err;
  cinfo->err->format_message(cinfo, e->message);
  longjmp(e->jump, 1);
}

static bool decode_jpeg(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  struct jpeg_decompress_struct cinfo;
  jpeg_err_t e;
  cinfo.err = jpeg_std_error(&e.mgr);
  e.mgr.error_exit = jpeg_on_error;
  img->rgb = NULL;
  if (setjmp(e.jump)) {
    jpeg_destroy_decompress(&cinfo);
    free(img->rgb);
    img->rgb = NULL;
    return fail(err, errsz, "JPEG: %s", e.message);
  }
  jpeg_create_decompress(&cinfo);
  jpeg_mem_src(&cinfo, d, (unsigned long)n);
  jpeg_read_header(&cinfo, TRUE);
  cinfo.out_color_space = JCS_RGB;
  jpeg_start_decompress(&cinfo);
  if (!alloc_rgb(img, cinfo.output_height, cinfo.output_width, err, errsz)) {
    jpeg_destroy_decompress(&cinfo);
    return false;
  }
  while (cinfo.output_scanline < cinfo.output_height) {
    JSAMPROW row = img->rgb + (size_t)cinfo.output_scanline * (size_t)img->w * 3;
    jpeg_read_scanlines(&cinfo, &row, 1);
  }
  jpeg_finish_decompress(&cinfo);
  jpeg_destroy_decompress(&cinfo);
  return true;
}

/* ---- PNG --------------------------------------------------------------------- */
static bool decode_png(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  png_image p;
  memset(&p, 0, sizeof p);
  p.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&p, d, n))
    return fail(err, errsz, "PNG: %s", p.message);
  p.format = PNG_FORMAT_RGB;
  if (!alloc_rgb(img, p.height, p.width, err, errsz)) {
    png_image_free(&p);
    return false;
  }
  if (!png_image_finish_read(&p, NULL, img->rgb, 0, NULL)) {
    free(img->rgb);
    return fail(err, errsz, "PNG: %s", p.message);
  }
  return true;
}

/* ---- TIFF (read from memory through client procedures) ----------------------- */
typedef struct {
  const uint8_t *d;
  size_t n, pos;
} mem_stream_t;

static tmsize_t tiff_read(thandle_t h, void *buf, tmsize_t size) {
  mem_stream_t *s = h;
  size_t k = s->pos < s->n ? s->n - s->pos : 0;
  if ((size_t)size < k)
    k = (size_t)size;
  memcpy(buf, s->d + s->pos, k);
  s->pos += k;
  return (tmsize_t)k;
}
static tmsize_t tiff_write(thandle_t h, void *buf, tmsize_t size) { return 0; }
static toff_t tiff_seek(thandle_t h, toff_t off, int whence) {
  mem_stream_t *s = h;
  uint64_t base = whence == SEEK_CUR ? s->pos : whence == SEEK_END ? s->n : 0;
  s->pos = (size_t)(base + off);
  return s->pos;
}
static int tiff_close(thandle_t h) { return 0; }
static toff_t tiff_size(thandle_t h) { return ((mem_stream_t *)h)->n; }
static int tiff_map(thandle_t h, void **base, toff_t *size) { return 0; }
static void tiff_unmap(thandle_t h, void *base, toff_t size) {}

static bool decode_tiff(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  mem_stream_t s = {d, n, 0};
  TIFFSetErrorHandler(NULL);
  TIFFSetWarningHandler(NULL);
  TIFF *t = TIFFClientOpen("image", "rm", &s, tiff_read, tiff_write, tiff_seek, tiff_close,
                           tiff_size, tiff_map, tiff_unmap);
  if (!t)
    return fail(err, errsz, "TIFF: not a readable TIFF stream");
  uint32_t w = 0, h = 0;
  TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &w);
  TIFFGetField(t, TIFFTAG_IMAGELENGTH, &h);
  uint32_t *raster = NULL;
  bool ok = alloc_rgb(img, h, w, err, errsz);
  if (ok && !(raster = malloc(sizeof *raster * (size_t)w * h)))
    ok = fail(err, errsz, "out of memory");
  if (ok && !TIFFReadRGBAImageOriented(t, w, h, raster, ORIENTATION_TOPLEFT, 0))
    ok = fail(err, errsz, "TIFF: the image data cannot be read");
  for (size_t i = 0; ok && i < (size_t)w * h; ++i) {
    img->rgb[3 * i] = (uint8_t)TIFFGetR(raster[i]);
    img->rgb[3 * i + 1] = (uint8_t)TIFFGetG(raster[i]);
    img->rgb[3 * i + 2] = (uint8_t)TIFFGetB(raster[i]);
  }
  free(raster);
  TIFFClose(t);
  if (!ok && img->rgb) {
    free(img->rgb);
    img->rgb = NULL;
  }
  return ok;
}

/* ---- WebP -------------------------------------------------------------------- */
static bool decode_webp(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  int w, h;
  uint8_t *p = WebPDecodeRGB(d, n, &w, &h);
  if (!p)
    return fail(err, errsz, "WebP: the stream does not decode");
  bool ok = alloc_rgb(img, h, w, err, errsz);
  if (ok)
    memcpy(img->rgb, p, (size_t)w * (size_t)h * 3);
  WebPFree(p);
  return ok;
}

/* ---- JPEG 2000 --------------------------------------------------------------- */
static OPJ_SIZE_T j2k_read(void *buf, OPJ_SIZE_T size, void *h) {
  size_t k = (size_t)tiff_read(h, buf, (tmsize_t)size);
  return k ? k : (OPJ_SIZE_T)-1;
}
static OPJ_OFF_T j2k_skip(OPJ_OFF_T off, void *h) {
  mem_stream_t *s = h;
  s->pos += (size_t)off;
  return off;
}
static OPJ_BOOL j2k_seek(OPJ_OFF_T off, void *h) {
  ((mem_stream_t *)h)->pos = (size_t)off;
  return OPJ_TRUE;
}

/* Component k's value at (y, x), scaled to 8 bits. */
static uint8_t j2k_sample(const opj_image_comp_t *c, int64_t y, int64_t x) {
  int64_t v = c->data[(y / (c->dy ? c->dy : 1)) * c->w + x / (c->dx ? c->dx : 1)];
  if (c->sgnd)
    v += (int64_t)1 << (c->prec - 1);
  if (c->prec > 8)
    v >>= c->prec - 8;
  else if (c->prec < 8)
    v <<= 8 - c->prec;
  return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static bool decode_j2k(const uint8_t *d, size_t n, bool jp2, rgb_image_t *img, char *err,
                       size_t errsz) {
  mem_stream_t s = {d, n, 0};
  opj_stream_t *st = opj_stream_create(1 << 16, OPJ_TRUE);
  opj_stream_set_user_data(st, &s, NULL);
  opj_stream_set_user_data_length(st, n);
  opj_stream_set_read_function(st, j2k_read);
  opj_stream_set_skip_function(st, j2k_skip);
  opj_stream_set_seek_function(st, j2k_seek);
  opj_codec_t *codec = opj_create_decompress(jp2 ? OPJ_CODEC_JP2 : OPJ_CODEC_J2K);
  opj_dparameters_t params;
  opj_set_default_decoder_parameters(&params);
  opj_image_t *im = NULL;
  bool ok = opj_setup_decoder(codec, &params) && opj_read_header(st, codec, &im) &&
            opj_decode(codec, st, im) && opj_end_decompress(codec, st);
  if (!ok)
    fail(err, errsz, "JPEG 2000: the stream does not decode");
  if (ok && im->numcomps != 1 && im->numcomps < 3)
    ok = fail(err, errsz, "JPEG 2000: %u components (1, or 3 and more, are read)", im->numcomps);
  if (ok)
    ok = alloc_rgb(img, im->comps[0].h * (im->comps[0].dy ? im->comps[0].dy : 1),
                   im->comps[0].w * (im->comps[0].dx ? im->comps[0].dx : 1), err, errsz);
  for (int64_t y = 0; ok && y < img->h; ++y)
    for (int64_t x = 0; x < img->w; ++x)
      for (int k = 0; k < 3; ++k)
        img->rgb[(y * img->w + x) * 3 + k] = j2k_sample(&im->comps[im->numcomps == 1 ? 0 : k], y, x);
  if (im)
    opj_image_destroy(im);
  opj_destroy_codec(codec);
  opj_stream_destroy(st);
  return ok;
}

/* ---- BMP --------------------------------------------------------------------- */
static int64_t le(const uint8_t *p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i)
    v = v << 8 | p[i];
  return bytes == 4 ? (int64_t)(int32_t)v : (int64_t)v;
}

static bool decode_bmp(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  if (n < 54 || le(d + 14, 4) < 40)
    return fail(err, errsz, "BMP: the header is truncated or too old");
  int64_t off = le(d + 10, 4), w = le(d + 18, 4), h = le(d + 22, 4);
  int64_t bpp = le(d + 28, 2), comp = le(d + 30, 4), colors = le(d + 46, 4);
  bool top_down = h < 0;
  h = top_down ? -h : h;
  if ((bpp != 24 && bpp != 32 && bpp != 8) || (comp != 0 && !(comp == 3 && bpp == 32)))
    return fail(err, errsz, "BMP: %lld bits per pixel with compression %lld is not supported "
                            "(uncompressed 8, 24 and 32 are)", (long long)bpp, (long long)comp);
  const uint8_t *pal = d + 14 + le(d + 14, 4);
  colors = colors ? colors : 256;
  int64_t stride = (w * bpp / 8 + 3) / 4 * 4;
  if (!alloc_rgb(img, h, w, err, errsz))
    return false;
  if (off < 0 || (uint64_t)off + (uint64_t)(stride * h) > n ||
      (bpp == 8 && (size_t)(pal - d) + (size_t)colors * 4 > n)) {
    free(img->rgb);
    return fail(err, errsz, "BMP: the pixel data is truncated");
  }
  for (int64_t y = 0; y < h; ++y) {
    const uint8_t *row = d + off + (top_down ? y : h - 1 - y) * stride;
    for (int64_t x = 0; x < w; ++x) {
      const uint8_t *bgr = bpp == 8 ? pal + 4 * (row[x] < colors ? row[x] : 0) : row + x * (bpp / 8);
      uint8_t *o = img->rgb + (y * w + x) * 3;
      o[0] = bgr[2], o[1] = bgr[1], o[2] = bgr[0];
    }
  }
  return true;
}

/* ---- PNM --------------------------------------------------------------------- */
/* The next ASCII integer at *p (skipping white space and # comments); -1 if none. */
static int64_t pnm_int(const uint8_t *d, size_t n, size_t *p) {
  while (*p < n && (d[*p] == ' ' || d[*p] == '\t' || d[*p] == '\r' || d[*p] == '\n' ||
                    d[*p] == '#')) {
    if (d[*p] == '#')
      while (*p < n && d[*p] != '\n')
        ++*p;
    else
      ++*p;
  }
  if (*p >= n || d[*p] < '0' || d[*p] > '9')
    return -1;
  int64_t v = 0;
  while (*p < n && d[*p] >= '0' && d[*p] <= '9' && v < (1 << 24))
    v = v * 10 + (d[(*p)++] - '0');
  return v;
}

static bool decode_pnm(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  char kind = (char)d[1];
  bool ascii = kind == '2' || kind == '3', gray = kind == '2' || kind == '5';
  size_t p = 2;
  int64_t w = pnm_int(d, n, &p), h = pnm_int(d, n, &p), maxval = pnm_int(d, n, &p);
  if (w < 0 || h < 0 || maxval < 1 || maxval > 255)
    return fail(err, errsz, "PNM: a bad header (P%c, maxval 1 to 255 are read)", kind);
  ++p; /* the one white space before binary data */
  int64_t ch = gray ? 1 : 3;
  if (!alloc_rgb(img, h, w, err, errsz))
    return false;
  if (!ascii && p + (size_t)(w * h * ch) > n) {
    free(img->rgb);
    return fail(err, errsz, "PNM: the pixel data is truncated");
  }
  for (int64_t i = 0; i < w * h; ++i)
    for (int64_t k = 0; k < 3; ++k) {
      int64_t v = k >= ch ? img->rgb[i * 3] : ascii ? pnm_int(d, n, &p) : d[p++];
      if (v < 0) {
        free(img->rgb);
        return fail(err, errsz, "PNM: the pixel data is truncated");
      }
      /* maxval below 255: scaled as Pillow does, rounded to nearest */
      img->rgb[i * 3 + k] = k >= ch ? (uint8_t)v : (uint8_t)((v * 255 + maxval / 2) / maxval);
    }
  return true;
}

/* ---- Dispatch ---------------------------------------------------------------- */
static bool decode_rgb(const uint8_t *d, size_t n, rgb_image_t *img, char *err, size_t errsz) {
  static const uint8_t png_sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  static const uint8_t jp2_sig[12] = {0, 0, 0, 12, 'j', 'P', ' ', ' ', '\r', '\n', 0x87, '\n'};
  if (n >= 3 && d[0] == 0xff && d[1] == 0xd8 && d[2] == 0xff)
    return decode_jpeg(d, n, img, err, errsz);
  if (n >= 8 && !memcmp(d, png_sig, 8))
    return decode_png(d, n, img, err, errsz);
  if (n >= 12 && !memcmp(d, jp2_sig, 12))
    return decode_j2k(d, n, true, img, err, errsz);
  if (n >= 4 && d[0] == 0xff && d[1] == 0x4f && d[2] == 0xff && d[3] == 0x51)
    return decode_j2k(d, n, false, img, err, errsz);
  if (n >= 4 && (!memcmp(d, "II*\0", 4) || !memcmp(d, "MM\0*", 4)))
    return decode_tiff(d, n, img, err, errsz);
  if (n >= 12 && !memcmp(d, "RIFF", 4) && !memcmp(d + 8, "WEBP", 4))
    return decode_webp(d, n, img, err, errsz);
  if (n >= 2 && d[0] == 'B' && d[1] == 'M')
    return decode_bmp(d, n, img, err, errsz);
  if (n >= 2 && d[0] == 'P' && (d[1] == '2' || d[1] == '3' || d[1] == '5' || d[1] == '6'))
    return decode_pnm(d, n, img, err, errsz);
  return fail(err, errsz, "the image format is not recognized (BMP, JPEG, JPEG 2000, PNG, PNM, "
                          "TIFF and WebP are)");
}

int strata_image_decode(const uint8_t *data, size_t size, int64_t format, uint8_t **pixels,
                        int64_t *h, int64_t *w, int64_t *c, char *err, size_t errsz) {
  rgb_image_t img = {NULL, 0, 0};
  if (!decode_rgb(data, size, &img, err, errsz))
    return -1;
  *h = img.h, *w = img.w;
  *c = format == STRATA_IMAGE_GRAY ? 1 : 3;
  size_t count = (size_t)(img.h * img.w);
  for (size_t i = 0; i < count; ++i) {
    uint8_t *p = img.rgb + 3 * i;
    if (format == STRATA_IMAGE_BGR) {
      uint8_t r = p[0];
      p[0] = p[2], p[2] = r;
    } else if (format == STRATA_IMAGE_GRAY) {
      img.rgb[i] = (uint8_t)((p[0] * 19595u + p[1] * 38470u + p[2] * 7471u + 0x8000u) >> 16);
    }
  }
  *pixels = img.rgb;
  return 0;
}

void _mlir_ciface_strata_image_decode(strata_memref_i8_t *in, int64_t format,
                                      strata_memref_i8_t *out) {
  uint8_t *bytes = malloc((size_t)(in->size + 1));
  if (!bytes) {
    fprintf(stderr, "strata: out of memory in ImageDecoder\n");
    abort();
  }
  for (int64_t k = 0; k < in->size; ++k)
    bytes[k] = (uint8_t)in->aligned[in->offset + k * in->stride];
  uint8_t *px = NULL;
  int64_t h = 0, w = 0, c = 0;
  char err[256];
  int64_t got = 0;
  if (strata_image_decode(bytes, (size_t)in->size, format, &px, &h, &w, &c, err, sizeof err))
    fprintf(stderr, "strata: ImageDecoder: %s\n", err);
  else if ((got = h * w * c) != out->size)
    fprintf(stderr, "strata: ImageDecoder: the image has %lld values, the output was sized for "
                    "%lld at import time\n", (long long)got, (long long)out->size);
  for (int64_t k = 0; k < out->size; ++k)
    out->aligned[out->offset + k * out->stride] = (int8_t)(k < got ? px[k] : 0);
  free(px);
  free(bytes);
}

const strata_kernel_symbol_t strata_image_kernels[] = {
    {"_mlir_ciface_strata_image_decode", (void *)_mlir_ciface_strata_image_decode},
    {NULL, NULL},
};
