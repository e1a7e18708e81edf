"""A kit's pieces as exports see them: each kind of piece with its copies, and each distinct face once.

The kit's sheets are the one list of what a game contains; exports read them rather than keep
a list of their own. The cover is left out (it is about printing). Every piece is taken as cut
on its own (`pieces.cut_alone`): a shop cuts each to its trim, so a card's background runs
through the bleed, where the kit's abutting cards keep a white frame and a scissors guide.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from pnp.draw import Drawing
from pnp.render.imposition import Sheet
from pnp.render.pieces import cut_alone

CARD_SIZE = (63.0, 88.0)


@dataclass(frozen=True)
class Piece:
    """One kind of piece: its front and back designs (None: single-sided) and how many there are."""

    front: Drawing
    back: Drawing | None
    title: str  # the kit sheet it comes from
    copies: int
    card: bool  # a card, dealt from a deck (shared cuts, card size)
    deck: str | None = None  # a card's deck: the cards shuffled together, behind one back
    spot: tuple[float, float] | None = None  # its place in the board its sheet makes up (`Sheet.board`)


@dataclass(frozen=True)
class Face:
    """One distinct design, and whether it is a card's side."""

    drawing: Drawing
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
            deck = (sheet.decks[k] if sheet.decks else sheet.title) if card else None
            spot = sheet.board[k] if k < len(sheet.board) else None
            first.setdefault(key, Piece(cut_alone(front), cut_alone(back) if back else None, sheet.title, 0, card, deck,
                                        spot))
    return [replace(piece, copies=counts[key]) for key, piece in first.items()]


def faces(kinds: list[Piece]) -> list[Face]:
    """Every distinct design once, in the kit's order."""
    found: dict[str, Face] = {}
    for piece in kinds:
        for drawing in (piece.front, piece.back):
            if drawing is not None:
                found.setdefault(drawing.name, Face(drawing, piece.card))
    return list(found.values())
