"""The desk's page in the player's language: a desk started with `--lang ru` or `--lang fa` shows
each game's page, its labels, titles and the desk's answers in that language (English only for
what is typed or named as it stands: ids, file names, player names, hex coordinates), right to
left in Persian, and passes the accessibility audit there."""

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
import yaml

from pnp.cli.desk import targets_for
from tests.cli.test_languages import COMMANDS, FIELDS, NAMES, VALUES, english_words
from tests.desk.browsing import EXAMPLES, SIZES, open_file, serving, wait_until, watched
from tests.desk.test_browser_access import PAGES, serious_violations

# What the page may show in Latin letters: what the command line may (commands, option values,
# program and format names; not the YAML keys it may quote, which the page never shows), keys to
# press, and the names the example files give the players.
KEYS = {"Ctrl", "Ctrl+Shift", "Enter"}
# Kingdom Builder's card ids: what the file holds, as `pnp check` names them in its summary.
CARDS = {"fishermen", "miners", "merchants", "workers", "discoverers", "knights", "hermits", "lords", "citizens", "farmers"}


def player_names() -> set[str]:
    names = set()
    for example in PAGES.values():
        for player in yaml.safe_load((EXAMPLES / example).read_text(encoding="utf-8"))["players"]:
            names.add(player["name"] if isinstance(player, dict) else player)
    return names


ALLOWED = COMMANDS | VALUES | NAMES | KEYS | CARDS | player_names()

# Every text the page shows or says: its title, its visible text (the explanation opened), the
# labels, titles, descriptions and alternative texts of its elements, and every choice of its selects.
SHOWN = """() => {
  document.querySelectorAll('details').forEach((box) => { box.open = true; });
  const named = ['aria-label', 'title', 'alt', 'aria-roledescription', 'placeholder'];
  const attributes = [...document.querySelectorAll('*')].flatMap((node) => named.map((name) => node.getAttribute(name)));
  const choices = [...document.querySelectorAll('select option')].map((option) => option.label);
  return [document.title, document.body.innerText, ...attributes, ...choices].filter(Boolean).join('\\n');
}"""


@contextmanager
def desk_in(lang: str, folder: Path) -> Iterator[str]:
    """A desk speaking `lang`, each game's file in `folder` its example (a finished position:
    results shown): its URL."""
    targets = {game_id: path for game_id, path in targets_for(None, folder)[0].items() if game_id in PAGES}
    for game_id, path in targets.items():
        shutil.copy(EXAMPLES / PAGES[game_id], path)
    with serving(targets, lang=lang) as url:
        yield url


@pytest.fixture(scope="module", params=["ru", "fa"])
def speaking(request, tmp_path_factory):
    with desk_in(request.param, tmp_path_factory.mktemp(f"desk-{request.param}")) as url:
        yield url, request.param


@pytest.fixture(scope="module")
def persian(tmp_path_factory):
    with desk_in("fa", tmp_path_factory.mktemp("desk-fa")) as url:
        yield url


@pytest.mark.parametrize("game_id", list(PAGES))
def test_every_word_on_the_page_is_in_the_language(browser, speaking, game_id):
    url, lang = speaking
    context = browser.new_context(viewport=SIZES["desktop"])
    with watched(context, f"{url}#{game_id}") as page:
        page.wait_for_selector("#result :is(table, .winners)")
        assert page.evaluate("[document.documentElement.lang, document.documentElement.dir]") == \
            [lang, "rtl" if lang == "fa" else "ltr"]
        text = page.evaluate(SHOWN)
        assert english_words(text, ALLOWED) == []
        # The desk's own answers too: the summary in the status line and the totals in the phone's bar.
        assert english_words(page.inner_text("#status") + "\n" + page.text_content("#bar-totals"), ALLOWED) == []
    context.close()


@pytest.mark.parametrize("game_id", list(PAGES))
def test_problems_are_said_in_the_language(browser, speaking, game_id, tmp_path):
    """The game's blank form (`pnp template`) opened: its problems, each by its field, and the
    status line saying how many, in the page's language."""
    from typer.testing import CliRunner

    from pnp.cli.app import app

    url, lang = speaking
    form = tmp_path / "form.yaml"
    made = CliRunner().invoke(app, ["template", game_id, "--out", str(form), "--players", "3", "--lang", lang])
    assert made.exit_code == 0, made.output
    if game_id == "carolus-magnus":  # its blank form has no problem: the Emperor put on a territory it lacks
        text = form.read_text(encoding="utf-8")
        assert "\nemperor: T1\n" in text
        form.write_text(text.replace("\nemperor: T1\n", "\nemperor: T99\n"), encoding="utf-8")
    context = browser.new_context(viewport=SIZES["desktop"])
    with watched(context, f"{url}#{game_id}") as page:
        open_file(page, form)
        page.wait_for_selector(".problem-note")
        assert page.get_attribute("#status", "class") == "bad"
        # A problem names the file's field as it is typed there (`emperor:`), as `pnp check` does.
        assert english_words(page.evaluate(SHOWN), ALLOWED | FIELDS) == []
    context.close()


def test_a_save_is_said_in_the_language(browser, speaking):
    """Save, and the status line says so in the page's language, the file's name isolated in
    Persian (the catalogs' `desk.page.saved`)."""
    url, lang = speaking
    said = {"ru": "Сохранено: great-wall.yaml", "fa": "در \u2068great-wall.yaml\u2069 ذخیره شد"}[lang]
    context = browser.new_context(viewport=SIZES["phone"])
    with watched(context, f"{url}#great-wall") as page:
        page.wait_for_selector("#result :is(table, .winners)")
        page.click("#save")
        wait_until(page, f"document.getElementById('status').textContent === {said!r}")
    context.close()


# The audit needs the page as it is, its script injected: this context bypasses the page's
# Content-Security-Policy to add axe-core, as test_browser_access does.
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game_id", list(PAGES))
def test_no_serious_accessibility_violation_in_persian(browser, persian, game_id, size):
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    with watched(context, f"{persian}#{game_id}") as page:
        page.wait_for_selector("#result :is(table, .winners)")
        if game_id == "kingdom-builder":  # the board zoomed, its cursor shown, as test_browser_access audits it
            page.locator(".zoom button").nth(1).click()
            page.focus(".board-frame")
            page.keyboard.press("ArrowRight")
        assert serious_violations(page) == []
    context.close()
