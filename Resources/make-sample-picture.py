#!/usr/bin/env python3
"""Draws Resources/Recipes/dorayaki.png, the picture of the dorayaki sample:
two pancakes with red bean paste between them, on a plate. Made by the Roux
project with this script (no photograph or third-party image), under the
project's licence, or CC0 at your choice. Run it again to redraw the file."""
import math
import os
import struct
import zlib

WIDTH, HEIGHT = 240, 160


def colour_at(x, y):
    # Background: a wooden table, warm stripes.
    grain = 0.5 + 0.5 * math.sin(y * 0.35 + math.sin(x * 0.05) * 2)
    colour = (150 + int(30 * grain), 105 + int(20 * grain), 60 + int(10 * grain))
    cx, cy = WIDTH / 2, HEIGHT / 2 + 10
    # The plate: a pale ellipse with a rim.
    plate = ((x - cx) / 110) ** 2 + ((y - cy) / 62) ** 2
    if plate <= 1:
        colour = (235, 232, 225) if plate > 0.8 else (246, 244, 238)
    # Its shadow under the pancakes.
    shadow = ((x - cx - 4) / 78) ** 2 + ((y - cy - 14) / 30) ** 2
    if shadow <= 1:
        colour = tuple(int(c * 0.82) for c in colour)
    # The lower pancake, the bean paste, the upper pancake (a browned dome).
    lower = ((x - cx) / 74) ** 2 + ((y - cy - 6) / 24) ** 2
    if lower <= 1:
        colour = (196, 120, 52)
    paste = ((x - cx) / 70) ** 2 + ((y - cy + 2) / 20) ** 2
    if paste <= 1 and y > cy - 6:
        colour = (92, 30, 36)
    upper = ((x - cx) / 74) ** 2 + ((y - cy + 12) / 26) ** 2
    if upper <= 1:
        depth = 1 - upper
        brown = (150 + int(70 * depth), 80 + int(50 * depth), 30 + int(20 * depth))
        # A paler edge, as the griddle leaves it.
        colour = (226, 180, 110) if upper > 0.86 else brown
    return colour


def png(width, height, pixel):
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b"")


if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "Recipes", "dorayaki.png"), "wb") as out:
        out.write(png(WIDTH, HEIGHT, colour_at))
