"""Heavy work off the desk's request loop, against a real desk (uvicorn on a free port): while an
evaluation, a picture or scans are held up in their workers, the page is still served; photos
beyond the few read at once are asked to come back; what a worker refuses gets the answer it got
when the work ran in the loop; two saves at once cannot both pass the check for a changed file."""

import functools
import json
import shutil
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest
import yaml

import pnp.desk.app as desk_app
import pnp.desk.aside as aside
import pnp.outputs
from pnp.desk.service import DeskService
from pnp.games import GAMES
from tests.desk.browsing import EXAMPLES, serving

KB = GAMES["kingdom-builder"]
# Seconds a held-up call waits at most to be let go, and a request for real work at most to be
# answered: a test that fails still ends. Generous, as the work is slow on a busy machine: a
# picture is drawn in a process at niceness 10, which beside the suite's own workers and two
# burners (tests/benchmarks/soak.py) gets a few per cent of a core and took over 30 s. Where a
# test is about the desk answering at once (the page while work runs), it says its own timeout.
HOLD = 300.0


def call(url: str, body: bytes | None = None, content_type: str = "application/json", timeout: float = HOLD):
    """(status, headers, body) of one request to the desk."""
    request = urllib.request.Request(url, body, {"Content-Type": content_type} if body is not None else {})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return answer.status, answer.headers, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers, error.read()


def post(url: str, data: dict):
    return call(url, json.dumps(data).encode())


class Held:
    """Stands in for a method: each call says it has begun, then waits to be let go before doing
    what the method does."""

    def __init__(self, method):
        self.method, self.begun, self.go = method, threading.Semaphore(0), threading.Event()

    def __call__(self, *args, **kwargs):
        self.begun.release()
        assert self.go.wait(HOLD), "never let go"
        return self.method(*args, **kwargs)

    def wait_begun(self, count: int = 1) -> None:
        for _ in range(count):
            assert self.begun.acquire(timeout=HOLD), "the call never began"


class Requests:
    """Requests sent from threads of their own; `answers()` waits for them all."""

    def __init__(self):
        self.threads, self.results = [], []

    def send(self, *args) -> None:
        thread = threading.Thread(target=lambda: self.results.append(post(*args) if len(args) == 2 else call(*args)))
        thread.start()
        self.threads.append(thread)

    def answers(self) -> list:
        for thread in self.threads:
            thread.join(HOLD)
        return self.results


@pytest.fixture
def desk(tmp_path):
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "game.yaml"))
    with serving({"kingdom-builder": path}, path) as url:
        yield url, path


def example() -> dict:
    return yaml.safe_load((EXAMPLES / "first-game.yaml").read_text())


def test_the_page_is_served_while_a_position_is_scored(desk, monkeypatch):
    """Held up while its position is scored, in a thread (a picture is scored and drawn in a
    process of its own: tests/desk/test_load.py)."""
    url, _ = desk
    held = Held(KB.evaluate)
    monkeypatch.setattr(KB, "evaluate", held)
    work = Requests()
    work.send(url + "api/evaluate", {"game": KB.id, "document": example()})
    held.wait_begun()
    # Were the work in the request loop, nothing would answer until it is let go.
    status, _, page = call(url, timeout=10)
    assert status == 200 and b"<html" in page
    status, _, script = call(url + "static/desk.js", timeout=10)
    assert status == 200 and script
    held.go.set()
    [(status, _, body)] = work.answers()
    assert status == 200  # the example's score, as the page gets it
    assert json.loads(body)["result"] == KB.report_json(held.method(KB.load(EXAMPLES / "first-game.yaml")))


def test_positions_beyond_the_workers_wait_their_turn(tmp_path, monkeypatch):
    """With one worker held up, a second evaluation waits for it, and then is answered."""
    monkeypatch.setattr(desk_app, "WORKERS", 1)
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "game.yaml"))
    with serving({"kingdom-builder": path}, path) as one:
        held = Held(KB.evaluate)
        monkeypatch.setattr(KB, "evaluate", held)
        work = Requests()
        work.send(one + "api/evaluate", {"game": KB.id, "document": example()})
        held.wait_begun()
        work.send(one + "api/evaluate", {"game": KB.id, "document": example()})
        assert not held.begun.acquire(timeout=0.5)  # the second has not begun: no worker is free
        assert call(one, timeout=10)[0] == 200
        held.go.set()
        held.wait_begun()  # now it has
        assert [status for status, _, _ in work.answers()] == [200, 200]


def multipart(fields: dict[str, str], photo: bytes, name: str = "notes.jpg") -> tuple[bytes, str]:
    boundary = "desk-test-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in fields.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="{name}"\r\n'
                 "Content-Type: image/jpeg\r\n\r\n".encode() + photo + f"\r\n--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def held(folder: str, call, *args):
    """In one of the desk's processes: says it has begun (a file in `folder` named for its
    process), waits for the test to let it go, then does `call(*args)`; says the niceness it ran at."""
    import os
    import time

    (Path(folder) / f"begun-{os.getpid()}-{time.monotonic_ns()}").touch()
    deadline = time.monotonic() + HOLD
    while not (Path(folder) / "go").exists():
        assert time.monotonic() < deadline, "never let go"
        time.sleep(0.01)
    try:
        return call(*args)
    finally:
        (Path(folder) / "niceness").write_text(str(os.nice(0)))


class HeldAside:
    """The desk's work of one kind (`scan_aside`, `picture_aside`) held up in its processes
    until let go; `folder` is where they say so. (What the desk sends its processes is pickled:
    the hold is a module's function and the folder's name.)"""

    def __init__(self, monkeypatch, folder: Path, name: str):
        self.folder = folder
        monkeypatch.setattr(desk_app, name, self.holding(getattr(aside, name)))

    def holding(self, call) -> functools.partial:
        """`call`, held up here."""
        return functools.partial(held, str(self.folder), call)

    def wait_begun(self, count: int = 1) -> list[int]:
        """The processes of the first `count` calls begun, once they have."""
        import time

        deadline = time.monotonic() + HOLD
        while len(begun := sorted(self.folder.glob("begun-*"))) < count:
            assert time.monotonic() < deadline, "the call never began"
            time.sleep(0.01)
        return [int(path.name.split("-")[1]) for path in begun]

    def let_go(self) -> None:
        (self.folder / "go").touch()

    def niceness(self) -> int:
        return int((self.folder / "niceness").read_text())


def scans_held(url: str, monkeypatch, folder: Path) -> tuple[HeldAside, Requests, bytes, str]:
    """Every scan place taken by a photo (not a photo: "notes.jpg" holds GIF bytes) held up in its
    process before it is read: the hold, those requests, and the form they sent."""
    hold = HeldAside(monkeypatch, folder, "scan_aside")
    body, kind = multipart({"game": KB.id, "document": json.dumps(example()), "corners": "1,2 3,4 5,6 7,8"},
                           b"GIF89a not a photo")
    work = Requests()
    for _ in range(desk_app.MAX_SCANS):
        work.send(url + "api/scan", body, kind)
    hold.wait_begun(desk_app.MAX_SCANS)
    return hold, work, body, kind


def test_photos_beyond_the_few_read_at_once_get_503_while_the_others_are_read(desk, monkeypatch, tmp_path):
    url, path = desk
    held, work, body, kind = scans_held(url, monkeypatch, tmp_path)
    status, headers, answer = call(url + "api/scan", body, kind, timeout=10)
    assert status == 503 and headers["Retry-After"] == "5"
    assert json.loads(answer)["error"] == "busy reading other photos: try again in a few seconds"
    assert call(url, timeout=10)[0] == 200  # and the page is served meanwhile
    held.let_go()
    # Let go, those being read end as they would have: the scanner's message for what was sent.
    for status, _, answer in work.answers():
        assert status == 422 and json.loads(answer)["error"] == "notes.jpg: not a JPEG or PNG image"
    status, _, answer = call(url + "api/scan", body, kind)  # places free again: read, not turned away
    assert status == 422 and b"not a JPEG or PNG image" in answer


def test_what_a_worker_refuses_gets_the_same_answer_as_before(desk):
    url, path = desk
    spoilt = example() | {"cards": ["fishermen", "knights", "nonsense"]}
    deep: object = 1
    for _ in range(40):  # deeper than any file may nest (yamldoc.MAX_DEPTH, 32)
        deep = [deep]
    cases = [
        ("api/evaluate", {"game": KB.id, "document": ["not", "a", "position"]}, 400, "the position must be a JSON object"),
        ("api/evaluate", {"game": ["x"], "document": example()}, 400, "'game' names a game: kingdom-builder"),
        ("api/evaluate", {"game": "great-wall", "document": example()}, 404, "this desk has no page for 'great-wall'"),
        ("api/picture", {"game": KB.id, "document": spoilt}, 422, "1 problem: fix it first"),
        ("api/picture", {"game": KB.id, "document": {"game": KB.id, "x": deep}},
         400, "the position is nested more than"),
    ]
    for route, data, status, message in cases:
        got, _, answer = post(url + route, data)
        assert got == status and message in json.loads(answer)["error"], (route, data, answer)
    got, _, answer = post(url + "api/save", {"game": KB.id, "document": spoilt})
    assert got == 422 and json.loads(answer)["problems"][0]["message"].startswith("unknown card 'nonsense'")
    assert path.read_text() == (EXAMPLES / "first-game.yaml").read_text()  # nothing written


def test_two_saves_at_once_over_one_version_cannot_both_write(desk, monkeypatch):
    """Two tabs save at the same moment, each over the file as it loaded it. The first save's
    write is held up (until the second save has checked the file, or a second has passed): the
    second must find the file changed (409), not write over the first."""
    url, path = desk
    version = json.loads(call(url + "api/file/kingdom-builder")[2])["version"]
    checked = threading.Event()
    real_clash, real_write = DeskService.clash, pnp.outputs.write_file
    writes = []

    def clash(self, *args):
        found = real_clash(self, *args)
        if writes:  # the first save is writing: this is the second's check
            checked.set()
        return found

    def write_file(*args, **kwargs):
        writes.append(args[0])
        checked.wait(1.0)
        return real_write(*args, **kwargs)

    monkeypatch.setattr(DeskService, "clash", clash)
    monkeypatch.setattr(pnp.outputs, "write_file", write_file)
    mine, theirs = example(), example()
    mine["players"][0]["name"], theirs["players"][0]["name"] = "Mine", "Theirs"
    work = Requests()
    work.send(url + "api/save", {"game": KB.id, "document": mine, "version": version})
    work.send(url + "api/save", {"game": KB.id, "document": theirs, "version": version})
    statuses = sorted(status for status, _, _ in work.answers())
    assert statuses == [200, 409] and len(writes) == 1


def test_a_photo_is_decoded_only_as_large_as_the_scan_reads_it():
    """The scan draws its straightened board from 2 photo pixels per pixel, hexes 2 W = 48.5
    pixels apart (scan_layout): corners whose hexes are 100 pixels apart along a row and down
    (rows of a 19-gap board at 100 * sqrt(3) / 2) allow decoding at half size (50 >= 48.5), not
    a quarter (25). Without corners the whole photo is kept at 12 MP at least: an 8000 x 6000
    photo is decoded at half size (12 MP), a 4000 x 3000 one whole."""
    from pnp.games.kingdom_builder.scan_layout import W, hexes_apart
    from pnp.scan.photo import reduction

    row, column = 1900.0, 1900 * 3**0.5 / 2
    corners = [(10.0, 10.0), (10 + row, 10.0), (10.0, 10 + column), (10 + row, 10 + column)]
    assert reduction(8000, 6000, hexes_apart(corners), 2 * W) == 2
    assert reduction(8000, 6000, hexes_apart([(x / 2, y / 2) for x, y in corners]), 2 * W) == 1  # hexes 50 apart: whole
    assert reduction(8000, 6000, None, 2 * W) == 2
    assert reduction(4000, 3000, None, 2 * W) == 1


def scan_telling_decoded(folder: str, *args):
    """`scan_aside` in the desk's process, writing down in `folder` the size of each photo decoded there."""
    import pnp.scan.photo as photos

    real = photos.decode_photo

    def decode(*args):
        image = real(*args)
        with (Path(folder) / "decoded").open("a") as told:
            told.write("x".join(map(str, image.shape)) + "\n")
        return image

    photos.decode_photo = decode
    try:
        return aside.scan_aside(*args)
    finally:
        photos.decode_photo = real


def test_a_large_photo_read_at_the_size_the_scan_needs_gives_every_settlement(tmp_path, monkeypatch):
    """A 4800 x 3600 photo of the example board (the 1200 x 900 synthetic photo of
    tests/desk/test_scan.py made 4 times larger) is decoded at half its size: its corner hexes
    put the hexes about 4 x 33.6 = 134 pixels apart (row and column), 67 at half size, over the
    48.5 the scan reads at, but 34 at a quarter, under. The desk reads from it exactly the
    settlements the photo shows."""
    import random

    import cv2
    import numpy as np

    from pnp import yamlout
    from pnp.games.base import Source
    from pnp.games.kingdom_builder.transcription import load_board
    from tools.photos.flat import make_photo, played_game

    board = load_board(example()["boards"], [None] * 4, "test", EXAMPLES)
    pieces = played_game(board, 3, random.Random(21), per_player=12)
    photo = make_photo(board, pieces, ["orange", "blue", "purple"], 21, size=(1200, 900), level="clean")
    small = cv2.imdecode(np.frombuffer(photo.encoded(".png", 0), np.uint8), cv2.IMREAD_COLOR)
    ok, big = cv2.imencode(".jpg", cv2.resize(small, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC),
                           [cv2.IMWRITE_JPEG_QUALITY, 92])
    corners = " ".join(f"{(x + .5) * 4 - .5:.1f},{(y + .5) * 4 - .5:.1f}" for x, y in photo.corners)
    monkeypatch.setattr(desk_app, "scan_aside", functools.partial(scan_telling_decoded, str(tmp_path)))
    path = Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "game.yaml"))
    with serving({"kingdom-builder": path}, path) as url:
        body, kind = multipart({"game": KB.id, "document": json.dumps(example()), "corners": corners}, big.tobytes(), "board.jpg")
        status, _, answer = call(url + "api/scan", body, kind, timeout=120)
    assert status == 200, answer
    assert (tmp_path / "decoded").read_text().split() == ["1800x2400x3"]
    found = KB.parse(yamlout.dumps(json.loads(answer)["document"], flow=False), Source.of(EXAMPLES / "first-game.yaml"))
    assert dict(found.settlements) == {cell: str(p + 1) for cell, p in photo.pieces.items()}


def test_a_call_apart_gives_back_what_it_gave_or_raised_and_says_when_its_process_died():
    import os

    import anyio

    from pnp.desk.service import Refused

    assert anyio.run(aside.alone, divmod, 7, 2) == (3, 1)  # 7 = 3 x 2 + 1
    with pytest.raises(ValueError, match="invalid literal"):
        anyio.run(aside.alone, int, "seven")
    with pytest.raises(Refused) as died:
        anyio.run(aside.alone, os._exit, 3)
    assert died.value.status == 500 and str(died.value).endswith("(its process ended with status 3)")


def test_a_call_apart_given_up_ends_its_process(tmp_path, monkeypatch):
    """The request given up (the desk stopping) while its call runs: the process is ended with it."""
    import os
    import time

    import anyio

    hold = HeldAside(monkeypatch, tmp_path, "scan_aside")

    async def given_up() -> None:
        with anyio.move_on_after(HOLD):
            async with anyio.create_task_group() as group:
                group.start_soon(aside.alone, hold.holding(time.sleep), 0)
                await anyio.to_thread.run_sync(hold.wait_begun)
                group.cancel_scope.cancel()

    anyio.run(given_up)
    [process] = hold.wait_begun()
    with pytest.raises(ProcessLookupError):
        os.kill(process, 0)
    assert not (tmp_path / "niceness").exists()  # it never went on to the call
