"""The desk's page in the language `pnp desk --lang` names: the texts the page is handed once,
its `desk.page` catalog section and each game's `desk` section with the names of its pieces."""

from __future__ import annotations

from functools import lru_cache

from pnp.games import GAMES
from pnp.games.base import PageBeside, Texts
from pnp.render.i18n import render_catalog

PAGE = "desk.page."


@lru_cache(maxsize=None)
def page_text(lang: str) -> dict[str, str]:
    """The page's own texts, by their key below `desk.page.` (a counted one as `key.one`, …); not
    the desk's answers (`desk.page.server`), said before they reach the page."""
    return {key.removeprefix(PAGE): text for key, text in render_catalog(lang).messages.items()
            if key.startswith(PAGE) and not key.startswith(f"{PAGE}server.")}


@lru_cache(maxsize=None)
def game_text(game_id: str, lang: str) -> dict[str, str]:
    """A game's page texts: its catalog's `desk` section (by the key below it) and the sections
    its page names pieces from (`desk_terms`: card, clan, … by their whole key)."""
    game = GAMES[game_id]
    if not isinstance(game, Texts):
        return {}
    terms = game.desk_terms if isinstance(game, PageBeside) else ()
    return {key.removeprefix("desk."): text for key, text in game.catalog(lang).messages.items()
            if (key.startswith("desk.") and not key.startswith(PAGE)) or key.split(".")[0] in terms}

