"""The desk's photo step through Starlette's test client: a synthetic photo of the example's board
(tools/photos/flat.py) and its four corner hexes give back the position with every
settlement filled in; a bad photo, corners that form no board and a photo too large get the
scanner's message (or a refusal) and change nothing."""

import json
import random
import shutil
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient

import pnp.desk.app as desk_app
from pnp.desk.app import Desk, create_app
from pnp.games import GAMES
from pnp.games.base import Source
from pnp.games.kingdom_builder.transcription import load_board
from pnp import yamlout
from tools.photos.flat import make_photo, played_game

EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"
EXAMPLE = EXAMPLES / "first-game.yaml"
COLOURS = ["orange", "blue", "purple"]  # the kit's colours in order: the example's players declare none
PORT = 8123


@pytest.fixture(scope="module")
def photo():
    document = yaml.safe_load(EXAMPLE.read_text())
    board = load_board(document["boards"], [None] * 4, "test", EXAMPLES)
    pieces = played_game(board, len(COLOURS), random.Random(21), per_player=12)
    return make_photo(board, pieces, COLOURS, 21, size=(1200, 900), level="clean")


@pytest.fixture
def client(tmp_path):
    path = Path(shutil.copy(EXAMPLE, tmp_path / "game.yaml"))
    return TestClient(create_app(Desk({"kingdom-builder": path}, path, port=PORT)), base_url=f"http://127.0.0.1:{PORT}")


def post(client: TestClient, image: bytes, corners: str | None, name: str = "board.jpg"):
    data = {"game": "kingdom-builder", "document": json.dumps(yaml.safe_load(EXAMPLE.read_text()))}
    if corners is not None:
        data["corners"] = corners
    return client.post("/api/scan", data=data, files={"photo": (name, image, "image/jpeg")})


def corner_text(points) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def test_a_photo_and_its_corners_give_the_filled_position(client, photo):
    answer = post(client, photo.encoded(".jpg", 92), corner_text(photo.corners))
    assert answer.status_code == 200, answer.text
    data = answer.json()
    assert data["game"] == "kingdom-builder" and data["summary"].startswith("read 36 settlements")
    # The draft reads as a transcription with exactly the settlements the photo shows (a clean photo:
    # nothing misread, as in the scanner's own tests), cards and players as they were.
    game = GAMES["kingdom-builder"].parse(yamlout.dumps(data["document"], flow=False), Source.of(EXAMPLE))
    assert {cell: key for cell, key in game.settlements} == {cell: str(p + 1) for cell, p in photo.pieces.items()}
    assert game.cards == ("fishermen", "knights", "merchants") and [p.name for p in game.players] == ["Anna", "Boris", "Clara"]
    # The hexes to confirm are the scanner's own, as the page marks them.
    game = GAMES["kingdom-builder"]
    reading = game.scan(EXAMPLE.read_text(), Source.of(EXAMPLE), photo.encoded(".jpg", 92), "board.jpg", "en",
                        game.scan_options(corners=corner_text(photo.corners)))
    assert data["unsure"] == list(reading.unsure)


def test_the_scanners_notes_come_with_the_draft(client, photo):
    """What `pnp scan` says beyond the counts reaches the page as `notes`: none for a photo as
    the tips say; for a game with a white player photographed 1.5 times too bright (light
    terrain clipped white, where a white piece cannot be told from the board), the washed-out
    hexes and what to do."""
    import dataclasses

    import numpy as np

    assert post(client, photo.encoded(".jpg", 92), corner_text(photo.corners)).json()["notes"] == []
    document = yaml.safe_load(EXAMPLE.read_text())
    for player, colour in zip(document["players"], ["orange", "blue", "white"]):
        player["colour"] = colour
    board = load_board(document["boards"], [None] * 4, "test", EXAMPLES)
    white = make_photo(board, played_game(board, 3, random.Random(4)), ["orange", "blue", "white"], 4, size=(1200, 900))
    bright = dataclasses.replace(white, image=np.clip(white.image.astype(np.float32) * 1.5, 0, 255).astype(np.uint8))
    answer = client.post("/api/scan", data={"game": "kingdom-builder", "document": json.dumps(document),
                                            "corners": corner_text(white.corners)},
                         files={"photo": ("board.jpg", bright.encoded(".jpg", 92), "image/jpeg")})
    assert answer.status_code == 200, answer.text
    notes = answer.json()["notes"]
    assert len(notes) == 1 and "washed out to white" in notes[0] and "slide the brightness down" in notes[0], notes


def test_a_bad_photo_or_corners_get_the_scanners_message(client, photo):
    jpeg = photo.encoded(".jpg", 92)
    a1, a20, t1, t20 = photo.corners
    cases = [
        (b"GIF89a not a photo", corner_text(photo.corners), "notes.jpg: not a JPEG or PNG image"),
        (jpeg, corner_text([a1, a20, t20, t1]), "do not form a board"),  # T20 clicked before T1
        (jpeg, "1,2 3,4", "2 points given"),
        (jpeg, None, "no scan markers found in the photo: press on hexes A1, A20, T1 and T20 in it, in that order"),
    ]
    for image, corners, message in cases:
        answer = post(client, image, corners, "notes.jpg")
        assert answer.status_code == 422 and message in answer.json()["error"], answer.text
        assert "--" not in answer.json()["error"]  # in the page's words, not the command line's


@pytest.mark.parametrize("lang, clicked, no_markers", [
    ("ru", "отмеченные клетки: указано 2 точки", "на фото не найдены метки сканирования: нажмите на нём на клетки"),
    ("fa", "خانه‌های کلیک‌شده: ۲ نقطه آمده است", "نشان‌گر اسکن در عکس پیدا نشد: روی شش‌ضلعی‌های"),
])
def test_the_page_words_a_scan_problem_in_its_language(tmp_path, photo, lang, clicked, no_markers):
    # The points the page's user clicked are named as the page names them, in every language:
    # before, only English was reworded, and the Russian page said «--corners: указано 2 точки».
    path = Path(shutil.copy(EXAMPLE, tmp_path / "game.yaml"))
    client = TestClient(create_app(Desk({"kingdom-builder": path}, path, port=PORT, lang=lang)),
                        base_url=f"http://127.0.0.1:{PORT}")
    jpeg = photo.encoded(".jpg", 92)
    for corners, message in (("1,2 3,4", clicked), (None, no_markers)):
        answer = post(client, jpeg, corners)
        assert answer.status_code == 422 and message in answer.json()["error"], answer.text
        assert "--" not in answer.json()["error"]


def test_a_photo_too_large_is_refused_unread(tmp_path, photo, monkeypatch):
    monkeypatch.setattr(desk_app, "MAX_PHOTO", 20_000)
    path = Path(shutil.copy(EXAMPLE, tmp_path / "game.yaml"))
    client = TestClient(create_app(Desk({"kingdom-builder": path}, path, port=PORT)), base_url=f"http://127.0.0.1:{PORT}")
    image = photo.encoded(".jpg", 92)
    assert len(image) > 20_000
    answer = post(client, image, corner_text(photo.corners))
    assert answer.status_code == 413 and "larger than" in answer.text
    # Beyond what any request to the photo step may send, the guard refuses before reading it.
    answer = post(client, image * (2**20 // len(image) + 2), corner_text(photo.corners))
    assert answer.status_code == 413 and "Too large" in answer.text


def test_photos_beyond_the_few_read_at_once_are_asked_to_come_back(tmp_path, photo, monkeypatch):
    """With every reading place taken (none here), a photo is refused with 503 and Retry-After,
    unread, and nothing is changed."""
    monkeypatch.setattr(desk_app, "MAX_SCANS", 0)
    path = Path(shutil.copy(EXAMPLE, tmp_path / "game.yaml"))
    before = path.read_text()
    client = TestClient(create_app(Desk({"kingdom-builder": path}, path, port=PORT)), base_url=f"http://127.0.0.1:{PORT}")
    answer = post(client, photo.encoded(".jpg", 92), corner_text(photo.corners))
    assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
    assert answer.json()["error"] == "busy reading other photos: try again in a few seconds"
    assert path.read_text() == before


def test_a_scan_refused_for_the_position_names_no_path_of_the_server(client, tmp_path):
    """A section outside the folder, and a key given twice, are refused before the photo is read:
    the messages once named the desk's file and folder by their absolute paths; now they name the
    file by its name (game.yaml) and the folder not at all."""
    errors = []
    for spoil in ("board", "key"):
        document = yaml.safe_load(EXAMPLE.read_text())
        if spoil == "board":
            document["boards"][0] = "../../etc/passwd"
        else:
            document["players"][1]["key"] = document["players"][0]["key"]
        data = {"game": "kingdom-builder", "document": json.dumps(document)}
        answer = client.post("/api/scan", data=data, files={"photo": ("board.jpg", b"not read", "image/jpeg")})
        assert answer.status_code == 422
        errors.append(answer.json()["error"])
    assert errors[0] == "game.yaml:3: board '../../etc/passwd': only section files beside the transcription can be used here"
    assert errors[1].startswith("game.yaml:") and "player key '1' is given twice" in errors[1]
    assert not any(str(tmp_path) in error or str(tmp_path.resolve()) in error for error in errors)


def test_a_set_up_photo_is_read_beside_the_photo(client, photo):
    """The page's optional set-up photo (form field `empty`) is read by its scan markers, as
    `pnp scan --empty` reads it: every settlement comes back; one without markers gets the
    page's words for what to do, naming the set-up photo."""
    document = yaml.safe_load(EXAMPLE.read_text())
    board = load_board(document["boards"], [None] * 4, "test", EXAMPLES)
    pieces = played_game(board, len(COLOURS), random.Random(21), per_player=12)
    data = {"game": "kingdom-builder", "document": json.dumps(document), "corners": corner_text(photo.corners)}

    def send(markers: bool):
        before = make_photo(board, pieces, COLOURS, 21, size=(1200, 900), level="clean", markers=markers, setup=True)
        return client.post("/api/scan", data=data, files={"photo": ("board.jpg", photo.encoded(".jpg", 92), "image/jpeg"),
                                                          "empty": ("setup.jpg", before.encoded(".jpg", 92), "image/jpeg")})

    answer = send(markers=True)
    assert answer.status_code == 200, answer.text
    game = GAMES["kingdom-builder"].parse(yamlout.dumps(answer.json()["document"], flow=False), Source.of(EXAMPLE))
    assert {cell: key for cell, key in game.settlements} == {cell: str(p + 1) for cell, p in photo.pieces.items()}
    answer = send(markers=False)
    assert answer.status_code == 422, answer.text
    assert "no scan markers found in the set-up photo: take it with the four" in answer.json()["error"]
