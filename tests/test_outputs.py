"""Writing output files (`pnp.outputs`): replaced only with force and only if regular, written
whole or not at all, every operating-system error one line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pnp.outputs import OutputError, write_file, write_files


def test_existing_files_are_replaced_only_with_force(tmp_path):
    out = tmp_path / "a.txt"
    write_file(out, "one")
    with pytest.raises(OutputError, match="a.txt: already exists; use --force to replace it"):
        write_file(out, "two")
    assert out.read_text() == "one"
    write_file(out, "two", force=True)
    assert out.read_text() == "two" and [p.name for p in tmp_path.iterdir()] == ["a.txt"]  # nothing left over


@pytest.mark.parametrize("make, kind", [
    (lambda p: p.mkdir(), "a folder"),
    (lambda p: os.symlink("/etc/passwd", p), "a symbolic link"),
    (lambda p: os.mkfifo(p), "a pipe or socket"),
])
def test_nothing_but_a_regular_file_is_replaced_even_with_force(tmp_path, make, kind):
    target = tmp_path / "target"
    make(target)
    with pytest.raises(OutputError, match=f"target: is {kind}; pnp writes only regular files"):
        write_file(target, "x", force=True)


def test_devices_are_never_written():
    # /dev/full would fail on write and /dev/null would be replaced by a file if we could.
    for device in ("/dev/full", "/dev/null"):
        with pytest.raises(OutputError, match="is a device"):
            write_file(Path(device), "x", force=True)


def test_a_folder_that_is_a_file(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(OutputError, match="a folder on its path is a file"):
        write_file(tmp_path / "file" / "out.pdf", b"%PDF")


def test_a_set_is_written_whole_or_not_at_all(tmp_path, monkeypatch):
    old = {tmp_path / f"{n}.svg": f"old {n}" for n in "abc"}
    write_files(old)
    real_replace, calls = os.replace, []

    def failing_replace(source, target):  # the third file's move fails (say, the disk is gone)
        calls.append(target)
        if len(calls) == 5:
            raise OSError(5, "Input/output error")
        return real_replace(source, target)

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(OutputError, match="c.svg: cannot write: Input/output error"):
        write_files({path: "new" for path in old}, force=True)
    monkeypatch.undo()
    assert {p.name: p.read_text() for p in tmp_path.iterdir()} == {"a.svg": "old a", "b.svg": "old b", "c.svg": "old c"}


def test_a_refused_target_stops_the_whole_set(tmp_path):
    (tmp_path / "b.svg").write_text("mine")
    with pytest.raises(OutputError) as caught:
        write_files({tmp_path / "a.svg": "1", tmp_path / "b.svg": "2"})
    assert caught.value.messages() == [f"{tmp_path / 'b.svg'}: already exists; use --force to replace it"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.svg"]


def test_a_file_size_limit_is_one_line_and_leaves_nothing(tmp_path):
    # RLIMIT_FSIZE: writing past it fails with EFBIG (Python ignores SIGXFSZ).
    script = ("import resource, sys\nfrom pathlib import Path\nfrom pnp.outputs import OutputError, write_files\n"
              "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
              "try:\n    write_files({Path(sys.argv[1]) / 'a.pdf': b'x' * 100, Path(sys.argv[1]) / 'b.pdf': b'x' * 10000})\n"
              "except OutputError as error:\n    print(error)\n")
    result = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert result.stdout.strip() == f"{tmp_path / 'b.pdf'}: cannot write: File too large", result.stderr
    assert list(tmp_path.iterdir()) == []


def test_an_empty_set_writes_nothing(tmp_path):
    """`pnp scan --json` alone asks for no file: writing none is no error (it once raised
    StopIteration) and leaves nothing behind, not even a temporary folder."""
    write_files({}, force=False)
    write_files({}, force=True)
    assert list(tmp_path.iterdir()) == []
