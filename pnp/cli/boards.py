"""`pnp boards GAME`: generate board sections (Kingdom Builder) as files and drawings."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli.common import FORCE, example, reports_errors, unavailable, write_all

app = typer.Typer(help="Generate original board sections.", no_args_is_help=True,
                  epilog=example("pnp boards kingdom-builder --seed 42"))


@app.command("kingdom-builder", epilog=example(
    "pnp boards kingdom-builder --seed 42",
    "pnp boards kingdom-builder --seed 42 --format pdf --paper letter --out my-sections",
))
@reports_errors
def kingdom_builder(
    seed: int = typer.Option(None, "--seed", min=0, help="The set's seed; the same seed always gives the same 8 sections. "
                             "Default: a new random seed, printed so you can share it."),
    out: Path = typer.Option(Path("output/sections"), "--out", help="Folder to write into."),
    fmt: str = typer.Option("txt", "--format", help="txt: section files only; svg or pdf: also their drawings."),
    paper: str = typer.Option("a4", "--paper", help="Paper size for --format pdf: a4 or letter."),
    bleed: float = typer.Option(0.0, "--bleed", min=0.0, max=5.0, help="Artwork beyond the cut line, in mm."),
    lang: str = typer.Option("en", "--lang", help="Language of the labels: en or ru."),
    force: bool = FORCE,
) -> None:
    """Write a set of 8 sections, one per location type, as section files named by their ids.

    Ids (kb1-SEED-LOCATION) can be used in transcriptions and --boards wherever a section name is.
    """
    import random

    from pnp.errors import PnpError
    from pnp.games.kingdom_builder import board_art, components, generator
    from pnp.render.i18n import LANGUAGES
    from pnp.render.imposition import Options, Sheet, impose, paper_size

    if fmt not in ("txt", "svg", "pdf"):
        raise PnpError(f"--format: unknown format '{fmt}' (txt, svg or pdf)")
    if lang not in LANGUAGES:
        raise PnpError(f"--lang: unknown language '{lang}' (one of: {', '.join(LANGUAGES)})")
    paper_size(paper)
    if seed is None:
        seed = random.SystemRandom().randrange(10**6)
    sections = generator.generate_set(seed)
    files: dict[Path, str | bytes] = {
        out / f"{s.name}.txt": f"# Kingdom Builder section {s.name} (generator version {generator.VERSION}, set {seed})\n"
        + s.to_text() for s in sections}
    if fmt != "txt":
        from pnp.render import pdf, svg

        t = components.catalog(lang)
        drawings = [board_art.section_drawing(s, t) for s in sections]
        if fmt == "svg":
            files.update({out / f"{s.name}.svg": svg.render(d, bleed=bleed) for s, d in zip(sections, drawings)})
        else:
            pages = impose([Sheet(t("contents.sections"), tuple(drawings))], Options(paper, bleed), t("title"), t)
            files[out / f"kb{generator.VERSION}-{seed}-sections.pdf"] = pdf.render(pages, f"{t('title')} · {seed}")
    write_all(files, force)  # all rendered first, then written whole: an error leaves no half-written set
    typer.echo(f"set {seed}: wrote {len(files)} files to {out}/")
    for path in files:
        typer.echo(f"  {path.name}")


unavailable(app, "great-wall", "boards", "does not exist: Great Wall of China has no board to generate")
unavailable(app, "carolus-magnus", "boards", "does not exist: Carolus Magnus's territories are fixed segments, "
                                             "printed in its kit")
