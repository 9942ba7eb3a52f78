#!/usr/bin/env python3
"""Draw the app icons (site/icons/): a faceted gold gem on the site's night blue.

    python tools/make_icons.py

Writes icon.svg (any size), icon-192.png, icon-512.png (purpose "any": rounded square) and
maskable-512.png (purpose "maskable": full bleed, the gem inside the central safe circle).
Standard library only: the PNGs are rasterised here with 4x4 supersampling and written with
zlib. The outputs are committed; run this again only to change the design.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "site" / "icons"
BG = "#17202e"
RADIUS = 96  # of 512, the rounded square of the "any" icon
# Facets in a 512 box: (colour, polygon). The gem spans x 136..376, y 136..396.
FACETS = [
    ("#f3d26b", [(136, 196), (196, 136), (226, 196)]),
    ("#f8e39a", [(196, 136), (316, 136), (286, 196), (226, 196)]),
    ("#e5b62a", [(316, 136), (376, 196), (286, 196)]),
    ("#e5b62a", [(136, 196), (226, 196), (256, 396)]),
    ("#c9971a", [(226, 196), (286, 196), (256, 396)]),
    ("#a87b10", [(286, 196), (376, 196), (256, 396)]),
]
CENTER = (256, 266)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def placed(scale: float) -> list[tuple[str, list[tuple[float, float]]]]:
    """The facets scaled about the gem's centre and moved to the middle of the box."""
    cx, cy = CENTER
    return [(c, [(256 + (x - cx) * scale, 256 + (y - cy) * scale) for x, y in poly]) for c, poly in FACETS]


def inside(poly: list[tuple[float, float]], x: float, y: float) -> bool:
    """Point in a convex polygon (either winding)."""
    sign = 0
    n = len(poly)
    for i in range(n):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % n]
        cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1)
        if cross != 0:
            s = 1 if cross > 0 else -1
            if sign and s != sign:
                return False
            sign = s
    return True


def in_rounded_square(x: float, y: float, r: float) -> bool:
    cx = min(max(x, r), 512 - r)
    cy = min(max(y, r), 512 - r)
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


def raster(size: int, scale: float, rounded: bool) -> bytes:
    facets = [(rgb(c), poly,
               (min(p[0] for p in poly), max(p[0] for p in poly), min(p[1] for p in poly), max(p[1] for p in poly)))
              for c, poly in placed(scale)]
    bg = rgb(BG)
    k = 4  # supersampling
    unit = 512 / size
    rows = []
    for py in range(size):
        row = bytearray([0])  # filter: none
        for px in range(size):
            acc = [0, 0, 0, 0]
            for sy in range(k):
                for sx in range(k):
                    x = (px + (sx + 0.5) / k) * unit
                    y = (py + (sy + 0.5) / k) * unit
                    if rounded and not in_rounded_square(x, y, RADIUS):
                        continue
                    colour = bg
                    for c, poly, (x0, x1, y0, y1) in facets:
                        if x0 <= x <= x1 and y0 <= y <= y1 and inside(poly, x, y):
                            colour = c
                            break
                    acc[0] += colour[0]
                    acc[1] += colour[1]
                    acc[2] += colour[2]
                    acc[3] += 255
            n = k * k
            alpha = acc[3] // n
            if alpha:
                covered = acc[3] // 255
                row += bytes([acc[0] // covered, acc[1] // covered, acc[2] // covered, alpha])
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, b"".join(rows))


def png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def svg() -> str:
    polys = "".join(
        f'<path d="M{" L".join(f"{x:g} {y:g}" for x, y in poly)}Z" fill="{c}"/>' for c, poly in placed(1.0))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">'
            f'<rect width="512" height="512" rx="{RADIUS}" fill="{BG}"/>{polys}</svg>\n')


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "icon.svg").write_text(svg())
    (OUT / "icon-192.png").write_bytes(raster(192, 1.0, rounded=True))
    (OUT / "icon-512.png").write_bytes(raster(512, 1.0, rounded=True))
    # maskable: the safe zone is the centred circle of radius 40 %; the gem fits in it at 0.8
    (OUT / "maskable-512.png").write_bytes(raster(512, 0.8, rounded=False))
    for f in sorted(OUT.iterdir()):
        print(f"{f.relative_to(OUT.parent.parent)}: {f.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
