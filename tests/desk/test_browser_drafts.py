"""No path loses work: a draft per tab (a save in one tab never removes another's, tabs closed
unsaved all come back, an edit made while drafts are offered writes over none); tabs follow each
other's saves; a desk started again in its folder, or for its file on another port, finds its
file and its drafts (kept by the desk); taps made while the desk does not answer show at once and
are checked when it answers. Chromium through Playwright, as the other desk browser tests; a tab
"killed" is a page closed without being asked (no beforeunload)."""

import json
import shutil
from pathlib import Path

import pytest

from pnp.cli.desk import resumed, targets_for
from pnp.games import GAMES
from tests.desk.browsing import EXAMPLES, cli_json, serving, tap, until, watched

CARD = 'select[aria-label="card {}"]'
OFFERS = "#notice .draft p"
KB = GAMES["kingdom-builder"]


@pytest.fixture
def desktop(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


@pytest.fixture
def example(tmp_path) -> Path:
    """first-game.yaml's copy: cards fishermen, knights, merchants."""
    return Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))


def card(page, n: int) -> str:
    return page.locator(CARD.format(n)).input_value()


def choose(page, n: int, value: str) -> None:
    """Card `n` chosen, the edit marked not saved (and so kept)."""
    page.wait_for_selector("table.score")
    page.select_option(CARD.format(n), value)
    page.wait_for_selector("#unsaved:not([hidden])")


def offered(page, count: int) -> list[str]:
    """The drafts the page offers back, once there are `count` of them."""
    until(page, lambda: page.locator(OFFERS).count() == count)
    return page.locator(OFFERS).all_inner_texts()


def restore(page, index: int) -> None:
    page.locator("#notice .draft").nth(index).get_by_role("button", name="Restore them").click()


def drafts(page) -> list[dict]:
    """The positions this browser keeps as drafts (the page's origin's)."""
    return [json.loads(text)["document"] for text in page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('pnp-desk ')).map(k => localStorage.getItem(k))")]


def test_a_save_in_one_tab_keeps_the_draft_of_another(desktop, example):
    """Tab B chooses miners for card 2; tab A chooses farmers for card 1 and saves. Before, A's
    save removed the one draft of the file, B's, while B still said "not saved"; both tabs
    closed, B's edit was gone. Now B stays not saved, and a tab opened later offers B's edit."""
    with serving({"kingdom-builder": example}, example) as url:
        with watched(desktop, url) as a, watched(desktop, url) as b:
            choose(b, 2, "miners")
            choose(a, 1, "farmers")
            a.click("#save")
            a.wait_for_selector("#status:text-is('Saved first-game.yaml')")
            assert [d["cards"] for d in drafts(b)] == [["fishermen", "miners", "merchants"]]
            b.wait_for_selector("#status:has-text('was saved in another tab')")
            assert b.locator("#unsaved").is_visible() and card(b, 2) == "miners"
        assert KB.load(example).cards == ("farmers", "knights", "merchants")
        with watched(desktop, url) as c:
            [text] = offered(c, 1)
            assert "(1 edit)" in text and "made on an earlier version of the file" in text
            restore(c, 0)
            until(c, lambda: card(c, 2) == "miners")
            assert card(c, 1) == "fishermen"  # B's edit was made on the file before A's save
            assert c.locator("#unsaved").is_visible()


def test_two_tabs_closed_unsaved_both_come_back(desktop, example):
    """Tab A chooses farmers for card 1, tab B then miners for card 2; both are closed unsaved.
    Before, only B's edit came back. Now a new tab offers both, the newest first; restoring one
    leaves the other offered."""
    with serving({"kingdom-builder": example}, example) as url:
        with watched(desktop, url) as a, watched(desktop, url) as b:
            choose(a, 1, "farmers")
            choose(b, 2, "miners")
        with watched(desktop, url) as c:
            texts = offered(c, 2)
            assert all("(1 edit)" in text and "kept in this browser" in text for text in texts)
            restore(c, 0)  # the newest: B's
            until(c, lambda: card(c, 2) == "miners")
            assert card(c, 1) == "fishermen" and offered(c, 1)
            restore(c, 0)  # A's
            until(c, lambda: card(c, 1) == "farmers")
            assert card(c, 2) == "knights"


@pytest.mark.parametrize("kept_by", ["browser", "desk"])
def test_undo_after_a_restore_steps_back_through_the_edits_made_before(browser, tmp_path, example, kept_by):
    """Tab A chooses farmers for card 1, then miners for card 2, and is closed unsaved. Before, a
    restored draft started a new history: the first Undo went straight back to the file, both
    edits at once. Now the history comes with the draft (kept by the browser, or by the desk for
    a browser that keeps none, as on another port): Undo takes back miners, then farmers, the
    page then marked saved (the file holds fishermen, knights, merchants), and Redo puts both
    back."""
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    state = tmp_path / "state"
    try:
        with serving({"kingdom-builder": example}, example, state=state) as url:
            with watched(contexts[0], url) as a:
                choose(a, 1, "farmers")
                choose(a, 2, "miners")
                a.wait_for_timeout(500)  # the draft sent to the desk (200 ms after the last edit)
            with watched(contexts[0 if kept_by == "browser" else 1], url) as b:
                [text] = offered(b, 1)
                assert "(2 edits)" in text and f"kept {'in this browser' if kept_by == 'browser' else 'by the desk'}" in text
                restore(b, 0)
                until(b, lambda: card(b, 2) == "miners")
                b.click("#undo")
                until(b, lambda: card(b, 2) == "knights")
                assert card(b, 1) == "farmers" and b.locator("#unsaved").is_visible()
                b.click("#undo")
                until(b, lambda: card(b, 1) == "fishermen")
                assert card(b, 2) == "knights"
                b.wait_for_selector("#unsaved", state="hidden")
                assert b.locator("#undo").is_disabled()
                b.click("#redo")
                b.click("#redo")
                until(b, lambda: card(b, 2) == "miners")
                assert card(b, 1) == "farmers" and b.locator("#redo").is_disabled()
    finally:
        for context in contexts:
            context.close()


def test_a_draft_keeps_the_last_50_steps(desktop, tmp_path, example):
    """60 edits (card 1 changed back and forth): the draft, in the browser and by the desk, holds
    the last 50 positions (the page itself keeps 200), ending on the one shown; the 50th from the
    end is the 11th edit's (card 1 farmers: the odd edits choose farmers, the even fishermen)."""
    with serving({"kingdom-builder": example}, example, state=tmp_path / "state") as url, watched(desktop, url) as page:
        page.wait_for_selector("table.score")
        for n in range(1, 61):
            page.select_option(CARD.format(1), "farmers" if n % 2 else "fishermen")
        page.wait_for_timeout(500)  # the last draft sent to the desk (200 ms after the last edit)
        [kept] = [json.loads(text) for text in page.evaluate(
            "Object.keys(localStorage).filter(k => k.startsWith('pnp-desk ')).map(k => localStorage.getItem(k))")]
        [by_desk] = page.request.get(url + "api/drafts/kingdom-builder?file=first-game.yaml").json()["drafts"]
        for history in (kept["history"], by_desk["history"]):
            assert len(history["states"]) == 50 and history["at"] == 49
            assert json.loads(history["states"][-1])["document"] == kept["document"]
            assert json.loads(history["states"][0])["document"]["cards"] == ["farmers", "knights", "merchants"]


def test_an_edit_made_while_drafts_are_offered_writes_over_none(desktop, example):
    """Tab A chooses farmers for card 1 and is closed unsaved. Tab B, offered it, ignores the
    offer, chooses lords for card 3 and is closed too. Before, B's edit replaced A's draft. Now a
    third tab offers both."""
    with serving({"kingdom-builder": example}, example) as url:
        with watched(desktop, url) as a:
            choose(a, 1, "farmers")
        with watched(desktop, url) as b:
            offered(b, 1)
            choose(b, 3, "lords")
        with watched(desktop, url) as c:
            offered(c, 2)
            restore(c, 1)  # the older: A's
            until(c, lambda: card(c, 1) == "farmers")
            assert card(c, 3) == "merchants"
            restore(c, 0)  # B's
            until(c, lambda: card(c, 3) == "lords")
            assert card(c, 1) == "fishermen"


def test_a_draft_kept_before_drafts_per_tab_is_offered(desktop, example):
    """A draft as the page kept one before drafts per tab (`pnp-desk FILE GAME`, no tab): offered,
    and restored as before."""
    with serving({"kingdom-builder": example}, example) as url:
        with watched(desktop, url) as a:
            choose(a, 1, "farmers")
            a.evaluate("""() => { const key = Object.keys(localStorage).find(k => k.startsWith('pnp-desk '));
                const { document, version, at } = JSON.parse(localStorage.getItem(key));
                localStorage.clear();
                localStorage.setItem('pnp-desk first-game.yaml kingdom-builder', JSON.stringify({ game: 'kingdom-builder',
                  document, version, at })); }""")
        with watched(desktop, url) as b:
            [text] = offered(b, 1)
            assert text.startswith("Edits not saved, from ") and text.endswith(", are kept in this browser.")  # how many: not known
            restore(b, 0)
            until(b, lambda: card(b, 1) == "farmers")
            assert [d["cards"][0] for d in drafts(b)] == ["farmers"]  # now this tab's draft, the old key gone


def test_a_save_under_a_new_name_moves_the_other_tabs_save(desktop, example):
    """Tab A saves farmers for card 1, then chooses lords for card 3 (not saved); tab B, with
    miners for card 2 chosen before A's save, saves: refused, then saved under a new name,
    first-game-2.yaml. Before, A's button still said "Save first-game.yaml" while its save
    offered to overwrite first-game-2.yaml. Now A's button names first-game-2.yaml, A's edit stays
    not saved and its save asks first, naming that file; tab C, without edits, shows what B saved."""
    with serving({"kingdom-builder": example}, example) as url:
        with watched(desktop, url) as a, watched(desktop, url) as b, watched(desktop, url) as c:
            c.wait_for_selector("table.score")
            choose(b, 2, "miners")
            choose(a, 1, "farmers")
            a.click("#save")
            a.wait_for_selector("#status:text-is('Saved first-game.yaml')")
            choose(a, 3, "lords")
            until(c, lambda: card(c, 1) == "farmers")  # C, without edits, follows A's save
            b.click("#save")
            b.get_by_role("button", name="Save under a new name").click()
            b.wait_for_selector("#status:text-is('Saved first-game-2.yaml')")
            a.wait_for_selector("#save:text-is('Save first-game-2.yaml')")
            assert a.locator("#unsaved").is_visible() and card(a, 3) == "lords"
            a.click("#save")
            a.wait_for_selector("#status:has-text('Not saved: first-game-2.yaml has changed since this page opened it')")
            assert a.get_by_role("button", name="Overwrite first-game-2.yaml").is_visible()
            c.wait_for_selector("#save:text-is('Save first-game-2.yaml')")
            until(c, lambda: card(c, 2) == "miners")
            assert card(c, 1) == "fishermen" and c.locator("#unsaved").is_hidden()
    assert KB.load(example.parent / "first-game-2.yaml").cards == ("fishermen", "miners", "merchants")


def stored(state: Path) -> list[dict]:
    """The drafts the desk keeps, as written."""
    return [json.loads(p.read_text()) for p in sorted((state / "drafts").glob("*/*.json"))] if (state / "drafts").is_dir() else []


def test_a_desk_started_again_finds_its_file_and_drafts_on_any_port(browser, tmp_path):
    """`pnp desk` in an empty folder: cards chosen, saved (kingdom-builder.yaml), farmers chosen
    for card 1, the desk stopped. Before, `pnp desk` there again showed a blank
    kingdom-builder-2.yaml and nothing to restore, and `pnp desk kingdom-builder.yaml` (another
    port: another browser storage) could not see the draft either. Now the first opens
    kingdom-builder.yaml again, saying so, and both offer the edit (kept by the desk)."""
    folder, state = tmp_path / "games", tmp_path / "state"
    folder.mkdir()
    targets, _ = targets_for(None, folder)
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    with serving(targets, None, state=state) as url, watched(contexts[0], url) as page:
        for n, chosen in enumerate(("fishermen", "knights", "merchants"), start=1):
            page.select_option(CARD.format(n), chosen)
        page.wait_for_selector("table.score")
        page.click("#save")
        page.wait_for_selector("#status:text-is('Saved kingdom-builder.yaml')")
        choose(page, 1, "farmers")
        until(page, lambda: [d["document"]["cards"][0] for d in stored(state)] == ["farmers"])
    saved = folder / "kingdom-builder.yaml"
    again, opened = resumed(targets_for(None, folder)[0], folder, state)  # as `pnp desk` there again
    assert opened == saved.resolve()
    with serving(again, opened, state=state, resumed=opened.name) as url, watched(contexts[1], url) as page:
        page.wait_for_selector("#resumed:text-is('Opened kingdom-builder.yaml again: the game saved last in this folder. "
                               "To start a new game, run pnp desk NEW.yaml.')")
        assert page.locator("#save").inner_text() == "Save kingdom-builder.yaml"
        [text] = offered(page, 1)
        assert "kept by the desk" in text and "(1 edit)" in text
        assert card(page, 1) == "fishermen"  # the file as saved, until the draft is restored
    file_targets, opened = targets_for(saved, folder)  # as `pnp desk kingdom-builder.yaml`
    with serving(file_targets, opened, state=state) as url, watched(contexts[2], url) as page:
        offered(page, 1)
        restore(page, 0)
        until(page, lambda: card(page, 1) == "farmers")
        page.click("#save")
        page.wait_for_selector("#status:text-is('Saved kingdom-builder.yaml')")
        until(page, lambda: stored(state) == [])  # saved: the draft goes
    for context in contexts:
        context.close()
    assert KB.load(saved).cards == ("farmers", "knights", "merchants")


def test_taps_made_while_the_desk_does_not_answer_show_and_are_checked_when_it_answers(desktop, example, tmp_path):
    """The desk stops answering; A10 (Clara's) is tapped empty and the first open empty hex of
    row A given to Clara instead (three taps: Anna and Boris have all their 40). Before, neither showed on the board nor, after the desk answered again
    and Save, in the totals. Now the board shows the settlements as the page holds them at once,
    the result is marked not checked, Save says the desk does not answer; Retry now, once it
    answers, shows the totals `pnp score` gives for the position with both taps, and Save writes it."""
    board = KB.board_picture(KB.load(example))
    owners = dict(KB.load(example).settlements)
    empty = next(s.name for s in board.spots if s.name.startswith("A") and s.open and (0, int(s.name[1:]) - 1) not in owners)
    # What the page should end with: row A of the file's settlements with A10 emptied and `empty` Clara's (key 3).
    text = example.read_text()
    row_a = next(line for line in text.splitlines() if line.endswith("# A"))
    tokens = row_a.split("#")[0].split()
    tokens[9], tokens[int(empty[1:]) - 1] = ".", "3"
    expected = tmp_path / "expected.yaml"
    expected.write_text(text.replace(row_a, "  " + " ".join(tokens) + "  # A"))
    before = [p["total"] for p in cli_json("kingdom-builder", example)["players"]]
    after = [p["total"] for p in cli_json("kingdom-builder", expected)["players"]]
    assert before != after  # else the totals could not tell
    args = (board.spots, board.drawing.width, board.drawing.height)
    with serving({"kingdom-builder": example}, example) as url, watched(desktop, url, offline=True) as page:
        page.wait_for_selector("table.score")
        page.route("**/api/**", lambda route: route.abort())  # the desk stopped
        page.evaluate("window.scrollTo(0, 0)")  # row A in view
        tap(page, *args, "A10")
        page.wait_for_selector("#status:has-text('Not checked: the desk does not answer')")
        tap(page, *args, empty)
        page.wait_for_selector(f"svg.drawn-here circle[data-hex='{empty}'].p0")  # Anna's, at once
        tap(page, *args, empty)
        page.wait_for_selector(f"svg.drawn-here circle[data-hex='{empty}'].p1")
        tap(page, *args, empty)
        page.wait_for_selector(f"svg.drawn-here circle[data-hex='{empty}'].p2")
        assert page.locator("svg.drawn-here circle[data-hex='A10']").count() == 0
        assert page.locator("svg.drawn-here circle").count() == len(owners)  # one moved
        assert page.locator("#result .unchecked").is_visible() and page.locator("#retry").is_visible()
        page.click("#save")
        page.wait_for_selector("#status:has-text('Not saved: the desk does not answer')")
        page.unroute("**/api/**")  # the desk answers again
        page.click("#retry")
        page.wait_for_selector("#retry", state="hidden")
        until(page, lambda: page.locator("tfoot td.total").all_inner_texts() == [str(t) for t in after])
        assert page.locator("svg.drawn-here").count() == 0 and page.locator("#result .unchecked").count() == 0
        page.click("#save")
        page.wait_for_selector("#status:text-is('Saved first-game.yaml')")
    assert dict(KB.load(example).settlements) == dict(KB.load(expected).settlements)
