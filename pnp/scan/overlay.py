"""The picture to check a reading by: the straightened board, twice its size, with a dot in the
player's colour on each piece read (its key on it), a ring round each place the reading is unsure
of, the board's row and column names round it and, above it, a key in marks, not words (so it
reads in any language): each player's dot, then a ring and how many there are; as PNG, PDF or SVG
bytes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

Point = tuple[float, float]
RGB = tuple[int, int, int]
UNSURE_RING = (255, 0, 200)
ZOOM = 2


@dataclass(frozen=True)
class Place:
    """A place read: its centre in the straightened board, the piece read there (its player's key
    and colour) if any, and whether the reading is sure."""

    at: Point
    piece: tuple[str, RGB] | None
    sure: bool


@dataclass(frozen=True)
class Label:
    """A name written beside the board: centred `offset` (in place radii) from the centre of the
    place `at` (in the straightened board), at font `scale`."""

    text: str
    at: Point
    offset: Point
    scale: float


def render(straight: Any, radius: float, places: Sequence[Place], labels: Sequence[Label],
            outline: Callable[[float], Any], players: Sequence[tuple[str, RGB]], kind: str) -> bytes:
    """The picture of `places` read on the straightened board `straight` (RGB), whose places are
    `radius` pixels from centre to corner; `outline(r)`: the corners of a place of radius r round
    its centre, for the ring; `players`: each key and colour, for the key above the board.
    `kind`: ".png", ".pdf" or ".svg"."""
    return encoded(_drawn(straight, radius, places, labels, outline, players), kind)


def encoded(picture: Any, kind: str) -> bytes:
    """An RGB picture as PNG, PDF (a page its size at 96 pixels an inch) or SVG (the PNG inside) bytes."""
    import cv2

    ok, png = cv2.imencode(".png", cv2.cvtColor(picture, cv2.COLOR_RGB2BGR))
    assert ok
    height, width = picture.shape[:2]
    if kind == ".png":
        return png.tobytes()
    if kind == ".svg":
        import base64

        data = base64.b64encode(png.tobytes()).decode("ascii")
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
                f'<image width="{width}" height="{height}" href="data:image/png;base64,{data}"/></svg>\n').encode("utf-8")
    import io

    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    points = 0.75  # 96 pixels per inch
    canvas = Canvas(out, pagesize=(width * points, height * points), invariant=1, pageCompression=1)
    canvas.drawImage(ImageReader(io.BytesIO(png.tobytes())), 0, 0, width * points, height * points)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _drawn(straight: Any, radius: float, places: Sequence[Place], labels: Sequence[Label],
             outline: Callable[[float], Any], players: Sequence[tuple[str, RGB]]) -> Any:
    import cv2
    import numpy as np

    board = cv2.resize(straight, None, fx=ZOOM, fy=ZOOM, interpolation=cv2.INTER_CUBIC)
    pad_top, pad = 60, 40
    picture = np.full((board.shape[0] + pad_top + pad, board.shape[1] + 2 * pad, 3), 255, np.uint8)
    picture[pad_top:pad_top + board.shape[0], pad:pad + board.shape[1]] = board
    size = radius * ZOOM  # a place's radius, px
    font = cv2.FONT_HERSHEY_SIMPLEX

    def at(point: Point) -> tuple[int, int]:
        x, y = point
        return int(round(x * ZOOM + pad)), int(round(y * ZOOM + pad_top))

    def text(words: str, x: int, y: int, scale: float, colour: RGB, centred: bool = True) -> None:
        (w, h), _ = cv2.getTextSize(words, font, scale, 1)
        origin = (x - w // 2, y + h // 2) if centred else (x, y)
        cv2.putText(picture, words, origin, font, scale, colour, 1, cv2.LINE_AA)

    for label in labels:
        x, y = at(label.at)
        text(label.text, x + int(label.offset[0] * size), y + int(label.offset[1] * size), label.scale, (0, 0, 0))
    def dot(key: str, fill: RGB, spot: tuple[int, int]) -> None:
        ink = (0, 0, 0) if sum(fill) > 380 else (255, 255, 255)
        cv2.circle(picture, spot, int(size * 0.34), fill, -1, cv2.LINE_AA)
        cv2.circle(picture, spot, int(size * 0.34), (0, 0, 0) if ink == (255, 255, 255) else (90, 90, 90), 1, cv2.LINE_AA)
        text(key, spot[0], spot[1], 0.35, ink)

    def ring(x: int, y: int, scale: float = 0.92) -> None:
        cv2.polylines(picture, [np.array(outline(size * scale) + [x, y], dtype=np.int32)], True, UNSURE_RING, 3, cv2.LINE_AA)

    for place in places:
        x, y = at(place.at)
        if place.piece is not None:
            dot(*place.piece, (x, y + int(size * 0.5)))  # low in the place, so the piece stays in view above it
        if not place.sure:
            ring(x, y)
    step = int(size * 1.2)
    for n, (key, fill) in enumerate(players):
        dot(key, fill, (pad + step // 2 + n * step, pad_top // 2))
    unsure = sum(not place.sure for place in places)
    x = pad + (len(players) + 1) * step
    ring(x, pad_top // 2, 0.5)
    text(f"= {unsure}", x + step, pad_top // 2, 0.6, (0, 0, 0))
    return picture
