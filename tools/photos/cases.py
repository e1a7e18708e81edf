"""The scan benchmark's photos (tests/benchmarks/scan.py): what each seed shows, for every maker."""

from __future__ import annotations

import random
from functools import partial
from pathlib import Path
from typing import Any

from pnp.games.kingdom_builder.model import Board
from pnp.games.kingdom_builder.transcription import load_board
from tools.photos.flat import PIECE_COLOURS, make_photo, played_game

ROOT = Path(__file__).resolve().parents[2]
LOCATIONS = ["tavern", "paddock", "oasis", "farm", "oracle", "harbor", "tower", "barn"]


def case(seed: int) -> tuple[str, Board, list[str], dict[tuple[int, int], int]]:
    """Photo `seed`'s level ("good" or "hard"), board, players' colours and settlements."""
    level = "good" if seed % 2 == 0 else "hard"
    rng = random.Random(1000 + seed)
    names = rng.sample(LOCATIONS, 4)
    entries = [name + ("@180" if rng.random() < 0.5 else "") for name in names]
    board = load_board(entries, [None] * 4, "benchmark", ROOT / "boards")
    colours = rng.sample(sorted(PIECE_COLOURS), rng.randint(2, 4))
    return level, board, colours, played_game(board, len(colours), rng)


def taker(maker: str) -> Any:
    """The `make_photo` of `maker`: the path-traced one ("physical"), or the flat one with the
    art it names ("flat", "print", "marked", "retail" or "varied": retail art framed, and more varied)."""
    if maker == "physical":
        from tools.photos.physical import make_photo as physical

        return physical
    return partial(make_photo, printed=maker == "print", marked=maker == "marked", retail=maker == "retail",
                   varied=maker == "varied")
