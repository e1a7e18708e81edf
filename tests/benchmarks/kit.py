"""Kits: how many pages and sheets of paper each takes and how full its pages are, and the
speed of `pnp kit kingdom-builder` (English and Persian).

Run: python tests/benchmarks/kit.py   (targets: the full kit in under 1 s on a 2-core machine;
the Persian kit, shaped right to left, within 1.5 x the English one)

Page fill is the share of the space pieces may use (inside the margins and the furniture)
covered by pieces, over the pages of pieces (not the cover, its back, back pages or whole-page
sheets such as the gold track).
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from pnp.games.carolus_magnus import components as cm_components, kit as cm_kit
from pnp.games.great_wall import components as gw_components, kit as gw_kit
from pnp.games.kingdom_builder import components, kit as kb_kit
from pnp.render import pdf
from pnp.render.imposition import Options, impose, page_fill, plan, sheets_of_paper
from timing import best_wall_time

KITS = {
    "kingdom-builder": lambda t, paper, extra: kb_kit.sheets(t, paper, "settlements" in extra),
    "great-wall": lambda t, paper, extra: gw_kit.sheets(t, paper, extra.get("players", 5)),
    "carolus-magnus": lambda t, paper, extra: cm_kit.sheets(t, paper, extra.get("players"), "paladins" in extra),
}
CATALOGS = {"kingdom-builder": components.catalog, "great-wall": gw_components.catalog, "carolus-magnus": cm_components.catalog}
VARIANTS = [
    ("kingdom-builder", {}), ("kingdom-builder", {"settlements": True}),
    ("great-wall", {}), ("great-wall", {"players": 2}),
    ("carolus-magnus", {}), ("carolus-magnus", {"players": 2, "paladins": True}),
]


def fill_report() -> None:
    print("kit                                     paper   bleed  pages  sheets  fill (mean, lowest page)")
    for game, extra in VARIANTS:
        t = CATALOGS[game]("en")
        for paper, bleed in (("a4", 0.0), ("letter", 0.0), ("a4", 3.0)):
            options = Options(paper, bleed)
            pages = plan(KITS[game](t, paper, extra), options, t)
            fills = [page_fill(p, paper) for p in pages if p.side in ("front", "single") and p.placements[0].cuts != "none"]
            label = " ".join([game, *(f"--{k}" if v is True else f"--{k} {v}" for k, v in extra.items())])
            print(f"{label:40s}{paper:8s}{bleed:5.0f}  {len(pages):5d}  {sheets_of_paper(pages):6d}  "
                  f"{sum(fills) / len(fills):5.0%}, {min(fills):4.0%}")


def speed() -> None:
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
        pages = impose(kb_kit.sheets(t, "a4", False), Options(), t("title"), t)
        data = pdf.render(pages, "kit")
        elapsed = time.perf_counter() - start
        print(f"in process, {lang}: {len(pages)} pages in {elapsed:.2f} s = {len(pages) / elapsed:.0f} pages/s "
              f"({len(data) / 1024:.0f} KiB)")


if __name__ == "__main__":
    fill_report()
    if "--fill" not in sys.argv:
        speed()
