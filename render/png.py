"""PNG files written here rather than by Pillow: every row unfiltered, one zlib stream.

Pillow's writer tries all five PNG row filters on every row and keeps the best, which was most of
the time a board took to encode. Araldo's pictures are flat colours, lines and text, where unfiltered
rows compress as well or better; measured on the development container (same zlib level 3):
SPQRisiko's board 27 -> 15 ms and 185 -> 158 KiB, Impero's map 17 -> 6.5 ms and 125 -> 115 KiB, the
test game's small board 0.94 -> 0.37 ms. Then the rows went to zlib straight from Pillow's raw
encoder instead of through two whole-image copies (measured on a slower machine: SPQRisiko's board
24 -> 14 ms, the interpreter lock held 2 ms of it instead of 10).
"""

from __future__ import annotations

import struct
import zlib

from PIL import Image

LEVEL = 3  # zlib: 6 and up were twice as slow for 15-20 % smaller files
# bytes of rows handed to zlib at a time: zlib lets go of the interpreter lock for each, and under
# load the board thread then waits to get it back from the event loop; 1 MiB takes a small board in
# one call (64 KiB took five), measured at 174 -> 200 picture moves a second on average over six
# alternating A/B pairs, p99 of 50 players lower in five of them
CHUNK = 1 << 20
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
    # each row starts with its filter type, 0 (none). Pillow's raw encoder pads every row with zero
    # bytes up to the stride it is given: one byte more, and the pad of each row, read one byte
    # later, is the next row's filter byte. Its chunks go straight to zlib (which lets go of the
    # interpreter lock): no row-by-row copy and no whole-image buffer, which for SPQRisiko's board
    # held the lock 10 ms of the encoding (`tobytes` is this same loop followed by a join)
    encoder = Image._getencoder(image.mode, "raw", (image.mode, stride + 1))
    deflate = zlib.compressobj(LEVEL)
    parts = [deflate.compress(b"\x00")]
    try:
        encoder.setimage(image.im, (0, 0, width, height))
        pending = b""
        while True:
            _, status, chunk = encoder.encode(max(CHUNK, stride + 1))  # whole rows only
            if chunk:
                if pending:
                    parts.append(deflate.compress(pending))
                pending = chunk
            if status:
                break
        if status < 0:
            raise RuntimeError(f"raw encoder error {status}")
    finally:
        encoder.cleanup()
    parts.append(deflate.compress(memoryview(pending)[:-1]))  # the last row's pad is no filter byte
    parts.append(deflate.flush())
    data = b"".join(parts)
    header = struct.pack(">IIBBBBB", width, height, 8, _COLOUR_TYPE[image.mode], 0, 0, 0)
    return _SIGNATURE + _chunk(b"IHDR", header) + _chunk(b"IDAT", data) + _chunk(b"IEND", b"")
