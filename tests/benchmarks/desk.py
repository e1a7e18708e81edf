"""The desk's round trip per edit: server time from an edit's request to the updated score.

A full 4-player Kingdom Builder board (40 settlements each), one hex changed per edit, posted as
the page posts it; also a Great Wall and a Carolus Magnus edit. Prints the median and the 95th
percentile, and where a Kingdom Builder edit's time goes.

Then, against a real desk (uvicorn in its own process on localhost): how long `GET /` takes
(median, 95th percentile, slowest) while 20 Picture PDFs and 4 scans of a 30 MB photo run at once,
and the desk's resident memory before, at its peak and after 50 scans of such photos (sent 4 at a
time; a scan turned away as busy, on its headers, is sent again whole, as a browser sends it). The photo is a synthetic 1600 x 1200 photo of the first-game board
(tools/photos/flat.py) blown up to 7200 x 5400 with noise, so that it weighs as a
phone's 40-megapixel JPEG does.

Run: python tests/benchmarks/desk.py [--skip-load] [--runs R] [--scans N]
(R: times `GET /` is measured under the load, each on a fresh desk; N: scans instead of 50, 0 for
none)
Targets: under 100 ms per edit; `GET /` under 100 ms while the pictures and scans run; memory
after the scans within 100 MB of where it started.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from score_kb import full_board_game  # noqa: E402

from pnp.desk.app import Desk, create_app  # noqa: E402
from pnp.desk.service import DeskService  # noqa: E402
from pnp.games import GAMES  # noqa: E402
from pnp.render import svg  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "boards" / "examples"
EDITS = 60
PORT = 8123
PICTURES, SCANS, MEMORY_SCANS, SCANNERS, RUNS = 20, 4, 50, 4, 1
SERVE = """
import sys, uvicorn
from pathlib import Path
from pnp.desk.app import Desk, create_app
port, path = int(sys.argv[1]), Path(sys.argv[2])
uvicorn.run(create_app(Desk({"kingdom-builder": path}, port=port)), host="127.0.0.1", port=port, log_level="warning")
"""


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    return f"median {statistics.median(ordered) * 1000:5.1f} ms, 95th percentile {ordered[int(len(ordered) * 0.95)] * 1000:5.1f} ms"


def main() -> None:
    from starlette.testclient import TestClient

    game = GAMES["kingdom-builder"]
    path = ROOT / "boards" / "bench.yaml"  # never written: the benchmark only evaluates
    state = full_board_game(("fishermen", "knights", "lords"))
    document = yaml.safe_load(game.dumps(state))
    client = TestClient(create_app(Desk({"kingdom-builder": path, "great-wall": path, "carolus-magnus": path},
                                        port=PORT)), base_url=f"http://127.0.0.1:{PORT}")
    owner = dict(state.settlements)
    empty = [(r, c) for r in range(20) for c in range(20) if (r, c) not in owner and state.board.at((r, c)).letter in "GCDFT"]
    rng = random.Random(7)
    board_key, times = None, []
    for n in range(EDITS + 1):
        cell = rng.choice(sorted(owner))  # a settlement moves to an empty hex: counts stay at 40
        to = empty.pop(rng.randrange(len(empty)))
        owner[to] = owner.pop(cell)
        empty.append(cell)
        state = state.__class__(state.board, state.cards, state.players, tuple(sorted(owner.items())), state.lords_zero)
        document = yaml.safe_load(game.dumps(state))
        start = time.perf_counter()
        answer = client.post("/api/evaluate", json={"game": game.id, "document": document, "focus": "knights",
                                                    "board": board_key}).json()
        if n:  # the first request draws the board once
            times.append(time.perf_counter() - start)
        board_key = answer["board"]["key"]
        assert answer["problems"] == [] and len(answer["result"]["players"]) == 4
    print(f"Kingdom Builder, 4 players x 40 settlements, {EDITS} edits: {figures(times)}")

    service = DeskService(Desk({"kingdom-builder": path}))
    parts: dict[str, list[float]] = {"read (YAML, checks)": [], "score": [], "board (cached)": [], "pieces SVG": []}
    for _ in range(20):
        t0 = time.perf_counter()
        position = service.read(game, document).position
        t1 = time.perf_counter()
        result = game.evaluate(position)
        t2 = time.perf_counter()
        game.board_picture(position)
        t3 = time.perf_counter()
        svg.render(game.pieces_picture(position, result, "knights"))
        t4 = time.perf_counter()
        for name, took in zip(parts, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
            parts[name].append(took)
    print("  of which: " + ", ".join(f"{name} {statistics.median(v) * 1000:.1f} ms" for name, v in parts.items()))

    for game_id, file, edit in (
        ("great-wall", "great-wall-last-round.yaml", lambda d, n: d["sections"][2].update(tokens=[2, 3] if n % 2 else [3, 2])),
        ("carolus-magnus", "carolus-magnus-counterattack.yaml", lambda d, n: d["territories"][5]["paladins"].update(red=1 + n % 3)),
    ):
        document = yaml.safe_load((EXAMPLES / file).read_text())
        times = []
        for n in range(EDITS):
            edit(document, n)
            start = time.perf_counter()
            assert client.post("/api/evaluate", json={"game": game_id, "document": document}).json()["result"]
            times.append(time.perf_counter() - start)
        print(f"{GAMES[game_id].name}, the example, {EDITS} edits: {figures(times)}")


@contextmanager
def desk_process(path: Path) -> Iterator[tuple[int, int]]:
    """A desk for `path` served by uvicorn in a process of its own: its port and process id."""
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-c", SERVE, str(port), str(path)], cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                request(port, "GET", "/")
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "the desk did not start"
                time.sleep(0.1)
        yield port, server.pid
    finally:
        server.terminate()
        server.wait(10)


def request(port: int, method: str, path: str, body: bytes | None = None, content_type: str = "") -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    try:
        connection.request(method, path, body, {"Content-Type": content_type} if content_type else {})
        answer = connection.getresponse()
        return answer.status, answer.read()
    finally:
        connection.close()


def memory_mb(pid: int, field: str = "VmRSS") -> float:
    """A process's resident memory (or, with VmHWM, its peak so far) in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


def children(pid: int) -> list[int]:
    """The processes a process has started (the desk's: those drawing pictures and reading photos)."""
    return [int(child) for task in Path(f"/proc/{pid}/task").iterdir()
            for child in (task / "children").read_text().split()]


def with_children_mb(pid: int) -> tuple[float, int]:
    """The resident memory of a process and those it started, in MB, and how many those are."""
    started = children(pid)
    return memory_mb(pid) + sum(memory_mb(child) for child in started), len(started)


def big_photo() -> tuple[bytes, str]:
    """A JPEG of about 30 MB of the first-game board and its corner hexes' centres in it."""
    import cv2
    import numpy as np

    from pnp.games.kingdom_builder.transcription import load_board
    from tools.photos.flat import make_photo, played_game

    document = yaml.safe_load((EXAMPLES / "first-game.yaml").read_text())
    board = load_board(document["boards"], [None] * 4, "bench", EXAMPLES)
    pieces = played_game(board, 3, random.Random(21), per_player=12)
    photo = make_photo(board, pieces, ["orange", "blue", "purple"], 21, size=(1600, 1200), level="clean")
    small = cv2.imdecode(np.frombuffer(photo.encoded(".png", 0), np.uint8), cv2.IMREAD_COLOR)
    scale = 4.5
    big = cv2.resize(small, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
    grain = np.empty(big.shape, np.int16)
    cv2.setRNGSeed(1)
    cv2.randn(grain.reshape(big.shape[0], -1), 0, 24)  # one channel: every colour gets its grain
    ok, jpeg = cv2.imencode(".jpg", np.clip(big + grain, 0, 255).astype(np.uint8), [cv2.IMWRITE_JPEG_QUALITY, 95])
    assert ok
    # A pixel's centre at x in the small photo is at (x + 0.5) * scale - 0.5 in the big one.
    return jpeg.tobytes(), " ".join(f"{(x + .5) * scale - .5:.1f},{(y + .5) * scale - .5:.1f}" for x, y in photo.corners)


def scan_body(photo: bytes, corners: str) -> tuple[bytes, str]:
    """The photo step's form as the page sends it."""
    boundary = "pnp-bench-boundary"
    document = json.dumps(yaml.safe_load((EXAMPLES / "first-game.yaml").read_text()))
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
             for name, value in (("game", "kingdom-builder"), ("document", document), ("corners", corners))]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="board.jpg"\r\n'
                 f"Content-Type: image/jpeg\r\n\r\n".encode() + photo + f"\r\n--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def under_load() -> None:
    """`GET /` while pictures and scans run; memory over many scans."""
    photo, corners = big_photo()
    scan, scan_type = scan_body(photo, corners)
    picture = json.dumps({"game": "kingdom-builder",
                          "document": yaml.safe_load(GAMES["kingdom-builder"].dumps(full_board_game(("fishermen", "knights", "lords"))))}).encode()
    print(f"Photo: 7200 x 5400 JPEG, {len(photo) / 2**20:.1f} MiB")
    busy = {"scans turned away (503)": 0}

    def scanned(port: int) -> None:
        """One scan, sent again while the desk is busy."""
        while True:
            status, answer = request(port, "POST", "/api/scan", scan, scan_type)
            if status != 503:
                assert status == 200, answer[:300]
                return
            busy["scans turned away (503)"] += 1
            time.sleep(0.2)

    def pictured(port: int) -> None:
        status, answer = request(port, "POST", "/api/picture", picture, "application/json")
        assert status == 200 and answer.startswith(b"%PDF"), answer[:300]

    for _ in range(RUNS):  # a desk of its own each time
        busy["scans turned away (503)"] = 0
        with desk_process(ROOT / "boards" / "bench.yaml") as (port, pid):
            status, _ = request(port, "POST", "/api/picture", picture, "application/json")  # imports and fonts loaded once
            assert status == 200
            idle = []
            for _ in range(20):  # the same request with nothing else to do: what this machine gives at best
                t0 = time.perf_counter()
                request(port, "GET", "/")
                idle.append(time.perf_counter() - t0)
            print(f"GET / on an idle desk: median {statistics.median(idle) * 1000:.0f} ms, max {max(idle) * 1000:.0f} ms")
            work = [threading.Thread(target=pictured, args=(port,)) for _ in range(PICTURES)]
            work += [threading.Thread(target=scanned, args=(port,)) for _ in range(SCANS)]
            start = time.perf_counter()
            for thread in work:
                thread.start()
            times = []
            while any(thread.is_alive() for thread in work):
                t0 = time.perf_counter()
                status, _ = request(port, "GET", "/")
                times.append(time.perf_counter() - t0)
                assert status == 200
                time.sleep(0.05)
            took = time.perf_counter() - start
            ordered = sorted(times)
            print(f"GET / while {PICTURES} Picture PDFs and {SCANS} scans run ({took:.1f} s, {len(times)} requests): "
                  f"median {statistics.median(ordered) * 1000:.0f} ms, 95th percentile "
                  f"{ordered[int(len(ordered) * 0.95)] * 1000:.0f} ms, max {ordered[-1] * 1000:.0f} ms; "
                  f"{busy['scans turned away (503)']} scans turned away as busy and sent again")

    if not MEMORY_SCANS:
        return
    with desk_process(ROOT / "boards" / "bench.yaml") as (port, pid):
        request(port, "POST", "/api/evaluate", picture, "application/json")
        before = memory_mb(pid)
        assert not children(pid)  # the desk's processes are started when first needed
        left = list(range(MEMORY_SCANS))
        lock = threading.Lock()

        def scanner() -> None:
            while True:
                with lock:
                    if not left:
                        return
                    left.pop()
                scanned(port)

        busy["scans turned away (503)"] = 0
        start = time.perf_counter()
        work = [threading.Thread(target=scanner) for _ in range(SCANNERS)]
        for thread in work:
            thread.start()
        for thread in work:
            thread.join()
        took = time.perf_counter() - start
        time.sleep(1)
        after, peak = memory_mb(pid), memory_mb(pid, "VmHWM")
        family, processes = with_children_mb(pid)
        print(f"Desk memory over {MEMORY_SCANS} scans ({SCANNERS} sent at a time, {took:.0f} s, "
              f"{busy['scans turned away (503)']} turned away and sent again): before {before:.0f} MB, "
              f"peak {peak:.0f} MB, after {after:.0f} MB ({after - before:+.0f} MB); with the "
              f"{processes} processes it started, after {family:.0f} MB ({family - before:+.0f} MB)")


if __name__ == "__main__":
    main()
    if "--skip-load" not in sys.argv:
        if "--scans" in sys.argv:
            MEMORY_SCANS = int(sys.argv[sys.argv.index("--scans") + 1])
        if "--runs" in sys.argv:
            RUNS = int(sys.argv[sys.argv.index("--runs") + 1])
        under_load()
