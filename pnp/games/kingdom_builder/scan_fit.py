"""Whether the board's grid, placed from the four corners given, sits on the terrain the form
says: hexes side by side of one terrain look alike, of two terrains unlike. Corners clicked a
hex or two off are found again nearby; a grid that fits nowhere near is refused, never read.

Only neighbouring hexes are compared, so uneven light, which changes little from one hex to
the next, does not count; and only by rank (is a neighbour of a hex's own terrain nearer to it
than one of another?), so a lamp's veil, which brings all colours nearer, counts little. Each
hex is sampled round its rim, where small pieces rarely stand; hexes in a patch that glare has
washed out white are left out; and where it is given where pieces stand, the samples they
cover: a piece larger than the kit's covers its hex's rim, and where it leans, a neighbour's.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, Problem, say
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, Board, Placement, label
from pnp.games.kingdom_builder.scan_layout import CORNER_CELLS, S, W, board_centres, flat
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.sampling import ring, sample, transform
from pnp.scan.stats import log_rgb

Cell = tuple[int, int]
POSITIONS = ("top-left", "top-right", "bottom-left", "bottom-right")


@dataclass(frozen=True)
class Fit:
    cells: tuple[Cell, ...]   # the cells the four points given are taken to be the centres of
    sections: Any             # per section, then per corner's block: of the triples of a hex, a neighbour of its
                              # terrain and one of another, the share where the first looks less like it (0: a
                              # perfect fit, 0.5: none); ties count half
    seen: Any                 # and the share of those triples the photo shows (glare and pieces hide rims)

    @property
    def score(self) -> float:
        """What the search makes small: the sections' mean."""
        return float(self.sections.mean())


def fits(image: Any, corners: list[tuple[float, float]], board: Board, hidden: Any = None) -> bool:
    """Whether the terrain fits the grid through `corners`, the pixel centres of A1, A20, T1,
    T20 in `image` (RGB, best the board straightened, where hexes are all about one size), in
    every section, clearly better than any grid a step from it, and none half a hex over
    clearly better. `hidden`: an image the size of `image`, not 0 where a piece stands."""
    fitter = _Fitter(image, corners, board, hidden)
    return fitter.settled(fitter.fit(CORNER_CELLS))


def nearby(image: Any, corners: list[tuple[float, float]], board: Board, hidden: Any = None) -> list[tuple[float, float]]:
    """Where the grid fits best with each corner up to `fit_reach` hexes from `corners`: the
    pixel centres of A1, A20, T1, T20 of that grid."""
    import cv2
    import numpy as np

    best = _Fitter(image, corners, board, hidden).search()
    to_image = cv2.getPerspectiveTransform(np.array(_units(best.cells), dtype=np.float32),
                                           np.array(corners, dtype=np.float32))
    return [(float(x), float(y)) for x, y in transform(to_image, _units(CORNER_CELLS))]


def mismatch(image: Any, corners: list[tuple[float, float]], board: Board, source: str) -> InputError:
    """The refusal of a grid that fits nowhere near the corners given (`source`: where they
    came from): which sections do not match there, and the likeliest reason."""
    fitter = _Fitter(image, corners, board)
    given = fitter.fit(CORNER_CELLS)
    poor = [k for k, fitting in enumerate(fitter.fitting(given)) if not fitting] or list(range(4))
    names = [say("problem.scan.fit.section", name=_name(board.placements[k]),
                 position=say(f"problem.scan.fit.{POSITIONS[k]}"))
             for k in poor]
    text = say("problem.scan.fit.mismatch", count=len(poor), names=names)
    points = [label(c) for c in CORNER_CELLS]
    turned = fitter.turned().fit(CORNER_CELLS)
    for k in poor:
        if turned.seen[k] >= PARAMS.fit_seen and turned.sections[k] <= PARAMS.fit_poor < given.sections[k]:
            position = say(f"problem.scan.fit.{POSITIONS[k]}")
            return InputError([Problem(source, None, say("problem.scan.fit.turned", mismatch=text, position=position))])
    if min(given.seen[k] for k in poor) < PARAMS.fit_washed:
        return InputError([Problem(source, None, say("problem.scan.fit.glare", mismatch=text, points=points))])
    return InputError([Problem(source, None, say("problem.scan.fit.points", mismatch=text, points=points))])


def _name(placement: Placement) -> str:
    """A section as a form names it: a location's default section by the location's name."""
    from pnp.games.kingdom_builder.facts import LOCATIONS
    from pnp.games.kingdom_builder.library import default_id

    name = next((t.value for t in LOCATIONS if default_id(t) == placement.section.name), placement.section.name)
    return name + ("@180" if placement.turned else "")


class _Fitter:
    """How well the terrain fits grids placed with the four points given at various cells."""

    def __init__(self, image: Any, corners: list[tuple[float, float]], board: Board, hidden: Any = None):
        import numpy as np

        self.image, self.corners, self.board = image, corners, board
        self.hidden = hidden
        self.other: _Fitter | None = None
        terrain = np.unique([t.value for t in board.terrain], return_inverse=True)[1]
        sector = np.array(SECTOR_OF)
        # Each hex's triples: a neighbour of its terrain and one of another, both in its section.
        triples = [(i, a, b) for i, near in enumerate(hexgrid.neighbour_table(ROWS, COLS))
                   for a in near if sector[a] == sector[i] and terrain[a] == terrain[i]
                   for b in near if sector[b] == sector[i] and terrain[b] != terrain[i]]
        self.hex, self.alike, self.unlike = np.array(triples).T
        # The four sections, then the four corners' blocks, where a corner a hex off shows most.
        rows, cols = np.divmod(self.hex, COLS)
        near = PARAMS.fit_corner
        regions = [sector[self.hex] == k for k in range(4)]
        regions += [(np.abs(rows - r) < near) & (np.abs(cols - c) < near) for r, c in CORNER_CELLS]
        self.regions = np.array(regions, float)
        self.possible = np.maximum(self.regions.sum(axis=1), 1)
        self.around = _around()
        self.rim = board_centres()[:, None, :] + ring(PARAMS.rim_radius * W / S, PARAMS.fit_points)[None]
        self.tried: dict[tuple[Cell, ...], Fit] = {}

    def settled(self, fit: Fit) -> bool:
        """Whether `fit` fits every section and is clearly better than every other grid tried,
        those a step from it and those with one corner two hexes from it at least (a grid two
        hexes off can fit better than every grid a step from it). A section fits where its
        hexes' neighbours of their own terrain look nearer than those of another; one that glare
        hides is judged against itself turned the other way instead, which must fit clearly
        worse. Every other grid must fit some section or corner's block that both show clearly
        worse (a corner a hex off shows most there), and fit none clearly better."""
        if not self.fitting(fit).all():
            return False
        for cells in _moves(fit.cells) + _farther(fit.cells):
            self.fit(cells)
        compared = fit.seen >= PARAMS.fit_compared
        gap = min(_gap(fit, other, compared & (other.seen >= PARAMS.fit_compared))
                  for other in self.tried.values() if other.cells != fit.cells)
        if gap < PARAMS.fit_clear:
            return False
        # The refinement may have taken up part of a hex a corner was off: none half a hex over fits clearly better.
        units = _units(fit.cells)
        for k, cell in enumerate(fit.cells):
            for name, _ in hexgrid.DIRECTIONS:
                half = units.copy()
                half[k] = (units[k] + hexgrid.centre(hexgrid.step(cell, name), 1.0)) / 2
                other = self.measure(fit.cells, half)
                if _gap(other, fit, compared & (other.seen >= PARAMS.fit_compared)) >= PARAMS.fit_half:
                    return False
        return True

    def fitting(self, fit: Fit) -> Any:
        """Per section, whether it fits `fit`."""
        import numpy as np

        shown = fit.seen[:4] >= PARAMS.fit_seen
        fitting = np.where(shown, fit.sections[:4] <= PARAMS.fit_poor, True)
        if fitting.all() and not shown.all():
            turned = self.turned().fit(fit.cells).sections[:4]
            fitting &= shown | (fit.sections[:4] + PARAMS.fit_turned <= turned)
        return fitting

    def turned(self) -> _Fitter:
        """The fitter of the board with every section turned the other way."""
        if self.other is None:
            turned = [Placement(p.section, not p.turned) for p in self.board.placements]
            board = Board((turned[0], turned[1], turned[2], turned[3]))
            self.other = _Fitter(self.image, self.corners, board, self.hidden)
        return self.other

    def search(self) -> Fit:
        """The best grid nearby: the four corners moved alike, then each on its own in turn, then
        a step at a time while a step fits better."""
        cells = min((tuple(hexgrid.step(cell, name, distance) for cell in CORNER_CELLS)
                     for name, _ in hexgrid.DIRECTIONS for distance in range(PARAMS.fit_reach + 1)),
                    key=lambda option: self.fit(option).score)
        for _ in range(2):
            before = cells
            for k in range(4):
                cells = min(((*cells[:k], cell, *cells[k + 1:]) for cell in _near(CORNER_CELLS[k])),
                            key=lambda option: self.fit(option).score)
            if cells == before:
                break
        best = self.fit(cells)
        while (step := min((self.fit(option) for option in _moves(best.cells)), key=lambda f: f.score)).score < best.score:
            best = step
        return best

    def fit(self, cells: tuple[Cell, ...]) -> Fit:
        if cells not in self.tried:
            self.tried[cells] = self.measure(cells, _units(cells))
        return self.tried[cells]

    def measure(self, cells: tuple[Cell, ...], units: Any) -> Fit:
        """The fit of the grid with the four points given at `units` (board units: the centres of `cells`, or
        between cells)."""
        import cv2
        import numpy as np

        to_photo = cv2.getPerspectiveTransform(np.array(units, dtype=np.float32),
                                               np.array(self.corners, dtype=np.float32))
        points = transform(to_photo, self.rim.reshape(-1, 2)).reshape(self.rim.shape)
        samples = sample(self.image, points).astype(np.float32) / 255.0
        colour = _median(samples, np.zeros(samples.shape[:2], bool))
        # A lamp's glare washes out a patch of hexes, of all terrains, where colours tell little; a
        # light terrain lies among darker ones.
        darkest = colour.min(axis=1)
        patch = np.sort(darkest[self.around], axis=1)[:, PARAMS.fit_patch]
        shown = (darkest < PARAMS.washed_out) & (patch < PARAMS.rim_white)
        bare = np.ones(len(colour), bool)
        if self.hidden is not None:  # each hex by the samples no piece covers, where enough are left
            covered = sample(self.hidden, points)[..., 0] > 0
            colour = _median(samples, covered)
            bare = (~covered).sum(axis=1) >= PARAMS.fit_bare
        logs = log_rgb(colour)
        alike = np.abs(logs[self.hex] - logs[self.alike]).sum(axis=1)
        unlike = np.abs(logs[self.hex] - logs[self.unlike]).sum(axis=1)
        # Of all triples: a section whose pieces hide most of it is judged against itself turned, as under glare.
        counted = bare[self.hex] & bare[self.alike] & bare[self.unlike] & shown[self.hex] & shown[self.alike] & shown[self.unlike]
        worse = np.where(counted, (alike > unlike) + 0.5 * (alike == unlike), 0.0)
        triples = self.regions @ counted
        return Fit(cells, self.regions @ worse / np.maximum(triples, 1), triples / self.possible)


def _median(samples: Any, covered: Any) -> Any:
    """Per hex, each channel's median of its samples (hexes x samples x 3) not `covered` (the
    median of all where every one is)."""
    import numpy as np

    left = (~covered).sum(axis=1)
    covered = covered & (left > 0)[:, None]
    left = np.where(left > 0, left, covered.shape[1])
    ordered = np.sort(np.where(covered[..., None], np.inf, samples), axis=1)
    low = np.take_along_axis(ordered, ((left - 1) // 2)[:, None, None], axis=1)[:, 0]
    high = np.take_along_axis(ordered, (left // 2)[:, None, None], axis=1)[:, 0]
    return (low + high) / 2


@lru_cache(maxsize=1)
def _around() -> Any:
    """Each hex and those within two of it (19; at the board's edge padded with the hex itself)."""
    import numpy as np

    around = [{flat(c) for c in _within(cell, 2) if hexgrid.in_bounds(c, ROWS, COLS)} for cell in hexgrid.cells(ROWS, COLS)]
    return np.array([sorted(group) + [i] * (19 - len(group)) for i, group in enumerate(around)])


def _gap(fit: Fit, other: Fit, where: Any) -> float:
    """How clearly worse `other` fits than `fit`: by its most worse section or block, less
    `fit_against` times its most better."""
    import numpy as np

    diff = other.sections - fit.sections
    return float(np.max(diff, where=where, initial=-1.0) - PARAMS.fit_against * max(-np.min(diff, where=where, initial=0.0), 0.0))


def _units(cells: tuple[Cell, ...]) -> Any:
    import numpy as np

    return np.array([hexgrid.centre(cell, 1.0) for cell in cells], float)


def _near(centre: Cell) -> list[Cell]:
    """The cells within `fit_reach` hexes of `centre`, itself included."""
    return _within(centre, PARAMS.fit_reach)


def _within(centre: Cell, reach: int) -> list[Cell]:
    """The cells within `reach` hexes of `centre`, itself included, on the board or off it."""
    found = {centre}
    for _ in range(reach):
        found |= {near for cell in found for near in hexgrid.neighbours(cell)}
    return sorted(found)


def _farther(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The grids with one corner two hexes from `cells`."""
    return [(*cells[:k], cell, *cells[k + 1:]) for k, corner in enumerate(cells)
            for cell in _within(corner, 2) if hexgrid.distance(cell, corner) == 2]


def _moves(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The grids a step from `cells`: one corner, two or all four a hex over the same way."""
    import itertools

    groups = [group for size in (1, 2, 4) for group in itertools.combinations(range(4), size)]
    return [tuple(hexgrid.step(cell, name) if k in group else cell for k, cell in enumerate(cells))
            for group in groups for name, _ in hexgrid.DIRECTIONS]
