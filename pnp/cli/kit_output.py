"""Writing a kit: one print-ready PDF, or one SVG file per component design, with a summary."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from pnp.cli.common import write_all, write_atomic
from pnp.cli.localise import shown, tell
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
    from pnp.errors import OptionError, say

    folded = asked.layout == "gutter-fold"
    duplex = asked.duplex is not None and not folded
    problems: list[str] = []
    if asked.fmt != "pdf":
        given = [flag for flag, used in (("--layout gutter-fold", folded), ("--marks " + asked.marks, asked.marks != "lines"),
                                         ("--gap", asked.gap > 0), ("--pages", asked.pages is not None),
                                         ("--duplex short-edge", asked.duplex == "short-edge")) if used]
        problems += [say("problem.option.pdf_only", flag=flag) for flag in given]
    if folded and asked.gap > 0:
        problems.append(say("problem.option.gap_fold"))
    if folded and asked.marks == "print-and-cut":
        problems.append(say("problem.option.marks_fold"))
    offset = _offset(asked.back_offset, problems)
    scale = _scale(asked.back_scale, problems)
    for flag, value in (("--back-offset", asked.back_offset), ("--back-scale", asked.back_scale)):
        if value is not None and (not duplex or asked.fmt != "pdf"):
            name = "offset" if flag == "--back-offset" else "scale"
            problems.append(say(f"problem.option.{name}_svg" if asked.fmt != "pdf" else f"problem.option.{name}_single"))
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
    from pnp.errors import say

    if value is None:
        return 0.0, 0.0
    numbers = _numbers(value)
    if numbers is None:
        problems.append(say("problem.option.offset_form", value=f"'{value}'"))
        return 0.0, 0.0
    if not all(-MAX_OFFSET <= v <= MAX_OFFSET for v in numbers):
        problems.append(say("problem.option.offset_range", value=value))
    return numbers


def _scale(value: str | None, problems: list[str]) -> tuple[float, float]:
    """--back-scale X,Y, each a factor (1.005) or a percentage (100.5%)."""
    from pnp.errors import say

    if value is None:
        return 1.0, 1.0
    parts = [part.strip() for part in value.split(",")]
    percent = [part.endswith("%") for part in parts]
    numbers = _numbers(",".join(part.removesuffix("%") for part in parts))
    if numbers is None:
        problems.append(say("problem.option.scale_form", value=f"'{value}'"))
        return 1.0, 1.0
    x, y = (v / 100 if p else v for v, p in zip(numbers, percent))
    if not all(SCALE[0] <= v <= SCALE[1] for v in (x, y)):
        problems.append(say("problem.option.scale_range", value=value))
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
    from pnp.errors import say

    pages: list[int] = []
    problems: list[str] = []
    for part in (part.strip() for part in text.split(",")):
        first, dash, last = part.partition("-")
        if not first.isdigit() or (dash and not last.isdigit()) or int(first) < 1:
            problems.append(say("problem.option.pages_form", part=f"'{part}'"))
        elif dash and int(last) < int(first):
            problems.append(say("problem.option.pages_backwards", part=f"'{part}'", turned=f"{last}-{first}"))
        else:
            pages += [page for page in range(int(first), int(last or first) + 1) if page not in pages]
    return tuple(pages), problems


def only(sheets: list[Sheet], value: str | None) -> list[Sheet]:
    """The kit's sheets of the components named (--only), in the kit's order."""
    if value is None:
        return sheets
    from pnp.errors import OptionError, say

    names = [name.strip() for name in value.split(",")]
    known = [sheet.id for sheet in sheets]
    wrong = [name for name in names if name not in known]
    if wrong:
        raise OptionError([say("problem.option.only", name=f"'{name}'", known=known) for name in wrong])
    return [sheet for sheet in sheets if sheet.id in names]


def write_pdf(sheets: list[Sheet], path: Path, chosen: Chosen, t: Catalog, force: bool) -> None:
    from pnp.errors import OptionError, say
    from pnp.render import pdf
    from pnp.render.cover import offset_words
    from pnp.render.imposition import impose

    options = chosen.options
    pages = impose(sheets, options, t("title"), t)
    if chosen.pages is not None:
        beyond = [page for page in chosen.pages if page > len(pages)]
        if beyond:
            raise OptionError([say("problem.option.pages_beyond", count=len(pages), beyond=beyond)])
        pages = [pages[page - 1] for page in chosen.pages]
    with _progress(len(pages), shown(t("cli.say.rendering_pages"), t)) as bar:
        data = pdf.render(pages, f"{t('title')} · {t('kit')}", on_page=lambda _: bar.update(1), duplex=options.duplex,
                          short_edge=options.short_edge)
    write_atomic(path, data, force)
    layout = t("summary.duplex" if options.duplex else "summary.folded" if options.gutter_fold else "summary.at_end")
    if options.back_offset != (0.0, 0.0):
        layout += t("summary.moved", offset=offset_words(options.back_offset, t))
    typer.echo(shown(t("summary.pdf", path=str(path), count=len(pages), paper=t(f"paper.{options.paper}"),
                       bleed=t.number(options.bleed), layout=layout), t))
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
