"""The same options give byte-identical files, even from separate processes whose string hashing
differs (PYTHONHASHSEED): nothing may depend on set or dict order of hashed values."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

# Every game's kit as a PDF, one in Persian (shaped text), and one kit as SVG files (glyph outlines).
RUNS = (
    "kit kingdom-builder --paper letter --bleed 3 --lang ru",
    "kit kingdom-builder --format svg --ink-saver",
    "kit great-wall --players 2 --bleed 3 --lang fa",
    "kit carolus-magnus --lang ru --paladins",
)
DRIVER = """
import shlex, sys
from typer.testing import CliRunner
from pnp.cli.app import app
for line in sys.argv[1:]:
    result = CliRunner().invoke(app, shlex.split(line))
    assert result.exit_code == 0, result.output
"""


def _digests(folder: Path, hash_seed: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    return subprocess.Popen([sys.executable, "-c", DRIVER, *(f"{run} --out {folder}" for run in RUNS)], env=env,
                            stderr=subprocess.PIPE)


def test_two_processes_with_different_hash_seeds_write_identical_files(tmp_path):
    runs = {seed: _digests(tmp_path / seed, seed) for seed in ("1", "2")}
    for seed, process in runs.items():
        assert process.wait() == 0, process.stderr.read().decode()  # type: ignore[union-attr]

    def digests(folder: Path) -> dict[str, str]:
        return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(folder.rglob("*")) if p.is_file()}

    first, second = digests(tmp_path / "1"), digests(tmp_path / "2")
    assert len(first) > 60 and first == second  # 3 PDFs and the SVG kit's 64 designs
