"""The desk's API through Starlette's test client: every game loads, edits, scores and saves what the
CLI reads; bad input gets the messages of `pnp check` at the field they concern; only the file the
desk was started for is written; beyond this machine every request needs the token."""

import json
import shutil
from pathlib import Path

import pytest
import yaml
from starlette.testclient import TestClient
from typer.testing import CliRunner

from pnp.cli.app import app as cli, make_app
from pnp.cli.desk import targets_for
from pnp.desk.app import MAX_BODY, MAX_UPLOAD, Desk, create_app
from pnp.desk.guard import COOKIE
from pnp.errors import PnpError
from pnp.games import GAMES
from pnp.games.base import BundledExample, DeskPage
from tests.readers import reader

EXAMPLES = Path(__file__).resolve().parents[2] / "boards" / "examples"
# The bundled example of each game that has one, as the registry names it.
FILES = {game.id: game.example_file for game in GAMES.values() if isinstance(game, BundledExample)}
PORT = 8123
BASE = f"http://127.0.0.1:{PORT}"


def client_for(path: Path, **desk: object) -> TestClient:
    game_id = yaml.safe_load(path.read_text())["game"]
    return TestClient(create_app(Desk({game_id: path}, path, port=PORT, **desk)), base_url=BASE)


@pytest.fixture
def copy(tmp_path):
    """An example copied where saving it harms nothing; KB's sections resolve from anywhere."""
    def make(game_id: str) -> Path:
        return Path(shutil.copy(EXAMPLES / FILES[game_id], tmp_path / FILES[game_id]))
    return make


def document(game_id: str) -> dict:
    return yaml.safe_load((EXAMPLES / FILES[game_id]).read_text())


def evaluate(client: TestClient, game_id: str, doc: dict, **extra: object) -> dict:
    answer = client.post("/api/evaluate", json={"game": game_id, "document": doc, **extra})
    assert answer.status_code == 200, answer.text
    return answer.json()


def save(client: TestClient, game_id: str, doc: dict, **extra: object):
    """Save as the page does: with the version of the file it loaded."""
    version = client.get(f"/api/file/{game_id}").json()["version"]
    return client.post("/api/save", json={"game": game_id, "document": doc, "version": version, **extra})


def cli_json(game_id: str, path: Path) -> dict:
    result = CliRunner().invoke(cli, ["score", game_id, str(path), "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_every_bundled_example_is_its_games():
    assert FILES and all(yaml.safe_load((EXAMPLES / name).read_text())["game"] == game_id for game_id, name in FILES.items())


@pytest.mark.parametrize("game_id", FILES)
def test_the_page_opens_the_file_and_scores_it_as_the_cli_does(copy, game_id):
    path = copy(game_id)
    client = client_for(path)
    page = client.get("/")
    assert page.status_code == 200 and "default-src 'self'" in page.headers["content-security-policy"]
    start = json.loads(page.text.split('type="application/json">', 1)[1].split("</script>", 1)[0])
    assert start["start"]["document"] == yaml.safe_load(path.read_text())
    found = evaluate(client, game_id, start["start"]["document"])
    assert found["problems"] == [] and found["result"] == cli_json(game_id, path)
    cli_text = GAMES[game_id].report_text(GAMES[game_id].evaluate(GAMES[game_id].load(path)), explain=True)
    assert f"({path})" in cli_text  # the page names the file by its name: no path of the server's
    assert found["text"] == cli_text.replace(f"({path})", f"({path.name})")


def test_a_settlement_tapped_on_an_empty_board_scores(tmp_path):
    # The first-game board with no settlements, then one of Anna's on A12 (flower), whose
    # neighbours are A11 (flower), A13 (water), B12 (canyon) and B13 (water): Fishermen 1 (next to
    # water), Knights 2 (one settlement on her best row), Merchants 0 (it links no two castle or
    # location hexes), castles 0 (no castle next to it). Boris has nothing: 0 everywhere.
    path = tmp_path / "new.yaml"
    client = TestClient(create_app(Desk({"kingdom-builder": path}, port=PORT)), base_url=BASE)
    blank = client.get("/api/file/kingdom-builder").json()["document"]
    doc = {**blank, "cards": ["fishermen", "knights", "merchants"], "settlements": blank["settlements"]}
    empty = evaluate(client, "kingdom-builder", doc)
    assert [p["total"] for p in empty["result"]["players"]] == [0, 0]
    rows = doc["settlements"].split("\n")
    row_a = next(i for i, line in enumerate(rows) if line.rstrip().endswith("# A"))
    tokens = rows[row_a].split()
    tokens[11] = "1"
    rows[row_a] = " ".join(tokens)
    found = evaluate(client, "kingdom-builder", {**doc, "settlements": "\n".join(rows)})
    anna, boris = found["result"]["players"]
    assert anna["gold"] == {"fishermen": 1, "knights": 2, "merchants": 0, "castles": 0} and anna["total"] == 3
    assert boris["total"] == 0 and found["result"]["winners"] == ["Player 1"]


def test_problems_carry_the_messages_of_pnp_check_and_the_field_they_concern(copy, tmp_path):
    path = copy("kingdom-builder")
    client = client_for(path)
    doc = document("kingdom-builder")
    doc["cards"] = ["fishermen", "knigths", "merchants"]
    doc["settlements"] = doc["settlements"].replace(" 3 . 3 . . . . . . 3", " 3 . 3 1 . . . . . 3", 1)  # B4: a castle
    found = evaluate(client, "kingdom-builder", doc)
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump(doc, sort_keys=False))
    checked = CliRunner().invoke(cli, ["check", "kingdom-builder", str(bad)])
    messages = [line.split(": ", 1)[1] for line in checked.stderr.splitlines()]
    assert sorted(p["message"] for p in found["problems"]) == sorted(messages) and len(messages) >= 2
    where = {p["message"].split(" ")[0]: p["path"] for p in found["problems"]}
    assert where["unknown"] == ["cards", 1] and found["result"] is None
    assert ["settlements"] in [p["path"] for p in found["problems"]]
    assert "on B4, a castle hex" in " ".join(messages)
    assert "#C62828" in found["pieces"]  # the hex a problem names is outlined on the board


@pytest.mark.parametrize("game_id", FILES)
def test_an_edit_is_read_once_straight_from_the_pages_data(copy, game_id, monkeypatch):
    # No YAML text between the page and the reader: writing one fails here, and each problem
    # still names its field's path. Before, the page's JSON was dumped to YAML, read by the game,
    # then parsed again to map the problems' lines back to paths.
    from pnp import yamlout

    client = client_for(copy(game_id))
    doc = document(game_id)

    def refused(*args: object, **kwargs: object) -> str:
        raise AssertionError("the page's document went through YAML text")

    monkeypatch.setattr(yamlout, "dumps", refused)
    found = evaluate(client, game_id, {**doc, "sky": "blue", "players": [*doc["players"][:-1], "\x07"]})
    assert found["result"] is None
    paths = {tuple(p["path"]): p["message"] for p in found["problems"]}
    last = len(doc["players"]) - 1
    assert paths == {("players", last): "control character U+0007 in a value; type plain text"}  # refused as read
    found = evaluate(client, game_id, {**doc, "sky": "blue"})
    assert [(p["path"], p["message"]) for p in found["problems"]] == [(["sky"], "unknown field 'sky'")]


def test_choosing_a_card_rings_the_hexes_that_earned_it(copy):
    client = client_for(copy("kingdom-builder"))
    plain = evaluate(client, "kingdom-builder", document("kingdom-builder"))["pieces"]
    knights = evaluate(client, "kingdom-builder", document("kingdom-builder"), focus="knights")["pieces"]
    # Knights pays 2 per settlement on a player's best row: 14, 14 and 8 gold are 7 + 7 + 4 rings.
    assert plain.count('stroke-width="1.1"') == 0 and knights.count('stroke-width="1.1"') == 18
    assert "stroke-dasharray" in evaluate(client, "kingdom-builder", document("kingdom-builder"), unsure=["E7"])["pieces"]


def test_the_board_is_sent_once_and_served_as_svg(copy):
    client = client_for(copy("kingdom-builder"))
    first = evaluate(client, "kingdom-builder", document("kingdom-builder"))["board"]
    assert len(first["spots"]) == 400 and first["spots"][0][0] == "A1"
    again = evaluate(client, "kingdom-builder", document("kingdom-builder"), board=first["key"])["board"]
    assert again == {"key": first["key"]}
    svg = client.get("/board/kingdom-builder.svg", params={"key": first["key"]})
    assert svg.status_code == 200 and svg.headers["content-type"].startswith("image/svg+xml")


@pytest.mark.parametrize("game_id, edit, changed", [
    # Great Wall: Clara's uncovered Nobility in section 3 makes every card there worth 1, so a
    # Gate for Anna makes her two Infantry and the Gate 1 + 1 + 1 = 3.
    ("great-wall", lambda d: d["sections"][2]["cards"].append({"player": "Anna", "card": "gate"}),
     lambda r: r["sections"][2]["success"]["Anna"] == 3),
    # Carolus Magnus: 3 more red (Wanda's clan) in E make white's count there 1 + 3 = 4.
    ("carolus-magnus", lambda d: d["territories"][5]["paladins"].update(red=4),
     lambda r: r["territories"][5]["strength"]["white"] == 4),
])
def test_an_edit_scores_and_saves_what_the_cli_reads(copy, game_id, edit, changed):
    path = copy(game_id)
    client = client_for(path)
    doc = document(game_id)
    edit(doc)
    found = evaluate(client, game_id, doc)
    assert found["problems"] == [] and changed(found["result"])
    saved = save(client, game_id, doc)
    assert saved.status_code == 200 and saved.json()["saved"] == str(path)
    assert cli_json(game_id, path) == found["result"]
    parse = reader(game_id).parse
    assert parse(path.read_text()) == parse(GAMES[game_id].dumps(GAMES[game_id].load(path)))


def test_saving_a_kingdom_builder_game_keeps_its_values_and_hexes_to_check(copy):
    path = copy("kingdom-builder")
    client = client_for(path)
    doc = document("kingdom-builder")
    doc["players"][0]["name"] = "Anna <b>&amp;"
    found = evaluate(client, "kingdom-builder", doc)
    saved = save(client, "kingdom-builder", doc, unsure=["E7"])
    assert saved.status_code == 200
    assert cli_json("kingdom-builder", path) == found["result"]
    assert GAMES["kingdom-builder"].unsure(path.read_text()) == ("E7",)
    reopened = client.get("/").text
    assert "Anna <b>" not in reopened and "Anna \\u003cb\\u003e\\u0026amp;" in reopened  # escaped in the page


@pytest.mark.parametrize("game_id, spoil, path", [
    ("great-wall", lambda d: d["sections"][0]["cards"][1].update(card="infantri"), ["sections", 0, "cards", 1]),
    ("carolus-magnus", lambda d: d["courts"]["Wanda"].update(rde=2), ["courts", "Wanda", "rde"]),
])
def test_bad_input_is_not_saved(copy, game_id, spoil, path):
    file = copy(game_id)
    before = file.read_text()
    client = client_for(file)
    doc = document(game_id)
    spoil(doc)
    found = evaluate(client, game_id, doc)
    assert [p["path"] for p in found["problems"]] == [path] and found["result"] is None
    refused = save(client, game_id, doc)
    assert refused.status_code == 422 and refused.json()["problems"] == found["problems"]
    assert file.read_text() == before


def test_requests_that_are_not_positions_are_refused(copy):
    client = client_for(copy("great-wall"))
    assert client.post("/api/evaluate", json={"game": "great-wall", "document": [1]}).status_code == 400
    assert client.post("/api/evaluate", json={"game": "chess", "document": {}}).status_code == 404
    assert client.post("/api/evaluate", json={"game": "kingdom-builder", "document": {}}).status_code == 404
    assert client.post("/api/evaluate", content="{}", headers={"content-type": "text/plain"}).status_code == 415
    assert client.post("/api/evaluate", content="{", headers={"content-type": "application/json"}).status_code == 400
    found = evaluate(client, "great-wall", {"players": "Anna", "sections": {"a": 1}})
    assert found["result"] is None and len(found["problems"]) >= 2


def test_section_files_outside_the_folder_are_refused_naming_no_path_of_the_server(copy, tmp_path):
    """The refusal once named the desk's folder, an absolute path of the server, to the page."""
    client = client_for(copy("kingdom-builder"))
    secret = tmp_path.parent / "secret.txt"
    secret.write_text("location: tavern\nnot a section but private\n")
    for entry in ("../secret.txt", str(secret), "/etc/passwd@180", "../../etc/passwd"):
        doc = document("kingdom-builder")
        doc["boards"][1] = entry
        found = evaluate(client, "kingdom-builder", doc)
        assert found["problems"] == [{"path": ["boards", 1],
                                      "message": f"board '{entry}': only section files beside the transcription can be used here"}]
        assert "private" not in json.dumps(found)


def test_uploads_are_limited_in_size_and_type(copy):
    client = client_for(copy("kingdom-builder"))
    text = (EXAMPLES / "first-game.yaml").read_bytes()
    opened = client.post("/api/open", files={"file": ("mine.yaml", text, "application/yaml")})
    assert opened.status_code == 200 and opened.json()["document"]["cards"] == ["fishermen", "knights", "merchants"]
    setup = client.post("/api/open", files={"file": ("setup.json", b'{"game": "kingdom-builder", "players": 3}', "application/json")})
    assert setup.status_code == 200 and setup.json()["document"]["players"] == 3
    assert client.post("/api/open", files={"file": ("photo.png", b"\x89PNG", "image/png")}).status_code == 415
    assert client.post("/api/open", files={"file": ("big.yaml", b"#" * (MAX_UPLOAD + 1), "application/yaml")}).status_code == 413
    assert client.post("/api/open", files={"file": ("latin.yaml", "café".encode("latin-1"), "application/yaml")}).status_code == 415
    other = client.post("/api/open", files={"file": ("gw.yaml", (EXAMPLES / FILES["great-wall"]).read_bytes(), "application/yaml")})
    assert other.status_code == 422 and "pnp desk FILE" in other.json()["error"]


def test_request_bodies_are_limited(copy):
    client = client_for(copy("great-wall"))
    big = json.dumps({"game": "great-wall", "document": {"x": "y" * MAX_BODY}})
    assert client.post("/api/evaluate", content=big, headers={"content-type": "application/json"}).status_code == 413

    def chunks():  # no Content-Length: the limit holds while reading
        for _ in range(MAX_BODY // 65536 + 2):
            yield b" " * 65536

    streamed = client.post("/api/evaluate", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413


def test_beyond_this_machine_every_request_needs_the_token(copy):
    path = copy("great-wall")
    desk = Desk({"great-wall": path}, path, host="0.0.0.0", port=PORT, token="s3cret-token")
    client = TestClient(create_app(desk), base_url=f"http://192.168.1.20:{PORT}")
    body = {"game": "great-wall", "document": document("great-wall")}
    assert client.get("/").status_code == 403
    assert client.post("/api/evaluate", json=body).status_code == 403
    assert client.get("/?token=wrong").status_code == 403
    page = client.get("/?token=s3cret-token")
    assert page.status_code == 200 and f"{COOKIE}=s3cret-token" in page.headers["set-cookie"]
    assert client.post("/api/evaluate", json=body).status_code == 200  # the cookie now carries it
    fresh = TestClient(create_app(desk), base_url=f"http://192.168.1.20:{PORT}")
    assert fresh.post("/api/evaluate", json=body, headers={"X-Desk-Token": "s3cret-token"}).status_code == 200
    named = TestClient(create_app(desk), base_url=f"http://evil.example:{PORT}")
    assert named.get("/?token=s3cret-token").status_code == 421  # a rebound name, token or not


def test_only_the_desk_itself_is_answered(copy):
    client = client_for(copy("great-wall"))
    body = {"game": "great-wall", "document": document("great-wall")}
    assert client.get("/", headers={"host": "attacker.example"}).status_code == 421
    assert client.get("/", headers={"host": f"localhost:{PORT}"}).status_code == 200
    assert client.post("/api/evaluate", json=body, headers={"origin": "http://attacker.example"}).status_code == 403
    assert client.post("/api/save", json=body, headers={"sec-fetch-site": "cross-site"}).status_code == 403
    assert client.post("/api/evaluate", json=body, headers={"origin": BASE}).status_code == 200


def test_where_the_desk_saves(tmp_path):
    (tmp_path / "great-wall.yaml").write_text("taken")
    targets, opened = targets_for(None, tmp_path)
    assert opened is None and targets["great-wall"] == tmp_path / "great-wall-2.yaml"
    assert targets["kingdom-builder"] == tmp_path / "kingdom-builder.yaml"
    new = tmp_path / "mine.yaml"
    assert targets_for(new, tmp_path) == ({game_id: new for game_id in GAMES}, None)
    example = EXAMPLES / FILES["carolus-magnus"]
    assert targets_for(example, tmp_path) == ({"carolus-magnus": example}, example)


def test_a_file_that_is_no_transcription_stops_the_desk_before_it_starts(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: [unclosed\n")
    result = CliRunner().invoke(cli, ["desk", str(broken), "--no-browser"])
    assert result.exit_code == 1 and "not valid YAML" in result.stderr
    other = tmp_path / "other.yaml"
    other.write_text("game: chess\n")
    result = CliRunner().invoke(cli, ["desk", str(other), "--no-browser"])
    assert result.exit_code == 1 and "'game:' must name one of" in result.stderr


@pytest.fixture
def served(monkeypatch) -> list[object]:
    """The desks `pnp desk` would serve, recorded instead of served."""
    import uvicorn

    started: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda server, sockets=None: started.append(server))
    return started


def test_a_file_in_no_folder_is_a_mistyped_path_and_no_desk_starts(tmp_path, monkeypatch, served):
    # As the README's `pnp desk boards/examples/first-game.yaml` is typed outside the repository.
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "boards/examples/first-game.yaml", "--no-browser", "--port", "0"])
    assert result.exit_code == 1 and served == [] and list(tmp_path.iterdir()) == []
    assert result.stderr == ("boards/examples/first-game.yaml: no such file, nor folder boards/examples; name a "
                             "transcription, or a new file in a folder that exists to start a new game\n")


def test_a_new_file_in_a_folder_starts_a_new_game_and_says_so(tmp_path, monkeypatch, served):
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli, ["desk", "new.yaml", "--no-browser", "--port", "0"])
    assert result.exit_code == 0 and len(served) == 1
    assert result.stdout.splitlines()[1:3] == ["  new.yaml does not exist: starting a new game", "  saves to new.yaml"]
    assert list(tmp_path.iterdir()) == []  # nothing written until a game is saved
    opened = CliRunner().invoke(cli, ["desk", str(EXAMPLES / FILES["great-wall"]), "--no-browser", "--port", "0"])
    assert opened.exit_code == 0 and "does not exist" not in opened.stdout


def test_the_picture_downloads_as_pdf_where_a_game_has_one(copy):
    client = client_for(copy("kingdom-builder"))
    pdf = client.post("/api/picture", json={"game": "kingdom-builder", "document": document("kingdom-builder")})
    assert pdf.status_code == 200 and pdf.headers["content-type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    wall = client_for(copy("great-wall"))
    assert wall.post("/api/picture", json={"game": "great-wall", "document": document("great-wall")}).status_code == 404


def test_hexes_a_scan_was_unsure_of_are_marked_when_the_file_is_opened(copy):
    path = copy("kingdom-builder")
    path.write_text("# check: E7 (unsure: glare)\n" + path.read_text())
    page = client_for(path).get("/").text
    start = json.loads(page.split('type="application/json">', 1)[1].split("</script>", 1)[0])["start"]
    assert start["unsure"] == ["E7"]


@pytest.mark.parametrize("game_id", [g for g in FILES if isinstance(GAMES[g], DeskPage)])
def test_every_game_page_has_its_script_and_a_blank_position(copy, game_id):
    client = client_for(copy(game_id))
    assert f'<script src="/games/{game_id}.js" defer>' in client.get("/").text
    script = client.get(f"/games/{game_id}.js")
    assert script.status_code == 200 and f'Desk.register("{game_id}"' in script.text
    blank = client.get(f"/api/file/{game_id}")
    assert blank.status_code == 200 and blank.json()["document"]["game"] == game_id


@pytest.fixture
def coin_flip(monkeypatch, tmp_path):
    """A desk started without a file with the toy game registered (its one registry line)."""
    from tests.coin_flip.game import GAME

    monkeypatch.setitem(GAMES, GAME.id, GAME)
    targets, _ = targets_for(None, tmp_path)
    return TestClient(create_app(Desk(targets, port=PORT)), base_url=BASE), targets[GAME.id]


def test_a_game_with_only_check_and_score_gets_the_generic_page(coin_flip):
    client, path = coin_flip
    page = client.get("/")
    assert page.status_code == 200 and "/games/coin-flip.js" not in page.text and '"id": "coin-flip"' in page.text
    assert client.get("/games/coin-flip.js").status_code == 404  # the page asks for none; asked, no 500
    blank = client.get("/api/file/coin-flip")
    assert blank.status_code == 200 and blank.json()["document"] == {"game": "coin-flip"}
    doc = {"game": "coin-flip", "calls": {"Anna": "heads", "Boris": "tails"}, "landed": "tails"}
    found = evaluate(client, "coin-flip", doc)
    # Boris called tails, and tails it was.
    assert found["problems"] == [] and found["result"] == {"winners": ["Boris"]} and "board" not in found
    bad = evaluate(client, "coin-flip", {**doc, "landed": "edge"})
    assert bad["problems"] == [{"path": ["landed"], "message": "landed is 'edge', expected heads or tails"}]
    assert client.post("/api/save", json={"game": "coin-flip", "document": doc}).json()["saved"] == str(path)
    checked = CliRunner().invoke(make_app(), ["score", "coin-flip", str(path), "--json"])
    assert json.loads(checked.stdout) == {"winners": ["Boris"]}
    assert client.post("/api/picture", json={"game": "coin-flip", "document": doc}).status_code == 404


def test_two_tabs_on_one_file_the_later_save_is_refused_and_says_what_it_would_lose(copy):
    """Tab A removes Clara's settlement on A10 and saves; tab B, opened before, changes a card and
    saves: refused (409), naming the row A that tab A changed, and A's save is still in the file."""
    path = copy("kingdom-builder")
    client = client_for(path)
    opened = client.get("/api/file/kingdom-builder").json()
    a, b = document("kingdom-builder"), document("kingdom-builder")
    row_a = a["settlements"].splitlines()[2]
    a["settlements"] = a["settlements"].replace(row_a, row_a.replace(". 3 .", ". . .", 1))  # A10 was Clara's (3)
    b["cards"][1] = "miners"
    body = {"game": "kingdom-builder", "version": opened["version"]}
    saved = client.post("/api/save", json={**body, "document": a})
    assert saved.status_code == 200 and saved.json()["version"] != opened["version"]
    after_a = path.read_text()
    refused = client.post("/api/save", json={**body, "document": b})
    assert refused.status_code == 409 and path.read_text() == after_a
    answer = refused.json()
    assert answer["error"] == "first-game.yaml has changed since this page opened it"
    # What overwriting loses, as the game writes the file (terrain letters where no one built): the
    # card tab B changed, and row A as tab A saved it, A10 a forest (T) again, not Clara's (3).
    assert answer["conflict"]["lost"] == [
        "cards › 2: knights (here: miners)",
        "settlements, line 3: D D D D F F F F F T F F W W 1 1 F M M 1  # A "
        "(here: D D D D F F F F F 3 F F W W 1 1 F M M 1  # A)"]
    # Under a new name: a new file beside it, the one later saves write; the first is untouched.
    beside = client.post("/api/save", json={**body, "document": b, "as_new": True})
    assert beside.status_code == 200 and beside.json()["file"] == "first-game-2.yaml"
    assert path.read_text() == after_a and cli_json("kingdom-builder", path.parent / "first-game-2.yaml")
    assert client.get("/api/file/kingdom-builder").json()["document"]["cards"][1] == "miners"
    # Overwrite, once asked for: the page's position replaces the file.
    forced = client.post("/api/save", json={**body, "document": a, "overwrite": True})
    assert forced.status_code == 200 and (path.parent / "first-game-2.yaml").read_text() == after_a


def test_a_new_file_holding_one_game_is_not_replaced_by_another_and_reloads_as_saved(tmp_path):
    """`pnp desk new.yaml`: a Kingdom Builder position saved, then a Great Wall one saved to the
    same file: refused (409) until overwriting is asked for; a reload shows what was saved."""
    path = tmp_path / "new.yaml"
    targets, _ = targets_for(path, tmp_path)
    client = TestClient(create_app(Desk(targets, port=PORT)), base_url=BASE)
    kb = client.get("/api/file/kingdom-builder").json()
    assert kb["version"] is None and kb["holds"] is None  # no file yet
    doc = {**kb["document"], "cards": ["fishermen", "knights", "merchants"]}
    assert client.post("/api/save", json={"game": "kingdom-builder", "document": doc, "version": None}).status_code == 200
    saved = path.read_text()
    start = json.loads(client.get("/").text.split('type="application/json">', 1)[1].split("</script>", 1)[0])["start"]
    assert start["game"] == "kingdom-builder" and start["document"]["cards"] == ["fishermen", "knights", "merchants"]
    gw = client.get("/api/file/great-wall").json()  # a blank Great Wall form; the file holds the other game
    assert gw["holds"] == "kingdom-builder" and gw["document"]["game"] == "great-wall"
    example = document("great-wall")
    refused = client.post("/api/save", json={"game": "great-wall", "document": example, "version": gw["version"]})
    assert refused.status_code == 409 and path.read_text() == saved
    assert refused.json()["conflict"]["lost"] == ["the Kingdom Builder game saved in new.yaml"]
    assert refused.json()["error"] == "new.yaml holds a Kingdom Builder game, not this Great Wall of China one"


def test_a_file_spoilt_meanwhile_opens_as_its_problems_and_text(copy):
    path = copy("great-wall")
    client = client_for(path)
    path.write_text("game: great-wall\nplayers: [Anna\n")  # spoilt by hand while the desk runs
    start = json.loads(client.get("/").text.split('type="application/json">', 1)[1].split("</script>", 1)[0])["start"]
    assert start["document"] == yaml.safe_load(GAMES["great-wall"].blank_form("en", None, GAMES["great-wall"].form_options()))  # a blank form to start anew
    assert start["unreadable"]["text"] == "game: great-wall\nplayers: [Anna\n"
    assert len(start["unreadable"]["problems"]) == 1 and start["unreadable"]["problems"][0]["message"]
    # Saving a position over it asks first: its text would be lost.
    refused = client.post("/api/save", json={"game": "great-wall", "document": document("great-wall"),
                                             "version": start["version"]})
    assert refused.status_code == 409 and path.read_text() == "game: great-wall\nplayers: [Anna\n"


def test_a_restarted_desk_serves_at_the_same_address_where_it_can(tmp_path):
    """The port comes from the file's path (20000 + its SHA-256 mod 10000): the same for each run,
    another when that one is taken; `--port` as given."""
    import hashlib

    from pnp.cli.desk import listening

    file = tmp_path / "game.yaml"
    usual = 20000 + int(hashlib.sha256(str(file.resolve()).encode()).hexdigest(), 16) % 10000
    first = listening("127.0.0.1", None, file)
    assert first.getsockname()[1] == usual
    first.close()
    again = listening("127.0.0.1", None, file)
    assert again.getsockname()[1] == usual
    again.listen()  # a desk still running there: the next one takes another port
    other = listening("127.0.0.1", None, file)
    assert other.getsockname()[1] not in (usual, 0)
    other.close()
    with pytest.raises(PnpError, match=f"--port {usual}: cannot serve there"):
        listening("127.0.0.1", usual, file)
    again.close()


ODD = [None, True, -1, 0, 10**30, 2.5, "", "x" * 300, "\u202e<b>&", [], {}, [None], {"": None}, ["fishermen"] * 50]


def mutated(value: object, rng, depth: int = 0) -> object:
    """`value` with some of its parts replaced by values of odd types and sizes."""
    if rng.random() < 0.08 or depth > 6:
        return rng.choice(ODD) if rng.random() < 0.9 else value
    if isinstance(value, dict):
        keys = list(value) + (["extra"] if rng.random() < 0.1 else [])
        return {key: mutated(value.get(key), rng, depth + 1) for key in keys if rng.random() > 0.05}
    if isinstance(value, list):
        items = value + value[:1] * rng.randrange(3)
        return [mutated(item, rng, depth + 1) for item in items if rng.random() > 0.05]
    if isinstance(value, str) and rng.random() < 0.2:
        return value[: rng.randrange(len(value) + 1)] + rng.choice(["", "?", "\n", " 0", "@180", "\u0000"])
    return value


@pytest.mark.parametrize("game_id", FILES)
def test_a_fuzz_of_the_api_gets_answers_never_a_server_error(copy, game_id):
    """Each game's example, mutated at random (seeded), and odd requests around it: every answer
    is a refusal (4xx) or an answer, never a 500 (the test client raises on one)."""
    import random

    rng = random.Random(22)
    client = client_for(copy(game_id))
    for n in range(50):
        doc = mutated(document(game_id), rng)
        extra = {key: rng.choice(ODD + ["A1", ["A1"]]) for key in ("focus", "unsure", "board", "version", "overwrite")
                 if rng.random() < 0.3}
        game = game_id if rng.random() < 0.9 else rng.choice(ODD)
        for path in ("/api/evaluate", "/api/save", "/api/picture"):
            answer = client.post(path, json={"game": game, "document": doc, **extra})
            assert answer.status_code in (200, 400, 404, 409, 422), (path, doc, answer.text)
    for body in ('{"game": ["x"]}', '{"game": "%s", "document": %s}' % (game_id, "[" * 5000 + "]" * 5000),
                 '{"game": "%s", "document": {"a": %s}}' % (game_id, "[" * 40 + "]" * 40), "[]", "null", '"x"'):
        answer = client.post("/api/evaluate", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 400 and answer.json()["error"], body


def test_a_20000_player_position_is_refused_with_a_message(copy):
    client = client_for(copy("kingdom-builder"))
    doc = {**document("kingdom-builder"), "players": [{"key": str(i), "name": f"P{i}"} for i in range(20_000)]}
    answer = client.post("/api/evaluate", json={"game": "kingdom-builder", "document": doc})
    # 20,000 players are 60,000 values with their keys and names: more than any file may hold.
    assert answer.status_code == 400
    assert answer.json()["error"] == "the position holds more than 50000 values; a position holds a few hundred"


def test_the_api_is_never_cached_nor_sniffed(copy):
    client = client_for(copy("great-wall"))
    for answer in (client.get("/"), client.get("/api/file/great-wall"),
                   client.post("/api/evaluate", json={"game": "great-wall", "document": document("great-wall")})):
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["cache-control"] == "no-store" and answer.headers["referrer-policy"] == "no-referrer"
