"""What a game is to the command line and the desk: one typed protocol, `Game[Position, Result]`.

Every game reads a transcription's text into its `Position` (leniently: as much as can be read,
with every problem), scores a position into its `Result`, and reports both. What more it does is
what it implements: the capability protocols below (a kit, board sections, set-ups, a blank form,
a score picture, a board to tap, a photo scan, its own desk page). The commands a game offers are
derived from them; nothing is looked up by name. Options are plain data here (name, type, default,
help); the CLI turns them into flags.

Methods are pure functions of their arguments: files are read only through a `Source`, and
written only by the caller.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar, runtime_checkable

from pnp.errors import InputError, Message, Problem, ordered, say

if TYPE_CHECKING:
    from pnp.draw import Drawing
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet

P = TypeVar("P")  # a game's position
R = TypeVar("R")  # a game's result
S = TypeVar("S")  # a game's set-up
Json = dict[str, object]

# The operations a game may offer, each a command `pnp OPERATION GAME`, in the order `pnp games` lists them.
OPERATIONS = ("kit", "boards", "setup", "template", "example", "check", "score", "scan")
# Every command a game may be taken by: the operations, then `pnp export GAME` and `pnp desk`.
COMMANDS = (*OPERATIONS, "export", "desk")


@dataclass(frozen=True)
class Source:
    """Where a transcription's text comes from: `file` names it in messages; what the text refers
    to (a section file) is found in `folder` and in `boards_dir`; `confined`: nothing outside
    `folder` may be named. `games` are the ids of every game, to recognise another game's file."""

    file: str
    folder: Path
    boards_dir: Path | None = None
    confined: bool = False
    games: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def of(cls, path: Path, boards_dir: Path | None = None, confined: bool = False,
           games: frozenset[str] = frozenset(), name: str | None = None) -> Source:
        """The source of a file at `path`, beside its own folder: named as given, or as `name`
        (control characters escaped)."""
        from pnp.escape import terminal
        from pnp.inputs import resolved

        return cls(terminal(str(path) if name is None else name), resolved(path).parent, boards_dir, confined, games)


@dataclass(frozen=True)
class Param:
    """An option of one game's operation, passed to the game's method by `name`."""

    name: str
    type: object  # int, float, bool, str, Path, an Enum, or a tuple type for several values
    default: object = None
    help: str = ""
    min: float | None = None
    max: float | None = None
    required: bool = False  # must be given (a blank form for the desk uses the method's own default)
    complete: Callable[[], list[str]] | None = None  # the values a shell offers to complete (imports on call)


@dataclass(frozen=True)
class Operation:
    """What the command for one game says in --help, and the options it adds."""

    help: str
    examples: tuple[str, ...]
    params: tuple[Param, ...] = ()


@dataclass(frozen=True)
class Spot:
    """A place on a board picture that can be tapped: its name as transcriptions write it, its
    centre in the picture's millimetres, whether a piece may stand there, and what it is (read
    out to a screen reader)."""

    name: str
    x: float
    y: float
    open: bool
    kind: str = ""


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
    still to compare with the photo in `# check:` comments), those places, the lines of a summary
    to print (its `notes` among them: what to know beyond the counts and the places, each a
    sentence), the same as JSON data, and `overlay(kind)`: the picture to check it by, as ".png",
    ".pdf" or ".svg" bytes."""

    text: str
    unsure: tuple[str, ...]
    summary: tuple[Message, ...]
    notes: tuple[Message, ...]
    data: Json
    overlay: Callable[[str], bytes]


@dataclass(frozen=True)
class Sample:
    """Something to try the commands on, written by `pnp example`: a transcription (or a form to
    fill in) under the file name `name`, and for a photo scan the photo to read into it (JPEG),
    written beside it under the same name ending in .jpg."""

    name: str
    text: str
    photo: bytes | None = None


@dataclass(frozen=True)
class Engine(Generic[P, R]):
    """The calls behind check and score: a transcription's text read leniently (as much of the
    position as can be read, None when too little can, and every problem with its line); the
    line `pnp check` prints; the result; the result as text (`explain`, `lang`) and as JSON; and
    the transcription of a position, which `read` reads back to the same position."""

    read: Callable[[str, Source], tuple[P | None, list[Problem]]]
    summary: Callable[[P], str]
    evaluate: Callable[[P], R]
    as_text: Callable[[R, bool, str], str]
    as_json: Callable[[R], Json]
    dumps: Callable[[P], str]


class Game(ABC, Generic[P, R]):
    """One game: its id and names, the help of each command it offers, and the calls every game
    has (check and score), through its `engine`. `commands` holds the help of exactly the
    operations the game offers."""

    id: str
    name: str
    summary: str
    commands: Mapping[str, Operation] = {}

    @abstractmethod
    def engine(self) -> Engine[P, R]:
        """The game's reader, rules and reports, imported on first use (start-up stays fast)."""

    def read(self, text: str, source: Source) -> tuple[P | None, list[Problem]]:
        return self.engine().read(text, source)

    def check_summary(self, position: P) -> str:
        return self.engine().summary(position)

    def evaluate(self, position: P) -> R:
        return self.engine().evaluate(position)

    def report_text(self, result: R, explain: bool = False, lang: str = "en") -> str:
        return self.engine().as_text(result, explain, lang)

    def report_json(self, result: R) -> Json:
        return self.engine().as_json(result)

    def dumps(self, position: P) -> str:
        return self.engine().dumps(position)

    def parse(self, text: str, source: Source) -> P:
        """The position a text holds; InputError listing every problem if it has any."""
        position, problems = self.read(text, source)
        if problems:
            raise InputError(problems)
        if position is None:  # a game that reads nothing must say why
            raise InputError([Problem(source.file, None, say("problem.nothing"))])
        return position

    def load(self, path: Path, boards_dir: Path | None = None, games: frozenset[str] = frozenset()) -> P:
        """The position in the file at `path` (bounded in size, read as UTF-8)."""
        from pnp.inputs import read_text

        source = Source.of(path, boards_dir, games=games)
        return self.parse(read_text(path, source.file), source)

    def offers(self, command: str) -> bool:
        """Whether `command` (one of COMMANDS) takes this game: check, score and the desk take every game."""
        capability = CAPABILITIES.get(command)
        return command in ("check", "score", "desk") or (capability is not None and isinstance(self, capability))

    def offered(self) -> tuple[str, ...]:
        """The operations the game offers: those its `commands` document."""
        return tuple(operation for operation in OPERATIONS if self.offers(operation))


@dataclass(frozen=True)
class Table(Generic[S]):
    """The calls behind the kit's catalog, the set-ups and the blank form of a game whose set-ups
    and forms depend only on the number of players."""

    catalog: Callable[[str], Catalog]
    random_setup: Callable[[int, int], S]  # (players, seed)
    setup_text: Callable[[S, str], str]
    setup_json: Callable[[S], Json]
    form: Callable[[int, str], str]  # (players, lang)


class ByPlayers(ABC, Generic[S]):
    """The kit's catalog, set-ups and the blank form, through the game's `table`."""

    @abstractmethod
    def table(self) -> Table[S]:
        """The game's calls, imported on first use."""

    def catalog(self, lang: str) -> Catalog:
        return self.table().catalog(lang)

    def setup(self, seed: int, players: int = 2) -> S:
        return self.table().random_setup(players, seed)

    def setup_text(self, made: S, lang: str = "en") -> str:
        return self.table().setup_text(made, lang)

    def setup_json(self, made: S) -> Json:
        return self.table().setup_json(made)

    def blank_form(self, lang: str = "en", where: Path | None = None, players: int = 2) -> str:
        return self.table().form(players, lang)  # it names no file, so where it is saved does not matter


def read_leniently(problems: list[Problem], read: Callable[[], P | None]) -> tuple[P | None, list[Problem]]:
    """What `read` made of a text and the problems it collected; a text that cannot be read at
    all (not YAML, not a mapping, another game's file) makes nothing and says why."""
    try:
        position = read()
    except InputError as error:
        return None, list(error.problems)
    return position, ordered(problems)


def bundled_example(name: str) -> bytes:
    """A file of the bundled examples (boards/examples/ in the source tree)."""
    from pnp.resources import data_dir

    return (data_dir("boards") / "examples" / name).read_bytes()


class BundledExample:
    """`pnp example GAME`: the game's finished example game, `example_file` of the bundled
    examples, written as GAME-example.yaml."""

    id: str
    example_file: str

    def example(self) -> Sample:
        return Sample(f"{self.id}-example.yaml", bundled_example(self.example_file).decode("utf-8"))


class PageBeside:
    """A desk page of the game's own: `desk.js` beside the module that defines the game."""

    # The sections of the game's catalog its page names pieces from (card, clan, …), handed to
    # the page with the catalog's `desk` section, in the desk's language.
    desk_terms: tuple[str, ...] = ()

    def desk_script(self) -> str:
        import inspect

        from pnp.inputs import read_text

        script = Path(inspect.getfile(type(self))).with_name("desk.js")
        return read_text(script, script.name)

    def desk_colours(self) -> dict[str, dict[str, str]]:
        """The colours the page shows, as the game's pictures and kit draw them: by group
        ("player", "clan", …) and by index or name. The page gets them as CSS custom properties."""
        return {}


def title_of(game: object, lang: str) -> str:
    """A game's name in `lang`: its catalog's title, or its registry name for a game without a kit."""
    return str(game.catalog(lang)("title")) if isinstance(game, Kit) else str(getattr(game, "name"))


# The capabilities: what a game implements beyond check and score. Each is checked by the
# methods it has, so a game offers a command by implementing it.

@runtime_checkable
class Kit(Protocol):
    def catalog(self, lang: str) -> Catalog: ...

    def kit_sheets(self, t: Catalog, paper: str, **options: object) -> list[Sheet]: ...


@runtime_checkable
class Boards(Protocol):
    def boards(self, seed: int, **options: object) -> tuple[str, dict[str, str | bytes]]:
        """A one-line summary and {file name: content}."""


@runtime_checkable
class Setups(Protocol):
    def setup(self, seed: int, **options: object) -> object: ...

    def setup_text(self, made: object, lang: str = "en") -> str: ...

    def setup_json(self, made: object) -> Json: ...


@runtime_checkable
class SetupSheet(Protocol):
    def setup_sheet(self, made: object, fmt: str, paper: str, lang: str = "en") -> str | bytes:
        """The set-up as a printable page: SVG text (`fmt` "svg") or PDF bytes."""


THIS_FILE = "THIS_FILE"  # what the commands in a blank form's head call the form itself


@runtime_checkable
class Form(Protocol):
    def blank_form(self, lang: str = "en", where: Path | None = None, **options: object) -> str:
        """A blank transcription; every option has a default, which the desk's blank form uses.
        `where`: the folder it is saved in, which any path it names is relative to (None: the
        current folder)."""


@runtime_checkable
class Example(Protocol):
    def example(self, **options: object) -> Sample:
        """A finished game to try check and score on; the game's options may ask for something
        else to try (a form and a photo to scan)."""


@runtime_checkable
class ScorePicture(Protocol):
    def picture(self, result: object, lang: str = "en") -> Drawing:
        """A result drawn: the board and what scored, every word in the language `lang`."""

    def catalog(self, lang: str) -> Catalog:
        """The game's texts (its `title` names the picture's PDF) and the print pipeline's."""


@runtime_checkable
class BoardPictures(Protocol):
    """A position drawn to be edited: the board, and over it what changes."""

    def board_picture(self, position: object) -> BoardPicture: ...

    def pieces_picture(self, position: object, result: object = None, focus: str | None = None,
                       unsure: tuple[str, ...] = (), problems: tuple[str, ...] = ()) -> Drawing:
        """What stands on the board, drawn to lie exactly over `board_picture`: with a `result`,
        the places that earned `focus` (a part of the result) ringed; places named in `unsure`
        marked until confirmed, and those named in `problems` outlined."""


@runtime_checkable
class Scan(Protocol):
    def scan(self, text: str, source: Source, photo: bytes, photo_name: str, **options: object) -> Reading:
        """Read the pieces off a photo (JPEG or PNG bytes; `photo_name` in messages) into the
        transcription `text`, read from `source`; its comments in the language `lang` (an option)."""

    def unsure(self, text: str) -> tuple[str, ...]:
        """Places a transcription asks to compare with the photo (a photo scan marks them)."""

    def dumps_unsure(self, position: object, unsure: tuple[str, ...]) -> str:
        """`dumps`, with the places still to compare with the photo marked."""


@runtime_checkable
class DeskPage(Protocol):
    def desk_script(self) -> str:
        """The game's editor for the desk page (JavaScript calling `Desk.register`)."""


CAPABILITIES: Mapping[str, type] = {"kit": Kit, "boards": Boards, "setup": Setups, "template": Form, "example": Example,
                                    "scan": Scan, "export": Kit}
