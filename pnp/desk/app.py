"""The desk's web application: one page, its assets, and a small JSON API, each route a thin
layer over `DeskService` (what the desk does) turning HTTP into its calls and back.

The event loop only reads requests and sends answers: every call that reads, scores or opens a
position runs in a worker thread, a few at once (the rest wait their turn), and the heavy work,
seconds of Python that would hold the interpreter lock the loop needs, runs in processes
(`aside`): Picture PDFs in a few kept for them, each photo in one of its own, every process
started from a worker thread (the loop does not wait for one to start). A photo beyond the few
read at once is asked to come back (503) on its headers, before its body is received; one let in
is written as it comes to a file of its own, which its process reads (the form parsed, the photo
read): the loop neither holds nor copies the photo.
"""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TypeVar

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pnp.desk.aside import Kept, alone, big_blocks_given_back, picture_aside, scan_aside
from pnp.desk.forms import read_form
from pnp.desk.guard import Guard, TooLarge, accepted_hosts
from pnp.desk.service import MAX_UPLOAD, Desk, DeskService, Refused
from pnp.errors import say
from pnp.games.base import Json
from pnp.inputs import MAX_PHOTO
from pnp.render.i18n import Catalog, render_catalog, shown
from pnp.scan.photo import MAX_PIXELS, MIN_PIXELS

HERE = Path(__file__).resolve().parent
MAX_BODY = 1024 * 1024  # any request but a photo
MAX_SCANS = 2  # photos read at once, each in a process of its own (its decoded photo in memory)
WORKERS = min(max(os.cpu_count() or 1, 2), 8)  # positions read, scored or drawn at once
PAINTERS = min(max((os.cpu_count() or 1) - 1, 1), 4)  # processes scoring and drawing Picture PDFs, started when first asked
SECURITY_HEADERS = {  # besides those `with_headers` puts on every answer
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; "
                               "base-uri 'none'; frame-ancestors 'none'; form-action 'none'",
}
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


async def body_of(request: Request) -> bytearray:
    """A form's whole body, received as it comes (the guard bounds it), into one buffer of the
    length announced: a buffer grown chunk by chunk would be moved ever larger, leaving the
    process's heap in pieces it keeps."""
    length = request.headers.get("content-length", "")
    body, at = bytearray(int(length) if length.isdigit() else 0), 0
    async for chunk in request.stream():
        body[at:at + len(chunk)] = chunk
        at += len(chunk)
    del body[at:]  # (a body sent in chunks, with no length: grown as it came)
    return body


@asynccontextmanager
async def received(request: Request) -> AsyncIterator[str]:
    """A photo's form, written to a temporary file of its own as it comes (the guard bounds it),
    for its process to read: the request loop never holds the body whole, nor copies it. The file
    is removed once done with, whatever the end (the photo read or refused, the client gone)."""
    import tempfile

    name = None
    try:
        try:
            handle, name = tempfile.mkstemp(prefix="pnp-desk-", suffix=".form")  # readable by this user alone
            with open(handle, "wb") as file:
                async for chunk in request.stream():
                    file.write(chunk)  # into the page cache: about 0.1 ms per 256 KiB
        except OSError as error:  # a disk full, a temporary folder gone
            raise Refused(507, say("desk.page.server.not_kept", reason=error.strerror)) from None
        yield name
    finally:
        if name is not None:
            os.unlink(name)


class Routes:
    """The desk's handlers over one service, and the limits they share: worker threads for the
    calls that read, score or open a position, kept processes for Picture PDFs, and a count of
    the photos being read."""

    def __init__(self, service: DeskService) -> None:
        import threading

        import jinja2
        from anyio import CapacityLimiter

        self.service = service
        self.workers, self.painters = CapacityLimiter(WORKERS), Kept(PAINTERS)
        self.scans = threading.BoundedSemaphore(MAX_SCANS)  # taken without waiting: a photo is never queued
        self.pages = jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True)

    def table(self) -> list[Route | Mount]:
        return [
            Route("/", self.page),
            Route("/api/file/{game}", self.file),
            Route("/api/evaluate", self.evaluate, methods=["POST"]),
            Route("/api/save", self.save, methods=["POST"]),
            Route("/api/drafts/{game}", self.drafts),
            Route("/api/drafts", self.keep, methods=["POST"]),
            Route("/api/drafts/forget", self.forget, methods=["POST"]),
            Route("/api/picture", self.picture, methods=["POST"]),
            Route("/api/open", self.upload, methods=["POST"]),
            Route("/api/scan", self.scan, methods=["POST"]),
            Route("/board/{game}.svg", self.board_svg),
            Route("/address.svg", self.address_svg),
            Route("/games/{game}.js", self.game_script),
            Mount("/static", StaticFiles(directory=str(HERE / "static")), name="static"),
            Mount("/fonts", StaticFiles(directory=str(HERE.parent / "render" / "fonts")), name="fonts"),
        ]

    async def worked(self, call: Callable[..., T], *args: object) -> T:
        """`call(*args)` in a worker thread, once one is free."""
        from anyio import to_thread

        return await to_thread.run_sync(call, *args, limiter=self.workers)

    async def page(self, request: Request) -> Response:
        from pnp.desk.words import page_text

        t = self.service.t
        data = {"games": self.service.games(), "start": self.service.start(), "drafts": self.service.drafts is not None,
                "resumed": self.service.desk.resumed, "shared": self.service.desk.address is not None,
                "limits": {"photo": MAX_PHOTO, "pixels": [MIN_PIXELS, MAX_PIXELS]},
                "lang": t.lang, "text": page_text(t.lang)}
        page = self.pages.get_template("page.html").render(data=data, lang=t.lang, dir="rtl" if t.rtl else "ltr",
                                                            t=lambda key, **values: t(f"desk.page.{key}", **values))
        return HTMLResponse(page, headers=SECURITY_HEADERS)

    async def file(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.service.file, request.path_params["game"]))

    async def evaluate(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.service.evaluate, await json_body(request)))

    async def save(self, request: Request) -> Response:
        status, answer = await self.worked(self.service.save, await json_body(request))
        return JSONResponse(answer, status)

    async def drafts(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.service.drafts_of, request.path_params["game"], request.query_params.get("file")))

    async def keep(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.service.keep, await json_body(request)))

    async def forget(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.service.forget, await json_body(request)))

    async def picture(self, request: Request) -> Response:
        # Scored and drawn in one of a few processes (ended with the loop), as either in a thread
        # would hold the interpreter lock that the loop needs; a game without one refused here.
        data = await json_body(request)
        self.service.pictured(data.get("game"))
        pdf = await self.painters.run(picture_aside, self.aside(), data)
        return Response(pdf, media_type="application/pdf")

    def aside(self) -> Desk:
        """What a process the desk starts needs of it: the files the games save to, as they are
        now, and the page's language."""
        return Desk(dict(self.service.desk.targets), lang=self.service.desk.lang)

    async def upload(self, request: Request) -> Response:
        return JSONResponse(await self.worked(self.uploaded, await body_of(request), request.headers.get("content-type", "")))

    def uploaded(self, body: bytearray, content_type: str) -> Json:
        form = read_form(body, content_type, 4, 1)
        if "file" not in form.files:
            raise Refused(400, "no file sent")
        name, raw = form.files["file"]
        return self.service.upload(name, raw)

    async def scan(self, request: Request) -> Response:
        # Decided on the headers, before any of the photo is received: a photo turned away is
        # neither kept nor parsed (what a client sends of it all the same is dropped as it comes).
        # One let in is written to a file as it comes; a process of its own, given the file and
        # the files the games save to as they are now, parses it, reads the photo and ends: a
        # scan takes seconds, starting a process a fraction of one, and the scanner's memory goes
        # back with it.
        if not self.scans.acquire(blocking=False):
            raise Refused(503, say("desk.page.server.busy"))
        try:
            async with received(request) as form:
                return JSONResponse(await alone(scan_aside, self.aside(), form,
                                                request.headers.get("content-type", ""), MAX_PHOTO))
        finally:
            self.scans.release()

    async def board_svg(self, request: Request) -> Response:
        drawn = self.service.boards.get(request.path_params["game"], request.query_params.get("key", ""))
        if drawn is None:
            return Response("no such board drawn yet", 404, media_type="text/plain")
        return Response(drawn, media_type="image/svg+xml",
                        headers={**SECURITY_HEADERS, "Cache-Control": "private, max-age=3600"})

    async def address_svg(self, request: Request) -> Response:
        """The desk's address, token included, as a QR code for a phone's camera (the page of a
        desk served to the network shows it): dark on light whatever the page's colours, as a
        camera reads best."""
        import io

        import segno

        if self.service.desk.address is None:
            return Response("this desk is for this machine alone", 404, media_type="text/plain")
        drawn = io.BytesIO()
        segno.make(self.service.desk.address, error="l").save(drawn, kind="svg", scale=4, border=4, dark="#000",
                                                               light="#fff", xmldecl=False, title="This desk's address")
        return Response(drawn.getvalue(), media_type="image/svg+xml", headers=SECURITY_HEADERS)

    async def game_script(self, request: Request) -> Response:
        return Response(self.service.script(request.path_params["game"]), media_type="text/javascript")


def refusing(t: Catalog) -> Callable[[Request, Exception], Awaitable[Response]]:
    """The answer to a request refused: why, in the page's language (a message worded by key)."""

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, (Refused, TooLarge))
        return JSONResponse({"error": shown(t.said(error.args[0] if error.args else str(error)), t)}, error.status,
                            headers={"Retry-After": "5"} if error.status == 503 else None)

    return refused


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
    big_blocks_given_back()
    refused = refusing(render_catalog(desk.lang))
    app = Starlette(routes=Routes(DeskService(desk)).table(), exception_handlers={Refused: refused, TooLarge: refused})
    return with_headers(Guard(app, desk.port, accepted_hosts(desk.host, desk.port, desk.names), desk.token, MAX_BODY,
                              desk.names, {"/api/scan": 2 * MAX_PHOTO + MAX_BODY}))  # a photo, its set-up photo, the form
