"""What the desk does, without HTTP: load a transcription, start a blank one, evaluate an edit,
save, draw, open an uploaded file, read a photo. Each call takes and gives plain data (what the
page sends and shows); what cannot be done is a `Refused` with the HTTP status that says why.

The page holds a position as the plain data of its transcription (what the YAML file holds) and
sends it on every edit; it is written as YAML, read once with the game's own lenient reader (the
messages of `pnp check`, each placed at the field it concerns), scored with the game's engine when
it has no problems, and for a game with a board drawn, problems or not. Save writes the game's
own transcription of the position, only to the file the desk was started for.

A save cannot clobber: the page holds the version (a content hash) of the file as it loaded it,
and a save over a file changed since, or holding another game, is refused (409) saying what it
would lose, until the page asks to overwrite or to save under a new name.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Message, PnpError, Problem, say
from pnp.games import GAMES
from pnp.games.base import (P, R, BoardPicture, BoardPictures, DeskPage, FormMaker, Game, Json, PageBeside, PhotoReader,
                            ScorePicture, Source, Texts, options_of, params)
from pnp.render.i18n import Catalog, render_catalog, shown

if TYPE_CHECKING:
    from collections.abc import Mapping

    from pnp.desk.drafts import Drafts

MAX_UPLOAD = 256 * 1024  # an opened transcription or set-up: a few KiB in practice
UPLOAD_TYPES = (".yaml", ".yml", ".json")


def version_of(raw: bytes | None) -> str | None:
    """What the page holds to know the file it loaded: its content hash; None: no file."""
    return None if raw is None else hashlib.sha256(raw).hexdigest()


def on_disk(path: Path) -> bytes | None:
    """A file's bytes, or None when there is no file to read."""
    from pnp.inputs import MAX_DOCUMENT, read_bytes

    if not path.exists():
        return None
    return read_bytes(path, str(path), MAX_DOCUMENT, regular_only=True)


def free_path(folder: Path, stem: str, suffix: str = ".yaml") -> Path:
    """`stem.yaml` in `folder`, or `stem-2.yaml`, `stem-3.yaml`...: the first not there."""
    path, n = folder / f"{stem}{suffix}", 1
    while path.exists():
        n += 1
        path = folder / f"{stem}-{n}{suffix}"
    return path


def flat(value: object, t: Catalog, path: str = "") -> dict[str, object]:
    """A document as {place: value}; a block of text by its lines (a Kingdom Builder board's rows)."""
    if isinstance(value, dict):
        return {k: v for key, item in value.items() for k, v in flat(item, t, f"{path} › {key}" if path else str(key)).items()}
    if isinstance(value, list):
        return {k: v for i, item in enumerate(value) for k, v in flat(item, t, f"{path} › {t.number(i + 1)}").items()}
    if isinstance(value, str) and "\n" in value.strip():
        return {t("desk.page.server.line", place=path, line=n): line.strip()
                for n, line in enumerate(value.strip().split("\n"), start=1)}
    return {path: value}


def differences(theirs: object, ours: object, t: Catalog, most: int = 8) -> list[str]:
    """What `theirs` holds that `ours` does not: the places they differ, in the file's words."""
    a, b = flat(theirs, t), flat(ours, t)
    nothing = t("desk.page.server.nothing")
    shown = [t("desk.page.server.differs", place=place, theirs=str(a.get(place, nothing)), ours=str(b.get(place, nothing)))
             for place in [*a, *(k for k in b if k not in a)] if a.get(place) != b.get(place)]
    return shown[:most] + ([t("desk.page.server.more", count=len(shown) - most)] if len(shown) > most else [])


def checked(document: object) -> dict[str, object]:
    """A position the page sent, refused (400) unless it is an object within what a pnp file may
    hold (the limits `yamldoc` puts on every file read)."""
    from pnp.yamldoc import MAX_DEPTH, MAX_VALUES

    if not isinstance(document, dict):
        raise Refused(400, "the position must be a JSON object")
    level, values = [document], 0
    for depth in range(MAX_DEPTH + 1):
        values += len(level)
        if values > MAX_VALUES:
            raise Refused(400, f"the position holds more than {MAX_VALUES} values; a position holds a few hundred")
        level = [item for node in level if isinstance(node, (dict, list))
                 for item in (node.values() if isinstance(node, dict) else node)]
        if not level:
            return document
    raise Refused(400, f"the position is nested more than {MAX_DEPTH} deep; no position needs that")


def on_the_page(message: object, texts: Catalog) -> object:
    """A scan's message as the page's user meets it, who clicked what the command line types:
    where it says where a problem lies (`problem.at`) and that is an option (`--corners`), the
    game's catalog names the option for the page (`on_page.option.corners`); a message it words
    for the page (`on_page.instead.KEY`) is said so."""
    if not isinstance(message, Message):
        return message
    values = {name: on_the_page(value, texts) for name, value in message.values.items()}
    where = values.get("where")
    if message.key == "problem.at" and isinstance(where, str) and where.startswith("--"):
        option = f"on_page.option.{where.removeprefix('--').replace('-', '_')}"
        values["where"] = texts(option) if option in texts.messages else where
    instead = f"on_page.instead.{message.key}"
    page = Message(str(message))
    page.key, page.values = (instead if instead in texts.messages else message.key), values
    return page


class Refused(Exception):
    """A request the desk does not carry out: `status` is the HTTP status saying why."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status

    def __reduce__(self) -> tuple[type[Refused], tuple[int, str]]:  # sent back from the desk's processes
        return Refused, (self.status, self.args[0])  # a `Message` as it is, to be said in the page's language



@dataclass
class Desk:
    """What one run of `pnp desk` serves: the file each game saves to, and who may connect."""

    targets: dict[str, Path]  # game id -> the only file Save writes for that game
    opened: Path | None = None  # the transcription the desk was started with, if it exists
    host: str = "127.0.0.1"
    port: int = 0
    token: str | None = None  # required on every request when set
    names: tuple[str, ...] = ()  # host names (besides IP addresses) accepted when serving on all addresses
    state: Path | None = None  # the folder of the desk's own store (drafts, files saved last); None: none
    resumed: str | None = None  # started without a file: the file saved last in the folder, opened again
    address: str | None = None  # served to the network: the URL printed, token included, shown on the page as a QR code
    lang: str = "en"  # the language of the page and of what the desk says to it


class BoardCache:
    """The last few boards drawn, as SVG, by game and board key: the page loads a board once.
    Evaluations add to it from several threads at once."""

    def __init__(self, size: int = 8):
        self.size = size
        self.svgs: OrderedDict[tuple[str, str], str] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, game_id: str, key: str) -> str | None:
        return self.svgs.get((game_id, key))

    def add(self, game_id: str, board: BoardPicture) -> None:
        from pnp.render import svg

        if (game_id, board.key) not in self.svgs:
            drawn = svg.render(board.drawing)
            with self.lock:
                self.svgs[(game_id, board.key)] = drawn
                while len(self.svgs) > self.size:
                    self.svgs.popitem(last=False)


def page_data(value: object) -> object:
    """YAML data (as `yamldoc.load` keeps it: every scalar as its text) as the page edits it:
    unquoted whole numbers as numbers, unquoted nulls as null, everything else as text."""
    from pnp import yamldoc

    if isinstance(value, dict):
        return {str(key): page_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [page_data(item) for item in value]
    if yamldoc.is_null(value):
        return None
    number = yamldoc.integer(value) if isinstance(value, yamldoc.Text) and value.plain else None
    return str(value) if number is None else number


def totals(result: Any, t: Catalog, sides: dict[str, str]) -> str:
    """A result's standing in one line, for the bar at the foot of a phone's page: each player's
    total (each side's castles where sides play, `sides` naming them), then who won."""
    players = result.get("players") or []
    if players and all("total" in p for p in players):
        line = t.join(t("desk.page.server.total", name=p["name"], total=p["total"]) for p in players)
    else:
        line = t.join(t("desk.page.server.castles", side=sides.get(s["side"], s["side"]), count=s["castles"])
                      for s in result.get("sides", []))
    winners = result.get("winners") or []
    return t("desk.page.server.won", standing=line, winners=t.join(winners, t("desk.page.server.and"))) if winners else line


def problems_json(problems: list[Problem], paths: dict[int, tuple[object, ...]]) -> list[Json]:
    """Problems as the page shows them: each at the path of the value it is about ([]: the whole)."""
    return [{"path": list(paths.get(p.line, ())) if p.line else [], "message": p.message} for p in problems]


def _strings(value: object, most: int) -> tuple[str, ...]:
    """The texts in a list the page sent (places to check), at most `most` of them."""
    return tuple(item for item in value if isinstance(item, str))[:most] if isinstance(value, list) else ()


@dataclass(frozen=True)
class ScoreSheet:
    """A scored position, all that its score picture is drawn from: small, and pickled to the
    process that draws it."""

    game: str
    result: object
    title: str
    lang: str  # the language of its words


def draw_picture(sheet: ScoreSheet) -> bytes:
    """The score picture as PDF: seconds of pure Python, which the desk runs in a process of its
    own so that it does not hold the request loop's interpreter lock."""
    from pnp.render import pdf

    game = GAMES[sheet.game]
    assert isinstance(game, ScorePicture)
    return pdf.render([game.picture(sheet.result, sheet.lang)], sheet.title)


@functools.cache
def blank_text(game_id: str) -> str:
    """A new position: the game's blank form with its defaults, or just the game's name. Made once:
    the page opens on it while its file is not there yet, and a Kingdom Builder form is tens of
    milliseconds of looking boards up, which would hold the request loop at each `GET /`."""
    game = GAMES[game_id]
    return game.blank_form("en", None, options_of(game, "template")()) if isinstance(game, FormMaker) else f"game: {game.id}\n"


@dataclass(frozen=True)
class _Read:
    """A document the page sent, as its game reads it: the path of each of its numbered values
    (`yamldoc.from_data`), what was read, and the problems."""

    paths: dict[int, tuple[object, ...]]
    position: object
    problems: list[Problem]


class DeskService:
    """The desk's calls, for the games `desk.targets` names; they may run in several threads at once."""

    def __init__(self, desk: Desk):
        self.desk = desk
        self.boards = BoardCache()
        self.saving = threading.Lock()  # a save checks the file, then writes it: one at a time
        self.t = render_catalog(desk.lang)
        if desk.state is None:
            self.drafts = None
        else:
            from pnp.desk.drafts import Drafts

            self.drafts = Drafts(desk.state)

    def game(self, game_id: object) -> Game[Any, Any]:
        if not isinstance(game_id, str):
            raise Refused(400, f"'game' names a game: {', '.join(self.desk.targets)}")
        if game_id not in self.desk.targets:
            raise Refused(404, f"this desk has no page for '{game_id}'")
        return GAMES[game_id]

    def source(self, game: Game[P, R]) -> Source:
        """The file a game saves to, read as confined to its folder (the page names no file), and
        named in messages by its name alone: the page shows no path of the server's."""
        path = self.desk.targets[game.id]
        return Source.of(path, confined=True, games=frozenset(GAMES), name=path.name)

    def opening(self, game: Game[P, R], text: str, file: str) -> Json:
        """What the page needs to show a transcription's text: its data and unsure places."""
        from pnp import yamldoc

        try:
            document = page_data(yamldoc.load(text, file))
        except InputError as error:
            raise Refused(422, "; ".join(self.said(p.message) for p in error.problems)) from None
        return {"game": game.id, "document": document, "unsure": game.unsure(text) if isinstance(game, PhotoReader) else ()}

    def games(self) -> list[Json]:
        from pnp.desk.words import game_text

        return [{"id": g.id, "name": self.title(g), "file": self.desk.targets[g.id].name, "page": isinstance(g, DeskPage),
                 "has_picture": isinstance(g, ScorePicture), "has_board": isinstance(g, BoardPictures),
                 "colours": g.desk_colours() if isinstance(g, PageBeside) else {}, "text": game_text(g.id, self.t.lang)}
                for g in GAMES.values() if g.id in self.desk.targets]

    def title(self, game: Game[Any, Any]) -> str:
        from pnp.games.base import title_of

        return title_of(game, self.t.lang)

    def said(self, message: object) -> str:
        """A message of the library's or the desk's in the page's language."""
        return shown(self.t.said(message), self.t)

    def start(self) -> Json | None:
        """What the page opens first: the file a game saves to, when it is there (as saved last, or
        as its problems when it cannot be read); None when no game's file is there yet."""
        for game_id in self.desk.targets:
            opening = self.file(game_id)
            if opening["version"] is not None and opening["holds"] in (game_id, None):
                return opening
        return None

    def file(self, game_id: object) -> Json:
        """A game's position as its file holds it: what was saved; a blank form when there is no
        file or it holds another game (`holds` names it); besides a blank form, its problems and
        text when it cannot be read (`unreadable`).
        `version` is the file's as read, for the save that follows."""
        from pnp import yamldoc

        game = self.game(game_id)
        path = self.desk.targets[game.id]
        about: Json = {"file": path.name}
        try:
            raw = on_disk(path)
            text = "" if raw is None else raw.decode("utf-8")
            data = None if raw is None else yamldoc.load(text, path.name)
            holds = data.get("game") if isinstance(data, dict) else None
            if raw is not None and holds not in GAMES:
                raise InputError([Problem(path.name, None, say("desk.page.server.no_game", games=list(GAMES)))])
        except (PnpError, UnicodeDecodeError) as error:
            with path.open("rb") as file:  # what there is to show of it
                raw = file.read(MAX_UPLOAD)
            problems = error.problems if isinstance(error, InputError) else [Problem(path.name, None, str(error))]
            return {**self.blank(game), **about, "version": version_of(raw), "holds": None,  # a blank form to start anew
                    "unreadable": {"text": raw.decode("utf-8", "replace"),
                                   "problems": [{"line": p.line, "message": self.said(p.message)} for p in problems]}}
        about.update(version=version_of(raw), holds=holds)
        if holds == game.id:
            return {**self.opening(game, text, str(path)), **about}
        return {**self.blank(game), **about}

    def blank(self, game: Game[P, R]) -> Json:
        return self.opening(game, blank_text(game.id), str(self.desk.targets[game.id]))

    def read(self, game: Game[P, R], document: object) -> _Read:
        """The page's document read once, straight into the game's position."""
        from pnp import yamldoc

        source = self.source(game)
        tree, paths, problems = yamldoc.from_data(checked(document), source.file)
        if problems:  # text no file may hold
            return _Read(paths, None, problems)
        try:
            position, problems = game.read(tree, source)
        except PnpError as error:  # a file it names cannot be used
            position, problems = None, [Problem(str(self.desk.targets[game.id]), None, m) for m in error.messages()]
        return _Read(paths, position, problems)

    def evaluate(self, request: Json) -> Json:
        """A position's problems, or its summary, result and explanation; the board and its pieces."""
        game = self.game(request.get("game"))
        read = self.read(game, request.get("document"))
        result = game.evaluate(read.position) if read.position is not None and not read.problems else None
        report = game.report_json(result) if result is not None else None
        answer: Json = {
            "problems": self.problems(read),
            "summary": self.said(game.check_summary(read.position)) if result is not None else None,
            "result": report,
            "totals": self.said(totals(report, self.t, self.sides(game))) if report is not None else None,
            "text": game.report_text(result, explain=True, lang=self.t.lang) if result is not None else None,
        }
        answer.update(self.pictures(game, read, result, request))
        return answer

    def problems(self, read: _Read) -> list[Json]:
        return [{**p, "message": self.said(p["message"])} for p in problems_json(read.problems, read.paths)]

    def sides(self, game: Game[Any, Any]) -> dict[str, str]:
        """The names of the sides a game's result may name, as a sentence names them ({} where none),
        in the page's language."""
        from pnp.desk.words import game_text

        return {key.removeprefix("report.name."): text for key, text in game_text(game.id, self.t.lang).items()
                if key.startswith("report.name.")}

    def pictures(self, game: Game[P, R], read: _Read, result: object, request: Json) -> Json:
        """For a game with a board to tap: the board (its places, unless the page has it) and
        what stands on it, drawn from what could be read."""
        from pnp.render import svg

        if not isinstance(game, BoardPictures):
            return {}
        if read.position is None:
            return {"board": None, "pieces": None}
        board = game.board_picture(read.position)
        self.boards.add(game.id, board)
        shown: Json = {"key": board.key}
        if request.get("board") != board.key:
            shown.update(width=board.drawing.width, height=board.drawing.height, radius=board.radius,
                         spots=[[s.name, round(s.x, 2), round(s.y, 2), s.open, s.kind] for s in board.spots])
        focus = request.get("focus")
        drawing = game.pieces_picture(read.position, result, focus if isinstance(focus, str) else None,
                                      _strings(request.get("unsure"), 400), tuple(p.message for p in read.problems))
        return {"board": shown, "pieces": svg.render(drawing)}

    def save(self, request: Json) -> tuple[int, Json]:
        """Write the position to the game's file, unless it has problems or would clobber the file
        (see the module's note): `version` is the file's as the page loaded it; `overwrite` replaces
        it all the same; `as_new` writes a new file beside it, which later saves then write."""
        game = self.game(request.get("game"))
        read = self.read(game, request.get("document"))
        if read.problems or read.position is None:
            return 422, {"saved": None, "problems": self.problems(read)}
        with self.saving:  # else two tabs saving at once could both find the file as they loaded it
            return self.write(game, read, request)

    def write(self, game: Game[Any, Any], read: _Read, request: Json) -> tuple[int, Json]:
        """`save` once the position is read: the file written, or why not (409)."""
        from pnp.outputs import write_file

        path = self.desk.targets[game.id]
        if request.get("as_new") is True:
            path = self.desk.targets[game.id] = free_path(path.parent, path.stem)
        elif request.get("overwrite") is not True:
            clash = self.clash(game, read, request.get("version"))
            if clash is not None:
                return 409, {"saved": None, "problems": [], "error": self.said(clash[0]),
                             "conflict": {"file": path.name, "lost": clash[1]}}
        unsure = _strings(request.get("unsure"), 10_000)
        text = game.dumps_unsure(read.position, unsure) if isinstance(game, PhotoReader) else game.dumps(read.position)
        write_file(path, text, force=True)
        if self.drafts is not None:
            self.drafts.saved(path.resolve(), game.id)
        return 200, {"saved": str(path), "file": path.name, "version": version_of(on_disk(path)), "problems": []}

    def clash(self, game: Game[Any, Any], read: _Read, version: object) -> tuple[str, list[str]] | None:
        """Why saving `read` over the game's file would lose something, and what; None if nothing."""
        path = self.desk.targets[game.id]
        theirs = self.file(game.id)
        if theirs["version"] is None:  # no file (or removed since): nothing to lose
            return None
        t, file = self.t, path.name
        if theirs["holds"] not in (game.id, None):
            other = self.title(GAMES[str(theirs["holds"])])
            return (t("desk.page.server.holds_other", file=file, other=other, game=self.title(game)),
                    [t("desk.page.server.lost_game", file=file, other=other)])
        if "unreadable" in theirs:
            return t("desk.page.server.unreadable_now", file=file), [t("desk.page.server.lost_text", file=file)]
        if theirs["version"] == version:
            return None
        mine = self.opening(game, game.dumps(read.position), str(path))["document"]  # both as the game writes them
        return t("desk.page.server.changed", file=file), differences(self.normal(game, theirs), mine, t)

    def normal(self, game: Game[Any, Any], opening: Json) -> object:
        """A file's document as the game writes it again, so that it compares with the page's."""
        read = self.read(game, opening["document"])
        if read.problems or read.position is None:
            return opening["document"]
        return self.opening(game, game.dumps(read.position), "")["document"]

    def draft_file(self, game_id: object, file: object) -> Path:
        """The file a draft is kept for: `file` (a name the page holds, as a save has named it)
        beside the game's file, as an absolute path; only ever a key, never read."""
        game = self.game(game_id)
        if not isinstance(file, str) or not file or file != Path(file).name or file in (".", "..") or "\\" in file \
                or "\0" in file or len(file) > 255:
            raise Refused(400, "'file' names the file the draft is for, without a folder")
        return self.desk.targets[game.id].resolve().parent / file

    def store(self) -> Drafts:
        if self.drafts is None:
            raise Refused(404, "this desk keeps no drafts: the page keeps them in the browser")
        return self.drafts

    def drafts_of(self, game_id: object, file: object) -> Json:
        """The drafts kept for a game's file, the newest first."""
        return {"drafts": self.store().list(self.draft_file(game_id, file))}

    def keep(self, request: Json) -> Json:
        """A tab's draft kept (see `pnp.desk.drafts`)."""
        from pnp.desk.drafts import draft_of

        store, path = self.store(), self.draft_file(request.get("game"), request.get("file"))
        store.put(path, draft_of(request.get("tab"), request))
        return {"kept": True}

    def forget(self, request: Json) -> Json:
        """A tab's draft removed: saved, or discarded."""
        self.store().forget(self.draft_file(request.get("game"), request.get("file")), request.get("tab"))
        return {"kept": False}

    def pictured(self, game_id: object) -> Game[Any, Any]:
        """The game named, refused (404) unless it has a score picture."""
        game = self.game(game_id)
        if not isinstance(game, ScorePicture):
            raise Refused(404, self.t("desk.page.server.no_picture", game=self.title(game)))
        return game

    def picture(self, request: Json) -> ScoreSheet:
        """What the score picture shows, for `draw_picture` to draw."""
        game = self.pictured(request.get("game"))
        read = self.read(game, request.get("document"))
        if read.problems or read.position is None:
            raise Refused(422, self.t("desk.page.server.fix_first", count=len(read.problems)))
        return ScoreSheet(game.id, game.evaluate(read.position), self.t("desk.page.server.picture_title", game=self.title(game)),
                          self.t.lang)

    def upload(self, name: str, raw: bytes) -> Json:
        """A transcription or a set-up opened from the page: read, never stored."""
        from pnp import yamldoc

        if not name.lower().endswith(UPLOAD_TYPES):
            raise Refused(415, self.t("desk.page.server.not_yaml", name=name, types=self.t.join(UPLOAD_TYPES)))
        if len(raw) > MAX_UPLOAD:
            raise Refused(413, self.t("desk.page.server.too_large", name=name, most=MAX_UPLOAD // 1024))
        try:
            text = raw.decode("utf-8")
            data = yamldoc.load(text, name)
        except UnicodeDecodeError:
            raise Refused(415, self.t("desk.page.server.not_utf8", name=name)) from None
        except InputError as error:
            raise Refused(422, "; ".join(self.said(p.message) for p in error.problems)) from None
        game_id = data.get("game") if isinstance(data, dict) else None
        if game_id not in GAMES:
            raise Refused(422, self.t("desk.page.server.names_no_game", name=name, games=self.t.join(GAMES)))
        if game_id not in self.desk.targets:
            saves = self.t.join(self.title(GAMES[g]) for g in self.desk.targets)
            raise Refused(422, self.t("desk.page.server.other_desk", saves=saves, game=self.title(GAMES[game_id])))
        target = self.file(game_id)  # Save writes there: the page saves over the file as it is now
        return {**self.opening(GAMES[game_id], text, name), "version": target["version"], "holds": target["holds"]}

    def scan(self, game_id: object, document: object, photo: bytes, photo_name: str, fields: Mapping[str, str],
             setup: tuple[bytes, str] | None = None) -> Json:
        """A photo read into the position (with its set-up photo and its name, if any): the filled
        position and its unsure places, never stored. The game's scan options that are text come
        from the page's `fields` of their names."""
        from pnp import yamlout

        game = self.game(game_id)
        if not isinstance(game, PhotoReader):
            raise Refused(404, self.t("desk.page.server.no_scan", game=self.title(game)))
        kind = options_of(game, "scan")
        options = kind(**{p.name: fields[p.name] for p in params(kind) if p.type is str and fields.get(p.name)})
        try:
            reading = game.scan(yamlout.dumps(checked(document), flow=False), self.source(game), photo, photo_name,
                                self.desk.lang, options, setup)
        except PnpError as error:
            texts = game.catalog(self.t.lang) if isinstance(game, Texts) else self.t
            raise Refused(422, "; ".join(shown(texts.said(on_the_page(m, texts)), texts) for m in error.messages())) from None
        return {**self.opening(game, reading.text, str(self.desk.targets[game.id])),
                "summary": "\n".join(self.said(line) for line in reading.summary) + "\n",
                "notes": [self.said(note) for note in reading.notes]}

    def script(self, game_id: object) -> str:
        """A game's own editor for the page; a game without one is edited with the generic one."""
        game = self.game(game_id)
        if not isinstance(game, DeskPage):
            raise Refused(404, f"{game.name} has no page of its own")
        return game.desk_script()
