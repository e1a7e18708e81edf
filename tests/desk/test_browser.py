"""The desk in a real headless Chromium: tap hexes, change cards and territories, see the result
change, save, and score the saved file with the CLI. One browser and one server for the module."""

import json
import shutil
from pathlib import Path

import pytest

from pnp.cli.desk import targets_for
from pnp.games import GAMES
from pnp.games.base import Source
from tests.desk.browsing import (EXAMPLES, SIZES, cli_json, cli_json_of, download_right_after, kept, open_file, save,
                                 serving, small_controls, tap, until, wait_until, watched)


def test_kingdom_builder_settlements_by_tapping_hexes(page, desk):
    game = GAMES["kingdom-builder"]
    path = desk[1]["kingdom-builder"]
    for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
        page.select_option(f'select[aria-label="card {n}"]', card)
    page.wait_for_selector("table.score")
    blank = game.blank_form("en", None, game.form_options())
    board = game.board_picture(game.read(blank, Source.of(path))[0])
    args = (board.spots, board.drawing.width, board.drawing.height)
    # A12 (flower) touches water (A13, B13): Fishermen 1, Knights 2 (alone on her best row).
    tap(page, *args, "A12")
    page.wait_for_selector(".totals:has-text('Player 1 3')")
    # Two taps: empty -> Player 1 -> Player 2. T1 (grass) touches no water, castle or location.
    tap(page, *args, "T1")
    tap(page, *args, "T1")
    page.wait_for_selector(".totals:has-text('Player 2 2')")
    assert page.locator(".totals").inner_text().split() == ["●", "Player", "1", "3", "▲", "Player", "2", "2"]
    tap(page, *args, "B4")  # a castle hex: nothing changes
    page.get_by_role("button", name="Knights").click()
    page.wait_for_selector("tr.focus")
    save(page)
    saved = cli_json("kingdom-builder", path)
    assert [(p["name"], p["gold"], p["total"]) for p in saved["players"]] == [
        ("Player 1", {"fishermen": 1, "knights": 2, "merchants": 0, "castles": 0}, 3),
        ("Player 2", {"fishermen": 0, "knights": 2, "merchants": 0, "castles": 0}, 2)]
    assert dict(game.load(path).settlements) == {(0, 11): "1", (19, 0): "2"}


@pytest.mark.parametrize("page", ["great-wall"], indirect=True)
def test_great_wall_a_card_added_to_a_section(page, desk):
    open_file(page, EXAMPLES / "great-wall-last-round.yaml")
    page.wait_for_selector("#result .winners:has-text('Winner: Clara')")
    section = page.locator(".gw-section").nth(2)
    section.get_by_role("button", name="Add a card").click()  # Anna's Wall, worth 1 beside Clara's Nobility
    section.locator('select[aria-label="kind of card 5"]').select_option("gate")
    page.wait_for_selector("#result tbody tr:nth-child(3) td:nth-child(2):text-is('3')")
    save(page)
    saved = cli_json("great-wall", desk[1]["great-wall"])
    assert saved["sections"][2]["success"] == {"Anna": 3, "Boris": 1, "Clara": 1}
    shown = page.locator("#result .winners").inner_text()
    assert shown == f"{'Winners' if len(saved['winners']) > 1 else 'Winner'}: {', '.join(saved['winners'])}"


@pytest.mark.parametrize("page", ["great-wall"], indirect=True)
def test_saved_stays_when_an_evaluation_answers_late(page):
    """Save clicked while the evaluation of the last edit is still under way: that evaluation,
    sent before the save, must not answer after it and replace "Saved" with the result."""
    open_file(page, EXAMPLES / "great-wall-last-round.yaml")
    page.wait_for_selector("#result .winners:has-text('Winner: Clara')")

    held = []

    def hold_the_first(route):
        if held:
            route.continue_()
        else:
            held.append(route)

    asked, answered = [], []
    page.on("request", lambda request: asked.append(request) if request.url.endswith("/api/evaluate") else None)
    # An evaluation ends when answered, or when the page drops it for a newer one (requestfailed).
    for ended in ("requestfinished", "requestfailed"):
        page.on(ended, lambda request: answered.append(request) if request.url.endswith("/api/evaluate") else None)
    page.route("**/api/evaluate", hold_the_first)
    page.locator(".gw-section").nth(2).get_by_role("button", name="Add a card").click()
    page.click("#save")
    until(page, lambda: held)  # the evaluation is held, the save asked for
    held[0].continue_()  # the evaluation answers only now, after the save was asked for
    page.wait_for_selector("#status:has-text('Saved')")
    until(page, lambda: len(answered) == len(asked), 30.0)  # every evaluation asked for has ended (a loaded machine is slow)
    assert page.locator("#status").inner_text().startswith("Saved")


@pytest.mark.parametrize("page", ["carolus-magnus"], indirect=True)
def test_carolus_magnus_paladins_added_to_a_territory(page, desk):
    open_file(page, EXAMPLES / "carolus-magnus-counterattack.yaml")
    page.wait_for_selector("#result .winners:has-text('The game goes on')")
    # E holds 1 red (Wanda's clan): 4 there make white's count 4 against black's 0.
    page.fill('input[aria-label="red paladins in E"]', "4")
    page.wait_for_selector("#cm-t5 .verdict:has-text('white 4 · black 0 → majority white')")
    save(page)
    saved = cli_json("carolus-magnus", desk[1]["carolus-magnus"])
    assert saved["territories"][5]["strength"] == {"white": 4, "black": 0}
    # The stops do the same (E was white's already); only E's counts grew.
    outcome = [(stop["steps"], stop["result"], stop["side"]) for stop in saved["reach"]]
    before = cli_json("carolus-magnus", EXAMPLES / "carolus-magnus-counterattack.yaml")["reach"]
    assert outcome == [(stop["steps"], stop["result"], stop["side"]) for stop in before]
    assert saved["reach"][4]["counts"] == {"white": 4, "black": 0}


@pytest.mark.parametrize("page", ["great-wall"], indirect=True)
def test_problems_show_beside_the_field(page):
    open_file(page, EXAMPLES / "great-wall-last-round.yaml")
    page.wait_for_selector("#result .winners")
    page.locator(".gw-section").first.locator('input').first.fill("4 6")
    notes = page.locator(".gw-section").first.locator(".problem-note")
    notes.first.wait_for()
    assert sorted(notes.all_inner_texts()) == [
        "section 1 has 1 face-up and 0 on-card tokens; a section has 2 face up, or 1 face up and 1 on a card "
        "(none once completed)",
        "token '6' does not exist (token values: 1, 2, 3, 4, 5, 7, 8)"]
    assert page.locator("#result .waiting").is_visible()


def test_kingdom_builder_draft_from_a_photo_and_four_clicks(page, desk, tmp_path):
    """Upload a photo, click A1, A20, T1, T20 on it: the settlements it shows fill the board."""
    import random

    from pnp.games.kingdom_builder.transcription import load_board
    from tools.photos.flat import make_photo, played_game

    game = GAMES["kingdom-builder"]
    board = load_board(["tavern", "paddock", "oasis", "farm"], [None] * 4, "test", EXAMPLES)  # the blank form's
    pieces = played_game(board, 2, random.Random(5), per_player=10)
    photo = make_photo(board, pieces, ["orange", "blue"], 5, size=(1200, 900), level="clean")
    (tmp_path / "board.jpg").write_bytes(photo.encoded(".jpg", 92))
    for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
        page.select_option(f'select[aria-label="card {n}"]', card)
    page.wait_for_selector("table.score")  # the page's layout settled
    page.set_input_files(".kb-board input[type=file]", str(tmp_path / "board.jpg"))
    image = page.locator(".photo-frame img")
    for n, (x, y) in enumerate(photo.corners, start=1):
        wait_until(page, "document.querySelector('.photo-frame img').naturalWidth > 0")
        image.scroll_into_view_if_needed()
        box = image.bounding_box()
        page.mouse.click(box["x"] + x / 1200 * box["width"], box["y"] + y / 900 * box["height"])
        page.wait_for_selector(f".dot:has-text('{n}')")
    page.get_by_role("button", name="Read the photo").click()
    page.wait_for_selector(".scan-message:has-text('read 20 settlements')")
    page.wait_for_selector("table.score")
    chips = page.locator(".unsure .chip").all_inner_texts()  # the hexes to confirm, one button each
    save(page)
    path = desk[1]["kingdom-builder"]
    assert dict(game.load(path).settlements) == {cell: str(p + 1) for cell, p in pieces.items()}
    assert chips == [f"{name} ✓" for name in game.unsure(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("page", list(GAMES), indirect=True)
def test_every_panel_holds_its_content_at_desktop_width(page):
    # The courts table once spilled out of its panel at 1280 px: its last clan was cut off.
    spill = page.evaluate("""() => [...document.querySelectorAll('fieldset')]
        .filter(f => f.offsetParent !== null)
        .flatMap(f => [...f.querySelectorAll('table, input, select')]
            .filter(e => e.getBoundingClientRect().right > f.getBoundingClientRect().right + 1)
            .map(e => (f.querySelector('legend') || {}).textContent))""")
    assert spill == []


def test_a_game_without_a_page_of_its_own_is_edited_as_json(browser, tmp_path, monkeypatch):
    """The toy coin flip (only check and score): its page loads with no script of its own, an
    edit is scored, and Save writes what `pnp score` reads."""
    from tests.coin_flip.game import GAME

    monkeypatch.setitem(GAMES, GAME.id, GAME)
    targets, _ = targets_for(None, tmp_path)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    with serving(targets) as url, watched(context, url + "#coin-flip") as page:
        box = page.locator("textarea.generic")
        # Anna called heads, Boris tails; the coin landed heads: Anna wins.
        box.fill('{"game": "coin-flip", "calls": {"Anna": "heads", "Boris": "tails"}, "landed": "heads"}')
        page.wait_for_selector("#status:has-text('2 calls, landed heads')")
        box.fill('{"game": "coin-flip", "calls": {"Anna": "heads"}, "landed": "edge"}')
        page.wait_for_selector(".problem-note:has-text(\"landed is 'edge', expected heads or tails\")")
        box.fill('{"game": "coin-flip", "calls": {"Anna": "heads", "Boris": "tails"}, "landed": "tails"}')
        page.wait_for_selector("#status:has-text('landed tails')")
        save(page)
    context.close()
    assert cli_json_of(GAME.id, targets[GAME.id]) == {"winners": ["Boris"]}


# Each way work was once lost, at a phone's size and a laptop's: none loses anything now.

def test_a_file_holding_one_game_is_not_replaced_by_another(context, tmp_path):
    """`pnp desk new.yaml`: a Kingdom Builder position saved, then a Great Wall example opened and
    saved to the same file: refused, saying the Kingdom Builder game would be lost; saved under a
    new name instead; reloaded, the page shows the Kingdom Builder game as saved."""
    path = tmp_path / "new.yaml"
    with serving(targets_for(path, tmp_path)[0]) as url, watched(context, url) as page:
        for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
            page.select_option(f'select[aria-label="card {n}"]', card)
        page.wait_for_selector("table.score")
        assert page.locator("#unsaved").is_visible()
        save(page)
        assert not page.locator("#unsaved").is_visible()
        saved = path.read_text()
        page.get_by_role("button", name="Great Wall of China").click()
        page.wait_for_selector("#notice:has-text('new.yaml holds a Kingdom Builder game')")
        open_file(page, EXAMPLES / "great-wall-last-round.yaml")
        page.wait_for_selector("#result .winners")
        page.click("#save")
        page.wait_for_selector("#status:has-text('Not saved: new.yaml holds a Kingdom Builder game, "
                               "not this Great Wall of China one')")
        assert page.locator("#notice li").all_inner_texts() == ["the Kingdom Builder game saved in new.yaml"]
        assert path.read_text() == saved
        page.get_by_role("button", name="Save under a new name").click()
        page.wait_for_selector("#status:text-is('Saved new-2.yaml')")  # its name: the page shows no path of the server's
        assert path.read_text() == saved
        assert cli_json("great-wall", tmp_path / "new-2.yaml") == cli_json("great-wall", EXAMPLES / "great-wall-last-round.yaml")
        page.reload()  # a new file saved once reloads as saved, not as a blank form
        page.wait_for_selector("table.score")
        assert page.locator('select[aria-label="card 1"]').input_value() == "fishermen"


def test_two_tabs_on_one_file_the_later_save_does_not_undo_the_earlier(context, tmp_path):
    """Tab B changes a card; tab A empties A10 (Clara's) and saves; B, its edit not saved, saves:
    refused, listing row A as tab A saved it; B reloads the file and saves its card over A's work."""
    game = GAMES["kingdom-builder"]
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))
    board = game.board_picture(game.load(path))
    args = (board.spots, board.drawing.width, board.drawing.height)
    assert dict(game.load(path).settlements)[(0, 9)] == "3"
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as a, watched(context, url) as b:
        a.wait_for_selector("table.score")
        b.wait_for_selector("table.score")
        a.locator(".board-frame").scroll_into_view_if_needed()
        b.select_option('select[aria-label="card 2"]', "miners")
        b.wait_for_selector("#unsaved:visible")
        tap(a, *args, "A10")  # Clara's (3), the last player: one tap empties it
        a.wait_for_selector("#unsaved:visible")
        save(a)
        assert (0, 9) not in dict(game.load(path).settlements)
        b.wait_for_selector("#status:has-text('was saved in another tab')")
        assert b.locator("#unsaved").is_visible()
        b.click("#save")
        b.wait_for_selector("#status:has-text('Not saved: first-game.yaml has changed since this page opened it')")
        assert any(line.startswith("settlements, line 3:") for line in b.locator("#notice li").all_inner_texts())
        assert (0, 9) not in dict(game.load(path).settlements)
        b.get_by_role("button", name="Reload the file (drops the edits here)").click()
        until(b, lambda: b.locator('select[aria-label="card 2"]').input_value() == "knights")  # as the file has it
        b.select_option('select[aria-label="card 2"]', "miners")
        save(b)
        kept = game.load(path)
        assert (0, 9) not in dict(kept.settlements) and kept.cards[1] == "miners"


def test_a_file_spoilt_while_the_desk_runs_shows_its_problem_and_text(context, tmp_path):
    path = Path(shutil.copy(EXAMPLES / "great-wall-last-round.yaml", tmp_path / "spoil.yaml"))
    with serving({"great-wall": path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("#result .winners")
        path.write_text("game: great-wall\nplayers: [Anna\n", encoding="utf-8")
        page.reload()
        page.wait_for_selector("fieldset.unreadable legend:text-is('spoil.yaml cannot be read')")
        assert page.locator("#status").inner_text().startswith("spoil.yaml cannot be read: 1 problem,")
        assert page.locator("fieldset.unreadable li").count() == 1
        assert "players: [Anna" in page.locator("pre.file-text").inner_text()
        assert page.locator("#save").is_disabled()
        page.get_by_role("button", name="Start a new position").click()
        page.wait_for_selector(".gw-section, button.add-section")
        assert page.locator("#save").is_enabled()


def test_edits_made_while_the_desk_does_not_answer_are_kept(context, desk):
    """The desk stops with the page open: every action says so, the edits stay marked, leaving
    asks first, and the page opened again offers them back."""
    path = desk[1]["kingdom-builder"]
    # A card other than the file's: edits the same as the file would be nothing to keep.
    chosen = "farmers" if path.exists() and GAMES["kingdom-builder"].load(path).cards[0] == "citizens" else "citizens"
    with watched(context, desk[0], offline=True) as page:
        for n, card in enumerate(("fishermen", "knights", "merchants"), start=1):
            page.select_option(f'select[aria-label="card {n}"]', card)
        page.wait_for_selector("table.score")
        page.route("**/api/**", lambda route: route.abort())  # the desk stopped
        page.select_option('select[aria-label="card 1"]', chosen)
        page.wait_for_selector("#status:has-text('Not checked: the desk does not answer')")
        page.click("#save")
        page.wait_for_selector("#status:has-text('Not saved: the desk does not answer')")
        assert page.locator("#unsaved").is_visible()
        asked = []
        page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.dismiss()))
        page.close(run_before_unload=True)
        until(page, lambda: asked)  # dismissed: the page stays, edits and all
        assert asked == ["beforeunload"] and page.locator('select[aria-label="card 1"]').input_value() == chosen
    with watched(context, desk[0]) as page:
        page.wait_for_selector("#notice:has-text('are kept in this browser')")
        page.get_by_role("button", name="Restore them").click()
        until(page, lambda: page.locator('select[aria-label="card 1"]').input_value() == chosen)
        assert page.locator('select[aria-label="card 3"]').input_value() == "merchants"
        save(page)
        assert GAMES["kingdom-builder"].load(path).cards[0] == chosen


def test_a_tap_made_while_a_save_is_under_way_stays_not_saved(browser, tmp_path):
    """A10 tapped while a save is under way (its answer held back, as on a busy machine, where the
    page runs the tap before it reads the answer): the file holds the position as Save sent it, and
    the tap stays marked not saved and kept in the browser; Save again writes it. The page once
    marked the tap saved when the answer came, and closing it lost the tap."""
    game = GAMES["kingdom-builder"]
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))
    settlements = dict(game.load(path).settlements)
    assert settlements[(0, 9)] == "3"
    board = game.board_picture(game.load(path))
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("table.score")  # the board shown, its hexes known
        saving, evaluating = [], []
        page.route("**/api/save", lambda route: saving.append(route))
        page.click("#save")
        until(page, lambda: saving)
        assert page.locator("#unsaved").is_hidden()
        # The tap's evaluation held too: its answer, after the save's, would say the result instead of "Saved".
        page.route("**/api/evaluate", lambda route: evaluating.append(route))
        page.evaluate("window.scrollTo(0, 0)")  # row A in view
        tap(page, board.spots, board.drawing.width, board.drawing.height, "A10")  # Clara's (3), the last player: one tap empties it
        page.wait_for_selector("#unsaved:not([hidden])")
        until(page, lambda: evaluating)
        saving[0].continue_()
        page.wait_for_selector("#status:has-text('Saved')")
        assert dict(game.load(path).settlements) == settlements  # as Save sent it: A10 Clara's
        assert page.locator("#unsaved").is_visible()
        assert kept(page)["settlements"].splitlines()[0].split()[9] == "."  # row A: A10 empty
        assert page.locator("#status").inner_text().endswith("as it was when Save was clicked: the edits since are not saved yet")
        for route in evaluating:
            route.continue_()
        page.unroute("**/api/evaluate")
        page.unroute("**/api/save")
        page.click("#save")
        page.wait_for_selector("#unsaved[hidden]", state="attached")
    context.close()
    del settlements[(0, 9)]
    assert dict(game.load(path).settlements) == settlements


def test_a_key_two_players_would_share_is_refused_and_a_new_key_renames_the_settlements(context, tmp_path):
    """Typing Boris's key 2 as Anna's once merged their settlements; changing it back gave all to
    Anna. Now the field refuses it, and a free key takes Anna's settlements with it."""
    game = GAMES["kingdom-builder"]
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))
    owners = sorted(dict(game.load(path).settlements).values())
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("table.score")
        totals = page.locator(".totals").inner_text()
        key = page.locator('input[aria-label="key of player 1"]')
        key.fill("2")
        key.press("Tab")
        page.wait_for_selector(".key-note:text-is(\"Not changed: 2 is Boris's key; each player needs a key of their own\")")
        assert key.input_value() == "1" and not page.locator("#unsaved").is_visible()
        key.fill("a")
        key.press("Tab")
        page.wait_for_selector("#unsaved:visible")
        page.wait_for_selector("table.score")
        assert page.locator(".totals").inner_text() == totals and page.locator(".key-note").count() == 0
        save(page)
    # Anna's settlements (key 1) are all hers still, now under key a; Boris's and Clara's as they were.
    assert sorted(dict(game.load(path).settlements).values()) == sorted("a" if o == "1" else o for o in owners)


@pytest.mark.parametrize("page", ["carolus-magnus"], indirect=True)
def test_every_problem_the_desk_reports_is_on_the_page(page):
    """30 white castles in C: the castles field and white's count on the board are both wrong; the status
    once said "2 problems" with one note to be seen."""
    open_file(page, EXAMPLES / "carolus-magnus-counterattack.yaml")
    page.wait_for_selector("#result .winners")
    shown = []
    page.on("response", lambda r: shown.append(r.json()) if r.url.endswith("/api/evaluate") else None)
    page.fill('input[aria-label="castles in C"]', "30")
    until(page, lambda: shown and shown[-1]["problems"])
    page.wait_for_selector(".problem-note")
    problems = shown[-1]["problems"]
    assert page.locator("#status").inner_text() == f"{len(problems)} problem{'s' if len(problems) > 1 else ''}: see the red notes"
    visible = [n for n in page.locator(".problem-note").all() if n.is_visible()]
    assert sorted(n.inner_text() for n in visible) == sorted(p["message"] for p in problems)


@pytest.mark.parametrize("game_id", ["kingdom-builder", "great-wall", "carolus-magnus"])
def test_on_a_phone_every_control_is_at_least_40_px_tall(browser, game_id, tmp_path):
    """A finger covers about 40 px: at 390 px wide once 32 to 127 controls a page were smaller."""
    example = {"kingdom-builder": "first-game.yaml", "great-wall": "great-wall-last-round.yaml",
               "carolus-magnus": "carolus-magnus-counterattack.yaml"}[game_id]
    path = Path(shutil.copy(EXAMPLES / example, tmp_path / example))
    context = browser.new_context(viewport=SIZES["phone"])
    with serving({game_id: path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("#result :is(table, .winners)")
        assert small_controls(page) == []
    context.close()


def test_a_new_file_shows_no_problems_until_an_edit(context, tmp_path):
    """`pnp desk new.yaml`: the blank Kingdom Builder form has no cards chosen; nothing is done yet,
    so no note shows. Choosing the first card is an edit: the cards are then pointed out as the
    checker says it of `cards: [fishermen]` (once "unknown card ''" for each slot not chosen)."""
    with serving(targets_for(tmp_path / "new.yaml", tmp_path)[0]) as url, watched(context, url) as page:
        wait_until(page, "document.querySelector('#status').textContent.startsWith('A new position')")
        assert page.locator(".problem-note").count() == 0
        page.select_option('select[aria-label="card 1"]', "fishermen")
        page.locator(".problem-note").first.wait_for()
        assert page.locator(".problem-note").all_inner_texts() == ["1 card given, a game uses exactly 3"]


def test_a_form_without_cards_shows_what_pnp_check_says(context, tmp_path):
    """A form from `pnp template kingdom-builder` has `cards: []`: the desk once said "unknown
    card ''" three times where `pnp check` says "0 cards given" once; now the same one problem."""
    from typer.testing import CliRunner

    from pnp.cli.app import app

    path = tmp_path / "game.yaml"
    assert CliRunner().invoke(app, ["template", "kingdom-builder", "--out", str(path)]).exit_code == 0
    checked = CliRunner().invoke(app, ["check", "kingdom-builder", str(path)])
    assert checked.exit_code == 1
    said = [line.split(": ", 1)[1] for line in checked.stderr.splitlines()]
    assert said == ["0 cards given, a game uses exactly 3"]
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
        page.select_option('select[aria-label="lords with zero settlements"]', "excluded")  # an edit: problems show
        page.locator(".problem-note").first.wait_for()
        assert page.locator(".problem-note").all_inner_texts() == said


@pytest.mark.parametrize("page", ["carolus-magnus"], indirect=True)
def test_carolus_magnus_courts_in_player_order(page, tmp_path):
    """A file naming Bruno, then Wanda, with their courts written the other way round: the courts
    are listed in player order, Bruno first, the markers' row last."""
    text = (EXAMPLES / "carolus-magnus-counterattack.yaml").read_text(encoding="utf-8")
    wanda, bruno = "  - {name: Wanda, side: white}\n", "  - {name: Bruno, side: black}\n"
    assert wanda + bruno in text
    (tmp_path / "swapped.yaml").write_text(text.replace(wanda + bruno, bruno + wanda), encoding="utf-8")
    open_file(page, tmp_path / "swapped.yaml")
    # The file opened, not the desk's own shown before (which may name Wanda first).
    wait_until(page, "document.querySelector('.cm-top fieldset input').value === 'Bruno'")
    assert page.locator("table.courts tbody th").all_inner_texts() == ["Bruno", "Wanda", "marker"]


def test_a_photo_over_the_limit_is_refused_in_the_page_s_words(page, tmp_path):
    """A photo one byte over the desk's limit (MAX_PHOTO, 64 MiB) is refused before it is sent, with
    its size and the limit; nothing is shown as a photo."""
    from pnp.inputs import MAX_PHOTO

    big = tmp_path / "big.jpg"
    with big.open("wb") as file:
        file.truncate(MAX_PHOTO + 1)  # sparse: no 64 MiB written
    page.set_input_files(".kb-board input[type=file]", str(big))
    page.wait_for_selector(".scan-message.bad")
    assert page.locator(".scan-message").inner_text() == (
        "big.jpg is 64.1 MiB; the desk reads photos of at most 64 MiB: send a smaller one (a phone's photo is a few MiB).")
    assert page.locator(".photo-frame img").count() == 0


def test_a_refusal_in_plain_text_is_shown_as_it_is_said(page, tmp_path):
    """A transcription over the 1 MiB the desk takes at once is refused (413) by the desk's guard,
    in plain text: the page says that text, not just "error 413"."""
    big = tmp_path / "big.yaml"
    big.write_bytes(b"#" * (2 * 2**20))
    page.set_input_files("#open-file", str(big))
    page.wait_for_selector("#status:has-text('Not opened')")
    assert page.locator("#status").inner_text() == "Not opened: Too large: the desk takes at most 1024 KiB at once."


def test_a_photo_too_small_or_no_image_at_all_is_said_so(page, tmp_path):
    """A 1 × 1 PNG is 0.000001 megapixels, under the scanner's 1 (MIN_PIXELS): refused in words,
    not stretched across the page; a text file is no photo: said so, not shown as a broken image."""
    import cv2
    import numpy as np

    cv2.imwrite(str(tmp_path / "dot.png"), np.zeros((1, 1, 3), np.uint8))
    page.set_input_files(".kb-board input[type=file]", str(tmp_path / "dot.png"))
    page.wait_for_selector(".scan-message.bad")
    assert page.locator(".scan-message").inner_text() == (
        "dot.png is 1 × 1 pixels (0.0 megapixels): too small to scan; the desk reads photos of 1 to 50 megapixels.")
    assert page.locator(".photo-frame img").count() == 0
    (tmp_path / "notes.txt").write_text("not a photo", encoding="utf-8")
    page.set_input_files(".kb-board input[type=file]", str(tmp_path / "notes.txt"))
    page.wait_for_selector(".scan-message:has-text('notes.txt')")
    assert page.locator(".scan-message").inner_text() == "notes.txt is not a photo: the desk reads JPEG or PNG photos of the board."
    assert page.locator(".photo-frame img").count() == 0


@pytest.mark.parametrize("page", ["great-wall"], indirect=True)
def test_result_json_right_after_an_edit_includes_the_edit(page):
    """Result JSON clicked while the edit's evaluation is still under way waits for it: the file
    holds the result with the edit. Section 3 of the example gives Anna 2, Boris 1 (`pnp score`); a
    Wall added there is worth 1 to its player: Anna's makes her 3; made Boris's, Anna 2 and Boris 2."""
    open_file(page, EXAMPLES / "great-wall-last-round.yaml")
    page.wait_for_selector("#result .winners:has-text('Winner: Clara')")
    section = page.locator(".gw-section").nth(2)
    section.get_by_role("button", name="Add a card").click()  # Anna's Wall
    page.wait_for_selector("#result tbody tr:nth-child(3) td:nth-child(2):text-is('3')")
    saved = download_right_after(page, lambda: section.locator('select[aria-label="player of card 5"]').select_option("Boris"),
                                 "#download-json")
    result = json.loads(saved.read_text(encoding="utf-8"))
    assert result["sections"][2]["success"] == {"Anna": 2, "Boris": 2, "Clara": 1}


SHOWN = """[...document.querySelectorAll('#editor input, #editor select')].some((f) => f.value === '%s')"""  # a field holds it


# Each field as wide as what it shows: an input's text overflows when scrollWidth > clientWidth; a
# select's chosen name, measured in the select's font, must fit beside its arrow (about 20 px).
CUT_OFF = """() => [...document.querySelectorAll("#editor input:not([type=checkbox]), #editor select")]
  .filter((f) => f.getClientRects().length && f.value)
  .filter((f) => {
    if (f.tagName === "INPUT") return f.scrollWidth > f.clientWidth;
    const ctx = document.createElement("canvas").getContext("2d");
    ctx.font = getComputedStyle(f).font;
    return ctx.measureText(f.selectedOptions[0].text).width + 20 > f.clientWidth;
  }).map((f) => `${f.getAttribute("aria-label")}: ${f.value}`)"""


@pytest.mark.parametrize("example", ["first-game.yaml", "carolus-magnus-counterattack.yaml"])
def test_fields_show_their_whole_value(context, desk, example):
    """Section names like kb1-1000-paddock and clan markers held by Wanda or Bruno are shown whole,
    at a phone's width and a laptop's."""
    with watched(context, desk[0]) as page:
        open_file(page, EXAMPLES / example)
        wait_until(page, SHOWN % {"first-game.yaml": "kb1-1000-tavern"}.get(example, "Bruno"))
        assert page.evaluate(CUT_OFF) == []


def test_a_files_boards_dir_is_read_and_kept_by_a_save(context, tmp_path):
    """A form naming its folder of sections (`boards_dir: sections`, as `pnp template --boards-dir`
    writes it): the desk finds the section there, and a save keeps the line, so `pnp check` still can."""
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "my-farm.txt").write_text((EXAMPLES.parent / "kb1-1000-farm.txt").read_text())
    path = tmp_path / "game.yaml"
    path.write_text((EXAMPLES / "first-game.yaml").read_text().replace(
        "kb1-1000-oasis, kb1-1000-farm]", "kb1-1000-oasis, my-farm]\nboards_dir: sections"))
    with serving({"kingdom-builder": path}, path) as url, watched(context, url) as page:
        page.wait_for_selector("table.score")
        page.select_option('select[aria-label="lords with zero settlements"]', "excluded")
        save(page)
    saved = GAMES["kingdom-builder"].load(path)
    assert saved.boards_dir == "sections" and saved.lords_zero == "excluded"
    assert saved.board.placements[3].section.name == "my-farm"
