"""Timing helpers shared by the benchmark scripts."""

from __future__ import annotations

import subprocess
import time


def best_wall_time(args: list[str], runs: int = 5) -> float:
    """The fastest of `runs` runs of a command, in seconds."""
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, check=True, capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best
