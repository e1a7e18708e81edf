"""`pnp kit kingdom-builder --settlements --tokens punch`: the 160 settlement tokens laid out for a
3/8-inch (9.525 mm) circle punch, each inside a guide circle to centre the punch in."""

import math

from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import Circle, flat
from pnp.games import GAMES
from pnp.render.choices import Tokens
from pnp.render.imposition import Options, plan

GAME = GAMES["kingdom-builder"]
T = GAME.catalog("en")
PUNCH = 9.525  # mm: 3/8 inch, 25.4 x 3 / 8


def _settlements(tokens: str):
    sheets = GAME.kit_sheets(T, "a4", GAME.kit_options(settlements=True, tokens=Tokens(tokens)))
    return [s for s in sheets if s.id == "settlements"]


def test_each_token_sits_in_a_guide_circle_one_millimetre_outside_the_punch():
    (sheet,) = _settlements("punch")
    assert len(sheet.fronts) == 160
    for token in sheet.fronts:
        # The cut outline is the guide: 9.525 + 2 x 1 mm across, centred in the piece.
        assert token.width == token.height == PUNCH + 2
        guide = token.outline
        assert isinstance(guide, Circle) and (guide.cx, guide.cy, guide.r) == (token.width / 2,) * 2 + ((PUNCH + 2) / 2,)
        background, *art = flat(token.items)
        assert background.box[0] < 0 and background.box[2] > token.width  # the white ground runs past the guide
        c = token.width / 2
        for laid in art:  # the house and its mark: all inside the punched disc
            x0, y0, x1, y1 = laid.box
            assert max(math.hypot(x - c, y - c) for x in (x0, x1) for y in (y0, y1)) < PUNCH / 2 + 0.5
            assert c - PUNCH / 2 < x0 and x1 < c + PUNCH / 2 and c - PUNCH / 2 < y0 and y1 < c + PUNCH / 2


def test_punch_circles_stay_apart_and_160_tokens_take_one_a4_page():
    pages = plan(_settlements("punch"), Options("a4"), T)
    # Double-sided: one page of fronts and its back page. Pieces keep a 3 mm gap: 11.525 + 3
    # = 14.525 mm between centres, 13 to a row of the 198 mm between the margins (13 x 14.525
    # - 3 = 185.8), 13 rows: 169 places for 160 tokens.
    assert [p.side for p in pages] == ["front", "back"] and len(pages[0].placements) == 160
    centres = [(p.x + p.piece.width / 2, p.y + p.piece.height / 2) for p in pages[0].placements]
    nearest = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:])
    assert round(nearest, 6) == 14.525  # 5 mm of paper between two punched discs
    assert len({round(y, 6) for _, y in centres}) == 13


def test_cut_tokens_stay_as_before():
    (cut,) = _settlements("cut")
    assert {token.width for token in cut.fronts} == {8.0}


def test_punch_without_settlements_is_wrong_usage(tmp_path):
    result = CliRunner().invoke(app, ["kit", "kingdom-builder", "--tokens", "punch", "--out", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.strip() == "--tokens punch lays out the settlement tokens for a punch; it goes with --settlements"
    assert not list(tmp_path.iterdir())
