"""The names a player may type for a game's things (cards, clans, sides, colours, board
locations): the English id, or the word the game's own catalogs print for it in Russian or
Persian, compared after `folded`. One table per game, built from its catalogs
(`pnp/games/<game>/text/{ru,fa}.yaml`), so a word a component prints is a word a transcription
may hold. Readers keep the English id; only messages and forms show the player's words.

A table refuses to build when two ids of one kind share a folded name (a test builds every
game's table), so a name never stands for two things.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from functools import cached_property
from pathlib import Path

from pnp.errors import Named, PnpError, say

WORD_LANGUAGES = ("ru", "fa")  # the languages whose words stand beside the English ids
# Arabic yeh and kaf (and alef maksura) as the Persian letters; ё as е; zero-width (non-)joiners,
# tatweel and every space dropped, so «ماهی‌گیران», «ماهی گیران» and «ماهیگیران» are one name.
_LETTERS = str.maketrans({"\u064a": "\u06cc", "\u0649": "\u06cc", "\u0643": "\u06a9", "ё": "е",
                          "\u200c": None, "\u200d": None, "\u0640": None})
_DROPPED = re.compile(r"[\s\u064b-\u065f\u0670]+")  # spaces, and the short vowels a name may be typed with


def folded(text: str) -> str:
    """A name as names are compared: NFC, case folded, the spellings a keyboard varies in made one."""
    return _DROPPED.sub("", unicodedata.normalize("NFC", text).casefold().translate(_LETTERS))


class Names:
    """One game's table: for each kind of thing, its ids and the catalog text naming each
    (`kinds`: kind -> (catalog key with `{}` for the id, ids))."""

    def __init__(self, folder: Path, kinds: Mapping[str, tuple[str, Sequence[str]]]):
        self.folder = folder
        self.kinds = kinds

    def id(self, kind: str, value: object) -> str | None:
        """The id `value` names (its id or a word for it, any case and spelling), else None."""
        if not isinstance(value, str):
            return None
        text = folded(value)
        ids = self.kinds[kind][1]
        if text in ids:  # an English id: no catalog need be read
            return text
        return self.table[kind].get(text)

    def words(self, kind: str, id: str) -> dict[str, str]:
        """The words the catalogs print for an id, by language."""
        from pnp.render.i18n import load

        key = self.kinds[kind][0].format(id)
        return {lang: load(self.folder, lang)(key) for lang in WORD_LANGUAGES}

    def choices(self, kind: str, ids: Iterable[str] | None = None) -> list[Named]:
        """The ids of a kind (or `ids`, some of them with no word) as a message lists them."""
        known = self.kinds[kind][1]
        result = []
        for id in known if ids is None else ids:
            named = Named(id)
            named.words = self.words(kind, id) if id in known else {}
            result.append(named)
        return result

    def glossed(self, kind: str, lang: str) -> list[str]:
        """The ids of a kind as a form's comment lists them in `lang`: each with the player's word."""
        from pnp.render.i18n import render_catalog

        if lang not in WORD_LANGUAGES:
            return list(self.kinds[kind][1])
        t = render_catalog(lang)
        return [t("names.gloss", id=id, word=self.words(kind, id)[lang]) for id in self.kinds[kind][1]]

    def hint(self, kind: str, value: object) -> str:
        """' (did you mean 'x'?)' with the id or word closest to a misspelt name, else ''."""
        import difflib

        if not isinstance(value, str):
            return ""
        spelt = {folded(id): id for id in self.kinds[kind][1]}
        for id in self.kinds[kind][1]:
            spelt.update((folded(word), word) for word in self.words(kind, id).values())
        close = difflib.get_close_matches(folded(value), list(spelt), n=1, cutoff=0.6)
        return say("problem.did_you_mean", word=f"'{spelt[close[0]]}'") if close else ""

    @cached_property
    def table(self) -> dict[str, dict[str, str]]:
        """For each kind, the id each folded name stands for; PnpError when a name stands for two."""
        tables: dict[str, dict[str, str]] = {}
        for kind, (_, ids) in self.kinds.items():
            table = tables[kind] = {}
            for id in ids:
                for name in (id, *self.words(kind, id).values()):
                    other = table.setdefault(folded(name), id)
                    if other != id:
                        raise PnpError(f"{self.folder}: the {kind} name '{name}' stands for both '{other}' and '{id}'")
        return tables
