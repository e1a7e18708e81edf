"""Drawing pieces every game shares: the palette, tints, colour symbols and a crown.

Symbols and icons are drawn in a unit box (0..1, y down); `pnp.draw.place` sizes them.
Nothing here knows about any game.
"""

from __future__ import annotations

from pnp.draw import INK, PAPER, Circle, Item, Paint, Polygon, Rect, contrast, ink_on, place, regular_polygon

__all__ = ["INK", "PAPER", "PARCHMENT", "WHITE", "contrast", "crown", "ink_on", "lightened", "luma", "shade", "swatch", "symbol",
           "tint"]

PARCHMENT = "#F1E7CF"  # the background of rule and aid cards
WHITE = Paint(fill=PAPER, stroke=INK, width=0.3)  # a white panel that text sits on


def tint(colour: str, white_parts: int = 2) -> str:
    """`colour` mixed with `white_parts` parts white: a background that text reads well on."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mixed = ((255 * white_parts + c) // (white_parts + 1) for c in (r, g, b))
    return "#{:02X}{:02X}{:02X}".format(*mixed)


def luma(colour: str) -> float:
    """The grey, 0 to 255, a grey print or rendering makes of '#rrggbb' (Rec. 601 weights, as
    poppler's `pdftoppm -gray` uses them)."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def lightened(colour: str, grey: float) -> str:
    """`colour` mixed with white until its luma is `grey` (its hue kept; never darker than it is)."""
    keep = min(1.0, (255 - grey) / max(255 - luma(colour), 1e-9))  # the share of the colour left
    r, g, b = (round(255 - (255 - int(colour[i:i + 2], 16)) * keep) for i in (1, 3, 5))
    return f"#{r:02X}{g:02X}{b:02X}"


def symbol(name: str, fill: str = PAPER) -> tuple[Item, ...]:
    """A mark that tells a colour apart without seeing colour, filled with `fill` and outlined in
    ink: circle, triangle, square, diamond and star for player and clan colours; cross, dots and
    bars for a second set shown beside them (sides beside clans)."""
    paint = Paint(fill=fill, stroke=INK, width=0.06)
    if name == "circle":
        return (Circle(0.5, 0.5, 0.38, paint),)
    if name == "triangle":
        return (Polygon(((0.5, 0.1), (0.9, 0.85), (0.1, 0.85)), paint),)
    if name == "square":
        return (Rect(0.15, 0.15, 0.7, 0.7, paint),)
    if name == "diamond":
        return (Polygon(((0.5, 0.05), (0.92, 0.5), (0.5, 0.95), (0.08, 0.5)), paint),)
    if name == "star":
        outer, inner = regular_polygon(0.5, 0.55, 0.45, 5), regular_polygon(0.5, 0.55, 0.19, 5, start_degrees=-54)
        return (Polygon(tuple(p for k in range(5) for p in (outer[k], inner[k])), paint),)
    if name == "cross":
        a, b = 0.36, 0.64
        return (Polygon(((a, 0.1), (b, 0.1), (b, a), (0.9, a), (0.9, b), (b, b), (b, 0.9), (a, 0.9), (a, b), (0.1, b),
                         (0.1, a), (a, a)), paint),)
    if name == "dots":  # three dots: a ring read like the Persian digit 5 beside the numbers
        return tuple(Circle(x, y, 0.17, paint) for x, y in ((0.5, 0.25), (0.25, 0.7), (0.75, 0.7)))
    if name == "bars":
        return (Rect(0.1, 0.18, 0.8, 0.24, paint), Rect(0.1, 0.58, 0.8, 0.24, paint))
    raise ValueError(f"no symbol '{name}'")


def shade(colour: str, black: float = 0.3) -> str:
    """`colour` darkened by mixing in a `black` share of black: an edge that shows on a tint."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*(round(c * (1 - black)) for c in (r, g, b)))


def swatch(fill: str, mark: str) -> tuple[Item, ...]:
    """A colour with its symbol, in a unit box: one entry of a cover's key."""
    return Rect(0, 0, 1, 1, Paint(fill=fill, stroke=INK, width=0.02)), place(symbol(mark), 0.15, 0.15, 0.7)


def crown() -> tuple[Item, ...]:
    """A start player's or an Emperor's crown."""
    return (Polygon(((0.12, 0.78), (0.1, 0.3), (0.32, 0.52), (0.5, 0.2), (0.68, 0.52), (0.9, 0.3), (0.88, 0.78)),
                    Paint(fill="#F0E442", stroke=INK, width=0.04)),
            Circle(0.5, 0.62, 0.06, Paint(fill="#D55E00", stroke=INK, width=0.03)))
