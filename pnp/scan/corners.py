"""The four points that place a board in a photo, given with `--corners "X,Y X,Y X,Y X,Y"` (or
clicked on the desk): the pixel centres of the board's places at its top-left, top-right,
bottom-left and bottom-right corners, which the game names (`names`: Kingdom Builder's A1, A20,
T1, T20)."""

from __future__ import annotations

import math

from pnp.errors import InputError, OptionError, Problem, say

Point = tuple[float, float]
FLAG = "--corners"  # the option the points are given with, which problems with them name
SETUP_FLAG = "--empty-corners"  # ... and those of the set-up photo (`--empty`)


def parse_corners(text: str, names: tuple[str, ...], flag: str = FLAG) -> list[Point]:
    """'X,Y X,Y X,Y X,Y' (pixel centres of the places `names`) as four points (given with `flag`)."""
    points = []
    for part in text.replace(";", " ").split():
        x, comma, y = part.partition(",")
        try:
            point = (float(x), float(y))
        except ValueError:
            point = (math.nan, math.nan)
        if not comma or not all(math.isfinite(v) for v in point):
            raise OptionError([say("problem.at", where=flag, message=say("problem.scan.point", part=f"'{part}'"))])
        points.append(point)
    if len(points) != 4:
        raise OptionError([say("problem.at", where=flag, message=say("problem.scan.points", count=len(points),
                                                                     names=list(names)))])
    return points


def check_corners(corners: list[Point], width: int, height: int, names: tuple[str, ...], flag: str = FLAG) -> None:
    """Corners inside the photo (`width` x `height`) and going round the board the right way
    (given with `flag`)."""
    problems: list[Problem] = []
    for (x, y), name in zip(corners, names):
        if not (0 <= x < width and 0 <= y < height):
            problems.append(Problem(flag, None, say("problem.scan.outside", name=name, point=f"{x:g},{y:g}",
                                                                  width=width, height=height)))
    if problems:
        raise InputError(problems)
    top_left, top_right, bottom_left, bottom_right = corners
    around = [top_left, top_right, bottom_right, bottom_left]
    turns = []
    for k in range(4):
        (x0, y0), (x1, y1), (x2, y2) = around[k], around[(k + 1) % 4], around[(k + 2) % 4]
        turns.append((x1 - x0) * (y2 - y1) - (y1 - y0) * (x2 - x1))
    if not all(turn > 0 for turn in turns):
        raise InputError([Problem(flag, None, say("problem.scan.order", names=list(names[:3]), last=names[3]))])
