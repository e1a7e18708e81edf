"""`pnp desk --host` prints, below its URL, a QR code of it, and its page shows the same code under
"Open on your phone": read back here with OpenCV's decoder, it is the URL the desk printed, token
included."""

import random
import shutil
import string
from pathlib import Path

import cv2
import numpy as np
import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pnp.cli.app import app as cli
from pnp.cli.desk import qr_code
from tests.desk.browsing import EXAMPLES, SIZES, serving, small_controls, until, watched
from tests.desk.test_browser_access import serious_violations
from tests.desk.test_api import served  # noqa: F401 (fixture)

# Half blocks: which of a character's two modules (top, bottom) are light. The code is drawn with
# its light modules, as a terminal's text on its dark ground (segno's compact terminal output).
HALVES = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


def read(picture: np.ndarray) -> str:
    """The text of the QR code in a grey picture. OpenCV's plain detector misses about 1 code in 30
    of random desk addresses (the token changes each run: a test failing now and then); the ArUco
    based one read all of 400 (test below)."""
    text, _, _ = cv2.QRCodeDetectorAruco().detectAndDecode(picture)
    return text


def decoded(drawing: str) -> str:
    rows = [line for line in drawing.splitlines() if line and set(line) <= set(HALVES)]
    modules = np.array([[HALVES[c][half] for c in row] for row in rows for half in (0, 1)], dtype=np.uint8) * 255
    return read(cv2.resize(modules, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST))


def test_every_address_drawn_is_read_back():
    # 400 addresses with random ports and tokens (seeded): the plain detector missed 13 of them.
    rng = random.Random(1)
    alphabet = string.ascii_letters + string.digits + "-_"
    urls = [f"http://192.0.2.2:{rng.randrange(1024, 65536)}/?token={''.join(rng.choices(alphabet, k=32))}"
            for _ in range(400)]
    assert [url for url in urls if decoded(qr_code(url, "utf-8")) != url] == []


def test_a_desk_served_to_the_network_prints_its_url_as_a_qr_code(tmp_path, monkeypatch, served):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "--host", "0.0.0.0", "--port", "0", "--no-browser"])
    assert result.exit_code == 0, result.output
    url = result.stdout.splitlines()[0].removeprefix("pnp desk: ")
    assert "?token=" in url
    assert decoded(result.stdout) == url
    # Its page shows the same address (the SVG is read back in the browser test below).
    [server] = served
    port, token = int(url.split(":")[2].split("/")[0]), url.split("?token=")[1]
    with TestClient(server.config.app, base_url=f"http://127.0.0.1:{port}") as client:
        assert "Open on your phone" in client.get(f"/?token={token}").text
        assert client.get("/address.svg").headers["content-type"] == "image/svg+xml"


def test_a_desk_for_this_machine_alone_prints_no_code(tmp_path, monkeypatch, served):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "--port", "0", "--no-browser"])
    assert result.exit_code == 0 and "\u2588" not in result.stdout
    [server] = served
    port = int(result.stdout.splitlines()[0].split(":")[3].split("/")[0])
    with TestClient(server.config.app, base_url=f"http://127.0.0.1:{port}") as client:
        # No code on the page (its words are in the page's texts all the same, handed to it once).
        assert 'class="phone-code"' not in client.get("/").text and client.get("/address.svg").status_code == 404


def test_a_terminal_without_half_blocks_gets_no_code():
    assert qr_code("http://192.168.1.2:20000/?token=x", "ascii") is None
    assert qr_code("http://192.168.1.2:20000/?token=x", "latin-1") is None
    assert decoded(qr_code("http://192.168.1.2:20000/?token=x", "utf-8")) == "http://192.168.1.2:20000/?token=x"


ADDRESS = "http://192.168.1.2:20000/?token=t0k-for-the-test"  # as `pnp desk --host 0.0.0.0` prints it


@pytest.fixture
def example(tmp_path) -> Path:
    return Path(shutil.copy(EXAMPLES / "first-game.yaml", tmp_path / "first-game.yaml"))


def test_the_page_of_a_desk_served_to_the_network_shows_its_address_as_a_qr_code(browser, example):
    """Before, the QR code was printed in the terminal only. Now the page of a desk served to the
    network has "Open on your phone", which reveals the same address as a QR code: read back
    from what the browser draws, it is the address printed, token included."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        with serving({"kingdom-builder": example}, example, host="0.0.0.0", token="t0k-for-the-test",
                     address=ADDRESS) as url, watched(context, url + "?token=t0k-for-the-test") as page:
            code = page.locator(".phone-code img")
            assert not code.is_visible()
            page.get_by_text("Open on your phone").click()
            code.wait_for()
            until(page, lambda: code.evaluate("img => img.complete && img.naturalWidth > 0"))
            picture = cv2.imdecode(np.frombuffer(code.screenshot(), np.uint8), cv2.IMREAD_GRAYSCALE)
            assert read(picture) == ADDRESS
    finally:
        context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_the_code_revealed_passes_the_audit(browser, example, size):
    """The code shown, at a phone's size and a laptop's: no serious accessibility finding
    (axe-core; the context bypasses the page's CSP to add it) and, on the phone, no control too
    small for a finger."""
    context = browser.new_context(viewport=SIZES[size], bypass_csp=True)
    try:
        with serving({"kingdom-builder": example}, example, host="0.0.0.0", token="t0k-for-the-test",
                     address=ADDRESS) as url, watched(context, url + "?token=t0k-for-the-test") as page:
            page.wait_for_selector("table.score")
            page.get_by_text("Open on your phone").click()
            page.locator(".phone-code img").wait_for()
            assert serious_violations(page) == []
            if size == "phone":
                assert small_controls(page) == []
    finally:
        context.close()


def test_the_page_of_a_desk_for_this_machine_alone_shows_no_code(browser, example):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        with serving({"kingdom-builder": example}, example) as url, watched(context, url) as page:
            assert page.locator(".phone-code").count() == 0
            assert page.request.get(url + "address.svg").status == 404
    finally:
        context.close()
