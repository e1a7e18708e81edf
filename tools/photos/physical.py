"""Physically rendered photos of a finished Kingdom Builder board, for tuning and testing the scanner.

A second photo maker beside the flat one (`flat.py`), so the scanner is not only ever measured
on the maker it was tuned on. The board is the flat maker's board picture (the kit's print or
painted retail-like art) as the texture of a slightly glossy plane; the settlements are 3-D
meshes (wooden or plastic houses of a few shapes and sizes, or the kit's flat paper tokens)
standing on their hexes; a table, room light, a window and, in careless photos, a lamp whose
glare the glossy board catches; a phone camera (perspective, 65-75 degrees across, tilted,
any rotation), path-traced with Mitsuba 3 at a low sample count, then the phone's exposure,
sensor noise and JPEG. The phone exposes for the frame's brighter part, which can wash the
lightest terrain out white; photos as the tips say are exposed for the board instead
(tap to expose), so that nothing in the frame is blown out.

Mitsuba is a development tool only (`pip install -e '.[photos]'`). Rendered photos are cached
under `.cache/photos/` (git-ignored) as the JPEG the camera wrote, keyed by everything that makes
them, the renderer's variant included. `PNP_PHOTOS_VARIANT` picks the variant: `scalar_rgb` (the
default, any CPU, minutes a photo), `llvm_ad_rgb` (seconds a photo; needs LLVM 16 or later, e.g.
Debian's `libllvm19`, named by `DRJIT_LIBLLVM_PATH` where Mitsuba does not find it) or
`cuda_ad_rgb` (an NVIDIA GPU). The benchmark
(`tests/benchmarks/scan.py --maker physical`) numbers this maker's photos as the flat one's:
below 10000 for tuning, from 10000 on held out.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import random
import time
from dataclasses import asdict, dataclass
from pathlib import Path

import cv2
import numpy as np

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTION_SIZE, Board
from tools.photos.flat import PIECE_COLOURS, Photo, Style, _camera, _draw_board, _draw_kit_board, _table

Cell = tuple[int, int]

CACHE = Path(__file__).resolve().parents[2] / ".cache" / "photos" / "physical"
# bump a level's when the maker changes what it renders at that level, so cached photos are not reused
VERSION = {"clean": 3, "hard": 2}
CORNER_CELLS = ((0, 0), (0, COLS - 1), (ROWS - 1, 0), (ROWS - 1, COLS - 1))
VARIANT = os.environ.get("PNP_PHOTOS_VARIANT", "scalar_rgb")


@dataclass
class Scene:
    """Everything random about one rendered photo, drawn from the seed and the level."""

    camera: Style                 # the flat maker's camera and board fields (tilt, azimuth, roll, focal, fill, art)
    pieces: str                   # "wood", "plastic" or "token"
    piece_scale: float
    shapes: tuple[int, ...]       # which house shapes this set has (indices into _SHAPES)
    tints: dict[str, tuple[float, float, float]]  # each colour's shade in this set, sRGB 0-1
    gloss: float                  # roughness of the board's print (lower: sharper glare)
    border: tuple[int, int, int]  # the board's printed frame, sRGB
    table: tuple[float, float, float]
    room: tuple[float, float, float]     # constant room light, linear RGB
    window: tuple[float, float, float]   # window light: azimuth, elevation (degrees), strength
    window_tint: tuple[float, float, float]
    lamp: tuple[float, float, float] | None  # the lamp's glare point on the board (x, y mm) and height, or none
    lamp_tint: tuple[float, float, float]
    lamp_power: float             # the lamp's intensity (its light at 1 mm)
    noise: float                  # sensor noise at full scale, 0-255
    jpeg: int
    highlights_kept: bool         # exposed as the tips say: nothing in the frame blown out to white


def scene_for(rng: random.Random, level: str) -> Scene:
    hard = level == "hard"
    hfov = rng.uniform(65, 75)
    camera = Style(
        hex_mm=rng.choice([18.8, 18.8, 24.0]),
        tilt=rng.uniform(0, 28 if hard else 8),
        azimuth=rng.uniform(0, 360),
        roll=rng.uniform(0, 360),
        # the flat maker's camera takes a 35 mm focal length; 4:3 frame, so 34.6 mm across
        focal_35mm=17.3 / math.tan(math.radians(hfov / 2)),
        fill=rng.uniform(0.65, 0.92),
        section_shift_mm=rng.uniform(0.2, 1.0),
        outlines=rng.random() < 0.6,
        kit_art=rng.random() < 0.4,
    )
    pieces = rng.choices(["wood", "plastic", "token"], [0.6, 0.2, 0.2])[0]
    tints = {name: tuple(min(1.0, c / 255 * rng.uniform(0.85, 1.1)) for c in rgb) for name, rgb in sorted(PIECE_COLOURS.items())}
    warm = rng.uniform(-1, 1)  # light colour from cool daylight to warm bulbs
    room_tint = (1 + 0.15 * warm, 1.0, 1 - 0.2 * warm)
    room = rng.uniform(0.25, 0.6)
    lamp = None
    if hard and rng.random() < 0.8:
        lamp = (rng.uniform(0.15, 0.85), rng.uniform(0.15, 0.85), rng.uniform(500, 900))  # glare at this share of the board
    return Scene(
        camera=camera,
        pieces=pieces,
        piece_scale=rng.uniform(0.9, 1.15),
        shapes=tuple(sorted(rng.sample(range(len(_SHAPES)), rng.randint(1, 2)))),
        tints=tints,  # type: ignore[arg-type]
        gloss=rng.uniform(0.04, 0.15),
        border=rng.choice([(40, 60, 90), (230, 225, 210), (60, 45, 35), (250, 250, 250)]),
        table=rng.choice([(0.35, 0.2, 0.1), (0.5, 0.35, 0.2), (0.8, 0.8, 0.78), (0.15, 0.15, 0.16), (0.55, 0.5, 0.45)]),
        room=tuple(room * c for c in room_tint),  # type: ignore[arg-type]
        window=(rng.uniform(0, 360), rng.uniform(25, 65), rng.uniform(1.5, 4.0) if hard else rng.uniform(0.6, 1.5)),
        window_tint=(1 - 0.1 * warm, 1.0, 1 + 0.1 * rng.uniform(0, 1)),
        lamp=lamp,
        lamp_tint=(1.0, rng.uniform(0.75, 0.95), rng.uniform(0.45, 0.8)),
        lamp_power=rng.uniform(3e6, 8e6),
        noise=rng.uniform(3, 7) if hard else rng.uniform(1, 3),
        jpeg=rng.randint(60, 85) if hard else rng.randint(85, 95),
        highlights_kept=not hard,
    )


# House shapes, in millimetres at piece_scale 1: (width, depth, wall height, ridge height).
# The retail game's wooden houses are about 10 x 8 mm and 11 mm to the ridge.
_SHAPES = ((10.0, 8.0, 6.5, 11.0), (9.0, 7.5, 5.0, 9.0), (11.0, 7.0, 7.5, 11.5), (8.5, 8.5, 6.0, 10.5))


def make_photo(board: Board, pieces: dict[Cell, int], colours: list[str], seed: int,
               size: tuple[int, int] = (1600, 1200), level: str = "clean", spp: int = 9,
               cache: Path | None = CACHE) -> Photo:
    """A rendered photo of `board` with `pieces` (cell -> index into `colours`); the same
    interface and result as the flat maker's `make_photo`, so either can be measured. `spp`:
    samples per pixel, a square (the stratified sampler's grid)."""
    key = hashlib.sha256(repr((VERSION[level], VARIANT, [board.at(c).value for c in hexgrid.cells(ROWS, COLS)],
                               sorted(pieces.items()), colours, seed, size, level, spp)).encode()).hexdigest()[:24]
    if cache is not None and (cache / f"{key}.json").exists():
        facts = json.loads((cache / f"{key}.json").read_text())
        return _photo((cache / f"{key}.jpg").read_bytes(), [tuple(c) for c in facts["corners"]], pieces,
                      facts["hex_px"], Style(**facts["style"]))
    wall, cpu = time.perf_counter(), time.process_time()
    jpeg, corners, hex_px, style = shoot(board, pieces, colours, seed, size, level, spp)
    seconds = {"render_s": round(time.perf_counter() - wall, 1), "render_cpu_s": round(time.process_time() - cpu, 1)}
    if cache is not None:  # the facts last: a photo is cached once its facts are there
        _write(cache / f"{key}.jpg", jpeg)
        _write(cache / f"{key}.json", json.dumps({"corners": corners, "hex_px": hex_px, "style": asdict(style),
                                                  "variant": VARIANT, **seconds}).encode())
    return _photo(jpeg, corners, pieces, hex_px, style)


def _photo(jpeg: bytes, corners: list[tuple[float, float]], pieces: dict[Cell, int], hex_px: float, style: Style) -> Photo:
    image = cv2.cvtColor(cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR), cv2.COLOR_BGR2RGB)
    return Photo(image, corners, dict(pieces), hex_px, style)


def _write(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    os.replace(part, path)


def render(board: Board, pieces: dict[Cell, int], colours: list[str], seed: int, size: tuple[int, int],
           level: str, spp: int, scene: Scene | None = None) -> Photo:
    """The photo as the camera took it (not cached)."""
    jpeg, corners, hex_px, style = shoot(board, pieces, colours, seed, size, level, spp, scene)
    return _photo(jpeg, corners, pieces, hex_px, style)


def shoot(board: Board, pieces: dict[Cell, int], colours: list[str], seed: int, size: tuple[int, int],
          level: str, spp: int, scene: Scene | None = None) -> tuple[bytes, list[tuple[float, float]], float, Style]:
    """The camera's JPEG, the true pixel centres of the corner hexes, a hex's width in pixels, the camera."""
    import mitsuba as mi

    mi.set_variant(VARIANT)
    rng = random.Random(seed)
    scene = scene or scene_for(rng, level)
    nrng = np.random.default_rng(seed)
    width, height = size
    style = scene.camera
    s = style.hex_mm / math.sqrt(3)
    board_w, board_h = hexgrid.map_extent(ROWS, COLS, s)
    camera = _camera(style, width, height, board_w, board_h, markers=False)
    offsets = [(rng.gauss(0, style.section_shift_mm), rng.gauss(0, style.section_shift_mm)) for _ in range(4)]

    def mm_centre(cell: Cell) -> tuple[float, float]:
        x, y = hexgrid.centre(cell, s)
        dx, dy = offsets[hexgrid.sector(cell, SECTION_SIZE, SECTION_SIZE, 2)]
        return x + dx, y + dy

    objects: dict[str, object] = {
        "board": _board(board, scene, rng, nrng, camera.scale, s, board_w, board_h, mm_centre),
        "table": _table_plane(scene, nrng, board_w, board_h),
        "room": {"type": "constant", "radiance": {"type": "rgb", "value": list(scene.room)}},
    }
    objects.update(_lights(scene, camera, board_w, board_h))
    for player, name in enumerate(colours):
        mine = sorted(cell for cell, owner in pieces.items() if owner == player)
        if mine:
            objects[f"pieces-{player}"] = _pieces([mm_centre(cell) for cell in mine], scene, name, rng)
    objects["sensor"] = _sensor(camera, style, width, height, spp, seed)
    objects["integrator"] = {"type": "path", "max_depth": 2}  # direct light only: shadows and glare, at half the cost
    objects["type"] = "scene"
    linear = np.array(mi.render(mi.load_dict(objects), spp=spp), np.float32)[:, :, :3]
    image = _develop(linear, scene, nrng)
    corners = [_corner(camera, *mm_centre(cell)) for cell in CORNER_CELLS]
    ok, data = cv2.imencode(".jpg", cv2.cvtColor(image, cv2.COLOR_RGB2BGR), [cv2.IMWRITE_JPEG_QUALITY, scene.jpeg])
    assert ok
    return data.tobytes(), corners, camera.scale * style.hex_mm, style


def _corner(camera, x: float, y: float) -> tuple[float, float]:
    # The renderer's pixel (i, j) spans [i, i + 1); the flat maker's pixel centres are whole numbers.
    u, v = camera.project(x, y, 0.0)
    return u - 0.5, v - 0.5


def _world(x: float, y: float, up: float = 0.0) -> list[float]:
    """The flat maker's board millimetres (x right, y down the board) to the renderer's
    right-handed world with z up."""
    return [x, -y, up]


def _linear(srgb: float) -> float:
    return srgb / 12.92 if srgb <= 0.04045 else ((srgb + 0.055) / 1.055) ** 2.4


def _mesh(name: str, vertices: np.ndarray, faces: np.ndarray, bsdf: dict, uv: np.ndarray | None = None):
    import mitsuba as mi

    props = mi.Properties()
    props["bsdf"] = mi.load_dict(bsdf)
    mesh = mi.Mesh(name, len(vertices), len(faces), props=props, has_vertex_texcoords=uv is not None)
    params = mi.traverse(mesh)
    params["vertex_positions"] = vertices.astype(np.float32).ravel().tolist()
    params["faces"] = faces.astype(np.uint32).ravel().tolist()
    if uv is not None:
        params["vertex_texcoords"] = uv.astype(np.float32).ravel().tolist()
    params.update()
    return mesh


def _quad(corners_mm: list[tuple[float, float]], up: float) -> tuple[np.ndarray, np.ndarray]:
    vertices = np.array([_world(x, y, up) for x, y in corners_mm])
    return vertices, np.array([[0, 2, 1], [0, 3, 2]])  # facing up: the flipped y turns the winding


def _board(board: Board, scene: Scene, rng: random.Random, nrng: np.random.Generator, scale: float,
           s: float, board_w: float, board_h: float, mm_centre):
    """The board's picture, drawn by the flat maker, printed on a slightly glossy plane."""
    import mitsuba as mi

    margin = 6.0  # the sections' printed frame round the hexes
    ppm = max(2.0, min(8.0, 1.6 * scale))
    tex_w, tex_h = int((board_w + 2 * margin) * ppm), int((board_h + 2 * margin) * ppm)
    texture = np.empty((tex_h, tex_w, 3), np.uint8)
    texture[:] = scene.border
    if scene.camera.kit_art:
        _draw_kit_board(texture, board, ppm, margin, s, mm_centre)
    else:
        _draw_board(texture, board, scene.camera, rng, nrng, ppm, margin, s, mm_centre)
    w_mm, h_mm = tex_w / ppm, tex_h / ppm
    corners = [(-margin, -margin), (w_mm - margin, -margin), (w_mm - margin, h_mm - margin), (-margin, h_mm - margin)]
    vertices, faces = _quad(corners, 0.0)
    uv = np.array([[0, 0], [1, 0], [1, 1], [0, 1]])
    print_ = {"type": "bitmap", "bitmap": mi.Bitmap(np.ascontiguousarray(texture)), "filter_type": "bilinear"}
    bsdf = {"type": "roughplastic", "distribution": "ggx", "alpha": scene.gloss, "diffuse_reflectance": print_,
            "int_ior": 1.5, "nonlinear": True}
    return _mesh("board", vertices, faces, bsdf, uv)


def _table_plane(scene: Scene, nrng: np.random.Generator, board_w: float, board_h: float):
    import mitsuba as mi

    grain = _table(1024, 1024, nrng).astype(np.float32)
    grain = (0.5 + 0.5 * grain / grain.mean(axis=(0, 1))) * np.array(scene.table, np.float32) * 255
    bitmap = mi.Bitmap(np.ascontiguousarray(np.clip(grain, 0, 255).astype(np.uint8)))
    half = 1500.0
    corners = [(board_w / 2 - half, board_h / 2 - half), (board_w / 2 + half, board_h / 2 - half),
               (board_w / 2 + half, board_h / 2 + half), (board_w / 2 - half, board_h / 2 + half)]
    vertices, faces = _quad(corners, -2.0)  # the board's cardboard is 2 mm thick
    uv = np.array([[0, 0], [1, 0], [1, 1], [0, 1]])
    bsdf = {"type": "diffuse", "reflectance": {"type": "bitmap", "bitmap": bitmap}}
    return _mesh("table", vertices, faces, bsdf, uv)


def _lights(scene: Scene, camera, board_w: float, board_h: float) -> dict[str, object]:
    import mitsuba as mi

    centre = np.array(_world(board_w / 2, board_h / 2))
    az, el, strength = math.radians(scene.window[0]), math.radians(scene.window[1]), scene.window[2]
    toward = np.array([math.cos(az) * math.cos(el), math.sin(az) * math.cos(el), math.sin(el)])
    window = centre + 2500 * toward
    lights: dict[str, object] = {"window": {
        "type": "rectangle",
        "to_world": mi.ScalarTransform4f().look_at(origin=window.tolist(), target=centre.tolist(), up=[0, 0, 1])
        @ mi.ScalarTransform4f().scale([600, 900, 1]),
        "emitter": {"type": "area", "radiance": {"type": "rgb", "value": [strength * c for c in scene.window_tint]}},
    }}
    if scene.lamp is not None:
        # Put the lamp where the board mirrors it into the camera at the chosen point: glare there.
        gx, gy, rise = scene.lamp
        point = np.array(_world(gx * board_w, gy * board_h))
        eye = -np.linalg.pinv(camera.matrix[:, :3]) @ camera.matrix[:, 3]
        to_eye = np.array(_world(eye[0], eye[1], -eye[2])) - point
        mirrored = np.array([-to_eye[0], -to_eye[1], to_eye[2]])
        lamp = point + mirrored / mirrored[2] * rise
        # a point: no sampling noise from it; the glare's spread is the print's roughness
        lights["lamp"] = {"type": "point", "position": lamp.tolist(), "intensity": {"type": "rgb", "value": [
            scene.lamp_power * c for c in scene.lamp_tint]}}
    return lights


def _pieces(centres: list[tuple[float, float]], scene: Scene, colour: str, rng: random.Random):
    """One player's settlements as one mesh."""
    vertices: list[list[float]] = []
    faces: list[list[int]] = []
    for cx, cy in centres:
        x, y = cx + rng.gauss(0, 0.7), cy + rng.gauss(0, 0.7)
        angle = rng.uniform(0, math.pi)
        w, d, wall, ridge = (v * scene.piece_scale * rng.uniform(0.97, 1.03) for v in _SHAPES[rng.choice(scene.shapes)])
        if scene.pieces == "token":
            solid = _token(w * 1.1, 1.2 * scene.piece_scale)  # the kit's card tokens lie flat
        else:
            solid = _house(w, d, wall, ridge)
        c, s = math.cos(angle), math.sin(angle)
        start = len(vertices)
        for px, py, pz in solid[0]:
            vertices.append(_world(x + c * px - s * py, y + s * px + c * py, pz))
        faces.extend([[start + i for i in face] for face in solid[1]])
    tint = [_linear(v) for v in scene.tints[colour]]
    if scene.pieces == "plastic":
        bsdf = {"type": "roughplastic", "alpha": 0.15, "diffuse_reflectance": {"type": "rgb", "value": tint}}
    else:
        bsdf = {"type": "diffuse", "reflectance": {"type": "rgb", "value": tint}}
    return _mesh(f"pieces-{colour}", np.array(vertices), np.array(faces), bsdf)


def _solid(points: list[tuple[float, float, float]], polygons: list[list[int]]):
    """Triangles of a convex solid, each wound to face outwards in the renderer's world (whose
    flipped y turns the winding round; the renderer's materials are one-sided)."""
    array = np.array([_world(*point) for point in points])
    middle = array.mean(axis=0)
    triangles = []
    for polygon in polygons:
        for k in range(1, len(polygon) - 1):
            a, b, c = polygon[0], polygon[k], polygon[k + 1]
            normal = np.cross(array[b] - array[a], array[c] - array[a])
            triangles.append([a, b, c] if np.dot(normal, array[a] - middle) > 0 else [a, c, b])
    return points, triangles


def _house(w: float, d: float, wall: float, ridge: float):
    """A box with a gabled roof, ridge along its width."""
    base = [(-w / 2, -d / 2), (w / 2, -d / 2), (w / 2, d / 2), (-w / 2, d / 2)]
    points = [(x, y, 0.0) for x, y in base] + [(x, y, wall) for x, y in base] + [(-w / 2, 0.0, ridge), (w / 2, 0.0, ridge)]
    polygons = [[0, 1, 2, 3], [0, 1, 5, 4], [3, 2, 6, 7], [1, 2, 6, 9, 5], [0, 3, 7, 8, 4], [4, 5, 9, 8], [7, 6, 9, 8]]
    return _solid(points, polygons)


def _token(w: float, thick: float):
    """The kit's house-shaped card token, lying flat."""
    outline = [(-w / 2, w / 2), (w / 2, w / 2), (w / 2, 0.0), (0.0, -w / 2), (-w / 2, 0.0)]
    points = [(x, y, 0.0) for x, y in outline] + [(x, y, thick) for x, y in outline]
    n = len(outline)
    polygons = [list(range(n)), list(range(n, 2 * n))] + [[i, (i + 1) % n, n + (i + 1) % n, n + i] for i in range(n)]
    return _solid(points, polygons)


def _sensor(camera, style: Style, width: int, height: int, spp: int, seed: int) -> dict:
    import mitsuba as mi

    f = style.focal_35mm / 43.27 * math.hypot(width, height)  # as the flat maker's camera has it
    k = np.array([[f, 0, width / 2], [0, f, height / 2], [0, 0, 1.0]])
    rotation = np.linalg.inv(k) @ camera.matrix[:, :3]
    eye = -np.linalg.inv(camera.matrix[:, :3]) @ camera.matrix[:, 3]
    flip = np.diag([1.0, -1.0, -1.0])  # the flat maker's world (z into the table) to the renderer's
    right, down, forward = (flip @ axis for axis in rotation)
    to_world = np.eye(4)
    # The renderer's camera looks along its +z with +x to the image's left and +y up.
    to_world[:3, 0], to_world[:3, 1], to_world[:3, 2], to_world[:3, 3] = -right, -down, forward, flip @ eye
    return {"type": "perspective", "fov": math.degrees(2 * math.atan(width / 2 / f)), "fov_axis": "x",
            "to_world": mi.ScalarTransform4f(to_world.tolist()), "near_clip": 10.0, "far_clip": 20000.0,
            "film": {"type": "hdrfilm", "width": width, "height": height, "rfilter": {"type": "box"}},
            "sampler": {"type": "stratified", "sample_count": spp, "seed": seed}}


def _develop(linear: np.ndarray, scene: Scene, nrng: np.random.Generator) -> np.ndarray:
    """A phone's processing: exposure from the scene's brighter part (lowered, where the scene
    keeps its highlights, until the frame's brightest part is just short of white), a white
    balance that takes out most of the light's cast, sensor noise, sRGB."""
    lum = linear.mean(axis=2)
    exposure = 0.75 / max(1e-6, float(np.percentile(lum, 90)))
    grey = linear.reshape(-1, 3).mean(axis=0)
    balance = (grey.mean() / np.maximum(grey, 1e-6)) ** 0.7
    if scene.highlights_kept:
        exposure = min(exposure, 0.98 / max(1e-6, float(np.percentile((linear * balance).max(axis=2), 99))))
    image = np.clip(linear * exposure * balance, 0, None)
    # shot noise grows with the signal, read noise does not
    sigma = scene.noise / 255 * np.sqrt(np.clip(image, 0, 1) * 0.7 + 0.3)
    image = image + nrng.normal(0, 1, image.shape).astype(np.float32) * sigma
    image = np.clip(image, 0, 1)
    srgb = np.where(image <= 0.0031308, 12.92 * image, 1.055 * np.power(image, 1 / 2.4) - 0.055)
    return np.clip(srgb * 255 + 0.5, 0, 255).astype(np.uint8)
