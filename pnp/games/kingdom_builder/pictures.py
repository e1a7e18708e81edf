"""Pictures of an assembled board: the printable set-up sheet and the annotated score picture."""

from __future__ import annotations

import functools
import math
import re

from pnp import hexgrid
from pnp.columns import FSI, PDI
from pnp.draw import Circle, Drawing, Group, Item, Paint, Polygon, Rect, Text, place, translate
from pnp.games.base import Spot
from pnp.games.kingdom_builder import art, board_art
from pnp.games.kingdom_builder.facts import UNBUILDABLE
from pnp.games.kingdom_builder.model import COLS, QUARTERS, ROW_LETTERS, ROWS, Board, label
from pnp.games.kingdom_builder.rules import CASTLES, Result
from pnp.games.kingdom_builder.setup import Setup
from pnp.render.i18n import Catalog

RLM = "\u200f"  # right-to-left mark: a strong right-to-left character that prints nothing
LABEL = 2.6  # space for the A..T and 1..20 labels around a board, in hex radii


def _labels(size: float) -> list[Item]:
    """Row letters left and right, column numbers above and below, as in transcriptions."""
    width, height = hexgrid.map_extent(ROWS, COLS, size)
    font = max(5.0, size * 1.6)
    items: list[Item] = []
    for row in range(ROWS):
        _, y = hexgrid.centre((row, 0), size)
        items += [Text(-LABEL * size, y - size / 2, LABEL * size * 0.8, size, ROW_LETTERS[row], font, align="right", min_size=4),
                  Text(width + 0.2 * size, y - size / 2, LABEL * size * 0.8, size, ROW_LETTERS[row], font, align="left", min_size=4)]
    for col in range(COLS):
        x = hexgrid.centre((0, col), size)[0]
        items += [Text(x - size, -LABEL * size * 0.7, 2 * size, size * 1.4, str(col + 1), font, min_size=4),
                  Text(x - size, height + 0.2 * size, 2 * size, size * 1.4, str(col + 1), font, min_size=4)]
    return items


def _sector_lines(size: float) -> list[Item]:
    """Thick lines along the section borders, following the hex edges."""
    items: list[Item] = []
    for quarter in range(4):
        top, left = (quarter // 2) * 10, (quarter % 2) * 10
        cells = [(r, c) for r in range(top, top + 10) for c in range(left, left + 10)]
        items.append(Polygon(board_art.outline(cells, size), Paint(stroke=art.INK, width=size * 0.18)))
    return items


def board_items(board: Board, size: float, symbols: bool = True, labels: bool = True) -> list[Item]:
    items = board_art.hexes(board.at, ROWS, COLS, size, symbols=symbols, line=size * 0.05) + _sector_lines(size)
    return items + (_labels(size) if labels else [])


def setup_lines(setup: Setup, t: Catalog) -> list[str]:
    """What goes where, line by line: shared by the text output and the printable sheet."""
    lines = [t("setup.board")]
    for placed, quarter, entry in zip(setup.board, QUARTERS, setup.board_entries()):
        turned = t.comma + t("setup.turned") if placed.turned else ""
        lines.append(f"    {t(f'setup.quarter.{quarter}')}: {t(f'location.{placed.location.value}')} "
                     f"({entry.split('@')[0]}){turned}")
    lines.append(f"{t('setup.cards')} {t.join(t(f'card.{card}.name') for card in setup.cards)}")
    lines.append(t("setup.start", player=setup.start_player))
    lines.append(t("setup.summaries"))
    if not setup.first_game:
        # The command stands alone on its line, as typed (ASCII digits, no direction marks), to be pasted.
        again = f"pnp setup kingdom-builder --players {setup.players} --seed {setup.seed}"
        lines += [t("setup.share"), again if t.lang == "en" else f"{again} --lang {t.lang}"]
    return lines


def setup_heading(setup: Setup, t: Catalog) -> str:
    what = t("setup.first_game") if setup.first_game else t("setup.seed", seed=setup.seed)
    return f"{what} · {t('setup.players', players=setup.players)}"


def setup_drawing(setup: Setup, board: Board, width: float, height: float, t: Catalog) -> Drawing:
    """A printable sheet: the assembled board in small, and what goes where."""
    size = min((width - 20) / (COLS + 0.5 + 2 * LABEL) / math.sqrt(3), 5.0)
    board_w, board_h = hexgrid.map_extent(ROWS, COLS, size)
    left = (width - board_w) / 2
    items: list[Item] = [Text(0, 0, width, 12, t("setup.title_line"), 20, bold=True),
                         Text(0, 12, width, 7, setup_heading(setup, t), 11),
                         Group(tuple(board_items(board, size)), translate(left, 22 + LABEL * size))]
    y = 22 + board_h + 2 * LABEL * size + 4
    for text in setup_lines(setup, t):
        items.append(Text(10, y, width - 20, 6.5, text, 10, align="left", min_size=6))
        y += 6.8
    return Drawing("setup", width, height, tuple(items))


def setup_sheet(setup: Setup, fmt: str, paper: str, t: Catalog) -> str | bytes:
    """The set-up as a printable page: SVG text or PDF bytes."""
    from pathlib import Path

    from pnp.games.kingdom_builder.transcription import load_board
    from pnp.render import pdf, svg
    from pnp.render.imposition import Options, Sheet, impose, page_area

    board = load_board(setup.board_entries(), [None] * 4, "set-up", Path.cwd())
    width, height = page_area(paper)
    drawing = setup_drawing(setup, board, width, height, t)
    if fmt == "svg":
        return svg.render(drawing)
    pages = impose([Sheet(t("setup.title"), (drawing,), cuts="none")], Options(paper), t("title"), t)
    return pdf.render(pages, t("setup.title_line"))


def score_picture(sheet: Result, t: Catalog) -> Drawing:
    """The transcribed board with every settlement, then one panel per card and the castles
    outlining, in each player's colour, the hexes that earned gold, with the gold beside it. In a
    right-to-left language the panels run from the right."""
    game = sheet.game
    size = 5.0
    board_w, board_h = hexgrid.map_extent(ROWS, COLS, size)
    pad = LABEL * size
    width = board_w + 2 * pad + 10
    panel_size = 2.6
    panel_w, panel_h = hexgrid.map_extent(ROWS, COLS, panel_size)
    boards = t.join(_typed(str(placement), t) for placement in game.board.placements)
    items: list[Item] = [Text(5, 3, width - 10, 9, t("picture.title", game=t("title"), boards=boards), 13, bold=True),
                         Text(5, 11, width - 10, 6, _legend(sheet, t), 9)]
    top = 19 + pad
    items.append(Group(tuple(board_items(game.board, size) + _houses(tuple(p.key for p in game.players), game.settlements, size)), translate(5 + pad, top)))
    y = top + board_h + pad + 4
    half = (width - 10) / 2
    for k, name in enumerate([*game.cards, CASTLES]):
        x = 5 + t.from_start((k % 2) * half, half, width - 10)
        py = y + (k // 2) * (panel_h + 20)
        gold = " · ".join(t("picture.gold", name=_typed(s.player.name, t), gold=s.gold(name)) for s in sheet.scores)
        items += [Text(x, py, half, 6, t(f"report.part.{name}"), 11, bold=True, min_size=6),
                  Text(x, py + 6, half, 5, _leading(gold, t), 8, min_size=5),
                  Group(tuple(_panel(sheet, name, panel_size)), translate(x + (half - panel_w) / 2, py + 12))]
    height = y + 2 * (panel_h + 20) + 4
    return Drawing("score-picture", width, height, (Rect(0, 0, width, height, Paint(fill="#FFFFFF")), *items))


def _typed(text: str, t: Catalog) -> str:
    """A name or id as typed, in a right-to-left line isolated (FSI ... PDI): its own direction
    inside, one neutral character to the line around it."""
    return f"{FSI}{text}{PDI}" if t.rtl else text


def _leading(line: str, t: Catalog) -> str:
    """A line that may hold no letter of its language outside the isolated names (names and
    numbers), started with a right-to-left mark in a right-to-left language, which gives it its
    direction."""
    return RLM + line if t.rtl else line


def _legend(sheet: Result, t: Catalog) -> str:
    marks = {"circle": "●", "triangle": "▲", "square": "■", "diamond": "◆"}
    parts = []
    for index, score in enumerate(sheet.scores):
        colour, _, mark = art.PLAYERS[index]
        # The colour's name as a word in running text (a catalog's `players.` texts are titles).
        parts.append(t("picture.player", mark=marks[mark], name=_typed(score.player.name, t),
                       colour=t(f"players.{colour}").lower(), gold=score.total))
    return "   ".join(parts)


def _houses(keys: tuple[str, ...], settlements: tuple[tuple[hexgrid.Cell, str], ...], size: float,
            scored: set[tuple[hexgrid.Cell, str]] | None = None) -> list[Item]:
    """Settlements as houses in the colours of their players (`keys` in order); with `scored`, the
    others shrink to faint dots."""
    colour_of = {key: art.PLAYERS[i] for i, key in enumerate(keys)}
    items: list[Item] = []
    for cell, key in settlements:
        _, fill, mark = colour_of[key]
        x, y = hexgrid.centre(cell, size)
        if scored is None or (cell, key) in scored:
            items.append(place(art.house(fill, mark), x - size * 0.8, y - size * 0.85, size * 1.6))
        else:
            items.append(Circle(x, y, size * 0.3, Paint(fill=_fade(fill))))
    return items


def _scored(sheet: Result, name: str) -> set[tuple[hexgrid.Cell, str]]:
    """(cell, player key) of every settlement or hex that earned gold for card `name`."""
    return {(cell, score.player.key) for score in sheet.scores for part in score.parts if part.name == name
            for cell in part.cells}


def _rings(sheet: Result, name: str, size: float) -> list[Item]:
    """The hexes that earned gold for `name` ringed in their player's colour (rings nest when
    several players score the same hex, as with castles)."""
    items: list[Item] = []
    for index, score in enumerate(sheet.scores):
        _, fill, _ = art.PLAYERS[index]
        part = next(p for p in score.parts if p.name == name)
        for cell in sorted(part.cells):
            x, y = hexgrid.centre(cell, size)
            ring = size * (0.95 - 0.2 * index)
            points = tuple((x + ring * math.cos(math.radians(a)), y + ring * math.sin(math.radians(a))) for a in range(-90, 270, 60))
            items.append(Polygon(points, Paint(stroke=fill, width=size * 0.22)))
    return items


def _panel(sheet: Result, name: str, size: float) -> list[Item]:
    """The board faded, every settlement, and the scoring hexes ringed in their player's colour."""
    game = sheet.game
    items = board_art.hexes(game.board.at, ROWS, COLS, size, symbols=False, line=0.1,
                            colour=lambda terrain: _fade(art.colour(terrain)), ink="#BBBBBB")
    keys = tuple(p.key for p in game.players)
    return items + _sector_lines(size) + _houses(keys, game.settlements, size, _scored(sheet, name)) + _rings(sheet, name, size)


def _fade(colour: str) -> str:
    """The colour mixed two parts white to one, so rings and houses stand out on it."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*((255 * 2 + c) // 3 for c in (r, g, b)))


# The board as the desk shows it to be edited: a picture of the board that stays while the
# settlements change, and one of the settlements to lay over it, both of the same size.
DESK_SIZE = 5.0
UNSURE = "#D81B60"  # no player's colour
WRONG = "#C62828"
_LABEL = re.compile(r"\b([A-T])(20|1[0-9]|[1-9])\b")


def _desk_extent() -> tuple[float, float, float]:
    width, height = hexgrid.map_extent(ROWS, COLS, DESK_SIZE)
    pad = LABEL * DESK_SIZE
    return width + 2 * pad, height + 2 * pad, pad


@functools.lru_cache(maxsize=16)
def desk_board(board: Board) -> tuple[Drawing, tuple[Spot, ...]]:
    """The board with labels, and every hex as a place: open where a settlement may stand (water
    included: the Harbor builds there)."""
    width, height, pad = _desk_extent()
    spots = []
    for cell in hexgrid.cells(ROWS, COLS):
        x, y = hexgrid.centre(cell, DESK_SIZE)
        spots.append(Spot(label(cell), pad + x, pad + y, board.at(cell) not in UNBUILDABLE, board.at(cell).value))
    items = (Rect(0, 0, width, height, Paint(fill="#FFFFFF")),
             Group(tuple(board_items(board, DESK_SIZE)), translate(pad, pad)))
    return Drawing("board", width, height, items), tuple(spots)


def desk_pieces(keys: tuple[str, ...], settlements: tuple[tuple[hexgrid.Cell, str], ...],
                sheet: Result | None = None, focus: str | None = None, unsure: tuple[str, ...] = (),
                problems: tuple[str, ...] = ()) -> Drawing:
    """The settlements over `desk_board`; with a score sheet and a `focus` card (or "castles"),
    the others faded and the hexes that earned its gold ringed, as in the score picture's panels.
    Hexes named in `unsure` get a dashed ring, hexes a problem message names a red outline."""
    width, height, pad = _desk_extent()
    size = DESK_SIZE
    scored = _scored(sheet, focus) if sheet is not None and focus else None
    items = _houses(keys, settlements, size, scored) + (_rings(sheet, focus, size) if sheet is not None and focus else [])
    for cell in sorted({(ROW_LETTERS.index(m[1]), int(m[2]) - 1) for text in problems for m in _LABEL.finditer(text)}):
        items.append(Polygon(tuple(hexgrid.corners(cell, size * 0.92)), Paint(stroke=WRONG, width=size * 0.16)))
    for name in unsure:
        match = _LABEL.fullmatch(name)
        if match:
            x, y = hexgrid.centre((ROW_LETTERS.index(match[1]), int(match[2]) - 1), size)
            items.append(Circle(x, y, size * 0.78, Paint(stroke=UNSURE, width=size * 0.14, dash=(size * 0.3, size * 0.2))))
    return Drawing("pieces", width, height, (Group(tuple(items), translate(pad, pad)),))
