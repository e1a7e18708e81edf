"""Who may talk to the desk: an ASGI layer in front of every request.

- The Host header must name the address the desk serves on (a web page whose own name has been
  pointed at this machine, "DNS rebinding", is turned away).
- Beyond this machine a random token is required on every request: in the URL (`?token=`), in the
  `X-Desk-Token` header, or in the cookie set when the URL with the token is opened.
- A request that changes something must come from the desk's own page (its Origin, when the
  browser sends one, is the desk), so another site open in the same browser cannot post to it.
- Request bodies are limited in size, whether or not they announce their length: a body is read
  whole before the request is handed on, except on the paths that take a photo, whose body is
  handed on as it comes (counted, `TooLarge` past its limit), so that the route can answer on the
  headers alone (busy) before any of it is received.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

COOKIE = "pnp_desk"
HEADER = b"x-desk-token"
SAFE_METHODS = ("GET", "HEAD")


class TooLarge(Exception):
    """A photo's body went past its path's limit while the route was receiving it."""

    status = 413


def new_token() -> str:
    return secrets.token_urlsafe(24)


def accepted_hosts(host: str, port: int, names: tuple[str, ...] = ()) -> frozenset[str] | None:
    """Host headers the desk answers to: its own address and port (and `localhost` on this
    machine). None means any IP address or one of `names` (serving on all addresses: the token
    then guards it)."""
    if host in ("0.0.0.0", "::"):
        return None
    shown = f"[{host}]" if ":" in host else host
    hosts = {f"{shown}:{port}"}
    if host in ("127.0.0.1", "::1", "localhost"):
        hosts |= {f"localhost:{port}", f"127.0.0.1:{port}", f"[::1]:{port}"}
    return frozenset(hosts | {f"{name}:{port}" for name in names})


class Guard:
    def __init__(self, app: ASGIApp, port: int, hosts: frozenset[str] | None, token: str | None,
                 max_body: int, names: tuple[str, ...] = (), larger: dict[str, int] | None = None):
        """`max_body`: the most a request may send; `larger`: paths that may send more (a photo)."""
        self.app, self.port, self.hosts, self.token, self.max_body = app, port, hosts, token, max_body
        self.larger = larger or {}
        self.names = frozenset(names) | {"localhost"}

    def host_ok(self, host: str) -> bool:
        if self.hosts is not None:
            return host in self.hosts
        name, _, port = host.rpartition(":")
        if port != str(self.port):
            return False
        if name in self.names:
            return True
        try:
            ipaddress.ip_address(name.strip("[]"))
        except ValueError:
            return False
        return True

    def token_given(self, scope: Scope, headers: dict[bytes, bytes]) -> tuple[bool, bool]:
        """(the token is present and right, it came in the URL)."""
        assert self.token is not None
        from_url = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [""])[0]
        cookie = SimpleCookie()
        try:
            cookie.load(headers.get(b"cookie", b"").decode("latin-1"))
        except Exception:  # a malformed cookie header is simply no token
            cookie = SimpleCookie()
        for candidate, in_url in ((from_url, True), (headers.get(HEADER, b"").decode("latin-1"), False),
                                  (cookie[COOKIE].value if COOKIE in cookie else "", False)):
            if candidate and secrets.compare_digest(candidate.encode(), self.token.encode()):
                return True, in_url
        return False, False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.lower(): v for k, v in scope["headers"]}
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.host_ok(host):
            await _refuse(send, 421, "This desk does not answer to that host name.")
            return
        set_cookie = False
        if self.token is not None:
            ok, set_cookie = self.token_given(scope, headers)
            if not ok:
                await _refuse(send, 403, "This desk needs the token printed when it started: open the URL shown there.")
                return
        if scope["method"] not in SAFE_METHODS:
            origin = headers.get(b"origin", b"").decode("latin-1")
            site = headers.get(b"sec-fetch-site", b"same-origin").decode("latin-1")
            if (origin and origin != f"http://{host}") or site not in ("same-origin", "none"):
                await _refuse(send, 403, "Changes are taken from the desk's own page only.")
                return
        limit = self.larger.get(scope["path"], self.max_body)
        too_large = f"Too large: the desk takes at most {limit // 1024} KiB at once."
        length = headers.get(b"content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _refuse(send, 413, too_large)
            return

        if scope["path"] in self.larger:
            receive = counted(receive, limit, too_large)
        elif scope["method"] not in SAFE_METHODS:  # read it all here: at most `limit` bytes are kept
            chunks: list[bytes] = []  # joined once: adding to bytes would copy the body per chunk
            size = 0
            while True:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                chunks.append(message.get("body", b""))
                size += len(chunks[-1])
                if size > limit:
                    await _refuse(send, 413, too_large)
                    return
                if not message.get("more_body"):
                    break
            receive = replay(b"".join(chunks), receive)
            chunks.clear()

        async def send_with_cookie(message: Message) -> None:
            if set_cookie and message["type"] == "http.response.start":
                value = f"{COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                message["headers"] = [*message.get("headers", []), (b"set-cookie", value.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def counted(receive: Receive, limit: int, too_large: str) -> Receive:
    """`receive`, raising `TooLarge` once more than `limit` bytes of body have come."""
    size = 0

    async def receiving() -> Message:
        nonlocal size
        message = await receive()
        size += len(message.get("body", b""))
        if size > limit:
            raise TooLarge(too_large)
        return message

    return receiving


def replay(whole: bytes, receive: Receive) -> Receive:
    """A body read whole, handed on as one message, then `receive` (for the disconnect)."""
    body: bytes | None = whole

    async def replaying() -> Message:
        nonlocal body
        if body is not None:  # handed over, not kept: the body's bytes are then held by the app alone
            message, body = {"type": "http.request", "body": body, "more_body": False}, None
            return message
        return await receive()

    return replaying


async def _refuse(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
