"""Coin flip: players call heads or tails, the coin lands, those who called it win.

```yaml
game: coin-flip
calls: {Anna: heads, Boris: tails}
landed: heads
```
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import Problem
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.games.base import Engine, Game, Json, Operation, Source, Texts
from pnp.yamldoc import LineDict, Reader, Transcription, shown

if TYPE_CHECKING:
    from pnp.render.i18n import Catalog

SIDES = ("heads", "tails")


@dataclass(frozen=True)
class Position:
    calls: tuple[tuple[str, str], ...]  # (player, side called)
    landed: str


@dataclass(frozen=True)
class Result:
    winners: tuple[str, ...]


class _Reader(Reader):
    game_id, fields, required = "coin-flip", ("game", "calls", "landed"), ("game", "calls", "landed")

    def read(self, text: Transcription) -> Position:
        data = self.document(text)
        calls = data.get("calls")
        if not isinstance(calls, LineDict) or not calls:
            self.problem(data.line_of("calls") if "calls" in data else None, "calls needs a mapping like {Anna: heads}")
            calls = LineDict()
        for player, side in calls.items():
            if side not in SIDES:
                self.problem(calls.line_of(player), f"{player} calls {shown(side)}, expected heads or tails")
        landed = data.get("landed")
        if "landed" in data and landed not in SIDES:
            self.problem(data.line_of("landed"), f"landed is {shown(landed)}, expected heads or tails")
        return Position(tuple((str(player), str(side)) for player, side in calls.items()), str(landed))


def read(text: Transcription, source: Source) -> tuple[Position | None, list[Problem]]:
    from pnp.games.base import read_leniently

    reader = _Reader(source.file, source.games)
    return read_leniently(reader.problems, lambda: reader.read(text))


def evaluate(position: Position) -> Result:
    return Result(tuple(player for player, side in position.calls if side == position.landed))


def as_text(result: Result, explain: bool = False, lang: str = "en") -> str:
    return f"Winners: {', '.join(result.winners) or 'nobody'}\n"


def as_json(result: Result) -> Json:
    return {"winners": list(result.winners)}


def summary(position: Position) -> str:
    return f"{len(position.calls)} calls, landed {position.landed}"


def dumps(position: Position) -> str:
    from pnp.yamlout import dumps as yaml_text

    return yaml_text({"game": "coin-flip", "calls": dict(position.calls), "landed": position.landed})


class CoinFlip(Texts, Game[Position, Result]):
    id = "coin-flip"
    name = "Coin flip"
    summary = "who called the coin right"
    commands = {
        "check": Operation("Validate a coin flip.", ("pnp check coin-flip flip.yaml",)),
        "score": Operation("Who called the coin right.", ("pnp score coin-flip flip.yaml",)),
    }

    def engine(self) -> Engine[Position, Result]:
        return Engine(read, summary, evaluate, as_text, as_json, dumps)

    def catalog(self, lang: str) -> Catalog:  # its title, summary and help in every language: text/
        from pnp.render.pieces import game_catalog

        return game_catalog(Path(__file__).resolve().parent / "text", lang)


GAME = CoinFlip()
