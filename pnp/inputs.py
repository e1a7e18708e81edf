"""Reading the user's files: bounded in size, never a device, and (for files a transcription
names) never outside the folders the user chose.

Every refusal is an `InputError` naming the file, so it reaches the user as one line.
"""

from __future__ import annotations

import errno
import os
import stat
from collections.abc import Sequence
from pathlib import Path, PurePosixPath, PureWindowsPath

from pnp.errors import InputError, Problem, say

MAX_DOCUMENT = 1_000_000  # bytes: a transcription or set-up is a few KB; this leaves room for comments
MAX_REFERENCED = 8_192  # bytes: a section file is about 300
MAX_PHOTO = 64 * 1024 * 1024  # bytes: a 50-megapixel JPEG is about 25 MB


def read_text(path: Path, file: str, limit: int = MAX_DOCUMENT, regular_only: bool = False) -> str:
    """A file's UTF-8 text, read as `read_bytes` reads it."""
    data = read_bytes(path, file, limit, regular_only)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError([Problem(file, None, say("problem.file.not_utf8", byte=error.start))]) from None


def read_bytes(path: Path, file: str, limit: int, regular_only: bool = False) -> bytes:
    """A file's bytes, read no further than `limit`. Folders, devices and sockets are refused
    (`/dev/zero` would never end); a pipe is read (`<(...)`, `/dev/stdin`) unless `regular_only`.
    Raises InputError saying why the file cannot be used."""

    def refuse(message: str) -> InputError:  # a `say` message
        return InputError([Problem(file, None, message)])

    try:
        # O_NONBLOCK: opening a FIFO nobody writes to returns at once instead of waiting.
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError:
        raise refuse(say("problem.file.not_found")) from None
    except IsADirectoryError:
        raise refuse(say("problem.file.folder")) from None
    except (OSError, ValueError) as error:  # ValueError: a NUL byte in the name
        if getattr(error, "errno", None) == errno.ELOOP:
            raise refuse(say("problem.file.loop")) from None
        raise refuse(say("problem.file.unreadable", reason=getattr(error, 'strerror', None) or str(error))) from None
    try:
        kind = os.fstat(fd).st_mode
        if stat.S_ISDIR(kind):
            raise refuse(say("problem.file.folder"))
        if not stat.S_ISREG(kind) and (regular_only or not stat.S_ISFIFO(kind)):
            raise refuse(say("problem.file.not_regular"))
        if stat.S_ISFIFO(kind):
            os.set_blocking(fd, True)  # a pipe being written to: wait for its data
        data = _read_at_most(fd, limit + 1)
    except OSError as error:
        raise refuse(say("problem.file.unreadable", reason=error.strerror)) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise refuse(say("problem.file.too_large", size=_size(limit)))
    return data


def read_document(path: Path) -> tuple[str, str]:
    """A transcription's text (through `read_text`) and its name as messages show it."""
    from pnp.escape import terminal

    file = terminal(str(path))
    return read_text(path, file), file


def resolved(path: Path) -> Path:
    """The path absolute, its links followed as far as they lead: a link that cannot be
    followed (a loop) stays as named, and reading it then says why."""
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (before Python 3.13)
        return path.absolute()


def _read_at_most(fd: int, count: int) -> bytes:
    chunks, left = [], count
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _size(limit: int) -> str:
    return f"{limit // 1_000_000} MB" if limit >= 1_000_000 else f"{limit // 1024} KB"


class Refused(Exception):
    """A file reference that points where pnp does not read; the message says why."""


def confined(reference: str, folder: Path, allowed: Sequence[Path]) -> Path:
    """The file a relative reference names in `folder`, resolved; it must lie inside one of
    the `allowed` folders. Refused: absolute paths, '..', a symbolic link leading out of every
    allowed folder, names that are not plain text. Raises FileNotFoundError if there is no such
    file, naming where it was looked for."""
    if not reference or "\x00" in reference:
        raise Refused(say("problem.file.refused.empty"))
    if len(reference.encode("utf-8", "surrogatepass")) > 200:
        raise Refused(say("problem.file.refused.long"))
    for flavour in (PurePosixPath, PureWindowsPath):
        pure = flavour(reference)
        if pure.is_absolute() or pure.anchor:
            raise Refused(say("problem.file.refused.absolute"))
        if ".." in pure.parts:
            raise Refused(say("problem.file.refused.up"))
    try:
        target = (folder.resolve() / reference).resolve()
        exists = target.exists()
        inside = any(target.is_relative_to(root.resolve()) for root in allowed)
    except (OSError, RuntimeError):  # RuntimeError: a symbolic link loop (before Python 3.13)
        raise Refused(say("problem.file.refused.loop")) from None
    if not exists:
        raise FileNotFoundError(str(folder / reference))
    if not inside:
        raise Refused(say("problem.file.refused.outside"))
    return target
