"""What every game provides, under the same names, so the CLI and the desk reach each game alike.

A game package exposes one `Game` object (in its `game.py`). Its `operations` say which commands
it offers and with which options of its own; the methods behind them are pure functions of their
arguments: files are read only by `load`, and written only by the caller. Options are plain data
here; the CLI turns them into flags.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.draw import Drawing
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet

# The operations a game may offer, in the order `pnp games` lists them.
OPERATIONS = ("kit", "boards", "setup", "template", "check", "score", "scan")


@dataclass(frozen=True)
class Param:
    """An option of one game's operation: `--flag VALUE` (or a bool switch), passed on by name."""

    name: str  # the keyword the game's method receives
    flags: str  # "--players", or "--duplex/--no-duplex" for a switch with a negative form
    type: Any  # int, float, bool, str, Path, an Enum, or a tuple type for several values
    default: Any = None
    help: str = ""
    min: float | None = None
    max: float | None = None
    required: bool = False


@dataclass(frozen=True)
class Spot:
    """A place on a board picture that can be tapped: its name as transcriptions write it, its
    centre in the picture's millimetres, and whether a piece may stand there."""

    name: str
    x: float
    y: float
    open: bool


@dataclass(frozen=True)
class BoardPicture:
    """A board without its pieces, and where its places are. `key` names the board: the same key,
    the same drawing."""

    key: str
    drawing: Drawing
    spots: tuple[Spot, ...]
    radius: float  # of a place, in millimetres


@dataclass(frozen=True)
class Reading:
    """What a photo scan read into a transcription: the text with the pieces filled in (places
    still to compare with the photo in `# check:` comments), those places, a summary to print, the
    same as JSON data, and `overlay(kind)`: the picture to check it by, as ".png", ".pdf" or ".svg"
    bytes."""

    text: str
    unsure: tuple[str, ...]
    summary: str
    data: dict[str, Any]
    overlay: Callable[[str], bytes]


@dataclass(frozen=True)
class Operation:
    """What the command for one game says in --help, and the options it adds."""

    help: str
    examples: tuple[str, ...]
    params: tuple[Param, ...] = ()


class Game:
    """One game: its id and names, the operations it offers, and the calls behind them.

    Every game package has the same modules with the same roles, so the calls are the same for
    every game: `transcription.load(path, **options)`, `rules.evaluate(state)`,
    `report.as_text(result, explain, lang)`, `report.as_json(result)`, `report.summary(state)` (the line
    `pnp check` prints), `report.setup_text(made, lang)`, `setup.random_setup(seed=, **options)`,
    `setup.as_dict(made)`, `template.transcription_form(lang=, **options)`, `kit.sheets(t, paper, **options)`,
    `components.catalog(lang)`. A game overrides a method only where it differs
    (Kingdom Builder's first-game set-up, say), and adds `boards`, `setup_sheet`, `picture` and `scan`
    where it has them. Options are passed by the names of the game's `Param`s.
    """

    id: str
    name: str
    summary: str
    operations: Mapping[str, Operation] = {}
    has_setup_sheet = False  # setup_sheet() draws the set-up as a printable page
    has_picture = False  # picture() draws a result
    has_board = False  # board_picture() and pieces_picture() draw a position to edit it on

    def offers(self, operation: str) -> bool:
        return operation in self.operations

    def module(self, name: str) -> ModuleType:
        """One of the game package's modules, imported on first use (start-up stays fast)."""
        return importlib.import_module(f"{type(self).__module__.rpartition('.')[0]}.{name}")

    # kit
    def catalog(self, lang: str) -> Catalog:
        return self.module("components").catalog(lang)

    def kit_sheets(self, t: Catalog, paper: str, **options: Any) -> list[Sheet]:
        return self.module("kit").sheets(t, paper, **options)

    # boards: a one-line summary and {file name: content}
    def boards(self, seed: int, **options: Any) -> tuple[str, dict[str, str | bytes]]:
        raise NotImplementedError

    # setup
    def setup(self, seed: int, **options: Any) -> Any:
        return self.module("setup").random_setup(seed=seed, **options)

    def setup_text(self, made: Any, lang: str = "en") -> str:
        return self.module("report").setup_text(made, lang)

    def setup_json(self, made: Any) -> dict[str, Any]:
        return self.module("setup").as_dict(made)

    def setup_sheet(self, made: Any, fmt: str, paper: str, lang: str = "en") -> str | bytes:
        """The set-up as a printable page: SVG text (`fmt` "svg") or PDF bytes."""
        raise NotImplementedError

    # template
    def blank_form(self, **options: Any) -> str:
        return self.module("template").transcription_form(**options)

    # check and score
    def load(self, path: Path, **options: Any) -> Any:
        return self.module("transcription").load(path, **options)

    def parse(self, text: str, path: Path, confined: bool = False, **options: Any) -> Any:
        """A transcription's text as if read from `path`: messages name it, and what it refers to
        is found beside it. `confined`: refer to no file outside the folder of `path`."""
        return self.module("transcription").parse(text, str(path), **options)

    def dumps(self, state: Any, like: str | None = None, unsure: tuple[str, ...] = ()) -> str:
        """The transcription of a position, which `parse` reads back to the same position. `like`
        is the text it was read from: the names it gives things are kept where the position alone
        cannot tell them (a section file's path); `unsure` lists places still to compare with the
        photo. A game whose positions say everything (no files, no photo) needs neither."""
        return self.module("transcription").dumps(state)

    def unsure(self, text: str) -> tuple[str, ...]:
        """Places a transcription asks to compare with the photo (a photo scan marks them)."""
        return ()

    def check_summary(self, state: Any) -> str:
        return self.module("report").summary(state)

    def evaluate(self, state: Any) -> Any:
        return self.module("rules").evaluate(state)

    def report_text(self, result: Any, explain: bool = False, lang: str = "en") -> str:
        return self.module("report").as_text(result, explain, lang)

    def report_json(self, result: Any) -> dict[str, Any]:
        return self.module("report").as_json(result)

    def picture(self, result: Any) -> Drawing:
        raise NotImplementedError

    # scan
    def scan(self, text: str, path: Path, photo: bytes, photo_name: str, confined: bool = False,
             **options: Any) -> Reading:
        """Read the pieces off a photo (JPEG or PNG bytes; `photo_name` in messages) into the
        transcription `text`, read as `parse` reads it (`confined` alike)."""
        raise NotImplementedError

    # a position drawn to be edited: the board, and over it what changes
    def board_picture(self, text: str, path: Path, **options: Any) -> BoardPicture | None:
        """The board a transcription's text names, even when other parts have problems; None when
        the board itself cannot be assembled."""
        raise NotImplementedError

    def pieces_picture(self, text: str, path: Path, result: Any = None, focus: str | None = None,
                       unsure: tuple[str, ...] = (), problems: tuple[str, ...] = (), **options: Any) -> Drawing:
        """What stands on the board as the text has it, drawn to lie exactly over `board_picture`:
        with a `result`, the places that earned `focus` (a part of the result) ringed; places
        named in `unsure` marked until confirmed, and those named in `problems` outlined."""
        raise NotImplementedError
