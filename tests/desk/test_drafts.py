"""The desk's own store of drafts (`pnp.desk.drafts`) through its API: a draft per file and tab,
found by any desk serving that file (whatever its port); bounded in size and count; bad input
refused with a message; no request reaches a file outside the store. And `pnp desk` started
without a file opens the file it saved last in that folder."""

import json
import os
import shutil
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from pnp.cli.desk import resumed, targets_for
from pnp.desk import drafts
from pnp.desk.app import Desk, create_app
from tests.desk.test_api import BASE, EXAMPLES, PORT, document, served  # noqa: F401 (a fixture)

GW = "great-wall-last-round.yaml"


def client(targets: dict, state: Path, port: int = PORT) -> TestClient:
    return TestClient(create_app(Desk(targets, None, port=port, state=state)), base_url=f"http://127.0.0.1:{port}")


def draft(tab: str, at: int = 1_000, **extra: object) -> dict:
    return {"game": "great-wall", "file": GW, "tab": tab, "document": document("great-wall"), "unsure": [],
            "version": None, "at": at, "edits": 3, **extra}


@pytest.fixture
def gw(tmp_path):
    path = Path(shutil.copy(EXAMPLES / GW, tmp_path / GW))
    return {"great-wall": path}, tmp_path / "state"


def stored(state: Path) -> list[Path]:
    return sorted(p for p in state.rglob("*") if p.is_file())


def test_a_draft_per_tab_found_by_a_desk_on_another_port(gw):
    """Two tabs keep a draft each; a desk serving the same file on another port (as `pnp desk
    game.yaml` and `pnp desk` in its folder do) lists both, the newest first; one forgotten
    leaves the other."""
    targets, state = gw
    with client(targets, state) as a:
        assert a.post("/api/drafts", json=draft("tab-a", at=1_000)).json() == {"kept": True}
        assert a.post("/api/drafts", json=draft("tab-b", at=2_000, edits=1)).json() == {"kept": True}
        assert a.post("/api/drafts", json=draft("tab-a", at=3_000)).status_code == 200  # tab A's again: replaced
    with client(targets, state, port=PORT + 1) as b:
        found = b.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]
        assert [(d["tab"], d["at"], d["edits"]) for d in found] == [("tab-a", 3_000, 3), ("tab-b", 2_000, 1)]
        assert found[0]["document"] == document("great-wall")
        assert b.post("/api/drafts/forget", json={"game": "great-wall", "file": GW, "tab": "tab-a"}).status_code == 200
        assert [d["tab"] for d in b.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]] == ["tab-b"]
        # Another file of the same folder has drafts of its own: none.
        assert b.get("/api/drafts/great-wall?file=other.yaml").json()["drafts"] == []


def test_the_store_keeps_hashed_names_inside_its_folder(gw):
    """A file's drafts lie in `drafts/<hash>/<hash>.json` under the state folder and nowhere else;
    the file's path is inside, not in a name."""
    targets, state = gw
    with client(targets, state) as a:
        a.post("/api/drafts", json=draft("tab-a"))
    [kept] = stored(state)
    assert kept.parent.parent == state / "drafts" and len(kept.parent.name) == 32 and len(kept.stem) == 32
    assert json.loads(kept.read_text())["path"] == str(targets["great-wall"].resolve())


@pytest.mark.parametrize("change, message", [
    ({"tab": "../../x"}, "'tab' is 1 to 64 letters"),
    ({"tab": "a" * 65}, "'tab' is 1 to 64 letters"),
    ({"tab": 5}, "'tab' is 1 to 64 letters"),
    ({"file": "../game.yaml"}, "'file' names the file the draft is for, without a folder"),
    ({"file": "/etc/passwd"}, "'file' names the file the draft is for, without a folder"),
    ({"file": ".."}, "'file' names the file the draft is for, without a folder"),
    ({"file": "a\\b.yaml"}, "'file' names the file the draft is for, without a folder"),
    ({"file": None}, "'file' names the file the draft is for, without a folder"),
    ({"document": [1]}, "the position must be a JSON object"),
    ({"unsure": "A1"}, "'unsure' is a list of hexes"),
    ({"version": 3}, "'version' is the file's version or null"),
    ({"at": "now"}, "'at' is when the draft was made"),
    ({"at": True}, "'at' is when the draft was made"),
    ({"edits": -1}, "'edits' is how many edits the draft holds"),
    ({"game": "chess"}, "this desk has no page for 'chess'"),
    ({"history": {"states": [], "at": 0}}, "'history' is up to 50 positions"),
    ({"history": {"states": ["{}"] * 51, "at": 0}}, "'history' is up to 50 positions"),
    ({"history": {"states": ["{}"], "at": 1}}, "'history' is up to 50 positions"),
    ({"history": {"states": ["{}"], "at": True}}, "'history' is up to 50 positions"),
    ({"history": {"states": [{}], "at": 0}}, "'history' is up to 50 positions"),
    ({"history": ["{}"]}, "'history' is up to 50 positions"),
])
def test_bad_drafts_are_refused_with_a_message_and_nothing_kept(gw, change, message):
    targets, state = gw
    with client(targets, state) as a:
        answer = a.post("/api/drafts", json={**draft("tab-a"), **change})
        assert answer.status_code in (400, 404) and answer.json()["error"].startswith(message), answer.text
    assert stored(state) == []


def test_a_draft_keeps_its_edit_history(gw):
    """The steps the page could undo travel with the draft and come back as sent."""
    targets, state = gw
    history = {"states": ['{"a": 1}', '{"a": 2}'], "at": 1}
    with client(targets, state) as a:
        assert a.post("/api/drafts", json=draft("tab-a", history=history)).json() == {"kept": True}
        [found] = a.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]
    assert found["history"] == history


def test_no_request_reads_or_removes_a_file_outside_the_store(gw, tmp_path):
    """A file named with a path, or a tab that would climb out, reaches nothing: a draft planted
    beside the store under the name a path would hash to is never listed, and forgetting with
    such names removes nothing."""
    targets, state = gw
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    with client(targets, state) as a:
        for file in ("../victim.json", str(victim), "victim.json/.."):
            assert a.get(f"/api/drafts/great-wall?file={file}").status_code == 400
            assert a.post("/api/drafts/forget", json={"game": "great-wall", "file": file, "tab": "t"}).status_code == 400
        assert a.post("/api/drafts/forget", json={"game": "great-wall", "file": GW, "tab": "../../victim"}).status_code == 400
        assert a.get("/api/drafts/great-wall").status_code == 400  # no file named
    assert victim.read_text() == "{}"


def test_a_draft_larger_than_the_limit_is_refused(gw, monkeypatch):
    """The limit set 100 bytes above the example's draft as stored: the same draft again is kept,
    one with 60 players' names more (about 14 bytes each) is refused, the first kept as it was."""
    targets, state = gw
    doc = document("great-wall")
    with client(targets, state) as a:
        assert a.post("/api/drafts", json=draft("small", document=doc)).status_code == 200
        [kept] = stored(state)
        monkeypatch.setattr(drafts, "MAX_DRAFT", len(kept.read_bytes()) + 100)
        assert a.post("/api/drafts", json=draft("small", document=doc, at=2_000)).status_code == 200
        big = {**doc, "players": [f"Player {n:03}" for n in range(60)]}
        answer = a.post("/api/drafts", json=draft("big", document=big))
        assert answer.status_code == 413 and "KiB" in answer.json()["error"]
    assert stored(state) == [kept] and json.loads(kept.read_text())["at"] == 2_000


def test_the_store_keeps_the_newest_drafts_per_file_and_in_all(gw, monkeypatch):
    """With room for 3 drafts a file and 4 in all: 5 tabs of one file keep the 3 written last; 2
    drafts of another file then push the oldest of the first file's out (4 in all)."""
    monkeypatch.setattr(drafts, "MOST_PER_FILE", 3)
    monkeypatch.setattr(drafts, "MOST", 4)
    targets, state = gw
    with client(targets, state) as a:
        for n in range(5):
            a.post("/api/drafts", json=draft(f"tab-{n}", at=n))
            spread_times(state)
        assert [d["tab"] for d in a.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]] == ["tab-4", "tab-3", "tab-2"]
        for n in range(2):
            a.post("/api/drafts", json=draft(f"other-{n}", file="other.yaml", at=10 + n))
            spread_times(state)
        assert [d["tab"] for d in a.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]] == ["tab-4", "tab-3"]
        assert len(a.get("/api/drafts/great-wall?file=other.yaml").json()["drafts"]) == 2
    assert len(stored(state)) == 4


def spread_times(state: Path) -> None:
    """Each draft's modification time its `at` (in seconds): the order the store trims by, free
    of the file system's clock resolution."""
    for path in stored(state):
        at = json.loads(path.read_text())["at"]
        os.utime(path, (at, at))


def test_a_spoilt_or_planted_draft_is_skipped(gw):
    """A draft file that is not JSON, or that names another file's path (a hash collision, or
    planted), is not listed; a link in the store is not followed."""
    targets, state = gw
    with client(targets, state) as a:
        a.post("/api/drafts", json=draft("tab-a"))
        [kept] = stored(state)
        (kept.parent / "spoilt.json").write_text("{not json")
        (kept.parent / "planted.json").write_text(json.dumps({**draft("tab-p"), "path": "/elsewhere/great-wall.yaml"}))
        secret = state.parent / "secret.json"
        secret.write_text(json.dumps({**draft("tab-s"), "path": str(targets["great-wall"].resolve())}))
        (kept.parent / "link.json").symlink_to(secret)
        assert [d["tab"] for d in a.get(f"/api/drafts/great-wall?file={GW}").json()["drafts"]] == ["tab-a"]


def test_a_desk_without_a_store_says_so(gw):
    targets, _ = gw
    with TestClient(create_app(Desk(targets, None, port=PORT)), base_url=BASE) as a:
        answer = a.get(f"/api/drafts/great-wall?file={GW}")
        assert answer.status_code == 404 and "in the browser" in answer.json()["error"]


def test_pnp_desk_in_a_folder_opens_the_file_it_saved_last_there(tmp_path):
    """Saved once from a desk started without a file (kingdom-builder.yaml, then great-wall.yaml
    in the same folder): the next desk there saves each game to its file again and opens the one
    saved last; without a record, or with the file gone, a new file as before."""
    state = tmp_path / "state"
    folder = tmp_path / "games"
    folder.mkdir()
    targets, opened = targets_for(None, folder)
    assert resumed(targets, folder, state) == (targets, None)  # nothing saved yet
    with TestClient(create_app(Desk(targets, None, port=PORT, state=state)), base_url=BASE) as a:
        for game_id, example in (("kingdom-builder", "first-game.yaml"), ("great-wall", GW)):
            doc = json.loads(json.dumps(__import__("yaml").safe_load((EXAMPLES / example).read_text())))
            assert a.post("/api/save", json={"game": game_id, "document": doc, "version": None}).status_code == 200
    again, opened = resumed(targets_for(None, folder)[0], folder, state)
    assert opened == folder.resolve() / "great-wall.yaml"
    assert list(again)[:2] == ["great-wall", "kingdom-builder"]
    assert again["kingdom-builder"] == folder.resolve() / "kingdom-builder.yaml"
    assert again["carolus-magnus"] == folder / "carolus-magnus.yaml"  # never saved: a new file
    (folder / "great-wall.yaml").unlink()
    again, opened = resumed(targets_for(None, folder)[0], folder, state)
    assert opened == folder.resolve() / "kingdom-builder.yaml" and again["great-wall"] == folder / "great-wall.yaml"


def test_pnp_desk_says_it_opens_the_file_saved_last_there(tmp_path, monkeypatch, served):  # noqa: F811
    """`pnp desk` in a folder where a desk saved great-wall.yaml: the terminal says it opens that
    file again and saves that game there; the state folder is $XDG_STATE_HOME/pnp."""
    from typer.testing import CliRunner

    from pnp.cli.app import app as cli

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(EXAMPLES / GW, folder / "great-wall.yaml")
    drafts.Drafts(tmp_path / "state" / "pnp").saved((folder / "great-wall.yaml").resolve(), "great-wall")
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(cli, ["desk", "--no-browser", "--port", "0"])
    assert result.exit_code == 0 and len(served) == 1, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "  opens great-wall.yaml again, the game saved last here (pnp desk NEW.yaml starts another)"
    assert lines[2].startswith("  saves to ") and str(folder.resolve() / "great-wall.yaml") in lines[2]


def test_a_store_that_cannot_be_written_says_so_without_its_path(gw):
    """The state folder is a file: the draft is refused (507), the answer names no path."""
    targets, state = gw
    state.write_text("")
    with client(targets, state) as a:
        answer = a.post("/api/drafts", json=draft("tab-a"))
        assert answer.status_code == 507 and str(state) not in answer.text
        assert answer.json()["error"].startswith("the desk could not keep the draft: its state folder cannot be written")
