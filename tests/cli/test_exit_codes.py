"""Exit codes as the README's table has them: 0 fine, 1 problems in the input (or an output that
cannot be written), 2 wrong usage (an unknown option value, a value out of its range, options
that do not go together, an unknown game, a command a game does not have). Every option with a
range or a set of choices, on every command, once with a value it does not take."""

from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

EXAMPLE = str(Path(__file__).resolve().parents[2] / "boards" / "examples" / "first-game.yaml")
GAMES = ("kingdom-builder", "great-wall", "carolus-magnus")

# What every game's kit command shares, with a value each option does not take.
KIT = [
    (["--paper", "a3"], "Invalid value for '--paper'"),
    (["--bleed", "5.5"], "Invalid value for '--bleed'"),
    (["--lang", "de"], "Invalid value for '--lang'"),
    (["--format", "png"], "Invalid value for '--format'"),
    (["--layout", "zigzag"], "Invalid value for '--layout'"),
    (["--back-offset", "1.5"], "--back-offset: '1.5' is not X,Y in millimetres"),
    (["--back-offset", "6,0"], "--back-offset: 6,0 mm is beyond -5 to 5 mm"),
    (["--back-offset", "1,1", "--no-duplex"], "--back-offset moves the back pages of a double-sided PDF"),
    (["--layout", "gutter-fold", "--format", "svg"], "--layout gutter-fold lays out the pages of a PDF"),
]

WRONG_USAGE = [
    *[(["kit", game, *args], words) for game in GAMES for args, words in KIT],
    (["kit", "great-wall", "--players", "6"], "Invalid value for '--players'"),
    (["kit", "carolus-magnus", "--players", "1"], "Invalid value for '--players'"),
    (["boards", "kingdom-builder", "--seed", "-1"], "Invalid value for '--seed'"),
    (["boards", "kingdom-builder", "--format", "png"], "Invalid value for '--format'"),
    (["boards", "kingdom-builder", "--paper", "a3"], "Invalid value for '--paper'"),
    (["boards", "kingdom-builder", "--bleed", "-1"], "Invalid value for '--bleed'"),
    (["boards", "kingdom-builder", "--lang", "de"], "Invalid value for '--lang'"),
    (["boards", "great-wall"], "Great Wall of China has no 'boards' command"),
    *[(["setup", game, "--players", "3", "--seed", "-1"], "Invalid value for '--seed'") for game in GAMES],
    *[(["setup", game, "--players", "3", "--lang", "de"], "Invalid value for '--lang'") for game in GAMES],
    (["setup", "kingdom-builder", "--players", "5"], "Invalid value for '--players'"),
    (["setup", "great-wall", "--players", "6"], "Invalid value for '--players'"),
    (["setup", "carolus-magnus", "--players", "1"], "Invalid value for '--players'"),
    (["setup", "kingdom-builder", "--sections-set", "-1"], "Invalid value for '--sections-set'"),
    (["setup", "kingdom-builder", "--paper", "a3"], "Invalid value for '--paper'"),
    (["setup", "kingdom-builder", "--out", "{tmp}/setup.txt"], "--out: '{tmp}/setup.txt' must end in .pdf or .svg"),
    *[(["template", game, "--players", "3", "--lang", "de"], "Invalid value for '--lang'") for game in GAMES],
    (["template", "kingdom-builder", "--players", "5"], "Invalid value for '--players'"),
    (["template", "great-wall", "--players", "1"], "Invalid value for '--players'"),
    (["template", "carolus-magnus", "--players", "5"], "Invalid value for '--players'"),
    (["template", "kingdom-builder", "--boards", "tavern", "padock", "oasis", "farm"],
     "--boards: board section 'padock' not found (did you mean 'paddock'?)"),
    (["template", "kingdom-builder", "--boards", "tavern", "paddock", "oasis", "farm@90"],
     "--boards: board 'farm@90': a section is turned '@180' or not at all"),
    *[(["score", game, EXAMPLE, "--lang", "de"], "Invalid value for '--lang'") for game in GAMES],
    (["score", "kingdom-builder", EXAMPLE, "--picture", "{tmp}/check.png"],
     "--picture: '{tmp}/check.png' must end in .svg or .pdf"),
    (["score", "chess", EXAMPLE], "unknown game 'chess'"),
    (["scan", "kingdom-builder", EXAMPLE, EXAMPLE, "--overlay", "{tmp}/read.jpg"],
     "--overlay: '{tmp}/read.jpg' must end in .png, .pdf or .svg"),
    (["scan", "kingdom-builder", EXAMPLE, EXAMPLE, "--corners", "1,2"], "--corners: 1 point given; give 4"),
    (["scan", "kingdom-builder", EXAMPLE, EXAMPLE, "--corners", "a,b 1,2 3,4 5,6"], "--corners: 'a,b' is not a point"),
    (["export", "kingdom-builder", "--to", "fax"], "Invalid value for '--to'"),
    (["export", "kingdom-builder", "--to", "pod", "--lang", "de"], "Invalid value for '--lang'"),
    (["export", "kingdom-builder", "--to", "pod", "--dpi", "5000"], "--dpi: 5000 is outside 72-1200"),
    (["export", "kingdom-builder", "--to", "pod", "--bleed", "6"], "--bleed: 6 mm is outside 0-5 mm"),
    (["export", "kingdom-builder", "--to", "pod", "--preset", "foo"], "--preset: unknown preset 'foo' (one of: tgc)"),
    (["export", "kingdom-builder", "--to", "pod", "--preset", "tgc", "--dpi", "600"],
     "--preset tgc: the template is 300 DPI, not 600"),
    (["export", "kingdom-builder", "--to", "pod", "--url-base", "https://example.org"], "--url-base is for --to tts"),
    (["export", "kingdom-builder", "--to", "tts", "--dpi", "300"], "--dpi is for --to pod"),
    (["export", "kingdom-builder", "--to", "tts", "--url-base", "ftp://example.org"],
     "--url-base: 'ftp://example.org' is not an http://, https:// or file:/// URL"),
    (["export", "chess", "--to", "pod"], "pnp export chess: unknown game 'chess'"),
    (["desk", "--port", "70000"], "Invalid value for '--port'"),
    (["desk", "{tmp}/new.yaml", "--host", "192.0.2.1", "--no-browser"], "--host 192.0.2.1: not an address of this machine"),
    (["desk", "{tmp}/new.txt", "--no-browser"], "{tmp}/new.txt: a new transcription's name ends in .yaml"),
]


@pytest.mark.parametrize("argv, words", WRONG_USAGE, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_wrong_usage_exits_2_and_says_what_is_wrong(argv, words, tmp_path):
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 2, result.output
    assert words.replace("{tmp}", str(tmp_path)) in result.stderr
    assert "Traceback" not in result.output and list(tmp_path.iterdir()) == []  # nothing written


@pytest.mark.parametrize("argv, words", [
    (["check", "kingdom-builder", "{tmp}/none.yaml"], "{tmp}/none.yaml: file not found"),
    (["export", "great-wall", "--to", "tts", "--out", "{tmp}"], "{tmp}: already exists; use --force to write into it"),
    (["template", "great-wall", "--players", "2", "--out", "{tmp}/here.yaml"], "already exists; use --force"),
])
def test_bad_input_or_an_output_that_cannot_be_written_exits_1(argv, words, tmp_path):
    (tmp_path / "here.yaml").write_text("x")
    argv = [arg.replace("{tmp}", str(tmp_path)) for arg in argv]
    result = CliRunner().invoke(app, argv)
    assert result.exit_code == 1 and words.replace("{tmp}", str(tmp_path)) in result.stderr, result.output
