"""Exports: the speed of `pnp export kingdom-builder --to pod` (300 DPI, 3 mm bleed) and
`--to tts` (every game), and what they write.

Run: python tests/benchmarks/export.py   (target: each Kingdom Builder export under 10 s on a
2-core machine, start-up included). CPU time is printed too: on a machine others are using,
wall time says more about them than about pnp.
"""

from __future__ import annotations

import resource
import sys
import tempfile
from pathlib import Path

from timing import best_wall_time

COMMANDS = [
    ["kingdom-builder", "--to", "pod"],
    ["kingdom-builder", "--to", "tts"],
    ["great-wall", "--to", "tts"],
    ["carolus-magnus", "--to", "tts"],
]


def main() -> None:
    for args in COMMANDS:
        with tempfile.TemporaryDirectory() as folder:
            out = Path(folder) / "out"
            command = [sys.executable, "-m", "pnp", "export", *args, "--out", str(out), "--force"]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds = best_wall_time(command, runs=3)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / 3
            files = [p for p in out.rglob("*") if p.is_file()]
            images = sum(p.suffix == ".png" for p in files)
            size = sum(p.stat().st_size for p in files) / 1e6
            print(f"pnp export {' '.join(args)}: {seconds:.2f} s wall time (best of 3, including start-up), "
                  f"{cpu:.2f} s CPU (mean); {images} images, {size:.1f} MB")


if __name__ == "__main__":
    main()
