"""Players' piece colours, as a transcription names them (`colour: white` or `#rrggbb`)."""

from __future__ import annotations

import re

# Wooden pieces of the published game and its expansions, and the kit's own colours: typical
# shades under daylight. The scanner only uses them to tell which group of pieces is whose.
PIECE_COLOURS = {
    "orange": "#E0701E", "blue": "#1C4FA8", "white": "#EAE8E2", "black": "#2A2826",
    "red": "#C01E24", "green": "#2A8C3C", "yellow": "#F0C81E", "purple": "#7A3A92",
}
KIT_ORDER = ("orange", "blue", "purple", "black")  # the kit's settlement colours, in its order
_HEX = re.compile(r"#[0-9a-fA-F]{6}")


def parse_colour(text: str) -> str | None:
    """A colour name or '#rrggbb', normalised ('white', '#c01e24'); None if it is neither."""
    word = text.strip().lower()
    if word in PIECE_COLOURS or _HEX.fullmatch(word):
        return word
    return None


def rgb(colour: str) -> tuple[int, int, int]:
    code = PIECE_COLOURS.get(colour, colour)
    return int(code[1:3], 16), int(code[3:5], 16), int(code[5:7], 16)


def player_colours(declared: list[str | None]) -> list[str]:
    """Each player's colour: as declared, else the kit's colours in order, skipping those taken."""
    free = [name for name in KIT_ORDER if name not in declared]
    return [colour if colour is not None else free.pop(0) for colour in declared]
