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
discs: {Anna: [2, 4, 5], Boris: [1, 3]}   # optional: the discs each player still holds
disc: {Anna: 3}                 # optional: who moves the Emperor next, and the disc they played
```
Side and clan names may be written in any case, or in the words the components print (`NAMES`).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.errors import Problem, did_you_mean, say
from pnp.games.base import Source, read_leniently
from pnp.games.carolus_magnus.facts import CLAN_NAMES, CUBES_PER_CLAN, NAMES, SEGMENTS, castles_per_side
from pnp.games.carolus_magnus.model import Courts, Player, Position, Territory
from pnp.games.carolus_magnus.rules import MAX_DISC
from pnp.yamldoc import LineDict, LineList, Reader, Transcription, integer, is_null, shown

GAME_ID = "carolus-magnus"
FIELDS = ("game", "players", "courts", "clans", "territories", "emperor", "supply", "discs", "disc")
TERRITORY_FIELDS = ("name", "segments", "paladins", "castles")


def read(text: Transcription, source: Source) -> tuple[Position | None, list[Problem]]:
    """The position a text holds, as far as it can be read, and every problem in it."""
    reader = _Reader(source.file, source.games)
    return read_leniently(reader.problems, lambda: reader.read(text))


K = "problem.carolus_magnus."  # the catalog keys of the messages


def _castles(count: int) -> str:  # a `say` message
    return say(K + "castles", count=count)


class _Reader(Reader):
    game_id, fields, required = GAME_ID, FIELDS, ("game", "players", "courts", "territories", "emperor", "supply")

    def read(self, text: Transcription) -> Position:
        self.territory_lines: list[int] = []
        # A side or castles already reported unreadable: checks resting on them would only repeat
        # the typo in other words (one mistake, one problem).
        self.sides_unread = self.castles_unread = False
        data = self.document(text)
        players, names = self.players(data)
        courts = self.courts(data, names)
        clans = self.clans(data, names, courts)
        territories = self.territories(data)
        emperor = self.emperor(data, territories)
        supply = self.supply(data, players, territories)
        self.cube_totals(courts, territories)
        discs, disc = self.discs(data, names)
        return Position(tuple(players), courts, clans, tuple(territories), emperor, supply, discs, disc, self.file)

    def word(self, value: Any, line: int, kind: str, where: str | None = None) -> str | None:
        """The id of a `kind` ("side" or "clan") a name stands for (`NAMES.id`: the id in any case,
        or a word the components print); None after saying what is wrong: '{where}: unknown side
        'value' (did you mean ...?); sides: ...', or without `where` (a player's side) 'side 'value'
        is not a castle colour ...'."""
        word = NAMES.id(kind, value)
        if word is not None:
            return word
        key = "not_side" if where is None else f"unknown_{kind}"
        self.problem(line, say(K + key, where=where, value=shown(value), hint=NAMES.hint(kind, value),
                               choices=NAMES.choices(kind)))
        return None

    def by_word(self, mapping: LineDict, kind: str, where: str) -> list[tuple[str, Any, int]]:
        """The entries of a mapping keyed by side or clan names (`word`), each name once:
        (id, value, line)."""
        seen: set[str] = set()
        entries = []
        for key, value in mapping.items():
            line = mapping.line_of(key)
            word = self.word(key, line, kind, where)
            if word in seen:
                self.problem(line, say(K + "twice", where=where, word=word))
            elif word is not None:
                seen.add(word)
                entries.append((word, value, line))
        return entries

    def mapping(self, data: LineDict, key: str, example: str) -> LineDict:
        """An optional mapping field; empty (after a problem) when it is something else."""
        value = data.get(key)
        if isinstance(value, LineDict):
            return value
        if not is_null(value):
            self.problem(data.line_of(key), say(K + "mapping", key=key, example=example))
        empty = LineDict()
        empty.line, empty.key_lines, empty.value_lines = data.line_of(key), {}, {}
        return empty

    def players(self, data: LineDict) -> tuple[list[Player], list[str]]:
        """The players, and the names of every player, those whose side is unreadable too."""
        entries = data.get("players")
        if "players" in data and (not isinstance(entries, LineList) or not 2 <= len(entries) <= 4):
            self.problem(data.line_of("players"), say(K + "players"))
        if not isinstance(entries, LineList):
            return [], []
        players: list[Player] = []
        names: list[str] = []
        for entry, line in zip(entries, entries.item_lines):
            if not isinstance(entry, LineDict) or "name" not in entry or "side" not in entry:
                self.problem(line, say(K + "player"))
                continue
            name = self.name(entry["name"], line, say("problem.yaml.a_player"))
            side = self.word(entry["side"], line, "side")
            self.sides_unread |= side is None
            if name is None:
                continue
            if name in names:
                self.problem(line, say(K + "player_twice", name=shown(name)))
            names.append(name)
            if side is not None:
                players.append(Player(name, side))
        sides = Counter(p.side for p in players)
        if self.sides_unread:  # how the sides pair up is not known
            return players, names
        if len(players) == 4 and sorted(sides.values()) != [2, 2]:
            self.problem(data.line_of("players"), say(K + "partners"))
        elif len(players) in (2, 3) and len(sides) != len(players):
            self.problem(data.line_of("players"), say(K + "own_sides", count=len(players)))
        return players, names

    def counts(self, mapping: Any, line: int, where: str) -> tuple[tuple[str, int], ...]:  # where: a `say` message
        """Cubes by clan colour, in the clans' order."""
        if is_null(mapping):
            return ()
        if not isinstance(mapping, LineDict):
            self.problem(line, say(K + "cubes", where=where))
            return ()
        result: dict[str, int] = {}
        for clan, value, key_line in self.by_word(mapping, "clan", where):
            count = integer(value)
            if count is None or not 0 <= count <= CUBES_PER_CLAN:
                self.problem(key_line, say(K + "cube_count", where=where, clan=clan, most=CUBES_PER_CLAN,
                                           value=shown(value)))
            else:
                result[clan] = count
        return tuple((clan, result[clan]) for clan in CLAN_NAMES if result.get(clan))

    def courts(self, data: LineDict, names: list[str]) -> Courts:
        if "courts" not in data:
            return ()
        mapping = self.mapping(data, "courts", "{Anna: {red: 2}}")
        for name in mapping:
            if name not in names:
                self.problem(mapping.line_of(name), say(K + "court_player", name=shown(name), hint=did_you_mean(name, names)))
        for name in names:
            if name not in mapping:
                self.problem(data.line_of("courts"), say(K + "no_court", name=name))
        return tuple((name, self.counts(mapping.get(name), mapping.line_of(name), say(K + "court_of", name=name))) for name in names)

    def clans(self, data: LineDict, names: list[str], courts: Courts) -> tuple[tuple[str, str | None], ...]:
        mapping = self.mapping(data, "clans", "{red: Anna}")
        holders: dict[str, str | None] = {}
        lines: dict[str, int] = {}
        for clan, holder, line in self.by_word(mapping, "clan", "clans"):
            if is_null(holder):
                holders[clan], lines[clan] = None, line
            elif not isinstance(holder, str) or holder.strip() not in names:
                self.problem(line, say(K + "marker_player", clan=clan, name=shown(holder),
                                       hint=did_you_mean(holder.strip() if isinstance(holder, str) else "", names)))
            else:
                holders[clan], lines[clan] = holder.strip(), line
        # The markers must agree with the courts: nobody may have strictly more than the holder,
        # and a clan with a single leader must be held by that leader.
        court = {name: dict(cubes) for name, cubes in courts}
        for clan in CLAN_NAMES:
            if not court or not names:
                break
            counts = {name: court.get(name, {}).get(clan, 0) for name in names}
            holder, top = holders.get(clan), max(counts.values())
            leaders = [n for n, c in counts.items() if c == top]
            line = lines.get(clan, data.line_of("clans"))
            if holder is not None and counts[holder] < top:
                self.problem(line, say(K + "marker_fewer", clan=clan, name=holder, count=counts[holder],
                                       leader=leaders[0], top=top))
            elif holder is None and len(leaders) == 1 and top > 0:
                self.problem(line, say(K + "marker_leader", leader=leaders[0], clan=clan, top=top))
        return tuple((clan, holders.get(clan)) for clan in CLAN_NAMES)

    def territories(self, data: LineDict) -> list[Territory]:
        entries = data.get("territories")
        if not isinstance(entries, LineList):
            if "territories" in data:
                self.problem(data.line_of("territories"), say(K + "territories"))
            return []
        territories: list[Territory] = []
        owner_of_segment: dict[int, str] = {}
        for number, (entry, line) in enumerate(zip(entries, entries.item_lines), start=1):
            if not isinstance(entry, LineDict):
                self.problem(line, say(K + "territory_fields", number=number))
                continue
            for key in entry:
                if key not in TERRITORY_FIELDS:
                    self.problem(entry.line_of(key), say(K + "territory_field", number=number, field=shown(key),
                                                         hint=did_you_mean(key, TERRITORY_FIELDS)))
            name = self.name(entry["name"], line, say(K + "territory_name", number=number)) if "name" in entry else f"T{number}"
            if name is None:
                continue
            if any(t.name == name for t in territories):
                self.problem(line, say(K + "name_twice", name=shown(name)))
            segments = self.segments(entry, name, line, owner_of_segment)
            paladins = self.counts(entry.get("paladins"), entry.line_of("paladins"), say(K + "territory", name=name))
            reported = len(self.problems)
            castles = self.castles(entry, name, line, len(segments))
            self.castles_unread |= castles is None and len(self.problems) > reported
            if len(segments) > 1 and castles is None and len(self.problems) == reported:
                self.problem(line, say(K + "merged", name=name, count=len(segments)))
            territories.append(Territory(name, segments, paladins, castles))
            self.territory_lines.append(line)
        missing = sorted(set(range(1, SEGMENTS + 1)) - set(owner_of_segment))
        if missing:
            self.problem(data.line_of("territories"), say(K + "missing", segments=missing, all=SEGMENTS))
        for i, territory in enumerate(territories):  # same-side castles next to each other would have merged
            following = territories[(i + 1) % len(territories)]
            if len(territories) > 1 and territory.castles and territory.castle_side == following.castle_side \
                    and following is not territory:
                self.problem(self.territory_lines[(i + 1) % len(territories)],
                             say(K + "neighbours", first=territory.name, second=following.name,
                                 side=territory.castle_side))
        return territories

    def segments(self, entry: LineDict, name: str, line: int, owner: dict[int, str]) -> tuple[int, ...]:
        raw = entry.get("segments")
        if not isinstance(raw, LineList) or not raw:
            self.problem(line, say(K + "segments", name=name))
            return ()
        result = []
        for value, item_line in zip(raw, raw.item_lines):
            number = integer(value)
            if number is None or not 1 <= number <= SEGMENTS:
                self.problem(item_line, say(K + "segment", name=name, value=shown(value), most=SEGMENTS))
            elif number in owner:
                self.problem(item_line, say(K + "segment_twice", number=number, first=owner[number], second=name))
            else:
                owner[number] = name
                result.append(number)
        return tuple(result)

    def castles(self, entry: LineDict, name: str, line: int, segments: int) -> tuple[str, int] | None:
        raw = entry.get("castles")
        if is_null(raw):
            return None
        if not isinstance(raw, LineDict):
            self.problem(line, say(K + "castles_field", name=name))
            return None
        found = []
        for side, value, line in self.by_word(raw, "side", say(K + "territory", name=name)):
            count = integer(value)
            if count is None or count < 0:
                self.problem(line, say(K + "castle_count", name=name, side=side, value=shown(value)))
            elif count:  # {black: 0} is no castle at all
                found.append((side, count))
        if len(found) > 1:
            self.problem(entry.line_of("castles"), say(K + "two_sides", name=name, first=found[0][0], second=found[1][0]))
        if not found:
            return None
        side, count = found[0]
        if count > max(segments, 1):
            self.problem(entry.line_of("castles"), say(K + "too_many_castles", name=name, castles=_castles(count),
                                                       count=segments))
        return side, count

    def emperor(self, data: LineDict, territories: list[Territory]) -> int:
        names = [t.name for t in territories]
        if "emperor" not in data:
            return 0
        name = self.name(data["emperor"], data.line_of("emperor"), "emperor")
        if name is not None and territories and name not in names:
            self.problem(data.line_of("emperor"), say(K + "emperor", name=shown(name), hint=did_you_mean(name, names)))
        return names.index(name) if name in names else 0

    def supply(self, data: LineDict, players: list[Player], territories: list[Territory]) -> tuple[tuple[str, int], ...]:
        mapping = self.mapping(data, "supply", "{white: 8, black: 7}")
        sides = list(dict.fromkeys(p.side for p in players))
        total = castles_per_side(len(players))
        on_board: Counter[str] = Counter()
        for territory in territories:
            if territory.castles:
                side, count = territory.castles
                on_board[side] += count
        given: dict[str, tuple[Any, int]] = {}
        for side, value, line in self.by_word(mapping, "side", "supply"):
            if side in sides:
                given[side] = (value, line)
            elif not self.sides_unread:  # else it may be the side misspelt
                self.problem(line, say(K + "supply_side", side=f"'{side}'", sides=sides))
        for side in on_board:
            if side not in sides and not self.sides_unread:
                self.problem(data.line_of("territories"), say(K + "nobody", side=side))
        result = []
        for side in sides:
            value, line = given.get(side, (None, data.line_of("supply")))
            left = integer(value)
            if left is None or left < 0:
                self.problem(line, say(K + "supply", side=side))
                left = 0
            if on_board[side] > total:
                self.problem(data.line_of("territories"), say(K + "board_castles", side=side,
                                                              castles=_castles(on_board[side]), total=total))
            elif on_board[side] + left != total and not self.castles_unread:  # unread castles are not counted
                self.problem(line, say(K + "castle_sum", side=side, castles=_castles(on_board[side]), left=left,
                                       sum=on_board[side] + left, total=total))
            result.append((side, left))
        self.short_territories(territories, dict(result))
        return tuple(result)

    def short_territories(self, territories: list[Territory], supply: dict[str, int]) -> None:
        """Every segment of a territory with castles carries one: building puts a castle on a
        single segment, merging adds castles and segments alike, and a takeover places as many
        as it removes. Only a takeover with too few castles left places fewer (ruling CM-4), and
        it empties the supply, which ends the game."""
        for territory, line in zip(territories, self.territory_lines):
            side, count = territory.castle_side, territory.castle_count
            if side and count < len(territory.segments) and supply.get(side, 0) > 0:
                self.problem(line, say(K + "short", name=territory.name, castles=_castles(count),
                                       segments=len(territory.segments), side=side, left=supply[side]))

    def cube_totals(self, courts: Courts, territories: list[Territory]) -> None:
        totals: Counter[str] = Counter()
        for _, cubes in courts:
            totals.update(dict(cubes))
        for territory in territories:
            totals.update(dict(territory.paladins))
        for clan in CLAN_NAMES:
            if totals[clan] > CUBES_PER_CLAN:
                self.problem(None, say(K + "cube_total", count=totals[clan], clan=clan, most=CUBES_PER_CLAN))

    def discs(self, data: LineDict, names: list[str]) -> tuple[tuple[tuple[str, tuple[int, ...]], ...], tuple[str, int] | None]:
        """The discs each player still holds, and the disc being played, where recorded."""
        held: dict[str, tuple[int, ...]] = {}
        for name, values in self.mapping(data, "discs", "{Anna: [2, 4, 5]}").items():
            line = data["discs"].line_of(name)
            if name not in names:
                self.problem(line, say(K + "discs_player", name=shown(name), hint=did_you_mean(name, names)))
                continue
            numbers = [integer(v) for v in values] if isinstance(values, LineList) else None
            discs = [n for n in numbers if n is not None and 1 <= n <= MAX_DISC] if numbers is not None else []
            if numbers is None or len(discs) != len(numbers) or len(set(discs)) != len(discs):
                self.problem(line, say(K + "discs", name=name, most=MAX_DISC))
                continue
            held[name] = tuple(sorted(discs))
        disc = None
        played = self.mapping(data, "disc", "{Anna: 3}")
        if len(played) > 1:
            self.problem(data.line_of("disc"), say(K + "disc"))
        for name, value in list(played.items())[:1]:
            line, number = played.line_of(name), integer(value)
            if name not in names:
                self.problem(line, say(K + "disc_player", name=shown(name), hint=did_you_mean(name, names)))
            elif number is None or not 1 <= number <= MAX_DISC:
                self.problem(line, say(K + "disc_number", name=name, value=shown(value), most=MAX_DISC))
            elif number in held.get(name, ()):
                self.problem(line, say(K + "disc_held", name=name, number=number))
            else:
                disc = (str(name), number)
        return tuple((name, held[name]) for name in names if name in held), disc


def dumps(position: Position) -> str:
    """The position as a transcription that `parse` reads back to the same position."""
    from pnp.yamlout import dumps as yaml_text

    def territory(item: Territory) -> dict[str, Any]:
        data: dict[str, Any] = {"name": item.name, "segments": list(item.segments), "paladins": dict(item.paladins)}
        if item.castles:
            data["castles"] = {item.castles[0]: item.castles[1]}
        return data

    document: dict[str, Any] = {
        "game": GAME_ID,
        "players": [{"name": p.name, "side": p.side} for p in position.players],
        "courts": {name: dict(cubes) for name, cubes in position.courts},
        "clans": {clan: holder for clan, holder in position.clans if holder is not None},
        "territories": [territory(t) for t in position.territories],
        "emperor": position.territories[position.emperor].name,
        "supply": dict(position.supply)}
    if position.discs:
        document["discs"] = {player: list(held) for player, held in position.discs}
    if position.disc is not None:
        document["disc"] = {position.disc[0]: position.disc[1]}
    return yaml_text(document)
