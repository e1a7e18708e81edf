"""The scanner's reading, stage by stage (`pnp.games.kingdom_builder.scan`): each stage tested
for what it does, on small made-up inputs or on one clean synthetic photo."""

from __future__ import annotations

import math

import numpy as np
import pytest

from pnp import hexgrid
from pnp.games.kingdom_builder.facts import UNBUILDABLE, Terrain
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF
from pnp.games.kingdom_builder.scan import (HexSamples, first_look, hex_light, oddness, place_grid, read_pieces,
                                            sample_hexes, spot_middles)
from pnp.games.kingdom_builder.scan_layout import W
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.sampling import DISC_CORE, disc
from pnp.scan.stats import Gaussian, log_rgb, robust_spread
from tests.kingdom_builder.test_scan import BOARD, photo_of

CELLS = list(hexgrid.cells(ROWS, COLS))


def test_log_colours_and_robust_spread():
    """Black stays finite; one outlier among five values moves the spread not at all: values
    1, 2, 3, 4, 100 have median 3 and deviations 2, 1, 0, 1, 97, whose median is 1: a spread of
    1.4826 (a normal distribution's standard deviation for that median deviation)."""
    assert np.isfinite(log_rgb(np.zeros(3))).all()
    assert log_rgb(np.array([1.0])) - log_rgb(np.array([0.5])) > math.log(1.9)  # a halving is nearly -log 2
    assert robust_spread(np.array([1.0, 2, 3, 4, 100]), 0.1) == np.float64(1.4826)
    assert robust_spread(np.array([5.0, 5, 5]), 0.1) == 0.1  # never below the floor


def test_a_gaussian_says_how_likely_rows_are():
    """Rows (0, 0), (2, 0), (0, 2), (2, 2): mean (1, 1), each channel's variance 4/3 (about
    the mean, over n - 1 = 3), none between them. At the mean the log density, less the
    constant, is -1/2 log det = -1/2 log 16/9; one spread (2 / 3 ** 0.5) off in one channel,
    1/2 less. A floor of 1 adds 1 to each variance: 7/3."""
    rows = np.array([[0.0, 0], [2, 0], [0, 2], [2, 2]])
    gaussian = Gaussian.fitted(rows, 0.0)
    assert gaussian.mean.tolist() == [1.0, 1.0]
    expected = [-0.5 * math.log(16 / 9), -0.5 * (1 + math.log(16 / 9))]
    assert gaussian.log_likelihood(np.array([[1.0, 1], [1 + 2 / 3 ** 0.5, 1]])) == pytest.approx(expected)
    assert Gaussian.fitted(rows, 1.0).log_likelihood(np.array([[1.0, 1]])) == pytest.approx([-0.5 * math.log(49 / 9)])


def test_a_discs_middle_comes_first():
    points = disc(10.0)
    radius = np.linalg.norm(points, axis=1)
    assert radius[:DISC_CORE].max() <= 5.0 + 1e-9 < radius[DISC_CORE:].min()


def test_the_spot_is_sampled_where_a_piece_stands_and_its_middle_picked_out():
    """A red dot of radius 0.75 x the spot's radius at each hex's centre, on grey: with no lean,
    every sample at a disc's middle (the centre and its inner ring at half the radius) is mostly
    red, every other (the outer ring, at the full radius) mostly grey (bilinear samples a pixel
    from the dot's edge mix the two); the rim, at 0.4 W, grey. Where the
    photo does not cover a hex's rim, the hex is not covered."""
    centres = np.array([[30.0 + 60 * n, 30.0] for n in range(3)])
    image = np.full((60, 180, 3), 0.5, np.float32)
    ys, xs = np.mgrid[0:60, 0:180]
    for x, y in centres:
        image[np.hypot(xs - x, ys - y) <= 0.75 * PARAMS.spot_radius * W] = (0.9, 0.1, 0.1)
    inside = np.ones((60, 180), bool)
    inside[:, 150:] = False  # the photo ends across the last hex's rim
    seen = sample_hexes(image, inside, centres, np.zeros_like(centres))
    middle = np.zeros(seen.spot.shape[1], bool)
    middle[spot_middles()] = True
    assert (seen.spot[:, middle, 0] > 0.7).all() and (seen.spot[:, ~middle, 0] < 0.7).all()
    assert np.allclose(seen.rim, 0.5, atol=0.01)
    assert seen.covered.tolist() == [True, True, False]


def board_samples(gain_per_col: float = 0.01) -> tuple[HexSamples, tuple]:
    """Every hex of BOARD plain in its terrain's colour (one colour per terrain, each a hue of
    its own), lit by a gain that grows smoothly from left to right: exp(gain_per_col x column)."""
    terrain = BOARD.terrain
    names = sorted({t.value for t in terrain})
    hues = [np.array([0.5 + 0.4 * math.cos(a), 0.5 + 0.4 * math.cos(a - 2.1), 0.5 + 0.4 * math.cos(a + 2.1)])
            for a in np.linspace(0, 2 * math.pi, len(names), endpoint=False)]
    colour = np.array([hues[names.index(t.value)] * 0.8 * math.exp(gain_per_col * col) for t, (_, col) in zip(terrain, CELLS)])
    return HexSamples(np.repeat(colour[:, None], 57, axis=1), np.repeat(colour[:, None], 24, axis=1),
                      np.ones(len(CELLS), bool)), terrain


def test_a_hexs_light_is_how_its_rim_differs_from_its_terrains_usual_rim():
    """Light growing by 0.01 (log) a column: two hexes of one terrain 5 columns apart differ in
    light by about 0.05 in every channel (a little less: log colours add a floor of 0.02 to
    each channel, which weighs on dark channels), and with their light taken out their spots
    are alike. No
    glare anywhere, no rim hidden. Then one hex's spot washed out white: it is glare, washed
    out (nothing left to read), its neighbours are beside glare."""
    seen, terrain = board_samples()
    readable = np.array([t not in UNBUILDABLE for t in terrain])
    lit = hex_light(seen, terrain, readable)
    grass = [i for i, t in enumerate(terrain) if t is Terrain.GRASS]
    a = min(grass, key=lambda i: CELLS[i][1])
    b = next(i for i in grass if CELLS[i][1] - CELLS[a][1] >= 5)
    assert CELLS[b][1] - CELLS[a][1] == 5
    assert np.allclose(lit.light[b] - lit.light[a], 0.05, atol=0.015)
    corrected = log_rgb(seen.spot) - lit.light[:, None, :]
    assert np.allclose(corrected[a], corrected[b], atol=1e-6)
    assert not lit.glare.any() and not lit.washed.any() and not lit.hidden_rim[readable].any()
    assert (lit.kind[~readable] == -1).all() and (lit.kind[readable] >= 0).all()
    white = grass[len(grass) // 2]
    seen.spot[white] = 1.0
    lit = hex_light(seen, terrain, readable)
    near = hexgrid.neighbour_table(ROWS, COLS)[white]
    assert np.flatnonzero(lit.glare).tolist() == np.flatnonzero(lit.washed).tolist() == [white]
    assert np.flatnonzero(lit.beside_glare).tolist() == sorted(near)


def test_oddness_is_in_robust_spreads_of_the_groups_fits():
    """Group 0's fits 10, 11, 9, 10, 30: median 10, median deviation 1, a spread of 1.4826, so
    the 30 is 20 / 1.4826 = 13.49 spreads worse. Group 1's fits all 5: its spread is the floor
    (`odd_floor`), nobody odd."""
    fit = np.array([10.0, 11, 9, 10, 30, 5, 5, 5])
    labels = np.array([0, 0, 0, 0, 0, 1, 1, 1])
    odd = oddness(fit, labels)
    assert abs(odd[4] - 20 / 1.4826) < 1e-9
    assert np.allclose(odd[:4], [0, 1 / 1.4826, -1 / 1.4826, 0]) and np.allclose(odd[5:], 0)


def test_the_first_look_learns_empty_terrain_only_from_empty_hexes_and_the_pieces_are_read():
    """On a clean photo (3 players, 40 settlements each): the hexes the first look gives the
    terrains' empty looks to learn from hold no piece, and the second reading finds every
    piece and whose it is."""
    colours = ["orange", "white", "blue"]
    photo = photo_of(1, colours)
    grid = place_grid(photo.image, photo.corners)
    readable = np.array([t not in UNBUILDABLE for t in BOARD.terrain])
    image = grid.straight.astype(np.float32) / 255.0
    seen = sample_hexes(image, grid.inside, grid.centres, grid.lean)
    lit = hex_light(seen, BOARD.terrain, readable)
    use = np.flatnonzero(readable & seen.covered)
    corrected = log_rgb(seen.spot[use]) - lit.light[use][:, None, :]
    turned = np.array([BOARD.placements[s].turned for s in SECTOR_OF])[use]
    first = first_look(image, grid.centres[use], corrected, lit, use, turned, colours)
    truth = np.array([photo.pieces.get(CELLS[i], -1) + 1 for i in use])
    assert first.empty.sum() > 100 and (truth[first.empty] == 0).all()
    pieces = read_pieces(seen.spot[use], corrected, lit, use, first, colours)
    assert (pieces.labels == truth).all()


def test_players_are_told_apart_jointly_not_piece_by_piece():
    """An overexposed photo, every colour 3 times brighter (cut off at white): black pieces
    become a light grey nearer white's reference than black's, and piece by piece both
    players would be white. Grouped, the two groups of grey and white go one to each player,
    the matching that fits best: nobody is swapped or merged."""
    from pnp.games.kingdom_builder.scan_colours import rgb
    from pnp.games.kingdom_builder.scan_models import as_hue, who

    rng = np.random.default_rng(0)
    declared = ["orange", "blue", "white", "black"]
    refs = np.array([rgb(c) for c in declared]) / 255
    truth = np.repeat(np.arange(4), 30)
    colours = log_rgb(np.clip(refs[truth] * 3.0 * rng.normal(1, 0.03, (len(truth), 3)), 0, 1))
    nearest = np.argmin(np.linalg.norm(as_hue(colours)[:, None] - as_hue(log_rgb(refs))[None], axis=2), axis=1)
    assert (nearest[truth == 3] == 2).mean() > 0.5  # piece by piece, black is mostly white
    assert (who(colours, declared, np.ones(len(truth), bool)) == truth).all()


def test_a_player_read_with_more_than_40_has_the_least_sure_ringed():
    """Player 1 read on 43 hexes, by margins 1 to 43; player 2 on 40. Nobody has more than 40
    settlements: player 1's 3 least sure (margins 1, 2, 3) are ringed, no one else's."""
    from pnp.games.kingdom_builder.scan import surplus

    whose = np.array([1] * 43 + [2] * 40 + [0] * 10)
    margin = np.concatenate([np.arange(43, 0, -1.0), np.ones(40), -np.ones(10)])
    assert np.flatnonzero(surplus(whose, margin, 2)).tolist() == [40, 41, 42]


def test_a_surplus_piece_is_unsure_between_its_player_and_none():
    import dataclasses

    from pnp.games.kingdom_builder.scan import _verdict
    from tests.kingdom_builder.test_scan import PIECE

    read = _verdict((0, 0), dataclasses.replace(PIECE, surplus=True))
    assert (read.key, read.sure, read.alternatives, read.reason) == ("1", False, ("1", None), "more than 40 read")
