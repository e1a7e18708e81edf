"""The Great Wall of China print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.games.great_wall.components import (card_back, end_card, reference_back, reference_card, setup_card, token, token_back,
                                             turn_card, wall_card)
from pnp.games.great_wall.facts import COLOURS, DECK, TOKENS, Kind
from pnp.render.art import swatch
from pnp.render.cover import Cover
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, cover_sheet


def sheets(t: Catalog, paper: str, players: int) -> list[Sheet]:
    """The kit: a deck per colour with its backs (named after the colour), the tokens, reference and turn cards."""
    fronts = tuple(wall_card(kind, colour, t) for colour in range(players) for kind in Kind for _ in range(DECK[kind]))
    backs = tuple(card_back(colour, t) for colour in range(players) for _ in range(sum(DECK.values())))
    decks = tuple(t(f"colour.{COLOURS[colour][0]}") for colour in range(players) for _ in range(sum(DECK.values())))
    tokens = tuple(token(value, t) for value in sorted(TOKENS.elements()))
    contents = ((len(fronts), t("contents.cards", count=players)), (len(tokens), t("contents.tokens")),
                (players, t("contents.reference")), (players, t("contents.turn")), (1, t("contents.setup")))
    key = tuple((swatch(fill, mark), t(f"colour.{name}")) for name, fill, mark in COLOURS[:players])
    return [
        cover_sheet(Cover(t("title"), t("kit"), contents, key_title=t("key"), key=key), paper, t),
        Sheet(t("contents.cards", count=players), fronts, backs, cuts="shared", decks=decks, id="cards"),
        Sheet(t("contents.tokens"), tokens, (token_back(t),) * len(tokens), id="tokens"),
        Sheet(t("contents.reference"), (reference_card(t),) * players, (reference_back(t),) * players, cuts="shared", id="reference"),
        Sheet(t("contents.turn"), (turn_card(t),) * players, (end_card(t),) * players, cuts="shared", id="turn"),
        # One set-up card for the table, with the end of the game behind it as behind each turn card.
        Sheet(t("contents.setup"), (setup_card(t),), (end_card(t),), cuts="shared", id="setup"),
    ]
