"""Building blocks every game's components share: card frames, round pieces, catalogs.

Artwork is drawn `OVER` mm beyond each cut line so any bleed up to that much has art to show;
the imposition clips it to the requested bleed.
"""

from __future__ import annotations

from pathlib import Path

from pnp.draw import CUT, Circle, Drawing, Item, Paint, Rect
from pnp.render.i18n import Catalog, load, render_catalog

CARD_W, CARD_H = 63.0, 88.0
OVER = 5.0
GUIDE = Paint(stroke="#8a8a8a", width=0.15, dash=(1.0, 1.0))  # the rounded corners: a guide only


def card_frame(fill: str) -> list[Item]:
    """A card's background (bleeding beyond the cut) and its dashed rounded-corner guide."""
    return [Rect(-OVER, -OVER, CARD_W + 2 * OVER, CARD_H + 2 * OVER, Paint(fill=fill, bulk=True)),
            Rect(0, 0, CARD_W, CARD_H, GUIDE, radius=3.0)]


def round_piece(name: str, diameter: float, items: list[Item], fill: str) -> Drawing:
    """A round token cut along its circle, its background bleeding beyond it."""
    r = diameter / 2
    background: list[Item] = [Circle(r, r, r + OVER, Paint(fill=fill, bulk=True))]
    return Drawing(name, diameter, diameter, tuple(background + items), cut=Circle(r, r, r, CUT))


def game_catalog(folder: Path, lang: str) -> Catalog:
    """A game's texts (folder/LANG.yaml) plus the print pipeline's, in one language."""
    return render_catalog(lang).merged(load(folder, lang))
