"""The Great Wall of China print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.draw import Drawing, Item, Paint, Rect, Text, place
from pnp.games.great_wall import art
from pnp.games.great_wall.components import card_back, reference_back, reference_card, token, token_back, turn_card, wall_card
from pnp.games.great_wall.facts import COLOURS, DECK, TOKENS, Kind
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, alignment_sheet, page_area

def cover(width: float, height: float, t: Catalog, counts: list[tuple[int, str]], players: int) -> Drawing:
    items: list[Item] = [Text(0, 4, width, 18, t("title"), 28, bold=True),
                         Text(0, 22, width, 10, t("kit"), 14),
                         Text(10, 38, width - 20, 8, t("contents.heading"), 13, bold=True, align="left")]
    y = 47.0
    for count, key in counts:
        items.append(Text(14, y, width - 28, 6, t("contents.item", count=count, name=t(key, players=players)), 10, align="left"))
        y += 6.5
    items += [Text(10, y + 6, width - 20, 8, t("contents.how_title"), 13, bold=True, align="left"),
              Text(10, y + 15, width - 20, 30, t("contents.how"), 10, align="left", valign="top")]
    y += 52
    for k, (name, fill, mark) in enumerate(COLOURS[:players]):
        x = 10 + k * (width - 20) / 5
        items += [Rect(t.from_start(x, 14, width), y, 14, 14, Paint(fill=fill, stroke=art.INK, width=0.3)),
                  place(art.symbol(mark, "#FFFFFF"), t.from_start(x + 2, 10, width), y + 2, 10),
                  Text(t.from_start(x, 30, width), y + 15, 30, 6, t(f"colour.{name}"), 9, align="left", min_size=5)]
    return Drawing("cover", width, height, tuple(items))


def sheets(t: Catalog, paper: str, duplex: bool, players: int) -> list[Sheet]:
    """The kit: a deck per colour with its backs, the tokens, reference and turn cards."""
    width, height = page_area(paper)
    fronts = [wall_card(kind, colour, t) for colour in range(players) for kind in Kind for _ in range(DECK[kind])]
    backs = [card_back(colour, t) for colour in range(players) for _ in range(20)]
    tokens = [token(value, t) for value in sorted(TOKENS.elements())]
    counts = [(len(fronts), "contents.cards"), (len(tokens), "contents.tokens"),
              (players, "contents.reference"), (players, "contents.turn")]
    result = [Sheet(t("contents.heading"), (cover(width, height, t, counts, players),), cuts="none")]
    if duplex:
        result.append(alignment_sheet(paper, t))
    result += [
        Sheet(t("contents.cards", players=players), tuple(fronts), tuple(backs), cuts="shared"),
        Sheet(t("contents.tokens"), tuple(tokens), (token_back(t),) * len(tokens)),
        Sheet(t("contents.reference"), (reference_card(t),) * players, (reference_back(t),) * players, cuts="shared"),
        Sheet(t("contents.turn"), (turn_card(t),) * players, cuts="shared"),
    ]
    return result
