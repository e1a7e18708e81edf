"""A set-up photo's say on the settlements read: each hex compared with itself before anyone
built (`pnp.scan.change`), so that no mark of the board's art, whatever its colour, size or
shape, reads as a piece, and no piece on a hex that changed goes unread."""

from __future__ import annotations

from typing import Any

from pnp import hexgrid
from pnp.games.kingdom_builder.model import COLS, ROWS
from pnp.games.kingdom_builder.scan_colours import rgb
from pnp.games.kingdom_builder.scan_models import as_hue
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.change import Change, changes
from pnp.scan.sampling import disc, ring
from pnp.scan.stats import log_rgb

UNCHANGED = 0.12   # a hex whose spot changed less than this share holds no piece (photos as the tips say: at most 0.04)
CHANGED = 0.3      # ... and one that changed this share or more holds one (at the least 0.37)
SPOT = 0.2         # the spot compared: discs of this radius (in hex widths) at a piece's base, middle and top
VISIBLE = 0.36     # a piece shows on a print whose colour is this much unlike its own (log; thrice STEP)
PIECES_SEEN = 3    # a player's pieces' look in the photo is taken from this many of them at the least
CHANGE = "changed since set-up"  # the reason a hex read empty is unsure then
STILL = "unchanged since set-up"  # ... and a piece read where nothing changed, on a print like its colour


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


def likeliest(spot: Any, players: list[tuple[str, str]]) -> str:
    """The player whose piece colour is nearest a hex's spot colour (RGB 0..1): a suggestion
    where a hex changed since set-up and neither reader saw a piece."""
    import numpy as np

    seen = as_hue(np.median(log_rgb(spot), axis=0))
    refs = as_hue(log_rgb(np.array([rgb(colour) for _, colour in players]) / 255.0))
    return players[int(np.argmin(np.linalg.norm(refs - seen, axis=1)))][0]
