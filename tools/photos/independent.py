"""An independent photo maker for the Kingdom Builder scanner: a yardstick, never a target.

Written from a plain description of what a phone photo of a finished game looks like, without
looking at the scanner or the project's other photo makers, so that the scanner's accuracy on
these photos says how it does on photos nobody tuned it for. Nobody tunes the scanner on them
(docs/independent-maker.md).

From a seed it deterministically picks 4 bundled sections (each turned or not), plays a simple
game of 2-4 players, paints the board, stands the settlements on it as small lit houses with
shadows, and photographs the table with a tilted phone camera. Per seed it writes
NNNN.jpg, NNNN-form.yaml (the form to scan: boards, cards, players with colours, no
settlements), NNNN-truth.yaml (the same form filled in) and NNNN-corners.txt (pixel centres of
A1, A20, T1, T20, as `pnp scan --corners` takes them), and the set-up photo of the same board
before anyone built, taken earlier with the phone held differently: NNNN-setup.jpg and
NNNN-setup-corners.txt.

    python tools/photos/independent.py OUTDIR --first SEED --count N [--size WxH] [--force]
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from pnp import hexgrid
from pnp.errors import InputError, PnpError
from pnp.games.kingdom_builder.facts import BUILDABLE, MAX_SETTLEMENTS, Terrain
from pnp.games.kingdom_builder.library import bundled_dir
from pnp.games.kingdom_builder.model import CARDS, COLS, ROWS, SECTOR_OF, Board, Player, Position
from pnp.games.kingdom_builder.transcription import dumps, load_board
from pnp.outputs import OutputError, write_files

Rng = np.random.Generator
BGR = tuple[int, int, int]

# The piece colours a form's `colour:` takes (DESIGN.md), and how such painted wood looks (RGB).
PIECE_RGB = {
    "orange": (232, 118, 28), "blue": (28, 78, 168), "white": (236, 232, 222), "black": (38, 37, 40),
    "red": (188, 32, 34), "yellow": (238, 198, 36), "green": (38, 128, 52), "purple": (108, 48, 128),
}
NAMES = ("Anna", "Boris", "Clara", "Dario")
MARGIN = 0.45  # the board's printed frame beyond the hexes, in hex radii
SQRT3 = math.sqrt(3)


def bgr(rgb: Sequence[float]) -> BGR:
    return int(rgb[2]), int(rgb[1]), int(rgb[0])


# ---------------------------------------------------------------- the game


def choose_board(rng: Rng) -> tuple[Board, list[str]]:
    """4 sections of distinct location types from the bundled files, each turned or not."""
    files = sorted(bundled_dir().glob("*.txt"))
    by_type: dict[str, list[str]] = {}
    for path in files:
        by_type.setdefault(path.stem.rsplit("-", 1)[-1], []).append(path.stem)
    types = sorted(by_type)
    chosen = [types[i] for i in rng.choice(len(types), 4, replace=False)]
    entries = [str(rng.choice(by_type[kind])) + ("@180" if rng.random() < 0.5 else "") for kind in chosen]
    return load_board(entries, [None] * 4, "independent", bundled_dir()), entries


def play(board: Board, players: int, rng: Rng) -> dict[int, int]:
    """A simple, legal game: turns of 3 settlements on the drawn terrain, next to one's own where
    possible (rules 1-3); the Oracle, Farm, Oasis and Tower tiles add one build each. It ends
    after the round in which someone builds their last settlement, or now and then earlier (a
    photo taken before the end). Returns flat index -> player."""
    terrain = board.terrain
    near = hexgrid.neighbour_table(ROWS, COLS)
    owner: dict[int, int] = {}
    stock = [MAX_SETTLEMENTS] * players
    tiles_left = {i: 2 for i, t in enumerate(terrain) if t.is_location}
    held: list[list[int]] = [[] for _ in range(players)]  # location hexes whose tile a player has
    deck: list[Terrain] = []
    last_round = 99 if rng.random() < 0.75 else int(rng.integers(4, 12))
    edge = {r * COLS + c for r, c in hexgrid.cells(ROWS, COLS) if hexgrid.is_edge((r, c), ROWS, COLS)}

    def build(player: int, allowed: list[int]) -> bool:
        empty = [i for i in allowed if i not in owner]
        if not empty or not stock[player]:
            return False
        beside = [i for i in empty if any(owner.get(n) == player for n in near[i])]
        pool = beside or empty
        # Players like to close gaps in their own groups: more own neighbours, more likely.
        weights = np.array([1.0 + 2.0 * sum(owner.get(n) == player for n in near[i]) for i in pool])
        cell = pool[int(rng.choice(len(pool), p=weights / weights.sum()))]
        owner[cell] = player
        stock[player] -= 1
        for n in near[cell]:
            if tiles_left.get(n, 0) and n not in held[player]:
                tiles_left[n] -= 1
                held[player].append(n)
        return True

    def of(kind: Terrain) -> list[int]:
        return [i for i, t in enumerate(terrain) if t is kind]

    for _ in range(last_round):
        for player in range(players):
            while True:
                if not deck:
                    fresh = [t for t in BUILDABLE for _ in range(5)]
                    deck = [fresh[i] for i in rng.permutation(len(fresh))]
                card = deck.pop()
                if any(i not in owner for i in of(card)):
                    break  # else rule 2: the card leaves the game
            usable = list(held[player])  # tiles taken this turn work from the next one
            extras = {Terrain.ORACLE: of(card), Terrain.FARM: of(Terrain.GRASS), Terrain.OASIS: of(Terrain.DESERT),
                      Terrain.TOWER: [i for i in edge if terrain[i] in BUILDABLE]}
            for _ in range(3):
                build(player, of(card))
            for location in usable:
                if terrain[location] in extras and rng.random() < 0.8:
                    build(player, extras[terrain[location]])
        if 0 in stock:
            break
    return owner


def make_position(rng: Rng, board: Board, entries: list[str]) -> tuple[Position, Position]:
    """The empty form and the filled truth of one game."""
    count = int(rng.integers(2, 5))
    colours = [str(c) for c in rng.choice(sorted(PIECE_RGB), count, replace=False)]
    players = tuple(Player(str(i + 1), NAMES[i], colours[i]) for i in range(count))
    cards = tuple(str(c) for c in rng.choice(CARDS, 3, replace=False))
    owner = play(board, count, rng)
    settlements = tuple(sorted((divmod(i, COLS), players[p].key) for i, p in owner.items()))
    form = Position(board, cards, players, (), entries=tuple(entries))
    return form, replace(form, settlements=settlements)


# ---------------------------------------------------------------- the camera


@dataclass
class Camera:
    """A pinhole camera over the table. World: x right, y down the board, z into the table, in
    hex radii; the board's frame corner at the origin."""

    K: np.ndarray
    R: np.ndarray
    C: np.ndarray

    def project(self, points: np.ndarray) -> np.ndarray:
        cam = (points - self.C) @ self.R.T
        pix = cam @ self.K.T
        return pix[:, :2] / pix[:, 2:3]

    def plane_homography(self) -> np.ndarray:
        """Board plane (x, y, 1) -> image pixel."""
        t = -self.R @ self.C
        return self.K @ np.column_stack([self.R[:, 0], self.R[:, 1], t])


def make_camera(rng: Rng, size: tuple[int, int], board_size: tuple[float, float],
                K: np.ndarray | None = None) -> Camera:
    """Roughly centred, tilted 0-20 degrees, board filling 60-90 % of the frame; with K, the same
    phone's lens held anew."""
    width, height = size
    bw, bh = board_size
    if K is None:
        focal = width / (2 * math.tan(math.radians(rng.uniform(58, 72)) / 2))  # a phone's main camera
        K = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    tilt, azimuth = math.radians(rng.uniform(0, 20)), rng.uniform(0, 2 * math.pi)
    turn, _ = cv2.Rodrigues(np.array([math.cos(azimuth), math.sin(azimuth), 0.0]) * tilt)
    roll, _ = cv2.Rodrigues(np.array([0.0, 0.0, math.radians(float(np.clip(rng.normal(0, 2.5), -6, 6)))]))
    orientation = turn @ roll  # camera axes in world coordinates
    forward = orientation[:, 2]
    target = np.array([bw / 2 + rng.normal(0, 0.03) * bw, bh / 2 + rng.normal(0, 0.03) * bh, 0.0])
    corners = np.array([[0, 0, 0], [bw, 0, 0], [0, bh, 0], [bw, bh, 0]], float)
    fill, distance = rng.uniform(0.6, 0.9), 2.0 * bw
    for _ in range(6):  # the fill scales about as 1 / distance; the frame must hold the board
        camera = Camera(K, orientation.T, target - distance * forward)
        pix = camera.project(corners)
        spread = max(np.ptp(pix[:, 0]) / width, np.ptp(pix[:, 1]) / height)
        reach = max(np.abs(pix[:, 0] - width / 2).max() / (0.49 * width),
                    np.abs(pix[:, 1] - height / 2).max() / (0.49 * height))
        distance *= max(spread / fill, reach)
    return Camera(K, orientation.T, target - distance * forward)


# ---------------------------------------------------------------- painting the board

TERRAIN_RGB = {
    Terrain.GRASS: (118, 168, 62), Terrain.CANYON: (168, 96, 62), Terrain.DESERT: (228, 204, 132),
    Terrain.FLOWER: (168, 184, 74), Terrain.FOREST: (48, 94, 42), Terrain.WATER: (62, 122, 188),
    Terrain.MOUNTAIN: (132, 126, 118), Terrain.CASTLE: (126, 150, 88),
}
LOCATION_GROUND = (196, 186, 128)
# Location buildings: walls, roof (RGB).
LOCATION_LOOK = {
    Terrain.ORACLE: ((228, 224, 210), (150, 70, 150)), Terrain.FARM: ((176, 56, 42), (90, 60, 40)),
    Terrain.TAVERN: ((214, 184, 140), (120, 62, 36)), Terrain.TOWER: ((150, 146, 140), (170, 40, 36)),
    Terrain.HARBOR: ((196, 170, 120), (40, 80, 150)), Terrain.PADDOCK: ((160, 120, 80), (110, 80, 50)),
    Terrain.BARN: ((130, 82, 50), (178, 50, 40)), Terrain.OASIS: ((232, 214, 160), (40, 130, 60)),
}


def shade(rgb: Sequence[float], factor: float) -> BGR:
    return bgr([min(255.0, max(0.0, v * factor)) for v in rgb])


def points(rng: Rng, count: int, cx: float, cy: float, r: float) -> np.ndarray:
    """Random points spread over a hex (its disc; what falls outside is clipped away)."""
    angle = rng.uniform(0, 2 * math.pi, count)
    dist = r * np.sqrt(rng.uniform(0, 1, count))
    return np.column_stack([cx + dist * np.cos(angle), cy + dist * np.sin(angle)])


def pt(x: float, y: float) -> tuple[int, int]:
    return int(round(x * 8)), int(round(y * 8))  # 3 bits of sub-pixel precision (shift=3)


AA = cv2.LINE_AA


def draw_grass(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    for x, y in points(rng, int(rng.integers(12, 20)), cx, cy, r):
        colour = shade(base, rng.choice([0.62, 0.72, 1.22]))
        for _ in range(int(rng.integers(3, 6))):
            lean, length = rng.normal(0, 0.35), r * rng.uniform(0.08, 0.16)
            cv2.line(img, pt(x, y), pt(x + length * math.sin(lean), y - length * math.cos(lean)), colour,
                     max(1, int(r / 45)), AA, 3)


def random_walk(rng: Rng, x: float, y: float, r: float, steps: int) -> np.ndarray:
    heading, path = rng.uniform(0, 2 * math.pi), [(x, y)]
    for _ in range(steps):
        heading += rng.normal(0, 0.6)
        x, y = x + r * 0.1 * math.cos(heading), y + r * 0.1 * math.sin(heading)
        path.append((x, y))
    return (np.array(path) * 8).round().astype(np.int32)


def draw_canyon(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    for _ in range(3):  # strata
        y = cy + rng.uniform(-0.8, 0.8) * r
        band = np.array([(cx + t * r, y + 0.15 * r * math.sin(t * 3 + rng.uniform(0, 6))) for t in np.linspace(-1.1, 1.1, 12)])
        cv2.polylines(img, [(band * 8).round().astype(np.int32)], False, shade(base, rng.choice([0.85, 1.18])),
                      max(1, int(r / 9)), AA, 3)
    for x, y in points(rng, int(rng.integers(3, 6)), cx, cy, 0.8 * r):
        crack = random_walk(rng, x, y, r, int(rng.integers(4, 9)))
        cv2.polylines(img, [crack], False, shade(base, 0.5), max(1, int(r / 35)), AA, 3)
        if len(crack) > 4:
            branch = random_walk(rng, crack[3][0] / 8, crack[3][1] / 8, r, 3)
            cv2.polylines(img, [branch], False, shade(base, 0.58), max(1, int(r / 50)), AA, 3)


def draw_desert(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    for x, y in points(rng, int(rng.integers(3, 5)), cx, cy, 0.7 * r):
        axes = pt(r * rng.uniform(0.3, 0.55), r * rng.uniform(0.1, 0.2))
        cv2.ellipse(img, pt(x, y + r * 0.04), axes, 0, 200, 340, shade(base, 0.86), max(1, int(r / 14)), AA, 3)
        cv2.ellipse(img, pt(x, y), axes, 0, 200, 340, shade(base, 1.08), max(1, int(r / 16)), AA, 3)
    for x, y in points(rng, int(rng.integers(4, 10)), cx, cy, r):
        size = r * rng.uniform(0.025, 0.05)
        grey = rng.uniform(0.55, 0.8)
        cv2.ellipse(img, pt(x, y), pt(size * 1.4, size), rng.uniform(0, 180), 0, 360, shade(base, grey), -1, AA, 3)
        cv2.circle(img, pt(x - size * 0.4, y - size * 0.4), int(size * 3), shade(base, 1.1), -1, AA, 3)


FLOWERS = ((246, 246, 240), (150, 78, 172), (248, 222, 48), (214, 48, 48))


def draw_flower(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    for x, y in points(rng, 10, cx, cy, r):
        cv2.line(img, pt(x, y), pt(x + r * 0.08, y - r * 0.1), shade(base, 0.7), max(1, int(r / 40)), AA, 3)
    petal = max(1.0, r / 28)
    for x, y in points(rng, int(rng.integers(60, 100)), cx, cy, r):
        colour = FLOWERS[int(rng.integers(0, len(FLOWERS)))]
        for k in range(5):
            a = k * 2 * math.pi / 5
            cv2.circle(img, pt(x + petal * math.cos(a), y + petal * math.sin(a)), int(petal * 8), bgr(colour), -1, AA, 3)
        cv2.circle(img, pt(x, y), int(petal * 6), bgr((240, 200, 60)), -1, AA, 3)


def draw_forest(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    crowns = sorted(points(rng, int(rng.integers(6, 10)), cx, cy, 0.85 * r).tolist(), key=lambda p: p[1])
    for x, y in crowns:
        size = r * rng.uniform(0.22, 0.32)
        cv2.circle(img, pt(x + size * 0.25, y + size * 0.3), int(size * 8), shade(base, 0.55), -1, AA, 3)
        cv2.circle(img, pt(x, y), int(size * 8), shade(base, rng.uniform(0.95, 1.35)), -1, AA, 3)
        for _ in range(3):
            dx, dy = rng.normal(-0.3, 0.2) * size, rng.normal(-0.3, 0.2) * size
            cv2.circle(img, pt(x + dx, y + dy), int(size * 8 * 0.35), shade(base, 1.7), -1, AA, 3)


def draw_water(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    for x, y in points(rng, int(rng.integers(5, 9)), cx, cy, 0.9 * r):
        cv2.ellipse(img, pt(x, y), pt(r * rng.uniform(0.12, 0.22), r * 0.07), 0, 200, 340, shade(base, 1.45),
                    max(1, int(r / 32)), AA, 3)
    for x, y in points(rng, int(rng.integers(2, 5)), cx, cy, 0.8 * r):
        cv2.line(img, pt(x, y), pt(x + r * 0.08, y), bgr((236, 244, 250)), max(1, int(r / 40)), AA, 3)


def draw_mountain(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    peaks = int(rng.integers(1, 4))
    for k in range(peaks):
        x = cx + (k - (peaks - 1) / 2) * r * 0.55 + rng.normal(0, 0.06) * r
        y = cy + r * (0.4 if k % 2 == 0 else 0.25) + rng.normal(0, 0.05) * r
        half, tall = r * rng.uniform(0.35, 0.55), r * rng.uniform(0.7, 1.0)
        top = (x + rng.normal(0, 0.05) * r, y - tall)
        cv2.fillConvexPoly(img, np.array([pt(x - half, y), pt(*top), pt(x, y)]), shade(base, 1.32), AA, 3)
        cv2.fillConvexPoly(img, np.array([pt(x, y), pt(*top), pt(x + half, y)]), shade(base, 0.68), AA, 3)
        snow = 0.3
        cv2.fillConvexPoly(img, np.array([pt(*top), pt(top[0] + snow * (x + half - top[0]), top[1] + snow * tall),
                                          pt(top[0], top[1] + snow * tall * 0.8),
                                          pt(top[0] + snow * (x - half - top[0]), top[1] + snow * tall)]),
                           bgr((242, 242, 246)), AA, 3)
        for _ in range(2):
            s = rng.uniform(0.35, 0.8)
            cv2.line(img, pt(top[0] + s * (x - half - top[0]) * 0.6, top[1] + s * tall),
                     pt(top[0] + s * (x - half - top[0]) * 0.3, top[1] + s * tall * 0.7), shade(base, 0.85),
                     max(1, int(r / 45)), AA, 3)


def draw_castle(img: np.ndarray, cx: float, cy: float, r: float, base: tuple, rng: Rng) -> None:
    cv2.ellipse(img, pt(cx, cy + 0.3 * r), pt(0.8 * r, 0.45 * r), 0, 180, 360, shade(base, 0.8), -1, AA, 3)
    stone, w, h = (150, 148, 144), 0.36 * r, 0.7 * r
    top, bottom = cy - 0.45 * r, cy + 0.25 * r
    cv2.rectangle(img, pt(cx - 2.2 * w / 2, cy - 0.05 * r), pt(cx + 2.2 * w / 2, bottom), bgr(stone), -1, AA, 3)
    cv2.rectangle(img, pt(cx - w / 2, top), pt(cx, bottom), shade(stone, 1.15), -1, AA, 3)
    cv2.rectangle(img, pt(cx, top), pt(cx + w / 2, bottom), shade(stone, 0.75), -1, AA, 3)
    merlon = w / 5
    for k in range(3):
        x = cx - w / 2 + k * 2 * merlon
        cv2.rectangle(img, pt(x, top - merlon), pt(x + merlon, top), shade(stone, 1.05), -1, AA, 3)
    cv2.ellipse(img, pt(cx, bottom - 0.1 * r), pt(0.06 * r, 0.1 * r), 0, 180, 360, bgr((50, 40, 35)), -1, AA, 3)
    cv2.rectangle(img, pt(cx - 0.1 * r, top + 0.12 * h), pt(cx - 0.05 * r, top + 0.22 * h), bgr((40, 35, 30)), -1, AA, 3)
    cv2.fillConvexPoly(img, np.array([pt(cx - w / 2, top - merlon), pt(cx, top - 0.5 * r), pt(cx + w / 2, top - merlon)]),
                       bgr((60, 80, 160)), AA, 3)


def draw_location(img: np.ndarray, cx: float, cy: float, r: float, kind: Terrain, rng: Rng) -> None:
    walls, roof = LOCATION_LOOK[kind]
    if kind is Terrain.HARBOR:
        cv2.ellipse(img, pt(cx, cy + 0.7 * r), pt(1.0 * r, 0.5 * r), 0, 0, 360, bgr(TERRAIN_RGB[Terrain.WATER]), -1, AA, 3)
    if kind is Terrain.OASIS:
        cv2.ellipse(img, pt(cx + 0.35 * r, cy + 0.45 * r), pt(0.3 * r, 0.15 * r), 0, 0, 360, bgr((70, 140, 200)), -1, AA, 3)
    if kind is Terrain.PADDOCK:
        for y in (cy + 0.45 * r, cy + 0.6 * r):
            cv2.line(img, pt(cx - 0.7 * r, y), pt(cx + 0.7 * r, y), bgr((110, 80, 50)), max(1, int(r / 30)), AA, 3)
    tall = 1.6 if kind is Terrain.TOWER else 1.0
    w, h = 0.62 * r / tall, 0.42 * r * tall
    x0, y1 = cx - w / 2, cy + 0.3 * r
    y0 = y1 - h
    cv2.rectangle(img, pt(x0, y0), pt(x0 + w, y1), bgr(walls), -1, AA, 3)
    cv2.rectangle(img, pt(x0 + 0.7 * w, y0), pt(x0 + w, y1), shade(walls, 0.75), -1, AA, 3)
    cv2.fillConvexPoly(img, np.array([pt(x0 - 0.1 * w, y0), pt(cx, y0 - 0.3 * r), pt(x0 + 1.1 * w, y0)]),
                       bgr(roof), AA, 3)
    cv2.rectangle(img, pt(cx - 0.08 * w, y1 - 0.4 * h), pt(cx + 0.1 * w, y1), bgr((60, 40, 28)), -1, AA, 3)
    if kind is Terrain.ORACLE:
        for k in range(4):
            x = x0 + (k + 0.5) * w / 4
            cv2.line(img, pt(x, y0 + 0.1 * h), pt(x, y1), shade(walls, 0.7), max(1, int(r / 40)), AA, 3)
    if kind is Terrain.OASIS:
        trunk = (cx - 0.5 * r, cy + 0.3 * r)
        cv2.line(img, pt(*trunk), pt(trunk[0] + 0.05 * r, cy - 0.3 * r), bgr((120, 80, 40)), max(1, int(r / 25)), AA, 3)
        for a in range(0, 360, 60):
            cv2.ellipse(img, pt(trunk[0] + 0.05 * r + 0.15 * r * math.cos(math.radians(a)),
                                cy - 0.3 * r + 0.1 * r * math.sin(math.radians(a))),
                        pt(0.18 * r, 0.05 * r), a, 0, 360, bgr((50, 130, 50)), -1, AA, 3)


DRAW = {Terrain.GRASS: draw_grass, Terrain.CANYON: draw_canyon, Terrain.DESERT: draw_desert,
        Terrain.FLOWER: draw_flower, Terrain.FOREST: draw_forest, Terrain.WATER: draw_water,
        Terrain.MOUNTAIN: draw_mountain, Terrain.CASTLE: draw_castle}


def smooth_noise(rng: Rng, shape: tuple[int, int], cells: int) -> np.ndarray:
    """Soft noise in about [-1, 1]: a coarse random grid, upsampled smoothly."""
    coarse = rng.normal(0, 0.5, (cells * shape[0] // max(shape) + 2, cells * shape[1] // max(shape) + 2)).astype(np.float32)
    return cv2.resize(coarse, (shape[1], shape[0]), interpolation=cv2.INTER_CUBIC)


def paint_board(board: Board, rng: Rng, scale: float) -> np.ndarray:
    """The board as printed, seen straight down: `scale` pixels per hex radius, BGR."""
    map_w, map_h = hexgrid.map_extent(ROWS, COLS, 1.0)
    width, height = int((map_w + 2 * MARGIN) * scale), int((map_h + 2 * MARGIN) * scale)
    cells = list(hexgrid.cells(ROWS, COLS))
    outlines = [((np.array(hexgrid.corners(cell, 1.0)) + MARGIN) * scale * 16).round().astype(np.int32) for cell in cells]
    label = np.zeros((height, width), np.uint16)  # 0: the frame, else hex index + 1
    for i, outline in enumerate(outlines):
        cv2.fillConvexPoly(label, outline, i + 1, cv2.LINE_8, 4)

    palette = {t: np.array(rgb, float) + rng.normal(0, 6, 3) for t, rgb in TERRAIN_RGB.items()}  # this print's inks
    frame_rgb = np.array((92, 66, 42), float) + rng.normal(0, 8, 3)
    lut = np.zeros((len(cells) + 1, 3), np.uint8)
    lut[0] = bgr(np.clip(frame_rgb, 0, 255))
    bases = []
    for i, t in enumerate(board.terrain):
        base = LOCATION_GROUND if t.is_location else tuple(np.clip(palette[t] + rng.normal(0, 4, 3), 0, 255))
        bases.append(base)
        lut[i + 1] = bgr(base)
    canvas = lut[label]

    r = scale
    for i, (cell, t) in enumerate(zip(cells, board.terrain)):
        cx, cy = (np.array(hexgrid.centre(cell, 1.0)) + MARGIN) * scale
        x0, y0 = max(0, int(cx - r)), max(0, int(cy - r) - 1)
        x1, y1 = min(width, int(cx + r) + 2), min(height, int(cy + r) + 2)
        patch = canvas[y0:y1, x0:x1].copy()
        if t.is_location:
            draw_location(patch, cx - x0, cy - y0, r, t, rng)
        else:
            DRAW[t](patch, cx - x0, cy - y0, r, bases[i], rng)
        inside = label[y0:y1, x0:x1] == i + 1
        canvas[y0:y1, x0:x1][inside] = patch[inside]

    # Printing and wear: soft blotches, each section a little different, seams, borders, fading.
    section_gain = 1 + rng.normal(0, 0.025, 5)
    gain_lut = np.array([section_gain[4], *section_gain[list(SECTOR_OF)]], np.float32)
    gain = gain_lut[label] * (1 + 0.06 * smooth_noise(rng, (height, width), 60))
    image = canvas.astype(np.float32) * gain[..., None]

    lines = np.zeros((height, width), np.uint8)
    cv2.polylines(lines, outlines, True, 255, max(1, int(round(scale / 45 * rng.uniform(0.8, 1.4)))), AA, 4)
    sector = np.array([4, *SECTOR_OF], np.uint8)[label]
    seam = np.zeros((height, width), np.uint8)
    seam[:, 1:][sector[:, 1:] != sector[:, :-1]] = 255
    seam[1:, :][sector[1:, :] != sector[:-1, :]] = 255
    seam = cv2.dilate(seam, np.ones((3, 3), np.uint8))
    ink = rng.uniform(0.15, 0.8) * lines.astype(np.float32) / 255 + rng.uniform(0.25, 0.5) * seam.astype(np.float32) / 255
    ink = np.minimum(ink, 0.9)[..., None]
    image = image * (1 - ink) + ink * np.array((28, 34, 36), np.float32)
    cv2.rectangle(image, (int(0.12 * scale), int(0.12 * scale)), (width - int(0.12 * scale), height - int(0.12 * scale)),
                  (90, 170, 196), max(1, int(scale / 30)), AA)  # the frame's gilded line

    grey = image.mean(axis=2, keepdims=True)
    image = grey + rng.uniform(0.8, 1.25) * (image - grey)  # saturated or dull print
    fade = rng.uniform(0, 0.15)
    image = image * (1 - fade) + 225 * fade
    return np.clip(image, 0, 255).astype(np.uint8)


# ---------------------------------------------------------------- the table and the settlements


def paint_table(rng: Rng, size: tuple[int, int]) -> np.ndarray:
    width, height = size
    if rng.random() < 0.55:  # wood: planks, their grain a bundle of wavy lines along them
        colour = np.array(rng.choice([(150, 100, 62), (120, 78, 48), (186, 142, 96), (96, 64, 44)]), float)
        small = (height // 2, width // 2)
        xs, ys = np.meshgrid(np.arange(small[1], dtype=np.float32), np.arange(small[0], dtype=np.float32))
        y = ys if rng.random() < 0.5 else xs  # planks across the photo or along it
        warp = 20 * smooth_noise(rng, small, 8) + 4 * smooth_noise(rng, small, 60)
        period = small[1] / rng.uniform(5, 8)  # plank width
        fine = rng.uniform(0.4, 0.9)
        grain = 0.6 * np.sin((y + warp) * fine) + 0.4 * np.sin((y + 1.7 * warp) * fine * 0.37)
        gap = np.abs(((y + 0.5 * period) % period) - 0.5 * period) < 1.2  # the joints between planks
        tone = 1 + 0.05 * grain + 0.05 * smooth_noise(rng, small, 16) - 0.35 * gap
    else:  # cloth
        colour = np.array(rng.choice([(52, 92, 60), (70, 70, 76), (40, 52, 92), (196, 184, 160), (120, 40, 40)]), float)
        small = (height // 4, width // 4)
        tone = 1 + 0.05 * smooth_noise(rng, small, 12)
    table = np.clip(tone[..., None] * colour[::-1][None, None, :], 0, 255).astype(np.float32)
    return cv2.resize(table, (width, height), interpolation=cv2.INTER_LINEAR)


@dataclass
class House:
    centre: np.ndarray  # world x, y on the board
    lift: float  # how far the board there stands off the table
    angle: float
    rgb: tuple[float, float, float]


def house_faces(house: House, width: float, length: float, wall: float, ridge: float) -> list[np.ndarray]:
    """The six faces of a gabled house in world coordinates (z into the table: height is -z),
    each with outward-ordered corners."""
    w, l = width / 2, length / 2
    base = [(-w, -l, 0), (w, -l, 0), (w, l, 0), (-w, l, 0)]
    top = [(x, y, wall) for x, y, _ in base]
    apex = [(0, -l, wall + ridge), (0, l, wall + ridge)]
    faces = [
        [base[0], base[1], top[1], apex[0], top[0]],  # gable ends
        [base[2], base[3], top[3], apex[1], top[2]],
        [base[1], base[2], top[2], top[1]],  # walls
        [base[3], base[0], top[0], top[3]],
        [top[1], top[2], apex[1], apex[0]],  # roof
        [top[3], top[0], apex[0], apex[1]],
    ]
    c, s = math.cos(house.angle), math.sin(house.angle)
    # Half a turn about a level axis takes local z (up) to world -z and keeps the faces' corner
    # order outward (a mirror would flip every normal); the house is symmetric, so y may flip.
    turn = np.array([[c, s, 0], [s, -c, 0], [0, 0, -1]])
    shift = np.array([house.centre[0], house.centre[1], -house.lift])
    return [np.array(face, float) @ turn.T + shift for face in faces]


def draw_houses(photo: np.ndarray, houses: list[House], camera: Camera, light: np.ndarray, rng: Rng) -> None:
    """Shadows first (soft, cast along the light onto the board), then the houses, far to near."""
    height, width = photo.shape[:2]
    unit = rng.uniform(0.55, 0.65) * SQRT3  # footprint width: 55-65 % of a hex's width
    dims = (unit, unit * rng.uniform(1.0, 1.15), unit * rng.uniform(0.55, 0.7), unit * rng.uniform(0.38, 0.5))
    shadow = np.zeros((height, width), np.uint8)
    contact = np.zeros((height, width), np.uint8)
    solids = []
    for house in houses:
        faces = house_faces(house, *dims)
        corners = np.unique(np.concatenate(faces), axis=0)
        cast = corners - ((corners[:, 2] + house.lift) / light[2])[:, None] * light
        cast[:, 2] = -house.lift
        hull = cv2.convexHull((camera.project(cast) * 8).round().astype(np.int32))
        cv2.fillConvexPoly(shadow, hull, 255, AA, 3)
        foot = camera.project(np.concatenate([faces[0][:2], faces[1][:2]]))  # the four base corners
        cv2.fillConvexPoly(contact, cv2.convexHull((foot * 8).round().astype(np.int32)), 255, AA, 3)
        solids.append((float(np.linalg.norm(house.centre - camera.C[:2])), house, faces))
    blur = max(1.0, width / 500)
    soft = cv2.GaussianBlur(shadow, (0, 0), blur * 1.5).astype(np.float32) / 255
    tight = cv2.GaussianBlur(contact, (0, 0), blur * 0.6).astype(np.float32) / 255
    dark = 1 - rng.uniform(0.35, 0.55) * soft - 0.3 * tight
    photo *= dark[..., None]

    to_light = -light / np.linalg.norm(light)
    for _, house, faces in sorted(solids, key=lambda s: -s[0]):
        for face in faces:
            a, b, c = face[0], face[1], face[2]
            normal = np.cross(b - a, c - a)
            normal /= np.linalg.norm(normal)
            centre = face.mean(axis=0)
            if np.dot(normal, camera.C - centre) <= 0:
                continue  # faces away from the camera
            lit = 0.42 + 0.7 * max(0.0, float(np.dot(normal, to_light)))
            view = (camera.C - centre) / np.linalg.norm(camera.C - centre)
            gloss = 40 * max(0.0, float(np.dot(2 * np.dot(normal, to_light) * normal - to_light, view))) ** 12
            colour = tuple(min(255.0, v * lit + gloss) for v in house.rgb)
            outline = (camera.project(face) * 8).round().astype(np.int32)
            cv2.fillConvexPoly(photo, outline, bgr(colour), AA, 3)
            cv2.polylines(photo, [outline], True, shade(colour, 0.82), 1, AA, 3)


# ---------------------------------------------------------------- the photo


@dataclass
class Lift:
    """How far the board stands off the table, in hex radii, smooth over it: it may not lie flat
    (a lift of 0.5 is about 5 mm)."""

    grid: np.ndarray
    board_w: float
    board_h: float

    def at(self, x: np.ndarray, y: np.ndarray) -> np.ndarray:
        last = self.grid.shape[0] - 1
        return cv2.remap(self.grid, (x * (last / self.board_w)).astype(np.float32),
                         (y * (last / self.board_h)).astype(np.float32), cv2.INTER_LINEAR,
                         borderMode=cv2.BORDER_REPLICATE)

    def of(self, x: float, y: float) -> float:
        return float(self.at(np.full((1, 1), x, np.float32), np.full((1, 1), y, np.float32))[0, 0])


def board_maps(camera: Camera, lift: Lift, scale: float, size: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """For every photo pixel, the canvas pixel of the board it sees: the table plane's point under
    it, moved back along the camera's ray by how far the board stands off the table there."""
    width, height = size
    xs, ys = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    Hi = np.linalg.inv(camera.plane_homography()).astype(np.float32)
    w = Hi[2, 0] * xs + Hi[2, 1] * ys + Hi[2, 2]
    fx = (Hi[0, 0] * xs + Hi[0, 1] * ys + Hi[0, 2]) / w
    fy = (Hi[1, 0] * xs + Hi[1, 1] * ys + Hi[1, 2]) / w
    del xs, ys, w
    towards = lift.at(fx, fy) / np.float32(-camera.C[2])
    bx = (fx - (fx - np.float32(camera.C[0])) * towards) * np.float32(scale)
    by = (fy - (fy - np.float32(camera.C[1])) * towards) * np.float32(scale)
    return bx.astype(np.float32), by.astype(np.float32)


def lay_board(photo: np.ndarray, canvas: np.ndarray, maps: tuple[np.ndarray, np.ndarray], outline: np.ndarray,
              light_xy: np.ndarray, rng: Rng) -> np.ndarray:
    """The board on the table, with its own soft shadow and maybe the lamp's glossy highlight."""
    height, width = photo.shape[:2]
    mask = np.zeros((height, width), np.uint8)
    cv2.fillConvexPoly(mask, (outline * 8).round().astype(np.int32), 255, AA, 3)
    offset = -light_xy * width * 0.004  # the shadow falls away from the lamp
    drop = cv2.warpAffine(mask, np.array([[1, 0, offset[0]], [0, 1, offset[1]]], np.float32), (width, height))
    photo *= (1 - 0.35 * cv2.GaussianBlur(drop, (0, 0), width / 300).astype(np.float32) / 255)[..., None]
    board_img = cv2.remap(canvas, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
    inside = cv2.remap(np.full(canvas.shape[:2], 255, np.uint8), *maps, cv2.INTER_LINEAR,
                       borderMode=cv2.BORDER_CONSTANT).astype(np.float32)[..., None] / 255
    photo = photo * (1 - inside) + board_img.astype(np.float32) * inside
    if rng.random() < 0.6:
        spot = np.zeros((height // 8, width // 8), np.float32)
        cx, cy = outline.mean(axis=0) / 8 + rng.normal(0, 0.15, 2) * (width / 8, height / 8)
        axes = (int(width / 8 * rng.uniform(0.06, 0.15)), int(height / 8 * rng.uniform(0.05, 0.12)))
        cv2.ellipse(spot, (int(cx), int(cy)), axes, rng.uniform(0, 180), 0, 360, 1.0, -1)
        spot = cv2.resize(cv2.GaussianBlur(spot, (0, 0), width / 8 * 0.05), (width, height))[..., None] * inside
        photo += rng.uniform(0.15, 0.4) * spot * (255 - photo)
    return photo


def place_houses(truth: Position, lift: Lift, rng: Rng) -> list[House]:
    """A house per settlement, a little off its hex's centre and a little turned."""
    houses = []
    colour = {p.key: PIECE_RGB[p.colour or "white"] for p in truth.players}
    jitter, turn = rng.uniform(0.04, 0.14), rng.uniform(0.05, 0.3)
    for cell, key in truth.settlements:
        x, y = np.array(hexgrid.centre(cell, 1.0)) + MARGIN + rng.normal(0, jitter, 2)
        rgb = np.array(colour[key], float) * rng.uniform(0.96, 1.04)
        angle = rng.choice([0.0, math.pi / 2]) + rng.normal(0, turn)
        houses.append(House(np.array([x, y]), lift.of(x, y), float(angle), (rgb[0], rgb[1], rgb[2])))
    return houses


def finish(photo: np.ndarray, rng: Rng) -> np.ndarray:
    """The room's light (uneven, tinted), then the phone's: a little blur, its grain and noise."""
    height, width = photo.shape[:2]
    gx, gy = rng.normal(0, 0.12, 2)
    u, v = np.meshgrid(np.linspace(-0.5, 0.5, width // 8, dtype=np.float32),
                       np.linspace(-0.5, 0.5, height // 8, dtype=np.float32))
    field = cv2.resize(1 + gx * u + gy * v - rng.uniform(0.1, 0.3) * (u * u + v * v), (width, height))
    cast = rng.choice([(1.0, 0.98, 0.92), (0.94, 0.98, 1.04), (1.0, 1.0, 1.0), (1.04, 1.0, 0.9)]) * rng.uniform(0.95, 1.08)
    photo *= field[..., None]
    photo *= np.array(cast[::-1], np.float32)
    photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(0.5, 1.1) * width / 4000 * 1.5 + 0.3)
    grain = smooth_noise(rng, (height, width), width // 3)  # denoised in the phone: blotchy
    photo += (rng.uniform(2, 5) * grain)[..., None]
    photo += rng.normal(0, 1.5, (height, width, 1)).astype(np.float32)
    return np.clip(photo, 0, 255).astype(np.uint8)


@dataclass
class Scene:
    """What the set-up photo shares with the photo: the printed board, how it lies on the table,
    the table, the phone's lens and where the lamp or window is."""

    canvas: np.ndarray
    scale: float
    lift: Lift
    table: np.ndarray  # the photo's table before the board was laid on it
    camera: Camera
    light_xy: np.ndarray


def corner_pixels(camera: Camera, lift: Lift) -> list[tuple[float, float]]:
    """The pixel centres of A1, A20, T1, T20, on the board as it stands off the table."""
    corners = []
    for cell in ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1)):
        x, y = np.array(hexgrid.centre(cell, 1.0)) + MARGIN
        px, py = camera.project(np.array([[x, y, -lift.of(x, y)]]))[0]
        corners.append((float(px), float(py)))
    return corners


def board_outline(camera: Camera, lift: Lift) -> np.ndarray:
    return camera.project(np.array([[0, 0, 0], [lift.board_w, 0, 0], [lift.board_w, lift.board_h, 0],
                                    [0, lift.board_h, 0]], float))


def render(board: Board, truth: Position, rng: Rng,
           size: tuple[int, int]) -> tuple[np.ndarray, list[tuple[float, float]], Scene]:
    """The photo (BGR), the pixel centres of A1, A20, T1, T20, and the scene for the set-up photo."""
    map_w, map_h = hexgrid.map_extent(ROWS, COLS, 1.0)
    board_w, board_h = map_w + 2 * MARGIN, map_h + 2 * MARGIN
    camera = make_camera(rng, size, (board_w, board_h))
    # The canvas about as sharp as the photo at the board's centre.
    centre_depth = ((np.array([board_w / 2, board_h / 2, 0]) - camera.C) @ camera.R.T)[2]
    scale = min(1.1 * camera.K[0, 0] / centre_depth, 200.0)
    canvas = paint_board(board, rng, scale)
    lift = Lift(np.maximum(0, rng.uniform(0, 0.35) * smooth_noise(rng, (32, 32), 4) + rng.uniform(0, 0.15)),
                board_w, board_h)

    light_xy = rng.normal(0, 1, 2)
    light_xy /= np.linalg.norm(light_xy)  # where the lamp or window is, seen from the board
    table = paint_table(rng, size)
    scene = Scene(canvas, scale, lift, np.clip(table, 0, 255).astype(np.uint8), camera, light_xy.copy())
    photo = lay_board(table, canvas, board_maps(camera, lift, scale, size), board_outline(camera, lift), light_xy, rng)
    elevation = math.radians(rng.uniform(40, 65))
    # The direction the light travels: away from the lamp, down into the table (+z).
    light = np.array([*(-light_xy * math.cos(elevation)), math.sin(elevation)])
    draw_houses(photo, place_houses(truth, lift, rng), camera, light, rng)
    return finish(photo, rng), corner_pixels(camera, lift), scene


def render_setup(scene: Scene, rng: Rng, size: tuple[int, int]) -> tuple[np.ndarray, list[tuple[float, float]]]:
    """The same board before anyone built, photographed earlier: the phone held anew, the light a
    little different; no houses."""
    lift = scene.lift
    camera = make_camera(rng, size, (lift.board_w, lift.board_h), scene.camera.K)
    # The table as the photo showed it, not moved with the camera: warped, it would have to be
    # made up (mirrored planks) wherever this camera sees past the photo's edges; as it is, the
    # board seems to have lain a little elsewhere on it at set-up, as boards do.
    table = scene.table.astype(np.float32)
    turn = rng.normal(0, 0.2)  # the daylight moved a little, or another lamp was on
    c, s = math.cos(turn), math.sin(turn)
    light_xy = np.array([[c, -s], [s, c]]) @ scene.light_xy
    photo = lay_board(table, scene.canvas, board_maps(camera, lift, scene.scale, size), board_outline(camera, lift),
                      light_xy, rng)
    return finish(photo, rng), corner_pixels(camera, lift)


def encode(photo: np.ndarray, rng: Rng) -> bytes:
    ok, jpeg = cv2.imencode(".jpg", photo, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(78, 93))])
    assert ok
    return bytes(jpeg.tobytes())


def corners_text(corners: list[tuple[float, float]]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)


def make(seed: int, size: tuple[int, int]) -> dict[str, bytes]:
    """The six files of one seed, by suffix."""
    rng = np.random.default_rng(seed)
    board, entries = choose_board(rng)
    form, truth = make_position(rng, board, entries)
    photo, corners, scene = render(board, truth, rng, size)
    jpeg = encode(photo, rng)
    text = corners_text(corners)
    header = (f"# Independent photo maker, seed {seed}, photo {size[0]}x{size[1]}.\n"
              f"# Pixel centres of A1, A20, T1, T20: --corners \"{text}\"\n")
    # The set-up photo draws from a stream of its own, so the photo and its files stay as they were.
    setup_rng = np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])
    setup, setup_corners = render_setup(scene, setup_rng, size)
    return {".jpg": jpeg, "-form.yaml": (header + dumps(form)).encode(),
            "-truth.yaml": (header + dumps(truth)).encode(), "-corners.txt": (text + "\n").encode(),
            "-setup.jpg": encode(setup, setup_rng), "-setup-corners.txt": (corners_text(setup_corners) + "\n").encode()}


def parse_size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size {text!r} is not WxH, like 4000x3000") from None
    if not (200 <= width <= 12000 and 150 <= height <= 12000):
        raise argparse.ArgumentTypeError(f"size {text!r}: width 200-12000 and height 150-12000 pixels")
    return width, height


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--count", type=int, default=1, help="how many photos (seeds first, first + 1, ...)")
    parser.add_argument("--size", type=parse_size, default=(4000, 3000), help="photo size WxH (4000x3000)")
    parser.add_argument("--force", action="store_true", help="replace files already there")
    args = parser.parse_args(argv)
    if args.count < 1 or args.first < 0:
        parser.error("--count must be at least 1 and --first not negative")
    try:
        for seed in range(args.first, args.first + args.count):
            files = make(seed, args.size)
            write_files({args.outdir / f"{seed:04d}{suffix}": data for suffix, data in files.items()}, args.force)
            print(args.outdir / f"{seed:04d}.jpg")
    except (OutputError, InputError, PnpError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
