"""The path-traced photo maker (a development tool: skipped where Mitsuba is not installed)."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS
from pnp.games.kingdom_builder.transcription import load_board

pytest.importorskip("mitsuba", reason="the physical photo maker needs the photos extra (pip install -e '.[photos]')")

from tools.photos import physical  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _consistency(photo, board, pieces, corners) -> float:
    """Share of empty hexes whose colour, sampled where the grid through `corners` puts their
    centres, is nearest the mean colour of their own terrain (means taken over the same
    samples). A grid on the hexes scores high; a grid a hex off mixes each terrain's samples
    with its neighbours' and scores low."""
    s = photo.style.hex_mm / math.sqrt(3)
    source = np.array([hexgrid.centre(cell, s) for cell in physical.CORNER_CELLS], np.float32)
    to_photo = cv2.getPerspectiveTransform(source, np.array(corners, np.float32))
    samples = []
    for cell in hexgrid.cells(ROWS, COLS):
        if cell in pieces or any(n in pieces for n in hexgrid.neighbours(cell)):
            continue
        u, v, w = to_photo @ np.array([*hexgrid.centre(cell, s), 1.0])
        x, y = int(round(u / w)), int(round(v / w))
        samples.append((board.at(cell), photo.image[y - 1:y + 2, x - 1:x + 2].reshape(-1, 3).mean(axis=0)))
    groups = defaultdict(list)
    for terrain, colour in samples:
        groups[terrain].append(colour)
    means = {terrain: np.mean(colours, axis=0) for terrain, colours in groups.items()}
    nearest = [min(means, key=lambda t: float(np.linalg.norm(means[t] - colour))) for _, colour in samples]
    return sum(t == terrain for t, (terrain, _) in zip(nearest, samples)) / len(samples)


def test_tiny_render_puts_the_corners_on_the_corner_hexes_and_repeats_for_a_seed():
    board = load_board(["tavern", "paddock", "oasis", "farm@180"], [None] * 4, "test", ROOT / "boards")
    pieces = {(5, 5): 0, (12, 14): 1}
    scene = physical.scene_for(random.Random(3), "clean")
    scene.camera.kit_art = False  # the painted art: each hex one colour, no icon in its middle
    photo = physical.render(board, pieces, ["orange", "blue"], 3, (160, 120), "clean", 4, scene=scene)
    again = physical.render(board, pieces, ["orange", "blue"], 3, (160, 120), "clean", 4, scene=scene)
    assert photo.image.shape == (120, 160, 3)
    assert np.array_equal(photo.image, again.image) and photo.corners == again.corners
    # The four corners span the board: every corner inside the frame.
    assert all(0 <= x < 160 and 0 <= y < 120 for x, y in photo.corners)
    right = _consistency(photo, board, pieces, photo.corners)
    # The same grid moved one hex to the right (the vector from A1 to A2, in pixels): the
    # check must tell it from the true one.
    a1, a20 = np.array(photo.corners[0]), np.array(photo.corners[1])
    step = (a20 - a1) / (COLS - 1)
    shifted = _consistency(photo, board, pieces, [tuple(np.array(c) + step) for c in photo.corners])
    assert right >= 0.85, right
    assert shifted < right - 0.2, (right, shifted)


@pytest.mark.parametrize("level, clipped", [("clean", False), ("hard", True)])
def test_photos_as_the_tips_say_keep_the_light_terrain_from_washing_out(level, clipped):
    """The tips ask for a photo whose lightest hexes keep their colour. A frame 93 % dark table
    (linear 0.2) and 7 % light desert (0.5): the phone's exposure puts the frame's 90th
    percentile (the table) at 0.75, so the desert comes out at 1.9, clipped white; kept from
    that, the brightest 1 % lands at 0.98 (sRGB 252), short of white."""
    linear = np.full((100, 100, 3), 0.2, np.float32)
    linear[:7] = 0.5
    scene = physical.scene_for(random.Random(3), level)
    image = physical._develop(linear, scene, np.random.default_rng(3))
    white = (image[:7] == 255).all(axis=2).mean()
    assert (white == 1.0) if clipped else (white < 0.05), white
