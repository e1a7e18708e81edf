"""Where printed lines break: never between a number and its noun, nor inside a Persian compound
verb, in any text of any catalog, at any width."""

import re
from pathlib import Path

import pytest

from pnp.render import fonts, shaping
from pnp.render.i18n import LANGUAGES, load

PNP = Path(__file__).resolve().parents[2] / "pnp"
FOLDERS = ("render", "games/kingdom_builder", "games/great_wall", "games/carolus_magnus")
# The verbs of the compound verbs the catalogs use (kept apart from the breaker's own rule): the
# line may not start with one of them.
VERBS = ("کنید", "کند", "کنند", "می‌کند", "نمی‌کند", "باشید", "باشد", "باشند", "شود", "می‌شود", "نمی‌شود", "شوند",
         "می‌شوند", "شده", "دهید", "می‌دهد", "است", "نیست", "بگیرید", "می‌گیرد", "بزنید")


def texts(lang: str) -> list[str]:
    out = []
    for folder in FOLDERS:
        out += [text for key, text in load(PNP / folder / "text", lang).messages.items() if not key.startswith("cli.")]
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_line_ends_on_a_number_or_starts_with_the_verb_of_a_compound(lang):
    """«از ۳ / اقامتگاه», «یا ۱ / کارت», «دست‌کم ۱ / گام», «داشته / باشید», «اعلام / کنید»: every
    catalog text wrapped at 8 pt in boxes from 15 to 60 mm wide (the widths of the kit's text
    boxes) keeps a number with the word after it and a compound verb whole."""
    bad = []
    wrapped = 0
    for text in texts(lang):
        paragraph = shaping.style(text, False)
        for box in range(15, 61, 5):
            lines = fonts._wrap(text, paragraph, 8, box)
            if not lines or len(lines) < 2:
                continue
            wrapped += 1
            for before, after in zip(lines, lines[1:]):
                if not before or not after:
                    continue  # a line break the text itself holds
                if re.search(r"(^|\s)[(«]?\d+$", before.replace("\u00a0", " ")) or after.split(" ")[0].rstrip(".،؛:") in VERBS:
                    bad.append(f"{before} / {after}")
    assert wrapped > 100 and not bad, bad


def test_the_issue_examples_stay_together():
    # Texts as the catalogs had them, in every box width from 12 to 40 mm: a plain breaker at
    # spaces splits each of them at some width.
    for text, first, second in (("در یکی از دو سر ردیفی از ۳ اقامتگاه بسازید", "۳", "اقامتگاه"),
                                ("در هر قطعه بیشترین اقامتگاه را داشته باشید.", "داشته", "باشید."),
                                ("دور آخر را اعلام کنید.", "اعلام", "کنید.")):
        for box in range(12, 41):
            lines = fonts._wrap(text, shaping.style(text, False), 8, box) or []
            assert not any(a.endswith(first) and b.startswith(second) for a, b in zip(lines, lines[1:])), lines
