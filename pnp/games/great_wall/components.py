"""Great Wall of China components as drawings."""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path

from pnp.draw import Circle, Drawing, Paint, Rect, Text, place
from pnp.games.great_wall import art
from pnp.games.great_wall.facts import COLOURS, VALUE, Kind
from pnp.render import fonts
from pnp.render.art import INK, PAPER, PARCHMENT, contrast, ink_on, shade, symbol, tint
from pnp.render.i18n import Catalog
from pnp.render.pieces import CARD_H, CARD_W, TEXT_BOTTOM, card_frame, fitting, game_catalog, round_piece, text_card

TOKEN = 25.0
RING = TOKEN / 2 - 1.5  # the favour tokens' inner ring: their text stays inside it
RING_LINE = 0.5
WORD_TOP, WORD_H = 1.5, 2.6  # the word's box, below the token's middle
WORD_CLEARANCE = 1.0  # between the word's box and the ring
REFERENCE_TOP, ICON, ROW_GAP = 11.5, 8.0, 0.5  # the reference card's rows, below its title, at least an icon tall (mm)


def catalog(lang: str) -> Catalog:
    return game_catalog(Path(__file__).resolve().parent / "text", lang)


def value_text(kind: Kind, t: Catalog) -> str:
    return t("value.infantry") if kind is Kind.INFANTRY else t.number(VALUE[kind])


def wall_card(kind: Kind, colour: int, t: Catalog) -> Drawing:
    name, fill, mark = COLOURS[colour]
    items = card_frame(tint(fill))
    edge = fill if contrast(fill, PARCHMENT) >= 1.5 else shade(fill)
    items += [Rect(4, 4, 55, 80, Paint(fill=PARCHMENT, stroke=edge, width=1.2), radius=2.5),
              # The value, then the name, in the reading direction.
              Circle(t.from_start(5.5, 13, CARD_W) + 6.5, 12, 6.5, Paint(fill=PAPER, stroke=INK, width=0.4)),
              Text(t.from_start(7.25, 9.5, CARD_W), 7, 9.5, 10, value_text(kind, t), 18, bold=True),
              Text(t.from_start(20, 37, CARD_W), 6, 37, 12, t(f"kind.{kind.value}"), 13, bold=True, min_size=7),
              place(art.icon(kind), CARD_W / 2 - 16, 20, 32),
              Text(7, 54, 49, 22, t(f"ability.{kind.value}"), 8.5, valign="top", min_size=6),
              # The colour's mark and name, so colours are told apart without seeing colour.
              place(symbol(mark, fill), 6.5, 76.5, 6), place(symbol(mark, fill), CARD_W - 12.5, 76.5, 6),
              Text(14, 77, 35, 5.5, t(f"colour.{name}"), 7, min_size=6)]
    return Drawing(f"wall-card-{name}-{kind.value}", CARD_W, CARD_H, tuple(items))


def card_back(colour: int, t: Catalog) -> Drawing:
    name, fill, mark = COLOURS[colour]
    items = card_frame(fill)
    ink = ink_on(fill)
    items += [Rect(6, 6, 51, 76, Paint(stroke=ink, width=0.8), radius=3),
              place(art.wall(), 11.5, 14, 40),
              place(symbol(mark), CARD_W / 2 - 9, 52, 18),
              Text(8, 71, 47, 9, t("title"), 10, bold=True, colour=ink)]
    return Drawing(f"wall-card-back-{name}", CARD_W, CARD_H, tuple(items))


def token(value: int, t: Catalog) -> Drawing:
    """The value large above the middle; the word below it, in a box as wide as the ring
    allows at the box's bottom with WORD_CLEARANCE to spare (the Russian word is 17.4 mm long
    even at 6 pt)."""
    c = TOKEN / 2
    word = t("token")
    height = max(WORD_H, fonts.smallest_line(word))  # taller, about the same middle, where 7 pt Persian needs it
    top = WORD_TOP + (WORD_H - height) / 2
    width = 2 * math.sqrt((RING - RING_LINE / 2 - WORD_CLEARANCE) ** 2 - (top + height) ** 2)
    return round_piece(f"favour-token-{value}", TOKEN, [
        Circle(c, c, RING, Paint(stroke="#8C6B1F", width=RING_LINE)),
        Text(4, 2.6, TOKEN - 8, 10.7, t.number(value), 24, bold=True, colour="#5B3A1E", min_size=12),
        Text(c - width / 2, c + top, width, height, word, 7, colour="#5B3A1E")], "#F3D98B")


def token_back(t: Catalog) -> Drawing:
    return round_piece("favour-token-back", TOKEN, [
        Circle(TOKEN / 2, TOKEN / 2, RING, Paint(stroke="#F3D98B", width=0.5)),
        place(art.nobility(), 4.5, 3.5, TOKEN - 9)], "#B2382B")


def reference_card(t: Catalog) -> Drawing:
    """Every card type with its value and ability (players of the published game asked for it):
    a row per type, as tall as its text (at one size for all) or its icon."""
    lines = [t("reference.line", name=t(f"kind.{kind.value}"), value=value_text(kind, t), ability=t(f"ability.{kind.value}"))
             for kind in Kind]
    x = t.from_start(14.5, 45, CARD_W)

    def rows(size: float) -> list[tuple[Text, float]]:
        boxes = [fonts.paragraph(x, 0, 45, line, size) for line in lines]
        return [(box, max(ICON + 0.5, box.h)) for box in boxes]

    size = fitting("reference-cards", 6.5, TEXT_BOTTOM - REFERENCE_TOP,
                   lambda size: sum(h for _, h in rows(size)) + ROW_GAP * (len(lines) - 1))
    items = card_frame(PARCHMENT)
    items.append(Text(4, 3, 55, 8, t("reference.title"), 12, bold=True, min_size=7))
    y = REFERENCE_TOP
    for kind, (box, h) in zip(Kind, rows(size)):
        items += [place(art.icon(kind), t.from_start(4.5, ICON, CARD_W), y + (h - ICON) / 2, ICON),
                  replace(box, y=y + (h - box.h) / 2)]
        y += h + ROW_GAP
    return Drawing("reference-cards", CARD_W, CARD_H, tuple(items))


def reference_back(t: Catalog) -> Drawing:
    """The success check, printed behind the card types."""
    return text_card("reference-success-check", t("reference.check_title"), [
        t("reference.check"), "• " + t("reference.first"), "• " + t("reference.second"), "• " + t("reference.alone")], 8.5,
        PARCHMENT)


def turn_card(t: Catalog) -> Drawing:
    items = card_frame(PARCHMENT)
    items += [Text(4, 3, 55, 9, t("turn.title"), 13, bold=True, min_size=7),
              Text(5, 13, 53, 7, t("turn.check"), 8.5, align="left", valign="top"),
              Text(5, 20.5, 53, 19, f"{t('turn.actions')}\n{t('turn.again')}", 8.5, align="left", valign="top"),
              place(art.cavalry(), t.from_start(5, 10, CARD_W), 41, 10),
              Text(t.from_start(17, 41, CARD_W), 40, 41, 12, t("turn.cavalry"), 8.5, align="left"),
              # The two-player rule (ruling GW-1), which no other aid states.
              Text(5, 53, 53, 15, t("turn.two_players"), 8, align="left", valign="top"),
              Text(5, 69, 53, 15, t("turn.end"), 8.5, align="left", valign="top")]
    return Drawing("turn-summary", CARD_W, CARD_H, tuple(items))


def end_card(t: Catalog) -> Drawing:
    """The end of the game, printed behind the turn summary."""
    return text_card("turn-summary-end", t("end.title"), [t(f"end.{key}") for key in ("last_round", "checks", "winner", "tie")], 8.5,
                     PARCHMENT)


def setup_card(t: Catalog) -> Drawing:
    """The set-up, one card for the table (the two-player rule as the turn card says it)."""
    return text_card("set-up", t("setup_card.title"), [t("setup_card.decks"), t("setup_card.pool"), t("setup_card.sections"),
                                                        t("turn.two_players"), t("setup_card.start")], 8.5, PARCHMENT)
