"""Synthetic photos of a finished Kingdom Builder board, for testing the scanner.

Deliberately independent of the scanner: its own terrain palettes and textures (drawn per hex,
so no two hexes of a terrain look alike), its own piece colours, wooden houses modelled in 3-D
with height, shading and cast shadows, photographed by a pinhole camera with any tilt and
rotation, then spoiled with uneven light, a colour cast, glare, noise, blur and JPEG. The
sections may lie a little apart, as loose sections do on a table. Its boards' art: its own
painted hexes, the kit's colours and icons, the kit's own print (`printed`), any of them with
marks of every colour (`marked`), or boards painted as retail boards are (`retail`,
tools/photos/retail.py), or those framed, on a wood table or a cloth of any colour, with
houses as tall as cubes and photos tilted further (`varied`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field, replace

import cv2
import numpy as np

from pnp import hexgrid
from pnp.games.kingdom_builder.facts import BUILDABLE, Terrain
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTION_SIZE, Board
from tools.photos.retail import draw_board as draw_retail_board

Cell = tuple[int, int]

# Terrain colour families (RGB): each photo draws its own shade from a family, so the scanner
# can never rely on one palette.
TERRAIN_FAMILIES = {
    Terrain.GRASS: [(120, 190, 70), (150, 200, 90), (100, 170, 60)],
    Terrain.CANYON: [(190, 110, 70), (170, 90, 60), (200, 140, 100)],
    Terrain.DESERT: [(230, 210, 130), (240, 220, 160), (220, 190, 110)],
    Terrain.FLOWER: [(200, 150, 200), (180, 140, 210), (220, 160, 170)],
    Terrain.FOREST: [(40, 110, 50), (60, 100, 40), (30, 90, 60)],
    Terrain.WATER: [(70, 140, 210), (90, 160, 220), (60, 120, 180)],
    Terrain.MOUNTAIN: [(130, 120, 115), (150, 140, 130), (110, 105, 110)],
    Terrain.CASTLE: [(170, 160, 150), (190, 180, 160)],
}
LOCATION_FAMILY = [(210, 190, 150), (200, 170, 140)]

# The wooden pieces as this maker paints them (not the scanner's reference colours).
PIECE_COLOURS = {
    "orange": (235, 125, 25), "blue": (30, 80, 190), "white": (236, 232, 222), "black": (35, 32, 30),
    "red": (200, 30, 35), "green": (40, 150, 60), "yellow": (245, 205, 30), "purple": (120, 50, 150),
}

# ArUco 4x4 markers ids 0-3 are laid at the corners near A1, A20, T1, T20.
MARKER_IDS = (0, 1, 2, 3)


@dataclass
class Style:
    """Everything random about one photo, drawn from the seed and the difficulty."""

    hex_mm: float = 18.8          # flat-to-flat
    tilt: float = 0.0             # degrees from straight down
    azimuth: float = 0.0
    roll: float = 0.0             # rotation of the camera about its axis
    focal_35mm: float = 26.0
    fill: float = 0.8             # how much of the frame's short side the board spans
    section_shift_mm: float = 0.5
    outlines: bool = True
    light_gradient: float = 0.2
    cast: tuple[float, float, float] = (1.0, 1.0, 1.0)
    glare: float = 0.0
    noise: float = 2.0
    blur: float = 0.5
    jpeg: int = 90
    piece_scale: float = 1.0
    tokens: bool = False          # flat printed tokens instead of wooden houses
    kit_art: bool = False         # the sections as the kit prints them (its colours and icons)
    printed: bool = False         # the kit's own section drawings, rasterized as exported (label included)
    marked: bool = False          # marks of random shape, size (up to half a piece) and colour on every hex
    retail: bool = False          # painted as retail boards are (tools/photos/retail.py)
    framed: bool = False          # retail art with a dark frame round the jagged edge
    cloth: tuple[float, float, float] | None = None  # the table a plain cloth of this colour, not wood
    house_mm: tuple[float, float, float, float] = (9.0, 7.5, 6.0, 10.0)  # width, depth, wall, ridge height
    off_centre_mm: float = 0.7    # spread of a piece's place about its hex's centre
    sun: tuple[float, float] = (45.0, 60.0)  # light azimuth, elevation in degrees


def style_for(rng: random.Random, level: str) -> Style:
    """A random style; level 'clean' is a good photo, 'hard' everything a careless one has."""
    hard = level == "hard"
    return Style(
        hex_mm=rng.choice([18.8, 18.8, 24.0, 28.0]),
        tilt=rng.uniform(0, 30 if hard else 8),
        azimuth=rng.uniform(0, 360),
        roll=rng.uniform(0, 360),
        focal_35mm=rng.uniform(24, 30),
        fill=rng.uniform(0.6, 0.92),
        section_shift_mm=rng.uniform(0.3, 1.5) if hard else 0.3,
        outlines=rng.random() < 0.6,
        light_gradient=rng.uniform(0.2, 0.5) if hard else rng.uniform(0.0, 0.12),
        cast=tuple(rng.uniform(0.8, 1.2) for _ in range(3)) if hard else (1.0, 1.0, 1.0),  # type: ignore[arg-type]
        glare=rng.uniform(0.3, 0.6) if hard else 0.0,
        noise=rng.uniform(3, 8) if hard else 1.5,
        blur=rng.uniform(0.8, 1.8) if hard else 0.4,
        jpeg=rng.randint(55, 80) if hard else 92,
        piece_scale=rng.uniform(0.9, 1.1),
        tokens=False,
        kit_art=rng.random() < 0.3,
        sun=(rng.uniform(0, 360), rng.uniform(40, 75) if hard else 75.0),
    )


def _retail(style: Style, rng: random.Random, level: str) -> Style:
    """`style` for a retail board: its art, pieces 48-65 % of a hex wide and of other
    proportions (now and then flat printed tokens) placed further off centre, and a glossy
    board's soft highlight in half the photos taken as the tips say."""
    width = style.hex_mm * rng.uniform(0.48, 0.65)
    wall = width * rng.uniform(0.55, 0.75)
    house = (width, width * rng.uniform(0.75, 0.95), wall, wall + width * rng.uniform(0.3, 0.5))
    gloss = rng.uniform(0.05, 0.25) if level != "hard" and rng.random() < 0.5 else style.glare
    return replace(style, retail=True, kit_art=False, house_mm=house, piece_scale=1.0, tokens=rng.random() < 0.1,
                   off_centre_mm=rng.uniform(0.7, 1.5), glare=gloss)


# Cloths a board may lie on: the pieces' colours among them, then felt green, greys and linen.
CLOTHS = [*PIECE_COLOURS.values(), (40, 100, 60), (60, 60, 64), (150, 150, 150), (210, 196, 170), (120, 30, 50)]


def _varied(style: Style, rng: random.Random, level: str) -> Style:
    """`style` for a retail board framed (retail.py), on a plain cloth of any colour for the wood
    on 60 % of the tables, its houses' walls up to as tall as they are wide (a cube under the
    roof), photos taken as the tips say tilted up to 20°: the houses at the board's edge lean
    out of their hexes further."""
    cloth = tuple(c * rng.uniform(0.8, 1.1) for c in rng.choice(CLOTHS)) if rng.random() < 0.6 else None
    width, depth = style.house_mm[:2]
    wall = width * rng.uniform(0.6, 1.05)
    tilt = rng.uniform(0, 20) if level != "hard" else style.tilt
    return replace(style, framed=True, cloth=cloth, house_mm=(width, depth, wall, wall + width * rng.uniform(0.3, 0.6)),  # type: ignore[arg-type]
                   tilt=tilt)


def retaken(style: Style, rng: random.Random, level: str) -> Style:
    """The same board and pieces photographed again: another camera, light and spoiling, as
    `style_for` draws them for `level`."""
    again = style_for(rng, level)
    return replace(style, **{name: getattr(again, name) for name in (
        "tilt", "azimuth", "roll", "focal_35mm", "fill", "light_gradient", "cast", "glare", "noise", "blur", "jpeg", "sun")})


@dataclass
class Photo:
    image: np.ndarray                      # RGB, as displayed
    corners: list[tuple[float, float]]     # true pixel centres of A1, A20, T1, T20
    pieces: dict[Cell, int]                # cell -> player index
    hex_px: float                          # width of a hex in the photo, about, in pixels
    style: Style = field(default_factory=Style)

    def encoded(self, kind: str = ".jpg", quality: int = 92) -> bytes:
        params = [cv2.IMWRITE_JPEG_QUALITY, quality] if kind == ".jpg" else []
        ok, data = cv2.imencode(kind, cv2.cvtColor(self.image, cv2.COLOR_RGB2BGR), params)
        assert ok
        return data.tobytes()


def played_game(board: Board, players: int, rng: random.Random, per_player: int = 40) -> dict[Cell, int]:
    """Settlements where the rules put them: in turns, each player draws a terrain card and
    builds 3 settlements on that terrain, next to their own where they can (now and then on
    water, as the harbour allows). One player's settlements gather on one terrain."""
    terrains = sorted({board.at(cell) for cell in hexgrid.cells(ROWS, COLS) if board.at(cell) in BUILDABLE},
                      key=lambda terrain: terrain.value)
    taken: dict[Cell, int] = {}
    mine: list[set[Cell]] = [set() for _ in range(players)]
    turns = 0
    while any(len(own) < per_player for own in mine) and turns < 100 * players:
        for player, own in enumerate(mine):
            turns += 1
            terrain = Terrain.WATER if rng.random() < 0.05 else rng.choice(terrains)
            for _ in range(min(3, per_player - len(own))):
                free = [cell for cell in hexgrid.cells(ROWS, COLS) if board.at(cell) is terrain and cell not in taken]
                if not free:
                    break
                near = [cell for cell in free if any(n in own for n in hexgrid.neighbours(cell))]
                cell = rng.choice(near or free)
                taken[cell] = player
                own.add(cell)
    return taken


def make_photo(board: Board, pieces: dict[Cell, int], colours: list[str], seed: int,
               size: tuple[int, int] = (1200, 900), level: str = "clean", style: Style | None = None,
               markers: bool = False, printed: bool = False, setup: bool = False, marked: bool = False,
               retail: bool = False, varied: bool = False) -> Photo:
    """A photo of `board` with `pieces` on it; `printed`: the sections are the kit's own print;
    `marked`: the art has marks of every colour (`_draw_marks`); `retail`: the art is painted as
    retail boards are, and the pieces' shape, place and the board's gloss vary (`_retail`);
    `varied`: that retail art in a frame, and more that photos differ in (`_varied`) (with any
    of these, the camera and light are those the seed gives without it); `setup`: the set-up
    photo of the same game, the same board before anyone built, taken again (`retaken`)."""
    rng = random.Random(seed)
    style = style or style_for(rng, level)
    if printed or marked:
        style = replace(style, printed=printed or style.printed, marked=marked or style.marked)
    if retail or varied:
        style = _retail(style, random.Random(seed + 800_000), level)
    if varied:
        style = _varied(style, random.Random(seed + 800_003), level)
    nrng = np.random.default_rng(seed)
    width, height = size
    s = style.hex_mm / math.sqrt(3)  # circumradius, mm
    board_w, board_h = hexgrid.map_extent(ROWS, COLS, s)

    camera = _camera(style, width, height, board_w, board_h, markers)
    # Texture of the table and board, in millimetres times `ppm`, fine enough for the photo.
    hex_px_guess = camera.scale * style.hex_mm
    ppm = max(2.0, min(10.0, 1.6 * hex_px_guess / style.hex_mm))
    if setup:  # the board drawn as for the game's photo (the same texture), no piece on it, taken again
        style, pieces = retaken(style, random.Random(seed + 500_000), level), {}
        camera = _camera(style, width, height, board_w, board_h, markers)
    margin = 120.0
    tex_w, tex_h = int((board_w + 2 * margin) * ppm), int((board_h + 2 * margin) * ppm)
    texture = _table(tex_w, tex_h, nrng) if style.cloth is None else _cloth(tex_w, tex_h, style.cloth, ppm, nrng)
    offsets = [(rng.gauss(0, style.section_shift_mm), rng.gauss(0, style.section_shift_mm)) for _ in range(4)]

    def mm_centre(cell: Cell) -> tuple[float, float]:
        x, y = hexgrid.centre(cell, s)
        dx, dy = offsets[hexgrid.sector(cell, SECTION_SIZE, SECTION_SIZE, 2)]
        return x + dx, y + dy

    if style.retail:  # a random stream of its own, as the marks have
        draw_retail_board(texture, board, random.Random(seed + 800_001), np.random.default_rng(seed + 800_001),
                          ppm, margin, s, mm_centre, random.Random(seed + 800_002) if style.framed else None)
    elif style.printed:
        _draw_printed_board(texture, board, ppm, margin, s, offsets)
    elif style.kit_art:
        _draw_kit_board(texture, board, ppm, margin, s, mm_centre)
    else:
        _draw_board(texture, board, style, rng, nrng, ppm, margin, s, mm_centre)
    if style.marked:  # a random stream of their own: the same marks in the set-up photo
        _draw_marks(texture, board, random.Random(seed + 700_000), ppm, margin, s, mm_centre)
    houses = [_house(mm_centre(cell), style, rng) for cell in sorted(pieces)]
    _draw_shadows(texture, houses, style, ppm, margin)
    if markers:
        _draw_markers(texture, rng, ppm, margin, board_w, board_h)

    to_texture = np.array([[ppm, 0, margin * ppm], [0, ppm, margin * ppm], [0, 0, 1]])
    homography = camera.homography @ np.linalg.inv(to_texture)
    image = cv2.warpPerspective(texture, homography, (width, height), flags=cv2.INTER_AREA
                                if ppm > 2 * camera.scale else cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    image = image.astype(np.float32)
    _draw_houses(image, houses, [pieces[c] for c in sorted(pieces)], colours, camera, style)
    if setup:  # its own light, glare and noise
        nrng, rng = np.random.default_rng(seed + 500_000), random.Random(seed + 500_001)
    image = _spoil(image, style, nrng, rng)
    corners = [camera.project(*mm_centre(cell), 0.0) for cell in ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))]
    photo = Photo(image, corners, dict(pieces), camera.scale * style.hex_mm, style)
    if style.jpeg < 100:
        photo.image = cv2.cvtColor(cv2.imdecode(np.frombuffer(photo.encoded(".jpg", style.jpeg), np.uint8),
                                                cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    return photo


@dataclass
class _Camera:
    matrix: np.ndarray      # 3x4 projection of world millimetres (x right, y down the board, z into the table)
    homography: np.ndarray  # the board plane z = 0 to pixels
    scale: float            # pixels per millimetre near the board's centre

    def project(self, x: float, y: float, z: float) -> tuple[float, float]:
        u, v, w = self.matrix @ np.array([x, y, z, 1.0])
        return float(u / w), float(v / w)


def _camera(style: Style, width: int, height: int, board_w: float, board_h: float, markers: bool) -> _Camera:
    f = style.focal_35mm / 43.27 * math.hypot(width, height)
    k = np.array([[f, 0, width / 2], [0, f, height / 2], [0, 0, 1.0]])
    pad = 40.0 if markers else 5.0
    target = np.array([board_w / 2, board_h / 2, 0.0])
    tilt, azimuth = math.radians(style.tilt), math.radians(style.azimuth)
    direction = np.array([math.sin(tilt) * math.cos(azimuth), math.sin(tilt) * math.sin(azimuth), -math.cos(tilt)])
    box = [(-pad, -pad), (board_w + pad, -pad), (-pad, board_h + pad), (board_w + pad, board_h + pad)]
    distance = 1000.0
    for _ in range(6):
        centre = target + distance * direction
        forward = -direction
        up_hint = np.array([0, -1.0, 0]) if abs(forward[1]) < 0.9 else np.array([1.0, 0, 0])
        right = np.cross(up_hint, forward)
        right /= np.linalg.norm(right)
        down = np.cross(forward, right)
        roll = math.radians(style.roll)
        right, down = (math.cos(roll) * right + math.sin(roll) * down, -math.sin(roll) * right + math.cos(roll) * down)
        rotation = np.stack([right, down, forward])
        matrix = k @ np.hstack([rotation, (-rotation @ centre)[:, None]])
        points = np.array([_project(matrix, x, y, 0) for x, y in box])
        span = points.max(axis=0) - points.min(axis=0)
        grow = max(span[0] / width, span[1] / height) / style.fill
        distance *= grow
    # Re-centre the board in the frame by moving the camera sideways, not by shifting the image.
    points = np.array([_project(matrix, x, y, 0) for x, y in box])
    shift = (points.max(axis=0) + points.min(axis=0)) / 2 - np.array([width / 2, height / 2])
    centre = centre + (shift[0] * right + shift[1] * down) * distance / f
    matrix = k @ np.hstack([rotation, (-rotation @ centre)[:, None]])
    homography = matrix[:, [0, 1, 3]]
    p0, p1 = np.array(_project(matrix, *target[:2], 0)), np.array(_project(matrix, target[0] + 1, target[1], 0))
    return _Camera(matrix, homography, float(np.linalg.norm(p1 - p0)))


def _project(matrix: np.ndarray, x: float, y: float, z: float) -> tuple[float, float]:
    u, v, w = matrix @ np.array([x, y, z, 1.0])
    return u / w, v / w


def _table(width: int, height: int, nrng: np.random.Generator) -> np.ndarray:
    base = np.array([120, 85, 55], np.float32) * nrng.uniform(0.7, 1.2)
    grain = cv2.resize(nrng.normal(0, 12, (max(2, height // 40), max(2, width // 4))).astype(np.float32), (width, height))
    return np.clip(base[None, None, :] + grain[:, :, None], 0, 255).astype(np.uint8)


def _cloth(width: int, height: int, colour: tuple[float, float, float], ppm: float, nrng: np.random.Generator) -> np.ndarray:
    """A plain cloth of `colour`: a fine weave and soft folds."""
    weave = nrng.normal(0, 5, (height, width)).astype(np.float32)
    folds = cv2.resize(nrng.normal(0, 0.06, (max(2, int(height / (40 * ppm))), max(2, int(width / (40 * ppm))))).astype(np.float32),
                       (width, height), interpolation=cv2.INTER_CUBIC)
    cloth = np.array(colour, np.float32)[None, None, :] * (1 + folds[:, :, None]) + weave[:, :, None]
    return np.clip(cloth, 0, 255).astype(np.uint8)


def _draw_board(texture: np.ndarray, board: Board, style: Style, rng: random.Random, nrng: np.random.Generator,
                ppm: float, margin: float, s: float, mm_centre) -> None:
    palette = {terrain: rng.choice(family) for terrain, family in TERRAIN_FAMILIES.items()}
    location = rng.choice(LOCATION_FAMILY)
    shift = 4
    one = 1 << shift

    def px(x: float, y: float) -> tuple[int, int]:
        return int(round((x + margin) * ppm * one)), int(round((y + margin) * ppm * one))

    for cell in hexgrid.cells(ROWS, COLS):
        terrain = board.at(cell)
        base = np.array(location if terrain.is_location else palette[terrain], float)
        base *= rng.uniform(0.93, 1.07)  # every hex a little different, as painted art is
        cx, cy = mm_centre(cell)
        corners = [(cx + s * math.cos(math.radians(a)), cy + s * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
        poly = np.array([px(x, y) for x, y in corners], np.int32)
        cv2.fillConvexPoly(texture, poly, _rgb(base), cv2.LINE_AA, shift)
        _hex_art(texture, terrain, base, cx, cy, s, rng, px, shift, ppm)
        if style.outlines:
            cv2.polylines(texture, [poly], True, _rgb(base * 0.55), max(1, int(0.35 * ppm)), cv2.LINE_AA, shift)
    # Fine print texture all over the board.
    grain = nrng.normal(0, 6, texture.shape[:2]).astype(np.float32)
    texture[:] = np.clip(texture.astype(np.float32) + cv2.GaussianBlur(grain, (0, 0), max(0.5, ppm * 0.3))[:, :, None], 0, 255)


def _draw_kit_board(texture: np.ndarray, board: Board, ppm: float, margin: float, s: float, mm_centre) -> None:
    """The kit's own printed artwork (pnp's drawing of each hex and its icon), drawn here with
    OpenCV; icons of a section laid turned are upside down, as on the table."""
    from pnp.games.kingdom_builder import art
    from pnp.games.kingdom_builder.board_art import SPECIAL_SCALE, SYMBOL_RISE, SYMBOL_SCALE

    for cell in hexgrid.cells(ROWS, COLS):
        terrain = board.at(cell)
        hx, hy = mm_centre(cell)
        turned = board.placements[hexgrid.sector(cell, SECTION_SIZE, SECTION_SIZE, 2)].turned
        corners = [(hx + s * math.cos(math.radians(a)), hy + s * math.sin(math.radians(a))) for a in range(-90, 270, 60)]
        _fill(texture, corners, art.colour(terrain), ppm, margin)
        scale = s * (SPECIAL_SCALE if terrain.is_special else SYMBOL_SCALE)
        angle = math.pi if turned else 0.0
        rise = 0.0 if terrain.is_special else SYMBOL_RISE * s  # towards the section's top edge
        cx, cy = hx + rise * math.sin(angle), hy - rise * math.cos(angle)

        def to_mm(x: float, y: float, scale: float = scale, angle: float = angle, cx: float = cx, cy: float = cy) -> tuple[float, float]:
            u, v = (x - 0.5) * scale, (y - 0.5) * scale
            return cx + u * math.cos(angle) - v * math.sin(angle), cy + u * math.sin(angle) + v * math.cos(angle)

        _raster(texture, art.icon(terrain), to_mm, ppm, margin)
        _outline(texture, corners, art.INK, 0.3, ppm, margin)


def _draw_printed_board(texture: np.ndarray, board: Board, ppm: float, margin: float, s: float,
                        offsets: list[tuple[float, float]]) -> None:
    """The kit's own sections as printed: each section's drawing (the one the kit and `pnp export
    --to pod` print, its label included) rasterized by the exporter at this photo's scale, cut
    along its hex outline and laid on the table, turned where the board has it turned."""
    from pnp.export.raster import Frame, rasterize
    from pnp.games.kingdom_builder import board_art, components

    t = components.catalog("en")
    drawings = [board_art.section_drawing(placement.section, t) for placement in board.placements]
    px_mm = ppm * s / board_art.HEX_RADIUS  # pixels per millimetre of the drawing
    frames = [Frame(d, (0.0, 0.0), round(d.width * px_mm), round(d.height * px_mm), d.outline) for d in drawings]
    height, width = texture.shape[:2]
    for k, (placement, image) in enumerate(zip(board.placements, rasterize(frames, transparent=True))):
        corner = hexgrid.centre((k // 2 * SECTION_SIZE, k % 2 * SECTION_SIZE), s)
        left, top = ((corner[i] - hexgrid.centre((0, 0), s)[i] + offsets[k][i] + margin) * ppm for i in (0, 1))
        # The image's pixels onto the texture's; turned, about the section's middle (its hexes
        # then land on the same places, the outline being symmetric under half a turn).
        across, down = (image.shape[1] - 1, image.shape[0] - 1) if placement.turned else (0, 0)
        sign = -1.0 if placement.turned else 1.0
        matrix = np.array([[sign, 0.0, left + across], [0.0, sign, top + down]])
        laid = cv2.warpAffine(image, matrix, (width, height), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT)
        alpha = laid[:, :, 3:].astype(np.float32) / 255
        texture[:] = np.clip(texture * (1 - alpha) + laid[:, :, 2::-1] * alpha, 0, 255)


def _raster(texture: np.ndarray, items, to_mm, ppm: float, margin: float) -> None:
    """Filled shapes and strokes of pnp drawing items (text left out), through `to_mm`."""
    from pnp.draw import Circle, Group, Polygon, Rect

    for item in items:
        if isinstance(item, Group):
            a, b, c, d, e, f = item.transform
            _raster(texture, item.items, lambda x, y, a=a, b=b, c=c, d=d, e=e, f=f: to_mm(a * x + c * y + e, b * x + d * y + f), ppm, margin)
            continue
        if isinstance(item, Rect):
            points = [(item.x, item.y), (item.x + item.w, item.y), (item.x + item.w, item.y + item.h), (item.x, item.y + item.h)]
        elif isinstance(item, Circle):
            points = [(item.cx + item.r * math.cos(k * math.pi / 12), item.cy + item.r * math.sin(k * math.pi / 12)) for k in range(24)]
        elif isinstance(item, Polygon):
            points = list(item.points)
        else:
            continue
        mm = [to_mm(x, y) for x, y in points]
        closed = not isinstance(item, Polygon) or item.closed
        if item.paint.fill and closed:
            _fill(texture, mm, item.paint.fill, ppm, margin)
        if item.paint.stroke:
            width = item.paint.width * math.dist(to_mm(0, 0), to_mm(1, 0))
            _outline(texture, mm, item.paint.stroke, width, ppm, margin, closed)


def _px(points, ppm: float, margin: float) -> np.ndarray:
    return np.array([((x + margin) * ppm * 16, (y + margin) * ppm * 16) for x, y in points], np.int32)


def _colour(code: str) -> tuple[int, int, int]:
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


def _fill(texture: np.ndarray, points, code: str, ppm: float, margin: float) -> None:
    cv2.fillPoly(texture, [_px(points, ppm, margin)], _colour(code), cv2.LINE_AA, 4)


def _outline(texture: np.ndarray, points, code: str, width_mm: float, ppm: float, margin: float, closed: bool = True) -> None:
    cv2.polylines(texture, [_px(points, ppm, margin)], closed, _colour(code), max(1, int(round(width_mm * ppm))), cv2.LINE_AA, 4)


def _hex_art(texture: np.ndarray, terrain: Terrain, base: np.ndarray, cx: float, cy: float, s: float,
             rng: random.Random, px, shift: int, ppm: float) -> None:
    """A few marks in each hex, placed at random, so each hex of a terrain differs."""
    def mark(colour: np.ndarray, kind: str, x: float, y: float, r: float) -> None:
        if kind == "dot":
            cv2.circle(texture, px(x, y), int(r * ppm * (1 << shift)), _rgb(colour), -1, cv2.LINE_AA, shift)
        elif kind == "tri":
            pts = np.array([px(x, y - r), px(x - r, y + r), px(x + r, y + r)], np.int32)
            cv2.fillConvexPoly(texture, pts, _rgb(colour), cv2.LINE_AA, shift)
        else:
            pts = np.array([px(x - r + 2 * r * k / 6, y + 0.3 * r * math.sin(k * 1.6)) for k in range(7)], np.int32)
            cv2.polylines(texture, [pts], False, _rgb(colour), max(1, int(0.2 * r * ppm)), cv2.LINE_AA, shift)

    kinds = {Terrain.GRASS: ("wave", 0.85), Terrain.CANYON: ("wave", 0.7), Terrain.DESERT: ("dot", 1.2),
             Terrain.FLOWER: ("dot", 1.35), Terrain.FOREST: ("tri", 0.6), Terrain.WATER: ("wave", 1.25),
             Terrain.MOUNTAIN: ("tri", 0.7), Terrain.CASTLE: ("tri", 1.4)}
    kind, tone = kinds.get(terrain, ("dot", 0.8))
    for _ in range(rng.randint(2, 6)):
        angle, dist = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.6 * s)
        mark(np.clip(base * tone, 0, 255), kind, cx + dist * math.cos(angle), cy + dist * math.sin(angle), rng.uniform(0.08, 0.18) * s)
    if terrain.is_location or terrain is Terrain.CASTLE:
        cv2.circle(texture, px(cx, cy), int(0.5 * s * ppm * (1 << shift)), _rgb(base * 0.5), -1, cv2.LINE_AA, shift)


def _draw_marks(texture: np.ndarray, board: Board, rng: random.Random, ppm: float, margin: float, s: float,
                mm_centre) -> None:
    """Marks of the art unlike any of the kit's: on every hex 0 to 4 flowers, stones, dots or
    strokes of random shape, of a size up to half a piece (a house is 9 mm wide), half of them
    in a piece's colour, the rest in any colour."""
    one = 16

    def px(x: float, y: float) -> list[int]:
        return [int(round((x + margin) * ppm * one)), int(round((y + margin) * ppm * one))]

    colours = list(PIECE_COLOURS.values())
    for cell in hexgrid.cells(ROWS, COLS):
        cx, cy = mm_centre(cell)
        for _ in range(rng.randint(0, 4)):
            angle, dist = rng.uniform(0, 2 * math.pi), rng.uniform(0, 0.7 * s)
            x, y, r = cx + dist * math.cos(angle), cy + dist * math.sin(angle), rng.uniform(0.4, 2.25)
            colour = rng.choice(colours) if rng.random() < 0.5 else tuple(rng.randint(0, 255) for _ in range(3))
            shade = _rgb(np.array(colour, float) * rng.uniform(0.85, 1.1))
            kind = rng.choice(("disc", "ellipse", "star", "stroke"))
            if kind == "disc":
                cv2.circle(texture, px(x, y), int(r * ppm * one), shade, -1, cv2.LINE_AA, 4)
            elif kind == "ellipse":
                cv2.ellipse(texture, px(x, y), (int(r * ppm * one), int(r * rng.uniform(0.3, 0.8) * ppm * one)),
                            rng.uniform(0, 180), 0, 360, shade, -1, cv2.LINE_AA, 4)
            elif kind == "star":
                turn, points = rng.uniform(0, math.pi), rng.randint(4, 7)
                star = [px(x + (r if k % 2 == 0 else r * 0.45) * math.cos(turn + k * math.pi / points),
                           y + (r if k % 2 == 0 else r * 0.45) * math.sin(turn + k * math.pi / points)) for k in range(2 * points)]
                cv2.fillPoly(texture, [np.array(star, np.int32)], shade, cv2.LINE_AA, 4)
            else:
                turn = rng.uniform(0, math.pi)
                ends = [px(x - r * math.cos(turn), y - r * math.sin(turn)), px(x + r * math.cos(turn), y + r * math.sin(turn))]
                cv2.polylines(texture, [np.array(ends, np.int32)], False, shade, max(1, int(0.3 * r * ppm)), cv2.LINE_AA, 4)


def _rgb(colour) -> tuple[int, int, int]:
    return tuple(int(max(0, min(255, c))) for c in colour)  # type: ignore[return-value]


@dataclass
class _House:
    base: list[tuple[float, float]]  # footprint corners, mm
    wall: float
    ridge: float
    ridge_line: tuple[tuple[float, float], tuple[float, float]]


def _house(centre: tuple[float, float], style: Style, rng: random.Random) -> _House:
    w, d, wall, ridge = (size * style.piece_scale for size in style.house_mm)
    if style.tokens:
        wall, ridge = 2.0 * style.piece_scale, 2.5 * style.piece_scale
    cx, cy = centre[0] + rng.gauss(0, style.off_centre_mm), centre[1] + rng.gauss(0, style.off_centre_mm)
    a = rng.uniform(0, math.pi)
    ux, uy = math.cos(a), math.sin(a)
    vx, vy = -uy, ux
    base = [(cx + sx * w / 2 * ux + sy * d / 2 * vx, cy + sx * w / 2 * uy + sy * d / 2 * vy)
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    ridge_line = ((cx - w / 2 * ux, cy - w / 2 * uy), (cx + w / 2 * ux, cy + w / 2 * uy))
    return _House(base, wall, ridge, ridge_line)


def _sun(style: Style) -> np.ndarray:
    az, el = math.radians(style.sun[0]), math.radians(style.sun[1])
    # Direction the light travels: down into the table (z > 0) and sideways.
    return np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])


def _draw_shadows(texture: np.ndarray, houses: list[_House], style: Style, ppm: float, margin: float) -> None:
    light = _sun(style)
    mask = np.zeros(texture.shape[:2], np.uint8)
    for house in houses:
        corners = [(x, y, house.wall) for x, y in house.base] + [(x, y, house.ridge) for x, y in house.ridge_line]
        points = list(house.base) + [(x + light[0] / light[2] * h, y + light[1] / light[2] * h) for x, y, h in corners]
        hull = cv2.convexHull(np.array([((x + margin) * ppm, (y + margin) * ppm) for x, y in points], np.float32))
        cv2.fillConvexPoly(mask, hull.astype(np.int32), 255, cv2.LINE_AA)
    soft = cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), max(0.5, ppm * 0.6))
    texture[:] = np.clip(texture.astype(np.float32) * (1 - 0.45 * soft[:, :, None]), 0, 255)


def _draw_houses(image: np.ndarray, houses: list[_House], owners: list[int], colours: list[str],
                 camera: _Camera, style: Style) -> None:
    """Faces of every house, far ones first, shaded by the light."""
    light = _sun(style)
    centre = -np.linalg.pinv(camera.matrix[:, :3]) @ camera.matrix[:, 3]
    faces = []
    for house, owner in zip(houses, owners):
        colour = np.array(PIECE_COLOURS[colours[owner]], float)
        b = [np.array([x, y, 0.0]) for x, y in house.base]
        t = [np.array([x, y, -house.wall]) for x, y in house.base]
        r = [np.array([x, y, -house.ridge]) for x, y in house.ridge_line]
        polys = [[b[0], b[1], t[1], t[0]], [b[2], b[3], t[3], t[2]],          # long walls
                 [b[1], b[2], t[2], r[1], t[1]], [b[3], b[0], t[0], r[0], t[3]],  # gable ends
                 [t[0], t[1], r[1], r[0]], [t[2], t[3], r[0], r[1]]]          # roof
        if style.tokens:
            polys = [[t[0], t[1], t[2], t[3]]]
        for poly in polys:
            normal = np.cross(poly[1] - poly[0], poly[2] - poly[0])
            normal /= np.linalg.norm(normal) or 1
            middle = np.mean(poly, axis=0)
            if np.dot(normal, middle - centre) > 0:
                normal = -normal
            if np.dot(normal, centre - middle) <= 0:
                continue
            shade = 0.55 + 0.5 * max(0.0, float(np.dot(normal, -light)))
            faces.append((float(np.linalg.norm(middle - centre)), poly, colour * shade))
    faces.sort(key=lambda face: -face[0])
    for _, poly, colour in faces:
        pts = np.array([camera.project(*p) for p in poly]) * 16
        cv2.fillPoly(image, [pts.astype(np.int32)], tuple(float(min(255, c)) for c in colour), cv2.LINE_AA, 4)
        cv2.polylines(image, [pts.astype(np.int32)], True, tuple(float(c * 0.8) for c in colour), 1, cv2.LINE_AA, 4)


def _draw_markers(texture: np.ndarray, rng: random.Random, ppm: float, margin: float, board_w: float, board_h: float) -> None:
    """Kit scan markers laid outside each corner of the board, a little askew."""
    from pnp.scan.markers import CARD_MM, MARKER_MM, marker_cells

    places = [(0.0, 0.0, -1, -1), (board_w, 0.0, 1, -1), (0.0, board_h, -1, 1), (board_w, board_h, 1, 1)]
    for marker_id, (x, y, sx, sy) in zip(MARKER_IDS, places):
        cells = marker_cells(marker_id)  # 6x6 with the black border, True = black
        n = len(cells)
        side = MARKER_MM
        cx, cy = x + sx * (CARD_MM / 2 + rng.uniform(0, 2)), y + sy * (CARD_MM / 2 + rng.uniform(0, 2))
        angle = math.radians(rng.uniform(-4, 4))
        rot = np.array([[math.cos(angle), -math.sin(angle)], [math.sin(angle), math.cos(angle)]])
        white = CARD_MM / 2  # the card's white quiet zone all round
        quad = [rot @ np.array(p) for p in ((-white, -white), (white, -white), (white, white), (-white, white))]
        cv2.fillConvexPoly(texture, np.array([((cx + p[0] + margin) * ppm, (cy + p[1] + margin) * ppm) for p in quad], np.int32),
                           (250, 250, 250), cv2.LINE_AA)
        step = side / n
        for i in range(n):
            for j in range(n):
                if cells[i][j]:
                    corners = [(-side / 2 + j * step + a * step, -side / 2 + i * step + b * step) for a, b in ((0, 0), (1, 0), (1, 1), (0, 1))]
                    pts = [rot @ np.array(p) for p in corners]
                    cv2.fillConvexPoly(texture, np.array([((cx + p[0] + margin) * ppm * 16, (cy + p[1] + margin) * ppm * 16)
                                                          for p in pts], np.int32), (10, 10, 10), cv2.LINE_AA, 4)


def _spoil(image: np.ndarray, style: Style, nrng: np.random.Generator, rng: random.Random) -> np.ndarray:
    h, w = image.shape[:2]
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    xs, ys = xs / w - 0.5, ys / h - 0.5
    angle = rng.uniform(0, 2 * math.pi)
    light = 1 + style.light_gradient * (math.cos(angle) * xs + math.sin(angle) * ys) * 2
    light *= 1 - 0.25 * style.light_gradient * (xs ** 2 + ys ** 2) * 4  # vignetting
    image = image * light[:, :, None] * np.array(style.cast, np.float32)[None, None, :]
    if style.glare > 0:
        gx, gy, r = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h, rng.uniform(0.05, 0.15) * max(w, h)
        spot = np.exp(-(((xs + 0.5) * w - gx) ** 2 + ((ys + 0.5) * h - gy) ** 2) / (2 * r * r))
        image = image + 255 * style.glare * spot[:, :, None]
    if style.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), style.blur * max(w, h) / 1500)
    image = image + nrng.normal(0, style.noise, image.shape).astype(np.float32)
    return np.clip(image, 0, 255).astype(np.uint8)
