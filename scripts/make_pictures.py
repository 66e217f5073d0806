#!/usr/bin/env python3
"""Draws Slide's shipped pictures (assets/pictures/*.png) from code, with the standard
library only, so that the pictures are the project's own work and can be remade exactly.

A board cuts a picture into tiles, and a scrambled tile must say where it belongs: no two
tiles may look alike on any board from 3×3 to 6×6 (`picture::look_alike` tests every shipped
picture at every size and tile size). So every picture changes colour along both axes (a
two-dimensional gradient under everything) and carries features that break its symmetries
(a moon and a boat, a cabin and pines, light from the top left, petals of eight colours).
Bold shapes and strong colour changes stay recognisable at 6×6 pixels a tile (the smallest
picture tiles: 6×3 cells, two pixels a cell), and the picture is drawn at 192×192 so that the
big tiles of a large terminal show it smooth.

Run from the repository's root: python3 scripts/make_pictures.py
"""

import math
import struct
import zlib
from pathlib import Path

SIZE = 192
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

def quad(tl, tr, bl, br, u, v):
    return mix(mix(tl, tr, u), mix(bl, br, u), v)

def draw(f):
    return [[f((x + 0.5) / SIZE, (y + 0.5) / SIZE) for x in range(SIZE)] for y in range(SIZE)]

def sunset(u, v):
    """The sun setting over the sea: rays in a sky going from night to gold, an island, a boat."""
    horizon = 0.6
    su, sv = 0.66, 0.52
    hill = horizon - 0.17 * max(0.0, 1 - ((u - 0.08) / 0.26) ** 2)
    if v < horizon:
        if v > hill:
            return mix((60, 30, 70), (15, 10, 25), (v - hill) / 0.17)
        sky = quad((70, 0, 100), (0, 110, 210), (250, 40, 110), (255, 200, 30), u, v / horizon)
        d = math.hypot(u - su, v - sv)
        if d < 0.11:
            return mix((255, 250, 190), (255, 190, 60), d / 0.11)
        # A thin moon, high on the left.
        if math.hypot(u - 0.1, v - 0.1) < 0.055 and math.hypot(u - 0.125, v - 0.085) > 0.05:
            return (250, 245, 215)
        a = math.atan2(v - sv, u - su)
        ray = 0.5 + 0.5 * math.cos(a * 13)
        sky = mix(sky, (255, 230, 170), 0.35 * ray * max(0.0, 1 - d * 1.1))
        for cu, cv, w, h in ((0.3, 0.18, 0.15, 0.04), (0.8, 0.22, 0.13, 0.035), (0.42, 0.34, 0.12, 0.03)):
            if ((u - cu) / w) ** 2 + ((v - cv) / h) ** 2 < 1:
                return mix(sky, (70, 20, 80), 0.7)
        return sky
    depth = (v - horizon) / (1 - horizon)
    # A sailing boat on the left: a dark hull and a pale sail.
    if 0.8 < v < 0.84 and abs(u - 0.24) < 0.09 - (v - 0.8) * 0.8:
        return (40, 20, 30)
    if 0.64 < v <= 0.8 and 0.22 < u < 0.22 + (v - 0.64) * 0.9:
        return (245, 225, 200)
    sea = quad((20, 200, 180), (180, 50, 190), (0, 150, 110), (150, 0, 110), u, depth)
    # Waves: slanted lines, brighter toward the sun's path.
    wave = 0.5 + 0.5 * math.sin((u * 2.3 + depth * 9) * math.pi * 2)
    glow = max(0.0, 1 - abs(u - su) / (0.08 + 0.3 * depth))
    return mix(sea, (255, 200, 90), 0.55 * glow * wave + 0.3 * wave)


def mountains(u, v):
    """Three ranges under a morning sky, the sun rising on the right, a lake below."""
    sky = quad((90, 150, 230), (250, 200, 120), (190, 225, 250), (255, 240, 200), u, v / 0.6)
    d = math.hypot(u - 0.83, v - 0.2)
    if d < 0.07:
        return (255, 250, 210)
    sky = mix(sky, (255, 220, 150), max(0.0, 0.5 - d))
    ranges = [
        (0.36, 0.2, 1.1, (120, 110, 160), (200, 170, 190), True),
        (0.55, 0.15, 1.9, (30, 130, 110), (190, 170, 60), False),
        (0.74, 0.1, 2.9, (10, 90, 90), (130, 110, 30), False),
    ]
    colour = sky
    for base, amp, freq, left, right, snow in ranges:
        ridge = base - amp * (abs(math.sin(u * math.pi * freq + base * 5)) + 0.35 * math.sin(u * 17 + base))
        if v > ridge:
            colour = mix(left, right, u)
            # The sun lights the slopes that face it.
            slope = math.cos(u * math.pi * freq + base * 5) * math.copysign(1, math.sin(u * math.pi * freq + base * 5))
            colour = mix(colour, (255, 230, 190), 0.25 * max(0.0, -slope))
            colour = mix(colour, (0, 0, 0), (v - ridge) * 1.2)
            if snow and v < ridge + 0.07:
                colour = mix((235, 235, 250), (255, 240, 220), u)
    # A red cabin on the middle range, pines on the slopes.
    if 0.36 < u < 0.44 and 0.63 < v < 0.68:
        return (200, 60, 40) if v < 0.65 - abs(u - 0.4) * 0.3 + 0.005 else (120, 80, 50)
    for tu, tv in ((0.07, 0.7), (0.22, 0.6), (0.57, 0.66), (0.7, 0.58), (0.9, 0.72), (0.3, 0.78), (0.78, 0.8)):
        if tv - 0.07 < v < tv and abs(u - tu) < (v - tv + 0.07) * 0.35:
            return mix((10, 60, 30), (60, 90, 20), u)
    if v > 0.86:
        depth = (v - 0.86) / 0.14
        lake = quad((40, 140, 190), (200, 150, 110), (20, 60, 130), (120, 70, 90), u, depth)
        ripple = 0.5 + 0.5 * math.sin((u * 3.1 + depth * 4) * math.pi * 2)
        colour = mix(lake, (255, 255, 255), 0.25 * ripple)
    return colour


def rings(u, v):
    """Rainbow rings on a dark ground, lit from the top left: every tile a different arc."""
    cu, cv = 0.47, 0.5
    r = math.hypot(u - cu, v - cv) / 0.74
    ground = quad((60, 40, 90), (20, 60, 90), (40, 30, 50), (10, 20, 40), u, v)
    if r > 1:
        return ground
    hue = r * 6
    band = int(hue)
    colours = [(230, 60, 60), (240, 150, 40), (240, 220, 60), (70, 180, 80), (60, 120, 220), (140, 80, 200), (25, 25, 35)]
    base = colours[min(band, 6)]
    c = mix(base, (0, 0, 0), (hue - band) * 0.5)
    # Light from the top left, shade to the bottom right.
    light = (u - cu) + (v - cv)
    return mix(c, (255, 255, 255), 0.45 * max(0.0, -light)) if light < 0 else mix(c, (0, 0, 30), 0.65 * light)

def flower(u, v):
    """A flower of eight petals, each its own colour, around a golden heart, on leaves."""
    cu, cv = 0.5, 0.48
    du, dv = u - cu, v - cv
    r = math.hypot(du, dv)
    a = math.atan2(dv, du)
    if r < 0.1:
        return mix((255, 220, 40), (200, 110, 10), r / 0.1)
    petal = 0.2 + 0.22 * abs(math.cos(a * 4))
    if r < petal:
        k = int(((a + math.pi) / (2 * math.pi)) * 8 + 0.5) % 8
        hues = [(250, 90, 120), (250, 150, 60), (240, 220, 80), (170, 100, 220),
                (90, 150, 250), (250, 120, 200), (240, 80, 60), (200, 160, 240)]
        return mix(hues[k], (90, 20, 60), r / petal * 0.7)
    # A bud at the bottom right, a ladybird at the bottom left, a sky corner at the top right.
    if math.hypot(u - 0.86, v - 0.86) < 0.07:
        return mix((255, 160, 200), (170, 40, 110), math.hypot(u - 0.86, v - 0.86) / 0.07)
    if math.hypot(u - 0.14, v - 0.84) < 0.055:
        spot = math.hypot(u - 0.125, v - 0.83) < 0.014 or math.hypot(u - 0.16, v - 0.855) < 0.014
        return (20, 10, 10) if spot or abs(u - 0.14) < 0.005 else (230, 30, 30)
    leaves = quad((170, 230, 90), (40, 170, 170), (120, 150, 20), (20, 110, 60), u, v)
    vein = 0.5 + 0.5 * math.sin((u * 2.7 - v * 1.9) * math.pi * 2)
    return mix(leaves, (0, 50, 20), 0.45 * vein)


PICTURES = {"sunset": sunset, "rings": rings, "mountains": mountains, "flower": flower}

if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    for name, f in PICTURES.items():
        png(OUT / f"{name}.png", draw(f))
        print(f"wrote {OUT / name}.png")
