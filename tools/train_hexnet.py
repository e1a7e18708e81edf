"""Train one of the scanner's per-hex nets (pnp/games/kingdom_builder/hexnet-1.onnx, hexnet-2.onnx;
the scanner averages the two, each trained on its own photos: docs/scanning.md, How it reads). Development only:
needs the `train` extra (torch, onnx) and, for path-traced photos, their cache or the `photos` extra.

Run: python tools/train_hexnet.py [--flat 1000-1119] [--physical 8000-8299] [--marked SEEDS] [--retail SEEDS] [--varied SEEDS]
         [--check-flat 5000-5039] [--check-physical 8300-8399] [--check-marked SEEDS] [--check-retail SEEDS] [--check-varied SEEDS] [--epochs 6]
         [--batch 256] [--wide 1] [--seed 0] [--start NET --rate 1e-3] --out FILE [--jobs N] [--device cpu|cuda]

Seeds are ranges joined by commas (`7600-8299,8400-8999`; a seed named twice is trained on twice as
often); `--wide` scales the net's widths. `--marked` takes the flat maker's photos with marks of
every colour on the art (`--maker marked` in the benchmark), `--retail` its photos of boards painted
as retail boards are (`--maker retail`), `--varied` those boards framed, on wood or a cloth of
any colour, with houses as tall as cubes, tilted further (`--maker varied`). `--start` trains on from a trained
net (an .onnx of the same width, its batch norms folded in and kept so) instead of from scratch.

Data: the benchmark's photos (tests/benchmarks/scan.py: each seed its own board, game, palette,
camera; even seeds as the tips say, odd seeds careless) of its makers: the flat one, the
path-traced one (set PNP_PHOTOS_VARIANT as for the benchmark to read its cache) and the flat one
with marks on the art (marked) or painted as retail boards are (retail, varied). Each
photo is straightened at its true corners and every readable hex becomes one labelled patch,
made by `scan_net.patches` as the scanner makes it, a little larger (PATCH + 4) so that training
can shift it. Patches are cached in .cache/hexnet/. Training augments each patch afresh:
small shifts, turns and scale changes, colour casts on the patch and on its terrain's colour,
blur, noise and a grey veil (glare). The check photos are never trained on: they give the
figures printed at the end, the net's alone, for setting its threshold (`SURE` in scan.py). Reproducible:
the same seeds and arguments give the same net on the same kind of machine (seeded augmentation,
deterministic torch; `--device cuda` trains on an NVIDIA GPU, augmenting there too, `--jobs N`
makes the patches of N photos at a time).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pnp.games.kingdom_builder.scan_net import CLASSES, PATCH  # noqa: E402

CACHE = ROOT / ".cache" / "hexnet"
MARGIN = 4  # extra samples around a stored patch: room for shifts
FLAT_SIZES = ((1200, 900), (1600, 1200), (4000, 3000))  # the flat maker's photos vary in size


def photo_patches(maker: str, seed: int, cache: Path | None = CACHE) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Photo `seed` of `maker` as (patches (n, 3, PATCH+MARGIN, ...) float16, ground (n, 3), labels (n,))."""
    from pnp.games.kingdom_builder.scan import hex_inputs, measure, place_grid
    from pnp.scan.photo import decode_photo
    from tools.photos.cases import case, taker

    level, board, colours, pieces = case(seed)
    make_photo, version = taker(maker), ""
    if maker == "physical":
        from tools.photos.physical import VERSION
        size = (1600, 1200)
        version = f"-v{VERSION['clean' if level == 'good' else 'hard']}"  # a new maker version, new patches
    else:  # flat, marked (marks of every colour on the art), retail (painted as retail boards are) or varied
        size = FLAT_SIZES[seed % len(FLAT_SIZES)]
    name = f"{maker}-{seed}-{size[0]}x{size[1]}-{os.environ.get('PNP_PHOTOS_VARIANT', '')}{version}.npz"
    if cache is not None and (cache / name).exists():
        data = np.load(cache / name)
        return data["patches"], data["ground"], data["labels"]
    photo = make_photo(board, pieces, colours, 1000 + seed, size=size, level="clean" if level == "good" else "hard")
    image = decode_photo(photo.encoded(".jpg", 90), f"photo-{seed}.jpg")
    grid = place_grid(image, photo.corners)
    cells, inputs = hex_inputs(grid.straight, grid.centres, grid.lean, measure(grid, board), PATCH + MARGIN)
    labels = np.array([CLASSES.index(colours[pieces[cell]]) if cell in pieces else 0 for cell in cells], np.int64)
    patches, ground = inputs[:, :3].astype(np.float16), inputs[:, 3:, 0, 0] + 0.5
    if cache is not None:
        cache.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(cache / f".{name}", patches=patches, ground=ground, labels=labels)
        os.replace(cache / f".{name}", cache / name)
    return patches, ground, labels


def _cached(job: tuple[str, int]) -> None:
    photo_patches(*job)


def dataset(sets: list[tuple[str, list[int]]], cache: Path | None = CACHE, jobs: int = 1) -> tuple[np.ndarray, ...]:
    if jobs > 1 and cache is not None:  # the patches made into the cache, `jobs` photos at a time
        from multiprocessing import get_context

        with get_context("spawn").Pool(jobs) as pool:
            pool.map(_cached, [(maker, seed) for maker, seeds in sets for seed in seeds], chunksize=1)
    parts = [photo_patches(maker, seed, cache) for maker, seeds in sets for seed in seeds]
    return tuple(np.concatenate([part[k] for part in parts]) for k in range(3))


def build_net(wide: float = 1.0):
    """Three convolution blocks and two dense layers; `wide` scales every width (1: 25,000 weights)."""
    import torch.nn as nn

    def block(a: int, b: int) -> list:
        return [nn.Conv2d(a, b, 3, padding=1), nn.BatchNorm2d(b), nn.ReLU(), nn.MaxPool2d(2)]

    c1, c2, c3, hidden = (round(width * wide) for width in (12, 24, 32, 48))
    return nn.Sequential(*block(6, c1), *block(c1, c2), *block(c2, c3), nn.Flatten(),
                         nn.Linear(c3 * (PATCH // 8) ** 2, hidden), nn.ReLU(), nn.Linear(hidden, len(CLASSES)))


def augment(patches, ground, generator):
    """A fresh variation of each patch (n, 3, PATCH+MARGIN, ...) as the net's input (n, 6, PATCH, PATCH),
    made where the patches are (the generator must be on the same device)."""
    import torch
    import torch.nn.functional as F

    n, device = len(patches), patches.device

    def uniform(low: float, high: float, *shape: int):
        return low + (high - low) * torch.rand(n, *shape, generator=generator, device=device)

    def normal(*shape: int):
        return torch.randn(n, *shape, generator=generator, device=device)

    values = patches.float() + 0.5
    # Shift (up to MARGIN / 2 samples), turn (up to 12 degrees) and scale (0.9 to 1.1).
    angle, scale = uniform(-0.21, 0.21), uniform(0.9, 1.1) * PATCH / (PATCH + MARGIN)
    shift = uniform(-1, 1, 2) * (MARGIN / 2) / ((PATCH + MARGIN) / 2)
    theta = torch.stack([torch.stack([scale * torch.cos(angle), -scale * torch.sin(angle), shift[:, 0]], 1),
                         torch.stack([scale * torch.sin(angle), scale * torch.cos(angle), shift[:, 1]], 1)], 1)
    grid = F.affine_grid(theta, (n, 3, PATCH, PATCH), align_corners=False)
    values = F.grid_sample(values, grid, mode="bilinear", padding_mode="border", align_corners=False)
    # Light: a cast on both the patch and its terrain's colour, and a little on the patch alone.
    both = torch.exp(0.15 * normal(3) + 0.2 * normal(1))
    own = torch.exp(0.06 * normal(3) + 0.1 * normal(1))
    values = values * (both * own)[:, :, None, None]
    usual = ground.float() * both
    # Glare: a grey veil on some patches.
    veil = uniform(0, 0.35) * (uniform(0, 1) < 0.15)
    values = values + veil[:, None, None, None]
    # Blur on some, noise on all.
    kernel = torch.tensor([0.25, 0.5, 0.25], device=device)
    blurred = F.conv2d(F.pad(values, (1, 1, 1, 1), mode="replicate"),
                       (kernel[:, None] * kernel[None, :]).expand(3, 1, 3, 3).contiguous(), groups=3)
    pick = (uniform(0, 1) < 0.3)[:, None, None, None]
    values = torch.where(pick, blurred, values)
    values = values + uniform(0, 0.04)[:, None, None, None] * normal(*values.shape[1:])
    usual = usual[:, :, None, None].expand(n, 3, PATCH, PATCH)
    return torch.cat([values, usual], 1) - 0.5


def centred(patches: np.ndarray, ground: np.ndarray) -> np.ndarray:
    """The net's input as the scanner gives it: the middle PATCH x PATCH of each stored patch."""
    m = MARGIN // 2
    middle = patches[:, :, m:m + PATCH, m:m + PATCH].astype(np.float32)
    usual = np.broadcast_to(ground[:, :, None, None], middle.shape) - 0.5
    return np.concatenate([middle, usual], 1).astype(np.float32)


def load(net, path: Path) -> None:
    """Set `net` (build_net) to the trained net at `path`. Its export folded each batch norm into
    the convolution before it, so the batch norms become the identity and stay so (frozen)."""
    import onnx
    import torch
    import torch.nn as nn
    from onnx import numpy_helper

    model = onnx.load(str(path))
    weights = {tensor.name: numpy_helper.to_array(tensor) for tensor in model.graph.initializer}
    nodes = [node for node in model.graph.node if node.op_type in ("Conv", "Gemm")]
    layers = [layer for layer in net if isinstance(layer, (nn.Conv2d, nn.Linear))]
    shapes = [weights[node.input[1]].shape for node in nodes]
    if shapes != [tuple(layer.weight.shape) for layer in layers]:
        raise SystemExit(f"{path}: its layers are not this net's (is --wide right?)")
    with torch.no_grad():
        for node, layer in zip(nodes, layers):
            layer.weight.copy_(torch.from_numpy(weights[node.input[1]].copy()))
            layer.bias.copy_(torch.from_numpy(weights[node.input[2]].copy()))
        for norm in (layer for layer in net if isinstance(layer, nn.BatchNorm2d)):
            norm.running_mean.zero_()
            norm.running_var.fill_(1.0 - norm.eps)
            norm.weight.fill_(1.0)
            norm.bias.zero_()
            norm.requires_grad_(False)


def train(data: tuple[np.ndarray, ...], epochs: float, seed: int, batch: int = 256, log=print, device: str = "cpu",
          wide: float = 1.0, start: Path | None = None, rate: float = 3e-3):
    """A net trained on `data`: from scratch, or on from the trained net at `start` (its batch norms frozen)."""
    import torch
    import torch.nn as nn

    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    generator = torch.Generator(device=device).manual_seed(seed)  # the patches, their augmentation and the net on `device`
    patches, ground, labels = (torch.from_numpy(np.ascontiguousarray(a)).to(device) for a in data)
    net = build_net(wide)
    if start is not None:
        load(net, start)
    net = net.to(device)
    steps = max(1, int(epochs * len(labels) / batch))
    trained = [weight for weight in net.parameters() if weight.requires_grad]
    optimiser = torch.optim.AdamW(trained, lr=rate, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=rate, total_steps=steps)
    net.train()
    if start is not None:
        for norm in (layer for layer in net if isinstance(layer, nn.BatchNorm2d)):
            norm.eval()
    for step in range(steps):
        pick = torch.randint(len(labels), (batch,), generator=generator, device=device)
        inputs = augment(patches[pick], ground[pick], generator)
        loss = torch.nn.functional.cross_entropy(net(inputs), labels[pick])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        schedule.step()
        if step % 200 == 0 or step == steps - 1:
            log(f"step {step + 1}/{steps}: loss {loss.item():.4f}")
    return net.cpu().eval()


def export(net, out: Path) -> None:
    import torch

    dummy = torch.zeros(1, 6, PATCH, PATCH)
    temporary = out.with_name(f".{out.name}")
    torch.onnx.export(net, dummy, str(temporary), input_names=["patches"], output_names=["logits"],
                      dynamic_axes={"patches": {0: "hexes"}, "logits": {0: "hexes"}}, opset_version=13, dynamo=False)
    os.replace(temporary, out)


def check(out: Path, sets: list[tuple[str, list[int]]], cache: Path | None = CACHE, log=print) -> None:
    """Per maker and level of the check photos: hexes wrong, and rings and silent errors at thresholds
    of the log odds of the likeliest reading over the next, reading as the net does in the scanner
    (`pnp.scan.net`, only the photo's players' colours)."""
    from pnp.scan.net import probabilities
    from tools.photos.cases import case

    for maker, seeds in sets:
        for level in ("good", "hard"):
            tops, rights = [], []
            for seed in seeds:
                if case(seed)[0] != level:
                    continue
                patches, ground, labels = photo_patches(maker, seed, cache)
                colours = case(seed)[2]
                keep = [0, *(CLASSES.index(c) for c in colours)]
                p = probabilities((out,), centred(patches, ground))[:, keep]
                ordered = np.sort(p, axis=1)
                tops.append(np.log(ordered[:, -1] + 1e-12) - np.log(ordered[:, -2] + 1e-12))
                rights.append(np.array(keep)[p.argmax(axis=1)] == labels)
            if not tops:
                continue
            top, right = np.concatenate(tops), np.concatenate(rights)
            log(f"{maker} {level}: {len(tops)} photos, {len(top)} hexes, {100 * right.mean():.3f} % right")
            for threshold in (2.0, 3.0, 4.0, 5.0, 7.0, 9.0):
                per = [int((t < threshold).sum()) for t in tops]
                silent = int(((top >= threshold) & ~right).sum())
                ringed = top < threshold
                wrong_share = f"{100 * (~right[ringed]).mean():.1f} %" if ringed.any() else "-"
                log(f"  ring below e^{threshold}: {silent} silent, median {sorted(per)[len(per) // 2]} rings, "
                    f"{sum(r == 0 for r in per)} photos with none, {wrong_share} of rings wrong")


def seeds(text: str) -> list[int]:
    """`1000-1119,1200` as the seeds it names, in order."""
    chosen = []
    for part in filter(None, text.split(",")):
        first, _, last = part.partition("-")
        chosen += range(int(first), int(last or first) + 1)
    return chosen


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--flat", type=seeds, default=seeds("1000-1119"), help="flat maker's seeds to train on")
    parser.add_argument("--physical", type=seeds, default=seeds("8000-8299"), help="path-traced seeds to train on")
    parser.add_argument("--marked", type=seeds, default=[], help="marked seeds (the flat maker, marks on the art) to train on")
    parser.add_argument("--retail", type=seeds, default=[], help="retail seeds (the flat maker, retail art) to train on")
    parser.add_argument("--varied", type=seeds, default=[], help="varied seeds (the flat maker, retail art framed, more varied) to train on")
    parser.add_argument("--check-flat", type=seeds, default=seeds("5000-5039"))
    parser.add_argument("--check-physical", type=seeds, default=seeds("8300-8399"))
    parser.add_argument("--check-marked", type=seeds, default=[])
    parser.add_argument("--check-retail", type=seeds, default=[])
    parser.add_argument("--check-varied", type=seeds, default=[])
    parser.add_argument("--epochs", type=float, default=6.0)
    parser.add_argument("--batch", type=int, default=256, help="patches per training step")
    parser.add_argument("--wide", type=float, default=1.0, help="scale the net's widths by this")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--start", type=Path, help="train on from this trained net (an .onnx of the same --wide)")
    parser.add_argument("--rate", type=float, default=3e-3, help="the highest learning rate (one cycle)")
    parser.add_argument("--out", type=Path, required=True,
                        help="where the net goes (the scanner's: pnp/games/kingdom_builder/hexnet-1.onnx and hexnet-2.onnx)")
    parser.add_argument("--no-cache", action="store_true", help="neither read nor write .cache/hexnet")
    parser.add_argument("--jobs", type=int, default=1, help="make the patches of this many photos at a time")
    parser.add_argument("--device", default="cpu", help="where the net trains: cpu or cuda")
    args = parser.parse_args(argv)
    if args.start is not None and not args.start.is_file():
        parser.error(f"--start: no such net: {args.start}")  # before minutes of making patches
    if args.device != "cpu":
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")  # deterministic matrix products on the GPU
    import torch

    torch.set_num_threads(min(2, os.cpu_count() or 1))
    cache = None if args.no_cache else CACHE
    makers = ("flat", "physical", "marked", "retail", "varied")
    checks = [(maker, getattr(args, f"check_{maker}")) for maker in makers]
    data = dataset([(maker, getattr(args, maker)) for maker in makers], cache, args.jobs)
    if args.jobs > 1:
        dataset(checks, cache, args.jobs)
    print(f"{len(data[2])} patches, {np.bincount(data[2], minlength=len(CLASSES)).tolist()} per class", flush=True)
    net = train(data, args.epochs, args.seed, args.batch, log=lambda text: print(text, flush=True), device=args.device,
                wide=args.wide, start=args.start, rate=args.rate)
    export(net, args.out)
    print(f"{args.out}: {args.out.stat().st_size / 1024:.0f} KiB", flush=True)
    check(args.out, checks, cache)


if __name__ == "__main__":
    main()
