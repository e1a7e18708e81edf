"""The independent photo maker (tools/photos/independent.py) writes what it promises: a photo, a
form the scanner takes, a truth that `pnp check` accepts, and corners inside the photo. Its
photos are only ever measured on, so nothing here checks how well anything reads them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import cv2
import yaml
from typer.testing import CliRunner

from pnp.cli.app import app

MAKER = Path(__file__).resolve().parents[1] / "tools" / "photos" / "independent.py"


def make(outdir: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(MAKER), str(outdir), *extra], capture_output=True, text=True)


def test_one_small_photo_with_its_form_truth_and_corners(tmp_path):
    done = make(tmp_path, "--first", "3", "--count", "1", "--size", "640x480")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "0003-corners.txt", "0003-form.yaml", "0003-setup-corners.txt", "0003-setup.jpg", "0003-truth.yaml", "0003.jpg"]

    photo = cv2.imread(str(tmp_path / "0003.jpg"))
    assert photo.shape == (480, 640, 3)  # --size is width x height

    runner = CliRunner()
    for name in ("0003-truth.yaml", "0003-form.yaml"):  # the form is a game with no settlement yet
        result = runner.invoke(app, ["check", "kingdom-builder", str(tmp_path / name)])
        assert result.exit_code == 0, result.output

    truth = yaml.safe_load((tmp_path / "0003-truth.yaml").read_text())
    form = yaml.safe_load((tmp_path / "0003-form.yaml").read_text())
    keys = {p["key"] for p in truth["players"]}
    assert 2 <= len(keys) <= 4 and all("colour" in p for p in truth["players"])
    placed = [token for line in truth["settlements"].splitlines() for token in line.split("#")[0].split() if token in keys]
    assert placed  # somebody built
    assert not any(token in keys for line in form["settlements"].splitlines() for token in line.split("#")[0].split())
    assert {k: v for k, v in form.items() if k != "settlements"} == {k: v for k, v in truth.items() if k != "settlements"}

    corners = (tmp_path / "0003-corners.txt").read_text().split()
    assert len(corners) == 4  # A1, A20, T1, T20, as --corners takes them
    points = [tuple(float(v) for v in corner.split(",")) for corner in corners]
    assert all(0 <= x < 640 and 0 <= y < 480 for x, y in points)
    (a1x, a1y), (a20x, _), (t1x, t1y), _ = points
    # The camera is tilted at most 20 degrees and turned at most 6: row A lies above row T and
    # column 1 left of column 20, as printed.
    assert a1y < t1y and a1x < a20x

    setup = cv2.imread(str(tmp_path / "0003-setup.jpg"))  # the same board before anyone built
    assert setup.shape == (480, 640, 3)
    before = [tuple(float(v) for v in corner.split(",")) for corner in (tmp_path / "0003-setup-corners.txt").read_text().split()]
    assert len(before) == 4 and all(0 <= x < 640 and 0 <= y < 480 for x, y in before) and before != points


def test_the_same_seed_makes_the_same_files(tmp_path):
    for folder in ("a", "b"):
        assert make(tmp_path / folder, "--first", "5", "--count", "1", "--size", "400x300").returncode == 0
    for name in ("0005.jpg", "0005-form.yaml", "0005-truth.yaml", "0005-corners.txt", "0005-setup.jpg",
                 "0005-setup-corners.txt"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_bad_size_is_a_usage_error_and_writes_nothing(tmp_path):
    done = make(tmp_path / "out", "--size", "big")
    assert done.returncode == 2 and "WxH" in done.stderr
    assert not (tmp_path / "out").exists()


def test_an_existing_file_is_kept_without_force(tmp_path):
    (tmp_path / "0001.jpg").write_bytes(b"mine")
    done = make(tmp_path, "--first", "1", "--size", "400x300")
    assert done.returncode == 1 and "0001.jpg" in done.stderr and "Traceback" not in done.stderr
    assert (tmp_path / "0001.jpg").read_bytes() == b"mine"
