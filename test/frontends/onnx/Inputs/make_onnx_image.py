#!/usr/bin/env python3
"""Writes ONNX ImageDecoder models (opset 20) on images encoded here with
the standard library (BMP 24-bit bottom-up and 8-bit palette top-down, PNM
P6, P5 and ASCII P3 with maxval 15, PNG RGB, TIFF uncompressed RGB), with
the encoded input and the expected pixels as TensorProto files: the lossless
formats decode to exactly the pixels written, grayscale as Pillow converts
((19595 R + 38470 G + 7471 B + 2^15) >> 16), PNM maxval 15 scaled to 255
rounded. Or, for `from_pb`, a model for the encoded image in a given .pb
file (the node-suite images of the lossy formats).

usage: make_onnx_image.py <case> <prefix> [<format> <h> <w> <c>]
"""
import os
import struct
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_onnx import UINT8, attr_str, model, node, value_info, write_cases  # noqa: E402
from protobuf_wire import f_bytes, f_int  # noqa: E402

H, W = 5, 7


def pixels():
    """[H, W, 3] RGB values, row-major, flattened."""
    return [(y * 53 + x * 29 + k * 97 + (x * y) % 7 * 11) % 256
            for y in range(H) for x in range(W) for k in range(3)]


def gray(rgb):
    return [(rgb[i] * 19595 + rgb[i + 1] * 38470 + rgb[i + 2] * 7471 + 0x8000) >> 16
            for i in range(0, len(rgb), 3)]


def u8_tensor(dims, data):
    return b"".join(f_int(1, d) for d in dims) + f_int(2, UINT8) + f_bytes(9, bytes(data))


def bmp24(rgb):
    stride = (W * 3 + 3) // 4 * 4
    rows = b""
    for y in reversed(range(H)):  # bottom-up
        row = b"".join(bytes(rgb[(y * W + x) * 3:(y * W + x) * 3 + 3][::-1]) for x in range(W))
        rows += row + bytes(stride - len(row))
    info = struct.pack("<IiiHHIIiiII", 40, W, H, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + len(rows), 0, 0, 54) + info + rows


def bmp8(rgb):
    """8-bit palette, top-down (negative height): one palette entry per pixel
    (35 colours)."""
    pal = b"".join(bytes([rgb[i + 2], rgb[i + 1], rgb[i], 0]) for i in range(0, len(rgb), 3))
    n = len(pal) // 4
    stride = (W + 3) // 4 * 4
    rows = b"".join(bytes(range(y * W, y * W + W)) + bytes(stride - W) for y in range(H))
    off = 54 + len(pal)
    info = struct.pack("<IiiHHIIiiII", 40, W, -H, 1, 8, 0, len(rows), 2835, 2835, n, 0)
    return b"BM" + struct.pack("<IHHI", off + len(rows), 0, 0, off) + info + pal + rows


def png(rgb):
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    raw = b"".join(b"\0" + bytes(rgb[y * W * 3:(y + 1) * W * 3]) for y in range(H))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, 8, 2, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def tiff(rgb):
    data = bytes(rgb)
    entries = [(256, 3, 1, W), (257, 3, 1, H), (258, 3, 3, 8 + len(data)), (259, 3, 1, 1),
               (262, 3, 1, 2), (273, 4, 1, 8), (277, 3, 1, 3), (278, 3, 1, H),
               (279, 4, 1, len(data)), (284, 3, 1, 1)]
    ifd_off = 8 + len(data) + 6  # the data, then BitsPerSample's three shorts
    ifd = struct.pack("<H", len(entries))
    for tag, typ, count, val in entries:
        ifd += struct.pack("<HHII", tag, typ, count, val) if typ == 4 or count > 1 else \
            struct.pack("<HHIHH", tag, typ, count, val, 0)
    ifd += struct.pack("<I", 0)
    return b"II*\0" + struct.pack("<I", ifd_off) + data + struct.pack("<HHH", 8, 8, 8) + ifd


def pnm(rgb, kind):
    if kind == "P6":
        return b"P6\n# strata\n%d %d\n255\n" % (W, H) + bytes(rgb)
    if kind == "P5":
        return b"P5 %d %d 255\n" % (W, H) + bytes(gray(rgb))
    return (b"P3\n%d %d\n15\n" % (W, H) +
            b" ".join(b"%d" % (v >> 4) for v in rgb) + b"\n")


def case(encoded, expected, fmt, c):
    m = model([node("ImageDecoder", ["x"], ["y"], "imagedecoder1",
                    [attr_str("pixel_format", fmt)])],
              [value_info("x", UINT8, [len(encoded)])], [value_info("y", UINT8, [H, W, c])],
              opset=20)
    return m, [u8_tensor([len(encoded)], encoded)], [u8_tensor([H, W, c], expected)]


def bgr(rgb):
    return [rgb[i - i % 3 + 2 - i % 3] for i in range(len(rgb))]


P = pixels()
RUN_CASES = {
    "bmp24": lambda: case(bmp24(P), P, "RGB", 3),
    "bmp8_bgr": lambda: case(bmp8(P), bgr(P), "BGR", 3),
    "png": lambda: case(png(P), P, "RGB", 3),
    "png_gray": lambda: case(png(P), gray(P), "Grayscale", 1),
    "tiff": lambda: case(tiff(P), P, "RGB", 3),
    "pnm_p6": lambda: case(pnm(P, "P6"), P, "RGB", 3),
    "pnm_p5": lambda: case(pnm(P, "P5"), [g for g in gray(P) for _ in range(3)], "RGB", 3),
    "pnm_p3": lambda: case(pnm(P, "P3"), [((v >> 4) * 255 + 7) // 15 for v in P], "RGB", 3),
    # images that do not decode (their expected outputs are never read)
    "unknown": lambda: case(b"GIF89a" + bytes(20), [], "RGB", 3),
    "truncated": lambda: case(png(P)[:40], [], "RGB", 3),
}
ERROR_CASES = {
    "format": lambda: case(png(P), [], "HSV", 3)[0],
}


def from_pb(prefix, fmt, h, w, c):
    """A model for the encoded image in <prefix>.in0.pb (a uint8 [n] TensorProto)."""
    with open(prefix + ".in0.pb", "rb") as f:
        data = f.read()
    i, n, shift = 1, 0, 0
    while True:
        n |= (data[i] & 0x7F) << shift
        shift += 7
        i += 1
        if not data[i - 1] & 0x80:
            break
    m = model([node("ImageDecoder", ["x"], ["y"], "imagedecoder1",
                    [attr_str("pixel_format", fmt)])],
              [value_info("x", UINT8, [n])], [value_info("y", UINT8, [h, w, c])], opset=20)
    with open(prefix + ".onnx", "wb") as f:
        f.write(m)


if __name__ == "__main__":
    if len(sys.argv) == 7 and sys.argv[1] == "from_pb":
        from_pb(sys.argv[2], sys.argv[3], *map(int, sys.argv[4:]))
    else:
        write_cases("make_onnx_image.py", RUN_CASES, ERROR_CASES, sys.argv)
