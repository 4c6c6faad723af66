"""Draws the app icons (icon-192.png, icon-512.png) with the standard library only.

A pitch-green square (full bleed, so it also works as a maskable icon) with the halfway
line, the centre circle and a ball on the spot; icon.svg is the same drawing as vectors.
Run: python static/icons/make_icons.py
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

PITCH = (0x27, 0x6B, 0x44)
WHITE = (0xFF, 0xFF, 0xFF)
INK = (0x15, 0x20, 0x1A)
SAMPLES = 3  # supersampling per axis, for smooth edges


def colour_at(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in a unit square centred on (0.5, 0.5)."""
    dx, dy = x - 0.5, y - 0.5
    r = math.hypot(dx, dy)
    if r < 0.17:  # the ball, with a dark pentagon-ish patch in the middle
        return INK if r < 0.06 else WHITE
    if abs(r - 0.3) < 0.022:  # centre circle
        return WHITE
    if abs(dx) < 0.018 and 0.06 < y < 0.94:  # halfway line
        return WHITE
    return PITCH


def pixels(size: int) -> bytes:
    rows = bytearray()
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        rows.append(0)  # filter type: none
        for px in range(size):
            acc = [0, 0, 0]
            for sy in range(SAMPLES):
                for sx in range(SAMPLES):
                    c = colour_at(
                        (px * SAMPLES + sx + 0.5) * step, (py * SAMPLES + sy + 0.5) * step
                    )
                    acc[0] += c[0]
                    acc[1] += c[1]
                    acc[2] += c[2]
            n = SAMPLES * SAMPLES
            rows.extend((acc[0] // n, acc[1] // n, acc[2] // n))
    return bytes(rows)


def chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def png(size: int) -> bytes:
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(pixels(size), 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    here = Path(__file__).resolve().parent
    for size in (192, 512):
        (here / f"icon-{size}.png").write_bytes(png(size))


if __name__ == "__main__":
    main()
