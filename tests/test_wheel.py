"""The package as a user gets it: the wheel built and installed on its own, run from a folder
outside the repository with nothing of the repository on the path. What a newcomer types first
must work there: `pnp example` for each game, check and score on what it wrote, the photo example
scanned; and a path into the repository's boards/ is refused with a clear message."""

from __future__ import annotations

import json
import os
import site
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("kingdom-builder", "great-wall", "carolus-magnus")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """The wheel (built without an isolated build environment: hatchling is a test dependency),
    installed alone into a folder; its dependencies are this interpreter's."""
    wheels = tmp_path_factory.mktemp("wheel")
    pip = [sys.executable, "-m", "pip", "-q", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(ROOT)], check=True)
    (wheel,) = wheels.glob("pnp-*.whl")
    target = tmp_path_factory.mktemp("site")
    subprocess.run([*pip, "install", "--no-deps", "--no-index", "--target", str(target), str(wheel)], check=True)
    return target


def python(installed: Path, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """This interpreter run with ARGS in `folder`: the installed package first on the path, then
    this interpreter's site-packages, read without their .pth files (-S), so that an editable
    install of the repository adds nothing."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(installed), *site.getsitepackages()])}
    return subprocess.run([sys.executable, "-S", *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=120)


def run(installed: Path, folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`pnp ARGS` in `folder`, as the wheel installed it."""
    return python(installed, folder, str(installed / "bin" / "pnp"), *args)


def test_the_installed_package_is_the_one_run(installed, tmp_path):
    where = python(installed, tmp_path, "-c", "import json, sys, pnp; print(json.dumps([pnp.__file__, sys.path]))")
    module, path = json.loads(where.stdout)
    assert Path(module).is_relative_to(installed)
    assert ROOT not in [Path(entry or tmp_path).resolve() for entry in path]  # '': the folder it runs in


def test_examples_check_score_and_scan_from_the_installed_wheel(installed, tmp_path):
    def pnp(*args: str) -> str:
        result = run(installed, tmp_path, *args)
        assert result.returncode == 0, f"pnp {' '.join(args)}: {result.stderr}"
        return result.stdout

    for game in GAMES:
        assert pnp("example", game).startswith(f"wrote {game}-example.yaml\n")
        assert pnp("check", game, f"{game}-example.yaml").startswith(f"{game}-example.yaml: OK: ")
        assert json.loads(pnp("score", game, f"{game}-example.yaml", "--json"))["game"] == game
    assert "pnp scan kingdom-builder scan-example.yaml scan-example.jpg --out scanned.yaml" in \
        pnp("example", "kingdom-builder", "--photo")
    read = json.loads(pnp("scan", "kingdom-builder", "scan-example.yaml", "scan-example.jpg",
                          "--out", "scanned.yaml", "--json"))
    # The example's 40 settlements a player (boards/examples/first-game.yaml), each read or listed as unsure.
    assert all(len(cells) + len(read["uncertain"]) >= 40 for cells in read["settlements"].values())
    assert pnp("check", "kingdom-builder", "scanned.yaml").startswith("scanned.yaml: OK: ")


def test_a_path_into_the_repository_is_refused_outside_it(installed, tmp_path):
    score = run(installed, tmp_path, "score", "kingdom-builder", "boards/examples/first-game.yaml")
    assert score.returncode == 1 and score.stderr == "boards/examples/first-game.yaml: file not found\n"
    desk = run(installed, tmp_path, "desk", "boards/examples/first-game.yaml", "--no-browser", "--port", "0")
    assert desk.returncode == 1 and desk.stdout == "" and "no such file, nor folder boards/examples" in desk.stderr
    assert list(tmp_path.iterdir()) == []
