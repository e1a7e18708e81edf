"""The desk in a real headless Chromium: downloads wait for the edits still being evaluated, as
Save does, so that what they hold is the position as it is on the page."""

import yaml

from pnp.desk.service import Desk, DeskService, draw_picture
from tests.desk.browsing import EXAMPLES, download_right_after, open_file


def test_picture_pdf_right_after_an_edit_waits_for_its_evaluation_and_draws_the_edit(page, desk):
    """Picture PDF clicked while the edit's evaluation is held up is asked for only once that
    evaluation is answered, and is the picture of the position with the edit: byte for byte the
    desk's picture of the example with Merchants changed to Lords (pictures are deterministic)."""
    example = EXAMPLES / "first-game.yaml"
    open_file(page, example)
    page.wait_for_selector("#result .winners")
    seen: list[tuple[str, str]] = []  # (what happened, to which API call), in the order the page did it
    page.on("request", lambda request: seen.append(("asked", request.url.rsplit("/", 1)[-1])))
    page.on("response", lambda response: seen.append(("answered", response.url.rsplit("/", 1)[-1])))
    pdf = download_right_after(page, lambda: page.select_option('select[aria-label="card 3"]', "lords"), "#download-pdf")
    asked = seen.index(("asked", "picture"))
    assert ("answered", "evaluate") in seen[:asked], seen  # the picture waited for the edit's evaluation
    assert ("asked", "evaluate") not in seen[asked:], seen  # and no evaluation was still to come
    edited = yaml.safe_load(example.read_text())
    assert edited["cards"] == ["fishermen", "knights", "merchants"]
    edited["cards"][2] = "lords"
    expected = draw_picture(DeskService(Desk(desk[1])).picture({"game": "kingdom-builder", "document": edited}))
    assert pdf.read_bytes() == expected
