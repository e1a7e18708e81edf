"""Images for print-on-demand shops: one sRGB PNG per distinct face, at (trim + 2 x bleed) x dpi
pixels, and a manifest saying what each file is and how many to print.

`--preset tgc` gives cards The Game Crafter's poker-card template size, 825 x 1125 px at 300 DPI
(2.75 x 3.75 in: a 2.5 x 3.5 in card with 1/8 in bleed); the kit's 63 x 88 mm card is centred in
it, its background running on to the template's edges (cards are drawn 5 mm beyond their trim).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw import Rect, outset
from pnp.export.faces import Face
from pnp.export.raster import MM_PER_INCH, Frame, pixels, pngs

DPI_RANGE = (72, 1200)
BLEED_RANGE = (0.0, 5.0)
PRESETS = {"tgc": (825, 1125, 300)}  # card template width and height in pixels, at this DPI
COLUMNS = ("file", "piece", "kind", "side", "copies", "trim_width_mm", "trim_height_mm", "bleed_x_mm", "bleed_y_mm",
           "width_px", "height_px", "dpi")


@dataclass(frozen=True)
class Settings:
    dpi: int = 300
    bleed: float = 3.0
    preset: str | None = None


def problems(settings: Settings) -> list[str]:
    """What is wrong with the settings, every problem at once."""
    found = []
    if settings.preset is not None and settings.preset not in PRESETS:
        found.append(f"--preset: unknown preset '{settings.preset}' (one of: {', '.join(PRESETS)})")
    elif settings.preset is not None and settings.dpi != PRESETS[settings.preset][2]:
        found.append(f"--preset {settings.preset}: the template is {PRESETS[settings.preset][2]} DPI, not {settings.dpi}")
    if not DPI_RANGE[0] <= settings.dpi <= DPI_RANGE[1]:
        found.append(f"--dpi: {settings.dpi} is outside {DPI_RANGE[0]}-{DPI_RANGE[1]}")
    if not BLEED_RANGE[0] <= settings.bleed <= BLEED_RANGE[1]:
        found.append(f"--bleed: {settings.bleed:g} mm is outside {BLEED_RANGE[0]:g}-{BLEED_RANGE[1]:g} mm")
    return found


def frame(face: Face, settings: Settings) -> Frame:
    """Where the face's art is cut for its image: its trim plus bleed, or the preset's template."""
    d = face.drawing
    if face.card and settings.preset:
        width_px, height_px, dpi = PRESETS[settings.preset]
        bleed = ((width_px / dpi * MM_PER_INCH - d.width) / 2, (height_px / dpi * MM_PER_INCH - d.height) / 2)
        return Frame(d, bleed, width_px, height_px)
    b = settings.bleed
    clip = None if isinstance(d.outline, Rect) else outset(d.outline, b)
    return Frame(d, (b, b), pixels(d.width + 2 * b, settings.dpi), pixels(d.height + 2 * b, settings.dpi), clip)


def costs(faces: list[Face], settings: Settings) -> list[int]:
    """The pixels of each image `export` renders, in its order (for progress)."""
    return [f.width_px * f.height_px for f in (frame(face, settings) for face in faces)]


def export(faces: list[Face], settings: Settings, on_image: Callable[[int], None] | None = None) -> dict[str, bytes]:
    """The files of a print-shop export, by name: one PNG per face, manifest.csv, manifest.json."""
    frames = [frame(face, settings) for face in faces]
    encoded = pngs(frames, settings.dpi, on_image=on_image)
    files = {f"{face.drawing.name}.png": data for face, data in zip(faces, encoded)}
    rows = [{"file": f"{face.drawing.name}.png", "piece": face.drawing.name, "kind": face.title, "side": face.side,
             "copies": face.copies, "trim_width_mm": round(face.drawing.width, 3),
             "trim_height_mm": round(face.drawing.height, 3), "bleed_x_mm": round(f.bleed[0], 3),
             "bleed_y_mm": round(f.bleed[1], 3), "width_px": f.width_px, "height_px": f.height_px, "dpi": settings.dpi}
            for face, f in zip(faces, frames)]
    table = io.StringIO()
    writer = csv.DictWriter(table, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    files["manifest.csv"] = table.getvalue().encode("utf-8")
    files["manifest.json"] = (json.dumps({"images": rows}, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files
