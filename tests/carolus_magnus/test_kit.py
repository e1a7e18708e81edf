"""The Carolus Magnus kit: segments that join edge to edge, contents, text, the command."""

import itertools
import math
from collections import Counter

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import texts
from pnp.games.carolus_magnus import components as c, kit
from pnp.render import fonts
from pnp.render.i18n import LANGUAGES

runner = CliRunner()


def edges(points):
    return list(zip(points, points[1:] + points[:1]))


def join(a, b, edge_a, edge_b):
    """Move shape b so that its edge_b lies on a's edge_a, run the other way (as two pieces
    side by side); return b's moved points."""
    (p1, p2), (q1, q2) = edges(list(a))[edge_a], edges(list(b))[edge_b]
    angle = math.atan2(p1[1] - p2[1], p1[0] - p2[0]) - math.atan2(q2[1] - q1[1], q2[0] - q1[0])
    cos, sin = math.cos(angle), math.sin(angle)

    def move(point):
        x, y = point[0] - q1[0], point[1] - q1[1]
        return (p2[0] + x * cos - y * sin, p2[1] + x * sin + y * cos)

    return [move(p) for p in b]


def side(point, line):
    (x1, y1), (x2, y2) = line
    return (x2 - x1) * (point[1] - y1) - (y2 - y1) * (point[0] - x1)


@pytest.mark.parametrize("first, second", list(itertools.product(c.SHAPES, repeat=2)))
def test_any_two_segment_shapes_join_edge_to_edge(first, second):
    a, b = c.SHAPES[first], c.SHAPES[second]
    joinable = 0
    for i, (p1, p2) in enumerate(edges(list(a))):
        for j, (q1, q2) in enumerate(edges(list(b))):
            if not math.isclose(math.dist(p1, p2), c.EDGE) or not math.isclose(math.dist(q1, q2), c.EDGE):
                continue
            moved = join(a, b, i, j)
            line = (p1, p2)
            # The shared edge coincides, and the two convex pieces lie on opposite sides of it:
            # they touch along the whole edge without overlapping.
            assert {tuple(round(v, 6) for v in p) for p in (moved[j], moved[(j + 1) % len(b)])} == \
                   {tuple(round(v, 6) for v in p) for p in (p1, p2)}
            sides_a = [side(p, line) for p in a]
            sides_b = [side(p, line) for p in moved]
            assert (max(sides_a) <= 1e-6 and min(sides_b) >= -1e-6) or (min(sides_a) >= -1e-6 and max(sides_b) <= 1e-6)
            joinable += 1
    assert joinable >= 1


def test_every_shape_is_convex_and_has_edges_of_the_common_length():
    for points in c.SHAPES.values():
        turns = [side(points[(i + 2) % len(points)], (points[i], points[(i + 1) % len(points)])) for i in range(len(points))]
        assert all(t > 0 for t in turns) or all(t < 0 for t in turns)
        assert sum(math.isclose(math.dist(p, q), c.EDGE) for p, q in edges(list(points))) >= 3


def test_kit_contents():
    t = c.catalog("en")
    sheets = kit.sheets(t, "a4", None, True)
    names = Counter(d.name for s in sheets for d in s.fronts)
    assert sum(n for k, n in names.items() if k.startswith("segment-")) == 15
    assert Counter(c.SHAPE_OF.values()) == {"square": 5, "house": 5, "half-hexagon": 5}
    assert names["court"] == 4
    # 5 disc sets numbered 1-5: 2 black, 2 white, 1 grey.
    discs = Counter(k.split("-")[1] for k, n in names.items() if k.startswith("disc-") for _ in range(n))
    assert discs == {"black": 10, "white": 10, "grey": 5}
    assert {k: n for k, n in names.items() if k.startswith("castle-")} == {"castle-black": 10, "castle-white": 10, "castle-grey": 10}
    assert sum(n for k, n in names.items() if k.startswith("clan-marker-")) == 5 and names["emperor"] == 1
    assert names["die"] == 4
    assert {k: n for k, n in names.items() if k.startswith("paladin-")} == {f"paladin-{clan}": 40 for clan in ("red", "pink", "blue", "yellow", "green")}
    # 3 players: 3 courts, 3 disc sets, 8 castles per side.
    three = Counter(d.name for s in kit.sheets(t, "a4", 3, False) for d in s.fronts)
    assert three["court"] == 3 and sum(n for k, n in three.items() if k.startswith("castle-")) == 24


def test_catalogs_match_and_every_text_fits():
    assert c.catalog("en").ids == c.catalog("ru").ids == c.catalog("fa").ids
    for lang in LANGUAGES:
        for sheet in kit.sheets(c.catalog(lang), "letter", None, True):
            for drawing in {d.name: d for d in (*sheet.fronts, *sheet.backs)}.values():
                for text in texts(drawing.items):
                    fonts.layout(text)


def test_kit_command(tmp_path):
    result = runner.invoke(app, ["kit", "carolus-magnus", "--players", "2", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "carolus-magnus-kit.pdf")
    # The cover and its back (the duplex test); one page for everything double-sided (2 player
    # aids, 10 discs, 5 markers, the Emperor, 20 castles) with its back; then 2 single-sided
    # pages for the 4 dice, 15 segments and 2 courts, which fill the rest of the first page too.
    assert len(reader.pages) == 2 + 2 + 2


def test_svg_kit_counts_each_piece_once(tmp_path):
    # Castles look the same on both sides: 10 black castles are 10 pieces, not 20.
    result = runner.invoke(app, ["kit", "carolus-magnus", "--format", "svg", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert " 10 × castle-black.svg" in result.stdout and "  4 × die.svg" in result.stdout



def _mean_grey(items, size: float) -> float:
    """Average grey (0 black .. 255 white, luma of sRGB) of a round piece's face, sampled on a
    1 mm grid inside its circle: what the eye takes in at arm's length."""
    from pnp.draw import colour_under, flat
    from tests.print.paint import grey

    below = flat(items)
    r = size / 2
    greys = []
    for i in range(int(size)):
        for j in range(int(size)):
            x, y = i + 0.5, j + 0.5
            if (x - r) ** 2 + (y - r) ** 2 <= r * r:
                greys.append(grey(colour_under(below, (x, y))))
    return sum(greys) / len(greys)


@pytest.mark.parametrize("ink_saver", [False, True])
def test_black_and_white_discs_differ_at_arms_length_as_on_the_cover_key(ink_saver):
    # Under the ink saver both discs were white, told apart by a 3 mm mark; the cover's key
    # still showed a black disc. A black disc stays mostly black (mean grey below 90 of 255)
    # and a white one mostly white (above 200), like the key's entries for the two sides.
    from pnp.draw import with_ink_saver
    from pnp.games.carolus_magnus.kit import _key

    t = c.catalog("en")
    faces = {side: c.disc(k, 3, t) for k, side in enumerate(("black", "white"))}
    greys = {side: _mean_grey(with_ink_saver(d.items) if ink_saver else d.items, d.width) for side, d in faces.items()}
    assert greys["black"] < 90 and greys["white"] > 200, greys
    key = {name: art for art, name in _key()}
    from pnp.draw import Group, scale

    for side in ("black", "white"):  # the key's entries are drawn in a unit box
        scaled = (Group(key[f"side.{side}"], scale(20)),)
        assert (_mean_grey(scaled, 20) < 90) == (side == "black"), side


def test_no_side_mark_is_a_ring_that_reads_as_a_persian_five():
    # The white side's mark was a ring (a circle round a hole), which beside a disc's number
    # reads like ۵. Every side's mark is ink with no hole in it.
    from pnp.draw import Circle
    from pnp.games.carolus_magnus.facts import SIDES
    from pnp.render.art import symbol

    for name, _, mark in SIDES:
        circles = [s for s in symbol(mark) if isinstance(s, Circle)]
        assert not any(a is not b and a.cx == b.cx and a.cy == b.cy for a in circles for b in circles), name
