"""End-game gold of Kingdom Builder, exactly per the rules digest. Pure: game in, score sheet out.

Each part of a player's score says what earned it (`cells` for pictures, `explain` for people),
so a transcription can be checked against the photo of the board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, QUARTERS, ROW_LETTERS, ROWS, SECTOR_OF, Position, Player, cell_of, label
from pnp.games.kingdom_builder.facts import Terrain

CASTLES = "castles"


@dataclass(frozen=True)
class Note:
    """A piece of explanation as data: a catalog message id and its values, which are numbers,
    coordinates, other notes, or tuples of them (lists). The report puts it into words in the
    chosen language."""

    key: str
    values: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True)
class Part:
    """Gold from one card (or the castles) for one player."""

    name: str
    gold: int
    cells: frozenset[hexgrid.Cell]  # the hexes that earned it
    explain: tuple[Note, ...]


@dataclass(frozen=True)
class PlayerScore:
    player: Player
    parts: tuple[Part, ...]  # the game's cards in order, then castles

    @property
    def total(self) -> int:
        return sum(part.gold for part in self.parts)

    def gold(self, name: str) -> int:
        return next(part.gold for part in self.parts if part.name == name)


@dataclass(frozen=True)
class Result:
    game: Position
    scores: tuple[PlayerScore, ...]  # in the transcription's player order

    @property
    def winners(self) -> tuple[Player, ...]:
        """Everyone with the most gold: ruling KB-2, ties share the victory."""
        best = max(score.total for score in self.scores)
        return tuple(score.player for score in self.scores if score.total == best)


def evaluate(game: Position) -> Result:
    """Every player's gold for the 3 cards and the castles."""
    table = _Table(game)
    return Result(game, tuple(
        PlayerScore(player, tuple(_RULES[name](table, player.key) for name in (*game.cards, CASTLES)))
        for player in game.players
    ))


def _labels(flats: list[int] | set[int]) -> tuple[str, ...]:
    return tuple(label(cell_of(flat)) for flat in sorted(flats))


def _note(key: str, **values: object) -> Note:
    return Note(f"explain.{key}", tuple(values.items()))


def _cells(flats: list[int] | set[int]) -> frozenset[hexgrid.Cell]:
    return frozenset(cell_of(flat) for flat in flats)


class _Table:
    """What every rule needs, worked out once per game: settlements, areas, sector counts."""

    def __init__(self, game: Position):
        self.game = game
        self.board = game.board
        self.terrain = game.board.terrain
        self.near = hexgrid.neighbour_table(ROWS, COLS)
        self.own: dict[str, list[int]] = {player.key: [] for player in game.players}
        for (row, col), key in game.settlements:
            self.own[key].append(row * COLS + col)
        self.areas = {key: _areas(flats, self.near) for key, flats in self.own.items()}
        self.sector_counts = {key: [0, 0, 0, 0] for key in self.own}
        for key, flats in self.own.items():
            counts = self.sector_counts[key]
            for flat in flats:
                counts[SECTOR_OF[flat]] += 1


def _areas(flats: list[int], near: tuple[tuple[int, ...], ...]) -> list[list[int]]:
    """The settlement areas: groups of one player's settlements joined by adjacency."""
    return [sorted(area) for area in hexgrid.groups(flats, near.__getitem__)]


def _castles(table: _Table, key: str) -> Part:
    terrain, specials = table.terrain, table.board.specials_near
    castles = {n for flat in table.own[key] for n in specials[flat] if terrain[n] is Terrain.CASTLE}
    lines = tuple(_note("castle", cell=label(cell_of(c))) for c in sorted(castles))
    return Part(CASTLES, 3 * len(castles), _cells(castles), lines or (_note("no_castle"),))


def _fishermen(table: _Table, key: str) -> Part:
    # A settlement standing on water (Harbor) scores nothing, even if it touches other water.
    near_water, terrain = table.board.near_water, table.terrain
    hits = [flat for flat in table.own[key] if flat in near_water and terrain[flat] is not Terrain.WATER]
    lines = [_note("fishermen", count=len(hits), cells=_labels(hits))]
    on_water = [flat for flat in table.own[key] if table.terrain[flat] is Terrain.WATER]
    if on_water:
        lines.append(_note("on_water", cells=_labels(on_water)))
    return Part("fishermen", len(hits), _cells(hits), tuple(lines))


def _miners(table: _Table, key: str) -> Part:
    near_mountain = table.board.near_mountain
    hits = [flat for flat in table.own[key] if flat in near_mountain]
    return Part("miners", len(hits), _cells(hits), (_note("miners", count=len(hits), cells=_labels(hits)),))


def _workers(table: _Table, key: str) -> Part:
    specials = table.board.specials_near
    hits = [flat for flat in table.own[key] if specials[flat]]
    lines = (_note("workers", count=len(hits), cells=_labels(hits)),)
    return Part("workers", len(hits), _cells(hits), lines)


def _merchants(table: _Table, key: str) -> Part:
    terrain, specials_near = table.terrain, table.board.specials_near
    linked: set[int] = set()
    lines = []
    for area in table.areas[key]:
        specials = {n for flat in area for n in specials_near[flat]}
        if len(specials) >= 2:
            linked |= specials
            names = tuple(_note("link", what=_note(f"kind.{terrain[s].value}"), cell=label(cell_of(s)))
                          for s in sorted(specials))
            lines.append(_note("merchants_area", count=len(area), cell=label(cell_of(area[0])), links=names))
    # Each linked hex counts once, however many areas link it.
    lines.append(_note("merchants", count=len(linked)))
    return Part("merchants", 4 * len(linked), _cells(linked), tuple(lines))


def _discoverers(table: _Table, key: str) -> Part:
    rows = sorted({flat // COLS for flat in table.own[key]})
    letters = " ".join(ROW_LETTERS[r] for r in rows) or _note("none")
    return Part("discoverers", len(rows), _cells(table.own[key]), (_note("discoverers", count=len(rows), rows=letters),))


def _knights(table: _Table, key: str) -> Part:
    per_row = [0] * ROWS
    for flat in table.own[key]:
        per_row[flat // COLS] += 1
    most = max(per_row)
    if most == 0:
        return Part("knights", 0, frozenset(), (_note("no_settlements"),))
    row = per_row.index(most)  # one row only; on a tie the topmost is shown
    cells = [flat for flat in table.own[key] if flat // COLS == row]
    return Part("knights", 2 * most, _cells(cells), (_note("knights", row=ROW_LETTERS[row], count=most),))


def _hermits(table: _Table, key: str) -> Part:
    areas = table.areas[key]
    sizes = tuple(_note("area", size=len(a), cell=label(cell_of(a[0]))) for a in areas)
    return Part("hermits", len(areas), _cells(table.own[key]), (_note("hermits", count=len(areas), sizes=sizes),))


def _citizens(table: _Table, key: str) -> Part:
    largest = max(table.areas[key], key=len, default=[])
    if not largest:
        return Part("citizens", 0, frozenset(), (_note("no_settlements"),))
    gold = len(largest) // 2
    line = _note("citizens", count=len(largest), cell=label(cell_of(largest[0])), gold=gold)
    return Part("citizens", gold, _cells(largest), (line,))


def _lords(table: _Table, key: str) -> Part:
    game = table.game
    included = game.lords_zero == "included"
    gold, won, lines = 0, [], []
    for quarter in range(4):
        counts = {k: c[quarter] for k, c in table.sector_counts.items()}
        # Ruling KB-1: by default a count of zero takes part; "excluded" leaves such players out.
        levels = sorted({c for c in counts.values() if included or c > 0}, reverse=True)
        mine = counts[key]
        earned = 0
        if (included or mine > 0) and levels:
            earned = 12 if mine == levels[0] else 6 if len(levels) > 1 and mine == levels[1] else 0
        if earned:
            won.append(quarter)
        gold += earned
        others = tuple(_note("player_count", name=p.name, count=counts[p.key]) for p in game.players if p.key != key)
        lines.append(_note("lords", sector=_note(f"sector.{QUARTERS[quarter]}"), mine=mine, others=others, gold=earned))
    lines.append(_note(f"lords_zero.{game.lords_zero}"))
    cells = [flat for flat in table.own[key] if SECTOR_OF[flat] in won]
    return Part("lords", gold, _cells(cells), tuple(lines))


def _farmers(table: _Table, key: str) -> Part:
    counts = table.sector_counts[key]
    fewest = min(counts)
    quarter = counts.index(fewest)
    each = tuple(_note("sector_count", sector=_note(f"sector.{QUARTERS[q]}"), count=c) for q, c in enumerate(counts))
    cells = [flat for flat in table.own[key] if SECTOR_OF[flat] == quarter]
    return Part("farmers", 3 * fewest, _cells(cells), (_note("farmers", sectors=each, fewest=fewest),))


_RULES: dict[str, Callable[[_Table, str], Part]] = {
    CASTLES: _castles,
    "fishermen": _fishermen,
    "miners": _miners,
    "merchants": _merchants,
    "workers": _workers,
    "discoverers": _discoverers,
    "knights": _knights,
    "hermits": _hermits,
    "lords": _lords,
    "citizens": _citizens,
    "farmers": _farmers,
}
