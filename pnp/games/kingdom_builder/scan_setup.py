"""A set-up photo's say on the settlements read: each hex compared with itself before anyone
built (`pnp.scan.change`), so that no mark of the board's art, whatever its colour, size or
shape, is taken for a piece without a ring, and no piece on a hex that changed goes unread."""

from __future__ import annotations

import math
from typing import Any

from pnp.games.kingdom_builder.scan_colours import rgb
from pnp.games.kingdom_builder.scan_models import as_hue
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.games.kingdom_builder.scan_points import Spread, fits, known, owner
from pnp.scan.change import SEEN, Change, changes
from pnp.scan.sampling import disc, ring
from pnp.scan.stats import log_rgb

GROUND = 4.1       # the photos compare at a hex where the rims of the hexes this many widths round it show (`changes`)
UNCHANGED = 0.12   # a hex read empty whose spot changed less than this share is empty (as the tips say: at most 0.04)
CHANGED = 0.3      # ... and one that changed this share or more holds one (at the least 0.37)
BASE = 0.9         # ... unless read surely empty and its spot's base (where a piece stands) changed less than this share
SPOT = 0.2         # the spot compared: discs of this radius (in hex widths) at a piece's base, middle and top
PIECES_SEEN = 3    # a player's pieces' look in the photo is taken from this many of them at the least
NEAR = 0.35        # what changed on a hex (as_hue) this near a player's pieces' look in the photo looks like theirs ...
GAP = 0.3          # ... and settles a doubt between two players where this much nearer one's than the other's ...
APART = 0.4        # ... and their looks lie this far apart (set on varied and retail photos 0-47)
CLIPPED = 0.97     # a spot whose photo's median reaches this (RGB 0..1) in a channel is clipped: a piece may change nothing
BLEND = 0.3        # a piece may change little a print this near (as_hue) a quarter of its player's pieces' looks
FAR = 0.9          # a sure piece whose spot surely changed into what lies this far from its player's look is unsure ...
OTHERS = 0.6       # ... where it lies this near another player's look (independent 1395: 0.48 and 0.27)
MISSED = 0.75      # a hex read surely empty in a cluster whose base changed this share into a look is ringed
LIGHT = 0.3        # what changed where the light brightened this much more (log) than over the board settles no doubt
SPLIT = 5.0        # a hex's changed points are one player's where this much likelier (log, per point, the median)
                   # under that player's pieces' points than under every other's (set on independent 1560-1659)
HUED = 0.25        # ... and what changed there differs in hue (as_hue's) this much from the print under it
VOUCH = 0.5        # a grid the terrain refused stands where carrying the other photo onto it moved no hex this many widths ...
AGREE = 0.3        # ... and this share of the readable hexes did not change (UNCHANGED): the two photos agree on it
CHANGE = "changed since set-up"  # the reason a hex read empty is unsure then
STILL = "unchanged since set-up"  # ... and a piece read where nothing changed
UNLIKE = "changed unlike its player's pieces"  # ... and a sure piece FAR from its player's look, near another's


def compared(after: Any, before: Any, covered: Any, centres: Any, lean: Any, width: float) -> Change:
    """The share of each hex's spot (its base and up to where a standing house's top appears)
    that changed between the set-up photo (`before`, carried onto `after`'s frame) and the photo,
    and whether they compare there, judged on the rims of the hexes within GROUND of it."""
    import numpy as np

    spots = np.stack([centres[:, None, :] + t * lean[:, None, :] + disc(SPOT * width)[None] for t in (0.0, 0.5, 1.0)],
                     axis=1)
    rims = centres[:, None, :] + ring(PARAMS.rim_radius * width, PARAMS.rim_points)[None]
    near = np.linalg.norm(centres[:, None] - centres[None], axis=2) <= GROUND * width
    # Each hex's ground: the rims of the hexes near it, the most a hex has (the others' filled with its own).
    order = np.argsort(~near, axis=1, kind="stable")[:, :near.sum(axis=1).max()]
    around = np.where(np.take_along_axis(near, order, axis=1), order, np.arange(len(centres))[:, None])
    return changes(after, before, covered, spots, rims, rims[around].reshape(len(centres), -1, 2), width)


def vouches(change: Change, moved: float, width: float) -> bool:
    """Whether the two photos agree on a grid the terrain refused in one of them (a board's art
    unlike the kit's, pieces hiding it): carrying the set-up board onto the photo's by the
    images moved no hex VOUCH widths (`width`, pixels) from where the two grids' centres put it
    (a grid a hex off in either photo is carried a hex off, and the images pull it back), and
    AGREE or more of the readable hexes did not change (a game covers at most 160 of them;
    art carried a hex off changes nearly everywhere)."""
    import numpy as np

    return moved < VOUCH * width and float(np.mean(change.share < UNCHANGED)) >= AGREE


def evenly_lit(change: Change) -> Any:
    """Per place, whether its light changed between the photos as over the board: brightened no
    more than LIGHT (log, the channels' mean) beyond the median of the places where the photos
    compare. A lamp's glare on one photo alone adds a veil of light that no evening divides out:
    what changed there is a piece under the veil, not its colour (varied and retail 1181,
    careless: orange houses under glare, brightened 0.36-0.64 more than the board, changed as
    the yellow ones did).
    A shadow darkens the print and a piece alike, and evens out (independent photos' shadows
    lie up to 1.2 darker, and their pieces' colours still tell the players apart)."""
    import numpy as np

    if not change.steady.any():
        return np.zeros(len(change.steady), bool)
    return (change.light - np.median(change.light[change.steady], axis=0)).mean(axis=1) <= LIGHT


def apart_from(changed: Any, look: Any) -> float:
    """How far what changed on a hex (`changed`, its log colour: the piece without the art round
    it; NaN where not known) lies from a player's pieces' look in this photo (`look`, as_hue of
    what changed on their sure pieces; None where not known): endless where either is not known."""
    import numpy as np

    if look is None or np.isnan(changed).any():
        return math.inf
    return float(np.linalg.norm(as_hue(np.asarray(changed)) - look))


def told_apart(changed: Any, pieces: dict[str, Any], keys: tuple[str | None, ...]) -> str | None:
    """Of the players `keys`, the one whose pieces what changed on a hex looks like: within
    NEAR of their look, and GAP nearer it than any other player's look or a quarter of their
    pieces (`pieces`: per player, as_hue of what changed under their sure pieces; a player's
    own scatter, lit and shaded: independent 1183 L2), the looks APART; None where that does
    not tell them apart (a player's pieces not known, or None among `keys`: it may be no piece)."""
    import numpy as np

    if None in keys or any(str(key) not in pieces for key in keys):
        return None
    looks = {str(key): np.median(pieces[str(key)], axis=0) for key in keys}
    (near, key), *others = sorted((apart_from(changed, looks[str(k)]), str(k)) for k in keys)
    if near > NEAR:
        return None
    for far, other in others:
        far = min(far, quarter(as_hue(np.asarray(changed)), pieces[other]))
        if far - near < GAP or float(np.linalg.norm(looks[key] - looks[other])) < APART:
            return None
    return key


def told_by_points(change: Change, n: int, even: bool, spreads: dict[str, Spread], keys: tuple[str, ...]) -> str | None:
    """Of the players `keys`, the one whose pieces hex `n`'s changed points belong to: per point,
    SPLIT likelier (log, the median over the points) under that player's pieces' points
    (`spreads`) than under every other player's there is, and fitting them no more than FIT
    worse than the worst fitting of their sure pieces. Only where its light changed as over the
    board (`even`), and what changed differs in hue from the print (`hued`); None elsewhere,
    where no one's pieces are that likely, where a player's are not known, or where fewer than
    SEEN points changed. The whole spread of a player's pieces in this photo, not their median
    look alone: purple and white houses' looks may lie near, their lit faces' points do not
    (independent 2031)."""
    if not even or not hued(change.changed[n], change.printed[n]) or len(changed := known(change.points[n])) < SEEN:
        return None
    return owner(changed, spreads, keys, SPLIT)


def another_players(change: Change, n: int, even: bool, seen: dict[str, list[int]], spreads: dict[str, Spread],
                    key: str) -> str | None:
    """The player other than `key` whose pieces a sure piece of `key`'s on hex `n` is, by its
    changed points (`told_by_points` among every player's, `key`'s taken from their other sure
    pieces `seen`: it would widen theirs), where they fit `key`'s pieces' points more than FIT
    worse than the worst fitting of those pieces, its spot surely changed (CHANGED); None where
    it is theirs, or no one tells. No one does where they are SPLIT likelier under `key`'s
    pieces' points, itself among them, than under any other player's (most pieces: `key`'s are
    not taken again)."""
    import numpy as np

    if (key not in seen or len(spreads) < 2 or change.surely[n] < CHANGED or not even
            or not hued(change.changed[n], change.printed[n]) or len(changed := known(change.points[n])) < SEEN):
        return None
    likely = {other: float(np.median(spread.gaussian.log_likelihood(as_hue(changed))))
              for other, spread in spreads.items()}
    if max(value for other, value in likely.items() if other != key) < likely[key] - SPLIT:
        return None
    own = Spread.of(change.points[[piece for piece in seen[key] if piece != n]])
    other = told_by_points(change, n, even, {**spreads, key: own}, tuple(spreads))
    return other if other not in (None, key) and not fits(own.gaussian.log_likelihood(as_hue(changed)), own) else None


def hued(changed: Any, printed: Any) -> bool:
    """Whether what changed on a hex (`changed`, log colour; NaN where not known) differs in hue
    from the print under it (`printed`) by HUED or more: a neighbour's shadow darkens the print
    and keeps its hue, and on water looks like a blue piece's shaded face (varied 627 B10 and
    D1, careless: 0.13 and 0.02; the pieces told by their points on independent 1560-1659
    and varied 0-47, 0.31 and more)."""
    import numpy as np

    return not np.isnan(changed).any() and float(np.linalg.norm((as_hue(changed) - as_hue(printed))[:2])) >= HUED


def quarter(colour: Any, theirs: Any) -> float:
    """How near `colour` (as_hue) a quarter of a player's pieces (`theirs`, as_hue, a row each) lie."""
    import numpy as np

    return float(np.quantile(np.linalg.norm(theirs - colour, axis=1), 0.25))


def blends(printed: Any, theirs: Any) -> bool:
    """Whether a piece of a player whose sure pieces changed their spots into `theirs` (as_hue,
    one row each; None where too few were seen) might stand on a print of log colour `printed`
    (the set-up photo's there) and change it little: a quarter of them lie within BLEND of it
    (a careless photo's green piece on a green print: varied 529 E11; a white one on pale
    desert: varied 415 T9; a green one on a dark green forest: independent 1142 I18)."""
    import numpy as np

    return theirs is not None and quarter(as_hue(np.asarray(printed)), theirs) <= BLEND


def likeliest(spot: Any, players: list[tuple[str, str]]) -> str:
    """The player whose piece colour is nearest a hex's spot colour (RGB 0..1): a suggestion
    where a hex changed since set-up and neither reader saw a piece."""
    import numpy as np

    seen = as_hue(np.median(log_rgb(spot), axis=0))
    refs = as_hue(log_rgb(np.array([rgb(colour) for _, colour in players]) / 255.0))
    return players[int(np.argmin(np.linalg.norm(refs - seen, axis=1)))][0]
