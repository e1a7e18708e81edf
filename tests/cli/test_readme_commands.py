"""Every command line the README shows, run as a user runs it, against a saved record of its
output: what it prints, its exit code, and a digest of every file it writes. The record was made
before the commands were rebuilt on the game registry; after an intended change, run
`python -m pytest --regenerate-golden` and read the diff of tests/golden/readme/."""

from __future__ import annotations

import hashlib
import shlex
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from pnp.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "readme"

# The README's commands, with a seed wherever the README leaves it to chance.
COMMANDS = (
    "games",
    "kit kingdom-builder",
    "kit kingdom-builder --paper letter --bleed 3 --lang ru",
    "kit kingdom-builder --no-duplex --ink-saver --settlements",
    "kit kingdom-builder --format svg --out my-kit",
    "kit kingdom-builder --lang fa",
    "boards kingdom-builder --seed 42",
    "boards kingdom-builder --seed 42 --format pdf",
    "setup kingdom-builder --players 3 --seed 5",
    "setup kingdom-builder --players 3 --seed 11 --out setup.pdf",
    "setup kingdom-builder --first-game --seed 3",
    "setup kingdom-builder --seed 11 --json",
    "template kingdom-builder --boards tavern paddock oasis farm@180 --players 3 --out game.yaml",
    "template kingdom-builder --players 2",
    "check kingdom-builder examples/first-game.yaml",
    "score kingdom-builder examples/first-game.yaml",
    "score kingdom-builder examples/first-game.yaml --explain",
    "score kingdom-builder examples/first-game.yaml --json",
    "score kingdom-builder examples/first-game.yaml --picture check.pdf",
    "score kingdom-builder examples/first-game.yaml --picture check.svg",
    "kit great-wall --players 3",
    "setup great-wall --players 2 --seed 7",
    "setup great-wall --players 4 --seed 7 --json",
    "template great-wall --players 3",
    "check great-wall examples/great-wall-last-round.yaml",
    "score great-wall examples/great-wall-last-round.yaml --explain",
    "score great-wall examples/great-wall-last-round.yaml --json",
    "kit carolus-magnus",
    "kit carolus-magnus --players 2 --paladins --lang ru",
    "setup carolus-magnus --players 2 --seed 7",
    "setup carolus-magnus --players 4 --seed 7 --json",
    "template carolus-magnus --players 2",
    "check carolus-magnus examples/carolus-magnus-counterattack.yaml",
    "score carolus-magnus examples/carolus-magnus-counterattack.yaml --explain",
    "score carolus-magnus examples/carolus-magnus-counterattack.yaml --json",
    "boards great-wall",
)


def _record(command: str, folder: Path) -> str:
    """What a run shows: exit code, stdout, stderr (minus progress bars), and the files written."""
    before = {p for p in folder.rglob("*")}
    result = CliRunner().invoke(app, shlex.split(command))
    lines = [f"$ pnp {command}", f"exit {result.exit_code}", "--- stdout", result.stdout.rstrip("\n"), "--- stderr"]
    lines += [line for line in result.stderr.splitlines() if not line.lstrip().startswith(("Rendering", "["))]
    lines.append("--- files")
    for path in sorted(p for p in folder.rglob("*") if p not in before and p.is_file()):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        lines.append(f"{path.relative_to(folder)} {path.stat().st_size} {digest}")
    return "\n".join(lines) + "\n"


def _golden_name(command: str) -> str:
    return command.replace(" ", "_").replace("/", "-").replace("@", "at") + ".txt"


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_gives_the_recorded_result(command, tmp_path, monkeypatch, golden):
    shutil.copytree(ROOT / "boards" / "examples", tmp_path / "examples")
    monkeypatch.chdir(tmp_path)
    golden(GOLDEN / _golden_name(command), _record(command, tmp_path))


def test_every_record_belongs_to_a_command():
    # A record left behind by a command taken out of the README would go unchecked.
    assert sorted(p.name for p in GOLDEN.glob("*.txt")) == sorted(_golden_name(c) for c in COMMANDS)
