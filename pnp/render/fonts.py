"""Text fitting: the size, line breaks and placement of a Text in its box.

Both backends lay text out with `layout`, measuring lines as they will be printed (shaped, see
`pnp.render.shaping`), so SVG and PDF break lines in the same places.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from pnp.draw import MIN_SIZE, PT, Text
from pnp.errors import PnpError
from pnp.render import shaping

LEADING = 1.2  # line height as a multiple of the font size
# Persian: lines at least this far apart (em) beyond what their glyphs reach, marks included
# (see `_leading`); and no Persian text smaller than PERSIAN_MIN_SIZE points, as Persian
# letters' dots and marks are smaller than Latin letters at one size.
INK_GAP = 0.1
PERSIAN_MIN_SIZE = 7.0
SIZE_STEP = 0.25  # points, when shrinking text to fit
MIRRORED_ALIGN = {"left": "right", "center": "center", "right": "left"}


class TextOverflow(PnpError):
    """A text that does not fit its box even at its smallest allowed size."""


@dataclass(frozen=True)
class Layout:
    size: float  # points
    lines: tuple[str, ...]  # as written (logical order)
    shaped: tuple[shaping.Line, ...]
    baselines: tuple[float, ...]  # y of each line's baseline, mm, in the text's coordinates
    line_height: float  # mm from one baseline to the next
    align: str  # where lines align: the Text's align, mirrored in a right-to-left paragraph
    anchor_x: float  # x the lines align to (left edge, centre or right edge), mm

    def left(self, index: int) -> float:
        """x of the left end of line `index`, mm."""
        width = self.shaped[index].width * self.size * PT
        return self.anchor_x - {"left": 0.0, "center": width / 2, "right": width}[self.align]


def width(text: str, bold: bool, size: float, paragraph: shaping.Style | None = None) -> float:
    """Width of a line of text in millimetres at `size` points, as printed; `paragraph` gives the
    face and direction of the paragraph the line belongs to (by default, the line's own)."""
    paragraph = paragraph or shaping.style(text, bold)
    if paragraph.plain:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return stringWidth(text, shaping.LATIN[bold].name, size) * PT
    return shaping.shape(text, paragraph).width * size * PT


# A number (digits in any script, perhaps signed, bracketed or a range such as 1–12) stays with
# the word after it: «۳ اقامتگاه», "3 gold".
_NUMBER = re.compile(r"[(«\"]?[+−-]?\d+([–.,٫/-]\d+)*")
# The verb of a Persian compound or auxiliary verb stays with the word before it: «اعلام کنید»,
# «داشته باشید», «خالی است». Forms of کردن، شدن، بودن، دادن، گرفتن، زدن، آوردن، یافتن, with
# their prefixes and endings; trailing punctuation is ignored.
_LIGHT_VERB = re.compile(r"((ن?می‌|ن|ب)?(کن|کرد|شو|شد|باش|بود|ده|داد|گیر|گرفت|زن|زد|آور|یاب|یافت)"
                         r"(م|ی|د|یم|ید|ند|ه|ه‌اند|ه‌است)?|است|نیست|هست|هستند)[.،؛:!؟»)]*")


def units(text: str) -> list[str]:
    """The words of one line of text grouped into what a line break may not split: a no-break
    space, a number and the word after it, a Persian compound verb."""
    out: list[str] = []
    for word in filter(None, text.split(" ")):  # a no-break space (U+00A0) is not a break
        if out and (_NUMBER.fullmatch(re.split("[ \u00a0]", out[-1])[-1]) or _LIGHT_VERB.fullmatch(word)):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def _wrap(text: str, paragraph: shaping.Style, size: float, box: float) -> list[str] | None:
    """Greedy word wrap, breaking only between `units`; None when one is wider than the box."""
    lines: list[str] = []
    for part in text.split("\n"):
        line = ""
        for word in units(part):
            trial = f"{line} {word}" if line else word
            if width(trial, paragraph.bold, size, paragraph) <= box:
                line = trial
            elif width(word, paragraph.bold, size, paragraph) > box:
                return None
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def _at_least(paragraph: shaping.Style, size: float) -> float:
    """A size a component asks for, as set: a Persian text's is PERSIAN_MIN_SIZE at least."""
    return max(size, PERSIAN_MIN_SIZE) if paragraph.persian else size


def smallest_line(text: str, bold: bool = False) -> float:
    """How tall a box must be for `text` on one line at the smallest size any text may have
    (MIN_SIZE, or PERSIAN_MIN_SIZE for a Persian one), mm."""
    return _at_least(shaping.style(text, bold), MIN_SIZE) * PT * LEADING


def _leading(paragraph: shaping.Style, shaped: tuple[shaping.Line, ...]) -> float:
    """Line height as a multiple of the font size: LEADING, or in Persian more where one line's
    marks and descenders (a kasra, «ی») and the next one's ascenders and marks («گ», a tanvin)
    would otherwise come within INK_GAP of each other."""
    if not paragraph.persian:
        return LEADING
    return max([LEADING] + [upper.ink[1] + lower.ink[0] + INK_GAP for upper, lower in zip(shaped, shaped[1:])])


@lru_cache(maxsize=4096)
def layout(text: Text) -> Layout:
    """The largest size from `text.size` down to `text.min_size` (for Persian, 7 pt at least: see
    `_at_least`) at which the text fits its box."""
    paragraph = shaping.style(text.text, text.bold)
    size, smallest = _at_least(paragraph, text.size), _at_least(paragraph, text.min_size)
    while size >= smallest - 1e-9:
        lines = _wrap(text.text, paragraph, size, text.w)
        if lines is not None:
            shaped = tuple(shaping.shape(line, paragraph) for line in lines)
            leading = _leading(paragraph, shaped)
            if size * PT * leading * len(lines) <= text.h + 1e-9:
                return _place(text, paragraph, size, shaped, leading)
        size = round(size - SIZE_STEP, 4)
    raise TextOverflow(f"text '{text.text[:40]}' does not fit its {text.w:.1f} x {text.h:.1f} mm box "
                       f"even at {smallest} pt")


def paragraph(x: float, y: float, width: float, text: str, size: float, bold: bool = False, align: str = "left") -> Text:
    """Text at its full size, in a box exactly as tall as its wrapped lines."""
    laid = layout(Text(x, y, width, 1000.0, text, size, bold=bold, align=align, valign="top", min_size=size))
    return Text(x, y, width, len(laid.lines) * laid.line_height + 0.01, text, size, bold=bold, align=align,
                valign="top", min_size=size)


def _place(text: Text, paragraph: shaping.Style, size: float, shaped: tuple[shaping.Line, ...], leading: float) -> Layout:
    line_height = size * PT * leading
    block = line_height * len(shaped)
    top = {"top": text.y, "middle": text.y + (text.h - block) / 2, "bottom": text.y + text.h - block}[text.valign]
    # The baseline sits about 0.8 of the font size below the top of the line box (DejaVu ascent ~0.76 em).
    ascent = size * PT * (0.8 + (leading - 1) / 2)
    baselines = tuple(top + ascent + i * line_height for i in range(len(shaped)))
    # Lines start at the box's leading edge: the right one in a right-to-left paragraph.
    align = MIRRORED_ALIGN[text.align] if paragraph.rtl else text.align
    anchor = {"left": text.x, "center": text.x + text.w / 2, "right": text.x + text.w}[align]
    return Layout(size, tuple(line.text for line in shaped), shaped, baselines, line_height, align, anchor)
