"""The terminal in the player's language: every command takes `--lang` (or `PNP_LANG`), every
help page and message comes from the catalogs, and no Russian or Persian text falls back to
English except what is typed as it stands (the allow-lists below)."""

import re
from pathlib import Path

import pytest
from typer.main import get_command
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.columns import FSI, PDI
from pnp.games import GAMES
from pnp.games.base import Texts
from pnp.render.i18n import load, render_catalog

EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"
runner = CliRunner()

# What a Russian or Persian page may hold in English words, because it is typed or named as it
# stands: the command and its commands, game ids, option values (choices and defaults), the
# names of formats and programs, and the range variable Typer writes (`2<=x<=4`).
COMMANDS = {"pnp", "games", "desk", "export", "kit", "boards", "setup", "template", "example", "check", "score", "scan"}
VALUES = {"pod", "tts", "tgc", "pdf", "svg", "txt", "png", "standard", "gutter-fold", "duplex", "en", "ru", "fa", "a4",
          "letter", "tavern", "paddock", "oasis", "farm", "output", "x", "http", "https", "lines", "crop", "print-and-cut",
          "long-edge", "short-edge", "cut", "punch"}
NAMES = {"Tabletop", "Simulator", "The", "Game", "Crafter", "UTF-8", "Silhouette", "ppi"}  # ppi: a unit as printers write it
FIELDS = {"game", "boards", "cards", "players", "settlements", "lords_zero", "boards_dir", "key", "name", "colour",  # YAML keys
          "next", "phase", "pool", "won", "boxed", "sections", "tokens", "choose", "player", "card", "covers",
          "courts", "clans", "territories", "segments", "paladins", "castles", "emperor", "supply", "discs", "disc"}
ALLOWED = COMMANDS | VALUES | NAMES | FIELDS | set(GAMES)
# Removed before words are looked for: option names, file names and paths, what is quoted or in
# brackets (choices, defaults, YAML snippets, `--help` placeholders), capitalised placeholders
# and format names (FILE, X,Y, JSON, YAML), an example to type ('$ pnp ...'), {placeholders},
# keys to press (Ctrl+C), http(s) in a URL's description, section ids, hex coordinates, #rrggbb.
TYPED = re.compile(r"\$ pnp .*|(?<![\w-])--?[a-z][\w-]*|\bhttp\(s\)|\bCtrl\+C\b|\S*[./@]\S*|`[^`]*`|'[^']*'|\"[^\"]*\"|<[^>]*>|\[[^\]]*\]|\{[^{}]*\}"
                   r"|\b[A-Z][A-Z0-9_]*(-[A-Z]+)*\b|\bkb\d\b|\b[A-T]\d{1,2}\b|#rrggbb")


def english_words(text: str, allowed: set[str] = ALLOWED) -> list[str]:
    """The Latin words of `text` that are neither typed as they stand nor on the allow-list."""
    # A wrapped note or snippet made whole; a line that ends in a hyphen was broken there (print-and-|cut).
    unwrapped = re.sub(r"(?<=\w-) ", "", " ".join(line.strip() for line in text.splitlines()))
    return [w for w in re.findall(r"[A-Za-z][\w+-]*[A-Za-z0-9]|[A-Za-z]", TYPED.sub(" ", unwrapped))
            if w not in allowed]


def command_paths() -> list[tuple[str, ...]]:
    """Every command and group of `pnp`, as the words that name it."""
    paths: list[tuple[str, ...]] = []

    def walk(command, path: tuple[str, ...]) -> None:
        paths.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, (*path, name))

    walk(get_command(app), ())
    return paths


@pytest.mark.parametrize("lang", ["ru", "fa"])
def test_every_help_page_is_in_the_language(lang):
    # Before: `kit GAME`, `setup GAME`, `template GAME` and 11 other pages listed their options in
    # English ("Folder to write into.", "Paper size.", `<path>`, `[default: output/GAME-pod or ...]`).
    left = {}
    for path in command_paths():
        page = runner.invoke(app, [*path, "--help", "--lang", lang])
        assert page.exit_code == 0, (path, page.output)
        words = english_words(page.stdout)
        if words:
            left[" ".join(path) or "pnp"] = words
    assert left == {}


def message_keys() -> list[str]:
    english = render_catalog("en")
    return sorted(key for key in english.ids if key.startswith(("cli.", "problem.")))


@pytest.mark.parametrize("lang", ["ru", "fa"])
def test_every_message_is_in_the_language(lang):
    t = render_catalog(lang)
    texts = {key: t.messages[key] for key in t.messages if key.startswith(("cli.", "problem.", "reading."))}
    assert {key: words for key, text in texts.items() if (words := english_words(text))} == {}


@pytest.mark.parametrize("folder", ["render", "games/kingdom_builder", "games/great_wall", "games/carolus_magnus"])
def test_every_english_text_has_its_russian_and_persian(folder):
    where = Path(__file__).resolve().parents[2] / "pnp" / folder / "text"
    english = load(where, "en").ids
    for lang in ("ru", "fa"):
        assert sorted(english - load(where, lang).ids) == [], lang


def test_the_english_game_summaries_are_the_registrys():
    # `pnp games` says a game's summary from its catalog; the English one is the registry's own.
    with_texts = [game for game in GAMES.values() if isinstance(game, Texts)]
    assert with_texts and {game.id: game.catalog("en")("cli.summary") for game in with_texts} == \
        {game.id: game.summary for game in with_texts}


def invoke(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env=env)


@pytest.mark.parametrize("where", [("--lang", "fa"), ("--lang=fa",)])
def test_games_takes_lang_and_its_commands_keep_it(where):
    # Before: exit 2, "No such option: --lang", though the Persian help says to start with `pnp games`.
    listed = invoke("games", *where)
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert f"{FSI}kingdom-builder{PDI}  (سازنده‌ی پادشاهی)" in lines and "  فرمان‌ها:" in lines
    # Each command to paste on its own line, asking for Persian again, with no direction mark in it.
    assert "    pnp setup kingdom-builder --lang fa" in lines and "    pnp desk --lang fa" in lines
    assert all(FSI not in line for line in lines if "pnp " in line)


def test_the_help_offers_pnp_games_in_its_language():
    # The Persian help says to start with `pnp games`: the command it offers asks for Persian.
    assert "\n    pnp games --lang fa\n" in invoke("--help", "--lang", "fa").stdout
    assert "\n    pnp games --lang ru\n" in invoke("--help", env={"PNP_LANG": "ru"}).stdout


def test_pnp_lang_is_the_language_unless_lang_says_another():
    # Hand-worked: PNP_LANG=ru gives the Russian list; `--lang en` on the same line wins over it.
    assert "  команды:" in invoke("games", env={"PNP_LANG": "ru"}).stdout
    assert "  commands:" in invoke("games", "--lang", "en", env={"PNP_LANG": "ru"}).stdout
    unknown = invoke("games", env={"PNP_LANG": "xx"})  # not a language pnp speaks: wrong usage, said so
    assert unknown.exit_code == 2 and "'xx' is not one of 'en', 'ru', 'fa'" in unknown.stderr
    help_page = invoke("score", "--help", env={"PNP_LANG": "fa"}).stdout
    assert help_page.startswith("کاربرد: pnp score")


@pytest.mark.parametrize("lang", ["ru", "fa"])
@pytest.mark.parametrize("game, example", [("kingdom-builder", "first-game.yaml"), ("great-wall", "great-wall-last-round.yaml"),
                                           ("carolus-magnus", "carolus-magnus-counterattack.yaml")])
def test_check_takes_lang_and_says_what_it_confirms_in_it(game, example, lang):
    # Before: `pnp check` had no --lang (exit 2), and its line was English ("OK: 3 players, ...").
    from pnp.games.kingdom_builder.model import CARDS

    file = str(EXAMPLES / example)
    checked = invoke("check", game, file, "--lang", lang)
    assert checked.exit_code == 0, checked.output
    ok = {"ru": "всё верно", "fa": "درست است"}[lang]
    assert checked.stdout.startswith(f"{FSI}{file}{PDI}: {ok}: " if lang == "fa" else f"{file}: {ok}: ")
    # Left in Latin letters: the example's player names and card ids, as its file types them.
    assert set(english_words(checked.stdout)) <= {"Anna", "Boris", "Clara", *CARDS}


def test_input_errors_in_persian_with_latin_runs_isolated(tmp_path):
    # Before: `unknown card 'ماهی‌گیران'; cards: fishermen, ...` and `file not found`, in English.
    bad = tmp_path / "bad.yaml"
    # «ماهی‌گیران» (fishermen) is a card's name; «ماهیگیر» (fisherman) is none.
    bad.write_text("game: kingdom-builder\nboards: [tavern, paddock, oasis, farm]\ncards: [ماهیگیر, lords, farmers]\n"
                   "players: [{key: \"1\", name: Anna}, {key: \"2\", name: Boris}]\nsettlements: {}\n", encoding="utf-8")
    scored = invoke("score", "kingdom-builder", str(bad), "--lang", "fa")
    assert scored.exit_code == 1
    # Line 3 holds the card; the ten cards follow, each id isolated after its Persian name, joined by the Persian comma.
    assert f"{FSI}{bad}:3{PDI}: کارت ناشناخته‌ی 'ماهیگیر' (منظورتان 'ماهی‌گیران' بود؟)؛ کارت‌ها: " \
        f"ماهی‌گیران {FSI}(fishermen){PDI}، معدنچیان {FSI}(miners){PDI}، " in scored.stderr
    missing = invoke("score", "kingdom-builder", str(tmp_path / "nope.yaml"), "--lang", "fa")
    assert missing.exit_code == 1 and missing.stderr == f"{FSI}{tmp_path / 'nope.yaml'}{PDI}: پرونده پیدا نشد\n"
    russian = invoke("check", "kingdom-builder", str(tmp_path / "nope.yaml"), env={"PNP_LANG": "ru"})
    assert russian.stderr == f"{tmp_path / 'nope.yaml'}: файл не найден\n"


def test_an_unknown_game_is_said_in_the_language():
    said = invoke("setup", "kingdom-bilder", "--lang", "ru")
    assert said.exit_code == 2
    assert said.stderr.startswith("pnp setup kingdom-bilder: неизвестная игра 'kingdom-bilder' "
                                  "(может быть, 'kingdom-builder'?); команда принимает: ")


def test_progress_and_wrote_in_the_language(tmp_path):
    # Before: "Rendering pages" and "wrote FILE" in English under --lang fa.
    kit = invoke("kit", "carolus-magnus", "--out", str(tmp_path), "--lang", "fa")
    assert kit.exit_code == 0, kit.output
    assert "ساختن صفحه‌ها" in kit.stderr and "Rendering" not in kit.stderr
    sheet = invoke("setup", "kingdom-builder", "--players", "3", "--seed", "7", "--out", str(tmp_path / "s.pdf"),
                   "--lang", "ru")
    assert sheet.exit_code == 0 and sheet.stderr == f"записан {tmp_path / 's.pdf'}\n"
    # 8 section files, one per location type; 8 takes Russian's "many" form: «записано 8 файлов».
    boards = invoke("boards", "kingdom-builder", "--seed", "4", "--out", str(tmp_path / "b"), "--lang", "ru")
    assert boards.stdout.splitlines()[0] == f"набор 4: записано 8 файлов в {tmp_path / 'b'}/"


def test_commands_offered_to_paste_keep_the_language(tmp_path, monkeypatch):
    # Before: `pnp setup kingdom-builder --players 3 --seed 7`, without --lang fa.
    setup = invoke("setup", "kingdom-builder", "--players", "3", "--seed", "7", "--lang", "fa").stdout.splitlines()
    assert "pnp setup kingdom-builder --players 3 --seed 7 --lang fa" in setup
    for game, lang in (("great-wall", "ru"), ("carolus-magnus", "fa")):
        lines = invoke("setup", game, "--players", "2", "--seed", "7", "--lang", lang).stdout.splitlines()
        assert f"pnp setup {game} --players 2 --seed 7 --lang {lang}" in lines
    assert "pnp setup great-wall --players 2 --seed 7" in invoke("setup", "great-wall", "--players", "2", "--seed", "7").stdout
    monkeypatch.chdir(tmp_path)
    example = invoke("example", "great-wall", "--lang", "ru").stdout.splitlines()
    assert example == ["записан great-wall-example.yaml", "Попробуйте:",
                       "  pnp score great-wall great-wall-example.yaml --explain --lang ru"]


def test_persian_digits_are_read_as_numbers(tmp_path):
    # Before: `--players ۳` was "not a valid integer" and `pool: ۳۰` "not a whole number".
    persian = invoke("setup", "kingdom-builder", "--players", "۳", "--seed", "۷")
    assert persian.exit_code == 0 and persian.stdout == invoke("setup", "kingdom-builder", "--players", "3",
                                                               "--seed", "7").stdout
    assert invoke("setup", "great-wall", "--players=٣", "--seed=7").exit_code == 0  # Arabic-Indic digits too
    text = (EXAMPLES / "great-wall-last-round.yaml").read_text(encoding="utf-8")
    pool = re.search(r"^pool: (\d+)", text, re.M)
    assert pool is not None
    persian_pool = tmp_path / "pool.yaml"
    persian_pool.write_text(text.replace(pool[0], "pool: " + pool[1].translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))),
                            encoding="utf-8")
    read = invoke("score", "great-wall", str(persian_pool))
    assert read.exit_code == 0 and read.stdout.replace(str(persian_pool), "FILE") == \
        invoke("score", "great-wall", str(EXAMPLES / "great-wall-last-round.yaml")).stdout.replace(
            str(EXAMPLES / "great-wall-last-round.yaml"), "FILE")
    # A file named by digits is a file name, not a number: it stays as typed.
    assert "۱۲.yaml" in invoke("check", "great-wall", "۱۲.yaml").stderr


def test_an_option_name_and_a_leading_player_name_survive_a_bidi_terminal():
    # A terminal that applies the bidi algorithm to each line (emulated with python-bidi,
    # paragraph direction from the first strong letter): without isolates `'--players'` showed as
    # `'players--'` and a line starting with a Latin name ran left to right.
    from bidi import get_display

    from pnp.columns import isolated

    option = "گزینه‌ی '--players' لازم است"
    assert "'players--'" in get_display(option) and "'--players'" in get_display(isolated(option))
    name = "Anna: ۴۴ طلا"
    assert get_display(name).startswith("Anna") and get_display(isolated(name)).endswith(f"{PDI}Anna{FSI}")
    assert isolated("pnp setup kingdom-builder --lang fa") == "pnp setup kingdom-builder --lang fa"  # no Persian: as is


def test_help_keeps_a_number_with_its_noun_and_a_title_whole():
    # Before: «۳۶ / ژتون» and a game's title («دیوار / بزرگ چین») split over two lines.
    page = invoke("kit", "great-wall", "--help", "--lang", "fa").stdout
    assert "۳۶\u00a0ژتون" in page and "دیوار\u00a0بزرگ\u00a0چین" in invoke("template", "great-wall", "--help", "--lang", "fa").stdout
    assert not re.search(r"[۰-۹]\n", page)


def test_a_page_beyond_the_kit_is_named_in_persian_digits(tmp_path):
    # Great Wall's kit has 28 pages (its own summary line says so): page 99 is beyond it, and
    # the Persian message writes both numbers in Persian digits, as every other number it prints.
    result = runner.invoke(app, ["kit", "great-wall", "--lang", "fa", "--pages", "99", "--out", str(tmp_path / "k")])
    assert result.exit_code == 2
    assert "۲۸" in result.output and "۹۹" in result.output and "99" not in result.output
    assert not (tmp_path / "k").exists()


def test_a_section_id_no_generator_makes_is_said_in_the_language():
    # Before: «--boards: no section generator version 9 (known: 1, 2)» under --lang ru (versions 1
    # and 2 exist: pnp.games.kingdom_builder.generator.GENERATORS).
    result = runner.invoke(app, ["template", "kingdom-builder", "--boards", "kb9-1000-tavern", "paddock", "oasis", "farm",
                                 "--lang", "ru"])
    assert result.exit_code == 2 and "--boards: нет генератора секторов версии 9 (известны: 1, 2)" in result.stderr


CATALOGS = sorted((Path(__file__).resolve().parents[2] / "pnp").glob("**/text/*.yaml"))


@pytest.mark.parametrize("file", CATALOGS, ids=lambda file: f"{file.parent.parent.name}/{file.name}")
def test_a_catalog_names_each_key_once(file):
    # YAML keeps the last of two equal keys without a word: the generator's «gave up» message was
    # once named `no_section`, as the missing section's was, and could never be shown.
    import yaml

    def twice(node, path):
        if isinstance(node, yaml.MappingNode):
            keys = [key.value for key, _ in node.value]
            yield from (f"{path}{key}" for key in sorted({k for k in keys if keys.count(k) > 1}))
            for key, value in node.value:
                yield from twice(value, f"{path}{key.value}.")

    assert list(twice(yaml.compose(file.read_text(encoding="utf-8")), "")) == []
