"""The desk's board on a phone and from the keyboard, its accessibility audit (axe-core), and one
colour per player on the page, the board and the kit. Chromium through Playwright, as the other
desk browser tests."""

import dataclasses
import math
import re
from pathlib import Path

import pytest

from pnp.cli.desk import targets_for
from pnp.games import GAMES
from pnp.games.base import Source
from pnp.render import svg
from tests.desk.browsing import EXAMPLES, SIZES, open_file, save, serving, tap, wait_until, watched

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
PAGES = {"kingdom-builder": "first-game.yaml", "great-wall": "great-wall-last-round.yaml",
         "carolus-magnus": "carolus-magnus-counterattack.yaml"}


def blank_board(path: Path):
    """The board of a new Kingdom Builder position, as the page shows it: its spots and size."""
    game = GAMES["kingdom-builder"]
    return game.board_picture(game.read(game.blank_form("en", None, game.form_options()), Source.of(path))[0])


def cards_chosen(page) -> None:
    """Three cards, so that a new position scores and saves."""
    for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
        page.select_option(f'select[aria-label="card {n}"]', card)
    page.wait_for_selector("table.score")


def board_shown(page) -> None:
    wait_until(page, "document.querySelector('.board-frame .over').naturalWidth > 0"
                     " && document.querySelector('.board-frame .layer').naturalWidth > 0")


def on_screen(page, board, name: str) -> tuple[float, float]:
    """Where the centre of hex `name` is on the screen, as the board is shown now (zoomed too)."""
    box = page.locator(".board-frame .over").bounding_box()
    spot = next(s for s in board.spots if s.name == name)
    return (box["x"] + spot.x / board.drawing.width * box["width"], box["y"] + spot.y / board.drawing.height * box["height"])


def hex_pitch(page, board) -> float:
    """Screen pixels between the centres of two neighbouring hexes in a row (A1, A2)."""
    (x1, _), (x2, _) = on_screen(page, board, "A1"), on_screen(page, board, "A2")
    return x2 - x1


def central_open_hex(page, board) -> str:
    """The buildable hex nearest the middle of the board's frame as shown."""
    frame = page.locator(".board-frame").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    return min((s.name for s in board.spots if s.open), key=lambda n: math.dist(on_screen(page, board, n), (cx, cy)))


def saved_settlements(page, path: Path) -> dict:
    save(page)
    return dict(GAMES["kingdom-builder"].load(path).settlements)


def cell(name: str) -> tuple[int, int]:
    return "ABCDEFGHIJKLMNOPQRST".index(name[0]), int(name[1:]) - 1


@pytest.fixture
def phone_desk(browser, tmp_path):
    """A new Kingdom Builder position on a phone (390 x 844), its file and its board."""
    targets, _ = targets_for(None, tmp_path)
    with serving(targets) as url:
        context = browser.new_context(viewport=SIZES["phone"], has_touch=True)
        with watched(context, url + "#kingdom-builder") as page:
            cards_chosen(page)
            board_shown(page)
            yield page, targets["kingdom-builder"], blank_board(targets["kingdom-builder"])
        context.close()


def test_on_a_phone_a_zoomed_hex_is_40_px_and_a_tap_lands_on_it(phone_desk):
    page, path, board = phone_desk
    # Unzoomed, 20 hexes share the phone's width: about 18 px apart, under a fingertip's 40.
    assert hex_pitch(page, board) < 40
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").click()
    pitch = hex_pitch(page, board)
    assert pitch >= 40, pitch
    # A hex's on-screen centre, zoomed: the settlement lands on that hex, not one beside it.
    first = central_open_hex(page, board)
    tap(page, board.spots, board.drawing.width, board.drawing.height, first)
    page.wait_for_selector(".totals:has-text('Player 1')")
    # A drag moves the zoomed board and cycles nothing; a tap after it still lands where aimed.
    frame = page.locator(".board-frame").bounding_box()
    before = on_screen(page, board, first)
    page.mouse.move(frame["x"] + frame["width"] * 0.7, frame["y"] + frame["height"] * 0.6)
    page.mouse.down()
    page.mouse.move(frame["x"] + frame["width"] * 0.3, frame["y"] + frame["height"] * 0.4, steps=8)
    page.mouse.up()
    after = on_screen(page, board, first)
    assert after[0] < before[0] - 50 and after[1] < before[1] - 20, (before, after)
    second = central_open_hex(page, board)
    assert second != first
    tap(page, board.spots, board.drawing.width, board.drawing.height, second)
    assert saved_settlements(page, path) == {cell(first): "1", cell(second): "1"}


def test_on_a_phone_two_fingers_pinch_the_board_larger(phone_desk):
    page, _, board = phone_desk
    frame = page.locator(".board-frame").bounding_box()
    cx, cy = frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2
    unzoomed = hex_pitch(page, board)
    touch = page.context.new_cdp_session(page)

    def fingers(kind: str, spread: float) -> None:
        points = [] if kind == "touchEnd" else [{"x": cx - spread, "y": cy, "id": 1}, {"x": cx + spread, "y": cy, "id": 2}]
        touch.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    fingers("touchStart", 30)
    for spread in range(40, 130, 10):  # the fingers 60 px apart, then 240: about four times as large
        fingers("touchMove", spread)
    fingers("touchEnd", 0)
    assert hex_pitch(page, board) > 3 * unzoomed
    assert page.get_by_role("button", name="Zoom out").is_enabled()


def test_the_board_by_keyboard_arrows_move_the_cursor_and_space_cycles(browser, tmp_path):
    targets, _ = targets_for(None, tmp_path)
    path = targets["kingdom-builder"]
    board = blank_board(path)
    spots = {s.name: s for s in board.spots}
    with serving(targets) as url:
        context = browser.new_context(viewport=SIZES["desktop"])
        with watched(context, url + "#kingdom-builder") as page:
            cards_chosen(page)
            board_shown(page)
            frame = page.get_by_role("application", name="The board")
            assert frame.get_attribute("aria-roledescription") == "board"
            page.get_by_role("button", name="Zoom in").focus()
            page.keyboard.press("Tab")  # the board comes next in the tab order ("Whole board" is off unzoomed)
            assert page.evaluate("document.activeElement.classList.contains('board-frame')")
            spoken = page.locator(".kb-board [aria-live]").first
            # The cursor starts on A1; the target, the first buildable hex off row A and column 1, is
            # as many steps down and right as its row and column (rows offset by half a hex: the
            # same number above or below touches), one neighbouring hex a step.
            assert spoken.inner_text().startswith("A1, ")
            target = next(s.name for s in board.spots if s.open and cell(s.name)[0] >= 1 and cell(s.name)[1] >= 1)
            rows, cols = cell(target)
            pitch = math.dist((spots["A1"].x, spots["A1"].y), (spots["A2"].x, spots["A2"].y))
            at = "A1"
            for key, count in (("ArrowDown", rows), ("ArrowRight", cols)):
                for _ in range(count):
                    page.keyboard.press(key)
                    now = spoken.inner_text().split(",")[0]
                    # Each step to a neighbouring hex: centres one hex apart on the board.
                    assert math.dist((spots[at].x, spots[at].y), (spots[now].x, spots[now].y)) == pytest.approx(pitch, rel=0.02)
                    at = now
            assert at == target
            # The hex's kind as the catalog names it (a terrain or a location), in lower case mid-sentence.
            kind = next(s for s in board.spots if s.name == target).kind
            words = GAMES["kingdom-builder"].catalog("en").messages
            kind = (words.get(f"terrain.{kind}") or words[f"location.{kind}"]).lower()
            assert spoken.inner_text() == f"{target}, {kind}, empty"
            # The cursor shows: a ring around the hex, on screen where the hex is.
            ring = page.locator(".board-cursor").bounding_box()
            assert ring is not None and page.locator(".board-cursor").is_visible()
            hx, hy = on_screen(page, board, target)
            assert abs(ring["x"] + ring["width"] / 2 - hx) < 2 and abs(ring["y"] + ring["height"] / 2 - hy) < 2
            page.keyboard.press("Space")
            assert spoken.inner_text() == f"{target}, {kind}, settlement of Player 1"
            page.wait_for_selector(".totals:has-text('Player 1')")
            page.keyboard.press("Enter")
            assert spoken.inner_text() == f"{target}, {kind}, settlement of Player 2"
            page.keyboard.press("ArrowUp")  # and away, so the wait for the totals holds the last change
            page.wait_for_selector(".totals:has-text('Player 2')")
            assert saved_settlements(page, path) == {cell(target): "2"}
        context.close()


# The audit needs the page as it is, its script injected; the page's Content-Security-Policy allows
# only the desk's own scripts, so this context (and only this one) bypasses it to add axe-core.
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", list(PAGES))
def test_no_serious_accessibility_violation(browser, desk, game_id, size):
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    with watched(context, desk[0] + "#" + game_id) as page:
        open_file(page, EXAMPLES / PAGES[game_id])
        page.wait_for_selector("#result :is(table, .winners)")
        if game_id == "kingdom-builder":  # the board zoomed, its cursor shown, as a phone's user has it
            board_shown(page)
            page.get_by_role("button", name="Zoom in").click()
            page.focus("text=Whole board")
            page.keyboard.press("Tab")
            page.keyboard.press("ArrowRight")
        assert serious_violations(page) == []
    context.close()


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now (its context must bypass
    the page's Content-Security-Policy)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found = page.evaluate("axe.run(document, { resultTypes: ['violations'] })")
    return [f"{v['id']} ({v['impact']}): {v['help']}: " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
            for v in found["violations"] if v["impact"] in ("serious", "critical")]


def css_colour(value: str) -> str:
    """'rgb(230, 159, 0)' as '#E69F00'."""
    r, g, b = map(int, re.findall(r"\d+", value)[:3])
    return f"#{r:02X}{g:02X}{b:02X}"


@pytest.mark.parametrize("page", ["kingdom-builder"], indirect=True)
def test_a_player_s_colour_on_the_page_is_the_board_s(page, desk):
    game = GAMES["kingdom-builder"]
    open_file(page, EXAMPLES / "first-game.yaml")
    page.get_by_role("button", name="Add a player").click()  # the example has three: all four colours
    position = game.load(EXAMPLES / "first-game.yaml")
    position = dataclasses.replace(position, players=(*position.players, dataclasses.replace(position.players[0], key="4", name="Dora")))
    keys = tuple(p.key for p in position.players)
    marks = page.locator(".kb-fields .mark")
    assert marks.count() == len(keys) == 4
    for i, key in enumerate(keys):
        # The board's picture of one settlement of this player alone: the colour its house is
        # filled with (the white of its mark and the ink of its outline aside).
        alone = dataclasses.replace(position, settlements=(((0, 0), key),))
        fills = set(re.findall(r'fill="(#[0-9A-Fa-f]{6})"', svg.render(game.pieces_picture(alone)))) - {"#FFFFFF", "#222222"}
        assert len(fills) == 1, fills
        shown = css_colour(marks.nth(i).evaluate("n => getComputedStyle(n).color"))
        assert shown == fills.pop().upper()


@pytest.mark.parametrize("page", ["great-wall"], indirect=True)
def test_a_great_wall_player_s_colour_on_the_page_is_the_deck_s(page):
    from pnp.games.great_wall.facts import COLOURS

    open_file(page, EXAMPLES / "great-wall-last-round.yaml")
    marks = page.locator("fieldset .mark")
    assert marks.count() >= 2
    # Player n plays the n-th deck of the kit (its backs and fronts are drawn in COLOURS[n]).
    for i in range(marks.count()):
        assert css_colour(marks.nth(i).evaluate("n => getComputedStyle(n).color")) == COLOURS[i][1].upper()


@pytest.mark.parametrize("page", ["carolus-magnus"], indirect=True)
def test_carolus_magnus_clan_colours_on_the_page_are_the_kit_s(page):
    from pnp.games.carolus_magnus.facts import CLANS

    open_file(page, EXAMPLES / "carolus-magnus-counterattack.yaml")
    for name, fill, _ in CLANS:
        heading = page.locator(f"table.courts th.clan.{name}")
        assert css_colour(heading.evaluate("n => getComputedStyle(n).borderBottomColor")) == fill.upper()
