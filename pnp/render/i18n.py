"""Message catalogs: every text shown on a component comes from here, by id, per language.

A catalog is a YAML file per language (`en.yaml`, `ru.yaml`, `fa.yaml`) of nested mappings; ids
are the dotted paths to their strings, e.g. `terrain.grass`. Values may hold `{name}` placeholders;
a whole number put into one is written in the language's own digits (Persian: ۰–۹).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.errors import PnpError
from pnp.render.choices import Language

LANGUAGES = tuple(language.value for language in Language)
RIGHT_TO_LEFT = frozenset({"fa"})
DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹"}  # languages that print numbers in digits of their own
DECIMAL = {"ru": ",", "fa": "٫"}  # decimal separators other than "."
COMMA = {"fa": "، "}  # list separators other than ", "


class Catalog:
    def __init__(self, lang: str, messages: dict[str, str]):
        self.lang = lang
        self.messages = messages

    @property
    def rtl(self) -> bool:
        """The language reads right to left: layouts that run in a reading direction mirror."""
        return self.lang in RIGHT_TO_LEFT

    def from_start(self, x: float, w: float, width: float) -> float:
        """The left edge of a box `w` wide lying `x` from where lines start in an area `width`
        wide: `x` itself, or mirrored for a right-to-left language (layouts that read across)."""
        return width - x - w if self.rtl else x

    def number(self, value: float) -> str:
        """A number in the language's digits and decimal separator."""
        text = (str(value) if isinstance(value, int) else f"{value:g}").replace(".", DECIMAL.get(self.lang, "."))
        digits = DIGITS.get(self.lang)
        return text.translate(str.maketrans("0123456789", digits)) if digits else text

    @property
    def comma(self) -> str:
        """What separates the items of a list: Persian «، »."""
        return COMMA.get(self.lang, ", ")

    def join(self, items: Iterable[object], separator: str | None = None) -> str:
        """Items in a line, separated by `separator` (default: the language's comma), whole
        numbers in the language's digits."""
        return (self.comma if separator is None else separator).join(
            self.number(item) if isinstance(item, int) and not isinstance(item, bool) else str(item) for item in items)

    def __call__(self, key: str, /, **values: Any) -> str:
        try:
            text = self.messages[key]
        except KeyError:
            raise PnpError(f"no text '{key}' in the {self.lang} catalog") from None
        if self.lang in DIGITS:
            values = {name: self.number(value) if isinstance(value, int) and not isinstance(value, bool) else value
                      for name, value in values.items()}
        return text.format(**values) if values else text

    def merged(self, other: Catalog) -> Catalog:
        return Catalog(self.lang, {**self.messages, **other.messages})


def _flatten(data: Any, prefix: str, out: dict[str, str], file: Path) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            _flatten(value, f"{prefix}{key}.", out, file)
    elif isinstance(data, str):
        out[prefix[:-1]] = data
    else:
        raise PnpError(f"{file}: '{prefix[:-1]}' must be text, not {type(data).__name__}")


@lru_cache(maxsize=None)
def load(folder: Path, lang: str) -> Catalog:
    """The catalog `folder/LANG.yaml`."""
    import yaml

    if lang not in LANGUAGES:
        raise PnpError(f"unknown language '{lang}' (one of: {', '.join(LANGUAGES)})")
    file = folder / f"{lang}.yaml"
    messages: dict[str, str] = {}
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser reads a catalog ~10x faster
    _flatten(yaml.load(file.read_text(encoding="utf-8"), Loader=loader), "", messages, file)
    return Catalog(lang, messages)


def render_catalog(lang: str) -> Catalog:
    """Texts of the print pipeline itself: page furniture, the cover and its back."""
    return load(Path(__file__).resolve().parent / "text", lang)
