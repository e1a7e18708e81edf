"""Every route of the desk, sent what a page never sends: odd methods, empty bodies, bytes that are
not UTF-8, text that is not Unicode, JSON nested deep or holding huge numbers, unknown games,
forms without their parts. Each gets an answer or a refusal (4xx, or 503 for a photo asked to
come back), never a server error, and every answer, refusals and static files included, carries
the headers that keep it out of caches, referrers and content sniffing."""

import json
import shutil

import pytest
from starlette.testclient import TestClient

from pnp.desk.app import Desk, create_app
from tests.desk.test_api import BASE, EXAMPLES, FILES, PORT, document

ROUTES = ["/", "/api/evaluate", "/api/save", "/api/picture", "/api/open", "/api/scan", "/api/file/kingdom-builder",
          "/api/file/no-such-game", "/api/file/%FF%FE", "/board/kingdom-builder.svg", "/board/no-such-game.svg",
          "/games/kingdom-builder.js", "/games/no-such-game.js", "/static/desk.js", "/static/desk.css",
          "/static/no-such-file.css", "/static/../app.py", "/fonts/no-such-font.ttf", "/no-such-page"]
BODIES = [b"", b"\xff\xfe\x00 not UTF-8", b"{", b"null", b"[]", b'"x"', b'{"game": "no-such-game"}',
          b'{"game": ["x"], "document": {}}', b'{"game": "\\ud800"}', b'{"game": "kingdom-builder"}',
          b'{"game": "kingdom-builder", "document": null}', b'{"game": "kingdom-builder", "document": "\xff"}',
          b'{"game": "kingdom-builder", "document": {"cards": [1e308, -1e400, 123456789012345678901234567890]}}',
          b'{"game": "kingdom-builder", "document": {}, "focus": "\\udfff", "version": 1e999}',
          b'{"game": "kingdom-builder", "document": ' + b"[" * 50_000 + b"]" * 50_000 + b"}"]
TYPES = ["application/json", "multipart/form-data; boundary=x", "text/plain", None]
HEADERS = {"x-content-type-options": "nosniff", "referrer-policy": "no-referrer"}


@pytest.fixture
def client(tmp_path):
    path = shutil.copy(EXAMPLES / FILES["kingdom-builder"], tmp_path / "game.yaml")
    return TestClient(create_app(Desk({"kingdom-builder": path}, path, port=PORT)), base_url=BASE,
                      raise_server_exceptions=False)


def unsniffed(answer) -> bool:
    return all(answer.headers.get(k) == v for k, v in HEADERS.items()) and "cache-control" in answer.headers


def test_every_route_sent_odd_requests_answers_never_a_server_error(client):
    wrong = []
    # A body matters only where one is read: the other methods are sent one each.
    asked = [("POST", body, kind) for body in BODIES for kind in TYPES]
    asked += [(method, b"{}", "application/json") for method in ("GET", "HEAD", "PUT", "DELETE")]
    for route in ROUTES:
        for method, body, kind in asked:
            answer = client.request(method, route, content=body, headers={"content-type": kind} if kind else {})
            if answer.status_code >= 500 and answer.status_code != 503 or not unsniffed(answer):
                wrong.append((method, route, body[:40], kind, answer.status_code))
    assert wrong == []


def test_text_that_is_not_unicode_is_refused_with_a_message(client):
    """JSON may write half of a UTF-16 pair ("\\ud800"): no character, and no answer quoting it can
    be encoded. Once a game named so, or a Kingdom Builder card focused so, gave 500."""
    doc = document("kingdom-builder")
    for request in ({"game": "\ud800", "document": doc}, {"game": "kingdom-builder", "document": doc, "focus": "\udfff"}):
        for route in ("/api/evaluate", "/api/save", "/api/picture"):
            answer = client.post(route, content=json.dumps(request), headers={"content-type": "application/json"})
            assert answer.status_code == 400, (route, request, answer.text)
            assert answer.json()["error"] == "the request holds text that is not valid Unicode"
    # A whole pair is one character (U+1F600): taken as any other.
    named = {**doc, "players": [{**doc["players"][0], "name": "Anna \U0001F600"}, *doc["players"][1:]]}
    answer = client.post("/api/evaluate", content=json.dumps({"game": "kingdom-builder", "document": named}),
                         headers={"content-type": "application/json"})
    assert answer.status_code == 200 and "Anna \U0001F600" in answer.text


@pytest.mark.parametrize("route, status", [
    ("/static/desk.js", 200), ("/static/desk.css", 200), ("/fonts/no-such-font.ttf", 404), ("/games/kingdom-builder.js", 200),
    ("/no-such-page", 404), ("/api/file/no-such-game", 404)])
def test_static_files_and_errors_carry_the_headers(client, route, status):
    answer = client.get(route)
    assert answer.status_code == status and unsniffed(answer)
    assert answer.headers["cache-control"] == "no-store"


def test_the_guard_s_refusals_carry_the_headers(client):
    refusals = [client.get("/", headers={"host": "elsewhere.example:80"}),  # 421: not this desk's name
                client.post("/api/evaluate", json={}, headers={"origin": "http://elsewhere.example"}),  # 403: another site
                client.post("/api/evaluate", content=b"x" * (2 * 2**20), headers={"content-type": "application/json"}),  # 413
                client.get("/api/evaluate")]  # 405
    assert [a.status_code for a in refusals] == [421, 403, 413, 405]
    for answer in refusals:
        assert unsniffed(answer) and answer.headers["cache-control"] == "no-store"


def test_a_file_of_another_game_is_refused_naming_both_games(client):
    """A desk started on a Kingdom Builder file, sent a Great Wall example: once "this desk saves
    kingdom-builder positions ... for a great-wall one", the games' ids; now their names."""
    other = client.post("/api/open", files={"file": ("gw.yaml", (EXAMPLES / FILES["great-wall"]).read_bytes(), "application/yaml")})
    assert other.status_code == 422
    assert other.json()["error"] == ("this desk saves Kingdom Builder positions; for this Great Wall of China one, "
                                     "start another desk: pnp desk FILE")
