"""`pnp example GAME`: each game's bundled example written where the user is, ready for check and
score; `pnp example kingdom-builder --photo`: the example's form and a photo of its finished board,
which `pnp scan` reads back to the example's settlements."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games import GAMES
from pnp.games.base import Source
from pnp.games.kingdom_builder.model import label
from pnp.games.kingdom_builder.transcription import parse_form

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "boards" / "examples"
BUNDLED = {"kingdom-builder": "first-game.yaml", "great-wall": "great-wall-last-round.yaml",
           "carolus-magnus": "carolus-magnus-counterattack.yaml"}
KB = GAMES["kingdom-builder"]


def pnp(*args: str):
    return CliRunner().invoke(app, list(args))


@pytest.mark.parametrize("game_id", list(BUNDLED))
def test_the_example_is_written_here_and_checks_and_scores(game_id, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a folder with nothing else in it: the example needs no file beside it
    written = pnp("example", game_id)
    name = f"{game_id}-example.yaml"
    assert written.exit_code == 0, written.output
    assert written.stdout == f"wrote {name}\nTry:\n  pnp score {game_id} {name} --explain\n"
    assert (tmp_path / name).read_bytes() == (EXAMPLES / BUNDLED[game_id]).read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]
    checked = pnp("check", game_id, name)
    assert checked.exit_code == 0 and checked.stdout.startswith(f"{name}: OK: ")
    scored = pnp("score", game_id, name, "--json")
    assert scored.exit_code == 0 and scored.stdout == pnp("score", game_id, str(EXAMPLES / BUNDLED[game_id]), "--json").stdout


def test_an_existing_file_is_replaced_only_with_force(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "great-wall-example.yaml").write_text("mine")
    refused = pnp("example", "great-wall")
    assert refused.exit_code == 1 and refused.stdout == ""
    assert refused.stderr == "great-wall-example.yaml: already exists; use --force to replace it\n"
    assert (tmp_path / "great-wall-example.yaml").read_text() == "mine"
    assert pnp("example", "great-wall", "--force").exit_code == 0
    assert (tmp_path / "great-wall-example.yaml").read_bytes() == (EXAMPLES / BUNDLED["great-wall"]).read_bytes()


def test_out_names_the_file_and_the_command_to_paste_quotes_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    written = pnp("example", "carolus-magnus", "--out", "my games/counter attack.yaml")
    assert written.exit_code == 0, written.output
    # shlex quoting: the path has a space, so the line pastes as one argument.
    assert written.stdout == ("wrote 'my games/counter attack.yaml'\nTry:\n"
                              "  pnp score carolus-magnus 'my games/counter attack.yaml' --explain\n")
    assert (tmp_path / "my games" / "counter attack.yaml").is_file()


def test_the_photo_example_writes_the_form_and_its_photo_and_says_how_to_scan(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    written = pnp("example", "kingdom-builder", "--photo")
    assert written.exit_code == 0, written.output
    assert written.stdout == ("wrote scan-example.yaml and scan-example.jpg\nTry:\n"
                              "  pnp scan kingdom-builder scan-example.yaml scan-example.jpg "
                              "--out scanned.yaml\n")
    assert (tmp_path / "scan-example.yaml").read_bytes() == (EXAMPLES / "first-game-form.yaml").read_bytes()
    assert (tmp_path / "scan-example.jpg").read_bytes() == (EXAMPLES / "first-game-photo.jpg").read_bytes()
    named = pnp("example", "kingdom-builder", "--photo", "--out", "sub/board.yml")
    assert named.exit_code == 0 and (tmp_path / "sub" / "board.yml").is_file() and (tmp_path / "sub" / "board.jpg").is_file()


def test_the_photo_example_writes_both_files_or_neither(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "scan-example.jpg").write_text("my photo")
    refused = pnp("example", "kingdom-builder", "--photo")
    assert refused.exit_code == 1 and "scan-example.jpg: already exists; use --force" in refused.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan-example.jpg"]
    # The photo takes the form's name ending in .jpg: a form named .jpg would be overwritten by it. Wrong usage: exit 2.
    clash = pnp("example", "kingdom-builder", "--photo", "--out", "board.jpg")
    assert clash.exit_code == 2 and clash.stderr == "--out: 'board.jpg' must end in .yaml or .yml\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scan-example.jpg"]


def test_only_a_game_with_a_photo_example_takes_photo(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = pnp("example", "great-wall", "--photo")
    assert result.exit_code == 2 and "No such option: --photo" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_the_form_is_the_example_with_colours_and_no_settlements():
    example = KB.load(EXAMPLES / "first-game.yaml")
    form_file = EXAMPLES / "first-game-form.yaml"
    form = KB.load(form_file)  # a complete transcription: it checks
    assert form.board == example.board and form.cards == example.cards and form.settlements == ()
    assert [(p.key, p.name) for p in form.players] == [(p.key, p.name) for p in example.players]
    _, players = parse_form(form_file.read_text(), Source.of(form_file))
    assert all(player.colour for player in players)


def test_the_photo_is_modest():
    data = (EXAMPLES / "first-game-photo.jpg").read_bytes()
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    assert data[:3] == b"\xff\xd8\xff" and image.shape[1] <= 1600 and len(data) <= 600 * 1024


def test_the_scan_reads_the_example_off_its_photo_without_corners(tmp_path, monkeypatch):
    """Every settlement the scan is sure of is where the example has it, and the scan misses none
    but those it lists as unsure; the filled form then scores as the example does."""
    monkeypatch.chdir(tmp_path)
    assert pnp("example", "kingdom-builder", "--photo").exit_code == 0
    scanned = pnp("scan", "kingdom-builder", "scan-example.yaml", "scan-example.jpg", "--json",
                  "--out", "scanned.yaml")
    assert scanned.exit_code == 0, scanned.stderr
    read = json.loads(scanned.stdout)
    unsure = set(read["uncertain"])
    example = KB.load(EXAMPLES / "first-game.yaml")
    truth = {player.key: {label(cell) for cell in example.settlements_of(player.key)} for player in example.players}
    assert {key: set(cells) - unsure for key, cells in read["settlements"].items()} == \
        {key: cells - unsure for key, cells in truth.items()}
    assert len(unsure) <= 6  # a clean photo: a few hexes to compare at most, not a board to type
    if not unsure:
        assert KB.load(tmp_path / "scanned.yaml").settlements == example.settlements
        scored = pnp("score", "kingdom-builder", "scanned.yaml", "--json")
        bundled = pnp("score", "kingdom-builder", str(EXAMPLES / "first-game.yaml"), "--json")
        assert json.loads(scored.stdout) == json.loads(bundled.stdout)


def test_the_tool_makes_the_shipped_photo(monkeypatch):
    """tools/sample_photo.py makes the photo again from its seed (to within JPEG and OpenCV
    versions: the pictures agree to a grey level on average)."""
    monkeypatch.syspath_prepend(str(ROOT / "tools"))
    from sample_photo import sample_photo

    again = cv2.imdecode(np.frombuffer(sample_photo(), np.uint8), cv2.IMREAD_COLOR).astype(float)
    shipped = cv2.imread(str(EXAMPLES / "first-game-photo.jpg"), cv2.IMREAD_COLOR).astype(float)
    assert again.shape == shipped.shape and np.abs(again - shipped).mean() < 1.0
    sys.modules.pop("sample_photo")
