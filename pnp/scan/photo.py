"""Reading a phone photo: JPEG or PNG, EXIF orientation applied, size checked before decoding,
decoded no larger than the scan needs."""

from __future__ import annotations

import struct
from typing import Any

from pnp.errors import InputError, Problem, say

MIN_PIXELS = 1_000_000
MAX_PIXELS = 50_000_000
TUNED_PIXELS = 12_000_000  # the size of the photos the scan was tuned on (tests/benchmarks/scan.py)
REDUCTIONS = (8, 4, 2)  # what the JPEG decoder shrinks by while it decodes


def reduction(width: int, height: int, apart: float | None, needed: float) -> int:
    """How many times smaller the photo may be decoded and the scan still see what it reads: with
    the places it reads `apart` pixels from each other at the least (known where the corners are
    given), they stay `needed` pixels apart (the scan shrinks a photo to that itself); without,
    the scan markers are looked for in the whole photo, kept at least as large as the photos the
    scan was tuned on."""
    if apart is None:
        return next((n for n in REDUCTIONS if width * height / n**2 >= TUNED_PIXELS), 1)
    return next((n for n in REDUCTIONS if apart / n >= needed), 1)


def reduced_points(points: list[tuple[float, float]], n: int, width: int, height: int) -> list[tuple[float, float]]:
    """Pixel centres in the whole photo as they lie in the photo decoded `n` times smaller
    (`width` x `height` as decoded), kept inside it."""
    return [(min(max((x + .5) / n - .5, 0.0), width - 1.0), min(max((y + .5) / n - .5, 0.0), height - 1.0)) for x, y in points]


def decode_photo(data: bytes, file: str, reduce: int = 1) -> Any:
    """The photo (JPEG or PNG bytes, named `file` in messages) as an RGB array (height x width x 3,
    uint8), turned as its EXIF orientation says, `reduce` (1, 2, 4 or 8) times smaller than it is:
    a JPEG is decoded at that size, never whole. The size is checked before decoding."""
    size = image_size(data)
    if size is None:
        raise InputError([Problem(file, None, say("problem.photo.not_image"))])
    width, height = size
    if not MIN_PIXELS <= width * height <= MAX_PIXELS:
        raise InputError([Problem(file, None, say("problem.photo.size", width=width, height=height,
                                                  megapixels=f"{width * height / 1e6:.1f}"))])
    import cv2
    import numpy as np

    flags = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2, 4: cv2.IMREAD_REDUCED_COLOR_4,
             8: cv2.IMREAD_REDUCED_COLOR_8}[reduce]
    image = cv2.imdecode(np.frombuffer(data, np.uint8), flags)  # applies EXIF orientation
    if image is None:
        raise InputError([Problem(file, None, say("problem.photo.damaged"))])
    return cv2.cvtColor(image, cv2.COLOR_BGR2RGB, dst=image)  # in place: a large photo's pixels held once


def image_size(data: bytes) -> tuple[int, int] | None:
    """Width and height stored in a PNG or JPEG header (before any EXIF turn); None for other data."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR":
        return struct.unpack(">II", data[16:24])
    if data[:3] != b"\xff\xd8\xff":
        return None
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in (0x01, *range(0xD0, 0xD8)):  # markers without a length
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        # Start-of-frame markers hold the size: C0-CF except C4 (Huffman), C8 and CC (arithmetic).
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if at + 9 > len(data):
                return None
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return None
