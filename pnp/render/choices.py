"""The choices a print run offers, as Enums so the command line validates and lists them. Kept
free of imports: the command line reads them at start-up."""

from __future__ import annotations

from enum import Enum

MAX_GAP = 10.0  # mm between pieces: more only wastes paper


class Format(str, Enum):
    PDF = "pdf"
    SVG = "svg"


class Paper(str, Enum):
    A4 = "a4"
    LETTER = "letter"


class Language(str, Enum):
    """The languages every catalog has."""

    EN = "en"
    RU = "ru"
    FA = "fa"


class Layout(str, Enum):
    """How cards get their backs: behind them on the next page, or beside them to fold."""

    STANDARD = "standard"
    GUTTER_FOLD = "gutter-fold"


class Edge(str, Enum):
    """The edge a duplex printer flips the sheet on."""

    LONG = "long-edge"
    SHORT = "short-edge"


class Marks(str, Enum):
    """How pieces with straight cuts are marked: full cut lines, crop marks outside the trim, or
    registration marks for a print-and-cut machine."""

    LINES = "lines"
    CROP = "crop"
    PRINT_AND_CUT = "print-and-cut"


class Tokens(str, Enum):
    """How small round tokens are laid out: to cut (by hand or machine), or for a circle punch."""

    CUT = "cut"
    PUNCH = "punch"
