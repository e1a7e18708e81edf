"""Reading a transcribed Carolus Magnus position (YAML), every problem with its line.

```yaml
game: carolus-magnus
players:                        # each with the colour of their castles (partners share one)
  - {name: Anna, side: white}
  - {name: Boris, side: black}
courts:                         # cubes in each player's court, by clan
  Anna: {red: 7, pink: 8, blue: 6, yellow: 5, green: 3}
  Boris: {red: 6, pink: 5, blue: 8, yellow: 6, green: 5}
clans: {red: Anna, pink: Anna, blue: Boris, yellow: Boris, green: Boris}   # marker holders
territories:                    # clockwise, starting anywhere
  - {name: A, segments: [1, 2], paladins: {green: 2, blue: 1}, castles: {black: 2}}
  - {name: B, segments: [3], paladins: {red: 1}}
emperor: A
supply: {white: 10, black: 8}   # castles not on the board
```
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from pnp.errors import did_you_mean
from pnp.games.carolus_magnus.facts import CLAN_NAMES, CUBES_PER_CLAN, SEGMENTS, SIDE_NAMES, castles_per_side
from pnp.games.carolus_magnus.model import Player, Position, Territory
from pnp.yamldoc import LineDict, LineList, Reader, read_text

GAME_ID = "carolus-magnus"
FIELDS = ("game", "players", "courts", "clans", "territories", "emperor", "supply")
TERRITORY_FIELDS = ("name", "segments", "paladins", "castles")


def load(path: Path) -> Position:
    file = str(path)
    return parse(read_text(path, file), file)


def parse(text: str, file: str) -> Position:
    return _Reader(file).read(text)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class _Reader(Reader):
    game_id, fields, required = GAME_ID, FIELDS, ("game", "players", "courts", "territories", "emperor", "supply")

    def read(self, text: str) -> Position:
        data = self.document(text)
        players = self.players(data)
        names = [p.name for p in players]
        courts = self.courts(data, names)
        clans = self.clans(data, names, courts)
        territories = self.territories(data)
        emperor = self.emperor(data, territories)
        supply = self.supply(data, players, territories)
        self.cube_totals(data, courts, territories)
        self.finish()
        return Position(tuple(players), courts, clans, tuple(territories), emperor, supply, self.file)

    def players(self, data: LineDict) -> list[Player]:
        entries = data.get("players")
        if "players" in data and (not isinstance(entries, LineList) or not 2 <= len(entries) <= 4):
            self.problem(data.line_of("players"), "players needs a list of 2-4 players like {name: Anna, side: white}")
        if not isinstance(entries, LineList):
            return []
        players: list[Player] = []
        for entry, line in zip(entries, entries.item_lines):
            if not isinstance(entry, LineDict) or "name" not in entry or "side" not in entry:
                self.problem(line, "a player needs a name and a side (castle colour), like {name: Anna, side: white}")
                continue
            name, side = str(entry["name"]).strip(), str(entry["side"]).strip().lower()
            if side not in SIDE_NAMES:
                self.problem(line, f"side '{side}' is not a castle colour{did_you_mean(side, SIDE_NAMES)}; "
                                   f"sides: {', '.join(SIDE_NAMES)}")
            if any(p.name == name for p in players):
                self.problem(line, f"player '{name}' is given twice")
            players.append(Player(name, side))
        sides = Counter(p.side for p in players)
        if len(players) == 4 and sorted(sides.values()) != [2, 2]:
            self.problem(data.line_of("players"), "with 4 players two partnerships share a side: 2 players on each of 2 sides")
        elif len(players) in (2, 3) and len(sides) != len(players):
            self.problem(data.line_of("players"), f"with {len(players)} players each plays their own side")
        return players

    def counts(self, mapping: Any, line: int, where: str) -> tuple[tuple[str, int], ...]:
        """Cubes by clan colour, in the clans' order."""
        if mapping is None:
            return ()
        if not isinstance(mapping, LineDict):
            self.problem(line, f"{where}: needs cubes by clan, like {{red: 2, blue: 1}}")
            return ()
        result = {}
        for clan, count in mapping.items():
            if clan not in CLAN_NAMES:
                self.problem(mapping.line_of(clan), f"{where}: unknown clan '{clan}'{did_you_mean(str(clan), CLAN_NAMES)}; "
                                                    f"clans: {', '.join(CLAN_NAMES)}")
            elif not _count(count):
                self.problem(mapping.line_of(clan), f"{where}: {clan} needs a number of cubes, not '{count}'")
            else:
                result[clan] = count
        return tuple((clan, result[clan]) for clan in CLAN_NAMES if result.get(clan))

    def courts(self, data: LineDict, names: list[str]) -> tuple[tuple[str, tuple[tuple[str, int], ...]], ...]:
        mapping = data.get("courts")
        if not isinstance(mapping, LineDict):
            if "courts" in data:
                self.problem(data.line_of("courts"), "courts needs each player's cubes by clan")
            return ()
        for name in mapping:
            if str(name) not in names:
                self.problem(mapping.line_of(name), f"courts: unknown player '{name}'{did_you_mean(str(name), names)}")
        for name in names:
            if name not in mapping:
                self.problem(data.line_of("courts"), f"courts: no court for {name}")
        return tuple((name, self.counts(mapping.get(name), mapping.line_of(name), f"court of {name}")) for name in names)

    def clans(self, data: LineDict, names: list[str], courts: tuple) -> tuple[tuple[str, str | None], ...]:
        mapping = data.get("clans", LineDict())
        if not isinstance(mapping, LineDict):
            self.problem(data.line_of("clans"), "clans needs the holder of each clan marker, like {red: Anna}")
            return ()
        holders: dict[str, str | None] = {}
        for clan, holder in mapping.items():
            line = mapping.line_of(clan)
            if clan not in CLAN_NAMES:
                self.problem(line, f"clans: unknown clan '{clan}'{did_you_mean(str(clan), CLAN_NAMES)}")
            elif holder is not None and str(holder) not in names:
                self.problem(line, f"clans: {clan} marker held by unknown player '{holder}'{did_you_mean(str(holder), names)}")
            else:
                holders[str(clan)] = None if holder is None else str(holder)
        # The markers must agree with the courts: nobody may have strictly more than the holder,
        # and a clan with a single leader must be held by that leader.
        court = {name: dict(cubes) for name, cubes in courts}
        for clan in CLAN_NAMES:
            if not court:
                break
            counts = {name: court.get(name, {}).get(clan, 0) for name in names}
            holder, top = holders.get(clan), max(counts.values())
            leaders = [n for n, c in counts.items() if c == top]
            line = mapping.line_of(clan) if clan in mapping else data.line_of("clans")
            if holder is not None and counts[holder] < top:
                self.problem(line, f"clans: the {clan} marker is with {holder} ({counts[holder]} {clan} in court), "
                                   f"but {leaders[0]} has more ({top})")
            elif holder is None and len(leaders) == 1 and top > 0:
                self.problem(line, f"clans: {leaders[0]} has the most {clan} in court ({top}) and should hold its marker")
        return tuple((clan, holders.get(clan)) for clan in CLAN_NAMES)

    def territories(self, data: LineDict) -> list[Territory]:
        entries = data.get("territories")
        if not isinstance(entries, LineList):
            if "territories" in data:
                self.problem(data.line_of("territories"), "territories needs a list, clockwise around the circle")
            return []
        territories: list[Territory] = []
        owner_of_segment: dict[int, str] = {}
        for number, (entry, line) in enumerate(zip(entries, entries.item_lines), start=1):
            if not isinstance(entry, LineDict):
                self.problem(line, f"territory {number} needs segments, paladins and castles")
                continue
            for key in entry:
                if key not in TERRITORY_FIELDS:
                    self.problem(entry.line_of(key), f"territory {number}: unknown field '{key}'{did_you_mean(str(key), TERRITORY_FIELDS)}")
            name = str(entry.get("name", f"T{number}"))
            if any(t.name == name for t in territories):
                self.problem(line, f"territory name '{name}' is given twice")
            segments = self.segments(entry, name, line, owner_of_segment)
            paladins = self.counts(entry.get("paladins"), entry.line_of("paladins"), f"territory {name}")
            castles = self.castles(entry, name, line, len(segments))
            if len(segments) > 1 and castles is None:
                self.problem(line, f"territory {name} merges {len(segments)} segments but has no castles; "
                                   "merged territories always carry castles")
            territories.append(Territory(name, segments, paladins, castles))
        missing = sorted(set(range(1, SEGMENTS + 1)) - set(owner_of_segment))
        if missing:
            self.problem(data.line_of("territories"), f"segments {', '.join(map(str, missing))} are in no territory; "
                                                      f"all {SEGMENTS} stay in the circle")
        for i, territory in enumerate(territories):  # same-side castles next to each other would have merged
            following = territories[(i + 1) % len(territories)]
            if len(territories) > 1 and territory.castles and territory.castle_side == following.castle_side \
                    and following is not territory:
                self.problem(entries.item_lines[(i + 1) % len(territories)],
                             f"territories {territory.name} and {following.name} are neighbours with "
                             f"{territory.castle_side} castles: they would have merged")
        return territories

    def segments(self, entry: LineDict, name: str, line: int, owner: dict[int, str]) -> tuple[int, ...]:
        raw = entry.get("segments")
        if not isinstance(raw, LineList) or not raw:
            self.problem(line, f"territory {name}: segments needs the segment numbers it is made of, like [4] or [4, 5]")
            return ()
        result = []
        for value, item_line in zip(raw, raw.item_lines):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= SEGMENTS:
                self.problem(item_line, f"territory {name}: segment '{value}' must be a number from 1 to {SEGMENTS}")
            elif value in owner:
                self.problem(item_line, f"segment {value} is in territory {owner[value]} and in territory {name}")
            else:
                owner[value] = name
                result.append(value)
        return tuple(result)

    def castles(self, entry: LineDict, name: str, line: int, segments: int) -> tuple[str, int] | None:
        raw = entry.get("castles")
        if raw is None or raw == {}:
            return None
        if not isinstance(raw, LineDict):
            self.problem(line, f"territory {name}: castles needs the side and how many, like {{white: 2}}")
            return None
        if len(raw) > 1:
            self.problem(entry.line_of("castles"), f"territory {name} has castles of {' and '.join(map(str, raw))}; "
                                                   "a territory holds castles of one side only")
        side, count = next(iter(raw.items()))
        if side not in SIDE_NAMES:
            self.problem(entry.line_of("castles"), f"territory {name}: unknown side '{side}'{did_you_mean(str(side), SIDE_NAMES)}")
            return None
        if not _count(count) or count == 0:
            self.problem(entry.line_of("castles"), f"territory {name}: {side} needs a number of castles from 1 up")
            return None
        if count > max(segments, 1):
            self.problem(entry.line_of("castles"), f"territory {name} has {count} castles on {segments} segments; "
                                                   "each segment holds one castle at most")
        return str(side), count

    def emperor(self, data: LineDict, territories: list[Territory]) -> int:
        name = str(data.get("emperor", ""))
        names = [t.name for t in territories]
        if "emperor" in data and territories and name not in names:
            self.problem(data.line_of("emperor"), f"emperor: no territory named '{name}'{did_you_mean(name, names)}")
        return names.index(name) if name in names else 0

    def supply(self, data: LineDict, players: list[Player], territories: list[Territory]) -> tuple[tuple[str, int], ...]:
        mapping = data.get("supply", LineDict())
        sides = list(dict.fromkeys(p.side for p in players))
        if not isinstance(mapping, LineDict):
            self.problem(data.line_of("supply"), "supply needs the castles each side has left, like {white: 8, black: 7}")
            return ()
        total = castles_per_side(len(players))
        on_board = Counter()
        for territory in territories:
            if territory.castles:
                on_board[territory.castle_side] += territory.castle_count
        for side in mapping:
            if side not in sides:
                self.problem(mapping.line_of(side), f"supply: '{side}' is not a side in this game ({', '.join(sides)})")
        for side in on_board:
            if side not in sides:
                self.problem(data.line_of("territories"), f"castles of {side}, a side nobody plays")
        result = []
        for side in sides:
            left = mapping.get(side)
            if not _count(left):
                self.problem(mapping.line_of(side) if side in mapping else data.line_of("supply"),
                             f"supply: {side} needs the number of castles it has left")
                left = 0
            if on_board[side] > total:
                self.problem(data.line_of("territories"), f"{side} has {on_board[side]} castles on the board; a side has only {total}")
            elif on_board[side] + left != total:
                self.problem(mapping.line_of(side) if side in mapping else data.line_of("supply"),
                             f"{side}: {on_board[side]} castles on the board and {left} in supply make "
                             f"{on_board[side] + left}, but a side has {total}")
            result.append((side, left))
        return tuple(result)

    def cube_totals(self, data: LineDict, courts: tuple, territories: list[Territory]) -> None:
        totals: Counter[str] = Counter()
        for _, cubes in courts:
            totals.update(dict(cubes))
        for territory in territories:
            totals.update(dict(territory.paladins))
        for clan in CLAN_NAMES:
            if totals[clan] > CUBES_PER_CLAN:
                self.problem(None, f"{totals[clan]} {clan} cubes in courts and territories; the box has {CUBES_PER_CLAN}")


def dumps(position: Position) -> str:
    """The position as a transcription that `parse` reads back to the same position."""
    from pnp.yamlout import dumps as yaml_text

    def territory(item: Territory) -> dict[str, Any]:
        data: dict[str, Any] = {"name": item.name, "segments": list(item.segments), "paladins": dict(item.paladins)}
        if item.castles:
            data["castles"] = {item.castles[0]: item.castles[1]}
        return data

    return yaml_text({"game": GAME_ID,
                      "players": [{"name": p.name, "side": p.side} for p in position.players],
                      "courts": {name: dict(cubes) for name, cubes in position.courts},
                      "clans": {clan: holder for clan, holder in position.clans if holder is not None},
                      "territories": [territory(t) for t in position.territories],
                      "emperor": position.territories[position.emperor].name,
                      "supply": dict(position.supply)})
