"""PNG files written here rather than by Pillow: every row unfiltered, one zlib stream.

Pillow's writer tries all five PNG row filters on every row and keeps the best, which was most of
the time a board took to encode. Araldo's pictures are flat colours, lines and text, where unfiltered
rows compress as well or better; measured on the development container (same zlib level 3):
SPQRisiko's board 27 -> 15 ms and 185 -> 158 KiB, Impero's map 17 -> 6.5 ms and 125 -> 115 KiB, the
test game's small board 0.94 -> 0.37 ms.
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

LEVEL = 3  # zlib: 6 and up were twice as slow for 15-20 % smaller files
_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_COLOUR_TYPE = {"L": 0, "RGB": 2, "RGBA": 6}  # 8 bits per sample


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(data, zlib.crc32(kind)))


def encode(image: Image.Image) -> bytes:
    """The image as PNG bytes (other modes become RGB, or RGBA when they carry transparency)."""
    if image.mode not in _COLOUR_TYPE:
        alpha = "A" in image.getbands() or "transparency" in image.info
        image = image.convert("RGBA" if alpha else "RGB")
    width, height = image.size
    stride = width * len(image.getbands())
    raw = memoryview(image.tobytes())
    # each row starts with its filter type: 0, none
    rows = b"\x00" + b"\x00".join(raw[y * stride:(y + 1) * stride] for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPE[image.mode], 0, 0, 0)
    return (_SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, LEVEL))
            + _chunk(b"IEND", b""))
