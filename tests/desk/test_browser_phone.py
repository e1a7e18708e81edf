"""The desk on a touch phone (390 x 844) and from the keyboard: controls a finger can hit, hexes
a finger's tap lands on, whose settlement a tap places, Save and the status in sight, Carolus
Magnus without sideways scrolling, photo corners a layout shift cannot wipe, every control
reached by Tab, dark mode. Chromium through Playwright, as the other desk browser tests."""

import math
import random
import re
from contextlib import contextmanager

import pytest

from pnp.cli.desk import targets_for
from pnp.games import GAMES
from tests.desk.browsing import EXAMPLES, SIZES, cli_json, open_file, save, serving, tap, until, wait_until, watched
from tests.desk.test_browser_access import PAGES, blank_board, board_shown, cards_chosen, cell, on_screen, serious_violations
from tests.desk.test_browser_photo import on_screen as on_photo
from tests.desk.test_browser_photo import photo, photo_file, show_photo  # noqa: F401 (fixtures)

PHONE = {"viewport": SIZES["phone"], "has_touch": True, "is_mobile": True}
FINGER = 44  # CSS px: the least side of a control a finger hits (WCAG 2.5.5, Apple's 44 pt)
MM = 390 / 64  # CSS px in a millimetre on a 390 px phone (its screen some 64 mm across)


@contextmanager
def shown_page(browser, url: str, game_id: str, **options):
    """A page of `game_id` in a context made with `options`, its example opened and its result shown."""
    context = browser.new_context(**options)
    with watched(context, url + "#" + game_id) as page:
        open_file(page, EXAMPLES / PAGES[game_id])
        page.wait_for_selector("#result :is(table, .winners)")
        yield page
    context.close()


def small_controls(page) -> list:
    """Every control shown (file fields excepted: their button is the control) whose box is under
    FINGER px either way: [name, width, height] each."""
    return page.evaluate(f"""() => [...document.querySelectorAll('button, select, input:not([type=file]), textarea, .button, summary, a[href], [tabindex]')]
        .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => [e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30) || e.type, e.getBoundingClientRect().width, e.getBoundingClientRect().height])
        .filter(([, w, h]) => w < {FINGER} - 0.01 || h < {FINGER} - 0.01)""")


@pytest.mark.parametrize("game_id", list(PAGES))
def test_every_control_is_44_px_square_on_a_touch_phone(browser, desk, game_id):
    with shown_page(browser, desk[0], game_id, **PHONE) as page:
        assert small_controls(page) == []


def test_on_a_desktop_the_controls_keep_their_size(browser, desk):
    # The mouse needs no finger's room: Save is as tall as its text and padding (15 px text at
    # 1.4 line height, 0.3 rem padding, 1 px border: 21 + 9.6 + 2 = 32.6 px), not 44.
    with shown_page(browser, desk[0], "kingdom-builder", viewport=SIZES["desktop"]) as page:
        assert page.locator("#save").bounding_box()["height"] == pytest.approx(32.6, abs=1)


@pytest.fixture
def phone_board(browser, tmp_path):
    """A new Kingdom Builder position on a touch phone: the page, its file and its board."""
    targets, _ = targets_for(None, tmp_path)
    with serving(targets) as url:
        context = browser.new_context(**PHONE)
        with watched(context, url + "#kingdom-builder") as page:
            cards_chosen(page)
            board_shown(page)
            yield page, targets["kingdom-builder"], blank_board(targets["kingdom-builder"])
        context.close()


def pitch(page, board) -> float:
    (x1, _), (x2, _) = on_screen(page, board, "A1"), on_screen(page, board, "A2")
    return x2 - x1


def test_a_finger_s_tap_zooms_a_small_board_and_then_lands_with_a_millimetre_of_wobble(phone_board):
    page, path, board = phone_board
    assert pitch(page, board) < 20  # the whole board on a 390 px phone: about 15 px a hex
    frame = page.locator(".board-frame").bounding_box()
    page.touchscreen.tap(frame["x"] + frame["width"] / 2, frame["y"] + frame["height"] / 2)
    # The first tap zooms there and places nothing: hexes 56 px apart, about 9 mm.
    wait_until(page, "document.querySelector('.board-frame').classList.contains('zoomed')")
    assert pitch(page, board) == pytest.approx(56, abs=0.5)
    frame = page.locator(".board-frame").bounding_box()
    page.locator(".board-frame").scroll_into_view_if_needed()
    frame = page.locator(".board-frame").bounding_box()
    inside = [s.name for s in board.spots if s.open
              and frame["x"] + 30 < on_screen(page, board, s.name)[0] < frame["x"] + frame["width"] - 10
              and frame["y"] + 30 < on_screen(page, board, s.name)[1] < frame["y"] + frame["height"] - 10]
    assert len(inside) >= 20, inside
    chosen = random.Random(40).sample(inside, 20)
    spoken = page.locator(".kb-board [aria-live]").first
    wobble = random.Random(41)
    for name in chosen:  # each tap 1 mm off the centre, in any direction
        x, y = on_screen(page, board, name)
        turn = wobble.uniform(0, 2 * math.pi)
        page.touchscreen.tap(x + MM * math.cos(turn), y + MM * math.sin(turn))
        until(page, lambda: spoken.inner_text().startswith(f"{name}, "))
        assert spoken.inner_text().endswith("settlement of Player 1")
    save(page)
    assert dict(GAMES["kingdom-builder"].load(path).settlements) == {cell(n): "1" for n in chosen}


def test_a_zoomed_board_keeps_its_row_and_column_labels_in_sight(phone_board):
    page, _, board = phone_board
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").click()
    frame = page.locator(".board-frame")
    box = frame.bounding_box()
    # Moved to the middle of the board: the picture's own labels at its edges are out of sight.
    page.mouse.move(box["x"] + box["width"] * 0.8, box["y"] + box["height"] * 0.8)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] * 0.1, box["y"] + box["height"] * 0.1, steps=8)
    page.mouse.up()
    name = min((s.name for s in board.spots),
               key=lambda n: math.dist(on_screen(page, board, n), (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)))
    row, col = name[0], name[1:]
    hx, hy = on_screen(page, board, name)
    rows, cols = page.locator(".board-labels.rows"), page.locator(".board-labels.cols")
    assert rows.is_visible() and cols.is_visible()
    letter = rows.locator("span", has_text=re.compile(f"^{row}$"))
    number = cols.locator("span", has_text=re.compile(f"^{col}$"))
    lb, nb = letter.bounding_box(), number.bounding_box()
    # The row's letter at the hex's height on the frame's left edge; the column's number above it
    # on the top edge (row A's hex of that number: odd rows lie half a hex to the right).
    assert abs(lb["y"] + lb["height"] / 2 - hy) < 1 and box["x"] <= lb["x"] < box["x"] + 20
    ax, _ = on_screen(page, board, f"A{col}")
    assert abs(nb["x"] + nb["width"] / 2 - ax) < 1 and box["y"] <= nb["y"] < box["y"] + 20


def test_one_tap_gives_a_hex_to_the_fourth_player(phone_board):
    page, path, board = phone_board
    for _ in range(2):  # a new position has two players
        page.get_by_role("button", name="Add a player").click()
    page.locator(".placing").get_by_role("button", name="Player 4").click()  # in the bar: a tap places Player 4's settlement
    for _ in range(3):
        page.get_by_role("button", name="Zoom in").click()
    box = page.locator(".board-frame").bounding_box()
    name = next(s.name for s in board.spots if s.open and box["y"] + 20 < on_screen(page, board, s.name)[1] < box["y"] + box["height"] - 20
                and box["x"] + 20 < on_screen(page, board, s.name)[0] < box["x"] + box["width"] - 20)
    tap(page, board.spots, board.drawing.width, board.drawing.height, name)
    page.wait_for_selector(".totals:has-text('Player 4')")
    save(page)
    assert dict(GAMES["kingdom-builder"].load(path).settlements) == {cell(name): "4"}
    # A second tap takes it off again.
    tap(page, board.spots, board.drawing.width, board.drawing.height, name)
    save(page)
    assert dict(GAMES["kingdom-builder"].load(path).settlements) == {}


def in_window(page, selector: str) -> bool:
    """`selector` is within the window and is what a tap at its centre hits."""
    return page.evaluate(f"""() => {{ const n = document.querySelector({selector!r}), r = n.getBoundingClientRect();
        return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth
            && n.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)); }}""")


@pytest.mark.parametrize("size", ["phone", "narrow"])
def test_save_and_the_status_stay_in_sight_below_1000_px(browser, desk, size):
    viewport = SIZES["phone"] if size == "phone" else {"width": 900, "height": 700}
    with shown_page(browser, desk[0], "carolus-magnus", viewport=viewport, has_touch=size == "phone") as page:
        for y in (1000, 3000, 100000):
            page.evaluate(f"window.scrollTo(0, {y})")
            assert in_window(page, "#save") and in_window(page, "#status") and in_window(page, "#undo")


def test_a_phone_goes_to_the_result_in_one_tap(browser, desk):
    with shown_page(browser, desk[0], "carolus-magnus", **PHONE) as page:
        assert page.evaluate("document.getElementById('result').getBoundingClientRect().top") > 2 * 844  # far below
        page.get_by_role("link", name="Result").click()
        until(page, lambda: 0 <= page.evaluate("document.getElementById('outcome').getBoundingClientRect().top") < 100)


def test_carolus_magnus_courts_fit_a_phone_and_name_every_clan_in_words(browser, desk):
    with shown_page(browser, desk[0], "carolus-magnus", **PHONE) as page:
        courts = page.locator("fieldset:has(table.courts)")
        assert courts.evaluate("n => n.scrollWidth <= n.clientWidth")
        box = courts.bounding_box()
        fields = page.locator("table.courts :is(input, select)")
        assert fields.count() == 5 * page.locator("table.courts tbody tr").count()  # each court's five, the five markers
        for i in range(fields.count()):
            field = fields.nth(i).bounding_box()
            assert box["x"] <= field["x"] and field["x"] + field["width"] <= box["x"] + box["width"]
        # Each field says its clan in words beside its colour: court and marker cells, paladins.
        for clan in ("red", "pink", "blue", "yellow", "green"):
            for cell_ in page.locator(f"table.courts td.clan.{clan}").all():
                assert cell_.locator(".clan-name").is_visible() and cell_.locator(".clan-name").inner_text() == clan
            for label in page.locator(f".cm-territory label.clan.{clan}").all():
                assert label.inner_text().strip() == clan
        assert page.locator(".cm-territory label.clan").count() == 5 * page.locator(".cm-territory").count()


def test_the_fourth_corner_tapped_near_the_foot_moves_nothing_and_clear_can_be_undone(browser, desk, photo, photo_file):  # noqa: F811
    context = browser.new_context(**PHONE)
    with watched(context, desk[0] + "#kingdom-builder") as page:
        open_file(page, EXAMPLES / "first-game.yaml")
        show_photo(page, photo_file)
        for n, point in enumerate(photo.corners[:3], start=1):
            page.touchscreen.tap(*on_photo(page, point)[0])
            page.wait_for_selector(f".dot:has-text('{n}')")
        # The last corner (T20, at the photo's foot) tapped low in the window, over what lies
        # below the photo: nothing above it changes height, so nothing moves under the finger.
        img = page.locator(".photo-frame img")
        x, y = on_photo(page, photo.corners[3])[0]
        page.evaluate(f"window.scrollBy(0, {y - (844 - 160)})")
        x, y = on_photo(page, photo.corners[3])[0]
        before = img.bounding_box()
        page.touchscreen.tap(x, y)
        page.wait_for_selector(".dot:has-text('4')")
        page.wait_for_timeout(500)  # the click that follows a tap has come (or not) by now
        assert img.bounding_box() == before
        assert page.locator(".corner-mark").count() == 4
        page.get_by_role("button", name="Clear").click()
        assert page.locator(".corner-mark").count() == 0
        page.get_by_role("button", name="Undo the clear").click()
        assert page.locator(".corner-mark").count() == 4
    context.close()


def test_every_control_is_reached_by_tab(browser, desk):
    context = browser.new_context(viewport=SIZES["desktop"])
    with watched(context, desk[0] + "#kingdom-builder") as page:
        open_file(page, EXAMPLES / "first-game.yaml")
        page.wait_for_selector("table.score")
        reached = set()
        for _ in range(120):
            page.keyboard.press("Tab")
            reached.add(page.evaluate("document.activeElement.id || document.activeElement.closest('label')?.textContent.trim() || ''"))
        assert "open-file" in reached and "Scan a photo…" in reached
        # Space on the focused field opens the chooser, as a click on its button does: the browser
        # turns the key into a trusted click on the field, whose default is the chooser. The click
        # is caught and its chooser held back (Playwright's file-chooser event is subscribed
        # without waiting, so a key pressed at once can open a chooser nobody hears of).
        page.focus("#open-file")
        page.evaluate("""() => { window.clicked = []; document.getElementById('open-file').addEventListener('click',
            e => { window.clicked.push([e.target.id, e.isTrusted]); e.preventDefault(); }); }""")
        page.keyboard.press(" ")
        page.wait_for_function("window.clicked.length > 0")
        assert page.evaluate("window.clicked") == [["open-file", True]]
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", list(PAGES))
def test_no_heading_order_or_empty_header_finding(browser, desk, game_id, size):
    """axe-core's moderate and minor findings the pages had: headings that skip a level (Great
    Wall), a table header with no text (Carolus Magnus)."""
    with shown_page(browser, desk[0], game_id, viewport=SIZES[size], bypass_csp=True) as page:
        page.add_script_tag(path=str(EXAMPLES.parents[1] / "tests" / "desk" / "vendor" / "axe.min.js"))
        found = page.evaluate("axe.run(document, { runOnly: ['heading-order', 'empty-table-header'] })")
        assert [v["id"] for v in found["violations"]] == []


def luminance(rgb: str) -> float:
    """WCAG relative luminance of 'rgb(r, g, b)'."""
    channels = [int(v) / 255 for v in re.findall(r"\d+", rgb)[:3]]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@pytest.mark.parametrize("game_id", list(PAGES))
def test_dark_mode_is_dark_and_keeps_colours_legible(browser, desk, game_id):
    with shown_page(browser, desk[0], game_id, viewport=SIZES["desktop"], color_scheme="dark", bypass_csp=True) as page:
        body = page.evaluate("[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]")
        assert luminance(body[0]) < 0.05 and contrast(*body) >= 7, body
        # A player's mark (in the board's and kit's colour) against the ground it is drawn on
        # (the nearest drawn below it) or the ring round it: at least 3:1 with one of them, what
        # WCAG asks of a graphic that carries meaning (a dark colour shows on its light ring, a
        # bright one on the dark ground).
        marks = page.evaluate("""() => [...document.querySelectorAll('.mark')].map(n => {
            let ground = n; while (ground && getComputedStyle(ground).backgroundColor === 'rgba(0, 0, 0, 0)') ground = ground.parentElement;
            const ring = getComputedStyle(n).textShadow.match(/rgba?[(][^)]*[)]/);
            return [getComputedStyle(n).color, getComputedStyle(ground || document.body).backgroundColor, ring ? ring[0] : 'none']; })""")
        assert (marks or game_id == "carolus-magnus") and all(max(contrast(colour, ground), contrast(colour, ring) if ring != "none" else 0) >= 3
                             for colour, ground, ring in marks), marks
        assert serious_violations(page) == []  # axe-core's colour contrast among them


# Each example's standing, read off `pnp score`'s table: Kingdom Builder's totals row (44, 37, 34),
# Great Wall's tokens summed (Anna 5+3+3, Boris 1+3+8, Clara 2+7+4+5), Carolus Magnus's castles on
# the board (white 2, black 8; the game goes on: no winner).
TOTALS = {"kingdom-builder": "Anna 44, Boris 37, Clara 34; won by Anna",
          "great-wall": "Anna 11, Boris 12, Clara 18; won by Clara",
          "carolus-magnus": "white 2 castles, black 8 castles"}


@pytest.mark.parametrize("game_id", list(PAGES))
def test_the_phone_bar_shows_the_totals(browser, desk, game_id):
    """Before, the bar at a phone's foot had Undo, Redo, Save and the status, but the totals were
    far below, under the board. Now a line of the bar holds them, in the bar's box and clear of
    the status above it; a desktop shows them in the result beside the board instead."""
    with shown_page(browser, desk[0], game_id, **PHONE) as page:
        totals = page.locator("#bar-totals")
        until(page, lambda: totals.inner_text() == TOTALS[game_id])
        bar, line, status = (page.locator(s).bounding_box() for s in ("#bar", "#bar-totals", "#status"))
        assert bar["y"] <= line["y"] and line["y"] + line["height"] <= bar["y"] + bar["height"]
        assert status["y"] + status["height"] <= bar["y"] + 0.5
        assert line["y"] + line["height"] <= SIZES["phone"]["height"]
    with shown_page(browser, desk[0], game_id, viewport=SIZES["desktop"]) as page:
        assert not page.locator("#bar-totals").is_visible()


def test_the_phone_bar_follows_each_answer(browser, tmp_path):
    """Fishermen swapped for farmers on card 1: the bar's totals change to what `pnp score` gives
    for the file then saved; a problem (no third card) empties the line, its undo brings it back."""
    path = tmp_path / "first-game.yaml"
    path.write_bytes((EXAMPLES / "first-game.yaml").read_bytes())
    context = browser.new_context(**PHONE)
    try:
        with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
            totals = page.locator("#bar-totals")
            until(page, lambda: totals.inner_text() == TOTALS["kingdom-builder"])
            page.select_option('select[aria-label="card 1"]', "farmers")
            until(page, lambda: totals.inner_text() not in ("", TOTALS["kingdom-builder"]))
            shown = totals.inner_text()
            page.click("#save")
            page.wait_for_selector("#status:text-is('Saved first-game.yaml')")
            scored = cli_json("kingdom-builder", path)
            winners = " and ".join(scored["winners"])
            assert shown == ", ".join(f"{p['name']} {p['total']}" for p in scored["players"]) + f"; won by {winners}"
            page.select_option('select[aria-label="card 3"]', "")
            until(page, lambda: totals.inner_text() == "")
            page.click("#undo")
            until(page, lambda: totals.inner_text() == shown)
    finally:
        context.close()
