# What pnp calls of uharfbuzz (a Cython extension that ships no type information).
from enum import IntFlag
from typing import NamedTuple, Protocol

from typing_extensions import disjoint_base

@disjoint_base
class Blob:
    @classmethod
    def from_file_path(cls, filename: str) -> Blob: ...

@disjoint_base
class Face:
    def __new__(cls, blob: Blob, index: int = 0) -> Face: ...

_Point = tuple[float, float]

class _Pen(Protocol):  # HarfBuzz's draw callbacks, by fontTools' pen names
    def moveTo(self, point: _Point, /) -> None: ...
    def lineTo(self, point: _Point, /) -> None: ...
    def qCurveTo(self, control: _Point, point: _Point, /) -> None: ...
    def curveTo(self, a: _Point, b: _Point, point: _Point, /) -> None: ...
    def closePath(self) -> None: ...

class GlyphExtents(NamedTuple):
    x_bearing: int
    y_bearing: int
    width: int
    height: int

@disjoint_base
class Font:
    def __new__(cls, face: Face) -> Font: ...
    def draw_glyph_with_pen(self, gid: int, pen: _Pen) -> None: ...
    def get_glyph_extents(self, gid: int) -> GlyphExtents | None: ...

class BufferFlags(IntFlag):
    DEFAULT = 0
    PRESERVE_DEFAULT_IGNORABLES = 4

@disjoint_base
class GlyphInfo:
    @property
    def codepoint(self) -> int: ...
    @property
    def cluster(self) -> int: ...

@disjoint_base
class GlyphPosition:
    @property
    def x_advance(self) -> int: ...
    @property
    def x_offset(self) -> int: ...
    @property
    def y_offset(self) -> int: ...

@disjoint_base
class Buffer:
    direction: str
    language: str
    flags: BufferFlags
    def add_str(self, text: str, item_offset: int = 0, item_length: int = -1) -> None: ...
    def guess_segment_properties(self) -> None: ...
    @property
    def glyph_infos(self) -> list[GlyphInfo]: ...
    @property
    def glyph_positions(self) -> list[GlyphPosition]: ...

def shape(font: Font, buffer: Buffer, features: dict[str, bool | int] | None = None,
          shapers: list[str] | None = None) -> None: ...
