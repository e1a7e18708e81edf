"""Great Wall of China components as drawings."""

from __future__ import annotations

from pathlib import Path

from pnp.draw import Circle, Drawing, Paint, Rect, Text, place
from pnp.games.great_wall import art
from pnp.games.great_wall.facts import COLOURS, VALUE, Kind
from pnp.render.i18n import Catalog
from pnp.render.pieces import CARD_H, CARD_W, card_frame, game_catalog, round_piece

TOKEN = 22.0
PARCHMENT = "#F1E7CF"
WHITE = Paint(fill="#FFFFFF", stroke=art.INK, width=0.3)


def catalog(lang: str) -> Catalog:
    return game_catalog(Path(__file__).resolve().parent / "text", lang)


def _tint(colour: str) -> str:
    """The colour mixed with two parts white: a card background that text reads well on."""
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02X}{:02X}{:02X}".format(*((255 * 2 + c) // 3 for c in (r, g, b)))


def value_text(kind: Kind, t: Catalog) -> str:
    return t("value.infantry") if kind is Kind.INFANTRY else t.number(VALUE[kind])


def wall_card(kind: Kind, colour: int, t: Catalog) -> Drawing:
    name, fill, mark = COLOURS[colour]
    items = card_frame(_tint(fill))
    items += [Rect(4, 4, 55, 80, Paint(fill=PARCHMENT, stroke=fill, width=1.2), radius=2.5),
              # The value, then the name, in the reading direction.
              Circle(t.from_start(5.5, 13, CARD_W) + 6.5, 12, 6.5, Paint(fill="#FFFFFF", stroke=art.INK, width=0.4)),
              Text(t.from_start(6.5, 11, CARD_W), 7, 11, 10, value_text(kind, t), 18, bold=True, min_size=8),
              Text(t.from_start(20, 37, CARD_W), 6, 37, 12, t(f"kind.{kind.value}"), 13, bold=True, min_size=7),
              place(art.icon(kind), CARD_W / 2 - 16, 20, 32),
              Text(7, 54, 49, 22, t(f"ability.{kind.value}"), 8.5, valign="top", min_size=5.5),
              # The colour's mark and name, so colours are told apart without seeing colour.
              place(art.symbol(mark, fill), 6.5, 76.5, 6), place(art.symbol(mark, fill), CARD_W - 12.5, 76.5, 6),
              Text(14, 77, 35, 5.5, t(f"colour.{name}"), 7, min_size=5)]
    return Drawing(f"wall-card-{name}-{kind.value}", CARD_W, CARD_H, tuple(items))


def card_back(colour: int, t: Catalog) -> Drawing:
    name, fill, mark = COLOURS[colour]
    items = card_frame(fill)
    items += [Rect(6, 6, 51, 76, Paint(stroke="#FFFFFF", width=0.8), radius=3),
              place(art.wall(), 11.5, 14, 40),
              place(art.symbol(mark, "#FFFFFF"), CARD_W / 2 - 9, 52, 18),
              Text(8, 71, 47, 9, t("title"), 10, bold=True, colour="#FFFFFF", min_size=6)]
    return Drawing(f"wall-card-back-{name}", CARD_W, CARD_H, tuple(items))


def token(value: int, t: Catalog) -> Drawing:
    return round_piece(f"favour-token-{value}", TOKEN, [
        Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2 - 1.5, Paint(stroke="#8C6B1F", width=0.5)),
        Text(3, 4, TOKEN - 6, 11, t.number(value), 26, bold=True, colour="#5B3A1E", min_size=12),
        Text(3, 15, TOKEN - 6, 3.5, t("token"), 5, colour="#5B3A1E", min_size=3.5)], "#F3D98B")


def token_back(t: Catalog) -> Drawing:
    return round_piece("favour-token-back", TOKEN, [
        Circle(TOKEN / 2, TOKEN / 2, TOKEN / 2 - 1.5, Paint(stroke="#F3D98B", width=0.5)),
        place(art.nobility(), 4, 3, TOKEN - 8)], "#B2382B")


def reference_card(t: Catalog) -> Drawing:
    """Every card type with its value and ability (players of the published game asked for it)."""
    items = card_frame(PARCHMENT)
    items.append(Text(4, 3, 55, 8, t("reference.title"), 12, bold=True, min_size=7))
    y = 11.5
    for kind in Kind:
        line = t("reference.line", name=t(f"kind.{kind.value}"), value=value_text(kind, t),
                 ability=t(f"ability.{kind.value}"))
        items += [place(art.icon(kind), t.from_start(4, 9, CARD_W), y + 0.5, 9),
                  Text(t.from_start(14.5, 45, CARD_W), y, 45, 10.3, line, 6.5, align="left", min_size=4.5)]
        y += 10.8
    return Drawing("reference-cards", CARD_W, CARD_H, tuple(items))


def reference_back(t: Catalog) -> Drawing:
    """The success check, printed behind the card types."""
    items = card_frame(PARCHMENT)
    items += [Text(4, 3, 55, 8, t("reference.check_title"), 12, bold=True, min_size=7),
              Text(5, 12, 53, 22, t("reference.check"), 7.5, align="left", valign="top", min_size=5),
              Text(5, 35, 53, 12, "• " + t("reference.first"), 7.5, align="left", valign="top", min_size=5),
              Text(5, 48, 53, 20, "• " + t("reference.second"), 7.5, align="left", valign="top", min_size=5),
              Text(5, 69, 53, 16, "• " + t("reference.alone"), 7.5, align="left", valign="top", min_size=5)]
    return Drawing("reference-success-check", CARD_W, CARD_H, tuple(items))


def turn_card(t: Catalog) -> Drawing:
    items = card_frame(PARCHMENT)
    items += [Text(4, 3, 55, 9, t("turn.title"), 13, bold=True, min_size=7),
              Text(5, 13, 53, 9, t("turn.check"), 8, align="left", valign="top", min_size=5),
              Text(5, 23, 53, 17, t("turn.actions"), 8, align="left", valign="top", min_size=5),
              place(art.cavalry(), t.from_start(5, 9, CARD_W), 41, 9),
              Text(t.from_start(16, 42, CARD_W), 41, 42, 9, t("turn.cavalry"), 8, align="left", min_size=5),
              Text(5, 52, 53, 33, t("turn.end"), 7.5, align="left", valign="top", min_size=5)]
    return Drawing("turn-summary", CARD_W, CARD_H, tuple(items))
