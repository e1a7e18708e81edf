"""Players are identities on the desk's pages, not names: a rename typed through another
player's name, key by key as a user types, merges nothing; a name another player has (or none)
is refused in place while typed. And no message the page shows names a path of the server's.
Chromium through Playwright, as the other desk browser tests."""

import shutil
from pathlib import Path

import pytest

from pnp.cli.desk import targets_for
from tests.desk.browsing import EXAMPLES, SIZES, cli_json, save, serving, until, watched
from tests.desk.test_browser_access import serious_violations

# Each game's example, the name field of its first player, that player's name and the next player's.
CASES = {
    "great-wall": ("great-wall-last-round.yaml", 'input[aria-label="player 1"]', "Anna", "Boris"),
    "carolus-magnus": ("carolus-magnus-counterattack.yaml", 'input[aria-label="player 1"]', "Wanda", "Bruno"),
    "kingdom-builder": ("first-game.yaml", 'input[aria-label="name of player 1"]', "Anna", "Boris"),
}

# What the page shows of a position: each field of the editor (by its label) and what it holds
# (a select: the option shown), and the result beside it (Kingdom Builder's totals under the board).
SHOWN = """() => ({
  fields: [...document.querySelectorAll('#editor input:not([type=file]), #editor select')].map((f) =>
    `${f.getAttribute('aria-label') || f.closest('label')?.textContent || ''}: ${f.tagName === 'SELECT' ? f.selectedOptions[0]?.text : f.value}`),
  result: [...document.querySelectorAll('#result, .totals')].map((n) => n.innerText).join('\\n'),
})"""


def renamed(value: object, old: str, new: str) -> object:
    """`value` (JSON data, or what the page shows) with the name `old` made `new` wherever a text or
    a key holds it (no other name in the examples holds it)."""
    if isinstance(value, dict):
        return {renamed(k, old, new): renamed(v, old, new) for k, v in value.items()}
    if isinstance(value, list):
        return [renamed(v, old, new) for v in value]
    return value.replace(old, new) if isinstance(value, str) else value


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport=SIZES["desktop"])
    yield context
    context.close()


@pytest.mark.parametrize("game_id", list(CASES))
def test_a_rename_typed_through_another_player_s_name_merges_nothing(desktop, tmp_path, game_id):
    """The reviewer's steps: clear the first player's name and type the second's name and an a,
    key by key. Once, at the second's name, the two merged (Great Wall: every card and won token of
    both went to the new name; Carolus Magnus: one court lost, both players' markers to the new
    name). Now the name is refused while it is the other's, and afterwards the page, its result
    and the saved file are as before with only the name changed. Before and after are the
    example's own: Anna's 5 cards, won 5 3 and final 5 + 3 + 3 = 11 (Great Wall); Wanda's court
    red 7, pink 8, blue 6, yellow 5, green 3 and the red and pink markers (Carolus Magnus); Anna's
    44 gold on the settlements of key 1 (Kingdom Builder)."""
    example, field, old, other = CASES[game_id]
    new = other + "a"
    path = Path(shutil.copy(EXAMPLES / example, tmp_path / example))
    with serving({game_id: path}, path) as url, watched(desktop, url) as page:
        page.wait_for_selector("#result :is(table, .winners)")
        before = page.evaluate(SHOWN)
        name = page.locator(field)
        name.click()
        name.press("Control+a")
        name.press("Backspace")
        typed = [(name.input_value(), name.get_attribute("aria-invalid"))]
        for key in new:
            name.press(key)
            typed.append((name.input_value(), name.get_attribute("aria-invalid")))
        name.press("Tab")  # leaving the field: the other fields show the new name
        # Save waits for every evaluation asked for to be answered: the result shown then is the
        # position's as it is now.
        page.click("#save")
        until(page, lambda: page.locator("#status").inner_text().startswith(("Saved", "Not saved")), 30.0)
        assert page.evaluate(SHOWN) == renamed(before, old, new)
        assert page.locator("#status").inner_text().startswith("Saved")
    assert cli_json(game_id, path) == renamed(cli_json(game_id, EXAMPLES / example), old, new)
    # Refused while blank and while the other's name; every other name was taken as typed.
    assert typed == [("", "true"), *[(new[:n], "true" if new[:n] == other else None) for n in range(1, len(new) + 1)]]


@pytest.mark.parametrize("game_id", list(CASES))
def test_a_name_another_player_has_is_refused_in_place(browser, tmp_path, game_id):
    """The second player's name typed over the first's: the field is marked invalid, a note says
    why and what the player stays, and the position is untouched (no edit to save). Made one of a
    kind, it is taken; a blank name is refused the same way, and leaving the field shows the name
    the player kept. The refused state passes the accessibility audit (axe-core)."""
    example, field, old, other = CASES[game_id]
    path = Path(shutil.copy(EXAMPLES / example, tmp_path / example))
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)  # for axe-core, as in test_browser_access
    with serving({game_id: path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("#result :is(table, .winners)")
        result = page.locator("#result").inner_text()
        name = page.locator(field)
        name.fill(other)
        note = page.locator(f"#{name.get_attribute('aria-describedby')}")  # the field's description
        message = f"{other} is another player's name; this player stays {old} until the name is one of their own"
        assert name.get_attribute("aria-invalid") == "true" and note.is_visible() and note.inner_text() == message
        assert page.locator(".name-note:not(:empty)").count() == 1
        assert page.locator("#unsaved").is_hidden()  # nothing changed: the position keeps the name
        assert serious_violations(page) == []
        name.press("x")  # one of a kind now: taken
        assert name.get_attribute("aria-invalid") is None and note.is_hidden() and note.inner_text() == ""
        page.wait_for_selector("#unsaved:visible")
        until(page, lambda: page.locator("#result").inner_text() == result.replace(old, other + "x"), 30.0)
        name.fill("  ")
        assert name.get_attribute("aria-invalid") == "true" and note.inner_text() == (
            f"A player needs a name; this player stays {other}x until the name is one of their own")
        name.press("Tab")  # the page is redrawn: the field and its note are new ones
        assert name.input_value() == other + "x" and name.get_attribute("aria-invalid") is None
        assert page.locator(".name-note:not(:empty)").count() == 0
        save(page)
    context.close()
    assert cli_json(game_id, path) == renamed(cli_json(game_id, EXAMPLES / example), old, other + "x")


def test_a_board_outside_the_folder_is_refused_naming_no_path_of_the_server(desktop, tmp_path):
    """A section named ../../etc/passwd: refused, in words that once named the folder of the
    desk's file (the server's absolute path). Nothing the page shows names it, nor the saved
    file's path once a good section is put back and the position saved, nor the explanation of
    the result (which once named the file by its path)."""
    folder = tmp_path / "games"
    folder.mkdir()
    with serving(targets_for(None, folder)[0]) as url, watched(desktop, url + "#kingdom-builder") as page:
        for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
            page.select_option(f'select[aria-label="card {n}"]', card)
        page.wait_for_selector("table.score")
        section = page.locator('input[aria-label="top-left section"]')
        kept = section.input_value()
        section.fill("../../etc/passwd")
        page.wait_for_selector(".problem-note")
        assert page.locator(".problem-note").all_inner_texts() == [
            "board '../../etc/passwd': only section files beside the transcription can be used here"]
        shown = page.locator("body").inner_text()
        section.fill(kept)
        page.wait_for_selector("table.score")
        save(page)
        shown += page.locator("body").inner_text() + page.locator("#explain").text_content()  # "How it is made up", folded
    assert str(tmp_path) not in shown and str(tmp_path.resolve()) not in shown
    assert "Saved kingdom-builder.yaml" in shown
