"""Bundled fonts (DejaVu Sans Condensed: Latin, Cyrillic, Arabic) and text fitting.

Both backends lay text out with `layout`, measured with the same font metrics, so SVG and
PDF break lines in the same places.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.draw import PT, Text
from pnp.errors import PnpError

FAMILY = "DejaVu Sans Condensed"  # the name SVG uses
FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
PDF_NAMES = {False: "DejaVuSansCondensed", True: "DejaVuSansCondensed-Bold"}
LEADING = 1.2  # line height as a multiple of the font size
SIZE_STEP = 0.25  # points, when shrinking text to fit


class TextOverflow(PnpError):
    """A text that does not fit its box even at its smallest allowed size."""


@dataclass(frozen=True)
class Layout:
    size: float  # points
    lines: tuple[str, ...]
    baselines: tuple[float, ...]  # y of each line's baseline, mm, in the text's coordinates
    anchor_x: float  # x the lines align to (left edge, centre or right edge), mm


def font_path(bold: bool) -> Path:
    return Path(__file__).resolve().parent / "fonts" / FILES[bold]


@lru_cache(maxsize=None)
def register() -> None:
    """Register the bundled fonts with reportlab (once); PDFs embed and subset them."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for bold, name in PDF_NAMES.items():
        pdfmetrics.registerFont(TTFont(name, str(font_path(bold))))


def width(text: str, bold: bool, size: float) -> float:
    """Width of a line of text in millimetres at `size` points."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register()
    return stringWidth(text, PDF_NAMES[bold], size) * PT


def _wrap(text: str, bold: bool, size: float, box: float) -> list[str] | None:
    """Greedy word wrap; None when a single word is wider than the box."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in filter(None, paragraph.split(" ")):  # a no-break space keeps its words together
            trial = f"{line} {word}" if line else word
            if width(trial, bold, size) <= box:
                line = trial
            elif width(word, bold, size) > box:
                return None
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


@lru_cache(maxsize=4096)
def layout(text: Text) -> Layout:
    """The largest size from `text.size` down to `text.min_size` at which the text fits its box."""
    size = text.size
    while size >= text.min_size - 1e-9:
        lines = _wrap(text.text, text.bold, size, text.w)
        height = size * PT * LEADING * len(lines or ())
        if lines is not None and height <= text.h + 1e-9:
            return _place(text, size, tuple(lines))
        size = round(size - SIZE_STEP, 4)
    raise TextOverflow(f"text '{text.text[:40]}' does not fit its {text.w:.1f} x {text.h:.1f} mm box "
                       f"even at {text.min_size} pt")


def _place(text: Text, size: float, lines: tuple[str, ...]) -> Layout:
    line_height = size * PT * LEADING
    block = line_height * len(lines)
    top = {"top": text.y, "middle": text.y + (text.h - block) / 2, "bottom": text.y + text.h - block}[text.valign]
    # The baseline sits about 0.8 of the font size below the top of the line box (DejaVu ascent ~0.76 em).
    ascent = size * PT * (0.8 + (LEADING - 1) / 2)
    baselines = tuple(top + ascent + i * line_height for i in range(len(lines)))
    anchor = {"left": text.x, "center": text.x + text.w / 2, "right": text.x + text.w}[text.align]
    return Layout(size, lines, baselines, anchor)
