"""The desk's states beyond a game's page, audited as its pages are: the notice of a save refused
(409), a file that cannot be read, edits kept in the browser offered back, and the photo page (a photo shown, the magnifier, a refusal,
the undo offer), at a phone's size and a laptop's: no serious accessibility finding (axe-core)
and, on the phone, no control under 40 px tall."""

import dataclasses
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from pnp import hexgrid
from pnp.cli.desk import targets_for
from pnp.games import GAMES
from pnp.games.kingdom_builder.scan_layout import CORNER_CELLS
from tests.desk.browsing import EXAMPLES, SIZES, open_file, serving, small_controls, wait_until, watched
from tests.desk.test_browser_access import board_shown, cell, serious_violations
from tests.desk.test_browser_photo import EXAMPLE, click_corners, on_screen, photo, photo_file, show_photo  # noqa: F401
from tests.kingdom_builder.test_scan_fit import off_by


def conflict(page, path: Path, **_) -> None:
    """The file changed on disk after the page read it (a card changed in an editor), then an
    edit saved: refused, the notice lists what overwriting loses and offers the three ways on."""
    text = path.read_text(encoding="utf-8")
    assert "cards: [fishermen, knights, merchants]" in text
    path.write_text(text.replace("knights,", "miners,"), encoding="utf-8")
    page.select_option('select[aria-label="card 1"]', "farmers")
    page.wait_for_selector("#unsaved:visible")
    page.click("#save")
    page.wait_for_selector("#notice:visible button:has-text('Overwrite')")


def unreadable(page, path: Path, **_) -> None:
    path.write_text("game: kingdom-builder\nplayers: [Anna\n", encoding="utf-8")
    page.reload()
    page.wait_for_selector("fieldset.unreadable pre.file-text")


def kept_edits(page, **_) -> None:
    """Edits left unsaved, the page opened again: the notice offers them back."""
    with page.expect_response("**/api/evaluate"):  # answered: the reload cuts no request short
        page.select_option('select[aria-label="card 1"]', "farmers")
    page.wait_for_selector("#unsaved:visible")
    page.once("dialog", lambda dialog: dialog.accept())  # leaving with edits unsaved: yes
    page.reload()
    page.wait_for_selector("#notice:visible button:has-text('Restore them')")


def not_answering(page, **_) -> None:
    """The desk stopped, a card changed: the board drawn by the page, the result
    marked not checked, Retry now offered."""
    page.route("**/api/**", lambda route: route.abort())
    page.select_option('select[aria-label="card 1"]', "farmers")
    page.wait_for_selector("#retry:visible")
    page.wait_for_selector("svg.drawn-here")


def photo_shown(page, photo_file: Path, **_) -> None:
    open_file(page, EXAMPLE)
    show_photo(page, photo_file)


def magnifier(page, photo_file: Path, photo, **_) -> None:
    """A corner being aimed: pressed on the photo and moved, not yet released."""
    photo_shown(page, photo_file)
    start, end = on_screen(page, *off_by(photo, (hexgrid.step(CORNER_CELLS[0], "SE", 1),)), photo.corners[0])
    page.mouse.move(*start)
    page.mouse.down()
    page.mouse.move(*end, steps=3)
    page.wait_for_selector(".loupe:visible")


def refused(page, photo_file: Path, photo, **_) -> None:
    """Corners three hexes off: the grid fits nowhere near them, refused beside the photo."""
    photo_shown(page, photo_file)
    click_corners(page, off_by(photo, tuple(hexgrid.step(cell, "NW", 3) for cell in CORNER_CELLS)))
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message.bad")


def undo_offered(page, photo_file: Path, photo, **_) -> None:
    photo_shown(page, photo_file)
    click_corners(page, photo.corners)
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".undo-scan")


STATES: dict[str, Callable[..., None]] = {
    "conflict": conflict, "unreadable": unreadable, "kept-edits": kept_edits, "not-answering": not_answering, "photo": photo_shown, "magnifier": magnifier,
    "photo-refused": refused, "photo-undo": undo_offered}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("state", list(STATES))
def test_every_state_of_the_page_passes_the_audit(browser, tmp_path, photo, photo_file, state, size):  # noqa: F811
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "game.yaml"))
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    with serving({"kingdom-builder": path}, path) as url, watched(context, url, offline=state == "not-answering") as page:
        page.wait_for_selector("table.score")
        STATES[state](page, path=path, photo=photo, photo_file=photo_file)
        assert serious_violations(page) == []
        if size == "phone":
            assert small_controls(page) == []
        page.mouse.up()
    context.close()


def test_when_the_desk_does_not_answer_result_json_says_so_and_the_board_stays(context, desk):
    """The desk stops, a card is changed: its result cannot be had. Result JSON once downloaded the
    result from before the change, saying nothing, and the board went blank (its pictures drawn
    anew only from the desk's answer); now Result JSON says why there is none, and the board
    stays as last drawn."""
    with watched(context, desk[0] + "#kingdom-builder", offline=True) as page:
        open_file(page, EXAMPLES / "first-game.yaml")
        page.wait_for_selector("table.score")
        downloads = []
        page.on("download", lambda download: downloads.append(download))
        page.route("**/api/**", lambda route: route.abort())  # the desk stopped
        page.select_option('select[aria-label="card 1"]', "farmers")
        page.wait_for_selector("#status:has-text('Not checked: the desk does not answer')")
        page.click("#download-json")
        page.wait_for_selector("#status:has-text('No result: the desk does not answer')")
        page.click("#download-pdf")
        page.wait_for_selector("#status:has-text('No picture: the desk does not answer')")
        assert downloads == []
        assert page.locator('select[aria-label="card 1"]').input_value() == "farmers"
        board_shown(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_game_without_a_page_of_its_own_shows_its_result(browser, tmp_path, monkeypatch, size):
    """The toy coin flip (only check and score): the page shows its result as `pnp score` prints
    it, not only its summary. Anna called heads, Boris tails, the coin landed tails: Boris wins
    (tests/coin_flip/game.py: those who called the side it landed on). The page passes the audit."""
    from tests.coin_flip.game import GAME

    monkeypatch.setitem(GAMES, GAME.id, GAME)
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    with serving(targets_for(None, tmp_path)[0]) as url, watched(context, url + "#coin-flip") as page:
        page.locator("textarea.generic").fill('{"game": "coin-flip", "calls": {"Anna": "heads", "Boris": "tails"}, "landed": "tails"}')
        page.wait_for_selector("#result pre.report")
        assert page.locator("#result pre.report").inner_text().strip() == "Winners: Boris"
        assert page.locator("#result pre.report").is_visible() and page.locator("#explain-box").is_hidden()
        assert serious_violations(page) == []
        if size == "phone":
            assert small_controls(page) == []
    context.close()


IN_SIGHT = """(() => { const r = document.querySelector('.problem-note').getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight; })()"""


def test_a_file_opened_with_problems_brings_the_first_into_sight(context, desk, tmp_path):
    """The example with two more settlements of Anna's, one on A18 (a mountain), one on a free
    hex: 42 settlements
    where a player has 40, and one where nobody builds. At 1366 × 768 the notes once sat below the
    board, out of sight, while the status said "see the red notes"."""
    game = GAMES["kingdom-builder"]
    position = game.load(EXAMPLES / "first-game.yaml")
    assert sum(owner == "1" for _, owner in position.settlements) == 40
    spots = game.board_picture(position).spots
    assert next(s.kind for s in spots if s.name == "A18") == "mountain"
    taken = dict(position.settlements)
    free = next(c for c in (cell(s.name) for s in spots if s.open) if c not in taken)
    spoilt = dataclasses.replace(position, settlements=(*position.settlements, (cell("A18"), "1"), (free, "1")))
    (tmp_path / "spoilt.yaml").write_text(game.dumps(spoilt), encoding="utf-8")
    with watched(context, desk[0] + "#kingdom-builder") as page:
        open_file(page, tmp_path / "spoilt.yaml")
        page.wait_for_selector("#status:text-is('2 problems: see the red notes')")
        wait_until(page, IN_SIGHT)


def test_overwrite_after_the_notice_saves_the_page_s_position(context, tmp_path):
    """The file's second card changed in an editor (miners), the page's first changed to farmers:
    the save is refused, the notice lists both lines of cards, and Overwrite writes the page's
    position, the editor's change given up as the notice said."""
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "game.yaml"))
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("table.score")
        conflict(page, path=path)
        assert page.locator("#notice li").all_inner_texts() == ["cards › 1: fishermen (here: farmers)",
                                                                "cards › 2: miners (here: knights)"]
        page.get_by_role("button", name="Overwrite game.yaml").click()
        page.wait_for_selector("#status:text-matches('^Saved ')")  # not "Not saved", said already
        assert GAMES["kingdom-builder"].load(path).cards == ("farmers", "knights", "merchants")
        assert page.locator("#unsaved").is_hidden() and page.locator("#notice").is_hidden()
