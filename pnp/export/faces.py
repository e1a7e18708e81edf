"""A kit's pieces as exports see them: each distinct face once, with how many copies use it.

The kit's sheets are the one list of what a game contains; exports read them rather than keep
a list of their own. The cover is left out (it is about printing), and so is the dashed
rounded-corner guide on cards, which is there for scissors: a shop cuts to the trim.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from pnp.draw import Drawing, Item, Rect
from pnp.render.imposition import Sheet

CARD_SIZE = (63.0, 88.0)


@dataclass(frozen=True)
class Piece:
    """One kind of piece: its front and back designs (None: single-sided) and how many there are."""

    front: Drawing
    back: Drawing | None
    title: str  # the kit sheet it comes from
    copies: int
    card: bool  # a card, dealt from a deck (shared cuts, card size)


@dataclass(frozen=True)
class Face:
    """One distinct design: which side of a piece it prints, and on how many pieces."""

    drawing: Drawing
    title: str
    side: str  # front, back, or both (a piece whose two sides are alike)
    copies: int
    card: bool


def pieces(sheets: list[Sheet]) -> list[Piece]:
    """Every kind of piece of the kit in the kit's order, copies counted."""
    counts: Counter[tuple[str, str | None]] = Counter()
    first: dict[tuple[str, str | None], Piece] = {}
    for sheet in sheets:
        if sheet.cover is not None:
            continue
        for k, front in enumerate(sheet.fronts):
            back = sheet.backs[k] if sheet.backs else None
            key = (front.name, back.name if back else None)
            counts[key] += 1
            card = sheet.cuts == "shared" and (front.width, front.height) == CARD_SIZE
            first.setdefault(key, Piece(_without_guide(front), _without_guide(back) if back else None, sheet.title, 0, card))
    return [replace(piece, copies=counts[key]) for key, piece in first.items()]


def faces(kinds: list[Piece]) -> list[Face]:
    """Every distinct design once, in the kit's order."""
    found: dict[str, Face] = {}

    def add(drawing: Drawing, side: str, piece: Piece) -> None:
        seen = found.get(drawing.name)
        if seen is None:
            found[drawing.name] = Face(drawing, piece.title, side, piece.copies, piece.card)
        else:
            found[drawing.name] = replace(seen, copies=seen.copies + piece.copies,
                                          side=seen.side if seen.side == side else "both")

    for piece in kinds:
        if piece.back is not None and piece.back.name == piece.front.name:
            add(piece.front, "both", piece)
            continue
        add(piece.front, "front", piece)
        if piece.back is not None:
            add(piece.back, "back", piece)
    return list(found.values())


def _without_guide(drawing: Drawing) -> Drawing:
    """A card without its dashed corner guide (a stroke-only dashed rectangle on the trim)."""
    def guide(item: Item) -> bool:
        return (isinstance(item, Rect) and bool(item.paint.dash) and item.paint.fill is None
                and (item.x, item.y, item.w, item.h) == (0, 0, drawing.width, drawing.height))

    if not any(guide(item) for item in drawing.items):
        return drawing
    return replace(drawing, items=tuple(item for item in drawing.items if not guide(item)))
