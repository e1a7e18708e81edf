"""A fourth game added exactly as docs/adding-a-game.md says, in a copy of the repository: the toy
coin flip (tests/coin_flip/: game.py and its texts) becomes the package pnp/games/coin_flip/ and its name joins
`PACKAGES` in pnp/games/__init__.py; nothing else changes. There the command line, the desk and
the browser take it as they take the three games, and (`-m slow`) the whole suite passes."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
REGISTRY = 'PACKAGES = ("kingdom_builder", "great_wall", "carolus_magnus")'


def _tracked() -> list[str]:
    """The repository's files as a fresh clone has them (those git tracks, as they are now)."""
    try:
        listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("the repository's files are listed by git, which is not here")
    return [name for name in listed.decode().split("\0") if name and (ROOT / name).is_file()]


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("fourth-game")
    copy = base / ROOT.name
    for name in _tracked():
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / name, copy / name)
    if (ROOT.parent / "shared").is_dir():  # the rules digests some tests cite, beside the repository
        (base / "shared").symlink_to(ROOT.parent / "shared")
    # The document's steps: the game's package, and its name in the registry.
    shutil.copytree(ROOT / "tests" / "coin_flip", copy / "pnp" / "games" / "coin_flip",
                    ignore=shutil.ignore_patterns("__pycache__"))
    registry = copy / "pnp" / "games" / "__init__.py"
    text = registry.read_text()
    assert text.count(REGISTRY) == 1  # the one line the document names
    registry.write_text(text.replace(REGISTRY, REGISTRY[:-1] + ', "coin_flip")'))
    return copy


def pnp(repo: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS` run from the copy (its own `pnp` package first on the path), in English."""
    env = {**os.environ, "PNP_LANG": "en", "PYTHONPATH": str(repo)}
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=repo, env=env, capture_output=True, text=True,
                          timeout=120)


def test_the_command_line_takes_the_fourth_game(repo, tmp_path):
    listed = pnp(repo, "games")
    assert listed.returncode == 0 and listed.stdout.endswith(
        "coin-flip  (Coin flip)\n  who called the coin right\n  commands:\n    pnp check coin-flip\n"
        "    pnp score coin-flip\n    pnp desk\n")
    flip = tmp_path / "flip.yaml"
    flip.write_text("game: coin-flip\ncalls: {Anna: heads, Boris: tails, Clara: heads}\nlanded: heads\n")
    checked = pnp(repo, "check", "coin-flip", str(flip))
    assert checked.returncode == 0 and checked.stdout == f"{flip}: OK: 3 calls, landed heads\n"
    # Anna and Clara called heads, and heads it was (tests/coin_flip/game.py).
    assert pnp(repo, "score", "coin-flip", str(flip)).stdout == "Winners: Anna, Clara\n"
    assert json.loads(pnp(repo, "score", "coin-flip", str(flip), "--json").stdout) == {"winners": ["Anna", "Clara"]}
    # What it does not offer is refused as for any game, with the games that do take it.
    for command in (["template", "coin-flip"], ["kit", "coin-flip"], ["scan", "coin-flip", str(flip), "photo.jpg"],
                    ["export", "coin-flip", "--to", "pod"]):
        refused = pnp(repo, *command)
        assert refused.returncode == 2 and "Coin flip has no '" + command[0] + "' command" in refused.stderr, command
        assert "Traceback" not in refused.stderr and refused.stdout == ""


DESK = textwrap.dedent("""
    import json, sys
    from pathlib import Path
    from starlette.testclient import TestClient
    from pnp.cli.desk import targets_for
    from pnp.desk.app import Desk, create_app

    folder = Path(sys.argv[1])
    targets, _ = targets_for(None, folder)
    client = TestClient(create_app(Desk(targets, port=8123)), base_url="http://127.0.0.1:8123")
    page = client.get("/")
    blank = client.get("/api/file/coin-flip").json()["document"]  # before any save: a new game
    doc = {"game": "coin-flip", "calls": {"Anna": "heads", "Boris": "tails"}, "landed": "tails"}
    found = client.post("/api/evaluate", json={"game": "coin-flip", "document": doc}).json()
    saved = client.post("/api/save", json={"game": "coin-flip", "document": doc}).json()
    print(json.dumps({"page": page.status_code, "listed": '"id": "coin-flip"' in page.text,
                      "blank": blank, "found": found,
                      "saved": saved["saved"], "file": targets["coin-flip"].read_text()}))
""")


def test_the_desk_takes_the_fourth_game(repo, tmp_path):
    run = subprocess.run([sys.executable, "-c", DESK, str(tmp_path)], cwd=repo, capture_output=True, text=True,
                         env={**os.environ, "PYTHONPATH": str(repo)}, timeout=120)
    assert run.returncode == 0, run.stderr
    answer = json.loads(run.stdout)
    assert answer["page"] == 200 and answer["listed"]  # its page: the generic one, for JSON text
    assert answer["blank"] == {"game": "coin-flip"}  # no blank form of its own: a file naming the game
    # Boris alone called tails, where the coin landed.
    assert answer["found"]["problems"] == [] and answer["found"]["result"] == {"winners": ["Boris"]}
    assert answer["saved"] == str(tmp_path / "coin-flip.yaml")
    assert pnp(repo, "score", "coin-flip", answer["saved"]).stdout == "Winners: Boris\n"


def test_a_browser_edits_the_fourth_game(repo):
    pytest.importorskip("playwright")
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-n", "0",
                          "tests/desk/test_browser.py::test_a_game_without_a_page_of_its_own_is_edited_as_json"],
                         cwd=repo, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(repo)},
                         timeout=300)
    assert run.returncode == 0, run.stdout[-3000:]
    assert "1 passed" in run.stdout


@pytest.mark.slow
def test_the_whole_suite_passes_with_a_fourth_game(repo):
    run = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "not slow"],
                         cwd=repo, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(repo)})
    assert run.returncode == 0, run.stdout[-6000:]
