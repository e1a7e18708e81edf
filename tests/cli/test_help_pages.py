"""`--help` pages in the language `--lang` names: the texts the commands define, the headings and
the usage line's placeholders from the catalogs; what a catalog does not hold stays English."""

import inspect
import re

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.cli.localise import help_texts
from pnp.games import GAMES as REGISTRY

runner = CliRunner()
GAMES = tuple(REGISTRY)  # every game id, typed as it stands


def help_page(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def latin_left(page: str) -> list[str]:
    """The Latin words of a page that are not `pnp`, a command or option name, or an example."""
    lines = [line for line in page.splitlines() if not line.strip().startswith("$ ")]  # examples, as typed
    words = re.findall(r"-*[A-Za-z][A-Za-z.-]*", " ".join(lines))
    return [w for w in words if w not in ("pnp", "score", *GAMES) and not w.startswith("-")]


@pytest.mark.parametrize("where", [("--help", "--lang", "fa"), ("--lang", "fa", "--help"), ("--help", "--lang=fa")])
def test_score_help_in_persian(where):
    texts = help_texts("fa")
    page = help_page("score", *where)
    assert page.startswith("کاربرد: pnp score [گزینه‌ها] فرمان [ورودی‌ها]")
    for key in ("score", "help", "score_kingdom_builder", "score_carolus_magnus"):
        assert " ".join(texts[f"cli.help_text.{key}"].split()[:4]) in page, key
    assert "گزینه‌ها:" in page and "فرمان‌ها:" in page and "نمونه‌ها:" in page
    assert latin_left(page) == []  # before: every word of it English


def test_root_and_desk_help_in_russian_and_persian():
    page = help_page("--help", "--lang", "ru")
    assert "Наборы для печати" in page and "Показать версию и выйти." in page and "Команды:" in page
    # Every command's line in the list is Russian: no English help sentence is left.
    assert not re.search(r"\b(Show|Make|Score|Read|Write|Check|List|Generate|Randomize|Export|Start)\b", page)
    page = help_page("desk", "--help", "--lang", "fa")
    assert "مرورگر را باز نمی‌کند" in page and "[پیش‌فرض:\u00a0127.0.0.1]" in page and "ورودی‌ها:" in page


def test_a_game_command_help_in_persian_and_english_after_it():
    page = help_page("score", "kingdom-builder", "--help", "--lang", "fa")
    assert "پرونده‌ی ثبت بازی (YAML)." in page and "نتیجه را برای برنامه‌ها به شکل JSON نمایش می‌دهد." in page
    # The English page is untouched by a Persian one shown before it in the same process.
    assert "Score a finished game from its transcription." in help_page("score", "--help")
    assert "Show this message and exit." in help_page("score", "kingdom-builder", "--help", "--lang", "en")


def test_every_help_text_in_the_catalogs_is_one_a_command_shows():
    # The English catalog spells each text as the command line defines it: a help text changed
    # in the code without the catalog would silently stay English.
    shown: set[str] = set()

    def walk(command) -> None:
        for text in (command.help, command.epilog, *(getattr(p, "help", None) for p in command.params)):
            # A text's closing note (`  [default: 300]`) is not its wording.
            shown.update(p.partition("  [")[0] for p in inspect.cleandoc(text).split("\n\n")) if text else None
        for sub in getattr(command, "commands", {}).values():
            walk(sub)

    walk(get_command(app))
    shown.add("Show this message and exit.")  # click's own --help option
    english = help_texts("en")  # the shared catalog's and each game's
    assert english and [k for k, v in english.items() if v not in shown] == []
    for lang in ("fa", "ru"):
        assert set(help_texts(lang)) == set(english)
