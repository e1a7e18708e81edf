"""`pnp desk --host` prints, below its URL, a QR code of it: read back here with OpenCV's
decoder, it is the URL the desk printed, token included."""

import cv2
import numpy as np
from typer.testing import CliRunner

from pnp.cli.app import app as cli
from pnp.cli.desk import qr_code
from tests.desk.test_api import served  # noqa: F401 (fixture)

# Half blocks: which of a character's two modules (top, bottom) are light. The code is drawn with
# its light modules, as a terminal's text on its dark ground (segno's compact terminal output).
HALVES = {" ": (0, 0), "\u2580": (1, 0), "\u2584": (0, 1), "\u2588": (1, 1)}


def decoded(drawing: str) -> str:
    rows = [line for line in drawing.splitlines() if line and set(line) <= set(HALVES)]
    modules = np.array([[HALVES[c][half] for c in row] for row in rows for half in (0, 1)], dtype=np.uint8) * 255
    picture = cv2.resize(modules, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(picture)
    return text


def test_a_desk_served_to_the_network_prints_its_url_as_a_qr_code(tmp_path, monkeypatch, served):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "--host", "0.0.0.0", "--port", "0", "--no-browser"])
    assert result.exit_code == 0, result.output
    url = result.stdout.splitlines()[0].removeprefix("pnp desk: ")
    assert "?token=" in url
    assert decoded(result.stdout) == url


def test_a_desk_for_this_machine_alone_prints_no_code(tmp_path, monkeypatch, served):  # noqa: F811
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "--port", "0", "--no-browser"])
    assert result.exit_code == 0 and "\u2588" not in result.stdout


def test_a_terminal_without_half_blocks_gets_no_code():
    assert qr_code("http://192.168.1.2:20000/?token=x", "ascii") is None
    assert qr_code("http://192.168.1.2:20000/?token=x", "latin-1") is None
    assert decoded(qr_code("http://192.168.1.2:20000/?token=x", "utf-8")) == "http://192.168.1.2:20000/?token=x"
