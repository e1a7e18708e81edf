"""`--back-scale X,Y`: every back page scaled about the page's centre, to undo a printer that
prints the back a little larger or smaller; nothing else changes."""

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import apply
from pnp.games import GAMES
from pnp.render.imposition import Options, impose, plan

GAME = GAMES["great-wall"]
T = GAME.catalog("en")
SHEETS = GAME.kit_sheets(T, "a4", GAME.kit_options(players=2))


def test_back_pages_are_scaled_about_the_page_centre_then_moved():
    plain = impose(SHEETS, Options("a4"), "Kit", T)
    scaled = impose(SHEETS, Options("a4", back_offset=(1.0, -0.5), back_scale=(1.01, 0.99)), "Kit", T)
    sides = [page.side for page in plan(SHEETS, Options("a4"), T)]
    for side, before, after in zip(sides, plain, scaled):
        if side not in ("back", "cover-back"):
            assert after == before
            continue
        (group,) = after.items
        # A4's centre (105, 148.5) stays put, then moves by the offset: x' = 1.01 x + 105 (1 - 1.01) + 1
        # = 1.01 x - 0.05, y' = 0.99 y + 148.5 (1 - 0.99) - 0.5 = 0.99 y + 0.985.
        assert group.transform == pytest.approx((1.01, 0.0, 0.0, 0.99, -0.05, 0.985))
        assert apply(group.transform, (105, 148.5)) == pytest.approx((106.0, 148.0))
        # A back card's corner at (10.5, 16.5) lands at (10.555, 17.32): 0.5 % farther from the centre across, 1 % nearer down, then moved.
        assert apply(group.transform, (10.5, 16.5)) == pytest.approx((1.01 * 10.5 - 0.05, 0.99 * 16.5 + 0.985))
        if side == "back":
            assert group.items == before.items


def test_without_a_scale_the_offset_alone_is_as_before():
    assert impose(SHEETS, Options("a4", back_offset=(1.5, -2.0), back_scale=(1.0, 1.0)), "Kit", T) == \
        impose(SHEETS, Options("a4", back_offset=(1.5, -2.0)), "Kit", T)


@pytest.mark.parametrize("value", ["100.5%,99.5%", "1.005,0.995", "1.005, 99.5%"])
def test_a_scale_is_a_factor_or_a_percentage(tmp_path, value):
    result = CliRunner().invoke(app, ["kit", "great-wall", "--players", "2", "--out", str(tmp_path), "--back-scale", value])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("args, message", [
    (("--back-scale", "110%,100%"), "--back-scale: 110%,100% is beyond 0.95 to 1.05 (95% to 105%)"),
    (("--back-scale", "0.9,1"), "--back-scale: 0.9,1 is beyond 0.95 to 1.05 (95% to 105%)"),
    (("--back-scale", "1.01"),
     "--back-scale: '1.01' is not X,Y as factors or percentages (for example 1.005,0.996 or 100.5%,99.6%)"),
    (("--back-scale", "nan,1"),
     "--back-scale: 'nan,1' is not X,Y as factors or percentages (for example 1.005,0.996 or 100.5%,99.6%)"),
    (("--back-scale", "1,1", "--no-duplex"),
     "--back-scale scales the back pages of a double-sided PDF; it does not go with --no-duplex or --layout gutter-fold"),
])
def test_a_bad_scale_is_wrong_usage(tmp_path, args, message):
    result = CliRunner().invoke(app, ["kit", "great-wall", "--out", str(tmp_path), *args])
    assert result.exit_code == 2 and result.stderr.strip() == message
    assert not list(tmp_path.iterdir())
