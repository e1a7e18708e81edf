"""Make the photo `pnp example kingdom-builder --photo` writes: the example first game's finished
board (boards/examples/first-game.yaml, its 120 settlements) as the test suite's flat photo maker
(tools/photos/flat.py) photographs it, with the kit's scan markers at the board's
corners (so `pnp scan` needs no --corners), each player's pieces in the colour the form beside it
names (boards/examples/first-game-form.yaml). The same seed gives the same photo.

    python tools/sample_photo.py                  # replaces boards/examples/first-game-photo.jpg
    python tools/sample_photo.py --seed 7 --out /tmp/try.jpg

See docs/examples.md.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the photo makers live in tools/

from pnp.games.base import Source  # noqa: E402
from pnp.games.kingdom_builder.game import GAME, PHOTO, PHOTO_FORM  # noqa: E402
from pnp.games.kingdom_builder.transcription import parse_form  # noqa: E402
from tools.photos.flat import make_photo, style_for  # noqa: E402

EXAMPLES = ROOT / "boards" / "examples"
SEED = 2026
SIZE = (1600, 1200)  # pixels: a hex about 55 across, plenty to read, a file of modest size
QUALITY = 85  # JPEG


def sample_photo(seed: int = SEED) -> bytes:
    """The example's finished board as a JPEG, its pieces coloured as the form says."""
    position = GAME.load(EXAMPLES / GAME.example_file)
    form = EXAMPLES / PHOTO_FORM
    board, players = parse_form(form.read_text(encoding="utf-8"), Source.of(form))
    assert board == position.board and [p.key for p in players] == [p.key for p in position.players]
    index = {player.key: n for n, player in enumerate(players)}
    pieces = {cell: index[key] for cell, key in position.settlements}
    colours = [str(player.colour) for player in players]
    # A clean photo as a player takes one: the board upright (the maker turns it half round at roll
    # 0) and nearly square to the camera, filling the frame.
    style = replace(style_for(random.Random(seed), "clean"), roll=183.0, tilt=5.0, fill=0.86)
    photo = make_photo(board, pieces, colours, seed, size=SIZE, style=style, markers=True)
    return photo.encoded(".jpg", QUALITY)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=EXAMPLES / PHOTO)
    args = parser.parse_args()
    data = sample_photo(args.seed)
    args.out.write_bytes(data)
    print(f"wrote {args.out}: {len(data) // 1024} KB")


if __name__ == "__main__":
    main()
