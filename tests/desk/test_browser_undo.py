"""Every edit on the desk can be undone and redone: a removal with one tap (a player, a Great Wall
section) says what went and offers Undo; Undo back to what the file holds marks the page saved
again; a name typed letter by letter is one step; Ctrl+Z outside a text field undoes. Chromium
through Playwright, as the other desk browser tests."""

import shutil
from pathlib import Path

import pytest

from pnp.games import GAMES
from pnp.games.kingdom_builder.facts import BUILDABLE
from tests.desk.browsing import EXAMPLES, kept, serving, tap, until, watched
from tests.desk.test_browser_identity import SHOWN

# Each game's example, the ✕ that removes something, and what the notice then says. The counts
# are the example's own: Anna's settlements as the file holds them (counted by pnp's reader
# below), Great Wall's section 1 with its 4 cards and Anna's 5 cards (great-wall-last-round.yaml:
# sections 1-3 hold 4 cards each; Anna plays 1 + 2 + 2 of them).
CASES = {
    "kingdom-builder": ("first-game.yaml", 'button[aria-label="remove Anna"]', "Anna removed, with {anna} settlements."),
    "great-wall": ("great-wall-last-round.yaml", 'button[aria-label="remove section 1"]', "Section 1 removed, with 4 cards."),
    "great-wall-player": ("great-wall-last-round.yaml", 'button[aria-label="remove Anna"]', "Anna removed, with 5 cards."),
    "carolus-magnus": ("carolus-magnus-counterattack.yaml", 'button[aria-label="remove Wanda"]',
                       "Wanda removed, with their court and clans."),
}
# A player can be removed only from 3 players on: Carolus Magnus's example has 2, so a third is
# added first (then Undo puts back the position with 3 players, which the file does not hold).
FIRST = {"carolus-magnus": "button:has-text('Add a player')"}


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


class Evaluations:
    """The page's evaluations asked for and answered, to read what it shows once all are in."""

    def __init__(self, page):
        self.page, self.asked, self.answered = page, 0, 0
        page.on("request", lambda request: self.count(request, "asked"))
        page.on("requestfinished", lambda request: self.count(request, "answered"))
        page.on("requestfailed", lambda request: self.count(request, "answered"))

    def count(self, request, which: str) -> None:
        if request.url.endswith("/api/evaluate"):
            setattr(self, which, getattr(self, which) + 1)

    def shown(self) -> dict:
        """What the page shows (SHOWN) once every evaluation asked for is answered and drawn: the
        same on two reads 200 ms apart with none under way."""
        last = None
        while True:
            until(self.page, lambda: self.asked <= self.answered, 30.0)  # one asked before counting began
            now = self.page.evaluate(SHOWN)
            if now == last and self.asked <= self.answered:
                return now
            last = now
            self.page.wait_for_timeout(200)


@pytest.mark.parametrize("case", list(CASES))
def test_a_removal_says_what_went_and_undo_puts_it_back_saved(desktop, tmp_path, case):
    """Before: one tap on ✕ erased a player's 40 settlements or a section's 4 cards, with no word
    and no way back. Now the notice says what went; Undo puts the page back as the file holds it:
    every field and the result as before, marked saved, no draft kept; Redo removes it again."""
    example, button, says = CASES[case]
    game_id = case.removesuffix("-player")
    path = Path(shutil.copy(EXAMPLES / example, tmp_path / example))
    if game_id == "kingdom-builder":
        says = says.format(anna=len(GAMES[game_id].load(path).settlements_of("1")))
    with serving({game_id: path}, path) as url, watched(desktop, url) as page:
        evaluations = Evaluations(page)
        page.wait_for_selector("#result :is(table, .winners)")
        assert page.locator("#undo").is_disabled() and page.locator("#redo").is_disabled()
        if case in FIRST:
            page.click(FIRST[case])
            page.wait_for_selector(f"{button}:not([disabled])")
        before = evaluations.shown()
        page.click(button)
        page.wait_for_selector("#notice:not([hidden])")
        assert page.locator("#notice p").inner_text() == says
        assert page.locator("#unsaved").is_visible()
        after = evaluations.shown()  # the removal's result drawn: read earlier, it was the one before
        page.click("#notice button:has-text('Undo')")
        until(page, lambda: page.evaluate(SHOWN) == before, 30.0)
        if case in FIRST:  # back to 3 players: not what the file holds
            assert page.locator("#unsaved").is_visible() and page.locator("#undo").is_enabled()
        else:
            page.wait_for_selector("#unsaved[hidden]", state="attached")
            assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pnp-desk ')).length") == 0
            assert page.locator("#undo").is_disabled()
        assert page.locator("#redo").is_enabled()
        page.click("#redo")
        until(page, lambda: page.evaluate(SHOWN) == after, 30.0)
        assert page.locator("#unsaved").is_visible()


def test_a_tap_and_a_typed_name_are_two_steps_undone_and_redone_in_order(desktop, tmp_path):
    """Kingdom Builder: A10 tapped (Clara's settlement, the last player's: one tap empties it),
    then the first player's name typed as "Annabel" letter by letter (Anna, then b, e, l). Undo once: the name is Anna
    again and A10 still empty (typing was one step); Undo again: A10 Clara's, the page saved;
    Ctrl+Shift+Z twice, outside a text field: both back, the draft kept holds them."""
    game = GAMES["kingdom-builder"]
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))
    board = game.board_picture(game.load(path))
    name = 'input[aria-label="name of player 1"]'
    with serving({"kingdom-builder": path}, path) as url, watched(desktop, url) as page:
        page.wait_for_selector("table.score")
        page.evaluate("window.scrollTo(0, 0)")  # row A in view
        tap(page, board.spots, board.drawing.width, board.drawing.height, "A10")
        until(page, lambda: kept_a10(page) == ".")
        field = page.locator(name)
        field.click()
        field.press("End")
        for key in "bel":
            field.press(key)
        field.press("Tab")
        until(page, lambda: kept(page)["players"][0]["name"] == "Annabel")
        page.click("#undo")
        until(page, lambda: page.locator(name).input_value() == "Anna")
        assert kept(page)["players"][0]["name"] == "Anna" and kept_a10(page) == "."
        page.click("#undo")
        page.wait_for_selector("#unsaved[hidden]", state="attached")
        assert page.locator("#undo").is_disabled()
        page.locator("h1").click()  # out of any text field: the keys are the page's
        page.keyboard.press("Control+Shift+Z")
        page.wait_for_selector("#unsaved:not([hidden])")
        until(page, lambda: kept_a10(page) == ".")
        page.keyboard.press("Control+Shift+Z")
        until(page, lambda: page.locator(name).input_value() == "Annabel")
        assert kept(page)["players"][0]["name"] == "Annabel" and page.locator("#redo").is_disabled()


def kept_a10(page) -> str:
    """What the draft kept in the browser holds at A10 (row A's tenth token), "" without a draft."""
    drafts = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pnp-desk ')).length")
    return kept(page)["settlements"].splitlines()[0].split()[9] if drafts else ""


def test_fifty_random_edits_undone_and_redone_round_trip_to_the_same_file_bytes(desktop, tmp_path):
    """Kingdom Builder: the position saved as it is (bytes A); 50 edits drawn at random (a seeded
    generator: a tap on one of 30 buildable hexes of rows A-C, or a card chosen from the ten), the
    draft kept in the browser then (D); Undo 50 times and Save: A again, byte for byte; Redo 50
    times: the draft is D again. The history runs across a save."""
    import random

    game = GAMES["kingdom-builder"]
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))
    position = game.load(path)
    board = game.board_picture(position)
    buildable = [f"{row}{col}" for row in "ABC" for col in range(1, 21)
                 if position.board.at(("ABC".index(row), col - 1)) in BUILDABLE][:30]
    cards = ["fishermen", "miners", "merchants", "workers", "discoverers", "knights", "hermits", "lords", "citizens",
             "farmers"]
    rng = random.Random(50)
    with serving({"kingdom-builder": path}, path) as url, watched(desktop, url) as page:
        page.wait_for_selector("table.score")

        def save() -> bytes:
            page.click("#save")
            page.wait_for_selector("#unsaved[hidden]", state="attached")
            until(page, lambda: page.locator("#status").inner_text().startswith("Saved"), 60.0)
            return path.read_bytes()

        first = save()
        page.evaluate("window.scrollTo(0, 0)")  # rows A-C in view
        for _ in range(50):
            if rng.random() < 0.8:
                tap(page, board.spots, board.drawing.width, board.drawing.height, rng.choice(buildable))
            else:
                field = f'select[aria-label="card {rng.randint(1, 3)}"]'
                was = page.locator(field).input_value()
                page.select_option(field, rng.choice([card for card in cards if card != was]))  # an edit, never a no-op
        until(page, lambda: page.evaluate("Object.keys(localStorage).some(k => k.startsWith('pnp-desk '))"))
        edited = kept(page)  # not saved: a player may now hold more than 40, which Save refuses
        for _ in range(50):
            page.click("#undo")
        assert page.locator("#undo").is_disabled()
        assert save() == first
        for _ in range(50):
            page.click("#redo")
        assert page.locator("#redo").is_disabled()
        assert kept(page) == edited
