"""The command line as a user runs it: exit codes, messages on stderr, JSON, help with examples."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp import __version__
from pnp.cli.app import app
from pnp.games import GAMES

EXAMPLE = Path(__file__).resolve().parents[2] / "boards" / "examples" / "first-game.yaml"
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_version():
    result = run("--version")
    assert result.exit_code == 0 and result.stdout.strip() == f"pnp {__version__}"


def test_games_lists_all_three_with_their_commands():
    out = run("games").stdout
    for game_id in ("kingdom-builder", "great-wall", "carolus-magnus"):
        assert f"pnp score {game_id}" in out and f"pnp kit {game_id}" in out
    assert "pnp boards kingdom-builder" in out and "pnp boards great-wall" not in out


def test_score_table_names_every_player_and_a_winner():
    result = run("score", "kingdom-builder", str(EXAMPLE))
    assert result.exit_code == 0, result.output
    for name in ("Anna", "Boris", "Clara", "Fishermen", "Knights", "Merchants", "Castles", "Total", "Winner"):
        assert name in result.stdout


def test_score_json_follows_the_contract():
    result = run("score", "kingdom-builder", str(EXAMPLE), "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert set(data) == {"game", "players", "winners"} and data["game"] == "kingdom-builder"
    for player in data["players"]:
        assert set(player) == {"key", "name", "gold", "total"}
        assert set(player["gold"]) == {"fishermen", "knights", "merchants", "castles"}
        assert player["total"] == sum(player["gold"].values())
    best = max(p["total"] for p in data["players"])
    assert data["winners"] == [p["name"] for p in data["players"] if p["total"] == best]


def test_explain_lists_coordinates():
    result = run("score", "kingdom-builder", str(EXAMPLE), "--explain")
    assert result.exit_code == 0 and "settlements next to water:" in result.stdout


def test_check_ok_and_problems(tmp_path):
    assert run("check", "kingdom-builder", str(EXAMPLE)).exit_code == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(EXAMPLE.read_text().replace("cards: [fishermen, knights, merchants]", "cards: [fishermen, knigths]"))
    result = run("check", "kingdom-builder", str(bad))
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    line = next(n for n, text in enumerate(bad.read_text().splitlines(), 1) if text.startswith("cards:"))
    assert f"{bad}:{line}: unknown card 'knigths' (did you mean 'knights'?); cards: fishermen, miners, merchants, workers, discoverers, knights, hermits, lords, citizens, farmers" in lines
    assert f"{bad}:{line}: 2 cards given, a game uses exactly 3" in lines
    assert "Traceback" not in result.output


def test_missing_and_malformed_files(tmp_path):
    result = run("score", "kingdom-builder", str(tmp_path / "nope.yaml"))
    assert result.exit_code == 1 and result.stderr.strip() == f"{tmp_path / 'nope.yaml'}: file not found"
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: kingdom-builder\nboards: [a, b\n")
    result = run("score", "kingdom-builder", str(broken))
    assert result.exit_code == 1 and "not valid YAML" in result.stderr


def test_template_prints_and_writes_atomically(tmp_path):
    result = run("template", "kingdom-builder", "--boards", "tavern", "paddock", "oasis", "farm@180", "--players", "3")
    assert result.exit_code == 0 and "boards: [tavern, paddock, oasis, farm@180]" in result.stdout
    out = tmp_path / "game.yaml"
    assert run("template", "kingdom-builder", "--out", str(out)).exit_code == 0
    assert out.read_text().startswith("# Kingdom Builder transcription")
    again = run("template", "kingdom-builder", "--out", str(out))
    assert again.exit_code == 1 and "already exists" in again.stderr
    assert run("template", "kingdom-builder", "--out", str(out), "--force").exit_code == 0
    assert [p.name for p in tmp_path.iterdir()] == ["game.yaml"]  # no temporary file left


def test_template_unknown_board():
    result = run("template", "kingdom-builder", "--boards", "tavern", "padock", "oasis", "farm")
    assert result.exit_code == 2 and "--boards: board section 'padock' not found (did you mean 'paddock'?)" in result.stderr


def test_template_player_count_is_checked():
    assert run("template", "kingdom-builder", "--players", "5").exit_code == 2


@pytest.mark.parametrize("args, message", [
    (("boards", "great-wall", "--seed", "1"),
     "pnp boards great-wall: Great Wall of China has no 'boards' command; it takes: kingdom-builder"),
    (("boards", "carolus-magnus"), "pnp boards carolus-magnus: Carolus Magnus has no 'boards' command; it takes: kingdom-builder"),
    (("score", "kingdom-bulder", "x.yaml"), "pnp score kingdom-bulder: unknown game 'kingdom-bulder' (did you mean "
     "'kingdom-builder'?); it takes: " + ", ".join(GAMES)),  # every game is scored
])
def test_a_game_without_the_command_or_an_unknown_game_is_wrong_usage(args, message):
    result = run(*args)
    assert result.exit_code == 2 and result.stderr.strip() == message


def all_commands():
    """Every command path of the app, e.g. ('score', 'kingdom-builder')."""
    import typer.main

    root = typer.main.get_command(app)
    paths = [()]
    for name, command in root.commands.items():
        paths.append((name,))
        for sub in getattr(command, "commands", {}):
            paths.append((name, sub))
    return paths


@pytest.mark.parametrize("path", all_commands(), ids=lambda p: " ".join(p) or "pnp")
def test_every_command_has_help_with_an_example(path):
    result = run(*path, "--help")
    assert result.exit_code == 0
    assert "$ pnp" in result.stdout or "Start with: pnp" in result.stdout


def test_installed_console_script_runs():
    result = subprocess.run([sys.executable, "-m", "pnp", "--version"], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout.strip() == f"pnp {__version__}"


def test_written_files_get_the_usual_permissions(tmp_path):
    import os

    from pnp.cli.common import write_atomic

    mask = os.umask(0o022)
    try:
        write_atomic(tmp_path / "a.txt", "x")
    finally:
        os.umask(mask)
    assert (tmp_path / "a.txt").stat().st_mode & 0o777 == 0o644  # 0o666 less the umask 0o022


def test_boards_writes_the_8_sections_named_by_id(tmp_path):
    result = run("boards", "kingdom-builder", "--seed", "42", "--out", str(tmp_path), "--format", "svg")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in tmp_path.iterdir())
    locations = ["barn", "farm", "harbor", "oasis", "oracle", "paddock", "tavern", "tower"]
    assert names == sorted([f"kb2-42-{l}.svg" for l in locations] + [f"kb2-42-{l}.txt" for l in locations])
    # A written file is a valid section file, and its id names the same terrain.
    from pnp.games.kingdom_builder import generator
    from pnp.games.kingdom_builder.section import read_section

    assert read_section(tmp_path / "kb2-42-tower.txt").terrain == generator.resolve("kb2-42-tower").terrain


def test_boards_pdf_and_bad_format(tmp_path):
    result = run("boards", "kingdom-builder", "--seed", "3", "--out", str(tmp_path), "--format", "pdf")
    assert result.exit_code == 0 and (tmp_path / "kb2-3-sections.pdf").is_file()
    bad = run("boards", "kingdom-builder", "--seed", "3", "--out", str(tmp_path / "x"), "--format", "png")
    assert bad.exit_code == 2 and "'png' is not one of 'txt', 'svg', 'pdf'" in bad.stderr and not (tmp_path / "x").exists()


def test_generated_ids_work_in_transcriptions(tmp_path):
    text = EXAMPLE.read_text().replace("boards: [kb1-1000-tavern, kb1-1000-paddock, kb1-1000-oasis, kb1-1000-farm]",
                                       "boards: [tavern, paddock, oasis, kb1-1000-farm]")
    (tmp_path / "game.yaml").write_text(text)
    assert run("check", "kingdom-builder", str(tmp_path / "game.yaml")).exit_code == 0


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_score_picture(tmp_path, suffix):
    out = tmp_path / f"check{suffix}"
    result = run("score", "kingdom-builder", str(EXAMPLE), "--picture", str(out))
    assert result.exit_code == 0 and "Winner" in result.stdout
    data = out.read_bytes()
    assert data.startswith(b"%PDF" if suffix == ".pdf" else b"<svg")
    if suffix == ".svg":
        text = data.decode()
        for label in ("A", "T", "20", "Fishermen", "Knights", "Merchants", "Castles", "Anna"):
            assert f'aria-label="{label}' in text  # text is drawn as glyph outlines, labelled


def test_score_picture_needs_svg_or_pdf(tmp_path):
    result = run("score", "kingdom-builder", str(EXAMPLE), "--picture", str(tmp_path / "x.png"))
    assert result.exit_code == 2 and "must end in .svg or .pdf" in result.stderr


def test_settlements_on_water_are_pointed_out(tmp_path):
    # The digest: settlements on water are legal (Harbor) but reported in the breakdown.
    from pnp.games.kingdom_builder.model import label
    from tests.readers import reader

    board = reader("kingdom-builder").load(EXAMPLE).board
    water = next((r, c) for r in range(20) for c in range(20) if board.at((r, c)).value == "water")
    game = tmp_path / "water.yaml"
    game.write_text("game: kingdom-builder\nboards: [tavern, paddock, oasis, farm]\ncards: [miners, knights, lords]\n"
                    "players:\n  - {key: '1', name: Anna}\n  - {key: '2', name: Boris}\n"
                    f"settlements:\n  '1': [{label(water)}]\n  '2': []\n")
    result = run("score", "kingdom-builder", str(game))
    assert result.exit_code == 0, result.output
    assert f"Anna: settlements on water (Harbor): {label(water)}" in result.stdout


def test_another_games_file_gets_one_clear_line():
    result = run("score", "great-wall", str(EXAMPLE))
    assert result.exit_code == 1
    assert result.stderr.strip().splitlines() == [
        f"{EXAMPLE}:3: this is a kingdom-builder transcription, not great-wall: use 'pnp score kingdom-builder'"]


@pytest.mark.parametrize("args, written", [
    (["boards", "kingdom-builder", "--seed", "3"], "kb2-3-tavern.txt"),
    (["setup", "kingdom-builder", "--seed", "3", "--out", "{dir}/setup.svg"], "setup.svg"),
    (["score", "kingdom-builder", str(EXAMPLE), "--picture", "{dir}/check.svg"], "check.svg"),
    (["template", "great-wall", "--players", "2", "--out", "{dir}/p.yaml"], "p.yaml"),
    (["kit", "great-wall", "--players", "2", "--format", "svg"], "great-wall/cover.svg"),
])
def test_every_writing_command_replaces_only_with_force(tmp_path, args, written):
    # One policy for every command that writes: an existing file is replaced only with --force.
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    if args[0] in ("boards", "kit"):
        args += ["--out", str(tmp_path)]
    first = run(*args)
    assert first.exit_code == 0, first.output
    before = (tmp_path / written).read_bytes()
    again = run(*args)
    assert again.exit_code == 1 and "already exists; use --force to replace it" in again.stderr
    assert "Traceback" not in again.output and (tmp_path / written).read_bytes() == before
    assert run(*args, "--force").exit_code == 0


def test_writing_over_a_device_or_into_a_file_is_one_line(tmp_path):
    result = run("template", "great-wall", "--players", "2", "--out", "/dev/full", "--force")
    assert result.exit_code == 1 and result.stderr.strip() == "/dev/full: is a device; pnp writes only regular files, " \
                                                               "and replaces nothing else"
    (tmp_path / "file").write_text("x")
    result = run("kit", "great-wall", "--players", "2", "--out", str(tmp_path / "file"))
    assert result.exit_code == 1 and "a folder on its path is a file" in result.stderr.splitlines()[-1]


def test_control_characters_in_messages_are_shown_escaped(tmp_path):
    # A file name (or any text) with an escape sequence must not retitle the terminal.
    name = tmp_path / "a\x1b]0;pwned\x07.yaml"
    name.write_text("game: great-wall\nplayers: [\"\\e[31mred\", B]\n")
    result = run("check", "great-wall", str(name))
    assert result.exit_code == 1 and "\x1b" not in result.stderr and "\x07" not in result.stderr
    assert "a\\x1b]0;pwned\\x07.yaml:2: control character U+001B in a value" in result.stderr


def test_the_device_files_of_the_issue_are_refused():
    result = run("check", "kingdom-builder", "/dev/zero")
    assert result.exit_code == 1 and result.stderr.strip() == "/dev/zero: is not a regular file (a device, socket " \
                                                               "or pipe); pnp reads only files"


@pytest.mark.parametrize("args", [
    ["check", "kingdom-builder"], ["score", "kingdom-builder"], ["check", "great-wall"], ["score", "great-wall", "--json"],
    ["check", "carolus-magnus"], ["score", "carolus-magnus", "--explain"], ["desk", "--no-browser"],
    ["scan", "kingdom-builder", "{dir}/photo.jpg"],
], ids=lambda a: " ".join(a[:2]))
def test_a_transcription_that_is_a_symbolic_link_loop_is_one_line(tmp_path, args):
    # It once ended in a traceback (RuntimeError: Symlink loop) from finding the file's folder.
    import os

    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    args = [a.replace("{dir}", str(tmp_path)) for a in args]
    args.insert(2 if args[0] != "desk" else 1, str(tmp_path / "loop.yaml"))
    result = run(*args)
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)  # no traceback
    assert result.stderr.splitlines() == [f"{tmp_path / 'loop.yaml'}: cannot be read: a symbolic link that leads "
                                          "round in a loop"]


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="no /proc")
def test_a_picture_in_a_folder_that_takes_no_files_names_that_file_and_folder():
    # /proc is there but takes no new files: the error once said "/proc: ... No such file or directory".
    result = run("score", "kingdom-builder", str(EXAMPLE), "--picture", "/proc/x.pdf")
    assert result.exit_code == 1 and result.stderr.strip() == (
        "/proc/x.pdf: cannot write: the folder /proc takes no new files (No such file or directory)")


@pytest.mark.parametrize("game", ["kingdom-builder", "great-wall", "carolus-magnus"])
def test_every_games_form_names_its_players_alike(game):
    result = run("template", game, "--players", "3")
    assert result.exit_code == 0
    assert all(f"Player {n}" in result.stdout for n in (1, 2, 3)) and "Player1" not in result.stdout


def test_a_form_made_with_boards_dir_remembers_it(tmp_path, monkeypatch):
    """`pnp template --boards-dir DIR` once wrote a form that `pnp check` refused without a word
    of --boards-dir: the form now names the folder (relative to itself), and check reads it."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "sections").mkdir()
    (tmp_path / "sections" / "my-farm.txt").write_text((EXAMPLE.parents[1] / "kb1-1000-farm.txt").read_text())
    made = run("template", "kingdom-builder", "--boards", "tavern", "paddock", "oasis", "my-farm",
               "--boards-dir", "sections", "--out", "game.yaml")
    assert made.exit_code == 0, made.output
    form = (tmp_path / "game.yaml").read_text()
    assert 'boards_dir: "sections"' in form
    (tmp_path / "game.yaml").write_text(form.replace("cards: []", "cards: [lords, miners, hermits]"))
    checked = run("check", "kingdom-builder", "game.yaml")
    assert checked.exit_code == 0, checked.output
    # A form saved outside the folder may not name it: it says to pass --boards-dir instead.
    (tmp_path / "forms").mkdir()
    made = run("template", "kingdom-builder", "--boards", "tavern", "paddock", "oasis", "my-farm",
               "--boards-dir", "sections", "--out", "forms/game.yaml")
    assert made.exit_code == 0, made.output
    form = (tmp_path / "forms" / "game.yaml").read_text()
    assert "boards_dir:" not in form
    assert "# Its sections are in sections, outside this file's folder: check and score it with --boards-dir sections" in form
    refused = run("check", "kingdom-builder", "forms/game.yaml")
    assert refused.exit_code == 1 and "a section file beside the transcription or in the folder --boards-dir names" in refused.stderr
