"""What a scan gives back: the filled form, JSON, a summary, and the overlay picture to check."""

from __future__ import annotations

import math
from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.facts import MAX_SETTLEMENTS
from pnp.games.kingdom_builder.model import COLS, ROW_LETTERS, ROWS, Board, label
from pnp.games.kingdom_builder.scan import LOST, WASHED, Hex, Scan
from pnp.games.kingdom_builder.scan_colours import PIECE_COLOURS, rgb
from pnp.yamldoc import load

GAME_ID = "kingdom-builder"
UNSURE_RING = (255, 0, 200)


def colour_word(scan: Scan, key: str | None) -> str:
    """How the photo shows a reading: 'empty', a colour name, or 'player KEY' for #rrggbb."""
    if key is None:
        return "empty"
    colour = dict(scan.players)[key]
    return colour if colour in PIECE_COLOURS else f"player {key}"


def doubt(scan: Scan, read: Hex) -> str:
    if read.reason == "not in the photo":
        return f"{label(read.cell)} (not in the photo)"
    return f"{label(read.cell)} (unsure: {' or '.join(colour_word(scan, key) for key in read.alternatives)})"


def as_json(scan: Scan) -> dict[str, Any]:
    settlements = {key: [label(cell) for cell in cells] for key, cells in scan.settlements().items()}
    return {"game": GAME_ID, "settlements": settlements, "uncertain": [label(read.cell) for read in scan.uncertain()]}


def notes(scan: Scan) -> list[str]:
    """What to know beyond the counts and the unsure hexes: a player read with too many
    settlements, a player whose pieces were hardly found, hexes washed out white."""
    lines = []
    for key, cells in scan.settlements().items():
        if len(cells) > MAX_SETTLEMENTS:
            lines.append(f"{key} ({colour_word(scan, key)}) has {len(cells)}, more than the {MAX_SETTLEMENTS} a player has: "
                         "some are misread, check the photo")
    unsure = scan.uncertain()
    for key in sorted({read.reason.removesuffix(LOST) for read in unsure if read.reason.endswith(LOST)}):
        lines.append(f"hardly any pieces of {key} ({colour_word(scan, key)}) found: is the colour in the form right? "
                     "If it is, every hex is unsure")
    washed = sum(read.reason == WASHED for read in unsure)
    if washed:
        lines.append(f"{washed} unsure {'hex is' if washed == 1 else 'hexes are'} washed out to white in the photo (too "
                     "bright there, or a lamp's glare): a piece there may not show. A photo with less exposure and no "
                     "glare reads them (on a phone: tap the board and slide the brightness down until its lightest hexes "
                     "keep their colour)")
    return lines


def summary(scan: Scan) -> str:
    counts = ", ".join(f"{key} ({colour_word(scan, key)}) {len(cells)}" for key, cells in scan.settlements().items())
    lines = [f"read {sum(len(c) for c in scan.settlements().values())} settlements: {counts}", *notes(scan)]
    unsure = scan.uncertain()
    if unsure:
        lines.append(f"{len(unsure)} unsure, check them against the photo: " + ", ".join(doubt(scan, read) for read in unsure))
    else:
        lines.append("no unsure hexes")
    return "\n".join(lines) + "\n"


def filled_form(text: str, file: str, board: Board, scan: Scan) -> str:
    """The form's text with its settlement grid replaced by what was read; every row holding
    an unsure hex says so in a '# check:' comment. Everything else in the file is kept."""
    data = load(text, file)
    lines = text.split("\n")
    if "settlements" in data.key_lines:
        start = data.key_lines["settlements"] - 1
        later = sorted(line for line in data.key_lines.values() if line - 1 > start)
        end = later[0] - 1 if later else len(lines)
        while end > start + 1 and (not lines[end - 1].strip() or lines[end - 1].startswith("#")):
            end -= 1  # comments just above the next field belong to it
    else:
        start = end = len(lines) - (1 if lines and lines[-1] == "" else 0)
    return "\n".join(lines[:start] + grid(board, scan) + lines[end:])


def grid(board: Board, scan: Scan) -> list[str]:
    """The settlements block: a player key where a settlement was read, else the terrain letter."""
    read = {hex_.cell: hex_ for hex_ in scan.hexes}
    numbers = [f"{col + 1:2d}" for col in range(COLS)]
    out = ["settlements: |", "  # " + " ".join(n[0] for n in numbers), "  # " + " ".join(n[1] for n in numbers)]
    for row in range(ROWS):
        tokens, checks = [], []
        for col in range(COLS):
            here = read.get((row, col))
            tokens.append(here.key if here is not None and here.key is not None else board.at((row, col)).letter)
            if here is not None and not here.sure:
                checks.append(doubt(scan, here))
        note = f"  # check: {', '.join(checks)}" if checks else ""
        out.append(("     " if row % 2 else "    ") + " ".join(tokens) + f"  # {ROW_LETTERS[row]}{note}")
    return out


def overlay(scan: Scan, kind: str) -> bytes:
    """The straightened board with a dot in the player's colour on each settlement read and a
    ring round each unsure hex, labelled A..T and 1..20: as PNG, PDF or SVG bytes."""
    import cv2

    picture = _overlay_image(scan)
    ok, png = cv2.imencode(".png", cv2.cvtColor(picture, cv2.COLOR_RGB2BGR))
    assert ok
    height, width = picture.shape[:2]
    if kind == ".png":
        return png.tobytes()
    if kind == ".svg":
        import base64

        data = base64.b64encode(png.tobytes()).decode("ascii")
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">'
                f'<image width="{width}" height="{height}" href="data:image/png;base64,{data}"/></svg>\n').encode("utf-8")
    import io

    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen.canvas import Canvas

    out = io.BytesIO()
    points = 0.75  # 96 pixels per inch
    canvas = Canvas(out, pagesize=(width * points, height * points), invariant=1, pageCompression=1)
    canvas.drawImage(ImageReader(io.BytesIO(png.tobytes())), 0, 0, width * points, height * points)
    canvas.showPage()
    canvas.save()
    return out.getvalue()


def _overlay_image(scan: Scan) -> Any:
    import cv2
    import numpy as np

    zoom = 2
    board = cv2.resize(scan.straightened, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_CUBIC)
    pad_top, pad = 60, 40
    picture = np.full((board.shape[0] + pad_top + pad, board.shape[1] + 2 * pad, 3), 255, np.uint8)
    picture[pad_top:pad_top + board.shape[0], pad:pad + board.shape[1]] = board
    size = math.dist(scan.centres[(0, 0)], scan.centres[(0, 1)]) * zoom / math.sqrt(3)  # circumradius, px
    font = cv2.FONT_HERSHEY_SIMPLEX

    def at(cell: tuple[int, int]) -> tuple[int, int]:
        x, y = scan.centres[cell]
        return int(round(x * zoom + pad)), int(round(y * zoom + pad_top))

    def text(words: str, x: int, y: int, scale: float, colour: tuple[int, int, int], centred: bool = True) -> None:
        (w, h), _ = cv2.getTextSize(words, font, scale, 1)
        origin = (x - w // 2, y + h // 2) if centred else (x, y)
        cv2.putText(picture, words, origin, font, scale, colour, 1, cv2.LINE_AA)

    for row in range(ROWS):
        (x0, y0), (x1, y1) = at((row, 0)), at((row, COLS - 1))
        text(ROW_LETTERS[row], x0 - int(1.4 * size), y0, 0.5, (0, 0, 0))
        text(ROW_LETTERS[row], x1 + int(1.4 * size), y1, 0.5, (0, 0, 0))
    for col in range(COLS):
        (x0, y0), (x1, y1) = at((0, col)), at((ROWS - 1, col))
        text(str(col + 1), x0, y0 - int(1.6 * size), 0.45, (0, 0, 0))
        text(str(col + 1), x1, y1 + int(1.6 * size), 0.45, (0, 0, 0))
    for read in scan.hexes:
        x, y = at(read.cell)
        if read.key is not None:
            # A dot low in the hex, so the piece itself stays in view above it.
            fill = rgb(dict(scan.players)[read.key])
            ink = (0, 0, 0) if sum(fill) > 380 else (255, 255, 255)
            spot = (x, y + int(size * 0.5))
            cv2.circle(picture, spot, int(size * 0.34), fill, -1, cv2.LINE_AA)
            cv2.circle(picture, spot, int(size * 0.34), (0, 0, 0) if ink == (255, 255, 255) else (90, 90, 90), 1, cv2.LINE_AA)
            text(read.key, spot[0], spot[1], 0.35, ink)
        if not read.sure:
            corners = np.array([hexgrid.corners((0, 0), size * 0.92)], np.float64)[0]
            corners -= hexgrid.centre((0, 0), size * 0.92)
            cv2.polylines(picture, [np.int32(corners + [x, y])], True, UNSURE_RING, 3, cv2.LINE_AA)
    legend = "   ".join(f"{key}: {colour_word(scan, key)}" for key, _ in scan.players)
    unsure = len(scan.uncertain())
    text(f"Read: {legend}.   Ringed: {unsure} unsure hexes to check.", pad, 24, 0.55, (0, 0, 0), centred=False)
    return picture
