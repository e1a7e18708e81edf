"""Tables in a terminal: cells measured as a terminal lays them out, in columns that stay under
their headings whether or not the terminal reorders right-to-left text.

A terminal gives a character one column, two for East Asian wide ones, and none to a combining
mark or a format character (ZWNJ, the joiners, direction marks), so `len` miscounts Persian
labels such as «ماهی‌گیران». A terminal that applies the Unicode bidi algorithm to a line would
read a Persian label and the numbers after it as one right-to-left run and reverse their order;
wrapped in first-strong isolates (FSI ... PDI), each cell keeps its own direction inside and
counts as a neutral outside, so the cells keep their left-to-right order. A terminal without
bidi draws the isolates as nothing.
"""

from __future__ import annotations

import re
import unicodedata

FSI, PDI = "\u2068", "\u2069"
# A run of Latin text in a line: words of printable ASCII holding a letter, single spaces
# between them (not after a word's ':' or ','); punctuation that ends the sentence stays outside.
_WORD = r"[!-~]*[A-Za-z][!-~]*"
_OPENS, _CLOSES = {"(": ")", "[": "]", "{": "}"}, {")": "(", "]": "[", "}": "{"}
_LATIN = re.compile(rf"{_WORD}(?:(?<=[A-Za-z0-9'\")\]]) {_WORD})*")
_NO_COLUMN = frozenset({"Mn", "Me", "Cf"})  # combining marks and format characters
_RIGHT_TO_LEFT = frozenset({"R", "AL", "AN"})


def width(text: str) -> int:
    """The columns `text` takes in a terminal."""
    return sum(0 if unicodedata.category(c) in _NO_COLUMN else 2 if unicodedata.east_asian_width(c) in "WF" else 1
               for c in text)


def table(rows: list[list[str]], rule_before: int | None = None) -> list[str]:
    """`rows` as lines of text: the first column aligned on the left, the others on the right,
    two spaces apart; a rule of dashes before row `rule_before`. Where any cell holds
    right-to-left text, every cell is isolated (FSI ... PDI)."""
    widths = [max(width(row[i]) for row in rows) for i in range(len(rows[0]))]
    isolate = any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for row in rows for cell in row for c in cell)

    def cell(text: str, w: int, left: bool) -> str:
        pad = " " * (w - width(text))
        text = f"{FSI}{text}{PDI}" if isolate and text else text
        return text + pad if left else pad + text

    lines = ["  ".join([cell(row[0], widths[0], True)] + [cell(c, w, False) for c, w in zip(row[1:], widths[1:])]).rstrip()
             for row in rows]
    if rule_before is not None:
        lines.insert(rule_before, "-" * (sum(widths) + 2 * (len(widths) - 1)))
    return lines


def isolated(line: str) -> str:
    """A right-to-left line with each Latin run (an option name, a file name, a player's name)
    in an isolate (FSI ... PDI): a terminal that applies the bidi algorithm then keeps
    `'--players'` as typed and reads the line right to left even when a Latin name starts it.
    A line without right-to-left letters (a command to paste) is left exactly as it is."""
    if FSI in line or not any(unicodedata.bidirectional(c) in _RIGHT_TO_LEFT for c in line):
        return line

    def wrap(match: re.Match[str]) -> str:
        core, start, end = match.group(), "", ""
        while core and (core[-1] in ".,:;!?([{" or core[-1] in _CLOSES and _CLOSES[core[-1]] not in core):
            core, end = core[:-1], core[-1] + end  # ends the sentence, or closes a bracket opened outside
        while core and core[0] in _OPENS and _OPENS[core[0]] not in core:
            core, start = core[1:], start + core[0]  # opens a bracket closed outside
        return f"{start}{FSI}{core}{PDI}{end}" if core else match.group()

    return _LATIN.sub(wrap, line)
