"""The desk's web application: one page, its assets, and a small JSON API over the game registry.

The page holds a position as the plain data of its transcription (what the YAML file holds) and
posts it on every edit; the server writes it as YAML, reads it with the game's own reader (the
same messages as `pnp check`, each placed at the field it concerns), scores it with the game's
engine, and for a game with a board draws the pieces with the library's pictures. Save writes
the game's own transcription of the position, only to the file the desk was started for.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from pnp.desk.guard import Guard, accepted_hosts
from pnp.errors import InputError, PnpError, Problem
from pnp.games import GAMES
from pnp.games.base import Game
from pnp.inputs import read_text

HERE = Path(__file__).resolve().parent
MAX_BODY = 1024 * 1024  # any request
MAX_UPLOAD = 256 * 1024  # an opened transcription or set-up: a few KiB in practice
UPLOAD_TYPES = (".yaml", ".yml", ".json")
MAX_PHOTO = 32 * 1024 * 1024  # a photo to scan: a phone's JPEG is a few MiB
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


@dataclass
class Desk:
    """What one run of `pnp desk` serves: the file each game saves to, and who may connect."""

    targets: dict[str, Path]  # game id -> the only file Save writes for that game
    opened: Path | None = None  # the transcription the desk was started with, if it exists
    host: str = "127.0.0.1"
    port: int = 0
    token: str | None = None  # required on every request when set
    names: tuple[str, ...] = ()  # host names (besides IP addresses) accepted when serving on all addresses
    boards: OrderedDict[tuple[str, str], str] = field(default_factory=OrderedDict)  # rendered board SVGs

    def game(self, game_id: Any) -> Game:
        if game_id not in self.targets:
            raise _Refused(404, f"this desk has no page for '{game_id}'")
        return GAMES[game_id]


class _Refused(Exception):
    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


def plain(value: Any) -> Any:
    """YAML data (as `yamldoc.load` keeps it: every scalar as its text) as the page edits it:
    unquoted whole numbers as numbers, unquoted nulls as null, everything else as text."""
    from pnp import yamldoc

    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain(item) for item in value]
    if yamldoc.is_null(value):
        return None
    number = yamldoc.integer(value) if isinstance(value, yamldoc.Text) and value.plain else None
    return str(value) if number is None else number


def line_paths(text: str) -> dict[int, tuple[Any, ...]]:
    """For every line of a YAML text written by `yamlout.dumps(..., flow=False)`, the path of the
    value it holds (keys and list indices); lines inside a block of text belong to that text."""
    from pnp import yamldoc

    found: dict[int, tuple[Any, ...]] = {}

    def walk(value: Any, path: tuple[Any, ...]) -> None:
        if isinstance(value, yamldoc.LineDict):
            for key, item in value.items():  # a line holds the key; a value below it, its own items
                found.setdefault(value.key_lines[key], (*path, key))
                walk(item, (*path, key))
                found.setdefault(value.value_lines[key], (*path, key))
        elif isinstance(value, yamldoc.LineList):
            for index, (item, line) in enumerate(zip(value, value.item_lines)):
                found.setdefault(line, (*path, index))
                walk(item, (*path, index))

    walk(yamldoc.load(text, "desk"), ())
    result, last = {}, ()
    for number in range(1, text.count("\n") + 2):
        last = found.get(number, last)
        result[number] = last
    return result


def read_document(game: Game, document: Any, path: Path) -> tuple[str, Any, list[Problem]]:
    """The document as YAML text, the position it holds (None if it has problems), the problems."""
    from pnp import yamlout

    if not isinstance(document, dict):
        raise _Refused(400, "the position must be a JSON object")
    text = yamlout.dumps(document, flow=False)
    try:
        return text, game.parse(text, path, confined=True), []
    except InputError as error:
        return text, None, error.problems
    except PnpError as error:
        return text, None, [Problem(str(path), None, message) for message in error.messages()]


def problems_json(problems: list[Problem], text: str) -> list[dict[str, Any]]:
    paths = line_paths(text) if any(p.line for p in problems) else {}
    return [{"path": list(paths.get(p.line, ())) if p.line else [], "message": p.message} for p in problems]


def create_app(desk: Desk) -> Any:
    import jinja2

    pages = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True)

    async def body(request: Request) -> dict[str, Any]:
        if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
            raise _Refused(415, "send JSON")
        try:
            data = json.loads(await request.body())
        except ValueError:
            raise _Refused(400, "not valid JSON") from None
        if not isinstance(data, dict):
            raise _Refused(400, "send a JSON object")
        return data

    def opening(game: Game, text: str, path: Path) -> dict[str, Any]:
        """What the page needs to show a transcription's text: its data, problems, unsure places."""
        from pnp import yamldoc

        try:
            document = plain(yamldoc.load(text, str(path)))
        except InputError as error:
            raise _Refused(422, "; ".join(p.message for p in error.problems)) from None
        return {"game": game.id, "document": document, "unsure": game.unsure(text)}

    async def page(request: Request) -> Response:
        games = [{"id": g.id, "name": g.name, "file": desk.targets[g.id].name, "has_picture": g.has_picture,
                  "has_board": g.has_board} for g in GAMES.values() if g.id in desk.targets]
        start = None
        if desk.opened is not None:
            try:  # as saved last; a file spoilt meanwhile opens as a new position
                start = opening(GAMES[next(iter(desk.targets))], read_text(desk.opened, str(desk.opened)), desk.opened)
            except (PnpError, _Refused):
                start = None
        html = pages.get_template("page.html").render(data={"games": games, "start": start})
        return HTMLResponse(html, headers=SECURITY_HEADERS)

    async def blank(request: Request) -> Response:
        game = desk.game(request.path_params["game"])
        # The form's defaults, and the fewest allowed where an option has no default (players).
        options = {p.name: p.min for p in game.operations["template"].params if p.required}
        return JSONResponse(opening(game, game.blank_form(**options), desk.targets[game.id]))

    async def evaluate(request: Request) -> Response:
        data = await body(request)
        game = desk.game(data.get("game"))
        path = desk.targets[game.id]
        text, state, problems = read_document(game, data.get("document"), path)
        result = game.evaluate(state) if state is not None else None
        answer: dict[str, Any] = {
            "problems": problems_json(problems, text),
            "summary": game.check_summary(state) if state is not None else None,
            "result": game.report_json(result) if result is not None else None,
            "text": game.report_text(result, explain=True) if result is not None else None,
        }
        if game.has_board:
            answer.update(pictures(game, text, path, result, data, problems))
        return JSONResponse(answer)

    def pictures(game: Game, text: str, path: Path, result: Any, data: dict[str, Any],
                 problems: list[Problem]) -> dict[str, Any]:
        from pnp.render import svg

        board = game.board_picture(text, path)
        if board is None:
            return {"board": None, "pieces": None}
        answer: dict[str, Any] = {"board": {"key": board.key}}
        if (game.id, board.key) not in desk.boards:
            desk.boards[(game.id, board.key)] = svg.render(board.drawing)
            while len(desk.boards) > 8:
                desk.boards.popitem(last=False)
        if data.get("board") != board.key:
            answer["board"].update(width=board.drawing.width, height=board.drawing.height, radius=board.radius,
                                   spots=[[s.name, round(s.x, 2), round(s.y, 2), s.open] for s in board.spots])
        focus = data.get("focus") if isinstance(data.get("focus"), str) else None
        unsure = tuple(str(u) for u in data.get("unsure", ()) if isinstance(u, str))[:400]
        drawing = game.pieces_picture(text, path, result, focus, unsure, tuple(p.message for p in problems))
        answer["pieces"] = svg.render(drawing)
        return answer

    async def board_svg(request: Request) -> Response:
        key = (request.path_params["game"], request.query_params.get("key", ""))
        if key not in desk.boards:
            return Response("no such board drawn yet", 404, media_type="text/plain")
        return Response(desk.boards[key], media_type="image/svg+xml",
                        headers={**SECURITY_HEADERS, "Cache-Control": "private, max-age=3600"})

    async def save(request: Request) -> Response:
        from pnp.outputs import write_file

        data = await body(request)
        game = desk.game(data.get("game"))
        path = desk.targets[game.id]
        text, state, problems = read_document(game, data.get("document"), path)
        if state is None:
            return JSONResponse({"saved": None, "problems": problems_json(problems, text)}, 422)
        unsure = tuple(str(u) for u in data.get("unsure", ()) if isinstance(u, str))
        # The desk was opened on this file (or chose it, new, at start): saving replaces it.
        write_file(path, game.dumps(state, like=text, unsure=unsure), force=True)
        return JSONResponse({"saved": str(path), "problems": []})

    async def picture(request: Request) -> Response:
        from pnp.render import pdf

        data = await body(request)
        game = desk.game(data.get("game"))
        if not game.has_picture:
            raise _Refused(404, f"{game.name} has no picture")
        _, state, problems = read_document(game, data.get("document"), desk.targets[game.id])
        if state is None:
            raise _Refused(422, f"{len(problems)} problems: fix them first")
        return Response(pdf.render([game.picture(game.evaluate(state))], f"{game.name} score"),
                        media_type="application/pdf")

    async def upload(request: Request) -> Response:
        """A transcription or a set-up opened from the page: read, never stored."""
        form = await request.form(max_files=1, max_fields=4)
        item = form.get("file")
        if item is None or isinstance(item, str):
            raise _Refused(400, "no file sent")
        name = item.filename or ""
        if not name.lower().endswith(UPLOAD_TYPES):
            raise _Refused(415, f"'{name}' is not a transcription or set-up: {', '.join(UPLOAD_TYPES)} files only")
        raw = await item.read(MAX_UPLOAD + 1)
        if len(raw) > MAX_UPLOAD:
            raise _Refused(413, f"'{name}' is larger than {MAX_UPLOAD // 1024} KiB; a transcription is a few KiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise _Refused(415, f"'{name}' is not UTF-8 text") from None
        from pnp import yamldoc

        try:
            data = yamldoc.load(text, name)
        except InputError as error:
            raise _Refused(422, "; ".join(p.message for p in error.problems)) from None
        game_id = data.get("game") if isinstance(data, dict) else None
        if game_id not in GAMES:
            raise _Refused(422, f"'{name}' names no game (game: {', '.join(GAMES)})")
        if game_id not in desk.targets:
            raise _Refused(422, f"this desk saves {', '.join(desk.targets)} positions; start 'pnp desk FILE' for a {game_id} one")
        return JSONResponse(opening(GAMES[game_id], text, Path(name)))

    async def scan(request: Request) -> Response:
        """A photo read into the position: the filled position and its unsure places, never stored."""
        import asyncio

        form = await request.form(max_files=1, max_fields=4)
        game = desk.game(form.get("game"))
        if not game.offers("scan"):
            raise _Refused(404, f"{game.name} has no photo scan")
        item, corners = form.get("photo"), form.get("corners") or None
        if item is None or isinstance(item, str):
            raise _Refused(400, "no photo sent")
        if corners is not None and not isinstance(corners, str):
            raise _Refused(400, "corners are text: \"X,Y X,Y X,Y X,Y\"")
        photo = await item.read(MAX_PHOTO + 1)
        if len(photo) > MAX_PHOTO:
            raise _Refused(413, f"the photo is larger than {MAX_PHOTO / 2**20:g} MiB")
        try:
            document = json.loads(str(form.get("document", "")))
        except ValueError:
            raise _Refused(400, "the position is not valid JSON") from None
        from pnp import yamlout

        if not isinstance(document, dict):
            raise _Refused(400, "the position must be a JSON object")
        path, name = desk.targets[game.id], item.filename or "photo"
        try:  # seconds of work: off the event loop, so the page stays served
            reading = await asyncio.to_thread(game.scan, yamlout.dumps(document, flow=False), path, photo, name,
                                              confined=True, corners=corners)
        except PnpError as error:
            raise _Refused(422, "; ".join(error.messages())) from None
        return JSONResponse({**opening(game, reading.text, path), "summary": reading.summary})

    async def game_script(request: Request) -> Response:
        """A game's page script: `desk.js` in its own package, beside the rest of the game."""
        game = desk.game(request.path_params["game"])
        script = Path(game.module("game").__file__).with_name("desk.js")
        return Response(read_text(script, script.name), media_type="text/javascript",
                        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-store"})

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, _Refused)
        return JSONResponse({"error": str(error)}, error.status)

    routes = [
        Route("/", page),
        Route("/api/blank/{game}", blank),
        Route("/api/evaluate", evaluate, methods=["POST"]),
        Route("/api/save", save, methods=["POST"]),
        Route("/api/picture", picture, methods=["POST"]),
        Route("/api/open", upload, methods=["POST"]),
        Route("/api/scan", scan, methods=["POST"]),
        Route("/board/{game}.svg", board_svg),
        Route("/games/{game}.js", game_script),
        Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
        Mount("/fonts", StaticFiles(directory=str(HERE.parent / "render" / "fonts")), name="fonts"),
    ]
    app = Starlette(routes=routes, exception_handlers={_Refused: refused})
    return Guard(app, desk.port, accepted_hosts(desk.host, desk.port, desk.names), desk.token, MAX_BODY, desk.names,
                 {"/api/scan": MAX_PHOTO + MAX_BODY})
