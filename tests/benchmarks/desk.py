"""The desk's round trip per edit: server time from an edit's request to the updated score.

A full 4-player Kingdom Builder board (40 settlements each), one hex changed per edit, posted as
the page posts it; also a Great Wall and a Carolus Magnus edit. Prints the median and the 95th
percentile, and where a Kingdom Builder edit's time goes.

Run: python tests/benchmarks/desk.py   (target: under 100 ms per edit)
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from score_kb import full_board_game  # noqa: E402

from pnp.desk.app import Desk, create_app  # noqa: E402
from pnp.desk.service import DeskService  # noqa: E402
from pnp.games import GAMES  # noqa: E402
from pnp.render import svg  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "boards" / "examples"
EDITS = 60
PORT = 8123


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


if __name__ == "__main__":
    main()
