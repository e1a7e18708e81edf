"""The Carolus Magnus print-and-play kit: which components, how many, on which sheets."""

from __future__ import annotations

from pnp.draw import Circle, Item, Paint, place
from pnp.games.carolus_magnus.components import (aid_card, castle, castle_icon, clan_marker, court, die_net, disc,
                                                 emperor, paladin, round_card, segment, setup_card, turn_card)
from pnp.games.carolus_magnus import facts
from pnp.games.carolus_magnus.facts import CLANS, CUBES_PER_CLAN, SEGMENTS, SIDES, castles_per_side
from pnp.render.art import INK, ink_on, swatch, symbol
from pnp.render.cover import Cover
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet, cover_sheet


def _key() -> tuple[tuple[tuple[Item, ...], str], ...]:
    """Each clan's colour and symbol, then each side's castle and mark."""
    clans = [(swatch(fill, mark), f"clan.{name}") for name, fill, mark in CLANS]
    sides: list[tuple[tuple[Item, ...], str]] = [((Circle(0.5, 0.5, 0.5, Paint(fill=fill, stroke=INK, width=0.02)), place(castle_icon(fill, ink_on(fill)), 0.15, 0.05, 0.7),
               place(symbol(mark, ink_on(fill)), 0.37, 0.7, 0.26)), f"side.{name}") for name, fill, mark in SIDES]
    return tuple(clans + sides)


def sheets(t: Catalog, paper: str, players: int | None, paladins: bool) -> list[Sheet]:
    """The kit; `players` None prints the whole box (4 courts, 5 disc sets, 30 castles)."""
    segments = tuple(segment(n, t) for n in range(1, SEGMENTS + 1))
    courts = (court(t),) * (players or 4)
    # Disc sets and castles: 2 players black and white; 3 add grey; 4 are 2 partnerships of
    # black and white with a disc set each; the whole box has 2 black, 2 white, 1 grey set.
    disc_sides = {None: [0, 0, 1, 1, 2], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1, 0, 1]}[players]
    discs = tuple(disc(side, value, t) for side in disc_sides for value in range(1, 6))
    castle_sides = {None: [0, 1, 2], 2: [0, 1], 3: [0, 1, 2], 4: [0, 1]}[players]
    castles = tuple(castle(side) for side in castle_sides for _ in range(castles_per_side(players or 2)))
    markers = tuple(clan_marker(k, t) for k in range(len(CLANS)))
    aids = players or 4  # per player: the round with the turn on its back, the majorities with the set-up on theirs
    dice = (die_net(t),) * (facts.dice(players) if players else 4)  # the seed: 2 and 4 players put 1 of the 4 back
    tokens = tuple(paladin(k) for k in range(len(CLANS)) for _ in range(CUBES_PER_CLAN)) if paladins else ()
    contents = [(len(segments), t("contents.segments")), (len(courts), t("contents.courts")), (len(discs), t("contents.discs")),
                (len(markers), t("contents.markers")), (len(castles), t("contents.castles")), (1, t("contents.emperor")),
                (len(dice), t("contents.dice")), (2 * aids, t("contents.aids"))]
    if paladins:
        contents.append((len(tokens), t("contents.paladins")))
    cover = Cover(t("title"), t("kit"), tuple(contents), needs=(() if paladins else (t("needs.cubes"),)) + (t("needs.dice"),),
                  key_title=t("key"), key=tuple((art, t(name)) for art, name in _key()))
    result = [
        cover_sheet(cover, paper, t),
        Sheet(t("contents.segments"), segments, id="segments"),
        Sheet(t("contents.courts"), courts, cuts="shared", id="courts"),
        # Discs, markers, castles and the Emperor show the same face on both sides.
        Sheet(t("contents.discs"), discs, discs, id="discs"),
        Sheet(t("contents.markers"), markers, markers, id="markers"),
        Sheet(t("contents.emperor"), (emperor(t),), (emperor(t),), id="emperor"),
        Sheet(t("contents.castles"), castles, castles, id="castles"),
        Sheet(t("contents.dice"), dice, id="dice"),
        Sheet(t("contents.aids"), (round_card(t),) * aids + (aid_card(t),) * aids,
              (turn_card(t),) * aids + (setup_card(t),) * aids, cuts="shared",
              decks=(t("round.title"),) * aids + (t("aid.title"),) * aids, id="aids"),  # two kinds of card, two backs
    ]
    if paladins:
        result.append(Sheet(t("contents.paladins"), tokens, tokens, cuts="shared", id="paladins"))
    return result
