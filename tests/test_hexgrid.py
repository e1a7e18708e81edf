"""The odd-r geometry facts of the Kingdom Builder digest ("Board geometry")."""

import math

import pytest

from pnp import hexgrid


def digest_neighbours(r: int, c: int) -> set[tuple[int, int]]:
    """The neighbour rule exactly as the digest states it."""
    same_row = {(r, c - 1), (r, c + 1)}
    if r % 2 == 0:
        return same_row | {(r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)}
    return same_row | {(r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)}


@pytest.mark.parametrize("cell", [(0, 0), (4, 7), (5, 7), (10, 10), (19, 19), (18, 0), (1, 19)])
def test_neighbours_follow_the_digest(cell):
    assert set(hexgrid.neighbours(cell)) == digest_neighbours(*cell)


def test_every_direction_is_one_step_and_has_an_opposite():
    for cell in hexgrid.cells(6, 6):
        for index, (name, _) in enumerate(hexgrid.DIRECTIONS):
            there = hexgrid.step(cell, name)
            assert hexgrid.distance(cell, there) == 1
            opposite = hexgrid.DIRECTIONS[(index + 3) % 6][0]
            assert hexgrid.step(there, opposite) == cell


def test_straight_line_alternates_columns_across_rows():
    # Going south-east from even row 2, col 2: (3, 2) by the digest's even-row rule (r+1, c),
    # then from odd row 3 the odd-row rule (r+1, c+1) gives (4, 3), then (5, 3).
    line = [hexgrid.step((2, 2), "SE", k) for k in range(4)]
    assert line == [(2, 2), (3, 2), (4, 3), (5, 3)]
    # East stays on the row.
    assert [hexgrid.step((7, 1), "E", k) for k in range(3)] == [(7, 1), (7, 2), (7, 3)]


@pytest.mark.parametrize("cell, expected", [((0, 0), 0), ((9, 9), 0), ((0, 10), 1), ((10, 0), 2), ((19, 19), 3), ((12, 15), 3)])
def test_sectors_are_the_four_sections(cell, expected):
    assert hexgrid.sector(cell, 10, 10, 2) == expected


@pytest.mark.parametrize("cell, edge", [((0, 5), True), ((5, 0), True), ((19, 5), True), ((5, 19), True), ((1, 1), False), ((18, 18), False)])
def test_board_edge_is_the_outer_border(cell, edge):
    assert hexgrid.is_edge(cell, 20, 20) is edge


def test_turning_a_section_maps_i_j_to_9_minus_i_9_minus_j_and_keeps_neighbours():
    assert hexgrid.turn_180((0, 0), 10, 10) == (9, 9)
    assert hexgrid.turn_180((2, 7), 10, 10) == (7, 2)
    # With 10 rows the turned section is still odd-r: neighbours stay neighbours.
    for cell in hexgrid.cells(10, 10):
        turned = hexgrid.turn_180(cell, 10, 10)
        for n in hexgrid.neighbours(cell):
            assert hexgrid.distance(turned, hexgrid.turn_180(n, 10, 10)) == 1


def test_neighbour_table_matches_neighbours_in_bounds():
    table = hexgrid.neighbour_table(20, 20)
    assert len(table) == 400
    assert sorted(table[0]) == [1, 20]  # (0,0): (0,1) and (1,0) only
    assert len(table[5 * 20 + 5]) == 6


def test_pixel_centres_are_one_hex_width_apart_and_odd_rows_shift_half_a_hex():
    size = 10.0
    width = math.sqrt(3) * size
    assert hexgrid.centre((0, 0), size) == pytest.approx((width / 2, size))
    assert hexgrid.centre((1, 0), size) == pytest.approx((width, 2.5 * size))
    for n in hexgrid.neighbours((4, 4)):
        ax, ay = hexgrid.centre((4, 4), size)
        bx, by = hexgrid.centre(n, size)
        assert math.hypot(ax - bx, ay - by) == pytest.approx(width)
    for x, y in hexgrid.corners((3, 3), size):
        cx, cy = hexgrid.centre((3, 3), size)
        assert math.hypot(x - cx, y - cy) == pytest.approx(size)
    # 10 columns plus the half-hex shift of odd rows.
    assert hexgrid.map_extent(10, 10, size) == pytest.approx((10.5 * width, 1.5 * size * 9 + 2 * size))
