"""The desk's heavy work, done in processes of their own: Picture PDFs (a position scored and
drawn: seconds of pure Python) in a few processes kept for them, at a lower priority, and each
photo read (seconds of OpenCV and Python) in a process started for it alone, which ends with it,
giving the scanner's memory back. In a thread, their Python would hold the interpreter lock that
the request loop needs; in a process, the loop, asleep between requests, is run first when one
comes. A photo's process keeps the desk's own priority: its user is waiting for it, and lowered,
it was starved by a machine busy with other work (a scan of seconds took minutes).

Each call is sent pickled and gives plain data back: what it needs of the desk is passed to it (the
files its games save to), never the desk's service with its locks; what it refuses is a `Refused`,
as when it ran in the desk. This module is a photo's process's main too: it imports only what the
call needs.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from pathlib import Path

    from pnp.games.base import Json

NICENESS = 10  # a Picture PDF's process yields the CPU to the desk's own
T = TypeVar("T")
BIG_BLOCK = 8 * 1024 * 1024  # blocks this large (a photo, its pixels) are given back to the system when freed


def big_blocks_given_back() -> None:
    """Large blocks taken from the system on their own and given back when freed. glibc's malloc
    does so from 128 KiB, but raises that threshold to each such block freed, up to 32 MiB: a
    photo's buffers then come from heaps that the process keeps (50 scans of a 28 MiB photo left
    the desk 200 MB larger; with the threshold fixed, 40 MB). Elsewhere, the system's own rules."""
    import ctypes

    if sys.platform.startswith("linux"):
        mallopt = getattr(ctypes.CDLL(None), "mallopt", None)
        if mallopt is not None:
            mallopt(-3, BIG_BLOCK)  # M_MMAP_THRESHOLD


def set_aside() -> None:
    """A picture's process below the desk, its large blocks given back when freed (each time: cheap)."""
    if hasattr(os, "nice") and os.nice(0) < NICENESS:
        os.nice(NICENESS - os.nice(0))
    big_blocks_given_back()


def picture_aside(targets: dict[str, Path], request: Json) -> bytes:
    """The score picture of the position a page sent, as PDF: scored and drawn here, for a desk
    whose games save to `targets` (in a thread, scoring a full board would hold the loop's lock
    too)."""
    from pnp.desk.service import Desk, DeskService, draw_picture

    set_aside()
    return draw_picture(DeskService(Desk(targets)).picture(request))


def scan_aside(targets: dict[str, Path], form_file: str, content_type: str, largest: int) -> Json:
    """A photo's form, its body as the desk received it into `form_file` (a photo of at most
    `largest` bytes, the position and its corners), read into the position as `DeskService.scan`
    reads it, for a desk whose games save to `targets`."""
    import json

    from pnp.desk.forms import read_form
    from pnp.desk.service import Desk, DeskService, Refused

    with open(form_file, "rb") as received:  # into one buffer of the file's size, read once
        body = bytearray(os.fstat(received.fileno()).st_size)
        received.readinto(body)
    form = read_form(body, content_type, 4, 1)
    if "photo" not in form.files:
        raise Refused(400, "no photo sent")
    name, photo = form.files.pop("photo")
    if len(photo) > largest:
        raise Refused(413, f"the photo is larger than {largest / 2**20:g} MiB")
    try:
        document = json.loads(form.fields.get("document", ""))
    except (ValueError, RecursionError):
        raise Refused(400, "the position is not valid JSON") from None
    return DeskService(Desk(targets)).scan(form.fields.get("game"), document, photo, name or "photo",
                                           form.fields.get("corners") or None)


async def alone(call: Callable[..., T], *args: object) -> T:
    """`call(*args)` in a process started for it alone (`main`): it ends with the call, its memory
    given back, or is killed if the request is given up (the desk stopping); what the call raises
    is raised here. The process is started, fed and waited for in worker threads: starting one
    waits until it runs, tens of milliseconds on a busy machine, which the request loop must not
    wait. What is sent is small (a photo goes in a file, not through the pipe)."""
    import subprocess

    from anyio import CancelScope, to_thread

    from pnp.desk.service import Refused

    sent = pickle.dumps(sys.path) + pickle.dumps((call, args), pickle.HIGHEST_PROTOCOL)
    with CancelScope(shield=True):  # once started, it is always ended here
        process = await to_thread.run_sync(
            lambda: subprocess.Popen([sys.executable, "-m", __name__], stdin=subprocess.PIPE, stdout=subprocess.PIPE))
    try:
        answer, _ = await to_thread.run_sync(process.communicate, sent, abandon_on_cancel=True)
    finally:
        if process.poll() is None:  # given up: its thread, still waiting on it, ends with it
            process.kill()
            with CancelScope(shield=True):
                await to_thread.run_sync(process.wait)
    if process.returncode != 0 or not answer:
        raise Refused(500, f"the work stopped before it was done (its process ended with status {process.returncode})")
    done, value = pickle.loads(answer)
    if not done:
        raise value
    return value  # type: ignore[no-any-return]


def main() -> None:
    """A process's side of `alone`: the parent's module path and the call, pickled on standard
    input; what the call gave or raised, pickled on standard output."""
    given, answer = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # what the call prints is not taken for its answer
    sys.path[:] = pickle.load(given)
    call, args = pickle.load(given)
    try:
        outcome = pickle.dumps((True, call(*args)), pickle.HIGHEST_PROTOCOL)
    except Exception as error:  # noqa: BLE001 (each is the call's to say, in the desk)
        try:
            outcome = pickle.dumps((False, error), pickle.HIGHEST_PROTOCOL)
        except Exception:  # noqa: BLE001
            outcome = pickle.dumps((False, RuntimeError(f"{type(error).__name__}: {error}")))
    answer.write(outcome)
    answer.flush()


if __name__ == "__main__":
    main()
