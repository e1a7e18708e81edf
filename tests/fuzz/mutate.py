"""A seeded mutator of transcriptions: what a hostile or careless user could type.

`cases(seed, count)` yields (game id, file bytes); the same seed always gives the same inputs.
Each input is a valid transcription (the bundled examples and a few positions of the tests)
changed one to three times: bytes flipped, the file cut short, a value
swapped for one of another type or for another valid one, aliases and anchors, deep nesting,
huge numbers, odd Unicode, lines deleted, doubled or re-indented, and hostile file references.
`commands` now and then names the transcription by a link instead: a loop, a link that leads
nowhere, to a folder, to a device, or through a folder that links to itself.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

from tests.great_wall.test_transcription import FINISHED as GW_LAST_TOKEN, TWO as GW_TWO_PLAYERS

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "boards" / "examples"

# Positions beyond the examples, so that rarer fields and rule paths are reached: 2 players
# with a pair in the box, a game whose next check takes the last token, discs.
CM_WITH_DISCS = (EXAMPLES / "carolus-magnus-counterattack.yaml").read_text(encoding="utf-8") + (
    "discs: {Wanda: [1, 2, 4], Bruno: [3, 5]}\ndisc: {Wanda: 3}\n")

BASES: dict[str, list[str]] = {
    "kingdom-builder": [(EXAMPLES / "first-game.yaml").read_text(encoding="utf-8"),
                        "game: kingdom-builder\nboards: [tavern, paddock@180, kb1-7-oasis, my.txt]\n"
                        "cards: [lords, citizens, farmers]\nplayers:\n  - {key: a, name: Ana}\n  - {key: b, name: Bea}\n"
                        "  - {key: c}\nsettlements:\n  a: [A1, A2, B2, C7, T20]\n  b: [J10, J11, K10]\n  c: []\n"],
    "great-wall": [(EXAMPLES / "great-wall-last-round.yaml").read_text(encoding="utf-8"), GW_TWO_PLAYERS, GW_LAST_TOKEN],
    "carolus-magnus": [(EXAMPLES / "carolus-magnus-counterattack.yaml").read_text(encoding="utf-8"), CM_WITH_DISCS],
}

# Values of another type, or of no type pnp reads.
ODD_VALUES = [
    "[]", "{}", "[a, [b, c]]", "{x: {y: z}}", "~", "null", "''", '""', "yes", "No", "true", "-1", "0", "-0", "1e9",
    "0x1F", "0o17", ".inf", ".nan", "1_000", "3.5", "+7", "!!float x", "!!int x", "!!bool x", "!!timestamp x",
    "!!binary AAAA", "!!python/object:os.system x", "!foo bar", "*nowhere", "&anchor 5", "? [a]\n: b", "|\n  block",
    ">-\n  folded", "'quoted: # not a comment'", '"\\x1b]0;title\\x07"', '"\\u202eevil"', '"\\0"', '"a\\nb"',
    '"\\ud83d"', '"\\uffff"', '"\\t"', "- item", "key: value", "<<: *x", "%YAML 1.1", "---", "...", "@", "`",
]
ODD_TEXT = [
    "\u202e", "\u200f", "\u200d", "e\u0301\u0301\u0301", "\U0001F3F0", "\ufeff", "\u0627\u0646\u0627",
    "\u00a0", "\u2028", "\u3000", "Ω" * 80, "x" * 300, "#", ": ", " - ", "'", '"', "\\", "{", "]", "&", "*", "!",
    "%", "|", ">", "\t",
]
HOSTILE_BOARDS = [
    "/proc/self/environ", "/etc/passwd", "../../etc/passwd", "..", "./../x.txt", "/dev/zero", "evil.txt", "loop.txt",
    "fifo.txt", "C:\\\\Windows\\\\win.ini", "a" * 300, "kb1-" + "9" * 5000 + "-tavern", "kb99-1-tavern",
    "kb1-1-castle", "tavern@90", "tavern@180@180", "my.txt@180", "notasection.txt", "sub/my.txt", "'\\x00'",
    "/tmp", ".", "kb1-00-tavern", "dirloop/my.txt", "link-to-sub/my.txt",
]
# Folders a transcription's `boards_dir:` may name, most of them refused.
HOSTILE_FOLDERS = ["sub", "link-to-sub", "dirloop", "loop.txt", "evil.txt", "fifo.txt", "/etc", "/proc/self", "..",
                   "nowhere", ".", "sub/../sub", "my.txt", "''", "[sub]"]
# Links in the fuzz folder that `commands` may name in place of the transcription itself.
LINKS = {"loop.yaml": "loop.yaml", "loop-a.yaml": "loop-b.yaml", "loop-b.yaml": "loop-a.yaml",
         "nowhere.yaml": "missing/none.yaml", "link.yaml": "input.yaml", "folder.yaml": "sub",
         "device.yaml": "/dev/zero", "dirloop": "dirloop", "link-to-sub": "sub"}


def _scalar_spans(text: str) -> list[tuple[int, int]]:
    """Where words and numbers stand: candidate values to replace."""
    return [m.span() for m in re.finditer(r"(?<![\w@.-])[\w][\w@.-]*", text)]


def _replace_value(rng: random.Random, text: str, make) -> str:  # type: ignore[no-untyped-def]
    spans = _scalar_spans(text)
    if not spans:
        return text
    start, end = rng.choice(spans)
    return text[:start] + make(text[start:end]) + text[end:]


def _other_valid(rng: random.Random, text: str, word: str) -> str:
    """Another word of the same file: a valid value in the wrong place, or a valid swap."""
    words = [text[s:e] for s, e in _scalar_spans(text)]
    return rng.choice(words) if words else word


def _nest(rng: random.Random) -> str:
    depth = rng.choice([5, 20, 31, 33, 60, 330, 2000])
    if rng.random() < 0.5:
        return "[" * depth + "1" + "]" * depth
    return "{a: " * depth + "1" + "}" * depth


def _laughs(rng: random.Random) -> str:
    width = rng.choice([3, 10])
    lines = ["l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    for level in range(1, rng.choice([3, 6, 9]) + 1):
        lines.append(f"l{level}: &l{level} [" + ", ".join([f"*l{level - 1}"] * width) + "]")
    return "\n".join(lines) + "\n"


# Words each game's files use, swapped for one another: mostly valid positions, which take the
# rules engines down paths the examples do not.
VOCABULARY = {
    "kingdom-builder": [[".", "1", "2", "3", "a", "b", "c"], ["fishermen", "miners", "merchants", "workers",
                        "discoverers", "knights", "hermits", "lords", "citizens", "farmers"],
                        ["tavern", "paddock", "oasis", "farm", "barn", "harbor", "oracle", "tower"]],
    "great-wall": [["wall", "gate", "tower", "infantry", "cavalry", "nobility", "dragon"],
                   ["Anna", "Boris", "Clara", "Ann", "Bo", "Cy"], ["1", "2", "3", "4", "5", "7", "8"],
                   ["playing", "last-round-over"]],
    "carolus-magnus": [["red", "pink", "blue", "yellow", "green"], ["black", "white", "grey"],
                       ["Wanda", "Bruno"], ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]],
}


def _swap_word(rng: random.Random, game: str, text: str) -> str:
    group = rng.choice(VOCABULARY[game])
    for _ in range(rng.choice([1, 1, 2, 4])):
        spots = [m.span() for m in re.finditer(r"(?<![\w.-])[\w.-]+(?![\w.-])", text) if m.group() in group]
        if not spots:
            break
        start, end = rng.choice(spots)
        text = text[:start] + rng.choice(group) + text[end:]
    return text


def mutate_text(rng: random.Random, game: str, text: str) -> str:
    kind = rng.randrange(20)
    lines = text.split("\n")
    if kind >= 16:  # words of the game swapped for one another
        return _swap_word(rng, game, text)
    if kind == 0:  # another type of value
        return _replace_value(rng, text, lambda _: rng.choice(ODD_VALUES))
    if kind == 1:  # a valid value of the same file in another place (reaches the rules engines)
        return _replace_value(rng, text, lambda w: _other_valid(rng, text, w))
    if kind == 2:  # small changes to numbers
        numbers = [m.span() for m in re.finditer(r"\b\d{1,9}\b", text)]
        if numbers:
            start, end = rng.choice(numbers)
            new = str(max(0, int(text[start:end]) + rng.choice([-2, -1, 1, 2, 10, 36])))
            return text[:start] + new + text[end:]
        return text
    if kind == 3:  # huge numbers
        return _replace_value(rng, text, lambda _: rng.choice(["9" * rng.choice([10, 20, 4301, 100_000]), "-" + "1" * 50,
                                                                "1" + "0" * 400 + ".5", "1e99999"]))
    if kind == 4:  # deep nesting
        return _replace_value(rng, text, lambda _: _nest(rng))
    if kind == 5:  # aliases: a bomb, a self reference, an alias put in for a value
        choice = rng.randrange(4)
        if choice == 0:
            return _laughs(rng) + text.replace("sections:", "sections: *l3", 1) if "sections:" in text else _laughs(rng) + text
        if choice == 1:
            return _replace_value(rng, text, lambda _: "&s [*s]")
        if choice == 2:
            return _replace_value(rng, text, lambda w: f"&a {w}").replace(": [", ": *a\nzz: [", 1)
        return _laughs(rng) + text + "\nextra: *l" + str(rng.randrange(1, 4)) + "\n"
    if kind == 6:  # odd Unicode inside a word
        def odd(word: str) -> str:
            cut = rng.randrange(len(word) + 1)
            return word[:cut] + rng.choice(ODD_TEXT) + word[cut:]
        return _replace_value(rng, text, odd)
    if kind == 7:  # a line deleted
        if len(lines) > 1:
            del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == 8:  # a line doubled (duplicate keys, extra items)
        at = rng.randrange(len(lines))
        lines.insert(at, lines[at])
        return "\n".join(lines)
    if kind == 9:  # indentation changed
        at = rng.randrange(len(lines))
        lines[at] = (" " * rng.choice([1, 2, 4]) + lines[at]) if rng.random() < 0.5 else lines[at].lstrip()
        return "\n".join(lines)
    if kind == 10:  # two lines swapped
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return "\n".join(lines)
    if kind == 11 and game == "kingdom-builder":  # hostile file and folder references
        entries = [rng.choice(HOSTILE_BOARDS) if rng.random() < 0.5 else w for w in ("tavern", "paddock", "oasis", "farm")]
        folder = f"boards_dir: {rng.choice(HOSTILE_FOLDERS)}\n" if rng.random() < 0.5 else ""
        return re.sub(r"boards: \[.*\]\n", lambda _: "boards: [" + ", ".join(entries) + "]\n" + folder, text, count=1)
    if kind == 12:  # a control character or line break in a quoted name
        escape = rng.choice(["\\x1b[31m", "\\x07", "\\r", "\\n", "\\x85", "\\u2028", "\\x00", "\\x7f", "\\x9b"])
        return _replace_value(rng, text, lambda w: f'"{w}{escape}"')
    if kind == 13:  # a long scalar
        return _replace_value(rng, text, lambda w: w * rng.choice([50, 5000]))
    if kind == 14:  # the game of another file
        return text.replace(f"game: {game}", "game: " + rng.choice(["kingdom-builder", "great-wall", "carolus-magnus",
                                                                     "chess", "[]", "~"]), 1)
    # kind 15: a field of another format, or a duplicated key
    return text + rng.choice(["\nphase: playing", "\npool: 3", "\nboxed: [2, 2]", "\ndiscs: {x: [9]}",
                              "\ndisc: {Wanda: 1, Bruno: 2}", "\nplayers: []", "\nlords_zero: maybe",
                              "\n? complex\n: key", "\n---\ngame: x"])


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    raw = bytearray(data)
    if rng.random() < 0.5 and raw:  # bytes flipped
        for _ in range(rng.randint(1, 5)):
            at = rng.randrange(len(raw))
            raw[at] ^= 1 << rng.randrange(8)
        return bytes(raw)
    return bytes(raw[: rng.randrange(len(raw) + 1)])  # cut short


def cases(seed: int, count: int):  # type: ignore[no-untyped-def]
    """`count` inputs (game id, bytes), the same for the same seed."""
    rng = random.Random(seed)
    games = sorted(BASES)
    for _ in range(count):
        game = rng.choice(games)
        text = rng.choice(BASES[game])
        if rng.random() < 0.3:  # mostly still valid: the rules engines run on it
            text = _swap_word(rng, game, text)
        else:
            for _ in range(rng.choice([1, 1, 2, 3])):
                text = mutate_text(rng, game, text)
        data = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.15:
            data = mutate_bytes(rng, data)
        yield game, data


def prepare_folder(folder: Path) -> None:
    """Files the hostile board references point at: a section file, a file that is no section,
    a symbolic link out of the folder, a link loop and a FIFO; and the `LINKS`."""
    import os

    folder.mkdir(parents=True, exist_ok=True)
    (folder / "my.txt").write_text((ROOT / "boards" / "kb1-1000-barn.txt").read_text())
    (folder / "sub").mkdir(exist_ok=True)
    (folder / "sub" / "my.txt").write_text((ROOT / "boards" / "kb1-1000-harbor.txt").read_text())
    (folder / "notasection.txt").write_text("SECRET=1\nPATH=/usr/bin\n")
    for name, target in (("evil.txt", "/etc/passwd"), ("loop.txt", "loop.txt"), *LINKS.items()):
        if not (folder / name).is_symlink():
            os.symlink(target, folder / name)
    if not (folder / "fifo.txt").exists():
        os.mkfifo(folder / "fifo.txt")


def commands(rng: random.Random, game: str, file: Path, out: Path) -> list[list[str]]:
    """`check` and one `score` form for an input (now and then under another game's name, or
    named by a link: `file` must lie in `out`, where `prepare_folder` made the links)."""
    if rng.random() < 0.05:
        game = rng.choice(sorted(BASES))
    if rng.random() < 0.05:
        file = out / rng.choice([*(name for name in LINKS if name.endswith(".yaml")), f"dirloop/{file.name}",
                                 f"link-to-sub/../{file.name}"])
    extra = [rng.choice(["--json", "--explain", "--json"])] if rng.random() < 0.7 else []
    if game == "kingdom-builder" and rng.random() < 0.1:
        extra += ["--picture", str(out / rng.choice(["picture.svg", "picture.pdf"])), "--force"]
    folder = []
    if game == "kingdom-builder" and rng.random() < 0.05:
        folder = ["--boards-dir", str(out / rng.choice(["dirloop", "link-to-sub", "loop.txt", "nowhere", "sub"]))]
    return [["check", game, str(file), *folder], ["score", game, str(file), *extra, *folder]]
