"""A set-up photo's say on the settlements read: each hex compared with itself before anyone
built (`pnp.scan.change`), so that no mark of the board's art, whatever its colour, size or
shape, is taken for a piece without a ring, and no piece on a hex that changed goes unread."""

from __future__ import annotations

import math
from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS
from pnp.games.kingdom_builder.scan_colours import rgb
from pnp.games.kingdom_builder.scan_models import as_hue
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.change import Change, changes
from pnp.scan.sampling import disc, ring
from pnp.scan.stats import log_rgb

UNCHANGED = 0.12   # a hex read empty whose spot changed less than this share is empty (as the tips say: at most 0.04)
CHANGED = 0.3      # ... and one that changed this share or more holds one (at the least 0.37)
SPOT = 0.2         # the spot compared: discs of this radius (in hex widths) at a piece's base, middle and top
PIECES_SEEN = 3    # a player's pieces' look in the photo is taken from this many of them at the least
NEAR = 0.35        # what changed on a hex (as_hue) this near a player's pieces' look in the photo looks like theirs ...
GAP = 0.3          # ... and settles a doubt between two players where this much nearer one's than the other's ...
APART = 0.4        # ... and their looks lie this far apart (set on varied and retail photos 0-47)
CHANGE = "changed since set-up"  # the reason a hex read empty is unsure then
STILL = "unchanged since set-up"  # ... and a piece read where nothing changed


def compared(after: Any, before: Any, covered: Any, centres: Any, lean: Any, width: float) -> Change:
    """The share of each hex's spot (its base and up to where a standing house's top appears)
    that changed between the set-up photo (`before`, carried onto `after`'s frame) and the photo,
    and whether they compare there, judged on the rims of the hex and its neighbours."""
    import numpy as np

    spots = np.concatenate([centres[:, None, :] + t * lean[:, None, :] + disc(SPOT * width)[None] for t in (0.0, 0.5, 1.0)],
                           axis=1)
    rims = centres[:, None, :] + ring(PARAMS.rim_radius * width, PARAMS.rim_points)[None]
    around = hexgrid.neighbour_table(ROWS, COLS)
    grounds = np.stack([np.concatenate([rims[j] for j in (i, *around[i], *[i] * (6 - len(around[i])))])
                        for i in range(len(centres))])
    return changes(after, before, covered, spots, rims, grounds, width)


def apart_from(changed: Any, look: Any) -> float:
    """How far what changed on a hex (`changed`, its log colour: the piece without the art round
    it; NaN where not known) lies from a player's pieces' look in this photo (`look`, as_hue of
    what changed on their sure pieces; None where not known): endless where either is not known."""
    import numpy as np

    if look is None or np.isnan(changed).any():
        return math.inf
    return float(np.linalg.norm(as_hue(np.asarray(changed)) - look))


def told_apart(changed: Any, looks: dict[str, Any], doubt: tuple[str | None, ...]) -> str | None:
    """Of the two players in `doubt`, the one whose pieces (`looks`) what changed on a hex looks
    like: near theirs and far nearer than the other's, the two looks apart; None where that
    does not tell them apart."""
    import numpy as np

    if len(doubt) != 2 or None in doubt:
        return None
    near, far = sorted((apart_from(changed, looks.get(str(key))), str(key)) for key in doubt)
    if math.isinf(far[0]) or near[0] > NEAR or far[0] - near[0] < GAP:
        return None
    return near[1] if float(np.linalg.norm(looks[near[1]] - looks[far[1]])) >= APART else None


def likeliest(spot: Any, players: list[tuple[str, str]]) -> str:
    """The player whose piece colour is nearest a hex's spot colour (RGB 0..1): a suggestion
    where a hex changed since set-up and neither reader saw a piece."""
    import numpy as np

    seen = as_hue(np.median(log_rgb(spot), axis=0))
    refs = as_hue(log_rgb(np.array([rgb(colour) for _, colour in players]) / 255.0))
    return players[int(np.argmin(np.linalg.norm(refs - seen, axis=1)))][0]
