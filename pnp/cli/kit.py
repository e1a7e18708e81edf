"""`pnp kit GAME`: a print-and-play kit as one print-ready PDF, or SVG files per component."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli.common import example, reports_errors, write_atomic

app = typer.Typer(help="Make a print-and-play kit: every component at true size, with cut lines.",
                  no_args_is_help=True, epilog=example("pnp kit kingdom-builder"))


# The options every kit shares.
OUT = typer.Option(Path("output"), "--out", help="Folder to write into.")
PAPER = typer.Option("a4", "--paper", help="Paper size: a4 or letter.")
BLEED = typer.Option(0.0, "--bleed", min=0.0, max=5.0, help="Artwork beyond the cut lines, in mm (3 is typical).")
DUPLEX = typer.Option(True, "--duplex/--no-duplex", help="Backs behind their fronts for long-edge double-sided "
                      "printing, or (--no-duplex) backs at the end for cutting and gluing.")
INK_SAVER = typer.Option(False, "--ink-saver", help="Leave out large colour areas; symbols and outlines stay.")
LANG = typer.Option("en", "--lang", help="Language of the text: en or ru.")
FORMAT = typer.Option("pdf", "--format", help="pdf: one print-ready file; svg: one file per component.")


def _progress(total: int, label: str):  # type: ignore[no-untyped-def]
    import sys

    return typer.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, width=30)


@app.command("kingdom-builder", epilog=example(
    "pnp kit kingdom-builder",
    "pnp kit kingdom-builder --paper letter --bleed 3 --lang ru",
    "pnp kit kingdom-builder --format svg --out my-kit --ink-saver",
))
@reports_errors
def kingdom_builder(
    out: Path = OUT,
    paper: str = PAPER,
    bleed: float = BLEED,
    duplex: bool = DUPLEX,
    ink_saver: bool = INK_SAVER,
    lang: str = LANG,
    fmt: str = FORMAT,
    settlements: bool = typer.Option(False, "--settlements", help="Also print 40 settlement tokens per colour."),
) -> None:
    """Every Kingdom Builder component: the 8 board sections of the default set, cards, tiles,
    tokens and aids."""
    from pnp.games.kingdom_builder import components, kit

    t = _catalog(components.catalog, lang, paper, fmt)
    _make(kit.GAME_ID, kit.sheets(t, paper, settlements), t, out, paper, bleed, duplex, ink_saver, fmt)


@app.command("great-wall", epilog=example(
    "pnp kit great-wall",
    "pnp kit great-wall --players 3 --paper letter --lang ru",
))
@reports_errors
def great_wall(
    players: int = typer.Option(5, "--players", min=2, max=5, help="Decks to print: one colour per player (2-5)."),
    out: Path = OUT,
    paper: str = PAPER,
    bleed: float = BLEED,
    duplex: bool = DUPLEX,
    ink_saver: bool = INK_SAVER,
    lang: str = LANG,
    fmt: str = FORMAT,
) -> None:
    """100 wall cards (20 per colour) with a back per colour, 36 favour tokens, reference cards
    (every card type; the success check) and turn summaries."""
    from pnp.games.great_wall import components, kit

    t = _catalog(components.catalog, lang, paper, fmt)
    _make("great-wall", kit.sheets(t, paper, players), t, out, paper, bleed, duplex, ink_saver, fmt)


def _catalog(load, lang: str, paper: str, fmt: str):  # type: ignore[no-untyped-def]
    """Check the options every kit shares, and load the game's texts in the chosen language."""
    from pnp.errors import PnpError
    from pnp.render.i18n import LANGUAGES
    from pnp.render.imposition import paper_size

    paper_size(paper)
    if lang not in LANGUAGES:
        raise PnpError(f"--lang: unknown language '{lang}' (one of: {', '.join(LANGUAGES)})")
    if fmt not in ("pdf", "svg"):
        raise PnpError(f"--format: unknown format '{fmt}' (pdf or svg)")
    return load(lang)


def _make(game_id: str, sheets, t, out: Path, paper: str, bleed: float, duplex: bool,  # type: ignore[no-untyped-def]
          ink_saver: bool, fmt: str) -> None:
    from pnp.render.imposition import Options

    if fmt == "svg":
        _write_svgs(sheets, out / game_id, bleed, ink_saver)
    else:
        _write_pdf(sheets, out / f"{game_id}-kit.pdf", Options(paper, bleed, duplex, ink_saver), t)


def _write_pdf(sheets, path: Path, options, t) -> None:  # type: ignore[no-untyped-def]
    from pnp.render import pdf
    from pnp.render.imposition import impose

    pages = impose(sheets, options, t("title"), t)
    with _progress(len(pages), "Rendering pages") as bar:
        data = pdf.render(pages, f"{t('title')} · {t('kit')}", on_page=lambda _: bar.update(1))
    write_atomic(path, data)
    typer.echo(f"wrote {path}: {len(pages)} pages, {options.paper}, bleed {options.bleed:g} mm, "
               f"{'duplex' if options.duplex else 'backs at the end'}")
    for sheet in sheets:
        backs = f" + {len(sheet.backs)} backs" if sheet.backs else ""
        typer.echo(f"  {len(sheet.fronts):3d} × {sheet.title}{backs}")


def _write_svgs(sheets, folder: Path, bleed: float, ink_saver: bool) -> None:  # type: ignore[no-untyped-def]
    from collections import Counter

    from pnp.render import svg

    # How many of each design to print: a back that repeats its front's design is not a second piece.
    counts = Counter(d.name for sheet in sheets for d in sheet.fronts)
    counts.update(back.name for sheet in sheets for front, back in zip(sheet.fronts, sheet.backs) if back.name != front.name)
    unique = {d.name: d for sheet in sheets for d in (*sheet.fronts, *sheet.backs)}
    # Render everything first, so a failure leaves no half-written kit behind.
    with _progress(len(unique), "Rendering components") as bar:
        files = {}
        for name in sorted(unique):
            files[name] = svg.render(unique[name], bleed=bleed, ink_saver=ink_saver)
            bar.update(1)
    for name, text in files.items():
        write_atomic(folder / f"{name}.svg", text)
    typer.echo(f"wrote {len(files)} SVG files to {folder}/ (one per component design):")
    for name in sorted(files):
        typer.echo(f"  {counts[name]:3d} × {name}.svg")


@app.command("carolus-magnus", epilog=example(
    "pnp kit carolus-magnus",
    "pnp kit carolus-magnus --players 2 --paladins --lang ru",
))
@reports_errors
def carolus_magnus(
    players: int = typer.Option(None, "--players", min=2, max=4, help="Print what 2-4 players need; default: the whole box."),
    paladins: bool = typer.Option(False, "--paladins", help="Also print 40 paladin tokens per clan (if you have no cubes)."),
    out: Path = OUT,
    paper: str = PAPER,
    bleed: float = BLEED,
    duplex: bool = DUPLEX,
    ink_saver: bool = INK_SAVER,
    lang: str = LANG,
    fmt: str = FORMAT,
) -> None:
    """15 territory segments in 3 shapes, courts, disc sets, clan markers, castles, the
    Emperor, 4 dice to fold, turn summaries and majority aids; optional paladin tokens."""
    from pnp.games.carolus_magnus import components, kit

    t = _catalog(components.catalog, lang, paper, fmt)
    _make("carolus-magnus", kit.sheets(t, paper, players, paladins), t, out, paper, bleed, duplex,
          ink_saver, fmt)
