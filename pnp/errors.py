"""The library's exceptions. Only `pnp.cli` turns them into messages and exit codes."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Problem:
    """One thing wrong with an input file, located as precisely as we can."""

    file: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        return f"{where}: {self.message}"


class PnpError(Exception):
    """Base class of every error the library raises on purpose."""

    def messages(self) -> list[str]:
        return [str(self)]


class InputError(PnpError):
    """One or more problems found in user input; all of them, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.file, p.line or 0, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))

    def messages(self) -> list[str]:
        return [str(p) for p in self.problems]
