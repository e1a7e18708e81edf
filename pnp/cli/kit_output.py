"""Writing a kit: one print-ready PDF, or one SVG file per component design, with a summary."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import typer

from pnp.cli.common import write_all, write_atomic
from pnp.cli.localise import shown, tell
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet


def _progress(total: int, label: str) -> Any:
    return typer.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, width=30)


MAX_OFFSET = 5.0  # mm: the test page's scales reach this far


def page_options(value: str | None, layout: str, duplex: bool, fmt: str) -> tuple[tuple[float, float], bool]:
    """--back-offset X,Y as millimetres, and whether cards are gutter-folded; or every problem
    with them."""
    import math

    from pnp.errors import OptionError, say

    folded = layout == "gutter-fold"
    problems: list[str] = []
    if folded and fmt != "pdf":
        problems.append(say("problem.option.fold_svg"))
    if value is None:
        if problems:
            raise OptionError(problems)
        return (0.0, 0.0), folded
    x = y = 0.0
    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        problems.append(say("problem.option.offset_form", value=f"'{value}'"))
    if not all(math.isfinite(v) and -MAX_OFFSET <= v <= MAX_OFFSET for v in (x, y)):
        problems.append(say("problem.option.offset_range", value=value))
    if not duplex or folded or fmt != "pdf":
        problems.append(say("problem.option.offset_svg" if fmt != "pdf" else "problem.option.offset_single"))
    if problems:
        raise OptionError(problems)
    return (x, y), folded


def write_pdf(sheets: list[Sheet], path: Path, paper: str, bleed: float, duplex: bool, ink_saver: bool,
              t: Catalog, force: bool, offset: tuple[float, float] = (0.0, 0.0), folded: bool = False) -> None:
    from pnp.render import pdf
    from pnp.render.cover import offset_words
    from pnp.render.imposition import Options, impose

    pages = impose(sheets, Options(paper, bleed, duplex, ink_saver, offset, folded), t("title"), t)
    with _progress(len(pages), shown(t("cli.say.rendering_pages"), t)) as bar:
        data = pdf.render(pages, f"{t('title')} · {t('kit')}", on_page=lambda _: bar.update(1), duplex=duplex)
    write_atomic(path, data, force)
    layout = t("summary.duplex" if duplex else "summary.folded" if folded else "summary.at_end")
    if offset != (0.0, 0.0):
        layout += t("summary.moved", offset=offset_words(offset, t))
    typer.echo(shown(t("summary.pdf", path=str(path), count=len(pages), paper=paper, bleed=t.number(bleed), layout=layout), t))
    for sheet in sheets:
        count = t.number(len(sheet.fronts)).rjust(3)
        typer.echo(shown("  " + t("summary.sided" if sheet.backs else "cover.item", count=count, name=sheet.title), t))


def write_svgs(sheets: list[Sheet], folder: Path, bleed: float, ink_saver: bool, force: bool, t: Catalog) -> None:
    from pnp.render import svg

    # How many of each design to print: a back that repeats its front's design is not a second piece.
    counts = Counter(d.name for sheet in sheets for d in sheet.fronts)
    counts.update(back.name for sheet in sheets for front, back in zip(sheet.fronts, sheet.backs) if back.name != front.name)
    unique = {d.name: d for sheet in sheets for d in (*sheet.fronts, *sheet.backs)}
    # Render everything first, so a failure leaves no half-written kit behind.
    with _progress(len(unique), shown(t("cli.say.rendering_components"), t)) as bar:
        files = {}
        for name in sorted(unique):
            files[name] = svg.render(unique[name], bleed=bleed, ink_saver=ink_saver)
            bar.update(1)
    write_all({folder / f"{name}.svg": text for name, text in files.items()}, force)
    tell(t, "cli.say.wrote_svgs", count=len(files), folder=f"{folder}/")
    for name in sorted(files):
        typer.echo(f"  {t.number(counts[name]):>3} × {name}.svg")
