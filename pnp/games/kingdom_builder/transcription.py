"""Reading a transcribed Kingdom Builder game (YAML, format in DESIGN.md) into a `Game`.

Validation collects every problem with its line before giving up, so one run of
`pnp check` lists all the typing mistakes at once.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Problem, did_you_mean
from pnp.games.kingdom_builder.model import (
    CARDS, COLS, LORDS_READINGS, ROW_LETTERS, ROWS, Board, Game, Placement, Player, label,
)
from pnp.games.kingdom_builder import library
from pnp.games.kingdom_builder.scan_colours import PIECE_COLOURS, parse_colour
from pnp.games.kingdom_builder.facts import LOCATION_LETTER, TERRAIN_LETTERS, UNBUILDABLE, Terrain
from pnp.yamldoc import LineDict, LineList, Reader, read_text

GAME_ID = "kingdom-builder"
FIELDS = ("game", "boards", "cards", "players", "settlements", "lords_zero")
PLAYER_FIELDS = ("key", "name", "colour")
MAX_SETTLEMENTS = 40
EMPTY = "."
_COORDINATE = re.compile(r"([A-Ta-t])(\d{1,2})")


def load(path: Path, boards_dir: Path | None = None) -> Game:
    """Read and validate a transcription file; board entries resolve relative to its folder."""
    file = str(path)
    return parse(read_text(path, file), file, path.resolve().parent, boards_dir)


def parse(text: str, file: str, base_dir: Path, boards_dir: Path | None = None) -> Game:
    return _Reader(file, base_dir, boards_dir).read(text)


def load_board(entries: list[str], lines: list[int | None], file: str, base_dir: Path,
               boards_dir: Path | None = None) -> Board:
    """Assemble the board from 4 entries (`NAME`, `NAME@180`, an id, or a path), each named
    at `lines` of `file`; see `library` for how an entry is found."""
    problems: list[Problem] = []
    placements: list[Placement] = []
    seen: set[tuple] = set()  # terrain already placed: an alias and its id are one section
    for entry, line in zip(entries, lines):
        parsed = parse_board_entry(entry)
        if parsed is None:
            problems.append(Problem(file, line, f"board '{entry}': a section is turned '@180' or not at all"))
            continue
        name, turned = parsed
        try:
            section = library.lookup(name, base_dir, boards_dir)
        except library.NotFound as error:
            problems.append(Problem(file, line, str(error)))
            continue
        except InputError as error:
            problems.extend(error.problems)
            continue
        if section.terrain in seen:
            problems.append(Problem(file, line, f"board section '{name}' is used twice"))
        seen.add(section.terrain)
        placements.append(Placement(section, turned))
    if problems:
        raise InputError(problems)
    return Board((placements[0], placements[1], placements[2], placements[3]))


def load_form(path: Path, boards_dir: Path | None = None) -> tuple[Board, tuple[Player, ...], str]:
    """The board and players of a transcription whose cards and settlements may still be
    blank (a form to fill in), and its text."""
    file = str(path)
    text = read_text(path, file)
    reader = _Reader(file, path.resolve().parent, boards_dir)
    reader.required = ("game", "boards", "players")
    data = reader.document(text)
    board = reader.board(data) if "boards" in data else None
    players = reader.players(data) if "players" in data else ()
    reader.finish()
    assert board is not None
    return board, players, text


def parse_board_entry(entry: str) -> tuple[str, bool] | None:
    """Split `NAME@180` into (NAME, turned); None if the turn is not 0 or 180."""
    name, at, turn = entry.partition("@")
    if not at:
        return name, False
    return (name, turn == "180") if turn in ("0", "180") else None


class _Reader(Reader):
    game_id, fields, required = GAME_ID, FIELDS, ("game", "boards", "cards", "players", "settlements")

    def __init__(self, file: str, base_dir: Path, boards_dir: Path | None):
        super().__init__(file)
        self.base_dir, self.boards_dir = base_dir, boards_dir

    def read(self, text: str) -> Game:
        data = self.document(text)
        board = self.board(data) if "boards" in data else None
        cards = self.cards(data) if "cards" in data else ()
        players = self.players(data) if "players" in data else ()
        lords_zero = str(data.get("lords_zero", "included"))
        if lords_zero not in LORDS_READINGS:
            self.problem(data.line_of("lords_zero"), f"lords_zero is '{lords_zero}', expected 'included' or 'excluded'")
        settlements = self.settlements(data, board, players) if "settlements" in data and players else ()
        self.finish()
        assert board is not None
        return Game(board, cards, players, settlements, lords_zero, self.file)

    def board(self, data: LineDict) -> Board | None:
        entries = data["boards"]
        if not isinstance(entries, LineList) or len(entries) != 4:
            self.problem(data.line_of("boards"), "boards needs a list of 4 sections: top-left, top-right, bottom-left, bottom-right")
            return None
        try:
            return load_board([str(e) for e in entries], entries.item_lines, self.file, self.base_dir, self.boards_dir)
        except InputError as error:
            self.problems.extend(error.problems)
            return None

    def cards(self, data: LineDict) -> tuple[str, ...]:
        cards = data["cards"]
        if not isinstance(cards, LineList):
            self.problem(data.line_of("cards"), "cards needs a list of the 3 Kingdom Builder cards")
            return ()
        if len(cards) != 3:
            self.problem(data.line_of("cards"), f"{len(cards)} cards given, a game uses exactly 3")
        result: list[str] = []
        for card, line in zip(cards, cards.item_lines):
            name = str(card).strip().lower()
            if name not in CARDS:
                self.problem(line, f"unknown card '{card}'{did_you_mean(name, CARDS)}; cards: {', '.join(CARDS)}")
            elif name in result:
                self.problem(line, f"card '{name}' is given twice")
            else:
                result.append(name)
        return tuple(result)

    def players(self, data: LineDict) -> tuple[Player, ...]:
        entries = data["players"]
        line = data.line_of("players")
        if not isinstance(entries, LineList):
            self.problem(line, "players needs a list like [{key: \"1\", name: Anna}, ...]")
            return ()
        if not 2 <= len(entries) <= 4:
            self.problem(line, f"{len(entries)} players given, Kingdom Builder takes 2-4")
        players: list[Player] = []
        for entry, item_line in zip(entries, entries.item_lines):
            if not isinstance(entry, LineDict) or "key" not in entry:
                self.problem(item_line, "a player needs a key, like {key: \"1\", name: Anna}")
                continue
            for field in entry:
                if field not in PLAYER_FIELDS:
                    self.problem(entry.line_of(field), f"unknown player field '{field}'{did_you_mean(str(field), PLAYER_FIELDS)}")
            key = str(entry["key"]).strip()
            name = str(entry.get("name", f"Player {key}")).strip()
            if not key or any(ch.isspace() for ch in key) or key == EMPTY:
                self.problem(item_line, f"player key '{key}' must be one word other than '{EMPTY}'")
            elif key.upper() in TERRAIN_LETTERS:
                self.problem(item_line, f"player key '{key}' clashes with the terrain letter {key.upper()}; choose another")
            if any(p.key == key for p in players):
                self.problem(item_line, f"player key '{key}' is given twice")
            if any(p.name == name for p in players):
                self.problem(item_line, f"player name '{name}' is given twice")
            players.append(Player(key, name, self.colour(entry, players)))
        return tuple(players)

    def colour(self, entry: LineDict, players: list[Player]) -> str | None:
        if "colour" not in entry:
            return None
        colour = parse_colour(str(entry["colour"]))
        line = entry.line_of("colour")
        if colour is None:
            self.problem(line, f"colour '{entry['colour']}' is not a piece colour ({', '.join(PIECE_COLOURS)}) nor #rrggbb")
        elif any(p.colour == colour for p in players):
            self.problem(line, f"colour '{colour}' is given to two players")
        return colour

    def settlements(self, data: LineDict, board: Board | None, players: tuple[Player, ...]) -> tuple:
        value, line = data["settlements"], data.line_of("settlements")
        keys = {p.key for p in players}
        placed: dict[tuple[int, int], tuple[str, int]] = {}  # cell -> (player key, line)

        def place(cell: tuple[int, int], key: str, at_line: int) -> None:
            if cell in placed:
                other = placed[cell][0]
                whose = f"player {key}" if other == key else f"players {other} and {key}"
                self.problem(at_line, f"two settlements on {label(cell)} ({whose})")
                return
            placed[cell] = (key, at_line)

        if isinstance(value, str):
            self._grid(value, data.value_lines["settlements"], board, keys, place)
        elif isinstance(value, LineDict):
            self._coordinates(value, keys, place)
        else:
            self.problem(line, "settlements needs a 20x20 grid (a '|' block) or a mapping of player key -> coordinates")

        for player in players:
            count = sum(1 for key, _ in placed.values() if key == player.key)
            if count > MAX_SETTLEMENTS:
                self.problem(line, f"player {player.key} ({player.name}) has {count} settlements; a player has only {MAX_SETTLEMENTS}")
        if board is not None:
            for cell, (key, at_line) in sorted(placed.items()):
                terrain = board.at(cell)
                if terrain in UNBUILDABLE:
                    self.problem(at_line, f"settlement of player {key} on {label(cell)}, a {terrain.value} hex, where nobody can build")
        return tuple((cell, key) for cell, (key, _) in sorted(placed.items()))

    def _grid(self, text: str, first_line: int, board: Board | None, keys: set[str], place: Any) -> None:
        rows = []
        for offset, raw in enumerate(text.split("\n")):
            tokens = raw.split("#", 1)[0].split()  # '#' starts a comment, as in the template's labels
            if tokens:
                rows.append((first_line + offset, tokens))
        if len(rows) != ROWS:
            self.problem(first_line, f"the settlement grid has {len(rows)} rows, needs {ROWS}")
        for row, (line, tokens) in enumerate(rows[:ROWS]):
            if len(tokens) != COLS:
                self.problem(line, f"row {ROW_LETTERS[row]} has {len(tokens)} hexes, needs {COLS}")
            for col, token in enumerate(tokens[:COLS]):
                cell = (row, col)
                if token in keys:
                    place(cell, token, line)
                elif token == EMPTY:
                    continue
                elif token in TERRAIN_LETTERS:
                    if board is not None and not _letter_fits(token, board.at(cell)):
                        self.problem(line, f"{label(cell)} reads '{token}' but the board has {board.at(cell).value} "
                                           f"({board.at(cell).letter}) there: a shifted row or a wrong section?")
                else:
                    self.problem(line, f"{label(cell)}: unknown token '{token}' (a player key "
                                       f"{', '.join(sorted(keys))}, '{EMPTY}', or a terrain letter)")

    def _coordinates(self, mapping: LineDict, keys: set[str], place: Any) -> None:
        for key, coordinates in mapping.items():
            key_line = mapping.line_of(key)
            if str(key) not in keys:
                self.problem(key_line, f"settlements for unknown player key '{key}'{did_you_mean(str(key), keys)}")
                continue
            if not isinstance(coordinates, LineList):
                self.problem(key_line, f"settlements of player {key} need a list of coordinates like [C7, C8]")
                continue
            for text, line in zip(coordinates, coordinates.item_lines):
                cell = parse_coordinate(str(text))
                if cell is None:
                    self.problem(line, f"bad coordinate '{text}': row letter A-T and column 1-20, like C7")
                else:
                    place(cell, str(key), line)


def parse_coordinate(text: str) -> tuple[int, int] | None:
    match = _COORDINATE.fullmatch(text.strip())
    if not match or not 1 <= int(match[2]) <= COLS:
        return None
    return ROW_LETTERS.index(match[1].upper()), int(match[2]) - 1


def _letter_fits(letter: str, terrain: Terrain) -> bool:
    return terrain.letter == letter or (letter == LOCATION_LETTER and terrain.is_location)

