"""`pnp games`: the games and what pnp does for each, read from the registry."""

from __future__ import annotations

import typer

from pnp.cli.localise import VARIABLE, pasted, shown
from pnp.render.choices import Language
from pnp.render.i18n import render_catalog


def games(lang: Language = typer.Option(Language.EN, "--lang", help="Language of the text.", envvar=VARIABLE,
                                        show_envvar=False)) -> None:
    """List the games pnp knows, what it does for each, and the commands that take them."""
    from pnp.games import GAMES
    from pnp.games.base import COMMANDS, Texts, title_of

    t = render_catalog(lang.value)
    for game in GAMES.values():
        texts = game.catalog(t.lang) if isinstance(game, Texts) else t  # a game without texts: its registry summary
        # The desk opens any game's file: it is named by the file, not by the game.
        offered = [f"pnp {command}" + ("" if command == "desk" else f" {game.id}")
                   for command in COMMANDS if game.offers(command)]
        typer.echo(shown(f"{game.id}  ({title_of(game, t.lang)})", t))
        typer.echo(shown("  " + (texts("cli.summary") if "cli.summary" in texts.messages else game.summary), t))
        typer.echo(shown("  " + t("cli.say.games.commands"), t))
        for command in offered:
            typer.echo(f"    {pasted(command, lang.value)}")
