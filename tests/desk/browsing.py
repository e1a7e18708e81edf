"""What the desk's browser tests share: a desk served on a free port, a watched page, waits that
the desk's Content Security Policy allows, and the CLI's reading of a saved file."""

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from typer.testing import CliRunner

from pnp.cli.app import app as cli
from pnp.desk.app import Desk, create_app

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"


@contextmanager
def serving(targets: dict[str, Path], opened: Path | None = None, **desk: object) -> Iterator[str]:
    """A desk served on a free port of this machine, as `pnp desk` serves it (`desk`: the rest of
    its `Desk`, such as its store's folder): its URL."""
    import uvicorn

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(Desk(targets, opened, port=port, **desk)), log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        server.should_exit = True
        thread.join(5)


SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 768}}


@contextmanager
def watched(context, url: str, offline: bool = False) -> Iterator:
    """A page of the desk at `url`, its first position shown; it must end with no script error
    (nor, unless the desk is `offline` on purpose, a failed request)."""
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    def failed(request) -> None:
        # A script that fails to load breaks the page as surely as one that throws. A request to
        # the desk, or a picture, that the page's own reload or close cut short (the page makes
        # another request after an answer, and draws the board anew, so one may be on its way)
        # is no failure of the page.
        if not offline and not (request.resource_type in ("fetch", "image") and request.failure == "net::ERR_ABORTED"):
            errors.append(f"{request.url}: {request.failure}")

    page.on("requestfailed", failed)
    page.on("response", lambda response: errors.append(f"{response.url}: {response.status}")
            if response.status >= 400 and response.request.resource_type == "script" else None)
    page.goto(url)
    page.wait_for_selector("#status:not(:empty)")  # the first position is shown
    yield page
    page.close()
    assert errors == [], errors


def cli_json(game_id: str, path: Path) -> dict:
    result = CliRunner().invoke(cli, ["score", game_id, str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def small_controls(page) -> list:
    """The controls shown under 40 px tall (what a finger covers): [name, height] each."""
    return page.evaluate("""() => [...document.querySelectorAll('button, select, input, textarea, .button')]
        .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
        .map(e => [e.getAttribute('aria-label') || e.textContent.trim() || e.type, e.getBoundingClientRect().height])
        .filter(([, height]) => height < 40)""")


def wait_until(page, script: str, seconds: float = 10.0) -> None:
    """Wait for `script` to be true in the page. Playwright's wait_for_function polls by
    evaluating text inside the page, which the desk's Content Security Policy forbids."""
    deadline = time.monotonic() + seconds
    while not page.evaluate(script):
        assert time.monotonic() < deadline, f"still false after {seconds} s: {script}"
        page.wait_for_timeout(50)


def until(page, condition, seconds: float = 10.0) -> None:
    """Wait for `condition()` (in this test, not the page) to hold; Playwright delivers the
    page's events while it waits."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"still not so after {seconds} s"
        page.wait_for_timeout(20)


def open_file(page, path: Path) -> None:
    """Open `path` with Open… and wait until its own first evaluation has been answered. Until
    then the page may show the desk's file, which an earlier test in this module may have saved
    with the same example: a result seen before that is not the opened file's."""
    ended: list[str] = []

    def record(request) -> None:
        ended.append(request.url.rsplit("/", 1)[-1])

    page.on("requestfinished", record)
    page.set_input_files("#open-file", str(path))
    until(page, lambda: "open" in ended and "evaluate" in ended[ended.index("open"):], 30.0)
    page.remove_listener("requestfinished", record)


def tap(page, spots, width, height, name: str) -> None:
    """Click the centre of hex `name` on the board as the page shows it."""
    box = page.locator(".board-frame .over").bounding_box()
    spot = next(s for s in spots if s.name == name)
    page.mouse.click(box["x"] + spot.x / width * box["width"], box["y"] + spot.y / height * box["height"])


def kept(page) -> dict:
    """The position the page keeps in the browser while it has edits not saved."""
    return json.loads(page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('pnp-desk ')).map(k => localStorage.getItem(k))[0]"))["document"]


def cli_json_of(game_id: str, path: Path) -> dict:
    """`pnp score --json` with the command line made now (a game registered by a test included)."""
    from pnp.cli.app import make_app

    result = CliRunner().invoke(make_app(), ["score", game_id, str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def download_right_after(page, edit, button: str) -> Path:
    """Make `edit()` with its evaluation held up, click `button`, and only then let the evaluation
    answer: the file the page downloads."""
    held = []
    page.route("**/api/evaluate", lambda route: held.append(route))
    edit()
    until(page, lambda: held)
    # A picture is drawn in a process at niceness 10: beside the suite's workers and two burners
    # (tests/benchmarks/soak.py) it took over Playwright's default 30 s to come.
    with page.expect_download(timeout=300_000) as download:
        page.click(button)
        for route in held:  # the evaluation answers only after the click
            route.continue_()
        page.unroute("**/api/evaluate")
    return Path(download.value.path())


def save(page) -> None:
    """Save, and wait until the page has taken the desk's answer in: its status says "Saved" anew
    (the text shown before replaced). The answer's arrival is not enough: the page reads it a moment
    later, and a tap made in that moment came before it (a loaded machine runs input first)."""
    said = page.locator("#status").evaluate_handle("status => status.firstChild")
    with page.expect_response("**/api/save") as answer:
        page.click("#save")
    assert answer.value.ok
    until(page, lambda: said.evaluate("text => !text || !text.isConnected") and page.locator("#status").inner_text().startswith("Saved"))
    assert page.locator("#unsaved").is_hidden()
