"""The choices a print run offers, as Enums so the command line validates and lists them. Kept
free of imports: the command line reads them at start-up."""

from __future__ import annotations

from enum import Enum


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
