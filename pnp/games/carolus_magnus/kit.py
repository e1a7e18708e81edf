"""The Carolus Magnus print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.draw import Drawing, Item, Paint, Rect, Text, place
from pnp.games.carolus_magnus.components import (INK, SHAPE_OF, SHAPES, castle_icon, symbol, aid_card, castle, clan_marker,
                                                 court, die_net, disc, emperor, paladin, segment, turn_card)
from pnp.games.carolus_magnus.facts import CLANS, SEGMENTS, SIDES, castles_per_side
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, alignment_sheet, page_area

def cover(width: float, height: float, t: Catalog, counts: list[tuple[int, str]]) -> Drawing:
    items: list[Item] = [Text(0, 4, width, 18, t("title"), 28, bold=True), Text(0, 22, width, 10, t("kit"), 14),
                         Text(10, 38, width - 20, 8, t("contents.heading"), 13, bold=True, align="left")]
    y = 47.0
    for count, key in counts:
        items.append(Text(14, y, width - 28, 6, t("contents.item", count=count, name=t(key)), 10, align="left"))
        y += 6.5
    items += [Text(10, y + 6, width - 20, 8, t("contents.how_title"), 13, bold=True, align="left"),
              Text(10, y + 15, width - 20, 30, t("contents.how"), 10, align="left", valign="top")]
    y += 52
    for k, (name, fill, mark) in enumerate(CLANS):
        x = 10 + k * (width - 20) / 5
        items += [Rect(t.from_start(x, 14, width), y, 14, 14, Paint(fill=fill, stroke=INK, width=0.3)),
                  place(symbol(mark, "#FFFFFF"), t.from_start(x + 2, 10, width), y + 2, 10),
                  Text(t.from_start(x, 32, width), y + 15, 32, 6, t(f"clan.{name}"), 9, align="left", min_size=5)]
    for k, (name, fill, mark) in enumerate(SIDES):
        x = 10 + k * (width - 20) / 5
        items += [place(castle_icon(fill), t.from_start(x, 14, width), y + 24, 14),
                  place(symbol(mark, fill), t.from_start(x + 15, 5, width), y + 29, 5),
                  Text(t.from_start(x, 32, width), y + 39, 32, 6, t(f"side.{name}"), 9, align="left", min_size=5)]
    return Drawing("cover", width, height, tuple(items))


def sheets(t: Catalog, paper: str, duplex: bool, players: int | None, paladins: bool) -> list[Sheet]:
    """The kit; `players` None prints the whole box (4 courts, 5 disc sets, 30 castles)."""
    width, height = page_area(paper)
    segments = [segment(n, t) for n in range(1, SEGMENTS + 1)]
    courts = [court(t)] * (players or 4)
    # Disc sets and castles: 2 players black and white; 3 add grey; 4 are 2 partnerships of
    # black and white with a disc set each; the whole box has 2 black, 2 white, 1 grey set.
    disc_sides = {None: [0, 0, 1, 1, 2], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 0, 1]}[players]
    discs = [disc(side, value, t) for side in disc_sides for value in range(1, 6)]
    castle_sides = {None: [0, 1, 2], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1]}[players]
    castles = [castle(side) for side in castle_sides for _ in range(castles_per_side(players or 2))]
    markers = [clan_marker(k, t) for k in range(5)]
    tokens = markers + [emperor(t)] + discs
    aids = [turn_card(t), aid_card(t)] * (players or 4)
    counts = [(len(segments), "contents.segments"), (len(courts), "contents.courts"), (len(discs), "contents.discs"),
              (len(markers), "contents.markers"), (len(castles), "contents.castles"), (1, "contents.emperor"),
              (4, "contents.dice"), (len(aids), "contents.aids")]
    if paladins:
        counts.append((200, "contents.paladins"))
    result = [Sheet(t("contents.heading"), (cover(width, height, t, counts),), cuts="none")]
    if duplex:
        result.append(alignment_sheet(paper, t))
    # A sheet holds pieces of one size: one sheet per segment shape.
    result += [Sheet(t("contents.segments"), tuple(s for s in segments if SHAPE_OF[int(s.name[-2:])] == shape))
               for shape in SHAPES]
    result += [
        Sheet(t("contents.courts"), tuple(courts)),
        # Discs, markers and the Emperor show the same face on both sides.
        Sheet(t("contents.discs"), tuple(tokens), tuple(tokens)),
        Sheet(t("contents.castles"), tuple(castles), tuple(castles)),
        Sheet(t("contents.dice"), (die_net(t),) * 4),
        Sheet(t("contents.aids"), tuple(aids), cuts="shared"),
    ]
    if paladins:
        pieces = tuple(paladin(k) for k in range(5) for _ in range(40))
        result.append(Sheet(t("contents.paladins"), pieces, pieces))
    return result
