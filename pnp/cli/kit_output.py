"""Writing a kit: one print-ready PDF, or one SVG file per component design, with a summary."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import typer

from pnp.cli.common import write_all, write_atomic
from pnp.render.i18n import Catalog
from pnp.render.imposition import Sheet


def _progress(total: int, label: str) -> Any:
    return typer.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, width=30)


def write_pdf(sheets: list[Sheet], path: Path, paper: str, bleed: float, duplex: bool, ink_saver: bool,
              t: Catalog, force: bool) -> None:
    from pnp.render import pdf
    from pnp.render.imposition import Options, impose

    pages = impose(sheets, Options(paper, bleed, duplex, ink_saver), t("title"), t)
    with _progress(len(pages), "Rendering pages") as bar:
        data = pdf.render(pages, f"{t('title')} · {t('kit')}", on_page=lambda _: bar.update(1))
    write_atomic(path, data, force)
    typer.echo(t("summary.pdf", path=str(path), pages=len(pages), paper=paper, bleed=t.number(bleed),
                 layout=t("summary.duplex" if duplex else "summary.at_end")))
    for sheet in sheets:
        count = t.number(len(sheet.fronts)).rjust(3)
        typer.echo("  " + t("summary.sided" if sheet.backs else "cover.item", count=count, name=sheet.title))


def write_svgs(sheets: list[Sheet], folder: Path, bleed: float, ink_saver: bool, force: bool) -> None:
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
    write_all({folder / f"{name}.svg": text for name, text in files.items()}, force)
    typer.echo(f"wrote {len(files)} SVG files to {folder}/ (one per component design):")
    for name in sorted(files):
        typer.echo(f"  {counts[name]:3d} × {name}.svg")
