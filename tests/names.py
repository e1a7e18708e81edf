"""What the tests of players' names share: a transcription rewritten in other words, scored and
checked through the command line as a player runs it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from pnp.games import GAMES

EXAMPLES = Path(__file__).resolve().parents[1] / "boards" / "examples"
PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")
runner = CliRunner()


def rewritten(text: str, words: dict[str, str]) -> str:
    """`text` with each whole word of `words` (an id, say) replaced by its value."""
    pattern = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, words)) + r")(?![\w-])")
    return pattern.sub(lambda match: words[match[1]], text)


def persian_numbers(text: str) -> str:
    """Every digit of the lines that are not comments in Persian digits, as a Persian keyboard types them."""
    return "\n".join(line if line.lstrip().startswith("#") else line.translate(PERSIAN_DIGITS) for line in text.split("\n"))


def pnp(*args: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of a `pnp` command line."""
    from pnp.cli.app import app

    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def score_json(game: str, path: Path) -> dict:
    code, out, err = pnp("score", game, str(path), "--json")
    assert code == 0, err
    return json.loads(out)


def same_game(game: str, english: Path, other: Path) -> None:
    """Both files hold the same position (ids, not words) and score to the same JSON report."""
    reading = GAMES[game]
    assert reading.load(other) == reading.load(english)
    assert score_json(game, other) == score_json(game, english)


def printed(game: str, key: str, ids: tuple[str, ...] | list[str], lang: str) -> list[tuple[str, str]]:
    """Each id with the word the game's catalog in `lang` prints for it (`key`: its text's id, `{}` for the id)."""
    t = GAMES[game].catalog(lang)
    return [(id, t(key.format(id))) for id in ids]
