"""Kit speed: wall time of `pnp kit kingdom-builder` and pages per second.

Run: python tests/benchmarks/kit.py   (target: the full kit in under 1 s on a 2-core machine)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pnp.games.kingdom_builder import components
from pnp.games.kingdom_builder.kit import sheets
from pnp.render import pdf
from pnp.render.imposition import Options, impose
from timing import best_wall_time


def main() -> None:
    with tempfile.TemporaryDirectory() as out:
        for extra in ([], ["--settlements"], ["--format", "svg"]):
            command = [sys.executable, "-m", "pnp", "kit", "kingdom-builder", "--out", out, *extra]
            label = " ".join(["pnp kit kingdom-builder", *extra])
            print(f"{label}: {best_wall_time(command, runs=3):.2f} s wall time (best of 3, including start-up)")
        size = (Path(out) / "kingdom-builder-kit.pdf").stat().st_size
        print(f"PDF size: {size / 1024:.0f} KiB")
    t = components.catalog("en")
    start = time.perf_counter()
    pages = impose(sheets(t, "a4", True, False), Options(), t("title"), t)
    data = pdf.render(pages, "kit")
    elapsed = time.perf_counter() - start
    print(f"in process: {len(pages)} pages in {elapsed:.2f} s = {len(pages) / elapsed:.0f} pages/s ({len(data) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
