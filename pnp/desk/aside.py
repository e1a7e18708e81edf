"""The desk's heavy work, done in processes of their own: Picture PDFs (a position scored and
drawn: seconds of pure Python) in a few processes kept for them, at a lower priority, and each
photo read (seconds of OpenCV and Python) in a process started for it alone, which ends with it,
giving the scanner's memory back; both started, fed and waited for from worker threads. In a
thread, their Python would hold the interpreter lock that the request loop needs; in a process, the loop, asleep between requests, is run first when one
comes. A photo's process keeps the desk's own priority: its user is waiting for it, and lowered,
it was starved by a machine busy with other work (a scan of seconds took minutes).

Each call is sent pickled and gives plain data back: what it needs of the desk is passed to it (the
files its games save to), never the desk's service with its locks; what it refuses is a `Refused`,
as when it ran in the desk. This module is each such process's main too: it imports only what the
calls need.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import asyncio
    import subprocess

    from pnp.desk.service import Desk
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
    """A picture's process below the desk, its large blocks given back when freed: run once as it starts."""
    if hasattr(os, "nice") and os.nice(0) < NICENESS:
        os.nice(NICENESS - os.nice(0))
    big_blocks_given_back()


def picture_aside(desk: Desk, request: Json) -> bytes:
    """The score picture of the position a page sent, as PDF: scored and drawn here, for `desk`
    (its files and language; in a thread, scoring a full board would hold the loop's lock too)."""
    from pnp.desk.service import DeskService, draw_picture

    return draw_picture(DeskService(desk).picture(request))


def scan_aside(desk: Desk, form_file: str, content_type: str, largest: int) -> Json:
    """A photo's form, its body as the desk received it into `form_file` (a photo of at most
    `largest` bytes, a set-up photo likewise if any, the position, and the game's scan options), read into the position as `DeskService.scan`
    reads it, for `desk` (its files and language)."""
    import json

    from pnp.desk.forms import read_form
    from pnp.desk.service import DeskService, Refused
    from pnp.render.i18n import render_catalog

    with open(form_file, "rb") as received:  # into one buffer of the file's size, read once
        body = bytearray(os.fstat(received.fileno()).st_size)
        received.readinto(body)
    form = read_form(body, content_type, 4, 2)
    if "photo" not in form.files:
        raise Refused(400, "no photo sent")
    name, photo = form.files.pop("photo")
    setup = form.files.pop("empty", None)  # the set-up photo, optional
    if max(len(photo), len(setup[1]) if setup else 0) > largest:
        t = render_catalog(desk.lang)
        raise Refused(413, t("desk.page.server.photo_too_large", most=t.number(largest / 2**20)))
    try:
        document = json.loads(form.fields.get("document", ""))
    except (ValueError, RecursionError):
        raise Refused(400, "the position is not valid JSON") from None
    return DeskService(desk).scan(form.fields.get("game"), document, photo, name or "photo", form.fields,
                                  None if setup is None else (setup[1], setup[0] or "set-up photo"))


def started(*options: str) -> subprocess.Popen[bytes]:
    """A process running `main` (in a worker thread: starting one waits until it runs, tens of
    milliseconds on a busy machine, which the request loop must not wait)."""
    import subprocess

    return subprocess.Popen([sys.executable, "-m", __name__, *options], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def exchanged(process: subprocess.Popen[bytes], sent: bytes) -> tuple[bool, object]:
    """In a worker thread: a call sent to a kept process and its answer, (done, value or error)."""
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(sent)
    process.stdin.flush()
    answer: tuple[bool, object] = pickle.load(process.stdout)  # what `main` sends back
    return answer


def ended(process: subprocess.Popen[bytes]) -> int:
    """A process killed (busy or not), waited for and its pipes closed: its status."""
    import contextlib

    process.kill()
    status = process.wait()
    for pipe in (process.stdin, process.stdout):
        with contextlib.suppress(OSError):  # (what was left unsent)
            if pipe is not None:  # never: `started` opens both
                pipe.close()
    return status


def stopped(status: int | None) -> Exception:
    from pnp.desk.service import Refused

    return Refused(500, f"the work stopped before it was done (its process ended with status {status})")


class Kept:
    """At most `size` processes kept for one kind of work (Picture PDFs: a process takes 0.3 s to
    start and import what a picture needs, against 0.5 s for the picture), each at NICENESS,
    started when first needed and ended when the request loop ends (the desk stopping), busy or
    not. A call beyond `size` waits its turn in the loop; a call given up (its request cancelled)
    ends its process."""

    def __init__(self, size: int) -> None:
        from anyio import CapacityLimiter

        self.turns = CapacityLimiter(size)
        self.idle: list[subprocess.Popen[bytes]] = []
        self.processes: set[subprocess.Popen[bytes]] = set()  # idle or busy (touched in the loop alone)
        self.watch: asyncio.Task[None] | None = None

    async def run(self, call: Callable[..., T], *args: object) -> T:
        """`call(*args)` in one of the processes, started for it if none is idle; what it raises is
        raised here."""
        import asyncio

        from anyio import CancelScope, to_thread

        if self.watch is None:  # (the desk's loop is asyncio's, under uvicorn)
            self.watch = asyncio.get_running_loop().create_task(self.ended_with_loop())
        sent = pickle.dumps((call, args), pickle.HIGHEST_PROTOCOL)
        async with self.turns:
            if self.idle:
                process = self.idle.pop()
            else:
                with CancelScope(shield=True):  # once started, it is always ended here
                    process = await to_thread.run_sync(started, "kept")
                self.processes.add(process)
                sent = pickle.dumps(sys.path) + sent
            try:
                done, value = await to_thread.run_sync(exchanged, process, sent, abandon_on_cancel=True)
            except BaseException as error:  # given up, or the process died (killed): it is ended
                self.processes.discard(process)
                with CancelScope(shield=True):
                    status = await to_thread.run_sync(ended, process)
                if isinstance(error, (OSError, EOFError, pickle.UnpicklingError)):
                    raise stopped(status) from None
                raise
            self.idle.append(process)
        if not done:
            raise value  # type: ignore[misc]  # `main` sends the exception the call raised
        return value  # type: ignore[return-value]  # else what `call` returned, a T (pickled, so untyped)

    async def ended_with_loop(self) -> None:
        """Waits until the loop ends (its tasks cancelled), then ends the processes and waits for them."""
        import asyncio

        try:
            await asyncio.Event().wait()
        finally:
            for process in self.processes:
                ended(process)
            self.processes.clear()
            self.idle.clear()
            self.watch = None


async def alone(call: Callable[..., T], *args: object) -> T:
    """`call(*args)` in a process started for it alone (`main`): it ends with the call, its memory
    given back, or is killed if the request is given up (the desk stopping); what the call raises
    is raised here. The process is started, fed and waited for in worker threads. What is sent is
    small (a photo goes in a file, not through the pipe)."""
    from anyio import CancelScope, to_thread

    sent = pickle.dumps(sys.path) + pickle.dumps((call, args), pickle.HIGHEST_PROTOCOL)
    with CancelScope(shield=True):  # once started, it is always ended here
        process = await to_thread.run_sync(started)
    try:
        answer, _ = await to_thread.run_sync(process.communicate, sent, abandon_on_cancel=True)
    finally:
        if process.poll() is None:  # given up: its thread, still waiting on it, ends with it
            with CancelScope(shield=True):
                await to_thread.run_sync(ended, process)
    if process.returncode != 0 or not answer:
        raise stopped(process.returncode)
    done, value = pickle.loads(answer)
    if not done:
        raise value
    return value  # type: ignore[no-any-return]  # what `call` returned, a T (pickled, so untyped)


def main() -> None:
    """A process's side of `alone` and `Kept`: the parent's module path, then calls, pickled on
    standard input, until it ends; what each call gave or raised, pickled on standard output.
    Started "kept", it runs at NICENESS."""
    given, answer = sys.stdin.buffer, sys.stdout.buffer
    sys.stdout = sys.stderr  # what a call prints is not taken for its answer
    sys.path[:] = pickle.load(given)
    if "kept" in sys.argv[1:]:
        set_aside()
    while True:
        try:
            call, args = pickle.load(given)
        except EOFError:  # the desk is done with this process
            return
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
