"""`pnp scan kingdom-builder` as a user runs it: every combination of --json, --out, --overlay
and --force the README documents, with the corners given and with scan markers."""

from __future__ import annotations

import json

import cv2
import pytest
from typer.testing import CliRunner

from pnp.cli.app import app
from pnp.games.kingdom_builder.scan import Hex, Scan
from pnp.games.kingdom_builder.scan_output import grid
from pnp.games.kingdom_builder.transcription import load_board, unsure_hexes
from pnp.render.i18n import render_catalog
from pnp.games.kingdom_builder.model import label
from tests.cli.test_languages import english_words
from tests.kingdom_builder.test_scan import BOARDS, coloured_form, photo_of

COLOURS = ["orange", "white", "blue"]  # player 1 has no colour in the form: the kit's first, orange


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    """A form with colours and a clean photo of that game with the kit's markers laid out."""
    folder = tmp_path_factory.mktemp("scan-cli")
    (folder / "game.yaml").write_text(coloured_form(), encoding="utf-8")
    photo = photo_of(5, COLOURS, markers=True)
    (folder / "board.jpg").write_bytes(photo.encoded(".jpg", 92))
    corners = " ".join(f"{x:.1f},{y:.1f}" for x, y in photo.corners)
    truth = {key: sorted(label(c) for c, p in photo.pieces.items() if str(p + 1) == key) for key in "123"}
    return folder, corners, truth


def run(*args: str):
    return CliRunner().invoke(app, ["scan", "kingdom-builder", "game.yaml", "board.jpg", *args], catch_exceptions=False)


def where(corners: str, markers: bool) -> list[str]:
    return [] if markers else ["--corners", corners]


@pytest.mark.parametrize("markers", [False, True], ids=["corners", "markers"])
@pytest.mark.parametrize("as_json, out, overlay", [
    (json_, out, overlay) for json_ in (False, True) for out in (None, "read.yaml") for overlay in (None, "check.png")])
def test_each_combination_of_outputs(game, tmp_path, monkeypatch, markers, as_json, out, overlay):
    """Whatever is asked for is written, nothing else; the summary always goes to stderr and
    the JSON, asked for, alone to stdout."""
    folder, corners, truth = game
    for name in ("game.yaml", "board.jpg"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    monkeypatch.chdir(tmp_path)
    args = [*where(corners, markers), *(["--json"] if as_json else []), *(["--out", out] if out else []),
            *(["--overlay", overlay] if overlay else [])]
    result = run(*args)
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr and "read " in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["game.yaml", "board.jpg", *filter(None, [out, overlay])])
    for name in filter(None, [out, overlay]):
        assert f"wrote {name}" in result.stderr
    if as_json:
        data = json.loads(result.stdout)
        assert {key: sorted(cells) for key, cells in data["settlements"].items()} == truth
    else:
        assert result.stdout == ""
    if out:
        assert "1 " in (tmp_path / out).read_text(encoding="utf-8")  # the grid holds player 1's settlements
    if overlay:
        assert cv2.imread(str(tmp_path / overlay)) is not None


@pytest.mark.parametrize("markers", [False, True], ids=["corners", "markers"])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_force_replaces_existing_outputs_and_nothing_without_it(game, tmp_path, monkeypatch, markers, as_json):
    folder, corners, truth = game
    for name in ("game.yaml", "board.jpg"):
        (tmp_path / name).write_bytes((folder / name).read_bytes())
    monkeypatch.chdir(tmp_path)
    (tmp_path / "read.yaml").write_text("keep me")
    (tmp_path / "check.png").write_text("keep me")
    args = [*where(corners, markers), *(["--json"] if as_json else []), "--out", "read.yaml", "--overlay", "check.png"]
    refused = run(*args)
    assert refused.exit_code == 1 and refused.stdout == ""
    assert "read.yaml: already exists; use --force" in refused.stderr and "check.png: already exists" in refused.stderr
    assert (tmp_path / "read.yaml").read_text() == "keep me" and (tmp_path / "check.png").read_text() == "keep me"
    forced = run(*args, "--force")
    assert forced.exit_code == 0, forced.stderr
    assert "settlements: |" in (tmp_path / "read.yaml").read_text(encoding="utf-8")
    assert cv2.imread(str(tmp_path / "check.png")) is not None
    if as_json:
        assert {key: sorted(cells) for key, cells in json.loads(forced.stdout)["settlements"].items()} == truth


@pytest.mark.parametrize("lang", ["ru", "fa"])
def test_the_summary_and_the_checks_in_the_form_are_in_the_language(game, tmp_path, monkeypatch, lang):
    """Before, under --lang ru or fa: «read 120 settlements: 1 (orange) 40…», «no unsure hexes»
    and «# check: E7 (unsure: white or empty)» in the form, all English."""
    folder, corners, _ = game
    monkeypatch.chdir(folder)
    result = run("--corners", corners, "--out", str(tmp_path / "read.yaml"), "--lang", lang)
    assert result.exit_code == 0 and english_words(result.stderr) == []
    t = render_catalog(lang)
    assert t("reading.read", count=40 * 3, counts=[]).split(":")[0] in result.stderr  # 40 settlements each


def test_a_check_comment_names_what_a_hex_may_hold_in_the_language():
    # An unsure hex on a board of two players: orange (key 1) or empty, as the form comments say it.
    board = load_board(["tavern", "paddock", "oasis", "farm"], [None] * 4, "test", BOARDS)
    unsure = Scan((Hex((0, 0), "1", False, ("1", None), "between"),), (), None, {}, (("1", "orange"), ("2", "blue")))
    rows = {lang: grid(board, unsure, render_catalog(lang))[3] for lang in ("en", "ru")}
    assert rows["en"].endswith("# A  # check: A1 (unsure: orange or empty)")
    assert rows["ru"].endswith("# A  # check: A1 (неясно: оранжевый или пусто)")
    assert unsure_hexes("settlements: |\n" + rows["ru"]) == ["A1"]  # the desk and pnp still find it
