"""Kit speed: wall time of `pnp kit kingdom-builder` (English and Persian) and pages per second.

Run: python tests/benchmarks/kit.py   (targets: the full kit in under 1 s on a 2-core machine;
the Persian kit, shaped right to left, within 1.5 x the English one)
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
        sizes = {}
        times = {}
        for lang in ("en", "fa"):
            folder = Path(out) / lang
            command = [sys.executable, "-m", "pnp", "kit", "kingdom-builder", "--lang", lang, "--out", str(folder)]
            times[lang] = best_wall_time(command, runs=5)
            sizes[lang] = (folder / "kingdom-builder-kit.pdf").stat().st_size
        print(f"--lang fa: {times['fa']:.2f} s against --lang en {times['en']:.2f} s = {times['fa'] / times['en']:.2f} x "
              f"(best of 5); PDF {sizes['fa'] / 1024:.0f} KiB against {sizes['en'] / 1024:.0f} KiB")
    for lang in ("en", "fa"):
        t = components.catalog(lang)
        start = time.perf_counter()
        pages = impose(sheets(t, "a4", True, False), Options(), t("title"), t)
        data = pdf.render(pages, "kit")
        elapsed = time.perf_counter() - start
        print(f"in process, {lang}: {len(pages)} pages in {elapsed:.2f} s = {len(pages) / elapsed:.0f} pages/s "
              f"({len(data) / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
