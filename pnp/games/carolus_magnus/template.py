"""A blank Carolus Magnus transcription form."""

from __future__ import annotations

from pnp.games.carolus_magnus.facts import CLAN_NAMES, NAMES, SIDE_NAMES, castles_per_side
from pnp.resources import render_template


def default_sides(players: int) -> list[str]:
    """Black and white for 2 players, plus grey for 3; with 4, partners 1 and 3 against 2 and 4."""
    return ["black", "white", "black", "white"] if players == 4 else list(SIDE_NAMES[:players])


def transcription_form(players: int, lang: str = "en") -> str:
    from pnp.games.carolus_magnus.components import catalog

    t = catalog(lang)
    return render_template(
        "carolus-magnus/transcription.yaml.j2",
        t=t,
        players=[(t("form.player", number=n), side) for n, side in enumerate(default_sides(players), start=1)],
        sides=NAMES.glossed("side", lang),  # the comments' lists: each id with the player's word for it
        clan_names=NAMES.glossed("clan", lang),
        clans=CLAN_NAMES,
        castles=castles_per_side(players),
    )
