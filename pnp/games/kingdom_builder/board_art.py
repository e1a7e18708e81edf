"""Drawing board sections and assembled boards: printed sections, set-up and score pictures."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import replace

from pnp import hexgrid
from pnp.draw import CUT, Drawing, Group, Item, Paint, Point, Polygon, compose, place, scale as scale_by, translate
from pnp.games.kingdom_builder import art
from pnp.games.kingdom_builder.section import SIZE, Section
from pnp.games.kingdom_builder.facts import Terrain
from pnp.render import fonts
from pnp.render.i18n import Catalog

# Printed sections have the same hexes on every paper, so sections printed on A4 and on
# Letter still fit together: 18.8 mm across the flats fits both with any bleed up to 6 mm.
HEX_WIDTH = 18.8
HEX_RADIUS = HEX_WIDTH / math.sqrt(3)
SYMBOL_SCALE = 0.42   # a terrain's symbol, in hex radii
SYMBOL_RISE = 0.6     # how far above the hex's middle it stands, in hex radii
SPECIAL_SCALE = 1.3   # a castle or location icon, in the middle
LABEL_SIZE = 6.0      # points: a section's id and name, in one castle hex
# Edge k of a cell (from corner k to corner k + 1, clockwise from the top) faces this neighbour.
_EDGE_FACES = ("NE", "E", "SE", "SW", "W", "NW")


def outline(cells: Iterable[hexgrid.Cell], size: float) -> tuple[Point, ...]:
    """The outer boundary of a group of hexes as one clockwise polygon (the cut line)."""
    inside = set(cells)
    edges: dict[Point, Point] = {}
    for cell in inside:
        corners = [(round(x, 6), round(y, 6)) for x, y in hexgrid.corners(cell, size)]
        for k, face in enumerate(_EDGE_FACES):
            if hexgrid.step(cell, face) not in inside:
                edges[corners[k]] = corners[(k + 1) % 6]
    start = min(edges)
    points, point = [start], edges[start]
    while point != start:
        points.append(point)
        point = edges[point]
    return _merge_straight(points)


def _merge_straight(points: list[Point]) -> tuple[Point, ...]:
    """Drop corners where the outline runs straight on (bleed offsets need real corners)."""
    kept = []
    n = len(points)
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy) = points[i - 1], points[i], points[(i + 1) % n]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9:
            kept.append(points[i])
    return tuple(kept)


def hexes(terrain_at: Callable[[hexgrid.Cell], Terrain], rows: int, cols: int, size: float,
          symbols: bool = True, line: float = 0.3, colour: Callable[[Terrain], str] = art.colour,
          ink: str = art.INK, labelled: hexgrid.Cell | None = None) -> list[Item]:
    """Coloured hexes with their terrain symbols, castle and location icons. A terrain's symbol
    stands small at the top of its hex, leaving the middle to a settlement (which would hide
    it, and on which a scan of the board looks for the piece's colour alone); castles and
    locations, where nothing is built, have their icons large in the middle, but the
    `labelled` hex's icon goes to the top too, leaving its middle for a label."""
    items: list[Item] = []
    for cell in hexgrid.cells(rows, cols):
        terrain = terrain_at(cell)
        corners = tuple(hexgrid.corners(cell, size))
        fill = colour(terrain)
        # The ink saver prints the hex in a light tint of its colour (art.saver); its symbol and pattern stay.
        hex_ = Polygon(corners, Paint(fill=fill, stroke=ink, width=line, bulk=True, saver=art.saver(terrain, fill)))
        items.append(hex_)
        x, y = hexgrid.centre(cell, size)
        if art.pattern(terrain):
            box = size * 2  # the hex's bounding square, the pattern clipped to the hex
            items.append(Group(art.pattern(terrain), compose(translate(x - size, y - size), scale_by(box)),
                               clip=Polygon(tuple(((px - x + size) / box, (py - y + size) / box) for px, py in corners), CUT)))
        if symbols or terrain.is_special:
            if terrain.is_special and cell != labelled:
                scale = size * SPECIAL_SCALE
            else:
                scale, y = size * SYMBOL_SCALE, y - size * SYMBOL_RISE
            items.append(place(art.bold(art.icon(terrain)), x - scale / 2, y - scale / 2, scale))
    return items


def _bleed_ring(section: Section, size: float) -> list[Item]:
    """Hexes just outside the section, artwork for the bleed beyond the cut line. A ring hex is
    cut from its centre to its corners into six triangles, each the colour of the inside hex
    nearest it (across that edge, or the edge nearest round the hex), so what shows beyond each
    cut edge is the colour inside it (a ring hex above two hexes shows each one's colour above it)."""
    ring: list[Item] = []
    for row in range(-1, SIZE + 1):
        for col in range(-1, SIZE + 1):
            if hexgrid.in_bounds((row, col), SIZE, SIZE):
                continue
            across = {k: hexgrid.step((row, col), face) for k, face in enumerate(_EDGE_FACES)}
            inside = [k for k, cell in across.items() if hexgrid.in_bounds(cell, SIZE, SIZE)]
            if not inside:
                continue
            terrains = [section.at(across[min(inside, key=lambda j: (min((k - j) % 6, (j - k) % 6), j))]) for k in range(6)]
            corners, centre = hexgrid.corners((row, col), size), hexgrid.centre((row, col), size)
            colours = [art.colour(terrain) for terrain in terrains]
            of_colour = dict(zip(colours, terrains))  # terrains of one colour (locations) print alike
            for colour, run in _runs(colours):
                points = tuple(corners) if len(run) == 6 else (centre, *(corners[k] for k in run), corners[(run[-1] + 1) % 6])
                saver = art.saver(of_colour[colour], colour)
                ring.append(Polygon(points, Paint(fill=colour, stroke=colour, width=0.3, bulk=True, saver=saver)))
    return ring


def _runs(colours: list[str]) -> list[tuple[str, list[int]]]:
    """The six triangles of a hex (by edge) gathered into runs of one colour, going round."""
    if len(set(colours)) == 1:
        return [(colours[0], list(range(6)))]
    start = next(k for k in range(6) if colours[k] != colours[k - 1])
    runs: list[tuple[str, list[int]]] = []
    for k in ((start + step) % 6 for step in range(6)):
        if runs and runs[-1][0] == colours[k]:
            runs[-1][1].append(k)
        else:
            runs.append((colours[k], [k]))
    return runs


def label_hex(section: Section) -> hexgrid.Cell:
    """The hex a section's label is printed in: a castle, where nobody builds, so a scan of the
    board never takes the label for a settlement; of two castles the lower one (nearer the
    section's bottom edge), then the one nearer the middle."""
    castles = [cell for cell in hexgrid.cells(SIZE, SIZE) if section.at(cell) is Terrain.CASTLE]
    return max(castles, key=lambda cell: (cell[0], -abs(cell[1] - (SIZE - 1) / 2)))


def section_drawing(section: Section, t: Catalog) -> Drawing:
    """A printed section: its hexes at HEX_WIDTH, cut along its outer outline, with its id, its
    location type and an arrow showing which edge is the top, all inside one castle hex."""
    size = HEX_RADIUS
    width, height = hexgrid.map_extent(SIZE, SIZE, size)
    labelled = label_hex(section)
    items = _bleed_ring(section, size) + hexes(lambda cell: section.at(cell), SIZE, SIZE, size, line=0.35, labelled=labelled)
    # The id broken before its last hyphen, as identifiers are (a hyphen ending a line would
    # read as a word broken in two): "▲ kb2-1000" over "-tavern"; then, below it, the
    # location's name in the kit's language where it is another word (in Persian at 7 pt).
    label = f"▲ {section.name[:-len(section.location.value) - 1]}\n-{section.location.value}"
    name = t(f"location.{section.location.value}")
    x, y = hexgrid.centre(labelled, size)
    left, top, span = x - HEX_WIDTH / 2 + 0.8, y - size * 0.3, HEX_WIDTH - 1.6
    # Dark text straight on the castle's light stone (contrast about 10:1), no plate: a plate of
    # paper white inside a buildable hex was read by the scanner as a white settlement.
    boxes = [fonts.paragraph(left, top, span, label, LABEL_SIZE, bold=True, align="center")]
    if name.lower() != section.location.value:
        below = top + 2 * fonts.layout(boxes[0]).line_height  # the third line's place
        boxes.append(fonts.paragraph(left, below, span, name, LABEL_SIZE, bold=True, align="center"))
    items += [replace(box, colour=art.INK) for box in boxes]
    cut = Polygon(outline(hexgrid.cells(SIZE, SIZE), size), CUT)
    return Drawing(f"section-{section.name}", width, height, tuple(items), cut=cut)
