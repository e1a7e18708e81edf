"""Duplex offsets: the test page's millimetre scales and `--back-offset`, which moves every back
page, and nothing else, by the millimetres given."""

from __future__ import annotations

import re

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.draw import Drawing, Group, Polygon, apply, compose, texts
from pnp.games import GAMES
from pnp.cli.kit_output import MAX_OFFSET
from pnp.render.cover import REACH, cover_back, offset_marks, offset_words
from pnp.render.imposition import MARGIN, Options, impose, page_area, paper_size, plan

GAME = GAMES["great-wall"]
T = GAME.catalog("en")
SHEETS = GAME.kit_sheets(T, "a4", GAME.kit_options(players=2))


def test_back_offset_moves_exactly_the_back_pages_by_the_given_millimetres():
    plain = impose(SHEETS, Options("a4"), "Kit", T)
    moved = impose(SHEETS, Options("a4", back_offset=(1.5, -2.0)), "Kit", T)
    sides = [page.side for page in plan(SHEETS, Options("a4"), T)]
    assert "back" in sides and "cover-back" in sides and "front" in sides
    for side, before, after in zip(sides, plain, moved):
        if side in ("back", "cover-back"):
            # The whole page, pieces, cut lines and furniture alike, under one translation.
            (group,) = after.items
            assert group.transform == (1.0, 0.0, 0.0, 1.0, 1.5, -2.0)
            if side == "back":
                assert group.items == before.items  # (the test page also says the backs were moved)
        else:
            assert after == before


def test_the_test_page_says_how_to_read_the_scales_and_that_the_backs_were_moved():
    test_page = impose(SHEETS, Options("a4", back_offset=(1.5, -2.0)), "Kit", T)[1]
    words = " ".join(t.text for t in texts(test_page.items))
    # X 1.5 moves right, Y -2 moves up (--back-offset X,Y: X mm right, Y mm down), said in words:
    # "+1.5 mm across and -2 mm down" asked the reader to work out where "-2 mm down" goes.
    assert "moved 1.5 mm right and 2 mm up (--back-offset)" in words
    assert "--back-offset X,Y" in words


@pytest.mark.parametrize("lang, offset, said", [
    ("en", (-0.5, 3.0), "0.5 mm left and 3 mm down"),
    ("en", (0.0, -1.5), "1.5 mm up"),
    # "+1,5,-0,5 мм" read as four numbers where the comma is the decimal separator.
    ("ru", (1.5, -0.5), "на 1,5 мм вправо и на 0,5 мм вверх"),
    ("ru", (-2.0, 0.0), "на 2 мм влево"),
    ("fa", (1.5, -0.5), "۱٫۵ میلی‌متر به راست و ۰٫۵ میلی‌متر به بالا"),
])
def test_the_offset_is_said_in_words_and_the_languages_numbers(lang, offset, said, tmp_path):
    t = GAMES["great-wall"].catalog(lang)
    assert offset_words(offset, t) == said
    test_page = impose(SHEETS, Options("a4", back_offset=offset), "Kit", t)[1]
    assert said in " ".join(text.text for text in texts(test_page.items))
    x, y = (f"{v:g}" for v in offset)
    result = CliRunner().invoke(app, ["kit", "great-wall", "--players", "2", "--out", str(tmp_path), "--lang", lang,
                                      "--back-offset", f"{x},{y}"])
    assert result.exit_code == 0 and said in result.stdout


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_scales_read_as_far_as_back_offset_goes_and_keep_inside_the_page(paper):
    # --back-offset takes -5 to 5 mm (MAX_OFFSET); the scales were labelled -4 and +4 only.
    width, height = page_area(paper)
    back = cover_back(width, height, T)
    labels = [text for text in texts(back.items) if len(text.text) <= 2]
    assert sorted(text.text for text in labels) == ["+5", "+5", "-5", "-5", "0", "0"]
    assert REACH == MAX_OFFSET
    assert all(0 <= text.x and text.x + text.w <= width for text in texts(back.items))


def _lines(drawing: Drawing) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Every open two-point line of a page, in page millimetres."""
    found = []

    def walk(items, matrix):
        for item in items:
            if isinstance(item, Group):
                walk(item.items, compose(matrix, item.transform))
            elif isinstance(item, Polygon) and not item.closed and len(item.points) == 2:
                found.append(tuple(tuple(round(v, 6) for v in apply(matrix, p)) for p in item.points))

    walk(drawing.items, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0))
    return found


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("shift", [(0.0, 0.0), (2.0, -1.0), (-4.5, 3.5), (5.0, 5.0), (-5.0, -5.0)])
def test_a_printer_shift_reads_on_the_scales_as_the_offset_that_undoes_it(paper, shift):
    """Simulate a printer that shifts the back by `shift`: the front's marks, seen through the
    paper (mirrored about the page's centre line), land on the back's scales at -shift, the
    --back-offset to give."""
    pages = impose(SHEETS, Options(paper), "Kit", T)
    cover, test_page = pages[0], pages[1]
    pw, _ = paper_size(paper)
    _, height = page_area(paper)
    (ux, uy), (lx, ly) = offset_marks(height)
    top = (paper_size(paper)[1] - height) / 2  # whole pages are centred on the paper
    front = _lines(cover)
    upright = [l for l in front if l[0][0] == l[1][0] == MARGIN + ux]
    level = [l for l in front if l[0][1] == l[1][1] == top + ly]
    assert len(upright) == 1 and len(level) == 1
    sx, sy = shift
    back = [((a[0] + sx, a[1] + sy), (b[0] + sx, b[1] + sy)) for a, b in _lines(test_page)]
    # The scales' zero ticks: the longest ticks (2 mm) on each scale.
    h_zero = next(a for a, b in back if a[0] == b[0] and round(b[1] - a[1], 3) == 2.0)
    v_zero = next(a for a, b in back if a[1] == b[1] and round(abs(b[0] - a[0]), 3) == 2.0)
    seen_x = pw - upright[0][0][0]  # the front's upright mark, seen from the back
    seen_y = level[0][0][1]
    reading = (round(seen_x - h_zero[0], 6), round(seen_y - v_zero[1], 6))
    assert reading == (-sx + 0.0, -sy + 0.0)
    assert all(abs(v) <= REACH for v in reading)
    # The marks are long enough to cross the scales whatever the shift, up to 5 mm.
    (x0, _), (x1, _) = level[0]
    assert pw - x1 <= v_zero[0] <= pw - x0
    (_, y0), (_, y1) = upright[0]
    assert y0 <= h_zero[1] <= y1


@pytest.mark.parametrize("args, message", [
    (("--back-offset", "6,0"), "--back-offset: 6,0 mm is beyond -5 to 5 mm (the test page's scales)"),
    (("--back-offset", "1"), "--back-offset: '1' is not X,Y in millimetres (for example 1.5,-0.5)"),
    (("--back-offset", "1,1", "--no-duplex"),
     "--back-offset moves the back pages of a double-sided PDF; it does not go with --no-duplex or --layout gutter-fold"),
    (("--back-offset", "1,1", "--layout", "gutter-fold"),
     "--back-offset moves the back pages of a double-sided PDF; it does not go with --no-duplex or --layout gutter-fold"),
    (("--layout", "gutter-fold", "--format", "svg"),
     "--layout gutter-fold lays out the pages of a PDF; it does not go with --format svg"),
])
def test_bad_back_offset_or_layout_is_refused(tmp_path, args, message):
    result = CliRunner().invoke(app, ["kit", "great-wall", "--out", str(tmp_path), *args])
    assert result.exit_code == 2 and result.stderr.strip() == message  # wrong usage
    assert not list(tmp_path.iterdir())


def test_in_persian_the_scales_and_every_back_offset_text_use_persian_digits(tmp_path):
    # The scales read «۰» as the text says («اگر روی ۰ نیستند»), the sign first, on the right, as
    # on the +100 markers; the example of a bad value was «1.5,-0.5» and the range «۵− تا ۵».
    t = GAMES["great-wall"].catalog("fa")
    back = cover_back(*page_area("a4"), t)
    labels = sorted(text.text for text in texts(back.items) if len(text.text) <= 3)
    assert labels == sorted(["\u200f+۵", "\u200f+۵", "\u200f-۵", "\u200f-۵", "۰", "۰"])
    said = [text for key, text in t.messages.items() if "back-offset" in text or "back_offset" in key]
    assert len(said) >= 7 and not [text for text in said if re.search("[0-9]", text)]
    # The example, typed as it is printed, is read.
    result = CliRunner().invoke(app, ["kit", "great-wall", "--players", "2", "--out", str(tmp_path), "--lang", "fa",
                                      "--back-offset", "۱٫۵,-۰٫۵", "--pages", "1"])
    assert result.exit_code == 0 and "۱٫۵ میلی‌متر به راست و ۰٫۵ میلی‌متر به بالا" in result.stdout
