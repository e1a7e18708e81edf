"""`pnp desk`: the scoring assistant as a page in the browser, served by pnp on this machine.

Starlette and uvicorn are imported only when the command runs, so `pnp --version` stays fast.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional

import typer

from pnp.cli.common import reports_errors
from pnp.cli.localise import VARIABLE, tell
from pnp.errors import OptionError, PnpError, say
from pnp.escape import terminal
from pnp.render.choices import Language
from pnp.render.i18n import render_catalog

if TYPE_CHECKING:
    import socket

LOCAL = ("127.0.0.1", "localhost", "::1")


def targets_for(file: Path | None, folder: Path) -> tuple[dict[str, Path], Path | None]:
    """The file each game saves to, and the transcription to open (None for a new one).

    An existing FILE is opened and saved for its own game; a FILE not yet there is a new game,
    written by whichever game is saved first, in a folder that must be there (a path to a folder
    that is not is taken for a mistyped transcription); without FILE each game saves to a new
    file in `folder`, named after it and chosen now (never overwriting a file that is there)."""
    from pnp import yamldoc
    from pnp.desk.service import free_path
    from pnp.inputs import read_text
    from pnp.games import GAMES

    if file is None:
        return {game_id: free_path(folder, game_id) for game_id in GAMES}, None
    if not os.path.lexists(file):  # a link that leads nowhere is there, and reading it says why
        if not file.parent.is_dir():
            raise PnpError(say("problem.desk.no_folder", file=str(file), folder=str(file.parent)))
        if file.suffix.lower() not in (".yaml", ".yml"):
            raise OptionError([say("problem.desk.not_yaml", file=str(file))])
        return {game_id: file for game_id in GAMES}, None
    data = yamldoc.load(read_text(file, str(file)), str(file))
    game_id = data.get("game") if isinstance(data, dict) else None
    if game_id not in GAMES:
        raise PnpError(say("problem.desk.no_game", file=str(file), games=list(GAMES)))
    return {game_id: file}, file


def resumed(targets: dict[str, Path], folder: Path, state: Path) -> tuple[dict[str, Path], Path | None]:
    """A desk started without a file: each game saves to the file it saved last in `folder`, when
    that is still there and holds that game, rather than to a new one; the game saved last is
    opened first. Also the file opened (None: every game starts a new file)."""
    from pnp.desk.drafts import Drafts

    last, files = Drafts(state).recent(folder.resolve())
    found = {}
    for game_id, path in files.items():
        try:
            if game_id in targets and targets_for(path, folder) == ({game_id: path}, path):
                found[game_id] = path
        except PnpError:  # removed, spoilt or another game's since: a new file, as without a record
            continue
    first = last if last in found else next(iter(found), None)
    if first is None:
        return targets, None
    return {first: found[first], **{g: found.get(g, p) for g, p in targets.items() if g != first}}, found[first]


def usual_port(where: Path) -> int:
    """The port a desk for `where` (its file, or its folder) serves on unless told: the same each
    time, in 20000-29999, from the path's SHA-256."""
    import hashlib

    from pnp.inputs import resolved

    return 20000 + int(hashlib.sha256(str(resolved(where)).encode()).hexdigest(), 16) % 10000


def listening(host: str, port: int | None, where: Path) -> socket.socket:
    """A socket bound where the desk serves: `port`, or when None `where`'s usual port if it is
    free, else any free one."""
    if port is None:
        try:
            return _bound(host, usual_port(where))
        except OSError:
            port = 0
    try:
        return _bound(host, port)
    except OSError as error:
        import errno
        import socket

        if isinstance(error, socket.gaierror) or error.errno == errno.EADDRNOTAVAIL:  # wrong usage
            raise OptionError([say("problem.desk.not_here", host=host, reason=error.strerror)]) from None
        raise PnpError(say("problem.desk.cannot_serve", host=host, port=port, reason=error.strerror)) from None


def _bound(host: str, port: int) -> socket.socket:
    import socket

    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def _address() -> str:
    """This machine's address on its network, for the URL a phone opens (no packet is sent)."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def qr_code(url: str, encoding: str | None) -> str | None:
    """`url` as a QR code in half blocks for a terminal, its light modules drawn (on a terminal's
    dark ground, as its text); None where the terminal's `encoding` has no half blocks."""
    import io

    import segno

    try:
        "\u2580\u2584\u2588".encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return None
    drawn = io.StringIO()
    segno.make(url, error="l").terminal(out=drawn, compact=True)
    return drawn.getvalue()


@reports_errors
def desk(
    file: Optional[Path] = typer.Argument(None, metavar="FILE", help="The transcription to open and save; a new one if it does not exist yet.",
                                          show_default=False),
    port: Optional[int] = typer.Option(None, "--port", min=0, max=65535, show_default=False,
                                       help="Port to serve on; 0: any free one. By default the same port each time "
                                       "for the same FILE (a free one if that is taken), so a restarted desk is "
                                       "at the same address and offers back edits it had not saved."),
    host: str = typer.Option("127.0.0.1", "--host", help="Address to serve on. Only this machine can connect unless "
                             "you give another, such as 0.0.0.0 for a phone on the same network; then the URL "
                             "carries a token, and requests without it are refused."),
    no_browser: bool = typer.Option(False, "--no-browser", help="Do not open the browser; just print the URL."),
    lang: Language = typer.Option(Language.EN, "--lang", help="Language of the messages.", envvar=VARIABLE,
                                  show_envvar=False),
) -> None:
    """Score a game in the browser: tap the hexes, fill in the cards, see the result at once.

    Reads and writes the same transcription files as `pnp check` and `pnp score`.
    """
    import socket
    import webbrowser

    import uvicorn

    from pnp.desk.app import Desk, create_app
    from pnp.desk.drafts import state_folder
    from pnp.desk.guard import new_token

    targets, opened = targets_for(file, Path.cwd())
    state = state_folder()
    if file is None:
        targets, opened = resumed(targets, Path.cwd(), state)
    sock = listening(host, port, file or Path.cwd())
    port = sock.getsockname()[1]
    local = host in LOCAL
    token = None if local else new_token()
    shown = _address() if host in ("0.0.0.0", "::") else host
    url = f"http://{f'[{shown}]' if ':' in shown else shown}:{port}/" + ("" if token is None else f"?token={token}")
    again = opened.name if file is None and opened is not None else None
    desk_ = Desk(targets, opened, host, port, token, names=(socket.gethostname(),), state=state, resumed=again,
                 address=None if local else url, lang=lang.value)
    t = render_catalog(lang.value)
    typer.echo(f"pnp desk: {url}")
    if file is not None and opened is None:
        tell(t, "cli.say.desk.new", file=terminal(str(file)))
    if again is not None:
        tell(t, "cli.say.desk.resumed", file=terminal(again))
    saves = sorted({str(path) for path in targets.values()})
    if len(saves) < 3 or again is not None:
        tell(t, "cli.say.desk.saves", files=t.join(saves))
    else:
        tell(t, "cli.say.desk.saves_new", folder=str(Path.cwd()))
    if not local:
        tell(t, "cli.say.desk.shared")
        code = qr_code(url, sys.stdout.encoding)
        if code:
            tell(t, "cli.say.desk.qr")
            typer.echo(code, nl=False)
    tell(t, "cli.say.desk.stop")
    if not no_browser:
        webbrowser.open(url)
    config = uvicorn.Config(create_app(desk_), log_level="warning", lifespan="off", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])
