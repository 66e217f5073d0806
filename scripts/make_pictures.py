#!/usr/bin/env python3
"""Draws Slide's shipped pictures (assets/pictures/*.png) from code, with the standard
library only, so that the pictures are the project's own work and can be remade exactly.

A board shows a picture at 6×6 pixels per tile (two pixels per character cell), so a 4×4
board sees it at 24×24: the pictures are bold shapes and strong colour changes that stay
recognisable that small, and every tile differs from its neighbours.

Run from the repository's root: python3 scripts/make_pictures.py
"""

import math
import struct
import zlib
from pathlib import Path

SIZE = 96
OUT = Path(__file__).resolve().parent.parent / "assets" / "pictures"


def png(path, pixels):
    """Writes an 8-bit RGB PNG: a signature, IHDR, one zlib IDAT, IEND."""
    h = len(pixels)
    w = len(pixels[0])
    raw = b"".join(b"\x00" + bytes(c for px in row for c in px) for row in pixels)

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
    data += chunk(b"IDAT", zlib.compress(raw, 9))
    data += chunk(b"IEND", b"")
    path.write_bytes(data)


def mix(a, b, t):
    t = max(0.0, min(1.0, t))
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def draw(f):
    return [[f(x + 0.5, y + 0.5) for x in range(SIZE)] for y in range(SIZE)]


def sunset(x, y):
    """A sun setting over the sea, its light on the waves."""
    horizon = SIZE * 0.62
    sun = (SIZE * 0.5, horizon - SIZE * 0.04)
    if y < horizon:
        t = y / horizon
        sky = mix((40, 30, 110), (230, 90, 80), t * 1.3) if t < 0.75 else mix((230, 90, 80), (255, 190, 60), (t - 0.75) * 4)
        if math.hypot(x - sun[0], y - sun[1]) < SIZE * 0.17:
            return (255, 230, 120)
        # Two dark clouds across the sky.
        for cy, cx, r in ((0.18, 0.25, 0.1), (0.3, 0.75, 0.08)):
            if abs(y - cy * SIZE) < r * SIZE * 0.35 and abs(x - cx * SIZE) < r * SIZE * 2:
                return mix(sky, (70, 40, 90), 0.6)
        return sky
    depth = (y - horizon) / (SIZE - horizon)
    sea = mix((30, 60, 120), (10, 20, 60), depth)
    # The sun's path on the water: golden strokes narrowing towards the horizon.
    width = SIZE * (0.06 + 0.22 * depth)
    if abs(x - sun[0]) < width and int(y) % 4 < 2:
        return mix((255, 200, 90), sea, abs(x - sun[0]) / width)
    return sea


def rings(x, y):
    """Concentric rings of the rainbow on a dark ground: every tile a different arc."""
    c = SIZE / 2
    r = math.hypot(x - c, y - c) / (SIZE * 0.72)
    if r > 1:
        return (25, 25, 35)
    hue = r * 6
    band = int(hue)
    colours = [(230, 60, 60), (240, 150, 40), (240, 220, 60), (70, 180, 80), (60, 120, 220), (140, 80, 200), (25, 25, 35)]
    base = colours[band]
    # Darker toward each ring's outer edge, so neighbouring tiles differ in lightness too.
    return mix(base, (0, 0, 0), (hue - band) * 0.45)


def mountains(x, y):
    """Three ranges of mountains under a pale sky, snow on the highest peaks."""
    sky = mix((150, 200, 240), (240, 245, 250), y / SIZE)
    ranges = [
        (0.35, 0.18, 0.9, (90, 100, 130), True),
        (0.55, 0.14, 1.7, (60, 110, 80), False),
        (0.75, 0.10, 2.6, (40, 70, 45), False),
    ]
    colour = sky
    for base, amp, freq, shade, snow in ranges:
        u = x / SIZE
        ridge = SIZE * (base - amp * (abs(math.sin(u * math.pi * freq + base * 5)) + 0.3 * math.sin(u * 17 + base)))
        if y > ridge:
            colour = shade
            if snow and y < ridge + SIZE * 0.07:
                colour = (245, 245, 250)
    # A lake at the bottom.
    if y > SIZE * 0.88:
        colour = mix((60, 120, 170), (30, 70, 120), (y - SIZE * 0.88) / (SIZE * 0.12))
    return colour


def flower(x, y):
    """A big flower: eight petals around a yellow heart, on green leaves."""
    c = SIZE / 2
    dx, dy = x - c, y - c
    r = math.hypot(dx, dy) / SIZE
    a = math.atan2(dy, dx)
    if r < 0.1:
        return mix((250, 210, 40), (200, 120, 20), r / 0.1)
    petal = 0.2 + 0.22 * abs(math.cos(a * 4))
    if r < petal:
        return mix((250, 120, 170), (180, 30, 90), r / petal)
    # Leaves in the corners, sky between.
    stripes = (int((x + y) / 8) % 2) * 15
    return (50 + stripes, 140 + stripes, 70)


PICTURES = {"sunset": sunset, "rings": rings, "mountains": mountains, "flower": flower}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, f in PICTURES.items():
        png(OUT / f"{name}.png", draw(f))
        print(f"wrote {OUT / name}.png")
