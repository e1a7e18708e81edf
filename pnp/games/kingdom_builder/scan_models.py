"""Colour models for reading a board photo: each empty terrain's look and each player's
pieces, learned together from the photo's hexes; a piece's own colour; which player a colour
is."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pnp.games.kingdom_builder.scan_colours import rgb
from pnp.games.kingdom_builder.scan_params import PARAMS
from pnp.scan.stats import channel_sum, log_rgb, masked_medians, median, robust_spread



@dataclass
class Groups:
    cost: Any        # (hexes, 1 + players): -log likelihood of being empty, or each player's piece
    distance: Any    # the same as normalised distances
    piece_means: Any # (players, 4)


def first_reading(x: Any, kind: Any, usual_rim: Any, colours: list[str], trusted: Any) -> Groups:
    """Learn each terrain's empty look and each colour's piece look together (hard EM): an
    empty hex is near its own terrain's look, a piece near its colour's look on any terrain."""
    import numpy as np

    kinds, players = len(usual_rim), len(colours)
    floor_empty = np.array([0.03, 0.03, 0.03, 0.02])
    floor_piece = np.array([0.06, 0.06, 0.06, 0.04])
    empty_mean = np.hstack([usual_rim, np.zeros((kinds, 1))])
    for k in range(kinds):
        members = x[kind == k]
        if len(members):
            empty_mean[k, 3] = np.quantile(members[:, 3], 0.25)
    empty_spread = np.tile(floor_empty * 2, (kinds, 1))
    # Pieces start from the declared colours (with a typical shading spread), then settle on
    # the colours this photo shows.
    piece_mean = np.array([[*log_rgb(np.array(rgb(colour)) / 255.0), 0.15] for colour in colours])
    piece_spread = np.tile(floor_piece * 1.5, (players, 1))
    for _ in range(12):
        cost, distance = _costs(x, kind, empty_mean, empty_spread, piece_mean, piece_spread)
        assign = np.argmin(cost, axis=1)
        for k in range(kinds):
            members = x[(assign == 0) & (kind == k) & trusted]
            if len(members) >= 4:
                empty_mean[k] = members.mean(axis=0)
                empty_spread[k] = np.clip(members.std(axis=0), floor_empty, 4 * floor_empty)
        for j in range(players):
            members = x[(assign == j + 1) & trusted]
            if len(members) >= 3:
                piece_mean[j] = members.mean(axis=0)
                piece_spread[j] = np.maximum(members.std(axis=0), floor_piece)
    cost, distance = _costs(x, kind, empty_mean, empty_spread, piece_mean, piece_spread)
    return Groups(cost, distance, piece_mean)


def _costs(x: Any, kind: Any, empty_mean: Any, empty_spread: Any, piece_mean: Any, piece_spread: Any) -> tuple[Any, Any]:
    import numpy as np

    means = np.concatenate([empty_mean[kind][:, None], np.broadcast_to(piece_mean, (len(x), *piece_mean.shape))], axis=1)
    spreads = np.concatenate([empty_spread[kind][:, None], np.broadcast_to(piece_spread, (len(x), *piece_spread.shape))], axis=1)
    z2 = channel_sum(((x[:, None, :] - means) / spreads) ** 2)
    return 0.5 * z2 + channel_sum(np.log(spreads)), np.sqrt(z2)


def _kmeans(x: Any, k: int) -> Any:
    """k centres of the rows of x: farthest-point seeds, then Lloyd's steps (deterministic)."""
    import numpy as np

    def nearest(centres: Any) -> Any:
        return np.argmin(channel_sum((x[:, None] - centres[None]) ** 2), axis=1)

    seeds = [x[np.argmax(channel_sum((x - x.mean(axis=0)) ** 2))]]
    while len(seeds) < k:
        seeds.append(x[np.argmax(np.min([channel_sum((x - c) ** 2) for c in seeds], axis=0))])
    centres = np.array(seeds, dtype=float)
    for _ in range(8):
        assign = nearest(centres)
        # Each cluster's mean: bincount adds its rows in order, as the mean over them does.
        count = np.bincount(assign, minlength=k)[:, None]
        total = np.stack([np.bincount(assign, x[:, d], k) for d in range(x.shape[1])], axis=1)
        centres = np.where(count > 0, total / np.maximum(count, 1), centres)
    return centres


# Per terrain kind, its colours' log density (a function of colours) and the density below which
# a colour is unexplained.
EmptyModels = dict[int, tuple[Callable[[Any], Any], float]]


@dataclass
class EmptyLooks:
    """Each terrain's empty look, learned from the hexes first read as empty."""

    models: EmptyModels
    fit: Any      # per sample, its log density under its hex's terrain's model
    foreign: Any  # per sample, whether its terrain does not explain it


def empty_looks(samples: Any, kind: Any, empty: Any, trusted: Any) -> EmptyLooks:
    """Each terrain's empty look as a small Gaussian mixture of its colours (an empty terrain
    may have its specks of other colours), learned from the hexes `empty` marks, those first
    read as empty: learned from later readings it could take in the pieces it missed, for good.
    Hexes not `trusted` (glare) only when too few others are left."""
    import numpy as np

    models: EmptyModels = {}
    fit = np.zeros(samples.shape[:2])
    foreign = np.zeros(samples.shape[:2], bool)
    for k in np.unique(kind):
        members = kind == k
        for pick in (members & empty & trusted, members & empty, members):
            if pick.sum() >= 3:
                break
        train = samples[pick].reshape(-1, 3)
        model = mixture(train, 4, 0.03, 0.2)
        # Unexplained: less likely than all but the rarest 1 % of the terrain's own colours.
        models[int(k)] = model, float(np.quantile(model(train), 0.01))
        fit[members] = model(samples[members])
        foreign[members] = fit[members] < models[k][1]
    return EmptyLooks(models, fit, foreign)


def sample_costs(samples: Any, empty: EmptyLooks, labels: Any, players: int, trusted: Any) -> Any:
    """-log likelihood of each hex's samples being an empty hex of its terrain (column 0) or
    holding each player's piece: each player's colours as a small Gaussian mixture (a piece
    has its lit and shaded sides). A piece's spot also shows some terrain, so a piece is a mix
    of its colours and the terrain's."""
    import numpy as np

    cost = np.zeros((len(samples), players + 1))
    cost[:, 0] = -empty.fit.sum(axis=1) / PARAMS.correlated
    terrain_part = np.log(1 - PARAMS.piece_share) + empty.fit
    for _ in range(2):
        for j in range(players):
            mine = labels == j + 1
            train = samples[mine & trusted] if (mine & trusted).any() else samples[mine]
            if len(train) == 0:
                cost[:, j + 1] = np.inf
                continue
            # Train on the samples the terrain does not explain: the piece itself.
            own = train[empty.foreign[mine & trusted if (mine & trusted).any() else mine]]
            model = mixture((own if len(own) >= 20 else train.reshape(-1, 3)).reshape(-1, 3), 3, 0.05, 0.3)
            mixed = np.logaddexp(np.log(PARAMS.piece_share) + model(samples), terrain_part)
            cost[:, j + 1] = -mixed.sum(axis=1) / PARAMS.correlated
        labels = np.argmin(cost, axis=1)
    return cost


def mixture(points: Any, components: int, floor: float, ceiling: float) -> Any:
    """A diagonal Gaussian mixture fitted to points (n x 3) by a few EM steps from
    farthest-point seeds; returns its log density as a function of arrays (..., 3)."""
    import numpy as np

    step = max(1, len(points) // 800)
    data = points[::step]
    components = min(components, len(data))
    means = _kmeans(data, components)
    variances = np.full((components, 3), floor ** 2 * 4)
    weights = np.full(components, 1 / components)

    def log_parts(x: Any) -> Any:
        z = x[..., None, :] - means
        z *= z
        z /= variances
        z = channel_sum(z)
        return np.log(weights) - 0.5 * z - 0.5 * np.log(variances).sum(axis=1) - 1.5 * np.log(2 * np.pi)

    for _ in range(6):
        parts = log_parts(data)
        resp = np.exp(parts - parts.max(axis=1, keepdims=True))
        resp /= resp.sum(axis=1, keepdims=True)
        mass = resp.sum(axis=0) + 1e-9
        weights = mass / mass.sum()
        means = (resp.T @ data) / mass[:, None]
        variances = np.clip((resp.T @ data ** 2) / mass[:, None] - means ** 2, floor ** 2, ceiling ** 2)

    def log_density(x: Any) -> Any:
        parts = log_parts(x)
        top = np.maximum.reduce([parts[..., c] for c in range(parts.shape[-1])])  # a fast max over a short axis
        return np.logaddexp(top + np.log(channel_sum(np.exp(parts - top[..., None]))), PARAMS.stray)

    return log_density


def in_shadow(samples: Any, ground: Any) -> Any:
    """Which samples (log colours, per hex) are the hex's own terrain (`ground`, per hex) in
    shadow: the same hue, darker. A piece's shadow is not the piece's colour."""
    import numpy as np

    hue = samples[..., [0, 2]] - samples[..., 1:2]
    ground_hue = (ground[:, [0, 2]] - ground[:, 1:2])[:, None]
    darker = samples.mean(axis=-1) < ground.mean(axis=-1)[:, None] - PARAMS.shade
    return darker & (np.linalg.norm(hue - ground_hue, axis=-1) < PARAMS.shade_hue)


def terrain_explains(colour: Any, labels: Any, trusted: Any, empty_models: EmptyModels, players: int) -> Any:
    """(terrain, player): whether the player's typical piece colour (the median of the
    colours of the pieces read as theirs) is one the terrain's empty look explains."""
    import numpy as np

    hidden = np.zeros((max(empty_models) + 1, players), bool)
    for j in range(players):
        mine = (labels == j + 1) & trusted
        if not mine.any():
            continue
        typical = median(colour[mine], axis=0)
        for k, (model, cut) in empty_models.items():
            hidden[k, j] = model(typical) >= cut
    return hidden


def piece_colours(samples: Any, foreign: Any, ground: Any) -> Any:
    """A piece's colour: of the samples its hex's terrain does not explain (all, if too few),
    the median of the half farthest from the terrain's colour (`ground`, per hex). Its
    edges, blurred into the terrain around, take on the terrain's colour."""
    import numpy as np

    chosen = foreign | (foreign.sum(axis=1) < 6)[:, None]
    far = np.sqrt(channel_sum((samples - ground[:, None]) ** 2))
    return masked_medians(samples, chosen & (far >= masked_medians(far[..., None], chosen)))


def as_hue(colour: Any) -> Any:
    """Log colours as red and blue against green, and the brightness at half weight: shade on
    a piece's walls changes all three channels alike, so it moves the brightness alone."""
    import numpy as np

    return np.stack([colour[..., 0] - colour[..., 1], colour[..., 2] - colour[..., 1], colour.mean(axis=-1) / 2], axis=-1)


def colour_costs(colour: Any, ground: Any, labels: Any, players: int, trusted: Any) -> tuple[Any, Any]:
    """-log likelihood of each hex's piece colour (`as_hue`) under each player's colour (a
    Gaussian per player, learned from the hexes read as that player's, about the player's
    colour or its mixes with the hex's terrain colour, `ground`), and its distance in spreads
    from the player's colour itself."""
    import numpy as np

    cost = np.zeros((len(colour), players))
    distance = np.full((len(colour), players), np.inf)
    assign = labels - 1
    for _ in range(3):
        for j in range(players):
            members = colour[(assign == j) & trusted]
            if len(members) == 0:
                cost[:, j] = np.inf
                continue
            middle = median(members, axis=0)
            spread = robust_spread(members, 0.05) if len(members) >= 5 else np.full(3, 0.15)
            distance[:, j] = np.sqrt((((colour - middle) / spread) ** 2).sum(axis=1))
            # A piece's colour may be blended a little into its terrain's: the nearest of the mixes.
            share = np.array(PARAMS.shares)[:, None, None]
            mixes = share * middle + (1 - share) * ground[None]
            blended = (((colour[None] - mixes) / spread) ** 2).sum(axis=2).min(axis=0)
            cost[:, j] = 0.5 * blended + np.log(spread).sum()
        assign = np.where(labels > 0, np.argmin(cost, axis=1), -1)
    return cost, distance


def who(colour: Any, declared: list[str], trusted: Any) -> Any:
    """Which player each piece is: the pieces' colours grouped into as many groups as there
    are players, and the groups matched one to one to the declared colours, the matching
    that fits best allowing the whole photo one colour cast (an offset in log colour)."""
    import numpy as np

    players = len(declared)
    colour = as_hue(colour)
    everything, colour = colour, colour[trusted]
    refs = as_hue(log_rgb(np.array([rgb(name) for name in declared]) / 255.0))
    if len(colour) < players:
        return np.argmin(np.linalg.norm(everything[:, None] - refs[None], axis=2), axis=1)
    # Groups grown from the declared colours shifted by the cast, so each starts near its own.
    cast = np.zeros(3)
    for _ in range(5):
        near = np.argmin(np.linalg.norm(colour[:, None] - (refs + cast)[None], axis=2), axis=1)
        cast = (colour - refs[near]).mean(axis=0)
    centres = refs + cast
    for _ in range(10):
        group = np.argmin(np.linalg.norm(colour[:, None] - centres[None], axis=2), axis=1)
        centres = np.array([colour[group == j].mean(axis=0) if np.any(group == j) else centres[j] for j in range(players)])
    best, best_cost = tuple(range(players)), math.inf
    for order in itertools.permutations(range(players)):
        diff = centres - refs[list(order)]
        cast = diff.sum(axis=0) / (players + PARAMS.cast_doubt)
        cost = float(((diff - cast) ** 2).sum() + PARAMS.cast_doubt * (cast ** 2).sum())
        if cost < best_cost:
            best, best_cost = order, cost
    return np.array(best)[np.argmin(np.linalg.norm(everything[:, None] - centres[None], axis=2), axis=1)]
