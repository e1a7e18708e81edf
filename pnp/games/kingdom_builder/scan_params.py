"""Every number Kingdom Builder's photo reader decides with, in one place, with what it means
(but the light's, tuned with them: `pnp.scan.light.LightParams`).

Lengths are in hex widths (across the flats) of the straightened board; colours are natural
logs of RGB in 0..1 (`pnp.scan.stats.log_rgb`), so a gain in light is a difference; margins and costs are
negative log likelihoods. The values were tuned on the benchmark's photos 0-449 (the grid
check's on photos 1-199, path-traced 8200-8399 and its tests' photos, `tests/benchmarks/scan_fit.py`;
`hard_decisive` and `hard_empty` on the careless photos among 1-47; `tests/benchmarks/scan.py`),
never on the held-out ones (6000 on, path-traced 9000 on).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class ScanParams:
    # Where a hex is sampled.
    spot_radius: float = 0.12         # a piece spot: a disc of this radius ...
    spot_heights: tuple[float, ...] = (0.2, 0.5, 0.8)  # ... at these parts of a standing piece's lean, base to top
    rim_radius: float = 0.4           # the rim: this far from the centre, where pieces rarely reach
    rim_points: int = 24              # and sampled at this many points
    in_photo: float = 0.99            # a sample is in the photo where the photo covers this much of it
    # Light and glare.
    washed_out: float = 0.97          # a sample with every channel this bright (of white) shows nothing
    washed_share: float = 0.2         # a hex with more than this part of its spot washed out is glare
    rim_white: float = 0.85           # a rim whose darkest channel is this bright has gone white (glare)
    glare: float = 0.03               # more added grey than this (of white) and a hex is not to be trusted
    # (How each hex's light is measured: pnp.scan.light.LightParams.)
    # The grid checked against the terrain (scan_fit).
    fit_points: int = 12              # each hex's colour for the check: the median of this many samples round its rim
    fit_poor: float = 0.3             # a section fits where, of its triples (a hex, a neighbour of its terrain, one of
                                      # another), at most this share show the first neighbour less like the hex (0.5: no fit)
    fit_seen: float = 0.3             # a section showing less than this share of its triples (glare) is judged instead
    fit_turned: float = 0.05          # against itself turned the other way, which must fit by this share worse
    fit_patch: int = 3                # a hex is under glare where all but this many of the hexes within two of it have rims gone white
    fit_clear: float = 0.04           # every other grid tried must fit some section or corner's block by this share worse ...
    fit_against: float = 2.0          # ... beyond this many times the share by which it fits any better
    fit_half: float = 0.05            # and no grid with a corner half a hex over may fit by this share better
    fit_compared: float = 0.15        # against other grids, a section or corner's block counts where both show this share
    fit_washed: float = 0.9           # a refused section showing less than this share of its triples is said to be under glare
    fit_corner: int = 6               # a corner's block: this many rows and columns from the corner
    fit_reach: int = 2                # a corner is looked for up to this many hexes from where it was given
    fit_drift: float = 0.5            # a grid whose refinement moved a corner this many hexes (widths) from where it was
                                      # given is looked for nearby too, and the grid found there taken where it fits
    fit_piece: float = 0.45           # where the check is made again without the pieces: each covers this many hex widths
                                      # round its base and its top, and a hex counts by the rim samples left, if this many:
    fit_bare: int = 4
    # A hex's colour feature: the median of its spot and how varied it is (between these quantiles).
    variety: tuple[float, float] = (0.2, 0.8)
    # Colour models.
    correlated: float = 4.0           # neighbouring samples are alike: about one in four is independent
    cast_doubt: float = 2.0           # how strongly matching colours prefers no cast to a cast
    shade: float = 0.15               # a shadow is at least this much darker (log) than its terrain
    shade_hue: float = 0.12           # and keeps the terrain's hue within this (log ratios)
    shares: tuple[float, ...] = (1.0, 0.9, 0.8, 0.7)  # how much of a piece's colour its middle may show, blurred into its terrain
    piece_share: float = 0.7          # the part of a piece's spot that shows the piece
    stray: float = math.log(1e-3 / 4 ** 3)  # any sample may be a stray (a speck, a symbol's edge): 1 in 1000, over all log colours
    # Printed art.
    repeats: float = 0.08             # art whose look varies less than this from hex to hex is printed art
    art_teachers: int = 6             # printed art is learned from, and must show on, this many hexes at least
    unlike: float = 0.08              # a hex unlike its printed art over more than this part holds a piece
    inside: float = 0.45              # the inside of a hex, where its art is compared, within this of its centre
    middle: float = 0.3               # its middle, where a piece stands
    # Each hex's verdict.
    decisive: float = 6.0             # the best reading must be this much likelier (log) than the next
    # Where reading is harder (a grey veil, a rim not showing the hex's own light, a terrain
    # coloured like a player's pieces, faint pieces), a piece must be read this much likelier
    # (log) than the next reading, and an empty hex by this part of the most an empty reading
    # can be (`surest_empty` in scan.py: its spot explained by its terrain as wholly as can be).
    hard_decisive: float = 20.0
    hard_empty: float = 0.95
    strange: float = 6.0              # a hex fitting its group this much worse than its members do is unsure
    odd_floor: float = 1.0            # how alike a group's fits may be counted at most (in cost), for `strange`
    strange_colour: float = 4.5       # a piece this many spreads from its player's usual colour is unsure
    overruled: float = 120.0          # a first reading this sure, overruled by the second, is unsure
    found: int = 5                    # a player with fewer pieces read than this may have them misread
    faint: float = 0.5                # a player's pieces on a terrain read by under this part of the usual margin barely stand out
    patch: float = 0.5                # a piece's patch is at least this part of the photo's typical piece's (specks are smaller)
    core: float = 0.5                 # an empty hex whose spot's middle is over this part unexplained by its terrain is patchy


PARAMS = ScanParams()
