"""Section generator speed: valid sections per second (target: 100 in under 2 s).

Run: python tests/benchmarks/boards.py
"""

from __future__ import annotations

import time

from pnp.games.kingdom_builder import generator
from pnp.games.kingdom_builder.facts import LOCATIONS


def main() -> None:
    start = time.perf_counter()
    jobs = [(10_000 + seed, location) for seed in range(13) for location in LOCATIONS][:100]
    sections = [generator.generate(seed, location) for seed, location in jobs]
    elapsed = time.perf_counter() - start
    print(f"{len(sections)} valid sections in {elapsed:.2f} s = {len(sections) / elapsed:.0f} sections/s")
    start = time.perf_counter()
    generator.resolve("kb1-1000-tavern")
    print(f"resolving one id: {(time.perf_counter() - start) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
