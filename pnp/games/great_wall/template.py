"""A blank Great Wall transcription form."""

from __future__ import annotations

from pnp.games.great_wall.facts import NAMES, TOKENS, sections_for
from pnp.resources import render_template


def transcription_form(players: int, lang: str = "en") -> str:
    from pnp.games.great_wall.components import catalog

    t = catalog(lang)
    sections = sections_for(players)
    return render_template(
        "great-wall/transcription.yaml.j2",
        t=t,
        players=[t("form.player", number=n) for n in range(1, players + 1)],
        sections=sections,
        pool=sum(TOKENS.values()) - 2 * sections,
        kinds=NAMES.glossed("card", lang),  # each id with the player's word for it
    )
