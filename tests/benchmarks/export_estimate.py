"""How well `pnp export` says the time it has left: after each image, the time the progress bar
says (pixels since the first image, `TimeLeft`) and the time images counted alike would say
(click's own estimate: seconds so far / images done x images left), against the time it really
had left. Printed: the least and the most each said, as a factor of the truth, while more than a
second was left.

Run: python tests/benchmarks/export_estimate.py [GAME TARGET [DPI]]   (default: every export at
300 DPI; a pod export at 600 DPI shows the same shape, four times slower)
"""

from __future__ import annotations

import sys
import time

from pnp.cli.export import TimeLeft
from pnp.export import run

EXPORTS = [("kingdom-builder", "pod"), ("kingdom-builder", "tts"), ("great-wall", "tts"), ("carolus-magnus", "tts")]


def measure(game: str, target: str, dpi: int | None = None) -> None:
    request = run.Request(game, target, dpi)
    left = TimeLeft(run.costs(request))
    start = time.monotonic()
    said: list[tuple[float, float | None, float]] = []  # (when, TimeLeft's seconds, per-image seconds)

    def image_done(_: int) -> None:
        left.image_done()
        now = time.monotonic() - start
        minutes, _, seconds = (left.said or "").removeprefix("about ").removesuffix(" left").partition(":")
        counted = now / left.done * (len(left.costs) - left.done)
        said.append((now, int(minutes) * 60 + int(seconds) if left.said else None, counted))

    run.files(request, "file:///tmp/export", on_image=image_done)
    total = time.monotonic() - start
    late = [(total - when, weighted, counted) for when, weighted, counted in said if total - when > 1]
    worst = [max((s / truth for truth, *says in late if (s := says[k]) is not None), default=float("nan"))
             for k in (0, 1)]
    least = [min((s / truth for truth, *says in late if (s := says[k]) is not None), default=float("nan"))
             for k in (0, 1)]
    print(f"{game} --to {target}{f' --dpi {dpi}' if dpi else ''}: {total:.1f} s, {len(said)} images; said / true "
          f"time left: by pixels {least[0]:.2f}-{worst[0]:.2f}, "
          f"by images {least[1]:.2f}-{worst[1]:.2f}")


if __name__ == "__main__":
    if len(sys.argv) > 2:
        measure(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else None)
    else:
        for game, target in EXPORTS:
            measure(game, target)
