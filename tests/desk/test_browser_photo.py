"""The desk's photo page in a real headless Chromium: corners aimed through the magnifier (touch
and mouse) are set where released, their numbered dots beside the point; a grid that does not fit
is refused with `pnp scan`'s message and changes nothing; a scan draft is undone in one step; the
scanner's notes come with the draft."""

import random
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from pnp import hexgrid
from pnp.cli.app import app as cli
from pnp.games import GAMES
from pnp.games.kingdom_builder.scan_layout import CORNER_CELLS
from pnp.games.kingdom_builder.transcription import load_board
from tests.desk.browsing import EXAMPLES, SIZES, kept, open_file, save, tap, until, wait_until, watched
from tests.desk.test_browser_access import board_shown
from tools.photos.flat import make_photo, played_game
from tests.kingdom_builder.test_scan_fit import off_by

EXAMPLE = EXAMPLES / "first-game.yaml"
COLOURS = ["orange", "blue", "purple"]  # the kit's colours in order: the example's players declare none
SIZE = (1200, 900)


@pytest.fixture(scope="module")
def photo():
    """The example's board with 12 settlements a player, as the tips say to photograph it."""
    board = load_board(yaml.safe_load(EXAMPLE.read_text())["boards"], [None] * 4, "test", EXAMPLES)
    return make_photo(board, played_game(board, len(COLOURS), random.Random(21), per_player=12), COLOURS, 21,
                      size=SIZE, level="clean")


@pytest.fixture
def photo_file(photo, tmp_path) -> Path:
    path = tmp_path / "board.jpg"
    path.write_bytes(photo.encoded(".jpg", 92))
    return path


def scan_telling_corners(folder: str, targets, form_file, content_type, largest):
    """`scan_aside` in the photo's process, writing down in `folder` the corners text of the photo's
    form (which the desk received into `form_file`)."""
    from pnp.desk.aside import scan_aside
    from pnp.desk.forms import read_form

    with (Path(folder) / "corners").open("a") as told:
        told.write(read_form(bytearray(Path(form_file).read_bytes()), content_type, 4, 1).fields.get("corners", "") + "\n")
    return scan_aside(targets, form_file, content_type, largest)


@pytest.fixture
def corners_sent(monkeypatch, tmp_path_factory) -> Callable[[], list[str]]:
    """The corners text of every photo the desk has been sent to read, as it received it."""
    import functools

    import pnp.desk.app as desk_app

    folder = tmp_path_factory.mktemp("corners")
    monkeypatch.setattr(desk_app, "scan_aside", functools.partial(scan_telling_corners, str(folder)))
    return lambda: (folder / "corners").read_text().splitlines()


def on_screen(page, *points: tuple[float, float]) -> list[tuple[float, float]]:
    """Where points of the photo (its pixels) are shown, in the page's coordinates, scrolled into
    view (a photo may be taller than the window)."""
    height = page.viewport_size["height"]
    for _ in range(2):
        box = page.locator(".photo-frame img").bounding_box()
        shown = [(box["x"] + x / SIZE[0] * box["width"], box["y"] + y / SIZE[1] * box["height"]) for x, y in points]
        ys = [y for _, y in shown]
        if min(ys) >= 60 and max(ys) <= height - 60:
            break
        page.evaluate(f"window.scrollBy(0, {(min(ys) + max(ys)) / 2 - height / 2})")
    return shown


def show_photo(page, path: Path) -> None:
    page.locator(".kb-board input[type=file]").first.set_input_files(str(path))  # Scan a photo…, before the photo's own
    wait_until(page, "(document.querySelector('.photo-frame img') || {}).naturalWidth > 0")
    page.locator(".photo-frame").scroll_into_view_if_needed()


def click_corners(page, points) -> None:
    for n, point in enumerate(points, start=1):
        page.mouse.click(*on_screen(page, point)[0])
        page.wait_for_selector(f".dot:has-text('{n}')")


def inside(box: dict, x: float, y: float) -> bool:
    return box["x"] <= x <= box["x"] + box["width"] and box["y"] <= y <= box["y"] + box["height"]


class Finger:
    """One finger on a touch screen (Chrome DevTools' touch events): press, move, lift."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)

    def _send(self, kind: str, points: list) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self._send("touchStart", [{"x": x, "y": y}])

    def move(self, x: float, y: float) -> None:
        self._send("touchMove", [{"x": x, "y": y}])

    def up(self) -> None:
        self._send("touchEnd", [])


class Mouse:
    def __init__(self, page):
        self.mouse = page.mouse

    def down(self, x: float, y: float) -> None:
        self.mouse.move(x, y)
        self.mouse.down()

    def move(self, x: float, y: float) -> None:
        self.mouse.move(x, y)

    def up(self) -> None:
        self.mouse.up()


@pytest.mark.parametrize("size, pointer", [("phone", Finger), ("desktop", Mouse)])
def test_corners_are_aimed_through_a_magnifier_and_set_where_released(browser, desk, photo, photo_file, corners_sent, size,
                                                                      pointer):
    """Each corner pressed two hexes off, moved onto its centre while the magnifier shows the
    photo under the pointer (never under the finger itself), released there: the point is set
    where released, within a pixel of the photo, its cross on it, its numbered dot beside it."""
    context = browser.new_context(viewport=SIZES[size], has_touch=pointer is Finger, is_mobile=pointer is Finger,
                                  device_scale_factor=3 if pointer is Finger else 1)
    with watched(context, desk[0] + "#kingdom-builder") as page:
        open_file(page, EXAMPLE)
        show_photo(page, photo_file)
        hand = pointer(page)
        for n, (cell, inward, point) in enumerate(zip(CORNER_CELLS, ("SE", "SW", "NE", "NW"), photo.corners), start=1):
            start, end = on_screen(page, off_by(photo, (hexgrid.step(cell, inward, 2),))[0], point)
            hand.down(*start)
            for step in (1, 2, 3):  # slid onto the centre through the magnifier
                hand.move(start[0] + (end[0] - start[0]) * step / 3, start[1] + (end[1] - start[1]) * step / 3)
            loupe = page.locator(".loupe")
            assert loupe.is_visible()
            box = loupe.bounding_box()
            assert not inside(box, *end)  # the finger does not hide what it shows
            assert box["width"] >= 120 and box["y"] >= 0 and box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
            hand.up()
            page.wait_for_selector(f".dot:has-text('{n}')")
            assert not loupe.is_visible()
            here, = on_screen(page, point)  # the hint above the photo may have changed its height
            mark = page.locator(".corner-mark").nth(n - 1)
            assert not inside(mark.locator(".dot").bounding_box(), *here)  # the dot beside the point, not on it
            cross = mark.locator(".cross").bounding_box()
            assert abs(cross["x"] + cross["width"] / 2 - here[0]) < 1 and abs(cross["y"] + cross["height"] / 2 - here[1]) < 1
        page.get_by_role("button", name="Read the photo").click()
        page.wait_for_selector(".scan-message:has-text('read 36 settlements')")
        given = [tuple(float(v) for v in pair.split(",")) for pair in corners_sent()[-1].split()]
        # Sent to one decimal: within a pixel of where each was released.
        assert all(abs(gx - x) < 1 and abs(gy - y) < 1 for (gx, gy), (x, y) in zip(given, photo.corners, strict=True))
    context.close()


def test_a_grid_that_does_not_fit_is_refused_with_the_message_pnp_scan_gives(context, desk, photo, photo_file, corners_sent):
    """Corners clicked three hexes off (north-west of each corner): the desk shows beside the
    photo the refusal `pnp scan` gives for those same corners, in the page's words, and the
    position stays as it was: nothing unsaved, no undo offered, Save writes the file unchanged."""
    with watched(context, desk[0] + "#kingdom-builder") as page:
        open_file(page, EXAMPLE)
        save(page)
        path = desk[1]["kingdom-builder"]
        saved = path.read_bytes()
        show_photo(page, photo_file)
        click_corners(page, off_by(photo, tuple(hexgrid.step(cell, "NW", 3) for cell in CORNER_CELLS)))
        page.get_by_role("button", name="Read the photo").click()
        page.wait_for_selector(".scan-message.bad")
        shown = page.locator(".scan-message").inner_text()
        result = CliRunner().invoke(cli, ["scan", "kingdom-builder", str(path), str(photo_file), "--corners", corners_sent()[-1], "--json"])
        assert result.exit_code == 1
        said = result.output.strip()
        assert said.startswith("--corners: the photo's terrain does not match sections"), said
        assert shown == "Not read: the hexes clicked: " + said.removeprefix("--corners: ")
        assert page.locator("#unsaved").is_hidden() and page.locator(".undo-scan").count() == 0
        save(page)
        assert path.read_bytes() == saved


def test_a_scan_draft_is_undone_in_one_step(page, desk, photo, photo_file, tmp_path):
    """A saved position with settlements and two hexes ringed unsure; a photo read over it; Undo
    the scan: saved again (no marker), the same rings, and Save writes the same bytes and scores
    the same. Not saved before the scan: not saved after the undo, and the page keeps the
    position as it was; hexes tapped after the scan go back too, once the button has said so."""
    game = GAMES["kingdom-builder"]
    position = game.load(EXAMPLE)
    (tmp_path / "ringed.yaml").write_text(game.dumps_unsure(position, ("A10", "K5")), encoding="utf-8")
    open_file(page, tmp_path / "ringed.yaml")
    save(page)
    path = desk[1]["kingdom-builder"]
    saved = path.read_bytes()
    rings = ["A10 ✓", "K5 ✓"]
    assert page.locator(".unsure .chip").all_inner_texts() == rings
    show_photo(page, photo_file)
    click_corners(page, photo.corners)
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message:has-text('read 36 settlements')")
    assert page.locator("#unsaved").is_visible()
    assert kept(page) != yaml.safe_load(saved)
    page.get_by_role("button", name="Undo the scan").click()
    page.wait_for_selector(".scan-message:has-text('Scan undone')")
    assert page.locator("#unsaved").is_hidden() and page.locator(".undo-scan").count() == 0
    assert page.locator(".unsure .chip").all_inner_texts() == rings
    save(page)
    assert path.read_bytes() == saved

    # Not saved before the scan (A2 tapped: empty in the example, now Anna's), edited after it
    # (A1 tapped: the draft's owner there cycles on).
    board = game.board_picture(position)
    args = (board.spots, board.drawing.width, board.drawing.height)
    page.evaluate("window.scrollTo(0, 0)")  # row A in view
    tap(page, *args, "A2")
    page.wait_for_selector("#unsaved:not([hidden])")
    before = kept(page)
    assert before["settlements"] != yaml.safe_load(saved)["settlements"]
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message:has-text('read 36 settlements')")
    draft = kept(page)
    board_shown(page)  # the draft's board drawn, its hexes known: a tap before lands on none (a loaded machine is slow)
    page.evaluate("window.scrollTo(0, 0)")
    tap(page, *args, "A1")
    until(page, lambda: kept(page) != draft)
    page.get_by_role("button", name="Undo the scan").click()
    page.get_by_role("button", name="Undo the scan and the edits since").click()
    page.wait_for_selector(".scan-message:has-text('Scan undone')")
    assert page.locator("#unsaved").is_visible()
    assert kept(page) == before
    assert page.locator(".unsure .chip").all_inner_texts() == rings


def test_a_tap_right_after_undoing_a_scan_is_not_lost(page, desk, photo, photo_file):
    """A saved position, a photo read over it, the scan undone; the desk's answers held back, as
    on a slow machine, and a hex tapped at once: the board shown is the position's own, so the
    tap lands (the page used to forget the board's hexes on undo until the desk answered, and
    the tap was lost)."""
    open_file(page, EXAMPLE)
    save(page)
    show_photo(page, photo_file)
    click_corners(page, photo.corners)
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message:has-text('read 36 settlements')")
    board_shown(page)
    held: list = []
    page.route("**/api/evaluate", lambda route: held.append(route))
    page.get_by_role("button", name="Undo the scan").click()
    page.wait_for_selector(".scan-message:has-text('Scan undone')")
    assert page.locator("#unsaved").is_hidden()
    board = GAMES["kingdom-builder"].board_picture(GAMES["kingdom-builder"].load(EXAMPLE))
    page.evaluate("window.scrollTo(0, 0)")  # row A in view
    tap(page, board.spots, board.drawing.width, board.drawing.height, "A2")
    page.wait_for_selector("#unsaved:not([hidden])", timeout=5000)
    assert held  # the desk had not answered
    page.unroute("**/api/evaluate")  # the held answers go on


def test_the_scanners_notes_are_shown_with_the_draft(page, desk, tmp_path):
    """A game with a white player photographed 1.5 times too bright: the light terrain is
    clipped white, where a white piece cannot be told from the board. Beside the counts the
    page says how many unsure hexes are washed out and how to take a better photo, as
    `pnp scan` does."""
    import dataclasses

    import numpy as np

    colours = ["orange", "blue", "white"]
    text = EXAMPLE.read_text()
    for name, colour in zip(["Anna", "Boris", "Clara"], colours):
        text = text.replace(f'name: "{name}"}}', f'name: "{name}", colour: {colour}}}')
    (tmp_path / "white.yaml").write_text(text, encoding="utf-8")
    board = load_board(yaml.safe_load(text)["boards"], [None] * 4, "test", EXAMPLES)
    photo = make_photo(board, played_game(board, 3, random.Random(4)), colours, 4, size=SIZE)
    bright = dataclasses.replace(photo, image=np.clip(photo.image.astype(np.float32) * 1.5, 0, 255).astype(np.uint8))
    (tmp_path / "bright.jpg").write_bytes(bright.encoded(".jpg", 92))
    open_file(page, tmp_path / "white.yaml")
    show_photo(page, tmp_path / "bright.jpg")
    click_corners(page, photo.corners)
    page.get_by_role("button", name="Read the photo").click()
    message = page.locator(".scan-message:has-text('settlements')")
    message.wait_for()
    assert "washed out to white" in message.inner_text() and "slide the brightness down" in message.inner_text()


def test_a_set_up_photo_is_sent_with_the_photo(page, desk, photo, photo_file, tmp_path):
    """Set-up photo… below the photo takes the board's photo from set-up: its name is shown and
    the read sends it beside the photo. Taken without the kit's markers, the desk says so beside
    the photo, in the page's words; ✕ drops it, and the photo is read alone."""
    board = load_board(yaml.safe_load(EXAMPLE.read_text())["boards"], [None] * 4, "test", EXAMPLES)
    before = make_photo(board, photo.pieces, COLOURS, 21, size=SIZE, level="clean", setup=True)
    (tmp_path / "setup.jpg").write_bytes(before.encoded(".jpg", 92))
    open_file(page, EXAMPLE)
    show_photo(page, photo_file)
    page.locator(".scan-photo input[type=file]").set_input_files(str(tmp_path / "setup.jpg"))
    page.wait_for_selector(".scan-photo :text('Set-up photo: setup.jpg')")
    click_corners(page, photo.corners)
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message.bad:has-text('no scan markers found in the set-up photo: take it with')")
    page.get_by_role("button", name="Read without the set-up photo").click()
    assert page.locator(".scan-photo :text('Set-up photo: setup.jpg')").count() == 0
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message:has-text('read 36 settlements')")
