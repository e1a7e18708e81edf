"""Print-shop images as a prepress check reads them: every face exactly (trim + 2 x bleed) x dpi
pixels, its colour running through the bleed to its edges, text and symbols in the safe area,
The Game Crafter's poker-card template filled, an embedded sRGB profile and the resolution in
every PNG, and a manifest pairing each front with its back."""

from __future__ import annotations

import csv
import io
import json
import math
import struct
import zlib
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import Circle, Polygon, Rect, Text, apply, flat, outset
from pnp.export import faces, pod, run
from pnp.export.raster import Frame, pixels_per_metre, rasterize
from pnp.render import fonts
from tests.print.test_kits import _glyph_corners, _walk

runner = CliRunner()
GAMES = ("kingdom-builder", "great-wall", "carolus-magnus")
SAFE = 3.0  # mm inside the trim that text and symbols keep to
# mm inside the trim where "the colour at the edge" is read: clear of lines drawn on the cut, and
# at three depths, so that a thin line of a pattern (a board's waves) hides it at one at most
INSIDE = (0.6, 1.0, 1.4)
NEAR = 0.5  # mm: where two edges are this nearly as near, the colour just inside either may show beyond


@pytest.fixture(scope="module", params=GAMES)
def pod_export(request, tmp_path_factory) -> tuple[str, Path]:
    out = tmp_path_factory.mktemp("pod") / "out"
    result = runner.invoke(app, ["export", request.param, "--to", "pod", "--out", str(out)])  # 300 DPI, 3 mm
    assert result.exit_code == 0, result.output
    return request.param, out


def _faces(game: str, lang: str = "en") -> list[faces.Face]:
    return faces.faces(run._pieces(run.Request(game, "pod", lang=lang)))


def _corners(shape: Rect | Polygon) -> np.ndarray:
    if isinstance(shape, Rect):
        return np.array([(shape.x, shape.y), (shape.x + shape.w, shape.y), (shape.x + shape.w, shape.y + shape.h),
                         (shape.x, shape.y + shape.h)], float)
    return np.array(shape.points, float)


def _mask(shape: Rect | Circle | Polygon, frame: Frame, scale: float) -> np.ndarray:
    """Which pixels' centres lie inside a shape (in the drawing's millimetres)."""
    import cv2

    bits = 8  # subpixel precision of cv2's drawing
    mask = np.zeros((frame.height_px, frame.width_px), np.uint8)

    def px(x: float, y: float) -> list[int]:
        return [round(((x + frame.bleed[0]) * scale - 0.5) * (1 << bits)), round(((y + frame.bleed[1]) * scale - 0.5) * (1 << bits))]

    if isinstance(shape, Circle):
        cv2.circle(mask, px(shape.cx, shape.cy), round(shape.r * scale * (1 << bits)), 1, -1, cv2.LINE_8, bits)
    else:
        cv2.fillPoly(mask, [np.array([px(x, y) for x, y in _corners(shape)], np.int32)], 1, cv2.LINE_8, bits)
    return mask.astype(bool)


def _edges_inside(outline: Rect | Circle | Polygon, p: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For points outside the outline: each edge's distance (points x edges), and the points each
    INSIDE depth within the edge from its nearest point, kept from the edge's ends by as much
    (points x edges x depths x 2)."""
    depths = np.array(INSIDE)
    if isinstance(outline, Circle):
        centre = np.array([outline.cx, outline.cy])
        away = p - centre
        length = np.linalg.norm(away, axis=1, keepdims=True)
        inside = centre + (away / length)[:, None, :] * (outline.r - depths)[None, :, None]
        return length - outline.r, inside[:, None]
    corners = _corners(outline)
    turning = np.sum(corners[:, 0] * np.roll(corners[:, 1], -1) - np.roll(corners[:, 0], -1) * corners[:, 1])
    distances, samples = [], []
    for a, b in zip(corners, np.roll(corners, -1, axis=0)):
        along = b - a
        length = float(np.hypot(*along))
        unit = along / length
        inward = np.array([-unit[1], unit[0]]) * (1 if turning > 0 else -1)
        t = np.clip((p - a) @ unit, 0, length)
        distances.append(np.linalg.norm(p - (a + t[:, None] * unit), axis=1))
        kept = np.clip(t[:, None], np.minimum(depths, length / 2), np.maximum(length - depths, length / 2))
        samples.append(a + kept[..., None] * unit + depths[None, :, None] * inward)
    return np.stack(distances, axis=1), np.stack(samples, axis=1)


def edge_colours(image: np.ndarray, frame: Frame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The outer band of a face's image: its outer 2 % (of the shorter side; no deeper than half
    the bleed, clear of what is drawn on the cut itself) all along the edges of the image, or of a
    shaped piece's bleed (its outline grown by the bleed, less a pixel of its anti-aliased rim).
    For each band pixel: its colour, the colours just inside the trim at the edges nearest it
    (only the nearest, or those within NEAR of as near), and whether each of those counts."""
    scale = frame.width_px / frame.width_mm
    drawing, bleed = frame.drawing, min(frame.bleed)
    depth = min(0.02 * min(frame.width_px, frame.height_px) / scale, bleed / 2)
    if frame.clip is None:
        band = ~_mask(outset(drawing.outline, bleed - depth), frame, scale)
    else:
        band = _mask(outset(drawing.outline, bleed - 1 / scale), frame, scale) & ~_mask(outset(drawing.outline, bleed - depth), frame, scale)
    rows, cols = np.nonzero(band)
    points = np.stack([(cols + 0.5) / scale - frame.bleed[0], (rows + 0.5) / scale - frame.bleed[1]], axis=1)
    distances, samples = _edges_inside(drawing.outline, points)
    counts = distances <= distances.min(axis=1, keepdims=True) + NEAR
    sample_cols = np.clip(np.floor((samples[..., 0] + frame.bleed[0]) * scale).astype(int), 0, frame.width_px - 1)
    sample_rows = np.clip(np.floor((samples[..., 1] + frame.bleed[1]) * scale).astype(int), 0, frame.height_px - 1)
    return image[rows, cols].astype(int), image[sample_rows, sample_cols].astype(int), counts


def band_colours(image: np.ndarray, frame: Frame) -> tuple[float, float, float]:
    """The share of the band showing the colour just inside the trim beside it (within 8 levels
    of 255 on every channel: anti-aliasing only), the share that is white, and the share that is
    white where the colour beside it is not."""
    got, inside, counts = edge_colours(image, frame)  # inside: points x edges x depths x channels
    close = (np.abs(got[:, None, None, :] - inside).max(axis=3) <= 8).any(axis=2) & counts
    white = got.min(axis=1) >= 250
    beside_white = ((inside.min(axis=3) >= 250).any(axis=2) & counts).any(axis=1)
    return float(close.any(axis=1).mean()), float(white.mean()), float((white & ~beside_white).mean())


def test_the_band_tells_a_white_bleed_from_a_coloured_one():
    """The measure itself: Kingdom Builder's terrain-card back as the kit's page has it (abutting
    cards keep a white frame inside the trim, so their bleed is white) is white all along its
    band; the same card as the export takes it, cut on its own, shows its blue there."""
    from pnp.games.kingdom_builder.components import catalog, terrain_back
    from pnp.render.pieces import cut_alone

    on_page = terrain_back(catalog("en"))
    frames = [pod.frame(d, True, pod.Settings()) for d in (on_page, cut_alone(on_page))]
    framed, alone = (band_colours(image, f) for image, f in zip(rasterize(frames), frames))
    assert framed[1] == 1.0
    assert alone == (1.0, 0.0, 0.0)


def test_every_face_is_its_size_and_its_colour_runs_through_the_bleed(pod_export):
    """Every face of every game's pod export: exactly (trim + 2 x 3 mm) / 25.4 x 300 px, and in
    the band along its edges the colour just inside its trim (a card's background, a token's, a
    board section's terrain hex by hex, a die net's face or glue tab), never white where that is
    not. Cards' bands match everywhere and are never white; shaped pieces may differ where two
    colours meet beyond their cut (board hexes, the die's faces and tabs): at most 1 %. The gold
    track and the scan markers are white paper at their edges (the markers need a white margin to
    be found in a photo), and so is their band."""
    import cv2

    game, out = pod_export
    for face in _faces(game):
        d = face.drawing
        frame = pod.frame(d, face.card, pod.Settings())
        image = cv2.imread(str(out / f"{d.name}.png"))
        # A 63 x 88 mm card: (63 + 6) / 25.4 * 300 = 814.96 -> 815 by (88 + 6) / 25.4 * 300 = 1110.2 -> 1110.
        assert image.shape == (round((d.height + 6) / 25.4 * 300), round((d.width + 6) / 25.4 * 300), 3), d.name
        matching, white, white_beside_colour = band_colours(image, frame)
        if face.card:
            assert (matching, white) == (1.0, 0.0), (d.name, matching, white)
        else:
            assert matching >= 0.99 and white_beside_colour == 0.0, (d.name, matching, white_beside_colour)


@pytest.mark.parametrize("game", GAMES)
def test_tgc_cards_fill_the_poker_card_template_to_its_edges(game):
    """The Game Crafter's poker card: 825 x 1125 px at 300 DPI (2.75 x 3.75 in: a 2.5 x 3.5 in
    trim with 1/8 in bleed), colour to the template's edges. Its safe area is 1/8 in inside its
    trim, 1/4 in (6.35 mm) from the template's edge; the kit's 63 x 88 mm card centred in it has
    (69.85 - 63) / 2 = 3.425 mm and (95.25 - 88) / 2 = 3.625 mm beside it, so what keeps SAFE
    inside the card keeps 6.425 mm from the template's edge."""
    settings = pod.Settings(300, 3.0, "tgc")
    cards = [f for f in _faces(game) if f.card]
    frames = [pod.frame(f.drawing, True, settings) for f in cards]
    assert {(f.width_px, f.height_px) for f in frames} == {(825, 1125)}
    assert min(min(f.bleed) for f in frames) + SAFE >= 0.25 * 25.4
    for face, frame, image in zip(cards, frames, rasterize(frames)):
        assert image.shape == (1125, 825, 3)
        assert band_colours(image, frame) == (1.0, 0.0, 0.0), face.drawing.name


@pytest.mark.parametrize("lang", ["en", "ru", "fa"])
def test_card_text_and_symbols_keep_3mm_inside_the_trim(lang):
    """A shop cuts within 1.5 mm of the trim: every card's text (its glyphs as shaped) and every
    mark on it other than its background stay SAFE inside the trim, in every language."""
    for game in GAMES:
        for face in (f for f in _faces(game, lang) if f.card):
            d = face.drawing
            background = d.items[0]  # the card's background, running through the bleed
            for item, matrix in _walk(d.items[1:]):
                if isinstance(item, Text):
                    points = [apply(matrix, c) for c in _glyph_corners(item, fonts.layout(item))]
                    left, top = min(x for x, _ in points), min(y for _, y in points)
                    right, bottom = max(x for x, _ in points), max(y for _, y in points)
                    what = item.text[:30]
                else:
                    (laid,) = flat((item,), matrix)
                    left, top, right, bottom = laid.box
                    what = item
                margin = min(left, top, d.width - right, d.height - bottom)
                assert margin >= SAFE - 1e-9, (lang, d.name, what, round(margin, 2))
            assert isinstance(background, Rect) and background.x < 0 and background.paint.bulk, d.name


def _chunks(data: bytes) -> dict[bytes, bytes]:
    chunks, at = {}, 8
    while at < len(data):
        length = struct.unpack(">I", data[at:at + 4])[0]
        chunks[data[at + 4:at + 8]] = data[at + 8:at + 8 + length]
        at += 12 + length
    return chunks


def test_every_png_embeds_an_srgb_profile_and_its_resolution(pod_export):
    """An iCCP chunk (a profile named sRGB, zlib-compressed, that LittleCMS reads as sRGB) and no
    sRGB chunk beside it (PNG: at most one of the two); pHYs of 11811 px/m, the nearest whole
    number to 300 DPI (11811.02), which reads back as 11811 x 0.0254 = 299.9994 DPI."""
    from PIL import Image, ImageCms

    _, out = pod_export
    images = sorted(out.glob("*.png"))
    assert images
    for path in images:
        chunks = _chunks(path.read_bytes())
        assert b"iCCP" in chunks and b"pHYs" in chunks and b"sRGB" not in chunks, path.name
        name, _, compressed = chunks[b"iCCP"].partition(b"\x00")
        profile = zlib.decompress(compressed[1:])
        assert name == b"sRGB" and compressed[0] == 0 and len(profile) == 736
        assert struct.unpack(">IIB", chunks[b"pHYs"]) == (11811, 11811, 1)
    with Image.open(images[0]) as image:
        assert image.info["dpi"] == pytest.approx((299.9994, 299.9994), abs=1e-4)
        read = ImageCms.ImageCmsProfile(io.BytesIO(image.info["icc_profile"]))
        assert ImageCms.getProfileDescription(read).strip() == "sRGB"
        assert read.profile.xcolor_space.strip() == "RGB"


def test_pixels_per_metre_read_back_as_near_the_dpi_as_whole_numbers_allow():
    # One px/m more or less moves the reading by 0.0254 DPI: the nearest is within half of that.
    for dpi in range(72, 1201):
        assert abs(pixels_per_metre(dpi) * 0.0254 - dpi) <= 0.0127
    assert pixels_per_metre(300) == 11811 and pixels_per_metre(254) * 0.0254 == pytest.approx(254, abs=1e-9)


# Pieces per game worked out from the kits' contents (the cover's list): Kingdom Builder 8 sections,
# 25 terrain cards, 10 Kingdom Builder cards, 8 location summaries, 28 location tiles (2 per
# location hex: 2 + 4 + 4 + 4 + 2 + 4 + 4 + 4), 1 start-player tile, 4 gold and 8 +100 markers, the
# gold track, 4 scan markers and the turn summary card; Great Wall 100 wall cards, 36 favour tokens
# (2 + 6 + 7 + 7 + 8 + 4 + 2), 5 reference and 5 turn cards and the set-up card; Carolus Magnus 15
# segments, 4 courts, 25 discs, 5 clan markers, the Emperor, 30 castles, 4 dice and 2 player aids
# for each of 4 players (round / turn, majorities / set-up).
PIECES = {"kingdom-builder": 8 + 25 + 10 + 8 + 28 + 1 + 4 + 8 + 1 + 4 + 1, "great-wall": 100 + 36 + 5 + 5 + 1,
          "carolus-magnus": 15 + 4 + 25 + 5 + 1 + 30 + 4 + 2 * 4}
DECKS = {"kingdom-builder": {"terrain cards (5 per terrain)": 25, "Kingdom Builder cards": 10, "location summary cards": 8,
                            "turn summary card": 1},
         "great-wall": {"Red": 20, "Blue": 20, "Green": 20, "Yellow": 20, "Purple": 20,
                        "reference cards (card types / success check)": 5, "turn summary cards (turn / end of the game)": 5,
                        "set-up card (set-up / end of the game)": 1},
         "carolus-magnus": {"A round": 4, "Majorities": 4}}


def test_the_manifest_pairs_every_front_with_its_back(pod_export):
    game, out = pod_export
    rows = json.loads((out / "manifest.json").read_text())["pieces"]
    table = list(csv.DictReader((out / "manifest.csv").open(encoding="utf-8")))
    assert [r["front"] for r in table] == [r["front"] for r in rows]
    assert [(r["back"] or None, r["deck"] or None, int(r["copies"])) for r in table] == \
        [(r["back"], r["deck"], r["copies"]) for r in rows]
    # Every front's back is in the folder, and every image is some piece's front or back.
    named = {r["front"] for r in rows} | {r["back"] for r in rows if r["back"]}
    assert named == {p.name for p in out.glob("*.png")}
    assert sum(r["copies"] for r in rows) == PIECES[game]
    decks: dict[str, int] = {}
    backs: dict[str, set] = {}
    for r in rows:
        if r["deck"]:
            decks[r["deck"]] = decks.get(r["deck"], 0) + r["copies"]
            backs.setdefault(r["deck"], set()).add(r["back"])
    assert decks == DECKS[game]
    assert all(len(b) == 1 for b in backs.values()), backs  # a deck's cards share their back
    if game == "great-wall":
        assert {r["deck"]: r["back"] for r in rows if r["deck"] == "Red"} == {"Red": "wall-card-back-red.png"}
        assert all(r["component"] == "wall cards (5 colours × 20)" for r in rows if r["deck"] in ("Red", "Blue"))
    if game == "kingdom-builder":  # alike on both sides: its own back; single-sided: none
        by_front = {r["front"]: r for r in rows}
        assert by_front["gold-marker-blue.png"]["back"] == "gold-marker-blue.png"
        assert by_front["section-kb2-1000-barn.png"]["back"] is None
        assert by_front["terrain-card-grass.png"]["back"] == "terrain-card-back.png"
    # Front and back of a piece are the same size; a row gives the image's pixels and DPI.
    for r in rows:
        assert (r["width_px"], r["height_px"]) == (round((r["trim_width_mm"] + 6) / 25.4 * 300),
                                                   round((r["trim_height_mm"] + 6) / 25.4 * 300)) and r["dpi"] == 300
        assert math.isclose(r["bleed_x_mm"], 3.0) and math.isclose(r["bleed_y_mm"], 3.0)
