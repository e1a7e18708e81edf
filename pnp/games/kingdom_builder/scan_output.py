"""What a scan gives back: the filled form, JSON, a summary, and the overlay picture to check
(drawn by pnp.scan.overlay)."""

from __future__ import annotations

import math
from typing import Any

from pnp import hexgrid
from pnp.errors import Message, say
from pnp.games.kingdom_builder.facts import MAX_SETTLEMENTS
from pnp.games.kingdom_builder.model import COLS, ROW_LETTERS, ROWS, Board, label
from pnp.games.kingdom_builder.scan import LOST, WASHED, Hex, Scan
from pnp.games.kingdom_builder.scan_colours import PIECE_COLOURS, rgb
from pnp.render.i18n import Catalog
from pnp.scan.overlay import Label, Place, render
from pnp.yamldoc import load

GAME_ID = "kingdom-builder"


def colour_word(scan: Scan, key: str | None) -> Message:
    """How the photo shows a reading: empty, a colour name, or 'player KEY' for #rrggbb."""
    if key is None:
        return say("reading.colour.empty")
    colour = dict(scan.players)[key]
    return say(f"reading.colour.{colour}") if colour in PIECE_COLOURS else say("reading.player", key=key)


def doubt(scan: Scan, read: Hex) -> Message:
    """An unsure hex and what it may hold: "E7 (unsure: white or empty)"."""
    if read.reason == "not in the photo":
        return say("reading.missing", hex=label(read.cell))
    words = [colour_word(scan, key) for key in read.alternatives]
    either = words[-1]
    for word in reversed(words[:-1]):
        either = say("reading.or", first=word, then=either)
    return say("reading.doubt", hex=label(read.cell), options=either)


def as_json(scan: Scan) -> dict[str, Any]:
    settlements = {key: [label(cell) for cell in cells] for key, cells in scan.settlements().items()}
    return {"game": GAME_ID, "settlements": settlements, "uncertain": [label(read.cell) for read in scan.uncertain()]}


def notes(scan: Scan) -> list[Message]:
    """What to know beyond the counts and the unsure hexes: a player read with too many
    settlements, a player whose pieces were hardly found, hexes washed out white, a set-up photo
    not compared."""
    lines = [say("reading.setup_unsteady", count=scan.uncompared)] if scan.uncompared else []
    for key, cells in scan.settlements().items():
        if len(cells) > MAX_SETTLEMENTS:
            lines.append(say("reading.too_many", key=key, colour=colour_word(scan, key), count=len(cells),
                             most=MAX_SETTLEMENTS))
    unsure = scan.uncertain()
    for key in sorted({read.reason.removesuffix(LOST) for read in unsure if read.reason.endswith(LOST)}):
        lines.append(say("reading.hardly_any", key=key, colour=colour_word(scan, key)))
    washed = sum(read.reason == WASHED for read in unsure)
    if washed:
        lines.append(say("reading.washed", count=washed))
    return lines


def summary(scan: Scan) -> list[Message]:
    """The summary's lines: the settlements read per player, the notes, the unsure hexes."""
    settlements = scan.settlements()
    counts = [say("reading.count", key=key, colour=colour_word(scan, key), count=len(cells))
              for key, cells in settlements.items()]
    lines = [say("reading.read", count=sum(len(c) for c in settlements.values()), counts=counts), *notes(scan)]
    unsure = scan.uncertain()
    if unsure:
        lines.append(say("reading.unsure", count=len(unsure), hexes=[doubt(scan, read) for read in unsure]))
    else:
        lines.append(say("reading.all_sure"))
    return lines


def filled_form(text: str, file: str, board: Board, scan: Scan, t: Catalog) -> str:
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
    return "\n".join(lines[:start] + grid(board, scan, t) + lines[end:])


def grid(board: Board, scan: Scan, t: Catalog) -> list[str]:
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
                checks.append(t.said(doubt(scan, here)))
        note = f"  # check: {t.join(checks)}" if checks else ""  # 'check:' marks them for pnp and the desk
        out.append(("     " if row % 2 else "    ") + " ".join(tokens) + f"  # {ROW_LETTERS[row]}{note}")
    return out


def overlay(scan: Scan, kind: str) -> bytes:
    """The straightened board with a dot in the player's colour on each settlement read and a
    ring round each unsure hex, labelled A..T and 1..20, the players' dots and the ring as its key
    above: as PNG, PDF or SVG bytes."""
    colours = dict(scan.players)
    places = [Place(scan.centres[read.cell], None if read.key is None else (read.key, rgb(colours[read.key])), read.sure)
              for read in scan.hexes]
    # Each row's letter left and right of it, each column's number above and below.
    labels = [Label(ROW_LETTERS[row], scan.centres[(row, col)], (side * 1.4, 0.0), 0.5)
              for row in range(ROWS) for col, side in ((0, -1), (COLS - 1, 1))]
    labels += [Label(str(col + 1), scan.centres[(row, col)], (0.0, side * 1.6), 0.45)
               for col in range(COLS) for row, side in ((0, -1), (ROWS - 1, 1))]
    radius = math.dist(scan.centres[(0, 0)], scan.centres[(0, 1)]) / math.sqrt(3)  # centre to corner
    return render(scan.straightened, radius, places, labels, _hex_outline,
                  [(key, rgb(colours[key])) for key, _ in scan.players], kind)


def _hex_outline(radius: float) -> Any:
    """A hex's corners round its centre."""
    import numpy as np

    return np.array(hexgrid.corners((0, 0), radius), np.float64) - hexgrid.centre((0, 0), radius)
