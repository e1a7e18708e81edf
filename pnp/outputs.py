"""Writing output files: whole or not at all, and never over anything but a regular file.

The policy every command follows: a file that already exists is replaced only when the user
says so (`--force`), and only if it is a regular file (never a folder, a link, a device or a
pipe). Files are written into a temporary folder beside their target and moved into place
together, so a failure (a full disk, a size limit, no permission) leaves the old files as they
were and no half-written new one. Every operating-system error becomes one `OutputError` line.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

from pnp.errors import LinesError, say

T = TypeVar("T")


class OutputError(LinesError):
    """Files that cannot be written, one line each."""


def write_file(path: Path, data: str | bytes, force: bool = False) -> None:
    """Write one file atomically; see the module's policy."""
    write_files({path: data}, force)


def check_writable(paths: Iterable[Path], force: bool = False) -> None:
    """Refuse now what `write_files` would refuse, before any long work to make the files."""
    problems = [problem for path in paths if (problem := _refusal(path, force))]
    if problems:
        raise OutputError(problems)


def write_files(files: Mapping[Path, str | bytes], force: bool = False) -> None:
    """Write a set of files, all of them or none; see the module's policy. No files: nothing to do."""
    check_writable(files, force)
    if not files:
        return
    staged: dict[Path, Path] = {}  # target folder -> its temporary folder
    try:
        for path in files:
            folder = path.parent
            if folder not in staged:
                _make_folder(folder)
                staged[folder] = Path(_attempt(path, lambda: tempfile.mkdtemp(prefix=".pnp-", dir=folder),
                                               say("problem.output.no_new_files", path=str(folder))))
        mode = 0o666 & ~_umask()  # the usual permissions, not mkdtemp's private ones
        for path, data in files.items():
            temp = staged[path.parent] / path.name
            _attempt(path, lambda: _write(temp, data, mode))  # called at once: the loop's values
        _move_into_place(files, staged)
    finally:
        for temp in staged.values():
            shutil.rmtree(temp, ignore_errors=True)


def _refusal(path: Path, force: bool) -> str | None:  # a `say` message
    """Why `path` may not be written, or None."""
    try:
        mode = path.lstat().st_mode
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        return say("problem.output.path_through_file", path=str(path))
    except (OSError, ValueError) as error:
        return say("problem.output.cannot_write", path=str(path), reason=getattr(error, 'strerror', None) or str(error))
    if stat.S_ISREG(mode):
        return None if force else say("problem.output.exists", path=str(path))
    kind = ("folder" if stat.S_ISDIR(mode) else "link" if stat.S_ISLNK(mode)
            else "device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else "pipe")
    return say(f"problem.output.not_regular.{kind}", path=str(path))


def _make_folder(folder: Path) -> None:
    if folder.is_dir():
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise OutputError([say("problem.output.folder_is_file", path=str(folder))]) from None
    except OSError as error:
        raise OutputError([say("problem.output.no_folder", path=str(folder), reason=error.strerror)]) from None


def _attempt(path: Path, action: Callable[[], T], why: str = "") -> T:
    """Run `action`; an operating-system error becomes one line naming `path` (and `why`, when
    the error's own words would mislead: a folder that is there, said to be missing)."""
    try:
        return action()
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError([say("problem.output.cannot_write", path=str(path),
                               reason=say("problem.output.because", why=why, reason=reason) if why else reason)]) from None


def _write(temp: Path, data: str | bytes, mode: int) -> None:
    raw = data.encode("utf-8") if isinstance(data, str) else data
    with open(temp, "xb") as out:
        out.write(raw)
    os.chmod(temp, mode)


def _move_into_place(files: Mapping[Path, str | bytes], staged: dict[Path, Path]) -> None:
    """Rename every staged file onto its target; if one rename fails, put the old files back."""
    done: list[tuple[Path, Path | None]] = []  # (target, where its old content was put aside)
    path = next(iter(files))
    try:
        for path in files:
            old = None
            if path.exists():
                aside = staged[path.parent] / ".old"
                aside.mkdir(exist_ok=True)
                old = aside / path.name
                os.replace(path, old)
            done.append((path, old))
            os.replace(staged[path.parent] / path.name, path)
    except OSError as error:
        for target, old in reversed(done):
            if old is not None:
                os.replace(old, target)
            elif target.exists():
                target.unlink()
        raise OutputError([say("problem.output.cannot_write", path=str(path), reason=error.strerror or str(error))]) from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
