"""A generated set of 8 sections as files: section files, and their drawings if asked."""

from __future__ import annotations

from pnp.errors import say
from pnp.games.kingdom_builder import board_art, components, generator


def section_files(seed: int, fmt: str, paper: str, bleed: float, lang: str) -> tuple[str, dict[str, str | bytes]]:
    """A one-line summary and {file name: content}: one section file per location type, plus one
    SVG per section (`svg`) or one PDF of them all (`pdf`)."""
    sections = generator.generate_set(seed)
    files: dict[str, str | bytes] = {
        f"{s.name}.txt": f"# Kingdom Builder section {s.name} (generator version {generator.VERSION}, set {seed})\n"
        + s.to_text() for s in sections}
    if fmt != "txt":
        from pnp.render import pdf, svg
        from pnp.render.imposition import Options, Sheet, impose

        t = components.catalog(lang)
        drawings = [board_art.section_drawing(s, t) for s in sections]
        if fmt == "svg":
            files.update({f"{s.name}.svg": svg.render(d, bleed=bleed) for s, d in zip(sections, drawings)})
        else:
            pages = impose([Sheet(t("contents.sections"), tuple(drawings))], Options(paper, bleed), t("title"), t)
            files[f"kb{generator.VERSION}-{seed}-sections.pdf"] = pdf.render(pages, f"{t('title')}{t.separator}{seed}")
    return say("problem.kingdom_builder.set", seed=seed), files
