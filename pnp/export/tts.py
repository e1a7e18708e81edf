"""A Tabletop Simulator table: deck sheets, tile images and one saved-object file.

- Cards go into decks, one per deck the kit names (Great Wall: each colour) and back. A deck's
  distinct faces are laid on a face sheet of at most 10 x 7 cells and 4096 px a side (what
  Tabletop Simulator loads), RGB, in the grid that gives its cards the most pixels (up to
  300 ppi); the last cell of a sheet is the hidden card (shown for cards in another player's
  hand): the back. A deck of more than 69 faces takes several sheets.
- Every other piece is a custom tile: round, hexagonal or box-shaped after its cut outline, its
  image transparent outside that outline; double-sided pieces carry their back image. Pieces
  whose different fronts share one back (Great Wall's favour tokens) are drawn blind: they come
  face down in one bag.
- Pieces that make up a board (a kit sheet's `board`: Kingdom Builder's sections) come first, laid
  together as the kit says.
- Sizes: one unit is taken as an inch; a card at scale 1 as 2.5 units wide and a custom tile at
  scale 1 as 2 units across its longer side. Pieces keep their true sizes relative to one another.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import PurePosixPath
from urllib.parse import quote

from pnp.draw import Circle, Drawing, Paint, Polygon, Rect
from pnp.export.faces import Piece
from pnp.export.raster import MM_PER_INCH, Frame, pixels, png, pngs, rasterize
from pnp.games.base import Json

GRID = (10, 7)  # most cells across and down a deck sheet
SHEET_MAX = 4096  # pixels a side
CARD_DPI = 300  # cards are never rendered finer than this, even on a small sheet
CARD_DPI_AIM = 250  # a deck whose cards a 4096 px sheet leaves coarser than this is named in the output
TILE_DPI = 200
UNITS_PER_MM = 1 / MM_PER_INCH
CARD_UNITS = 2.5  # a card's width at scale 1
TILE_UNITS = 2.0  # a custom tile's longer side at scale 1
TILE_TYPES = {"box": 0, "hex": 1, "circle": 2}
STACK = 8  # more copies of a piece than this come in a bag


@dataclass(frozen=True)
class Deck:
    title: str
    faces: tuple[Drawing, ...]  # distinct faces, in the kit's order
    copies: tuple[int, ...]
    back: Drawing


@dataclass
class Table:
    """What the export writes: images by relative path, and the objects naming them."""

    images: dict[str, bytes] = field(default_factory=dict)  # path -> PNG
    objects: list[Json] = field(default_factory=list)


def grid(faces: int, width: float, height: float) -> tuple[int, int]:
    """Cells across and down a sheet for this many faces plus the hidden card (at most 10 x 7):
    the grid whose cells are largest for cards of this size (mm), then the one with fewest cells,
    then the widest. A row of 10 gives a 63 x 88 mm card 409 px (165 ppi); 4 x 3 gives it 744 px."""
    fits = [(cols, rows) for cols in range(1, GRID[0] + 1) for rows in range(1, GRID[1] + 1) if cols * rows > faces]
    return min(fits, key=lambda g: (-cell_size(g[0], g[1], width, height)[0], g[0] * g[1], -g[0]))


def cell_size(cols: int, rows: int, width: float, height: float) -> tuple[int, int]:
    """Pixels of one card cell: as large as the sheet limit allows, at most CARD_DPI."""
    cell_w = min(SHEET_MAX // cols, pixels(width, CARD_DPI))
    cell_h = round(cell_w * height / width)
    if cell_h * rows > SHEET_MAX:
        cell_h = SHEET_MAX // rows
        cell_w = math.floor(cell_h * width / height)
    return cell_w, cell_h


def decks(pieces: list[Piece]) -> list[Deck]:
    """Cards by deck (the kit's, else their sheet's title) and back, each deck's faces split into
    sheets of at most 69."""
    found: dict[tuple[str, str], list[Piece]] = {}
    for piece in pieces:
        if piece.card:
            back = piece.back or _blank(piece.front)
            found.setdefault((piece.deck or piece.title, back.name), []).append(piece)
    result = []
    per_sheet = GRID[0] * GRID[1] - 1
    for (title, _), cards in found.items():
        back = cards[0].back or _blank(cards[0].front)
        for start in range(0, len(cards), per_sheet):
            chunk = cards[start:start + per_sheet]
            result.append(Deck(title, tuple(c.front for c in chunk), tuple(c.copies for c in chunk), back))
    return result


def sheet_layout(deck: Deck) -> tuple[int, int, int, int]:
    """The deck's sheet: cells across and down, and each cell's width and height in pixels."""
    width, height = deck.back.width, deck.back.height
    cols, rows = grid(len(deck.faces), width, height)
    return (cols, rows, *cell_size(cols, rows, width, height))


def card_ppi(deck: Deck) -> float:
    """Pixels per inch of the deck's cards on its sheet."""
    return sheet_layout(deck)[2] / deck.back.width * MM_PER_INCH


def coarse(pieces: list[Piece]) -> list[str]:
    """The decks whose cards a 4096 px sheet leaves under CARD_DPI_AIM, each with its ppi."""
    return [f"{deck.title}: {card_ppi(deck):.0f} ppi ({len(deck.faces)} faces on one sheet)"
            for deck in decks(pieces) if card_ppi(deck) < CARD_DPI_AIM]


def _blank(card: Drawing) -> Drawing:
    return Drawing("blank-back", card.width, card.height, (Rect(0, 0, card.width, card.height, Paint(fill="#FFFFFF")),))


def tile_type(drawing: Drawing) -> str:
    outline = drawing.outline
    if isinstance(outline, Circle):
        return "circle"
    if isinstance(outline, Polygon) and len(outline.points) == 6:
        return "hex"
    return "box"


def build(pieces: list[Piece], on_image: Callable[[int], None] | None = None) -> Table:
    """The table's images and objects, image references as relative paths:
    the board first, then the decks, then the other pieces, in rows."""
    table = Table()
    layout = _Layout()
    tiles = [p for p in pieces if not p.card]
    frames = [Frame(_on_paper(d), (0.0, 0.0), *_tile_pixels(d), clip=d.outline) for p in tiles for d in (p.front, p.back) if d]
    images = dict(zip((f.drawing.name for f in frames), pngs(frames, transparent=True, on_image=on_image)))
    for piece in tiles:
        table.images[f"tiles/{piece.front.name}.png"] = images[piece.front.name]
        if piece.back:
            table.images[f"tiles/{piece.back.name}.png"] = images[piece.back.name]
    board = [p for p in tiles if p.spot is not None]
    for piece, (x, z) in zip(board, _board(board, layout)):
        table.objects.append(_tile(piece, x, z, 0.2))
    layout.new_row()
    for number, deck in enumerate(decks(pieces), start=1):
        _deck(table, layout, number, deck, on_image)
    layout.new_row()
    blind = _blind(tiles)
    for title, group in blind.items():
        x, z = layout.place(group[0].front.width, group[0].front.height)
        hidden = [_tile(piece, x, z, 0.2, face_down=True) for piece in group for _ in range(piece.copies)]
        table.objects.append(_bag(f"{len(hidden)} × {title}", x, z, hidden))
    for piece in tiles:
        if piece in board or piece.title in blind:
            continue
        x, z = layout.place(piece.front.width, piece.front.height)
        tiles_of = [_tile(piece, x, z, 0.2 + 0.15 * copy) for copy in range(piece.copies)]
        if piece.copies > STACK:
            table.objects.append(_bag(f"{piece.copies} × {piece.front.name}", x, z, tiles_of))
        else:
            table.objects += tiles_of  # stacked
    table.objects = [{**o, "GUID": f"{k + 1:06x}"} for k, o in enumerate(table.objects)]
    return table


def _blind(tiles: list[Piece]) -> dict[str, list[Piece]]:
    """The kit sheets whose pieces show different fronts behind one shared back: the back hides
    which piece it is, so they are drawn blind (Great Wall's favour tokens), by sheet title."""
    sheets: dict[str, list[Piece]] = {}
    for piece in tiles:
        sheets.setdefault(piece.title, []).append(piece)
    backs = {title: {p.back.name if p.back else None for p in group} for title, group in sheets.items()}
    return {title: group for title, group in sheets.items() if len(group) > 1 and len(backs[title]) == 1 and None not in backs[title]}


def _bag(name: str, x: float, z: float, contents: list[Json]) -> Json:
    return {"Name": "Bag", "Nickname": name, "Transform": _transform(x, z, 0.5, 1.0), "ContainedObjects": contents}


@dataclass
class _Layout:
    """Spots on the table, left to right in rows going towards the players (units; x right,
    z away from the players)."""

    left: float = -30.0
    width: float = 60.0
    x: float = -30.0
    z: float = 30.0
    depth: float = 0.0  # of the row being filled

    def place(self, width_mm: float, height_mm: float) -> tuple[float, float]:
        """The centre of a new spot for a piece this size."""
        w, h = width_mm * UNITS_PER_MM, height_mm * UNITS_PER_MM
        if self.x + w > self.left + self.width and self.x > self.left:
            self.new_row()
        centre = (self.x + w / 2, self.z - h / 2)
        self.x += w + 0.5
        self.depth = max(self.depth, h)
        return centre

    def new_row(self) -> None:
        if self.depth:
            self.z -= self.depth + 1.0
        self.x, self.depth = self.left, 0.0


def _board(pieces: list[Piece], layout: _Layout) -> list[tuple[float, float]]:
    """Where the board's pieces go: one spot on the table the board's size, each piece at its
    place in it (`Piece.spot`)."""
    spots = [p.spot for p in pieces if p.spot is not None]
    if not spots:
        return []
    width = max(x + p.front.width / 2 for p, (x, _) in zip(pieces, spots))
    height = max(y + p.front.height / 2 for p, (_, y) in zip(pieces, spots))
    cx, cz = layout.place(width, height)
    left, top = cx - width * UNITS_PER_MM / 2, cz + height * UNITS_PER_MM / 2
    return [(left + x * UNITS_PER_MM, top - y * UNITS_PER_MM) for x, y in spots]


def _on_paper(drawing: Drawing) -> Drawing:
    """The piece on white within its outline, as printed: art that leaves the paper showing
    (scan markers, the gold track) is not transparent there."""
    paper = replace(drawing.outline, paint=Paint(fill="#FFFFFF"))
    return replace(drawing, items=(paper, *drawing.items))


def _tile_pixels(drawing: Drawing) -> tuple[int, int]:
    dpi = min(TILE_DPI, SHEET_MAX / max(drawing.width, drawing.height) * MM_PER_INCH)
    return pixels(drawing.width, dpi), pixels(drawing.height, dpi)


def costs(pieces: list[Piece]) -> list[int]:
    """The pixels of each image `build` renders, in its order (for progress, whose time goes with
    them): each tile side, then each deck's faces and back."""
    tiles = [math.prod(_tile_pixels(d)) for p in pieces if not p.card for d in (p.front, p.back) if d]
    cards = []
    for deck in decks(pieces):
        cell = math.prod(sheet_layout(deck)[2:])
        cards += [cell] * (len(deck.faces) + 1)
    return tiles + cards


def _deck(table: Table, layout: _Layout, number: int, deck: Deck, on_image: Callable[[int], None] | None) -> None:
    import numpy as np

    cols, rows, cell_w, cell_h = sheet_layout(deck)
    frames = [Frame(d, (0.0, 0.0), cell_w, cell_h) for d in (*deck.faces, deck.back)]
    images = rasterize(frames, on_image=on_image)
    sheet = np.full((rows * cell_h, cols * cell_w, 3), 255, dtype=np.uint8)
    for k, image in enumerate(images[:-1]):
        row, col = divmod(k, cols)
        sheet[row * cell_h:(row + 1) * cell_h, col * cell_w:(col + 1) * cell_w] = image
    sheet[(rows - 1) * cell_h:, (cols - 1) * cell_w:] = images[-1]  # the hidden card
    face_path, back_path = f"decks/deck-{number}-faces.png", f"decks/deck-{number}-back.png"
    table.images[face_path] = png(sheet)
    table.images[back_path] = png(images[-1])
    custom = {str(number): {"FaceURL": face_path, "BackURL": back_path, "NumWidth": cols, "NumHeight": rows,
                            "BackIsHidden": True, "UniqueBack": False, "Type": 0}}
    ids = [number * 100 + k for k, copies in enumerate(deck.copies) for _ in range(copies)]
    names = [d.name for d, copies in zip(deck.faces, deck.copies) for _ in range(copies)]
    x, z = layout.place(deck.back.width, deck.back.height)
    scale = deck.back.width * UNITS_PER_MM / CARD_UNITS
    transform = _transform(x, z, 0.5, scale, face_down=True)
    cards = [{"Name": "Card", "Nickname": name, "CardID": card_id, "CustomDeck": custom, "Transform": transform}
             for card_id, name in zip(ids, names)]
    if len(cards) == 1:  # a deck holds two cards or more
        table.objects.append(cards[0])
        return
    table.objects.append({"Name": "DeckCustom", "Nickname": deck.title, "Transform": transform, "DeckIDs": ids,
                          "CustomDeck": custom, "ContainedObjects": cards})


def _tile(piece: Piece, x: float, z: float, y: float, face_down: bool = False) -> Json:
    image = {"ImageURL": f"tiles/{piece.front.name}.png", "ImageSecondaryURL": f"tiles/{piece.back.name}.png" if piece.back else "",
             "ImageScalar": 1.0, "WidthScale": 0.0,
             "CustomTile": {"Type": TILE_TYPES[tile_type(piece.front)], "Thickness": 0.1, "Stackable": piece.copies > 1,
                            "Stretch": True}}
    scale = max(piece.front.width, piece.front.height) * UNITS_PER_MM / TILE_UNITS
    return {"Name": "Custom_Tile", "Nickname": piece.front.name, "Description": piece.title,
            "Transform": _transform(x, z, y, scale, face_down), "CustomImage": image}


def _transform(x: float, z: float, y: float, scale: float, face_down: bool = False) -> Json:
    return {"posX": round(x, 4), "posY": round(y, 4), "posZ": round(z, 4), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0, "scaleX": round(scale, 5), "scaleY": 1.0, "scaleZ": round(scale, 5)}


URL_KEYS = ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL")


def export(pieces: list[Piece], name: str, locate: Callable[[str], str],
           on_image: Callable[[int], None] | None = None) -> dict[str, bytes]:
    """The files of a table, by relative path: the images and `NAME.json`, the saved object,
    whose image references are `locate(relative path)`."""
    table = build(pieces, on_image)
    files = dict(table.images)
    saved = {"SaveName": name, "GameMode": name, "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
             "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": _located(table.objects, locate)}
    files[f"{name}.json"] = (json.dumps(saved, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    return files


def _located(value: object, locate: Callable[[str], str]) -> object:
    """The objects with every image reference (a relative path, or '' for none) located."""
    if isinstance(value, dict):
        return {k: (locate(v) if k in URL_KEYS and v else _located(v, locate)) for k, v in value.items()}
    if isinstance(value, list):
        return [_located(v, locate) for v in value]
    return value


def locator(folder_uri: str) -> Callable[[str], str]:
    """References under a folder's `file:///` URI or an http(s) URL, path parts quoted.
    Absolute, as Tabletop Simulator needs them: it takes an image reference as a URL or a path
    on the disk, and has no folder to resolve a relative one against (the saved object is copied
    into its own Saves folder). Why, and the sources: docs/exports.md."""
    base = folder_uri.rstrip("/")
    return lambda path: f"{base}/{quote(str(PurePosixPath(path)))}"
