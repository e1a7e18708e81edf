"""From a line of text to the glyphs that print it: bundled faces, bidi order, HarfBuzz shaping.

A text set in Persian (any Arabic-script letter or digit in it) uses Vazirmatn, any other text
DejaVu Sans Condensed; a character the face lacks (such as ▲ in Vazirmatn) comes from the other
face. A line becomes a `Line`: glyphs in visual order, left to right, with their advances and
offsets in em. Both backends print those glyphs, so PDF and SVG set every line the same way.

- Ordering: the Unicode bidi algorithm (python-bidi) resolves each character's embedding
  level; the paragraph's direction is that of its first strong character (as in HTML's
  dir="auto"), so a Persian paragraph runs right to left even on a line that starts with a
  number or a Latin name.
- Isolates (FSI, LRI, RLI ... PDI: a player's name in a Persian line) are resolved here, as
  python-bidi's levels do not know them: outside, an isolate counts as one neutral character
  and is skipped in finding the paragraph's direction; inside, it is a paragraph of its own, one
  level deeper. The isolate marks print nothing.
- Shaping: each run of one level and one face is shaped by HarfBuzz (uharfbuzz) in its own
  direction, with the whole line as context: joined letter forms, ligatures, marks, kerning,
  mirrored brackets. Runs are then put in visual order (rule L2).
- Text with no right-to-left or Arabic-script character, all in DejaVu, is set at the font's
  own advances, exactly as reportlab measures and draws a plain string.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import uharfbuzz
    from reportlab.pdfbase.ttfonts import TTFont

UNITS_PER_EM = 2048  # every bundled face has 2048 units per em: glyph outlines share one scale


@dataclass(frozen=True)
class Face:
    name: str  # the PDF font name
    file: str
    short: str  # prefix of the face's glyph ids in SVG


LATIN = {False: Face("DejaVuSansCondensed", "DejaVuSansCondensed.ttf", "d"),
         True: Face("DejaVuSansCondensed-Bold", "DejaVuSansCondensed-Bold.ttf", "db")}
PERSIAN = {False: Face("Vazirmatn", "Vazirmatn-Regular.ttf", "v"),
           True: Face("Vazirmatn-Bold", "Vazirmatn-Bold.ttf", "vb")}
FACES = (*LATIN.values(), *PERSIAN.values())


@dataclass(frozen=True)
class Glyph:
    face: Face
    gid: int
    text: str  # the characters it prints ("" for the other glyphs of a cluster)
    advance: float  # em
    dx: float = 0.0  # offset from the pen position, em (HarfBuzz's x_offset)
    dy: float = 0.0  # em, upwards
    rtl: bool = False  # set right to left: the bidi algorithm resolved its characters to an odd level


@dataclass(frozen=True)
class Line:
    text: str  # the line as written (logical order)
    glyphs: tuple[Glyph, ...]  # visual order, left to right
    face: Face  # the paragraph's face
    plain: bool  # all in `face` at its own advances: a backend may print `text` as a plain string

    @property
    def width(self) -> float:
        """Advance width in em."""
        return sum(g.advance for g in self.glyphs)


@dataclass(frozen=True)
class Style:
    """What a whole paragraph decides for each of its lines."""

    bold: bool
    persian: bool  # set in Vazirmatn
    rtl: bool  # base direction right to left
    plain: bool  # left to right in DejaVu alone, nothing to reorder: printed at the font's own advances


def font_path(face: Face) -> Path:
    return Path(__file__).resolve().parent / "fonts" / face.file


# Bidi classes that start runs against a left-to-right, or a right-to-left, paragraph.
_EXPLICIT = frozenset({"LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI"})
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"}) | _EXPLICIT
_LEFT_TO_RIGHT = frozenset({"L", "EN", "AN"}) | _EXPLICIT


def _arabic_script(char: str) -> bool:
    code = ord(char)
    return 0x0600 <= code <= 0x06FF or 0x0750 <= code <= 0x077F or 0x08A0 <= code <= 0x08FF or 0xFB50 <= code <= 0xFEFF


def style(text: str, bold: bool) -> Style:
    """The face and base direction of a paragraph, from its own characters."""
    from unicodedata import bidirectional

    from bidi.algorithm import get_base_level

    persian = any(map(_arabic_script, text))
    rtl = get_base_level(_outside_isolates(text)) == 1
    plain = (not persian and not rtl and set(map(ord, text)) <= ttf(LATIN[bold]).face.charToGlyph.keys()
             and not any(bidirectional(char) in _RIGHT_TO_LEFT for char in text))
    return Style(bold, persian, rtl, plain)


@lru_cache(maxsize=None)
def ttf(face: Face) -> TTFont:
    """The face registered with reportlab (metrics, character map, PDF embedding)."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = TTFont(face.name, str(font_path(face)))
    if font.face.unitsPerEm != UNITS_PER_EM:
        raise ValueError(f"{face.file}: {font.face.unitsPerEm} units per em, expected {UNITS_PER_EM}")
    pdfmetrics.registerFont(font)
    return font


@lru_cache(maxsize=None)
def hb_font(face: Face) -> uharfbuzz.Font:
    import uharfbuzz as hb

    return hb.Font(hb.Face(hb.Blob.from_file_path(str(font_path(face)))))


def _faces(text: str, primary: Face, other: Face) -> list[Face]:
    """Each character's face: the paragraph's, unless it lacks the character and the other has it."""
    covered, fallback = ttf(primary).face.charToGlyph, ttf(other).face.charToGlyph
    return [other if ord(char) not in covered and ord(char) in fallback else primary for char in text]


ISOLATES = {"\u2066": False, "\u2067": True, "\u2068": None}  # LRI, RLI, FSI: right to left, or by first strong
PDI = "\u2069"
_MARKS = frozenset([*ISOLATES, PDI])
_HOLDER = "\ufffc"  # an isolate as its surroundings see it: one neutral character (bidi class ON)


def _isolates(text: str) -> list[tuple[int, int, int]]:
    """The outermost isolates of `text`: (index of the opening mark, index where the inside ends,
    index after the isolate). One left open (no matching PDI) runs to the end of the paragraph."""
    spans: list[tuple[int, int, int]] = []
    depth = start = 0
    for index, char in enumerate(text):
        if char in ISOLATES:
            start = index if depth == 0 else start
            depth += 1
        elif char == PDI and depth:
            depth -= 1
            if depth == 0:
                spans.append((start, index, index + 1))
    return spans + [(start, len(text), len(text))] if depth else spans


def _outside_isolates(text: str) -> str:
    """`text` with each isolate replaced by the neutral character it counts as outside, and so is
    a PDI that closes none."""
    for start, _, end in reversed(_isolates(text)):
        text = text[:start] + _HOLDER + text[end:]
    return text.replace(PDI, _HOLDER)


def _levels(text: str, rtl: bool) -> list[int]:
    """Each character's resolved level, the inside of each isolate resolved on its own: the
    isolate's marks take the level of the neutral it counts as outside; its inside, a paragraph
    in its own direction, starts at the least level above the paragraph's with that direction
    (UAX #9, rules X5a–X5c, X6a; explicit embeddings around an isolate are not looked at)."""
    from bidi.algorithm import get_base_level

    base = 1 if rtl else 0
    outside = _embedding_levels(_outside_isolates(text), rtl)
    levels: list[int] = []
    removed = 0  # characters of `text` that `outside` holds no more
    for start, inside_end, end in _isolates(text):
        levels += outside[len(levels) - removed:start - removed]
        mark = outside[start - removed]
        inside = text[start + 1:inside_end]
        direction = ISOLATES[text[start]]
        inside_rtl = get_base_level(_outside_isolates(inside)) == 1 if direction is None else direction
        deeper = next(level for level in (base + 1, base + 2) if level % 2 == inside_rtl)
        levels += [mark, *(deeper + level - inside_rtl for level in _levels(inside, inside_rtl))]
        levels += [mark] * (end - inside_end)  # the PDI
        removed += end - start - 1
    return levels + outside[len(levels) - removed:]


def _embedding_levels(text: str, rtl: bool) -> list[int]:
    """Each character's resolved embedding level (rules P–I of the bidi algorithm).

    python-bidi drops the characters rule X9 removes (ZWNJ, the embedding marks LRE ... PDF)
    from its working list; they take the level of the character before them, which keeps them
    in their run, as UAX #9 section 5.2 allows. Shaping needs them: a ZWNJ keeps two letters apart.
    """
    from unicodedata import bidirectional

    from bidi import algorithm as uba

    # Without a character that runs against the paragraph, every character takes its level.
    against = _LEFT_TO_RIGHT if rtl else _RIGHT_TO_LEFT
    if not any(bidirectional(char) in against for char in text):
        return [1 if rtl else 0] * len(text)
    base = 1 if rtl else 0
    storage = uba.get_empty_storage()
    storage["base_level"] = base
    storage["base_dir"] = "R" if rtl else "L"
    uba.get_embedding_levels(text, storage)
    # Each character's index, by the identity of its entry (the steps drop entries, never copy them).
    indices = {id(char): index for index, char in enumerate(storage["chars"])}
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    resolved = {indices[id(char)]: char["level"] for char in storage["chars"]}
    levels: list[int] = []
    for index in range(len(text)):
        levels.append(resolved.get(index, levels[-1] if levels else base))
    return levels


def _shape_run(text: str, start: int, end: int, face: Face, rtl: bool, language: str) -> list[Glyph]:
    """HarfBuzz's glyphs for text[start:end], shaped with the whole line as context. Invisible
    characters (ZWNJ) keep their own empty glyphs, so a PDF's text layer keeps them too; the
    isolates' marks have none."""
    import uharfbuzz as hb

    buffer = hb.Buffer()
    buffer.add_str(text, start, end - start)
    buffer.guess_segment_properties()
    buffer.direction = "rtl" if rtl else "ltr"
    buffer.language = language  # never the machine's locale, which HarfBuzz would guess
    buffer.flags = hb.BufferFlags.PRESERVE_DEFAULT_IGNORABLES
    hb.shape(hb_font(face), buffer, {})
    # A cluster's characters run from its index to the next cluster's (clusters index `text`).
    starts = sorted({info.cluster for info in buffer.glyph_infos})
    ends = dict(zip(starts, [*starts[1:], end]))
    glyphs = []
    for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions):
        chars = text[info.cluster:ends.pop(info.cluster)] if info.cluster in ends else ""
        if chars and set(chars) <= _MARKS:
            continue  # an isolate's marks print nothing
        glyphs.append(Glyph(face, info.codepoint, chars, pos.x_advance / UNITS_PER_EM, pos.x_offset / UNITS_PER_EM,
                            pos.y_offset / UNITS_PER_EM, rtl))
    return glyphs


def _visual_order(runs: list[tuple[int, list[Glyph]]]) -> list[Glyph]:
    """Rule L2: from the highest level down to the lowest odd one, reverse every sequence of
    runs at that level or higher. Each run's glyphs are already in visual order."""
    order = list(range(len(runs)))
    levels = [level for level, _ in runs]
    lowest_odd = min((level for level in levels if level % 2), default=None)
    if lowest_odd is not None:
        for level in range(max(levels), lowest_odd - 1, -1):
            i = 0
            while i < len(order):
                if levels[order[i]] >= level:
                    j = i
                    while j < len(order) and levels[order[j]] >= level:
                        j += 1
                    order[i:j] = reversed(order[i:j])
                    i = j
                else:
                    i += 1
    return [glyph for index in order for glyph in runs[index][1]]


@lru_cache(maxsize=65536)
def shape(text: str, paragraph: Style) -> Line:
    """One line of a paragraph, as glyphs in visual order."""
    primaries, others = (PERSIAN, LATIN) if paragraph.persian else (LATIN, PERSIAN)
    primary, other = primaries[paragraph.bold], others[paragraph.bold]
    if paragraph.plain:
        font = ttf(primary).face
        glyphs = tuple(Glyph(primary, font.charToGlyph[ord(char)], char, font.getCharWidth(ord(char)) / 1000)
                       for char in text)
        return Line(text, glyphs, primary, plain=True)
    faces = _faces(text, primary, other)
    levels = _levels(text, paragraph.rtl)
    language = "fa" if paragraph.persian else "en"
    runs: list[tuple[int, list[Glyph]]] = []
    start = 0
    for end in range(1, len(text) + 1):
        if end == len(text) or (levels[end], faces[end]) != (levels[start], faces[start]):
            runs.append((levels[start], _shape_run(text, start, end, faces[start], levels[start] % 2 == 1, language)))
            start = end
    return Line(text, tuple(_visual_order(runs)), primary, plain=False)
