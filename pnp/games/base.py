"""What a game is to the command line and the desk: one typed protocol, `Game[Position, Result]`.

Every game reads a transcription's text into its `Position` (leniently: as much as can be read,
with every problem), scores a position into its `Result`, and reports both. What more it does is
what it declares among its bases: the capabilities below (a kit, board sections, set-ups, a blank
form, a score picture, a board to tap, a photo scan, its own desk page), each with its options as a
dataclass of the game's. The commands a game offers are derived from them; nothing is looked up by
name. The CLI turns the options' fields into flags.

Methods are pure functions of their arguments: files are read only through a `Source`, and
written only by the caller.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from pnp.errors import InputError, Message, Problem, ordered, say

if TYPE_CHECKING:
    from pnp.draw import Drawing
    from pnp.render.i18n import Catalog
    from pnp.render.imposition import Sheet
    from pnp.yamldoc import Transcription

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
    """Where a transcription's text comes from: `file` names it in messages; the files the text
    names are found in `folder` and in `library` (a folder of the player's own, given with the
    game's `library` option); `confined`: nothing outside `folder` may be named. `games` are the
    ids of every game, to recognise another game's file."""

    file: str
    folder: Path
    library: Path | None = None
    confined: bool = False
    games: frozenset[str] = field(default=frozenset(), compare=False)

    @classmethod
    def of(cls, path: Path, library: Path | None = None, confined: bool = False,
           games: frozenset[str] = frozenset(), name: str | None = None) -> Source:
        """The source of a file at `path`, beside its own folder: named as given, or as `name`
        (control characters escaped)."""
        from pnp.escape import terminal
        from pnp.inputs import resolved

        return cls(terminal(str(path) if name is None else name), resolved(path).parent, library, confined, games)


@dataclass(frozen=True)
class Param:
    """An option of one game's operation as the command line offers it: a field of the
    capability's options (`option` declares it), or the game's `library`."""

    name: str
    type: object  # int, float, bool, str, Path, an Enum, or a tuple type for several values
    default: object = None
    help: str = ""
    min: float | None = None
    max: float | None = None
    required: bool = False  # the command line asks for it; the library and the desk's blank form take `default`
    complete: Callable[[], list[str]] | None = None  # the values a shell offers to complete (imports on call)
    flag: str | None = None  # default: --the-name


def option(default: object, help: str, *, min: float | None = None, max: float | None = None, required: bool = False,
           complete: Callable[[], list[str]] | None = None, flag: str | None = None) -> Any:
    """A field of a capability's options (a frozen dataclass): its default, and what --help says of it."""
    return field(default=default, metadata={"param": Param("", None, default, help, min, max, required, complete, flag)})


@dataclass(frozen=True)
class NoOptions:
    """The options of a capability that has none."""


def params(options: type) -> tuple[Param, ...]:
    """The options a capability's options dataclass declares, in its fields' order, each of its
    field's type (`X | None` as X: None is a default, not a value to type)."""
    import dataclasses
    import types
    import typing

    hints = typing.get_type_hints(options)
    found = []
    for f in dataclasses.fields(options):
        kind = hints[f.name]
        if typing.get_origin(kind) in (typing.Union, types.UnionType):
            kind = next(arg for arg in typing.get_args(kind) if arg is not type(None))
        found.append(replace(f.metadata["param"], name=f.name, type=kind))
    return tuple(found)


@dataclass(frozen=True)
class Operation:
    """What the command for one game says in --help: its help, its examples, and the help of
    shared options worded for this game (`helps`, by option name). The game's own options are
    those of the capability behind the command."""

    help: str
    examples: tuple[str, ...]
    helps: Mapping[str, str] = field(default_factory=dict)


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

    read: Callable[[Transcription, Source], tuple[P | None, list[Problem]]]
    summary: Callable[[P], str]
    evaluate: Callable[[P], R]
    as_text: Callable[[R, bool, str], str]
    as_json: Callable[[R], Json]
    dumps: Callable[[P], str]


class Game(ABC, Generic[P, R]):
    """One game: its id and names, the help of each command it offers, and the calls every game
    has (check and score), through its `engine`. `commands` holds the help of exactly the
    operations the game offers. `library`: the option naming a folder of the player's own files
    that a transcription may name (check, score and scan offer it; a reader finds it as
    `Source.library`)."""

    id: str
    name: str
    summary: str
    commands: Mapping[str, Operation] = {}
    library: ClassVar[Param | None] = None

    @abstractmethod
    def engine(self) -> Engine[P, R]:
        """The game's reader, rules and reports, imported on first use (start-up stays fast)."""

    def read(self, text: Transcription, source: Source) -> tuple[P | None, list[Problem]]:
        """What a transcription holds: its text, or the document the desk read from its page's data."""
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

    def load(self, path: Path, library: Path | None = None, games: frozenset[str] = frozenset()) -> P:
        """The position in the file at `path` (bounded in size, read as UTF-8)."""
        from pnp.inputs import read_text

        source = Source.of(path, library, games=games)
        return self.parse(read_text(path, source.file), source)

    def offers(self, command: str) -> bool:
        """Whether `command` (one of COMMANDS) takes this game: check, score and the desk take
        every game; every other command, a game declaring its capability among its bases."""
        capability = CAPABILITIES.get(command)
        return command in ("check", "score", "desk") or (capability is not None and isinstance(self, capability))

    def offered(self) -> tuple[str, ...]:
        """The operations the game offers: those its `commands` document."""
        return tuple(operation for operation in OPERATIONS if self.offers(operation))


O = TypeVar("O")  # a capability's options: a frozen dataclass of the game's, each field an `option`


# The capabilities: what a game offers beyond check and score. Each is an abstract base that the
# game declares among its own (mypy checks the game's methods against the base's), its options
# typed; a command takes a game whose class has the command's capability (`CAPABILITIES`), and
# makes the fields of that capability's options its flags.

class Capability(ABC):
    """What a game offers beyond check and score; `options_field`: the class attribute in which a
    game names the options dataclass its methods of this capability take (typed `type[O]`)."""

    options_field: ClassVar[str] = ""

    @classmethod
    def options_of(cls, game: object) -> type:
        """The options dataclass of `game`'s implementation of this capability."""
        options: type = getattr(type(game), cls.options_field) if cls.options_field else NoOptions
        return options


class Texts(ABC):
    """A game with texts of its own: its catalog (components, pictures, the desk's words)."""

    @abstractmethod
    def catalog(self, lang: str) -> Catalog:
        """The game's texts merged with the print pipeline's, in `lang`."""


class KitMaker(Capability, Texts, Generic[O]):
    """`pnp kit` and `pnp export`."""

    kit_options: type[O]
    options_field = "kit_options"

    @abstractmethod
    def kit_sheets(self, t: Catalog, paper: str, options: O) -> list[Sheet]:
        """The kit in `t`'s language: the cover (`cover_sheet` in pnp/render/imposition.py), then the pieces."""


class BoardsMaker(Capability, Generic[O]):
    """`pnp boards`: board parts generated from a seed."""

    boards_options: type[O]
    options_field = "boards_options"

    @abstractmethod
    def boards(self, seed: int, lang: str, options: O) -> tuple[str, dict[str, str | bytes]]:
        """A one-line summary and {file name: content}; their words in `lang`."""


class SetupMaker(Capability, Generic[S, O]):
    """`pnp setup`: a random set-up from a seed."""

    setup_options: type[O]
    options_field = "setup_options"

    @abstractmethod
    def setup(self, seed: int, options: O) -> S: ...

    @abstractmethod
    def setup_text(self, made: S, lang: str = "en") -> str: ...

    @abstractmethod
    def setup_json(self, made: S) -> Json: ...


class SetupSheet(ABC, Generic[S]):
    """`pnp setup --out`: a set-up as a printable page."""

    @abstractmethod
    def setup_sheet(self, made: S, fmt: str, paper: str, lang: str = "en") -> str | bytes:
        """SVG text (`fmt` "svg") or PDF bytes."""


THIS_FILE = "THIS_FILE"  # what the commands in a blank form's head call the form itself


class FormMaker(Capability, Generic[O]):
    """`pnp template`, and the desk's blank position (made with the options' defaults)."""

    form_options: type[O]
    options_field = "form_options"

    @abstractmethod
    def blank_form(self, lang: str, where: Path | None, options: O) -> str:
        """A blank transcription; `where`: the folder it is saved in, which any path it names is
        relative to (None: the current folder)."""


class ExampleMaker(Capability, Generic[O]):
    """`pnp example`."""

    example_options: type[O]
    options_field = "example_options"

    @abstractmethod
    def example(self, options: O) -> Sample:
        """A finished game to try check and score on; the options may ask for something else to
        try (a form and a photo to scan)."""


class ScorePicture(Texts, Generic[R]):
    """`pnp score --picture`, and the desk's score picture."""

    @abstractmethod
    def picture(self, result: R, lang: str = "en") -> Drawing:
        """A result drawn: the board and what scored, every word in `lang` (the catalog's `title`
        names the picture's PDF)."""


class BoardPictures(ABC, Generic[P, R]):
    """A position drawn to be edited on the desk: the board, and over it what changes."""

    @abstractmethod
    def board_picture(self, position: P) -> BoardPicture: ...

    @abstractmethod
    def pieces_picture(self, position: P, result: R | None = None, focus: str | None = None,
                       unsure: tuple[str, ...] = (), problems: tuple[str, ...] = ()) -> Drawing:
        """What stands on the board, drawn to lie exactly over `board_picture`: with a `result`,
        the places that earned `focus` (a part of the result) ringed; places named in `unsure`
        marked until confirmed, and those named in `problems` outlined."""


class PhotoReader(Capability, Generic[P, O]):
    """`pnp scan`, and the desk's photo button."""

    scan_options: type[O]
    options_field = "scan_options"

    @abstractmethod
    def scan(self, text: str, source: Source, photo: bytes, photo_name: str, lang: str, options: O,
             setup: tuple[bytes, str] | None = None) -> Reading:
        """Read the pieces off a photo (JPEG or PNG bytes; `photo_name` in messages) into the
        transcription `text`, read from `source`; its comments in `lang`. `setup`: a photo of
        the same board at set-up, before any piece was placed, and its name."""

    @abstractmethod
    def unsure(self, text: str) -> tuple[str, ...]:
        """Places a transcription asks to compare with the photo (a photo scan marks them)."""

    @abstractmethod
    def dumps_unsure(self, position: P, unsure: tuple[str, ...]) -> str:
        """`dumps`, with the places still to compare with the photo marked."""


class DeskPage(ABC):
    """A desk page of the game's own."""

    @abstractmethod
    def desk_script(self) -> str:
        """The game's editor for the desk page (JavaScript calling `Desk.register`)."""


# The capability behind each command other than check, score and the desk.
CAPABILITIES: Mapping[str, type[Capability]] = {
    "kit": KitMaker, "boards": BoardsMaker, "setup": SetupMaker, "template": FormMaker, "example": ExampleMaker,
    "scan": PhotoReader, "export": KitMaker}


def options_of(game: object, command: str) -> type:
    """The options dataclass of the capability behind `command`, which `game` offers."""
    capability = CAPABILITIES.get(command)
    return capability.options_of(game) if capability is not None and isinstance(game, capability) else NoOptions


class Players(Protocol):
    """Options that say the number of players."""

    @property
    def players(self) -> int: ...


N = TypeVar("N", bound=Players)


@dataclass(frozen=True)
class Table(Generic[S]):
    """The calls behind the kit's catalog, the set-ups and the blank form of a game whose set-ups
    and forms depend only on the number of players."""

    catalog: Callable[[str], Catalog]
    random_setup: Callable[[int, int], S]  # (players, seed)
    setup_text: Callable[[S, str], str]
    setup_json: Callable[[S], Json]
    form: Callable[[int, str], str]  # (players, lang)


class ByPlayers(SetupMaker[S, N], FormMaker[N], Texts, Generic[S, N]):
    """The kit's catalog, set-ups and the blank form, through the game's `table`; set-ups and
    forms take the same options, `players` among them."""

    @abstractmethod
    def table(self) -> Table[S]:
        """The game's calls, imported on first use."""

    def catalog(self, lang: str) -> Catalog:
        return self.table().catalog(lang)

    def setup(self, seed: int, options: N) -> S:
        return self.table().random_setup(options.players, seed)

    def setup_text(self, made: S, lang: str = "en") -> str:
        return self.table().setup_text(made, lang)

    def setup_json(self, made: S) -> Json:
        return self.table().setup_json(made)

    def blank_form(self, lang: str, where: Path | None, options: N) -> str:
        return self.table().form(options.players, lang)  # it names no file, so where it is saved does not matter


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


def bundled_sample(game_id: str, name: str) -> Sample:
    """The game's finished example game: `name` of the bundled examples, written as GAME-example.yaml."""
    return Sample(f"{game_id}-example.yaml", bundled_example(name).decode("utf-8"))


class BundledExample(ExampleMaker[O]):
    """`pnp example GAME`: the game's finished example game, `example_file` of the bundled
    examples (a game whose options ask for something else says so in its own `example`)."""

    id: str
    example_file: str

    def example(self, options: O) -> Sample:
        return bundled_sample(self.id, self.example_file)


class PageBeside(DeskPage):
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
    """A game's name in `lang`: its catalog's title, or its registry name for a game without texts."""
    return str(game.catalog(lang)("title")) if isinstance(game, Texts) else str(getattr(game, "name"))
