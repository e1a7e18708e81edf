"""Original Kingdom Builder board sections, generated from a seed.

Technique: constrained region growing, then generate-and-test.

1. Special hexes first: castles and location hexes on interior cells at least 3 steps apart,
   which gives "not on the border", "no two touching" and "no hex touching two" at once.
2. Water as one river (a direction-keeping random walk from the border) plus lakes, and
   mountains as ranges (short random walks): the digest's shapes are not blobs.
3. The five buildable terrains grow from 1-2 seeds each to exact target counts, always
   adding a random frontier hex next to their own region. Growing from seeds yields the
   clustering of the published sections (43-52 % of adjacent pairs share a terrain; random
   terrain gives 14 %), which noise fields only reach with tuning and repair steps.
4. The result is tested against every rule of the digest (`problems`); a failure is thrown
   away and the same random stream tries again, so a seed always ends in the same section.

Balance: a set of 8 sections fixes each section's terrain counts up front. Within a section
the five buildable terrains differ by at most one hex, and the odd hexes rotate between the
terrains across the set, so in any 4 sections the five terrains' totals differ by at most 4
hexes (`BALANCE_BOUND`). No terrain card is then much better than another.

Ids: `kb<version>-<seed>-<location>` (e.g. `kb2-1000-tavern`). A section depends only on its
version, seed and location type, so an id always resolves to the same terrain; a changed
generator gets a new version and the old one stays here.

Versions: 1 as above. 2 adds the test that every castle and location hex has at least two
buildable neighbours, as on every published section (version 1 let 3 of 96 sections through
with one). Version 2 draws from version 1's random streams, so each version 1 section that
passes the new test is also the version 2 section of the same seed and location.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from functools import lru_cache

from pnp import hexgrid
from pnp.errors import PnpError, say
from pnp.games.kingdom_builder.section import SIZE, Section, design_problems
from pnp.games.kingdom_builder.facts import BUILDABLE, LOCATIONS, TWO_CASTLE_LOCATIONS, Terrain

VERSION = 2
BALANCE_BOUND = 4
SAME_NEIGHBOUR_RANGE = (0.40, 0.55)
MAX_ATTEMPTS = 500
_ID = re.compile(r"kb(\d+)-(\d+)-([a-z]+)")
CELLS = tuple(hexgrid.cells(SIZE, SIZE))
INTERIOR = tuple(c for c in CELLS if not hexgrid.is_edge(c, SIZE, SIZE))
NEAR = {c: tuple(n for n in hexgrid.neighbours(c) if hexgrid.in_bounds(n, SIZE, SIZE)) for c in CELLS}

Grid = dict[hexgrid.Cell, Terrain]


def section_id(seed: int, location: Terrain, version: int = VERSION) -> str:
    return f"kb{version}-{seed}-{location.value}"


def parse_id(name: str) -> tuple[int, int, Terrain] | None:
    """(version, seed, location) of a generated section's id, or None if `name` is not one."""
    match = _ID.fullmatch(name)
    if not match:
        return None
    try:
        location = Terrain(match[3])
    except ValueError:
        return None
    return (int(match[1]), int(match[2]), location) if location in LOCATIONS else None


def targets(seed: int, version: int = VERSION) -> dict[Terrain, dict[Terrain, int]]:
    """Terrain counts for each section of the set `seed`: the set's balance is decided here."""
    if version not in GENERATORS:
        raise PnpError(say("problem.kingdom_builder.generator", version=version, known=list(GENERATORS)))
    rng = random.Random(f"kb{STREAMS[version]}-set-{seed}")
    extras = {terrain: 0 for terrain in BUILDABLE}
    result = {}
    for location in LOCATIONS:
        water, mountain = rng.randint(8, 20), rng.randint(3, 10)
        buildable = 100 - 3 - water - mountain
        counts = {terrain: buildable // 5 for terrain in BUILDABLE}
        # The odd hexes go to the terrains that have had fewest so far (ties at random).
        order = sorted(BUILDABLE, key=lambda t: (extras[t], rng.random()))
        for terrain in order[:buildable % 5]:
            counts[terrain] += 1
            extras[terrain] += 1
        result[location] = {Terrain.WATER: water, Terrain.MOUNTAIN: mountain, **counts}
    return result


@lru_cache(maxsize=256)
def generate(seed: int, location: Terrain, version: int = VERSION) -> Section:
    """The section of type `location` in the set `seed` (a pure function: kept once made)."""
    counts = targets(seed, version)[location]
    rng = random.Random(f"kb{STREAMS[version]}-{seed}-{location.value}")
    for _ in range(MAX_ATTEMPTS):
        grid = GENERATORS[version](rng, location, counts)
        section = Section(section_id(seed, location, version), location,
                          tuple(tuple(grid[(r, c)] for c in range(SIZE)) for r in range(SIZE)))
        if not problems(section, version):
            return section
    raise PnpError(say("problem.kingdom_builder.gave_up", location=location.value, seed=seed, attempts=MAX_ATTEMPTS))


def generate_set(seed: int, version: int = VERSION) -> list[Section]:
    """One section per location type, in the digest's order of location types."""
    return [generate(seed, location, version) for location in LOCATIONS]


def resolve(name: str) -> Section | None:
    """The section a generated id names, or None for any other name."""
    parsed = parse_id(name)
    if parsed is None:
        return None
    version, seed, location = parsed
    return generate(seed, location, version)


def regions(section: Section, terrain: Terrain) -> list[list[hexgrid.Cell]]:
    """Connected groups of hexes of one terrain inside the section."""
    return hexgrid.groups([c for c in CELLS if section.at(c) is terrain], NEAR.__getitem__)


def same_neighbour_share(section: Section) -> float:
    """Share of adjacent hex pairs inside the section that have the same terrain."""
    pairs = [(c, n) for c in CELLS for n in NEAR[c] if n > c]
    return sum(section.at(c) is section.at(n) for c, n in pairs) / len(pairs)


def problems(section: Section, version: int = VERSION) -> list[str]:
    """The digest's published-section facts a section breaks, plus the shape rules."""
    found = design_problems(section)
    if version >= 2:
        for cell in CELLS:
            if section.at(cell).is_special and sum(section.at(n) in BUILDABLE for n in NEAR[cell]) < 2:
                found.append(f"{section.at(cell).value} at row {cell[0] + 1}, column {cell[1] + 1} has fewer than "
                             f"2 buildable neighbours")
    for terrain in BUILDABLE:
        count = len(regions(section, terrain))
        if not 1 <= count <= 4:
            found.append(f"{terrain.value} forms {count} regions; needs 1-4")
    if not 1 <= len(regions(section, Terrain.WATER)) <= 5:
        found.append("water must form 1-5 regions")
    if len(regions(section, Terrain.MOUNTAIN)) > 4:
        found.append("mountains must form at most 4 regions")
    low, high = SAME_NEIGHBOUR_RANGE
    share = same_neighbour_share(section)
    if not low <= share <= high:
        found.append(f"{share:.0%} of neighbours share their terrain; needs {low:.0%}-{high:.0%}")
    return found


def _specials(rng: random.Random, location: Terrain) -> Grid:
    castles = 2 if location in TWO_CASTLE_LOCATIONS else 1
    while True:
        chosen = rng.sample(INTERIOR, 3)
        if all(hexgrid.distance(a, b) >= 3 for i, a in enumerate(chosen) for b in chosen[i + 1:]):
            return {cell: Terrain.CASTLE if k < castles else location for k, cell in enumerate(chosen)}


def _walk(rng: random.Random, grid: Grid, start: hexgrid.Cell, length: int, terrain: Terrain, keep: float) -> int:
    """A random walk that keeps its direction with probability `keep`; returns hexes placed."""
    direction = rng.randrange(6)
    cell, placed = start, 0
    for _ in range(length * 3):
        if placed == length:
            break
        if cell not in grid:
            grid[cell] = terrain
            placed += 1
        if rng.random() > keep:
            direction = (direction + rng.choice((-1, 1))) % 6
        ahead = hexgrid.step(cell, hexgrid.DIRECTIONS[direction][0])
        if hexgrid.in_bounds(ahead, SIZE, SIZE) and (ahead not in grid or grid[ahead] is terrain):
            cell = ahead
        else:
            direction = rng.randrange(6)
    return placed


def _grow(rng: random.Random, grid: Grid, terrain: Terrain, count: int, seeds: int) -> None:
    """Add `count` hexes of `terrain`, from `seeds` new starting hexes, next to its own hexes."""
    free = [c for c in CELLS if c not in grid]
    region = rng.sample(free, min(seeds, count, len(free)))
    for cell in region:
        grid[cell] = terrain
    placed = len(region)
    while placed < count:
        frontier = sorted({n for c in region for n in NEAR[c] if n not in grid})
        if not frontier:  # boxed in: start another region
            frontier = [c for c in CELLS if c not in grid]
        cell = rng.choice(frontier)
        grid[cell] = terrain
        region.append(cell)
        placed += 1


def _version_1(rng: random.Random, location: Terrain, counts: dict[Terrain, int]) -> Grid:
    grid = _specials(rng, location)
    water = counts[Terrain.WATER]
    if water >= 8 and rng.random() < 0.7:  # a river from the border, then lakes with the rest
        border = [c for c in CELLS if hexgrid.is_edge(c, SIZE, SIZE) and c not in grid]
        water -= _walk(rng, grid, rng.choice(border), rng.randint(6, min(12, water)), Terrain.WATER, 0.75)
    if water:
        _grow(rng, grid, Terrain.WATER, water, rng.randint(1, 2))
    mountain = counts[Terrain.MOUNTAIN]
    for _ in range(8):  # ranges of 2-5 hexes
        if not mountain:
            break
        start = rng.choice([c for c in CELLS if c not in grid])
        mountain -= _walk(rng, grid, start, min(mountain, rng.randint(2, 5)), Terrain.MOUNTAIN, 0.6)
    if mountain:  # walks that kept running into other terrain: place the rest as a block
        _grow(rng, grid, Terrain.MOUNTAIN, mountain, 1)
    buildable = list(BUILDABLE)
    rng.shuffle(buildable)
    for terrain in buildable[:-1]:
        _grow(rng, grid, terrain, counts[terrain], rng.randint(1, 2))
    last = buildable[-1]  # the last terrain takes the hexes left, which must be its count
    for cell in CELLS:
        grid.setdefault(cell, last)
    return grid


GENERATORS: dict[int, Callable[[random.Random, Terrain, dict[Terrain, int]], Grid]] = {1: _version_1, 2: _version_1}
STREAMS = {1: 1, 2: 1}  # the version whose random streams each version draws from
