"""The README as a new user meets it: every shell block of the tour runs as written, in order, in
one fresh folder, after the set-up's own `pnp kit kingdom-builder` (so a block that writes
`output/kingdom-builder-kit.pdf` again without `--force` fails here as it would for the user).
The commands run as the installed `pnp`, not through a recorded copy of their output. A block
preceded by `<!-- not run: why -->` is left out (the desk serves until stopped); the set-up
blocks are the ones that install. The README stays short and its links stay in the repository."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
NOT_RUN = "<!-- not run"


def shell_blocks(text: str) -> list[tuple[int, str, bool]]:
    """Each ```sh block: its first line's number, its text, and whether it is to be run."""
    blocks = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start = i + 1
            end = lines.index("```", start)
            before = next((line for line in reversed(lines[:i]) if line.strip()), "")
            body = "\n".join(lines[start:end])
            installs = "python3 -m venv" in body
            blocks.append((start + 1, body, not installs and not before.startswith(NOT_RUN)))
            i = end
        i += 1
    return blocks


def pnp_command() -> Path:
    found = Path(sys.executable).parent / "pnp"
    return found if found.exists() else Path(shutil.which("pnp") or "pnp")


def test_the_readme_blocks_are_found():
    """The parser sees the set-up's two blocks and the tour's: a README whose fences it missed
    would pass the next test with nothing run."""
    blocks = shell_blocks(README.read_text(encoding="utf-8"))
    assert sum("python3 -m venv" in body for _, body, _ in blocks) == 2
    assert sum(run for *_, run in blocks) >= 8


def test_every_readme_block_runs_as_written(tmp_path):
    pnp = pnp_command()
    assert pnp.exists(), f"the installed pnp command is needed: {pnp}"
    env = {**os.environ, "PATH": f"{pnp.parent}{os.pathsep}{os.environ.get('PATH', '')}", "NO_COLOR": "1"}
    env.pop("PYTHONPATH", None)  # the installed package, as a user has it
    setup = subprocess.run([str(pnp), "kit", "kingdom-builder"], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert setup.returncode == 0, setup.stderr
    for line, body, run in shell_blocks(README.read_text(encoding="utf-8")):
        if not run:
            continue
        done = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", body], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, f"README.md:{line}: the block fails (exit {done.returncode}):\n{body}\n{done.stderr[-3000:]}"


def test_the_readme_is_short_and_links_stay_in_the_repository():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 450
    for document in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target in re.findall(r"\]\(([^)\s]+)\)", document.read_text(encoding="utf-8")):
            if target.startswith("#"):
                continue
            assert "://" not in target and not target.startswith("/") and (document.parent / target.split("#")[0]).resolve().is_relative_to(ROOT), \
                f"{document.name}: {target} leaves the repository"
            assert (document.parent / target.split("#")[0]).exists(), f"{document.name}: {target} does not exist"
