"""User text made safe where it lands: a terminal line, an XML (SVG) document, a PDF page.

Transcriptions refuse control characters at input (`yamldoc`); these are the last line of
defence for text that comes from elsewhere, such as file names given on the command line.
"""

from __future__ import annotations

import re

# C0 and C1 controls (newline and tab included: a message is one line), DEL, lone surrogates,
# and the line and paragraph separators some terminals break lines at.
_TERMINAL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029]")
# What XML 1.0 forbids in a document, even escaped.
_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _code(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    point = ord(char)
    return f"\\x{point:02x}" if point < 0x100 else f"\\u{point:04x}"


def terminal(text: str) -> str:
    """`text` with every control character shown as an escape (`\\x1b`), so that it prints as
    one line and cannot retitle or reprogram the terminal. Applying it twice changes nothing."""
    return _TERMINAL.sub(_code, text)


def drawable(text: str) -> str:
    """`text` with the characters XML cannot hold replaced by U+FFFD, for SVG and PDF text."""
    return _XML.sub("\ufffd", text)
