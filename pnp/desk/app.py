"""The desk's web application: one page, its assets, and a small JSON API, each route a thin
layer over `DeskService` (what the desk does) turning HTTP into its calls and back.

The event loop only reads requests and sends answers: every call that reads, scores or draws a
position runs in a worker thread, a few at once (the rest wait their turn), so that the page and
its assets are served while pictures render; photos, seconds of work and a decoded photo's memory
each, have places of their own, and a photo beyond them is asked to come back (503).
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from starlette.applications import Starlette
from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pnp.desk.guard import Guard, accepted_hosts
from pnp.desk.service import MAX_UPLOAD, Desk, DeskService, Refused
from pnp.games.base import Json
from pnp.games.kingdom_builder.photo import MAX_PIXELS, MIN_PIXELS
from pnp.inputs import MAX_PHOTO

HERE = Path(__file__).resolve().parent
MAX_BODY = 1024 * 1024  # any request but a photo
MAX_SCANS = 2  # photos read at once (each decoded photo holds its pixels in memory)
WORKERS = min(max(os.cpu_count() or 1, 2), 8)  # positions read, scored or drawn at once
SECURITY_HEADERS = {  # besides those `with_headers` puts on every answer
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
}
Handler = Callable[[Request], Awaitable[Response]]
T = TypeVar("T")

__all__ = ["MAX_BODY", "MAX_UPLOAD", "Desk", "create_app"]


async def json_body(request: Request) -> Json:
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise Refused(415, "send JSON")
    try:
        data = json.loads(await request.body())
    except ValueError:
        raise Refused(400, "not valid JSON") from None
    except RecursionError:
        raise Refused(400, "JSON nested too deeply for a position") from None
    if not isinstance(data, dict):
        raise Refused(400, "send a JSON object")
    try:  # JSON may escape half a UTF-16 pair ("\ud800"), which no answer can carry back as text
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(400, "the request holds text that is not valid Unicode") from None
    return data


async def upload_of(request: Request, field: str, limit: int, missing: str) -> tuple[UploadFile, bytes, dict[str, object]]:
    """The one file a form sends in `field`, read up to one byte beyond `limit`, and the form."""
    form = await request.form(max_files=1, max_fields=4)
    item = form.get(field)
    if not isinstance(item, UploadFile):
        raise Refused(400, missing)
    return item, await item.read(limit + 1), dict(form)


def routes(service: DeskService) -> list[Route | Mount]:
    import threading

    import jinja2
    from anyio import CapacityLimiter, to_thread

    workers = CapacityLimiter(WORKERS)
    scans = threading.BoundedSemaphore(MAX_SCANS)  # taken without waiting: a photo is never queued

    async def worked(call: Callable[..., T], *args: object) -> T:
        """`call(*args)` in a worker thread, once one is free."""
        return await to_thread.run_sync(call, *args, limiter=workers)

    pages = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True)

    async def page(request: Request) -> Response:
        data = {"games": service.games(), "start": service.start(), "limits": {"photo": MAX_PHOTO, "pixels": [MIN_PIXELS, MAX_PIXELS]}}
        return HTMLResponse(pages.get_template("page.html").render(data=data), headers=SECURITY_HEADERS)

    async def file(request: Request) -> Response:
        return JSONResponse(await worked(service.file, request.path_params["game"]))

    async def evaluate(request: Request) -> Response:
        return JSONResponse(await worked(service.evaluate, await json_body(request)))

    async def save(request: Request) -> Response:
        status, answer = await worked(service.save, await json_body(request))
        return JSONResponse(answer, status)

    async def picture(request: Request) -> Response:
        return Response(await worked(service.picture, await json_body(request)), media_type="application/pdf")

    async def upload(request: Request) -> Response:
        item, raw, _ = await upload_of(request, "file", MAX_UPLOAD, "no file sent")
        return JSONResponse(await worked(service.upload, item.filename or "", raw))

    async def scan(request: Request) -> Response:
        if not scans.acquire(blocking=False):  # before the photo is parsed and copied
            raise Refused(503, "busy reading other photos: try again in a few seconds")
        try:
            return JSONResponse(await scanned(request))
        finally:
            scans.release()

    async def scanned(request: Request) -> Json:
        item, photo, form = await upload_of(request, "photo", MAX_PHOTO, "no photo sent")
        if len(photo) > MAX_PHOTO:
            raise Refused(413, f"the photo is larger than {MAX_PHOTO / 2**20:g} MiB")
        corners = form.get("corners") or None
        if corners is not None and not isinstance(corners, str):
            raise Refused(400, "corners are text: \"X,Y X,Y X,Y X,Y\"")
        try:
            document = json.loads(str(form.get("document", "")))
        except (ValueError, RecursionError):
            raise Refused(400, "the position is not valid JSON") from None
        return await to_thread.run_sync(service.scan, form.get("game"), document, photo, item.filename or "photo",
                                        corners)  # in a thread of its own: `scans` bounds them

    async def board_svg(request: Request) -> Response:
        drawn = service.boards.get(request.path_params["game"], request.query_params.get("key", ""))
        if drawn is None:
            return Response("no such board drawn yet", 404, media_type="text/plain")
        return Response(drawn, media_type="image/svg+xml",
                        headers={**SECURITY_HEADERS, "Cache-Control": "private, max-age=3600"})

    async def game_script(request: Request) -> Response:
        return Response(service.script(request.path_params["game"]), media_type="text/javascript")

    return [
        Route("/", page),
        Route("/api/file/{game}", file),
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


async def refused(request: Request, error: Exception) -> Response:
    assert isinstance(error, Refused)
    return JSONResponse({"error": str(error)}, error.status, headers={"Retry-After": "5"} if error.status == 503 else None)


def with_headers(app: ASGIApp) -> ASGIApp:
    """Every answer, refusals included, unsniffed, unreferred and uncached unless it says otherwise."""
    always = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]

    async def wrapped(scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in dict(always)]
                if not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-store"))
                message["headers"] = [*headers, *always]
            await send(message)

        await app(scope, receive, sending if scope["type"] == "http" else send)

    return wrapped


def create_app(desk: Desk) -> ASGIApp:
    app = Starlette(routes=routes(DeskService(desk)), exception_handlers={Refused: refused})
    return with_headers(Guard(app, desk.port, accepted_hosts(desk.host, desk.port, desk.names), desk.token, MAX_BODY,
                              desk.names, {"/api/scan": MAX_PHOTO + MAX_BODY}))
