"""Writing a kit: one print-ready PDF, or one SVG file per component design, with a summary."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from pnp.cli.common import write_all, write_atomic
from pnp.render.i18n import Catalog
from pnp.render.imposition import Options, Sheet


def _progress(total: int, label: str) -> Any:
    return typer.progressbar(length=total, label=label, file=sys.stderr, show_pos=True, width=30)


MAX_OFFSET = 5.0  # mm: the test page's scales reach this far
SCALE = (0.95, 1.05)  # --back-scale: printers are off by a percent or two, never five


@dataclass(frozen=True)
class Asked:
    """The page options as given on the command line, before they are checked."""

    paper: str
    bleed: float
    duplex: str | None  # the edge to flip on; None: --no-duplex
    ink_saver: bool
    fmt: str
    layout: str
    back_offset: str | None
    back_scale: str | None
    marks: str
    gap: float
    pages: str | None


@dataclass(frozen=True)
class Chosen:
    """The checked options: how to lay out the pages, and which of them to write (None: all)."""

    options: Options
    pages: tuple[int, ...] | None


def print_options(asked: Asked) -> Chosen:
    """The page options, or every problem with them (wrong usage)."""
    from pnp.errors import OptionError

    folded = asked.layout == "gutter-fold"
    duplex = asked.duplex is not None and not folded
    problems = []
    if asked.fmt != "pdf":
        given = [flag for flag, used in (("--layout gutter-fold", folded), ("--marks " + asked.marks, asked.marks != "lines"),
                                         ("--gap", asked.gap > 0), ("--pages", asked.pages is not None),
                                         ("--duplex short-edge", asked.duplex == "short-edge")) if used]
        problems += [f"{flag} lays out the pages of a PDF; it does not go with --format svg" for flag in given]
    if folded and asked.gap > 0:
        problems.append("--gap spaces the pieces of --layout standard; it does not go with --layout gutter-fold")
    if folded and asked.marks == "print-and-cut":
        problems.append("--marks print-and-cut lays out pages of --layout standard; it does not go with --layout gutter-fold")
    offset = _offset(asked.back_offset, problems)
    scale = _scale(asked.back_scale, problems)
    for flag, value in (("--back-offset", asked.back_offset), ("--back-scale", asked.back_scale)):
        if value is not None and (not duplex or asked.fmt != "pdf"):
            problems.append(f"{flag} {'moves' if flag == '--back-offset' else 'scales'} the back pages of a double-sided "
                            f"PDF; it does not go with "
                            f"{'--format svg' if asked.fmt != 'pdf' else '--no-duplex or --layout gutter-fold'}")
    pages = None
    if asked.pages is not None:
        pages, wrong = page_range(asked.pages)
        problems += wrong
    if problems:
        raise OptionError(problems)
    return Chosen(Options(asked.paper, asked.bleed, duplex, asked.ink_saver, offset, folded, asked.marks,
                          asked.gap, asked.duplex == "short-edge" and duplex, scale), pages)


def _offset(value: str | None, problems: list[str]) -> tuple[float, float]:
    """--back-offset X,Y in millimetres."""
    if value is None:
        return 0.0, 0.0
    numbers = _numbers(value)
    if numbers is None:
        problems.append(f"--back-offset: '{value}' is not X,Y in millimetres (for example 1.5,-0.5)")
        return 0.0, 0.0
    if not all(-MAX_OFFSET <= v <= MAX_OFFSET for v in numbers):
        problems.append(f"--back-offset: {value} mm is beyond -5 to 5 mm (the test page's scales)")
    return numbers


def _scale(value: str | None, problems: list[str]) -> tuple[float, float]:
    """--back-scale X,Y, each a factor (1.005) or a percentage (100.5%)."""
    if value is None:
        return 1.0, 1.0
    parts = [part.strip() for part in value.split(",")]
    percent = [part.endswith("%") for part in parts]
    numbers = _numbers(",".join(part.removesuffix("%") for part in parts))
    if numbers is None:
        problems.append(f"--back-scale: '{value}' is not X,Y as factors or percentages (for example 1.005,0.996 "
                        "or 100.5%,99.6%)")
        return 1.0, 1.0
    x, y = (v / 100 if p else v for v, p in zip(numbers, percent))
    if not all(SCALE[0] <= v <= SCALE[1] for v in (x, y)):
        problems.append(f"--back-scale: {value} is beyond 0.95 to 1.05 (95% to 105%)")
    return x, y


def _numbers(value: str) -> tuple[float, float] | None:
    """X,Y as two finite numbers, or None."""
    import math

    try:
        x, y = (float(part) for part in value.split(","))
    except ValueError:
        return None
    return (x, y) if math.isfinite(x) and math.isfinite(y) else None


def page_range(text: str) -> tuple[tuple[int, ...], list[str]]:
    """'1-3,7' as (1, 2, 3, 7): pages in the order given, each once; and what is wrong with it."""
    pages: list[int] = []
    problems = []
    for part in (part.strip() for part in text.split(",")):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()) or int(first) < 1:
            problems.append(f"--pages: '{part}' is not a page or a range of pages (for example 1-3,7)")
        elif dash and int(last) < int(first):
            problems.append(f"--pages: '{part}' runs backwards; write {last}-{first}")
        else:
            pages += [page for page in range(int(first), int(last or first) + 1) if page not in pages]
    return tuple(pages), problems


def only(sheets: list[Sheet], value: str | None) -> list[Sheet]:
    """The kit's sheets of the components named (--only), in the kit's order."""
    if value is None:
        return sheets
    from pnp.errors import OptionError

    names = [name.strip() for name in value.split(",")]
    known = [sheet.id for sheet in sheets]
    wrong = [name for name in names if name not in known]
    if wrong:
        raise OptionError([f"--only: no component '{name}' in this kit; it has: {', '.join(known)}" for name in wrong])
    return [sheet for sheet in sheets if sheet.id in names]


def write_pdf(sheets: list[Sheet], path: Path, chosen: Chosen, t: Catalog, force: bool) -> None:
    from pnp.errors import OptionError
    from pnp.render import pdf
    from pnp.render.cover import offset_words
    from pnp.render.imposition import impose

    options = chosen.options
    pages = impose(sheets, options, t("title"), t)
    if chosen.pages is not None:
        beyond = [str(page) for page in chosen.pages if page > len(pages)]
        if beyond:
            raise OptionError([f"--pages: this kit has pages 1 to {len(pages)}, not {', '.join(beyond)}"])
        pages = [pages[page - 1] for page in chosen.pages]
    with _progress(len(pages), "Rendering pages") as bar:
        data = pdf.render(pages, f"{t('title')} · {t('kit')}", on_page=lambda _: bar.update(1), duplex=options.duplex,
                          short_edge=options.short_edge)
    write_atomic(path, data, force)
    layout = t("summary.duplex" if options.duplex else "summary.folded" if options.gutter_fold else "summary.at_end")
    if options.back_offset != (0.0, 0.0):
        layout += t("summary.moved", offset=offset_words(options.back_offset, t))
    typer.echo(t("summary.pdf", path=str(path), count=len(pages), paper=options.paper, bleed=t.number(options.bleed),
                 layout=layout))
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
