"""Message catalogs: every text shown on a component comes from here, by id, per language.

A catalog is a YAML file per language (`en.yaml`, `ru.yaml`, `fa.yaml`) of nested mappings; ids
are the dotted paths to their strings, e.g. `terrain.grass`. Values may hold `{name}` placeholders;
a number put into one is written in the language's own digits (Persian: ۰–۹), decimal separator
and minus sign.

A text that puts a number before a noun is a mapping of plural forms, one per category the
language tells apart (CLDR's names: English `one`, `other`; Russian `one` 1, 21…, `few` 2–4,
22–24…, `many` 0, 5–20, 25…; Persian `other`, its nouns staying singular after a number), and is
called with `count=`: `t("report.end.territories", count=2)`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from pnp.errors import Message, Named, PnpError
from pnp.render.choices import Language

LANGUAGES = tuple(language.value for language in Language)
RIGHT_TO_LEFT = frozenset({"fa"})
DIGITS = {"fa": "۰۱۲۳۴۵۶۷۸۹"}  # languages that print numbers in digits of their own
DECIMAL = {"ru": ",", "fa": "٫"}  # decimal separators other than "."
COMMA = {"fa": "، "}  # list separators other than ", "
# What separates the parts of a heading or footer, other than " · ": a middle dot beside a Persian
# digit reads as one more digit, the Persian zero «۰» being a dot («بذر ۷ · ۳ بازیکن», ۷۰۳).
SEPARATOR = {"fa": "، "}
PLURALS = {"en": ("one", "other"), "ru": ("one", "few", "many"), "fa": ("other",)}  # the forms of a counted noun
CATEGORIES = frozenset(form for forms in PLURALS.values() for form in forms)


def plural(lang: str, count: int) -> str:
    """The plural form of a noun after the whole number `count` in `lang` (CLDR's rules)."""
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return "one"
        return "few" if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14 else "many"
    if lang == "en":
        return "one" if count == 1 else "other"
    return "other"


class Catalog:
    def __init__(self, lang: str, messages: dict[str, str], plurals: frozenset[str] = frozenset()):
        self.lang = lang
        self.messages = messages  # plural forms under their text's id: `report.steps.one`
        self.plurals = plurals  # the ids of the texts with plural forms

    @property
    def ids(self) -> frozenset[str]:
        """Every text's id, a text with plural forms once (every language has the same ids)."""
        forms = {f"{text}.{form}" for text in self.plurals for form in CATEGORIES}
        return frozenset(key for key in self.messages if key not in forms) | self.plurals

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
        # A minus sign, not a hyphen: the hyphen is a dash in running text (and in Persian, a list mark).
        text = (str(value) if isinstance(value, int) else f"{value:g}").replace(".", DECIMAL.get(self.lang, ".")).replace("-", "\u2212")
        digits = DIGITS.get(self.lang)
        return text.translate(str.maketrans("0123456789", digits)) if digits else text

    @property
    def comma(self) -> str:
        """What separates the items of a list: Persian «، »."""
        return COMMA.get(self.lang, ", ")

    @property
    def separator(self) -> str:
        """What separates the parts of a heading or footer: « · », in Persian «، »."""
        return SEPARATOR.get(self.lang, " · ")

    def join(self, items: Iterable[object], separator: str | None = None) -> str:
        """Items in a line, separated by `separator` (default: the language's comma), whole
        numbers in the language's digits."""
        return (self.comma if separator is None else separator).join(
            self.number(item) if isinstance(item, int) and not isinstance(item, bool) else str(item) for item in items)

    def __call__(self, key: str, /, **values: Any) -> str:
        if key in self.plurals:
            count = values.get("count")
            if not isinstance(count, int) or isinstance(count, bool):
                raise PnpError(f"the {self.lang} text '{key}' has plural forms: it needs a whole number as count=")
            key = f"{key}.{plural(self.lang, count)}"
        try:
            text = self.messages[key]
        except KeyError:
            raise PnpError(f"no text '{key}' in the {self.lang} catalog") from None
        # Numbers in the language's digits, decimal separator and minus sign.
        values = {name: self.number(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else value
                  for name, value in values.items()}
        return text.format(**values) if values else text

    def said(self, message: object) -> str:
        """A library message in this language: a `Message` by its key, with its values said too
        and lists joined as the language joins them; a `Named` choice with the player's word for it;
        any other text as it is."""
        if isinstance(message, Named):  # a choice: the player's word, then the id typed as it stands
            word = message.words.get(self.lang)
            return self("names.choice", word=word, id=str(message)) if word else str(message)
        if not isinstance(message, Message):
            return str(message)
        values = {name: self.join([self.said(v) if isinstance(v, str) else v for v in value])
                  if isinstance(value, (list, tuple)) else self.said(value) if isinstance(value, str) else value
                  for name, value in message.values.items()}
        return self(message.key, **values)

    def merged(self, other: Catalog) -> Catalog:
        return Catalog(self.lang, {**self.messages, **other.messages}, self.plurals | other.plurals)


def _flatten(data: Any, prefix: str, out: dict[str, str], plurals: set[str], file: Path, lang: str) -> None:
    if isinstance(data, dict):
        if data and set(data) <= CATEGORIES:  # a text's plural forms: exactly the language's
            if tuple(sorted(data)) != tuple(sorted(PLURALS[lang])):
                raise PnpError(f"{file}: '{prefix[:-1]}' must have the plural forms {', '.join(PLURALS[lang])}, "
                               f"not {', '.join(map(str, data))}")
            plurals.add(prefix[:-1])
        for key, value in data.items():
            _flatten(value, f"{prefix}{key}.", out, plurals, file, lang)
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
    plurals: set[str] = set()
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # the C parser reads a catalog ~10x faster
    _flatten(yaml.load(file.read_text(encoding="utf-8"), Loader=loader), "", messages, plurals, file, lang)
    return Catalog(lang, messages, frozenset(plurals))


def render_catalog(lang: str) -> Catalog:
    """Texts of the print pipeline itself: page furniture, the cover and its back."""
    return load(Path(__file__).resolve().parent / "text", lang)


def shown(text: str, t: Catalog) -> str:
    """Text for a terminal or a page: in a right-to-left language, each line's Latin runs (names,
    files, ids) isolated, so that they keep their order inside the line."""
    from pnp.columns import isolated

    return "\n".join(isolated(line) for line in text.split("\n")) if t.rtl else text
