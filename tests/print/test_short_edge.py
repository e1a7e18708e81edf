"""`--duplex short-edge`: backs placed for a printer that flips the sheet on its short edge,
measured by turning the sheet over that edge (a back page's point (X, Y) then lies behind the
front page's point (X, paper height - Y); on the long edge, behind (paper width - X, Y))."""

import pypdf
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import apply, texts
from pnp.games import GAMES
from pnp.render.cover import offset_marks
from pnp.render.imposition import Options, impose, page_area, paper_size, plan

from tests.print.test_back_offset import _lines

GAME = GAMES["great-wall"]
T = GAME.catalog("en")
SHEETS = GAME.kit_sheets(T, "a4", GAME.kit_options(players=2))


def _turned_over(point, paper, short_edge):
    pw, ph = paper_size(paper)
    x, y = point
    return (round(x, 6), round(ph - y, 6)) if short_edge else (round(pw - x, 6), round(y, 6))


def _art_origin(placement, back):
    """Where the back's own art has its top-left corner on the page: the placement's corner, or
    where the group holding the art turned moves it."""
    if placement.piece is back:
        return placement.x, placement.y
    (group,) = placement.piece.items
    assert group.items == back.items
    x, y = apply(group.transform, (0.0, 0.0))
    return placement.x + x, placement.y + y


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("short_edge", [False, True])
def test_each_back_lands_behind_its_front_when_the_sheet_is_turned_over(paper, short_edge):
    sheets = GAME.kit_sheets(T, paper, GAME.kit_options(players=2))
    pages = plan(sheets, Options(paper, short_edge=short_edge), T)
    pairs = [(f, b) for f, b in zip(pages, pages[1:]) if f.side == "front" and b.side == "back"]
    assert len(pairs) >= 3
    for front, back in pairs:
        fronts = [p for p in front.placements if p.back is not None]
        assert len(fronts) == len(back.placements)
        for f, b in zip(fronts, back.placements):
            corners = [_turned_over(c, paper, short_edge) for c in ((b.box[0], b.box[1]), (b.box[2], b.box[3]))]
            xs, ys = sorted(x for x, _ in corners), sorted(y for _, y in corners)
            assert (xs[0], ys[0], xs[1], ys[1]) == tuple(round(v, 6) for v in f.box)
            # The back's art the right way round: turned over, its own top-left corner lies
            # behind the front's top-right one, as when a finished piece is turned over left to
            # right (so both edges give the same piece).
            assert _turned_over(_art_origin(b, f.back), paper, short_edge) == (round(f.box[2], 6), round(f.box[1], 6))


@pytest.mark.parametrize("shift", [(0.0, 0.0), (2.0, -1.0), (-4.5, 3.5)])
def test_the_test_page_reads_a_short_edge_printers_shift(shift):
    """As test_back_offset's long-edge test, with the sheet turned over its short edge: the
    cover's crosses lie on the test page's, and its marks read -shift on the test page's scales."""
    pages = impose(SHEETS, Options("a4", short_edge=True), "Kit", T)
    cover, test_page = pages[0], pages[1]
    _, ph = paper_size("a4")
    _, height = page_area("a4")
    top = (ph - height) / 2
    sx, sy = shift
    front = _lines(cover)
    back = [((a[0] + sx, a[1] + sy), (b[0] + sx, b[1] + sy)) for a, b in _lines(test_page)]
    seen = {tuple(sorted(_turned_over(p, "a4", True) for p in line)) for line in _lines(test_page)}
    (ux, uy), (lx, ly) = offset_marks(height)
    # The crosses' arms: 12 mm lines (the upright offset mark, also 12 mm, stands at 6 + ux).
    crosses = [line for line in front if round(abs(line[1][0] - line[0][0]) + abs(line[1][1] - line[0][1]), 6) == 12
               and line[0][0] != 6 + ux]
    assert len(crosses) == 8 and all(tuple(sorted(line)) in seen for line in crosses)
    upright = next(l for l in front if l[0][0] == l[1][0] == 6 + ux)
    level = next(l for l in front if l[0][1] == l[1][1] == top + ly)
    h_zero = next(a for a, b in back if a[0] == b[0] and round(b[1] - a[1], 3) == 2.0)
    v_zero = next(a for a, b in back if a[1] == b[1] and round(abs(b[0] - a[0]), 3) == 2.0)
    seen_x = upright[0][0]  # the short edge keeps x
    seen_y = ph - level[0][1]  # and turns y over
    assert (round(seen_x - h_zero[0], 6), round(seen_y - v_zero[1], 6)) == (-sx + 0.0, -sy + 0.0)
    assert all(0 <= t.x and t.x + t.w <= page_area("a4")[0] for t in texts(test_page.items) if len(t.text) <= 2)


def test_the_kit_says_to_flip_on_the_short_edge_and_asks_print_dialogs_for_it(tmp_path):
    result = CliRunner().invoke(app, ["kit", "great-wall", "--players", "2", "--out", str(tmp_path),
                                      "--duplex", "short-edge"])
    assert result.exit_code == 0, result.output
    reader = pypdf.PdfReader(tmp_path / "great-wall-kit.pdf")
    assert reader.trailer["/Root"]["/ViewerPreferences"]["/Duplex"] == "/DuplexFlipShortEdge"
    assert "flipping on the short edge" in reader.pages[0].extract_text().replace("\n", " ")
    assert "choose flipping on the short edge" in reader.pages[1].extract_text().replace("\n", " ")


def test_an_unknown_edge_is_wrong_usage(tmp_path):
    result = CliRunner().invoke(app, ["kit", "great-wall", "--out", str(tmp_path), "--duplex", "sideways"])
    assert result.exit_code == 2 and "'sideways' is not one of 'long-edge', 'short-edge'" in result.stderr
