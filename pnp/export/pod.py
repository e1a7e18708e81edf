"""Images for print-on-demand shops: one sRGB PNG per distinct face, at (trim + 2 x bleed) x dpi
pixels, each piece's art running through its bleed, and a manifest pairing every front with its
back, with how many to print.

`--preset tgc` gives cards The Game Crafter's poker-card template size, 825 x 1125 px at 300 DPI
(2.75 x 3.75 in: a 2.5 x 3.5 in card with 1/8 in bleed); the kit's 63 x 88 mm card is centred in
it, its background running on to the template's edges (it is drawn 5 mm beyond the card's trim).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from dataclasses import dataclass

from pnp.draw import Drawing, Rect, outset
from pnp.errors import say
from pnp.export.faces import Piece, faces
from pnp.export.raster import MM_PER_INCH, Frame, pixels, pngs

DPI_RANGE = (72, 1200)
BLEED_RANGE = (0.0, 5.0)
PRESETS = {"tgc": (825, 1125, 300)}  # card template width and height in pixels, at this DPI
# One row per kind of piece: its front's image, its back's (the front's own for a piece alike on
# both sides; none for a single-sided one), how many, the kit sheet it is on, a card's deck.
COLUMNS = ("front", "back", "copies", "component", "deck", "trim_width_mm", "trim_height_mm", "bleed_x_mm",
           "bleed_y_mm", "width_px", "height_px", "dpi")


@dataclass(frozen=True)
class Settings:
    dpi: int = 300
    bleed: float = 3.0
    preset: str | None = None


def problems(settings: Settings) -> list[str]:
    """What is wrong with the settings, every problem at once."""
    found: list[str] = []
    if settings.preset is not None and settings.preset not in PRESETS:
        found.append(say("problem.export.preset", preset=f"'{settings.preset}'", presets=list(PRESETS)))
    elif settings.preset is not None and settings.dpi != PRESETS[settings.preset][2]:
        found.append(say("problem.export.preset_dpi", preset=settings.preset, dpi=PRESETS[settings.preset][2],
                         given=settings.dpi))
    if not DPI_RANGE[0] <= settings.dpi <= DPI_RANGE[1]:
        found.append(say("problem.export.dpi", dpi=settings.dpi, least=DPI_RANGE[0], most=DPI_RANGE[1]))
    if not BLEED_RANGE[0] <= settings.bleed <= BLEED_RANGE[1]:
        found.append(say("problem.export.bleed", bleed=f"{settings.bleed:g}", least=f"{BLEED_RANGE[0]:g}",
                         most=f"{BLEED_RANGE[1]:g}"))
    return found


def frame(drawing: Drawing, card: bool, settings: Settings) -> Frame:
    """Where a face's art is cut for its image: its trim plus bleed, or the preset's template."""
    if card and settings.preset:
        width_px, height_px, dpi = PRESETS[settings.preset]
        bleed = ((width_px / dpi * MM_PER_INCH - drawing.width) / 2, (height_px / dpi * MM_PER_INCH - drawing.height) / 2)
        return Frame(drawing, bleed, width_px, height_px)
    b = settings.bleed
    clip = None if isinstance(drawing.outline, Rect) else outset(drawing.outline, b)
    return Frame(drawing, (b, b), pixels(drawing.width + 2 * b, settings.dpi), pixels(drawing.height + 2 * b, settings.dpi), clip)


def costs(pieces: list[Piece], settings: Settings) -> list[int]:
    """The pixels of each image `export` renders, in its order (for progress)."""
    return [f.width_px * f.height_px for f in (frame(face.drawing, face.card, settings) for face in faces(pieces))]


def export(pieces: list[Piece], settings: Settings, on_image: Callable[[int], None] | None = None) -> dict[str, bytes]:
    """The files of a print-shop export, by name: one PNG per distinct face, manifest.csv and
    manifest.json."""
    designs = faces(pieces)
    frames = {face.drawing.name: frame(face.drawing, face.card, settings) for face in designs}
    encoded = pngs(list(frames.values()), settings.dpi, on_image=on_image)
    files = {f"{name}.png": data for name, data in zip(frames, encoded)}
    rows = [_row(piece, frames[piece.front.name], settings.dpi) for piece in pieces]
    table = io.StringIO()
    writer = csv.DictWriter(table, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    files["manifest.csv"] = table.getvalue().encode("utf-8")
    files["manifest.json"] = (json.dumps({"pieces": rows}, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files


def _row(piece: Piece, f: Frame, dpi: int) -> dict[str, object]:
    """A kind of piece in the manifest (its back is the size of its front: one frame tells both)."""
    d = piece.front
    return {"front": f"{d.name}.png", "back": f"{piece.back.name}.png" if piece.back else None, "copies": piece.copies,
            "component": piece.title, "deck": piece.deck, "trim_width_mm": round(d.width, 3),
            "trim_height_mm": round(d.height, 3), "bleed_x_mm": round(f.bleed[0], 3), "bleed_y_mm": round(f.bleed[1], 3),
            "width_px": f.width_px, "height_px": f.height_px, "dpi": dpi}
