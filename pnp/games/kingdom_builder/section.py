"""Kingdom Builder board sections: 10x10 hexes, their file format, lookup and design rules.

Section file (DESIGN.md): '#' comment lines, a `location: TYPE` line, then 10 rows of 10
whitespace-separated letters (indentation ignored). `L` is a hex of the location type.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from pnp import hexgrid
from pnp.errors import InputError, Problem, say
from pnp.games.kingdom_builder.facts import (
    BUILDABLE, BY_LETTER, LOCATION_LETTER, LOCATIONS, TWO_CASTLE_LOCATIONS, Terrain,
)
from pnp.inputs import MAX_REFERENCED, read_text
from pnp.yamldoc import shown

SIZE = 10


@dataclass(frozen=True)
class Section:
    """A section as printed (not turned): `terrain[row][col]`, location hexes hold their type."""

    name: str
    location: Terrain
    terrain: tuple[tuple[Terrain, ...], ...]

    def at(self, cell: hexgrid.Cell, turned: bool = False) -> Terrain:
        """Terrain at a cell of the section as it lies on the table, turned 180 degrees or not."""
        row, col = hexgrid.turn_180(cell, SIZE, SIZE) if turned else cell
        return self.terrain[row][col]

    def to_text(self) -> str:
        """The section in the section-file format, odd rows indented to show the hex layout."""
        lines = [f"location: {self.location.value}"]
        for row, hexes in enumerate(self.terrain):
            lines.append((" " if row % 2 else "") + " ".join(t.letter for t in hexes))
        return "\n".join(lines) + "\n"


def parse_section(text: str, name: str, file: str) -> Section:
    """Parse a section file's text; every problem is reported with its line. A text without
    the `location:` line, or with more unknown hexes than a typing slip makes, is reported as
    "not a section file" and never quoted: it may be any file at all."""
    problems: list[Problem] = []
    unknown = 0
    location: Terrain | None = None
    location_line: int | None = None
    rows: list[tuple[int, list[str]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.lower().startswith("location:"):
            value = line.split(":", 1)[1].strip().lower()
            location_line = number
            try:
                location = Terrain(value)
            except ValueError:
                location = None
            if location not in LOCATIONS:
                problems.append(Problem(file, number, say("problem.kingdom_builder.location", value=shown(value),
                                                          locations=[t.value for t in LOCATIONS])))
                location = None
            continue
        rows.append((number, line.split()))

    if len(rows) != SIZE:
        problems.append(Problem(file, rows[-1][0] if rows else None, say("problem.kingdom_builder.section_rows", count=len(rows), needs=SIZE)))
    grid: list[tuple[Terrain, ...]] = []
    for number, tokens in rows:
        if len(tokens) != SIZE:
            problems.append(Problem(file, number, say("problem.kingdom_builder.section_row", count=len(tokens), needs=SIZE)))
        row: list[Terrain] = []
        for token in tokens:
            if token == LOCATION_LETTER:
                row.append(location or Terrain.ORACLE)
            elif token in BY_LETTER:
                row.append(BY_LETTER[token])
            else:
                unknown += 1
                problems.append(Problem(file, number, say("problem.kingdom_builder.section_hex", token=shown(token),
                                                          letters=" ".join([*BY_LETTER, LOCATION_LETTER]))))
        grid.append(tuple(row))
    if location_line is None or unknown > SIZE:
        raise InputError([Problem(file, None, say("problem.kingdom_builder.not_section"))])
    if problems:
        raise InputError(problems)
    assert location is not None
    return Section(name, location, tuple(grid))


def read_section(path: Path, file: str | None = None) -> Section:
    """Read a section file; its name is the file name without `.txt`."""
    file = file or str(path)
    return parse_section(read_text(path, file, MAX_REFERENCED, regular_only=True), path.stem, file)


def design_problems(section: Section) -> list[str]:
    """How a section breaks the digest's facts about published sections (empty when valid)."""
    problems = []
    cells = list(hexgrid.cells(SIZE, SIZE))
    counts = Counter(section.at(cell) for cell in cells)
    special = [cell for cell in cells if section.at(cell).is_special]

    castles, sites = counts[Terrain.CASTLE], counts[section.location]
    want = (2, 1) if section.location in TWO_CASTLE_LOCATIONS else (1, 2)
    if (castles, sites) != want:
        problems.append(f"{castles} castles and {sites} {section.location.value} hexes; needs {want[0]} and {want[1]}")
    for other in LOCATIONS:
        if other is not section.location and counts[other]:
            problems.append(f"holds {other.value} hexes on a {section.location.value} section")
    for terrain in BUILDABLE:
        if not 11 <= counts[terrain] <= 18:
            problems.append(f"{counts[terrain]} {terrain.value} hexes; needs 11-18")
    if not 5 <= counts[Terrain.WATER] <= 34:
        problems.append(f"{counts[Terrain.WATER]} water hexes; needs 5-34")
    if counts[Terrain.MOUNTAIN] > 13:
        problems.append(f"{counts[Terrain.MOUNTAIN]} mountain hexes; needs 0-13")

    special_set = set(special)
    for cell in special:
        label = f"{section.at(cell).value} at row {cell[0] + 1}, column {cell[1] + 1}"
        around = [n for n in hexgrid.neighbours(cell) if hexgrid.in_bounds(n, SIZE, SIZE)]
        if hexgrid.is_edge(cell, SIZE, SIZE):
            problems.append(f"{label} lies on the section's border")
        if special_set.intersection(around):
            problems.append(f"{label} touches another special hex")
        if not any(section.at(n) in BUILDABLE for n in around):
            problems.append(f"{label} has no buildable neighbour")
    for cell in cells:
        touching = [n for n in hexgrid.neighbours(cell) if n in special_set]
        if len(touching) > 1:
            problems.append(f"row {cell[0] + 1}, column {cell[1] + 1} touches {len(touching)} special hexes")
    return problems
