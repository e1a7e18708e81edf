"""Drawings as pixels: rendered to PDF by the kit's own renderer, rasterized by PDFium.

Going through the PDF the kit is printed from keeps images and print in agreement (the same
fonts, shaping and paths); PDFium (`pypdfium2`) is the rasterizer Chrome prints with.
Each face is a page whose size is its pixel size in points, rendered at 72 DPI, so every image
has exactly the pixels asked for, whatever rounding a DPI would bring.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.draw import PT, Drawing, Group, Shape, compose, scale, translate

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

MM_PER_INCH = 25.4


@dataclass(frozen=True)
class Frame:
    """What to rasterize: a drawing's art around its trim, `bleed` mm beyond it on each side
    (x, y), clipped to `clip` (in the drawing's coordinates; None: the whole frame)."""

    drawing: Drawing
    bleed: tuple[float, float]
    width_px: int
    height_px: int
    clip: Shape | None = None

    @property
    def width_mm(self) -> float:
        return self.drawing.width + 2 * self.bleed[0]

    @property
    def height_mm(self) -> float:
        return self.drawing.height + 2 * self.bleed[1]


def pixels(mm: float, dpi: float) -> int:
    """Pixels that `mm` millimetres take at `dpi` (a 69 mm wide card at 300 DPI: 815)."""
    return round(mm / MM_PER_INCH * dpi)


def _page(frame: Frame) -> Drawing:
    """The frame as a page of its pixel size in points, the art scaled to fill it."""
    sx, sy = frame.width_px * PT / frame.width_mm, frame.height_px * PT / frame.height_mm
    art = Group(frame.drawing.items, translate(*frame.bleed), clip=frame.clip)
    return Drawing(frame.drawing.name, frame.width_px * PT, frame.height_px * PT, (Group((art,), compose(scale(sx, sy))),))


def rasterize(frames: Sequence[Frame], transparent: bool = False,
              on_image: Callable[[int], None] | None = None) -> list[npt.NDArray[np.uint8]]:
    """Each frame as an image: a numpy array, rows of BGR pixels (BGRA where `transparent`,
    what lies outside the art then fully transparent). `on_image` is called after each."""
    images = []
    for image in _images(frames, transparent):
        images.append(image)
        if on_image:
            on_image(len(images))
    return images


def pngs(frames: Sequence[Frame], dpi: float | None = None, transparent: bool = False,
         on_image: Callable[[int], None] | None = None) -> list[bytes]:
    """Each frame as a PNG. Encoding, the slower half, runs beside rasterizing: PDFium and zlib
    both let other threads run while they work, so two cores share the work."""
    from collections import deque
    from concurrent.futures import Future, ThreadPoolExecutor

    done: list[bytes] = []
    waiting: deque[Future[bytes]] = deque()  # at most two images wait, so memory stays bounded at any DPI

    def finish_one() -> None:
        done.append(waiting.popleft().result())
        if on_image:
            on_image(len(done))

    with ThreadPoolExecutor(max_workers=2) as pool:
        for image in _images(frames, transparent):
            if len(waiting) >= 2:
                finish_one()
            waiting.append(pool.submit(png, image, dpi))
        while waiting:
            finish_one()
    return done


def _images(frames: Sequence[Frame], transparent: bool) -> Iterator[npt.NDArray[np.uint8]]:
    import numpy as np
    import pypdfium2

    from pnp.render import pdf

    if not frames:
        return
    document = pypdfium2.PdfDocument(pdf.render([_page(f) for f in frames], "pnp export"))
    try:
        for k, frame in enumerate(frames):
            page = document[k]
            bitmap = page.render(scale=1, fill_color=(255, 255, 255, 0 if transparent else 255),
                                 prefer_bgrx=False, may_draw_forms=False)
            array = bitmap.to_numpy()[:frame.height_px, :frame.width_px]
            if not transparent and array.shape[2] == 4:
                array = array[:, :, :3]
            if array.shape[:2] != (frame.height_px, frame.width_px):
                raise AssertionError(f"{frame.drawing.name}: rendered {array.shape[1]} x {array.shape[0]} px, "
                                     f"not {frame.width_px} x {frame.height_px}")
            image = np.ascontiguousarray(array)
            page.close()
            yield image
    finally:
        document.close()


def png(image: npt.NDArray[np.uint8], dpi: float | None = None) -> bytes:
    """A PNG of the image with an embedded sRGB ICC profile (and its resolution where given),
    byte-identical for equal pixels."""
    import cv2

    # The fastest compression: encoding is most of an export's time, and files grow only ~15 %.
    ok, encoded = cv2.imencode(".png", image, [cv2.IMWRITE_PNG_COMPRESSION, 1])
    if not ok:
        raise AssertionError("PNG encoding failed")
    data = encoded.tobytes()
    chunks = _srgb_profile()
    if dpi is not None:
        per_metre = pixels_per_metre(dpi)
        chunks += _chunk(b"pHYs", struct.pack(">IIB", per_metre, per_metre, 1))
    end_of_header = 8 + 8 + 13 + 4  # signature, IHDR length and type, its data, its CRC
    return data[:end_of_header] + chunks + data[end_of_header:]


def pixels_per_metre(dpi: float) -> int:
    """pHYs's whole pixels per metre nearest `dpi`: 300 DPI is 11811 (11811.02 rounded), which
    reads back as 299.9994 DPI; only multiples of 127 DPI read back exactly."""
    return round(dpi / MM_PER_INCH * 1000)


@lru_cache(maxsize=1)
def _srgb_profile() -> bytes:
    """An iCCP chunk holding a 736-byte sRGB ICC profile (v2, a 182-point curve; description
    "sRGB"): sRGB-v2-magic.icc of Clinton Ingram's Compact ICC Profiles, released under CC0,
    https://github.com/saucecontrol/Compact-ICC-Profiles (profiles/sRGB-v2-magic.icc, commit
    bdd8466). A profile stands in for the sRGB chunk, which PNG says not to write beside one."""
    profile = Path(__file__).with_name("sRGB-v2-magic.icc").read_bytes()
    return _chunk(b"iCCP", b"sRGB\x00\x00" + zlib.compress(profile, 9))  # name, NUL, zlib (method 0)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
