"""`pnp setup GAME`: a fresh, fair, reproducible set-up."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp.cli.common import FORCE, example, reports_errors, write_atomic

app = typer.Typer(help="Randomize a set-up, reproducibly from a seed.", no_args_is_help=True,
                  epilog=example("pnp setup kingdom-builder --players 3"))


@app.command("kingdom-builder", epilog=example(
    "pnp setup kingdom-builder --players 3",
    "pnp setup kingdom-builder --players 4 --seed 2026 --out setup.pdf",
    "pnp setup kingdom-builder --first-game --json > setup.json",
))
@reports_errors
def kingdom_builder(
    players: int = typer.Option(2, "--players", min=2, max=4, help="Number of players (2-4)."),
    seed: int = typer.Option(None, "--seed", min=0, help="Same seed, same set-up. Default: a new random seed, printed."),
    first_game: bool = typer.Option(False, "--first-game", help="The rulebook's suggested first game on our sections."),
    as_json: bool = typer.Option(False, "--json", help="Print the set-up as JSON (for 'pnp template --setup')."),
    out: Path = typer.Option(None, "--out", help="Also write a printable sheet: FILE.pdf or FILE.svg."),
    paper: str = typer.Option("a4", "--paper", help="Paper size of the sheet: a4 or letter."),
    lang: str = typer.Option("en", "--lang", help="Language: en or ru."),
    sections_set: int = typer.Option(None, "--sections-set", min=0,
                                     help="Seed of the 8 sections you printed (pnp boards); default: the bundled set."),
    force: bool = FORCE,
) -> None:
    """4 of the 8 sections with places and turns, 3 Kingdom Builder cards, the start player,
    and where the location summaries go."""
    from pnp.errors import PnpError
    from pnp.games.kingdom_builder import components, pictures, setup
    from pnp.games.kingdom_builder.library import DEFAULT_SET
    from pnp.render.i18n import LANGUAGES
    from pnp.resources import render_template

    if lang not in LANGUAGES:
        raise PnpError(f"--lang: unknown language '{lang}' (one of: {', '.join(LANGUAGES)})")
    if out is not None and out.suffix.lower() not in (".pdf", ".svg"):
        raise PnpError(f"--out: '{out}' must end in .pdf or .svg")
    seed = _seed(seed)
    chosen_set = DEFAULT_SET if sections_set is None else sections_set
    made = (setup.first_game if first_game else setup.random_setup)(players, seed, chosen_set)
    t = components.catalog(lang)
    if out is not None:
        _write_sheet(made, out, paper, t, force)
    if as_json:
        typer.echo(json.dumps(setup.as_dict(made), ensure_ascii=False, indent=2))
    else:
        typer.echo(render_template("kingdom-builder/setup.txt.j2", title=f"{t('title')} · {t('setup.title')}",
                                   heading=pictures.setup_heading(made, t), lines=pictures.setup_lines(made, t)), nl=False)


def _write_sheet(made, out: Path, paper: str, t, force: bool) -> None:  # type: ignore[no-untyped-def]
    from pnp.games.kingdom_builder import pictures
    from pnp.games.kingdom_builder.transcription import load_board
    from pnp.render import pdf, svg
    from pnp.render.imposition import Options, Sheet, impose, page_area

    board = load_board(made.board_entries(), [None] * 4, "set-up", Path.cwd())
    width, height = page_area(paper)
    drawing = pictures.setup_drawing(made, board, width, height, t)
    if out.suffix.lower() == ".svg":
        write_atomic(out, svg.render(drawing), force)
    else:
        pages = impose([Sheet(t("setup.title"), (drawing,), cuts="none")], Options(paper), t("title"), t)
        write_atomic(out, pdf.render(pages, f"{t('title')} · {t('setup.title')}"), force)
    typer.echo(f"wrote {out}", err=True)


@app.command("great-wall", epilog=example("pnp setup great-wall --players 2 --seed 7", "pnp setup great-wall --players 4 --json"))
@reports_errors
def great_wall(
    players: int = typer.Option(..., "--players", min=2, max=5, help="Number of players (2-5)."),
    seed: int = typer.Option(None, "--seed", min=0, help="Same seed, same set-up. Default: a new random seed, printed."),
    as_json: bool = typer.Option(False, "--json", help="Print the set-up as JSON."),
) -> None:
    """The open wall sections with their face-up token pairs (equal pairs boxed with 2 players),
    the tokens left in the pool, and the start player."""
    from pnp.games.great_wall import setup

    made = setup.random_setup(players, _seed(seed))
    if as_json:
        typer.echo(json.dumps(setup.as_dict(made), indent=2))
    else:
        typer.echo("\n".join(setup.as_lines(made)))


def _seed(seed: int | None) -> int:
    """The given seed, or a fresh one (it is printed with the set-up, so it can be shared)."""
    import random

    return random.SystemRandom().randrange(10**6) if seed is None else seed


@app.command("carolus-magnus", epilog=example("pnp setup carolus-magnus --players 2 --seed 7", "pnp setup carolus-magnus --players 4 --json"))
@reports_errors
def carolus_magnus(
    players: int = typer.Option(..., "--players", min=2, max=4, help="Number of players (2-4)."),
    seed: int = typer.Option(None, "--seed", min=0, help="Same seed, same set-up. Default: a new random seed, printed."),
    as_json: bool = typer.Option(False, "--json", help="Print the set-up as JSON."),
) -> None:
    """The circle of territories with one paladin each (3 per clan), the Emperor's start, each
    player's side, castles, discs and reserve rolled with the dice, and the start player."""
    from pnp.games.carolus_magnus import setup

    made = setup.random_setup(players, _seed(seed))
    if as_json:
        typer.echo(json.dumps(setup.as_dict(made), indent=2))
    else:
        typer.echo("\n".join(setup.as_lines(made)))
