"""Reading each hex with two small convolutional nets (`hexnet-1.onnx`, `hexnet-2.onnx`, run by
`pnp.scan.net`), trained apart on different photos, their readings averaged.

Each readable hex becomes one patch of the straightened board: turned so that the way a
standing piece leans points up, reaching from below the hex's centre to where a house's top
appears, with the hex's own light divided out (as the hand reader measures it from the hex's
rim) and the photo's overall light too. Beside the patch the net sees its terrain's usual
colour in this photo. It answers, per hex, how likely it is empty or holds a piece of each
colour a form may name; only the form's players' colours are kept. The nets are trained by
`tools/train_hexnet.py`, which uses these same patches. The net files lie here, in Kingdom
Builder's package, not in pnp/scan: they are trained on its boards' terrains and its pieces'
colours (CLASSES), on patches cut to its hexes, and read no other game's table.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pnp.games.kingdom_builder.scan_colours import PIECE_COLOURS, rgb

# Two nets disagree where each is unsure in its own way (the second saw three times the flat photos, the
# first more path-traced ones): their average is surer where it is right than either alone.
MODELS = tuple(Path(__file__).with_name(f"hexnet-{n}.onnx") for n in (1, 2))
CLASSES: tuple[str | None, ...] = (None, *PIECE_COLOURS)  # empty, then each named piece colour
PATCH = 24           # samples across a patch (the net's input is PATCH x PATCH)
STEP = 1.35          # straightened pixels between samples: a patch is about 1.3 hexes across
REACH = 0.35         # the patch's middle lies this part of the way from the base to a piece's top
STILL = 0.05         # a lean under this part of a hex: the patch is not turned


def patches(straight: Any, centres: Any, lean: Any, light: Any, ground: Any, size: int = PATCH) -> Any:
    """The net's input for each hex (n, 6, size, size): RGB of the patch, its light divided out,
    then its terrain's usual colour; `light` the log gain per hex and `ground` its terrain's
    usual colour (log), both relative to the photo's light."""
    import numpy as np

    from pnp.games.kingdom_builder.scan_layout import W
    from pnp.scan.sampling import sample

    length = np.linalg.norm(lean, axis=1, keepdims=True)
    up = np.where(length > STILL * W, lean / np.maximum(length, 1e-9), [0.0, -1.0])
    right = np.stack([-up[:, 1], up[:, 0]], axis=1)
    offsets = (np.arange(size) - (size - 1) / 2) * STEP
    middle = centres + REACH * lean
    # Row i lies below the middle (against `up`), column j to its right.
    points = (middle[:, None, None, :] - offsets[None, :, None, None] * up[:, None, None, :]
              + offsets[None, None, :, None] * right[:, None, None, :])
    values = sample(straight.astype(np.float32) / 255.0, points) * np.exp(-light)[:, None, None, :]
    usual = np.broadcast_to(np.exp(ground)[:, None, None, :], values.shape)
    return np.concatenate([values, usual], axis=3).transpose(0, 3, 1, 2).astype(np.float32) - 0.5


def colour_class(colour: str) -> int:
    """The class of the named piece colour nearest `colour` (a name or '#rrggbb')."""
    if colour in PIECE_COLOURS:
        return CLASSES.index(colour)
    r, g, b = rgb(colour)
    return min(range(1, len(CLASSES)), key=lambda k: math.dist(rgb(str(CLASSES[k])), (r, g, b)))
