"""The four points that place a board in a photo, given with `--corners "X,Y X,Y X,Y X,Y"` (or
clicked on the desk): the pixel centres of the board's places at its top-left, top-right,
bottom-left and bottom-right corners, which the game names (`names`: Kingdom Builder's A1, A20,
T1, T20)."""

from __future__ import annotations

import math

from pnp.errors import InputError, OptionError, Problem

Point = tuple[float, float]


def parse_corners(text: str, names: tuple[str, ...]) -> list[Point]:
    """'X,Y X,Y X,Y X,Y' (pixel centres of the places `names`) as four points."""
    points = []
    for part in text.replace(";", " ").split():
        x, comma, y = part.partition(",")
        try:
            point = (float(x), float(y))
        except ValueError:
            point = (math.nan, math.nan)
        if not comma or not all(math.isfinite(v) for v in point):
            raise OptionError([f"--corners: '{part}' is not a point X,Y in pixels"])
        points.append(point)
    if len(points) != 4:
        raise OptionError([f"--corners: {len(points)} points given; give 4, the centres of {', '.join(names)}: "
                           "\"X,Y X,Y X,Y X,Y\""])
    return points


def check_corners(corners: list[Point], width: int, height: int, names: tuple[str, ...]) -> None:
    """Corners inside the photo (`width` x `height`) and going round the board the right way."""
    problems = []
    for (x, y), name in zip(corners, names):
        if not (0 <= x < width and 0 <= y < height):
            problems.append(Problem("--corners", None, f"{name} at {x:g},{y:g} lies outside the photo ({width} x {height})"))
    if problems:
        raise InputError(problems)
    top_left, top_right, bottom_left, bottom_right = corners
    around = [top_left, top_right, bottom_right, bottom_left]
    turns = []
    for k in range(4):
        (x0, y0), (x1, y1), (x2, y2) = around[k], around[(k + 1) % 4], around[(k + 2) % 4]
        turns.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
    if not all(turn > 0 for turn in turns):
        raise InputError([Problem("--corners", None, f"the four points do not form a board: give the centres of "
                                                     f"{', '.join(names[:3])} and {names[3]} in that order (top-left, "
                                                     "top-right, bottom-left, bottom-right)")])
