"""The grid check (`scan_fit`): right corners refused, corners a hex or two off taken off the
true grid, a section turned the other way or another board's form let through, and the
check's time.

Run: python tests/benchmarks/scan_fit.py [PHOTOS] [--first SEED] [--maker flat|marked|retail|varied|physical] [--size 1600x1200]
                                          [--level good|hard|both] [--jobs N]
Each photo is the scan benchmark's photo of that seed (`tests/benchmarks/scan.py`: the same
board, game and camera; below 8200, flat, or 10000, physical, for tuning; `--maker marked` and
`retail`, the flat maker's with that art: marked 0-49 and retail 0-99 informed leaving out the
pieces, retail 100-139 and 140-239 measured once, held out from 240). On each: the right
corners; one corner a hex off and one two hexes off (which corners and which way drawn from
the seed); all four a hex off the same way; the form with one section turned; the form of the
board's other four sections. Goal: no right corners refused, no grid placed off the true one
(half a hex or more: a hex read as its neighbour's), every turned section and other board
refused (the turned section named). Within a quarter hex of the true grid counts as right,
within half a hex as near (the refinement of a tilted photo's grid leaves that much even from
the right corners). The time is the check alone (`fits`) on the right corners, straightened.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pnp import hexgrid  # noqa: E402
from pnp.errors import InputError  # noqa: E402
from pnp.games.kingdom_builder.model import Board, Placement  # noqa: E402
from pnp.games.kingdom_builder.scan import locate, place_grid  # noqa: E402
from pnp.games.kingdom_builder.scan_fit import POSITIONS, fits  # noqa: E402
from pnp.games.kingdom_builder.scan_layout import CORNER_CELLS  # noqa: E402
from pnp.games.kingdom_builder.transcription import load_board  # noqa: E402
from tools.photos.cases import LOCATIONS, case, taker  # noqa: E402
from tests.kingdom_builder.test_scan_fit import off_by  # noqa: E402


def measure(job: tuple[int, str, int, int]) -> dict:
    seed, maker, width, height = job
    take = taker(maker)
    level, board, colours, pieces = case(seed)
    photo = take(board, pieces, colours, 1000 + seed, size=(width, height), level="clean" if level == "good" else "hard")
    rng = random.Random(seed)
    players = [(str(k + 1), colour) for k, colour in enumerate(colours)]

    def outcome(cells: tuple, form: Board = board) -> tuple[str, str]:
        """'right' (within a quarter hex), 'near' (within half a hex: each hex still on its cell), 'off' or
        'refused', and the refusal's message."""
        try:
            found = locate(photo.image, off_by(photo, cells), form, "--corners", players).corners()
        except InputError as error:
            return "refused", str(error)
        off = max(math.dist(a, b) for a, b in zip(found, photo.corners)) / photo.hex_px
        return ("right" if off < 0.25 else "near" if off < 0.5 else "off"), ""

    one, two = list(CORNER_CELLS), list(CORNER_CELLS)
    k, j = rng.randrange(4), rng.randrange(4)
    one[k] = rng.choice(hexgrid.neighbours(CORNER_CELLS[k]))
    two[j] = hexgrid.step(CORNER_CELLS[j], rng.choice(hexgrid.DIRECTIONS)[0], 2)
    way = rng.choice(hexgrid.DIRECTIONS)[0]
    shifted = [hexgrid.step(cell, way) for cell in CORNER_CELLS]
    grid = place_grid(photo.image, photo.corners)
    start = time.perf_counter()
    fits(grid.straight, grid.frame_corners(), board)
    seconds = time.perf_counter() - start
    turn = rng.randrange(4)
    placements = list(board.placements)
    placements[turn] = Placement(placements[turn].section, not placements[turn].turned)
    used = {p.section.name for p in board.placements}
    rest = [name for name in LOCATIONS if not any(name in section for section in used)]
    other = load_board([name + ("@180" if rng.random() < 0.5 else "") for name in rest], [None] * 4, "benchmark",
                       ROOT / "boards")
    turned, said = outcome(CORNER_CELLS, Board(tuple(placements)))  # type: ignore[arg-type]
    right, refusal = outcome(CORNER_CELLS)
    record = {"seed": seed, "level": level, "seconds": seconds, "right": right,
              "off": [outcome(tuple(cells))[0] for cells in (one, two, shifted)],
              "turned": turned, "named": f"is the {POSITIONS[turn]} section turned" in said,
              "other": outcome(CORNER_CELLS, other)[0], "said": refusal}
    print(f"photo {seed} ({level}): right corners {record['right']}, off {record['off']}, turned {turned}"
          f"{' (named)' if record['named'] else ''}, other board {record['other']}, check {seconds * 1000:.0f} ms", flush=True)
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("photos", nargs="?", type=int, default=50)
    parser.add_argument("--first", type=int, default=0, help="the first photo's number (8200 on, 10000 physical: held out)")
    parser.add_argument("--maker", choices=["flat", "marked", "retail", "varied", "physical"], default="flat")
    parser.add_argument("--size", default="1600x1200", help="WIDTHxHEIGHT")
    parser.add_argument("--level", choices=["good", "hard", "both"], default="both", help="the photos as the tips say, careless, or both")
    parser.add_argument("--jobs", type=int, default=1, help="photos taken and checked at a time (times then measure a shared machine)")
    args = parser.parse_args()
    width, height = map(int, args.size.split("x"))
    seeds = [seed for seed in range(args.first, args.first + args.photos)
             if args.level == "both" or (seed % 2 == 0) == (args.level == "good")]
    jobs = [(seed, args.maker, width, height) for seed in seeds]
    if args.jobs > 1:
        from multiprocessing import Pool

        with Pool(args.jobs) as pool:
            records = list(pool.imap(measure, jobs))
    else:
        records = [measure(job) for job in jobs]
    for level in ("good", "hard"):
        done = [r for r in records if r["level"] == level]
        if not done:
            continue
        refused = [r["seed"] for r in done if r["right"] == "refused"]
        offs = [outcome for r in done for outcome in r["off"]]
        times = sorted(r["seconds"] for r in done)
        print(f"{level} ({len(done)} photos): right corners refused {len(refused)} {refused}; corners off: "
              f"{offs.count('right')} placed right, {offs.count('near')} near, {offs.count('refused')} refused, "
              f"{offs.count('off')} placed off; "
              f"turned section refused {sum(r['turned'] == 'refused' for r in done)} (named {sum(r['named'] for r in done)}); "
              f"other board refused {sum(r['other'] == 'refused' for r in done)}; check median {statistics.median(times) * 1000:.0f} ms, "
              f"max {times[-1] * 1000:.0f} ms")
        for r in done:
            if r["said"]:
                print(f"  photo {r['seed']}: {r['said']}")


if __name__ == "__main__":
    main()
