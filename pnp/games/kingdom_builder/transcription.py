"""Reading a transcribed Kingdom Builder game (YAML, format in DESIGN.md) into a `Position`.

Validation collects every problem with its line before giving up, so one run of
`pnp check` lists all the typing mistakes at once.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, PnpError, Problem, did_you_mean, say
from pnp.games.kingdom_builder.model import (
    COLS, LORDS_READINGS, NAMES, ROW_LETTERS, ROWS, Board, Position, Placement, Player, label,
)
from pnp.games.kingdom_builder import library
from pnp.games.kingdom_builder.scan_colours import PIECE_COLOURS, parse_colour
from pnp.games.kingdom_builder.facts import (
    BY_LETTER, LOCATION_LETTER, MAX_SETTLEMENTS, TERRAIN_LETTERS, UNBUILDABLE, Terrain,
)
from pnp.games.base import Source, read_leniently
from pnp.yamldoc import LineDict, LineList, Reader, Transcription, is_null, latin_digits, shown

GAME_ID = "kingdom-builder"
FIELDS = ("game", "boards", "boards_dir", "cards", "players", "settlements", "lords_zero")
PLAYER_FIELDS = ("key", "name", "colour")
EMPTY = "."
_COORDINATE = re.compile(r"([A-Ta-t])(\d{1,2})")


K = "problem.kingdom_builder."  # the catalog keys of the messages


def read(text: Transcription, source: Source) -> tuple[Position | None, list[Problem]]:
    """The game a text holds, as far as it can be read (None without a board), and every
    problem in it. Board entries resolve beside the file and in its boards folder."""
    reader = _Reader(source)
    return read_leniently(reader.problems, lambda: reader.read(text))


def load_board(entries: Sequence[str], lines: Sequence[int | None], file: str, base_dir: Path,
               boards_dir: Path | None = None) -> Board:
    """Assemble the board from 4 entries (`NAME`, `NAME@180`, an id, or a path), each named
    at `lines` of `file`; see `library` for how an entry is found."""
    problems: list[Problem] = []
    placements: list[Placement] = []
    seen: set[tuple[tuple[Terrain, ...], ...]] = set()  # terrain already placed: an alias and its id are one section
    for entry, line in zip(entries, lines):
        parsed = parse_board_entry(entry)
        if parsed is None:
            problems.append(Problem(file, line, say(K + "turn", entry=shown(entry))))
            continue
        name, turned = parsed
        try:
            section = library.lookup(name, base_dir, boards_dir)
        except library.NotFound as error:
            problems.append(Problem(file, line, error.args[0]))
            continue
        except InputError as error:
            problems.extend(error.problems)
            continue
        except PnpError as error:  # a generated id the generator cannot make
            problems.append(Problem(file, line, error.args[0]))
            continue
        if section.terrain in seen:
            problems.append(Problem(file, line, say(K + "section_twice", name=f"'{name}'")))
        seen.add(section.terrain)
        placements.append(Placement(section, turned))
    if problems:
        raise InputError(problems)
    return Board((placements[0], placements[1], placements[2], placements[3]))


def parse_form(text: str, source: Source) -> tuple[Board, tuple[Player, ...]]:
    """The board and players of a transcription whose cards and settlements may still be blank
    (a form to fill in, as a photo scan does)."""
    reader = _Reader(source)
    reader.required = ("game", "boards", "players")
    data = reader.document(text)
    reader.sections_folder(data)
    board = reader.board(data) if "boards" in data else None
    players = reader.players(data) if "players" in data else ()
    reader.finish()
    assert board is not None
    return board, players


def parse_board_entry(entry: str) -> tuple[str, bool] | None:
    """Split `NAME@180` into (NAME, turned); None if the turn is not 0 or 180."""
    name, at, turn = entry.partition("@")
    if not at:
        return name, False
    turn = latin_digits(turn)  # «@۱۸۰», as a Persian keyboard types it
    return (name, turn == "180") if turn in ("0", "180") else None


class _Reader(Reader):
    game_id, fields = GAME_ID, FIELDS
    required: tuple[str, ...] = ("game", "boards", "cards", "players", "settlements")

    def __init__(self, source: Source):
        super().__init__(source.file, source.games)
        # Confined to its folder: sections only from there, no entry naming one elsewhere.
        self.base_dir, self.boards_dir = source.folder, None if source.confined else source.library
        self.confined = source.confined

    def document(self, text: Transcription) -> LineDict:
        """The top-level mapping; confined, refused if a board entry leads out of the folder."""
        data = super().document(text)
        outside = outside_folder(data, self.file, self.base_dir) if self.confined else []
        if outside:
            raise InputError(outside)
        return data

    def read(self, text: Transcription) -> Position | None:
        data = self.document(text)
        boards_dir = self.sections_folder(data)
        board = self.board(data) if "boards" in data else None
        cards = self.cards(data) if "cards" in data else ()
        players = self.players(data) if "players" in data else ()
        lords_zero = data.get("lords_zero", "included")
        if lords_zero not in LORDS_READINGS:
            self.problem(data.line_of("lords_zero"), say(K + "lords_zero", value=shown(lords_zero)))
        settlements = self.settlements(data, board, players) if "settlements" in data and players else ()
        if board is None:
            return None
        entries = tuple(str(entry).strip() for entry in data["boards"])
        return Position(board, cards, players, settlements, str(lords_zero), self.file, entries, boards_dir)

    def sections_folder(self, data: LineDict) -> str | None:
        """`boards_dir:`, the folder of section files the transcription names (as `pnp template
        --boards-dir` writes it): a folder inside its own, found by the rules of section files. It
        is where sections are looked for unless --boards-dir names another."""
        from pnp.inputs import Refused, confined

        if "boards_dir" not in data:
            return None
        line = data.line_of("boards_dir")
        name = self.name(data["boards_dir"], line, "boards_dir")
        if name is None:
            return None
        try:
            folder = confined(name, self.base_dir, [self.base_dir])
        except Refused as refusal:
            self.problem(line, say(K + "boards_dir_refused", name=shown(name), why=refusal.args[0]))
            return None
        except FileNotFoundError as missing:
            self.problem(line, say(K + "boards_dir_missing", name=shown(name), where=str(missing)))
            return None
        if not folder.is_dir():
            self.problem(line, say(K + "boards_dir_file", name=shown(name)))
            return None
        if self.boards_dir is None:
            self.boards_dir = folder
        return name

    def board(self, data: LineDict) -> Board | None:
        entries = data["boards"]
        if not isinstance(entries, LineList) or len(entries) != 4:
            self.problem(data.line_of("boards"), say(K + "boards"))
            return None
        names = [entry.strip() if isinstance(entry, str) else None for entry in entries]
        for name, line in zip(names, entries.item_lines):
            if name is None:
                self.problem(line, say(K + "board_entry"))
        named = [name for name in names if name is not None]
        if len(named) < len(names):
            return None
        try:
            return load_board(named, entries.item_lines, self.file, self.base_dir, self.boards_dir)
        except InputError as error:
            self.problems.extend(error.problems)
            return None

    def cards(self, data: LineDict) -> tuple[str, ...]:
        cards = data["cards"]
        if not isinstance(cards, LineList):
            self.problem(data.line_of("cards"), say(K + "cards"))
            return ()
        if len(cards) != 3:
            self.problem(data.line_of("cards"),
                         say(K + "card_count", count=len(cards)))
        result: list[str] = []
        for card, line in zip(cards, cards.item_lines):
            name = NAMES.id("card", card)
            if name is None:
                self.problem(line, say(K + "unknown_card", card=shown(card), hint=NAMES.hint("card", card),
                                       cards=NAMES.choices("card")))
            elif name in result:
                self.problem(line, say(K + "card_twice", card=f"'{name}'"))
            else:
                result.append(name)
        return tuple(result)

    def players(self, data: LineDict) -> tuple[Player, ...]:
        entries = data["players"]
        line = data.line_of("players")
        if not isinstance(entries, LineList):
            self.problem(line, say(K + "players"))
            return ()
        if not 2 <= len(entries) <= 4:
            self.problem(line, say(K + "player_count", count=len(entries)))
        players: list[Player] = []
        for entry, item_line in zip(entries, entries.item_lines):
            if not isinstance(entry, LineDict) or "key" not in entry:
                self.problem(item_line, say(K + "player_key"))
                continue
            for field in entry:
                if field not in PLAYER_FIELDS:
                    self.problem(entry.line_of(field), say(K + "player_field", field=shown(field), hint=did_you_mean(field, PLAYER_FIELDS)))
            key = self.name(entry["key"], item_line, say("problem.yaml.a_player_key"))
            if key is None:
                continue
            # A name that is no name is reported; the key still marks the player's settlements.
            name = (self.name(entry["name"], item_line, say("problem.yaml.a_player")) if "name" in entry else None) or f"Player {key}"
            if any(ch.isspace() for ch in key) or key == EMPTY or "#" in key:
                self.problem(item_line, say(K + "key_word", key=shown(key), empty=f"'{EMPTY}'"))
            elif key.upper() in TERRAIN_LETTERS:
                self.problem(item_line, say(K + "key_letter", key=shown(key), letter=key.upper()))
            if any(latin_digits(p.key) == latin_digits(key) for p in players):  # "1" and «۱» are one key
                self.problem(item_line, say(K + "key_twice", key=shown(key)))
            if any(p.name == name for p in players):
                self.problem(item_line, say(K + "name_twice", name=shown(name)))
            players.append(Player(key, name, self.colour(entry, players)))
        return tuple(players)

    def colour(self, entry: LineDict, players: list[Player]) -> str | None:
        """A player's piece colour, for reading photos; None when not given (or null)."""
        value = entry.get("colour")
        if is_null(value):
            return None
        colour = parse_colour(NAMES.id("colour", value) or value) if isinstance(value, str) else None
        line = entry.line_of("colour")
        if colour is None:
            self.problem(line, say(K + "colour", colour=shown(value), colours=NAMES.choices("colour", PIECE_COLOURS)))
        elif any(p.colour == colour for p in players):
            self.problem(line, say(K + "colour_twice", colour=shown(colour)))
        return colour

    def settlements(self, data: LineDict, board: Board | None, players: tuple[Player, ...]) -> tuple[tuple[hexgrid.Cell, str], ...]:
        value, line = data["settlements"], data.line_of("settlements")
        # Each key by its Latin digits: a key the form wrote as "1" may be typed «۱» on the board.
        keys = {latin_digits(p.key): p.key for p in players}
        placed: dict[tuple[int, int], tuple[str, int]] = {}  # cell -> (player key, line)

        def place(cell: tuple[int, int], key: str, at_line: int) -> None:
            if cell in placed:
                other = placed[cell][0]
                twice = say(K + "twice", hex=label(cell), key=key) if other == key else \
                    say(K + "two_players", hex=label(cell), first=other, second=key)
                self.problem(at_line, twice, cell)
                return
            placed[cell] = (key, at_line)

        if isinstance(value, str):
            self._grid(value, data.value_lines["settlements"], board, keys, place)
        elif isinstance(value, LineDict):
            self._coordinates(value, keys, place)
        else:
            self.problem(line, say(K + "settlements"))

        for player in players:
            count = sum(1 for key, _ in placed.values() if key == player.key)
            if count > MAX_SETTLEMENTS:
                self.problem(line, say(K + "too_many", key=player.key, name=player.name, count=count, most=MAX_SETTLEMENTS))
        if board is not None:
            for cell, (key, at_line) in sorted(placed.items()):
                terrain = board.at(cell)
                if terrain in UNBUILDABLE:
                    self.problem(at_line, say(K + "unbuildable", key=key, hex=label(cell),
                                              terrain=terrain.value), cell)
        return tuple((cell, key) for cell, (key, _) in sorted(placed.items()))

    def _grid(self, text: str, first_line: int, board: Board | None, keys: dict[str, str], place: Any) -> None:
        rows = []
        for offset, raw in enumerate(text.split("\n")):
            tokens = raw.split("#", 1)[0].split()  # '#' starts a comment, as in the template's labels
            if tokens:
                rows.append((first_line + offset, tokens))
        if len(rows) != ROWS:
            self.problem(first_line, say(K + "rows", count=len(rows), needs=ROWS))
        for row, (line, tokens) in enumerate(rows[:ROWS]):
            if len(tokens) != COLS:
                self.problem(line, say(K + "hexes", row=ROW_LETTERS[row], count=len(tokens), needs=COLS))
            for col, token in enumerate(tokens[:COLS]):
                cell = (row, col)
                if latin_digits(token) in keys:
                    place(cell, keys[latin_digits(token)], line)
                elif token == EMPTY:
                    continue
                elif token in TERRAIN_LETTERS:
                    if board is not None and not _letter_fits(token, board.at(cell)):
                        self.problem(line, say(K + "shifted", hex=label(cell), token=f"'{token}'",
                                               terrain=board.at(cell).value,
                                               letter=board.at(cell).letter), cell)
                elif token.upper() in TERRAIN_LETTERS:  # no player key is a terrain letter in any case
                    self.problem(line, say(K + "small_letter", hex=label(cell), token=shown(token), capital=f"'{token.upper()}'",
                                           keys=sorted(keys.values()), empty=f"'{EMPTY}'",
                                           letters=" ".join([*BY_LETTER, LOCATION_LETTER])), cell)
                else:
                    self.problem(line, say(K + "token", hex=label(cell), token=shown(token), keys=sorted(keys.values()),
                                           empty=f"'{EMPTY}'"), cell)

    def _coordinates(self, mapping: LineDict, keys: dict[str, str], place: Any) -> None:
        for typed, coordinates in mapping.items():
            key_line = mapping.line_of(typed)
            key = keys.get(latin_digits(str(typed)))
            if key is None:
                self.problem(key_line, say(K + "unknown_key", key=shown(typed), hint=did_you_mean(typed, keys.values())))
                continue
            if is_null(coordinates):
                continue
            if not isinstance(coordinates, LineList):
                self.problem(key_line, say(K + "coordinates", key=key))
                continue
            for text, line in zip(coordinates, coordinates.item_lines):
                cell = parse_coordinate(text) if isinstance(text, str) else None
                if cell is None:
                    self.problem(line, say(K + "coordinate", text=shown(text)))
                else:
                    place(cell, key, line)


def parse_coordinate(text: str) -> tuple[int, int] | None:
    match = _COORDINATE.fullmatch(text.strip())
    if not match or not 1 <= int(match[2]) <= COLS:
        return None
    return ROW_LETTERS.index(match[1].upper()), int(match[2]) - 1


def _letter_fits(letter: str, terrain: Terrain) -> bool:
    return terrain.letter == letter or (letter == LOCATION_LETTER and terrain.is_location)



def dumps(game: Position, check: tuple[str, ...] = ()) -> str:
    """The game as a transcription that `read` reads back to the same game, the settlement grid
    laid out as `pnp template` writes it. The boards are named as the transcription it was read
    from named them (a section file's path, say; else by the sections' names); `check` lists hexes
    still to compare with the photo, written as `# check:` comments (see `unsure_hexes`)."""
    from pnp.yamlout import dumps as yaml_text

    owner = dict(game.settlements)
    if any("#" in p.key for p in game.players):  # '#' would start a comment in the grid
        settlements: Any = {p.key: [label(cell) for cell in game.settlements_of(p.key)] for p in game.players}
    else:
        numbers = [f"{col + 1:2d}" for col in range(COLS)]
        lines = ["# " + " ".join(n[0] for n in numbers), "# " + " ".join(n[1] for n in numbers)]
        for row in range(ROWS):
            tokens = (owner.get((row, col), game.board.at((row, col)).letter) for col in range(COLS))
            lines.append((" " if row % 2 else "") + " ".join(tokens) + f"  # {ROW_LETTERS[row]}")
        settlements = "\n".join(lines) + "\n"
    folder = {} if game.boards_dir is None else {"boards_dir": game.boards_dir}
    text = yaml_text({"game": GAME_ID, "boards": list(game.entries) or [str(p) for p in game.board.placements],
                      **folder, "cards": list(game.cards), "players": [_player(p) for p in game.players],
                      "lords_zero": game.lords_zero, "settlements": settlements})
    return "".join(f"# check: {hexes} (unsure)\n" for hexes in check) + text


def _player(player: Player) -> dict[str, str]:
    entry = {"key": player.key, "name": player.name}
    if player.colour is not None:
        entry["colour"] = player.colour
    return entry


_CHECK = re.compile(r"#[^\n]*?\bcheck:([^\n]*)")


def unsure_hexes(text: str) -> list[str]:
    """Hexes a transcription asks to compare with the photo (`# check: E7 (unsure: ...)`
    comments, as a photo scan writes them), in board coordinates, in the order given."""
    found: list[str] = []
    for comment in _CHECK.finditer(text):
        # What a hex may be, in brackets after it, is no hex: "A12 (unsure: white or empty), B3 (...)".
        for word in re.split(r"[\s,]+", re.sub(r"\([^)]*\)?", " ", comment[1])):
            cell = parse_coordinate(word)
            if cell is not None and label(cell) not in found:
                found.append(label(cell))
    return found


def outside_folder(data: LineDict, file: str, base_dir: Path) -> list[Problem]:
    """Board entries that would read a section file outside `base_dir` (by a path, or a link
    out of it): a transcription confined to its folder may not name them."""
    entries = data.get("boards")
    if not isinstance(entries, LineList):
        return []
    folder = base_dir.resolve()
    problems = []
    for entry, line in zip(map(str, entries), entries.item_lines):
        name = entry.partition("@")[0]
        is_path = "/" in name or "\\" in name or name.endswith(".txt")
        try:
            path = (base_dir / (name if is_path else f"{name}.txt")).resolve()
        except (OSError, ValueError, RuntimeError):
            path = None
        if path is None or (path != folder and folder not in path.parents and (is_path or path.exists())):
            # The folder is not named: the desk's page, which reads confined, shows no path of its server.
            problems.append(Problem(file, line, say("problem.kingdom_builder.board_outside", entry=f"'{entry}'")))
    return problems
