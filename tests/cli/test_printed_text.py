"""What pnp prints in a terminal and writes into forms, in every language: commands and paths
that paste as typed, the kit summary in the kit's language."""

import re
from functools import lru_cache
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import GAMES
from pnp.games.base import Texts
from pnp.render.i18n import LANGUAGES

runner = CliRunner()
EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"
# Unicode's Bidi_Control characters: marks, embeddings, overrides and isolates.
BIDI_CONTROLS = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def invoke(*args: str) -> str:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


@lru_cache(maxsize=None)
def printed(lang: str) -> dict[str, str]:
    """Everything the commands print on stdout in `lang` for the bundled examples: set-ups,
    forms, scores with --explain."""
    out = {}
    for players in (2, 3, 4):
        for game in ("kingdom-builder", "great-wall", "carolus-magnus"):
            out[f"setup {game} {players}"] = invoke("setup", game, "--players", str(players), "--seed", "11", "--lang", lang)
        for game in ("great-wall", "carolus-magnus"):
            out[f"template {game} {players}"] = invoke("template", game, "--players", str(players), "--lang", lang)
    out["template kingdom-builder"] = invoke("template", "kingdom-builder", "--lang", lang)
    for game, example in (("kingdom-builder", "first-game.yaml"), ("great-wall", "great-wall-last-round.yaml"),
                          ("carolus-magnus", "carolus-magnus-counterattack.yaml")):
        out[f"score {game}"] = invoke("score", game, str(EXAMPLES / example), "--explain", "--lang", lang)
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_commands_stand_alone_on_their_line_with_no_direction_marks(lang):
    """A command printed for pasting (`pnp setup ... --seed N`, `pnp check ...`) is the whole
    line (or the whole of a comment), typed as in a shell: pasted into bash it runs."""
    commands = 0
    for what, text in printed(lang).items():
        for line in text.splitlines():
            if "pnp " not in line:
                continue
            assert not BIDI_CONTROLS.search(line), (what, line)
            command = line.lstrip("# ").rstrip()
            assert re.fullmatch(r"pnp [a-z]+ [a-z-]+( [-A-Za-z0-9_ ]+)?", command), (what, line)
            commands += 1
    # Every set-up (9) prints one command; every form (7) two.
    assert commands == 9 + 7 * 2


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_kit_summary_and_its_path(lang, tmp_path):
    text = invoke("kit", "carolus-magnus", "--out", str(tmp_path), "--lang", lang, "--bleed", "2.5")
    path = str(tmp_path / "carolus-magnus-kit.pdf")
    # No direction mark but the isolates around a Latin run in a Persian line (pnp.columns.isolated).
    assert not BIDI_CONTROLS.search(re.sub("\u2068[!-~ ]+\u2069", "", text))
    # The pieces with backs are said to be double-sided, in the kit's language, with no count of
    # backs ("1 × Emperor + 1 backs"): the Emperor is one piece, 25 discs are 5 sets of 1–5.
    emperor, discs = {"en": ("1 × Emperor, double-sided", "25 × discs (sets 1–5), double-sided"),
                      "ru": ("1 × Император, с оборотами", "25 × диски (наборы 1–5), с оборотами"),
                      "fa": ("۱ × امپراتور، دورو", "۲۵ × دیسک (مجموعه‌های ۱ تا ۵)، دورو")}[lang]
    lines = [line.strip() for line in text.splitlines()]
    assert emperor in lines and discs in lines
    assert "backs" not in text or lang == "en"
    if lang == "en":
        assert f"wrote {path}: 9 pages, A4, bleed 2.5 mm, duplex" in lines
    else:  # the path alone on the line after the translated summary, the bleed in the language's own numbers
        assert lines[lines.index(path) - 1].endswith("):") and path in lines
        assert ("2,5" if lang == "ru" else "۲٫۵") in text
        assert re.search("[(]\u2068?A4", text)  # the paper as printed on its packet, not the option's "a4"


FILLED = {  # what makes a blank form a position `pnp check` accepts (the rest is what the form writes)
    "kingdom-builder": (("--boards", "tavern", "paddock", "oasis", "farm"), "cards: []", "cards: [fishermen, knights, lords]"),
    "great-wall": ((), "tokens: []", "tokens: [3, 4]"),
    "carolus-magnus": ((), "", ""),
}


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", FILLED)
def test_forms_write_names_as_they_read_and_check_reads_them_back(game, lang, tmp_path):
    """Every form names its players in the language of its comments, written as text (no `\\u`
    escapes), and `pnp check` / `pnp score` read those names back as written."""
    from pnp.games import GAMES

    options, blank, filled = FILLED[game]
    for players in (2, 3, 4):
        form = invoke("template", game, "--players", str(players), "--lang", lang, *options)
        assert "\\u" not in form and not BIDI_CONTROLS.search(form)
        path = tmp_path / f"{players}.yaml"
        path.write_text(form.replace(blank, filled), encoding="utf-8")
        assert invoke("check", game, str(path)).startswith(f"{path}: OK")
        # Persian: «بازیکن ۱» (player 1), the Persian word with a Persian digit, as in the rulebook.
        names = {"fa": [f"بازیکن {d}" for d in "۱۲۳۴"][:players]}.get(lang)
        if names:
            assert all(name in form for name in names) and "Player" not in form
            assert all(name in invoke("score", game, str(path), "--lang", "fa") for name in names)
        state = GAMES[game].load(path)
        written = GAMES[game].dumps(state)  # as `pnp scan` and the desk write a position back
        assert "\\u" not in written and (not names or names[0] in written)


PERSIAN_LETTER = re.compile("[\u0620-\u064a\u067e-\u06d3]")
# What a Persian line may hold in Latin digits and commas, because it is typed as it stands: hex
# coordinates (A1-T20), section ids, rulings, paths, player keys, YAML to type (snippets in braces
# or brackets, form lines that show YAML), paper names, options to type (--back-offset X,Y),
# network addresses (0.0.0.0 in the desk's help).
TYPED = re.compile(r"\b\d{1,3}(\.\d{1,3}){3}\b|\{[^{}]*\}|\[[^\]]*\]|\b[A-T]\d{1,2}\b|\bkb\d-\d+(-[a-z]+)?|\b(KB|GW|CM)-\d+\b|\S*/\S*"
                   r"|کلید [^)]*|NAME@180|\ba4\b|^#   .*|--[a-z-]+ [A-Z],[A-Z]\b"
                   # values to type as they stand: X,Y and an example of it (in any digits), an id's pattern, an
                   # encoding's name
                   r"|\bX,Y\b|-?\d+[.٫]\d+,-?\d+[.٫]\d+|\bkb\d-[A-Z]+-[A-Z]+|\bUTF-8\b|'@180'"
                   # and a page range and a pair of percentages to type (--pages 1-3,7, --back-scale 100.5%,99.6%)
                   r"|\b\d+-\d+(,\d+)+\b|\d+(\.\d+)?%,\d+(\.\d+)?%")


def latin_in_persian(text: str) -> list[str]:
    """The Persian lines of `text` that hold a Latin digit or comma outside what is typed as is."""
    return [line for line in text.splitlines()
            if PERSIAN_LETTER.search(line) and re.search("[0-9,]", TYPED.sub("", line))]


def test_persian_lines_have_persian_digits_and_commas(tmp_path):
    """`(دیگران: Boris 0, Clara 18) ← ۶`, `قطعه‌های 1+2+3`, `2: قرمز, 12: سبز`: every number and
    list in a Persian line is written the Persian way («۰-۹», «، »); typed names, keys and ids stay
    as typed (the example's players Anna, Boris, Clara keep their key «1» as typed)."""
    outputs = printed("fa")
    bad = {what: latin_in_persian(text) for what, text in outputs.items()}
    assert not any(bad.values()), bad
    outputs = {what: re.sub("[\u2068\u2069]", "", text) for what, text in outputs.items()}  # Latin runs isolated
    explain = outputs["score kingdom-builder"]
    assert "(کلید 1)" in explain  # the typed key, as typed
    assert "  شوالیه‌ها: ۱۴" in explain and "مجموعه‌ای از ۴۰ اقامتگاه (شامل A15) این‌ها را وصل می‌کند: چراگاه B14، چراگاه F16، قصر I14" in explain
    assert "A (قطعه‌های ۱+۲+۳)" in outputs["score carolus-magnus"]
    kit = invoke("kit", "carolus-magnus", "--out", str(tmp_path), "--lang", "fa")
    assert not latin_in_persian(kit)


def test_lords_explanation_in_persian_numbers():
    # Lords in a game of the example's board: the explanation names the other players with their
    # counts, «Boris ۰، Clara ۱۸», never «Boris 0, Clara 18».
    from pnp.games.kingdom_builder.report import as_text
    from dataclasses import replace

    from pnp.games.kingdom_builder.rules import evaluate

    game = replace(GAMES["kingdom-builder"].load(EXAMPLES / "first-game.yaml"), cards=("lords", "farmers", "hermits"))
    text = as_text(evaluate(game), explain=True, lang="fa")
    lines = [line for line in text.splitlines() if "دیگران" in line]
    assert len(lines) == 3 * 4 and not latin_in_persian(text)
    assert all(re.search(r"\(دیگران: \w+ [۰-۹]+، \w+ [۰-۹]+\) ← [۰-۹]+$", line) for line in lines), lines


@pytest.mark.parametrize("folder", ["render", "games/kingdom_builder", "games/great_wall", "games/carolus_magnus"])
def test_persian_catalog_texts_have_persian_digits_and_commas(folder):
    from pnp.render.i18n import load

    catalog = load(Path(__file__).resolve().parents[2] / "pnp" / folder / "text", "fa")
    bad = {key: text for key, text in catalog.messages.items() if latin_in_persian(text)}
    assert not bad


def terminal_width(text: str) -> int:
    """Columns as a terminal (wcwidth) counts them: none for a combining mark or a format
    character (ZWNJ, direction marks and isolates), two for an East Asian wide character."""
    import unicodedata

    return sum(0 if unicodedata.category(c) in ("Mn", "Me", "Cf") else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def score_table(lang: str, names: tuple[str, ...]) -> list[str]:
    from dataclasses import replace

    from pnp.games.kingdom_builder.report import as_text
    from pnp.games.kingdom_builder.rules import evaluate

    game = GAMES["kingdom-builder"].load(EXAMPLES / "first-game.yaml")
    game = replace(game, players=tuple(replace(p, name=n) for p, n in zip(game.players, names)))
    return as_text(evaluate(game), lang=lang).splitlines()[1:8]  # the heading row, 4 rows, the rule, the total


NAMES = (("Anna", "Boris", "Clara"), ("علی‌رضا", "مُهسا", "王小明"), ("بازیکن ۱", "Boris", "بازیکن ۳"))


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_table_columns_line_up_by_terminal_width(lang, names):
    """Each number ends in the column where its player's name ends, counting columns as a terminal
    does: «ماهی‌گیران» (its ZWNJ takes no column), «مُهسا» (a mark), «王小明» (wide)."""
    lines = score_table(lang, names)
    heading, rows = lines[0], lines[1:5] + lines[6:]
    isolated = "\u2069" in heading

    def ends(line: str) -> list[int]:
        """Where each cell after the first ends: after its PDI, or after each run of non-spaces."""
        marks = [m.end() for m in re.finditer("\u2069" if isolated else r"\S+", line)]
        return [terminal_width(line[:end]) for end in marks][-3:]

    for row in rows:
        assert ends(row) == ends(heading), (row, heading)
    assert terminal_width(lines[5]) == max(terminal_width(line) for line in lines)  # the rule spans the table


@pytest.mark.parametrize("names", NAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_score_table_keeps_its_columns_through_a_bidi_pass(lang, names):
    """A terminal that applies the bidi algorithm to each line (as mlterm, Konsole and VTE with
    bidi do; emulated with python-bidi, paragraph direction from the line's first strong letter,
    and forced left to right) must show each cell where a plain terminal shows it: the line it
    displays is the cells in their logical order, each cell displayed on its own. Without the
    isolates, «ماهی‌گیران ۱۵ ۸ ۱۲» comes out as «۱۲ ۸ ۱۵ ماهی‌گیران»."""
    from bidi import get_display

    for line in score_table(lang, names):
        cells = re.split("([\u2068\u2069])", line)
        for base in (None, "L"):
            shown = "".join(get_display(piece, base_dir=base or "L") if piece.strip() else piece for piece in cells)
            assert get_display(line, base_dir=base) == shown, (line, base)


@pytest.mark.parametrize("args, english, translated", [
    (["kit", "kingdom-builder", "--nope"], "Error: No such option: --nope",
     {"ru": "Ошибка: Нет такого параметра: --nope", "fa": "خطا: گزینه‌ی --nope وجود ندارد"}),
    (["template", "great-wall"], "Error: Missing option '--players'.",
     {"ru": "Ошибка: Не указан параметр '--players'.", "fa": "خطا: گزینه‌ی '--players' لازم است."}),
    (["kit", "kingdom-builder", "--paper", "a5"], "'a5' is not one of 'a4', 'letter'.",
     {"ru": "Недопустимое значение '--paper': 'a5' — не одно из значений 'a4', 'letter'.",
      "fa": "مقدار نادرست برای '--paper': 'a5' یکی از این‌ها نیست: 'a4'، 'letter'."}),
    (["kit", "kingdom-builder", "--bleed", "9"], "Invalid value for '--bleed'",
     {"ru": "Недопустимое значение '--bleed':", "fa": "مقدار نادرست برای '--bleed':"}),
    (["score", "kingdom-builder"], "Error: Missing argument 'FILE'.",
     {"ru": "Ошибка: Не указан аргумент 'FILE'.", "fa": "خطا: ورودی 'FILE' لازم است."}),
])
def test_typer_messages_in_the_language_lang_names(args, english, translated):
    """Typer's own messages (Typer writes them in English) come in Russian or Persian when the
    command line has `--lang ru|fa`; the command to run for help stands alone on its line."""
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 2 and english in result.stderr
    for lang, message in translated.items():
        result = runner.invoke(app, [*args, f"--lang={lang}" if lang == "ru" else "--lang", *([] if lang == "ru" else [lang])])
        assert result.exit_code == 2 and message in result.stderr, result.stderr
        assert "Error" not in result.stderr and "Try" not in result.stderr
        assert f"\npnp {args[0]} {args[1]} --help\n" in result.stderr
        assert not BIDI_CONTROLS.search(result.stderr)


def test_a_limit_in_a_persian_message_is_in_persian_digits():
    # --bleed is 0 to 5 mm: the limit 5 in Persian digits; the typed 9 may be quoted as typed.
    result = runner.invoke(app, ["kit", "kingdom-builder", "--bleed", "9", "--lang", "fa"])
    error = result.stderr.split("خطا:")[1]
    assert "۵" in error and "5" not in error


# Outside a command line, an id (kb1-1000-tavern) or a key: a hyphen used as a minus sign («-1»),
# a range written with a hyphen («1-5»), a Python operator («40 // 2»), or an ASCII arrow.
TYPEWRITER = re.compile(r"(?<![\w-])(-\d|\d+-\d+(?![\w-]))|//|->|<-")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_numbers_ranges_and_arrows_are_typeset(lang):
    """Found by a Russian reader: «40 // 2», «Anna -1», «диски 1-5», «-> 12». A minus is U+2212, a
    range takes an en dash, halves are said in words, arrows are arrows."""
    found = [(what, line) for what, text in printed(lang).items() for line in text.splitlines()
             if "pnp " not in line and TYPEWRITER.search(re.sub("[\u2068\u2069]", "", line))]
    assert found == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_carolus_magnus_lines_have_one_colon(lang):
    """«красный: Wanda 7, Bruno 6: Wanda» read as two labels: a line says what it is about once,
    then the counts, then an arrow to what they give."""
    lines = [line for line in printed(lang)["score carolus-magnus"].splitlines()]
    assert lines and [line for line in lines if line.count(": ") > 1] == []


def test_russian_sides_are_named_as_people_are():
    """A side is «чёрные», the black players: «большинство у чёрных», «3 замка чёрных», «чёрные
    строят замок», never «у стороны «чёрный»» or «замков: 3 (чёрный)». Headings keep one case
    after «·», and the seed is «код», as the option help calls it, not «зерно»."""
    text = "\n".join(printed("ru").values())
    for stiff in ("стороны «", "цвета «", "(чёрный)", "(белый)", "зерно", "Зерно"):
        assert stiff not in text, stiff
    assert re.findall(r" · [А-ЯЁ]", text) == []
    # «поселений у воды: 15: A15» counted its noun before its number.
    assert "    15 поселений у воды: " in printed("ru")["score kingdom-builder"]
    score = printed("ru")["score carolus-magnus"]
    assert re.search(r"большинство у (чёрных|белых|серых)", score)
    assert re.search(r"\d замк(а|ов) (чёрных|белых|серых)", score)


def test_persian_wording_of_the_commands():
    """The reader's words: «کد چیدمان» for the seed (a «بذر» is a plant's), sectors «بالا سمت چپ»,
    an area «مجموعه‌ای از ۴۰ اقامتگاه (شامل A15)», face-down tokens «پشت‌ورو»."""
    outputs = {what: re.sub("[\u2068\u2069]", "", text) for what, text in printed("fa").items()}
    text = "\n".join(outputs.values())
    assert "بذر" not in text and "کد چیدمان ۱۱" in outputs["setup great-wall 3"]
    assert "بالا سمت چپ" in outputs["setup kingdom-builder 3"] and "بالا چپ" not in text
    assert "مجموعه‌ای از ۴۰ اقامتگاه (شامل A15)" in outputs["score kingdom-builder"]
    assert "به پشت" not in text and "پشت‌ورو" in outputs["score great-wall"]


@pytest.mark.parametrize("lang", ["ru", "fa"])
def test_every_output_is_in_the_language(lang):
    """Set-ups, forms and scores with --explain say no English word but what is typed as it
    stands: ids (the words the catalogs are keyed by: cards, locations, kinds, colours, phases),
    the examples' player names and keys. Before: «Запись партии Kingdom Builder»."""
    from tests.cli.test_languages import english_words

    ids = {part for game in GAMES.values() if isinstance(game, Texts) for key in game.catalog("en").ids
           for part in key.split(".")}
    typed = {"Anna", "Boris", "Clara", "Bruno", "Wanda", "a", "b"}  # the examples' names; keys as a form suggests them
    left = {what: sorted(set(words) - ids - typed) for what, text in printed(lang).items()
            if (words := english_words(re.sub("[\u2068\u2069]", "", text)))}
    assert {what: words for what, words in left.items() if words} == {}


def test_a_saved_form_names_itself_in_its_commands(tmp_path, monkeypatch):
    """Before: the head said `pnp check great-wall THIS_FILE` though --out had named the file."""
    monkeypatch.chdir(tmp_path)
    invoke("template", "great-wall", "--players", "3", "--out", "my game.yaml", "--lang", "fa")
    head = (tmp_path / "my game.yaml").read_text(encoding="utf-8").splitlines()[:3]
    assert head[1:] == ["#   pnp check great-wall 'my game.yaml'", "#   pnp score great-wall 'my game.yaml'"]
    assert "#   pnp check great-wall THIS_FILE" in invoke("template", "great-wall", "--players", "3")  # unnamed yet
