"""Whether the board's grid, placed from the four corners given, sits on the terrain the form
says: hexes side by side of one terrain look alike, of two terrains unlike. Corners clicked a
hex or two off are found again nearby; a grid that fits nowhere near is refused, never read.

Only neighbouring hexes are compared, so uneven light, which changes little from one hex to
the next, does not count. Each hex is sampled round its rim, where pieces rarely stand.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp import hexgrid
from pnp.errors import InputError, Problem
from pnp.games.kingdom_builder.model import COLS, ROWS, SECTOR_OF, Board, Placement, label
from pnp.games.kingdom_builder.scan_geometry import CORNER_CELLS, S, W, board_centres, ring, sample, transform
from pnp.games.kingdom_builder.scan_params import PARAMS, log_rgb, masked_medians

Cell = tuple[int, int]
POSITIONS = ("top-left", "top-right", "bottom-left", "bottom-right")


@dataclass(frozen=True)
class Fit:
    cells: tuple[Cell, ...]   # the cells the four points given are taken to be the centres of
    sections: Any             # per section, then per corner's block, how unlike its neighbouring hexes of one
                              # terrain are against those of two (0 where too few are seen to tell)

    @property
    def score(self) -> float:
        """What the search makes small: the sections' mean."""
        return float(self.sections.mean())


def fits(image: Any, corners: list[tuple[float, float]], board: Board) -> bool:
    """Whether the terrain fits the grid through `corners`, the pixel centres of A1, A20, T1,
    T20 in `image` (RGB, best the board straightened, where hexes are all about one size), in
    every section, clearly better than any grid a step from it."""
    fitter = _Fitter(image, corners, board)
    return fitter.settled(fitter.fit(CORNER_CELLS))


def nearby(image: Any, corners: list[tuple[float, float]], board: Board) -> list[tuple[float, float]]:
    """Where the grid fits best with each corner up to `fit_reach` hexes from `corners`: the
    pixel centres of A1, A20, T1, T20 of that grid."""
    import cv2
    import numpy as np

    best = _Fitter(image, corners, board).search()
    to_image = cv2.getPerspectiveTransform(np.float32(_units(best.cells)), np.float32(corners))
    return [(float(x), float(y)) for x, y in transform(to_image, _units(CORNER_CELLS))]


def mismatch(image: Any, corners: list[tuple[float, float]], board: Board, source: str) -> InputError:
    """The refusal of a grid that fits nowhere near the corners given (`source`: where they
    came from): which sections do not match there, and the likeliest reason."""
    given = _Fitter(image, corners, board).fit(CORNER_CELLS).sections
    poor = [k for k in range(4) if given[k] > PARAMS.fit_poor] or list(range(4))
    names = ", ".join(f"{_name(board.placements[k])} ({POSITIONS[k]})" for k in poor)
    text = f"the photo's terrain does not match section{'s' if len(poor) > 1 else ''} {names} at these corners"
    for k in poor:
        placements = list(board.placements)
        placements[k] = Placement(placements[k].section, not placements[k].turned)
        turned = Board(tuple(placements))  # type: ignore[arg-type]
        if _Fitter(image, corners, turned).fit(CORNER_CELLS).sections[k] <= PARAMS.fit_poor:
            return InputError([Problem(source, None, f"{text}; is the {POSITIONS[k]} section turned the other way?")])
    return InputError([Problem(source, None, f"{text}; are the points the centres of "
                                             f"{', '.join(label(c) for c in CORNER_CELLS)}, and is this the board photographed?")])


def _name(placement: Placement) -> str:
    """A section as a form names it: a location's default section by the location's name."""
    from pnp.games.kingdom_builder.facts import LOCATIONS
    from pnp.games.kingdom_builder.library import default_id

    name = next((t.value for t in LOCATIONS if default_id(t) == placement.section.name), placement.section.name)
    return name + ("@180" if placement.turned else "")


class _Fitter:
    """How well the terrain fits grids placed with the four points given at various cells."""

    def __init__(self, image: Any, corners: list[tuple[float, float]], board: Board):
        import numpy as np

        self.image, self.corners = image, corners
        self.terrain = np.unique([t.value for t in board.terrain], return_inverse=True)[1]
        pairs = np.array([(i, j) for i, near in enumerate(hexgrid.neighbour_table(ROWS, COLS)) for j in near if j > i])
        self.first, self.second = pairs.T
        # The four sections, then the four corners' blocks, where a corner a hex off shows most.
        rows, cols = np.divmod(np.arange(ROWS * COLS), COLS)
        near = PARAMS.fit_corner
        regions = [np.array(SECTOR_OF) == k for k in range(4)]
        regions += [(np.abs(rows - r) < near) & (np.abs(cols - c) < near) for r, c in CORNER_CELLS]
        self.within = np.array([region[self.first] & region[self.second] for region in regions])
        self.rim = board_centres()[:, None, :] + ring(PARAMS.rim_radius * W / S, PARAMS.fit_points)[None]
        self.seen: dict[tuple[Cell, ...], Fit] = {}

    def settled(self, fit: Fit) -> bool:
        """Whether `fit` fits every section and is clearly better than every other grid tried,
        those a step from it at least: each of them clearly worse in some section or corner's
        block (a corner a hex off shows most there)."""
        import numpy as np

        for cells in _moves(fit.cells):
            self.fit(cells)
        own = np.maximum(fit.sections, 1e-6)
        rivals = min(float((other.sections / own).max()) for other in self.seen.values() if other.cells != fit.cells)
        return bool(fit.sections[:4].max() <= PARAMS.fit_poor and rivals >= PARAMS.fit_clear)

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
        import cv2
        import numpy as np

        if cells not in self.seen:
            to_photo = cv2.getPerspectiveTransform(np.float32(_units(cells)), np.float32(self.corners))
            points = transform(to_photo, self.rim.reshape(-1, 2)).reshape(self.rim.shape)
            colour = np.median(sample(self.image, points).astype(np.float32) / 255.0, axis=1)
            shown = colour.min(axis=1) < PARAMS.rim_white  # glare washes terrain out: it tells nothing
            logs = log_rgb(colour)
            apart = np.abs(logs[self.first] - logs[self.second]).sum(axis=1)
            usable = shown[self.first] & shown[self.second]
            same = self.terrain[self.first] == self.terrain[self.second]
            alike, unlike = self.within & (usable & same), self.within & (usable & ~same)
            pairs = np.broadcast_to(apart[:, None], (*apart.shape, 1))
            ratio = masked_medians(pairs[None], alike)[:, 0] / np.maximum(masked_medians(pairs[None], unlike)[:, 0], 1e-6)
            enough = np.minimum(alike.sum(axis=1), unlike.sum(axis=1)) >= PARAMS.fit_pairs
            self.seen[cells] = Fit(cells, np.where(enough, ratio, 0.0).astype(float))
        return self.seen[cells]


def _units(cells: tuple[Cell, ...]) -> Any:
    import numpy as np

    return np.array([hexgrid.centre(cell, 1.0) for cell in cells], float)


def _near(centre: Cell) -> list[Cell]:
    """The cells within `fit_reach` hexes of `centre`, itself included."""
    found = {centre}
    for _ in range(PARAMS.fit_reach):
        found |= {near for cell in found for near in hexgrid.neighbours(cell)}
    return sorted(found)


def _moves(cells: tuple[Cell, ...]) -> list[tuple[Cell, ...]]:
    """The grids a step from `cells`: one corner, two or all four a hex over the same way."""
    import itertools

    groups = [group for size in (1, 2, 4) for group in itertools.combinations(range(4), size)]
    return [tuple(hexgrid.step(cell, name) if k in group else cell for k, cell in enumerate(cells))
            for group in groups for name, _ in hexgrid.DIRECTIONS]
