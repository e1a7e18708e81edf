"""Board art as retail boards are painted, for the flat maker (`make_photo(retail=True)`).

Nothing of the kit's look: painted terrains with texture at two scales; grass tufts; flower
fields with small white, purple, yellow and red flowers; tree crowns lit from one side;
desert dunes and pebbles; canyon cracks; water waves with white highlights; rocky mountains
with snow; a tower on a hill for castles and a small building for locations; thin, sometimes
faint hex borders. The board as a whole is faded or saturated, may have a crease, and its
sections show their seams. A framed board (`frame`) has a dark frame with a thin gilded line
that fills its jagged edge to a rectangle, as printed boards have. Every draw comes from the
streams given, so the set-up photo (drawn from the same seeds) shows the same board.
"""

from __future__ import annotations

import math
import random

import cv2
import numpy as np

from pnp import hexgrid
from pnp.games.kingdom_builder.facts import Terrain
from pnp.games.kingdom_builder.model import COLS, ROWS, Board

# Painted base colours (RGB) per terrain, a family each; every board draws its own.
BASES = {
    Terrain.GRASS: [(126, 178, 62), (104, 160, 58), (140, 186, 84)],
    Terrain.CANYON: [(164, 92, 58), (150, 80, 52), (176, 108, 70)],
    Terrain.DESERT: [(226, 204, 140), (232, 214, 160), (216, 190, 122)],
    Terrain.FLOWER: [(170, 186, 70), (184, 190, 82), (156, 176, 64)],
    Terrain.FOREST: [(44, 92, 44), (36, 80, 40), (54, 100, 50)],
    Terrain.WATER: [(52, 116, 182), (64, 132, 196), (44, 104, 164)],
    Terrain.MOUNTAIN: [(128, 124, 118), (140, 134, 126), (112, 110, 108)],
    Terrain.CASTLE: [(120, 150, 80), (132, 156, 90)],
}
LOCATION_BASES = [(196, 178, 126), (186, 170, 120), (150, 170, 90)]
FLOWERS = [(242, 240, 232), (150, 80, 170), (246, 214, 52), (206, 52, 52), (236, 236, 244)]


def draw_board(texture: np.ndarray, board: Board, rng: random.Random, nrng: np.random.Generator, ppm: float,
               margin: float, s: float, mm_centre, frame: random.Random | None = None) -> None:
    """Paint `board` into `texture` (RGB uint8, (mm + margin) * ppm pixels); `mm_centre(cell)`
    is a hex's centre in mm and `s` its circumradius; with `frame` (a stream of its own, so
    that the rest of the board is the same), a frame round it (`_frame`)."""
    def corners(cell: tuple[int, int], grow: float = 1.0) -> np.ndarray:
        cx, cy = mm_centre(cell)
        return np.array([_Hex.px(margin, ppm, cx + grow * s * math.cos(math.radians(a)), cy + grow * s * math.sin(math.radians(a)))
                         for a in range(-90, 270, 60)], np.int32)

    bases = {terrain: np.array(rng.choice(family), np.float32) for terrain, family in BASES.items()}
    location = np.array(rng.choice(LOCATION_BASES), np.float32)
    on_board = _paint(texture, board, bases, location, rng, nrng, ppm, corners)
    if frame is not None:
        _frame(texture, on_board, frame, ppm)
    for cell in hexgrid.cells(ROWS, COLS):
        terrain = board.at(cell)
        spot = _Hex(texture, rng, ppm, margin, s, mm_centre(cell), location if terrain.is_location else bases[terrain])
        for painter in PAINTERS.get(terrain, ()):
            painter(spot)
        if terrain.is_location:
            _building(spot)
    # Hex borders: thin and dark, on some boards faint.
    faint = rng.uniform(0.15, 0.8)
    lines = texture.copy()
    for cell in hexgrid.cells(ROWS, COLS):
        cv2.polylines(lines, [corners(cell)], True, (30, 30, 28), max(1, int(rng.uniform(0.15, 0.35) * ppm)), cv2.LINE_AA, 4)
    texture[:] = cv2.addWeighted(lines, faint, texture, 1 - faint, 0)
    _finish(texture, on_board, rng, ppm)


def _paint(texture: np.ndarray, board: Board, bases: dict, location: np.ndarray, rng: random.Random,
           nrng: np.random.Generator, ppm: float, corners) -> np.ndarray:
    """Each hex its base colour, then texture at two scales, stronger on rough terrains; the
    board's pixels (1) and the table's (0)."""
    height, width = texture.shape[:2]
    paint = np.zeros_like(texture, np.float32)
    rough = np.zeros((height, width), np.float32)
    on_board = np.zeros((height, width), np.uint8)
    for cell in hexgrid.cells(ROWS, COLS):
        terrain = board.at(cell)
        base = location if terrain.is_location else bases[terrain] * rng.uniform(0.95, 1.05)
        poly = corners(cell, 1.02)  # a hair over: no table between hexes of a section
        cv2.fillConvexPoly(paint, poly, tuple(float(c) for c in base), cv2.LINE_8, 4)
        cv2.fillConvexPoly(rough, poly, ROUGH.get(terrain, 0.14), cv2.LINE_8, 4)
        cv2.fillConvexPoly(on_board, poly, 1, cv2.LINE_8, 4)
    coarse = _noise(nrng, height, width, 6.0 * ppm) + 0.5 * _noise(nrng, height, width, 1.2 * ppm)
    paint *= 1 + rough[:, :, None] * coarse[:, :, None]
    texture[:] = np.where(on_board[:, :, None] > 0, np.clip(paint, 0, 255), texture).astype(np.uint8)
    return on_board


ROUGH = {Terrain.CANYON: 0.22, Terrain.MOUNTAIN: 0.25, Terrain.FOREST: 0.2, Terrain.WATER: 0.12}  # texture's strength


class _Hex:
    """One hex being painted: where it is, its base colour, and the pen."""

    ONE = 16  # OpenCV's fixed point: coordinates in sixteenths of a pixel

    def __init__(self, texture: np.ndarray, rng: random.Random, ppm: float, margin: float, s: float,
                 centre: tuple[float, float], base: np.ndarray):
        self.texture, self.rng, self.ppm, self.margin, self.s = texture, rng, ppm, margin, s
        self.cx, self.cy = centre
        self.base = base

    @staticmethod
    def px(margin: float, ppm: float, x: float, y: float) -> tuple[int, int]:
        return int(round((x + margin) * ppm * _Hex.ONE)), int(round((y + margin) * ppm * _Hex.ONE))

    def at(self, x: float, y: float) -> tuple[int, int]:
        """The texture's fixed-point pixel at (x, y) mm."""
        return self.px(self.margin, self.ppm, x, y)

    def radius(self, r: float) -> int:
        return max(self.ONE, int(r * self.ppm * self.ONE))

    def width(self, mm: float) -> int:
        return max(1, int(mm * self.ppm))

    def spot(self, spread: float = 0.75) -> tuple[float, float]:
        """A random place in the hex, up to `spread` of its radius from the centre."""
        angle, dist = self.rng.uniform(0, 2 * math.pi), self.s * spread * math.sqrt(self.rng.random())
        return self.cx + dist * math.cos(angle), self.cy + dist * math.sin(angle)

    def tone(self, k: float, colour=None) -> tuple[float, ...]:
        """`colour` (the base unless given) lightened or darkened by `k`."""
        return tuple(float(min(255.0, c * k)) for c in (self.base if colour is None else colour))


def _tufts(h: _Hex) -> None:
    for _ in range(h.rng.randint(12, 26)):
        x, y = h.spot(0.85)
        k = h.rng.choice((0.7, 0.8, 1.2))
        for lean in (-0.5, 0.0, 0.5):
            length = h.rng.uniform(0.6, 1.6)
            cv2.line(h.texture, h.at(x, y), h.at(x + length * math.sin(lean), y - length * math.cos(lean)),
                     h.tone(k), h.width(0.25), cv2.LINE_AA, 4)


def _flowers(h: _Hex) -> None:
    for _ in range(h.rng.randint(18, 45)):
        x, y = h.spot(0.85)
        colour = h.rng.choice(FLOWERS)
        r = h.rng.uniform(0.35, 1.1)
        cv2.circle(h.texture, h.at(x, y), h.radius(r), h.tone(h.rng.uniform(0.9, 1.05), colour), -1, cv2.LINE_AA, 4)
        if h.rng.random() < 0.5:
            cv2.circle(h.texture, h.at(x, y), h.radius(r * 0.35), (230, 190, 40), -1, cv2.LINE_AA, 4)


def _trees(h: _Hex) -> None:
    for _ in range(h.rng.randint(4, 9)):
        x, y = h.spot(0.7)
        r = h.rng.uniform(1.8, 3.6)
        cv2.circle(h.texture, h.at(x + 0.4 * r, y + 0.4 * r), h.radius(r), h.tone(0.55), -1, cv2.LINE_AA, 4)
        cv2.circle(h.texture, h.at(x, y), h.radius(r), h.tone(h.rng.uniform(0.9, 1.3)), -1, cv2.LINE_AA, 4)
        cv2.circle(h.texture, h.at(x - 0.3 * r, y - 0.3 * r), h.radius(0.45 * r), h.tone(1.6), -1, cv2.LINE_AA, 4)


def _dunes(h: _Hex) -> None:
    for _ in range(h.rng.randint(2, 5)):
        x, y = h.spot(0.6)
        cv2.ellipse(h.texture, h.at(x, y), (h.radius(h.rng.uniform(2, 5)), h.radius(h.rng.uniform(0.8, 2))),
                    h.rng.uniform(-20, 20), 180, 360, h.tone(h.rng.choice((0.85, 1.1))), h.width(0.35), cv2.LINE_AA, 4)
    for _ in range(h.rng.randint(3, 10)):  # pebbles
        cv2.circle(h.texture, h.at(*h.spot(0.85)), h.radius(h.rng.uniform(0.3, 0.8)),
                   h.tone(h.rng.uniform(0.8, 1.3), (150, 130, 110)), -1, cv2.LINE_AA, 4)


def _cracks(h: _Hex) -> None:
    for _ in range(h.rng.randint(3, 7)):
        x, y = h.spot(0.7)
        path, heading = [h.at(x, y)], h.rng.uniform(0, 2 * math.pi)
        for _ in range(h.rng.randint(3, 6)):
            heading += h.rng.uniform(-0.8, 0.8)
            x, y = x + 1.5 * math.cos(heading), y + 1.5 * math.sin(heading)
            path.append(h.at(x, y))
        cv2.polylines(h.texture, [np.array(path, np.int32)], False, h.tone(0.5), h.width(h.rng.uniform(0.2, 0.45)),
                      cv2.LINE_AA, 4)


def _waves(h: _Hex) -> None:
    for _ in range(h.rng.randint(5, 12)):
        x, y = h.spot(0.8)
        k = h.rng.choice((0.75, 1.5, 2.2))  # darker waves and white highlights
        wave = [h.at(x + t, y + 0.5 * math.sin(t * 1.7)) for t in np.linspace(-1.6, 1.6, 7)]
        cv2.polylines(h.texture, [np.array(wave, np.int32)], False, h.tone(k), h.width(0.3), cv2.LINE_AA, 4)


def _rocks(h: _Hex) -> None:
    for _ in range(h.rng.randint(2, 4)):
        x, y = h.spot(0.5)
        w, t = h.rng.uniform(3, 6), h.rng.uniform(3, 6)
        cv2.fillConvexPoly(h.texture, np.array([h.at(x, y - t), h.at(x - w, y + t / 2), h.at(x + w, y + t / 2)], np.int32),
                           h.tone(h.rng.uniform(0.7, 1.3)), cv2.LINE_AA, 4)
        if h.rng.random() < 0.5:  # snow
            cv2.fillConvexPoly(h.texture, np.array([h.at(x, y - t), h.at(x - w / 3, y - t / 2), h.at(x + w / 3, y - t / 2)],
                                                   np.int32), (240, 242, 246), cv2.LINE_AA, 4)


def _castle(h: _Hex) -> None:
    """A grey tower on a hill."""
    cx, cy = h.cx, h.cy
    cv2.ellipse(h.texture, h.at(cx, cy + 2), (h.radius(6.5), h.radius(3.5)), 0, 0, 360, h.tone(0.8), -1, cv2.LINE_AA, 4)
    tower = [h.at(cx - 2.2, cy - 5), h.at(cx + 2.2, cy - 5), h.at(cx + 2.2, cy + 2), h.at(cx - 2.2, cy + 2)]
    cv2.fillConvexPoly(h.texture, np.array(tower, np.int32), (150, 148, 146), cv2.LINE_AA, 4)
    cv2.rectangle(h.texture, h.at(cx - 0.6, cy - 2.5), h.at(cx + 0.6, cy - 0.5), (40, 36, 34), -1, cv2.LINE_AA, 4)


def _building(h: _Hex) -> None:
    """A location's small building: walls, a roof, a door."""
    cx, cy = h.cx, h.cy
    wall = h.rng.choice(((236, 228, 210), (200, 170, 130), (170, 150, 140)))
    roof = h.rng.choice(((170, 60, 45), (110, 70, 50), (70, 90, 130)))
    w, t = h.rng.uniform(3.5, 5), h.rng.uniform(2.5, 4)
    cv2.rectangle(h.texture, h.at(cx - w, cy - t), h.at(cx + w, cy + t), wall, -1, cv2.LINE_AA, 4)
    cv2.fillConvexPoly(h.texture, np.array([h.at(cx - w - 1, cy - t), h.at(cx + w + 1, cy - t), h.at(cx, cy - t - 4)],
                                           np.int32), roof, cv2.LINE_AA, 4)
    cv2.rectangle(h.texture, h.at(cx - 0.8, cy + t - 2.5), h.at(cx + 0.8, cy + t), (50, 40, 35), -1, cv2.LINE_AA, 4)


PAINTERS = {Terrain.GRASS: (_tufts,), Terrain.FLOWER: (_tufts, _flowers), Terrain.FOREST: (_trees,),
            Terrain.DESERT: (_dunes,), Terrain.CANYON: (_cracks,), Terrain.WATER: (_waves,),
            Terrain.MOUNTAIN: (_rocks,), Terrain.CASTLE: (_castle,)}


FRAMES = [(70, 46, 30), (58, 40, 28), (84, 56, 34), (40, 48, 36), (36, 40, 56), (34, 30, 28)]  # dark brown mostly


def _frame(texture: np.ndarray, on_board: np.ndarray, rng: random.Random, ppm: float) -> None:
    """A dark frame from the hexes' jagged edge out to a rectangle 1-15 mm beyond it, grained,
    with a thin gilded line 0.8-3 mm inside its outer edge; `on_board` grows to take it in."""
    ys, xs = np.nonzero(on_board)
    grow = rng.uniform(1.0, 15.0) * ppm
    left, top = int(xs.min() - grow), int(ys.min() - grow)
    right, bottom = int(xs.max() + grow), int(ys.max() + grow)
    colour = np.array(rng.choice(FRAMES), np.float32) * rng.uniform(0.85, 1.2)
    region = np.zeros_like(on_board)
    region[top:bottom + 1, left:right + 1] = 1
    region[on_board > 0] = 0
    grain = np.random.default_rng(rng.randrange(2**32)).normal(0, 1, texture.shape[:2]).astype(np.float32)
    grain = cv2.GaussianBlur(grain, (0, 0), max(0.6, 0.3 * ppm), sigmaY=max(0.6, 0.05 * ppm))  # along the frame's length
    painted = np.clip(colour[None, None, :] * (1 + 0.08 * grain[:, :, None]), 0, 255).astype(np.uint8)
    inset = int(rng.uniform(0.8, 3.0) * ppm)
    gold = tuple(float(c) * rng.uniform(0.8, 1.1) for c in (206, 170, 92))
    cv2.rectangle(painted, (left + inset, top + inset), (right - inset, bottom - inset), gold,
                  max(1, int(rng.uniform(0.3, 0.8) * ppm)), cv2.LINE_AA)
    texture[region > 0] = painted[region > 0]
    on_board[region > 0] = 1


def _noise(nrng: np.random.Generator, height: int, width: int, scale_px: float) -> np.ndarray:
    """Smooth noise of about unit spread whose blobs are `scale_px` across."""
    small = nrng.normal(0, 1, (max(2, int(height / scale_px)), max(2, int(width / scale_px)))).astype(np.float32)
    return cv2.resize(small, (width, height), interpolation=cv2.INTER_CUBIC)


def _finish(texture: np.ndarray, on_board: np.ndarray, rng: random.Random, ppm: float) -> None:
    """The print as a whole: faded towards the paper or saturated, and maybe a crease, a line
    across the board lit on one side and shaded on the other."""
    board = texture.astype(np.float32)
    grey = board.mean(axis=2, keepdims=True)
    if rng.random() < 0.5:
        fade = rng.uniform(0.0, 0.25)
        board = board * (1 - fade) + np.array([236, 230, 218], np.float32) * fade
    else:
        board = grey + (board - grey) * rng.uniform(1.0, 1.3)
    height, width = texture.shape[:2]
    if rng.random() < 0.4:
        ys, xs = np.mgrid[0:height, 0:width].astype(np.float32)
        angle, through = rng.uniform(0, math.pi), (rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height)
        side = (xs - through[0]) * math.sin(angle) - (ys - through[1]) * math.cos(angle)
        band = rng.uniform(0.8, 2.5) * ppm
        board *= (1 + rng.uniform(0.04, 0.1) * np.tanh(side / band) * np.exp(-(side / (2 * band)) ** 2))[:, :, None]
    texture[:] = np.where(on_board[:, :, None] > 0, np.clip(board, 0, 255), texture).astype(np.uint8)
