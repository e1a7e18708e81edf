"""The library's exceptions. Only `pnp.cli` turns them into messages and exit codes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can: its line, and where
    on that line's part of a board it is (`at`: row and column), which orders a line's problems."""

    file: str
    line: int | None
    message: str
    at: tuple[int, ...] = ()

    def __str__(self) -> str:
        return self.said()

    def said(self) -> Message:
        """The problem as one line: where, then what."""
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return say("problem.at", where=where, message=self.message)


def ordered(problems: list[Problem]) -> list[Problem]:
    """Problems once each, by file, then line, then place on the board (D2 before D10), then message."""
    return sorted(set(problems), key=lambda p: (p.file, p.line or 0, p.at, p.message))


class Message(str):
    """A message as English text that also knows its catalog key and values, so the command
    line can say it in the player's language (`pnp.cli.localise.said`): the library words its
    messages by key and never chooses a language."""

    key: str
    values: dict[str, object]


class Named(str):
    """An id as a message lists it among the choices: English says the id alone; a catalog
    says the player's word in its language before it (`words`: by language)."""

    words: Mapping[str, str]


def say(key: str, /, **values: object) -> Message:
    """The message `key` of the message catalog (`pnp/render/text`, under `problem.`), with its
    values: lists are joined, messages among them said too."""
    from pnp.render.i18n import render_catalog

    english = render_catalog("en")
    shown = {name: english.join(value) if isinstance(value, (list, tuple)) else value for name, value in values.items()}
    message = Message(english(key, **shown))
    message.key, message.values = key, values
    return message


class PnpError(Exception):
    """Base class of every error the library raises on purpose."""

    def messages(self) -> list[str]:
        """The error's lines: `Message`s where the library worded them by key."""
        return [self.args[0] if len(self.args) == 1 and isinstance(self.args[0], str) else str(self)]


class LinesError(PnpError):
    """Problems said in a line each, all of them at once."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))

    def messages(self) -> list[str]:
        return list(self.problems)


class OptionError(LinesError):
    """Command options that do not go: wrong usage (an unknown value, a value out of range,
    options that do not go together), which the command line tells apart from bad input."""


class InputError(PnpError):
    """One or more problems found in user input; all of them, not just the first."""

    SHOWN = 50  # beyond this many lines a list of problems helps nobody

    def __init__(self, problems: list[Problem]):
        self.problems = ordered(problems)
        super().__init__("\n".join(self.messages()))

    def messages(self) -> list[str]:
        shown: list[str] = [p.said() for p in self.problems[:self.SHOWN]]
        if len(self.problems) > self.SHOWN:
            shown.append(say("problem.more", file=self.problems[0].file, count=len(self.problems) - self.SHOWN))
        return shown


def did_you_mean(word: str, choices: Iterable[object]) -> str:
    """' (did you mean 'x'?)' when a choice is close to the misspelt word, else ''."""
    import difflib

    close = difflib.get_close_matches(word, [str(c) for c in choices], n=1, cutoff=0.6)
    return say("problem.did_you_mean", word=f"'{close[0]}'") if close else ""
